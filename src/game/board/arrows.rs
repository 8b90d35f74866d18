//! Arrows over the board: the hint's suggested move (or a puzzle's or a
//! lesson's), in review of an analysed game the move played beside the
//! best one, and the engine's line's next move while the line is played
//! out over the board. Each is drawn along
//! its path (every hop of a chain), above the pieces; a placement is one
//! disc.

use bevy::prelude::*;

use crate::coach::Grade;
use crate::game::GameSet;
use crate::game::board::view::{BoardLayout, UNIT};
use crate::game::play::analysis::ply_report;
use crate::game::play::hint::HintJob;
use crate::game::play::lesson::LessonSession;
use crate::game::play::match_state::Match;
use crate::game::play::puzzle::PuzzleSession;
use crate::rules::{Move, Point};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ArrowArt>()
        .add_systems(Update, draw_arrows.in_set(GameSet::View));
}

/// What an arrow shows, which gives its colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArrowKind {
    /// The hint's move.
    Hint,
    /// The best move where another was played (analysis).
    Best,
    /// The move played, with its grade (analysis).
    Played(Grade),
    /// The engine's line's next move, by the side that plays it.
    Line(crate::rules::Side),
}

/// An arrow to draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Arrow {
    pub mv: Move,
    pub kind: ArrowKind,
}

/// Meshes and colours of the arrows.
#[derive(Resource)]
struct ArrowArt {
    shaft: Handle<Mesh>,
    head: Handle<Mesh>,
    dot: Handle<Mesh>,
    hint: Handle<ColorMaterial>,
    best: Handle<ColorMaterial>,
    /// The move played, by grade, in the order of [`Grade::ALL`].
    played: [Handle<ColorMaterial>; 5],
    /// The engine's line: the hunters' moves, the crowd's.
    line: [Handle<ColorMaterial>; 2],
}

impl FromWorld for ArrowArt {
    fn from_world(world: &mut World) -> ArrowArt {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let shaft = meshes.add(Rectangle::new(1.0, 1.0));
        let head = meshes.add(Triangle2d::new(
            Vec2::new(0.5, 0.0),
            Vec2::new(-0.5, 0.5),
            Vec2::new(-0.5, -0.5),
        ));
        let dot = meshes.add(Circle::new(0.5));
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let mut colour = |r, g, b| materials.add(Color::srgba(r, g, b, 0.78));
        ArrowArt {
            shaft,
            head,
            dot,
            hint: colour(0.15, 0.55, 0.85),
            best: colour(0.20, 0.70, 0.30),
            played: [
                colour(0.20, 0.70, 0.30),
                colour(0.55, 0.65, 0.45),
                colour(0.90, 0.78, 0.20),
                colour(0.92, 0.52, 0.12),
                colour(0.85, 0.20, 0.15),
            ],
            line: [colour(0.62, 0.36, 0.80), colour(0.20, 0.62, 0.62)],
        }
    }
}

impl ArrowArt {
    fn colour(&self, kind: ArrowKind) -> &Handle<ColorMaterial> {
        match kind {
            ArrowKind::Hint => &self.hint,
            ArrowKind::Best => &self.best,
            ArrowKind::Played(grade) => &self.played[grade as usize],
            ArrowKind::Line(side) => &self.line[side.index()],
        }
    }
}

/// A part of a drawn arrow.
#[derive(Component)]
struct ArrowPart;

/// Drawn above the pieces, below a piece in flight.
const ARROW_Z: f32 = 15.0;

/// The arrows the board shows now: while the engine's line is played out,
/// its next move alone; else the hint's (or the puzzle's or the
/// lesson's); in review (or once the game is over) of an analysed move
/// graded below best, the move played and the best one.
pub fn arrows_to_show(
    the_match: &Match,
    hint: &HintJob,
    puzzle: &PuzzleSession,
    lesson: &LessonSession,
) -> Vec<Arrow> {
    if let Some(preview) = the_match.preview() {
        let side = the_match.shown().side_to_move();
        return preview
            .next_move()
            .map(|mv| Arrow {
                mv,
                kind: ArrowKind::Line(side),
            })
            .into_iter()
            .collect();
    }
    let mut arrows = Vec::new();
    let hinted = hint
        .shown(the_match)
        .map(|h| h.mv)
        .or_else(|| puzzle.active().and_then(|p| p.hint()))
        .or_else(|| lesson.hint());
    if let Some(mv) = hinted {
        arrows.push(Arrow {
            mv,
            kind: ArrowKind::Hint,
        });
    }
    let looking_back = the_match.reviewing().is_some() || the_match.is_over();
    let ply = the_match.shown().ply();
    let report = ply_report(the_match, ply).filter(|_| looking_back);
    // A move graded best needs no other arrow: nothing was better.
    if let Some(report) = report.filter(|r| r.best != r.played && r.grade > Grade::Best)
        && let rules = the_match.game().rules()
        && let (Ok(played), Ok(best)) = (
            rules.parse_move(&report.played),
            rules.parse_move(&report.best),
        )
    {
        arrows.push(Arrow {
            mv: played,
            kind: ArrowKind::Played(report.grade),
        });
        arrows.push(Arrow {
            mv: best,
            kind: ArrowKind::Best,
        });
    }
    arrows
}

fn draw_arrows(
    mut commands: Commands,
    job: Res<HintJob>,
    the_match: Res<Match>,
    (puzzle, lesson): (Res<PuzzleSession>, Res<LessonSession>),
    layout: Res<BoardLayout>,
    art: Res<ArrowArt>,
    old: Query<Entity, With<ArrowPart>>,
    mut drawn: Local<Option<(Vec<Arrow>, BoardLayout)>>,
) {
    let changed = the_match.is_changed()
        || job.is_changed()
        || puzzle.is_changed()
        || lesson.is_changed()
        || layout.is_changed();
    if drawn.is_some() && !changed {
        return;
    }
    let key = (arrows_to_show(&the_match, &job, &puzzle, &lesson), *layout);
    if drawn.as_ref() == Some(&key) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    for arrow in &key.0 {
        let path: Vec<Vec2> = arrow_path(&arrow.mv).map(|p| layout.world(p)).collect();
        draw_arrow(&mut commands, &art, art.colour(arrow.kind), &path);
    }
    *drawn = Some(key);
}

/// Spawns one arrow along `path` (world points).
fn draw_arrow(
    commands: &mut Commands,
    art: &ArrowArt,
    colour: &Handle<ColorMaterial>,
    path: &[Vec2],
) {
    let width = 0.13 * UNIT;
    let mut spawn = |mesh: &Handle<Mesh>, transform: Transform| {
        commands.spawn((
            ArrowPart,
            Name::new("arrow"),
            Mesh2d(mesh.clone()),
            MeshMaterial2d(colour.clone()),
            transform,
            Pickable::IGNORE,
        ));
    };
    if path.len() == 1 {
        // A placement: a ring of dots would clutter; one disc marks the point.
        spawn(
            &art.dot,
            Transform::from_translation(path[0].extend(ARROW_Z))
                .with_scale(Vec3::splat(0.5 * UNIT)),
        );
        return;
    }
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let d = b - a;
        let angle = d.y.atan2(d.x);
        let last = i + 2 == path.len();
        // The last leg stops short where the head begins.
        let head_len = 0.36 * UNIT;
        let start = if i == 0 {
            a + d.normalize() * 0.18 * UNIT
        } else {
            a
        };
        let end = if last {
            b - d.normalize() * head_len
        } else {
            b
        };
        let mid = (start + end) / 2.0;
        let len = (end - start).length();
        spawn(
            &art.shaft,
            Transform::from_translation(mid.extend(ARROW_Z))
                .with_rotation(Quat::from_rotation_z(angle))
                .with_scale(Vec3::new(len, width, 1.0)),
        );
        if !last {
            spawn(
                &art.dot,
                Transform::from_translation(b.extend(ARROW_Z)).with_scale(Vec3::splat(width)),
            );
        } else {
            spawn(
                &art.head,
                Transform::from_translation((b - d.normalize() * head_len / 2.0).extend(ARROW_Z))
                    .with_rotation(Quat::from_rotation_z(angle))
                    .with_scale(Vec3::new(head_len, 0.36 * UNIT, 1.0)),
            );
        }
    }
}

/// The points an arrow passes through: the start, then every landing.
fn arrow_path(mv: &Move) -> impl Iterator<Item = Point> + '_ {
    let start = (!mv.is_placement()).then(|| mv.from());
    start.into_iter().chain(mv.landings())
}
