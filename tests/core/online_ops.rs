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

/// Polls a bot for `more` moves past those seen, noting the longest gap
/// between two moves it saw; the moves seen.
fn play_on(bot: &mut Bot, more: usize, longest: &mut Duration) -> usize {
    let start = bot.moves_seen();
    let deadline = Instant::now() + online_support::PATIENCE;
    let (mut seen, mut last) = (start, Instant::now());
    while seen < start + more {
        assert!(
            Instant::now() < deadline,
            "the game stopped: {:?}",
            bot.seen
        );
        std::thread::sleep(Duration::from_millis(5));
        let now_seen = bot.moves_seen();
        if now_seen > seen {
            *longest = (*longest).max(last.elapsed());
            (seen, last) = (now_seen, Instant::now());
        }
    }
    seen
}

/// A rolling restart of both nodes of a pair on PostgreSQL, mid-game:
/// SIGTERM node A, which exits by itself within 10 s having handed its
/// room over; the game goes on on B; A starts again; then the same for B.
/// Both bots end with one move list, legal, and stored once.
#[test]
fn a_rolling_restart_of_both_nodes_loses_no_move() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let db = std::path::Path::new(&url);
    let logs = [dir.path().join("a.log"), dir.path().join("b.log")];
    let mut node_a = Server::start(db, 0, &logs[0], &["--node", "a"]);
    let mut node_b = Server::start(db, 0, &logs[1], &["--node", "b"]);
    let ports = [node_a.port, node_b.port];
    let on_a_first = format!("{},{}", node_a.url(), node_b.url());
    let on_b_first = format!("{},{}", node_b.url(), node_a.url());
    let (mut a, b, code) = online_support::bots_twelve_plies_in(&on_a_first, &on_b_first);
    let mut longest = Duration::ZERO;
    play_on(&mut a, 2, &mut longest);

    let (took, status) = node_a.terminate();
    assert!(status.success(), "{status:?}: {}", node_a.log_text());
    assert!(took < Duration::from_secs(10), "A took {took:?} to exit");
    let log = node_a.log_text();
    assert!(log.contains(&format!("room {code}: handed over")), "{log}");
    assert!(log.contains("drained in"), "{log}");
    play_on(&mut a, 4, &mut longest);
    let _node_a_again = Server::start(db, ports[0], &logs[0], &["--node", "a"]);

    let (took, status) = node_b.terminate();
    assert!(status.success(), "{status:?}: {}", node_b.log_text());
    assert!(took < Duration::from_secs(10), "B took {took:?} to exit");
    play_on(&mut a, 4, &mut longest);
    let _node_b = Server::start(db, ports[1], &logs[1], &["--node", "b"]);

    let moves = online_support::check_game(db, "pirates", a, b);
    assert!(moves.len() > 22, "{moves:?}");
    eprintln!("rolling restart: the longest wait between two moves was {longest:?}");
    for log in &logs {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        assert!(!text.contains("panicked"), "{text}");
    }
}

/// On SQLite, SIGTERM mid-game: the server exits by itself within 10 s
/// with every move it acknowledged stored, and the game goes on when it
/// is back on the same port.
#[test]
fn sigterm_on_sqlite_keeps_every_acknowledged_move() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.sqlite3");
    let log = dir.path().join("server.log");
    let mut server = Server::start(&db, 0, &log, &[]);
    let url = server.url();
    let (mut a, b, code) = online_support::bots_twelve_plies_in(&url, &url);
    let (took, status) = server.terminate();
    assert!(status.success(), "{status:?}: {}", server.log_text());
    assert!(took < Duration::from_secs(10), "{took:?}");
    let seen = a.moves_seen();
    let acknowledged: Vec<String> = moves_of(&a.seen);
    let stored = online_support::stored_moves(&db, &code, 1);
    assert!(
        seen >= 12 && stored.len() >= acknowledged.len(),
        "{stored:?}"
    );
    assert_eq!(stored[..acknowledged.len()], acknowledged[..]);
    let _again = Server::start(&db, server.port, &log, &[]);
    let moves = online_support::check_game(&db, "pirates", a, b);
    assert!(moves.len() > seen, "the game went on after the restart");
}

/// `--log-format json`: every line is one JSON object, with its level, its
/// message and the spans it was written in (the connection's number and
/// address); a refused input's client text stays one string field.
#[test]
fn json_log_lines_parse_and_carry_their_spans() {
    let (_dir, server) = Server::in_temp_dir(&["--log-format", "json", "--log", "info"]);
    let mut raw = online_support::Raw::connect(&server.url());
    raw.send(&stronghold::online::Command::Join {
        code: "zz\"}\n{\"forged\":1".into(),
    });
    raw.expect("an error", |e| {
        matches!(e, stronghold::online::protocol::Event::Error { .. }).then_some(())
    });
    let deadline = Instant::now() + Duration::from_secs(10);
    let refused = loop {
        let log = server.log_text();
        let lines: Vec<serde_json::Value> = log
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        if let Some(line) = lines
            .iter()
            .find(|l| l["message"].as_str().is_some_and(|m| m.contains("refused")))
        {
            break line.clone();
        }
        assert!(Instant::now() < deadline, "no refusal in {log}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(refused["level"], "WARN");
    assert_eq!(refused["spans"][0]["name"], "conn", "{refused}");
    assert!(refused["spans"][0]["peer"].as_str().is_some(), "{refused}");
    assert!(
        !server
            .log_text()
            .lines()
            .any(|l| l.starts_with("{\"forged\""))
    );
}
