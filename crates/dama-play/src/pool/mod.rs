//! Quick pairing: players waiting in a pool for one clock are paired in waves, each wave a
//! maximum-weight matching that weighs the rating gap against the time waited, the gap a
//! player accepts widening with the wait ([`accepted_gap`]). Pure: the host reads the pools
//! from the store, calls [`pair_wave`] for each, and writes the pairings.

mod curve;
mod usual;
mod wave;

pub use curve::{ANYONE_AFTER_CORRESPONDENCE, ANYONE_AFTER_LIVE, accepted_gap, anyone_after};
pub use usual::{USUAL_POOLS, pool_order};
pub use wave::{Pairing, Seeker, pair_wave};
