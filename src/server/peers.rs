//! Limits per client address: open connections, lookups of unknown codes
//! and new rooms. A connection's own limits ([`super::limit`]) end with
//! it; these hold across reconnects, so opening a new connection gets
//! round none of them.
//!
//! The address is the socket's peer, unless that peer is a configured
//! proxy (`--trusted-proxy`): then it is the last address in
//! `X-Forwarded-For` that is not a trusted proxy. A forwarded address
//! from anyone else is ignored (anyone can write the header).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use tokio::time::{Duration, Instant};

/// The window the per-address allowances of unknown codes and new rooms
/// are counted over: each is a bucket of N, earned back at N per window.
pub(crate) const WINDOW: Duration = Duration::from_secs(600);

/// Addresses followed at once before the idle ones are forgotten (an
/// address with nothing open and its allowances full again is gone).
const FOLLOWED: usize = 10_000;

/// The caps, from the command line (0: no cap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerCaps {
    /// Open connections per address.
    pub connections: u32,
    /// Unknown codes looked up per address per [`WINDOW`].
    pub unknown_codes: u32,
    /// Rooms opened per address per [`WINDOW`].
    pub new_rooms: u32,
    /// Peers whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for PeerCaps {
    fn default() -> PeerCaps {
        PeerCaps {
            connections: 100,
            unknown_codes: 30,
            new_rooms: 100,
            trusted_proxies: Vec::new(),
        }
    }
}

/// A bucket of `cap` tokens earned back at `cap` per [`WINDOW`].
#[derive(Clone, Copy, Debug)]
struct Allowance {
    tokens: f64,
    last: Instant,
}

impl Allowance {
    fn full(now: Instant, cap: u32) -> Allowance {
        Allowance {
            tokens: f64::from(cap),
            last: now,
        }
    }

    fn refill(&mut self, now: Instant, cap: u32) {
        let earned = now.saturating_duration_since(self.last).as_secs_f64() / WINDOW.as_secs_f64()
            * f64::from(cap);
        self.tokens = (self.tokens + earned).min(f64::from(cap));
        self.last = now;
    }

    /// Whether a token is left (`cap` 0: always).
    fn has(&mut self, now: Instant, cap: u32) -> bool {
        self.refill(now, cap);
        cap == 0 || self.tokens >= 1.0
    }

    /// Takes a token; false when none was left.
    fn take(&mut self, now: Instant, cap: u32) -> bool {
        if !self.has(now, cap) {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    fn is_full(&mut self, now: Instant, cap: u32) -> bool {
        self.refill(now, cap);
        self.tokens >= f64::from(cap)
    }
}

/// What one address has open and left.
struct Peer {
    connections: u32,
    unknown_codes: Allowance,
    new_rooms: Allowance,
}

/// Every address's counts.
pub(crate) struct Peers {
    caps: PeerCaps,
    peers: Mutex<HashMap<IpAddr, Peer>>,
}

/// An open connection's place in its address's count, given back when
/// dropped.
pub(crate) struct PeerSlot {
    peers: Arc<Peers>,
    pub(crate) client: IpAddr,
}

impl Drop for PeerSlot {
    fn drop(&mut self) {
        if let Ok(mut peers) = self.peers.peers.lock()
            && let Some(peer) = peers.get_mut(&self.client)
        {
            peer.connections = peer.connections.saturating_sub(1);
        }
    }
}

impl Peers {
    pub(crate) fn new(caps: PeerCaps) -> Peers {
        Peers {
            caps,
            peers: Mutex::new(HashMap::new()),
        }
    }

    /// The client a request is from: the peer, or the forwarded address
    /// when the peer is a trusted proxy.
    pub(crate) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let trusted = |ip: &IpAddr| self.caps.trusted_proxies.contains(ip);
        if !trusted(&peer) {
            return peer;
        }
        // Each proxy appends the address it got the request from: the
        // last one no trusted proxy wrote is the client's.
        let forwarded: Vec<IpAddr> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map_while(|item| item.trim().parse::<IpAddr>().ok())
            .collect();
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !trusted(ip))
            .unwrap_or(peer)
    }

    /// Runs `f` on `client`'s counts (new ones if it has none).
    fn with<T>(&self, client: IpAddr, f: impl FnOnce(&mut Peer, Instant) -> T) -> Option<T> {
        let now = Instant::now();
        let mut peers = self.peers.lock().ok()?;
        if peers.len() >= FOLLOWED && !peers.contains_key(&client) {
            let caps = &self.caps;
            peers.retain(|_, p| {
                p.connections > 0
                    || !p.unknown_codes.is_full(now, caps.unknown_codes)
                    || !p.new_rooms.is_full(now, caps.new_rooms)
            });
        }
        let peer = peers.entry(client).or_insert_with(|| Peer {
            connections: 0,
            unknown_codes: Allowance::full(now, self.caps.unknown_codes),
            new_rooms: Allowance::full(now, self.caps.new_rooms),
        });
        Some(f(peer, now))
    }

    /// A place for one more connection from `client`, or None at the cap.
    pub(crate) fn open(self: &Arc<Self>, client: IpAddr) -> Option<PeerSlot> {
        let cap = self.caps.connections;
        let opened = self.with(client, |peer, _| {
            if cap != 0 && peer.connections >= cap {
                return false;
            }
            peer.connections += 1;
            true
        })?;
        opened.then(|| PeerSlot {
            peers: Arc::clone(self),
            client,
        })
    }

    /// `client` may look up a code (it has not used up its unknown ones).
    pub(crate) fn may_look_up(&self, client: IpAddr) -> bool {
        let cap = self.caps.unknown_codes;
        self.with(client, |peer, now| peer.unknown_codes.has(now, cap))
            .unwrap_or(true)
    }

    /// Counts an unknown code `client` looked up; false once over its cap.
    pub(crate) fn unknown_code(&self, client: IpAddr) -> bool {
        let cap = self.caps.unknown_codes;
        self.with(client, |peer, now| peer.unknown_codes.take(now, cap))
            .unwrap_or(true)
    }

    /// `client` may open a room (it has not used up its new rooms).
    pub(crate) fn may_open_room(&self, client: IpAddr) -> bool {
        let cap = self.caps.new_rooms;
        self.with(client, |peer, now| peer.new_rooms.has(now, cap))
            .unwrap_or(true)
    }

    /// Counts a room `client` opens; false (not counted) at its cap.
    pub(crate) fn new_room(&self, client: IpAddr) -> bool {
        let cap = self.caps.new_rooms;
        self.with(client, |peer, now| peer.new_rooms.take(now, cap))
            .unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn a_forwarded_address_counts_only_from_a_trusted_proxy() {
        let peers = Peers::new(PeerCaps {
            trusted_proxies: vec![ip("10.0.0.1"), ip("10.0.0.2")],
            ..PeerCaps::default()
        });
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "6.6.6.6, 203.0.113.7, 10.0.0.2".parse().expect("a header"),
        );
        assert_eq!(peers.client(ip("10.0.0.1"), &headers), ip("203.0.113.7"));
        assert_eq!(peers.client(ip("192.0.2.9"), &headers), ip("192.0.2.9"));
        assert_eq!(
            peers.client(ip("10.0.0.1"), &HeaderMap::new()),
            ip("10.0.0.1")
        );
        headers.insert(
            "x-forwarded-for",
            "not an address".parse().expect("a header"),
        );
        assert_eq!(peers.client(ip("10.0.0.1"), &headers), ip("10.0.0.1"));
    }

    #[test]
    fn slots_are_capped_and_given_back() {
        let peers = Arc::new(Peers::new(PeerCaps {
            connections: 2,
            ..PeerCaps::default()
        }));
        let a = peers.open(ip("192.0.2.1")).expect("a first slot");
        let _b = peers.open(ip("192.0.2.1")).expect("a second slot");
        assert!(peers.open(ip("192.0.2.1")).is_none());
        assert!(peers.open(ip("192.0.2.2")).is_some());
        drop(a);
        assert!(peers.open(ip("192.0.2.1")).is_some());
    }
}
