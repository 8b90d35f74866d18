//! `solve`: who wins a Fox and Geese position with perfect play, by the
//! proof search (one position, or each recorded game after so many plies)
//! or by solving backwards every position that can follow, with a check of
//! the one against the other; and who wins a small game of any other kind
//! (Kaooa, Jeu Militaire), solved backwards from its position
//! ([`crate::ai::solve`]).

use std::fmt::Write as _;
use std::io::Write;

use web_time::Instant;

use super::args::{Args, say};
use crate::ai::fox_geese_proof::{FoxGeeseSolver, Winner};
use crate::ai::solve::{self, Solved};
use crate::analysis::backwards::{FoxGeeseTable, LayerDone};
use crate::rules::{Game, GameId, Move, Side};

/// `solve`: the proven winner of a Fox and Geese position (sideways off);
/// with `--record`, of each recorded game's position after `--after-ply`
/// plies, a line per game as it is proven. Any other game is solved
/// backwards from its position, if it is small enough.
pub(super) fn solve(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let kind = args.only_game("solve")?;
    if kind.plug_in() != Some("fox-geese") {
        return solve_small(args, kind, out);
    }
    if let Some(path) = args.record.as_deref() {
        return solve_games(args, kind, path, out);
    }
    let game = args.game(kind)?;
    if let Some(o) = game.outcome() {
        return Err(format!(
            "the game is over: {}",
            o.describe(game.variant().game)
        ));
    }
    if args.backwards {
        return solve_backwards(args, &game, out);
    }
    let start = Instant::now();
    let mut solver = fox_geese_solver(args, &game)?;
    let winner = solver.solve(game.position()).map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    let winning = solver
        .winning_moves(game.position())
        .map_err(|e| e.to_string())?;
    let mut s = String::new();
    write_winner(&mut s, &game, winner, &winning);
    writeln!(s, "nodes {}", solver.nodes()).unwrap();
    writeln!(s, "proofs stored {}", solver.table_size()).unwrap();
    writeln!(s, "time {secs:.1} s").unwrap();
    say(out, &s)
}

/// The first lines of `solve`'s report: the winner and its winning moves.
fn write_winner(s: &mut String, game: &Game, winner: Winner, winning: &[Move]) {
    let who = match winner {
        Winner::Fox => "the fox",
        Winner::Geese => "the geese",
    };
    writeln!(s, "winner {who} (with perfect play by both sides)").unwrap();
    let mut winning: Vec<String> = winning.iter().map(|m| game.move_text(m)).collect();
    winning.sort();
    let list = if winning.is_empty() {
        "none: every move loses".to_string()
    } else {
        winning.join(" ")
    };
    writeln!(s, "winning moves {list}").unwrap();
}

/// `solve --backwards`: every position that can follow the game's solved
/// at once (see [`crate::analysis::backwards`]), on `--jobs` threads, if the
/// memory it needs is there.
fn solve_backwards(args: &Args, game: &Game, out: &mut dyn Write) -> Result<(), String> {
    let jobs = args.jobs();
    let checks = args.check;
    let seed = args.seed.unwrap_or(1);
    let (variant, pos) = (*game.variant(), game.position());
    let bytes = FoxGeeseTable::bytes_needed(variant, pos).map_err(|e| e.to_string())?;
    if let Some(free) = available_memory()
        && bytes > free
    {
        return Err(format!(
            "solving backwards from here needs {} MB of memory; {} MB are available",
            bytes >> 20,
            free >> 20
        ));
    }
    let start = Instant::now();
    let quiet = args.quiet;
    let mut progress = |layer: &LayerDone| {
        if !quiet {
            eprintln!(
                "solve: {} geese, rank sum {}: {} sets in {:.1} s ({:.0} s in all)",
                layer.geese,
                layer.rank_sum,
                layer.sets,
                layer.seconds,
                start.elapsed().as_secs_f64()
            );
        }
    };
    let table =
        FoxGeeseTable::build(variant, pos, jobs, &mut progress).map_err(|e| e.to_string())?;
    let winner = table
        .winner(pos)
        .ok_or("the table does not cover its own root")?;
    let winning = table
        .winning_moves(pos)
        .ok_or("the table does not cover its own root")?;
    let mut s = String::new();
    write_winner(&mut s, game, winner, &winning);
    writeln!(
        s,
        "solved backwards: geese, goose sets, positions with the geese to move, fox wins among them"
    )
    .unwrap();
    for count in table.counts() {
        writeln!(
            s,
            "  {:2} {:>12} {:>14} {:>14}",
            count.geese, count.sets, count.positions, count.fox_wins
        )
        .unwrap();
    }
    writeln!(s, "memory {} MB", bytes >> 20).unwrap();
    writeln!(s, "time {:.1} s", start.elapsed().as_secs_f64()).unwrap();
    if let Some(checks) = checks {
        let checked = check_backwards(&table, game, checks, seed)?;
        writeln!(s, "{checked}").unwrap();
    }
    say(out, &s)
}

/// `solve --backwards --check N`: positions proven again by the forward
/// proof search (at most 2 M positions each, or skipped), until N agree or
/// disagree: positions of random games from the root (the fox throwing
/// its win away half the time, the geese keeping a win when they have
/// one), then, since from the start those are nearly all the fox's, N
/// random positions of the table's that the geese win.
fn check_backwards(
    table: &FoxGeeseTable,
    root: &Game,
    checks: usize,
    seed: u64,
) -> Result<String, String> {
    let mut rng = crate::ai::rng::SplitMix64::new(seed);
    let mut games = Checked::default();
    // A short game may offer nothing to check: a bounded number of tries.
    for _ in 0..checks.saturating_mul(20) {
        let mut game = root.clone();
        while !game.is_over() && games.done() < checks {
            if rng.below(6) == 0 {
                games.check(table, game.position())?;
            }
            let moves = game.legal_moves();
            let winning = table.winning_moves(game.position()).unwrap_or_default();
            let pool: Vec<Move> = match game.side_to_move() {
                // Half the time the fox throws its win away, if it can.
                Side::Hunters if rng.below(2) == 0 => {
                    moves.into_iter().filter(|m| !winning.contains(m)).collect()
                }
                Side::Crowd if !winning.is_empty() => winning,
                _ => moves,
            };
            let pool = if pool.is_empty() {
                game.legal_moves()
            } else {
                pool
            };
            game.play_unchecked(&pool[rng.below(pool.len() as u64) as usize]);
        }
        if games.done() >= checks {
            break;
        }
    }
    let mut geese_wins = Checked::default();
    for _ in 0..checks.saturating_mul(5000) {
        if geese_wins.done() >= checks {
            break;
        }
        let Some(pos) = table.random_position(&mut rng) else {
            break;
        };
        if table.winner(&pos) == Some(Winner::Geese) {
            geese_wins.check(table, &pos)?;
        }
    }
    let mut s = format!(
        "check, positions of random games: {} agree ({} won by the fox, {} by the geese), {} skipped (over 2 M positions for the proof search)\n",
        games.fox + games.geese,
        games.fox,
        games.geese,
        games.too_big
    );
    write!(
        s,
        "check, random positions the geese win: {} agree, {} skipped",
        geese_wins.geese, geese_wins.too_big
    )
    .unwrap();
    for position in games.disagree.iter().chain(&geese_wins.disagree) {
        write!(s, "\n  DISAGREES: {position}").unwrap();
    }
    Ok(s)
}

/// What `--check` found so far.
#[derive(Default)]
struct Checked {
    fox: usize,
    geese: usize,
    too_big: usize,
    disagree: Vec<String>,
}

impl Checked {
    /// Positions proven, agreeing or not.
    fn done(&self) -> usize {
        self.fox + self.geese + self.disagree.len()
    }

    fn check(&mut self, table: &FoxGeeseTable, pos: &crate::rules::Position) -> Result<(), String> {
        let mut solver =
            FoxGeeseSolver::new(*table.variant(), 2_000_000, 20).map_err(|e| e.to_string())?;
        match (solver.solve(pos), table.winner(pos)) {
            (Ok(proof), Some(answer)) if proof == answer => match proof {
                Winner::Fox => self.fox += 1,
                Winner::Geese => self.geese += 1,
            },
            (Ok(_), _) => self
                .disagree
                .push(crate::rules::position_string(table.variant(), pos)),
            (Err(_), _) => self.too_big += 1,
        }
        Ok(())
    }
}

/// Memory the system can still give, where it says (Linux).
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb << 10)
}

/// A proof search for `game` with `--nodes` and `--hash-mb` (a table of
/// 2^27 words, 1 GiB, without it: proofs it forgets are found again),
/// reporting progress on stderr unless `--quiet`.
fn fox_geese_solver(args: &Args, game: &Game) -> Result<FoxGeeseSolver, String> {
    let budget = args.nodes.unwrap_or(u64::MAX);
    let table_bits = match args.hash_mb {
        // Two words (16 bytes) per bucket: the largest power of two that fits.
        Some(mb) => 63 - mb.saturating_mul(1 << 16).leading_zeros(),
        None => 26,
    };
    let mut solver =
        FoxGeeseSolver::new(*game.variant(), budget, table_bits).map_err(|e| e.to_string())?;
    if !args.quiet {
        let start = Instant::now();
        solver.on_progress(Box::new(move |nodes| {
            eprintln!(
                "solve: {} M positions searched, {:.0} s",
                nodes >> 20,
                start.elapsed().as_secs_f64()
            );
        }));
    }
    Ok(solver)
}

/// `solve --record FILE --after-ply N`: each recorded game (a `selfplay`
/// or `match` record) after its first N plies, with a fresh table each.
fn solve_games(args: &Args, kind: GameId, path: &str, out: &mut dyn Write) -> Result<(), String> {
    let plies = args.after_ply.ok_or("solve --record needs --after-ply N")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let (players, moves) = line.split_once(':').unwrap_or(("", line));
        let mut game = args.game(kind)?;
        for word in moves.split_whitespace().take(plies) {
            let at = |e: String| format!("{path}:{}: {e}", n + 1);
            let mv = game.parse_move(word).map_err(|e| at(e.to_string()))?;
            game.play(&mv).map_err(|e| at(e.to_string()))?;
        }
        let verdict = if let Some(o) = game.outcome() {
            format!("the game is over: {}", o.describe(game.variant().game))
        } else if game.ply() < plies {
            format!("only {} plies recorded", game.ply())
        } else {
            let start = Instant::now();
            let mut solver = fox_geese_solver(args, &game)?;
            let proof = solver.solve(game.position());
            let (nodes, secs) = (solver.nodes(), start.elapsed().as_secs_f64());
            match proof {
                Ok(Winner::Fox) => format!("the fox wins ({nodes} positions, {secs:.1} s)"),
                Ok(Winner::Geese) => format!("the geese win ({nodes} positions, {secs:.1} s)"),
                Err(e) => format!("{e} ({secs:.1} s)"),
            }
        };
        let text = format!(
            "game {} ({}) after ply {plies}: {verdict}\n",
            n + 1,
            players.trim()
        );
        say(out, &text)?;
    }
    Ok(())
}

/// `solve GAME` for a small game: who wins from its position with perfect
/// play, solved backwards over every position that can follow.
fn solve_small(args: &Args, kind: GameId, out: &mut dyn Write) -> Result<(), String> {
    if args.record.is_some() {
        return Err(format!(
            "--record is for Fox and Geese's proof search; {kind} is solved from one position"
        ));
    }
    let game = args.game(kind)?;
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over: {}", o.describe(kind)));
    }
    let start = Instant::now();
    let solution = solve::solve(game.rules(), game.position(), solve::PROOF_SOLVE_LIMIT)
        .map_err(|e| e.to_string())?;
    let name = |side: Side| kind.piece_names(side).0;
    let verdict = match (solution.winner(), solution.start) {
        (Some(side), Solved::Win(n) | Solved::Loss(n)) => {
            let mut verdict = format!(
                "the {} win with perfect play, in {n} plies at most",
                name(side)
            );
            // The solve leaves the quiet draw out: say so where it could
            // come first (Jeu Militaire's draw after twelve moves).
            if let Some(limit) = game.variant().quiet_limit()
                && n > limit.saturating_sub(game.position().quiet_plies)
            {
                write!(
                    verdict,
                    ", leaving out the draw after {limit} plies without progress, which can come first"
                )
                .expect("a string");
            }
            verdict
        }
        _ => match solution.win_without_quiet_draw() {
            // The quiet draw decides (no move resets its count).
            Some((side, n)) => format!(
                "a draw with perfect play: the draw after {} plies without progress comes first; without it the {} win, in {n} plies at most (no move here resets the count)",
                game.variant().quiet_limit().unwrap_or(0),
                name(side)
            ),
            None => "a draw with perfect play (the game can go round for ever)".to_string(),
        },
    };
    say(
        out,
        &format!(
            "{}: {verdict}\npositions {}\ntime {:.1} s\n",
            game.variant().title(),
            solution.positions,
            start.elapsed().as_secs_f64()
        ),
    )
}
