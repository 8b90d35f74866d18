//! The launch: what the game starts from that comes from outside the app,
//! read once before the window opens. Launch options come from the command
//! line on the desktop and from the page address's query on the web (which
//! game, who plays, moves to play first, a timed exit for scripts); the
//! saved settings and the last unfinished game come from `persist`.
//! [`LaunchPlugin`] is the one place they enter the app: it inserts the
//! resources they decide, so no other plugin depends on the order plugins are
//! added in, and none reads game state while the app is built.

use bevy::prelude::*;

use crate::ai::Level;
use crate::game::board::skin::SkinOverride;
use crate::game::board::view::BoardLayout;
use crate::game::common::i18n::Language;
use crate::game::common::redraw::{LOADING_PULSE, NextFrame};
use crate::game::common::screens::{MenuPage, RulesWindow, Screen};
use crate::game::common::settings::{OnlineSeat, Settings};
use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::lesson::{LessonCommand, LessonSession};
use crate::game::play::match_state::{Match, MatchCommand, Player};
use crate::game::play::online::{OnlineCommand, ServerForNow};
use crate::game::play::puzzle::{PuzzleCommand, PuzzleLibrary, PuzzleSetAsset, SetState};
pub use crate::game::shell::launch_error::LaunchError;
use crate::game::shell::persist::{self, Boot, Persistence};
use crate::online::ClockSpec;
use crate::online::client::socket_list;
use crate::online::protocol::side_text;
use crate::rules::{Game, GameId, Side, Variant};

/// What the game starts with.
#[derive(Clone, Debug)]
pub struct LaunchOptions {
    pub variant: Variant,
    pub hunters: Player,
    pub crowd: Player,
    /// Moves to play before the window opens, in notation.
    pub moves: String,
    /// Quit after this many seconds (for screenshots and measurements).
    pub exit_after: Option<f32>,
    pub flipped: bool,
    /// The command line named a game or its players: start playing at
    /// once instead of on the main menu.
    pub start_in_game: bool,
    /// `--help`: print the usage and exit.
    pub help: bool,
    /// `--rules GAME`: open on this game's rules page.
    pub rules: Option<GameId>,
    /// `--new-game`: open on the new-game page.
    pub new_game: bool,
    /// `--language en|ru`: the language for this run.
    pub language: Option<Language>,
    /// `--text-size PERCENT`: the text size for this run, 1.0 to 2.0.
    pub text_size: Option<f32>,
    /// `--skin NAME`: the skin to draw, whatever the game.
    pub skin: Option<String>,
    /// `--join CODE`: join a friend's online game.
    pub join: Option<String>,
    /// `--watch CODE`: watch an online game.
    pub watch: Option<String>,
    /// `--anyone GAME`: play anyone in the server's lobby.
    pub anyone: bool,
    /// `--create GAME`: open an online room for the game (and its
    /// `--option`s), on `side` (`--side`, the crowd unless named) with
    /// `clock` (`--clock M+I`).
    pub create: bool,
    pub side: Option<Side>,
    pub clock: Option<ClockSpec>,
    /// `--server URL`: the game server for online play, for this run only
    /// (several, comma-separated, are tried in turn).
    pub server: Option<String>,
    /// `--review PLY`: show the game after this many moves.
    pub review: Option<usize>,
    /// `--analyse`: analyse the game at once.
    pub analyse: bool,
    /// `--lessons`: once the game is analysed, its first lesson.
    pub lessons: bool,
    /// `--line STEP`: once the game is analysed, the reviewed move's
    /// engine line played out STEP moves in.
    pub line: Option<usize>,
    /// `--puzzles GAME`: open on a game's puzzles page.
    pub puzzles: Option<GameId>,
    /// `--puzzle N`: with `--puzzles`, solve its puzzle number N (from 1).
    pub puzzle: Option<usize>,
}

impl Default for LaunchOptions {
    fn default() -> LaunchOptions {
        LaunchOptions {
            variant: Variant::new(GameId::named("pirates")),
            hunters: Player::Ai(Level::Medium),
            crowd: Player::Human,
            moves: String::new(),
            exit_after: None,
            flipped: false,
            start_in_game: false,
            help: false,
            rules: None,
            new_game: false,
            language: None,
            text_size: None,
            skin: None,
            join: None,
            watch: None,
            anyone: false,
            create: false,
            side: None,
            clock: None,
            server: None,
            review: None,
            analyse: false,
            lessons: false,
            line: None,
            puzzles: None,
            puzzle: None,
        }
    }
}

/// The game's flags as clap reads them, on the desktop's command line and
/// from the web page's address (`?game=asalto&hunters=hard` is `--game
/// asalto --hunters hard`): one definition for both. Values stay text here;
/// [`LaunchOptions::parse`] checks them, so that a refusal is told in the
/// player's language.
#[derive(Debug, Default, clap::Parser)]
#[command(
    name = "stronghold",
    version,
    args_override_self = true,
    about = "Hunt board games: Pirates and Bulgars, Asalto, Fox and Geese, Bagh-Chal and 59 more",
    long_about = "Hunt board games: Pirates and Bulgars, Asalto, Fox and Geese, Bagh-Chal and \
        59 more. Without flags the game opens on its main menu; naming a game or a player \
        starts playing at once. On the web page, each flag is a query parameter \
        (?game=asalto&hunters=hard)."
)]
struct LaunchArgs {
    /// The game: pirates, asalto, fox-geese, bagh-chal, kaooa, haretavl,
    /// adugo, ... (the files in assets/games/)
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Play the game this file describes (docs/game-files.md)
    #[arg(long, value_name = "PATH")]
    game_file: Option<String>,
    /// One of the game's options, as geese=15 or quiet-limit=off (its
    /// rules page, --rules GAME, lists them with their values); repeatable
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Who plays the hunters: human, beginner, easy, medium, hard or master
    #[arg(long, value_name = "PLAYER")]
    hunters: Option<String>,
    /// Who plays the crowd (the same choices)
    #[arg(long, value_name = "PLAYER")]
    crowd: Option<String>,
    /// Moves to play first, in move text ("c3-c4 d6xd4 @c3")
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// The board upside down
    #[arg(long)]
    flip: bool,
    /// Draw with this skin (a file name in assets/skins/)
    #[arg(long, value_name = "NAME")]
    skin: Option<String>,
    /// Join a friend's online game by its invite code
    #[arg(long, value_name = "CODE")]
    join: Option<String>,
    /// Watch an online game by its code (nothing moves)
    #[arg(long, value_name = "CODE")]
    watch: Option<String>,
    /// Play anyone on the server who wants the game (with its --option
    /// flags and --clock), or wait for one
    #[arg(long, value_name = "GAME")]
    anyone: Option<String>,
    /// Open an online room for a game (with its --option flags) and wait
    /// there for a friend
    #[arg(long, value_name = "GAME")]
    create: Option<String>,
    /// Your side in the room created: hunters or crowd
    #[arg(long, value_name = "SIDE")]
    side: Option<String>,
    /// The room's clock: minutes, plus seconds a move
    #[arg(long, value_name = "M+I")]
    clock: Option<String>,
    /// The game server for online play (ws://host:port/ws, wss://... behind
    /// TLS), for this run only; URL1,URL2 names several servers of the
    /// same games, tried in turn
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// Open on a game's rules page
    #[arg(long, value_name = "GAME")]
    rules: Option<String>,
    /// Open on the new-game page
    #[arg(long)]
    new_game: bool,
    /// Show the game after PLY moves (review)
    #[arg(long, value_name = "PLY")]
    review: Option<String>,
    /// Analyse the game at once
    #[arg(long)]
    analyse: bool,
    /// With --analyse: play the first lesson from your mistakes once they
    /// are found
    #[arg(long)]
    lessons: bool,
    /// With --analyse and --review: the engine's line for the move
    /// reviewed, played out STEP moves in
    #[arg(long, value_name = "STEP")]
    line: Option<String>,
    /// Open on a game's puzzles page
    #[arg(long, value_name = "GAME")]
    puzzles: Option<String>,
    /// With --puzzles: solve puzzle number N
    #[arg(long, value_name = "N")]
    puzzle: Option<String>,
    /// en or ru (otherwise the saved setting)
    #[arg(long, value_name = "LANG")]
    language: Option<String>,
    /// The text size, 100 to 200 (per cent; otherwise the saved setting)
    #[arg(long, value_name = "PERCENT")]
    text_size: Option<String>,
    /// Quit after this many seconds (scripts)
    #[arg(long, value_name = "SECONDS")]
    exit_after: Option<String>,
}

/// The help text (`--help`): every flag.
pub fn usage() -> String {
    <LaunchArgs as clap::CommandFactory>::command()
        .render_long_help()
        .to_string()
}

/// clap's refusal as a launch error (told in the player's language); None
/// for `--help` and `--version`, which are no errors.
fn launch_error(error: &clap::Error) -> Option<LaunchError> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        Some(ContextValue::Strings(texts)) => texts.first().cloned(),
        _ => None,
    };
    let arg = context(ContextKind::InvalidArg).unwrap_or_default();
    // `--gam`: "unknown argument `--gam`: did you mean --game?"
    let with_hint = |arg: String| match context(ContextKind::SuggestedArg) {
        Some(hint) => format!("{arg} (--help: {hint}?)"),
        None => arg,
    };
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => None,
        ErrorKind::InvalidValue | ErrorKind::NoEquals => Some(LaunchError::NeedsValue {
            flag: arg.split_whitespace().next().unwrap_or(&arg).to_string(),
        }),
        _ if !arg.is_empty() => Some(LaunchError::UnknownArgument {
            arg: with_hint(arg),
        }),
        _ => Some(LaunchError::UnknownArgument {
            arg: error.to_string().lines().next().unwrap_or("").to_string(),
        }),
    }
}

/// Reads and checks a game file from disk: a broken file is refused with
/// its file, line, column and reason.
#[cfg(not(target_arch = "wasm32"))]
fn read_game_file(path: &str) -> Result<GameId, LaunchError> {
    let bytes = std::fs::read(path).map_err(|e| LaunchError::GameFileUnreadable {
        path: path.to_string(),
        message: e.to_string(),
    })?;
    GameId::load(path, &bytes).map_err(|e| LaunchError::GameFile(Box::new(e)))
}

/// A refused launch in the player's language: `--language` when given,
/// else the saved one; English when the message files cannot be read.
#[cfg(not(target_arch = "wasm32"))]
fn localized(error: &LaunchError, args: &[String]) -> String {
    use crate::game::common::i18n::{I18n, Localize};
    let value = |flag: &str| args.windows(2).find(|w| w[0] == flag).map(|w| w[1].clone());
    let language = value("--language")
        .and_then(|code| Language::ALL.into_iter().find(|l| l.code() == code))
        .unwrap_or_else(|| Persistence::platform().boot().settings.language);
    let Some(mut i18n) = crate::assets::asset_root().and_then(|root| I18n::from_dir(&root).ok())
    else {
        return error.to_string();
    };
    i18n.set_language(language);
    match error.foreign_words() {
        Some(words) => format!("{}\n{words}", error.localize(&i18n)),
        None => error.localize(&i18n),
    }
}

/// The web page has no files to read.
#[cfg(target_arch = "wasm32")]
fn read_game_file(path: &str) -> Result<GameId, LaunchError> {
    Err(LaunchError::NoFilesOnTheWeb {
        path: path.to_string(),
    })
}

fn parse_player(text: &str) -> Result<Player, LaunchError> {
    if text == "human" {
        return Ok(Player::Human);
    }
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(text))
        .map(Player::Ai)
        .ok_or_else(|| LaunchError::UnknownPlayer {
            text: text.to_string(),
        })
}

impl LaunchOptions {
    /// Reads options from arguments (without the program name): `--help`
    /// or `--version` sets [`LaunchOptions::help`].
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<LaunchOptions, LaunchError> {
        let program = std::iter::once("stronghold".to_string());
        let args = match <LaunchArgs as clap::Parser>::try_parse_from(program.chain(args)) {
            Ok(args) => args,
            Err(error) => {
                return match launch_error(&error) {
                    Some(refusal) => Err(refusal),
                    None => Ok(LaunchOptions {
                        help: true,
                        ..LaunchOptions::default()
                    }),
                };
            }
        };
        LaunchOptions::from_args(args)
    }

    /// Checks each value and says what the game starts with.
    fn from_args(args: LaunchArgs) -> Result<LaunchOptions, LaunchError> {
        let game = |id: String| GameId::find(&id).ok_or(LaunchError::UnknownGame { id });
        let number = |flag: &str, text: Option<String>| -> Result<Option<usize>, LaunchError> {
            text.map(|text| {
                text.parse().map_err(|_| LaunchError::NotNumber {
                    flag: flag.to_string(),
                    text,
                })
            })
            .transpose()
        };
        let mut o = LaunchOptions {
            start_in_game: args.game.is_some()
                || args.game_file.is_some()
                || !args.options.is_empty()
                || args.hunters.is_some()
                || args.crowd.is_some()
                || args.moves.is_some(),
            moves: args.moves.unwrap_or_default(),
            flipped: args.flip,
            new_game: args.new_game,
            analyse: args.analyse,
            lessons: args.lessons,
            skin: args
                .skin
                .map(|name| crate::game::board::skin::skin_name(&name).to_string()),
            rules: args.rules.map(game).transpose()?,
            puzzles: args.puzzles.map(game).transpose()?,
            review: number("--review", args.review)?,
            line: number("--line", args.line)?,
            puzzle: number("--puzzle", args.puzzle)?.map(|n| n.max(1)),
            ..LaunchOptions::default()
        };
        o.text_size = args.text_size.map(text_size).transpose()?;
        o.exit_after = args.exit_after.map(seconds).transpose()?;
        if let Some(id) = args.game {
            o.variant = Variant::new(game(id)?);
        }
        if let Some(path) = args.game_file {
            o.variant = Variant::new(read_game_file(&path)?);
        }
        if let Some(text) = args.hunters {
            o.hunters = parse_player(&text)?;
        }
        if let Some(text) = args.crowd {
            o.crowd = parse_player(&text)?;
        }
        if let Some(code) = args.language {
            let language = Language::ALL.into_iter().find(|l| l.code() == code);
            o.language = Some(language.ok_or(LaunchError::UnknownLanguage { code })?);
        }
        o.online_args(args.join, args.watch, args.create, args.anyone)?;
        if let Some(text) = args.side {
            let side = side_text::from_name(&text).ok_or(LaunchError::UnknownSide { text })?;
            o.side = Some(side);
        }
        if let Some(text) = args.clock {
            o.clock = Some(text.parse().map_err(|_| LaunchError::BadClock { text })?);
        }
        o.server = args.server;
        for opt in args.options {
            o.variant.set_option(&opt).map_err(LaunchError::BadOption)?;
        }
        Ok(o)
    }

    /// `--join CODE`, `--watch CODE`, `--create GAME`, `--anyone GAME`
    /// (the last two name the game too).
    fn online_args(
        &mut self,
        join: Option<String>,
        watch: Option<String>,
        create: Option<String>,
        anyone: Option<String>,
    ) -> Result<(), LaunchError> {
        self.join = join.map(invite_code).transpose()?;
        self.watch = watch.map(invite_code).transpose()?;
        if let Some(game) = create {
            self.variant = Variant::new(game_of(game)?);
            self.create = true;
        }
        if let Some(game) = anyone {
            self.variant = Variant::new(game_of(game)?);
            self.anyone = true;
        }
        Ok(())
    }

    /// The match these options start.
    pub fn initial_match(&self) -> Result<Match, LaunchError> {
        let mut game = Game::new(self.variant);
        game.play_text(&self.moves).map_err(LaunchError::BadMoves)?;
        Ok(Match::from_game(
            game,
            Match::players(self.hunters, self.crowd),
        ))
    }
}

/// Everything the game starts from: the launch options, the match they
/// start, the saved settings and last game, and (on the web) what was wrong
/// with the page address.
#[derive(Clone)]
pub struct Launch {
    pub options: LaunchOptions,
    the_match: Match,
    boot: Boot,
    address_problem: Option<LaunchError>,
}

impl Launch {
    /// The desktop's launch: options from the command line, settings and
    /// saves from the config folder. `--help` prints the usage and a bad
    /// option ends the program: both are the exit to return.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_platform() -> Result<Launch, AppExit> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let fail = |e: LaunchError| {
            eprintln!("{}", localized(&e, &args));
            if matches!(e, LaunchError::UnknownArgument { .. }) {
                eprintln!("{}", usage());
            }
            AppExit::error()
        };
        let options = LaunchOptions::parse(args.clone()).map_err(fail)?;
        if options.help {
            // Not `println!`: it panics when the reader has gone
            // (`stronghold --help | head`).
            use std::io::Write;
            let _ = writeln!(std::io::stdout(), "{}", usage());
            return Err(AppExit::Success);
        }
        Launch::new(options, Persistence::platform()).map_err(fail)
    }

    /// The web's launch: options from the page address (`?game=asalto`),
    /// settings and saves from `localStorage`. A bad address is shown on
    /// screen and the game starts as usual.
    #[cfg(target_arch = "wasm32")]
    pub fn from_platform() -> Result<Launch, AppExit> {
        let chosen = crate::game::shell::web::address_args()
            .and_then(LaunchOptions::parse)
            .and_then(|o| Launch::new(o, Persistence::platform()));
        Ok(chosen.unwrap_or_else(|problem| {
            let mut launch = Launch::new(LaunchOptions::default(), Persistence::platform())
                .expect("the usual game starts");
            launch.address_problem = Some(problem);
            launch
        }))
    }

    /// A launch from these options, with the settings and last game kept by
    /// `persistence`; an error when the options' moves cannot be played.
    pub fn new(options: LaunchOptions, persistence: Persistence) -> Result<Launch, LaunchError> {
        let the_match = options.initial_match()?;
        let mut boot = persistence.boot();
        if let Some(language) = options.language {
            boot.settings.language = language;
        }
        if let Some(size) = options.text_size {
            boot.settings.text_size = size;
        }
        if options.flipped
            && let Some(last) = &mut boot.last_game
        {
            last.flipped = true;
        }
        Ok(Launch {
            options,
            the_match,
            boot,
            address_problem: None,
        })
    }

    /// The window's size in logical pixels: the one last used, or 1280x800.
    pub fn window_size(&self) -> (u32, u32) {
        persist::window_size(&self.boot.settings).unwrap_or((1280, 800))
    }
}

/// Puts a [`Launch`] into the app: the match, the screen and pages to open
/// on, the skin override, the saved settings and, unless the options name a
/// game, the last unfinished game (what "Continue" returns to).
pub struct LaunchPlugin(pub Launch);

impl Plugin for LaunchPlugin {
    fn build(&self, app: &mut App) {
        let Launch {
            options,
            the_match,
            boot,
            address_problem,
        } = self.0.clone();
        app.insert_resource(BoardLayout::for_variant(the_match.variant()).turned(options.flipped));
        app.insert_resource(the_match);
        if options.start_in_game {
            app.insert_state(Screen::Game);
        }
        match (options.rules, options.start_in_game) {
            (Some(game), true) => app.insert_resource(RulesWindow::showing(game)),
            (Some(game), false) => app.insert_resource(MenuPage::Rules(game)),
            (None, _) => app,
        };
        if options.new_game {
            app.insert_resource(MenuPage::NewGame);
        }
        if let Some(game) = options.puzzles {
            app.insert_resource(MenuPage::Puzzles(game));
        }
        app.insert_resource(LaunchActions {
            review: options.review,
            analyse: options.analyse,
            lessons: options.lessons,
            line: options.line.zip(options.review),
            puzzle: options.puzzles.zip(options.puzzle),
        })
        .add_systems(Update, run_launch_actions);
        app.insert_resource(SkinOverride {
            name: options.skin.clone(),
            skins_then: None,
        });
        // `--server` (a link's `server=`) is for this run only.
        app.insert_resource(ServerForNow::launched(options.server.as_deref()));
        if let Some(opening) = OpenAtLaunch::of(&options, &boot.settings) {
            // The opening's progress shows on the new-game page until the
            // room arrives; then the game opens.
            app.insert_resource(MenuPage::NewGame)
                .insert_resource(opening)
                .add_systems(Startup, open_at_launch);
        }
        if let Some(problem) = address_problem {
            app.insert_resource(crate::game::shell::web::AddressProblem(problem));
        }
        boot.install(app, !options.start_in_game);
        if let Some(seconds) = options.exit_after {
            app.insert_resource(ExitAfter(seconds))
                .add_systems(Update, exit_after);
        }
    }
}

/// An invite code given on the command line, or why it is not one.
/// `--text-size PERCENT`: 100 to 200, as a factor.
fn text_size(text: String) -> Result<f32, LaunchError> {
    match text.parse::<u32>() {
        Ok(percent) if (100..=200).contains(&percent) => Ok(percent as f32 / 100.0),
        _ => Err(LaunchError::TextSize { text }),
    }
}

/// `--exit-after SECONDS`.
fn seconds(text: String) -> Result<f32, LaunchError> {
    text.parse().map_err(|_| LaunchError::NotNumber {
        flag: "--exit-after".into(),
        text,
    })
}

fn invite_code(value: String) -> Result<String, LaunchError> {
    if crate::game::shell::invite::is_code(&value) {
        Ok(value)
    } else {
        Err(LaunchError::NotInviteCode { text: value })
    }
}

/// A game by its id.
fn game_of(id: String) -> Result<GameId, LaunchError> {
    GameId::find(&id).ok_or(LaunchError::UnknownGame { id })
}

/// `--join CODE`, `--watch CODE`, `--anyone GAME` or `--create GAME`: the
/// online room to open once the app runs (on the [`ServerForNow`]); or the
/// seat of a game running when the app last closed, unless the launch
/// asks for something else.
#[derive(Resource, Clone)]
enum OpenAtLaunch {
    Join(String),
    Watch(String),
    Anyone {
        variant: Variant,
        clock: Option<ClockSpec>,
    },
    Create {
        variant: Variant,
        side: Side,
        clock: Option<ClockSpec>,
    },
    Resume(OnlineSeat),
}

impl OpenAtLaunch {
    fn of(options: &LaunchOptions, settings: &Settings) -> Option<OpenAtLaunch> {
        let kept = settings.online_seat.clone();
        if let Some(code) = &options.join {
            // The page reloaded at `?join=CODE`: that seat is ours already.
            return Some(match kept {
                Some(seat)
                    if seat.code.eq_ignore_ascii_case(code)
                        && seat.server == socket_list(&launched_server(options, settings)) =>
                {
                    OpenAtLaunch::Resume(seat)
                }
                _ => OpenAtLaunch::Join(code.clone()),
            });
        }
        if let Some(code) = &options.watch {
            return Some(OpenAtLaunch::Watch(code.clone()));
        }
        if options.anyone {
            return Some(OpenAtLaunch::Anyone {
                variant: options.variant,
                clock: options.clock,
            });
        }
        if options.create {
            return Some(OpenAtLaunch::Create {
                variant: options.variant,
                side: options.side.unwrap_or(Side::Crowd),
                clock: options.clock,
            });
        }
        let asks_for_something = options.start_in_game
            || options.rules.is_some()
            || options.new_game
            || options.puzzles.is_some();
        kept.filter(|_| !asks_for_something)
            .map(OpenAtLaunch::Resume)
    }
}

/// The server for now as the launch leaves it (before the app runs).
fn launched_server(options: &LaunchOptions, settings: &Settings) -> String {
    ServerForNow::launched(options.server.as_deref()).of(settings)
}

fn open_at_launch(
    opening: Res<OpenAtLaunch>,
    (server, settings): (Res<ServerForNow>, Res<Settings>),
    mut online: MessageWriter<OnlineCommand>,
) {
    let server = server.of(&settings);
    online.write(match opening.clone() {
        OpenAtLaunch::Join(code) => OnlineCommand::Join { server, code },
        OpenAtLaunch::Watch(code) => OnlineCommand::Watch { server, code },
        OpenAtLaunch::Anyone { variant, clock } => OnlineCommand::Anyone {
            server,
            variant,
            clock,
        },
        OpenAtLaunch::Create {
            variant,
            side,
            clock,
        } => OnlineCommand::Create {
            server,
            variant,
            side,
            clock,
            rated: false,
        },
        OpenAtLaunch::Resume(seat) => OnlineCommand::Resume(seat),
    });
}

/// What the launch asks for once the app runs: a move to review, an
/// analysis, then its first lesson or a move's line (once the analysis is
/// there), a puzzle to solve (once its set has loaded).
#[derive(Resource, Clone, Copy, Debug, Default)]
struct LaunchActions {
    review: Option<usize>,
    analyse: bool,
    lessons: bool,
    /// The line's step, and the reviewed move's ply.
    line: Option<(usize, usize)>,
    puzzle: Option<(GameId, usize)>,
}

/// `--lessons` and `--line`, once the analysis is there: the lessons
/// looked for, then the first played; the reviewed move's line shown.
fn after_analysis(
    actions: &mut LaunchActions,
    the_match: &Match,
    lessons: &LessonSession,
    commands: &mut MessageWriter<MatchCommand>,
    lesson_commands: &mut MessageWriter<LessonCommand>,
) {
    let Some(analysis) = the_match.analysis() else {
        return;
    };
    if let Some((step, ply)) = actions.line.take() {
        commands.write(MatchCommand::PreviewLine(Some((ply, step))));
    }
    if actions.lessons && !lessons.is_active() {
        match lessons.lessons_of(analysis) {
            None => {
                lesson_commands.write(LessonCommand::Find);
            }
            Some([]) if lessons.is_finding() => {}
            Some(_) => {
                lesson_commands.write(LessonCommand::Start(0));
                actions.lessons = false;
            }
        }
    }
}

fn run_launch_actions(
    mut actions: ResMut<LaunchActions>,
    (the_match, lessons): (Res<Match>, Res<LessonSession>),
    mut lesson_commands: MessageWriter<LessonCommand>,
    mut commands: MessageWriter<MatchCommand>,
    mut analysis: MessageWriter<AnalysisCommand>,
    mut puzzles: MessageWriter<PuzzleCommand>,
    mut screen: ResMut<NextState<Screen>>,
    mut next_frame: ResMut<NextFrame>,
    (mut library, server, sets): (
        ResMut<PuzzleLibrary>,
        Res<AssetServer>,
        Res<Assets<PuzzleSetAsset>>,
    ),
) {
    if let Some(ply) = actions.review.take() {
        commands.write(MatchCommand::Review(Some(ply)));
    }
    if std::mem::take(&mut actions.analyse) {
        analysis.write(AnalysisCommand::Start);
    }
    after_analysis(
        &mut actions,
        &the_match,
        &lessons,
        &mut commands,
        &mut lesson_commands,
    );
    let Some((kind, number)) = actions.puzzle else {
        return;
    };
    match library.set(kind, &server, &sets) {
        SetState::Loading => {
            next_frame.within(LOADING_PULSE);
            return;
        }
        SetState::Ready(set) => {
            if let Some(puzzle) = set.puzzles.get(number - 1) {
                puzzles.write(PuzzleCommand::Start {
                    kind,
                    index: number - 1,
                    puzzle: Box::new(puzzle.clone()),
                });
                screen.set(Screen::Game);
            }
        }
        SetState::Missing(_) => {}
    }
    actions.puzzle = None;
}

/// Quits after a number of seconds of real time.
#[derive(Resource)]
pub struct ExitAfter(pub f32);

pub fn exit_after(
    time: Res<Time<Real>>,
    limit: Res<ExitAfter>,
    mut exit: MessageWriter<AppExit>,
    mut next_frame: ResMut<NextFrame>,
) {
    let left = limit.0 - time.elapsed_secs();
    if left <= 0.0 {
        exit.write(AppExit::Success);
    } else {
        // A still app may sleep far longer: wake for the deadline.
        next_frame.within_secs(f64::from(left));
    }
}
