//! The hunt family's games on the command line: a built-in game named by
//! its id (`kaooa`), or any game file (`--game-file PATH`), played to the
//! position `--moves` names.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

use web_time::Instant;

use super::arena::{OPENING_DEPTH, Player, near_best};
use super::args::{Args, say};
use super::versus::{MatchGame, MatchNames, load_average, play_pairs, summary};
use crate::ai::family::{FamilySearch, Searcher, play_out, play_out_from, scored_moves};
use crate::ai::rng::SplitMix64;
use crate::ai::{Level, SearchLimits};
use crate::rules::Side;
use crate::rules::family::{self, HuntGame, HuntMove, HuntOutcome, HuntReason, Ruleset};

/// The family game the arguments name, if they name one: `--game-file`
/// (then GAME may be left out), or a GAME that is a built-in family game
/// and not one of the four.
pub(super) fn family_game(args: &Args, game_id: Option<&str>) -> Option<Result<HuntGame, String>> {
    let rules = match (&args.game_file, game_id) {
        (Some(path), _) => read_game_file(path),
        (None, Some(id)) if family::built_in(id).is_some() => Ok(family::built_in(id)?),
        _ => return None,
    };
    Some(rules.and_then(|rules| with_moves(args, rules)))
}

/// Reads and checks a game file.
pub(super) fn read_game_file(path: &str) -> Result<Arc<Ruleset>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: cannot read the file: {e}"))?;
    family::parse_bytes(path, &bytes)
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

fn with_moves(args: &Args, rules: Arc<Ruleset>) -> Result<HuntGame, String> {
    if args.position.is_some() || !args.options.is_empty() {
        return Err("--position and --option are not read for this game yet".to_string());
    }
    let mut game = HuntGame::new(rules);
    game.play_text(args.moves.as_deref().unwrap_or(""))
        .map_err(|e| {
            // The game stands before the refused move: its legal moves.
            let mut legal: Vec<String> = game
                .legal_moves()
                .iter()
                .map(|m| game.rules.move_text(m))
                .collect();
            legal.sort();
            let legal = if legal.is_empty() {
                "none (the game is over)".to_string()
            } else {
                legal.join(" ")
            };
            format!("move {} {}\nlegal moves: {legal}", e.number, e.reason)
        })?;
    Ok(game)
}

/// The ids of the built-in family games, for messages.
pub(super) fn ids() -> String {
    family::BUILT_IN
        .iter()
        .map(|(id, _)| *id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `bestmove` for a family game: the move, its score, depth, nodes and
/// line, as for the four.
pub(super) fn bestmove(
    args: &Args,
    game: &HuntGame,
    limits: SearchLimits,
) -> Result<String, String> {
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over: {}", describe(game, &o)));
    }
    let seed = args.seed.unwrap_or(0);
    let noise = args.level.map_or(0, Level::randomness);
    let start = Instant::now();
    let r = FamilySearch::with_limits(game, limits, noise, seed)
        .run()
        .ok_or("the game is over: no legal move")?;
    let secs = start.elapsed().as_secs_f64();
    let text = |m: &HuntMove| game.rules.move_text(m);
    let score = match r.mate_in() {
        Some(n) if n > 0 => format!("win in {n} plies"),
        Some(n) => format!("loss in {} plies", -n),
        None => format!("{:+} (hundredths of a piece)", r.score),
    };
    let mut s = String::new();
    writeln!(s, "bestmove {}", text(&r.best)).unwrap();
    writeln!(s, "score {score}").unwrap();
    writeln!(s, "depth {}", r.depth).unwrap();
    writeln!(s, "nodes {}", r.nodes).unwrap();
    writeln!(s, "time {:.0} ms", secs * 1000.0).unwrap();
    writeln!(s, "nps {:.0}", r.nodes as f64 / secs.max(1e-9)).unwrap();
    writeln!(
        s,
        "pv {}",
        r.pv.iter().map(text).collect::<Vec<_>>().join(" ")
    )
    .unwrap();
    Ok(s)
}

/// `selfplay` for a family game: a line per game as it ends, then each
/// side's results.
pub(super) fn selfplay(
    args: &Args,
    rules: Arc<Ruleset>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let games = args.games.ok_or("selfplay needs --games N")?;
    let hunters = args.hunters.ok_or("selfplay needs --hunters LEVEL")?;
    let crowd = args.crowd.ok_or("selfplay needs --crowd LEVEL")?;
    let seed = args.seed.unwrap_or(0);
    let cap = args.ply_cap.unwrap_or(600);
    let many = |side: Side| many(&rules, side);
    let header = format!(
        "{}: {} {hunters}, {} {crowd}, {games} games, seed {seed}\n",
        rules.file.name.en,
        many(Side::Hunters),
        many(Side::Crowd)
    );
    say(out, &header)?;
    let mut wins = [0u32; 2];
    let mut draws = 0;
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let played = play_out(rules.clone(), hunters, crowd, game_seed, cap);
        let result = match &played.outcome {
            Some(o) => {
                match o.winner {
                    Some(side) => wins[side.index()] += 1,
                    None => draws += 1,
                }
                describe_rules(&rules, o)
            }
            None => {
                draws += 1;
                format!("stopped after {cap} plies")
            }
        };
        if !args.quiet {
            say(
                out,
                &format!(
                    "game {}: {result} after {} plies\n",
                    g + 1,
                    played.moves.len()
                ),
            )?;
        }
    }
    let summary = format!(
        "{} ({hunters}) won {}, {} ({crowd}) won {}, drawn {draws}\n",
        many(Side::Hunters),
        wins[0],
        many(Side::Crowd),
        wins[1]
    );
    say(out, &summary)
}

/// How a family game ended, in words.
pub(super) fn describe(game: &HuntGame, outcome: &HuntOutcome) -> String {
    describe_rules(&game.rules, outcome)
}

fn describe_rules(rules: &Ruleset, outcome: &HuntOutcome) -> String {
    let many = |side: Side| many(rules, side);
    let why = match outcome.reason {
        HuntReason::CrowdTooFew => format!("the {} are too few", many(Side::Crowd)),
        HuntReason::RegionFilled => "the region is filled".to_string(),
        HuntReason::RegionReached(side) => format!("the {} reached their goal", many(side)),
        HuntReason::Outlasted(side) => format!("the {} outlasted the move limit", many(side)),
        HuntReason::NoMoves(side) => format!("the {} have no move", many(side)),
        HuntReason::QuietLimit => "too long without progress".to_string(),
        HuntReason::Repetition => "the same position again".to_string(),
    };
    match outcome.winner {
        Some(side) => format!("the {} win ({why})", many(side)),
        None => format!("draw ({why})"),
    }
}

/// The English name of several pieces of a side ("crows").
pub(super) fn many(rules: &Ruleset, side: Side) -> String {
    let spec = if side == Side::Hunters {
        &rules.file.hunters
    } else {
        &rules.file.crowd
    };
    spec.many.en.clone()
}

/// `show` for a family game: the title, each point with what stands on it
/// (row by row, top first, as drawn), the hands, the side to move, the
/// outcome and the legal moves.
pub(super) fn show(game: &HuntGame) -> String {
    let rules = &game.rules;
    let pos = game.position();
    let mut s = format!("{} ({})\n", rules.file.name.en, rules.id());
    let mut points: Vec<(usize, &family::graph::Node)> =
        rules.graph.nodes.iter().enumerate().collect();
    points.sort_by(|(_, a), (_, b)| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    let mut row_y = None;
    for (i, node) in points {
        if row_y.is_some_and(|y: f32| (y - node.y).abs() > 1e-3) {
            s.push('\n');
        }
        row_y = Some(node.y);
        let piece = if pos.pieces[0] & (1 << i) != 0 {
            rules.file.hunters.letter
        } else if pos.pieces[1] & (1 << i) != 0 {
            rules.file.crowd.letter
        } else {
            '.'
        };
        write!(s, " {}:{piece}", node.name).unwrap();
    }
    s.push('\n');
    for side in [Side::Hunters, Side::Crowd] {
        writeln!(
            s,
            "{}: {} on the board, {} in hand",
            many(rules, side),
            pos.pieces[side.index()].count_ones(),
            pos.in_hand[side.index()]
        )
        .unwrap();
    }
    match game.outcome() {
        Some(o) => writeln!(s, "over: {}", describe(game, &o)).unwrap(),
        None => {
            writeln!(s, "to move: {}", many(rules, pos.side_to_move)).unwrap();
            let mut legal: Vec<String> = game
                .legal_moves()
                .iter()
                .map(|m| rules.move_text(m))
                .collect();
            legal.sort();
            writeln!(s, "legal moves: {}", legal.join(" ")).unwrap();
        }
    }
    s
}

/// `match` for a family game: levels A and B play pairs of games from the
/// same random opening (`--openings` plies, from `--seed`), A on the
/// hunters' side in the first game of a pair and the crowd's in the
/// second, `--jobs` games at a time; then A's score with its 95 % interval
/// (a pair is one sample) and the Elo difference it means.
pub(super) fn run_match(
    args: &Args,
    rules: Arc<Ruleset>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let a = args.a.ok_or("match needs --a LEVEL")?;
    let b = args.b.ok_or("match needs --b LEVEL")?;
    let pairs = args.pairs.unwrap_or(10);
    let openings = args.openings.unwrap_or(2);
    let seed = args.seed.unwrap_or(0);
    let cap = args.ply_cap.unwrap_or(600);
    let time_scale = args.time_scale.unwrap_or(1.0);
    let jobs = args.jobs().min(2 * pairs).max(1);
    let searcher = |level: Level| Searcher {
        limits: Player::scaled(level, time_scale).limits,
        ..Searcher::from(level)
    };
    let (sa, sb) = (searcher(a), searcher(b));
    say(
        out,
        &format!(
            "{}: A {a} against B {b}, {pairs} pairs ({} games, sides swapped in each pair), \
             {openings} random opening plies, seed {seed}, time scale {time_scale}, \
             {jobs} games at a time; load {}\n",
            rules.file.name.en,
            2 * pairs,
            load_average()
        ),
    )?;
    let start = rules.start_position();
    // Each game, and how it ended in words.
    let play = |i: usize| -> Result<(MatchGame, String), String> {
        let opening = random_opening(rules.clone(), openings, seed.wrapping_add((i / 2) as u64));
        let sides = if i.is_multiple_of(2) {
            [sa, sb]
        } else {
            [sb, sa]
        };
        let game_seed = seed.wrapping_mul(1000).wrapping_add(i as u64);
        let played = play_out_from(opening.clone(), sides, game_seed, cap);
        let mut end = opening;
        for mv in &played.moves {
            end.play_unchecked(mv);
        }
        let lost = |side: Side| {
            let count = |p: &family::HuntPosition| {
                p.pieces[side.index()].count_ones() + u32::from(p.in_hand[side.index()])
            };
            count(&start).saturating_sub(count(end.position()))
        };
        let result = match &played.outcome {
            Some(o) => describe_rules(&rules, o),
            None => format!("stopped at the ply cap ({cap}), counted as a draw"),
        };
        let game = MatchGame {
            winner: played.outcome.and_then(|o| o.winner),
            capped: played.outcome.is_none(),
            plies: end.moves().count(),
            captured: lost(Side::Crowd),
            hunters_lost: lost(Side::Hunters),
            moves: played.searched,
            ms: played.ms,
        };
        Ok((game, result))
    };
    let crowd = many(&rules, Side::Crowd);
    let games = play_pairs(pairs, jobs, play, |i, done, (g, result)| {
        if args.quiet {
            return Ok(());
        }
        let a_side = if i.is_multiple_of(2) {
            "hunters"
        } else {
            "crowd"
        };
        say(
            out,
            &format!(
                "[{done}/{}] pair {} game {}: A as the {a_side}: {result}; {} plies, {} {crowd} taken\n",
                2 * pairs,
                i / 2 + 1,
                i % 2 + 1,
                g.plies,
                g.captured
            ),
        )
    })?;
    let names = MatchNames {
        a,
        b,
        hunters: many(&rules, Side::Hunters),
        crowd,
    };
    let games: Vec<MatchGame> = games.into_iter().map(|(g, _)| g).collect();
    say(out, &summary(&names, &games))
}

/// The start of a match game: `plies` moves chosen at random (seeded)
/// among the sound ones, stopping early at the end of a game.
fn random_opening(rules: Arc<Ruleset>, plies: usize, seed: u64) -> HuntGame {
    let mut rng = SplitMix64::new(seed ^ 0x0dd_ba11);
    let mut game = HuntGame::new(rules);
    for _ in 0..plies {
        let moves = sound_moves(&game);
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let pick = rng.below(moves.len() as u64) as usize;
        game.play_unchecked(&moves[pick]);
    }
    game
}

/// The legal moves a short search ([`OPENING_DEPTH`]) finds no worse than
/// the best by more than half a piece, as for the four: varied openings
/// without gifts. (With any legal
/// move, Jeu Militaire's towers opened the way in most games: the army
/// won in three plies whatever the levels.)
fn sound_moves(game: &HuntGame) -> Vec<HuntMove> {
    let scored = scored_moves(game, OPENING_DEPTH)
        .into_iter()
        .map(|(mv, score)| (score, mv))
        .collect();
    near_best(scored)
}
