//! Headless app tests of the AI task: a turn completes with a legal move,
//! undo while it thinks cancels it cleanly, and the computer waits for the
//! first board to be on screen.

use std::time::{Duration, Instant};

use stronghold::ai::Level;
use stronghold::game::board::input::BoardInput;
use stronghold::game::board::skin::{ActiveSkin, SkinOverride};
use stronghold::game::common::i18n::I18n;
use stronghold::game::common::settings::Settings;
use stronghold::game::common::view::FirstBoard;
use stronghold::game::headless_app;
use stronghold::game::play::ai_task::AiJob;
use stronghold::game::play::hint::HintJob;
use stronghold::game::play::match_state::{Match, MatchCommand, Player};
use stronghold::rules::{Game, GameId, Point, Side, Variant};

fn pt(name: &str) -> Point {
    Point::parse(name).expect("point name")
}

/// The launch setup: the person as the Bulgars against the AI, on a board
/// that has been drawn (the person plays what they see).
fn app_against(level: Level) -> bevy::app::App {
    let mut app = app_with(Match::players(Player::Ai(level), Player::Human));
    draw_the_first_board(&mut app);
    app
}

/// A game of Pirates and Bulgars between these players, one frame in.
fn app_with(players: [Player; 2]) -> bevy::app::App {
    app_for(Match::new(Variant::new(GameId::named("pirates")), players))
}

/// An app playing `the_match`, one frame in, without animations.
fn app_for(the_match: Match) -> bevy::app::App {
    let mut app = headless_app();
    app.insert_resource(the_match);
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.update();
    app
}

/// Frames until `done` holds (two minutes at most).
fn wait_for(app: &mut bevy::app::App, what: &str, done: impl Fn(&bevy::app::App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(app) {
        assert!(Instant::now() < deadline, "waited too long for {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Frames until the first board counts as drawn (its texts and pictures in).
fn draw_the_first_board(app: &mut bevy::app::App) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !app.world().resource::<FirstBoard>().drawn {
        assert!(Instant::now() < deadline, "the first board was not drawn");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn click(app: &mut bevy::app::App, name: &str) {
    app.world_mut().write_message(BoardInput::Press(pt(name)));
    app.world_mut().write_message(BoardInput::Click(pt(name)));
    app.update();
}

#[test]
fn the_default_match_is_bulgars_against_ai_medium() {
    let m = Match::default();
    assert_eq!(m.kind(), GameId::named("pirates"));
    assert_eq!(m.player(Side::Crowd), Player::Human);
    assert_eq!(m.player(Side::Hunters), Player::Ai(Level::Medium));
}

#[test]
fn ai_turn_completes_with_a_legal_move() {
    let mut app = app_against(Level::Medium);
    click(&mut app, "c4");
    click(&mut app, "c5");
    assert_eq!(app.world().resource::<Match>().game().ply(), 1);
    let deadline = Instant::now() + Duration::from_secs(120);
    while app.world().resource::<Match>().game().ply() < 2 {
        assert!(Instant::now() < deadline, "the AI did not move in time");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let m = app.world().resource::<Match>();
    assert_eq!(m.side_to_move(), Side::Crowd);
    assert!(app.world().resource::<AiJob>().thinking().is_none());
    // Replay: both moves are legal in a fresh game.
    let mut check = Game::new(Variant::new(GameId::named("pirates")));
    for mv in m.game().moves() {
        check.play(mv).expect("a legal move");
    }
}

#[test]
fn the_computer_thinks_once_the_first_board_is_drawn() {
    // The Bulgars move first: the computer's turn from the start.
    let mut app = app_with(Match::players(Player::Human, Player::Ai(Level::Beginner)));
    assert!(!app.world().resource::<FirstBoard>().drawn);
    assert!(app.world().resource::<AiJob>().thinking().is_none());
    draw_the_first_board(&mut app);
    // The next frames start the search (a beginner's may end and play at once).
    let took_its_turn = (0..5).any(|_| {
        app.update();
        let thinking = app.world().resource::<AiJob>().thinking().is_some();
        thinking || app.world().resource::<Match>().game().ply() > 0
    });
    assert!(took_its_turn, "the computer took its turn");
}

#[test]
fn undo_while_the_ai_thinks_cancels_it() {
    let mut app = app_against(Level::Master);
    click(&mut app, "d4");
    click(&mut app, "d5");
    assert_eq!(app.world().resource::<Match>().game().ply(), 1);
    // The AI took the turn at once, on the pool.
    assert!(app.world().resource::<AiJob>().thinking().is_some());
    app.world_mut().write_message(MatchCommand::Undo);
    app.update();
    let m = app.world().resource::<Match>();
    assert_eq!(m.game().ply(), 0);
    assert!(m.human_to_move());
    assert!(app.world().resource::<AiJob>().thinking().is_none());
    // Nothing arrives later from the cancelled search.
    for _ in 0..50 {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let m = app.world().resource::<Match>();
    assert_eq!(m.game().ply(), 0);
    assert!(m.can_redo());
    // Redo gives the person's move back, and the AI thinks again.
    app.world_mut().write_message(MatchCommand::Redo);
    app.update();
    assert_eq!(app.world().resource::<Match>().game().ply(), 1);
    assert!(app.world().resource::<AiJob>().thinking().is_some());
}

#[test]
fn new_game_while_the_ai_thinks_starts_clean() {
    let mut app = app_against(Level::Master);
    click(&mut app, "d4");
    click(&mut app, "d5");
    assert!(app.world().resource::<AiJob>().thinking().is_some());
    app.world_mut().write_message(MatchCommand::NewGame {
        variant: Variant::new(GameId::named("bagh-chal")),
        players: Match::players(Player::Human, Player::Human),
    });
    app.update();
    let m = app.world().resource::<Match>();
    assert_eq!(m.kind(), GameId::named("bagh-chal"));
    assert_eq!(m.game().ply(), 0);
    assert!(app.world().resource::<AiJob>().thinking().is_none());
}

#[test]
fn ai_against_ai_plays_on() {
    let mut app = headless_app();
    app.insert_resource(Match::new(
        Variant::new(GameId::named("fox-geese")),
        Match::players(Player::Ai(Level::Beginner), Player::Ai(Level::Beginner)),
    ));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    while app.world().resource::<Match>().game().ply() < 3 {
        assert!(Instant::now() < deadline, "AI vs AI stalled");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Gioco dell'Orso's first round but its last ply: the person placed the
/// hunters and has shut the bear (the computer's) in but for one move.
const GIOCO_BEFORE_THE_END: &str = "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 \
    a4-b3 b5-a4 d5-c4 a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6";

#[test]
fn a_two_round_match_swaps_the_sides_for_round_two() {
    use stronghold::game::common::notice::Notices;
    let mut game = Game::new(Variant::new(GameId::named("gioco-dell-orso")));
    game.play_text(GIOCO_BEFORE_THE_END).unwrap();
    let players = Match::players(Player::Ai(Level::Beginner), Player::Human);
    let mut app = app_for(Match::from_game(game, players));
    // The tigers' skin: the notice names the piece as the board shows it.
    app.insert_resource(SkinOverride {
        name: Some("tigers-goats".into()),
        skins_then: None,
    });
    draw_the_first_board(&mut app);
    wait_for(&mut app, "the tigers' skin", |app| {
        app.world().resource::<ActiveSkin>().name == "tigers-goats"
    });
    assert!(app.world().resource::<Match>().human_to_move());
    // The hint sees the round's end: it says so, not that a side wins.
    let the_match = app.world().resource::<Match>().clone();
    app.world_mut()
        .resource_mut::<HintJob>()
        .request(&the_match);
    wait_for(&mut app, "the hint", |app| {
        let world = app.world();
        world
            .resource::<HintJob>()
            .shown(world.resource::<Match>())
            .is_some()
    });
    let world = app.world();
    let hint = world
        .resource::<HintJob>()
        .shown(world.resource::<Match>())
        .cloned();
    let hint = hint.expect("a hint");
    assert!(hint.in_round_one);
    let judgement = hint.judgement(|msg, _| msg);
    assert_eq!(judgement.id, "hint-eval-round-ends", "{judgement:?}");
    // Points by this board's names.
    let board = app
        .world()
        .resource::<Match>()
        .game()
        .rules()
        .board()
        .clone();
    for name in ["d5", "d7"] {
        let p = board.find(name).expect("a point of the board");
        app.world_mut().write_message(BoardInput::Press(p));
        app.world_mut().write_message(BoardInput::Click(p));
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert_eq!(m.game().round(), 2, "the bear is shut in: round two");
    // The person now plays the bear, the computer places the hunters.
    assert_eq!(m.player(Side::Hunters), Player::Human);
    assert_eq!(m.player(Side::Crowd), Player::Ai(Level::Beginner));
    assert_eq!(m.player_at_start(Side::Crowd), Player::Human);
    // The notice is gathered the frame after the move.
    app.update();
    let world = app.world();
    let told = world
        .resource::<Notices>()
        .shown
        .iter()
        .find(|(n, _)| n.msg.id == "match-round-two-begins")
        .map(|(n, _)| world.resource::<I18n>().msg(&n.msg));
    let told = told.expect("the round's end is told");
    assert!(told.contains("the tiger lasted"), "{told}");
    let deadline = Instant::now() + Duration::from_secs(120);
    while !app.world().resource::<Match>().human_to_move() {
        assert!(Instant::now() < deadline, "the computer did not place");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let m = app.world().resource::<Match>();
    assert_eq!(m.game().position().in_hand, [0, 0], "three hunters placed");
    assert_eq!(m.side_to_move(), Side::Hunters, "the person's bear moves");
}
