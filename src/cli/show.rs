//! `perft` and `show`: the rules from the command line, as move counts
//! and as a board in text.

use std::fmt::Write as _;

use super::args::{Args, game_kind};
use super::family::{self, family_game, ids as family_ids};
use super::usage::usage_of;
use crate::rules::{Game, Side, Topology, board::Point};

/// `perft GAME DEPTH`: the leaf count, each root move's with `--divide`.
pub(super) fn perft(args: &Args) -> Result<String, String> {
    let (game_id, depth) = match args.positional.as_slice() {
        [game_id, depth] => (Some(game_id.as_str()), depth),
        [depth] if args.game_file.is_some() => (None, depth),
        _ => return Err(format!("perft takes GAME DEPTH\n{}", usage_of("perft"))),
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("DEPTH must be a whole number, found `{depth}`"))?;
    if let Some(game) = family_game(args, game_id) {
        let mut game = game?;
        return Ok(perft_text(depth, args.divide, |d| {
            if d.is_some() {
                game.perft_divide(depth.max(1))
            } else {
                vec![(String::new(), game.perft(depth))]
            }
        }));
    }
    let kind = game_kind(game_id.unwrap_or_default())
        .map_err(|e| format!("{e}; or a game of the family: {}", family_ids()))?;
    let mut game = args.game(kind)?;
    Ok(perft_text(depth, args.divide, |d| {
        if d.is_some() {
            game.perft_divide(depth.max(1))
                .into_iter()
                .map(|(mv, n)| (mv.to_string(), n))
                .collect()
        } else {
            vec![(String::new(), game.perft(depth))]
        }
    }))
}

/// Perft's output, for the four and the family alike: with `--divide`, a
/// line per root move (`count(Some(()))` gives them), then the total;
/// without, the total alone (`count(None)` gives it).
fn perft_text(
    depth: u32,
    divide: bool,
    mut count: impl FnMut(Option<()>) -> Vec<(String, u64)>,
) -> String {
    let mut s = String::new();
    let total = if divide {
        let mut total = 0;
        for (mv, n) in count(Some(())) {
            writeln!(s, "{mv} {n}").unwrap();
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        count(None).iter().map(|(_, n)| n).sum()
    };
    writeln!(s, "{total}").unwrap();
    s
}

/// `show GAME`: the position after the arguments, described.
pub(super) fn show(args: &Args) -> Result<String, String> {
    if let Some(game) = family_game(args, args.positional.first().map(String::as_str)) {
        return Ok(family::show(&game?));
    }
    let game = args.game(args.only_game("show")?)?;
    Ok(describe(&game))
}

/// An ASCII board with coordinates.
pub fn ascii_board(game: &Game) -> String {
    let kind = game.variant().kind;
    let topo = Topology::get(kind.board());
    let stronghold = game.variant().stronghold().unwrap_or_default();
    let pos = game.position();
    let mut s = String::new();
    for rank in (0..topo.size()).rev() {
        write!(s, "{} ", rank + 1).unwrap();
        for file in 0..topo.size() {
            let p = Point::new(file, rank).expect("on grid");
            let ch = if !topo.points.contains(p) {
                ' '
            } else {
                match pos.piece_at(p) {
                    Some(side) => kind.piece_names(side).2,
                    None if stronghold.contains(p) => '+',
                    None => '.',
                }
            };
            write!(s, " {ch}").unwrap();
        }
        s.push('\n');
    }
    s.push_str("  ");
    for file in 0..topo.size() {
        write!(s, " {}", (b'a' + file) as char).unwrap();
    }
    s.push('\n');
    s
}

/// The board, side to move, counters, outcome, legal moves and position string.
pub fn describe(game: &Game) -> String {
    let kind = game.variant().kind;
    let pos = game.position();
    let name = |side: Side| kind.piece_names(side).0;
    let mut s = format!(
        "{} ({})\n",
        kind.title(),
        game.variant().option_strings().join(", ")
    );
    s.push_str(&ascii_board(game));
    writeln!(s, "to move: {}", name(pos.side_to_move)).unwrap();
    writeln!(
        s,
        "{}: {} on board, {} in hand; {}: {} on board, {} in hand",
        name(Side::Hunters),
        pos.hunters().count(),
        pos.in_hand[0],
        name(Side::Crowd),
        pos.crowd().count(),
        pos.in_hand[1]
    )
    .unwrap();
    let limit = game
        .variant()
        .quiet_limit()
        .map_or("none".to_string(), |l| l.to_string());
    writeln!(
        s,
        "plies without progress: {} (draw at {limit})",
        pos.quiet_plies
    )
    .unwrap();
    match game.outcome() {
        Some(o) => writeln!(s, "outcome: {}", o.describe(kind)).unwrap(),
        None => writeln!(s, "outcome: in progress").unwrap(),
    }
    let mut legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    legal.sort();
    writeln!(s, "legal moves ({}): {}", legal.len(), legal.join(" ")).unwrap();
    writeln!(s, "position: {}", game.position_string()).unwrap();
    s
}
