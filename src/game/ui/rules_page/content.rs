//! What a game's rules page says, built from its file: sections of
//! messages (the `rules-*` templates of `assets/i18n/<lang>/rules.ftl`
//! filled in with the file's names, points and numbers), the file's own
//! texts (its readings marked **Chosen**, its `about` paragraphs) and the
//! diagrams of [`super::diagrams`]. Every game's page is made the same way.

use super::diagrams::{Diagram, Kind, diagrams};
use super::words::{self, spec};
use crate::ai::solve::PLAY_SOLVE_LIMIT;
use crate::game::common::i18n::Msg;
use crate::rules::family::file::{
    Chain, EndSpec, Heading, LaterHops, LineCapture, NoMoves, OptionEffect, OptionTag, SpecialRule,
    Steps, Words,
};
use crate::rules::{GameId, Position, Rules, Side, Variant};

/// One piece of a section.
#[derive(Clone, Debug)]
pub enum Block {
    /// A paragraph from a template.
    Text(Msg),
    /// A paragraph of the game file (its `about`).
    Words(&'static Words),
    /// A reading of the source that is ours, with its reason.
    Chosen(&'static Words),
    /// A rule option.
    Option(OptionBlock),
    /// The proven result with perfect play.
    Solved(Vec<Msg>),
    /// A diagram: its place in [`diagrams`].
    Figure(usize),
}

/// An option: its key (its name is `option-KEY` where the messages have
/// one), its tag, its values and what each value other than the default
/// changes.
#[derive(Clone, Debug)]
pub struct OptionBlock {
    pub key: &'static str,
    pub tag: OptionTag,
    pub values: &'static [String],
    pub default: &'static str,
    pub changes: Vec<(&'static str, Vec<Msg>)>,
}

/// A heading and what follows it.
#[derive(Clone, Debug)]
pub struct Section {
    pub heading: &'static str,
    pub blocks: Vec<Block>,
}

/// A game's page.
#[derive(Clone, Debug)]
pub struct Page {
    pub game: GameId,
    pub sections: Vec<Section>,
}

/// Ids the page frame uses besides the sections' own.
pub const FRAME_IDS: [&str; 12] = [
    "rules-option-key",
    "rules-title",
    "rules-all-games",
    "rules-origin",
    "rules-badge-chosen",
    "rules-badge-option",
    "rules-badge-solved",
    "rules-contents",
    "rules-count-plain",
    "rules-option-values",
    "rules-value-on",
    "rules-value-off",
];

/// The rules page of a game, from its file and its rules.
pub fn page(game: GameId) -> Page {
    let rules = Rules::of(Variant::new(game));
    let figures = diagrams(game);
    let figure = |kind: Kind| {
        figures
            .iter()
            .position(|d: &Diagram| d.kind == kind)
            .map(Block::Figure)
    };
    let mut sections = vec![board_section(game, &rules, &figure)];
    sections.extend(placement_section(game, &rules, &figure));
    sections.push(moves_section(game, &figure));
    sections.push(capture_section(game, &rules, &figure));
    sections.extend(special_section(game, &figure));
    sections.push(ends_section(game, &rules, &figure));
    sections.push(draws_section(game, &rules));
    sections.extend(chosen_section(game));
    sections.extend(options_section(game));
    sections.extend(solved_section(game));
    sections.push(notation_section(&rules));
    sections.push(about_section(game));
    Page { game, sections }
}

/// Adds both sides' names (`hunters`, `crowd`) and what their verbs agree
/// with (`hsingle`, `csingle`).
fn both_sides(msg: Msg, game: GameId) -> Msg {
    let msg = words::side(msg, "hunters", "hsingle", game, Side::Hunters);
    words::side(msg, "crowd", "csingle", game, Side::Crowd)
}

fn of_side(id: &'static str, game: GameId, side: Side) -> Msg {
    words::side(Msg::new(id), "side", "single", game, side)
}

/// Lists of points longer than this are left to the diagram.
const MAX_LISTED_POINTS: usize = 12;

fn board_section(game: GameId, rules: &Rules, figure: &dyn Fn(Kind) -> Option<Block>) -> Section {
    let board = rules.board();
    let jump_lines: usize = board.points.map(|p| board.jumps(p).len()).sum::<usize>() / 2;
    let mut blocks = vec![Block::Text(
        Msg::new("rules-board")
            .num("points", board.points.count())
            .num("lines", board.lines().len() as u32)
            .num("jumps", jump_lines as u32)
            .text("captures", if rules.captures() { "yes" } else { "no" }),
    )];
    let start = Position::start(&Variant::new(game));
    for side in [Side::Hunters, Side::Crowd] {
        blocks.push(Block::Text(side_start(game, rules, &start, side)));
    }
    blocks.push(Block::Text(of_side(
        "rules-first",
        game,
        rules.start_position().side_to_move,
    )));
    blocks.extend(figure(Kind::Start));
    Section {
        heading: "rules-heading-board",
        blocks,
    }
}

/// Where a side's pieces start: on points, in hand, or both.
fn side_start(game: GameId, rules: &Rules, start: &Position, side: Side) -> Msg {
    let on_board: Vec<String> = start.pieces[side.index()]
        .map(|p| rules.board().name(p).to_string())
        .collect();
    let hand = spec(game, side).in_hand;
    // Stacks counted whole: Bagh Batti's twenty goats stand on four points.
    let pieces: u32 = start.pieces[side.index()]
        .map(|p| rules.pieces_on(start, p))
        .sum();
    let stacked = pieces > on_board.len() as u32;
    let id = match (on_board.len(), hand) {
        (_, 0) if on_board.len() > MAX_LISTED_POINTS => "rules-side-start-shown",
        (_, 0) if stacked => "rules-side-start-stacks",
        (_, 0) => "rules-side-start",
        (0, _) => "rules-side-hand",
        _ => "rules-side-both",
    };
    let area = rules.placement_area(side);
    let place = if area == rules.board().points {
        Msg::new("rules-place-anywhere")
    } else {
        let names: Vec<&str> = area.map(|p| rules.board().name(p)).collect();
        Msg::new("rules-place-on").text("points", names.join(" "))
    };
    let msg = Msg::new(id)
        .num("count", pieces)
        .num("hand", hand)
        .text("points", on_board.join(" "))
        .nested("where", place);
    words::side(msg, "side", "single", game, side)
}

fn placement_section(
    game: GameId,
    rules: &Rules,
    figure: &dyn Fn(Kind) -> Option<Block>,
) -> Option<Section> {
    let placing: Vec<Side> = [Side::Hunters, Side::Crowd]
        .into_iter()
        .filter(|s| spec(game, *s).in_hand > 0)
        .collect();
    if placing.is_empty() {
        return None;
    }
    let mut blocks = vec![Block::Text(Msg::new("rules-place-turn"))];
    for &side in &placing {
        if rules.places_in_a_row(side) {
            blocks.push(Block::Text(of_side("rules-place-in-a-row", game, side)));
        }
    }
    blocks.extend(placing.iter().filter_map(|&s| figure(Kind::Place(s))));
    Some(Section {
        heading: "rules-heading-placement",
        blocks,
    })
}

/// The message of a way of stepping, for a side.
fn steps_id(steps: Steps) -> &'static str {
    match steps {
        Steps::Any => "rules-steps-any",
        Steps::Ahead => "rules-steps-ahead",
        Steps::Forward => "rules-steps-forward",
        Steps::ForwardOrSideways => "rules-steps-forward-sideways",
        Steps::None => "rules-steps-none",
    }
}

fn forward(heading: Heading) -> Msg {
    Msg::new(match heading {
        Heading::North => "rules-forward-north",
        Heading::South => "rules-forward-south",
        Heading::East => "rules-forward-east",
        Heading::West => "rules-forward-west",
    })
}

fn steps_text(id: &'static str, game: GameId, side: Side) -> Msg {
    of_side(id, game, side).nested("heading", forward(spec(game, side).forward))
}

fn moves_section(game: GameId, figure: &dyn Fn(Kind) -> Option<Block>) -> Section {
    let mut blocks = Vec::new();
    for side in [Side::Hunters, Side::Crowd] {
        let id = steps_id(spec(game, side).steps);
        blocks.push(Block::Text(steps_text(id, game, side)));
    }
    blocks.extend(figure(Kind::Steps(Side::Hunters)));
    blocks.extend(figure(Kind::Steps(Side::Crowd)));
    Section {
        heading: "rules-heading-moves",
        blocks,
    }
}

fn capture_section(game: GameId, rules: &Rules, figure: &dyn Fn(Kind) -> Option<Block>) -> Section {
    let capture = &game.file().capture;
    if !rules.captures() {
        return Section {
            heading: "rules-heading-capture",
            blocks: vec![Block::Text(both_sides(
                Msg::new("rules-capture-none"),
                game,
            ))],
        };
    }
    let jump = words::piece(
        of_side("rules-capture-jump", game, Side::Hunters),
        "prey",
        game,
        Side::Crowd,
    );
    let chain = match capture.chain {
        Chain::Maximal => "rules-capture-maximal",
        Chain::Optional => "rules-capture-optional",
        Chain::Single | Chain::NoCapture => "rules-capture-single",
    };
    let forced = if capture.huffing {
        "rules-capture-huffing"
    } else if capture.compulsory {
        "rules-capture-compulsory"
    } else {
        "rules-capture-free"
    };
    let mut blocks = vec![
        Block::Text(jump),
        Block::Text(Msg::new(chain)),
        Block::Text(of_side(forced, game, Side::Hunters)),
        Block::Text(of_side("rules-capture-crowd", game, Side::Crowd)),
    ];
    blocks.extend(figure(Kind::Chain).or_else(|| figure(Kind::Capture)));
    blocks.extend(figure(Kind::Huff));
    Section {
        heading: "rules-heading-capture",
        blocks,
    }
}

/// The rules only a few games have (stacks, line captures, several
/// placements a turn, the one-game rules), each in a sentence.
fn special_section(game: GameId, figure: &dyn Fn(Kind) -> Option<Block>) -> Option<Section> {
    let file = game.file();
    let capture = &file.capture;
    let mut texts = Vec::new();
    if !file.crowd.stacks.trim().is_empty() {
        let stacks = file.crowd.stacks.replace('=', " ×");
        texts.push(both_sides(Msg::new("rules-special-stacks"), game).text("stacks", stacks));
    }
    if !file.crowd.restack_on.trim().is_empty() {
        let msg = of_side("rules-special-restack", game, Side::Crowd);
        texts.push(msg.text("points", file.crowd.restack_on.clone()));
    }
    for side in [Side::Hunters, Side::Crowd] {
        let spec = spec(game, side);
        if let Some(n) = spec.first_turn_places {
            texts.push(of_side("rules-special-first-turn", game, side).num("count", n));
        }
        if !spec.keep_off.trim().is_empty() {
            let msg = of_side("rules-special-keep-off", game, side);
            texts.push(msg.text("points", spec.keep_off.clone()));
        }
    }
    if capture.line != LineCapture::One {
        let lengths = match &capture.line {
            LineCapture::Lengths(n) => {
                Msg::new("rules-special-line-lengths").text("lengths", list(n))
            }
            // `One` is no line capture; `Odd` is the one left.
            _ => Msg::new("rules-special-line-odd"),
        };
        texts.push(both_sides(Msg::new("rules-special-line"), game).nested("lengths", lengths));
        if let Some(level) = &capture.level_lengths {
            texts.push(Msg::new("rules-special-line-level").text("lengths", list(level)));
        }
    }
    if capture.later_hops == LaterHops::NotBack {
        texts.push(Msg::new("rules-special-later-hops"));
    }
    for rule in &file.special {
        texts.push(match rule {
            SpecialRule::CrowdForwardFlips => of_side("rules-special-flip", game, Side::Crowd),
            SpecialRule::HuntersTakeTurns => {
                of_side("rules-special-take-turns", game, Side::Hunters)
            }
            SpecialRule::PlaceAllFirst => {
                both_sides(Msg::new("rules-special-place-all-first"), game)
            }
            SpecialRule::DeclinedCaptureOwes(points) => {
                both_sides(Msg::new("rules-special-owed"), game).text("points", points.clone())
            }
            SpecialRule::RemoveAfterFirstPlacement => {
                both_sides(Msg::new("rules-special-remove"), game)
            }
            SpecialRule::TwoRounds(most) => {
                both_sides(Msg::new("rules-special-two-rounds"), game).num("most", *most)
            }
        });
    }
    let mut blocks: Vec<Block> = texts.into_iter().map(Block::Text).collect();
    blocks.extend(figure(Kind::Line));
    (!blocks.is_empty()).then_some(Section {
        heading: "rules-heading-special",
        blocks,
    })
}

/// Numbers as a list: "1, 3, 4".
fn list(numbers: &[u8]) -> String {
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A way to win, in words.
fn end_text(game: GameId, end: &EndSpec) -> Msg {
    let (id, count, points) = match end {
        EndSpec::CrowdAtMost(n) => ("rules-end-crowd-at-most", u32::from(*n), ""),
        EndSpec::HuntersAtMost(n) => ("rules-end-hunters-at-most", u32::from(*n), ""),
        EndSpec::CrowdFills(points) => ("rules-end-fills", 0, points.as_str()),
        EndSpec::Reaches(side, points) => {
            let msg = of_side("rules-end-reaches", game, *side).text("points", points.clone());
            return words::side(msg, "other", "osingle", game, side.other());
        }
        EndSpec::OutlastsMoves(side, n) => {
            let msg = of_side("rules-end-outlasts", game, *side).num("count", *n);
            return words::side(msg, "other", "osingle", game, side.other());
        }
        EndSpec::HuntersBehindCrowd => {
            let msg = of_side("rules-end-behind-crowd", game, Side::Hunters);
            return words::side(msg, "other", "osingle", game, Side::Crowd);
        }
        EndSpec::DrivenOnto(side, points) => {
            let msg = of_side("rules-end-driven-onto", game, *side).text("points", points.clone());
            return words::side(msg, "other", "osingle", game, side.other());
        }
    };
    both_sides(Msg::new(id), game)
        .num("count", count)
        .text("points", points.to_string())
}

fn stuck_text(game: GameId, side: Side) -> Msg {
    let id = match game.file().no_moves.of(side) {
        NoMoves::Loses => "rules-stuck-loses",
        NoMoves::LosesOncePlaced => "rules-stuck-loses-once-placed",
        NoMoves::Passes => "rules-stuck-passes",
        NoMoves::Draws => "rules-stuck-draws",
    };
    of_side(id, game, side)
}

fn ends_section(game: GameId, rules: &Rules, figure: &dyn Fn(Kind) -> Option<Block>) -> Section {
    let file = game.file();
    if let Some(most) = rules.two_rounds() {
        // A match's end is its rounds' (the section of the game's own rules).
        let rounds = both_sides(Msg::new("rules-end-rounds"), game).num("most", most);
        let mut blocks = vec![
            Block::Text(rounds),
            Block::Text(stuck_text(game, Side::Crowd)),
        ];
        blocks.extend(figure(Kind::Goal));
        return Section {
            heading: "rules-heading-winning",
            blocks,
        };
    }
    let mut blocks: Vec<Block> = file
        .ends
        .iter()
        .map(|end| Block::Text(end_text(game, end)))
        .collect();
    if file.ends.is_empty() {
        blocks.push(Block::Text(Msg::new("rules-end-none")));
    }
    for side in [Side::Hunters, Side::Crowd] {
        blocks.push(Block::Text(stuck_text(game, side)));
    }
    blocks.push(Block::Text(Msg::new("rules-end-order")));
    blocks.extend(figure(Kind::Goal));
    Section {
        heading: "rules-heading-winning",
        blocks,
    }
}

fn draws_section(game: GameId, rules: &Rules) -> Section {
    let file = game.file();
    let placing = [Side::Hunters, Side::Crowd]
        .iter()
        .any(|s| spec(game, *s).in_hand > 0);
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mut blocks = Vec::new();
    if let Some(limit) = rules.quiet_limit() {
        blocks.push(Block::Text(
            Msg::new("rules-draw-quiet").num("count", limit),
        ));
        let progress = Msg::new("rules-progress")
            .text("huff", yes_no(rules.huffing()))
            .text("place", yes_no(placing));
        blocks.push(Block::Text(progress));
        if rules.advance_is_progress() {
            blocks.push(Block::Text(steps_text(
                "rules-progress-advance",
                game,
                Side::Crowd,
            )));
        }
        if placing {
            blocks.push(Block::Text(Msg::new("rules-draw-quiet-setup")));
        }
    }
    if let Some(times) = rules.repetition_limit() {
        blocks.push(Block::Text(
            Msg::new("rules-draw-repetition").num("count", times),
        ));
    }
    if rules.two_rounds().is_some() {
        blocks.push(Block::Text(both_sides(Msg::new("rules-draw-rounds"), game)));
    }
    if rules.forbids_repeats() {
        blocks.push(Block::Text(Msg::new("rules-no-repeat")));
    }
    let stuck_draws = [file.no_moves.hunters, file.no_moves.crowd]
        .iter()
        .any(|n| matches!(n, NoMoves::Passes | NoMoves::Draws));
    if blocks.is_empty() && !stuck_draws {
        blocks.push(Block::Text(Msg::new("rules-draw-none")));
    } else if blocks.is_empty() {
        blocks.push(Block::Text(Msg::new("rules-draw-stuck-only")));
    }
    Section {
        heading: "rules-heading-draws",
        blocks,
    }
}

fn chosen_section(game: GameId) -> Option<Section> {
    let chosen = &game.file().chosen;
    if chosen.is_empty() {
        return None;
    }
    let mut blocks = vec![Block::Text(Msg::new("rules-chosen-intro"))];
    blocks.extend(chosen.iter().map(Block::Chosen));
    Some(Section {
        heading: "rules-heading-chosen",
        blocks,
    })
}

/// What one change an option makes, in words.
fn effect_text(game: GameId, effect: &OptionEffect) -> Msg {
    let on_off = |b: bool, on: &'static str, off: &'static str| Msg::new(if b { on } else { off });
    match effect {
        OptionEffect::Compulsory(b) => on_off(
            *b,
            "rules-effect-compulsory-on",
            "rules-effect-compulsory-off",
        ),
        OptionEffect::Chain(chain) => Msg::new(match chain {
            Chain::NoCapture => "rules-effect-chain-none",
            Chain::Single => "rules-effect-chain-single",
            Chain::Optional => "rules-effect-chain-optional",
            Chain::Maximal => "rules-effect-chain-maximal",
        }),
        OptionEffect::Steps(side, steps) => {
            let id = format!("{}-option", steps_id(*steps));
            words::side(Msg::new(id), "side", "single", game, *side)
                .nested("heading", forward(spec(game, *side).forward))
        }
        OptionEffect::AddStart(side, points) => {
            let count = points.split_whitespace().count() as u32;
            words::side(
                Msg::new("rules-effect-add-start"),
                "side",
                "single",
                game,
                *side,
            )
            .num("count", count)
            .text("points", points.clone())
        }
        OptionEffect::QuietLimit(Some(n)) => Msg::new("rules-effect-quiet").num("count", *n),
        OptionEffect::QuietLimit(None) => Msg::new("rules-effect-quiet-none"),
        OptionEffect::Repetition(Some(k)) => Msg::new("rules-effect-repetition").num("count", *k),
        OptionEffect::Repetition(None) => Msg::new("rules-effect-repetition-none"),
        OptionEffect::RoundLimit(Some(n)) => Msg::new("rules-effect-round-limit").num("count", *n),
        OptionEffect::RoundLimit(None) => Msg::new("rules-effect-round-limit-none"),
    }
}

fn options_section(game: GameId) -> Option<Section> {
    let options = &game.file().options;
    if options.is_empty() {
        return None;
    }
    let mut blocks = vec![Block::Text(Msg::new("rules-options-intro"))];
    for option in options {
        let changes = option
            .set
            .iter()
            .map(|(value, effects)| {
                let texts = effects.iter().map(|e| effect_text(game, e)).collect();
                (value.as_str(), texts)
            })
            .collect();
        blocks.push(Block::Option(OptionBlock {
            key: &option.key,
            tag: option.tag,
            values: &option.values,
            default: &option.default,
            changes,
        }));
    }
    Some(Section {
        heading: "rules-heading-options",
        blocks,
    })
}

fn solved_section(game: GameId) -> Option<Section> {
    let solved = game.file().solved?;
    let result = match solved.winner {
        Some(side) => of_side("rules-solved-win", game, side)
            .num("plies", solved.plies.unwrap_or(0))
            .num("positions", solved.positions),
        None => Msg::new("rules-solved-draw").num("positions", solved.positions),
    };
    let mut lines = vec![result];
    // A draw the quiet draw decides: the win it cuts short.
    if let Some(win) = solved.without_quiet_draw {
        lines.push(
            of_side("rules-solved-quiet-draw", game, win.winner)
                .num("plies", win.plies)
                .num("limit", game.file().draws.quiet_limit.unwrap_or(0)),
        );
    }
    // Master solves the game again when it first plays it, if that is quick.
    let played_from_solve = solved.positions as usize <= PLAY_SOLVE_LIMIT;
    lines.push(Msg::new(if played_from_solve {
        "rules-solved-master"
    } else {
        "rules-solved-searched"
    }));
    // The proven result is the default game's: other options are other games.
    if !game.file().options.is_empty() {
        lines.push(Msg::new(if played_from_solve {
            "rules-solved-options"
        } else {
            "rules-solved-options-searched"
        }));
    }
    Some(Section {
        heading: "rules-heading-solved",
        blocks: vec![Block::Solved(lines)],
    })
}

fn notation_section(rules: &Rules) -> Section {
    let mut blocks = vec![Block::Text(Msg::new("rules-notation-moves"))];
    if [Side::Hunters, Side::Crowd]
        .iter()
        .any(|s| rules.starting_count(*s) > rules.start_position().pieces[s.index()].count())
    {
        blocks.push(Block::Text(Msg::new("rules-notation-place")));
    }
    Section {
        heading: "rules-heading-notation",
        blocks,
    }
}

fn about_section(game: GameId) -> Section {
    let file = game.file();
    let mut blocks: Vec<Block> = file.about.iter().map(Block::Words).collect();
    blocks.push(Block::Text(
        Msg::new("rules-source").text("source", file.source.clone()),
    ));
    Section {
        heading: "rules-heading-about",
        blocks,
    }
}

/// Every message id a message shows, its nested ones included.
fn ids_of(msg: &Msg, out: &mut Vec<String>) {
    out.push(msg.id.to_string());
    for (_, arg) in &msg.args {
        if let crate::game::common::i18n::Arg::Msg(inner) = arg {
            ids_of(inner, out);
        }
    }
}

/// Every `rules-` message id a game's page shows.
pub fn message_ids(game: GameId) -> Vec<String> {
    let mut ids: Vec<String> = FRAME_IDS.iter().map(|s| s.to_string()).collect();
    let figures = diagrams(game);
    for section in page(game).sections {
        ids.push(section.heading.to_string());
        for block in &section.blocks {
            match block {
                Block::Text(msg) => ids_of(msg, &mut ids),
                Block::Option(o) => {
                    o.changes
                        .iter()
                        .flat_map(|c| &c.1)
                        .for_each(|m| ids_of(m, &mut ids));
                }
                Block::Solved(msgs) => msgs.iter().for_each(|m| ids_of(m, &mut ids)),
                Block::Figure(i) => figures[*i].caption.iter().for_each(|m| ids_of(m, &mut ids)),
                Block::Words(_) | Block::Chosen(_) => {}
            }
        }
    }
    ids.retain(|id| id.starts_with("rules-"));
    ids.sort();
    ids.dedup();
    ids
}
