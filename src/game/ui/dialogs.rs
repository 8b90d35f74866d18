//! Windows over the game: settings, the rules, and the questions that wait
//! for a "yes" (resign, offer a draw: online, the server hears them).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::settings_page;
use crate::ai::{Search, SearchLimits};
use crate::game::board::skin::{ActiveSkin, SkinCatalog};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::screens::{Confirm, Dialogs};
use crate::game::common::settings::Settings;
use crate::game::play::match_state::{Match, MatchCommand, Player};
use crate::game::play::online::OnlineCommand;
use crate::game::shell::about::Credits;
use crate::rules::Side;

/// Nodes the computer spends judging a draw offer (a few tens of milliseconds).
const DRAW_JUDGE_NODES: u64 = 150_000;
/// The computer accepts a draw unless it is ahead by more than this
/// (hundredths of a piece).
const DRAW_ACCEPT_MARGIN: i32 = 40;

#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct DialogUi<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    dialogs: ResMut<'w, Dialogs>,
    i18n: Res<'w, I18n>,
    settings: ResMut<'w, Settings>,
    the_match: Res<'w, Match>,
    credits: Res<'w, Credits>,
    catalog: Res<'w, SkinCatalog>,
    skin: Res<'w, ActiveSkin>,
    commands: MessageWriter<'w, MatchCommand>,
    online: MessageWriter<'w, OnlineCommand>,
    notices: MessageWriter<'w, Notice>,
}

pub(super) fn dialogs(mut d: DialogUi) -> Result {
    let ctx = d.contexts.ctx_mut()?.clone();
    let max_height = ctx.viewport_rect().height() - 40.0;
    if d.dialogs.settings {
        let mut open = true;
        egui::Window::new(d.i18n.tr("settings-title"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .max_height(max_height)
            .show(&ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    let skins = settings_page::SkinChoice {
                        catalog: &d.catalog,
                        game: d.the_match.kind(),
                        current: &d.skin.name,
                    };
                    settings_page::settings_page(ui, &d.i18n, &mut d.settings, skins)
                });
            });
        d.dialogs.settings = open;
    }
    if d.dialogs.about {
        let mut open = true;
        egui::Window::new(d.i18n.tr("about-title"))
            .open(&mut open)
            .collapsible(false)
            .max_height(max_height)
            .show(&ctx, |ui| {
                egui::ScrollArea::vertical()
                    .show(ui, |ui| super::about::about_page(ui, &d.i18n, &d.credits));
            });
        d.dialogs.about = open;
    }
    if let Some(confirm) = d.dialogs.confirm {
        confirmation(&ctx, &mut d, confirm);
    }
    Ok(())
}

/// The side a person resigns or offers a draw for: theirs, or (two people
/// at one board) the side to move.
fn person_side(m: &Match) -> Side {
    let to_move = m.side_to_move();
    if m.player(to_move) == Player::Human {
        to_move
    } else {
        to_move.other()
    }
}

fn confirmation(ctx: &egui::Context, d: &mut DialogUi, confirm: Confirm) {
    let (question, yes) = match confirm {
        Confirm::Resign => ("confirm-resign", "confirm-resign-yes"),
        Confirm::OfferDraw => {
            if d.the_match.is_online() {
                ("confirm-draw-online", "confirm-draw-yes")
            } else if d.the_match.player(Side::Hunters).is_ai()
                || d.the_match.player(Side::Crowd).is_ai()
            {
                ("confirm-draw-computer", "confirm-draw-yes")
            } else {
                ("confirm-draw-people", "confirm-draw-agree")
            }
        }
        Confirm::ToMenu => ("confirm-menu", "confirm-menu-yes"),
    };
    let mut answer = None;
    egui::Window::new(d.i18n.tr("confirm-title"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(d.i18n.tr(question));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(d.i18n.tr(yes)).clicked() {
                    answer = Some(true);
                }
                if ui.button(d.i18n.tr("confirm-cancel")).clicked() {
                    answer = Some(false);
                }
            });
        });
    match answer {
        Some(true) => {
            d.dialogs.confirm = None;
            act(d, confirm);
        }
        Some(false) => d.dialogs.confirm = None,
        None => {}
    }
}

fn act(d: &mut DialogUi, confirm: Confirm) {
    let m = &*d.the_match;
    if m.is_online() {
        match confirm {
            Confirm::Resign => d.online.write(OnlineCommand::Resign),
            Confirm::OfferDraw => d.online.write(OnlineCommand::OfferDraw),
            Confirm::ToMenu => return,
        };
        return;
    }
    match confirm {
        Confirm::Resign => {
            d.commands.write(MatchCommand::Resign(person_side(m)));
        }
        Confirm::OfferDraw => {
            let computer = [Side::Hunters, Side::Crowd]
                .into_iter()
                .find(|s| m.player(*s).is_ai());
            match computer {
                None => {
                    d.commands.write(MatchCommand::AgreeDraw);
                }
                Some(side) if computer_accepts_draw(m, side) => {
                    d.commands.write(MatchCommand::AgreeDraw);
                    d.notices.write(Notice::info("draw-accepted"));
                }
                Some(_) => {
                    d.notices.write(Notice::info(Msg::new("draw-declined")));
                }
            }
        }
        Confirm::ToMenu => {}
    }
}

/// The computer playing `side` accepts a draw unless it judges itself clearly ahead.
fn computer_accepts_draw(m: &Match, side: Side) -> bool {
    let game = m.game();
    let limits = SearchLimits {
        max_nodes: Some(DRAW_JUDGE_NODES),
        ..SearchLimits::depth(crate::ai::MAX_DEPTH)
    };
    let Some(result) = Search::with_limits(game, limits, 3).run_to_end() else {
        return true;
    };
    let for_side = if game.side_to_move() == side {
        result.score
    } else {
        -result.score
    };
    for_side <= DRAW_ACCEPT_MARGIN
}
