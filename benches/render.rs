//! Board picture speed and size: render and encode a fresh picture (no cache), and the cached
//! path the bot takes when a board is shown again; and a player's card.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

use std::hint::black_box;

use criterion::Criterion;
use dama_play::render::{LastMove, Renderer, Scene};
use dama_rules::{Game, Position, fen};

fn scenes() -> Vec<Scene> {
    let game = random_game(30, 3);
    let mut scenes = Vec::new();
    for (before, played) in game.history().skip(20) {
        scenes.push(Scene {
            last_move: Some(LastMove::new(before, &played)),
            caption: Some(format!("{} to move", before.side_to_move().opponent())),
            ..Scene::new(before.play_unchecked(&played))
        });
    }
    let kings = fen::parse("W:WKc1,e3,Ka8:Bc3,e5,f3,d2,c7,Kg6,b6").expect("valid");
    let mv = kings.legal_moves()[0];
    scenes.push(Scene {
        last_move: Some(LastMove::new(&kings, &mv)),
        black_bottom: true,
        ..Scene::new(kings.play_unchecked(&mv))
    });
    scenes
}

/// A card with forty rated games on its curve and every part filled.
fn card() -> dama_play::render::Card {
    use dama_play::render::{Card, Mark};
    let curve: Vec<f64> = (0..40)
        .map(|i| 1500.0 + 150.0 * (f64::from(i) / 6.0).sin() + 3.0 * f64::from(i))
        .collect();
    Card {
        name: "Mehmet Yılmaz".into(),
        rating: "1617 ± 142".into(),
        rank: "#2 on this server · #14 of all players".into(),
        curve,
        dates: vec![(0.0, "01/03/2026".into()), (1.0, "11/30/2026".into())],
        peak: Some((35, "Peak 1763".into())),
        record: [22, 5, 13],
        record_text: "22 wins · 5 draws · 13 losses".into(),
        recent: (0..10)
            .map(|i| match i % 3 {
                0 => (Mark::Win, "W".into()),
                1 => (Mark::Draw, "D".into()),
                _ => (Mark::Loss, "L".into()),
            })
            .collect(),
        recent_title: "Last results".into(),
        lines: vec![
            "Most games against Ayşe (12)".into(),
            "Longest winning streak: 6".into(),
        ],
        empty: None,
    }
}

/// Random legal moves from the start, the same for the same seed.
fn random_game(plies: usize, seed: u64) -> Game {
    let mut g = Game::new(Position::start());
    let mut state = seed;
    while !g.is_over() && g.ply_count() < plies {
        let moves = g.position().legal_moves();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        g.play(moves[(state >> 33) as usize % moves.len()])
            .expect("legal");
    }
    g
}

fn main() {
    let renderer = Renderer::default();
    let scenes = scenes();
    // Warm the square cache, as a running bot has.
    for s in &scenes {
        renderer.indices(s);
    }
    let sizes: Vec<usize> = scenes
        .iter()
        .map(|s| renderer.encode_png(&renderer.indices(s)).len())
        .collect();

    let mut c = Criterion::default().configure_from_args();
    let mut i = 0;
    c.bench_function("render/draw+encode (uncached)", |b| {
        b.iter(|| {
            i = (i + 1) % scenes.len();
            black_box(renderer.encode_png(&renderer.indices(black_box(&scenes[i]))))
        });
    });
    let card = card();
    println!("player card: {} bytes", renderer.card_png(&card).len());
    c.bench_function("render/player card", |b| {
        b.iter(|| black_box(renderer.card_png(black_box(&card))));
    });
    c.bench_function("render/draw only", |b| {
        b.iter(|| {
            i = (i + 1) % scenes.len();
            black_box(renderer.indices(black_box(&scenes[i])))
        });
    });
    c.bench_function("render/png (cached)", |b| {
        b.iter(|| black_box(renderer.png(black_box(&scenes[0]))));
    });
    c.final_summary();
    // A long game: the first random game from seed 7 on that lasts 150 plies.
    let game = (7..)
        .map(|seed| random_game(150, seed))
        .find(|g| g.ply_count() == 150)
        .expect("some random game lasts 150 plies");
    let start = std::time::Instant::now();
    let gif = renderer.replay_gif(&game, false, &[], 1000);
    println!(
        "\npicture: {}x{} pixels, PNG sizes {:?} bytes (max {})",
        renderer.size(),
        renderer.size(),
        sizes,
        sizes.iter().max().unwrap_or(&0)
    );
    println!(
        "replay: {} plies -> {} frames, {} bytes, built in {:.0} ms",
        game.ply_count(),
        game.ply_count() + 1,
        gif.len(),
        start.elapsed().as_secs_f64() * 1e3
    );
}
