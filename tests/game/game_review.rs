//! Headless tests of the in-game features around the board: review mode
//! (the AI never moves while reviewing), play from here, resignation and
//! draws, hints, confirmed moves, and a language switch mid-game.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use stronghold::ai::Level;
use stronghold::game::board::input::{BoardInput, Selection};
use stronghold::game::board::pieces::{Piece, PieceAt};
use stronghold::game::common::i18n::{I18n, Language};
use stronghold::game::common::settings::Settings;
use stronghold::game::headless_app;
use stronghold::game::play::hint::HintJob;
use stronghold::game::play::match_state::{Conclusion, Match, MatchCommand, Player};
use stronghold::rules::{Game, GameId, Point, Side, Variant};

fn pt(name: &str) -> Point {
    Point::parse(name).expect("point name")
}

/// A headless app playing `moves` of Pirates with the given players.
fn app_with(moves: &str, hunters: Player, crowd: Player) -> App {
    let mut game = Game::new(Variant::new(GameId::named("pirates")));
    game.play_text(moves).expect("legal moves");
    let mut app = headless_app();
    app.insert_resource(Match::from_game(game, Match::players(hunters, crowd)));
    app.insert_resource(Settings {
        reduced_motion: true,
        ..Settings::default()
    });
    app.update();
    app
}

fn command(app: &mut App, command: MatchCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn the_match(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// Runs the app for a while of real time (the AI thinks in real time).
fn run_for(app: &mut App, time: Duration) {
    let end = Instant::now() + time;
    while Instant::now() < end {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn review_shows_an_earlier_position_and_the_ai_waits() {
    // The pirates (AI, Beginner: answers at once) are to move after two plies.
    let mut app = app_with("d4-d5", Player::Ai(Level::Beginner), Player::Human);
    // Let the AI answer once so there is history to review.
    let deadline = Instant::now() + Duration::from_secs(60);
    while the_match(&app).game().ply() < 2 {
        assert!(Instant::now() < deadline, "the AI never answered");
        app.update();
    }
    // Review the position after the first ply.
    let live_ply = the_match(&app).game().ply();
    command(&mut app, MatchCommand::Review(Some(1)));
    assert_eq!(the_match(&app).reviewing(), Some(1));
    let shown = *the_match(&app).shown_position();
    let after_one = {
        let mut g = Game::new(Variant::new(GameId::named("pirates")));
        g.play_text("d4-d5").unwrap();
        *g.position()
    };
    assert_eq!(shown, after_one, "the board shows the position after ply 1");
    // The view follows the shown position.
    app.update();
    let mut pieces = app.world_mut().query_filtered::<&PieceAt, With<Piece>>();
    let on_board: Vec<Point> = pieces.iter(app.world()).map(|p| p.0).collect();
    assert!(on_board.contains(&pt("d5")) && !on_board.contains(&pt("d4")));
    // Input is refused while reviewing.
    assert!(!the_match(&app).human_to_move());
    assert_eq!(the_match(&app).ai_to_move(), None);
    assert_eq!(the_match(&app).game().ply(), live_ply);
    // Back to the game: nothing was lost.
    command(&mut app, MatchCommand::Review(None));
    assert_eq!(the_match(&app).reviewing(), None);
    assert_eq!(the_match(&app).game().ply(), live_ply);
}

#[test]
fn review_never_lets_the_ai_move() {
    // The AI (pirates) is to move: the Bulgars have just played.
    let mut app = app_with("d4-d5", Player::Ai(Level::Beginner), Player::Human);
    command(&mut app, MatchCommand::Review(Some(0)));
    assert_eq!(the_match(&app).reviewing(), Some(0));
    run_for(&mut app, Duration::from_millis(1500));
    assert_eq!(
        the_match(&app).game().ply(),
        1,
        "the AI moved during review"
    );
    // Leaving review lets it play.
    command(&mut app, MatchCommand::Review(None));
    let deadline = Instant::now() + Duration::from_secs(60);
    while the_match(&app).game().ply() < 2 {
        assert!(Instant::now() < deadline, "the AI never answered");
        app.update();
    }
}

#[test]
fn play_from_here_takes_later_moves_back_for_redo() {
    let mut app = app_with("d4-d5 c6-c7 c4-c5", Player::Human, Player::Human);
    command(&mut app, MatchCommand::Review(Some(1)));
    command(&mut app, MatchCommand::PlayFromHere);
    let m = the_match(&app);
    assert_eq!(m.reviewing(), None);
    assert_eq!(m.game().ply(), 1);
    assert!(m.human_to_move());
    assert!(m.can_redo());
    command(&mut app, MatchCommand::Redo);
    command(&mut app, MatchCommand::Redo);
    let texts: Vec<String> = the_match(&app).game().move_texts();
    assert_eq!(texts, ["d4-d5", "c6-c7", "c4-c5"]);
}

#[test]
fn resigning_ends_the_game_and_undo_reopens_it() {
    let mut app = app_with("d4-d5", Player::Human, Player::Human);
    command(&mut app, MatchCommand::Resign(Side::Hunters));
    let m = the_match(&app);
    assert_eq!(m.conclusion(), Some(Conclusion::Resigned(Side::Hunters)));
    assert_eq!(
        m.conclusion().and_then(Conclusion::winner),
        Some(Side::Crowd)
    );
    assert!(!m.human_to_move());
    command(&mut app, MatchCommand::Undo);
    let m = the_match(&app);
    assert_eq!(m.conclusion(), None);
    assert!(m.human_to_move());
}

#[test]
fn an_agreed_draw_ends_the_game_without_a_winner() {
    let mut app = app_with("d4-d5", Player::Human, Player::Human);
    command(&mut app, MatchCommand::AgreeDraw);
    let m = the_match(&app);
    assert_eq!(m.conclusion(), Some(Conclusion::DrawAgreed));
    assert_eq!(m.conclusion().and_then(Conclusion::winner), None);
}

#[test]
fn a_hint_suggests_a_legal_move_for_the_position() {
    let mut app = app_with("d4-d5", Player::Human, Player::Human);
    let generation = the_match(&app).generation();
    let the_match_now = the_match(&app).clone();
    app.world_mut()
        .resource_mut::<HintJob>()
        .request(&the_match_now);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        app.update();
        let m = the_match(&app).clone();
        if let Some(hint) = app.world().resource::<HintJob>().shown(&m) {
            assert_eq!(hint.generation, generation);
            assert!(
                m.game().is_legal(&hint.mv),
                "{} is not legal",
                m.game().move_text(&hint.mv)
            );
            assert_eq!(hint.side, Side::Hunters);
            break;
        }
        assert!(Instant::now() < deadline, "no hint");
    }
    // A move makes the hint stale.
    let mv = the_match(&app).game().legal_moves()[0];
    app.world_mut()
        .resource_mut::<Match>()
        .play(&mv)
        .expect("legal");
    app.update();
    let m = the_match(&app).clone();
    assert!(app.world().resource::<HintJob>().shown(&m).is_none());
}

#[test]
fn confirmed_moves_wait_for_a_second_click() {
    let mut app = app_with("", Player::Human, Player::Human);
    app.world_mut().resource_mut::<Settings>().confirm_moves = true;
    let click = |app: &mut App, name: &str| {
        app.world_mut().write_message(BoardInput::Press(pt(name)));
        app.world_mut().write_message(BoardInput::Click(pt(name)));
        app.update();
    };
    click(&mut app, "d4");
    click(&mut app, "d5");
    assert_eq!(the_match(&app).game().ply(), 0, "the move waits");
    assert!(app.world().resource::<Selection>().pending.is_some());
    // A click elsewhere cancels.
    click(&mut app, "a3");
    assert!(app.world().resource::<Selection>().pending.is_none());
    assert_eq!(the_match(&app).game().ply(), 0);
    // Again, and confirm on the end point.
    click(&mut app, "d4");
    click(&mut app, "d5");
    click(&mut app, "d5");
    app.update();
    assert_eq!(the_match(&app).game().ply(), 1);
    assert_eq!(
        {
            let g = the_match(&app).game();
            g.move_text(g.last_move().unwrap())
        },
        "d4-d5"
    );
}

#[test]
fn switching_language_mid_game_keeps_the_game() {
    let mut app = app_with("d4-d5 c6-c7", Player::Human, Player::Human);
    let before = the_match(&app).clone();
    app.world_mut().resource_mut::<Settings>().language = Language::Russian;
    app.update();
    app.update();
    assert_eq!(app.world().resource::<I18n>().language(), Language::Russian);
    let after = the_match(&app);
    assert_eq!(after.generation(), before.generation());
    assert_eq!(after.game().ply(), before.game().ply());
    assert_eq!(after.game().position(), before.game().position());
    for side in [Side::Hunters, Side::Crowd] {
        assert_eq!(after.player(side), before.player(side));
    }
}
