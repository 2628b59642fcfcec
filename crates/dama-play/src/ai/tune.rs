//! Tuning the evaluation from games (Texel's method): self-play games label each of their quiet
//! positions with the game's result, and the weights are fitted so that a logistic curve of the
//! evaluation predicts those results as closely as possible (least squares). The evaluation is
//! linear in its weights, so the fit follows the exact gradient (Adam) instead of Texel's
//! one-weight-at-a-time probing.

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::arena::{in_parallel, opening};
use super::eval::{FULL_BOARD, TERMS, term};
use super::{AiPlayer, Features, Level, Limits, Searcher, Weights};
use dama_rules::{Color, GameResult, Position, fen};

/// A quiet position from a game and the points White scored in that game.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    /// The position, quiet (no capture to make).
    pub position: Position,
    /// 1 a White win, 0.5 a draw, 0 a Black win.
    pub white_points: f64,
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// How many games to play.
    pub games: usize,
    /// Both sides search this deep a move.
    pub depth: u32,
    /// Random plies from the start position (not labelled).
    pub random_plies: usize,
    /// Then plies chosen as the medium level chooses, among the moves nearly as good as the
    /// best, so that no two games are alike (labelled).
    pub varied_plies: usize,
    /// The seed of the random plies.
    pub seed: u64,
    /// How many games are played at once.
    pub threads: usize,
    /// A game still running after this many plies counts as a draw.
    pub max_plies: usize,
}

/// Plays the games with `weights` on both sides and returns their quiet positions (the side to
/// move has a move and no capture) in game order; `progress` gets the games finished so far.
pub fn self_play(
    options: SelfPlay,
    weights: &Weights,
    progress: impl Fn(usize) + Sync,
) -> Vec<Labelled> {
    let mut all = Vec::new();
    self_play_each(options, weights, progress, |game| all.extend(game));
    all
}

/// [`self_play`], handing each game's positions to `keep` as soon as it and every game
/// before it are done (so they come in game order, whatever the threads), for a caller that
/// writes as it goes.
#[expect(clippy::expect_used, reason = "no thread panics holding the games")]
pub fn self_play_each(
    options: SelfPlay,
    weights: &Weights,
    progress: impl Fn(usize) + Sync,
    keep: impl FnMut(Vec<Labelled>) + Send,
) {
    let done = AtomicUsize::new(0);
    // The next game to hand over, the games done ahead of it, and where they go.
    let queue = Mutex::new((0usize, std::collections::BTreeMap::new(), keep));
    in_parallel(options.games, options.threads, |i| {
        let labelled = play_one(options, weights, i);
        let mut queue = queue.lock().expect("no thread panics holding the games");
        let (next, waiting, keep) = &mut *queue;
        waiting.insert(i, labelled);
        while let Some(game) = waiting.remove(next) {
            keep(game);
            *next += 1;
        }
        drop(queue);
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
    });
}

#[expect(clippy::expect_used, reason = "the AI plays legal moves")]
fn play_one(options: SelfPlay, weights: &Weights, i: usize) -> Vec<Labelled> {
    let mut game = opening(
        options.seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
        options.random_plies,
    );
    let player = || {
        AiPlayer::limits(Limits::depth(options.depth))
            .with_searcher(Searcher::new(weights.clone(), 18))
    };
    let (mut white, mut black) = (player(), player());
    let mut varied = AiPlayer::level(Level::Medium)
        .with_seed(options.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .with_searcher(Searcher::new(weights.clone(), 16));
    let varied_until = game.ply_count() + options.varied_plies;
    let mut quiet = Vec::new();
    while game.ply_count() < options.max_plies && !game.is_over() {
        let pos = *game.position();
        if !pos.has_capture() {
            quiet.push(pos);
        }
        let mover = match pos.side_to_move() {
            _ if game.ply_count() < varied_until => &mut varied,
            Color::White => &mut white,
            Color::Black => &mut black,
        };
        let Some(result) = mover.choose(&game) else {
            break;
        };
        game.play(result.best).expect("the AI plays legal moves");
    }
    let white_points = match game.outcome().map(|o| o.result) {
        Some(GameResult::Win(Color::White)) => 1.0,
        Some(GameResult::Win(Color::Black)) => 0.0,
        _ => 0.5,
    };
    quiet
        .into_iter()
        .map(|position| Labelled {
            position,
            white_points,
        })
        .collect()
}

/// The positions file: one `position<TAB>White's points` a line.
pub fn write_labelled(positions: &[Labelled]) -> String {
    let mut text = String::from(LABELLED_HEADER);
    text.push_str(&labelled_lines(positions));
    text
}

/// The first line of a positions file.
pub const LABELLED_HEADER: &str = "# position\tWhite's points in the game (1, 0.5 or 0)\n";

/// The lines of some positions, to add to a positions file.
pub fn labelled_lines(positions: &[Labelled]) -> String {
    let mut text = String::new();
    for l in positions {
        let _ = writeln!(text, "{}\t{}", fen::write(&l.position), l.white_points);
    }
    text
}

/// Reads a positions file; the error names the line and what is wrong with it.
pub fn read_labelled(text: &str) -> Result<Vec<Labelled>, String> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: String| format!("line {}: {why}", i + 1);
        let (position, points) = line
            .split_once('\t')
            .ok_or_else(|| bad("write a position, a tab and White's points".into()))?;
        let position = fen::parse(position).map_err(|e| bad(e.to_string()))?;
        let white_points = match points.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(bad(format!("\"{other}\" is not 1, 0.5 or 0"))),
        };
        positions.push(Labelled {
            position,
            white_points,
        });
    }
    Ok(positions)
}

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Passes over the positions.
    pub epochs: usize,
    /// Adam's step, in hundredths of a man.
    pub step: f64,
    /// How many threads share the work.
    pub threads: usize,
}

/// What a fit found: the weights, the curve's steepness and the mean squared errors of the
/// starting and the fitted weights on the positions fitted to and on the positions held out.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Weights,
    /// Win probability = 1 / (1 + e^(-k·score)), score in hundredths of a man.
    pub k: f64,
    /// Positions fitted to.
    pub fitted: usize,
    /// Positions held out, to check the fit on.
    pub held_out: usize,
    /// Mean squared error of the starting weights: on the positions fitted to, then on those
    /// held out.
    pub error_before: [f64; 2],
    /// Mean squared error of the fitted weights, in the same order.
    pub error_after: [f64; 2],
}

/// The parameters: every term's opening weight, then every ending weight.
const PARAMS: usize = 2 * TERMS;

/// The weights that stay as given: the man's opening value fixes the scale (a man is 100), and
/// a man on its starting rank counts as a plain man (else the advance terms would say the same
/// as the man term).
const PINNED: [usize; 3] = [term::MAN, term::ADVANCE, TERMS + term::ADVANCE];

struct Row {
    x: [f32; PARAMS],
    white_points: f32,
}

fn row(l: &Labelled) -> Row {
    let f = Features::of(&l.position);
    let sign = match l.position.side_to_move() {
        Color::White => 1.0,
        Color::Black => -1.0,
    };
    let opening = f.men.clamp(0, FULL_BOARD) as f32 / FULL_BOARD as f32;
    let mut x = [0.0; PARAMS];
    for i in 0..TERMS {
        let c = sign * f.counts[i] as f32;
        x[i] = c * opening;
        x[TERMS + i] = c * (1.0 - opening);
    }
    Row {
        x,
        white_points: l.white_points as f32,
    }
}

fn params(w: &Weights) -> [f64; PARAMS] {
    let mut p = [0.0; PARAMS];
    for i in 0..TERMS {
        p[i] = f64::from(w.opening[i]);
        p[TERMS + i] = f64::from(w.ending[i]);
    }
    p
}

fn weights(p: &[f64; PARAMS]) -> Weights {
    let round =
        |v: f64| (v.round() as i32).clamp(-super::eval::MAX_WEIGHT, super::eval::MAX_WEIGHT);
    Weights {
        opening: std::array::from_fn(|i| round(p[i])),
        ending: std::array::from_fn(|i| round(p[TERMS + i])),
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `p` on `rows`, and its gradient when asked for, in `threads`.
#[expect(clippy::expect_used, reason = "an error pass does not panic")]
fn error(
    rows: &[Row],
    p: &[f64; PARAMS],
    k: f64,
    threads: usize,
    grad: bool,
) -> (f64, [f64; PARAMS]) {
    let chunk = rows.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(f64, [f64; PARAMS])> = std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut e = 0.0;
                    let mut g = [0.0; PARAMS];
                    for r in part {
                        let score: f64 = r.x.iter().zip(p).map(|(&x, &w)| f64::from(x) * w).sum();
                        let s = sigmoid(k * score);
                        let diff = f64::from(r.white_points) - s;
                        e += diff * diff;
                        if grad {
                            let d = -2.0 * diff * s * (1.0 - s) * k;
                            for (g, &x) in g.iter_mut().zip(&r.x) {
                                *g += d * f64::from(x);
                            }
                        }
                    }
                    (e, g)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("an error pass does not panic"))
            .collect()
    });
    let n = rows.len().max(1) as f64;
    let mut total = 0.0;
    let mut g = [0.0; PARAMS];
    for (e, part) in parts {
        total += e;
        for (g, p) in g.iter_mut().zip(part) {
            *g += p / n;
        }
    }
    (total / n, g)
}

/// The steepness that fits `p` best (golden-section search; the error is unimodal in k).
fn fit_k(rows: &[Row], p: &[f64; PARAMS], threads: usize) -> f64 {
    let (mut lo, mut hi) = (1e-4f64, 0.1f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(rows, p, a, threads, false).0 < error(rows, p, b, threads, false).0 {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Fits the weights to the positions, starting from `start`. One block of 500 positions in ten
/// (whole games, mostly) is held out to show the fit is not learnt by heart; `progress` gets
/// the epoch and the error on the fitted positions.
pub fn fit(
    positions: &[Labelled],
    start: &Weights,
    options: FitOptions,
    mut progress: impl FnMut(usize, f64),
) -> Fit {
    let (mut fitted, mut held_out) = (Vec::new(), Vec::new());
    for (i, l) in positions.iter().enumerate() {
        if (i / 500) % 10 == 9 {
            held_out.push(row(l));
        } else {
            fitted.push(row(l));
        }
    }
    let threads = options.threads;
    let mut p = params(start);
    let k = fit_k(&fitted, &p, threads);
    let error_before = [
        error(&fitted, &p, k, threads, false).0,
        error(&held_out, &p, k, threads, false).0,
    ];
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let (mut m, mut v) = ([0.0; PARAMS], [0.0; PARAMS]);
    for epoch in 1..=options.epochs {
        let (e, mut g) = error(&fitted, &p, k, threads, true);
        for &i in &PINNED {
            g[i] = 0.0;
        }
        // The step shrinks to a tenth by the end, so the weights settle.
        let step = options.step * (1.0 - 0.9 * epoch as f64 / options.epochs as f64);
        for i in 0..PARAMS {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let m_hat = m[i] / (1.0 - b1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - b2.powi(epoch as i32));
            p[i] -= step * m_hat / (v_hat.sqrt() + eps);
        }
        progress(epoch, e);
    }
    let weights = weights(&p);
    let p = params(&weights);
    let error_after = [
        error(&fitted, &p, k, threads, false).0,
        error(&held_out, &p, k, threads, false).0,
    ];
    Fit {
        weights,
        k,
        fitted: fitted.len(),
        held_out: held_out.len(),
        error_before,
        error_after,
    }
}
