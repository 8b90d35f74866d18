//! The rules only a few games have, each played where it bites: stacks, line
//! captures, a removal in the opening, a flipping forward, hunters taking
//! turns, owed pieces, placing before moving, points kept off and the
//! points a side loses on, a two-round match; and the loader refusing each
//! where it cannot work, at its line.

use stronghold::rules::family::{self, Misused, Problem};
use stronghold::rules::{
    Game, GameId, MoveKind, Reason, Side, Variant, parse_position, position_string,
};

fn game(id: &str) -> Game {
    Game::new(Variant::new(GameId::named(id)))
}

fn at(text: &str) -> Game {
    let (variant, position) = parse_position(text).expect("a position");
    Game::from_position(variant, position)
}

fn legal(game: &Game) -> Vec<String> {
    let mut texts: Vec<String> = (game.legal_moves().iter())
        .map(|mv| game.rules().move_text(mv))
        .collect();
    texts.sort();
    texts
}

fn point(game: &Game, name: &str) -> stronghold::rules::Point {
    game.rules().board().find(name).expect("a point")
}

#[test]
fn a_stack_gives_one_piece_a_step_and_one_a_jump() {
    let mut g = game("bagh-batti");
    assert_eq!(g.position().material(Side::Crowd), 20);
    g.play_text("b2-a1").unwrap();
    let b2 = point(&g, "b2");
    assert_eq!(
        g.rules().pieces_on(g.position(), b2),
        4,
        "one goat stepped off"
    );
    g.play_text("c1xa3").unwrap();
    assert_eq!(g.rules().pieces_on(g.position(), b2), 3, "one goat jumped");
    assert_eq!(g.position().material(Side::Crowd), 19);
    let text = position_string(g.variant(), g.position());
    assert!(text.ends_with("stacks=b2:3,d2:5,b4:5,d4:5"), "{text}");
    let (_, read) = parse_position(&text).unwrap();
    assert_eq!(&read, g.position(), "the stacks read back");
}

#[test]
fn a_chain_may_jump_one_stack_again_and_each_end_is_one_move() {
    let mut g = game("bagh-batti");
    g.play_text("b2-a1").unwrap();
    let moves = legal(&g);
    // To and fro over b2, taking a goat each time.
    assert!(moves.contains(&"c1xa3xc1xa3".to_string()), "{moves:?}");
    let ends: std::collections::HashSet<_> = g
        .legal_moves()
        .iter()
        .map(|mv| {
            let mut after = g.clone();
            after.play(mv).unwrap();
            *after.position()
        })
        .collect();
    assert_eq!(ends.len(), moves.len(), "no two moves end alike");
}

#[test]
fn sher_bakar_goats_climb_back_onto_their_stacks() {
    let mut g = game("sher-bakar");
    g.play_text("b2-b3 c1-d1").unwrap();
    let b2 = point(&g, "b2");
    assert_eq!(g.rules().pieces_on(g.position(), b2), 4);
    g.play_text("b3-b2").unwrap();
    assert_eq!(g.rules().pieces_on(g.position(), b2), 5);
    assert!(g.position().crowd().contains(b2));
}

#[test]
fn rimoe_jumps_an_odd_run_whole_and_never_an_even_one() {
    // The Rimoe on c5: three markers above it (c6 c7 c8, c9 empty), two
    // below (c4 c3, c2 empty). Capturing is compulsory.
    let mut g = at("rimoe 3/1M1/2M2/2M2/2R2/2M2/2M2/3/3 R 0/0 0 23");
    assert_eq!(legal(&g), ["c5xc9"]);
    g.play_text("c5xc9").unwrap();
    assert_eq!(
        g.position().material(Side::Crowd),
        2,
        "the run of three is taken"
    );
}

#[test]
fn merimueng_rimueng_do_refuses_a_run_of_three_along_a_row() {
    // The tiger on f4 and three sheep on h4 j4 l4, n4 empty: a run of three
    // along the row, which Merimueng-rimueng-do does not take.
    let g = at("merimueng-rimueng-do 1/TSSS2/6/T5/TT1T T 0/0 0 20");
    let moves = legal(&g);
    assert!(!moves.contains(&"f4xn4".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 8, "{moves:?}");
}

#[test]
fn rimau_rimau_opens_with_place_remove_place() {
    let mut g = game("rimau-rimau-two-tigers");
    g.play_text("@a1").unwrap();
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 8, "any of the eight people");
    assert!(moves.iter().all(|m| m.kind() == MoveKind::Remove));
    g.play_text("xb4").unwrap();
    assert_eq!(g.position().material(Side::Crowd), 23);
    assert_eq!(
        g.side_to_move(),
        Side::Hunters,
        "the second tiger comes next"
    );
    assert!(g.legal_moves().iter().all(|m| m.is_placement()));
    g.play_text("@e1").unwrap();
    assert_eq!(g.side_to_move(), Side::Crowd);
}

#[test]
fn el_perro_goats_turn_round_when_none_can_go_forward() {
    // Every goat on the top row: after the dog's move none can step forward.
    let mut g = at("el-perro GGGGG/5/5/5/2D2 D 0/0 0 20");
    g.play_text("c1-c2").unwrap();
    assert_eq!(g.position().rule_state, 1);
    assert!(position_string(g.variant(), g.position()).ends_with(" rule=1"));
    let moves = legal(&g);
    assert!(moves.contains(&"a5-a4".to_string()), "{moves:?}");
    assert!(
        moves.iter().all(|m| m.ends_with('4')),
        "only down: {moves:?}"
    );
}

#[test]
fn two_foxes_take_turns() {
    let mut g = game("jeu-de-renard-two-foxes");
    g.play_text("a8-b7 b3-a4").unwrap();
    let g8 = point(&g, "g8");
    assert!(!g.legal_moves().is_empty());
    assert!(
        g.legal_moves().iter().all(|m| m.from() == g8),
        "{:?}",
        legal(&g)
    );
}

#[test]
fn a_declined_capture_owes_the_hens_one_hen_a_turn() {
    // The fox on d4 could take d5 (d6 empty) and steps away instead.
    let mut g = at("renard-et-les-poules 3/3/3H3/3F3/H6/3/H1H F 0/0 0 6");
    g.play_text("d4-c4").unwrap();
    assert_eq!(g.position().rule_state, 1);
    assert_eq!(legal(&g), ["@d1"], "the owed hen comes first");
    g.play_text("@d1").unwrap();
    assert_eq!(g.side_to_move(), Side::Crowd, "then the hens move");
    assert!(g.legal_moves().iter().all(|m| !m.is_placement()));
    g.play_text("a3-b4").unwrap();
    assert_eq!(g.position().rule_state, 0);
}

#[test]
fn hyvn_nobody_moves_before_every_piece_is_placed() {
    let mut g = game("hyvn-aetter-hare");
    g.play_text("@c3 @a3").unwrap();
    assert_eq!(legal(&g), ["pass"], "the hare waits for the hounds");
    g.play_text("pass @e3 pass @c1").unwrap();
    assert!(legal(&g).iter().all(|m| m.contains('-')), "{:?}", legal(&g));
}

#[test]
fn uxrijn_ever_children_keep_off_the_cow_and_the_pasture_loses() {
    let g = game("uxrijn-ever");
    let f1 = point(&g, "f1");
    let mut children = g.clone();
    children.play_text("q2-p3").unwrap();
    assert!(children.legal_moves().iter().all(|m| m.to() != f1));
    let mut g = at("uxrijn-ever 1/C/HH/2/2/2/2/2/2/2 C 0/0 0 99");
    assert_eq!(legal(&g), ["b9-a10"]);
    g.play_text("b9-a10").unwrap();
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Side::Crowd));
    assert_eq!(outcome.reason, Reason::DrivenOnto(Side::Hunters));
}

#[test]
fn orissa_goats_place_four_in_their_first_turn() {
    let mut g = game("orissa-tiger-game-four-tigers");
    for (i, at) in ["@a1", "@b1", "@c1"].iter().enumerate() {
        g.play_text(at).unwrap();
        assert_eq!(g.side_to_move(), Side::Crowd, "placement {}", i + 1);
    }
    g.play_text("@e1").unwrap();
    assert_eq!(g.side_to_move(), Side::Hunters);
}

#[test]
fn an_extra_field_that_does_not_fit_is_refused() {
    for bad in [
        "bagh-batti 2T2/1G1G1/5/1G1G1/2T2 G 0/0 0 8 stacks=c3:4",
        "bagh-batti 2T2/1G1G1/5/1G1G1/2T2 G 0/0 0 8 stacks=b2:1",
        "bagh-batti 2T2/1G1G1/5/1G1G1/2T2 G 0/0 0 8 rule=1",
        "pirates 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54 stacks=a1:2",
        "el-perro GGGGG/5/5/5/2D2 D 0/0 0 20 rule=2",
    ] {
        let error = parse_position(bad).expect_err(bad);
        assert!(
            error.to_string().contains("expected `stacks="),
            "{bad}: {error}"
        );
    }
}

/// A shipped file with `from` replaced by `to`, and the problem it gives.
fn refused(id: &str, from: &str, to: &str) -> family::GameFileError {
    let text = GameId::named(id).built_in_text().expect("built in");
    assert!(text.contains(from), "{id} has {from}");
    family::parse_bytes("test.game.ron", text.replacen(from, to, 1).as_bytes()).expect_err(to)
}

#[test]
fn the_loader_refuses_each_rule_where_it_cannot_work() {
    let cases: [(&str, &str, &str, Misused); 7] = [
        (
            "bagh-batti",
            "stacks: \"b2=5",
            "stacks: \"b2=1",
            Misused::BadStack("b2=1".into()),
        ),
        (
            "sher-bakar",
            "restack_on: \"b2",
            "restack_on: \"c3",
            Misused::RestackOffStack("c3".into()),
        ),
        (
            "rimoe",
            "chain: Single, compulsory: true, line: Odd",
            "chain: Optional, compulsory: true, line: Odd",
            Misused::LineNeedsSingleHop,
        ),
        (
            "renard-et-les-poules",
            "special: [DeclinedCaptureOwes(\"c1 d1 e1\")]",
            "special: [DeclinedCaptureOwes(\"c1 d1 e1\"), CrowdForwardFlips]",
            Misused::TwoCounters,
        ),
        (
            "orissa-tiger-game-four-tigers",
            "first_turn_places: Some(4)",
            "first_turn_places: Some(40)",
            Misused::FirstTurnPlaces(40),
        ),
        (
            "uxrijn-ever",
            "keep_off: \"f1\"",
            "keep_off: \"f1 r1\"",
            Misused::StartsKeptOff("r1".into()),
        ),
        (
            "gioco-dell-orso",
            "start: \"d4\"",
            "start: \"d4 a4\"",
            Misused::TwoRoundsNeedBlockade,
        ),
    ];
    for (id, from, to, why) in cases {
        let error = refused(id, from, to);
        assert_eq!(
            error.problem,
            Problem::Misused(why.clone()),
            "{id}: {error}"
        );
        assert!(error.line > 0, "{id}: placed in the file: {error}");
        let text = GameId::named(id)
            .built_in_text()
            .unwrap()
            .replacen(from, to, 1);
        let line = text.lines().nth(error.line - 1).unwrap();
        let anchor = match &why {
            Misused::BadStack(item) => item.as_str(),
            Misused::RestackOffStack(_) => "restack_on",
            Misused::LineNeedsSingleHop => "line:",
            Misused::TwoCounters => "special",
            Misused::FirstTurnPlaces(_) => "first_turn_places",
            Misused::TwoRoundsNeedBlockade => "TwoRounds",
            _ => "keep_off",
        };
        assert!(
            line.contains(anchor),
            "{id}: line {} is `{line}`",
            error.line
        );
    }
}

/// Gioco dell'Orso's three hunters placed, then a line of 22 plies in which
/// they shut the bear in (the engine's, both sides at their best).
const GIOCO_ROUND_ONE: &str = "@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 \
    b5-a4 d5-c4 a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7";

#[test]
fn a_shut_in_bear_ends_round_one_and_the_players_swap_sides() {
    let mut g = game("gioco-dell-orso");
    assert_eq!((g.round(), g.player_to_move()), (1, Side::Crowd));
    let moves: Vec<&str> = GIOCO_ROUND_ONE.split_whitespace().collect();
    let (last, before) = moves.split_last().unwrap();
    g.play_text(&before.join(" ")).unwrap();
    assert_eq!(g.round(), 1);
    assert_eq!(g.position().moves_made, [0, 21], "21 plies after placing");
    let mv = g.parse_move(last).unwrap();
    let effects = g.play(&mv).unwrap();
    assert!(effects.next_round, "the 22nd ply shuts the bear in");
    assert_eq!(g.round(), 2);
    assert_eq!(g.position().moves_made, [22, 0]);
    assert!(g.outcome().is_none(), "round two is played");
    let start = *game("gioco-dell-orso").position();
    assert_eq!(
        g.position().pieces,
        start.pieces,
        "the board is set up again"
    );
    assert_eq!(g.position().in_hand, start.in_hand);
    // The hunters' role is now played by the round-one bear's player.
    assert_eq!(g.side_to_move(), Side::Crowd);
    assert_eq!(g.player_to_move(), Side::Hunters);
    assert_eq!(g.player_side(Side::Hunters), Side::Crowd);
    let text = position_string(g.variant(), g.position());
    assert!(text.ends_with(" 22/0 rule=1"), "{text}");
    assert_eq!(&parse_position(&text).unwrap().1, g.position());
    let movers: Vec<Side> = g.player_movers().collect();
    assert_eq!(
        movers[movers.len() - 2..],
        [Side::Hunters, Side::Crowd],
        "the players alternate across the rounds"
    );
    g.undo();
    assert_eq!((g.round(), g.position().moves_made), (1, [0, 21]));
}

/// Round two of Gioco dell'Orso after a round one of `first` plies: the
/// bear on d7 between hunters on c6 and e6, the third on d4, `second` plies
/// played and the hunters to move.
fn bear_on_d7(first: u16, second: u16) -> Game {
    at(&format!(
        "gioco-dell-orso B/HH/3/2H2/3/2/1 H 0/0 0 21 {first}/{second} rule=1"
    ))
}

#[test]
fn round_two_ends_once_it_is_sure_who_lasted_longer() {
    // Shut in after 4 plies, against 6: the round-one bear's player wins.
    let mut short = bear_on_d7(6, 3);
    short.play_text("d4-d5").unwrap();
    let end = short.outcome().expect("the bear is shut in");
    assert_eq!(
        end.reason,
        Reason::Survival {
            first: 6,
            second: 4
        }
    );
    assert_eq!(end.winner, Some(Side::Crowd));
    assert_eq!(short.player_side(Side::Crowd), Side::Hunters);
    // Shut in after as many plies as round one: a draw.
    let mut level = bear_on_d7(4, 3);
    level.play_text("d4-d5").unwrap();
    assert_eq!(level.outcome().map(|o| o.winner), Some(None));
    // Free after as many plies as round one lasted: it will last longer.
    let mut free = bear_on_d7(3, 2);
    free.play_text("d4-d3").unwrap();
    let end = free.outcome().expect("sure to last longer");
    assert_eq!(end.winner, Some(Side::Hunters), "{end}");
    let mut going = bear_on_d7(4, 2);
    going.play_text("d4-d3").unwrap();
    assert!(going.outcome().is_none());
}

#[test]
fn a_round_lasts_at_most_its_plies_and_two_full_rounds_draw() {
    let text = "gioco-dell-orso 1/2/3/1HBH1/1H1/2/1 B 0/0 0 21 0/99";
    let mut g = at(text);
    let mv = g.parse_move("d4-d5").unwrap();
    assert!(g.play(&mv).unwrap().next_round, "ply 100 ends round one");
    assert_eq!(g.position().moves_made, [100, 0]);
    let mut g = at("gioco-dell-orso 1/2/3/1HBH1/1H1/2/1 B 0/0 0 21 100/99 rule=1");
    g.play_text("d4-d5").unwrap();
    assert_eq!(g.outcome().map(|o| o.winner), Some(None), "level at 100");
}

#[test]
fn the_search_plays_each_round_for_survival() {
    use stronghold::ai::{MATE, Search, SearchLimits};
    let mut g = game("gioco-dell-orso");
    g.play_text("@c4 @d3 @e4").unwrap();
    let r = Search::with_limits(&g, SearchLimits::depth(24), 0)
        .run_to_end()
        .unwrap();
    // The bear loses its round in 22 plies, as late as it can.
    assert_eq!(r.score, -MATE + 22, "{}", r.score);
    // Round two after a round one of 22: both bears at their best last the
    // same, and the match is level.
    let mut g = at("gioco-dell-orso 1/2/3/2B2/3/2/1 H 0/3 0 0 22/0 rule=1");
    g.play_text("@c4 @d3 @e4").unwrap();
    let r = Search::with_limits(&g, SearchLimits::depth(24), 0)
        .run_to_end()
        .unwrap();
    assert_eq!(r.score, 0);
}
