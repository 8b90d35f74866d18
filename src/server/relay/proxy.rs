//! A proxy's task: a room another node owns, as this node's connections
//! reach it. It sends their entries, commands and departures to the owner
//! and hands them the frames the owner sends back ([`FromOwner`]).

use std::collections::HashMap;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Duration, Instant, sleep_until};

use super::{ENTRY_WAIT, Message, Relay};
use crate::online::protocol::{ErrorKind, Event, parse_event};
use crate::server::log;
use crate::server::outbox::{Outbound, Outbox};
use crate::server::refusal::storage_error;
use crate::server::room::ConnId;
use crate::server::room_handle::{FromOwner, RoomHandle, RoomInput};

/// A proxy's entries waiting for the owner's answer: the answer's way
/// back to the connection, and until when it waits.
type Waiting = HashMap<ConnId, (oneshot::Sender<Result<(), Event>>, Instant)>;

/// A proxy's task: room `code`'s connections on this node, whose room
/// runs on node `owner`. It ends when its last connection has gone, and
/// `unlist` takes it off the hub's rooms (the hub is above the relay).
pub(crate) async fn run(
    relay: &Relay,
    code: String,
    owner: String,
    handle: RoomHandle,
    mut rx: mpsc::Receiver<RoomInput>,
    unlist: impl FnOnce(&RoomHandle),
) {
    log::line(format_args!(
        "room {code}: served by node {}: relayed",
        log::quoted(&owner)
    ));
    let mut conns: HashMap<ConnId, Outbox> = HashMap::new();
    let mut waiting: Waiting = HashMap::new();
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    // Its first entry is queued as it starts; it ends once nobody is left.
    let mut started = false;
    loop {
        if started && conns.is_empty() {
            break;
        }
        started = true;
        let next_wait = waiting.values().map(|(_, until)| *until).min();
        let input = tokio::select! {
            input = rx.recv() => input,
            () = sleep_until(next_wait.unwrap_or(far)), if next_wait.is_some() => {
                let now = Instant::now();
                let late: Vec<ConnId> = waiting
                    .iter()
                    .filter(|(_, (_, until))| *until <= now)
                    .map(|(conn, _)| *conn)
                    .collect();
                for conn in late {
                    let message = format!(
                        "the node serving room {code} did not answer: try again"
                    );
                    refuse(&mut conns, &mut waiting, conn, storage_error(&message));
                    left(relay, &owner, &code, conn).await;
                }
                continue;
            }
        };
        let Some(input) = input else {
            break;
        };
        match input {
            RoomInput::Enter {
                conn,
                entry,
                outbox,
                reply,
            } => {
                conns.insert(conn, outbox);
                waiting.insert(conn, (reply, Instant::now() + ENTRY_WAIT));
                let code = code.clone();
                relay
                    .send(&owner, Message::Enter { code, conn, entry })
                    .await;
            }
            RoomInput::Command { conn, command } if conns.contains_key(&conn) => {
                let code = code.clone();
                relay
                    .send(
                        &owner,
                        Message::Command {
                            code,
                            conn,
                            command,
                        },
                    )
                    .await;
            }
            RoomInput::Command { .. } => {}
            RoomInput::Leave { conn } => {
                conns.remove(&conn);
                waiting.remove(&conn);
                left(relay, &owner, &code, conn).await;
            }
            RoomInput::FromOwner(FromOwner::Entered { conn, refusal }) => {
                let Some((reply, _)) = waiting.remove(&conn) else {
                    // Gone (or given up on) before its answer: the owner,
                    // which may have seated it meanwhile, lets it go.
                    if refusal.is_none() {
                        left(relay, &owner, &code, conn).await;
                    }
                    continue;
                };
                match refusal {
                    None => drop(reply.send(Ok(()))),
                    Some(frame) => {
                        let refusal = parse_event(&frame)
                            .unwrap_or_else(|e| storage_error(&format!("the owner's answer: {e}")));
                        let storage = matches!(
                            refusal,
                            Event::Error {
                                error: ErrorKind::Storage,
                                ..
                            }
                        );
                        let outbox = conns.remove(&conn);
                        let _ = reply.send(Err(refusal));
                        // The room is moving between nodes: the client
                        // tries again (and may find it here next time).
                        if storage && let Some(outbox) = outbox {
                            outbox.kick.notify_one();
                        }
                    }
                }
            }
            RoomInput::FromOwner(FromOwner::Frame { conn, frame }) => {
                let Some(outbox) = conns.get(&conn) else {
                    continue;
                };
                let sent = outbox
                    .frames
                    .try_send(Outbound::Frame(Utf8Bytes::from(frame)))
                    .is_ok();
                if !sent {
                    log::line(format_args!(
                        "room {code}: conn {conn} dropped: too far behind"
                    ));
                    close(&mut conns, conn, None);
                    left(relay, &owner, &code, conn).await;
                }
            }
            RoomInput::FromOwner(FromOwner::Close { conn, close: frame }) => {
                waiting.remove(&conn);
                close(&mut conns, conn, frame);
            }
            RoomInput::FromOwner(FromOwner::Gone) => {
                // No error to show: the players' clients reconnect by
                // themselves and resume (this node takes the room), and
                // entries dropped unanswered look the room up again.
                log::line(format_args!(
                    "room {code}: node {} has gone: its {} connections here reconnect",
                    log::quoted(&owner),
                    conns.len()
                ));
                waiting.clear();
                for (_, outbox) in conns.drain() {
                    outbox.kick.notify_one();
                }
                break;
            }
            RoomInput::Unload | RoomInput::Expire => {}
        }
    }
    // Entries still queued are dropped with the channel: they look the
    // room up again.
    relay.unlist_proxy(&handle);
    unlist(&handle);
    log::line(format_args!("room {code}: no longer relayed here"));
}

/// Tells room `code`'s owner that this node's connection `conn` has gone.
async fn left(relay: &Relay, owner: &str, code: &str, conn: ConnId) {
    let code = code.to_string();
    relay.send(owner, Message::Leave { code, conn }).await;
}

/// Refuses (or, once seated, tells and closes) connection `conn`.
fn refuse(conns: &mut HashMap<ConnId, Outbox>, waiting: &mut Waiting, conn: ConnId, error: Event) {
    let outbox = conns.remove(&conn);
    match waiting.remove(&conn) {
        Some((reply, _)) => drop(reply.send(Err(error))),
        None => {
            if let Some(outbox) = &outbox {
                outbox.send(&error);
            }
        }
    }
    // The client reconnects and resumes (here or elsewhere).
    if let Some(outbox) = outbox {
        outbox.kick.notify_one();
    }
}

/// Lets connection `conn` go: the close frame the room asked for, or a
/// kick (it reconnects and resumes).
fn close(conns: &mut HashMap<ConnId, Outbox>, conn: ConnId, frame: Option<(u16, String)>) {
    let Some(outbox) = conns.remove(&conn) else {
        return;
    };
    match frame {
        Some((code, reason)) => drop(outbox.frames.try_send(Outbound::Close(code, reason))),
        None => outbox.kick.notify_one(),
    }
}
