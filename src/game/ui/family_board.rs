//! A hunt-family board painted with egui from the game file's points: the
//! skin's table, wood and frame, the lines, the points, the highlights and
//! the pieces (the skin's pictures, or its shapes with the side's letter).
//! Any skin fits any board: sizes are in units of the board's shortest
//! line, so a piece never overlaps its neighbour.
//!
//! The same painter draws the family screen's live board and the rules
//! pages' diagrams.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

use crate::game::board::skin::data::{Colour, PieceArt, Shape, SkinData};
use crate::rules::Side;
use crate::rules::family::Ruleset;
use crate::rules::family::graph::bits;

/// Room around the outermost points, in line lengths.
const MARGIN: f32 = 0.75;
/// The frame's width, in line lengths (the skin's own width is for the
/// classic boards, whose lines are one grid step).
const FRAME: f32 = 0.14;
/// Below this, a point's name would be unreadable.
const MIN_UNIT_FOR_NAMES: f32 = 34.0;

/// Where the board's points go on the screen.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// The screen position of board coordinate (0, 0).
    origin: Pos2,
    /// Screen pixels per board coordinate unit.
    scale: f32,
    /// The shortest line, in screen pixels: the size every piece and mark
    /// is measured in.
    pub unit: f32,
    /// The board's wood, on the screen.
    pub wood: Rect,
}

impl Fit {
    /// The largest board that fits in `rect`, centred.
    pub fn new(rules: &Ruleset, rect: Rect) -> Fit {
        let g = &rules.graph;
        let (mut min, mut max) = (vec2(f32::MAX, f32::MAX), vec2(f32::MIN, f32::MIN));
        for n in &g.nodes {
            min = min.min(vec2(n.x, n.y));
            max = max.max(vec2(n.x, n.y));
        }
        let shortest = shortest_line(rules);
        let pad = (MARGIN + FRAME) * shortest;
        let span = (max - min) + Vec2::splat(2.0 * pad);
        let scale = (rect.width() / span.x)
            .min(rect.height() / span.y)
            .max(0.01);
        let centre = (min + max) / 2.0;
        let origin = rect.center() - vec2(centre.x, -centre.y) * scale;
        let unit = shortest * scale;
        let to_screen = |v: Vec2| origin + vec2(v.x, -v.y) * scale;
        let grow = MARGIN * unit;
        let wood = Rect::from_two_pos(to_screen(min), to_screen(max)).expand(grow);
        Fit {
            origin,
            scale,
            unit,
            wood,
        }
    }
    /// Where point `p` is drawn.
    pub fn at(&self, rules: &Ruleset, p: u8) -> Pos2 {
        let n = &rules.graph.nodes[p as usize];
        self.origin + vec2(n.x, -n.y) * self.scale
    }
    /// The point under the pointer, if it is near enough to one.
    pub fn point_at(&self, rules: &Ruleset, pointer: Pos2) -> Option<u8> {
        (0..rules.graph.nodes.len() as u8)
            .map(|p| (p, self.at(rules, p).distance(pointer)))
            .filter(|&(_, d)| d <= 0.48 * self.unit)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    }
}

/// The shortest line of the board, in board coordinates.
fn shortest_line(rules: &Ruleset) -> f32 {
    let g = &rules.graph;
    g.lines
        .iter()
        .map(|&(a, b)| {
            let (dx, dy) = g.vector(a, b);
            dx.hypot(dy)
        })
        .fold(f32::MAX, f32::min)
        .clamp(0.05, 100.0)
}

pub fn colour(c: &Colour) -> Color32 {
    let [r, g, b, a] = c.0.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// The skin's pictures as egui textures, where they have loaded.
#[derive(Clone, Copy, Default)]
pub struct Pictures {
    pub pieces: [Option<egui::TextureId>; 2],
    pub surface: Option<egui::TextureId>,
    pub background: Option<egui::TextureId>,
}

/// What to draw besides the board and its pieces.
#[derive(Clone, Default)]
pub struct Marks {
    /// The piece picked up.
    pub selected: Option<u8>,
    /// Where the picked piece may go next, or where a piece may be placed.
    pub targets: u64,
    /// The hops chosen so far in a capture chain.
    pub path: Vec<u8>,
    /// The last move: its start and its landings.
    pub last: Vec<u8>,
    /// Crowd pieces the hunters could jump now.
    pub threatened: u64,
    /// Show the points' names.
    pub names: bool,
    /// A puzzle's hint: the answer's start and its landings.
    pub hint: Vec<u8>,
}

/// A piece on its way: drawn at `at` instead of on its point.
#[derive(Clone, Copy, Debug)]
pub struct Moving {
    pub side: Side,
    /// The point it is going to (not drawn there meanwhile).
    pub to: u8,
    pub at: Pos2,
    /// 0..1: how much of it shows (a placed piece grows in).
    pub grown: f32,
}

/// A piece leaving the board.
#[derive(Clone, Copy, Debug)]
pub struct Leaving {
    pub side: Side,
    pub at: u8,
    /// 1 fully there, 0 gone.
    pub alpha: f32,
}

/// Paints the table behind the board across `rect`.
pub fn paint_table(painter: &egui::Painter, skin: &SkinData, pictures: &Pictures, rect: Rect) {
    let fill = &skin.background;
    match pictures.background {
        Some(texture) => {
            let tile = (fill.tile * 60.0).max(40.0);
            tile_texture(painter, rect, texture, tile, colour(&fill.colour));
        }
        None => {
            painter.rect_filled(rect, 0.0, colour(&fill.colour));
        }
    }
}

/// Paints a board with its pieces. `pieces` are the sets on the board
/// (hunters, crowd); `moving` and `leaving` animate a move.
#[allow(clippy::too_many_arguments)]
#[allow(clippy::too_many_lines)] // goes with the family screen in the one-world change
pub fn paint_board(
    painter: &egui::Painter,
    rules: &Ruleset,
    fit: &Fit,
    skin: &SkinData,
    pictures: &Pictures,
    pieces: [u64; 2],
    marks: &Marks,
    moving: Option<Moving>,
    leaving: &[Leaving],
) {
    let u = fit.unit;
    let look = &skin.board;
    let frame_width = FRAME * u;
    let outer = fit.wood.expand(frame_width);
    painter.rect_filled(
        outer.translate(vec2(0.0, 0.06 * u)).expand(0.04 * u),
        0.12 * u,
        colour(&look.shadow),
    );
    painter.rect_filled(outer, 0.1 * u, colour(&look.frame));
    match pictures.surface {
        Some(texture) => {
            let tile = look.surface.tile * u;
            tile_texture(
                &painter.with_clip_rect(fit.wood.intersect(painter.clip_rect())),
                fit.wood,
                texture,
                tile,
                colour(&look.surface.colour),
            );
        }
        None => {
            painter.rect_filled(fit.wood, 0.04 * u, colour(&look.surface.colour));
        }
    }
    let line = Stroke::new((look.line_width * u).max(1.0), colour(&look.line));
    for &(a, b) in &rules.graph.lines {
        painter.line_segment([fit.at(rules, a), fit.at(rules, b)], line);
    }
    // The last move's trail under everything else.
    let h = &skin.highlights;
    for &p in &marks.last {
        painter.circle_filled(fit.at(rules, p), 0.3 * u, colour(&h.last_move));
    }
    for p in 0..rules.graph.nodes.len() as u8 {
        painter.circle_filled(
            fit.at(rules, p),
            (look.point_radius * u).max(2.0),
            colour(&look.point),
        );
    }
    if marks.names && u >= MIN_UNIT_FOR_NAMES {
        paint_names(painter, rules, fit, colour(&look.line));
    }
    for &p in &marks.path {
        painter.circle_filled(fit.at(rules, p), 0.22 * u, colour(&h.path));
    }
    for side in [Side::Hunters, Side::Crowd] {
        for p in bits(pieces[side.index()]) {
            if moving.is_some_and(|m| m.to == p) {
                continue;
            }
            let at = fit.at(rules, p);
            if marks.selected == Some(p) {
                painter.circle_filled(at, 0.5 * u, colour(&h.selected).gamma_multiply(0.55));
            }
            paint_piece(painter, skin, pictures, rules, side, at, u, 1.0);
            if marks.threatened & (1 << p) != 0 {
                painter.circle_stroke(at, 0.47 * u, Stroke::new(0.05 * u, colour(&h.threatened)));
            }
        }
    }
    for l in leaving {
        paint_piece(
            painter,
            skin,
            pictures,
            rules,
            l.side,
            fit.at(rules, l.at),
            u,
            l.alpha,
        );
    }
    if let Some(m) = moving {
        let size = 0.6 + 0.4 * m.grown;
        let alpha = m.grown.clamp(0.0, 1.0);
        paint_piece(
            painter,
            skin,
            pictures,
            rules,
            m.side,
            m.at,
            u * size,
            alpha,
        );
    }
    // The hint: a line along the answer's path, over the pieces.
    let hint = Stroke::new(
        0.13 * u,
        egui::Color32::from_rgba_unmultiplied(38, 140, 217, 200),
    );
    for pair in marks.hint.windows(2) {
        painter.line_segment([fit.at(rules, pair[0]), fit.at(rules, pair[1])], hint);
    }
    if let Some(&end) = marks.hint.last() {
        painter.circle_stroke(fit.at(rules, end), 0.42 * u, hint);
    }
    for p in bits(marks.targets) {
        let at = fit.at(rules, p);
        let occupied = (pieces[0] | pieces[1]) & (1 << p) != 0;
        if occupied {
            painter.circle_stroke(at, 0.46 * u, Stroke::new(0.07 * u, colour(&h.target)));
        } else {
            painter.circle_filled(at, 0.12 * u, colour(&h.target));
        }
    }
}

fn paint_names(painter: &egui::Painter, rules: &Ruleset, fit: &Fit, ink: Color32) {
    let font = egui::FontId::proportional((0.2 * fit.unit).clamp(9.0, 14.0));
    for p in 0..rules.graph.nodes.len() as u8 {
        painter.text(
            fit.at(rules, p) + vec2(0.2, 0.2) * fit.unit,
            egui::Align2::LEFT_TOP,
            rules.name(p),
            font.clone(),
            ink.gamma_multiply(0.75),
        );
    }
}

/// One piece, `alpha` faded: the skin's picture, or its shape with the
/// side's letter from the game file.
#[allow(clippy::too_many_arguments)]
pub fn paint_piece(
    painter: &egui::Painter,
    skin: &SkinData,
    pictures: &Pictures,
    rules: &Ruleset,
    side: Side,
    at: Pos2,
    unit: f32,
    alpha: f32,
) {
    let look = skin.side(side);
    let width = look.size.clamp(0.4, 1.0) * unit;
    let fade = |c: Color32| c.gamma_multiply(alpha);
    match (&look.piece, pictures.pieces[side.index()]) {
        (PieceArt::Image(_), Some(texture)) => {
            let rect = Rect::from_center_size(at, Vec2::splat(width));
            painter.image(
                texture,
                rect,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                fade(Color32::WHITE),
            );
        }
        (PieceArt::Shape(art), _) => {
            let r = 0.4 * width;
            painter.circle_filled(
                at + vec2(0.0, 0.06 * r),
                r,
                fade(Color32::from_black_alpha(70)),
            );
            let outline = shape_points(art.shape, at, r);
            let rim = Stroke::new(0.14 * r, fade(colour(&art.rim)));
            painter.add(egui::Shape::convex_polygon(
                outline,
                fade(colour(&art.body)),
                rim,
            ));
            let letter = side_letter(rules, side);
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                letter,
                egui::FontId::proportional(0.95 * r),
                fade(colour(&art.mark)),
            );
        }
        // A picture still loading: a plain disc in the meantime.
        (PieceArt::Image(_), None) => {
            let r = 0.38 * width;
            let (body, rim) = match side {
                Side::Hunters => (
                    Color32::from_rgb(120, 30, 24),
                    Color32::from_rgb(230, 180, 70),
                ),
                Side::Crowd => (
                    Color32::from_rgb(240, 230, 205),
                    Color32::from_rgb(80, 52, 30),
                ),
            };
            painter.circle(at, r, fade(body), Stroke::new(0.14 * r, fade(rim)));
        }
    }
}

fn side_letter(rules: &Ruleset, side: Side) -> String {
    let spec = match side {
        Side::Hunters => &rules.file.hunters,
        Side::Crowd => &rules.file.crowd,
    };
    spec.letter.to_uppercase().to_string()
}

/// The outline of a piece's shape around `at`, radius `r`.
fn shape_points(shape: Shape, at: Pos2, r: f32) -> Vec<Pos2> {
    let (corners, turn, scale) = match shape {
        Shape::Circle => (40, 0.0, 1.0),
        Shape::Hexagon => (6, 0.0, 1.05),
        Shape::Octagon => (8, std::f32::consts::PI / 8.0, 1.03),
        Shape::Square => (4, std::f32::consts::PI / 4.0, 1.12),
        Shape::Diamond => (4, 0.0, 1.15),
    };
    (0..corners)
        .map(|i| {
            let a = turn + i as f32 * std::f32::consts::TAU / corners as f32;
            at + vec2(a.cos(), a.sin()) * r * scale
        })
        .collect()
}

/// Covers `rect` with copies of a picture, each `tile` pixels wide.
fn tile_texture(
    painter: &egui::Painter,
    rect: Rect,
    texture: egui::TextureId,
    tile: f32,
    tint: Color32,
) {
    let tile = tile.max(8.0);
    let mut mesh = egui::Mesh::with_texture(texture);
    let mut y = rect.top();
    while y < rect.bottom() {
        let mut x = rect.left();
        while x < rect.right() {
            let cell = Rect::from_min_size(pos2(x, y), Vec2::splat(tile));
            mesh.add_rect_with_uv(
                cell,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                tint,
            );
            x += tile;
        }
        y += tile;
    }
    painter
        .with_clip_rect(rect.intersect(painter.clip_rect()))
        .add(egui::Shape::mesh(mesh));
}
