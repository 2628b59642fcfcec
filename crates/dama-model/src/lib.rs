//! The words every layer shares: the ids of players, channels, games, challenges, pairings,
//! puzzle attempts and tournaments; moments and spans of time, days and Türkiye's calendar;
//! where a game, a challenge or a tournament stands, and a tournament's format; what changed, and what a channel was shown of a game. No I/O and no
//! database: the store writes their columns (`dama-core`'s `store/types.rs`).

pub mod calendar;
mod change;
mod format;
mod ids;
mod shown;
mod statuses;
mod time;

pub use calendar::{Date, Day, TURKIYE_OFFSET};
pub use change::Change;
pub use format::{TournamentFormat, TournamentKind};
pub use ids::{
    AttemptId, ChallengeId, ChannelId, GameId, GuildId, MeetingId, MessageId, PairingId, SeekId,
    TournamentId, UserId,
};
pub use shown::Shown;
pub use statuses::{ChallengeStatus, ColorChoice, GameStatus, TournamentStatus};
pub use time::{Millis, UnixMs};
