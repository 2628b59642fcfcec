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

    /// The language's code, as its file in `assets/locales/` is named.
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
    /// A person.
    User(UserId),
    /// The AI, playing at a level.
    Ai(Level),
}

impl Player {
    /// The person, if it is one.
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
    /// The player with White.
    pub white: Player,
    /// The player with Black.
    pub black: Player,
}

impl Players {
    /// The player with `color`.
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
    /// The player.
    pub user: UserId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// Leaderboard scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The players of one server.
    Server,
    /// Every player.
    Global,
}

/// A player's rating and rated games.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The player.
    pub user: UserId,
    /// The rating (Glicko-2).
    pub rating: f64,
    /// Twice the rating deviation: the rating is within this of the true strength, 95 times in
    /// 100.
    pub margin: f64,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
    /// Rated games drawn.
    pub draws: i64,
    /// Rated games lost.
    pub losses: i64,
}

impl From<&dama_store::PlayerRow> for Record {
    fn from(p: &dama_store::PlayerRow) -> Record {
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
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// A recent game of a player's: how it went, and against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecentGame {
    /// How the game went for the player.
    pub result: PlayerResult,
    /// The opponent.
    pub opponent: Player,
}

/// A player's rating, record and last results.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    /// The class shown: the one the player played most (`None`: no rated game yet).
    pub speed: Option<SpeedClass>,
    /// The rating and record in that class.
    pub record: Record,
    /// The player's other classes, the most played first.
    pub others: Vec<(SpeedClass, Record)>,
    /// The player's rank among the rated players of this server, if they played here.
    pub server_rank: Option<i64>,
    /// The player's rank among every rated player, if they have played a rated game.
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
    /// The tournament's name.
    pub name: String,
    /// 1: won (shared when tied).
    pub place: i64,
    /// How many played in it.
    pub players: i64,
    /// When it ended.
    pub ended_at: UnixMs,
}

/// Whose language the language command sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageScope {
    /// The language of the person asking, wherever they are.
    Me,
    /// The language of the server, for everyone who has not chosen one.
    Server,
}

/// A command a message can point to; each front end writes it its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandName {
    /// Challenging a player.
    Challenge,
    /// Playing the AI.
    Ai,
    /// Making a move.
    Move,
    /// Offering or accepting a draw.
    Draw,
    /// Asking to take a move back.
    Takeback,
    /// Resigning.
    Resign,
    /// Asking the AI for a hint.
    Hint,
    /// Showing the board.
    Board,
    /// Listing the moves played.
    Moves,
    /// Calling a game off before it got going.
    Abort,
    /// Choosing a language.
    Language,
    /// The daily puzzle.
    Puzzle,
    /// Analysing a finished game.
    Analyze,
    /// Seeking a game in a pool.
    Seek,
    /// Blocking a player.
    Block,
    /// Unblocking a player.
    Unblock,
    /// Joining the network across servers.
    Network,
}

/// One thing the host has to say.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A player challenged another, or anyone in the channel.
    ChallengeIssued {
        /// The player who challenged.
        challenger: UserId,
        /// The player challenged; `None`: an open challenge, for anyone here to take.
        challenged: Option<UserId>,
        /// The game would be rated.
        rated: bool,
        /// The color the challenger asked for.
        color: ColorChoice,
        /// How long the challenge stands before it expires.
        expires_in: Millis,
        /// The game's time control.
        control: TimeControl,
    },
    /// The challenged player said no.
    ChallengeDeclined {
        /// The player who challenged.
        challenger: UserId,
        /// The player who declined.
        by: UserId,
    },
    /// The challenger took the challenge back.
    ChallengeWithdrawn {
        /// The challenger.
        by: UserId,
    },
    /// Nobody answered the challenge in time.
    ChallengeExpired {
        /// The player who challenged.
        challenger: UserId,
        /// The player challenged; `None`: an open challenge nobody took.
        challenged: Option<UserId>,
    },
    /// Someone took a challenge (what its own post says once settled).
    ChallengeTaken {
        /// The player who challenged.
        challenger: UserId,
        /// The player who took it.
        by: UserId,
        /// It was open to anyone (else `by` was the one challenged).
        open: bool,
    },
    /// A game between two people began.
    GameStarted {
        /// Who plays which color.
        players: Players,
        /// The game is rated.
        rated: bool,
        /// The game's time control.
        control: TimeControl,
    },
    /// A game against the AI began.
    AiGameStarted {
        /// The person playing.
        player: UserId,
        /// The AI's level.
        level: Level,
        /// The person's color.
        color: Color,
        /// The game's time control.
        control: TimeControl,
    },
    /// A move was played.
    Played {
        /// Who moved.
        mover: Player,
        /// The move, as written in coordinates.
        notation: String,
        /// The move made a king.
        crowned: bool,
    },
    /// A player's own link to play their game on its page (for them alone).
    PlayLink {
        /// The link.
        link: String,
    },
    /// Several moves shown by one board: the channel could not take a board a move (Discord's
    /// pace), so the newest board names the moves since the last one posted.
    PlayedSince {
        /// The moves before the last, oldest first, as written in coordinates.
        earlier: Vec<String>,
        /// Who made the last.
        mover: Player,
        /// The last move.
        notation: String,
        /// The last move made a king.
        crowned: bool,
    },
    /// Whose turn it is, and until when (a person; the AI's turn is [`Msg::AiThinking`]).
    ToMove {
        /// The player to move.
        player: UserId,
        /// Their color.
        side: Color,
        /// A capture is compulsory.
        capture_due: bool,
        /// When their time is up.
        deadline: UnixMs,
        /// What the clock says about the turn.
        clock: TurnClock,
    },
    /// The AI is thinking about its move.
    AiThinking {
        /// The AI's level.
        level: Level,
    },
    /// The game ended.
    GameOver {
        /// How it ended.
        outcome: Outcome,
        /// Who played which color.
        players: Players,
    },
    /// Both clocks of a live game at its end.
    FinalClocks {
        /// White's time left.
        white: Millis,
        /// Black's time left.
        black: Millis,
    },
    /// A side did not make its first move in time: the game is called off, nobody loses.
    NoFirstMove {
        /// The side that did not move.
        player: Player,
    },
    /// A tournament game's side did not make its first move in time: it loses by forfeit (a
    /// game not played), and is withdrawn after two such absences in a row.
    Forfeit {
        /// The side that was there.
        winner: Player,
        /// The side that did not move.
        absent: Player,
        /// The absent player was withdrawn from the tournament.
        withdrawn: bool,
    },
    /// A move that came after its player's time was up (the loss on time follows).
    MoveTooLate,
    /// A resignation, an offer or an answer that came after the time to move was up: the flag
    /// decides (its ending follows).
    ActionTooLate,
    /// The server is now listed on the web pages (at `link`), or no longer.
    WebListed {
        /// Listed (or no longer).
        public: bool,
        /// The server's page, when listed and the web is served.
        link: Option<String>,
    },
    /// Ratings changed by a finished rated game.
    RatingChanges(Vec<RatingChange>),
    /// A rated game ended before both sides had moved: it changes no rating.
    NotRatedTooShort,
    /// A game ended before both sides had moved (`by` left it): it counts for nothing.
    CalledOff {
        /// The player who called it off, if one did.
        by: Option<UserId>,
    },
    /// Resigning a rated game is asked twice.
    ConfirmResign,
    /// A player offered a draw.
    DrawOffered {
        /// The player offering.
        by: UserId,
        /// The player who may accept.
        to: UserId,
    },
    /// The AI declines a draw offer (it does not think it stands worse).
    AiDeclinesDraw {
        /// The AI's level.
        level: Level,
    },
    /// A player asked to take their last move back.
    TakebackAsked {
        /// The player asking.
        by: UserId,
        /// The player who may agree.
        to: UserId,
    },
    /// The moves taken back, in the order they had been played.
    TakenBack {
        /// The moves, as written.
        moves: Vec<String>,
    },
    /// The AI's suggestion for the player to move.
    Hint {
        /// The move suggested.
        notation: String,
        /// How the position stands after it.
        eval: Eval,
    },
    /// The legal moves of the side to move.
    LegalMoves {
        /// The side to move.
        side: Color,
        /// The moves, as written.
        moves: Vec<String>,
        /// They are all captures (capture is compulsory).
        capture_due: bool,
    },
    /// The game's record as a PDN file (attached).
    PdnFile {
        /// The game.
        game: GameId,
    },
    /// One player of a running game asked for its analysis; the other must too.
    AnalysisAsked {
        /// The player who asked.
        by: UserId,
        /// The player who must ask too.
        other: UserId,
    },
    /// The analysis is ready (its picture and annotated PDN are attached).
    Analysis {
        /// The game analysed.
        game: GameId,
        /// Who played which color.
        players: Players,
        /// White's and Black's accuracy, in percent (`None`: no move with a choice).
        accuracy: [Option<u32>; 2],
        /// Inaccuracies, mistakes and blunders of White and of Black.
        counts: [[usize; 3]; 2],
    },
    /// How far an analysis has come (the front end edits its message with it).
    AnalysisProgress {
        /// Done so far, 0 to 100.
        percent: u32,
    },
    /// The game replayed as an animated picture (attached).
    ReplayFile {
        /// The game.
        game: GameId,
    },
    /// The best players of one speed class.
    Leaderboard {
        /// The server's players or everyone's.
        scope: Scope,
        /// The speed class.
        speed: SpeedClass,
        /// The best records, best first.
        rows: Vec<Record>,
    },
    /// No rated game yet (in the class asked for, if any).
    NoRatedGames {
        /// The server's players or everyone's.
        scope: Scope,
        /// The class asked for, if one was.
        speed: Option<SpeedClass>,
    },
    /// A player's ratings, records and results.
    Stats(PlayerStats),
    /// A player asked about has no game yet.
    NotPlayedYet {
        /// The player.
        user: UserId,
    },
    /// A correspondence player's time is running out.
    TimeWarning {
        /// The player to move.
        player: UserId,
        /// When their time is up.
        deadline: UnixMs,
    },
    /// A game whose record cannot be read any more; its players (or an admin) can abort it.
    GameBroken {
        /// The game.
        game: GameId,
        /// Its players.
        players: Vec<UserId>,
    },
    /// A game was aborted.
    Aborted {
        /// The game.
        game: GameId,
        /// Who aborted it.
        by: UserId,
    },
    /// A language was chosen (`None`: back to automatic).
    LanguageSet {
        /// Whose language.
        scope: LanguageScope,
        /// The language chosen.
        lang: Option<Lang>,
    },
    /// The rules of Turkish draughts, in short.
    Rules {
        /// A player who does not move for this long loses on time.
        move_time: Millis,
    },
    /// How to play with the bot.
    Help {
        /// A player who does not move for this long loses on time.
        move_time: Millis,
    },
    /// About puzzles.
    Puzzle(PuzzleMsg),
    /// About tournaments.
    Tournament(super::TournamentMsg),
    /// About finding a game: pools, blocks, rematches.
    Finding(super::FindingMsg),
}

/// What the host says about puzzles.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleMsg {
    /// A puzzle to solve (or to go on with): `date` (noon of its day in Türkiye)
    /// for today's puzzle, `None` for a practice one.
    Shown {
        /// Noon of the puzzle's day in Türkiye, for the daily puzzle.
        date: Option<UnixMs>,
        /// The side the player solves for.
        solver: Color,
        /// The solver's moves in the solution.
        moves: usize,
        /// A gain of material to find, not a win.
        material: bool,
        /// How hard it is, 1 to 5.
        stars: u32,
        /// Wrong tries left before it counts as failed.
        tries_left: i64,
    },
    /// The practice puzzle shown was found in a game on the bot that ended at `date`;
    /// `yours`: the asker missed it.
    FromGame {
        /// When the game it was found in ended.
        date: UnixMs,
        /// The asker played that game and missed it.
        yours: bool,
    },
    /// The move was right (`played`); the defence answered, and this many moves are left to
    /// find.
    Right {
        /// The move played, as written.
        played: String,
        /// The defence's answer, as written.
        defence: String,
        /// The solver's moves left to find.
        moves_left: usize,
        /// A gain of material to find, not a win.
        material: bool,
    },
    /// Not the move that gets there in the moves left (and, at the first move, no other move
    /// gets there at all within five).
    Wrong {
        /// Wrong tries left before it counts as failed.
        tries_left: i64,
        /// The solver's moves left to find.
        moves_left: usize,
        /// A gain of material to find, not a win.
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
        /// The practice rating before and after.
        rating: (f64, f64),
    },
    /// The puzzle is solved.
    Solved {
        /// It was the daily puzzle.
        daily: bool,
        /// Days in a row, for today's puzzle.
        streak: i64,
        /// The puzzle rating before and after (first tries only).
        rating: Option<(f64, f64)>,
        /// A try missed before the solve: the rating counts the puzzle as missed.
        missed: bool,
    },
    /// The puzzle counts as failed: the tries ran out.
    Failed {
        /// It was the daily puzzle.
        daily: bool,
        /// The solution's moves, as written.
        solution: Vec<String>,
        /// The puzzle rating before and after (first tries only).
        rating: Option<(f64, f64)>,
    },
    /// The puzzle was already finished; its solution follows.
    AlreadyDone {
        /// It was the daily puzzle.
        daily: bool,
        /// It was solved.
        solved: bool,
        /// The solution's moves, as written.
        solution: Vec<String>,
    },
    /// A player's puzzle record.
    Stats {
        /// The player.
        user: UserId,
        /// Daily puzzles solved in a row, up to today.
        streak: i64,
        /// The most daily puzzles solved in a row.
        best_streak: i64,
        /// Daily puzzles solved.
        solved: i64,
        /// Daily puzzles failed.
        failed: i64,
        /// Practice puzzles solved.
        practice: i64,
        /// The practice rating.
        rating: f64,
        /// Today's puzzle is solved.
        solved_today: bool,
        /// Finished puzzles per theme.
        themes: Vec<ThemeLine>,
    },
    /// The longest streaks of daily puzzles.
    Leaderboard {
        /// The players, the longest streak first.
        rows: Vec<StreakLine>,
    },
    /// Nobody has solved a daily puzzle yet.
    NoSolvers,
    /// The server's puzzle channel was set, or unset.
    ChannelSet {
        /// The channel, or `None` for none.
        channel: Option<ChannelId>,
    },
    /// The day's post in a server's puzzle channel.
    Daily {
        /// Noon of the puzzle's day in Türkiye.
        date: UnixMs,
        /// The side to play.
        solver: Color,
        /// The solver's moves in the solution.
        moves: usize,
        /// A gain of material to find, not a win.
        material: bool,
        /// How hard it is, 1 to 5.
        stars: u32,
    },
    /// Every practice puzzle has been tried (of the theme asked for, or of those found in the
    /// player's own games).
    NoPracticeLeft {
        /// The theme asked for, if one was.
        theme: Option<dama_play::puzzle::Theme>,
        /// Of the puzzles found in the player's own games.
        mine: bool,
    },
}

/// A line of the puzzle stats: one theme's puzzles, solved and tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeLine {
    /// The theme.
    pub theme: dama_play::puzzle::Theme,
    /// Its puzzles solved.
    pub solved: i64,
    /// Its puzzles tried.
    pub tried: i64,
}

/// A line of the puzzle leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreakLine {
    /// The player.
    pub user: UserId,
    /// Daily puzzles solved in a row, up to today.
    pub streak: i64,
    /// The most daily puzzles solved in a row.
    pub best_streak: i64,
    /// Daily puzzles solved.
    pub solved: i64,
}

/// What the clock says about a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnClock {
    /// Days a move: lose on time at the deadline.
    Correspondence,
    /// A side's first move: the game is called off at the deadline (a tournament game: lost
    /// by forfeit).
    FirstMove {
        /// A tournament game: the side that does not start loses by forfeit.
        forfeit: bool,
    },
    /// Both clocks running (the time left when the turn began).
    Live {
        /// White's time left.
        white: Millis,
        /// Black's time left.
        black: Millis,
    },
}
