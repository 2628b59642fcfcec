//! Exhaustive proof of forced wins and forced gains: an AND-OR search over every move of both
//! sides, memoised, with no evaluation and no pruning beyond "one winning move is enough" and
//! "one escape is enough". It decides whether the side to move (the solver) forces the opponent
//! out of moves (the rule book §5: no piece or no legal move loses), or to a position where the
//! opponent is to move with no capture left to make and the solver has gained decisive material,
//! within a number of its own moves.

use std::collections::HashMap;

use dama_rules::{Color, GameResult, Move, Position, rules_outcome};

/// Material for the gain of a `material` puzzle: a man 1, a king 3 (about what the evaluation
/// says a king is worth).
pub fn material(pos: &Position, side: Color) -> i32 {
    (pos.men(side).count() + 3 * pos.kings(side).count()) as i32
}

/// `side`'s material lead.
pub fn balance(pos: &Position, side: Color) -> i32 {
    material(pos, side) - material(pos, side.opponent())
}

/// The least gain a `material` puzzle proves: two men (or a king, or a man crowned and a man).
pub const DECISIVE_GAIN: i32 = 2;

/// What the solver must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The opponent left without a move.
    Win,
    /// That, or the opponent to move with no capture due and the solver's lead at least
    /// `lead` (the starting lead plus [`DECISIVE_GAIN`]).
    Lead {
        /// The side that solves.
        solver: Color,
        /// The lead to reach, in men (a king counts three).
        lead: i32,
    },
}

impl Goal {
    /// The goal of a `material` puzzle starting in `pos`.
    pub fn gain_from(pos: &Position) -> Goal {
        let solver = pos.side_to_move();
        Goal::Lead {
            solver,
            lead: balance(pos, solver) + DECISIVE_GAIN,
        }
    }

    /// Whether `pos` (the defender to move, the game not over) already meets the goal.
    pub fn reached(self, pos: &Position) -> bool {
        match self {
            Goal::Win => false,
            Goal::Lead { solver, lead } => !pos.has_capture() && balance(pos, solver) >= lead,
        }
    }
}

/// The proof went past its node budget: the position is too wide to settle here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig;

/// An exhaustive solver with a memo of settled (position, moves left) pairs.
pub struct Prover {
    memo: HashMap<(Position, u8, bool), bool>,
    nodes: u64,
    budget: u64,
    goal: Goal,
}

impl Prover {
    /// A prover of wins that gives up after `budget` positions.
    pub fn new(budget: u64) -> Prover {
        Prover::with_goal(budget, Goal::Win)
    }

    /// A prover of `goal` that gives up after `budget` positions.
    pub fn with_goal(budget: u64, goal: Goal) -> Prover {
        Prover {
            memo: HashMap::new(),
            nodes: 0,
            budget,
            goal,
        }
    }

    /// What this prover proves.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move forces a win within `moves` of its own moves.
    pub fn wins_within(&mut self, pos: &Position, moves: u32) -> Result<bool, TooBig> {
        if moves == 0 || rules_outcome(pos, 1, 0).is_some() {
            return Ok(false);
        }
        let key = (*pos, moves as u8, true);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        self.count()?;
        let mut v = false;
        for m in pos.legal_moves() {
            if self.loses_within(&pos.play_unchecked(&m), moves - 1)? {
                v = true;
                break;
            }
        }
        self.memo.insert(key, v);
        Ok(v)
    }

    /// Whether the side to move (the defender) has lost (or the goal is met), or loses against
    /// every defence within `moves` of the opponent's moves.
    pub fn loses_within(&mut self, pos: &Position, moves: u32) -> Result<bool, TooBig> {
        match rules_outcome(pos, 1, 0) {
            Some(o) => return Ok(o.result == GameResult::Win(pos.side_to_move().opponent())),
            None if self.goal.reached(pos) => return Ok(true),
            None if moves == 0 => return Ok(false),
            None => {}
        }
        let key = (*pos, moves as u8, false);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        self.count()?;
        let mut v = true;
        for m in pos.legal_moves() {
            if !self.wins_within(&pos.play_unchecked(&m), moves)? {
                v = false;
                break;
            }
        }
        self.memo.insert(key, v);
        Ok(v)
    }

    /// The fewest of its own moves in which the side to move forces a win, up to `max`.
    pub fn shortest_win(&mut self, pos: &Position, max: u32) -> Result<Option<u32>, TooBig> {
        for n in 1..=max {
            if self.wins_within(pos, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// The moves of the side to move that win within `moves` of its own moves.
    pub fn winning_moves(&mut self, pos: &Position, moves: u32) -> Result<Vec<Move>, TooBig> {
        let mut winners = Vec::new();
        if moves == 0 || rules_outcome(pos, 1, 0).is_some() {
            return Ok(winners);
        }
        for m in pos.legal_moves() {
            if self.loses_within(&pos.play_unchecked(&m), moves - 1)? {
                winners.push(m);
            }
        }
        Ok(winners)
    }

    fn count(&mut self) -> Result<(), TooBig> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(TooBig)
        } else {
            Ok(())
        }
    }
}
