//! Endgame tables for the host: read from their folder, or built there in the background on
//! the first start. Until they are in memory the AI plays endgames by search alone.

use std::path::PathBuf;
use std::sync::Arc;

use crate::tables::{self, Tables};

use super::Host;

/// The most pieces the host's tables hold.
pub const TABLE_PIECES: u32 = 4;

impl Host {
    /// The endgame tables, once they are loaded.
    pub fn tables(&self) -> Option<Arc<Tables>> {
        self.tables.get().cloned()
    }

    /// Gives the AI endgame tables (the first set given stays).
    pub fn use_tables(&self, tables: Arc<Tables>) {
        let _ = self.tables.set(tables);
    }

    /// Loads the tables in `dir` in the background, first building with one thread (keeping
    /// the other cores for the AI's moves) what is missing when `build` is set.
    pub fn load_tables_in_background(
        self: &Arc<Self>,
        dir: PathBuf,
        build: bool,
    ) -> tokio::task::JoinHandle<()> {
        let host = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let start = std::time::Instant::now();
            if build {
                let mut built = 0;
                let made = tables::build(&dir, TABLE_PIECES, 1, &mut |s| {
                    if !s.reused {
                        built += 1;
                        tracing::info!(material = %s.material, seconds = s.time.as_secs(), "endgame table built");
                    }
                });
                if let Err(e) = made {
                    tracing::error!(dir = %dir.display(), "the endgame tables could not be built: {e}");
                    return;
                }
                if built > 0 {
                    tracing::info!(
                        tables = built,
                        seconds = start.elapsed().as_secs(),
                        "endgame tables built"
                    );
                }
            }
            match Tables::load(&dir) {
                Ok(t) => {
                    tracing::info!(dir = %dir.display(), pieces = t.complete_up_to(), "endgame tables loaded");
                    host.use_tables(Arc::new(t));
                }
                Err(e) => tracing::warn!("endgame tables not used: {e}"),
            }
        })
    }
}
