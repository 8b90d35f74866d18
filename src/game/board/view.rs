//! The board as the active skin draws it: background, shadow, frame,
//! surface, stronghold, lines and points (spawned from the same topology
//! table the rules move on), the captured tray and the coordinates; and the
//! camera that fits it all beside the panel.

use bevy::picking::mesh_picking::MeshPickingSettings;
use bevy::picking::mesh_picking::ray_cast::RayCastVisibility;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::board::glyphs::BoardGlyphs;
use crate::game::board::skin::look::{ShapeMeshes, SkinLook};
use crate::game::board::skin::{ActiveSkin, SkinData};
use crate::game::common::settings::Settings;
use crate::game::play::match_state::Match;
use crate::rules::board::CELLS;
use crate::rules::{Bitboard, Board, GameId, Point, Rules, Variant};

mod mesh;
use mesh::{MeshBuilder, outline_rects};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<PanelWidth>()
        .init_resource::<StripHeight>()
        .init_resource::<TopReserve>()
        .insert_resource(ClearColor(Color::srgb(0.16, 0.11, 0.08)))
        // The points' hit areas are hidden (never drawn) but still picked.
        .insert_resource(MeshPickingSettings {
            ray_cast_visibility: RayCastVisibility::Any,
            ..default()
        })
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                follow_match_board.in_set(crate::game::GameSet::Input),
                (
                    rebuild_board,
                    show_coordinates,
                    fit_camera,
                    readable_coordinates,
                    fit_background,
                )
                    .chain()
                    .in_set(crate::game::GameSet::View),
            ),
        );
}

/// World units per point spacing.
pub const UNIT: f32 = 100.0;

/// Layers, back to front.
pub mod z {
    pub const BACKGROUND: f32 = -5.0;
    pub const TRAY: f32 = -2.0;
    pub const SHADOW: f32 = -1.0;
    pub const FRAME: f32 = 0.0;
    pub const WOOD: f32 = 0.1;
    pub const GRAIN: f32 = 0.2;
    pub const STRONGHOLD: f32 = 0.3;
    pub const LABEL: f32 = 0.4;
    pub const LAST_MOVE: f32 = 0.5;
    pub const THREAT: f32 = 0.7;
    pub const LINE: f32 = 0.8;
    pub const POINT: f32 = 0.9;
    pub const HIT: f32 = 1.0;
    pub const SELECTION: f32 = 4.9;
    pub const TARGET: f32 = 5.0;
    pub const PIECE: f32 = 10.0;
    /// The keyboard's cursor: over the pieces, under a piece in flight.
    pub const CURSOR: f32 = 15.0;
    pub const MOVING: f32 = 20.0;
    pub const DRAGGED: f32 = 30.0;
}

/// Which board is drawn and which way up, and where each of its points
/// is drawn: the file's coordinates, centred, one shortest line to [`UNIT`].
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub game: GameId,
    /// Turned half a turn: the crowd's side at the top.
    pub flipped: bool,
    /// The board's points.
    pub points: Bitboard,
    /// Where each point is drawn, unturned (index: the point's).
    spots: [Vec2; CELLS],
    /// Half the width and height between the outermost points.
    half: Vec2,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout::for_variant(&Variant::new(GameId::named("pirates")))
    }
}

impl BoardLayout {
    pub fn for_variant(variant: &Variant) -> BoardLayout {
        let rules = Rules::of(*variant);
        let board = rules.board();
        let ((x0, y0), (x1, y1)) = board.bounds();
        let centre = Vec2::new(x0 + x1, y0 + y1) / 2.0;
        let scale = UNIT / board.spacing();
        let mut spots = [Vec2::ZERO; CELLS];
        for p in board.points {
            let (x, y) = board.position(p);
            spots[p.index()] = (Vec2::new(x, y) - centre) * scale;
        }
        BoardLayout {
            game: variant.game,
            flipped: false,
            points: board.points,
            spots,
            half: Vec2::new(x1 - x0, y1 - y0) / 2.0 * scale,
        }
    }
    /// The same layout turned (`true`) or not.
    pub fn turned(self, flipped: bool) -> BoardLayout {
        BoardLayout { flipped, ..self }
    }
    /// Half the width and height between the outermost points.
    pub fn half_size(&self) -> Vec2 {
        self.half
    }
    /// Where a point is drawn.
    pub fn world(&self, p: Point) -> Vec2 {
        let at = self.spots[p.index()];
        if self.flipped { -at } else { at }
    }
    /// Slot `i` of the captured-pieces tray, left of the board.
    /// Columns as tall as the board, filled from the bottom.
    pub fn tray_slot(&self, i: usize) -> Vec2 {
        let h = self.half;
        let step = 0.4 * UNIT;
        let per_column = (2.0 * h.y / step).floor() as usize + 1;
        let column = (i / per_column) as f32;
        let row = (i % per_column) as f32;
        Vec2::new(-h.x - 1.35 * UNIT - column * 0.42 * UNIT, -h.y + row * step)
    }
    /// World rectangle (min, max) the camera must show.
    pub fn extent(&self) -> (Vec2, Vec2) {
        let h = self.half;
        (
            Vec2::new(-h.x - 1.85 * UNIT, -h.y - 1.2 * UNIT),
            Vec2::new(h.x + 0.85 * UNIT, h.y + 0.85 * UNIT),
        )
    }
}

/// Width in logical pixels of the egui panel on the right.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PanelWidth(pub f32);

/// Height in logical pixels of the phone strip along the bottom (0 without one).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct StripHeight(pub f32);

/// Height in logical pixels kept free above the board for review mode's
/// marker or the game-over banner (0 without one), so that neither hides
/// a piece.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct TopReserve(pub f32);

/// Everything that belongs to the drawn board (rebuilt on a new board or a flip).
#[derive(Component)]
pub struct BoardPart;

/// A point of the board that takes clicks and drops.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardPoint(pub Point);

/// The board's surface, away from the points: a press there clears the
/// selection.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardSurface;

#[derive(Component)]
pub struct MainCamera;

fn spawn_camera(mut commands: Commands) {
    // No multisampling: on a software renderer (lavapipe, the browser's
    // SwiftShader) 4x MSAA cost 2.6x the frame time and 27 MB of memory, for
    // edges the wood and outlines already soften.
    commands.spawn((MainCamera, Name::new("board camera"), Camera2d, Msaa::Off));
}

/// A new game may use another board: the layout follows the match.
fn follow_match_board(the_match: Res<Match>, mut layout: ResMut<BoardLayout>) {
    if layout.game != the_match.kind() {
        *layout = BoardLayout::for_variant(the_match.variant()).turned(layout.flipped);
    }
}

/// The coordinate labels, shown or hidden by the settings.
#[derive(Component)]
pub struct CoordinateLabel;

/// Redraws the board when the layout or the skin changes.
fn rebuild_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    active: Res<ActiveSkin>,
    look: Res<SkinLook>,
    glyphs: Res<BoardGlyphs>,
    shapes: Res<ShapeMeshes>,
    settings: Res<Settings>,
    the_match: Res<Match>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut clear: ResMut<ClearColor>,
    old: Query<Entity, With<BoardPart>>,
    mut built: Local<Option<(BoardLayout, u64, usize)>>,
    mut skin_version: Local<u64>,
) {
    if active.is_changed() || look.is_changed() {
        *skin_version += 1;
    }
    let variant = the_match.variant();
    let rules = Rules::of(*variant);
    // Room for every capture up to the one that wins; none in a game
    // where nobody captures (an empty frame that never fills).
    let tray_slots = if rules.captures() {
        (variant.crowd_count() + 1).saturating_sub(variant.crowd_minimum()) as usize
    } else {
        0
    };
    let key = (*layout, *skin_version, tray_slots);
    if *built == Some(key) {
        return;
    }
    *built = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let skin = &active.data;
    // Under a picture (until it has loaded) a dark table, not its white tint.
    let background = match skin.background.image {
        Some(_) => Color::srgb(0.08, 0.08, 0.08),
        None => skin.background.colour.color(),
    };
    if clear.0 != background {
        clear.0 = background;
    }
    let mut painter = Painter {
        commands: &mut commands,
        meshes: &mut meshes,
    };
    let board = rules.board();
    let shape = BoardShape::of(&layout, board);
    draw_frame(&mut painter, skin, &look, &shape);
    draw_surface(&mut painter, &look, &shape);
    draw_stronghold(&mut painter, skin, &look, &layout);
    draw_lines_and_points(&mut painter, skin, &look, &layout, board);
    draw_tray(&mut painter, &look, &layout, tray_slots);
    spawn_hit_areas(painter.commands, &look, &shapes, &layout, board);
    spawn_coordinates(
        painter.commands,
        &look,
        &glyphs,
        &layout,
        board,
        settings.show_coordinates,
    );
}

/// Shows or hides the coordinates when the setting changes.
fn show_coordinates(
    settings: Res<Settings>,
    mut labels: Query<&mut Visibility, With<CoordinateLabel>>,
) {
    let want = if settings.show_coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut labels {
        v.set_if_neq(want);
    }
}

/// Spawns board meshes.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
}

impl Painter<'_, '_, '_> {
    fn spawn(
        &mut self,
        mesh: MeshBuilder,
        material: &Handle<ColorMaterial>,
        at: Vec2,
        z: f32,
    ) -> Option<Entity> {
        if mesh.is_empty() {
            return None;
        }
        let e = self
            .commands
            .spawn((
                BoardPart,
                layer_name(z),
                Mesh2d(self.meshes.add(mesh.build())),
                MeshMaterial2d(material.clone()),
                Transform::from_translation(at.extend(z)),
                Pickable::IGNORE,
            ))
            .id();
        Some(e)
    }
}

/// What a board mesh at depth `z` is, as its entity's name.
fn layer_name(z: f32) -> Name {
    Name::new(match z {
        z if z < z::SHADOW => "capture tray",
        z if z < z::FRAME => "board shadow",
        z if z < z::WOOD => "board frame",
        z if z < z::GRAIN => "board surface",
        z if z < z::STRONGHOLD => "wood grain",
        z if z < z::LABEL => "stronghold",
        z if z < z::POINT => "board lines",
        _ => "board points",
    })
}

/// The board's outline: a rectangle round each of its bands (the cross's
/// two arms, or the whole board), a margin beyond the outermost points.
struct BoardShape {
    bands: Vec<Rect>,
}

impl BoardShape {
    const MARGIN: f32 = 0.55 * UNIT;
    fn of(layout: &BoardLayout, board: &Board) -> BoardShape {
        let bands = board
            .bands()
            .into_iter()
            .map(|band| {
                let corners = band.map(|p| layout.world(p));
                let min = corners.clone().fold(Vec2::MAX, Vec2::min);
                let max = corners.fold(Vec2::MIN, Vec2::max);
                Rect::from_corners(min, max).inflate(BoardShape::MARGIN)
            })
            .collect();
        BoardShape { bands }
    }
    fn outline(&self, grow: f32) -> Vec<Rect> {
        outline_rects(&self.bands, grow)
    }
    fn rects(&self, grow: f32, tile: f32) -> MeshBuilder {
        let mut m = MeshBuilder::tiled(tile);
        for r in self.outline(grow) {
            m.rect(r);
        }
        m
    }
}

/// A soft shadow (three layers), then the frame with a lit upper edge and a
/// dark lower edge, and a thin groove where the frame meets the surface.
fn draw_frame(p: &mut Painter, skin: &SkinData, look: &SkinLook, shape: &BoardShape) {
    let frame = skin.board.frame_width * UNIT;
    let drop = Vec2::new(0.07, -0.10) * UNIT;
    for (i, spread) in [0.0, 0.06, 0.12].into_iter().enumerate() {
        p.spawn(
            shape.rects(frame + spread * UNIT, 0.0),
            &look.shadow,
            drop,
            z::SHADOW + 0.01 * i as f32,
        );
    }
    let bevel = 0.018 * UNIT;
    p.spawn(
        shape.rects(frame, 0.0),
        &look.frame_dark,
        Vec2::new(bevel, -bevel),
        z::FRAME,
    );
    p.spawn(
        shape.rects(frame, 0.0),
        &look.frame_light,
        Vec2::new(-bevel, bevel),
        z::FRAME + 0.01,
    );
    p.spawn(
        shape.rects(frame - bevel, 0.0),
        &look.frame,
        Vec2::ZERO,
        z::FRAME + 0.02,
    );
    p.spawn(
        shape.rects(0.025 * UNIT, 0.0),
        &look.frame_dark,
        Vec2::ZERO,
        z::FRAME + 0.03,
    );
}

/// The surface, where a press away from the points clears the selection.
fn draw_surface(p: &mut Painter, look: &SkinLook, shape: &BoardShape) {
    let surface = shape.rects(0.0, look.surface.tile * UNIT);
    if let Some(e) = p.spawn(surface, &look.surface.material, Vec2::ZERO, z::WOOD) {
        // Input listens to the surface: see `board::input`.
        p.commands
            .entity(e)
            .remove::<Pickable>()
            .insert(BoardSurface);
    }
    let Some(grain) = &look.grain else { return };
    // Grain: thin streaks across each band, placed by a fixed hash.
    let mut m = MeshBuilder::default();
    for band in shape.outline(0.0) {
        let streaks = (band.height() / UNIT * 6.0) as u32;
        for i in 0..streaks {
            let t = hash01(i * 7 + band.width() as u32);
            let y =
                band.min.y + (i as f32 + 0.5 + 0.6 * (t - 0.5)) * band.height() / streaks as f32;
            let thickness = (0.015 + 0.03 * hash01(i * 13 + 5)) * UNIT;
            let inset = 0.1 * UNIT * hash01(i * 3 + 1);
            m.rect(Rect::new(
                band.min.x + inset,
                y - thickness / 2.0,
                band.max.x - inset,
                y + thickness / 2.0,
            ));
        }
    }
    p.spawn(m, grain, Vec2::ZERO, z::GRAIN);
}

/// The stronghold: its own fill inside an edge, with merlons if the skin wants a fort.
fn draw_stronghold(p: &mut Painter, skin: &SkinData, look: &SkinLook, layout: &BoardLayout) {
    let Some(stronghold) = Variant::new(layout.game).stronghold() else {
        return;
    };
    let pts: Vec<Vec2> = stronghold.map(|q| layout.world(q)).collect();
    let min = pts.iter().fold(Vec2::MAX, |a, b| a.min(*b));
    let max = pts.iter().fold(Vec2::MIN, |a, b| a.max(*b));
    let area = Rect::from_corners(min, max).inflate(0.32 * UNIT);
    let style = &skin.board.stronghold;
    let edge_w = style.edge_width * UNIT;
    let mut edge = MeshBuilder::default();
    edge.rect(area.inflate(edge_w));
    if style.battlements {
        merlons(&mut edge, area.inflate(edge_w), 0.13 * UNIT);
    }
    p.spawn(edge, &look.stronghold_edge, Vec2::ZERO, z::STRONGHOLD);
    let mut fill = MeshBuilder::tiled(look.stronghold.tile * UNIT);
    fill.rect(area);
    p.spawn(
        fill,
        &look.stronghold.material,
        Vec2::ZERO,
        z::STRONGHOLD + 0.01,
    );
}

/// Square teeth standing out from every side of `wall`, a tooth and a gap each `size`.
fn merlons(m: &mut MeshBuilder, wall: Rect, size: f32) {
    let sides = [
        (wall.min, Vec2::X, -Vec2::Y, wall.width()),
        (
            Vec2::new(wall.min.x, wall.max.y),
            Vec2::X,
            Vec2::Y,
            wall.width(),
        ),
        (wall.min, Vec2::Y, -Vec2::X, wall.height()),
        (
            Vec2::new(wall.max.x, wall.min.y),
            Vec2::Y,
            Vec2::X,
            wall.height(),
        ),
    ];
    for (start, along, out, length) in sides {
        let count = ((length / size) as u32 / 2).max(1);
        let gap = (length - count as f32 * size) / (count as f32 + 1.0);
        for k in 0..count {
            let a = start + along * (gap + k as f32 * (size + gap));
            let b = a + along * size;
            m.quad([a, b, b + out * size * 0.8, a + out * size * 0.8]);
        }
    }
}

/// Lines from the topology's own list (the one the moves use), a faint
/// lighter line beside each as if cut into the surface, and the point markers.
fn draw_lines_and_points(
    p: &mut Painter,
    skin: &SkinData,
    look: &SkinLook,
    layout: &BoardLayout,
    topology: &Board,
) {
    let width = skin.board.line_width * UNIT;
    let mut lines = MeshBuilder::default();
    for &(a, b) in topology.lines() {
        lines.segment(layout.world(a), layout.world(b), width);
    }
    p.spawn(lines, &look.line, Vec2::ZERO, z::LINE);
    let radius = skin.board.point_radius * UNIT;
    let mut points = MeshBuilder::default();
    for q in topology.points {
        points.disc(layout.world(q), radius, 20);
    }
    p.spawn(points, &look.point, Vec2::ZERO, z::POINT);
}

/// A sunk tray left of the board for the captured pieces.
fn draw_tray(p: &mut Painter, look: &SkinLook, layout: &BoardLayout, count: usize) {
    if count == 0 {
        return;
    }
    let slots: Vec<Vec2> = (0..count).map(|i| layout.tray_slot(i)).collect();
    let min = slots.iter().fold(Vec2::MAX, |a, b| a.min(*b));
    let max = slots.iter().fold(Vec2::MIN, |a, b| a.max(*b));
    let area = Rect::from_corners(min, max).inflate(0.24 * UNIT);
    // The edge is a ring round the tray, so a see-through tray stays even.
    let w = 0.03 * UNIT;
    let outer = area.inflate(w);
    let mut edge = MeshBuilder::default();
    edge.rect(Rect::new(outer.min.x, outer.min.y, outer.max.x, area.min.y));
    edge.rect(Rect::new(outer.min.x, area.max.y, outer.max.x, outer.max.y));
    edge.rect(Rect::new(outer.min.x, area.min.y, area.min.x, area.max.y));
    edge.rect(Rect::new(area.max.x, area.min.y, outer.max.x, area.max.y));
    p.spawn(edge, &look.tray_edge, Vec2::ZERO, z::TRAY);
    let mut inside = MeshBuilder::default();
    inside.rect(area);
    p.spawn(inside, &look.tray, Vec2::ZERO, z::TRAY + 0.01);
}

/// A wide invisible disc on each point to click and drop on.
fn spawn_hit_areas(
    commands: &mut Commands,
    look: &SkinLook,
    shapes: &ShapeMeshes,
    layout: &BoardLayout,
    board: &Board,
) {
    for q in layout.points {
        commands.spawn((
            BoardPart,
            BoardPoint(q),
            Name::new(format!("point {}", board.name(q))),
            Mesh2d(shapes.circle.clone()),
            MeshMaterial2d(look.invisible.clone()),
            Transform::from_translation(layout.world(q).extend(z::HIT))
                .with_scale(Vec3::splat(0.48 * UNIT)),
            Visibility::Hidden,
        ));
    }
}

/// The coordinates' letter size, in world units, on a board drawn large.
const COORDINATE_SIZE: f32 = 0.22 * UNIT;

/// The smallest the coordinates' letter size may be on screen, in logical
/// pixels. Measured on a phone screenshot (390x844, device scale 2 and 3):
/// at 20 a coordinate's digit stands as tall as the status strip's body
/// text's digits (at 15, the body text's own size, it stood a fifth
/// shorter: the board's glyphs are cut tighter than egui's).
const MIN_COORDINATE_PX: f32 = 20.0;

/// Grows the coordinates when the board is drawn small (a phone: there
/// the world's 0.22 of a line came to about 10 pixels), never beyond the
/// room outside the frame.
fn readable_coordinates(
    settings: Res<Settings>,
    cameras: Query<&Projection, With<MainCamera>>,
    changed_camera: Query<(), (With<MainCamera>, Changed<Projection>)>,
    added: Query<(), Added<CoordinateLabel>>,
    mut labels: Query<&mut Transform, With<CoordinateLabel>>,
) {
    if changed_camera.is_empty() && added.is_empty() && !settings.is_changed() {
        return;
    }
    let Ok(Projection::Orthographic(ortho)) = cameras.single() else {
        return;
    };
    // World units per logical pixel: the label's size on screen is
    // COORDINATE_SIZE / scale. The text size setting grows them with the
    // interface's text.
    let grow = (MIN_COORDINATE_PX * ortho.scale / COORDINATE_SIZE).clamp(1.0, 2.5)
        * settings.text_size.clamp(1.0, 2.0);
    for mut transform in &mut labels {
        let scale = Vec3::new(grow, grow, 1.0);
        if transform.scale != scale {
            transform.scale = scale;
        }
    }
}

/// The coordinates as the notation names the points: on a board whose
/// names go by file letter and rank number, the letters below the board
/// and the numbers left of it; on any other, each point's name beside it.
fn spawn_coordinates(
    commands: &mut Commands,
    look: &SkinLook,
    glyphs: &BoardGlyphs,
    layout: &BoardLayout,
    board: &Board,
    shown: bool,
) {
    let visibility = if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for (text, at) in coordinate_labels(layout, board) {
        let mut label = commands.spawn((
            BoardPart,
            CoordinateLabel,
            Name::new(format!("coordinate {text}")),
            Transform::from_translation(at.extend(z::LABEL)),
            visibility,
            Pickable::IGNORE,
        ));
        label.with_children(|word| {
            for (c, offset) in glyphs.word_offsets(&text, COORDINATE_SIZE) {
                word.spawn((
                    glyphs.label(c, COORDINATE_SIZE, look.coordinates),
                    Transform::from_translation(offset.extend(0.0)),
                    Pickable::IGNORE,
                ));
            }
        });
    }
}

/// Where each coordinate label goes: outside the frame beside the
/// outermost points, or (names that are no grid's, or files too close for
/// their letters) below each point.
fn coordinate_labels(layout: &BoardLayout, board: &Board) -> Vec<(String, Vec2)> {
    let split = |p: Point| {
        let name = board.name(p);
        let digits = name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len());
        (name[..digits].to_string(), name[digits..].to_string())
    };
    let grid_named = { board.points }.all(|p| {
        let (file, rank) = split(p);
        let (x, y) = board.position(p);
        !file.is_empty() && !rank.is_empty() && { board.points }.all(|q| {
            let (qx, qy) = board.position(q);
            let (qf, qr) = split(q);
            (qx == x) == (qf == file) && (qy == y) == (qr == rank)
        })
    });
    // Two files (or ranks) drawn closer than a letter's room (the star's c
    // and d) would run their labels together: those boards name each point.
    let roomy = |along: fn(Vec2) -> f32| {
        let mut at: Vec<f32> = board.points.map(|p| along(layout.world(p))).collect();
        at.sort_by(f32::total_cmp);
        at.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
        at.windows(2).all(|w| w[1] - w[0] >= 0.55 * UNIT)
    };
    if !grid_named || !roomy(|v| v.x) || !roomy(|v| v.y) {
        return names_beside_points(layout, board);
    }
    let h = layout.half_size() + Vec2::splat(0.82 * UNIT);
    let mut labels: Vec<(String, Vec2)> = Vec::new();
    for p in board.points {
        let (file, rank) = split(p);
        let at = layout.world(p);
        if !labels.iter().any(|(t, _)| *t == file) {
            labels.push((file, Vec2::new(at.x, -h.y)));
        }
        if !labels.iter().any(|(t, _)| *t == rank) {
            labels.push((rank, Vec2::new(-h.x, at.y)));
        }
    }
    labels
}

/// Each point's name beside it, in the direction of the eight compass
/// points farthest in angle from the lines leaving it (below first, on a
/// tie), and clear of the other points and of names already placed.
fn names_beside_points(layout: &BoardLayout, board: &Board) -> Vec<(String, Vec2)> {
    // Down, its two diagonals, the sides, then up: the order of preference.
    let compass = [270.0f32, 315.0, 225.0, 0.0, 180.0, 90.0, 45.0, 135.0]
        .map(|deg: f32| Vec2::from_angle(deg.to_radians()));
    let spots: Vec<Vec2> = board.points.map(|p| layout.world(p)).collect();
    let mut labels: Vec<(String, Vec2)> = Vec::new();
    for p in board.points {
        let at = layout.world(p);
        let lines: Vec<Vec2> = board
            .lines()
            .iter()
            .filter_map(|&(a, b)| match (a == p, b == p) {
                (true, _) => (layout.world(b) - at).try_normalize(),
                (_, true) => (layout.world(a) - at).try_normalize(),
                _ => None,
            })
            .collect();
        let clearance = |d: Vec2| {
            lines
                .iter()
                .map(|l| d.angle_to(*l).abs())
                .fold(std::f32::consts::PI, f32::min)
        };
        let crowded = |spot: Vec2| {
            spots
                .iter()
                .any(|&q| q != at && q.distance(spot) < 0.3 * UNIT)
                || labels.iter().any(|(_, l)| l.distance(spot) < 0.45 * UNIT)
        };
        let score = |d: Vec2| (!crowded(at + d * 0.5 * UNIT), clearance(d));
        let best = compass.into_iter().fold(compass[0], |best, d| {
            let (free, room) = score(d);
            let (best_free, best_room) = score(best);
            if (free, room) > (best_free, best_room + 1e-3) {
                d
            } else {
                best
            }
        });
        labels.push((board.name(p).to_string(), at + best * 0.5 * UNIT));
    }
    labels
}

/// A fixed pseudo-random number in 0..1 (no RNG needed for wood grain).
fn hash01(i: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9) ^ 0x5bd1_e995;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2c1b_3c6d);
    x ^= x >> 12;
    (x % 1000) as f32 / 1000.0
}

/// Where the camera looks and its scale (world units a pixel) for the
/// board's `extent` to fill the window less the panel on the right, the
/// strip along the bottom and the reserve above.
fn camera_fit(
    window: Vec2,
    panel: f32,
    strip: f32,
    top: f32,
    (min, max): (Vec2, Vec2),
) -> (Vec3, f32) {
    let avail = Vec2::new(
        (window.x - panel).max(100.0),
        (window.y - strip - top).max(100.0),
    );
    let need = max - min;
    let scale = (need.x / avail.x).max(need.y / avail.y);
    let center = (min + max) / 2.0;
    // The board sits in the middle of what the panel, the strip and the
    // marker above leave.
    let camera_at = Vec3::new(
        center.x + panel / 2.0 * scale,
        center.y + (top - strip) / 2.0 * scale,
        0.0,
    );
    (camera_at, scale)
}

/// Scales and shifts the camera so the board and tray fill the space left of the panel.
fn fit_camera(
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    panel: Res<PanelWidth>,
    strip: Res<StripHeight>,
    top: Res<TopReserve>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (Ok(window), Ok((mut transform, mut projection))) =
        (windows.single(), cameras.single_mut())
    else {
        return;
    };
    let window = Vec2::new(window.width(), window.height());
    let (camera_at, scale) = camera_fit(window, panel.0, strip.0, top.0, layout.extent());
    if transform.translation != camera_at {
        transform.translation = camera_at;
    }
    if let Projection::Orthographic(ortho) = &mut *projection
        && (ortho.scale - scale).abs() > 1e-4
    {
        ortho.scale = scale;
    }
}

/// The background picture, covering just what the camera sees (a
/// software renderer paid for every texel of a larger quad).
#[derive(Component)]
pub struct Background;

/// Keeps the skin's background image under exactly the visible area,
/// rebuilt when the view or the skin changes.
fn fit_background(
    mut commands: Commands,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Transform, &Projection), With<MainCamera>>,
    active: Res<ActiveSkin>,
    look: Res<SkinLook>,
    mut meshes: ResMut<Assets<Mesh>>,
    old: Query<Entity, With<Background>>,
    mut shown: Local<Option<Rect>>,
) {
    let (Ok(window), Ok((transform, Projection::Orthographic(ortho)))) =
        (windows.single(), cameras.single())
    else {
        return;
    };
    let half = Vec2::new(window.width(), window.height()) * ortho.scale / 2.0;
    let view = Rect::from_center_half_size(transform.translation.truncate(), half);
    let unchanged = shown.is_some_and(|r| {
        (r.min - view.min).abs().max_element() < 1.0 && (r.max - view.max).abs().max_element() < 1.0
    });
    if unchanged && !look.is_changed() {
        return;
    }
    *shown = Some(view);
    for e in &old {
        commands.entity(e).despawn();
    }
    if active.data.background.image.is_none() {
        return;
    }
    let mut m = MeshBuilder::tiled(look.background.tile * UNIT);
    m.rect(view.inflate(2.0));
    commands.spawn((
        Background,
        Name::new("background"),
        Mesh2d(meshes.add(m.build())),
        MeshMaterial2d(look.background.material.clone()),
        Transform::from_xyz(0.0, 0.0, z::BACKGROUND),
        Pickable::IGNORE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board's corners on the screen, in pixels from the top left.
    fn on_screen(window: Vec2, (at, scale): (Vec3, f32), world: Vec2) -> Vec2 {
        Vec2::new(
            window.x / 2.0 + (world.x - at.x) / scale,
            window.y / 2.0 - (world.y - at.y) / scale,
        )
    }

    #[test]
    fn the_board_keeps_clear_of_the_panel_the_strip_and_the_marker_above() {
        let window = Vec2::new(1280.0, 800.0);
        // A tall board (Rimoe's nine ranks) and a wide one.
        for extent in [
            (Vec2::new(-300.0, -500.0), Vec2::new(300.0, 500.0)),
            (Vec2::new(-600.0, -300.0), Vec2::new(600.0, 300.0)),
        ] {
            for (panel, strip, top) in [(300.0, 0.0, 0.0), (300.0, 0.0, 62.0), (0.0, 90.0, 40.0)] {
                let fit = camera_fit(window, panel, strip, top, extent);
                let top_left = on_screen(window, fit, Vec2::new(extent.0.x, extent.1.y));
                let bottom_right = on_screen(window, fit, Vec2::new(extent.1.x, extent.0.y));
                let clear = |a: f32, b: f32| a >= b - 0.01;
                assert!(
                    clear(top_left.y, top),
                    "{top_left} under a reserve of {top}"
                );
                assert!(clear(top_left.x, 0.0), "{top_left}");
                assert!(clear(window.x - panel, bottom_right.x), "{bottom_right}");
                assert!(clear(window.y - strip, bottom_right.y), "{bottom_right}");
                // It fills one of the two directions.
                let size = bottom_right - top_left;
                let room = Vec2::new(window.x - panel, window.y - strip - top);
                assert!((size.x - room.x).abs() < 0.5 || (size.y - room.y).abs() < 0.5);
            }
        }
    }
}
