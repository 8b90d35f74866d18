//! The server as its operators run it (issue 55): `/metrics` in
//! Prometheus text whose counters move with the play, `/ready` that
//! follows the database while `/health` follows the process, the flags'
//! environment variables, and a drain on SIGTERM that loses nothing.

use crate::online_support;
use crate::pg_cluster::PgCluster;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use online_support::{Bot, Server, http_get, moves_of};

/// `/metrics` read as Prometheus reads it: every sample line is
/// `name{labels} value` with a number, every metric has its `# TYPE`, and
/// the page ends with `# EOF` (OpenMetrics). The samples by name and labels.
fn metrics(port: u16) -> HashMap<String, f64> {
    let answer = http_get(port, "/metrics");
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("application/openmetrics-text"), "{head}");
    assert!(body.ends_with("# EOF\n"), "{body}");
    let mut typed = Vec::new();
    let mut samples = HashMap::new();
    for line in body.lines().filter(|l| *l != "# EOF") {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').expect("a name and a type");
            assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
            typed.push(name.to_string());
            continue;
        }
        if line.starts_with("# HELP ") || line.starts_with("# UNIT ") {
            continue;
        }
        let (series, value) = line.rsplit_once(' ').expect("a series and a value");
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("a number: {line}"));
        let name = series.split('{').next().unwrap_or(series);
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && typed.iter().any(|t| name.starts_with(t.as_str())),
            "a sample of a typed metric: {line}"
        );
        samples.insert(series.to_string(), value);
    }
    samples
}

fn sample(samples: &HashMap<String, f64>, series: &str) -> f64 {
    *samples
        .get(series)
        .unwrap_or_else(|| panic!("no {series} in {samples:?}"))
}

/// Two bots play a game: the moves stored, the connections and the relay
/// histogram count move by the game's own figures, and the gauges say
/// what is open.
#[test]
fn metrics_parse_and_move_with_a_bot_game() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let before = metrics(server.port);
    assert_eq!(sample(&before, "stronghold_moves_stored_total"), 0.0);
    assert_eq!(sample(&before, "stronghold_connections"), 0.0);
    let url = server.url();
    let bot = |seek: &str| {
        Bot::start(
            &url,
            &[
                "--anyone",
                "fox-geese",
                "--level",
                "beginner",
                "--pace-ms",
                "5",
                "--name",
                seek,
            ],
        )
    };
    let mut a = bot("ops_a");
    let b = bot("ops_b");
    a.wait_for("move 4");
    let during = metrics(server.port);
    assert_eq!(sample(&during, "stronghold_connections"), 2.0);
    assert_eq!(sample(&during, "stronghold_rooms_live"), 1.0);
    assert!(sample(&during, "stronghold_rooms_in_memory") >= 1.0);
    let (a_status, a_lines) = a.finish();
    let (b_status, _) = b.finish();
    assert!(a_status.success() && b_status.success(), "{a_lines:?}");
    let moves = moves_of(&a_lines).len() as f64;
    let after = metrics(server.port);
    assert_eq!(sample(&after, "stronghold_moves_stored_total"), moves);
    assert_eq!(sample(&after, "stronghold_move_relay_seconds_count"), moves);
    assert!(sample(&after, "stronghold_move_relay_seconds_sum") > 0.0);
    assert!(sample(&after, "stronghold_connections_opened_total") >= 2.0);
    assert_eq!(sample(&after, "stronghold_database_errors_total"), 0.0);
    assert_eq!(sample(&after, "stronghold_store_queue_depth"), 0.0);
}

/// An illegal input is counted by its kind.
#[test]
fn refused_inputs_are_counted_by_kind() {
    let (_dir, server) = Server::in_temp_dir(&[]);
    let mut raw = online_support::Raw::connect(&server.url());
    raw.send_text("not a command");
    raw.send(&stronghold::online::Command::Join {
        code: "zzzzzzzzzz".into(),
    });
    for _ in 0..2 {
        raw.expect("an error", |e| {
            matches!(e, stronghold::online::protocol::Event::Error { .. }).then_some(())
        });
    }
    let samples = metrics(server.port);
    assert_eq!(
        sample(
            &samples,
            "stronghold_inputs_refused_total{kind=\"unknown_room\"}"
        ),
        1.0
    );
    let bad: f64 = samples
        .iter()
        .filter(|(k, _)| k.starts_with("stronghold_inputs_refused_total{"))
        .map(|(_, v)| v)
        .sum();
    assert_eq!(bad, 2.0, "{samples:?}");
}

/// Waits (bounded) until `path` answers with `status`; the answer.
fn wait_for_status(port: u16, path: &str, status: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = http_get(port, path);
        if answer.starts_with(&format!("HTTP/1.1 {status}")) {
            return answer;
        }
        assert!(Instant::now() < deadline, "{path} never {status}: {answer}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// On PostgreSQL, `/ready` fails while the database is stopped and comes
/// back with it; `/health` answers all along. The server's flags come from
/// its environment (`STRONGHOLD_DB`).
#[test]
fn ready_follows_the_database_and_health_the_process() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = Server::start_with_env(
        &dir.path().join("server.log"),
        &[("STRONGHOLD_DB", &cluster.url())],
    );
    wait_for_status(server.port, "/ready", "200");
    cluster.stop();
    let answer = wait_for_status(server.port, "/ready", "503");
    assert!(answer.contains("not ready"), "{answer}");
    assert!(http_get(server.port, "/health").starts_with("HTTP/1.1 200"));
    cluster.start_again();
    wait_for_status(server.port, "/ready", "200");
    let samples = metrics(server.port);
    assert!(sample(&samples, "stronghold_database_errors_total") >= 1.0);
}
