//! The game host against a real SQLite file: every operation and every refusal.
mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use dama::ai::{Level, Limits};
use dama::engine::Color;
use dama::host::{Clock, ColorChoice, Host, HostConfig, HostError, Reply, Scope, Who};
use dama::render::Renderer;
use dama::store::Store;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

const ALICE: u64 = 1001;
const BOB: u64 = 1002;
const CAROL: u64 = 1003;
const CHANNEL: u64 = 500;
const GUILD: u64 = 77;

fn renderer() -> Arc<Renderer> {
    static R: std::sync::OnceLock<Arc<Renderer>> = std::sync::OnceLock::new();
    Arc::clone(R.get_or_init(|| Arc::new(Renderer::default())))
}

fn temp_db() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dama-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("dama.db")
}

async fn open(path: &std::path::Path, clock: &Clock) -> Host {
    let store = Store::open(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    let config = HostConfig {
        hint_limits: Limits::depth(3),
        ..HostConfig::default()
    };
    Host::new(store, renderer(), config, clock.clone())
}

async fn host() -> (Host, Clock, PathBuf) {
    let path = temp_db();
    let clock = Clock::manual(1_800_000_000);
    (open(&path, &clock).await, clock, path)
}

fn who(user: u64) -> Who {
    Who {
        user,
        name: format!("player{user}"),
        channel: CHANNEL,
        guild: Some(GUILD),
    }
}

fn at(user: u64, channel: u64) -> Who {
    Who {
        channel,
        ..who(user)
    }
}

/// Alice challenges Bob (Alice white), Bob accepts.
async fn start_game(host: &Host, rated: bool, channel: u64) -> Reply {
    let c = host
        .challenge(&at(ALICE, channel), BOB, ColorChoice::White, rated, false)
        .await
        .unwrap();
    let accept = &c.buttons[0].id;
    host.button(&at(BOB, channel), accept, None).await.unwrap()
}

#[tokio::test]
async fn a_challenge_accepted_by_button_starts_a_game_with_a_board() {
    let (host, _, _) = host().await;
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::White, true, false)
        .await
        .unwrap();
    assert!(c.text.contains("<@1001> challenges <@1002>"), "{}", c.text);
    assert_eq!(c.mentions, vec![BOB]);
    assert_eq!(c.buttons.len(), 2);
    let reply = host
        .button(&who(BOB), &c.buttons[0].id, None)
        .await
        .unwrap();
    assert!(reply.text.contains("<@1001> plays White"), "{}", reply.text);
    assert!(reply.board.is_some());
    assert_eq!(
        reply.mentions,
        vec![ALICE],
        "White is told it is their move"
    );
    assert!(reply.buttons.iter().any(|b| b.label == "Resign"));
    assert!(
        reply.buttons.iter().all(|b| b.label != "Hint"),
        "no hints in rated games"
    );
}

#[tokio::test]
async fn moves_alternate_and_every_wrong_move_is_refused_without_changing_anything() {
    let (host, _, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::NotYourTurn(_))
    ));
    assert!(matches!(
        host.play(&who(CAROL), "e3-e4").await,
        Err(HostError::NotAPlayer)
    ));
    let err = host.play(&who(ALICE), "e3-e5").await.unwrap_err();
    assert!(matches!(err, HostError::Move(_)));
    assert!(err.to_string().contains("cannot move to e5"), "{err}");
    assert!(matches!(
        host.play(&at(ALICE, 999), "e3-e4").await,
        Err(HostError::NoGame)
    ));
    let reply = host.play(&who(ALICE), "E3 e4").await.unwrap();
    assert!(
        reply.text.starts_with("<@1001> played e3-e4."),
        "{}",
        reply.text
    );
    assert_eq!(reply.mentions, vec![BOB]);
    assert!(matches!(
        host.play(&who(ALICE), "d3-d4").await,
        Err(HostError::NotYourTurn(_))
    ));
    host.play(&who(BOB), "f6-f5").await.unwrap();
    let pdn = host.pdn(&who(CAROL)).await.unwrap();
    let text = String::from_utf8(pdn.file.unwrap().bytes).unwrap();
    assert!(text.contains("1. e3-e4 f6-f5 *"), "{text}");
    assert!(text.contains("[White \"player1001\"]"), "{text}");
}

#[tokio::test]
async fn challenges_are_refused_to_oneself_and_in_a_busy_channel() {
    let (host, _, _) = host().await;
    assert!(matches!(
        host.challenge(&who(ALICE), ALICE, ColorChoice::Random, true, false)
            .await,
        Err(HostError::SelfChallenge)
    ));
    start_game(&host, false, CHANNEL).await;
    let err = host
        .challenge(&who(CAROL), ALICE, ColorChoice::Random, true, false)
        .await
        .unwrap_err();
    assert!(matches!(err, HostError::ChannelBusy));
    assert!(err.to_string().contains("thread"), "{err}");
    assert!(matches!(
        host.play_ai(&who(CAROL), Level::Easy, Color::White).await,
        Err(HostError::ChannelBusy)
    ));
    // A challenge for a thread is fine.
    let c = host
        .challenge(&who(CAROL), ALICE, ColorChoice::Random, true, true)
        .await
        .unwrap();
    let reply = host
        .button(&who(ALICE), &c.buttons[0].id, Some(601))
        .await
        .unwrap();
    assert!(reply.board.is_some());
    assert!(
        host.play(&at(ALICE, 601), "e3-e4").await.is_ok()
            || host.play(&at(CAROL, 601), "e3-e4").await.is_ok()
    );
}

#[tokio::test]
async fn challenges_can_be_declined_cancelled_and_expire() {
    let (host, clock, _) = host().await;
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    assert!(matches!(
        host.button(&who(CAROL), &c.buttons[0].id, None).await,
        Err(HostError::NotYourChallenge)
    ));
    let declined = host
        .button(&who(BOB), &c.buttons[1].id, None)
        .await
        .unwrap();
    assert!(declined.text.contains("declined"));
    assert!(matches!(
        host.button(&who(BOB), &c.buttons[0].id, None).await,
        Err(HostError::ChallengeClosed(_))
    ));

    host.challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    assert!(
        host.cancel_challenge(&who(ALICE))
            .await
            .unwrap()
            .text
            .contains("cancelled")
    );
    assert!(matches!(
        host.cancel_challenge(&who(ALICE)).await,
        Err(HostError::NoOpenChallenge)
    ));

    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    assert!(matches!(
        host.button(&who(BOB), &c.buttons[0].id, None).await,
        Err(HostError::ChallengeExpired)
    ));
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    let notices = host.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.contains("expired"));
    assert!(matches!(
        host.button(&who(BOB), &c.buttons[0].id, None).await,
        Err(HostError::ChallengeClosed(_))
    ));
}

#[tokio::test]
async fn a_game_against_the_ai_goes_on_with_the_ai_answering() {
    let (host, _, _) = host().await;
    let start = host
        .play_ai(&who(ALICE), Level::Medium, Color::White)
        .await
        .unwrap();
    assert_eq!(start.ai_turn, None, "White (Alice) moves first");
    let reply = host.play(&who(ALICE), "d3-d4").await.unwrap();
    let game = reply.ai_turn.expect("the AI is to move");
    let answer = host.ai_move(game).await.unwrap().expect("the AI moves");
    assert!(
        answer.text.starts_with("the AI (medium) played"),
        "{}",
        answer.text
    );
    assert_eq!(answer.mentions, vec![ALICE]);
    assert_eq!(
        host.ai_move(game).await.unwrap(),
        None,
        "not the AI's turn any more"
    );
    // Playing Black, the AI opens.
    let other = host
        .play_ai(&at(BOB, 700), Level::Easy, Color::Black)
        .await
        .unwrap();
    let id = other.ai_turn.expect("the AI plays White");
    assert!(host.ai_move(id).await.unwrap().is_some());
    let hint = host.hint(&at(BOB, 700)).await.unwrap();
    assert!(
        hint.ephemeral && hint.text.starts_with("Hint: "),
        "{}",
        hint.text
    );
}

#[tokio::test]
async fn resigning_ends_the_game_and_after_that_moves_are_refused() {
    let (host, _, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.play(&who(BOB), "f6-f5").await.unwrap();
    let r = host.resign(&who(BOB)).await.unwrap();
    assert!(
        r.text.contains("resigned") && r.text.contains("White wins"),
        "{}",
        r.text
    );
    assert!(
        r.buttons.iter().all(|b| b.disabled),
        "buttons of a finished game are disabled"
    );
    assert!(matches!(
        host.play(&who(ALICE), "d3-d4").await,
        Err(HostError::NoGame)
    ));
    let pdn = String::from_utf8(host.pdn(&who(ALICE)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
}

#[tokio::test]
async fn a_game_resigned_before_both_sides_moved_counts_for_nothing() {
    let (host, _, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    let r = host.resign(&who(ALICE)).await.unwrap();
    assert!(r.text.contains("called off"), "{}", r.text);
    let stats = host.stats(ALICE).await.unwrap();
    assert!(stats.text.contains("0 rated games"), "{}", stats.text);
}

#[tokio::test]
async fn a_draw_offered_and_accepted_ends_the_game_and_a_move_lapses_it() {
    let (host, _, _) = host().await;
    start_game(&host, false, CHANNEL).await;
    let offer = host.draw(&who(ALICE)).await.unwrap();
    assert!(offer.text.contains("offers a draw"));
    assert_eq!(offer.mentions, vec![BOB]);
    assert!(matches!(
        host.draw(&who(ALICE)).await,
        Err(HostError::NotAllowed(_))
    ));
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    // The offer lapsed with the move: Bob's /dama draw is a new offer, not an acceptance.
    assert!(
        host.draw(&who(BOB))
            .await
            .unwrap()
            .text
            .contains("offers a draw")
    );
    let accepted = host.draw(&who(ALICE)).await.unwrap();
    assert!(accepted.text.contains("Draw agreed"), "{}", accepted.text);
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::NoGame)
    ));
}

#[tokio::test]
async fn a_takeback_needs_the_opponents_consent_except_against_the_ai() {
    let (host, _, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    assert!(
        matches!(
            host.takeback(&who(BOB)).await,
            Err(HostError::NotAllowed(_))
        ),
        "Bob has not moved"
    );
    let ask = host.takeback(&who(ALICE)).await.unwrap();
    assert!(ask.text.contains("asks to take back"));
    let done = host.takeback(&who(BOB)).await.unwrap();
    assert!(done.text.contains("taken back"), "{}", done.text);
    assert_eq!(done.mentions, vec![ALICE], "Alice to move again");
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    let pdn = String::from_utf8(host.pdn(&who(ALICE)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("1. d3-d4 *"), "{pdn}");

    let ai = host
        .play_ai(&at(CAROL, 800), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(ai.ai_turn.is_none());
    let r = host.play(&at(CAROL, 800), "a3-a4").await.unwrap();
    host.ai_move(r.ai_turn.unwrap()).await.unwrap().unwrap();
    let back = host.takeback(&at(CAROL, 800)).await.unwrap();
    assert!(
        back.text.contains("taken back") && back.mentions == vec![CAROL],
        "{}",
        back.text
    );
    host.play(&at(CAROL, 800), "h3-h4").await.unwrap();
}

#[tokio::test]
async fn hints_are_for_casual_and_ai_games_only() {
    let (host, _, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    assert!(matches!(
        host.hint(&who(ALICE)).await,
        Err(HostError::NotAllowed(_))
    ));
    start_game(&host, false, 900).await;
    assert!(host.hint(&at(ALICE, 900)).await.unwrap().ephemeral);
    assert!(matches!(
        host.hint(&at(BOB, 900)).await,
        Err(HostError::NotYourTurn(_))
    ));
}

#[tokio::test]
async fn board_moves_pdn_and_replay_are_there_for_the_asking() {
    let (host, _, _) = host().await;
    assert!(matches!(
        host.board(&who(ALICE)).await,
        Err(HostError::NoGameYet)
    ));
    start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    assert!(host.board(&who(CAROL)).await.unwrap().board.is_some());
    let moves = host.legal_moves(&who(CAROL)).await.unwrap();
    assert!(
        moves.text.contains("Black to move, 8 legal moves"),
        "{}",
        moves.text
    );
    assert_eq!(
        host.complete_move(CHANNEL, "f6").await.unwrap(),
        vec!["f6-f5"]
    );
    let replay = host.replay(&who(CAROL)).await.unwrap().file.unwrap();
    assert!(replay.name.ends_with(".gif") && replay.bytes.starts_with(b"GIF89a"));
}

#[tokio::test]
async fn stale_buttons_are_refused_politely() {
    let (host, _, _) = host().await;
    let board = start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let old_resign = &board.buttons[0].id;
    let err = host
        .button(&who(ALICE), old_resign, None)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("earlier position"), "{err}");
    assert!(matches!(
        host.button(&who(ALICE), "game:1:x:resign", None).await,
        Err(HostError::NotAllowed(_))
    ));
}

#[tokio::test]
async fn a_slow_player_is_warned_once_then_loses_on_time() {
    let (host, clock, _) = host().await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    clock.advance(Duration::from_secs(47 * 3600));
    assert!(host.sweep().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(2 * 3600));
    let warned = host.sweep().await.unwrap();
    assert_eq!(warned.len(), 1);
    assert_eq!(warned[0].reply.mentions, vec![BOB]);
    assert!(host.sweep().await.unwrap().is_empty(), "warned once");
    clock.advance(Duration::from_secs(24 * 3600));
    let lost = host.sweep().await.unwrap();
    assert_eq!(lost.len(), 1);
    assert!(
        lost[0].reply.text.contains("did not move in time"),
        "{}",
        lost[0].reply.text
    );
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::NoGame)
    ));
}

#[tokio::test]
async fn a_restart_loses_nothing_and_the_ai_turn_is_resumed() {
    let path = temp_db();
    let clock = Clock::manual(1_800_000_000);
    let host = open(&path, &clock).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let r = host
        .play_ai(&at(CAROL, 42), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(r.ai_turn.is_none());
    let r = host.play(&at(CAROL, 42), "c3-c4").await.unwrap();
    let ai_game = r.ai_turn.unwrap();
    host.store().close().await;
    drop(host);

    let host = open(&path, &clock).await;
    assert_eq!(host.pending_ai_games().await.unwrap(), vec![ai_game]);
    assert!(host.ai_move(ai_game).await.unwrap().is_some());
    assert!(host.pending_ai_games().await.unwrap().is_empty());
    host.play(&who(BOB), "f6-f5").await.unwrap();
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    let pdn = String::from_utf8(host.pdn(&who(ALICE)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("1. e3-e4 f6-f5 2. d3-d4 *"), "{pdn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn moves_submitted_at_once_are_played_once_each_ply() {
    let (host, _, _) = host().await;
    let host = Arc::new(host);
    start_game(&host, false, CHANNEL).await;
    for (ply, mv) in ["e3-e4", "f6-f5", "d3-d4", "c6-c5"].iter().enumerate() {
        let mover = if ply % 2 == 0 { ALICE } else { BOB };
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let host = Arc::clone(&host);
                let mv = mv.to_string();
                tokio::spawn(async move { host.play(&who(mover), &mv).await })
            })
            .collect();
        let mut wins = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => wins += 1,
                Err(HostError::Stale | HostError::NotYourTurn(_) | HostError::Move(_)) => {}
                Err(e) => panic!("unexpected: {e}"),
            }
        }
        assert_eq!(wins, 1, "ply {}", ply + 1);
    }
    let pdn = String::from_utf8(host.pdn(&who(ALICE)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("1. e3-e4 f6-f5 2. d3-d4 c6-c5 *"), "{pdn}");
}

/// Plays a short decisive game: Bob resigns after two moves each.
async fn alice_beats_bob(host: &Host, channel: u64, alice: u64, bob: u64) {
    let c = host
        .challenge(&at(alice, channel), bob, ColorChoice::White, true, false)
        .await
        .unwrap();
    host.button(&at(bob, channel), &c.buttons[0].id, None)
        .await
        .unwrap();
    host.play(&at(alice, channel), "e3-e4").await.unwrap();
    host.play(&at(bob, channel), "f6-f5").await.unwrap();
    host.resign(&at(bob, channel)).await.unwrap();
}

#[tokio::test]
async fn ratings_follow_glicko2_and_only_rated_games_between_people_count() {
    let (host, _, _) = host().await;
    alice_beats_bob(&host, 1, ALICE, BOB).await;
    alice_beats_bob(&host, 2, CAROL, BOB).await;
    alice_beats_bob(&host, 3, ALICE, CAROL).await;

    // The same three results through the crate directly.
    let cfg = Glicko2Config::new();
    let fresh = Glicko2Rating::new();
    let (a1, b1) = glicko2(&fresh, &fresh, &Outcomes::WIN, &cfg);
    let (c1, b2) = glicko2(&fresh, &b1, &Outcomes::WIN, &cfg);
    let (a2, c2) = glicko2(&a1, &c1, &Outcomes::WIN, &cfg);
    let board = host
        .leaderboard(&who(ALICE), Scope::Global)
        .await
        .unwrap()
        .text;
    let lines: Vec<&str> = board.lines().collect();
    assert!(
        lines[1].starts_with(&format!("1. <@{ALICE}> {:.0}", a2.rating)),
        "{board}"
    );
    assert!(
        lines[2].starts_with(&format!("2. <@{CAROL}> {:.0}", c2.rating)),
        "{board}"
    );
    assert!(
        lines[3].starts_with(&format!("3. <@{BOB}> {:.0}", b2.rating)),
        "{board}"
    );
    let alice = host.store().player(ALICE as i64).await.unwrap().unwrap();
    assert!(
        (alice.rating - a2.rating).abs() < 1e-9 && (alice.deviation - a2.deviation).abs() < 1e-9
    );
    assert_eq!((alice.games, alice.wins, alice.losses), (2, 2, 0));

    // Casual and AI games leave ratings alone.
    let c = host
        .challenge(&at(ALICE, 4), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    host.button(&at(BOB, 4), &c.buttons[0].id, None)
        .await
        .unwrap();
    host.play(&at(ALICE, 4), "e3-e4").await.unwrap();
    host.play(&at(BOB, 4), "f6-f5").await.unwrap();
    host.resign(&at(BOB, 4)).await.unwrap();
    host.play_ai(&at(ALICE, 5), Level::Easy, Color::White)
        .await
        .unwrap();
    host.resign(&at(ALICE, 5)).await.unwrap();
    assert_eq!(
        host.store().player(ALICE as i64).await.unwrap().unwrap(),
        alice
    );
    let stats = host.stats(ALICE).await.unwrap().text;
    assert!(
        stats.contains("2 rated games: 2 wins, 0 draws, 0 losses"),
        "{stats}"
    );
    // Server scope: only players of this server's rated games.
    let server = host
        .leaderboard(&at(ALICE, 1), Scope::Server)
        .await
        .unwrap()
        .text;
    assert_eq!(server.lines().count(), 4, "{server}");
    let elsewhere = host
        .leaderboard(
            &Who {
                guild: Some(12345),
                ..who(ALICE)
            },
            Scope::Server,
        )
        .await
        .unwrap()
        .text;
    assert!(elsewhere.contains("No rated games yet"), "{elsewhere}");
}

#[tokio::test]
async fn a_second_host_on_the_same_database_never_plays_against_a_stale_position() {
    let path = temp_db();
    let clock = Clock::manual(1_800_000_000);
    let a = open(&path, &clock).await;
    let b = open(&path, &clock).await;
    start_game(&a, false, CHANNEL).await;
    a.play(&who(ALICE), "e3-e4").await.unwrap();
    a.play(&who(BOB), "e6-e5").await.unwrap();
    // Host b now knows the game at ply 2, where White must capture e4xe6xe8.
    assert_eq!(
        b.complete_move(CHANNEL, "").await.unwrap(),
        vec!["e4xe6xe8"]
    );
    // On host a, Bob takes back e6-e5 and plays a6-a5 instead: ply 2 again, another position.
    a.takeback(&who(BOB)).await.unwrap();
    a.takeback(&who(ALICE)).await.unwrap();
    a.play(&who(BOB), "a6-a5").await.unwrap();
    // Host b must see the new position: the capture is gone, e4xe6xe8 is refused.
    assert!(matches!(
        b.play(&who(ALICE), "e4xe6xe8").await,
        Err(HostError::Move(_) | HostError::Stale)
    ));
    b.play(&who(ALICE), "e4-e5").await.unwrap();
    let pdn = String::from_utf8(a.pdn(&who(BOB)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("1. e3-e4 a6-a5 2. e4-e5 *"), "{pdn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn several_hosts_on_one_database_store_only_legal_moves() {
    use dama::engine::{Game, fen};
    let path = temp_db();
    let clock = Clock::manual(1_800_000_000);
    let first = open(&path, &clock).await;
    let channels = [11u64, 12, 13];
    for &c in &channels {
        start_game(&first, false, c).await;
    }
    let mut tasks = Vec::new();
    for seed in 0..3u64 {
        let host = open(&path, &clock).await;
        tasks.push(tokio::spawn(async move {
            let mut rng = common::Rng(seed * 7919 + 1);
            let mut played = 0;
            for _ in 0..150 {
                let channel = channels[rng.below(channels.len())];
                let player = if rng.chance(50) { ALICE } else { BOB };
                if rng.chance(20) {
                    let _ = host.takeback(&at(player, channel)).await;
                    continue;
                }
                // A move this host believes legal; its view may be out of date.
                let Ok(moves) = host.complete_move(channel, "").await else {
                    continue;
                };
                if moves.is_empty() {
                    continue;
                }
                let mv = &moves[rng.below(moves.len())];
                if host.play(&at(player, channel), mv).await.is_ok() {
                    played += 1;
                }
            }
            played
        }));
    }
    let mut played = 0;
    for t in tasks {
        played += t.await.unwrap();
    }
    assert!(played > 50, "only {played} moves were played");
    // Every stored game replays with the engine, ply after ply, to its stored position.
    for &c in &channels {
        let row = first.store().latest_game(c as i64).await.unwrap().unwrap();
        let moves = first.store().moves(row.id).await.unwrap();
        assert_eq!(moves.len() as i64, row.ply, "game {} has a gap", row.id);
        let mut game = Game::new(fen::parse(&row.start_fen).unwrap());
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)
                .unwrap_or_else(|e| panic!("game {} ply {}: {m} is illegal: {e}", row.id, i + 1));
        }
        assert_eq!(fen::write(game.position()), row.fen);
    }
}
