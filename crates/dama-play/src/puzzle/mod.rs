//! Puzzles: a position, the side to move (the solver) and a proven forced win or decisive gain
//! of material, where at each of the solver's turns exactly one move gets there and the
//! defender plays the defence that lasts longest. [`prove`] settles them exhaustively,
//! [`generate`] finds them in self-play games (and [`mine`] in the games played on the bot),
//! [`theme`] names their ideas, and a set proven in advance ships in `assets/puzzles.txt`.
//! Pure: no clock, no store.

pub mod generate;
pub mod mine;
pub mod prove;
pub mod theme;

use std::fmt;
use std::sync::OnceLock;

use dama_rules::{Color, Game, Move, MoveError, Position, fen};

pub use prove::{Goal, Prover, TooBig};
pub use theme::{Theme, Themes};

/// The most moves of the solver's a puzzle asks for.
pub const MAX_MOVES: u32 = 5;
/// The fewest.
pub const MIN_MOVES: u32 = 2;

/// What the solver has to achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The defender is left without a move (or a piece).
    Win,
    /// A decisive gain ([`prove::DECISIVE_GAIN`]): at the line's end the defender is to move
    /// with no capture due and the solver's lead has grown by two men or more (a king counts
    /// three), against every defence.
    Material,
}

impl Kind {
    /// The kind's name in puzzle files.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::Material => "material",
        }
    }

    /// What a prover of this kind of puzzle starting in `start` must reach.
    pub fn goal(self, start: &Position) -> Goal {
        match self {
            Kind::Win => Goal::Win,
            Kind::Material => Goal::gain_from(start),
        }
    }
}

/// A proven puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position the solver starts from, the solver to move.
    pub start: Position,
    /// What the solver must reach.
    pub kind: Kind,
    /// The solver's and the defender's moves in turn, the solver's first and last.
    pub line: Vec<Move>,
    /// The shallowest depth at which the AI's search plays the first move and sees the win.
    pub find_depth: u32,
    /// Pieces the solver gives up along the line.
    pub given: u32,
    /// The puzzle's starting rating, from how hard it is to find.
    pub rating: u32,
    /// The tactical ideas the line shows.
    pub themes: Themes,
}

impl Puzzle {
    /// The side that solves: the side to move at the start.
    pub fn solver(&self) -> Color {
        self.start.side_to_move()
    }

    /// The solver's moves in the line: "win in N".
    pub fn moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// The position before the solver's `step`-th move (from 0), with the moves so far.
    #[expect(clippy::expect_used, reason = "a proven line is legal")]
    pub fn game_at(&self, step: usize) -> Game {
        let mut game = Game::new(self.start);
        for mv in &self.line[..(2 * step).min(self.line.len())] {
            game.play(*mv).expect("a proven line is legal");
        }
        game
    }

    /// The whole solution played out.
    #[expect(clippy::expect_used, reason = "a proven line is legal")]
    pub fn solution(&self) -> Game {
        let mut game = self.game_at(self.moves());
        for mv in &self.line[game.ply_count()..] {
            game.play(*mv).expect("a proven line is legal");
        }
        game
    }

    /// The line in notation, each move written in the position it is played in.
    pub fn notations(&self) -> Vec<String> {
        self.solution()
            .history()
            .map(|(before, mv)| before.notation(&mv))
            .collect()
    }

    /// 1 to 5 stars, from the rating (800 to 2,400).
    pub fn stars(&self) -> u32 {
        (self.rating.saturating_sub(800) / 320 + 1).clamp(1, 5)
    }

    /// Pieces on the board at the start.
    pub fn pieces(&self) -> u32 {
        theme::pieces(&self.start)
    }

    /// Whether the line opens by force: the first move gives material up (after the
    /// defender's reply, a capture it must make, the solver is behind where it started), or
    /// is a quiet move that threatens a capture no reply can stop (whatever the defender
    /// plays, the solver then has a capture to make, and captures are compulsory).
    pub fn starts_forcing(&self) -> bool {
        let [first, reply, ..] = self.line[..] else {
            return false;
        };
        let solver = self.solver();
        let after = self.start.play_unchecked(&first);
        let given = reply.is_capture()
            && prove::balance(&after.play_unchecked(&reply), solver)
                < prove::balance(&self.start, solver);
        let threat = !first.is_capture()
            && after
                .legal_moves()
                .iter()
                .all(|r| after.play_unchecked(r).has_capture());
        given || threat
    }

    /// Fit for a day: no endgame of a handful of pieces.
    pub fn is_daily(&self) -> bool {
        self.pieces() > theme::ENDGAME_PIECES
    }

    /// One line of a puzzle file: FEN, kind, line, rating, find depth, pieces given, themes,
    /// by tabs.
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            fen::write(&self.start),
            self.kind.name(),
            self.notations().join(" "),
            self.rating,
            self.find_depth,
            self.given,
            self.themes.to_text()
        )
    }

    /// Reads one line of a puzzle file, replaying the line against the rules (not re-proving
    /// it: that is the tests' and the generator's work).
    pub fn parse_line(text: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = text.trim().split('\t').collect();
        let [pos, kind, line, rating, find_depth, given, themes] = fields[..] else {
            return Err(PuzzleError::Fields(fields.len()));
        };
        let start = fen::parse(pos).map_err(|e| PuzzleError::Position(e.to_string()))?;
        let kind = match kind {
            "win" => Kind::Win,
            "material" => Kind::Material,
            other => return Err(PuzzleError::Kind(other.to_string())),
        };
        let themes = Themes::from_text(themes).map_err(PuzzleError::Theme)?;
        let number = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| PuzzleError::Number(s.to_string()))
        };
        let mut game = Game::new(start);
        let mut moves = Vec::new();
        for text in line.split_whitespace() {
            let mv = game.play_text(text).map_err(|e| PuzzleError::Move {
                text: text.to_string(),
                why: e,
            })?;
            moves.push(mv);
        }
        if moves.len() % 2 == 0 || moves.len() > 2 * MAX_MOVES as usize {
            return Err(PuzzleError::Length(moves.len()));
        }
        Ok(Puzzle {
            start,
            kind,
            line: moves,
            rating: number(rating)?,
            find_depth: number(find_depth)?,
            given: number(given)?,
            themes,
        })
    }
}

/// What is wrong with a line of a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error(
        "a puzzle line has 7 fields separated by tabs (position, kind, moves, rating, depth, pieces given, themes), not {0}"
    )]
    /// A line without the seven fields; it holds how many it has.
    Fields(usize),
    /// A position that does not read as FEN.
    #[error("the position does not read: {0}")]
    Position(String),
    /// A kind that is not `win` nor `material`.
    #[error("the kind must be \"win\" or \"material\", not \"{0}\"")]
    Kind(String),
    /// A theme not known.
    #[error("\"{0}\" is not a theme")]
    Theme(String),
    /// A number field that is not a whole number.
    #[error("\"{0}\" is not a whole number")]
    Number(String),
    /// A move of the line that is not legal where it stands.
    #[error("the move \"{text}\" cannot be played: {why}")]
    Move {
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        why: MoveError,
    },
    /// A line of an even number of moves, or too many.
    #[error(
        "a line has an odd number of moves (the solver's first and last), at most {max}; this one has {0}",
        max = 2 * MAX_MOVES - 1
    )]
    Length(usize),
}

/// Reads a puzzle file: one puzzle per line, `#` comments and blank lines skipped.
pub fn read_set(text: &str) -> Result<Vec<Puzzle>, (usize, PuzzleError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Puzzle::parse_line(l).map_err(|e| (i + 1, e)))
        .collect()
}

/// The puzzles that ship with the bot (`assets/puzzles.txt`).
pub fn shipped() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| {
        read_set(include_str!("../../../../assets/puzzles.txt"))
            .unwrap_or_else(|(line, e)| panic!("assets/puzzles.txt line {line}: {e}"))
    })
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    /// No forced win (or gain) within [`MAX_MOVES`] (or the side to move cannot move at all).
    NoWin,
    /// A win in one move is not a puzzle.
    TooShort,
    /// At some turn of the solver's, a second move wins as fast.
    NotUnique,
    /// Another first move gets there too, only more slowly (within [`MAX_MOVES`]): the puzzle
    /// would call a winning move wrong.
    AnotherWay,
    /// The first move is the only legal move.
    Forced,
    /// Too wide to prove within the budget.
    TooBig,
}

impl From<TooBig> for Reject {
    fn from(_: TooBig) -> Reject {
        Reject::TooBig
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reject::NoWin => "no forced win",
            Reject::TooShort => "a win in one",
            Reject::NotUnique => "a second move wins as fast",
            Reject::AnotherWay => "another first move wins more slowly",
            Reject::Forced => "the first move is forced",
            Reject::TooBig => "too wide to prove",
        })
    }
}

/// Proves the position a puzzle and finds its line: the shortest way to the prover's goal, the
/// one move that gets there at each of the solver's turns, and the longest defence (of several
/// as long, the first in notation order that keeps the solver's next move unique). No other
/// first move may get there at all within [`MAX_MOVES`]. Grading is left to the caller.
pub fn prove_line(pos: &Position, prover: &mut Prover) -> Result<Vec<Move>, Reject> {
    let line = shortest_line(pos, prover)?;
    let n = line.len().div_ceil(2) as u32;
    if n < MAX_MOVES && prover.winning_moves(pos, MAX_MOVES)? != line[..1] {
        return Err(Reject::AnotherWay);
    }
    Ok(line)
}

/// [`prove_line`] but for its last rule: the line, even where another first move gets there
/// more slowly.
pub fn shortest_line(pos: &Position, prover: &mut Prover) -> Result<Vec<Move>, Reject> {
    if pos.legal_moves().len() < 2 {
        return Err(Reject::Forced);
    }
    let n = prover.shortest_win(pos, MAX_MOVES)?.ok_or(Reject::NoWin)?;
    if n < MIN_MOVES {
        return Err(Reject::TooShort);
    }
    let mut line = Vec::new();
    extend_line(*pos, n, prover, &mut line)?;
    Ok(line)
}

/// Appends the unique winning move in `pos` (winning within `moves`) and, if the game goes
/// on, the longest defence and the rest of the line.
fn extend_line(
    pos: Position,
    moves: u32,
    prover: &mut Prover,
    line: &mut Vec<Move>,
) -> Result<(), Reject> {
    let [key] = prover.winning_moves(&pos, moves)?[..] else {
        return Err(Reject::NotUnique);
    };
    line.push(key);
    let after = pos.play_unchecked(&key);
    if moves == 1 {
        return Ok(());
    }
    // Each defence, with how long it holds; the longest first, then in notation order.
    let mut defences = Vec::new();
    for d in after.legal_moves() {
        let held = prover
            .shortest_win(&after.play_unchecked(&d), moves - 1)?
            .ok_or(Reject::NoWin)?;
        defences.push((held, after.notation(&d), d));
    }
    let longest = defences.iter().map(|d| d.0).max().ok_or(Reject::NoWin)?;
    defences.retain(|d| d.0 == longest);
    defences.sort_by(|a, b| a.1.cmp(&b.1));
    for (held, _, d) in defences {
        let mut rest = vec![d];
        if extend_line(after.play_unchecked(&d), held, prover, &mut rest).is_ok() {
            line.extend(rest);
            return Ok(());
        }
    }
    Err(Reject::NotUnique)
}
