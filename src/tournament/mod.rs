//! Tournaments (Swiss and Arena), kept pure as lila keeps them: the pairings, the scores and
//! the standings, from the games' results alone; storage and Discord elsewhere.

mod standings;
mod swiss;

pub use standings::{Bye, Entrant, Played, Standing, standings};
pub use swiss::{
    Due, SwissPlayer, SwissRound, breaks_colour_rule, colour_due, pair as pair_swiss, round_cost,
};
