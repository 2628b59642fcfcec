//! Clocks: time controls, and the time a game's players have left. Pure: every moment is
//! given by the caller, so a test's clock and a real one are alike.

mod control;

pub use control::{
    CORRESPONDENCE_DAYS, LEAST_START, MAX_INCREMENT, MAX_MINUTES, SpeedClass, TimeControl,
    TimeControlError, USUAL,
};

use dama_model::{Millis, UnixMs};
use dama_rules::Color;

/// How long each side of a live game has for its first move; the clocks start once both
/// have moved.
pub const FIRST_MOVE: Millis = Millis(30_000);

/// A live tournament game's first-move grace: the larger of a minute and a tenth of the
/// initial time (its players are called to it, not already waiting at the board).
pub fn tournament_first_move(control: TimeControl) -> Millis {
    let tenth = control.start().map_or(Millis::ZERO, |s| s / 10);
    tenth.max(Millis::from_secs(60))
}

/// What happens when a turn's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnTimeout {
    /// A side's first move never came: the game is called off, nobody loses.
    Abort,
    /// The side to move loses on time.
    Flag,
}

/// When the side to move must have moved, and what follows if it has not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// The moment the turn's time is up.
    pub at: UnixMs,
    /// What follows then.
    pub then: OnTimeout,
}

/// The clocks of a game between moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The game's time control.
    pub control: TimeControl,
    /// The time left, White's then Black's (live games; unused in correspondence).
    pub left: [Millis; 2],
    /// When the side to move's turn began.
    pub turn_began: UnixMs,
    /// The sides that went berserk (White's then Black's): no increment for them.
    pub berserk: [bool; 2],
    /// How long each side has for its first move (live games).
    pub first_move: Millis,
}

/// A move that came after its turn's time was up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLate(pub Due);

impl Clocks {
    /// A new game's clocks, White's turn beginning `now`.
    pub fn start(control: TimeControl, now: UnixMs) -> Clocks {
        let full = control.start().unwrap_or(Millis::ZERO);
        Clocks {
            control,
            left: [full, full],
            turn_began: now,
            berserk: [false; 2],
            first_move: FIRST_MOVE,
        }
    }

    /// When the side to move (`ply` moves played so far) must have moved.
    pub fn due(&self, ply: usize, side: Color) -> Due {
        let first = ply < 2;
        let then = if first {
            OnTimeout::Abort
        } else {
            OnTimeout::Flag
        };
        let span = match self.control {
            TimeControl::Correspondence { days } => Millis::from_days(days.into()),
            TimeControl::Live { .. } if first => self.first_move,
            TimeControl::Live { .. } => self.left[side.index()],
        };
        Due {
            at: self.turn_began.saturating_add(span),
            then,
        }
    }

    /// The clocks after `side` moved at `at` (`ply` moves played before it): the time since
    /// its turn began is taken from its clock (once both sides have moved), then the increment
    /// is added; the other side's turn begins. A move at or after the deadline is too late.
    pub fn after_move(&self, ply: usize, side: Color, at: UnixMs) -> Result<Clocks, TooLate> {
        let due = self.due(ply, side);
        if at >= due.at {
            return Err(TooLate(due));
        }
        let at = at.max(self.turn_began);
        let mut left = self.left;
        if let TimeControl::Live { increment, .. } = self.control
            && ply >= 2
        {
            let i = side.index();
            let increment = if self.berserk[i] {
                Millis::ZERO
            } else {
                increment
            };
            left[i] = left[i] - (at - self.turn_began) + increment;
        }
        Ok(Clocks {
            left,
            turn_began: at,
            ..*self
        })
    }

    /// The clocks after a `gap` in which no process of the bot ran: given back to the side to
    /// move, whose turn is taken to begin that much later.
    pub fn give_back(&self, gap: Millis) -> Clocks {
        Clocks {
            turn_began: self.turn_began.saturating_add(gap.max(Millis::ZERO)),
            ..*self
        }
    }

    /// The clocks after `side` went berserk: half its time left, no increment from now on.
    /// Only before its first move (the clocks have not started): `None` otherwise, when it
    /// already did, or in a correspondence game.
    pub fn berserk(&self, ply: usize, side: Color) -> Option<Clocks> {
        let i = side.index();
        let first_move_due = ply < 2 && (ply == 0 || side == Color::Black);
        if !self.control.berserkable() || self.berserk[i] || !first_move_due {
            return None;
        }
        let mut clocks = *self;
        clocks.left[i] = clocks.left[i] / 2;
        clocks.berserk[i] = true;
        Some(clocks)
    }

    /// Each side's time left at `now` (the side to move's counting down; never below zero).
    pub fn left_at(&self, ply: usize, side_to_move: Color, now: UnixMs) -> [Millis; 2] {
        let mut left = self.left;
        if self.control.is_live() && ply >= 2 {
            let i = side_to_move.index();
            left[i] = (left[i] - (now - self.turn_began).max(Millis::ZERO)).max(Millis::ZERO);
        }
        left
    }
}

/// The longest the AI thinks about one move on a clock (its cores serve other games too).
pub const AI_THINK_MAX: Millis = Millis(8_000);

/// What the AI always keeps on its clock: the time to store its move and post it on a busy
/// machine.
pub const AI_RESERVE: Millis = Millis(1_000);

/// How long the AI may think about a move with `left` on its clock and `increment` to come: a
/// thirtieth of its time plus most of the increment, never so much that less than a tenth of
/// its time (and at least [`AI_RESERVE`]) would be left.
pub fn think_time(left: Millis, increment: Millis) -> Millis {
    let left = left.max(Millis::ZERO);
    let reserve = (left / 10).max(AI_RESERVE);
    let share = left / 30 + increment * 4 / 5;
    share.min(left - reserve).clamp(Millis(10), AI_THINK_MAX)
}

/// The moment a move was made: Discord's stamp on it, bounded by the turn's beginning and the
/// moment the bot received it, so neither a slow gateway nor a busy bot costs the player time
/// and no stamp can claim time back.
pub fn move_time(stamp: UnixMs, turn_began: UnixMs, received: UnixMs) -> UnixMs {
    stamp.clamp(turn_began, received.max(turn_began))
}

/// A clock as players read it: `4:59`, `1:02:03`, and tenths under ten seconds (`9.4`).
pub fn show(left: Millis) -> String {
    let ms = left.0.max(0);
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, ms % 1000 / 100);
    }
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s % 3600 / 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
