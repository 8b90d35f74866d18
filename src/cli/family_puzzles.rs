//! `puzzles list|check|harvest GAME` for a game of the hunt family: its set
//! (`assets/puzzles/family/GAME.ron`, or `--file`), made from the game's
//! backward solve where it has one, else from the search's margins
//! (`coach::family_puzzle`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::args::{Args, say};
use crate::ai::family_solve::{FamilySolution, solution_for};
use crate::assets::find_asset;
use crate::coach::family_puzzle::{
    FamilyPuzzleSet, check_family_puzzle, harvest_searched, harvest_solved,
};
use crate::rules::family::Ruleset;

/// Puzzles a harvest keeps at most, unless `--keep` says.
const KEEP: usize = 150;
/// A margin puzzle's search depth and margin (hundredths of a piece),
/// unless `--depth` and `--at-least` say.
const MARGIN_DEPTH: u32 = 4;
const MARGIN: i32 = 150;

pub(super) fn family_puzzles(
    args: &Args,
    sub: &str,
    rules: Arc<Ruleset>,
    out: &mut dyn Write,
) -> Result<(), String> {
    match sub {
        "list" => {
            let set = read_set(args, &rules)?;
            let mut text = String::new();
            for p in &set.puzzles {
                text.push_str(&format!("{}\t{}\n", p.moves.join(" "), p.line.join(" ")));
            }
            say(out, &text)
        }
        "check" => {
            let set = read_set(args, &rules)?;
            let solution = solved(&rules);
            for (n, p) in set.puzzles.iter().enumerate() {
                check_family_puzzle(&rules, p, solution.as_deref())
                    .map_err(|e| format!("puzzle {}: {e}\n{}", n + 1, p.moves.join(" ")))?;
            }
            say(
                out,
                &format!(
                    "{} puzzles checked: each answer stands\n",
                    set.puzzles.len()
                ),
            )
        }
        "harvest" => {
            let path = args
                .out
                .as_deref()
                .ok_or("puzzles harvest needs --out FILE")?;
            let keep = args.keep.unwrap_or(KEEP);
            let puzzles = match solved(&rules) {
                Some(solution) => harvest_solved(&rules, &solution, keep),
                None => {
                    let depth = args.depth.unwrap_or(MARGIN_DEPTH);
                    let margin = args.at_least.unwrap_or(MARGIN);
                    let games = args.games.unwrap_or(200) as usize;
                    harvest_searched(&rules, games, (depth, margin), args.seed.unwrap_or(1), keep)
                }
            };
            let set = FamilyPuzzleSet {
                game: rules.file.id.clone(),
                puzzles,
            };
            std::fs::write(path, set.to_ron() + "\n")
                .map_err(|e| format!("cannot write {path}: {e}"))?;
            say(
                out,
                &format!("{} puzzles written to {path}\n", set.puzzles.len()),
            )
        }
        other => Err(format!("puzzles takes list|check|harvest, not `{other}`")),
    }
}

/// The game's backward solve, where its file says it is solved.
fn solved(rules: &Arc<Ruleset>) -> Option<Arc<FamilySolution>> {
    solution_for(rules)
}

/// The set `--file` names, or the shipped one for the game.
fn read_set(args: &Args, rules: &Ruleset) -> Result<FamilyPuzzleSet, String> {
    let id = &rules.file.id;
    let path = match &args.file {
        Some(path) => PathBuf::from(path),
        None => find_asset(Path::new(&FamilyPuzzleSet::asset_path(id)))
            .map_err(|_| format!("no puzzles for {id}"))?,
    };
    let shown = path.display();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let set = FamilyPuzzleSet::from_ron(&text).map_err(|e| format!("{shown}: {e}"))?;
    if &set.game != id {
        return Err(format!("{shown} holds puzzles for {}, not {id}", set.game));
    }
    Ok(set)
}
