//! What a channel was shown of a game.

use crate::GameId;

/// A game as a post showed it to its channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The game.
    pub game: GameId,
    /// Its version the post told of.
    pub version: i64,
    /// Its plies then.
    pub ply: i64,
}
