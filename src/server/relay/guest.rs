//! A guest's seat at the owner: another node's connection seated in a
//! room here, its frames sent back to that node over the bus until the
//! room lets it go.

use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

use super::{Guest, Message};
use crate::server::hub::Hub;
use crate::server::logging;
use crate::server::outbox::{OUTBOX_FRAMES, Outbound, Outbox};
use crate::server::room::{ConnId, Entry};
use crate::server::room_handle::RoomInput;

/// Seats node `from`'s connection `conn` in room `code` here (the owner),
/// answers, then sends the connection its frames until the room lets it go.
pub(super) async fn seat_guest(
    hub: Arc<Hub>,
    from: String,
    code: String,
    conn: ConnId,
    entry: Entry,
) {
    let Some(relay) = hub.relay() else {
        return;
    };
    let local = hub.next_conn();
    let (frames, mut queue) = mpsc::channel(OUTBOX_FRAMES);
    let kick = Arc::new(Notify::new());
    let outbox = Outbox {
        frames,
        kick: Arc::clone(&kick),
        client: None,
    };
    let room = match hub.enter_here(&code, entry, local, outbox).await {
        Ok(room) => room,
        Err(refusal) => {
            let refusal = Some(refusal.to_frame());
            relay
                .send(
                    &from,
                    Message::Entered {
                        code,
                        conn,
                        refusal,
                    },
                )
                .await;
            return;
        }
    };
    let key = (from.clone(), conn);
    if let Ok(mut guests) = relay.guests.lock() {
        guests.insert(
            key.clone(),
            Guest {
                local,
                room: room.clone(),
            },
        );
    }
    tracing::info!(
        "room {code}: conn {local} is node {}'s conn {conn}",
        logging::quoted(&from)
    );
    relay
        .send(
            &from,
            Message::Entered {
                code: code.clone(),
                conn,
                refusal: None,
            },
        )
        .await;
    let mut close = None;
    loop {
        tokio::select! {
            out = queue.recv() => match out {
                Some(Outbound::Frame(frame)) => {
                    let frame = frame.as_str().to_string();
                    relay.send(&from, Message::Frame { code: code.clone(), conn, frame }).await;
                }
                Some(Outbound::Close(code, reason)) => {
                    close = Some((code, reason));
                    break;
                }
                // The room has let it go.
                None => break,
            },
            () = kick.notified() => break,
        }
    }
    // Still a guest (not left, nor its node gone): it leaves the room too.
    let still = relay.guests.lock().ok().and_then(|mut guests| {
        if guests.get(&key).is_some_and(|g| g.local == local) {
            guests.remove(&key)
        } else {
            None
        }
    });
    if let Some(guest) = still {
        guest.room.send(RoomInput::Leave { conn: local }).await;
        relay
            .send(&from, Message::Close { code, conn, close })
            .await;
    }
}
