//! A seek taken off the lobby's list becomes a game: its room is opened
//! with the seeker seated and handed to the seeker's connection, and the
//! taker joins it. The taker may be a connection here or, through the
//! relay, on another node.

use std::sync::Arc;

use super::hub::{Hub, NewRoom};
use super::lobby::Seek;
use super::room_handle::{RoomHandle, RoomInput};
use super::secret;
use crate::online::protocol::Event;
use crate::rules::Side;

/// Opens the room of a seek taken off the list, with the seeker seated
/// (on its side, else `seeker_side`, else one drawn at random), and hands
/// the room to the seeker's connection; the taker then joins it (here, or
/// from another node through the relay).
pub(crate) async fn open_seeks_room(
    hub: &Arc<Hub>,
    seek: Seek,
    seeker_side: Option<Side>,
) -> Result<RoomHandle, Event> {
    let side = seek.info.side.or(seeker_side).unwrap_or_else(|| {
        let coin = secret::token().map_or(0, |t| t.as_bytes()[0]);
        if coin.is_multiple_of(2) {
            Side::Hunters
        } else {
            Side::Crowd
        }
    });
    // Lobby games are rated (when both players said hello).
    let room = NewRoom {
        setup: seek.info.setup.clone(),
        side,
        clock: seek.info.clock,
        player: seek.player.clone(),
        rated: true,
    };
    let room = hub
        .create(room, seek.conn, seek.outbox.clone())
        .await
        .inspect_err(|refusal| {
            seek.outbox.send(refusal);
        })?;
    if seek.placed.send(room.clone()).is_err() {
        // The seeker went meanwhile: its seat waits for it, empty.
        room.send(RoomInput::Leave { conn: seek.conn }).await;
    }
    Ok(room)
}
