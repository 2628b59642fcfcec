//! AI replies under load: N games against one level at once (N = 1, 10, 100), each player
//! moving as soon as the AI has answered. Prints, per level and N, the AI's reply time (from
//! asking to the stored move, queue included: median and p99) and the AI's moves a second. The
//! master's time shrinks as moves queue (see `crates/dama-core/src/host/scheduler.rs`).
//!
//! `cargo bench --bench ai_load` (options: `-- --levels easy,master --games 1,10,100`, and
//! `--table-build` to run each case while the endgame tables build in the background from
//! nothing, as on a first start).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_testkit::bench as common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::who;
use dama_core::host::{Clock, Host, HostConfig, Lang};
use dama_core::words::Words;
use dama_play::ai::Level;
use dama_play::render::Renderer;
use dama_rules::{Color, Game, fen};
use dama_store::Store;

/// One game: its player plays random legal moves, the AI answers; returns the AI's reply times.
async fn play(host: Arc<Host>, channel: u64, level: Level, replies: usize) -> Vec<Duration> {
    let user = channel * 2;
    let me = who(user, channel);
    host.play_ai(&me, level, Color::White)
        .await
        .expect("a game against the AI");
    let mut state = channel.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut times = Vec::with_capacity(replies);
    while times.len() < replies {
        let board = host.board(&me).await.expect("the board");
        let Some(text) = board.fen.as_deref() else {
            break;
        };
        let pos = fen::parse(text).expect("a position");
        let game = Game::new(pos);
        if game.is_over() {
            break;
        }
        let legal = pos.legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = legal[(state >> 33) as usize % legal.len()];
        let reply = host
            .play(&me, &pos.notation(&mv))
            .await
            .expect("a legal move");
        let Some(game_id) = reply.ai_turn else { break };
        let asked = Instant::now();
        match host.ai_move(game_id, Lang::ENGLISH).await {
            Ok(Some(_)) => times.push(asked.elapsed()),
            _ => break,
        }
    }
    times
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let levels: Vec<Level> = option("--levels")
        .unwrap_or_else(|| "easy,medium,hard,master".into())
        .split(',')
        .map(|l| l.parse().expect("a level"))
        .collect();
    let counts: Vec<usize> = option("--games")
        .unwrap_or_else(|| "1,10,100".into())
        .split(',')
        .map(|n| n.parse().expect("a number of games"))
        .collect();
    let table_build = args.iter().any(|a| a == "--table-build");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    println!(
        "{} workers (one per core), replies bound 5 s{}",
        HostConfig::default().ai_concurrency,
        if table_build {
            ", the endgame tables building meanwhile"
        } else {
            ""
        }
    );
    println!("level   games  replies  median     p99        AI moves/s");
    for &level in &levels {
        for &n in &counts {
            let dir = std::env::temp_dir().join(format!("dama-ai-load-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("a temp dir");
            let file = dir.join(format!("{level}-{n}.db"));
            let _ = std::fs::remove_file(&file);
            let (times, elapsed) = runtime.block_on(async {
                let store = Store::open(&format!("sqlite://{}", file.display()))
                    .await
                    .expect("a store");
                let host = Arc::new(Host::new(
                    store,
                    Arc::new(Renderer::default()),
                    Arc::new(Words::new()),
                    HostConfig::default(),
                    Clock::system(),
                ));
                let tables = dir.join(format!("tables-{level}-{n}"));
                let _ = std::fs::remove_dir_all(&tables);
                let build = table_build.then(|| host.load_tables_in_background(tables, true));
                // Each game several replies; fewer each as games grow, so a run stays short.
                let replies = (40 / n).clamp(3, 10);
                let start = Instant::now();
                let tasks: Vec<_> = (0..n)
                    .map(|g| tokio::spawn(play(Arc::clone(&host), 1000 + g as u64, level, replies)))
                    .collect();
                let mut times = Vec::new();
                for t in tasks {
                    times.extend(t.await.expect("a game"));
                }
                let elapsed = start.elapsed();
                if let Some(build) = build {
                    assert!(!build.is_finished(), "the build outlasted the games");
                    build.stop();
                    build.finished().await;
                }
                (times, elapsed)
            });
            let mut sorted = times.clone();
            sorted.sort();
            println!(
                "{:<7} {:>5}  {:>7}  {:>8.1} ms {:>8.1} ms {:>8.1}",
                level.name(),
                n,
                sorted.len(),
                percentile(&sorted, 0.5).as_secs_f64() * 1000.0,
                percentile(&sorted, 0.99).as_secs_f64() * 1000.0,
                sorted.len() as f64 / elapsed.as_secs_f64(),
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
