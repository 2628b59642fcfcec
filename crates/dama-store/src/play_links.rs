//! Players' own links to play a game on its page: only a token's hash is kept, one per player
//! and game.

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
