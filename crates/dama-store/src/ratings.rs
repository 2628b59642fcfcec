//! Ratings: one Glicko-2 rating per player and speed class (see
//! `migrations/0010_speed_ratings.sql`), their history, leaderboards and ranks.

use super::types::{Int, Word};
use super::{GameId, GuildId, PlayerRow, RatingPoint, Result, Store, Tx, UserId};
use dama_play::clock::SpeedClass;

/// A player's rating in one class as a [`PlayerRow`] (the name from `players`).
const RATING_ROW: &str = "SELECT r.user_id, p.name, r.rating, r.deviation, r.volatility, r.games,
                                 r.wins, r.losses, r.draws
                          FROM ratings r JOIN players p ON p.user_id = r.user_id";

/// The players of rated games finished on a server (a SQL condition on `r.user_id`): a game
/// between two servers counts for each server's own player, the one whose channel it is
/// (`game_channels`) for the second server, the other for the game's.
const PLAYED_ON: &str = "r.user_id IN (
    SELECT g.white_id FROM games g
    WHERE g.guild_id = $1 AND g.rated AND g.status = 'finished' AND g.speed = $2
      AND NOT EXISTS (SELECT 1 FROM game_channels c WHERE c.game_id = g.id AND c.player_id = g.white_id)
    UNION SELECT g.black_id FROM games g
    WHERE g.guild_id = $1 AND g.rated AND g.status = 'finished' AND g.speed = $2
      AND NOT EXISTS (SELECT 1 FROM game_channels c WHERE c.game_id = g.id AND c.player_id = g.black_id)
    UNION SELECT c.player_id FROM game_channels c JOIN games g ON g.id = c.game_id
    WHERE c.guild_id = $1 AND g.rated AND g.status = 'finished' AND g.speed = $2)";

impl Store {
    /// `user`'s rating in `speed`, if they have played a rated game of it.
    pub async fn rating(&self, user: UserId, speed: SpeedClass) -> Result<Option<PlayerRow>> {
        let sql = format!("{RATING_ROW} WHERE r.user_id = $1 AND r.speed = $2 AND r.games > 0");
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Int(user))
            .bind(Word(speed))
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Every class `user` has a rated game in, the most played first.
    pub async fn ratings_of(&self, user: UserId) -> Result<Vec<(SpeedClass, PlayerRow)>> {
        let mut out = Vec::new();
        let speeds: Vec<Word<SpeedClass>> = sqlx::query_scalar(
            "SELECT speed FROM ratings WHERE user_id = $1 AND games > 0 ORDER BY games DESC, speed",
        )
        .bind(Int(user))
        .fetch_all(&self.pool)
        .await?;
        for Word(speed) in speeds {
            if let Some(row) = self.rating(user, speed).await? {
                out.push((speed, row));
            }
        }
        Ok(out)
    }

    /// Players with a rated game in `speed`, best first; in one server's games or everywhere.
    pub async fn leaderboard(
        &self,
        guild: Option<GuildId>,
        speed: SpeedClass,
        limit: i64,
    ) -> Result<Vec<PlayerRow>> {
        let rows = match guild {
            Some(g) => {
                let sql = format!(
                    "{RATING_ROW} WHERE r.speed = $2 AND r.games > 0 AND {PLAYED_ON}
                     ORDER BY r.rating DESC, r.user_id LIMIT $3"
                );
                sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind(Int(g))
                    .bind(Word(speed))
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                let sql = format!(
                    "{RATING_ROW} WHERE r.speed = $1 AND r.games > 0
                     ORDER BY r.rating DESC, r.user_id LIMIT $2"
                );
                sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind(Word(speed))
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        Ok(rows)
    }

    /// The class with the most rated games, on one server or everywhere.
    pub async fn busiest_class(&self, guild: Option<GuildId>) -> Result<Option<SpeedClass>> {
        let busiest: Option<Word<SpeedClass>> = sqlx::query_scalar(
            "SELECT speed FROM games WHERE rated AND status = 'finished'
               AND ($1 IS NULL OR guild_id = $1)
             GROUP BY speed ORDER BY COUNT(*) DESC, speed LIMIT 1",
        )
        .bind(guild.map(Int))
        .fetch_optional(&self.pool)
        .await?;
        Ok(busiest.map(|Word(speed)| speed))
    }

    /// Where `rating` ranks among rated players of `speed` (1 is the best), on one server or
    /// everywhere.
    pub async fn rank(
        &self,
        rating: f64,
        speed: SpeedClass,
        guild: Option<GuildId>,
    ) -> Result<i64> {
        let better: i64 =
            match guild {
                Some(g) => {
                    let sql = format!(
                        "SELECT COUNT(*) FROM ratings r WHERE r.speed = $2 AND r.games > 0
                       AND r.rating > $3 AND {PLAYED_ON}"
                    );
                    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                        .bind(Int(g))
                        .bind(Word(speed))
                        .bind(rating)
                        .fetch_one(&self.pool)
                        .await?
                }
                None => sqlx::query_scalar(
                    "SELECT COUNT(*) FROM ratings WHERE speed = $1 AND games > 0 AND rating > $2",
                )
                .bind(Word(speed))
                .bind(rating)
                .fetch_one(&self.pool)
                .await?,
            };
        Ok(better + 1)
    }

    /// Whether `user` has played a rated game of `speed` on this server (counted as its
    /// leaderboard counts it).
    pub async fn rated_on(&self, user: UserId, guild: GuildId, speed: SpeedClass) -> Result<bool> {
        let sql = format!("SELECT COUNT(*) FROM players r WHERE r.user_id = $3 AND {PLAYED_ON}");
        Ok(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
            .bind(Int(guild))
            .bind(Word(speed))
            .bind(Int(user))
            .fetch_one(&self.pool)
            .await?
            > 0)
    }

    /// What `game` did to `user`'s rating in `speed`: the rating after it, and the change (from
    /// the rating after their rated game before it, or the starting rating); `None` where the
    /// game was not rated for them.
    pub async fn rating_change(
        &self,
        game: GameId,
        user: UserId,
        speed: SpeedClass,
    ) -> Result<Option<(f64, f64)>> {
        // The game's row by the key, the one before it by the index on the player's time.
        let row: Option<(f64, Option<f64>)> = sqlx::query_as(
            "SELECT h.rating,
                    (SELECT p.rating FROM rating_history p
                     WHERE p.user_id = h.user_id AND p.speed = h.speed
                       AND (p.played_at_ms < h.played_at_ms
                            OR (p.played_at_ms = h.played_at_ms AND p.game_id < h.game_id))
                     ORDER BY p.played_at_ms DESC, p.game_id DESC LIMIT 1)
             FROM rating_history h
             WHERE h.user_id = $1 AND h.game_id = $2 AND h.speed = $3",
        )
        .bind(Int(user))
        .bind(Int(game))
        .bind(Word(speed))
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|(after, before)| {
            let before = before.unwrap_or(PlayerRow::unrated(user, String::new()).rating);
            (after, after - before)
        }))
    }

    /// A player's ratings in `speed` after each rated game, oldest first.
    pub async fn rating_history(
        &self,
        user: UserId,
        speed: SpeedClass,
    ) -> Result<Vec<RatingPoint>> {
        Ok(sqlx::query_as(
            "SELECT game_id, rating, deviation, played_at_ms FROM rating_history
             WHERE user_id = $1 AND speed = $2 ORDER BY played_at_ms, game_id",
        )
        .bind(Int(user))
        .bind(Word(speed))
        .fetch_all(&self.pool)
        .await?)
    }
}

/// `user`'s rating in `speed` inside a transaction; a new player's when they have none.
pub async fn rating_in(tx: &mut Tx, user: UserId, speed: SpeedClass) -> Result<PlayerRow> {
    let sql = format!("{RATING_ROW} WHERE r.user_id = $1 AND r.speed = $2");
    let row: Option<PlayerRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(Int(user))
        .bind(Word(speed))
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.unwrap_or_else(|| PlayerRow::unrated(user, String::new())))
}

/// Stores `user`'s new rating in `speed` and counts one more game with `score` (1, ½ or 0).
pub async fn rate(
    tx: &mut Tx,
    user: UserId,
    speed: SpeedClass,
    rating: (f64, f64, f64),
    score: f64,
) -> Result<()> {
    let (win, loss, draw) = (
        i64::from(score == 1.0),
        i64::from(score == 0.0),
        i64::from(score == 0.5),
    );
    sqlx::query(
        "INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, wins, losses, draws)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8)
         ON CONFLICT (user_id, speed) DO UPDATE SET
             rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, games = ratings.games + 1,
             wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,
             draws = ratings.draws + excluded.draws",
    )
    .bind(Int(user))
    .bind(Word(speed))
    .bind(rating.0)
    .bind(rating.1)
    .bind(rating.2)
    .bind(win)
    .bind(loss)
    .bind(draw)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Records `user`'s rating in `speed` after `game` (once: a second write of the same game is
/// ignored).
pub async fn record_rating(
    tx: &mut Tx,
    user: UserId,
    speed: SpeedClass,
    point: RatingPoint,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO rating_history (user_id, game_id, rating, deviation, played_at_ms, speed)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, game_id) DO NOTHING",
    )
    .bind(Int(user))
    .bind(Int(point.game_id))
    .bind(point.rating)
    .bind(point.deviation)
    .bind(Int(point.played_at))
    .bind(Word(speed))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
