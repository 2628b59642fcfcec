//! What the host says, as typed values: ids, colours, squares and numbers, never sentences. The
//! `words` layer writes them in the reader's language; each front end shows users and times its
//! own way.

use dama_model::{ChannelId, ColorChoice, GameId, UserId};
use dama_model::{Millis, UnixMs};
use dama_play::ai::{Eval, Level};
use dama_play::clock::{SpeedClass, TimeControl};
use dama_rules::{Color, Outcome};

/// A language the bot speaks, by its code (`en-US`, `tr`, the name of its file in
/// `assets/locales/`). The `words` layer makes these; the host only passes them on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lang(&'static str);

impl Lang {
    /// The language everything falls back to.
    pub const ENGLISH: Lang = Lang("en-US");

    /// A language by its code; only the `words` layer should need this.
    pub const fn from_static(code: &'static str) -> Lang {
        Lang(code)
    }

    pub fn code(self) -> &'static str {
        self.0
    }
}

impl Default for Lang {
    fn default() -> Self {
        Lang::ENGLISH
    }
}

/// Someone at the board: a person, or the AI at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    User(UserId),
    Ai(Level),
}

impl Player {
    pub fn user(self) -> Option<UserId> {
        match self {
            Player::User(u) => Some(u),
            Player::Ai(_) => None,
        }
    }
}

/// The players of a game, by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    pub white: Player,
    pub black: Player,
}

impl Players {
    pub fn of(self, color: Color) -> Player {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// A rated player's rating before and after a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub user: UserId,
    pub before: f64,
    pub after: f64,
}

/// Leaderboard scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Server,
    Global,
}

/// A player's rating and rated games.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub user: UserId,
    pub rating: f64,
    /// Twice the rating deviation: the rating is within this of the true strength, 95 times in
    /// 100.
    pub margin: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

impl From<&crate::store::PlayerRow> for Record {
    fn from(p: &crate::store::PlayerRow) -> Record {
        Record {
            user: p.user_id,
            rating: p.rating,
            margin: 2.0 * p.deviation,
            games: p.games,
            wins: p.wins,
            draws: p.draws,
            losses: p.losses,
        }
    }
}

/// A finished game as one player saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerResult {
    Win,
    Draw,
    Loss,
}

/// A recent game of a player's: how it went, and against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecentGame {
    pub result: PlayerResult,
    pub opponent: Player,
}

/// A player's rating, record and last results.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// The class shown: the one the player played most (`None`: no rated game yet).
    pub speed: Option<SpeedClass>,
    pub record: Record,
    /// The player's other classes, the most played first.
    pub others: Vec<(SpeedClass, Record)>,
    /// The player's rank among the rated players of this server (if they played here) and of
    /// everyone (if they have played a rated game).
    pub server_rank: Option<i64>,
    pub global_rank: Option<i64>,
    /// The highest rating reached, and when.
    pub peak: Option<(f64, UnixMs)>,
    /// The last rated games, newest first (at most ten).
    pub recent: Vec<RecentGame>,
    /// The most wins in a row.
    pub longest_streak: i64,
    /// The opponent of the most rated games, and how many.
    pub favourite: Option<(Player, i64)>,
    /// The finished tournaments played, the newest first.
    pub tournaments: Vec<TournamentResult>,
    /// Finished games against the AI (never rated), per level played: won, drawn, lost.
    pub ai: Vec<(dama_play::ai::Level, [i64; 3])>,
}

/// A player's place in a finished tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentResult {
    pub name: String,
    /// 1: won (shared when tied).
    pub place: i64,
    pub players: i64,
    /// When it ended.
    pub ended_at: UnixMs,
}

/// Whose language the language command sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageScope {
    Me,
    Server,
}

/// A command a message can point to; each front end writes it its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandName {
    Challenge,
    Ai,
    Move,
    Draw,
    Takeback,
    Resign,
    Hint,
    Board,
    Moves,
    Abort,
    Language,
    Puzzle,
    Analyze,
}

/// One thing the host has to say.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    ChallengeIssued {
        challenger: UserId,
        challenged: UserId,
        rated: bool,
        color: ColorChoice,
        minutes: u64,
        control: TimeControl,
    },
    ChallengeDeclined {
        challenger: UserId,
        by: UserId,
    },
    ChallengeWithdrawn {
        by: UserId,
    },
    ChallengeExpired {
        challenger: UserId,
        challenged: UserId,
    },
    GameStarted {
        players: Players,
        rated: bool,
        control: TimeControl,
    },
    AiGameStarted {
        player: UserId,
        level: Level,
        color: Color,
        control: TimeControl,
    },
    Played {
        mover: Player,
        notation: String,
        /// The move made a king.
        crowned: bool,
    },
    /// Whose turn it is, and until when (a person; the AI's turn is [`Msg::AiThinking`]).
    ToMove {
        player: UserId,
        side: Color,
        capture_due: bool,
        /// When their time is up.
        deadline: UnixMs,
        clock: TurnClock,
    },
    AiThinking {
        level: Level,
    },
    GameOver {
        outcome: Outcome,
        players: Players,
    },
    /// Both clocks of a live game at its end.
    FinalClocks {
        white: Millis,
        black: Millis,
    },
    /// A side did not make its first move in time: the game is called off, nobody loses.
    NoFirstMove {
        player: Player,
    },
    /// A move that came after its player's time was up (the loss on time follows).
    MoveTooLate,
    /// The server is now listed on the web pages (at `link`), or no longer.
    WebListed {
        public: bool,
        link: Option<String>,
    },
    RatingChanges(Vec<RatingChange>),
    /// A rated game ended before both sides had moved: it changes no rating.
    NotRatedTooShort,
    /// A game ended before both sides had moved (`by` left it): it counts for nothing.
    CalledOff {
        by: Option<UserId>,
    },
    /// Resigning a rated game is asked twice.
    ConfirmResign,
    DrawOffered {
        by: UserId,
        to: UserId,
    },
    AiDeclinesDraw {
        level: Level,
    },
    TakebackAsked {
        by: UserId,
        to: UserId,
    },
    /// The moves taken back, in the order they had been played.
    TakenBack {
        moves: Vec<String>,
    },
    Hint {
        notation: String,
        eval: Eval,
    },
    LegalMoves {
        side: Color,
        moves: Vec<String>,
        capture_due: bool,
    },
    PdnFile {
        game: GameId,
    },
    /// One player of a running game asked for its analysis; the other must too.
    AnalysisAsked {
        by: UserId,
        other: UserId,
    },
    /// The analysis is ready (its picture and annotated PDN are attached).
    Analysis {
        game: GameId,
        players: Players,
        /// White's and Black's accuracy, in percent (`None`: no move with a choice).
        accuracy: [Option<u32>; 2],
        /// Inaccuracies, mistakes and blunders of White and of Black.
        counts: [[usize; 3]; 2],
    },
    /// How far an analysis has come (the front end edits its message with it).
    AnalysisProgress {
        percent: u32,
    },
    ReplayFile {
        game: GameId,
    },
    /// The best players of one speed class.
    Leaderboard {
        scope: Scope,
        speed: SpeedClass,
        rows: Vec<Record>,
    },
    /// No rated game yet (in the class asked for, if any).
    NoRatedGames {
        scope: Scope,
        speed: Option<SpeedClass>,
    },
    Stats(PlayerStats),
    NotPlayedYet {
        user: UserId,
    },
    TimeWarning {
        player: UserId,
        deadline: UnixMs,
    },
    /// A game whose record cannot be read any more; its players (or an admin) can abort it.
    GameBroken {
        game: GameId,
        players: Vec<UserId>,
    },
    Aborted {
        game: GameId,
        by: UserId,
    },
    /// A language was chosen (`None`: back to automatic).
    LanguageSet {
        scope: LanguageScope,
        lang: Option<Lang>,
    },
    Rules {
        /// A player who does not move for this long loses on time.
        hours: u64,
    },
    Help {
        hours: u64,
    },
    Puzzle(PuzzleMsg),
    Tournament(super::TournamentMsg),
}

/// What the host says about puzzles.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleMsg {
    /// A puzzle to solve (or to go on with): `date` (noon of its day in Türkiye)
    /// for today's puzzle, `None` for a practice one.
    Shown {
        date: Option<UnixMs>,
        solver: Color,
        moves: usize,
        /// A gain of material to find, not a win.
        material: bool,
        stars: u32,
        tries_left: i64,
    },
    /// The practice puzzle shown was found in a game on the bot that ended at `date`;
    /// `yours`: the asker missed it.
    FromGame {
        date: UnixMs,
        yours: bool,
    },
    /// The move was right (`played`); the defence answered, and this many moves are left to
    /// find.
    Right {
        played: String,
        defence: String,
        moves_left: usize,
        material: bool,
    },
    /// Not the move that gets there in the moves left (and, at the first move, no other move
    /// gets there at all within five).
    Wrong {
        tries_left: i64,
        moves_left: usize,
        material: bool,
    },
    /// The same try again: it counted once.
    SameTry,
    /// Another puzzle was asked for while a practice puzzle with a move tried in it is open:
    /// leaving it counts as failed, so the player confirms first (a button; `yes` in the
    /// console).
    LeaveFirst,
    /// The practice puzzle the player left had a move tried in it: it counts as failed, with
    /// this rating change.
    LeftAfterATry {
        rating: (f64, f64),
    },
    Solved {
        daily: bool,
        /// Days in a row, for today's puzzle.
        streak: i64,
        /// The puzzle rating before and after (first tries only).
        rating: Option<(f64, f64)>,
        /// A try missed before the solve: the rating counts the puzzle as missed.
        missed: bool,
    },
    Failed {
        daily: bool,
        solution: Vec<String>,
        rating: Option<(f64, f64)>,
    },
    /// The puzzle was already finished; its solution follows.
    AlreadyDone {
        daily: bool,
        solved: bool,
        solution: Vec<String>,
    },
    Stats {
        user: UserId,
        streak: i64,
        best_streak: i64,
        solved: i64,
        failed: i64,
        practice: i64,
        rating: f64,
        solved_today: bool,
        /// Finished puzzles per theme.
        themes: Vec<ThemeLine>,
    },
    Leaderboard {
        rows: Vec<StreakLine>,
    },
    NoSolvers,
    ChannelSet {
        channel: Option<ChannelId>,
    },
    /// The day's post in a server's puzzle channel.
    Daily {
        date: UnixMs,
        solver: Color,
        moves: usize,
        material: bool,
        stars: u32,
    },
    /// Every practice puzzle has been tried (of the theme asked for, or of those found in the
    /// player's own games).
    NoPracticeLeft {
        theme: Option<dama_play::puzzle::Theme>,
        mine: bool,
    },
}

/// A line of the puzzle stats: one theme's puzzles, solved and tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeLine {
    pub theme: dama_play::puzzle::Theme,
    pub solved: i64,
    pub tried: i64,
}

/// A line of the puzzle leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreakLine {
    pub user: UserId,
    pub streak: i64,
    pub best_streak: i64,
    pub solved: i64,
}

/// What the clock says about a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnClock {
    /// Days a move: lose on time at the deadline.
    Correspondence,
    /// A side's first move: the game is called off at the deadline.
    FirstMove,
    /// Both clocks running (the time left when the turn began).
    Live { white: Millis, black: Millis },
}

/// The line above a board picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caption {
    /// A caption with both clocks of a live game after it.
    Clocked {
        caption: Box<Caption>,
        white: Millis,
        black: Millis,
    },
    ToMove {
        side: Color,
        /// The move number (a move is White's ply and Black's).
        number: usize,
    },
    /// A position without a game around it (the command line's pictures).
    SideToMove(Color),
    Over(Outcome),
    CalledOff,
    /// The first frame of a replay.
    ReplayStart,
    /// A text of a player's card.
    Card(CardText),
    /// A frame of a replay: the move just played, and the result on the last frame.
    ReplayPly {
        number: usize,
        side: Color,
        notation: String,
        outcome: Option<Outcome>,
    },
    /// A puzzle's board: who plays and wins (or wins material) in how many.
    Puzzle {
        solver: Color,
        moves: usize,
        material: bool,
    },
    PuzzleSolved,
    /// A text of a tournament's standings picture.
    Standings(StandingsText),
}

/// The texts of the standings picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingsText {
    Title {
        name: String,
        finished: bool,
    },
    /// A Swiss score in halves, or an Arena's points.
    Score {
        kind: dama_model::TournamentKind,
        score: u32,
    },
    /// Buchholz cut 1 (halves) and Sonneborn–Berger (quarters).
    TieBreaks {
        buchholz: u32,
        berger: u32,
    },
    /// An Arena player on a streak.
    OnFire,
    /// Players beyond the picture's lines.
    More {
        count: usize,
    },
}

/// The texts of a player's card (names arrive as finished text: the card shows names, not
/// mentions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardText {
    /// The rating with its uncertainty, in its speed class.
    Rating {
        speed: Option<SpeedClass>,
        rating: i64,
        margin: i64,
    },
    /// The player's other classes: each with its rating.
    OtherRatings(Vec<(SpeedClass, i64)>),
    Rank {
        server: Option<i64>,
        global: i64,
    },
    Peak {
        rating: i64,
    },
    Record {
        wins: i64,
        draws: i64,
        losses: i64,
    },
    LastResults,
    /// One result's letter.
    Result(PlayerResult),
    Favourite {
        name: String,
        games: i64,
    },
    Streak {
        games: i64,
    },
    /// Tournaments played and won, and the last one's result.
    Tournaments {
        played: i64,
        won: i64,
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
