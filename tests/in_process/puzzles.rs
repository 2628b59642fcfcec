//! The puzzles: every shipped puzzle proven again by a plain solver that shares nothing with
//! the generator's prover (exactly one move that gets there at each of the solver's turns, the
//! defence the longest, the length exact; a win, or decisive material kept), the set fit for a
//! year of days (full boards, forcing starts, ratings spread), the themes on pictured
//! positions, the mining of recorded games, and the puzzle file parser safe on any input.
mod themes;

use std::collections::{HashMap, HashSet};

use crate::common::*;
use dama_play::puzzle::{self, Prover, Puzzle, Reject, Theme, prove_line};
use dama_rules::{Color, Move, Position, fen};
use proptest::prelude::*;

/// A plain memoised AND-OR solver over plies, with the rules' one draw that can happen in a
/// few plies (one king against one king, no capture due). With a target, the defender also
/// loses on its turn with no capture due and the solver's lead (a man 1, a king 3) at least
/// the target.
struct Solver {
    memo: HashMap<(Position, u32, bool), bool>,
    target: Option<(Color, i32)>,
}

/// `side`'s lead in material, counted here independently: a man 1, a king 3.
fn lead(p: &Position, side: Color) -> i32 {
    let worth = |c: Color| (p.men(c).count() + 3 * p.kings(c).count()) as i32;
    worth(side) - worth(side.opponent())
}

impl Solver {
    fn new() -> Solver {
        Solver {
            memo: HashMap::new(),
            target: None,
        }
    }

    /// A solver for `puzzle`'s kind: a gain of two from its start for a material puzzle.
    fn for_puzzle(puzzle: &Puzzle) -> Solver {
        let solver = puzzle.solver();
        Solver {
            memo: HashMap::new(),
            target: (puzzle.kind == puzzle::Kind::Material)
                .then(|| (solver, lead(&puzzle.start, solver) + 2)),
        }
    }

    fn gained(&self, p: &Position) -> bool {
        self.target
            .is_some_and(|(side, t)| !p.has_capture() && lead(p, side) >= t)
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
            .any(|m| self.loses(&p.play_unchecked(m), plies - 1));
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
            || (!Self::drawn(p) && self.gained(p))
            || (plies > 0
                && !Self::drawn(p)
                && moves
                    .iter()
                    .all(|m| self.wins(&p.play_unchecked(m), plies - 1)));
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
    let mut s = Solver::for_puzzle(puzzle);
    let n = puzzle.moves() as u32;
    let plies = 2 * n - 1;
    // The claimed length is exact: a win in n, none faster.
    if s.shortest(&puzzle.start, plies) != Some(plies) {
        return Some(format!("not a shortest win in {n}"));
    }
    // No other first move gets there at all within the longest puzzle, however slowly: the
    // puzzle calls every other move wrong.
    let horizon = 2 * puzzle::MAX_MOVES - 1;
    let start = puzzle.start;
    let ways: Vec<Move> = start
        .legal_moves()
        .into_iter()
        .filter(|m| s.loses(&start.play_unchecked(m), horizon - 1))
        .collect();
    if ways != puzzle.line[..1] {
        return Some(format!(
            "the first moves that get there within {} moves are {:?}",
            puzzle::MAX_MOVES,
            start.notations(&ways)
        ));
    }
    let mut pos = puzzle.start;
    for (i, mv) in puzzle.line.iter().enumerate() {
        let left = plies - i as u32;
        if i % 2 == 0 {
            let winners: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| s.loses(&pos.play_unchecked(m), left - 1))
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
            let held = |s: &mut Solver, m: &Move| s.shortest(&pos.play_unchecked(m), left - 1);
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
        pos = pos.play_unchecked(mv);
    }
    if !pos.legal_moves().is_empty() && !s.gained(&pos) {
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

/// Whether a line opens by force, judged here from the rules alone: the first move gives
/// material up (the defender's reply captures and leaves the solver behind where it started),
/// or it is a quiet move after which every reply leaves the solver a capture to make.
fn opens_by_force(p: &Puzzle) -> bool {
    let solver = p.solver();
    let after = p.start.play_unchecked(&p.line[0]);
    let given = p.line[1].is_capture()
        && lead(&after.play_unchecked(&p.line[1]), solver) < lead(&p.start, solver);
    let threat = !p.line[0].is_capture()
        && after
            .legal_moves()
            .iter()
            .all(|r| after.play_unchecked(r).has_capture());
    given || threat
}

/// The days' puzzles are full boards, most of them opening by force; small endings are practice
/// only.
#[test]
fn the_days_puzzles_are_full_boards_that_open_by_force() {
    let set = puzzle::shipped();
    let days = &set[..365];
    let share = |f: &dyn Fn(&Puzzle) -> bool| days.iter().filter(|p| f(p)).count() * 100 / 365;
    assert!(share(&|p| p.pieces() >= 10) >= 80, "full boards");
    let forcing = share(&opens_by_force);
    assert!(forcing >= 60, "only {forcing}% open by force");
    // The generator's own judgement agrees on every puzzle.
    for p in set {
        assert_eq!(
            p.starts_forcing(),
            opens_by_force(p),
            "{}",
            fen::write(&p.start)
        );
    }
    assert!(days.iter().all(|p| p.pieces() > 4 && p.is_daily()));
    assert!(days.iter().all(|p| !p.themes.contains(Theme::Endgame)));
    // Both kinds are there, the material ones kept to the end by the re-proof above.
    for kind in [puzzle::Kind::Win, puzzle::Kind::Material] {
        assert!(set.iter().any(|p| p.kind == kind), "{kind:?}");
    }
    // The endings of four pieces or fewer are the endgame theme's practice.
    let endings: Vec<&Puzzle> = set.iter().filter(|p| p.pieces() <= 4).collect();
    assert!(!endings.is_empty());
    assert!(endings.iter().all(|p| p.themes.contains(Theme::Endgame)));
    // Every theme has puzzles to practise.
    for theme in Theme::ALL {
        assert!(
            set.iter().any(|p| p.themes.contains(theme)),
            "no puzzle for {theme}"
        );
    }
}

/// The starting ratings spread from about 800 to 2,400, every band of 400 holding puzzles, and
/// the stars follow.
#[test]
fn the_starting_ratings_spread_from_800_to_2400() {
    let set = puzzle::shipped();
    let ratings: Vec<u32> = set.iter().map(|p| p.rating).collect();
    assert!(ratings.iter().all(|r| (800..=2400).contains(r)));
    for band in [800, 1200, 1600, 2000] {
        let n = ratings
            .iter()
            .filter(|r| (band..band + 400).contains(*r))
            .count();
        assert!(n * 100 >= set.len() * 3, "only {n} puzzles from {band}");
    }
    assert!(ratings.contains(&2400) || ratings.iter().any(|r| *r >= 2200));
    let stars: HashSet<u32> = set.iter().map(Puzzle::stars).collect();
    assert_eq!(stars.len(), 5, "{stars:?}");
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
    // A shipped puzzle of each kind is found again, move for move.
    for kind in [puzzle::Kind::Win, puzzle::Kind::Material] {
        for p in puzzle::shipped().iter().filter(|p| p.kind == kind).take(5) {
            let goal = kind.goal(&p.start);
            let line = prove_line(&p.start, &mut Prover::with_goal(10_000_000, goal)).unwrap();
            assert_eq!(line, p.line, "{}", fen::write(&p.start));
        }
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
            Err(Reject::AnotherWay) => {
                assert!(s.shortest(&p, 7).is_some_and(|n| n > 1));
                let ways = p
                    .legal_moves()
                    .iter()
                    .filter(|m| s.loses(&p.play_unchecked(m), 8))
                    .count();
                assert!(ways >= 2, "{}", fen::write(&p));
            }
            Err(Reject::TooBig) => panic!("no budget was set"),
            Ok(line) => {
                let puzzle = Puzzle {
                    start: p,
                    kind: puzzle::Kind::Win,
                    line: line.clone(),
                    find_depth: 1,
                    given: 0,
                    rating: 1000,
                    themes: Default::default(),
                };
                assert_eq!(fault(&puzzle), None, "{}", fen::write(&p));
            }
        }
        let name = verdict
            .as_ref()
            .map_or_else(Reject::to_string, |_| "a puzzle".into());
        *verdicts.entry(name).or_insert(0) += 1;
    }
    // The sample met every verdict but the budget's.
    assert_eq!(verdicts.len(), 6, "{verdicts:?}");
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

/// A recorded game where the player to move missed a shipped combination gives that puzzle
/// back, line for line; one where it was played gives nothing, and a side not screened (the
/// AI's) gives nothing either.
#[test]
fn mining_finds_the_combination_a_player_missed_and_none_that_was_played() {
    use dama_play::ai::{Searcher, Weights};
    use dama_play::puzzle::mine;
    use dama_rules::Game;
    let mut searcher = Searcher::new(Weights::default(), 16);
    for kind in [puzzle::Kind::Material, puzzle::Kind::Win] {
        let p = puzzle::shipped()
            .iter()
            .find(|p| p.kind == kind && p.pieces() >= 8)
            .expect("a shipped puzzle of each kind");
        let mut missed = Game::new(p.start);
        let miss = p
            .start
            .legal_moves()
            .into_iter()
            .find(|m| *m != p.line[0])
            .unwrap();
        missed.play(miss).unwrap();
        let found = mine::missed(&missed, &mut searcher, |_| true);
        assert_eq!(
            found.first().map(|m| m.ply),
            Some(0),
            "{}",
            fen::write(&p.start)
        );
        assert_eq!(found[0].puzzle.line, p.line);
        assert_eq!(found[0].puzzle.kind, kind);
        let solver = p.solver();
        assert!(mine::missed(&missed, &mut searcher, |c| c != solver).is_empty());
        let mut played = Game::new(p.start);
        for mv in &p.line {
            played.play(*mv).unwrap();
        }
        assert_eq!(mine::missed(&played, &mut searcher, |_| true), Vec::new());
    }
}

/// The generator is deterministic for a seed whatever the threads, and the shipped set is what
/// its command makes: every puzzle of a short run with the shipped seed (its games are the
/// first games of the long run) is in the shipped set, line for line; and the days are filled
/// as promised, two in three opening by force.
#[test]
fn the_generator_gives_the_same_puzzles_for_a_seed_and_made_the_shipped_set() {
    use dama_play::puzzle::generate::{Settings, arrange, fit_for_a_day, forcing_days, generate};
    let days = 3;
    let run = |threads| {
        let settings = Settings {
            count: days,
            seed: 1,
            threads,
            ..Settings::default()
        };
        arrange(generate(settings, |_| {}, |_| {}), days)
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert!(one[..days].iter().all(fit_for_a_day));
    let forcing = one[..days].iter().filter(|p| opens_by_force(p)).count();
    assert!(forcing >= forcing_days(days), "{forcing} of {days}");
    let shipped: HashSet<String> = puzzle::shipped().iter().map(Puzzle::to_line).collect();
    for p in &one {
        assert!(
            shipped.contains(&p.to_line()),
            "not shipped: {}",
            p.to_line()
        );
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
            let mut game = dama_rules::Game::new(p.start);
            for mv in &p.line {
                prop_assert!(game.play(*mv).is_ok());
            }
        }
    }
}
