//! Tournaments (Swiss and Arena), kept pure as lila keeps them: the pairings, the scores and
//! the standings, from the games' results alone; storage and Discord elsewhere.

mod arena;
mod dutch;
mod start;
mod swiss;
mod tiebreaks;
mod trf;

pub use arena::{
    ArenaGame, ArenaSheet, BERSERK_MOVES, EARLY_DRAW_MOVES, STREAK, Waiting, arena_sheet,
    pair_arena,
};
pub use dutch::{Board, DutchError, MAX_FIELD as MAX_DUTCH_FIELD, pair_dutch};
pub use start::{StartAt, StartError};
pub use swiss::{
    ColorPreference, SwissPlayer, SwissRound, breaks_color_rule, color_preference,
    pair as pair_swiss, round_cost,
};
pub use tiebreaks::{TieBreakLine, fide_standings};
pub use trf::{RoundEntry, RoundResult, RulesBroken, Trf, TrfError, TrfPlayer};

/// A name as FIDE's Swiss rules (C.04.2) order players of equal rating, alphabetically: by its
/// letters without case or accents (`Çelik` with `Celik`, before `Demir`), then as written.
pub fn alphabetical(name: &str) -> (String, &str) {
    (deunicode::deunicode(name).to_lowercase(), name)
}
