//! `dama swiss pair FILE.trf` and `dama swiss standings FILE.trf`: the Dutch system as a
//! pairing engine for arbiters, and FIDE's tie-breaks, reading the tournament as FIDE's report
//! file.

use std::io::{self, Write};
use std::path::Path;

use dama_play::tournament::{Board, Trf, fide_standings, pair_dutch};

/// Reads a report file, or says in one line what is wrong with it and where.
fn read(file: &Path) -> Result<Trf, String> {
    let text = dama_play::files::read_to_string(file, super::MAX_TEXT_FILE)
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

/// The standings by FIDE's tie-breaks (C.07, 2023): a header, then a line a player, first
/// place first.
pub(super) fn standings(file: &Path, out: &mut impl Write) -> Result<io::Result<()>, String> {
    let trf = read(file)?;
    let lines = fide_standings(&trf);
    let name = |number: u32| {
        trf.players
            .iter()
            .find(|p| p.number == number)
            .map_or("", |p| p.name.as_str())
    };
    Ok((|| {
        writeln!(
            out,
            "place  number  points  buchholz-cut-1  sonneborn-berger  name"
        )?;
        for l in lines {
            writeln!(
                out,
                "{:>5}  {:>6}  {:>6}  {:>14}  {:>16}  {}",
                l.place,
                l.number,
                halves(l.halves),
                halves(l.buchholz_cut1),
                format!("{:.2}", f64::from(l.sonneborn_berger) / 4.0),
                name(l.number)
            )?;
        }
        Ok(())
    })())
}

/// Halves of a point as a decimal: `2.5`.
fn halves(h: u32) -> String {
    format!("{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 })
}
