//! A tournament's start as an organiser writes it: minutes from now, a clock time (Türkiye's
//! unless marked UTC), a date and time, a Discord timestamp; anything else refused.

use dama_model::{Day, Millis, TURKIYE_OFFSET, UnixMs};
use dama_play::tournament::StartAt;
use proptest::prelude::*;

const MINUTE: Millis = Millis::MINUTE;
const DAY: Millis = Millis::DAY;

fn read(text: &str) -> Option<StartAt> {
    text.parse().ok()
}

#[test]
fn starts_are_read_as_organisers_write_them() {
    assert_eq!(read("30"), Some(StartAt::InMinutes(30)));
    assert_eq!(read(" 45m "), Some(StartAt::InMinutes(45)));
    assert_eq!(read("2h"), Some(StartAt::InMinutes(120)));
    assert_eq!(read("2sa"), Some(StartAt::InMinutes(120)));
    assert_eq!(read("15dk"), Some(StartAt::InMinutes(15)));
    assert_eq!(
        read("<t:1796500000:F>"),
        Some(StartAt::At(UnixMs(1_796_500_000_000)))
    );
    assert_eq!(
        read("<t:1796500000>"),
        Some(StartAt::At(UnixMs(1_796_500_000_000)))
    );
    // Türkiye is three hours ahead of UTC.
    assert_eq!(read("20:30"), Some(StartAt::Daily(17 * 60 + 30)));
    assert_eq!(read("20.30"), Some(StartAt::Daily(17 * 60 + 30)));
    assert_eq!(read("20:30 UTC"), Some(StartAt::Daily(20 * 60 + 30)));
    assert_eq!(read("01:00"), Some(StartAt::Daily(22 * 60)));
    // 2026-12-05 20:30 in Türkiye is 17:30 UTC.
    let at = UnixMs(1_796_428_800_000) + MINUTE * (17 * 60 + 30);
    assert_eq!(read("2026-12-05 20:30"), Some(StartAt::At(at)));
    assert_eq!(read("05.12.2026 20:30"), Some(StartAt::At(at)));
    assert_eq!(read("2026-12-05T17:30Z"), Some(StartAt::At(at)));
    assert_eq!(read("2028-02-29 10:00"), read("29.02.2028 10:00"));
    for bad in [
        "",
        "yarın",
        "24:00",
        "20:60",
        "20:5",
        "2026-02-29 10:00",
        "2026-13-01 10:00",
        "<t:abc>",
        "-5",
        "1.5h",
        "99999999999999",
        "20:30 EST",
        "2026-12-05",
    ] {
        assert_eq!(read(bad), None, "{bad:?} was read");
    }
}

#[test]
fn a_clock_time_is_the_next_one_to_come() {
    // 1_800_000_000 s is 08:00 UTC, 11:00 in Türkiye.
    let now = UnixMs(1_800_000_000_000);
    assert_eq!(read("11:30").unwrap().moment(now), now + MINUTE * 30);
    assert_eq!(
        read("11:00").unwrap().moment(now),
        now + DAY,
        "not now: tomorrow"
    );
    assert_eq!(read("10:59").unwrap().moment(now), now + (DAY - MINUTE));
    assert_eq!(read("30").unwrap().moment(now), now + MINUTE * 30);
}

proptest! {
    #[test]
    fn no_text_breaks_the_reader(text in "\\PC{0,40}") {
        if let Ok(start) = text.parse::<StartAt>() {
            let _ = start.moment(UnixMs(1_800_000_000_000));
        }
    }

    #[test]
    fn a_date_and_time_names_that_moment_in_turkiye(
        days in 0i64..30_000, hour in 0i64..24, minute in 0i64..60,
    ) {
        let date = Day(days).date();
        let (y, mo, d) = (date.year, date.month, date.day);
        let iso = format!("{y:04}-{mo:02}-{d:02} {hour:02}:{minute:02}");
        let turkish = format!("{d:02}.{mo:02}.{y:04} {hour:02}:{minute:02}");
        let want = Day(days).start_utc() + MINUTE * (hour * 60 + minute) - TURKIYE_OFFSET;
        prop_assert_eq!(read(&iso), Some(StartAt::At(want)));
        prop_assert_eq!(read(&turkish), Some(StartAt::At(want)));
        prop_assert_eq!(read(&format!("{iso} UTC")), Some(StartAt::At(want + TURKIYE_OFFSET)));
    }

    #[test]
    fn a_clock_time_comes_within_a_day_at_that_time(
        now in 0i64..4_000_000_000_000, hour in 0i64..24, minute in 0i64..60,
    ) {
        let now = UnixMs(now);
        let at = read(&format!("{hour:02}:{minute:02}")).unwrap().moment(now);
        prop_assert!(at > now && at <= now + DAY);
        let turkiye = at + TURKIYE_OFFSET;
        prop_assert_eq!(turkiye.0.rem_euclid(DAY.0), (MINUTE * (hour * 60 + minute)).0);
    }
}
