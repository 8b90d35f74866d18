//! Stacks of crowd pieces (Bagh Batti's goats start five to a point): the
//! top piece of a stack wears a badge with the count, as a pile of counters
//! on a boxed board shows its height, and a stack a piece has just left or
//! been taken from keeps a piece on its point while the animation plays.

use bevy::prelude::*;

use crate::game::board::glyphs::BoardGlyphs;
use crate::game::board::pieces::{Leaving, Piece, PieceArt, PieceAt, shown};
use crate::game::board::tween::Tween;
use crate::game::board::view::{BoardLayout, UNIT};
use crate::game::play::match_state::Match;
use crate::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keep_stacks_standing, badge_stacks)
            .chain()
            .in_set(crate::game::GameSet::View),
    );
}

/// The badge on a stack's top piece: how many pieces the stack holds.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackBadge(pub u32);

/// A stack point whose piece has gone (stepped off, or jumped and taken)
/// while pieces remain under it gets a piece at once: the rest of the
/// stack. A piece that has climbed onto a stack, once it has landed, joins
/// it: one piece shows the stack.
fn keep_stacks_standing(
    mut commands: Commands,
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    art: PieceArt,
    pieces: Query<(Entity, &PieceAt, Has<Tween>), (With<Piece>, Without<Leaving>)>,
) {
    let rules = the_match.game().rules();
    if rules.stack_points().is_empty() {
        return;
    }
    let position = shown(&the_match).position;
    for &p in rules.stack_points() {
        let here: Vec<(Entity, bool)> = (pieces.iter())
            .filter(|(_, at, _)| at.0 == p)
            .map(|(e, _, moving)| (e, moving))
            .collect();
        if position.crowd().contains(p) && here.is_empty() {
            let world = layout.world(p);
            let e = art.spawn(&mut commands, the_match.kind(), Side::Crowd, world);
            commands.entity(e).insert(PieceAt(p));
        }
        if here.len() > 1 && here.iter().all(|&(_, moving)| !moving) {
            for &(e, _) in &here[1..] {
                commands.entity(e).despawn();
            }
        }
    }
}

/// Gives each piece on a stack point a badge with the stack's count, and
/// takes it away when the stack is down to one.
#[allow(clippy::too_many_arguments)]
fn badge_stacks(
    mut commands: Commands,
    the_match: Res<Match>,
    glyphs: Res<BoardGlyphs>,
    mut disc: Local<Option<(Handle<Mesh>, Handle<ColorMaterial>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    pieces: Query<(Entity, &PieceAt, Option<&Children>), Without<Leaving>>,
    badges: Query<&StackBadge>,
) {
    let rules = the_match.game().rules();
    if rules.stack_points().is_empty() {
        return;
    }
    let position = shown(&the_match).position;
    let (mesh, material) = disc
        .get_or_insert_with(|| {
            (
                meshes.add(Circle::new(1.0)),
                materials.add(Color::srgb(0.12, 0.1, 0.08)),
            )
        })
        .clone();
    for (piece, at, children) in &pieces {
        let count = rules.pieces_on(&position, at.0);
        let current = children
            .into_iter()
            .flatten()
            .find_map(|&c| badges.get(c).ok().map(|badge| (c, badge.0)));
        let wanted = (count > 1).then_some(count);
        if current.map(|(_, n)| n) == wanted {
            continue;
        }
        if let Some((badge, _)) = current {
            commands.entity(badge).despawn();
        }
        let Some(n) = wanted else {
            continue;
        };
        let text = n.to_string();
        let size = 0.2 * UNIT;
        let radius = 0.14 * UNIT + 0.05 * UNIT * (text.len() as f32 - 1.0);
        let badge = commands
            .spawn((
                StackBadge(n),
                Name::new(format!("stack of {n}")),
                Transform::from_xyz(0.24 * UNIT, 0.24 * UNIT, 0.5),
                Visibility::default(),
                Pickable::IGNORE,
                children![(
                    Mesh2d(mesh.clone()),
                    MeshMaterial2d(material.clone()),
                    Transform::from_scale(Vec3::splat(radius)),
                    Pickable::IGNORE,
                )],
            ))
            .id();
        for (c, offset) in glyphs.word_offsets(&text, size) {
            let digit = commands
                .spawn((
                    glyphs.label(c, size, Color::WHITE),
                    Transform::from_translation(offset.extend(0.1)),
                    Pickable::IGNORE,
                ))
                .id();
            commands.entity(badge).add_child(digit);
        }
        commands.entity(piece).add_child(badge);
    }
}
