//! Pairing speed: a Swiss round for 200 players over 9 rounds and for 1,000 players, and an
//! Arena re-pairing of 1,000 waiting players. Prints each round's time (target: under 1 s).

use dama::engine::Color;
use dama::model::UserId;
use dama::tournament::{SwissPlayer, Waiting, pair_arena, pair_swiss};
use std::time::{Duration, Instant};

fn field(n: usize) -> Vec<SwissPlayer> {
    (0..n)
        .map(|i| SwissPlayer {
            id: UserId(i as u64),
            seed: i,
            halves: 0,
            opponents: Vec::new(),
            colors: Vec::new(),
            byes: 0,
        })
        .collect()
}

/// Pairs and plays `rounds` rounds (the higher seed wins two games in three, a draw in
/// between), returning each pairing's time.
fn swiss(n: usize, rounds: usize) -> Vec<Duration> {
    let mut players = field(n);
    let mut times = Vec::new();
    for r in 0..rounds {
        let began = Instant::now();
        let round = pair_swiss(&players);
        times.push(began.elapsed());
        for (board, &(w, b)) in round.games.iter().enumerate() {
            let (wi, bi) = (w.0 as usize, b.0 as usize);
            let white_halves = match (board + r) % 3 {
                0 => 1,
                _ if players[wi].seed < players[bi].seed => 2,
                _ => 0,
            };
            players[wi].halves += white_halves;
            players[bi].halves += 2 - white_halves;
            players[wi].opponents.push(b);
            players[bi].opponents.push(w);
            players[wi].colors.push(Color::White);
            players[bi].colors.push(Color::Black);
        }
        if let Some(bye) = round.bye {
            players[bye.0 as usize].halves += 2;
            players[bye.0 as usize].byes += 1;
        }
    }
    times
}

fn show(label: &str, times: &[Duration]) {
    let ms: Vec<String> = times
        .iter()
        .map(|t| format!("{:.0}", t.as_secs_f64() * 1000.0))
        .collect();
    let worst = times.iter().max().copied().unwrap_or_default();
    println!(
        "{label}: per round {} ms; slowest {:.0} ms",
        ms.join(", "),
        worst.as_secs_f64() * 1000.0
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        println!("pairing: benchmark");
        return;
    }
    show("Swiss, 200 players x 9 rounds", &swiss(200, 9));
    show("Swiss, 1,000 players x 9 rounds", &swiss(1000, 9));
    let waiting: Vec<Waiting> = (0..1000)
        .map(|i| Waiting {
            id: UserId(i),
            rank: i as usize,
            last_opponent: Some(UserId(i ^ 1)),
            whites: (i % 3) as i32 - 1,
        })
        .collect();
    let mut times = Vec::new();
    for _ in 0..5 {
        let began = Instant::now();
        let games = pair_arena(&waiting);
        times.push(began.elapsed());
        assert_eq!(games.len(), 500, "everyone paired");
    }
    show("Arena, 1,000 waiting players re-paired", &times);
}
