//! Playing from the endgame tables: at the root the tables choose the move outright (the
//! quickest win, a move that keeps the draw, the longest defence); inside the tree they end the
//! search with the exact result.

use std::time::Instant;

use super::{MATE, SearchResult, Weights};
use crate::tables::{Tables, Value};
use dama_rules::{Game, GameResult, Move, Position};

/// Scores of table wins sit below [`MATE`]'s band, so the search does not set out to measure
/// them ply by ply: the tables already did.
pub const TABLE_WIN: i32 = MATE - 300;

/// The search score of a table value at `ply` plies from the root.
pub(super) fn tree_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(d) => TABLE_WIN - ply as i32 - d as i32,
        Value::Loss(d) => -(TABLE_WIN - ply as i32 - d as i32),
        Value::Draw => 0,
    }
}

/// What the move is worth after it is played in `game`, the game's own draws (a third
/// repetition, the 100-ply rule) included; `None` if the tables do not know.
fn through(tables: &Tables, game: &Game, mv: Move) -> Option<Value> {
    let mut after = game.clone();
    after.play(mv).ok()?;
    match after.outcome() {
        Some(o) => Some(match o.result {
            GameResult::Draw => Value::Draw,
            // The mover cannot lose by moving.
            GameResult::Win(_) => Value::Win(1),
        }),
        None => tables.probe(after.position()).map(Value::before),
    }
}

/// The tables' move in the game's position, when its material is in them.
pub(super) fn table_move(tables: &Tables, game: &Game, weights: &Weights) -> Option<SearchResult> {
    let start = Instant::now();
    let pos = *game.position();
    tables.probe(&pos)?;
    let mut best: Option<(Move, Value, i32)> = None;
    for mv in pos.legal_moves() {
        let value = through(tables, game, mv)?;
        // Among moves of equal worth, the one that leaves the opponent worst off by the
        // evaluation: the more chances in a draw, the more natural in a win.
        let shape = -weights.evaluate(&pos.play_unchecked(&mv));
        if best.is_none_or(|(_, v, s)| (value.goodness(), shape) > (v.goodness(), s)) {
            best = Some((mv, value, shape));
        }
    }
    let (mv, value, _) = best?;
    let mut pv = vec![mv];
    let mut line = game.clone();
    line.play(mv).ok()?;
    while pv.len() < 24 && !line.is_over() {
        let Some(next) = best_by_tables(tables, &line) else {
            break;
        };
        pv.push(next);
        line.play(next).ok()?;
    }
    Some(SearchResult {
        best: mv,
        score: match value {
            Value::Win(d) => MATE - d as i32,
            Value::Loss(d) => -(MATE - d as i32),
            Value::Draw => 0,
        },
        depth: 0,
        nodes: 0,
        time: start.elapsed(),
        pv,
        exact: Some(value),
    })
}

/// The line the tables expect: the best value, first in move order among equals.
fn best_by_tables(tables: &Tables, game: &Game) -> Option<Move> {
    let pos: Position = *game.position();
    pos.legal_moves()
        .into_iter()
        .filter_map(|mv| through(tables, game, mv).map(|v| (mv, v)))
        .max_by_key(|&(mv, v)| (v.goodness(), std::cmp::Reverse(mv)))
        .map(|(mv, _)| mv)
}
