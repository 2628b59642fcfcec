//! Perft: the number of distinct move sequences of a given length (RULES.md §10), the standard
//! check of a move generator.

use super::{Move, Position};

/// Counts distinct move sequences of `depth` plies from `pos`. The game's end is not checked:
/// a position with no move simply has no continuations.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
    perft_with(pos, depth, &mut buffers)
}

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
                total += perft_with(&pos.play(mv), depth - 1, deeper);
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
                perft(&pos.play(mv), depth - 1)
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
    entries: Vec<Entry>,
    mask: usize,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    position: Option<Position>,
    depth: u32,
    count: u64,
}

impl PerftTable {
    /// A table of 2^`bits` entries.
    pub fn new(bits: u32) -> PerftTable {
        PerftTable {
            entries: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    pub fn perft(&mut self, pos: &Position, depth: u32) -> u64 {
        let mut buffers: Vec<Vec<Move>> =
            (0..depth.max(1)).map(|_| Vec::with_capacity(64)).collect();
        self.count(pos, pos.zobrist(), depth, &mut buffers)
    }

    fn count(&mut self, pos: &Position, key: u64, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        if depth <= 1 {
            return perft_with(pos, depth, buffers);
        }
        let slot = (key as usize ^ depth as usize) & self.mask;
        let entry = self.entries[slot];
        if entry.depth == depth && entry.position.as_ref() == Some(pos) {
            return entry.count;
        }
        let (mine, deeper) = buffers.split_last_mut().expect("one buffer a ply");
        mine.clear();
        pos.generate_moves(mine);
        let mut total = 0;
        for &mv in mine.iter() {
            let child_key = pos.zobrist_after(key, &mv);
            total += self.count(&pos.play(&mv), child_key, depth - 1, deeper);
        }
        self.entries[slot] = Entry {
            position: Some(*pos),
            depth,
            count: total,
        };
        total
    }
}
