//! The rule book (`docs/inside/rules.md`) §6: the text position format.
use crate::common::*;
use dama_rules::{Color, FenError, Piece, Position, PositionError, Role, fen};

#[test]
fn the_start_position_reads_and_writes_as_given() {
    let text = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
    assert_eq!(pos(text), Position::start());
    assert_eq!(fen::write(&Position::start()), text);
}

#[test]
fn k_marks_a_king() {
    let p = pos("W:WKd4,e3:Bd5,f6");
    assert_eq!(p.side_to_move(), Color::White);
    let white_king = Piece {
        color: Color::White,
        role: Role::King,
    };
    assert_eq!(p.piece_at(sq("d4")), Some(white_king));
    assert_eq!(p.piece_at(sq("e3")).unwrap().role, Role::Man);
    assert_eq!(p.piece_at(sq("d5")).unwrap().color, Color::Black);
    assert_eq!(p.piece_at(sq("a1")), None);
}

#[test]
fn side_and_piece_letters_are_case_insensitive() {
    assert_eq!(pos("w:wkd4,e3:bd5,f6"), pos("W:WKd4,e3:Bd5,f6"));
    assert_eq!(pos("b:WKD4:BD5").side_to_move(), Color::Black);
}

#[test]
fn squares_may_come_in_any_order_and_are_written_rank_by_rank() {
    let p = pos("W:Wh3,a2,Ke4:Bg6,b6");
    assert_eq!(fen::write(&p), "W:Wa2,h3,Ke4:Bb6,g6");
}

#[test]
fn an_empty_piece_list_is_allowed() {
    let p = pos("W:W:Bd5");
    assert!(p.pieces(Color::White).is_empty());
    assert_eq!(fen::write(&p), "W:W:Bd5");
    assert_eq!(fen::write(&pos("B:WKd4:B")), "B:WKd4:B");
}

#[test]
fn a_square_off_the_board_is_rejected() {
    for bad in ["W:Wi4:Bd5", "W:Wa9:Bd5", "W:Wa0:Bd5", "W:Wd4:BKz1"] {
        assert!(matches!(fen::parse(bad), Err(FenError::Piece(_))), "{bad}");
    }
}

#[test]
fn the_same_square_twice_is_rejected() {
    assert_eq!(
        fen::parse("W:Wd4,d4:Bd5"),
        Err(FenError::Position(PositionError::SquareTwice(sq("d4"))))
    );
    assert_eq!(
        fen::parse("W:Wd4:BKd4"),
        Err(FenError::Position(PositionError::SquareTwice(sq("d4"))))
    );
}

#[test]
fn more_than_sixteen_pieces_a_side_is_rejected() {
    let seventeen = "a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4";
    assert_eq!(
        fen::parse(&format!("W:W{seventeen}:Bd6")),
        Err(FenError::Position(PositionError::TooManyPieces {
            color: Color::White,
            count: 17
        }))
    );
}

#[test]
fn a_man_on_rank_1_or_rank_8_of_either_color_is_rejected() {
    for (text, color, square) in [
        ("W:Wd1:Bd5", Color::White, "d1"),
        ("W:Wd8:Bd5", Color::White, "d8"),
        ("W:Wd4:Bd1", Color::Black, "d1"),
        ("W:Wd4:Bd8", Color::Black, "d8"),
    ] {
        assert_eq!(
            fen::parse(text),
            Err(FenError::Position(PositionError::ManOnBackRank {
                color,
                square: sq(square)
            })),
            "{text}"
        );
    }
    // Kings may stand there.
    assert!(fen::parse("W:WKd1,Kd8:BKa1,Ka8").is_ok());
}

#[test]
fn a_side_may_have_no_pieces() {
    let p = pos("B:WKd4:B");
    assert!(p.pieces(Color::Black).is_empty());
    assert!(p.legal_moves().is_empty());
}

#[test]
fn malformed_text_gets_a_clear_error() {
    assert_eq!(fen::parse(""), Err(FenError::Shape));
    assert_eq!(fen::parse("W:Wd4"), Err(FenError::Shape));
    assert_eq!(fen::parse("X:Wd4:Bd5"), Err(FenError::Side("X".into())));
    assert_eq!(
        fen::parse("W:Xd4:Bd5"),
        Err(FenError::ListColor("Xd4".into()))
    );
    assert_eq!(
        fen::parse("W:Wd4:Wd5"),
        Err(FenError::ColorTwice(Color::White))
    );
    assert_eq!(fen::parse("W:Wd4,:Bd5"), Err(FenError::Piece("".into())));
    let message = fen::parse("W:Wd4,d4:Bd5").unwrap_err().to_string();
    assert!(message.contains("d4"), "{message}");
}

#[test]
fn the_examples_of_rules_section_10_with_a_man_on_the_back_rank_are_rejected() {
    // The rule book §10 lists W:Wc6:Bc7,d8,e5 and W:WKd4:Bb4,f4,h8, but §6 rejects a man on rank 8;
    // the rule tests use them with that man made a king, which changes none of their moves.
    assert!(fen::parse("W:Wc6:Bc7,d8,e5").is_err());
    assert!(fen::parse("W:WKd4:Bb4,f4,h8").is_err());
}
