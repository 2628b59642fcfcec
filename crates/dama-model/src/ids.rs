//! Ids as newtypes: Discord's snowflakes (users, channels, servers, messages) and the numbers the
//! database gives games, challenges and tournaments.

/// A Discord-style id (a user, a channel, a server, a message).
macro_rules! snowflake {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);
    };
}

snowflake!(
    /// A player (a Discord user, or a console name's hash).
    UserId
);
snowflake!(
    /// A channel or a thread: it holds at most one running game.
    ChannelId
);
snowflake!(
    /// A Discord server.
    GuildId
);
snowflake!(
    /// A message the bot posted (the board of a game).
    MessageId
);

/// A number the database gives.
macro_rules! numbered {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);
    };
}

numbered!(
    /// A game, numbered by the database.
    GameId
);
numbered!(
    /// A tournament, numbered by the database.
    TournamentId
);
numbered!(
    /// A challenge, numbered by the database.
    ChallengeId
);
numbered!(
    /// A tournament's pairing (a board of a Swiss round, or an Arena game), numbered by the
    /// database.
    PairingId
);
numbered!(
    /// A player's attempt at a puzzle, numbered by the database.
    AttemptId
);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
numbered!(
    /// A player's place in a quick-pairing pool (a seek), numbered by the database.
    SeekId
);
numbered!(
    /// Two seeks a wave paired: the game to start, numbered by the database.
    MeetingId
);
