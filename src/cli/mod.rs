//! The command-line front end, as a library module so tests can drive it.

use std::fmt::Write as _;
use std::io::Write;

use crate::rules::{Game, GameKind, Side, Topology, Variant, board::Point};

mod arena;
mod play;
mod stats;
mod tables;
mod versus;

const USAGE: &str = "usage:
  stronghold-cli perft GAME DEPTH [--moves \"M1 M2 ...\"] [--option KEY=VALUE]... [--divide]
  stronghold-cli show GAME [--moves \"M1 M2 ...\"] [--position STRING] [--option KEY=VALUE]...
  stronghold-cli bestmove GAME [--moves ...] [--position STRING] [--option KEY=VALUE]...
      [--level LEVEL | --depth D | --time-ms T] [--nodes N] [--seed S]
  stronghold-cli selfplay GAME [--option KEY=VALUE]... --games N --hunters LEVEL --crowd LEVEL
      [--seed S] [--openings K] [--ply-cap P] [--time-scale F] [--quiet] [--record FILE]
  stronghold-cli match GAME --a LEVEL --b LEVEL [--pairs N] [--openings K] [--seed S]
      [--time-scale F] [--jobs J] [--ply-cap P] [--option KEY=VALUE]... [--quiet]
      [--table FILE|none] [--record FILE]
      Pairs of games from one random opening (K plies, default 2, each chosen among the moves
      a 5-ply search finds within half a piece of the best), A on each side once;
      the score of A with a 95 % interval, and graded results. J games at a time
      (default: one per core). --record writes each game's moves to FILE, a line per game.
      --table: Bagh-Chal's sliding-phase table for Master (default: the shipped one, when
      run from the repository).
  stronghold-cli solve fox-geese [--moves ...] [--position STRING] [--option geese=N] [--nodes N] [--hash-mb MB]
      Proves who wins with perfect play (Fox and Geese without sideways steps);
      --hash-mb sizes its table of proven positions (default 1024, a power of two used).
  stronghold-cli solve fox-geese --record FILE --after-ply N [--nodes N] [--hash-mb MB]
      The same for each game of a selfplay or match record, after its first N plies.
  stronghold-cli solve fox-geese --backwards [--moves ...] [--position STRING] [--jobs J] [--quiet]
      [--check N [--seed S]]
      The same by solving every position that can follow, fewest geese and furthest on
      first, on J threads (default: one per core): the whole game from the start in
      about 7 GB of memory. --check proves N positions of random games from there again
      with the proof search and says whether the two agree.
  stronghold-cli tablebase build --out FILE [--keep K]
      Solves Bagh-Chal's sliding phase (minutes, about 1.5 GB of memory) and writes the
      positions with up to K goats captured (default 2) to FILE.
  stronghold-cli tablebase probe --table FILE [--moves ...] [--position STRING]
  stronghold-cli tablebase games --table FILE --record FILE
      The table's value after the last placement of each game a match recorded.
  stronghold-cli tablebase placement --table FILE [--moves ...] [--position STRING] [--nodes N] [--hash-mb MB]
      [--at-least POINTS]
  stronghold-cli tablebase placement --table FILE --record FILE [--in-hand H] [--nodes N] [--hash-mb MB]
      The best the goats can force by the end of placement, as the table judges the
      position that ends it: for a position and each of its moves, or for every goat
      placement with at most H goats in hand (default 6) of each recorded game.
      With --at-least POINTS, only whether they can force that much (faster): POINTS is
      100 for a win, or a draw's: minus 10 a goat taken, 15 more for a forced capture.
  stronghold-cli tablebase labels --table FILE --games N --out FILE [--in-hand H] [--seed S]
      [--to-move goats|tigers]
      N positions with H goats in hand (default 8), goats to move (or tigers), from Easy's
      play with one move in four at random, each solved with every move from it: a CSV line
      per position with its value and the evaluation's features (for
      tools/strength/fit_placement.py).
GAME is pirates, asalto, fox-geese or bagh-chal.
LEVEL is beginner, easy, medium, hard or master.
Options: compulsory=on|off, retreat=on|off (pirates); geese=13|15|17, sideways=on|off (fox-geese);
quiet-limit=on|off (bagh-chal).";

/// Arguments shared by the commands.
#[derive(Default)]
struct Common {
    positional: Vec<String>,
    moves: Option<String>,
    position: Option<String>,
    options: Vec<String>,
    divide: bool,
    /// Flags of `bestmove` and `selfplay`, as given (checked by those commands).
    search: play::SearchArgs,
}

fn parse_args(args: &[String]) -> Result<Common, String> {
    let mut c = Common::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match a.as_str() {
            "--moves" => c.moves = Some(value("--moves")?),
            "--position" => c.position = Some(value("--position")?),
            "--option" => c.options.push(value("--option")?),
            "--divide" => c.divide = true,
            "--quiet" => c.search.quiet = true,
            "--backwards" => c.search.backwards = true,
            flag if play::SearchArgs::FLAGS.contains(&flag) => {
                let v = value(flag)?;
                c.search.set(flag, v);
            }
            s if s.starts_with("--") => return Err(format!("unknown flag {s}\n{USAGE}")),
            _ => c.positional.push(a.clone()),
        }
    }
    Ok(c)
}

/// The game the arguments describe: a start or a position string, then the moves.
fn build_game(c: &Common, game_id: &str) -> Result<Game, String> {
    let kind = GameKind::from_id(game_id).ok_or_else(|| {
        format!("unknown game `{game_id}` (expected pirates, asalto, fox-geese or bagh-chal)")
    })?;
    let mut game = match &c.position {
        Some(text) => {
            if !c.options.is_empty() {
                return Err("--option cannot be used with --position: the position string carries its options".into());
            }
            let g = Game::from_position_string(text).map_err(|e| e.to_string())?;
            if g.variant().kind != kind {
                return Err(format!(
                    "the position string is for {}, not {kind}",
                    g.variant().kind
                ));
            }
            g
        }
        None => {
            let mut variant = Variant::new(kind);
            for o in &c.options {
                variant.set_option(o).map_err(|e| e.to_string())?;
            }
            Game::new(variant)
        }
    };
    if let Some(moves) = &c.moves {
        for (i, word) in moves.split_whitespace().enumerate() {
            if let Err(e) = game.parse_move(word) {
                let mut legal: Vec<String> =
                    game.legal_moves().iter().map(|m| m.to_string()).collect();
                legal.sort();
                let legal = if legal.is_empty() {
                    "none (the game is over)".to_string()
                } else {
                    legal.join(" ")
                };
                return Err(format!("move {} {e}\nlegal moves: {legal}", i + 1));
            }
            let mv = game.parse_move(word).expect("checked above");
            game.play_unchecked(&mv);
        }
    }
    Ok(game)
}

/// Runs one command, writing its output to `out`.
pub fn run(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let Some(command) = args.first() else {
        return Err(USAGE.to_string());
    };
    // `--help` or `-h` anywhere (`perft --help`) asks for the usage, not a run.
    let asks_help = |a: &String| matches!(a.as_str(), "--help" | "-h");
    if command == "help" || args.iter().any(asks_help) {
        return out
            .write_all(format!("{USAGE}\n").as_bytes())
            .map_err(|e| e.to_string());
    }
    let c = parse_args(&args[1..])?;
    let text = match command.as_str() {
        "perft" => perft(&c)?,
        "show" => show(&c)?,
        "bestmove" => play::bestmove(&c)?,
        // Streams a line per recorded game with --record.
        "solve" => return play::solve(&c, out),
        // Streams a line per game: runs can be long.
        "selfplay" => return play::selfplay(&c, out),
        "match" => return versus::run_match(&c, out),
        "tablebase" => return tables::tablebase(&c, out),
        other => return Err(format!("unknown command `{other}`\n{USAGE}")),
    };
    out.write_all(text.as_bytes()).map_err(|e| e.to_string())
}

fn perft(c: &Common) -> Result<String, String> {
    let [game_id, depth] = c.positional.as_slice() else {
        return Err(format!("perft takes GAME DEPTH\n{USAGE}"));
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("DEPTH must be a whole number, found `{depth}`"))?;
    let mut game = build_game(c, game_id)?;
    let mut s = String::new();
    let total = if c.divide {
        let mut total = 0;
        for (mv, n) in game.perft_divide(depth.max(1)) {
            writeln!(s, "{mv} {n}").unwrap();
            total += n;
        }
        if depth == 0 { 1 } else { total }
    } else {
        game.perft(depth)
    };
    writeln!(s, "{total}").unwrap();
    Ok(s)
}

fn show(c: &Common) -> Result<String, String> {
    let [game_id] = c.positional.as_slice() else {
        return Err(format!("show takes GAME\n{USAGE}"));
    };
    let game = build_game(c, game_id)?;
    Ok(describe(&game))
}

/// An ASCII board with coordinates.
pub fn ascii_board(game: &Game) -> String {
    let kind = game.variant().kind;
    let topo = Topology::get(kind.board());
    let stronghold = game.variant().stronghold().unwrap_or_default();
    let pos = game.position();
    let mut s = String::new();
    for rank in (0..topo.size).rev() {
        write!(s, "{} ", rank + 1).unwrap();
        for file in 0..topo.size {
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
    for file in 0..topo.size {
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
