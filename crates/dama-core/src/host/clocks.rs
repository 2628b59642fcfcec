//! The clocks in the host: each turn's deadline, the end of a turn whose time is up (a flag, or
//! a first move that never came), watched by every process and decided once in the database,
//! and the time given back after no process ran.

use crate::host::Refusal;
use std::time::Duration;

use dama_model::GameStatus;
use dama_model::{Millis, UnixMs};
use dama_play::clock::{Clocks, Due, OnTimeout};
use dama_rules::{Color, Game, Reason};
use dama_store::{self as store, GameRow};

use super::{Caption, Host, HostError, HostResult, Msg, Notice, Player, Reply, TurnClock, players};

/// How long the bot may go unseen (its processes mark it alive every second) before a start
/// counts the time since as an outage to give back.
pub const QUIET: Millis = Millis(5_000);

/// When a turn must end, as the store keeps it.
pub(super) struct TurnTimes {
    /// Correspondence: the warning and the deadline; live games are never warned.
    pub warn_at: UnixMs,
    pub deadline: UnixMs,
    /// Live games: the moment the turn's time is up.
    pub flag_at: Option<UnixMs>,
}

/// When the side to move's time is up in a stored game, and what follows.
pub(super) fn due(row: &GameRow) -> Due {
    let then = if row.ply < 2 {
        OnTimeout::Abort
    } else {
        OnTimeout::Flag
    };
    let at = row.flag_at.unwrap_or(row.deadline);
    Due { at, then }
}

/// What the clock says about the turn of a stored game, its live clocks as read now
/// (`left_now`, from [`Host::clocks_now`]: the same reading as the picture's).
pub(super) fn turn_clock(row: &GameRow, left_now: Option<[Millis; 2]>) -> TurnClock {
    match left_now {
        _ if row.ply < 2 => TurnClock::FirstMove {
            forfeit: row.tournament_id.is_some(),
        },
        Some([white, black]) => TurnClock::Live { white, black },
        None => TurnClock::Correspondence,
    }
}

impl Host {
    /// The deadlines of the turn that begins with `clocks` (`ply` moves played, `side` to
    /// move).
    pub(super) fn turn_times(&self, clocks: &Clocks, ply: i64, side: Color) -> TurnTimes {
        let due = clocks.due(ply.max(0) as usize, side);
        if clocks.control.is_live() {
            // The minute sweep is only a backstop for live games: its deadline is a second
            // after the flag, and it never warns.
            let deadline = due.at + Millis::SECOND;
            TurnTimes {
                warn_at: deadline,
                deadline,
                flag_at: Some(due.at),
            }
        } else {
            let deadline = due.at;
            let span = deadline - clocks.turn_began;
            let warning = Millis::from_std(self.config.warning).min(span / 3);
            TurnTimes {
                warn_at: deadline - warning,
                deadline,
                flag_at: None,
            }
        }
    }

    /// Both clocks of a live game: as they stand at `now` while it runs, as they stopped once
    /// it ended.
    pub(super) fn clocks_now(
        &self,
        row: &GameRow,
        game: &Game,
        now: UnixMs,
    ) -> Option<[Millis; 2]> {
        if !row.time_control.is_live() {
            return None;
        }
        let clocks = row.clocks();
        if row.status != GameStatus::Running {
            return Some(clocks.left);
        }
        let side = game.position().side_to_move();
        Some(clocks.left_at(row.ply as usize, side, now))
    }

    /// A board caption with a live game's clocks (as read at `left_now`) after it.
    pub(super) fn clocked(caption: Caption, left_now: Option<[Millis; 2]>) -> Caption {
        match left_now {
            Some([white, black]) => Caption::Clocked {
                caption: Box::new(caption),
                white,
                black,
            },
            None => caption,
        }
    }

    /// Stops a live game's clocks as it ends inside `tx` (a resignation, an agreed draw, a
    /// flag), and says how they stand; `None` for other games. `row`: the game still running.
    pub(super) async fn stop_clocks(
        &self,
        tx: &mut store::Tx,
        row: &GameRow,
        game: &Game,
        now: UnixMs,
    ) -> Result<Option<Msg>, HostError> {
        let Some(left) = self.clocks_now(row, game, now) else {
            return Ok(None);
        };
        store::stop_clocks(tx, row.id, left, now).await?;
        Ok(Some(Msg::FinalClocks {
            white: left[0],
            black: left[1],
        }))
    }

    /// Ends every running game whose turn's time is up: a loss on time, or a game called off
    /// when a first move never came. Every process runs this a few times a second; the
    /// database decides which of them (or a move racing it) ends a game, so each is posted
    /// once.
    pub async fn flags(&self) -> Result<Vec<Notice>, HostError> {
        let now = self.clock.now();
        let mut notices = Vec::new();
        for row in self.store.flags_due(now).await? {
            match self.time_up(&row, now).await {
                Ok(Some(reply)) => notices.push(Notice {
                    channel: row.channel_id,
                    guild: row.guild_id,
                    reply,
                    settles: None,
                }),
                Ok(None) | Err(HostError::Refused(Refusal::ChangedMeanwhile)) => {}
                // The sweep reports a damaged game.
                Err(HostError::Refused(Refusal::Broken { .. })) => {}
                Err(e) => {
                    tracing::error!(game = row.id.0, error = %e, "ending a game on time failed");
                }
            }
        }
        Ok(notices)
    }

    /// Marks the bot alive now; run it every second.
    pub async fn beat(&self) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::beat(&mut tx, self.clock.now()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// At a start, before the games are watched: when no process of the bot ran for a while,
    /// that time is given back to the players to move (a turn whose time was up before is
    /// ended by [`Host::flags`]). Returns the time given back.
    pub async fn resume_clocks(&self) -> Result<Option<Duration>, HostError> {
        let mut tx = self.store.write().await?;
        let gap = store::give_back_outage(&mut tx, self.clock.now(), QUIET).await?;
        tx.commit().await?;
        if let Some(gap) = gap {
            tracing::info!(
                seconds = gap.whole_secs(),
                "no process of the bot ran for a while: the players to move get that time back"
            );
        }
        Ok(gap.map(Millis::to_std))
    }

    /// The flag comes first: when `row`'s time to move was up at `now`, whatever was asked
    /// (a move, a resignation, an offer or its answer) is refused as `late` and the game ends
    /// on time, unless another hand ended it first. `None` while there is time left.
    pub(super) async fn flag_first(
        &self,
        row: &GameRow,
        now: UnixMs,
        late: Msg,
    ) -> Option<HostResult> {
        if now < due(row).at {
            return None;
        }
        Some(match self.time_up(row, now).await {
            Ok(Some(mut reply)) => {
                reply.body.insert(0, late);
                Ok(reply)
            }
            // Ended on time by another hand first (its post says so), or moved on.
            Ok(None) => match self.game_row(row.id).await.map(|r| r.status) {
                Ok(GameStatus::Running) => Err(HostError::Refused(Refusal::ChangedMeanwhile)),
                Ok(_) => Err(HostError::Refused(Refusal::NoGame)),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        })
    }

    /// Ends `row` if its turn's time is up at `now`; `None` when it is not, or when the
    /// game moved on first (a move written before wins).
    pub(super) async fn time_up(
        &self,
        row: &GameRow,
        now: UnixMs,
    ) -> Result<Option<Reply>, HostError> {
        let due = due(row);
        if now < due.at {
            return Ok(None);
        }
        let game = self.load(row).await?;
        let side = game.position().side_to_move();
        let who = players(row);
        let mut tx = self.store.write().await?;
        let at = store::Expect::of(row);
        let mut body = Vec::new();
        match due.then {
            OnTimeout::Abort => {
                let reason = Some(Reason::Timeout);
                if !store::end_game(&mut tx, at, GameStatus::Aborted, None, reason, now).await? {
                    return Ok(None);
                }
                tx.commit().await?;
                let absent = who.of(side);
                // A tournament game is lost by the player who did not start.
                match self.store.pairing_of_game(row.id).await? {
                    Some(p) => {
                        let withdrawn = self
                            .store
                            .entrants(p.tournament_id)
                            .await?
                            .iter()
                            .any(|e| Player::User(e.user_id) == absent && e.withdrawn);
                        body.push(Msg::Forfeit {
                            winner: who.of(side.opponent()),
                            absent,
                            withdrawn,
                        });
                    }
                    None => body.push(Msg::NoFirstMove { player: absent }),
                }
            }
            OnTimeout::Flag => {
                let mut ended = game.clone();
                let Some(outcome) = ended.lose_on_time(side) else {
                    return Ok(None);
                };
                let ratings = match self.finish(&mut tx, row, at, outcome, now).await {
                    Err(HostError::Refused(Refusal::ChangedMeanwhile)) => return Ok(None),
                    ratings => ratings?,
                };
                let clocks = self.stop_clocks(&mut tx, row, &game, now).await?;
                tx.commit().await?;
                body.push(Msg::GameOver {
                    outcome,
                    players: who,
                });
                let ended_row = GameRow {
                    status: GameStatus::Finished,
                    ..row.clone()
                };
                body.extend(clocks);
                body.extend(super::rating_note(&ended_row, ratings));
            }
        }
        let mentions = [row.white_id, row.black_id].into_iter().flatten().collect();
        let flagged = matches!(due.then, OnTimeout::Flag);
        Ok(Some(Reply {
            body,
            mentions,
            buttons: super::rematches::rematch_button(row, flagged)
                .into_iter()
                .collect(),
            // The ending bumped the game's version once.
            shown: Some(super::board::shown(row, 1)),
            ..Reply::default()
        }))
    }
}
