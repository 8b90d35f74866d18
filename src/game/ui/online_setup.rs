//! "Play online" on the new-game page: play anyone who wants the game and
//! clock chosen (the server's lobby pairs you), create a room for a friend
//! (with a side), or join one by its code or link; and how the opening is
//! going (connecting, waiting for an opponent, refused).

use bevy_egui::egui;

use super::theme::{self, MUTED, RED};
use super::{NewGameForm, SideNames};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::settings::Settings;
use crate::game::play::online::{self, Lobby, Online, OnlineCommand, Phase};
use crate::game::shell::invite::read_invite;
use crate::online::{ClockSpec, ConnectionStatus};
use crate::rules::Side;

/// The clocks on offer: minutes for the game, seconds added per move.
const CLOCKS: [(u64, u64); 5] = [(3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// Draws the section; returns what the player asked for.
pub(super) fn online_section(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    (online, lobby): (&Online, &Lobby),
    settings: &Settings,
) -> Option<OnlineCommand> {
    theme::section(ui, i18n.tr("online-title"));
    theme::note(
        ui,
        i18n.msg(&Msg::new("online-note").text("server", settings.server.clone())),
    );
    let mut asked = create_row(ui, i18n, form, settings);
    if !online.is_on() {
        asked = lobby_list(ui, i18n, lobby, settings).or(asked);
    }
    asked = join_row(ui, i18n, form, settings).or(asked);
    asked = opening_status(ui, i18n, online).or(asked);
    asked
}

fn create_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    settings: &Settings,
) -> Option<OnlineCommand> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label(i18n.tr("online-clock"));
        clock_combo(ui, i18n, &mut form.online_clock);
    });
    // Anyone: the sides are drawn, so the side below is the room's only.
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(format!("▶ {}", i18n.tr("online-anyone")))
            .on_hover_text(i18n.tr("online-anyone-hint"))
            .clicked()
        {
            asked = Some(OnlineCommand::Anyone {
                server: settings.server.clone(),
                variant: form.variant,
                clock: form.online_clock,
            });
        }
        theme::note(ui, i18n.tr("online-anyone-note"));
    });
    ui.add_space(4.0);
    let names = SideNames::traditional(i18n, form.variant.kind);
    ui.horizontal_wrapped(|ui| {
        ui.label(i18n.tr("online-your-side"));
        for side in [Side::Hunters, Side::Crowd] {
            ui.radio_value(&mut form.online_side, side, names.title(i18n, side));
        }
        if ui
            .button(format!("🌐 {}", i18n.tr("online-create")))
            .clicked()
        {
            asked = Some(OnlineCommand::Create {
                server: settings.server.clone(),
                variant: form.variant,
                side: form.online_side,
                clock: form.online_clock,
                rated: form.online_rated,
            });
        }
    });
    asked
}

/// The seeks waiting on the server, each with its game, the seeker's side
/// and clock, and a button that plays it; then the games being played,
/// each with a button that watches it.
fn lobby_list(
    ui: &mut egui::Ui,
    i18n: &I18n,
    lobby: &Lobby,
    settings: &Settings,
) -> Option<OnlineCommand> {
    if !lobby.connected {
        return None;
    }
    ui.add_space(4.0);
    ui.label(i18n.msg(&Msg::new("online-lobby-title").num("count", lobby.seeks.len() as u32)));
    let mut asked = None;
    if lobby.seeks.is_empty() {
        theme::note(ui, i18n.tr("online-lobby-empty"));
    }
    egui::Grid::new("online_lobby")
        .num_columns(4)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for seek in lobby.seeks.iter().take(LOBBY_ROWS) {
                let Ok(variant) = seek.setup.variant() else {
                    continue;
                };
                ui.label(super::game_title(i18n, variant.kind));
                let names = SideNames::traditional(i18n, variant.kind);
                ui.label(match seek.side {
                    // The seeker's side: the taker plays the other.
                    Some(side) => i18n.msg(
                        &Msg::new("online-lobby-you-play")
                            .text("side", names.title(i18n, side.other())),
                    ),
                    None => i18n.tr("online-lobby-either"),
                });
                ui.label(clock_label(i18n, seek.clock));
                if ui.button(i18n.tr("online-lobby-play")).clicked() {
                    asked = Some(OnlineCommand::Take {
                        server: settings.server.clone(),
                        seek: seek.seek,
                    });
                }
                ui.end_row();
            }
        });
    if !lobby.games.is_empty() {
        ui.add_space(4.0);
        ui.label(
            i18n.msg(&Msg::new("online-lobby-playing").num("count", lobby.games.len() as u32)),
        );
        egui::Grid::new("online_live")
            .num_columns(3)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for game in lobby.games.iter().take(LOBBY_ROWS) {
                    let Ok(variant) = game.setup.variant() else {
                        continue;
                    };
                    ui.label(super::game_title(i18n, variant.kind));
                    ui.label(clock_label(i18n, game.clock));
                    if ui.button(i18n.tr("online-lobby-watch")).clicked() {
                        asked = Some(OnlineCommand::Watch {
                            server: settings.server.clone(),
                            code: game.code.clone(),
                        });
                    }
                    ui.end_row();
                }
            });
    }
    asked
}

/// The most seeks (and games) the page lists.
const LOBBY_ROWS: usize = 12;

/// A clock as the page names it ("No clock", "5 min + 3 s").
fn clock_label(i18n: &I18n, clock: Option<ClockSpec>) -> String {
    match clock {
        None => i18n.tr("online-no-clock"),
        Some(c) => i18n.msg(
            &Msg::new("online-clock-choice")
                .num("minutes", (c.initial_ms / 60_000) as u32)
                .num("seconds", (c.increment_ms / 1000) as u32),
        ),
    }
}

fn clock_combo(ui: &mut egui::Ui, i18n: &I18n, clock: &mut Option<ClockSpec>) {
    let label = |clock: Option<ClockSpec>| clock_label(i18n, clock);
    egui::ComboBox::from_id_salt("online_clock")
        .selected_text(label(*clock))
        .width(180.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(clock, None, label(None));
            for (minutes, seconds) in CLOCKS {
                let choice = Some(ClockSpec {
                    initial_ms: minutes * 60_000,
                    increment_ms: seconds * 1000,
                });
                ui.selectable_value(clock, choice, label(choice));
            }
        });
}

fn join_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    settings: &Settings,
) -> Option<OnlineCommand> {
    ui.add_space(6.0);
    ui.label(i18n.tr("online-join-label"));
    let mut join = false;
    ui.horizontal(|ui| {
        let edit = ui.add(
            egui::TextEdit::singleline(&mut form.join_text)
                .id(egui::Id::new("online_join_text"))
                .desired_width(260.0)
                .hint_text(i18n.tr("online-join-hint")),
        );
        join = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        join |= ui.button(i18n.tr("online-join")).clicked();
    });
    if form.join_text.trim().is_empty() {
        return None;
    }
    let Some(invite) = read_invite(&form.join_text) else {
        ui.colored_label(RED, i18n.tr("online-join-bad"));
        return None;
    };
    join.then(|| OnlineCommand::Join {
        server: invite.server.unwrap_or_else(|| settings.server.clone()),
        code: invite.code,
    })
}

/// Connecting, waiting in the lobby (with a way out), or why the server
/// refused the seat.
fn opening_status(ui: &mut egui::Ui, i18n: &I18n, online: &Online) -> Option<OnlineCommand> {
    match online.phase {
        Phase::Opening => {
            let waiting = online.seeking.is_some() && online.connected();
            ui.horizontal(|ui| {
                ui.spinner();
                if waiting {
                    ui.label(i18n.tr("online-seeking"));
                } else {
                    ui.label(connection_text(i18n, online.connection));
                }
            });
            ui.label(egui::RichText::new(&online.server).color(MUTED).size(12.0));
            if waiting && ui.button(i18n.tr("online-stop-seeking")).clicked() {
                return Some(OnlineCommand::Leave);
            }
        }
        Phase::Refused(error) => {
            ui.colored_label(RED, i18n.msg(&online::error_msg(error)));
        }
        Phase::Off | Phase::Playing => {}
    }
    None
}

/// "Connecting to the server…" or "Reconnecting… (attempt 3)".
pub(super) fn connection_text(i18n: &I18n, status: Option<ConnectionStatus>) -> String {
    match status {
        Some(ConnectionStatus::Connected) => i18n.tr("online-connected"),
        Some(ConnectionStatus::Reconnecting { attempt }) => {
            i18n.msg(&Msg::new("online-reconnecting").num("attempt", attempt))
        }
        Some(ConnectionStatus::Connecting) | None => i18n.tr("online-connecting"),
    }
}
