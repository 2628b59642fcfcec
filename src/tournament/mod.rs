//! Tournaments (Swiss and Arena), kept pure as lila keeps them: the standings and tie-breaks
//! here, from the games' results alone; storage and Discord elsewhere.

mod standings;

pub use standings::{Bye, Entrant, Played, Standing, standings};
