//! `bestmove`: the AI's move in a position, with its score, depth, speed
//! and principal variation.

use std::fmt::Write as _;

use web_time::Instant;

use super::args::Args;
use super::bagh_chal_table::load_tablebase;
use crate::ai::{Level, MAX_DEPTH, Search, SearchLimits, SearchResult, TABLE_WIN};

/// A score for people: hundredths of a piece, or a forced result.
fn describe_score(r: &SearchResult) -> String {
    match r.mate_in() {
        Some(n) if n > 0 => format!("win in {n} plies"),
        Some(n) => format!("loss in {} plies", -n),
        None if r.score.abs() >= TABLE_WIN - 1_000 => {
            let side = if r.score > 0 { "win" } else { "loss" };
            format!("table {side} ({:+})", r.score)
        }
        None => format!("{:+} (hundredths of a piece)", r.score),
    }
}

/// The limits `--level`, `--depth`, `--time-ms` and `--nodes` ask for: the
/// level's, with the explicit ones over them; without a level, the
/// explicit limits alone, or Hard's without any.
fn limits(args: &Args) -> SearchLimits {
    let explicit = args.depth.is_some() || args.time_ms.is_some() || args.nodes.is_some();
    let mut limits = match args.level {
        Some(l) => l.limits(),
        None if explicit => SearchLimits::depth(MAX_DEPTH),
        None => Level::Hard.limits(),
    };
    if let Some(d) = args.depth {
        limits.max_depth = d;
    }
    if args.time_ms.is_some() {
        limits.time_ms = args.time_ms;
    }
    if args.nodes.is_some() {
        limits.max_nodes = args.nodes;
    }
    limits
}

pub(super) fn bestmove(args: &Args) -> Result<String, String> {
    let game = args.game(args.only_game("bestmove")?)?;
    if let Some(o) = game.outcome() {
        return Err(format!(
            "the game is over: {}",
            o.describe(game.variant().game)
        ));
    }
    let seed = args.seed.unwrap_or(0);
    let limits = limits(args);
    // A search without a level reads the table as Hard and Master do.
    let reads_table = args.level.is_none_or(Level::uses_tablebase);
    let table = load_tablebase(args.table.as_ref(), game.variant(), reads_table)?;
    let start = Instant::now();
    let search = match args.level {
        Some(l) => Search::for_level(&game, l, limits, seed),
        None => Search::with_limits(&game, limits, seed),
    };
    let mut search = search.with_tablebase(table.as_ref());
    let r = search
        .run_to_end()
        .ok_or("the game is over: no legal move")?;
    let secs = start.elapsed().as_secs_f64();
    let pv: Vec<String> = r.pv.iter().map(|m| game.move_text(m)).collect();
    let mut s = String::new();
    writeln!(s, "bestmove {}", game.move_text(&r.best)).unwrap();
    writeln!(s, "score {}", describe_score(&r)).unwrap();
    writeln!(s, "depth {}", r.depth).unwrap();
    writeln!(s, "nodes {}", r.nodes).unwrap();
    writeln!(s, "time {:.0} ms", secs * 1000.0).unwrap();
    writeln!(s, "nps {:.0}", r.nodes as f64 / secs.max(1e-9)).unwrap();
    writeln!(s, "pv {}", pv.join(" ")).unwrap();
    Ok(s)
}
