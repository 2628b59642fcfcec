//! `DAMA_SHARDS` and `DAMA_SHARD_COUNT`: the shard share of one bot process, read strictly.
use dama_discord::Shards;
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
        (Some("0-3"), Some("0"), "from 1 to 16384"),
        (Some("0-3"), Some("many"), "from 1 to 16384"),
        // A huge count would have one process open shards without end.
        (None, Some("4294967295"), "from 1 to 16384"),
        (Some("0-200"), Some("1000"), "more than 128"),
        (None, Some("129"), "more than 128"),
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
        count in proptest::option::of("[0-9 ]{0,12}|.{0,5}|[0-9]{100,300}"),
    ) {
        match parse(shards.as_deref(), count.as_deref()) {
            Ok(Some(s)) => {
                prop_assert!(s.first <= s.last && s.last < s.count);
                prop_assert!(s.count <= dama_discord::MAX_SHARD_COUNT);
                prop_assert!(s.last - s.first < dama_discord::MAX_SHARDS_PER_PROCESS);
            }
            Ok(None) => {}
            // An error quotes at most a short piece of what was set.
            Err(e) => prop_assert!(e.chars().count() < 300, "{}", e),
        }
    }
}
