//! "Play online" on the new-game page: the name this player goes by, play
//! anyone who wants the game and clock chosen (the server's lobby pairs
//! you), create a room for a friend (with a side, rated or not), or join
//! one by its code or link; how the opening is going (connecting, waiting
//! for an opponent, refused); and this player's recent games, to review.

use bevy_egui::egui;

use super::theme::{self, MUTED, RED};
use super::{NewGameForm, SideNames};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::settings::Settings;
use crate::game::play::online::{self, Lobby, MyGames, Online, OnlineCommand, Phase};
use crate::game::shell::invite::read_invite;
use crate::online::protocol::{ArchivedGame, MAX_NAME_CHARS, PlayerInfo, RatingChange, check_name};
use crate::online::{ClockSpec, ConnectionStatus, EndReason};
use crate::rules::Side;
use crate::save::store::display_time;

/// The clocks on offer: minutes for the game, seconds added per move.
const CLOCKS: [(u64, u64); 5] = [(3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// Draws the section; returns what the player asked for.
pub(super) fn online_section(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    (online, lobby, my_games): (&Online, &Lobby, &MyGames),
    (settings, server): (&Settings, &str),
) -> Option<OnlineCommand> {
    theme::section(ui, i18n.tr("online-title"));
    theme::note(
        ui,
        i18n.msg(&Msg::new("online-note").text("server", server.replace(',', ", "))),
    );
    let named = name_row(ui, i18n, form, settings);
    // Nothing goes to the server under a name it would refuse.
    let mut asked = None;
    ui.add_enabled_ui(named, |ui| {
        asked = create_row(ui, i18n, form, server);
        if !online.is_on() {
            asked = lobby_list(ui, i18n, lobby, server).or(asked.take());
        }
        asked = join_row(ui, i18n, form, server).or(asked.take());
    });
    asked = opening_status(ui, i18n, online).or(asked);
    if named && !online.is_on() {
        asked = my_games_list(ui, i18n, my_games, (settings, server)).or(asked);
    }
    asked
}

/// The name this player goes by online: the settings' (kept once a game
/// is asked for, see the menu), or one made up on first use. Whether it
/// is one the server takes.
fn name_row(ui: &mut egui::Ui, i18n: &I18n, form: &mut NewGameForm, settings: &Settings) -> bool {
    let name = form.player_name.get_or_insert_with(|| {
        if settings.player_name.is_empty() {
            online::suggested_name()
        } else {
            settings.player_name.clone()
        }
    });
    ui.horizontal(|ui| {
        ui.label(i18n.tr("online-your-name"));
        ui.add(
            egui::TextEdit::singleline(name)
                .id(egui::Id::new("online_name"))
                .desired_width(180.0)
                .char_limit(MAX_NAME_CHARS),
        );
    });
    let ok = check_name(name.trim()).is_ok();
    if ok {
        theme::note(ui, i18n.tr("online-name-note"));
    } else {
        ui.colored_label(RED, i18n.tr("online-name-bad"));
    }
    ok
}

/// A player as the lobby and the panel name it: `Mira (1523?)`, a bot
/// marked as one.
pub(super) fn player_text(i18n: &I18n, player: Option<&PlayerInfo>) -> String {
    let Some(player) = player else {
        return i18n.tr("online-anonymous");
    };
    let mut text = player.name.clone();
    if player.bot {
        text.push_str(&format!(" [{}]", i18n.tr("online-bot")));
    }
    if let Some(rating) = player.rating {
        text.push_str(&format!(" ({rating})"));
    }
    text
}

/// "My online games": a button that asks the server, then the games (the
/// newest first), each with the opponent, the result for this player, the
/// rating's change, and a button that opens it in review.
fn my_games_list(
    ui: &mut egui::Ui,
    i18n: &I18n,
    my_games: &MyGames,
    (settings, server): (&Settings, &str),
) -> Option<OnlineCommand> {
    ui.add_space(6.0);
    let mut asked = None;
    ui.horizontal(|ui| {
        if ui.button(i18n.tr("online-my-games")).clicked() {
            asked = Some(OnlineCommand::MyGames {
                server: server.to_string(),
            });
        }
        if my_games.loading {
            ui.spinner();
        }
    });
    if let Some(error) = my_games.error {
        ui.colored_label(RED, i18n.msg(&online::error_msg(error)));
    }
    if my_games.loaded && my_games.games.is_empty() {
        theme::note(ui, i18n.tr("online-my-games-none"));
    }
    let me = settings.player_name.to_lowercase();
    egui::Grid::new("online_my_games")
        .num_columns(6)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for game in &my_games.games {
                let Ok(variant) = game.setup.variant() else {
                    continue;
                };
                let mine = [Side::Hunters, Side::Crowd].into_iter().find(|&side| {
                    game.players
                        .get(side)
                        .is_some_and(|p| p.name.to_lowercase() == me)
                });
                let when = display_time((game.at_ms / 1000).max(0) as u64);
                ui.label(egui::RichText::new(when).color(MUTED).size(12.0));
                ui.label(super::game_title(i18n, variant.game));
                let opponent = mine
                    .map(Side::other)
                    .and_then(|side| game.players.get(side));
                ui.label(player_text(i18n, opponent));
                ui.label(result_text(i18n, game, mine));
                match (game.ratings, mine) {
                    (Some(ratings), Some(side)) => {
                        ui.label(rating_change_text(ratings.get(side)));
                    }
                    _ => {
                        ui.label("");
                    }
                }
                if ui.button(i18n.tr("online-review")).clicked() {
                    asked = Some(OnlineCommand::Review(Box::new(game.clone())));
                }
                ui.end_row();
            }
        });
    asked
}

/// A game's result for this player (`Won`, `Lost`, `Draw`), or as it
/// stands (`Playing`, `Aborted`).
fn result_text(i18n: &I18n, game: &ArchivedGame, mine: Option<Side>) -> String {
    let Some(result) = game.result else {
        return i18n.tr("online-result-playing");
    };
    i18n.tr(match (result.reason, result.winner, mine) {
        (EndReason::Aborted, _, _) => "online-result-aborted",
        (_, None, _) => "online-result-draw",
        (_, Some(winner), Some(me)) if winner == me => "online-result-won",
        (_, Some(_), Some(_)) => "online-result-lost",
        (_, Some(_), None) => "online-result-over",
    })
}

/// `1500? → 1523 (+23)`.
pub(super) fn rating_change_text(change: RatingChange) -> String {
    format!("{} → {} ({:+})", change.old, change.new, change.delta())
}

fn create_row(
    ui: &mut egui::Ui,
    i18n: &I18n,
    form: &mut NewGameForm,
    server: &str,
) -> Option<OnlineCommand> {
    let mut asked = None;
    // A game read from a file is this program's only: the server has the
    // built-in games.
    if !form.variant.game.is_built_in() {
        ui.colored_label(RED, i18n.tr("online-file-game"));
        return None;
    }
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
                server: server.to_string(),
                variant: form.variant,
                clock: form.online_clock,
            });
        }
        theme::note(ui, i18n.tr("online-anyone-note"));
    });
    ui.add_space(4.0);
    let names = SideNames::traditional(i18n, form.variant.game);
    ui.horizontal_wrapped(|ui| {
        ui.label(i18n.tr("online-your-side"));
        for side in [Side::Hunters, Side::Crowd] {
            ui.radio_value(&mut form.online_side, side, names.title(i18n, side));
        }
        ui.checkbox(&mut form.online_rated, i18n.tr("online-rated"))
            .on_hover_text(i18n.tr("online-rated-hint"));
        if ui
            .button(format!("🌐 {}", i18n.tr("online-create")))
            .clicked()
        {
            asked = Some(OnlineCommand::Create {
                server: server.to_string(),
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
    server: &str,
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
        .num_columns(5)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for seek in lobby.seeks.iter().take(LOBBY_ROWS) {
                let Ok(variant) = seek.setup.variant() else {
                    continue;
                };
                ui.label(player_text(i18n, seek.player.as_ref()));
                ui.label(super::game_title(i18n, variant.game));
                let names = SideNames::traditional(i18n, variant.game);
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
                        server: server.to_string(),
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
            .num_columns(4)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for game in lobby.games.iter().take(LOBBY_ROWS) {
                    let Ok(variant) = game.setup.variant() else {
                        continue;
                    };
                    ui.label(format!(
                        "{} – {}",
                        player_text(i18n, game.players.hunters.as_ref()),
                        player_text(i18n, game.players.crowd.as_ref())
                    ));
                    ui.label(super::game_title(i18n, variant.game));
                    ui.label(clock_label(i18n, game.clock));
                    if ui.button(i18n.tr("online-lobby-watch")).clicked() {
                        asked = Some(OnlineCommand::Watch {
                            server: server.to_string(),
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
    server: &str,
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
        server: invite.server.unwrap_or_else(|| server.to_string()),
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
