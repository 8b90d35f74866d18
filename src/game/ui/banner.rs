//! The game-over banner (who won and why, with a rematch with sides
//! swapped and the game's analysis) and the notices shown over the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::SideNames;
use super::theme::{GOLD, RED};
use crate::game::board::skin::ActiveSkin;
use crate::game::board::view::{PanelWidth, TopReserve};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::notice::{NoticeKind, Notices};
use crate::game::common::screens::{MenuPage, Screen};
use crate::game::play::analysis::{AnalysisCommand, AnalysisJob, can_analyse};
use crate::game::play::match_state::{Conclusion, LinePreview, Match, MatchCommand};
use crate::game::play::online::{Online, OnlineCommand};
use crate::rules::{Game, GameId, Reason, Side, Variant};

/// 1 when the side is a single piece (the fox, a vulture), for verb
/// agreement.
fn pieces(kind: GameId, side: Side) -> u32 {
    Variant::new(kind).side_count(side).min(2)
}

/// Why the hunters won by taking pieces: in a game where the crowd must
/// fill a region, too few are left to fill it; elsewhere, they took the
/// pieces the game asks for (Bagh-Chal's five goats).
fn crowd_too_few(i18n: &I18n, names: &SideNames, kind: GameId) -> Msg {
    let variant = Variant::new(kind);
    let crowd = names.get(Side::Crowd);
    let many = crowd
        .get(i18n.language())
        .many
        .clone()
        .unwrap_or_else(|| i18n.plural(crowd).to_string());
    if variant.stronghold().is_some() {
        return Msg::new("end-crowd-too-few")
            .text("crowd", i18n.plural(crowd).to_string())
            .text("crowd_many", many)
            .num("needed", variant.crowd_minimum());
    }
    let taken = variant.crowd_count() + 1 - variant.crowd_minimum().max(1);
    names
        .with_side(i18n, Msg::new("end-crowd-taken"), Side::Hunters)
        .num("n", pieces(kind, Side::Hunters))
        .num("taken", taken)
        .text("crowd", i18n.plural(crowd).to_string())
        .text("crowd_many", many)
}

/// Why the match ended, as a sentence.
pub(super) fn conclusion_text(
    i18n: &I18n,
    names: &SideNames,
    kind: GameId,
    conclusion: Conclusion,
) -> String {
    let side_msg = |id: &'static str, side: Side| {
        names
            .with_side(i18n, Msg::new(id), side)
            .num("n", pieces(kind, side))
    };
    let msg = match conclusion {
        Conclusion::Resigned(side) => side_msg("end-resigned", side),
        Conclusion::DrawAgreed => Msg::new("end-draw-agreed"),
        Conclusion::TimeOut(side) => side_msg("end-time-out", side),
        Conclusion::Abandoned(side) => side_msg("end-abandoned", side),
        Conclusion::Stalled(side) => side_msg("end-stalled", side),
        Conclusion::Aborted => Msg::new("end-aborted"),
        Conclusion::Rules(outcome) => match outcome.reason {
            Reason::CrowdTooFew => crowd_too_few(i18n, names, kind),
            Reason::StrongholdFilled => match &kind.file().goal {
                Some(goal) => side_msg("end-stronghold-filled", Side::Crowd).words("goal", goal),
                None => side_msg("end-region-filled", Side::Crowd),
            },
            Reason::HuntersGone => Msg::new("end-hunters-huffed"),
            Reason::RegionReached(side) => side_msg("end-region-reached", side),
            Reason::BehindCrowd => side_msg("end-behind-crowd", Side::Hunters)
                .text("crowd", i18n.plural(names.get(Side::Crowd)).to_string()),
            Reason::DrivenOnto(side) => side_msg("end-driven-onto", side),
            Reason::Outlasted(side) => side_msg("end-outlasted", side),
            Reason::Survival { first, second } => {
                let id = match outcome.winner {
                    Some(Side::Hunters) => "end-survival-won",
                    Some(Side::Crowd) => "end-survival-shut-in",
                    None => "end-survival-level",
                };
                side_msg(id, Side::Hunters)
                    .num("first", first)
                    .num("second", second)
            }
            Reason::NoMoves(side) => side_msg("end-no-moves", side),
            Reason::QuietLimit => Msg::new("end-quiet-limit"),
            Reason::Repetition => Msg::new("end-repetition"),
        },
    };
    i18n.msg(&msg)
}

/// The banner's title: "Bulgars win" or "Draw". A two-round match is won
/// by a player, not a role: the one who began with the winner's side in
/// round one.
pub(super) fn conclusion_title(
    i18n: &I18n,
    names: &SideNames,
    game: &Game,
    c: Conclusion,
) -> String {
    let kind = game.variant().game;
    match c.winner() {
        Some(role) if game.rules().two_rounds().is_some() => {
            let began_as = game.player_side(role);
            i18n.msg(&names.with_side(i18n, Msg::new("end-match-winner"), began_as))
        }
        Some(side) => i18n.msg(
            &names
                .with_side(i18n, Msg::new("end-winner"), side)
                .num("n", pieces(kind, side)),
        ),
        None => i18n.tr("end-draw"),
    }
}

#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct BannerUi<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    the_match: Res<'w, Match>,
    panel_width: Res<'w, PanelWidth>,
    i18n: Res<'w, I18n>,
    commands: MessageWriter<'w, MatchCommand>,
    screen: ResMut<'w, NextState<Screen>>,
    menu_page: ResMut<'w, MenuPage>,
    skin: Res<'w, ActiveSkin>,
    online: Res<'w, Online>,
    online_commands: MessageWriter<'w, OnlineCommand>,
    analysis: Res<'w, AnalysisJob>,
    analysis_commands: MessageWriter<'w, AnalysisCommand>,
    panel: ResMut<'w, super::PanelState>,
    top_reserve: ResMut<'w, TopReserve>,
    dismissed: Local<'s, Option<u64>>,
}

/// Over the board: review mode's marker, or the end of the game.
pub(super) fn banner(mut b: BannerUi) -> Result {
    let ctx = b.contexts.ctx_mut()?.clone();
    if b.the_match.reviewing().is_some() {
        let marker = review_marker(&ctx, &mut b);
        // The marker's foot, in logical pixels, with a little air.
        let reserve = marker.map_or(0.0, |bottom| (bottom + 6.0) * ctx.zoom_factor());
        b.top_reserve.set_if_neq(TopReserve(reserve));
        return Ok(());
    }
    let m = &*b.the_match;
    let Some(conclusion) = m.conclusion() else {
        b.top_reserve.set_if_neq(TopReserve(0.0));
        return Ok(());
    };
    if *b.dismissed == Some(m.generation()) {
        b.top_reserve.set_if_neq(TopReserve(0.0));
        return Ok(());
    }
    let kind = m.kind();
    let names = SideNames::of_skin(&b.skin, &b.i18n, kind);
    let title = conclusion_title(&b.i18n, &names, m.game(), conclusion);
    let reason = conclusion_text(&b.i18n, &names, kind, conclusion);
    let screen = ctx.viewport_rect();
    // The panel's width is in logical pixels; egui's points are those over
    // the text size's zoom.
    let center_x = (screen.width() - b.panel_width.0 / ctx.zoom_factor()) / 2.0;
    let area = egui::Area::new("game_over".into())
        .fixed_pos(egui::pos2(center_x, 18.0))
        .pivot(egui::Align2::CENTER_TOP)
        .show(&ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(30, 18, 10, 235))
                .stroke(egui::Stroke::new(2.0, GOLD))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(24, 12))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(title).size(28.0).color(GOLD).strong());
                        ui.label(egui::RichText::new(reason).size(17.0));
                        if let Some(rating) = own_rating_change(&b) {
                            ui.label(egui::RichText::new(rating).size(15.0).color(GOLD));
                        }
                        ui.add_space(6.0);
                        ui.horizontal(|ui| banner_buttons(ui, &mut b));
                    });
                });
        });
    // The final position stays in sight below the banner.
    let reserve = (area.response.rect.max.y + 6.0) * ctx.zoom_factor();
    b.top_reserve.set_if_neq(TopReserve(reserve));
    Ok(())
}

/// "The engine's line from before move 4: 2 of 14."
pub(super) fn line_marker(preview: &LinePreview) -> Msg {
    Msg::new("line-marker")
        .num("ply", preview.ply as u32)
        .num("step", preview.step as u32)
        .num("count", preview.line.len() as u32)
}

/// Review mode, marked over the board so nobody mistakes it for the game.
/// Returns the marker's bottom edge (egui points), when it is shown.
fn review_marker(ctx: &egui::Context, b: &mut BannerUi) -> Option<f32> {
    let m = &*b.the_match;
    // The engine's line played out: where in it, a step either way, back.
    let line = m.preview().map(|p| (p.ply, p.step, p.line.len()));
    let text = match (m.preview(), m.reviewing()) {
        (Some(preview), _) => b.i18n.msg(&line_marker(preview)),
        (None, Some(ply)) => b.i18n.msg(
            &Msg::new("review-marker")
                .num("ply", ply as u32)
                .num("total", m.game().ply() as u32),
        ),
        (None, None) => return None,
    };
    let screen = ctx.viewport_rect();
    // The panel's width is in logical pixels; egui's points are those over
    // the text size's zoom.
    let center_x = (screen.width() - b.panel_width.0 / ctx.zoom_factor()) / 2.0;
    let area = egui::Area::new("review_marker".into())
        .fixed_pos(egui::pos2(center_x, 10.0))
        .pivot(egui::Align2::CENTER_TOP)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(20, 40, 60, 235))
                .stroke(egui::Stroke::new(
                    2.0,
                    egui::Color32::from_rgb(120, 190, 240),
                ))
                .corner_radius(8.0)
                .inner_margin(egui::Margin::symmetric(16, 8))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(text).size(17.0).strong());
                        let Some((ply, step, count)) = line else {
                            if ui.button(b.i18n.tr("review-live")).clicked() {
                                b.commands.write(MatchCommand::Review(None));
                            }
                            return;
                        };
                        let mut to = |step: Option<usize>| {
                            b.commands
                                .write(MatchCommand::PreviewLine(step.map(|s| (ply, s))));
                        };
                        if ui.add_enabled(step > 0, egui::Button::new("◀")).clicked() {
                            to(Some(step - 1));
                        }
                        if ui
                            .add_enabled(step < count, egui::Button::new("▶"))
                            .clicked()
                        {
                            to(Some(step + 1));
                        }
                        if ui.button(b.i18n.tr("analysis-line-end")).clicked() {
                            to(None);
                        }
                    });
                });
        });
    Some(area.response.rect.max.y)
}

fn banner_buttons(ui: &mut egui::Ui, b: &mut BannerUi) {
    if b.the_match.is_online() {
        online_rematch(ui, b);
    } else if ui
        .button(b.i18n.tr("end-rematch"))
        .on_hover_text(b.i18n.tr("end-rematch-hint"))
        .clicked()
    {
        let m = &*b.the_match;
        b.commands.write(MatchCommand::NewGame {
            variant: *m.variant(),
            players: Match::players(
                m.player_at_start(Side::Crowd),
                m.player_at_start(Side::Hunters),
            ),
        });
    }
    let m = &*b.the_match;
    if can_analyse(m) && !b.analysis.is_running() {
        let analyse = ui
            .button(format!("📈 {}", b.i18n.tr("analysis-start")))
            .on_hover_text(b.i18n.tr("analysis-start-hint"));
        if analyse.clicked() {
            b.analysis_commands.write(AnalysisCommand::Start);
            // The board is free to show the arrows, the panel the analysis.
            *b.dismissed = Some(m.generation());
            b.panel.panel_open = true;
        }
    }
    if ui.button(b.i18n.tr("end-new-game")).clicked() {
        *b.menu_page = MenuPage::NewGame;
        b.screen.set(Screen::Menu);
    }
    if ui.button(b.i18n.tr("end-close")).clicked() {
        *b.dismissed = Some(b.the_match.generation());
    }
}

/// After a rated online game: "Your rating: 1500? → 1523 (+23)".
fn own_rating_change(b: &BannerUi) -> Option<String> {
    let you = b.online.you?;
    let change = b.online.room.as_ref()?.ratings?.get(you);
    let text = super::online_setup::rating_change_text(change);
    Some(
        b.i18n
            .msg(&Msg::new("online-your-rating").text("change", text)),
    )
}

/// Online, a rematch is asked of the server: it starts once both ask.
fn online_rematch(ui: &mut egui::Ui, b: &mut BannerUi) {
    let Some(you) = b.online.you else { return };
    let offered = b.online.room.as_ref().and_then(|r| r.rematch_offer);
    if offered == Some(you) {
        ui.label(b.i18n.tr("online-rematch-waiting"));
        return;
    }
    let id = if offered == Some(you.other()) {
        "online-rematch-accept"
    } else {
        "end-rematch"
    };
    if ui
        .button(b.i18n.tr(id))
        .on_hover_text(b.i18n.tr("end-rematch-hint"))
        .clicked()
    {
        b.online_commands.write(OnlineCommand::Rematch);
    }
}

/// Notices (errors stay until dismissed), bottom left over the board.
pub(super) fn notices(
    mut contexts: EguiContexts,
    mut notices: ResMut<Notices>,
    i18n: Res<I18n>,
) -> Result {
    if notices.shown.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut dismiss = None;
    egui::Area::new("notices".into())
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -12.0))
        .order(egui::Order::Foreground)
        .show(&ctx, |ui| {
            ui.set_max_width(420.0);
            for (i, (notice, _)) in notices.shown.iter().enumerate() {
                let edge = match notice.kind {
                    NoticeKind::Error => RED,
                    NoticeKind::Warning => GOLD,
                    NoticeKind::Info => egui::Color32::from_rgb(120, 190, 240),
                };
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(30, 20, 14, 240))
                    .stroke(egui::Stroke::new(1.5, edge))
                    .corner_radius(6.0)
                    .inner_margin(egui::Margin::same(8))
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            ui.vertical(|ui| {
                                ui.label(i18n.msg(&notice.msg));
                                if let Some(reason) = &notice.reason {
                                    ui.label(i18n.msg(reason));
                                }
                                if let Some(detail) = &notice.detail {
                                    ui.label(egui::RichText::new(detail).monospace().size(12.0));
                                }
                            });
                            if ui.small_button("×").clicked() {
                                dismiss = Some(i);
                            }
                        });
                    });
                ui.add_space(4.0);
            }
        });
    if let Some(i) = dismiss {
        notices.shown.remove(i);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::common::i18n::Language;
    use crate::rules::Outcome;

    fn ended(i18n: &I18n, game: &str, side: Side, reason: Reason) -> String {
        let kind = GameId::named(game);
        let names = SideNames::traditional(i18n, kind);
        let outcome = Outcome::win(side, reason);
        conclusion_text(i18n, &names, kind, Conclusion::Rules(outcome))
    }

    /// An end is told from the game's file: the pieces Bagh-Chal's tigers
    /// and the one fox took, the region each crowd fills by its
    /// name, and a side of one piece in the singular.
    #[test]
    fn ends_are_worded_from_each_games_file() {
        let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
        let mut i18n = I18n::from_dir(assets).expect("the message files");
        i18n.set_language(Language::English);
        let crowd_won = Reason::StrongholdFilled;
        assert_eq!(
            ended(&i18n, "bagh-chal", Side::Hunters, Reason::CrowdTooFew),
            "Tigers have taken 5 goats."
        );
        assert_eq!(
            ended(&i18n, "fox-geese", Side::Hunters, Reason::CrowdTooFew),
            "Fox has taken 10 geese."
        );
        assert_eq!(
            ended(&i18n, "pirates", Side::Hunters, Reason::CrowdTooFew),
            "Fewer than 9 Bulgars are left."
        );
        assert_eq!(
            ended(&i18n, "asalto", Side::Crowd, crowd_won),
            "Rebels fill the fortress."
        );
        assert_eq!(
            ended(&i18n, "pirates", Side::Crowd, crowd_won),
            "Bulgars fill the stronghold."
        );
        i18n.set_language(Language::Russian);
        assert_eq!(
            ended(&i18n, "bagh-chal", Side::Hunters, Reason::CrowdTooFew),
            "Взято коз: 5."
        );
    }
}
