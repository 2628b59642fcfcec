//! The puzzles: every shipped puzzle proven again by a plain solver that shares nothing with
//! the generator's prover (exactly one winning move at each of the solver's turns, the
//! defence the longest, the length exact), the set big enough for a year, and the puzzle file
//! parser safe on any input.
mod common;

use std::collections::{HashMap, HashSet};

use common::*;
use dama::engine::{Color, Move, Position, fen};
use dama::puzzle::{self, Prover, Puzzle, Reject, prove_line};
use proptest::prelude::*;

/// A plain memoised AND-OR solver over plies, with the rules' one draw that can happen in a
/// few plies (one king against one king, no capture due).
struct Solver {
    memo: HashMap<(Position, u32, bool), bool>,
}

impl Solver {
    fn new() -> Solver {
        Solver {
            memo: HashMap::new(),
        }
    }

    fn drawn(p: &Position) -> bool {
        !p.has_capture()
            && [Color::White, Color::Black]
                .iter()
                .all(|&c| p.pieces(c).count() == 1 && p.kings(c).count() == 1)
    }

    /// The side to move forces the opponent out of moves within `plies` plies.
    fn wins(&mut self, p: &Position, plies: u32) -> bool {
        if plies == 0 || Self::drawn(p) {
            return false;
        }
        if let Some(&v) = self.memo.get(&(*p, plies, true)) {
            return v;
        }
        let v = p
            .legal_moves()
            .iter()
            .any(|m| self.loses(&p.play(m), plies - 1));
        self.memo.insert((*p, plies, true), v);
        v
    }

    /// The side to move has no move, or loses within `plies` plies whatever it does.
    fn loses(&mut self, p: &Position, plies: u32) -> bool {
        if let Some(&v) = self.memo.get(&(*p, plies, false)) {
            return v;
        }
        let moves = p.legal_moves();
        let v = moves.is_empty()
            || (plies > 0
                && !Self::drawn(p)
                && moves.iter().all(|m| self.wins(&p.play(m), plies - 1)));
        self.memo.insert((*p, plies, false), v);
        v
    }

    /// Fewest plies to a forced win, up to `max`.
    fn shortest(&mut self, p: &Position, max: u32) -> Option<u32> {
        (1..=max).step_by(2).find(|&n| self.wins(p, n))
    }
}

/// What is wrong with a puzzle, checked from scratch; `None` when it is sound.
fn fault(puzzle: &Puzzle) -> Option<String> {
    let mut s = Solver::new();
    let n = puzzle.moves() as u32;
    let plies = 2 * n - 1;
    // The claimed length is exact: a win in n, none faster.
    if s.shortest(&puzzle.start, plies) != Some(plies) {
        return Some(format!("not a shortest win in {n}"));
    }
    let mut pos = puzzle.start;
    for (i, mv) in puzzle.line.iter().enumerate() {
        let left = plies - i as u32;
        if i % 2 == 0 {
            let winners: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| s.loses(&pos.play(m), left - 1))
                .collect();
            if winners != [*mv] {
                return Some(format!(
                    "move {} ({}): the winning moves are {:?}",
                    i + 1,
                    pos.notation(mv),
                    pos.notations(&winners)
                ));
            }
        } else {
            // The defence played holds longest.
            let held = |s: &mut Solver, m: &Move| s.shortest(&pos.play(m), left - 1);
            let this = held(&mut s, mv);
            if this != Some(left - 1) {
                return Some(format!("defence {} does not hold to the end", i + 1));
            }
            for m in pos.legal_moves() {
                if held(&mut s, &m).is_none_or(|h| h > left - 1) {
                    return Some(format!(
                        "defence {}: {} holds longer",
                        i + 1,
                        pos.notation(&m)
                    ));
                }
            }
        }
        pos = pos.play(mv);
    }
    if !pos.legal_moves().is_empty() {
        return Some("the line ends with the defender still able to move".into());
    }
    None
}

/// Every shipped puzzle, so a bad puzzle can never ship.
#[test]
fn every_shipped_puzzle_is_proven_again_by_a_plain_solver() {
    let bad: Vec<String> = puzzle::shipped()
        .iter()
        .filter_map(|p| fault(p).map(|f| format!("{}: {f}", fen::write(&p.start))))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_shipped_set_holds_a_year_of_different_puzzles() {
    let set = puzzle::shipped();
    assert!(set.len() >= 365, "only {} puzzles", set.len());
    let starts: HashSet<Position> = set.iter().map(|p| p.start).collect();
    assert_eq!(starts.len(), set.len(), "a puzzle is shipped twice");
    for p in set {
        assert!((2..=5).contains(&p.moves()), "{}", fen::write(&p.start));
        assert!((1..=5).contains(&p.stars()));
        // The first move is a real choice.
        assert!(p.start.legal_moves().len() >= 2, "{}", fen::write(&p.start));
    }
    // Both colours solve, and the lengths vary.
    assert!(set.iter().any(|p| p.solver() == Color::Black));
    assert!(set.iter().any(|p| p.solver() == Color::White));
    let lengths: HashSet<usize> = set.iter().map(Puzzle::moves).collect();
    assert!(lengths.len() >= 3, "lengths {lengths:?}");
}

#[test]
fn a_puzzle_line_reads_back_as_written() {
    for p in puzzle::shipped().iter().take(50) {
        let line = p.to_line();
        assert_eq!(&Puzzle::parse_line(&line).unwrap(), p, "{line}");
    }
}

#[test]
fn the_prover_finds_the_line_and_rejects_poor_puzzles() {
    // A shipped puzzle is found again, move for move.
    for p in puzzle::shipped().iter().take(10) {
        let line = prove_line(&p.start, &mut Prover::new(10_000_000)).unwrap();
        assert_eq!(line, p.line, "{}", fen::write(&p.start));
    }
    // Small endings at random: the prover's verdict, checked by the plain solver.
    let mut rng = Rng(7);
    let mut verdicts = HashMap::new();
    for _ in 0..400 {
        let p = random_position(&mut rng, 3, 40);
        let verdict = prove_line(&p, &mut Prover::new(u64::MAX));
        let mut s = Solver::new();
        match &verdict {
            Err(Reject::Forced) => assert!(p.legal_moves().len() < 2),
            Err(Reject::NoWin) => assert_eq!(s.shortest(&p, 9), None, "{}", fen::write(&p)),
            Err(Reject::TooShort) => assert_eq!(s.shortest(&p, 9), Some(1)),
            Err(Reject::NotUnique) => assert!(s.shortest(&p, 9).is_some_and(|n| n > 1)),
            Err(Reject::TooBig) => panic!("no budget was set"),
            Ok(line) => {
                let puzzle = Puzzle {
                    start: p,
                    kind: puzzle::Kind::Win,
                    line: line.clone(),
                    find_depth: 1,
                    given: 0,
                    rating: 1000,
                };
                assert_eq!(fault(&puzzle), None, "{}", fen::write(&p));
            }
        }
        *verdicts
            .entry(format!("{verdict:?}").chars().take(6).collect::<String>())
            .or_insert(0) += 1;
    }
    // The sample met every verdict but the budget's.
    assert!(verdicts.len() >= 5, "{verdicts:?}");
    // A budget too small to settle it says so.
    let p = &puzzle::shipped()[0];
    assert_eq!(
        prove_line(&p.start, &mut Prover::new(3)),
        Err(Reject::TooBig)
    );
}

#[test]
fn the_prover_agrees_with_the_plain_solver_on_small_endings() {
    let mut rng = Rng(2026);
    let mut checked = 0;
    while checked < 300 {
        let p = random_position(&mut rng, 3, 50);
        if p.legal_moves().is_empty() {
            continue;
        }
        checked += 1;
        let mut prover = Prover::new(u64::MAX);
        let mine = prover.shortest_win(&p, 3).unwrap();
        let plain = Solver::new().shortest(&p, 5).map(|plies| plies.div_ceil(2));
        assert_eq!(mine, plain, "{}", fen::write(&p));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text at all: a puzzle or a reason, never a panic.
    #[test]
    fn any_text_reads_as_a_puzzle_or_a_reason(text in "\\PC{0,200}") {
        let _ = Puzzle::parse_line(&text);
        let _ = puzzle::read_set(&text);
    }

    /// A shipped line with one field or one character changed either still reads as a legal
    /// line or is refused with a reason.
    #[test]
    fn damaged_lines_are_refused_or_still_legal(index in 0usize..20, at in 0usize..200, c in any::<char>()) {
        let set = puzzle::shipped();
        let line = set[index % set.len()].to_line();
        let mut chars: Vec<char> = line.chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        let damaged: String = chars.into_iter().collect();
        if let Ok(p) = Puzzle::parse_line(&damaged) {
            let mut game = dama::engine::Game::new(p.start);
            for mv in &p.line {
                prop_assert!(game.play(*mv).is_ok());
            }
        }
    }
}
