//! Plays two AI settings against each other: openings varied by a few random plies, each
//! opening played twice with the colours swapped, the result as a score and an Elo difference.

use std::fmt;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::{AiPlayer, Level, LimitError, Limits, Searcher, Weights};
use dama_rules::{Color, Game, GameResult, Position};

/// One side of an arena: a level or explicit limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// A named level, as players choose it.
    Level(Level),
    /// A search held to explicit limits.
    Limits(Limits),
}

impl Setting {
    /// A player of this setting evaluating with `weights`.
    pub fn player(self, seed: u64, weights: &Weights) -> AiPlayer {
        let player = match self {
            Setting::Level(l) => AiPlayer::level(l),
            Setting::Limits(l) => AiPlayer::limits(l),
        };
        player
            .with_seed(seed)
            .with_searcher(Searcher::new(weights.clone(), 20))
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Level(l) => write!(f, "{l}"),
            Setting::Limits(Limits { depth: Some(d), .. }) => write!(f, "depth={d}"),
            Setting::Limits(Limits { nodes: Some(n), .. }) => write!(f, "nodes={n}"),
            Setting::Limits(Limits {
                movetime: Some(t),
                half_time: true,
                ..
            }) => write!(f, "halftime={}", t.as_millis()),
            Setting::Limits(Limits {
                movetime: Some(t), ..
            }) => write!(f, "movetime={}", t.as_millis()),
            Setting::Limits(_) => f.write_str("unlimited"),
        }
    }
}

/// A setting that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSettingError {
    #[error(
        "\"{0}\" is not an AI setting: write easy, medium, hard, master, depth=N, nodes=N, movetime=MS or halftime=MS"
    )]
    /// Not a level nor a limit.
    Unknown(String),
    /// A limit whose number is out of range.
    #[error("\"{0}\": {1}")]
    OutOfRange(String, LimitError),
}

impl FromStr for Setting {
    type Err = ParseSettingError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(level) = s.parse::<Level>() {
            return Ok(Setting::Level(level));
        }
        let err = || ParseSettingError::Unknown(s.to_string());
        let (name, value) = s.split_once('=').ok_or_else(err)?;
        let value: u64 = value.trim().parse().map_err(|_| err())?;
        let range = |e| ParseSettingError::OutOfRange(s.to_string(), e);
        let limits = match name.trim() {
            "depth" => Limits::checked_depth(value).map_err(range)?,
            "nodes" => Limits::checked_nodes(value).map_err(range)?,
            "movetime" => Limits::checked_movetime(value).map_err(range)?,
            "halftime" => Limits {
                half_time: true,
                ..Limits::checked_movetime(value).map_err(range)?
            },
            _ => return Err(err()),
        };
        Ok(Setting::Limits(limits))
    }
}

/// How an arena is run.
#[derive(Clone, Copy, Debug)]
pub struct ArenaOptions {
    /// How many games to play (an even number plays each opening with both colors).
    pub games: usize,
    /// How many random plies each opening has.
    pub random_plies: usize,
    /// The seed of the openings and of the players' choices.
    pub seed: u64,
    /// How many games are played at once.
    pub threads: usize,
    /// A game still running after this many plies is scored a draw.
    pub max_plies: usize,
}

/// The score of the first setting against the second.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaScore {
    /// Games the first setting won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games the first setting lost.
    pub losses: usize,
    /// Moves each setting played and the time they took, first setting first.
    pub moves: [u64; 2],
    /// The time each setting spent thinking, first setting first.
    pub thinking: [Duration; 2],
}

impl ArenaScore {
    /// Games played so far.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0 to 1.
    pub fn fraction(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference and the half-width of its 95% interval.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.fraction();
        let mean_square = (self.wins as f64 + self.draws as f64 / 4.0) / n;
        let se = ((mean_square - s * s).max(0.0) / n).sqrt();
        let elo = |p: f64| -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10();
        let (lo, hi) = (elo(s - 1.96 * se), elo(s + 1.96 * se));
        (elo(s), (hi - lo) / 2.0)
    }
}

impl fmt::Display for ArenaScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (elo, margin) = self.elo();
        let per_move =
            |i: usize| self.thinking[i].as_secs_f64() * 1e3 / self.moves[i].max(1) as f64;
        write!(
            f,
            "+{} ={} -{} of {} games: score {:.1}%, Elo {:+.0} ± {:.0} (95%); {:.1} and {:.1} ms a move",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            self.fraction() * 100.0,
            elo,
            margin,
            per_move(0),
            per_move(1)
        )
    }
}

/// A start position `plies` random legal moves deep, the same for the same seed.
#[expect(clippy::expect_used, reason = "a generated move is legal")]
pub fn opening(seed: u64, plies: usize) -> Game {
    let mut game = Game::new(Position::start());
    let mut state = seed;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.is_over() {
            break;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = moves[(state >> 33) as usize % moves.len()];
        game.play(mv).expect("a generated move is legal");
    }
    game
}

/// A finished arena game: the result from White's side, and each side's moves and thinking
/// time (White first).
pub struct Played {
    /// How the game ended.
    pub result: GameResult,
    /// Moves each side played, White first.
    pub moves: [u64; 2],
    /// Time each side spent thinking, White first.
    pub thinking: [Duration; 2],
}

/// Plays one game from `game`, `white` against `black`.
#[expect(clippy::expect_used, reason = "the AI plays legal moves")]
pub fn play_game(
    mut game: Game,
    white: &mut AiPlayer,
    black: &mut AiPlayer,
    max_plies: usize,
) -> Played {
    let mut moves = [0; 2];
    let mut thinking = [Duration::ZERO; 2];
    while game.ply_count() < max_plies && !game.is_over() {
        let side = game.position().side_to_move();
        let player = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let start = std::time::Instant::now();
        let Some(result) = player.choose(&game) else {
            break;
        };
        thinking[side.index()] += start.elapsed();
        moves[side.index()] += 1;
        game.play(result.best).expect("the AI plays legal moves");
    }
    Played {
        result: game.outcome().map_or(GameResult::Draw, |o| o.result),
        moves,
        thinking,
    }
}

/// Calls `work` for 0..count on `threads` threads, each taking the next number when free.
pub(super) fn in_parallel(count: usize, threads: usize, work: impl Fn(usize) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    work(i);
                }
            });
        }
    });
}

/// Plays the arena, each setting evaluating with its weights; `progress` is called after each
/// game with the score so far.
#[expect(
    clippy::expect_used,
    reason = "no thread panics holding the score; no thread panicked"
)]
pub fn run(
    a: Setting,
    b: Setting,
    weights: [&Weights; 2],
    options: ArenaOptions,
    progress: impl Fn(&ArenaScore) + Sync,
) -> ArenaScore {
    let score = Mutex::new(ArenaScore::default());
    in_parallel(options.games, options.threads, |i| {
        // Games 2k and 2k+1 share an opening, with colours swapped.
        let game = opening(
            options.seed.wrapping_add((i / 2) as u64),
            options.random_plies,
        );
        let a_is_white = i.is_multiple_of(2);
        let seed = options.seed ^ (i as u64).wrapping_mul(0x9e37_79b9);
        let (mut pa, mut pb) = (
            a.player(seed, weights[0]),
            b.player(seed.rotate_left(17), weights[1]),
        );
        let played = if a_is_white {
            play_game(game, &mut pa, &mut pb, options.max_plies)
        } else {
            play_game(game, &mut pb, &mut pa, options.max_plies)
        };
        let a_color = if a_is_white {
            Color::White
        } else {
            Color::Black
        };
        let mut s = score.lock().expect("no thread panics holding the score");
        for (i, color) in [a_color, a_color.opponent()].into_iter().enumerate() {
            s.moves[i] += played.moves[color.index()];
            s.thinking[i] += played.thinking[color.index()];
        }
        match played.result {
            GameResult::Draw => s.draws += 1,
            GameResult::Win(c) if c == a_color => s.wins += 1,
            GameResult::Win(_) => s.losses += 1,
        }
        progress(&s);
    });
    score.into_inner().expect("no thread panicked")
}
