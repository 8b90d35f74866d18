//! The hunt family's games: every built-in file loads, perft from the start
//! agrees with a plain reference written apart from the engine (a board of
//! `Option<Side>`, adjacency and straightness worked out from the lines and
//! coordinates on every call, chains by recursion), and bad files are
//! refused with a place and a reason, never a panic; the one search and
//! the command line play them, and the small ones are solved as their
//! files say.

use std::collections::HashMap;
use std::path::Path;

use stronghold::rules::family::file::{
    Chain, EndSpec, GameFile, LaterHops, LineCapture, NoMoves, SpecialRule, Steps,
};
use stronghold::rules::family::{self, Problem, Ruleset};
use stronghold::rules::{Game, GameId, Outcome, Position, Reason, Rules, Side, Variant};

/// A second, slow implementation of the family's rules.
struct Reference {
    names: Vec<String>,
    at: Vec<(f32, f32)>,
    adjacent: Vec<Vec<usize>>,
    file: GameFile,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct RefPosition {
    board: Vec<Option<Side>>,
    /// Pieces under the top one on each point (stacks).
    under: Vec<u8>,
    hand: [u8; 2],
    to_move: Side,
    quiet: u16,
    made: [u16; 2],
    /// El Perro's flipped forward, the last fox's point + 1, or hens owed.
    state: u8,
    /// A two-round match: the round (1 or 2), the plies round one lasted,
    /// and the plies of this round once the pieces are placed.
    rounds: (u8, u16, u16),
}

impl Reference {
    fn new(rules: &Ruleset) -> Reference {
        let g = &rules.graph;
        let names: Vec<String> = g.nodes.iter().map(|n| n.name.clone()).collect();
        let at = g.nodes.iter().map(|n| (n.x, n.y)).collect();
        let mut adjacent = vec![Vec::new(); names.len()];
        // From the line list, not the engine's bitboards.
        for &(a, b) in &g.lines {
            adjacent[a as usize].push(b as usize);
            adjacent[b as usize].push(a as usize);
        }
        Reference {
            names,
            at,
            adjacent,
            file: rules.file.clone(),
        }
    }

    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).expect("a point")
    }

    fn start(&self) -> RefPosition {
        let mut board = vec![None; self.names.len()];
        for (side, spec) in [
            (Side::Hunters, &self.file.hunters),
            (Side::Crowd, &self.file.crowd),
        ] {
            for name in spec.start.split_whitespace() {
                board[self.index(name)] = Some(side);
            }
        }
        let mut under = vec![0; self.names.len()];
        for item in self.file.crowd.stacks.split_whitespace() {
            let (name, count) = item.split_once('=').expect("point=count");
            under[self.index(name)] = count.parse::<u8>().expect("a count") - 1;
        }
        RefPosition {
            board,
            under,
            hand: [self.file.hunters.in_hand, self.file.crowd.in_hand],
            to_move: self.file.first,
            quiet: 0,
            made: [0, 0],
            state: 0,
            rounds: (1, 0, 0),
        }
    }

    /// The most plies a round lasts, in a two-round match.
    fn two_rounds(&self) -> Option<u16> {
        self.file.special.iter().find_map(|r| match r {
            SpecialRule::TwoRounds(most) => Some(*most),
            _ => None,
        })
    }

    /// Whether no hunter has a step.
    fn hunters_shut_in(&self, p: &RefPosition) -> bool {
        (0..self.names.len())
            .filter(|&a| p.board[a] == Some(Side::Hunters))
            .all(|a| {
                self.adjacent[a]
                    .iter()
                    .all(|&b| p.board[b].is_some() || !self.may_step(p, Side::Hunters, a, b))
            })
    }

    /// A two-round match after the ply from `p` to `q`: once nothing is in
    /// hand every ply counts, and round one ends after the ply that shuts
    /// the hunter in (or at the limit): the start again, in round two.
    fn round_ply(&self, p: &RefPosition, mut q: RefPosition) -> RefPosition {
        let Some(most) = self.two_rounds() else {
            return q;
        };
        if p.hand != [0, 0] {
            return q;
        }
        q.rounds.2 += 1;
        if q.rounds.0 == 1 && (q.rounds.2 >= most || self.hunters_shut_in(&q)) {
            let mut next = self.start();
            next.rounds = (2, q.rounds.2, 0);
            return next;
        }
        q
    }

    /// A two-round match over: round two's hunter shut in, or lasting as
    /// long as round one's.
    fn match_over(&self, p: &RefPosition) -> bool {
        let (round, first, second) = p.rounds;
        round == 2 && p.hand == [0, 0] && (self.hunters_shut_in(p) || second >= first)
    }

    fn has(&self, rule: &SpecialRule) -> bool {
        self.file.special.contains(rule)
    }

    /// Where owed hens are added, if the game owes any.
    fn owed_on(&self) -> Option<Vec<usize>> {
        self.file.special.iter().find_map(|r| match r {
            SpecialRule::DeclinedCaptureOwes(names) => Some(self.region(names)),
            _ => None,
        })
    }

    /// The crowd's forward, turned round where El Perro's has flipped.
    fn crowd_forward(&self, p: &RefPosition) -> (f32, f32) {
        let (x, y) = self.file.crowd.forward.vector();
        if self.has(&SpecialRule::CrowdForwardFlips) && p.state == 1 {
            (-x, -y)
        } else {
            (x, y)
        }
    }

    /// Takes one piece off point `q`.
    fn lift(board: &mut [Option<Side>], under: &mut [u8], q: usize) {
        if under[q] > 0 {
            under[q] -= 1;
        } else {
            board[q] = None;
        }
    }

    fn straight(&self, a: usize, b: usize, c: usize) -> bool {
        let (u, v) = (
            (self.at[b].0 - self.at[a].0, self.at[b].1 - self.at[a].1),
            (self.at[c].0 - self.at[b].0, self.at[c].1 - self.at[b].1),
        );
        let cross = (u.0 * v.1 - u.1 * v.0) / (u.0.hypot(u.1) * v.0.hypot(v.1));
        cross.abs() < 1e-3 && u.0 * v.0 + u.1 * v.1 > 0.0
    }

    /// (over, to) pairs from `a`, from the file's list or the straight runs.
    fn jumps(&self, a: usize) -> Vec<(usize, usize)> {
        match &self.file.board.jumps {
            Some(triples) => triples
                .iter()
                .filter_map(|t| {
                    let p: Vec<usize> = t.split_whitespace().map(|n| self.index(n)).collect();
                    if p[0] == a {
                        Some((p[1], p[2]))
                    } else if p[2] == a {
                        Some((p[1], p[0]))
                    } else {
                        None
                    }
                })
                .collect(),
            None => {
                let mut out = Vec::new();
                for &b in &self.adjacent[a] {
                    for &c in &self.adjacent[b] {
                        if c != a && self.straight(a, b, c) {
                            out.push((b, c));
                        }
                    }
                }
                out
            }
        }
    }

    fn may_step(&self, p: &RefPosition, side: Side, a: usize, b: usize) -> bool {
        let spec = if side == Side::Hunters {
            &self.file.hunters
        } else {
            &self.file.crowd
        };
        if self.region(&spec.keep_off).contains(&b) {
            return false;
        }
        let f = if side == Side::Crowd {
            self.crowd_forward(p)
        } else {
            spec.forward.vector()
        };
        self.within(spec.steps, f, a, b)
    }

    fn within(&self, steps: Steps, f: (f32, f32), a: usize, b: usize) -> bool {
        let (dx, dy) = (self.at[b].0 - self.at[a].0, self.at[b].1 - self.at[a].1);
        let cos = (dx * f.0 + dy * f.1) / dx.hypot(dy);
        // The compass rose of 16: sector edges at 11.25 + 22.5 k degrees.
        let degrees = cos.clamp(-1.0, 1.0).acos().to_degrees();
        match steps {
            Steps::Any => true,
            Steps::Ahead => degrees < 11.25,
            Steps::Forward => degrees < 78.75,
            Steps::ForwardOrSideways => degrees < 101.25,
            Steps::None => false,
        }
    }

    fn crowd_count(&self, p: &RefPosition) -> usize {
        let on_board: usize = (0..p.board.len())
            .filter(|&i| p.board[i] == Some(Side::Crowd))
            .map(|i| 1 + p.under[i] as usize)
            .sum();
        on_board + p.hand[1] as usize
    }

    /// Whether a hunter stands further back, along the crowd's forward,
    /// than every crowd piece on the board (by coordinates).
    fn hunter_behind_crowd(&self, p: &RefPosition) -> bool {
        let f = self.file.crowd.forward.vector();
        let ahead = |i: usize| self.at[i].0 * f.0 + self.at[i].1 * f.1;
        let of = |side: Side| (0..p.board.len()).filter(move |&i| p.board[i] == Some(side));
        let rearmost = of(Side::Crowd).map(ahead).fold(f32::INFINITY, f32::min);
        rearmost.is_finite() && of(Side::Hunters).any(|i| ahead(i) < rearmost - 1e-3)
    }

    fn region(&self, names: &str) -> Vec<usize> {
        names.split_whitespace().map(|n| self.index(n)).collect()
    }

    /// A winner or draw the position itself shows (the mover's wins first).
    fn ended(&self, p: &RefPosition) -> bool {
        if self.match_over(p) {
            return true;
        }
        let mover = p.to_move.other();
        for side in [mover, mover.other()] {
            for end in &self.file.ends {
                let won = match end {
                    EndSpec::CrowdAtMost(k) => {
                        side == Side::Hunters && self.crowd_count(p) <= *k as usize
                    }
                    EndSpec::CrowdFills(r) => {
                        side == Side::Crowd
                            && self
                                .region(r)
                                .iter()
                                .all(|&q| p.board[q] == Some(Side::Crowd))
                    }
                    EndSpec::Reaches(s, r) => {
                        *s == side && self.region(r).iter().any(|&q| p.board[q] == Some(side))
                    }
                    EndSpec::OutlastsMoves(s, n) => {
                        *s == side && p.made[side.other().index()] >= *n
                    }
                    EndSpec::HuntersAtMost(_) => unimplemented!("no huffing in the reference"),
                    EndSpec::HuntersBehindCrowd => {
                        side == Side::Hunters && self.hunter_behind_crowd(p)
                    }
                    EndSpec::DrivenOnto(loser, r) => {
                        *loser == side.other()
                            && self.region(r).iter().any(|&q| p.board[q] == Some(*loser))
                    }
                };
                if won {
                    return true;
                }
            }
        }
        self.file.draws.quiet_limit.is_some_and(|l| p.quiet >= l)
    }

    fn children(&self, p: &RefPosition, with_pass: bool) -> Vec<RefPosition> {
        let side = p.to_move;
        let s = side.index();
        let mut out = Vec::new();
        let spec = if side == Side::Hunters {
            &self.file.hunters
        } else {
            &self.file.crowd
        };
        let start_hand = spec.in_hand;
        let next = |mut q: RefPosition, progress: bool, stays: bool| {
            q.quiet = if progress { 0 } else { p.quiet + 1 };
            q.made[s] += 1;
            if !stays {
                q.to_move = side.other();
                if side == Side::Crowd && self.owed_on().is_some() {
                    q.state &= 0x7f;
                }
            }
            self.round_ply(p, self.after_move(q))
        };
        // An owed hen comes first, a placement of its own, one a turn (the
        // top bit of the state marks the turn's hen as added).
        let owes = side == Side::Crowd && p.state & 0x7f > 0 && p.state & 0x80 == 0;
        if let Some(owed) = self.owed_on().filter(|_| owes) {
            for &q in &owed {
                if p.board[q].is_none() {
                    let mut c = p.clone();
                    c.board[q] = Some(side);
                    c.state = (c.state - 1) | 0x80;
                    out.push(next(c, true, true));
                }
            }
            if !out.is_empty() {
                return out;
            }
        }
        // Rimau-Rimau's opening: one tiger placed, then a person removed.
        let removal = self.has(&SpecialRule::RemoveAfterFirstPlacement)
            && side == Side::Hunters
            && p.hand[0] + 1 == self.file.hunters.in_hand
            && self.crowd_count(p) == self.crowd_count(&self.start());
        if removal {
            for q in (0..self.names.len()).filter(|&q| p.board[q] == Some(Side::Crowd)) {
                let mut c = p.clone();
                Self::lift(&mut c.board, &mut c.under, q);
                out.push(next(c, true, true));
            }
            return out;
        }
        if p.hand[s] > 0 {
            let kept_off = self.region(&spec.keep_off);
            let area: Vec<usize> = if spec.place_on.trim().is_empty() {
                (0..self.names.len()).collect()
            } else {
                self.region(&spec.place_on)
            };
            let area = area.into_iter().filter(|q| !kept_off.contains(q));
            for q in area {
                if p.board[q].is_none() {
                    let mut c = p.clone();
                    c.board[q] = Some(side);
                    c.hand[s] -= 1;
                    let placed = start_hand - c.hand[s];
                    let stays = c.hand[s] > 0
                        && (spec.places_in_a_row
                            || spec.first_turn_places.is_some_and(|n| placed < n));
                    out.push(next(c, true, stays));
                }
            }
            return out;
        }
        let waiting = self.has(&SpecialRule::PlaceAllFirst) && p.hand != [0, 0];
        let last_fox =
            (self.has(&SpecialRule::HuntersTakeTurns) && p.state > 0).then(|| p.state as usize - 1);
        let movable = |a: usize| !waiting && p.board[a] == Some(side) && Some(a) != last_fox;
        if side == Side::Hunters && self.file.capture.chain != Chain::NoCapture {
            let mut ends = std::collections::HashSet::new();
            for a in (0..self.names.len()).filter(|&a| movable(a)) {
                let mut board = p.board.clone();
                board[a] = None;
                self.captures(a, (board, p.under.clone()), &mut |b, under, end| {
                    let mut c = p.clone();
                    c.board = b;
                    c.under = under;
                    c.board[end] = Some(Side::Hunters);
                    if self.has(&SpecialRule::HuntersTakeTurns) {
                        c.state = end as u8 + 1;
                    }
                    // Stacks make many paths to one end: one move each end.
                    if self.file.crowd.stacks.is_empty()
                        || ends.insert((a, c.board.clone(), c.under.clone()))
                    {
                        out.push(next(c, true, false));
                    }
                });
            }
            if !out.is_empty() && self.file.capture.compulsory {
                return out;
            }
        }
        let could_capture = side == Side::Hunters && !out.is_empty();
        let restack = self.region(&self.file.crowd.restack_on);
        for a in (0..self.names.len()).filter(|&a| movable(a)) {
            for &b in &self.adjacent[a] {
                let onto_stack =
                    side == Side::Crowd && restack.contains(&b) && p.board[b] == Some(Side::Crowd);
                if (p.board[b].is_none() || onto_stack) && self.may_step(p, side, a, b) {
                    let mut c = p.clone();
                    Self::lift(&mut c.board, &mut c.under, a);
                    if onto_stack {
                        c.under[b] += 1;
                    } else {
                        c.board[b] = Some(side);
                    }
                    if self.has(&SpecialRule::HuntersTakeTurns) && side == Side::Hunters {
                        c.state = b as u8 + 1;
                    }
                    if could_capture && self.owed_on().is_some() {
                        c.state += 1;
                    }
                    out.push(next(c, false, false));
                }
            }
        }
        if out.is_empty() && with_pass {
            let mut other = p.clone();
            other.to_move = side.other();
            let other_moves = !self.children(&other, false).is_empty();
            let passes = match self.file.no_moves.of(side) {
                _ if waiting => true,
                NoMoves::Loses | NoMoves::Draws => false,
                NoMoves::LosesOncePlaced => p.hand[side.other().index()] > 0 && other_moves,
                NoMoves::Passes => other_moves,
            };
            if passes {
                out.push(next(p.clone(), false, false));
            }
        }
        out
    }

    /// El Perro: after every move, a crowd with no step straight or
    /// slanting forward turns round.
    fn after_move(&self, mut q: RefPosition) -> RefPosition {
        if !self.has(&SpecialRule::CrowdForwardFlips) {
            return q;
        }
        let f = self.crowd_forward(&q);
        let forward = (0..self.names.len()).any(|a| {
            q.board[a] == Some(Side::Crowd)
                && self.adjacent[a]
                    .iter()
                    .any(|&b| q.board[b].is_none() && self.within(Steps::Forward, f, a, b))
        });
        if !forward {
            q.state ^= 1;
        }
        q
    }

    /// Every capture from `at`: line captures, or chains of jumps that take
    /// one piece off the point jumped.
    fn captures(
        &self,
        at: usize,
        (board, under): (Vec<Option<Side>>, Vec<u8>),
        emit: &mut dyn FnMut(Vec<Option<Side>>, Vec<u8>, usize),
    ) {
        if self.file.capture.line == LineCapture::One {
            return self.chain(at, (&board, &under), (0, None), emit);
        }
        for (first, _) in self.jumps(at) {
            // Walk straight on from `at` through `first`.
            let mut run = vec![first];
            let mut prev = at;
            while board[*run.last().unwrap()] == Some(Side::Crowd) {
                let cur = *run.last().unwrap();
                let Some(&n) = self.adjacent[cur]
                    .iter()
                    .find(|&&n| n != prev && self.straight(prev, cur, n))
                else {
                    break;
                };
                prev = cur;
                run.push(n);
            }
            let land = *run.last().unwrap();
            let taken = run.len() - 1;
            let level = (self.at[first].1 - self.at[at].1).abs() < 1e-3;
            let allowed = match &self.file.capture.level_lengths {
                Some(lengths) if level => lengths.contains(&(taken as u8)),
                _ => self.file.capture.line.allows(taken),
            };
            if board[land].is_none() && taken >= 1 && allowed {
                let mut b = board.clone();
                for &q in &run[..taken] {
                    b[q] = None;
                }
                emit(b, under.clone(), land);
            }
        }
    }

    /// Every chain from `at` over `board` (the hunter lifted off it);
    /// `last` is the previous hop's direction.
    fn chain(
        &self,
        at: usize,
        (board, under): (&[Option<Side>], &[u8]),
        (depth, last): (usize, Option<(f32, f32)>),
        emit: &mut dyn FnMut(Vec<Option<Side>>, Vec<u8>, usize),
    ) {
        let kind = self.file.capture.chain;
        let mut extended = false;
        if depth == 0 || matches!(kind, Chain::Optional | Chain::Maximal) {
            for (over, to) in self.jumps(at) {
                let d = (self.at[to].0 - self.at[at].0, self.at[to].1 - self.at[at].1);
                let held = self.file.capture.later_hops == LaterHops::NotBack;
                let allowed = !held
                    || last.is_none_or(|l| {
                        let back = (l.0 * d.0 + l.1 * d.1) / (l.0.hypot(l.1) * d.0.hypot(d.1));
                        back > -0.999
                    });
                if board[over] == Some(Side::Crowd) && board[to].is_none() && allowed {
                    extended = true;
                    let (mut b, mut u) = (board.to_vec(), under.to_vec());
                    Self::lift(&mut b, &mut u, over);
                    self.chain(to, (&b, &u), (depth + 1, Some(d)), emit);
                }
            }
        }
        if depth > 0 && (!extended || kind == Chain::Optional) {
            emit(board.to_vec(), under.to_vec(), at);
        }
    }

    fn perft(&self, p: &RefPosition, depth: u32, seen: &mut Vec<RefPosition>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.ended(p) {
            return 0;
        }
        if let Some(times) = self.file.draws.repetition {
            let key = (p.board.clone(), p.hand, p.to_move);
            let count = seen
                .iter()
                .filter(|q| (q.board.clone(), q.hand, q.to_move) == key)
                .count();
            if count + 1 >= times as usize {
                return 0;
            }
        }
        let children = self.children(p, true);
        let mut total = 0;
        for c in children {
            seen.push(p.clone());
            total += self.perft(&c, depth - 1, seen);
            seen.pop();
        }
        total
    }
}

/// Every built-in game's perft from the start, engine against reference,
/// to the depth each can afford in a debug build.
#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let mut checked = HashMap::new();
    for game_id in hunt_family() {
        let id = game_id.id();
        let reference = Reference::new(game_id.ruleset());
        let mut game = Game::new(Variant::new(game_id));
        let mut depth = 0;
        // Deepen until a depth costs more than about 200 000 leaves; a
        // depth the engine counts past a million is left to it (the
        // reference takes a second or more per million in a debug build).
        loop {
            let engine = game.perft(depth + 1);
            if engine > 1_000_000 && depth >= 3 {
                break;
            }
            depth += 1;
            let slow = reference.perft(&reference.start(), depth, &mut Vec::new());
            assert_eq!(engine, slow, "{id}: perft {depth}");
            if engine > 200_000 || depth >= 12 || engine == 0 {
                break;
            }
        }
        checked.insert(id.to_string(), depth);
    }
    assert_eq!(
        checked.len(),
        hunt_family().count(),
        "every game of Ludii's catalogue"
    );
    for (id, depth) in checked {
        assert!(depth >= 3, "{id}: only to depth {depth}");
    }
}

/// The counts pinned for each game (from the engine, agreed by the
/// reference above), so a change of reading shows.
#[test]
fn perft_counts_are_pinned() {
    let pinned: &[(&str, &[u64])] = &[
        ("kaooa", &[10, 90, 260, 2100, 6390, 46150]),
        ("haretavl", &[11, 110, 990, 3168, 25344, 81760]),
        ("cercar-la-liebre", &[8, 40, 522, 2268, 34586]),
        ("adugo", &[3, 29, 144, 1951, 8464]),
        ("demala-diviyan-keliya", &[6, 120, 1022, 19452]),
        ("juroku-musashi", &[27, 200, 4887, 15560]),
        ("komikan", &[4, 20, 75, 450, 1738, 11264]),
        ("jeu-militaire", &[1, 5, 29, 133, 381, 2211, 7278]),
        ("la-yagua", &[5, 55, 176, 2794, 13391]),
        ("refskak", &[10, 54, 860, 4086, 71996]),
        ("el-zorro", &[6, 78, 482, 7466, 49856]),
        (
            "hund-efter-hare-vendsyssel",
            &[1, 5, 19, 116, 379, 2944, 10554],
        ),
        (
            "orissa-tiger-game-one-tiger",
            &[4, 44, 187, 2916, 11625, 195643],
        ),
        ("yaguarete-kora", &[4, 36, 149, 2044, 7500, 114446]),
        (
            "mysore-tiger-game",
            &[
                5, 14, 48, 100, 270, 420, 996, 1484, 3932, 5806, 14098, 21098,
            ],
        ),
        ("pulijudamu", &[18, 54, 921, 3551, 57257, 188471]),
        ("diviyan-keliya", &[49, 2352, 110544]),
        ("mysore-tiger-game-two-tigers", &[48, 2256, 25880]),
        (
            "yeung-luk-sz-kon-tseung-kwan",
            &[21, 42, 1208, 3524, 105010],
        ),
        ("coyote", &[6, 30, 304, 1200, 14740, 53814]),
        ("el-cazador", &[4, 37, 183, 2268, 9244, 127896]),
        ("ko-app-paw-na", &[6, 16, 116, 354, 3324, 10456, 109226]),
        ("kulaochal", &[4, 32, 56, 632, 2280, 26816, 107832]),
        ("main-tapak-empat", &[24, 192, 4424, 25040]),
        ("sumi-naga-game-hunt", &[21, 252, 5052, 69084]),
        ("bouge-shodra", &[25, 392, 9560, 103046]),
        ("manu", &[20, 247, 955, 15601, 70746]),
        ("musinaykahwhanmetowaywin", &[5, 63, 300, 4743, 24358]),
        (
            "jeu-du-renard-et-de-la-poule",
            &[20, 247, 955, 11497, 53671],
        ),
        ("nuktagaq", &[5, 46, 340, 4670, 33554]),
        ("gasetavl-gedved", &[4, 68, 472, 9440, 44660]),
        ("gasetavl", &[6, 234, 1638, 64642]),
        ("jeu-de-renard", &[20, 133, 378, 2905, 9381, 81739]),
        (
            "bam-blang-beh-khla",
            &[3, 3, 9, 43, 119, 331, 903, 3745, 10111, 32961],
        ),
        (
            "hat-diviyan-keliya",
            &[10, 90, 258, 2082, 5836, 41908, 109628],
        ),
        (
            "huli-mane-ata",
            &[9, 27, 219, 661, 4737, 12867, 79456, 195938],
        ),
        ("janes-soppi", &[11, 110, 990, 2592, 20736, 51072]),
        (
            "ludus-coriovalli",
            &[10, 90, 720, 1680, 11760, 28224, 162224],
        ),
        ("hund-efter-hare-thy", &[3, 17, 93, 560, 2363, 15281, 67719]),
        (
            "wolf-and-sheep",
            &[7, 14, 86, 344, 2088, 6264, 38177, 141230],
        ),
        ("wolf-und-schaaf", &[28, 189, 568, 3398, 11298, 66632]),
        ("bagh-batti", &[28, 8492, 213112]),
        ("bagh-guti", &[20, 1128, 21768]),
        ("bagha-guti", &[24, 184, 768, 8544, 40344]),
        ("mao-naga-tiger-game", &[28, 272, 7896, 70756]),
        ("sher-bakar", &[28, 7497, 183046]),
        ("rimoe", &[8, 232, 566, 16102, 48770]),
        ("mysore-tiger-game-three-tigers", &[22, 462, 9240, 86944]),
        ("orissa-tiger-game-four-tigers", &[21, 420, 7980, 143640]),
        ("el-perro", &[5, 49, 220, 2812, 11690, 166313]),
        ("jeu-de-renard-two-foxes", &[3, 21, 28, 224, 784, 7100]),
        ("hyvn-aetter-hare", &[13, 156, 156, 1716, 1716, 17160]),
        ("renard-et-les-poules", &[5, 73, 340, 5268, 24652]),
        ("rimau-rimau-two-tigers", &[29, 232, 6728, 188384]),
        ("uxrijn-ever", &[2, 5, 14, 57, 187, 782]),
        ("merimueng-rimueng-do", &[23, 506, 10626]),
        ("bagh-bandi", &[33, 1056, 31744]),
        ("gioco-dell-orso", &[4, 12, 24, 24, 144, 312, 2256, 5544]),
        ("to-kinegi-tou-lagou", &[8, 56, 336, 840, 6480, 20280]),
    ];
    let family: Vec<&str> = hunt_family().map(GameId::id).collect();
    let pinned_ids: Vec<&str> = pinned.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        pinned_ids, family,
        "every game pinned, in the catalogue's order"
    );
    for (id, counts) in pinned {
        let mut game = Game::new(Variant::new(GameId::named(id)));
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(game.perft(depth), expected, "{id} perft {depth}");
        }
    }
}

fn kaooa_text() -> &'static str {
    GameId::named("kaooa").built_in_text().expect("built in")
}

/// The built-in games besides the four first ones (whose perft
/// `tests/core/perft.rs` checks against its own reference).
pub fn hunt_family() -> impl Iterator<Item = GameId> {
    const FIRST_FOUR: [&str; 4] = ["pirates", "asalto", "fox-geese", "bagh-chal"];
    GameId::built_in().filter(|g| !FIRST_FOUR.contains(&g.id()))
}

fn refused(text: &str) -> family::GameFileError {
    family::parse_bytes("test.game.ron", text.as_bytes()).expect_err("refused")
}

#[test]
fn broken_files_are_refused_with_a_place_and_a_reason() {
    let good = kaooa_text();
    // Not a jump line: b1 to c3 to e2 bends.
    let bent = good.replace("lines: [", "jumps: Some([\"b1 c3 e2\"]),\n        lines: [");
    let e = refused(&bent);
    assert!(
        matches!(
            e.problem,
            Problem::JumpOffLines(_) | Problem::JumpNotStraight(_)
        ),
        "{e}"
    );
    assert!(e.line > 0 && e.column > 0, "{e}");
    // A point with no lines.
    let lonely = good.replace(
        "(\"e2\", 0.0, -1.52),",
        "(\"e2\", 0.0, -1.52),\n            (\"z9\", 9.0, 9.0),",
    );
    let e = refused(&lonely);
    assert_eq!(e.problem, Problem::PointWithoutLines("z9".into()), "{e}");
    assert_eq!(
        e.to_string().split(':').nth(1),
        Some(e.line.to_string().as_str())
    );
    // An end that cannot come.
    let e = refused(&good.replace("ends: []", "ends: [CrowdAtMost(9)]"));
    assert!(matches!(e.problem, Problem::Unreachable(_)), "{e}");
    // 65 points.
    let extra: String = (0..55)
        .map(|i| format!("(\"q{i}\", {i}.0, 20.0),"))
        .collect();
    let run: Vec<String> = (0..55).map(|i| format!("q{i}")).collect();
    let many = good
        .replace(
            "(\"e2\", 0.0, -1.52),",
            &format!("(\"e2\", 0.0, -1.52),{extra}"),
        )
        .replace("lines: [", &format!("lines: [\"{}\",", run.join(" ")));
    let e = refused(&many);
    assert_eq!(e.problem, Problem::TooManyPoints(65), "{e}");
    // More crows than points.
    let e = refused(&good.replace("in_hand: 7", "in_hand: 12"));
    assert_eq!(
        e.problem,
        Problem::TooManyPieces {
            pieces: 12,
            points: 10
        },
        "{e}"
    );
    // Cut short, and not text.
    let e = refused(&good[..good.len() / 2]);
    assert!(matches!(e.problem, Problem::Syntax(_)) && e.line > 0, "{e}");
    let e = family::parse_bytes("x", &[0x47, 0xff, 0x28]).expect_err("refused");
    assert_eq!(e.problem, Problem::NotText);
}

/// Leaves `depth` plies below `pos` by the rules alone (no history).
fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let mut moves = Vec::new();
    rules.generate(pos, &mut moves);
    if depth <= 1 {
        return moves.len() as u64;
    }
    (moves.iter())
        .map(|mv| perft(rules, &rules.apply(pos, mv).0, depth - 1))
        .sum()
}

/// Cut at every length and flipped bytes anywhere: an error or a game,
/// never a panic.
#[test]
fn the_loader_never_panics_on_damaged_files() {
    for game in GameId::built_in() {
        let (id, text) = (game.id(), game.built_in_text().expect("built in"));
        let bytes = text.as_bytes();
        for cut in (0..bytes.len()).step_by(7) {
            let _ = family::parse_bytes("cut", &bytes[..cut]);
        }
        let mut state = 0x1234_5678u64;
        for _ in 0..400 {
            let mut damaged = bytes.to_vec();
            for _ in 0..3 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let at = (state >> 33) as usize % damaged.len();
                damaged[at] ^= 1 << ((state >> 20) % 8);
            }
            if let Ok(ruleset) = family::parse_bytes("flipped", &damaged) {
                // Whatever loads must play (the rules compiled apart from
                // the catalogue, so the game's own stays as it is).
                let variant = Variant::new(GameId::named(id));
                let rules = Rules::compile(variant, std::sync::Arc::new(ruleset));
                let _ = perft(&rules, &rules.start_position(), 2);
            }
        }
    }
}

/// The search takes a win in one and sees a loss coming: in Jeu Militaire
/// the army that can step onto a tower's empty starting point does.
#[test]
fn the_search_takes_a_win_it_can_see() {
    use stronghold::ai::{Search, SearchLimits};
    let mut game = Game::new(Variant::new(GameId::named("jeu-militaire")));
    // The army goes up; the tower on a2 steps to a3; a2 is then open.
    game.play_text("b2-b3 a2-a3").expect("legal");
    let result = Search::with_limits(&game, SearchLimits::depth(4), 0)
        .run_to_end()
        .expect("a move");
    assert_eq!(game.move_text(&result.best), "b3-a2");
    assert_eq!(result.mate_in(), Some(1), "score {}", result.score);
    // The towers to move before that step see the loss coming.
    let mut before = Game::new(Variant::new(GameId::named("jeu-militaire")));
    before.play_text("b2-b3").expect("legal");
    let mut after = before.clone();
    after.play_text("a2-a3").expect("legal");
    let refuted = Search::with_limits(&after, SearchLimits::depth(4), 0)
        .run_to_end()
        .expect("a move");
    assert_eq!(refuted.mate_in(), Some(1));
    let towers = Search::with_limits(&before, SearchLimits::depth(4), 0)
        .run_to_end()
        .expect("a move");
    assert_ne!(before.move_text(&towers.best), "a2-a3");
    assert!(towers.mate_in().is_none_or(|n| n > 0), "{towers:?}");
}

fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
        .args(args)
        .output()
        .expect("stronghold-cli runs")
}

/// `perft`, `show`, `bestmove` and `selfplay` play a built-in family game by its id
/// and any game file by `--game-file`; a broken file is refused with its
/// place and reason, and the process does not panic.
#[test]
fn the_command_line_plays_family_games_and_game_files() {
    let out = cli(&["perft", "kaooa", "3"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "260");

    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("my.game.ron");
    std::fs::write(&path, kaooa_text()).expect("written");
    let path = path.to_str().expect("a UTF-8 path");
    let out = cli(&["perft", "--game-file", path, "2", "--divide"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("@a4 9\n"), "{text}");
    assert!(text.ends_with("\n90\n"), "{text}");

    let out = cli(&[
        "bestmove",
        "--game-file",
        path,
        "--moves",
        "@e5",
        "--depth",
        "3",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let best = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("bestmove @"))
        .expect("a placement");
    let kaooa = Game::new(Variant::new(GameId::named("kaooa")));
    assert!(
        best != "e5" && kaooa.rules().board().find(best).is_some(),
        "{text}"
    );

    let out = cli(&["show", "jeu-militaire", "--moves", "b2-b3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(" 3  . A .\n") && text.contains("to move: towers"),
        "{text}"
    );
    assert!(
        text.contains("legal moves (5): a2-a3 a2-b2 b1-b2 c2-b2 c2-c3"),
        "{text}"
    );
    assert!(
        text.contains(
            "position: jeu-militaire,steps=sideways,move-limit=off 1/3/1A1/T1T/T T 0/0 1 2"
        ),
        "{text}"
    );

    let out = cli(&[
        "selfplay",
        "haretavl",
        "--games",
        "1",
        "--hunters",
        "beginner",
        "--crowd",
        "beginner",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("game 1: "));

    std::fs::write(
        dir.path().join("bad.game.ron"),
        kaooa_text().replace("\"b1 c3 d4 e5\"", "\"b1 q7\""),
    )
    .expect("written");
    let bad = dir.path().join("bad.game.ron");
    let out = cli(&["perft", "--game-file", bad.to_str().unwrap(), "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.game.ron:") && err.contains("`q7` in `lines` is not a point"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// The small games, solved backwards, give the results their files (and
/// RULES.md) state; every file that claims a result is checked.
#[test]
fn the_small_games_are_solved_as_their_files_say() {
    use stronghold::ai::solve::{PROOF_SOLVE_LIMIT, Solved, solve};
    let mut checked = Vec::new();
    for id in GameId::built_in() {
        let Some(claim) = id.file().solved else {
            continue;
        };
        let game = Game::new(Variant::new(id));
        let solution =
            solve(game.rules(), game.position(), PROOF_SOLVE_LIMIT).expect("small enough");
        assert_eq!(solution.winner(), claim.winner, "{id}");
        assert_eq!(solution.plies(), claim.plies, "{id}");
        assert_eq!(solution.positions, claim.positions as usize, "{id}");
        // The quiet draw decides only where the file says so, and cuts
        // short the win it names.
        let without =
            (solution.win_without_quiet_draw()).filter(|_| solution.start == Solved::Draw);
        let claimed = claim.without_quiet_draw.map(|w| (w.winner, w.plies));
        assert_eq!(without, claimed, "{id}");
        checked.push(id.id());
    }
    assert_eq!(
        checked,
        [
            "kaooa",
            "haretavl",
            "jeu-militaire",
            "hund-efter-hare-vendsyssel",
            "mysore-tiger-game",
            "pulijudamu",
            "bam-blang-beh-khla",
            "hat-diviyan-keliya",
            "huli-mane-ata",
            "janes-soppi",
            "ludus-coriovalli",
            "hund-efter-hare-thy",
            "wolf-and-sheep",
            "wolf-und-schaaf",
            "hyvn-aetter-hare",
            "uxrijn-ever",
        ]
    );
    // A game too large for the bound says so.
    let big = Game::new(Variant::new(GameId::named("el-zorro")));
    assert!(solve(big.rules(), big.position(), 10_000).is_err());
}

/// Master plays a solved game from its solution: in every game whose file
/// claims a result, Master's side that wins wins in the solved number of
/// plies against Hard, and its losing side holds out as long as the
/// solution says Hard's winner needs (the quickest win, the longest loss).
/// Hard keeps searching (here with a tenth of its time); a game with no
/// solution is searched at Master too.
#[test]
fn master_plays_a_solved_game_from_its_solution() {
    use stronghold::ai::solve::{PLAY_SOLVE_LIMIT, Solved, solution_for};
    use stronghold::ai::{Level, Search};
    for id in [
        "kaooa",
        "haretavl",
        "jeu-militaire",
        "hund-efter-hare-vendsyssel",
        "hat-diviyan-keliya",
        "huli-mane-ata",
        "janes-soppi",
        "ludus-coriovalli",
    ] {
        let variant = Variant::new(GameId::named(id));
        let solution = solution_for(variant).expect("a solved game");
        // The same solution comes back for the same game, not solved again.
        assert!(std::sync::Arc::ptr_eq(
            &solution,
            &solution_for(variant).unwrap()
        ));
        let winner = solution.winner().expect("a win");
        let mut game = Game::new(variant);
        while !game.is_over() {
            let side = game.side_to_move();
            let level = if side == winner {
                Level::Master
            } else {
                Level::Hard
            };
            let before = solution
                .value(game.position())
                .expect("a reachable position");
            let mut limits = level.limits();
            limits.time_ms = Some(90);
            let result = Search::for_level(&game, level, limits, 1)
                .run_to_end()
                .expect("a move");
            game.play(&result.best).expect("legal");
            if level == Level::Master {
                // The quickest win: the value after is the loss one ply
                // shorter, and the search says so.
                let Solved::Win(d) = before else {
                    panic!("{id}: Master's side should be winning, is {before:?}");
                };
                assert_eq!(
                    solution.value(game.position()),
                    Some(Solved::Loss(d - 1)),
                    "{id}"
                );
                assert_eq!(result.mate_in(), Some(i32::from(d)), "{id}");
            }
        }
        assert_eq!(game.outcome().unwrap().winner, Some(winner), "{id}");
    }
    // Only games whose file says they are solved are solved in play, and
    // only those small enough to solve at Master's first move.
    assert!(solution_for(Variant::new(GameId::named("el-zorro"))).is_none());
    let large = Variant::new(GameId::named("wolf-und-schaaf"));
    assert!(large.game.file().solved.unwrap().positions as usize > PLAY_SOLVE_LIMIT);
    assert!(solution_for(large).is_none());
}

/// Uxrijn Ever's calf, lost at ply 97 by Master against Hard in a match
/// (seed 2 at a quarter of the time, pair 3): the children's forced win
/// was 111 plies long from the start, but the calf wasted plies it needed
/// to last until the 100-turn draw.
const UXRIJN_CALF_LOST: &str = concat!(
    "q2-i3 r1-q2 i3-j4 q2-i3 j4-o4 i3-p3 o4-h5 p3-j4 h5-o4 g2-q2 o4-p3 j4-i3 ",
    "p3-o4 i3-p3 o4-j4 q2-i3 j4-h5 p3-j4 h5-n5 j4-o4 n5-e6 o4-h5 e6-n5 i3-p3 ",
    "n5-o4 h5-j4 o4-n5 j4-o4 n5-e6 o4-h5 e6-m6 p3-j4 m6-e6 h5-n5 e6-h5 n5-o4 ",
    "h5-e6 o4-h5 e6-m6 h5-n5 m6-d7 n5-e6 d7-m6 j4-o4 m6-n5 e6-h5 n5-m6 h5-n5 ",
    "m6-d7 n5-e6 d7-l7 o4-h5 l7-d7 e6-m6 d7-e6 m6-n5 e6-d7 n5-e6 d7-l7 e6-m6 ",
    "l7-c8 h5-n5 c8-l7 m6-d7 l7-m6 d7-e6 m6-l7 e6-m6 l7-c8 m6-d7 c8-k8 n5-e6 ",
    "k8-c8 d7-l7 c8-d7 l7-m6 d7-c8 m6-d7 c8-k8 d7-l7 k8-b9 l7-c8 b9-k8 e6-m6 ",
    "k8-l7 c8-d7 l7-k8 d7-l7 k8-c8 m6-d7 c8-b9 l7-c8 b9-k8 d7-l7 k8-b9 l7-k8 ",
    "b9-a10",
);

/// Uxrijn Ever's result is the quiet draw's: no move of it resets the
/// quiet count, so its solution says which positions are lost before the
/// draw comes, and Master plays from it: at the move where the calf of the
/// lost game (Master's, searching) let the children's win come before the
/// draw, Master now keeps the draw, and so on to the draw itself.
#[test]
fn master_holds_the_calf_to_the_quiet_draw_in_uxrijn_ever() {
    use stronghold::ai::solve::{Solved, solution_for};
    use stronghold::ai::{Level, Search};
    let variant = Variant::new(GameId::named("uxrijn-ever"));
    let solution = solution_for(variant).expect("a solved game");
    let limit = Rules::of(variant).quiet_limit().expect("a quiet draw");
    let value = |g: &Game| {
        let left = limit - g.position().quiet_plies;
        solution
            .value_before_quiet_draw(g.position(), left)
            .expect("a reachable position, and no move resets the count")
    };
    assert_eq!(value(&Game::new(variant)), Solved::Draw, "the start holds");
    // The calf's move that lost the game.
    let mut game = Game::new(variant);
    let mut lost_at = None;
    for mv in UXRIJN_CALF_LOST.split_whitespace() {
        let calf = game.side_to_move() == Side::Hunters;
        let before = value(&game);
        let mut next = game.clone();
        next.play_text(mv).expect("legal");
        if calf && before == Solved::Draw && matches!(value(&next), Solved::Win(_)) {
            lost_at = Some(game.clone());
            break;
        }
        game = next;
    }
    let mut game = lost_at.expect("the calf gave the draw away");
    while !game.is_over() {
        let level = if game.side_to_move() == Side::Hunters {
            Level::Master
        } else {
            Level::Hard
        };
        let mut limits = level.limits();
        limits.time_ms = Some(90);
        let result = Search::for_level(&game, level, limits, 1)
            .run_to_end()
            .expect("a move");
        let ply = game.ply();
        game.play(&result.best).expect("legal");
        if level == Level::Master {
            assert_eq!(value(&game), Solved::Draw, "Master's calf at ply {ply}");
        }
    }
    assert_eq!(
        game.outcome().unwrap().winner,
        None,
        "drawn at the quiet limit"
    );
}

/// `match` on a family game plays pairs of games with the sides swapped
/// and sums A's score up with its interval; `--replay` sums the recorded
/// games up again to the same figures.
#[test]
fn match_on_a_family_game_scores_the_levels() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let record = dir.path().join("games.moves");
    let record = record.to_str().expect("a UTF-8 path");
    let out = cli(&[
        "match", "haretavl", "--a", "medium", "--b", "beginner", "--pairs", "3", "--jobs", "2",
        "--record", record,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("Haretavl (quiet-limit=on): A Medium against B Beginner, 3 pairs"),
        "{text}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with('[')).count(),
        6,
        "{text}"
    );
    // The summary, as for the four: the score, the graded results, the
    // pieces taken, the verdicts and each level's games on each side.
    let has = |start: &str, part: &str| {
        lines
            .iter()
            .any(|l| l.trim_start().starts_with(start) && l.contains(part))
    };
    assert!(has("A Medium against B Beginner: ", "score"), "{text}");
    assert!(has("graded (", "%"), "{text}");
    assert!(
        has("crowd pieces taken by A's hunters", "per pair"),
        "{text}"
    );
    assert!(has("verdict: by score ", "by graded result"), "{text}");
    for level in ["Medium", "Beginner"] {
        for side in ["hares", "hounds"] {
            assert!(has(level, &format!(" {side} ")), "{level} {side}: {text}");
        }
    }
    let err = cli(&["match", "haretavl", "--a", "medium"]);
    assert!(!err.status.success());
    assert!(String::from_utf8_lossy(&err.stderr).contains("--b"));
    replayed_match_sums_up_the_same(record, &lines);
}

/// The record of [`match_on_a_family_game_scores_the_levels`]'s match
/// (its games in the order they ended, two at a time), replayed: the same
/// summary but the times, also split in two files; the same games twice
/// are refused, and so are another level's, with a clear error.
fn replayed_match_sums_up_the_same(record: &str, played: &[&str]) {
    let replay = |extra: &[&str]| {
        let mut args = vec!["match", "haretavl", "--replay", record];
        args.extend_from_slice(extra);
        cli(&args)
    };
    let out = replay(&["--a", "medium", "--b", "beginner"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("3 pairs replayed from"), "{text}");
    // From the score to the last role's row: every figure but the times.
    let summary = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .skip_while(|l| !l.starts_with("A Medium against B Beginner: "))
            .take_while(|l| !l.starts_with("mean ms per move"))
            .map(|l| l.to_string())
            .collect()
    };
    let replayed = summary(&lines);
    assert_eq!(replayed.len(), 9, "{text}");
    assert_eq!(replayed, summary(played));
    // Split in two files (a pair's games together): one match again.
    let text = std::fs::read_to_string(record).expect("the record");
    let seed = |l: &str| {
        l.split(':')
            .next()
            .and_then(|h| h.rsplit(' ').next())
            .map(str::to_string)
    };
    let first_seed = text.lines().next().and_then(seed);
    let (first, rest): (Vec<&str>, Vec<&str>) = text.lines().partition(|l| seed(l) == first_seed);
    let dir = Path::new(record).parent().expect("a folder");
    let (one, two) = (dir.join("one.moves"), dir.join("two.moves"));
    std::fs::write(&one, first.join("\n")).expect("written");
    std::fs::write(&two, rest.join("\n")).expect("written");
    let split = cli(&[
        "match",
        "haretavl",
        "--a",
        "medium",
        "--b",
        "beginner",
        "--replay",
        one.to_str().expect("UTF-8"),
        "--replay",
        two.to_str().expect("UTF-8"),
    ]);
    let text = String::from_utf8_lossy(&split.stdout);
    assert!(text.contains("3 pairs replayed"), "{text}");
    assert_eq!(summary(&text.lines().collect::<Vec<_>>()), replayed);
    // The same games twice are refused, not counted twice.
    let twice = replay(&["--a", "medium", "--b", "beginner", "--replay", record]);
    assert!(!twice.status.success());
    let err = String::from_utf8_lossy(&twice.stderr);
    assert!(err.contains("a second game of seed"), "{err}");
    // Another level's games are refused, with the line.
    let other = replay(&["--a", "medium", "--b", "easy"]);
    assert!(!other.status.success());
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains("line 1") && err.contains("not a game of this match"),
        "{err}"
    );
}

/// In Renard et les Poules a fox that declines a capture owes the hens a
/// piece, so the hens' count can grow: a match counts the hens the fox
/// took, ply by ply, not the count at the start minus the count at the
/// end (which here is the same 17 after one hen taken).
#[test]
fn a_piece_owed_for_a_declined_capture_hides_no_capture_in_a_match() {
    // The fox steps away from d5xd3 (one hen owed) and again from a second
    // capture (two owed); the hens place one on d1, and the fox takes c4.
    let taken_one = "d4-d5 d3-d4 d5-c5 d2-d3 c5-c4 d1-d2 c4-c5 @d1 c3-c4 c5xc3";
    let dir = tempfile::tempdir().expect("a temporary folder");
    let record = dir.path().join("games.moves");
    std::fs::write(
        &record,
        format!(
            "hunters Medium crowd Easy seed 1: {taken_one}\n\
             hunters Easy crowd Medium seed 1: d4-d5\n"
        ),
    )
    .expect("the record written");
    let out = cli(&[
        "match",
        "renard-et-les-poules",
        "--a",
        "medium",
        "--b",
        "easy",
        "--replay",
        record.to_str().expect("a UTF-8 path"),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |start: &str| {
        text.lines()
            .find(|l| l.trim_start().starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?}: {text}"))
    };
    assert!(
        line("Medium   foxes").ends_with("hens taken per game   1.0   hunters lost 0"),
        "{text}"
    );
    assert!(
        line("crowd pieces taken").contains("per pair: +1.00"),
        "{text}"
    );
}

/// Every value of every game's options other than the default, with its
/// perft from the start (pinned from the engine; where the reference
/// plays the game, that is without huffing, agreed by it), and whether at
/// depth 3 it counts as the default game does. Every game has options,
/// and every value is listed.
#[test]
fn every_option_value_plays_as_pinned() {
    // (game, option, counts from depth 1, as many as the default at depth 3)
    let pinned: &[(&str, &str, &[u64], bool)] = &[
        ("pirates", "compulsory=off", &[9, 48, 480], false),
        ("pirates", "retreat=on", &[9, 38, 434], false),
        // No officer can jump before its first move (ply 4).
        ("asalto", "compulsory=on", &[9, 72, 504, 2302], true),
        ("fox-geese", "geese=15", &[5, 89, 562], false),
        ("fox-geese", "geese=17", &[5, 87, 498], false),
        ("fox-geese", "sideways=on", &[5, 89, 572, 11840], true),
        // A draw rule shows only a hundred plies on.
        ("bagh-chal", "quiet-limit=off", &[21, 252, 5052], true),
        // A second capture needs crows placed first: depth 5.
        ("kaooa", "chain=off", &[10, 90, 260, 2100, 6290], true),
        ("haretavl", "quiet-limit=off", &[11, 110, 990], true),
        ("cercar-la-liebre", "chain=on", &[8, 40, 522, 2316], true),
        ("adugo", "quiet-limit=off", &[3, 29, 144], true),
        (
            "demala-diviyan-keliya",
            "quiet-limit=off",
            &[6, 120, 1022],
            true,
        ),
        ("juroku-musashi", "quiet-limit=off", &[27, 200, 4887], true),
        ("wolf-und-schaaf", "quiet-limit=off", &[28, 189, 568], true),
        ("komikan", "steps=forward", &[4, 36, 135], false),
        ("komikan", "steps=any", &[4, 44, 165], false),
        ("jeu-militaire", "steps=forward", &[1, 3, 17, 67], false),
        ("jeu-militaire", "steps=ahead", &[1, 3, 17, 37], false),
        // The draw after twelve moves ends every line at ply 12.
        (
            "jeu-militaire",
            "move-limit=on",
            &[1, 5, 29, 133, 381, 2211, 7278],
            true,
        ),
        ("la-yagua", "quiet-limit=off", &[5, 55, 176], true),
        ("refskak", "quiet-limit=off", &[10, 54, 860], true),
        ("el-zorro", "quiet-limit=off", &[6, 78, 482], true),
        (
            "hund-efter-hare-vendsyssel",
            "quiet-limit=off",
            &[1, 5, 19],
            true,
        ),
        (
            "orissa-tiger-game-one-tiger",
            "quiet-limit=off",
            &[4, 44, 187],
            true,
        ),
        ("yaguarete-kora", "quiet-limit=off", &[4, 36, 149], true),
        ("mysore-tiger-game", "quiet-limit=off", &[5, 14, 48], true),
        // Four tigers: the apex and the three points below it.
        ("pulijudamu", "tigers=4", &[15, 73, 1025], false),
        // No capture can come before every leopard and a few cows are in.
        ("diviyan-keliya", "hops=on", &[49, 2352, 110544], true),
        (
            "mysore-tiger-game-two-tigers",
            "quiet-limit=off",
            &[48, 2256, 25880],
            true,
        ),
        (
            "yeung-luk-sz-kon-tseung-kwan",
            "quiet-limit=off",
            &[21, 42, 1208],
            true,
        ),
        // A second capture needs a sheep taken and another in line: depth 4.
        ("coyote", "chain=on", &[6, 30, 304, 1240, 15048], true),
        ("el-cazador", "quiet-limit=off", &[4, 37, 183], true),
        ("ko-app-paw-na", "quiet-limit=off", &[6, 16, 116], true),
        ("kulaochal", "quiet-limit=off", &[4, 32, 56], true),
        (
            "main-tapak-empat",
            "quiet-limit=off",
            &[24, 192, 4424],
            true,
        ),
        // A second capture needs goats placed first: depth 4.
        (
            "sumi-naga-game-hunt",
            "chain=off",
            &[21, 252, 5052, 68204],
            true,
        ),
        ("bouge-shodra", "quiet-limit=off", &[25, 392, 9560], true),
        ("manu", "quiet-limit=off", &[20, 247, 955], true),
        (
            "musinaykahwhanmetowaywin",
            "quiet-limit=off",
            &[5, 63, 300],
            true,
        ),
        // A second capture needs a hen taken first: depth 5.
        (
            "jeu-du-renard-et-de-la-poule",
            "chain=off",
            &[20, 247, 955, 11497, 51909],
            true,
        ),
        ("nuktagaq", "quiet-limit=off", &[5, 46, 340], true),
        ("gasetavl-gedved", "quiet-limit=off", &[4, 68, 472], true),
        ("gasetavl", "quiet-limit=off", &[6, 234, 1638], true),
        ("jeu-de-renard", "quiet-limit=off", &[20, 133, 378], true),
        ("bam-blang-beh-khla", "quiet-limit=off", &[3, 3, 9], true),
        (
            "hat-diviyan-keliya",
            "quiet-limit=off",
            &[10, 90, 258],
            true,
        ),
        ("huli-mane-ata", "quiet-limit=off", &[9, 27, 219], true),
        ("janes-soppi", "quiet-limit=off", &[11, 110, 990], true),
        ("ludus-coriovalli", "quiet-limit=off", &[10, 90, 720], true),
        ("hund-efter-hare-thy", "quiet-limit=off", &[3, 17, 93], true),
        ("wolf-and-sheep", "quiet-limit=off", &[7, 14, 86], true),
        ("bagh-batti", "quiet-limit=off", &[28, 8492, 213112], true),
        ("bagh-guti", "chain=off", &[20, 192, 3984], false),
        ("bagh-guti", "quiet-limit=off", &[20, 1128, 21768], true),
        ("bagha-guti", "quiet-limit=off", &[24, 184, 768], true),
        (
            "mao-naga-tiger-game",
            "quiet-limit=off",
            &[28, 272, 7896],
            true,
        ),
        ("sher-bakar", "quiet-limit=off", &[28, 7497, 183046], true),
        ("rimoe", "quiet-limit=off", &[8, 232, 566], true),
        (
            "mysore-tiger-game-three-tigers",
            "quiet-limit=off",
            &[22, 462, 9240],
            true,
        ),
        (
            "orissa-tiger-game-four-tigers",
            "quiet-limit=off",
            &[21, 420, 7980],
            true,
        ),
        ("el-perro", "quiet-limit=off", &[5, 49, 220], true),
        (
            "jeu-de-renard-two-foxes",
            "quiet-limit=off",
            &[3, 21, 28],
            true,
        ),
        ("hyvn-aetter-hare", "quiet-limit=off", &[13, 156, 156], true),
        // A declined capture, then a second capture: depth 5.
        (
            "renard-et-les-poules",
            "chain=on",
            &[5, 73, 340, 5268, 25042],
            true,
        ),
        (
            "renard-et-les-poules",
            "quiet-limit=off",
            &[5, 73, 340],
            true,
        ),
        (
            "rimau-rimau-two-tigers",
            "quiet-limit=off",
            &[29, 232, 6728],
            true,
        ),
        ("uxrijn-ever", "quiet-limit=off", &[2, 5, 14], true),
        (
            "merimueng-rimueng-do",
            "quiet-limit=off",
            &[23, 506, 10626],
            true,
        ),
        ("bagh-bandi", "quiet-limit=off", &[33, 1056, 31744], true),
        (
            "gioco-dell-orso",
            "round-limit=50",
            &[4, 12, 24, 24, 144],
            true,
        ),
        (
            "gioco-dell-orso",
            "round-limit=off",
            &[4, 12, 24, 24, 144],
            true,
        ),
        ("to-kinegi-tou-lagou", "round-limit=50", &[8, 56, 336], true),
        (
            "to-kinegi-tou-lagou",
            "round-limit=off",
            &[8, 56, 336],
            true,
        ),
    ];
    let mut listed = Vec::new();
    for id in GameId::built_in() {
        assert!(!id.file().options.is_empty(), "{id} has no options");
        for option in &id.file().options {
            for value in option.values.iter().filter(|v| **v != option.default) {
                listed.push(format!("{id} {}={value}", option.key));
            }
        }
    }
    let mut pinned_names: Vec<String> =
        pinned.iter().map(|(g, o, ..)| format!("{g} {o}")).collect();
    listed.sort();
    pinned_names.sort();
    assert_eq!(pinned_names, listed, "every value of every option pinned");
    for &(id, option, counts, same_at_3) in pinned {
        let mut variant = Variant::new(GameId::named(id));
        variant.set_option(option).expect("an option of the game");
        let mut game = Game::new(variant);
        let rules = variant.ruleset();
        let reference = (!rules.file.capture.huffing).then(|| Reference::new(&rules));
        for (depth, &expected) in counts.iter().enumerate() {
            let depth = depth as u32 + 1;
            assert_eq!(game.perft(depth), expected, "{id} {option} perft {depth}");
            if let Some(reference) = &reference {
                let slow = reference.perft(&reference.start(), depth, &mut Vec::new());
                assert_eq!(
                    slow, expected,
                    "{id} {option}: the reference's perft {depth}"
                );
            }
        }
        let default = Game::new(Variant::new(GameId::named(id))).perft(3);
        assert_eq!(
            counts[2] == default,
            same_at_3,
            "{id} {option}: depth 3 against {default}"
        );
    }
}

/// The moves of a position string's game, as text, sorted.
fn legal_at(position: &str) -> Vec<String> {
    let game = Game::from_position_string(position).expect(position);
    let mut moves: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| game.move_text(m))
        .collect();
    moves.sort();
    moves
}

/// Cercar la Liebre's "chain": on (Murray's multiple captures), the hare
/// may jump on from where it lands, or stop; off (Alfonso X), one jump.
#[test]
fn the_chain_option_lets_a_capture_go_on() {
    let at = |chain: &str| {
        legal_at(&format!(
            "cercar-la-liebre,chain={chain} CCCCC/CCCCC/5/5/HC1C1 H 0/0 0 35"
        ))
    };
    assert_eq!(at("off"), ["a1-a2", "a1-b2", "a1xc1"]);
    assert_eq!(at("on"), ["a1-a2", "a1-b2", "a1xc1", "a1xc1xe1"]);
}

/// Komikan's dogs (straight ahead, slanting forward too, any line) and
/// Jeu Militaire's towers (sideways too, forward, straight ahead only).
#[test]
fn the_steps_options_change_how_the_crowd_steps() {
    let komikan = |steps: &str| {
        let mut variant = Variant::new(GameId::named("komikan"));
        variant
            .set_option(&format!("steps={steps}"))
            .expect("a value");
        let mut game = Game::new(variant);
        game.play_text("e7-e6").expect("the lion steps");
        let mut moves: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|m| game.move_text(m))
            .collect();
        moves.sort();
        moves
    };
    assert_eq!(
        komikan("ahead"),
        ["a3-a4", "c2-c3", "e2-e3", "g2-g3", "i3-i4"]
    );
    let forward = komikan("forward");
    assert!(forward.contains(&"a3-c4".to_string()) && !forward.contains(&"a3-c3".to_string()));
    assert_eq!(forward.len(), 9, "{forward:?}");
    let any = komikan("any");
    assert!(any.contains(&"a3-c3".to_string()) && any.contains(&"a3-c4".to_string()));
    assert_eq!(any.len(), 11, "{any:?}");

    let towers =
        |steps: &str| legal_at(&format!("jeu-militaire,steps={steps} 1/A2/3/3/T T 0/0 0 0"));
    assert_eq!(towers("forward"), ["b1-a2", "b1-b2", "b1-c2"]);
    assert_eq!(towers("ahead"), ["b1-b2"]);
    let sideways = |steps: &str| {
        legal_at(&format!(
            "jeu-militaire,steps={steps} 1/A2/3/T2/1 T 0/0 0 1"
        ))
    };
    assert_eq!(sideways("sideways"), ["a2-a3", "a2-b2", "a2-b3"]);
    assert_eq!(sideways("forward"), ["a2-a3", "a2-b3"]);
}

/// "quiet-limit" off plays Ludii's rules: no draw after a hundred quiet
/// turns. Every game that has the option loses the draw with it off.
#[test]
fn the_quiet_limit_option_off_takes_the_draw_away() {
    let after = |on: &str| {
        let mut game = Game::from_position_string(&format!(
            "refskak,quiet-limit={on} 3/3/7/3F3/LLLLLLL/LLL/LLL F 0/0 99 99"
        ))
        .expect("a position");
        game.play_text("d4-d5").expect("a fox step");
        game.outcome()
    };
    assert_eq!(after("on"), Some(Outcome::draw(Reason::QuietLimit)));
    assert_eq!(after("off"), None);
    for id in GameId::built_in() {
        if id.file().options.iter().any(|o| o.key == "quiet-limit") {
            let mut off = Variant::new(id);
            off.set_option("quiet-limit=off").expect("a value");
            assert_eq!(off.quiet_limit(), None, "{id}");
            assert_eq!(Variant::new(id).quiet_limit(), Some(100), "{id}");
        }
    }
}

/// Jeu Militaire's "move-limit" (Ludii's draw after twelve moves): the
/// towers' forced win (24 plies) no longer comes in time, and with perfect
/// play the game is a draw (every line to the end, remembered by position).
#[test]
fn the_move_limit_draws_jeu_militaire_after_twelve_moves() {
    fn value(game: &mut Game, seen: &mut HashMap<String, i8>) -> i8 {
        if let Some(o) = game.outcome() {
            return match o.winner {
                None => 0,
                Some(w) if w == game.side_to_move() => 1,
                Some(_) => -1,
            };
        }
        let key = game.position_string();
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        let mut best = -1;
        for mv in game.legal_moves() {
            game.play_unchecked(&mv);
            best = best.max(-value(game, seen));
            game.undo();
            if best == 1 {
                break;
            }
        }
        seen.insert(key, best);
        best
    }
    let line = "b2-b3 b1-b2 b3-a4 b2-b3 a4-b4 a2-a3 b4-a4 c2-c3 a4-b4 c3-c4 b4-a4 b3-c3";
    let mut limited = Variant::new(GameId::named("jeu-militaire"));
    limited.set_option("move-limit=on").expect("a value");
    let mut game = Game::new(limited);
    game.play_text(line).expect("legal");
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::QuietLimit)));
    let mut unlimited = Game::new(Variant::new(GameId::named("jeu-militaire")));
    unlimited.play_text(line).expect("legal");
    assert_eq!(unlimited.outcome(), None);
    assert_eq!(value(&mut Game::new(limited), &mut HashMap::new()), 0);
}

/// Wolf und Schaaf's end: the wolf wins once it stands on a lower row than
/// every sheep, whoever's move brought it about, and not while one sheep
/// is still on its row or below.
#[test]
fn the_wolf_wins_once_behind_every_sheep() {
    let game = |board: &str, to_move: char, ground: u32| {
        Game::from_position_string(&format!(
            "wolf-und-schaaf,quiet-limit=on {board} {to_move} 0/0 0 {ground}"
        ))
        .expect("a position")
    };
    // The wolf on c1, one sheep still on g1: nothing yet; the sheep's
    // step off the first row leaves the wolf behind them all.
    let mut g = game("4/4/4/4/4/SSS1/4/1W1S", 'S', 6);
    assert_eq!(g.outcome(), None);
    let step = g.parse_move("g1-h2").expect("a sheep's step");
    g.play(&step).expect("legal");
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Hunters), Reason::BehindCrowd)
    );
    // On the same row as the rearmost sheep is not behind it.
    let level = game("4/4/4/4/4/SSS1/W2S/4", 'S', 7);
    assert_eq!(level.outcome(), None);
    // The wolf's own step back behind them wins too.
    let mut g = game("4/4/4/4/4/SSSW/4/4", 'W', 6);
    assert_eq!(g.outcome(), None);
    let back = g.parse_move("g3-f2").expect("a wolf's step");
    g.play(&back).expect("legal");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::BehindCrowd));
}

/// Getting behind a crowd that has no forward is refused where the end is
/// written.
#[test]
fn behind_a_crowd_without_a_forward_is_refused() {
    let text = GameId::named("wolf-und-schaaf")
        .built_in_text()
        .expect("built in")
        .replace("        steps: Forward,\n", "");
    let e = refused(&text);
    assert_eq!(
        e.problem,
        Problem::Unreachable(family::Unreachable::CrowdHasNoForward),
        "{e}"
    );
    let line = text
        .lines()
        .position(|l| l.contains("HuntersBehindCrowd"))
        .expect("the end")
        + 1;
    assert_eq!(e.line, line, "{e}");
}
