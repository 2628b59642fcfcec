//! Post-game analysis: every position of a game searched with one fixed budget, each move
//! judged by how much it dropped the mover's winning chances, with the better move, an accuracy
//! figure per player and the turning points of the game.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::endgame::TABLE_WIN;
use super::{Limits, MATE, Searcher};
use crate::tables::Tables;
use dama_rules::{Color, Game, GameResult, Move};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Judgement {
    /// Gave away a tenth of the winning chances (on a scale from −1 lost to +1 won).
    Inaccuracy,
    /// A fifth.
    Mistake,
    /// Three tenths or more: a man or a won game thrown away.
    Blunder,
}

impl Judgement {
    /// The PDN mark: `?!`, `?`, `??`.
    pub const fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    fn of(drop: f64) -> Option<Judgement> {
        if drop >= 0.3 {
            Some(Judgement::Blunder)
        } else if drop >= 0.2 {
            Some(Judgement::Mistake)
        } else if drop >= 0.1 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// One move of the game, looked at.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 0 for the game's first move.
    pub ply: usize,
    /// The side that moved.
    pub side: Color,
    /// The move played.
    pub played: Move,
    /// The search's best move in the position before (the played one when they agree).
    pub best: Move,
    /// The mover's winning chances before the move (with best play) and after it, −1 to +1.
    pub before: f64,
    /// The mover's winning chances after the move, −1 to +1.
    pub after: f64,
    /// `None` for a good move, and for a move that was the only one.
    pub judgement: Option<Judgement>,
    /// How accurate the move was, 0 to 100 (`None` when it was the only move).
    pub accuracy: Option<f64>,
}

/// The whole analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every move of the game, the first first.
    pub moves: Vec<MoveReview>,
    /// White's winning chances in each position, the start first, the last position last.
    pub chances: Vec<f64>,
    /// White's and Black's accuracy over the game ([`game_accuracy`]).
    pub accuracy: [Option<f64>; 2],
    /// The plies of the (at most three) worst moves, in game order.
    pub turning_points: Vec<usize>,
}

impl Analysis {
    /// How many of each judgement a side earned: inaccuracies, mistakes, blunders.
    pub fn counts(&self, side: Color) -> [usize; 3] {
        let mut c = [0; 3];
        for m in self.moves.iter().filter(|m| m.side == side) {
            if let Some(j) = m.judgement {
                c[j as usize] += 1;
            }
        }
        c
    }
}

impl Analysis {
    /// The analysis as text to store: a line of White's chances, one of the accuracies, one of
    /// the turning points, then a line a move (its ply, the move played and the best one in
    /// notation, the chances before and after, the mark, the accuracy); `-` for none.
    pub fn to_text(&self, game: &Game) -> String {
        let opt = |v: Option<f64>| v.map_or("-".to_string(), |x| format!("{x:.4}"));
        let chances: Vec<String> = self.chances.iter().map(|c| format!("{c:.4}")).collect();
        let turning: Vec<String> = self.turning_points.iter().map(usize::to_string).collect();
        let mut out = format!(
            "chances {}\naccuracy {} {}\nturning {}\n",
            chances.join(" "),
            opt(self.accuracy[0]),
            opt(self.accuracy[1]),
            turning.join(" ")
        );
        let positions: Vec<&dama_rules::Position> = game.history().map(|(p, _)| p).collect();
        for m in &self.moves {
            let Some(before) = positions.get(m.ply) else {
                continue;
            };
            out.push_str(&format!(
                "move {} {} {} {:.4} {:.4} {} {}\n",
                m.ply,
                before.notation(&m.played),
                before.notation(&m.best),
                m.before,
                m.after,
                m.judgement.map_or("-", Judgement::mark),
                opt(m.accuracy)
            ));
        }
        out
    }

    /// Reads [`Analysis::to_text`] back for the same `game`; `None` if it does not fit it.
    pub fn from_text(text: &str, game: &Game) -> Option<Analysis> {
        let number = |t: &str| -> Option<Option<f64>> {
            if t == "-" {
                Some(None)
            } else {
                t.parse::<f64>().ok().filter(|x| x.is_finite()).map(Some)
            }
        };
        let positions: Vec<&dama_rules::Position> = game.history().map(|(p, _)| p).collect();
        let mut analysis = Analysis {
            moves: Vec::new(),
            chances: Vec::new(),
            accuracy: [None; 2],
            turning_points: Vec::new(),
        };
        for line in text.lines() {
            let mut words = line.split(' ');
            match words.next()? {
                "chances" => {
                    for w in words.filter(|w| !w.is_empty()) {
                        analysis.chances.push(number(w)??);
                    }
                }
                "accuracy" => {
                    analysis.accuracy = [number(words.next()?)?, number(words.next()?)?];
                }
                "turning" => {
                    for w in words.filter(|w| !w.is_empty()) {
                        analysis.turning_points.push(w.parse().ok()?);
                    }
                }
                "move" => {
                    let ply: usize = words.next()?.parse().ok()?;
                    let before = positions.get(ply)?;
                    let played = before.read_move(words.next()?).ok()?;
                    let best = before.read_move(words.next()?).ok()?;
                    let (b, a) = (number(words.next()?)??, number(words.next()?)??);
                    let judgement = match words.next()? {
                        "-" => None,
                        "?!" => Some(Judgement::Inaccuracy),
                        "?" => Some(Judgement::Mistake),
                        "??" => Some(Judgement::Blunder),
                        _ => return None,
                    };
                    analysis.moves.push(MoveReview {
                        ply,
                        side: before.side_to_move(),
                        played,
                        best,
                        before: b,
                        after: a,
                        judgement,
                        accuracy: number(words.next()?)?,
                    });
                }
                _ => return None,
            }
        }
        (analysis.chances.len() == positions.len() + 1).then_some(analysis)
    }
}

/// A search score as winning chances for the side to move, −1 (lost) to +1 (won): a logistic
/// curve on which one man up is about a third of the way to a win.
pub fn chances(score: i32) -> f64 {
    if score.abs() > TABLE_WIN - 1000 || score.abs() > MATE - 1000 {
        return f64::from(score.signum());
    }
    2.0 / (1.0 + (-0.007 * f64::from(score)).exp()) - 1.0
}

/// Lichess's accuracy curve on win percentages (lila's `AccuracyPercent.fromWinPercents`):
/// 100 for a move that loses nothing, about 66 for one that loses ten points, with its point
/// of "uncertainty bonus". `before` and `after` are the mover's chances, −1 to +1.
fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let lost = (before - after) * 50.0;
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * lost).exp() - 3.166_924_740_191_411 + 1.0)
        .clamp(0.0, 100.0)
}

/// Each side's accuracy over a game (White's, then Black's) as lichess computes it (lila's
/// `AccuracyPercent.gameAccuracy`): the mean of a volatility-weighted mean and a harmonic mean
/// of its moves' accuracies. The harmonic mean keeps one blunder from hiding among many easy
/// moves; the weights (the spread of the win percentages around each move) count moves in
/// sharp positions more than moves in dead ones. `chances` are White's, the start first;
/// `first` is the side that moved first; `forced[i]` when move `i` was the only one, which
/// counts in the spread around it but is no choice to judge (a side with none has `None`).
pub fn game_accuracy(chances: &[f64], first: Color, forced: &[bool]) -> [Option<f64>; 2] {
    let win: Vec<f64> = chances.iter().map(|c| 50.0 + 50.0 * c).collect();
    if win.len() < 2 {
        return [None, None];
    }
    let size = ((win.len() - 1) / 10).clamp(2, 8);
    let mut windows: Vec<&[f64]> = Vec::with_capacity(win.len());
    let head = &win[..size.min(win.len())];
    for _ in 0..size.min(win.len()).saturating_sub(2) {
        windows.push(head);
    }
    if win.len() <= size {
        windows.push(&win);
    } else {
        windows.extend(win.windows(size));
    }
    let weights = windows.iter().map(|w| deviation(w).clamp(0.5, 12.0));
    let mut by_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, (pair, weight)) in win.windows(2).zip(weights).enumerate() {
        if forced.get(i).copied().unwrap_or(false) {
            continue;
        }
        let side = if i % 2 == 0 { first } else { first.opponent() };
        let (before, after) = match side {
            Color::White => (pair[0], pair[1]),
            Color::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        let accuracy = move_accuracy(before / 50.0 - 1.0, after / 50.0 - 1.0);
        by_side[side.index()].push((accuracy, weight));
    }
    by_side.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>()
            / moves.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic =
            moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

/// The standard deviation of a window of win percentages.
fn deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// Analyses `game` with `limits` a position. `progress(done, total)` hears after each
/// position; raising `stop` ends it early with `None`.
pub fn analyse(
    game: &Game,
    limits: Limits,
    tables: Option<Arc<Tables>>,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<Analysis> {
    let history: Vec<(dama_rules::Position, Move)> = game.history().map(|(p, m)| (*p, m)).collect();
    let total = history.len() + 1;
    let mut searcher = Searcher::default();
    searcher.set_tables(tables);
    let mut replay = Game::new(*game.start());
    // (White's chances, the best move) for each position.
    let mut seen: Vec<(f64, Option<Move>)> = Vec::with_capacity(total);
    for i in 0..total {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let side = replay.position().side_to_move();
        let white = |c: f64| if side == Color::White { c } else { -c };
        let entry = match replay.outcome() {
            Some(o) => (
                match o.result {
                    GameResult::Win(Color::White) => 1.0,
                    GameResult::Win(Color::Black) => -1.0,
                    GameResult::Draw => 0.0,
                },
                None,
            ),
            None => match searcher.search(&replay, limits) {
                Some(r) => (white(chances(r.score)), Some(r.best)),
                None => (0.0, None),
            },
        };
        seen.push(entry);
        if let Some((_, mv)) = history.get(i) {
            replay.play(*mv).ok()?;
        }
        progress(i + 1, total);
    }
    // A forced move is worth what the position after it is worth: the search's quick answer
    // for a lone move (a static look) would put spikes in the curve mid-capture.
    for i in (0..history.len()).rev() {
        if history[i].0.legal_moves().len() == 1 {
            seen[i].0 = seen[i + 1].0;
        }
    }
    let mut moves = Vec::with_capacity(history.len());
    for (i, (pos, played)) in history.iter().enumerate() {
        let side = pos.side_to_move();
        let mine = |c: f64| if side == Color::White { c } else { -c };
        let best = seen[i].1.unwrap_or(*played);
        let before = mine(seen[i].0);
        let mut after = mine(seen[i + 1].0);
        let only_move = pos.legal_moves().len() == 1;
        // The search's own move loses nothing, whatever a deeper look at the next position says.
        if best == *played || only_move {
            after = after.max(before);
        }
        let drop = before - after;
        moves.push(MoveReview {
            ply: i,
            side,
            played: *played,
            best,
            before,
            after,
            judgement: if only_move { None } else { Judgement::of(drop) },
            accuracy: (!only_move).then(|| move_accuracy(before, after)),
        });
    }
    let chances: Vec<f64> = seen.iter().map(|s| s.0).collect();
    let forced: Vec<bool> = moves.iter().map(|m| m.accuracy.is_none()).collect();
    let accuracy = game_accuracy(&chances, game.start().side_to_move(), &forced);
    let mut worst: Vec<&MoveReview> = moves.iter().filter(|m| m.judgement.is_some()).collect();
    worst.sort_by(|a, b| (b.before - b.after).total_cmp(&(a.before - a.after)));
    let mut turning_points: Vec<usize> = worst.iter().take(3).map(|m| m.ply).collect();
    turning_points.sort_unstable();
    Some(Analysis {
        moves,
        chances,
        accuracy,
        turning_points,
    })
}
