//! What the host says about tournaments, and why it refuses.

use dama_model::UnixMs;
use dama_model::{TournamentFormat, TournamentKind};
use dama_model::{TournamentStatus, UserId};
use dama_play::clock::TimeControl;

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLine {
    pub rank: usize,
    pub user: UserId,
    /// Swiss: the score in halves; Arena: the points.
    pub score: u32,
    /// Swiss: Buchholz cut 1 (halves) and Sonneborn–Berger (quarters).
    pub tie_breaks: Option<(u32, u32)>,
    /// Arena: on a streak (the next game counts double).
    pub on_fire: bool,
    /// Each game: 2 won, 1 drawn, 0 lost (a bye counts as won).
    pub games: Vec<u8>,
    pub withdrawn: bool,
}

/// What the host says about a tournament.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentMsg {
    Created {
        name: String,
        format: TournamentFormat,
        control: TimeControl,
        /// When it starts by itself, else when its organiser starts it.
        starts_at: Option<UnixMs>,
        rated: bool,
        /// The announcement is kept up to date: how many have joined, and where it stands.
        players: usize,
        status: TournamentStatus,
    },
    Joined {
        user: UserId,
        name: String,
        players: usize,
        /// Rounds already played, each scored half a point.
        missed_rounds: i64,
    },
    Left {
        user: UserId,
        name: String,
        players: usize,
    },
    Started {
        name: String,
        players: usize,
    },
    /// Called off: by its organiser, or for want of players at its start.
    Cancelled {
        name: String,
        too_few: bool,
    },
    /// A Swiss round's pairings (White first), board 1 first.
    Round {
        name: String,
        round: i64,
        rounds: i64,
        games: Vec<(UserId, UserId)>,
        bye: Option<UserId>,
    },
    /// Arena: new games.
    Paired {
        games: Vec<(UserId, UserId)>,
    },
    Standings {
        name: String,
        kind: TournamentKind,
        lines: Vec<TournamentLine>,
        finished: bool,
    },
    Finished {
        name: String,
        winners: Vec<UserId>,
    },
    /// A player went berserk in their Arena game.
    Berserk {
        user: UserId,
    },
}

/// Why a tournament command changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// No open or running tournament here (or none by that number).
    NoTournament,
    /// Creating, starting and cancelling are for its organiser or the server's managers.
    NotOrganiser,
    AlreadyIn,
    NotIn,
    /// It has finished or was cancelled.
    Over(TournamentStatus),
    /// A Swiss takes late entries only until half its rounds have started.
    LateJoinOver,
    Rounds {
        min: u32,
        max: u32,
    },
    Minutes {
        min: u32,
        max: u32,
    },
    /// The start is too far ahead.
    StartsTooLate {
        days: i64,
    },
    StartsInThePast,
    /// A start that is neither minutes from now, a clock time, a date and time, nor a Discord
    /// timestamp.
    StartUnreadable(String),
    Name {
        max: usize,
    },
    /// Standings and pairings wait for the start.
    NotStarted,
    /// Berserk is for the live games of an Arena.
    NoBerserk,
    AlreadyBerserk,
    /// Berserk comes before the player's first move.
    BerserkTooLate,
}
