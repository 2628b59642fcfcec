//! `dama swiss pair FILE.trf`: the Dutch system as a pairing engine for arbiters, reading the
//! tournament as FIDE's report file and printing the next round as pairing engines do.

use std::io::{self, Write};
use std::path::Path;

use crate::tournament::{Board, Trf, pair_dutch};

/// Reads a report file, or says in one line what is wrong with it and where.
fn read(file: &Path) -> Result<Trf, String> {
    let text = crate::files::read_to_string(file, super::MAX_TEXT_FILE)
        .map_err(|e| format!("could not read {}: {e}", file.display()))?;
    Trf::parse(&text).map_err(|e| format!("{}: {e}", file.display()))
}

/// The next round: the number of boards, then `white black` by pairing number, board 1 first,
/// and the bye as `N 0`.
pub(super) fn pair(file: &Path, out: &mut impl Write) -> Result<io::Result<()>, String> {
    let trf = read(file)?;
    let boards = pair_dutch(&trf).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok((|| {
        writeln!(out, "{}", boards.len())?;
        for board in boards {
            match board {
                Board::Game { white, black } => writeln!(out, "{white} {black}")?,
                Board::Bye(player) => writeln!(out, "{player} 0")?,
            }
        }
        Ok(())
    })())
}
