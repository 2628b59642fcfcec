//! Posts a game is owed: a change whose post died with its process (kill -9 between the commit
//! and the post) stays owed in the database, is claimed by one living process once it is
//! [`OWED_AFTER`] old, and is posted as a board naming the moves since the channel's last one.

use dama_core::host::{Clock, Host, Msg, OWED_AFTER, Reply};
use dama_model::{ChannelId, ColorChoice, GameId, Millis};

use super::{ALICE, BOB, START, at, open};
use crate::common::db::TestDb;

const CHANNEL: u64 = 7_100;

/// Alice and Bob's game in [`CHANNEL`]; its first board posted.
async fn a_game(host: &Host) -> (GameId, Reply) {
    let c = host
        .challenge(&at(ALICE, CHANNEL), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    let board = host
        .button(
            &at(BOB, CHANNEL),
            &dama_testkit::hosting::button(&c, dama_core::host::ButtonLabel::Accept),
        )
        .await
        .unwrap();
    host.posted(&[(ChannelId(CHANNEL), board.shown.expect("a new game is told"))])
        .await
        .unwrap();
    (board.game.unwrap(), board)
}

pub(super) async fn a_change_whose_post_was_lost_is_posted_once_by_one_process(db: TestDb) {
    let clock = Clock::manual(START);
    let (a, b) = (open(&db, &clock).await, open(&db, &clock).await);
    let (game, _) = a_game(&a).await;
    assert_eq!(a.owed_posts().await.unwrap(), vec![], "all told");

    // e3-e4 is posted; f6-f5 and d3-d4 are stored, and the process dies before posting them.
    let first = a.play(&at(ALICE, CHANNEL), "e3-e4").await.unwrap();
    a.posted(&[(ChannelId(CHANNEL), first.shown.unwrap())])
        .await
        .unwrap();
    a.play(&at(BOB, CHANNEL), "f6-f5").await.unwrap();
    a.play(&at(ALICE, CHANNEL), "d3-d4").await.unwrap();
    assert_eq!(
        b.owed_posts().await.unwrap(),
        vec![],
        "its process may still post it"
    );

    clock.advance(OWED_AFTER.to_std());
    let owed = b.owed_posts().await.unwrap();
    assert_eq!(owed.len(), 1);
    assert_eq!((owed[0].game, owed[0].channel), (game, ChannelId(CHANNEL)));
    assert_eq!(
        a.owed_posts().await.unwrap(),
        vec![],
        "claimed by one process"
    );

    let caught_up = b
        .catch_up(game, ChannelId(CHANNEL), dama_core::host::Lang::ENGLISH)
        .await
        .unwrap();
    assert!(caught_up.board.is_some());
    assert!(
        matches!(
            &caught_up.body[0],
            Msg::PlayedSince { earlier, notation, .. }
                if *earlier == ["f6-f5"] && notation == "d3-d4"
        ),
        "{:?}",
        caught_up.body
    );
    assert_eq!(caught_up.ai_turn, None);

    // Its claim runs out unposted: another process takes it.
    clock.advance(Millis(60_000).to_std());
    let owed = a.owed_posts().await.unwrap();
    assert_eq!(owed.len(), 1, "taken over once the claim ran out");
    // Posted: owed no more, however long one waits.
    a.posted(&[(ChannelId(CHANNEL), caught_up.shown.unwrap())])
        .await
        .unwrap();
    clock.advance(Millis(120_000).to_std());
    assert_eq!(b.owed_posts().await.unwrap(), vec![]);

    // A loss on time told in words is a post too: nothing owed after it.
    let resigned = a.resign_confirmed(&at(BOB, CHANNEL)).await.unwrap();
    assert!(resigned.shown.is_some());
    a.posted(&[(ChannelId(CHANNEL), resigned.shown.unwrap())])
        .await
        .unwrap();
    clock.advance(OWED_AFTER.to_std());
    assert_eq!(b.owed_posts().await.unwrap(), vec![]);
    let row = a.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.posted_version, row.version);
}

/// An ending whose post was lost is caught up as a board saying how the game ended.
pub(super) async fn an_ending_whose_post_was_lost_is_told_with_the_last_moves(db: TestDb) {
    let clock = Clock::manual(START);
    let host = open(&db, &clock).await;
    let (game, _) = a_game(&host).await;
    host.play(&at(ALICE, CHANNEL), "e3-e4").await.unwrap();
    host.resign_confirmed(&at(BOB, CHANNEL)).await.unwrap();
    clock.advance(OWED_AFTER.to_std());
    assert_eq!(host.owed_posts().await.unwrap().len(), 1);
    let caught_up = host
        .catch_up(game, ChannelId(CHANNEL), dama_core::host::Lang::ENGLISH)
        .await
        .unwrap();
    assert!(
        matches!(&caught_up.body[0], Msg::PlayedSince { notation, .. } if notation == "e3-e4"),
        "{:?}",
        caught_up.body
    );
    assert!(
        caught_up
            .body
            .iter()
            .any(|m| matches!(m, Msg::GameOver { .. } | Msg::CalledOff { .. })),
        "{:?}",
        caught_up.body
    );
}

/// A Swiss round paired by a process that died before posting it is owed its announcement:
/// claimed by one living process once [`OWED_AFTER`] old and posted with the same boards; a
/// round posted at once is never owed.
pub(super) async fn a_round_whose_announcement_was_lost_is_posted_once_by_one_process(db: TestDb) {
    use crate::tournament::hosting::{entrant, organiser, spec};
    use dama_core::host::{Announced, TournamentMsg};
    use dama_model::TournamentKind;
    let clock = Clock::manual(START);
    let (a, b) = (open(&db, &clock).await, open(&db, &clock).await);
    let created = a
        .create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    let tournament = created.tournament.unwrap();
    for n in 1..=5 {
        let player = dama_testkit::hosting::who(entrant(n));
        a.join_tournament(&player, None).await.unwrap();
    }
    a.start_tournament(&organiser(), None).await.unwrap();
    // Round 1 is paired; its process dies before posting it.
    let news = a.tournament_tick().await.unwrap();
    let paired = news
        .iter()
        .find(|n| n.reply.announced.is_some())
        .expect("round 1 paired");
    let round_one = Announced {
        tournament,
        round: 1,
    };
    assert_eq!(paired.reply.announced, Some(round_one));
    let first_told = |n: &dama_core::host::TournamentNews| {
        n.reply.body.iter().find_map(|m| match m {
            Msg::Tournament(TournamentMsg::Round {
                round, games, bye, ..
            }) => Some((*round, games.clone(), *bye)),
            _ => None,
        })
    };
    let told = first_told(paired).unwrap();
    assert!(
        b.owed_rounds().await.unwrap().is_empty(),
        "its process may still post it"
    );

    clock.advance(OWED_AFTER.to_std());
    let owed = b.owed_rounds().await.unwrap();
    assert_eq!(owed.len(), 1);
    assert_eq!(owed[0].channel, paired.channel);
    assert_eq!(owed[0].reply.announced, Some(round_one));
    assert_eq!(first_told(&owed[0]), Some(told), "the same boards and bye");
    assert!(
        owed[0].games.is_empty(),
        "its games start by their own duty"
    );
    assert!(
        a.owed_rounds().await.unwrap().is_empty(),
        "claimed by one process"
    );

    // Its claim runs out unposted: another process takes it; posted, it is owed no more.
    clock.advance(Millis(60_000).to_std());
    assert_eq!(a.owed_rounds().await.unwrap().len(), 1);
    a.announced(round_one).await.unwrap();
    clock.advance(Millis(120_000).to_std());
    assert!(b.owed_rounds().await.unwrap().is_empty());
}
