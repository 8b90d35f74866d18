//! The web page's side of the game.
//!
//! - Launch options from the page address: `index.html?game=asalto&hunters=master`
//!   reads as `--game asalto --hunters master` (keys are the desktop flags
//!   without dashes; a key without a value, like `flip`, is a switch).
//! - A small read-only status, `window.strongholdStatus`, that the page's
//!   loader and the browser test read instead of pixels: whether the board is
//!   drawn, the move count, the side to move, the last move, the outcome, the
//!   legal moves, the AI's last search, where each board point is on the
//!   canvas (CSS pixels from its top-left corner), the online game (its
//!   invite code, the connection), and the game's analysis (where it runs,
//!   how far it is, the moves graded).
//!
//! The status is built by plain functions (tested natively); only handing it
//! to the page is wasm-only.

use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::Serialize;

use crate::game::board::input::Selection;
use crate::game::board::view::{BoardPoint, MainCamera};
use crate::game::common::i18n::{Localize, Msg};
use crate::game::common::notice::Notice;
use crate::game::common::screens::Screen;
use crate::game::play::ai_task::{AiJob, SearchReport};
use crate::game::play::analysis::{AnalysisJob, AnalysisRunner, analysed_plies};
use crate::game::play::match_state::{Match, Player};
use crate::game::play::online::{Online, Phase};
use crate::game::shell::launch_error::LaunchError;
use crate::online::SeatStatus;
use crate::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, report_address_problem);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(
        Last,
        (page::draw_once_loaded, page::publish_status)
            .chain()
            .after(crate::game::board::first_board::FirstBoardNoted),
    )
    .add_systems(Update, page::address_names_the_room);
}

/// The page's new query once the room made at `?create=…` or found at
/// `?anyone=…` has its code: `?join=CODE`, with the options that made the
/// room dropped and the rest (the server, the language) kept. A reload
/// then sits in the same seat (the kept seat's code matches) instead of
/// opening another room. `None` when the query opened no room.
pub fn room_address(query: &str, code: &str) -> Option<String> {
    const ROOM_MAKING: [&str; 6] = ["create", "anyone", "side", "clock", "option", "join"];
    let pairs: Vec<&str> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .collect();
    let key = |pair: &&str| pair.split('=').next().unwrap_or_default().to_string();
    if !pairs
        .iter()
        .any(|p| ["create", "anyone"].contains(&key(p).as_str()))
    {
        return None;
    }
    let mut kept: Vec<String> = pairs
        .iter()
        .filter(|p| !ROOM_MAKING.contains(&key(p).as_str()))
        .map(|p| p.to_string())
        .collect();
    let code: String = code.chars().filter(char::is_ascii_alphanumeric).collect();
    kept.insert(0, format!("join={code}"));
    Some(format!("?{}", kept.join("&")))
}

/// Frames the board must have been on screen, with its texts and pictures
/// loaded, before the page calls it drawn (its first frame compiles the
/// shaders; the pictures are on the graphics card already).
const FRAMES_BEFORE_READY: u32 = 1;

/// A problem with the page address's options, shown once the game runs.
#[derive(Resource, Clone, Debug)]
pub struct AddressProblem(pub LaunchError);

fn report_address_problem(
    problem: Option<Res<AddressProblem>>,
    mut notices: MessageWriter<Notice>,
) {
    if let Some(problem) = problem {
        notices.write(Notice::warning(Msg::new("web-bad-address")).with_reason(problem.0.to_msg()));
    }
}

/// The page address's query (`?a=b&flip`, with or without the `?`) as launch
/// arguments: `["--a", "b", "--flip"]`. `+` and `%XX` are decoded.
pub fn query_to_args(query: &str) -> Result<Vec<String>, LaunchError> {
    let mut args = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = match pair.split_once('=') {
            Some((k, v)) => (decode_component(k)?, Some(decode_component(v)?)),
            None => (decode_component(pair)?, None),
        };
        args.push(format!("--{key}"));
        args.extend(value);
    }
    Ok(args)
}

/// Decodes one `application/x-www-form-urlencoded` component; the error
/// names the component that does not decode.
fn decode_component(text: &str) -> Result<String, LaunchError> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(b) = rest.next() {
        match b {
            b'+' => bytes.push(b' '),
            b'%' => {
                let hex = [rest.next(), rest.next()];
                let digit = |d: Option<u8>| d.and_then(|d| (d as char).to_digit(16));
                match (digit(hex[0]), digit(hex[1])) {
                    (Some(hi), Some(lo)) => bytes.push((hi * 16 + lo) as u8),
                    _ => {
                        return Err(LaunchError::BadAddress {
                            text: text.to_string(),
                        });
                    }
                }
            }
            _ => bytes.push(b),
        }
    }
    String::from_utf8(bytes).map_err(|_| LaunchError::BadAddress {
        text: text.to_string(),
    })
}

/// What the page can read about the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageStatus {
    /// The board has been on screen for a few frames and the texts are loaded.
    pub ready: bool,
    /// `menu` (the main menu over the still board) or `game` (playing).
    pub screen: &'static str,
    /// The game's id (`pirates`, `asalto`, `fox-geese`, `bagh-chal`).
    pub game: &'static str,
    /// Moves played so far (plies).
    pub moves: usize,
    /// Every move played, in the game's notation.
    pub move_list: Vec<String>,
    /// `hunters` or `crowd`.
    pub to_move: &'static str,
    /// Who is to move: a person here (`human`), the computer (`ai`), or
    /// the friend online (`remote`).
    pub mover: &'static str,
    pub last_move: Option<String>,
    /// `hunters`, `crowd` or `draw` once the game is over.
    pub outcome: Option<&'static str>,
    /// The AI is searching now.
    pub thinking: bool,
    /// The point of the piece the person has picked up, if any.
    pub selected: Option<String>,
    /// The keyboard's cursor on the board, while the board has the keyboard.
    pub cursor: Option<String>,
    pub legal: Vec<String>,
    pub last_search: Option<SearchStatus>,
    /// Each board point's name and its centre on the canvas, in CSS pixels.
    pub points: BTreeMap<String, [f32; 2]>,
    /// The height of the phone strip under the board, in CSS pixels (0
    /// when the side panel shows instead).
    pub strip: f32,
    /// The online game, if one is on.
    pub online: Option<OnlineStatus>,
    /// The coach's analysis of the game, while it runs or once it is there.
    pub analysis: Option<AnalysisStatus>,
}

/// The game's analysis as the page sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisStatus {
    /// While it runs: `worker`, `slices` or `pool`.
    pub runner: Option<&'static str>,
    /// Units of work done, out of `total`, while it runs.
    pub done: usize,
    pub total: usize,
    /// Moves of the game its finished analysis grades.
    pub graded: usize,
}

impl AnalysisStatus {
    pub fn of(job: &AnalysisJob, the_match: &Match) -> Option<AnalysisStatus> {
        let graded = the_match
            .analysis()
            .map_or(0, |a| analysed_plies(a, the_match.game()));
        let running = job.progress();
        if running.is_none() && graded == 0 {
            return None;
        }
        Some(AnalysisStatus {
            runner: running.map(|p| match p.runner {
                AnalysisRunner::Worker => "worker",
                AnalysisRunner::Slices => "slices",
                AnalysisRunner::Pool => "pool",
            }),
            done: running.map_or(0, |p| p.progress.done),
            total: running.map_or(0, |p| p.progress.total),
            graded,
        })
    }
}

/// An online game as the page sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OnlineStatus {
    /// `opening`, `playing`, `refused` or `off`.
    pub phase: &'static str,
    pub connected: bool,
    /// The room's invite code, once the server gave it.
    pub code: Option<String>,
    /// This player's side (none while opening, or watching).
    pub you: Option<&'static str>,
    /// The moves the server has stored.
    pub server_moves: usize,
    /// The other seat: `empty` (nobody joined yet), `connected` or `gone`.
    pub friend: Option<&'static str>,
    /// The name this player goes by on the server, once welcomed.
    pub name: Option<String>,
    /// The opponent as the panel names it (`Rook [bot] (1500?)`).
    pub opponent: Option<String>,
    /// The game counts for the ratings.
    pub rated: bool,
    /// This player's rating change once a rated game has ended
    /// (`1500? -> 1462?`).
    pub rating: Option<String>,
}

impl OnlineStatus {
    pub fn of(online: &Online) -> Option<OnlineStatus> {
        let phase = match online.phase {
            Phase::Off => return None,
            Phase::Opening => "opening",
            Phase::Playing => "playing",
            Phase::Refused(_) => "refused",
        };
        Some(OnlineStatus {
            phase,
            connected: online.connected(),
            code: online.code().map(str::to_string),
            you: online.you.map(side_id),
            server_moves: online.room.as_ref().map_or(0, |r| r.moves.len()),
            friend: online.you.zip(online.room.as_ref()).map(|(you, room)| {
                match room.seat(you.other()) {
                    SeatStatus::Empty => "empty",
                    SeatStatus::Connected => "connected",
                    SeatStatus::Stalled => "stalled",
                    SeatStatus::Gone { .. } => "gone",
                }
            }),
            name: online.me.as_ref().map(|me| me.name.clone()),
            opponent: online
                .you
                .zip(online.room.as_ref())
                .and_then(|(you, room)| room.players.get(you.other()).map(ToString::to_string)),
            rated: online.room.as_ref().is_some_and(|r| r.rated),
            rating: online
                .you
                .zip(online.room.as_ref())
                .and_then(|(you, room)| room.ratings.map(|r| r.get(you).to_string())),
        })
    }
}

/// The last search that gave a move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchStatus {
    pub side: &'static str,
    pub level: &'static str,
    pub depth: u32,
    pub nodes: u64,
    pub seconds: f64,
}

fn side_id(side: Side) -> &'static str {
    match side {
        Side::Hunters => "hunters",
        Side::Crowd => "crowd",
    }
}

impl PageStatus {
    /// The status of a match; `points` and `ready` come from the view.
    pub fn of_match(the_match: &Match, ai: &AiJob) -> PageStatus {
        let game = the_match.game();
        let side = the_match.side_to_move();
        PageStatus {
            ready: false,
            screen: "menu",
            game: the_match.kind().id(),
            moves: game.ply(),
            move_list: game.move_texts(),
            to_move: side_id(side),
            mover: match the_match.player(side) {
                Player::Ai(_) => "ai",
                Player::Human => "human",
                Player::Remote => "remote",
            },
            last_move: game.last_move().map(|m| game.move_text(m)),
            // However it ended: the rules, a resignation, a clock, a claim.
            outcome: the_match
                .conclusion()
                .map(|c| c.winner().map_or("draw", side_id)),
            thinking: ai.thinking().is_some_and(|t| !t.done),
            selected: None,
            cursor: None,
            legal: if the_match.is_over() {
                Vec::new()
            } else {
                game.legal_moves()
                    .iter()
                    .map(|m| game.move_text(m))
                    .collect()
            },
            last_search: ai.last_search().map(|r: SearchReport| SearchStatus {
                side: side_id(r.side),
                level: r.level.name(),
                depth: r.depth,
                nodes: r.nodes,
                seconds: r.seconds,
            }),
            points: BTreeMap::new(),
            strip: 0.0,
            online: None,
            analysis: None,
        }
    }
}

/// Where each board point is drawn on the canvas, in logical (CSS) pixels.
pub fn point_positions(
    points: &Query<(&BoardPoint, &GlobalTransform)>,
    camera: (&Camera, &GlobalTransform),
    board: &crate::rules::Board,
) -> BTreeMap<String, [f32; 2]> {
    points
        .iter()
        .filter_map(|(point, at)| {
            let v = camera
                .0
                .world_to_viewport(camera.1, at.translation())
                .ok()?;
            Some((board.name(point.0).to_string(), [v.x.round(), v.y.round()]))
        })
        .collect()
}

/// Counts the frames the board has been on screen (0 while it is not).
pub fn board_frames(board_shown: bool, frames: &mut u32) -> u32 {
    *frames = if board_shown {
        frames.saturating_add(1)
    } else {
        0
    };
    *frames
}

/// The status as the page sees it, built each frame.
pub fn current_status(
    the_match: &Match,
    online: &Online,
    ai: &AiJob,
    screen: Screen,
    selection: &Selection,
    loaded: bool,
    points: &Query<(&BoardPoint, &GlobalTransform)>,
    cameras: &Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    frames_shown: &mut u32,
    strip: f32,
) -> PageStatus {
    let mut status = PageStatus::of_match(the_match, ai);
    status.strip = strip.round();
    status.online = OnlineStatus::of(online);
    let board = the_match.game().rules().board();
    status.selected = selection.at().map(|p| board.name(p).to_string());
    if screen == Screen::Game {
        status.screen = "game";
    }
    if let Ok(camera) = cameras.single() {
        status.points = point_positions(points, camera, board);
    }
    // The loader gives way to a board with its pieces, not a bare one.
    let shown = board_frames(!status.points.is_empty() && loaded, frames_shown);
    status.ready = shown >= FRAMES_BEFORE_READY;
    status
}

#[cfg(target_arch = "wasm32")]
mod page {
    use bevy::prelude::*;
    use wasm_bindgen::JsValue;

    use super::{PageStatus, current_status};
    use crate::game::board::cursor::BoardCursor;
    use crate::game::board::first_board::BoardFiles;
    use crate::game::board::input::Selection;
    use crate::game::board::view::{BoardPoint, MainCamera, StripHeight};
    use crate::game::common::redraw::{LOADING_PULSE, NextFrame};
    use crate::game::common::screens::Screen;
    use crate::game::common::view::FirstBoard;
    use crate::game::play::ai_task::AiJob;
    use crate::game::play::analysis::AnalysisJob;
    use crate::game::play::match_state::Match;
    use crate::game::play::online::Online;

    /// The page address's options as launch arguments.
    pub fn address_args() -> Result<Vec<String>, super::LaunchError> {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        super::query_to_args(&search)
    }

    /// Keeps the board's camera off until the first board has its files
    /// ([`FirstBoard::files_in`]), then on. The page draws no frame while
    /// the loader covers a board whose files are still coming: each frame
    /// of a software renderer costs up to a second, and the files come a
    /// frame apart (the skin, then its pictures), so frames nobody sees
    /// would put the first board off by seconds.
    pub(super) fn draw_once_loaded(
        mut cameras: Query<&mut Camera, With<MainCamera>>,
        first: Res<FirstBoard>,
        mut drawing: Local<bool>,
    ) {
        if *drawing {
            return;
        }
        *drawing = first.files_in;
        for mut camera in &mut cameras {
            camera.is_active = *drawing;
        }
    }

    /// Once a room made at `?create=…` has its code, the address becomes
    /// `?join=CODE` (`super::room_address`), without a new history entry.
    pub(super) fn address_names_the_room(online: Res<Online>, mut done: Local<bool>) {
        use wasm_bindgen::JsCast;
        if *done {
            return;
        }
        let Some(code) = online.code() else { return };
        *done = true;
        let Some(window) = web_sys::window() else {
            return;
        };
        let search = window.location().search().unwrap_or_default();
        let Some(query) = super::room_address(&search, code) else {
            return;
        };
        // `JsValue::from`, not `from_str`: the message-id check reads
        // `tr("…")` calls.
        let history = js_sys::Reflect::get(&window, &JsValue::from("history"));
        let replace = history.as_ref().ok().and_then(|h| {
            js_sys::Reflect::get(h, &JsValue::from("replaceState"))
                .ok()?
                .dyn_into::<js_sys::Function>()
                .ok()
        });
        if let (Ok(history), Some(replace)) = (history, replace) {
            let _ = replace.call3(
                &history,
                &JsValue::NULL,
                &JsValue::from_str(""),
                &JsValue::from_str(&query),
            );
        }
    }

    /// Sets `window.strongholdStatus` (a frozen object) when the status changes.
    pub(super) fn publish_status(
        the_match: Res<Match>,
        online: Res<Online>,
        ai: Res<AiJob>,
        screen: Res<State<Screen>>,
        selection: Res<Selection>,
        files: BoardFiles,
        points: Query<(&BoardPoint, &GlobalTransform)>,
        cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
        mut frames_shown: Local<u32>,
        mut published: Local<Option<PageStatus>>,
        (mut next_frame, strip, cursor): (ResMut<NextFrame>, Res<StripHeight>, Res<BoardCursor>),
        analysis: Res<AnalysisJob>,
    ) {
        let loaded = files.loaded();
        let mut status = current_status(
            &the_match,
            &online,
            &ai,
            *screen.get(),
            &selection,
            loaded,
            &points,
            &cameras,
            &mut frames_shown,
            strip.0,
        );
        status.analysis = super::AnalysisStatus::of(&analysis, &the_match);
        let board = the_match.game().rules().board();
        status.cursor = cursor
            .at
            .filter(|p| cursor.shown && board.points.contains(*p))
            .map(|p| board.name(p).to_string());
        // The page counts drawn frames before it calls the board ready.
        if !status.ready {
            next_frame.within(LOADING_PULSE);
        }
        if published.as_ref() == Some(&status) {
            return;
        }
        let Some(window) = web_sys::window() else {
            return;
        };
        let value = serde_json::to_string(&status)
            .ok()
            .and_then(|json| js_sys::JSON::parse(&json).ok())
            .map(|object| js_sys::Object::freeze(&object.into()).into())
            .unwrap_or(JsValue::NULL);
        let _ = js_sys::Reflect::set(&window, &JsValue::from_str("strongholdStatus"), &value);
        *published = Some(status);
    }
}

#[cfg(target_arch = "wasm32")]
pub use page::address_args;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::game::play::match_state::Player;
    use crate::rules::{Game, GameId, Variant};

    #[test]
    fn a_created_room_becomes_a_join_address() {
        assert_eq!(
            room_address(
                "?create=pirates&side=crowd&clock=5%2B3&server=ws%3A%2F%2Fh%2Fws&language=ru",
                "AB12CD"
            )
            .as_deref(),
            Some("?join=AB12CD&server=ws%3A%2F%2Fh%2Fws&language=ru")
        );
        // A join, or a page with no room, keeps its address.
        assert_eq!(room_address("?join=AB12CD", "AB12CD"), None);
        assert_eq!(room_address("", "AB12CD"), None);
        // What the address gets is only the code's letters and digits.
        assert_eq!(
            room_address("create=asalto", "A&B<1>").as_deref(),
            Some("?join=AB1")
        );
        // The new address reads back as a join of that room.
        let args =
            query_to_args(&room_address("?create=pirates&language=ru", "XY34").unwrap()).unwrap();
        assert_eq!(args, ["--join", "XY34", "--language", "ru"]);
    }

    #[test]
    fn a_game_of_any_board_is_in_the_status_with_its_moves() {
        let mut game = Game::new(Variant::new(GameId::named("kaooa")));
        game.play_text("@d4 @c3").unwrap();
        let the_match = Match::from_game(game, [Player::Human; 2]);
        let status = PageStatus::of_match(&the_match, &AiJob::default());
        assert_eq!(status.game, "kaooa");
        assert_eq!(status.moves, 2);
        assert_eq!(status.move_list, ["@d4", "@c3"]);
        assert_eq!(status.outcome, None);
        // The vulture placed on d4 moves: every legal move starts there.
        assert!(!status.legal.is_empty());
        assert!(
            status.legal.iter().all(|m| m.starts_with("d4")),
            "{:?}",
            status.legal
        );
    }

    #[test]
    fn the_analysis_status_says_where_it_runs_and_what_it_graded() {
        use crate::coach::{Effort, GameAnalyser};
        let mut game = Game::new(Variant::new(GameId::named("pirates")));
        game.play_text("d4-d5 c6-c7").unwrap();
        let players = Match::players(Player::Human, Player::Human);
        let mut the_match = Match::from_game(game.clone(), players);
        let effort = Effort::of_level(Level::Beginner);
        let job = AnalysisJob::new(effort, AnalysisRunner::Worker);
        assert_eq!(AnalysisStatus::of(&job, &the_match), None);
        let analysis = GameAnalyser::new(&game, effort, None).run_to_end().clone();
        the_match.set_analysis(Some(std::sync::Arc::new(analysis)));
        let status = AnalysisStatus::of(&job, &the_match).expect("an analysis");
        assert_eq!((status.runner, status.graded), (None, 2));
    }

    #[test]
    fn query_becomes_launch_arguments() {
        let args = query_to_args("?game=bagh-chal&hunters=master&flip&moves=c3-c4+d6-d5").unwrap();
        assert_eq!(
            args,
            [
                "--game",
                "bagh-chal",
                "--hunters",
                "master",
                "--flip",
                "--moves",
                "c3-c4 d6-d5"
            ]
        );
        assert_eq!(query_to_args("").unwrap(), Vec::<String>::new());
        assert_eq!(
            query_to_args("option=retreat%3Don").unwrap(),
            ["--option", "retreat=on"]
        );
    }

    #[test]
    fn bad_escapes_are_errors_not_panics() {
        assert!(query_to_args("moves=%zz").is_err());
        assert!(query_to_args("moves=%4").is_err());
        assert!(query_to_args("moves=%ff").is_err());
    }

    #[test]
    fn status_follows_the_match() {
        let mut game = Game::new(Variant::new(GameId::named("pirates")));
        game.play_text("d4-d5").unwrap();
        let the_match = Match::from_game(
            game,
            Match::players(Player::Ai(Level::Master), Player::Human),
        );
        let status = PageStatus::of_match(&the_match, &AiJob::default());
        assert_eq!(status.game, "pirates");
        assert_eq!(status.moves, 1);
        assert_eq!(status.to_move, "hunters");
        assert_eq!(status.mover, "ai");
        assert_eq!(status.last_move.as_deref(), Some("d4-d5"));
        assert_eq!(status.outcome, None);
        assert!(!status.legal.is_empty());
        assert!(!status.ready && !status.thinking);
        // An end the rules did not make counts too: a clock, online.
        let mut timed_out = the_match.clone();
        timed_out.conclude(crate::game::play::match_state::Conclusion::TimeOut(
            Side::Hunters,
        ));
        let over = PageStatus::of_match(&timed_out, &AiJob::default());
        assert_eq!(over.outcome, Some("crowd"));
        assert!(over.legal.is_empty());
    }

    #[test]
    fn board_counts_frames_only_while_shown() {
        let mut frames = 0;
        assert_eq!(board_frames(true, &mut frames), 1);
        assert_eq!(board_frames(true, &mut frames), 2);
        assert_eq!(board_frames(false, &mut frames), 0);
    }
}
