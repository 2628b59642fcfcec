//! Two and three `dama run` processes sharing the shards of one bot and one PostgreSQL database, against
//! the Discord stand-in serving a websocket per shard: games on different shards move at once,
//! a move delivered to two processes is played once, the AI's turn of a process killed while
//! thinking is finished by another, one stopped with SIGTERM finishes its turn and lets go of
//! its claims, and the sweep's daily post goes out once. Skipped with one
//! line when no PostgreSQL server answers.
use crate::common::{db, fake_discord};

use std::process::Command;
use std::time::Duration;

use db::TestDb;
use fake_discord::{Bot, FakeDiscord};
use serde_json::json;

const CAROL: u64 = 333_333_333_333_333_333;
const ALICE: u64 = 111_111_111_111_111_111;
const BOB: u64 = 222_222_222_222_222_222;
const DAVE: u64 = 444_444_444_444_444_441;
const ERIN: u64 = 555_555_555_555_555_551;
const SHARDS: u32 = 4;

fn start_bot(fake: &FakeDiscord, url: &str, shards: &str) -> Bot {
    fake.start_bot(
        url,
        &[
            ("DAMA_SHARDS", shards.to_string()),
            ("DAMA_SHARD_COUNT", SHARDS.to_string()),
            ("DAMA_SWEEP_SECONDS", "1".to_string()),
            ("DAMA_AI_CLAIM_SECONDS", "3".to_string()),
        ],
    )
}

/// A server whose events Discord sends on `shard`.
fn guild_on_shard(shard: u32) -> u64 {
    ((4_000_000 * u64::from(SHARDS) + u64::from(shard)) << 22) + 7
}

fn channel_messages(channel: u64) -> String {
    format!("/api/v10/channels/{channel}/messages")
}

/// `/dama ai level:<level>` by Carol in `channel`; waits for the board.
async fn ai_game(fake: &FakeDiscord, channel: u64, user: u64, level: u64) {
    let from = fake.call_count();
    let id = fake.slash(
        channel,
        user,
        "player",
        "ai",
        json!([{ "name": "level", "type": 4, "value": level }]),
        &[],
    );
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        answer.content().contains("A game against the AI"),
        "{}",
        answer.content()
    );
}

/// Waits until a process claims the AI's turn in `channel`; returns the claim's holder.
async fn wait_claim(db: &TestDb, channel: u64) -> String {
    let claimed = async {
        loop {
            let claims = db
                .pairs(&format!(
                    "SELECT a.holder, g.channel_id::text FROM ai_claims a JOIN games g ON g.id = a.game_id
                     WHERE g.channel_id = {channel} AND g.status = 'running'"
                ))
                .await;
            if let Some((holder, _)) = claims.into_iter().next() {
                return holder;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), claimed)
        .await
        .expect("the AI's turn is claimed")
}

/// The moves stored for the running (or last) game of `channel`.
async fn stored_moves(db: &TestDb, channel: u64) -> Vec<String> {
    db.pairs(&format!(
        "SELECT LPAD(m.ply::text, 4, '0'), m.notation FROM moves m JOIN games g ON g.id = m.game_id
         WHERE g.channel_id = {channel} AND g.id = (SELECT MAX(id) FROM games WHERE channel_id = {channel})"
    ))
    .await
    .into_iter()
    .map(|(_, n)| n)
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn three_processes_share_the_shards_and_one_postgres_database() {
    shared_shards(&["0-1", "2", "3"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn two_processes_share_the_shards_and_one_postgres_database() {
    shared_shards(&["0-1", "2-3"]).await;
}

/// The process (its index in `layout`) that runs `shard`.
fn runner(layout: &[&str], shard: u32) -> usize {
    layout
        .iter()
        .position(|spec| {
            dama_discord::Shards::parse(Some(spec), Some(&SHARDS.to_string()))
                .unwrap()
                .is_some_and(|s| s.runs(shard))
        })
        .expect("every shard is run")
}

/// The processes of `layout` (the shards each runs, of four) on one database: the scenario of
/// the file's heading. SIGTERM is tried when shards 2 and 3 are in different processes.
async fn shared_shards(layout: &[&str]) {
    let db = TestDb::postgres().await;
    let url = db.url();
    let fake = FakeDiscord::start().await;
    // Channels in servers on each of the four shards.
    let (c0, c1, c2, c2b, c3, c3b, puzzles) = (
        510_000_000_000_000_000u64,
        511_000_000_000_000_000u64,
        512_000_000_000_000_000u64,
        512_500_000_000_000_000u64,
        513_000_000_000_000_000u64,
        514_000_000_000_000_000u64,
        519_000_000_000_000_000u64,
    );
    for (channel, shard) in [
        (c0, 0),
        (c1, 1),
        (c2, 2),
        (c2b, 2),
        (c3, 3),
        (c3b, 3),
        (puzzles, 2),
    ] {
        fake.set_channel_guild(channel, guild_on_shard(shard));
    }
    // The schema, and a puzzle channel whose daily post the sweep owes.
    dama_store::Store::open(&url).await.unwrap().close().await;
    db.execute(&format!(
        "INSERT INTO puzzle_channels (guild_id, channel_id) VALUES ({}, {puzzles})",
        guild_on_shard(2)
    ))
    .await;

    let mut bots: Vec<Option<Bot>> = layout
        .iter()
        .map(|spec| Some(start_bot(&fake, &url, spec)))
        .collect();
    fake.wait_shards_connected(SHARDS as usize).await;

    // The sweep (every second in each process, under one lease) posts today's puzzle once.
    fake.wait_posts(&channel_messages(puzzles), 1).await;

    // Games on three shards (three processes) move at once.
    for channel in [c0, c2, c3] {
        ai_game(&fake, channel, CAROL, 0).await;
    }
    let from = fake.call_count();
    for channel in [c0, c2, c3] {
        fake.message(channel, CAROL, "carol", "c3-c4");
    }
    for channel in [c0, c2, c3] {
        fake.wait_for(from, |c| {
            c.path == channel_messages(channel) && c.content().contains("Played by the easy AI")
        })
        .await;
    }
    for channel in [c0, c2, c3] {
        assert_eq!(
            stored_moves(&db, channel).await.len(),
            2,
            "channel {channel}"
        );
    }

    // A move delivered to two processes (a shard moving over) is played once.
    let from = fake.call_count();
    fake.slash(c1, ALICE, "alice", "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() }, { "name": "color", "type": 4, "value": 0 }]),
        &[(BOB, "bob")]);
    let answer = fake
        .wait_for(from, |c| {
            c.path.contains("/interactions/") && c.content().contains("challenges")
        })
        .await;
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .expect("an Accept button");
    let from = fake.call_count();
    fake.click(c1, BOB, "bob", &accept, &answer.custom_ids());
    fake.wait_for(from, |c| {
        c.path == channel_messages(c1) && c.content().contains("Game on!")
    })
    .await;
    let frame = fake.message_frame(c1, ALICE, "alice", "e3-e4");
    let from = fake.call_count();
    fake.send_on_shard(1, frame.clone());
    fake.send_on_shard(2, frame);
    fake.wait_for(from, |c| {
        c.path == channel_messages(c1) && c.content().contains(": e3-e4")
    })
    .await;
    // Give the second delivery time to be refused.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(stored_moves(&db, c1).await, ["e3-e4"]);
    let boards = fake.calls()[from..]
        .iter()
        .filter(|c| c.path == channel_messages(c1) && c.content().contains(": e3-e4"))
        .count();
    assert_eq!(boards, 1, "one board for one move");

    // Process C is killed while the master AI thinks in its channel: another finishes the turn.
    ai_game(&fake, c3b, DAVE, 3).await;
    let from = fake.call_count();
    fake.message(c3b, DAVE, "dave", "c3-c4");
    wait_claim(&db, c3b).await;
    let mut c = bots[runner(layout, 3)].take().unwrap();
    c.0.kill().unwrap(); // SIGKILL
    c.0.wait().unwrap();
    let posted = tokio::time::timeout(
        Duration::from_secs(60),
        fake.wait_for(from, |c| {
            c.path == channel_messages(c3b) && c.content().contains("Played by the master AI")
        }),
    )
    .await
    .expect("another process plays the AI's move");
    assert!(posted.png().is_some());
    assert_eq!(stored_moves(&db, c3b).await.len(), 2);
    // Still one daily post, after several sweeps in each process.
    assert_eq!(fake.post_count(&channel_messages(puzzles)), 1);

    // Process B is stopped with SIGTERM while the master AI thinks in its channel: it finishes
    // the turn, posts the move, then lets go of its claims and its lease.
    let Some(mut b) = bots[runner(layout, 2)].take() else {
        return; // it ran shard 3 too, and is gone
    };
    ai_game(&fake, c2b, ERIN, 3).await;
    let from = fake.call_count();
    fake.message(c2b, ERIN, "erin", "c3-c4");
    let holder = wait_claim(&db, c2b).await;
    let pid = b.0.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    fake.wait_for(from, |c| {
        c.path == channel_messages(c2b) && c.content().contains("Played by the master AI")
    })
    .await;
    let stopped = tokio::task::spawn_blocking(move || b.0.wait().unwrap());
    let status = tokio::time::timeout(Duration::from_secs(30), stopped)
        .await
        .expect("process B stops after SIGTERM")
        .unwrap();
    assert!(status.success(), "{status}");
    assert_eq!(stored_moves(&db, c2b).await.len(), 2);
    let held = db
        .pairs(&format!(
            "SELECT holder, 'claim' FROM ai_claims WHERE holder = '{holder}'
             UNION ALL SELECT holder, 'lease' FROM leases WHERE holder = '{holder}'"
        ))
        .await;
    assert!(held.is_empty(), "{held:?}");
}
