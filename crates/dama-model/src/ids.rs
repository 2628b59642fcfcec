//! Ids as newtypes: Discord's snowflakes (users, channels, servers, messages) and the numbers the
//! database gives games, challenges and tournaments.

/// A Discord-style id (a user, a channel, a server, a message): a `u64` stored as SQL's
/// signed 64-bit integer, as Discord's snowflakes fit in 63 bits.
macro_rules! snowflake {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);

        #[cfg(feature = "sqlx")]
        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            i64: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as sqlx::Type<DB>>::compatible(ty)
            }
        }

        #[cfg(feature = "sqlx")]
        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            i64: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
            ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <i64 as sqlx::Encode<'q, DB>>::encode_by_ref(&(self.0 as i64), buf)
            }
        }

        #[cfg(feature = "sqlx")]
        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            i64: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
                Ok($name(<i64 as sqlx::Decode<'r, DB>>::decode(value)? as u64))
            }
        }
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
        #[cfg_attr(feature = "sqlx", derive(sqlx::Type), sqlx(transparent))]
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
