//! Piece entities kept in step with the `Match`, the captured tray, and the
//! overlays a player reads: selection, legal targets, the last move.

use bevy::prelude::*;

use super::animation::{Tween, ViewBusy};
use super::board_view::{BoardArt, BoardLayout, UNIT, palette, z};
use super::input::{DragCursor, Selection};
use super::match_state::{Match, MatchReset};
use crate::rules::{GameKind, Point, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (reconcile_pieces, place_pieces, rebuild_overlays)
            .chain()
            .in_set(super::GameSet::View),
    );
}

/// A piece of one side.
#[derive(Component, Clone, Copy, Debug)]
pub struct Piece {
    pub side: Side,
}

/// The point a piece stands on, as far as the view has caught up with the match.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceAt(pub Point);

/// A captured piece in the tray beside the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct TrayPiece(pub usize);

/// A piece on its way out (captured or huffed): not matched against the board.
#[derive(Component)]
pub struct Leaving;

/// The body material of a piece, for tints and fades.
#[derive(Component, Clone)]
pub struct PieceBody(pub Handle<ColorMaterial>);

/// The letter on a piece, for fades.
#[derive(Component)]
pub struct PieceLetter;

/// Selection ring, target dots, last-move marks.
#[derive(Component)]
pub struct Overlay;

/// Spawns a piece of `side` at `at` (world), returning its entity.
pub fn spawn_piece(
    commands: &mut Commands,
    art: &BoardArt,
    materials: &mut Assets<ColorMaterial>,
    game: GameKind,
    side: Side,
    at: Vec2,
) -> Entity {
    let (_, _, letter) = game.piece_names(side);
    let (body, rim, text, radius, mesh) = match side {
        Side::Hunters => (
            palette::HUNTER,
            palette::HUNTER_RIM,
            palette::HUNTER_LETTER,
            0.38,
            art.hexagon.clone(),
        ),
        Side::Crowd => (
            palette::CROWD,
            palette::CROWD_RIM,
            palette::CROWD_LETTER,
            0.31,
            art.unit_circle.clone(),
        ),
    };
    let body_material = materials.add(body);
    let rim_material = materials.add(rim);
    let shadow = materials.add(palette::SHADOW);
    let r = radius * UNIT;
    commands
        .spawn((
            Piece { side },
            PieceBody(body_material.clone()),
            Transform::from_translation(at.extend(z::PIECE)),
            Visibility::default(),
            Pickable::IGNORE,
            children![
                (
                    Mesh2d(mesh.clone()),
                    MeshMaterial2d(shadow),
                    Transform::from_xyz(0.05 * UNIT, -0.06 * UNIT, -0.3)
                        .with_scale(Vec3::splat(r * 1.02)),
                    Pickable::IGNORE,
                ),
                (
                    Mesh2d(mesh.clone()),
                    MeshMaterial2d(rim_material),
                    Transform::from_xyz(0.0, 0.0, -0.2).with_scale(Vec3::splat(r)),
                    Pickable::IGNORE,
                ),
                (
                    Mesh2d(mesh),
                    MeshMaterial2d(body_material),
                    Transform::from_xyz(0.0, 0.0, -0.1).with_scale(Vec3::splat(r * 0.84)),
                    Pickable::IGNORE,
                ),
                (
                    PieceLetter,
                    Text2d::new(letter.to_string()),
                    TextFont::from_font_size(r * 1.05),
                    TextColor(text),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                    Pickable::IGNORE,
                ),
            ],
        ))
        .id()
}

/// When the view is idle, makes the piece entities match the position exactly
/// (after undo, new game, instant moves, or anything the animations missed).
#[allow(clippy::too_many_arguments)]
fn reconcile_pieces(
    mut commands: Commands,
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    busy: Res<ViewBusy>,
    art: Option<Res<BoardArt>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut resets: MessageReader<MatchReset>,
    pieces: Query<(Entity, &Piece, Option<&PieceAt>), Without<TrayPiece>>,
    tray: Query<Entity, With<TrayPiece>>,
) {
    let reset = resets.read().count() > 0;
    let Some(art) = art else { return };
    if busy.0 && !reset {
        return;
    }
    let position = the_match.shown_position();
    let kind = the_match.kind();
    let mut matches = pieces
        .iter()
        .all(|(_, piece, at)| at.is_some_and(|at| position.piece_at(at.0) == Some(piece.side)));
    matches &= pieces.iter().count() == position.occupied().count() as usize;
    if !matches || reset {
        for (e, _, _) in &pieces {
            commands.entity(e).despawn();
        }
        for side in [Side::Hunters, Side::Crowd] {
            for p in position.pieces[side.index()] {
                let e = spawn_piece(
                    &mut commands,
                    &art,
                    &mut materials,
                    kind,
                    side,
                    layout.world(p),
                );
                commands.entity(e).insert(PieceAt(p));
            }
        }
    }
    let captured = the_match.captures() as usize;
    if tray.iter().count() != captured || reset {
        for e in &tray {
            commands.entity(e).despawn();
        }
        for i in 0..captured {
            let e = spawn_piece(
                &mut commands,
                &art,
                &mut materials,
                kind,
                Side::Crowd,
                layout.tray_slot(i),
            );
            commands.entity(e).insert((
                TrayPiece(i),
                Transform::from_translation(layout.tray_slot(i).extend(z::PIECE))
                    .with_scale(Vec3::splat(0.6)),
            ));
        }
    }
}

/// Puts pieces that are not animating where the view says they stand: on
/// their point, at the end of a chain being picked, or under the cursor.
fn place_pieces(
    layout: Res<BoardLayout>,
    selection: Res<Selection>,
    cursor: Res<DragCursor>,
    mut pieces: Query<(&PieceAt, &mut Transform), (Without<Tween>, Without<Leaving>)>,
    mut tray: Query<(&TrayPiece, &mut Transform), (Without<Tween>, Without<PieceAt>)>,
) {
    for (at, mut transform) in &mut pieces {
        let mut want = layout.world(at.0).extend(z::PIECE);
        if selection.origin == Some(at.0) {
            if let (Some(_), Some(pos)) = (selection.dragging, cursor.0) {
                want = pos.extend(z::DRAGGED);
            } else if let Some(end) = selection.path.last() {
                want = layout.world(*end).extend(z::MOVING);
            }
        }
        if transform.translation != want {
            transform.translation = want;
        }
        if transform.scale != Vec3::ONE {
            transform.scale = Vec3::ONE;
        }
    }
    for (slot, mut transform) in &mut tray {
        let want = layout.tray_slot(slot.0).extend(z::PIECE);
        if transform.translation != want {
            transform.translation = want;
        }
    }
}

/// What the overlays were last drawn for: match generation, chosen hops,
/// selected piece, layout, and whether the view was busy.
type OverlayKey = (u64, Vec<Point>, Option<Point>, BoardLayout, bool);

/// Redraws the selection ring, target dots and last-move marks when anything they show changes.
#[allow(clippy::too_many_arguments)]
fn rebuild_overlays(
    mut commands: Commands,
    the_match: Res<Match>,
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    busy: Res<ViewBusy>,
    art: Option<Res<BoardArt>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    overlays: Query<Entity, With<Overlay>>,
    mut shown: Local<Option<OverlayKey>>,
) {
    let Some(art) = art else { return };
    let key = (
        the_match.generation(),
        selection.path.clone(),
        selection.origin,
        *layout,
        busy.0,
    );
    if shown.as_ref() == Some(&key) {
        return;
    }
    *shown = Some(key);
    for e in &overlays {
        commands.entity(e).despawn();
    }
    let mut spawn = |mesh: &Handle<Mesh>, color: Color, at: Vec2, z: f32, size: f32| {
        commands.spawn((
            Overlay,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(materials.add(color)),
            Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(size * UNIT)),
            Pickable::IGNORE,
        ));
    };
    // The last move: every point it touched.
    if let Some(mv) = the_match.shown().last_move() {
        let mut touched = vec![mv.from()];
        touched.extend(mv.landings());
        if mv.is_placement() {
            touched.truncate(1);
        }
        for p in touched {
            spawn(
                &art.unit_circle,
                palette::LAST_MOVE,
                layout.world(p),
                z::LAST_MOVE,
                0.44,
            );
        }
    }
    if busy.0 || !the_match.human_to_move() {
        return;
    }
    let game = the_match.game();
    if let Some(origin) = selection.origin {
        let at = selection.path.last().copied().unwrap_or(origin);
        spawn(
            &art.ring,
            palette::SELECTED,
            layout.world(at),
            z::SELECTION,
            0.47,
        );
        for p in &selection.path {
            spawn(
                &art.unit_circle,
                palette::PATH,
                layout.world(*p),
                z::LAST_MOVE + 0.01,
                0.44,
            );
        }
        let jumping = selection.candidates(game).iter().any(|m| m.is_jump());
        for target in selection.next_targets(game) {
            if jumping {
                spawn(
                    &art.ring,
                    palette::CAPTURE_TARGET,
                    layout.world(target),
                    z::TARGET,
                    0.30,
                );
            } else {
                spawn(
                    &art.unit_circle,
                    palette::TARGET,
                    layout.world(target),
                    z::TARGET,
                    0.15,
                );
            }
        }
    } else {
        // Placements need no selection: mark where a piece may go.
        for mv in game.legal_moves().iter().filter(|m| m.is_placement()) {
            spawn(
                &art.unit_circle,
                palette::TARGET,
                layout.world(mv.to()),
                z::TARGET,
                0.11,
            );
        }
    }
}
