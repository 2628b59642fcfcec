//! The clocks' side of the store: the live games whose time is up, and the moment a process of
//! the bot was last seen running (so a restart gives the time nobody ran back).

use super::types::Int;
use dama_model::{Millis, UnixMs};
use dama_telemetry::GameCounts;

use super::Change;
use super::{GameId, GameRow, Result, Store, Tx};

impl Store {
    /// Running games whose turn's time is up at `now` (live games' flags and first moves).
    pub async fn flags_due(&self, now: UnixMs) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE status = 'running' AND flag_at_ms <= $1 ORDER BY flag_at_ms",
        )
        .bind(Int(now))
        .fetch_all(&self.pool)
        .await?)
    }

    /// Games owed a post, changed at `changed_by` or before and not claimed at `now`, the
    /// longest owed first, at most `limit`.
    pub async fn owed_posts(
        &self,
        changed_by: UnixMs,
        now: UnixMs,
        limit: i64,
    ) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE posted_version < version AND updated_at_ms <= $1
               AND (post_claimed_until_ms IS NULL OR post_claimed_until_ms <= $2)
             ORDER BY updated_at_ms LIMIT $3",
        )
        .bind(Int(changed_by))
        .bind(Int(now))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The clock of each move's mover after it (live games; `None` where none was kept), in
    /// the order of the moves.
    pub async fn move_clocks(&self, game: GameId) -> Result<Vec<Option<Millis>>> {
        Ok(
            sqlx::query_scalar("SELECT clock_ms FROM moves WHERE game_id = $1 ORDER BY ply")
                .bind(Int(game))
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|clock: Option<Int<Millis>>| clock.map(|Int(c)| c))
                .collect(),
        )
    }

    /// How many running live games are played against the AI.
    pub async fn live_ai_games(&self) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status = 'running' AND flag_at_ms IS NOT NULL
               AND ai_level IS NOT NULL",
        )
        .fetch_one(&self.pool)
        .await?)
    }
}

/// Notes that a process runs at `now` (never moving the mark back).
pub async fn beat(tx: &mut Tx, now: UnixMs) -> Result<()> {
    sqlx::query(
        "INSERT INTO alive (id, at_ms) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET at_ms = CASE WHEN excluded.at_ms > alive.at_ms
                                                     THEN excluded.at_ms ELSE alive.at_ms END",
    )
    .bind(Int(now))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// At a start: when no process has been seen running for more than `quiet`, the time since
/// then is given back to every running game whose turn's time was not already up then (its
/// turn is taken to begin that much later). Marks the bot alive. Returns the time given back.
pub async fn give_back_outage(tx: &mut Tx, now: UnixMs, quiet: Millis) -> Result<Option<Millis>> {
    // Every running game's clocks move: whatever is followed is read again.
    tx.changed(Change::Resync);
    let last: Option<UnixMs> = sqlx::query_scalar("SELECT at_ms FROM alive WHERE id = 1")
        .fetch_optional(&mut **tx)
        .await?
        .map(|Int(at)| at);
    beat(tx, now).await?;
    let Some(last) = last else {
        return Ok(None);
    };
    let gap = now - last;
    if gap <= quiet {
        return Ok(None);
    }
    sqlx::query(
        "UPDATE games SET turn_began_ms = turn_began_ms + $1, flag_at_ms = flag_at_ms + $1
         WHERE status = 'running' AND flag_at_ms > $2",
    )
    .bind(Int(gap))
    .bind(Int(last))
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE games SET turn_began_ms = turn_began_ms + $1, deadline_ms = deadline_ms + $1,
                          warn_at_ms = warn_at_ms + $1
         WHERE status = 'running' AND flag_at_ms IS NULL AND deadline_ms > $2",
    )
    .bind(Int(gap))
    .bind(Int(last))
    .execute(&mut **tx)
    .await?;
    Ok(Some(gap))
}

/// Stops a live game's clocks at its end: each side's time left, as of `at`.
pub async fn stop_clocks(tx: &mut Tx, game: GameId, left: [Millis; 2], at: UnixMs) -> Result<()> {
    tx.changed(Change::Game(game));
    sqlx::query(
        "UPDATE games SET white_ms = $1, black_ms = $2, turn_began_ms = $3, flag_at_ms = NULL
         WHERE id = $4",
    )
    .bind(Int(left[0]))
    .bind(Int(left[1]))
    .bind(Int(at))
    .bind(Int(game))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Answers when the database does.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// The pool's connections: in use, and idle.
    pub fn pool_use(&self) -> (u32, u32) {
        let idle = self.pool.num_idle() as u32;
        (self.pool.size().saturating_sub(idle), idle)
    }

    /// The games as `/metrics` shows them.
    pub async fn game_counts(&self) -> Result<GameCounts> {
        let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql).fetch_one(&self.pool);
        Ok(GameCounts {
            games_running: count("SELECT COUNT(*) FROM games WHERE status = 'running'").await?,
            live_games_running: count(
                "SELECT COUNT(*) FROM games WHERE status = 'running' AND flag_at_ms IS NOT NULL",
            )
            .await?,
            games_finished: count("SELECT COUNT(*) FROM games WHERE status = 'finished'").await?,
            ai_turns_claimed: count("SELECT COUNT(*) FROM ai_claims").await?,
            seekers: sqlx::query_as(
                "SELECT time_control, COUNT(*) FROM seeks WHERE status = 'waiting'
                 GROUP BY time_control ORDER BY time_control",
            )
            .fetch_all(&self.pool)
            .await?,
        })
    }
}
