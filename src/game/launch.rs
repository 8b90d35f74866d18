//! Command-line launch options (desktop): which game, who plays, moves to
//! play first, and a timed exit for scripts. The web build uses the defaults.

use bevy::prelude::*;

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
    /// `--skin NAME`: the skin to draw, whatever the game.
    pub skin: Option<String>,
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
            skin: None,
        }
    }
}

pub const USAGE: &str = "usage: stronghold [--game pirates|asalto|fox-geese|bagh-chal] \
[--option KEY=VALUE]... [--hunters human|beginner|easy|medium|hard|master] \
[--crowd PLAYER] [--moves \"c3-c4 ...\"] [--flip] [--skin NAME] [--exit-after SECONDS]";

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
                "--skin" => {
                    let name = value("--skin")?;
                    o.skin = Some(super::skin::skin_name(&name).to_string());
                }
                "--exit-after" => {
                    let v = value("--exit-after")?;
                    o.exit_after = Some(v.parse().map_err(|_| format!("bad seconds `{v}`"))?);
                }
                "--help" | "-h" => return Err(USAGE.to_string()),
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
