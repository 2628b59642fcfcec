//! The servers in the network, whose players may seek a game everywhere (see
//! `migrations/sqlite/0025_network.sql`).

use super::types::{Int, Word};
use super::{GuildId, Result, SeekRow, Store, Tx, UserId};
use dama_model::{Change, UnixMs};
use dama_play::clock::TimeControl;

/// Puts `guild` in the network; false if it was in already.
pub async fn join_network(tx: &mut Tx, guild: GuildId, by: UserId, now: UnixMs) -> Result<bool> {
    let n = sqlx::query(
        "INSERT INTO network_servers (guild_id, joined_by, joined_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (guild_id) DO NOTHING",
    )
    .bind(Int(guild))
    .bind(Int(by))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Takes `guild` out of the network, ending its seeks for a game everywhere (the ones ended);
/// `None` if it was not in.
pub async fn leave_network(tx: &mut Tx, guild: GuildId) -> Result<Option<Vec<SeekRow>>> {
    let n = sqlx::query("DELETE FROM network_servers WHERE guild_id = $1")
        .bind(Int(guild))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    if n == 0 {
        return Ok(None);
    }
    let ended: Vec<SeekRow> = sqlx::query_as(
        "UPDATE seeks SET status = 'left'
         WHERE guild_id = $1 AND everywhere = $2 AND status = 'waiting'
         RETURNING id, user_id, guild_id, channel_id, time_control, rated, everywhere,
                   created_at_ms, expires_at_ms",
    )
    .bind(Int(guild))
    .bind(true)
    .fetch_all(&mut **tx)
    .await?;
    if !ended.is_empty() {
        tx.changed(Change::Lobby);
    }
    Ok(Some(ended))
}

/// How many wait for a clock (`$2`) everywhere (`$1`: true).
const NETWORK_POOL_SIZE: &str =
    "SELECT COUNT(*) FROM seeks WHERE status = 'waiting' AND everywhere = $1 AND time_control = $2";

/// How many wait for `control` to be paired everywhere, every server of the network together.
pub async fn network_pool_size_in(tx: &mut Tx, control: TimeControl) -> Result<i64> {
    Ok(sqlx::query_scalar(NETWORK_POOL_SIZE)
        .bind(true)
        .bind(Word(control))
        .fetch_one(&mut **tx)
        .await?)
}

impl Store {
    /// Whether `guild` is in the network.
    pub async fn in_network(&self, guild: GuildId) -> Result<bool> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM network_servers WHERE guild_id = $1")
            .bind(Int(guild))
            .fetch_one(&self.pool)
            .await?;
        Ok(n > 0)
    }

    /// How many wait for `control` to be paired everywhere.
    pub async fn network_pool_size(&self, control: TimeControl) -> Result<i64> {
        Ok(sqlx::query_scalar(NETWORK_POOL_SIZE)
            .bind(true)
            .bind(Word(control))
            .fetch_one(&self.pool)
            .await?)
    }

    /// How many servers are in the network.
    pub async fn network_size(&self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM network_servers")
            .fetch_one(&self.pool)
            .await?)
    }
}
