//! What the test binaries share: positions and a random generator for the rules' tests, the
//! test databases, a host over them, a plain solver, and the Discord stand-in.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_rules::{Color, Piece, Position, Role, Setup, Square, fen};

/// A position from a text position that the test knows is valid.
pub fn pos(text: &str) -> Position {
    fen::parse(text).unwrap_or_else(|e| panic!("bad test position {text}: {e}"))
}

/// The written forms of the legal moves, sorted.
pub fn moves(text: &str) -> Vec<String> {
    let p = pos(text);
    p.notations(&p.legal_moves())
}

/// The position after a typed move, as a text position.
pub fn after(text: &str, mv: &str) -> String {
    let p = pos(text);
    let m = p
        .read_move(mv)
        .unwrap_or_else(|e| panic!("{mv} in {text}: {e}"));
    fen::write(&p.play_unchecked(&m))
}

/// The square of a name the test knows is right.
pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

/// A small deterministic random generator (splitmix64), so test failures replay.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// A random valid position with up to `max_per_side` pieces a side, `king_percent` of them
/// kings; men never on rank 1 or 8.
pub fn random_position(rng: &mut Rng, max_per_side: usize, king_percent: u64) -> Position {
    let mut squares: Vec<Square> = Square::ALL.to_vec();
    for i in (1..squares.len()).rev() {
        let j = rng.below(i + 1);
        squares.swap(i, j);
    }
    let mut setup = Setup {
        side: if rng.chance(50) {
            Color::White
        } else {
            Color::Black
        },
        pieces: Vec::new(),
    };
    let counts = [1 + rng.below(max_per_side), 1 + rng.below(max_per_side)];
    let mut free = squares.into_iter();
    for (color, count) in [(Color::White, counts[0]), (Color::Black, counts[1])] {
        for _ in 0..count {
            let sq = free.next().expect("64 squares are enough");
            let back_rank = sq.rank() == 0 || sq.rank() == 7;
            let role = if back_rank || rng.chance(king_percent) {
                Role::King
            } else {
                Role::Man
            };
            setup.pieces.push((sq, Piece { color, role }));
        }
    }
    setup
        .validate()
        .expect("random setups are valid by construction")
}

/// A position reached by `plies` random legal moves from the start (fewer if the game ends).
pub fn random_game_position(rng: &mut Rng, plies: usize) -> Position {
    let mut p = Position::start();
    for _ in 0..plies {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        p = p.play_unchecked(&legal[rng.below(legal.len())]);
    }
    p
}
pub mod bench;
pub mod db;
pub mod fake_discord;
pub mod hosting;
pub mod solver;

/// A position from a picture of the board, rank 8 first, files a to h left to right: `.` an
/// empty square, `w`/`b` a white/black man, `W`/`B` a king.
pub fn pictured(side: Color, ranks: [&str; 8]) -> Position {
    let mut pieces = Vec::new();
    for (row, text) in ranks.iter().enumerate() {
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), 8, "rank {}: {text}", 8 - row);
        for (file, c) in cells.into_iter().enumerate() {
            let (color, role) = match c {
                '.' => continue,
                'w' => (Color::White, Role::Man),
                'W' => (Color::White, Role::King),
                'b' => (Color::Black, Role::Man),
                'B' => (Color::Black, Role::King),
                other => panic!("{other} is not a piece"),
            };
            let name = format!("{}{}", (b'a' + file as u8) as char, 8 - row);
            pieces.push((sq(&name), Piece { color, role }));
        }
    }
    Setup { side, pieces }
        .validate()
        .expect("a pictured position is valid")
}
