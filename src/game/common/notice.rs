//! Notices: problems and news for the player (a broken skin file, a save
//! moved aside, a copied position), shown as toasts over the board and
//! written to the log. Any module sends a [`Notice`] message; the UI shows
//! the recent ones in the current language.

use bevy::prelude::*;

use crate::game::common::redraw::NextFrame;

use crate::game::common::i18n::{I18n, Msg};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Notice>()
        .init_resource::<Notices>()
        .add_systems(Update, collect_notices.in_set(crate::game::GameSet::View));
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoticeKind {
    Info,
    Warning,
    Error,
}

/// Something to tell the player.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The translated part: what happened and what the game did about it.
    pub msg: Msg,
    /// Why, translated: a typed error's message (see `i18n::Localize`).
    pub reason: Option<Msg>,
    /// Technical detail shown as it is (a file name, a parser's
    /// "line 3, column 7: expected `)`").
    pub detail: Option<String>,
}

impl Notice {
    pub fn info(msg: impl Into<Msg>) -> Notice {
        Notice {
            kind: NoticeKind::Info,
            msg: msg.into(),
            reason: None,
            detail: None,
        }
    }
    pub fn warning(msg: impl Into<Msg>) -> Notice {
        Notice {
            kind: NoticeKind::Warning,
            ..Notice::info(msg)
        }
    }
    pub fn error(msg: impl Into<Msg>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            ..Notice::info(msg)
        }
    }
    pub fn with_reason(mut self, reason: Msg) -> Notice {
        self.reason = Some(reason);
        self
    }
    pub fn with_detail(mut self, detail: impl Into<String>) -> Notice {
        self.detail = Some(detail.into());
        self
    }
}

/// The notices on screen, newest last, with the time each arrived.
#[derive(Resource, Default, Debug)]
pub struct Notices {
    pub shown: Vec<(Notice, f64)>,
    /// Notices not yet written to the log: one that comes before the
    /// message files are loaded (a broken skin at start) waits for them,
    /// so the log has the sentence rather than its id.
    unlogged: Vec<(Notice, f64)>,
}

impl Notices {
    /// How long a notice stays: errors until dismissed.
    pub const SECONDS: f64 = 8.0;
    /// How long a notice waits for the message files before it is logged
    /// with its message id (they may never load).
    const LOG_WAIT: f64 = 5.0;
}

fn collect_notices(
    mut incoming: MessageReader<Notice>,
    mut notices: ResMut<Notices>,
    time: Res<Time<Real>>,
    i18n: Res<I18n>,
    mut next_frame: ResMut<NextFrame>,
) {
    let now = time.elapsed_secs_f64();
    for notice in incoming.read() {
        notices.shown.push((notice.clone(), now));
        notices.unlogged.push((notice.clone(), now));
    }
    notices.unlogged.retain(|(notice, at)| {
        if !i18n.is_ready() && now - at < Notices::LOG_WAIT {
            return true;
        }
        let mut text = i18n.msg(&notice.msg);
        if let Some(reason) = &notice.reason {
            text = format!("{text} {}", i18n.msg(reason));
        }
        let detail = notice.detail.as_deref().unwrap_or("");
        match notice.kind {
            NoticeKind::Error => error!("{text} {detail}"),
            NoticeKind::Warning => warn!("{text} {detail}"),
            NoticeKind::Info => info!("{text} {detail}"),
        }
        false
    });
    notices
        .shown
        .retain(|(n, at)| n.kind == NoticeKind::Error || now - at < Notices::SECONDS);
    // A frame when the next notice is due to go.
    for (notice, at) in &notices.shown {
        if notice.kind != NoticeKind::Error {
            next_frame.within_secs(at + Notices::SECONDS - now);
        }
    }
}
