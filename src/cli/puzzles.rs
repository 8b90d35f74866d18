//! `puzzles`: a game's puzzle set listed (`list`), checked again
//! (`check`), or harvested from computer games (`harvest`).

use std::io::Write;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::arena::{GameSpec, Player, play_game, recorded_game};
use super::args::{Args, say};
use super::bagh_chal_table::load_tablebase;
use super::usage::usage_of;
use crate::ai::rng::mix;
use crate::ai::{Level, Tablebase};
use crate::analysis::puzzles::{HarvestSpec, Harvester};
use crate::assets::find_asset;
use crate::coach::prove::{Provers, check_puzzle, exact_proof};
use crate::coach::puzzle::{Proof, PuzzleSet};
use crate::rules::{Game, GameId, Variant};

pub(super) fn puzzles(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let (sub, kind) = match args.positional.as_slice() {
        [sub, id] => (sub.as_str(), super::args::game_kind(id)?),
        _ => {
            return Err(format!(
                "puzzles takes list|check|harvest GAME\n{}",
                usage_of("puzzles")
            ));
        }
    };
    match sub {
        "list" => list(args, kind, out),
        "check" => check(args, kind, out),
        "harvest" => harvest(args, kind, out),
        other => Err(format!(
            "unknown puzzles command `{other}`\n{}",
            usage_of("puzzles")
        )),
    }
}

/// The file `--file` names, or the game's shipped set.
fn set_path(args: &Args, kind: GameId) -> Result<PathBuf, String> {
    match &args.file {
        Some(path) => Ok(PathBuf::from(path)),
        None => find_asset(Path::new(&PuzzleSet::asset_path(kind))).map_err(|looked| {
            let looked: Vec<String> = looked.iter().map(|p| p.display().to_string()).collect();
            format!("no puzzles for {kind} (looked in {})", looked.join(", "))
        }),
    }
}

/// The set `--file` names, or the shipped one for the game.
fn read_set(args: &Args, kind: GameId) -> Result<PuzzleSet, String> {
    let path = set_path(args, kind)?;
    let shown = path.display();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let set = PuzzleSet::from_ron(&text).map_err(|e| format!("{shown}: {e}"))?;
    if set.game != kind {
        return Err(format!(
            "{shown} holds puzzles for {}, not {kind}",
            set.game
        ));
    }
    Ok(set)
}

/// `puzzles list`: a line per puzzle, the position string, a tab, the
/// line.
fn list(args: &Args, kind: GameId, out: &mut dyn Write) -> Result<(), String> {
    let mut text = String::new();
    for p in read_set(args, kind)?.puzzles {
        text.push_str(&p.list_line());
        text.push('\n');
    }
    say(out, &text)
}

/// `puzzles check`: every puzzle's line legal and each answer the only one
/// by its proof; an error naming the first that is not.
fn check(args: &Args, kind: GameId, out: &mut dyn Write) -> Result<(), String> {
    let set = read_set(args, kind)?;
    let variant = set
        .puzzles
        .first()
        .and_then(|p| p.game().ok())
        .map_or(Variant::new(kind), |g| *g.variant());
    let table = load_tablebase(args.table.as_ref(), &variant, true)?;
    let provers = Provers {
        table: table.as_deref(),
        proof_nodes: args.nodes.unwrap_or(HarvestSpec::DEFAULT.proof_nodes),
    };
    for (n, p) in set.puzzles.iter().enumerate() {
        check_puzzle(p, &provers).map_err(|e| format!("puzzle {}: {e}\n{}", n + 1, p.position))?;
    }
    say(
        out,
        &format!(
            "{} puzzles checked: each answer is the only one\n",
            set.puzzles.len()
        ),
    )
}

/// The levels harvest games are played at: weak play leaves positions
/// where one move matters.
const HARVEST_LEVELS: [Level; 3] = [Level::Beginner, Level::Easy, Level::Medium];

/// `puzzles harvest`: `--games` computer games (every pairing of the
/// harvest levels in turn) or the games of `--record`, each position
/// looked at; the set (at most `--keep`, default 100) written to `--out`.
fn harvest(args: &Args, kind: GameId, out: &mut dyn Write) -> Result<(), String> {
    let path = args
        .out
        .as_deref()
        .ok_or("puzzles harvest needs --out FILE")?;
    let variant = args.variant(kind)?;
    let table = load_tablebase(args.table.as_ref(), &variant, true)?;
    let mut spec = HarvestSpec::DEFAULT;
    if let Some(d) = args.depth {
        spec.margin_depth = d;
    }
    if let Some(n) = args.nodes {
        spec.proof_nodes = n;
    }
    let mut harvester = Harvester::new(variant, table.clone(), spec)?;
    if args.merge && Path::new(path).exists() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let set = PuzzleSet::from_ron(&text).map_err(|e| format!("{path}: {e}"))?;
        if set.game != kind {
            return Err(format!("{path} holds puzzles for {}, not {kind}", set.game));
        }
        harvester.keep(set);
    }
    let keep = args.keep.unwrap_or(100);
    if args.games.is_none() && args.record.is_none() && exact_proof(&variant) == Some(Proof::Solved)
    {
        // A solved game: every position its start reaches.
        harvester.harvest_solved(keep);
        return write_set(harvester, keep, path, out);
    }
    let (total, games) = harvest_games(args, variant, table)?;
    for (g, game) in games.enumerate() {
        let game = game?;
        harvester.harvest_game(&game);
        if !args.quiet {
            eprintln!(
                "harvest: game {}/{total}, {} puzzles so far",
                g + 1,
                harvester.found()
            );
        }
    }
    write_set(harvester, keep, path, out)
}

/// Writes the harvest's set (at most `keep` puzzles) to `path`, and says
/// how it went.
fn write_set(
    harvester: Harvester,
    keep: usize,
    path: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let (positions, found) = (harvester.positions, harvester.found());
    let set = harvester.into_set(keep);
    std::fs::write(path, set.to_ron()).map_err(|e| format!("cannot write {path}: {e}"))?;
    say(
        out,
        &format!(
            "{positions} positions looked at; {found} puzzles found; {} written to {path}\n",
            set.puzzles.len()
        ),
    )
}

/// The games to harvest, played (or read) one at a time as they are
/// asked for: those of `--record`, else `--games` new ones.
type Games = Box<dyn Iterator<Item = Result<Game, String>>>;

fn harvest_games(
    args: &Args,
    variant: Variant,
    table: Option<Arc<Tablebase>>,
) -> Result<(usize, Games), String> {
    if let Some(path) = args.record.as_deref() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let path = path.to_string();
        let games = lines.into_iter().enumerate().map(move |(n, line)| {
            recorded_game(variant, &line).map_err(|e| format!("{path}:{}: {e}", n + 1))
        });
        return Ok((text.lines().count(), Box::new(games)));
    }
    let games = args
        .games
        .ok_or("puzzles harvest needs --games N or --record FILE")?;
    let seed = args.seed.unwrap_or(1);
    let openings = args.openings.unwrap_or(4);
    let n = HARVEST_LEVELS.len() as u64;
    let play = move |g: u64| {
        let [hunters, crowd] =
            [g % n, g / n % n].map(|i| Player::scaled(HARVEST_LEVELS[i as usize], 1.0));
        let spec = GameSpec {
            variant,
            players: [hunters, crowd],
            seed: mix(seed.wrapping_mul(1_000_003).wrapping_add(g)),
            openings,
            ply_cap: 1000,
            tablebase: table.clone(),
        };
        let record = play_game(&spec)?;
        recorded_game(variant, &record.moves_text)
    };
    Ok((games as usize, Box::new((0..games as u64).map(play))))
}
