//! The rule book (`docs/inside/rules.md`) §4: captures.
use crate::common::*;
use dama_rules::{Bitboard, perft};

#[test]
fn capturing_is_compulsory() {
    // a3 could step quietly, but d4 can capture, so only the capture is legal.
    assert_eq!(moves("W:Wa3,d4:Bd5"), ["d4xd6"]);
}

#[test]
fn capturing_is_compulsory_for_kings_too() {
    assert_eq!(moves("W:WKa1,h3:Ba5"), ["a1xa6", "a1xa7", "a1xa8"]);
}

#[test]
fn a_chain_goes_on_while_the_piece_can_capture_and_is_one_move() {
    assert_eq!(moves("W:Wd4:Bd5,e6"), ["d4xd6xf6"]);
    assert_eq!(after("W:Wd4:Bd5,e6", "d4xd6xf6"), "B:Wf6:B");
}

#[test]
fn a_chain_may_not_stop_while_a_capture_remains() {
    let p = pos("W:Wd4:Bd5,e6");
    assert!(p.read_move("d4xd6").is_err());
}

#[test]
fn a_captured_piece_leaves_the_board_at_once_so_the_king_may_fly_over_its_square() {
    // The king takes c3 going north, and later flies back north over c3's empty square to take c7.
    assert_eq!(moves("W:WKc1:Bc3,e5,f3,d2,c7"), ["c1xc5xf5xf2xc2xc8"]);
}

#[test]
fn a_king_may_finish_its_chain_on_the_square_it_started_from() {
    let m = moves("W:WKa1:Ba3,Kb1,c5,d3");
    assert!(m.contains(&"a1xd1xd5xa5xa1".to_string()), "{m:?}");
    assert_eq!(after("W:WKa1:Ba3,Kb1,c5,d3", "a1xd1xd5xa5xa1"), "B:WKa1:B");
}

#[test]
fn a_piece_cannot_be_captured_twice() {
    // A lone enemy king: once taken it is gone, so the chain is one capture long.
    assert_eq!(moves("W:WKd1:BKd5"), ["d1xd6", "d1xd7", "d1xd8"]);
}

#[test]
fn a_king_may_not_turn_back_180_degrees_between_two_captures() {
    // After taking f4 eastwards, taking b4 would mean flying straight back west.
    assert_eq!(moves("W:WKd4:Bb4,f4,Kh8"), ["d4xa4", "d4xg4", "d4xh4"]);
}

#[test]
fn a_king_may_turn_90_degrees_between_two_captures() {
    assert_eq!(moves("W:WKd1:Bd3,c6"), ["d1xd6xa6", "d1xd6xb6"]);
}

#[test]
fn only_the_chains_that_take_the_most_pieces_are_legal() {
    // a3 can take one piece, d4 two: only d4 may capture.
    assert_eq!(moves("W:Wa3,d4:Ba4,d5,e6"), ["d4xd6xf6"]);
}

#[test]
fn men_and_kings_count_one_each_for_the_maximum() {
    // g3 could take a king, a3 takes two men: two pieces beat one king.
    assert_eq!(moves("W:Wa3,g3:Ba4,b5,Kg4"), ["a3xa5xc5"]);
}

#[test]
fn equal_maximum_captures_are_a_free_choice() {
    assert_eq!(moves("W:Wd4,g4:Bd5,g5"), ["d4xd6", "g4xg6"]);
}

#[test]
fn a_king_may_land_only_where_the_chain_can_still_reach_the_maximum() {
    // Of d4…d8 beyond d3, only d6 lets the king go on to take c6.
    assert_eq!(moves("W:WKd1:Bd3,c6"), ["d1xd6xa6", "d1xd6xb6"]);
    assert!(pos("W:WKd1:Bd3,c6").read_move("d1xd4").is_err());
}

#[test]
fn a_man_crossing_the_far_rank_mid_chain_goes_on_as_a_man_and_is_crowned_at_the_end() {
    // The rule book §10 (with the back-rank man on d8 made a king, as §6 requires).
    assert_eq!(moves("W:Wc6:Bc7,Kd8,e5"), ["c6xc8xe8"]);
    assert_eq!(after("W:Wc6:Bc7,Kd8,e5", "c6xc8xe8"), "B:WKe8:Be5");
}

#[test]
fn a_man_reaching_the_far_rank_mid_chain_is_crowned_where_the_chain_ends() {
    // d6 takes d7 to d8, then e8 sideways to f8: one king, on f8, and nothing on d8.
    assert_eq!(after("W:Wd6:Bd7,Ke8", "d6xd8xf8"), "B:WKf8:B");
}

#[test]
fn a_man_below_the_far_rank_stays_a_man_after_a_chain() {
    assert_eq!(after("W:Wd5:Bd6,e7", "d5xd7xf7"), "B:Wf7:B");
}

#[test]
fn chains_with_the_same_origin_final_square_and_captures_are_one_move() {
    // Round the square a1-d1-d5-a5 either way: the same move, listed and counted once.
    let text = "W:WKa1:Ba3,Kb1,c5,d3";
    assert_eq!(moves(text), ["a1xd1xd5xa5xa1", "a1xd1xd5xa5xa2"]);
    assert_eq!(perft(&pos(text), 1), 2);
    let p = pos(text);
    let chains = p.legal_chains();
    let to_a1 = chains.iter().filter(|c| c.to() == sq("a1")).count();
    assert!(to_a1 >= 2, "two chains make the move a1…a1, found {to_a1}");
}

#[test]
fn captured_pieces_are_the_ones_jumped() {
    let p = pos("W:WKd2:Bd4,f5,g3,Kb2");
    let mv = p.read_move("d2xd5xg5xg2xa2").expect("legal");
    let expected: Bitboard = ["d4", "f5", "g3", "b2"].iter().map(|s| sq(s)).collect();
    assert_eq!(mv.captured(), expected);
    assert_eq!(mv.capture_count(), 4);
    assert_eq!(p.play_unchecked(&mv), pos("B:WKa2:B"));
}

#[test]
fn every_piece_that_can_capture_is_among_the_capturers() {
    // White men on d4 (can take d5) and a3 (blocked by two in a row), a king on h1 (takes h6).
    let p = pos("W:Wa3,d4,Kh1:Ba4,a5,d5,h6");
    let expected = dama_rules::bitboard! {
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . x . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . x
    };
    assert_eq!(p.capturers(), expected);
}
