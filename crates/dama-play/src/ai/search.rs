//! Iterative deepening principal variation search with a transposition table, killer and
//! history move ordering, forced-move extensions and a capture-only quiescence search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::Weights;
use super::endgame::{table_move, tree_score};
use crate::tables::{Tables, Value};
use dama_rules::{Color, Game, Move, NO_PROGRESS_PLIES, Position};

/// A won position scores `MATE - plies to the win`.
pub const MATE: i32 = 30_000;
const INFINITY: i32 = 32_000;
const MAX_PLY: usize = 128;

/// How long a search may go on. With only `depth` or `nodes` set, the same input gives the
/// same move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this depth, in plies.
    pub depth: Option<u32>,
    /// Stop after visiting about this many positions.
    pub nodes: Option<u64>,
    /// Stop when this much time has gone.
    pub movetime: Option<Duration>,
    /// With `movetime`: start no iteration once half the time is gone, as the AI did before
    /// it learnt to use all of it (kept to measure the two against each other in the arena).
    pub half_time: bool,
}

impl Limits {
    /// A search to `depth` plies, unchecked (see [`Limits::checked_depth`]).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of about `nodes` positions, unchecked (see [`Limits::checked_nodes`]).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of `time`, unchecked (see [`Limits::checked_movetime`]).
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// The deepest fixed-depth search a command may ask for. From the start position depth 14
/// took 26 s on 2 cores, 16 took 110 s and 17 took 290 s (each ply about three times the one
/// before), so 18 is a quarter of an hour already; deeper would not end in a sitting.
pub const MAX_DEPTH: u32 = 18;
/// Ten billion nodes: hours of search.
pub const MAX_NODES: u64 = 10_000_000_000;
/// One hour.
pub const MAX_MOVETIME: Duration = Duration::from_secs(3600);

/// A search limit out of range: what was asked, and the range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// A depth beyond [`MAX_DEPTH`], or none.
    #[error(
        "a search {depth} plies deep would not end in a sitting: choose 1 to {MAX_DEPTH} (from the start position 14 takes about half a minute, and each ply about three times longer), or give a time with movetime"
    )]
    Depth {
        /// The depth asked for, in plies.
        depth: u64,
    },
    /// A node count beyond [`MAX_NODES`], or none.
    #[error(
        "{nodes} nodes is out of range: choose 1 to {MAX_NODES} (ten billion nodes is hours of search)"
    )]
    Nodes {
        /// The nodes asked for.
        nodes: u64,
    },
    /// A time beyond [`MAX_MOVETIME`], or none.
    #[error("{ms} ms is out of range: choose 1 to {} ms (an hour)", MAX_MOVETIME.as_millis())]
    Movetime {
        /// The time asked for, in milliseconds.
        ms: u64,
    },
}

impl Limits {
    /// A depth limit, refused outside 1 to [`MAX_DEPTH`]. Every command checks its limits
    /// here, so one set of bounds holds everywhere.
    pub fn checked_depth(depth: u64) -> Result<Limits, LimitError> {
        match u32::try_from(depth) {
            Ok(d @ 1..=MAX_DEPTH) => Ok(Limits::depth(d)),
            _ => Err(LimitError::Depth { depth }),
        }
    }

    /// A node limit, refused outside 1 to [`MAX_NODES`].
    pub fn checked_nodes(nodes: u64) -> Result<Limits, LimitError> {
        match nodes {
            1..=MAX_NODES => Ok(Limits::nodes(nodes)),
            _ => Err(LimitError::Nodes { nodes }),
        }
    }

    /// A time limit in milliseconds, refused outside 1 ms to [`MAX_MOVETIME`].
    pub fn checked_movetime(ms: u64) -> Result<Limits, LimitError> {
        if ms == 0 || u128::from(ms) > MAX_MOVETIME.as_millis() {
            return Err(LimitError::Movetime { ms });
        }
        Ok(Limits::movetime(Duration::from_millis(ms)))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Move,
    /// For the side to move, in hundredths of a man; near ±[`MATE`] for a forced result.
    pub score: i32,
    /// The last depth searched completely.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time the search took.
    pub time: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// The result with best play, when the position is in the endgame tables.
    pub exact: Option<Value>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct TtEntry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: i16,
    bound: Bound,
}

const EMPTY_ENTRY: TtEntry = TtEntry {
    key: 0,
    best: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// A searcher owns its tables; nothing is global. Reuse one for the moves of a game to keep
/// what it learnt.
pub struct Searcher {
    weights: Weights,
    tt: Vec<TtEntry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    stop: Arc<AtomicBool>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// A forced win is in sight: no move is searched shallower than the others, so the
    /// shortest win is found and its length is exact.
    mating: bool,
    /// Keys of the game's positions since its last progress, then of the search path.
    path: Vec<u64>,
    /// Plies without progress at each entry of `path`.
    quiet: Vec<u32>,
    moves: Vec<Vec<Move>>,
    pv: Vec<Vec<Move>>,
    tables: Option<Arc<Tables>>,
    /// The most pieces a position may have for the tables to be asked.
    table_pieces: u32,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(Weights::default(), 20)
    }
}

impl Searcher {
    /// A searcher with a table of 2^`tt_bits` entries.
    pub fn new(weights: Weights, tt_bits: u32) -> Searcher {
        Searcher {
            weights,
            tt: vec![EMPTY_ENTRY; 1 << tt_bits],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 64 * 64],
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            mating: false,
            path: Vec::new(),
            quiet: Vec::new(),
            moves: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(48)).collect(),
            pv: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            tables: None,
            table_pieces: 0,
        }
    }

    /// Lets the search use endgame tables (or stop using them).
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.table_pieces = tables.as_ref().map_or(0, |t| t.complete_up_to());
        self.tables = tables;
    }

    /// The endgame tables the searcher probes, if any.
    pub fn tables(&self) -> Option<&Arc<Tables>> {
        self.tables.as_ref()
    }

    /// The tables' move when the game's position is in them.
    pub fn table_move(&self, game: &Game) -> Option<SearchResult> {
        let tables = self.tables.as_deref()?;
        if game.is_over() || game.position().occupied().count() > self.table_pieces {
            return None;
        }
        table_move(tables, game, &self.weights)
    }

    /// The tables' value of a position inside the tree, as a score.
    #[inline]
    fn probe(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.occupied().count() > self.table_pieces {
            return None;
        }
        let value = self.tables.as_deref()?.probe(pos)?;
        Some(tree_score(value, ply))
    }

    /// The flag that stops a running search from another thread; it returns the best move of
    /// the last finished iteration. A flag raised before the search starts stops it at once;
    /// the searcher lowers it when the search returns.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The evaluation's weights this searcher uses.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Forgets everything learnt (the table, killers, history).
    pub fn clear(&mut self) {
        self.tt.fill(EMPTY_ENTRY);
        self.history.fill(0);
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// The best move in the game's current position, or `None` when the game is over.
    pub fn search(&mut self, game: &Game, limits: Limits) -> Option<SearchResult> {
        if game.is_over() {
            return None;
        }
        if let Some(exact) = self.table_move(game) {
            return Some(exact);
        }
        let start = Instant::now();
        let result = self.iterate(game, limits, start);
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    fn iterate(&mut self, game: &Game, limits: Limits, start: Instant) -> Option<SearchResult> {
        let pos = *game.position();
        let mut root_moves = pos.legal_moves();
        self.nodes = 0;
        self.aborted = false;
        self.mating = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.movetime.map(|t| start + t);
        self.path = game.keys_since_progress();
        let q0 = game.quiet_plies();
        let n = self.path.len() as u32;
        self.quiet = (0..n).map(|i| q0 + 1 + i - n).collect();
        self.killers = [[None; 2]; MAX_PLY];
        for h in &mut self.history {
            *h /= 8;
        }

        if root_moves.len() == 1 {
            let best = root_moves[0];
            let after = pos.play_unchecked(&best);
            // The one move may end the game: say so rather than guess.
            let score = if after.legal_moves().is_empty() {
                MATE - 1
            } else {
                self.weights.evaluate(&after).saturating_neg()
            };
            return Some(SearchResult {
                best,
                score,
                depth: 0,
                nodes: 0,
                time: start.elapsed(),
                pv: vec![best],
                exact: None,
            });
        }

        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 / 2)
            .clamp(1, MAX_PLY as u32 / 2);
        let key = game.key();
        let mut result: Option<SearchResult> = None;
        for depth in 1..=MAX_PLY as u32 / 2 {
            // Past the depth asked for, only to measure a forced win exactly.
            if depth > max_depth && !self.mating {
                break;
            }
            let iteration_start = Instant::now();
            let previous_best = result.as_ref().map(|r| r.best);
            if let Some(first) = result.as_ref().map(|r| r.best) {
                let i = root_moves.iter().position(|&m| m == first).unwrap_or(0);
                root_moves[..=i].rotate_right(1);
            }
            let mut alpha = -INFINITY;
            let mut best: Option<(Move, i32, Vec<Move>)> = None;
            for (i, &mv) in root_moves.iter().enumerate() {
                let child = pos.play_unchecked(&mv);
                let child_key = pos.zobrist_after(key, &mv);
                self.push(child_key, &pos, &mv);
                let score = if i == 0 {
                    -self.negamax(&child, child_key, depth as i32 - 1, -INFINITY, -alpha, 1)
                } else {
                    let s =
                        -self.negamax(&child, child_key, depth as i32 - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.aborted {
                        -self.negamax(&child, child_key, depth as i32 - 1, -INFINITY, -alpha, 1)
                    } else {
                        s
                    }
                };
                self.pop();
                if self.aborted {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    let mut line = vec![mv];
                    line.extend_from_slice(&self.pv[1]);
                    best = Some((mv, score, line));
                }
            }
            if let Some((mv, score, pv)) = best {
                // A move that beat the previous best in an unfinished iteration is still sound.
                if !self.aborted || result.as_ref().is_none_or(|r| r.best != mv) {
                    result = Some(SearchResult {
                        best: mv,
                        score,
                        depth: if self.aborted { depth - 1 } else { depth },
                        nodes: self.nodes,
                        time: start.elapsed(),
                        pv,
                        exact: None,
                    });
                }
            }
            if let Some(r) = result.as_mut() {
                r.nodes = self.nodes;
                r.time = start.elapsed();
            }
            if self.aborted {
                break;
            }
            // A forced result: search on without reductions until every line as long as it
            // has been looked at in full, so the win claimed is real and the shortest.
            if self.mating && result.as_ref().is_none_or(|r| r.score.abs() <= MATE - 200) {
                // The win seen with reductions was not there.
                self.mating = false;
            }
            if let Some(r) = result.as_ref().filter(|r| r.score.abs() > MATE - 200) {
                let plies = (MATE - r.score.abs()) as u32;
                if self.mating && depth >= plies {
                    break;
                }
                if !self.mating {
                    // What the reduced iterations stored may hide a shorter win.
                    self.mating = true;
                    self.tt.fill(EMPTY_ENTRY);
                }
            }
            let this_iteration = iteration_start.elapsed();
            let best_changed =
                previous_best.is_some_and(|b| result.as_ref().is_some_and(|r| r.best != b));
            if let (true, Some(t), Some(deadline)) =
                (limits.half_time, limits.movetime, self.deadline)
            {
                if Instant::now() + t / 2 > deadline {
                    break;
                }
            } else if let Some(deadline) = self.deadline {
                // The time given is there to be used: a deeper iteration that the deadline cuts
                // short still searches the best move first and keeps any better move it finds.
                // Only when too little is left to search even that first move well is there no
                // point in starting: about half as long as this iteration took (a quarter when
                // the best move just changed and deserves the look).
                let first_move = if best_changed {
                    this_iteration / 4
                } else {
                    this_iteration / 2
                };
                if Instant::now() + first_move > deadline {
                    break;
                }
            }
        }
        result.or_else(|| {
            Some(SearchResult {
                best: root_moves[0],
                score: 0,
                depth: 0,
                nodes: self.nodes,
                time: start.elapsed(),
                pv: vec![root_moves[0]],
                exact: None,
            })
        })
    }

    /// Scores every legal move with a full-window search of `depth` plies, best first: for the
    /// levels that choose among good moves like a person would.
    pub fn score_moves(&mut self, game: &Game, depth: u32) -> Vec<(Move, i32)> {
        let pos = *game.position();
        if game.is_over() {
            return Vec::new();
        }
        self.nodes = 0;
        self.aborted = false;
        self.node_limit = u64::MAX;
        self.deadline = None;
        self.path = game.keys_since_progress();
        let q0 = game.quiet_plies();
        let n = self.path.len() as u32;
        self.quiet = (0..n).map(|i| q0 + 1 + i - n).collect();
        let key = game.key();
        let mut scored: Vec<(Move, i32)> = pos
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let child = pos.play_unchecked(&mv);
                let child_key = pos.zobrist_after(key, &mv);
                self.push(child_key, &pos, &mv);
                let score =
                    -self.negamax(&child, child_key, depth as i32 - 1, -INFINITY, INFINITY, 1);
                self.pop();
                (mv, score)
            })
            .collect();
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        scored
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn push(&mut self, key: u64, before: &Position, mv: &Move) {
        let q = if before.is_progress(mv) {
            0
        } else {
            self.quiet.last().copied().unwrap_or(0) + 1
        };
        self.path.push(key);
        self.quiet.push(q);
    }

    fn pop(&mut self) {
        self.path.pop();
        self.quiet.pop();
    }

    fn out_of_time(&mut self) -> bool {
        let checkpoint = self.nodes & 1023 == 1
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d));
        if self.nodes >= self.node_limit || checkpoint {
            self.aborted = true;
        }
        self.aborted
    }

    /// A draw by the rules at the current node (the root is judged by the game itself).
    fn is_draw(&self, pos: &Position) -> bool {
        let q = *self.quiet.last().unwrap_or(&0);
        if q >= NO_PROGRESS_PLIES {
            return true;
        }
        // Once the position repeats inside the search, it can be repeated again: a draw.
        let n = self.path.len();
        let key = self.path[n - 1];
        let window = (q as usize).min(n - 1);
        let mut i = 2;
        while i <= window {
            if self.path[n - 1 - i] == key {
                return true;
            }
            i += 2;
        }
        king_against_king(pos) && !pos.has_capture()
    }

    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if self.is_draw(pos) {
            return 0;
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.weights.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return -MATE + ply as i32;
        }
        let forced = moves.len() == 1;
        let depth = if forced { depth + 1 } else { depth };
        if depth <= 0 {
            self.moves[ply] = moves;
            return self.quiesce(pos, alpha, beta, ply);
        }

        let slot = key as usize & (self.tt.len() - 1);
        let entry = self.tt[slot];
        let mut tt_move = None;
        if entry.key == key {
            tt_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_tt(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    self.moves[ply] = moves;
                    return score;
                }
            }
        }

        self.order(pos, &mut moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0];
        let is_capture = moves[0].is_capture();
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.play_unchecked(&mv);
            let child_key = pos.zobrist_after(key, &mv);
            self.push(child_key, pos, &mv);
            let score = if i == 0 {
                -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched one ply shallower first (not when a forced win
                // is being measured).
                let reduce = !self.mating
                    && !is_capture
                    && depth >= 3
                    && i >= 3
                    && !pos.is_promotion(&mv)
                    && !self.is_killer(ply, &mv);
                let r = if reduce { 1 + i32::from(i >= 8) } else { 0 };
                let mut s = -self.negamax(
                    &child,
                    child_key,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.negamax(&child, child_key, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, child_key, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.pop();
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                }
                if score >= beta {
                    if !mv.is_capture() {
                        self.remember_quiet_cutoff(ply, mv, depth);
                    }
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if entry.key != key || depth >= i32::from(entry.depth) || bound == Bound::Exact {
            self.tt[slot] = TtEntry {
                key,
                best: Some(best_move),
                score: to_tt(best_score, ply),
                depth: depth as i16,
                bound,
            };
        }
        best_score
    }

    /// Quiet positions are judged as they stand; a side that must capture must, so captures
    /// are searched until the position is quiet.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if !pos.has_capture() {
            if king_against_king(pos) {
                return 0;
            }
            return self.weights.evaluate(pos);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.weights.evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.generate_moves(&mut moves);
        self.order(pos, &mut moves, None, ply);
        let mut best = -INFINITY;
        for &mv in moves.iter() {
            let child = pos.play_unchecked(&mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                }
                if score >= beta {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        if best == -INFINITY {
            -MATE + ply as i32
        } else {
            best
        }
    }

    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        let them = pos.side_to_move().opponent();
        let enemy_kings = pos.kings(them);
        moves.sort_by_cached_key(|mv| {
            let score = if Some(*mv) == tt_move {
                1 << 30
            } else if mv.is_capture() {
                (1 << 20)
                    + (mv.captured() & enemy_kings).count() as i32 * 100
                    + i32::from(pos.is_promotion(mv)) * 50
            } else if pos.is_promotion(mv) {
                1 << 19
            } else if self.killers[ply][0] == Some(*mv) {
                (1 << 18) + 2
            } else if self.killers[ply][1] == Some(*mv) {
                1 << 18
            } else {
                self.history[mv.from().index() * 64 + mv.to().index()].min((1 << 18) - 1)
            };
            std::cmp::Reverse(score)
        });
    }

    fn is_killer(&self, ply: usize, mv: &Move) -> bool {
        self.killers[ply].contains(&Some(*mv))
    }

    fn remember_quiet_cutoff(&mut self, ply: usize, mv: Move, depth: i32) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let h = &mut self.history[mv.from().index() * 64 + mv.to().index()];
        *h = (*h + depth * depth).min(1 << 17);
    }
}

fn king_against_king(pos: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| pos.pieces(c).count() == 1 && pos.kings(c).count() == 1)
}

/// Mate scores are stored relative to the node, so they stay right at another ply.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score + ply as i32
    } else if score < -MATE + 1000 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score - ply as i32
    } else if score < -MATE + 1000 {
        score + ply as i32
    } else {
        score
    }
}
