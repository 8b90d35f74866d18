//! Perft: the spec's start-position table and middle-game counts from an
//! independent implementation (tools/reference/ref.py).

use stronghold::rules::{Game, GameId, Variant};

fn game(kind: &str, options: &[&str]) -> Game {
    let mut v = Variant::new(GameId::find(kind).expect("game id"));
    for o in options {
        v.set_option(o).expect("option");
    }
    Game::new(v)
}

/// RULES-SPEC.md, "Known counts from the start position", depths 1..4.
#[test]
fn start_positions_match_the_spec_table() {
    let table: [(&str, &[&str], [u64; 4]); 9] = [
        ("pirates", &[], [9, 38, 388, 1714]),
        ("pirates", &["compulsory=off"], [9, 48, 480, 3050]),
        ("pirates", &["retreat=on"], [9, 38, 434, 2024]),
        ("asalto", &[], [9, 72, 504, 3014]),
        ("fox-geese", &[], [5, 89, 572, 9954]),
        ("fox-geese", &["geese=15"], [5, 89, 562, 10078]),
        ("fox-geese", &["geese=17"], [5, 87, 498, 8942]),
        ("fox-geese", &["sideways=on"], [5, 89, 572, 11840]),
        ("bagh-chal", &[], [21, 252, 5052, 68204]),
    ];
    for (kind, options, counts) in table {
        let mut g = game(kind, options);
        for (d, &want) in counts.iter().enumerate() {
            assert_eq!(
                g.perft(d as u32 + 1),
                want,
                "{kind} {options:?} depth {}",
                d + 1
            );
        }
    }
}

#[test]
fn depth_zero_is_one_and_divide_sums_to_total() {
    let mut g = game("pirates", &[]);
    assert_eq!(g.perft(0), 1);
    let divide = g.perft_divide(3);
    assert_eq!(divide.len(), 9);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 388);
}

/// Counted by hand: only c5, d5 and e5 can be reached. c5 and e5 carry
/// diagonals (file + rank even), d5 does not, so c5 is entered from b5, b4,
/// c4, d4; d5 only from d4; e5 from d4, e4, f4, f5.
#[test]
fn pirates_first_moves_by_hand() {
    let g = game("pirates", &[]);
    let mut moves: Vec<String> = g.legal_moves().iter().map(|m| g.move_text(m)).collect();
    moves.sort();
    let mut want = [
        "b5-c5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5", "f4-e5", "f5-e5",
    ];
    want.sort();
    assert_eq!(moves, want);
}

/// tests/data/perft_cases.txt: middle-game positions of every game and option set.
#[test]
fn middle_game_positions_match_the_reference() {
    let data = include_str!("../data/perft_cases.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let options: Vec<&str> = f[1].split(',').filter(|s| !s.is_empty()).collect();
        let mut g = game(f[0], &options);
        g.play_text(f[2]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let depth: u32 = f[3].parse().unwrap();
        let want: u64 = f[4].parse().unwrap();
        assert_eq!(
            g.perft(depth),
            want,
            "{} {:?} after {} plies, depth {depth}",
            f[0],
            options,
            g.ply()
        );
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} cases read");
}
