//! The database: sqlx over SQLite (the embedded default) or PostgreSQL (for several processes
//! sharing one store), through sqlx's `Any` driver, so one set of queries serves both: they are
//! written in the SQL both dialects share, with `$N` parameters. Schemas in
//! `migrations/sqlite/` and `migrations/postgres/` (kept equivalent; never edited once landed).
//!
//! Every state change is one write transaction, and writers take turns: on SQLite through
//! `BEGIN IMMEDIATE`; on PostgreSQL through a transaction-scoped advisory lock, which holds
//! across processes. On top of that every write names what it expects to find (a game's
//! version, an open challenge), and the keys refuse a second ply, a second running game in a
//! channel, a second rating row of a game.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Mutex;

mod blocks;
mod changes;
mod clocks;
mod game_channels;
mod languages;
mod mined;
mod network;
mod play_links;
mod puzzles;
mod ratings;
mod rematches;
mod seeks;
mod sqlite;
mod tournament_rows;
mod tournaments;
mod tx;
mod types;
mod web;
mod work;
mod write;
mod yes_no;
pub use blocks::{block, unblock};
pub use changes::Change;
pub use clocks::{beat, give_back_outage, stop_clocks};
use dama_model::{
    ChallengeId, ChallengeStatus, ChannelId, ColorChoice, GameId, GameStatus, GuildId, MessageId,
    TournamentId, TournamentStatus, UserId,
};
pub use game_channels::*;
pub use languages::{LanguageChoices, LanguageOwner, set_language};
pub use mined::{MinedRow, NewMined, record_mined};
pub use network::*;
pub use play_links::{open_session, set_play_link, trade_play_link};
pub use puzzles::*;
pub use ratings::{rate, rating_in, record_rating};
pub use rematches::{open_rematch, rematch_offers_since, rematch_played};
pub use seeks::*;
pub use tournament_rows::*;
pub use tournaments::*;
pub use tx::{StoreStats, Tx};
pub use types::{Int, IntColumn, MaybeInt, MaybeWord, Stored, TextColumn, Word};
pub use web::{PublicRatedGame, PublicServer, is_web_key, save_analysis, set_public};
pub use work::*;
pub use write::*;

use dama_model::{Millis, UnixMs};
use dama_play::ai::Level;
use dama_play::clock::{Clocks, SpeedClass, TimeControl};
use dama_rules::{Color, GameResult, Reason};
use yes_no::YesNo;

use sqlite::{checkpoints, is_read_only, migrate_sqlite, open_sqlite};

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

/// Which database a store speaks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file: one process.
    Sqlite,
    /// A PostgreSQL database: one process or several.
    Postgres,
}

/// The advisory lock every PostgreSQL write transaction holds ("dama" in ASCII).
const WRITE_LOCK: i64 = 0x6461_6d61;

/// A database failure; shown to players only as an apology.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A query failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// The system's random source failed (a new game's web key comes from it).
    #[error("the system's random source: {0}")]
    Random(#[from] getrandom::Error),
    /// A migration could not run.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// `DATABASE_URL` is empty.
    #[error(
        "DATABASE_URL is empty: set it to sqlite://FILE (the default is sqlite://dama.db) or postgres://USER@HOST/DATABASE"
    )]
    EmptyUrl,
    /// An in-memory SQLite database, which would lose every game.
    #[error(
        "DATABASE_URL={0} is an in-memory database, which would lose every game (and each connection would see a different one): use a file, such as sqlite://dama.db"
    )]
    InMemory(String),
    /// A database other than SQLite or PostgreSQL.
    #[error(
        "DATABASE_URL={0}: games are stored in SQLite or PostgreSQL only; use sqlite://FILE or postgres://USER@HOST/DATABASE"
    )]
    Unsupported(String),
    /// A SQLite file the bot cannot write.
    #[error(
        "the database {0} is read-only, and the bot must write its games: give it a file it can write"
    )]
    ReadOnly(String),
    /// A file that is not a SQLite database, and why it is not.
    #[error(
        "DATABASE_URL names {0}, which is not a SQLite database ({1}); nothing was changed: point DATABASE_URL at the bot's database, or at a new file name to start one"
    )]
    NotADatabase(String, &'static str),
    /// Another process has this SQLite file open (its process id, when it wrote one).
    #[error(
        "the database {0} is in use by another process{pid}: SQLite serves one process, so stop that one first, or use PostgreSQL to run several",
        pid = .1.map(|p| format!(" (pid {p})")).unwrap_or_default()
    )]
    InUse(String, Option<u32>),
    /// The lock file beside a SQLite database could not be written.
    #[error(
        "could not write {0}, which marks the database as in use ({1}): the bot needs to write beside its database"
    )]
    Unclaimed(String, #[source] std::io::Error),
    /// A unique key refused the write: the channel already has a running game.
    #[error("the channel already has a running game")]
    ChannelBusy,
}

/// What a store operation returns.
pub type Result<T> = std::result::Result<T, StoreError>;

/// A game as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GameRow {
    /// The game.
    #[sqlx(try_from = "Int<GameId>")]
    pub id: GameId,
    /// The server it is played in (`None`: a direct message or the console).
    #[sqlx(try_from = "MaybeInt<GuildId>")]
    pub guild_id: Option<GuildId>,
    /// The channel or thread it is played in.
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// `None`: the AI plays this colour.
    #[sqlx(try_from = "MaybeInt<UserId>")]
    pub white_id: Option<UserId>,
    /// `None`: the AI plays this color.
    #[sqlx(try_from = "MaybeInt<UserId>")]
    pub black_id: Option<UserId>,
    /// The AI's level, in a game against the AI.
    #[sqlx(try_from = "MaybeWord<Level>")]
    pub ai_level: Option<Level>,
    /// Ratings change at its end.
    #[sqlx(try_from = "YesNo")]
    pub rated: bool,
    /// The position it started from (FEN).
    pub start_fen: String,
    /// The position now (FEN).
    pub fen: String,
    /// Plies played.
    pub ply: i64,
    /// Bumped with every change to the moves (see `migrations/0002_game_version.sql`).
    pub version: i64,
    /// Running or finished.
    #[sqlx(try_from = "Word<GameStatus>")]
    pub status: GameStatus,
    /// The result, once finished.
    #[sqlx(try_from = "MaybeWord<GameResult>")]
    pub result: Option<GameResult>,
    /// Why it ended, once finished.
    #[sqlx(try_from = "MaybeWord<Reason>")]
    pub reason: Option<Reason>,
    /// The side that offered a draw at this version.
    #[sqlx(try_from = "MaybeInt<Color>")]
    pub draw_offer: Option<Color>,
    /// The side that asked for a takeback at this version.
    #[sqlx(try_from = "MaybeInt<Color>")]
    pub takeback_offer: Option<Color>,
    /// Correspondence: when the side to move is reminded.
    #[sqlx(rename = "warn_at_ms", try_from = "Int<UnixMs>")]
    pub warn_at: UnixMs,
    /// Correspondence: when the side to move's time is up.
    #[sqlx(rename = "deadline_ms", try_from = "Int<UnixMs>")]
    pub deadline: UnixMs,
    /// The side to move was reminded (correspondence).
    #[sqlx(try_from = "YesNo")]
    pub warned: bool,
    /// The message showing the board, once posted.
    #[sqlx(try_from = "MaybeInt<MessageId>")]
    pub board_message_id: Option<MessageId>,
    /// When it was made.
    #[sqlx(rename = "created_at_ms", try_from = "Int<UnixMs>")]
    pub created_at: UnixMs,
    /// When it last changed.
    #[sqlx(rename = "updated_at_ms", try_from = "Int<UnixMs>")]
    pub updated_at: UnixMs,
    /// Its players were told that its record cannot be read (see the sweep).
    #[sqlx(try_from = "YesNo")]
    pub broken: bool,
    /// The time control.
    #[sqlx(try_from = "Word<TimeControl>")]
    pub time_control: TimeControl,
    /// Its speed class, for the ratings.
    #[sqlx(try_from = "Word<SpeedClass>")]
    pub speed: SpeedClass,
    /// Live games: each side's time left when its turn began.
    #[sqlx(rename = "white_ms", try_from = "MaybeInt<Millis>")]
    pub white_left: Option<Millis>,
    /// Black's time left when its turn began (live games).
    #[sqlx(rename = "black_ms", try_from = "MaybeInt<Millis>")]
    pub black_left: Option<Millis>,
    /// When the side to move's turn began.
    #[sqlx(rename = "turn_began_ms", try_from = "Int<UnixMs>")]
    pub turn_began: UnixMs,
    /// Live games: when the side to move's time is up.
    #[sqlx(rename = "flag_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub flag_at: Option<UnixMs>,
    /// Arena games: which sides went berserk (bits: 1 White, 2 Black); `None` where nobody may.
    pub berserk: Option<i64>,
    /// Live games: each side's time for its first move (`None`: the usual).
    #[sqlx(rename = "first_move_ms", try_from = "MaybeInt<Millis>")]
    pub first_move: Option<Millis>,
    /// The tournament it is played for.
    #[sqlx(try_from = "MaybeInt<TournamentId>")]
    pub tournament_id: Option<TournamentId>,
    /// The key of its web page's link (see `migrations/sqlite/0013_web.sql`).
    pub web_key: Option<String>,
    /// The version the channel was last shown (see `migrations/sqlite/0018_posted.sql`): where
    /// it is behind [`GameRow::version`], the game is owed a post.
    pub posted_version: i64,
    /// The ply the channel's last board of it showed.
    pub posted_ply: i64,
}

impl GameRow {
    /// A tournament game lost by forfeit: the side that never made its first move.
    pub fn forfeited_by(&self) -> Option<dama_rules::Color> {
        let forfeit = self.status == GameStatus::Aborted
            && self.reason == Some(Reason::Timeout)
            && self.tournament_id.is_some();
        let absent = if self.ply % 2 == 0 {
            dama_rules::Color::White
        } else {
            dama_rules::Color::Black
        };
        forfeit.then_some(absent)
    }

    /// The game's clocks as stored.
    pub fn clocks(&self) -> Clocks {
        Clocks {
            control: self.time_control,
            left: [
                self.white_left.unwrap_or_default(),
                self.black_left.unwrap_or_default(),
            ],
            turn_began: self.turn_began,
            berserk: self
                .berserk
                .map_or([false; 2], |b| [b & 1 != 0, b & 2 != 0]),
            first_move: self.first_move.unwrap_or(dama_play::clock::FIRST_MOVE),
        }
    }
}

/// A challenge as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChallengeRow {
    /// The challenge.
    #[sqlx(try_from = "Int<ChallengeId>")]
    pub id: ChallengeId,
    /// The server it was made in.
    #[sqlx(try_from = "MaybeInt<GuildId>")]
    pub guild_id: Option<GuildId>,
    /// The channel it was made in.
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// The player who challenged.
    #[sqlx(try_from = "Int<UserId>")]
    pub challenger_id: UserId,
    /// The player challenged; `None` for an open challenge until someone takes it.
    #[sqlx(try_from = "MaybeInt<UserId>")]
    pub challenged_id: Option<UserId>,
    /// The color the challenger asked for.
    #[sqlx(try_from = "Word<ColorChoice>")]
    pub color: ColorChoice,
    /// The game would be rated.
    #[sqlx(try_from = "YesNo")]
    pub rated: bool,
    /// The game would be played in a thread of its own.
    #[sqlx(try_from = "YesNo")]
    pub thread: bool,
    /// Open, accepted, declined, withdrawn or expired.
    #[sqlx(try_from = "Word<ChallengeStatus>")]
    pub status: ChallengeStatus,
    /// When it expires unanswered.
    #[sqlx(rename = "expires_at_ms", try_from = "Int<UnixMs>")]
    pub expires_at: UnixMs,
    /// When it was made.
    #[sqlx(rename = "created_at_ms", try_from = "Int<UnixMs>")]
    pub created_at: UnixMs,
    /// The message that shows it, once posted.
    #[sqlx(try_from = "MaybeInt<MessageId>")]
    pub message_id: Option<MessageId>,
    /// The game's time control.
    #[sqlx(try_from = "Word<TimeControl>")]
    pub time_control: TimeControl,
    /// The finished game it offers to play again, colours swapped: a rematch offer.
    #[sqlx(try_from = "MaybeInt<GameId>")]
    pub rematch_of: Option<GameId>,
}

/// A player's name and their rating in one speed class (see [`Store::rating`]).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PlayerRow {
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// Their name when last seen.
    pub name: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation.
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
    /// Rated games lost.
    pub losses: i64,
    /// Rated games drawn.
    pub draws: i64,
}

impl PlayerRow {
    /// A player with no rated game in a class: Glicko-2's starting values.
    pub fn unrated(user_id: UserId, name: String) -> PlayerRow {
        PlayerRow {
            user_id,
            name,
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }
}

/// A game to create.
pub struct NewGame<'a> {
    /// The server (`None`: a direct message or the console).
    pub guild_id: Option<GuildId>,
    /// The channel or thread.
    pub channel_id: ChannelId,
    /// White (`None`: the AI).
    pub white_id: Option<UserId>,
    /// Black (`None`: the AI).
    pub black_id: Option<UserId>,
    /// The AI's level, in a game against the AI.
    pub ai_level: Option<Level>,
    /// Ratings change at its end.
    pub rated: bool,
    /// The starting position (FEN).
    pub start_fen: &'a str,
    /// Correspondence: when the side to move is reminded.
    pub warn_at: UnixMs,
    /// Correspondence: when the side to move's time is up.
    pub deadline: UnixMs,
    /// The moment it is made.
    pub now: UnixMs,
    /// The clocks at the start (`turn_began`: now).
    pub clocks: Clocks,
    /// Live games: when White's first move is due.
    pub flag_at: Option<UnixMs>,
    /// The tournament it is played for.
    pub tournament_id: Option<TournamentId>,
}

/// The database: SQLite or PostgreSQL, behind one pool.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// SQLite only (see [`Tx`]).
    writer: Arc<Mutex<()>>,
    stats: Arc<StoreStats>,
    hub: Arc<changes::Hub>,
    /// SQLite opened by [`Store::open_alone`]: the file is this process's while it lives.
    _claim: Option<Arc<sqlite::FileClaim>>,
}

impl Store {
    /// Opens (creating if needed) and migrates the database at `url`: `sqlite://dama.db` or
    /// `postgres://user@host/database`. URLs that could not keep games (empty, in memory,
    /// another database) and files the bot cannot write are refused with a sentence saying
    /// what to do.
    pub async fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = check_url(url)?;
        Self::open_checked(url, backend, None).await
    }

    /// [`Store::open`] for a process that serves players (the bot, the console): a SQLite file
    /// is claimed first, and one another process has claimed is refused
    /// ([`StoreError::InUse`]). PostgreSQL is shared by design and claims nothing.
    pub async fn open_alone(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = check_url(url)?;
        let claim = match backend {
            Backend::Sqlite => Some(Arc::new(sqlite::claim_sqlite_file(url)?)),
            Backend::Postgres => None,
        };
        Self::open_checked(url, backend, claim).await
    }

    async fn open_checked(
        url: &str,
        backend: Backend,
        claim: Option<Arc<sqlite::FileClaim>>,
    ) -> Result<Store> {
        let pool = match backend {
            Backend::Sqlite => open_sqlite(url).await?,
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(Duration::from_secs(5))
                    .connect(url.trim())
                    .await?
            }
        };
        let store = Store {
            pool,
            backend,
            writer: Arc::new(Mutex::new(())),
            stats: Arc::default(),
            hub: changes::Hub::new(),
            _claim: claim,
        };
        match backend {
            Backend::Sqlite => {
                migrate_sqlite(&store.pool).await.map_err(|e| match e {
                    StoreError::Sql(sqlx::Error::Database(d)) if is_read_only(d.as_ref()) => {
                        StoreError::ReadOnly(url.to_string())
                    }
                    StoreError::Migrate(sqlx::migrate::MigrateError::Execute(
                        sqlx::Error::Database(d),
                    )) if is_read_only(d.as_ref()) => StoreError::ReadOnly(url.to_string()),
                    other => other,
                })?;
                tokio::spawn(checkpoints(store.pool.clone()));
            }
            // The migrator holds an advisory lock while it runs: processes starting together
            // take turns.
            Backend::Postgres => {
                sqlx::migrate!("../../migrations/postgres")
                    .run(&store.pool)
                    .await?;
                store.hub.listen(url.trim());
            }
        }
        Ok(store)
    }

    /// What is committed from now on, in this process and (PostgreSQL) the others, as it is
    /// committed; [`Change::Resync`] where some may have been missed.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<Change> {
        self.hub.subscribe()
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection (on SQLite the WAL is checkpointed).
    pub async fn close(&self) {
        self.hub.stop();
        self.pool.close().await;
    }

    /// Starts a write transaction, taking the write lock at once.
    pub async fn write(&self) -> Result<Tx> {
        let began = std::time::Instant::now();
        let (inner, turn) = match self.backend {
            Backend::Sqlite => {
                let turn = Arc::clone(&self.writer).lock_owned().await;
                (self.pool.begin_with("BEGIN IMMEDIATE").await?, Some(turn))
            }
            Backend::Postgres => {
                let mut inner = self.pool.begin().await?;
                sqlx::query("SELECT 1 FROM pg_advisory_xact_lock($1)")
                    .bind(WRITE_LOCK)
                    .execute(&mut *inner)
                    .await?;
                (inner, None)
            }
        };
        Ok(Tx {
            inner,
            _turn: turn,
            stats: Arc::clone(&self.stats),
            began,
            games: 0,
            moves: 0,
            changes: Vec::new(),
            hub: Arc::clone(&self.hub),
            backend: self.backend,
        })
    }

    /// What this process's store has written since it started.
    pub fn stats(&self) -> &StoreStats {
        &self.stats
    }

    /// The running game of a channel (its own, or its second), if any.
    pub async fn running_game(&self, channel: ChannelId) -> Result<Option<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE status = 'running'
                   AND (channel_id = $1
                        OR id IN (SELECT game_id FROM game_channels WHERE channel_id = $1))",
        )
        .bind(Int(channel))
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The channel's running game, or else its most recent one.
    pub async fn latest_game(&self, channel: ChannelId) -> Result<Option<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games
             WHERE channel_id = $1 OR id IN (SELECT game_id FROM game_channels WHERE channel_id = $1)
             ORDER BY status = 'running' DESC, id DESC LIMIT 1",
        )
        .bind(Int(channel))
        .fetch_optional(&self.pool)
        .await?)
    }

    /// A game by its id.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>> {
        Ok(sqlx::query_as("SELECT * FROM games WHERE id = $1")
            .bind(Int(id))
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The moves of a game in order, as written.
    pub async fn moves(&self, game: GameId) -> Result<Vec<String>> {
        Ok(
            sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(Int(game))
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// A challenge by its id.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>> {
        Ok(sqlx::query_as("SELECT * FROM challenges WHERE id = $1")
            .bind(Int(id))
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The open challenge made by `user` in `channel`, if any.
    pub async fn open_challenge_by(
        &self,
        user: UserId,
        channel: ChannelId,
    ) -> Result<Option<ChallengeRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM challenges WHERE challenger_id = $1 AND channel_id = $2 AND status = 'open' ORDER BY id DESC LIMIT 1",
        )
        .bind(Int(user))
        .bind(Int(channel))
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Whether the bot has met `user` in a game, a challenge or a tournament (their ratings
    /// are read per speed class, from [`Store::rating`]).
    pub async fn is_player(&self, user: UserId) -> Result<bool> {
        let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM players WHERE user_id = $1")
            .bind(Int(user))
            .fetch_optional(&self.pool)
            .await?;
        Ok(found.is_some())
    }

    /// Every player's last used name (for a front end that writes names, not mentions).
    pub async fn player_names(&self) -> Result<Vec<(UserId, String)>> {
        Ok(
            sqlx::query_as("SELECT user_id, name FROM players WHERE name <> ''")
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|(Int(user), name)| (user, name))
                .collect(),
        )
    }

    /// A player's finished games, newest first.
    pub async fn recent_games(&self, user: UserId, limit: i64) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE (white_id = $1 OR black_id = $1) AND status = 'finished'
             ORDER BY updated_at_ms DESC, id DESC LIMIT $2",
        )
        .bind(Int(user))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Running games against the AI (for resuming the AI's turn at start).
    pub async fn running_ai_games(&self) -> Result<Vec<GameRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM games WHERE status = 'running' AND ai_level IS NOT NULL")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Running games whose warning or deadline has come.
    pub async fn games_due(&self, now: UnixMs) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE status = 'running' AND (deadline_ms <= $1 OR (warn_at_ms <= $1 AND NOT warned))",
        )
        .bind(Int(now))
        .fetch_all(&self.pool)
        .await?)
    }

    /// The games whose AI turn a process is thinking about (its claim runs at `now`).
    pub async fn ai_turns_claimed(&self, now: UnixMs) -> Result<Vec<GameId>> {
        Ok(
            sqlx::query_scalar("SELECT game_id FROM ai_claims WHERE expires_at_ms > $1")
                .bind(Int(now))
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|Int(game)| game)
                .collect(),
        )
    }

    /// Open challenges whose time ran out by `now`.
    pub async fn expired_challenges(&self, now: UnixMs) -> Result<Vec<ChallengeRow>> {
        Ok(
            sqlx::query_as(
                "SELECT * FROM challenges WHERE status = 'open' AND expires_at_ms <= $1",
            )
            .bind(Int(now))
            .fetch_all(&self.pool)
            .await?,
        )
    }
}

/// The URL as it may be shown or logged: a password in it is replaced by `***`.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) if user.contains(':') => {
            let name = user.split_once(':').map_or(user, |(n, _)| n);
            format!("{scheme}://{name}:***@{host}")
        }
        _ => url.to_string(),
    }
}

/// Refuses a URL that cannot hold games for good; else says which database it names.
fn check_url(url: &str) -> Result<Backend> {
    let url = url.trim();
    if url.is_empty() {
        return Err(StoreError::EmptyUrl);
    }
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok(Backend::Postgres);
    }
    let Some(rest) = url.strip_prefix("sqlite:") else {
        return Err(StoreError::Unsupported(without_password(url)));
    };
    let (file, query) = rest.split_once('?').unwrap_or((rest, ""));
    let file = file.trim_start_matches("//");
    if file.is_empty() || file == ":memory:" || query.split('&').any(|kv| kv == "mode=memory") {
        return Err(StoreError::InMemory(url.to_string()));
    }
    Ok(Backend::Sqlite)
}

/// Whether an error is the unique key `index` (on `table.column`) refusing a second row.
/// PostgreSQL names the index it enforced; SQLite names the table and column instead.
pub(crate) fn violates(e: &StoreError, index: &str, table_column: &str) -> bool {
    match e {
        StoreError::Sql(sqlx::Error::Database(d)) if d.is_unique_violation() => {
            d.constraint() == Some(index)
                || (d.constraint().is_none() && d.message().contains(table_column))
        }
        _ => false,
    }
}

impl Store {
    /// How many open challenges `user` has made.
    pub async fn open_challenges_by(&self, user: UserId, now: UnixMs) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM challenges WHERE challenger_id = $1 AND status = 'open' AND expires_at_ms > $2",
        )
        .bind(Int(user))
        .bind(Int(now))
        .fetch_one(&self.pool)
        .await?)
    }

    /// How many running games `user` plays against the AI.
    pub async fn running_ai_games_of(&self, user: UserId) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status = 'running' AND ai_level IS NOT NULL
                                        AND (white_id = $1 OR black_id = $1)",
        )
        .bind(Int(user))
        .fetch_one(&self.pool)
        .await?)
    }
}

/// Remembers that a broken game was reported; `false` if it already was.
pub async fn mark_broken(tx: &mut Tx, game: GameId) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE games SET broken = TRUE WHERE id = $1 AND status = 'running' AND NOT broken",
    )
    .bind(Int(game))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// A rating after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingPoint {
    /// The game after which the rating was this.
    #[sqlx(try_from = "Int<GameId>")]
    pub game_id: GameId,
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// When the game ended.
    #[sqlx(rename = "played_at_ms", try_from = "Int<UnixMs>")]
    pub played_at: UnixMs,
}

impl Store {
    /// Whether any rating history is stored.
    pub async fn has_rating_history(&self) -> Result<bool> {
        Ok(
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM rating_history LIMIT 1")
                .fetch_one(&self.pool)
                .await?
                > 0,
        )
    }

    /// Every finished rated game between two people, in the order they ended.
    pub async fn rated_games(&self) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE status = 'finished' AND rated
               AND white_id IS NOT NULL AND black_id IS NOT NULL AND ply >= 2
             ORDER BY updated_at_ms, id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's finished games (any kind), newest first.
    pub async fn finished_games_of(&self, user: UserId) -> Result<Vec<GameRow>> {
        self.recent_games(user, i64::MAX).await
    }
}
