//! The static evaluation: what a Turkish draughts player looks at in a quiet position. It is a
//! sum of counted terms (the [`Features`]) times their weights, the weights blended from their
//! opening to their ending values as the men leave the board. All weights live in [`Weights`],
//! read from `assets/weights.txt`, which `dama tune fit` writes.

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use dama_rules::{Bitboard, Color, Position};

/// How many terms the evaluation counts.
pub const TERMS: usize = 23;

/// The terms, in the order of [`Features::counts`] and of the weights files; `advance.N` is a
/// man N ranks from its start (0 = its own rank 2, 5 = its rank 7, one step from crowning).
pub const TERM_NAMES: [&str; TERMS] = [
    "man",
    "king",
    "advance.0",
    "advance.1",
    "advance.2",
    "advance.3",
    "advance.4",
    "advance.5",
    "open-file.0",
    "open-file.1",
    "open-file.2",
    "open-file.3",
    "open-file.4",
    "open-file.5",
    "guarded-behind",
    "side-by-side",
    "back-guard",
    "edge-man",
    "man-mobility",
    "king-mobility",
    "king-exposed",
    "sole-king",
    "tempo",
];

/// Where each term sits in [`TERM_NAMES`].
pub mod term {
    /// A man.
    pub const MAN: usize = 0;
    /// A king.
    pub const KING: usize = 1;
    /// A man by its advance (six terms).
    pub const ADVANCE: usize = 2;
    /// A man with no enemy piece ahead on its file, by advance (six terms).
    pub const OPEN_FILE: usize = 8;
    /// A man with a friendly piece directly behind it: it cannot be jumped from the front.
    pub const GUARDED_BEHIND: usize = 14;
    /// A man with a friendly piece beside it: it cannot be jumped from that side.
    pub const SIDE_BY_SIDE: usize = 15;
    /// Men still on their own first two rows, guarding against enemy crowning (up to four).
    pub const BACK_GUARD: usize = 16;
    /// A man on the a or h file: nothing can jump it sideways from the edge.
    pub const EDGE_MAN: usize = 17;
    /// Empty squares the men can step to.
    pub const MAN_MOBILITY: usize = 18;
    /// Empty squares the kings can reach.
    pub const KING_MOBILITY: usize = 19;
    /// Kings the enemy could take if it were their move.
    pub const KING_EXPOSED: usize = 20;
    /// Having a king when the enemy has none.
    pub const SOLE_KING: usize = 21;
    /// Having the move.
    pub const TEMPO: usize = 22;
}

/// The men on the board (both sides) at which the opening weights apply in full; with none
/// left, the ending weights do.
pub const FULL_BOARD: i32 = 32;

/// What the evaluation counts in a position: each term for the side to move minus the same
/// for the other side (the tempo term is 1), and the men left on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Each term's count.
    pub counts: [i32; TERMS],
    /// The men on the board, both sides.
    pub men: i32,
}

impl Features {
    /// Counts the terms in `pos`.
    pub fn of(pos: &Position) -> Features {
        let white = side_counts(pos, Color::White);
        let black = side_counts(pos, Color::Black);
        let sign = match pos.side_to_move() {
            Color::White => 1,
            Color::Black => -1,
        };
        let mut counts = [0; TERMS];
        for (i, c) in counts.iter_mut().enumerate() {
            *c = sign * (white[i] - black[i]);
        }
        counts[term::TEMPO] = 1;
        let men = (pos.men(Color::White).count() + pos.men(Color::Black).count()) as i32;
        Features { counts, men }
    }
}

/// The evaluation's weights, in hundredths of a man: each term's weight with the board full
/// of men (`opening`) and with no men left (`ending`), blended by the men on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each term's weight with the board full of men.
    pub opening: [i32; TERMS],
    /// Each term's weight with no men left.
    pub ending: [i32; TERMS],
}

#[expect(
    clippy::expect_used,
    reason = "assets/weights.txt is a valid weights file (a test reads it)"
)]
static BUILT_IN: LazyLock<Weights> = LazyLock::new(|| {
    include_str!("../../../../assets/weights.txt")
        .parse()
        .expect("assets/weights.txt is a valid weights file (a test reads it)")
});

impl Default for Weights {
    /// The tuned weights of `assets/weights.txt`.
    fn default() -> Self {
        BUILT_IN.clone()
    }
}

impl Weights {
    /// The score of a quiet position for the side to move (positive: good for it).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.score(&Features::of(pos))
    }

    /// The score of counted features, for the side they were counted for.
    pub fn score(&self, features: &Features) -> i32 {
        // In i64: a weights file may give every term the largest weight.
        let dot = |w: &[i32; TERMS]| -> i64 {
            w.iter()
                .zip(&features.counts)
                .map(|(&w, &c)| i64::from(w) * i64::from(c))
                .sum::<i64>()
        };
        let men = i64::from(features.men.clamp(0, FULL_BOARD));
        let full = i64::from(FULL_BOARD);
        let blended = (dot(&self.opening) * men + dot(&self.ending) * (full - men)) / full;
        blended.clamp(-i64::from(EVAL_BOUND), i64::from(EVAL_BOUND)) as i32
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

fn side_counts(pos: &Position, color: Color) -> [i32; TERMS] {
    let mut c = [0; TERMS];
    let own = pos.pieces(color).0;
    let men = pos.men(color).0;
    let kings = pos.kings(color);
    let enemy = pos.pieces(color.opponent()).0;
    let empty = !(own | enemy);
    c[term::MAN] = men.count_ones() as i32;
    c[term::KING] = kings.count() as i32;

    for sq in Bitboard(men) {
        let advance = match color {
            Color::White => sq.rank() as usize - 1,
            Color::Black => 6 - sq.rank() as usize,
        };
        c[term::ADVANCE + advance] += 1;
        if AHEAD[color.index()][sq.index()] & enemy == 0 {
            c[term::OPEN_FILE + advance] += 1;
        }
    }
    let (behind, forward) = match color {
        Color::White => (own << 8, men << 8),
        Color::Black => (own >> 8, men >> 8),
    };
    c[term::GUARDED_BEHIND] = (men & behind).count_ones() as i32;
    let beside = ((own & !FILE_H) << 1) | ((own & !FILE_A) >> 1);
    c[term::SIDE_BY_SIDE] = (men & beside).count_ones() as i32;
    let guard_ranks = match color {
        Color::White => 0xffff << 8,
        Color::Black => 0xffff << 40,
    };
    c[term::BACK_GUARD] = (men & guard_ranks).count_ones().min(4) as i32;
    c[term::EDGE_MAN] = (men & (FILE_A | FILE_H)).count_ones() as i32;
    c[term::MAN_MOBILITY] = ((forward & empty).count_ones()
        + (((men & !FILE_H) << 1) & empty).count_ones()
        + (((men & !FILE_A) >> 1) & empty).count_ones()) as i32;

    for k in kings {
        c[term::KING_MOBILITY] += king_reach(k.index(), empty).count_ones() as i32;
        if king_exposed(k.index(), own | enemy, enemy, pos, color) {
            c[term::KING_EXPOSED] += 1;
        }
    }
    c[term::SOLE_KING] = i32::from(kings.count() > 0 && pos.kings(color.opponent()).count() == 0);
    c
}

/// The largest weight a file may give, either way (a hundred men).
pub const MAX_WEIGHT: i32 = 10_000;

/// No evaluation goes beyond this either way, whatever the weights: it keeps every score of a
/// position far from the scores of a forced win ([`crate::ai::MATE`] and the tables' wins),
/// which would make the search hunt for a win that is not there.
pub const EVAL_BOUND: i32 = 20_000;

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// A name that is not a term of the evaluation.
    #[error(
        "line {line}: \"{name}\" is not a term of the evaluation (the terms are man, king, advance.0 to advance.5, open-file.0 to open-file.5, guarded-behind, side-by-side, back-guard, edge-man, man-mobility, king-mobility, king-exposed, sole-king and tempo)"
    )]
    UnknownTerm {
        /// The line of the file, counted from 1.
        line: usize,
        /// The term as written.
        name: String,
    },
    /// A line that is not a term and two whole numbers.
    #[error(
        "line {line}: write a term and two whole numbers, its opening and ending weights, as in \"king 330 330\""
    )]
    Syntax {
        /// The line of the file, counted from 1.
        line: usize,
    },
    /// A weight beyond [`MAX_WEIGHT`] either way.
    #[error("line {line}: a weight is at most {MAX_WEIGHT} (a hundred men) either way")]
    TooLarge {
        /// The line of the file, counted from 1.
        line: usize,
    },
    /// A term given twice.
    #[error("line {line}: {name} is given twice")]
    Twice {
        /// The line of the file, counted from 1.
        line: usize,
        /// The term as written.
        name: String,
    },
    /// A term not given.
    #[error("{name} is missing: a weights file gives every term once")]
    Missing {
        /// The term's name.
        name: String,
    },
}

impl FromStr for Weights {
    type Err = WeightsError;

    /// One term a line, `name opening ending`; blank lines and `#` comments are skipped.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut opening = [0; TERMS];
        let mut ending = [0; TERMS];
        let mut seen = [false; TERMS];
        // A byte-order mark, as some editors write one.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or_default().trim();
            if content.is_empty() {
                continue;
            }
            let mut words = content.split_whitespace();
            let name = words.next().unwrap_or_default();
            let index = TERM_NAMES.iter().position(|&n| n == name).ok_or_else(|| {
                WeightsError::UnknownTerm {
                    line,
                    name: name.to_string(),
                }
            })?;
            let numbers: Vec<&str> = words.collect();
            let [open, end] = numbers[..] else {
                return Err(WeightsError::Syntax { line });
            };
            let (Ok(open), Ok(end)) = (open.parse::<i32>(), end.parse::<i32>()) else {
                return Err(WeightsError::Syntax { line });
            };
            if open.abs() > MAX_WEIGHT || end.abs() > MAX_WEIGHT {
                return Err(WeightsError::TooLarge { line });
            }
            if std::mem::replace(&mut seen[index], true) {
                return Err(WeightsError::Twice {
                    line,
                    name: name.to_string(),
                });
            }
            opening[index] = open;
            ending[index] = end;
        }
        if let Some(missing) = seen.iter().position(|&s| !s) {
            return Err(WeightsError::Missing {
                name: TERM_NAMES[missing].to_string(),
            });
        }
        Ok(Weights { opening, ending })
    }
}

impl fmt::Display for Weights {
    /// The weights file: read back by [`Weights::from_str`] to the same weights.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# term            opening  ending   (hundredths of a man; blended by the men left)"
        )?;
        for (i, name) in TERM_NAMES.iter().enumerate() {
            writeln!(f, "{name:<18}{:>7}{:>8}", self.opening[i], self.ending[i])?;
        }
        Ok(())
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
