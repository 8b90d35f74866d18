//! The errors of the rules and the saves in the player's language (a
//! skin's are in `board::skin::data`): each kind has an `error-*` message
//! in `errors.ftl`, with the column, the offending text and the numbers as
//! Fluent arguments. The error types stay free of Fluent; their `Display`
//! is the English of the command line and the logs.

use super::{I18n, Msg};
use crate::rules::family::{GameFileError, Misused, Problem, Unreachable};
use crate::rules::{GameId, MoveTextError, OptionError, PositionError, Side};
use crate::save::LoadError;

/// An error the player may read.
pub trait Localize {
    /// Its message: an `error-*` id and its arguments.
    fn to_msg(&self) -> Msg;
    /// Words from outside the game (a parser's, the system's) that no
    /// message file can translate; shown as they are, as technical detail.
    fn foreign_words(&self) -> Option<&str> {
        None
    }
    /// Its text in the current language.
    fn localize(&self, i18n: &I18n) -> String {
        i18n.msg(&self.to_msg())
    }
}

impl Localize for MoveTextError {
    fn to_msg(&self) -> Msg {
        use MoveTextError as E;
        let id = match self {
            E::Empty => "error-move-empty",
            E::UnexpectedCharacter { .. } => "error-move-unexpected-character",
            E::ExpectedPoint { .. } => "error-move-expected-point",
            E::ExpectedSeparator { .. } => "error-move-expected-separator",
            E::ExpectedJumpMark { .. } => "error-move-expected-jump-mark",
            E::TextAfterPlacement { .. } => "error-move-text-after-placement",
            E::TextAfterStep { .. } => "error-move-text-after-step",
            E::ChainTooLong { .. } => "error-move-chain-too-long",
            E::Illegal { .. } => "error-move-illegal",
            E::GameOver { .. } => "error-move-game-over",
        };
        Msg::new(id)
            .text("text", self.text())
            .num("column", self.column() as u32)
    }
}

impl Localize for OptionError {
    fn to_msg(&self) -> Msg {
        match self {
            OptionError::Syntax(text) => Msg::new("error-option-syntax").text("text", text),
            OptionError::UnknownKey { key, game } => {
                let known: Vec<&str> = game.file().options.iter().map(|o| o.key.as_str()).collect();
                let id = if known.is_empty() {
                    "error-option-no-options"
                } else {
                    "error-option-unknown-key"
                };
                Msg::new(id)
                    .text("key", key)
                    .words("game", &game.file().name)
                    .text("known", known.join(", "))
            }
            OptionError::BadValue { key, value, values } => Msg::new("error-option-bad-value")
                .text("key", key)
                .text("value", value)
                .text("values", values.join(", ")),
        }
    }
}

impl Localize for PositionError {
    fn to_msg(&self) -> Msg {
        use PositionError as E;
        let msg = match self {
            E::NonAscii { .. } => Msg::new("error-position-non-ascii"),
            E::FieldCount { found } => {
                Msg::new("error-position-field-count").num("found", *found as u32)
            }
            E::UnknownGame { id, .. } => Msg::new("error-position-unknown-game").text("id", id),
            E::BadOption { error, .. } => {
                Msg::new("error-position-bad-option").nested("option", error.to_msg())
            }
            E::RankCount {
                expected, found, ..
            } => Msg::new("error-position-rank-count")
                .num("expected", *expected)
                .num("found", *found as u32),
            E::RankTooLong { rank, points, .. } => Msg::new("error-position-rank-too-long")
                .num("rank", *rank)
                .num("points", *points as u32),
            E::RankTooShort {
                rank,
                described,
                points,
                ..
            } => Msg::new("error-position-rank-too-short")
                .num("rank", *rank)
                .num("described", *described as u32)
                .num("points", *points as u32),
            E::UnexpectedPiece { found, game, .. } => with_letters(
                *game,
                Msg::new("error-position-unexpected-piece").text("found", *found),
            ),
            E::BadSide { found, game, .. } => with_letters(
                *game,
                Msg::new("error-position-bad-side").text("found", found),
            ),
            E::HandSyntax { found, .. } => {
                Msg::new("error-position-hand-syntax").text("found", found)
            }
            E::BadCount {
                field, found, max, ..
            } => Msg::new("error-position-bad-count")
                .text("field", field.id())
                .text("found", found)
                .num("max", *max),
            E::HunterCount {
                game,
                exact,
                needed,
                found,
                ..
            } => Msg::new("error-position-hunter-count")
                .words("game", &game.file().name)
                .text("exact", if *exact { "exactly" } else { "at-most" })
                .nested("pieces", piece_count(*game, Side::Hunters, *needed))
                .num("found", *found),
            E::CrowdCount {
                game, most, found, ..
            } => Msg::new("error-position-crowd-count")
                .words("game", &game.file().name)
                .nested("pieces", piece_count(*game, Side::Crowd, *most))
                .num("found", *found),
            E::HuntersInHandNotToMove { game, .. } => Msg::new("error-position-hunters-in-hand")
                .side_name("hunters", *game, Side::Hunters, "plural"),
            E::GroundMarkTooLow { mark, rank_sum, .. } => Msg::new("error-position-ground-mark")
                .num("mark", *mark)
                .num("sum", *rank_sum),
            E::BadExtra { found, .. } => Msg::new("error-position-bad-extra")
                .text("found", found)
                .text("stacks", "stacks=")
                .text("rule", "rule="),
        };
        msg.num("column", self.column() as u32)
    }
}

impl Localize for LoadError {
    fn to_msg(&self) -> Msg {
        match self {
            LoadError::Unreadable { .. } => Msg::new("error-save-unreadable"),
            LoadError::NotText { byte } => {
                Msg::new("error-save-not-text").num("byte", *byte as u32)
            }
            LoadError::Damaged { line, column, .. } => Msg::new("error-save-damaged")
                .num("line", *line as u32)
                .num("column", *column as u32),
            LoadError::NewerVersion { found } => Msg::new("error-save-newer")
                .num("found", *found)
                .num("ours", crate::save::FORMAT_VERSION),
            LoadError::BadStart(error) => {
                Msg::new("error-save-bad-start").nested("error", error.to_msg())
            }
            LoadError::BadMove {
                number,
                redo,
                error,
            } => Msg::new("error-save-bad-move")
                .num("number", *number as u32)
                .text("list", if *redo { "redo" } else { "played" })
                .nested("error", error.to_msg()),
            LoadError::UnknownGame { game } => {
                Msg::new("error-save-unknown-game").text("game", game.clone())
            }
            LoadError::BadFamilyMove { number, text } => Msg::new("error-save-bad-family-move")
                .num("number", *number as u32)
                .text("move", text.clone()),
        }
    }
    fn foreign_words(&self) -> Option<&str> {
        match self {
            LoadError::Unreadable { message } | LoadError::Damaged { message, .. } => Some(message),
            _ => None,
        }
    }
}

/// The game's two piece letters, as `$hunter` and `$crowd`.
fn with_letters(game: GameId, msg: Msg) -> Msg {
    msg.text("hunter", game.piece_names(Side::Hunters).2)
        .text("crowd", game.piece_names(Side::Crowd).2)
}

/// "2 pirates", "2 пирата": a count with the side's traditional name.
fn piece_count(game: GameId, side: Side, count: u32) -> Msg {
    Msg::new("count-of")
        .num("count", count)
        .side_name("one", game, side, "one")
        .side_name("few", game, side, "few")
        .side_name("many", game, side, "many")
        .side_name("plural", game, side, "plural")
}

/// A refused game file: where (file, line, column) and why, each kind of
/// problem an `error-game-file-*` message; RON's own words for a syntax
/// error are shown as they are.
impl Localize for GameFileError {
    fn to_msg(&self) -> Msg {
        let reason = game_file_problem(&self.problem);
        let msg = if self.line > 0 {
            Msg::new("error-game-file-at")
                .num("line", self.line as u32)
                .num("column", self.column as u32)
        } else {
            Msg::new("error-game-file")
        };
        msg.text("file", self.file.clone()).nested("reason", reason)
    }
    fn foreign_words(&self) -> Option<&str> {
        match &self.problem {
            Problem::Syntax(words) => Some(words),
            _ => None,
        }
    }
}

fn game_file_problem(problem: &Problem) -> Msg {
    use Problem as P;
    match problem {
        P::Syntax(words) => Msg::new("error-game-file-syntax").text("words", words.clone()),
        P::NotText => Msg::new("error-game-file-not-text"),
        P::BadId(id) => Msg::new("error-game-file-bad-id").text("text", id.clone()),
        P::GridSize { files, ranks } => Msg::new("error-game-file-grid-size")
            .num("files", *files)
            .num("ranks", *ranks),
        P::UnknownPoint { name, field } => Msg::new("error-game-file-unknown-point")
            .text("text", name.clone())
            .text("field", field.clone()),
        P::PointTwice { name, field } => Msg::new("error-game-file-point-twice")
            .text("text", name.clone())
            .text("field", field.clone()),
        P::BadPointName(name) => {
            Msg::new("error-game-file-bad-point-name").text("text", name.clone())
        }
        P::BadCoordinate(name) => {
            Msg::new("error-game-file-bad-coordinate").text("text", name.clone())
        }
        P::SamePlace(a, b) => Msg::new("error-game-file-same-place")
            .text("text", a.clone())
            .text("other", b.clone()),
        P::TooManyPoints(n) => Msg::new("error-game-file-too-many-points").num("count", *n as u32),
        P::TooFewPoints(n) => Msg::new("error-game-file-too-few-points").num("count", *n as u32),
        P::ShortLine(run) => Msg::new("error-game-file-short-line").text("text", run.clone()),
        P::LineToItself(name) => {
            Msg::new("error-game-file-line-to-itself").text("text", name.clone())
        }
        P::PointWithoutLines(name) => {
            Msg::new("error-game-file-point-without-lines").text("text", name.clone())
        }
        P::BadJump(t) => Msg::new("error-game-file-bad-jump").text("text", t.clone()),
        P::JumpOffLines(t) => Msg::new("error-game-file-jump-off-lines").text("text", t.clone()),
        P::JumpNotStraight(t) => {
            Msg::new("error-game-file-jump-not-straight").text("text", t.clone())
        }
        P::BadLetter(c) => Msg::new("error-game-file-bad-letter").text("text", c.to_string()),
        P::SameLetter(c) => Msg::new("error-game-file-same-letter").text("text", c.to_string()),
        P::BothStartOn(name) => {
            Msg::new("error-game-file-both-start-on").text("text", name.clone())
        }
        P::NoPieces(side) => Msg::new(match side {
            Side::Hunters => "error-game-file-no-hunters",
            Side::Crowd => "error-game-file-no-crowd",
        }),
        P::CrowdTooLarge(n) => Msg::new("error-game-file-crowd-too-large").num("count", *n as u32),
        P::TooManyPieces { pieces, points } => Msg::new("error-game-file-too-many-pieces")
            .num("count", *pieces as u32)
            .num("points", *points as u32),
        P::Unreachable(why) => {
            Msg::new("error-game-file-unreachable").nested("why", unreachable(*why))
        }
        P::NoEnds => Msg::new("error-game-file-no-ends"),
        P::TooManyOptions(count) => {
            Msg::new("error-game-file-too-many-options").num("count", *count as u32)
        }
        P::LinesNeedGrid => Msg::new("error-game-file-lines-need-grid"),
        P::Misused(why) => misused(why),
        P::BadOption(key) => Msg::new("error-game-file-bad-option").text("text", key.clone()),
    }
}

fn misused(why: &Misused) -> Msg {
    use Misused as M;
    match why {
        M::BadStack(text) => Msg::new("error-game-file-bad-stack").text("text", text.clone()),
        M::TooManyStacks(n) => Msg::new("error-game-file-too-many-stacks").num("count", *n as u32),
        M::HunterStacks => Msg::new("error-game-file-hunter-stacks"),
        M::RestackOffStack(name) => {
            Msg::new("error-game-file-restack-off-stack").text("text", name.clone())
        }
        M::FirstTurnPlaces(n) => Msg::new("error-game-file-first-turn-places").num("count", *n),
        M::LineNeedsSingleHop => Msg::new("error-game-file-line-needs-single-hop"),
        M::FlipNeedsForward => Msg::new("error-game-file-flip-needs-forward"),
        M::TurnsNeedTwoHunters => Msg::new("error-game-file-turns-need-two-hunters"),
        M::OwedNeedsCaptures => Msg::new("error-game-file-owed-needs-captures"),
        M::TwoCounters => Msg::new("error-game-file-two-counters"),
        M::StartsKeptOff(name) => {
            Msg::new("error-game-file-starts-kept-off").text("text", name.clone())
        }
        M::LevelLengthsNeedLine => Msg::new("error-game-file-level-lengths-need-line"),
        M::LaterHopsNeedChains => Msg::new("error-game-file-later-hops-need-chains"),
        M::RemovalNeedsPlacements => Msg::new("error-game-file-removal-needs-placements"),
        M::TwoRoundsNeedBlockade => Msg::new("error-game-file-two-rounds-need-blockade"),
    }
}

fn unreachable(why: Unreachable) -> Msg {
    use Unreachable as U;
    match why {
        U::NothingCaptures => Msg::new("error-game-file-end-nothing-captures"),
        U::CrowdAlreadyDown { crowd, limit } => Msg::new("error-game-file-end-crowd-already-down")
            .num("count", crowd as u32)
            .num("limit", limit),
        U::EmptyRegion => Msg::new("error-game-file-end-empty-region"),
        U::RegionTooLarge { points, pieces } => Msg::new("error-game-file-end-region-too-large")
            .num("points", points as u32)
            .num("count", pieces as u32),
        U::RegionOutOfReach => Msg::new("error-game-file-end-region-out-of-reach"),
        U::GoalOutOfReach => Msg::new("error-game-file-end-goal-out-of-reach"),
        U::ZeroMoves => Msg::new("error-game-file-end-zero-moves"),
        U::HuntersNeverLost => Msg::new("error-game-file-end-hunters-never-lost"),
        U::CrowdHasNoForward => Msg::new("error-game-file-end-crowd-has-no-forward"),
    }
}
