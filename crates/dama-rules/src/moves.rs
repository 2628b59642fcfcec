//! A move is its origin, its final square and the set of pieces it captures (the rule book §4, "What
//! a move is"); a [`Chain`] adds the landing squares, for notation.

use std::fmt;

use super::{Bitboard, Square};

/// One legal move, as the rules identify it: two chains with the same origin, final square and
/// captured set are the same move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
    captured: Bitboard,
}

impl Move {
    /// A move of the piece on `from` to `to`, taking the pieces on `captured` (none for a quiet
    /// move). Only the move generator's moves are legal; this makes no check.
    pub const fn new(from: Square, to: Square, captured: Bitboard) -> Move {
        Move { from, to, captured }
    }

    /// Where the piece starts.
    pub const fn from(&self) -> Square {
        self.from
    }

    /// Where the piece ends.
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The squares of the pieces this move captures (empty for a quiet move).
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether it takes anything.
    pub const fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// How many pieces it takes.
    pub const fn capture_count(&self) -> u32 {
        self.captured.count()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(
                f,
                "{}x{} takes {:?}",
                self.from,
                self.to,
                self.captured.collect::<Vec<_>>()
            )
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}

/// One way of playing a capture: the piece's origin, every square it lands on in order (the
/// last is the final square), and what it takes.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Chain {
    /// Where the capturing piece starts.
    pub from: Square,
    /// Every square it lands on, in order; the last is where it ends.
    pub landings: Vec<Square>,
    /// The pieces it takes.
    pub captured: Bitboard,
}

impl Chain {
    /// Where the capture ends.
    #[expect(clippy::expect_used, reason = "a chain lands at least once")]
    pub fn to(&self) -> Square {
        *self.landings.last().expect("a chain lands at least once")
    }

    /// The move it plays (routes to the same end taking the same pieces are one move).
    pub fn as_move(&self) -> Move {
        Move::new(self.from, self.to(), self.captured)
    }
}

impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for sq in &self.landings {
            write!(f, "x{sq}")?;
        }
        Ok(())
    }
}
