//! The real bot with `DAMA_WEB_ADDR`: its `/healthz` turns 200 once its shard is connected to
//! the Discord stand-in, and `/metrics` answers; with `DAMA_PUBLIC_URL` every board links to
//! its game's page, which the bot serves, and its players play there, the channel following;
//! the port is closed when the bot stops.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::fake_discord::FakeDiscord;

/// A plain HTTP/1.1 request with `headers` and `body`: the status code, the answer's headers
/// and its body (`None` while nothing listens).
async fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Option<(u16, String, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: dama\r\nConnection: close\r\n{extra}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    let status = answer.split(' ').nth(1)?.parse().ok()?;
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    Some((status, head.to_string(), body.to_string()))
}

/// A plain HTTP/1.1 GET: the status code and the body (`None` while nothing listens).
async fn get(addr: &str, path: &str) -> Option<(u16, String)> {
    let (status, _, body) = request(addr, "GET", path, &[], "").await?;
    Some((status, body))
}

/// Waits until the bot at `addr` answers its health check with 200.
async fn healthy(addr: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match get(addr, "/healthz").await {
            Some((200, body)) => return body,
            seen => assert!(Instant::now() < deadline, "never healthy: {seen:?}"),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
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
    let body = healthy(&addr).await;
    assert_eq!(
        body.trim(),
        r#"{"database":"up","shards":{"0":"connected"}}"#
    );
    // A typed move's way to its board is timed.
    crate::challenge_and_accept(&fake).await;
    let start = dama_rules::Game::default();
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

/// Through the real bot: the Play on the board button answers its player alone with a link;
/// the link signs the player in; a move and a draw offer made on the page reach the channel as
/// the bot's messages, the move's board within 2 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_and_an_offer_made_on_a_players_page_reach_the_channel() {
    let addr = format!("127.0.0.1:{}", free_port());
    let fake = FakeDiscord::start().await;
    let db = crate::temp_db("web-play");
    let _bot = fake.start_bot(
        &format!("sqlite://{}", db.display()),
        &[
            ("DAMA_WEB_ADDR", addr.clone()),
            ("DAMA_PUBLIC_URL", format!("http://{addr}")),
        ],
    );
    fake.wait_connected().await;
    healthy(&addr).await;
    crate::challenge_and_accept(&fake).await;
    let board = fake
        .wait_created(crate::CHANNEL, |c| c.content().contains("Game on!"))
        .await;
    // Each player's own link, privately.
    let mut cookies = Vec::new();
    for (user, name) in [(crate::ALICE, "alice"), (crate::BOB, "bob")] {
        let play = board
            .custom_ids()
            .into_iter()
            .find(|i| i.ends_with(":play"))
            .unwrap_or_else(|| panic!("a Play on the board button: {:?}", board.custom_ids()));
        let from = fake.call_count();
        let id = fake.click(crate::CHANNEL, user, name, &play, &board.custom_ids());
        let answer = crate::answer_to(&fake, from, id).await;
        assert!(
            answer.ephemeral(),
            "a link is for its player alone: {}",
            answer.json
        );
        let text = answer.content();
        let start = text.find("/game/").expect("a link in the answer");
        let path: String = text[start..]
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ')' | '>' | '<'))
            .collect();
        let (status, head, _) = request(&addr, "GET", &path, &[], "").await.unwrap();
        assert_eq!(status, 200, "{head}");
        let cookie = head
            .lines()
            .find_map(|l| l.strip_prefix("set-cookie: "))
            .and_then(|c| c.split(';').next())
            .unwrap_or_else(|| panic!("the link sets the seat's cookie: {head}"))
            .to_string();
        cookies.push((cookie, path.split("/play").next().unwrap().to_string()));
    }
    let (alice, game) = &cookies[0];
    let (bob, _) = &cookies[1];

    // Alice moves on her page: its board comes to the channel.
    let from = fake.call_count();
    let sent = Instant::now();
    let moved = request(
        &addr,
        "POST",
        &format!("{game}/move"),
        &[("cookie", alice), ("x-dama-seat", "1")],
        "e3-e4",
    )
    .await
    .unwrap();
    assert_eq!(moved.0, 204, "{}", moved.2);
    let posted = fake
        .wait_for(from, |c| {
            c.method == "POST"
                && c.path == format!("/api/v10/channels/{}/messages", crate::CHANNEL)
                && c.content().contains("e3-e4")
        })
        .await;
    assert!(posted.png().is_some(), "with its board");
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "the board came {:?} after the move",
        sent.elapsed()
    );
    // Bob offers a draw on his: the channel hears it.
    let from = fake.call_count();
    let offered = request(
        &addr,
        "POST",
        &format!("{game}/act"),
        &[("cookie", bob), ("x-dama-seat", "1")],
        "draw",
    )
    .await
    .unwrap();
    assert_eq!(offered.0, 204, "{}", offered.2);
    let said = fake
        .wait_for(from, |c| {
            c.method == "POST" && c.path == format!("/api/v10/channels/{}/messages", crate::CHANNEL)
        })
        .await;
    assert!(
        said.content().contains("draw offer")
            && said.content().contains(&format!("<@{}>", crate::BOB)),
        "{}",
        said.content()
    );
}

/// A free port on 127.0.0.1, never one this test binary was given before (the system may hand
/// a port it just freed out again, and two bots, or a bot's two addresses, must not share one).
pub(crate) fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN.lock().unwrap();
    loop {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
    }
}

/// Held to the usual 1,024 open files, the bot meets 1,100 idle connections (no request
/// sent) from 40 addresses: its health still answers on the operators' address, a move typed
/// in Discord still gets its board, the idle connections are closed by the bot within its
/// header wait, and pages answer again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_idle_connections_never_takes_the_bots_descriptors() {
    // This test's own 1,100 sockets need more than 1,024 files.
    dama_web::raise_open_files().unwrap();
    let (web, ops) = (
        format!("127.0.0.1:{}", free_port()),
        format!("127.0.0.1:{}", free_port()),
    );
    let fake = FakeDiscord::start().await;
    let db = crate::temp_db("web-crowd");
    let log_path = db.with_file_name("bot.log");
    let mut bot = fake.start_bot_with_open_files(
        &format!("sqlite://{}", db.display()),
        &[
            ("DAMA_WEB_ADDR", web.clone()),
            ("DAMA_OPS_ADDR", ops.clone()),
        ],
        1_024,
        std::fs::File::create(&log_path).unwrap(),
    );
    fake.wait_connected().await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while get(&ops, "/healthz").await.map(|a| a.0) != Some(200) {
        assert!(Instant::now() < deadline, "never healthy");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The crowd: 1,100 connections that never send a byte, from 127.0.0.2 to 127.0.0.41.
    let target: std::net::SocketAddr = web.parse().unwrap();
    let mut crowd = Vec::new();
    for i in 0..1_100u32 {
        let from = std::net::Ipv4Addr::new(127, 0, 0, 2 + (i % 40) as u8);
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((from, 0).into()).unwrap();
        if let Ok(Ok(stream)) =
            tokio::time::timeout(Duration::from_secs(2), socket.connect(target)).await
        {
            crowd.push(stream);
        }
    }
    assert!(crowd.len() > 1_000, "{} connected", crowd.len());

    // Health answers at once, and so does Discord: a move typed gets its board.
    let started = Instant::now();
    let health = get(&ops, "/healthz").await.expect("health answers");
    assert_eq!(health.0, 200, "{}", health.1);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    crate::challenge_and_accept(&fake).await;
    let start = dama_rules::Game::default();
    let first = start.position().legal_moves()[0];
    let board = crate::typed(
        &fake,
        crate::ALICE,
        "alice",
        &start.position().notation(&first),
    )
    .await;
    assert!(board.content().contains("Played by"), "{}", board.content());
    assert!(board.png().is_some(), "with its board");

    // The bot closes what stays idle past its header wait (10 s), and pages answer again.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let mut closed = 0;
    for stream in &mut crowd {
        let mut byte = [0u8; 1];
        if let Ok(Ok(0) | Err(_)) =
            tokio::time::timeout(Duration::from_millis(20), stream.read(&mut byte)).await
        {
            closed += 1;
        }
    }
    assert_eq!(
        closed,
        crowd.len(),
        "every idle connection was closed by the bot"
    );
    drop(crowd);
    let page = get(&web, "/").await.expect("the home page answers");
    assert_eq!(page.0, 200);
    let metrics = get(&ops, "/metrics").await.expect("metrics").1;
    assert!(
        metrics
            .lines()
            .any(|l| l.starts_with("dama_web_refused_total{limit=\"connections\"}")),
        "the crowd met the connection limit: {metrics}"
    );
    let _ = bot.0.kill();
    let _ = bot.0.wait();
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        !log.contains("Too many open files") && !log.contains("accepting a connection failed"),
        "{log}"
    );
}

/// Idle connections that never send a byte, from `127.0.0.{first}` onwards (`addresses` of
/// them in turn), to `target`: those the bot accepted.
async fn idle_crowd(
    target: &str,
    count: u32,
    first: u8,
    addresses: u32,
) -> Vec<tokio::net::TcpStream> {
    let target: std::net::SocketAddr = target.parse().unwrap();
    let mut crowd = Vec::new();
    for i in 0..count {
        let from = std::net::Ipv4Addr::new(127, 0, 0, first + (i % addresses) as u8);
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((from, 0).into()).unwrap();
        if let Ok(Ok(stream)) =
            tokio::time::timeout(Duration::from_secs(2), socket.connect(target)).await
        {
            crowd.push(stream);
        }
    }
    crowd
}

/// Without `DAMA_OPS_ADDR`, a full web once closed `/healthz` to this machine's probe for the
/// whole attack (so a probe restarted a bot serving Discord fine); and 60 idle local
/// connections took all of the operators' address's 32 places. Probes from this machine keep
/// a few places of their own, for the operators' routes alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_still_answers_this_machine_while_the_web_is_full() {
    dama_web::raise_open_files().unwrap();
    let web = format!("127.0.0.1:{}", free_port());
    let fake = FakeDiscord::start().await;
    let db = crate::temp_db("web-full");
    let log_path = db.with_file_name("bot.log");
    let mut bot = fake.start_bot_with_open_files(
        &format!("sqlite://{}", db.display()),
        &[("DAMA_WEB_ADDR", web.clone())],
        1_024,
        std::fs::File::create(&log_path).unwrap(),
    );
    fake.wait_connected().await;
    healthy(&web).await;
    // 1,024 files less the bot's own 256: the crowd from 40 addresses fills the web.
    let crowd = idle_crowd(&web, 1_100, 2, 40).await;
    assert!(crowd.len() > 700, "{} connected", crowd.len());
    let started = Instant::now();
    let health = get(&web, "/healthz").await.expect("health answers");
    assert_eq!(health.0, 200, "{}", health.1);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let metrics = get(&web, "/metrics").await.expect("metrics answer").1;
    assert!(
        metrics.contains("dama_web_connections{listener=\"site\"}"),
        "{metrics}"
    );
    // Anything else on a probe's place: busy, said at once.
    let page = get(&web, "/").await.expect("an answer");
    assert_eq!(page.0, 503, "{}", page.1);
    drop(crowd);
    let _ = bot.0.kill();
    let _ = bot.0.wait();

    // The operators' own address: 60 idle local connections leave room for the probe.
    let (web, ops) = (
        format!("127.0.0.1:{}", free_port()),
        format!("127.0.0.1:{}", free_port()),
    );
    let db = crate::temp_db("ops-full");
    let mut bot = fake.start_bot_with_open_files(
        &format!("sqlite://{}", db.display()),
        &[("DAMA_WEB_ADDR", web), ("DAMA_OPS_ADDR", ops.clone())],
        1_024,
        std::fs::File::create(&log_path).unwrap(),
    );
    healthy(&ops).await;
    for first in [1, 2] {
        let crowd = idle_crowd(&ops, 60, first, 1).await;
        let health = get(&ops, "/healthz").await.expect("health answers");
        assert_eq!(health.0, 200, "crowd from 127.0.0.{first}: {}", health.1);
        let metrics = get(&ops, "/metrics").await.expect("metrics answer").1;
        let held: usize = metrics
            .lines()
            .find_map(|l| l.strip_prefix("dama_web_connections{listener=\"ops\"} "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("{metrics}"));
        // One address holds 16 of its places (the probe's own beside them, or on its own).
        assert!((16..=18).contains(&held), "{held}: {metrics}");
        drop(crowd);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let _ = bot.0.kill();
    let _ = bot.0.wait();
}

/// Through the real bot with the Activity on (and no public address): every board of a running
/// game has Play on the board, and pressing it answers with Discord's launch of the Activity
/// (`LAUNCH_ACTIVITY`, type 12), for a player and a watcher alike; `/activity` is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_activity_on_play_on_the_board_launches_it() {
    let addr = format!("127.0.0.1:{}", free_port());
    let fake = FakeDiscord::start().await;
    let db = crate::temp_db("web-activity");
    let _bot = fake.start_bot(
        &format!("sqlite://{}", db.display()),
        &[
            ("DAMA_WEB_ADDR", addr.clone()),
            ("DAMA_ACTIVITY", "on".into()),
            ("DISCORD_CLIENT_ID", FakeDiscord::CLIENT_ID.to_string()),
            ("DISCORD_CLIENT_SECRET", FakeDiscord::CLIENT_SECRET.into()),
        ],
    );
    fake.wait_connected().await;
    healthy(&addr).await;
    crate::challenge_and_accept(&fake).await;
    let board = fake
        .wait_created(crate::CHANNEL, |c| c.content().contains("Game on!"))
        .await;
    let play = board
        .custom_ids()
        .into_iter()
        .find(|i| i.ends_with(":play"))
        .unwrap_or_else(|| panic!("a Play on the board button: {:?}", board.custom_ids()));
    for (user, name) in [(crate::ALICE, "alice"), (crate::CAROL, "carol")] {
        let from = fake.call_count();
        let id = fake.click(crate::CHANNEL, user, name, &play, &board.custom_ids());
        let answer = fake
            .wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/")))
            .await;
        assert_eq!(answer.json["type"], 12, "{name}: {}", answer.json);
    }
    let (status, head, body) = request(&addr, "GET", "/activity", &[], "").await.unwrap();
    assert_eq!(status, 200, "{head}");
    assert!(body.contains(&format!("data-client-id=\"{}\"", FakeDiscord::CLIENT_ID)));
    assert!(
        head.contains("frame-ancestors 'self' https://discord.com"),
        "{head}"
    );
}

/// The console with `DAMA_WEB_ADDR` serves the web: `link` gives a link (no word of
/// `DAMA_PUBLIC_URL`, which is not set) whose page signs the player in there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_serves_the_web_so_its_link_opens_the_game() {
    use std::io::{BufRead, Write};
    let addr = format!("127.0.0.1:{}", free_port());
    let db = crate::temp_db("console-web");
    let mut console = std::process::Command::new(dama_testkit::fake_discord::dama_binary())
        .arg("console")
        // Its pictures beside its database, not in the checkout.
        .arg("--pictures")
        .arg(db.with_extension("pictures"))
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("DAMA_TABLES", "off")
        .env("DAMA_WEB_ADDR", &addr)
        .env_remove("DAMA_PUBLIC_URL")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = console.stdin.take().unwrap();
    stdin.write_all(b"ai\nlink\n").unwrap();
    let stdout = console.stdout.take().unwrap();
    let (lines, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if lines.send(line).is_err() {
                return;
            }
        }
    });
    let mut seen = Vec::new();
    let link = loop {
        let line = said
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("the console gives a link: {seen:#?}"));
        assert!(!line.contains("DAMA_PUBLIC_URL"), "{line}");
        if let Some(at) = line.find(&format!("http://{addr}/game/")) {
            break line[at..].split_whitespace().next().unwrap().to_string();
        }
        seen.push(line);
    };
    let path = link.strip_prefix(&format!("http://{addr}")).unwrap();
    let (status, head, _) = request(&addr, "GET", path, &[], "").await.unwrap();
    assert_eq!(status, 200, "{head}");
    assert!(head.contains("set-cookie: dama_seat="), "{head}");
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    let _ = console.wait();
}
