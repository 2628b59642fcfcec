//! Background work: expired challenges, time warnings and losses on time, damaged games, and
//! the AI's turns left over from a restart; and the way out of a damaged game (abort).

use crate::host::FindingMsg;
use crate::host::Refusal;
use dama_model::UnixMs;
use dama_model::{ChallengeStatus, GameStatus};
use dama_rules::Color;
use dama_store::{self as store, GameRow};

use super::{AiTurn, Host, HostError, HostResult, Msg, Notice, Reply, Who, color_of, player_of};

impl Host {
    /// Expires challenges, warns slow players once and ends games on time; reports a game whose
    /// record cannot be read (once) and goes on with the others. Run it every minute.
    /// With several processes on one store, one sweeps at a time (under a lease); for the
    /// others this finds nothing to do.
    pub async fn sweep(&self) -> Result<Vec<Notice>, HostError> {
        let mut notices = Vec::new();
        if !self.sweep_lease().await? {
            return Ok(notices);
        }
        let now = self.clock.now();
        for c in self.store.expired_challenges(now).await? {
            let mut tx = self.store.write().await?;
            if store::close_challenge(&mut tx, c.id, ChallengeStatus::Expired).await? {
                tx.commit().await?;
                notices.push(Notice {
                    channel: c.channel_id,
                    guild: c.guild_id,
                    reply: Reply::say(match (c.rematch_of, c.challenged_id) {
                        (Some(_), Some(to)) => Msg::Finding(FindingMsg::RematchLapsed {
                            by: c.challenger_id,
                            to,
                        }),
                        _ => Msg::ChallengeExpired {
                            challenger: c.challenger_id,
                            challenged: c.challenged_id,
                        },
                    }),
                    settles: c.message_id.map(|m| {
                        let open = c.challenged_id.is_none();
                        (m, super::challenges::challenge_buttons(c.id, open, true))
                    }),
                });
            }
        }
        for row in self.store.games_due(now).await? {
            match self.sweep_game(&row, now).await {
                Ok(Some(reply)) => notices.push(Notice {
                    channel: row.channel_id,
                    guild: row.guild_id,
                    reply,
                    settles: None,
                }),
                Ok(None) => {}
                Err(HostError::Refused(Refusal::Broken { game })) => {
                    if let Some(n) = self.report_broken(&row).await? {
                        notices.push(n);
                    }
                    tracing::warn!(game = game.0, "skipped a damaged game in the sweep");
                }
                Err(e) => tracing::error!(game = row.id.0, error = %e, "sweeping a game failed"),
            }
        }
        Ok(notices)
    }

    /// A warning, or the end of the turn on time, for one game that is due (live games'
    /// flags are ended within the second by [`Host::flags`]; this is their backstop).
    async fn sweep_game(&self, row: &GameRow, now: UnixMs) -> Result<Option<Reply>, HostError> {
        if row.deadline <= now {
            return self.time_up(row, self.clock.now()).await;
        }
        let game = self.load(row).await?;
        let side = game.position().side_to_move();
        let Some(slow) = player_of(row, side) else {
            return Ok(None); // the AI is never slow; its turn is resumed elsewhere
        };
        let mut tx = self.store.write().await?;
        if store::mark_warned(&mut tx, row.id).await? {
            tx.commit().await?;
            return Ok(Some(Reply {
                mentions: vec![slow],
                // Between two servers, the slow player reads their own channel.
                elsewhere: self.channels_of_network_game(row.id).await?,
                ..Reply::say(Msg::TimeWarning {
                    player: slow,
                    deadline: row.deadline,
                })
            }));
        }
        Ok(None)
    }

    /// Tells the players of a damaged game, once, that it cannot go on and how to abort it.
    async fn report_broken(&self, row: &GameRow) -> Result<Option<Notice>, HostError> {
        let mut tx = self.store.write().await?;
        if !store::mark_broken(&mut tx, row.id).await? {
            return Ok(None);
        }
        tx.commit().await?;
        let players: Vec<_> = [row.white_id, row.black_id].into_iter().flatten().collect();
        Ok(Some(Notice {
            channel: row.channel_id,
            guild: row.guild_id,
            settles: None,
            reply: Reply {
                mentions: players.clone(),
                ..Reply::say(Msg::GameBroken {
                    game: row.id,
                    players,
                })
            },
        }))
    }

    /// Aborts the channel's running game: it ends with no result and counts for nothing. For
    /// either player of a damaged game, and for server admins (any game).
    pub async fn abort(&self, who: &Who) -> HostResult {
        super::again_if_stale(|| self.abort_now(who)).await
    }

    async fn abort_now(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let player = color_of(&row, who.user).is_some();
        let damaged = matches!(
            self.load(&row).await,
            Err(HostError::Refused(Refusal::Broken { .. }))
        );
        if !(who.admin || (player && damaged)) {
            return Err(HostError::Refused(Refusal::CannotAbort));
        }
        let mut tx = self.store.write().await?;
        let now_ms = self.clock.now();
        let at = store::Expect::of(&row);
        if !store::end_game(&mut tx, at, GameStatus::Aborted, None, None, now_ms).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        Ok(Reply {
            shown: Some(super::board::shown(&row, 1)),
            ..Reply::say(Msg::Aborted {
                game: row.id,
                by: who.user,
            })
        })
    }

    /// The AI's turns in running games (after a restart): play them with [`Host::ai_move`].
    pub async fn pending_ai_turns(&self) -> Result<Vec<AiTurn>, HostError> {
        let games = self.pending_ai_games().await?;
        Ok(games.iter().map(AiTurn::of).collect())
    }

    /// The running games whose turn belongs to the AI.
    pub(super) async fn pending_ai_games(&self) -> Result<Vec<GameRow>, HostError> {
        let mut rows = Vec::new();
        for row in self.store.running_ai_games().await? {
            let white_to_move = row.ply % 2 == 0;
            let start_black = row.start_fen.trim_start().starts_with(['B', 'b']);
            let side = if white_to_move != start_black {
                Color::White
            } else {
                Color::Black
            };
            if player_of(&row, side).is_none() {
                rows.push(row);
            }
        }
        Ok(rows)
    }
}
