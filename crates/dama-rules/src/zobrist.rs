//! Zobrist keys, generated at compile time from a fixed seed so every build agrees.

use super::{Color, Piece, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Keys for [white man, white king, black man, black king] × 64 squares, then side to move.
const KEYS: ([[u64; 64]; 4], u64) = {
    let mut table = [[0u64; 64]; 4];
    let mut state = 0x6461_6d61_2d7a_6f62; // "dama-zob"
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            table[kind][sq] = k;
            sq += 1;
        }
        kind += 1;
    }
    let (_, side) = splitmix(state);
    (table, side)
};

pub const BLACK_TO_MOVE: u64 = KEYS.1;

#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    let kind = match (piece.color, piece.role) {
        (Color::White, Role::Man) => 0,
        (Color::White, Role::King) => 1,
        (Color::Black, Role::Man) => 2,
        (Color::Black, Role::King) => 3,
    };
    KEYS.0[kind][sq.index()]
}
