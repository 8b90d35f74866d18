//! The provers behind puzzles: which legal move of a position is the only
//! one that does what a goal asks, by Bagh-Chal's table
//! ([`table_only_move`]), the Fox and Geese proof search
//! ([`proof_only_move`]), a small game's backward solve
//! ([`solved_only_move`]) or a search's margin ([`margin_only_move`]); and
//! a puzzle's whole line checked again by the proof it names
//! ([`check_puzzle`]).

use crate::ai::fox_geese_proof::{FoxGeeseSolver, SolveError, Winner};
use crate::ai::solve::{Solution, Solved, proof_solution};
use crate::ai::{MATE_BOUND, Search, SearchLimits, Tablebase};
use crate::rules::{Game, Move, Side, Variant};

use super::exact::Exact;
use super::puzzle::{Goal, Proof, Puzzle};

/// The only move for a goal, and the plies to the end when known.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OnlyMove {
    pub mv: Move,
    pub goal: Goal,
    pub win_in: Option<u32>,
}

/// Plies a position may be short of the table and still be valued through
/// its moves: enough for the last goat placement and the tigers' move
/// before it.
const TABLE_LOOKAHEAD: u32 = 2;

/// The value of `game`'s position for its side to move, from the rules,
/// the table, or (for positions with goats still in hand) its moves up to
/// `lookahead` plies on; `None` when that does not settle it.
fn table_value(table: &Tablebase, game: &mut Game, lookahead: u32) -> Option<Exact> {
    if let Some(o) = game.outcome() {
        return Some(Exact::of_outcome(&o, game.side_to_move()));
    }
    if let Some(v) = Exact::of_table(table, game.position()) {
        return Some(v);
    }
    if lookahead == 0 {
        return None;
    }
    let values = move_values(table, game, lookahead - 1)?;
    values.into_iter().map(|(_, v)| v).max_by_key(|v| v.rank())
}

/// The value of each legal move for the side to move (counted from before
/// the move), when every one is settled.
fn move_values(table: &Tablebase, game: &mut Game, lookahead: u32) -> Option<Vec<(Move, Exact)>> {
    let mover = game.side_to_move();
    let mut values = Vec::new();
    for mv in game.legal_moves() {
        game.play_unchecked(&mv);
        let next_side = game.side_to_move();
        let value = table_value(table, game, lookahead);
        game.undo();
        let value = value?.for_side(next_side, mover).one_ply_earlier();
        values.push((mv, value));
    }
    Some(values)
}

/// The one move that keeps the side to move's result by the table (wins a
/// won position, keeps a drawn one a draw), when exactly one does and the
/// position is not lost.
pub fn table_only_move(table: &Tablebase, game: &Game) -> Option<OnlyMove> {
    let mut game = game.clone();
    let values = move_values(table, &mut game, TABLE_LOOKAHEAD - 1)?;
    let best = values.iter().map(|(_, v)| v.result()).max()?;
    let mut keeping = values.iter().filter(|(_, v)| v.result() == best);
    let (mv, value) = *keeping.next()?;
    if keeping.next().is_some() || best < 0 {
        return None;
    }
    let (goal, win_in) = match value {
        Exact::Win(p) => (Goal::Win, p.map(u32::from)),
        _ => (Goal::Hold, None),
    };
    Some(OnlyMove { mv, goal, win_in })
}

/// The best reply of the side to move by the table: the soonest win, the
/// draw, the latest loss (the first such move when several are equal).
pub fn table_reply(table: &Tablebase, game: &Game) -> Option<Move> {
    let mut game = game.clone();
    let values = move_values(table, &mut game, TABLE_LOOKAHEAD - 1)?;
    values
        .iter()
        .max_by_key(|(m, v)| (v.rank(), std::cmp::Reverse(game.move_text(m))))
        .map(|(m, _)| *m)
}

/// The one winning move of the side to move by the Fox and Geese proof
/// search, when exactly one wins (every other loses). The moves are tried
/// the search's choice first, and the search stops at a second win.
pub fn proof_only_move(
    solver: &mut FoxGeeseSolver,
    game: &Game,
) -> Result<Option<OnlyMove>, SolveError> {
    let mover = game.side_to_move();
    let mut moves = game.legal_moves();
    if moves.len() < 2 {
        return Ok(None);
    }
    if let Some(r) = Search::with_limits(game, SearchLimits::depth(4), 0).run_to_end()
        && let Some(i) = moves.iter().position(|m| *m == r.best)
    {
        moves.swap(0, i);
    }
    let mut win = None;
    for mv in moves {
        let (next, _) = game.rules().apply(game.position(), &mv);
        if winner_side(solver.solve(&next)?) == mover {
            if win.is_some() {
                return Ok(None);
            }
            win = Some(mv);
        }
    }
    Ok(win.map(|mv| OnlyMove {
        mv,
        goal: Goal::Win,
        win_in: None,
    }))
}

/// The value of each legal move at `game`'s position for the side to
/// move, counted from before the move, by the game's backward solve; `None`
/// when a move leads where the solve did not reach, or when the draw for
/// quiet moves could come before some move's win or loss and the solve
/// cannot say whether it does (a move of the game may reset its count).
fn solved_values(solution: &Solution, game: &Game) -> Option<Vec<(Move, Solved)>> {
    let rules = game.rules();
    let pos = game.position();
    let quiet_left = rules
        .quiet_limit()
        .map(|l| l.saturating_sub(pos.quiet_plies));
    let exact = solution.reckons_quiet_draw();
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let after = rules.apply(pos, &mv).0;
            let left = rules
                .quiet_limit()
                .map(|l| l.saturating_sub(after.quiet_plies));
            let value = match solution.value_in_play(&after, left)? {
                Solved::Win(n) => Solved::Loss(n + 1),
                Solved::Loss(n) => Solved::Win(n + 1),
                Solved::Draw => Solved::Draw,
            };
            let before_quiet_draw = match value {
                Solved::Win(n) | Solved::Loss(n) if !exact => n < quiet_left.unwrap_or(u16::MAX),
                _ => true,
            };
            before_quiet_draw.then_some((mv, value))
        })
        .collect()
}

/// A solved value's result: 1 a win, 0 a draw, -1 a loss.
fn result_of(v: Solved) -> i8 {
    match v {
        Solved::Win(_) => 1,
        Solved::Draw => 0,
        Solved::Loss(_) => -1,
    }
}

/// The one move that keeps the side to move's result by the game's
/// backward solve, when the position is not lost and there is a choice:
/// the only move that wins ([`Goal::Win`]) or keeps the draw
/// ([`Goal::Hold`]); where several moves win, the only one that wins in
/// the fewest plies ([`Goal::WinQuickest`]: the others win later, draw or
/// lose).
pub fn solved_only_move(solution: &Solution, game: &Game) -> Option<OnlyMove> {
    let values = solved_values(solution, game)?;
    let best = values.iter().map(|(_, v)| result_of(*v)).max()?;
    if best < 0 || values.len() < 2 {
        return None;
    }
    let keepers: Vec<(Move, Solved)> = values
        .into_iter()
        .filter(|(_, v)| result_of(*v) == best)
        .collect();
    let plies = |v: Solved| match v {
        Solved::Win(n) => u32::from(n),
        _ => u32::MAX,
    };
    if let [(mv, v)] = keepers[..] {
        let (goal, win_in) = match v {
            Solved::Win(n) => (Goal::Win, Some(u32::from(n))),
            _ => (Goal::Hold, None),
        };
        return Some(OnlyMove { mv, goal, win_in });
    }
    if best == 0 {
        return None;
    }
    let quickest = keepers.iter().map(|(_, v)| plies(*v)).min()?;
    let mut fastest = keepers.iter().filter(|(_, v)| plies(*v) == quickest);
    let &(mv, _) = fastest.next()?;
    fastest.next().is_none().then_some(OnlyMove {
        mv,
        goal: Goal::WinQuickest,
        win_in: Some(quickest),
    })
}

/// The best reply of the side to move by the game's backward solve: the
/// soonest win, the draw, the latest loss (the last such move in the
/// order of the legal moves when several are equal).
pub fn solved_reply(solution: &Solution, game: &Game) -> Option<Move> {
    let values = solved_values(solution, game)?;
    values
        .iter()
        .max_by_key(|(_, v)| match v {
            Solved::Win(n) => 100_000 - i64::from(*n),
            Solved::Draw => 50_000,
            Solved::Loss(n) => i64::from(*n),
        })
        .map(|(mv, _)| *mv)
}

/// The solution a puzzle of `variant` is proven by: the game's backward
/// solve from its start, where its file says it is solved.
pub fn solution_of(variant: &Variant) -> Result<std::sync::Arc<Solution>, String> {
    proof_solution(*variant).ok_or_else(|| format!("{} is not solved backwards", variant.title()))
}

/// Each legal move's score for the side to move, by a search of its
/// position after to `depth - 1` plies (no noise, no table): a win the
/// search sees to the end, or an evaluation.
pub fn searched_moves(game: &Game, depth: u32) -> Vec<(Move, i32)> {
    let mover = game.side_to_move();
    let mut scored = Vec::new();
    for mv in game.legal_moves() {
        let mut next = game.clone();
        // The end of a two-round match's round one is a win for its mover
        // (the hunters' player shut the bear in), as the search scores it.
        if next.play_unchecked(&mv).next_round {
            scored.push((mv, crate::ai::MATE - 1));
            continue;
        }
        let score = match next.outcome() {
            Some(o) => match o.winner {
                Some(w) if w == mover => crate::ai::MATE - 1,
                Some(_) => -(crate::ai::MATE - 1),
                None => 0,
            },
            None => {
                let limits = SearchLimits::depth(depth.saturating_sub(1).max(1));
                let r = Search::with_limits(&next, limits, 0).run_to_end();
                let s = r.map_or(0, |r| r.score);
                let s = if next.side_to_move() == mover { s } else { -s };
                // One ply further from the root than the child's search says.
                mate_one_ply_earlier(s)
            }
        };
        scored.push((mv, score));
    }
    scored
}

/// A score one ply further from the win or loss it counts down to.
fn mate_one_ply_earlier(s: i32) -> i32 {
    if s > MATE_BOUND {
        s - 1
    } else if s < -MATE_BOUND {
        s + 1
    } else {
        s
    }
}

/// Plies a move must hold out longer than every other, in a position where
/// the search sees every move lose, to be a "hold out longest" answer.
pub const HOLD_OUT_PLIES: i32 = 2;

/// The move a search of `depth` plies scores at least `margin` hundredths
/// above every other, if there is one; its goal: a win the search sees to
/// the end (no other move forcing one), taking the most (a hunters'
/// capture of more pieces than any other move takes), or the best move.
/// Where the search sees every move lose, no margin of evaluation can
/// part them: the answer is the move that loses latest, by at least
/// [`HOLD_OUT_PLIES`] plies more than any other (a full search to `depth`
/// finds each loss's exact distance), and the goal is to hold out.
pub fn margin_only_move(game: &Game, depth: u32, margin: i32) -> Option<OnlyMove> {
    let mut scored = searched_moves(game, depth);
    if scored.len() < 2 {
        return None;
    }
    scored.sort_by_key(|(_, s)| -s);
    let ((mv, best), (_, second)) = (scored[0], scored[1]);
    let mate = |s: i32| (crate::ai::MATE - s.abs()) as u32;
    if best < -MATE_BOUND {
        // Every move loses: each score counts down to its loss, one point
        // a ply.
        return (best - second >= HOLD_OUT_PLIES).then(|| OnlyMove {
            mv,
            goal: Goal::HoldOut,
            win_in: Some(mate(best)),
        });
    }
    if best - second < margin {
        return None;
    }
    // `scored` holds every legal move: none may take more than the answer.
    let takes_most = || {
        let rules = game.rules();
        let taken = rules.captured(&mv).count();
        scored
            .iter()
            .all(|(m, _)| rules.captured(m).count() <= taken)
    };
    let (goal, win_in) = if best > MATE_BOUND {
        (Goal::Win, Some(mate(best)))
    } else if game.side_to_move() == Side::Hunters && mv.is_jump() && takes_most() {
        (Goal::TakeMost, None)
    } else {
        (Goal::BestMove, None)
    };
    Some(OnlyMove { mv, goal, win_in })
}

/// The fewest plies (1 to 15) a plain search must look ahead to choose
/// `answer`; [`Puzzle::BEYOND`] when none of them does.
pub fn depth_to_find(game: &Game, answer: Move) -> u32 {
    (1..Puzzle::BEYOND)
        .find(|&d| {
            Search::with_limits(game, SearchLimits::depth(d), 0)
                .run_to_end()
                .is_some_and(|r| r.best == answer)
        })
        .unwrap_or(Puzzle::BEYOND)
}

/// What checks a puzzle's proof: the table, a proof search, or nothing
/// more (a search margin needs only the search).
pub struct Provers<'a> {
    pub table: Option<&'a Tablebase>,
    /// Positions each Fox and Geese proof may visit.
    pub proof_nodes: u64,
}

/// Checks a puzzle: its line is legal, and at each of the solver's turns
/// the line's move is the only one its proof allows. The reason when not.
pub fn check_puzzle(puzzle: &Puzzle, provers: &Provers) -> Result<(), String> {
    let mut game = puzzle.game().map_err(|e| e.to_string())?;
    let solver_side = game.side_to_move();
    let mut solver = match puzzle.proof {
        Proof::ProofSearch => Some(
            FoxGeeseSolver::new(*game.variant(), provers.proof_nodes, 18)
                .map_err(|e| e.to_string())?,
        ),
        _ => None,
    };
    let solution = match puzzle.proof {
        Proof::Solved => Some(solution_of(game.variant())?),
        _ => None,
    };
    let mut last_mover = None;
    for (i, text) in puzzle.line.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        if game.side_to_move() == solver_side {
            let only = match puzzle.proof {
                Proof::Table => {
                    let table = provers.table.ok_or("no table to check with")?;
                    table_only_move(table, &game)
                }
                Proof::ProofSearch => {
                    let solver = solver.as_mut().expect("made above");
                    solver.allow_more_nodes(provers.proof_nodes);
                    proof_only_move(solver, &game).map_err(|e| e.to_string())?
                }
                Proof::Solved => solved_only_move(solution.as_deref().expect("made above"), &game),
                Proof::SearchMargin { depth, margin } => margin_only_move(&game, depth, margin),
            };
            match only {
                // The first answer names the puzzle's goal.
                Some(o) if o.mv == mv && i == 0 => goal_backed(puzzle, game.variant(), o.goal)?,
                // A solved line keeps to its goal: a "win" goes on with
                // only wins, a quickest win with only quickest wins.
                Some(o) if o.mv == mv && puzzle.proof == Proof::Solved && o.goal != puzzle.goal => {
                    return Err(format!(
                        "move {}: the goal there is {}, not {}",
                        i + 1,
                        o.goal.id(),
                        puzzle.goal.id()
                    ));
                }
                Some(o) if o.mv == mv => {}
                Some(o) => {
                    let only = game.move_text(&o.mv);
                    return Err(format!("move {}: the only one is {only}", i + 1));
                }
                None => return Err(format!("move {} ({text}) is not the only one", i + 1)),
            }
        }
        last_mover = Some(game.side_to_move());
        game.play_unchecked(&mv);
    }
    match last_mover {
        Some(side) if side == solver_side => Ok(()),
        Some(_) => Err("the line ends with a reply".into()),
        None => Err("the line is empty".into()),
    }
}

/// The proof that settles who wins in `variant`, if it has one:
/// Bagh-Chal's table, the proof search for Fox and Geese without sideways
/// steps, or the backward solve for a small game whose file says it is
/// solved.
pub fn exact_proof(variant: &Variant) -> Option<Proof> {
    match variant.game.plug_in() {
        Some("bagh-chal") => Some(Proof::Table),
        Some("fox-geese") if variant.option("sideways") != Some("on") => Some(Proof::ProofSearch),
        _ if variant.game.file().solved.is_some() => Some(Proof::Solved),
        _ => None,
    }
}

/// Whether the goal a puzzle claims is the one its proof gives its first
/// answer (`given`): a win or a hold only where proven, a search's win
/// only where the search saw it to the end, and only in a game with no
/// exact proof (there, a win the search sees within its horizon may be
/// one of several, and is claimed as no more than the best move).
pub fn goal_backed(puzzle: &Puzzle, variant: &Variant, given: Goal) -> Result<(), String> {
    let searched = matches!(puzzle.proof, Proof::SearchMargin { .. });
    if searched && puzzle.goal == Goal::Win && exact_proof(variant).is_some() {
        return Err("move 1: a win here must be proven, not searched".into());
    }
    // The best move is the least a search's margin claims: a win the
    // search sees may be called that (a capture may not: it is checked).
    let weaker = searched && puzzle.goal == Goal::BestMove && given == Goal::Win;
    if puzzle.goal == given || weaker {
        Ok(())
    } else {
        Err(format!(
            "move 1: the goal is {}, not {}",
            given.id(),
            puzzle.goal.id()
        ))
    }
}

/// The side a Fox and Geese proof names.
pub fn winner_side(w: Winner) -> Side {
    match w {
        Winner::Fox => Side::Hunters,
        Winner::Geese => Side::Crowd,
    }
}
