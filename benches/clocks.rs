//! Flags of live games: many live games at once (1,000 at 1/4+0 by default), both players
//! moving every 2 s for a few moves each (none to five), then the one on move stopping. How
//! late each flag is ended after its moment (p50, p99, max), and whether every flag fell once
//! (none missed, none twice). One host, its clocks watched as `dama run` watches them (every
//! 100 ms); the time to post the message to Discord is not in these figures.
//!
//! `cargo bench --bench clocks` (options: `-- --games 1000 --every 2000 --control 1/4+0
//! --database sqlite://FILE|postgres://…`; the default is a new SQLite file).
//!
//! `cargo bench --bench clocks -- --ai`: the master on its clock, at 1+0 and 3+2, against
//! itself and each other level (the opponent thinks in this process, on its own clock), while
//! 20 other AI games run (`--load N`): the games, how they ended, and the flags.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_model::{Millis, UnixMs};
use dama_testkit::bench as common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{start_on, who};
use dama_core::host::{Clock, Host, HostConfig};
use dama_core::words::Words;
use dama_model::ChannelId;
use dama_play::ai::{AiPlayer, Level};
use dama_play::clock::TimeControl;
use dama_play::render::Renderer;
use dama_rules::Game;
use dama_store::Store;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// The watcher's period, as in `dama run`.
const WATCH: Duration = Duration::from_millis(100);

#[derive(Default)]
struct Seen {
    /// The moment each game's flag was due, noted by its players once they stop.
    due: HashMap<u64, UnixMs>,
    /// The moments each game was ended on time.
    ended: HashMap<u64, Vec<UnixMs>>,
    moves: Vec<Duration>,
}

fn percentile(sorted: &[i64], p: f64) -> i64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One game: started, both first moves, `rounds` more moves each every `every`, then silence.
async fn game(
    host: Arc<Host>,
    channel: u64,
    rounds: u64,
    every: Duration,
    control: TimeControl,
    seen: Arc<Mutex<Seen>>,
) {
    let (white, black) = start_on(&host, channel, false, control).await;
    let mut game = Game::default();
    let mut state = channel.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    for ply in 0..2 + 2 * rounds {
        if ply >= 2 {
            tokio::time::sleep(every).await;
        }
        let legal = game.position().legal_moves();
        if legal.is_empty() || game.is_over() {
            return;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state >> 33) as usize % legal.len()];
        let text = game.position().notation(&mv);
        let mover = if ply % 2 == 0 { white } else { black };
        let t = Instant::now();
        match host.play(&who(mover, channel), &text).await {
            Ok(_) => {}
            Err(e) => panic!("game {channel}, ply {ply}: {e}"),
        }
        seen.lock().unwrap().moves.push(t.elapsed());
        game.play(mv).unwrap();
        if game.is_over() {
            return;
        }
    }
    let row = host
        .store()
        .running_game(ChannelId(channel))
        .await
        .unwrap()
        .expect("still running");
    seen.lock()
        .unwrap()
        .due
        .insert(channel, row.flag_at.expect("a live game has a flag"));
}

/// The bench's own player in an AI game: thinks with a level's search, on its own clock.
fn opponent_move(
    game: &Game,
    level: Level,
    left: Millis,
    increment: Millis,
    seed: u64,
) -> Option<String> {
    let mut player = AiPlayer::level(level).with_seed(seed);
    if level == Level::Master {
        let budget = dama_play::clock::think_time(left, increment);
        player = player.with_master_time(budget.to_std());
    }
    let best = player.choose(game)?.best;
    Some(game.position().notation(&best))
}

/// The game stored in `channel`, as an engine game.
async fn stored_game(host: &Host, id: dama_model::GameId) -> Game {
    let mut game = Game::default();
    for text in host.store().moves(id).await.unwrap() {
        game.play_text(&text).unwrap();
    }
    game
}

/// One game of the master (the host's AI, Black) against `level` (this process, White).
async fn master_game(host: Arc<Host>, channel: u64, level: Level, control: TimeControl) -> String {
    let me = who(channel * 2, channel);
    let start = host
        .play_ai_on(&me, Level::Master, dama_rules::Color::White, control)
        .await
        .expect("a game against the AI");
    let id = start.game.expect("a game");
    let increment = match control {
        TimeControl::Live { increment, .. } => increment,
        TimeControl::Correspondence { .. } => Millis::ZERO,
    };
    loop {
        let row = host.store().game(id).await.unwrap().unwrap();
        if row.status != dama_model::GameStatus::Running {
            let (left_w, left_b) = (
                row.white_left.unwrap_or_default(),
                row.black_left.unwrap_or_default(),
            );
            let how = match (row.result, row.reason) {
                (Some(r), Some(reason)) => format!("{} by {reason:?}", r.pdn()),
                _ => format!("{:?}", row.status),
            };
            return format!(
                "{control} master vs {level}: {how} after {} plies; clocks at the end: {level} {} · master {}",
                row.ply,
                dama_play::clock::show(left_w),
                dama_play::clock::show(left_b)
            );
        }
        let game = stored_game(&host, id).await;
        let white_to_move = game.position().side_to_move() == dama_rules::Color::White;
        if white_to_move {
            let now = host.clock().now();
            let left = row
                .clocks()
                .left_at(row.ply as usize, dama_rules::Color::White, now)[0];
            let seed = channel ^ row.ply as u64;
            let thinking = game.clone();
            let Some(text) = tokio::task::spawn_blocking(move || {
                opponent_move(&thinking, level, left, increment, seed)
            })
            .await
            .unwrap() else {
                continue;
            };
            match host.play(&me, &text).await {
                Ok(reply) => {
                    // An error here is the game ending meanwhile: seen at the top.
                    if let Some(g) = reply.ai_turn {
                        let _ = host.ai_move(g, dama_core::host::Lang::ENGLISH).await;
                    }
                }
                Err(e) => {
                    let _ = e; // the game ended on time meanwhile: seen at the top
                }
            }
        } else {
            // The AI's turn left over (it opened, or a reply was lost): play it.
            let _ = host.ai_move(id, dama_core::host::Lang::ENGLISH).await;
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// Other AI games, played by a quick random player against the AI until `stop`.
async fn load_game(
    host: Arc<Host>,
    channel: u64,
    stop: Arc<std::sync::atomic::AtomicBool>,
) -> usize {
    use std::sync::atomic::Ordering;
    let me = who(channel * 2, channel);
    let mut moves = 0;
    let mut state = channel | 1;
    while !stop.load(Ordering::Relaxed) {
        let level = Level::ALL[(channel % 4) as usize];
        let Ok(start) = host
            .play_ai_on(&me, level, dama_rules::Color::White, TimeControl::default())
            .await
        else {
            return moves;
        };
        let id = start.game.expect("a game");
        loop {
            if stop.load(Ordering::Relaxed) {
                let _ = host.resign_confirmed(&me).await;
                return moves;
            }
            let game = stored_game(&host, id).await;
            if game.is_over() {
                break;
            }
            let legal = game.position().legal_moves();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let text = game
                .position()
                .notation(&legal[(state >> 33) as usize % legal.len()]);
            match host.play(&me, &text).await {
                Ok(reply) => {
                    moves += 1;
                    if let Some(g) = reply.ai_turn {
                        let _ = host.ai_move(g, dama_core::host::Lang::ENGLISH).await;
                    }
                }
                Err(_) => break,
            }
        }
    }
    moves
}

fn ai_bench(url: String) {
    let load: u64 = arg("--load").and_then(|v| v.parse().ok()).unwrap_or(20);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let host = Arc::new(Host::new(
            Store::open(&url).await.expect("the database opens"),
            Arc::new(Renderer::default()),
            Arc::new(Words::new()),
            HostConfig {
                max_ai_games: 1_000,
                ..HostConfig::default()
            },
            Clock::system(),
        ));
        host.resume_clocks().await.unwrap();
        let watching = {
            let host = Arc::clone(&host);
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(WATCH).await;
                    let _ = host.flags().await;
                }
            })
        };
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let loads: Vec<_> = (0..load)
            .map(|i| tokio::spawn(load_game(Arc::clone(&host), 50_000 + i, Arc::clone(&stop))))
            .collect();
        let started = Instant::now();
        let mut games = Vec::new();
        let mut channel = 1;
        for control in ["1+0", "3+2"] {
            for level in Level::ALL {
                channel += 1;
                games.push(tokio::spawn(master_game(
                    Arc::clone(&host),
                    channel,
                    level,
                    control.parse().unwrap(),
                )));
            }
        }
        let mut lines = Vec::new();
        for g in games {
            lines.push(g.await.unwrap());
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut load_moves = 0;
        for l in loads {
            load_moves += l.await.unwrap();
        }
        watching.abort();
        for l in &lines {
            println!("{l}");
        }
        let master_flags = lines
            .iter()
            .filter(|l| l.contains("1-0 by Timeout"))
            .count();
        println!(
            "{} games of the master in {:.0} s, {load} other AI games alongside ({load_moves} of their moves): the master lost {master_flags} on time",
            lines.len(),
            started.elapsed().as_secs_f64()
        );
    });
}

fn main() {
    if std::env::args().any(|a| a == "--ai") {
        let dir = std::env::temp_dir().join(format!("dama-bench-ai-clock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = arg("--database")
            .unwrap_or_else(|| format!("sqlite://{}", dir.join("dama.db").display()));
        ai_bench(url);
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let games: u64 = arg("--games").and_then(|v| v.parse().ok()).unwrap_or(1000);
    let every = Duration::from_millis(arg("--every").and_then(|v| v.parse().ok()).unwrap_or(2000));
    let control: TimeControl = arg("--control")
        .unwrap_or_else(|| "1/4+0".into())
        .parse()
        .expect("a time control");
    let dir = std::env::temp_dir().join(format!("dama-bench-clocks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url =
        arg("--database").unwrap_or_else(|| format!("sqlite://{}", dir.join("dama.db").display()));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let store = Store::open(&url).await.expect("the database opens");
        let host = Arc::new(Host::new(
            store,
            Arc::new(Renderer::default()),
            Arc::new(Words::new()),
            HostConfig::default(),
            Clock::system(),
        ));
        host.resume_clocks().await.unwrap();
        let seen = Arc::new(Mutex::new(Seen::default()));
        let watching = {
            let (host, seen) = (Arc::clone(&host), Arc::clone(&seen));
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(WATCH);
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
                let mut ticks = 0u32;
                loop {
                    tick.tick().await;
                    ticks += 1;
                    if ticks.is_multiple_of(10) {
                        host.beat().await.unwrap();
                    }
                    let notices = host.flags().await.unwrap();
                    let now = host.clock().now();
                    let mut s = seen.lock().unwrap();
                    for n in notices {
                        s.ended.entry(n.channel.0).or_default().push(now);
                    }
                }
            })
        };
        let started = Instant::now();
        let mut players = Vec::new();
        for channel in 1..=games {
            let rounds = channel % 6;
            players.push(tokio::spawn(game(
                Arc::clone(&host),
                channel,
                rounds,
                every,
                control,
                Arc::clone(&seen),
            )));
            // Games start over the first two seconds, as a server's games would not all at once.
            tokio::time::sleep(Duration::from_micros(2_000_000 / games.max(1))).await;
        }
        for p in players {
            p.await.unwrap();
        }
        let last_due = seen.lock().unwrap().due.values().copied().max();
        let last_due = last_due.unwrap_or(UnixMs::EPOCH);
        while host.clock().now() < last_due + Millis(3_000) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        watching.abort();
        let s = seen.lock().unwrap();
        let mut lateness: Vec<i64> = Vec::new();
        let (mut missed, mut twice) = (0, 0);
        for (channel, due) in &s.due {
            match s.ended.get(channel).map(Vec::as_slice) {
                None | Some([]) => missed += 1,
                Some([at]) => lateness.push((*at - *due).0),
                Some([at, ..]) => {
                    twice += 1;
                    lateness.push((*at - *due).0);
                }
            }
        }
        lateness.sort_unstable();
        let mut moves: Vec<i64> = s.moves.iter().map(|d| d.as_micros() as i64).collect();
        moves.sort_unstable();
        println!(
            "{games} live games at {control}, moves every {} ms: {} moves in {:.1} s (a move: p50 {:.1} ms, p99 {:.1} ms)",
            every.as_millis(),
            moves.len(),
            started.elapsed().as_secs_f64(),
            percentile(&moves, 0.5) as f64 / 1000.0,
            percentile(&moves, 0.99) as f64 / 1000.0,
        );
        println!(
            "flags: {} due, {} ended once, {missed} missed, {twice} ended twice; lateness p50 {} ms, p99 {} ms, max {} ms",
            s.due.len(),
            lateness.len() - twice,
            percentile(&lateness, 0.5),
            percentile(&lateness, 0.99),
            lateness.last().copied().unwrap_or(0),
        );
        assert_eq!((missed, twice), (0, 0), "every flag falls once");
    });
    let _ = std::fs::remove_dir_all(&dir);
}
