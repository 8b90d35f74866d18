//! `match --replay FILE...`: the games a match recorded (`--record`),
//! summed up again without playing them. Several runs of the same two
//! levels (another seed, more pairs) make one match this way: each pair
//! is an independent sample, so more pairs narrow the interval. Each game
//! is replayed from its moves by the rules, so its result, the pieces
//! taken and its length are the game's own; the times are not recorded.

use crate::ai::Level;
use crate::cli::arena::{MatchGame, PlaySpec, losses, recorded_game};

/// The games of `files`, pair by pair: a pair is the two games of one
/// seed, one with A's hunters (`hunters A crowd B seed S: MOVES`), one
/// with B's. The lines are in the order the games ended (several at a
/// time, they end out of order). A run cut short may leave a pair's other
/// game unplayed: that game is left out.
pub(super) fn games(
    play: &PlaySpec,
    [a, b]: [Level; 2],
    files: &[String],
) -> Result<Vec<MatchGame>, String> {
    // Per seed, in the order seeds first come: A's hunters' game, B's.
    let mut pairs: Vec<(String, [Option<MatchGame>; 2])> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = |e: String| format!("{file}, line {}: {e}", n + 1);
            let (seed, which) = players_of(line, [a, b]).map_err(at)?;
            let k = match pairs.iter().position(|(s, _)| *s == seed) {
                Some(k) => k,
                None => {
                    pairs.push((seed.clone(), [None, None]));
                    pairs.len() - 1
                }
            };
            let slot = &mut pairs[k].1[which];
            if slot.is_some() {
                return Err(at(format!("a second game of seed {seed} with these sides")));
            }
            *slot = Some(game(play, line).map_err(at)?);
        }
    }
    let games: Vec<MatchGame> = pairs
        .into_iter()
        .filter_map(|(_, [first, second])| Some([first?, second?]))
        .flatten()
        .collect();
    if games.is_empty() {
        return Err(format!("no whole pair of games in {}", files.join(", ")));
    }
    Ok(games)
}

/// A record line's seed, and whether A (0) or B (1) has its hunters.
fn players_of(line: &str, [a, b]: [Level; 2]) -> Result<(String, usize), String> {
    let head = line.split(':').next().unwrap_or(line);
    for (which, [hunters, crowd]) in [[a, b], [b, a]].into_iter().enumerate() {
        if let Some(seed) = head.strip_prefix(&format!("hunters {hunters} crowd {crowd} seed ")) {
            return Ok((seed.to_string(), which));
        }
    }
    Err(format!(
        "`{head}` is not a game of this match (hunters and crowd {a} and {b})"
    ))
}

/// The run's first line: the game, the levels and where the games come from.
pub(super) fn header(
    play: &PlaySpec,
    [a, b]: [Level; 2],
    files: &[String],
    games: usize,
) -> String {
    format!(
        "{}: A {a} against B {b}, {} pairs replayed from {} (the recorded moves; no times)\n",
        play.title(),
        games / 2,
        files.join(", ")
    )
}

/// One record line replayed.
fn game(play: &PlaySpec, line: &str) -> Result<MatchGame, String> {
    let game = recorded_game(play.variant, line)?;
    let outcome = game.outcome();
    let [captured, hunters_lost] = losses(&game);
    Ok(MatchGame {
        winner: outcome
            .and_then(|o| o.winner)
            .map(|role| game.player_side(role)),
        // Stopped before its end: the ply cap, as when it was played.
        capped: outcome.is_none(),
        plies: game.ply(),
        captured,
        hunters_lost,
        moves: [0; 2],
        ms: [0.0; 2],
    })
}
