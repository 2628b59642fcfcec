//! A write transaction: what it changed told at its commit, what it wrote counted.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::OwnedMutexGuard;

use dama_telemetry::WriteCounts;

use super::{Backend, Change, Result, changes};

/// An open write transaction.
pub struct Tx {
    pub(super) inner: Transaction<'static, Any>,
    /// SQLite only: writers take turns inside the process first, so none of them meets
    /// SQLite's busy lock (whose retry sleeps made the slowest moves wait tens of ms).
    pub(super) _turn: Option<OwnedMutexGuard<()>>,
    pub(super) stats: Arc<StoreStats>,
    /// When it was asked for (waiting for the write turn counts).
    pub(super) began: std::time::Instant,
    /// Games started and moves written in it, counted once it commits.
    pub(super) games: u64,
    pub(super) moves: u64,
    /// What it changed, told to the followers once it commits.
    pub(super) changes: Vec<Change>,
    pub(super) hub: Arc<changes::Hub>,
    pub(super) backend: Backend,
}

impl Tx {
    /// Commits, and counts what was written in the metrics.
    pub async fn commit(mut self) -> Result<()> {
        // PostgreSQL delivers a notification with the commit, and drops it with a rollback.
        if self.backend == Backend::Postgres
            && let Some(payload) = self.hub.payload(&self.changes)
        {
            sqlx::query(changes::NOTIFY)
                .bind(payload)
                .execute(&mut *self.inner)
                .await?;
        }
        self.inner.commit().await?;
        self.hub.tell(&self.changes);
        let s = &self.stats;
        s.commits.fetch_add(1, Ordering::Relaxed);
        s.commit_micros
            .fetch_add(self.began.elapsed().as_micros() as u64, Ordering::Relaxed);
        s.games_started.fetch_add(self.games, Ordering::Relaxed);
        s.moves.fetch_add(self.moves, Ordering::Relaxed);
        Ok(())
    }
}

/// What this process's store has written since it started, for the metrics.
#[derive(Debug, Default)]
pub struct StoreStats {
    /// Games started.
    pub games_started: AtomicU64,
    /// Moves written.
    pub moves: AtomicU64,
    /// Write transactions committed, and their time from asking to commit (microseconds).
    pub commits: AtomicU64,
    /// The time of those transactions, in microseconds.
    pub commit_micros: AtomicU64,
}

impl StoreStats {
    /// The counts as they stand now.
    pub fn counts(&self) -> WriteCounts {
        WriteCounts {
            games_started: self.games_started.load(Ordering::Relaxed),
            moves: self.moves.load(Ordering::Relaxed),
            commits: self.commits.load(Ordering::Relaxed),
            commit_time: std::time::Duration::from_micros(
                self.commit_micros.load(Ordering::Relaxed),
            ),
        }
    }
}

impl Tx {
    /// Notes that this transaction changes `change` (told to its followers at the commit).
    pub fn changed(&mut self, change: Change) {
        if !self.changes.contains(&change) {
            self.changes.push(change);
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = AnyConnection;
    fn deref(&self) -> &Self::Target {
        &self.inner
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.inner
    }
}
