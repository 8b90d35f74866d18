//! The server's PostgreSQL store on a cluster of the test's own
//! (`pg_cluster`): the server migrates the schema itself, once, even when
//! two servers start at once; a room's lease fences a node that lost it,
//! so its late write is refused and nothing of it is stored; and two
//! servers on one database hand a room over when its owner's lease runs
//! out, the old owner closing its stale copy; and a server whose
//! PostgreSQL crashes and comes back connects again, losing nothing. The
//! hardening holds on PostgreSQL too: a game's end is stored once (a
//! second end, even from another node, is refused, and so is a move after
//! it), and the cap on rooms in memory and the expiry of abandoned rooms
//! work as on SQLite (`online_hardening`'s bodies), each letting the
//! room's lease go. Players on two nodes play one game through the relay
//! (LISTEN/NOTIFY), and when the owner node is killed mid-game the other
//! takes the room at once and the game ends there with every move stored
//! once.

use crate::online_hardening::{abandoned_rooms_expire_on, idle_rooms_beyond_the_cap_on};
use crate::online_support::{Raw, Server, bots_twelve_plies_in, check_game, stored_moves};
use crate::pg_cluster::{PgCluster, query};

use std::path::Path;
use std::time::Duration;

use stronghold::online::protocol::{
    ClockSpec, Command, EndReason, ErrorKind, Event, GameResult, GameSetup, SeatStatus,
};
use stronghold::rules::{Game, GameId, Side, Variant};
use stronghold::server::store::{Store, Write, postgres_schema_version};

/// The versions in `schema_migrations`, in order.
fn versions(url: &str) -> Vec<String> {
    query(
        url,
        "SELECT version FROM schema_migrations ORDER BY version",
    )
    .into_iter()
    .filter_map(|row| row[0].clone())
    .collect()
}

#[test]
fn two_servers_starting_at_once_migrate_once_and_a_restart_applies_nothing() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let latest = postgres_schema_version();
    assert!(latest >= 3, "the rooms, the leases and the visits at least");
    let logs = [dir.path().join("one.log"), dir.path().join("two.log")];
    // Two nodes on one fresh database at the same moment.
    let servers: Vec<Server> = std::thread::scope(|s| {
        let started: Vec<_> = logs
            .iter()
            .map(|log| s.spawn(|| Server::start(Path::new(&url), 0, log, &[])))
            .collect();
        started
            .into_iter()
            .map(|h| h.join().expect("a server starts"))
            .collect()
    });
    let all: Vec<String> = (1..=latest).map(|v| v.to_string()).collect();
    assert_eq!(versions(&url), all, "each step applied, once");
    // Each step is its own transaction: the two nodes may share them out,
    // but between them each is applied once.
    let logs: String = servers.iter().map(|s| s.log_text()).collect();
    let mut applied: Vec<String> = logs
        .lines()
        .filter_map(|line| line.split_once("migrations applied now: "))
        .flat_map(|(_, versions)| versions.split(", ").map(String::from))
        .filter(|version| version != "none")
        .collect();
    applied.sort_by_key(|v| v.parse::<i32>().unwrap_or(0));
    assert_eq!(applied, all, "each step applied by one node:\n{logs}");
    drop(servers);

    // A restart finds the schema up to date.
    let log = dir.path().join("three.log");
    let again = Server::start(Path::new(&url), 0, &log, &[]);
    let text = again.log_text();
    assert!(
        text.contains(&format!(
            "schema at version {latest}; migrations applied now: none"
        )),
        "{text}"
    );
    assert_eq!(versions(&url), all);
}

/// Node A claims a room and writes; its lease runs out; node B claims the
/// room (a new epoch) and writes; A's late write, in its old epoch, is
/// refused and leaves nothing in the database. A renewal keeps the epoch,
/// and a held lease is refused to another node.
#[test]
fn a_node_whose_lease_moved_on_cannot_write() {
    let cluster = PgCluster::start();
    let url = cluster.url();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        // Two nodes: two stores on one database.
        let node_a = Store::open(Path::new(&url)).await.expect("node A opens");
        let node_b = Store::open(Path::new(&url)).await.expect("node B opens");
        let code = "LEASE1";
        let short = Duration::from_millis(300);
        let long = Duration::from_secs(60);

        let epoch_a = node_a.claim(code, "a", short).await.expect("a claim");
        let epoch_a = epoch_a.expect("a free room is A's");
        assert_eq!(
            node_a.claim(code, "a", short).await,
            Ok(Some(epoch_a)),
            "renewed"
        );
        assert_eq!(node_b.claim(code, "b", long).await, Ok(None), "A holds it");
        node_a
            .write_in_lease(create(code), epoch_a)
            .await
            .expect("A's room is stored");
        node_a
            .write_in_lease(a_move(code, 0, "x"), epoch_a)
            .await
            .expect("A's first move is stored");

        tokio::time::sleep(short + Duration::from_millis(200)).await;
        let epoch_b = node_b.claim(code, "b", long).await.expect("a claim");
        assert_eq!(epoch_b, Some(epoch_a + 1), "B takes the expired lease");
        assert_eq!(
            node_a.claim(code, "a", short).await,
            Ok(None),
            "B holds it now"
        );

        let late = node_a
            .write_in_lease(a_move(code, 1, "late"), epoch_a)
            .await;
        let refusal = late.expect_err("A's lease has moved on");
        assert!(refusal.contains("epoch"), "{refusal}");
        let late_end = node_a
            .write_in_lease(
                Write::End {
                    code: code.into(),
                    game_no: 1,
                    result: GameResult {
                        winner: Some(Side::Hunters),
                        reason: EndReason::Resigned,
                    },
                    at_ms: 2,
                },
                epoch_a,
            )
            .await;
        assert!(late_end.is_err(), "A cannot end the game either");
        let epoch_b = epoch_b.unwrap_or(0);
        node_b
            .write_in_lease(a_move(code, 1, "b's"), epoch_b)
            .await
            .expect("B writes in its lease");
        // A stale write and a good one sent at once (one batch, likely):
        // the stale one alone is refused.
        let (stale, good) = tokio::join!(
            node_b.write_in_lease(a_move(code, 2, "stale"), epoch_a),
            node_b.write_in_lease(a_move(code, 2, "good"), epoch_b),
        );
        assert!(stale.is_err() && good.is_ok(), "{stale:?} {good:?}");
    });
    let moves = query(
        &url,
        "SELECT ply, mv FROM moves WHERE code = 'LEASE1' ORDER BY ply",
    );
    let moves: Vec<Option<String>> = moves.into_iter().map(|row| row[1].clone()).collect();
    let moves: Vec<&str> = moves.iter().flatten().map(String::as_str).collect();
    assert_eq!(moves, ["x", "b's", "good"]);
    let ended = query(&url, "SELECT reason FROM games WHERE code = 'LEASE1'");
    assert_eq!(ended, [vec![None]], "the game was not ended by A");
}

/// Sends `game`'s first legal move as ply `ply` and plays it; the move.
fn play(raw: &mut Raw, game: &mut Game, ply: u32) -> String {
    let mv = game.legal_moves()[0];
    let text = game.move_text(&mv);
    game.play(&mv).expect("legal");
    raw.send(&Command::Move {
        ply,
        mv: text.clone(),
    });
    text
}

fn create(code: &str) -> Write {
    Write::CreateRoom {
        code: code.into(),
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        clock: None,
        a_side: Side::Crowd,
        token_a: "token-a".into(),
        at_ms: 1,
        player_a: None,
        rated: false,
    }
}

fn a_move(code: &str, ply: u32, mv: &str) -> Write {
    Write::Move {
        code: code.into(),
        game_no: 1,
        ply,
        mv: mv.into(),
        clocks: None,
        end: None,
        at_ms: 2,
    }
}

/// Two nodes on one database. A room made on node A (a lease of 3 s) is
/// relayed by node B to A while A holds it; once A has been idle past its
/// lease, B takes the room with its moves, A's player's next move on A is
/// refused (A closes its stale copy), and the game goes on on B with every
/// acknowledged move stored once.
#[test]
fn a_room_moves_to_another_node_when_its_lease_runs_out() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let db = Path::new(&url);
    let node_a = Server::start(
        db,
        0,
        &dir.path().join("a.log"),
        &["--node", "a", "--lease-secs", "3"],
    );
    let node_b = Server::start(db, 0, &dir.path().join("b.log"), &["--node", "b"]);

    // Seated on A, and the first move made there.
    let mut x = Raw::connect(&node_a.url());
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side: Side::Hunters,
        clock: None,
        rated: false,
    });
    let seated = |raw: &mut Raw| {
        raw.expect("seated", |e| match e {
            Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
            _ => None,
        })
    };
    let (code, x_token) = seated(&mut x);
    let mut y = Raw::connect(&node_a.url());
    y.send(&Command::Join { code: code.clone() });
    let (_, y_token) = seated(&mut y);
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    let x_moves_first = game.side_to_move() == Side::Hunters;
    let (first, second) = if x_moves_first {
        (&mut x, &mut y)
    } else {
        (&mut y, &mut x)
    };
    let m1 = play(first, &mut game, 0);
    first.expect("the first move stored", |e| {
        matches!(e, Event::Moved { ply: 0, .. }).then_some(())
    });

    // A holds the room: B relays a spectator to it, who leaves.
    let mut watcher = Raw::connect(&node_b.url());
    watcher.send(&Command::Watch { code: code.clone() });
    let seen = watcher.expect("the room through B", |e| match e {
        Event::State(s) => Some(s.moves.clone()),
        _ => None,
    });
    assert_eq!(seen, vec![m1.clone()]);
    drop(watcher);
    let relayed = node_b.log_text();
    assert!(
        relayed.contains(&format!("room {code}: served by node")),
        "{relayed}"
    );

    // A idle past its lease: B takes the room, with the move made on A.
    // The second mover's seat, taken on B.
    let mover_token = if x_moves_first { y_token } else { x_token };
    let mut on_b = Raw::connect(&node_b.url());
    let resume = Command::Resume {
        code: code.clone(),
        token: mover_token,
    };
    std::thread::sleep(Duration::from_millis(3500));
    on_b.send(&resume);
    let state = on_b.expect("the room on B", |e| match e {
        Event::State(s) => Some(s.clone()),
        _ => None,
    });
    assert_eq!(state.moves, vec![m1.clone()]);

    // The mover's old connection on A moves: A finds its lease taken.
    let mut stale = game.clone();
    play(second, &mut stale, 1);
    let error = second.expect("A's refusal", |e| match e {
        Event::Error { error, message } => Some((*error, message.clone())),
        Event::Moved { ply: 1, .. } => panic!("a move stored by a node that lost the room"),
        _ => None,
    });
    assert_eq!(error.0, ErrorKind::Storage, "{error:?}");
    assert!(second.closed(), "A closes the room's connections");
    assert_eq!(stored_moves(db, &code, 1), vec![m1.clone()]);
    assert!(
        node_a
            .log_text()
            .contains("another node has taken the room")
    );

    // The game goes on on B.
    let m2 = play(&mut on_b, &mut game, 1);
    on_b.expect("the second move stored", |e| {
        matches!(e, Event::Moved { ply: 1, .. }).then_some(())
    });
    assert_eq!(stored_moves(db, &code, 1), vec![m1, m2]);
    let lease = query(
        &url,
        &format!("SELECT node, epoch FROM room_leases WHERE code = '{code}'"),
    );
    assert_eq!(lease, [vec![Some("b".to_string()), Some("2".to_string())]]);
}

/// PostgreSQL crashes and comes back mid-game: the server connects again,
/// the move made before is kept, and the next one is stored (a move tried
/// while the store is down is refused, never acknowledged, and may be
/// made again).
#[test]
fn the_server_reconnects_when_postgres_crashes_and_comes_back() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let db = Path::new(&url);
    let server = Server::start(db, 0, &dir.path().join("server.log"), &[]);
    let mut x = Raw::connect(&server.url());
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side: Side::Hunters,
        clock: None,
        rated: false,
    });
    let code = x.expect("seated", |e| match e {
        Event::Seated { code, .. } => Some(code.clone()),
        _ => None,
    });
    let mut y = Raw::connect(&server.url());
    y.send(&Command::Join { code: code.clone() });
    y.expect("seated", |e| {
        matches!(e, Event::Seated { .. }).then_some(())
    });
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    let mut made = Vec::new();
    for ply in 0..2u32 {
        if ply == 1 {
            cluster.crash_and_restart();
        }
        let mover = if game.side_to_move() == Side::Hunters {
            &mut x
        } else {
            &mut y
        };
        let mut tried = game.clone();
        let mv = play(mover, &mut tried, ply);
        let stored = mover.expect("the move stored or refused", |e| match e {
            Event::Moved { ply: p, .. } if *p == ply => Some(true),
            Event::Error { error, .. } if *error == ErrorKind::Storage => Some(false),
            _ => None,
        });
        if !stored {
            // The first write after the crash found the connection gone.
            std::thread::sleep(Duration::from_millis(300));
            let mut again = game.clone();
            play(mover, &mut again, ply);
            mover.expect("the move stored on a new connection", |e| {
                matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(())
            });
        }
        game = tried;
        made.push(mv);
    }
    assert_eq!(stored_moves(db, &code, 1), made);
    assert!(server.log_text().contains("connection ended"));
}

fn end(code: &str, winner: Side, reason: EndReason) -> Write {
    Write::End {
        code: code.into(),
        game_no: 1,
        result: GameResult {
            winner: Some(winner),
            reason,
        },
        at_ms: 3,
    }
}

/// Two ends of one game at once, from two stores on one database (two
/// nodes, or a stale owner): the first committed stands and the other is
/// refused; a move after the end is refused too; nothing else is stored.
#[test]
fn a_second_end_never_overwrites_the_first_on_postgres() {
    let cluster = PgCluster::start();
    let url = cluster.url();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let (first_ok, winner) = runtime.block_on(async {
        let node_a = Store::open(Path::new(&url)).await.expect("node A opens");
        let node_b = Store::open(Path::new(&url)).await.expect("node B opens");
        let code = "ENDS1";
        node_a.write(create(code)).await.expect("created");
        node_a
            .write(a_move(code, 0, "x"))
            .await
            .expect("a move stored");
        let (resigned, flag) = tokio::join!(
            node_a.write(end(code, Side::Crowd, EndReason::Resigned)),
            node_b.write(end(code, Side::Hunters, EndReason::Flag)),
        );
        assert!(
            resigned.is_ok() != flag.is_ok(),
            "exactly one end is stored: {resigned:?} {flag:?}"
        );
        let refused = if resigned.is_ok() { &flag } else { &resigned };
        let refusal = refused.clone().expect_err("refused");
        assert!(refusal.contains("already ended"), "{refusal}");
        // Again, one after the other, on one node: refused.
        let again = node_a
            .write(end(code, Side::Hunters, EndReason::Flag))
            .await;
        assert!(again.is_err(), "{again:?}");
        let late = node_b.write(a_move(code, 1, "late")).await;
        let late = late.expect_err("no move after the end");
        assert!(late.contains("already ended"), "{late}");
        (
            resigned.is_ok(),
            if resigned.is_ok() { "crowd" } else { "hunters" },
        )
    });
    let reason = if first_ok { "resigned" } else { "flag" };
    let ended = query(
        &url,
        "SELECT winner, reason FROM games WHERE code = 'ENDS1'",
    );
    assert_eq!(
        ended,
        [vec![Some(winner.to_string()), Some(reason.to_string())]]
    );
    assert_eq!(stored_moves(Path::new(&url), "ENDS1", 1), ["x"]);
}

/// Rooms whose lease is held by a node now (codes among `codes`).
fn held_leases(url: &str, codes: &[&str]) -> Vec<String> {
    let list: Vec<String> = codes.iter().map(|c| format!("'{c}'")).collect();
    query(
        url,
        &format!(
            "SELECT code FROM room_leases WHERE code IN ({}) AND expires_at > now()",
            list.join(", ")
        ),
    )
    .into_iter()
    .filter_map(|row| row[0].clone())
    .collect()
}

/// The expiry of abandoned rooms on PostgreSQL (the SQLite test's body):
/// a room expired in memory and one expired from the store only (after a
/// restart of the same node) are deleted with their games and moves,
/// their leases let go; the finished game is kept.
#[test]
fn abandoned_rooms_expire_on_postgres() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let [in_memory, stored_only, finished] =
        abandoned_rooms_expire_on(Path::new(&url), dir.path(), &["--node", "one"]);
    for code in [&in_memory, &stored_only] {
        for table in ["rooms", "games", "moves"] {
            let rows = query(
                &url,
                &format!("SELECT 1 FROM {table} WHERE code = '{code}'"),
            );
            assert!(rows.is_empty(), "room {code} still in {table}");
        }
    }
    // The expiry's room task has ended, or is about to: its lease goes.
    let began = std::time::Instant::now();
    while !held_leases(&url, &[&in_memory, &stored_only]).is_empty() {
        assert!(began.elapsed() < Duration::from_secs(10), "leases kept");
        std::thread::sleep(Duration::from_millis(100));
    }
    let kept = query(
        &url,
        &format!("SELECT reason FROM games WHERE code = '{finished}'"),
    );
    assert_eq!(kept, [vec![Some("resigned".to_string())]]);
}

/// The cap on rooms in memory on PostgreSQL (the SQLite test's body): the
/// room the cap drops lets its lease go at once, with its players' visit
/// stored (`seen_ms`, the schema's third step), and comes back (leased
/// again) on its next entry.
#[test]
fn idle_rooms_beyond_the_cap_let_their_lease_go_on_postgres() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    idle_rooms_beyond_the_cap_on(Path::new(&url), dir.path(), |code| {
        let began = std::time::Instant::now();
        while !held_leases(&url, &[code]).is_empty() {
            assert!(began.elapsed() < Duration::from_secs(10), "lease kept");
            std::thread::sleep(Duration::from_millis(100));
        }
        let seen = query(
            &url,
            &format!("SELECT seen_ms IS NOT NULL FROM rooms WHERE code = '{code}'"),
        );
        assert_eq!(seen, [vec![Some("t".to_string())]], "the visit is stored");
    });
}

/// Two nodes over one PostgreSQL and a bot on each, each given both
/// servers, its own first. The room is made on A; B's bot plays it
/// through B's relay to A. A is killed (SIGKILL) mid-game: B sees A's
/// session end and takes the room at once (A's lease had 30 s left), the
/// bots resume their seats on B and finish one game, seen alike by both,
/// stored once, and replayed as legal by our rules and the independent
/// reference.
#[test]
fn two_nodes_lose_the_owner_mid_game_and_the_game_ends_on_the_other() {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let db = Path::new(&url);
    let mut node_a = Server::start(db, 0, &dir.path().join("a.log"), &["--node", "a"]);
    let node_b = Server::start(db, 0, &dir.path().join("b.log"), &["--node", "b"]);
    let on_a_first = format!("{},{}", node_a.url(), node_b.url());
    let on_b_first = format!("{},{}", node_b.url(), node_a.url());
    let (mut a, b, code) = bots_twelve_plies_in(&on_a_first, &on_b_first);
    let before = node_b.log_text();
    assert!(
        before.contains(&format!("room {code}: served by node \"a\": relayed")),
        "B's bot plays through the relay: {before}"
    );
    node_a.kill();
    let at_kill = a.moves_seen();
    let moves = check_game(db, "pirates", a, b);
    assert!(
        moves.len() > at_kill,
        "the game went on on B ({at_kill} plies at the kill)"
    );
    let log = node_b.log_text();
    assert!(log.contains("node \"a\" has gone"), "{log}");
    assert!(
        log.contains(&format!("room {code}: loaded from the store")),
        "{log}"
    );
    assert!(!log.contains("panicked"), "{log}");
    let lease = query(
        &url,
        &format!("SELECT node, epoch FROM room_leases WHERE code = '{code}'"),
    );
    assert_eq!(
        lease[0][0].as_deref(),
        Some("b"),
        "B owns the room: {lease:?}"
    );
}

/// Two players of one clocked game, one on each node: the moves (with
/// the clocks), a draw offer and its refusal, and each player's coming
/// and going reach the other through the relay, both ways; a departure
/// from the relayed side is the room's as from its own node.
#[test]
fn players_on_two_nodes_see_each_others_moves_offers_presence_and_clocks() {
    let (_cluster, _dir, _url, node_a, node_b) = two_nodes();
    let seated = |raw: &mut Raw| {
        raw.expect("seated", |e| match e {
            Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
            _ => None,
        })
    };
    let mut x = Raw::connect(&node_a.url());
    x.send(&Command::Create {
        setup: GameSetup::of(&Variant::new(GameId::named("pirates"))),
        side: Side::Hunters,
        clock: Some(ClockSpec {
            initial_ms: 300_000,
            increment_ms: 2_000,
        }),
        rated: false,
    });
    let (code, _) = seated(&mut x);
    let mut y = Raw::connect(&node_b.url());
    y.send(&Command::Join { code: code.clone() });
    let (_, y_token) = seated(&mut y);
    let presence = |raw: &mut Raw, side: Side, want: fn(&SeatStatus) -> bool| {
        raw.expect("a presence", |e| match e {
            Event::Presence { side: s, status } if *s == side && want(status) => Some(()),
            _ => None,
        })
    };
    presence(&mut x, Side::Crowd, |s| *s == SeatStatus::Connected);

    // A move each way, each seen by both with the clocks.
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    for ply in 0..2 {
        let (mover, other) = if game.side_to_move() == Side::Hunters {
            (&mut x, &mut y)
        } else {
            (&mut y, &mut x)
        };
        let mv = play(mover, &mut game, ply);
        for raw in [mover, other] {
            let (seen, clocks) = raw.expect("the move", |e| match e {
                Event::Moved { ply: p, mv, clocks } if *p == ply => Some((mv.clone(), *clocks)),
                _ => None,
            });
            assert_eq!(seen, mv);
            assert!(clocks.is_some(), "a clocked game's move carries the clocks");
        }
    }

    // A draw offered on B reaches A; A's refusal reaches B.
    y.send(&Command::OfferDraw);
    x.expect("the offer", |e| {
        matches!(e, Event::DrawOffered { .. }).then_some(())
    });
    x.send(&Command::DeclineDraw);
    y.expect("the refusal", |e| {
        matches!(e, Event::DrawDeclined { .. }).then_some(())
    });

    // B's player leaves and comes back on B: A sees both.
    drop(y);
    presence(&mut x, Side::Crowd, |s| {
        matches!(s, SeatStatus::Gone { .. })
    });
    let mut y = Raw::connect(&node_b.url());
    y.send(&Command::Resume {
        code: code.clone(),
        token: y_token,
    });
    let state = y.expect("the room again", |e| match e {
        Event::State(s) => Some(s.moves.len()),
        _ => None,
    });
    assert_eq!(state, 2);
    presence(&mut x, Side::Crowd, |s| *s == SeatStatus::Connected);
    // And A's player's departure reaches B.
    drop(x);
    presence(&mut y, Side::Hunters, |s| {
        matches!(s, SeatStatus::Gone { .. })
    });
    let log = node_a.log_text();
    assert!(log.contains("is node \"b\"'s conn"), "{log}");
}

/// The lobby across two nodes: a seek posted on A is listed on B (and
/// gone from B's list once taken); taken on B, it opens a room on A with
/// both players seated, who play a move each way; and "play anyone" on B
/// meets a seek posted on A.
#[test]
fn a_seek_on_one_node_is_listed_and_taken_on_the_other() {
    let (_cluster, _dir, url, node_a, node_b) = two_nodes();
    let db = Path::new(&url);
    let pirates = GameSetup::of(&Variant::new(GameId::named("pirates")));
    let seek = |raw: &mut Raw| {
        raw.send(&Command::Seek {
            setup: pirates.clone(),
            side: Some(Side::Hunters),
            clock: None,
        });
        raw.expect("seeking", |e| match e {
            Event::Seeking { seek } => Some(*seek),
            _ => None,
        })
    };
    let seated = |raw: &mut Raw| {
        raw.expect("seated", |e| match e {
            Event::Seated { code, side, .. } => Some((code.clone(), *side)),
            _ => None,
        })
    };
    let mut x = Raw::connect(&node_a.url());
    let number = seek(&mut x);
    let mut follower = Raw::connect(&node_b.url());
    follower.send(&Command::Lobby);
    follower.expect("A's seek listed on B", |e| match e {
        Event::Lobby { seeks, .. } if seeks.iter().any(|s| s.seek == number) => Some(()),
        _ => None,
    });

    let mut y = Raw::connect(&node_b.url());
    y.send(&Command::Take { seek: number });
    let (code, y_side) = seated(&mut y);
    let (x_code, x_side) = seated(&mut x);
    assert_eq!(
        (code.as_str(), x_side, y_side),
        (x_code.as_str(), Side::Hunters, Side::Crowd)
    );
    follower.expect("the seek gone from B's list", |e| match e {
        Event::Lobby { seeks, .. } if !seeks.iter().any(|s| s.seek == number) => Some(()),
        _ => None,
    });
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    for ply in 0..2 {
        let (mover, other) = if game.side_to_move() == Side::Hunters {
            (&mut x, &mut y)
        } else {
            (&mut y, &mut x)
        };
        let mv = play(mover, &mut game, ply);
        let seen = other.expect("the move", |e| match e {
            Event::Moved { ply: p, mv, .. } if *p == ply => Some(mv.clone()),
            _ => None,
        });
        assert_eq!(seen, mv);
    }
    assert_eq!(stored_moves(db, &code, 1).len(), 2);
    let log = node_a.log_text();
    assert!(
        log.contains(&format!("room {code}: created")),
        "A owns the room: {log}"
    );

    // "Play anyone" on B meets a seek on A.
    let mut w = Raw::connect(&node_a.url());
    let wanted = seek(&mut w);
    let mut z = Raw::connect(&node_b.url());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    // B hears of the seek within its lobby's publication.
    while !node_b_lists(&node_b.url(), wanted) {
        assert!(
            std::time::Instant::now() < deadline,
            "B never listed seek {wanted}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    z.send(&Command::Anyone {
        setup: pirates.clone(),
        clock: None,
    });
    let (z_code, _) = seated(&mut z);
    let (w_code, _) = seated(&mut w);
    assert_eq!(z_code, w_code, "they meet in one room");
}

/// Whether the lobby at `server` lists seek `seek`.
fn node_b_lists(server: &str, seek: u64) -> bool {
    let mut raw = Raw::connect(server);
    raw.send(&Command::Lobby);
    raw.expect("the lobby", |e| match e {
        Event::Lobby { seeks, .. } => Some(seeks.iter().any(|s| s.seek == seek)),
        _ => None,
    })
}

/// A PostgreSQL cluster of the test's own and two nodes on it, `a` and
/// `b` (their logs in the folder): the cluster, the folder, the
/// database's URL, and the nodes.
fn two_nodes() -> (PgCluster, tempfile::TempDir, String, Server, Server) {
    let cluster = PgCluster::start();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = cluster.url();
    let db = Path::new(&url);
    let node_a = Server::start(db, 0, &dir.path().join("a.log"), &["--node", "a"]);
    let node_b = Server::start(db, 0, &dir.path().join("b.log"), &["--node", "b"]);
    (cluster, dir, url, node_a, node_b)
}
