//! The web pages: a game page of 40 plies written (p50, p99) on its own and through the whole
//! handler (the game read from a SQLite file, the page written); 1,000 live viewers of one
//! game over real connections: the time from a move made through the host until the last
//! viewer has it; a move clicked on a player's page until the opponent's page has it (SQLite;
//! PostgreSQL with the page served by another host than the one the move is sent to, as
//! another process would); and 2,000 players' pages on 1,000 games each moving once a second:
//! the delivery's p99 and the process's CPU.
//!
//! `cargo bench --bench web` (options: `-- --viewers 1000 --pages 2000 --clicks 300 --games
//! 1000 --seconds 20 --postgres URL`; PostgreSQL defaults to
//! postgres://postgres@127.0.0.1:5432/test and is skipped if none answers).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_testkit::bench as common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use common::{start, who};
use dama_core::host::{Clock, Host, HostConfig};
use dama_core::words::Words;
use dama_play::render::Renderer;
use dama_store::Store;
use dama_telemetry::{Health, Metrics};
use dama_web::{Page, Query, Web};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One page following a game live over a real connection (its server-sent events).
struct Follower {
    stream: tokio::net::TcpStream,
    seen: String,
}

impl Follower {
    async fn open(addr: std::net::SocketAddr, key: &str) -> Follower {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!("GET /game/{key}/events HTTP/1.1\r\nHost: dama\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        Follower {
            stream,
            seen: String::new(),
        }
    }

    /// Reads until the page has the game at `ply` plies.
    async fn until(&mut self, ply: usize) {
        let wanted = format!("\"ply\":{ply},");
        let mut buf = [0u8; 16 * 1024];
        loop {
            if let Some(i) = self.seen.find(&wanted) {
                self.seen.drain(..i + wanted.len());
                return;
            }
            let n = self.stream.read(&mut buf).await.unwrap();
            assert!(n > 0, "the server closed a live page");
            self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}

/// The move the benches play next in the game in `channel` (a spread of legal moves, the same
/// every run), with the player to make it; `None` once it is over.
async fn next_move(
    host: &Host,
    channel: u64,
    (white, black): (u64, u64),
) -> Option<(u64, String, usize)> {
    let row = host
        .store()
        .running_game(dama_model::ChannelId(channel))
        .await
        .unwrap()?;
    let pos = dama_rules::fen::parse(&row.fen).unwrap();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let ply = row.ply as usize;
    let mv = moves[(ply * 7 + 3) % moves.len()];
    let user = if pos.side_to_move() == dama_rules::Color::White {
        white
    } else {
        black
    };
    Some((user, pos.notation(&mv), ply))
}

/// A new game in `channel`: its players and its page's key.
async fn a_game(host: &Host, channel: u64) -> ((u64, u64), String) {
    let players = start(host, channel, false).await;
    let row = host.store().running_game(dama_model::ChannelId(channel));
    (players, row.await.unwrap().unwrap().web_key.unwrap())
}

/// The `dama_seat=…` cookie of `user`'s link to the game in `channel`.
async fn seat_cookie(host: &Host, user: u64, channel: u64) -> String {
    let reply = host.play_link(&who(user, channel)).await.unwrap();
    let [dama_core::host::Msg::PlayLink { link }] = &reply.body[..] else {
        panic!("{reply:?}")
    };
    format!("dama_seat={}", link.split("token=").nth(1).unwrap())
}

/// `samples` moves clicked on the players' pages (`POST /game/<key>/move` to `post`), each
/// timed until the opponent's page (served by `watch`) has it; new games in new channels from
/// `channel` on as games end.
async fn clicks(
    host: &Host,
    post: std::net::SocketAddr,
    watch: std::net::SocketAddr,
    mut channel: u64,
    samples: usize,
) -> Vec<Duration> {
    let client = reqwest::Client::new();
    let mut times = Vec::with_capacity(samples);
    while times.len() < samples {
        let (players, key) = a_game(host, channel).await;
        let cookies = [
            seat_cookie(host, players.0, channel).await,
            seat_cookie(host, players.1, channel).await,
        ];
        let mut pages = [
            Follower::open(watch, &key).await,
            Follower::open(watch, &key).await,
        ];
        for page in &mut pages {
            page.until(0).await;
        }
        while times.len() < samples {
            let Some((user, text, ply)) = next_move(host, channel, players).await else {
                break;
            };
            let mover = usize::from(user == players.1);
            let started = Instant::now();
            let answer = client
                .post(format!("http://{post}/game/{key}/move"))
                .header("cookie", &cookies[mover])
                .header("x-dama-seat", "1")
                .body(text)
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status(), 204, "{:?}", answer.text().await);
            pages[1 - mover].until(ply + 1).await;
            times.push(started.elapsed());
            pages[mover].until(ply + 1).await;
        }
        channel += 1;
    }
    times
}

/// This process's CPU time so far (user and system), from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    // Linux counts in hundredths of a second (USER_HZ).
    Duration::from_millis(ticks * 10)
}

/// What [`many_games`] measured.
struct ManyGames {
    /// Each move made through the host, until it returned (stored, board drawn).
    moves: Vec<Duration>,
    /// Each page's receipt of a move, from the moment the host returned it.
    deliveries: Vec<Duration>,
    /// The process's CPU time meanwhile.
    cpu: Duration,
    /// The wall time.
    wall: Duration,
}

/// `games` games each moving once a second for `seconds`, both players' pages open on each:
/// every move's time and its delivery to both pages, and the CPU the process used meanwhile.
async fn many_games(
    host: &Arc<Host>,
    addr: std::net::SocketAddr,
    games: u64,
    seconds: u64,
) -> ManyGames {
    let first = 100_000;
    let mut tables = Vec::new();
    for channel in first..first + games {
        let (players, key) = a_game(host, channel).await;
        let mut pages = [
            Follower::open(addr, &key).await,
            Follower::open(addr, &key).await,
        ];
        for page in &mut pages {
            page.until(0).await;
        }
        tables.push((channel, players, pages));
    }
    let (cpu, wall) = (cpu_time(), Instant::now());
    let mut tasks = Vec::new();
    for (i, (channel, players, mut pages)) in tables.into_iter().enumerate() {
        let host = Arc::clone(host);
        // Each game's moves a second apart, the games spread over the second.
        let offset = Duration::from_secs(1).mul_f64(i as f64 / games as f64);
        tasks.push(tokio::spawn(async move {
            let (mut moves, mut deliveries) = (Vec::new(), Vec::new());
            let mut tick = tokio::time::interval_at(
                tokio::time::Instant::now() + offset,
                Duration::from_secs(1),
            );
            for _ in 0..seconds {
                tick.tick().await;
                let Some((user, text, ply)) = next_move(&host, channel, players).await else {
                    break;
                };
                let started = Instant::now();
                host.play(&who(user, channel), &text).await.unwrap();
                let played = Instant::now();
                moves.push(played - started);
                for page in &mut pages {
                    page.until(ply + 1).await;
                    deliveries.push(played.elapsed());
                }
            }
            (moves, deliveries)
        }));
    }
    let (mut moves, mut deliveries) = (Vec::new(), Vec::new());
    for task in tasks {
        let (m, d) = task.await.unwrap();
        moves.extend(m);
        deliveries.extend(d);
    }
    ManyGames {
        moves,
        deliveries,
        cpu: cpu_time() - cpu,
        wall: wall.elapsed(),
    }
}

fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    format!(
        "p50 {:>8.3} ms   p99 {:>8.3} ms   max {:>8.3} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    )
}

/// Plays `plies` legal moves (a spread of them, the same every run), each side in turn.
async fn play(host: &Host, channel: u64, (white, black): (u64, u64), plies: usize) {
    for ply in 0..plies {
        let Some(row) = host
            .store()
            .running_game(dama_model::ChannelId(channel))
            .await
            .unwrap()
        else {
            return;
        };
        let pos = dama_rules::fen::parse(&row.fen).unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        let user = if pos.side_to_move() == dama_rules::Color::White {
            white
        } else {
            black
        };
        host.play(&who(user, channel), &pos.notation(&mv))
            .await
            .unwrap();
    }
}

fn main() {
    let pages = arg("--pages", 2000);
    let viewers = arg("--viewers", 1000);
    // Each viewer is two sockets here (its end and the server's).
    let open_files = dama_web::raise_open_files().unwrap_or(1024);
    if open_files < viewers as u64 * 2 + 256 {
        eprintln!("{open_files} open files may be too few for {viewers} viewers");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = std::env::temp_dir().join(format!("dama-web-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("web.db").display());
        let words = Arc::new(Words::new());
        let host = Arc::new(Host::new(
            Store::open(&url).await.unwrap(),
            Arc::new(Renderer::default()),
            Arc::clone(&words) as Arc<dyn dama_core::host::Captions>,
            HostConfig {
                public_url: Some("http://bench.example".into()),
                ..HostConfig::default()
            },
            Clock::system(),
        ));
        let players = start(&host, 10, false).await;
        play(&host, 10, players, 40).await;
        let row = host
            .store()
            .latest_game(dama_model::ChannelId(10))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.ply, 40, "the game still runs, for the live viewers' move");
        let key = row.web_key.clone().unwrap();
        let web = Web::new(
            Arc::clone(&host),
            Arc::clone(&words),
            Health::expecting([0]),
            Arc::new(Metrics::new()),
        )
        // One machine asks for everything here: no limits.
        .with_limits(unlimited());

        // The page alone, from a game already read.
        let game = host.web_game(&key).await.unwrap().unwrap();
        let renderer = host.renderer();
        let query = Query::default();
        let page = Page {
            words: &words,
            lang: dama_core::host::Lang::ENGLISH,
            query: &query,
        };
        let mut times = Vec::with_capacity(pages);
        let mut size = 0;
        for _ in 0..pages {
            let started = Instant::now();
            let html = dama_web::page_html(&page, &renderer, &game, &[], None, None);
            times.push(started.elapsed());
            size = html.len();
        }
        println!(
            "game page written ({} plies, {} KB): {}",
            game.game.ply_count(),
            size / 1024,
            percentiles(times)
        );

        // Through the handler: read from the database, then written.
        let router = dama_web::router(web.clone());
        let mut times = Vec::with_capacity(pages);
        for _ in 0..pages {
            let started = Instant::now();
            let response = router
                .clone()
                .oneshot(
                    Request::get(format!("/game/{key}"))
                        .body(Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap();
            let _ = axum::body::to_bytes(response.into_body(), 1 << 22)
                .await
                .unwrap();
            times.push(started.elapsed());
        }
        println!("GET /game/{{key}} (SQLite):        {}", percentiles(times));

        // 1,000 live viewers over real connections.
        let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let server = tokio::spawn(dama_web::serve(listener, web.clone(), stopped));
        let next_ply = game.game.ply_count() + 1;
        let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<()>(viewers);
        let mut tasks = Vec::with_capacity(viewers);
        for _ in 0..viewers {
            let ready = ready_tx.clone();
            let path = format!("/game/{key}/events");
            let wanted = format!("\"ply\":{next_ply}");
            tasks.push(tokio::spawn(async move {
                let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
                let request = format!("GET {path} HTTP/1.1\r\nHost: dama\r\n\r\n");
                stream.write_all(request.as_bytes()).await.unwrap();
                let mut seen = String::new();
                let mut buf = vec![0u8; 16 * 1024];
                let mut told = false;
                loop {
                    let n = stream.read(&mut buf).await.unwrap();
                    assert!(n > 0, "the server closed a live page");
                    seen.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if !told && seen.contains("event: state") {
                        told = true;
                        let _ = ready.send(()).await;
                    }
                    if seen.contains(&wanted) {
                        return Instant::now();
                    }
                    if seen.len() > 1 << 20 {
                        seen.clear();
                    }
                }
            }));
        }
        drop(ready_tx);
        let opening = Instant::now();
        for _ in 0..viewers {
            ready_rx.recv().await.expect("every viewer gets the state");
        }
        println!(
            "{viewers} live viewers connected and told the state in {:.0} ms ({} open)",
            opening.elapsed().as_secs_f64() * 1e3,
            web.live.open()
        );
        let moved = Instant::now();
        play(&host, 10, players, 1).await;
        let mut arrivals = Vec::with_capacity(viewers);
        for t in tasks {
            arrivals.push(t.await.unwrap().saturating_duration_since(moved));
        }
        arrivals.sort();
        println!(
            "a move reached {viewers} live viewers: the first after {:.0} ms, half after {:.0} ms, the last after {:.0} ms",
            arrivals[0].as_secs_f64() * 1e3,
            arrivals[viewers / 2].as_secs_f64() * 1e3,
            arrivals[viewers - 1].as_secs_f64() * 1e3
        );

        // A click on a player's page until the opponent's page has the move.
        let times = clicks(&host, addr, addr, 1_000, arg("--clicks", 300)).await;
        println!("a click's move on the opponent's page (SQLite, one process): {}", percentiles(times));

        // 2,000 players' pages on 1,000 games, a move a second in each.
        let games = arg("--games", 1000) as u64;
        let seconds = arg("--seconds", 20) as u64;
        let many = many_games(&host, addr, games, seconds).await;
        println!(
            "{} pages on {games} games, a move a second in each for {seconds} s \
             (the process's CPU {:.0}% of one core: {:.1} s in {:.1} s):",
            games * 2,
            many.cpu.as_secs_f64() / many.wall.as_secs_f64() * 100.0,
            many.cpu.as_secs_f64(),
            many.wall.as_secs_f64()
        );
        println!("  {} moves through the host:      {}", many.moves.len(), percentiles(many.moves));
        println!(
            "  {} deliveries after the move:   {}",
            many.deliveries.len(),
            percentiles(many.deliveries)
        );
        let _ = stop.send(true);
        let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
        let _ = std::fs::remove_dir_all(&dir);

        // PostgreSQL: the page served by one host, the move sent to another on the same database.
        let admin = std::env::args()
            .skip_while(|a| a != "--postgres")
            .nth(1)
            .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into());
        if !common::postgres_answers(&admin).await {
            println!("PostgreSQL: skipped (none answers at {admin})");
            return;
        }
        let url = common::fresh_postgres(&admin, "web").await;
        let serving = web_on(&url, &words).await;
        let moving = web_on(&url, &words).await;
        let mut servers = Vec::new();
        let mut addrs = Vec::new();
        let (stop, stopped) = tokio::sync::watch::channel(false);
        for web in [&serving, &moving] {
            let listener = dama_web::listen("127.0.0.1:0".parse().unwrap()).await.unwrap();
            addrs.push(listener.local_addr().unwrap());
            servers.push(tokio::spawn(dama_web::serve(listener, web.clone(), stopped.clone())));
        }
        let times = clicks(&moving.host, addrs[1], addrs[0], 1_000, arg("--clicks", 300)).await;
        println!(
            "a click's move on the opponent's page (PostgreSQL, the page served by another host): {}",
            percentiles(times)
        );
        let _ = stop.send(true);
        for server in servers {
            let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
        }
        drop((serving, moving));
        common::drop_postgres(&admin, &url).await;
    });
}

/// The web over a new host on the database at `url`, with no limits (one machine asks for
/// everything here).
async fn web_on(url: &str, words: &Arc<Words>) -> Web {
    let host = Arc::new(Host::new(
        Store::open(url).await.unwrap(),
        Arc::new(Renderer::default()),
        Arc::clone(words) as Arc<dyn dama_core::host::Captions>,
        HostConfig {
            public_url: Some("http://bench.example".into()),
            ..HostConfig::default()
        },
        Clock::system(),
    ));
    Web::new(
        host,
        Arc::clone(words),
        Health::expecting([0]),
        Arc::new(Metrics::new()),
    )
    .with_limits(unlimited())
}

/// No limit on any reader or player.
fn unlimited() -> dama_web::WebLimits {
    dama_web::WebLimits {
        burst: u32::MAX,
        every: Duration::from_nanos(1),
        live_pages: 1 << 20,
        live_pages_per_reader: 1 << 20,
        connections: 1 << 20,
        connections_per_address: 1 << 20,
        player_burst: u32::MAX,
        player_every: Duration::from_nanos(1),
        ..dama_web::WebLimits::default()
    }
}
