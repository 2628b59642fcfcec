//! Quick pairing's rows: the seeks waiting in pools, and the meetings a wave made of two of
//! them (see `migrations/sqlite/0022_seeks.sql`). A seek is ended with one conditional write,
//! so a wave on any process uses it at most once.

use super::types::{Int, MaybeInt, Word};
use super::yes_no::YesNo;
use super::{ChannelId, GameId, GuildId, Result, Store, Tx, UserId};
use dama_model::{Change, MeetingId, SeekId, UnixMs};
use dama_play::clock::TimeControl;

/// A player waiting in a pool.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SeekRow {
    /// The seek.
    #[sqlx(try_from = "Int<SeekId>")]
    pub id: SeekId,
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// The server they sought in.
    #[sqlx(try_from = "Int<GuildId>")]
    pub guild_id: GuildId,
    /// The channel they sought in: their game opens there (a thread of it).
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// The pool's clock.
    #[sqlx(try_from = "Word<TimeControl>")]
    pub time_control: TimeControl,
    /// A rated game wanted.
    #[sqlx(try_from = "YesNo")]
    pub rated: bool,
    /// Paired across the network too, when no one in its server suits.
    #[sqlx(try_from = "YesNo")]
    pub everywhere: bool,
    /// When they began to wait.
    #[sqlx(rename = "created_at_ms", try_from = "Int<UnixMs>")]
    pub created_at: UnixMs,
    /// When the seek ends unpaired.
    #[sqlx(rename = "expires_at_ms", try_from = "Int<UnixMs>")]
    pub expires_at: UnixMs,
}

/// A waiting seek with the player's rating in the pool's speed class (Glicko-2's starting
/// values where they have none).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct WaitingRow {
    /// The seek.
    #[sqlx(flatten)]
    pub seek: SeekRow,
    /// Their rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

/// Two seeks a wave paired: the game to start.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MeetingRow {
    /// The meeting.
    #[sqlx(try_from = "Int<MeetingId>")]
    pub id: MeetingId,
    /// White.
    #[sqlx(try_from = "Int<UserId>")]
    pub white_id: UserId,
    /// Black.
    #[sqlx(try_from = "Int<UserId>")]
    pub black_id: UserId,
    /// The server.
    #[sqlx(try_from = "Int<GuildId>")]
    pub guild_id: GuildId,
    /// Where the player who waited longer sought: the game opens there (a thread of it).
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// The clock.
    #[sqlx(try_from = "Word<TimeControl>")]
    pub time_control: TimeControl,
    /// Rated.
    #[sqlx(try_from = "YesNo")]
    pub rated: bool,
    /// Across servers: the other player's server, where they play from a thread of the
    /// channel they sought in (`other_channel_id`).
    #[sqlx(try_from = "MaybeInt<GuildId>")]
    pub other_guild_id: Option<GuildId>,
    /// That channel.
    #[sqlx(try_from = "MaybeInt<ChannelId>")]
    pub other_channel_id: Option<ChannelId>,
    /// That player.
    #[sqlx(try_from = "MaybeInt<UserId>")]
    pub other_player_id: Option<UserId>,
    /// The game, once started.
    #[sqlx(try_from = "MaybeInt<GameId>")]
    pub game_id: Option<GameId>,
}

const SEEK: &str = "SELECT id, user_id, guild_id, channel_id, time_control, rated, everywhere,
                           created_at_ms, expires_at_ms FROM seeks";
const MEETING: &str = "id, white_id, black_id, guild_id, channel_id, time_control, rated,
                       other_guild_id, other_channel_id, other_player_id, game_id";

/// Ends `user`'s waiting seek, if any, as left; the clock it was for.
pub async fn leave_pool(tx: &mut Tx, user: UserId) -> Result<Option<TimeControl>> {
    let left: Option<Word<TimeControl>> = sqlx::query_scalar(
        "UPDATE seeks SET status = 'left' WHERE user_id = $1 AND status = 'waiting'
         RETURNING time_control",
    )
    .bind(Int(user))
    .fetch_optional(&mut **tx)
    .await?;
    if left.is_some() {
        tx.changed(Change::Lobby);
    }
    Ok(left.map(|Word(c)| c))
}

/// Puts a player in a pool (`id` and `status` ignored); they must not be waiting in another.
pub async fn insert_seek(tx: &mut Tx, s: &SeekRow) -> Result<SeekId> {
    tx.changed(Change::Lobby);
    Ok(sqlx::query_scalar(
        "INSERT INTO seeks (user_id, guild_id, channel_id, time_control, speed, rated,
                            everywhere, created_at_ms, expires_at_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(Int(s.user_id))
    .bind(Int(s.guild_id))
    .bind(Int(s.channel_id))
    .bind(Word(s.time_control))
    .bind(Word(s.time_control.speed()))
    .bind(s.rated)
    .bind(s.everywhere)
    .bind(Int(s.created_at))
    .bind(Int(s.expires_at))
    .fetch_one(&mut **tx)
    .await
    .map(|Int(id)| id)?)
}

/// Ends every seek waiting in `guild` (the bot left it); how many.
pub async fn leave_server_pools(tx: &mut Tx, guild: GuildId) -> Result<u64> {
    tx.changed(Change::Lobby);
    Ok(
        sqlx::query("UPDATE seeks SET status = 'left' WHERE guild_id = $1 AND status = 'waiting'")
            .bind(Int(guild))
            .execute(&mut **tx)
            .await?
            .rows_affected(),
    )
}

/// Ends `user`'s seek waiting in `guild` (they left the server); whether there was one.
pub async fn leave_server_pool(tx: &mut Tx, guild: GuildId, user: UserId) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE seeks SET status = 'left' WHERE guild_id = $1 AND user_id = $2 AND status = 'waiting'",
    )
    .bind(Int(guild))
    .bind(Int(user))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if n > 0 {
        tx.changed(Change::Lobby);
    }
    Ok(n > 0)
}

/// How many wait for a clock (`$2`) in a server (`$1`).
const POOL_SIZE: &str =
    "SELECT COUNT(*) FROM seeks WHERE status = 'waiting' AND guild_id = $1 AND time_control = $2";

/// How many wait for `control` in `guild`, as this transaction sees it.
pub async fn pool_size_in(tx: &mut Tx, guild: GuildId, control: TimeControl) -> Result<i64> {
    Ok(sqlx::query_scalar(POOL_SIZE)
        .bind(Int(guild))
        .bind(Word(control))
        .fetch_one(&mut **tx)
        .await?)
}

/// Ends the seeks whose time is up; the ones ended.
pub async fn expire_seeks(tx: &mut Tx, now: UnixMs) -> Result<Vec<SeekRow>> {
    let expired: Vec<SeekRow> = sqlx::query_as(
        "UPDATE seeks SET status = 'expired' WHERE status = 'waiting' AND expires_at_ms <= $1
         RETURNING id, user_id, guild_id, channel_id, time_control, rated, everywhere,
                   created_at_ms, expires_at_ms",
    )
    .bind(Int(now))
    .fetch_all(&mut **tx)
    .await?;
    if !expired.is_empty() {
        tx.changed(Change::Lobby);
    }
    Ok(expired)
}

/// Ends the seeks of players who start a game: a game started takes them out of every pool.
pub(crate) async fn leave_pools(tx: &mut Tx, players: [Option<UserId>; 2]) -> Result<()> {
    for user in players.into_iter().flatten() {
        leave_pool(tx, user).await?;
    }
    Ok(())
}

/// Pairs two waiting seeks, White's first, ending both: the meeting, or `None` if either was
/// no longer waiting (nothing is then written; roll the transaction back). The game is the
/// server's where the player who waited longer sought; from two servers, the other player's
/// server and channel are the meeting's other place.
pub async fn meet(
    tx: &mut Tx,
    white: SeekId,
    black: SeekId,
    now: UnixMs,
) -> Result<Option<MeetingRow>> {
    let ended = sqlx::query(
        "UPDATE seeks SET status = 'paired' WHERE id IN ($1, $2) AND status = 'waiting'",
    )
    .bind(Int(white))
    .bind(Int(black))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if ended != 2 {
        return Ok(None);
    }
    tx.changed(Change::Lobby);
    let sql = format!(
        "INSERT INTO meetings (white_seek, black_seek, white_id, black_id, guild_id, channel_id,
                               time_control, rated, other_guild_id, other_channel_id,
                               other_player_id, created_at_ms, told_at_ms)
         SELECT w.id, b.id, w.user_id, b.user_id, f.guild_id, f.channel_id, w.time_control,
                w.rated,
                CASE WHEN f.guild_id <> l.guild_id THEN l.guild_id END,
                CASE WHEN f.guild_id <> l.guild_id THEN l.channel_id END,
                CASE WHEN f.guild_id <> l.guild_id THEN l.user_id END,
                $3, $3
         FROM seeks w, seeks b, seeks f, seeks l
         WHERE w.id = $1 AND b.id = $2
           AND f.id = CASE WHEN w.created_at_ms <= b.created_at_ms THEN w.id ELSE b.id END
           AND l.id = CASE WHEN w.created_at_ms <= b.created_at_ms THEN b.id ELSE w.id END
         RETURNING {MEETING}"
    );
    Ok(Some(
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Int(white))
            .bind(Int(black))
            .bind(Int(now))
            .fetch_one(&mut **tx)
            .await?,
    ))
}

/// Notes the meeting's game; `false` if it already has one (another process started it).
pub async fn start_meeting(tx: &mut Tx, meeting: MeetingId, game: GameId) -> Result<bool> {
    let n = sqlx::query("UPDATE meetings SET game_id = $2 WHERE id = $1 AND game_id IS NULL")
        .bind(Int(meeting))
        .bind(Int(game))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// Claims, for telling again, the meetings made after `since` whose game was not started and
/// that were last told before `before` (their process died, or the start failed for a while).
pub async fn claim_unstarted_meetings(
    tx: &mut Tx,
    since: UnixMs,
    before: UnixMs,
    now: UnixMs,
) -> Result<Vec<MeetingRow>> {
    let sql = format!(
        "UPDATE meetings SET told_at_ms = $3
         WHERE game_id IS NULL AND NOT abandoned AND created_at_ms > $1 AND told_at_ms < $2
         RETURNING {MEETING}"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(Int(since))
        .bind(Int(before))
        .bind(Int(now))
        .fetch_all(&mut **tx)
        .await?)
}

/// Gives the meeting up: no game could be opened for it (its players were told).
pub async fn abandon_meeting(tx: &mut Tx, meeting: MeetingId) -> Result<bool> {
    let n = sqlx::query("UPDATE meetings SET abandoned = $2 WHERE id = $1 AND game_id IS NULL")
        .bind(Int(meeting))
        .bind(true)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(n == 1)
}

impl Store {
    /// Whether `user` plays a running game on a live clock.
    pub async fn plays_live(&self, user: UserId) -> Result<bool> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status = 'running' AND white_ms IS NOT NULL
               AND (white_id = $1 OR black_id = $1)",
        )
        .bind(Int(user))
        .fetch_one(&self.pool)
        .await?;
        Ok(n > 0)
    }

    /// `user`'s waiting seek, if any.
    pub async fn waiting_seek(&self, user: UserId) -> Result<Option<SeekRow>> {
        let sql = format!("{SEEK} WHERE user_id = $1 AND status = 'waiting'");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Int(user))
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Every waiting seek with its player's rating, oldest first.
    pub async fn waiting_seeks(&self) -> Result<Vec<WaitingRow>> {
        Ok(sqlx::query_as(
            "SELECT s.id, s.user_id, s.guild_id, s.channel_id, s.time_control, s.rated,
                    s.everywhere, s.created_at_ms, s.expires_at_ms,
                    COALESCE(r.rating, 1500.0) AS rating, COALESCE(r.deviation, 350.0) AS deviation
             FROM seeks s LEFT JOIN ratings r ON r.user_id = s.user_id AND r.speed = s.speed
             WHERE s.status = 'waiting' ORDER BY s.created_at_ms, s.id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// How many wait for `control` in `guild`.
    pub async fn pool_size(&self, guild: GuildId, control: TimeControl) -> Result<i64> {
        Ok(sqlx::query_scalar(POOL_SIZE)
            .bind(Int(guild))
            .bind(Word(control))
            .fetch_one(&self.pool)
            .await?)
    }

    /// How many seeks `user` made since `since` (a flood of seeks is refused).
    pub async fn seeks_since(&self, user: UserId, since: UnixMs) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM seeks WHERE user_id = $1 AND created_at_ms >= $2",
        )
        .bind(Int(user))
        .bind(Int(since))
        .fetch_one(&self.pool)
        .await?)
    }

    /// The games between two people since `since` where one of them waits in a pool: (White,
    /// Black, last changed), newest first. A wave reads whom each just met and their colours.
    pub async fn games_of_waiting(&self, since: UnixMs) -> Result<Vec<(UserId, UserId, UnixMs)>> {
        let rows: Vec<(Int<UserId>, Int<UserId>, Int<UnixMs>)> = sqlx::query_as(
            "SELECT white_id, black_id, updated_at_ms FROM games
             WHERE white_id IS NOT NULL AND black_id IS NOT NULL AND updated_at_ms >= $1
               AND (white_id IN (SELECT user_id FROM seeks WHERE status = 'waiting')
                    OR black_id IN (SELECT user_id FROM seeks WHERE status = 'waiting'))
             ORDER BY updated_at_ms DESC",
        )
        .bind(Int(since))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(w, b, t)| (w.0, b.0, t.0)).collect())
    }

    /// The meeting `id`.
    pub async fn meeting(&self, id: MeetingId) -> Result<Option<MeetingRow>> {
        let sql = format!("SELECT {MEETING} FROM meetings WHERE id = $1");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Int(id))
            .fetch_optional(&self.pool)
            .await?)
    }
}
