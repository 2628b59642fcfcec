//! The web's pictures (a game's animation, its analysis chart): drawn on a thread of their own
//! at the lowest priority, from a short queue, and kept per game version. A crowd of readers
//! gets the same picture again, or a quick "busy" once the queue is full; it never waits in
//! front of what a player asked for in Discord, which has its own slots.

use std::collections::VecDeque;
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::{GameId, HostError, Lang};

/// Pictures waiting to be drawn; one more is refused as busy.
const QUEUE: usize = 4;
/// The bytes of pictures kept (the oldest go first).
const KEPT_BYTES: usize = 32 << 20;

/// Which picture of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Replay,
    Chart,
}

/// A picture's identity: the game at one version, in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    pub game: GameId,
    pub version: i64,
    pub lang: Lang,
    pub kind: Kind,
}

type Job = Box<dyn FnOnce() + Send>;

/// Why a picture was not drawn.
#[derive(Debug)]
pub enum PictureError {
    /// The queue is full: ask again in a moment.
    Busy,
    /// The game could not be read, or another failure of the host's.
    Host(HostError),
}

impl From<HostError> for PictureError {
    fn from(e: HostError) -> Self {
        PictureError::Host(e)
    }
}

#[derive(Default)]
pub(super) struct WebPictures {
    queue: OnceLock<SyncSender<Job>>,
    kept: Arc<Mutex<Kept>>,
}

#[derive(Default)]
struct Kept {
    pictures: VecDeque<(Key, Arc<Vec<u8>>)>,
    bytes: usize,
}

impl Kept {
    fn get(&self, key: &Key) -> Option<Arc<Vec<u8>>> {
        self.pictures
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, p)| Arc::clone(p))
    }

    fn keep(&mut self, key: Key, picture: Arc<Vec<u8>>) {
        if self.get(&key).is_some() || picture.len() > KEPT_BYTES {
            return;
        }
        self.bytes += picture.len();
        self.pictures.push_back((key, picture));
        while self.bytes > KEPT_BYTES {
            let Some((_, old)) = self.pictures.pop_front() else {
                break;
            };
            self.bytes -= old.len();
        }
    }
}

impl WebPictures {
    /// The picture `key`, kept from before or drawn by `draw` behind the queue.
    pub(super) async fn get(
        &self,
        key: Key,
        draw: impl FnOnce() -> Vec<u8> + Send + 'static,
    ) -> Result<Arc<Vec<u8>>, PictureError> {
        if let Some(p) = self.lock().get(&key) {
            return Ok(p);
        }
        let (answer, answered) = tokio::sync::oneshot::channel();
        let kept = Arc::clone(&self.kept);
        let job: Job = Box::new(move || {
            // Asked for twice while waiting: drawn once.
            let found = kept
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&key);
            let picture = found.unwrap_or_else(|| {
                let p = Arc::new(draw());
                kept.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .keep(key, Arc::clone(&p));
                p
            });
            let _ = answer.send(picture);
        });
        match self.sender().try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(PictureError::Busy),
            Err(TrySendError::Disconnected(_)) => {
                return Err(HostError::internal("the web's picture thread stopped", "").into());
            }
        }
        answered
            .await
            .map_err(|e| HostError::internal("drawing a web picture failed", e).into())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The queue, its thread started the first time a picture is asked for.
    fn sender(&self) -> &SyncSender<Job> {
        self.queue.get_or_init(|| {
            let (sender, jobs) = std::sync::mpsc::sync_channel::<Job>(QUEUE);
            let started = std::thread::Builder::new()
                .name("dama-web-pictures".into())
                .spawn(move || {
                    super::tables::lower_this_threads_priority();
                    for job in jobs {
                        // A picture that panics loses its answer, not the thread.
                        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                    }
                });
            if let Err(e) = started {
                tracing::error!(error = %e, "the web's picture thread could not start");
            }
            sender
        })
    }
}
