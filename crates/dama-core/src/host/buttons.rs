//! Buttons: a click acts as the command it stands for, if the board it sits under is still the
//! newest; an old or forged button gets a polite refusal.

use crate::host::Refusal;
use dama_model::GameStatus;

use super::{ButtonAction, GameAction, Host, HostError, HostResult, Who};

impl Host {
    /// Acts on a button id (as Discord sends it back).
    pub async fn button(&self, who: &Who, id: &str) -> HostResult {
        let action: ButtonAction = id
            .parse()
            .map_err(|_| HostError::Refused(Refusal::UnknownButton))?;
        self.press(who, action).await
    }

    /// Acts on a button.
    pub async fn press(&self, who: &Who, action: ButtonAction) -> HostResult {
        match action {
            ButtonAction::Challenge { id, accept } => self.answer_challenge(who, id, accept).await,
            ButtonAction::OpenPuzzle => self.puzzle(who, false).await,
            ButtonAction::LeavePool => self.leave_pool(who).await,
            ButtonAction::Rematch { game } => self.rematch(who, game).await,
            ButtonAction::LeavePuzzle { attempt, then } => {
                self.open_puzzle(who, then, Some(attempt)).await
            }
            ButtonAction::Tournament { id, join: true } => {
                self.join_tournament(who, Some(id)).await
            }
            ButtonAction::Tournament { id, join: false } => {
                self.leave_tournament(who, Some(id)).await
            }
            ButtonAction::Game {
                id,
                version,
                action,
            } => {
                let row = self
                    .game_row(id)
                    .await
                    .map_err(|_| HostError::Refused(Refusal::NoGame))?;
                if row.status != GameStatus::Running {
                    return Err(HostError::Refused(Refusal::ButtonGameOver));
                }
                // A player's link does not depend on the position.
                if row.version != version && action != GameAction::PlayLink {
                    return Err(HostError::Refused(Refusal::OldButton));
                }
                // The button's game only, should another start in its channel meanwhile.
                let here = Who {
                    channel: row.channel_id,
                    game: Some(id),
                    ..who.clone()
                };
                match action {
                    GameAction::Resign => self.resign(&here).await,
                    GameAction::ConfirmResign => self.resign_confirmed(&here).await,
                    GameAction::Draw => self.draw(&here).await,
                    GameAction::Takeback => self.takeback(&here).await,
                    GameAction::Hint => self.hint(&here).await,
                    GameAction::Berserk => self.berserk(&here).await,
                    GameAction::PlayLink => self.play_link(&here).await,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::UnknownButton;
    use super::*;
    use dama_model::{ChallengeId, GameId};

    #[test]
    fn button_ids_round_trip_and_forgeries_are_refused() {
        let all = [
            ButtonAction::Game {
                id: GameId(12),
                version: 4,
                action: GameAction::Resign,
            },
            ButtonAction::Game {
                id: GameId(12),
                version: 4,
                action: GameAction::ConfirmResign,
            },
            ButtonAction::Challenge {
                id: ChallengeId(3),
                accept: false,
            },
            ButtonAction::Tournament {
                id: dama_model::TournamentId(9),
                join: true,
            },
            ButtonAction::Tournament {
                id: dama_model::TournamentId(9),
                join: false,
            },
            ButtonAction::LeavePool,
            ButtonAction::Rematch { game: GameId(7) },
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<ButtonAction>(), Ok(a));
        }
        assert_eq!(all[0].to_string(), "game:12:4:resign");
        for bad in [
            "",
            "game:1:2",
            "game:x:2:resign",
            "game:1:2:explode",
            "challenge:1:maybe",
            "tournament:1:watch",
            "tournament:x:join",
            "pool:join",
            "rematch:",
            "rematch:x",
        ] {
            assert_eq!(bad.parse::<ButtonAction>(), Err(UnknownButton), "{bad}");
        }
    }
}
