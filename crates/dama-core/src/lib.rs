//! dama's host, below the front ends: every operation a player or an operator can ask for,
//! whatever the front end, answered in views; and the words those answers are told in, in
//! every language. The host keeps its state in the store (`dama-store`) and reports to
//! telemetry (`dama-telemetry`); front ends see neither's rows.

pub mod host;
pub mod words;
