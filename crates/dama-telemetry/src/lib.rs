//! What the bot says of itself to its operators: its metrics (Prometheus) and its health (the
//! Discord shards as last seen). Every layer above reports to it through a handle it is given
//! (no process global), and the web serves it. It depends on nothing of dama's: the counts it
//! shows are plain numbers the store and the host hand over.

mod health;
mod metrics;

pub use health::{Health, ShardState};
pub use metrics::{AiCounts, GameCounts, Metrics, ProcessCounts, WaveCounts, WriteCounts};
