//! Board geometry as a few merged meshes: every line of the board is one
//! mesh, every point marker another, and a textured area gets texture
//! coordinates from its world position so an image tiles seamlessly across
//! the cross's arms. Few entities keep software renderers fast.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Triangles being gathered into one mesh.
#[derive(Default)]
pub struct MeshBuilder {
    positions: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
    /// World units per copy of a texture; 0 gives every vertex UV (0, 0).
    tile: f32,
}

impl MeshBuilder {
    pub fn tiled(tile: f32) -> MeshBuilder {
        MeshBuilder {
            tile,
            ..MeshBuilder::default()
        }
    }
    fn vertex(&mut self, p: Vec2) -> u32 {
        let uv = if self.tile > 0.0 {
            // Image rows run down the screen: v grows as y falls.
            [p.x / self.tile, -p.y / self.tile]
        } else {
            [0.0, 0.0]
        };
        self.positions.push([p.x, p.y, 0.0]);
        self.uvs.push(uv);
        (self.positions.len() - 1) as u32
    }
    pub fn quad(&mut self, corners: [Vec2; 4]) {
        let i = corners.map(|c| self.vertex(c));
        self.indices
            .extend_from_slice(&[i[0], i[1], i[2], i[0], i[2], i[3]]);
    }
    pub fn rect(&mut self, r: Rect) {
        self.quad([
            r.min,
            Vec2::new(r.max.x, r.min.y),
            r.max,
            Vec2::new(r.min.x, r.max.y),
        ]);
    }
    /// A segment `width` wide, with square ends sticking out by half the width.
    pub fn segment(&mut self, a: Vec2, b: Vec2, width: f32) {
        let along = (b - a).normalize_or_zero() * width / 2.0;
        let side = along.perp();
        let (a, b) = (a - along, b + along);
        self.quad([a - side, b - side, b + side, a + side]);
    }
    /// A filled disc as a fan of `sides` triangles.
    pub fn disc(&mut self, centre: Vec2, radius: f32, sides: u32) {
        let c = self.vertex(centre);
        let first = self.positions.len() as u32;
        for k in 0..sides {
            let a = k as f32 / sides as f32 * std::f32::consts::TAU;
            self.vertex(centre + Vec2::from_angle(a) * radius);
        }
        for k in 0..sides {
            let next = first + (k + 1) % sides;
            self.indices.extend_from_slice(&[c, first + k, next]);
        }
    }
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }
    pub fn build(self) -> Mesh {
        let normals = vec![[0.0, 0.0, 1.0]; self.positions.len()];
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// Rectangles that cover a board's outline (its bands, each grown by
/// `grow`) without overlapping, so a see-through colour is not doubled
/// where a cross's arms meet.
pub fn outline_rects(bands: &[Rect], grow: f32) -> Vec<Rect> {
    let mut out: Vec<Rect> = Vec::new();
    for band in bands {
        let mut pieces = vec![band.inflate(grow)];
        for taken in &out {
            pieces = pieces.iter().flat_map(|p| minus(*p, *taken)).collect();
        }
        out.extend(pieces);
    }
    out
}

/// What is left of `a` outside `b`: up to four rectangles (the parts
/// below, above, left and right of their overlap).
fn minus(a: Rect, b: Rect) -> Vec<Rect> {
    let overlap = a.intersect(b);
    if overlap.is_empty() {
        return vec![a];
    }
    [
        Rect::new(a.min.x, a.min.y, a.max.x, overlap.min.y),
        Rect::new(a.min.x, overlap.max.y, a.max.x, a.max.y),
        Rect::new(a.min.x, overlap.min.y, overlap.min.x, overlap.max.y),
        Rect::new(overlap.max.x, overlap.min.y, a.max.x, overlap.max.y),
    ]
    .into_iter()
    .filter(|r| r.width() > 0.0 && r.height() > 0.0)
    .collect()
}
