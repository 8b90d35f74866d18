//! Hints: on request, the computer's suggestion for the side to move,
//! drawn on the board as an arrow along the move's path (every hop of a
//! chain), with its judgement of the position in words.
//!
//! The hint searches in short slices on the main thread (a few milliseconds
//! a frame), so it works the same on the desktop and in the browser and
//! never stalls a frame. Any change to the match drops it.

use bevy::prelude::*;

use super::board_view::{BoardLayout, UNIT};
use super::i18n::Msg;
use super::match_state::Match;
use crate::ai::{Search, SearchLimits, SearchStatus};
use crate::rules::{Move, Point, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HintJob>()
        .init_resource::<HintArt>()
        .add_systems(
            Update,
            (
                drive_hint.in_set(super::GameSet::Ai),
                draw_hint_arrow.in_set(super::GameSet::View),
            ),
        );
}

/// How long a hint thinks, and how much of a frame it may take.
const HINT_THINK_MS: u64 = 1_500;
const HINT_SLICE_MS: u64 = 5;
const HINT_STEP_NODES: u64 = 512;

/// The computer's suggestion for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The match generation it was computed for.
    pub generation: u64,
    pub side: Side,
    pub mv: Move,
    /// From `side`'s point of view, in hundredths of a piece.
    pub score: i32,
    /// Plies to a forced end: positive when `side` wins.
    pub mate_in: Option<i32>,
    pub depth: u32,
}

impl Hint {
    /// The judgement in words: "Bulgars clearly ahead". `with_side` adds
    /// a side's name to a message.
    pub fn judgement(&self, with_side: impl Fn(Msg, Side) -> Msg) -> Msg {
        if let Some(plies) = self.mate_in {
            let winner = if plies > 0 {
                self.side
            } else {
                self.side.other()
            };
            let moves = plies.unsigned_abs().div_ceil(2);
            return with_side(Msg::new("hint-eval-forced").num("moves", moves), winner);
        }
        let (leader, margin) = if self.score >= 0 {
            (self.side, self.score)
        } else {
            (self.side.other(), -self.score)
        };
        let id = match margin {
            0..=24 => return Msg::new("hint-eval-even"),
            25..=79 => "hint-eval-slight",
            80..=249 => "hint-eval-clear",
            _ => "hint-eval-winning",
        };
        with_side(Msg::new(id), leader)
    }
}

/// The hint being computed or shown.
#[derive(Resource, Default)]
pub struct HintJob {
    search: Option<(u64, Side, Search)>,
    result: Option<Hint>,
}

impl HintJob {
    /// Starts a hint for the match's position (replacing any other).
    pub fn request(&mut self, the_match: &Match) {
        self.result = None;
        self.search = (!the_match.is_over()).then(|| {
            let game = the_match.shown();
            (
                the_match.generation(),
                game.side_to_move(),
                Search::with_limits(game, SearchLimits::time(HINT_THINK_MS), 7),
            )
        });
    }
    pub fn is_thinking(&self) -> bool {
        self.search.is_some()
    }
    /// The finished hint, if it is for the match as it is now.
    pub fn shown(&self, the_match: &Match) -> Option<&Hint> {
        self.result
            .as_ref()
            .filter(|h| h.generation == the_match.generation())
    }
    pub fn clear(&mut self) {
        self.search = None;
        self.result = None;
    }
}

fn drive_hint(mut job: ResMut<HintJob>, the_match: Res<Match>) {
    let generation = the_match.generation();
    if job
        .result
        .as_ref()
        .is_some_and(|h| h.generation != generation)
    {
        job.result = None;
    }
    let Some((for_generation, side, search)) = job.search.as_mut() else {
        return;
    };
    if *for_generation != generation {
        job.search = None;
        return;
    }
    let (for_generation, side) = (*for_generation, *side);
    let start = web_time::Instant::now();
    let slice = web_time::Duration::from_millis(HINT_SLICE_MS);
    while start.elapsed() < slice {
        if let SearchStatus::Done(result) = search.step(HINT_STEP_NODES) {
            job.result = Some(Hint {
                generation: for_generation,
                side,
                mv: result.best,
                score: result.score,
                mate_in: result.mate_in(),
                depth: result.depth,
            });
            job.search = None;
            return;
        }
    }
}

/// Meshes and the colour of the hint arrow.
#[derive(Resource)]
struct HintArt {
    shaft: Handle<Mesh>,
    head: Handle<Mesh>,
    dot: Handle<Mesh>,
    colour: Handle<ColorMaterial>,
}

impl FromWorld for HintArt {
    fn from_world(world: &mut World) -> HintArt {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        let shaft = meshes.add(Rectangle::new(1.0, 1.0));
        let head = meshes.add(Triangle2d::new(
            Vec2::new(0.5, 0.0),
            Vec2::new(-0.5, 0.5),
            Vec2::new(-0.5, -0.5),
        ));
        let dot = meshes.add(Circle::new(0.5));
        let colour = world
            .resource_mut::<Assets<ColorMaterial>>()
            .add(Color::srgba(0.15, 0.55, 0.85, 0.78));
        HintArt {
            shaft,
            head,
            dot,
            colour,
        }
    }
}

/// A part of the drawn hint arrow.
#[derive(Component)]
struct HintArrow;

/// Drawn above the pieces, below a piece in flight.
const ARROW_Z: f32 = 15.0;

fn draw_hint_arrow(
    mut commands: Commands,
    job: Res<HintJob>,
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    art: Res<HintArt>,
    old: Query<Entity, With<HintArrow>>,
    mut drawn: Local<Option<(Option<Hint>, BoardLayout)>>,
) {
    let hint = job.shown(&the_match).cloned();
    let key = (hint.clone(), *layout);
    if drawn.as_ref() == Some(&key) {
        return;
    }
    *drawn = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(hint) = hint else { return };
    let path: Vec<Vec2> = hint_path(&hint.mv).map(|p| layout.world(p)).collect();
    let width = 0.13 * UNIT;
    let mut spawn = |mesh: &Handle<Mesh>, transform: Transform| {
        commands.spawn((
            HintArrow,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(art.colour.clone()),
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

/// The points the arrow passes through: the start, then every landing.
fn hint_path(mv: &Move) -> impl Iterator<Item = Point> + '_ {
    let start = (!mv.is_placement()).then(|| mv.from());
    start.into_iter().chain(mv.landings())
}
