//! The real bot with `DAMA_WEB_ADDR`: its `/healthz` turns 200 once its shard is connected to
//! the Discord stand-in, and `/metrics` answers; with `DAMA_PUBLIC_URL` every board links to
//! its game's page, which the bot serves; the port is closed when the bot stops.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::fake_discord::FakeDiscord;

/// A plain HTTP/1.1 GET: the status code and the body (`None` while nothing listens).
async fn get(addr: &str, path: &str) -> Option<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: dama\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    let status = answer.split(' ').nth(1)?.parse().ok()?;
    let body = answer
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    Some((status, body))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_serves_its_health_and_metrics_on_the_given_address() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let fake = FakeDiscord::start().await;
    let db = crate::temp_db("web");
    let mut bot = fake.start_bot(
        &format!("sqlite://{}", db.display()),
        &[
            ("DAMA_WEB_ADDR", addr.clone()),
            ("DAMA_PUBLIC_URL", format!("http://{addr}/")),
        ],
    );
    fake.wait_connected().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let body = loop {
        match get(&addr, "/healthz").await {
            Some((200, body)) => break body,
            seen => assert!(Instant::now() < deadline, "never healthy: {seen:?}"),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        body.trim(),
        r#"{"database":"up","shards":{"0":"connected"}}"#
    );
    // A typed move's way to its board is timed.
    crate::challenge_and_accept(&fake).await;
    let start = dama::engine::Game::default();
    let first = start.position().legal_moves()[0];
    let text = start.position().notation(&first);
    crate::typed(&fake, crate::ALICE, "alice", &text).await;
    // The board posted after the move links to the game's page, which shows the move.
    let board = fake
        .wait_created(crate::CHANNEL, |c| c.png().is_some())
        .await;
    let link = board.json["embeds"][0]["url"]
        .as_str()
        .unwrap_or_else(|| panic!("a board links to its page: {}", board.json))
        .to_string();
    let path = link
        .strip_prefix(&format!("http://{addr}"))
        .expect("the link is on DAMA_PUBLIC_URL, without a doubled slash");
    assert!(
        path.starts_with("/game/") && path.len() == "/game/".len() + 32,
        "{path}"
    );
    let (status, page) = get(&addr, path).await.expect("the game's page");
    assert_eq!(status, 200);
    assert!(page.contains(&text), "the page lists {text}");
    let (status, metrics) = get(&addr, "/metrics").await.expect("metrics");
    assert_eq!(status, 200);
    for line in [
        "dama_shard_connected{shard=\"0\"} 1",
        "dama_move_to_board_seconds_count 1",
        "dama_games{state=\"running\"} 1",
    ] {
        assert!(metrics.lines().any(|l| l == line), "no {line} in {metrics}");
    }
    let pid = bot.0.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status();
    assert!(killed.unwrap().success());
    let deadline = Instant::now() + Duration::from_secs(20);
    while bot.0.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the bot stops after SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        get(&addr, "/healthz").await.is_none(),
        "nothing listens once it stopped"
    );
}
