//! Finds puzzles in self-play games: a few random plies, then the AI against itself with the
//! lower levels' human-like variety; every position is screened by a short search for a forced
//! win, proven exhaustively, checked for uniqueness and graded.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{MAX_MOVES, Prover, Puzzle, prove_line};
use crate::ai::{Level, Limits, MATE, Player, Searcher, Weights};
use crate::engine::{Game, Move, Position};

/// How a run of the generator is set up.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub count: usize,
    pub seed: u64,
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
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            min_find_depth: 3,
            budget: 3_000_000,
        }
    }
}

/// What a run has done so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub games: usize,
    pub candidates: usize,
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

/// Plays games until `count` puzzles are found; the result depends only on the settings' seed
/// and count (games are numbered, and puzzles are kept in game order), not on the threads.
/// `found` hears of each puzzle as soon as the games before it are done, in the final order.
pub fn generate(
    settings: Settings,
    progress: impl Fn(Progress) + Sync,
    found_one: impl Fn(&Puzzle) + Sync,
) -> Vec<Puzzle> {
    let told = Mutex::new((0usize, HashSet::new(), 0usize));
    let next_game = AtomicUsize::new(0);
    let found: Mutex<Vec<(usize, Vec<Puzzle>)>> = Mutex::new(Vec::new());
    let done = |found: &[(usize, Vec<Puzzle>)]| {
        // Enough once the games before the first unfinished one hold `count` puzzles.
        let mut sorted: Vec<_> = found.iter().map(|(i, p)| (*i, p.len())).collect();
        sorted.sort();
        let mut total = 0;
        for (expected, (i, n)) in sorted.iter().enumerate() {
            if *i != expected {
                break;
            }
            total += n;
        }
        total >= settings.count
    };
    let stats = Mutex::new(Progress::default());
    std::thread::scope(|s| {
        for _ in 0..settings.threads.max(1) {
            s.spawn(|| {
                let mut searcher = Searcher::new(Weights::default(), 16);
                loop {
                    if done(&found.lock().unwrap()) {
                        return;
                    }
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    let (puzzles, candidates) = puzzles_of_game(&settings, index, &mut searcher);
                    let mut st = stats.lock().unwrap();
                    st.games += 1;
                    st.candidates += candidates;
                    st.found += puzzles.len();
                    progress(*st);
                    drop(st);
                    let mut all = found.lock().unwrap();
                    all.push((index, puzzles));
                    // Tell of the puzzles of every game up to the first still running.
                    let mut told = told.lock().unwrap();
                    loop {
                        let (next, seen, count) = &mut *told;
                        let Some((_, ps)) = all.iter().find(|(i, _)| i == next) else {
                            break;
                        };
                        for p in ps {
                            if *count < settings.count && seen.insert(p.start) {
                                *count += 1;
                                found_one(p);
                            }
                        }
                        *next += 1;
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap();
    found.sort_by_key(|(i, _)| *i);
    let mut seen = HashSet::new();
    found
        .into_iter()
        .flat_map(|(_, p)| p)
        .filter(|p| seen.insert(p.start))
        .take(settings.count)
        .collect()
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
        searcher.clear();
        // A forced win seen makes the search go on until its length is exact; the node cap
        // keeps that from running for minutes in a wide position.
        let screen = Limits {
            nodes: Some(SCREEN_NODES),
            ..Limits::depth(6)
        };
        let Some(r) = searcher.search(&Game::new(*pos), screen) else {
            continue;
        };
        // Screen: a forced win within MAX_MOVES of the side to move's own moves.
        if r.score < MATE - (2 * MAX_MOVES as i32 - 1) {
            continue;
        }
        candidates += 1;
        let mut prover = Prover::new(settings.budget);
        if advantage(pos) > MAX_ADVANTAGE {
            continue;
        }
        let Ok(line) = prove_line(pos, &mut prover) else {
            continue;
        };
        let puzzle = grade(*pos, line, searcher);
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

/// The side to move's material lead (a man 1, a king 3).
fn advantage(pos: &Position) -> i32 {
    let side = pos.side_to_move();
    let material = |c| (pos.men(c).count() + 3 * pos.kings(c).count()) as i32;
    material(side) - material(side.opponent())
}

/// A varied self-play game: 2 to 7 random plies, then two AI players of random levels (medium
/// or hard: games between unequal players end in lopsided positions that make dull puzzles).
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
        Player::level(levels[(next(rng) % levels.len() as u64) as usize]).with_seed(next(rng))
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

/// Grades a proven line: how deep the AI's search must look to play the first move knowing it
/// wins, and how many pieces the solver gives up; the rating follows from both and the length.
pub fn grade(start: Position, line: Vec<Move>, searcher: &mut Searcher) -> Puzzle {
    let game = Game::new(start);
    let find_depth = (1..=GRADE_DEPTH)
        .find(|&d| {
            searcher.clear();
            searcher
                .search(
                    &game,
                    Limits {
                        nodes: Some(GRADE_NODES),
                        ..Limits::depth(d)
                    },
                )
                .is_some_and(|r| r.best == line[0] && r.score > MATE - 200 && r.depth >= d)
        })
        .unwrap_or(GRADE_DEPTH + 1);
    let given: u32 = line
        .iter()
        .skip(1)
        .step_by(2)
        .map(Move::capture_count)
        .sum();
    let moves = line.len().div_ceil(2) as u32;
    let rating = 700 + 90 * find_depth + 80 * (moves - 2) + 60 * given.min(4);
    Puzzle {
        start,
        kind: super::Kind::Win,
        line,
        find_depth,
        given,
        rating,
    }
}

/// splitmix64.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
