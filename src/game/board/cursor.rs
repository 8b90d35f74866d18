//! The keyboard's cursor on the board: a point that the arrow keys move
//! along the board's lines (any board: the cross, the star, the triangles),
//! where Enter or Space does what a click there would (pick up, put down,
//! take the next hop of a chain) and Escape cancels. The keys come as
//! [`CursorKey`] messages (the panel sends them while the board has the
//! keyboard focus; tests send the same), and become the pointer's own
//! [`BoardInput`], so the keyboard and the mouse share every rule.

use bevy::prelude::*;

use crate::game::GameSet;
use crate::game::board::input::{BoardInput, Selection};
use crate::game::board::skin::look::flat_mesh;
use crate::game::board::view::{BoardLayout, UNIT, z};
use crate::game::common::redraw::NextFrame;
use crate::game::play::match_state::Match;
use crate::rules::{Game, Point};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CursorKey>()
        .init_resource::<BoardCursor>()
        .add_systems(Startup, spawn_cursor)
        .add_systems(
            Update,
            (
                follow_cursor_keys
                    .in_set(GameSet::Input)
                    .before(super::input::handle_board_input),
                place_cursor.in_set(GameSet::View),
            ),
        );
}

/// A key the board's cursor answers.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorKey {
    /// The board took the keyboard: the cursor shows where it stands.
    Show,
    /// An arrow: to the next point that way.
    Go(Direction),
    /// Enter or Space: a click on the cursor's point.
    Press,
    /// Escape: the piece picked up is put down.
    Cancel,
}

/// A way on the screen (the board turned or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    fn vector(self) -> Vec2 {
        match self {
            Direction::Up => Vec2::Y,
            Direction::Down => Vec2::NEG_Y,
            Direction::Left => Vec2::NEG_X,
            Direction::Right => Vec2::X,
        }
    }
}

/// Where the keyboard's cursor is, and whether it is shown (the board has
/// the keyboard focus).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor {
    pub at: Option<Point>,
    pub shown: bool,
}

/// The point an arrow leads to from `from`: the nearest neighbour along a
/// line of the board roughly that way (within 50°, a slant counting as
/// farther); else, where no line
/// goes that way, the nearest point roughly that way (within 60°), so every
/// point can be reached. `None` at the board's edge.
pub fn next_point(layout: &BoardLayout, game: &Game, from: Point, way: Direction) -> Option<Point> {
    let board = game.rules().board();
    let way = way.vector();
    let here = layout.world(from);
    // A point's score that way (lower is better), if it lies within
    // `max_angle`'s cosine of the way. Of two at one distance and slant, the
    // one turned clockwise wins (so a square's crossing, slanted both
    // ways, leads on one way and every point stays within reach).
    let score = |p: Point, min_cos: f32, by: fn(f32, f32) -> f32| {
        let d = layout.world(p) - here;
        let (len, dir) = (d.length(), d.normalize_or_zero());
        let cos = dir.dot(way);
        (p != from && cos >= min_cos).then(|| by(cos, len / UNIT) + 1e-3 * way.perp_dot(dir))
    };
    let best = |points: &mut dyn Iterator<Item = Point>, min_cos: f32, by: fn(f32, f32) -> f32| {
        points
            .filter_map(|p| score(p, min_cos, by).map(|s| (p, s)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    };
    let mut neighbours = board.lines().iter().filter_map(|&(a, b)| match from {
        f if f == a => Some(b),
        f if f == b => Some(a),
        _ => None,
    });
    // Along a line: the nearest, a slanted one counted farther (a square's
    // crossing, half a diagonal away, comes before its far corner).
    best(&mut neighbours, 0.64, |cos, len| len * (2.0 - cos))
        .or_else(|| best(&mut board.points.into_iter(), 0.5, |cos, len| len / cos))
}

/// Where the cursor first appears: on the piece picked up, else on a piece
/// of the side to move that can move (the first the game lists), else on
/// the first point a piece may be placed, else the board's middle point.
pub fn first_point(layout: &BoardLayout, game: &Game, selection: &Selection) -> Option<Point> {
    if let Some(at) = selection.at() {
        return Some(at);
    }
    if let Some(mv) = game.legal_moves().first().filter(|m| !m.is_pass()) {
        return Some(mv.from());
    }
    game.rules().board().points.into_iter().min_by(|a, b| {
        let (a, b) = (layout.world(*a).length(), layout.world(*b).length());
        a.total_cmp(&b)
    })
}

fn follow_cursor_keys(
    mut keys: MessageReader<CursorKey>,
    the_match: Res<Match>,
    layout: Res<BoardLayout>,
    selection: Res<Selection>,
    mut cursor: ResMut<BoardCursor>,
    mut input: MessageWriter<BoardInput>,
) {
    let game = the_match.shown();
    for key in keys.read() {
        // A new game's board may lack the old point.
        let Some(at) = cursor
            .at
            .filter(|p| layout.points.contains(*p))
            .or_else(|| first_point(&layout, game, &selection))
        else {
            continue;
        };
        let shown_before = cursor.shown;
        cursor.shown = true;
        match *key {
            // The first arrow shows the cursor where it stands.
            CursorKey::Go(way) if shown_before && cursor.at.is_some() => {
                cursor.at = Some(next_point(&layout, game, at, way).unwrap_or(at));
            }
            CursorKey::Go(_) | CursorKey::Show => cursor.at = Some(at),
            CursorKey::Press => {
                cursor.at = Some(at);
                input.write(BoardInput::Press(at));
                input.write(BoardInput::Click(at));
            }
            CursorKey::Cancel => {
                input.write(BoardInput::Background);
            }
        }
    }
}

/// The cursor's picture: four corner brackets around the point, light on
/// dark so it shows on every board and over every piece, and unlike every
/// other mark (all of them round).
#[derive(Component)]
struct CursorMark;

fn spawn_cursor(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let parts = [
        (
            corner_brackets(0.5, 0.2, 0.11),
            Color::srgba(0.05, 0.05, 0.05, 0.9),
            0.0,
        ),
        (
            corner_brackets(0.47, 0.17, 0.05),
            Color::srgb(1.0, 0.97, 0.85),
            0.01,
        ),
    ];
    commands
        .spawn((
            CursorMark,
            Name::new("keyboard cursor"),
            Transform::default(),
            Visibility::Hidden,
        ))
        .with_children(|c| {
            for (mesh, colour, dz) in parts {
                c.spawn((
                    Mesh2d(meshes.add(mesh)),
                    MeshMaterial2d(materials.add(colour)),
                    Transform::from_xyz(0.0, 0.0, dz),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// Shows the cursor on its point while the board has the keyboard.
fn place_cursor(
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    mut marks: Query<(&mut Transform, &mut Visibility), With<CursorMark>>,
    mut next_frame: ResMut<NextFrame>,
) {
    if !cursor.is_changed() && !layout.is_changed() {
        return;
    }
    for (mut transform, mut visibility) in &mut marks {
        let at = cursor
            .at
            .filter(|p| cursor.shown && layout.points.contains(*p));
        *visibility = if at.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if let Some(p) = at {
            *transform = Transform::from_translation(layout.world(p).extend(z::CURSOR))
                .with_scale(Vec3::splat(UNIT));
        }
    }
    next_frame.now();
}

/// Four L-shaped corners of a square `half` from its centre, each arm
/// `arm` long and `width` thick (unit: the board's spacing).
fn corner_brackets(half: f32, arm: f32, width: f32) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let mut rect = |min: Vec2, max: Vec2| {
        let i = positions.len() as u32;
        for (x, y) in [
            (min.x, min.y),
            (max.x, min.y),
            (max.x, max.y),
            (min.x, max.y),
        ] {
            positions.push([x, y, 0.0]);
        }
        indices.extend([i, i + 1, i + 2, i, i + 2, i + 3]);
    };
    for (sx, sy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        let corner = Vec2::new(sx * half, sy * half);
        let inward = Vec2::new(-sx, -sy);
        // The arm along x, then the one along y (sharing the corner square).
        let a = corner + Vec2::new(inward.x * arm, inward.y * width);
        rect(corner.min(a), corner.max(a));
        let b = corner + Vec2::new(inward.x * width, inward.y * arm);
        rect(corner.min(b), corner.max(b));
    }
    flat_mesh(positions, indices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Variant};

    fn setup(game: &str) -> (BoardLayout, Game) {
        let variant = Variant::new(GameId::named(game));
        (BoardLayout::for_variant(&variant), Game::new(variant))
    }

    fn go(layout: &BoardLayout, game: &Game, from: &str, way: Direction) -> Option<String> {
        let board = game.rules().board();
        let from = board.find(from).expect("a point");
        next_point(layout, game, from, way).map(|p| board.name(p).to_string())
    }

    #[test]
    fn arrows_follow_the_lines_of_the_cross() {
        let (layout, game) = setup("pirates");
        assert_eq!(
            go(&layout, &game, "d4", Direction::Up).as_deref(),
            Some("d5")
        );
        assert_eq!(
            go(&layout, &game, "d4", Direction::Right).as_deref(),
            Some("e4")
        );
        assert_eq!(
            go(&layout, &game, "d4", Direction::Down).as_deref(),
            Some("d3")
        );
        assert_eq!(
            go(&layout, &game, "d4", Direction::Left).as_deref(),
            Some("c4")
        );
        // The top of the cross's arm: nothing above.
        assert_eq!(go(&layout, &game, "d7", Direction::Up), None);
        // Turned half a turn, up on the screen is down on the board.
        let turned = layout.turned(true);
        assert_eq!(
            go(&turned, &game, "d4", Direction::Up).as_deref(),
            Some("d3")
        );
    }

    /// On every board of every game, the arrows reach every point from the
    /// first one, and each arrow's way is kept (never the opposite way).
    #[test]
    fn every_point_of_every_board_is_reachable() {
        for id in crate::rules::GameId::built_in() {
            let variant = Variant::new(id);
            let (layout, game) = (BoardLayout::for_variant(&variant), Game::new(variant));
            let start = first_point(&layout, &game, &Selection::default()).expect("a point");
            let mut seen = vec![start];
            let mut next = vec![start];
            while let Some(p) = next.pop() {
                for way in [
                    Direction::Up,
                    Direction::Down,
                    Direction::Left,
                    Direction::Right,
                ] {
                    let Some(q) = next_point(&layout, &game, p, way) else {
                        continue;
                    };
                    let moved = layout.world(q) - layout.world(p);
                    assert!(
                        moved.dot(way.vector()) > 0.0,
                        "{id:?}: {p} {way:?} went to {q}"
                    );
                    if !seen.contains(&q) {
                        seen.push(q);
                        next.push(q);
                    }
                }
            }
            let board = game.rules().board();
            let missed: Vec<&str> = board
                .points
                .into_iter()
                .filter(|p| !seen.contains(p))
                .map(|p| board.name(p))
                .collect();
            assert!(
                missed.is_empty(),
                "{}: the arrows never reach {missed:?}",
                id.id()
            );
        }
    }
}
