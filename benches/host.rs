//! Moves a second through the host, the board rendered, the move stored in a SQLite file and
//! the reply put in words,
//! with many games running at once; and the latency of one move (median, p99).
//!
//! `cargo bench --bench host` (options: `-- --games 200 --moves 20000 --rate 1000`). Two runs:
//! every game moving as fast as the host answers (throughput), then the games together
//! offering about `--rate` moves a second (latency under that load).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_testkit::bench as common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{start, who};
use dama_core::host::{Clock, Host, HostConfig, Lang};
use dama_core::words::{Markup, Surface, Words};
use dama_model::UserId;
use dama_play::render::Renderer;
use dama_rules::Game;
use dama_store::Store;

/// Mentions, as the bot writes them.
struct Mentions;

impl Markup for Mentions {
    fn user(&self, id: UserId) -> String {
        format!("<@{}>", id.0)
    }
    fn surface(&self) -> Surface {
        Surface::Discord
    }
}

/// Plays `moves` random legal moves in `channel`, starting new games as they end, waiting
/// `think` between moves (none: as fast as the host answers).
async fn play(
    host: Arc<Host>,
    words: Arc<Words>,
    channel: u64,
    moves: usize,
    seed: u64,
    think: Duration,
) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(moves);
    let mut players = start(&host, channel, true).await;
    let mut game = Game::default();
    let mut state = seed;
    // Each game moves once every `think`, the games' moments spread over that period.
    let mut ticks = (!think.is_zero()).then(|| {
        let offset =
            (seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) % (think.as_micros() as u64 + 1);
        let mut t = tokio::time::interval_at(
            tokio::time::Instant::now() + Duration::from_micros(offset),
            think,
        );
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        t
    });
    while latencies.len() < moves {
        if game.is_over() {
            players = start(&host, channel, true).await;
            game = Game::default();
        }
        if let Some(t) = ticks.as_mut() {
            t.tick().await;
        }
        let legal = game.position().legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = legal[(state >> 33) as usize % legal.len()];
        let text = game.position().notation(&mv);
        let mover = if game.ply_count() % 2 == 0 {
            players.0
        } else {
            players.1
        };
        let t = Instant::now();
        let reply = host
            .play(&who(mover, channel), &text)
            .await
            .expect("a legal move is played");
        // What a front end does next: the reply's words.
        std::hint::black_box(words.writer(Lang::ENGLISH, &Mentions).reply(&reply));
        latencies.push(t.elapsed());
        game.play(mv).expect("legal");
    }
    latencies
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let games = arg("--games", 200);
    let total = arg("--moves", 20_000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let dir = std::env::temp_dir().join(format!("dama-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let url = format!("sqlite://{}", dir.join("bench.db").display());
        let store = Store::open(&url).await.expect("the database opens");
        let words = Arc::new(Words::new());
        let host = Arc::new(Host::new(
            store,
            Arc::new(Renderer::default()),
            Arc::clone(&words) as Arc<dyn dama_core::host::Captions>,
            HostConfig::default(),
            Clock::system(),
        ));
        let per_game = total.div_ceil(games);
        let rate = arg("--rate", 1000);
        for (label, think) in [
            ("as fast as the host answers", Duration::ZERO),
            ("offered 1 move a second per game", Duration::from_secs_f64(games as f64 / rate as f64)),
        ] {
            let started = Instant::now();
            let tasks: Vec<_> = (0..games as u64)
                .map(|g| {
                    let channel = 10_000 + g + if think.is_zero() { 0 } else { 100_000 };
                    tokio::spawn(play(
                        Arc::clone(&host),
                        Arc::clone(&words),
                        channel,
                        per_game,
                        g + 1,
                        think,
                    ))
                })
                .collect();
            let mut latencies = Vec::new();
            for t in tasks {
                latencies.extend(t.await.expect("a game task"));
            }
            let elapsed = started.elapsed();
            latencies.sort();
            let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
            let label = if think.is_zero() {
                label.to_string()
            } else {
                format!("offered about {rate} moves a second")
            };
            println!(
                "{label}: {} moves in {} games at once, {:.0} moves a second; latency median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                latencies.len(),
                games,
                latencies.len() as f64 / elapsed.as_secs_f64(),
                pct(0.5).as_secs_f64() * 1e3,
                pct(0.9).as_secs_f64() * 1e3,
                pct(0.99).as_secs_f64() * 1e3,
                latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
            );
        }
        host.store().close().await;
        let _ = std::fs::remove_dir_all(&dir);
    });
}
