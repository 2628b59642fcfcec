//! The four playing levels, and the hint.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use std::sync::Arc;

use super::{Limits, MATE, SearchResult, Searcher};
use crate::tables::{Tables, Value};
use dama_rules::{Color, Game, Move};

/// How strongly the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Sees two plies ahead plus captures, and often picks a decent move that is not the best.
    Easy,
    /// Sees four plies ahead plus captures; picks among moves within a fraction of a man of the
    /// best, so it never gives a piece away for nothing it can see.
    Medium,
    /// Full strength to six plies (plus forced moves and captures).
    Hard,
    /// Full strength for about two seconds a move.
    Master,
}

impl Level {
    /// The master's time a move on an idle machine.
    pub const MASTER_TIME: Duration = Duration::from_millis(2000);

    /// Every level, the weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The level's name, as players type it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// How deep it looks, and how far below the best score a move it may choose can be (with
    /// the "temperature" of that choice), both in hundredths of a man.
    const fn style(self) -> Style {
        match self {
            Level::Easy => Style::Human {
                depth: 2,
                margin: 90,
                temperature: 45,
            },
            Level::Medium => Style::Human {
                depth: 4,
                margin: 25,
                temperature: 12,
            },
            Level::Hard => Style::Best(Limits {
                depth: Some(6),
                nodes: None,
                movetime: None,
                half_time: false,
            }),
            Level::Master => Style::Best(Limits {
                depth: None,
                nodes: None,
                movetime: Some(Level::MASTER_TIME),
                half_time: false,
            }),
        }
    }
}

enum Style {
    Human {
        depth: u32,
        margin: i32,
        temperature: i32,
    },
    Best(Limits),
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`]; it holds what was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a level: choose easy, medium, hard or master")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// An AI player: a level, or explicit search limits, with its own searcher.
pub struct AiPlayer {
    kind: PlayerKind,
    /// Made on first use: a player given a searcher never allocates a table of its own.
    searcher: Option<Searcher>,
    seed: u64,
    /// The master's time a move, when the host shortens it under load.
    master_time: Option<Duration>,
}

enum PlayerKind {
    Level(Level),
    Limits(Limits),
}

impl AiPlayer {
    /// A player at one of the levels players choose.
    pub fn level(level: Level) -> AiPlayer {
        AiPlayer::with(PlayerKind::Level(level))
    }

    /// A player held to explicit limits (for arenas and tuning).
    pub fn limits(limits: Limits) -> AiPlayer {
        AiPlayer::with(PlayerKind::Limits(limits))
    }

    fn with(kind: PlayerKind) -> AiPlayer {
        AiPlayer {
            kind,
            searcher: None,
            seed: 0,
            master_time: None,
        }
    }

    /// Varies the human-like choices of the lower levels (the same seed, the same choices).
    pub fn with_seed(mut self, seed: u64) -> AiPlayer {
        self.seed = seed;
        self
    }

    /// Plays endgames from the tables: every level, since a won table position thrown away or
    /// a drawn one lost would be no level at all, just a bug.
    pub fn with_tables(mut self, tables: Option<Arc<Tables>>) -> AiPlayer {
        self.searcher().set_tables(tables);
        self
    }

    /// Thinks with `searcher` (and what its table holds) instead of a fresh one; its endgame
    /// tables are replaced only by a later [`Player::with_tables`].
    pub fn with_searcher(mut self, searcher: Searcher) -> AiPlayer {
        self.searcher = Some(searcher);
        self
    }

    /// The master thinks this long a move instead of its two seconds (other levels ignore it).
    pub fn with_master_time(mut self, time: Duration) -> AiPlayer {
        self.master_time = Some(time);
        self
    }

    /// The searcher back, to keep for the game's next move.
    pub fn into_searcher(self) -> Searcher {
        self.searcher.unwrap_or_default()
    }

    /// The player's searcher, made on first use.
    pub fn searcher(&mut self) -> &mut Searcher {
        self.searcher.get_or_insert_with(Searcher::default)
    }

    /// The move this player makes in the game's position, or `None` when the game is over.
    pub fn choose(&mut self, game: &Game) -> Option<SearchResult> {
        let style = match self.kind {
            PlayerKind::Level(Level::Master) => match (Level::Master.style(), self.master_time) {
                (Style::Best(limits), Some(t)) => Style::Best(Limits {
                    movetime: Some(t),
                    ..limits
                }),
                (style, _) => style,
            },
            PlayerKind::Level(level) => level.style(),
            PlayerKind::Limits(limits) => Style::Best(limits),
        };
        match style {
            Style::Best(limits) => self.searcher().search(game, limits),
            Style::Human {
                depth,
                margin,
                temperature,
            } => {
                if let Some(exact) = self.searcher().table_move(game) {
                    return Some(exact);
                }
                let start = std::time::Instant::now();
                let scored = self.searcher().score_moves(game, depth);
                let &(best, best_score) = scored.first()?;
                // A forced win in sight is taken, as anyone would.
                let margin = if best_score > MATE - 200 { 0 } else { margin };
                let candidates: Vec<(Move, i32)> = scored
                    .iter()
                    .copied()
                    .take_while(|&(_, s)| s >= best_score - margin)
                    .collect();
                // Softmax over the score gap: the best move is the likeliest, never the only one.
                let weights: Vec<f64> = candidates
                    .iter()
                    .map(|&(_, s)| (f64::from(s - best_score) / f64::from(temperature)).exp())
                    .collect();
                let total: f64 = weights.iter().sum();
                let mut pick = unit(self.seed ^ game.key() ^ game.ply_count() as u64) * total;
                let mut chosen = (best, best_score);
                for (c, w) in candidates.iter().zip(&weights) {
                    chosen = *c;
                    pick -= w;
                    if pick <= 0.0 {
                        break;
                    }
                }
                Some(SearchResult {
                    best: chosen.0,
                    score: chosen.1,
                    depth,
                    nodes: self.searcher().nodes(),
                    time: start.elapsed(),
                    pv: vec![chosen.0],
                    exact: None,
                })
            }
        }
    }
}

/// A number in [0, 1) from a seed (splitmix64).
fn unit(seed: u64) -> f64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// What a search score means for the game, to be put in words by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Neither side has the better of it (within a third of a man).
    Equal,
    /// The side is ahead by a third of a man to four fifths of one.
    SlightlyBetter(Color),
    /// The side is ahead by four fifths of a man to two and a half men.
    Better(Color),
    /// The side is ahead by more than two and a half men.
    Winning(Color),
    /// `side` wins by force in `moves` of its own moves.
    WinsIn {
        /// The side that wins.
        side: Color,
        /// How many of its own moves it needs.
        moves: u32,
    },
    /// The endgame tables say neither side can win with best play.
    Draw,
}

impl Eval {
    /// Reads a search score for `side` to move.
    pub fn of(score: i32, side: Color) -> Eval {
        let (leader, lead) = if score >= 0 {
            (side, score)
        } else {
            (side.opponent(), -score)
        };
        if lead > MATE - 200 {
            let plies = MATE - lead;
            return Eval::WinsIn {
                side: leader,
                moves: ((plies + 1) / 2) as u32,
            };
        }
        match lead {
            0..=30 => Eval::Equal,
            31..=80 => Eval::SlightlyBetter(leader),
            81..=250 => Eval::Better(leader),
            _ => Eval::Winning(leader),
        }
    }
}

impl Eval {
    /// What a search found: the tables' exact result when there is one, else the score read.
    pub fn of_result(result: &SearchResult, side: Color) -> Eval {
        match result.exact {
            Some(Value::Draw) => Eval::Draw,
            Some(Value::Win(d)) => Eval::WinsIn {
                side,
                moves: d.div_ceil(2),
            },
            Some(Value::Loss(d)) => Eval::WinsIn {
                side: side.opponent(),
                moves: d / 2,
            },
            None => Eval::of(result.score, side),
        }
    }
}

impl fmt::Display for Eval {
    /// The developer's form, for the command line's numbers and for logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Equal => f.write_str("equal"),
            Eval::SlightlyBetter(c) => write!(f, "{c} slightly better"),
            Eval::Better(c) => write!(f, "{c} better"),
            Eval::Winning(c) => write!(f, "{c} winning"),
            Eval::WinsIn { side, moves } => write!(f, "{side} wins in {moves}"),
            Eval::Draw => f.write_str("draw with best play"),
        }
    }
}

/// The hint for the side to move: the best move and what the position is worth (exactly, when
/// the position is in the tables).
pub fn hint(game: &Game, limits: Limits, tables: Option<Arc<Tables>>) -> Option<(Move, Eval)> {
    let mut searcher = Searcher::default();
    searcher.set_tables(tables);
    let result = searcher.search(game, limits)?;
    let side = game.position().side_to_move();
    Some((result.best, Eval::of_result(&result, side)))
}
