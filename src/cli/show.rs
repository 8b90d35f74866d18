//! `perft` and `show`: the rules from the command line, as move counts
//! and as a board in text.

use std::fmt::Write as _;

use super::args::Args;
use super::usage::{option_list, usage_of};
use crate::rules::{Game, Side};

/// `perft GAME DEPTH`: the leaf count, each root move's with `--divide`
/// (in move-text order), then the total.
pub(super) fn perft(args: &Args) -> Result<String, String> {
    let (game_id, depth) = match args.positional.as_slice() {
        [game_id, depth] => (Some(game_id.as_str()), depth),
        [depth] if args.game_file.is_some() => (None, depth),
        _ => return Err(format!("perft takes GAME DEPTH\n{}", usage_of("perft"))),
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("DEPTH must be a whole number, found `{depth}`"))?;
    let mut game = args.game(args.game_named(game_id)?)?;
    let mut s = String::new();
    let total = if args.divide {
        let mut total = 0;
        for (mv, n) in game.perft_divide(depth.max(1)) {
            writeln!(s, "{} {n}", game.move_text(&mv)).unwrap();
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        game.perft(depth)
    };
    writeln!(s, "{total}").unwrap();
    Ok(s)
}

/// `show GAME`: the position after the arguments, described.
pub(super) fn show(args: &Args) -> Result<String, String> {
    let game = args.game(args.only_game("show")?)?;
    Ok(describe(&game))
}

/// An ASCII board: row by row from the top of the drawing, each point
/// where the drawing puts it (a piece's letter, `+` on the region the crowd
/// fills, `.` elsewhere); on a board not drawn on whole coordinates, each
/// row lists its points by name.
pub fn ascii_board(game: &Game) -> String {
    let kind = game.variant().game;
    let rules = game.rules();
    let board = rules.board();
    let region = rules.region_to_fill().unwrap_or_default();
    let pos = game.position();
    let mark = |p| match pos.piece_at(p) {
        Some(side) => kind.piece_names(side).2,
        None if region.contains(p) => '+',
        None => '.',
    };
    let whole = { board.points }.all(|p| {
        let (x, y) = board.position(p);
        x.fract() == 0.0 && y.fract() == 0.0
    });
    let mut s = String::new();
    if !whole {
        for row in board.rows() {
            let cells: Vec<String> = row
                .iter()
                .map(|&p| format!("{}:{}", board.name(p), mark(p)))
                .collect();
            writeln!(s, "{}", cells.join(" ")).unwrap();
        }
        return s;
    }
    let x0 = board
        .points
        .map(|p| board.position(p).0)
        .fold(f32::MAX, f32::min);
    for row in board.rows() {
        let mut line = String::new();
        for &p in &row {
            let column = 2 * (board.position(p).0 - x0) as usize;
            while line.len() < column {
                line.push(' ');
            }
            line.push(mark(p));
        }
        let name = board.name(row[0]);
        let rank: String = name
            .chars()
            .skip_while(|c| c.is_ascii_alphabetic())
            .collect();
        writeln!(s, "{rank:>2}  {line}").unwrap();
    }
    s
}

/// The game's options and the values each can take, the board, side to
/// move, counters, outcome, legal moves and position string.
pub fn describe(game: &Game) -> String {
    let kind = game.variant().game;
    let pos = game.position();
    let name = |side: Side| kind.piece_names(side).0;
    let mut s = format!("{}\n", game.variant().title());
    if !kind.file().options.is_empty() {
        writeln!(s, "options: {}", option_list(kind)).unwrap();
    }
    s.push_str(&ascii_board(game));
    writeln!(s, "to move: {}", name(pos.side_to_move)).unwrap();
    writeln!(
        s,
        "{}: {} on board, {} in hand; {}: {} on board, {} in hand",
        name(Side::Hunters),
        pos.hunters().count(),
        pos.in_hand[0],
        name(Side::Crowd),
        pos.crowd().count() + pos.stacked(),
        pos.in_hand[1]
    )
    .unwrap();
    let rules = game.rules();
    let stacks: Vec<String> = rules
        .stack_points()
        .iter()
        .map(|&p| (p, rules.pieces_on(pos, p)))
        .filter(|&(_, n)| n > 1)
        .map(|(p, n)| format!("{} {n}", rules.board().name(p)))
        .collect();
    if !stacks.is_empty() {
        writeln!(s, "stacks: {}", stacks.join(", ")).unwrap();
    }
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
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    legal.sort();
    writeln!(s, "legal moves ({}): {}", legal.len(), legal.join(" ")).unwrap();
    writeln!(s, "position: {}", game.position_string()).unwrap();
    s
}
