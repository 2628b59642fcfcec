//! The game host: challenges, one game per channel, turns, the AI's turns, draws, takebacks,
//! resignations, time-outs, ratings, leaderboards, PDN and replays. It knows nothing of
//! Discord: it takes who, where and what, and returns [`Reply`]s. Discord and the console are
//! two front ends over these operations.

mod error;
mod reply;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use tokio::sync::Semaphore;

use crate::ai::{Level, Limits, Player};
use crate::engine::{Color, Game, GameResult, Move, Outcome, Position, Reason, fen, pdn};
use crate::render::{LastMove, Renderer, Scene};
use crate::store::{self, ChallengeRow, GameRow, Offer, Store};

pub use error::HostError;
pub use reply::{Button, ButtonStyle, File, Notice, Reply};

pub type HostResult = Result<Reply, HostError>;

/// Who is asking, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub user: u64,
    /// A display name, kept for leaderboards and PDN headers.
    pub name: String,
    /// The channel or thread.
    pub channel: u64,
    pub guild: Option<u64>,
}

/// Which colour the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }
}

/// Leaderboard scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Server,
    Global,
}

#[derive(Clone, Debug)]
pub struct HostConfig {
    /// A player who has not moved for this long loses on time.
    pub inactivity: Duration,
    /// They are warned this long before.
    pub warning: Duration,
    /// An unanswered challenge lapses after this long.
    pub challenge_ttl: Duration,
    /// AI searches and hints running at once.
    pub ai_concurrency: usize,
    /// The search behind a hint.
    pub hint_limits: Limits,
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            inactivity: Duration::from_secs(72 * 3600),
            warning: Duration::from_secs(24 * 3600),
            challenge_ttl: Duration::from_secs(600),
            ai_concurrency: 2,
            hint_limits: Limits::depth(8),
        }
    }
}

/// The time, in seconds since the epoch; tests move it by hand.
#[derive(Clone, Debug, Default)]
pub struct Clock(Option<Arc<AtomicI64>>);

impl Clock {
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands at `now` until [`Clock::advance`] moves it.
    pub fn manual(now: i64) -> Clock {
        Clock(Some(Arc::new(AtomicI64::new(now))))
    }

    pub fn now(&self) -> i64 {
        match &self.0 {
            Some(t) => t.load(Ordering::Relaxed),
            None => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64),
        }
    }

    pub fn advance(&self, by: Duration) {
        if let Some(t) = &self.0 {
            t.fetch_add(by.as_secs() as i64, Ordering::Relaxed);
        }
    }
}

pub struct Host {
    store: Store,
    renderer: Arc<Renderer>,
    ai_slots: Arc<Semaphore>,
    config: HostConfig,
    clock: Clock,
    /// Engine state of recent games with the version it was read at; used only while the
    /// stored version is the same (another process may have changed the game).
    games: Mutex<HashMap<i64, (i64, Game)>>,
}

fn user_id(u: u64) -> i64 {
    u as i64
}

fn mention(id: i64) -> String {
    format!("<@{}>", id as u64)
}

impl Host {
    pub fn new(store: Store, renderer: Arc<Renderer>, config: HostConfig, clock: Clock) -> Host {
        Host {
            store,
            renderer,
            ai_slots: Arc::new(Semaphore::new(config.ai_concurrency.max(1))),
            config,
            clock,
            games: Mutex::new(HashMap::new()),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    // ----- challenges -----

    /// Challenges `opponent` to a game in this channel (or, with `thread`, in a new thread).
    pub async fn challenge(
        &self,
        who: &Who,
        opponent: u64,
        color: ColorChoice,
        rated: bool,
        thread: bool,
    ) -> HostResult {
        if opponent == who.user {
            return Err(HostError::SelfChallenge);
        }
        if !thread
            && self
                .store
                .running_game(user_id(who.channel))
                .await?
                .is_some()
        {
            return Err(HostError::ChannelBusy);
        }
        let now = self.clock.now();
        let row = ChallengeRow {
            id: 0,
            guild_id: who.guild.map(user_id),
            channel_id: user_id(who.channel),
            challenger_id: user_id(who.user),
            challenged_id: user_id(opponent),
            color: color.as_str().to_string(),
            rated,
            thread,
            status: "open".into(),
            expires_at: now + self.config.challenge_ttl.as_secs() as i64,
            created_at: now,
        };
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, user_id(who.user), &who.name).await?;
        let id = store::insert_challenge(&mut tx, &row).await?;
        tx.commit().await?;
        let minutes = self.config.challenge_ttl.as_secs() / 60;
        let colour = match color {
            ColorChoice::Random => "colours drawn at random".to_string(),
            c => format!("{} plays {}", mention(row.challenger_id), c.as_str()),
        };
        Ok(Reply {
            text: format!(
                "{} challenges {} to a {} game of Dama ({colour}). Accept within {minutes} minutes.",
                mention(row.challenger_id),
                mention(row.challenged_id),
                if rated { "rated" } else { "casual" },
            ),
            buttons: vec![
                Button {
                    id: format!("challenge:{id}:accept"),
                    label: "Accept",
                    style: ButtonStyle::Success,
                    disabled: false,
                },
                Button {
                    id: format!("challenge:{id}:decline"),
                    label: "Decline",
                    style: ButtonStyle::Danger,
                    disabled: false,
                },
            ],
            mentions: vec![opponent],
            ..Reply::default()
        })
    }

    /// The challenged player accepts (`game_channel`: the thread opened for the game, if one
    /// was asked for) or declines; the challenger may withdraw by declining.
    pub async fn answer_challenge(
        &self,
        who: &Who,
        challenge: i64,
        accept: bool,
        game_channel: Option<u64>,
    ) -> HostResult {
        let c = self
            .store
            .challenge(challenge)
            .await?
            .ok_or(HostError::NoChallenge)?;
        if c.status != "open" {
            return Err(HostError::ChallengeClosed(c.status));
        }
        let now = self.clock.now();
        if now >= c.expires_at {
            let mut tx = self.store.write().await?;
            store::close_challenge(&mut tx, c.id, "expired").await?;
            tx.commit().await?;
            return Err(HostError::ChallengeExpired);
        }
        let me = user_id(who.user);
        if !accept {
            if me != c.challenged_id && me != c.challenger_id {
                return Err(HostError::NotYourChallenge);
            }
            let status = if me == c.challenger_id {
                "cancelled"
            } else {
                "declined"
            };
            let mut tx = self.store.write().await?;
            if !store::close_challenge(&mut tx, c.id, status).await? {
                return Err(HostError::Stale);
            }
            tx.commit().await?;
            return Ok(Reply {
                text: format!("{} {status} the challenge.", mention(me)),
                mentions: vec![c.challenger_id as u64],
                ..Reply::default()
            });
        }
        if me != c.challenged_id {
            return Err(HostError::NotYourChallenge);
        }
        let challenger_white = match c.color.as_str() {
            "white" => true,
            "black" => false,
            _ => coin(c.id ^ now),
        };
        let (white, black) = if challenger_white {
            (c.challenger_id, c.challenged_id)
        } else {
            (c.challenged_id, c.challenger_id)
        };
        let channel = game_channel.map_or(c.channel_id, user_id);
        let mut tx = self.store.write().await?;
        if !store::close_challenge(&mut tx, c.id, "accepted").await? {
            return Err(HostError::Stale);
        }
        store::ensure_player(&mut tx, me, &who.name).await?;
        let id = self
            .insert_game(
                &mut tx,
                c.guild_id,
                channel,
                Some(white),
                Some(black),
                None,
                c.rated,
            )
            .await?;
        tx.commit().await?;
        let row = self.game_row(id).await?;
        let game = Game::default();
        let mut reply = self.board_reply(&row, &game, None);
        reply.text = format!(
            "Game on! {} plays White, {} plays Black. {}",
            mention(white),
            mention(black),
            reply.text
        );
        Ok(reply)
    }

    /// Withdraws the asker's open challenge in this channel.
    pub async fn cancel_challenge(&self, who: &Who) -> HostResult {
        let c = self
            .store
            .open_challenge_by(user_id(who.user), user_id(who.channel))
            .await?
            .ok_or(HostError::NoOpenChallenge)?;
        self.answer_challenge(who, c.id, false, None).await
    }

    // ----- games -----

    /// Starts a game against the AI at `level`, the asker playing `color`.
    pub async fn play_ai(&self, who: &Who, level: Level, color: Color) -> HostResult {
        let me = user_id(who.user);
        let (white, black) = match color {
            Color::White => (Some(me), None),
            Color::Black => (None, Some(me)),
        };
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, me, &who.name).await?;
        let id = self
            .insert_game(
                &mut tx,
                who.guild.map(user_id),
                user_id(who.channel),
                white,
                black,
                Some(level.name()),
                false,
            )
            .await?;
        tx.commit().await?;
        let row = self.game_row(id).await?;
        let game = Game::default();
        let mut reply = self.board_reply(&row, &game, None);
        reply.text = format!("A game against the AI ({level}). {}", reply.text);
        Ok(reply)
    }

    #[allow(clippy::too_many_arguments)]
    async fn insert_game(
        &self,
        tx: &mut store::Tx,
        guild: Option<i64>,
        channel: i64,
        white: Option<i64>,
        black: Option<i64>,
        ai: Option<&str>,
        rated: bool,
    ) -> Result<i64, HostError> {
        let now = self.clock.now();
        let start = fen::write(&Position::start());
        let (warn_at, deadline) = self.deadlines(now);
        store::insert_game(
            tx,
            store::NewGame {
                guild_id: guild,
                channel_id: channel,
                white_id: white,
                black_id: black,
                ai_level: ai,
                rated,
                start_fen: &start,
                warn_at,
                deadline,
                now,
            },
        )
        .await
        .map_err(|e| match e {
            store::StoreError::Sql(sqlx::Error::Database(d)) if d.is_unique_violation() => {
                HostError::ChannelBusy
            }
            other => other.into(),
        })
    }

    fn deadlines(&self, now: i64) -> (i64, i64) {
        let deadline = now + self.config.inactivity.as_secs() as i64;
        let warn_at = deadline - self.config.warning.as_secs() as i64;
        (warn_at.max(now), deadline)
    }

    async fn game_row(&self, id: i64) -> Result<GameRow, HostError> {
        self.store
            .game(id)
            .await?
            .ok_or_else(|| HostError::internal("a game row vanished", id))
    }

    /// The channel's running game, or else its last one.
    async fn latest(&self, who: &Who) -> Result<GameRow, HostError> {
        self.store
            .latest_game(user_id(who.channel))
            .await?
            .ok_or(HostError::NoGameYet)
    }

    async fn running(&self, who: &Who) -> Result<GameRow, HostError> {
        self.store
            .running_game(user_id(who.channel))
            .await?
            .ok_or(HostError::NoGame)
    }

    /// The engine state of a stored game: from memory when it is current, else replayed.
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
        let start = fen::parse(&row.start_fen)
            .map_err(|e| HostError::internal("a stored start position is unreadable", e))?;
        let mut game = Game::new(start);
        for (i, text) in self.store.moves(row.id).await?.iter().enumerate() {
            game.play_text(text).map_err(|e| {
                HostError::internal(
                    &format!("stored move {} of game {} is unplayable", i + 1, row.id),
                    e,
                )
            })?;
        }
        // The moves and the row are read apart: a change in between shows here.
        if game.ply_count() as i64 != row.ply || fen::write(game.position()) != row.fen {
            return Err(HostError::Stale);
        }
        self.remember(row.id, row.version, &game);
        Ok(game)
    }

    fn remember(&self, id: i64, version: i64, game: &Game) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if games.len() > 10_000 {
            games.clear();
        }
        games.insert(id, (version, game.clone()));
    }

    fn color_of(row: &GameRow, user: u64) -> Option<Color> {
        let me = Some(user_id(user));
        if row.white_id == me {
            Some(Color::White)
        } else if row.black_id == me {
            Some(Color::Black)
        } else {
            None
        }
    }

    fn player_of(row: &GameRow, color: Color) -> Option<i64> {
        match color {
            Color::White => row.white_id,
            Color::Black => row.black_id,
        }
    }

    fn name_of(row: &GameRow, color: Color) -> String {
        match Self::player_of(row, color) {
            Some(id) => mention(id),
            None => format!("the AI ({})", row.ai_level.as_deref().unwrap_or("?")),
        }
    }

    /// Plays a typed move for the asker in this channel's game.
    pub async fn play(&self, who: &Who, text: &str) -> HostResult {
        let row = self.running(who).await?;
        let color = Self::color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        let game = self.load(&row).await?;
        let side = game.position().side_to_move();
        if side != color {
            return Err(HostError::NotYourTurn(Self::name_of(&row, side)));
        }
        let mv = game.position().read_move(text).map_err(HostError::Move)?;
        self.commit_move(&row, game, mv).await
    }

    /// Plays the AI's move in game `id` if it is the AI's turn; `None` otherwise (the game
    /// ended, or moved on).
    pub async fn ai_move(&self, id: i64) -> Result<Option<Reply>, HostError> {
        let row = self.game_row(id).await?;
        if row.status != "running" {
            return Ok(None);
        }
        let Some(level) = row
            .ai_level
            .as_deref()
            .and_then(|l| l.parse::<Level>().ok())
        else {
            return Ok(None);
        };
        let game = self.load(&row).await?;
        let side = game.position().side_to_move();
        if Self::player_of(&row, side).is_some() || game.is_over() {
            return Ok(None);
        }
        let thinking = game.clone();
        let seed = row.id as u64;
        let choice = self
            .think(move || Player::level(level).with_seed(seed).choose(&thinking))
            .await?;
        let Some(result) = choice else {
            return Ok(None);
        };
        match self.commit_move(&row, game, result.best).await {
            Ok(reply) => Ok(Some(reply)),
            Err(HostError::Stale) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Runs CPU work off the async runtime, a limited number at once.
    async fn think<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, HostError> {
        let _slot = Arc::clone(&self.ai_slots)
            .acquire_owned()
            .await
            .map_err(|e| HostError::internal("the AI queue is closed", e))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| HostError::internal("an AI search failed", e))
    }

    async fn commit_move(&self, row: &GameRow, mut game: Game, mv: Move) -> HostResult {
        let before = *game.position();
        let notation = before.notation(&mv);
        game.play(mv).map_err(HostError::Move)?;
        let now = self.clock.now();
        let (warn_at, deadline) = self.deadlines(now);
        let after = fen::write(game.position());
        let mut tx = self.store.write().await?;
        let written = store::record_move(
            &mut tx,
            store::Expect::of(row),
            store::NewMove {
                notation: &notation,
                fen: &after,
                now,
                warn_at,
                deadline,
            },
        )
        .await?;
        if !written {
            return Err(HostError::Stale);
        }
        if let Some(outcome) = game.outcome() {
            self.finish(&mut tx, row, outcome, game.ply_count() as i64, now)
                .await?;
        }
        tx.commit().await?;
        self.remember(row.id, row.version + 1, &game);
        let row = self.game_row(row.id).await?;
        let mover = Self::name_of(&row, before.side_to_move());
        let mut reply = self.board_reply(&row, &game, Some((before, mv)));
        reply.text = format!("{mover} played {notation}. {}", reply.text);
        Ok(reply)
    }

    /// Ends a game inside `tx`, rating it when it counts: rated, two people, both moved.
    async fn finish(
        &self,
        tx: &mut store::Tx,
        row: &GameRow,
        outcome: Outcome,
        plies: i64,
        now: i64,
    ) -> Result<(), HostError> {
        let both_moved = plies >= 2;
        let status = if both_moved || outcome.reason != Reason::Resignation {
            "finished"
        } else {
            "aborted"
        };
        let reason = reason_name(outcome.reason);
        store::end_game(tx, row.id, status, Some(outcome.result.pdn()), reason, now).await?;
        if let (true, true, Some(w), Some(b)) = (row.rated, both_moved, row.white_id, row.black_id)
        {
            let white = store::player_in(tx, w).await?;
            let black = store::player_in(tx, b).await?;
            let (new_w, new_b) = glicko2(
                &rating_of(&white),
                &rating_of(&black),
                &match outcome.result {
                    GameResult::Win(Color::White) => Outcomes::WIN,
                    GameResult::Win(Color::Black) => Outcomes::LOSS,
                    GameResult::Draw => Outcomes::DRAW,
                },
                &Glicko2Config::new(),
            );
            let score = match outcome.result {
                GameResult::Win(Color::White) => 1.0,
                GameResult::Win(Color::Black) => 0.0,
                GameResult::Draw => 0.5,
            };
            store::rate(
                tx,
                w,
                (new_w.rating, new_w.deviation, new_w.volatility),
                score,
            )
            .await?;
            store::rate(
                tx,
                b,
                (new_b.rating, new_b.deviation, new_b.volatility),
                1.0 - score,
            )
            .await?;
        }
        Ok(())
    }

    /// Resigns the asker's game.
    pub async fn resign(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = Self::color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        let mut game = self.load(&row).await?;
        let outcome = game
            .resign(color)
            .ok_or(HostError::NotAllowed("The game is already over."))?;
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        self.finish(&mut tx, &row, outcome, row.ply, now).await?;
        tx.commit().await?;
        let row = self.game_row(row.id).await?;
        let mut reply = self.board_reply(&row, &game, game.last_move().map(|(p, m)| (*p, m)));
        reply.text = if row.status == "aborted" {
            format!(
                "{} left before both sides had moved: the game is called off and counts for nothing.",
                mention(user_id(who.user))
            )
        } else {
            format!("{} resigned. {}", mention(user_id(who.user)), reply.text)
        };
        Ok(reply)
    }

    /// Offers a draw, or accepts the opponent's offer.
    pub async fn draw(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = Self::color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        let mut game = self.load(&row).await?;
        let opponent = color.opponent();
        let accept_now = if Self::player_of(&row, opponent).is_none() {
            // The AI takes a draw when it thinks it is worse.
            let thinking = game.clone();
            let ai_to_move = game.position().side_to_move() == opponent;
            let result = self
                .think(move || crate::ai::Searcher::default().search(&thinking, Limits::depth(6)))
                .await?;
            let ai_score = result.map_or(0, |r| if ai_to_move { r.score } else { -r.score });
            if ai_score > -50 {
                return Ok(Reply::text(format!(
                    "{} offered a draw; the AI declines and plays on.",
                    mention(user_id(who.user))
                )));
            }
            true
        } else {
            row.draw_offer == Some(opponent.index() as i64)
        };
        if accept_now {
            let outcome = game
                .agree_draw()
                .ok_or(HostError::NotAllowed("The game is already over."))?;
            let mut tx = self.store.write().await?;
            self.finish(&mut tx, &row, outcome, row.ply, self.clock.now())
                .await?;
            tx.commit().await?;
            let row = self.game_row(row.id).await?;
            let mut reply = self.board_reply(&row, &game, game.last_move().map(|(p, m)| (*p, m)));
            reply.text = format!("Draw agreed. {}", reply.text);
            return Ok(reply);
        }
        if row.draw_offer == Some(color.index() as i64) {
            return Err(HostError::NotAllowed(
                "You have already offered a draw; your opponent can accept it with /dama draw.",
            ));
        }
        let them = mention(Self::player_of(&row, opponent).unwrap_or_default());
        self.offer(
            &row,
            color,
            Offer::Draw,
            format!(
                "{} offers a draw. {them}, accept with /dama draw, or just play on to decline.",
                mention(user_id(who.user)),
            ),
        )
        .await
    }

    /// Records an offer by `color` (a draw or a takeback) and asks the opponent, with a button.
    async fn offer(&self, row: &GameRow, color: Color, kind: Offer, text: String) -> HostResult {
        let mut tx = self.store.write().await?;
        let by = Some(color.index() as i64);
        if !store::set_offer(&mut tx, store::Expect::of(row), kind, by).await? {
            return Err(HostError::Stale);
        }
        tx.commit().await?;
        let them = Self::player_of(row, color.opponent()).unwrap_or_default();
        let (action, label, style) = match kind {
            Offer::Draw => ("draw", "Accept draw", ButtonStyle::Success),
            Offer::Takeback => ("takeback", "Allow takeback", ButtonStyle::Secondary),
        };
        Ok(Reply {
            text,
            mentions: vec![them as u64],
            buttons: vec![Button {
                id: format!("game:{}:{}:{action}", row.id, row.version),
                label,
                style,
                disabled: false,
            }],
            ..Reply::default()
        })
    }

    /// Asks for a takeback, or accepts the opponent's request. Against the AI it happens at
    /// once: the asker's last move and the AI's answer are taken back.
    pub async fn takeback(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = Self::color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        let game = self.load(&row).await?;
        let opponent = color.opponent();
        let ai_game = Self::player_of(&row, opponent).is_none();
        let accepting = row.takeback_offer == Some(opponent.index() as i64);
        if !ai_game && !accepting {
            if row.takeback_offer == Some(color.index() as i64) {
                return Err(HostError::NotAllowed(
                    "You have already asked; wait for your opponent.",
                ));
            }
            if last_move_by(&game, color).is_none() {
                return Err(HostError::NotAllowed("You have no move to take back."));
            }
            let them = mention(Self::player_of(&row, opponent).unwrap_or_default());
            return self
                .offer(
                    &row,
                    color,
                    Offer::Takeback,
                    format!(
                        "{} asks to take back their last move. {them}, agree with /dama takeback.",
                        mention(user_id(who.user)),
                    ),
                )
                .await;
        }
        // Whose move goes back: the asker's against the AI, the requester's otherwise.
        let taker = if ai_game { color } else { opponent };
        let keep = last_move_by(&game, taker)
            .ok_or(HostError::NotAllowed("There is no move to take back."))?;
        let mut shortened = Game::new(*game.start());
        for mv in game.moves().take(keep) {
            shortened.play(mv).map_err(HostError::Move)?;
        }
        let mut tx = self.store.write().await?;
        let fen_now = fen::write(shortened.position());
        if !store::take_back(
            &mut tx,
            store::Expect::of(&row),
            keep as i64,
            &fen_now,
            self.clock.now(),
        )
        .await?
        {
            return Err(HostError::Stale);
        }
        tx.commit().await?;
        self.remember(row.id, row.version + 1, &shortened);
        let row = self.game_row(row.id).await?;
        let mut reply = self.board_reply(
            &row,
            &shortened,
            shortened.last_move().map(|(p, m)| (*p, m)),
        );
        reply.text = format!("Move taken back. {}", reply.text);
        Ok(reply)
    }

    /// The AI's suggestion for the asker, in casual games and games against the AI.
    pub async fn hint(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = Self::color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        if row.rated {
            return Err(HostError::NotAllowed(
                "Hints are for casual games and games against the AI, not rated games.",
            ));
        }
        let game = self.load(&row).await?;
        if game.position().side_to_move() != color {
            return Err(HostError::NotYourTurn(Self::name_of(
                &row,
                color.opponent(),
            )));
        }
        let thinking = game.clone();
        let limits = self.config.hint_limits;
        let hint = self
            .think(move || crate::ai::hint(&thinking, limits))
            .await?;
        let (mv, words) = hint.ok_or(HostError::NotAllowed("The game is over."))?;
        Ok(Reply::private(format!(
            "Hint: {}. {words}.",
            game.position().notation(&mv)
        )))
    }

    /// Shows the channel's board again (its running game, or the last one).
    pub async fn board(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        let game = self.load(&row).await?;
        Ok(self.board_reply(&row, &game, game.last_move().map(|(p, m)| (*p, m))))
    }

    /// Lists the legal moves of the channel's game.
    pub async fn legal_moves(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let game = self.load(&row).await?;
        let pos = game.position();
        let moves = pos.notations(&pos.legal_moves());
        let must = if pos.has_capture() {
            " Capturing is compulsory."
        } else {
            ""
        };
        Ok(Reply::private(format!(
            "{} to move, {} legal move{}:{must} {}",
            pos.side_to_move(),
            moves.len(),
            if moves.len() == 1 { "" } else { "s" },
            moves.join(", ")
        )))
    }

    /// The legal moves of the channel's game, for autocompletion: those starting with `prefix`.
    pub async fn complete_move(
        &self,
        channel: u64,
        prefix: &str,
    ) -> Result<Vec<String>, HostError> {
        let Some(row) = self.store.running_game(user_id(channel)).await? else {
            return Ok(Vec::new());
        };
        let game = self.load(&row).await?;
        let pos = game.position();
        let prefix = prefix.trim().to_ascii_lowercase();
        Ok(pos
            .notations(&pos.legal_moves())
            .into_iter()
            .filter(|m| m.starts_with(&prefix))
            .take(25)
            .collect())
    }

    /// The channel's current or last game as PDN.
    pub async fn pdn(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        let game = self.load(&row).await?;
        let mut tags = pdn::Tags::default();
        tags.set("Event", "Dama on Discord");
        tags.set("Site", "Discord");
        tags.set("Date", date(row.created_at));
        tags.set("Round", "-");
        for (tag, color) in [("White", Color::White), ("Black", Color::Black)] {
            let name = match Self::player_of(&row, color) {
                Some(id) => self
                    .store
                    .player(id)
                    .await?
                    .map_or(id.to_string(), |p| p.name),
                None => format!("AI ({})", row.ai_level.as_deref().unwrap_or("?")),
            };
            tags.set(tag, name);
        }
        let text = pdn::write(&with_stored_result(&row, game), &tags);
        Ok(Reply {
            text: format!("Game {} as PDN.", row.id),
            file: Some(File {
                name: format!("dama-{}.pdn", row.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::default()
        })
    }

    /// The channel's current or last game as an animated GIF.
    pub async fn replay(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        let game = with_stored_result(&row, self.load(&row).await?);
        let renderer = Arc::clone(&self.renderer);
        let black = row.white_id.is_none() && row.black_id.is_some();
        let gif = self
            .think(move || renderer.replay_gif(&game, black))
            .await?;
        Ok(Reply {
            text: format!("Replay of game {}.", row.id),
            file: Some(File {
                name: format!("dama-{}.gif", row.id),
                bytes: gif,
            }),
            ..Reply::default()
        })
    }

    /// The ratings table of this server or of everyone.
    pub async fn leaderboard(&self, who: &Who, scope: Scope) -> HostResult {
        let guild = match scope {
            Scope::Server => who.guild.map(user_id),
            Scope::Global => None,
        };
        let rows = self.store.leaderboard(guild, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::text(
                "No rated games yet. Challenge someone with /dama challenge!",
            ));
        }
        let mut text = String::from(match guild {
            Some(_) => "Leaderboard of this server:\n",
            None => "Global leaderboard:\n",
        });
        for (i, p) in rows.iter().enumerate() {
            text.push_str(&format!(
                "{}. {} {:.0} (±{:.0}), {} games: {}W {}D {}L\n",
                i + 1,
                mention(p.user_id),
                p.rating,
                2.0 * p.deviation,
                p.games,
                p.wins,
                p.draws,
                p.losses
            ));
        }
        Ok(Reply::text(text.trim_end()))
    }

    /// Rating, record and recent results of a player.
    pub async fn stats(&self, user: u64) -> HostResult {
        let Some(p) = self.store.player(user_id(user)).await? else {
            return Ok(Reply::text(format!(
                "{} has not played yet.",
                mention(user_id(user))
            )));
        };
        let recent = self.store.recent_games(p.user_id, 5).await?;
        let results: Vec<String> = recent
            .iter()
            .map(|g| {
                let mine = if g.white_id == Some(p.user_id) {
                    Color::White
                } else {
                    Color::Black
                };
                let letter = match g.result.as_deref() {
                    Some("1/2-1/2") => "D",
                    Some("1-0") if mine == Color::White => "W",
                    Some("0-1") if mine == Color::Black => "W",
                    _ => "L",
                };
                format!("{letter} vs {}", Self::name_of(g, mine.opponent()))
            })
            .collect();
        Ok(Reply::text(format!(
            "{}: rating {:.0} (±{:.0}), {} rated games: {} wins, {} draws, {} losses.{}",
            mention(p.user_id),
            p.rating,
            2.0 * p.deviation,
            p.games,
            p.wins,
            p.draws,
            p.losses,
            if results.is_empty() {
                String::new()
            } else {
                format!(" Recent: {}.", results.join(", "))
            }
        )))
    }

    /// Remembers which message shows a game's board.
    pub async fn set_board_message(&self, game: i64, message: u64) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_board_message(&mut tx, game, user_id(message)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Acts on a button: `challenge:<id>:accept|decline` or `game:<id>:<version>:<action>`.
    /// A button from an earlier position, or someone else's, gets a polite refusal.
    pub async fn button(&self, who: &Who, id: &str, game_channel: Option<u64>) -> HostResult {
        match parse_button(id) {
            Some(ButtonAction::Challenge { id, accept }) => {
                self.answer_challenge(who, id, accept, game_channel).await
            }
            Some(ButtonAction::Game {
                id,
                version,
                action,
            }) => {
                let row = self.game_row(id).await.map_err(|_| HostError::NoGame)?;
                if row.status != "running" {
                    return Err(HostError::NotAllowed("That game is over."));
                }
                if row.version != version {
                    return Err(HostError::NotAllowed(
                        "That button belongs to an earlier position; use the newest board.",
                    ));
                }
                let here = Who {
                    channel: row.channel_id as u64,
                    ..who.clone()
                };
                match action {
                    GameAction::Resign => self.resign(&here).await,
                    GameAction::Draw => self.draw(&here).await,
                    GameAction::Takeback => self.takeback(&here).await,
                    GameAction::Hint => self.hint(&here).await,
                }
            }
            None => Err(HostError::NotAllowed("That button is not one of ours.")),
        }
    }

    // ----- background work -----

    /// Expires challenges, warns slow players once and ends games on time. Run it every minute.
    pub async fn sweep(&self) -> Result<Vec<Notice>, HostError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for c in self.store.expired_challenges(now).await? {
            let mut tx = self.store.write().await?;
            if store::close_challenge(&mut tx, c.id, "expired").await? {
                tx.commit().await?;
                notices.push(Notice {
                    channel: c.channel_id as u64,
                    reply: Reply::text(format!(
                        "{}'s challenge to {} expired.",
                        mention(c.challenger_id),
                        mention(c.challenged_id)
                    )),
                });
            }
        }
        for row in self.store.games_due(now).await? {
            let game = self.load(&row).await?;
            let side = game.position().side_to_move();
            let Some(slow) = Self::player_of(&row, side) else {
                continue; // the AI is never slow; its turn is resumed elsewhere
            };
            let mut tx = self.store.write().await?;
            if row.deadline <= now {
                let mut ended = game.clone();
                let Some(outcome) = ended.lose_on_time(side) else {
                    continue;
                };
                let status_before = row.ply;
                self.finish(&mut tx, &row, outcome, status_before, now)
                    .await?;
                tx.commit().await?;
                notices.push(Notice {
                    channel: row.channel_id as u64,
                    reply: Reply {
                        text: format!(
                            "{} did not move in time and loses the game. {}",
                            mention(slow),
                            outcome
                        ),
                        mentions: vec![slow as u64],
                        ..Reply::default()
                    },
                });
            } else if store::mark_warned(&mut tx, row.id).await? {
                tx.commit().await?;
                let hours = (row.deadline - now + 3599) / 3600;
                notices.push(Notice {
                    channel: row.channel_id as u64,
                    reply: Reply {
                        text: format!(
                            "{}, it is your move. Play within {hours} hours or you lose on time.",
                            mention(slow)
                        ),
                        mentions: vec![slow as u64],
                        ..Reply::default()
                    },
                });
            }
        }
        Ok(notices)
    }

    /// Games whose turn belongs to the AI (after a restart): play them with [`Host::ai_move`].
    pub async fn pending_ai_games(&self) -> Result<Vec<i64>, HostError> {
        let mut ids = Vec::new();
        for row in self.store.running_ai_games().await? {
            let white_to_move = row.ply % 2 == 0;
            let start_black = row.start_fen.trim_start().starts_with(['B', 'b']);
            let side = if white_to_move != start_black {
                Color::White
            } else {
                Color::Black
            };
            if Self::player_of(&row, side).is_none() {
                ids.push(row.id);
            }
        }
        Ok(ids)
    }

    // ----- the board message -----

    fn board_reply(&self, row: &GameRow, game: &Game, last: Option<(Position, Move)>) -> Reply {
        let pos = game.position();
        let side = pos.side_to_move();
        let outcome = stored_outcome(row).or_else(|| game.outcome());
        let to_move = Self::player_of(row, side);
        let black_bottom = match (row.white_id, row.black_id) {
            (None, Some(_)) => true,
            (Some(_), None) => false,
            _ => side == Color::Black,
        };
        let move_number = game.ply_count() / 2 + 1;
        let caption = match outcome {
            Some(o) => o.to_string(),
            None => format!("{side} to move · move {move_number}"),
        };
        let scene = Scene {
            last_move: last.map(|(p, m)| LastMove::new(&p, &m)),
            black_bottom,
            caption: Some(caption),
            ..Scene::new(*pos)
        };
        let board = self.renderer.png(&scene);
        let running = row.status == "running" && outcome.is_none();
        let text = match outcome {
            Some(o) => format!("{o}."),
            None => match to_move {
                Some(id) => format!(
                    "{} to move{}.",
                    mention(id),
                    if pos.has_capture() {
                        " (a capture is compulsory)"
                    } else {
                        ""
                    }
                ),
                None => "The AI is thinking…".to_string(),
            },
        };
        let mut buttons = vec![
            Button {
                id: format!("game:{}:{}:resign", row.id, row.version),
                label: "Resign",
                style: ButtonStyle::Danger,
                disabled: !running,
            },
            Button {
                id: format!("game:{}:{}:draw", row.id, row.version),
                label: "Offer draw",
                style: ButtonStyle::Secondary,
                disabled: !running,
            },
        ];
        if !row.rated {
            buttons.push(Button {
                id: format!("game:{}:{}:hint", row.id, row.version),
                label: "Hint",
                style: ButtonStyle::Primary,
                disabled: !running,
            });
        }
        Reply {
            text,
            board: Some(board),
            fen: Some(fen::write(pos)),
            buttons,
            mentions: to_move
                .filter(|_| running)
                .map(|id| id as u64)
                .into_iter()
                .collect(),
            game: Some(row.id),
            ai_turn: (running && to_move.is_none()).then_some(row.id),
            ..Reply::default()
        }
    }
}

/// The ply count after which the last move by `color` was played, i.e. how many plies to keep
/// to take it back.
fn last_move_by(game: &Game, color: Color) -> Option<usize> {
    game.history()
        .enumerate()
        .filter(|(_, (p, _))| p.side_to_move() == color)
        .map(|(i, _)| i)
        .last()
}

fn rating_of(p: &store::PlayerRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    }
}

fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::NoMoves => "no moves",
        Reason::Resignation => "resignation",
        Reason::Timeout => "time",
        Reason::Repetition => "repetition",
        Reason::NoProgress => "no progress",
        Reason::KingAgainstKing => "king against king",
        Reason::Agreement => "agreement",
        Reason::Recorded => "recorded",
    }
}

fn reason_from(name: &str) -> Reason {
    match name {
        "no moves" => Reason::NoMoves,
        "resignation" => Reason::Resignation,
        "time" => Reason::Timeout,
        "repetition" => Reason::Repetition,
        "no progress" => Reason::NoProgress,
        "king against king" => Reason::KingAgainstKing,
        "agreement" => Reason::Agreement,
        _ => Reason::Recorded,
    }
}

/// The result stored for a finished game (resignations and time are not on the board).
fn stored_outcome(row: &GameRow) -> Option<Outcome> {
    let result = match row.result.as_deref()? {
        "1-0" => GameResult::Win(Color::White),
        "0-1" => GameResult::Win(Color::Black),
        _ => GameResult::Draw,
    };
    Some(Outcome {
        result,
        reason: reason_from(row.reason.as_deref().unwrap_or("")),
    })
}

fn with_stored_result(row: &GameRow, mut game: Game) -> Game {
    if game.outcome().is_none()
        && let Some(o) = stored_outcome(row)
    {
        game.declare(o.result, o.reason);
    }
    game
}

fn coin(seed: i64) -> bool {
    let mut z = (seed as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) & 1 == 0
}

/// `YYYY.MM.DD` (PDN's date form) of a Unix time.
fn date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!("{year:04}.{month:02}.{day:02}")
}

/// What a button id asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonAction {
    Challenge {
        id: i64,
        accept: bool,
    },
    /// `version`: the game's version when the button was posted.
    Game {
        id: i64,
        version: i64,
        action: GameAction,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameAction {
    Resign,
    Draw,
    Takeback,
    Hint,
}

/// Reads a button id; anything else (ids can be forged) is `None`.
pub fn parse_button(id: &str) -> Option<ButtonAction> {
    let parts: Vec<&str> = id.split(':').collect();
    match parts.as_slice() {
        ["challenge", id, answer] => Some(ButtonAction::Challenge {
            id: id.parse().ok()?,
            accept: match *answer {
                "accept" => true,
                "decline" => false,
                _ => return None,
            },
        }),
        ["game", id, version, action] => Some(ButtonAction::Game {
            id: id.parse().ok()?,
            version: version.parse().ok()?,
            action: match *action {
                "resign" => GameAction::Resign,
                "draw" => GameAction::Draw,
                "takeback" => GameAction::Takeback,
                "hint" => GameAction::Hint,
                _ => return None,
            },
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_as_pdn_wants() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_798_675_200), "2026.12.31");
        assert_eq!(date(951_782_400), "2000.02.29");
    }

    #[test]
    fn button_ids_round_trip_and_forgeries_are_refused() {
        assert_eq!(
            parse_button("game:12:4:resign"),
            Some(ButtonAction::Game {
                id: 12,
                version: 4,
                action: GameAction::Resign
            })
        );
        assert_eq!(
            parse_button("challenge:3:decline"),
            Some(ButtonAction::Challenge {
                id: 3,
                accept: false
            })
        );
        for bad in [
            "",
            "game:1:2",
            "game:x:2:resign",
            "game:1:2:explode",
            "challenge:1:maybe",
        ] {
            assert_eq!(parse_button(bad), None, "{bad}");
        }
    }
}
