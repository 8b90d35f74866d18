//! A connection as a room reaches it: a bounded queue of frames to its
//! socket's writer, and a way to drop it.
//!
//! Rooms, the lobby, the relay and the connection itself all write to a
//! connection through its [`Outbox`], so it lives apart from each of them.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{Notify, mpsc};

use crate::online::protocol::Event;

/// Frames waiting for a connection; a connection this far behind is
/// dropped (it reconnects and gets the whole room).
pub(crate) const OUTBOX_FRAMES: usize = 256;

/// What a room sends a connection's writer.
#[derive(Debug)]
pub(crate) enum Outbound {
    Frame(Utf8Bytes),
    /// Close with this code and reason.
    Close(u16, String),
}

/// A connection as a room reaches it: its frames, and a way to drop it.
#[derive(Clone)]
pub(crate) struct Outbox {
    pub(crate) frames: mpsc::Sender<Outbound>,
    pub(crate) kick: Arc<Notify>,
    /// The client's address, which the log's refusals are counted by
    /// (None: another node's connection, counted there).
    pub(crate) client: Option<IpAddr>,
}

impl Outbox {
    /// Queues `event`; false when the connection is gone or too far behind.
    pub(crate) fn send(&self, event: &Event) -> bool {
        self.send_frame(Utf8Bytes::from(event.to_frame()))
    }

    /// Queues a frame already written (one event for many connections).
    pub(crate) fn send_frame(&self, frame: Utf8Bytes) -> bool {
        self.frames.try_send(Outbound::Frame(frame)).is_ok()
    }
}
