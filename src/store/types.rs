//! The domain's values as the database holds them: ids as newtypes, and the game's enums
//! (status, result, reason, colour, AI level) as text columns. Each text is written here once.

use crate::ai::Level;
use crate::clock::{SpeedClass, TimeControl};
use crate::engine::{Color, GameResult, Reason};
use crate::tournament::TournamentKind;

/// A Discord-style id (a user, a channel, a server, a message): a `u64` stored as SQL's
/// signed 64-bit integer, as Discord's snowflakes fit in 63 bits.
macro_rules! snowflake {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);

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

/// A game, numbered by the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::Type)]
#[sqlx(transparent)]
pub struct GameId(pub i64);

/// A tournament, numbered by the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::Type)]
#[sqlx(transparent)]
pub struct TournamentId(pub i64);

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries, not started.
    Open,
    Running,
    Finished,
    Cancelled,
}

/// A challenge, numbered by the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::Type)]
#[sqlx(transparent)]
pub struct ChallengeId(pub i64);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    Running,
    /// Over, with a result.
    Finished,
    /// Called off: it counts for nothing (left before both sides moved, or stopped by an
    /// admin).
    Aborted,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    Expired,
}

/// Which colour the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

/// Implements the sqlx traits for an enum of another layer stored as text, from one table of
/// variant and text.
macro_rules! text_column {
    ($ty:ty { $($e:ident :: $v:ident $(($ae:ident :: $av:ident))? => $text:literal),+ $(,)? }) => {
        impl $crate::store::TextColumn for $ty {
            const TEXTS: &'static [($ty, &'static str)] = &[$(($e::$v $(($ae::$av))?, $text)),+];

            fn text(&self) -> &'static str {
                // A match: a new variant without its text does not compile.
                match self {
                    $($e::$v $(($ae::$av))? => $text),+
                }
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
        where
            &'q str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
            ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<'q, DB>>::encode($crate::store::TextColumn::text(self), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
                let text = <&str as sqlx::Decode<'r, DB>>::decode(value)?;
                <$ty as $crate::store::TextColumn>::from_text(text)
                    .ok_or_else(|| format!("unknown {} \"{text}\"", stringify!($ty)).into())
            }
        }
    };
}

/// A value stored as a word in a text column.
pub trait TextColumn: Sized + Copy + PartialEq + 'static {
    /// Every value with its word.
    const TEXTS: &'static [(Self, &'static str)];

    /// The value's word.
    fn text(&self) -> &'static str;

    /// The value a word stands for.
    fn from_text(text: &str) -> Option<Self> {
        Self::TEXTS
            .iter()
            .find(|(_, t)| *t == text)
            .map(|(v, _)| *v)
    }
}

pub(super) use text_column;

text_column!(Color {
    Color::White => "white",
    Color::Black => "black",
});

text_column!(Level {
    Level::Easy => "easy",
    Level::Medium => "medium",
    Level::Hard => "hard",
    Level::Master => "master",
});

text_column!(GameResult {
    GameResult::Win(Color::White) => "1-0",
    GameResult::Win(Color::Black) => "0-1",
    GameResult::Draw => "1/2-1/2",
});

text_column!(Reason {
    Reason::NoMoves => "no moves",
    Reason::NoPieces => "no pieces",
    Reason::Resignation => "resignation",
    Reason::Timeout => "time",
    Reason::Repetition => "repetition",
    Reason::NoProgress => "no progress",
    Reason::KingAgainstKing => "king against king",
    Reason::Agreement => "agreement",
    Reason::Recorded => "recorded",
});

text_column!(GameStatus {
    GameStatus::Running => "running",
    GameStatus::Finished => "finished",
    GameStatus::Aborted => "aborted",
});

text_column!(ChallengeStatus {
    ChallengeStatus::Open => "open",
    ChallengeStatus::Accepted => "accepted",
    ChallengeStatus::Declined => "declined",
    ChallengeStatus::Cancelled => "cancelled",
    ChallengeStatus::Expired => "expired",
});

text_column!(ColorChoice {
    ColorChoice::White => "white",
    ColorChoice::Black => "black",
    ColorChoice::Random => "random",
});

text_column!(TournamentKind {
    TournamentKind::Swiss => "swiss",
    TournamentKind::Arena => "arena",
});

text_column!(TournamentStatus {
    TournamentStatus::Open => "open",
    TournamentStatus::Running => "running",
    TournamentStatus::Finished => "finished",
    TournamentStatus::Cancelled => "cancelled",
});

text_column!(SpeedClass {
    SpeedClass::Bullet => "bullet",
    SpeedClass::Blitz => "blitz",
    SpeedClass::Rapid => "rapid",
    SpeedClass::Classical => "classical",
    SpeedClass::Correspondence => "correspondence",
});

/// A time control is stored as players write it (`5+3`, `3d`).
impl<DB: sqlx::Database> sqlx::Type<DB> for TimeControl
where
    str: sqlx::Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <str as sqlx::Type<DB>>::type_info()
    }
    fn compatible(ty: &DB::TypeInfo) -> bool {
        <str as sqlx::Type<DB>>::compatible(ty)
    }
}

impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for TimeControl
where
    String: sqlx::Encode<'q, DB>,
{
    fn encode_by_ref(
        &self,
        buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
    ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <String as sqlx::Encode<'q, DB>>::encode(self.to_string(), buf)
    }
}

impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for TimeControl
where
    &'r str: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        let text = <&str as sqlx::Decode<'r, DB>>::decode(value)?;
        text.parse()
            .map_err(|e| format!("unknown time control \"{text}\": {e:?}").into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value's word reads back as that value, and no two values share a word.
    fn round_trip<T: TextColumn + std::fmt::Debug>() {
        for (value, text) in T::TEXTS {
            assert_eq!(value.text(), *text);
            assert_eq!(T::from_text(text), Some(*value), "{text}");
        }
        let mut words: Vec<&str> = T::TEXTS.iter().map(|(_, t)| *t).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), T::TEXTS.len(), "a word used twice");
        assert_eq!(T::from_text("no such word"), None);
    }

    #[test]
    fn every_stored_word_reads_back_as_its_value() {
        round_trip::<Color>();
        round_trip::<Level>();
        round_trip::<GameResult>();
        round_trip::<Reason>();
        round_trip::<GameStatus>();
        round_trip::<ChallengeStatus>();
        round_trip::<ColorChoice>();
        round_trip::<TournamentKind>();
        round_trip::<TournamentStatus>();
        round_trip::<SpeedClass>();
        assert_eq!(Reason::TEXTS.len(), 9, "every reason has its word");
        assert_eq!(SpeedClass::TEXTS.len(), SpeedClass::ALL.len());
    }
}
