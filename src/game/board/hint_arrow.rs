//! The hint's arrow: the computer's suggested move drawn along its path
//! (every hop of a chain), above the pieces; a placement is one disc.

use bevy::prelude::*;

use crate::game::GameSet;
use crate::game::board::view::{BoardLayout, UNIT};
use crate::game::play::hint::{Hint, HintJob};
use crate::game::play::match_state::Match;
use crate::rules::{Move, Point};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HintArt>()
        .add_systems(Update, draw_hint_arrow.in_set(GameSet::View));
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
            Name::new("hint arrow"),
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
