//! The hunt family's games on the command line: a built-in game named by
//! its id (`kaooa`), or any game file (`--game-file PATH`), played to the
//! position `--moves` names.

use std::sync::Arc;

use super::args::Args;
use crate::rules::GameKind;
use crate::rules::family::{self, HuntGame, Ruleset};

/// The family game the arguments name, if they name one: `--game-file`
/// (then GAME may be left out), or a GAME that is a built-in family game
/// and not one of the four.
pub(super) fn family_game(args: &Args, game_id: Option<&str>) -> Option<Result<HuntGame, String>> {
    let rules = match (&args.game_file, game_id) {
        (Some(path), _) => read_game_file(path),
        (None, Some(id)) if GameKind::from_id(id).is_none() => Ok(family::built_in(id)?),
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
    for (i, word) in args.moves.iter().flat_map(|m| m.split_whitespace()).enumerate() {
        let legal = |game: &HuntGame| {
            let mut all: Vec<String> =
                game.legal_moves().iter().map(|m| game.rules.move_text(m)).collect();
            all.sort();
            if all.is_empty() { "none (the game is over)".to_string() } else { all.join(" ") }
        };
        let mv = game
            .rules
            .parse_move(word)
            .map_err(|e| format!("move {} {e}\nlegal moves: {}", i + 1, legal(&game)))?;
        game.play(&mv)
            .map_err(|e| format!("move {} {e}\nlegal moves: {}", i + 1, legal(&game)))?;
    }
    Ok(game)
}

/// The ids of the built-in family games, for messages.
pub(super) fn ids() -> String {
    family::BUILT_IN.iter().map(|(id, _)| *id).collect::<Vec<_>>().join(", ")
}
