//! A game file's words in the player's language: its texts, and its
//! sides' names (shared by the family screen, the new-game page and the
//! rules pages).

use crate::game::common::i18n::I18n;
use crate::rules::Side;
use crate::rules::family::Ruleset;
use crate::rules::family::file::Words;

/// A text of the game file in the player's language.
pub fn words<'a>(i18n: &I18n, w: &'a Words) -> &'a str {
    i18n.words(w)
}

/// A side's name in a game file: one piece or several, capitalised.
pub fn side_title(i18n: &I18n, rules: &Ruleset, side: Side, one: bool) -> String {
    let spec = match side {
        Side::Hunters => &rules.file.hunters,
        Side::Crowd => &rules.file.crowd,
    };
    super::capitalise(words(i18n, if one { &spec.one } else { &spec.many }))
}
