//! The server's metrics, as Prometheus reads them at `GET /metrics`
//! (through `prometheus-client`): what is in memory now (gauges set as the
//! page is asked for), what has happened since start (counters), and how
//! long a move takes from its room to the room's connections (a
//! histogram). One set per process, like the log.

use std::sync::OnceLock;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Metric, Registry};

use crate::online::protocol::ErrorKind;

/// A label set of one label: `kind="bad_move"`.
type Kind = Vec<(&'static str, String)>;

pub(crate) struct Metrics {
    registry: Registry,
    /// Rooms held in memory.
    pub(crate) rooms_in_memory: Gauge,
    /// Games being played (the lobby's list).
    pub(crate) rooms_live: Gauge,
    /// Open WebSocket connections.
    pub(crate) connections: Gauge,
    /// Open seeks in the lobby.
    pub(crate) seeks: Gauge,
    /// Jobs waiting for the store's worker.
    pub(crate) store_queue: Gauge,
    pub(crate) connections_opened: Counter,
    pub(crate) moves_stored: Counter,
    pub(crate) leases_taken_over: Counter,
    pub(crate) database_errors: Counter,
    refused: Family<Kind, Counter>,
    /// Seconds from a move's command taken by its room (checked, stored)
    /// to its relay to the room's connections.
    pub(crate) move_relay_seconds: Histogram,
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("stronghold");
        let r = &mut registry;
        let rooms_in_memory = registered(
            r,
            "rooms_in_memory",
            "Rooms held in memory",
            Gauge::default(),
        );
        let rooms_live = registered(r, "rooms_live", "Games being played", Gauge::default());
        let connections = registered(
            r,
            "connections",
            "Open WebSocket connections",
            Gauge::default(),
        );
        let seeks = registered(r, "seeks", "Open seeks in the lobby", Gauge::default());
        let store_queue = registered(
            r,
            "store_queue_depth",
            "Jobs waiting for the store",
            Gauge::default(),
        );
        let connections_opened = registered(
            r,
            "connections_opened",
            "Connections opened",
            Counter::default(),
        );
        let moves_stored = registered(r, "moves_stored", "Moves stored", Counter::default());
        let leases_taken_over = registered(
            r,
            "leases_taken_over",
            "Room leases this node took over from another node",
            Counter::default(),
        );
        let database_errors = registered(
            r,
            "database_errors",
            "Store requests failed",
            Counter::default(),
        );
        let refused = registered(
            r,
            "inputs_refused",
            "Inputs refused, by kind",
            Family::default(),
        );
        let move_relay_seconds = registered(
            r,
            "move_relay_seconds",
            "Seconds from a move taken by its room (checked and stored) to its relay",
            // 0.5 ms to about 4 s.
            Histogram::new(exponential_buckets(0.0005, 2.0, 14)),
        );
        Metrics {
            registry,
            rooms_in_memory,
            rooms_live,
            connections,
            seeks,
            store_queue,
            connections_opened,
            moves_stored,
            leases_taken_over,
            database_errors,
            refused,
            move_relay_seconds,
        }
    }

    /// Counts an input refused with `kind`.
    pub(crate) fn refused(&self, kind: ErrorKind) {
        let name = serde_json::to_value(kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{kind:?}"));
        self.refused.get_or_create(&vec![("kind", name)]).inc();
    }

    /// The text `/metrics` answers with.
    pub(crate) fn render(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// Registers `metric` as `name` and gives it back: a handle to the same
/// counts as the registry's.
fn registered<M: Metric + Clone>(registry: &mut Registry, name: &str, help: &str, metric: M) -> M {
    registry.register(name, help, metric.clone());
    metric
}

/// The process's metrics.
pub(crate) fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_and_kinds_reach_the_text() {
        let metrics = Metrics::new();
        metrics.moves_stored.inc();
        metrics.refused(ErrorKind::IllegalMove);
        metrics.refused(ErrorKind::IllegalMove);
        metrics.move_relay_seconds.observe(0.002);
        let text = metrics.render();
        assert!(text.contains("stronghold_moves_stored_total 1"), "{text}");
        assert!(
            text.contains("stronghold_inputs_refused_total{kind=\"illegal_move\"} 2"),
            "{text}"
        );
        assert!(
            text.contains("stronghold_move_relay_seconds_count 1"),
            "{text}"
        );
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
