//! The static evaluation: what a Turkish draughts player looks at in a quiet position. All
//! weights live in [`Weights`], so they can be tuned in one place.

use crate::engine::{Bitboard, Color, Position};

/// The evaluation's weights, in hundredths of a man.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub man: i32,
    pub king: i32,
    /// Bonus for a man by how many ranks it has advanced from its start (index 0 = its own
    /// rank 2, …, 6 = one step from crowning).
    pub advance: [i32; 7],
    /// Extra bonus for a man with no enemy piece ahead on its file, by advance.
    pub open_file: [i32; 7],
    /// A friendly piece directly behind a man: it cannot be jumped from the front.
    pub guarded_behind: i32,
    /// A friendly piece beside a man: it cannot be jumped from that side.
    pub side_by_side: i32,
    /// A man still on its own first rows, guarding against enemy crowning (each, up to four).
    pub back_guard: i32,
    /// Per empty square a king can reach.
    pub king_mobility: i32,
    /// A king the enemy could take if it were their move.
    pub king_exposed: i32,
    /// For having the move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            man: 100,
            king: 330,
            advance: [0, 2, 6, 12, 22, 36, 55],
            open_file: [0, 0, 4, 10, 20, 35, 60],
            guarded_behind: 4,
            side_by_side: 3,
            back_guard: 3,
            king_mobility: 2,
            king_exposed: 60,
            tempo: 4,
        }
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares strictly ahead of each square on its file, for White (north) and Black (south).
const AHEAD: [[u64; 64]; 2] = {
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let mut r = sq / 8 + 1;
        while r < 8 {
            table[0][sq] |= 1 << (r * 8 + sq % 8);
            r += 1;
        }
        let mut r = 0;
        while r < sq / 8 {
            table[1][sq] |= 1 << (r * 8 + sq % 8);
            r += 1;
        }
        sq += 1;
    }
    table
};

impl Weights {
    /// The score of a quiet position for the side to move (positive: good for it).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let white = self.side_score(pos, Color::White);
        let black = self.side_score(pos, Color::Black);
        let score = match pos.side_to_move() {
            Color::White => white - black,
            Color::Black => black - white,
        };
        score + self.tempo
    }

    fn side_score(&self, pos: &Position, color: Color) -> i32 {
        let own = pos.pieces(color).0;
        let men = pos.men(color).0;
        let kings = pos.kings(color);
        let enemy = pos.pieces(color.opponent()).0;
        let empty = !(own | enemy);
        let mut score = men.count_ones() as i32 * self.man + kings.count() as i32 * self.king;

        for sq in Bitboard(men) {
            let advance = match color {
                Color::White => sq.rank() as usize - 1,
                Color::Black => 6 - sq.rank() as usize,
            };
            score += self.advance[advance];
            if AHEAD[color.index()][sq.index()] & enemy == 0 {
                score += self.open_file[advance];
            }
        }
        let behind = match color {
            Color::White => own << 8,
            Color::Black => own >> 8,
        };
        score += (men & behind).count_ones() as i32 * self.guarded_behind;
        let beside = ((own & !FILE_H) << 1) | ((own & !FILE_A) >> 1);
        score += (men & beside).count_ones() as i32 * self.side_by_side;
        let guard_ranks = match color {
            Color::White => 0xffff << 8,
            Color::Black => 0xffff << 40,
        };
        score += ((men & guard_ranks).count_ones().min(4)) as i32 * self.back_guard;

        for k in kings {
            score += king_reach(k.index(), empty).count_ones() as i32 * self.king_mobility;
            if king_exposed(k.index(), own | enemy, enemy, pos, color) {
                score -= self.king_exposed;
            }
        }
        score
    }
}

fn king_reach(sq: usize, empty: u64) -> u64 {
    let mut reach = 0;
    for (df, dr) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) && empty & (1 << (r * 8 + f)) != 0 {
            reach |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    reach
}

/// Whether an enemy piece could jump the king on `sq` from one side, landing on the other.
fn king_exposed(sq: usize, occupied: u64, enemy: u64, pos: &Position, color: Color) -> bool {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let at = |f: i32, r: i32| -> Option<u64> {
        ((0..8).contains(&f) && (0..8).contains(&r)).then(|| 1u64 << (r * 8 + f))
    };
    let enemy_kings = pos.kings(color.opponent()).0;
    let enemy_men = enemy & !enemy_kings;
    // An enemy man moves towards our side of the board: it jumps us from the rank beyond us.
    let enemy_forward = match color {
        Color::White => -1,
        Color::Black => 1,
    };
    for (df, dr) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
        let Some(landing) = at(f - df, r - dr) else {
            continue;
        };
        if occupied & landing != 0 {
            continue;
        }
        // The attacker comes along (df, dr) from our far side towards the landing square.
        let (mut af, mut ar) = (f + df, r + dr);
        let mut distance = 1;
        while let Some(bit) = at(af, ar) {
            if occupied & bit != 0 {
                let man_can = distance == 1 && enemy_men & bit != 0 && -dr != -enemy_forward;
                if enemy_kings & bit != 0 || man_can {
                    return true;
                }
                break;
            }
            af += df;
            ar += dr;
            distance += 1;
        }
    }
    false
}
