//! The room as this client knows it: the server's moves, the seats, the
//! clocks, the offers and the result, kept from the server's events. Plain
//! data and rules, no systems: `online/mod.rs` feeds it, the panel reads it.

use crate::game::play::match_state::{Conclusion, Match, Player};
use crate::online::protocol::{ArchivedGame, Players, RatingChanges};
use crate::online::{ClockSpec, Clocks, EndReason, GameResult, GameSetup, RoomState, SeatStatus};
use crate::rules::{Game, Side};

/// Everything the server has said about the room, as of its last event.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomView {
    pub code: String,
    /// 1 for the room's first game, one more after each rematch.
    pub game_no: u32,
    /// The game and its options, as the server names them.
    pub setup: GameSetup,
    /// Every move the server has stored, in the rules' notation.
    pub moves: Vec<String>,
    pub clock: Option<ClockSpec>,
    /// The clocks as last sent, and when they arrived (seconds of real time).
    pub clocks: Option<(Clocks, f64)>,
    /// Each seat, by [`Side::index`], and when its status arrived.
    pub seats: [(SeatStatus, f64); 2],
    pub draw_offer: Option<Side>,
    pub rematch_offer: Option<Side>,
    pub result: Option<GameResult>,
    pub spectators: u32,
    /// Who sits on each side (names, bots, ratings before the game).
    pub players: Players,
    /// The game counts for the ratings.
    pub rated: bool,
    /// The ratings' change, once a rated game has ended.
    pub ratings: Option<RatingChanges>,
}

impl RoomView {
    /// The room of a `state` event that arrived at `now`.
    pub fn of_state(state: &RoomState, now: f64) -> RoomView {
        RoomView {
            code: state.code.clone(),
            game_no: state.game_no,
            setup: state.setup.clone(),
            moves: state.moves.clone(),
            clock: state.clock,
            clocks: state.clocks.map(|c| (c, now)),
            seats: [
                (state.seat(Side::Hunters), now),
                (state.seat(Side::Crowd), now),
            ],
            draw_offer: state.draw_offer,
            rematch_offer: state.rematch_offer,
            result: state.result,
            spectators: state.spectators,
            players: state.players.clone(),
            rated: state.rated,
            ratings: state.ratings,
        }
    }

    pub fn seat(&self, side: Side) -> SeatStatus {
        self.seats[side.index()].0
    }

    pub fn set_seat(&mut self, side: Side, status: SeatStatus, now: f64) {
        self.seats[side.index()] = (status, now);
    }

    pub fn set_clocks(&mut self, clocks: Option<Clocks>, now: f64) {
        if let Some(clocks) = clocks {
            self.clocks = Some((clocks, now));
        }
    }

    /// A side's time left at `now`, counting the running clock down from
    /// what the server last sent; `None` without a clock.
    pub fn time_left_ms(&self, side: Side, now: f64) -> Option<u64> {
        let (clocks, at) = self.clocks?;
        let left = clocks.get(side);
        if clocks.running == Some(side) && self.result.is_none() {
            let spent = ((now - at).max(0.0) * 1000.0) as u64;
            Some(left.saturating_sub(spent))
        } else {
            Some(left)
        }
    }

    /// Whether a clock is running now (the panel redraws each second).
    pub fn clock_running(&self) -> bool {
        self.result.is_none() && self.clocks.is_some_and(|(c, _)| c.running.is_some())
    }

    /// For a seat whose player has gone: how long until the other may
    /// claim the win at `now` (zero: now). `None` while the player is there.
    pub fn claim_in_ms(&self, side: Side, now: f64) -> Option<u64> {
        match self.seats[side.index()] {
            (SeatStatus::Gone { claim_in_ms }, at) => {
                let waited = ((now - at).max(0.0) * 1000.0) as u64;
                Some(claim_in_ms.saturating_sub(waited))
            }
            _ => None,
        }
    }

    /// The match this room's game is: its moves replayed by the rules, this
    /// player's side played by a person and the other from afar (both from
    /// afar for a spectator), ended as the server ended it. An error names
    /// what does not replay.
    pub fn to_match(&self, you: Option<Side>) -> Result<Match, String> {
        let player = |side: Side| {
            if you == Some(side) {
                Player::Human
            } else {
                Player::Remote
            }
        };
        let players = Match::players(player(Side::Hunters), player(Side::Crowd));
        replay(&self.setup, &self.moves, self.result, players)
    }
}

/// A game of the server's archive as a match to review and analyse: its
/// moves replayed, ended as the server ended it, both sides a person's (so
/// nothing plays on its own).
pub fn archived_match(game: &ArchivedGame) -> Result<Match, String> {
    let players = Match::players(Player::Human, Player::Human);
    replay(&game.setup, &game.moves, game.result, players)
}

/// A server's game as a match: `moves` replayed by the rules from the
/// setup's start, concluded as `result` says. An error names what does
/// not replay.
fn replay(
    setup: &GameSetup,
    moves: &[String],
    result: Option<GameResult>,
    players: [Player; 2],
) -> Result<Match, String> {
    let variant = setup.variant()?;
    let mut game = Game::new(variant);
    for (ply, text) in moves.iter().enumerate() {
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("move {ply} `{text}`: {e}"))?;
        game.play(&mv)
            .map_err(|e| format!("move {ply} `{text}`: {e}"))?;
    }
    let mut the_match = Match::from_game(game, players);
    if let Some(conclusion) = result.and_then(|r| conclusion_of(r, the_match.game())) {
        the_match.conclude(conclusion);
    }
    Ok(the_match)
}

/// How the server's result ends the match, played to `game`: `None` for
/// the rules' own ends, which the match finds itself from the moves. The
/// server names the seat's side; the match, the role that seat plays now.
pub fn conclusion_of(result: GameResult, game: &Game) -> Option<Conclusion> {
    let loser = result.winner.map(|seat| game.player_side(seat.other()));
    match (result.reason, loser) {
        (EndReason::DrawAgreed, _) => Some(Conclusion::DrawAgreed),
        (EndReason::Resigned, Some(loser)) => Some(Conclusion::Resigned(loser)),
        (EndReason::Flag, Some(loser)) => Some(Conclusion::TimeOut(loser)),
        (EndReason::Abandoned, Some(loser)) => Some(Conclusion::Abandoned(loser)),
        (EndReason::Stalled, Some(loser)) => Some(Conclusion::Stalled(loser)),
        (EndReason::Aborted, _) => Some(Conclusion::Aborted),
        _ => None,
    }
}

/// What it takes to bring the match in line with the server's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// They agree.
    InStep,
    /// The server has one move more: play it (animated, with its sound).
    Play(String),
    /// The match has one move more, this player's, that the server has not
    /// stored yet: send it (again, after a reconnect).
    Send { ply: u32, mv: String },
    /// They differ otherwise: take the server's whole game.
    Rebuild,
}

/// Compares the match's moves with the server's. `you` is this player's
/// side; `movers` the side that made each of the match's moves (a side
/// placing several pieces in a turn moves several plies running).
pub fn step_towards(
    local: &[String],
    server: &[String],
    you: Option<Side>,
    movers: &[Side],
) -> Step {
    let common = local.iter().zip(server).take_while(|(a, b)| a == b).count();
    match (local.len() - common, server.len() - common) {
        (0, 0) => Step::InStep,
        (0, 1) => Step::Play(server[common].clone()),
        (1, 0) if you.is_some() && you == movers.get(common).copied() => Step::Send {
            ply: common as u32,
            mv: local[common].clone(),
        },
        _ => Step::Rebuild,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_aborted_game_counts_for_nobody() {
        use crate::online::{EndReason, GameResult};
        use crate::rules::{GameId, Variant};
        let result = GameResult {
            winner: None,
            reason: EndReason::Aborted,
        };
        assert_eq!(
            conclusion_of(result, &Game::new(Variant::new(GameId::named("pirates")))),
            Some(Conclusion::Aborted)
        );
        assert_eq!(Conclusion::Aborted.winner(), None);
    }

    use super::*;

    fn texts(moves: &str) -> Vec<String> {
        moves.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_match_follows_the_server_one_move_at_a_time() {
        let c = Some(Side::Crowd);
        let first = &[Side::Crowd, Side::Hunters, Side::Crowd];
        assert_eq!(
            step_towards(&texts("a b"), &texts("a b"), c, first),
            Step::InStep
        );
        assert_eq!(
            step_towards(&texts("a"), &texts("a b"), c, first),
            Step::Play("b".into())
        );
        // The crowd moves first here: ply 2 is ours, ply 1 is theirs.
        assert_eq!(
            step_towards(&texts("a b c"), &texts("a b"), c, first),
            Step::Send {
                ply: 2,
                mv: "c".into()
            }
        );
        assert_eq!(
            step_towards(&texts("a b"), &texts("a"), c, first),
            Step::Rebuild
        );
        assert_eq!(
            step_towards(&texts("a x"), &texts("a b"), c, first),
            Step::Rebuild
        );
        assert_eq!(
            step_towards(&texts(""), &texts("a b"), c, first),
            Step::Rebuild
        );
        // A side that places two pieces running sends its second too.
        let twice = &[Side::Crowd, Side::Crowd];
        assert_eq!(
            step_towards(&texts("a b"), &texts("a"), c, twice),
            Step::Send {
                ply: 1,
                mv: "b".into()
            }
        );
        // A spectator sends nothing.
        assert_eq!(
            step_towards(&texts("a"), &texts(""), None, first),
            Step::Rebuild
        );
    }
}
