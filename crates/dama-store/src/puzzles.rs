//! Puzzle attempts, streaks, puzzle ratings and the daily post's channel (migration 0007).

use dama_model::{AttemptId, Day, UnixMs};

use super::types::{Int, MaybeInt, Word};
use super::{ChannelId, GuildId, Result, Store, Tx, UserId};

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttemptStatus {
    /// Being solved.
    Open,
    /// Solved.
    Solved,
    /// Failed: the tries ran out, or the player left it after a try.
    Failed,
}

super::types::text_column!(AttemptStatus {
    AttemptStatus::Open => "open",
    AttemptStatus::Solved => "solved",
    AttemptStatus::Failed => "failed",
});

/// A player's attempt at a puzzle, as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AttemptRow {
    /// The attempt.
    #[sqlx(try_from = "Int<AttemptId>")]
    pub id: AttemptId,
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// The server it was started in, if any.
    #[sqlx(try_from = "MaybeInt<GuildId>")]
    pub guild_id: Option<GuildId>,
    /// The puzzle's start position.
    pub puzzle: String,
    /// The day (in Türkiye) of a daily puzzle; `None` for practice.
    #[sqlx(try_from = "MaybeInt<Day>")]
    pub day: Option<Day>,
    /// The solver's moves found so far.
    pub step: i64,
    /// Wrong tries so far.
    pub misses: i64,
    /// Open, solved or failed.
    #[sqlx(try_from = "Word<AttemptStatus>")]
    pub status: AttemptStatus,
    /// Bumped with every try, so that a write names the version it read.
    pub version: i64,
    /// The last try judged, as `step:move`, so that the same try sent twice counts once.
    pub last_try: Option<String>,
    /// When it was started.
    #[sqlx(rename = "started_at_ms", try_from = "Int<UnixMs>")]
    pub started_at: UnixMs,
    /// When it last changed.
    #[sqlx(rename = "updated_at_ms", try_from = "Int<UnixMs>")]
    pub updated_at: UnixMs,
}

/// A player's puzzle record, as stored.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzlerRow {
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// Daily puzzles solved in a row, up to `last_day`.
    pub streak: i64,
    /// The most daily puzzles solved in a row.
    pub best_streak: i64,
    /// The day of the last daily puzzle finished.
    #[sqlx(try_from = "MaybeInt<Day>")]
    pub last_day: Option<Day>,
    /// Daily puzzles solved.
    pub solved: i64,
    /// Daily puzzles failed.
    pub failed: i64,
    /// Practice puzzles solved.
    pub practice: i64,
    /// Practice rating (Glicko-2).
    pub rating: f64,
    /// Practice rating deviation.
    pub deviation: f64,
    /// Practice rating volatility.
    pub volatility: f64,
    /// The attempt the player has open, if any.
    #[sqlx(try_from = "MaybeInt<AttemptId>")]
    pub active: Option<AttemptId>,
}

/// A puzzle's own Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: f64,
    /// The rating deviation.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

/// A try judged against an attempt at `version`.
#[derive(Clone, Debug)]
pub struct TryResult<'a> {
    /// The solver's moves found after the try.
    pub step: i64,
    /// Wrong tries after the try.
    pub misses: i64,
    /// Where the attempt stands after it.
    pub status: AttemptStatus,
    /// The try as written.
    pub text: &'a str,
    /// When it was made.
    pub now: UnixMs,
}

/// A leaderboard line: a player's streaks, with a name if the player ever played a game.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct StreakRow {
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// Their last used name, if they ever played a game.
    pub name: Option<String>,
    /// Daily puzzles solved in a row, up to `last_day`.
    pub streak: i64,
    /// The most daily puzzles solved in a row.
    pub best_streak: i64,
    /// The day of the last daily puzzle finished.
    #[sqlx(try_from = "MaybeInt<Day>")]
    pub last_day: Option<Day>,
    /// Daily puzzles solved.
    pub solved: i64,
}

impl Store {
    /// A player's puzzle record, if they have one.
    pub async fn puzzler(&self, user: UserId) -> Result<Option<PuzzlerRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM puzzle_players WHERE user_id = $1")
                .bind(Int(user))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// An attempt by its id.
    pub async fn attempt(&self, id: AttemptId) -> Result<Option<AttemptRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM puzzle_attempts WHERE id = $1")
                .bind(Int(id))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The puzzles this player has tried (daily and practice).
    pub async fn puzzles_tried(&self, user: UserId) -> Result<Vec<String>> {
        Ok(
            sqlx::query_scalar("SELECT DISTINCT puzzle FROM puzzle_attempts WHERE user_id = $1")
                .bind(Int(user))
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// A puzzle's rating, once someone has tried it.
    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<PuzzleRating>> {
        Ok(sqlx::query_as(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1",
        )
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Every rated puzzle's rating, by puzzle.
    pub async fn puzzle_ratings(&self) -> Result<std::collections::HashMap<String, f64>> {
        let rows: Vec<(String, f64)> = sqlx::query_as("SELECT puzzle, rating FROM puzzle_ratings")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// The best streaks among players who tried a puzzle in this server: current streak
    /// first (a streak counts while its last day is `today` or the day before), then best.
    pub async fn puzzle_leaderboard(
        &self,
        guild: GuildId,
        today: Day,
        limit: i64,
    ) -> Result<Vec<StreakRow>> {
        Ok(sqlx::query_as(
            "SELECT pp.user_id, p.name, pp.streak, pp.best_streak, pp.last_day, pp.solved
             FROM puzzle_players pp LEFT JOIN players p ON p.user_id = pp.user_id
             WHERE pp.solved > 0 AND pp.user_id IN
                   (SELECT user_id FROM puzzle_attempts WHERE guild_id = $1)
             ORDER BY CASE WHEN pp.last_day >= $2 - 1 THEN pp.streak ELSE 0 END DESC,
                      pp.best_streak DESC, pp.solved DESC, pp.user_id
             LIMIT $3",
        )
        .bind(Int(guild))
        .bind(Int(today))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The servers whose daily puzzle for `day` is not posted yet.
    pub async fn puzzle_posts_due(&self, day: Day) -> Result<Vec<(GuildId, ChannelId)>> {
        Ok(sqlx::query_as(
            "SELECT guild_id, channel_id FROM puzzle_channels
             WHERE posted_day IS NULL OR posted_day < $1",
        )
        .bind(Int(day))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|(Int(guild), Int(channel))| (guild, channel))
        .collect())
    }
}

/// The player's attempt at today's puzzle or at one practice puzzle, made if new, and made
/// the one moves go to.
pub async fn open_attempt(
    tx: &mut Tx,
    user: UserId,
    guild: Option<GuildId>,
    puzzle: &str,
    day: Option<Day>,
    now: UnixMs,
) -> Result<AttemptRow> {
    sqlx::query(
        "INSERT INTO puzzle_players (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(Int(user))
    .execute(&mut **tx)
    .await?;
    let existing: Option<AttemptRow> = match day {
        Some(d) => sqlx::query_as("SELECT * FROM puzzle_attempts WHERE user_id = $1 AND day = $2")
            .bind(Int(user))
            .bind(Int(d)),
        None => sqlx::query_as(
            "SELECT * FROM puzzle_attempts WHERE user_id = $1 AND puzzle = $2 AND day IS NULL",
        )
        .bind(Int(user))
        .bind(puzzle),
    }
    .fetch_optional(&mut **tx)
    .await?;
    let attempt = match existing {
        Some(a) => a,
        None => sqlx::query_as(
            "INSERT INTO puzzle_attempts (user_id, guild_id, puzzle, day, started_at_ms, updated_at_ms)
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING *",
        )
        .bind(Int(user))
        .bind(guild.map(Int))
        .bind(puzzle)
        .bind(day.map(Int))
        .bind(Int(now))
        .bind(Int(now))
        .fetch_one(&mut **tx)
        .await?,
    };
    sqlx::query("UPDATE puzzle_players SET active = $1 WHERE user_id = $2")
        .bind(Int(attempt.id))
        .bind(Int(user))
        .execute(&mut **tx)
        .await?;
    Ok(attempt)
}

/// The player's active attempt if it is an open practice puzzle (one they may leave for
/// another).
pub async fn open_practice(tx: &mut Tx, user: UserId) -> Result<Option<AttemptRow>> {
    Ok(sqlx::query_as(
        "SELECT a.* FROM puzzle_attempts a JOIN puzzle_players p ON p.active = a.id
         WHERE p.user_id = $1 AND a.status = 'open' AND a.day IS NULL",
    )
    .bind(Int(user))
    .fetch_optional(&mut **tx)
    .await?)
}

/// Forgets an attempt nobody tried a move in (still at the `version` it was read at), so that
/// opened and left puzzles do not pile up; `false` if it moved on.
pub async fn drop_untried(tx: &mut Tx, attempt: &AttemptRow) -> Result<bool> {
    sqlx::query("UPDATE puzzle_players SET active = NULL WHERE active = $1")
        .bind(Int(attempt.id))
        .execute(&mut **tx)
        .await?;
    let n = sqlx::query(
        "DELETE FROM puzzle_attempts WHERE id = $1 AND version = $2 AND status = 'open'",
    )
    .bind(Int(attempt.id))
    .bind(attempt.version)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Writes a judged try. `false` when the attempt changed since it was read (nothing written).
pub async fn record_try(tx: &mut Tx, attempt: &AttemptRow, t: TryResult<'_>) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE puzzle_attempts SET step = $1, misses = $2, status = $3, last_try = $4,
                version = version + 1, updated_at_ms = $5
         WHERE id = $6 AND version = $7 AND status = 'open'",
    )
    .bind(t.step)
    .bind(t.misses)
    .bind(Word(t.status))
    .bind(t.text)
    .bind(Int(t.now))
    .bind(Int(attempt.id))
    .bind(attempt.version)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// The end of a daily attempt: a solve extends the streak (or starts one after a gap), a
/// failure breaks it.
pub async fn finish_daily(tx: &mut Tx, user: UserId, day: Day, solved: bool) -> Result<()> {
    let query = if solved {
        "UPDATE puzzle_players SET
             streak = CASE WHEN last_day = $1 - 1 THEN streak + 1 ELSE 1 END,
             best_streak = CASE WHEN last_day = $1 - 1 AND streak + 1 > best_streak THEN streak + 1
                                WHEN best_streak < 1 THEN 1 ELSE best_streak END,
             last_day = $1, solved = solved + 1
         WHERE user_id = $2"
    } else {
        "UPDATE puzzle_players SET streak = 0, failed = failed + 1 WHERE user_id = $2 AND $1 = $1"
    };
    sqlx::query(query)
        .bind(Int(day))
        .bind(Int(user))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Counts one more practice puzzle solved.
pub async fn count_practice(tx: &mut Tx, user: UserId) -> Result<()> {
    sqlx::query("UPDATE puzzle_players SET practice = practice + 1 WHERE user_id = $1")
        .bind(Int(user))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Stores the player's and the puzzle's new ratings after a first attempt.
pub async fn rate_puzzle(
    tx: &mut Tx,
    user: UserId,
    player: PuzzleRating,
    puzzle: &str,
    rating: PuzzleRating,
) -> Result<()> {
    sqlx::query(
        "UPDATE puzzle_players SET rating = $1, deviation = $2, volatility = $3 WHERE user_id = $4",
    )
    .bind(player.rating)
    .bind(player.deviation)
    .bind(player.volatility)
    .bind(Int(user))
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, plays)
         VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (puzzle) DO UPDATE SET rating = $2, deviation = $3, volatility = $4,
                                            plays = puzzle_ratings.plays + 1",
    )
    .bind(puzzle)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Chooses (or clears) where a server's daily puzzle goes. A new channel gets today's puzzle
/// at the next sweep.
pub async fn set_puzzle_channel(
    tx: &mut Tx,
    guild: GuildId,
    channel: Option<ChannelId>,
) -> Result<()> {
    match channel {
        Some(c) => sqlx::query(
            "INSERT INTO puzzle_channels (guild_id, channel_id) VALUES ($1, $2)
             ON CONFLICT (guild_id) DO UPDATE SET channel_id = $2,
                 posted_day = CASE WHEN puzzle_channels.channel_id = $2
                                   THEN puzzle_channels.posted_day ELSE NULL END",
        )
        .bind(Int(guild))
        .bind(Int(c)),
        None => sqlx::query("DELETE FROM puzzle_channels WHERE guild_id = $1").bind(Int(guild)),
    }
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Claims the daily post of `day` for this server: `true` once per server and day, whatever
/// the number of sweeps or restarts.
pub async fn claim_puzzle_post(tx: &mut Tx, guild: GuildId, day: Day) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE puzzle_channels SET posted_day = $1
         WHERE guild_id = $2 AND (posted_day IS NULL OR posted_day < $1)",
    )
    .bind(Int(day))
    .bind(Int(guild))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}
