//! Headless app tests of input: the game's plugins without a window, driven
//! by the same `BoardInput` messages the picking observers send.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use stronghold::game::board::input::{BoardInput, InputStatus, Selection};
use stronghold::game::board::pieces::{Piece, PieceAt};
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::ViewBusy;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MoveIntent, MoveSource, Player};
use stronghold::rules::{Game, GameId, Point, Side, Variant};

fn pt(name: &str) -> Point {
    Point::parse(name).expect("point name")
}

/// A headless app with both sides human and moves shown at once.
fn app_with(game: Game) -> App {
    let mut app = headless_app();
    app.insert_resource(Match::from_game(
        game,
        Match::players(Player::Human, Player::Human),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.update();
    app
}

fn send(app: &mut App, inputs: &[BoardInput]) {
    for input in inputs {
        app.world_mut().write_message(*input);
    }
    app.update();
}

fn click(app: &mut App, name: &str) {
    send(
        app,
        &[BoardInput::Press(pt(name)), BoardInput::Click(pt(name))],
    );
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// A chain position: the pirate on d6 jumps d5 to d4, then may go on over
/// c4 to b4 or over e4 to f4.
const BRANCH: &str = "pirates P2/1P1/3B3/2B1B2/B5B/BBB/BBB P 0/0 0 17";

#[test]
fn click_click_plays_a_step() {
    let mut app = app_with(Game::new(Variant::new(GameId::named("pirates"))));
    click(&mut app, "c4");
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.origin, Some(pt("c4")));
    assert_eq!(
        selection.next_targets(the_match(&app).game()),
        vec![pt("c5")]
    );
    click(&mut app, "c5");
    let m = the_match(&app);
    assert_eq!(m.game().ply(), 1);
    assert_eq!(m.game().move_text(m.game().last_move().unwrap()), "c4-c5");
    assert_eq!(m.game().position().piece_at(pt("c5")), Some(Side::Crowd));
    assert_eq!(m.side_to_move(), Side::Hunters);
    // The view followed: a crowd piece entity stands on c5 and none on c4.
    app.update();
    let mut q = app.world_mut().query::<(&Piece, &PieceAt)>();
    let at: Vec<(Side, Point)> = q.iter(app.world()).map(|(p, a)| (p.side, a.0)).collect();
    assert!(at.contains(&(Side::Crowd, pt("c5"))));
    assert!(!at.iter().any(|(_, p)| *p == pt("c4")));
    assert_eq!(at.len(), 26);
}

#[test]
fn drag_and_drop_plays_a_step() {
    let mut app = app_with(Game::new(Variant::new(GameId::named("pirates"))));
    send(
        &mut app,
        &[
            BoardInput::Press(pt("d4")),
            BoardInput::Drop {
                from: pt("d4"),
                to: pt("e5"),
            },
            BoardInput::DragEnd(pt("d4")),
        ],
    );
    let m = the_match(&app);
    assert_eq!(m.game().move_text(m.game().last_move().unwrap()), "d4-e5");
    assert!(app.world().resource::<Selection>().origin.is_none());
}

#[test]
fn illegal_attempt_changes_nothing() {
    let mut app = app_with(Game::new(Variant::new(GameId::named("pirates"))));
    let before = the_match(&app).game().position_string();
    click(&mut app, "c4");
    click(&mut app, "c7");
    // A drop off target too.
    send(
        &mut app,
        &[
            BoardInput::Press(pt("d4")),
            BoardInput::Drop {
                from: pt("d4"),
                to: pt("d6"),
            },
            BoardInput::DragEnd(pt("d4")),
        ],
    );
    let m = the_match(&app);
    assert_eq!(m.game().ply(), 0);
    assert_eq!(m.game().position_string(), before);
    assert!(app.world().resource::<InputStatus>().0.is_some());
    assert!(app.world().resource::<Selection>().origin.is_none());
    // Pressing the opponent's piece or an empty point does nothing either.
    click(&mut app, "c6");
    click(&mut app, "d7");
    assert_eq!(the_match(&app).game().ply(), 0);
}

#[test]
fn branching_chain_is_played_hop_by_hop() {
    let mut app = app_with(Game::from_position_string(BRANCH).unwrap());
    click(&mut app, "d6");
    // The routes share their first hop: only it is offered.
    let targets = |app: &App| {
        app.world()
            .resource::<Selection>()
            .next_targets(the_match(app).game())
    };
    assert_eq!(targets(&app), vec![pt("d4")]);
    click(&mut app, "d4");
    // At the branch: only the continuations, and nothing played yet.
    assert_eq!(the_match(&app).game().ply(), 0);
    assert_eq!(app.world().resource::<Selection>().path, vec![pt("d4")]);
    let mut next = targets(&app);
    next.sort();
    assert_eq!(next, vec![pt("b4"), pt("f4")]);
    click(&mut app, "b4");
    let m = the_match(&app);
    assert_eq!(
        m.game().move_text(m.game().last_move().unwrap()),
        "d6xd4xb4"
    );
    let pos = m.game().position();
    assert_eq!(pos.piece_at(pt("b4")), Some(Side::Hunters));
    assert_eq!(pos.piece_at(pt("d6")), None);
    assert_eq!(pos.piece_at(pt("d5")), None);
    assert_eq!(pos.piece_at(pt("c4")), None);
    assert_eq!(pos.piece_at(pt("e4")), Some(Side::Crowd));
    assert_eq!(pos.material(Side::Crowd), 9);
    assert_eq!(m.side_to_move(), Side::Crowd);
}

#[test]
fn a_route_with_one_ending_completes_with_one_click() {
    let mut app = app_with(Game::from_position_string(BRANCH).unwrap());
    click(&mut app, "d6");
    click(&mut app, "f4");
    assert_eq!(
        {
            let g = the_match(&app).game();
            g.move_text(g.last_move().unwrap())
        },
        "d6xd4xf4"
    );
}

#[test]
fn placements_are_one_click() {
    let mut app = app_with(Game::new(Variant::new(GameId::named("bagh-chal"))));
    click(&mut app, "c3");
    let m = the_match(&app);
    assert_eq!(m.game().move_text(m.game().last_move().unwrap()), "@c3");
    assert_eq!(m.game().position().in_hand[Side::Crowd.index()], 19);
}

#[test]
fn move_intents_are_validated_like_clicks() {
    let mut app = app_with(Game::new(Variant::new(GameId::named("pirates"))));
    // Typed text that parses but is not legal, and text that does not parse.
    let bad = the_match(&app).game().rules().parse_move("c4-c6").unwrap();
    app.world_mut().write_message(MoveIntent {
        mv: bad,
        source: MoveSource::Human,
    });
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
    assert!(the_match(&app).game().parse_move("zz").is_err());
    assert!(the_match(&app).game().parse_move("").is_err());
    // An AI answer for another generation is dropped.
    let good = the_match(&app).game().parse_move("c4-c5").unwrap();
    app.world_mut().write_message(MoveIntent {
        mv: good,
        source: MoveSource::Ai { generation: 99 },
    });
    app.update();
    assert_eq!(the_match(&app).game().ply(), 0);
}

#[test]
fn animated_chain_holds_input_until_it_lands() {
    let mut app = app_with(Game::from_position_string(BRANCH).unwrap());
    app.insert_resource(Settings {
        reduced_motion: false,
        ..Settings::default()
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    app.update();
    click(&mut app, "d6");
    click(&mut app, "b4");
    assert_eq!(the_match(&app).game().ply(), 1);
    app.update();
    assert!(app.world().resource::<ViewBusy>().0, "the chain animates");
    // A press while it plays waits for the landing, and is not lost.
    click(&mut app, "e4");
    assert!(app.world().resource::<Selection>().origin.is_none());
    for _ in 0..100 {
        app.update();
    }
    assert!(!app.world().resource::<ViewBusy>().0);
    assert_eq!(
        app.world().resource::<Selection>().origin,
        Some(pt("e4")),
        "the press held during the animation picks the piece up afterwards"
    );
    // The hunter landed where the match says, and the jumped pieces left the board.
    let layout = *app.world().resource::<BoardLayout>();
    let mut q = app.world_mut().query::<(&Piece, &PieceAt, &Transform)>();
    let pieces: Vec<(Side, Point, Vec3)> = q
        .iter(app.world())
        .map(|(p, a, t)| (p.side, a.0, t.translation))
        .collect();
    let hunter = pieces
        .iter()
        .find(|(_, p, _)| *p == pt("b4"))
        .expect("a piece on b4");
    assert_eq!(hunter.0, Side::Hunters);
    assert!(hunter.2.truncate().distance(layout.world(pt("b4"))) < 0.5);
    assert!(
        !pieces
            .iter()
            .any(|(_, p, _)| *p == pt("d5") || *p == pt("c4"))
    );
    assert_eq!(pieces.len(), 11);
}
