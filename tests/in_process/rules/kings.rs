//! The rule book (`docs/inside/rules.md`) §3: kings (dama).
use crate::common::*;

#[test]
fn a_white_man_ending_its_move_on_rank_8_is_crowned() {
    assert_eq!(after("W:Wd7:Ba6", "d7-d8"), "B:WKd8:Ba6");
}

#[test]
fn a_black_man_ending_its_move_on_rank_1_is_crowned() {
    assert_eq!(after("B:Wh6:Bd2", "d2-d1"), "W:Wh6:BKd1");
}

#[test]
fn a_man_crowned_by_a_capture_is_a_king() {
    assert_eq!(after("W:Wd6:Bd7", "d6xd8"), "B:WKd8:B");
}

#[test]
fn a_king_slides_any_number_of_empty_squares_along_its_rank_and_file() {
    let m = moves("W:WKd4:Ba7");
    assert_eq!(m.len(), 14);
    for to in ["d1", "d8", "a4", "h4", "d5", "c4"] {
        assert!(
            m.contains(&format!("d4-{to}")),
            "d4-{to} missing from {m:?}"
        );
    }
    assert!(
        !m.iter().any(|x| x == "d4-e5"),
        "kings never move diagonally"
    );
}

#[test]
fn a_king_stops_before_the_first_occupied_square() {
    // Own man on d6 and e4: north ends at d5, east is closed.
    let m = moves("W:WKd4,d6,e4:Ba7");
    let king: Vec<&String> = m.iter().filter(|x| x.starts_with("d4")).collect();
    assert_eq!(
        king,
        [
            "d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5"
        ]
    );
}

#[test]
fn a_king_captures_from_a_distance_and_lands_on_any_empty_square_beyond() {
    assert_eq!(moves("W:WKd1:Bd5"), ["d1xd6", "d1xd7", "d1xd8"]);
}

#[test]
fn a_king_lands_no_further_than_the_next_occupied_square() {
    assert_eq!(moves("W:WKd1,d7:Bd5"), ["d1xd6"]);
}

#[test]
fn a_king_never_jumps_its_own_piece() {
    let m = moves("W:WKd1,d3:Bd5");
    assert!(m.iter().all(|x| !x.contains('x')), "{m:?}");
    assert!(m.contains(&"d1-d2".to_string()) && !m.contains(&"d1-d4".to_string()));
}

#[test]
fn a_king_never_jumps_two_pieces_at_once() {
    let m = moves("W:WKd1:Bd5,d6");
    assert!(m.iter().all(|x| !x.contains('x')), "{m:?}");
    assert!(m.contains(&"d1-d4".to_string()));
}

#[test]
fn a_king_is_not_crowned_again_and_stays_a_king_anywhere() {
    assert_eq!(after("W:WKd8:Ba6", "d8-d1"), "B:WKd1:Ba6");
    assert_eq!(after("B:Wa3:BKe1", "e1-e8"), "W:Wa3:BKe8");
}
