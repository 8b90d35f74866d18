//! `tablebase`: Bagh-Chal's sliding-phase table. `build` solves it and
//! writes it to a file, with its statistics; `probe` looks a position up;
//! `games` values recorded games after placement; `placement` solves the
//! placement phase down to the table; `labels` writes solved positions
//! for fitting the evaluation.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

use web_time::Instant;

use super::args::{Args, TableChoice, say};
use super::usage::usage_of;
use crate::ai::eval::{Evaluator, FEATURE_NAMES};
use crate::ai::rng::SplitMix64;
use crate::ai::tablebase::index::{Board, Indexer, POINTS, positions, symmetry_permutations};
use crate::ai::tablebase::{Outcome, SlidingRules, Subgame, Tablebase, Value};
use crate::ai::{Level, Search};
use crate::analysis::tablebase::placement::{PlacementSolver, PlacementValue, Solved};
use crate::analysis::tablebase::{Progress, build_with, mark_fragile, unmark_fragile};
use crate::rules::{Game, GameId, Position, Rules, Side, Variant};

pub(super) fn tablebase(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    match c.positional.first().map(String::as_str) {
        Some("build") => build(c, out),
        Some("probe") => probe(c, out),
        Some("games") => games(c, out),
        Some("placement") => placement(c, out),
        Some("labels") => labels(c, out),
        _ => Err(format!(
            "tablebase takes build, probe, games, placement or labels\n{}",
            usage_of("tablebase")
        )),
    }
}

/// Builds every sub-game, prints each one's statistics (with how many of
/// its capture-free draws are fragile, [`mark_fragile`]), and writes
/// those with up to `--keep` captures to `--out`.
fn build(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    let path = c.out.as_deref().ok_or("tablebase build needs --out FILE")?;
    let keep = c.keep.unwrap_or(2);
    let rules = SlidingRules::OURS;
    if keep >= rules.captures_to_win {
        return Err(format!(
            "--keep must be below {}: five captures end the game",
            rules.captures_to_win
        ));
    }
    say(out, &counts())?;
    let start = Instant::now();
    let mut report = |p: Progress| {
        if p.level.is_multiple_of(25) {
            let _ = say(
                out,
                &format!(
                    "  {} captured: {} wins, distance {}/{} ({:.0} s)\n",
                    p.captured,
                    p.attacker,
                    p.level,
                    p.quiet_limit,
                    start.elapsed().as_secs_f64()
                ),
            );
        }
    };
    let mut stats = Vec::new();
    let mut solved = |sub: &mut Subgame, board: &Board, index: &Indexer| {
        // How many capture-free draws are fragile: counted on marks that
        // are taken off again (the table stores plain draws).
        mark_fragile(sub, board, index);
        stats.push(statistics(sub, rules.quiet_limit));
        unmark_fragile(sub);
    };
    let table = build_with(rules, keep, &mut report, &mut solved);
    for s in stats {
        say(out, &s)?;
    }
    let bytes = table.to_bytes();
    std::fs::write(path, &bytes).map_err(|e| format!("cannot write {path}: {e}"))?;
    say(
        out,
        &format!(
            "wrote {path}: {} bytes, sub-games with 0 to {keep} captures; {:.0} s in all\n",
            bytes.len(),
            start.elapsed().as_secs_f64()
        ),
    )
}

/// How many positions the sliding phase has, with and without counting
/// the board's eight symmetries as one.
fn counts() -> String {
    let mut s =
        String::from("sliding-phase positions (4 tigers, 16 to 20 goats, either side to move):\n");
    let mut total = 0;
    let mut classes = 0;
    for goats in (16..=20).rev() {
        let n = 2 * positions(goats);
        let c = 2 * symmetry_classes(goats);
        total += n;
        classes += c;
        writeln!(s, "  {goats} goats: {n} positions, {c} up to symmetry").unwrap();
    }
    writeln!(s, "  in all: {total} positions, {classes} up to symmetry").unwrap();
    s
}

/// Positions with `goats` goats (one side to move) up to the board's
/// symmetries, by Burnside's lemma: the mean over the eight symmetries of
/// the positions each leaves unchanged (those whose tiger and goat sets
/// are unions of the symmetry's cycles).
pub fn symmetry_classes(goats: usize) -> u64 {
    let mut fixed = 0;
    for g in symmetry_permutations() {
        // Cycle lengths of the permutation.
        let mut seen = [false; POINTS];
        let mut cycles = Vec::new();
        for p in 0..POINTS {
            let mut len = 0;
            let mut q = p;
            while !seen[q] {
                seen[q] = true;
                q = g[q];
                len += 1;
            }
            if len > 0 {
                cycles.push(len);
            }
        }
        // ways[t][n]: cycles so far split into t tiger points, n goat points.
        let mut ways = vec![vec![0u64; goats + 1]; 5];
        ways[0][0] = 1;
        for &len in &cycles {
            let mut next = ways.clone();
            for t in 0..=4 {
                for n in 0..=goats {
                    let w = ways[t][n];
                    if w == 0 {
                        continue;
                    }
                    if t + len <= 4 {
                        next[t + len][n] += w;
                    }
                    if n + len <= goats {
                        next[t][n + len] += w;
                    }
                }
            }
            ways = next;
        }
        fixed += ways[4][goats];
    }
    fixed / 8
}

/// Wins, draws and the longest win of one sub-game, per side to move.
fn statistics(sub: &Subgame, limit: u8) -> String {
    let mut s = format!(
        "{} captured ({} goats on the board), {} positions per side to move:\n",
        sub.captured,
        sub.goats,
        sub.tigers_to_move.len()
    );
    for (side, values) in [
        ("tigers", &sub.tigers_to_move),
        ("goats", &sub.goats_to_move),
    ] {
        let mut wins = [0u64; 3];
        let mut longest = [0u8; 2];
        let mut capture_draws = 0u64;
        let mut fragile = 0u64;
        for &v in values.iter() {
            let v = Value(v);
            capture_draws += v.capture_within().is_some() as u64;
            fragile += v.is_fragile() as u64;
            let slot = match v.outcome(0, limit) {
                Outcome::TigersWin => 0,
                Outcome::GoatsWin => 1,
                Outcome::Draw => 2,
            };
            wins[slot] += 1;
            if slot < 2 {
                longest[slot] = longest[slot].max(v.plies().unwrap_or(0));
            }
        }
        let pct = |n: u64| 100.0 * n as f64 / values.len().max(1) as f64;
        writeln!(
            s,
            "  {side} to move: tigers win {} ({:.2} %, longest {} plies), goats win {} ({:.2} %, longest {}), draw {} ({:.2} %; the tigers force a capture in {:.2} %; fragile {:.2} %)",
            wins[0],
            pct(wins[0]),
            longest[0],
            wins[1],
            pct(wins[1]),
            longest[1],
            wins[2],
            pct(wins[2]),
            pct(capture_draws),
            pct(fragile)
        )
        .unwrap();
    }
    s
}

fn read_table(c: &Args) -> Result<Tablebase, String> {
    let Some(TableChoice::File(path)) = &c.table else {
        return Err("tablebase needs --table FILE".into());
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Tablebase::from_bytes(&bytes).map_err(|e| e.to_string())
}

/// The table's verdict on a position, in words.
fn verdict(table: &Tablebase, pos: &Position) -> Option<String> {
    let p = table.probe(pos)?;
    let side = if pos.side_to_move == Side::Hunters {
        "tigers"
    } else {
        "goats"
    };
    let plies = p
        .value
        .plies()
        .map_or(String::new(), |n| format!(" within {n} plies"));
    let winner = match p.value.winner() {
        Outcome::TigersWin => format!("the tigers force a win{plies}"),
        Outcome::GoatsWin => format!("the goats force a win{plies}"),
        Outcome::Draw => match p.value.capture_within() {
            Some(c) => format!(
                "neither side can force a win before the quiet limit, but the tigers can force a capture within {}-{} plies",
                c,
                c + 3
            ),
            None => "neither side can force a win before the quiet limit".into(),
        },
    };
    Some(format!(
        "{side} to move, {} captured, {} quiet plies: {winner}; result from here: {:?}",
        p.captured, pos.quiet_plies, p.outcome
    ))
}

/// The table's value of a position (`--moves` or `--position`), read from `--table`.
fn probe(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    let table = read_table(c)?;
    let game = c.game(GameId::named("bagh-chal"))?;
    let text = verdict(&table, game.position())
        .ok_or("the position is not in the table (placement, or too many captures)".to_string())?;
    say(out, &format!("{text}\n"))
}

/// For each game of a `match --record` file: the table's value of the
/// position after the last placement, and how the game ended.
fn games(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    let table = read_table(c)?;
    let path = c
        .record
        .as_deref()
        .ok_or("tablebase games needs --record FILE")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let (players, moves) = line.split_once(':').unwrap_or(("", line));
        let variant = Variant::new(GameId::named("bagh-chal"));
        let mut game = Game::new(variant);
        let mut after_placement = None;
        for word in moves.split_whitespace() {
            let at = |e: String| format!("{path}:{}: {e}", n + 1);
            let mv = game.parse_move(word).map_err(|e| at(e.to_string()))?;
            game.play(&mv).map_err(|e| at(e.to_string()))?;
            if after_placement.is_none() && game.position().in_hand == [0, 0] {
                after_placement = Some((game.ply(), *game.position()));
            }
        }
        let value = match &after_placement {
            Some((_, pos)) => verdict(&table, pos).unwrap_or("not in the table".into()),
            None => "the game ended during placement".into(),
        };
        let result = game
            .outcome()
            .map_or("unfinished".into(), |o| o.describe(game.variant().game));
        say(
            out,
            &format!(
                "game {} ({}) after the last placement (ply {}): {value}. Result: {result}, ply {}\n",
                n + 1,
                players.trim(),
                after_placement.map_or(0, |(p, _)| p),
                game.ply()
            ),
        )?;
    }
    Ok(())
}

/// `tablebase placement`: the best the goats can force by the end of
/// placement ([`PlacementSolver`]), for one position and each of its moves,
/// or with `--record` at every goat placement of each recorded game with at
/// most `--in-hand` goats left (default 6), beside the move played.
fn placement(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    let table = Arc::new(read_table(c)?);
    let budget = c.nodes.unwrap_or(200_000_000);
    let memory = c.hash_mb.map(|mb| {
        usize::try_from(mb)
            .unwrap_or(usize::MAX)
            .saturating_mul(1 << 20)
    });
    let new_solver = |rules: &Rules| match memory {
        Some(bytes) => {
            PlacementSolver::with_memory(Arc::clone(&table), rules.clone(), budget, bytes)
        }
        None => Ok(PlacementSolver::new(
            Arc::clone(&table),
            rules.clone(),
            budget,
        )),
    };
    if let Some(path) = c.record.as_deref() {
        let in_hand = c.in_hand.unwrap_or(6);
        return placement_of_games(path, in_hand, &new_solver, out);
    }
    let game = c.game(GameId::named("bagh-chal"))?;
    let mut solver = new_solver(game.rules())?;
    if let Some(points) = c.at_least {
        let threshold = PlacementValue::from_points(points).ok_or(
            "--at-least takes a value's points: 100 (a win), -100 (a loss), or a draw: \
             minus 10 a goat taken, and 15 more with a capture the tigers can force",
        )?;
        return placement_at_least(&game, &mut solver, threshold, out);
    }
    let start = Instant::now();
    let solved = solver.solve(game.position()).ok_or(if solver.ran_out() {
        "not settled within --nodes positions"
    } else {
        "not a placement position (or one the table does not reach)"
    })?;
    say(
        out,
        &format!(
            "{} ({} positions, {:.1} s)\n",
            solved.value.describe(),
            solved.nodes,
            start.elapsed().as_secs_f64()
        ),
    )?;
    for mv in game.legal_moves() {
        let mut after = game.clone();
        after.play(&mv).map_err(|e| e.to_string())?;
        let text = match solver.solve(after.position()) {
            Some(s) => s.value.describe(),
            None if after.position().in_hand == [0, 0] => {
                verdict(&table, after.position()).unwrap_or_else(|| "not in the table".into())
            }
            None => "not settled".into(),
        };
        say(out, &format!("  {}: {text}\n", game.move_text(&mv)))?;
    }
    Ok(())
}

/// `tablebase placement --at-least`: whether the goats can force at least
/// `threshold` from the position, then from each of its moves (for the
/// goats to move, the moves that can; all of them "no" is a proof that the
/// position cannot).
fn placement_at_least(
    game: &Game,
    solver: &mut PlacementSolver,
    threshold: PlacementValue,
    out: &mut dyn Write,
) -> Result<(), String> {
    let answer = at_least_text(solver, game.position(), threshold)
        .ok_or("not a placement position (or one the table does not reach)")?;
    say(
        out,
        &format!("can the goats force {}? {answer}\n", threshold.describe()),
    )?;
    for mv in game.legal_moves() {
        let mut after = game.clone();
        after.play(&mv).map_err(|e| e.to_string())?;
        let text = at_least_text(solver, after.position(), threshold)
            .unwrap_or_else(|| "not in the table".into());
        say(out, &format!("  {}: {text}\n", game.move_text(&mv)))?;
    }
    Ok(())
}

/// "yes" or "no" with the positions and time it took (the table's word
/// once placement is over), or `None` where neither can answer.
fn at_least_text(
    solver: &mut PlacementSolver,
    pos: &crate::rules::Position,
    threshold: PlacementValue,
) -> Option<String> {
    let yes_no = |yes: bool| if yes { "yes" } else { "no" };
    if pos.in_hand == [0, 0] {
        let v = solver.end_value(pos)?;
        return Some(format!("{} (placement over)", yes_no(v >= threshold)));
    }
    let start = Instant::now();
    let answer = match solver.at_least(pos, threshold) {
        Some(yes) => yes_no(yes),
        None if solver.ran_out() => "not settled within --nodes positions",
        None => return None,
    };
    Some(format!(
        "{answer} ({} positions, {:.1} s)",
        solver.nodes(),
        start.elapsed().as_secs_f64()
    ))
}

/// The goats' placements of recorded games, each beside the best.
fn placement_of_games(
    path: &str,
    in_hand: u8,
    new_solver: &dyn Fn(&Rules) -> Result<PlacementSolver, String>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let (players, moves) = line.split_once(':').unwrap_or(("", line));
        let variant = Variant::new(GameId::named("bagh-chal"));
        let mut game = Game::new(variant);
        let mut solver = new_solver(game.rules())?;
        say(out, &format!("game {} ({})\n", n + 1, players.trim()))?;
        for word in moves.split_whitespace() {
            let at = |e: String| format!("{path}:{}: {e}", n + 1);
            let mv = game.parse_move(word).map_err(|e| at(e.to_string()))?;
            let pos = *game.position();
            let goats_place = pos.side_to_move == Side::Crowd
                && pos.in_hand[Side::Crowd.index()] > 0
                && pos.in_hand[Side::Crowd.index()] <= in_hand;
            if goats_place {
                let best = solver.solve(&pos);
                game.play(&mv).map_err(|e| at(e.to_string()))?;
                let played = solver
                    .solve(game.position())
                    .map(|s| s.value)
                    .or_else(|| solver.end_value(game.position()));
                let line = match (best, played) {
                    (Some(Solved { value, best, .. }), Some(played)) => format!(
                        "  ply {:>2}, {} in hand: {word} keeps {}{}\n",
                        game.ply(),
                        pos.in_hand[Side::Crowd.index()],
                        played.describe(),
                        if played < value {
                            format!(
                                "; best was {} ({})",
                                best.map_or("?".into(), |m| game.move_text(&m)),
                                value.describe()
                            )
                        } else {
                            String::new()
                        }
                    ),
                    _ => format!(
                        "  ply {:>2}, {} in hand: {word}: not settled\n",
                        game.ply(),
                        pos.in_hand[Side::Crowd.index()]
                    ),
                };
                say(out, &line)?;
            } else {
                game.play(&mv).map_err(|e| at(e.to_string()))?;
            }
            if game.position().in_hand == [0, 0] {
                break;
            }
        }
    }
    Ok(())
}

/// `tablebase labels`: `--games` positions of Bagh-Chal with `--in-hand`
/// goats left and the goats to move (or the tigers, `--to-move tigers`),
/// each reached by Easy's play with one move in four at random, solved to
/// the end of placement ([`PlacementSolver`]) with every move from it. One
/// CSV line per position: its exact value and [`Evaluator::features`], the
/// moves' lines naming the position they came from. What the placement
/// evaluation is fitted to (`tools/strength/fit_placement.py`).
fn labels(c: &Args, out: &mut dyn Write) -> Result<(), String> {
    let budget = c.nodes.unwrap_or(200_000_000);
    let count = c.games.ok_or("tablebase labels needs --games N")?;
    let in_hand = c.in_hand.unwrap_or(8);
    if !(1..=19).contains(&in_hand) {
        return Err("--in-hand must be 1 to 19".into());
    }
    let to_move = c.to_move.unwrap_or(Side::Crowd);
    let table = Arc::new(read_table(c)?);
    let path = c
        .out
        .as_deref()
        .ok_or("tablebase labels needs --out FILE")?;
    let mut file = std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?;
    let start_game = Game::new(Variant::new(GameId::named("bagh-chal")));
    let mut rows = LabelRows {
        start: &start_game,
        eval: Evaluator::new(start_game.rules()),
        text: format!(
            "id,parent,side,value,position,{}\n",
            FEATURE_NAMES.join(",")
        ),
        next_id: 0,
    };
    let mut rng = SplitMix64::new(c.seed.unwrap_or(1));
    let started = Instant::now();
    for n in 0..count {
        let Some(game) = random_placement(&start_game, in_hand, to_move, &mut rng) else {
            continue;
        };
        // A solver per position: what it learns is kept for the position's
        // placements, and dropped after (a solver kept for hundreds of
        // positions with nine goats in hand outgrows the memory).
        let mut solver =
            PlacementSolver::new(Arc::clone(&table), start_game.rules().clone(), budget);
        if !rows.position_and_moves(&game, &mut solver) {
            continue;
        }
        file.write_all(rows.text.as_bytes())
            .map_err(|e| format!("cannot write {path}: {e}"))?;
        rows.text.clear();
        let progress = format!(
            "\r{} of {count} positions, {} lines, {:.0} s",
            n + 1,
            rows.next_id,
            started.elapsed().as_secs_f64()
        );
        say(out, &progress)?;
    }
    say(out, "\n")
}

/// The CSV lines of `tablebase labels`, numbered as they are written.
struct LabelRows<'a> {
    /// The start of Bagh-Chal: the variant the positions are of.
    start: &'a Game,
    eval: Evaluator,
    /// Lines not yet written to the file.
    text: String,
    next_id: u32,
}

impl LabelRows<'_> {
    /// A line for `game`'s position with its solved value, then one for
    /// each move from it that the solver settles, naming it as parent;
    /// false, and nothing, if the position itself is not settled.
    fn position_and_moves(&mut self, game: &Game, solver: &mut PlacementSolver) -> bool {
        let Some(solved) = solver.solve(game.position()) else {
            return false;
        };
        let parent = self.next_id;
        self.row(None, game.position(), solved.value.points());
        for mv in game.legal_moves() {
            let mut after = game.clone();
            after.play_unchecked(&mv);
            let value = solver
                .solve(after.position())
                .map(|s| s.value)
                .or_else(|| solver.end_value(after.position()));
            if let Some(value) = value {
                self.row(Some(parent), after.position(), value.points());
            }
        }
        true
    }

    /// One line: id, parent, side to move, value, position string and
    /// the evaluation's features.
    fn row(&mut self, parent: Option<u32>, pos: &Position, value: i32) {
        let side = if pos.side_to_move == Side::Crowd {
            "goats"
        } else {
            "tigers"
        };
        let game = Game::from_position(*self.start.variant(), *pos);
        let features: Vec<String> = self.eval.features(pos).iter().map(i32::to_string).collect();
        writeln!(
            self.text,
            "{},{},{side},{value},\"{}\",{}",
            self.next_id,
            parent.map_or(String::new(), |p| p.to_string()),
            game.position_string(),
            features.join(",")
        )
        .unwrap();
        self.next_id += 1;
    }
}

/// A game of Bagh-Chal played by Easy, one move in four at random, to the
/// first position with `in_hand` goats left and `to_move` to move; `None`
/// when the game ends first.
fn random_placement(
    start: &Game,
    in_hand: u8,
    to_move: Side,
    rng: &mut SplitMix64,
) -> Option<Game> {
    let mut game = start.clone();
    loop {
        let pos = game.position();
        if pos.side_to_move == to_move && pos.in_hand[Side::Crowd.index()] == in_hand {
            return Some(game);
        }
        if game.is_over() || pos.in_hand[Side::Crowd.index()] < in_hand {
            return None;
        }
        let moves = game.legal_moves();
        let mv = if rng.below(4) == 0 {
            moves[rng.below(moves.len() as u64) as usize]
        } else {
            Search::new(&game, Level::Easy, rng.next_u64())
                .run_to_end()?
                .best
        };
        game.play_unchecked(&mv);
    }
}
