//! Puzzles from the games played here: each finished game is screened in the background, one
//! position at a time and only when the AI has nothing else to do, for combinations its
//! players missed; each is proven like a shipped puzzle and joins the practice pool of the
//! server it was played on.

use crate::host::Refusal;
use std::sync::atomic::Ordering;

use dama_play::ai::{Searcher, Weights};
use dama_play::puzzle::mine::{Combination, combination_at};
use dama_store::{self as store, GameRow, NewMined};

use super::{Host, HostError, Priority, player_of};

/// Games screened per call at most (the rest wait for the next sweep).
const BATCH: i64 = 20;

impl Host {
    /// Screens the finished games not screened yet (the latest first) and keeps the
    /// combinations their players missed; the number of puzzles found. Returns at once while
    /// another screening runs in this process. Run it after the sweep, off its path: it takes
    /// seconds a game.
    pub async fn mine_games(&self) -> Result<usize, HostError> {
        if self.mining.swap(true, Ordering::AcqRel) {
            return Ok(0);
        }
        let result = async {
            let mut found = 0;
            for row in self.store.games_to_mine(BATCH).await? {
                found += self.mine_game(&row).await?;
            }
            Ok(found)
        }
        .await;
        self.mining.store(false, Ordering::Release);
        result
    }

    /// Screens one finished game: every position where a player (not the AI) was to move.
    #[expect(
        clippy::expect_used,
        reason = "the searcher comes back after each position"
    )]
    async fn mine_game(&self, row: &GameRow) -> Result<usize, HostError> {
        let game = match self.load(row).await {
            Ok(g) => g,
            // A damaged record has nothing to give; it is marked screened all the same.
            Err(HostError::Refused(Refusal::Broken { .. })) => dama_rules::Game::default(),
            Err(e) => return Err(e),
        };
        let positions: Vec<_> = game.history().map(|(p, m)| (*p, m)).collect();
        let mut searcher = Some(Searcher::new(Weights::default(), 16));
        let mut found = Vec::new();
        let mut skip_until = 0;
        for (ply, (pos, played)) in positions.into_iter().enumerate() {
            let Some(player) = player_of(row, pos.side_to_move()) else {
                continue;
            };
            if ply < skip_until {
                continue;
            }
            // A worker for each position, so a move asked meanwhile waits one position at most.
            let _slot = self.scheduler.slot(Priority::Mining).await;
            let mut s = searcher
                .take()
                .expect("the searcher comes back after each position");
            let (s, combination) = tokio::task::spawn_blocking(move || {
                let c = combination_at(&pos, played, &mut s);
                (s, c)
            })
            .await
            .map_err(|e| HostError::internal("screening a game failed", e))?;
            searcher = Some(s);
            let Some(c @ Combination { .. }) = combination else {
                continue;
            };
            skip_until = ply + c.span();
            if !c.played {
                found.push(NewMined {
                    puzzle: dama_rules::fen::write(&pos),
                    line: c.puzzle.to_line(),
                    ply: ply as i64,
                    player,
                });
            }
        }
        let mut tx = self.store.write().await?;
        if !store::record_mined(&mut tx, row, &found, self.clock.now()).await? {
            return Ok(0);
        }
        tx.commit().await?;
        if !found.is_empty() {
            tracing::info!(
                game = row.id.0,
                found = found.len(),
                "puzzles found in a game"
            );
        }
        Ok(found.len())
    }
}
