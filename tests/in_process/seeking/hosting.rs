//! Seeking in the host, on both databases: pools, waves, the meetings' games, what is refused,
//! and waves run by two processes at once.

use std::collections::HashSet;
use std::time::Duration;

use dama_core::host::{
    ButtonLabel, FindingMsg, HostError, Lang, Meeting, Msg, Refusal, SEEKS_A_MINUTE,
};
use dama_model::{ChannelId, ColorChoice, UserId};
use dama_play::ai::Level;
use dama_play::clock::TimeControl;
use dama_rules::Color;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

fn clock(text: &str) -> TimeControl {
    text.parse().unwrap()
}

async fn a_seek_waits_until_a_wave_pairs_it_with_the_next_and_the_game_opens_once(db: TestDb) {
    let (host, time, _) = host(&db).await;
    let alice = host
        .seek(&at(ALICE, 10), clock("3+2"), true, false)
        .await
        .unwrap();
    assert!(alice.ephemeral, "a seek is answered to the seeker alone");
    assert!(
        matches!(
            alice.body[..],
            [Msg::Finding(FindingMsg::Seeking {
                waiting: 1,
                moved_from: None,
                rated: true,
                ..
            })]
        ),
        "{alice:?}"
    );
    assert_eq!(alice.buttons[0].label, ButtonLabel::LeavePool);
    assert!(host.wave().await.unwrap().meetings.is_empty(), "alone");

    time.advance(Duration::from_secs(5));
    let bob = host
        .seek(&at(BOB, 20), clock("3+2"), true, false)
        .await
        .unwrap();
    assert!(matches!(
        bob.body[..],
        [Msg::Finding(FindingMsg::Seeking { waiting: 2, .. })]
    ));
    let wave = host.wave().await.unwrap();
    let [m] = &wave.meetings[..] else {
        panic!("one pairing: {wave:?}")
    };
    // Alice waited longer: her channel, and White (neither has played lately).
    assert_eq!(
        (m.white, m.black, m.channel, m.guild),
        (ALICE, BOB, ChannelId(10), Some(GUILD))
    );
    assert!(m.rated && m.control == clock("3+2"));
    time.advance(Duration::from_secs(2));
    assert!(
        host.wave().await.unwrap().meetings.is_empty(),
        "each seek once"
    );

    let board = host
        .start_meeting(m.id, Some(ChannelId(30)), None, Lang::ENGLISH)
        .await
        .unwrap()
        .expect("the game opens");
    assert!(
        matches!(board.body[0], Msg::Finding(FindingMsg::PoolPaired { .. })),
        "{board:?}"
    );
    assert!(matches!(
        board.body[1],
        Msg::GameStarted { rated: true, .. }
    ));
    assert_eq!(board.mentions, vec![ALICE, BOB]);
    assert!(board.board.is_some(), "the first board");
    let game = host
        .store()
        .running_game(ChannelId(30))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((game.white_id, game.black_id), (Some(ALICE), Some(BOB)));
    assert_eq!(game.time_control, clock("3+2"));
    assert!(
        host.start_meeting(m.id, Some(ChannelId(31)), None, Lang::ENGLISH)
            .await
            .unwrap()
            .is_none(),
        "opened once"
    );
    assert!(matches!(
        host.seeking(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::NotSeeking))
    ));

    // They just met: with Carol there too, not each other again; White to whoever had
    // fewer Whites lately (Alice had White, Bob Black, Carol no game).
    for (user, channel) in [(ALICE, 11), (BOB, 21), (CAROL, 31)] {
        host.seek(&at(user, channel), clock("1d"), true, false)
            .await
            .unwrap();
    }
    let wave = host.wave().await.unwrap();
    let [m] = &wave.meetings[..] else {
        panic!("one pairing: {wave:?}")
    };
    let pair = (m.white, m.black);
    assert!(pair == (CAROL, ALICE) || pair == (BOB, CAROL), "{pair:?}");
}

async fn a_player_waits_in_one_pool_leaves_it_and_is_refused_what_cannot_be(db: TestDb) {
    let (host, time, _) = host(&db).await;
    host.seek(&who(ALICE), clock("3+2"), true, false)
        .await
        .unwrap();
    let moved = host
        .seek(&who(ALICE), clock("5+0"), false, false)
        .await
        .unwrap();
    assert!(
        matches!(
            moved.body[..],
            [Msg::Finding(FindingMsg::Seeking {
                waiting: 1,
                moved_from: Some(from),
                rated: false,
                ..
            })] if from == clock("3+2")
        ),
        "{moved:?}"
    );
    assert_eq!(
        host.store().pool_size(GUILD, clock("3+2")).await.unwrap(),
        0
    );
    let leave = button(&moved, ButtonLabel::LeavePool);
    let left = host.button(&who(ALICE), &leave).await.unwrap();
    assert_eq!(
        left.body,
        vec![Msg::Finding(FindingMsg::LeftPool {
            control: clock("5+0")
        })]
    );
    assert!(matches!(
        host.button(&who(ALICE), &leave).await,
        Err(HostError::Refused(Refusal::NotSeeking))
    ));

    // A direct message has no pool.
    let dm = dama_core::host::Who {
        guild: None,
        ..who(BOB)
    };
    assert!(matches!(
        host.seek(&dm, clock("3+2"), true, false).await,
        Err(HostError::Refused(Refusal::SeekNeedsServer))
    ));
    assert!(host.store().waiting_seek(BOB).await.unwrap().is_none());

    // A flood moves nothing: the seventh seek in a minute is refused, the sixth stands.
    time.advance(Duration::from_secs(61));
    for n in 0..SEEKS_A_MINUTE {
        let control = if n % 2 == 0 { "3+2" } else { "5+0" };
        host.seek(&who(CAROL), clock(control), true, false)
            .await
            .unwrap();
    }
    assert!(matches!(
        host.seek(&who(CAROL), clock("1+0"), true, false).await,
        Err(HostError::Refused(Refusal::TooManySeeks { .. }))
    ));
    let kept = host.store().waiting_seek(CAROL).await.unwrap().unwrap();
    assert_eq!(kept.time_control, clock("5+0"));

    // In a live game, no live seek; a correspondence one is fine.
    let c = host
        .challenge_on(
            &at(ALICE, 41),
            Some(BOB),
            ColorChoice::White,
            false,
            false,
            clock("10+0"),
        )
        .await
        .unwrap();
    host.button(&at(BOB, 41), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap();
    assert!(matches!(
        host.seek(&who(ALICE), clock("3+2"), true, false).await,
        Err(HostError::Refused(Refusal::SeekWhilePlayingLive))
    ));
    host.seek(&who(ALICE), clock("1d"), true, false)
        .await
        .unwrap();

    // Any game a player starts takes them out of every pool.
    host.play_ai(&at(CAROL, 50), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(host.store().waiting_seek(CAROL).await.unwrap().is_none());
}

async fn a_server_that_removes_the_bot_or_a_player_who_leaves_empties_its_pools_at_once(
    db: TestDb,
) {
    let (host, _, _) = host(&db).await;
    host.seek(&at(ALICE, 10), clock("3+2"), true, false)
        .await
        .unwrap();
    let elsewhere = dama_core::host::Who {
        guild: Some(dama_model::GuildId(78)),
        ..at(BOB, 20)
    };
    host.seek(&elsewhere, clock("3+2"), true, false)
        .await
        .unwrap();
    assert_eq!(host.server_left(GUILD).await.unwrap(), 1);
    assert!(host.store().waiting_seek(ALICE).await.unwrap().is_none());
    assert!(host.store().waiting_seek(BOB).await.unwrap().is_some());

    // A player who leaves a server leaves its pool, and no other server's.
    assert!(!host.member_left(GUILD, BOB).await.unwrap());
    assert!(host.store().waiting_seek(BOB).await.unwrap().is_some());
    assert!(
        host.member_left(dama_model::GuildId(78), BOB)
            .await
            .unwrap()
    );
    assert!(host.store().waiting_seek(BOB).await.unwrap().is_none());
    assert!(
        !host
            .member_left(dama_model::GuildId(78), BOB)
            .await
            .unwrap()
    );
}

async fn a_seek_nobody_suits_ends_after_ten_minutes_with_a_sentence(db: TestDb) {
    let (host, time, _) = host(&db).await;
    host.seek(&at(ALICE, 10), clock("3+2"), true, false)
        .await
        .unwrap();
    host.seek(&at(BOB, 20), clock("5+0"), true, false)
        .await
        .unwrap();
    host.seek(&at(CAROL, 30), clock("1d"), true, false)
        .await
        .unwrap();
    time.advance(Duration::from_secs(599));
    let wave = host.wave().await.unwrap();
    assert!(wave.meetings.is_empty() && wave.notices.is_empty());
    time.advance(Duration::from_secs(2));
    let wave = host.wave().await.unwrap();
    let mut ended: Vec<(u64, Vec<UserId>)> = wave
        .notices
        .iter()
        .map(|n| (n.channel.0, n.reply.mentions.clone()))
        .collect();
    ended.sort();
    assert_eq!(ended, vec![(10, vec![ALICE]), (20, vec![BOB])]);
    assert!(matches!(
        wave.notices[0].reply.body[..],
        [Msg::Finding(FindingMsg::SeekExpired { .. })]
    ));
    // The correspondence seek waits a day.
    assert!(host.store().waiting_seek(CAROL).await.unwrap().is_some());
}

async fn a_meeting_whose_channel_is_busy_is_told_once_and_one_never_opened_is_told_again(
    db: TestDb,
) {
    let (host, time, _) = host(&db).await;
    // A game runs in channel 10 already.
    let dave = UserId(1004);
    host.play_ai(&at(dave, 10), Level::Easy, Color::White)
        .await
        .unwrap();
    host.seek(&at(ALICE, 10), clock("3+2"), true, false)
        .await
        .unwrap();
    time.advance(Duration::from_secs(1));
    host.seek(&at(BOB, 20), clock("3+2"), true, false)
        .await
        .unwrap();
    let m = host.wave().await.unwrap().meetings.remove(0);
    assert_eq!(m.channel, ChannelId(10));
    // Its process stops before opening it: another takes it over after a while, once.
    assert!(host.unstarted_meetings().await.unwrap().is_empty());
    time.advance(Duration::from_secs(16));
    assert_eq!(host.unstarted_meetings().await.unwrap(), vec![m.clone()]);
    assert!(host.unstarted_meetings().await.unwrap().is_empty());
    // No thread, and the channel is busy: the players are told, and it is given up.
    let told = host
        .start_meeting(m.id, None, None, Lang::ENGLISH)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        told.body,
        vec![Msg::Finding(FindingMsg::MeetingNowhere {
            white: ALICE,
            black: BOB
        })]
    );
    time.advance(Duration::from_secs(16));
    assert!(host.unstarted_meetings().await.unwrap().is_empty());
}

async fn waves_on_two_processes_and_a_restart_pair_each_seek_once(db: TestDb) {
    let (first, time, url) = host(&db).await;
    let players: Vec<UserId> = (0..10).map(|n| UserId(2_000 + n)).collect();
    for (n, &p) in players.iter().enumerate() {
        first
            .seek(&at(p, 100 + n as u64), clock("3+2"), true, false)
            .await
            .unwrap();
    }
    // A restart: the seeks are still there for the new process.
    drop(first);
    let one = open(&url, &time).await;
    let two = open(&url, &time).await;
    let mut meetings: Vec<Meeting> = Vec::new();
    for _ in 0..5 {
        let (a, b) = tokio::join!(one.wave(), two.wave());
        meetings.extend(a.unwrap().meetings);
        meetings.extend(b.unwrap().meetings);
        time.advance(Duration::from_secs(2));
    }
    assert_eq!(meetings.len(), 5, "{meetings:?}");
    let seated: HashSet<UserId> = meetings.iter().flat_map(|m| [m.white, m.black]).collect();
    assert_eq!(seated.len(), 10, "a player in two games");
    // Both processes try to open every game: each opens once.
    for m in &meetings {
        let place = Some(ChannelId(900 + m.id.0 as u64));
        let (a, b) = tokio::join!(
            one.start_meeting(m.id, place, None, Lang::ENGLISH),
            two.start_meeting(m.id, place, None, Lang::ENGLISH)
        );
        let opened = [a.unwrap(), b.unwrap()];
        assert_eq!(opened.iter().flatten().count(), 1, "{m:?}");
    }
}

on_both_databases!(
    a_seek_waits_until_a_wave_pairs_it_with_the_next_and_the_game_opens_once,
    a_player_waits_in_one_pool_leaves_it_and_is_refused_what_cannot_be,
    a_seek_nobody_suits_ends_after_ten_minutes_with_a_sentence,
    a_server_that_removes_the_bot_or_a_player_who_leaves_empties_its_pools_at_once,
    a_meeting_whose_channel_is_busy_is_told_once_and_one_never_opened_is_told_again,
    waves_on_two_processes_and_a_restart_pair_each_seek_once,
);
