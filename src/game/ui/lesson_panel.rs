//! The side panel while a lesson from the player's mistakes is played:
//! which mistake it was, what to find and what "better" rests on (the
//! table, the proof search, or the engine's searches, said as an
//! estimate), how the attempt stands, and the buttons: hint, try again,
//! the next mistake, back to the game. The analysis section offers the
//! lessons (`analysis::lessons_offer`).

use bevy_egui::egui;

use super::GameUi;
use super::analysis::grade_name;
use super::theme::{self, GOLD, GREEN, INK, RED};
use crate::coach::Source;
use crate::coach::grade::GOOD_BELOW;
use crate::coach::lesson::{Check, LESSON_EFFORT, Lesson};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::play::lesson::{LessonCommand, LessonStatus};

pub(super) fn lesson_panel(ui: &mut egui::Ui, p: &mut GameUi) {
    let Some((index, count)) = place(p) else {
        return;
    };
    ui.add_space(4.0);
    if ui
        .button(format!("⬅ {}", p.tr("lesson-leave")))
        .on_hover_text(p.tr("lesson-leave-hint"))
        .clicked()
    {
        p.lessons.commands.write(LessonCommand::Leave);
    }
    let title = Msg::new("lesson-title")
        .num("number", (index + 1) as u32)
        .num("count", count as u32);
    ui.label(
        egui::RichText::new(p.i18n.msg(&title))
            .color(GOLD)
            .size(18.0)
            .strong(),
    );
    ui.separator();
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        goal_and_status(ui, p, true);
    });
    ui.separator();
    buttons(ui, p);
    still_looking(ui, p);
}

/// The phone strip during a lesson: what to find, how it stands, the buttons.
pub(super) fn lesson_strip(ui: &mut egui::Ui, p: &mut GameUi) {
    goal_and_status(ui, p, false);
    buttons(ui, p);
}

/// The lesson's place among those found, and how many there are.
fn place(p: &GameUi) -> Option<(usize, usize)> {
    let active = p.lessons.session.active()?;
    Some((active.index, p.lessons.session.lessons().len()))
}

/// The mistake, what to find (and, in the panel, what "better" rests on),
/// and how the attempt stands.
fn goal_and_status(ui: &mut egui::Ui, p: &mut GameUi, with_basis: bool) {
    let (Some(lesson), Some(active)) = (
        p.lessons.session.lesson().cloned(),
        p.lessons.session.active().cloned(),
    ) else {
        return;
    };
    let names = p.names();
    let played = Msg::new("lesson-played")
        .num("ply", lesson.ply)
        .text("move", p.the_match.game().move_text(&lesson.played))
        .text("grade", grade_name(&p.i18n, lesson.grade).to_lowercase());
    ui.label(
        egui::RichText::new(p.i18n.msg(&played)).color(super::analysis::grade_colour(lesson.grade)),
    );
    // A side of one piece: "the fox moves", "the geese move".
    let goal = names
        .with_side(&p.i18n, Msg::new(goal_id(&lesson)), lesson.side)
        .num("n", lesson.game.variant().side_count(lesson.side).min(2));
    ui.label(egui::RichText::new(p.i18n.msg(&goal)).size(16.0));
    if with_basis {
        theme::note(ui, basis_text(&p.i18n, &lesson));
        ui.add_space(6.0);
    }
    let (text, colour) = match active.status {
        LessonStatus::YourMove if active.mistakes > 0 => (p.tr("puzzle-status-again"), INK),
        LessonStatus::YourMove => (p.tr("puzzle-status-your-move"), INK),
        LessonStatus::Wrong => (p.tr("lesson-status-wrong"), RED),
        LessonStatus::Solved => {
            let answer = active
                .answer
                .map_or(String::new(), |m| p.the_match.game().move_text(&m));
            let msg = Msg::new("lesson-status-solved").text("move", answer);
            (p.i18n.msg(&msg), GREEN)
        }
    };
    ui.label(egui::RichText::new(text).color(colour).size(17.0).strong());
    if active.status == LessonStatus::Solved && lesson.accepted.len() > 1 {
        let others: Vec<String> = lesson
            .accepted
            .iter()
            .filter(|m| Some(**m) != active.answer)
            .map(|m| p.the_match.game().move_text(m))
            .collect();
        let msg = Msg::new("lesson-also").text("moves", others.join(", "));
        theme::note(ui, p.i18n.msg(&msg));
    }
}

/// What to find, by what the check knows.
pub fn goal_id(lesson: &Lesson) -> &'static str {
    match lesson.check {
        Check::Exact { kept: 1, .. } => "lesson-goal-keep-win",
        Check::Exact { kept: 0, .. } => "lesson-goal-keep-draw",
        Check::Exact { .. } | Check::Engine => "lesson-goal-better",
    }
}

/// What "better" rests on, in words: the table (with its condition), the
/// proof search, or the engine's searches (an estimate).
pub fn basis_text(i18n: &I18n, lesson: &Lesson) -> String {
    match lesson.check {
        Check::Exact {
            source: Source::Table,
            ..
        } => i18n.tr("lesson-basis-table"),
        Check::Exact { .. } => i18n.tr("lesson-basis-proof"),
        Check::Engine => {
            let nodes = LESSON_EFFORT.limits.max_nodes.unwrap_or(0);
            let msg = Msg::new("lesson-basis-engine")
                .num("thousands", (nodes / 1000) as f64)
                .num("points", GOOD_BELOW);
            i18n.msg(&msg)
        }
    }
}

/// Hint, try again, the next mistake.
fn buttons(ui: &mut egui::Ui, p: &mut GameUi) {
    let Some((index, count)) = place(p) else {
        return;
    };
    let Some(status) = p.lessons.session.active().map(|a| a.status) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let can_hint = status != LessonStatus::Solved;
        if theme::hint_button(ui, &p.tr("panel-hint"), &p.tr("lesson-hint-hint"), can_hint) {
            p.lessons.commands.write(LessonCommand::Hint);
        }
        if theme::retry_button(ui, &p.tr("puzzle-retry"), &p.tr("lesson-retry-hint")) {
            p.lessons.commands.write(LessonCommand::Retry);
        }
        let solved = status == LessonStatus::Solved;
        if index + 1 < count && theme::next_button(ui, &p.tr("lesson-next"), solved) {
            p.lessons.commands.write(LessonCommand::Next);
        }
    });
    if status == LessonStatus::Solved && index + 1 >= count && !p.lessons.session.is_finding() {
        ui.label(egui::RichText::new(p.tr("lesson-all-done")).color(GREEN));
    }
}

/// While more mistakes are still being looked at.
fn still_looking(ui: &mut egui::Ui, p: &mut GameUi) {
    if !p.lessons.session.is_finding() {
        return;
    }
    let (done, total) = p.lessons.session.progress();
    let msg = Msg::new("lesson-finding")
        .num("done", done as u32)
        .num("total", total as u32);
    theme::note(ui, p.i18n.msg(&msg));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::common::i18n::Language;
    use crate::rules::GameId;
    use crate::rules::{Game, Side};

    fn lesson(check: Check) -> Lesson {
        let game = Game::new(crate::rules::Variant::new(GameId::named("bagh-chal")));
        let mv = game.legal_moves()[0];
        Lesson {
            ply: 1,
            side: Side::Crowd,
            game,
            played: mv,
            grade: crate::coach::Grade::Blunder,
            best: mv,
            accepted: vec![mv],
            check,
        }
    }

    /// A lesson says "keeps the win" or "the draw" only where an exact
    /// check found it, names the table with its no-repeat condition, and
    /// calls the engine's check an estimate, in both languages.
    #[test]
    fn a_lessons_words_say_only_what_its_check_knows() {
        let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        let mut i18n = I18n::from_dir(assets).expect("the message files");
        let table = lesson(Check::Exact {
            source: Source::Table,
            kept: 1,
        });
        let proof = lesson(Check::Exact {
            source: Source::Proof,
            kept: 0,
        });
        let engine = lesson(Check::Engine);
        assert_eq!(goal_id(&table), "lesson-goal-keep-win");
        assert_eq!(goal_id(&proof), "lesson-goal-keep-draw");
        assert_eq!(goal_id(&engine), "lesson-goal-better");
        for language in Language::ALL {
            i18n.set_language(language);
            let condition = i18n.tr("analysis-table-condition");
            let (t, p, e) = (
                basis_text(&i18n, &table),
                basis_text(&i18n, &proof),
                basis_text(&i18n, &engine),
            );
            assert_eq!(t, i18n.tr("lesson-basis-table"));
            assert_eq!(p, i18n.tr("lesson-basis-proof"));
            // The table's words carry the same condition as the analysis's.
            let rule = match language {
                Language::English => "no position may recur",
                Language::Russian => "позиция не может повториться",
            };
            assert!(
                t.contains(rule) && condition.contains(rule),
                "{language:?}: {t}"
            );
            assert!(!p.contains(rule));
            let estimate = match language {
                Language::English => "an estimate, not a proof",
                Language::Russian => "приближение, а не доказательство",
            };
            assert!(e.to_lowercase().contains(estimate), "{language:?}: {e}");
            assert!(
                e.contains("200") && e.contains(&format!("{GOOD_BELOW}")),
                "{language:?}: {e}"
            );
            assert!(!t.to_lowercase().contains(estimate) && !p.to_lowercase().contains(estimate));
        }
    }
}
