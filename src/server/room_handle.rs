//! A room as the rest of the server reaches it: the inputs its task takes
//! ([`RoomInput`]) and the handle on its bounded inbox ([`RoomHandle`]).
//!
//! Connections, the lobby and the relay send to rooms; the hub starts the
//! rooms' tasks. The handle lives apart from all of them so that each
//! imports it and none imports another for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tokio::sync::{mpsc, oneshot};
use tokio::time::Duration;

use super::outbox::Outbox;
use super::room::{ConnId, Entry};
use crate::online::protocol::{Command, Event};

/// Inputs waiting for a room's task. A room takes its inputs one at a
/// time and waits for the store on each change, so a flood (or a slow
/// disk) fills this: its senders then wait, not the server's memory. Its
/// connections send at most 15 frames a second each (`limit`), so this
/// is seconds of a busy room's traffic.
pub(crate) const ROOM_INBOX: usize = 128;

/// How long a connection's command waits for room in a full inbox before
/// the connection is told the room is busy (and keeps reading).
pub(crate) const ROOM_WAIT: Duration = Duration::from_secs(2);

/// What a room's task takes in.
pub(crate) enum RoomInput {
    Enter {
        conn: ConnId,
        entry: Entry,
        outbox: Outbox,
        /// Ok once in (the room has sent its welcome), or the refusal.
        reply: oneshot::Sender<Result<(), Event>>,
    },
    Command {
        conn: ConnId,
        command: Command,
    },
    Leave {
        conn: ConnId,
    },
    /// The hub has more rooms in memory than its cap: leave memory if
    /// idle (nobody here, no clock running).
    Unload,
    /// The store has the room as abandoned: remove it, unless someone
    /// came in since this task began.
    Expire,
    /// The node is shutting down: the room lets its lease go and leaves
    /// memory (a proxy lets the owner know its connections left).
    Drain,
    /// For a proxy ([`super::relay`]): what the room's owner node says.
    FromOwner(FromOwner),
}

/// What the owner tells a proxy (through the proxy's inbox).
#[derive(Debug)]
pub(crate) enum FromOwner {
    Entered {
        conn: ConnId,
        refusal: Option<String>,
    },
    Frame {
        conn: ConnId,
        frame: String,
    },
    Close {
        conn: ConnId,
        close: Option<(u16, String)>,
    },
    /// The owner node's session has ended: close every connection.
    Gone,
}

/// Why an input did not reach its room.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum NotSent {
    /// The room's task has ended (unloaded): look it up again.
    Closed,
    /// Its inbox stayed full for the whole wait.
    Busy,
}

/// A room's channel.
#[derive(Clone)]
pub(crate) struct RoomHandle {
    pub(crate) code: String,
    /// Tells this task's entry from a later task's for the same room.
    task: u64,
    tx: mpsc::Sender<RoomInput>,
    /// Since when (wall ms) the room has been idle, nobody in it and no
    /// clock running, or 0 while it is not: the rooms to unload first.
    idle_since_ms: Arc<AtomicI64>,
    /// A proxy of a room another node owns ([`super::relay`]).
    proxy: bool,
}

impl RoomHandle {
    /// A handle for task number `task` of room `code` (busy until the
    /// task says it is idle), and the task's inbox.
    pub(crate) fn new(code: &str, task: u64) -> (RoomHandle, mpsc::Receiver<RoomInput>) {
        let (tx, rx) = mpsc::channel(ROOM_INBOX);
        let handle = RoomHandle {
            code: code.to_string(),
            task,
            tx,
            idle_since_ms: Arc::new(AtomicI64::new(0)),
            proxy: false,
        };
        (handle, rx)
    }

    /// As [`RoomHandle::new`], for a proxy of a room another node owns.
    pub(crate) fn new_proxy(code: &str, task: u64) -> (RoomHandle, mpsc::Receiver<RoomInput>) {
        let (handle, rx) = RoomHandle::new(code, task);
        (
            RoomHandle {
                proxy: true,
                ..handle
            },
            rx,
        )
    }

    /// The number of the task this handle reaches.
    pub(crate) fn task(&self) -> u64 {
        self.task
    }

    /// Whether this is a proxy of a room another node owns.
    pub(crate) fn is_proxy(&self) -> bool {
        self.proxy
    }

    /// Since when (wall ms) the room has been idle, or 0 while it is not.
    pub(crate) fn idle_since_ms(&self) -> i64 {
        self.idle_since_ms.load(Ordering::Relaxed)
    }

    /// The room's task says since when it has been idle (0: it is not).
    pub(crate) fn set_idle_since_ms(&self, ms: i64) {
        self.idle_since_ms.store(ms, Ordering::Relaxed);
    }

    /// Whether `other` is a handle of this very task.
    pub(crate) fn same_task(&self, other: &RoomHandle) -> bool {
        self.task == other.task
    }

    /// Sends an input, waiting while the room's inbox is full (the room
    /// never waits on a connection, so this ends); false when the room's
    /// task has ended.
    pub(crate) async fn send(&self, input: RoomInput) -> bool {
        self.tx.send(input).await.is_ok()
    }

    /// Sends an input, waiting at most `wait` for room in the inbox.
    pub(crate) async fn offer(&self, input: RoomInput, wait: Duration) -> Result<(), NotSent> {
        use mpsc::error::SendTimeoutError;
        match self.tx.send_timeout(input, wait).await {
            Ok(()) => Ok(()),
            Err(SendTimeoutError::Timeout(_)) => Err(NotSent::Busy),
            Err(SendTimeoutError::Closed(_)) => Err(NotSent::Closed),
        }
    }

    /// Sends an input only if the inbox has room now (for callers that
    /// must not wait, such as the hub under its lock).
    pub(crate) fn try_send(&self, input: RoomInput) -> bool {
        self.tx.try_send(input).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A room whose task is stalled takes [`ROOM_INBOX`] inputs; the next
    /// command waits its time, then is refused as busy, and a room whose
    /// task has ended says so.
    #[tokio::test]
    async fn a_full_room_inbox_makes_senders_wait_then_busy() {
        let (handle, rx) = RoomHandle::new("ABCD", 1);
        let ping = || RoomInput::Command {
            conn: 1,
            command: Command::Ping,
        };
        let wait = Duration::from_millis(50);
        for _ in 0..ROOM_INBOX {
            assert_eq!(handle.offer(ping(), wait).await, Ok(()));
        }
        let began = std::time::Instant::now();
        assert_eq!(handle.offer(ping(), wait).await, Err(NotSent::Busy));
        assert!(began.elapsed() >= wait);
        assert_eq!(rx.len(), ROOM_INBOX);
        drop(rx);
        assert_eq!(handle.offer(ping(), wait).await, Err(NotSent::Closed));
    }
}
