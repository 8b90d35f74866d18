//! The side panel keeps within the window: the widgets egui reports to
//! AccessKit (what a screen reader gets, with each one's bounds) all lie
//! inside a 1280 × 800 window, for a game whose move list is at its
//! widest: Gioco dell'Orso's two-round match, whose hunters place three
//! pieces in one turn, analysed (a grade's mark beside every move) and
//! reviewed in round one; and none of its moves lies over another.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use stronghold::coach::GameAnalyser;
use stronghold::game::common::screens::Screen;
use stronghold::game::play::match_state::{Match, MatchCommand, Player};
use stronghold::rules::{Game, GameId, Variant};

use crate::keyboard_menus::{app_at, tree};

const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// Round one to the bear shut in, and round two's first moves.
const MOVES: &str = "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 \
     a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7 @c4 @d3 @e4 \
     d4-d5 c4-d4 d5-d7";

/// The window's size, given to egui each frame (the headless app has none).
fn window_size(mut inputs: Query<&mut EguiInput>) {
    for mut input in &mut inputs {
        input.screen_rect = Some(egui::Rect::from_min_size(egui::Pos2::ZERO, WINDOW));
    }
}

fn analysed_match() -> Match {
    let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
    game.play_text(MOVES).expect("legal moves");
    // Small searches: the grades' marks are what widen the list.
    let analysis = GameAnalyser::new(&game, crate::game_analysis::quick(), None)
        .run_to_end()
        .clone();
    let mut the_match = Match::from_game(game, Match::players(Player::Human, Player::Human));
    the_match.set_analysis(Some(Arc::new(analysis)));
    the_match
}

#[test]
fn an_analysed_match_with_three_placements_a_turn_keeps_within_the_window() {
    let mut app = app_at(Screen::Game);
    app.add_systems(
        PreUpdate,
        window_size
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
    app.insert_resource(analysed_match());
    app.world_mut()
        .write_message(MatchCommand::Review(Some(18)));
    // egui sizes a grid's columns from the frame before.
    for _ in 0..6 {
        app.update();
    }
    let tree = tree(&mut app);
    let bounds = |label: &str| {
        tree.nodes
            .iter()
            .find(|(_, n)| n.label().is_some_and(|l| l.starts_with(label)))
            .and_then(|(_, n)| n.bounds())
            .unwrap_or_else(|| panic!("no `{label}` with bounds"))
    };
    // The list's widest row: the three placements, then the bear's move.
    let placement = bounds("@e4");
    let reply = bounds("d4-d5");
    assert!(placement.x0 > WINDOW.x as f64 / 2.0, "{placement:?}");
    let past: Vec<String> = tree
        .nodes
        .iter()
        .filter_map(|(_, n)| Some((n.label()?.to_string(), n.bounds()?)))
        .filter(|(_, b)| b.x1 > WINDOW.x as f64 + 0.5)
        .map(|(label, b)| format!("{label:?} to x = {:.0}", b.x1))
        .collect();
    assert!(past.is_empty(), "past the window's right edge: {past:?}");
    assert!(reply.x1 <= WINDOW.x as f64, "{reply:?}");
    // The three placements' turn takes more than a line: none of the
    // list's moves lies over another.
    let moves: Vec<(&str, _)> = tree
        .nodes
        .iter()
        .filter_map(|(_, n)| Some((n.label()?, n.bounds()?)))
        .filter(|(label, _)| label.ends_with('●') || label.starts_with('@'))
        .collect();
    assert!(moves.len() >= 30, "{moves:?}");
    for (i, (a, ra)) in moves.iter().enumerate() {
        for (b, rb) in &moves[i + 1..] {
            let apart = ra.x1 <= rb.x0 || rb.x1 <= ra.x0 || ra.y1 <= rb.y0 || rb.y1 <= ra.y0;
            assert!(apart, "{a} {ra:?} lies over {b} {rb:?}");
        }
    }
}
