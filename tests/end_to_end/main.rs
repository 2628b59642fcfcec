//! The end-to-end tests: the real bot binary against a local Discord stand-in (slash commands,
//! buttons, typed moves, the AI, refusals, a restart, the leaderboard; live games in real time;
//! a Swiss; the web beside the bot), several bot processes on one PostgreSQL database, the
//! database cut off behind a relay, and the browser on a game's page.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

mod activity;
mod browser;
mod latency;
mod layout;
mod live;
mod network;
mod no_script;
mod outage;
mod processes;
mod tournament;
mod web;

use dama_rules::Game;
use dama_testkit as common;
use dama_testkit::fake_discord;
use fake_discord::{Bot, FakeDiscord};
use serde_json::json;
use std::process::{Command, Stdio};

const ALICE: u64 = 111_111_111_111_111_111;
const BOB: u64 = 222_222_222_222_222_222;
const CAROL: u64 = 333_333_333_333_333_333;
const CHANNEL: u64 = 444_444_444_444_444_444;

fn start_bot(fake: &FakeDiscord, db: &std::path::Path) -> Bot {
    fake.start_bot(&format!("sqlite://{}", db.display()), &[])
}

/// A stand-in, the bot started against it on a fresh database, connected.
async fn connected_bot(name: &str) -> (FakeDiscord, Bot, std::path::PathBuf) {
    let fake = FakeDiscord::start().await;
    let db = temp_db(name);
    let bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    (fake, bot, db)
}

/// The position of the game in `channel` as the bot stored it (what its board shows).
async fn position_in(db: &std::path::Path, channel: u64) -> dama_rules::Position {
    let store = dama_store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let row = store
        .latest_game(dama_model::ChannelId(channel))
        .await
        .unwrap()
        .expect("a game in the channel");
    store.close().await;
    dama_rules::fen::parse(&row.fen).unwrap()
}

fn temp_db(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("dama.db")
}

/// Slash `/dama challenge` by Alice (poise sends choices as the index of the choice) against Bob, accepted by Bob's click; returns the index of
/// the first call after the game began.
async fn challenge_and_accept(fake: &FakeDiscord) -> usize {
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() }, { "name": "color", "type": 4, "value": 0 }]),
        &[(BOB, "bob")]);
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        answer
            .content()
            .contains(&format!("<@{ALICE}> challenges <@{BOB}>")),
        "{}",
        answer.content()
    );
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .expect("an Accept button");
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &answer.custom_ids());
    let board = fake
        .wait_for(from, |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    assert!(board.content().contains("Game on!"), "{}", board.content());
    assert!(board.png().is_some(), "the board is attached");
    let settled = fake
        .wait_for(from, |c| {
            c.method == "PATCH" && c.path.ends_with("/messages/@original")
        })
        .await;
    let buttons = &settled.json["components"][0]["components"];
    assert!(
        buttons
            .as_array()
            .is_some_and(|b| b.len() == 2 && b.iter().all(|b| b["disabled"] == true)),
        "the challenge's buttons are disabled: {}",
        settled.json
    );
    // Its post says it was accepted, and no longer asks to accept within ten minutes.
    assert_eq!(
        settled.content(),
        format!("The challenge of <@{ALICE}> was accepted by <@{BOB}>: the game is on."),
    );
    fake.call_count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seeks_in_one_server_open_a_game_in_a_thread_mentioning_both_and_a_rematch_there() {
    let (fake, _bot, _db) = connected_bot("seek").await;
    fake.wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;
    let three_two = json!([{ "name": "clock", "type": 3, "value": "3+2" }]);
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "seek", three_two.clone(), &[]);
    let waits = answer_to(&fake, from, id).await;
    assert!(
        waits.ephemeral()
            && waits.content().contains(
                "You wait in the 3+2 blitz pool (rated): nobody else waits for it in this server yet."
            ),
        "{}",
        waits.content()
    );
    assert_eq!(waits.custom_ids(), vec!["pool:leave".to_string()]);
    // Bob seeks from another channel of the server: the game opens where Alice sought.
    let other = CHANNEL + 1;
    let from = fake.call_count();
    let id = fake.slash(other, BOB, "bob", "seek", three_two, &[]);
    let thread = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path == format!("/api/v10/channels/{CHANNEL}/threads")
        })
        .await;
    assert_eq!(thread.json["name"], "alice – bob · 3+2", "{}", thread.json);
    let board = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path.ends_with("/messages") && c.content().contains("Paired in")
        })
        .await;
    assert!(
        !board.path.contains(&CHANNEL.to_string()) && !board.path.contains(&other.to_string()),
        "the game is in the thread: {}",
        board.path
    );
    let content = board.content();
    assert!(
        content.contains("Paired in the 3+2 blitz pool.")
            && content.contains(&format!("<@{ALICE}>"))
            && content.contains(&format!("<@{BOB}>")),
        "{content}"
    );
    let pinged: Vec<String> = board.json["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_string))
        .collect();
    assert_eq!(
        pinged,
        vec![ALICE.to_string(), BOB.to_string()],
        "{}",
        board.json
    );
    assert!(board.png().is_some());
    let answered = answer_to(&fake, from, id).await;
    assert!(answered.ephemeral(), "{}", answered.content());
    // Paired: nothing left to leave, said privately.
    let from = fake.call_count();
    fake.click(
        CHANNEL,
        ALICE,
        "alice",
        "pool:leave",
        &["pool:leave".to_string()],
    );
    let refused = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path.starts_with("/api/v10/webhooks/")
        })
        .await;
    assert!(
        refused.ephemeral()
            && refused
                .content()
                .contains("You are not waiting in any pool."),
        "{}",
        refused.content()
    );

    // Over: Alice leaves in the thread; Bob's Rematch offers it again, Alice's starts it.
    let thread: u64 = board
        .path
        .trim_start_matches("/api/v10/channels/")
        .trim_end_matches("/messages")
        .parse()
        .unwrap();
    let from = fake.call_count();
    let id = fake.slash(thread, ALICE, "alice", "resign", json!([]), &[]);
    // Before a move, resigning calls the game off; the final board offers a rematch all the same.
    let ended = answer_to(&fake, from, id).await;
    assert!(
        ended.content().contains("Called off"),
        "{}",
        ended.content()
    );
    let rematch = ended
        .custom_ids()
        .into_iter()
        .find(|b| b.starts_with("rematch:"))
        .unwrap_or_else(|| panic!("no Rematch under the final board: {}", ended.json));
    let from = fake.call_count();
    fake.click(thread, BOB, "bob", &rematch, &ended.custom_ids());
    let offer = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.content().contains("Rematch?")
        })
        .await;
    assert!(
        offer.path.contains(&thread.to_string())
            && offer.content().contains(&format!(
                "<@{BOB}> plays White this time. To play, <@{ALICE}> presses Rematch or Accept within 2 minutes."
            )),
        "{} {}",
        offer.path,
        offer.content()
    );
    let from = fake.call_count();
    fake.click(thread, ALICE, "alice", &rematch, &ended.custom_ids());
    let again = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.content().contains("Game on!")
        })
        .await;
    // The offer was taken from the board: its own Accept and Decline go grey.
    let greyed = fake
        .wait_for(from, |c| {
            c.method == "PATCH"
                && c.path.contains(&format!("/channels/{thread}/messages/"))
                && c.custom_ids().iter().any(|i| i.starts_with("challenge:"))
        })
        .await;
    assert!(
        greyed.json.to_string().contains("\"disabled\":true"),
        "{}",
        greyed.json
    );
    assert!(
        again.path.contains(&thread.to_string())
            && again
                .content()
                .contains(&format!("<@{BOB}> plays White, <@{ALICE}> plays Black")),
        "{}",
        again.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_taken_by_the_first_player_to_press_accept() {
    let (fake, _bot, _db) = connected_bot("open").await;
    fake.wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "challenge",
        json!([{ "name": "rated", "type": 5, "value": false }]),
        &[],
    );
    let c = answer_to(&fake, from, id).await;
    assert!(
        c.content().contains(&format!(
            "An open challenge! <@{ALICE}> will play anyone here"
        )),
        "{}",
        c.content()
    );
    let ids = c.custom_ids();
    let accept = ids.iter().find(|i| i.ends_with(":accept")).unwrap().clone();
    let cancel = ids
        .iter()
        .find(|i| i.ends_with(":decline"))
        .unwrap()
        .clone();
    let refusal = |from| {
        fake.wait_for(from, |c: &fake_discord::Call| {
            c.method == "POST" && c.path.starts_with("/api/v10/webhooks/")
        })
    };
    // Its challenger cannot take it, nor anyone else withdraw it: each told privately.
    let from = fake.call_count();
    fake.click(CHANNEL, ALICE, "alice", &accept, &ids);
    let own = refusal(from).await;
    assert!(
        own.ephemeral() && own.content().contains("your own open challenge"),
        "{}",
        own.content()
    );
    let from = fake.call_count();
    fake.click(CHANNEL, CAROL, "carol", &cancel, &ids);
    let not_hers = refusal(from).await;
    assert!(
        not_hers.ephemeral()
            && not_hers
                .content()
                .contains(&format!("Only <@{ALICE}> can withdraw")),
        "{}",
        not_hers.content()
    );
    // Bob takes it: the game starts, and the challenge's post says who took it.
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &ids);
    let board = fake
        .wait_for(from, |c| {
            c.path == format!("/api/v10/channels/{CHANNEL}/messages")
        })
        .await;
    let taken = format!("The open challenge of <@{ALICE}> was taken by <@{BOB}>.");
    assert!(
        board.content().contains(&taken) && board.content().contains("Game on!"),
        "{}",
        board.content()
    );
    assert!(board.png().is_some());
    let settled = fake
        .wait_for(from, |c| {
            c.method == "PATCH" && c.path.ends_with("/messages/@original")
        })
        .await;
    assert!(settled.content().contains(&taken), "{}", settled.json);
    let buttons = &settled.json["components"][0]["components"];
    assert!(
        buttons
            .as_array()
            .is_some_and(|b| b.iter().all(|b| b["disabled"] == true)),
        "{}",
        settled.json
    );
    // Carol, a moment late.
    let from = fake.call_count();
    fake.click(CHANNEL, CAROL, "carol", &accept, &ids);
    let late = refusal(from).await;
    assert!(
        late.ephemeral() && late.content().contains("no longer open"),
        "{}",
        late.content()
    );
}

/// Types `text` as `user` and waits for the bot's message in the channel.
async fn typed(fake: &FakeDiscord, user: u64, name: &str, text: &str) -> fake_discord::Call {
    let from = fake.call_count();
    fake.message(CHANNEL, user, name, text);
    fake.wait_for(from, |c| {
        c.method == "POST" && c.path == format!("/api/v10/channels/{CHANNEL}/messages")
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_played_to_the_end_with_typed_moves_and_slash_moves() {
    let (fake, _bot, _db) = connected_bot("game").await;
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.method == "GET" && c.path == "/api/v10/gateway"),
        "the gateway URL came from the stand-in"
    );
    fake.wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;

    challenge_and_accept(&fake).await;
    let mut game = Game::default();
    let mut state = 12345u64;
    let mut slash_moves = 0;
    while !game.is_over() && game.ply_count() < 300 {
        let legal = game.position().legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let mv = legal[(state >> 33) as usize % legal.len()];
        let text = game.position().notation(&mv);
        let (user, name, other) = if game.ply_count() % 2 == 0 {
            (ALICE, "alice", BOB)
        } else {
            (BOB, "bob", ALICE)
        };
        let reply = if game.ply_count() % 10 == 3 {
            slash_moves += 1;
            let from = fake.call_count();
            let id = fake.slash(
                CHANNEL,
                user,
                name,
                "move",
                json!([{ "name": "move", "type": 3, "value": text }]),
                &[],
            );
            fake.wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
                .await
        } else {
            typed(&fake, user, name, &text).await
        };
        game.play(mv).unwrap();
        assert!(
            reply.content().contains(&format!(": {text}")),
            "{}",
            reply.content()
        );
        assert!(reply.png().is_some(), "a board after every move");
        if !game.is_over() {
            assert!(
                reply.content().contains(&format!("To move: <@{other}>")),
                "{}",
                reply.content()
            );
        }
    }
    assert!(slash_moves > 0);
    if !game.is_over() {
        let r = resign_confirmed(&fake, ALICE, "alice").await;
        assert!(r.content().contains("resigned"), "{}", r.content());
    }

    // The finished game is anyone's to analyse: the response shows the progress, then turns
    // into the accuracy figures with the chart and the annotated PDN attached.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, CAROL, "carol", "analyze", json!([]), &[]);
    let progress = fake
        .wait_for(from, |c| {
            c.path.contains(&format!("/interactions/{id}/")) && c.content().contains("Analysing")
        })
        .await;
    assert!(!progress.ephemeral(), "{}", progress.json);
    let done = fake
        .wait_for(from, |c| {
            c.method == "PATCH"
                && c.path.contains(&format!("token{id}"))
                && c.content().contains("Analysis of game")
        })
        .await;
    assert!(done.content().contains("accuracy"), "{}", done.content());
    let names: Vec<&str> = done.files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        names.iter().any(|n| n.ends_with("-analysis.png"))
            && names.iter().any(|n| n.ends_with("-analysis.pdn")),
        "{names:?}"
    );
}

/// `/dama resign` in a rated game: the private question, then the click on its confirmation;
/// returns the board that ends the game.
async fn resign_confirmed(fake: &FakeDiscord, user: u64, name: &str) -> fake_discord::Call {
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, user, name, "resign", json!([]), &[]);
    let ask = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(ask.ephemeral(), "the question is private: {}", ask.json);
    let confirm = ask
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":resign!"))
        .expect("a confirmation button");
    let from = fake.call_count();
    fake.click(CHANNEL, user, name, &confirm, &ask.custom_ids());
    fake.wait_for(from, |c| {
        c.method == "POST" && c.path == format!("/api/v10/channels/{CHANNEL}/messages")
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_an_ai_game_a_restart_and_the_leaderboard() {
    let (fake, bot, db) = connected_bot("refusals").await;
    challenge_and_accept(&fake).await;

    // A third user trying to move gets nothing: chatter is ignored.
    let from = fake.call_count();
    fake.message(CHANNEL, CAROL, "carol", "e3-e4");
    // Out of turn: Bob answers before Alice moved.
    let r = typed(&fake, BOB, "bob", "f6-f5").await;
    assert!(
        r.content().contains("It is not your turn"),
        "{}",
        r.content()
    );
    assert!(
        fake.calls()[from..]
            .iter()
            .all(|c| !c.content().contains("played")),
        "Carol's move was not played"
    );
    // Illegal.
    let r = typed(&fake, ALICE, "alice", "e3-e5").await;
    assert!(r.content().contains("cannot move to e5"), "{}", r.content());
    let r = typed(&fake, ALICE, "alice", "e3-e4").await;
    assert!(r.content().contains(": e3-e4"), "{}", r.content());
    let stale = r.custom_ids();
    let r = typed(&fake, BOB, "bob", "f6-f5").await;
    assert!(r.content().contains(": f6-f5"));
    // A stale button: Resign from the board before Bob's move.
    let resign = stale
        .iter()
        .find(|i| i.ends_with(":resign"))
        .unwrap()
        .clone();
    let from = fake.call_count();
    fake.click(CHANNEL, ALICE, "alice", &resign, &stale);
    let polite = fake
        .wait_for(from, |c| c.path.starts_with("/api/v10/webhooks/"))
        .await;
    assert!(
        polite.content().contains("earlier position") && polite.ephemeral(),
        "{}",
        polite.content()
    );

    // Restart in the middle of the game; it goes on afterwards.
    drop(bot);
    let _bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    let r = typed(&fake, ALICE, "alice", "d3-d4").await;
    assert!(r.content().contains(": d3-d4"), "{}", r.content());
    resign_confirmed(&fake, BOB, "bob").await;

    let from = fake.call_count();
    let id = fake.slash(CHANNEL, CAROL, "carol", "leaderboard", json!([]), &[]);
    let board = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    let text = board.content();
    let alice = text.find(&format!("<@{ALICE}>")).expect("Alice is listed");
    let bob = text.find(&format!("<@{BOB}>")).expect("Bob is listed");
    assert!(alice < bob, "the winner first: {text}");
    // Alice's card: a picture, and the facts as text.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "stats", json!([]), &[]);
    let card = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        card.files
            .iter()
            .any(|(name, bytes)| name.starts_with("card-") && bytes.starts_with(b"\x89PNG")),
        "{:?}",
        card.files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert!(
        card.content().contains("1 rated game: 1 win"),
        "{}",
        card.content()
    );

    // A game against the AI in another channel: the AI answers.
    let ai_channel = CHANNEL + 1;
    let from = fake.call_count();
    fake.slash(
        ai_channel,
        CAROL,
        "carol",
        "ai",
        json!([{ "name": "level", "type": 4, "value": 0 }]),
        &[],
    );
    fake.wait_for(from, |c| c.content().contains("against the AI"))
        .await;
    let from = fake.call_count();
    fake.message(ai_channel, CAROL, "carol", "e3-e4");
    let answer = fake
        .wait_for(from, |c| c.content().contains("Played by the easy AI"))
        .await;
    assert!(answer.png().is_some());
    assert!(
        answer.content().contains(&format!("To move: <@{CAROL}>")),
        "{}",
        answer.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_ai_played_to_the_end() {
    let (fake, _bot, db) = connected_bot("ai").await;
    let channel = CHANNEL + 7;
    let from = fake.call_count();
    fake.slash(
        channel,
        CAROL,
        "carol",
        "ai",
        json!([{ "name": "level", "type": 4, "value": 0 }]),
        &[],
    );
    let mut last = fake
        .wait_for(from, |c| c.content().contains("against the AI"))
        .await;
    let mut state = 99u64;
    let mut moves = 0;
    loop {
        let text = last.content();
        if text.contains(" wins") || text.contains("Draw") {
            break;
        }
        assert!(text.contains(&format!("To move: <@{CAROL}>")), "{text}");
        // A board carries no position string: the position is the one the bot stored.
        assert_eq!(last.footer(), None, "no raw position under a board");
        let position = position_in(&db, channel).await;
        let legal = position.legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let mv = legal[(state >> 33) as usize % legal.len()];
        let from = fake.call_count();
        fake.message(channel, CAROL, "carol", &position.notation(&mv));
        moves += 1;
        // Carol's board, then the AI's; or one board for both, when the AI answered before
        // the channel could take Carol's (Discord's pace).
        last = fake
            .wait_for(from, |c| {
                let text = c.content();
                c.png().is_some()
                    && (text.contains(&format!("To move: <@{CAROL}>"))
                        || text.contains(" wins")
                        || text.contains("Draw"))
            })
            .await;
        assert!(last.png().is_some());
        assert!(moves < 400, "the game should have ended");
    }
    assert!(
        last.custom_ids().is_empty()
            || last.json["components"][0]["components"][0]["disabled"] == true
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_with_thread_true_is_played_in_a_new_thread() {
    let (fake, _bot, _db) = connected_bot("thread").await;
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() },
               { "name": "color", "type": 4, "value": 0 },
               { "name": "thread", "type": 5, "value": true }]),
        &[(BOB, "bob")],
    );
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .unwrap();
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &answer.custom_ids());
    fake.wait_for(from, |c| {
        c.path == format!("/api/v10/channels/{CHANNEL}/threads")
    })
    .await;
    let board = fake
        .wait_for(from, |c| c.content().contains("Game on!"))
        .await;
    let thread: u64 = board.path.split('/').nth(4).unwrap().parse().unwrap();
    assert_ne!(thread, CHANNEL, "the game is in the thread");
    let from = fake.call_count();
    fake.message(thread, ALICE, "alice", "e3-e4");
    let r = fake
        .wait_for(from, |c| {
            c.path == format!("/api/v10/channels/{thread}/messages")
        })
        .await;
    assert!(r.content().contains(": e3-e4"), "{}", r.content());
    // The parent channel stays free for another game.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, CAROL, "carol", "ai", json!([]), &[]);
    let r = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(r.content().contains("against the AI"), "{}", r.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_is_autocompleted_and_sigterm_shuts_the_bot_down_cleanly() {
    let (fake, mut bot, db) = connected_bot("autocomplete").await;
    challenge_and_accept(&fake).await;
    let from = fake.call_count();
    let id = fake.autocomplete(CHANNEL, ALICE, "alice", "move", "e3");
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert_eq!(
        answer.json["type"], 8,
        "an autocomplete result: {}",
        answer.json
    );
    let choices: Vec<&str> = answer.json["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| c["value"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(choices, ["e3-e4"]);

    let pid = bot.0.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let exit = loop {
        if let Some(s) = bot.0.try_wait().unwrap() {
            break s;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot stops after SIGTERM"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "a clean exit: {exit:?}");
    // The database was closed cleanly: the game is there for the next start.
    let _bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    let r = typed(&fake, ALICE, "alice", "e3-e4").await;
    assert!(r.content().contains(": e3-e4"), "{}", r.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turkish_server_and_player_get_turkish_and_an_english_player_english() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale("tr");
    fake.set_user_locale(ALICE, "tr");
    fake.set_user_locale(BOB, "en-US");
    let db = temp_db("turkish");
    let _bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    // The commands are registered with Turkish names and descriptions.
    let put = fake
        .wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;
    let dama = &put.json[0];
    assert_eq!(dama["name"], "dama");
    let sub = |name: &str| {
        dama["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no {name} in {dama}"))
            .clone()
    };
    assert_eq!(sub("challenge")["name_localizations"]["tr"], "davet");
    assert_eq!(
        sub("challenge")["options"][0]["name_localizations"]["tr"],
        "rakip"
    );
    assert_eq!(sub("ai")["name_localizations"]["tr"], "bilgisayar");
    assert!(
        sub("move")["description_localizations"]["tr"]
            .as_str()
            .is_some_and(|d| d.contains("hamle")),
        "{}",
        sub("move")
    );

    // Alice (Turkish) challenges: her reply is Turkish.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() }, { "name": "color", "type": 4, "value": 0 }]),
        &[(BOB, "bob")]);
    let answer = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        answer.content().contains("davet ediyor"),
        "{}",
        answer.content()
    );
    let labels: Vec<String> = answer.json["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(labels, ["Kabul et", "Reddet"]);
    // Bob (English) accepts with the button: the game's first post is the whole channel's,
    // in the server's language (its picture drawn with it).
    let accept = answer
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .unwrap();
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &answer.custom_ids());
    let board = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path.ends_with("/messages") && c.png().is_some()
        })
        .await;
    assert!(
        board.content().contains("Oyun başladı!"),
        "{}",
        board.content()
    );
    // What only Bob reads stays English: pressing Accept again is refused to him alone.
    let from = fake.call_count();
    let again = fake.click(CHANNEL, BOB, "bob", &accept, &answer.custom_ids());
    let refused = answer_to(&fake, from, again).await;
    assert!(
        refused
            .content()
            .contains("That challenge is no longer open")
            && refused.ephemeral(),
        "{}",
        refused.content()
    );
    // A typed move is for the whole channel: the server's language.
    let r = typed(&fake, ALICE, "alice", "e3-e4").await;
    assert!(r.content().contains("Hamle: e3-e4"), "{}", r.content());
    assert!(
        r.content().contains(&format!("Sıra: <@{BOB}> (siyah)")),
        "{}",
        r.content()
    );
    // A typed refusal too, and it pings nobody.
    let r = typed(&fake, ALICE, "alice", "d3-d4").await;
    assert!(r.content().contains("Sıra sende değil"), "{}", r.content());
    assert_eq!(r.json["allowed_mentions"]["parse"], json!([]), "{}", r.json);
    assert_eq!(r.json["allowed_mentions"]["replied_user"], false);
    // Bob's slash command: English, in the same server.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, BOB, "bob", "moves", json!([]), &[]);
    let moves = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        moves.content().starts_with("Black to move"),
        "{}",
        moves.content()
    );
    // Alice's slash refusal is Turkish, and private.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "hint", json!([]), &[]);
    let refusal = fake
        .wait_for(from, |c| {
            c.path.contains(&format!("token{id}")) && !c.content().is_empty()
        })
        .await;
    assert!(
        refusal.content().contains("İpucu yalnızca"),
        "{}",
        refusal.content()
    );
    // Bob chooses Turkish for himself: from now on his replies are Turkish.
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        BOB,
        "bob",
        "language",
        json!([{ "name": "language", "type": 4, "value": 0 }]),
        &[],
    );
    let set = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(set.content().contains("Türkçe"), "{}", set.content());
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, BOB, "bob", "moves", json!([]), &[]);
    let moves = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    assert!(
        moves.content().starts_with("Siyah oynar"),
        "{}",
        moves.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rest_faults_and_gateway_drops_still_bring_every_board_exactly_once() {
    use fake_discord::{Fault, GatewayFault};
    let (fake, _bot, _db) = connected_bot("faults").await;
    challenge_and_accept(&fake).await;
    let messages = format!("/channels/{CHANNEL}/messages");
    let moves = [
        (ALICE, "alice", "e3-e4", Some(Fault::ServerError)),
        (BOB, "bob", "f6-f5", Some(Fault::ServerErrorAfterCreating)),
        (ALICE, "alice", "d3-d4", Some(Fault::TooManyRequests(1200))),
        (BOB, "bob", "c6-c5", Some(Fault::Drop)),
        (ALICE, "alice", "h3-h4", None),
    ];
    let mut played = Vec::new();
    for (user, name, mv, fault) in moves {
        if let Some(f) = fault {
            fake.fault(&messages, f);
        }
        fake.message(CHANNEL, user, name, mv);
        let board = fake
            .wait_created(CHANNEL, |c| c.content().contains(&format!(": {mv}")))
            .await;
        assert!(board.png().is_some(), "{mv}: the board is attached");
        played.push(mv);
    }
    // The gateway drops, asks for a reconnect, invalidates the session: moves still arrive.
    for (fault, (user, name, mv)) in [
        (GatewayFault::Drop, (BOB, "bob", "g6-g5")),
        (GatewayFault::Reconnect, (ALICE, "alice", "b3-b4")),
        (GatewayFault::InvalidSession, (BOB, "bob", "a6-a5")),
    ] {
        fake.gateway_fault(fault);
        fake.wait_connected().await;
        fake.message(CHANNEL, user, name, mv);
        fake.wait_created(CHANNEL, |c| c.content().contains(&format!(": {mv}")))
            .await;
        played.push(mv);
    }
    // Settle, then count: every board exactly once.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let created = fake.created_in(CHANNEL);
    for mv in played {
        let n = created
            .iter()
            .filter(|c| c.content().contains(&format!(": {mv}")))
            .count();
        assert_eq!(n, 1, "{mv} was posted {n} times");
    }
}

/// The bot binary with stderr captured, for start and stop tests.
fn start_bot_captured(api_base: &str, token: &str, db: &std::path::Path) -> Bot {
    start_bot_building(api_base, token, db, None)
}

/// [`start_bot_captured`], building the endgame tables into `tables` on its first start.
fn start_bot_building(
    api_base: &str,
    token: &str,
    db: &std::path::Path,
    tables: Option<&std::path::Path>,
) -> Bot {
    let child = bot_command(api_base, token, db, tables)
        .spawn()
        .expect("the bot starts");
    Bot(child)
}

/// The command that starts the bot as [`start_bot_building`] does, for a test to add to.
fn bot_command(
    api_base: &str,
    token: &str,
    db: &std::path::Path,
    tables: Option<&std::path::Path>,
) -> Command {
    let tables = tables.map_or("off".to_string(), |t| t.display().to_string());
    let mut command = Command::new(env!("CARGO_BIN_EXE_dama"));
    command
        .arg("run")
        .env("DISCORD_TOKEN", token)
        .env("DISCORD_API_BASE", api_base)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("DAMA_TABLES", tables)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// Waits up to `secs` for the bot to exit; its status and what it wrote on stderr.
async fn exit_within(bot: &mut Bot, secs: u64) -> (std::process::ExitStatus, String) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        if let Some(s) = bot.0.try_wait().unwrap() {
            break s;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot did not stop within {secs} s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let mut err = String::new();
    use std::io::Read;
    bot.0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, err)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_refuses_stops_the_bot_at_once_naming_discord_token() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("badtoken");
    let mut bot = start_bot_captured(&fake.rest_url, "bad-token", &db);
    let (status, err) = exit_within(&mut bot, 10).await;
    assert!(!status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

/// kill -9 right after a move was stored (its board refused by Discord for a moment) once lost
/// its board for good: after the restart, no board for it came, and the next named only its
/// own move. The move's post is owed in the database from its own transaction, and the
/// restarted bot posts it once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_lost_with_its_process_is_posted_once_after_the_restart() {
    let (fake, mut bot, db) = connected_bot("owed").await;
    challenge_and_accept(&fake).await;
    let before = fake.created_in(CHANNEL).len();
    for _ in 0..30 {
        fake.fault(
            &format!("/channels/{CHANNEL}/messages"),
            fake_discord::Fault::ServerError,
        );
    }
    fake.message(CHANNEL, ALICE, "alice", "e3-e4");
    let store = dama_store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let row = store
            .latest_game(dama_model::ChannelId(CHANNEL))
            .await
            .unwrap()
            .expect("a game");
        if row.ply == 1 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the move was never stored"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    store.close().await;
    // Stored, its board not posted: the process dies.
    bot.0.kill().unwrap();
    bot.0.wait().unwrap();
    assert_eq!(fake.created_in(CHANNEL).len(), before, "nothing posted");
    fake.clear_faults();

    let _bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    let board = fake
        .wait_created(CHANNEL, |c| c.content().contains("e3-e4"))
        .await;
    assert!(board.png().is_some(), "the board: {}", board.content());
    assert!(
        board.content().contains(&format!("<@{BOB}>")),
        "Bob is told it is his turn"
    );
    // Once: another scan later, still one post of it.
    tokio::time::sleep(std::time::Duration::from_secs(7)).await;
    let posted: Vec<_> = fake.created_in(CHANNEL)[before..]
        .iter()
        .filter(|c| c.content().contains("e3-e4"))
        .map(fake_discord::Call::content)
        .collect();
    assert_eq!(posted.len(), 1, "{posted:?}");
}

/// Two bots on one SQLite file once both started, and neither's pages heard the other's moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_process_on_a_sqlite_file_in_use_refuses_to_start_naming_the_file() {
    let (fake, mut first, db) = connected_bot("claimed").await;
    let mut second = start_bot_captured(&fake.rest_url, "test-token", &db);
    let (status, err) = exit_within(&mut second, 10).await;
    assert_eq!(status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&db.display().to_string()), "{err}");
    assert!(err.contains("in use by another process"), "{err}");
    assert!(err.contains("PostgreSQL"), "{err}");
    assert!(
        first.0.try_wait().unwrap().is_none(),
        "the first bot runs on"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_discord_unreachable_a_signal_stops_the_bot_within_seconds() {
    let db = temp_db("unreachable");
    // Nothing listens on port 9 here: every call fails to connect.
    let mut bot = start_bot_captured("http://127.0.0.1:9", "test-token", &db);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(bot.0.try_wait().unwrap().is_none(), "it keeps trying");
    let pid = bot.0.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let (status, err) = exit_within(&mut bot, 5).await;
    assert!(status.success(), "{status:?}: {err}");
    assert!(err.contains("cannot be reached"), "{err}");
    assert!(
        !err.contains('\x1b'),
        "no colour codes into a pipe: {err:?}"
    );
}

/// The tables a first start builds, next to its database.
fn tables_beside(db: &std::path::Path) -> std::path::PathBuf {
    let dir = db.with_extension("tables");
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signal_stops_the_first_start_within_5_s_while_it_builds_the_tables() {
    for signal in ["-INT", "-TERM"] {
        let db = temp_db(&format!("building{signal}"));
        let tables = tables_beside(&db);
        let mut bot = start_bot_building("http://127.0.0.1:9", "test-token", &db, Some(&tables));
        // The two-piece tables take a fraction of a second; the build then goes on for minutes.
        tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
        assert!(bot.0.try_wait().unwrap().is_none(), "it keeps trying");
        let pid = bot.0.id().to_string();
        assert!(
            Command::new("kill")
                .args([signal, &pid])
                .status()
                .unwrap()
                .success()
        );
        let (status, err) = exit_within(&mut bot, 5).await;
        assert!(status.success(), "{signal}: {status:?}: {err}");
        // What was finished is kept, whole, for the next start; nothing half-written.
        let wanted = dama_play::tables::Material::all_up_to(4);
        let kept = dama_play::tables::plan(&tables, &wanted);
        let done = kept.iter().filter(|(_, there)| *there).count();
        assert!(
            done >= 1 && done < kept.len(),
            "{done} of {} tables",
            kept.len()
        );
        for entry in std::fs::read_dir(&tables).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(name.ends_with(".dtw"), "{name} left behind");
        }
        let _ = std::fs::remove_dir_all(&tables);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_first_start_at_once_while_it_builds_the_tables() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("badtoken-building");
    let tables = tables_beside(&db);
    let mut bot = start_bot_building(&fake.rest_url, "bad-token", &db, Some(&tables));
    let (status, err) = exit_within(&mut bot, 5).await;
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
    let _ = std::fs::remove_dir_all(&tables);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_privileged_intents_say_what_to_do_in_one_line() {
    let fake = FakeDiscord::start().await;
    fake.refuse_privileged_intents();
    let db = temp_db("intents");
    let mut bot = Bot(bot_command(&fake.rest_url, "test-token", &db, None)
        .env("DAMA_MEMBER_EVENTS", "true")
        .spawn()
        .expect("the bot starts"));
    let (status, err) = exit_within(&mut bot, 20).await;
    assert_eq!(status.code(), Some(2), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("dama: "))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("Developer Portal"), "{line}");
    assert!(line.contains("DAMA_MESSAGE_CONTENT=false"), "{line}");
    assert!(line.contains("DAMA_MEMBER_EVENTS=false"), "{line}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_the_server_leaves_its_pool_at_once_with_member_events() {
    const GUILD_MEMBERS: u64 = 1 << 1;
    let fake = FakeDiscord::start().await;
    let db = temp_db("member-left");
    let _bot = fake.start_bot(
        &format!("sqlite://{}", db.display()),
        &[("DAMA_MEMBER_EVENTS", "true".to_string())],
    );
    fake.wait_connected().await;
    assert_ne!(fake.identified_intents() & GUILD_MEMBERS, 0);
    fake.wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;
    let from = fake.call_count();
    let clock = json!([{ "name": "clock", "type": 3, "value": "5+3" }]);
    let id = fake.slash(CHANNEL, ALICE, "alice", "seek", clock, &[]);
    answer_to(&fake, from, id).await;
    let store = dama_store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let alice = dama_model::UserId(ALICE);
    assert!(store.waiting_seek(alice).await.unwrap().is_some());
    fake.member_left(fake_discord::GUILD, ALICE, "alice");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while store.waiting_seek(alice).await.unwrap().is_some() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "still waiting 10 s after leaving the server"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_member_events_the_bot_asks_for_no_server_members() {
    const GUILD_MEMBERS: u64 = 1 << 1;
    let (fake, _bot, _db) = connected_bot("no-members").await;
    assert_eq!(fake.identified_intents() & GUILD_MEMBERS, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_address_comes_from_the_given_endpoint_even_when_it_fails_at_first() {
    use fake_discord::Fault;
    let fake = FakeDiscord::start().await;
    fake.fault("/gateway", Fault::ServerError);
    fake.fault("/gateway", Fault::Drop);
    let db = temp_db("gateway");
    let _bot = start_bot(&fake, &db);
    // Connected to the stand-in's gateway, not Discord's.
    fake.wait_connected().await;
    let asked = fake
        .calls()
        .iter()
        .filter(|c| c.method == "GET" && c.path == "/api/v10/gateway")
        .count();
    assert!(asked >= 3, "asked {asked} times");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_newest_board_keeps_its_buttons() {
    let (fake, _bot, _db) = connected_bot("newest").await;
    challenge_and_accept(&fake).await;
    let first = fake
        .wait_created(CHANNEL, |c| c.content().contains("Game on!"))
        .await;
    let first_id = first.response["id"].as_str().unwrap().to_string();
    let from = fake.call_count();
    typed(&fake, ALICE, "alice", "e3-e4").await;
    let edit = fake
        .wait_for(from, |c| {
            c.method == "PATCH"
                && c.path == format!("/api/v10/channels/{CHANNEL}/messages/{first_id}")
        })
        .await;
    assert_eq!(edit.json["components"], json!([]), "{}", edit.json);
    // The new board still has its buttons.
    let second = fake
        .wait_created(CHANNEL, |c| c.content().contains(": e3-e4"))
        .await;
    assert!(!second.custom_ids().is_empty());
}

/// The answer to interaction `id` (its callback, or the follow-up or edit that carries words).
async fn answer_to(fake: &FakeDiscord, from: usize, id: u64) -> fake_discord::Call {
    fake.wait_for(from, |c| {
        (c.path.contains(&format!("/interactions/{id}/")) || c.path.contains(&format!("token{id}")))
            && !c.content().is_empty()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_stay_private_and_refusals_ping_nobody() {
    let (fake, _bot, _db) = connected_bot("manners").await;

    // A declined challenge tells the challenger.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() }, { "name": "rated", "type": 5, "value": false }]),
        &[(BOB, "bob")]);
    let c = answer_to(&fake, from, id).await;
    let decline = c
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":decline"))
        .unwrap();
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &decline, &c.custom_ids());
    let declined = fake
        .wait_for(from, |c| c.content().contains("declined"))
        .await;
    assert!(
        declined.content().contains(&format!("<@{ALICE}>")),
        "{}",
        declined.content()
    );
    assert_eq!(
        declined.json["allowed_mentions"]["users"],
        json!([ALICE.to_string()]),
        "{}",
        declined.json
    );

    // /dama draw and /dama replay refused privately (Carol plays nothing here).
    for sub in ["draw", "replay"] {
        let from = fake.call_count();
        let id = fake.slash(CHANNEL, CAROL, "carol", sub, json!([]), &[]);
        let r = answer_to(&fake, from, id).await;
        assert!(r.ephemeral(), "{sub}: {}", r.json);
    }

    // A casual game: the Hint button answers only the one who pressed it.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() },
               { "name": "color", "type": 4, "value": 0 }, { "name": "rated", "type": 5, "value": false }]),
        &[(BOB, "bob")]);
    let c = answer_to(&fake, from, id).await;
    let accept = c
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .unwrap();
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &c.custom_ids());
    let board = fake
        .wait_for(from, |c| c.content().contains("Game on!"))
        .await;
    let hint = board
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":hint"))
        .unwrap();
    let from = fake.call_count();
    let click = fake.click(CHANNEL, ALICE, "alice", &hint, &board.custom_ids());
    let answer = answer_to(&fake, from, click).await;
    assert!(
        answer.content().starts_with("Hint:"),
        "{}",
        answer.content()
    );
    assert!(answer.ephemeral(), "{}", answer.json);
    assert!(
        fake.created_in(CHANNEL)
            .iter()
            .all(|c| !c.content().contains("Hint:")),
        "no hint in the channel"
    );

    // A 4,500-character move gets a refusal Discord accepts, quoting only a little of it.
    let from = fake.call_count();
    let long = "e".repeat(4500);
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "move",
        json!([{ "name": "move", "type": 3, "value": long }]),
        &[],
    );
    let r = answer_to(&fake, from, id).await;
    assert!(
        r.content().chars().count() < 300,
        "{} characters",
        r.content().len()
    );
    assert!(r.content().contains("cannot be played"), "{}", r.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_thread_is_opened_only_for_a_challenge_still_open() {
    let (fake, _bot, _db) = connected_bot("threads").await;
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "challenge",
        json!([{ "name": "opponent", "type": 6, "value": BOB.to_string() },
               { "name": "thread", "type": 5, "value": true }]),
        &[(BOB, "bob")],
    );
    let c = answer_to(&fake, from, id).await;
    let accept = c
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":accept"))
        .unwrap();
    // Someone else's click: refused, no thread.
    let from = fake.call_count();
    let click = fake.click(CHANNEL, CAROL, "carol", &accept, &c.custom_ids());
    let refusal = answer_to(&fake, from, click).await;
    assert!(
        refusal.ephemeral() && refusal.content().contains("someone else"),
        "{}",
        refusal.json
    );
    // A double click: one thread, one game.
    let from = fake.call_count();
    fake.click(CHANNEL, BOB, "bob", &accept, &c.custom_ids());
    fake.click(CHANNEL, BOB, "bob", &accept, &c.custom_ids());
    fake.wait_for(from, |c| c.content().contains("Game on!"))
        .await;
    fake.wait_for(from, |c| c.content().contains("no longer open"))
        .await;
    let threads = fake
        .calls()
        .iter()
        .filter(|c| c.path == format!("/api/v10/channels/{CHANNEL}/threads"))
        .count();
    assert_eq!(threads, 1);
}

/// Today's puzzle, by the bot's rule (the first 365 in turn, the day turning at midnight in
/// Türkiye).
fn todays_puzzle() -> dama_play::puzzle::Puzzle {
    let now = dama_core::host::Clock::system().now();
    let set = dama_play::puzzle::shipped();
    let day = dama_model::Day::in_turkiye(now);
    set[day.0.rem_euclid(365.min(set.len()) as i64) as usize].clone()
}

fn puzzle_move(fake: &FakeDiscord, user: u64, name: &str, text: &str) -> u64 {
    fake.slash(
        CHANNEL,
        user,
        name,
        "puzzle",
        json!([{ "name": "move", "type": 3, "value": text }]),
        &[],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn todays_puzzle_is_solved_privately_and_posted_daily_in_the_chosen_channel() {
    let (fake, _bot, _db) = connected_bot("puzzle").await;
    let p = todays_puzzle();
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "puzzle", json!([]), &[]);
    let shown = answer_to(&fake, from, id).await;
    assert!(shown.ephemeral(), "{}", shown.json);
    assert!(
        shown.content().starts_with("Today's puzzle"),
        "{}",
        shown.content()
    );
    assert!(shown.png().is_some(), "the puzzle comes with its board");
    // A wrong move costs a try, privately.
    let game = p.game_at(0);
    let pos = game.position();
    let wrong = pos
        .legal_moves()
        .into_iter()
        .find(|m| *m != p.line[0])
        .map(|m| pos.notation(&m))
        .unwrap();
    let from = fake.call_count();
    let id = puzzle_move(&fake, ALICE, "alice", &wrong);
    let r = answer_to(&fake, from, id).await;
    assert!(r.ephemeral());
    assert!(r.content().contains("2 tries left"), "{}", r.content());
    // The right moves, answered by the defence, to the end.
    for step in 0..p.moves() {
        let game = p.game_at(step);
        let text = game.position().notation(&p.line[2 * step]);
        let from = fake.call_count();
        let id = puzzle_move(&fake, ALICE, "alice", &text);
        let r = answer_to(&fake, from, id).await;
        assert!(r.ephemeral(), "{}", r.json);
        if step + 1 < p.moves() {
            assert!(
                r.content()
                    .starts_with(&format!("Right: you played {text}")),
                "{}",
                r.content()
            );
        } else {
            assert!(r.content().starts_with("Solved!"), "{}", r.content());
            // Alice missed once: the rating counts it, and says so.
            assert!(
                r.content().contains("counts it as missed"),
                "{}",
                r.content()
            );
            assert!(
                r.files
                    .iter()
                    .any(|(n, b)| n.ends_with(".gif") && b.starts_with(b"GIF8")),
                "the solution as an animation"
            );
        }
    }
    assert!(
        fake.created_in(CHANNEL)
            .iter()
            .all(|c| !c.content().contains("puzzle")),
        "nothing about the puzzle in the channel"
    );
    // An admin picks a puzzle channel: today's puzzle is posted there, with its button.
    const PUZZLES: u64 = 555_555_555_555_555_555;
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "puzzle-channel",
        json!([{ "name": "channel", "type": 7, "value": PUZZLES.to_string() }]),
        &[],
    );
    let set = answer_to(&fake, from, id).await;
    assert!(
        set.content().contains(&format!("<#{PUZZLES}>")),
        "{}",
        set.content()
    );
    let post = fake
        .wait_created(PUZZLES, |c| c.content().contains("Daily puzzle"))
        .await;
    assert!(post.png().is_some());
    assert_eq!(post.custom_ids(), vec!["puzzle:open".to_string()]);
    // Bob opens it from the button, privately.
    let from = fake.call_count();
    let click = fake.click(PUZZLES, BOB, "bob", "puzzle:open", &post.custom_ids());
    let opened = answer_to(&fake, from, click).await;
    assert!(opened.ephemeral(), "{}", opened.json);
    assert!(
        opened.content().starts_with("Today's puzzle"),
        "{}",
        opened.content()
    );
    // Posted once, however often it is asked for again.
    let from = fake.call_count();
    let id = fake.slash(
        CHANNEL,
        ALICE,
        "alice",
        "puzzle-channel",
        json!([{ "name": "channel", "type": 7, "value": PUZZLES.to_string() }]),
        &[],
    );
    answer_to(&fake, from, id).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let posts = fake
        .created_in(PUZZLES)
        .iter()
        .filter(|c| c.content().contains("Daily puzzle"))
        .count();
    assert_eq!(posts, 1);
}
