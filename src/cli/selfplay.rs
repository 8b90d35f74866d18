//! `selfplay`: one level against another, on the same sides for every
//! game, a line per game as it ends, then each side's results.

use std::fmt::Write as _;
use std::io::Write;

use super::arena::{GameRecord, PlaySpec, Player, play_game, required};
use super::args::{Args, say};
use super::bagh_chal_table::table_note;
use crate::rules::Side;

/// Totals of one side over a selfplay run.
#[derive(Default)]
struct SideTally {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: u64,
    ms: f64,
}

/// What a selfplay run plays: the same pairing `games` times.
struct SelfplaySpec {
    play: PlaySpec,
    games: u32,
    players: [Player; 2],
}

impl SelfplaySpec {
    fn from_args(args: &Args) -> Result<SelfplaySpec, String> {
        let games = args.games.ok_or("selfplay needs --games N")?;
        let hunters = required(args.hunters, "selfplay", "--hunters")?;
        let crowd = required(args.crowd, "selfplay", "--crowd")?;
        let play = PlaySpec::from_args(args, "selfplay", 0, [hunters, crowd])?;
        Ok(SelfplaySpec {
            games,
            players: [play.player(hunters), play.player(crowd)],
            play,
        })
    }

    fn header(&self) -> String {
        let p = &self.play;
        let [hunters, crowd] = self.players.map(|p| p.level);
        format!(
            "{}: hunters {hunters}, crowd {crowd}, {} games, seed {}, time scale {}, {} random opening plies; {}\n",
            p.title(),
            self.games,
            p.seed,
            p.time_scale,
            p.openings,
            table_note(&p.tablebase)
        )
    }

    /// How game `g` (from 0) ended, as its progress line.
    fn game_line(&self, g: u32, record: &GameRecord) -> String {
        let kind = self.play.variant.game;
        let result = match record.outcome {
            Some(o) => o.describe(kind),
            None => format!(
                "stopped at the ply cap ({}), counted as a draw",
                self.play.ply_cap
            ),
        };
        let left = record.crowd_left;
        let crowd_name = kind.piece_names(Side::Crowd).0;
        format!(
            "game {}: {} plies, {left} {crowd_name} left: {result}\n",
            g + 1,
            record.plies
        )
    }
}

pub(super) fn selfplay(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let spec = SelfplaySpec::from_args(args)?;
    say(out, &spec.header())?;
    let [hunters, crowd] = spec.players.map(|p| p.level);
    let mut record_file = args.record_file()?;
    let mut tally = [SideTally::default(), SideTally::default()];
    let mut total_plies = 0u64;
    let mut capped = 0u32;
    for g in 0..spec.games {
        let game = spec.play.game(spec.players, g as u64);
        let record = play_game(&game).map_err(|e| format!("game {}: {e}", g + 1))?;
        if let Some(file) = record_file.as_mut() {
            writeln!(
                file,
                "selfplay game {}, hunters {hunters}, crowd {crowd}: {}",
                g + 1,
                record.moves_text
            )
            .map_err(|e| format!("cannot write the record: {e}"))?;
        }
        for side in [Side::Hunters, Side::Crowd] {
            tally[side.index()].add(&record, side);
        }
        total_plies += record.plies as u64;
        capped += record.outcome.is_none() as u32;
        if !args.quiet {
            say(out, &spec.game_line(g, &record))?;
        }
    }
    say(out, &selfplay_summary(&spec, &tally, total_plies, capped))
}

impl SideTally {
    fn add(&mut self, record: &GameRecord, side: Side) {
        self.ms += record.ms[side.index()];
        self.moves += record.moves[side.index()] as u64;
        match record.winner() {
            None => self.draws += 1,
            Some(w) if w == side => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }
}

/// Each side's results and the mean game length.
fn selfplay_summary(
    spec: &SelfplaySpec,
    tally: &[SideTally; 2],
    plies: u64,
    capped: u32,
) -> String {
    let mut s = String::new();
    for side in [Side::Hunters, Side::Crowd] {
        let t = &tally[side.index()];
        let games = spec.games.max(1) as f64;
        let score = (t.wins as f64 + 0.5 * t.draws as f64) / games * 100.0;
        writeln!(
            s,
            "{:<8} {:<8} wins {:>3}  draws {:>3}  losses {:>3}  score {score:.1} %  mean {:.1} ms/move",
            if side == Side::Hunters { "hunters" } else { "crowd" },
            spec.players[side.index()].level.name(),
            t.wins,
            t.draws,
            t.losses,
            t.ms / t.moves.max(1) as f64
        )
        .unwrap();
    }
    writeln!(
        s,
        "mean plies {:.1}; games stopped at the ply cap: {capped}",
        plies as f64 / spec.games.max(1) as f64
    )
    .unwrap();
    s
}
