//! Perft: the number of distinct move sequences of a given length (the rule book §10), the standard
//! check of a move generator.

use super::{Move, Position};

/// Counts distinct move sequences of `depth` plies from `pos`. The game's end is not checked:
/// a position with no move simply has no continuations.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    perft_with(pos, depth, &mut buffers)
}

#[expect(clippy::expect_used, reason = "one buffer a ply")]
fn perft_with(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(&mut buffers[0]),
        _ => {
            let (mine, deeper) = buffers.split_last_mut().expect("one buffer a ply");
            mine.clear();
            pos.generate_moves(mine);
            let mut total = 0;
            for mv in mine.iter() {
                total += perft_with(&pos.play_unchecked(mv), depth - 1, deeper);
            }
            total
        }
    }
}

/// The count below each first move, in notation order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|mv| {
            let below = if depth == 0 {
                1
            } else {
                perft(&pos.play_unchecked(mv), depth - 1)
            };
            (pos.notation(mv), below)
        })
        .collect();
    rows.sort();
    rows
}

/// Perft that remembers subtree counts of positions seen before (draughts transposes a lot).
/// Entries hold the whole position, so a count is never taken from another position.
pub struct PerftTable {
    /// Five words an entry: white, black, kings, depth and side, count. All zero is empty, so
    /// the table is allocated zeroed and its pages are only touched when used.
    words: Vec<u64>,
    mask: usize,
}

const WORDS: usize = 5;

impl PerftTable {
    /// A table of 2^`bits` entries of 40 bytes.
    pub fn new(bits: u32) -> PerftTable {
        PerftTable {
            words: vec![0; WORDS << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// [`perft`], remembering positions already counted at a depth.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> =
            (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
        self.count(pos, pos.zobrist(), depth, &mut buffers)
    }

    #[expect(clippy::expect_used, reason = "one buffer a ply")]
    fn count(&mut self, pos: &Position, key: u64, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth <= 1 {
            return perft_with(pos, depth, buffers);
        }
        let slot = ((key as usize) ^ (depth as usize)) & self.mask;
        let stored = [
            pos.by_color[0],
            pos.by_color[1],
            pos.kings,
            (u64::from(depth) << 1) | pos.side as u64,
        ];
        let entry = &self.words[slot * WORDS..(slot + 1) * WORDS];
        if entry[..4] == stored {
            return entry[4];
        }
        let (mine, deeper) = buffers.split_last_mut().expect("one buffer a ply");
        mine.clear();
        pos.generate_moves(mine);
        let mut total = 0;
        for &mv in mine.iter() {
            let child_key = pos.zobrist_after(key, &mv);
            total += self.count(&pos.play_unchecked(&mv), child_key, depth - 1, deeper);
        }
        let entry = &mut self.words[slot * WORDS..(slot + 1) * WORDS];
        entry[..4].copy_from_slice(&stored);
        entry[4] = total;
        total
    }
}
