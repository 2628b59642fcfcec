//! Quick pairing: one wave over 10,000 waiting players in 12 pools (the target: under
//! 50 ms), and a simulation of one pool over ten hours, the waves beside pairing in order of
//! arrival. `cargo bench --bench seeking` runs both; `-- wave` or `-- simulate` one.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use dama_model::{Millis, SeekId, UserId};
use dama_play::pool::{ANYONE_AFTER_LIVE, Seeker, pair_wave};
use std::time::Instant;

/// A small, seeded generator: the same players every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A rating as players' are spread: about 1500, most within 250 (a normal by Box–Muller),
    /// and its deviation: settled for seven players in ten, new (350) for the others.
    fn rating(&mut self) -> (i32, u32) {
        let (u, v) = (self.unit().max(1e-12), self.unit());
        let normal = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
        let deviation = if self.unit() < 0.7 {
            50 + (self.next() % 50) as u32
        } else {
            350
        };
        ((1500.0 + 250.0 * normal).round() as i32, deviation)
    }
}

fn seeker(n: usize, (rating, deviation): (i32, u32), waited: Millis) -> Seeker {
    Seeker {
        seek: SeekId(n as i64),
        player: UserId(n as u64),
        rating,
        deviation,
        waited,
        whites: 0,
        met: Vec::new(),
        blocked: Vec::new(),
    }
}

fn wave() {
    let mut dice = Dice(61);
    let pools: Vec<Vec<Seeker>> = (0..12)
        .map(|p| {
            (0..10_000 / 12 + usize::from(p < 10_000 % 12))
                .map(|i| {
                    let waited = Millis((dice.next() % 90_000) as i64);
                    seeker(p * 10_000 + i, dice.rating(), waited)
                })
                .collect()
        })
        .collect();
    let players: usize = pools.iter().map(Vec::len).sum();
    let mut times = Vec::new();
    let mut paired = 0;
    for _ in 0..7 {
        let began = Instant::now();
        paired = pools
            .iter()
            .map(|pool| pair_wave(pool, ANYONE_AFTER_LIVE).len())
            .sum::<usize>();
        times.push(began.elapsed().as_secs_f64() * 1_000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "wave: {players} players in 12 pools, {paired} pairings; median {:.1} ms, slowest {:.1} ms (7 runs)",
        times[3], times[6]
    );
}

/// What a way of pairing gave: each pairing's waits (seconds) and gap.
#[derive(Default)]
struct Outcome {
    waits: Vec<f64>,
    gaps: Vec<f64>,
}

impl Outcome {
    fn show(&mut self, label: &str) {
        let pct = |v: &mut Vec<f64>, p: f64| {
            v.sort_by(f64::total_cmp);
            v[((v.len() - 1) as f64 * p).round() as usize]
        };
        println!(
            "{label}: {} games; wait median {:.1} s, 90th {:.1} s; gap median {:.0}, 90th {:.0}",
            self.gaps.len(),
            pct(&mut self.waits, 0.5),
            pct(&mut self.waits, 0.9),
            pct(&mut self.gaps, 0.5),
            pct(&mut self.gaps, 0.9),
        );
    }
}

/// Ten hours of one 3+2 pool, 600 arrivals an hour at random (exponential gaps between them),
/// a wave every 2 s; beside it, the same arrivals paired two by two as they come.
fn simulate() {
    const HOURS: f64 = 10.0;
    const RATE: f64 = 600.0 / 3_600.0;
    let mut dice = Dice(3_2);
    let mut arrivals = Vec::new();
    let mut t = 0.0;
    while t < HOURS * 3_600.0 {
        t += -(1.0 - dice.unit()).ln() / RATE;
        arrivals.push((t, dice.rating()));
    }
    let mut waves = Outcome::default();
    let mut waiting: Vec<(usize, f64, (i32, u32))> = Vec::new();
    let mut next = 0;
    let mut now = 0.0;
    while now < HOURS * 3_600.0 {
        now += 2.0;
        while next < arrivals.len() && arrivals[next].0 <= now {
            waiting.push((next, arrivals[next].0, arrivals[next].1));
            next += 1;
        }
        let pool: Vec<Seeker> = waiting
            .iter()
            .map(|&(n, at, r)| seeker(n, r, Millis(((now - at) * 1_000.0) as i64)))
            .collect();
        for p in pair_wave(&pool, ANYONE_AFTER_LIVE) {
            for seek in [p.white, p.black] {
                let at = waiting.iter().position(|w| w.0 as i64 == seek.0).unwrap();
                waves.waits.push(now - waiting.remove(at).1);
            }
            waves.gaps.push(f64::from(p.gap));
        }
    }
    waves.show("waves every 2 s");
    let mut in_order = Outcome::default();
    for two in arrivals.chunks_exact(2) {
        in_order.waits.push(two[1].0 - two[0].0);
        in_order.waits.push(0.0);
        in_order
            .gaps
            .push(f64::from(two[0].1.0.abs_diff(two[1].1.0)));
    }
    in_order.show("in order of arrival");
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        println!("seeking: benchmark");
        return;
    }
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if only.as_deref() != Some("simulate") {
        wave();
    }
    if only.as_deref() != Some("wave") {
        simulate();
    }
}
