//! A time control as players write it (`5+3`, `1/4+0`, `3d`) and its speed class.

use std::fmt;
use std::str::FromStr;

use dama_model::Millis;

/// The longest initial time of a live game, in minutes.
pub const MAX_MINUTES: u32 = 180;
/// The largest increment of a live game, in seconds.
pub const MAX_INCREMENT: u32 = 180;
/// The days a correspondence move may take.
pub const CORRESPONDENCE_DAYS: [u32; 6] = [1, 2, 3, 5, 7, 14];
/// The time controls offered first (autocomplete), the usual ones of the game sites.
pub const USUAL: [&str; 13] = [
    "1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "1d", "3d", "7d",
];

/// How long the players have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A clock each: `initial` time, plus `increment` after each move (Fischer). Both are
    /// whole seconds (a quarter minute at least for `initial`, when it is not zero).
    Live {
        /// On each clock at the start.
        initial: Millis,
        /// Added after each move.
        increment: Millis,
    },
    /// So many days for each move.
    Correspondence {
        /// Days for each move.
        days: u32,
    },
}

impl TimeControl {
    /// A game made without a time control: three days a move.
    pub const DEFAULT: TimeControl = TimeControl::Correspondence { days: 3 };
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl::DEFAULT
    }
}

/// Bullet to classical by the estimated duration of a live game (lichess's bounds), and
/// correspondence: each has its own rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpeedClass {
    /// Under 3 minutes (initial time plus 40 increments).
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// Days a move.
    Correspondence,
}

impl SpeedClass {
    /// Every class, the fastest first.
    pub const ALL: [SpeedClass; 5] = [
        SpeedClass::Bullet,
        SpeedClass::Blitz,
        SpeedClass::Rapid,
        SpeedClass::Classical,
        SpeedClass::Correspondence,
    ];

    /// The key the store and the language files use.
    pub fn key(self) -> &'static str {
        match self {
            SpeedClass::Bullet => "bullet",
            SpeedClass::Blitz => "blitz",
            SpeedClass::Rapid => "rapid",
            SpeedClass::Classical => "classical",
            SpeedClass::Correspondence => "correspondence",
        }
    }

    /// The class of a [`key`](SpeedClass::key).
    pub fn from_key(key: &str) -> Option<SpeedClass> {
        SpeedClass::ALL.into_iter().find(|c| c.key() == key)
    }
}

/// The least a clock starts with when its control gives no initial time (`0+N`).
pub const LEAST_START: Millis = Millis::from_secs(3);

impl TimeControl {
    /// A live control of `initial` and `increment` whole seconds.
    pub const fn live_secs(initial: i64, increment: i64) -> TimeControl {
        TimeControl::Live {
            initial: Millis::from_secs(initial),
            increment: Millis::from_secs(increment),
        }
    }

    /// Initial time plus 40 increments (`None` for correspondence).
    pub fn estimated(self) -> Option<Millis> {
        match self {
            TimeControl::Live { initial, increment } => Some(initial + increment * 40),
            TimeControl::Correspondence { .. } => None,
        }
    }

    /// What each clock starts with. `0+N` starts with the increment, and at least
    /// [`LEAST_START`], as lichess does: a player's first clocked move always has time for a
    /// move, so nobody loses on time before they could play.
    pub fn start(self) -> Option<Millis> {
        match self {
            TimeControl::Live { initial, increment } if initial == Millis::ZERO => {
                Some(increment.max(LEAST_START))
            }
            TimeControl::Live { initial, .. } => Some(initial),
            TimeControl::Correspondence { .. } => None,
        }
    }

    /// Whether a player may go berserk in it: not at `0+N`, whose clock is all increment
    /// (lichess's rule too).
    pub fn berserkable(self) -> bool {
        matches!(self, TimeControl::Live { initial, .. } if initial > Millis::ZERO)
    }

    /// Its speed class, by [`estimated`](TimeControl::estimated) time as lichess bounds it.
    pub fn speed(self) -> SpeedClass {
        match self.estimated() {
            None => SpeedClass::Correspondence,
            Some(t) if t < Millis::from_minutes(3) => SpeedClass::Bullet,
            Some(t) if t < Millis::from_minutes(8) => SpeedClass::Blitz,
            Some(t) if t < Millis::from_minutes(25) => SpeedClass::Rapid,
            Some(_) => SpeedClass::Classical,
        }
    }

    /// Whether the game is played on a clock (not by correspondence).
    pub fn is_live(self) -> bool {
        matches!(self, TimeControl::Live { .. })
    }
}

/// Why a text is not a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Neither minutes+seconds nor days.
    #[error("\"{0}\" is not a time control: write minutes+seconds, like 5+3, or days, like 3d")]
    Syntax(String),
    /// Initial minutes that are not offered.
    #[error("\"{0}\" minutes cannot be used: 0, 1/4, 1/2, 3/4, 1, 1.5 or a whole number up to 180")]
    Minutes(String),
    /// An increment beyond [`MAX_INCREMENT`].
    #[error("an increment of {0} seconds is too much: at most 180")]
    Increment(String),
    /// `0+0`.
    #[error("0+0 leaves no time at all: give minutes, an increment, or both")]
    NoTime,
    /// Days a move that are not among [`CORRESPONDENCE_DAYS`].
    #[error("{0} days a move cannot be used: 1, 2, 3, 5, 7 or 14")]
    Days(u32),
}

/// Minutes a live clock may start with, as quarters of a minute: 0, 1/4, 1/2, 3/4, 1, 1.5 and
/// every whole number up to [`MAX_MINUTES`].
fn quarters_allowed(q: u32) -> bool {
    matches!(q, 0 | 1 | 2 | 3 | 4 | 6) || (q.is_multiple_of(4) && q / 4 <= MAX_MINUTES)
}

/// Minutes as players write them: `3`, `1/4`, `0.5`, `1,5` (the Turkish decimal comma), in
/// quarters of a minute.
fn quarters(text: &str) -> Option<u32> {
    if let Some((n, d)) = text.split_once('/') {
        let (n, d): (u32, u32) = (n.parse().ok()?, d.parse().ok()?);
        let four_n = n.checked_mul(4)?;
        return (d != 0 && four_n.is_multiple_of(d)).then(|| four_n / d);
    }
    let text = text.replace(',', ".");
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac = frac.trim_end_matches('0');
    let extra = match frac {
        "" => 0,
        "25" => 1,
        "5" => 2,
        "75" => 3,
        _ => return None,
    };
    if !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    whole.checked_mul(4)?.checked_add(extra)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = || TimeControlError::Syntax(text.trim().chars().take(40).collect());
        let t: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        // Days: `3d`, `3days`, `3gün`, `3g`.
        for suffix in ["days", "day", "gün", "gun", "d", "g"] {
            if let Some(n) = t.strip_suffix(suffix)
                && !n.is_empty()
                && n.chars().all(|c| c.is_ascii_digit())
            {
                let days: u32 = n.parse().map_err(|_| syntax())?;
                return if CORRESPONDENCE_DAYS.contains(&days) {
                    Ok(TimeControl::Correspondence { days })
                } else {
                    Err(TimeControlError::Days(days))
                };
            }
        }
        let (minutes, increment) = t.split_once('+').unwrap_or((&t, "0"));
        if minutes.is_empty()
            || increment.is_empty()
            || !minutes
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '/' | '.' | ','))
            || !increment.chars().all(|c| c.is_ascii_digit())
        {
            return Err(syntax());
        }
        // Digits only by now: a number too big for u32 is simply too much.
        let increment = match increment.parse::<u32>() {
            Ok(i) if i <= MAX_INCREMENT => i,
            _ => {
                return Err(TimeControlError::Increment(
                    increment.chars().take(12).collect(),
                ));
            }
        };
        let q = quarters(minutes)
            .filter(|&q| quarters_allowed(q))
            .ok_or_else(|| TimeControlError::Minutes(minutes.chars().take(12).collect()))?;
        if q == 0 && increment == 0 {
            return Err(TimeControlError::NoTime);
        }
        Ok(TimeControl::live_secs(
            i64::from(q) * 15,
            i64::from(increment),
        ))
    }
}

impl fmt::Display for TimeControl {
    /// As players write it, the same text [`FromStr`] reads back: `1/4+0`, `1.5+1`, `5+3`, `3d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
            TimeControl::Live { initial, increment } => {
                let minutes = match initial.whole_secs() {
                    15 => "1/4".to_string(),
                    30 => "1/2".to_string(),
                    45 => "3/4".to_string(),
                    90 => "1.5".to_string(),
                    s => (s / 60).to_string(),
                };
                write!(f, "{minutes}+{}", increment.whole_secs())
            }
        }
    }
}
