//! `bestmove` and `selfplay`: the AI from the command line.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

use web_time::Instant;

use super::arena::{GameSpec, Player, play_game};
use super::{Common, USAGE, build_game};
use crate::ai::rng::mix;
use crate::ai::{Level, MAX_DEPTH, Search, SearchLimits, SearchResult, TABLE_WIN, Tablebase};
use crate::analysis::backwards::{FoxGeeseTable, LayerDone};
use crate::analysis::solve::{FoxGeeseSolver, Winner};
use crate::rules::{Game, GameKind, Move, Side, Variant};

/// The flags of `bestmove` and `selfplay`, as text until a command reads them.
#[derive(Default)]
pub(super) struct SearchArgs {
    pub(super) level: Option<String>,
    pub(super) depth: Option<String>,
    pub(super) time_ms: Option<String>,
    pub(super) nodes: Option<String>,
    pub(super) seed: Option<String>,
    pub(super) games: Option<String>,
    pub(super) hunters: Option<String>,
    pub(super) crowd: Option<String>,
    pub(super) ply_cap: Option<String>,
    pub(super) time_scale: Option<String>,
    pub(super) openings: Option<String>,
    pub(super) a: Option<String>,
    pub(super) b: Option<String>,
    pub(super) pairs: Option<String>,
    pub(super) jobs: Option<String>,
    pub(super) out: Option<String>,
    pub(super) keep: Option<String>,
    pub(super) table: Option<String>,
    pub(super) record: Option<String>,
    pub(super) in_hand: Option<String>,
    pub(super) to_move: Option<String>,
    pub(super) hash_mb: Option<String>,
    pub(super) at_least: Option<String>,
    pub(super) after_ply: Option<String>,
    pub(super) check: Option<String>,
    pub(super) quiet: bool,
    pub(super) backwards: bool,
}

impl SearchArgs {
    pub(super) const FLAGS: [&'static str; 25] = [
        "--check",
        "--after-ply",
        "--record",
        "--at-least",
        "--hash-mb",
        "--in-hand",
        "--to-move",
        "--out",
        "--keep",
        "--table",
        "--a",
        "--b",
        "--pairs",
        "--jobs",
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
            "--a" => &mut self.a,
            "--b" => &mut self.b,
            "--pairs" => &mut self.pairs,
            "--jobs" => &mut self.jobs,
            "--out" => &mut self.out,
            "--keep" => &mut self.keep,
            "--table" => &mut self.table,
            "--record" => &mut self.record,
            "--in-hand" => &mut self.in_hand,
            "--to-move" => &mut self.to_move,
            "--hash-mb" => &mut self.hash_mb,
            "--at-least" => &mut self.at_least,
            "--after-ply" => &mut self.after_ply,
            "--check" => &mut self.check,
            _ => &mut self.time_scale,
        };
        *slot = Some(value);
    }
}

pub(super) fn number<T: std::str::FromStr>(
    flag: &str,
    text: &Option<String>,
) -> Result<Option<T>, String> {
    match text {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| format!("{flag} must be a whole number, found `{t}`")),
    }
}

/// `--hash-mb`: the memory a solver's table may take, in MB (at least 1).
pub(super) fn hash_mb(c: &Common) -> Result<Option<u64>, String> {
    match number::<u64>("--hash-mb", &c.search.hash_mb)? {
        Some(0) => Err("--hash-mb must be at least 1".into()),
        mb => Ok(mb),
    }
}

/// Writes `text` to `out` at once (commands that stream a line at a time).
pub(super) fn say(out: &mut dyn Write, text: &str) -> Result<(), String> {
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| e.to_string())
}

/// The file `--record` names, created empty, for each game's moves a line
/// (`selfplay` and `match`); `None` without the flag.
pub(super) fn record_file(c: &Common) -> Result<Option<std::fs::File>, String> {
    c.search
        .record
        .as_deref()
        .map(|path| std::fs::File::create(path).map_err(|e| format!("cannot create {path}: {e}")))
        .transpose()
}

pub(super) fn level(flag: &str, text: &str) -> Result<Level, String> {
    Level::from_name(text).ok_or_else(|| {
        format!("{flag}: unknown level `{text}` (expected beginner, easy, medium, hard or master)")
    })
}

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
    let chosen = a
        .level
        .as_deref()
        .map(|l| level("--level", l))
        .transpose()?;
    let mut limits = match chosen {
        Some(l) => l.limits(),
        // Without a level, the explicit limits alone (Hard's time by default).
        None if depth.is_some() || time_ms.is_some() || nodes.is_some() => {
            SearchLimits::depth(MAX_DEPTH)
        }
        None => Level::Hard.limits(),
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
    let table = load_tablebase(c, game.variant())?;
    let start = Instant::now();
    let search = match chosen {
        Some(l) => Search::for_level(&game, l, limits, seed),
        None => Search::with_limits(&game, limits, seed),
    };
    let mut search = search.with_tablebase(table.as_ref());
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

/// The game and options of a command that plays from the start
/// (`selfplay`, `match`): GAME and `--option`s, no moves or position.
pub(super) fn start_variant(c: &Common, command: &str) -> Result<(GameKind, Variant), String> {
    let [game_id] = c.positional.as_slice() else {
        return Err(format!("{command} takes GAME\n{USAGE}"));
    };
    if c.moves.is_some() || c.position.is_some() {
        return Err(format!(
            "{command} plays from the start position: --moves and --position do not apply"
        ));
    }
    let kind = GameKind::from_id(game_id).ok_or_else(|| {
        format!("unknown game `{game_id}` (expected pirates, asalto, fox-geese or bagh-chal)")
    })?;
    let mut variant = Variant::new(kind);
    for o in &c.options {
        variant.set_option(o).map_err(|e| e.to_string())?;
    }
    Ok((kind, variant))
}

/// Where the game ships Bagh-Chal's table, relative to the repository.
pub(super) const TABLE_PATH: &str = "assets/tablebase/bagh-chal.sctb";

/// Bagh-Chal's sliding-phase table for `variant`: `--table FILE`, or the
/// shipped file when run from the repository; `--table none` for none.
pub(super) fn load_tablebase(
    c: &Common,
    variant: &Variant,
) -> Result<Option<Arc<Tablebase>>, String> {
    if variant.kind != GameKind::BaghChal {
        return Ok(None);
    }
    let path = match c.search.table.as_deref() {
        Some("none") => return Ok(None),
        Some(path) => path,
        None if std::path::Path::new(TABLE_PATH).exists() => TABLE_PATH,
        None => return Ok(None),
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let table = Tablebase::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if !table.serves(variant) {
        return Err(format!("{path} is not for these rules (quiet limit)"));
    }
    Ok(Some(Arc::new(table)))
}

/// How a run names its table.
pub(super) fn table_note(table: &Option<Arc<Tablebase>>) -> String {
    match table {
        Some(t) => format!(
            "table: positions with up to {} goats captured",
            t.subgames().len().saturating_sub(1)
        ),
        None => "table: none".into(),
    }
}

/// The `--time-scale` factor: 1 unless given, and then a positive number.
pub(super) fn time_scale(text: &Option<String>) -> Result<f64, String> {
    match text {
        None => Ok(1.0),
        Some(t) => match t.parse::<f64>() {
            Ok(f) if f > 0.0 && f.is_finite() => Ok(f),
            _ => Err(format!(
                "--time-scale must be a positive number, found `{t}`"
            )),
        },
    }
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

/// What a selfplay run plays: the same pairing `games` times.
struct SelfplaySpec {
    kind: GameKind,
    variant: Variant,
    games: u32,
    players: [Player; 2],
    seed: u64,
    ply_cap: usize,
    openings: usize,
    time_scale: f64,
    tablebase: Option<Arc<Tablebase>>,
}

impl SelfplaySpec {
    fn from_args(c: &Common) -> Result<SelfplaySpec, String> {
        let (kind, variant) = start_variant(c, "selfplay")?;
        let a = &c.search;
        let games = number::<u32>("--games", &a.games)?.ok_or("selfplay needs --games N")?;
        let side = |flag: &str, text: &Option<String>| {
            let name = text
                .as_deref()
                .ok_or(format!("selfplay needs {flag} LEVEL"))?;
            level(flag, name)
        };
        let (hunters, crowd) = (side("--hunters", &a.hunters)?, side("--crowd", &a.crowd)?);
        let time_scale = time_scale(&a.time_scale)?;
        Ok(SelfplaySpec {
            kind,
            variant,
            games,
            players: [
                Player::scaled(hunters, time_scale),
                Player::scaled(crowd, time_scale),
            ],
            seed: number::<u64>("--seed", &a.seed)?.unwrap_or(1),
            ply_cap: number::<usize>("--ply-cap", &a.ply_cap)?.unwrap_or(1000),
            // Random first plies, the same for every pairing with the same
            // seed: otherwise two strong levels replay one game over and over.
            openings: number::<usize>("--openings", &a.openings)?.unwrap_or(0),
            time_scale,
            tablebase: load_tablebase(c, &variant)?,
        })
    }

    fn game(&self, g: u32) -> GameSpec {
        GameSpec {
            variant: self.variant,
            players: self.players,
            seed: mix(self.seed.wrapping_mul(1_000_003).wrapping_add(g as u64)),
            openings: self.openings,
            ply_cap: self.ply_cap,
            tablebase: self.tablebase.clone(),
        }
    }
}

pub(super) fn selfplay(c: &Common, out: &mut dyn Write) -> Result<(), String> {
    let spec = SelfplaySpec::from_args(c)?;
    let say = |out: &mut dyn Write, text: String| {
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| e.to_string())
    };
    let [hunters, crowd] = spec.players.map(|p| p.level);
    say(
        out,
        format!(
            "{} ({}): hunters {hunters}, crowd {crowd}, {} games, seed {}, time scale {}, {} random opening plies; {}\n",
            spec.kind.title(),
            spec.variant.option_strings().join(", "),
            spec.games,
            spec.seed,
            spec.time_scale,
            spec.openings,
            table_note(&spec.tablebase)
        ),
    )?;
    let mut record_file = record_file(c)?;
    let mut tally = [SideTally::default(), SideTally::default()];
    let mut total_plies = 0u64;
    let mut capped = 0u32;
    for g in 0..spec.games {
        let record = play_game(&spec.game(g)).map_err(|e| format!("game {}: {e}", g + 1))?;
        if let Some(file) = record_file.as_mut() {
            writeln!(
                file,
                "selfplay game {}, hunters {hunters}, crowd {crowd}: {}",
                g + 1,
                record.moves_text
            )
            .map_err(|e| format!("cannot write the record: {e}"))?;
        }
        for side in [Side::Hunters, Side::Crowd] {
            let t = &mut tally[side.index()];
            t.ms += record.ms[side.index()];
            t.moves += record.moves[side.index()] as u64;
            match record.winner() {
                None => t.draws += 1,
                Some(w) if w == side => t.wins += 1,
                Some(_) => t.losses += 1,
            }
        }
        total_plies += record.plies as u64;
        let line = match record.outcome {
            Some(o) => o.describe(spec.kind),
            None => {
                capped += 1;
                format!(
                    "stopped at the ply cap ({}), counted as a draw",
                    spec.ply_cap
                )
            }
        };
        if !c.search.quiet {
            let left = spec.variant.crowd_count() - record.captured;
            let crowd_name = spec.kind.piece_names(Side::Crowd).0;
            let text = format!(
                "game {}: {} plies, {left} {crowd_name} left: {line}\n",
                g + 1,
                record.plies
            );
            say(out, text)?;
        }
    }
    say(out, selfplay_summary(&spec, &tally, total_plies, capped))
}

/// Each side's results and the mean game length.
fn selfplay_summary(
    spec: &SelfplaySpec,
    tally: &[SideTally; 2],
    plies: u64,
    capped: u32,
) -> String {
    let mut s = String::new();
    for side in [Side::Hunters, Side::Crowd] {
        let t = &tally[side.index()];
        let games = spec.games.max(1) as f64;
        let score = (t.wins as f64 + 0.5 * t.draws as f64) / games * 100.0;
        writeln!(
            s,
            "{:<8} {:<8} wins {:>3}  draws {:>3}  losses {:>3}  score {score:.1} %  mean {:.1} ms/move",
            if side == Side::Hunters { "hunters" } else { "crowd" },
            spec.players[side.index()].level.name(),
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
        plies as f64 / spec.games.max(1) as f64
    )
    .unwrap();
    s
}

/// `solve`: the proven winner of a Fox and Geese position (sideways off);
/// with `--record`, of each recorded game's position after `--after-ply`
/// plies, a line per game as it is proven.
pub(super) fn solve(c: &Common, out: &mut dyn Write) -> Result<(), String> {
    let [game_id] = c.positional.as_slice() else {
        return Err(format!("solve takes GAME\n{USAGE}"));
    };
    if let Some(path) = c.search.record.as_deref() {
        return solve_games(c, game_id, path, out);
    }
    let game = build_game(c, game_id)?;
    if let Some(o) = game.outcome() {
        return Err(format!(
            "the game is over: {}",
            o.describe(game.variant().kind)
        ));
    }
    if c.search.backwards {
        return solve_backwards(c, &game, out);
    }
    let start = Instant::now();
    let mut solver = fox_geese_solver(c, &game)?;
    let winner = solver.solve(game.position()).map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    let winning = solver
        .winning_moves(game.position())
        .map_err(|e| e.to_string())?;
    let mut s = String::new();
    write_winner(&mut s, winner, &winning);
    writeln!(s, "nodes {}", solver.nodes()).unwrap();
    writeln!(s, "proofs stored {}", solver.table_size()).unwrap();
    writeln!(s, "time {secs:.1} s").unwrap();
    say(out, &s)
}

/// The first lines of `solve`'s report: the winner and its winning moves.
fn write_winner(s: &mut String, winner: Winner, winning: &[Move]) {
    let who = match winner {
        Winner::Fox => "the fox",
        Winner::Geese => "the geese",
    };
    writeln!(s, "winner {who} (with perfect play by both sides)").unwrap();
    let mut winning: Vec<String> = winning.iter().map(|m| m.to_string()).collect();
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
fn solve_backwards(c: &Common, game: &Game, out: &mut dyn Write) -> Result<(), String> {
    let jobs = jobs(&c.search.jobs)?;
    let checks = number::<usize>("--check", &c.search.check)?;
    let seed = number::<u64>("--seed", &c.search.seed)?.unwrap_or(1);
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
    let quiet = c.search.quiet;
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
    write_winner(&mut s, winner, &winning);
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

/// `--jobs`: threads or games at a time, at least 1; one per core without it.
pub(super) fn jobs(text: &Option<String>) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = number::<usize>("--jobs", text)?.unwrap_or(cores);
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    Ok(jobs)
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
fn fox_geese_solver(c: &Common, game: &Game) -> Result<FoxGeeseSolver, String> {
    let budget = number::<u64>("--nodes", &c.search.nodes)?.unwrap_or(u64::MAX);
    let table_bits = match hash_mb(c)? {
        // Two words (16 bytes) per bucket: the largest power of two that fits.
        Some(mb) => 63 - mb.saturating_mul(1 << 16).leading_zeros(),
        None => 26,
    };
    let mut solver =
        FoxGeeseSolver::new(*game.variant(), budget, table_bits).map_err(|e| e.to_string())?;
    if !c.search.quiet {
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
fn solve_games(c: &Common, game_id: &str, path: &str, out: &mut dyn Write) -> Result<(), String> {
    let plies = number::<usize>("--after-ply", &c.search.after_ply)?
        .ok_or("solve --record needs --after-ply N")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let (players, moves) = line.split_once(':').unwrap_or(("", line));
        let mut game = build_game(c, game_id)?;
        for word in moves.split_whitespace().take(plies) {
            let at = |e: String| format!("{path}:{}: {e}", n + 1);
            let mv = game.parse_move(word).map_err(|e| at(e.to_string()))?;
            game.play(&mv).map_err(|e| at(e.to_string()))?;
        }
        let verdict = if let Some(o) = game.outcome() {
            format!("the game is over: {}", o.describe(game.variant().kind))
        } else if game.ply() < plies {
            format!("only {} plies recorded", game.ply())
        } else {
            let start = Instant::now();
            let mut solver = fox_geese_solver(c, &game)?;
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
