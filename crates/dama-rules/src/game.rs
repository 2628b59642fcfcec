//! A game record: the moves played from a start position, with zobrist keys kept incrementally,
//! and the outcome of the rule book §5.

use std::fmt;

use super::{Color, Move, MoveError, Position};

/// Plies without progress after which the game is drawn.
pub const NO_PROGRESS_PLIES: u32 = 100;

/// How a game ended, from the point of view of the result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum GameResult {
    /// That side won.
    Win(Color),
    /// Nobody won.
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`, as PDN writes it.
    pub const fn pdn(self) -> &'static str {
        match self {
            GameResult::Win(Color::White) => "1-0",
            GameResult::Win(Color::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Reason {
    /// The loser had no legal move on their turn: every piece blocked.
    NoMoves,
    /// The loser had no piece left (every one captured).
    NoPieces,
    /// The loser resigned.
    Resignation,
    /// The loser let their time run out.
    Timeout,
    /// The same position occurred for the third time.
    Repetition,
    /// 100 plies without a capture, a promotion or a man moving forward.
    NoProgress,
    /// One king against one king, with no capture for the side to move.
    KingAgainstKing,
    /// Both players agreed to a draw.
    Agreement,
    /// A result taken from a record (PDN) whose final position does not explain it.
    Recorded,
}

/// The end of a game: who won (or a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.result, self.reason) {
            (GameResult::Win(c), Reason::NoMoves) => {
                write!(f, "{c} wins: {} has no move left", c.opponent())
            }
            (GameResult::Win(c), Reason::NoPieces) => {
                write!(f, "{c} wins: {} has no pieces left", c.opponent())
            }
            (GameResult::Win(c), Reason::Resignation) => {
                write!(f, "{c} wins: {} resigned", c.opponent())
            }
            (GameResult::Win(c), Reason::Timeout) => {
                write!(f, "{c} wins: {} ran out of time", c.opponent())
            }
            (GameResult::Win(c), _) => write!(f, "{c} wins"),
            (GameResult::Draw, Reason::Repetition) => {
                f.write_str("Draw: the same position occurred three times")
            }
            (GameResult::Draw, Reason::NoProgress) => f.write_str(
                "Draw: 100 plies without a capture, a promotion or a man moving forward",
            ),
            (GameResult::Draw, Reason::KingAgainstKing) => {
                f.write_str("Draw: one king against one king")
            }
            (GameResult::Draw, Reason::Agreement) => f.write_str("Draw by agreement"),
            (GameResult::Draw, _) => f.write_str("Draw"),
        }
    }
}

/// One ply of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ply {
    mv: Move,
    /// The position after the move.
    position: Position,
    key: u64,
    /// Plies without progress, this one included.
    quiet_plies: u32,
}

/// A game: start position, moves, and how it ended if it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    start_key: u64,
    plies: Vec<Ply>,
    /// A result not given by the rules on the board: resignation, agreement, time.
    declared: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::start())
    }
}

impl Game {
    /// A game starting from `start`, its counters at zero.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            start_key: start.zobrist(),
            plies: Vec::new(),
            declared: None,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.position)
    }

    /// The zobrist key of the current position.
    pub fn key(&self) -> u64 {
        self.plies.last().map_or(self.start_key, |p| p.key)
    }

    /// The number of plies played.
    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    /// The position before ply `i` (0-based) and the move played there.
    pub fn history(&self) -> impl Iterator<Item = (&Position, Move)> + '_ {
        std::iter::once(&self.start)
            .chain(self.plies.iter().map(|p| &p.position))
            .zip(self.plies.iter().map(|p| p.mv))
    }

    /// The last move and the position it was played in.
    pub fn last_move(&self) -> Option<(&Position, Move)> {
        self.history().last()
    }

    /// Plies since the last capture, promotion or forward man move.
    pub fn quiet_plies(&self) -> u32 {
        self.plies.last().map_or(0, |p| p.quiet_plies)
    }

    /// The positions since the last capture, promotion or forward man move (only they can
    /// repeat), with their keys, oldest first; the current position is last.
    fn since_progress(&self) -> impl Iterator<Item = (&Position, u64)> + '_ {
        let n = self.plies.len();
        let first = n - (self.quiet_plies() as usize).min(n);
        let before = if first == 0 {
            (&self.start, self.start_key)
        } else {
            let p = &self.plies[first - 1];
            (&p.position, p.key)
        };
        std::iter::once(before).chain(self.plies[first..].iter().map(|p| (&p.position, p.key)))
    }

    /// The keys of the positions since the last progress, oldest first, the current one last:
    /// what a search needs to see repetitions coming.
    pub fn keys_since_progress(&self) -> Vec<u64> {
        self.since_progress().map(|(_, k)| k).collect()
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let (now, key) = (self.position(), self.key());
        self.since_progress()
            .filter(|(p, k)| *k == key && *p == now)
            .count()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(declared) = self.declared {
            return Some(declared);
        }
        rules_outcome(self.position(), self.repetitions(), self.quiet_plies())
    }

    /// Whether the game has ended (by the rules, or declared).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays a legal move; refuses a move that is not legal here or a finished game.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(super::Illegal::GameOver.into());
        }
        let pos = *self.position();
        pos.play(&mv)?;
        self.push(pos, mv);
        Ok(())
    }

    /// Reads a typed move (the rule book §7) and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.is_over() {
            return Err(super::Illegal::GameOver.into());
        }
        let mv = self.position().read_move(text)?;
        self.push(*self.position(), mv);
        Ok(mv)
    }

    fn push(&mut self, pos: Position, mv: Move) {
        let quiet_plies = if pos.is_progress(&mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        let key = pos.zobrist_after(self.key(), &mv);
        self.plies.push(Ply {
            mv,
            position: pos.play_unchecked(&mv),
            key,
            quiet_plies,
        });
    }

    /// Takes back the last ply; `None` at the start. Also clears a declared result.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        self.plies.pop().map(|p| p.mv)
    }

    /// Ends the game with `color` resigning.
    pub fn resign(&mut self, color: Color) -> Option<Outcome> {
        self.declare(GameResult::Win(color.opponent()), Reason::Resignation)
    }

    /// Ends the game with `color` losing on time.
    pub fn lose_on_time(&mut self, color: Color) -> Option<Outcome> {
        self.declare(GameResult::Win(color.opponent()), Reason::Timeout)
    }

    /// Ends the game as a draw both players agreed to.
    pub fn agree_draw(&mut self) -> Option<Outcome> {
        self.declare(GameResult::Draw, Reason::Agreement)
    }

    /// Records a result given from outside the board (resignation, agreement, time, a record's
    /// result). Refused (`None`) when the game is already over.
    pub fn declare(&mut self, result: GameResult, reason: Reason) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        let outcome = Outcome { result, reason };
        self.declared = Some(outcome);
        Some(outcome)
    }
}

/// The outcome the rules give a position, knowing how often it has occurred and how many plies
/// have passed without progress. A loss for having no move comes first: a player who cannot
/// move has lost, whatever the counters say.
pub fn rules_outcome(pos: &Position, repetitions: usize, quiet_plies: u32) -> Option<Outcome> {
    let side = pos.side_to_move();
    let lost = |reason| {
        Some(Outcome {
            result: GameResult::Win(side.opponent()),
            reason,
        })
    };
    if !pos.pieces(side).any(|_| true) {
        return lost(Reason::NoPieces);
    }
    if pos.legal_moves().is_empty() {
        return lost(Reason::NoMoves);
    }
    let draw = |reason| {
        Some(Outcome {
            result: GameResult::Draw,
            reason,
        })
    };
    if repetitions >= 3 {
        return draw(Reason::Repetition);
    }
    if quiet_plies >= NO_PROGRESS_PLIES {
        return draw(Reason::NoProgress);
    }
    if is_king_against_king(pos) && !pos.has_capture() {
        return draw(Reason::KingAgainstKing);
    }
    None
}

fn is_king_against_king(pos: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| pos.pieces(c).count() == 1 && pos.kings(c).count() == 1)
}
