//! The rule book in code (`docs/inside/rules.md`): squares, bitboards, positions, move generation, notation,
//! text positions, the game record and its outcome, perft and PDN. Plain `std`.

mod bitboard;
pub mod fen;
mod game;
mod movegen;
mod moves;
mod notation;
pub mod pdn;
mod perft;
mod position;
mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{Game, GameResult, NO_PROGRESS_PLIES, Outcome, Reason, rules_outcome};
pub use moves::{Chain, Move};
pub use notation::{Illegal, MoveError, MoveText, PieceName, SyntaxError, WhyNot};
pub use perft::{PerftTable, perft, perft_divide};
pub use position::{Position, PositionError, Setup};
pub use square::{Color, Direction, ParseSquareError, Piece, Role, Square};

/// At most the first 24 characters of a text a player or a file gave, for an error to quote
/// (`…` marks what was cut): an error never echoes a whole file back.
pub fn quoted(text: &str) -> String {
    const SHOWN: usize = 24;
    let mut shown: String = text.chars().take(SHOWN).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}
