//! Command-line launch options (desktop): which game, who plays, moves to
//! play first, and a timed exit for scripts. The web build uses the defaults.

use bevy::prelude::*;

use super::i18n::Language;
use super::match_state::{Match, Player};
use crate::ai::Level;
use crate::rules::{Game, GameKind, Variant};

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
    pub rules: Option<GameKind>,
    /// `--language en|ru`: the language for this run.
    pub language: Option<Language>,
}

impl Default for LaunchOptions {
    fn default() -> LaunchOptions {
        LaunchOptions {
            variant: Variant::new(GameKind::Pirates),
            hunters: Player::Ai(Level::Medium),
            crowd: Player::Human,
            moves: String::new(),
            exit_after: None,
            flipped: false,
            start_in_game: false,
            help: false,
            rules: None,
            language: None,
        }
    }
}

pub const USAGE: &str = "\
usage: stronghold [FLAGS]

Without flags the game opens on its main menu. Naming a game or a player
starts playing at once.

  --game GAME          pirates, asalto, fox-geese or bagh-chal
  --option KEY=VALUE   compulsory=on|off, retreat=on|off (pirates);
                       geese=13|15|17, sideways=on|off (fox-geese);
                       quiet-limit=on|off (bagh-chal)
  --hunters PLAYER     who plays the hunters: human, beginner, easy,
                       medium, hard or master
  --crowd PLAYER       who plays the crowd (the same choices)
  --moves \"M1 M2 ...\"  moves to play first, in move text (c3-c4 d6xd4 @c3)
  --flip               the board upside down
  --rules GAME         open on a game's rules page
  --language LANG      en or ru (otherwise the saved setting)
  --exit-after SECONDS quit after this many seconds (scripts)
  -h, --help           this help";

fn parse_player(text: &str) -> Result<Player, String> {
    if text == "human" {
        return Ok(Player::Human);
    }
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(text))
        .map(Player::Ai)
        .ok_or_else(|| {
            format!("unknown player `{text}`: human, beginner, easy, medium, hard or master")
        })
}

impl LaunchOptions {
    /// Reads options from arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<LaunchOptions, String> {
        let mut o = LaunchOptions::default();
        let mut options = Vec::new();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
            if matches!(
                arg.as_str(),
                "--game" | "--option" | "--hunters" | "--crowd" | "--moves"
            ) {
                o.start_in_game = true;
            }
            match arg.as_str() {
                "--game" => {
                    let id = value("--game")?;
                    let kind =
                        GameKind::from_id(&id).ok_or_else(|| format!("unknown game `{id}`"))?;
                    o.variant = Variant::new(kind);
                }
                "--option" => options.push(value("--option")?),
                "--hunters" => o.hunters = parse_player(&value("--hunters")?)?,
                "--crowd" => o.crowd = parse_player(&value("--crowd")?)?,
                "--moves" => o.moves = value("--moves")?,
                "--flip" => o.flipped = true,
                "--rules" => {
                    let id = value("--rules")?;
                    let kind =
                        GameKind::from_id(&id).ok_or_else(|| format!("unknown game `{id}`"))?;
                    o.rules = Some(kind);
                }
                "--language" => {
                    let code = value("--language")?;
                    let language = Language::ALL
                        .into_iter()
                        .find(|l| l.code() == code)
                        .ok_or_else(|| format!("unknown language `{code}`: en or ru"))?;
                    o.language = Some(language);
                }
                "--exit-after" => {
                    let v = value("--exit-after")?;
                    o.exit_after = Some(v.parse().map_err(|_| format!("bad seconds `{v}`"))?);
                }
                "--help" | "-h" => o.help = true,
                other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
            }
        }
        for opt in options {
            o.variant.set_option(&opt).map_err(|e| e.to_string())?;
        }
        Ok(o)
    }

    /// The match these options start.
    pub fn initial_match(&self) -> Result<Match, String> {
        let mut game = Game::new(self.variant);
        game.play_text(&self.moves).map_err(|e| e.to_string())?;
        Ok(Match::from_game(
            game,
            Match::players(self.hunters, self.crowd),
        ))
    }
}

/// Quits after a number of seconds of real time.
#[derive(Resource)]
pub struct ExitAfter(pub f32);

pub fn exit_after(time: Res<Time<Real>>, limit: Res<ExitAfter>, mut exit: MessageWriter<AppExit>) {
    if time.elapsed_secs() >= limit.0 {
        exit.write(AppExit::Success);
    }
}
