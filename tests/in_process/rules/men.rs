//! The rule book (`docs/inside/rules.md`) §2: men.
use crate::common::*;

#[test]
fn a_man_steps_one_square_forward_or_sideways() {
    assert_eq!(moves("W:Wd4:Bh6"), ["d4-c4", "d4-d5", "d4-e4"]);
}

#[test]
fn a_man_never_steps_backwards_or_diagonally() {
    let m = moves("W:Wd4:Bh6");
    for bad in ["d4-d3", "d4-c5", "d4-e5", "d4-c3", "d4-e3", "d4-d6"] {
        assert!(!m.contains(&bad.to_string()), "{bad} must not be legal");
    }
}

#[test]
fn a_man_steps_only_onto_an_empty_square() {
    assert_eq!(
        moves("W:Wc4,d4,d5:Bh6"),
        ["c4-b4", "c4-c5", "d4-e4", "d5-c5", "d5-d6", "d5-e5"]
    );
}

#[test]
fn a_man_at_the_edge_cannot_step_off_the_board() {
    assert_eq!(moves("W:Wa4:Bh6"), ["a4-a5", "a4-b4"]);
    assert_eq!(moves("W:Wh4:Ba6"), ["h4-g4", "h4-h5"]);
}

#[test]
fn a_man_captures_forward_by_jumping_onto_the_square_beyond() {
    assert_eq!(moves("W:Wd4:Bd5"), ["d4xd6"]);
    assert_eq!(moves("B:Wd4:Bd5"), ["d5xd3"]);
}

#[test]
fn a_man_captures_sideways() {
    assert_eq!(moves("W:Wd4:Be4"), ["d4xf4"]);
    assert_eq!(moves("W:Wd4:Bc4"), ["d4xb4"]);
}

#[test]
fn a_man_never_captures_backwards() {
    assert_eq!(moves("W:Wd4:Bd3"), ["d4-c4", "d4-d5", "d4-e4"]);
    assert_eq!(moves("B:Wd5:Bd4"), ["d4-c4", "d4-d3", "d4-e4"]);
}

#[test]
fn a_man_never_captures_diagonally() {
    assert_eq!(moves("W:Wd4:Be5,c5"), ["d4-c4", "d4-d5", "d4-e4"]);
}

#[test]
fn two_pieces_one_behind_the_other_cannot_be_jumped() {
    assert_eq!(moves("W:Wd4:Bd5,d6"), ["d4-c4", "d4-e4"]);
}

#[test]
fn a_man_cannot_capture_onto_an_occupied_square_or_off_the_board() {
    assert_eq!(moves("W:Wd4,f4:Be4"), ["d4-c4", "d4-d5", "f4-f5", "f4-g4"]);
    assert_eq!(moves("W:Wg4:Bh4"), ["g4-f4", "g4-g5"]);
}

#[test]
fn a_man_cannot_capture_its_own_piece() {
    assert_eq!(
        moves("W:Wd4,d5:Bh6"),
        ["d4-c4", "d4-e4", "d5-c5", "d5-d6", "d5-e5"]
    );
}
