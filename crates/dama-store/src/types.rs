//! How the domain's values are stored: the words of the game's enums (status, result, reason,
//! colour, AI level, …) in text columns, each written here once, and the time control as players
//! write it; ids, moments, spans and days as 64-bit integers. The values belong to other crates,
//! which know nothing of the database, so the store reads and writes them through its own
//! wrappers: [`Word`] and [`MaybeWord`], [`Int`] and [`MaybeInt`].

use std::borrow::Cow;

use dama_model::TournamentKind;
use dama_model::{
    AttemptId, ChallengeId, ChannelId, Day, GameId, GuildId, MeetingId, MessageId, Millis,
    PairingId, SeekId, TournamentId, UnixMs, UserId,
};
use dama_model::{ChallengeStatus, ColorChoice, GameStatus, TournamentStatus};
use dama_play::ai::Level;
use dama_play::clock::{SpeedClass, TimeControl};
use dama_rules::{Color, GameResult, Reason};
use sqlx::ValueRef;

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

/// A value the store keeps as text: a word of a [`TextColumn`], or a time control.
pub trait Stored: Sized {
    /// The text written.
    fn write(&self) -> Cow<'static, str>;
    /// The value read back, or why the text is not one.
    fn read(text: &str) -> Result<Self, String>;
}

impl<T: TextColumn> Stored for T {
    fn write(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.text())
    }
    fn read(text: &str) -> Result<Self, String> {
        T::from_text(text).ok_or_else(|| {
            format!(
                "unknown {} \"{text}\"",
                std::any::type_name::<T>()
                    .rsplit("::")
                    .next()
                    .unwrap_or("word")
            )
        })
    }
}

/// A time control is stored as players write it (`5+3`, `3d`).
impl Stored for TimeControl {
    fn write(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
    fn read(text: &str) -> Result<Self, String> {
        text.parse()
            .map_err(|e| format!("unknown time control \"{text}\": {e:?}"))
    }
}

/// A [`Stored`] value in a query: bound as `Word(value)`, read in a row with
/// `#[sqlx(try_from = "Word<T>")]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Word<T>(pub T);

/// A nullable [`Stored`] column, read with `#[sqlx(try_from = "MaybeWord<T>")]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaybeWord<T>(pub Option<T>);

/// A wrapper's column type: the type of what it is written as.
macro_rules! column_type {
    ($($wrapper:ident: $column:ty),+ $(,)?) => {$(
        impl<T, DB: sqlx::Database> sqlx::Type<DB> for $wrapper<T>
        where
            $column: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <$column as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <$column as sqlx::Type<DB>>::compatible(ty)
            }
        }
    )+};
}

column_type!(Word: str, MaybeWord: str, Int: i64, MaybeInt: i64);

impl<'q, T: Stored, DB: sqlx::Database> sqlx::Encode<'q, DB> for Word<T>
where
    String: sqlx::Encode<'q, DB>,
{
    fn encode_by_ref(
        &self,
        buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
    ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <String as sqlx::Encode<'q, DB>>::encode(self.0.write().into_owned(), buf)
    }
}

impl<'r, T: Stored, DB: sqlx::Database> sqlx::Decode<'r, DB> for Word<T>
where
    &'r str: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        let text = <&str as sqlx::Decode<'r, DB>>::decode(value)?;
        Ok(Word(T::read(text)?))
    }
}

impl<'r, T: Stored, DB: sqlx::Database> sqlx::Decode<'r, DB> for MaybeWord<T>
where
    &'r str: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        if value.is_null() {
            return Ok(MaybeWord(None));
        }
        let text = <&str as sqlx::Decode<'r, DB>>::decode(value)?;
        Ok(MaybeWord(Some(T::read(text)?)))
    }
}

/// A value stored as SQL's 64-bit integer: an id, a moment, a span, a day. The model's types
/// know nothing of the database; their columns are written here.
pub trait IntColumn: Sized + Copy {
    /// The integer written.
    fn int(self) -> i64;
    /// The value an integer stands for.
    fn from_int(int: i64) -> Self;
}

/// An [`IntColumn`] value in a query: bound as `Int(value)`, read in a row with
/// `#[sqlx(try_from = "Int<T>")]` or in a tuple as `Int<T>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int<T>(pub T);

/// A nullable [`IntColumn`] column, read with `#[sqlx(try_from = "MaybeInt<T>")]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaybeInt<T>(pub Option<T>);

impl<'q, T: IntColumn, DB: sqlx::Database> sqlx::Encode<'q, DB> for Int<T>
where
    i64: sqlx::Encode<'q, DB>,
{
    fn encode_by_ref(
        &self,
        buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
    ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <i64 as sqlx::Encode<'q, DB>>::encode(self.0.int(), buf)
    }
}

impl<'r, T: IntColumn, DB: sqlx::Database> sqlx::Decode<'r, DB> for Int<T>
where
    i64: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        Ok(Int(T::from_int(<i64 as sqlx::Decode<'r, DB>>::decode(
            value,
        )?)))
    }
}

impl<'r, T: IntColumn, DB: sqlx::Database> sqlx::Decode<'r, DB> for MaybeInt<T>
where
    i64: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        if value.is_null() {
            return Ok(MaybeInt(None));
        }
        let int = <i64 as sqlx::Decode<'r, DB>>::decode(value)?;
        Ok(MaybeInt(Some(T::from_int(int))))
    }
}

/// [`IntColumn`]s with the conversions a row's `try_from` needs: `$inner` is the integer inside
/// the type, `i64` or (Discord's snowflakes, which fit in 63 bits) `u64`.
macro_rules! int_column {
    ($($ty:ident($inner:ty)),+ $(,)?) => {$(
        impl IntColumn for $ty {
            fn int(self) -> i64 {
                self.0 as i64
            }
            fn from_int(int: i64) -> Self {
                $ty(int as $inner)
            }
        }

        impl From<Int<$ty>> for $ty {
            fn from(int: Int<$ty>) -> Self {
                int.0
            }
        }

        impl From<MaybeInt<$ty>> for Option<$ty> {
            fn from(int: MaybeInt<$ty>) -> Self {
                int.0
            }
        }
    )+};
}

int_column!(
    UserId(u64),
    ChannelId(u64),
    GuildId(u64),
    MessageId(u64),
    GameId(i64),
    TournamentId(i64),
    ChallengeId(i64),
    PairingId(i64),
    AttemptId(i64),
    SeekId(i64),
    MeetingId(i64),
    UnixMs(i64),
    Millis(i64),
    Day(i64),
);

/// A colour, as its index: 0 for White, 1 for Black (only these are ever written).
impl IntColumn for Color {
    fn int(self) -> i64 {
        self.index() as i64
    }
    fn from_int(int: i64) -> Self {
        if int == 0 { Color::White } else { Color::Black }
    }
}

impl From<MaybeInt<Color>> for Option<Color> {
    fn from(int: MaybeInt<Color>) -> Self {
        int.0
    }
}

/// The conversions a row's `try_from` needs, for a type stored as text.
macro_rules! stored {
    ($($ty:ty),+ $(,)?) => {$(
        impl From<$crate::types::Word<$ty>> for $ty {
            fn from(word: $crate::types::Word<$ty>) -> Self {
                word.0
            }
        }

        impl From<$crate::types::MaybeWord<$ty>> for Option<$ty> {
            fn from(word: $crate::types::MaybeWord<$ty>) -> Self {
                word.0
            }
        }
    )+};
}

/// A [`TextColumn`] from one table of value and word, with the conversions a row needs.
macro_rules! text_column {
    ($ty:ty { $($e:ident :: $v:ident $(($ae:ident :: $av:ident))? => $text:literal),+ $(,)? }) => {
        impl $crate::TextColumn for $ty {
            const TEXTS: &'static [($ty, &'static str)] = &[$(($e::$v $(($ae::$av))?, $text)),+];

            fn text(&self) -> &'static str {
                // A match: a new variant without its text does not compile.
                match self {
                    $($e::$v $(($ae::$av))? => $text),+
                }
            }
        }

        $crate::types::stored!($ty);
    };
}

pub(super) use {stored, text_column};

stored!(TimeControl);

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
