//! The messages a front end posted for games and challenges, remembered so that only the
//! newest board keeps its buttons and a challenge's go grey when it is settled.

use crate::store;
use dama_model::{ChallengeId, GameId, MessageId};

use super::{Host, HostError};

impl Host {
    /// Remembers which messages show games' boards, in the order they were posted, in one
    /// transaction; returns the board messages that are not the newest any more, whose
    /// buttons should go (only the newest board acts).
    pub async fn set_board_messages(
        &self,
        boards: &[(GameId, MessageId)],
    ) -> Result<Vec<(GameId, MessageId)>, HostError> {
        let mut tx = self.store.write().await?;
        let replaced = store::set_board_messages(&mut tx, boards).await?;
        tx.commit().await?;
        Ok(replaced)
    }

    /// Remembers which message shows a challenge (its buttons go grey when it expires).
    pub async fn set_challenge_message(
        &self,
        challenge: ChallengeId,
        message: MessageId,
    ) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_challenge_message(&mut tx, challenge, message).await?;
        tx.commit().await?;
        Ok(())
    }
}
