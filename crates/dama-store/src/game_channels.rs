//! A game's second channel: a game between two servers is played from a channel in each (see
//! `migrations/sqlite/0025_network.sql`). The game's own channel keeps its bookkeeping in
//! `games`; the other keeps the same here (what it was shown, the claim on a post it is owed,
//! its newest board), so each channel is told every change once.

use super::types::{Int, MaybeInt};
use super::{ChannelId, GameId, GuildId, MessageId, Result, Store, Tx, UserId};
use dama_model::{Shown, UnixMs};

/// A game's other channel.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameChannelRow {
    /// The game.
    #[sqlx(try_from = "Int<GameId>")]
    pub game_id: GameId,
    /// The channel's server.
    #[sqlx(try_from = "Int<GuildId>")]
    pub guild_id: GuildId,
    /// The channel (a thread of where its player sought).
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// The player who plays from it.
    #[sqlx(try_from = "Int<UserId>")]
    pub player_id: UserId,
    /// The game's version it was last shown.
    pub posted_version: i64,
    /// The game's plies then.
    pub posted_ply: i64,
    /// Its newest board.
    #[sqlx(try_from = "MaybeInt<MessageId>")]
    pub board_message_id: Option<MessageId>,
}

/// A second channel owed a post, with its game's version.
#[derive(sqlx::FromRow)]
struct OwedSecond {
    #[sqlx(flatten)]
    channel: GameChannelRow,
    version: i64,
}

const ROW: &str = "SELECT game_id, guild_id, channel_id, player_id, posted_version, posted_ply,
                          board_message_id FROM game_channels";

/// Gives `game` a second channel, in `guild`, played from by `player`: owed its first board.
pub async fn add_game_channel(
    tx: &mut Tx,
    game: GameId,
    guild: GuildId,
    channel: ChannelId,
    player: UserId,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_channels (game_id, guild_id, channel_id, player_id) VALUES ($1, $2, $3, $4)",
    )
    .bind(Int(game))
    .bind(Int(guild))
    .bind(Int(channel))
    .bind(Int(player))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Claims for this process, until `until`, the post `channel` is owed of `game` (its own
/// channel or its second): false where it is owed none or another process holds the claim
/// at `now`.
pub async fn claim_post(
    tx: &mut Tx,
    game: GameId,
    channel: ChannelId,
    until: UnixMs,
    now: UnixMs,
) -> Result<bool> {
    let own = sqlx::query(
        "UPDATE games SET post_claimed_until_ms = $1
         WHERE id = $2 AND channel_id = $3 AND posted_version < version
           AND (post_claimed_until_ms IS NULL OR post_claimed_until_ms <= $4)",
    )
    .bind(Int(until))
    .bind(Int(game))
    .bind(Int(channel))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if own == 1 {
        return Ok(true);
    }
    let second = sqlx::query(
        "UPDATE game_channels SET post_claimed_until_ms = $1
         WHERE game_id = $2 AND channel_id = $3
           AND posted_version < (SELECT version FROM games WHERE id = $2)
           AND (post_claimed_until_ms IS NULL OR post_claimed_until_ms <= $4)",
    )
    .bind(Int(until))
    .bind(Int(game))
    .bind(Int(channel))
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(second == 1)
}

/// Notes what `channel` was shown of its game (an older showing than one noted changes
/// nothing), and lets go of any claim on its post. A channel that is neither of the game's
/// counts for its own.
pub async fn set_posted_in(tx: &mut Tx, channel: ChannelId, s: &Shown) -> Result<()> {
    // The game's own channel, or else its second.
    for table in [
        "UPDATE games SET posted_version = CASE WHEN posted_version < $1 THEN $1 ELSE posted_version END,
                          posted_ply = CASE WHEN posted_version < $1 THEN $2 ELSE posted_ply END,
                          post_claimed_until_ms = NULL
         WHERE id = $3 AND channel_id = $4",
        "UPDATE game_channels SET
                 posted_version = CASE WHEN posted_version < $1 THEN $1 ELSE posted_version END,
                 posted_ply = CASE WHEN posted_version < $1 THEN $2 ELSE posted_ply END,
                 post_claimed_until_ms = NULL
         WHERE game_id = $3 AND channel_id = $4",
    ] {
        let n = sqlx::query(table)
            .bind(s.version)
            .bind(s.ply)
            .bind(Int(s.game))
            .bind(Int(channel))
            .execute(&mut **tx)
            .await?
            .rows_affected();
        if n > 0 {
            return Ok(());
        }
    }
    // Neither (a board shown elsewhere): the game's own account, as before it had two.
    super::set_posted_own(tx, std::slice::from_ref(s)).await
}

/// Remembers `message` as the newest board of `game` in its second channel `channel`; the
/// board it replaces (or `message` itself, when a newer one is known already). `None` where
/// `channel` is not a second channel of `game`.
pub async fn set_second_board(
    tx: &mut Tx,
    game: GameId,
    channel: ChannelId,
    message: MessageId,
) -> Result<Option<Option<MessageId>>> {
    let stored: Option<(Option<Int<MessageId>>,)> = sqlx::query_as(
        "SELECT board_message_id FROM game_channels WHERE game_id = $1 AND channel_id = $2",
    )
    .bind(Int(game))
    .bind(Int(channel))
    .fetch_optional(&mut **tx)
    .await?;
    let Some((stored,)) = stored else {
        return Ok(None);
    };
    match stored.map(|Int(m)| m) {
        Some(p) if p == message => Ok(Some(None)),
        Some(p) if p.0 > message.0 => Ok(Some(Some(message))),
        previous => {
            sqlx::query(
                "UPDATE game_channels SET board_message_id = $3 WHERE game_id = $1 AND channel_id = $2",
            )
            .bind(Int(game))
            .bind(Int(channel))
            .bind(Int(message))
            .execute(&mut **tx)
            .await?;
            Ok(Some(previous))
        }
    }
}

/// Claims the post `game` owes its second channel `channel` at `version`, as
/// [`claim_owed_post`](super::claim_owed_post) does for its own.
pub async fn claim_owed_second_post(
    tx: &mut Tx,
    game: GameId,
    channel: ChannelId,
    version: i64,
    until: UnixMs,
    now: UnixMs,
) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE game_channels SET post_claimed_until_ms = $1
         WHERE game_id = $2 AND channel_id = $3 AND posted_version < $4
           AND $4 = (SELECT version FROM games WHERE id = $2)
           AND (post_claimed_until_ms IS NULL OR post_claimed_until_ms <= $5)",
    )
    .bind(Int(until))
    .bind(Int(game))
    .bind(Int(channel))
    .bind(version)
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

impl Store {
    /// The second channels of `game` (none but for a game between two servers).
    pub async fn second_channels(&self, game: GameId) -> Result<Vec<GameChannelRow>> {
        let sql = format!("{ROW} WHERE game_id = $1");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Int(game))
            .fetch_all(&self.pool)
            .await?)
    }

    /// The second channels owed a post since `changed_by` or earlier, unclaimed at `now`:
    /// each with the game's version then.
    pub async fn owed_second_posts(
        &self,
        changed_by: UnixMs,
        now: UnixMs,
        limit: i64,
    ) -> Result<Vec<(GameChannelRow, i64)>> {
        let rows: Vec<OwedSecond> = sqlx::query_as(
            "SELECT c.game_id, c.guild_id, c.channel_id, c.player_id, c.posted_version,
                    c.posted_ply, c.board_message_id, g.version
             FROM game_channels c JOIN games g ON g.id = c.game_id
             WHERE c.posted_version < g.version AND g.updated_at_ms <= $1
               AND (c.post_claimed_until_ms IS NULL OR c.post_claimed_until_ms <= $2)
             ORDER BY g.updated_at_ms LIMIT $3",
        )
        .bind(Int(changed_by))
        .bind(Int(now))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.channel, r.version)).collect())
    }
}
