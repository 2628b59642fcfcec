//! Swiss tournaments through the real bot and the Discord stand-in: six players join with the
//! announcement's button, the organiser starts it, three rounds are paired, each game is played
//! in a thread of its own to a resignation, and the final standings (a picture) and the winner
//! are posted in the tournament's thread; and a live Swiss whose round waits its minute's pause,
//! calling its players, where a player who does not start loses by forfeit and the two are
//! paired again (a forfeit is not a game played).

use std::time::{Duration, Instant};

use serde_json::json;

use crate::fake_discord::{Call, FakeDiscord};
use crate::{CHANNEL, connected_bot};

const PLAYERS: [(u64, &str); 6] = [
    (600_000_000_000_000_001, "Ayşe"),
    (600_000_000_000_000_002, "Mehmet"),
    (600_000_000_000_000_003, "Zeynep"),
    (600_000_000_000_000_004, "Emre"),
    (600_000_000_000_000_005, "Elif"),
    (600_000_000_000_000_006, "Can"),
];

fn name_of(user: u64) -> &'static str {
    PLAYERS.iter().find(|p| p.0 == user).expect("a player").1
}

/// The posts made since call `from` that `pred` accepts, once there are `n` of them.
async fn wait_posts(
    fake: &FakeDiscord,
    from: usize,
    n: usize,
    pred: impl Fn(&Call) -> bool,
) -> Vec<Call> {
    wait_posts_within(fake, from, n, Duration::from_secs(60), pred).await
}

/// [`wait_posts`], waiting at most `wait`.
async fn wait_posts_within(
    fake: &FakeDiscord,
    from: usize,
    n: usize,
    wait: Duration,
    pred: impl Fn(&Call) -> bool,
) -> Vec<Call> {
    let deadline = Instant::now() + wait;
    loop {
        let found: Vec<Call> = fake.calls()[from..]
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
            .filter(|c| pred(c))
            .cloned()
            .collect();
        if found.len() >= n {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "waited for {n} posts, saw {}",
            found.len()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The answer to interaction `id` that says something (after any acknowledgement).
async fn answer_to(fake: &FakeDiscord, from: usize, id: u64) -> Call {
    let id = id.to_string();
    fake.wait_for(from, |c| c.path.contains(&id) && !c.content().is_empty())
        .await
}

/// The users a text mentions, in order.
fn mentions(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

/// The channel a post went to.
fn channel_of(post: &Call) -> u64 {
    post.path
        .split('/')
        .nth(4)
        .and_then(|c| c.parse().ok())
        .expect("a channel")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_players_join_by_button_and_a_three_round_swiss_is_played_to_its_winner() {
    let (fake, _bot, _db) = connected_bot("tournament").await;
    let (organiser, organiser_name) = PLAYERS[0];
    let from = fake.call_count();
    let id = fake.slash_group(
        CHANNEL,
        organiser,
        organiser_name,
        ("tournament", "create"),
        json!([
            { "name": "kind", "type": 4, "value": 0 },
            { "name": "rounds", "type": 4, "value": 3 },
            { "name": "name", "type": 3, "value": "Kahvehane Kupası" }
        ]),
    );
    let announced = answer_to(&fake, from, id).await;
    assert!(
        announced.content().contains("Swiss tournament"),
        "{}",
        announced.content()
    );
    let buttons = announced.custom_ids();
    let join = buttons
        .iter()
        .find(|b| b.ends_with(":join"))
        .expect("a Join button");
    // Its news get a thread on the announcement.
    fake.wait_for(from, |c| c.method == "POST" && c.path.ends_with("/threads"))
        .await;

    let joining = fake.call_count();
    for (user, name) in PLAYERS {
        let from = fake.call_count();
        let click = fake.click(CHANNEL, user, name, join, &buttons);
        // The welcome is the player's alone; the channel reads the announcement's count.
        let welcome = answer_to(&fake, from, click).await;
        assert!(
            welcome.content().contains("Welcome to Kahvehane Kupası") && welcome.ephemeral(),
            "{}",
            welcome.content()
        );
        assert_eq!(mentions(&welcome.content()), vec![user]);
    }
    // The announcement keeps count, edited in place: no post per player.
    fake.wait_for(0, |c| {
        c.method == "PATCH" && c.content().contains("6 players have joined")
    })
    .await;
    let posted = fake.calls()[joining..]
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .map(dama_testkit::fake_discord::Call::content)
        .collect::<Vec<_>>();
    assert!(posted.is_empty(), "posts for the joins: {posted:?}");
    let from = fake.call_count();
    let id = fake.slash_group(
        CHANNEL,
        organiser,
        organiser_name,
        ("tournament", "start"),
        json!([]),
    );
    let started = answer_to(&fake, from, id).await;
    assert!(
        started.content().contains("6 players"),
        "{}",
        started.content()
    );

    let mut met = std::collections::HashSet::new();
    for round in 1..=3 {
        let news = wait_posts(&fake, from, 1, |c| {
            c.content().contains(&format!("Round {round} of 3"))
        })
        .await;
        assert_ne!(
            channel_of(&news[0]),
            CHANNEL,
            "the news are in the tournament's thread"
        );
        // The round's own nonce: a retried or owed announcement is shown once.
        let nonce = news[0].json["nonce"].as_str().unwrap_or_default();
        assert!(
            nonce.starts_with('t') && nonce.ends_with(&format!("r{round:x}")),
            "{}",
            news[0].json
        );
        let boards = wait_posts(&fake, from, 3 * round, |c| c.content().contains("Game on!")).await;
        let boards = &boards[boards.len() - 3..];
        let mut threads = std::collections::HashSet::new();
        let mut resigned = Vec::new();
        for board in boards {
            assert!(board.png().is_some(), "the board is attached");
            let [white, black] = mentions(&board.content())[..2] else {
                panic!("{}", board.content());
            };
            assert!(
                met.insert((white.min(black), white.max(black))),
                "a rematch in round {round}"
            );
            let thread = channel_of(board);
            assert!(
                threads.insert(thread) && thread != CHANNEL,
                "each game in a thread of its own"
            );
            // The player listed first in the field wins every game.
            let loser = white.max(black);
            let from = fake.call_count();
            let id = fake.slash(thread, loser, name_of(loser), "resign", json!([]), &[]);
            resigned.push((from, id));
        }
        for (from, id) in resigned {
            let over = answer_to(&fake, from, id).await;
            assert!(over.content().contains("resigned"), "{}", over.content());
        }
    }
    let standings = wait_posts(&fake, from, 1, |c| c.content().contains("Final standings")).await;
    assert!(
        standings[0]
            .files
            .iter()
            .any(|(name, bytes)| name.starts_with("standings") && bytes.starts_with(b"\x89PNG")),
        "the standings as a picture: {:?}",
        standings[0].files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    let winner = wait_posts(&fake, from, 1, |c| {
        c.content().contains("The winner of Kahvehane Kupası")
    })
    .await;
    let text = winner[0].content();
    let line = text
        .lines()
        .find(|l| l.contains("The winner of"))
        .expect("the winner's line");
    assert_eq!(mentions(line), vec![organiser], "{text}");
    // The announcement says it is over, without its buttons.
    let over = fake
        .wait_for(from, |c| {
            c.method == "PATCH" && c.content().contains("It is over")
        })
        .await;
    assert!(over.custom_ids().is_empty(), "{:?}", over.custom_ids());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_round_waits_its_pause_and_a_player_who_does_not_start_loses_by_forfeit() {
    let (fake, _bot, _db) = connected_bot("tournament-forfeit").await;
    let (organiser, organiser_name) = PLAYERS[0];
    let (other, other_name) = PLAYERS[1];
    let from = fake.call_count();
    let id = fake.slash_group(
        CHANNEL,
        organiser,
        organiser_name,
        ("tournament", "create"),
        json!([
            { "name": "kind", "type": 4, "value": 0 },
            { "name": "clock", "type": 3, "value": "1+0" },
            { "name": "rounds", "type": 4, "value": 3 },
            { "name": "name", "type": 3, "value": "Hızlı Kupa" }
        ]),
    );
    let announced = answer_to(&fake, from, id).await;
    let buttons = announced.custom_ids();
    let join = buttons
        .iter()
        .find(|b| b.ends_with(":join"))
        .expect("a Join button");
    for (user, name) in [(organiser, organiser_name), (other, other_name)] {
        let from = fake.call_count();
        let click = fake.click(CHANNEL, user, name, join, &buttons);
        let welcome = answer_to(&fake, from, click).await;
        assert!(
            welcome.content().contains("Welcome to Hızlı Kupa"),
            "{}",
            welcome.content()
        );
    }
    let from = fake.call_count();
    fake.slash_group(
        CHANNEL,
        organiser,
        organiser_name,
        ("tournament", "start"),
        json!([]),
    );
    // The round is announced with its start a minute ahead, calling both players.
    let round = wait_posts(&fake, from, 1, |c| c.content().contains("Round 1 of 3")).await;
    let announced_at = Instant::now();
    let text = round[0].content();
    assert!(text.contains("The games start <t:"), "{text}");
    let mut called = mentions(&text);
    called.sort_unstable();
    assert_eq!(called, vec![organiser, other], "{text}");
    let pinged: Vec<u64> = round[0].json["allowed_mentions"]["users"]
        .as_array()
        .map(|users| {
            users
                .iter()
                .filter_map(|u| u.as_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(pinged.len(), 2, "both are pinged: {}", round[0].json);
    // The game starts when the pause is over, not before.
    let board = wait_posts_within(&fake, from, 1, Duration::from_secs(90), |c| {
        c.content().contains("Game on!")
    })
    .await;
    let waited = announced_at.elapsed();
    assert!(
        waited >= Duration::from_secs(55),
        "the game started {waited:?} after its round was announced"
    );
    let text = board[0].content();
    let mut players = mentions(&text)[..2].to_vec();
    players.sort_unstable();
    assert_eq!(players, vec![organiser, other], "{text}");
    assert!(text.contains("or the game is lost by forfeit"), "{text}");
    // Nobody moves: White loses by forfeit after the minute's grace.
    let thread = channel_of(&board[0]);
    let started = Instant::now();
    let forfeit = wait_posts_within(&fake, from, 1, Duration::from_secs(90), |c| {
        c.content().contains("Won by forfeit")
    })
    .await;
    assert_eq!(channel_of(&forfeit[0]), thread);
    assert!(
        started.elapsed() >= Duration::from_secs(50),
        "the grace is a minute: {:?}",
        started.elapsed()
    );
    assert!(
        forfeit[0].content().contains("did not start"),
        "{}",
        forfeit[0].content()
    );
    // Round 2 pairs the two again: the forfeit was not a game played.
    let round = wait_posts(&fake, from, 1, |c| c.content().contains("Round 2 of 3")).await;
    let text = round[0].content();
    let boards = text.split("Round 2 of 3").nth(1).unwrap_or_default();
    let mut paired = mentions(boards);
    paired.sort_unstable();
    assert_eq!(paired, vec![organiser, other], "{text}");
}
