//! Input: picking events on board points become `BoardInput` messages (tests
//! send the same messages), and one system turns them into a selection and
//! move intents. Click-click and drag-and-drop share every rule.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::GameSet;
use crate::game::board::view::{BoardPoint, BoardSurface, MainCamera};
use crate::game::common::i18n::Msg;
use crate::game::common::redraw::NextFrame;
use crate::game::common::settings::Settings;
use crate::game::common::view::{ShakePiece, ViewBusy};
use crate::game::play::match_state::{Match, MatchReset, MoveIntent, MoveSource};
use crate::rules::{Game, Move, Point};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardInput>()
        .init_resource::<Selection>()
        .init_resource::<DragCursor>()
        .init_resource::<InputStatus>()
        .add_observer(listen_to_point)
        .add_observer(listen_to_surface)
        .add_systems(
            Update,
            (clear_selection_on_change, handle_board_input)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// What the pointer did on the board, in board terms.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// Pointer pressed on a point.
    Press(Point),
    /// Pressed and released on the same point.
    Click(Point),
    /// A drag that began on `from` was released on `to`.
    Drop { from: Point, to: Point },
    /// A drag from this point ended (dropped anywhere or nowhere).
    DragEnd(Point),
    /// Pressed on the board away from every point, or Escape.
    Background,
}

/// The piece a person has picked up and the hops chosen so far.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// Where the selected piece stands in the match.
    pub origin: Option<Point>,
    /// Landing points chosen so far in a branching chain.
    pub path: Vec<Point>,
    /// Set while a drag that started on the selected piece is in progress.
    pub dragging: Option<Point>,
    /// The press landed on the piece already selected: a click there deselects.
    pressed_selected: bool,
    /// With "confirm moves" on: the chosen move, waiting for a second click
    /// on its end point (or the panel's button).
    pub pending: Option<Move>,
}

impl Selection {
    /// Where the selected piece is shown: the end of the chosen hops.
    pub fn at(&self) -> Option<Point> {
        self.path.last().copied().or(self.origin)
    }
    pub fn clear(&mut self) {
        *self = Selection::default();
    }
    /// Legal moves that begin with the selection.
    pub fn candidates(&self, game: &Game) -> Vec<Move> {
        let Some(origin) = self.origin else {
            return Vec::new();
        };
        game.legal_moves()
            .into_iter()
            .filter(|m| !m.is_placement() && m.from() == origin)
            .filter(|m| {
                m.hops() > self.path.len() && m.landings().zip(&self.path).all(|(a, b)| a == *b)
            })
            .collect()
    }
    /// The points the piece may go to next: one hop further along each candidate.
    pub fn next_targets(&self, game: &Game) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .candidates(game)
            .iter()
            .filter_map(|m| m.landings().nth(self.path.len()))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// Where a dragged piece is drawn (world), while a drag is on.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct DragCursor(pub Option<Vec2>);

/// The last thing input has to say to the player (shown by the panel).
#[derive(Resource, Default, Debug, Clone)]
pub struct InputStatus(pub Option<Msg>);

/// What choosing a point does to the selection.
enum Choice {
    Play(Move),
    /// One more hop of a branching chain.
    Hop,
    /// One more hop, where the chain may also stop.
    HopOrStop,
    /// Several routes end there: the player must go hop by hop.
    Ambiguous,
    NotATarget,
}

fn choose(selection: &mut Selection, game: &Game, to: Point) -> Choice {
    let candidates = selection.candidates(game);
    let depth = selection.path.len();
    let through: Vec<&Move> = candidates
        .iter()
        .filter(|m| m.landings().nth(depth) == Some(to))
        .collect();
    match through.len() {
        0 => {}
        1 => return Choice::Play(*through[0]),
        _ => {
            selection.path.push(to);
            let stops = through.iter().any(|m| m.hops() == depth + 1);
            return if stops {
                Choice::HopOrStop
            } else {
                Choice::Hop
            };
        }
    }
    // One click on the end of a route plays the whole route, if it is the only one.
    let ending: Vec<&Move> = candidates.iter().filter(|m| m.to() == to).collect();
    match ending.len() {
        0 => Choice::NotATarget,
        1 => Choice::Play(*ending[0]),
        _ => Choice::Ambiguous,
    }
}

fn clear_selection_on_change(
    mut resets: MessageReader<MatchReset>,
    the_match: Res<Match>,
    mut selection: ResMut<Selection>,
    mut seen: Local<u64>,
) {
    let reset = resets.read().count() > 0;
    if reset || *seen != the_match.generation() {
        *seen = the_match.generation();
        if selection.origin.is_some() {
            selection.clear();
        }
    }
}

/// At most this many inputs wait for an animation; more means the player
/// is hammering the board, and all of them are dropped.
const HELD_INPUTS: usize = 16;

#[allow(clippy::too_many_arguments)]
pub(super) fn handle_board_input(
    mut inputs: MessageReader<BoardInput>,
    the_match: Res<Match>,
    busy: Res<ViewBusy>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut selection: ResMut<Selection>,
    mut cursor: ResMut<DragCursor>,
    mut intents: MessageWriter<MoveIntent>,
    mut shakes: MessageWriter<ShakePiece>,
    mut status: ResMut<InputStatus>,
    settings: Res<Settings>,
    mut held: Local<Vec<BoardInput>>,
    mut next_frame: ResMut<NextFrame>,
) {
    let escape = keys.is_some_and(|k| k.just_pressed(KeyCode::Escape));
    held.extend(
        inputs
            .read()
            .copied()
            .chain(escape.then_some(BoardInput::Background)),
    );
    if held.is_empty() {
        return;
    }
    // Not the person's turn (the computer or a friend moves): input is dropped.
    if !the_match.human_to_move() {
        held.clear();
        selection.clear();
        cursor.0 = None;
        return;
    }
    // While the last move still glides, a press or a drag is held and
    // played once the board is still, so a quick player loses nothing.
    if busy.0 {
        if held.len() > HELD_INPUTS {
            held.clear();
        }
        // The frame after the animation ends plays them.
        next_frame.now();
        return;
    }
    let events = std::mem::take(&mut *held);
    let game = the_match.game();
    let mut reaction = Reaction {
        selection: selection.reborrow(),
        cursor: cursor.reborrow(),
        status: status.reborrow(),
        shakes: &mut shakes,
        intents: Intents {
            writer: &mut intents,
            confirm: settings.confirm_moves,
            rules: game.rules(),
        },
    };
    for event in events {
        reaction.to(event, game);
    }
}

/// What one input changes: the selection, the drag, the status line, and
/// the moves and shakes it sends.
struct Reaction<'a, 'i, 's> {
    selection: Mut<'a, Selection>,
    cursor: Mut<'a, DragCursor>,
    status: Mut<'a, InputStatus>,
    shakes: &'a mut MessageWriter<'s, ShakePiece>,
    intents: Intents<'a, 'i>,
}

impl Reaction<'_, '_, '_> {
    fn to(&mut self, event: BoardInput, game: &Game) {
        if let Some(mv) = self.selection.pending {
            self.confirm_or_cancel(event, mv);
            return;
        }
        match event {
            BoardInput::Press(p) => self.press(game, p),
            BoardInput::Click(p) => {
                if self.selection.pressed_selected && self.selection.at() == Some(p) {
                    // A click on the selected piece puts it down again.
                    self.selection.clear();
                }
            }
            BoardInput::Drop { from, to } => self.drop(game, from, to),
            BoardInput::DragEnd(_) => {
                self.selection.dragging = None;
                self.cursor.0 = None;
            }
            BoardInput::Background => self.selection.clear(),
        }
    }

    /// A move waits for confirmation: its end point confirms, anything else cancels.
    fn confirm_or_cancel(&mut self, event: BoardInput, mv: Move) {
        match event {
            BoardInput::Press(p) if p == mv.to() => {
                self.intents.writer.write(MoveIntent {
                    mv,
                    source: MoveSource::Human,
                });
                self.status.0 = None;
                self.selection.clear();
            }
            BoardInput::Press(_) | BoardInput::Background => {
                self.status.0 = None;
                self.selection.clear();
            }
            _ => {}
        }
    }

    /// A press on a point: picks up the selected piece for a drag, takes a
    /// target of the selection, selects an own piece, or places one.
    fn press(&mut self, game: &Game, p: Point) {
        let selection = &mut *self.selection;
        selection.pressed_selected = false;
        if selection.at() == Some(p) {
            // Pressed again where a chain that may stop has come: it stops.
            if let Some(stop) = chain_stopping_here(selection, game) {
                send_move(stop, selection, &mut self.status, &mut self.intents);
                return;
            }
            selection.pressed_selected = true;
            selection.dragging = Some(p);
            return;
        }
        let side = game.side_to_move();
        let own_piece = game.position().piece_at(p) == Some(side);
        if let Some(from) = selection.at() {
            let choice = choose(selection, game, p);
            if follow(choice, p, selection, &mut self.status, &mut self.intents) {
                return;
            }
            if own_piece {
                select(selection, game, p);
            } else {
                let refusal = cannot_go(game, from, p);
                reject(selection, &mut self.status, self.shakes, refusal);
            }
        } else if own_piece {
            if !select(selection, game, p) {
                self.shakes.write(ShakePiece(p));
                let point = game.rules().board().name(p).to_string();
                self.status.0 = Some(Msg::new("input-no-legal-move").text("point", point));
            }
        } else if let Some(mv) = [Move::place(p), Move::remove(p)]
            .into_iter()
            .find(|mv| game.is_legal(mv))
        {
            // A move on one point: a placement, or the removal of a crowd
            // piece in the hunters' opening (Rimau-Rimau).
            send_move(mv, selection, &mut self.status, &mut self.intents);
        } else if game.position().in_hand[side.index()] > 0 {
            let point = game.rules().board().name(p).to_string();
            self.status.0 = Some(Msg::new("input-cannot-place").text("point", point));
        }
    }

    /// A drag from `from` let go on `to`: takes the target, or refuses.
    fn drop(&mut self, game: &Game, from: Point, to: Point) {
        self.selection.dragging = None;
        self.cursor.0 = None;
        if from == to || self.selection.at() != Some(from) {
            return;
        }
        let selection = &mut *self.selection;
        let choice = choose(selection, game, to);
        if !follow(choice, to, selection, &mut self.status, &mut self.intents) {
            let refusal = cannot_go(game, from, to);
            reject(selection, &mut self.status, self.shakes, refusal);
        }
    }
}

fn cannot_go(game: &Game, from: Point, to: Point) -> Msg {
    let name = |p| game.rules().board().name(p).to_string();
    Msg::new("input-cannot-go")
        .text("from", name(from))
        .text("to", name(to))
}

/// The capture chain the hops chosen so far make, when the game lets a
/// chain stop there (a second press on the piece plays it).
fn chain_stopping_here(selection: &Selection, game: &Game) -> Option<Move> {
    let origin = selection.origin?;
    if selection.path.is_empty() {
        return None;
    }
    game.legal_moves().into_iter().find(|m| {
        m.is_jump() && m.from() == origin && m.landings().eq(selection.path.iter().copied())
    })
}

/// Where chosen moves go: straight to the match, or held for confirmation.
struct Intents<'a, 'w> {
    writer: &'a mut MessageWriter<'w, MoveIntent>,
    confirm: bool,
    /// The rules, to name a move held for confirmation.
    rules: &'a crate::rules::Rules,
}

/// Hands a move to the match, as the person's, and clears the selection;
/// with "confirm moves" on, holds it (the piece shown on its end point) for
/// a second click.
fn send_move(mv: Move, selection: &mut Selection, status: &mut InputStatus, intents: &mut Intents) {
    if intents.confirm {
        let in_place = mv.is_placement() || mv.kind() == crate::rules::MoveKind::Remove;
        *selection = Selection {
            origin: (!in_place).then(|| mv.from()),
            path: if in_place {
                Vec::new()
            } else {
                mv.landings().collect()
            },
            pending: Some(mv),
            ..Selection::default()
        };
        status.0 = Some(Msg::new("input-confirm").text("move", intents.rules.move_text(&mv)));
        return;
    }
    intents.writer.write(MoveIntent {
        mv,
        source: MoveSource::Human,
    });
    status.0 = None;
    selection.clear();
}

/// Acts on the target the person chose (by click or drop): plays the move,
/// takes one more hop, or asks for hops. False when it was not a target.
fn follow(
    choice: Choice,
    to: Point,
    selection: &mut Selection,
    status: &mut InputStatus,
    intents: &mut Intents,
) -> bool {
    match choice {
        Choice::Play(mv) => send_move(mv, selection, status, intents),
        Choice::Hop => status.0 = None,
        Choice::HopOrStop => status.0 = Some(Msg::new("input-stop-or-go-on")),
        Choice::Ambiguous => {
            let point = intents.rules.board().name(to).to_string();
            status.0 = Some(Msg::new("input-several-routes").text("point", point));
        }
        Choice::NotATarget => return false,
    }
    true
}

/// A refused attempt: the piece shakes, the selection goes, the reason shows.
fn reject(
    selection: &mut Selection,
    status: &mut InputStatus,
    shakes: &mut MessageWriter<ShakePiece>,
    text: Msg,
) {
    if let Some(origin) = selection.origin {
        shakes.write(ShakePiece(origin));
    }
    status.0 = Some(text);
    selection.clear();
}

/// Selects the piece on `p` if it has a legal move; false if it has none.
fn select(selection: &mut Selection, game: &Game, p: Point) -> bool {
    let mut fresh = Selection {
        origin: Some(p),
        ..Selection::default()
    };
    if fresh.candidates(game).is_empty() {
        selection.clear();
        return false;
    }
    fresh.dragging = Some(p);
    *selection = fresh;
    true
}

// Picking observers: thin translations from pointer events to `BoardInput`,
// attached to each point and the surface as the view spawns them.

fn listen_to_point(add: On<Add, BoardPoint>, mut commands: Commands) {
    commands
        .entity(add.entity)
        .observe(on_point_press)
        .observe(on_point_click)
        .observe(on_point_drag)
        .observe(on_point_drop)
        .observe(on_point_drag_end);
}

fn listen_to_surface(add: On<Add, BoardSurface>, mut commands: Commands) {
    commands.entity(add.entity).observe(
        |_: On<Pointer<Press>>, mut input: MessageWriter<BoardInput>| {
            input.write(BoardInput::Background);
        },
    );
}

fn point_of(points: &Query<&BoardPoint>, e: Entity) -> Option<Point> {
    points.get(e).ok().map(|b| b.0)
}

fn on_point_press(
    event: On<Pointer<Press>>,
    points: Query<&BoardPoint>,
    mut input: MessageWriter<BoardInput>,
) {
    if event.button != PointerButton::Primary {
        input.write(BoardInput::Background);
        return;
    }
    if let Some(p) = point_of(&points, event.entity) {
        input.write(BoardInput::Press(p));
    }
}

fn on_point_click(
    event: On<Pointer<Click>>,
    points: Query<&BoardPoint>,
    mut input: MessageWriter<BoardInput>,
) {
    if event.button != PointerButton::Primary {
        return;
    }
    if let Some(p) = point_of(&points, event.entity) {
        input.write(BoardInput::Click(p));
    }
}

fn on_point_drag(
    event: On<Pointer<Drag>>,
    selection: Res<Selection>,
    points: Query<&BoardPoint>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    windows: Query<(), With<PrimaryWindow>>,
    mut cursor: ResMut<DragCursor>,
) {
    let dragged = point_of(&points, event.entity);
    if dragged.is_none() || selection.dragging != dragged || windows.is_empty() {
        return;
    }
    let Ok((camera, transform)) = cameras.single() else {
        return;
    };
    if let Ok(world) = camera.viewport_to_world_2d(transform, event.pointer_location.position) {
        cursor.0 = Some(world);
    }
}

fn on_point_drop(
    event: On<Pointer<DragDrop>>,
    points: Query<&BoardPoint>,
    mut input: MessageWriter<BoardInput>,
) {
    if let (Some(from), Some(to)) = (
        point_of(&points, event.dropped),
        point_of(&points, event.entity),
    ) {
        input.write(BoardInput::Drop { from, to });
    }
}

fn on_point_drag_end(
    event: On<Pointer<DragEnd>>,
    points: Query<&BoardPoint>,
    mut input: MessageWriter<BoardInput>,
) {
    if let Some(p) = point_of(&points, event.entity) {
        input.write(BoardInput::DragEnd(p));
    }
}
