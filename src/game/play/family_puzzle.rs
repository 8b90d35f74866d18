//! Puzzles of the hunt family's games on the family screen: a game's set
//! (`assets/puzzles/family/<id>.ron`, [`crate::coach::family_puzzle`])
//! loaded as an asset, and one puzzle solved on the family board.
//!
//! A puzzle puts its position on the board (the game that was there is
//! kept aside and put back on leaving): the person plays the solver's
//! side; the other side is the line's, its replies played here after a
//! pause (no search runs for it). The [`FamilyGate`] lets only the line's
//! next answer through; another legal move is refused ("try again").
//! Family puzzles are not rated: the set says what each answer rests on,
//! and the panel says it.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::prelude::*;

use crate::coach::family_puzzle::{FamilyPuzzle, FamilyPuzzleSet};
use crate::game::GameSet;
use crate::game::common::puzzle_progress::{family_key, puzzle_id};
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::text_asset::{FromText, FromTextLoader};
use crate::game::play::family::{FamilyGate, FamilyMatch, FamilyPlay, FamilyRefused};
use crate::game::play::match_state::Player;
use crate::rules::Side;
use crate::rules::family::{HuntMove, Ruleset};

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<FamilyPuzzleSetAsset>()
        .init_asset_loader::<FromTextLoader<FamilyPuzzleSetAsset>>()
        .init_resource::<FamilyPuzzleLibrary>()
        .init_resource::<FamilyPuzzleSession>()
        .add_message::<FamilyPuzzleCommand>()
        .add_systems(
            Update,
            (
                apply_family_puzzle_commands.in_set(GameSet::Commands),
                follow_family_line.in_set(GameSet::Ai),
            ),
        );
}

/// How long the reply waits after a right answer (seconds).
const REPLY_DELAY: f64 = 0.45;

/// A family game's puzzle set, read from its RON file.
#[derive(Asset, TypePath, Debug)]
pub struct FamilyPuzzleSetAsset(pub FamilyPuzzleSet);

impl FromText for FamilyPuzzleSetAsset {
    fn from_text(text: &str) -> Result<FamilyPuzzleSetAsset, String> {
        FamilyPuzzleSet::from_ron(text).map(FamilyPuzzleSetAsset)
    }
}

/// The family puzzle sets, each asked for the first time it is wanted.
#[derive(Resource, Default)]
pub struct FamilyPuzzleLibrary {
    handles: HashMap<String, Handle<FamilyPuzzleSetAsset>>,
}

impl FamilyPuzzleLibrary {
    /// A game's set once loaded (asked for if it was not yet); `None`
    /// while it loads or when the game has none.
    pub fn set<'a>(
        &mut self,
        game: &str,
        server: &AssetServer,
        sets: &'a Assets<FamilyPuzzleSetAsset>,
    ) -> Option<&'a FamilyPuzzleSet> {
        let handle = self
            .handles
            .entry(game.to_string())
            .or_insert_with(|| server.load(FamilyPuzzleSet::asset_path(game)));
        sets.get(&*handle).map(|s| &s.0).filter(|s| s.game == game)
    }
}

/// A request about family puzzles, from the family screen (or a test).
#[derive(Message, Clone, Debug)]
pub enum FamilyPuzzleCommand {
    /// Solve puzzle `index` of this game's set (`puzzle` is it).
    Start {
        rules: Arc<Ruleset>,
        index: usize,
        count: usize,
        puzzle: Box<FamilyPuzzle>,
    },
    /// Show the answer expected now.
    Hint,
    /// Back to the puzzle's position.
    Retry,
    /// Leave the puzzle and put back the game that was on the board.
    Leave,
}

/// How the puzzle being solved stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FamilyPuzzleStatus {
    YourMove,
    /// The last move tried was not the answer.
    Wrong,
    /// Right: the reply comes, then it is the player's move again.
    Right,
    Solved,
}

/// The family puzzle being solved, if any, and the game it put aside.
#[derive(Resource, Default)]
pub struct FamilyPuzzleSession {
    active: Option<ActiveFamilyPuzzle>,
    put_aside: Option<FamilyPlay>,
}

/// One family puzzle being solved.
pub struct ActiveFamilyPuzzle {
    pub rules: Arc<Ruleset>,
    /// Its place in the game's set, and the set's size.
    pub index: usize,
    pub count: usize,
    pub puzzle: FamilyPuzzle,
    /// Its id in the player's progress ([`family_puzzle_id`]), and
    /// whether it was solved before this try.
    pub id: String,
    pub solved_before: bool,
    pub solver: Side,
    line: Vec<HuntMove>,
    /// Moves of the line played so far.
    next: usize,
    /// Plies of the puzzle's position.
    base: usize,
    pub status: FamilyPuzzleStatus,
    pub mistakes: u32,
    pub hints: u32,
    hint_shown: bool,
    reply_at: f64,
}

impl ActiveFamilyPuzzle {
    /// The answer the hint shows, while it is up.
    pub fn hint(&self) -> Option<HuntMove> {
        self.line
            .get(self.next)
            .copied()
            .filter(|_| self.hint_shown)
    }
}

/// A family puzzle's id in the player's progress: its moves and its first
/// answer, hashed as the four games' puzzles are.
pub fn family_puzzle_id(puzzle: &FamilyPuzzle) -> String {
    puzzle_id(
        &puzzle.moves.join(" "),
        puzzle.line.first().map_or("", String::as_str),
    )
}

/// The first puzzle after `index` (round the set) not solved yet, else the
/// next one: (its index, the puzzle).
pub fn next_family_puzzle(
    puzzles: &[FamilyPuzzle],
    game_id: &str,
    settings: &Settings,
    after: Option<usize>,
) -> Option<(usize, FamilyPuzzle)> {
    let count = puzzles.len();
    let first = after.map_or(0, |i| i + 1);
    let key = family_key(game_id);
    let order = (0..count).map(|k| (first + k) % count.max(1));
    let index = order
        .clone()
        .find(|&i| {
            !settings
                .puzzles
                .is_solved_in(&key, &family_puzzle_id(&puzzles[i]))
        })
        .or_else(|| order.into_iter().next())?;
    Some((index, puzzles[index].clone()))
}

impl FamilyPuzzleSession {
    pub fn active(&self) -> Option<&ActiveFamilyPuzzle> {
        self.active.as_ref()
    }
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }
}

/// The puzzle's board: the person on the solver's side, the line's replies
/// on the other (a remote player: no search runs for it).
fn puzzle_play(
    rules: &Arc<Ruleset>,
    puzzle: &FamilyPuzzle,
    skin: String,
) -> Option<(FamilyPlay, Vec<HuntMove>)> {
    let game = puzzle.game(rules).ok()?;
    let line = puzzle.line_moves(rules).ok()?;
    let solver = game.position().side_to_move;
    let mut players = [Player::Remote; 2];
    players[solver.index()] = Player::Human;
    Some((FamilyPlay::resumed(game, players, skin), line))
}

fn apply_family_puzzle_commands(
    mut commands: MessageReader<FamilyPuzzleCommand>,
    mut session: ResMut<FamilyPuzzleSession>,
    mut family: ResMut<FamilyMatch>,
    mut gate: ResMut<FamilyGate>,
    settings: Res<Settings>,
) {
    for command in commands.read() {
        match command {
            FamilyPuzzleCommand::Start {
                rules,
                index,
                count,
                puzzle,
            } => {
                let skin = family
                    .play
                    .as_ref()
                    .map_or_else(|| "classic".to_string(), |p| p.skin.clone());
                let Some((mut play, line)) = puzzle_play(rules, puzzle, skin) else {
                    warn!("family puzzle {index} does not play: skipped");
                    continue;
                };
                play.generation = family.play.as_ref().map_or(0, |p| p.generation + 1);
                if session.put_aside.is_none() {
                    session.put_aside = family.play.take();
                }
                let solver = play.side_to_move();
                gate.0 = line.first().copied();
                let id = family_puzzle_id(puzzle);
                let solved_before = settings
                    .puzzles
                    .is_solved_in(&family_key(&rules.file.id), &id);
                session.active = Some(ActiveFamilyPuzzle {
                    rules: rules.clone(),
                    index: *index,
                    count: *count,
                    puzzle: (**puzzle).clone(),
                    id,
                    solved_before,
                    solver,
                    base: play.ply(),
                    line,
                    next: 0,
                    status: FamilyPuzzleStatus::YourMove,
                    mistakes: 0,
                    hints: 0,
                    hint_shown: false,
                    reply_at: 0.0,
                });
                family.play = Some(play);
            }
            FamilyPuzzleCommand::Hint => {
                if let Some(active) = session.active.as_mut()
                    && active.status != FamilyPuzzleStatus::Solved
                {
                    active.hints += 1;
                    active.hint_shown = true;
                }
            }
            FamilyPuzzleCommand::Retry => {
                let Some(active) = session.active.as_mut() else {
                    continue;
                };
                let skin = family
                    .play
                    .as_ref()
                    .map_or_else(|| "classic".to_string(), |p| p.skin.clone());
                if let Some((mut play, _)) = puzzle_play(&active.rules, &active.puzzle, skin) {
                    play.generation = family.play.as_ref().map_or(0, |p| p.generation + 1);
                    family.play = Some(play);
                    active.next = 0;
                    active.status = FamilyPuzzleStatus::YourMove;
                    active.hint_shown = false;
                    gate.0 = active.line.first().copied();
                }
            }
            FamilyPuzzleCommand::Leave => {
                if session.active.take().is_some() {
                    gate.0 = None;
                    if let Some(mut play) = session.put_aside.take() {
                        play.generation = family.play.as_ref().map_or(0, |p| p.generation + 1);
                        family.play = Some(play);
                    }
                }
            }
        }
    }
}

/// Follows the line: a refused move counts as a mistake, a right answer
/// brings the reply after a pause, the last answer solves the puzzle.
fn follow_family_line(
    mut session: ResMut<FamilyPuzzleSession>,
    mut family: ResMut<FamilyMatch>,
    mut gate: ResMut<FamilyGate>,
    mut refused: MessageReader<FamilyRefused>,
    time: Res<Time<Real>>,
    mut next_frame: ResMut<NextFrame>,
    mut settings: ResMut<Settings>,
) {
    let Some(active) = session.active.as_mut() else {
        refused.clear();
        return;
    };
    for _ in refused.read() {
        active.mistakes += 1;
        active.status = FamilyPuzzleStatus::Wrong;
    }
    let Some(play) = family.play.as_mut() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    // The player's answer went through the gate: the line moves on.
    if play.ply() > active.base + active.next && active.next < active.line.len() {
        active.next += 1;
        active.hint_shown = false;
        if active.next == active.line.len() {
            active.status = FamilyPuzzleStatus::Solved;
            // Kept with the settings (saved when they change).
            let key = family_key(&active.rules.file.id);
            if !settings.puzzles.is_solved_in(&key, &active.id) {
                settings.puzzles.mark_solved_in(&key, &active.id);
            }
        } else {
            active.status = FamilyPuzzleStatus::Right;
            active.reply_at = now + REPLY_DELAY;
        }
    }
    // The replies, once the answer has been seen to land.
    while active.status == FamilyPuzzleStatus::Right
        && play.side_to_move() != active.solver
        && active.next < active.line.len()
    {
        if now < active.reply_at {
            next_frame.within_secs(active.reply_at - now);
            break;
        }
        if !play.play(&active.line[active.next]) {
            break;
        }
        active.next += 1;
    }
    if active.status == FamilyPuzzleStatus::Right && play.side_to_move() == active.solver {
        active.status = FamilyPuzzleStatus::YourMove;
    }
    let answer = (play.side_to_move() == active.solver)
        .then(|| active.line.get(active.next).copied())
        .flatten();
    if gate.0 != answer {
        gate.0 = answer;
    }
}
