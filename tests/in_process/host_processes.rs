//! Several hosts (as several processes would) on one database, SQLite and PostgreSQL: the AI's
//! turn is thought about by one of them and taken over when its claim runs out, a move sent to
//! two of them is played once, and the sweep runs in one at a time.
use crate::on_both_databases;
use dama_model::{Millis, UnixMs};
use std::sync::Arc;
use std::time::Duration;

use crate::common::db::TestDb;

mod endings;
use endings::*;
mod owed;
use owed::*;

use dama_core::host::{Clock, Host, HostConfig, Lang, Who};
use dama_core::words::Words;
use dama_model::{ChannelId, ColorChoice, GameId, GuildId, UserId};
use dama_play::ai::Level;
use dama_play::render::Renderer;
use dama_rules::Color;
use dama_store::{self as store, Store};

const ALICE: UserId = UserId(3001);
const BOB: UserId = UserId(3002);
const GUILD: GuildId = GuildId(99);
const START: UnixMs = UnixMs::from_secs(1_800_000_000);

async fn open(db: &TestDb, clock: &Clock) -> Host {
    Host::new(
        Store::open(&db.url()).await.unwrap(),
        Arc::new(Renderer::default()),
        Arc::new(Words::new()),
        HostConfig {
            ai_claim: Duration::from_secs(60),
            sweep_lease: Duration::from_secs(150),
            challenge_ttl: Duration::from_secs(60),
            ..HostConfig::default()
        },
        clock.clone(),
    )
}

fn at(user: UserId, channel: u64) -> Who {
    Who {
        user,
        name: format!("player{}", user.0),
        channel: ChannelId(channel),
        guild: Some(GUILD),
        lang: Lang::ENGLISH,
        admin: false,
        game: None,
    }
}

/// Alice plays White against the easy AI in `channel` and makes her first move: the AI's turn.
async fn ai_turn_pending(host: &Host, channel: u64) -> dama_model::GameId {
    host.play_ai(&at(ALICE, channel), Level::Easy, Color::White)
        .await
        .unwrap();
    host.play(&at(ALICE, channel), "c3-c4")
        .await
        .unwrap()
        .ai_turn
        .expect("the AI's turn")
}

/// Claims `game`'s AI turn from `START` for `lasting`, as a process named "dead" that will
/// never release it.
async fn claim_for_a_dead_process(host: &Host, game: GameId, lasting: Millis) {
    let version = host.store().game(game).await.unwrap().unwrap().version;
    let mut tx = host.store().write().await.unwrap();
    let claimed = store::claim_ai_turn(&mut tx, game, version, "dead", START, START + lasting)
        .await
        .unwrap();
    assert!(claimed, "the turn was free to claim");
    tx.commit().await.unwrap();
}

async fn an_ai_turn_claimed_by_a_process_that_died_is_taken_over_when_the_claim_runs_out(
    db: TestDb,
) {
    let clock = Clock::manual(START);
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    let game = ai_turn_pending(&a, 10).await;
    // A third process claims the turn, then dies (nothing releases its claim).
    claim_for_a_dead_process(&a, game, Millis::from_secs(60)).await;
    assert!(a.ai_move(game, Lang::ENGLISH).await.unwrap().is_none());
    assert!(b.stalled_ai_turns().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(30));
    assert!(b.ai_move(game, Lang::ENGLISH).await.unwrap().is_none());
    assert!(b.stalled_ai_turns().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(31));
    let stalled: Vec<_> = b
        .stalled_ai_turns()
        .await
        .unwrap()
        .iter()
        .map(|t| t.game)
        .collect();
    assert_eq!(stalled, vec![game]);
    let reply = b
        .ai_move(game, Lang::ENGLISH)
        .await
        .unwrap()
        .expect("a move");
    assert!(reply.ai_turn.is_none());
    assert_eq!(a.store().game(game).await.unwrap().unwrap().ply, 2);
    assert!(b.stalled_ai_turns().await.unwrap().is_empty());
    // Its own claim is gone with the move: the next AI turn is anyone's at once.
    assert!(
        a.store()
            .ai_turns_claimed(clock.now())
            .await
            .unwrap()
            .is_empty()
    );
}

async fn a_live_games_ai_turn_left_by_a_process_that_died_is_taken_over_within_seconds(db: TestDb) {
    let clock = Clock::manual(START);
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    let channel = 12;
    a.play_ai_on(
        &at(ALICE, channel),
        Level::Easy,
        Color::White,
        "1+0".parse().unwrap(),
    )
    .await
    .unwrap();
    let game = a
        .play(&at(ALICE, channel), "c3-c4")
        .await
        .unwrap()
        .ai_turn
        .expect("the AI's turn");
    // A process claims the turn for as long as a correspondence claim lasts, then dies.
    claim_for_a_dead_process(&a, game, Millis::from_secs(15)).await;
    clock.advance(Duration::from_secs(14));
    assert!(b.stalled_ai_turns().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(1));
    let stalled: Vec<_> = b
        .stalled_ai_turns()
        .await
        .unwrap()
        .iter()
        .map(|t| t.game)
        .collect();
    assert_eq!(
        stalled,
        vec![game],
        "a live turn is stalled after 15 s, not 60"
    );
    assert!(b.ai_move(game, Lang::ENGLISH).await.unwrap().is_some());
}

async fn an_ai_turn_asked_of_many_processes_at_once_is_played_once(db: TestDb) {
    let clock = Clock::manual(START);
    let hosts: Vec<Arc<Host>> = {
        let mut v = Vec::new();
        for _ in 0..4 {
            v.push(Arc::new(open(&db, &clock).await));
        }
        v
    };
    let game = ai_turn_pending(&hosts[0], 11).await;
    let tasks: Vec<_> = hosts
        .iter()
        .flat_map(|h| [Arc::clone(h), Arc::clone(h)])
        .map(|h| tokio::spawn(async move { h.ai_move(game, Lang::ENGLISH).await.unwrap() }))
        .collect();
    let mut played = 0;
    for t in tasks {
        played += usize::from(t.await.unwrap().is_some());
    }
    assert_eq!(played, 1);
    let row = hosts[3].store().game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, 2);
    assert_eq!(hosts[2].store().moves(game).await.unwrap().len(), 2);
}

async fn a_move_sent_to_two_processes_is_played_once(db: TestDb) {
    let clock = Clock::manual(START);
    let a = Arc::new(open(&db, &clock).await);
    let b = Arc::new(open(&db, &clock).await);
    let c = a
        .challenge(&at(ALICE, 12), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    let accepted = a
        .accept_challenge(&at(BOB, 12), c.challenge().unwrap())
        .await
        .unwrap();
    a.start_accepted(&at(BOB, 12), accepted, None)
        .await
        .unwrap();
    for (ply, (who, mv)) in [(ALICE, "e3-e4"), (BOB, "f6-f5"), (ALICE, "d3-d4")]
        .into_iter()
        .enumerate()
    {
        let sent: Vec<_> = [&a, &b, &a, &b]
            .into_iter()
            .map(|h| {
                let h = Arc::clone(h);
                tokio::spawn(async move { h.play(&at(who, 12), mv).await.is_ok() })
            })
            .collect();
        let mut accepted = 0;
        for s in sent {
            accepted += usize::from(s.await.unwrap());
        }
        assert_eq!(accepted, 1, "ply {}", ply + 1);
    }
    let game = a
        .store()
        .running_game(ChannelId(12))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        b.store().moves(game.id).await.unwrap(),
        ["e3-e4", "f6-f5", "d3-d4"]
    );
}

async fn challenge(host: &Host, channel: u64) {
    host.challenge(&at(ALICE, channel), BOB, ColorChoice::Random, false, false)
        .await
        .unwrap();
}

async fn the_sweep_runs_in_one_process_at_a_time_and_passes_on_when_its_lease_ends(db: TestDb) {
    let clock = Clock::manual(START);
    let a = open(&db, &clock).await;
    let b = open(&db, &clock).await;
    // Challenges lapse after 60 s here, the sweep's lease lasts 150 s.
    let later = |s: u64| clock.advance(Duration::from_secs(s));
    challenge(&a, 20).await;
    later(61);
    assert_eq!(a.sweep().await.unwrap().len(), 1, "a sweeps");
    challenge(&a, 21).await;
    later(61);
    assert!(b.sweep().await.unwrap().is_empty(), "a's lease runs");
    assert_eq!(a.sweep().await.unwrap().len(), 1, "a sweeps again");
    challenge(&a, 22).await;
    later(151);
    assert_eq!(
        b.sweep().await.unwrap().len(),
        1,
        "a's lease ran out: b sweeps"
    );
    challenge(&a, 23).await;
    later(61);
    assert!(a.sweep().await.unwrap().is_empty(), "b's lease runs");
    b.release_work().await.unwrap();
    assert_eq!(
        a.sweep().await.unwrap().len(),
        1,
        "b let go: a sweeps at once"
    );
}

on_both_databases!(
    an_ai_turn_claimed_by_a_process_that_died_is_taken_over_when_the_claim_runs_out,
    a_live_games_ai_turn_left_by_a_process_that_died_is_taken_over_within_seconds,
    an_ai_turn_asked_of_many_processes_at_once_is_played_once,
    a_move_sent_to_two_processes_is_played_once,
    the_sweep_runs_in_one_process_at_a_time_and_passes_on_when_its_lease_ends,
    a_resignation_racing_the_first_reply_is_a_call_off_or_a_rated_loss,
    a_draw_accepted_while_the_offer_is_withdrawn_by_a_move_is_one_or_the_other,
    a_takeback_accepted_while_the_asker_moves_is_one_or_the_other,
    an_abort_racing_a_move_calls_the_game_off_whole,
    a_loss_on_time_racing_a_late_move_is_one_or_the_other,
    a_resignation_racing_the_last_move_ends_the_game_once,
    an_ending_or_an_offer_decided_before_a_move_writes_nothing,
    a_change_whose_post_was_lost_is_posted_once_by_one_process,
    an_ending_whose_post_was_lost_is_told_with_the_last_moves,
    a_round_whose_announcement_was_lost_is_posted_once_by_one_process,
);
