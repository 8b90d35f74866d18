//! `stronghold-cli`'s command line as clap reads it: the commands, and
//! each flag defined once, in a group of its own that every command taking
//! it flattens in. clap gives each command its `--help`, suggests a flag
//! or command for a misspelt one, and writes the shells' completions.
//!
//! The values stay text here and are typed by [`Args::set`], whose
//! messages the commands' tests and scripts know; the commands still read
//! one [`Args`].

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use super::args::Args;
use super::usage;

/// Puts a group's flags into [`Args`].
trait Fill {
    fn fill(self, args: &mut Args) -> Result<(), String>;
}

/// A group of one flag with a value: `value_flag!(Seed, seed, "seed", "S",
/// "the help")` is `--seed S`.
macro_rules! value_flag {
    ($group:ident, $field:ident, $long:literal, $value:literal, $help:literal) => {
        #[derive(clap::Args, Debug, Default)]
        pub(super) struct $group {
            #[arg(long = $long, value_name = $value, help = $help, allow_negative_numbers = true)]
            $field: Option<String>,
        }

        impl Fill for $group {
            fn fill(self, args: &mut Args) -> Result<(), String> {
                match self.$field {
                    Some(value) => args.set(concat!("--", $long), &value),
                    None => Ok(()),
                }
            }
        }
    };
}

/// A group of one flag without a value (`--quiet`).
macro_rules! switch_flag {
    ($group:ident, $field:ident, $long:literal, $help:literal) => {
        #[derive(clap::Args, Debug, Default)]
        pub(super) struct $group {
            #[arg(long = $long, help = $help)]
            $field: bool,
        }

        impl Fill for $group {
            fn fill(self, args: &mut Args) -> Result<(), String> {
                if self.$field {
                    args.switch(concat!("--", $long));
                }
                Ok(())
            }
        }
    };
}

value_flag!(
    GameFile,
    game_file,
    "game-file",
    "PATH",
    "Play any game file (docs/game-files.md) in GAME's place"
);
value_flag!(
    Moves,
    moves,
    "moves",
    "\"M1 M2 ...\"",
    "Moves to play first, in move text"
);
value_flag!(
    Position,
    position,
    "position",
    "STRING",
    "Start from a position string (as `show` prints it)"
);
value_flag!(
    Level,
    level,
    "level",
    "LEVEL",
    "beginner, easy, medium, hard or master"
);
value_flag!(Hunters, hunters, "hunters", "LEVEL", "The hunters' level");
value_flag!(Crowd, crowd, "crowd", "LEVEL", "The crowd's level");
value_flag!(
    LevelA,
    a,
    "a",
    "LEVEL",
    "Level A (it plays each side once a pair)"
);
value_flag!(LevelB, b, "b", "LEVEL", "Level B");
value_flag!(
    Depth,
    depth,
    "depth",
    "D",
    "Search depth in plies (at least 1)"
);
value_flag!(
    TimeMs,
    time_ms,
    "time-ms",
    "T",
    "Search time in milliseconds"
);
value_flag!(Nodes, nodes, "nodes", "N", "Positions to search");
value_flag!(Seed, seed, "seed", "S", "The random seed");
value_flag!(Games, games, "games", "N", "How many games");
value_flag!(PlyCap, ply_cap, "ply-cap", "P", "Stop a game after P plies");
value_flag!(
    TimeScale,
    time_scale,
    "time-scale",
    "F",
    "Multiply each level's time by F"
);
value_flag!(Openings, openings, "openings", "K", "Random opening plies");
value_flag!(Pairs, pairs, "pairs", "N", "Pairs of games (at least 1)");
value_flag!(
    Jobs,
    jobs,
    "jobs",
    "J",
    "Games or threads at a time (default: one per core)"
);
value_flag!(Keep, keep, "keep", "K", "How many to keep");
value_flag!(InHand, in_hand, "in-hand", "H", "Goats in hand");
value_flag!(
    ToMove,
    to_move,
    "to-move",
    "goats|tigers",
    "The side to move"
);
value_flag!(
    HashMb,
    hash_mb,
    "hash-mb",
    "MB",
    "The table of proven positions, in MB"
);
value_flag!(
    AtLeast,
    at_least,
    "at-least",
    "POINTS",
    "Only whether the goats can force this much"
);
value_flag!(
    AfterPly,
    after_ply,
    "after-ply",
    "N",
    "After the first N plies of each game"
);
value_flag!(
    Check,
    check,
    "check",
    "N",
    "Prove N positions again with the other search"
);
value_flag!(Out, out, "out", "FILE", "The file to write");
value_flag!(File, file, "file", "FILE", "A puzzle set to read");
value_flag!(
    Record,
    record,
    "record",
    "FILE",
    "Games' moves, a line per game"
);
value_flag!(
    Table,
    table,
    "table",
    "FILE|none",
    "Bagh-Chal's sliding-phase table (none: without)"
);
switch_flag!(Quiet, quiet, "quiet", "No progress on stderr");
switch_flag!(Divide, divide, "divide", "The count under each first move");
switch_flag!(
    Backwards,
    backwards,
    "backwards",
    "Solve backwards from every position that can follow"
);
switch_flag!(
    Merge,
    merge,
    "merge",
    "Keep the puzzles already in the file"
);
value_flag!(
    Server,
    server,
    "server",
    "URL",
    "The server (ws://HOST:PORT, wss://… or HOST:PORT; URL1,URL2 tried in turn)"
);
value_flag!(Create, create, "create", "GAME", "Create a room for GAME");
value_flag!(Join, join, "join", "CODE", "Join a room by its code");
value_flag!(Watch, watch, "watch", "CODE", "Watch a room by its code");
value_flag!(
    Seek,
    seek,
    "seek",
    "GAME",
    "Keep a seek for GAME open in the lobby"
);
value_flag!(
    Anyone,
    anyone,
    "anyone",
    "GAME",
    "Play the first seek of GAME, or post one"
);
value_flag!(Side, side, "side", "hunters|crowd", "The side to sit on");
value_flag!(
    Clock,
    clock,
    "clock",
    "M+I",
    "M minutes plus I seconds a move"
);
value_flag!(
    PaceMs,
    pace_ms,
    "pace-ms",
    "MS",
    "At least MS milliseconds a move (default 100)"
);
value_flag!(Name, name, "name", "NAME", "Play as this player (a bot)");
value_flag!(Key, key, "key", "KEY", "The player's key");
value_flag!(
    ResignAfter,
    resign_after,
    "resign-after",
    "N",
    "Resign on the first turn after N moves"
);
switch_flag!(
    Rated,
    rated,
    "rated",
    "The created room's games count for the ratings"
);

/// `--option KEY=VALUE`, as many as the game has.
#[derive(clap::Args, Debug, Default)]
pub(super) struct Options {
    /// One of the game's options (`show GAME` lists them)
    #[arg(long = "option", value_name = "KEY=VALUE")]
    option: Vec<String>,
}

impl Fill for Options {
    fn fill(self, args: &mut Args) -> Result<(), String> {
        self.option.iter().try_for_each(|o| args.set("--option", o))
    }
}

/// `--replay FILE`, as many records as are summed up.
#[derive(clap::Args, Debug, Default)]
pub(super) struct Replay {
    /// Sum up the games of a --record FILE instead of playing (repeatable:
    /// several runs as one match)
    #[arg(long = "replay", value_name = "FILE")]
    replay: Vec<String>,
}

impl Fill for Replay {
    fn fill(self, args: &mut Args) -> Result<(), String> {
        self.replay.iter().try_for_each(|f| args.set("--replay", f))
    }
}

/// A command's arguments: its words (GAME, DEPTH, a subcommand), then the
/// groups of the flags it takes. `command!(Perft "GAME DEPTH" { moves:
/// Moves, .. })`.
macro_rules! command {
    ($name:ident $words:literal { $($field:ident: $group:ident),* $(,)? }) => {
        #[derive(clap::Args, Debug)]
        pub(super) struct $name {
            #[arg(value_name = $words, help = "The command's words, as its usage puts them")]
            words: Vec<String>,
            $(#[command(flatten)] $field: $group,)*
        }

        impl Fill for $name {
            fn fill(self, args: &mut Args) -> Result<(), String> {
                args.positional = self.words;
                $(self.$field.fill(args)?;)*
                Ok(())
            }
        }
    };
}

command!(Perft "GAME DEPTH" {
    game_file: GameFile, moves: Moves, position: Position, options: Options, divide: Divide,
});
command!(Show "GAME" { game_file: GameFile, moves: Moves, position: Position, options: Options });
command!(Bestmove "GAME" {
    game_file: GameFile, moves: Moves, position: Position, options: Options, level: Level,
    depth: Depth, time_ms: TimeMs, nodes: Nodes, seed: Seed, table: Table,
});
command!(Selfplay "GAME" {
    game_file: GameFile, options: Options, games: Games, hunters: Hunters, crowd: Crowd,
    seed: Seed, openings: Openings, ply_cap: PlyCap, time_scale: TimeScale, quiet: Quiet,
    record: Record, table: Table,
});
command!(Match "GAME" {
    game_file: GameFile, options: Options, a: LevelA, b: LevelB, pairs: Pairs,
    openings: Openings, seed: Seed, time_scale: TimeScale, jobs: Jobs, ply_cap: PlyCap,
    quiet: Quiet, table: Table, record: Record, replay: Replay,
});
command!(Analyse "GAME" {
    game_file: GameFile, moves: Moves, position: Position, options: Options, level: Level,
    table: Table, quiet: Quiet, record: Record,
});
command!(Puzzles "list|check|harvest GAME" {
    game_file: GameFile, options: Options, file: File, table: Table, nodes: Nodes, out: Out,
    games: Games, seed: Seed, openings: Openings, record: Record, keep: Keep, depth: Depth,
    merge: Merge, quiet: Quiet,
});
command!(Solve "GAME" {
    game_file: GameFile, moves: Moves, position: Position, options: Options, nodes: Nodes,
    hash_mb: HashMb, record: Record, after_ply: AfterPly, backwards: Backwards, jobs: Jobs,
    quiet: Quiet, check: Check, seed: Seed,
});
command!(Tablebase "build|probe|games|placement|labels" {
    out: Out, keep: Keep, table: Table, moves: Moves, position: Position, record: Record,
    nodes: Nodes, hash_mb: HashMb, at_least: AtLeast, in_hand: InHand, games: Games,
    seed: Seed, to_move: ToMove,
});
command!(Online "" {
    server: Server, create: Create, options: Options, side: Side, clock: Clock, rated: Rated,
    join: Join, watch: Watch, seek: Seek, games: Games, anyone: Anyone, level: Level,
    name: Name, key: Key, pace_ms: PaceMs, seed: Seed, table: Table, resign_after: ResignAfter,
});

/// The commands. Each one's usage line is the hand-written one of
/// [`usage`], which says how its words and flags go together.
#[derive(Subcommand, Debug)]
pub(super) enum Command {
    /// Counts the positions DEPTH plies ahead (perft)
    Perft(Perft),
    /// Draws the board and lists the legal moves
    Show(Show),
    /// The engine's move
    Bestmove(Bestmove),
    /// Games of the computer against itself
    Selfplay(Selfplay),
    /// Pairs of games between two levels, with a score and its interval
    Match(Match),
    /// Grades every move of a game
    Analyse(Analyse),
    /// Lists, checks or makes a game's puzzles
    Puzzles(Puzzles),
    /// Proves who wins with perfect play
    Solve(Solve),
    /// Bagh-Chal's table of the sliding phase
    Tablebase(Tablebase),
    /// Plays one game on a stronghold-server
    Online(Online),
    /// Writes the completions of a shell (bash, zsh, fish, elvish or
    /// powershell) to standard output
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

impl Command {
    /// The command's name, as typed.
    fn name(&self) -> &'static str {
        match self {
            Command::Perft(_) => "perft",
            Command::Show(_) => "show",
            Command::Bestmove(_) => "bestmove",
            Command::Selfplay(_) => "selfplay",
            Command::Match(_) => "match",
            Command::Analyse(_) => "analyse",
            Command::Puzzles(_) => "puzzles",
            Command::Solve(_) => "solve",
            Command::Tablebase(_) => "tablebase",
            Command::Online(_) => "online",
            Command::Completions { .. } => "completions",
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "stronghold-cli",
    version,
    about = "The rules and the AI of Stronghold's hunt games from the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// clap's definition with the usage lines and the words in capitals
/// (GAME, the options, LEVEL) filled in from the games.
pub(super) fn command() -> clap::Command {
    let words = usage::words();
    Cli::command()
        .after_help(words.clone())
        .mut_subcommands(|sub| match usage::usage_line(sub.get_name()) {
            Some(line) => sub.override_usage(line).after_help(words.clone()),
            None => sub.after_help(words.clone()),
        })
}

/// What the words ask for: a command with its arguments, or a text to
/// print (`--help`, `--version`, completions).
pub(super) enum Asked {
    Run(&'static str, Box<Args>),
    Print(String),
}

/// Reads the command line (without the program's name).
pub(super) fn read(words: &[String]) -> Result<Asked, String> {
    use clap::error::ErrorKind;
    let mut definition = command();
    let all = std::iter::once("stronghold-cli".to_string()).chain(words.iter().cloned());
    let matches = match definition.try_get_matches_from_mut(all) {
        Ok(matches) => matches,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return Ok(Asked::Print(e.render().to_string()));
        }
        Err(e) => return Err(e.render().to_string().trim_end().to_string()),
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.render().to_string())?;
    let name = cli.command.name();
    let mut args = Args::default();
    match cli.command {
        Command::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut definition, "stronghold-cli", &mut text);
            return Ok(Asked::Print(String::from_utf8_lossy(&text).into_owned()));
        }
        Command::Perft(c) => c.fill(&mut args)?,
        Command::Show(c) => c.fill(&mut args)?,
        Command::Bestmove(c) => c.fill(&mut args)?,
        Command::Selfplay(c) => c.fill(&mut args)?,
        Command::Match(c) => c.fill(&mut args)?,
        Command::Analyse(c) => c.fill(&mut args)?,
        Command::Puzzles(c) => c.fill(&mut args)?,
        Command::Solve(c) => c.fill(&mut args)?,
        Command::Tablebase(c) => c.fill(&mut args)?,
        Command::Online(c) => c.fill(&mut args)?,
    }
    Ok(Asked::Run(name, Box::new(args)))
}

/// The help of `command` (or of the whole program when it is none).
pub(super) fn help_of(command: &str) -> String {
    let mut definition = self::command();
    match definition.find_subcommand_mut(command) {
        Some(sub) => sub.render_long_help().to_string(),
        None => definition.render_long_help().to_string(),
    }
}
