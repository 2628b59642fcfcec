//! `DAMA_SHARDS` and `DAMA_SHARD_COUNT`: the shard share of one bot process, read strictly.
use dama::discord::Shards;
use proptest::prelude::*;

fn parse(shards: Option<&str>, count: Option<&str>) -> Result<Option<Shards>, String> {
    Shards::parse(shards, count)
}

#[test]
fn a_range_or_one_shard_of_a_count_is_this_processs_share() {
    let share = |first, last, count| Ok(Some(Shards { first, last, count }));
    assert_eq!(parse(None, None), Ok(None));
    assert_eq!(parse(Some(""), Some(" ")), Ok(None));
    assert_eq!(parse(Some("0-3"), Some("8")), share(0, 3, 8));
    assert_eq!(parse(Some(" 4 - 7 "), Some("8")), share(4, 7, 8));
    assert_eq!(parse(Some("5"), Some("8")), share(5, 5, 8));
    // A count alone: every shard in this process.
    assert_eq!(parse(None, Some("4")), share(0, 3, 4));
}

#[test]
fn a_share_outside_the_count_or_unreadable_is_refused_with_a_sentence() {
    for (shards, count, says) in [
        (Some("0-3"), None, "needs DAMA_SHARD_COUNT"),
        (Some("0-8"), Some("8"), "not within the 8 shards"),
        (Some("5-2"), Some("8"), "not within"),
        (Some("8"), Some("8"), "not within"),
        (Some("a-b"), Some("8"), "a range of shards (such as 0-3)"),
        (Some("-1"), Some("8"), "a range of shards"),
        (Some("0-3"), Some("0"), "1 or more"),
        (Some("0-3"), Some("many"), "1 or more"),
    ] {
        let err = parse(shards, count).expect_err(&format!("{shards:?} of {count:?}"));
        assert!(err.contains(says), "{shards:?} of {count:?}: {err}");
    }
}

#[test]
fn a_guilds_events_come_on_the_shard_discord_computes() {
    // Discord's formula: (guild_id >> 22) % shard_count.
    let guild = 81_384_788_765_712_384u64;
    assert_eq!(Shards::of_guild(guild, 1), 0);
    assert_eq!(Shards::of_guild(guild, 16), ((guild >> 22) % 16) as u32);
    let two = Shards {
        first: 0,
        last: 1,
        count: 4,
    };
    assert!(two.runs(1) && !two.runs(2));
}

proptest! {
    #[test]
    fn the_shard_settings_reader_never_panics_and_keeps_its_promises(
        shards in proptest::option::of("[0-9 -]{0,8}|.{0,8}"),
        count in proptest::option::of("[0-9 ]{0,4}|.{0,5}"),
    ) {
        if let Ok(Some(s)) = parse(shards.as_deref(), count.as_deref()) {
            prop_assert!(s.first <= s.last && s.last < s.count);
        }
    }
}
