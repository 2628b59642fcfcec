//! Tournaments: the pure parts (Swiss pairing, Arena points, standings, start times), their
//! storage, and tournaments in the host.

mod arena;
pub(crate) mod dutch;
pub(crate) mod hosting;
mod start;
mod storage;
mod swiss;
mod tiebreaks;
mod trf;
