//! What the bot says of itself to its operators: its metrics (Prometheus) and its health (the
//! Discord shards as last seen). The front ends write to it; the web serves it.

mod health;
mod metrics;

pub use health::{Health, ShardState};
pub use metrics::{Metrics, ProcessCounts};
