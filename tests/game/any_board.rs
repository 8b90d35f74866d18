//! A game on a board that is no grid (Kaooa's star) in the headless app, as
//! a player plays it: on the same board of entities, with the same input
//! and match as every game. A press picks a piece and its hops, a chain
//! that may stop is stopped by pressing the piece again, a placement is
//! one press, the computer answers with legal moves, take-back returns to
//! the player's move, and a resignation ends the game.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use stronghold::ai::Level;
use stronghold::game::board::input::{BoardInput, InputStatus, Selection};
use stronghold::game::board::pieces::{Leaving, Piece};
use stronghold::game::board::view::{BoardLayout, BoardPoint, CoordinateLabel};
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::ViewBusy;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MatchCommand, Player};
use stronghold::rules::{Game, GameId, Point, Rules, Side, Variant};

fn kaooa() -> Variant {
    Variant::new(GameId::named("kaooa"))
}

fn point(name: &str) -> Point {
    Rules::of(kaooa())
        .board()
        .find(name)
        .expect("a point of the star")
}

/// Kaooa with the vulture on e5 to move, crows on f4 and e2 (both can go
/// in one chain: e5 over f4 to g3, then over e2 to b1) and on a4.
fn chain_position() -> Game {
    let rules = Rules::of(kaooa());
    let set = |names: &str| rules.board().set(names).expect("points of the star");
    let position = rules.position([set("e5"), set("f4 e2 a4")], Side::Hunters, [0, 0], 0, None);
    Game::from_position(kaooa(), position)
}

/// A headless app playing `game`, with these players and moves shown at once.
fn app_with(game: Game, players: [Player; 2]) -> App {
    let mut app = headless_app();
    app.insert_resource(Match::from_game(game, players));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.update();
    app
}

fn press(app: &mut App, name: &str) {
    app.world_mut()
        .write_message(BoardInput::Press(point(name)));
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn last_move(app: &App) -> Option<String> {
    let game = the_match(app).game();
    game.last_move().map(|m| game.move_text(m))
}

/// The coordinate labels' texts, sorted.
fn coordinate_labels(app: &mut App) -> Vec<String> {
    let mut labels = app
        .world_mut()
        .query_filtered::<&Name, With<CoordinateLabel>>();
    let mut texts: Vec<String> = labels
        .iter(app.world())
        .map(|n| n.as_str().trim_start_matches("coordinate ").to_string())
        .collect();
    texts.sort();
    texts
}

/// The star's files c and d (and f and g) stand too close for letters
/// below the board: each point is named beside it. A grid keeps its files
/// below and ranks left.
#[test]
fn the_star_names_each_point_where_a_grid_names_files_and_ranks() {
    let mut app = app_with(Game::new(kaooa()), [Player::Human; 2]);
    app.update();
    let rules = Rules::of(kaooa());
    let board = rules.board();
    let mut names: Vec<String> = board.points.map(|p| board.name(p).to_string()).collect();
    names.sort();
    assert_eq!(coordinate_labels(&mut app), names);

    let pirates = Variant::new(GameId::named("pirates"));
    let mut app = app_with(Game::new(pirates), [Player::Human; 2]);
    app.update();
    let expected: Vec<String> = "1 2 3 4 5 6 7 a b c d e f g"
        .split(' ')
        .map(String::from)
        .collect();
    assert_eq!(coordinate_labels(&mut app), expected);
}

/// The board's meshes named "capture tray" (its edge and its inside).
fn tray_parts(app: &mut App) -> usize {
    let mut names = app.world_mut().query::<&Name>();
    names
        .iter(app.world())
        .filter(|n| n.as_str() == "capture tray")
        .count()
}

/// A game where the hunters capture has a tray beside the board for the
/// pieces taken; one where nobody captures (Haretavl) has none, rather
/// than an empty frame that never fills.
#[test]
fn only_a_game_with_captures_draws_a_tray() {
    let mut app = app_with(Game::new(kaooa()), [Player::Human; 2]);
    app.update();
    assert_eq!(tray_parts(&mut app), 2, "Kaooa's tray: edge and inside");
    let haretavl = Variant::new(GameId::named("haretavl"));
    assert!(!Rules::of(haretavl).captures());
    let mut app = app_with(Game::new(haretavl), [Player::Human; 2]);
    app.update();
    assert_eq!(tray_parts(&mut app), 0, "no tray where nobody captures");
}

#[test]
fn the_star_is_drawn_as_entities_at_its_points() {
    let mut app = app_with(Game::new(kaooa()), [Player::Human; 2]);
    app.update();
    let layout = *app.world().resource::<BoardLayout>();
    assert_eq!(layout.game, GameId::named("kaooa"));
    let mut points = app.world_mut().query::<&BoardPoint>();
    assert_eq!(
        points.iter(app.world()).count(),
        10,
        "ten points on the star"
    );
    // Every point is drawn somewhere else.
    let spots: Vec<Vec2> = layout.points.map(|p| layout.world(p)).collect();
    for (i, a) in spots.iter().enumerate() {
        assert!(spots[..i].iter().all(|b| b.distance(*a) > 1.0), "{spots:?}");
    }
}

#[test]
fn a_chain_that_may_stop_is_stopped_by_pressing_the_piece_again() {
    let mut app = app_with(chain_position(), [Player::Human; 2]);
    press(&mut app, "e5");
    press(&mut app, "g3");
    // g3 ends one capture and starts another: the game says both may be.
    assert_eq!(app.world().resource::<Selection>().path, vec![point("g3")]);
    let status = app.world().resource::<InputStatus>().0.clone();
    assert_eq!(
        status.map(|m| m.id.to_string()).as_deref(),
        Some("input-stop-or-go-on")
    );
    press(&mut app, "g3");
    assert_eq!(last_move(&app).as_deref(), Some("e5xg3"));
    // From the same position, going on takes both crows.
    let mut app = app_with(chain_position(), [Player::Human; 2]);
    press(&mut app, "e5");
    press(&mut app, "g3");
    press(&mut app, "b1");
    assert_eq!(last_move(&app).as_deref(), Some("e5xg3xb1"));
}

#[test]
fn placing_takes_one_press_and_a_crow_is_not_the_vultures() {
    let mut app = app_with(Game::new(kaooa()), [Player::Human; 2]);
    press(&mut app, "d4");
    assert_eq!(last_move(&app).as_deref(), Some("@d4"));
    press(&mut app, "c3");
    assert_eq!(last_move(&app).as_deref(), Some("@c3"));
    // The vulture's turn: the crow on c3 is not its to pick up.
    press(&mut app, "c3");
    assert_eq!(app.world().resource::<Selection>().origin, None);
    press(&mut app, "d4");
    assert_eq!(
        app.world().resource::<Selection>().origin,
        Some(point("d4"))
    );
}

fn frames_until(app: &mut App, what: &str, done: impl Fn(&Match) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(the_match(app)) {
        assert!(Instant::now() < deadline, "{what} did not happen in time");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn the_computer_answers_and_take_back_returns_to_the_player() {
    let players = [Player::Ai(Level::Easy), Player::Human];
    let mut app = app_with(Game::new(kaooa()), players);
    frames_until(&mut app, "the vulture's placement", |m| m.game().ply() == 1);
    assert_eq!(the_match(&app).side_to_move(), Side::Crowd);
    let vulture = the_match(&app).game().position().hunters();
    let mut points = Rules::of(kaooa()).board().points;
    let free = points
        .find(|p| !vulture.contains(*p))
        .expect("a free point");
    app.world_mut().write_message(BoardInput::Press(free));
    app.update();
    assert_eq!(the_match(&app).game().ply(), 2);
    frames_until(&mut app, "the vulture's reply", |m| m.game().ply() == 3);
    // Every move made is legal from the start.
    let mut check = Game::new(kaooa());
    for mv in the_match(&app).game().moves() {
        check.play(mv).expect("a legal move");
    }
    // Take back: to the crows' turn before the person's move.
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    assert_eq!(the_match(&app).game().ply(), 1);
    assert_eq!(the_match(&app).side_to_move(), Side::Crowd);
}

#[test]
fn a_person_who_resigns_loses() {
    let players = [Player::Ai(Level::Easy), Player::Human];
    let mut app = app_with(Game::new(kaooa()), players);
    frames_until(&mut app, "the vulture's placement", |m| m.game().ply() == 1);
    app.world_mut()
        .write_message(MatchCommand::Resign(Side::Crowd));
    app.update();
    let m = the_match(&app);
    assert!(m.is_over());
    assert_eq!(m.conclusion().and_then(|c| c.winner()), Some(Side::Hunters));
}

/// Where each vulture and crow entity stands in the world, and whether it
/// is on its way to the tray.
fn piece_spots(app: &mut App) -> Vec<(Side, Vec2, bool)> {
    let mut q = app
        .world_mut()
        .query::<(&Piece, &Transform, Option<&Leaving>)>();
    q.iter(app.world())
        .map(|(p, t, leaving)| (p.side, t.translation.truncate(), leaving.is_some()))
        .collect()
}

#[test]
fn a_chain_on_the_star_is_animated_hop_by_hop() {
    let mut app = app_with(chain_position(), [Player::Human; 2]);
    app.insert_resource(Settings {
        reduced_motion: false,
        ..Settings::default()
    });
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    app.update();
    let layout = *app.world().resource::<BoardLayout>();
    let spots: Vec<Vec2> = layout.points.map(|p| layout.world(p)).collect();
    let at_a_point = |v: Vec2| spots.iter().any(|s| s.distance(v) < 0.5);
    let vulture = |app: &mut App| {
        piece_spots(app)
            .into_iter()
            .find(|(side, _, _)| *side == Side::Hunters)
            .expect("the vulture")
            .1
    };
    press(&mut app, "e5");
    press(&mut app, "g3");
    // The first hop is shown before the chain is done: the vulture flies
    // to g3 and waits there for the next press.
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(the_match(&app).game().ply(), 0, "the chain is not over");
    assert!(vulture(&mut app).distance(layout.world(point("g3"))) < 0.5);
    press(&mut app, "b1");
    assert_eq!(last_move(&app).as_deref(), Some("e5xg3xb1"));
    let (mut between, mut leaving) = (false, false);
    for _ in 0..150 {
        app.update();
        for (side, v, gone) in piece_spots(&mut app) {
            match side {
                Side::Hunters => between |= !at_a_point(v),
                Side::Crowd => leaving |= gone,
            }
        }
        if !app.world().resource::<ViewBusy>().0 {
            break;
        }
    }
    assert!(between, "the vulture flies between the points");
    assert!(leaving, "the jumped crows leave for the tray");
    assert!(!app.world().resource::<ViewBusy>().0, "the chain lands");
    assert!(vulture(&mut app).distance(layout.world(point("b1"))) < 0.5);
}
