//! The rules page's diagrams, generated from a game's rules: the start,
//! a step of each side, a capture or a chain, huffing, placements, the
//! region to fill or reach. Each is a position built on the game's own
//! board (found by search along its lines and jump lines) with the moves
//! [`Rules::generate`] gives there, so no diagram shows a move the game
//! would refuse, on any board.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use super::scene::{Arrow, ArrowStyle, Ring, Scene};
use super::words;
use crate::game::common::i18n::Msg;
use crate::rules::family::file::{EndSpec, LineCapture, OptionEffect};
use crate::rules::{Bitboard, GameId, Move, Point, Position, Rules, Side, Variant};

/// What a diagram shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// The start position, the region shaded, options' extra pieces ringed.
    Start,
    /// A piece of a side and every step it has.
    Steps(Side),
    /// One capture (and, where captures never chain, the hop it may not add).
    Capture,
    /// A capture chain.
    Chain,
    /// A jump that takes a whole run of pieces along its line.
    Line,
    /// A missed capture punished.
    Huff,
    /// A side placing a piece from hand.
    Place(Side),
    /// The move that fills or reaches the region and wins.
    Goal,
}

/// A diagram and its caption, sentence by sentence.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub kind: Kind,
    pub scene: Scene,
    pub caption: Vec<Msg>,
}

/// A game's diagrams (of its default options), built once.
pub fn diagrams(game: GameId) -> Arc<Vec<Diagram>> {
    static BUILT: LazyLock<Mutex<HashMap<GameId, Arc<Vec<Diagram>>>>> =
        LazyLock::new(Default::default);
    if let Some(built) = BUILT.lock().expect("diagrams").get(&game) {
        return Arc::clone(built);
    }
    let built = Arc::new(build(game));
    BUILT
        .lock()
        .expect("diagrams")
        .entry(game)
        .or_insert(built)
        .clone()
}

fn build(game: GameId) -> Vec<Diagram> {
    let rules = Rules::of(Variant::new(game));
    let g = Geometry::new(&rules);
    let mut out = vec![start(&g)];
    for side in [Side::Hunters, Side::Crowd] {
        out.extend(placement(&g, side));
    }
    for side in [Side::Hunters, Side::Crowd] {
        out.extend(steps(&g, side));
    }
    if rules.chains() {
        out.extend(chain(&g));
    } else if rules.captures() {
        out.extend(capture(&g));
    }
    if game.file().capture.line != LineCapture::One {
        out.extend(line_capture(&g));
    }
    if rules.huffing() {
        out.extend(huff(&g));
    }
    out.extend(goal(&g));
    out
}

/// The rules and where the middle of their board is.
struct Geometry<'a> {
    rules: &'a Rules,
    centre: (f32, f32),
    unit: f32,
}

impl<'a> Geometry<'a> {
    fn new(rules: &'a Rules) -> Geometry<'a> {
        let board = rules.board();
        let ((x0, y0), (x1, y1)) = board.bounds();
        Geometry {
            rules,
            centre: ((x0 + x1) / 2.0, (y0 + y1) / 2.0),
            unit: board.spacing(),
        }
    }

    /// How far a point is from the middle of the board, in line lengths.
    fn off_centre(&self, p: Point) -> f32 {
        let (x, y) = self.rules.board().position(p);
        (x - self.centre.0).hypot(y - self.centre.1) / self.unit
    }

    /// The distance between two points, in line lengths.
    fn apart(&self, p: Point, q: Point) -> f32 {
        let board = self.rules.board();
        let ((px, py), (qx, qy)) = (board.position(p), board.position(q));
        (px - qx).hypot(py - qy) / self.unit
    }

    fn name(&self, p: Point) -> String {
        self.rules.board().name(p).to_string()
    }

    fn game(&self) -> GameId {
        self.rules.variant.game
    }

    /// A position with these pieces, `side` to move, nothing in hand.
    fn position(&self, hunters: Bitboard, crowd: Bitboard, side: Side) -> Position {
        self.rules.position([hunters, crowd], side, [0, 0], 0, None)
    }

    /// The moves the engine generates in a position.
    fn moves(&self, pos: &Position) -> Vec<Move> {
        let mut moves = Vec::new();
        self.rules.generate(pos, &mut moves);
        moves
    }

    /// The region of the first end that has one, to shade.
    fn region(&self) -> Bitboard {
        let r = self.rules;
        r.region_to_fill()
            .or_else(|| r.region_to_reach(Side::Crowd))
            .or_else(|| r.region_to_reach(Side::Hunters))
            .unwrap_or_default()
    }
}

fn set(points: impl Iterator<Item = Point>) -> Bitboard {
    points.fold(Bitboard::EMPTY, |b, p| b.with(p))
}

/// The start, with the region shaded and where an option adds pieces ringed.
fn start(g: &Geometry) -> Diagram {
    let pos = g.rules.start_position();
    let mut scene = Scene::of(g.rules, &pos);
    scene.region = g.region();
    let mut caption = vec![Msg::new("rules-fig-start")];
    if pos.in_hand != [0, 0] {
        caption.push(Msg::new("rules-fig-start-hand"));
    }
    for option in &g.game().file().options {
        for (value, effects) in &option.set {
            for effect in effects {
                let OptionEffect::AddStart(side, _) = effect else {
                    continue;
                };
                let mut variant = Variant::new(g.game());
                if variant.set(&option.key, value).is_err() {
                    continue;
                }
                let more = Position::start(&variant).pieces[side.index()];
                let known: Bitboard = scene
                    .rings
                    .iter()
                    .fold(pos.pieces[side.index()], |b, r| b.with(r.point));
                scene.rings.extend((more & !known).map(|point| Ring {
                    point,
                    side: *side,
                    label: value.clone(),
                }));
                caption.push(Msg::new("rules-fig-rings").text("option", option.key.clone()));
            }
        }
    }
    caption.dedup();
    Diagram {
        kind: Kind::Start,
        scene,
        caption,
    }
}

/// A side placing from hand: every point it may take dotted, the most
/// central one dropped in. The moves before the side's first placement
/// are played out, each to the most central point.
fn placement(g: &Geometry, side: Side) -> Option<Diagram> {
    let s = side.index();
    let mut pos = g.rules.start_position();
    if pos.in_hand[s] == 0 {
        return None;
    }
    for _ in 0..8 {
        if pos.side_to_move == side {
            break;
        }
        let moves = g.moves(&pos);
        let placements = moves.iter().copied().filter(Move::is_placement);
        let mv = central(g, placements).or_else(|| central(g, moves.iter().copied()))?;
        pos = g.rules.apply(&pos, &mv).0;
    }
    if pos.side_to_move != side || pos.in_hand[s] == 0 {
        return None;
    }
    let placements: Vec<Move> = g
        .moves(&pos)
        .into_iter()
        .filter(Move::is_placement)
        .collect();
    let drop = central(g, placements.iter().copied())?;
    let mut scene = Scene::of(g.rules, &pos);
    scene.targets = set(placements.iter().map(Move::to)).without(drop.to());
    scene.drop = Some((drop.to(), side));
    let area = g.rules.placement_area(side);
    if area != g.rules.board().points {
        scene.region = area;
    }
    let caption = words::piece(Msg::new("rules-fig-place"), "piece", g.game(), side)
        .text("point", g.name(drop.to()));
    Some(Diagram {
        kind: Kind::Place(side),
        scene,
        caption: vec![caption],
    })
}

/// The move landing nearest the middle of the board.
fn central(g: &Geometry, moves: impl Iterator<Item = Move>) -> Option<Move> {
    moves.min_by(|a, b| g.off_centre(a.to()).total_cmp(&g.off_centre(b.to())))
}

/// The options' values that change how a side steps.
fn step_variants(game: GameId, side: Side) -> Vec<(String, Variant)> {
    let mut out = Vec::new();
    for option in &game.file().options {
        for (value, effects) in &option.set {
            let changes = effects
                .iter()
                .any(|e| matches!(e, OptionEffect::Steps(s, _) if *s == side));
            let mut variant = Variant::new(game);
            if changes && variant.set(&option.key, value).is_ok() {
                out.push((option.key.clone(), variant));
            }
        }
    }
    out
}

/// A piece of `side` where it has the most steps (counting those an
/// option adds, dashed), nearest the middle among those.
fn steps(g: &Geometry, side: Side) -> Option<Diagram> {
    let options = step_variants(g.game(), side);
    let targets = |p: Point| {
        options
            .iter()
            .fold(g.rules.step_targets(side, p), |b, (_, v)| {
                b | Rules::of(*v).step_targets(side, p)
            })
    };
    let from = g
        .rules
        .board()
        .points
        .filter(|&p| !g.rules.step_targets(side, p).is_empty())
        .max_by(|&a, &b| {
            let key = |p: Point| (targets(p).count() as f32) * 10.0 - g.off_centre(p);
            key(a).total_cmp(&key(b))
        })?;
    let alone = set(std::iter::once(from));
    let pos = match side {
        Side::Hunters => g.position(alone, Bitboard::EMPTY, side),
        Side::Crowd => g.position(Bitboard::EMPTY, alone, side),
    };
    let plain: Vec<Move> = g.moves(&pos);
    let mut scene = Scene::of(g.rules, &pos);
    scene.arrows = plain
        .iter()
        .map(|m| Arrow::of(m, ArrowStyle::Move))
        .collect();
    let count = scene.arrows.len() as u32;
    let first = words::piece(Msg::new("rules-fig-steps"), "piece", g.game(), side)
        .text("point", g.name(from))
        .num("count", count);
    let mut caption = vec![first];
    for (key, variant) in &options {
        let mut more = Vec::new();
        Rules::of(*variant).generate(&pos, &mut more);
        let extra: Vec<Arrow> = more
            .iter()
            .filter(|m| !plain.contains(m))
            .map(|m| Arrow::of(m, ArrowStyle::Optional))
            .collect();
        if !extra.is_empty() {
            scene.arrows.extend(extra);
            caption.push(Msg::new("rules-fig-steps-option").text("option", key.clone()));
        }
    }
    (count > 0).then_some(Diagram {
        kind: Kind::Steps(side),
        scene,
        caption,
    })
}

/// One jump near the middle; where captures never chain, a second piece
/// the hunter may not go on to take, its hop drawn crossed out.
fn capture(g: &Geometry) -> Option<Diagram> {
    let board = g.rules.board();
    let mut candidates: Vec<(f32, Point, Point, Point, Option<(Point, Point)>)> = Vec::new();
    for h in board.points {
        for &(over, land) in board.jumps(h) {
            let used = set([h, over, land].into_iter());
            let next = board
                .jumps(land)
                .iter()
                .copied()
                .find(|&(o, l)| !used.contains(o) && !used.contains(l));
            let score =
                g.off_centre(h) + g.off_centre(land) - if next.is_some() { 4.0 } else { 0.0 };
            candidates.push((score, h, over, land, next));
        }
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    candidates.into_iter().find_map(|(_, h, over, land, next)| {
        let crowd = set(std::iter::once(over).chain(next.map(|n| n.0)));
        let pos = g.position(set(std::iter::once(h)), crowd, Side::Hunters);
        let moves = g.moves(&pos);
        let jump = Move::jump(h, &[land])?;
        if !moves.contains(&jump) || moves.iter().any(|m| m.hops() > 1) {
            return None;
        }
        let mut scene = Scene::of(g.rules, &pos);
        scene.captured = set(std::iter::once(over));
        scene.arrows.push(Arrow::of(&jump, ArrowStyle::Move));
        let first = words::piece(
            Msg::new("rules-fig-capture"),
            "piece",
            g.game(),
            Side::Hunters,
        )
        .text("from", g.name(h))
        .text("over", g.name(over))
        .text("to", g.name(land));
        let mut caption = vec![first];
        if let Some((o, l)) = next {
            scene.arrows.push(Arrow {
                points: vec![land, l],
                style: ArrowStyle::Forbidden,
            });
            caption.push(Msg::new("rules-fig-capture-stop").text("over", g.name(o)));
        }
        Some(Diagram {
            kind: Kind::Capture,
            scene,
            caption,
        })
    })
}

/// The straight line from `from` through `next`, as far as the board's
/// jump lines carry it (at most `len` points).
fn ray(g: &Geometry, from: Point, next: Point, len: usize) -> Vec<Point> {
    let board = g.rules.board();
    let mut ray = vec![from, next];
    while ray.len() < len {
        let n = ray.len();
        let straight_on = board
            .jumps(ray[n - 2])
            .iter()
            .find(|&&(over, _)| over == ray[n - 1]);
        let Some(&(_, beyond)) = straight_on else {
            break;
        };
        ray.push(beyond);
    }
    ray
}

/// A line capture near the middle: the shortest run of two or more pieces
/// the hunter may jump whole, taken in one move.
fn line_capture(g: &Geometry) -> Option<Diagram> {
    let board = g.rules.board();
    let mut found: Option<(usize, f32, Position, Move, Bitboard)> = None;
    for h in board.points {
        for &(next, _) in board.jumps(h) {
            let line = ray(g, h, next, 7);
            for run in 2..line.len() - 1 {
                let land = line[run + 1];
                // The whole line from the hunter to its landing, near the middle.
                let score: f32 = line[..=run + 1].iter().map(|&p| g.off_centre(p)).sum();
                if found.as_ref().is_some_and(|f| (f.0, f.1) <= (run, score)) {
                    break;
                }
                let crowd = set(line[1..=run].iter().copied());
                let pos = g.position(set(std::iter::once(h)), crowd, Side::Hunters);
                let jump = g
                    .moves(&pos)
                    .into_iter()
                    .find(|m| m.is_jump() && m.from() == h && m.to() == land && m.hops() == 1);
                let Some(jump) = jump else {
                    continue;
                };
                let (after, _) = g.rules.apply(&pos, &jump);
                let taken = pos.crowd() & !after.crowd();
                if taken == crowd {
                    found = Some((run, score, pos, jump, taken));
                    break;
                }
            }
        }
    }
    let (run, _, pos, jump, taken) = found?;
    let mut scene = Scene::of(g.rules, &pos);
    scene.captured = taken;
    scene.arrows.push(Arrow::of(&jump, ArrowStyle::Move));
    let caption = words::piece(Msg::new("rules-fig-line"), "piece", g.game(), Side::Hunters)
        .text("from", g.name(jump.from()))
        .text("to", g.name(jump.to()))
        .num("count", run as u32);
    Some(Diagram {
        kind: Kind::Line,
        scene,
        caption: vec![caption],
    })
}

/// A chain of jumps found along the board's jump lines: (hunter's start,
/// the pieces jumped, the landings).
type Path = (Point, Vec<Point>, Vec<Point>);

/// Every chain of `hops` jumps from `from` over distinct points.
fn chains_from(g: &Geometry, from: Point, hops: usize) -> Vec<Path> {
    let mut out = Vec::new();
    let mut stack: Vec<Path> = vec![(from, Vec::new(), Vec::new())];
    while let Some((start, overs, lands)) = stack.pop() {
        if overs.len() == hops {
            out.push((start, overs, lands));
            continue;
        }
        let at = lands.last().copied().unwrap_or(start);
        let used = set(std::iter::once(start)
            .chain(overs.iter().copied())
            .chain(lands.iter().copied()));
        for &(over, land) in g.rules.board().jumps(at) {
            if !used.contains(over) && !used.contains(land) {
                let mut next = (start, overs.clone(), lands.clone());
                next.1.push(over);
                next.2.push(land);
                stack.push(next);
            }
        }
    }
    out
}

/// How a chain reads: near the middle, turning at least once.
fn chain_score(g: &Geometry, (start, overs, lands): &Path) -> f32 {
    let board = g.rules.board();
    let spread: f32 = std::iter::once(*start)
        .chain(lands.iter().copied())
        .map(|p| g.off_centre(p))
        .sum();
    let direction = |a: Point, b: Point| {
        let ((ax, ay), (bx, by)) = (board.position(a), board.position(b));
        ((bx - ax).signum(), (by - ay).signum())
    };
    let mut from = *start;
    let mut turns = 0;
    let mut last = None;
    for (&over, &land) in overs.iter().zip(lands) {
        let d = direction(from, over);
        if last.is_some_and(|l| l != d) {
            turns += 1;
        }
        last = Some(d);
        from = land;
    }
    spread - if turns > 0 { 6.0 } else { 0.0 }
}

/// A chain of three jumps (or two, on a board with no room for three).
fn chain(g: &Geometry) -> Option<Diagram> {
    let board = g.rules.board();
    for hops in [3, 2] {
        let mut paths: Vec<Path> = board.points.flat_map(|p| chains_from(g, p, hops)).collect();
        paths.sort_by(|a, b| chain_score(g, a).total_cmp(&chain_score(g, b)));
        for (start, overs, lands) in paths {
            let pos = g.position(
                set(std::iter::once(start)),
                set(overs.iter().copied()),
                Side::Hunters,
            );
            let Some(jump) = Move::jump(start, &lands) else {
                continue;
            };
            if !g.moves(&pos).contains(&jump) {
                continue;
            }
            let mut scene = Scene::of(g.rules, &pos);
            scene.captured = set(overs.iter().copied());
            scene.arrows.push(Arrow::of(&jump, ArrowStyle::Move));
            let caption = words::piece(
                Msg::new("rules-fig-chain"),
                "piece",
                g.game(),
                Side::Hunters,
            )
            .text("from", g.name(start))
            .text("to", g.name(jump.to()))
            .num("count", hops as u32);
            return Some(Diagram {
                kind: Kind::Chain,
                scene,
                caption: vec![caption],
            });
        }
    }
    None
}

/// Huffing: one hunter could jump, another steps instead, and the engine
/// removes the one that could have jumped.
fn huff(g: &Geometry) -> Option<Diagram> {
    let board = g.rules.board();
    let mut jumpers: Vec<Point> = board
        .points
        .filter(|&p| !board.jumps(p).is_empty())
        .collect();
    jumpers.sort_by(|&a, &b| g.off_centre(a).total_cmp(&g.off_centre(b)));
    for h in jumpers {
        for &(over, land) in board.jumps(h) {
            let near = set([h, over, land].into_iter());
            let mut others: Vec<Point> = board.points.filter(|&p| !near.contains(p)).collect();
            others.sort_by(|&a, &b| {
                let key = |p: Point| (g.apart(p, h) - 2.5).abs() + g.off_centre(p) * 0.1;
                key(a).total_cmp(&key(b))
            });
            for mover in others {
                if let Some(d) = huff_with(g, h, over, mover) {
                    return Some(d);
                }
            }
        }
    }
    None
}

fn huff_with(g: &Geometry, jumper: Point, over: Point, mover: Point) -> Option<Diagram> {
    let hunters = set([jumper, mover].into_iter());
    let pos = g.position(hunters, set(std::iter::once(over)), Side::Hunters);
    if g.rules.hunters_that_can_jump(&pos) != set(std::iter::once(jumper)) {
        return None;
    }
    let moves = g.moves(&pos);
    let step = moves
        .iter()
        .filter(|m| m.from() == mover && !m.is_jump())
        .min_by(|a, b| g.apart(a.to(), jumper).total_cmp(&g.apart(b.to(), jumper)))?;
    let (_, effects) = g.rules.apply(&pos, step);
    if effects.huffed != set(std::iter::once(jumper)) {
        return None;
    }
    let mut scene = Scene::of(g.rules, &pos);
    scene.huffed = effects.huffed;
    scene.arrows.push(Arrow::of(step, ArrowStyle::Move));
    scene.arrows.extend(
        moves
            .iter()
            .filter(|m| m.is_jump() && m.from() == jumper)
            .map(|m| Arrow::of(m, ArrowStyle::Missed)),
    );
    let caption = words::piece(Msg::new("rules-fig-huff"), "piece", g.game(), Side::Hunters)
        .text("jumper", g.name(jumper))
        .text("from", g.name(mover))
        .text("to", g.name(step.to()));
    Some(Diagram {
        kind: Kind::Huff,
        scene,
        caption: vec![caption],
    })
}

/// The winning move into the region: the crowd's last piece into the
/// region it fills, or a piece onto the region it reaches.
fn goal(g: &Geometry) -> Option<Diagram> {
    g.game().file().ends.iter().find_map(|end| match end {
        EndSpec::CrowdFills(_) => g
            .rules
            .region_to_fill()
            .and_then(|r| into_region(g, Side::Crowd, r, true)),
        EndSpec::Reaches(side, _) => g
            .rules
            .region_to_reach(*side)
            .and_then(|r| into_region(g, *side, r, false)),
        _ => None,
    })
}

/// A piece of `side` steps into `region` and wins; with `fill`, the rest of
/// the region is already held. The other side's pieces stand farthest away.
fn into_region(g: &Geometry, side: Side, region: Bitboard, fill: bool) -> Option<Diagram> {
    let board = g.rules.board();
    let mut entries: Vec<(Point, Point)> = board
        .points
        .filter(|p| !region.contains(*p))
        .flat_map(|from| (g.rules.step_targets(side, from) & region).map(move |to| (from, to)))
        .collect();
    entries.sort_by(|a, b| g.off_centre(a.0).total_cmp(&g.off_centre(b.0)));
    let others = (words::pieces(g.game(), side.other()) as usize).clamp(1, 4);
    for (from, to) in entries {
        let own = if fill {
            region.without(to).with(from)
        } else {
            set(std::iter::once(from))
        };
        let mut far: Vec<Point> = board
            .points
            .filter(|p| !own.contains(*p) && !region.contains(*p))
            .collect();
        far.sort_by(|&a, &b| g.apart(b, to).total_cmp(&g.apart(a, to)));
        let theirs = set(far.into_iter().take(others));
        let pieces = match side {
            Side::Hunters => (own, theirs),
            Side::Crowd => (theirs, own),
        };
        let pos = g.position(pieces.0, pieces.1, side);
        let step = Move::step(from, to);
        if !g.moves(&pos).contains(&step) {
            continue;
        }
        let (after, _) = g.rules.apply(&pos, &step);
        if g.rules.win_of(&after, side).is_none() {
            continue;
        }
        let mut scene = Scene::of(g.rules, &pos);
        scene.region = region;
        scene.arrows.push(Arrow::of(&step, ArrowStyle::Move));
        let id = if fill {
            "rules-fig-fill"
        } else {
            "rules-fig-reach"
        };
        let caption = words::piece(Msg::new(id), "piece", g.game(), side).text("point", g.name(to));
        let caption = words::side(caption, "side", "single", g.game(), side);
        return Some(Diagram {
            kind: Kind::Goal,
            scene,
            caption: vec![caption],
        });
    }
    None
}
