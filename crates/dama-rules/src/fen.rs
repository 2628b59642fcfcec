//! The text position format of the rule book §6: `<side>:W<white pieces>:B<black pieces>`.

use std::fmt::Write as _;
use std::str::FromStr;

use super::{Color, Piece, Position, PositionError, Role, Setup, Square};

/// What is wrong with a text position, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error(
        "a position has three parts joined by ':': the side to move, White's pieces and Black's pieces, as in W:Wa3,Kd4:Bc6"
    )]
    /// Not three parts joined by colons.
    Shape,
    #[error("the side to move must be W or B, not \"{0}\"")]
    /// The side to move is neither W nor B.
    Side(String),
    #[error("a piece list must start with W (White's pieces) or B (Black's pieces), not \"{0}\"")]
    /// A piece list that does not start with W or B.
    ListColor(String),
    #[error("{0}'s pieces are listed twice")]
    /// One side's pieces given twice.
    ColorTwice(Color),
    #[error("\"{0}\" is not a piece: write a square from a1 to h8, with K before it for a king")]
    /// A piece that is not a square (with K for a king).
    Piece(String),
    #[error(transparent)]
    /// The pieces read, but not as a position the game can reach.
    Position(#[from] PositionError),
}

/// Reads a text position; case and spaces around the parts do not matter.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let parts: Vec<&str> = text.trim().split(':').map(str::trim).collect();
    let [side, first, second] = parts[..] else {
        return Err(FenError::Shape);
    };
    let side = match side {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        other => return Err(FenError::Side(super::quoted(other))),
    };
    let mut setup = Setup {
        side,
        pieces: Vec::new(),
    };
    let mut seen = [false; 2];
    for list in [first, second] {
        let mut chars = list.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => return Err(FenError::ListColor(super::quoted(list))),
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenError::ColorTwice(color));
        }
        let rest = chars.as_str().trim();
        if rest.is_empty() {
            continue;
        }
        for token in rest.split(',').map(str::trim) {
            let (sq, role) = parse_piece(token)?;
            setup.pieces.push((sq, Piece { color, role }));
        }
    }
    Ok(setup.validate()?)
}

fn parse_piece(token: &str) -> Result<(Square, Role), FenError> {
    let (role, name) = match token.as_bytes().first() {
        Some(b'K' | b'k') => (Role::King, &token[1..]),
        _ => (Role::Man, token),
    };
    Square::parse(name)
        .map(|sq| (sq, role))
        .ok_or_else(|| FenError::Piece(super::quoted(token)))
}

/// Writes a position, squares in a1, b1, …, h8 order.
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(120);
    out.push(if pos.side_to_move() == Color::White {
        'W'
    } else {
        'B'
    });
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(if color == Color::White { 'W' } else { 'B' });
        for (i, sq) in pos.pieces(color).enumerate() {
            if i > 0 {
                out.push(',');
            }
            if pos.kings(color).contains(sq) {
                out.push('K');
            }
            let _ = write!(out, "{sq}");
        }
    }
    out
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s)
    }
}
