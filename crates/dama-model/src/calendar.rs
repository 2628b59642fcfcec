//! Days and dates, and Türkiye's time: the one place that knows the game's home is UTC+3 all
//! year (no summer time since 2016) and how a day count becomes a year, a month and a day.

use crate::time::{Millis, UnixMs};

/// Türkiye's offset from UTC.
pub const TURKIYE_OFFSET: Millis = Millis(3 * 3_600_000);

/// A day, counted from 1970-01-01 (day 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day(pub i64);

/// A date of the (proleptic) Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year (1970 is 1970).
    pub year: i64,
    /// 1 to 12.
    pub month: u8,
    /// 1 to 31.
    pub day: u8,
}

impl Day {
    /// The day (UTC) a moment falls on.
    pub const fn utc(at: UnixMs) -> Day {
        Day(at.0.div_euclid(Millis::DAY.0))
    }

    /// The day in Türkiye a moment falls on.
    pub const fn in_turkiye(at: UnixMs) -> Day {
        Day((at.0 + TURKIYE_OFFSET.0).div_euclid(Millis::DAY.0))
    }

    /// The first moment of this day, UTC.
    pub const fn start_utc(self) -> UnixMs {
        UnixMs(self.0 * Millis::DAY.0)
    }

    /// Noon of this day in Türkiye (a moment whose UTC day is this day too).
    pub const fn noon_in_turkiye(self) -> UnixMs {
        UnixMs(self.0 * Millis::DAY.0 + 12 * Millis::HOUR.0 - TURKIYE_OFFSET.0)
    }

    /// The day `days` after this one (before it, when negative).
    pub const fn plus(self, days: i64) -> Day {
        Day(self.0 + days)
    }

    /// The date of this day.
    pub const fn date(self) -> Date {
        // Civil-from-days (Howard Hinnant's algorithm).
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + (month <= 2) as i64;
        Date {
            year,
            month: month as u8,
            day: day as u8,
        }
    }
}

impl Date {
    /// The date, if there is one (`2026-02-30` is not).
    pub fn new(year: i64, month: u8, day: u8) -> Option<Date> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days_in_month = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days_in_month)
            .contains(&day)
            .then_some(Date { year, month, day })
    }

    /// The day this date is.
    pub const fn day(self) -> Day {
        // Days-from-civil (Howard Hinnant's algorithm).
        let (month, day) = (self.month as i64, self.day as i64);
        let y = if month <= 2 { self.year - 1 } else { self.year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (month + 9) % 12;
        let doy = (153 * mp + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Day(era * 146_097 + doe - 719_468)
    }
}

impl std::fmt::Display for Date {
    /// ISO 8601: `2026-12-03`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_go_both_ways() {
        assert_eq!(Day(0).date().to_string(), "1970-01-01");
        assert_eq!(
            Day::utc(UnixMs::from_secs(1_798_675_200))
                .date()
                .to_string(),
            "2026-12-31"
        );
        assert_eq!(
            Day::utc(UnixMs::from_secs(951_782_400)).date().to_string(),
            "2000-02-29"
        );
        for n in -800_000..800_000 {
            assert_eq!(Day(n).date().day(), Day(n));
        }
        assert_eq!(Date::new(2026, 2, 29), None);
        assert_eq!(Date::new(2024, 2, 29).map(Date::day), Some(Day(19_782)));
        assert_eq!(Date::new(2026, 13, 1), None);
    }

    #[test]
    fn turkiye_is_three_hours_ahead_all_year() {
        // 21:30 UTC on 3 December is half past midnight on 4 December in Istanbul.
        let at = UnixMs::from_secs(Date::new(2026, 12, 3).unwrap().day().0 * 86_400 + 77_400);
        assert_eq!(Day::utc(at).date().to_string(), "2026-12-03");
        assert_eq!(Day::in_turkiye(at).date().to_string(), "2026-12-04");
        let day = Day::in_turkiye(at);
        assert_eq!(Day::in_turkiye(day.noon_in_turkiye()), day);
        assert_eq!(Day::utc(day.noon_in_turkiye()), day);
    }
}
