//! The network across servers, in the host on both databases: joining and leaving, seeking
//! everywhere, a game between two servers played from a channel in each, every change owed to
//! both channels, ratings once and each server's leaderboard its own.

use std::time::Duration;

use dama_core::host::{
    FindingMsg, GameChannel, HostError, Lang, Msg, OWED_AFTER, Refusal, Reply, Who,
};
use dama_model::{ChannelId, GuildId, UserId};
use dama_play::clock::TimeControl;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

const HERE: GuildId = GUILD;
const THERE: GuildId = GuildId(88);
const TURKISH: Lang = Lang::from_static("tr");

fn clock(text: &str) -> TimeControl {
    text.parse().unwrap()
}

/// `user` in `channel` of `guild`.
fn in_server(user: UserId, guild: GuildId, channel: u64) -> Who {
    Who {
        guild: Some(guild),
        ..at(user, channel)
    }
}

/// Someone who manages `guild`.
fn manager(guild: GuildId) -> Who {
    Who {
        admin: true,
        ..in_server(UserId(4_000 + guild.0), guild, 1)
    }
}

fn refusal(r: Result<Reply, HostError>) -> Refusal {
    match r {
        Err(HostError::Refused(r)) => r,
        other => panic!("not a refusal: {other:?}"),
    }
}

async fn a_server_joins_the_network_and_its_player_meets_another_servers_in_two_channels(
    db: TestDb,
) {
    let (host, time, _) = host(&db).await;
    let alice = in_server(ALICE, HERE, 10);
    let bob = in_server(BOB, THERE, 20);

    // Not in the network yet: refused, nothing stored; joining needs Manage Server.
    assert!(matches!(
        refusal(host.seek(&alice, clock("3+2"), true, true).await),
        Refusal::NotInNetwork
    ));
    assert!(matches!(
        refusal(host.seeking(&alice).await),
        Refusal::NotSeeking
    ));
    assert!(matches!(
        refusal(host.network(&alice, Some(true)).await),
        Refusal::NetworkNeedsManageServer
    ));
    let joined = host.network(&manager(HERE), Some(true)).await.unwrap();
    assert!(matches!(
        joined.body[..],
        [Msg::Finding(FindingMsg::NetworkJoined { servers: 1 })]
    ));
    host.network(&manager(THERE), Some(true)).await.unwrap();
    let status = host.network(&alice, None).await.unwrap();
    assert!(status.ephemeral);
    assert!(matches!(
        status.body[..],
        [Msg::Finding(FindingMsg::NetworkStatus {
            member: true,
            servers: 2
        })]
    ));

    // Carol, in a server outside the network, seeks first and is never paired across it.
    let carol = in_server(CAROL, GuildId(99), 30);
    host.seek(&carol, clock("3+2"), true, false).await.unwrap();
    time.advance(Duration::from_secs(3));
    let sought = host.seek(&alice, clock("3+2"), true, true).await.unwrap();
    assert!(
        matches!(
            sought.body[..],
            [Msg::Finding(FindingMsg::Seeking {
                waiting: 1,
                everywhere: Some(1),
                ..
            })]
        ),
        "{sought:?}"
    );
    assert!(host.wave().await.unwrap().meetings.is_empty(), "alone here");
    time.advance(Duration::from_secs(5));
    let sought = host.seek(&bob, clock("3+2"), true, true).await.unwrap();
    assert!(matches!(
        sought.body[..],
        [Msg::Finding(FindingMsg::Seeking {
            waiting: 1,
            everywhere: Some(2),
            ..
        })]
    ));
    let wave = host.wave().await.unwrap();
    let [m] = &wave.meetings[..] else {
        panic!("one pairing: {wave:?}")
    };
    // Alice waited longer: the game is her server's, Bob's channel its second.
    assert_eq!((m.guild, m.channel), (Some(HERE), ChannelId(10)));
    let other = m.other.expect("a second place");
    assert_eq!(
        (other.guild, other.channel, other.player),
        (THERE, ChannelId(20), BOB)
    );
    assert!(host.seeking(&carol).await.is_ok(), "Carol still waits");

    let board = host
        .start_meeting(
            m.id,
            Some(ChannelId(11)),
            Some(ChannelId(21)),
            Lang::ENGLISH,
        )
        .await
        .unwrap()
        .expect("the game opens");
    assert_eq!(board.mentions, vec![ALICE], "only her server's player here");
    let game = board.game.unwrap();
    host.posted(&[(ChannelId(11), board.shown.unwrap())])
        .await
        .unwrap();
    for channel in [11, 21] {
        let running = host.store().running_game(ChannelId(channel)).await.unwrap();
        assert_eq!(running.map(|g| g.id), Some(game), "channel {channel}");
    }
    assert_eq!(
        host.other_channels(game, ChannelId(11)).await.unwrap(),
        vec![GameChannel {
            game,
            channel: ChannelId(21),
            guild: Some(THERE),
        }]
    );

    // Bob's channel is owed its first board, in its own language, mentioning him alone.
    assert!(host.claim_echo(game, ChannelId(21)).await.unwrap());
    assert!(
        !host.claim_echo(game, ChannelId(21)).await.unwrap(),
        "one claim at a time"
    );
    assert!(
        !host.claim_echo(game, ChannelId(11)).await.unwrap(),
        "the first channel saw it"
    );
    let first = host.catch_up(game, ChannelId(21), TURKISH).await.unwrap();
    assert!(matches!(
        first.body[0],
        Msg::GameStarted { rated: true, .. }
    ));
    assert_eq!(first.mentions.len(), usize::from(m.white == BOB));
    host.posted(&[(ChannelId(21), first.shown.unwrap())])
        .await
        .unwrap();
    assert!(!host.claim_echo(game, ChannelId(21)).await.unwrap());

    // Each plays from their own channel; each move is owed to the other channel.
    let place = |user: UserId| {
        if user == ALICE {
            in_server(ALICE, HERE, 11)
        } else {
            in_server(BOB, THERE, 21)
        }
    };
    let (white, black) = (place(m.white), place(m.black));
    let moved = host.play(&white, "e3-e4").await.unwrap();
    host.posted(&[(white.channel, moved.shown.unwrap())])
        .await
        .unwrap();
    assert!(host.claim_echo(game, black.channel).await.unwrap());
    let told = host
        .catch_up(game, black.channel, Lang::ENGLISH)
        .await
        .unwrap();
    assert!(
        matches!(&told.body[0], Msg::PlayedSince { notation, .. } if notation == "e3-e4"),
        "{told:?}"
    );
    assert_eq!(told.mentions, vec![m.black], "their turn, in their channel");
    host.posted(&[(black.channel, told.shown.unwrap())])
        .await
        .unwrap();

    // A change never posted (the process died) is owed to the channel that missed it.
    host.play(&black, "f6-f5").await.unwrap();
    time.advance(Duration::from_millis(OWED_AFTER.0 as u64 + 1_000));
    let mut owed = host.owed_posts().await.unwrap();
    owed.sort_by_key(|o| o.channel.0);
    assert_eq!(
        owed.iter().map(|o| o.channel).collect::<Vec<_>>(),
        vec![ChannelId(11), ChannelId(21)],
        "both channels missed f6-f5"
    );

    // An offer reaches both channels.
    let offer = host.draw(&black).await.unwrap();
    let mut places: Vec<_> = offer.elsewhere.iter().map(|c| c.channel).collect();
    places.sort_by_key(|c| c.0);
    assert_eq!(places, vec![ChannelId(11), ChannelId(21)]);

    // A server that leaves keeps its running game.
    host.network(&manager(THERE), Some(false)).await.unwrap();
    host.play(&white, "e4-e5").await.unwrap();

    // The game ends from the second channel: ratings change once, each server's leaderboard
    // counts its own player.
    let over = host.resign_confirmed(&black).await.unwrap();
    assert!(
        over.body.iter().any(|b| matches!(b, Msg::GameOver { .. })),
        "{over:?}"
    );
    let speed = clock("3+2").speed();
    for user in [ALICE, BOB] {
        let rating = host.store().rating(user, speed).await.unwrap().unwrap();
        assert_eq!(rating.games, 1, "one rated game for {user:?}");
    }
    let board = |guild| {
        let host = &host;
        async move {
            let rows = host
                .store()
                .leaderboard(Some(guild), speed, 10)
                .await
                .unwrap();
            rows.into_iter().map(|r| r.user_id).collect::<Vec<_>>()
        }
    };
    assert_eq!(board(HERE).await, vec![ALICE]);
    assert_eq!(board(THERE).await, vec![BOB]);
    assert!(matches!(
        refusal(host.rematch(&white, game).await),
        Refusal::RematchAcrossServers
    ));
}

async fn a_server_that_leaves_the_network_ends_its_seeks_everywhere_with_a_sentence(db: TestDb) {
    let (host, _, _) = host(&db).await;
    host.network(&manager(HERE), Some(true)).await.unwrap();
    host.seek(&in_server(ALICE, HERE, 10), clock("3+2"), true, true)
        .await
        .unwrap();
    host.seek(&in_server(BOB, HERE, 11), clock("5+0"), true, false)
        .await
        .unwrap();
    assert!(matches!(
        refusal(host.network(&in_server(BOB, HERE, 11), Some(false)).await),
        Refusal::NetworkNeedsManageServer
    ));
    let left = host.network(&manager(HERE), Some(false)).await.unwrap();
    assert!(!left.ephemeral, "the channel reads it");
    assert_eq!(left.mentions, vec![ALICE]);
    assert!(matches!(
        &left.body[..],
        [Msg::Finding(FindingMsg::NetworkLeft { ended })] if ended == &vec![ALICE]
    ));
    assert!(matches!(
        refusal(host.seeking(&in_server(ALICE, HERE, 10)).await),
        Refusal::NotSeeking
    ));
    assert!(host.seeking(&in_server(BOB, HERE, 11)).await.is_ok());
    let status = host.network(&in_server(BOB, HERE, 11), None).await.unwrap();
    assert!(matches!(
        status.body[..],
        [Msg::Finding(FindingMsg::NetworkStatus {
            member: false,
            servers: 0
        })]
    ));
    // Leaving twice says the same, ending nothing.
    let again = host.network(&manager(HERE), Some(false)).await.unwrap();
    assert!(again.mentions.is_empty());

    // A server that removes the bot leaves the network, its seeks everywhere ended with the rest.
    host.network(&manager(HERE), Some(true)).await.unwrap();
    host.seek(&in_server(ALICE, HERE, 10), clock("3+2"), true, true)
        .await
        .unwrap();
    assert_eq!(
        host.server_left(HERE).await.unwrap(),
        2,
        "Alice's and Bob's"
    );
    let status = host.network(&manager(THERE), None).await.unwrap();
    assert!(matches!(
        status.body[..],
        [Msg::Finding(FindingMsg::NetworkStatus {
            member: false,
            servers: 0
        })]
    ));
}

on_both_databases!(
    a_server_joins_the_network_and_its_player_meets_another_servers_in_two_channels,
    a_server_that_leaves_the_network_ends_its_seeks_everywhere_with_a_sentence,
);
