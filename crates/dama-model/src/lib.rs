//! The words every layer shares: the ids of players, channels, games, challenges, pairings,
//! puzzle attempts and tournaments; moments and spans of time, days and Türkiye's calendar;
//! where a game, a challenge or a tournament stands, and a tournament's format. No I/O: the
//! store reads and writes them (the column codecs are behind the `sqlx` feature, which only
//! the store turns on; the statuses are stored as words the store spells).

pub mod calendar;
mod format;
mod ids;
mod statuses;
mod time;

pub use calendar::{Date, Day, TURKIYE_OFFSET};
pub use format::{TournamentFormat, TournamentKind};
pub use ids::{
    AttemptId, ChallengeId, ChannelId, GameId, GuildId, MessageId, PairingId, TournamentId, UserId,
};
pub use statuses::{ChallengeStatus, ColorChoice, GameStatus, TournamentStatus};
pub use time::{Millis, UnixMs};
