//! Endgame tables for the host: read from their folder, or built there in the background on
//! the first start. Until they are in memory the AI plays endgames by search alone.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dama_play::tables::{self, Material, Tables};

use super::Host;

/// The most pieces the host's tables hold.
pub const TABLE_PIECES: u32 = 4;

/// One thread solves about this many positions a second here (the four-piece tables, 84
/// million positions, took 8 min 15 s of CPU on these machines): for saying how long a build
/// will take.
const POSITIONS_A_SECOND: u64 = 170_000;

/// The tables being loaded (and built first, if asked) in the background.
pub struct TableWork {
    stop: Arc<AtomicBool>,
    handle: tokio::task::JoinHandle<()>,
}

impl TableWork {
    /// Stops a build between two chunks of its work (a fraction of a second); the tables
    /// already written stay for the next start. Returns at once.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the work has ended (built and loaded, failed, or stopped).
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the work to end.
    pub async fn finished(self) {
        let _ = self.handle.await;
    }
}

impl Host {
    /// The endgame tables, once they are loaded.
    pub fn tables(&self) -> Option<Arc<Tables>> {
        self.tables.get().cloned()
    }

    /// Gives the AI endgame tables (the first set given stays).
    pub fn use_tables(&self, tables: Arc<Tables>) {
        let _ = self.tables.set(tables);
    }

    /// Loads the tables in `dir` in the background, first building what is missing when
    /// `build` is set: with one thread at the lowest priority the system gives, waiting while
    /// the AI thinks, so the players never wait for it. Stop it with [`TableWork::stop`].
    pub fn load_tables_in_background(self: &Arc<Self>, dir: PathBuf, build: bool) -> TableWork {
        let host = Arc::clone(self);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let handle = tokio::task::spawn_blocking(move || {
            if build && !host.build_tables(&dir, &stopped) {
                return;
            }
            match Tables::load(&dir) {
                Ok(t) => {
                    tracing::info!(dir = %dir.display(), pieces = t.complete_up_to(), "endgame tables loaded");
                    host.use_tables(Arc::new(t));
                }
                Err(e) => tracing::warn!("endgame tables not used: {e}"),
            }
        });
        TableWork { stop, handle }
    }

    /// Builds what is missing of the tables in `dir`; `false` if they cannot be used now.
    fn build_tables(&self, dir: &std::path::Path, stop: &AtomicBool) -> bool {
        let wanted = Material::all_up_to(TABLE_PIECES);
        let plan = tables::plan(dir, &wanted);
        let missing: Vec<Material> = plan
            .iter()
            .filter(|(_, there)| !there)
            .map(|p| p.0)
            .collect();
        if missing.is_empty() {
            return true;
        }
        let positions: u64 = missing.iter().map(|m| m.size() as u64).sum();
        tracing::info!(
            dir = %dir.display(),
            tables = missing.len(),
            of = plan.len(),
            minutes = (positions / POSITIONS_A_SECOND).div_ceil(60),
            "building the endgame tables in the background (one thread, lowest priority); the AI plays without them until they are done, and Ctrl-C stops the build, keeping the tables finished"
        );
        lower_this_threads_priority();
        let start = Instant::now();
        let scheduler = Arc::clone(&self.scheduler);
        // Wait while the AI is thinking: its moves come first.
        let pause = move || {
            while scheduler.busy() && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(10));
            }
        };
        let control = tables::Control {
            stop: Some(stop),
            pause: Some(&pause),
        };
        let mut built = 0;
        let made = tables::build_controlled(dir, &wanted, 1, control, &mut |s| {
            if !s.reused {
                built += 1;
                tracing::info!(
                    material = %s.material,
                    done = built,
                    of = missing.len(),
                    seconds = s.time.as_secs(),
                    "endgame table built"
                );
            }
        });
        match made {
            Ok(_) => {
                tracing::info!(
                    tables = built,
                    seconds = start.elapsed().as_secs(),
                    "endgame tables built"
                );
                true
            }
            Err(tables::TablesError::Stopped) => {
                tracing::info!(
                    kept = built,
                    "endgame table build stopped; it goes on at the next start"
                );
                false
            }
            Err(e) => {
                tracing::error!(dir = %dir.display(), "the endgame tables could not be built: {e}");
                false
            }
        }
    }
}

/// Asks the system to run this thread only when nothing else wants the cores (Linux: nice 19
/// for this thread alone, as Linux schedules threads apart).
pub(super) fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    {
        // Linux: the process priority of "this process" (no pid) is the calling thread's.
        if rustix::process::setpriority_process(None, 19).is_err() {
            tracing::debug!("could not lower a background thread's priority");
        }
    }
}
