//! Work shared by the processes on one store: the AI's turns (each claimed by the process that
//! thinks about it, taken over when that process dies) and the sweep (one process at a time,
//! under a lease).

use dama_model::GameId;
use dama_model::Millis;
use dama_store::{self as store, GameRow};

use super::{AiTurn, Host, HostError};

/// The sweep's lease.
const SWEEP: &str = "sweep";

/// How long a claim on a live game's AI turn lasts: the AI thinks at most 8 s on a clock, and
/// a turn left by a process that died must be taken over before the AI flags.
const LIVE_CLAIM: Millis = Millis(15_000);

impl Host {
    /// Waits for an AI worker in this process, ahead of hints and analyses.
    /// A worker for the AI's move in `row`: live games first, the earliest flag first.
    pub(super) async fn ai_slot(&self, row: &GameRow) -> super::scheduler::Slot {
        let key = row.flag_at.map_or(i64::MAX, |at| at.0);
        self.scheduler.slot_by(super::Priority::Move, key).await
    }

    /// Claims the AI's turn in `row` (at its version) for this process; `false` while another
    /// process's claim on it runs.
    pub(super) async fn claim_ai_turn(&self, row: &GameRow) -> Result<bool, HostError> {
        let now = self.clock.now();
        let until = now + self.claim_span(row);
        let mut tx = self.store.write().await?;
        let claimed = store::claim_ai_turn(
            &mut tx,
            row.id,
            row.version,
            &self.config.process,
            now,
            until,
        )
        .await?;
        tx.commit().await?;
        Ok(claimed)
    }

    /// Ends this process's claim on the AI's turn in `game`. A failure is only logged: the
    /// claim then runs out by itself.
    pub(super) async fn release_ai_turn(&self, game: GameId) {
        let released = async {
            let mut tx = self.store.write().await?;
            store::release_ai_turn(&mut tx, game, &self.config.process).await?;
            tx.commit().await
        };
        if let Err(e) = released.await {
            tracing::warn!(game = game.0, error = %e, "an AI claim is left to run out");
        }
    }

    /// AI turns nobody is thinking about: pending for longer than a claim lasts, with no claim
    /// running (the process that had them stopped or died). Play them with
    /// [`Host::ai_move`]; a turn another process takes meanwhile is skipped there.
    pub async fn stalled_ai_turns(&self) -> Result<Vec<AiTurn>, HostError> {
        let now = self.clock.now();
        let claimed = self.store.ai_turns_claimed(now).await?;
        Ok(self
            .pending_ai_games()
            .await?
            .into_iter()
            .filter(|g| g.updated_at <= now - self.claim_span(g) && !claimed.contains(&g.id))
            .map(|g| AiTurn::of(&g))
            .collect())
    }

    /// How long a claim on the AI's turn in `row` lasts: shorter on a clock.
    fn claim_span(&self, row: &GameRow) -> Millis {
        let span = Millis::from_std(self.config.ai_claim);
        if row.time_control.is_live() {
            span.min(LIVE_CLAIM)
        } else {
            span
        }
    }

    /// Takes or renews the sweep's lease; `false` while another process holds it.
    pub(super) async fn sweep_lease(&self) -> Result<bool, HostError> {
        let now = self.clock.now();
        let until = now + Millis::from_std(self.config.sweep_lease);
        let mut tx = self.store.write().await?;
        let held = store::take_lease(&mut tx, SWEEP, &self.config.process, now, until).await?;
        tx.commit().await?;
        Ok(held)
    }

    /// Gives up this process's lease and claims (it is stopping), so the others take its work
    /// over at once instead of when they run out.
    pub async fn release_work(&self) -> Result<u64, HostError> {
        let mut tx = self.store.write().await?;
        store::release_lease(&mut tx, SWEEP, &self.config.process).await?;
        let claims = store::release_ai_turns_of(&mut tx, &self.config.process).await?;
        tx.commit().await?;
        Ok(claims)
    }
}
