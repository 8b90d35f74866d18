//! Which crowd pieces stand in danger: those a hunter could jump on the
//! hunters' next move, whoever is to move now. The game marks them for
//! beginners playing the crowd (see `RULES.md` for how jumps and chains work).

use super::{Bitboard, Position, Rules, Side};

/// The crowd pieces some legal hunter move of the next turn would capture,
/// counting every piece of a chain. Hunters still to be placed threaten nothing.
pub fn threatened(rules: &Rules, pos: &Position) -> Bitboard {
    let mut turn = *pos;
    turn.side_to_move = Side::Hunters;
    if turn.in_hand[Side::Hunters.index()] > 0 {
        return Bitboard::EMPTY;
    }
    let mut moves = Vec::new();
    rules.generate(&turn, &mut moves);
    moves
        .iter()
        .flat_map(|m| rules.captured(m))
        .fold(Bitboard::EMPTY, |b, p| b.with(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Point, parse_position};

    fn points(b: Bitboard) -> Vec<String> {
        b.map(|p: Point| p.to_string()).collect()
    }

    #[test]
    fn a_chain_threatens_every_piece_it_jumps() {
        // The pirate on d6 jumps d5 to d4, then c4 to b4 or e4 to f4.
        let (variant, pos) =
            parse_position("pirates P2/1P1/3B3/2B1B2/B5B/BBB/BBB P 0/0 0 17").unwrap();
        let rules = Rules::new(variant);
        assert_eq!(points(threatened(&rules, &pos)), ["c4", "e4", "d5"]);
    }

    #[test]
    fn threats_are_the_hunters_next_move_even_on_the_crowds_turn() {
        let (variant, mut pos) =
            parse_position("pirates P2/1P1/3B3/2B1B2/B5B/BBB/BBB P 0/0 0 17").unwrap();
        pos.side_to_move = Side::Crowd;
        let rules = Rules::new(variant);
        assert_eq!(threatened(&rules, &pos).count(), 3);
    }

    #[test]
    fn the_start_threatens_nothing() {
        let (variant, pos) = parse_position(
            "pirates,compulsory=on,retreat=off 3/P1P/BB3BB/BBBBBBB/BBBBBBB/BBB/BBB B 0/0 0 54",
        )
        .unwrap();
        assert!(threatened(&Rules::new(variant), &pos).is_empty());
    }
}
