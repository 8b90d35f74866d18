//! The active skin made drawable: one shared material per colour, the
//! piece images and shapes. Rebuilt when the skin
//! changes; the board, pieces and overlays redraw from it.

use bevy::image::{ImageAddressMode, ImageLoaderSettings, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;

use crate::game::common::redraw::LoadWatch;
use bevy::sprite_render::AlphaMode2d;

use super::ActiveSkin;
use super::data::{Colour, Fill, Highlights, PieceArt, Shape, SkinData};
use crate::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShapeMeshes>()
        .init_resource::<SkinLook>()
        .add_systems(
            Update,
            rebuild_look
                .run_if(resource_changed::<ActiveSkin>)
                .in_set(crate::game::GameSet::Commands)
                .after(super::activate_skin),
        )
        .add_systems(
            Update,
            watch_look_images.run_if(resource_changed::<SkinLook>),
        );
}

/// The skin's pictures are drawn as soon as they arrive (the app sleeps otherwise).
fn watch_look_images(
    look: Res<SkinLook>,
    materials: Res<Assets<ColorMaterial>>,
    mut watch: ResMut<LoadWatch>,
) {
    for image in look.pictures(&materials) {
        watch.watch(image);
    }
}

/// Unit-sized meshes for piece shapes and overlays, shared by every entity.
#[derive(Resource, Clone)]
pub struct ShapeMeshes {
    pub square: Handle<Mesh>,
    pub circle: Handle<Mesh>,
    pub hexagon: Handle<Mesh>,
    pub octagon: Handle<Mesh>,
    pub diamond: Handle<Mesh>,
    /// A ring of unit outer radius (inner 0.82).
    pub ring: Handle<Mesh>,
    /// A thin ring (inner 0.88).
    pub thin_ring: Handle<Mesh>,
    /// A ring broken into eight dashes, for the threatened marks: a shape
    /// no other mark has, so a threat reads without its colour.
    pub dashed_ring: Handle<Mesh>,
}

impl FromWorld for ShapeMeshes {
    fn from_world(world: &mut World) -> ShapeMeshes {
        let mut meshes = world.resource_mut::<Assets<Mesh>>();
        ShapeMeshes {
            square: meshes.add(Rectangle::new(1.0, 1.0)),
            circle: meshes.add(Circle::new(1.0)),
            hexagon: meshes.add(RegularPolygon::new(1.0, 6)),
            octagon: meshes.add(RegularPolygon::new(1.0, 8)),
            diamond: meshes.add(Rhombus::new(2.0, 2.0)),
            ring: meshes.add(Annulus::new(0.82, 1.0)),
            thin_ring: meshes.add(Annulus::new(0.88, 1.0)),
            dashed_ring: meshes.add(dashed_ring(0.84, 1.0, 8)),
        }
    }
}

/// A ring of `dashes` arcs between radii `inner` and `outer` (each dash
/// three fifths of its share of the circle).
fn dashed_ring(inner: f32, outer: f32, dashes: usize) -> Mesh {
    const STEPS: usize = 4;
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    let share = std::f32::consts::TAU / dashes as f32;
    for dash in 0..dashes {
        let start = dash as f32 * share;
        let first = positions.len() as u32;
        for step in 0..=STEPS {
            let angle = start + 0.6 * share * step as f32 / STEPS as f32;
            let (sin, cos) = angle.sin_cos();
            positions.push([inner * cos, inner * sin, 0.0]);
            positions.push([outer * cos, outer * sin, 0.0]);
        }
        for step in 0..STEPS as u32 {
            let i = first + 2 * step;
            indices.extend([i, i + 1, i + 3, i, i + 3, i + 2]);
        }
    }
    flat_mesh(positions, indices)
}

/// A flat mesh of triangles (no texture: every UV 0), facing the camera.
pub fn flat_mesh(positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0f32, 0.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0f32, 0.0, 1.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

impl ShapeMeshes {
    pub fn shape(&self, shape: Shape) -> Handle<Mesh> {
        match shape {
            Shape::Circle => self.circle.clone(),
            Shape::Hexagon => self.hexagon.clone(),
            Shape::Octagon => self.octagon.clone(),
            Shape::Square => self.square.clone(),
            Shape::Diamond => self.diamond.clone(),
        }
    }
}

/// How a piece is drawn.
#[derive(Clone, Debug)]
pub enum PieceLook {
    /// A sprite `size` point spacings wide.
    Sprite { image: Handle<Image>, size: f32 },
    /// A shape with a shadow, a rim and the side's letter.
    Shape {
        mesh: Handle<Mesh>,
        shadow: Handle<ColorMaterial>,
        rim: Handle<ColorMaterial>,
        body: Handle<ColorMaterial>,
        mark: Color,
        size: f32,
    },
}

/// A fill's material and the point spacings one copy of its image covers
/// (the board builds world-aligned texture coordinates from it).
#[derive(Clone, Debug)]
pub struct FillLook {
    pub material: Handle<ColorMaterial>,
    pub tile: f32,
}

/// Everything drawable of the active skin.
#[derive(Resource, Clone, Debug)]
pub struct SkinLook {
    pub background: FillLook,
    pub surface: FillLook,
    pub grain: Option<Handle<ColorMaterial>>,
    pub frame: Handle<ColorMaterial>,
    /// The frame's lighter top edge and darker lower edge.
    pub frame_light: Handle<ColorMaterial>,
    pub frame_dark: Handle<ColorMaterial>,
    pub shadow: Handle<ColorMaterial>,
    pub stronghold: FillLook,
    pub stronghold_edge: Handle<ColorMaterial>,
    pub line: Handle<ColorMaterial>,
    pub point: Handle<ColorMaterial>,
    pub coordinates: Color,
    pub tray: Handle<ColorMaterial>,
    pub tray_edge: Handle<ColorMaterial>,
    pub selected: Handle<ColorMaterial>,
    pub target: Handle<ColorMaterial>,
    pub capture: Handle<ColorMaterial>,
    pub last_move: Handle<ColorMaterial>,
    pub path: Handle<ColorMaterial>,
    pub threatened: Handle<ColorMaterial>,
    pub huff: Color,
    pub huff_material: Handle<ColorMaterial>,
    /// An invisible material for hit areas.
    pub invisible: Handle<ColorMaterial>,
    pieces: [PieceLook; 2],
}

impl SkinLook {
    pub fn piece(&self, side: Side) -> &PieceLook {
        &self.pieces[side.index()]
    }

    /// The pictures the skin draws: its fills' textures and piece images.
    pub fn pictures(&self, materials: &Assets<ColorMaterial>) -> Vec<Handle<Image>> {
        let fills = [&self.background, &self.surface, &self.stronghold];
        let textures = fills
            .into_iter()
            .map(|f| &f.material)
            .chain(self.grain.as_ref())
            .filter_map(|m| materials.get(m).and_then(|m| m.texture.clone()));
        let sprites = self.pieces.iter().filter_map(|p| match p {
            PieceLook::Sprite { image, .. } => Some(image.clone()),
            PieceLook::Shape { .. } => None,
        });
        textures.chain(sprites).collect()
    }

    /// True once every picture has arrived or failed to (a failed one is
    /// drawn without): what the web page waits for before it shows the board.
    pub fn pictures_settled(
        &self,
        materials: &Assets<ColorMaterial>,
        server: &AssetServer,
    ) -> bool {
        self.pictures(materials).iter().all(|image| {
            !matches!(
                server.get_load_state(image.id()),
                Some(bevy::asset::LoadState::Loading | bevy::asset::LoadState::NotLoaded)
            )
        })
    }
}

/// Loads an image that tiles (repeats) across an area.
fn tiled_image(server: &AssetServer, path: &str) -> Handle<Image> {
    server
        .load_builder()
        .with_settings(|s: &mut ImageLoaderSettings| {
            s.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
                address_mode_u: ImageAddressMode::Repeat,
                address_mode_v: ImageAddressMode::Repeat,
                ..ImageSamplerDescriptor::linear()
            });
        })
        .load(path.to_string())
}

impl FromWorld for SkinLook {
    fn from_world(world: &mut World) -> SkinLook {
        world.init_resource::<ShapeMeshes>();
        let skin = world.resource::<ActiveSkin>().data.clone();
        let server = world.resource::<AssetServer>().clone();
        let shapes = world.resource::<ShapeMeshes>().clone();
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        build_look(&skin, &server, &shapes, &mut materials)
    }
}

fn rebuild_look(
    active: Res<ActiveSkin>,
    server: Res<AssetServer>,
    shapes: Res<ShapeMeshes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut look: ResMut<SkinLook>,
) {
    *look = build_look(&active.data, &server, &shapes, &mut materials);
}

fn build_look(
    skin: &SkinData,
    server: &AssetServer,
    shapes: &ShapeMeshes,
    materials: &mut Assets<ColorMaterial>,
) -> SkinLook {
    let mut mat = |c: Colour| materials.add(c.color());
    let plain = [
        mat(skin.board.frame),
        mat(lighten(skin.board.frame, 0.22)),
        mat(lighten(skin.board.frame, -0.35)),
        mat(skin.board.shadow),
        mat(skin.board.stronghold.edge),
        mat(skin.board.line),
        mat(skin.board.point),
        mat(skin.tray.colour),
        mat(skin.tray.edge),
    ];
    let h = &skin.highlights;
    let grain = skin.board.grain.map(&mut mat);
    let background = fill_look(&skin.background, server, materials);
    let surface = fill_look(&skin.board.surface, server, materials);
    let stronghold = fill_look(&skin.board.stronghold.fill, server, materials);
    let marks = mark_materials(h, materials);
    let pieces =
        [Side::Hunters, Side::Crowd].map(|side| piece_look(skin, side, server, shapes, materials));
    let [
        frame,
        frame_light,
        frame_dark,
        shadow,
        edge,
        line,
        point,
        tray,
        tray_edge,
    ] = plain;
    let [
        selected,
        target,
        capture,
        last_move,
        path,
        threatened,
        huff_material,
        invisible,
    ] = marks;
    SkinLook {
        background,
        surface,
        grain,
        frame,
        frame_light,
        frame_dark,
        shadow,
        stronghold,
        stronghold_edge: edge,
        line,
        point,
        coordinates: skin.board.coordinates.color(),
        tray,
        tray_edge,
        selected,
        target,
        capture,
        last_move,
        path,
        threatened,
        huff: h.huff.color(),
        huff_material,
        invisible,
        pieces,
    }
}

/// The overlays' materials: selected, target, capture, last move, path,
/// threatened, huff, and an invisible one for the points' hit areas.
fn mark_materials(
    h: &Highlights,
    materials: &mut Assets<ColorMaterial>,
) -> [Handle<ColorMaterial>; 8] {
    [
        h.selected,
        h.target,
        h.capture,
        h.last_move,
        h.path,
        h.threatened,
        h.huff,
        Colour::rgba(0.0, 0.0, 0.0, 0.0),
    ]
    .map(|c| materials.add(c.color()))
}

/// A fill's material: opaque when its colour is, so it is drawn front to
/// back and its hidden parts skipped (blending a full-screen texture cost a
/// software renderer twice the frame time).
fn fill_look(f: &Fill, server: &AssetServer, materials: &mut Assets<ColorMaterial>) -> FillLook {
    let alpha_mode = if f.colour.0[3] < 1.0 {
        AlphaMode2d::Blend
    } else {
        AlphaMode2d::Opaque
    };
    FillLook {
        material: materials.add(ColorMaterial {
            color: f.colour.color(),
            texture: f.image.as_deref().map(|p| tiled_image(server, p)),
            alpha_mode,
            ..default()
        }),
        tile: f.tile,
    }
}

/// How a side's pieces are drawn: its image, or its shape's meshes and materials.
fn piece_look(
    skin: &SkinData,
    side: Side,
    server: &AssetServer,
    shapes: &ShapeMeshes,
    materials: &mut Assets<ColorMaterial>,
) -> PieceLook {
    let look = skin.side(side);
    match &look.piece {
        PieceArt::Image(path) => PieceLook::Sprite {
            image: server.load(path.clone()),
            size: look.size,
        },
        PieceArt::Shape(shape) => PieceLook::Shape {
            mesh: shapes.shape(shape.shape),
            shadow: materials.add(skin.board.shadow.color()),
            rim: materials.add(shape.rim.color()),
            body: materials.add(shape.body.color()),
            mark: shape.mark.color(),
            size: look.size,
        },
    }
}

/// A colour moved towards white (`by` > 0) or black (`by` < 0).
fn lighten(c: Colour, by: f32) -> Colour {
    let [r, g, b, a] = c.0;
    let towards = if by > 0.0 { 1.0 } else { 0.0 };
    let k = by.abs();
    Colour([
        r + (towards - r) * k,
        g + (towards - g) * k,
        b + (towards - b) * k,
        a,
    ])
}
