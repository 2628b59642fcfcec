//! Endgame tables: every position with few pieces, solved. Built by retrograde analysis
//! ([`build`]), kept one file per material balance, looked up by [`Tables::probe`]. Plain `std`
//! (plus the deflate and checksum crates the pictures use).
//!
//! The tables know the game's result with best play and how many plies it takes; they ignore
//! the 100-ply rule and the game's earlier repetitions, which the search adds.

mod build;
mod file;
mod material;

use std::fmt;
use std::path::{Path, PathBuf};

pub use build::{Control, TableStats, build, build_controlled, build_materials, plan};
pub use material::{Material, flipped};

use dama_rules::{Color, Position};

pub(crate) const UNKNOWN: u8 = 0;
pub(crate) const NOT_A_POSITION: u8 = 254;
pub(crate) const DRAW: u8 = 255;

/// What a position is worth with best play, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Wins: the opponent is left without a move after this many plies (odd).
    Win(u32),
    /// Loses after this many plies (even; 0 when it has no move now).
    Loss(u32),
    /// Neither side can win with best play.
    Draw,
}

impl Value {
    /// What the position before a move to a position worth `self` is worth through that move.
    pub fn before(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Orders values for the side to move: quicker wins first, then draws, then longer losses.
    pub fn goodness(self) -> i64 {
        match self {
            Value::Win(d) => 1_000 - i64::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -1_000 + i64::from(d),
        }
    }
}

/// Why tables could not be built or read.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    /// A file could not be read or written.
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    /// A table file that does not read as one.
    #[error("{0} is damaged ({1}): delete it and build the tables again")]
    Damaged(PathBuf, String),
    /// The build was asked to stop.
    #[error("the build was stopped; the tables finished so far are kept")]
    Stopped,
    /// A table whose longest win is beyond what an entry holds.
    #[error("a position of {0} takes longer than a table entry can say")]
    TooLong(Material),
    /// A folder without tables.
    #[error("{0} holds no endgame tables: build them with `dama tables build -o {0}`")]
    Empty(PathBuf),
}

impl TablesError {
    fn io(path: &Path, e: std::io::Error) -> TablesError {
        TablesError::Io(path.to_path_buf(), e)
    }
}

/// The tables found in a folder, in memory.
pub struct Tables {
    slots: Vec<Option<Box<[u8]>>>,
    /// Every material with at most this many pieces is there.
    complete_up_to: u32,
    bytes: usize,
}

impl Tables {
    /// Reads every table in `dir`. A damaged file is an error, not a silent gap.
    pub fn load(dir: &Path) -> Result<Tables, TablesError> {
        let mut slots: Vec<Option<Box<[u8]>>> = (0..Material::SLOTS).map(|_| None).collect();
        let mut bytes = 0;
        for entry in std::fs::read_dir(dir).map_err(|e| TablesError::io(dir, e))? {
            let path = entry.map_err(|e| TablesError::io(dir, e))?.path();
            if path.extension().is_some_and(|e| e == "dtw") {
                let (m, values) = file::read(&path)?;
                bytes += values.len();
                slots[m.slot()] = Some(values);
            }
        }
        if bytes == 0 {
            return Err(TablesError::Empty(dir.to_path_buf()));
        }
        let complete_up_to = (2..=8)
            .take_while(|&n| {
                Material::all_up_to(n)
                    .iter()
                    .all(|m| slots[m.slot()].is_some())
            })
            .last()
            .unwrap_or(0);
        Ok(Tables {
            slots,
            complete_up_to,
            bytes,
        })
    }

    /// Every material with at most this many pieces is in the tables (0 if not even two).
    pub fn complete_up_to(&self) -> u32 {
        self.complete_up_to
    }

    /// What the position is worth, if its material is in the tables.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let white = if pos.side_to_move() == Color::White {
            *pos
        } else {
            flipped(pos)
        };
        if white.pieces(Color::White).is_empty() || white.pieces(Color::Black).is_empty() {
            return None;
        }
        let m = Material::of_white_to_move(&white);
        if !m.fits() {
            return None;
        }
        let table = self.slots[m.slot()].as_deref()?;
        match table[m.index(&white)] {
            DRAW => Some(Value::Draw),
            UNKNOWN | NOT_A_POSITION => None,
            v => {
                let d = u32::from(v) - 1;
                Some(if d % 2 == 1 {
                    Value::Win(d)
                } else {
                    Value::Loss(d)
                })
            }
        }
    }

    /// The stored entries, for the log.
    pub fn entries(&self) -> usize {
        self.bytes
    }
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Tables(complete up to {} pieces, {} entries)",
            self.complete_up_to, self.bytes
        )
    }
}
