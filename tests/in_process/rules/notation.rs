//! The rule book (`docs/inside/rules.md`) §7: move notation, written and read.
use crate::common::*;
use dama_rules::{Game, Illegal, MoveError, MoveText, SyntaxError};

fn read(fen: &str, text: &str) -> Result<String, MoveError> {
    let p = pos(fen);
    p.read_move(text).map(|m| p.notation(&m))
}

fn illegal(fen: &str, text: &str) -> Illegal {
    match read(fen, text) {
        Err(MoveError::Illegal(why)) => why,
        other => panic!("{text} in {fen}: expected illegal, got {other:?}"),
    }
}

const START: &str = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

#[test]
fn a_quiet_move_is_written_origin_dash_destination() {
    assert_eq!(moves("W:WKd1:Ba6"), {
        let mut m: Vec<String> = ["a1", "b1", "c1", "e1", "f1", "g1", "h1"]
            .iter()
            .chain(&["d2", "d3", "d4", "d5", "d6", "d7", "d8"])
            .map(|s| format!("d1-{s}"))
            .collect();
        m.sort();
        m
    });
}

#[test]
fn a_capture_is_written_with_every_landing_square_joined_by_x() {
    assert_eq!(moves("W:Wd3:Bd4"), ["d3xd5"]);
    assert_eq!(moves("W:Wc6:Bc7,Kd8,e5"), ["c6xc8xe8"]);
}

#[test]
fn a_kings_landing_squares_are_written_where_it_stopped() {
    assert_eq!(moves("W:WKa1:Ba3,f6"), ["a1xa6xg6", "a1xa6xh6"]);
}

#[test]
fn of_several_chains_for_one_move_the_one_first_in_square_order_is_written() {
    // a1…a1 goes round either way: a1xa5xd5xd1xa1 or a1xd1xd5xa5xa1; d1 comes before a5.
    assert_eq!(moves("W:WKa1:Ba3,Kb1,c5,d3")[0], "a1xd1xd5xa5xa1");
}

#[test]
fn case_and_surrounding_spaces_do_not_matter() {
    for text in ["E3-E4", " e3-e4 ", "e3 e4", "e3e4", "E3 - e4", "\te3-e4\n"] {
        assert_eq!(read(START, text).unwrap(), "e3-e4", "{text:?}");
    }
}

#[test]
fn x_colon_and_dash_are_all_accepted_between_capture_squares() {
    let p = "W:Wd3:Bd4,e5";
    for text in [
        "d3xd5xf5",
        "d3:d5:f5",
        "d3-d5-f5",
        "d3\u{2013}d5\u{2014}f5",
        "D3Xd5XF5",
        "d3 d5 f5",
        "d3d5f5",
    ] {
        assert_eq!(read(p, text).unwrap(), "d3xd5xf5", "{text:?}");
    }
}

#[test]
fn a_capture_may_be_shortened_to_origin_and_final_square() {
    assert_eq!(read("W:Wd3:Bd4,e5", "d3xf5").unwrap(), "d3xd5xf5");
    assert_eq!(
        read("W:WKc1:Bc3,e5,f3,d2,c7", "c1xc8").unwrap(),
        "c1xc5xf5xf2xc2xc8"
    );
}

#[test]
fn a_capture_may_be_given_by_any_subsequence_of_its_landing_squares() {
    let p = "W:WKc1:Bc3,e5,f3,d2,c7";
    for text in ["c1xf5xc8", "c1xc5xf2xc8", "c1xc2xc8", "c1xc5xf5xf2xc2xc8"] {
        assert_eq!(read(p, text).unwrap(), "c1xc5xf5xf2xc2xc8", "{text}");
    }
}

#[test]
fn a_move_that_several_legal_moves_match_names_them_all_and_plays_none() {
    let fen = "W:WKh8:BKd8,b4,c4,Kd1";
    let mut game = Game::new(pos(fen));
    match game.play_text("h8xe1") {
        Err(MoveError::Ambiguous { options, .. }) => {
            assert_eq!(options, ["h8xb8xb1xe1", "h8xc8xc1xe1"]);
        }
        other => panic!("expected ambiguous, got {other:?}"),
    }
    assert_eq!(game.ply_count(), 0, "nothing is played");
    let message = game.play_text("h8xe1").unwrap_err().to_string();
    assert!(
        message.contains("h8xb8xb1xe1") && message.contains("h8xc8xc1xe1"),
        "{message}"
    );
    // One more square settles it.
    assert_eq!(read(fen, "h8xc8xe1").unwrap(), "h8xc8xc1xe1");
    assert_eq!(read(fen, "h8 b1 e1").unwrap(), "h8xb8xb1xe1");
}

#[test]
fn ambiguous_and_illegal_are_distinct_errors() {
    assert!(matches!(
        read("W:WKh8:BKd8,b4,c4,Kd1", "h8xe1"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(matches!(
        read("W:WKh8:BKd8,b4,c4,Kd1", "h8xa1"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn a_move_from_an_empty_square_says_there_is_no_piece() {
    assert_eq!(illegal(START, "e4-e5"), Illegal::NoPiece(sq("e4")));
    assert_eq!(
        illegal(START, "e4-e5").to_string(),
        "there is no piece on e4"
    );
}

#[test]
fn moving_the_opponents_piece_says_whose_turn_it_is() {
    let why = illegal(START, "e6-e5");
    assert!(matches!(why, Illegal::NotYourPiece { .. }));
    assert_eq!(
        why.to_string(),
        "the piece on e6 is Black's, and it is White's turn"
    );
}

#[test]
fn a_quiet_move_when_a_capture_exists_says_capturing_is_compulsory() {
    let why = illegal("W:Wa3,d4:Bd5", "a3-a4");
    assert_eq!(
        why,
        Illegal::CaptureCompulsory {
            options: vec!["d4xd6".into()]
        }
    );
    assert_eq!(why.to_string(), "capturing is compulsory: play d4xd6");
}

#[test]
fn a_shorter_capture_says_a_longer_one_exists() {
    let why = illegal("W:Wa3,d4:Ba4,d5,e6", "a3xa5");
    assert_eq!(
        why,
        Illegal::MustTakeMore {
            count: 2,
            options: vec!["d4xd6xf6".into()]
        }
    );
    assert!(why.to_string().contains("as many pieces as possible (2)"));
}

#[test]
fn stopping_a_chain_early_says_the_capture_is_not_over() {
    let why = illegal("W:Wd4:Bd5,e6", "d4xd6");
    assert_eq!(
        why,
        Illegal::Unfinished {
            options: vec!["d4xd6xf6".into()]
        }
    );
}

#[test]
fn a_capture_the_piece_cannot_make_lists_the_ones_it_can() {
    let why = illegal("W:Wd4:Bd5,e6", "d4xb4");
    assert!(matches!(why, Illegal::WrongCapture { .. }), "{why:?}");
    assert!(why.to_string().contains("d4xd6xf6"));
}

#[test]
fn a_man_moving_backwards_or_diagonally_or_too_far_says_so() {
    let why = illegal("W:Wd4:Bh6", "d4-d3");
    assert!(why.to_string().contains("never moves backwards"), "{why}");
    let why = illegal("W:Wd4:Bh6", "d4-e5");
    assert!(why.to_string().contains("never move diagonally"), "{why}");
    let why = illegal("W:Wd4:Bh6", "d4-d6");
    assert!(why.to_string().contains("one square"), "{why}");
    assert!(why.to_string().contains("d4-c4, d4-d5 or d4-e4"), "{why}");
}

#[test]
fn a_blocked_piece_says_it_is_blocked() {
    let why = illegal("W:Wa6,h2:Ba7,Ka8,b6,c6", "a6-a7");
    assert_eq!(why.to_string(), "the man on a6 is blocked and cannot move");
}

#[test]
fn landing_squares_when_nothing_can_be_captured_are_refused_with_the_quiet_move() {
    let why = illegal(START, "e3xe4xe5");
    assert!(matches!(why, Illegal::NothingToCapture { .. }), "{why:?}");
}

#[test]
fn text_that_is_no_move_at_all_gets_a_syntax_error() {
    assert_eq!(MoveText::parse(""), Err(SyntaxError::Empty));
    assert_eq!(MoveText::parse("   "), Err(SyntaxError::Empty));
    assert_eq!(MoveText::parse("e3"), Err(SyntaxError::OneSquare));
    assert_eq!(
        MoveText::parse("e3-"),
        Err(SyntaxError::TrailingSeparator('-'))
    );
    assert_eq!(
        MoveText::parse("e3-e9"),
        Err(SyntaxError::NotASquare("e9".into()))
    );
    assert_eq!(
        MoveText::parse("hello"),
        Err(SyntaxError::NotASquare("hello".into()))
    );
    assert_eq!(
        MoveText::parse("e3--e4"),
        Err(SyntaxError::NotASquare("-".into()))
    );
    assert!(matches!(
        read(START, "good game"),
        Err(MoveError::Syntax(_))
    ));
}
