//! Time controls as players write them, speed classes, and the clocks of a live game.
use dama_model::{Millis, UnixMs};
use dama_play::clock::{
    AI_RESERVE, AI_THINK_MAX, Clocks, Due, FIRST_MOVE, OnTimeout, SpeedClass, TimeControl,
    TimeControlError, USUAL, move_time, show, think_time,
};
use dama_rules::Color;

/// Both clocks, White's then Black's, from milliseconds.
fn left(white: i64, black: i64) -> [Millis; 2] {
    [Millis(white), Millis(black)]
}
use proptest::prelude::*;

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn time_controls_are_read_as_players_write_them() {
    let live = TimeControl::live_secs;
    assert_eq!(tc("5+3"), live(300, 3));
    assert_eq!(tc(" 5 + 3 "), live(300, 3));
    assert_eq!(tc("1/4+0"), live(15, 0));
    assert_eq!(tc("1/2+0"), live(30, 0));
    assert_eq!(tc("3/4+2"), live(45, 2));
    assert_eq!(tc("1.5+1"), live(90, 1));
    assert_eq!(tc("1,5+1"), live(90, 1));
    assert_eq!(tc("0.25+0"), live(15, 0));
    assert_eq!(tc("0+1"), live(0, 1));
    assert_eq!(tc("10"), live(600, 0));
    assert_eq!(tc("180+180"), live(10_800, 180));
    for days in [1, 2, 3, 5, 7, 14] {
        assert_eq!(
            tc(&format!("{days}d")),
            TimeControl::Correspondence { days }
        );
    }
    assert_eq!(tc("3 days"), TimeControl::Correspondence { days: 3 });
    assert_eq!(tc("3 gün"), TimeControl::Correspondence { days: 3 });
    assert_eq!(
        TimeControl::default(),
        TimeControl::Correspondence { days: 3 }
    );
    for usual in USUAL {
        assert_eq!(
            tc(usual).to_string(),
            usual,
            "the usual ones are written as offered"
        );
    }
}

#[test]
fn impossible_time_controls_are_refused_with_the_reason() {
    let err = |t: &str| t.parse::<TimeControl>().unwrap_err();
    assert_eq!(err("0+0"), TimeControlError::NoTime);
    assert_eq!(err("181+0"), TimeControlError::Minutes("181".into()));
    assert_eq!(err("1/3+0"), TimeControlError::Minutes("1/3".into()));
    assert_eq!(err("2.5+0"), TimeControlError::Minutes("2.5".into()));
    assert_eq!(err("5+181"), TimeControlError::Increment("181".into()));
    assert_eq!(err("4d"), TimeControlError::Days(4));
    assert_eq!(err("0d"), TimeControlError::Days(0));
    assert!(matches!(err("blitz"), TimeControlError::Syntax(_)));
    assert!(matches!(err("5+"), TimeControlError::Syntax(_)));
    assert!(matches!(err("+3"), TimeControlError::Syntax(_)));
    assert!(matches!(err("-5+3"), TimeControlError::Syntax(_)));
    assert!(matches!(err(""), TimeControlError::Syntax(_)));
    // Every refusal says what to write instead.
    for e in [err("0+0"), err("7/4+0"), err("5+999"), err("9d"), err("x")] {
        assert!(e.to_string().chars().any(|c| c.is_ascii_digit()), "{e}");
    }
}

#[test]
fn numbers_too_big_for_the_reader_are_refused_not_wrapped() {
    let err = |t: &str| t.parse::<TimeControl>().unwrap_err();
    // 1073741824 × 4 quarters wraps to 0 in 32 bits: it must not read as 0+5.
    assert_eq!(
        err("1073741824/1+5"),
        TimeControlError::Minutes("1073741824/1".into())
    );
    assert!(matches!(err("4294967296+0"), TimeControlError::Minutes(_)));
    assert!(matches!(
        err("99999999999999999999+0"),
        TimeControlError::Minutes(_)
    ));
    assert_eq!(
        err("5+4294967297"),
        TimeControlError::Increment("4294967297".into())
    );
    assert!(matches!(
        err("4294967299d"),
        TimeControlError::Syntax(_) | TimeControlError::Days(_)
    ));
    // The refusal quotes at most a short piece of what was typed.
    let long = format!("{}+5", "9".repeat(5_000));
    assert!(err(&long).to_string().len() < 120, "{}", err(&long));
}

#[test]
fn a_clock_with_no_initial_time_starts_with_its_increment_as_lichess_does() {
    let t0 = UnixMs(1_000_000);
    // 0+5: each clock starts with 5 s, so the first clocked move has its time.
    let c = Clocks::start(tc("0+5"), t0);
    assert_eq!(c.left, left(5_000, 5_000));
    let c = c.after_move(0, Color::White, t0 + Millis(1_000)).unwrap();
    let c = c.after_move(1, Color::Black, t0 + Millis(2_000)).unwrap();
    assert_eq!(
        c.left,
        left(5_000, 5_000),
        "after both first moves, nobody has lost"
    );
    assert_eq!(c.due(2, Color::White).at, t0 + Millis(2_000 + 5_000));
    let c = c.after_move(2, Color::White, t0 + Millis(4_000)).unwrap();
    assert_eq!(c.left, left(5_000 - 2_000 + 5_000, 5_000));
    // 0+1: at least 3 s, never the bare increment.
    assert_eq!(Clocks::start(tc("0+1"), t0).left, left(3_000, 3_000));
    assert_eq!(tc("0+1").start(), Some(Millis::from_secs(3)));
    assert_eq!(tc("1/4+0").start(), Some(Millis::from_secs(15)));
    // Its clock is all increment: no berserk there.
    assert!(!tc("0+5").berserkable() && tc("1/4+0").berserkable());
    assert!(
        Clocks::start(tc("0+5"), t0)
            .berserk(0, Color::White)
            .is_none()
    );
}

#[test]
fn speed_classes_follow_the_estimated_duration() {
    let speed = |t: &str| tc(t).speed();
    assert_eq!(speed("1/4+0"), SpeedClass::Bullet);
    assert_eq!(speed("1+0"), SpeedClass::Bullet);
    assert_eq!(speed("2+1"), SpeedClass::Bullet); // 120 + 40 = 160 s
    assert_eq!(speed("3+0"), SpeedClass::Blitz); // 180 s
    assert_eq!(speed("3+2"), SpeedClass::Blitz);
    assert_eq!(speed("5+3"), SpeedClass::Blitz); // 300 + 120 = 420 s
    assert_eq!(speed("5+5"), SpeedClass::Rapid); // 500 s
    assert_eq!(speed("10+5"), SpeedClass::Rapid);
    assert_eq!(speed("15+10"), SpeedClass::Rapid); // 900 + 400 = 1300 s
    assert_eq!(speed("25+0"), SpeedClass::Classical); // 1500 s
    assert_eq!(speed("30+0"), SpeedClass::Classical);
    assert_eq!(speed("1d"), SpeedClass::Correspondence);
    for c in SpeedClass::ALL {
        assert_eq!(SpeedClass::from_key(c.key()), Some(c));
    }
}

#[test]
fn the_clock_starts_after_both_first_moves_and_each_move_adds_the_increment() {
    let t0 = UnixMs(1_000_000);
    let c = Clocks::start(tc("1+2"), t0);
    // White's first move: 30 s, nothing taken from the clock; missing it aborts.
    assert_eq!(
        c.due(0, Color::White),
        Due {
            at: t0 + FIRST_MOVE,
            then: OnTimeout::Abort
        }
    );
    let c = c.after_move(0, Color::White, t0 + Millis(20_000)).unwrap();
    assert_eq!(c.left, left(60_000, 60_000));
    let c = c.after_move(1, Color::Black, t0 + Millis(40_000)).unwrap();
    assert_eq!(c.left, left(60_000, 60_000));
    // From here the mover pays for its time and gains the increment.
    assert_eq!(
        c.due(2, Color::White),
        Due {
            at: t0 + Millis(40_000 + 60_000),
            then: OnTimeout::Flag
        }
    );
    let c = c.after_move(2, Color::White, t0 + Millis(50_000)).unwrap();
    assert_eq!(c.left, left(60_000 - 10_000 + 2_000, 60_000));
    assert_eq!(c.turn_began, t0 + Millis(50_000));
    assert_eq!(
        c.left_at(3, Color::Black, t0 + Millis(55_000)),
        left(52_000, 55_000)
    );
    // A move one millisecond before the flag counts; at the flag it is too late.
    let flag = c.due(3, Color::Black).at;
    assert!(c.after_move(3, Color::Black, flag - Millis(1)).is_ok());
    assert!(c.after_move(3, Color::Black, flag).is_err());
    assert_eq!(
        c.left_at(3, Color::Black, flag + Millis(5_000)),
        left(52_000, 0)
    );
}

#[test]
fn berserk_halves_a_clock_before_its_first_move_and_drops_its_increment() {
    let t0 = UnixMs(1_000_000);
    let c = Clocks::start(tc("3+2"), t0);
    assert!(
        Clocks::start(tc("3d"), t0)
            .berserk(0, Color::White)
            .is_none()
    );
    let c = c.berserk(0, Color::White).unwrap();
    assert_eq!(c.left, left(90_000, 180_000));
    assert!(c.berserk(0, Color::White).is_none(), "only once");
    let c = c.after_move(0, Color::White, t0 + Millis(1_000)).unwrap();
    assert!(c.berserk(1, Color::White).is_none(), "White has moved");
    let c = c.berserk(1, Color::Black).unwrap();
    let c = c.after_move(1, Color::Black, t0 + Millis(2_000)).unwrap();
    assert!(c.berserk(2, Color::Black).is_none(), "Black has moved");
    assert_eq!(c.left, left(90_000, 90_000));
    let c = c.after_move(2, Color::White, t0 + Millis(12_000)).unwrap();
    assert_eq!(
        c.left,
        left(80_000, 90_000),
        "no increment for a berserk side"
    );
}

#[test]
fn time_without_the_bot_is_given_back_and_a_move_is_timed_by_its_stamp() {
    let c = Clocks::start(tc("3+0"), UnixMs(0))
        .after_move(0, Color::White, UnixMs(1_000))
        .unwrap()
        .after_move(1, Color::Black, UnixMs(2_000))
        .unwrap();
    let due = c.due(2, Color::White).at;
    assert_eq!(
        c.give_back(Millis(60_000)).due(2, Color::White).at,
        due + Millis(60_000)
    );
    // Discord's stamp, bounded by the turn's start and the moment the bot got the move.
    assert_eq!(
        move_time(UnixMs(5_000), UnixMs(2_000), UnixMs(6_000)),
        UnixMs(5_000)
    );
    assert_eq!(
        move_time(UnixMs(1_000), UnixMs(2_000), UnixMs(6_000)),
        UnixMs(2_000)
    );
    assert_eq!(
        move_time(UnixMs(9_000), UnixMs(2_000), UnixMs(6_000)),
        UnixMs(6_000)
    );
}

#[test]
fn correspondence_turns_last_days() {
    let c = Clocks::start(tc("3d"), UnixMs(0));
    assert_eq!(c.due(0, Color::White).at, UnixMs(3 * 86_400_000));
    let c = c.after_move(0, Color::White, UnixMs(1_000)).unwrap();
    let c = c.after_move(1, Color::Black, UnixMs(2_000)).unwrap();
    assert_eq!(
        c.due(2, Color::White),
        Due {
            at: UnixMs(2_000 + 3 * 86_400_000),
            then: OnTimeout::Flag
        }
    );
}

#[test]
fn clocks_are_shown_as_players_read_them() {
    assert_eq!(show(Millis(9_400)), "9.4");
    assert_eq!(show(Millis(10_000)), "0:10");
    assert_eq!(show(Millis(299_999)), "4:59");
    assert_eq!(show(Millis(3_723_000)), "1:02:03");
    assert_eq!(show(Millis(-5)), "0.0");
}

proptest! {
    #[test]
    fn the_ai_thinks_a_share_of_its_time_and_always_keeps_a_reserve(
        left in 0i64..3 * 3_600_000,
        increment in 0u32..=180,
    ) {
        let t = think_time(Millis(left), Millis::from_secs(increment.into())).0;
        prop_assert!((10..=AI_THINK_MAX.0).contains(&t), "{t}");
        if left >= 2 * AI_RESERVE.0 {
            // A move thought this long leaves at least the reserve, and a tenth of the time.
            prop_assert!(left - t >= AI_RESERVE.0.max(left / 10), "{left} {t}");
            // It uses a real share of what it has: a thirtieth, or the cap.
            prop_assert!(t >= (left / 30).min(AI_THINK_MAX.0).min(left - AI_RESERVE.0.max(left / 10)));
        }
        // Most of the increment is spent when there is time for it.
        if left >= 100_000 {
            prop_assert!(t >= (i64::from(increment) * 800).min(AI_THINK_MAX.0));
        }
    }

    #[test]
    fn the_time_control_reader_never_panics(text in any::<String>()) {
        let _ = text.parse::<TimeControl>();
    }

    #[test]
    fn huge_numbers_anywhere_are_refused_or_read_exactly(
        n in any::<u64>(),
        d in 1u64..=u64::from(u32::MAX) + 10,
        inc in any::<u64>(),
    ) {
        for text in [format!("{n}/{d}+{inc}"), format!("{n}+{inc}"), format!("{n}d"), format!("{n}.5+{inc}")] {
            if let Ok(t) = text.parse::<TimeControl>() {
                // Accepted only when the numbers say exactly what is read.
                match t {
                    TimeControl::Live { initial, increment } => {
                        let (initial, increment) = (initial.0 as u128, increment.0 as u128);
                        prop_assert_eq!(increment, u128::from(inc) * 1000, "{}", text);
                        prop_assert!(initial <= 180 * 60 * 1000, "{}", text);
                        if text.contains('/') {
                            prop_assert_eq!(initial * u128::from(d), u128::from(n) * 60 * 1000, "{}", text);
                        }
                    }
                    TimeControl::Correspondence { days } => prop_assert_eq!(u64::from(days), n),
                }
            }
        }
    }

    #[test]
    fn every_time_control_reads_back_as_written(
        quarters in prop::sample::select(vec![0u32, 1, 2, 3, 4, 6, 8, 40, 720]),
        increment in 0u32..=180,
    ) {
        prop_assume!(quarters + increment > 0);
        let live = TimeControl::live_secs(i64::from(quarters) * 15, i64::from(increment));
        prop_assert_eq!(live.to_string().parse::<TimeControl>(), Ok(live));
    }

    #[test]
    fn time_control_like_text_is_read_or_refused_cleanly(
        text in "[0-9]{0,4}([/.,][0-9]{0,3})? ?(\\+ ?[0-9]{0,4})?(d|g|days)?"
    ) {
        if let Ok(t) = text.parse::<TimeControl>() {
            // Whatever is accepted is within the limits and reads back the same.
            match t {
                TimeControl::Live { initial, increment } => {
                    prop_assert!(initial <= Millis::from_minutes(180) && increment <= Millis::from_secs(180));
                    prop_assert!(initial + increment > Millis::ZERO);
                    // Whole seconds, as written.
                    prop_assert!(initial.0 % 1000 == 0 && increment.0 % 1000 == 0);
                    // Nobody starts with less than a few seconds on the clock.
                    prop_assert!(t.start().unwrap() >= Millis::from_secs(3));
                }
                TimeControl::Correspondence { days } => {
                    prop_assert!([1, 2, 3, 5, 7, 14].contains(&days));
                }
            }
            prop_assert_eq!(t.to_string().parse::<TimeControl>(), Ok(t));
        }
    }

    #[test]
    fn a_live_clock_never_runs_backwards(
        increment in 0u32..10,
        gaps in prop::collection::vec(0i64..20_000, 2..30),
    ) {
        let mut c = Clocks::start(TimeControl::live_secs(300, increment.into()), UnixMs(0));
        let mut now = UnixMs(0);
        for (ply, gap) in gaps.into_iter().enumerate() {
            let side = if ply % 2 == 0 { Color::White } else { Color::Black };
            now += Millis(gap);
            match c.after_move(ply, side, now) {
                Ok(next) => {
                    let i = side.index();
                    if ply >= 2 {
                        prop_assert_eq!(next.left[i], c.left[i] - Millis(gap) + Millis::from_secs(increment.into()));
                    } else {
                        prop_assert_eq!(next.left[i], c.left[i]);
                    }
                    prop_assert!(next.left[i] > Millis::ZERO);
                    c = next;
                }
                Err(late) => {
                    prop_assert!(now >= late.0.at);
                    break;
                }
            }
        }
    }
}

#[test]
fn a_refused_time_control_is_explained_in_every_language() {
    use dama_core::words::{Markup, Surface, Words};
    struct Plain;
    impl Markup for Plain {
        fn user(&self, id: dama_model::UserId) -> String {
            id.0.to_string()
        }
        fn surface(&self) -> Surface {
            Surface::Discord
        }
    }
    let words = Words::new();
    let refusals =
        ["x", "7/4+0", "5+999", "0+0", "4d"].map(|t| t.parse::<TimeControl>().unwrap_err());
    for lang in words.languages() {
        let w = words.writer(lang, &Plain);
        for e in &refusals {
            let text = w.time_control_error(e);
            // What was wrong, and the usual ones to pick from.
            assert!(text.contains("5+3") && text.contains("3d"), "{text}");
        }
        assert!(w.finish().is_empty(), "{}", lang.code());
    }
    let en = words.writer(dama_core::host::Lang::ENGLISH, &Plain);
    assert_eq!(
        en.time_control_error(&"5+999".parse::<TimeControl>().unwrap_err()),
        "That clock cannot be used: an increment of 999 seconds is too much; at most 180. \
         Usual ones: 1+0, 2+1, 3+0, 3+2, 5+0, 5+3, 10+0, 10+5, 15+10, 30+0, 1d, 3d, 7d."
    );
}
