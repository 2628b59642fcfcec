//! Writes inside a transaction: games, moves, offers, challenges, players and ratings. Each
//! write names what it expects to find, and reports when the row has moved on.

use super::Change;
use super::types::{Int, Word};
use super::{
    ChallengeId, ChallengeRow, ChallengeStatus, ChannelId, GameId, GameRow, GameStatus, MessageId,
    NewGame, Result, StoreError, Tx, UserId, violates,
};
use dama_model::{Millis, UnixMs};
use dama_play::clock::Clocks;
use dama_rules::{Color, GameResult, Reason};

/// Starts a game; [`StoreError::ChannelBusy`] if its channel already has a running one.
pub async fn insert_game(tx: &mut Tx, g: NewGame<'_>) -> Result<GameId> {
    let live = g.clocks.control.is_live();
    let id = sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, white_id, black_id, ai_level, rated, start_fen, fen,
                            warn_at_ms, deadline_ms, created_at_ms, updated_at_ms, time_control, speed,
                            white_ms, black_ms, turn_began_ms, flag_at_ms, web_key, first_move_ms,
                            tournament_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
                 $20, $21)
         RETURNING id",
    )
    .bind(g.guild_id.map(Int))
    .bind(Int(g.channel_id))
    .bind(g.white_id.map(Int))
    .bind(g.black_id.map(Int))
    .bind(g.ai_level.map(Word))
    .bind(g.rated)
    .bind(g.start_fen)
    .bind(g.start_fen)
    .bind(Int(g.warn_at))
    .bind(Int(g.deadline))
    .bind(Int(g.now))
    .bind(Int(g.now))
    .bind(Word(g.clocks.control))
    .bind(Word(g.clocks.control.speed()))
    .bind(live.then_some(g.clocks.left[0]).map(Int))
    .bind(live.then_some(g.clocks.left[1]).map(Int))
    .bind(Int(g.clocks.turn_began))
    .bind(g.flag_at.map(Int))
    .bind(web_key()?)
    .bind(live.then_some(g.clocks.first_move).map(Int))
    .bind(g.tournament_id.map(Int))
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match StoreError::from(e) {
        // Only that key: another one refusing (a web key drawn twice) is not a busy channel.
        e if violates(&e, "games_one_running_per_channel", "games.channel_id") => {
            StoreError::ChannelBusy
        }
        e => e,
    })
    .map(|Int(id)| id)
    .inspect(|id| {
        tx.games += 1;
        tx.changed(Change::Game(*id));
        tx.changed(Change::Lobby);
    })?;
    // A game started takes its players out of every pool.
    super::seeks::leave_pools(tx, [g.white_id, g.black_id]).await?;
    Ok(id)
}

/// What a change is made against: the game as it was read. A write succeeds only if the game
/// is still exactly that (same version, same ply, same position, still running).
#[derive(Clone, Copy, Debug)]
pub struct Expect<'a> {
    /// The game.
    pub game: GameId,
    /// Its version as read.
    pub version: i64,
    /// Its plies as read.
    pub ply: i64,
    /// Its position as read (FEN).
    pub fen: &'a str,
}

impl<'a> Expect<'a> {
    /// The game as `row` holds it.
    pub fn of(row: &'a GameRow) -> Expect<'a> {
        Expect {
            game: row.id,
            version: row.version,
            ply: row.ply,
            fen: &row.fen,
        }
    }
}

/// A move to write as ply `expected.ply + 1`.
pub struct NewMove<'a> {
    /// The move, as written.
    pub notation: &'a str,
    /// The position after it.
    pub fen: &'a str,
    /// When it was played.
    pub now: UnixMs,
    /// Correspondence: when the other side is reminded.
    pub warn_at: UnixMs,
    /// Correspondence: when the other side's time is up.
    pub deadline: UnixMs,
    /// The clocks after it (`turn_began`: the other side's turn).
    pub clocks: Clocks,
    /// Live games: when the other side's time is up.
    pub flag_at: Option<UnixMs>,
    /// Live games: the mover's clock after the move.
    pub clock: Option<Millis>,
}

/// Writes ply `expected.ply + 1`. `false` when the game has changed (or ended) since it was
/// read: nothing is written then.
pub async fn record_move(tx: &mut Tx, expected: Expect<'_>, mv: NewMove<'_>) -> Result<bool> {
    tx.changed(Change::Game(expected.game));
    let live = mv.clocks.control.is_live();
    let updated = sqlx::query(
        "UPDATE games SET ply = ply + 1, version = version + 1, fen = $1, updated_at_ms = $2, warn_at_ms = $3,
                          deadline_ms = $4, warned = FALSE, draw_offer = NULL, takeback_offer = NULL,
                          white_ms = $9, black_ms = $10, turn_began_ms = $11, flag_at_ms = $12
         WHERE id = $5 AND version = $6 AND ply = $7 AND fen = $8 AND status = 'running'",
    )
    .bind(mv.fen)
    .bind(Int(mv.now))
    .bind(Int(mv.warn_at))
    .bind(Int(mv.deadline))
    .bind(Int(expected.game))
    .bind(expected.version)
    .bind(expected.ply)
    .bind(expected.fen)
    .bind(live.then_some(mv.clocks.left[0]).map(Int))
    .bind(live.then_some(mv.clocks.left[1]).map(Int))
    .bind(Int(mv.clocks.turn_began))
    .bind(mv.flag_at.map(Int))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Ok(false);
    }
    let (game, now, notation) = (expected.game, mv.now, mv.notation);
    sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, played_at_ms, clock_ms) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(Int(game))
    .bind(expected.ply + 1)
    .bind(notation)
    .bind(Int(now))
    .bind(mv.clock.map(Int))
    .execute(&mut **tx)
        .await?;
    tx.moves += 1;
    Ok(true)
}

/// Ends a running game that is still exactly as `expected` (its version) at `now`: an
/// ending is decided from what was read, so a move written since then makes it `false` and
/// writes nothing. Bumps the version. A tournament pairing keeps the moment to the
/// millisecond (an Arena's end is compared with it).
pub async fn end_game(
    tx: &mut Tx,
    expected: Expect<'_>,
    status: GameStatus,
    result: Option<GameResult>,
    reason: Option<Reason>,
    now: UnixMs,
) -> Result<bool> {
    tx.changed(Change::Game(expected.game));
    tx.changed(Change::Lobby);
    let n = sqlx::query(
        "UPDATE games SET status = $1, result = $2, reason = $3, updated_at_ms = $4, version = version + 1,
                          draw_offer = NULL, takeback_offer = NULL
         WHERE id = $5 AND version = $6 AND ply = $7 AND status = 'running'",
    )
    .bind(Word(status))
    .bind(result.map(Word))
    .bind(reason.map(Word))
    .bind(Int(now))
    .bind(Int(expected.game))
    .bind(expected.version)
    .bind(expected.ply)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if n == 1 {
        super::tournaments::score_pairing(
            tx,
            expected.game,
            expected.ply,
            status,
            result,
            reason,
            now,
        )
        .await?;
    }
    Ok(n == 1)
}

/// Takes back the plies after `keep`, leaving the position `fen` (the game must still be as
/// `expected`).
pub async fn take_back(
    tx: &mut Tx,
    expected: Expect<'_>,
    keep: i64,
    fen: &str,
    now: UnixMs,
    turn: NewTurn,
) -> Result<bool> {
    tx.changed(Change::Game(expected.game));
    let game = expected.game;
    let live = turn.clocks.control.is_live();
    let n = sqlx::query(
        "UPDATE games SET ply = $1, version = version + 1, fen = $2, updated_at_ms = $3, draw_offer = NULL,
                          takeback_offer = NULL, turn_began_ms = $7, flag_at_ms = $8, white_ms = $9,
                          black_ms = $10, warn_at_ms = $11, deadline_ms = $12, warned = FALSE
         WHERE id = $4 AND version = $5 AND ply = $6 AND status = 'running'",
    )
    .bind(keep)
    .bind(fen)
    .bind(Int(now))
    .bind(Int(game))
    .bind(expected.version)
    .bind(expected.ply)
    .bind(Int(turn.clocks.turn_began))
    .bind(turn.flag_at.map(Int))
    .bind(live.then_some(turn.clocks.left[0]).map(Int))
    .bind(live.then_some(turn.clocks.left[1]).map(Int))
    .bind(Int(turn.warn_at))
    .bind(Int(turn.deadline))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if n == 0 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
        .bind(Int(game))
        .bind(keep)
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// A turn beginning afresh (after a takeback): its clocks and deadlines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewTurn {
    /// The clocks (`turn_began`: now).
    pub clocks: Clocks,
    /// Correspondence: when the side to move is reminded.
    pub warn_at: UnixMs,
    /// Correspondence: when the side to move's time is up.
    pub deadline: UnixMs,
    /// Live games: when the turn's time is up.
    pub flag_at: Option<UnixMs>,
}

/// Records `by`'s offer (`draw_offer` or `takeback_offer`) in a running game still at the
/// `expected` version where no offer stands: an offer the asker did not see is accepted, not
/// overwritten (they get `false` and ask again).
pub async fn set_offer(
    tx: &mut Tx,
    expected: Expect<'_>,
    column: Offer,
    by: Color,
) -> Result<bool> {
    tx.changed(Change::Game(expected.game));
    let sql = match column {
        Offer::Draw => {
            "UPDATE games SET draw_offer = $1
             WHERE id = $2 AND version = $3 AND status = 'running' AND draw_offer IS NULL"
        }
        Offer::Takeback => {
            "UPDATE games SET takeback_offer = $1
             WHERE id = $2 AND version = $3 AND status = 'running' AND takeback_offer IS NULL"
        }
    };
    let n = sqlx::query(sql)
        .bind(Int(by))
        .bind(Int(expected.game))
        .bind(expected.version)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// An offer a player makes to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A draw.
    Draw,
    /// A takeback.
    Takeback,
}

/// Marks a game's side to move as reminded; `false` when it was reminded already or the game
/// has ended.
pub async fn mark_warned(tx: &mut Tx, game: GameId) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE games SET warned = TRUE WHERE id = $1 AND status = 'running' AND NOT warned",
    )
    .bind(Int(game))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Remembers the messages that show games' boards, given in the order they were posted,
/// each unless a newer one is already known (message ids grow with time; two posts can be
/// remembered out of order). Returns the messages that are no longer the newest board of
/// their game: the ones replaced, and any that came too late. Two statements for the batch.
pub async fn set_board_messages(
    tx: &mut Tx,
    boards: &[(GameId, ChannelId, MessageId)],
) -> Result<Vec<(GameId, ChannelId, MessageId)>> {
    if boards.is_empty() {
        return Ok(Vec::new());
    }
    let seconds = second_channels_among(tx, boards).await?;
    let mut replaced = Vec::new();
    let mut own = Vec::new();
    for &(game, channel, message) in boards {
        if seconds.contains(&(game, channel)) {
            let old = super::game_channels::set_second_board(tx, game, channel, message).await?;
            replaced.extend(old.flatten().map(|m| (game, channel, m)));
        } else {
            own.push((game, message));
        }
    }
    let channel_of: std::collections::HashMap<GameId, ChannelId> = boards
        .iter()
        .filter(|b| !seconds.contains(&(b.0, b.1)))
        .map(|b| (b.0, b.1))
        .collect();
    for (game, message) in set_own_boards(tx, &own).await? {
        replaced.push((game, channel_of[&game], message));
    }
    Ok(replaced)
}

/// Which of the boards' (game, channel) are second channels: one statement for the batch.
async fn second_channels_among(
    tx: &mut Tx,
    boards: &[(GameId, ChannelId, MessageId)],
) -> Result<std::collections::HashSet<(GameId, ChannelId)>> {
    let list = (1..=boards.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("SELECT game_id, channel_id FROM game_channels WHERE game_id IN ({list})");
    let mut query = sqlx::query_as::<_, (Int<GameId>, Int<ChannelId>)>(sqlx::AssertSqlSafe(sql));
    for b in boards {
        query = query.bind(Int(b.0));
    }
    Ok(query
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .map(|(Int(g), Int(c))| (g, c))
        .collect())
}

/// [`set_board_messages`] for boards in their games' own channels.
async fn set_own_boards(
    tx: &mut Tx,
    boards: &[(GameId, MessageId)],
) -> Result<Vec<(GameId, MessageId)>> {
    if boards.is_empty() {
        return Ok(Vec::new());
    }
    let mut games: Vec<GameId> = boards.iter().map(|b| b.0).collect();
    games.sort_by_key(|g| g.0);
    games.dedup();
    // The SQL built here holds only numbered placeholders; every value is bound.
    let list = |from: usize| {
        (from..from + games.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let sql = format!(
        "SELECT id, board_message_id FROM games WHERE id IN ({})",
        list(1)
    );
    let mut query =
        sqlx::query_as::<_, (Int<GameId>, Option<Int<MessageId>>)>(sqlx::AssertSqlSafe(sql));
    for g in &games {
        query = query.bind(Int(*g));
    }
    let stored: std::collections::HashMap<GameId, Option<MessageId>> = query
        .fetch_all(&mut **tx)
        .await?
        .into_iter()
        .map(|(Int(game), message)| (game, message.map(|Int(m)| m)))
        .collect();
    let mut newest: std::collections::HashMap<GameId, Option<MessageId>> = stored.clone();
    let mut replaced = Vec::new();
    for &(game, message) in boards {
        let Some(current) = newest.get_mut(&game) else {
            continue; // no such game
        };
        match *current {
            Some(p) if p == message => {}
            Some(p) if p.0 > message.0 => replaced.push((game, message)),
            previous => {
                replaced.extend(previous.map(|p| (game, p)));
                *current = Some(message);
            }
        }
    }
    let changed: Vec<(GameId, MessageId)> = newest
        .into_iter()
        .filter(|(g, m)| stored.get(g) != Some(m))
        .filter_map(|(g, m)| m.map(|m| (g, m)))
        .collect();
    if !changed.is_empty() {
        let cases = (0..changed.len())
            .map(|i| format!("WHEN ${} THEN ${}", 2 * i + 1, 2 * i + 2))
            .collect::<Vec<_>>()
            .join(" ");
        let ids = (0..changed.len())
            .map(|i| format!("${}", 2 * i + 1))
            .collect::<Vec<_>>()
            .join(", ");
        let sql =
            format!("UPDATE games SET board_message_id = CASE id {cases} END WHERE id IN ({ids})");
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (g, m) in &changed {
            query = query.bind(Int(*g)).bind(Int(*m));
        }
        query.execute(&mut **tx).await?;
    }
    Ok(replaced)
}

pub use dama_model::Shown;

/// Notes what channels were shown of their games (posted, or given up as unpostable): a game
/// shown up to its version owes that channel no post. An older showing than one noted changes
/// nothing.
pub async fn set_posted(tx: &mut Tx, shown: &[(ChannelId, Shown)]) -> Result<()> {
    for (channel, s) in shown {
        super::game_channels::set_posted_in(tx, *channel, s).await?;
    }
    Ok(())
}

/// [`set_posted`] for the games' own channels (a front end of one channel for all, the
/// console, whose games have no second).
pub async fn set_posted_own(tx: &mut Tx, shown: &[Shown]) -> Result<()> {
    for s in shown {
        sqlx::query(
            "UPDATE games SET posted_version = $1, posted_ply = $2, post_claimed_until_ms = NULL
             WHERE id = $3 AND posted_version < $1",
        )
        .bind(s.version)
        .bind(s.ply)
        .bind(Int(s.game))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Claims the post `game` owes at `version` for one process until `until`: false where it is
/// owed no more, has moved on, or another process holds the claim at `now`.
pub async fn claim_owed_post(
    tx: &mut Tx,
    game: GameId,
    version: i64,
    until: UnixMs,
    now: UnixMs,
) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE games SET post_claimed_until_ms = $1
         WHERE id = $2 AND version = $3 AND posted_version < version
           AND (post_claimed_until_ms IS NULL OR post_claimed_until_ms <= $4)",
    )
    .bind(Int(until))
    .bind(Int(game))
    .bind(version)
    .bind(Int(now))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Remembers the message that shows a challenge.
pub async fn set_challenge_message(
    tx: &mut Tx,
    challenge: ChallengeId,
    message: MessageId,
) -> Result<()> {
    sqlx::query("UPDATE challenges SET message_id = $1 WHERE id = $2")
        .bind(Int(message))
        .bind(Int(challenge))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Stores a new challenge and returns its id.
pub async fn insert_challenge(tx: &mut Tx, c: &ChallengeRow) -> Result<ChallengeId> {
    Ok(sqlx::query_scalar(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenged_id, color, rated, thread,
                                 status, expires_at_ms, created_at_ms, time_control, rematch_of)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11) RETURNING id",
    )
    .bind(c.guild_id.map(Int))
    .bind(Int(c.channel_id))
    .bind(Int(c.challenger_id))
    .bind(c.challenged_id.map(Int))
    .bind(Word(c.color))
    .bind(c.rated)
    .bind(c.thread)
    .bind(Int(c.expires_at))
    .bind(Int(c.created_at))
    .bind(Word(c.time_control))
    .bind(c.rematch_of.map(Int))
    .fetch_one(&mut **tx)
    .await
    .map(|Int(id)| id)?)
}

/// Moves an open challenge to `status`; `false` if it was no longer open.
pub async fn close_challenge(
    tx: &mut Tx,
    id: ChallengeId,
    status: ChallengeStatus,
) -> Result<bool> {
    let n = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'")
        .bind(Word(status))
        .bind(Int(id))
        .execute(&mut **tx)
        .await?
        .rows_affected();
    Ok(n == 1)
}

/// Accepts an open challenge for `taker`: the one it names, or anyone for an open challenge
/// (who is then written as the player challenged); `false` if it was no longer open or names
/// someone else.
pub async fn take_challenge(tx: &mut Tx, id: ChallengeId, taker: UserId) -> Result<bool> {
    let n = sqlx::query(
        "UPDATE challenges SET status = 'accepted', challenged_id = $1
         WHERE id = $2 AND status = 'open' AND (challenged_id IS NULL OR challenged_id = $1)",
    )
    .bind(Int(taker))
    .bind(Int(id))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    Ok(n == 1)
}

/// Makes sure a player row exists, keeping the latest display name.
pub async fn ensure_player(tx: &mut Tx, user: UserId, name: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO players (user_id, name) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET name = CASE WHEN excluded.name = '' THEN players.name ELSE excluded.name END",
    )
    .bind(Int(user))
    .bind(name)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A game's web key: 128 random bits as 32 hex digits, from the system's secure source.
fn web_key() -> Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
