//! What the web pages read, and the one setting they honour: which servers are listed.

use super::types::{Int, MaybeWord, Word};
use dama_play::clock::{SpeedClass, TimeControl};
use dama_rules::{Color, GameResult};

use super::{GameId, GameRow, GuildId, Result, Store, TournamentRow, Tx, UserId};

/// A rated game of a player on a listed server: the rating it left them with, and how it went.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PublicRatedGame {
    #[sqlx(try_from = "Word<SpeedClass>")]
    /// The game's speed class.
    pub speed: SpeedClass,
    /// The player's rating after it.
    pub rating: f64,
    /// The result, from White's side.
    #[sqlx(try_from = "MaybeWord<GameResult>")]
    pub result: Option<GameResult>,
    /// 1 when the player had White.
    pub white: i64,
}

impl PublicRatedGame {
    /// 2 for a win, 1 for a draw, 0 for a loss.
    pub fn halves(&self) -> u8 {
        let side = if self.white == 1 {
            Color::White
        } else {
            Color::Black
        };
        match self.result {
            Some(GameResult::Win(c)) if c == side => 2,
            Some(GameResult::Draw) => 1,
            _ => 0,
        }
    }
}

/// A server listed on the web.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PublicServer {
    /// The server.
    #[sqlx(try_from = "Int<GuildId>")]
    pub guild_id: GuildId,
    /// Its name on Discord when it was listed.
    pub name: String,
}

/// Whether a text can be a game's web key (32 lowercase hex digits), before asking the
/// database.
pub fn is_web_key(key: &str) -> bool {
    key.len() == 32
        && key
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Store {
    /// The game whose page link carries `key`.
    pub async fn game_by_web_key(&self, key: &str) -> Result<Option<GameRow>> {
        if !is_web_key(key) {
            return Ok(None);
        }
        Ok(sqlx::query_as("SELECT * FROM games WHERE web_key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The game's latest analysis as stored, and the game's version it was made at.
    pub async fn analysis(&self, game: GameId) -> Result<Option<(i64, String)>> {
        Ok(
            sqlx::query_as("SELECT version, analysis FROM analyses WHERE game_id = $1")
                .bind(Int(game))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The server, if it chose to be listed on the web.
    pub async fn public_server(&self, guild: GuildId) -> Result<Option<PublicServer>> {
        Ok(
            sqlx::query_as("SELECT guild_id, name FROM web_public WHERE guild_id = $1")
                .bind(Int(guild))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Every server listed on the web, by name.
    pub async fn public_servers(&self) -> Result<Vec<PublicServer>> {
        Ok(
            sqlx::query_as("SELECT guild_id, name FROM web_public ORDER BY name, guild_id")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// The running games of every listed server, newest first.
    pub async fn listed_running_games(&self, limit: i64) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE status = 'running'
               AND guild_id IN (SELECT guild_id FROM web_public)
             ORDER BY id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// How many wait in each pool, by clock: in `guild`, or in every server (`None`). Clocks
    /// nobody waits for are left out.
    pub async fn pool_counts(&self, guild: Option<GuildId>) -> Result<Vec<(TimeControl, i64)>> {
        let rows: Vec<(Word<TimeControl>, i64)> = sqlx::query_as(
            "SELECT time_control, COUNT(*) FROM seeks
             WHERE status = 'waiting' AND ($1 IS NULL OR guild_id = $1)
             GROUP BY time_control",
        )
        .bind(guild.map(Int))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(Word(c), n)| (c, n)).collect())
    }

    /// A listed server's running games, newest first.
    pub async fn public_running_games(&self, guild: GuildId, limit: i64) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE guild_id = $1 AND status = 'running'
               AND guild_id IN (SELECT guild_id FROM web_public)
             ORDER BY id DESC LIMIT $2",
        )
        .bind(Int(guild))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's latest games played on listed servers, newest first (games elsewhere are
    /// reachable only by their link).
    pub async fn public_games_of(&self, user: UserId, limit: i64) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games WHERE (white_id = $1 OR black_id = $1) AND status <> 'aborted'
               AND guild_id IN (SELECT guild_id FROM web_public)
             ORDER BY id DESC LIMIT $2",
        )
        .bind(Int(user))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }
}

impl Store {
    /// A tournament of a listed server, and nothing for one elsewhere or none at all: one
    /// query either way, so neither answer is told apart by its time.
    pub async fn public_tournament(
        &self,
        id: super::TournamentId,
    ) -> Result<Option<TournamentRow>> {
        Ok(sqlx::query_as(
            "SELECT t.* FROM tournaments t JOIN web_public w ON w.guild_id = t.guild_id
             WHERE t.id = $1",
        )
        .bind(Int(id))
        .fetch_optional(&self.pool)
        .await?)
    }

    /// A player's rated games on listed servers, oldest first, with the rating after each.
    pub async fn public_rated_games_of(&self, user: UserId) -> Result<Vec<PublicRatedGame>> {
        Ok(sqlx::query_as(
            "SELECT h.speed, h.rating, g.result,
                    CASE WHEN g.white_id = $1 THEN 1 ELSE 0 END AS white
             FROM rating_history h JOIN games g ON g.id = h.game_id
             WHERE h.user_id = $1 AND g.status = 'finished'
               AND g.guild_id IN (SELECT guild_id FROM web_public)
             ORDER BY h.played_at_ms, h.game_id",
        )
        .bind(Int(user))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's daily and practice puzzles tried on listed servers: solved, and failed.
    pub async fn public_puzzles_of(&self, user: UserId) -> Result<(i64, i64)> {
        Ok(sqlx::query_as(
            "SELECT COALESCE(SUM(CASE WHEN status = 'solved' THEN 1 ELSE 0 END), 0),
                    COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0)
             FROM puzzle_attempts
             WHERE user_id = $1 AND guild_id IN (SELECT guild_id FROM web_public)",
        )
        .bind(Int(user))
        .fetch_one(&self.pool)
        .await?)
    }
}

/// Lists the server on the web (with its current name), or stops listing it.
pub async fn set_public(tx: &mut Tx, guild: GuildId, name: &str, public: bool) -> Result<()> {
    sqlx::query("DELETE FROM web_public WHERE guild_id = $1")
        .bind(Int(guild))
        .execute(&mut **tx)
        .await?;
    if public {
        sqlx::query("INSERT INTO web_public (guild_id, name) VALUES ($1, $2)")
            .bind(Int(guild))
            .bind(name)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Keeps a game's analysis (made at `version`), in place of any before.
pub async fn save_analysis(tx: &mut Tx, game: GameId, version: i64, text: &str) -> Result<()> {
    sqlx::query("DELETE FROM analyses WHERE game_id = $1")
        .bind(Int(game))
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO analyses (game_id, version, analysis) VALUES ($1, $2, $3)")
        .bind(Int(game))
        .bind(version)
        .bind(text)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
