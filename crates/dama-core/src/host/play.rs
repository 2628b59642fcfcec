//! Moves: a player's, the AI's, and the end of a game (rated in [`super::ratings`]).

use crate::host::Refusal;
use dama_model::{GameId, GameStatus};
use dama_model::{Millis, UnixMs};
use dama_play::ai::AiPlayer;
use dama_play::clock::{Clocks, move_time, think_time};
use dama_rules::{Color, Game, Move, Outcome, Reason, Role, fen};
use dama_store::{self as store, GameRow};

use super::ratings::rate_game;
use super::{
    Host, HostError, HostResult, Lang, Msg, RatingChange, Reply, Who, color_of, player_of, players,
};

impl Host {
    /// Plays a typed move for the asker in this channel's game, made when it is read.
    pub async fn play(&self, who: &Who, text: &str) -> HostResult {
        self.play_at(who, text, None).await
    }

    /// Plays a typed move for the asker in this channel's game; `stamp`: the moment the
    /// front end says it was made (Discord's stamp on the message), which counts for the clock
    /// within the turn and the moment it arrived.
    pub async fn play_at(&self, who: &Who, text: &str, stamp: Option<UnixMs>) -> HostResult {
        let row = self.running(who).await?;
        self.play_in(row, who, text, stamp).await
    }

    /// Plays `text` for `who` in the game `row` (read just before), as [`Host::play_at`].
    pub(super) async fn play_in(
        &self,
        row: GameRow,
        who: &Who,
        text: &str,
        stamp: Option<UnixMs>,
    ) -> HostResult {
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let game = self.load(&row).await?;
        let side = game.position().side_to_move();
        if side != color {
            return Err(HostError::Refused(Refusal::NotYourTurn {
                to_move: players(&row).of(side),
            }));
        }
        let mv = game
            .position()
            .read_move(text)
            .map_err(|e| HostError::Refused(Refusal::Move(e)))?;
        self.commit_move(&row, game, mv, who.lang, stamp).await
    }

    /// Plays the AI's move in game `id` if it is the AI's turn; `None` otherwise (the game
    /// ended, or moved on). `lang`: the language of the board's caption.
    pub async fn ai_move(&self, id: GameId, lang: Lang) -> Result<Option<Reply>, HostError> {
        let row = self.game_row(id).await?;
        if row.status != GameStatus::Running {
            return Ok(None);
        }
        let Some(level) = row.ai_level else {
            return Ok(None);
        };
        // Another process may have played this turn between the two reads: moved on.
        let game = match self.load(&row).await {
            Err(HostError::Refused(Refusal::ChangedMeanwhile)) => return Ok(None),
            game => game?,
        };
        let side = game.position().side_to_move();
        if player_of(&row, side).is_some() || game.is_over() {
            return Ok(None);
        }
        let thinking = game.clone();
        let seed = row.id.0 as u64;
        let tables = self.tables();
        let asked = std::time::Instant::now();
        // One process thinks about a turn: the one that claims it once a slot is free.
        let _slot = self.ai_slot(&row).await;
        if !self.claim_ai_turn(&row).await? {
            return Ok(None);
        }
        // On a clock, the AI's time is a share of what it has left now; the workers are
        // shared by every live AI game, and a turn's wait for one is on its clock too, so each
        // thinks its share of the workers. Correspondence turns think less while live ones
        // run, so that a live turn never waits long behind one.
        let workers = self.config.ai_concurrency.max(1) as i64;
        let live_games = self.store.live_ai_games().await?;
        let full = match row.time_control {
            dama_play::clock::TimeControl::Live { increment, .. } => {
                let left = row
                    .clocks()
                    .left_at(row.ply as usize, side, self.clock.now());
                let share =
                    think_time(left[side.index()], increment) * workers / live_games.max(workers);
                share.max(Millis(10)).to_std()
            }
            dama_play::clock::TimeControl::Correspondence { .. } if live_games > 0 => {
                dama_play::ai::Level::MASTER_TIME / 4
            }
            dama_play::clock::TimeControl::Correspondence { .. } => {
                dama_play::ai::Level::MASTER_TIME
            }
        };
        // Correspondence moves waiting behind a live one do not cut its time: they are served
        // after it anyway. Other live moves waiting do.
        let master_time = if row.time_control.is_live() && self.scheduler.live_moves_waiting() == 0
        {
            full
        } else {
            self.scheduler.master_time(full, asked.elapsed()).min(full)
        };
        let forced = {
            let legal = game.position().legal_moves();
            (legal.len() == 1).then(|| legal[0])
        };
        let searcher = self.scheduler.searcher(row.id);
        let played = async {
            if let Some(only) = forced {
                // A single legal move is played at once.
                return match self.commit_move(&row, game, only, lang, None).await {
                    Ok(reply) => Ok(Some(reply)),
                    Err(HostError::Refused(Refusal::ChangedMeanwhile)) => Ok(None),
                    Err(e) => Err(e),
                };
            }
            let (choice, searcher) = tokio::task::spawn_blocking(move || {
                let mut player = AiPlayer::level(level)
                    .with_seed(seed)
                    .with_searcher(searcher)
                    .with_tables(tables)
                    .with_master_time(master_time);
                let choice = player.choose(&thinking);
                (choice, player.into_searcher())
            })
            .await
            .map_err(|e| HostError::internal("the AI's search failed", e))?;
            self.scheduler.keep(row.id, searcher);
            let Some(result) = choice else {
                return Ok(None);
            };
            match self.commit_move(&row, game, result.best, lang, None).await {
                Ok(reply) => Ok(Some(reply)),
                Err(HostError::Refused(Refusal::ChangedMeanwhile)) => Ok(None),
                Err(e) => Err(e),
            }
        }
        .await;
        self.release_ai_turn(row.id).await;
        played
    }

    async fn commit_move(
        &self,
        row: &GameRow,
        mut game: Game,
        mv: Move,
        lang: Lang,
        stamp: Option<UnixMs>,
    ) -> HostResult {
        let received = self.clock.now();
        let made = stamp.map_or(received, |s| move_time(s, row.turn_began, received));
        let side = game.position().side_to_move();
        let Some(clocks) = self.clocks_after(row, side, made) else {
            // Its time was up: the move is refused and the turn ends on time.
            return match self.flag_first(row, received, Msg::MoveTooLate).await {
                Some(late) => late,
                None => Err(HostError::Refused(Refusal::ChangedMeanwhile)),
            };
        };
        let before = *game.position();
        let notation = before.notation(&mv);
        game.play(mv)
            .map_err(|e| HostError::Refused(Refusal::Move(e)))?;
        let crowned = before
            .piece_at(mv.from())
            .is_some_and(|p| p.role == Role::Man)
            && game
                .position()
                .piece_at(mv.to())
                .is_some_and(|p| p.role == Role::King);
        let now = received;
        let turn = self.turn_times(&clocks, row.ply + 1, side.opponent());
        let after = fen::write(game.position());
        let mut tx = self.store.write().await?;
        let written = store::record_move(
            &mut tx,
            store::Expect::of(row),
            store::NewMove {
                notation: &notation,
                fen: &after,
                now,
                warn_at: turn.warn_at,
                deadline: turn.deadline,
                clocks,
                flag_at: turn.flag_at,
                clock: clocks
                    .control
                    .is_live()
                    .then_some(clocks.left[side.index()]),
            },
        )
        .await?;
        if !written {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        let mut ratings = Vec::new();
        if let Some(outcome) = game.outcome() {
            let written = store::Expect {
                version: row.version + 1,
                ply: row.ply + 1,
                fen: &after,
                ..store::Expect::of(row)
            };
            ratings = self
                .finish(&mut tx, row, written, outcome, received)
                .await?;
        }
        tx.commit().await?;
        self.remember(row.id, row.version + 1, &game);
        let row = self.game_row(row.id).await?;
        let mut reply = self.board_reply(&row, &game, lang).led_by(Msg::Played {
            mover: players(&row).of(before.side_to_move()),
            notation,
            crowned,
        });
        if row.status != GameStatus::Running {
            // A live game's clocks stand as the last move left them.
            reply.body.extend(
                self.clocks_now(&row, &game, received)
                    .map(|[white, black]| Msg::FinalClocks { white, black }),
            );
            reply.body.extend(super::rating_note(&row, ratings));
        }
        Ok(reply)
    }

    /// The clocks after `side` moved at `made` in `row`; `None` when its time was up.
    fn clocks_after(&self, row: &GameRow, side: Color, made: UnixMs) -> Option<Clocks> {
        let due = super::clocks::due(row);
        if made >= due.at {
            return None;
        }
        let clocks = row.clocks();
        if !row.time_control.is_live() {
            return Some(Clocks {
                turn_began: made,
                ..clocks
            });
        }
        clocks.after_move(row.ply as usize, side, made).ok()
    }

    /// Ends a game inside `tx`, rating it when it counts (rated, two people, both moved); a
    /// resignation before both sides moved calls the game off. The ending was decided on the
    /// game as it stands `at`: if it has moved on since, nothing is written and the answer is
    /// [`Refusal::ChangedMeanwhile`] (the caller decides again, or refuses). Returns the rating changes.
    pub(super) async fn finish(
        &self,
        tx: &mut store::Tx,
        row: &GameRow,
        at: store::Expect<'_>,
        outcome: Outcome,
        now: UnixMs,
    ) -> Result<Vec<RatingChange>, HostError> {
        let both_moved = at.ply >= 2;
        // A tournament game resigned at once is lost, not called off: it scores.
        let called_off = !both_moved
            && outcome.reason == Reason::Resignation
            && self.store.pairing_of_game(row.id).await?.is_none();
        let (status, result) = if called_off {
            (GameStatus::Aborted, None)
        } else {
            (GameStatus::Finished, Some(outcome.result))
        };
        if !store::end_game(tx, at, status, result, Some(outcome.reason), now).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        let (false, true, true, Some(w), Some(b)) = (
            called_off,
            row.rated,
            both_moved,
            row.white_id,
            row.black_id,
        ) else {
            return Ok(Vec::new());
        };
        rate_game(tx, row, w, b, outcome.result, now).await
    }
}

/// The game's result as the stored row has it (resignations and time are not on the board).
pub(super) fn stored_outcome(row: &GameRow) -> Option<Outcome> {
    Some(Outcome {
        result: row.result?,
        reason: row.reason.unwrap_or(Reason::Recorded),
    })
}

/// The game with the stored result declared, when the board alone does not show it.
pub(super) fn with_stored_result(row: &GameRow, mut game: Game) -> Game {
    if game.outcome().is_none()
        && let Some(o) = stored_outcome(row)
    {
        game.declare(o.result, o.reason);
    }
    game
}
