//! The usage text: one part per command, so that `COMMAND --help` shows
//! its own part, and `help` (or a mistake) all of them.

use crate::rules::GameId;

/// Each command's usage lines.
const COMMANDS: [(&str, &str); 10] = [
    (
        "perft",
        "  stronghold-cli perft GAME DEPTH [--moves \"M1 M2 ...\"] [--position STRING] [--option KEY=VALUE]...
      [--divide]
  stronghold-cli perft --game-file PATH DEPTH [--moves \"M1 M2 ...\"] [--divide]
      --game-file plays any game file (docs/game-files.md) in GAME's place, here and in
      every command that takes GAME.",
    ),
    (
        "show",
        "  stronghold-cli show GAME [--moves \"M1 M2 ...\"] [--position STRING] [--option KEY=VALUE]...",
    ),
    (
        "bestmove",
        "  stronghold-cli bestmove GAME [--moves ...] [--position STRING] [--option KEY=VALUE]...
      [--level LEVEL | --depth D | --time-ms T] [--nodes N] [--seed S] [--table FILE|none]",
    ),
    (
        "selfplay",
        "  stronghold-cli selfplay GAME [--option KEY=VALUE]... --games N --hunters LEVEL --crowd LEVEL
      [--seed S] [--openings K] [--ply-cap P] [--time-scale F] [--quiet] [--record FILE]
      [--table FILE|none]",
    ),
    (
        "match",
        "  stronghold-cli match GAME --a LEVEL --b LEVEL [--pairs N] [--openings K] [--seed S]
      [--time-scale F] [--jobs J] [--ply-cap P] [--option KEY=VALUE]... [--quiet]
      [--table FILE|none] [--record FILE]
      Pairs of games from one random opening (K plies, default 2, each chosen among the moves
      a 5-ply search finds within half a piece of the best), A on each side once;
      the score of A with a 95 % interval, and graded results. J games at a time
      (default: one per core). --record writes each game's moves to FILE, a line per game.
  stronghold-cli match GAME --a LEVEL --b LEVEL --replay FILE [--replay FILE]...
      The same summary of the games recorded (a pair is the two games of one seed),
      replayed instead of played: several runs of the two levels as one match.",
    ),
    (
        "analyse",
        "  stronghold-cli analyse GAME --moves \"M1 M2 ...\" [--position STRING] [--option KEY=VALUE]...
      [--level LEVEL] [--table FILE|none] [--quiet]
      Grades every move (best, good, inaccuracy, mistake, blunder) by how much of its side's
      expected result it gave away: a line per ply, `ply N MOVE GRADE before B after A best M`,
      scores for the side that moved (pieces, or win-in-N / loss-in-N), then `exact SOURCE: ...`
      where the rules, Bagh-Chal's table (which leaves out the no-repeat rule), the Fox and
      Geese proof or a search to the end (a loss: every move refuted on its own) knows the
      result; without it, the grade is the engine's evaluation, an estimate. Last `line M1 M2 ...`, the line the engine expects (its best move
      first); then each side's accuracy and grades. Progress on stderr (not with --quiet).
      LEVEL searches each position with that level's limits (default: 1.5 M nodes each).
  stronghold-cli analyse GAME --record FILE [--level LEVEL] [--table FILE|none] [--quiet]
      Each game of a selfplay or match record, a line each; for Bagh-Chal, how often the
      grades of the sliding phase agree with the shipped table (--table none: the search alone).",
    ),
    (
        "puzzles",
        "  stronghold-cli puzzles list GAME [--file FILE]
      A line per puzzle of the shipped set (puzzles/GAME.ron in the assets folder) or FILE:
      the position string, a tab, then the solution's moves (the answers and the replies).
  stronghold-cli puzzles check GAME [--file FILE] [--table FILE] [--nodes N]
      Checks every puzzle again: its line is legal and each answer the only one by its proof.
  stronghold-cli puzzles harvest GAME --out FILE (--games N [--seed S] [--openings K] | --record FILE)
      [--keep K] [--depth D] [--nodes N] [--option KEY=VALUE]... [--table FILE] [--merge] [--quiet]
      Plays N computer games (Beginner to Medium, every pairing in turn; K random opening plies,
      default 4) or reads a record, and keeps each position where exactly one move wins, keeps
      the draw, or beats every other by 1.5 pieces in a search of D plies (default 8); proven
      by Bagh-Chal's table, the Fox and Geese proof search (N positions each, default 200000),
      the backward solve of a game its file says is solved (there, also the only quickest
      win) or that search. A solved
      game without --games or --record looks at every position its start reaches. Writes at
      most K puzzles (default 100) to FILE; --merge keeps those already in FILE (a set of the
      same game) with the new ones, those with a former id first.",
    ),
    (
        "solve",
        "  stronghold-cli solve fox-geese [--moves ...] [--position STRING] [--option geese=N] [--nodes N] [--hash-mb MB]
  stronghold-cli solve GAME [--moves ...] [--position STRING] [--option KEY=VALUE]...
      Proves who wins with perfect play (Fox and Geese without sideways steps);
      --hash-mb sizes its table of proven positions (default 1024, a power of two used).
      Any other GAME is solved backwards from its position if it is small enough (at most
      5,000,000 positions; those the rules page calls solved take at most 1,765,682). The quiet
      draw is left out, unless no move of the game resets its count: then it is reckoned in.
  stronghold-cli solve fox-geese --record FILE --after-ply N [--nodes N] [--hash-mb MB]
      The same for each game of a selfplay or match record, after its first N plies.
  stronghold-cli solve fox-geese --backwards [--moves ...] [--position STRING] [--jobs J] [--quiet]
      [--check N [--seed S]]
      The same by solving every position that can follow, fewest geese and furthest on
      first, on J threads (default: one per core): the whole game from the start in
      about 7 GB of memory. --check proves N positions of random games from there again
      with the proof search and says whether the two agree.",
    ),
    (
        "tablebase",
        "  stronghold-cli tablebase build --out FILE [--keep K]
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
      tools/strength/fit_placement.py).",
    ),
    (
        "online",
        "  stronghold-cli online --server URL (--create GAME [--option KEY=VALUE]... [--side hunters|crowd]
      [--clock M+I] [--rated] | --join CODE) --level LEVEL [--name NAME [--key KEY]] [--pace-ms MS]
      [--seed S] [--table FILE|none] [--resign-after N]
  stronghold-cli online --server URL --watch CODE
  stronghold-cli online --server URL (--seek GAME [--option ...] [--side hunters|crowd] [--games N] |
      --anyone GAME [--option ...]) [--clock M+I] --level LEVEL [--name NAME [--key KEY]]
      [--pace-ms MS] [--seed S] [--resign-after N]
      Plays one game on a stronghold-server (URL: ws://HOST:PORT, wss://… or HOST:PORT; several,
      URL1,URL2, are tried in turn when one cannot be reached) at LEVEL. GAME is any built-in
      game (below), with its options (--option KEY=VALUE, as many as it has; not a --game-file:
      a server plays the built-in games only): it
      creates a room (the creator's side, default hunters; a clock of M minutes plus I seconds a
      move) or joins one by its code. Prints `code: CODE`, then `move N: MOVE` for each ply N
      (from 1) as the server stores it, then `result: …`, and exits 0 when the game ends. A lost
      connection is made again and the seat resumed. It takes at least MS milliseconds a move
      (default 100). With --watch it only watches the room: the same `move N: MOVE` lines (the
      moves already played first) and `result: …`. With --seek it keeps a seek open in the
      server's lobby (the game, its options, its side or either, the clock) and plays whoever
      takes it, N games one after another (default 1), each printed as above; with --anyone it
      takes the first seek of the same game, options and clock, or posts one and waits (sides
      drawn at random). With --name it plays as that player, marked as a bot (the server keeps
      names unique: the name's key is --key KEY, or the one kept for NAME in
      $XDG_CONFIG_HOME/stronghold/players/, made on first use); lobby games between named
      players are rated, a created room's too with --rated, each game in a rating of its own,
      and a rated game prints `rating: OLD -> NEW` (its own, `?` while provisional) after
      `result: …`. With --resign-after N it resigns on its first turn once N moves are played.
      Needs the `online` feature.",
    ),
];

/// What the words in capitals stand for, under every usage: GAME and the
/// options from the games' files (so a game added is listed), then the rest.
/// A game's options and their values: "geese=13|15|17, sideways=off|on".
pub(super) fn option_list(game: GameId) -> String {
    let each: Vec<String> = (game.file().options.iter())
        .map(|o| format!("{}={}", o.key, o.values.join("|")))
        .collect();
    each.join(", ")
}

pub(super) fn words() -> String {
    let games: Vec<String> = GameId::built_in().map(|g| g.id().to_string()).collect();
    let options: Vec<String> = GameId::built_in()
        .filter(|g| !g.file().options.is_empty())
        .map(|g| format!("{} ({g})", option_list(g)))
        .collect();
    let games = wrapped(&format!("GAME is {} (RULES.md).", or_list(&games)));
    let options = wrapped(&format!(
        "Options: {}; `show GAME` lists a game's, RULES.md says what each does and where it \
         comes from, and a game file lists its own.",
        options.join("; ")
    ));
    format!("{games}\n{options}\n{REST}")
}

/// "a, b or c".
fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `text` in lines of at most 90 characters, broken at spaces.
fn wrapped(text: &str) -> String {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.len() + 1 + word.len() > 90 {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// The words in capitals that are not games or options.
const REST: &str = "LEVEL is beginner, easy, medium, hard or master.
--table: Bagh-Chal's sliding-phase table for Hard and Master (default: the shipped one,
tablebase/bagh-chal.sctb in the assets folder; none: play without a table).
The assets folder: $STRONGHOLD_ASSETS if set, else an assets folder next to the program
(or up to three folders above it), in the source folder it was built from, or here.";

/// `command`'s usage lines (after clap's "Usage: "), or None for one
/// without hand-written lines.
pub(super) fn usage_line(command: &str) -> Option<String> {
    let (_, text) = COMMANDS.iter().find(|(name, _)| *name == command)?;
    Some(text.trim_start().to_string())
}

/// The whole usage: every command.
pub(super) fn usage() -> String {
    let lines: Vec<&str> = COMMANDS.iter().map(|(_, text)| *text).collect();
    format!("usage:\n{}\n{}", lines.join("\n"), words())
}

/// The usage of `command` alone (for its errors), or all of it for a
/// command it does not know.
pub(super) fn usage_of(command: &str) -> String {
    match COMMANDS.iter().find(|(name, _)| *name == command) {
        Some((_, text)) => format!("usage:\n{text}\n{}", words()),
        None => usage(),
    }
}
