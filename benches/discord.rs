//! A move typed in a channel, through the whole bot: MESSAGE_CREATE in on the stand-in's
//! gateway, the board message POSTed out (AI off), with many games at once. Prints the median
//! and p99 latency and the moves a second the bot sustains.
//!
//! `cargo bench --bench discord` (options: `-- --games 200 --moves 20 --rate 1000`): a round
//! with every game moving as fast as the bot answers, then one offering about `--rate` moves a
//! second.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_testkit::fake_discord;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dama_rules::Game;
use fake_discord::{FakeDiscord, GUILD};
use serde_json::json;

struct Bot(Child);
impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays up to `moves` random moves in `channel`; the latency of each.
async fn play(
    fake: Arc<FakeDiscord>,
    channel: u64,
    white: u64,
    black: u64,
    moves: usize,
    seed: u64,
    every: Option<Duration>,
) -> Vec<Duration> {
    let path = format!("/api/v10/channels/{channel}/messages");
    let mut game = Game::default();
    let mut state = seed;
    let mut out = Vec::new();
    // With `every`, this game moves once a period, the games' moments spread over it.
    let mut ticks = every.map(|p| {
        let offset = (seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) % (p.as_micros() as u64 + 1);
        let mut t = tokio::time::interval_at(
            tokio::time::Instant::now() + Duration::from_micros(offset),
            p,
        );
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        t
    });
    while out.len() < moves && !game.is_over() {
        if let Some(t) = ticks.as_mut() {
            t.tick().await;
        }
        let legal = game.position().legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = legal[(state >> 33) as usize % legal.len()];
        let user = if game.ply_count() % 2 == 0 {
            white
        } else {
            black
        };
        let before = fake.post_count(&path);
        let sent = Instant::now();
        fake.message(channel, user, "p", &game.position().notation(&mv));
        let arrived = fake.wait_posts(&path, before + 1).await;
        out.push(arrived.saturating_duration_since(sent));
        game.play(mv).expect("legal");
    }
    out
}

fn main() {
    let games = arg("--games", 200) as u64;
    let moves = arg("--moves", 20);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let fake = Arc::new(FakeDiscord::start().await);
        let dir = std::env::temp_dir().join(format!("dama-discord-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let _bot = Bot(
            Command::new(env!("CARGO_BIN_EXE_dama"))
                .arg("run")
                .env("DISCORD_TOKEN", "bench")
                .env("DISCORD_API_BASE", &fake.rest_url)
                .env("DATABASE_URL", format!("sqlite://{}", dir.join("b.db").display()))
                .env("DAMA_TABLES", "off")
                .env("DAMA_GUILD_ID", GUILD.to_string())
                .env("RUST_LOG", "error")
                .stdout(Stdio::null())
                .spawn()
                .expect("the bot starts"),
        );
        fake.wait_connected().await;
        fake.wait_for(0, |c| c.method == "PUT").await;
        // Start the games of both rounds: a challenge each, accepted by button.
        for g in (0..games).chain(1_000..1_000 + games) {
            let (channel, white, black) = (5_000 + g, 10_000 + 2 * (g % 1_000), 10_001 + 2 * (g % 1_000));
            let from = fake.call_count();
            let id = fake.slash(channel, white, "w", "challenge",
                json!([{ "name": "opponent", "type": 6, "value": black.to_string() }, { "name": "color", "type": 4, "value": 0 }]),
                &[(black, "b")]);
            let answer = fake.wait_for(from, |c| c.path.contains(&format!("/interactions/{id}/"))).await;
            let accept = answer.custom_ids().into_iter().find(|i| i.ends_with(":accept")).expect("accept");
            fake.click(channel, black, "b", &accept, &answer.custom_ids());
            fake.wait_posts(&format!("/api/v10/channels/{channel}/messages"), 1).await;
        }
        let rate = arg("--rate", 1000);
        for (round, every) in [None, Some(Duration::from_secs_f64(games as f64 / rate as f64))].into_iter().enumerate() {
            let started = Instant::now();
            let tasks: Vec<_> = (0..games)
                .map(|g| {
                    // Each round plays on fresh games, so positions stay ordinary.
                    let channel = 5_000 + g + 1_000 * round as u64;
                    tokio::spawn(play(Arc::clone(&fake), channel, 10_000 + 2 * g, 10_001 + 2 * g, moves, g + 1, every))
                })
                .collect();
            let mut latencies = Vec::new();
            for t in tasks {
                latencies.extend(t.await.expect("a game"));
            }
            let elapsed = started.elapsed();
            latencies.sort();
            let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
            let label = match every {
                None => "as fast as the bot answers".to_string(),
                Some(_) => format!("offered about {rate} moves a second"),
            };
            println!(
                "{label}: {} typed moves in {} games at once, {:.0} moves a second; latency median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms",
                latencies.len(),
                games,
                latencies.len() as f64 / elapsed.as_secs_f64(),
                pct(0.5).as_secs_f64() * 1e3,
                pct(0.9).as_secs_f64() * 1e3,
                pct(0.99).as_secs_f64() * 1e3
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    });
}
