//! The moves of the games with special rules ([`super::special`]): made
//! apart from every other game's, which reach them through one branch in
//! [`Rules::generate`], [`Rules::count`] and [`Rules::apply`].

use std::cell::RefCell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Bitboard, Point};
use super::family::MAX_STACKS;
use super::family::file::Chain;
use super::movegen::{Effects, MAX_HOPS, Move, MoveKind, Rules};
use super::position::Position;
use super::side::Side;
use super::special::{NO_SLOT, PAID_THIS_TURN, Special};

thread_local! {
    /// A move list for counting a special game's moves without allocating.
    static COUNT_BUFFER: RefCell<Vec<Move>> = const { RefCell::new(Vec::new()) };
}

/// Where a chain stands: the hunter's point, the crowd and its stacks.
type ChainState = (Point, Bitboard, [u8; MAX_STACKS]);

/// A set of chain states, hashed by multiplying (the states are a few
/// small integers; the default hasher, built against hostile keys, cost
/// the stack games' move generation most of its time).
type StateSet<T> = HashSet<T, BuildHasherDefault<StateHasher>>;

#[derive(Default)]
struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// One hunter's chain search: where it started, the other hunters, the
/// states already searched (with how they were reached, where that
/// matters) and the ends already made moves.
struct ChainSearch<'a> {
    sp: &'a Special,
    start: Point,
    others: Bitboard,
    seen: &'a mut StateSet<(ChainState, Option<Point>)>,
    ends: &'a mut StateSet<ChainState>,
}

impl ChainSearch<'_> {
    fn again(&mut self) -> ChainSearch<'_> {
        ChainSearch {
            sp: self.sp,
            start: self.start,
            others: self.others,
            seen: self.seen,
            ends: self.ends,
        }
    }
}

impl Rules {
    /// Whether the game's own rule keeps a count in [`Position::rule_state`].
    pub fn keeps_rule_state(&self) -> bool {
        self.special.as_ref().is_some_and(|sp| {
            sp.flip.is_some() || sp.takes_turns || !sp.owed_on.is_empty() || sp.two_rounds.is_some()
        })
    }

    /// Whether `n` can be the rule's count in `pos`: a flipped forward is
    /// 1; the hunter that moved last stands on point `n - 1`; the owed
    /// crowd pieces fit on the board beside those there.
    pub fn rule_state_fits(&self, pos: &Position, n: u8) -> bool {
        let Some(sp) = &self.special else {
            return n == 0;
        };
        if sp.two_rounds.is_some() {
            // Round two (1) comes once round one has lasted its plies.
            n == 0 || (n == 1 && pos.moves_made[0] > 0)
        } else if sp.flip.is_some() {
            n <= 1
        } else if sp.takes_turns {
            n == 0 || Point::from_index(n - 1).is_some_and(|p| pos.hunters().contains(p))
        } else {
            let owed = (n & !PAID_THIS_TURN) as u32;
            let paid = n & PAID_THIS_TURN != 0;
            !sp.owed_on.is_empty()
                && pos.material(Side::Crowd) + owed <= self.crowd_limit()
                && (!paid || pos.side_to_move == Side::Crowd)
        }
    }

    /// The most crowd pieces a position may hold: the start's, or where
    /// declined captures add pieces, as many as the board has points.
    pub fn crowd_limit(&self) -> u32 {
        match &self.special {
            Some(sp) if !sp.owed_on.is_empty() => self.points().count(),
            _ => self.starting_count(Side::Crowd),
        }
    }

    /// The moves of a game with special rules ([`Rules::generate`]'s work
    /// for it, before the pass).
    #[cold]
    #[inline(never)]
    pub(super) fn generate_special(&self, sp: &Special, pos: &Position, out: &mut Vec<Move>) {
        let side = pos.side_to_move;
        let s = side.index();
        let empty = self.points() & !pos.occupied();
        let owed = sp.owed_placements(pos, empty);
        if !owed.is_empty() {
            out.extend(owed.map(Move::place));
            return;
        }
        if self.removal_due(sp, pos) {
            out.extend(pos.crowd().map(Move::remove));
            return;
        }
        if pos.in_hand[s] > 0 {
            out.extend((self.place_on[s] & empty).map(Move::place));
            return;
        }
        if sp.waits_for_hands(pos) {
            return;
        }
        if side == Side::Hunters {
            let movers = sp.movers(pos);
            let before = out.len();
            self.special_captures(sp, pos, movers, out);
            if out.len() > before && self.capture_compulsory() {
                return;
            }
            for p in movers {
                out.extend((self.step_targets(side, p) & empty).map(|q| Move::step(p, q)));
            }
            return;
        }
        let flipped = (pos.rule_state & 1) as usize;
        let restack = sp.restack_on & pos.crowd();
        for p in pos.crowd() {
            let targets = match &sp.flip {
                Some(flip) => flip.steps[flipped][p.index()],
                None => self.step_targets(side, p),
            };
            out.extend((targets & (empty | restack)).map(|q| Move::step(p, q)));
        }
    }

    /// The captures of the hunters of `movers`: line captures, or jumps
    /// (and chains) that take one piece from a stack.
    fn special_captures(
        &self,
        sp: &Special,
        pos: &Position,
        movers: Bitboard,
        out: &mut Vec<Move>,
    ) {
        if !self.captures() {
            return;
        }
        let empty = self.points() & !pos.occupied();
        for h in movers {
            if sp.line {
                for ray in &sp.rays[h.index()] {
                    let points = &ray.points;
                    let run = points
                        .iter()
                        .take_while(|&&q| pos.crowd().contains(q))
                        .count();
                    let lands = points.get(run).is_some_and(|&l| empty.contains(l));
                    if lands && sp.may_jump_run(ray, run) {
                        out.extend(Move::jump(h, &[points[run]]));
                    }
                }
                continue;
            }
            let mut path = [h; MAX_HOPS];
            let mut seen = StateSet::default();
            let mut ends = StateSet::default();
            let chain = ChainSearch {
                sp,
                start: h,
                others: pos.hunters().without(h),
                seen: &mut seen,
                ends: &mut ends,
            };
            let state = (h, pos.crowd(), pos.stacks);
            self.stacked_chain(chain, state, None, &mut path, 0, out);
        }
    }

    /// [`Rules`]'s chain search where a jump over a stack takes one piece
    /// and leaves the rest, so the stack may be jumped again, and where the
    /// hops after the first may be barred from going straight back. In a
    /// game with stacks, paths that reach the same end (the hunter's point,
    /// the pieces left) are one move, the first path found: the stacks let
    /// a tiger hop to and fro in more ways than anyone could list.
    fn stacked_chain(
        &self,
        mut chain: ChainSearch<'_>,
        (at, crowd, stacks): ChainState,
        came_from: Option<Point>,
        path: &mut [Point; MAX_HOPS],
        depth: usize,
        out: &mut Vec<Move>,
    ) {
        let stacked = !chain.sp.stack_points.is_empty();
        // Where later hops are held, how a point was reached matters too.
        let how = came_from.filter(|_| chain.sp.later_hops_not_back);
        if depth > 0 && stacked && !chain.seen.insert(((at, crowd, stacks), how)) {
            return;
        }
        let mut extended = false;
        if depth == 0 || (self.chains() && depth < MAX_HOPS) {
            for &(over, land) in self.board().jumps(at) {
                let free = crowd.contains(over) && !(chain.others | crowd).contains(land);
                if free && (depth == 0 || self.later_hop_allowed(chain.sp, came_from, at, over)) {
                    extended = true;
                    path[depth] = land;
                    let (crowd, stacks) = chain.sp.take(over, crowd, stacks);
                    let next = (land, crowd, stacks);
                    self.stacked_chain(chain.again(), next, Some(over), path, depth + 1, out);
                }
            }
        }
        let may_stop = !extended || self.chain() == Chain::Optional;
        let new_end = !stacked || chain.ends.insert((at, crowd, stacks));
        if depth > 0 && may_stop && new_end {
            out.extend(Move::jump(chain.start, &path[..depth]));
        }
    }

    /// Whether a hop from `at` over `over` may follow a hop that crossed
    /// `came_over` to reach `at`: anywhere, or where later hops are held,
    /// anywhere but straight back.
    fn later_hop_allowed(
        &self,
        sp: &Special,
        came_over: Option<Point>,
        at: Point,
        over: Point,
    ) -> bool {
        if !sp.later_hops_not_back {
            return true;
        }
        let board = self.board();
        let (ax, ay) = board.position(at);
        let (ox, oy) = board.position(over);
        let (dx, dy) = (ox - ax, oy - ay);
        !came_over.is_some_and(|c| {
            let (cx, cy) = board.position(c);
            let (px, py) = (ax - cx, ay - cy);
            (px * dx + py * dy) / (px.hypot(py) * dx.hypot(dy)) < -0.999
        })
    }

    /// Whether the hunters' opening is at its removal: they have placed one
    /// piece and the crowd has lost none.
    fn removal_due(&self, sp: &Special, pos: &Position) -> bool {
        sp.removes_after_first_placement
            && pos.side_to_move == Side::Hunters
            && pos.in_hand[0] + 1 == self.in_hand[0]
            && pos.material(Side::Crowd) == self.starting_count(Side::Crowd)
    }

    /// [`Rules::count`]'s work for a game with special rules.
    #[cold]
    #[inline(never)]
    pub(super) fn count_special(&self, sp: &Special, pos: &Position) -> u64 {
        COUNT_BUFFER.with_borrow_mut(|moves| {
            moves.clear();
            self.generate_special(sp, pos, moves);
            moves.len() as u64
        })
    }

    /// [`Rules::apply`] for a game with special rules.
    #[cold]
    #[inline(never)]
    pub(super) fn apply_special(
        &self,
        sp: &Special,
        pos: &Position,
        mv: &Move,
    ) -> (Position, Effects) {
        let side = pos.side_to_move;
        let s = side.index();
        let (mut next, effects, stays) = self.move_pieces(sp, pos, mv);
        if side == Side::Crowd && !stays && !sp.owed_on.is_empty() {
            next.rule_state &= !PAID_THIS_TURN;
        }
        if sp.takes_turns
            && side == Side::Hunters
            && matches!(mv.kind(), MoveKind::Step | MoveKind::Jump)
        {
            next.rule_state = mv.to().index() as u8 + 1;
        }
        let progress = matches!(
            mv.kind(),
            MoveKind::Place | MoveKind::Jump | MoveKind::Remove
        );
        let (ground_to_gain, gained) = self.ground_after(pos, mv, &effects);
        next.ground_to_gain = ground_to_gain;
        next.quiet_plies = if progress || gained || pos.in_hand != [0, 0] {
            0
        } else {
            pos.quiet_plies.saturating_add(1)
        };
        if self.counts_moves() && sp.two_rounds.is_none() {
            next.moves_made[s] = next.moves_made[s].saturating_add(1);
        }
        if !stays {
            next.side_to_move = side.other();
        }
        if let Some(flip) = &sp.flip {
            let flipped = (next.rule_state & 1) as usize;
            let empty = self.points() & !next.occupied();
            let forward = next
                .crowd()
                .any(|p| !(flip.forward[flipped][p.index()] & empty).is_empty());
            if !forward {
                next.rule_state ^= 1;
            }
        }
        next.hash = next.compute_hash();
        match sp.two_rounds {
            Some(most) if pos.in_hand == [0, 0] => self.round_ply(most, next, effects),
            _ => (next, effects),
        }
    }

    /// A ply of a two-round match once the pieces are placed: counted in
    /// [`Position::moves_made`]`[1]`. In round one, when the hunted piece
    /// can no longer step or the round has lasted its most plies, round
    /// two starts: the start's pieces, `rule_state` 1, and the plies round
    /// one lasted in `moves_made[0]`.
    fn round_ply(
        &self,
        most: u16,
        mut next: Position,
        mut effects: Effects,
    ) -> (Position, Effects) {
        next.moves_made[1] = next.moves_made[1].saturating_add(1);
        let round_over = next.moves_made[1] >= most || self.hunted_blocked(&next);
        if next.rule_state == 0 && round_over {
            let lasted = next.moves_made[1];
            next = self.start_position();
            next.rule_state = 1;
            next.moves_made = [lasted, 0];
            next.hash = next.compute_hash();
            effects.next_round = true;
        }
        (next, effects)
    }

    /// Whether no hunter can step: the hunted piece of a two-round match
    /// is shut in.
    pub(super) fn hunted_blocked(&self, pos: &Position) -> bool {
        let empty = self.points() & !pos.occupied();
        pos.hunters()
            .all(|h| (self.step_targets(Side::Hunters, h) & empty).is_empty())
    }

    /// The pieces after `mv` (stacks, owed pieces and removals included),
    /// what it took, and whether the side moving stays to move.
    fn move_pieces(&self, sp: &Special, pos: &Position, mv: &Move) -> (Position, Effects, bool) {
        let side = pos.side_to_move;
        let s = side.index();
        let mut next = *pos;
        let mut effects = Effects::default();
        let empty = self.points() & !pos.occupied();
        let mut stays = false;
        match mv.kind() {
            MoveKind::Place if !sp.owed_placements(pos, empty).is_empty() => {
                next.pieces[s] = next.pieces[s].with(mv.to());
                next.rule_state = (next.rule_state - 1) | PAID_THIS_TURN;
                stays = true;
            }
            MoveKind::Place => {
                next.pieces[s] = next.pieces[s].with(mv.to());
                next.in_hand[s] -= 1;
                let placed = self.in_hand[s] - next.in_hand[s];
                stays = next.in_hand[s] > 0
                    && (self.places_in_a_row(side) || placed < sp.first_turn_places[s]);
            }
            MoveKind::Step => {
                if side == Side::Hunters
                    && !sp.owed_on.is_empty()
                    && !self.hunters_that_can_jump(pos).is_empty()
                {
                    next.rule_state = (next.rule_state + 1).min(!PAID_THIS_TURN);
                }
                let (pieces, stacks) = sp.take(mv.from(), pos.pieces[s], pos.stacks);
                next.stacks = stacks;
                next.pieces[s] = pieces;
                match sp.stack_slot[mv.to().index()] {
                    slot if slot != NO_SLOT && next.pieces[s].contains(mv.to()) => {
                        next.stacks[slot as usize] += 1;
                    }
                    _ => next.pieces[s] = next.pieces[s].with(mv.to()),
                }
            }
            MoveKind::Jump => {
                next.pieces[s] = pos.pieces[s].without(mv.from()).with(mv.to());
                let mut crowd = pos.crowd();
                for over in self.captured(mv) {
                    (crowd, next.stacks) = sp.take(over, crowd, next.stacks);
                    effects.captured = effects.captured.with(over);
                }
                next.pieces[Side::Crowd.index()] = crowd;
            }
            MoveKind::Remove => {
                let crowd = Side::Crowd.index();
                (next.pieces[crowd], next.stacks) = sp.take(mv.to(), pos.crowd(), pos.stacks);
                effects.captured = effects.captured.with(mv.to());
                stays = true;
            }
            MoveKind::Pass => {}
        }
        (next, effects, stays)
    }
}
