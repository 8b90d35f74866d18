//! Puzzles for the games of the hunt family (`assets/games/*.game.ron`):
//! a position, reached by moves from the game's start (family games have
//! no position text, and the moves carry the history the rules count),
//! and the line to find.
//!
//! Two kinds, each said as what it is:
//!
//! - **Solved** ([`FamilyProof::Solved`]): the game is solved backwards
//!   ([`crate::ai::family_solve`]), so every move's value is known. The
//!   answer is the only move that keeps the win (or the draw), and so is
//!   every later answer of the line; the replies are the longest defence.
//!   A win is kept only where it comes before the quiet-move draw could.
//! - **Margin** ([`FamilyProof::SearchMargin`]): the other games. Every
//!   legal move is searched to a fixed depth with no randomness, and the
//!   answer beats every other move by the margin: "clearly best", a
//!   judgement of the search, not a proof.
//!
//! `stronghold-cli family-puzzles harvest|check|list GAME` makes and checks
//! the sets (`assets/puzzles/family/GAME.ron`).

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::ai::SearchLimits;
use crate::ai::family::{FAMILY_WIN, play_out_from, scored_moves};
use crate::ai::family_solve::{FamilySolution, Solved};
use crate::ai::rng::SplitMix64;
use crate::rules::family::{HuntGame, HuntMove, HuntPosition, Ruleset};

/// What the solver is asked to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FamilyGoal {
    /// The only move that keeps a win.
    Win,
    /// The quickest win, where every move wins: the only move that wins
    /// in the fewest moves.
    WinFastest,
    /// The only move that keeps the draw; every other one loses.
    Hold,
    /// The move the search finds clearly best.
    BestMove,
}

/// What backs the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FamilyProof {
    /// The game's backward solve: exact, with the quiet-move draw checked.
    Solved,
    /// Each move searched `depth` plies; the answer beat the next best by
    /// `margin` hundredths of a piece.
    SearchMargin { depth: u32, margin: i32 },
}

/// One puzzle of a family game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyPuzzle {
    /// The moves from the game's start to the puzzle's position.
    pub moves: Vec<String>,
    /// The solution: the solver's moves and the replies, in order, from
    /// the solver's first move to the solver's last.
    pub line: Vec<String>,
    pub goal: FamilyGoal,
    pub proof: FamilyProof,
    /// Solved wins: plies to the end with best play.
    #[serde(default)]
    pub win_in: Option<u32>,
}

impl FamilyPuzzle {
    /// 1 (easiest) to 5: a win by how far off it is, a held draw in the
    /// middle, a margin puzzle by the solver's moves in its line.
    pub fn difficulty(&self) -> u8 {
        match (self.goal, self.win_in) {
            (FamilyGoal::Win | FamilyGoal::WinFastest, Some(n)) => match n {
                0..=1 => 1,
                2..=3 => 2,
                4..=7 => 3,
                8..=13 => 4,
                _ => 5,
            },
            (FamilyGoal::Hold, _) => 3,
            _ => 2,
        }
    }

    /// The game at the puzzle's position.
    pub fn game(&self, rules: &Arc<Ruleset>) -> Result<HuntGame, String> {
        let mut game = HuntGame::new(rules.clone());
        game.play_text(&self.moves.join(" "))
            .map_err(|e| format!("move {} {}", e.number, e.reason))?;
        Ok(game)
    }

    /// The line's moves, checked to be legal in turn from the position.
    pub fn line_moves(&self, rules: &Arc<Ruleset>) -> Result<Vec<HuntMove>, String> {
        let mut game = self.game(rules)?;
        let mut moves = Vec::new();
        for text in &self.line {
            let mv = rules
                .parse_move(text)
                .map_err(|e| format!("line move `{text}`: {e}"))?;
            game.play(&mv)
                .map_err(|e| format!("line move `{text}`: {e}"))?;
            moves.push(mv);
        }
        Ok(moves)
    }
}

/// A family game's puzzles, as the RON file keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyPuzzleSet {
    /// The game's id (`kaooa`).
    pub game: String,
    pub puzzles: Vec<FamilyPuzzle>,
}

impl FamilyPuzzleSet {
    /// Where a game's set is, under the assets folder.
    pub fn asset_path(game: &str) -> String {
        format!("puzzles/family/{game}.ron")
    }
    pub fn from_ron(text: &str) -> Result<FamilyPuzzleSet, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(3);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }
}

/// A value for the side that moves into a position, from the solve.
fn value_after(rules: &Ruleset, solution: &FamilySolution, after: &HuntPosition) -> Option<Solved> {
    let mover = after.side_to_move.other();
    if let Some(end) = rules.end_of(after) {
        return Some(match end.winner {
            Some(side) if side == mover => Solved::Win(0),
            Some(_) => Solved::Loss(0),
            None => Solved::Draw,
        });
    }
    Some(match solution.value(after)? {
        Solved::Win(n) => Solved::Loss(n + 1),
        Solved::Loss(n) => Solved::Win(n + 1),
        Solved::Draw => Solved::Draw,
    })
}

/// The outcome class of a value: 1 a win, 0 a draw, -1 a loss.
fn class(v: Solved) -> i8 {
    match v {
        Solved::Win(_) => 1,
        Solved::Draw => 0,
        Solved::Loss(_) => -1,
    }
}

/// Plies the quiet-move draw leaves at `pos` (`None`: no such draw).
fn quiet_left(rules: &Ruleset, pos: &HuntPosition) -> Option<u32> {
    let limit = rules.file.draws.quiet_limit?;
    Some(u32::from(limit.saturating_sub(pos.quiet_plies)))
}

/// A value that the quiet-move draw cannot change: a win (or loss) in
/// fewer plies than the quiet plies left.
fn holds(rules: &Ruleset, pos: &HuntPosition, v: Solved) -> bool {
    match (v, quiet_left(rules, pos)) {
        (Solved::Win(n) | Solved::Loss(n), Some(left)) => u32::from(n) < left,
        _ => true,
    }
}

/// Each legal move at `pos` with its value for the mover, where the solve
/// knows every one and the quiet draw changes none.
fn move_values(
    rules: &Ruleset,
    solution: &FamilySolution,
    pos: &HuntPosition,
) -> Option<Vec<(HuntMove, Solved)>> {
    let mut moves = Vec::new();
    rules.generate(pos, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let v = value_after(rules, solution, &rules.apply(pos, &mv))?;
            holds(rules, pos, v).then_some((mv, v))
        })
        .collect()
}

/// The only move that keeps the best result at `pos`, with that result
/// and the goal it answers: the only win (or draw) there is, or, where
/// several moves win, the only quickest win. `None` when no single move
/// stands out (or there is no other move to choose).
fn unique_keeper(
    rules: &Ruleset,
    solution: &FamilySolution,
    pos: &HuntPosition,
) -> Option<(HuntMove, Solved, FamilyGoal)> {
    let values = move_values(rules, solution, pos)?;
    let best = values.iter().map(|(_, v)| class(*v)).max()?;
    if best < 0 || values.len() < 2 {
        return None;
    }
    let keepers: Vec<&(HuntMove, Solved)> =
        values.iter().filter(|(_, v)| class(*v) == best).collect();
    if let [(mv, v)] = keepers.as_slice() {
        let goal = if best > 0 {
            FamilyGoal::Win
        } else {
            FamilyGoal::Hold
        };
        return Some((*mv, *v, goal));
    }
    let plies = |v: &Solved| match v {
        Solved::Win(n) => *n,
        _ => u16::MAX,
    };
    let quickest = keepers.iter().map(|(_, v)| plies(v)).min()?;
    let mut fastest = keepers.iter().filter(|(_, v)| plies(v) == quickest);
    let (mv, v) = **fastest.next()?;
    (best > 0 && fastest.next().is_none()).then_some((mv, v, FamilyGoal::WinFastest))
}

/// The longest defence at `pos` for a side that is lost (or the move that
/// keeps the draw): the reply the line plays.
fn defence(rules: &Ruleset, solution: &FamilySolution, pos: &HuntPosition) -> Option<HuntMove> {
    let values = move_values(rules, solution, pos)?;
    values
        .iter()
        .max_by_key(|(_, v)| match v {
            Solved::Win(n) => 100_000 - i64::from(*n),
            Solved::Draw => 50_000,
            Solved::Loss(n) => i64::from(*n),
        })
        .map(|(mv, _)| *mv)
}

/// Solver's moves at most in a solved puzzle's line.
const MAX_SOLVER_MOVES: usize = 3;

/// The puzzles of a solved game: every position that can follow the start
/// where exactly one move keeps the win or the draw, its line extended
/// while the solver's answers stay unique; at most `max`, spread over the
/// distances to the end.
pub fn harvest_solved(
    rules: &Arc<Ruleset>,
    solution: &FamilySolution,
    max: usize,
) -> Vec<FamilyPuzzle> {
    let mut found: Vec<FamilyPuzzle> = Vec::new();
    // Every position the start reaches, by the first path to it.
    let start = HuntGame::new(rules.clone());
    // Positions as the solve tells them apart.
    let counts_moves = rules.counts_moves();
    let key = |mut p: HuntPosition| {
        p.quiet_plies = 0;
        p.hash = 0;
        if !counts_moves {
            p.moves_made = [0, 0];
        }
        p
    };
    let mut seen: HashSet<HuntPosition> = HashSet::from([key(*start.position())]);
    let mut queue: VecDeque<Vec<HuntMove>> = VecDeque::from([Vec::new()]);
    while let Some(path) = queue.pop_front() {
        let mut game = start.clone();
        for mv in &path {
            game.play_unchecked(mv);
        }
        if game.outcome().is_some() {
            continue;
        }
        if let Some(puzzle) = solved_puzzle(rules, solution, &game) {
            found.push(puzzle);
        }
        for mv in game.legal_moves() {
            let next = rules.apply(game.position(), &mv);
            if seen.insert(key(next)) {
                let mut longer = path.clone();
                longer.push(mv);
                queue.push_back(longer);
            }
        }
    }
    spread(found, max)
}

/// The puzzle at `game`'s position, if it makes one.
fn solved_puzzle(
    rules: &Arc<Ruleset>,
    solution: &FamilySolution,
    game: &HuntGame,
) -> Option<FamilyPuzzle> {
    let solver = game.position().side_to_move;
    let (first, value, goal) = unique_keeper(rules, solution, game.position())?;
    let mut line = vec![first];
    let mut answers = 1;
    let mut play = game.clone();
    play.play_unchecked(&first);
    // A win goes on while the solver's next answer stands out the same way.
    while goal != FamilyGoal::Hold && answers < MAX_SOLVER_MOVES {
        if play.outcome().is_some() {
            break;
        }
        let mut replies = Vec::new();
        let mut reply_game = play.clone();
        while reply_game.outcome().is_none() && reply_game.position().side_to_move != solver {
            let reply = defence(rules, solution, reply_game.position())?;
            reply_game.play_unchecked(&reply);
            replies.push(reply);
        }
        if reply_game.outcome().is_some() {
            break;
        }
        let Some((next, _, next_goal)) = unique_keeper(rules, solution, reply_game.position())
        else {
            break;
        };
        if next_goal != goal {
            break;
        }
        line.extend(replies);
        line.push(next);
        answers += 1;
        reply_game.play_unchecked(&next);
        play = reply_game;
    }
    let win_in = match value {
        Solved::Win(n) => Some(u32::from(n)),
        _ => None,
    };
    Some(FamilyPuzzle {
        moves: game.moves().map(|m| rules.move_text(m)).collect(),
        line: line.iter().map(|m| rules.move_text(m)).collect(),
        goal,
        proof: FamilyProof::Solved,
        win_in,
    })
}

/// At most `max` of `found`, spread evenly over its order by difficulty
/// and distance, so easy and hard ones both stay.
fn spread(mut found: Vec<FamilyPuzzle>, max: usize) -> Vec<FamilyPuzzle> {
    found.sort_by_key(|p| (p.difficulty(), p.win_in, p.moves.len()));
    if found.len() <= max {
        return found;
    }
    let step = found.len() as f64 / max as f64;
    (0..max)
        .map(|i| found[(i as f64 * step) as usize].clone())
        .collect()
}

/// Each legal move at `game`'s position, searched `depth` plies with no
/// randomness: its score for the mover, best first.
fn searched_moves(game: &HuntGame, depth: u32) -> Vec<(HuntMove, i32)> {
    let mut scored = scored_moves(game, depth);
    scored.sort_by_key(|(_, s)| -s);
    scored
}

/// The margin puzzle at `game`'s position, if its best move beats every
/// other by `margin` at `depth`.
pub fn margin_puzzle(game: &HuntGame, depth: u32, margin: i32) -> Option<FamilyPuzzle> {
    let scored = searched_moves(game, depth);
    let [(best, top), (_, second), ..] = scored.as_slice() else {
        return None;
    };
    // A forced loss either way teaches nothing.
    if top - second < margin || *top <= -FAMILY_WIN + 1_000 {
        return None;
    }
    let rules = &game.rules;
    Some(FamilyPuzzle {
        moves: game.moves().map(|m| rules.move_text(m)).collect(),
        line: vec![rules.move_text(best)],
        goal: FamilyGoal::BestMove,
        proof: FamilyProof::SearchMargin {
            depth,
            margin: top - second,
        },
        win_in: None,
    })
}

/// Margin puzzles from `games` games the search plays against itself
/// (with some randomness, for variety): at most `max`.
pub fn harvest_searched(
    rules: &Arc<Ruleset>,
    games: usize,
    (depth, margin): (u32, i32),
    seed: u64,
    max: usize,
) -> Vec<FamilyPuzzle> {
    let mut rng = SplitMix64::new(seed);
    let mut found: Vec<FamilyPuzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let player = crate::ai::family::Searcher {
        limits: SearchLimits::depth(4),
        noise: 60,
        exact: false,
    };
    for _ in 0..games {
        let played = play_out_from(
            HuntGame::new(rules.clone()),
            [player, player],
            rng.next_u64(),
            160,
        );
        let mut game = HuntGame::new(rules.clone());
        for mv in &played.moves {
            if game.outcome().is_some() || found.len() >= max {
                break;
            }
            if game.moves().count() >= 2
                && seen.insert(*game.position())
                && let Some(p) = margin_puzzle(&game, depth, margin)
            {
                found.push(p);
            }
            game.play_unchecked(mv);
        }
        if found.len() >= max {
            break;
        }
    }
    found
}

/// Checks a puzzle against its proof: the moves play, and a solved
/// puzzle's every answer is the only one keeping its result (the replies
/// the longest defence's value), or a margin puzzle's answer still beats
/// every other move by its margin.
pub fn check_family_puzzle(
    rules: &Arc<Ruleset>,
    puzzle: &FamilyPuzzle,
    solution: Option<&FamilySolution>,
) -> Result<(), String> {
    let game = puzzle.game(rules)?;
    let line = puzzle.line_moves(rules)?;
    if line.is_empty() {
        return Err("an empty line".to_string());
    }
    let solver = game.position().side_to_move;
    match puzzle.proof {
        FamilyProof::Solved => {
            let solution = solution.ok_or("a solved puzzle of a game with no solve")?;
            let mut play = game.clone();
            for mv in &line {
                if play.position().side_to_move == solver {
                    let (only, _, goal) = unique_keeper(rules, solution, play.position())
                        .ok_or("the position has no single move that keeps its result")?;
                    if only != *mv {
                        return Err(format!(
                            "{} is not the only move that keeps the result ({} is)",
                            rules.move_text(mv),
                            rules.move_text(&only)
                        ));
                    }
                    if goal != puzzle.goal {
                        return Err(format!(
                            "the goal says {:?}, the solve {goal:?}",
                            puzzle.goal
                        ));
                    }
                }
                play.play_unchecked(mv);
            }
        }
        FamilyProof::SearchMargin { depth, margin } => {
            let scored = searched_moves(&game, depth);
            let [(best, top), (_, second), ..] = scored.as_slice() else {
                return Err("fewer than two moves".to_string());
            };
            if *best != line[0] || top - second < margin {
                return Err(format!(
                    "the search now prefers {} by {} (the puzzle says {} by {margin})",
                    rules.move_text(best),
                    top - second,
                    puzzle.line[0]
                ));
            }
        }
    }
    Ok(())
}
