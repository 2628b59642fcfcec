//! Live games through the Discord stand-in, in real time: a bullet game ending on time with
//! both clocks shown, increments keeping a player alive, an AI game on a half-minute clock, a
//! fast game kept up with inside Discord's per-channel limit, and the clock option's
//! autocomplete.

use std::time::{Duration, Instant};

use serde_json::json;

use super::fake_discord::{Call, FakeDiscord};
use super::{ALICE, BOB, CAROL, connected_bot};

/// Alice challenges Bob (Alice White) in `channel` on `clock`, Bob accepts; returns the board.
async fn live_challenge(fake: &FakeDiscord, channel: u64, clock: &str) -> Call {
    let from = fake.call_count();
    let id = fake.slash(
        channel,
        ALICE,
        "alice",
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.to_string() },
            { "name": "color", "type": 4, "value": 0 },
            { "name": "clock", "type": 3, "value": clock }
        ]),
        &[(BOB, "bob")],
    );
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .unwrap_or_else(|| panic!("an Accept button: {}", answer.content()));
    let from = fake.call_count();
    fake.click(channel, BOB, "bob", &accept, &answer.custom_ids());
    fake.wait_for(from, |c| c.content().contains("Game on!"))
        .await
}

/// `user` types `text` in `channel`; returns the bot's board after it.
async fn move_in(fake: &FakeDiscord, channel: u64, user: u64, name: &str, text: &str) -> Call {
    let from = fake.call_count();
    fake.message(channel, user, name, text);
    fake.wait_for(from, |c| {
        c.method == "POST"
            && c.path == format!("/api/v10/channels/{channel}/messages")
            && c.content().contains("Played by")
    })
    .await
}

/// The first legal move in `channel`'s game as the bot stored it, once `board` is posted.
async fn a_legal_move(db: &std::path::Path, board: &Call, channel: u64) -> String {
    assert_eq!(board.footer(), None, "no raw position under a board");
    let pos = super::position_in(db, channel).await;
    let legal = pos.legal_moves();
    pos.notation(&legal[0])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quarter_minute_game_ends_on_time_with_both_clocks_shown() {
    let (fake, _bot, _db) = connected_bot("bullet").await;
    let channel = 444_444_444_444_444_501;
    let start = live_challenge(&fake, channel, "1/4+0").await;
    assert!(
        start.content().contains("1/4+0 bullet"),
        "{}",
        start.content()
    );
    assert!(
        start.content().contains("The first move is due <t:"),
        "{}",
        start.content()
    );
    move_in(&fake, channel, ALICE, "alice", "e3-e4").await;
    let sent = Instant::now();
    let board = move_in(&fake, channel, BOB, "bob", "f6-f5").await;
    let text = board.content();
    // Read when posted: White's clock has run since Discord's stamp on Bob's move.
    assert!(
        text.contains("Clocks: White 0:15, Black 0:15; the time runs out <t:")
            || text.contains("Clocks: White 0:14, Black 0:15; the time runs out <t:"),
        "{text}"
    );
    // Nobody moves: White's 15 s run out, and the bot says so within a second or so.
    let from = fake.call_count();
    let flag = fake
        .wait_for(from, |c| c.content().contains("did not move in time"))
        .await;
    let waited = sent.elapsed();
    let text = flag.content();
    assert!(
        text.contains(&format!(
            "<@{ALICE}> did not move in time, so <@{BOB}> wins"
        )),
        "{text}"
    );
    assert!(
        text.contains("Clocks at the end: White 0.0, Black 0:15."),
        "{text}"
    );
    assert!(
        waited >= Duration::from_secs(15) && waited < Duration::from_millis(17_500),
        "the flag came {waited:?} after the clock started"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn increments_keep_a_player_alive_at_a_quarter_minute_plus_two() {
    let (fake, _bot, db) = connected_bot("increment").await;
    let channel = 444_444_444_444_444_502;
    let mut board = live_challenge(&fake, channel, "1/4+2").await;
    let players = [(ALICE, "alice"), (BOB, "bob")];
    // Eight moves each at 2.2 s: 17.6 s in all, more than the 15 s at the start, but each
    // move brings 2 s back.
    for ply in 0..18 {
        if ply >= 2 {
            tokio::time::sleep(Duration::from_millis(2_200)).await;
        }
        let (user, name) = players[ply % 2];
        let mv = a_legal_move(&db, &board, channel).await;
        board = move_in(&fake, channel, user, name, &mv).await;
        let text = board.content();
        assert!(!text.contains("in time"), "ply {ply}: {text}");
    }
    // Without the increments White would have flagged: 8 × 2.2 s > 15 s. What is left on the
    // clock depends on how busy the machine is, so only that it is still running is asserted.
    let text = board.content();
    assert!(text.contains("To move: <@"), "still running: {text}");
    assert!(text.contains("Clocks: White "), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_game_at_half_a_minute_is_played_to_the_end_without_the_ai_flagging() {
    let (fake, _bot, db) = connected_bot("ai-clock").await;
    let channel = 444_444_444_444_444_503;
    let from = fake.call_count();
    fake.slash(
        channel,
        CAROL,
        "carol",
        "ai",
        json!([
            { "name": "level", "type": 4, "value": 3 },
            { "name": "clock", "type": 3, "value": "1/2+0" }
        ]),
        &[],
    );
    let mut last = fake
        .wait_for(from, |c| c.content().contains("against the AI (master"))
        .await;
    assert!(
        last.content().contains("1/2+0 bullet"),
        "{}",
        last.content()
    );
    let mut moves = 0;
    loop {
        let text = last.content();
        if text.contains(" wins") || text.contains("Draw") {
            break;
        }
        let mv = a_legal_move(&db, &last, channel).await;
        let from = fake.call_count();
        fake.message(channel, CAROL, "carol", &mv);
        moves += 1;
        // Carol's board, then the AI's; or one board for both (Discord's pace).
        last = fake
            .wait_for(from, |c| {
                let text = c.content();
                c.png().is_some()
                    && (text.contains(&format!("To move: <@{CAROL}>"))
                        || text.contains(" wins")
                        || text.contains("Draw"))
            })
            .await;
        assert!(moves < 200, "the game should have ended");
    }
    let text = last.content();
    assert!(!text.contains("in time"), "{text}");
    assert!(
        text.contains("the master AI wins") || text.contains("Draw"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_option_offers_the_usual_time_controls_and_refuses_others_clearly() {
    let (fake, _bot, _db) = connected_bot("clock-options").await;
    let channel = 444_444_444_444_444_504;
    let from = fake.call_count();
    let id = fake.autocomplete_option(channel, ALICE, "alice", "challenge", "clock", "3");
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    let choices: Vec<(String, String)> = answer.json["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default().to_string(),
                c["value"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        choices,
        [
            ("3+0 blitz".to_string(), "3+0".to_string()),
            ("3+2 blitz".to_string(), "3+2".to_string()),
            ("30+0 classical".to_string(), "30+0".to_string()),
            ("3 days a move".to_string(), "3d".to_string()),
        ]
    );
    let from = fake.call_count();
    let id = fake.slash(
        channel,
        ALICE,
        "alice",
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.to_string() },
            { "name": "clock", "type": 3, "value": "200+0" }
        ]),
        &[(BOB, "bob")],
    );
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(answer.ephemeral(), "a refusal is private");
    assert!(
        answer
            .content()
            .starts_with("That clock cannot be used: \"200\" minutes is not on offer"),
        "{}",
        answer.content()
    );
    assert!(fake.created_in(channel).is_empty(), "no challenge was made");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_game_stays_within_discords_limit_and_every_move_reaches_the_channel_in_two_seconds()
{
    let (fake, _bot, db) = connected_bot("fast").await;
    let channel = 444_444_444_444_444_505;
    live_challenge(&fake, channel, "1+0").await;
    let players = [(ALICE, "alice"), (BOB, "bob")];
    // Thirty plies half a second apart: twice what the channel takes (5 posts in 5 s).
    let mut game = dama_rules::Game::default();
    let mut typed = Vec::new();
    for ply in 0..30 {
        let pos = *game.position();
        let legal = pos.legal_moves();
        let Some(mv) = legal.first() else { break };
        let text = pos.notation(mv);
        game.play(*mv).unwrap();
        let (user, name) = players[ply % 2];
        fake.message(channel, user, name, &text);
        typed.push((text, Instant::now()));
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let (last, _) = typed.last().unwrap().clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    let boards = loop {
        let boards: Vec<Call> = fake
            .created_in(channel)
            .into_iter()
            .filter(|c| c.png().is_some())
            .collect();
        let done = boards.last().is_some_and(|b| {
            let text = b.content();
            text.contains(&format!(": {last}")) || text.contains(&format!("then {last} by"))
        });
        if done {
            break boards;
        }
        assert!(
            Instant::now() < deadline,
            "the last move's board never came"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // Every ply on a board within 2 s of being typed: the first board after it names it.
    for (i, (text, at)) in typed.iter().enumerate() {
        let shown = boards
            .iter()
            .find(|b| b.at >= *at && b.content().contains(text.as_str()))
            .unwrap_or_else(|| panic!("ply {i} ({text}) is on no board"));
        let late = shown.at - *at;
        assert!(
            late < Duration::from_secs(2),
            "ply {i} ({text}) shown {late:?} after"
        );
    }
    // Fewer boards than plies, and never more than Discord's 5 in any 5 s: none refused.
    assert!(boards.len() < typed.len(), "{} boards", boards.len());
    assert_eq!(fake.refused_posts(channel), 0, "posts answered 429");
    assert!(
        boards
            .iter()
            .any(|b| b.content().contains("Played since the last board: ")),
        "no board covered several moves"
    );
    assert_eq!(
        super::position_in(&db, channel).await,
        *game.position(),
        "the last board's position is the game's"
    );
}
