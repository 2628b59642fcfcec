//! A plain win-or-not solver, independent of the AI: whether the side to move can force the
//! opponent out of moves within a number of plies (draw rules ignored: the depths are short).
use dama_rules::{Move, Position};

/// Whether the side to move can leave the opponent without a move within `plies` plies.
pub fn wins_within(pos: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    pos.legal_moves()
        .iter()
        .any(|m| loses_within(&pos.play_unchecked(m), plies - 1))
}

/// The side to move has no move now, or every move lets the opponent win in time.
fn loses_within(pos: &Position, plies: u32) -> bool {
    let moves = pos.legal_moves();
    moves.is_empty()
        || (plies > 0
            && moves
                .iter()
                .all(|m| wins_within(&pos.play_unchecked(m), plies - 1)))
}

/// The first moves that force a win within `plies` plies.
pub fn winning_moves(pos: &Position, plies: u32) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| plies > 0 && loses_within(&pos.play_unchecked(m), plies - 1))
        .collect()
}
