//! A checked position: built only from the start, from a validated [`Setup`], or by playing
//! legal moves, so it always satisfies the rule book §6 (at most 16 pieces a side, no man on rank 1
//! or 8, one piece a square).

use std::fmt;

use super::bitboard::{RANK_1, RANK_8};
use super::zobrist;
use super::{Bitboard, Color, Illegal, Move, Piece, PieceName, Role, Square, WhyNot};

/// Pieces on squares plus the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [u64; 2],
    pub(crate) kings: u64,
    pub(crate) side: Color,
}

/// Why a setup is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("two pieces are placed on {0}: a square holds one piece")]
    /// Two pieces on one square.
    SquareTwice(Square),
    #[error("{color} has {count} pieces: a side has at most 16")]
    /// More than 16 pieces of one colour.
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many there are.
        count: usize,
    },
    #[error(
        "a {color} man stands on {square}: a man can never stand on rank 1 or rank 8 (it is crowned there, or could never have got there)"
    )]
    /// A man on the first or last rank, where no man can stand.
    ManOnBackRank {
        /// Whose man.
        color: Color,
        /// Where it stands.
        square: Square,
    },
}

/// An unchecked placement of pieces, turned into a [`Position`] by [`Setup::validate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Whose turn it is.
    pub side: Color,
    /// Every piece and its square.
    pub pieces: Vec<(Square, Piece)>,
}

impl Setup {
    /// The position this setup describes, if it is one a game can hold.
    pub fn validate(&self) -> Result<Position, PositionError> {
        let (mut men, mut kings) = ([Bitboard::EMPTY; 2], [Bitboard::EMPTY; 2]);
        let mut placed = Bitboard::EMPTY;
        for &(sq, piece) in &self.pieces {
            // Bitboards cannot hold a square twice, so the list is checked for it here.
            if placed.contains(sq) {
                return Err(PositionError::SquareTwice(sq));
            }
            placed = placed.with(sq);
            let group = match piece.role {
                Role::Man => &mut men,
                Role::King => &mut kings,
            };
            group[piece.color.index()] = group[piece.color.index()].with(sq);
        }
        Position::from_bitboards(men, kings, self.side)
    }
}

impl Position {
    /// The position with these men and kings (indexed by [`Color::index`]), if a game can hold
    /// it: no square twice, no man on its first or last rank, at most 16 pieces a side. The one
    /// check of a position; [`Setup::validate`] and the endgame tables both come through it.
    pub fn from_bitboards(
        men: [Bitboard; 2],
        kings: [Bitboard; 2],
        side: Color,
    ) -> Result<Position, PositionError> {
        let groups = [men[0].0, kings[0].0, men[1].0, kings[1].0];
        let mut seen = 0u64;
        for group in groups {
            if let Some(square) = Bitboard(seen & group).first() {
                return Err(PositionError::SquareTwice(square));
            }
            seen |= group;
        }
        for color in [Color::White, Color::Black] {
            if let Some(square) = Bitboard(men[color.index()].0 & (RANK_1 | RANK_8)).first() {
                return Err(PositionError::ManOnBackRank { color, square });
            }
        }
        for color in [Color::White, Color::Black] {
            let i = color.index();
            let count = (men[i].0 | kings[i].0).count_ones() as usize;
            if count > 16 {
                return Err(PositionError::TooManyPieces { color, count });
            }
        }
        Ok(Position {
            by_color: [men[0].0 | kings[0].0, men[1].0 | kings[1].0],
            kings: kings[0].0 | kings[1].0,
            side,
        })
    }

    /// The start position: White men on ranks 2–3, Black men on ranks 6–7, White to move.
    pub const fn start() -> Position {
        Position {
            by_color: [0xffff << 8, 0xffff << 40],
            kings: 0,
            side: Color::White,
        }
    }

    /// The position with the colours swapped and the board turned over (rank 1 ↔ rank 8): the
    /// same game from the other side. Still a position: men stay off their crowning rank.
    pub const fn flipped(&self) -> Position {
        Position {
            by_color: [self.by_color[1].swap_bytes(), self.by_color[0].swap_bytes()],
            kings: self.kings.swap_bytes(),
            side: self.side.opponent(),
        }
    }

    /// Whose turn it is.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Every piece of `color`.
    pub const fn pieces(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()])
    }

    /// The men of `color`.
    pub const fn men(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()] & !self.kings)
    }

    /// The kings of `color`.
    pub const fn kings(&self, color: Color) -> Bitboard {
        Bitboard(self.by_color[color.index()] & self.kings)
    }

    /// Every square with a piece on it.
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0] | self.by_color[1])
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = sq.bit().0;
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else if self.by_color[1] & bit != 0 {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings & bit != 0 {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// The pieces as an unchecked setup, in a1…h8 order.
    pub fn to_setup(&self) -> Setup {
        Setup {
            side: self.side,
            pieces: Square::ALL
                .iter()
                .filter_map(|&sq| self.piece_at(sq).map(|p| (sq, p)))
                .collect(),
        }
    }

    /// The same pieces with the other side to move.
    pub const fn with_side_to_move(mut self, side: Color) -> Position {
        self.side = side;
        self
    }

    /// The position after `mv`, or why it is not a legal move here.
    ///
    /// ```
    /// use dama_rules::Position;
    ///
    /// let start = Position::default();
    /// let e4 = start.read_move("e3-e4").unwrap();
    /// let after = start.play(&e4).unwrap();
    /// // Black's reply is no move of the start position, where White moves.
    /// let reply = after.read_move("f6-f5").unwrap();
    /// assert!(start.play(&reply).is_err());
    /// assert!(after.play(&reply).is_ok());
    /// ```
    pub fn play(&self, mv: &Move) -> Result<Position, Illegal> {
        let legal = self.legal_moves();
        if legal.contains(mv) {
            return Ok(self.play_unchecked(mv));
        }
        Err(Illegal::CannotMoveThere {
            piece: PieceName(self.piece_at(mv.from()).map_or(Role::Man, |p| p.role)),
            from: mv.from(),
            to: mv.to(),
            why: WhyNot::NotLegal,
            options: self.notations(&legal),
        })
    }

    /// The position after `mv`, without checking it: the search's path, for moves this
    /// position generated ([`Position::legal_moves`]). Use [`Position::play`] for a move from
    /// anywhere else.
    ///
    /// It does not panic: an illegal move gives a position that no game reaches (a piece
    /// moved through others, say), and everything after it is wrong.
    ///
    /// ```
    /// use dama_rules::Position;
    ///
    /// let start = Position::default();
    /// for mv in start.legal_moves() {
    ///     let next = start.play_unchecked(&mv);
    ///     assert_eq!(next.side_to_move(), start.side_to_move().opponent());
    /// }
    /// ```
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let us = self.side.index();
        let them = 1 - us;
        let from = mv.from().bit().0;
        let to = mv.to().bit().0;
        let captured = mv.captured().0;
        let mut next = *self;
        next.by_color[us] = (next.by_color[us] & !from) | to;
        next.by_color[them] &= !captured;
        let was_king = self.kings & from != 0;
        next.kings &= !(from | captured);
        if was_king || mv.to().rank() == self.side.crowning_rank() {
            next.kings |= to;
        }
        next.side = self.side.opponent();
        next
    }

    /// Whether `mv` (legal here) crowns a man.
    pub fn is_promotion(&self, mv: &Move) -> bool {
        self.kings & mv.from().bit().0 == 0 && mv.to().rank() == self.side.crowning_rank()
    }

    /// Whether `mv` (legal here) is progress for the no-progress rule: a capture, a promotion,
    /// or a man moving forward.
    pub fn is_progress(&self, mv: &Move) -> bool {
        if mv.is_capture() {
            return true;
        }
        if self.kings & mv.from().bit().0 != 0 {
            return false;
        }
        mv.from().rank() != mv.to().rank()
    }

    /// The zobrist key of this position, computed from scratch.
    pub fn zobrist(&self) -> u64 {
        let mut key = if self.side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for sq in self.pieces(color) {
                let role = if self.kings & sq.bit().0 != 0 {
                    Role::King
                } else {
                    Role::Man
                };
                key ^= zobrist::piece(Piece { color, role }, sq);
            }
        }
        key
    }

    /// The zobrist key after `mv`, from this position's key, without recomputing it.
    #[expect(clippy::expect_used, reason = "a legal move starts on a piece")]
    pub fn zobrist_after(&self, key: u64, mv: &Move) -> u64 {
        let us = self.side;
        let them = us.opponent();
        let mover = self
            .piece_at(mv.from())
            .expect("a legal move starts on a piece");
        let landed = if self.is_promotion(mv) {
            Piece {
                color: us,
                role: Role::King,
            }
        } else {
            mover
        };
        let mut key = key ^ zobrist::BLACK_TO_MOVE;
        key ^= zobrist::piece(mover, mv.from());
        for sq in mv.captured() {
            let role = if self.kings & sq.bit().0 != 0 {
                Role::King
            } else {
                Role::Man
            };
            key ^= zobrist::piece(Piece { color: them, role }, sq);
        }
        key ^ zobrist::piece(landed, mv.to())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

/// The board as text, rank 8 on top: `w`/`b` men, `W`/`B` kings, `.` empty.
impl fmt::Display for Position {
    #[expect(clippy::expect_used, reason = "on the board")]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                let c = match self.piece_at(sq) {
                    None => '.',
                    Some(Piece {
                        color: Color::White,
                        role: Role::Man,
                    }) => 'w',
                    Some(Piece {
                        color: Color::White,
                        role: Role::King,
                    }) => 'W',
                    Some(Piece {
                        color: Color::Black,
                        role: Role::Man,
                    }) => 'b',
                    Some(Piece {
                        color: Color::Black,
                        role: Role::King,
                    }) => 'B',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h")?;
        write!(f, "{} to move", self.side)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{}\")", super::fen::write(self))
    }
}
