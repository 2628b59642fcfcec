//! Tournaments in the store: the tournament, its entrants and its pairings. Each write names
//! what it expects (the status, the rounds paired, a pairing without a game or a result), so
//! two processes racing each other change it once.

use super::Change;
use super::GameStatus;
use super::tournament_rows::{
    EntrantRow, Joined, NewEntry, NewPairing, NewTournament, PairingRow, TournamentResultRow,
    TournamentRow,
};
use super::types::{Int, Word};
use super::yes_no::YesNo;
use super::{
    ChannelId, GameId, GuildId, MessageId, Result, Store, TournamentId, TournamentStatus, Tx,
    UserId,
};
use dama_model::{PairingId, UnixMs};
use dama_rules::{Color, GameResult, Reason};

impl Store {
    /// A player's finished tournaments, the newest first.
    pub async fn tournament_results_of(&self, user: UserId) -> Result<Vec<TournamentResultRow>> {
        Ok(sqlx::query_as(
            "SELECT t.id, t.name, p.place,
                    (SELECT COUNT(*) FROM tournament_players q
                      WHERE q.tournament_id = t.id AND q.place IS NOT NULL) AS players,
                    COALESCE(t.ends_at_ms, t.created_at_ms) AS ended_at_ms
               FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
              WHERE p.user_id = $1 AND t.status = 'finished' AND p.place IS NOT NULL
              ORDER BY ended_at_ms DESC, t.id DESC",
        )
        .bind(Int(user))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A tournament by its id.
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>> {
        Ok(sqlx::query_as("SELECT * FROM tournaments WHERE id = $1")
            .bind(Int(id))
            .fetch_optional(&self.pool)
            .await?)
    }

    /// A server's tournaments that are open or running, the newest first.
    pub async fn live_tournaments(&self, guild: GuildId) -> Result<Vec<TournamentRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM tournaments WHERE guild_id = $1 AND status IN ('open', 'running')
             ORDER BY id DESC",
        )
        .bind(Int(guild))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A server's latest tournament of any status.
    pub async fn latest_tournament(&self, guild: GuildId) -> Result<Option<TournamentRow>> {
        Ok(
            sqlx::query_as(
                "SELECT * FROM tournaments WHERE guild_id = $1 ORDER BY id DESC LIMIT 1",
            )
            .bind(Int(guild))
            .fetch_optional(&self.pool)
            .await?,
        )
    }

    /// Tournaments whose start time has come (open) or that are running: what the watcher
    /// looks at.
    pub async fn tournaments_to_watch(&self, now: UnixMs) -> Result<Vec<TournamentRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM tournaments WHERE status = 'running'
                OR (status = 'open' AND starts_at_ms <= $1) ORDER BY id",
        )
        .bind(Int(now))
        .fetch_all(&self.pool)
        .await?)
    }

    /// Running Swiss tournaments whose last round's announcement is owed and not claimed at
    /// `now`, at most `limit`.
    pub async fn owed_rounds(&self, now: UnixMs, limit: i64) -> Result<Vec<TournamentRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM tournaments WHERE status = 'running' AND announced_round < round
               AND (round_claimed_until_ms IS NULL OR round_claimed_until_ms <= $1)
             ORDER BY id LIMIT $2",
        )
        .bind(Int(now))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Everyone who entered, withdrawn or not, in the order they joined.
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<EntrantRow>> {
        Ok(sqlx::query_as(
            "SELECT user_id, rating, joined_round, withdrawn, joined_at_ms, absences, name
             FROM tournament_players WHERE tournament_id = $1 ORDER BY joined_at_ms, user_id",
        )
        .bind(Int(id))
        .fetch_all(&self.pool)
        .await?)
    }

    /// Every pairing, in the order they were made.
    pub async fn pairings(&self, id: TournamentId) -> Result<Vec<PairingRow>> {
        Ok(sqlx::query_as(
            "SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board",
        )
        .bind(Int(id))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's last used name, if they have one.
    pub async fn player_name(&self, user: UserId) -> Result<Option<String>> {
        Ok(
            sqlx::query_scalar("SELECT name FROM players WHERE user_id = $1 AND name <> ''")
                .bind(Int(user))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The pairing a game was played for, if any.
    pub async fn pairing_of_game(&self, game: GameId) -> Result<Option<PairingRow>> {
        Ok(
            sqlx::query_as("SELECT * FROM tournament_games WHERE game_id = $1")
                .bind(Int(game))
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}

/// Creates a tournament, open for entries, and returns its id.
pub async fn create_tournament(
    tx: &mut Tx,
    t: &NewTournament,
    now: UnixMs,
) -> Result<TournamentId> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO tournaments (guild_id, channel_id, games_channel_id, name, kind,
                                  time_control, speed, rounds, minutes, rated, creator_id,
                                  starts_at_ms, created_at_ms, pause_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
    )
    .bind(Int(t.guild_id))
    .bind(Int(t.channel_id))
    .bind(t.games_channel_id.map(Int))
    .bind(&t.name)
    .bind(Word(t.format.kind()))
    .bind(Word(t.time_control))
    .bind(Word(t.time_control.speed()))
    .bind(t.format.rounds().map(i64::from))
    .bind(t.format.minutes().map(i64::from))
    .bind(t.rated)
    .bind(Int(t.creator_id))
    .bind(t.starts_at.map(Int))
    .bind(Int(now))
    .bind(Int(t.pause))
    .fetch_one(&mut **tx)
    .await?;
    Ok(TournamentId(id))
}

/// Where the announcement and the tournament's thread are.
pub async fn set_announcement(
    tx: &mut Tx,
    id: TournamentId,
    message: Option<MessageId>,
    thread: Option<ChannelId>,
) -> Result<()> {
    sqlx::query(
        "UPDATE tournaments SET message_id = COALESCE($1, message_id),
                                thread_id = COALESCE($2, thread_id) WHERE id = $3",
    )
    .bind(message.map(Int))
    .bind(thread.map(Int))
    .bind(Int(id))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Tournaments of `guild` open or under way (counted in the write turn that may add one).
pub async fn unfinished_tournaments(tx: &mut Tx, guild: GuildId) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM tournaments
         WHERE guild_id = $1 AND status IN ('open', 'running')",
    )
    .bind(Int(guild))
    .fetch_one(&mut **tx)
    .await?)
}

/// When `creator` created each tournament since `since`, oldest first.
pub async fn created_since(tx: &mut Tx, creator: UserId, since: UnixMs) -> Result<Vec<UnixMs>> {
    let rows: Vec<Int<UnixMs>> = sqlx::query_scalar(
        "SELECT created_at_ms FROM tournaments WHERE creator_id = $1 AND created_at_ms > $2
         ORDER BY created_at_ms",
    )
    .bind(Int(creator))
    .bind(Int(since))
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows.into_iter().map(|Int(at)| at).collect())
}

/// Enters a player (or brings back one who withdrew), unless it is full.
pub async fn join_tournament(
    tx: &mut Tx,
    id: TournamentId,
    user: UserId,
    entry: NewEntry<'_>,
    now: UnixMs,
) -> Result<Joined> {
    let NewEntry {
        name,
        rating,
        joined_round,
        max_entrants,
    } = entry;
    tx.changed(Change::Tournament(id));
    let withdrawn: Option<YesNo> = sqlx::query_scalar(
        "SELECT withdrawn FROM tournament_players WHERE tournament_id = $1 AND user_id = $2",
    )
    .bind(Int(id))
    .bind(Int(user))
    .fetch_optional(&mut **tx)
    .await?;
    match withdrawn.map(bool::from) {
        Some(false) => Ok(Joined::Already),
        Some(true) => {
            sqlx::query(
                "UPDATE tournament_players SET withdrawn = $1, absences = 0
                 WHERE tournament_id = $2 AND user_id = $3",
            )
            .bind(false)
            .bind(Int(id))
            .bind(Int(user))
            .execute(&mut **tx)
            .await?;
            Ok(Joined::Back)
        }
        None => {
            let entrants: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(Int(id))
            .fetch_one(&mut **tx)
            .await?;
            if entrants >= max_entrants {
                return Ok(Joined::Full);
            }
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, user_id, rating, joined_round,
                                                 withdrawn, joined_at_ms, name)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(Int(id))
            .bind(Int(user))
            .bind(rating)
            .bind(joined_round)
            .bind(false)
            .bind(Int(now))
            .bind(name)
            .execute(&mut **tx)
            .await?;
            Ok(Joined::New)
        }
    }
}

/// Withdraws a player; false when they were not in it (or had already withdrawn).
pub async fn withdraw(tx: &mut Tx, id: TournamentId, user: UserId) -> Result<bool> {
    tx.changed(Change::Tournament(id));
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn = $1
         WHERE tournament_id = $2 AND user_id = $3 AND withdrawn = $4",
    )
    .bind(true)
    .bind(Int(id))
    .bind(Int(user))
    .bind(false)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a tournament from one status to another, noting when (a start sets `started_at`
/// and, given, `ends_at`); false when it was not in `from` any more.
pub async fn set_tournament_status(
    tx: &mut Tx,
    id: TournamentId,
    from: TournamentStatus,
    to: TournamentStatus,
    now: UnixMs,
    ends_at: Option<UnixMs>,
) -> Result<bool> {
    tx.changed(Change::Tournament(id));
    let started = (to == TournamentStatus::Running).then_some(now);
    let done = sqlx::query(
        "UPDATE tournaments SET status = $1, version = version + 1,
                started_at_ms = COALESCE($2, started_at_ms), ends_at_ms = COALESCE($3, ends_at_ms)
         WHERE id = $4 AND status = $5",
    )
    .bind(Word(to))
    .bind(started.map(Int))
    .bind(ends_at.map(Int))
    .bind(Int(id))
    .bind(Word(from))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores a Swiss round's pairings (board 1 first) as round `paired + 1`, where `paired` is
/// the number of rounds the caller saw paired, its games to start at `starts`: false, and
/// nothing stored, when another process paired it first.
pub async fn pair_round(
    tx: &mut Tx,
    id: TournamentId,
    paired: i64,
    boards: &[NewPairing],
    round_ends: Option<UnixMs>,
    now: UnixMs,
    starts: UnixMs,
) -> Result<bool> {
    tx.changed(Change::Tournament(id));
    let done = sqlx::query(
        "UPDATE tournaments SET round = round + 1, version = version + 1, round_ends_ms = $1
         WHERE id = $2 AND round = $3 AND status = 'running'",
    )
    .bind(round_ends.map(Int))
    .bind(Int(id))
    .bind(paired)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    insert_pairings(tx, id, paired + 1, 1, boards, now, starts).await?;
    Ok(true)
}

/// Stores Arena games paired from the tournament at `version`: false, and nothing stored,
/// when another process paired since.
pub async fn pair_arena_games(
    tx: &mut Tx,
    id: TournamentId,
    version: i64,
    games: &[NewPairing],
    now: UnixMs,
) -> Result<bool> {
    tx.changed(Change::Tournament(id));
    let done = sqlx::query(
        "UPDATE tournaments SET version = version + 1
         WHERE id = $1 AND version = $2 AND status = 'running'",
    )
    .bind(Int(id))
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let next: i64 = sqlx::query_scalar(
        "SELECT COALESCE(MAX(board), 0) + 1 FROM tournament_games WHERE tournament_id = $1",
    )
    .bind(Int(id))
    .fetch_one(&mut **tx)
    .await?;
    insert_pairings(tx, id, 0, next, games, now, now).await?;
    Ok(true)
}

async fn insert_pairings(
    tx: &mut Tx,
    id: TournamentId,
    round: i64,
    first_board: i64,
    boards: &[NewPairing],
    now: UnixMs,
    starts: UnixMs,
) -> Result<()> {
    for (k, p) in boards.iter().enumerate() {
        let bye = p.black.is_none();
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, board, white_id, black_id,
                                           white_halves, white_berserk, black_berserk,
                                           created_at_ms, ended_at_ms, starts_at_ms, forfeit)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
        )
        .bind(Int(id))
        .bind(round)
        .bind(first_board + k as i64)
        .bind(Int(p.white))
        .bind(p.black.map(Int))
        .bind(bye.then_some(p.bye_halves))
        .bind(false)
        .bind(false)
        .bind(Int(now))
        .bind(bye.then_some(now).map(Int))
        .bind(Int(starts))
        .bind(false)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Notes that the standings were posted at `now`, if they were last posted at `last`
/// (`None`: never): false when another process posted them first.
pub async fn standings_posted(
    tx: &mut Tx,
    id: TournamentId,
    last: Option<UnixMs>,
    now: UnixMs,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET standings_posted_ms = $1
         WHERE id = $2 AND COALESCE(standings_posted_ms, -1) = $3",
    )
    .bind(Int(now))
    .bind(Int(id))
    .bind(Int(last.unwrap_or(UnixMs(-1))))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims a tournament's owed announcement of `round` until `until`, if it is still owed and
/// not claimed at `now`: false when another process claimed it or it was posted.
pub async fn claim_owed_round(
    tx: &mut Tx,
    id: TournamentId,
    round: i64,
    until: UnixMs,
    now: UnixMs,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET round_claimed_until_ms = $1
         WHERE id = $2 AND round = $3 AND announced_round < round
           AND (round_claimed_until_ms IS NULL OR round_claimed_until_ms <= $4)",
    )
    .bind(Int(until))
    .bind(Int(id))
    .bind(round)
    .bind(Int(now))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Notes that the tournament's channel was told of `round` (posted, or given up as
/// unpostable): an earlier round than one noted changes nothing.
pub async fn set_announced(tx: &mut Tx, id: TournamentId, round: i64) -> Result<()> {
    sqlx::query(
        "UPDATE tournaments SET announced_round = $1, round_claimed_until_ms = NULL
         WHERE id = $2 AND announced_round < $1",
    )
    .bind(round)
    .bind(Int(id))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes a pairing to start its game, if it is still as read (`handed_out`: when it was last
/// taken, `None` never): false when another process took it first.
pub async fn hand_out(
    tx: &mut Tx,
    pairing: PairingId,
    handed_out: Option<UnixMs>,
    now: UnixMs,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_games SET handed_out_ms = $1
         WHERE id = $2 AND game_id IS NULL AND black_id IS NOT NULL
           AND COALESCE(handed_out_ms, -1) = $3",
    )
    .bind(Int(now))
    .bind(Int(pairing))
    .bind(Int(handed_out.unwrap_or(UnixMs(-1))))
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ties a pairing to the game started for it; false when it already has one. The tournament
/// is told it changed (its page shows the game being played).
pub async fn start_pairing(tx: &mut Tx, pairing: PairingId, game: GameId) -> Result<bool> {
    let tournament: Option<Int<TournamentId>> = sqlx::query_scalar(
        "UPDATE tournament_games SET game_id = $1 WHERE id = $2 AND game_id IS NULL
                                                     AND black_id IS NOT NULL
         RETURNING tournament_id",
    )
    .bind(Int(game))
    .bind(Int(pairing))
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(Int(id)) = tournament {
        tx.changed(Change::Tournament(id));
    }
    Ok(tournament.is_some())
}

/// Notes each player's final place in a finished tournament.
pub async fn set_places(tx: &mut Tx, id: TournamentId, places: &[(UserId, i64)]) -> Result<()> {
    tx.changed(Change::Tournament(id));
    for &(user, place) in places {
        sqlx::query(
            "UPDATE tournament_players SET place = $1 WHERE tournament_id = $2 AND user_id = $3",
        )
        .bind(place)
        .bind(Int(id))
        .bind(Int(user))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Lets the players of a new Arena game go berserk (before their first moves).
pub async fn allow_berserk(tx: &mut Tx, game: GameId) -> Result<()> {
    sqlx::query("UPDATE games SET berserk = 0 WHERE id = $1 AND berserk IS NULL")
        .bind(Int(game))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// `side` of a game goes berserk: its clocks become `clocks` (half its time, no increment) and
/// its pairing notes it for the Arena's extra point. False when the game has moved on or berserk
/// is not allowed in it.
pub async fn go_berserk(
    tx: &mut Tx,
    expected: super::Expect<'_>,
    side: dama_rules::Color,
    clocks: &dama_play::clock::Clocks,
) -> Result<bool> {
    tx.changed(Change::Game(expected.game));
    let white = side == dama_rules::Color::White;
    let bit: i64 = if white { 1 } else { 2 };
    let done = sqlx::query(
        "UPDATE games SET berserk = berserk | $1, white_ms = $2, black_ms = $3, version = version + 1
         WHERE id = $4 AND version = $5 AND ply = $6 AND status = 'running'
           AND berserk IS NOT NULL AND berserk & $1 = 0",
    )
    .bind(bit)
    .bind(Int(clocks.left[0]))
    .bind(Int(clocks.left[1]))
    .bind(Int(expected.game))
    .bind(expected.version)
    .bind(expected.ply)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let sql = if white {
        "UPDATE tournament_games SET white_berserk = $1 WHERE game_id = $2"
    } else {
        "UPDATE tournament_games SET black_berserk = $1 WHERE game_id = $2"
    };
    sqlx::query(sql)
        .bind(true)
        .bind(Int(expected.game))
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// Scores a tournament game as it ends (in the ending's transaction): the result as played;
/// a game called off because the side to move never made a first move is lost by that player
/// by forfeit (not a game played), who is marked absent and withdrawn after two absences in a
/// row (they may rejoin); any other game called off is scored a draw. A game that was not
/// forfeited ends both players' run of absences.
pub(super) async fn score_pairing(
    tx: &mut Tx,
    game: GameId,
    ply: i64,
    status: GameStatus,
    result: Option<GameResult>,
    reason: Option<Reason>,
    now: UnixMs,
) -> Result<()> {
    let white_to_move = ply % 2 == 0;
    let forfeit =
        status == GameStatus::Aborted && result.is_none() && reason == Some(Reason::Timeout);
    let white_halves = match (result, forfeit) {
        (Some(GameResult::Win(Color::White)), _) => 2,
        (Some(GameResult::Win(Color::Black)), _) => 0,
        (_, true) if white_to_move => 0,
        (_, true) => 2,
        _ => 1,
    };
    if !record_pairing_result(tx, game, white_halves, ply, now).await? {
        return Ok(());
    }
    // Absences: the absent side's run grows (two withdraw them), a present side's ends.
    let (absent, present) = if white_to_move {
        (WHITE_ABSENT, BLACK_PRESENT)
    } else {
        (BLACK_ABSENT, WHITE_PRESENT)
    };
    let updates = if forfeit {
        [absent, present]
    } else {
        [WHITE_PRESENT, BLACK_PRESENT]
    };
    for sql in updates {
        sqlx::query(sql)
            .bind(true)
            .bind(Int(game))
            .execute(&mut **tx)
            .await?;
    }
    if forfeit {
        sqlx::query("UPDATE tournament_games SET forfeit = $1 WHERE game_id = $2")
            .bind(true)
            .bind(Int(game))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// First moves missed in a row that withdraw a player from a tournament (the SQL below).
pub const ABSENCES_TO_WITHDRAW: i64 = 2;

const WHITE_ABSENT: &str = "UPDATE tournament_players SET absences = absences + 1,
        withdrawn = CASE WHEN absences + 1 >= 2 THEN $1 ELSE withdrawn END
     WHERE (tournament_id, user_id) IN
           (SELECT tournament_id, white_id FROM tournament_games WHERE game_id = $2)";
const BLACK_ABSENT: &str = "UPDATE tournament_players SET absences = absences + 1,
        withdrawn = CASE WHEN absences + 1 >= 2 THEN $1 ELSE withdrawn END
     WHERE (tournament_id, user_id) IN
           (SELECT tournament_id, black_id FROM tournament_games WHERE game_id = $2)";
const WHITE_PRESENT: &str = "UPDATE tournament_players SET absences = 0
     WHERE $1 AND (tournament_id, user_id) IN
           (SELECT tournament_id, white_id FROM tournament_games WHERE game_id = $2)";
const BLACK_PRESENT: &str = "UPDATE tournament_players SET absences = 0
     WHERE $1 AND (tournament_id, user_id) IN
           (SELECT tournament_id, black_id FROM tournament_games WHERE game_id = $2)";

/// Records a game's result on its pairing; false when it has none or it was recorded already.
/// The tournament is told it changed (its page shows the result).
pub async fn record_pairing_result(
    tx: &mut Tx,
    game: GameId,
    white_halves: i64,
    plies: i64,
    now: UnixMs,
) -> Result<bool> {
    tx.changed(Change::Game(game));
    let tournament: Option<Int<TournamentId>> = sqlx::query_scalar(
        "UPDATE tournament_games SET white_halves = $1, plies = $2, ended_at_ms = $3
         WHERE game_id = $4 AND white_halves IS NULL RETURNING tournament_id",
    )
    .bind(white_halves)
    .bind(plies)
    .bind(Int(now))
    .bind(Int(game))
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(Int(id)) = tournament {
        tx.changed(Change::Tournament(id));
    }
    Ok(tournament.is_some())
}
