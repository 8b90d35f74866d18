//! A small stand-in for `stronghold-server` that the game's online tests
//! start on 127.0.0.1 (an OS-chosen port): rooms with two seats and
//! tokens, moves checked by the rules and relayed to both seats, resign,
//! draws and rematches, resume, spectators, and a switch that drops every connection
//! (a server gone for a moment). One thread per connection, each polling
//! its socket with a short read timeout, so nothing waits unbounded.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::ErrorKind as IoErrorKind;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use stronghold::online::protocol::{
    Command, EndReason, ErrorKind, Event, GameResult, GameSetup, RoomState, SeatStatus,
    parse_command,
};
use stronghold::rules::{Game, Side};

/// A running fake server; stops when dropped.
pub struct FakeServer {
    pub port: u16,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

struct Shared {
    stop: AtomicBool,
    /// Raised to drop every open connection.
    epoch: AtomicU32,
    /// While false, new connections are closed at once.
    open: AtomicBool,
    hub: Mutex<Hub>,
}

#[derive(Default)]
struct Hub {
    rooms: HashMap<String, Room>,
    conns: HashMap<u32, Sender<String>>,
    next_conn: u32,
    /// Every frame each room got, for the tests to read.
    pub log: Vec<String>,
}

struct Room {
    setup: GameSetup,
    game: Game,
    moves: Vec<String>,
    game_no: u32,
    /// Each seat's token and connection, by `Side::index`.
    seats: [Option<(String, Option<u32>)>; 2],
    result: Option<GameResult>,
    draw_offer: Option<Side>,
    rematch_offer: Option<Side>,
    /// The connections watching.
    watchers: Vec<u32>,
}

impl FakeServer {
    pub fn start() -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("address").port();
        listener.set_nonblocking(true).expect("nonblocking");
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            epoch: AtomicU32::new(0),
            open: AtomicBool::new(true),
            hub: Mutex::new(Hub::default()),
        });
        let accept_shared = shared.clone();
        let accept = std::thread::spawn(move || accept_loop(listener, accept_shared));
        FakeServer {
            port,
            shared,
            accept: Some(accept),
        }
    }

    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port)
    }

    /// Drops every open connection; while `refuse` holds, new ones are
    /// closed at once too (the server is away).
    pub fn drop_connections(&self, refuse: bool) {
        self.shared.open.store(!refuse, Ordering::SeqCst);
        self.shared.epoch.fetch_add(1, Ordering::SeqCst);
    }

    /// Takes connections again.
    pub fn reopen(&self) {
        self.shared.open.store(true, Ordering::SeqCst);
    }

    /// The moves the server stored in a room.
    pub fn moves(&self, code: &str) -> Vec<String> {
        let hub = self.shared.hub.lock().unwrap();
        hub.rooms
            .get(code)
            .map(|r| r.moves.clone())
            .unwrap_or_default()
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(handle) = self.accept.take() {
            let _ = handle.join();
        }
    }
}

fn accept_loop(listener: TcpListener, shared: Arc<Shared>) {
    let mut threads = Vec::new();
    while !shared.stop.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((stream, _)) => {
                // The epoch it was accepted in, read before `open`: a drop
                // that comes while the handshake is still going drops this
                // connection too.
                let epoch = shared.epoch.load(Ordering::SeqCst);
                if !shared.open.load(Ordering::SeqCst) {
                    drop(stream);
                    continue;
                }
                let shared = shared.clone();
                threads.push(std::thread::spawn(move || serve(stream, shared, epoch)));
            }
            Err(e) if e.kind() == IoErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(2));
            }
            Err(_) => break,
        }
    }
    for thread in threads {
        let _ = thread.join();
    }
}

fn serve(stream: TcpStream, shared: Arc<Shared>, epoch: u32) {
    stream.set_nonblocking(false).ok();
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .ok();
    let Ok(mut socket) = tungstenite::accept(stream) else {
        return;
    };
    socket
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(3)))
        .ok();
    let (tx, rx): (Sender<String>, Receiver<String>) = channel();
    let id = {
        let mut hub = shared.hub.lock().unwrap();
        hub.next_conn += 1;
        let id = hub.next_conn;
        hub.conns.insert(id, tx);
        id
    };
    loop {
        if shared.stop.load(Ordering::SeqCst) || shared.epoch.load(Ordering::SeqCst) != epoch {
            break;
        }
        match socket.read() {
            Ok(tungstenite::Message::Text(text)) => {
                shared.hub.lock().unwrap().handle(id, &text);
            }
            Ok(tungstenite::Message::Close(_)) => break,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), IoErrorKind::WouldBlock | IoErrorKind::TimedOut) => {}
            Err(_) => break,
        }
        while let Ok(frame) = rx.try_recv() {
            if socket.send(tungstenite::Message::Text(frame)).is_err() {
                break;
            }
        }
    }
    let _ = socket.close(None);
    let _ = socket.flush();
    shared.hub.lock().unwrap().leave(id);
}

impl Hub {
    fn send(&self, conn: u32, event: &Event) {
        if let Some(tx) = self.conns.get(&conn) {
            let _ = tx.send(event.to_frame());
        }
    }

    /// The room and side a connection sits in.
    fn seat_of(&self, conn: u32) -> Option<(String, Side)> {
        self.rooms.iter().find_map(|(code, room)| {
            [Side::Hunters, Side::Crowd].into_iter().find_map(|side| {
                match &room.seats[side.index()] {
                    Some((_, Some(c))) if *c == conn => Some((code.clone(), side)),
                    _ => None,
                }
            })
        })
    }

    fn handle(&mut self, conn: u32, frame: &str) {
        self.log.push(frame.to_string());
        let command = match parse_command(frame) {
            Ok(c) => c,
            Err(e) => return self.send(conn, &Event::error(e.kind(), e.to_string())),
        };
        match command {
            Command::Create { setup, side, .. } => self.create(conn, setup, side),
            Command::Join { code } => self.join(conn, &code),
            Command::Resume { code, token } => self.resume(conn, &code, &token),
            Command::Ping => self.send(conn, &Event::Pong),
            Command::Sync => {
                if let Some((code, side)) = self.seat_of(conn) {
                    self.send(conn, &Event::State(Box::new(self.state(&code, Some(side)))));
                }
            }
            Command::Watch { code } => self.watch(conn, &code),
            // Any name is welcome here; the real server's checks have tests
            // of their own.
            Command::Hello { name, bot, .. } => self.send(
                conn,
                &Event::Welcome {
                    player: stronghold::online::protocol::PlayerInfo {
                        name,
                        bot,
                        rating: None,
                    },
                    ratings: Vec::new(),
                },
            ),
            other => self.play(conn, other),
        }
    }

    fn create(&mut self, conn: u32, setup: GameSetup, side: Side) {
        let Ok(variant) = setup.variant() else {
            return self.send(conn, &Event::error(ErrorKind::BadSetup, "bad setup"));
        };
        let code = format!("room{}", self.rooms.len() + 1);
        let token = format!("token-{code}-{}", side.index());
        let mut seats = [None, None];
        seats[side.index()] = Some((token.clone(), Some(conn)));
        self.rooms.insert(
            code.clone(),
            Room {
                setup,
                game: Game::new(variant),
                moves: Vec::new(),
                game_no: 1,
                seats,
                result: None,
                draw_offer: None,
                rematch_offer: None,
                watchers: Vec::new(),
            },
        );
        self.send(
            conn,
            &Event::Seated {
                code: code.clone(),
                token,
                side,
            },
        );
        self.send(conn, &Event::State(Box::new(self.state(&code, Some(side)))));
    }

    fn join(&mut self, conn: u32, code: &str) {
        let Some(room) = self.rooms.get_mut(code) else {
            return self.send(conn, &Event::error(ErrorKind::UnknownRoom, "no room"));
        };
        let Some(side) = [Side::Hunters, Side::Crowd]
            .into_iter()
            .find(|s| room.seats[s.index()].is_none())
        else {
            return self.send(conn, &Event::error(ErrorKind::RoomFull, "full"));
        };
        let token = format!("token-{code}-{}", side.index());
        room.seats[side.index()] = Some((token.clone(), Some(conn)));
        self.send(
            conn,
            &Event::Seated {
                code: code.to_string(),
                token,
                side,
            },
        );
        self.send_states(code);
    }

    fn resume(&mut self, conn: u32, code: &str, token: &str) {
        let Some(room) = self.rooms.get_mut(code) else {
            return self.send(conn, &Event::error(ErrorKind::UnknownRoom, "no room"));
        };
        let Some(side) = [Side::Hunters, Side::Crowd]
            .into_iter()
            .find(|s| matches!(&room.seats[s.index()], Some((t, _)) if t == token))
        else {
            return self.send(conn, &Event::error(ErrorKind::BadToken, "bad token"));
        };
        room.seats[side.index()] = Some((token.to_string(), Some(conn)));
        self.send_states(code);
    }

    fn watch(&mut self, conn: u32, code: &str) {
        let Some(room) = self.rooms.get_mut(code) else {
            return self.send(conn, &Event::error(ErrorKind::UnknownRoom, "no room"));
        };
        room.watchers.push(conn);
        self.send_states(code);
    }

    /// Everyone in the room gets the whole room (presence included).
    fn send_states(&self, code: &str) {
        let room = &self.rooms[code];
        for side in [Side::Hunters, Side::Crowd] {
            if let Some((_, Some(c))) = &room.seats[side.index()] {
                self.send(*c, &Event::State(Box::new(self.state(code, Some(side)))));
            }
        }
        for &c in &room.watchers {
            self.send(c, &Event::State(Box::new(self.state(code, None))));
        }
    }

    fn broadcast(&self, code: &str, event: &Event) {
        let room = &self.rooms[code];
        for (_, c) in room.seats.iter().flatten() {
            if let Some(c) = c {
                self.send(*c, event);
            }
        }
        for &c in &room.watchers {
            self.send(c, event);
        }
    }

    fn state(&self, code: &str, you: Option<Side>) -> RoomState {
        let room = &self.rooms[code];
        let seat = |side: Side| match &room.seats[side.index()] {
            None => SeatStatus::Empty,
            Some((_, Some(_))) => SeatStatus::Connected,
            Some((_, None)) => SeatStatus::Gone { claim_in_ms: 0 },
        };
        RoomState {
            code: code.to_string(),
            setup: room.setup.clone(),
            game_no: room.game_no,
            you,
            moves: room.moves.clone(),
            clock: None,
            clocks: None,
            hunters: seat(Side::Hunters),
            crowd: seat(Side::Crowd),
            draw_offer: room.draw_offer,
            rematch_offer: room.rematch_offer,
            result: room.result,
            spectators: room.watchers.len() as u32,
            players: Default::default(),
            rated: false,
            ratings: None,
        }
    }

    fn play(&mut self, conn: u32, command: Command) {
        let Some((code, side)) = self.seat_of(conn) else {
            return self.send(conn, &Event::error(ErrorKind::NotSeated, "no seat"));
        };
        let room = self.rooms.get_mut(&code).expect("room");
        let over = room.result.is_some() || room.game.is_over();
        let event = match command {
            Command::Rematch if over => return self.rematch(&code, side),
            _ if over => Event::error(ErrorKind::GameOver, "over"),
            Command::Move { ply, mv } => return self.play_move(conn, &code, side, ply, mv),
            Command::Resign => {
                let result = GameResult {
                    winner: Some(side.other()),
                    reason: EndReason::Resigned,
                };
                room.result = Some(result);
                Event::Ended {
                    result,
                    clocks: None,
                    ratings: None,
                }
            }
            Command::OfferDraw => {
                room.draw_offer = Some(side);
                Event::DrawOffered { by: side }
            }
            Command::AcceptDraw if room.draw_offer == Some(side.other()) => {
                let result = GameResult {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                };
                room.result = Some(result);
                room.draw_offer = None;
                Event::Ended {
                    result,
                    clocks: None,
                    ratings: None,
                }
            }
            Command::DeclineDraw => {
                room.draw_offer = None;
                Event::DrawDeclined { by: side }
            }
            _ => Event::error(ErrorKind::BadFields, "not here"),
        };
        self.broadcast(&code, &event);
    }

    /// A rematch asked by `side`: offered, or (asked by both) begun with
    /// the sides swapped.
    fn rematch(&mut self, code: &str, side: Side) {
        let room = self.rooms.get_mut(code).expect("room");
        if room.rematch_offer == Some(side.other()) {
            let variant = room.setup.variant().expect("setup");
            room.game = Game::new(variant);
            room.moves.clear();
            room.game_no += 1;
            room.seats.swap(0, 1);
            room.result = None;
            room.rematch_offer = None;
            return self.send_states(code);
        }
        room.rematch_offer = Some(side);
        self.broadcast(code, &Event::RematchOffered { by: side });
    }

    /// A move: checked by the rules, stored, relayed to both seats.
    fn play_move(&mut self, conn: u32, code: &str, side: Side, ply: u32, mv: String) {
        let room = self.rooms.get_mut(code).expect("room");
        if ply as usize != room.moves.len() {
            return self.send(conn, &Event::error(ErrorKind::StalePly, "stale"));
        }
        if room.game.side_to_move() != side {
            return self.send(conn, &Event::error(ErrorKind::NotYourTurn, "not yours"));
        }
        let legal = room
            .game
            .parse_move(&mv)
            .ok()
            .filter(|m| room.game.play(m).is_ok());
        if legal.is_none() {
            return self.send(conn, &Event::error(ErrorKind::IllegalMove, "illegal"));
        }
        room.moves.push(mv.clone());
        if let Some(outcome) = room.game.outcome() {
            room.result = Some(GameResult::of(outcome));
        }
        let ended = room.result;
        self.broadcast(
            code,
            &Event::Moved {
                ply,
                mv,
                clocks: None,
            },
        );
        if let Some(result) = ended {
            self.broadcast(
                code,
                &Event::Ended {
                    result,
                    clocks: None,
                    ratings: None,
                },
            );
        }
    }

    fn leave(&mut self, conn: u32) {
        self.conns.remove(&conn);
        for room in self.rooms.values_mut() {
            room.watchers.retain(|&c| c != conn);
        }
        let Some((code, side)) = self.seat_of(conn) else {
            return;
        };
        if let Some(Some((_, c))) = self
            .rooms
            .get_mut(&code)
            .map(|r| &mut r.seats[side.index()])
        {
            *c = None;
        }
        self.broadcast(
            &code,
            &Event::Presence {
                side,
                status: SeatStatus::Gone {
                    claim_in_ms: 60_000,
                },
            },
        );
    }
}
