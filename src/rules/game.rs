//! A game in progress: the position, its history, legality and the outcome.

use std::fmt;
use std::sync::Arc;

use super::movegen::{Effects, Move, Rules};
use super::outcome::{Outcome, Reason};
use super::position::Position;
use super::side::Side;
use super::variant::Variant;

/// A move the rules do not allow here; nothing was changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    pub mv: Move,
    /// The move's text, with the board's point names.
    pub text: String,
    /// Set when the game was already over.
    pub game_over: bool,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game_over {
            write!(f, "{} is not legal: the game is over", self.text)
        } else {
            write!(f, "{} is not legal here", self.text)
        }
    }
}

impl std::error::Error for IllegalMove {}

#[derive(Clone, Debug)]
struct Record {
    before: Position,
    mv: Move,
}

/// A game: rules, current position and every move played, for undo and the
/// repetition rules.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    position: Position,
    /// The position at which the game (or the loaded position) began.
    initial: Position,
    history: Vec<Record>,
}

impl Game {
    /// A game from its start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(variant, Position::start(&variant))
    }

    /// A game from a given position, with no history.
    pub fn from_position(variant: Variant, position: Position) -> Game {
        Game {
            rules: Rules::of(variant),
            position,
            initial: position,
            history: Vec::new(),
        }
    }

    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }
    /// The rules shared by every game of this variant.
    pub fn shared_rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The position the game began from.
    pub fn initial_position(&self) -> &Position {
        &self.initial
    }
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move
    }
    /// The round being played: 1, or 2 in a two-round match's second round.
    pub fn round(&self) -> u8 {
        self.rules.round(&self.position)
    }
    /// The side whose player plays `role` now: the side that player took
    /// at the start ([`Rules::player_side`]: the players of a two-round
    /// match swap roles for round two).
    pub fn player_side(&self, role: Side) -> Side {
        self.rules.player_side(&self.position, role)
    }
    /// The side the player to move took at the start.
    pub fn player_to_move(&self) -> Side {
        self.player_side(self.position.side_to_move)
    }
    /// Plies played since the game began.
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    /// Every position of the game, from its start to the current one.
    pub fn positions(&self) -> impl Iterator<Item = &Position> {
        (self.history.iter().map(|r| &r.before)).chain(std::iter::once(&self.position))
    }
    /// The moves played, oldest first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = &Move> + ExactSizeIterator {
        self.history.iter().map(|r| &r.mv)
    }
    /// The side the player of each move played took at the start, in
    /// order (a side placing several pieces in a turn makes several
    /// running; in a two-round match's second round a player moves the
    /// other role: see [`Game::player_side`]).
    pub fn player_movers(&self) -> impl ExactSizeIterator<Item = Side> + '_ {
        self.history
            .iter()
            .map(|r| self.rules.player_side(&r.before, r.before.side_to_move))
    }
    /// In a two-round match that has reached round two, the index of its
    /// first move (the number of moves before it).
    pub fn round_two_from(&self) -> Option<usize> {
        self.rules.two_rounds()?;
        (self.history.iter())
            .position(|r| self.rules.round(&r.before) == 2)
            .or_else(|| (self.round() == 2).then_some(self.history.len()))
    }
    /// In a two-round match, how many of the moves played are round
    /// one's (all of them while round two has not begun); None in other games.
    pub fn round_one_moves(&self) -> Option<usize> {
        self.rules.two_rounds()?;
        Some(self.round_two_from().unwrap_or(self.history.len()))
    }
    pub fn last_move(&self) -> Option<&Move> {
        self.history.last().map(|r| &r.mv)
    }

    /// Hashes of the positions the repetition rules look back over: the
    /// current one and the earlier ones since the last progress ply
    /// (those older cannot recur: material or ground has changed since).
    fn recent_hashes(&self) -> impl Iterator<Item = u64> + '_ {
        let window = (self.position.quiet_plies as usize).min(self.history.len());
        std::iter::once(self.position.hash).chain(
            self.history[self.history.len() - window..]
                .iter()
                .map(|r| r.before.hash),
        )
    }

    /// How often the current position occurred before (for the repetition
    /// draw): only those since the last progress ply can match, and the
    /// hash includes the side to move.
    fn earlier_occurrences(&self) -> usize {
        let window = (self.position.quiet_plies as usize).min(self.history.len());
        let hash = self.position.hash;
        self.history[self.history.len() - window..]
            .iter()
            .filter(|r| r.before.hash == hash)
            .count()
    }

    /// Once every piece is placed, a move may not recreate a position seen
    /// since the last progress ply (Bagh-Chal).
    fn repeats_forbidden_now(&self) -> bool {
        self.rules.forbids_repeats() && self.position.in_hand == [0, 0]
    }

    /// The win or draw that stands without looking at the moves: the win
    /// conditions (side that moved first), then the draw rules.
    fn outcome_before_moves(&self) -> (Option<Outcome>, Option<Outcome>) {
        let pos = &self.position;
        let mover = match self.history.last() {
            Some(r) => r.before.side_to_move,
            None => pos.side_to_move.other(),
        };
        let win = self
            .rules
            .win_of(pos, mover)
            .or_else(|| self.rules.win_of(pos, mover.other()));
        let draw = if self
            .rules
            .quiet_limit()
            .is_some_and(|limit| pos.quiet_plies >= limit)
        {
            Some(Outcome::draw(Reason::QuietLimit))
        } else if self
            .rules
            .repetition_limit()
            .is_some_and(|times| self.earlier_occurrences() + 1 >= times as usize)
        {
            Some(Outcome::draw(Reason::Repetition))
        } else {
            None
        };
        (win, draw)
    }

    /// True when the game is over for a reason other than the side to move
    /// having no move (cheap: no move generation).
    fn ended_without_looking_at_moves(&self) -> bool {
        let (win, draw) = self.outcome_before_moves();
        win.is_some() || draw.is_some()
    }

    /// The result, checked in the spec's order: the mover's wins, the other
    /// side's wins, no legal move for the side to move (it loses, or the
    /// game is drawn, as the game says), then the draws.
    pub fn outcome(&self) -> Option<Outcome> {
        let (win, draw) = self.outcome_before_moves();
        if win.is_some() {
            return win;
        }
        let mut moves = Vec::new();
        self.generate_unfiltered_legal(&mut moves);
        if moves.is_empty() {
            return Some(self.rules.no_move_outcome(&self.position));
        }
        draw
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The moves the rules allow from the position, ignoring whether the
    /// game is already over.
    fn generate_unfiltered_legal(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.rules.generate(&self.position, out);
        if self.repeats_forbidden_now() {
            let seen: Vec<u64> = self.recent_hashes().collect();
            let kept: Vec<Move> = out
                .drain(start..)
                .filter(|m| !seen.contains(&self.rules.apply(&self.position, m).0.hash))
                .collect();
            out.extend(kept);
        }
    }

    /// Every legal move; none when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Appends every legal move to `out`; nothing when the game is over.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if !self.ended_without_looking_at_moves() {
            self.generate_unfiltered_legal(out);
        }
    }

    /// Number of legal moves, counted without building them where possible.
    pub fn count_legal_moves(&self) -> u64 {
        if self.ended_without_looking_at_moves() {
            0
        } else if self.repeats_forbidden_now() {
            let mut v = Vec::new();
            self.generate_unfiltered_legal(&mut v);
            v.len() as u64
        } else {
            self.rules.count(&self.position)
        }
    }

    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays a move after checking it; an illegal move changes nothing.
    pub fn play(&mut self, mv: &Move) -> Result<Effects, IllegalMove> {
        let legal = self.legal_moves();
        if !legal.contains(mv) {
            return Err(IllegalMove {
                mv: *mv,
                text: self.rules.move_text(mv),
                game_over: legal.is_empty() && self.is_over(),
            });
        }
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]): for search.
    pub fn play_unchecked(&mut self, mv: &Move) -> Effects {
        let (next, effects) = self.rules.apply(&self.position, mv);
        self.history.push(Record {
            before: self.position,
            mv: *mv,
        });
        self.position = next;
        effects
    }

    /// Takes back the last move, restoring the exact previous state.
    pub fn undo(&mut self) -> Option<Move> {
        let record = self.history.pop()?;
        self.position = record.before;
        Some(record.mv)
    }

    /// Leaf count of the move tree to `depth` plies. A finished position
    /// counts 0 at depth > 0; the last ply is counted in bulk.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(64); depth as usize];
        self.perft_with(depth, &mut buffers)
    }

    /// Perft with one reusable move buffer per remaining depth.
    fn perft_with(&mut self, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal_moves();
        }
        let (moves, deeper) = buffers.split_first_mut().expect("a buffer per depth");
        moves.clear();
        self.legal_moves_into(moves);
        let mut total = 0;
        for mv in moves.iter() {
            self.play_unchecked(mv);
            total += self.perft_with(depth - 1, deeper);
            self.undo();
        }
        total
    }

    /// Per root move leaf counts, in move-text order.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut moves = self.legal_moves();
        moves.sort_by_key(|m| self.rules.move_text(m));
        moves
            .into_iter()
            .map(|mv| {
                self.play_unchecked(&mv);
                let n = self.perft(depth.saturating_sub(1));
                self.undo();
                (mv, n)
            })
            .collect()
    }
}
