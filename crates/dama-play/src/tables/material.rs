//! What a table holds and where a position sits in it. A table is one material balance with
//! White to move; a position with Black to move is looked up with the colours swapped and the
//! board turned over ([`flipped`]), which the rules treat the same way.
//!
//! The index numbers each piece group (White men, White kings, Black men, Black kings) as a set
//! of squares in the combinatorial number system, independently: placements where two groups
//! share a square get an index too and are marked as no position.

use std::fmt;
use std::sync::OnceLock;

use dama_rules::{Bitboard, Color, Position};

/// Squares a man can stand on: ranks 2 to 7 (a2 = 8 … h7 = 55).
const MAN_SQUARES: usize = 48;
const MAN_OFFSET: u32 = 8;
/// The most pieces in one group that the index covers.
pub(super) const MAX_GROUP: usize = 4;

/// How many of each kind of piece, with White to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

impl Material {
    /// So many of each kind of piece.
    pub const fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Material {
        Material {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    /// The material of a position, counted as if White were to move.
    pub fn of_white_to_move(pos: &Position) -> Material {
        let count = |b: dama_rules::Bitboard| b.count() as u8;
        Material::new(
            count(pos.men(Color::White)),
            count(pos.kings(Color::White)),
            count(pos.men(Color::Black)),
            count(pos.kings(Color::Black)),
        )
    }

    /// Pieces on the board, both sides.
    pub const fn pieces(self) -> u32 {
        (self.white_men + self.white_kings + self.black_men + self.black_kings) as u32
    }

    /// Men on the board, both sides.
    pub const fn men(self) -> u32 {
        (self.white_men + self.black_men) as u32
    }

    /// The same material seen from the other side.
    pub const fn swapped(self) -> Material {
        Material::new(
            self.black_men,
            self.black_kings,
            self.white_men,
            self.white_kings,
        )
    }

    /// Every material with both sides on the board and at most `pieces` pieces in all, in the
    /// order they can be built: fewer pieces first, then fewer men (a capture removes a piece,
    /// a crowning turns a man into a king, so every move out of a table lands in an earlier one).
    pub fn all_up_to(pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        let n = pieces.min(MAX_GROUP as u32 * 2) as u8;
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    for bk in 0..=n - wm - wk - bm {
                        let m = Material::new(wm, wk, bm, bk);
                        if wm + wk > 0 && bm + bk > 0 && m.fits() {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }

    /// Whether the index covers it.
    pub const fn fits(self) -> bool {
        (self.white_men as usize) <= MAX_GROUP
            && (self.white_kings as usize) <= MAX_GROUP
            && (self.black_men as usize) <= MAX_GROUP
            && (self.black_kings as usize) <= MAX_GROUP
    }

    /// A number for each material that fits, for tables kept in an array.
    pub(super) const fn slot(self) -> usize {
        let b = MAX_GROUP + 1;
        ((self.white_men as usize * b + self.white_kings as usize) * b + self.black_men as usize)
            * b
            + self.black_kings as usize
    }

    pub(super) const SLOTS: usize = (MAX_GROUP + 1).pow(4);

    /// How many entries its table has.
    pub fn size(self) -> usize {
        let c = binomials();
        c[MAN_SQUARES][self.white_men as usize]
            * c[64][self.white_kings as usize]
            * c[MAN_SQUARES][self.black_men as usize]
            * c[64][self.black_kings as usize]
    }

    /// The entry of a position with White to move and this material.
    pub(super) fn index(self, pos: &Position) -> usize {
        let c = binomials();
        let men_rank = |b: u64| rank(b >> MAN_OFFSET);
        let (w, b) = (pos.pieces(Color::White).0, pos.pieces(Color::Black).0);
        let k = pos.kings(Color::White).0 | pos.kings(Color::Black).0;
        let mut i = men_rank(w & !k);
        i = i * c[64][self.white_kings as usize] + rank(w & k);
        i = i * c[MAN_SQUARES][self.black_men as usize] + men_rank(b & !k);
        i * c[64][self.black_kings as usize] + rank(b & k)
    }

    /// The position at an entry, White to move, or `None` where two groups share a square.
    pub(super) fn position(self, mut index: usize) -> Option<Position> {
        let c = binomials();
        let bk_n = c[64][self.black_kings as usize];
        let bk = unrank(64, self.black_kings, index % bk_n);
        index /= bk_n;
        let bm_n = c[MAN_SQUARES][self.black_men as usize];
        let bm = unrank(MAN_SQUARES, self.black_men, index % bm_n) << MAN_OFFSET;
        index /= bm_n;
        let wk_n = c[64][self.white_kings as usize];
        let wk = unrank(64, self.white_kings, index % wk_n);
        index /= wk_n;
        let wm = unrank(MAN_SQUARES, self.white_men, index) << MAN_OFFSET;
        Position::from_bitboards(
            [Bitboard(wm), Bitboard(bm)],
            [Bitboard(wk), Bitboard(bk)],
            Color::White,
        )
        .ok()
    }
}

impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `Km-kk` style: White's men and kings against Black's, as in `1m1k-2k`.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |men: u8, kings: u8| -> String {
            let mut s = String::new();
            if men > 0 {
                s += &format!("{men}m");
            }
            if kings > 0 {
                s += &format!("{kings}k");
            }
            s
        };
        write!(
            f,
            "{}-{}",
            side(self.white_men, self.white_kings),
            side(self.black_men, self.black_kings)
        )
    }
}

/// The position with the colours swapped and the board turned over (rank 1 ↔ rank 8): the
/// same game from the other side.
pub fn flipped(pos: &Position) -> Position {
    pos.flipped()
}

/// Binomial coefficients C(n, k) for n ≤ 64, k ≤ MAX_GROUP.
fn binomials() -> &'static [[usize; MAX_GROUP + 1]; 65] {
    static TABLE: OnceLock<[[usize; MAX_GROUP + 1]; 65]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut c = [[0usize; MAX_GROUP + 1]; 65];
        for n in 0..=64 {
            c[n][0] = 1;
            for k in 1..=MAX_GROUP.min(n) {
                c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            }
        }
        c
    })
}

/// The rank of a set of squares among the sets of its size: Σ C(square_i, i + 1) over its
/// squares in ascending order.
fn rank(mut set: u64) -> usize {
    let c = binomials();
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        r += c[sq][i];
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set of `k` squares out of `n` with rank `r`.
fn unrank(n: usize, k: u8, mut r: usize) -> u64 {
    let c = binomials();
    let mut set = 0u64;
    let mut top = n;
    for i in (1..=k as usize).rev() {
        // The largest square s with C(s, i) ≤ r.
        let mut s = top - 1;
        while c[s][i] > r {
            s -= 1;
        }
        set |= 1 << s;
        r -= c[s][i];
        top = s;
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_of_a_material_comes_back_from_its_position() {
        for m in [
            Material::new(1, 1, 1, 1),
            Material::new(0, 2, 0, 2),
            Material::new(2, 0, 1, 0),
        ] {
            let mut seen = 0;
            for i in (0..m.size()).step_by(97) {
                if let Some(pos) = m.position(i) {
                    assert_eq!(Material::of_white_to_move(&pos), m);
                    assert_eq!(m.index(&pos), i, "{m} at {i}");
                    seen += 1;
                }
            }
            assert!(seen > 0);
        }
    }

    #[test]
    fn materials_come_in_building_order() {
        let all = Material::all_up_to(4);
        assert_eq!(all.len(), 4 + 12 + 25);
        for (i, m) in all.iter().enumerate() {
            // A crowning or a capture leads only to materials listed earlier.
            if m.white_men > 0 {
                let crowned = Material::new(
                    m.white_men - 1,
                    m.white_kings + 1,
                    m.black_men,
                    m.black_kings,
                );
                assert!(all[..i].contains(&crowned.swapped()) || all[..i].contains(&crowned));
            }
        }
    }
}
