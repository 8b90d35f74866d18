//! How the rules page names a game's sides in its message templates: a
//! side by its file's names (one piece, or several), with what a verb
//! agrees with, and a count of pieces in the right plural form in both
//! languages.

use crate::game::board::skin::builtin::side_name;
use crate::game::common::i18n::{I18n, Language, Msg};
use crate::rules::family::file::SideSpec;
use crate::rules::{GameId, Rules, Side, Variant};

/// A side's part of a game file.
pub fn spec(game: GameId, side: Side) -> &'static SideSpec {
    match side {
        Side::Hunters => &game.file().hunters,
        Side::Crowd => &game.file().crowd,
    }
}

/// How many pieces a side has in the game as its file sets it up.
pub fn pieces(game: GameId, side: Side) -> u32 {
    Rules::of(Variant::new(game)).starting_count(side)
}

/// `yes` when a side is one piece (the fox): what its verbs agree with.
fn single(game: GameId, side: Side) -> &'static str {
    if pieces(game, side) == 1 { "yes" } else { "no" }
}

/// Adds a side's name as `name` (one piece's name when the side is one
/// piece, else the name of several) and `agree` (`yes` for one piece),
/// the argument its verbs select on.
pub fn side(msg: Msg, name: &'static str, agree: &'static str, game: GameId, s: Side) -> Msg {
    let spec = spec(game, s);
    let words = if pieces(game, s) == 1 {
        &spec.one
    } else {
        &spec.many
    };
    msg.words(name, words).text(agree, single(game, s))
}

/// Adds the name of one piece of a side (`pirate`).
pub fn piece(msg: Msg, name: &'static str, game: GameId, s: Side) -> Msg {
    msg.words(name, &spec(game, s).one)
}

/// "24 Bulgars", "24 булгарина". A Russian count the file gives no
/// forms for (`counted_ru`) reads "вороны: 7", which needs none.
pub fn count(i18n: &I18n, game: GameId, s: Side, n: u32) -> String {
    let spec = spec(game, s);
    let singular = n % 10 == 1 && n % 100 != 11;
    if i18n.language() == Language::Russian && spec.counted_ru.is_none() && !singular {
        let msg = Msg::new("rules-count-plain")
            .words("side", &spec.many)
            .num("count", n);
        return i18n.msg(&msg);
    }
    i18n.count(n, &side_name(game, s))
}
