//! What the Discord side reports of its shards, for `/healthz` and `/metrics`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// One Discord shard of this process, as last seen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShardState {
    /// Connected to the gateway.
    pub connected: bool,
    /// The last heartbeat's round trip.
    pub latency: Option<Duration>,
}

/// What the Discord side reports about its shards (every second), for `/healthz` and
/// `/metrics`.
#[derive(Debug, Default)]
pub struct Health {
    shards: Mutex<BTreeMap<u32, ShardState>>,
}

impl Health {
    /// A process running these shards, none connected yet.
    pub fn expecting(shards: impl IntoIterator<Item = u32>) -> Arc<Health> {
        let down = ShardState {
            connected: false,
            latency: None,
        };
        Arc::new(Health {
            shards: Mutex::new(shards.into_iter().map(|s| (s, down)).collect()),
        })
    }

    /// Records what `shard` was last seen as.
    pub fn set(&self, shard: u32, state: ShardState) {
        self.lock().insert(shard, state);
    }

    /// Every shard, in order, as last seen.
    pub fn shards(&self) -> Vec<(u32, ShardState)> {
        self.lock().iter().map(|(s, st)| (*s, *st)).collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, ShardState>> {
        self.shards.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
