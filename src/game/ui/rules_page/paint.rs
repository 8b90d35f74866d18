//! Paints a [`Scene`] with egui's painter: the wooden board of the game
//! (two crossing bands for the cross, one around any other board), the
//! stronghold, the board's lines and points, the pieces and the arrows.
//! Sizes are in units of the distance between points, so a diagram reads
//! the same at any width.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

use super::scene::{ArrowStyle, Ring, Scene};
use crate::rules::{Bitboard, Board, Point, Rules, Side, Variant};

/// The board's colours, those of the game's own board.
mod colour {
    use bevy_egui::egui::Color32;
    pub const SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 90);
    pub const FRAME: Color32 = Color32::from_rgb(92, 54, 28);
    pub const WOOD: Color32 = Color32::from_rgb(204, 153, 92);
    pub const GRAIN: Color32 = Color32::from_rgba_premultiplied(29, 17, 8, 38);
    pub const STRONGHOLD: Color32 = Color32::from_rgb(181, 122, 70);
    pub const STRONGHOLD_EDGE: Color32 = Color32::from_rgb(120, 52, 24);
    pub const LINE: Color32 = Color32::from_rgb(71, 43, 23);
    pub const LABEL: Color32 = Color32::from_rgb(96, 60, 32);
    pub const HUNTER: Color32 = Color32::from_rgb(140, 23, 23);
    pub const HUNTER_RIM: Color32 = Color32::from_rgb(224, 173, 64);
    pub const CROWD: Color32 = Color32::from_rgb(242, 232, 204);
    pub const CROWD_RIM: Color32 = Color32::from_rgb(77, 51, 31);
    pub const TARGET: Color32 = Color32::from_rgba_premultiplied(14, 49, 14, 140);
    pub const ARROW: Color32 = Color32::from_rgb(18, 104, 64);
    pub const OPTIONAL: Color32 = Color32::from_rgb(34, 84, 150);
    pub const HALO: Color32 = Color32::from_rgba_premultiplied(150, 146, 135, 150);
    pub const MISSED: Color32 = Color32::from_rgb(196, 36, 18);
    pub const FORBIDDEN: Color32 = Color32::from_rgb(96, 84, 72);
    pub const CROSS: Color32 = Color32::from_rgb(210, 30, 16);
    pub const STACK_BADGE: Color32 = Color32::from_rgb(28, 24, 22);
}

/// Space from the outermost points to the figure's edge, in point spacings.
const MARGIN: f32 = 0.78;
/// Wood beyond the outermost points.
const WOOD_MARGIN: f32 = 0.55;
/// The frame around the wood.
const BORDER: f32 = 0.12;
const PIECE_RADIUS: f32 = 0.31;
/// The row under the board that shows pieces in hand.
const TRAY_HEIGHT: f32 = 0.8;
/// Below this spacing (in logical pixels) coordinates would be unreadable.
const MIN_SPACING_FOR_LABELS: f32 = 20.0;

/// The height a diagram takes at a width.
pub fn height_for(scene: &Scene, width: f32) -> f32 {
    let spacing = spacing_for(scene, width);
    let tray = if scene.in_hand == [0, 0] {
        0.0
    } else {
        TRAY_HEIGHT * spacing
    };
    width + tray
}

/// The game's board, as the rules draw it.
fn board_of(scene: &Scene) -> std::sync::Arc<crate::rules::Rules> {
    Rules::of(Variant::new(scene.game))
}

/// The board's width and height in point spacings.
fn span(board: &Board) -> Vec2 {
    let ((x0, y0), (x1, y1)) = board.bounds();
    vec2(x1 - x0, y1 - y0) / board.spacing()
}

/// The distance between neighbouring points at a width.
fn spacing_for(scene: &Scene, width: f32) -> f32 {
    let rules = board_of(scene);
    let span = span(rules.board());
    width / (span.x.max(span.y) + 2.0 * MARGIN)
}

/// Where the points of a board go in a rectangle.
struct Frame<'a> {
    board: &'a Board,
    /// Where the board's lowest x and highest y go.
    origin: Pos2,
    /// Distance between neighbouring points.
    unit: f32,
}

impl Frame<'_> {
    fn at(&self, p: Point) -> Pos2 {
        let ((x0, _), (_, y1)) = self.board.bounds();
        let (x, y) = self.board.position(p);
        self.origin + vec2(x - x0, y1 - y) / self.board.spacing() * self.unit
    }
    /// The rectangle around a set of points, grown by `grow` spacings.
    fn around(&self, points: Bitboard, grow: f32) -> Rect {
        let mut r = Rect::NOTHING;
        for p in points {
            r.extend_with(self.at(p));
        }
        r.expand(grow * self.unit)
    }
}

/// Paints a scene into `rect` (as wide as it is tall, plus the tray).
pub fn paint(painter: &egui::Painter, scene: &Scene, rect: Rect) {
    let unit = spacing_for(scene, rect.width());
    let rules = board_of(scene);
    let board = rules.board();
    // Centred in the square the width gives.
    let room = (vec2(rect.width(), rect.width()) - span(board) * unit) / 2.0;
    let frame = Frame {
        board,
        origin: rect.min + room,
        unit,
    };
    paint_wood(painter, &frame);
    paint_region(painter, &frame, scene.region);
    paint_lines(painter, &frame);
    if unit >= MIN_SPACING_FOR_LABELS {
        paint_coordinates(painter, &frame);
    }
    for p in scene.targets {
        painter.circle_filled(frame.at(p), 0.13 * unit, colour::TARGET);
    }
    for ring in &scene.rings {
        paint_ring(painter, ring, &frame);
    }
    for p in scene.hunters {
        let faded = scene.huffed.contains(p);
        paint_piece(painter, frame.at(p), unit, Side::Hunters, faded);
    }
    for p in scene.crowd {
        let faded = scene.captured.contains(p);
        paint_piece(painter, frame.at(p), unit, Side::Crowd, faded);
    }
    for arrow in &scene.arrows {
        let points: Vec<Pos2> = arrow.points.iter().map(|&p| frame.at(p)).collect();
        paint_arrow(painter, &points, arrow.style, unit);
    }
    // The moving pieces again, so their arrows come out from under them.
    for arrow in &scene.arrows {
        let Some(&from) = arrow.points.first() else {
            continue;
        };
        let side = if scene.hunters.contains(from) {
            Side::Hunters
        } else if scene.crowd.contains(from) {
            Side::Crowd
        } else {
            continue;
        };
        let faded = (scene.captured | scene.huffed).contains(from);
        paint_piece(painter, frame.at(from), unit, side, faded);
    }
    for &(p, height) in &scene.stacks {
        paint_stack_height(painter, frame.at(p), unit, height);
    }
    for p in scene.captured | scene.huffed {
        paint_cross(painter, frame.at(p), unit);
    }
    if let Some((p, side)) = scene.drop {
        paint_drop(painter, frame.at(p), unit, side);
    }
    if scene.in_hand != [0, 0] {
        let y = rect.min.y + rect.width() + 0.25 * unit;
        paint_hand(painter, scene.in_hand, pos2(rect.center().x, y), unit);
    }
}

/// A region shaded: one rectangle where it is a block of the board (the
/// stronghold), else a disc under each of its points (a star's tips).
fn paint_region(painter: &egui::Painter, frame: &Frame, region: Bitboard) {
    if region.is_empty() {
        return;
    }
    let unit = frame.unit;
    let edge = Stroke::new((0.045 * unit).max(1.0), colour::STRONGHOLD_EDGE);
    let block = frame.around(region, 0.36);
    let outsiders = (frame.board.points & !region).any(|p| block.contains(frame.at(p)));
    if region.count() > 1 && !outsiders {
        painter.rect_filled(block, 0.1 * unit, colour::STRONGHOLD);
        painter.rect_stroke(block, 0.1 * unit, edge, egui::StrokeKind::Inside);
        return;
    }
    for p in region {
        painter.circle(frame.at(p), 0.42 * unit, colour::STRONGHOLD, edge);
    }
}

/// The wood in bands: shadows, then frames, then wood, so where the cross's
/// bands overlap no frame shows through.
fn paint_wood(painter: &egui::Painter, frame: &Frame) {
    let bands: Vec<Rect> = frame
        .board
        .bands()
        .into_iter()
        .map(|band| frame.around(band, WOOD_MARGIN))
        .collect();
    let unit = frame.unit;
    let radius = 0.14 * unit;
    for band in &bands {
        let shadow = band
            .expand(BORDER * unit)
            .translate(vec2(0.05, 0.08) * unit);
        painter.rect_filled(shadow, radius, colour::SHADOW);
    }
    for band in &bands {
        painter.rect_filled(band.expand(BORDER * unit), radius, colour::FRAME);
    }
    for band in &bands {
        painter.rect_filled(*band, radius * 0.6, colour::WOOD);
    }
    for (i, band) in bands.iter().enumerate() {
        paint_grain(painter, *band, unit, i as u32);
    }
}

/// Thin wavy streaks along a band, placed by a fixed hash so every frame
/// and every diagram of a board looks the same.
fn paint_grain(painter: &egui::Painter, band: Rect, unit: f32, seed: u32) {
    let streaks = (band.width().min(band.height()) / unit * 4.0)
        .round()
        .max(1.0) as u32;
    let wide = band.width() >= band.height();
    for i in 0..streaks {
        let t = hash01(i * 7 + seed * 31);
        let across = (i as f32 + 0.5 + 0.5 * (t - 0.5)) / streaks as f32;
        let width = (0.02 + 0.035 * hash01(i * 13 + seed)) * unit;
        let phase = 6.0 * hash01(i * 5 + seed * 3);
        let steps = 24;
        let points: Vec<Pos2> = (0..=steps)
            .map(|s| {
                let along = s as f32 / steps as f32;
                let wobble = 0.05 * unit * (along * 9.0 + phase).sin();
                if wide {
                    band.lerp_inside(vec2(along, across)) + vec2(0.0, wobble)
                } else {
                    band.lerp_inside(vec2(across, along)) + vec2(wobble, 0.0)
                }
            })
            .collect();
        painter.line(points, Stroke::new(width, colour::GRAIN));
    }
}

/// A number in 0..1 from an integer, the same every run.
fn hash01(n: u32) -> f32 {
    let mut x = n.wrapping_mul(0x9E37_79B9) ^ 0x85EB_CA6B;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x % 10_000) as f32 / 10_000.0
}

/// The board's lines and points, from the table the moves use.
fn paint_lines(painter: &egui::Painter, frame: &Frame) {
    let stroke = Stroke::new((0.05 * frame.unit).max(1.0), colour::LINE);
    for &(p, q) in frame.board.lines() {
        painter.line_segment([frame.at(p), frame.at(q)], stroke);
    }
    for p in frame.board.points {
        painter.circle_filled(frame.at(p), (0.075 * frame.unit).max(1.5), colour::LINE);
    }
}

/// The letters of a point's name and its digits (`c`, `4`).
fn name_parts(name: &str) -> (&str, &str) {
    name.split_at(
        name.find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len()),
    )
}

/// File letters under the lowest point of each column, rank numbers left
/// of the leftmost point of each row; a board whose names are no grid's
/// has each point's name beside it.
fn paint_coordinates(painter: &egui::Painter, frame: &Frame) {
    let board = frame.board;
    // Far enough out that a piece on the point leaves its label readable.
    let font = egui::FontId::proportional(0.23 * frame.unit);
    let offset = 0.46 * frame.unit;
    let label = |at: Pos2, text: &str| {
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            text,
            font.clone(),
            colour::LABEL,
        );
    };
    let points: Vec<Point> = board.points.collect();
    let same = |p: Point, q: Point, axis: usize| {
        let (a, b) = (board.position(p), board.position(q));
        if axis == 0 { a.0 == b.0 } else { a.1 == b.1 }
    };
    let grid_named = points.iter().all(|&p| {
        let (file, rank) = name_parts(board.name(p));
        points.iter().all(|&q| {
            let (qf, qr) = name_parts(board.name(q));
            same(p, q, 0) == (qf == file) && same(p, q, 1) == (qr == rank)
        })
    });
    for &p in &points {
        let (x, y) = board.position(p);
        let (file, rank) = name_parts(board.name(p));
        if !grid_named {
            label(frame.at(p) + vec2(0.0, offset), board.name(p));
            continue;
        }
        let lowest = points
            .iter()
            .all(|&q| !same(p, q, 0) || board.position(q).1 >= y);
        if lowest {
            label(frame.at(p) + vec2(0.0, offset), file);
        }
        let leftmost = points
            .iter()
            .all(|&q| !same(p, q, 1) || board.position(q).0 >= x);
        if leftmost {
            label(frame.at(p) - vec2(offset, 0.0), rank);
        }
    }
}

fn piece_colours(side: Side) -> (Color32, Color32) {
    match side {
        Side::Hunters => (colour::HUNTER, colour::HUNTER_RIM),
        Side::Crowd => (colour::CROWD, colour::CROWD_RIM),
    }
}

/// A piece: a soft shadow, the body with its rim and a highlight.
pub fn paint_piece(painter: &egui::Painter, at: Pos2, unit: f32, side: Side, faded: bool) {
    let r = PIECE_RADIUS * unit;
    let fade = |c: Color32| if faded { c.gamma_multiply(0.6) } else { c };
    let (body, rim) = piece_colours(side);
    painter.circle_filled(at + vec2(0.03, 0.05) * unit, r, fade(colour::SHADOW));
    painter.circle(
        at,
        r,
        fade(body),
        Stroke::new((0.07 * unit).max(1.2), fade(rim)),
    );
    let shine = Color32::from_white_alpha(if side == Side::Hunters { 40 } else { 90 });
    painter.circle_filled(at - vec2(0.1, 0.1) * unit, 0.1 * unit, fade(shine));
}

/// A stack's height in a dark disc at the piece's upper right, as the
/// board shows it.
fn paint_stack_height(painter: &egui::Painter, at: Pos2, unit: f32, height: u32) {
    let centre = at + vec2(0.3, -0.3) * unit;
    painter.circle(
        centre,
        0.19 * unit,
        colour::STACK_BADGE,
        Stroke::new((0.03 * unit).max(1.0), Color32::WHITE),
    );
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        height.to_string(),
        egui::FontId::proportional(0.26 * unit),
        Color32::WHITE,
    );
}

/// A dashed ring with a number: a point an option fills.
fn paint_ring(painter: &egui::Painter, ring: &Ring, frame: &Frame) {
    let at = frame.at(ring.point);
    let r = PIECE_RADIUS * frame.unit;
    let (_, rim) = piece_colours(ring.side);
    let circle: Vec<Pos2> = (0..=40)
        .map(|i| at + Vec2::angled(i as f32 / 40.0 * std::f32::consts::TAU) * r)
        .collect();
    let stroke = Stroke::new((0.05 * frame.unit).max(1.0), rim);
    painter.extend(egui::Shape::dashed_line(
        &circle,
        stroke,
        0.12 * frame.unit,
        0.08 * frame.unit,
    ));
    let font = egui::FontId::proportional(0.3 * frame.unit);
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        ring.label.as_str(),
        font,
        rim,
    );
}

/// An arrow along a path of points, trimmed so it starts off the moving
/// piece's centre and ends just short of the target, over a pale halo so it
/// stands out on wood and pieces alike.
fn paint_arrow(painter: &egui::Painter, path: &[Pos2], style: ArrowStyle, unit: f32) {
    let [first, .., last] = path else { return };
    let mut points = path.to_vec();
    let start_dir = (path[1] - *first).normalized();
    let end_dir = (*last - path[path.len() - 2]).normalized();
    points[0] = *first + start_dir * 0.16 * unit;
    let tip = *last - end_dir * 0.1 * unit;
    let head = 0.34 * unit;
    let n = points.len();
    points[n - 1] = tip - end_dir * head * 0.8;
    let colour = match style {
        ArrowStyle::Move => colour::ARROW,
        ArrowStyle::Optional => colour::OPTIONAL,
        ArrowStyle::Missed => colour::MISSED,
        ArrowStyle::Forbidden => colour::FORBIDDEN,
    };
    let width = (0.09 * unit).max(2.0);
    let halo = Stroke::new(width + (0.07 * unit).max(2.0), colour::HALO);
    let stroke = Stroke::new(width, colour);
    let dashed = style != ArrowStyle::Move;
    for s in [halo, stroke] {
        if dashed {
            painter.extend(egui::Shape::dashed_line(
                &points,
                s,
                0.11 * unit,
                0.08 * unit,
            ));
        } else {
            painter.line(points.clone(), s);
        }
    }
    // A dot where a chain lands between hops.
    for p in &path[1..path.len() - 1] {
        painter.circle_filled(*p, 0.1 * unit, colour);
    }
    if style == ArrowStyle::Forbidden {
        // No head: the hop ends at a "not allowed" sign.
        paint_no_entry(painter, *last, unit);
        return;
    }
    let side = end_dir.rot90() * head * 0.5;
    let base = tip - end_dir * head;
    let triangle = vec![tip, base + side, base - side];
    painter.add(egui::Shape::convex_polygon(
        triangle,
        colour,
        Stroke::new(1.0, colour::HALO),
    ));
}

/// A red cross over a piece that is taken or huffed.
fn paint_cross(painter: &egui::Painter, at: Pos2, unit: f32) {
    let d = 0.2 * unit;
    let halo = Stroke::new((0.15 * unit).max(3.0), colour::HALO);
    let stroke = Stroke::new((0.09 * unit).max(2.0), colour::CROSS);
    for s in [halo, stroke] {
        painter.line_segment([at + vec2(-d, -d), at + vec2(d, d)], s);
        painter.line_segment([at + vec2(-d, d), at + vec2(d, -d)], s);
    }
}

/// A "not allowed" sign on a point a hop may not land on.
fn paint_no_entry(painter: &egui::Painter, at: Pos2, unit: f32) {
    let r = 0.22 * unit;
    let halo = Stroke::new((0.14 * unit).max(3.0), colour::HALO);
    let stroke = Stroke::new((0.07 * unit).max(1.5), colour::CROSS);
    let slash = [at + vec2(-r, -r) * 0.7, at + vec2(r, r) * 0.7];
    for s in [halo, stroke] {
        painter.circle_stroke(at, r, s);
        painter.line_segment(slash, s);
    }
}

/// A placement: the piece, faded, with an arrow dropping onto its rim.
fn paint_drop(painter: &egui::Painter, at: Pos2, unit: f32, side: Side) {
    paint_piece(painter, at, unit, side, true);
    let from = at - vec2(0.0, 1.15 * unit);
    let to = at - vec2(0.0, (PIECE_RADIUS - 0.08) * unit);
    paint_arrow(painter, &[from, to], ArrowStyle::Move, unit);
}

/// Pieces in hand, under the board: a piece and "× 20" for each side.
fn paint_hand(painter: &egui::Painter, in_hand: [u8; 2], centre: Pos2, unit: f32) {
    let sides: Vec<(Side, u8)> = [Side::Hunters, Side::Crowd]
        .into_iter()
        .map(|s| (s, in_hand[s.index()]))
        .filter(|(_, n)| *n > 0)
        .collect();
    let slot = 1.6 * unit;
    let left = centre.x - slot * (sides.len() as f32 - 1.0) / 2.0;
    let font = egui::FontId::proportional(0.34 * unit);
    for (i, (side, count)) in sides.into_iter().enumerate() {
        let x = left + i as f32 * slot;
        let at = pos2(x - 0.3 * unit, centre.y + 0.2 * unit);
        let small = unit * 0.75;
        paint_piece(painter, at, small, side, false);
        let text_at = pos2(x + 0.05 * unit, at.y);
        painter.text(
            text_at,
            egui::Align2::LEFT_CENTER,
            format!("× {count}"),
            font.clone(),
            colour::HUNTER_RIM,
        );
    }
}
