//! What the host says about tournaments, and why it refuses.

use dama_model::{Millis, UnixMs};
use dama_model::{TournamentFormat, TournamentKind};
use dama_model::{TournamentStatus, UserId};
use dama_play::clock::TimeControl;

/// One line of a tournament's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLine {
    /// The place, from 1.
    pub rank: usize,
    /// The player.
    pub user: UserId,
    /// Swiss: the score in halves; Arena: the points.
    pub score: u32,
    /// Swiss: Buchholz cut 1 (halves) and Sonneborn–Berger (quarters).
    pub tie_breaks: Option<(u32, u32)>,
    /// Arena: on a streak (the next game counts double).
    pub on_fire: bool,
    /// Each game: 2 won, 1 drawn, 0 lost (a bye counts as won).
    pub games: Vec<u8>,
    /// Withdrawn: they are paired no more.
    pub withdrawn: bool,
}

/// What the host says about a tournament.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentMsg {
    /// A tournament was created (and its announcement is kept up to date).
    Created {
        /// Its name.
        name: String,
        /// Swiss or Arena, with its rounds or minutes.
        format: TournamentFormat,
        /// The time control of its games.
        control: TimeControl,
        /// When it starts by itself, else when its organiser starts it.
        starts_at: Option<UnixMs>,
        /// Its games are rated.
        rated: bool,
        /// The announcement is kept up to date: how many have joined, and where it stands.
        players: usize,
        /// Open, running, finished or cancelled.
        status: TournamentStatus,
    },
    /// A player joined.
    Joined {
        /// The player.
        user: UserId,
        /// The tournament's name.
        name: String,
        /// Players in it now.
        players: usize,
        /// Rounds already played, each scored half a point.
        missed_rounds: i64,
    },
    /// A player left (or was withdrawn).
    Left {
        /// The player.
        user: UserId,
        /// The tournament's name.
        name: String,
        /// Players in it now.
        players: usize,
    },
    /// The tournament began.
    Started {
        /// Its name.
        name: String,
        /// Players in it.
        players: usize,
    },
    /// Called off: by its organiser, or for want of players at its start.
    Cancelled {
        /// Its name.
        name: String,
        /// Too few had joined when it was due to start.
        too_few: bool,
    },
    /// The tournament as FIDE's report file (TRF-16), attached.
    Exported {
        /// Its name.
        name: String,
    },
    /// A Swiss round's pairings (White first), board 1 first.
    Round {
        /// The tournament's name.
        name: String,
        /// The round, from 1.
        round: i64,
        /// The rounds in all.
        rounds: i64,
        /// The games, White first.
        games: Vec<(UserId, UserId)>,
        /// The player without an opponent, if any.
        bye: Option<UserId>,
        /// When its games start, after the pause (`None`: now).
        starts_at: Option<UnixMs>,
    },
    /// A Swiss round that no pairing could make within FIDE's absolute rules (C.04.3): what it
    /// breaks, told to the organiser.
    OutsideRules {
        /// The tournament's name.
        name: String,
        /// Who created it.
        organiser: UserId,
        /// The round, from 1.
        round: i64,
        /// Games between players who had played each other (C1), White first.
        rematches: Vec<(UserId, UserId)>,
        /// Players given the bye after a point without playing (C2).
        second_byes: Vec<UserId>,
    },
    /// Arena: new games.
    Paired {
        /// The games, White first.
        games: Vec<(UserId, UserId)>,
    },
    /// The standings.
    Standings {
        /// The tournament's name.
        name: String,
        /// Swiss or Arena.
        kind: TournamentKind,
        /// The players, best first.
        lines: Vec<TournamentLine>,
        /// It is over.
        finished: bool,
    },
    /// The tournament is over.
    Finished {
        /// Its name.
        name: String,
        /// The winners (more than one when tied).
        winners: Vec<UserId>,
    },
    /// A player went berserk in their Arena game.
    Berserk {
        /// The player.
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
    /// The player has joined already.
    AlreadyIn,
    /// The player has not joined.
    NotIn,
    /// It has finished or was cancelled.
    Over(TournamentStatus),
    /// A Swiss takes late entries only until half its rounds have started.
    LateJoinOver,
    /// A Swiss's rounds out of range.
    Rounds {
        /// The fewest rounds.
        min: u32,
        /// The most rounds.
        max: u32,
    },
    /// A pause out of range, or given where there is none (an Arena, correspondence).
    Pause {
        /// The most minutes.
        max: u32,
    },
    /// An Arena's minutes out of range.
    Minutes {
        /// The fewest minutes.
        min: u32,
        /// The most minutes.
        max: u32,
    },
    /// The start is too far ahead.
    StartsTooLate {
        /// The furthest ahead a start may be.
        latest: Millis,
    },
    /// The start has passed.
    StartsInThePast,
    /// A start that is neither minutes from now, a clock time, a date and time, nor a Discord
    /// timestamp.
    StartUnreadable(String),
    /// A name too long.
    Name {
        /// The most characters a name may have.
        max: usize,
    },
    /// Standings and pairings wait for the start.
    NotStarted,
    /// A start asked for when the tournament is under way.
    AlreadyStarted,
    /// Only a Swiss has a report file (an Arena has no rounds).
    ExportSwissOnly,
    /// Berserk is for the live games of an Arena.
    NoBerserk,
    /// The player went berserk already.
    AlreadyBerserk,
    /// Berserk comes before the player's first move.
    BerserkTooLate,
    /// The server holds as many tournaments open or under way as it may.
    TooManyUnfinished {
        /// How many it may hold.
        max: i64,
    },
    /// The manager created as many tournaments in the last hour as one may.
    CreatingTooFast {
        /// How many an hour.
        max: usize,
        /// When they may create the next.
        again_at: UnixMs,
    },
    /// The tournament has as many players as it takes.
    Full {
        /// How many it takes.
        max: i64,
    },
}
