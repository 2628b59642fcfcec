//! What the host says about finding a game: the pools, blocks and rematches.

use dama_model::{Millis, UserId};
use dama_play::clock::TimeControl;
use dama_rules::Color;

/// What the host says about finding a game.
#[derive(Clone, Debug, PartialEq)]
pub enum FindingMsg {
    /// The asker waits in a pool.
    Seeking {
        /// The pool's clock.
        control: TimeControl,
        /// Rated.
        rated: bool,
        /// How many wait for that clock in this server, the asker among them.
        waiting: i64,
        /// Seeking everywhere: how many wait for that clock across the network, the asker
        /// among them.
        everywhere: Option<i64>,
        /// The pool they were moved from.
        moved_from: Option<TimeControl>,
        /// How long before the seek ends unpaired.
        lasts: Millis,
    },
    /// The asker left their pool.
    LeftPool {
        /// Its clock.
        control: TimeControl,
    },
    /// A seek ended unpaired.
    SeekExpired {
        /// The player.
        player: UserId,
        /// The pool's clock.
        control: TimeControl,
        /// How long they waited.
        waited: Millis,
    },
    /// The first line of a game a wave paired.
    PoolPaired {
        /// The pool's clock.
        control: TimeControl,
    },
    /// Two players were paired, but no game could be opened for them here.
    MeetingNowhere {
        /// White.
        white: UserId,
        /// Black.
        black: UserId,
    },
    /// The asker blocked a player.
    Blocked {
        /// The player.
        user: UserId,
    },
    /// The asker unblocked a player.
    Unblocked {
        /// The player.
        user: UserId,
    },
    /// Whom the asker blocked.
    BlockList {
        /// The players, longest blocked first.
        users: Vec<UserId>,
    },
    /// A player offered to play a finished game again, colours swapped.
    RematchOffered {
        /// Who offered.
        by: UserId,
        /// The other player, whose turn it is to accept.
        to: UserId,
        /// The colour `by` would play.
        color: Color,
        /// Rated, as the game was.
        rated: bool,
        /// The clock, as the game's.
        control: TimeControl,
        /// How long the offer stands.
        lasts: Millis,
    },
    /// Nobody answered a rematch offer in time.
    RematchLapsed {
        /// Who offered.
        by: UserId,
        /// The other player.
        to: UserId,
    },
    /// This server joined the network.
    NetworkJoined {
        /// How many servers are in it now.
        servers: i64,
    },
    /// This server left the network.
    NetworkLeft {
        /// The players whose seeks for a game everywhere ended.
        ended: Vec<UserId>,
    },
    /// Whether this server is in the network.
    NetworkStatus {
        /// It is.
        member: bool,
        /// How many servers are in it.
        servers: i64,
    },
}
