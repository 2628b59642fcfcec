//! Rematches: one press offers the finished game again with colours swapped, the other
//! player's press starts it; offers lapse, are limited, and are refused where they make no
//! sense, each in a sentence.

use std::time::Duration;

use dama_core::host::{ButtonLabel, FindingMsg, HostError, Msg, Player, Refusal, Reply};
use dama_model::{ChannelId, ColorChoice, GameId};
use dama_play::clock::TimeControl;
use dama_rules::Color;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

const CH: u64 = 40;

/// Alice (White) and Bob play a casual game on `clock` in channel `ch`; Alice resigns. The
/// final board.
async fn played(host: &dama_core::host::Host, clock: &str, ch: u64) -> Reply {
    let control: TimeControl = clock.parse().unwrap();
    let c = host
        .challenge_on(
            &at(ALICE, ch),
            Some(BOB),
            ColorChoice::White,
            false,
            false,
            control,
        )
        .await
        .unwrap();
    host.button(&at(BOB, ch), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap();
    host.resign(&at(ALICE, ch)).await.unwrap()
}

fn game_of(reply: &Reply) -> GameId {
    reply.game.expect("a board")
}

async fn one_press_offers_the_rematch_and_the_others_starts_it_colours_swapped(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let ended = played(&host, "3+2", CH).await;
    let first = game_of(&ended);
    let rematch = button(&ended, ButtonLabel::Rematch);
    assert!(
        ended
            .buttons
            .iter()
            .any(|b| b.label == ButtonLabel::Rematch && !b.disabled),
        "the final board offers a Rematch: {ended:?}"
    );

    // Only the players; and once.
    assert!(matches!(
        host.button(&at(CAROL, CH), &rematch).await,
        Err(HostError::Refused(Refusal::RematchNotPlayer))
    ));
    let offer = host.button(&at(BOB, CH), &rematch).await.unwrap();
    assert_eq!(
        offer.body,
        vec![Msg::Finding(FindingMsg::RematchOffered {
            by: BOB,
            to: ALICE,
            color: Color::White,
            rated: false,
            control: "3+2".parse().unwrap(),
            lasts: dama_model::Millis(120_000),
        })]
    );
    assert_eq!(offer.mentions, vec![ALICE]);
    assert!(!offer.ephemeral, "the other player must see it");
    assert!(matches!(
        host.button(&at(BOB, CH), &rematch).await,
        Err(HostError::Refused(Refusal::RematchOfferedAlready {
            to: ALICE
        }))
    ));

    // Alice's press of the same button starts it: Bob White now; the offer's post goes grey.
    let offer_id = offer.challenge().unwrap();
    let posted = dama_model::MessageId(9_001);
    host.set_challenge_message(offer_id, posted).await.unwrap();
    let started = host.button(&at(ALICE, CH), &rematch).await.unwrap();
    let (greyed, buttons) = started
        .settles
        .clone()
        .expect("the offer's post is settled");
    assert_eq!(greyed, posted);
    assert!(!buttons.is_empty() && buttons.iter().all(|b| b.disabled));
    match &started.body[0] {
        Msg::GameStarted {
            players, control, ..
        } => {
            assert_eq!(players.white, Player::User(BOB));
            assert_eq!(players.black, Player::User(ALICE));
            assert_eq!(*control, "3+2".parse().unwrap());
        }
        other => panic!("expected the game to start, got {other:?}"),
    }
    let second = game_of(&started);
    assert_ne!(second, first);
    let running = host
        .store()
        .running_game(ChannelId(CH))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(running.id, second);

    // The offer's own Accept is spent; the first game is not played a third time.
    assert!(matches!(
        host.button(&at(ALICE, CH), &button(&offer, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::ChallengeClosed(_)))
    ));
    assert!(matches!(
        host.rematch(&at(BOB, CH), second).await,
        Err(HostError::Refused(Refusal::RematchNotOver))
    ));
    host.resign(&at(BOB, CH)).await.unwrap();
    assert!(matches!(
        host.button(&at(BOB, CH), &rematch).await,
        Err(HostError::Refused(Refusal::RematchPlayed))
    ));
    // The second game's rematch, from the console's word: the channel's last game.
    let third = host.rematch_here(&at(BOB, CH)).await.unwrap();
    assert!(matches!(
        third.body[0],
        Msg::Finding(FindingMsg::RematchOffered {
            color: Color::Black,
            ..
        })
    ));
}

async fn two_presses_at_once_make_one_game(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let ended = played(&host, "5+3", CH).await;
    let rematch = button(&ended, ButtonLabel::Rematch);
    let (alice, bob) = (at(ALICE, CH), at(BOB, CH));
    let (alice, bob) = tokio::join!(host.button(&alice, &rematch), host.button(&bob, &rematch));
    let answers = [alice.unwrap(), bob.unwrap()];
    let offers = answers
        .iter()
        .filter(|r| matches!(r.body[0], Msg::Finding(FindingMsg::RematchOffered { .. })))
        .count();
    let games = answers
        .iter()
        .filter(|r| matches!(r.body[0], Msg::GameStarted { .. }))
        .count();
    assert_eq!((offers, games), (1, 1), "{answers:?}");
    assert!(
        host.store()
            .running_game(ChannelId(CH))
            .await
            .unwrap()
            .is_some()
    );
}

async fn an_offer_lapses_with_a_sentence_and_a_flood_moves_nothing(db: TestDb) {
    let (host, time, _) = host(&db).await;
    let ended = played(&host, "3+2", CH).await;
    let rematch = button(&ended, ButtonLabel::Rematch);
    host.button(&at(ALICE, CH), &rematch).await.unwrap();
    time.advance(Duration::from_secs(121));
    let lapsed: Vec<_> = host
        .sweep()
        .await
        .unwrap()
        .into_iter()
        .flat_map(|n| n.reply.body)
        .collect();
    assert_eq!(
        lapsed,
        vec![Msg::Finding(FindingMsg::RematchLapsed {
            by: ALICE,
            to: BOB
        })]
    );
    // After the lapse, Bob's press is an offer of his own, not an answer.
    let bobs = host.button(&at(BOB, CH), &rematch).await.unwrap();
    assert!(matches!(
        bobs.body[0],
        Msg::Finding(FindingMsg::RematchOffered { by: BOB, .. })
    ));
    host.button(&at(ALICE, CH), &button(&bobs, ButtonLabel::Decline))
        .await
        .unwrap();
    // Declined: Bob may ask again, up to three times a minute.
    let again = host.button(&at(BOB, CH), &rematch).await.unwrap();
    host.button(&at(ALICE, CH), &button(&again, ButtonLabel::Decline))
        .await
        .unwrap();
    let third = host.button(&at(BOB, CH), &rematch).await.unwrap();
    host.button(&at(ALICE, CH), &button(&third, ButtonLabel::Decline))
        .await
        .unwrap();
    assert!(matches!(
        host.button(&at(BOB, CH), &rematch).await,
        Err(HostError::Refused(Refusal::TooManyRematches { limit: 3 }))
    ));
    time.advance(Duration::from_secs(61));
    host.button(&at(BOB, CH), &rematch).await.unwrap();

    // A correspondence game's offer stands a day; a blocked player's is refused.
    let ended = played(&host, "1d", CH + 1).await;
    let rematch = button(&ended, ButtonLabel::Rematch);
    host.block(&at(ALICE, CH + 1), BOB, "bob").await.unwrap();
    assert!(matches!(
        host.button(&at(BOB, CH + 1), &rematch).await,
        Err(HostError::Refused(Refusal::NotAvailable))
    ));
    host.unblock(&at(ALICE, CH + 1), BOB).await.unwrap();
    let offer = host.button(&at(BOB, CH + 1), &rematch).await.unwrap();
    assert!(matches!(
        offer.body[0],
        Msg::Finding(FindingMsg::RematchOffered {
            lasts: dama_model::Millis(86_400_000),
            ..
        })
    ));
}

async fn a_rematch_against_the_ai_starts_at_once(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let control: TimeControl = "10+5".parse().unwrap();
    host.play_ai_on(
        &at(ALICE, CH),
        dama_play::ai::Level::Easy,
        Color::White,
        control,
    )
    .await
    .unwrap();
    let ended = host.resign(&at(ALICE, CH)).await.unwrap();
    let again = host
        .button(&at(ALICE, CH), &button(&ended, ButtonLabel::Rematch))
        .await
        .unwrap();
    assert!(
        matches!(
            again.body[0],
            Msg::AiGameStarted {
                player: ALICE,
                color: Color::Black,
                level: dama_play::ai::Level::Easy,
                ..
            }
        ),
        "{again:?}"
    );
}

on_both_databases!(
    one_press_offers_the_rematch_and_the_others_starts_it_colours_swapped,
    two_presses_at_once_make_one_game,
    an_offer_lapses_with_a_sentence_and_a_flood_moves_nothing,
    a_rematch_against_the_ai_starts_at_once,
);
