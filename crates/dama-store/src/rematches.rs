//! Rematch offers: challenges that name the finished game they replay (see
//! `migrations/sqlite/0024_rematches.sql`). Read inside the writing transaction, so an offer
//! and its answer are decided against what the other player did meanwhile.

use super::types::Int;
use super::{ChallengeRow, Result, Tx};
use dama_model::{GameId, UnixMs, UserId};

/// The open offer to replay `game`, if any (it may have run out: the caller checks).
pub async fn open_rematch(tx: &mut Tx, game: GameId) -> Result<Option<ChallengeRow>> {
    Ok(sqlx::query_as(
        "SELECT * FROM challenges WHERE rematch_of = $1 AND status = 'open' ORDER BY id DESC LIMIT 1",
    )
    .bind(Int(game))
    .fetch_optional(&mut **tx)
    .await?)
}

/// Whether `game` has been replayed already (an offer of it accepted).
pub async fn rematch_played(tx: &mut Tx, game: GameId) -> Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM challenges WHERE rematch_of = $1 AND status = 'accepted'",
    )
    .bind(Int(game))
    .fetch_one(&mut **tx)
    .await?;
    Ok(n > 0)
}

/// How many rematches `user` has offered since `since`.
pub async fn rematch_offers_since(tx: &mut Tx, user: UserId, since: UnixMs) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM challenges
         WHERE challenger_id = $1 AND created_at_ms >= $2 AND rematch_of IS NOT NULL",
    )
    .bind(Int(user))
    .bind(Int(since))
    .fetch_one(&mut **tx)
    .await?)
}
