//! The rule book (`docs/inside/rules.md`) §1: board, pieces, start.
use crate::common::*;
use dama_rules::{Color, Position, fen};

#[test]
fn squares_are_named_from_whites_side_files_a_to_h_ranks_1_to_8() {
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("h1").index(), 7);
    assert_eq!(sq("a8").index(), 56);
    assert_eq!(sq("h8").index(), 63);
    assert_eq!((sq("e3").file(), sq("e3").rank()), (4, 2));
    assert_eq!(sq("e3").to_string(), "e3");
}

#[test]
fn white_men_start_on_ranks_2_and_3_black_men_on_ranks_6_and_7() {
    let start = Position::start();
    assert_eq!(start.men(Color::White).count(), 16);
    assert_eq!(start.men(Color::Black).count(), 16);
    for s in start.men(Color::White) {
        assert!(s.rank() == 1 || s.rank() == 2, "white man on {s}");
    }
    for s in start.men(Color::Black) {
        assert!(s.rank() == 5 || s.rank() == 6, "black man on {s}");
    }
    assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
    assert_eq!(
        fen::write(&start),
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    );
}

#[test]
fn white_moves_first_and_the_players_alternate() {
    let start = Position::start();
    assert_eq!(start.side_to_move(), Color::White);
    let after = start.play_unchecked(&start.legal_moves()[0]);
    assert_eq!(after.side_to_move(), Color::Black);
    let again = after.play_unchecked(&after.legal_moves()[0]);
    assert_eq!(again.side_to_move(), Color::White);
}

#[test]
fn the_first_moves_are_the_eight_third_rank_men_stepping_forward() {
    let expected: Vec<String> = "abcdefgh".chars().map(|f| format!("{f}3-{f}4")).collect();
    assert_eq!(moves(&fen::write(&Position::start())), expected);
}

#[test]
fn forward_is_towards_rank_8_for_white_and_rank_1_for_black() {
    assert_eq!(moves("W:Wd4:Bh6"), ["d4-c4", "d4-d5", "d4-e4"]);
    assert_eq!(moves("B:Wa2:Bd5"), ["d5-c5", "d5-d4", "d5-e5"]);
}
