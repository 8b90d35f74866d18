//! The game as the search plays it: make and unmake straight over
//! [`Rules`], with the same end-of-game checks and repetition window as
//! [`Game`], but without building history records or move lists twice.

use crate::rules::{Game, Move, Position, Rules, Side, Stuck};

/// Why a position is over before looking at its moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RuleEnd {
    /// A side has met a win condition.
    Won(Side),
    /// A draw rule holds (the side to move still loses if it has no move).
    DrawRule,
    /// The game is drawn, moves or not (a two-round match that ended level).
    Drawn,
}

/// A position with the stack of earlier ones, for unmake and repetitions.
pub struct SearchBoard {
    rules: Rules,
    pos: Position,
    /// The position before each move made in the search.
    undo: Vec<Position>,
    /// Hashes from the game's initial position to the current one (last).
    hashes: Vec<u64>,
    /// The side that made the move into the root (the rules check its wins first).
    root_mover: Side,
    /// Rule facts the end checks read at every node, looked up once.
    quiet_limit: Option<u16>,
    forbids_repeats: bool,
    /// In a two-round match, the root's round (its `rule_state`): a line
    /// that ends that round ends there for the search.
    root_round: Option<u8>,
}

impl SearchBoard {
    pub fn new(game: &Game) -> SearchBoard {
        let rules = game.rules().clone();
        let mut pos = *game.initial_position();
        let mut hashes = vec![pos.hash];
        let mut root_mover = game.position().side_to_move.other();
        for mv in game.moves() {
            root_mover = pos.side_to_move;
            pos = rules.apply(&pos, mv).0;
            hashes.push(pos.hash);
        }
        debug_assert_eq!(pos, *game.position());
        SearchBoard {
            quiet_limit: rules.quiet_limit(),
            forbids_repeats: rules.forbids_repeats(),
            root_round: rules.two_rounds().map(|_| game.position().rule_state),
            rules,
            pos: *game.position(),
            undo: Vec::with_capacity(128),
            hashes,
            root_mover,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn position(&self) -> &Position {
        &self.pos
    }
    pub fn side_to_move(&self) -> Side {
        self.pos.side_to_move
    }
    /// The side the player to move took at the start: it changes at every
    /// turn, but two-round match's players swap roles between rounds.
    pub fn player_to_move(&self) -> Side {
        self.rules.player_side(&self.pos, self.pos.side_to_move)
    }

    /// Hashes the repetition rules look back over, not counting the current
    /// one: the positions since the last irreversible ply.
    fn window(&self) -> &[u64] {
        let n = self.hashes.len() - 1;
        let w = (self.pos.quiet_plies as usize).min(n);
        &self.hashes[n - w..n]
    }

    /// True when the current position already occurred since the last
    /// irreversible ply: scored as a draw by the search (it avoids
    /// repetitions it can avoid; Asalto and Fox and Geese draw on the third);
    /// never in a two-round match.
    pub fn is_repetition(&self) -> bool {
        // A two-round match never repeats: its rounds count every ply, and
        // a line that goes round gains the bear time.
        if self.root_round.is_some() {
            return false;
        }
        // Within the window the sides alternate, and the hash includes the
        // side to move: only an even number of plies back can match.
        let n = self.hashes.len() - 1;
        let w = (self.pos.quiet_plies as usize).min(n);
        let mut back = 2;
        while back <= w {
            if self.hashes[n - back] == self.pos.hash {
                return true;
            }
            back += 2;
        }
        false
    }

    /// In a two-round match, whether the line has left the root's round:
    /// the end of round one, which ends the line for the search.
    pub fn left_root_round(&self) -> bool {
        self.root_round
            .is_some_and(|round| round != self.pos.rule_state)
    }

    /// Wins and draw rules, in the order [`Game::outcome`] checks them:
    /// the wins of the side that made the last move first.
    pub fn rule_end(&self) -> Option<RuleEnd> {
        let pos = &self.pos;
        let mover = self
            .undo
            .last()
            .map_or(self.root_mover, |before| before.side_to_move);
        for side in [mover, mover.other()] {
            if let Some(end) = self.rules.win_of(pos, side) {
                return Some(end.winner.map_or(RuleEnd::Drawn, RuleEnd::Won));
            }
        }
        if self.quiet_limit.is_some_and(|l| pos.quiet_plies >= l) {
            return Some(RuleEnd::DrawRule);
        }
        None
    }

    /// True when the quiet-limit draw may fall within `depth` plies of
    /// here: a search of this node then depends on how many quiet plies
    /// led to it, which the table's key leaves out.
    pub fn quiet_draw_within(&self, depth: i32) -> bool {
        self.quiet_limit
            .is_some_and(|l| i32::from(l) - i32::from(self.pos.quiet_plies) <= depth)
    }

    /// What the side to move does when it has no legal move: it loses or
    /// the game is drawn ([`Stuck::Passes`] only where a pass it would
    /// make is refused by the no-repeat rule: it then loses, as
    /// [`Game::outcome`] says).
    pub fn when_stuck(&self) -> Stuck {
        self.rules.when_stuck(&self.pos)
    }

    /// Appends the moves the rules generate here (before Bagh-Chal's
    /// no-repeat filter, which [`SearchBoard::make`] applies).
    pub fn generate(&self, out: &mut Vec<Move>) {
        self.rules.generate(&self.pos, out);
    }

    /// True when the no-repeat rule binds here (Bagh-Chal once placement
    /// is over): the legal moves then depend on the history.
    pub fn repeats_forbidden(&self) -> bool {
        self.forbids_repeats && self.pos.in_hand == [0, 0]
    }

    /// Plays a generated move; false (and nothing changes) when Bagh-Chal's
    /// no-repeat rule forbids it.
    pub fn make(&mut self, mv: &Move) -> bool {
        let (next, _) = self.rules.apply(&self.pos, mv);
        if self.repeats_forbidden() {
            let h = next.hash;
            if h == self.pos.hash || self.window().contains(&h) {
                return false;
            }
        }
        self.undo.push(self.pos);
        self.pos = next;
        self.hashes.push(next.hash);
        true
    }

    pub fn unmake(&mut self) {
        if let Some(before) = self.undo.pop() {
            self.pos = before;
            self.hashes.pop();
        }
    }

    /// True when the side to move has at least one legal move (ignoring
    /// whether the game is over).
    pub fn has_legal_move(&mut self, scratch: &mut Vec<Move>) -> bool {
        scratch.clear();
        self.generate(scratch);
        for mv in scratch.iter() {
            if self.make(mv) {
                self.unmake();
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::SplitMix64;
    use crate::rules::{GameId, Variant};

    /// Perft over the search's make/unmake, ending games as `Game` does.
    fn perft(b: &mut SearchBoard, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let repeated = b.rules.repetition_limit().is_some_and(|times| {
            let earlier = b.window().iter().filter(|&&h| h == b.pos.hash).count();
            earlier + 1 >= times as usize
        });
        if b.rule_end().is_some() || repeated {
            return 0;
        }
        let mut moves = Vec::new();
        b.generate(&mut moves);
        let mut total = 0;
        for mv in &moves {
            if b.make(mv) {
                total += perft(b, depth - 1);
                b.unmake();
            }
        }
        total
    }

    #[test]
    fn make_and_unmake_agree_with_the_rules() {
        let mut rng = SplitMix64::new(11);
        // Every game, and the options that change the moves.
        let mut variants: Vec<Variant> = GameId::built_in().map(Variant::new).collect();
        let mut retreat = Variant::new(GameId::named("pirates"));
        retreat.set_option("retreat=on").unwrap();
        let mut sideways = Variant::new(GameId::named("fox-geese"));
        sideways.set_option("sideways=on").unwrap();
        variants.extend([retreat, sideways]);
        for v in variants {
            for _ in 0..25 {
                let mut g = Game::new(v);
                for _ in 0..rng.below(140) {
                    let moves = g.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    g.play_unchecked(&moves[rng.below(moves.len() as u64) as usize]);
                }
                let mut b = SearchBoard::new(&g);
                let before = b.pos;
                assert_eq!(perft(&mut b, 3), g.perft(3), "{}", g.position_string());
                assert_eq!(b.pos, before);
            }
        }
    }

    #[test]
    fn a_position_seen_before_is_a_repetition() {
        // Fox and Geese with sideways steps: a goose steps aside and back
        // while the fox does the same.
        let mut v = Variant::new(GameId::named("fox-geese"));
        v.set_option("sideways=on").unwrap();
        let mut g = Game::new(v);
        g.play_text("d4-d5 g3-g4").unwrap();
        let mut b = SearchBoard::new(&g);
        assert!(!b.is_repetition());
        for (i, text) in ["d5-d4", "g4-f4", "d4-d5", "f4-g4"].iter().enumerate() {
            assert!(b.make(&g.rules().parse_move(text).unwrap()), "{text}");
            // Only the last move brings back a position already seen.
            assert_eq!(b.is_repetition(), i == 3, "after {text}");
        }
        for _ in 0..4 {
            b.unmake();
        }
        assert_eq!(b.pos, *g.position());
    }
}
