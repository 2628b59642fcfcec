//! Squares and directions. a1 is 0, b1 is 1, …, h8 is 63 (rank by rank, as White sees the board).

use std::fmt;
use std::str::FromStr;

use super::Bitboard;

/// One of the 64 squares of the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square in a1, b1, …, h8 order.
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index (0 = a1, 63 = h8), if there is one.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// 0 for a1, 63 for h8 (rank by rank).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file a, 7 for file h.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 for rank 1, 7 for rank 8.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The set of this square alone.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The neighbouring square in `dir`, or `None` at the edge.
    #[inline]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (df, dr) = dir.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Square((rank * 8 + file) as u8))
        }
    }

    /// Reads a square name such as `e3` (case-insensitive).
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f, r] => {
                let f = f.to_ascii_lowercase();
                if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(r) {
                    Square::from_coords(f - b'a', r - b'1')
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a square: squares go from a1 to h8")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s).ok_or_else(|| ParseSquareError(s.to_string()))
    }
}

/// The four orthogonal directions; pieces never move diagonally.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Direction {
    /// Towards rank 8.
    North,
    /// Towards rank 1.
    South,
    /// Towards file h.
    East,
    /// Towards file a.
    West,
}

impl Direction {
    /// The four directions, forward for White first.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
        }
    }

    /// The way back.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }
}

/// White or Black.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, from ranks 2 and 3 up the board.
    White,
    /// Moves second, from ranks 6 and 7 down the board.
    Black,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The direction a man of this colour calls forward.
    pub const fn forward(self) -> Direction {
        match self {
            Color::White => Direction::North,
            Color::Black => Direction::South,
        }
    }

    /// The rank (0-based) on which this colour's men are crowned.
    pub const fn crowning_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    /// The three directions a man of this colour may step or capture in.
    pub const fn man_directions(self) -> [Direction; 3] {
        [self.forward(), Direction::East, Direction::West]
    }

    /// 0 for White, 1 for Black (for arrays kept by colour).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English name, as PDN and logs write it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A man or a king (dama).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Role {
    /// Moves one square forward or sideways, and captures the same way.
    Man,
    /// Crowned on the far rank: flies along ranks and files any distance.
    King,
}

/// A piece: its colour and role.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// A man or a king.
    pub role: Role,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        write!(f, "{} {role}", self.color)
    }
}
