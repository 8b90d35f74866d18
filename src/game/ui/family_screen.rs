//! The screen of a hunt-family game: the board painted from the game
//! file's points (`family_board`), moves by clicking (a piece, then where
//! it goes, hop by hop for a capture chain; a point to place on), each move
//! animated, and a panel with the sides, the hands, the moves played and
//! the game's buttons. The game itself is `play::family::FamilyMatch`;
//! this page only shows it and sends [`FamilyIntent`]s and
//! [`FamilyCommand`]s.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};

use super::family_board::{self, Fit, Leaving, Marks, Moving, Pictures};
use super::family_puzzle_panel::{self, FamilyPuzzleUi};
use super::family_words::{side_title, words};
use super::rules_page;
use super::theme::{self, GOLD, INK, MUTED, PANEL_FILL};
use super::{level_name, player_label};
use crate::game::board::audio::{Cue, PlaySound};
use crate::game::board::skin::data::{PieceArt, SkinData};
use crate::game::board::skin::{SkinCatalog, builtin, loader::Skin};
use crate::game::common::i18n::{I18n, Msg};
use crate::game::common::redraw::NextFrame;
use crate::game::common::screens::Screen;
use crate::game::play::family::{
    FamilyAi, FamilyCommand, FamilyIntent, FamilyMatch, FamilyPlay, Pick, Picking,
};
use crate::game::play::match_state::Player;
use crate::rules::family::{HuntMove, HuntMoveKind, HuntReason, Ruleset};
use crate::rules::{GameId, Side};

/// Seconds a step takes on the board, and a capture's hop.
const STEP_SECS: f64 = 0.16;
const HOP_SECS: f64 = 0.22;
const PLACE_SECS: f64 = 0.18;
/// Below this window width the panel goes under the board.
const NARROW: f32 = 760.0;

/// What the family screen remembers between frames.
#[derive(Resource, Default)]
pub struct FamilyView {
    /// The piece picked up and the hops chosen so far.
    picking: Picking,
    /// The generation of the game last drawn.
    shown: Option<u64>,
    animation: Option<Animation>,
    /// Loaded pictures by path, with their egui ids.
    textures: HashMap<String, (Handle<Image>, egui::TextureId)>,
    pub rules_open: bool,
    names: bool,
    /// A line for the player about their last click.
    hint: Option<Msg>,
}

struct Animation {
    mv: HuntMove,
    side: Side,
    captured: Vec<u8>,
    started: f64,
}

impl Animation {
    fn duration(&self) -> f64 {
        match self.mv.kind {
            HuntMoveKind::Place => PLACE_SECS,
            HuntMoveKind::Step => STEP_SECS,
            HuntMoveKind::Jump => HOP_SECS * self.mv.landings().len() as f64,
            HuntMoveKind::Pass => 0.0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FamilyView>();
}

/// Everything the screen reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct FamilyUi<'w, 's> {
    contexts: EguiContexts<'w, 's>,
    family: Res<'w, FamilyMatch>,
    ai: Res<'w, FamilyAi>,
    view: ResMut<'w, FamilyView>,
    i18n: Res<'w, I18n>,
    intents: MessageWriter<'w, FamilyIntent>,
    commands: MessageWriter<'w, FamilyCommand>,
    screen: ResMut<'w, NextState<Screen>>,
    next_frame: ResMut<'w, NextFrame>,
    catalog: Res<'w, SkinCatalog>,
    skins: Res<'w, Assets<Skin>>,
    images: Res<'w, Assets<Image>>,
    server: Res<'w, AssetServer>,
    sounds: MessageWriter<'w, PlaySound>,
    puzzles: FamilyPuzzleUi<'w>,
}

/// A side named as a whole: the one piece when it has one, else the many.
fn side_noun(i18n: &I18n, rules: &Ruleset, side: Side) -> String {
    side_title(i18n, rules, side, pieces_of(rules, side) == 1)
}

fn pieces_of(rules: &Ruleset, side: Side) -> u32 {
    let spec = match side {
        Side::Hunters => &rules.file.hunters,
        Side::Crowd => &rules.file.crowd,
    };
    spec.start.split_whitespace().count() as u32 + spec.in_hand as u32
}

pub(super) fn family_screen(mut f: FamilyUi) -> Result {
    let ctx = f.contexts.ctx_mut()?.clone();
    let Some(play) = f.family.play.clone() else {
        f.screen.set(Screen::Menu);
        return Ok(());
    };
    let skin = skin_data(&f, &play.skin);
    let pictures = pictures(&mut f, &skin);
    let now = ctx.input(|i| i.time);
    if let Some(cues) = follow_the_game(&mut f.view, &play, now) {
        f.sounds.write_batch(cues);
    }

    let screen = ctx.viewport_rect();
    let narrow = screen.width() < NARROW;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "family_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    let panel_frame = egui::Frame::new()
        .fill(PANEL_FILL)
        .inner_margin(egui::Margin::same(12));
    let side_panel = if narrow {
        egui::Panel::bottom("family_panel").exact_size(screen.height() * 0.42)
    } else {
        egui::Panel::right("family_panel").exact_size(320.0)
    };
    side_panel
        .frame(panel_frame)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| panel(ui, &mut f, &play, &skin, &pictures))
        });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(&mut root, |ui| {
            board(ui, &mut f, &play, &skin, &pictures, now)
        });
    if f.view.rules_open {
        let mut open = true;
        let screen = ctx.viewport_rect();
        egui::Window::new(f.i18n.tr("rules-title"))
            .id(egui::Id::new("family-rules-window"))
            .open(&mut open)
            .collapsible(false)
            .vscroll(false)
            .default_pos(screen.min + egui::vec2(16.0, 16.0))
            .default_size(egui::vec2(
                (screen.width() - 340.0).clamp(300.0, 900.0),
                screen.height() - 60.0,
            ))
            .max_width(screen.width() - 12.0)
            .show(&ctx, |ui| {
                if let Some(game) = crate::rules::GameId::find(play.rules().id()) {
                    rules_page::rules_page(ui, &f.i18n, game);
                }
            });
        f.view.rules_open = open;
    }
    if f.view.animation.is_some() {
        f.next_frame.now();
    }
    Ok(())
}

/// Starts the animation of a move just made (and returns its sounds), and
/// forgets a selection made for an older position.
fn follow_the_game(view: &mut FamilyView, play: &FamilyPlay, now: f64) -> Option<Vec<PlaySound>> {
    if view.shown == Some(play.generation) {
        if view
            .animation
            .as_ref()
            .is_some_and(|a| now - a.started >= a.duration())
        {
            view.animation = None;
        }
        return None;
    }
    let first_look = view.shown.is_none();
    view.shown = Some(play.generation);
    view.picking = Picking::default();
    view.hint = None;
    view.animation = play.last.as_ref().map(|last| Animation {
        mv: last.mv,
        side: last.side,
        captured: last.captured.clone(),
        started: now,
    });
    if first_look {
        return None;
    }
    let mut cues = Vec::new();
    if let Some(a) = &view.animation {
        let hop = match a.mv.kind {
            HuntMoveKind::Place => {
                cues.push(PlaySound::now(Cue::Place));
                PLACE_SECS
            }
            HuntMoveKind::Step => {
                cues.push(PlaySound::now(Cue::Step));
                STEP_SECS
            }
            HuntMoveKind::Jump => HOP_SECS,
            HuntMoveKind::Pass => 0.0,
        };
        // Each captured piece sounds as the mover lands beyond it.
        for k in 0..a.captured.len() {
            cues.push(PlaySound {
                cue: Cue::Capture,
                delay: (hop * (k + 1) as f64) as f32,
            });
        }
        if play.is_over() {
            let people: Vec<Side> = [Side::Hunters, Side::Crowd]
                .into_iter()
                .filter(|s| play.player(*s) == Player::Human)
                .collect();
            let lost = people.len() == 1 && play.winner() != Some(people[0]);
            cues.push(PlaySound {
                cue: if lost { Cue::Loss } else { Cue::Win },
                delay: a.duration() as f32 + 0.1,
            });
        }
    }
    Some(cues)
}

/// The chosen skin's data, once loaded; the built-in classic look until then.
fn skin_data(f: &FamilyUi, name: &str) -> SkinData {
    f.catalog
        .skins
        .iter()
        .find(|e| e.name == name)
        .and_then(|e| f.skins.get(&e.handle))
        .map(|s| s.0.clone())
        .unwrap_or_else(|| builtin::builtin_skin(GameId::named("pirates")))
}

/// The skin's pictures as egui textures, those loaded so far.
fn pictures(f: &mut FamilyUi, skin: &SkinData) -> Pictures {
    let mut texture = |path: Option<&String>| -> Option<egui::TextureId> {
        let path = path?;
        if !f.view.textures.contains_key(path) {
            let handle: Handle<Image> = f.server.load(path.clone());
            let id = f
                .contexts
                .add_image(EguiTextureHandle::Strong(handle.clone()));
            f.view.textures.insert(path.clone(), (handle, id));
        }
        let (handle, id) = &f.view.textures[path];
        f.images.get(handle).map(|_| *id)
    };
    let piece = |side: Side| match &skin.side(side).piece {
        PieceArt::Image(path) => Some(path.clone()),
        PieceArt::Shape(_) => None,
    };
    let pieces = [
        texture(piece(Side::Hunters).as_ref()),
        texture(piece(Side::Crowd).as_ref()),
    ];
    let surface = texture(skin.board.surface.image.as_ref());
    let background = texture(skin.background.image.as_ref());
    let all_in = [&pieces[0], &pieces[1], &surface, &background]
        .iter()
        .all(|t| t.is_some());
    if !all_in {
        f.next_frame
            .within(crate::game::common::redraw::LOADING_PULSE);
    }
    Pictures {
        pieces,
        surface,
        background,
    }
}

/// The moves a person may make now (none while the computer moves or a
/// move is still being drawn).
fn human_moves(f: &FamilyUi, play: &FamilyPlay) -> Vec<HuntMove> {
    if !play.human_to_move() || f.view.animation.is_some() {
        return Vec::new();
    }
    play.game.legal_moves()
}

fn board(
    ui: &mut egui::Ui,
    f: &mut FamilyUi,
    play: &FamilyPlay,
    skin: &SkinData,
    pictures: &Pictures,
    now: f64,
) {
    let rect = ui.max_rect();
    let painter = ui.painter_at(rect);
    family_board::paint_table(&painter, skin, pictures, rect);
    let rules = play.rules();
    let fit = Fit::new(rules, rect.shrink(12.0));
    let moves = human_moves(f, play);
    let response = ui.interact(rect, ui.id().with("family-board"), egui::Sense::click());
    if response.clicked()
        && let Some(pointer) = response.interact_pointer_pos()
    {
        match fit.point_at(rules, pointer) {
            Some(p) => click(f, play, &moves, p),
            None => f.view.picking = Picking::default(),
        }
    }
    let marks = marks(f, play, &moves);
    let (pieces, moving, leaving) = animated(f, play, &fit, now);
    family_board::paint_board(
        &painter, rules, &fit, skin, pictures, pieces, &marks, moving, &leaving,
    );
}

/// The pieces where they stand, and the moving and leaving ones of the move
/// being animated.
fn animated(
    f: &FamilyUi,
    play: &FamilyPlay,
    fit: &Fit,
    now: f64,
) -> ([u64; 2], Option<Moving>, Vec<Leaving>) {
    let pieces = play.game.position().pieces;
    let Some(a) = &f.view.animation else {
        return (pieces, None, Vec::new());
    };
    let rules = play.rules();
    let t = ((now - a.started) / a.duration().max(1e-3)).clamp(0.0, 1.0) as f32;
    let ease = |x: f32| x * x * (3.0 - 2.0 * x);
    let moving = match a.mv.kind {
        HuntMoveKind::Pass => None,
        HuntMoveKind::Place => Some(Moving {
            side: a.side,
            to: a.mv.to(),
            at: fit.at(rules, a.mv.to()),
            grown: ease(t),
        }),
        HuntMoveKind::Step | HuntMoveKind::Jump => {
            let mut stops = vec![a.mv.from];
            stops.extend_from_slice(a.mv.landings());
            let hops = (stops.len() - 1) as f32;
            let along = t * hops;
            let i = (along.floor() as usize).min(stops.len() - 2);
            let within = ease(along - i as f32);
            let (p, q) = (fit.at(rules, stops[i]), fit.at(rules, stops[i + 1]));
            // A hop arcs a little, so a jump reads as a jump.
            let lift = if a.mv.kind == HuntMoveKind::Jump {
                (within * std::f32::consts::PI).sin() * 0.25 * fit.unit
            } else {
                0.0
            };
            Some(Moving {
                side: a.side,
                to: a.mv.to(),
                at: p.lerp(q, within) - egui::vec2(0.0, lift),
                grown: 1.0,
            })
        }
    };
    // Each captured piece goes as the mover passes over it.
    let hops = a.mv.landings().len().max(1) as f32;
    let leaving = a
        .captured
        .iter()
        .enumerate()
        .map(|(k, &p)| Leaving {
            side: a.side.other(),
            at: p,
            alpha: (1.0 - (t * hops - k as f32 - 0.5).clamp(0.0, 0.5) * 2.0).clamp(0.0, 1.0),
        })
        .collect();
    (pieces, moving, leaving)
}

/// The selection, the targets and the trail of the last move.
fn marks(f: &FamilyUi, play: &FamilyPlay, moves: &[HuntMove]) -> Marks {
    let mut marks = Marks {
        selected: f.view.picking.selected,
        path: f.view.picking.path.clone(),
        names: f.view.names,
        targets: f.view.picking.targets(moves),
        ..Marks::default()
    };
    if let Some(mv) = f.puzzles.session.active().and_then(|a| a.hint()) {
        if mv.kind != HuntMoveKind::Place {
            marks.hint.push(mv.from);
        }
        marks.hint.extend_from_slice(mv.landings());
    }
    if f.view.animation.is_none()
        && let Some(last) = &play.last
        && last.mv.kind != HuntMoveKind::Pass
    {
        if last.mv.kind != HuntMoveKind::Place {
            marks.last.push(last.mv.from);
        }
        marks.last.extend_from_slice(last.mv.landings());
    }
    marks
}

/// A click on point `p`: a move to send, or a new selection.
fn click(f: &mut FamilyUi, play: &FamilyPlay, moves: &[HuntMove], p: u8) {
    if moves.is_empty() {
        return;
    }
    let own = play.game.position().pieces[play.side_to_move().index()];
    match f.view.picking.click(moves, own, p) {
        Pick::Play(mv) => {
            f.intents.write(FamilyIntent {
                mv,
                generation: play.generation,
            });
            f.view.hint = None;
        }
        Pick::Picked(hint) => f.view.hint = hint.map(Msg::new),
    }
}

fn panel(
    ui: &mut egui::Ui,
    f: &mut FamilyUi,
    play: &FamilyPlay,
    skin: &SkinData,
    pictures: &Pictures,
) {
    let i18n = &*f.i18n;
    let rules = play.rules();
    // Under the board on a phone, the name stays and the origin goes: the
    // turn and the buttons come first there.
    let under_the_board = ui.ctx().viewport_rect().width() < NARROW;
    ui.label(
        egui::RichText::new(words(i18n, &rules.file.name))
            .size(if under_the_board { 19.0 } else { 24.0 })
            .color(GOLD)
            .strong(),
    );
    if !under_the_board {
        theme::note(ui, words(i18n, &rules.file.origin));
    }
    ui.add_space(if under_the_board { 2.0 } else { 8.0 });
    if let Some(solver) = f.puzzles.session.active().map(|a| a.solver) {
        let side = side_noun(&f.i18n, play.rules(), solver);
        family_puzzle_panel::puzzle_section(ui, &f.i18n, &mut f.puzzles, &side);
        return;
    }
    status(ui, f, play);
    ui.add_space(8.0);
    for side in [Side::Hunters, Side::Crowd] {
        side_row(ui, f, play, skin, pictures, side);
    }
    ui.add_space(6.0);
    let i18n = &*f.i18n;
    if let Some(hint) = &f.view.hint {
        theme::note(ui, i18n.msg(hint));
    }
    let pass = play.human_to_move()
        && play
            .game
            .legal_moves()
            .iter()
            .any(|m| m.kind == HuntMoveKind::Pass);
    if pass && ui.button(i18n.tr("family-pass")).clicked() {
        f.intents.write(FamilyIntent {
            mv: HuntMove::pass(),
            generation: play.generation,
        });
    }
    ui.separator();
    buttons(ui, f, play);
    ui.separator();
    move_list(ui, f, play);
}

fn status(ui: &mut egui::Ui, f: &FamilyUi, play: &FamilyPlay) {
    let i18n = &*f.i18n;
    let rules = play.rules();
    let text = if play.is_over() {
        result_text(i18n, play)
    } else {
        let side = play.side_to_move();
        let name = side_noun(i18n, rules, side);
        let id = if f.ai.thinking() {
            "family-status-thinking"
        } else if play.game.position().in_hand[side.index()] > 0 {
            "family-status-place"
        } else {
            "family-status-move"
        };
        i18n.msg(&Msg::new(id).text("side", name))
    };
    let colour = if play.is_over() { GOLD } else { INK };
    ui.label(egui::RichText::new(text).size(17.0).color(colour));
}

/// "The vulture wins: the crows cannot move", or the draw and its reason.
pub fn result_text(i18n: &I18n, play: &FamilyPlay) -> String {
    let rules = play.rules();
    let name = |side: Side| side_noun(i18n, rules, side);
    let lower = |side: Side| name(side).to_lowercase();
    if let Some(loser) = play.resigned {
        return i18n.msg(
            &Msg::new("family-result-resigned")
                .text("winner", name(loser.other()))
                .text("loser", name(loser)),
        );
    }
    let Some(outcome) = play.outcome else {
        return String::new();
    };
    let (id, side) = match outcome.reason {
        HuntReason::CrowdTooFew => ("family-reason-crowd-too-few", Side::Crowd),
        HuntReason::RegionFilled => ("family-reason-region-filled", Side::Crowd),
        HuntReason::RegionReached(side) => ("family-reason-region-reached", side),
        HuntReason::Outlasted(side) => ("family-reason-outlasted", side),
        HuntReason::NoMoves(side) => ("family-reason-no-moves", side),
        HuntReason::QuietLimit => ("family-reason-quiet-limit", Side::Crowd),
        HuntReason::Repetition => ("family-reason-repetition", Side::Crowd),
    };
    let reason = i18n.msg(&Msg::new(id).text("side", lower(side)));
    let head = match outcome.winner {
        Some(w) => i18n.msg(&Msg::new("family-result-win").text("winner", name(w))),
        None => i18n.tr("family-result-draw"),
    };
    format!("{head}: {reason}")
}

fn side_row(
    ui: &mut egui::Ui,
    f: &FamilyUi,
    play: &FamilyPlay,
    skin: &SkinData,
    pictures: &Pictures,
    side: Side,
) {
    let i18n = &*f.i18n;
    let rules = play.rules();
    let pos = play.game.position();
    let on_board = pos.pieces[side.index()].count_ones();
    let in_hand = pos.in_hand[side.index()] as u32;
    let lost = pieces_of(rules, side).saturating_sub(on_board + in_hand);
    let to_move = !play.is_over() && play.side_to_move() == side;
    egui::Frame::new()
        .fill(if to_move {
            egui::Color32::from_rgb(66, 48, 34)
        } else {
            egui::Color32::TRANSPARENT
        })
        .corner_radius(6.0)
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(34.0, 34.0), egui::Sense::hover());
                family_board::paint_piece(
                    ui.painter(),
                    skin,
                    pictures,
                    rules,
                    side,
                    rect.center(),
                    36.0,
                    1.0,
                );
                ui.vertical(|ui| {
                    ui.label(
                        egui::RichText::new(side_noun(i18n, rules, side))
                            .color(GOLD)
                            .strong(),
                    );
                    ui.label(
                        egui::RichText::new(player_label(i18n, play.player(side)))
                            .color(MUTED)
                            .size(13.0),
                    );
                });
            });
            let mut counts = vec![i18n.msg(&Msg::new("family-count-board").num("count", on_board))];
            if in_hand > 0 {
                counts.push(i18n.msg(&Msg::new("family-count-hand").num("count", in_hand)));
            }
            if lost > 0 {
                counts.push(i18n.msg(&Msg::new("family-count-lost").num("count", lost)));
            }
            theme::note(ui, counts.join(" · "));
        });
}

fn buttons(ui: &mut egui::Ui, f: &mut FamilyUi, play: &FamilyPlay) {
    let i18n = &*f.i18n;
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                play.can_undo(),
                egui::Button::new(format!("⟲ {}", i18n.tr("family-undo"))),
            )
            .clicked()
        {
            f.commands.write(FamilyCommand::Undo);
        }
        if ui
            .button(format!("🔄 {}", i18n.tr("family-restart")))
            .clicked()
        {
            f.commands.write(FamilyCommand::Restart);
        }
        if ui
            .add_enabled(
                play.human_to_move(),
                egui::Button::new(format!("⚑ {}", i18n.tr("family-resign"))),
            )
            .clicked()
        {
            f.commands.write(FamilyCommand::Resign);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(i18n.tr("family-rules")).clicked() {
            f.view.rules_open = !f.view.rules_open;
        }
        ui.checkbox(&mut f.view.names, i18n.tr("family-names"));
        if ui.button(format!("☰ {}", i18n.tr("family-menu"))).clicked() {
            f.screen.set(Screen::Menu);
        }
    });
    let levels: Vec<String> = play
        .players
        .iter()
        .filter_map(|p| match p {
            Player::Ai(level) => Some(level_name(i18n, *level)),
            _ => None,
        })
        .collect();
    if !levels.is_empty() {
        theme::note(ui, i18n.tr("family-ai-note"));
    }
    family_puzzle_panel::puzzles_button(ui, i18n, &mut f.puzzles, play);
}

fn move_list(ui: &mut egui::Ui, f: &FamilyUi, play: &FamilyPlay) {
    let i18n = &*f.i18n;
    let rules = play.rules();
    theme::section(ui, i18n.tr("family-moves"));
    let moves: Vec<String> = play.game.moves().map(|m| rules.move_text(m)).collect();
    if moves.is_empty() {
        theme::note(ui, i18n.tr("family-no-moves-yet"));
        return;
    }
    let mut line = String::new();
    let mut lines = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if i % 2 == 0 {
            line = format!("{:>3}. {text}", i / 2 + 1);
        } else {
            line.push_str(&format!("   {text}"));
        }
        if i % 2 == 1 || i + 1 == moves.len() {
            lines.push(std::mem::take(&mut line));
        }
    }
    egui::ScrollArea::vertical()
        .id_salt("family-moves")
        .max_height(220.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for l in lines {
                ui.label(egui::RichText::new(l).monospace().size(14.0));
            }
        });
}
