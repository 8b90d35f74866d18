//! The game online, headless: the app creates or joins a room on a server
//! on 127.0.0.1 (a small stand-in for `stronghold-server`, started by each
//! test on a port of its own), a friend plays through the real client
//! library, and moves go both ways through the `Match`. Also: undo is
//! refused, resigning goes through the server, a dropped connection comes
//! back without losing a move, and a wrong code is refused. Every wait is
//! a bounded loop.

use crate::online_fake;

use std::time::Duration;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};

use online_fake::FakeServer;
use stronghold::game::common::notice::Notices;
use stronghold::game::common::screens::Screen;
use stronghold::game::common::settings::{OnlineSeat, Settings};
use stronghold::game::play::match_state::{
    Conclusion, Match, MatchCommand, MoveIntent, MoveSource, Player,
};
use stronghold::game::play::online::{Lobby, Online, OnlineCommand, Phase};
use stronghold::game::shell::launch::{Launch, LaunchOptions, LaunchPlugin};
use stronghold::game::shell::persist::Persistence;
use stronghold::game::{GamePlugin, headless_app, headless_base};
use stronghold::online::{
    Client, ClientEvent, Command, ConnectionStatus, Event, GameSetup, Opening,
};
use stronghold::rules::{Game, GameId, Side, Variant};

/// How long a test waits for something at most (a loaded machine can take
/// seconds to reconnect; the loop still ends by itself).
const PATIENCE: Duration = Duration::from_secs(60);

fn app() -> App {
    let mut app = headless_app();
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    // Nobody thinks for the sides before the room arrives.
    app.insert_resource(Match::new(
        Variant::new(GameId::named("pirates")),
        Match::players(Player::Human, Player::Human),
    ));
    app.update();
    app
}

/// The friend on the other machine: a client of the library, with the game
/// as its events tell it.
struct Friend {
    client: Client,
    moves: Vec<String>,
    side: Option<Side>,
    events: Vec<Event>,
}

impl Friend {
    fn new(server: &FakeServer, opening: Opening) -> Friend {
        Friend {
            client: Client::new(&server.url(), opening),
            moves: Vec::new(),
            side: None,
            events: Vec::new(),
        }
    }
    fn poll(&mut self) {
        for event in self.client.poll() {
            let event = match event {
                ClientEvent::Server(event) => event,
                // Seated again only once the server says so on a new
                // connection: a command sent before that can go down with
                // the old one.
                ClientEvent::Lost { .. } => {
                    self.side = None;
                    continue;
                }
                _ => continue,
            };
            match &event {
                Event::State(state) => {
                    self.moves = state.moves.clone();
                    self.side = state.you;
                }
                Event::Moved { ply, mv, .. } if *ply as usize == self.moves.len() => {
                    self.moves.push(mv.clone());
                }
                _ => {}
            }
            self.events.push(event);
        }
    }
    /// Plays the first legal move for its side.
    fn play_first_legal(&mut self, variant: Variant) -> String {
        let mut game = Game::new(variant);
        for text in &self.moves {
            let mv = game.parse_move(text).unwrap();
            game.play(&mv).unwrap();
        }
        assert_eq!(Some(game.side_to_move()), self.side, "the friend's turn");
        let mv = game.move_text(&game.legal_moves()[0]);
        let ply = self.moves.len() as u32;
        self.client
            .send(&Command::Move {
                ply,
                mv: mv.clone(),
            })
            .expect("the friend is connected");
        mv
    }
}

/// Runs the app (and the friend) until `done` holds; fails after PATIENCE.
fn until(
    app: &mut App,
    mut friend: Option<&mut Friend>,
    what: &str,
    done: impl Fn(&App, Option<&Friend>) -> bool,
) {
    let started = std::time::Instant::now();
    while started.elapsed() < PATIENCE {
        app.update();
        if let Some(f) = friend.as_deref_mut() {
            f.poll();
        }
        if done(app, friend.as_deref()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(3));
    }
    panic!(
        "gave up waiting for: {what}; here: {:?}, moves {:?}",
        online(app),
        moves(app)
    );
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn moves(app: &App) -> Vec<String> {
    the_match(app).game().move_texts()
}

/// Plays the app's first legal move as a person would (a click is the same intent).
fn play_here(app: &mut App) -> String {
    let game = the_match(app).game();
    let mv = game.legal_moves()[0];
    let text = game.move_text(&mv);
    app.world_mut().write_message(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    text
}

/// The app creates a Pirates room on the crowd's side; a friend joins it.
fn created_room(server: &FakeServer) -> (App, Friend, String) {
    created_room_from(app(), server)
}

/// Creates an unrated room of `variant` from the app, on the crowd's side,
/// and waits for its code.
fn create_room(app: &mut App, server: &FakeServer, variant: Variant) -> String {
    app.world_mut().write_message(OnlineCommand::Create {
        server: server.url(),
        variant,
        side: Side::Crowd,
        clock: None,
        rated: false,
    });
    until(app, None, "the room", |app, _| online(app).code().is_some());
    online(app).code().unwrap().to_string()
}

/// [`created_room`] from a given app.
fn created_room_from(mut app: App, server: &FakeServer) -> (App, Friend, String) {
    let code = create_room(&mut app, server, Variant::new(GameId::named("pirates")));
    let mut friend = Friend::new(server, Opening::Join { code: code.clone() });
    until(
        &mut app,
        Some(&mut friend),
        "the friend seated",
        |app, f| {
            f.is_some_and(|f| f.side == Some(Side::Hunters))
                && online(app).room.as_ref().is_some_and(|r| {
                    r.seat(Side::Hunters) == stronghold::online::SeatStatus::Connected
                })
        },
    );
    (app, friend, code)
}

#[test]
fn a_created_room_plays_moves_both_ways() {
    let server = FakeServer::start();
    let (mut app, mut friend, code) = created_room(&server);
    let m = the_match(&app);
    assert_eq!(m.player(Side::Crowd), Player::Human);
    assert_eq!(m.player(Side::Hunters), Player::Remote);
    assert!(m.is_online());
    // A player who chose no name plays as a made-up guest, kept, with a
    // key made for it.
    let settings = app.world().resource::<Settings>().clone();
    assert!(settings.player_name.starts_with("guest-"), "{settings:?}");
    assert_eq!(
        online(&app).me.as_ref().map(|m| m.name.clone()),
        Some(settings.player_name.clone())
    );
    assert!(stronghold::online::protocol::check_key(&settings.player_key).is_ok());
    let variant = *m.variant();
    for round in 0..3 {
        // The crowd moves first: here, then the friend's answer arrives.
        let mine = play_here(&mut app);
        until(
            &mut app,
            Some(&mut friend),
            "our move at the friend",
            |_, f| f.is_some_and(|f| f.moves.len() == round * 2 + 1),
        );
        assert_eq!(friend.moves.last(), Some(&mine));
        let theirs = friend.play_first_legal(variant);
        until(
            &mut app,
            Some(&mut friend),
            "the friend's move here",
            |app, _| the_match(app).game().ply() == round * 2 + 2,
        );
        assert_eq!(moves(&app).last(), Some(&theirs));
    }
    assert_eq!(moves(&app), server.moves(&code));
    assert_eq!(
        online(&app).room.as_ref().unwrap().moves,
        server.moves(&code)
    );
    // The app, which draws only when something changes, still wakes at
    // least each second while connected (to ping; messages wake it too).
    app.update();
    match app.world().resource::<WinitSettings>().focused_mode {
        UpdateMode::Reactive { wait, .. } => assert!(wait <= Duration::from_secs(1), "{wait:?}"),
        // A frame wanted at once (something still moving).
        UpdateMode::Continuous => {}
    }
}

/// Every built-in game, with an option changed where it has one, is
/// created online from the app (on the crowd's side), a friend joins, and
/// a move goes each way; then the app leaves for the next game.
#[test]
fn every_game_is_played_online_from_the_app() {
    let server = FakeServer::start();
    let mut app = app();
    for game in GameId::built_in() {
        let mut variant = Variant::new(game);
        if let Some(option) = game.file().options.first() {
            let other = option.values.iter().find(|v| **v != option.default);
            variant.set(&option.key, other.unwrap()).unwrap();
        }
        let code = create_room(&mut app, &server, variant);
        let mut friend = Friend::new(&server, Opening::Join { code: code.clone() });
        until(
            &mut app,
            Some(&mut friend),
            "the friend seated",
            |app, f| {
                f.is_some_and(|f| f.side == Some(Side::Hunters))
                    && online(app).phase == Phase::Playing
            },
        );
        assert_eq!(*the_match(&app).variant(), variant, "{game}");
        for ply in 1..=2 {
            if the_match(&app).game().side_to_move() == Side::Crowd {
                play_here(&mut app);
                until(&mut app, Some(&mut friend), "ours there", |_, f| {
                    f.is_some_and(|f| f.moves.len() == ply)
                });
            } else {
                friend.play_first_legal(variant);
                until(&mut app, Some(&mut friend), "theirs here", |app, _| {
                    the_match(app).game().ply() == ply
                });
            }
        }
        assert_eq!(moves(&app), server.moves(&code), "{game}");
        assert_eq!(friend.moves, server.moves(&code), "{game}");
        app.world_mut().write_message(OnlineCommand::Leave);
        app.update();
        assert!(!online(&app).is_on(), "{game}: left");
    }
}

/// A game read from a file is not sent to a server (which knows only the
/// built-in games): creating a room or playing anyone in it says so and
/// connects to nothing.
#[test]
fn a_game_read_from_a_file_is_not_played_online() {
    let server = FakeServer::start();
    let mut app = app();
    let text = include_str!("../../assets/games/kaooa.game.ron")
        .replace("id: \"kaooa\"", "id: \"kaooa-from-a-file\"");
    let variant = Variant::new(GameId::load("kaooa-from-a-file", text.as_bytes()).unwrap());
    let url = server.url();
    for command in [
        OnlineCommand::Create {
            server: url.clone(),
            variant,
            side: Side::Crowd,
            clock: None,
            rated: false,
        },
        OnlineCommand::Anyone {
            server: url.clone(),
            variant,
            clock: None,
        },
    ] {
        app.world_mut().write_message(command);
        app.update();
        app.update();
        assert!(!online(&app).is_on(), "{:?}", online(&app));
        let shown = &app.world().resource::<Notices>().shown;
        assert!(
            shown.iter().any(|(n, _)| n.msg.id == "online-file-game"),
            "{:?}",
            shown
                .iter()
                .map(|(n, _)| n.msg.id.clone())
                .collect::<Vec<_>>()
        );
    }
}

/// An app as the game starts it, keeping its files (the settings) in `dir`,
/// with `server` as the settings' game server.
fn app_keeping_files(dir: &std::path::Path, server: &FakeServer) -> App {
    let mut app = headless_app();
    Persistence::in_dir(dir).boot().install(&mut app, true);
    let mut settings = app.world_mut().resource_mut::<Settings>();
    settings.reduced_motion = true;
    settings.server = server.url();
    app.insert_resource(Match::new(
        Variant::new(GameId::named("pirates")),
        Match::players(Player::Human, Player::Human),
    ));
    app.update();
    app
}

/// The app launched as a player starts it, with `args`, its files in `dir`.
fn launched(args: &[&str], dir: &std::path::Path) -> App {
    let options = LaunchOptions::parse(args.iter().map(|a| a.to_string())).unwrap();
    let launch = Launch::new(options, Persistence::in_dir(dir)).unwrap();
    let mut app = headless_base("assets");
    app.add_plugins((GamePlugin, LaunchPlugin(launch)));
    app
}

/// A seat survives a crash and a reload: the seat is in the settings file
/// soon after it is taken; the app launched again with nothing asked for
/// sits in it at once, in the game screen, with the game as it stood; so
/// does a page reloaded at `?join=CODE` (a join would be refused: both
/// seats are taken); the game goes on; its end forgets the seat.
#[test]
fn a_kept_seat_comes_back_after_a_crash_and_a_reload() {
    let server = FakeServer::start();
    let dir = tempfile::tempdir().unwrap();
    let settings_file = dir.path().join("settings.ron");
    let (mut app, mut friend, code) =
        created_room_from(app_keeping_files(dir.path(), &server), &server);
    let mine = play_here(&mut app);
    until(
        &mut app,
        Some(&mut friend),
        "our move at the friend",
        |_, f| f.is_some_and(|f| f.moves.len() == 1),
    );
    until(&mut app, Some(&mut friend), "the seat written", |_, _| {
        std::fs::read_to_string(&settings_file).is_ok_and(|t| t.contains(&code))
    });
    // A crash: the server is told nothing.
    drop(app);
    let variant = Variant::new(GameId::named("pirates"));
    let mut app = None;
    for args in [vec![], vec!["--join", code.as_str()]] {
        let mut relaunched = launched(&args, dir.path());
        until(
            &mut relaunched,
            Some(&mut friend),
            "back in the seat",
            |app, _| {
                online(app).phase == Phase::Playing
                    && online(app).you == Some(Side::Crowd)
                    && moves(app) == [mine.clone()]
                    && *app.world().resource::<State<Screen>>().get() == Screen::Game
            },
        );
        assert!(the_match(&relaunched).is_online(), "{args:?}");
        app = Some(relaunched);
    }
    let mut app = app.unwrap();
    let theirs = friend.play_first_legal(variant);
    until(
        &mut app,
        Some(&mut friend),
        "the friend's move here",
        |app, _| the_match(app).game().ply() == 2,
    );
    assert_eq!(moves(&app), [mine, theirs]);
    // The end forgets the seat, on disk too.
    app.world_mut().write_message(OnlineCommand::Resign);
    until(
        &mut app,
        Some(&mut friend),
        "the seat forgotten",
        |app, _| {
            app.world().resource::<Settings>().online_seat.is_none()
                && std::fs::read_to_string(&settings_file).is_ok_and(|t| !t.contains(&code))
        },
    );
}

/// A kept seat the server no longer knows is refused once and forgotten;
/// a launch that asks for a game of its own keeps the seat for later.
#[test]
fn a_kept_seat_the_server_does_not_know_is_forgotten() {
    let server = FakeServer::start();
    let dir = tempfile::tempdir().unwrap();
    let seat = OnlineSeat {
        server: server.url(),
        code: "ZZZZZZ".into(),
        token: "not-a-token".into(),
        from_lobby: false,
    };
    stronghold::save::Saves::in_dir(dir.path())
        .write_settings(&Settings {
            online_seat: Some(seat.clone()),
            ..Settings::default()
        })
        .unwrap();
    // A game of its own: the seat is not tried, and stays.
    let mut app = launched(&["--game", "asalto"], dir.path());
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(online(&app).phase, Phase::Off);
    assert_eq!(app.world().resource::<Settings>().online_seat, Some(seat));
    drop(app);
    // Nothing asked for: tried, refused, forgotten.
    let mut app = launched(&[], dir.path());
    until(
        &mut app,
        None,
        "the seat refused and forgotten",
        |app, _| {
            matches!(online(app).phase, Phase::Refused(_))
                && app.world().resource::<Settings>().online_seat.is_none()
        },
    );
}

/// A link's server is for that game only: launched with `--join CODE
/// --server URL` (a link's `join=` and `server=`), the app plays on that
/// server while the default server stays what it was, in the settings and
/// on disk; a reload at the same link sits in the seat again (a second
/// join would be refused: both seats are taken); and only the player's
/// "keep this server" makes it the default.
#[test]
fn a_links_server_is_for_that_game_only() {
    let server = FakeServer::start();
    let dir = tempfile::tempdir().unwrap();
    let mut creator = app();
    creator.world_mut().write_message(OnlineCommand::Create {
        server: server.url(),
        variant: Variant::new(GameId::named("pirates")),
        side: Side::Crowd,
        clock: None,
        rated: false,
    });
    until(&mut creator, None, "the room", |app, _| {
        online(app).code().is_some()
    });
    let code = online(&creator).code().unwrap().to_string();
    let url = server.url();
    let args = ["--join", code.as_str(), "--server", url.as_str()];
    let default = Settings::default().server;
    assert_ne!(default, url);
    for round in ["the link", "a reload at the link"] {
        let mut joined = launched(&args, dir.path());
        until(&mut joined, None, round, |app, _| {
            online(app).phase == Phase::Playing && online(app).you == Some(Side::Hunters)
        });
        assert_eq!(online(&joined).server, url, "{round}");
        assert_eq!(
            joined.world().resource::<Settings>().server,
            default,
            "{round}"
        );
        let settings_file = dir.path().join("settings.ron");
        until(&mut joined, None, "the seat written", |_, _| {
            std::fs::read_to_string(&settings_file).is_ok_and(|t| t.contains(&code))
        });
        let on_disk = Persistence::in_dir(dir.path()).boot().settings;
        assert_eq!(on_disk.server, default, "{round}");
        if round == "a reload at the link" {
            joined.world_mut().write_message(OnlineCommand::KeepServer);
            joined.update();
            assert_eq!(joined.world().resource::<Settings>().server, url);
        }
    }
}

/// A launch's server (a link's `server=`) is every connection's while the
/// run lasts, not the game's alone. A `--create` on it never opens the
/// new-game page's lobby on the default server, not even for the frame
/// before the room is asked for (the browser saw that connection refused).
/// A launch on the new-game page follows that server's lobby, and "my
/// games" would ask it too; the settings' default stays. Once the player
/// changes the default, it is the server for now.
#[cfg(feature = "server")]
#[test]
fn a_links_server_is_the_lobbys_too() {
    use stronghold::game::play::online::ServerForNow;
    let server = RealServer::start();
    let url = server.url.clone();
    let default = Settings::default().server;
    assert_ne!(default, url);
    let lobby = |app: &App| app.world().resource::<Lobby>().clone();
    let followed = |app: &App| lobby(app).server;

    let dir = tempfile::tempdir().unwrap();
    let mut creating = launched(&["--create", "pirates", "--server", &url], dir.path());
    let started = std::time::Instant::now();
    while online(&creating).code().is_none() {
        assert!(
            started.elapsed() < PATIENCE,
            "no room: {:?}",
            online(&creating)
        );
        creating.update();
        let here = followed(&creating);
        assert!(here.is_empty() || here == url, "the lobby followed {here}");
        std::thread::sleep(Duration::from_millis(3));
    }
    assert_eq!(online(&creating).server, url);
    drop(creating);

    let dir = tempfile::tempdir().unwrap();
    let mut app = launched(&["--new-game", "--server", &url], dir.path());
    until(&mut app, None, "the link's lobby", |app, _| {
        let here = followed(app);
        assert!(here.is_empty() || here == url, "the lobby followed {here}");
        lobby(app).connected
    });
    let settings = app.world().resource::<Settings>().clone();
    assert_eq!(settings.server, default);
    let for_now = app.world().resource::<ServerForNow>();
    assert_eq!(
        for_now.of(&settings),
        url,
        "my games asks the link's server"
    );

    let other = "ws://127.0.0.1:9/ws";
    app.world_mut().resource_mut::<Settings>().server = other.to_string();
    until(&mut app, None, "the new default's lobby", |app, _| {
        followed(app) == other
    });
}

/// Several servers (`URL1,URL2`, as Settings and `--server` take them): the
/// first refuses connections, so the app moves on to the next, opens the
/// room there and keeps the seat with the whole list (a resume may then
/// move on too).
#[test]
fn a_list_of_servers_moves_past_one_that_refuses() {
    let server = FakeServer::start();
    let refusing = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let list = format!("ws://127.0.0.1:{refusing}/ws, {}", server.url());
    let mut app = app();
    app.world_mut().write_message(OnlineCommand::Create {
        server: list,
        variant: Variant::new(GameId::named("pirates")),
        side: Side::Crowd,
        clock: None,
        rated: false,
    });
    until(&mut app, None, "the room on the second server", |app, _| {
        online(app).code().is_some()
    });
    let both = format!("ws://127.0.0.1:{refusing}/ws,{}", server.url());
    assert_eq!(online(&app).server, both);
    until(&mut app, None, "the seat kept with both", |app, _| {
        app.world()
            .resource::<Settings>()
            .online_seat
            .as_ref()
            .is_some_and(|s| s.server == both)
    });
}

/// A spectator (`--watch CODE`) sees the live game, the moves before it
/// came and those after, with both sides played from afar: a click moves
/// nothing and sends nothing; the players see one spectator; a kept seat
/// is not touched.
#[test]
fn a_spectator_sees_the_live_game_and_moves_nothing() {
    let server = FakeServer::start();
    let (mut app, mut friend, code) = created_room(&server);
    let variant = *the_match(&app).variant();
    let mine = play_here(&mut app);
    until(
        &mut app,
        Some(&mut friend),
        "our move at the friend",
        |_, f| f.is_some_and(|f| f.moves.len() == 1),
    );
    let dir = tempfile::tempdir().unwrap();
    let kept = OnlineSeat {
        server: server.url(),
        code: "elsewhere".into(),
        token: "t".into(),
        from_lobby: false,
    };
    stronghold::save::Saves::in_dir(dir.path())
        .write_settings(&Settings {
            server: server.url(),
            online_seat: Some(kept.clone()),
            ..Settings::default()
        })
        .unwrap();
    let mut watcher = launched(&["--watch", &code], dir.path());
    until(
        &mut watcher,
        Some(&mut friend),
        "the game watched",
        |w, _| {
            online(w).phase == Phase::Playing
                && moves(w) == [mine.clone()]
                && *w.world().resource::<State<Screen>>().get() == Screen::Game
        },
    );
    assert_eq!(online(&watcher).you, None);
    for side in [Side::Hunters, Side::Crowd] {
        assert_eq!(the_match(&watcher).player(side), Player::Remote);
    }
    // A click is no move, here or on the server.
    play_here(&mut watcher);
    for _ in 0..5 {
        watcher.update();
    }
    assert_eq!(moves(&watcher), std::slice::from_ref(&mine));
    // The players see the spectator; the game goes on under its eyes.
    until(&mut app, Some(&mut friend), "one spectator", |app, _| {
        online(app).room.as_ref().is_some_and(|r| r.spectators == 1)
    });
    let theirs = friend.play_first_legal(variant);
    until(
        &mut watcher,
        Some(&mut friend),
        "the friend's move watched",
        |w, _| moves(w) == [mine.clone(), theirs.clone()],
    );
    assert_eq!(server.moves(&code), [mine, theirs]);
    assert_eq!(
        watcher.world().resource::<Settings>().online_seat,
        Some(kept)
    );
}

/// `stronghold-server` itself on 127.0.0.1 (a port the system chose),
/// killed when dropped.
#[cfg(feature = "server")]
struct RealServer {
    child: std::process::Child,
    url: String,
    _dir: tempfile::TempDir,
}

#[cfg(feature = "server")]
impl RealServer {
    fn start() -> RealServer {
        use std::io::BufRead;
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-server"))
            .args(["--addr", "127.0.0.1:0", "--db"])
            .arg(dir.path().join("games.sqlite3"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the server starts");
        let mut first = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .expect("the server says where it listens");
        let port = first.trim().rsplit(':').next().unwrap().to_string();
        RealServer {
            child,
            url: format!("ws://127.0.0.1:{port}/ws"),
            _dir: dir,
        }
    }
}

#[cfg(feature = "server")]
impl Drop for RealServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// "Play anyone": the page waits in the real server's lobby; a bot that
/// keeps a seek open (`stronghold-cli online --seek`) comes and meets it;
/// the game is played both ways and ends for both when the page resigns.
#[cfg(feature = "server")]
#[test]
fn play_anyone_meets_a_bot_in_the_lobby() {
    let server = RealServer::start();
    let mut app = app();
    app.world_mut().write_message(OnlineCommand::Anyone {
        server: server.url.clone(),
        variant: Variant::new(GameId::named("pirates")),
        clock: None,
    });
    until(&mut app, None, "waiting in the lobby", |app, _| {
        online(app).seeking.is_some() && online(app).phase == Phase::Opening
    });
    let bot = BotGuard::seeking(&server, "pirates");
    until(&mut app, None, "seated against the bot", |app, _| {
        online(app).phase == Phase::Playing && online(app).you == Some(Side::Crowd)
    });
    assert_eq!(online(&app).seeking, None);
    assert_eq!(the_match(&app).player(Side::Hunters), Player::Remote);
    // A stranger from the lobby, kept so with the seat.
    assert!(online(&app).from_lobby);
    until(&mut app, None, "the seat kept", |app, _| {
        app.world()
            .resource::<Settings>()
            .online_seat
            .as_ref()
            .is_some_and(|s| s.from_lobby)
    });
    for round in 0..3 {
        play_here(&mut app);
        until(&mut app, None, "the bot's answer", |app, _| {
            the_match(app).game().ply() == round * 2 + 2
        });
    }
    let played = moves(&app);
    app.world_mut().write_message(OnlineCommand::Resign);
    until(&mut app, None, "the end", |app, _| the_match(app).is_over());
    let output = bot.wait_with_output_bounded();
    assert!(output.status.success());
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let bot_moves: Vec<String> = lines
        .iter()
        .filter_map(|l| l.split_once(": ").filter(|(k, _)| k.starts_with("move ")))
        .map(|(_, mv)| mv.to_string())
        .collect();
    assert_eq!(bot_moves, played, "{lines:?}");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("result: ")),
        "{lines:?}"
    );
}

/// The new-game page follows the server's lobby: a bot's seek is listed
/// (with its game and side), taking it seats the page in the bot's game,
/// and the list's connection closes once the game is on.
#[cfg(feature = "server")]
#[test]
fn the_new_game_page_lists_the_lobby_and_takes_a_seek() {
    let server = RealServer::start();
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().server = server.url.clone();
    app.insert_resource(stronghold::game::common::screens::MenuPage::NewGame);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    let lobby = |app: &App| app.world().resource::<Lobby>().clone();
    until(&mut app, None, "the empty lobby", |app, _| {
        lobby(app).connected && lobby(app).seeks.is_empty()
    });
    let _bot = BotGuard::seeking(&server, "fox-geese");
    until(&mut app, None, "the bot's seek listed", |app, _| {
        lobby(app).seeks.len() == 1
    });
    let seek = lobby(&app).seeks[0].clone();
    assert_eq!(seek.setup.game, "fox-geese");
    assert_eq!(seek.side, Some(Side::Hunters));
    app.world_mut().write_message(OnlineCommand::Take {
        server: server.url.clone(),
        seek: seek.seek,
    });
    until(&mut app, None, "seated in the bot's game", |app, _| {
        online(app).phase == Phase::Playing
            && online(app).you == Some(Side::Crowd)
            && the_match(app).kind().id() == "fox-geese"
            && *app.world().resource::<State<Screen>>().get() == Screen::Game
    });
    assert!(!lobby(&app).connected, "the list's connection closed");
    // A seek gone meanwhile is refused with its reason.
    app.world_mut().write_message(OnlineCommand::Take {
        server: server.url.clone(),
        seek: seek.seek,
    });
    until(&mut app, None, "the seek refused", |app, _| {
        online(app).phase == Phase::Refused(stronghold::online::ErrorKind::UnknownSeek)
    });
}

/// The new-game page lists the games being played (two bots that met in
/// the lobby), and watching one shows it live, as a spectator.
#[cfg(feature = "server")]
#[test]
fn the_lobby_lists_games_being_played_to_watch() {
    let server = RealServer::start();
    let slow_bot = |args: &[&str]| {
        let bot = std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
            .args(["online", "--server", &server.url])
            .args(args)
            .args(["--level", "easy", "--pace-ms", "300"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the bot starts");
        BotGuard(bot)
    };
    let _seeker = slow_bot(&["--seek", "asalto"]);
    let _taker = slow_bot(&["--anyone", "asalto"]);
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().server = server.url.clone();
    app.insert_resource(stronghold::game::common::screens::MenuPage::NewGame);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    until(&mut app, None, "the game listed", |app, _| {
        app.world().resource::<Lobby>().games.len() == 1
    });
    let game = app.world().resource::<Lobby>().games[0].clone();
    assert_eq!(game.setup.game, "asalto");
    app.world_mut().write_message(OnlineCommand::Watch {
        server: server.url.clone(),
        code: game.code.clone(),
    });
    until(&mut app, None, "the game watched", |app, _| {
        online(app).phase == Phase::Playing
            && online(app).code() == Some(game.code.as_str())
            && the_match(app).game().ply() >= 2
    });
    assert_eq!(online(&app).you, None);
    assert_eq!(the_match(&app).kind(), GameId::named("asalto"));
}

/// A player with a name plays a bot from the lobby: both are named on the
/// panel with their ratings, the game is rated, the player's key is made
/// and kept with the settings, the rating's change arrives with the end,
/// and "My online games" finds the game again and opens it in review.
#[cfg(feature = "server")]
#[test]
fn a_named_player_is_rated_and_finds_the_game_again() {
    use stronghold::game::play::online::MyGames;
    let server = RealServer::start();
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().player_name = "Mira".into();
    app.world_mut().write_message(OnlineCommand::Anyone {
        server: server.url.clone(),
        variant: Variant::new(GameId::named("pirates")),
        clock: None,
    });
    until(&mut app, None, "waiting in the lobby", |app, _| {
        online(app).seeking.is_some()
    });
    let key = app.world().resource::<Settings>().player_key.clone();
    assert!(
        stronghold::online::protocol::check_key(&key).is_ok(),
        "a key made: {key:?}"
    );
    assert_eq!(
        online(&app).me.as_ref().map(|m| m.name.as_str()),
        Some("Mira")
    );
    let bot = BotGuard::seeking_named(&server, "pirates", "Rook");
    until(&mut app, None, "seated against the bot", |app, _| {
        online(app)
            .room
            .as_ref()
            .is_some_and(|r| r.players.hunters.is_some())
    });
    let room = online(&app).room.clone().unwrap();
    assert!(
        room.rated,
        "a lobby game between two named players is rated"
    );
    let hunters = room.players.hunters.clone().unwrap();
    assert_eq!((hunters.name.as_str(), hunters.bot), ("Rook", true));
    let crowd = room.players.crowd.clone().unwrap();
    assert_eq!(crowd.name, "Mira");
    assert!(
        crowd
            .rating
            .is_some_and(|r| r.provisional && r.rating == 1500)
    );
    play_here(&mut app);
    until(&mut app, None, "the bot's answer", |app, _| {
        the_match(app).game().ply() == 2
    });
    let played = moves(&app);
    app.world_mut().write_message(OnlineCommand::Resign);
    until(&mut app, None, "the ratings' change", |app, _| {
        online(app)
            .room
            .as_ref()
            .is_some_and(|r| r.ratings.is_some())
    });
    let change = online(&app).room.as_ref().unwrap().ratings.unwrap();
    assert!(
        change.crowd.new.rating < change.crowd.old.rating,
        "{change:?}"
    );
    assert!(
        change.hunters.new.rating > change.hunters.old.rating,
        "{change:?}"
    );
    drop(bot);
    // The same key a second time: the archive knows this player's game.
    app.world_mut().write_message(OnlineCommand::MyGames {
        server: server.url.clone(),
    });
    until(&mut app, None, "my games", |app, _| {
        app.world().resource::<MyGames>().loaded
    });
    let games = app.world().resource::<MyGames>().games.clone();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].moves, played);
    assert_eq!(games[0].ratings, Some(change));
    app.world_mut()
        .write_message(OnlineCommand::Review(Box::new(games[0].clone())));
    until(&mut app, None, "the game in review", |app, _| {
        moves(app) == played && the_match(app).is_over() && !the_match(app).is_online()
    });
    assert_eq!(
        the_match(&app).conclusion(),
        Some(Conclusion::Resigned(Side::Crowd))
    );
}

/// A bot process, killed if the test ends first.
#[cfg(feature = "server")]
struct BotGuard(std::process::Child);

#[cfg(feature = "server")]
impl BotGuard {
    /// `stronghold-cli online --seek GAME --side hunters` at Easy on
    /// `server`, its moves on a pipe.
    fn seeking(server: &RealServer, game: &str) -> BotGuard {
        let bot = std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
            .args(["online", "--server", &server.url, "--seek", game])
            .args(["--side", "hunters", "--level", "easy", "--pace-ms", "5"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the bot starts");
        BotGuard(bot)
    }

    /// [`BotGuard::seeking`] under a name (and a key of its own): its games
    /// are rated.
    fn seeking_named(server: &RealServer, game: &str, name: &str) -> BotGuard {
        let key = format!("{name}-key-for-the-test-only");
        let bot = std::process::Command::new(env!("CARGO_BIN_EXE_stronghold-cli"))
            .args(["online", "--server", &server.url, "--seek", game])
            .args(["--side", "hunters", "--level", "easy", "--pace-ms", "5"])
            .args(["--name", name, "--key", &key])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the bot starts");
        BotGuard(bot)
    }

    /// Waits for the bot to exit (at most PATIENCE); its output.
    fn wait_with_output_bounded(mut self) -> std::process::Output {
        let started = std::time::Instant::now();
        while started.elapsed() < PATIENCE {
            if self.0.try_wait().expect("a status").is_some() {
                let child = std::mem::replace(
                    &mut self.0,
                    std::process::Command::new("true")
                        .spawn()
                        .expect("true runs"),
                );
                return child.wait_with_output().expect("the output");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the bot did not finish");
    }
}

#[cfg(feature = "server")]
impl Drop for BotGuard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn joining_by_code_takes_the_other_seat() {
    let server = FakeServer::start();
    let setup = GameSetup::of(&Variant::new(GameId::named("fox-geese")));
    let mut friend = Friend::new(
        &server,
        Opening::Create {
            setup,
            side: Side::Hunters,
            clock: None,
            rated: false,
        },
    );
    let mut app = app();
    until(&mut app, Some(&mut friend), "the friend's room", |_, f| {
        f.is_some_and(|f| f.client.session().is_some())
    });
    let code = friend.client.session().unwrap().code.clone();
    app.world_mut().write_message(OnlineCommand::Join {
        server: server.url(),
        code,
    });
    until(&mut app, Some(&mut friend), "seated", |app, _| {
        online(app).phase == Phase::Playing && the_match(app).is_online()
    });
    let m = the_match(&app);
    assert_eq!(m.kind(), GameId::named("fox-geese"));
    assert_eq!(online(&app).you, Some(Side::Crowd));
    assert_eq!(m.player(Side::Hunters), Player::Remote);
    // The fox moves first in Fox and Geese: theirs comes here, ours goes back.
    let theirs = friend.play_first_legal(*the_match(&app).variant());
    until(&mut app, Some(&mut friend), "their move here", |app, _| {
        the_match(app).game().ply() == 1
    });
    assert_eq!(moves(&app), std::slice::from_ref(&theirs));
    let mine = play_here(&mut app);
    until(&mut app, Some(&mut friend), "our move there", |_, f| {
        f.is_some_and(|f| f.moves.len() == 2)
    });
    assert_eq!(friend.moves, [theirs, mine]);
}

#[test]
fn undo_is_refused_and_resigning_goes_through_the_server() {
    let server = FakeServer::start();
    let (mut app, mut friend, _) = created_room(&server);
    play_here(&mut app);
    until(&mut app, Some(&mut friend), "the move stored", |app, _| {
        online(app)
            .room
            .as_ref()
            .is_some_and(|r| r.moves.len() == 1)
    });
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    assert_eq!(the_match(&app).game().ply(), 1, "undo online");
    // A local resign does nothing to an online match until the server ends it.
    app.world_mut().write_message(OnlineCommand::Resign);
    until(&mut app, Some(&mut friend), "the end", |app, f| {
        the_match(app).is_over()
            && f.is_some_and(|f| f.events.iter().any(|e| matches!(e, Event::Ended { .. })))
    });
    assert_eq!(
        the_match(&app).conclusion(),
        Some(Conclusion::Resigned(Side::Crowd))
    );
}

#[test]
fn a_dropped_connection_comes_back_without_losing_a_move() {
    let server = FakeServer::start();
    let (mut app, mut friend, code) = created_room(&server);
    play_here(&mut app);
    until(
        &mut app,
        Some(&mut friend),
        "the first move there",
        |_, f| f.is_some_and(|f| f.moves.len() == 1),
    );
    // The server goes away for a moment; both ends notice. (Without waiting
    // for the friend too, it could still be Connected on the old
    // connection, the server already closing it, and its move would be
    // lost with it: nothing would resend it.)
    server.drop_connections(true);
    until(
        &mut app,
        Some(&mut friend),
        "both reconnecting",
        |app, f| {
            matches!(
                online(app).connection,
                Some(ConnectionStatus::Reconnecting { .. })
            ) && f.is_some_and(|f| f.side.is_none())
        },
    );
    server.reopen();
    // The friend is back (seated again by the server) and moves; the app
    // resumes its seat and gets the move, then answers.
    until(&mut app, Some(&mut friend), "the friend back", |_, f| {
        f.is_some_and(|f| f.client.status() == ConnectionStatus::Connected && f.side.is_some())
    });
    let theirs = friend.play_first_legal(Variant::new(GameId::named("pirates")));
    until(
        &mut app,
        Some(&mut friend),
        "their move after the drop",
        |app, _| online(app).connected() && the_match(app).game().ply() == 2,
    );
    assert_eq!(moves(&app)[1], theirs);
    play_here(&mut app);
    until(&mut app, Some(&mut friend), "our answer there", |_, f| {
        f.is_some_and(|f| f.moves.len() == 3)
    });
    assert_eq!(moves(&app), server.moves(&code));
}

#[test]
fn a_wrong_code_is_refused() {
    let server = FakeServer::start();
    let mut app = app();
    app.world_mut().write_message(OnlineCommand::Join {
        server: server.url(),
        code: "nosuchroom".into(),
    });
    until(&mut app, None, "the refusal", |app, _| {
        matches!(online(app).phase, Phase::Refused(_))
    });
    // The game on the board is untouched.
    assert!(!the_match(&app).is_online());
}

#[test]
fn a_draw_and_a_rematch_with_sides_swapped_go_through_the_server() {
    let server = FakeServer::start();
    let (mut app, mut friend, _) = created_room(&server);
    play_here(&mut app);
    until(&mut app, Some(&mut friend), "the move there", |_, f| {
        f.is_some_and(|f| f.moves.len() == 1)
    });
    // The friend offers a draw; the panel's "accept" sends it back.
    friend.client.send(&Command::OfferDraw).unwrap();
    until(&mut app, Some(&mut friend), "the offer here", |app, _| {
        online(app).room.as_ref().and_then(|r| r.draw_offer) == Some(Side::Hunters)
    });
    app.world_mut().write_message(OnlineCommand::AcceptDraw);
    until(&mut app, Some(&mut friend), "the draw", |app, _| {
        the_match(app).is_over()
    });
    assert_eq!(the_match(&app).conclusion(), Some(Conclusion::DrawAgreed));
    // Both ask for a rematch: a new game, the sides swapped.
    app.world_mut().write_message(OnlineCommand::Rematch);
    until(
        &mut app,
        Some(&mut friend),
        "our rematch offer there",
        |_, f| {
            f.is_some_and(|f| {
                f.events
                    .iter()
                    .any(|e| matches!(e, Event::RematchOffered { .. }))
            })
        },
    );
    friend.client.send(&Command::Rematch).unwrap();
    until(&mut app, Some(&mut friend), "the second game", |app, _| {
        online(app).room.as_ref().is_some_and(|r| r.game_no == 2) && !the_match(app).is_over()
    });
    let m = the_match(&app);
    assert_eq!(online(&app).you, Some(Side::Hunters));
    assert_eq!(m.player(Side::Hunters), Player::Human);
    assert_eq!(m.player(Side::Crowd), Player::Remote);
    assert_eq!(m.game().ply(), 0);
}
