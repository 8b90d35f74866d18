//! Piece entities kept in step with the position the board shows, the
//! captured tray, and the overlays a player reads: selection, legal targets,
//! the last move and the crowd pieces in danger.
//!
//! A piece is a parent entity (what moves: `Piece`, `PieceAt`, its
//! `Transform` and tweens) with one child that draws it in the active skin
//! (`PieceVisual`). A new skin swaps only the children, so pieces keep
//! their place and their animations.

use bevy::prelude::*;

use crate::game::board::glyphs::BoardGlyphs;
use crate::game::board::input::{DragCursor, Selection};
use crate::game::board::skin::ActiveSkin;
use crate::game::board::skin::look::{PieceLook, ShapeMeshes, SkinLook};
use crate::game::board::tween::Tween;
use crate::game::board::view::{BoardLayout, UNIT, z};
use crate::game::common::settings::Settings;
use crate::game::common::view::ViewBusy;
use crate::game::play::match_state::{Match, MatchReset};
use crate::rules::{GameId, Move, Point, Position, Side, threatened};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            reconcile_pieces,
            restyle_pieces,
            place_pieces,
            rebuild_overlays,
            name_pieces,
        )
            .chain()
            .in_set(crate::game::GameSet::View),
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

/// The child entity that draws a piece in the active skin.
#[derive(Component)]
pub struct PieceVisual;

/// The part of a drawn shape piece that flushes when it is huffed.
#[derive(Component)]
pub struct PieceBody;

/// Selection ring, target dots, last-move and threat marks.
#[derive(Component)]
pub struct Overlay;

/// What the board shows: a position, the crowd pieces taken before it, and
/// the move that led to it. The view reads the match through [`shown`]
/// only, so a review of past moves can show another position by changing it.
#[derive(Clone, Debug)]
pub struct Shown {
    pub position: Position,
    pub captures: u32,
    pub last_move: Option<Move>,
}

/// The position the board shows: the match's current one.
pub fn shown(the_match: &Match) -> Shown {
    // In review mode, the reviewed position.
    Shown {
        position: *the_match.shown_position(),
        captures: the_match.captures(),
        last_move: the_match.shown().last_move().copied(),
    }
}

/// Names each piece by what it is and where it stands ("pirate on c6",
/// "captured Bulgar", "huffed officer"), so an inspector or a log reads like the board.
fn name_pieces(
    the_match: Res<Match>,
    mut pieces: Query<
        (
            &Piece,
            Option<&PieceAt>,
            Has<Leaving>,
            Has<TrayPiece>,
            &mut Name,
        ),
        Or<(Added<Piece>, Changed<PieceAt>, Added<Leaving>)>,
    >,
) {
    for (piece, at, leaving, in_tray, mut name) in &mut pieces {
        let noun = the_match.kind().piece_names(piece.side).1;
        let named = Name::new(match (at, leaving, in_tray) {
            (_, _, true) => format!("captured {noun}"),
            (_, true, false) => format!("huffed {noun}"),
            (Some(at), false, false) => format!("{noun} on {}", at.0),
            (None, false, false) => noun.to_string(),
        });
        name.set_if_neq(named);
    }
}

/// What draws a piece: skin, meshes and the game's letters.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PieceArt<'w> {
    look: Res<'w, SkinLook>,
    glyphs: Res<'w, BoardGlyphs>,
}

impl PieceArt<'_> {
    /// Spawns a piece of `side` at `at` (world), returning its entity.
    pub fn spawn(&self, commands: &mut Commands, game: GameId, side: Side, at: Vec2) -> Entity {
        let e = commands
            .spawn((
                Piece { side },
                Name::new(game.piece_names(side).1),
                Transform::from_translation(at.extend(z::PIECE)),
                Visibility::default(),
                Pickable::IGNORE,
            ))
            .id();
        self.dress(commands, e, game, side);
        e
    }

    /// Gives the piece entity `e` its look in the active skin.
    fn dress(&self, commands: &mut Commands, e: Entity, game: GameId, side: Side) {
        let visual = match self.look.piece(side) {
            PieceLook::Sprite { image, size } => commands
                .spawn((
                    PieceVisual,
                    Sprite {
                        image: image.clone(),
                        custom_size: Some(Vec2::splat(size * UNIT)),
                        ..default()
                    },
                    Transform::default(),
                    Pickable::IGNORE,
                ))
                .id(),
            PieceLook::Shape {
                mesh,
                shadow,
                rim,
                body,
                mark,
                size,
            } => {
                let r = size / 2.0 * UNIT;
                let (_, _, letter) = game.piece_names(side);
                let part = |material: &Handle<ColorMaterial>, at: Vec3, scale: f32| {
                    (
                        Mesh2d(mesh.clone()),
                        MeshMaterial2d(material.clone()),
                        Transform::from_translation(at).with_scale(Vec3::splat(scale)),
                        Pickable::IGNORE,
                    )
                };
                commands
                    .spawn((
                        PieceVisual,
                        Transform::default(),
                        Visibility::default(),
                        Pickable::IGNORE,
                        children![
                            part(shadow, Vec3::new(0.05 * UNIT, -0.06 * UNIT, -0.3), r * 1.02),
                            part(rim, Vec3::new(0.0, 0.0, -0.2), r),
                            (PieceBody, part(body, Vec3::new(0.0, 0.0, -0.1), r * 0.84)),
                            (
                                self.glyphs.label(letter, r * 1.05, *mark),
                                Transform::from_xyz(0.0, 0.0, 0.1),
                                Pickable::IGNORE,
                            ),
                        ],
                    ))
                    .id()
            }
        };
        commands.entity(e).add_child(visual);
    }
}

/// When the view is idle, makes the piece entities match the shown position
/// exactly (after undo, new game, instant moves, or anything the animations missed).
fn reconcile_pieces(
    mut commands: Commands,
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    busy: Res<ViewBusy>,
    art: PieceArt,
    active: Res<ActiveSkin>,
    mut resets: MessageReader<MatchReset>,
    pieces: Query<(Entity, &Piece, Option<&PieceAt>), Without<TrayPiece>>,
    tray: Query<Entity, With<TrayPiece>>,
) {
    let reset = resets.read().count() > 0;
    if busy.0 && !reset {
        return;
    }
    let shown = shown(&the_match);
    let position = &shown.position;
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
                let e = art.spawn(&mut commands, kind, side, layout.world(p));
                commands.entity(e).insert(PieceAt(p));
            }
        }
    }
    let captured = shown.captures as usize;
    if tray.iter().count() != captured || reset {
        for e in &tray {
            commands.entity(e).despawn();
        }
        let scale = active.data.tray.scale;
        for i in 0..captured {
            let at = layout.tray_slot(i);
            let e = art.spawn(&mut commands, kind, Side::Crowd, at);
            commands.entity(e).insert((
                TrayPiece(i),
                Transform::from_translation(at.extend(z::PIECE)).with_scale(Vec3::splat(scale)),
            ));
        }
    }
}

/// A new skin: every piece (on the board, in the tray, in flight) gets its
/// new look; what it is, where it is and how it moves stay.
fn restyle_pieces(
    mut commands: Commands,
    the_match: Res<Match>,
    art: PieceArt,
    pieces: Query<(Entity, &Piece, &Children)>,
    visuals: Query<(), With<PieceVisual>>,
) {
    if !art.look.is_changed() || art.look.is_added() {
        return;
    }
    for (e, piece, children) in &pieces {
        for child in children.iter().filter(|c| visuals.contains(*c)) {
            commands.entity(child).despawn();
        }
        art.dress(&mut commands, e, the_match.kind(), piece.side);
    }
}

/// Puts pieces that are not animating where the view says they stand: on
/// their point, at the end of a chain being picked, or under the cursor.
fn place_pieces(
    layout: Res<BoardLayout>,
    selection: Res<Selection>,
    cursor: Res<DragCursor>,
    active: Res<ActiveSkin>,
    mut pieces: Query<(&PieceAt, &mut Transform), (Without<Tween>, Without<Leaving>)>,
    mut tray: Query<(&TrayPiece, &mut Transform), (Without<Tween>, Without<PieceAt>)>,
) {
    for (at, mut transform) in &mut pieces {
        let mut want = layout.world(at.0).extend(z::PIECE);
        let mut scale = Vec3::ONE;
        if selection.origin == Some(at.0) {
            if let (Some(_), Some(pos)) = (selection.dragging, cursor.0) {
                want = pos.extend(z::DRAGGED);
                // Lifted off the board.
                scale = Vec3::splat(1.12);
            } else if let Some(end) = selection.path.last() {
                want = layout.world(*end).extend(z::MOVING);
            }
        }
        if transform.translation != want {
            transform.translation = want;
        }
        if transform.scale != scale {
            transform.scale = scale;
        }
    }
    let scale = Vec3::splat(active.data.tray.scale);
    for (slot, mut transform) in &mut tray {
        let want = layout.tray_slot(slot.0).extend(z::PIECE);
        if transform.translation != want {
            transform.translation = want;
        }
        if transform.scale != scale {
            transform.scale = scale;
        }
    }
}

/// What the overlays were last drawn for: match generation, chosen hops,
/// selected piece, layout, busy, and the settings and skin they depend on.
type OverlayKey = (
    u64,
    Vec<Point>,
    Option<Point>,
    BoardLayout,
    bool,
    bool,
    bool,
    u64,
);

/// Spawns overlay marks with the skin's shared materials.
struct Marks<'a, 'w, 's> {
    commands: Commands<'w, 's>,
    layout: &'a BoardLayout,
    shapes: &'a ShapeMeshes,
}

impl Marks<'_, '_, '_> {
    fn mark(
        &mut self,
        mesh: &Handle<Mesh>,
        material: &Handle<ColorMaterial>,
        p: Point,
        z: f32,
        size: f32,
    ) {
        let name = Name::new(format!(
            "{} mark on {p}",
            match z {
                z if z < z::THREAT => "last move",
                z if z < z::SELECTION => "threatened",
                z if z < z::TARGET => "selection",
                _ => "target",
            }
        ));
        self.commands.spawn((
            Overlay,
            name,
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_translation(self.layout.world(p).extend(z))
                .with_scale(Vec3::splat(size * UNIT)),
            Pickable::IGNORE,
        ));
    }
}

/// Redraws the selection ring, target dots, last-move and threat marks when
/// anything they show changes.
fn rebuild_overlays(
    commands: Commands,
    the_match: Res<Match>,
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    busy: Res<ViewBusy>,
    look: Res<SkinLook>,
    shapes: Res<ShapeMeshes>,
    settings: Res<Settings>,
    overlays: Query<Entity, With<Overlay>>,
    mut shown_key: Local<Option<OverlayKey>>,
    mut skin_version: Local<u64>,
) {
    if look.is_changed() {
        *skin_version += 1;
    }
    let threats = the_match.shows_threats(settings.threat_marks);
    let key = (
        the_match.generation(),
        selection.path.clone(),
        selection.origin,
        *layout,
        busy.0,
        settings.show_legal_moves,
        threats,
        *skin_version,
    );
    if shown_key.as_ref() == Some(&key) {
        return;
    }
    *shown_key = Some(key);
    let mut marks = Marks {
        commands,
        layout: &layout,
        shapes: &shapes,
    };
    for e in &overlays {
        marks.commands.entity(e).despawn();
    }
    let view = shown(&the_match);
    if let Some(mv) = view.last_move {
        mark_last_move(&mut marks, &look, &mv);
    }
    if threats && !busy.0 {
        let rules = the_match.game().rules();
        for p in threatened(rules, &view.position) {
            // Edged in the board's shadow, as the last move is: the red
            // alone fades into light wood for a red-green blind eye.
            marks.mark(&shapes.dashed_ring, &look.shadow, p, z::THREAT - 0.01, 0.49);
            marks.mark(&shapes.dashed_ring, &look.threatened, p, z::THREAT, 0.46);
        }
    }
    if busy.0 || !the_match.human_to_move() {
        return;
    }
    mark_selection(
        &mut marks,
        &look,
        &the_match,
        &selection,
        settings.show_legal_moves,
    );
}

/// The last move: every point it touched, as a diamond (every other mark
/// is round) whose corners show past the piece on it, edged in the
/// board's shadow so a light skin's pale fill still shows on light wood.
fn mark_last_move(marks: &mut Marks, look: &SkinLook, mv: &Move) {
    let mut touched = vec![mv.from()];
    touched.extend(mv.landings());
    if mv.is_placement() {
        touched.truncate(1);
    }
    let diamond = marks.shapes.diamond.clone();
    for p in touched {
        marks.mark(&diamond, &look.shadow, p, z::LAST_MOVE - 0.01, 0.47);
        marks.mark(&diamond, &look.last_move, p, z::LAST_MOVE, 0.43);
    }
}

/// The picked-up piece, the hops chosen so far, and where it may go next
/// (dots for steps and placements, rings for jumps).
fn mark_selection(
    marks: &mut Marks,
    look: &SkinLook,
    the_match: &Match,
    selection: &Selection,
    show_targets: bool,
) {
    let game = the_match.game();
    let (circle, ring) = (marks.shapes.circle.clone(), marks.shapes.ring.clone());
    let Some(origin) = selection.origin else {
        if show_targets {
            // Placements need no selection: mark where a piece may go.
            for mv in game.legal_moves().iter().filter(|m| m.is_placement()) {
                marks.mark(&circle, &look.target, mv.to(), z::TARGET, 0.11);
            }
        }
        return;
    };
    let at = selection.path.last().copied().unwrap_or(origin);
    marks.mark(&ring, &look.selected, at, z::SELECTION, 0.47);
    for p in &selection.path {
        marks.mark(&circle, &look.path, *p, z::LAST_MOVE + 0.01, 0.44);
    }
    if !show_targets {
        return;
    }
    let jumping = selection.candidates(game).iter().any(|m| m.is_jump());
    for target in selection.next_targets(game) {
        if jumping {
            marks.mark(&ring, &look.capture, target, z::TARGET, 0.30);
        } else {
            marks.mark(&circle, &look.target, target, z::TARGET, 0.15);
        }
    }
}
