//! Players' own links to play a game on its page, and the sessions they are traded for: only
//! hashes of their secrets are kept; one link per player and game, any number of sessions.

use super::types::Int;
use dama_model::UnixMs;

use super::{GameId, Result, Store, Tx, UserId};

/// Keeps `hash` as `user`'s link to `game`, retiring any link they had to it.
pub async fn set_play_link(
    tx: &mut Tx,
    game: GameId,
    user: UserId,
    hash: &str,
    now: UnixMs,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO play_links (game_id, user_id, token_hash, created_at_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, user_id) DO UPDATE SET token_hash = excluded.token_hash,
                                                    created_at_ms = excluded.created_at_ms",
    )
    .bind(Int(game))
    .bind(Int(user))
    .bind(hash)
    .bind(Int(now))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// The hash of `user`'s link to `game`, if they asked for one.
    pub async fn play_link_hash(&self, game: GameId, user: UserId) -> Result<Option<String>> {
        Ok(sqlx::query_scalar(
            "SELECT token_hash FROM play_links WHERE game_id = $1 AND user_id = $2",
        )
        .bind(Int(game))
        .bind(Int(user))
        .fetch_optional(&self.pool)
        .await?)
    }
}

/// Trades `user`'s link to `game` (its hash `link_hash`) for a session (`session_hash`): the
/// link is used up, so it opens nothing later. `false` when the link is not (or no longer)
/// theirs.
pub async fn trade_play_link(
    tx: &mut Tx,
    game: GameId,
    user: UserId,
    link_hash: &str,
    session_hash: &str,
    now: UnixMs,
) -> Result<bool> {
    let used = sqlx::query(
        "DELETE FROM play_links WHERE game_id = $1 AND user_id = $2 AND token_hash = $3",
    )
    .bind(Int(game))
    .bind(Int(user))
    .bind(link_hash)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if used == 0 {
        return Ok(false);
    }
    open_session(tx, game, user, session_hash, now).await?;
    Ok(true)
}

/// Opens a session for `user` at `game`'s page, kept by the hash of its secret.
pub async fn open_session(
    tx: &mut Tx,
    game: GameId,
    user: UserId,
    session_hash: &str,
    now: UnixMs,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO web_sessions (secret_hash, game_id, user_id, created_at_ms)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(session_hash)
    .bind(Int(game))
    .bind(Int(user))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Whether a session with the secret's hash `session_hash` seats `user` at `game`.
    pub async fn has_session(
        &self,
        game: GameId,
        user: UserId,
        session_hash: &str,
    ) -> Result<bool> {
        let found: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM web_sessions
             WHERE secret_hash = $1 AND game_id = $2 AND user_id = $3",
        )
        .bind(session_hash)
        .bind(Int(game))
        .bind(Int(user))
        .fetch_one(&self.pool)
        .await?;
        Ok(found > 0)
    }
}
