//! Berserk: in an Arena's live game, a player may halve their clock and give up its increment
//! before their first move, for one more point if they win in at least 7 moves.

use crate::host::Refusal;
use dama_store as store;

use super::super::{Host, HostError, HostResult, Msg, Who, color_of};
use super::{TournamentMsg, TournamentRefusal, refused};

impl Host {
    /// The asker goes berserk in their game.
    pub async fn berserk(&self, who: &Who) -> HostResult {
        super::super::again_if_stale(|| self.berserk_now(who)).await
    }

    async fn berserk_now(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let side = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let Some(bits) = row.berserk else {
            return Err(refused(TournamentRefusal::NoBerserk));
        };
        if bits & (1 << side.index()) != 0 {
            return Err(refused(TournamentRefusal::AlreadyBerserk));
        }
        let clocks = row
            .clocks()
            .berserk(row.ply as usize, side)
            .ok_or(refused(TournamentRefusal::BerserkTooLate))?;
        let mut tx = self.store.write().await?;
        if !store::go_berserk(&mut tx, store::Expect::of(&row), side, &clocks).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        let row = self.game_row(row.id).await?;
        let game = self.load(&row).await?;
        Ok(self
            .board_reply(&row, &game, who.lang)
            .led_by(Msg::Tournament(TournamentMsg::Berserk { user: who.user })))
    }
}
