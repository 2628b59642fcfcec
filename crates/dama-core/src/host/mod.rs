//! The game host: challenges, one game per channel, turns, the AI's turns, draws, takebacks,
//! resignations, time-outs, ratings, leaderboards, PDN and replays. It knows nothing of
//! Discord: it takes who, where and what, and returns [`Reply`]s made of typed [`Msg`]s.
//! Discord and the console are two front ends over these operations; `words` writes the text.

mod analysis;
mod blocks;
mod board;
mod buttons;
mod caption;
mod challenges;
mod clocks;
mod duties;
mod error;
mod finding_msg;
mod language;
mod message;
mod mining;
mod network;
mod offers;
mod pictures;
mod play;
mod play_links;
mod posts;
mod puzzles;
mod ratings;
mod rematches;
mod reply;
mod scheduler;
mod seeking;
mod sweep;
mod tables;
mod tournaments;
mod views;
mod web;
mod work;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::Semaphore;

use dama_model::{Millis, UnixMs};
use dama_play::ai::Limits;
use dama_play::render::Renderer;
use dama_rules::{Color, Game, fen};
use dama_store::{GameRow, Store};

pub use caption::{Caption, Captions, CardText, StandingsText};
use dama_model::{ChannelId, GameId, GameStatus, GuildId, UserId};
pub use error::{HostError, InternalError, Refusal};
pub use finding_msg::FindingMsg;
pub use message::{
    CommandName, Lang, LanguageScope, Msg, Player, PlayerResult, PlayerStats, Players, PuzzleMsg,
    RatingChange, RecentGame, Record, Scope, StreakLine, ThemeLine, TournamentResult, TurnClock,
};
pub use reply::{
    Announced, Button, ButtonAction, ButtonLabel, ButtonStyle, File, GameAction, Notice, Reply,
    Shown, UnknownButton,
};

pub use analysis::{ANALYSIS_DEPTH, AnalysisProgress};
pub use blocks::MAX_BLOCKS;
pub use duties::{AiTurn, Audience, Duties, Duty};
pub use pictures::PictureError;
pub use play_links::{ActivityGame, Seat, form_token};
pub use posts::{GameChannel, OWED_AFTER};
pub use puzzles::{Practice, TRIES as PUZZLE_TRIES};
pub use rematches::{CORRESPONDENCE_REMATCH, LIVE_REMATCH, REMATCHES_A_MINUTE};
pub use scheduler::Priority;
pub use seeking::{CORRESPONDENCE_SEEK, LIVE_SEEK, Meeting, OtherPlace, SEEKS_A_MINUTE, Wave};
pub use tables::{TABLE_PIECES, TableWork};
pub use tournaments::{
    GameToStart, MAX_DAYS_AHEAD, MAX_NAME, MAX_PAUSE, MINUTES, PAUSE, ROUNDS, TournamentLine,
    TournamentMsg, TournamentNews, TournamentRefusal, TournamentSpec,
};
pub use web::{
    GameFacts, ListedServer, Lobby, PoolLine, TournamentFacts, WebEntrant, WebGame, WebGameLine,
    WebPairing, WebPlayer, WebPlayerPage, WebRating, WebServer, WebTournament, is_web_key,
};

/// What a host operation answers: a reply, or why not.
pub type HostResult = Result<Reply, HostError>;

/// The time a move may take in a game made without a time control (three days).
const DEFAULT_MOVE_TIME: Millis = match dama_play::clock::TimeControl::DEFAULT {
    dama_play::clock::TimeControl::Correspondence { days } => Millis::from_days(days as i64),
    dama_play::clock::TimeControl::Live { .. } => Millis::ZERO,
};

/// Who is asking, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// The person asking.
    pub user: UserId,
    /// A display name, kept for leaderboards and PDN headers.
    pub name: String,
    /// The channel or thread.
    pub channel: ChannelId,
    /// The server (`None`: a direct message or the console).
    pub guild: Option<GuildId>,
    /// The language of the reply's pictures.
    pub lang: Lang,
    /// May manage the server (Discord's Manage Server): may abort any game here and choose the
    /// server's language.
    pub admin: bool,
    /// The game a button or a page acts on; `None` for whichever game runs in the channel. An
    /// action on a game that no longer runs is refused, never played in a newer one there.
    pub game: Option<GameId>,
}

/// How a host behaves; the command line and the tests fill it in.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// A correspondence player is warned this long before their time is up (at most a third
    /// of a move's time).
    pub warning: Duration,
    /// An unanswered challenge lapses after this long.
    pub challenge_ttl: Duration,
    /// AI searches, hints and analyses running at once (default: one per core).
    pub ai_concurrency: usize,
    /// Every AI reply should come within this while the machine is busy: the master's time
    /// shrinks as moves queue.
    pub reply_bound: Duration,
    /// Replays being drawn at once (apart from the AI's slots, so AI turns never wait on them).
    pub replay_concurrency: usize,
    /// A replay shows at most this many positions (a longer game skips evenly), which keeps
    /// it well under Discord's upload limit (about 8 KB a frame).
    pub replay_max_frames: usize,
    /// The search behind a hint.
    pub hint_limits: Limits,
    /// Open challenges one player may have at once.
    pub max_open_challenges: i64,
    /// Running games against the AI one player may have at once.
    pub max_ai_games: i64,
    /// The puzzles: the first `daily_puzzles` are the days' puzzles in turn, the rest (and the
    /// days' puzzles once their day has passed) serve as practice.
    pub puzzles: Arc<Vec<dama_play::puzzle::Puzzle>>,
    /// How many of the puzzles are the days' puzzles.
    pub daily_puzzles: usize,
    /// Where the games are played, as PDN records name it: the `Event` tag.
    pub pdn_event: String,
    /// The `Site` tag.
    pub pdn_site: String,
    /// Every game is on one server (the console): a server's rank is the global one, and is
    /// not shown apart.
    pub one_server: bool,
    /// This process's name in leases and claims (unique among the processes sharing a store).
    pub process: String,
    /// How long a claim on an AI turn lasts: a process that died while thinking is relieved
    /// after this (the AI's longest search is a few seconds).
    pub ai_claim: Duration,
    /// How long the sweep's lease lasts; its holder renews it at every sweep.
    pub sweep_lease: Duration,
    /// Where people reach the web pages (`DAMA_PUBLIC_URL`, no trailing slash): boards link
    /// to their game's page.
    pub public_url: Option<String>,
    /// The **Play on the board** button launches the board inside Discord (the Activity,
    /// `DAMA_ACTIVITY`) rather than giving a link.
    pub activity: bool,
}

/// A name for this process: host, process id and start time, so a restarted process is a new
/// holder.
pub(crate) fn process_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into());
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Several hosts in one process (tests, a bench) are several holders too.
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    format!("{host}-{}-{started:x}-{n}", std::process::id())
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            warning: Duration::from_secs(24 * 3600),
            challenge_ttl: Duration::from_secs(600),
            ai_concurrency: std::thread::available_parallelism()
                .map_or(2, std::num::NonZeroUsize::get),
            reply_bound: Duration::from_secs(5),
            replay_concurrency: 1,
            replay_max_frames: 400,
            hint_limits: Limits::depth(8),
            max_open_challenges: 3,
            max_ai_games: 3,
            puzzles: Arc::new(dama_play::puzzle::shipped().to_vec()),
            daily_puzzles: 365,
            pdn_event: "Dama on Discord".into(),
            pdn_site: "Discord".into(),
            one_server: false,
            process: process_name(),
            ai_claim: Duration::from_secs(60),
            sweep_lease: Duration::from_secs(150),
            public_url: None,
            activity: false,
        }
    }
}

/// The present, as the host reads it: the system's clock, or one that tests move by hand.
#[derive(Clone, Debug, Default)]
pub struct Clock(Option<Arc<AtomicI64>>);

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands at `now` until [`Clock::advance`] or [`Clock::set`] moves it.
    pub fn manual(now: UnixMs) -> Clock {
        Clock(Some(Arc::new(AtomicI64::new(now.0))))
    }

    /// Now.
    pub fn now(&self) -> UnixMs {
        match &self.0 {
            Some(t) => UnixMs(t.load(Ordering::Relaxed)),
            None => UnixMs(
                SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_millis() as i64),
            ),
        }
    }

    /// Moves a manual clock on by `by` (a system clock ignores it).
    pub fn advance(&self, by: Duration) {
        if let Some(t) = &self.0 {
            t.fetch_add(by.as_millis() as i64, Ordering::Relaxed);
        }
    }

    /// Moves a manual clock to `now` (a system clock ignores it).
    pub fn set(&self, now: UnixMs) {
        if let Some(t) = &self.0 {
            t.store(now.0, Ordering::Relaxed);
        }
    }
}

/// Every operation a player or an operator can ask for, whatever the front end: one per
/// process, shared by its front ends.
pub struct Host {
    store: Store,
    renderer: Arc<Renderer>,
    captions: Arc<dyn Captions>,
    scheduler: Arc<scheduler::Scheduler>,
    replay_slots: Arc<Semaphore>,
    /// The web's pictures: their own thread and queue, below Discord's replays.
    web_pictures: pictures::WebPictures,
    config: HostConfig,
    clock: Clock,
    /// Engine state of recent games with the version it was read at; used only while the
    /// stored version is the same (another process may have changed the game).
    games: Mutex<HashMap<GameId, (i64, Game)>>,
    tables: std::sync::OnceLock<Arc<dama_play::tables::Tables>>,
    /// Analyses run apart from the AI's turns, one at a time.
    analysis_slots: Arc<Semaphore>,
    /// A running game's analysis asked for by one player (at the game's version), waiting
    /// for the other.
    analysis_asks: Mutex<HashMap<GameId, (i64, UserId)>>,
    /// A screening of finished games is running in this process.
    mining: std::sync::atomic::AtomicBool,
    /// Moves made on the web, for the front end that posts their boards.
    page_moves: play_links::PageMoves,
    /// A seek came in: the duties run a wave at once.
    wave_due: tokio::sync::Notify,
    /// What this process's waves did, for `/metrics`.
    wave_counts: seeking::WaveTally,
}

impl Host {
    /// A host over `store`, drawing with `renderer` and writing captions with `captions`.
    pub fn new(
        store: Store,
        renderer: Arc<Renderer>,
        captions: Arc<dyn Captions>,
        config: HostConfig,
        clock: Clock,
    ) -> Host {
        Host {
            store,
            renderer,
            captions,
            scheduler: scheduler::Scheduler::new(config.ai_concurrency, config.reply_bound),
            replay_slots: Arc::new(Semaphore::new(config.replay_concurrency.max(1))),
            web_pictures: pictures::WebPictures::default(),
            config,
            clock,
            games: Mutex::new(HashMap::new()),
            tables: std::sync::OnceLock::new(),
            analysis_slots: Arc::new(Semaphore::new(1)),
            analysis_asks: Mutex::new(HashMap::new()),
            mining: std::sync::atomic::AtomicBool::new(false),
            page_moves: play_links::PageMoves::default(),
            wave_due: tokio::sync::Notify::new(),
            wave_counts: seeking::WaveTally::default(),
        }
    }

    /// The store it reads and writes: for the command line's tools and for tests. A front end
    /// never reaches it; it asks the host.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Answers when the database does (the web's `/healthz`).
    pub async fn ping(&self) -> Result<(), HostError> {
        Ok(self.store.ping().await?)
    }

    /// Closes the database once the front end has stopped asking.
    pub async fn close(&self) {
        self.store.close().await;
    }

    /// The games as the database holds them, for `/metrics`.
    pub async fn game_counts(&self) -> Result<dama_telemetry::GameCounts, HostError> {
        Ok(self.store.game_counts().await?)
    }

    /// What this process counted since it started, for `/metrics`.
    pub fn process_counts(&self) -> dama_telemetry::ProcessCounts {
        dama_telemetry::ProcessCounts {
            writes: self.store.stats().counts(),
            ai: self.scheduler.stats(),
            pool: self.store.pool_use(),
            waves: self.wave_counts.read(),
        }
    }

    /// The name a player was last seen with, if they were ever seen.
    pub async fn player_name(&self, user: UserId) -> Result<Option<String>, HostError> {
        Ok(self.store.player_name(user).await?)
    }

    /// Every player seen, with the name they were last seen with.
    pub async fn player_names(&self) -> Result<Vec<(UserId, String)>, HostError> {
        Ok(self.store.player_names().await?)
    }

    /// The players of the game running in `channel`, if one is.
    pub async fn running_players(&self, channel: ChannelId) -> Result<Option<Players>, HostError> {
        let row = self.store.running_game(channel).await?;
        Ok(row.as_ref().map(players))
    }

    /// The board pictures (shared with the web pages, which draw the same boards as SVG).
    pub fn renderer(&self) -> Arc<Renderer> {
        Arc::clone(&self.renderer)
    }

    /// The clock it reads the present from.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Its settings.
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    async fn game_row(&self, id: GameId) -> Result<GameRow, HostError> {
        self.store
            .game(id)
            .await?
            .ok_or_else(|| HostError::internal("a game row vanished", format!("game {id}")))
    }

    /// The channel's running game, or else its last one.
    async fn latest(&self, who: &Who) -> Result<GameRow, HostError> {
        self.store
            .latest_game(who.channel)
            .await?
            .ok_or(HostError::Refused(Refusal::NoGameYet))
    }

    async fn running(&self, who: &Who) -> Result<GameRow, HostError> {
        let row = self.store.running_game(who.channel).await?;
        match (row, who.game) {
            (Some(row), game) if game.is_none_or(|game| game == row.id) => Ok(row),
            (_, Some(_)) => Err(HostError::Refused(Refusal::ButtonGameOver)),
            (_, None) => Err(HostError::Refused(Refusal::NoGame)),
        }
    }

    /// The web's public address (`DAMA_PUBLIC_URL`), if it has one.
    pub fn public_url(&self) -> Option<&str> {
        self.config.public_url.as_deref()
    }

    /// Whether **Play on the board** launches the Activity.
    pub fn activity_on(&self) -> bool {
        self.config.activity
    }

    /// The address of a game's web page, when the web has a public address.
    pub(crate) fn game_link(&self, row: &GameRow) -> Option<String> {
        let base = self.config.public_url.as_deref()?;
        Some(format!("{base}/game/{}", row.web_key.as_deref()?))
    }

    /// The engine state of a stored game: from memory when it is current, else replayed. A
    /// record that does not replay is [`Refusal::Broken`].
    async fn load(&self, row: &GameRow) -> Result<Game, HostError> {
        {
            let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((version, g)) = games.get(&row.id)
                && *version == row.version
                && g.ply_count() as i64 == row.ply
            {
                return Ok(g.clone());
            }
        }
        let broken = |what: String| {
            tracing::error!(game = row.id.0, "{what}");
            HostError::Refused(Refusal::Broken { game: row.id })
        };
        let start = fen::parse(&row.start_fen)
            .map_err(|e| broken(format!("the stored start position is unreadable: {e}")))?;
        let mut game = Game::new(start);
        for (i, text) in self.store.moves(row.id).await?.iter().enumerate() {
            game.play_text(text).map_err(|e| {
                broken(format!("stored move {} ({text}) is unplayable: {e}", i + 1))
            })?;
        }
        // The moves and the row are read apart: a change in between shows here.
        if game.ply_count() as i64 != row.ply || fen::write(game.position()) != row.fen {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        self.remember(row.id, row.version, &game);
        Ok(game)
    }

    fn remember(&self, id: GameId, version: i64, game: &Game) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if games.len() > 10_000 {
            games.clear();
        }
        games.insert(id, (version, game.clone()));
    }

    /// Runs an AI search (a hint, a look at a draw offer) off the async runtime, once a
    /// worker is free and every waiting move has had one.
    async fn think<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HostError> {
        let _slot = self.scheduler.slot(Priority::Hint).await;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| HostError::internal("background work failed", e))
    }

    async fn off_runtime<T: Send + 'static>(
        slots: &Arc<Semaphore>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HostError> {
        let _slot = Arc::clone(slots)
            .acquire_owned()
            .await
            .map_err(|e| HostError::internal("the work queue is closed", e))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| HostError::internal("background work failed", e))
    }

    /// The rules card, with this host's time limit.
    pub fn rules(&self) -> Reply {
        Reply::private(Msg::Rules {
            move_time: DEFAULT_MOVE_TIME,
        })
    }

    /// How to play with this bot.
    pub fn help(&self) -> Reply {
        Reply::private(Msg::Help {
            move_time: DEFAULT_MOVE_TIME,
        })
    }
}

/// What a finished game did to the ratings: the changes, or, for a rated game between two
/// people that ended before both had moved, that it was not rated and why.
fn rating_note(row: &GameRow, ratings: Vec<RatingChange>) -> Option<Msg> {
    if !ratings.is_empty() {
        return Some(Msg::RatingChanges(ratings));
    }
    let people = row.white_id.is_some() && row.black_id.is_some();
    (row.rated && people && row.status == GameStatus::Finished).then_some(Msg::NotRatedTooShort)
}

/// The players of a stored game.
pub(crate) fn players(row: &GameRow) -> Players {
    let of = |id: Option<UserId>| match (id, row.ai_level) {
        (Some(u), _) => Player::User(u),
        (None, Some(level)) => Player::Ai(level),
        // A game always has its people stored; the AI is the only one without an id.
        (None, None) => Player::Ai(dama_play::ai::Level::Medium),
    };
    Players {
        white: of(row.white_id),
        black: of(row.black_id),
    }
}

fn color_of(row: &GameRow, user: UserId) -> Option<Color> {
    if row.white_id == Some(user) {
        Some(Color::White)
    } else if row.black_id == Some(user) {
        Some(Color::Black)
    } else {
        None
    }
}

fn player_of(row: &GameRow, color: Color) -> Option<UserId> {
    match color {
        Color::White => row.white_id,
        Color::Black => row.black_id,
    }
}

/// Runs a request again while it loses races with moves ([`Refusal::ChangedMeanwhile`]), for wishes
/// that stand whatever the position (resigning, aborting, a puzzle try): each run decides anew on what it
/// reads, so exactly one of the move and the ending is written, in that order.
async fn again_if_stale<F, Fut>(mut request: F) -> HostResult
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = HostResult>,
{
    for _ in 0..4 {
        match request().await {
            Err(HostError::Refused(Refusal::ChangedMeanwhile)) => continue,
            answer => return answer,
        }
    }
    request().await
}
