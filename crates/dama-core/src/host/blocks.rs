//! Blocks: a player someone blocked cannot challenge them, is never paired with them by the
//! pools, and neither takes the other's open challenge.

use crate::host::FindingMsg;
use dama_model::UserId;
use dama_store as store;

use super::{Host, HostError, HostResult, Msg, Refusal, Reply, Who};

/// The most players one player may block.
pub const MAX_BLOCKS: usize = 500;

impl Host {
    /// The asker blocks `user` (known as `name`).
    pub async fn block(&self, who: &Who, user: UserId, name: &str) -> HostResult {
        if user == who.user {
            return Err(HostError::Refused(Refusal::BlockSelf));
        }
        if self.store.blocked_by(who.user).await?.len() >= MAX_BLOCKS {
            return Err(HostError::Refused(Refusal::TooManyBlocks {
                limit: MAX_BLOCKS,
            }));
        }
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        store::ensure_player(&mut tx, user, name).await?;
        if !store::block(&mut tx, who.user, user, now).await? {
            return Err(HostError::Refused(Refusal::AlreadyBlocked { user }));
        }
        tx.commit().await?;
        Ok(Reply::private(Msg::Finding(FindingMsg::Blocked { user })))
    }

    /// The asker unblocks `user`.
    pub async fn unblock(&self, who: &Who, user: UserId) -> HostResult {
        let mut tx = self.store.write().await?;
        if !store::unblock(&mut tx, who.user, user).await? {
            return Err(HostError::Refused(Refusal::NotBlocked { user }));
        }
        tx.commit().await?;
        Ok(Reply::private(Msg::Finding(FindingMsg::Unblocked { user })))
    }

    /// Whom the asker blocked.
    pub async fn block_list(&self, who: &Who) -> HostResult {
        let users = self.store.blocked_by(who.user).await?;
        Ok(Reply::private(Msg::Finding(FindingMsg::BlockList {
            users,
        })))
    }

    /// Refuses a game between `asker` and `other` where either blocked the other: the one who
    /// blocked is told so; the one blocked learns only that the player is not available.
    pub(super) async fn not_blocked(&self, asker: UserId, other: UserId) -> Result<(), HostError> {
        if self.store.blocks(asker, other).await? {
            return Err(HostError::Refused(Refusal::YouBlocked { user: other }));
        }
        if self.store.blocks(other, asker).await? {
            return Err(HostError::Refused(Refusal::NotAvailable));
        }
        Ok(())
    }
}
