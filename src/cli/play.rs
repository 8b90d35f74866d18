//! `bestmove` and `selfplay`: the AI from the command line.

use std::fmt::Write as _;
use std::io::Write;

use web_time::Instant;

use super::{Common, USAGE, build_game};
use crate::ai::rng::{SplitMix64, mix};
use crate::ai::{Level, MAX_DEPTH, Search, SearchLimits, SearchResult};
use crate::rules::{Game, GameKind, Side, Variant};

/// The flags of `bestmove` and `selfplay`, as text until a command reads them.
#[derive(Default)]
pub(super) struct SearchArgs {
    level: Option<String>,
    depth: Option<String>,
    time_ms: Option<String>,
    nodes: Option<String>,
    seed: Option<String>,
    games: Option<String>,
    hunters: Option<String>,
    crowd: Option<String>,
    ply_cap: Option<String>,
    time_scale: Option<String>,
    openings: Option<String>,
    pub(super) quiet: bool,
}

impl SearchArgs {
    pub(super) const FLAGS: [&'static str; 11] = [
        "--openings",
        "--level",
        "--depth",
        "--time-ms",
        "--nodes",
        "--seed",
        "--games",
        "--hunters",
        "--crowd",
        "--ply-cap",
        "--time-scale",
    ];

    pub(super) fn set(&mut self, flag: &str, value: String) {
        let slot = match flag {
            "--level" => &mut self.level,
            "--depth" => &mut self.depth,
            "--time-ms" => &mut self.time_ms,
            "--nodes" => &mut self.nodes,
            "--seed" => &mut self.seed,
            "--games" => &mut self.games,
            "--hunters" => &mut self.hunters,
            "--crowd" => &mut self.crowd,
            "--ply-cap" => &mut self.ply_cap,
            "--openings" => &mut self.openings,
            _ => &mut self.time_scale,
        };
        *slot = Some(value);
    }
}

fn number<T: std::str::FromStr>(flag: &str, text: &Option<String>) -> Result<Option<T>, String> {
    match text {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| format!("{flag} must be a whole number, found `{t}`")),
    }
}

fn level(flag: &str, text: &str) -> Result<Level, String> {
    Level::from_name(text).ok_or_else(|| {
        format!("{flag}: unknown level `{text}` (expected beginner, easy, medium, hard or master)")
    })
}

/// A score for people: hundredths of a piece, or a forced result.
fn describe_score(r: &SearchResult) -> String {
    match r.mate_in() {
        Some(n) if n > 0 => format!("win in {n} plies"),
        Some(n) => format!("loss in {} plies", -n),
        None => format!("{:+} (hundredths of a piece)", r.score),
    }
}

pub(super) fn bestmove(c: &Common) -> Result<String, String> {
    let [game_id] = c.positional.as_slice() else {
        return Err(format!("bestmove takes GAME\n{USAGE}"));
    };
    let a = &c.search;
    let game = build_game(c, game_id)?;
    if let Some(o) = game.outcome() {
        return Err(format!(
            "the game is over: {}",
            o.describe(game.variant().kind)
        ));
    }
    let seed = number::<u64>("--seed", &a.seed)?.unwrap_or(0);
    let depth = number::<u32>("--depth", &a.depth)?;
    let time_ms = number::<u64>("--time-ms", &a.time_ms)?;
    let nodes = number::<u64>("--nodes", &a.nodes)?;
    if depth == Some(0) {
        return Err("--depth must be at least 1".into());
    }
    let (mut limits, randomness) = match &a.level {
        Some(l) => {
            let l = level("--level", l)?;
            (l.limits(), l.randomness())
        }
        // Without a level, the explicit limits alone (Hard's time by default).
        None if depth.is_some() || time_ms.is_some() || nodes.is_some() => {
            (SearchLimits::depth(MAX_DEPTH), 0)
        }
        None => (Level::Hard.limits(), 0),
    };
    if let Some(d) = depth {
        limits.max_depth = d;
    }
    if time_ms.is_some() {
        limits.time_ms = time_ms;
    }
    if nodes.is_some() {
        limits.max_nodes = nodes;
    }
    let start = Instant::now();
    let mut search = Search::with_randomness(&game, limits, randomness, seed);
    let r = search
        .run_to_end()
        .ok_or("the game is over: no legal move")?;
    let secs = start.elapsed().as_secs_f64();
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    let mut s = String::new();
    writeln!(s, "bestmove {}", r.best).unwrap();
    writeln!(s, "score {}", describe_score(&r)).unwrap();
    writeln!(s, "depth {}", r.depth).unwrap();
    writeln!(s, "nodes {}", r.nodes).unwrap();
    writeln!(s, "time {:.0} ms", secs * 1000.0).unwrap();
    writeln!(s, "nps {:.0}", r.nodes as f64 / secs.max(1e-9)).unwrap();
    writeln!(s, "pv {}", pv.join(" ")).unwrap();
    Ok(s)
}

/// Totals of one side over a selfplay run.
#[derive(Default)]
struct SideTally {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: u64,
    ms: f64,
}

pub(super) fn selfplay(c: &Common, out: &mut dyn Write) -> Result<(), String> {
    let [game_id] = c.positional.as_slice() else {
        return Err(format!("selfplay takes GAME\n{USAGE}"));
    };
    if c.moves.is_some() || c.position.is_some() {
        return Err(
            "selfplay plays from the start position: --moves and --position do not apply".into(),
        );
    }
    let a = &c.search;
    let kind = GameKind::from_id(game_id).ok_or_else(|| {
        format!("unknown game `{game_id}` (expected pirates, asalto, fox-geese or bagh-chal)")
    })?;
    let mut variant = Variant::new(kind);
    for o in &c.options {
        variant.set_option(o).map_err(|e| e.to_string())?;
    }
    let games = number::<u32>("--games", &a.games)?.ok_or("selfplay needs --games N")?;
    let hunters = level(
        "--hunters",
        a.hunters
            .as_deref()
            .ok_or("selfplay needs --hunters LEVEL")?,
    )?;
    let crowd = level(
        "--crowd",
        a.crowd.as_deref().ok_or("selfplay needs --crowd LEVEL")?,
    )?;
    let seed = number::<u64>("--seed", &a.seed)?.unwrap_or(1);
    // The rules end every game; the cap guards against a rules bug.
    let ply_cap = number::<usize>("--ply-cap", &a.ply_cap)?.unwrap_or(1000);
    // Random first plies, the same for every pairing with the same seed:
    // otherwise two strong levels replay one game over and over.
    let openings = number::<usize>("--openings", &a.openings)?.unwrap_or(0);
    let time_scale = match &a.time_scale {
        None => 1.0,
        Some(t) => match t.parse::<f64>() {
            Ok(f) if f > 0.0 && f.is_finite() => f,
            _ => {
                return Err(format!(
                    "--time-scale must be a positive number, found `{t}`"
                ));
            }
        },
    };
    let limits_of = |l: Level| {
        let mut limits = l.limits();
        limits.time_ms = limits
            .time_ms
            .map(|t| ((t as f64 * time_scale).round() as u64).max(1));
        limits
    };
    let say = |out: &mut dyn Write, text: String| {
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| e.to_string())
    };
    say(
        out,
        format!(
            "{} ({}): hunters {hunters}, crowd {crowd}, {games} games, seed {seed}, time scale {time_scale}, {openings} random opening plies\n",
            kind.title(),
            variant.option_strings().join(", ")
        ),
    )?;

    let mut tally = [SideTally::default(), SideTally::default()];
    let mut total_plies = 0u64;
    let mut capped = 0u32;
    for g in 0..games {
        let game_seed = mix(seed.wrapping_mul(1_000_003).wrapping_add(g as u64));
        let mut game = Game::new(variant);
        let mut opening_rng = SplitMix64::new(game_seed);
        let outcome = loop {
            if let Some(o) = game.outcome() {
                break Some(o);
            }
            if game.ply() >= ply_cap {
                break None;
            }
            if game.ply() < openings {
                let moves = game.legal_moves();
                let mv = moves[opening_rng.below(moves.len() as u64) as usize];
                game.play(&mv).map_err(|e| e.to_string())?;
                continue;
            }
            let side = game.side_to_move();
            let l = if side == Side::Hunters {
                hunters
            } else {
                crowd
            };
            let start = Instant::now();
            let mut search = Search::with_randomness(
                &game,
                limits_of(l),
                l.randomness(),
                mix(game_seed ^ game.ply() as u64),
            );
            let r = search
                .run_to_end()
                .ok_or("the search found no move in a game that is not over")?;
            let t = &mut tally[side.index()];
            t.ms += start.elapsed().as_secs_f64() * 1000.0;
            t.moves += 1;
            game.play(&r.best).map_err(|e| {
                format!(
                    "game {}: the AI chose an illegal move {} at ply {}: {e}\nposition: {}",
                    g + 1,
                    r.best,
                    game.ply(),
                    game.position_string()
                )
            })?;
        };
        total_plies += game.ply() as u64;
        let line = match outcome {
            Some(o) => {
                match o.winner {
                    None => {
                        tally[0].draws += 1;
                        tally[1].draws += 1;
                    }
                    Some(w) => {
                        tally[w.index()].wins += 1;
                        tally[w.other().index()].losses += 1;
                    }
                }
                o.describe(kind)
            }
            None => {
                capped += 1;
                tally[0].draws += 1;
                tally[1].draws += 1;
                format!("stopped at the ply cap ({ply_cap}), counted as a draw")
            }
        };
        if !a.quiet {
            say(
                out,
                format!(
                    "game {}: {} plies, {} {} left: {line}\n",
                    g + 1,
                    game.ply(),
                    game.position().material(Side::Crowd),
                    kind.piece_names(Side::Crowd).0
                ),
            )?;
        }
    }

    let mut s = String::new();
    for (side, l) in [(Side::Hunters, hunters), (Side::Crowd, crowd)] {
        let t = &tally[side.index()];
        let score = (t.wins as f64 + 0.5 * t.draws as f64) / games.max(1) as f64 * 100.0;
        writeln!(
            s,
            "{:<8} {:<8} wins {:>3}  draws {:>3}  losses {:>3}  score {score:.1} %  mean {:.1} ms/move",
            if side == Side::Hunters { "hunters" } else { "crowd" },
            l.name(),
            t.wins,
            t.draws,
            t.losses,
            t.ms / t.moves.max(1) as f64
        )
        .unwrap();
    }
    writeln!(
        s,
        "mean plies {:.1}; games stopped at the ply cap: {capped}",
        total_plies as f64 / games.max(1) as f64
    )
    .unwrap();
    say(out, s)
}
