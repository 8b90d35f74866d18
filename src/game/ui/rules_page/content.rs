//! What each game's rules page says, as message ids in reading order: the
//! content of `RULES.md`, section by section. The texts themselves are in
//! `assets/i18n/<lang>/rules.ftl`.

use super::scene::Diagram;
use crate::rules::GameId;

/// One piece of a section.
#[derive(Clone, Copy, Debug)]
pub enum Block {
    /// A paragraph.
    Text(&'static str),
    /// A point that is our choice, not tradition: `id` says what was
    /// chosen, `id-why` why.
    Chosen(&'static str),
    /// A rule option: `id-name` names it with its default, `id` says what
    /// it does; when `chosen`, `id-why` says why it is ours.
    Option { id: &'static str, chosen: bool },
    /// A diagram with its caption.
    Figure(Diagram),
    /// What is known of the game with perfect play: an AI message id
    /// (the AI's findings, not a rule), shown when the messages have it.
    Solved(&'static str),
}

/// A heading and what follows it.
#[derive(Clone, Copy, Debug)]
pub struct Section {
    pub heading: &'static str,
    pub blocks: &'static [Block],
}

/// A game's page.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    pub title: &'static str,
    pub tagline: &'static str,
    /// "2 pirates", "24 Bulgars": the legend beside the pieces.
    pub hunters: &'static str,
    pub crowd: &'static str,
    pub sections: &'static [Section],
}

use Block::{Chosen, Figure, Text};

const fn option(id: &'static str) -> Block {
    Block::Option { id, chosen: false }
}
const fn chosen_option(id: &'static str) -> Block {
    Block::Option { id, chosen: true }
}

/// How moves are written, for the games without placements.
const NOTATION: Section = Section {
    heading: "rules-heading-notation",
    blocks: &[Text("rules-notation-moves")],
};

/// How moves are written, with placements.
const NOTATION_PLACE: Section = Section {
    heading: "rules-heading-notation",
    blocks: &[Text("rules-notation-moves"), Text("rules-notation-place")],
};

const PIRATES: Page = Page {
    title: "rules-pirates-title",
    tagline: "rules-pirates-tagline",
    hunters: "rules-pirates-hunters",
    crowd: "rules-pirates-crowd",
    sections: &[
        Section {
            heading: "rules-heading-board",
            blocks: &[
                Text("rules-cross-board"),
                Text("rules-cross-diagonals"),
                Text("rules-pirates-stronghold"),
                Chosen("rules-pirates-chosen-cross"),
                Chosen("rules-pirates-chosen-diagonals"),
                Figure(Diagram::PiratesBoard),
            ],
        },
        Section {
            heading: "rules-heading-start",
            blocks: &[
                Text("rules-pirates-start"),
                Chosen("rules-pirates-chosen-start"),
                Chosen("rules-pirates-chosen-sides"),
                Figure(Diagram::PiratesStart),
            ],
        },
        Section {
            heading: "rules-heading-moves",
            blocks: &[
                Text("rules-pirates-first"),
                Text("rules-pirates-bulgar-step"),
                option("rules-pirates-option-retreat"),
                Text("rules-pirates-pirate-step"),
                Figure(Diagram::BulgarSteps),
                Figure(Diagram::PirateSteps),
            ],
        },
        Section {
            heading: "rules-heading-capture",
            blocks: &[
                Text("rules-pirates-jump"),
                Text("rules-pirates-chain"),
                chosen_option("rules-pirates-option-compulsory"),
                Figure(Diagram::PirateChain),
            ],
        },
        Section {
            heading: "rules-heading-winning",
            blocks: &[
                Text("rules-pirates-win-pirates"),
                Text("rules-pirates-win-bulgars"),
                Chosen("rules-pirates-chosen-stuck"),
                Figure(Diagram::PiratesWin),
            ],
        },
        Section {
            heading: "rules-heading-draws",
            blocks: &[
                Chosen("rules-pirates-chosen-draw"),
                Chosen("rules-pirates-chosen-ground"),
                Text("rules-end-order"),
            ],
        },
        NOTATION,
        Section {
            heading: "rules-heading-about",
            blocks: &[Text("rules-pirates-about")],
        },
    ],
};

const ASALTO: Page = Page {
    title: "rules-asalto-title",
    tagline: "rules-asalto-tagline",
    hunters: "rules-asalto-hunters",
    crowd: "rules-asalto-crowd",
    sections: &[
        Section {
            heading: "rules-heading-board",
            blocks: &[
                Text("rules-cross-board"),
                Text("rules-cross-diagonals"),
                Text("rules-asalto-fortress"),
                Figure(Diagram::AsaltoBoard),
            ],
        },
        Section {
            heading: "rules-heading-start",
            blocks: &[Text("rules-asalto-start"), Figure(Diagram::AsaltoSetup)],
        },
        Section {
            heading: "rules-heading-moves",
            blocks: &[
                Text("rules-asalto-rebel-step"),
                Text("rules-asalto-officer-step"),
                Figure(Diagram::RebelSteps),
            ],
        },
        Section {
            heading: "rules-heading-capture",
            blocks: &[
                Text("rules-asalto-jump"),
                Text("rules-asalto-chain"),
                Figure(Diagram::OfficerChain),
            ],
        },
        Section {
            heading: "rules-heading-huff",
            blocks: &[Text("rules-asalto-huff"), Figure(Diagram::Huff)],
        },
        Section {
            heading: "rules-heading-winning",
            blocks: &[
                Text("rules-asalto-win-rebels"),
                Text("rules-asalto-win-officers"),
            ],
        },
        Section {
            heading: "rules-heading-draws",
            blocks: &[
                Text("rules-asalto-draw-repeat"),
                Text("rules-asalto-draw-quiet"),
                Chosen("rules-asalto-chosen-setup"),
                Text("rules-end-order"),
            ],
        },
        NOTATION_PLACE,
        Section {
            heading: "rules-heading-about",
            blocks: &[Text("rules-asalto-about")],
        },
    ],
};

const FOX_GEESE: Page = Page {
    title: "rules-foxgeese-title",
    tagline: "rules-foxgeese-tagline",
    hunters: "rules-foxgeese-hunters",
    crowd: "rules-foxgeese-crowd",
    sections: &[
        Section {
            heading: "rules-heading-board",
            blocks: &[Text("rules-foxgeese-board"), Figure(Diagram::FoxBoard)],
        },
        Section {
            heading: "rules-heading-start",
            blocks: &[
                Text("rules-foxgeese-start"),
                option("rules-foxgeese-option-geese"),
                Chosen("rules-foxgeese-chosen-geese"),
                Figure(Diagram::FoxStart),
            ],
        },
        Section {
            heading: "rules-heading-moves",
            blocks: &[
                Text("rules-foxgeese-first"),
                Text("rules-foxgeese-goose-step"),
                option("rules-foxgeese-option-sideways"),
                Figure(Diagram::GooseSteps),
            ],
        },
        Section {
            heading: "rules-heading-capture",
            blocks: &[Text("rules-foxgeese-jump"), Figure(Diagram::FoxChain)],
        },
        Section {
            heading: "rules-heading-winning",
            blocks: &[
                Text("rules-foxgeese-win-fox"),
                Text("rules-foxgeese-win-geese"),
                Block::Solved("ai-foxgeese-solved"),
            ],
        },
        Section {
            heading: "rules-heading-draws",
            blocks: &[Text("rules-foxgeese-draws"), Text("rules-end-order")],
        },
        NOTATION,
        Section {
            heading: "rules-heading-about",
            blocks: &[Text("rules-foxgeese-about")],
        },
    ],
};

const BAGH_CHAL: Page = Page {
    title: "rules-baghchal-title",
    tagline: "rules-baghchal-tagline",
    hunters: "rules-baghchal-hunters",
    crowd: "rules-baghchal-crowd",
    sections: &[
        Section {
            heading: "rules-heading-board",
            blocks: &[Text("rules-baghchal-board"), Figure(Diagram::BaghBoard)],
        },
        Section {
            heading: "rules-heading-start",
            blocks: &[Text("rules-baghchal-start"), Figure(Diagram::BaghStart)],
        },
        Section {
            heading: "rules-heading-placement",
            blocks: &[
                Text("rules-baghchal-placement"),
                Figure(Diagram::GoatPlacement),
            ],
        },
        Section {
            heading: "rules-heading-moves",
            blocks: &[
                Text("rules-baghchal-tiger-step"),
                Text("rules-baghchal-goat-step"),
                Figure(Diagram::GoatSteps),
            ],
        },
        Section {
            heading: "rules-heading-capture",
            blocks: &[Text("rules-baghchal-jump"), Figure(Diagram::TigerJump)],
        },
        Section {
            heading: "rules-heading-winning",
            blocks: &[
                Text("rules-baghchal-win-tigers"),
                Text("rules-baghchal-win-goats"),
                Chosen("rules-baghchal-chosen-stuck"),
                Block::Solved("ai-baghchal-solved"),
            ],
        },
        Section {
            heading: "rules-heading-draws",
            blocks: &[
                Text("rules-baghchal-repeat"),
                chosen_option("rules-baghchal-option-quiet"),
                Text("rules-end-order"),
            ],
        },
        NOTATION_PLACE,
        Section {
            heading: "rules-heading-about",
            blocks: &[Text("rules-baghchal-about")],
        },
    ],
};

/// The written page of a game, where it has one (the four first games;
/// the others' pages are built from their files).
pub fn page(game: GameId) -> Option<&'static Page> {
    match game.id() {
        "pirates" => Some(&PIRATES),
        "asalto" => Some(&ASALTO),
        "fox-geese" => Some(&FOX_GEESE),
        "bagh-chal" => Some(&BAGH_CHAL),
        _ => None,
    }
}

/// Ids the page frame uses besides the pages' own.
pub const FRAME_IDS: [&str; 6] = [
    "rules-title",
    "rules-badge-chosen",
    "rules-badge-option",
    "rules-badge-solved",
    "rules-why",
    "rules-contents",
];

/// Every `rules-` message id a game's page shows (the solved result,
/// which belongs to the AI's messages, is not one).
pub fn message_ids(game: GameId) -> Vec<String> {
    let Some(page) = page(game) else {
        return Vec::new();
    };
    let mut ids: Vec<String> = [page.title, page.tagline, page.hunters, page.crowd]
        .iter()
        .chain(FRAME_IDS.iter())
        .map(|s| s.to_string())
        .collect();
    for section in page.sections {
        ids.push(section.heading.to_string());
        for block in section.blocks {
            match *block {
                Text(id) => ids.push(id.to_string()),
                Chosen(id) => ids.extend([id.to_string(), format!("{id}-why")]),
                Block::Option { id, chosen } => {
                    ids.extend([id.to_string(), format!("{id}-name")]);
                    if chosen {
                        ids.push(format!("{id}-why"));
                    }
                }
                Figure(d) => ids.push(d.caption().to_string()),
                Block::Solved(_) => {}
            }
        }
    }
    ids.sort();
    ids.dedup();
    ids
}
