//! Time as types: a moment ([`UnixMs`]) and a span ([`Millis`]), both in milliseconds, so a
//! second can never be read as a millisecond. Pure: the present is always given by the
//! caller (the host's clock), never read here.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A moment: milliseconds since 1970-01-01 00:00 UTC.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnixMs(pub i64);

/// A span of time in milliseconds; negative where one moment is before another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Millis(pub i64);

impl UnixMs {
    /// The epoch itself (what a test's clock starts from).
    pub const EPOCH: UnixMs = UnixMs(0);

    /// The moment `seconds` after the epoch (Discord's `<t:…>` stamps count seconds).
    pub const fn from_secs(seconds: i64) -> UnixMs {
        UnixMs(seconds.saturating_mul(1000))
    }

    /// Whole seconds since the epoch, rounded down (for Discord's `<t:…>` stamps).
    pub const fn whole_secs(self) -> i64 {
        self.0.div_euclid(1000)
    }

    /// This moment moved by `span`, stopping at the ends of time rather than wrapping.
    pub const fn saturating_add(self, span: Millis) -> UnixMs {
        UnixMs(self.0.saturating_add(span.0))
    }
}

impl Millis {
    /// No time at all.
    pub const ZERO: Millis = Millis(0);
    /// One second.
    pub const SECOND: Millis = Millis(1000);
    /// One minute.
    pub const MINUTE: Millis = Millis(60_000);
    /// One hour.
    pub const HOUR: Millis = Millis(3_600_000);
    /// One day (24 hours; Türkiye keeps no summer time).
    pub const DAY: Millis = Millis(86_400_000);

    /// So many seconds.
    pub const fn from_secs(seconds: i64) -> Millis {
        Millis(seconds.saturating_mul(1000))
    }

    /// So many minutes.
    pub const fn from_minutes(minutes: i64) -> Millis {
        Millis(minutes.saturating_mul(60_000))
    }

    /// So many days.
    pub const fn from_days(days: i64) -> Millis {
        Millis(days.saturating_mul(86_400_000))
    }

    /// Whole seconds, rounded down.
    pub const fn whole_secs(self) -> i64 {
        self.0.div_euclid(1000)
    }

    /// Whole minutes, rounded down.
    pub const fn whole_minutes(self) -> i64 {
        self.0.div_euclid(60_000)
    }

    /// Whole hours, rounded down.
    pub const fn whole_hours(self) -> i64 {
        self.0.div_euclid(3_600_000)
    }

    /// Whole days, rounded down.
    pub const fn whole_days(self) -> i64 {
        self.0.div_euclid(86_400_000)
    }

    /// The span as the standard library's `Duration` (a negative span is none).
    pub fn to_std(self) -> std::time::Duration {
        std::time::Duration::from_millis(u64::try_from(self.0).unwrap_or(0))
    }

    /// The standard library's `Duration` in whole milliseconds.
    pub fn from_std(span: std::time::Duration) -> Millis {
        Millis(i64::try_from(span.as_millis()).unwrap_or(i64::MAX))
    }
}

impl Add<Millis> for UnixMs {
    type Output = UnixMs;
    fn add(self, span: Millis) -> UnixMs {
        UnixMs(self.0 + span.0)
    }
}

impl AddAssign<Millis> for UnixMs {
    fn add_assign(&mut self, span: Millis) {
        self.0 += span.0;
    }
}

impl Sub<Millis> for UnixMs {
    type Output = UnixMs;
    fn sub(self, span: Millis) -> UnixMs {
        UnixMs(self.0 - span.0)
    }
}

impl Sub for UnixMs {
    type Output = Millis;
    fn sub(self, earlier: UnixMs) -> Millis {
        Millis(self.0 - earlier.0)
    }
}

impl Add for Millis {
    type Output = Millis;
    fn add(self, other: Millis) -> Millis {
        Millis(self.0 + other.0)
    }
}

impl AddAssign for Millis {
    fn add_assign(&mut self, other: Millis) {
        self.0 += other.0;
    }
}

impl Sub for Millis {
    type Output = Millis;
    fn sub(self, other: Millis) -> Millis {
        Millis(self.0 - other.0)
    }
}

impl SubAssign for Millis {
    fn sub_assign(&mut self, other: Millis) {
        self.0 -= other.0;
    }
}

impl Neg for Millis {
    type Output = Millis;
    fn neg(self) -> Millis {
        Millis(-self.0)
    }
}

impl Mul<i64> for Millis {
    type Output = Millis;
    fn mul(self, times: i64) -> Millis {
        Millis(self.0 * times)
    }
}

impl Div<i64> for Millis {
    type Output = Millis;
    fn div(self, parts: i64) -> Millis {
        Millis(self.0 / parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_and_spans_add_up() {
        let at = UnixMs::from_secs(90);
        assert_eq!(at, UnixMs(90_000));
        assert_eq!(at + Millis::MINUTE - at, Millis::from_secs(60));
        assert_eq!(
            UnixMs(-1).whole_secs(),
            -1,
            "seconds round down, before 1970 too"
        );
        assert_eq!(Millis(-5).to_std(), std::time::Duration::ZERO);
        assert_eq!(
            UnixMs(i64::MAX).saturating_add(Millis::DAY),
            UnixMs(i64::MAX)
        );
    }
}
