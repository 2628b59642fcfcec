//! What players agree on or give up: resignations, draws and takebacks.

use crate::host::Refusal;
use dama_model::GameStatus;
use dama_play::ai::{Limits, Searcher};
use dama_rules::{Color, Game};
use dama_store::{self as store, GameRow, Offer};

use super::{
    Button, ButtonLabel, ButtonStyle, GameAction, Host, HostError, HostResult, Msg, Reply, Who,
    color_of, player_of,
};

impl Host {
    /// Resigns the asker's game. A rated game both sides have moved in asks first: the reply is
    /// a private question with a Confirm button ([`Host::resign_confirmed`]).
    pub async fn resign(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        if row.rated && row.ply >= 2 {
            return Ok(Reply {
                buttons: vec![Button::game(
                    &row,
                    GameAction::ConfirmResign,
                    ButtonLabel::ConfirmResign,
                    ButtonStyle::Danger,
                )],
                ..Reply::private(Msg::ConfirmResign)
            });
        }
        self.resign_confirmed(who).await
    }

    /// Resigns the asker's game, no questions asked. A move that lands first does not undo the
    /// wish: the resignation is decided again on the new position.
    pub async fn resign_confirmed(&self, who: &Who) -> HostResult {
        super::again_if_stale(|| self.resign_now(who)).await
    }

    async fn resign_now(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let now_ms = self.clock.now();
        if let Some(late) = self.flag_first(&row, now_ms, Msg::ActionTooLate).await {
            return late;
        }
        let mut game = self.load(&row).await?;
        let outcome = game
            .resign(color)
            .ok_or(HostError::Refused(Refusal::GameAlreadyOver))?;
        let mut tx = self.store.write().await?;
        let ratings = self
            .finish(&mut tx, &row, store::Expect::of(&row), outcome, now_ms)
            .await?;
        let clocks = self.stop_clocks(&mut tx, &row, &game, now_ms).await?;
        tx.commit().await?;
        let row = self.game_row(row.id).await?;
        let mut reply = self.board_reply(&row, &game, who.lang);
        if row.status == GameStatus::Aborted {
            reply.body = vec![Msg::CalledOff { by: Some(who.user) }];
        } else {
            reply.body.extend(clocks);
            reply.body.extend(super::rating_note(&row, ratings));
        }
        Ok(reply)
    }

    /// Whether the asker could offer (or accept) a draw now: the refusal, if not.
    pub async fn may_offer_draw(&self, who: &Who) -> Result<(), HostError> {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        if row.draw_offer == Some(color) {
            return Err(HostError::Refused(Refusal::DrawAlreadyOffered));
        }
        Ok(())
    }

    /// Offers a draw, or accepts the opponent's offer.
    pub async fn draw(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let asked = self.clock.now();
        if let Some(late) = self.flag_first(&row, asked, Msg::ActionTooLate).await {
            return late;
        }
        let mut game = self.load(&row).await?;
        let opponent = color.opponent();
        let accept_now = match (player_of(&row, opponent), row.ai_level) {
            (None, Some(level)) => {
                // The AI takes a draw when it thinks it is worse.
                let thinking = game.clone();
                let ai_to_move = game.position().side_to_move() == opponent;
                let tables = self.tables();
                let result = self
                    .think(move || {
                        let mut searcher = Searcher::default();
                        searcher.set_tables(tables);
                        searcher.search(&thinking, Limits::depth(6))
                    })
                    .await?;
                let ai_score = result.map_or(0, |r| if ai_to_move { r.score } else { -r.score });
                if ai_score > -50 {
                    return Ok(Reply::say(Msg::AiDeclinesDraw { level }));
                }
                true
            }
            _ => row.draw_offer == Some(opponent),
        };
        if accept_now {
            let outcome = game
                .agree_draw()
                .ok_or(HostError::Refused(Refusal::GameAlreadyOver))?;
            let mut tx = self.store.write().await?;
            // A move since the offer was read withdrew it: then nothing is agreed (changed meanwhile).
            let at = store::Expect::of(&row);
            // The AI's thinking is its own time, not the asker's.
            let now_ms = if row.ai_level.is_some() {
                self.clock.now()
            } else {
                asked
            };
            let ratings = self.finish(&mut tx, &row, at, outcome, now_ms).await?;
            let clocks = self.stop_clocks(&mut tx, &row, &game, now_ms).await?;
            tx.commit().await?;
            let row = self.game_row(row.id).await?;
            let mut reply = self.board_reply(&row, &game, who.lang);
            reply.body.extend(clocks);
            reply.body.extend(super::rating_note(&row, ratings));
            return Ok(reply);
        }
        if row.draw_offer == Some(color) {
            return Err(HostError::Refused(Refusal::DrawAlreadyOffered));
        }
        let them = player_of(&row, opponent).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        self.offer(
            &row,
            color,
            Offer::Draw,
            Msg::DrawOffered {
                by: who.user,
                to: them,
            },
        )
        .await
    }

    /// Records an offer by `color` (a draw or a takeback) and asks the opponent, with a button.
    async fn offer(&self, row: &GameRow, color: Color, kind: Offer, msg: Msg) -> HostResult {
        let mut tx = self.store.write().await?;
        if !store::set_offer(&mut tx, store::Expect::of(row), kind, color).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        let them = player_of(row, color.opponent());
        let (action, label, style) = match kind {
            Offer::Draw => (
                GameAction::Draw,
                ButtonLabel::AcceptDraw,
                ButtonStyle::Success,
            ),
            Offer::Takeback => (
                GameAction::Takeback,
                ButtonLabel::AllowTakeback,
                ButtonStyle::Secondary,
            ),
        };
        Ok(Reply {
            mentions: them.into_iter().collect(),
            buttons: vec![Button::game(row, action, label, style)],
            elsewhere: self.channels_of_network_game(row.id).await?,
            ..Reply::say(msg)
        })
    }

    /// Asks for a takeback, or accepts the opponent's request. Against the AI it happens at
    /// once: the asker's last move and the AI's answer are taken back.
    pub async fn takeback(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let asked = self.clock.now();
        if let Some(late) = self.flag_first(&row, asked, Msg::ActionTooLate).await {
            return late;
        }
        let game = self.load(&row).await?;
        let opponent = color.opponent();
        let ai_game = player_of(&row, opponent).is_none();
        let accepting = row.takeback_offer == Some(opponent);
        if !ai_game && !accepting {
            if row.takeback_offer == Some(color) {
                return Err(HostError::Refused(Refusal::TakebackAlreadyAsked));
            }
            if last_move_by(&game, color).is_none() {
                return Err(HostError::Refused(Refusal::NothingToTakeBack));
            }
            let them = player_of(&row, opponent).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
            return self
                .offer(
                    &row,
                    color,
                    Offer::Takeback,
                    Msg::TakebackAsked {
                        by: who.user,
                        to: them,
                    },
                )
                .await;
        }
        // Whose move goes back: the asker's against the AI, the requester's otherwise.
        let taker = if ai_game { color } else { opponent };
        let keep =
            last_move_by(&game, taker).ok_or(HostError::Refused(Refusal::NothingToTakeBack))?;
        let mut shortened = Game::new(*game.start());
        for mv in game.moves().take(keep) {
            shortened
                .play(mv)
                .map_err(|e| HostError::Refused(Refusal::Move(e)))?;
        }
        let taken: Vec<String> = game
            .history()
            .skip(keep)
            .map(|(p, m)| p.notation(&m))
            .collect();
        // The time spent on the turn so far stays spent; the new turn begins now.
        let now_ms = asked;
        let side_now = game.position().side_to_move();
        let clocks = dama_play::clock::Clocks {
            left: row.clocks().left_at(row.ply as usize, side_now, now_ms),
            turn_began: now_ms,
            ..row.clocks()
        };
        let side_then = shortened.position().side_to_move();
        let times = self.turn_times(&clocks, keep as i64, side_then);
        let turn = store::NewTurn {
            clocks,
            warn_at: times.warn_at,
            deadline: times.deadline,
            flag_at: times.flag_at,
        };
        let mut tx = self.store.write().await?;
        let fen_now = dama_rules::fen::write(shortened.position());
        if !store::take_back(
            &mut tx,
            store::Expect::of(&row),
            keep as i64,
            &fen_now,
            now_ms,
            turn,
        )
        .await?
        {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        self.remember(row.id, row.version + 1, &shortened);
        let row = self.game_row(row.id).await?;
        Ok(self
            .board_reply(&row, &shortened, who.lang)
            .led_by(Msg::TakenBack { moves: taken }))
    }
}

/// The ply count after which the last move by `color` was played, i.e. how many plies to keep
/// to take it back.
fn last_move_by(game: &Game, color: Color) -> Option<usize> {
    game.history()
        .enumerate()
        .filter(|(_, (p, _))| p.side_to_move() == color)
        .map(|(i, _)| i)
        .last()
}
