//! A checked game file, compiled into the tables the move generator reads.

use super::file::{
    Chain, EndSpec, GameFile, LaterHops, LineCapture, NoMoves, OptionEffect, SpecialRule, Steps,
};
use super::graph::{Graph, bits};
use super::problem::{GameFileError, Misused, Problem, Unreachable};
use crate::rules::side::Side;

/// The most crowd pieces a game may have: a capture chain takes one a hop.
pub const MAX_CROWD: usize = 48;

/// One game's rules, ready to play: the file it came from (names, words,
/// notes), its board, and per side the step targets from every point.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub file: GameFile,
    pub graph: Graph,
    /// `steps[side][p]`: where a piece of `side` on `p` may step (before
    /// occupancy).
    pub(crate) steps: [Vec<u64>; 2],
    /// Where each side may place.
    pub(crate) place_on: [u64; 2],
    pub(crate) start: [u64; 2],
    pub(crate) in_hand: [u8; 2],
    pub(crate) ends: Ends,
    /// The crowd's stacks at the start: each stack point and how many
    /// pieces it holds (at most [`MAX_STACKS`]).
    pub(crate) stacks: Vec<(u8, u8)>,
    /// Stack points the crowd may step onto its own piece at.
    pub(crate) restack_on: u64,
    /// Where an owed crowd piece is added ([`SpecialRule::DeclinedCaptureOwes`]).
    pub(crate) owed_on: u64,
}

/// The most stack points a game may have.
pub const MAX_STACKS: usize = 4;

/// The ends of a game, as sets of points.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ends {
    pub crowd_at_most: Option<u8>,
    pub hunters_at_most: Option<u8>,
    pub crowd_fills: Option<u64>,
    pub reaches: [Option<u64>; 2],
    /// Per side, the points it loses by standing on.
    pub driven_onto: [Option<u64>; 2],
    pub outlasts: [Option<u16>; 2],
    pub behind_crowd: bool,
}

impl Ruleset {
    /// True when a side wins by outlasting a number of the other's moves,
    /// so the moves made so far are part of what decides the game.
    pub fn counts_moves(&self) -> bool {
        self.ends.outlasts.iter().any(Option::is_some) || self.two_rounds().is_some()
    }

    /// The most plies a round of a two-round match lasts, in a game that is one.
    pub fn two_rounds(&self) -> Option<u16> {
        self.file.special.iter().find_map(|rule| match rule {
            SpecialRule::TwoRounds(cap) => Some(*cap),
            _ => None,
        })
    }

    /// Reads and checks a game file's text. `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Ruleset, GameFileError> {
        let spec: GameFile = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| {
                let at = (e.span.start.line, e.span.start.col);
                GameFileError::locate(file, text, Problem::Syntax(e.code.to_string()), Some(at))
            })?;
        let ruleset = Ruleset::compile(spec)
            .map_err(|problem| GameFileError::locate(file, text, problem, None))?;
        // Every value of every option makes a game that can be played.
        for option in &ruleset.file.options {
            for value in &option.values {
                ruleset
                    .with_options(&[(option.key.as_str(), value.as_str())])
                    .map_err(|problem| GameFileError::locate(file, text, problem, None))?;
            }
        }
        Ok(ruleset)
    }

    /// The game with some options set (`("geese", "15")`): the file with
    /// each value's changes made, compiled again. A key or value the file
    /// does not offer is refused.
    pub fn with_options(&self, choices: &[(&str, &str)]) -> Result<Ruleset, Problem> {
        if choices.is_empty() {
            return Ok(self.clone());
        }
        let mut file = self.file.clone();
        for &(key, value) in choices {
            let option = self
                .file
                .options
                .iter()
                .find(|o| o.key == key)
                .ok_or_else(|| Problem::BadOption(key.to_string()))?;
            if !option.values.iter().any(|v| v == value) {
                return Err(Problem::BadOption(key.to_string()));
            }
            let effects = option.set.iter().filter(|(v, _)| v == value);
            for effect in effects.flat_map(|(_, effects)| effects) {
                apply_effect(&mut file, effect);
            }
        }
        Ruleset::compile(file)
    }

    /// Checks a parsed file and builds its tables.
    pub fn compile(file: GameFile) -> Result<Ruleset, Problem> {
        let id_ok = !file.id.is_empty()
            && file
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            return Err(Problem::BadId(file.id.clone()));
        }
        let graph = Graph::build(&file.board)?;
        let n = graph.nodes.len();
        let sides = [&file.hunters, &file.crowd];
        for spec in sides {
            if !spec.letter.is_ascii_uppercase() {
                return Err(Problem::BadLetter(spec.letter));
            }
        }
        if file.hunters.letter == file.crowd.letter {
            return Err(Problem::SameLetter(file.crowd.letter));
        }
        let start = [
            graph.set(&file.hunters.start, "hunters.start")?,
            graph.set(&file.crowd.start, "crowd.start")?,
        ];
        if let Some(p) = bits(start[0] & start[1]).next() {
            return Err(Problem::BothStartOn(graph.nodes[p as usize].name.clone()));
        }
        let in_hand = [file.hunters.in_hand, file.crowd.in_hand];
        for side in [Side::Hunters, Side::Crowd] {
            let s = side.index();
            if start[s] == 0 && in_hand[s] == 0 {
                return Err(Problem::NoPieces(side));
            }
        }
        let stacks = stacks(&file, &graph, start[1])?;
        let stacked: usize = stacks.iter().map(|&(_, n)| n as usize - 1).sum();
        let crowd_total = start[1].count_ones() as usize + in_hand[1] as usize + stacked;
        if crowd_total > MAX_CROWD {
            return Err(Problem::CrowdTooLarge(crowd_total));
        }
        let hunters_total = start[0].count_ones() as usize + in_hand[0] as usize;
        if hunters_total.max(crowd_total) > n {
            return Err(Problem::TooManyPieces {
                pieces: hunters_total.max(crowd_total),
                points: n,
            });
        }
        let place_on = [
            place_area(&graph, &file.hunters.place_on, "hunters.place_on")?,
            place_area(&graph, &file.crowd.place_on, "crowd.place_on")?,
        ];
        let mut steps = [
            step_table(&graph, file.hunters.steps, file.hunters.forward.vector()),
            step_table(&graph, file.crowd.steps, file.crowd.forward.vector()),
        ];
        let keep_off = keep_off(&file, &graph, start)?;
        let place_on = [place_on[0] & !keep_off[0], place_on[1] & !keep_off[1]];
        for (table, off) in steps.iter_mut().zip(keep_off) {
            for targets in table.iter_mut() {
                *targets &= !off;
            }
        }
        let ends = ends(&file, &graph, &steps, start, place_on, in_hand, crowd_total)?;
        check_settings(&file, &graph)?;
        let restack_on = graph.set(&file.crowd.restack_on, "crowd.restack_on")?;
        if let Some(p) = bits(restack_on).find(|&p| !stacks.iter().any(|&(q, _)| q == p)) {
            let name = graph.nodes[p as usize].name.clone();
            return Err(Problem::Misused(Misused::RestackOffStack(name)));
        }
        let owed_on = check_special(&file, &graph, start, in_hand)?;
        Ok(Ruleset {
            file,
            graph,
            steps,
            place_on,
            start,
            in_hand,
            ends,
            stacks,
            restack_on,
            owed_on,
        })
    }

    /// The game's command-line name.
    pub fn id(&self) -> &str {
        &self.file.id
    }

    /// A point's name.
    pub fn name(&self, p: u8) -> &str {
        &self.graph.nodes[p as usize].name
    }

    /// How many crowd pieces the game starts with, on the board, in its
    /// stacks and in hand.
    pub fn crowd_total(&self) -> u32 {
        let stacked: u32 = self.stacks.iter().map(|&(_, n)| n as u32 - 1).sum();
        self.start[1].count_ones() + self.in_hand[1] as u32 + stacked
    }
}

/// The points each side may never enter (`keep_off`); no side may start
/// on one.
fn keep_off(file: &GameFile, graph: &Graph, start: [u64; 2]) -> Result<[u64; 2], Problem> {
    let keep_off = [
        graph.set(&file.hunters.keep_off, "hunters.keep_off")?,
        graph.set(&file.crowd.keep_off, "crowd.keep_off")?,
    ];
    for s in 0..2 {
        if let Some(p) = bits(start[s] & keep_off[s]).next() {
            let name = graph.nodes[p as usize].name.clone();
            return Err(Problem::Misused(Misused::StartsKeptOff(name)));
        }
    }
    Ok(keep_off)
}

/// Reads the crowd's stacks (`"b2=5 d2=5"`): on its start points, at least
/// two pieces each, at most [`MAX_STACKS`] points; the hunters have none.
fn stacks(file: &GameFile, graph: &Graph, crowd_start: u64) -> Result<Vec<(u8, u8)>, Problem> {
    if !file.hunters.stacks.trim().is_empty() {
        return Err(Problem::Misused(Misused::HunterStacks));
    }
    let mut stacks = Vec::new();
    for item in file.crowd.stacks.split_whitespace() {
        let bad = || Problem::Misused(Misused::BadStack(item.to_string()));
        let (name, count) = item.split_once('=').ok_or_else(bad)?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        let point = graph.set(name, "crowd.stacks")?;
        let node = bits(point).next().ok_or_else(bad)?;
        if count < 2 || point & crowd_start == 0 || stacks.iter().any(|&(q, _)| q == node) {
            return Err(bad());
        }
        stacks.push((node, count));
    }
    if stacks.len() > MAX_STACKS {
        return Err(Problem::Misused(Misused::TooManyStacks(stacks.len())));
    }
    Ok(stacks)
}

/// Checks the rules of a few games against the rest of the file, and
/// returns where owed crowd pieces are added (none when the game owes none).
fn check_special(
    file: &GameFile,
    graph: &Graph,
    start: [u64; 2],
    in_hand: [u8; 2],
) -> Result<u64, Problem> {
    let misused = |why| Err(Problem::Misused(why));
    for (side, spec) in [(Side::Hunters, &file.hunters), (Side::Crowd, &file.crowd)] {
        if let Some(n) = spec.first_turn_places
            && (n < 2 || n > in_hand[side.index()] || spec.places_in_a_row)
        {
            return misused(Misused::FirstTurnPlaces(n));
        }
    }
    let capture = &file.capture;
    if capture.line != LineCapture::One && capture.chain != Chain::Single {
        return misused(Misused::LineNeedsSingleHop);
    }
    if capture.level_lengths.is_some() && capture.line == LineCapture::One {
        return misused(Misused::LevelLengthsNeedLine);
    }
    let chains = matches!(capture.chain, Chain::Optional | Chain::Maximal);
    if capture.later_hops != LaterHops::Any && !chains {
        return misused(Misused::LaterHopsNeedChains);
    }
    let mut owed_on = 0;
    let mut counters = 0;
    for rule in &file.special {
        match rule {
            SpecialRule::CrowdForwardFlips => {
                counters += 1;
                if !matches!(file.crowd.steps, Steps::Forward | Steps::ForwardOrSideways) {
                    return misused(Misused::FlipNeedsForward);
                }
            }
            SpecialRule::HuntersTakeTurns => {
                counters += 1;
                let hunters = start[0].count_ones() + in_hand[0] as u32;
                if hunters < 2 {
                    return misused(Misused::TurnsNeedTwoHunters);
                }
            }
            SpecialRule::PlaceAllFirst => {}
            SpecialRule::RemoveAfterFirstPlacement => {
                let placed_in_a_row = file.hunters.places_in_a_row && in_hand[0] >= 2;
                if !placed_in_a_row || start[1] == 0 {
                    return misused(Misused::RemovalNeedsPlacements);
                }
            }
            SpecialRule::TwoRounds(cap) => {
                counters += 1;
                let hunters = start[0].count_ones() + in_hand[0] as u32;
                if *cap == 0 || file.capture.chain != Chain::NoCapture || hunters != 1 {
                    return misused(Misused::TwoRoundsNeedBlockade);
                }
            }
            SpecialRule::DeclinedCaptureOwes(names) => {
                counters += 1;
                owed_on = graph.set(names, "DeclinedCaptureOwes")?;
                if owed_on == 0 || file.capture.chain == Chain::NoCapture {
                    return misused(Misused::OwedNeedsCaptures);
                }
            }
        }
    }
    if counters > 1 {
        return misused(Misused::TwoCounters);
    }
    Ok(owed_on)
}

fn place_area(graph: &Graph, names: &str, field: &str) -> Result<u64, Problem> {
    if names.trim().is_empty() {
        Ok(graph.all())
    } else {
        graph.set(names, field)
    }
}

/// Where a piece may step from each point, with the side's direction limit.
pub(crate) fn step_table(graph: &Graph, steps: Steps, forward: (f32, f32)) -> Vec<u64> {
    (0..graph.nodes.len() as u8)
        .map(|p| {
            bits(graph.neighbours[p as usize])
                .filter(|&q| {
                    let (dx, dy) = graph.vector(p, q);
                    steps.allows((dx * forward.0 + dy * forward.1) / dx.hypot(dy))
                })
                .fold(0, |set, q| set | 1 << q)
        })
        .collect()
}

/// Reads the ends and refuses those that can never come.
fn ends(
    file: &GameFile,
    graph: &Graph,
    steps: &[Vec<u64>; 2],
    start: [u64; 2],
    place_on: [u64; 2],
    in_hand: [u8; 2],
    crowd_total: usize,
) -> Result<Ends, Problem> {
    let mut ends = Ends::default();
    // Every point a side's pieces can ever stand on: where they start or
    // are placed, and every point their steps lead to from there (a capture
    // lands where a step could not, so hunters count their jumps too).
    let reachable = |side: Side| {
        let s = side.index();
        let mut seen = start[s] | if in_hand[s] > 0 { place_on[s] } else { 0 };
        loop {
            let mut next = seen;
            for p in bits(seen) {
                next |= steps[s][p as usize];
                if side == Side::Hunters && file.capture.chain != Chain::NoCapture {
                    for &(_, to) in &graph.jumps[p as usize] {
                        next |= 1 << to;
                    }
                }
            }
            if next == seen {
                return seen;
            }
            seen = next;
        }
    };
    for end in &file.ends {
        match end {
            EndSpec::CrowdAtMost(k) => {
                if file.capture.chain == Chain::NoCapture {
                    return Err(Problem::Unreachable(Unreachable::NothingCaptures));
                }
                if *k as usize >= crowd_total {
                    return Err(Problem::Unreachable(Unreachable::CrowdAlreadyDown {
                        crowd: crowd_total,
                        limit: *k,
                    }));
                }
                ends.crowd_at_most = Some(*k);
            }
            EndSpec::CrowdFills(names) => {
                let region = graph.set(names, "CrowdFills")?;
                if region == 0 {
                    return Err(Problem::Unreachable(Unreachable::EmptyRegion));
                }
                if region.count_ones() as usize > crowd_total {
                    return Err(Problem::Unreachable(Unreachable::RegionTooLarge {
                        points: region.count_ones() as usize,
                        pieces: crowd_total,
                    }));
                }
                if region & !reachable(Side::Crowd) != 0 {
                    return Err(Problem::Unreachable(Unreachable::RegionOutOfReach));
                }
                ends.crowd_fills = Some(region);
            }
            EndSpec::Reaches(side, names) => {
                let region = graph.set(names, "Reaches")?;
                if region & reachable(*side) == 0 {
                    return Err(Problem::Unreachable(Unreachable::GoalOutOfReach));
                }
                ends.reaches[side.index()] = Some(region);
            }
            EndSpec::HuntersAtMost(k) => {
                if !file.capture.huffing {
                    return Err(Problem::Unreachable(Unreachable::HuntersNeverLost));
                }
                let hunters_total = start[0].count_ones() as usize + in_hand[0] as usize;
                if *k as usize >= hunters_total {
                    return Err(Problem::Unreachable(Unreachable::CrowdAlreadyDown {
                        crowd: hunters_total,
                        limit: *k,
                    }));
                }
                ends.hunters_at_most = Some(*k);
            }
            EndSpec::HuntersBehindCrowd => {
                if matches!(file.crowd.steps, Steps::Any | Steps::None) {
                    return Err(Problem::Unreachable(Unreachable::CrowdHasNoForward));
                }
                ends.behind_crowd = true;
            }
            EndSpec::DrivenOnto(side, names) => {
                let region = graph.set(names, "DrivenOnto")?;
                if region & reachable(*side) == 0 {
                    return Err(Problem::Unreachable(Unreachable::GoalOutOfReach));
                }
                ends.driven_onto[side.index()] = Some(region);
            }
            EndSpec::OutlastsMoves(side, moves) => {
                if *moves == 0 {
                    return Err(Problem::Unreachable(Unreachable::ZeroMoves));
                }
                ends.outlasts[side.index()] = Some(*moves);
            }
        }
    }
    let no_moves = [file.no_moves.hunters, file.no_moves.crowd];
    if file.ends.is_empty()
        && no_moves.iter().all(|&n| n == NoMoves::Passes)
        && file.draws.quiet_limit.is_none()
    {
        return Err(Problem::NoEnds);
    }
    Ok(ends)
}

/// The options (each default among its values, changes for other values
/// only, at most four) and the computer's evaluation (the line terms need a
/// grid of at most seven files).
fn check_settings(file: &GameFile, graph: &Graph) -> Result<(), Problem> {
    if file.options.len() > crate::rules::variant::MAX_OPTIONS {
        return Err(Problem::TooManyOptions(file.options.len()));
    }
    for option in &file.options {
        let changes_default = option.set.iter().any(|(value, _)| *value == option.default);
        let unknown_value = option
            .set
            .iter()
            .any(|(value, _)| !option.values.contains(value));
        if !option.values.contains(&option.default) || changes_default || unknown_value {
            return Err(Problem::BadOption(option.key.clone()));
        }
    }
    if matches!(
        file.computer.evaluation,
        super::file::EvaluationSpec::Lines(_)
    ) {
        let board = crate::rules::board::Board::new(graph);
        if board.layout != (crate::rules::board::Layout::Grid { stride: 7 }) {
            return Err(Problem::LinesNeedGrid);
        }
    }
    Ok(())
}

/// Makes one change an option's value asks for.
fn apply_effect(file: &mut GameFile, effect: &OptionEffect) {
    fn side_spec(file: &mut GameFile, side: Side) -> &mut super::file::SideSpec {
        match side {
            Side::Hunters => &mut file.hunters,
            Side::Crowd => &mut file.crowd,
        }
    }
    match effect {
        OptionEffect::Compulsory(on) => file.capture.compulsory = *on,
        OptionEffect::Chain(chain) => file.capture.chain = *chain,
        OptionEffect::Steps(side, steps) => side_spec(file, *side).steps = *steps,
        OptionEffect::AddStart(side, points) => {
            let spec = side_spec(file, *side);
            spec.start = format!("{} {points}", spec.start);
        }
        OptionEffect::QuietLimit(limit) => file.draws.quiet_limit = *limit,
        OptionEffect::Repetition(times) => file.draws.repetition = *times,
        OptionEffect::RoundLimit(most) => {
            for rule in &mut file.special {
                if let SpecialRule::TwoRounds(plies) = rule {
                    // No limit: more plies than a round is ever played.
                    *plies = most.unwrap_or(u16::MAX);
                }
            }
        }
    }
}
