//! Puzzles found in the games played on the bot, and which games were screened (migration
//! 0014).

use dama_model::UnixMs;

use super::types::{Int, MaybeInt, Word};
use super::{AttemptStatus, GameId, GameRow, GuildId, Result, Store, Tx, UserId};

/// A puzzle found in a game: a combination its player missed.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MinedRow {
    /// Its row number.
    pub id: i64,
    /// The start position: the key attempts and ratings use.
    pub puzzle: String,
    /// The whole puzzle, as a line of the puzzle file.
    pub line: String,
    /// The server the game was played in.
    #[sqlx(try_from = "MaybeInt<GuildId>")]
    pub guild_id: Option<GuildId>,
    /// The game.
    #[sqlx(try_from = "Int<GameId>")]
    pub game_id: GameId,
    /// The ply (from 0) of the position where it was missed.
    pub ply: i64,
    /// Who had the move and missed it.
    #[sqlx(try_from = "Int<UserId>")]
    pub player_id: UserId,
    /// When the game ended.
    #[sqlx(rename = "played_at_ms", try_from = "Int<UnixMs>")]
    pub played_at: UnixMs,
}

/// One combination missed in a game, to be kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMined {
    /// The start position (FEN).
    pub puzzle: String,
    /// The whole puzzle, as a line of the puzzle file.
    pub line: String,
    /// The ply (from 0) of the position where it was missed.
    pub ply: i64,
    /// Who had the move and missed it.
    pub player: UserId,
}

#[derive(sqlx::FromRow)]
struct TriedRow {
    puzzle: String,
    #[sqlx(try_from = "Word<AttemptStatus>")]
    status: AttemptStatus,
}

impl Store {
    /// Finished games not yet screened, the latest first.
    pub async fn games_to_mine(&self, limit: i64) -> Result<Vec<GameRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM games g WHERE status = 'finished'
               AND NOT EXISTS (SELECT 1 FROM mined_games m WHERE m.game_id = g.id)
             ORDER BY updated_at_ms DESC, id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The first puzzle found at this start position.
    pub async fn mined_puzzle(&self, puzzle: &str) -> Result<Option<MinedRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM mined_puzzles WHERE puzzle = $1 ORDER BY id LIMIT 1")
                .bind(puzzle)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The puzzles found in this server's games, in the order found.
    pub async fn mined_in(&self, guild: GuildId) -> Result<Vec<MinedRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM mined_puzzles WHERE guild_id = $1 ORDER BY id")
                .bind(Int(guild))
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// The combinations this player missed, in the order found.
    pub async fn mined_of(&self, user: UserId) -> Result<Vec<MinedRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM mined_puzzles WHERE player_id = $1 ORDER BY id")
                .bind(Int(user))
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Whether this game was screened, and how many puzzles it gave.
    pub async fn mined_game(&self, game: GameId) -> Result<Option<i64>> {
        Ok(
            sqlx::query_scalar("SELECT found FROM mined_games WHERE game_id = $1")
                .bind(Int(game))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Every puzzle this player finished (solved or failed), with how it went; an open one
    /// is left out.
    pub async fn puzzles_finished(&self, user: UserId) -> Result<Vec<(String, bool)>> {
        let rows: Vec<TriedRow> = sqlx::query_as(
            "SELECT puzzle, status FROM puzzle_attempts WHERE user_id = $1 AND status <> 'open'",
        )
        .bind(Int(user))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| (r.puzzle, r.status == AttemptStatus::Solved))
            .collect())
    }
}

/// Marks `game` screened, with what was found in it; `false` (and nothing written) when another
/// process did it first.
pub async fn record_mined(
    tx: &mut Tx,
    game: &GameRow,
    found: &[NewMined],
    now: UnixMs,
) -> Result<bool> {
    let marked = sqlx::query(
        "INSERT INTO mined_games (game_id, mined_at_ms, found) VALUES ($1, $2, $3)
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(Int(game.id))
    .bind(Int(now))
    .bind(found.len() as i64)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if marked == 0 {
        return Ok(false);
    }
    for m in found {
        sqlx::query(
            "INSERT INTO mined_puzzles (puzzle, line, guild_id, game_id, ply, player_id, played_at_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&m.puzzle)
        .bind(&m.line)
        .bind(game.guild_id.map(Int))
        .bind(Int(game.id))
        .bind(m.ply)
        .bind(Int(m.player))
        .bind(Int(game.updated_at))
        .execute(&mut **tx)
        .await?;
    }
    Ok(true)
}
