//! The Dutch system: every round of 400 tournaments paired by FIDE's endorsed engine comes out
//! the same here, boards and colours; the report files it reads are read as written and refused
//! where they are wrong, with the line and column.
use dama_play::tournament::{Board, DutchError, RoundResult, Trf, pair_dutch};
use dama_rules::Color;
use std::collections::BTreeSet;
use std::path::PathBuf;

pub(crate) fn golden() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
}

/// The tournament as it stood before round `round` (from 1), with the round's boards as the
/// file gives them: (White, Black), and (player, 0) for the bye.
pub(crate) fn before_round(full: &Trf, round: usize) -> (Trf, BTreeSet<(u32, u32)>) {
    let mut cut = full.clone();
    cut.rounds = Some(full.players.iter().map(|p| p.rounds.len()).max().unwrap() as u32);
    let mut by_number: Vec<_> = full.players.iter().collect();
    by_number.sort_by_key(|p| p.number);
    cut.first_color = by_number.iter().enumerate().find_map(|(k, p)| {
        let color = p.rounds.first().copied().flatten()?.color?;
        Some(if k % 2 == 0 { color } else { color.opponent() })
    });
    let mut boards = BTreeSet::new();
    for p in &mut cut.players {
        let this_round = p.rounds.get(round - 1).copied().flatten();
        p.rounds.truncate(round - 1);
        p.halves = p.rounds.iter().flatten().map(|e| e.result.halves()).sum();
        match this_round {
            Some(e) if e.result == RoundResult::PairingBye => {
                boards.insert((p.number, 0));
            }
            Some(e) if e.opponent.is_none() => {
                p.rounds.resize(round - 1, None);
                p.rounds.push(Some(e));
            }
            Some(e) if e.color == Some(Color::White) => {
                boards.insert((p.number, e.opponent.unwrap()));
            }
            _ => {}
        }
        while p.rounds.last() == Some(&None) {
            p.rounds.pop();
        }
    }
    (cut, boards)
}

fn as_pairs(boards: &[Board]) -> BTreeSet<(u32, u32)> {
    boards
        .iter()
        .map(|b| match *b {
            Board::Game { white, black } => (white, black),
            Board::Bye(p) => (p, 0),
        })
        .collect()
}

/// Pairs every round of the files, and names those that differ.
fn wrong_rounds(files: &[PathBuf]) -> Vec<String> {
    let mut wrong = Vec::new();
    for file in files {
        let full = Trf::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
        let rounds = full.players.iter().map(|p| p.rounds.len()).max().unwrap();
        for round in 1..=rounds {
            let (cut, expected) = before_round(&full, round);
            let got = pair_dutch(&cut).map(|b| as_pairs(&b));
            if got.as_ref() != Ok(&expected) {
                let name = file.file_name().unwrap().to_string_lossy();
                wrong.push(format!(
                    "{name} round {round}: expected {expected:?}, got {got:?}"
                ));
            }
        }
    }
    wrong
}

#[test]
fn every_round_of_the_golden_tournaments_pairs_as_written() {
    let files = golden();
    assert_eq!(files.len(), 400);
    // Two halves on two threads: the machines have two cores.
    let (first, second) = files.split_at(files.len() / 2);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| wrong_rounds(first));
        let b = s.spawn(|| wrong_rounds(second));
        (a.join().unwrap(), b.join().unwrap())
    });
    let wrong: Vec<String> = a.into_iter().chain(b).collect();
    assert!(
        wrong.is_empty(),
        "{} rounds differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_boards_come_board_one_first_and_the_bye_last() {
    let file = golden()
        .into_iter()
        .find(|f| f.to_string_lossy().contains("000002-5p"))
        .unwrap();
    let full = Trf::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    let (cut, _) = before_round(&full, 3);
    let boards = pair_dutch(&cut).unwrap();
    assert!(matches!(boards.last(), Some(Board::Bye(_))), "{boards:?}");
    assert_eq!(
        boards.iter().filter(|b| matches!(b, Board::Bye(_))).count(),
        1
    );
}

#[test]
fn a_file_without_the_number_of_rounds_is_refused() {
    let file = golden().remove(0);
    let mut trf = Trf::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    trf.rounds = None;
    assert_eq!(pair_dutch(&trf), Err(DutchError::NoRoundCount));
}
