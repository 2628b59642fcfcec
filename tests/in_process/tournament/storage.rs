//! Tournaments in the store: entries, withdrawals, rounds and results, each changed once
//! however many processes race for it.
use crate::common::db::TestDb;
use crate::on_both_databases;
use dama_model::TournamentFormat;
use dama_model::{ChannelId, GuildId, TournamentStatus, UserId};
use dama_model::{Millis, UnixMs};
use dama_play::clock::TimeControl;
use dama_store::{
    Joined, NewEntry, NewPairing, NewTournament, Store, create_tournament, join_tournament,
    pair_round, set_tournament_status, withdraw,
};

fn swiss(rounds: u32) -> NewTournament {
    NewTournament {
        guild_id: GuildId(7),
        channel_id: ChannelId(70),
        games_channel_id: None,
        name: "Kahvehane Kupası".into(),
        format: TournamentFormat::Swiss { rounds },
        time_control: "5+3".parse::<TimeControl>().unwrap(),
        rated: true,
        creator_id: UserId(1),
        starts_at: None,
        pause: Millis::ZERO,
    }
}

fn entry(rating: f64) -> NewEntry<'static> {
    NewEntry {
        name: "",
        rating,
        joined_round: 0,
        max_entrants: 3,
    }
}

async fn entries_withdrawals_and_a_round_paired_once(db: TestDb) {
    let store = Store::open(&db.url()).await.unwrap();
    let mut tx = store.write().await.unwrap();
    let id = create_tournament(&mut tx, &swiss(3), UnixMs(1_000))
        .await
        .unwrap();
    for user in 1..=3 {
        let joined = join_tournament(
            &mut tx,
            id,
            UserId(user),
            entry(1500.0 + user as f64),
            UnixMs(2_000 + user as i64),
        )
        .await
        .unwrap();
        assert_eq!(joined, Joined::New);
    }
    tx.commit().await.unwrap();

    let mut tx = store.write().await.unwrap();
    assert_eq!(
        join_tournament(&mut tx, id, UserId(2), entry(1.0), UnixMs(9))
            .await
            .unwrap(),
        Joined::Already
    );
    assert!(withdraw(&mut tx, id, UserId(2)).await.unwrap());
    assert!(
        !withdraw(&mut tx, id, UserId(2)).await.unwrap(),
        "withdrawn twice"
    );
    assert!(
        !withdraw(&mut tx, id, UserId(9)).await.unwrap(),
        "never entered"
    );
    assert_eq!(
        join_tournament(&mut tx, id, UserId(2), entry(1.0), UnixMs(9))
            .await
            .unwrap(),
        Joined::Back
    );
    // Three it takes: a fourth is turned away, and nothing is written.
    assert_eq!(
        join_tournament(&mut tx, id, UserId(4), entry(1.0), UnixMs(9))
            .await
            .unwrap(),
        Joined::Full
    );
    tx.commit().await.unwrap();
    let entrants = store.entrants(id).await.unwrap();
    assert_eq!(entrants.len(), 3);
    assert_eq!(
        entrants[1].rating, 1502.0,
        "a rejoin keeps the first rating"
    );
    assert!(entrants.iter().all(|e| !e.withdrawn));

    let row = store.tournament(id).await.unwrap().unwrap();
    assert_eq!(row.status, TournamentStatus::Open);
    assert_eq!(row.name, "Kahvehane Kupası");
    assert_eq!(row.speed, dama_play::clock::SpeedClass::Blitz);
    let mut tx = store.write().await.unwrap();
    assert!(
        set_tournament_status(
            &mut tx,
            id,
            TournamentStatus::Open,
            TournamentStatus::Running,
            UnixMs(5_000),
            None
        )
        .await
        .unwrap()
    );
    assert!(
        !set_tournament_status(
            &mut tx,
            id,
            TournamentStatus::Open,
            TournamentStatus::Running,
            UnixMs(5_000),
            None
        )
        .await
        .unwrap(),
        "started twice"
    );
    tx.commit().await.unwrap();

    // Two processes saw no round paired: only the first stores round 1.
    let boards = [
        NewPairing {
            white: UserId(3),
            black: Some(UserId(1)),
            bye_halves: 0,
        },
        NewPairing {
            white: UserId(2),
            black: None,
            bye_halves: 2,
        },
    ];
    for (attempt, want) in [(0, true), (1, false)] {
        let mut tx = store.write().await.unwrap();
        let stored = pair_round(
            &mut tx,
            id,
            0,
            &boards,
            None,
            UnixMs(6_000 + attempt),
            UnixMs(6_000 + attempt),
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        assert_eq!(stored, want, "attempt {attempt}");
    }
    let pairings = store.pairings(id).await.unwrap();
    assert_eq!(pairings.len(), 2);
    assert_eq!(pairings[0].round, 1);
    assert_eq!(
        (pairings[0].white_id, pairings[0].black_id),
        (UserId(3), Some(UserId(1)))
    );
    assert_eq!(
        pairings[1].white_halves,
        Some(2),
        "a bye is scored when paired"
    );
    assert_eq!(pairings[0].white_halves, None);
    assert_eq!(store.tournament(id).await.unwrap().unwrap().round, 1);
    assert_eq!(store.live_tournaments(GuildId(7)).await.unwrap().len(), 1);
    assert!(store.live_tournaments(GuildId(8)).await.unwrap().is_empty());
}

on_both_databases!(entries_withdrawals_and_a_round_paired_once);
