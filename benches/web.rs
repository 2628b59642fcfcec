//! The web pages: a game page of 40 plies written (p50, p99) on its own and through the whole
//! handler (the game read from a SQLite file, the page written), and 1,000 live viewers of one
//! game over real connections: the time from a move made through the host until the last
//! viewer has it.
//!
//! `cargo bench --bench web` (options: `-- --viewers 1000 --pages 2000`).

use dama_testkit::bench as common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use common::{start, who};
use dama::host::{Clock, Host, HostConfig};
use dama::render::Renderer;
use dama::store::Store;
use dama::telemetry::{Health, Metrics};
use dama::web::{Page, Query, Web};
use dama::words::Words;
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
            .running_game(dama::model::ChannelId(channel))
            .await
            .unwrap()
        else {
            return;
        };
        let pos = dama::engine::fen::parse(&row.fen).unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        let user = if pos.side_to_move() == dama::engine::Color::White {
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
    let open_files = dama::web::raise_open_files().unwrap_or(1024);
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
            Arc::clone(&words) as Arc<dyn dama::host::Captions>,
            HostConfig::default(),
            Clock::system(),
        ));
        let players = start(&host, 10, false).await;
        play(&host, 10, players, 40).await;
        let row = host
            .store()
            .latest_game(dama::model::ChannelId(10))
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
        .with_limits(dama::web::WebLimits {
            burst: u32::MAX,
            every: Duration::from_nanos(1),
            live_pages: 1 << 20,
            live_pages_per_reader: 1 << 20,
            connections: 1 << 20,
            connections_per_address: 1 << 20,
            ..dama::web::WebLimits::default()
        });

        // The page alone, from a game already read.
        let game = host.web_game(&key).await.unwrap().unwrap();
        let renderer = host.renderer();
        let query = Query::default();
        let page = Page {
            words: &words,
            lang: dama::host::Lang::ENGLISH,
            query: &query,
        };
        let mut times = Vec::with_capacity(pages);
        let mut size = 0;
        for _ in 0..pages {
            let started = Instant::now();
            let html = dama::web::page_html(&page, &renderer, &game, &[], None);
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
        let router = dama::web::router(web.clone());
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
        let listener = dama::web::listen("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let server = tokio::spawn(dama::web::serve(listener, web.clone(), stopped));
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
        let _ = stop.send(true);
        let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
        let _ = std::fs::remove_dir_all(&dir);
    });
}
