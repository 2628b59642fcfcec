//! The words every layer shares: the ids of players, channels, games, challenges and
//! tournaments, and where a game, a challenge or a tournament stands. No I/O: the store reads
//! and writes them (the ids' column codecs are behind the `sqlx` feature, which only the store
//! turns on; the statuses are stored as words the store spells).

mod ids;
mod statuses;

pub use ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, TournamentId, UserId};
pub use statuses::{ChallengeStatus, ColorChoice, GameStatus, TournamentStatus};
