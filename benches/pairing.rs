//! Pairing speed: a Dutch Swiss round for 100, 200 and 201 players over 9 rounds, the quick
//! pairing the host keeps for a field the Dutch rules cannot pair (1,000 players), and an Arena
//! re-pairing of 1,000 waiting players. Prints each round's time. Give a field size (`cargo
//! bench --bench pairing -- 400`) to time the Dutch engine on that alone.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_model::UserId;
use dama_play::tournament::{
    RoundResult, SwissPlayer, Trf, TrfPlayer, Waiting, pair_arena, pair_dutch, pair_swiss,
};
use dama_rules::Color;
use std::time::{Duration, Instant};

fn field(n: usize, rounds: usize) -> Trf {
    Trf {
        name: Some(format!("{n} players")),
        rounds: Some(rounds as u32),
        first_color: Some(Color::White),
        forbidden: Vec::new(),
        comments: Vec::new(),
        players: (1..=n as u32)
            .map(|number| TrfPlayer {
                number,
                name: format!("Player {number}"),
                rating: 2400 - number,
                halves: 0,
                rounds: Vec::new(),
            })
            .collect(),
    }
}

/// Pairs and plays `rounds` rounds (the higher seed wins two games in three, a draw in
/// between), returning each pairing's time.
fn swiss(n: usize, rounds: usize) -> Vec<Duration> {
    let mut trf = field(n, rounds);
    let mut times = Vec::new();
    for r in 0..rounds {
        let began = Instant::now();
        let boards = pair_dutch(&trf).expect("a pairing");
        times.push(began.elapsed());
        trf.enter_round(&boards, |k, white, black| {
            if (k + r) % 3 == 0 {
                (RoundResult::Drew, RoundResult::Drew)
            } else if white < black {
                (RoundResult::Won, RoundResult::Lost)
            } else {
                (RoundResult::Lost, RoundResult::Won)
            }
        });
    }
    times
}

/// The simple Swiss pairing's rounds (`pair_swiss`), played out the same way.
fn quick(n: usize, rounds: usize) -> Vec<Duration> {
    let mut players: Vec<SwissPlayer> = (0..n)
        .map(|i| SwissPlayer {
            id: UserId(i as u64),
            seed: i,
            halves: 0,
            opponents: Vec::new(),
            colors: Vec::new(),
            byes: 0,
        })
        .collect();
    let mut times = Vec::new();
    for r in 0..rounds {
        let began = Instant::now();
        let round = pair_swiss(&players);
        times.push(began.elapsed());
        for (board, &(w, b)) in round.games.iter().enumerate() {
            let (wi, bi) = (w.0 as usize, b.0 as usize);
            let white_halves = match (board + r) % 3 {
                0 => 1,
                _ if wi < bi => 2,
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
    if let Some(n) = std::env::args()
        .skip(1)
        .find_map(|a| a.parse::<usize>().ok())
    {
        show(
            &format!("Swiss (Dutch), {n} players x 9 rounds"),
            &swiss(n, 9),
        );
        return;
    }
    show("Swiss (Dutch), 100 players x 9 rounds", &swiss(100, 9));
    show("Swiss (Dutch), 200 players x 9 rounds", &swiss(200, 9));
    show("Swiss (Dutch), 201 players x 9 rounds", &swiss(201, 9));
    show("Swiss (simple), 1,000 players x 9 rounds", &quick(1000, 9));
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
