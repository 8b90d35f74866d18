//! Computer-against-computer games, as `selfplay` and `match` play them:
//! what the two commands read alike ([`PlaySpec`]), and one game: random
//! opening plies from a seed, then each side's level searches its moves,
//! and a record of how the game went (result, length, material).

use std::sync::Arc;

use web_time::Instant;

use super::args::Args;
use super::bagh_chal_table::load_tablebase;
use crate::ai::rng::{SplitMix64, mix};
use crate::ai::{Level, Search, SearchLimits, Tablebase};
use crate::rules::{Game, Outcome, Side, Variant};

/// What `selfplay` and `match` read alike: the game from its start, how
/// each game opens and ends, the players' time scale and the table.
pub(super) struct PlaySpec {
    pub(super) variant: Variant,
    pub(super) seed: u64,
    /// Random first plies, the same for every pairing with the same seed:
    /// otherwise two strong levels replay one game over and over.
    pub(super) openings: usize,
    pub(super) ply_cap: usize,
    pub(super) time_scale: f64,
    pub(super) tablebase: Option<Arc<Tablebase>>,
}

impl PlaySpec {
    /// GAME, `--option`s, `--seed` (default 1), `--openings` (default
    /// `openings`), `--ply-cap` (default 1000), `--time-scale` and
    /// `--table`; `levels` are the players', to tell whether one reads the
    /// table.
    pub(super) fn from_args(
        args: &Args,
        command: &str,
        openings: usize,
        levels: [Level; 2],
    ) -> Result<PlaySpec, String> {
        let variant = args.start_variant(command)?;
        let read = levels.iter().any(|l| l.uses_tablebase());
        Ok(PlaySpec {
            variant,
            seed: args.seed.unwrap_or(1),
            openings: args.openings.unwrap_or(openings),
            ply_cap: args.ply_cap.unwrap_or(1000),
            time_scale: args.time_scale.unwrap_or(1.0),
            tablebase: load_tablebase(args.table.as_ref(), &variant, read)?,
        })
    }

    /// `level` at this run's time scale.
    pub(super) fn player(&self, level: Level) -> Player {
        Player::scaled(level, self.time_scale)
    }

    /// The `n`th game (or pair of games) of the run, between `players`
    /// (hunters, crowd), with a seed of its own drawn from the run's.
    pub(super) fn game(&self, players: [Player; 2], n: u64) -> GameSpec {
        GameSpec {
            variant: self.variant,
            players,
            seed: mix(self.seed.wrapping_mul(1_000_003).wrapping_add(n)),
            openings: self.openings,
            ply_cap: self.ply_cap,
            tablebase: self.tablebase.clone(),
        }
    }

    /// The game's title and options, as a run's first line opens.
    pub(super) fn title(&self) -> String {
        self.variant.title()
    }
}

/// The level a `flag` gives, which `command` needs.
pub(super) fn required(level: Option<Level>, command: &str, flag: &str) -> Result<Level, String> {
    level.ok_or_else(|| format!("{command} needs {flag} LEVEL"))
}

/// A computer player: its level and the limits it searches with (the
/// level's own, with the time scaled).
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub level: Level,
    pub limits: SearchLimits,
}

impl Player {
    /// The level's limits with its thinking time multiplied by `time_scale`.
    pub fn scaled(level: Level, time_scale: f64) -> Player {
        let mut limits = level.limits();
        limits.time_ms = limits
            .time_ms
            .map(|t| ((t as f64 * time_scale).round() as u64).max(1));
        Player { level, limits }
    }
}

/// What to play: the variant, a player per side and how the game opens.
#[derive(Clone)]
pub struct GameSpec {
    pub variant: Variant,
    /// Indexed by [`Side::index`]: hunters, crowd.
    pub players: [Player; 2],
    /// Seeds the opening plies and the players' randomness.
    pub seed: u64,
    /// Plies played at random before the players take over.
    pub openings: usize,
    /// The rules end every game; the cap guards against a rules bug.
    pub ply_cap: usize,
    /// Bagh-Chal's sliding-phase table, for the levels that read it.
    pub tablebase: Option<Arc<Tablebase>>,
}

impl GameSpec {
    /// The players, as `hunters LEVEL crowd LEVEL seed S`.
    pub fn describe(&self) -> String {
        format!(
            "hunters {} crowd {} seed {}:",
            self.players[0].level, self.players[1].level, self.seed
        )
    }
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// `None` when the game stopped at the ply cap.
    pub outcome: Option<Outcome>,
    /// The winner as the side its player took at the start (the outcome
    /// names the role, which a two-round match's players swap).
    pub winner: Option<Side>,
    pub plies: usize,
    /// Crowd pieces the hunters took.
    pub captured: u32,
    /// Hunters lost (Asalto's huffs).
    pub hunters_lost: u32,
    /// Crowd pieces left at the end, in hand and on the board.
    pub crowd_left: u32,
    /// Per side: moves searched and the milliseconds they took.
    pub moves: [u32; 2],
    pub ms: [f64; 2],
    /// The random opening plies, as move text.
    pub opening: String,
    /// Every move of the game, as move text.
    pub moves_text: String,
}

impl GameRecord {
    /// The winner, if any (a capped game counts as a draw).
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// What a match counts of this game.
    pub fn tally(&self) -> MatchGame {
        MatchGame {
            winner: self.winner(),
            capped: self.outcome.is_none(),
            plies: self.plies,
            captured: self.captured,
            hunters_lost: self.hunters_lost,
            moves: self.moves,
            ms: self.ms,
        }
    }
}

/// What a match counts of one finished game.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct MatchGame {
    pub winner: Option<Side>,
    /// Stopped at the ply cap (counted as a draw).
    pub capped: bool,
    pub plies: usize,
    /// Crowd pieces the hunters took.
    pub captured: u32,
    /// Hunters lost (Asalto's huffs).
    pub hunters_lost: u32,
    /// Per side: moves searched and the milliseconds they took.
    pub moves: [u32; 2],
    pub ms: [f64; 2],
}

impl MatchGame {
    /// The game graded from the hunters' side, to compare two games
    /// lexicographically: the result first, then material (crowd pieces
    /// taken, hunters kept), then tempo (a win sooner, a loss later).
    pub fn hunters_grade(&self) -> (i32, i32, i32, i32) {
        let plies = self.plies as i32;
        let (result, tempo) = match self.winner {
            Some(Side::Hunters) => (1, -plies),
            Some(Side::Crowd) => (-1, plies),
            None => (0, 0),
        };
        (
            result,
            self.captured as i32,
            -(self.hunters_lost as i32),
            tempo,
        )
    }
}

/// How deep the opening plies are checked, and how much worse than the
/// best move (in hundredths of a piece) a random opening move may be.
pub(super) const OPENING_DEPTH: u32 = 5;
const OPENING_MARGIN: i32 = 50;
/// A placed piece is checked two plies deeper: the loss of a goat placed
/// in Bagh-Chal's centre comes six or seven plies on (the tigers first
/// close in), past [`OPENING_DEPTH`], and that first goat would decide
/// the game before the players start (docs/ai-figures.md).
const OPENING_DEPTH_PLACEMENT: u32 = OPENING_DEPTH + 2;

/// The legal moves that a short search finds no worse than the best by
/// more than [`OPENING_MARGIN`]: varied openings without gifts (a goat
/// placed where it is taken at once would decide the game before the
/// players start).
pub fn sound_moves(game: &Game) -> Vec<crate::rules::Move> {
    let moves = game.legal_moves();
    // The mover as a player (a two-round match's swap roles).
    let side = game.player_to_move();
    let scored: Vec<(i32, crate::rules::Move)> = moves
        .iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            let winner = |o: crate::rules::Outcome| o.winner.map(|w| child.player_side(w));
            let score = match child.outcome() {
                Some(o) if winner(o) == Some(side) => crate::ai::MATE,
                Some(o) if o.winner.is_some() => -crate::ai::MATE,
                Some(_) => 0,
                None => {
                    let depth = if mv.is_placement() {
                        OPENING_DEPTH_PLACEMENT
                    } else {
                        OPENING_DEPTH
                    };
                    let limits = SearchLimits::depth(depth);
                    let r = Search::with_limits(&child, limits, 0).run_to_end();
                    let s = r.map_or(0, |r| r.score);
                    if child.player_to_move() == side {
                        s
                    } else {
                        -s
                    }
                }
            };
            (score, *mv)
        })
        .collect();
    near_best(scored)
}

/// The moves scored (for the mover) no worse than the best by more than
/// [`OPENING_MARGIN`].
pub(super) fn near_best<M>(scored: Vec<(i32, M)>) -> Vec<M> {
    let best = scored.iter().map(|(s, _)| *s).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|(s, _)| *s >= best - OPENING_MARGIN)
        .map(|(_, mv)| mv)
        .collect()
}

/// Plays one game to its end (or the ply cap).
pub fn play_game(spec: &GameSpec) -> Result<GameRecord, String> {
    let mut game = Game::new(spec.variant);
    let mut opening_rng = SplitMix64::new(spec.seed);
    let mut record = GameRecord {
        outcome: None,
        winner: None,
        plies: 0,
        captured: 0,
        hunters_lost: 0,
        crowd_left: 0,
        moves: [0; 2],
        ms: [0.0; 2],
        opening: String::new(),
        moves_text: String::new(),
    };
    let mut opening = Vec::new();
    record.outcome = loop {
        if let Some(o) = game.outcome() {
            break Some(o);
        }
        if game.ply() >= spec.ply_cap {
            break None;
        }
        if game.ply() < spec.openings {
            let moves = sound_moves(&game);
            let mv = moves[opening_rng.below(moves.len() as u64) as usize];
            opening.push(game.move_text(&mv));
            game.play(&mv).map_err(|e| e.to_string())?;
            continue;
        }
        // The players keep the sides they took at the start: a two-round
        // match's swap roles for round two.
        let side = game.player_to_move();
        let player = spec.players[side.index()];
        let began = Instant::now();
        let seed = mix(spec.seed ^ game.ply() as u64);
        let mut search = Search::for_level(&game, player.level, player.limits, seed)
            .with_tablebase(spec.tablebase.as_ref());
        let r = search
            .run_to_end()
            .ok_or("the search found no move in a game that is not over")?;
        record.ms[side.index()] += began.elapsed().as_secs_f64() * 1000.0;
        record.moves[side.index()] += 1;
        game.play(&r.best).map_err(|e| {
            format!(
                "the AI chose an illegal move {} at ply {}: {e}\nposition: {}",
                game.move_text(&r.best),
                game.ply(),
                game.position_string()
            )
        })?;
    };
    record.winner = record
        .outcome
        .and_then(|o| o.winner)
        .map(|role| game.player_side(role));
    record.plies = game.ply();
    [record.captured, record.hunters_lost] = losses(&game);
    record.crowd_left = game.position().material(Side::Crowd);
    record.opening = opening.join(" ");
    let all = game.move_texts();
    record.moves_text = all.join(" ");
    Ok(record)
}

/// The crowd pieces taken and the hunters lost in a game, ply by ply: a
/// count that grows is no loss, so a piece Renard et les Poules gives the
/// crowd for a declined capture hides no capture (start minus end would
/// count it as one piece fewer taken, and below zero as a wrapped count).
pub(super) fn losses(game: &Game) -> [u32; 2] {
    let mut lost = [0; 2];
    for (before, after) in game.positions().zip(game.positions().skip(1)) {
        for (count, side) in lost.iter_mut().zip([Side::Crowd, Side::Hunters]) {
            *count += before.material(side).saturating_sub(after.material(side));
        }
    }
    lost
}

/// The game of a record line as `selfplay` and `match` write them
/// (`... : MOVES`), or of the moves alone, from the start of `variant`.
pub fn recorded_game(variant: Variant, line: &str) -> Result<Game, String> {
    let (_, moves) = line.split_once(':').unwrap_or(("", line));
    let mut game = Game::new(variant);
    for word in moves.split_whitespace() {
        let mv = game.parse_move(word).map_err(|e| e.to_string())?;
        game.play_unchecked(&mv);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_goat_that_the_tigers_take_by_force_is_no_opening() {
        let game = Game::new(Variant::new(crate::rules::GameId::named("bagh-chal")));
        let firsts: Vec<String> = sound_moves(&game)
            .iter()
            .map(|m| game.move_text(m))
            .collect();
        // The centre goat is lost whatever the goats do next (Master, 30 s:
        // -2.28); one in the middle of an edge is safe.
        assert!(!firsts.contains(&"@c3".to_string()), "{firsts:?}");
        assert!(firsts.contains(&"@c1".to_string()), "{firsts:?}");
    }
}
