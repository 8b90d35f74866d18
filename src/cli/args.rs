//! The command line read once: every flag turned into its type as it is
//! read (levels, numbers, options, sides), so a command only checks which
//! flags it needs; and the game the arguments describe.

use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;

use super::usage::usage_of;
use crate::ai::Level;
use crate::rules::{Game, GameId, Side, Variant};

/// Which Bagh-Chal table `--table` asks for (without the flag: the shipped one).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum TableChoice {
    /// `--table none`: play without a table.
    Without,
    /// `--table FILE`.
    File(PathBuf),
}

/// Every argument of every command, typed; what a command does not read
/// it ignores.
#[derive(Default)]
pub(super) struct Args {
    /// The command's words that are not flags: GAME, DEPTH, a subcommand.
    pub(super) positional: Vec<String>,
    pub(super) moves: Option<String>,
    pub(super) position: Option<String>,
    /// `--option KEY=VALUE`, checked against the game once it is known.
    pub(super) options: Vec<String>,
    pub(super) divide: bool,
    pub(super) quiet: bool,
    pub(super) backwards: bool,
    pub(super) merge: bool,
    pub(super) level: Option<Level>,
    pub(super) hunters: Option<Level>,
    pub(super) crowd: Option<Level>,
    pub(super) a: Option<Level>,
    pub(super) b: Option<Level>,
    /// At least 1.
    pub(super) depth: Option<u32>,
    pub(super) time_ms: Option<u64>,
    pub(super) nodes: Option<u64>,
    pub(super) seed: Option<u64>,
    pub(super) games: Option<u32>,
    pub(super) ply_cap: Option<usize>,
    /// A positive factor.
    pub(super) time_scale: Option<f64>,
    pub(super) openings: Option<usize>,
    /// At least 1.
    pub(super) pairs: Option<usize>,
    /// At least 1.
    pub(super) jobs: Option<usize>,
    pub(super) keep: Option<usize>,
    pub(super) in_hand: Option<u8>,
    pub(super) to_move: Option<Side>,
    /// At least 1.
    pub(super) hash_mb: Option<u64>,
    pub(super) at_least: Option<i32>,
    pub(super) after_ply: Option<usize>,
    pub(super) check: Option<usize>,
    pub(super) out: Option<String>,
    /// `--file`: a file to read (a puzzle set).
    pub(super) file: Option<String>,
    /// `--game-file`: a game from a file (it then stands for GAME).
    pub(super) game_file: Option<String>,
    pub(super) record: Option<String>,
    /// `match --replay FILE`: records to sum up instead of playing.
    pub(super) replay: Vec<String>,
    pub(super) table: Option<TableChoice>,
    /// `online` (with its feature only).
    #[cfg(feature = "online")]
    pub(super) online: OnlineArgs,
}

/// `online`'s flags: the server's address, the game to create (with the
/// creator's side and clock) or the code to join, and the bot's pace.
#[cfg(feature = "online")]
#[derive(Default)]
pub(super) struct OnlineArgs {
    pub(super) server: Option<String>,
    pub(super) create: Option<GameId>,
    pub(super) join: Option<String>,
    /// A room to watch, by its code.
    pub(super) watch: Option<String>,
    /// A game to seek in the lobby (a seek kept open), or to play anyone at.
    pub(super) seek: Option<GameId>,
    pub(super) anyone: Option<GameId>,
    pub(super) side: Option<Side>,
    pub(super) clock: Option<crate::online::ClockSpec>,
    /// The least time a bot takes for a move.
    pub(super) pace_ms: Option<u64>,
    /// The player's display name and key (`hello`).
    pub(super) name: Option<String>,
    pub(super) key: Option<String>,
    /// A created room's games count for the ratings.
    pub(super) rated: bool,
    /// The bot resigns on its first turn once this many moves are played.
    pub(super) resign_after: Option<usize>,
}

impl Args {
    /// Sets a flag without a value (`--quiet`); [`super::flags`] passes
    /// only those it defines.
    pub(super) fn switch(&mut self, flag: &str) {
        match flag {
            "--divide" => self.divide = true,
            "--quiet" => self.quiet = true,
            "--backwards" => self.backwards = true,
            "--merge" => self.merge = true,
            #[cfg(feature = "online")]
            "--rated" => self.online.rated = true,
            _ => {}
        }
    }

    /// Sets the flag's value, typed. [`super::flags`] passes only those it
    /// defines; `online`'s are left alone without its feature (the command
    /// then says it needs it).
    pub(super) fn set(&mut self, flag: &str, v: &str) -> Result<(), String> {
        match flag {
            "--moves" => self.moves = Some(v.to_string()),
            "--position" => self.position = Some(v.to_string()),
            "--option" => {
                if !v.contains('=') {
                    return Err(format!("option `{v}` is not KEY=VALUE"));
                }
                self.options.push(v.to_string());
            }
            "--out" => self.out = Some(v.to_string()),
            "--file" => self.file = Some(v.to_string()),
            "--game-file" => self.game_file = Some(v.to_string()),
            "--record" => self.record = Some(v.to_string()),
            "--replay" => self.replay.push(v.to_string()),
            "--table" => self.table = Some(table_choice(v)),
            "--level" => self.level = Some(level(flag, v)?),
            "--hunters" => self.hunters = Some(level(flag, v)?),
            "--crowd" => self.crowd = Some(level(flag, v)?),
            "--a" => self.a = Some(level(flag, v)?),
            "--b" => self.b = Some(level(flag, v)?),
            "--depth" => self.depth = Some(at_least_one(flag, number(flag, v)?)?),
            "--time-ms" => self.time_ms = Some(number(flag, v)?),
            "--nodes" => self.nodes = Some(number(flag, v)?),
            "--seed" => self.seed = Some(number(flag, v)?),
            "--games" => self.games = Some(number(flag, v)?),
            "--ply-cap" => self.ply_cap = Some(number(flag, v)?),
            "--time-scale" => self.time_scale = Some(time_scale(v)?),
            "--openings" => self.openings = Some(number(flag, v)?),
            "--pairs" => self.pairs = Some(at_least_one(flag, number(flag, v)?)?),
            "--jobs" => self.jobs = Some(at_least_one(flag, number(flag, v)?)?),
            "--keep" => self.keep = Some(number(flag, v)?),
            "--in-hand" => self.in_hand = Some(number(flag, v)?),
            "--to-move" => self.to_move = Some(side(v)?),
            "--hash-mb" => self.hash_mb = Some(at_least_one(flag, number(flag, v)?)?),
            "--at-least" => self.at_least = Some(number(flag, v)?),
            "--after-ply" => self.after_ply = Some(number(flag, v)?),
            "--check" => self.check = Some(number(flag, v)?),
            #[cfg(feature = "online")]
            "--server" | "--create" | "--join" | "--watch" | "--seek" | "--anyone"
            | "--pace-ms" | "--side" | "--clock" | "--name" | "--key" | "--resign-after" => {
                self.online.set(flag, v)?
            }
            _ => {}
        }
        Ok(())
    }

    /// The one GAME of a command that takes only that (or `--game-file`
    /// in its place).
    pub(super) fn only_game(&self, command: &str) -> Result<GameId, String> {
        match self.positional.as_slice() {
            [] if self.game_file.is_some() => self.game_named(None),
            [id] => self.game_named(Some(id)),
            _ => Err(format!("{command} takes GAME\n{}", usage_of(command))),
        }
    }

    /// The game GAME names, or the file `--game-file` names (read and
    /// added to the games the program knows); not both.
    pub(super) fn game_named(&self, id: Option<&str>) -> Result<GameId, String> {
        match (id, self.game_file.as_deref()) {
            (Some(id), None) => game_kind(id),
            (None, Some(path)) => load_game_file(path),
            (Some(id), Some(path)) => Err(format!(
                "both GAME ({id}) and --game-file ({path}): --game-file stands for GAME"
            )),
            (None, None) => Err("no GAME given".to_string()),
        }
    }

    /// `--jobs`: threads or games at a time; one per core without it.
    pub(super) fn jobs(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.jobs.unwrap_or(cores)
    }

    /// The file `--record` names, created empty, for each game's moves a
    /// line (`selfplay` and `match`); `None` without the flag.
    pub(super) fn record_file(&self) -> Result<Option<std::fs::File>, String> {
        self.record
            .as_deref()
            .map(|path| {
                std::fs::File::create(path).map_err(|e| format!("cannot create {path}: {e}"))
            })
            .transpose()
    }

    /// The game the arguments describe: a start or a position string,
    /// then the moves.
    pub(super) fn game(&self, kind: GameId) -> Result<Game, String> {
        let mut game = match &self.position {
            Some(text) => self.position_game(kind, text)?,
            None => Game::new(self.variant(kind)?),
        };
        if let Some(moves) = &self.moves {
            for (i, word) in moves.split_whitespace().enumerate() {
                let mv = game
                    .parse_move(word)
                    .map_err(|e| format!("move {} {e}\nlegal moves: {}", i + 1, legal(&game)))?;
                game.play_unchecked(&mv);
            }
        }
        Ok(game)
    }

    fn position_game(&self, kind: GameId, text: &str) -> Result<Game, String> {
        if !self.options.is_empty() {
            return Err(
                "--option cannot be used with --position: the position string carries its options"
                    .into(),
            );
        }
        let game = Game::from_position_string(text).map_err(|e| e.to_string())?;
        if game.variant().game != kind {
            return Err(format!(
                "the position string is for {}, not {kind}",
                game.variant().game
            ));
        }
        Ok(game)
    }

    /// The game with its `--option`s.
    pub(super) fn variant(&self, kind: GameId) -> Result<Variant, String> {
        let mut variant = Variant::new(kind);
        for o in &self.options {
            variant.set_option(o).map_err(|e| e.to_string())?;
        }
        Ok(variant)
    }

    /// The game and options of a command that plays from the start
    /// (`selfplay`, `match`): GAME and `--option`s, no moves or position.
    pub(super) fn start_variant(&self, command: &str) -> Result<Variant, String> {
        let kind = self.only_game(command)?;
        if self.moves.is_some() || self.position.is_some() {
            return Err(format!(
                "{command} plays from the start position: --moves and --position do not apply"
            ));
        }
        self.variant(kind)
    }
}

/// The legal moves, sorted, for an error message.
fn legal(game: &Game) -> String {
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    legal.sort();
    if legal.is_empty() {
        "none (the game is over)".to_string()
    } else {
        legal.join(" ")
    }
}

/// A game id, with the one message for one that names no game.
pub(super) fn game_kind(id: &str) -> Result<GameId, String> {
    id.parse().map_err(|e| format!("{e}"))
}

/// Reads a game file (`docs/game-files.md`) and adds its game to those
/// the program knows; a file the rules refuse gives `FILE:LINE:COLUMN:
/// reason`.
fn load_game_file(path: &str) -> Result<GameId, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: cannot read the file: {e}"))?;
    GameId::load(path, &bytes).map_err(|e| e.to_string())
}

fn level(flag: &str, text: &str) -> Result<Level, String> {
    text.parse().map_err(|e| format!("{flag}: {e}"))
}

fn number<T: FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} must be a whole number, found `{text}`"))
}

fn at_least_one<T: PartialEq + From<u8>>(flag: &str, n: T) -> Result<T, String> {
    if n == T::from(0) {
        return Err(format!("{flag} must be at least 1"));
    }
    Ok(n)
}

/// The `--time-scale` factor: a positive number.
fn time_scale(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if f > 0.0 && f.is_finite() => Ok(f),
        _ => Err(format!(
            "--time-scale must be a positive number, found `{text}`"
        )),
    }
}

/// `--to-move`: Bagh-Chal's goats or tigers.
fn side(text: &str) -> Result<Side, String> {
    match text {
        "goats" => Ok(Side::Crowd),
        "tigers" => Ok(Side::Hunters),
        other => Err(format!("--to-move takes goats or tigers, not `{other}`")),
    }
}

#[cfg(feature = "online")]
impl OnlineArgs {
    fn set(&mut self, flag: &str, v: &str) -> Result<(), String> {
        match flag {
            "--server" => self.server = Some(v.to_string()),
            "--create" => self.create = Some(game_kind(v)?),
            "--join" => self.join = Some(v.to_string()),
            "--watch" => self.watch = Some(v.to_string()),
            "--seek" => self.seek = Some(game_kind(v)?),
            "--anyone" => self.anyone = Some(game_kind(v)?),
            "--pace-ms" => self.pace_ms = Some(number(flag, v)?),
            "--resign-after" => self.resign_after = Some(number(flag, v)?),
            "--side" => self.side = Some(seat_side(v)?),
            "--name" => {
                crate::online::protocol::check_name(v).map_err(|e| format!("--name: {e}"))?;
                self.name = Some(v.to_string());
            }
            "--key" => {
                crate::online::protocol::check_key(v).map_err(|e| format!("--key: {e}"))?;
                self.key = Some(v.to_string());
            }
            _ => self.clock = Some(v.parse()?),
        }
        Ok(())
    }
}

/// `--side`: hunters or crowd.
#[cfg(feature = "online")]
fn seat_side(text: &str) -> Result<Side, String> {
    match text {
        "hunters" => Ok(Side::Hunters),
        "crowd" => Ok(Side::Crowd),
        other => Err(format!("--side takes hunters or crowd, not `{other}`")),
    }
}

fn table_choice(text: &str) -> TableChoice {
    match text {
        "none" => TableChoice::Without,
        path => TableChoice::File(PathBuf::from(path)),
    }
}

/// Writes `text` to `out` at once (commands that stream a line at a time).
pub(super) fn say(out: &mut dyn Write, text: &str) -> Result<(), String> {
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| e.to_string())
}
