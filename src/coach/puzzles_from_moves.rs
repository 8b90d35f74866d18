//! Puzzle sets written as moves from a game's start instead of position
//! strings: the hunt family's sets (`assets/puzzles/family/GAME.ron`, made
//! by the family screen's harvest, `coach::family_puzzle`), read here for
//! the one game type so that `stronghold-cli puzzles list` lists them as it
//! lists the others: each puzzle's position string and its line.
//!
//! Only the moves and the line are read (the goal, the proof and the rest
//! of each puzzle are the family screen's); both are checked to be legal.

use serde::Deserialize;

use crate::rules::{Game, GameId, Variant};

/// A set as its file keeps it.
#[derive(Clone, Debug, Deserialize)]
pub struct MovesPuzzleSet {
    /// The game's id (`kaooa`).
    pub game: String,
    pub puzzles: Vec<MovesPuzzle>,
}

/// One puzzle: the moves to its position, and its line.
#[derive(Clone, Debug, Deserialize)]
pub struct MovesPuzzle {
    /// The moves from the game's start to the puzzle's position.
    pub moves: Vec<String>,
    /// The solution: the solver's moves and the replies, in order.
    pub line: Vec<String>,
}

/// One puzzle as position strings list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedPuzzle {
    /// The position string of the position to solve.
    pub position: String,
    pub line: Vec<String>,
}

impl ListedPuzzle {
    /// `puzzles list`'s line: the position string, a tab, the line's moves.
    pub fn list_line(&self) -> String {
        format!("{}\t{}", self.position, self.line.join(" "))
    }
}

impl MovesPuzzleSet {
    /// Where a game's set is, under the assets folder.
    pub fn asset_path(game: GameId) -> String {
        format!("puzzles/family/{}.ron", game.id())
    }

    pub fn from_ron(text: &str) -> Result<MovesPuzzleSet, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }

    /// Each puzzle at its position, in `game` with its default options;
    /// the first puzzle whose moves or line are not legal is an error
    /// that names it.
    pub fn listed(&self, game: GameId) -> Result<Vec<ListedPuzzle>, String> {
        if self.game != game.id() {
            return Err(format!("the set is for {}, not {game}", self.game));
        }
        self.puzzles
            .iter()
            .enumerate()
            .map(|(n, p)| p.listed(game).map_err(|e| format!("puzzle {}: {e}", n + 1)))
            .collect()
    }
}

impl MovesPuzzle {
    /// The puzzle at its position, its line checked.
    pub fn listed(&self, game: GameId) -> Result<ListedPuzzle, String> {
        let mut at = Game::new(Variant::new(game));
        play(&mut at, &self.moves, "move")?;
        let position = at.position_string();
        play(&mut at, &self.line, "line move")?;
        Ok(ListedPuzzle {
            position,
            line: self.line.clone(),
        })
    }
}

/// Plays each move of `moves` after checking it.
fn play(game: &mut Game, moves: &[String], what: &str) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("{what} {} {e}", i + 1))?;
        game.play(&mv)
            .map_err(|e| format!("{what} {} {e}", i + 1))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = r#"(
        game: "jeu-militaire",
        puzzles: [
            (moves: ["b2-b3", "a2-a3"], line: ["b3-a2"], goal: Win, proof: Solved, win_in: Some(1)),
        ],
    )"#;

    #[test]
    fn a_puzzle_of_moves_becomes_a_position_and_its_line() {
        let set = MovesPuzzleSet::from_ron(SET).unwrap();
        let game = GameId::named("jeu-militaire");
        let listed = set.listed(game).unwrap();
        assert_eq!(listed.len(), 1);
        let mut at = Game::from_position_string(&listed[0].position).unwrap();
        at.play_text("b3-a2").unwrap();
        assert_eq!(
            at.outcome().and_then(|o| o.winner),
            Some(crate::rules::Side::Hunters)
        );
        assert!(listed[0].list_line().ends_with("\tb3-a2"));
    }

    #[test]
    fn an_illegal_move_or_another_game_is_refused() {
        let game = GameId::named("jeu-militaire");
        let bad = MovesPuzzleSet::from_ron(&SET.replace("\"a2-a3\"", "\"a2-c4\"")).unwrap();
        assert!(
            bad.listed(game)
                .unwrap_err()
                .starts_with("puzzle 1: move 2")
        );
        let set = MovesPuzzleSet::from_ron(SET).unwrap();
        assert!(set.listed(GameId::named("kaooa")).is_err());
    }
}
