//! What changed, as followers of games and tournaments hear it.

use crate::{GameId, TournamentId};

/// One thing that changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// A game (a move, its end, its clocks; or it began).
    Game(GameId),
    /// A tournament (an entry, a round, its status).
    Tournament(TournamentId),
    /// The lobby: a player began or stopped waiting in a pool, or a game began or ended.
    Lobby,
    /// Changes may have been missed: whatever is followed should be read again.
    Resync,
}
