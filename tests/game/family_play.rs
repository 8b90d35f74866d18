//! A hunt-family game in the headless app, as a player plays it: clicks
//! pick a piece and its hops (a chain stopped where it may stop), the
//! computer answers with legal moves, take-back returns to the player's
//! move, and a stale move is refused.

use std::sync::Arc;

use bevy::prelude::NextState;
use std::time::{Duration, Instant};

use stronghold::ai::Level;
use stronghold::game::common::screens::Screen;
use stronghold::game::headless_app;
use stronghold::game::play::family::{
    FamilyCommand, FamilyIntent, FamilyMatch, FamilyPlay, Pick, Picking,
};
use stronghold::game::play::match_state::Player;
use stronghold::rules::Side;
use stronghold::rules::family::{self, HuntGame, HuntMove, HuntPosition, Ruleset};

fn kaooa() -> Arc<Ruleset> {
    family::built_in("kaooa").expect("kaooa is built in")
}

fn point(rules: &Ruleset, name: &str) -> u8 {
    rules.graph.find(name).expect("a point of the board")
}

fn set(rules: &Ruleset, names: &str) -> u64 {
    names
        .split_whitespace()
        .fold(0, |s, n| s | 1 << point(rules, n))
}

/// Kaooa with the vulture on e5 to move, crows on f4 and e2 (both can go in
/// one chain: e5 over f4 to g3, then over e2 to b1) and on a4.
fn chain_position(rules: &Arc<Ruleset>) -> HuntGame {
    let position = HuntPosition {
        pieces: [set(rules, "e5"), set(rules, "f4 e2 a4")],
        in_hand: [0, 0],
        side_to_move: Side::Hunters,
        quiet_plies: 0,
        moves_made: [1, 3],
        hash: 0,
    };
    HuntGame::at(rules.clone(), position)
}

#[test]
fn a_chain_that_may_stop_is_stopped_by_clicking_the_piece_again() {
    let rules = kaooa();
    let game = chain_position(&rules);
    let moves = game.legal_moves();
    let own = game.position().pieces[0];
    let p = |name| point(&rules, name);
    let mut picking = Picking::default();
    assert_eq!(picking.click(&moves, own, p("e5")), Pick::Picked(None));
    assert_eq!(picking.targets(&moves) & (1 << p("g3")), 1 << p("g3"));
    // g3 ends one capture and starts another: the game asks which.
    assert_eq!(
        picking.click(&moves, own, p("g3")),
        Pick::Picked(Some("family-hint-stop-or-go-on"))
    );
    assert_eq!(picking.targets(&moves), 1 << p("b1"));
    // An unrelated point does not drop the half-chosen chain.
    assert_eq!(
        picking.click(&moves, own, p("a4")),
        Pick::Picked(Some("family-hint-finish-chain"))
    );
    let mut stop = picking.clone();
    assert_eq!(
        stop.click(&moves, own, p("g3")),
        Pick::Play(HuntMove::jump(p("e5"), &[p("g3")]))
    );
    assert_eq!(
        picking.click(&moves, own, p("b1")),
        Pick::Play(HuntMove::jump(p("e5"), &[p("g3"), p("b1")]))
    );
    assert_eq!(picking, Picking::default());
}

#[test]
fn placing_takes_one_click_and_a_piece_of_the_other_side_is_not_picked() {
    let rules = kaooa();
    let game = HuntGame::new(rules.clone());
    let moves = game.legal_moves();
    let mut picking = Picking::default();
    // Every empty point is a target for the vulture's placement.
    assert_eq!(picking.targets(&moves), rules.graph.all());
    let d4 = point(&rules, "d4");
    assert_eq!(
        picking.click(&moves, 0, d4),
        Pick::Play(HuntMove::place(d4))
    );
    // A crow on a point is not the vulture's to pick up.
    let mut game = game;
    game.play(&HuntMove::place(d4)).expect("legal");
    game.play(&HuntMove::place(point(&rules, "c3")))
        .expect("legal");
    let moves = game.legal_moves();
    let own = game.position().pieces[0];
    let mut picking = Picking::default();
    assert_eq!(
        picking.click(&moves, own, point(&rules, "c3")),
        Pick::Picked(None)
    );
    assert_eq!(picking.selected, None);
    assert_eq!(picking.click(&moves, own, d4), Pick::Picked(None));
    assert_eq!(picking.selected, Some(d4));
}

/// A headless app on the family screen, playing Kaooa: the computer's
/// vulture against a person's crows.
fn app_with_kaooa() -> bevy::app::App {
    let mut app = headless_app();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Family);
    app.update();
    app.world_mut().write_message(FamilyCommand::Start {
        rules: kaooa(),
        players: [Player::Ai(Level::Easy), Player::Human],
        skin: "classic".to_string(),
    });
    app.update();
    app
}

fn play(app: &bevy::app::App) -> FamilyPlay {
    app.world()
        .resource::<FamilyMatch>()
        .play
        .clone()
        .expect("a family game")
}

fn frames_until(app: &mut bevy::app::App, what: &str, done: impl Fn(&FamilyPlay) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(&play(app)) {
        assert!(Instant::now() < deadline, "{what} did not happen in time");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn the_computer_answers_and_take_back_returns_to_the_player() {
    let mut app = app_with_kaooa();
    frames_until(&mut app, "the vulture's placement", |p| p.ply() == 1);
    let first = play(&app);
    assert_eq!(first.side_to_move(), Side::Crowd);
    let vulture = first.game.position().pieces[0];
    assert_eq!(vulture.count_ones(), 1);
    // The person places a crow on a free point.
    let free = (0..10u8)
        .find(|p| vulture & (1 << p) == 0)
        .expect("a point");
    app.world_mut().write_message(FamilyIntent {
        mv: HuntMove::place(free),
        generation: first.generation,
    });
    app.update();
    assert_eq!(play(&app).ply(), 2);
    // A move sent for an older state is refused.
    app.world_mut().write_message(FamilyIntent {
        mv: HuntMove::place(free),
        generation: first.generation,
    });
    app.update();
    assert_eq!(play(&app).ply(), 2);
    frames_until(&mut app, "the vulture's reply", |p| p.ply() == 3);
    // Every move made is legal from the start.
    let mut check = HuntGame::new(kaooa());
    for mv in play(&app).game.moves() {
        check.play(mv).expect("a legal move");
    }
    // Take back: to the crow's turn before the person's move.
    app.world_mut().write_message(FamilyCommand::Undo);
    app.update();
    let back = play(&app);
    assert_eq!(back.ply(), 1);
    assert_eq!(back.side_to_move(), Side::Crowd);
    app.world_mut().write_message(FamilyCommand::Restart);
    app.update();
    assert!(play(&app).ply() <= 1, "a new game, the computer to place");
}

#[test]
fn a_person_who_resigns_loses() {
    let mut app = app_with_kaooa();
    frames_until(&mut app, "the vulture's placement", |p| p.ply() == 1);
    app.world_mut().write_message(FamilyCommand::Resign);
    app.update();
    let p = play(&app);
    assert!(p.is_over());
    assert_eq!(p.winner(), Some(Side::Hunters));
    // Nothing is played after the end.
    let generation = p.generation;
    app.world_mut().write_message(FamilyIntent {
        mv: HuntMove::place(0),
        generation,
    });
    app.update();
    assert_eq!(play(&app).ply(), 1);
}
