//! Perft speed: ours against the `kish` crate's, on the same positions in the same run.
//!
//! `cargo bench --bench perft` measures with criterion, then prints a side-by-side table with
//! the ratio (kish's time over ours), including depth 9 from the start position.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion};
use dama_rules::{Color, PerftTable, Position, fen, perft};

const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        7,
    ),
    (
        "middlegame",
        "W:Wa2,b2,e2,f2,g2,h2,a3,c3,d3,e3,f3,c4:Bh4,d5,a6,b6,d6,h6,a7,b7,c7,e7,f7,g7,h7",
        6,
    ),
    ("kings", "W:WKa1,b2,c3,e3:Bb6,d6,f6,Kd8,Kh8", 5),
];

fn kish_board(p: &Position) -> kish::Board {
    let team = match p.side_to_move() {
        Color::White => kish::Team::White,
        Color::Black => kish::Team::Black,
    };
    let kings = p.kings(Color::White).0 | p.kings(Color::Black).0;
    kish::Board::new(
        team,
        kish::State::new([p.pieces(Color::White).0, p.pieces(Color::Black).0], kings),
    )
}

/// Our table: 2^22 entries of 48 bytes, about 200 MB.
const TABLE_BITS: u32 = 22;

fn criterion_benches(c: &mut Criterion) {
    for (name, text, depth) in POSITIONS {
        let p = fen::parse(text).expect("bench positions are valid");
        let board = kish_board(&p);
        let mut group = c.benchmark_group(format!("perft/{name}/depth{depth}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(3));
        group.bench_function(BenchmarkId::from_parameter("dama"), |b| {
            b.iter(|| perft(black_box(&p), depth));
        });
        group.bench_function(BenchmarkId::from_parameter("dama-table"), |b| {
            b.iter(|| PerftTable::new(TABLE_BITS).perft(black_box(&p), depth));
        });
        group.bench_function(BenchmarkId::from_parameter("kish"), |b| {
            b.iter(|| black_box(&board).perft(u64::from(depth)));
        });
        group.finish();
    }
}

/// The fastest of `runs` timings of `f`, and its result.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut value = None;
    for _ in 0..runs {
        let start = Instant::now();
        let v = black_box(f());
        best = best.min(start.elapsed());
        value = Some(v);
    }
    (best, value.expect("at least one run"))
}

fn summary() {
    println!("\nperft side by side (best of runs; ratio = kish time / dama time)");
    println!(
        "{:<12} {:>5} {:>14} {:>11} {:>11} {:>11} {:>8} {:>8}",
        "position", "depth", "nodes (dama)", "dama", "dama-table", "kish", "ratio", "table"
    );
    let mut rows: Vec<(&str, &str, u32, usize)> =
        POSITIONS.iter().map(|&(n, t, d)| (n, t, d, 5)).collect();
    rows.push(("start", POSITIONS[0].1, 8, 3));
    rows.push(("start", POSITIONS[0].1, 9, 1));
    for (name, text, depth, runs) in rows {
        let p = fen::parse(text).expect("bench positions are valid");
        let board = kish_board(&p);
        let (ours, nodes) = best_of(runs, || perft(&p, depth));
        let (table, table_nodes) = best_of(runs, || PerftTable::new(TABLE_BITS).perft(&p, depth));
        assert_eq!(nodes, table_nodes, "the table must not change the count");
        let (theirs, _) = best_of(runs, || board.perft(u64::from(depth)));
        println!(
            "{:<12} {:>5} {:>14} {:>9.1}ms {:>9.1}ms {:>9.1}ms {:>7.2}x {:>7.2}x",
            name,
            depth,
            nodes,
            ours.as_secs_f64() * 1e3,
            table.as_secs_f64() * 1e3,
            theirs.as_secs_f64() * 1e3,
            theirs.as_secs_f64() / ours.as_secs_f64(),
            theirs.as_secs_f64() / table.as_secs_f64(),
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_benches(&mut c);
    c.final_summary();
    summary();
}
