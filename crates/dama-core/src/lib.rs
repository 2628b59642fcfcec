//! dama's core, below the front ends: the host (every operation a player or an operator can
//! ask for, whatever the front end), the store (SQLite or PostgreSQL), the words in every
//! language and telemetry (health and metrics).

pub mod host;
pub mod store;
pub mod telemetry;
pub mod words;
