//! The board: wood, stronghold, lines and points, spawned from the same
//! topology table the rules move on, and the camera that fits it beside the panel.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::input::BoardInput;
use super::match_state::Match;
use crate::rules::{BoardKind, GameKind, Point, Topology, Variant};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .init_resource::<PanelWidth>()
        .insert_resource(ClearColor(palette::BACKGROUND))
        .add_systems(Startup, (spawn_camera, load_board_art))
        .add_systems(
            Update,
            (
                follow_match_board.in_set(super::GameSet::Input),
                (rebuild_board, fit_camera)
                    .chain()
                    .in_set(super::GameSet::View),
            ),
        );
}

/// World units per point spacing.
pub const UNIT: f32 = 100.0;

/// Layers, back to front.
pub mod z {
    pub const SHADOW: f32 = -1.0;
    pub const FRAME: f32 = 0.0;
    pub const WOOD: f32 = 0.1;
    pub const GRAIN: f32 = 0.2;
    pub const STRONGHOLD: f32 = 0.3;
    pub const LABEL: f32 = 0.4;
    pub const LAST_MOVE: f32 = 0.5;
    pub const LINE: f32 = 0.8;
    pub const POINT: f32 = 0.9;
    pub const HIT: f32 = 1.0;
    pub const SELECTION: f32 = 4.9;
    pub const TARGET: f32 = 5.0;
    pub const PIECE: f32 = 10.0;
    pub const MOVING: f32 = 20.0;
    pub const DRAGGED: f32 = 30.0;
}

pub mod palette {
    use bevy::prelude::Color;
    pub const BACKGROUND: Color = Color::srgb(0.16, 0.11, 0.08);
    pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
    pub const FRAME: Color = Color::srgb(0.36, 0.21, 0.11);
    pub const WOOD: Color = Color::srgb(0.80, 0.60, 0.36);
    pub const GRAIN: Color = Color::srgba(0.45, 0.27, 0.12, 0.16);
    pub const STRONGHOLD: Color = Color::srgba(0.50, 0.20, 0.08, 0.28);
    pub const STRONGHOLD_EDGE: Color = Color::srgba(0.42, 0.15, 0.05, 0.7);
    pub const LINE: Color = Color::srgb(0.28, 0.17, 0.09);
    pub const LABEL: Color = Color::srgb(0.86, 0.74, 0.55);
    pub const HUNTER: Color = Color::srgb(0.55, 0.09, 0.09);
    pub const HUNTER_RIM: Color = Color::srgb(0.88, 0.68, 0.25);
    pub const HUNTER_LETTER: Color = Color::srgb(0.98, 0.86, 0.50);
    pub const CROWD: Color = Color::srgb(0.95, 0.91, 0.80);
    pub const CROWD_RIM: Color = Color::srgb(0.30, 0.20, 0.12);
    pub const CROWD_LETTER: Color = Color::srgb(0.30, 0.20, 0.12);
    pub const TARGET: Color = Color::srgba(0.10, 0.35, 0.10, 0.55);
    pub const CAPTURE_TARGET: Color = Color::srgba(0.65, 0.10, 0.05, 0.75);
    pub const SELECTED: Color = Color::srgba(0.98, 0.85, 0.20, 0.85);
    pub const LAST_MOVE: Color = Color::srgba(0.85, 0.80, 0.15, 0.45);
    pub const PATH: Color = Color::srgba(0.85, 0.80, 0.15, 0.30);
    pub const HUFF: Color = Color::srgb(0.95, 0.15, 0.05);
    pub const INVISIBLE: Color = Color::srgba(0.0, 0.0, 0.0, 0.0);
}

/// Which board is drawn and which way up.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub board: BoardKind,
    pub game: GameKind,
    /// Rank 1 at the top, file a on the right.
    pub flipped: bool,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout::for_variant(&Variant::new(GameKind::Pirates))
    }
}

impl BoardLayout {
    pub fn for_variant(variant: &Variant) -> BoardLayout {
        BoardLayout {
            board: variant.kind.board(),
            game: variant.kind,
            flipped: false,
        }
    }
    pub fn topology(&self) -> &'static Topology {
        Topology::get(self.board)
    }
    /// Half the distance between the outermost points.
    pub fn half_span(&self) -> f32 {
        (self.topology().size as f32 - 1.0) / 2.0 * UNIT
    }
    /// Where a point is drawn.
    pub fn world(&self, p: Point) -> Vec2 {
        let last = self.topology().size as f32 - 1.0;
        let (mut f, mut r) = (p.file() as f32, p.rank() as f32);
        if self.flipped {
            f = last - f;
            r = last - r;
        }
        Vec2::new(f * UNIT, r * UNIT) - Vec2::splat(self.half_span())
    }
    /// Slot `i` of the captured-pieces tray, left of the board.
    pub fn tray_slot(&self, i: usize) -> Vec2 {
        let h = self.half_span();
        let column = (i / 16) as f32;
        let row = (i % 16) as f32;
        Vec2::new(
            -h - 1.35 * UNIT - column * 0.42 * UNIT,
            -h + row * 0.4 * UNIT,
        )
    }
    /// World rectangle (min, max) the camera must show.
    pub fn extent(&self) -> (Vec2, Vec2) {
        let h = self.half_span();
        (
            Vec2::new(-h - 1.85 * UNIT, -h - 1.2 * UNIT),
            Vec2::new(h + 0.85 * UNIT, h + 0.85 * UNIT),
        )
    }
}

/// Width in logical pixels of the egui panel on the right.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct PanelWidth(pub f32);

/// Everything that belongs to the drawn board (rebuilt on a new board or a flip).
#[derive(Component)]
pub struct BoardPart;

/// A point of the board that takes clicks and drops.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardPoint(pub Point);

#[derive(Component)]
pub struct MainCamera;

/// Shared meshes for the board, pieces and overlays, in point-spacing units.
#[derive(Resource, Clone)]
pub struct BoardArt {
    pub unit_square: Handle<Mesh>,
    pub unit_circle: Handle<Mesh>,
    pub hexagon: Handle<Mesh>,
    pub ring: Handle<Mesh>,
}

fn load_board_art(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    commands.insert_resource(BoardArt {
        unit_square: meshes.add(Rectangle::new(1.0, 1.0)),
        unit_circle: meshes.add(Circle::new(1.0)),
        hexagon: meshes.add(RegularPolygon::new(1.0, 6)),
        ring: meshes.add(Annulus::new(0.82, 1.0)),
    });
}

fn spawn_camera(mut commands: Commands) {
    // No multisampling: on a software renderer (lavapipe, the browser's
    // SwiftShader) 4x MSAA cost 2.6x the frame time and 27 MB of memory, for
    // edges the wood and outlines already soften.
    commands.spawn((MainCamera, Camera2d, Msaa::Off));
}

/// A new game may use another board: the layout follows the match.
fn follow_match_board(the_match: Res<Match>, mut layout: ResMut<BoardLayout>) {
    if layout.game != the_match.kind() {
        *layout = BoardLayout {
            flipped: layout.flipped,
            ..BoardLayout::for_variant(the_match.variant())
        };
    }
}

fn rebuild_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    art: Option<Res<BoardArt>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    old: Query<Entity, With<BoardPart>>,
    mut built: Local<Option<BoardLayout>>,
) {
    let Some(art) = art else { return };
    if *built == Some(*layout) {
        return;
    }
    *built = Some(*layout);
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut mat = |c: Color| MeshMaterial2d(materials.add(c));
    let h = layout.half_span();
    let margin = 0.55 * UNIT;
    let border = 0.16 * UNIT;

    // The wood: one band for the square board, two crossing bands for the cross.
    let bands: Vec<Rect> = match layout.board {
        BoardKind::Square5 => vec![Rect::from_center_size(
            Vec2::ZERO,
            Vec2::splat(2.0 * (h + margin)),
        )],
        _ => {
            let long = 2.0 * (h + margin);
            let short = 2.0 * (UNIT + margin);
            vec![
                Rect::from_center_size(Vec2::ZERO, Vec2::new(long, short)),
                Rect::from_center_size(Vec2::ZERO, Vec2::new(short, long)),
            ]
        }
    };
    let shadow = mat(palette::SHADOW);
    let frame = mat(palette::FRAME);
    let wood = mat(palette::WOOD);
    let grain = mat(palette::GRAIN);
    let rect = |r: Rect, grow: f32, offset: Vec2, z: f32| {
        Transform::from_translation((r.center() + offset).extend(z))
            .with_scale((r.size() + Vec2::splat(2.0 * grow)).extend(1.0))
    };
    for band in &bands {
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_square.clone()),
            shadow.clone(),
            rect(*band, border, Vec2::new(0.08, -0.10) * UNIT, z::SHADOW),
            Pickable::IGNORE,
        ));
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_square.clone()),
            frame.clone(),
            rect(*band, border, Vec2::ZERO, z::FRAME),
            Pickable::IGNORE,
        ));
    }
    for band in &bands {
        // Pressing the wood (not a point) clears the selection.
        commands
            .spawn((
                BoardPart,
                Mesh2d(art.unit_square.clone()),
                wood.clone(),
                rect(*band, 0.0, Vec2::ZERO, z::WOOD),
            ))
            .observe(
                |_: On<Pointer<Press>>, mut input: MessageWriter<BoardInput>| {
                    input.write(BoardInput::Background);
                },
            );
        // Grain: thin darker streaks along the band, placed by a fixed hash.
        let streaks = (band.height() / UNIT * 6.0) as u32;
        for i in 0..streaks {
            let t = hash01(i * 7 + band.width() as u32);
            let y =
                band.min.y + (i as f32 + 0.5 + 0.6 * (t - 0.5)) * band.height() / streaks as f32;
            let thickness = (0.015 + 0.03 * hash01(i * 13 + 5)) * UNIT;
            let inset = 0.1 * UNIT * hash01(i * 3 + 1);
            commands.spawn((
                BoardPart,
                Mesh2d(art.unit_square.clone()),
                grain.clone(),
                Transform::from_xyz(band.center().x, y, z::GRAIN + 0.001 * i as f32)
                    .with_scale(Vec3::new(band.width() - 2.0 * inset, thickness, 1.0)),
                Pickable::IGNORE,
            ));
        }
    }

    // The stronghold (fortress): shaded, with an edge.
    let variant = Variant::new(layout.game);
    if let Some(stronghold) = variant.stronghold() {
        let pts: Vec<Vec2> = stronghold.map(|p| layout.world(p)).collect();
        let min = pts.iter().fold(Vec2::MAX, |a, b| a.min(*b));
        let max = pts.iter().fold(Vec2::MIN, |a, b| a.max(*b));
        let r = Rect::from_corners(min, max);
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_square.clone()),
            mat(palette::STRONGHOLD_EDGE),
            rect(r, 0.36 * UNIT, Vec2::ZERO, z::STRONGHOLD),
            Pickable::IGNORE,
        ));
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_square.clone()),
            mat(palette::WOOD.mix(&palette::STRONGHOLD.with_alpha(1.0), 0.30)),
            rect(r, 0.32 * UNIT, Vec2::ZERO, z::STRONGHOLD + 0.01),
            Pickable::IGNORE,
        ));
    }

    // Lines: the topology's own list, the one the moves use.
    let topology = layout.topology();
    let line = mat(palette::LINE);
    for (p, q) in topology.lines() {
        let (a, b) = (layout.world(p), layout.world(q));
        let d = b - a;
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_square.clone()),
            line.clone(),
            Transform::from_translation(((a + b) / 2.0).extend(z::LINE))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x)))
                .with_scale(Vec3::new(d.length() + 0.05 * UNIT, 0.05 * UNIT, 1.0)),
            Pickable::IGNORE,
        ));
    }

    // Points: a dot to see and a wide transparent disc to click and drop on.
    let dot = mat(palette::LINE);
    let hit = mat(palette::INVISIBLE);
    for p in topology.points {
        let at = layout.world(p);
        commands.spawn((
            BoardPart,
            Mesh2d(art.unit_circle.clone()),
            dot.clone(),
            Transform::from_translation(at.extend(z::POINT)).with_scale(Vec3::splat(0.08 * UNIT)),
            Pickable::IGNORE,
        ));
        commands
            .spawn((
                BoardPart,
                BoardPoint(p),
                Mesh2d(art.unit_circle.clone()),
                hit.clone(),
                Transform::from_translation(at.extend(z::HIT)).with_scale(Vec3::splat(0.48 * UNIT)),
            ))
            .observe(super::input::on_point_press)
            .observe(super::input::on_point_click)
            .observe(super::input::on_point_drag)
            .observe(super::input::on_point_drop)
            .observe(super::input::on_point_drag_end);
    }

    // Coordinates along the bottom and the left edge, as the notation names them.
    let size = topology.size;
    let font = TextFont::from_font_size(0.24 * UNIT);
    for i in 0..size {
        let file_point = Point::new(i, 0).expect("on grid");
        let rank_point = Point::new(0, i).expect("on grid");
        let x = layout.world(file_point).x;
        let y = layout.world(rank_point).y;
        let edge = h + margin + border + 0.22 * UNIT;
        commands.spawn((
            BoardPart,
            Text2d::new(((b'a' + i) as char).to_string()),
            font.clone(),
            TextColor(palette::LABEL),
            Transform::from_xyz(x, -edge, z::LABEL),
            Pickable::IGNORE,
        ));
        commands.spawn((
            BoardPart,
            Text2d::new((i + 1).to_string()),
            font.clone(),
            TextColor(palette::LABEL),
            Transform::from_xyz(-edge, y, z::LABEL),
            Pickable::IGNORE,
        ));
    }
}

/// A fixed pseudo-random number in 0..1 (no RNG needed for wood grain).
fn hash01(i: u32) -> f32 {
    let mut x = i.wrapping_mul(0x9E37_79B9) ^ 0x5bd1_e995;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2c1b_3c6d);
    x ^= x >> 12;
    (x % 1000) as f32 / 1000.0
}

/// Scales and shifts the camera so the board and tray fill the space left of the panel.
fn fit_camera(
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    panel: Res<PanelWidth>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (Ok(window), Ok((mut transform, mut projection))) =
        (windows.single(), cameras.single_mut())
    else {
        return;
    };
    let avail = Vec2::new(
        (window.width() - panel.0).max(100.0),
        window.height().max(100.0),
    );
    let (min, max) = layout.extent();
    let need = max - min;
    let scale = (need.x / avail.x).max(need.y / avail.y);
    let center = (min + max) / 2.0;
    let camera_at = Vec3::new(center.x + panel.0 / 2.0 * scale, center.y, 0.0);
    if transform.translation != camera_at {
        transform.translation = camera_at;
    }
    if let Projection::Orthographic(ortho) = &mut *projection
        && (ortho.scale - scale).abs() > 1e-4
    {
        ortho.scale = scale;
    }
}
