//! The lobby: open seeks (a game wanted, with the seeker's side and
//! clock), the connections that follow the list, and the pairing of a
//! seek with whoever takes it.
//!
//! The lobby also lists the games being played (both seats taken, not
//! over), which each room's task keeps up to date ([`Lobby::set_live`]).
//!
//! A seek belongs to a connection (one at most each) and goes with it. A
//! seek taken leaves the list at once, so two takers never get one seek;
//! the taker's connection then opens the room with the seeker seated
//! (through the seeker's outbox) and hands the room to the seeker's
//! connection (`placed`), and joins it itself.
//!
//! With several nodes, each lists the others' seeks and games too (as
//! they publish them over the relay, see `relay`): a seek of another
//! node is taken there, and the taker joins the room it opened.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::{Notify, mpsc};

use super::outbox::Outbox;
use super::room::ConnId;
use super::room_handle::RoomHandle;
use super::store::SeatPlayer;
use crate::online::protocol::{ClockSpec, Event, GameSetup, LiveGame, SeekInfo};

/// The most seeks open at once on a server (a flood is refused).
pub(crate) const MAX_SEEKS: usize = 1000;

/// An open seek and how to reach its connection.
pub(crate) struct Seek {
    pub(crate) info: SeekInfo,
    /// The seeker's player, if it said hello.
    pub(crate) player: Option<SeatPlayer>,
    pub(crate) conn: ConnId,
    pub(crate) outbox: Outbox,
    /// Tells the seeker's connection the room it now plays in.
    pub(crate) placed: mpsc::UnboundedSender<RoomHandle>,
}

impl Seek {
    /// True when this seek wants `setup` with `clock`.
    fn wants(&self, setup: &GameSetup, clock: Option<ClockSpec>) -> bool {
        self.info.setup == *setup && self.info.clock == clock
    }

    /// True when both seeks are one player's (from two connections): a
    /// player never meets itself.
    fn same_player(&self, other: &Seek) -> bool {
        matches!((&self.player, &other.player), (Some(a), Some(b)) if a.id == b.id)
    }
}

#[derive(Default)]
struct Inner {
    seeks: Vec<Seek>,
    next: u64,
    /// Connections that follow the list.
    followers: HashMap<ConnId, Outbox>,
    /// The games being played, by code, in the order they began.
    live: Vec<LiveGame>,
    /// The other nodes' seeks and games, by node.
    others: HashMap<String, (Vec<SeekInfo>, Vec<LiveGame>)>,
}

/// The lobby of a server.
pub(crate) struct Lobby {
    inner: Mutex<Inner>,
    /// Woken on every change of this node's own seeks or games (the
    /// relay publishes them to the other nodes).
    pub(crate) changed: Notify,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby::new(0)
    }
}

/// What a seek came to: another taken (to play now), or posted.
pub(crate) enum Met {
    Taken(Box<Seek>),
    Posted(u64),
}

/// Why a seek was not posted.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum PostRefused {
    AlreadySeeking,
    Full,
}

impl Lobby {
    /// A lobby whose seek numbers follow `first`.
    pub(crate) fn new(first: u64) -> Lobby {
        Lobby {
            inner: Mutex::new(Inner {
                next: first,
                ..Inner::default()
            }),
            changed: Notify::new(),
        }
    }

    /// Meets a seek already open that `seek` matches (the same game and
    /// clock, another connection's; with `only_anyone`, one posted by
    /// "play anyone"), taking it off the list; else posts `seek` (its
    /// number is given here). One step under the lobby's lock, so two
    /// players who want the same game at the same moment always meet.
    pub(crate) fn meet_or_post(
        &self,
        mut seek: Seek,
        only_anyone: bool,
    ) -> Result<Met, PostRefused> {
        let mut inner = self.lock();
        let met = inner.seeks.iter().position(|s| {
            s.conn != seek.conn
                && !s.same_player(&seek)
                && s.wants(&seek.info.setup, seek.info.clock)
                && (s.info.anyone || !only_anyone)
        });
        if let Some(at) = met {
            let waiting = inner.seeks.remove(at);
            self.tell(&inner);
            return Ok(Met::Taken(Box::new(waiting)));
        }
        if inner.seeks.iter().any(|s| s.conn == seek.conn) {
            return Err(PostRefused::AlreadySeeking);
        }
        if inner.seeks.len() >= MAX_SEEKS {
            return Err(PostRefused::Full);
        }
        inner.next += 1;
        seek.info.seek = inner.next;
        let number = seek.info.seek;
        inner.seeks.push(seek);
        self.tell(&inner);
        Ok(Met::Posted(number))
    }

    /// Takes seek number `seek` off the list, unless it is `taker`'s own
    /// (its connection's, or its player's, `player`).
    pub(crate) fn take(&self, seek: u64, taker: ConnId, player: Option<i64>) -> Option<Seek> {
        let mut inner = self.lock();
        let at = inner.seeks.iter().position(|s| {
            let own_player = s.player.as_ref().is_some_and(|p| Some(p.id) == player);
            s.info.seek == seek && s.conn != taker && !own_player
        })?;
        let seek = inner.seeks.remove(at);
        self.tell(&inner);
        Some(seek)
    }

    /// Withdraws `conn`'s seek; true when it had one.
    pub(crate) fn cancel(&self, conn: ConnId) -> bool {
        let mut inner = self.lock();
        let before = inner.seeks.len();
        inner.seeks.retain(|s| s.conn != conn);
        let had = inner.seeks.len() != before;
        if had {
            self.tell(&inner);
        }
        had
    }

    /// `conn` follows the list: it gets it now and on every change.
    pub(crate) fn follow(&self, conn: ConnId, outbox: Outbox) {
        let mut inner = self.lock();
        outbox.send(&Self::listing(&inner));
        inner.followers.insert(conn, outbox);
    }

    /// A connection that ends: its seek and its following go.
    pub(crate) fn gone(&self, conn: ConnId) {
        self.cancel(conn);
        self.lock().followers.remove(&conn);
    }

    /// Room `code`'s game is being played (`Some`) or not; the followers
    /// hear of a change.
    pub(crate) fn set_live(&self, code: &str, game: Option<LiveGame>) {
        let mut inner = self.lock();
        let at = inner.live.iter().position(|g| g.code == code);
        match (at, game) {
            (Some(i), Some(game)) if inner.live[i] == game => return,
            (Some(i), Some(game)) => inner.live[i] = game,
            (None, Some(game)) => inner.live.push(game),
            (Some(i), None) => {
                inner.live.remove(i);
            }
            (None, None) => return,
        }
        self.tell(&inner);
    }

    /// The lobby as the `lobby` event and `GET /api/lobby` give it.
    /// This node's open seeks and games being played, for `/metrics`.
    pub(crate) fn local_counts(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.seeks.len(), inner.live.len())
    }

    pub(crate) fn listing_now(&self) -> Event {
        Self::listing(&self.lock())
    }

    fn listing(inner: &Inner) -> Event {
        let mut seeks: Vec<SeekInfo> = inner.seeks.iter().map(|s| s.info.clone()).collect();
        let mut games = inner.live.clone();
        for (other_seeks, other_games) in inner.others.values() {
            seeks.extend(other_seeks.iter().cloned());
            games.extend(other_games.iter().cloned());
        }
        Event::Lobby { seeks, games }
    }

    /// This node's own seeks and games, as the other nodes list them.
    pub(crate) fn own(&self) -> (Vec<SeekInfo>, Vec<LiveGame>) {
        let inner = self.lock();
        let seeks = inner.seeks.iter().map(|s| s.info.clone()).collect();
        (seeks, inner.live.clone())
    }

    /// Node `node`'s seeks and games now (none: it has gone).
    pub(crate) fn set_others(&self, node: &str, listed: Option<(Vec<SeekInfo>, Vec<LiveGame>)>) {
        let mut inner = self.lock();
        match listed {
            Some(listed) => {
                inner.others.insert(node.to_string(), listed);
            }
            None if inner.others.remove(node).is_none() => return,
            None => {}
        }
        Self::tell_followers(&inner);
    }

    /// The node of another node's seek `seek`, if one lists it.
    pub(crate) fn node_of_seek(&self, seek: u64) -> Option<String> {
        let inner = self.lock();
        inner
            .others
            .iter()
            .find(|(_, (seeks, _))| seeks.iter().any(|s| s.seek == seek))
            .map(|(node, _)| node.clone())
    }

    /// Another node's oldest seek that a seek of `setup` and `clock` by
    /// `player` (a name) meets, as [`Lobby::meet_or_post`] would: its node
    /// and number.
    pub(crate) fn other_match(
        &self,
        setup: &GameSetup,
        clock: Option<ClockSpec>,
        only_anyone: bool,
        player: Option<&str>,
    ) -> Option<(String, u64)> {
        let inner = self.lock();
        inner.others.iter().find_map(|(node, (seeks, _))| {
            seeks
                .iter()
                .find(|s| {
                    s.setup == *setup
                        && s.clock == clock
                        && (s.anyone || !only_anyone)
                        && (player.is_none()
                            || s.player.as_ref().map(|p| p.name.as_str()) != player)
                })
                .map(|s| (node.clone(), s.seek))
        })
    }

    /// A change of this node's own list: its followers and the other nodes hear of it.
    fn tell(&self, inner: &Inner) {
        Self::tell_followers(inner);
        self.changed.notify_one();
    }

    /// Sends the list to every follower.
    fn tell_followers(inner: &Inner) {
        if inner.followers.is_empty() {
            return;
        }
        let listing = Self::listing(inner);
        for outbox in inner.followers.values() {
            outbox.send(&listing);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tokio::sync::{Notify, mpsc};

    use super::*;
    use crate::rules::{GameId, Variant};

    fn seek(conn: ConnId, game: GameId, anyone: bool) -> Seek {
        let (frames, _) = mpsc::channel(4);
        let (placed, _) = mpsc::unbounded_channel();
        Seek {
            info: SeekInfo {
                seek: 0,
                setup: GameSetup::of(&Variant::new(game)),
                side: None,
                clock: None,
                anyone,
                player: None,
            },
            player: None,
            conn,
            outbox: Outbox {
                frames,
                kick: Arc::new(Notify::new()),
                client: None,
            },
            placed,
        }
    }

    /// One seek a connection, a thousand on a server; a seek meets
    /// another connection's for the same game (a new seek only one waiting
    /// to play anyone), never its own.
    #[test]
    fn seeks_are_bounded_and_meet_their_match() {
        let lobby = Lobby::default();
        let posted = |r: Result<Met, PostRefused>| matches!(r, Ok(Met::Posted(_)));
        assert!(posted(
            lobby.meet_or_post(seek(1, GameId::named("pirates"), false), true)
        ));
        assert_eq!(
            lobby
                .meet_or_post(seek(1, GameId::named("asalto"), false), true)
                .err(),
            Some(PostRefused::AlreadySeeking)
        );
        // A new seek does not meet another seek; "anyone" does.
        assert!(posted(
            lobby.meet_or_post(seek(2, GameId::named("pirates"), false), true)
        ));
        match lobby.meet_or_post(seek(3, GameId::named("pirates"), true), false) {
            Ok(Met::Taken(waiting)) => assert_eq!(waiting.conn, 1),
            _ => panic!("anyone takes the oldest seek of the game"),
        }
        let open = |lobby: &Lobby| match lobby.listing_now() {
            Event::Lobby { seeks, .. } => seeks.len(),
            _ => unreachable!("the lobby's listing"),
        };
        assert_eq!(open(&lobby), 1);
        for conn in 10..10 + MAX_SEEKS as u64 - 1 {
            assert!(posted(lobby.meet_or_post(
                seek(conn, GameId::named("fox-geese"), false),
                true
            )));
        }
        assert_eq!(
            lobby
                .meet_or_post(seek(5000, GameId::named("bagh-chal"), false), true)
                .err(),
            Some(PostRefused::Full)
        );
        lobby.gone(2);
        assert!(posted(lobby.meet_or_post(
            seek(5000, GameId::named("bagh-chal"), false),
            true
        )));
        assert!(lobby.take(1, 5000, None).is_none(), "a seek taken is gone");
    }
}
