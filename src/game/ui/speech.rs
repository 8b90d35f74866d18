//! The game in words, for a screen reader and anyone who would rather read
//! than look: every move as it is played, by either side ("Pirate from c6
//! takes d5 and e4, lands on e3"), whose turn it is, the result, and on
//! request where the pieces are. Lines go to [`Spoken`]; the panel shows
//! the last one (a live region for AccessKit on the desktop), the web page
//! writes each into its live region beside the canvas
//! ([`page`], wasm only).
//!
//! Typed lines ([`Typed`]: the web page's command box) are moves or
//! commands: `p` (where the pieces are), `t` (whose turn), `u` (undo); a
//! move is confirmed by its own announcement, a refusal is said.

use bevy::prelude::*;

use super::{SideNames, capitalise};
use crate::game::GameSet;
use crate::game::board::skin::{ActiveSkin, round_two_begins};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::screens::Screen;
use crate::game::play::match_state::{
    Match, MatchCommand, MoveIntent, MoveRejected, MoveSource, Player,
};
use crate::rules::{Game, Move, MoveKind, Point, Side};

/// Public for the headless tests, which run it without the rest of the
/// egui interface.
pub fn plugin(app: &mut App) {
    app.init_resource::<Spoken>()
        .init_resource::<CursorWords>()
        .add_message::<Typed>()
        .add_systems(
            Update,
            (
                // Before the moves are applied: a typed move is played this frame.
                answer_typed.in_set(GameSet::Input),
                (speak_changes, speak_refusals)
                    .chain()
                    .in_set(GameSet::View),
            )
                .run_if(in_state(Screen::Game)),
        );
    #[cfg(target_arch = "wasm32")]
    page::plugin(app);
}

/// The lines said so far (the last [`Spoken::KEPT`]), each with its number.
#[derive(Resource, Default, Debug)]
pub struct Spoken {
    lines: std::collections::VecDeque<(u64, String)>,
    said: u64,
}

impl Spoken {
    const KEPT: usize = 50;
    pub fn say(&mut self, text: impl Into<String>) {
        self.said += 1;
        self.lines.push_back((self.said, text.into()));
        if self.lines.len() > Self::KEPT {
            self.lines.pop_front();
        }
    }
    /// The lines kept, oldest first, with their numbers (1 for the first
    /// line ever said).
    pub fn lines(&self) -> impl Iterator<Item = (u64, &str)> {
        self.lines.iter().map(|(n, s)| (*n, s.as_str()))
    }
    pub fn last(&self) -> Option<&str> {
        self.lines.back().map(|(_, s)| s.as_str())
    }
}

/// What stands under the board's cursor, in words, while the board has the
/// keyboard ("Board. b4: Bulgar. picked up"), as `board_keys` writes it:
/// AccessKit reads it from the focus, the web page from a live region of
/// its own.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CursorWords(pub Option<String>);

/// A line typed where the game takes words (the web page's command box).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Typed(pub String);

/// What was said last, to tell a move from an undo or a new game.
#[derive(Clone, PartialEq, Eq)]
struct Heard {
    kind: crate::rules::GameId,
    moves: Vec<Move>,
    over: bool,
}

fn speak_changes(
    the_match: Res<Match>,
    i18n: Res<I18n>,
    skin: Res<ActiveSkin>,
    mut spoken: ResMut<Spoken>,
    mut heard: Local<Option<Heard>>,
) {
    // Nothing to say before the words load, nor while the match is as it was.
    if !i18n.is_ready() || (!the_match.is_changed() && heard.is_some()) {
        return;
    }
    let game = the_match.game();
    let now = Heard {
        kind: the_match.kind(),
        moves: game.moves().copied().collect(),
        over: the_match.is_over(),
    };
    let before = heard.replace(now.clone());
    if before.as_ref() == Some(&now) {
        return;
    }
    let names = SideNames::of_skin(&skin, &i18n, now.kind);
    let mut line = Vec::new();
    let same_game = before.as_ref().filter(|b| b.kind == now.kind);
    match same_game {
        // One move more (played, or redone): the move.
        Some(b) if now.moves.len() == b.moves.len() + 1 && now.moves.starts_with(&b.moves) => {
            if let Some(mv) = game.last_move() {
                let mut earlier = game.clone();
                earlier.undo();
                line.push(move_words(&i18n, &names, &earlier, mv));
                if earlier.round() != game.round() {
                    line.push(i18n.msg(&round_two_begins(game, &skin)));
                }
            }
        }
        // Fewer moves, the others waiting to be redone: taken back (a new
        // game has none to redo).
        Some(b)
            if b.moves.len() > now.moves.len()
                && b.moves.starts_with(&now.moves)
                && the_match.can_redo() =>
        {
            line.push(i18n.tr("speech-taken-back"));
        }
        // The same moves: the game ended (resigned, agreed, out of time).
        Some(b) if b.moves == now.moves => {}
        // Another game (new, loaded, joined): its name first.
        _ => line.push(format!("{}.", super::game_title(&i18n, now.kind))),
    }
    let mut turn = turn_or_result(&the_match, &i18n, &names);
    if !turn.ends_with(['.', '!', '?', '…']) {
        turn.push('.');
    }
    line.push(turn);
    spoken.say(line.join(" "));
}

/// Whose turn it is, or how the game ended: who won (the banner's title),
/// then why.
pub fn turn_or_result(the_match: &Match, i18n: &I18n, names: &SideNames) -> String {
    if let Some(conclusion) = the_match.conclusion() {
        let mut title = super::banner::conclusion_title(i18n, names, the_match.game(), conclusion);
        let why = super::banner::conclusion_text(i18n, names, the_match.kind(), conclusion);
        // "Draw by agreement." says "Draw" already.
        if why.starts_with(&title) {
            return why;
        }
        if !title.ends_with(['.', '!', '?', '…']) {
            title.push('.');
        }
        return format!("{title} {why}");
    }
    let side = the_match.side_to_move();
    let you =
        the_match.player(side) == Player::Human && the_match.player(side.other()) != Player::Human;
    let id = if you {
        "status-to-move-you"
    } else {
        "status-to-move"
    };
    i18n.msg(&names.with_side(i18n, Msg::new(id), side))
}

/// A move in words, from the position it was played in: "Pirate from c6
/// takes d5 and e4, lands on e3", with huffed pieces and the pass.
pub fn move_words(i18n: &I18n, names: &SideNames, before: &Game, mv: &Move) -> String {
    let rules = before.rules();
    let name = |p: Point| rules.board().name(p).to_string();
    let side = before.side_to_move();
    let one = |side: Side| capitalise(&names.get(side).get(i18n.language()).one);
    let (_, effects) = rules.apply(before.position(), mv);
    let msg = match mv.kind() {
        MoveKind::Step => Msg::new("speech-step")
            .text("piece", one(side))
            .text("from", name(mv.from()))
            .text("to", name(mv.to())),
        MoveKind::Jump => {
            let mut taken: Vec<Point> = rules.captured(mv).collect();
            if taken.is_empty() {
                taken = effects.captured.into_iter().collect();
            }
            let taken: Vec<String> = taken.into_iter().map(name).collect();
            Msg::new("speech-jump")
                .text("piece", one(side))
                .text("from", name(mv.from()))
                .text("taken", and_list(i18n, &taken))
                .text("to", name(mv.to()))
        }
        MoveKind::Place => Msg::new("speech-place")
            .text("piece", one(side))
            .text("to", name(mv.to())),
        MoveKind::Remove => Msg::new("speech-remove")
            .text("piece", one(Side::Crowd))
            .text("at", name(mv.from())),
        MoveKind::Pass => names.with_side(i18n, Msg::new("speech-pass"), side),
    };
    let mut text = i18n.msg(&msg);
    if !effects.huffed.is_empty() {
        let huffed: Vec<String> = effects.huffed.into_iter().map(name).collect();
        text.push(' ');
        text.push_str(
            &i18n.msg(&Msg::new("speech-huffed").text("points", and_list(i18n, &huffed))),
        );
    }
    text
}

/// "d5", "d5 and e4", "d5, e4 and f3".
fn and_list(i18n: &I18n, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => i18n.msg(
            &Msg::new("speech-and")
                .text("a", first.join(", "))
                .text("b", last.clone()),
        ),
    }
}

/// Typed lines: a command, or a move for the side to move.
fn answer_typed(
    mut typed: MessageReader<Typed>,
    the_match: Res<Match>,
    i18n: Res<I18n>,
    skin: Res<ActiveSkin>,
    mut spoken: ResMut<Spoken>,
    mut intents: MessageWriter<MoveIntent>,
    mut commands: MessageWriter<MatchCommand>,
) {
    for Typed(text) in typed.read() {
        let text = text.trim();
        let names = SideNames::of_skin(&skin, &i18n, the_match.kind());
        match text.to_lowercase().as_str() {
            "" => {}
            "p" | "п" => spoken.say(position_words(&the_match, &names, &i18n)),
            "t" | "х" => spoken.say(turn_or_result(&the_match, &i18n, &names)),
            "u" | "о" => {
                if the_match.can_undo() && !the_match.is_online() {
                    commands.write(MatchCommand::Undo);
                } else {
                    spoken.say(i18n.tr("speech-no-undo"));
                }
            }
            _ => match super::move_from_text(&the_match, text) {
                Ok(mv) => {
                    intents.write(MoveIntent {
                        mv,
                        source: MoveSource::Human,
                    });
                }
                Err(reason) => spoken.say(i18n.msg(&reason)),
            },
        }
    }
}

/// A move the match refused (a race with the turn, a click's or a typed
/// one) is said, as the panel shows it.
fn speak_refusals(
    mut rejected: MessageReader<MoveRejected>,
    i18n: Res<I18n>,
    mut spoken: ResMut<Spoken>,
) {
    for r in rejected.read() {
        spoken.say(i18n.msg(&r.reason.clone().text("move", r.text.clone())));
    }
}

/// Where the pieces are, then the counts the panel shows (taken, in hand,
/// the region held): what P and `p` say.
pub fn position_words(the_match: &Match, names: &SideNames, i18n: &I18n) -> String {
    let pieces = i18n.msg(&pieces_msg(the_match.shown(), names, i18n));
    let counts = super::status::material_text(i18n, names, the_match);
    format!("{pieces} {counts}.")
}

/// Each side's pieces by point (a stack as `c3×3`) and the hands.
pub fn pieces_msg(game: &Game, names: &SideNames, i18n: &I18n) -> Msg {
    let name = |side| capitalise(i18n.plural(names.get(side)));
    let mut msg = Msg::new("pieces-where");
    for (side, key, at) in [
        (Side::Hunters, "hunters", "hunters-at"),
        (Side::Crowd, "crowd", "crowd-at"),
    ] {
        msg = msg.text(key, name(side)).text(at, points_of(game, side));
    }
    let hands = [Side::Hunters, Side::Crowd]
        .into_iter()
        .filter(|side| game.position().in_hand[side.index()] > 0)
        .map(|side| {
            Msg::new("pieces-in-hand")
                .text("side", name(side))
                .num("count", u32::from(game.position().in_hand[side.index()]))
        })
        .reduce(|a, b| Msg::new("pieces-and").nested("a", a).nested("b", b));
    match hands {
        Some(hands) => Msg::new("pieces-and").nested("a", msg).nested("b", hands),
        None => msg,
    }
}

/// A side's points in the notation's names, a stack as `c3×3`; `—` for none.
pub fn points_of(game: &Game, side: Side) -> String {
    let rules = game.rules();
    let position = game.position();
    let names: Vec<String> = position.pieces[side.index()]
        .map(|p| {
            let name = rules.board().name(p).to_string();
            match rules.pieces_on(position, p) {
                n if n > 1 => format!("{name}×{n}"),
                _ => name,
            }
        })
        .collect();
    if names.is_empty() {
        "—".to_string()
    } else {
        names.join(", ")
    }
}

/// The web page's side: each line said goes into the page's live region
/// (`#speech-log`, read by screen readers as it grows), and the page's
/// command box (`#command-form`) sends what is typed as [`Typed`]. The
/// page's labels follow the game's language.
#[cfg(target_arch = "wasm32")]
mod page {
    use std::cell::RefCell;

    use bevy::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;

    use super::{Spoken, Typed};
    use crate::game::common::i18n::I18n;
    use crate::game::common::redraw::FrameWaker;

    thread_local! {
        /// Lines typed on the page, waiting for the next frame.
        static TYPED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    }

    /// At most this many lines stay in the page's log.
    const LOG_LINES: u32 = 30;

    pub(super) fn plugin(app: &mut App) {
        app.add_systems(Startup, listen_to_the_form).add_systems(
            Update,
            (take_typed, write_log, say_the_cursor, label_the_page).before(super::answer_typed),
        );
    }

    fn element(id: &str) -> Option<web_sys::Element> {
        web_sys::window()?.document()?.get_element_by_id(id)
    }

    /// The form's submit: its text is kept for the next frame, which is
    /// asked for at once.
    fn listen_to_the_form(waker: Res<FrameWaker>) {
        let Some(form) = element("command-form") else {
            return;
        };
        let waker = waker.clone();
        let on_submit = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            let Some(input) = element("command") else {
                return;
            };
            let key = wasm_bindgen::JsValue::from("value");
            let text = js_sys::Reflect::get(&input, &key)
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            let _ = js_sys::Reflect::set(&input, &key, &wasm_bindgen::JsValue::from(""));
            TYPED.with(|t| t.borrow_mut().push(text));
            waker.wake();
        });
        let _ = form.add_event_listener_with_callback("submit", on_submit.as_ref().unchecked_ref());
        // The page lives as long as the game: the listener too.
        on_submit.forget();
    }

    fn take_typed(mut typed: MessageWriter<Typed>) {
        let lines = TYPED.with(|t| std::mem::take(&mut *t.borrow_mut()));
        typed.write_batch(lines.into_iter().map(Typed));
    }

    /// New lines join the log (a paragraph each); the oldest go.
    fn write_log(spoken: Res<Spoken>, mut written: Local<u64>) {
        if !spoken.is_changed() {
            return;
        }
        let Some(log) = element("speech-log") else {
            return;
        };
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let after = *written;
        for (n, line) in spoken.lines().filter(|(n, _)| *n > after) {
            if let Ok(p) = document.create_element("p") {
                p.set_text_content(Some(line));
                let _ = log.append_child(&p);
            }
            *written = n;
        }
        while log.child_element_count() > LOG_LINES {
            if let Some(first) = log.first_element_child() {
                first.remove();
            }
        }
    }

    /// The point under the board's cursor, in the page's second live region
    /// (`#cursor-words`), as the arrows move it.
    fn say_the_cursor(words: Option<Res<super::CursorWords>>) {
        let Some(words) = words.filter(|w| w.is_changed()) else {
            return;
        };
        if let Some(region) = element("cursor-words") {
            region.set_text_content(words.0.as_deref());
        }
    }

    /// The page's own words, in the game's language.
    fn label_the_page(
        i18n: Res<I18n>,
        mut done: Local<Option<crate::game::common::i18n::Language>>,
    ) {
        if *done == Some(i18n.language()) || !i18n.is_ready() {
            return;
        }
        *done = Some(i18n.language());
        for (id, key) in [
            ("speech-title", "speech-page-title"),
            ("command-label", "speech-command-label"),
            ("command-send", "speech-command-send"),
            ("command-help", "speech-command-help"),
        ] {
            if let Some(e) = element(id) {
                e.set_text_content(Some(&i18n.tr(key)));
            }
        }
        if let Some(canvas) = element("stronghold") {
            let _ = canvas.set_attribute("aria-label", &i18n.tr("speech-canvas-label"));
        }
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", i18n.language().code());
        }
    }
}
