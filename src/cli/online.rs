//! `online`: the engine as a player on a `stronghold-server`, in any
//! built-in game with its options. It creates a room or joins one, then
//! plays its side at a level until the game ends (or resigns once
//! `--resign-after` moves are played),
//! printing `code: CODE`, a `move N: MOVE` line for each ply the server
//! stores, and `result: …`. With `--watch CODE` it only watches, printing
//! the same move and result lines. With `--seek GAME` it keeps a seek open
//! in the lobby and plays whoever takes it (`--games N` one after
//! another); with `--anyone GAME` it takes a matching seek or waits for
//! one. With `--name NAME` it says who it is (as a bot, unless it only
//! watches), with the key `--key` gives or the one kept for that name in
//! the user's config directory, so its games are rated, and a rated game
//! adds `rating: OLD -> NEW` after its result. The client behind it
//! reconnects by itself and resumes the seat, so a server that dies and
//! comes back loses nothing; given several servers of the same games
//! (`--server URL1,URL2`), it resumes on the next one when its own cannot
//! be reached.

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::args::{Args, say};
use super::bagh_chal_table::load_tablebase;
use crate::ai::{Level, Search, Tablebase};
use crate::online::client::{Identity, new_player_key};
use crate::online::protocol::{
    Command, ErrorKind, Event, GameSetup, RatingChanges, RoomState, SeatStatus,
};
use crate::online::{Client, ClientEvent, ConnectionStatus, Opening};
use crate::rules::{Game, Side};

/// The bot's default pace: at least this many milliseconds a move.
const DEFAULT_PACE_MS: u64 = 100;

/// A bot that cannot reach its server for this long gives up: before its
/// first connection, then after having played.
const FIRST_CONNECT_LIMIT: Duration = Duration::from_secs(30);
const RECONNECT_LIMIT: Duration = Duration::from_secs(600);

/// How long the loop sleeps when nothing happened.
const POLL_PAUSE: Duration = Duration::from_millis(3);

/// A move (or resignation) sent and not answered for this long: the bot
/// asks for the room again. The server refuses a frame over its rate
/// limit, and says so for the first of a burst only.
const UNANSWERED: Duration = Duration::from_secs(3);
/// After the server's "slow down": the pause before asking for the room.
const SLOWED_DOWN: Duration = Duration::from_millis(500);

/// Whether the game goes on.
enum Flow {
    Go,
    Over,
}

struct Bot<'a> {
    client: Client,
    /// `None` for a spectator.
    level: Option<Level>,
    seed: u64,
    table_choice: Option<&'a super::args::TableChoice>,
    table: Option<Arc<Tablebase>>,
    /// The game as the server stored it (from the first `state` on).
    game: Option<Game>,
    side: Option<Side>,
    /// Plies printed so far.
    printed: usize,
    code_printed: bool,
    /// The ply a move was sent for and not yet stored.
    sent_for: Option<usize>,
    /// When to ask for the room again if what was sent is still unanswered.
    sync_at: Option<Instant>,
    /// Resigns on its first turn once this many moves are played.
    resign_after: Option<usize>,
    /// The other seat has been taken (moves wait for an opponent).
    opponent: bool,
    /// The least time between the opponent's move and its own.
    pace: Duration,
    /// When the position last changed.
    changed_at: Instant,
    /// When the connection was last seen up (or the bot started).
    last_up: Instant,
    /// The players' names were logged.
    players_told: bool,
}

pub(super) fn online(args: &Args, out: &mut dyn Write) -> Result<(), String> {
    let server = args
        .online
        .server
        .as_deref()
        .ok_or("online needs --server URL")?;
    let opening = opening(args)?;
    let level = match (&opening, args.level) {
        (Opening::Watch { .. }, None) => None,
        (Opening::Watch { .. }, Some(_)) => return Err("a spectator takes no --level".into()),
        (_, level) => Some(level.ok_or("online needs --level LEVEL")?),
    };
    let games = match (&opening, args.games) {
        (Opening::Seek { .. }, games) => games.unwrap_or(1),
        (_, None) => 1,
        (_, Some(_)) => return Err("--games goes with --seek".into()),
    };
    let identity = identity(args, level.is_some())?;
    for game in 0..games {
        let seed = args
            .seed
            .unwrap_or(1)
            .wrapping_add(u64::from(game).wrapping_mul(7919));
        let client = Client::new(server, opening.clone()).with_identity(identity.clone());
        play_one(args, client, level, seed, out)?;
    }
    Ok(())
}

/// Who the bot says it is: `--name`, with `--key` or the key kept for
/// the name (made and kept on first use).
fn identity(args: &Args, bot: bool) -> Result<Option<Identity>, String> {
    let online = &args.online;
    let Some(name) = online.name.clone() else {
        if online.key.is_some() {
            return Err("--key goes with --name".into());
        }
        return Ok(None);
    };
    let key = match &online.key {
        Some(key) => key.clone(),
        None => kept_key(&name)?,
    };
    Ok(Some(Identity { name, key, bot }))
}

/// The key kept for `name` in `$XDG_CONFIG_HOME/stronghold/players/`
/// (else `~/.config/…`), made on first use.
fn kept_key(name: &str) -> Result<String, String> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".config")))
        .ok_or("no config directory (HOME is not set): give --key")?;
    let dir = config.join("stronghold").join("players");
    let path = dir.join(format!("{}.key", name.to_lowercase()));
    if let Ok(text) = std::fs::read_to_string(&path) {
        let key = text.trim().to_string();
        crate::online::protocol::check_key(&key).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(key);
    }
    let key = new_player_key()?;
    std::fs::create_dir_all(&dir)
        .and_then(|()| crate::save::store::write_atomic(&path, format!("{key}\n").as_bytes()))
        .map_err(|e| format!("cannot keep the key in {}: {e}", path.display()))?;
    eprintln!("online: the key of `{name}` is kept in {}", path.display());
    Ok(key)
}

/// One game on a new connection, from `opening` to its result.
fn play_one(
    args: &Args,
    client: Client,
    level: Option<Level>,
    seed: u64,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut bot = Bot {
        client,
        level,
        seed,
        table_choice: args.table.as_ref(),
        table: None,
        game: None,
        side: None,
        printed: 0,
        code_printed: false,
        sent_for: None,
        sync_at: None,
        resign_after: args.online.resign_after,
        opponent: false,
        pace: Duration::from_millis(args.online.pace_ms.unwrap_or(DEFAULT_PACE_MS)),
        changed_at: Instant::now(),
        last_up: Instant::now(),
        players_told: false,
    };
    bot.run(out)
}

/// `--create GAME …`, `--join CODE`, `--watch CODE`, `--seek GAME …` or
/// `--anyone GAME …`, one of them.
fn opening(args: &Args) -> Result<Opening, String> {
    let online = &args.online;
    if args.game_file.is_some() {
        return Err(
            "online plays the built-in games only (GAME after --create, --seek or --anyone): \
             not --game-file"
                .into(),
        );
    }
    if online.rated && online.create.is_none() {
        return Err("--rated goes with --create (lobby games are always rated)".into());
    }
    let chosen = [
        online.create.is_some(),
        online.join.is_some(),
        online.watch.is_some(),
        online.seek.is_some(),
        online.anyone.is_some(),
    ];
    if chosen.iter().filter(|&&c| c).count() != 1 {
        return Err(
            "online takes one of --create GAME, --join CODE, --watch CODE, --seek GAME or --anyone GAME"
                .into(),
        );
    }
    if let Some(kind) = online.seek {
        return Ok(Opening::Seek {
            setup: GameSetup::online(&args.variant(kind)?)?,
            side: online.side,
            clock: online.clock,
        });
    }
    if let Some(kind) = online.anyone {
        if online.side.is_some() {
            return Err("--side goes with --create or --seek: anyone's sides are drawn".into());
        }
        return Ok(Opening::Anyone {
            setup: GameSetup::online(&args.variant(kind)?)?,
            clock: online.clock,
        });
    }
    if let Some(code) = &online.watch {
        if online.side.is_some() || online.clock.is_some() || !args.options.is_empty() {
            return Err("--side, --clock and --option are the creator's: not with --watch".into());
        }
        if online.resign_after.is_some() {
            return Err("a spectator does not resign: --resign-after is a player's".into());
        }
        return Ok(Opening::Watch { code: code.clone() });
    }
    match (&online.create, &online.join) {
        (Some(kind), None) => {
            let variant = args.variant(*kind)?;
            Ok(Opening::Create {
                setup: GameSetup::online(&variant)?,
                side: online.side.unwrap_or(Side::Hunters),
                clock: online.clock,
                rated: online.rated,
            })
        }
        (None, Some(code)) => {
            if online.side.is_some() || online.clock.is_some() || !args.options.is_empty() {
                return Err(
                    "--side, --clock and --option are the creator's: not with --join".into(),
                );
            }
            Ok(Opening::Join { code: code.clone() })
        }
        _ => Err("online takes one of --create GAME or --join CODE here".into()),
    }
}

impl Bot<'_> {
    fn run(&mut self, out: &mut dyn Write) -> Result<(), String> {
        loop {
            let events = self.client.poll();
            let quiet = events.is_empty();
            for event in events {
                if let Flow::Over = self.on_event(event, out)? {
                    self.client.close();
                    // Time for the socket's thread to say goodbye.
                    std::thread::sleep(Duration::from_millis(50));
                    return Ok(());
                }
            }
            self.check_reachable()?;
            self.maybe_move()?;
            if quiet {
                std::thread::sleep(POLL_PAUSE);
            }
        }
    }

    fn on_event(&mut self, event: ClientEvent, out: &mut dyn Write) -> Result<Flow, String> {
        match event {
            ClientEvent::Connected => eprintln!("online: connected to {}", self.client.url()),
            ClientEvent::Lost { reason, retry_in } => {
                eprintln!("online: connection lost ({reason}); again in {retry_in:?}");
            }
            ClientEvent::Unreadable(e) => eprintln!("online: unreadable frame: {e}"),
            ClientEvent::Server(event) => return self.on_server(event, out),
        }
        Ok(Flow::Go)
    }

    fn on_server(&mut self, event: Event, out: &mut dyn Write) -> Result<Flow, String> {
        match event {
            Event::Seated { code, .. } if !self.code_printed => {
                self.code_printed = true;
                say(out, &format!("code: {code}\n"))?;
            }
            Event::State(state) => return self.load(*state, out),
            Event::Seeking { seek } => eprintln!("online: seek {seek} open in the lobby"),
            Event::Moved { ply, mv, .. } => self.moved(ply as usize, &mv, out)?,
            Event::Ended {
                result, ratings, ..
            } => {
                say(out, &format!("result: {result}\n"))?;
                self.say_rating(ratings, out)?;
                return Ok(Flow::Over);
            }
            Event::Welcome { player, ratings } => {
                let ratings: Vec<String> = ratings
                    .iter()
                    .map(|r| format!("{} {}", r.pool, r.rating))
                    .collect();
                eprintln!(
                    "online: playing as {player}; ratings: {}",
                    ratings.join(", ")
                );
            }
            // The opponent has been gone, or sat on its move, long enough:
            // the game is ours.
            Event::Presence {
                side,
                status: SeatStatus::Gone { claim_in_ms: 0 } | SeatStatus::Stalled,
            } if self.side.is_some_and(|own| own != side) => {
                let _ = self.client.send(&Command::ClaimWin);
            }
            Event::Presence { side, status } if Some(side) != self.side => {
                self.opponent = status != SeatStatus::Empty;
            }
            Event::Error { error, message } => return self.on_error(error, &message),
            _ => {}
        }
        Ok(Flow::Go)
    }

    /// The whole room: the game replayed, the moves not yet printed printed.
    fn load(&mut self, state: RoomState, out: &mut dyn Write) -> Result<Flow, String> {
        let variant = state.setup.variant()?;
        if self.game.is_none()
            && let Some(level) = self.level
        {
            self.table = load_tablebase(self.table_choice, &variant, level.uses_tablebase())?;
        }
        let mut game = Game::new(variant);
        for (i, text) in state.moves.iter().enumerate() {
            let mv = game
                .parse_move(text)
                .map_err(|e| format!("the server's move {} `{text}`: {e}", i + 1))?;
            game.play_unchecked(&mv);
            if i >= self.printed {
                say(out, &format!("move {}: {text}\n", i + 1))?;
                self.printed = i + 1;
            }
        }
        self.game = Some(game);
        self.changed_at = Instant::now();
        self.side = state.you;
        self.opponent = state
            .you
            .is_some_and(|you| state.seat(you.other()) != SeatStatus::Empty);
        // Whatever was in flight is in this list or lost: decide again.
        self.sent_for = None;
        self.sync_at = None;
        if let (false, Some(hunters), Some(crowd)) = (
            self.players_told,
            &state.players.hunters,
            &state.players.crowd,
        ) {
            self.players_told = true;
            let rated = if state.rated { "rated" } else { "unrated" };
            eprintln!("online: hunters {hunters}, crowd {crowd}, {rated}");
        }
        if let Some(result) = state.result {
            say(out, &format!("result: {result}\n"))?;
            self.say_rating(state.ratings, out)?;
            return Ok(Flow::Over);
        }
        Ok(Flow::Go)
    }

    /// `rating: OLD -> NEW` for the bot's own side, after a rated game.
    fn say_rating(
        &self,
        ratings: Option<RatingChanges>,
        out: &mut dyn Write,
    ) -> Result<(), String> {
        match (ratings, self.side) {
            (Some(ratings), Some(side)) => say(out, &format!("rating: {}\n", ratings.get(side))),
            _ => Ok(()),
        }
    }

    fn moved(&mut self, ply: usize, text: &str, out: &mut dyn Write) -> Result<(), String> {
        let Some(game) = &mut self.game else {
            return Ok(());
        };
        if ply < game.ply() {
            return Ok(());
        }
        if ply > game.ply() {
            // A gap: ask for the whole room rather than guess.
            let _ = self.client.send(&Command::Sync);
            return Ok(());
        }
        let mv = game
            .parse_move(text)
            .map_err(|e| format!("the server's move {} `{text}`: {e}", ply + 1))?;
        game.play_unchecked(&mv);
        self.changed_at = Instant::now();
        // The game moved on: whatever this bot sent was answered.
        self.sync_at = None;
        if ply >= self.printed {
            say(out, &format!("move {}: {text}\n", ply + 1))?;
            self.printed = ply + 1;
        }
        Ok(())
    }

    fn on_error(&mut self, error: ErrorKind, message: &str) -> Result<Flow, String> {
        eprintln!("online: the server says {error:?}: {message}");
        match error {
            ErrorKind::UnknownRoom
            | ErrorKind::RoomFull
            | ErrorKind::BadToken
            | ErrorKind::BadSetup
            | ErrorKind::SeekRefused
            | ErrorKind::UnknownSeek
            | ErrorKind::BadName
            | ErrorKind::BadKey
            | ErrorKind::NameTaken
            | ErrorKind::Version => Err(format!("the server refused: {message}")),
            // Refused unread: ask for the room again in a moment, and
            // decide again from it.
            ErrorKind::RateLimited => {
                self.sync_at = Some(Instant::now() + SLOWED_DOWN);
                Ok(Flow::Go)
            }
            // Out of step with the server: take its word for the game.
            ErrorKind::StalePly
            | ErrorKind::NotYourTurn
            | ErrorKind::IllegalMove
            | ErrorKind::NoOpponent => {
                let _ = self.client.send(&Command::Sync);
                Ok(Flow::Go)
            }
            _ => Ok(Flow::Go),
        }
    }

    /// Gives up on a server that has been unreachable too long.
    fn check_reachable(&mut self) -> Result<(), String> {
        let now = Instant::now();
        match self.client.status() {
            ConnectionStatus::Connected => self.last_up = now,
            ConnectionStatus::Connecting if now - self.last_up > FIRST_CONNECT_LIMIT => {
                return Err(format!("cannot reach {}", self.client.url()));
            }
            ConnectionStatus::Reconnecting { .. } if now - self.last_up > RECONNECT_LIMIT => {
                return Err(format!("lost {} for good", self.client.url()));
            }
            _ => {}
        }
        Ok(())
    }

    /// Asks for the room again when what was sent has gone unanswered.
    fn sync_if_unanswered(&mut self) {
        let now = Instant::now();
        if self.sync_at.is_some_and(|at| now >= at) {
            self.sync_at = Some(now + UNANSWERED);
            let _ = self.client.send(&Command::Sync);
        }
    }

    /// Sends `command` for ply `ply`, to be answered before another.
    fn send_for(&mut self, ply: usize, command: &Command) {
        if self.client.send(command).is_ok() {
            self.sent_for = Some(ply);
            self.sync_at = Some(Instant::now() + UNANSWERED);
        }
    }

    /// On its turn, with no move in flight: searches and sends one (or
    /// resigns, once `--resign-after` moves are played).
    fn maybe_move(&mut self) -> Result<(), String> {
        self.sync_if_unanswered();
        let (Some(game), Some(side), Some(level)) = (&self.game, self.side, self.level) else {
            return Ok(());
        };
        let ply = game.ply();
        let waiting = !self.opponent || self.sent_for == Some(ply);
        if game.side_to_move() != side || game.is_over() || waiting {
            return Ok(());
        }
        if self.resign_after.is_some_and(|after| ply >= after) {
            self.send_for(ply, &Command::Resign);
            return Ok(());
        }
        let seed = self.seed.wrapping_mul(1_000_003).wrapping_add(ply as u64);
        let mut search = Search::new(game, level, seed).with_tablebase(self.table.as_ref());
        let result = search
            .run_to_end()
            .ok_or("no legal move, yet the game goes on")?;
        if let Some(rest) = self.pace.checked_sub(self.changed_at.elapsed()) {
            std::thread::sleep(rest);
        }
        let command = Command::Move {
            ply: ply as u32,
            mv: game.move_text(&result.best),
        };
        self.send_for(ply, &command);
        Ok(())
    }
}
