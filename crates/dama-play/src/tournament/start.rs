//! When a tournament starts, as an organiser writes it: minutes from now (`30`, `45m`, `2h`),
//! a clock time (`20:30`, the next one to come), a date and time (`2026-12-05 20:30`), or a
//! Discord timestamp (`<t:1796500000:F>`, as the timestamp pickers write it). Clock times are
//! Türkiye's (UTC+3 all year, the game's home) unless followed by `UTC` or `Z`.

use std::fmt;

/// Türkiye's offset from UTC, in minutes (no daylight saving since 2016).
pub const TURKIYE_OFFSET_MINUTES: i64 = 180;
const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 86_400_000;

/// A start as written, before it is set against the present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartAt {
    /// So many minutes from now.
    InMinutes(i64),
    /// A time of day (minutes after midnight, UTC): the next one to come.
    Daily(i64),
    /// A moment (Unix milliseconds).
    At(i64),
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
    /// The moment it names (Unix milliseconds), seen at `now_ms`.
    pub fn moment(self, now_ms: i64) -> i64 {
        match self {
            StartAt::InMinutes(m) => now_ms.saturating_add(m.saturating_mul(MINUTE_MS)),
            StartAt::At(at) => at,
            StartAt::Daily(minute) => {
                let today = now_ms.div_euclid(DAY_MS) * DAY_MS + minute * MINUTE_MS;
                if today > now_ms {
                    today
                } else {
                    today + DAY_MS
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
                .map(|s| StartAt::At(s * 1000))
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
            None => (lower.as_str(), TURKIYE_OFFSET_MINUTES),
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
                let days = civil_days(d).ok_or_else(error)?;
                Ok(StartAt::At((days * 24 * 60 + utc_minute) * MINUTE_MS))
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

/// Days since 1970-01-01 of `2026-12-05` (or Turkish `05.12.2026`).
fn civil_days(s: &str) -> Option<i64> {
    let parts: Vec<&str> = s.split(['-', '.', '/']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (year, month, day) = if a.len() == 4 {
        (digits(a)?, digits(b)?, digits(c)?)
    } else {
        (digits(c)?, digits(b)?, digits(a)?)
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1970..=9999).contains(&year)
        || !(1..=12).contains(&month)
        || day < 1
        || day > month_days[month as usize - 1]
    {
        return None;
    }
    // Days-from-civil (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}
