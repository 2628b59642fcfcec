//! What changed, told to whoever follows it (the live web pages) as soon as it is committed,
//! without reading the database again and again. A write transaction names the games and
//! tournaments it changed; at its commit this process's followers hear of them at once, and on
//! PostgreSQL the other processes' too, by `NOTIFY` (sent with the commit, never before it) and
//! a `LISTEN`ing connection in each process. A follower that may have missed something (the
//! listening connection was lost, it fell behind) is told to read again.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use dama_model::{GameId, TournamentId};
use tokio::sync::broadcast;

/// The channel the processes notify each other on.
const CHANNEL: &str = "dama_changes";
/// Changes a slow follower may fall behind by before it is told to read again.
const BACKLOG: usize = 4096;

pub use dama_model::Change;

/// A change as a notification's word: `g12`, `t3`; `None` for a resync, which is not told.
fn write(change: Change) -> Option<String> {
    match change {
        Change::Game(g) => Some(format!("g{}", g.0)),
        Change::Tournament(t) => Some(format!("t{}", t.0)),
        Change::Lobby => Some("l".to_string()),
        Change::Resync => None,
    }
}

/// A notification's word as a change.
fn read(word: &str) -> Option<Change> {
    if word == "l" {
        return Some(Change::Lobby);
    }
    let (kind, id) = word.split_at_checked(1)?;
    let id = id.parse().ok()?;
    match kind {
        "g" => Some(Change::Game(GameId(id))),
        "t" => Some(Change::Tournament(TournamentId(id))),
        _ => None,
    }
}

/// Where this process's changes are told.
pub(super) struct Hub {
    sender: broadcast::Sender<Change>,
    /// Names this process in its notifications, so it does not hear its own twice.
    tag: String,
    listener: Mutex<Option<tokio::task::AbortHandle>>,
}

impl Hub {
    pub(super) fn new() -> Arc<Hub> {
        let (sender, _) = broadcast::channel(BACKLOG);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        Arc::new(Hub {
            sender,
            tag: format!("{:x}.{nanos:x}", std::process::id()),
            listener: Mutex::new(None),
        })
    }

    pub(super) fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.sender.subscribe()
    }

    /// Tells this process's followers (after a commit).
    pub(super) fn tell(&self, changes: &[Change]) {
        for &c in changes {
            // Nobody follows anything: nothing to tell.
            let _ = self.sender.send(c);
        }
    }

    /// The payload of the `NOTIFY` that tells the other processes of `changes`.
    pub(super) fn payload(&self, changes: &[Change]) -> Option<String> {
        let words: Vec<String> = changes.iter().filter_map(|&c| write(c)).collect();
        (!words.is_empty()).then(|| format!("{} {}", self.tag, words.join(" ")))
    }

    /// Starts listening to the other processes (PostgreSQL at `url`).
    pub(super) fn listen(self: &Arc<Hub>, url: &str) {
        let task = tokio::spawn(listen(url.to_string(), Arc::downgrade(self)));
        *self.listener.lock().unwrap_or_else(PoisonError::into_inner) = Some(task.abort_handle());
    }

    /// Stops listening.
    pub(super) fn stop(&self) {
        if let Some(task) = self
            .listener
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            task.abort();
        }
    }
}

impl Drop for Hub {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The `NOTIFY` statement for a payload (on [`CHANNEL`]).
pub(super) const NOTIFY: &str = "SELECT pg_notify('dama_changes', $1)";

/// Hears the other processes' changes until the hub is gone; after a lost connection (and at
/// the start) tells the followers to read again.
async fn listen(url: String, hub: std::sync::Weak<Hub>) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => match listener.listen(CHANNEL).await {
                Ok(()) => {
                    // Whatever changed before this connection listened is read again.
                    let Some(h) = hub.upgrade() else { return };
                    h.tell(&[Change::Resync]);
                    drop(h);
                    loop {
                        match listener.try_recv().await {
                            Ok(Some(n)) => {
                                let Some(h) = hub.upgrade() else { return };
                                let mut words = n.payload().split(' ');
                                if words.next() != Some(h.tag.as_str()) {
                                    let changes: Vec<Change> = words.filter_map(read).collect();
                                    h.tell(&changes);
                                }
                            }
                            // The connection was lost; sqlx connects again and listens anew.
                            Ok(None) => {
                                tracing::warn!(
                                    "the database's notifications were cut off; the followed pages are read again"
                                );
                                let Some(h) = hub.upgrade() else { return };
                                h.tell(&[Change::Resync]);
                            }
                            Err(e) => {
                                tracing::warn!(error = %e, "listening to the database failed");
                                break;
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "listening to the database failed"),
            },
            Err(e) => tracing::warn!(error = %e, "listening to the database failed"),
        }
        let Some(h) = hub.upgrade() else { return };
        h.tell(&[Change::Resync]);
        drop(h);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notification_goes_to_the_channel_listened_to() {
        assert!(NOTIFY.contains(&format!("'{CHANNEL}'")));
    }

    #[test]
    fn changes_are_written_and_read_back_and_a_process_knows_its_own() {
        let hub = Hub::new();
        let changes = [
            Change::Game(GameId(12)),
            Change::Tournament(TournamentId(3)),
            Change::Lobby,
            Change::Resync,
        ];
        let payload = hub.payload(&changes).unwrap();
        let mut words = payload.split(' ');
        assert_eq!(words.next(), Some(hub.tag.as_str()));
        let heard: Vec<Change> = words.filter_map(read).collect();
        assert_eq!(heard, changes[..3]);
        assert_eq!(hub.payload(&[Change::Resync]), None);
        assert_eq!(read("x1"), None);
        assert_eq!(read("l1"), None);
        assert_eq!(read(""), None);
    }
}
