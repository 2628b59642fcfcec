//! Work that one process must do for all: the minute sweep (a lease) and each AI turn (a
//! claim). Both are rows taken with one conditional write, so they hold across processes on
//! PostgreSQL as within one on SQLite; a holder that dies leaves a row that expires.

use super::types::Int;
use dama_model::UnixMs;

use super::{GameId, Result, Tx};

/// Takes or renews the lease `name` for `holder` until `until`; `false` while another holder's
/// lease runs.
pub async fn take_lease(
    tx: &mut Tx,
    name: &str,
    holder: &str,
    now: UnixMs,
    until: UnixMs,
) -> Result<bool> {
    let n = sqlx::query(
        "INSERT INTO leases (name, holder, expires_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
         WHERE leases.holder = excluded.holder OR leases.expires_at_ms <= $4",
    )
    .bind(name)
    .bind(holder)
    .bind(Int(until))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Gives a lease up (a process stopping), so another takes it at once.
pub async fn release_lease(tx: &mut Tx, name: &str, holder: &str) -> Result<()> {
    sqlx::query("DELETE FROM leases WHERE name = $1 AND holder = $2")
        .bind(name)
        .bind(holder)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Claims the AI's turn at `version` of `game` for `holder` until `until`; `false` while
/// another holder's claim on it runs.
pub async fn claim_ai_turn(
    tx: &mut Tx,
    game: GameId,
    version: i64,
    holder: &str,
    now: UnixMs,
    until: UnixMs,
) -> Result<bool> {
    let n = sqlx::query(
        "INSERT INTO ai_claims (game_id, version, holder, expires_at_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, holder = excluded.holder,
                                             expires_at_ms = excluded.expires_at_ms
         WHERE ai_claims.expires_at_ms <= $5 OR ai_claims.version <> excluded.version",
    )
    .bind(Int(game))
    .bind(version)
    .bind(holder)
    .bind(Int(until))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Ends `holder`'s claim on `game` (its move is written, or it gave up).
pub async fn release_ai_turn(tx: &mut Tx, game: GameId, holder: &str) -> Result<()> {
    sqlx::query("DELETE FROM ai_claims WHERE game_id = $1 AND holder = $2")
        .bind(Int(game))
        .bind(holder)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends every claim of `holder` (a process stopping).
pub async fn release_ai_turns_of(tx: &mut Tx, holder: &str) -> Result<u64> {
    Ok(sqlx::query("DELETE FROM ai_claims WHERE holder = $1")
        .bind(holder)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}
