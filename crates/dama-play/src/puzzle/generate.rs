//! Finds puzzles in self-play games: a few random plies, then the AI against itself with the
//! lower levels' human-like variety; every position is screened by a short search for a forced
//! win or a gain of material, proven exhaustively, checked for uniqueness, graded and themed.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::theme::themes_of;
use super::{Kind, MAX_MOVES, Prover, Puzzle, prove_line};
use crate::ai::{AiPlayer, Level, Limits, MATE, Searcher, Weights};
use dama_rules::{Game, Move, Position};

/// How a run of the generator is set up.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The days of daily puzzles to fill.
    pub count: usize,
    /// The seed of the games played; the same seed finds the same puzzles.
    pub seed: u64,
    /// How many games are played at once.
    pub threads: usize,
    /// The shallowest the AI's search may find the first move at (a puzzle seen at depth 1 or 2
    /// is no puzzle).
    pub min_find_depth: u32,
    /// Positions the prover may visit for one candidate.
    pub budget: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            count: 365,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            min_find_depth: 3,
            budget: 3_000_000,
        }
    }
}

/// What a run has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenerationProgress {
    /// Games played.
    pub games: usize,
    /// Positions handed to the prover.
    pub candidates: usize,
    /// Puzzles proven.
    pub found: usize,
}

/// Deepest search used to grade how hard the first move is to find.
const GRADE_DEPTH: u32 = 14;
/// Nodes one grading search may use: a deep search of a wide position would otherwise take
/// minutes and hold up the whole run (the first move is then "deeper than we looked").
const GRADE_NODES: u64 = 3_000_000;
/// Nodes the screening search of one position may use.
const SCREEN_NODES: u64 = 2_000_000;
/// Self-play games stop here.
const MAX_PLIES: usize = 200;

/// Whether a puzzle may be a day's: a full board (10 pieces or more).
pub fn fit_for_a_day(p: &Puzzle) -> bool {
    p.pieces() >= DAILY_PIECES
}

/// The fewest pieces on a day's puzzle's board.
pub const DAILY_PIECES: u32 = 10;

/// How many of `days` days' puzzles open by force ([`Puzzle::starts_forcing`]): two in three.
pub fn forcing_days(days: usize) -> usize {
    (2 * days).div_ceil(3)
}

/// The days' puzzles met so far, and how many of them open by force.
#[derive(Clone, Copy, Debug, Default)]
struct Days {
    full: usize,
    forcing: usize,
}

impl Days {
    fn add(&mut self, p: &Puzzle) {
        if fit_for_a_day(p) {
            self.full += 1;
            self.forcing += usize::from(p.starts_forcing());
        }
    }

    /// Enough to fill `days` days, two in three of them opening by force.
    fn enough(&self, days: usize) -> bool {
        self.full >= days && self.forcing >= forcing_days(days)
    }
}

/// Plays games until the puzzles found fill `count` days ([`arrange`]), keeping every other
/// puzzle met on the way for practice; the result depends only on the settings' seed and count
/// (games are numbered, and puzzles are kept in game order), not on the threads. `found_one`
/// hears of each puzzle as soon as the games before it are done, in game order.
///
/// # Panics
///
/// When a thread searching the games panicked: its panic goes on from here.
pub fn generate(
    settings: Settings,
    progress: impl Fn(GenerationProgress) + Sync,
    found_one: impl Fn(&Puzzle) + Sync,
) -> Vec<Puzzle> {
    let told = Mutex::new((0usize, HashSet::new(), Days::default()));
    let next_game = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Vec<Puzzle>)>> = Mutex::new(Vec::new());
    // Enough once the games told of (every one before the first unfinished) fill the days.
    let done = || locked(&told).2.enough(settings.count);
    let stats = Mutex::new(GenerationProgress::default());
    std::thread::scope(|s| {
        for _ in 0..settings.threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::new(Weights::default(), 16);
                loop {
                    if done() {
                        return;
                    }
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    let (puzzles, candidates) = puzzles_of_game(&settings, index, &mut searcher);
                    let mut st = locked(&stats);
                    st.games += 1;
                    st.candidates += candidates;
                    st.found += puzzles.len();
                    progress(*st);
                    drop(st);
                    let mut all = locked(&found);
                    all.push((index, puzzles));
                    // Tell of the puzzles of every game up to the first still running.
                    let mut told = locked(&told);
                    loop {
                        let (next, seen, days) = &mut *told;
                        let Some((_, ps)) = all.iter().find(|(i, _)| i == next) else {
                            break;
                        };
                        for p in ps {
                            if !days.enough(settings.count) && seen.insert(p.start) {
                                days.add(p);
                                found_one(p);
                            }
                        }
                        *next += 1;
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    found.sort_by_key(|(i, _)| *i);
    let mut seen = HashSet::new();
    let mut days = Days::default();
    let mut all = Vec::new();
    for p in found.into_iter().flat_map(|(_, p)| p) {
        if !days.enough(settings.count) && seen.insert(p.start) {
            days.add(&p);
            all.push(p);
        }
    }
    all
}

/// Orders a set for shipping: `days` days' puzzles first, in the order found (every full board
/// that opens by force, up to `days`, then other full boards to fill the days), then the rest
/// for practice.
pub fn arrange(puzzles: Vec<Puzzle>, days: usize) -> Vec<Puzzle> {
    let forcing = |p: &Puzzle| fit_for_a_day(p) && p.starts_forcing();
    let mut forcing_left = puzzles.iter().filter(|p| forcing(p)).count().min(days);
    let mut others_left = days - forcing_left;
    let (mut daily, practice): (Vec<Puzzle>, Vec<Puzzle>) = puzzles.into_iter().partition(|p| {
        let left = if forcing(p) {
            &mut forcing_left
        } else if fit_for_a_day(p) {
            &mut others_left
        } else {
            return false;
        };
        let day = *left > 0;
        *left = left.saturating_sub(1);
        day
    });
    daily.extend(practice);
    daily
}

/// The puzzles found in self-play game number `index`, and how many positions were screened
/// as candidates.
fn puzzles_of_game(
    settings: &Settings,
    index: usize,
    searcher: &mut Searcher,
) -> (Vec<Puzzle>, usize) {
    let mut rng = settings.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let game = self_play(&mut rng);
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut candidates = 0;
    let mut skip_until = 0;
    let positions: Vec<Position> = game.history().map(|(p, _)| *p).collect();
    for (ply, pos) in positions.iter().enumerate() {
        if ply < skip_until || ply < 6 {
            continue;
        }
        let Some(kind) = screen(pos, searcher) else {
            continue;
        };
        candidates += 1;
        let Some(puzzle) = prove_and_grade(pos, kind, settings.budget, searcher) else {
            continue;
        };

        // Later positions of the same game play out the same combination.
        skip_until = ply + puzzle.line.len() + 1;
        if puzzle.find_depth >= settings.min_find_depth {
            puzzles.push(puzzle);
        }
    }
    (puzzles, candidates)
}

/// A puzzle where the solver is far ahead is no lesson: at most this much more material
/// (a man counts 1, a king 3).
const MAX_ADVANTAGE: i32 = 5;
/// What a short search must see the side to move gain (hundredths of a man, over the
/// position's static worth) to try proving a gain of material.
const SCREEN_GAIN: i32 = 150;
/// What the search must still give the solver when a material line ends (hundredths of a man).
const STILL_WINNING: i32 = 150;
/// Depth of the search that checks a material line's end.
const END_DEPTH: u32 = 8;

/// A short search's view of `pos`: which kind of puzzle may be there, if any.
pub fn screen(pos: &Position, searcher: &mut Searcher) -> Option<Kind> {
    if pos.legal_moves().len() < 2 || advantage(pos) > MAX_ADVANTAGE {
        return None;
    }
    searcher.clear();
    // A forced win seen makes the search go on until its length is exact; the node cap keeps
    // that from running for minutes in a wide position.
    let limits = Limits {
        nodes: Some(SCREEN_NODES),
        ..Limits::depth(6)
    };
    let r = searcher.search(&Game::new(*pos), limits)?;
    if r.score >= MATE - (2 * MAX_MOVES as i32 - 1) {
        Some(Kind::Win)
    } else if r.score < MATE - 200 && r.score - searcher.weights().evaluate(pos) >= SCREEN_GAIN {
        Some(Kind::Material)
    } else {
        None
    }
}

/// Proves a screened position a puzzle of `kind` (a material line must still win where it
/// ends), then grades it and names its themes.
pub fn prove_and_grade(
    pos: &Position,
    kind: Kind,
    budget: u64,
    searcher: &mut Searcher,
) -> Option<Puzzle> {
    let mut prover = Prover::with_goal(budget, kind.goal(pos));
    let line = prove_line(pos, &mut prover).ok()?;
    if kind == Kind::Material && !still_winning(pos, &line, searcher) {
        return None;
    }
    let mut puzzle = grade(*pos, kind, line, searcher);
    puzzle.themes = themes_of(&puzzle, budget);
    Some(puzzle)
}

/// Whether the solver still wins where a material line ends (by the search, which reads the
/// endgame tables when it has them).
fn still_winning(start: &Position, line: &[Move], searcher: &mut Searcher) -> bool {
    let mut game = Game::new(*start);
    for mv in line {
        if game.play(*mv).is_err() {
            return false;
        }
    }
    if game.is_over() {
        return true;
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(GRADE_NODES),
        ..Limits::depth(END_DEPTH)
    };
    // The defender is to move: its score is the solver's, negated.
    searcher
        .search(&game, limits)
        .is_some_and(|r| -r.score >= STILL_WINNING)
}

/// The side to move's material lead (a man 1, a king 3).
fn advantage(pos: &Position) -> i32 {
    super::prove::balance(pos, pos.side_to_move())
}

/// A varied self-play game: 2 to 7 random plies, then two AI players of random levels (medium
/// or hard: games between unequal players end in lopsided positions that make dull puzzles).
#[expect(
    clippy::expect_used,
    reason = "a generated move is legal; the AI plays legal moves"
)]
fn self_play(rng: &mut u64) -> Game {
    let mut game = Game::default();
    let opening = 2 + next(rng) % 6;
    for _ in 0..opening {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return game;
        }
        let mv = moves[(next(rng) % moves.len() as u64) as usize];
        game.play(mv).expect("a generated move is legal");
    }
    let levels = [Level::Medium, Level::Medium, Level::Hard];
    let mut players = [0, 1].map(|_| {
        AiPlayer::level(levels[(next(rng) % levels.len() as u64) as usize]).with_seed(next(rng))
    });
    while !game.is_over() && game.ply_count() < MAX_PLIES {
        let side = game.ply_count() % 2;
        let Some(r) = players[side].choose(&game) else {
            break;
        };
        game.play(r.best).expect("the AI plays legal moves");
    }
    game
}

/// Grades a proven line: how deep the AI's search must look to play the first move knowing
/// what it gets (the win, or the gain), the nodes that takes, how many other first moves a
/// short look likes as well (tempting, and losing), the length and the pieces given up; the
/// starting rating follows from them, from 800 to 2,400.
pub fn grade(start: Position, kind: Kind, line: Vec<Move>, searcher: &mut Searcher) -> Puzzle {
    let game = Game::new(start);
    let seen = match kind {
        Kind::Win => MATE - 200,
        Kind::Material => searcher.weights().evaluate(&start) + SCREEN_GAIN,
    };
    let mut nodes = 0;
    let find_depth = (1..=GRADE_DEPTH)
        .find(|&d| {
            searcher.clear();
            let r = searcher.search(
                &game,
                Limits {
                    nodes: Some(GRADE_NODES),
                    ..Limits::depth(d)
                },
            );
            nodes += r.as_ref().map_or(GRADE_NODES, |r| r.nodes);
            r.is_some_and(|r| r.best == line[0] && r.score >= seen && r.depth >= d)
        })
        .unwrap_or(GRADE_DEPTH + 1);
    searcher.clear();
    let shallow = searcher.score_moves(&game, 2);
    let key_score = shallow
        .iter()
        .find(|(m, _)| *m == line[0])
        .map_or(i32::MIN, |s| s.1);
    let tempting = shallow
        .iter()
        .filter(|(m, s)| *m != line[0] && *s >= key_score)
        .count() as u32;
    let given: u32 = line
        .iter()
        .skip(1)
        .step_by(2)
        .map(Move::capture_count)
        .sum();
    let moves = line.len().div_ceil(2) as u32;
    let rating = starting_rating(find_depth, nodes, tempting, moves, given);
    Puzzle {
        start,
        kind,
        line,
        find_depth,
        given,
        rating,
        themes: Default::default(),
    }
}

/// A starting rating from 800 to 2,400: the depth the search needs counts most, then the work
/// it does there, the tempting moves that lose, the length and the material given up. The raw
/// difficulty is spread over the range by the quantiles it had in the shipped set.
pub fn starting_rating(find_depth: u32, nodes: u64, tempting: u32, moves: u32, given: u32) -> u32 {
    let raw = difficulty(find_depth, nodes, tempting, moves, given);
    let at = SPREAD.partition_point(|&(d, _)| d <= raw);
    let rating = match at {
        0 => SPREAD[0].1,
        n if n == SPREAD.len() => SPREAD[n - 1].1,
        n => {
            let ((d0, r0), (d1, r1)) = (SPREAD[n - 1], SPREAD[n]);
            r0 + (r1 - r0) * (raw - d0) / (d1 - d0)
        }
    };
    rating.round() as u32
}

/// Difficulty points to ratings: knots at about the quantiles the points had in a sample of 140
/// generated puzzles (`--count 60 --seed 1`: the lowest, then about every tenth, the top 5%
/// last), put on evenly spaced ratings.
const SPREAD: [(f64, f64); 9] = [
    (433.0, 800.0),
    (452.0, 1000.0),
    (518.0, 1200.0),
    (640.0, 1400.0),
    (704.0, 1600.0),
    (782.0, 1800.0),
    (856.0, 2000.0),
    (1027.0, 2200.0),
    (1819.0, 2400.0),
];

/// How hard a puzzle is to find, in points.
fn difficulty(find_depth: u32, nodes: u64, tempting: u32, moves: u32, given: u32) -> f64 {
    let work = (nodes.max(1) as f64).log2();
    100.0 * f64::from(find_depth.min(GRADE_DEPTH + 1))
        + 12.0 * work
        + 25.0 * f64::from(tempting.min(6))
        + 30.0 * f64::from(moves.saturating_sub(2))
        + 20.0 * f64::from(given.min(4))
}

/// splitmix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The lock's contents, even after a thread holding it panicked: that panic goes on when the
/// threads' scope ends, and what the others see meanwhile (counts, games told) stays whole.
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
