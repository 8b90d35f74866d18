//! Whole games played with the keyboard alone (the board's cursor: arrows,
//! Enter, Escape, as `CursorKey` messages, what the panel sends while the
//! board has the focus), on the cross and on Kaooa's star, and the game in
//! words that a screen reader hears (`Spoken`), in both languages.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::game::board::cursor::{BoardCursor, CursorKey, Direction, next_point};
use stronghold::game::board::view::BoardLayout;
use stronghold::game::common::i18n::{I18n, Language};
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::match_state::{Match, MatchCommand, Player};
use stronghold::game::ui::speech::{Spoken, Typed};
use stronghold::rules::{Game, GameId, Move, Point, Variant};

const WAYS: [Direction; 4] = [
    Direction::Up,
    Direction::Down,
    Direction::Left,
    Direction::Right,
];

/// A headless app of `game`, both sides played by a person, moves shown at
/// once, with the game in words.
fn app_of(game: &str) -> App {
    let mut app = headless_app();
    app.add_plugins(stronghold::game::ui::speech::plugin);
    app.insert_resource(Match::new(
        Variant::new(GameId::named(game)),
        Match::players(Player::Human, Player::Human),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while !app.world().resource::<I18n>().is_ready() {
        assert!(Instant::now() < deadline, "the message files never loaded");
        app.update();
    }
    app.update();
    app
}

fn key(app: &mut App, key: CursorKey) {
    app.world_mut().write_message(key);
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

fn cursor(app: &App) -> Option<Point> {
    app.world().resource::<BoardCursor>().at
}

/// The arrows from the cursor to `to`, found by a search over what each
/// arrow does (the test knows no more of the board than a player sees).
fn arrows_to(app: &App, to: Point) -> Vec<Direction> {
    let layout = *app.world().resource::<BoardLayout>();
    let game = the_match(app).game().clone();
    let from = cursor(app).expect("the cursor is on the board");
    let mut came: HashMap<Point, (Point, Direction)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        if p == to {
            break;
        }
        for way in WAYS {
            if let Some(q) = next_point(&layout, &game, p, way)
                && q != from
                && !came.contains_key(&q)
            {
                came.insert(q, (p, way));
                queue.push_back(q);
            }
        }
    }
    let mut path = Vec::new();
    let mut at = to;
    while at != from {
        let (back, way) = came[&at];
        path.push(way);
        at = back;
    }
    path.reverse();
    path
}

/// Walks the cursor to `to` with the arrows and presses Enter there.
fn press_at(app: &mut App, to: Point) {
    for way in arrows_to(app, to) {
        key(app, CursorKey::Go(way));
    }
    assert_eq!(cursor(app), Some(to), "the arrows did not reach the point");
    key(app, CursorKey::Press);
}

/// Plays `mv` as a keyboard player would: to the piece, Enter, then to
/// each landing (or the placement's point), Enter; once more on the last
/// landing where a chain may stop there.
fn play_by_keys(app: &mut App, mv: &Move) {
    let ply = the_match(app).game().ply();
    let moved = |app: &App| the_match(app).game().ply() > ply;
    if mv.is_placement() || mv.kind() == stronghold::rules::MoveKind::Remove {
        press_at(app, mv.to());
    } else {
        press_at(app, mv.from());
        for landing in mv.landings() {
            if moved(app) {
                break;
            }
            press_at(app, landing);
        }
        if !moved(app) {
            key(app, CursorKey::Press);
        }
    }
    assert!(moved(app), "{mv:?} was not played by the keys");
    assert_eq!(the_match(app).game().last_move(), Some(mv));
}

/// The move a simple player picks: the longest capture, else one of the
/// moves by a fixed sequence (the same game every run).
fn pick(game: &Game, seed: &mut u64) -> Move {
    let moves = game.legal_moves();
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let any = moves[(*seed >> 33) as usize % moves.len()];
    moves
        .iter()
        .filter(|m| m.is_jump())
        .max_by_key(|m| m.hops())
        .copied()
        .unwrap_or(any)
}

fn whole_game_by_keys(name: &str, most: usize) -> App {
    let mut app = app_of(name);
    // Tab brings the board the keyboard: the cursor shows on a piece that can move.
    key(&mut app, CursorKey::Show);
    assert!(app.world().resource::<BoardCursor>().shown);
    assert!(cursor(&app).is_some());
    let mut seed = 7;
    while !the_match(&app).is_over() {
        assert!(the_match(&app).game().ply() < most, "{name}: no end");
        let mv = pick(the_match(&app).game(), &mut seed);
        if mv.is_pass() {
            // A pass has no point to press (the panel's button plays it).
            app.world_mut().write_message(Typed("pass".to_string()));
            app.update();
            continue;
        }
        play_by_keys(&mut app, &mv);
    }
    app
}

#[test]
fn a_whole_game_of_pirates_by_keys_alone() {
    let app = whole_game_by_keys("pirates", 400);
    let spoken: Vec<&str> = app
        .world()
        .resource::<Spoken>()
        .lines()
        .map(|l| l.1)
        .collect();
    // Every move was said, with the captures by point, and the end.
    assert!(
        spoken
            .iter()
            .any(|l| l.starts_with("Pirate from ") && l.contains(" takes ")),
        "{spoken:#?}"
    );
    assert!(
        spoken.iter().any(|l| l.starts_with("Bulgar from ")),
        "{spoken:#?}"
    );
    // The last line: the last move, then how the game ended.
    let last = spoken.last().expect("a line");
    assert!(last.starts_with("Pirate from "), "{last}");
    assert!(
        last.ends_with("Pirates win! Fewer than 9 Bulgars are left."),
        "the result is said, winner first: {last}"
    );
}

#[test]
fn a_whole_game_of_kaooa_by_keys_alone() {
    // The star: placements, then steps along the star's lines.
    let app = whole_game_by_keys("kaooa", 400);
    let m = the_match(&app);
    assert!(m.game().moves().any(|mv| mv.is_placement()));
    assert!(m.game().moves().any(|mv| !mv.is_placement()));
}

#[test]
fn escape_puts_the_piece_down_and_the_cursor_keeps_its_point() {
    use stronghold::game::board::input::Selection;
    let mut app = app_of("pirates");
    key(&mut app, CursorKey::Show);
    let at = cursor(&app).expect("a point");
    key(&mut app, CursorKey::Press);
    assert_eq!(app.world().resource::<Selection>().origin, Some(at));
    key(&mut app, CursorKey::Cancel);
    assert_eq!(app.world().resource::<Selection>().origin, None);
    assert_eq!(cursor(&app), Some(at));
    // Enter twice: picked up, then put down again (as two clicks).
    key(&mut app, CursorKey::Press);
    key(&mut app, CursorKey::Press);
    assert_eq!(app.world().resource::<Selection>().origin, None);
    assert_eq!(the_match(&app).game().ply(), 0);
}

#[test]
fn moves_and_commands_are_said_in_both_languages() {
    let mut app = app_of("pirates");
    let said = |app: &App| {
        app.world()
            .resource::<Spoken>()
            .last()
            .unwrap_or("")
            .to_string()
    };
    assert!(said(&app).contains("Bulgars to move"), "{}", said(&app));
    // Two frames: a command (undo) is carried out in the frame after.
    let typed = |app: &mut App, text: &str| {
        app.world_mut().write_message(Typed(text.to_string()));
        app.update();
        app.update();
    };
    typed(&mut app, "d4-d5");
    assert_eq!(said(&app), "Bulgar from d4 to d5. Pirates to move.");
    // Not a move: the refusal is said, nothing is played.
    typed(&mut app, "a1-a2");
    assert!(said(&app).starts_with("Not a move"), "{}", said(&app));
    assert_eq!(the_match(&app).game().ply(), 1);
    typed(&mut app, "p");
    assert!(said(&app).starts_with("Pirates: "), "{}", said(&app));
    assert!(said(&app).contains("d5"), "{}", said(&app));
    // With the panel's counts.
    assert!(
        said(&app).ends_with("Stronghold held 1 / 9."),
        "{}",
        said(&app)
    );
    typed(&mut app, "u");
    assert!(said(&app).starts_with("Move taken back."), "{}", said(&app));
    assert_eq!(the_match(&app).game().ply(), 0);
    app.world_mut()
        .resource_mut::<I18n>()
        .set_language(Language::Russian);
    typed(&mut app, "d4-d5");
    assert!(
        said(&app).starts_with("Булгарин: с d4 на d5. Ход: пираты."),
        "{}",
        said(&app)
    );
    // A chain, said with every piece it takes, in Russian then in English.
    let chain = "pirates P2/1P1/3B3/2B1B2/B5B/BBB/BBB P 0/0 0 17";
    app.insert_resource(Match::from_game(
        Game::from_position_string(chain).expect("a position"),
        Match::players(Player::Human, Player::Human),
    ));
    app.update();
    typed(&mut app, "d6xd4xb4");
    assert_eq!(
        said(&app).split(". ").next(),
        Some("Пират: с d6 берёт d5 и c4, встаёт на b4"),
        "{}",
        said(&app)
    );
    app.world_mut()
        .resource_mut::<I18n>()
        .set_language(Language::English);
    typed(&mut app, "u");
    typed(&mut app, "d6xd4xf4");
    assert!(
        said(&app).starts_with("Pirate from d6 takes d5 and e4, lands on f4."),
        "{}",
        said(&app)
    );
    // A new game after this one is named, not taken for a take-back.
    app.world_mut().write_message(MatchCommand::NewGame {
        variant: Variant::new(GameId::named("pirates")),
        players: Match::players(Player::Human, Player::Human),
    });
    app.update();
    app.update();
    assert_eq!(said(&app), "Pirates and Bulgars. Bulgars to move.");
}

/// A two-round match's round end is said with the move that made it: how
/// long the bear lasted, and that the players swap sides.
#[test]
fn the_end_of_round_one_is_said() {
    let mut app = app_of("gioco-dell-orso");
    let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
    game.play_text(
        "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 a4-b5 \
         e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6",
    )
    .expect("the moves of round one");
    app.insert_resource(Match::from_game(
        game,
        Match::players(Player::Human, Player::Human),
    ));
    app.update();
    app.world_mut().write_message(Typed("d5-d7".to_string()));
    app.update();
    app.update();
    assert_eq!(the_match(&app).game().round(), 2);
    let said = app
        .world()
        .resource::<Spoken>()
        .last()
        .unwrap_or("")
        .to_string();
    assert!(
        said.contains("Round one is over: the bear lasted 22 moves."),
        "{said}"
    );
}
