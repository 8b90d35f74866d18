//! A node's shutdown on SIGTERM (or Ctrl-C), so that a rolling restart
//! loses nothing and players barely wait:
//!
//! 1. the listener closes (new connections go to the other nodes);
//! 2. every room finishes the input it is on (a move is stored before it
//!    is acknowledged), lets its lease go (PostgreSQL: another node takes
//!    the room at its next entry, without waiting for the lease to run
//!    out) and leaves memory;
//! 3. every connection is told to move on (`move_on`, then a close with
//!    1012, "service restart"): clients reconnect to the next server of
//!    their list and resume there;
//! 4. the store's queue is written out, and the process exits, all within
//!    [`DRAIN_WITHIN`].

use std::sync::Arc;
use std::time::Duration;

use tokio::time::{Instant, sleep, timeout};

use super::hub::Hub;

/// The longest a shutdown takes, from the signal to the exit (a container
/// is given 10 s before SIGKILL by default).
pub(crate) const DRAIN_WITHIN: Duration = Duration::from_secs(8);

/// Resolves at SIGTERM or Ctrl-C (SIGINT).
pub(crate) async fn signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        // No signal handling: never resolve (the process ends as before).
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => tracing::info!("SIGTERM: shutting down"),
        _ = int.recv() => tracing::info!("SIGINT: shutting down"),
    }
}

/// Steps 2 to 4, the listener being closed.
pub(crate) async fn drain(hub: &Arc<Hub>) {
    let started = Instant::now();
    let deadline = started + DRAIN_WITHIN;
    let left = || deadline.saturating_duration_since(Instant::now());
    hub.hand_rooms_over(Duration::from_secs(1).min(left()))
        .await;
    let rooms_gone = wait_until(deadline, || hub.counts().0 == 0).await;
    hub.send_connections_on();
    let conns_gone = wait_until(deadline, || hub.counts().1 == 0).await;
    // Jobs are written in order: once this answers, all before it are in.
    let flushed = matches!(timeout(left(), hub.store().ping()).await, Ok(Ok(())));
    let (rooms, connections) = hub.counts();
    tracing::info!(
        rooms_gone,
        conns_gone,
        flushed,
        "drained in {:.0} ms ({rooms} rooms and {connections} connections left)",
        started.elapsed().as_secs_f64() * 1000.0
    );
}

/// Polls `done` until it holds or `deadline` passes; whether it held.
async fn wait_until(deadline: Instant, done: impl Fn() -> bool) -> bool {
    while !done() {
        if Instant::now() >= deadline {
            return false;
        }
        sleep(Duration::from_millis(10)).await;
    }
    true
}
