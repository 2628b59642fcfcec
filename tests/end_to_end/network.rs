//! The network across servers through the stand-in: two servers join, a player of each seeks
//! everywhere, and their game is played to its end from a thread in each server, every board
//! in both threads (each in its server's language), the rating changed once.

use serde_json::json;

use super::{ALICE, BOB, CHANNEL, answer_to, start_bot, temp_db};
use crate::fake_discord::{Call, FakeDiscord};

/// A server of its own, with one channel.
const OTHER_GUILD: u64 = 900_000_000_000_000_777;
const THERE: u64 = 555_555_555_555_555_555;

/// The first message posted in a thread of `parent` after `from`, with the thread's id.
async fn posted_in_a_thread_of(
    fake: &FakeDiscord,
    from: usize,
    parent: u64,
    pred: impl Fn(&Call) -> bool,
) -> (u64, Call) {
    let opened = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path == format!("/api/v10/channels/{parent}/threads")
        })
        .await;
    let thread: u64 = opened.response["id"].as_str().unwrap().parse().unwrap();
    let post = fake
        .wait_for(from, |c| {
            c.method == "POST"
                && c.path == format!("/api/v10/channels/{thread}/messages")
                && pred(c)
        })
        .await;
    (thread, post)
}

/// The users a post may ping.
fn pinged(post: &Call) -> Vec<String> {
    post.json["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_string))
        .collect()
}

/// The next post in `channel` after `from` whose words hold `text`.
async fn post_in(fake: &FakeDiscord, from: usize, channel: u64, text: &str) -> Call {
    fake.wait_for(from, |c| {
        c.method == "POST"
            && c.path == format!("/api/v10/channels/{channel}/messages")
            && c.content().contains(text)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_in_the_network_play_one_game_from_a_thread_in_each() {
    let fake = FakeDiscord::start().await;
    fake.set_channel_guild(THERE, OTHER_GUILD);
    let db = temp_db("network");
    let _bot = start_bot(&fake, &db);
    fake.wait_connected().await;
    fake.wait_for(0, |c| c.method == "PUT" && c.path.contains("/commands"))
        .await;

    // The other server's channels read Turkish.
    let from = fake.call_count();
    let id = fake.slash(
        THERE,
        BOB,
        "bob",
        "language",
        json!([{ "name": "language", "type": 4, "value": 0 }, { "name": "scope", "type": 4, "value": 1 }]),
        &[],
    );
    answer_to(&fake, from, id).await;

    // Seeking everywhere before the server joins is refused; then both join.
    let everywhere = json!([
        { "name": "clock", "type": 3, "value": "3+2" },
        { "name": "everywhere", "type": 5, "value": true }
    ]);
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "seek", everywhere.clone(), &[]);
    let refused = answer_to(&fake, from, id).await;
    assert!(
        refused.ephemeral()
            && refused
                .content()
                .contains("This server is not in the Dama network"),
        "{}",
        refused.content()
    );
    let join = json!([{ "name": "join", "type": 5, "value": true }]);
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "network", join.clone(), &[]);
    let joined = answer_to(&fake, from, id).await;
    assert!(
        joined
            .content()
            .contains("This server is in the Dama network now, the first of its servers"),
        "{}",
        joined.content()
    );
    let from = fake.call_count();
    let id = fake.slash(THERE, BOB, "bob", "network", join, &[]);
    // Bob's own Discord speaks English: the answers to him are English.
    let joined = answer_to(&fake, from, id).await;
    assert!(
        joined
            .content()
            .contains("This server is in the Dama network now, one of 2 servers"),
        "{}",
        joined.content()
    );

    // Alice seeks here, Bob there: a thread in each server.
    let from = fake.call_count();
    let id = fake.slash(CHANNEL, ALICE, "alice", "seek", everywhere.clone(), &[]);
    let waits = answer_to(&fake, from, id).await;
    assert!(
        waits
            .content()
            .contains("Across the network nobody else waits for it yet"),
        "{}",
        waits.content()
    );
    let from = fake.call_count();
    fake.slash(THERE, BOB, "bob", "seek", everywhere, &[]);
    let (here, first) =
        posted_in_a_thread_of(&fake, from, CHANNEL, |c| c.content().contains("Paired in")).await;
    let (there, echoed) = posted_in_a_thread_of(&fake, from, THERE, |c| {
        c.content().contains("Oyun başladı!")
    })
    .await;
    assert!(first.png().is_some() && echoed.png().is_some());
    assert_eq!(pinged(&first), vec![ALICE.to_string()], "{}", first.json);
    assert!(
        !pinged(&echoed).contains(&ALICE.to_string()),
        "Alice is not of that server: {}",
        echoed.json
    );
    let alice_white = first.content().contains(&format!("<@{ALICE}> plays White"));
    let (white, black) = if alice_white {
        ((here, ALICE, "alice"), (there, BOB, "bob"))
    } else {
        ((there, BOB, "bob"), (here, ALICE, "alice"))
    };

    // Each types moves in their own thread; every board reaches both threads.
    let from = fake.call_count();
    fake.message(white.0, white.1, white.2, "e3-e4");
    post_in(&fake, from, white.0, "").await;
    let told = post_in(&fake, from, black.0, "e3-e4").await;
    assert!(told.png().is_some(), "{}", told.content());
    assert_eq!(pinged(&told), vec![black.1.to_string()], "their turn");
    let from = fake.call_count();
    fake.message(black.0, black.1, black.2, "f6-f5");
    post_in(&fake, from, black.0, "").await;
    post_in(&fake, from, white.0, "f6-f5").await;

    // Black offers a draw from their thread: the offer reaches White's thread too, in its
    // server's language, with its button.
    let from = fake.call_count();
    fake.slash(black.0, black.1, black.2, "draw", json!([]), &[]);
    let offer_text = if white.0 == there {
        "Beraberlik teklifi"
    } else {
        "A draw offer from"
    };
    let offer = post_in(&fake, from, white.0, offer_text).await;
    assert!(
        offer.content().contains(&format!("<@{}>", white.1)) && !offer.custom_ids().is_empty(),
        "{}",
        offer.json
    );

    // White resigns from their thread: the last board in both, each in its language.
    let from = fake.call_count();
    let id = fake.slash(white.0, white.1, white.2, "resign", json!([]), &[]);
    let ask = fake
        .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
        .await;
    let confirm = ask
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":resign!"))
        .unwrap_or_else(|| panic!("a confirmation: {}", ask.json));
    let from = fake.call_count();
    fake.click(white.0, white.1, white.2, &confirm, &ask.custom_ids());
    post_in(&fake, from, here, "Game over").await;
    post_in(&fake, from, there, "Oyun bitti").await;

    // One rated game each, counted once.
    let store = dama_store::Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let speed = dama_play::clock::SpeedClass::Blitz;
    for user in [ALICE, BOB] {
        let rating = store
            .rating(dama_model::UserId(user), speed)
            .await
            .unwrap()
            .expect("rated");
        assert_eq!(rating.games, 1, "{user}");
    }
    store.close().await;
}
