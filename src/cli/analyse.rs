//! `analyse`: a game graded move by move ([`crate::coach::GameAnalyser`]),
//! a line per ply and each side's summary; with `--record`, every game of
//! a selfplay or match record, and (Bagh-Chal) how often the grades of the
//! sliding phase agree with the table's perfect play.

use std::io::Write;
use std::sync::Arc;

use super::arena::recorded_game;
use super::args::{Args, say};
use super::bagh_chal_table::load_tablebase;
use crate::ai::{Search, Tablebase};
use crate::coach::exact::after_each_move;
use crate::coach::{Analysis, Effort, Exact, GameAnalyser, Grade};
use crate::rules::Game;

pub(super) fn analyse(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let kind = args.only_game("analyse")?;
    let variant = args.variant(kind)?;
    let effort = args.level.map_or(Effort::STANDARD, Effort::of_level);
    let table = load_tablebase(args.table.as_ref(), &variant, true)?;
    if let Some(path) = args.record.as_deref() {
        return analyse_record(args, path, effort, table, out);
    }
    let game = args.game(kind)?;
    let analysis = run(&game, effort, table, !args.quiet, "");
    say(out, &analysis.to_text())
}

/// Analyses `game`, reporting progress on stderr when `progress` is set
/// (each line opened by `label`).
fn run(
    game: &Game,
    effort: Effort,
    table: Option<Arc<Tablebase>>,
    progress: bool,
    label: &str,
) -> Analysis {
    let mut analyser = GameAnalyser::new(game, effort, table);
    let mut shown = usize::MAX;
    while analyser.result().is_none() {
        let p = analyser.step(Search::SLICE_NODES * 10);
        if progress && p.done != shown {
            shown = p.done;
            eprintln!("analyse: {label}{}/{} done", p.done, p.total);
        }
    }
    analyser.result().cloned().expect("finished")
}

/// How the grades of the sliding phase compare with the table's values.
#[derive(Default)]
struct Agreement {
    plies: u32,
    agreeing: u32,
    /// Moves that lost the value, and those graded mistake or blunder.
    losing: u32,
    losing_caught: u32,
    /// Moves that kept it, and those graded blunder.
    keeping: u32,
    keeping_blundered: u32,
}

impl Agreement {
    /// Adds the plies of one game whose positions before and after the
    /// move the table (or the rules) settle.
    fn add(&mut self, table: &Tablebase, game: &Game, analysis: &Analysis) {
        let mut replay = Game::from_position(*game.variant(), *game.initial_position());
        for (mv, ply) in game.moves().zip(&analysis.plies) {
            if let Some(keeps) = keeps_value(table, &replay, mv) {
                let serious = ply.grade >= Grade::Mistake;
                let agrees = if keeps {
                    ply.grade != Grade::Blunder
                } else {
                    serious
                };
                self.plies += 1;
                self.agreeing += agrees as u32;
                if keeps {
                    self.keeping += 1;
                    self.keeping_blundered += (ply.grade == Grade::Blunder) as u32;
                } else {
                    self.losing += 1;
                    self.losing_caught += serious as u32;
                }
            }
            replay.play_unchecked(mv);
        }
    }

    fn text(&self) -> String {
        let pct = |a: u32, b: u32| 100.0 * a as f64 / b.max(1) as f64;
        format!(
            "sliding-phase plies {}: grades agree with the table on {} ({:.1} %); \
             moves that lost the value {} (graded mistake or blunder: {}); \
             moves that kept it {} (graded blunder: {})\n",
            self.plies,
            self.agreeing,
            pct(self.agreeing, self.plies),
            self.losing,
            self.losing_caught,
            self.keeping,
            self.keeping_blundered
        )
    }
}

/// Whether `mv` keeps the side's result as the table has it (a win, a
/// draw), the best of the legal moves being what the side had; `None` when
/// the table does not settle the position and every move from it.
fn keeps_value(table: &Tablebase, game: &Game, mv: &crate::rules::Move) -> Option<bool> {
    Exact::of_table(table, game.position())?;
    let legal = game.legal_moves();
    let values = after_each_move(table, &mut game.clone(), &legal)?;
    let best = values.iter().map(|v| v.result()).max()?;
    let played = legal.iter().position(|m| m == mv)?;
    Some(values[played].result() >= best)
}

/// `analyse --record FILE`: each recorded game, a summary line per game;
/// for Bagh-Chal, the agreement with the shipped table at the end.
fn analyse_record(
    args: &Args,
    path: &str,
    effort: Effort,
    table: Option<Arc<Tablebase>>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let kind = args.only_game("analyse")?;
    let variant = args.variant(kind)?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    // The perfect-play database the grades are checked against: the
    // shipped table, whether or not the analysis reads it.
    let database = match kind.plug_in() {
        Some("bagh-chal") => load_tablebase(None, &variant, true)?,
        _ => None,
    };
    let mut agreement = Agreement::default();
    for (n, line) in text.lines().enumerate() {
        let game = recorded_game(variant, line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let label = format!("game {} ", n + 1);
        let analysis = run(&game, effort, table.clone(), !args.quiet, &label);
        if let Some(db) = &database {
            agreement.add(db, &game, &analysis);
        }
        let sides = [crate::rules::Side::Hunters, crate::rules::Side::Crowd]
            .map(|s| analysis.summary_text(s))
            .join("; ");
        say(
            out,
            &format!("game {} plies {}: {sides}\n", n + 1, game.ply()),
        )?;
    }
    if database.is_some() {
        say(out, &agreement.text())?;
    }
    Ok(())
}
