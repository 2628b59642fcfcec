//! Tournaments (Swiss and Arena), kept pure as lila keeps them: the pairings, the scores and
//! the standings, from the games' results alone; storage and Discord elsewhere.

mod arena;
mod standings;
mod start;
mod swiss;

pub use arena::{
    ArenaGame, ArenaSheet, BERSERK_MOVES, EARLY_DRAW_MOVES, STREAK, Waiting, arena_sheet,
    pair_arena,
};
pub use standings::{Bye, Entrant, Played, Standing, standings};
pub use start::{StartAt, StartError, TURKIYE_OFFSET_MINUTES};
pub use swiss::{
    Due, SwissPlayer, SwissRound, breaks_colour_rule, colour_due, pair as pair_swiss, round_cost,
};

/// The two kinds of tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentKind {
    /// A fixed number of rounds, everyone paired each round.
    Swiss,
    /// A fixed time, each player paired again as soon as their game ends.
    Arena,
}
