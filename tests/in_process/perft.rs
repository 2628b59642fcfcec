//! The rule book (`docs/inside/rules.md`) §10: perft from the start position, counting distinct moves.
use crate::common::*;
use dama_rules::{PerftTable, Position, perft, perft_divide};

const START_COUNTS: [u64; 8] = [8, 64, 708, 7_538, 85_090, 931_312, 10_782_308, 123_285_642];

#[test]
fn perft_from_the_start_position_to_depth_7_matches_the_rule_book() {
    for (depth, &expected) in START_COUNTS.iter().enumerate().take(7) {
        assert_eq!(
            perft(&Position::start(), depth as u32 + 1),
            expected,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
#[ignore = "about a second in release; run with --ignored"]
fn perft_from_the_start_position_at_depth_8_matches_the_rule_book() {
    assert_eq!(perft(&Position::start(), 8), START_COUNTS[7]);
}

#[test]
fn perft_with_a_table_counts_the_same() {
    let mut table = PerftTable::new(16);
    for depth in 1..=7 {
        assert_eq!(
            table.perft(&Position::start(), depth),
            START_COUNTS[depth as usize - 1]
        );
    }
    let mut rng = Rng(9);
    for _ in 0..30 {
        let p = random_position(&mut rng, 6, 30);
        assert_eq!(PerftTable::new(10).perft(&p, 4), perft(&p, 4), "{p:?}");
    }
}

#[test]
fn divide_lists_each_first_move_and_sums_to_the_total() {
    let rows = perft_divide(&Position::start(), 3);
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0].0, "a3-a4");
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 708);
}

#[test]
fn the_positions_worth_a_test_of_their_own() {
    // The rule book §10, with the black man standing on rank 8 made a king (§6 forbids the man).
    assert_eq!(moves("W:Wc6:Bc7,Kd8,e5"), ["c6xc8xe8"]);
    assert_eq!(moves("W:WKd4:Bb4,f4,Kh8"), ["d4xa4", "d4xg4", "d4xh4"]);
    assert_eq!(moves("W:WKa1:Ba5"), ["a1xa6", "a1xa7", "a1xa8"]);
}
