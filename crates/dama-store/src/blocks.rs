//! Blocks between players (see `migrations/sqlite/0023_blocks.sql`).

use super::types::Int;
use super::{Result, Store, Tx, UserId};
use dama_model::UnixMs;

/// `blocker` blocks `blocked`; `false` if they had already.
pub async fn block(tx: &mut Tx, blocker: UserId, blocked: UserId, now: UnixMs) -> Result<bool> {
    let n = sqlx::query(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
    )
    .bind(Int(blocker))
    .bind(Int(blocked))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// `blocker` unblocks `blocked`; `false` if there was no such block.
pub async fn unblock(tx: &mut Tx, blocker: UserId, blocked: UserId) -> Result<bool> {
    let n = sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
        .bind(Int(blocker))
        .bind(Int(blocked))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(n == 1)
}

impl Store {
    /// Whom `blocker` blocked, longest ago first.
    pub async fn blocked_by(&self, blocker: UserId) -> Result<Vec<UserId>> {
        let rows: Vec<Int<UserId>> = sqlx::query_scalar(
            "SELECT blocked_id FROM blocks WHERE blocker_id = $1 ORDER BY created_at_ms, blocked_id",
        )
        .bind(Int(blocker))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|Int(u)| u).collect())
    }

    /// Whether `blocker` blocked `blocked`.
    pub async fn blocks(&self, blocker: UserId, blocked: UserId) -> Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM blocks WHERE blocker_id = $1 AND blocked_id = $2",
        )
        .bind(Int(blocker))
        .bind(Int(blocked))
        .fetch_one(&self.pool)
        .await?;
        Ok(n > 0)
    }

    /// The blocks where both players wait in a pool: (blocker, blocked).
    pub async fn blocks_among_waiting(&self) -> Result<Vec<(UserId, UserId)>> {
        let rows: Vec<(Int<UserId>, Int<UserId>)> = sqlx::query_as(
            "SELECT blocker_id, blocked_id FROM blocks
             WHERE blocker_id IN (SELECT user_id FROM seeks WHERE status = 'waiting')
               AND blocked_id IN (SELECT user_id FROM seeks WHERE status = 'waiting')",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(a, b)| (a.0, b.0)).collect())
    }
}
