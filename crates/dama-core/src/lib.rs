//! dama's core, below the front ends: the host (every operation a player or an operator can
//! ask for, whatever the front end), the store (SQLite or PostgreSQL), the words in every
//! language and telemetry (health and metrics).

// Not yet documented item by item (the workspace warns of missing docs; see
// docs/inside/design.md).
#![allow(missing_docs)]

pub mod host;
pub mod store;
pub mod telemetry;
pub mod words;
