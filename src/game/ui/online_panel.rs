//! The side panel's online box, in place of the players' choices: the
//! connection ("reconnecting…"), the room's code and the invite to copy,
//! the friend (waiting to join, here, gone: claim the win or keep
//! waiting), the clocks, and a draw offered.

use bevy_egui::egui;

use super::GameUi;
use super::online_setup::{connection_text, player_text, rating_change_text};
use super::theme::{self, GOLD, GREEN, MUTED, RED};
use crate::game::common::i18n::Msg;
use crate::game::common::notice::Notice;
use crate::game::play::online::{self, OnlineCommand, Phase, RoomView};
use crate::game::shell::invite::invite_text;
use crate::online::SeatStatus;
use crate::online::client::socket_list;
use crate::rules::Side;

pub(super) fn room_box(ui: &mut egui::Ui, p: &mut GameUi) {
    theme::section(ui, p.tr("online-room"));
    // Long lines (Russian, the invite) wrap inside the panel rather than
    // widen it past the window's edge.
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        room_lines(ui, p);
    });
}

fn room_lines(ui: &mut egui::Ui, p: &mut GameUi) {
    connection_line(ui, p);
    let Some(room) = p.online.room.clone() else {
        return;
    };
    invite_line(ui, p, &room);
    other_server_line(ui, p);
    let now = p.time.elapsed_secs_f64();
    players(ui, p, &room);
    match p.online.you {
        Some(you) => friend_line(ui, p, &room, you.other(), now),
        None => {
            ui.label(p.tr("online-watching"));
        }
    }
    clocks(ui, p, &room, now);
    draw_offer(ui, p, &room);
    if room.spectators > 0 {
        ui.label(
            egui::RichText::new(
                p.i18n
                    .msg(&Msg::new("online-spectators").num("count", room.spectators)),
            )
            .color(MUTED),
        );
    }
}

fn connection_line(ui: &mut egui::Ui, p: &mut GameUi) {
    match p.online.phase {
        Phase::Refused(error) => {
            ui.colored_label(RED, p.i18n.msg(&online::error_msg(error)));
        }
        Phase::Off => {
            ui.colored_label(RED, p.tr("online-disconnected"));
        }
        Phase::Opening | Phase::Playing => {
            let text = connection_text(&p.i18n, p.online.connection);
            if p.online.connected() {
                ui.colored_label(GREEN, text);
            } else {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.colored_label(GOLD, text);
                });
            }
        }
    }
}

/// The code, and a button that copies the invite (a link on the web, a
/// command line on the desktop).
fn invite_line(ui: &mut egui::Ui, p: &mut GameUi, room: &RoomView) {
    let invite = invite_text(&room.code, &p.online.server);
    let code = p
        .i18n
        .msg(&Msg::new("online-code").text("code", room.code.clone()));
    ui.label(egui::RichText::new(code).strong());
    if ui
        .button(format!("📋 {}", p.tr("online-copy-invite")))
        .on_hover_text(invite.clone())
        .clicked()
    {
        ui.ctx().copy_text(invite.clone());
        p.notices
            .write(Notice::info(Msg::new("online-invite-copied")));
    }
    // The invite as text too, to select by hand (a long address breaks anywhere).
    let mut job = egui::text::LayoutJob::simple(
        invite,
        egui::FontId::monospace(11.0),
        MUTED,
        ui.available_width(),
    );
    job.wrap.break_anywhere = true;
    ui.label(job);
}

/// A game on another server than the default (a link named it): says so,
/// and lets the player keep that server as the default.
fn other_server_line(ui: &mut egui::Ui, p: &mut GameUi) {
    let here = &p.online.server;
    if here.is_empty() || *here == socket_list(&p.settings.server) {
        return;
    }
    let note = Msg::new("online-other-server").text("server", here.replace(',', ", "));
    ui.colored_label(MUTED, p.i18n.msg(&note));
    if ui
        .button(p.tr("online-keep-server"))
        .on_hover_text(p.tr("online-keep-server-hint"))
        .clicked()
    {
        p.online_commands.write(OnlineCommand::KeepServer);
    }
}

/// The friend: not come yet, here, or gone (and when the win may be claimed).
fn friend_line(ui: &mut egui::Ui, p: &mut GameUi, room: &RoomView, friend: Side, now: f64) {
    let names = p.names();
    let side = names.title(&p.i18n, friend);
    let status = |id: &'static str| p.i18n.msg(&Msg::new(id).text("side", side.clone()));
    // A friend came with the invite; an opponent from the lobby is a stranger.
    let stranger = p.online.from_lobby;
    let who =
        |friend: &'static str, opponent: &'static str| if stranger { opponent } else { friend };
    match room.seat(friend) {
        SeatStatus::Empty => {
            ui.colored_label(GOLD, status("online-friend-awaited"));
            theme::note(ui, p.tr("online-friend-awaited-note"));
        }
        SeatStatus::Connected => {
            ui.colored_label(
                GREEN,
                status(who("online-friend-here", "online-opponent-here")),
            );
        }
        SeatStatus::Stalled => {
            ui.colored_label(GOLD, status("online-opponent-stalled"));
            if room.result.is_none() {
                ui.horizontal_wrapped(|ui| {
                    if ui.button(p.tr("online-claim-win")).clicked() {
                        p.online_commands.write(OnlineCommand::ClaimWin);
                    }
                    ui.label(egui::RichText::new(p.tr("online-keep-waiting")).color(MUTED));
                });
            }
        }
        SeatStatus::Gone { .. } => {
            ui.colored_label(
                RED,
                status(who("online-friend-gone", "online-opponent-gone")),
            );
            if room.result.is_some() {
                return;
            }
            match room.claim_in_ms(friend, now) {
                Some(0) => {
                    ui.horizontal_wrapped(|ui| {
                        if ui.button(p.tr("online-claim-win")).clicked() {
                            p.online_commands.write(OnlineCommand::ClaimWin);
                        }
                        ui.label(egui::RichText::new(p.tr("online-keep-waiting")).color(MUTED));
                    });
                }
                Some(ms) => {
                    let seconds = ms.div_ceil(1000) as u32;
                    theme::note(
                        ui,
                        p.i18n
                            .msg(&Msg::new("online-claim-in").num("seconds", seconds)),
                    );
                }
                None => {}
            }
        }
    }
}

/// Who plays each side, with the ratings (rated games) or "casual"; once
/// a rated game has ended, each rating's change.
fn players(ui: &mut egui::Ui, p: &mut GameUi, room: &RoomView) {
    let names = p.names();
    // The room's seats keep the sides their players took at the start; a
    // two-round match's players play the other role in round two.
    for side in [Side::Hunters, Side::Crowd] {
        let role = p.the_match.game().player_side(side);
        let player = room.players.get(side);
        // Once rated: the name and the change, in place of the old rating.
        let who = match room.ratings {
            Some(ratings) => format!(
                "{} {}",
                player.map_or("", |p| p.name.as_str()),
                rating_change_text(ratings.get(side))
            ),
            None => player_text(&p.i18n, player),
        };
        let line = format!("{}: {who}", names.title(&p.i18n, role));
        let text = egui::RichText::new(line);
        ui.label(if p.online.you == Some(side) {
            text.strong()
        } else {
            text
        });
    }
    let kind = match (room.rated, room.result, room.ratings) {
        (false, _, _) => "online-casual-game",
        // Aborted, or over before both sides moved.
        (true, Some(_), None) => "online-rated-no-change",
        (true, _, _) => "online-rated-game",
    };
    ui.label(egui::RichText::new(p.tr(kind)).color(MUTED).size(12.0));
}

/// Each side's time; the running clock in gold. A row per side: the
/// side's name at its full width (never broken inside a word, which a grid
/// column sized on the first frame did), the time at the right edge.
fn clocks(ui: &mut egui::Ui, p: &mut GameUi, room: &RoomView, now: f64) {
    if room.clock.is_none() {
        return;
    }
    let names = p.names();
    for side in [Side::Hunters, Side::Crowd] {
        let Some(ms) = room.time_left_ms(side, now) else {
            continue;
        };
        let running =
            room.clock_running() && room.clocks.is_some_and(|(c, _)| c.running == Some(side));
        let text = egui::RichText::new(clock_text(ms)).monospace().size(18.0);
        let time = if running {
            text.color(GOLD).strong()
        } else if ms == 0 {
            text.color(RED)
        } else {
            text
        };
        ui.horizontal(|ui| {
            ui.add(
                egui::Label::new(names.title(&p.i18n, p.the_match.game().player_side(side)))
                    .wrap_mode(egui::TextWrapMode::Extend),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(time).wrap_mode(egui::TextWrapMode::Extend));
            });
        });
    }
}

/// A clock's time: `h:mm:ss`, `m:ss`, or seconds and tenths under ten seconds.
pub(super) fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, ms % 1000 / 100);
    }
    let seconds = ms / 1000;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A draw offered: the friend's (accept or decline) or one's own (waiting).
fn draw_offer(ui: &mut egui::Ui, p: &mut GameUi, room: &RoomView) {
    let Some(by) = room.draw_offer else { return };
    // A spectator has nothing to answer.
    if room.result.is_some() || p.online.you.is_none() {
        return;
    }
    if Some(by) == p.online.you {
        theme::note(ui, p.tr("online-draw-waiting"));
        return;
    }
    ui.colored_label(GOLD, p.tr("online-draw-offered"));
    ui.horizontal(|ui| {
        if ui.button(p.tr("online-draw-accept")).clicked() {
            p.online_commands.write(OnlineCommand::AcceptDraw);
        }
        if ui.button(p.tr("online-draw-decline")).clicked() {
            p.online_commands.write(OnlineCommand::DeclineDraw);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clocks_read_as_minutes_and_seconds() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(61_999), "1:01");
        assert_eq!(clock_text(9_450), "9.4");
        assert_eq!(clock_text(0), "0.0");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }
}
