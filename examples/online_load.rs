//! Load on one `stronghold-server`, or two sharing a PostgreSQL: GAMES
//! games (two connections each) moving at a fixed pace, and the move-relay
//! latency they see.
//!
//! ```text
//! cargo run --release --no-default-features --features server --example online_load -- \
//!     --server ws://127.0.0.1:7878 --games 500 --pace-ms 1000 --seconds 60 [--pid PID]
//!     [--db-pid POSTMASTER_PID]
//! ```
//!
//! `--server URL1,URL2` spreads each game over two nodes: its creator
//! connects to the first, its joiner to the second, so every move crosses
//! between them. `--route sticky` instead keeps each game on one node
//! (game i on node i mod 2), as a proxy routing by room code would.
//! `--pid PID1,PID2` then names the servers in that order;
//! their CPU and memory are reported one by one and in total.
//! `--db-pid` is PostgreSQL's postmaster: its CPU over the window, with
//! that of its processes (backends, writers) and of those that ended.
//!
//! Each game is one task holding both players' sockets: it creates a
//! Pirates room, joins it, then every PACE milliseconds the side to move
//! sends a random legal move. The relay latency of a move is from just
//! before its frame is written to when the opponent's socket reads the
//! server's `moved` (one process, one clock). A game that ends asks for
//! a rematch and plays on. Games start spread over the first seconds;
//! only moves after all games have started are counted. With `--pid`, the
//! server's CPU time and memory are read from /proc over the same window.
//! `bash scripts/online-load` runs a release server and this together.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use stronghold::ai::rng::SplitMix64;
use stronghold::online::protocol::{Command, Event, GameSetup, RoomState, parse_event};
use stronghold::rules::{Game, GameId, Side, Variant};
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The longest a game waits for one answer before it counts a failure.
const ANSWER_LIMIT: Duration = Duration::from_secs(10);

#[derive(Clone)]
struct Plan {
    /// One node, or two: the creator's and the joiner's.
    urls: Vec<String>,
    /// Both players of a game on one node (else creator on the first, joiner
    /// on the last).
    sticky: bool,
    games: usize,
    pace: Duration,
    /// Games start spread over this long.
    ramp: Duration,
    /// Measured after the ramp, this long.
    window: Duration,
    /// The servers' processes, in the order of `urls` (or none).
    pids: Vec<u32>,
    /// PostgreSQL's postmaster.
    db_pid: Option<u32>,
    /// A lost connection (a node restarting) is made again on the next
    /// node and both seats resumed, instead of failing the game.
    survive_restarts: bool,
}

#[derive(Default)]
struct Tally {
    /// Relay latencies in microseconds (measured window only).
    relay_us: Vec<u32>,
    /// Moves acknowledged to their movers (whole run).
    moves: u64,
    games_ended: u64,
    failures: Vec<String>,
    /// Games that lost their connections and resumed their seats.
    resumes: u64,
    /// The longest a move waited from its sending to the state that has
    /// it, across a resume (`--survive-restarts`).
    longest_wait: Duration,
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let plan = match read_plan(&words) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("online_load: {e}");
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let report = runtime.block_on(run(plan));
    println!("{report}");
}

fn read_plan(words: &[String]) -> Result<Plan, String> {
    let mut plan = Plan {
        urls: vec!["ws://127.0.0.1:7878/ws".into()],
        sticky: false,
        games: 500,
        pace: Duration::from_millis(1000),
        ramp: Duration::from_secs(10),
        window: Duration::from_secs(60),
        pids: Vec::new(),
        db_pid: None,
        survive_restarts: false,
    };
    let mut it = words.iter();
    while let Some(flag) = it.next() {
        if flag == "--survive-restarts" {
            plan.survive_restarts = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number"))
        };
        match flag.as_str() {
            "--server" => {
                plan.urls = list(flag, value)?
                    .iter()
                    .map(|url| stronghold::online::client::socket_url(url))
                    .collect()
            }
            "--games" => plan.games = number()? as usize,
            "--pace-ms" => plan.pace = Duration::from_millis(number()?),
            "--ramp-secs" => plan.ramp = Duration::from_secs(number()?),
            "--seconds" => plan.window = Duration::from_secs(number()?),
            "--pid" => {
                plan.pids = list(flag, value)?
                    .iter()
                    .map(|p| {
                        p.parse()
                            .map_err(|_| format!("{flag} takes process ids, not `{p}`"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--route" => {
                plan.sticky = match value.as_str() {
                    "cross" => false,
                    "sticky" => true,
                    _ => return Err(format!("{flag} takes cross or sticky, not `{value}`")),
                }
            }
            "--db-pid" => plan.db_pid = Some(number()? as u32),
            other => return Err(format!("unknown flag {other}")),
        }
    }
    if plan.urls.len() > 2 {
        return Err("--server takes one URL or two (the creator's, the joiner's)".into());
    }
    if !plan.pids.is_empty() && plan.pids.len() != plan.urls.len() {
        return Err(format!(
            "--pid names {} processes for {} servers: one per server, in the same order",
            plan.pids.len(),
            plan.urls.len()
        ));
    }
    Ok(plan)
}

/// A comma-separated list, none of its items empty.
fn list<'a>(flag: &str, value: &'a str) -> Result<Vec<&'a str>, String> {
    let items: Vec<&str> = value.split(',').map(str::trim).collect();
    if items.iter().any(|i| i.is_empty()) {
        return Err(format!(
            "{flag} takes a comma-separated list, not `{value}`"
        ));
    }
    Ok(items)
}

async fn run(plan: Plan) -> String {
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let measure_from = start + plan.ramp + Duration::from_secs(2);
    let stop_at = measure_from + plan.window;
    let mut tasks = Vec::new();
    for i in 0..plan.games {
        let begin = start + plan.ramp.mul_f64(i as f64 / plan.games.max(1) as f64);
        let (plan, tally) = (plan.clone(), Arc::clone(&tally));
        tasks.push(tokio::spawn(async move {
            sleep_until(begin).await;
            if let Err(e) = play(&plan, i, measure_from, stop_at, &tally).await {
                tally
                    .lock()
                    .expect("the tally")
                    .failures
                    .push(format!("game {i}: {e}"));
            }
        }));
    }
    sleep_until(measure_from).await;
    let usages = || -> Vec<Option<Usage>> { plan.pids.iter().map(|p| server_usage(*p)).collect() };
    let (before, db_before) = (usages(), plan.db_pid.and_then(tree_cpu));
    sleep_until(stop_at).await;
    let (after, db_after) = (usages(), plan.db_pid.and_then(tree_cpu));
    for task in tasks {
        let _ = task.await;
    }
    let tally = tally.lock().expect("the tally");
    // A server gone before the end has no figures: none are made up.
    let servers = before
        .into_iter()
        .zip(after)
        .map(|(b, a)| b.zip(a))
        .collect();
    report(&plan, &tally, servers, db_before.zip(db_after))
}

/// One game's two players, seated: their sockets, their seats' tokens,
/// and the servers each tries in turn.
struct Seats {
    code: String,
    sockets: [Socket; 2],
    tokens: [String; 2],
    /// Each player's servers, its own first.
    urls: [Vec<String>; 2],
    /// The server of `urls` each uses now.
    at: [usize; 2],
}

impl Seats {
    /// Opens the room: the creator on its server, the joiner on its.
    async fn open(plan: &Plan, index: usize, variant: Variant) -> Result<Seats, String> {
        let (creator, joiner) = if plan.sticky {
            let url = &plan.urls[index % plan.urls.len()];
            (url, url)
        } else {
            (
                &plan.urls[0],
                plan.urls.last().expect("at least one server"),
            )
        };
        let others = |first: &String| {
            let mut list = vec![first.clone()];
            list.extend(plan.urls.iter().filter(|u| *u != first).cloned());
            list
        };
        let (mut a, mut b) = (connect(creator).await?, connect(joiner).await?);
        let create = Command::Create {
            setup: GameSetup::of(&variant),
            side: Side::Hunters,
            clock: None,
            rated: false,
        };
        send(&mut a, &create).await?;
        let (code, a_token) = wait_for(&mut a, |e| match e {
            Event::Seated { code, token, .. } => Some((code.clone(), token.clone())),
            _ => None,
        })
        .await?;
        send(&mut b, &Command::Join { code: code.clone() }).await?;
        let b_token = wait_for(&mut b, |e| match e {
            Event::Seated { token, .. } => Some(token.clone()),
            _ => None,
        })
        .await?;
        wait_for(&mut b, |e| matches!(e, Event::State(_)).then_some(())).await?;
        Ok(Seats {
            code,
            sockets: [a, b],
            tokens: [a_token, b_token],
            urls: [others(creator), others(joiner)],
            at: [0, 0],
        })
    }

    /// Both players connect again (the next server of their lists, as the
    /// game's client does) and resume their seats; the room's state.
    async fn resume(&mut self) -> Result<RoomState, String> {
        let deadline = Instant::now() + ANSWER_LIMIT;
        let mut state = None;
        for player in 0..2 {
            loop {
                if Instant::now() > deadline {
                    return Err(format!("no server took player {player} back in time"));
                }
                self.at[player] = (self.at[player] + 1) % self.urls[player].len();
                let Ok(mut socket) = connect(&self.urls[player][self.at[player]]).await else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let resume = Command::Resume {
                    code: self.code.clone(),
                    token: self.tokens[player].clone(),
                };
                let answer = match send(&mut socket, &resume).await {
                    Ok(()) => {
                        wait_for(&mut socket, |e| match e {
                            Event::State(s) => Some((**s).clone()),
                            _ => None,
                        })
                        .await
                    }
                    Err(e) => Err(e),
                };
                match answer {
                    Ok(found) => {
                        self.sockets[player] = socket;
                        // The creator's: its seat is the side `you` names.
                        if player == 0 {
                            state = Some(found);
                        }
                        break;
                    }
                    // The room is moving between nodes: a moment, then again.
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                }
            }
        }
        state.ok_or_else(|| "no state".to_string())
    }
}

/// The game a room's state holds, and the creator's side in it.
fn game_of(state: &RoomState, variant: Variant) -> Result<(Game, Side), String> {
    let mut game = Game::new(variant);
    for mv in &state.moves {
        game.play_text(mv)
            .map_err(|e| format!("the state's move {mv}: {e}"))?;
    }
    Ok((game, state.you.unwrap_or(Side::Hunters)))
}

/// One game's two players, moving at the pace until `stop_at`.
async fn play(
    plan: &Plan,
    index: usize,
    measure_from: Instant,
    stop_at: Instant,
    tally: &Mutex<Tally>,
) -> Result<(), String> {
    let variant = Variant::new(GameId::named("pirates"));
    let mut seats = Seats::open(plan, index, variant).await?;
    let mut rng = SplitMix64::new(index as u64 + 1);
    let mut game = Game::new(variant);
    let mut a_side = Side::Hunters;
    // Spread the games' moves over the pace, not all on one tick.
    let mut next = Instant::now() + plan.pace.mul_f64((rng.next_u64() % 1000) as f64 / 1000.0);
    while next < stop_at {
        sleep_until(next).await;
        next += plan.pace;
        let sent = Instant::now();
        let played = step(&mut seats, &mut game, &mut a_side, &mut rng, tally).await;
        match played {
            Ok(Some(relay)) if sent >= measure_from && sent < stop_at => {
                let mut t = tally.lock().expect("the tally");
                t.relay_us
                    .push(relay.as_micros().min(u32::MAX as u128) as u32);
            }
            Ok(_) => {}
            Err(_) if plan.survive_restarts => {
                let state = seats.resume().await?;
                let before = game.ply();
                (game, a_side) = game_of(&state, variant)?;
                let mut t = tally.lock().expect("the tally");
                // A move the room stored whose acknowledgement was lost.
                t.moves += game.ply().saturating_sub(before) as u64;
                t.resumes += 1;
                t.longest_wait = t.longest_wait.max(sent.elapsed());
            }
            Err(e) => return Err(e),
        }
    }
    for socket in &mut seats.sockets {
        let _ = socket.close(None).await;
    }
    Ok(())
}

/// One tick of a game: a rematch when it is over, else a random move,
/// relayed to both; the relay's time for a move.
async fn step(
    seats: &mut Seats,
    game: &mut Game,
    a_side: &mut Side,
    rng: &mut SplitMix64,
    tally: &Mutex<Tally>,
) -> Result<Option<Duration>, String> {
    let [a, b] = &mut seats.sockets;
    if game.is_over() {
        rematch(a, b).await?;
        tally.lock().expect("the tally").games_ended += 1;
        *game = Game::new(*game.variant());
        *a_side = a_side.other();
        return Ok(None);
    }
    let legal = game.legal_moves();
    let mv = legal[(rng.next_u64() % legal.len() as u64) as usize];
    let (mover, other) = if game.side_to_move() == *a_side {
        (a, b)
    } else {
        (b, a)
    };
    let ply = game.ply() as u32;
    let sent = Instant::now();
    let command = Command::Move {
        ply,
        mv: game.move_text(&mv),
    };
    send(mover, &command).await?;
    let is_move = |e: &Event| matches!(e, Event::Moved { ply: p, .. } if *p == ply).then_some(());
    wait_for(other, is_move).await?;
    let relay = sent.elapsed();
    wait_for(mover, is_move).await?;
    game.play(&mv).map_err(|e| e.to_string())?;
    tally.lock().expect("the tally").moves += 1;
    Ok(Some(relay))
}

async fn rematch(a: &mut Socket, b: &mut Socket) -> Result<(), String> {
    send(a, &Command::Rematch).await?;
    send(b, &Command::Rematch).await?;
    for socket in [a, b] {
        wait_for(socket, |e| matches!(e, Event::State(_)).then_some(())).await?;
    }
    Ok(())
}

async fn connect(url: &str) -> Result<Socket, String> {
    let (socket, _) = timeout(ANSWER_LIMIT, tokio_tungstenite::connect_async(url))
        .await
        .map_err(|_| "connecting timed out".to_string())?
        .map_err(|e| format!("cannot connect: {e}"))?;
    Ok(socket)
}

async fn send(socket: &mut Socket, command: &Command) -> Result<(), String> {
    socket
        .send(Message::text(command.to_frame()))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// Reads events until `pick` takes one; an `error` event is a failure.
async fn wait_for<T>(socket: &mut Socket, pick: impl Fn(&Event) -> Option<T>) -> Result<T, String> {
    let deadline = Instant::now() + ANSWER_LIMIT;
    loop {
        let frame = timeout(
            deadline.saturating_duration_since(Instant::now()),
            socket.next(),
        )
        .await
        .map_err(|_| "no answer in time".to_string())?
        .ok_or("the server closed the connection")?
        .map_err(|e| format!("read: {e}"))?;
        let Message::Text(text) = frame else { continue };
        let event = parse_event(text.as_str()).map_err(|e| e.to_string())?;
        if let Event::Error { error, message } = &event {
            return Err(format!("{error:?}: {message}"));
        }
        if let Some(found) = pick(&event) {
            return Ok(found);
        }
    }
}

/// The server's CPU seconds (user + system), resident and peak memory (kB).
type Usage = (f64, u64, u64);

fn server_usage(pid: u32) -> Option<Usage> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command's closing parenthesis; utime and stime are 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
    };
    // The kernel's clock ticks are 100 a second on Linux.
    Some((ticks / 100.0, kb("VmRSS:")?, kb("VmHWM:")?))
}

/// The `/proc/PID/stat` fields after the command's closing parenthesis
/// (the command may hold spaces and parentheses).
fn stat_fields(pid: u32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    Some(
        stat.rsplit_once(')')?
            .1
            .split_whitespace()
            .map(String::from)
            .collect(),
    )
}

/// CPU seconds of a process and its children now running, plus those of
/// children that ended and were reaped (its cutime and cstime): PostgreSQL's
/// postmaster and its backends, writers and workers. Not the children's
/// children: PostgreSQL's do not fork.
fn tree_cpu(root: u32) -> Option<f64> {
    let ticks = |f: &[String], from: usize, to: usize| -> f64 {
        f.get(from..to).map_or(0.0, |v| {
            v.iter().filter_map(|x| x.parse::<f64>().ok()).sum()
        })
    };
    // utime, stime, cutime, cstime are fields 14 to 17; ppid is field 4.
    let own = stat_fields(root)?;
    let mut total = ticks(&own, 11, 15);
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if let Some(f) = stat_fields(pid)
            && f.get(1).and_then(|p| p.parse::<u32>().ok()) == Some(root)
        {
            total += ticks(&f, 11, 13);
        }
    }
    Some(total / 100.0)
}

fn report(
    plan: &Plan,
    tally: &Tally,
    servers: Vec<Option<(Usage, Usage)>>,
    db_cpu: Option<(f64, f64)>,
) -> String {
    let mut us = tally.relay_us.clone();
    us.sort_unstable();
    let pct = |p: f64| {
        us.get(((us.len() as f64 * p) as usize).min(us.len().saturating_sub(1)))
            .map_or(0.0, |v| *v as f64 / 1000.0)
    };
    let window = plan.window.as_secs_f64();
    let mut text = format!(
        "games {} ({} connections), pace {} ms a move per game, window {} s\n\
         moves relayed in the window: {} ({:.0}/s); all moves {}, games ended and rematched {}\n\
         relay latency ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}\n",
        plan.games,
        2 * plan.games,
        plan.pace.as_millis(),
        window,
        us.len(),
        us.len() as f64 / window,
        tally.moves,
        tally.games_ended,
        pct(0.50),
        pct(0.90),
        pct(0.99),
        us.last().map_or(0.0, |v| *v as f64 / 1000.0),
    );
    if plan.urls.len() > 1 {
        text += if plan.sticky {
            "nodes 2, route sticky: each game on one node, alternately\n"
        } else {
            "nodes 2, route cross: each game's creator on node 1, its joiner on node 2\n"
        };
    }
    let line = |name: &str, cpu: f64, rss: u64, hwm: u64| {
        format!(
            "{name}: CPU {:.1} % of one core over the window; memory {:.1} MB resident, {:.1} MB peak\n",
            100.0 * cpu / window,
            rss as f64 / 1024.0,
            hwm as f64 / 1024.0
        )
    };
    let mut sum = (0.0, 0, 0);
    for (i, usage) in servers.iter().enumerate() {
        let name = match servers.len() {
            1 => "server".to_string(),
            _ => format!("server {} (pid {})", i + 1, plan.pids[i]),
        };
        match usage {
            Some(((cpu0, _, _), (cpu1, rss, hwm))) => {
                text += &line(&name, cpu1 - cpu0, *rss, *hwm);
                sum = (sum.0 + cpu1 - cpu0, sum.1 + rss, sum.2 + hwm);
            }
            None => text += &format!("{name}: not readable in /proc (ended?)\n"),
        }
    }
    if servers.len() > 1 && servers.iter().all(Option::is_some) {
        text += &line("servers in total", sum.0, sum.1, sum.2);
    }
    match (plan.db_pid, db_cpu) {
        (Some(_), Some((cpu0, cpu1))) => {
            text += &format!(
                "PostgreSQL: CPU {:.1} % of one core over the window (all its processes)\n",
                100.0 * (cpu1 - cpu0) / window
            )
        }
        (Some(pid), None) => text += &format!("PostgreSQL: pid {pid} not readable in /proc\n"),
        (None, _) => {}
    }
    if plan.survive_restarts {
        text += &format!(
            "resumed after a lost connection: {} times; the longest wait for a move: {:.0} ms\n",
            tally.resumes,
            tally.longest_wait.as_secs_f64() * 1000.0
        );
    }
    text += &format!("failures: {}\n", tally.failures.len());
    for failure in tally.failures.iter().take(10) {
        text += &format!("  {failure}\n");
    }
    text
}
