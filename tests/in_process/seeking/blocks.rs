//! Blocks: a blocked player cannot challenge the blocker, neither takes the other's open
//! challenge, the pools never pair them; the blocker sees why, the blocked only that the
//! player is not available.

use dama_core::host::{ButtonLabel, FindingMsg, HostError, Msg, Refusal};
use dama_model::ColorChoice;
use dama_play::clock::TimeControl;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

async fn a_blocked_player_is_never_met_and_learns_only_that_the_blocker_is_not_available(
    db: TestDb,
) {
    let (host, _, _) = host(&db).await;
    let blocked = host.block(&who(ALICE), BOB, "bob").await.unwrap();
    assert!(blocked.ephemeral);
    assert_eq!(
        blocked.body,
        vec![Msg::Finding(FindingMsg::Blocked { user: BOB })]
    );
    assert!(matches!(
        host.block(&who(ALICE), BOB, "bob").await,
        Err(HostError::Refused(Refusal::AlreadyBlocked { user: BOB }))
    ));
    assert!(matches!(
        host.block(&who(ALICE), ALICE, "alice").await,
        Err(HostError::Refused(Refusal::BlockSelf))
    ));
    assert_eq!(
        host.block_list(&who(ALICE)).await.unwrap().body,
        vec![Msg::Finding(FindingMsg::BlockList { users: vec![BOB] })]
    );

    // Challenges either way.
    let casual = TimeControl::default();
    assert!(matches!(
        host.challenge_on(
            &at(BOB, 1),
            Some(ALICE),
            ColorChoice::White,
            false,
            false,
            casual
        )
        .await,
        Err(HostError::Refused(Refusal::NotAvailable))
    ));
    assert!(matches!(
        host.challenge_on(
            &at(ALICE, 2),
            Some(BOB),
            ColorChoice::White,
            false,
            false,
            casual
        )
        .await,
        Err(HostError::Refused(Refusal::YouBlocked { user: BOB }))
    ));
    // Open challenges: neither takes the other's; anyone else may.
    let bobs = host
        .challenge_on(&at(BOB, 3), None, ColorChoice::White, false, false, casual)
        .await
        .unwrap();
    assert!(matches!(
        host.button(&at(ALICE, 3), &button(&bobs, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::YouBlocked { user: BOB }))
    ));
    let alices = host
        .challenge_on(
            &at(ALICE, 4),
            None,
            ColorChoice::White,
            false,
            false,
            casual,
        )
        .await
        .unwrap();
    assert!(matches!(
        host.button(&at(BOB, 4), &button(&alices, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::NotAvailable))
    ));
    host.button(&at(CAROL, 4), &button(&alices, ButtonLabel::Accept))
        .await
        .unwrap();
    assert!(
        host.store()
            .running_game(dama_model::ChannelId(3))
            .await
            .unwrap()
            .is_none()
    );

    // The pools: Alice and Bob alone are never paired.
    let three_two: TimeControl = "3+2".parse().unwrap();
    host.seek(&at(BOB, 10), three_two, true, false)
        .await
        .unwrap();
    let dave = dama_model::UserId(1004);
    host.seek(&at(dave, 11), "1d".parse().unwrap(), true, false)
        .await
        .unwrap();
    host.abort(&at(ALICE, 4)).await.ok();
    host.seek(&at(ALICE, 12), three_two, true, false)
        .await
        .unwrap();
    assert!(host.wave().await.unwrap().meetings.is_empty());

    // Unblocked: they may meet again.
    assert_eq!(
        host.unblock(&who(ALICE), BOB).await.unwrap().body,
        vec![Msg::Finding(FindingMsg::Unblocked { user: BOB })]
    );
    assert!(matches!(
        host.unblock(&who(ALICE), BOB).await,
        Err(HostError::Refused(Refusal::NotBlocked { user: BOB }))
    ));
    let wave = host.wave().await.unwrap();
    assert_eq!(wave.meetings.len(), 1, "{wave:?}");
    assert_eq!(
        host.block_list(&who(ALICE)).await.unwrap().body,
        vec![Msg::Finding(FindingMsg::BlockList { users: vec![] })]
    );
}

on_both_databases!(a_blocked_player_is_never_met_and_learns_only_that_the_blocker_is_not_available);
