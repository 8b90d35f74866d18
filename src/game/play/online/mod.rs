//! Playing a friend online: this wing's side of `stronghold-server`.
//!
//! The plugin owns the connection ([`crate::online::Client`], polled every
//! frame, never blocking) and keeps what the server said in [`Online`]. The
//! game still changes only through the `Match`:
//!
//! - The server is the truth. Its moves are kept in [`RoomView::moves`];
//!   each frame the match is brought in line with them ([`room::step_towards`]):
//!   the opponent's move is a [`MoveIntent`] with [`MoveSource::Remote`]
//!   (animated and heard like any move), this player's move is played at
//!   once on the board and sent, and stands once the server relays it back;
//!   anything else (a refused move, a reconnect after several moves, a
//!   rematch) takes the server's whole game in one step (`MatchReset`).
//! - The opponent's side is [`Player::Remote`]: the AI never plays it and
//!   the board takes no input for it; undo is not allowed.
//! - Resigning, draws, claiming an abandoned game and rematches are
//!   [`OnlineCommand`]s sent to the server; the match ends when the server
//!   says so.
//! - A lost connection is tried again with growing pauses, and resumed
//!   with the seat's token (the client does it); the panel says
//!   "reconnecting…".
//! - The seat is kept in the settings while the game runs
//!   ([`Settings::online_seat`], `keep_seat`), so a reload, a restart or a
//!   crash sits in it again at launch ([`OnlineCommand::Resume`]); it is
//!   forgotten when the game ends, the player leaves, or the server no
//!   longer knows it.
//! - On the new-game page a second connection follows the server's lobby
//!   ([`Lobby`], `follow_lobby`): the seeks waiting, any of which the
//!   player may take ([`OnlineCommand::Take`]).
//! - The app draws only when something changes: the client wakes it when
//!   a message arrives (`FrameWaker`), and `ask_for_frames` keeps a slow
//!   beat for pings and reconnects, and one for a running clock.

use std::time::Duration;

use bevy::prelude::*;

use crate::game::GameSet;
use crate::game::common::i18n::Msg;
use crate::game::common::notice::Notice;
use crate::game::common::redraw::{FrameWaker, NextFrame};
use crate::game::common::screens::{MenuPage, Screen};
use crate::game::common::settings::{OnlineSeat, Settings};
use crate::game::play::match_state::{Match, MatchReset, MoveIntent, MoveSource};
use crate::online::client::{Identity, PING_EVERY, new_player_key, socket_list};
use crate::online::protocol::{ArchivedGame, LiveGame, PlayerInfo, SeekInfo};
use crate::online::protocol::{check_key, check_name};
use crate::online::{
    Client, ClientEvent, ClockSpec, Command, ConnectionStatus, ErrorKind, Event, GameSetup, Opening,
};
use crate::rules::{Side, Variant};

pub mod room;

pub use room::RoomView;
use room::Step;

/// With the connection open, a frame at least this often: to ping, and to
/// notice a server gone silent (arriving messages wake the app
/// themselves). Each frame redraws the board: at one a second, a page
/// waiting in the lobby under a software renderer kept more than a core
/// busy (0.9 to 1.6 cores in headless Chromium; 0.3 at this beat).
const CONNECTED_BEAT: Duration = PING_EVERY;
/// While connecting again, a frame this often (the first retries come
/// after a quarter of a second).
const RECONNECT_BEAT: Duration = Duration::from_millis(250);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .init_resource::<ServerForNow>()
        .init_resource::<Lobby>()
        .init_resource::<MyGames>()
        .init_non_send::<Connection>()
        .init_non_send::<ArchiveConnection>()
        .init_non_send::<LobbyConnection>()
        .add_message::<OnlineCommand>()
        .add_systems(
            Update,
            (
                (
                    yield_to_a_new_default,
                    act_on_commands,
                    receive,
                    follow_server,
                    keep_seat,
                )
                    .chain()
                    .in_set(GameSet::Commands),
                send_own_move.after(GameSet::Apply).before(GameSet::Ai),
                follow_lobby
                    .after(act_on_commands)
                    .in_set(GameSet::Commands),
                (fetch_my_games, review_archived).in_set(GameSet::Commands),
                ask_for_frames.in_set(GameSet::View),
            ),
        )
        .add_systems(Last, leave_on_exit);
}

/// The game server for now: the one a launch named (`--server`, a link's
/// `server=`) while this run lasts, else the settings' default. Every
/// connection asks it (the game's, the lobby's, "my games"), so none
/// reaches the default server while a link named another, and a link
/// never changes the default: one link could otherwise send all of a
/// player's later games to another server. The default changes only when
/// the player says so ([`OnlineCommand::KeepServer`], or Settings).
#[derive(Resource, Clone, Debug, Default)]
pub struct ServerForNow {
    launch: Option<String>,
}

impl ServerForNow {
    /// The launch's server, if it named one.
    pub fn launched(server: Option<&str>) -> ServerForNow {
        let launch = server
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        ServerForNow { launch }
    }

    /// The server (or comma-separated servers) to connect to now.
    pub fn of(&self, settings: &Settings) -> String {
        self.launch
            .clone()
            .unwrap_or_else(|| settings.server.clone())
    }
}

/// The player changed the default server (Settings, or "keep this server"):
/// from then on it is the server for now, the launch's no longer.
fn yield_to_a_new_default(
    settings: Res<Settings>,
    mut server: ResMut<ServerForNow>,
    mut seen: Local<Option<String>>,
) {
    let now = &settings.server;
    if seen.as_ref().is_some_and(|before| before != now) && server.launch.is_some() {
        server.launch = None;
    }
    if seen.as_ref() != Some(now) {
        *seen = Some(now.clone());
    }
}

/// What the player asks of an online game (the pages write these).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// Opens a room on `server` and sits on `side`.
    Create {
        server: String,
        variant: Variant,
        side: Side,
        clock: Option<ClockSpec>,
        /// The game counts for both players' ratings.
        rated: bool,
    },
    /// Takes the free seat of the room with this invite code on `server`.
    Join {
        server: String,
        code: String,
    },
    /// Sits again in a seat kept from before (a reload, a restart).
    Resume(OnlineSeat),
    /// Watches the room with this code on `server`: the live board and
    /// clocks, with both sides [`Player::Remote`].
    Watch {
        server: String,
        code: String,
    },
    /// Plays anyone on `server` who wants this game and clock: takes the
    /// lobby's first such seek, or waits in it (sides drawn).
    Anyone {
        server: String,
        variant: Variant,
        clock: Option<ClockSpec>,
    },
    /// Takes a seek the lobby lists ([`Lobby`]).
    Take {
        server: String,
        seek: u64,
    },

    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Wins a game whose opponent has been gone too long.
    ClaimWin,
    /// After the end: the next game with sides swapped, once both ask.
    Rematch,
    /// Leaves the room (the server keeps the seat for a while).
    Leave,
    /// Asks `server` for this player's recent games ([`MyGames`]).
    MyGames {
        server: String,
    },
    /// Puts a game of [`MyGames`] on the board, to review and analyse.
    Review(Box<ArchivedGame>),
    /// Makes the server of the game being played the default one: what the
    /// player confirms after opening a link that names another server (a
    /// link alone never changes the default).
    KeepServer,
}

/// Where the online game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Phase {
    /// No online game.
    #[default]
    Off,
    /// Connecting and asking for a seat (create or join).
    Opening,
    /// Seated: the room's game is the match on the board.
    Playing,
    /// The server refused the seat (no such room, full, a stale token).
    Refused(ErrorKind),
}

/// The online game as the pages show it.
#[derive(Resource, Clone, Debug, Default)]
pub struct Online {
    pub phase: Phase,
    /// The server's WebSocket address (comma-separated, when several
    /// serve the game), as given to the client.
    pub server: String,
    pub connection: Option<ConnectionStatus>,
    /// This player's side (none while opening, or for a spectator).
    pub you: Option<Side>,
    /// The room, once the server has sent it.
    pub room: Option<RoomView>,
    /// The room's game the match was last rebuilt from (`game_no`).
    adopted: Option<u32>,
    /// The server refused a move of ours: take its game as it stands.
    resync: bool,
    /// This connection only watches the room.
    pub watching: bool,
    /// The number of this player's seek, waiting in the lobby.
    pub seeking: Option<u64>,
    /// The opponent came from the lobby (play anyone, a seek taken): a
    /// stranger, not a friend with the invite.
    pub from_lobby: bool,
    /// This player as the server knows it (name, rating), once welcomed.
    pub me: Option<PlayerInfo>,
}

impl Online {
    /// An online game is on (opening or seated).
    pub fn is_on(&self) -> bool {
        matches!(self.phase, Phase::Opening | Phase::Playing)
    }
    /// The invite code, once the server gave it.
    pub fn code(&self) -> Option<&str> {
        self.room.as_ref().map(|r| r.code.as_str())
    }
    /// The connection is open now.
    pub fn connected(&self) -> bool {
        self.connection == Some(ConnectionStatus::Connected)
    }
}

/// The client, and what was sent on its connection. Not `Send` on the web:
/// a non-send resource, used on the main thread.
#[derive(Default)]
pub struct Connection {
    client: Option<Client>,
    /// The ply of this player's move sent on the open connection.
    sent: Option<u32>,
    /// The ply a remote move was handed to the match for, so a move the
    /// match refused is not handed again but the whole game rebuilt.
    played: Option<usize>,
}

impl Connection {
    fn send(&mut self, command: &Command) -> bool {
        self.client
            .as_mut()
            .is_some_and(|c| c.send(command).is_ok())
    }
}

fn act_on_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut connection: NonSendMut<Connection>,
    mut online: ResMut<Online>,
    mut settings: ResMut<Settings>,
    mut server_for_now: ResMut<ServerForNow>,
    waker: Res<FrameWaker>,
    mut notices: MessageWriter<Notice>,
) {
    for command in commands.read() {
        if let OnlineCommand::Create { variant, .. } | OnlineCommand::Anyone { variant, .. } =
            command
            && GameSetup::online(variant).is_err()
        {
            notices.write(Notice::warning(Msg::new("online-file-game")));
            continue;
        }
        if let Some((server, opening, from_lobby)) = opening_of(command) {
            let identity = player_identity(&mut settings);
            open(
                &mut connection,
                &mut online,
                &server,
                opening,
                identity,
                &waker,
            );
            online.from_lobby = from_lobby;
            continue;
        }
        let wire = match command {
            OnlineCommand::KeepServer => {
                if !online.server.is_empty() {
                    settings.server = online.server.clone();
                    server_for_now.launch = None;
                }
                continue;
            }
            OnlineCommand::Leave => {
                *connection = Connection::default();
                *online = Online::default();
                continue;
            }
            OnlineCommand::Resign => Command::Resign,
            OnlineCommand::OfferDraw => Command::OfferDraw,
            OnlineCommand::AcceptDraw => Command::AcceptDraw,
            OnlineCommand::DeclineDraw => Command::DeclineDraw,
            OnlineCommand::ClaimWin => Command::ClaimWin,
            OnlineCommand::Rematch => Command::Rematch,
            // Each opens a connection: handled above.
            OnlineCommand::Create { .. }
            | OnlineCommand::Join { .. }
            | OnlineCommand::Resume(_)
            | OnlineCommand::Watch { .. }
            | OnlineCommand::Anyone { .. }
            | OnlineCommand::Take { .. } => continue,
            // Not the room's: see `fetch_my_games` and `review_archived`.
            OnlineCommand::MyGames { .. } | OnlineCommand::Review(_) => continue,
        };
        if !connection.send(&wire) {
            notices.write(Notice::warning(Msg::new("online-not-connected")));
        }
    }
}

/// The server, the opening and whether the opponent comes from the lobby
/// (a stranger) of a command that opens a new connection; `None` for one
/// sent on the open connection.
fn opening_of(command: &OnlineCommand) -> Option<(String, Opening, bool)> {
    Some(match command.clone() {
        OnlineCommand::Create {
            server,
            variant,
            side,
            clock,
            rated,
        } => {
            let setup = GameSetup::of(&variant);
            let opening = Opening::Create {
                setup,
                side,
                clock,
                rated,
            };
            (server, opening, false)
        }
        OnlineCommand::Join { server, code } => (server, Opening::Join { code }, false),
        OnlineCommand::Resume(seat) => {
            let opening = Opening::Resume {
                code: seat.code,
                token: seat.token,
            };
            (seat.server, opening, seat.from_lobby)
        }
        OnlineCommand::Watch { server, code } => (server, Opening::Watch { code }, false),
        OnlineCommand::Anyone {
            server,
            variant,
            clock,
        } => {
            let setup = GameSetup::of(&variant);
            (server, Opening::Anyone { setup, clock }, true)
        }
        OnlineCommand::Take { server, seek } => (server, Opening::Take { seek }, true),
        OnlineCommand::Leave
        | OnlineCommand::Resign
        | OnlineCommand::OfferDraw
        | OnlineCommand::AcceptDraw
        | OnlineCommand::DeclineDraw
        | OnlineCommand::ClaimWin
        | OnlineCommand::Rematch
        | OnlineCommand::MyGames { .. }
        | OnlineCommand::Review(_)
        | OnlineCommand::KeepServer => return None,
    })
}

/// Who this player is on game servers: the settings' name (a player who
/// has chosen none plays as a made-up `guest-…`, kept, until they do),
/// with the key made and kept on first use. `None` (anonymous, unrated)
/// for a name the server would refuse, or without a random source.
pub fn player_identity(settings: &mut Settings) -> Option<Identity> {
    if settings.player_name.trim().is_empty() {
        settings.player_name = suggested_name();
    }
    let name = settings.player_name.trim().to_string();
    check_name(&name).ok()?;
    if check_key(&settings.player_key).is_err() {
        match new_player_key() {
            Ok(key) => settings.player_key = key,
            Err(e) => {
                warn!("online: no player key ({e}); playing unrated");
                return None;
            }
        }
    }
    Some(Identity {
        name,
        key: settings.player_key.clone(),
        bot: false,
    })
}

/// A name to offer a player who has none yet: `guest-` and four hex
/// digits (the player may type another).
pub fn suggested_name() -> String {
    let digits = new_player_key().unwrap_or_default();
    format!("guest-{}", digits.get(..4).unwrap_or("0000"))
}

/// A client for `server` that opens with `opening` (after saying who
/// plays, with an identity) and wakes the app when a message arrives.
fn woken_client(
    server: &str,
    opening: Opening,
    identity: Option<Identity>,
    waker: &FrameWaker,
) -> Client {
    let mut client = Client::new(server, opening).with_identity(identity);
    let waker = waker.clone();
    client.wake_with(move || waker.wake());
    client
}

/// A new client for a new room: any room before is left.
fn open(
    connection: &mut Connection,
    online: &mut Online,
    server: &str,
    opening: Opening,
    identity: Option<Identity>,
    waker: &FrameWaker,
) {
    let watching = matches!(opening, Opening::Watch { .. });
    let client = woken_client(server, opening, identity, waker);
    *online = Online {
        phase: Phase::Opening,
        server: client.servers(),
        connection: Some(client.status()),
        watching,
        ..Online::default()
    };
    *connection = Connection {
        client: Some(client),
        ..Connection::default()
    };
}

/// The server's lobby as the new-game page shows it: the seeks waiting,
/// and the games being played (to watch).
#[derive(Resource, Clone, Debug, Default)]
pub struct Lobby {
    pub seeks: Vec<SeekInfo>,
    pub games: Vec<LiveGame>,
    /// The list is live (the lobby's connection is open).
    pub connected: bool,
    /// The server (or servers) followed, as WebSocket addresses; empty
    /// while the lobby is not followed.
    pub server: String,
}

/// The connection that follows the lobby (not `Send` on the web).
#[derive(Default)]
pub struct LobbyConnection {
    client: Option<Client>,
}

/// While the new-game page is open and no online game is on, follows the
/// lobby of the [`ServerForNow`] on a connection of its own; closes it
/// otherwise. It runs after the commands, so a launch that opens a game
/// at once never opens the lobby first.
fn follow_lobby(
    mut connection: NonSendMut<LobbyConnection>,
    mut lobby: ResMut<Lobby>,
    (page, screen): (Res<MenuPage>, Res<State<Screen>>),
    online: Res<Online>,
    (settings, server_for_now): (Res<Settings>, Res<ServerForNow>),
    waker: Res<FrameWaker>,
    mut next_frame: ResMut<NextFrame>,
) {
    let wanted = *screen.get() == Screen::Menu && *page == MenuPage::NewGame && !online.is_on();
    if !wanted {
        if connection.client.is_some() {
            *connection = LobbyConnection::default();
            *lobby = Lobby::default();
        }
        return;
    }
    let server = socket_list(&server_for_now.of(&settings));
    if connection
        .client
        .as_ref()
        .is_none_or(|c| c.servers() != server)
    {
        connection.client = Some(woken_client(&server, Opening::Lobby, None, &waker));
        *lobby = Lobby {
            server,
            ..Lobby::default()
        };
    }
    let Some(client) = connection.client.as_mut() else {
        return;
    };
    for event in client.poll() {
        if let ClientEvent::Server(Event::Lobby { seeks, games }) = event {
            lobby.seeks = seeks;
            lobby.games = games;
        }
    }
    let connected = client.status() == ConnectionStatus::Connected;
    if lobby.connected != connected {
        lobby.connected = connected;
    }
    // Pings and reconnects need frames.
    next_frame.within(if connected {
        CONNECTED_BEAT
    } else {
        RECONNECT_BEAT
    });
}

/// This player's recent games on the server, as "My online games" lists
/// them (newest first).
#[derive(Resource, Clone, Debug, Default)]
pub struct MyGames {
    pub games: Vec<ArchivedGame>,
    /// Asked for, not answered yet.
    pub loading: bool,
    /// The server answered (the list may be empty).
    pub loaded: bool,
    /// Why the list could not be had.
    pub error: Option<ErrorKind>,
}

/// The connection that asks for [`MyGames`], closed once answered (not
/// `Send` on the web).
#[derive(Default)]
pub struct ArchiveConnection {
    client: Option<Client>,
}

/// Asks the server for this player's games on [`OnlineCommand::MyGames`],
/// and keeps the answer in [`MyGames`].
fn fetch_my_games(
    mut commands: MessageReader<OnlineCommand>,
    mut connection: NonSendMut<ArchiveConnection>,
    mut my_games: ResMut<MyGames>,
    mut settings: ResMut<Settings>,
    waker: Res<FrameWaker>,
    mut next_frame: ResMut<NextFrame>,
) {
    for command in commands.read() {
        let OnlineCommand::MyGames { server } = command else {
            continue;
        };
        *my_games = MyGames::default();
        let Some(identity) = player_identity(&mut settings) else {
            my_games.error = Some(ErrorKind::NotIdentified);
            connection.client = None;
            continue;
        };
        let client = woken_client(server, Opening::MyGames, Some(identity), &waker);
        connection.client = Some(client);
        my_games.loading = true;
    }
    let Some(client) = connection.client.as_mut() else {
        return;
    };
    for event in client.poll() {
        match event {
            ClientEvent::Server(Event::Games { games }) => {
                *my_games = MyGames {
                    games,
                    loaded: true,
                    ..MyGames::default()
                };
            }
            ClientEvent::Server(Event::Error { error, message }) => {
                warn!("online: my games refused: {error:?}: {message}");
                *my_games = MyGames {
                    error: Some(error),
                    ..MyGames::default()
                };
            }
            _ => {}
        }
    }
    if my_games.loading {
        next_frame.within(RECONNECT_BEAT);
    } else {
        connection.client = None;
    }
}

/// Puts an archived game on the board ([`OnlineCommand::Review`]): the
/// game screen, ended as on the server, its moves to step through and
/// analyse.
fn review_archived(
    mut commands: MessageReader<OnlineCommand>,
    mut the_match: ResMut<Match>,
    mut reset: MessageWriter<MatchReset>,
    mut screen: ResMut<NextState<Screen>>,
    mut notices: MessageWriter<Notice>,
) {
    for command in commands.read() {
        let OnlineCommand::Review(game) = command else {
            continue;
        };
        match room::archived_match(game) {
            Ok(new) => {
                the_match.replace(new);
                reset.write(MatchReset);
                screen.set(Screen::Game);
            }
            Err(e) => {
                notices.write(Notice::error(Msg::new("online-error-replay")).with_detail(e));
            }
        }
    }
}

/// Keeps the seat of the running game in the settings (which `persist`
/// writes), and forgets it once the game has ended, the player has left
/// it (for the menu or a game here), or the server refused it. Before this
/// run's first online game nothing is forgotten: a launch that opens
/// something else keeps the seat for later.
fn keep_seat(
    connection: NonSend<Connection>,
    online: Res<Online>,
    mut settings: ResMut<Settings>,
    mut was_on: Local<bool>,
) {
    // A spectator has no seat; one kept from before stays.
    if online.watching {
        return;
    }
    let wanted = match online.phase {
        Phase::Opening => {
            *was_on = true;
            return;
        }
        Phase::Playing => {
            *was_on = true;
            let session = connection.client.as_ref().and_then(Client::session);
            match (session, &online.room) {
                (Some(session), Some(room)) if room.result.is_none() => Some(OnlineSeat {
                    server: online.server.clone(),
                    code: session.code.clone(),
                    token: session.token.clone(),
                    from_lobby: online.from_lobby,
                }),
                (Some(_), Some(_)) => None,
                // A spectator, or the room not told yet.
                _ => return,
            }
        }
        Phase::Off | Phase::Refused(_) if *was_on => None,
        Phase::Off | Phase::Refused(_) => return,
    };
    if settings.online_seat != wanted {
        settings.online_seat = wanted;
    }
}

/// Reads what arrived and keeps [`Online`] up to date.
fn receive(
    mut connection: NonSendMut<Connection>,
    mut online: ResMut<Online>,
    time: Res<Time<Real>>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(client) = connection.client.as_mut() else {
        return;
    };
    let events = client.poll();
    let status = client.status();
    let now = time.elapsed_secs_f64();
    for event in events {
        match event {
            ClientEvent::Connected => connection.sent = None,
            ClientEvent::Lost { reason, retry_in } => {
                info!("online: connection lost ({reason}); again in {retry_in:?}");
            }
            ClientEvent::Server(event) => {
                on_event(event, &mut connection, &mut online, now, &mut notices);
            }
            ClientEvent::Unreadable(e) => warn!("online: a frame of the server not read: {e}"),
        }
    }
    if online.connection != Some(status) {
        online.connection = Some(status);
    }
}

fn on_event(
    event: Event,
    connection: &mut Connection,
    online: &mut Online,
    now: f64,
    notices: &mut MessageWriter<Notice>,
) {
    let opponent = online.you.map(Side::other);
    match event {
        Event::Seated { side, .. } => {
            online.you = Some(side);
            online.seeking = None;
        }
        Event::Seeking { seek } => online.seeking = Some(seek),
        Event::Welcome { player, .. } => online.me = Some(player),
        Event::Lobby { .. } | Event::Games { .. } => {}
        Event::State(state) => {
            online.you = state.you;
            online.room = Some(RoomView::of_state(&state, now));
            online.phase = Phase::Playing;
        }
        Event::Moved { ply, mv, clocks } => {
            let Some(room) = online.room.as_mut() else {
                return;
            };
            if ply as usize == room.moves.len() {
                room.moves.push(mv);
                room.draw_offer = None;
                room.set_clocks(clocks, now);
            } else if ply as usize > room.moves.len() {
                // A move missed: ask for the whole room.
                connection.send(&Command::Sync);
            }
        }
        Event::Presence { side, status } => {
            if let Some(room) = online.room.as_mut() {
                room.set_seat(side, status, now);
            }
        }
        Event::DrawOffered { by } => {
            if let Some(room) = online.room.as_mut() {
                room.draw_offer = Some(by);
            }
            if Some(by) == opponent {
                notices.write(Notice::info(Msg::new("online-draw-offered")));
            }
        }
        Event::DrawDeclined { by } => {
            if let Some(room) = online.room.as_mut() {
                room.draw_offer = None;
            }
            if Some(by) == opponent {
                notices.write(Notice::info(Msg::new("online-draw-declined")));
            }
        }
        Event::RematchOffered { by } => {
            if let Some(room) = online.room.as_mut() {
                room.rematch_offer = Some(by);
            }
        }
        Event::Ended {
            result,
            clocks,
            ratings,
        } => {
            if let Some(room) = online.room.as_mut() {
                room.result = Some(result);
                room.ratings = ratings;
                room.draw_offer = None;
                room.set_clocks(clocks, now);
            }
        }
        Event::Error { error, message } => on_error(error, message, connection, online, notices),
        // Taken by the client (it moves to the next server).
        Event::Pong | Event::MoveOn => {}
    }
}

fn on_error(
    error: ErrorKind,
    message: String,
    connection: &mut Connection,
    online: &mut Online,
    notices: &mut MessageWriter<Notice>,
) {
    warn!("online: the server refused: {error:?}: {message}");
    match error {
        // No seat to be had (or no longer: the room is gone): stop trying.
        ErrorKind::UnknownRoom
        | ErrorKind::RoomFull
        | ErrorKind::BadToken
        | ErrorKind::BadSetup
        | ErrorKind::SeekRefused
        | ErrorKind::UnknownSeek => {
            connection.client = None;
            online.phase = Phase::Refused(error);
            online.connection = None;
        }
        // The game here and the server's differ: take the server's.
        ErrorKind::NotYourTurn | ErrorKind::StalePly | ErrorKind::IllegalMove => {
            online.resync = true;
            connection.send(&Command::Sync);
            notices.write(Notice::warning(Msg::new("online-move-refused")).with_detail(message));
        }
        // A move before the friend came: taken back, the game has not begun.
        ErrorKind::NoOpponent => {
            online.resync = true;
            notices.write(Notice::info(error_msg(error)));
        }
        _ => {
            notices.write(Notice::warning(error_msg(error)).with_detail(message));
        }
    }
}

/// The words for a refusal of the server.
pub fn error_msg(error: ErrorKind) -> Msg {
    Msg::new(match error {
        ErrorKind::UnknownRoom => "online-error-unknown-room",
        ErrorKind::RoomFull => "online-error-room-full",
        ErrorKind::BadToken => "online-error-bad-token",
        ErrorKind::BadSetup => "online-error-bad-setup",
        ErrorKind::RateLimited => "online-error-rate-limited",
        ErrorKind::GameOver => "online-error-game-over",
        ErrorKind::OpponentPresent => "online-error-opponent-present",
        ErrorKind::NoOpponent => "online-error-no-opponent",
        ErrorKind::Storage => "online-error-storage",
        ErrorKind::SeekRefused => "online-error-seek-refused",
        ErrorKind::UnknownSeek => "online-error-unknown-seek",
        ErrorKind::DrawTooSoon => "online-error-draw-too-soon",
        ErrorKind::NameTaken => "online-error-name-taken",
        ErrorKind::BadName => "online-error-bad-name",
        ErrorKind::NotIdentified => "online-error-not-identified",
        _ => "online-error-other",
    })
}

/// Brings the match in line with the server's game: see the module comment.
fn follow_server(
    mut connection: NonSendMut<Connection>,
    mut online: ResMut<Online>,
    mut the_match: ResMut<Match>,
    mut intents: MessageWriter<MoveIntent>,
    mut reset: MessageWriter<MatchReset>,
    mut screen: ResMut<NextState<Screen>>,
    mut notices: MessageWriter<Notice>,
) {
    if online.phase != Phase::Playing {
        return;
    }
    let Some(room) = online.room.clone() else {
        return;
    };
    let fresh = online.adopted != Some(room.game_no);
    if !fresh && !the_match.is_online() {
        // A local game took the board: the room is left.
        *connection = Connection::default();
        *online = Online::default();
        return;
    }
    let local: Vec<String> = the_match.game().move_texts();
    let movers: Vec<Side> = the_match.game().player_movers().collect();
    let step = if fresh || std::mem::take(&mut online.resync) {
        Step::Rebuild
    } else {
        room::step_towards(&local, &room.moves, online.you, &movers)
    };
    match step {
        Step::InStep | Step::Send { .. } => {}
        Step::Play(text) if connection.played != Some(local.len()) => {
            match the_match.game().parse_move(&text) {
                Ok(mv) => {
                    connection.played = Some(local.len());
                    intents.write(MoveIntent {
                        mv,
                        source: MoveSource::Remote,
                    });
                }
                Err(e) => warn!("online: the server's move `{text}` does not read: {e}"),
            }
        }
        Step::Play(_) | Step::Rebuild => match room.to_match(online.you) {
            Ok(new) => {
                if online.adopted.is_none() {
                    screen.set(Screen::Game);
                }
                the_match.replace(new);
                reset.write(MatchReset);
                online.adopted = Some(room.game_no);
                connection.played = None;
            }
            Err(e) => {
                notices.write(Notice::error(Msg::new("online-error-replay")).with_detail(e));
                *connection = Connection::default();
                online.phase = Phase::Off;
            }
        },
    }
    end_as_the_server_says(&mut the_match, &room);
}

/// The server ended the game (a resignation, a draw, a clock, a claim).
fn end_as_the_server_says(the_match: &mut Match, room: &RoomView) {
    let Some(conclusion) = room
        .result
        .and_then(|r| room::conclusion_of(r, the_match.game()))
    else {
        return;
    };
    if !the_match.is_over() && the_match.game().ply() == room.moves.len() {
        the_match.conclude(conclusion);
    }
}

/// Sends this player's move, played on the board, to the server (again
/// after a reconnect, until the server has it).
fn send_own_move(
    mut connection: NonSendMut<Connection>,
    online: Res<Online>,
    the_match: Res<Match>,
) {
    if online.phase != Phase::Playing || !the_match.is_online() || connection.client.is_none() {
        return;
    }
    let Some(room) = &online.room else { return };
    if the_match.game().ply() != room.moves.len() + 1 {
        return;
    }
    let local: Vec<String> = the_match.game().move_texts();
    let movers: Vec<Side> = the_match.game().player_movers().collect();
    if let Step::Send { ply, mv } = room::step_towards(&local, &room.moves, online.you, &movers)
        && connection.sent != Some(ply)
        && connection.send(&Command::Move { ply, mv })
    {
        connection.sent = Some(ply);
    }
}

/// How soon the next frame must come for the online game: a beat to ping
/// and to notice silence (messages wake the app themselves), a quicker
/// one while reconnecting, and the running clock's next change.
fn ask_for_frames(
    connection: NonSend<Connection>,
    online: Res<Online>,
    time: Res<Time<Real>>,
    mut next: ResMut<NextFrame>,
) {
    if connection.client.is_none() {
        return;
    }
    next.within(if online.connected() {
        CONNECTED_BEAT
    } else {
        RECONNECT_BEAT
    });
    let Some(room) = &online.room else { return };
    let now = time.elapsed_secs_f64();
    if room.clock_running()
        && let Some((clocks, _)) = room.clocks
        && let Some(running) = clocks.running
        && let Some(left) = room.time_left_ms(running, now)
    {
        // Tenths show under ten seconds; seconds above.
        let step = if left < 10_000 { 100 } else { 1000 };
        next.within(Duration::from_millis(left % step + 1));
    }
    let gone = [Side::Hunters, Side::Crowd]
        .into_iter()
        .filter_map(|side| room.claim_in_ms(side, now))
        .any(|ms| ms > 0);
    if gone && room.result.is_none() {
        next.within(Duration::from_secs(1));
    }
}

/// The app is closing: the connection goes with it (the server marks the
/// seat gone at once instead of waiting for silence).
fn leave_on_exit(mut exits: MessageReader<AppExit>, mut connection: NonSendMut<Connection>) {
    if exits.read().count() > 0 {
        connection.client = None;
    }
}
