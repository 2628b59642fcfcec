//! What the host's pictures say, as typed values: the line above a board, the texts of the
//! standings picture and of a player's card. The `words` layer writes them through
//! [`Captions`], so the host draws a picture without writing a sentence itself.

use dama_model::{Millis, UnixMs};
use dama_play::clock::SpeedClass;
use dama_rules::{Color, Outcome};

use super::message::{Lang, PlayerResult, TournamentResult};

/// The line above a board picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caption {
    /// A caption with both clocks of a live game after it.
    Clocked {
        /// The caption before the clocks.
        caption: Box<Caption>,
        /// White's time left.
        white: Millis,
        /// Black's time left.
        black: Millis,
    },
    /// Whose move it is, and the move number.
    ToMove {
        /// The side to move.
        side: Color,
        /// The move number (a move is White's ply and Black's).
        number: usize,
    },
    /// A position without a game around it (the command line's pictures).
    SideToMove(Color),
    /// The game is over.
    Over(Outcome),
    /// The game was called off.
    CalledOff,
    /// A tournament game lost by forfeit: this side did not start.
    Forfeit(Color),
    /// The first frame of a replay.
    ReplayStart,
    /// A text of a player's card.
    Card(CardText),
    /// A frame of a replay: the move just played, and the result on the last frame.
    ReplayPly {
        /// The move number.
        number: usize,
        /// The side that moved.
        side: Color,
        /// The move, as written.
        notation: String,
        /// How the game ended, on its last frame.
        outcome: Option<Outcome>,
    },
    /// A puzzle's board: who plays and wins (or wins material) in how many.
    Puzzle {
        /// The side to play.
        solver: Color,
        /// The solver's moves in the solution.
        moves: usize,
        /// A gain of material to find, not a win.
        material: bool,
    },
    /// A puzzle's last board, solved.
    PuzzleSolved,
    /// A text of a tournament's standings picture.
    Standings(StandingsText),
}

/// The texts of the standings picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingsText {
    /// The tournament's name, and whether it is over.
    Title {
        /// The tournament's name.
        name: String,
        /// It is over.
        finished: bool,
    },
    /// A Swiss score in halves, or an Arena's points.
    Score {
        /// Swiss or Arena.
        kind: dama_model::TournamentKind,
        /// The score: halves in a Swiss, points in an Arena.
        score: u32,
    },
    /// Buchholz cut 1 (halves) and Sonneborn–Berger (quarters).
    TieBreaks {
        /// Buchholz cut 1, in halves.
        buchholz: u32,
        /// Sonneborn–Berger, in quarters.
        berger: u32,
    },
    /// An Arena player on a streak.
    OnFire,
    /// Players beyond the picture's lines.
    More {
        /// How many are left out.
        count: usize,
    },
}

/// The texts of a player's card (names arrive as finished text: the card shows names, not
/// mentions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardText {
    /// The rating with its uncertainty, in its speed class.
    Rating {
        /// The class, if the player has a rated game.
        speed: Option<SpeedClass>,
        /// The rating.
        rating: i64,
        /// Twice the rating deviation.
        margin: i64,
    },
    /// The player's other classes: each with its rating.
    OtherRatings(Vec<(SpeedClass, i64)>),
    /// The player's ranks.
    Rank {
        /// On this server, if they played here.
        server: Option<i64>,
        /// Among everyone.
        global: i64,
    },
    /// The highest rating reached.
    Peak {
        /// The rating.
        rating: i64,
    },
    /// Rated wins, draws and losses.
    Record {
        /// Wins.
        wins: i64,
        /// Draws.
        draws: i64,
        /// Losses.
        losses: i64,
    },
    /// The heading of the last results.
    LastResults,
    /// One result's letter.
    Result(PlayerResult),
    /// The opponent of the most rated games.
    Favourite {
        /// The opponent's name.
        name: String,
        /// Rated games against them.
        games: i64,
    },
    /// The most wins in a row.
    Streak {
        /// Wins in a row.
        games: i64,
    },
    /// Tournaments played and won, and the last one's result.
    Tournaments {
        /// Finished tournaments played.
        played: i64,
        /// Tournaments won.
        won: i64,
        /// The last one's result.
        last: TournamentResult,
    },
    /// Games against the AI, per level: won, drawn, lost.
    AiGames(Vec<(dama_play::ai::Level, [i64; 3])>),
    /// A date on the curve's axis.
    Date(UnixMs),
    /// In place of the curve, for a player without a rated game.
    NoRatedGame,
}

/// Writes captions in a language; the `words` layer implements it, so the host can draw a
/// picture without writing a sentence itself.
pub trait Captions: Send + Sync {
    /// The caption in `lang`.
    fn caption(&self, caption: &Caption, lang: Lang) -> String;
    /// The analysis picture's contents in `lang`.
    fn analysis_chart(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        names: [&str; 2],
        result: &str,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> dama_play::render::Chart;
    /// The annotated PDN's comments in `lang`.
    fn analysis_notes(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> Vec<Option<dama_rules::pdn::Note>>;
}
