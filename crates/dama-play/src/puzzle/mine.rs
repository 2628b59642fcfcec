//! Puzzles found in the games played on the bot: a position where the player to move had a
//! combination (a forced win, or decisive material) and played something else. Each is proven
//! and graded like a generated puzzle.

use super::Puzzle;
use super::generate::{prove_and_grade, screen};
use crate::ai::Searcher;
use dama_rules::{Color, Game, Move, Position};

/// Positions the prover may visit for one candidate.
pub const BUDGET: u64 = 3_000_000;

/// A combination missed in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missed {
    /// The ply (from 0) of the position where it was missed.
    pub ply: usize,
    /// The combination, as a puzzle from that position.
    pub puzzle: Puzzle,
}

/// What a position of a game holds: a combination, and whether the player found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    /// The combination, as a puzzle from the position.
    pub puzzle: Puzzle,
    /// The move played was the combination's first.
    pub played: bool,
}

impl Combination {
    /// The plies after this position that play out the same combination (not screened again).
    pub fn span(&self) -> usize {
        self.puzzle.line.len()
    }
}

/// The combination in `pos`, where `played` was played, if there is one worth a puzzle.
pub fn combination_at(
    pos: &Position,
    played: Move,
    searcher: &mut Searcher,
) -> Option<Combination> {
    let kind = screen(pos, searcher)?;
    let puzzle = prove_and_grade(pos, kind, BUDGET, searcher)?;
    (puzzle.find_depth >= MIN_FIND_DEPTH).then(|| Combination {
        played: puzzle.line[0] == played,
        puzzle,
    })
}

/// A combination a search sees at depth 1 or 2 is no puzzle.
const MIN_FIND_DEPTH: u32 = 3;

/// The combinations missed in `game` by the sides `screened` names, in order; a combination
/// played out (its first move played) is not a miss, and the positions that follow a
/// combination are not screened again.
pub fn missed(
    game: &Game,
    searcher: &mut Searcher,
    screened: impl Fn(Color) -> bool,
) -> Vec<Missed> {
    let mut found = Vec::new();
    let mut skip_until = 0;
    for (ply, (pos, played)) in game.history().enumerate() {
        if ply < skip_until || !screened(pos.side_to_move()) {
            continue;
        }
        let Some(c) = combination_at(pos, played, searcher) else {
            continue;
        };
        skip_until = ply + c.span();
        if !c.played {
            found.push(Missed {
                ply,
                puzzle: c.puzzle,
            });
        }
    }
    found
}
