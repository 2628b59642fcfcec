//! When a tournament starts, as an organiser writes it: minutes from now (`30`, `45m`, `2h`),
//! a clock time (`20:30`, the next one to come), a date and time (`2026-12-05 20:30`), or a
//! Discord timestamp (`<t:1796500000:F>`, as the timestamp pickers write it). Clock times are
//! Türkiye's (UTC+3 all year, the game's home) unless followed by `UTC` or `Z`.

use std::fmt;

use dama_model::{Date, Day, Millis, TURKIYE_OFFSET, UnixMs};

/// A start as written, before it is set against the present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAt {
    /// So many minutes from now.
    InMinutes(i64),
    /// A time of day (minutes after midnight, UTC): the next one to come.
    Daily(i64),
    /// A moment.
    At(UnixMs),
}

/// A start that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartError(pub String);

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a start time: {}", self.0)
    }
}

impl std::error::Error for StartError {}

impl StartAt {
    /// The moment it names, seen at `now`.
    pub fn moment(self, now: UnixMs) -> UnixMs {
        match self {
            StartAt::InMinutes(m) => now.saturating_add(Millis::from_minutes(m)),
            StartAt::At(at) => at,
            StartAt::Daily(minute) => {
                let today = Day::utc(now).start_utc() + Millis::from_minutes(minute);
                if today > now {
                    today
                } else {
                    today + Millis::DAY
                }
            }
        }
    }
}

impl std::str::FromStr for StartAt {
    type Err = StartError;

    fn from_str(text: &str) -> Result<StartAt, StartError> {
        let error = || StartError(text.to_string());
        let t = text.trim();
        if let Some(inner) = t.strip_prefix("<t:").and_then(|r| r.strip_suffix('>')) {
            let seconds = inner.split(':').next().unwrap_or("");
            return digits(seconds)
                .filter(|s| *s < 100_000_000_000)
                .map(|s| StartAt::At(UnixMs::from_secs(s)))
                .ok_or_else(error);
        }
        let lower = t.to_lowercase();
        // Minutes or hours from now.
        for (suffix, factor) in [
            ("min", 1),
            ("m", 1),
            ("dk", 1),
            ("h", 60),
            ("sa", 60),
            ("", 1),
        ] {
            if let Some(n) = lower.strip_suffix(suffix).map(str::trim).and_then(digits) {
                return n
                    .checked_mul(factor)
                    .map(StartAt::InMinutes)
                    .ok_or_else(error);
            }
        }
        let (rest, offset) = match lower
            .strip_suffix("utc")
            .or_else(|| lower.strip_suffix('z'))
        {
            Some(rest) => (rest.trim(), 0),
            None => (lower.as_str(), TURKIYE_OFFSET.0 / Millis::MINUTE.0),
        };
        let (date, time) = match rest.split_once([' ', 't']) {
            Some((d, t)) => (Some(d.trim()), t.trim()),
            None => (None, rest),
        };
        let minute = time_of_day(time).ok_or_else(error)?;
        let utc_minute = minute - offset;
        match date {
            None => Ok(StartAt::Daily(utc_minute.rem_euclid(24 * 60))),
            Some(d) => {
                let day = civil_day(d).ok_or_else(error)?;
                Ok(StartAt::At(
                    day.start_utc() + Millis::from_minutes(utc_minute),
                ))
            }
        }
    }
}

/// A whole number written with digits only (at most 12).
fn digits(s: &str) -> Option<i64> {
    (!s.is_empty() && s.len() <= 12 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// `20:30` or `20.30` (Turkish usage) as minutes after midnight.
fn time_of_day(s: &str) -> Option<i64> {
    let (h, m) = s.split_once([':', '.'])?;
    if h.len() > 2 || m.len() != 2 {
        return None;
    }
    let (h, m) = (digits(h)?, digits(m)?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// The day of `2026-12-05` (or Turkish `05.12.2026`), from 1970 on.
fn civil_day(s: &str) -> Option<Day> {
    let parts: Vec<&str> = s.split(['-', '.', '/']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (year, month, day) = if a.len() == 4 {
        (digits(a)?, digits(b)?, digits(c)?)
    } else {
        (digits(c)?, digits(b)?, digits(a)?)
    };
    if !(1970..=9999).contains(&year) {
        return None;
    }
    let date = Date::new(year, u8::try_from(month).ok()?, u8::try_from(day).ok()?)?;
    Some(date.day())
}
