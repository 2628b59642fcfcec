//! Moves through 1, 2 and 3 bot processes sharing one PostgreSQL database, and through one
//! process on SQLite: moves a second and latency (median, p99) of a move through the host (the
//! board drawn, the move stored), every game moving as fast as the host answers. Then the store
//! alone (no board), to show what the database costs per move.
//!
//! `cargo bench --bench processes` (options: `-- --games 60 --moves 6000 --postgres URL`;
//! PostgreSQL defaults to postgres://postgres@127.0.0.1:5432/test and is skipped if none
//! answers). Each process is this bench binary started again as a worker.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_model::UnixMs;
use dama_testkit::bench as common;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::{drop_postgres, fresh_postgres, start, who};
use dama_core::host::{Clock, Host, HostConfig};
use dama_core::words::Words;
use dama_model::{ChannelId, UserId};
use dama_play::render::Renderer;
use dama_rules::{Game, fen};
use dama_store::{self as store, Store};
use sqlx::Connection;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn num(name: &str, default: u64) -> u64 {
    arg(name).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// Plays `moves` random legal moves in `channel` as fast as the host answers.
async fn play(host: Arc<Host>, channel: u64, moves: usize, seed: u64) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(moves);
    let mut players = (channel * 2, channel * 2 + 1);
    let mut game = Game::default();
    let mut state = seed;
    while latencies.len() < moves {
        if game.is_over() {
            players = start(&host, channel, false).await;
            game = Game::default();
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
        host.play(&who(mover, channel), &text)
            .await
            .expect("a legal move is played");
        latencies.push(t.elapsed());
        game.play(mv).expect("legal");
    }
    latencies
}

/// A worker process: its games, started before `start_at`, then played; prints its figures.
fn worker() {
    let url = arg("--url").expect("--url");
    let first = num("--first", 0);
    let games = num("--games", 20);
    let moves = num("--moves", 2000) as usize;
    let start_at = num("--start-at", 0);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let host = Arc::new(Host::new(
            Store::open(&url).await.expect("the database opens"),
            Arc::new(Renderer::default()),
            Arc::new(Words::new()),
            HostConfig::default(),
            Clock::system(),
        ));
        let channels: Vec<u64> = (first..first + games).collect();
        for &c in &channels {
            start(&host, c, false).await;
        }
        let wait = start_at.saturating_sub(unix_ms());
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let started = Instant::now();
        let per_game = moves.div_ceil(channels.len());
        let tasks: Vec<_> = channels
            .iter()
            .map(|&c| tokio::spawn(play(Arc::clone(&host), c, per_game, c + 1)))
            .collect();
        let mut latencies = Vec::new();
        for t in tasks {
            latencies.extend(t.await.unwrap());
        }
        let elapsed = started.elapsed();
        let list: Vec<String> = latencies
            .iter()
            .map(|d| d.as_micros().to_string())
            .collect();
        println!("{} {}", elapsed.as_micros(), list.join(" "));
        host.store().close().await;
    });
}

struct Figures {
    moves: usize,
    per_second: f64,
    median_ms: f64,
    p99_ms: f64,
}

fn figures(mut latencies: Vec<u64>, elapsed_us: u64) -> Figures {
    latencies.sort_unstable();
    let pct = |p: f64| {
        latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)] as f64 / 1e3
    };
    Figures {
        moves: latencies.len(),
        per_second: latencies.len() as f64 / (elapsed_us as f64 / 1e6),
        median_ms: pct(0.5),
        p99_ms: pct(0.99),
    }
}

/// Runs `processes` workers on `url`, the games split between them.
fn through_processes(url: &str, processes: u64, games: u64, moves: u64) -> Figures {
    let start_at = unix_ms() + 3000 + 500 * processes;
    let children: Vec<_> = (0..processes)
        .map(|p| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--worker", "--url", url])
                .args(["--first", &(10_000 + p * 10_000).to_string()])
                .args(["--games", &(games / processes).max(1).to_string()])
                .args(["--moves", &(moves / processes).to_string()])
                .args(["--start-at", &start_at.to_string()])
                .stdout(Stdio::piped())
                .spawn()
                .expect("a worker starts")
        })
        .collect();
    let (mut latencies, mut elapsed) = (Vec::new(), 0);
    for child in children {
        let out = child.wait_with_output().expect("a worker ends");
        assert!(out.status.success(), "a worker failed");
        let text = String::from_utf8(out.stdout).unwrap();
        let mut numbers = text.split_whitespace().map(|n| n.parse::<u64>().unwrap());
        elapsed = elapsed.max(numbers.next().unwrap());
        latencies.extend(numbers);
    }
    figures(latencies, elapsed)
}

/// The store alone: `writers` games at once, each writing moves (a read, then a write
/// transaction) as fast as the database takes them.
async fn store_alone(url: &str, writers: u64, moves: u64) -> Figures {
    let store = Store::open(url).await.expect("the database opens");
    let start = fen::write(Game::default().position());
    let mut games = Vec::new();
    for w in 0..writers {
        let mut tx = store.write().await.unwrap();
        let id = store::insert_game(
            &mut tx,
            store::NewGame {
                guild_id: None,
                channel_id: ChannelId(900_000 + w),
                white_id: Some(UserId(1)),
                black_id: Some(UserId(2)),
                ai_level: None,
                rated: false,
                start_fen: &start,
                warn_at: UnixMs(i64::MAX),
                deadline: UnixMs(i64::MAX),
                now: UnixMs::EPOCH,
                clocks: dama_play::clock::Clocks::start(Default::default(), UnixMs::EPOCH),
                flag_at: None,
                tournament_id: None,
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        games.push(id);
    }
    let started = Instant::now();
    let tasks: Vec<_> = games
        .into_iter()
        .map(|id| {
            let store = store.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for _ in 0..moves / writers {
                    let t = Instant::now();
                    let row = store.game(id).await.unwrap().unwrap();
                    let mut tx = store.write().await.unwrap();
                    let written = store::record_move(
                        &mut tx,
                        store::Expect::of(&row),
                        store::NewMove {
                            notation: "e3-e4",
                            fen: &row.fen,
                            now: UnixMs::EPOCH,
                            warn_at: UnixMs(i64::MAX),
                            deadline: UnixMs(i64::MAX),
                            clocks: row.clocks(),
                            flag_at: None,
                            clock: None,
                        },
                    )
                    .await
                    .unwrap();
                    assert!(written);
                    tx.commit().await.unwrap();
                    latencies.push(t.elapsed().as_micros() as u64);
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed().as_micros() as u64;
    store.close().await;
    figures(latencies, elapsed)
}

/// A fresh database for one run: a SQLite file, or a new PostgreSQL database (with its drop).
fn fresh_sqlite(run: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dama-bench-{}-{run}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("bench.db").display())
}

fn say(label: &str, f: &Figures) {
    println!(
        "{label}: {} moves, {:.0} moves a second; latency median {:.2} ms, p99 {:.2} ms",
        f.moves, f.per_second, f.median_ms, f.p99_ms
    );
}

fn main() {
    if std::env::args().any(|a| a == "--worker") {
        return worker();
    }
    sqlx::any::install_default_drivers();
    let games = num("--games", 60);
    let moves = num("--moves", 6000);
    let admin =
        arg("--postgres").unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".into());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let postgres = runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(3), sqlx::AnyConnection::connect(&admin))
            .await
            .ok()
            .and_then(Result::ok)
            .is_some()
    });
    println!("{games} games at once, {moves} moves, every game moving as fast as the host answers");
    let sqlite = fresh_sqlite("host");
    runtime.block_on(async { Store::open(&sqlite).await.unwrap().close().await });
    say(
        "SQLite, 1 process",
        &through_processes(&sqlite, 1, games, moves),
    );
    if postgres {
        for processes in 1..=3 {
            let url = runtime.block_on(fresh_postgres(&admin, &format!("p{processes}")));
            runtime.block_on(async { Store::open(&url).await.unwrap().close().await });
            say(
                &format!(
                    "PostgreSQL, {processes} process{}",
                    if processes > 1 { "es" } else { "" }
                ),
                &through_processes(&url, processes, games, moves),
            );
            runtime.block_on(drop_postgres(&admin, &url));
        }
    } else {
        println!("PostgreSQL runs skipped: no server answers at {admin}");
    }
    println!(
        "The store alone (a read and a write transaction a move, no board), 20 games at once:"
    );
    let url = fresh_sqlite("store");
    say("SQLite", &runtime.block_on(store_alone(&url, 20, moves)));
    if postgres {
        let url = runtime.block_on(fresh_postgres(&admin, "store"));
        say(
            "PostgreSQL",
            &runtime.block_on(store_alone(&url, 20, moves)),
        );
        runtime.block_on(drop_postgres(&admin, &url));
    }
}
