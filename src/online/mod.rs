//! Online play: the wire protocol between `stronghold-server` and its
//! clients ([`protocol`]), and a WebSocket client that runs natively and in
//! the browser ([`client`]). Plain Rust, no Bevy, behind the `online`
//! feature.
//!
//! # The protocol, version 1
//!
//! One JSON object per WebSocket **text** frame, both ways. Every object has
//! `"v": 1` and a `"kind"` in snake case; the rest are the kind's fields.
//! A client's frame is at most [`protocol::MAX_COMMAND_BYTES`] bytes; the
//! server answers anything it cannot read with an `error` event and a log
//! line, and drops nothing else.
//!
//! ```text
//! client -> server                          server -> client
//! {"v":1,"kind":"create","game":"pirates",  {"v":1,"kind":"seated","code":"k3m9qz2wfa",
//!  "options":["compulsory=off"],              "token":"…32 hex…","side":"crowd"}
//!  "side":"crowd","clock":{"initial_ms":    {"v":1,"kind":"state", …the whole room…}
//!  300000,"increment_ms":3000}}
//! {"v":1,"kind":"join","code":"k3m9qz2wfa"} seated + state (to both: presence)
//! {"v":1,"kind":"move","ply":0,"move":"c3-c4"}
//!                                           {"v":1,"kind":"moved","ply":0,"move":"c3-c4",
//!                                            "clocks":{…}}   (to every seat and spectator)
//! ```
//!
//! - **Rooms and seats.** `create` opens a room with a game (any built-in
//!   game, by its id; a game read from a file is refused: see
//!   [`protocol::GameSetup`]), its options (`KEY=VALUE`, as the game's
//!   file lists them), the creator's side and an optional clock; the
//!   answer is `seated` (the invite code, a secret seat token, the side)
//!   and `state`. `join CODE` takes the other seat; `watch CODE` looks
//!   on, read-only.
//! - **The server is authoritative.** `move` carries the ply it is meant
//!   for (0 for the first move) and the move in the rules' notation
//!   (`RULES.md`). The server checks it with the rules crate, stores it,
//!   and only then relays `moved` to everyone in the room (the mover
//!   included: that is its acknowledgement). A refused move gets `error`
//!   with a reason, and nothing changes.
//! - **Reconnecting.** `resume CODE TOKEN` on a new connection gets
//!   `state` again: every move, the clocks, whose turn, the offers. A
//!   client that sees a gap in `moved` plies sends `sync` for a `state`.
//! - **Clocks** (optional): each side's remaining milliseconds as the
//!   server sent them, and which one runs (the client counts it down
//!   locally). Each side's first move is free; the clock of the side to
//!   move runs from then on, with the increment added after each move. A
//!   flag fall ends the game (`ended`, reason `flag`).
//! - **Ends.** `resign`; `offer_draw`, then `accept_draw` or
//!   `decline_draw`; `claim_win` when the opponent has been gone longer
//!   than the room's grace (`presence` says when it may be claimed);
//!   after the end, `rematch` from both starts the next game in the room
//!   with the sides swapped (a new `state`). A side offers a draw at most
//!   once per move pair (`draw_too_soon`). A game whose side to move has
//!   not made its first move 30 s after its turn began (the clock's time,
//!   if shorter) ends `aborted`, for nobody.
//! - **The lobby.** `seek` posts a game wanted (the game, its options,
//!   the seeker's side or none, a clock) and answers `seeking` with its
//!   number; `lobby` asks for the open seeks (`lobby`) and for them again
//!   on every change; `take SEEK` plays one: the server opens a room with
//!   the seeker seated, and both get `seated` and `state` as after
//!   `create` and `join`. `anyone` takes the oldest seek of the same game
//!   and clock, or posts one (sides drawn) that the next such `anyone` or
//!   `seek` meets. `cancel_seek` withdraws it; a connection has one seek
//!   at most, and it goes with the connection. The `lobby` event also
//!   lists the games being played (both seats taken, not over), to watch.
//! - **Players.** `hello NAME KEY` (and `bot`), sent first on a
//!   connection, says who plays: the key is the player's secret (no
//!   password; 16 to 64 of `0-9 a-z A-Z _ -`), the name is unique on the
//!   server without regard to case (2 to 20 letters of any alphabet,
//!   digits, `_`, `-`). The answer is `welcome` with the player's ratings,
//!   or `bad_name`, `bad_key`, `name_taken`. A key seen before may take a
//!   new name. Without `hello` a connection plays anonymously, unrated.
//!   `my_games` answers `games`: the player's recent games, each with its
//!   moves, players, result and rating changes.
//! - **Ratings.** Glicko-2, one per player and pool, a pool being a game
//!   (any of them, its options aside) and a clock class (`pirates/blitz`,
//!   `adugo/untimed`; see [`protocol::rating_pool`]);
//!   provisional (`1500?`) while the deviation is above 110. Lobby games
//!   are rated, a friend's room only if `create` says `rated`; either way
//!   only between two different players who said hello, and never a game
//!   aborted or over before both sides moved
//!   ([`protocol::changes_ratings`]). `ended` carries each side's `old`
//!   and `new`; `state`, the lobby's seeks and games carry the players
//!   with their ratings.
//! - **Stalling.** Without a clock, a side to move that has not moved for
//!   the server's stall time (`--stall-secs`, 5 min by default) while
//!   connected is `presence … stalled`, and the other may `claim_win`
//!   (reason `stalled`).
//! - **Liveness.** Clients send `ping` every few seconds (`pong`
//!   answers); the server closes a connection silent for longer than its
//!   idle limit, and rate-limits each connection.
//!
//! The client's frames are [`protocol::Command`], the server's
//! [`protocol::Event`]; [`protocol::parse_command`] and
//! [`protocol::parse_event`] turn a frame into one of them or a typed
//! [`protocol::ProtocolError`].

pub mod client;
pub mod protocol;

pub use client::{Client, ClientEvent, ConnectionStatus, Identity, Opening, SendError, Session};
pub use protocol::{
    ClockSpec, Clocks, Command, EndReason, ErrorKind, Event, GameResult, GameSetup, ProtocolError,
    RoomState, SeatStatus,
};
