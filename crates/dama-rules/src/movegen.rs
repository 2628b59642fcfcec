//! Legal move generation (the rule book §2–4).
//!
//! Captures are found by a depth-first search over capture chains with immediate removal and no
//! 180° reversal; the list keeps only the longest chains as it is filled, one entry per distinct
//! move. Quiet moves are generated with bitboard shifts only when no capture exists.

use super::bitboard::{FILE_A, FILE_H};
use super::{Bitboard, Chain, Color, Direction, Move, Position, Square};

const NONE: u8 = 64;

/// NEIGHBOUR[dir][sq]: the next square in that direction, or 64 past the edge.
const NEIGHBOUR: [[u8; 64]; 4] = {
    let mut table = [[NONE; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            if let Some(next) = Square::ALL[sq].step(Direction::ALL[d]) {
                table[d][sq] = next.index() as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    table
};

/// RAYS[dir][sq]: every square from `sq` to the edge in that direction, `sq` excluded.
const RAYS: [[u64; 64]; 4] = {
    let mut table = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut next = NEIGHBOUR[d][sq];
            while next != NONE {
                table[d][sq] |= 1 << next;
                next = NEIGHBOUR[d][next as usize];
            }
            sq += 1;
        }
        d += 1;
    }
    table
};

/// The first occupied square from `sq` in direction `d`, or 64 if there is none. North and east
/// go up the bit order, south and west down.
#[inline(always)]
fn first_on_ray(d: usize, sq: u8, occupied: u64) -> u8 {
    let hits = RAYS[d][sq as usize] & occupied;
    if hits == 0 {
        NONE
    } else if d == 0 || d == 2 {
        hits.trailing_zeros() as u8
    } else {
        63 - hits.leading_zeros() as u8
    }
}

/// The empty squares from `sq` in direction `d`, up to the first occupied one.
#[inline(always)]
fn open_ray(d: usize, sq: u8, occupied: u64) -> u64 {
    let ray = RAYS[d][sq as usize];
    match first_on_ray(d, sq, occupied) {
        NONE => ray,
        stop => ray & !RAYS[d][stop as usize] & !(1 << stop),
    }
}

/// MAN_JUMP[dir][sq]: the square jumped over and the landing square of a jump, as bits; both 0
/// when the landing square is off the board.
const MAN_JUMP: [[(u64, u64); 64]; 4] = {
    let mut table = [[(0, 0); 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let over = NEIGHBOUR[d][sq];
            if over != NONE {
                let land = NEIGHBOUR[d][over as usize];
                if land != NONE {
                    table[d][sq] = (1 << over, 1 << land);
                }
            }
            sq += 1;
        }
        d += 1;
    }
    table
};

const fn dir_index(dir: Direction) -> usize {
    match dir {
        Direction::North => 0,
        Direction::South => 1,
        Direction::East => 2,
        Direction::West => 3,
    }
}

/// Opposite direction index; 4 (no direction) maps to 4 so nothing is excluded.
const OPPOSITE: [usize; 5] = [1, 0, 3, 2, 4];

#[inline(always)]
fn next(dir: usize, sq: u8) -> u8 {
    NEIGHBOUR[dir][sq as usize]
}

#[inline(always)]
fn has(set: u64, sq: u8) -> bool {
    sq < 64 && set & (1u64 << sq) != 0
}

fn sq(index: u8) -> Square {
    Square::ALL[index as usize]
}

/// Receives each complete capture chain (one that cannot go on) as the search finds it.
trait ChainSink {
    /// `king` tells who made the chain: a man's chain is fixed by its origin and captured set
    /// (it never goes back, and never turns back on a rank), so only kings' chains can repeat a
    /// move.
    fn leaf(&mut self, king: bool, from: u8, to: u8, captured: u64, count: u32, path: &[u8]);
}

/// Keeps the distinct moves of maximum length.
struct MaxMoves<'a> {
    out: &'a mut Vec<Move>,
    base: usize,
    best: u32,
}

impl ChainSink for MaxMoves<'_> {
    #[inline]
    fn leaf(&mut self, king: bool, from: u8, to: u8, captured: u64, count: u32, _path: &[u8]) {
        if count < self.best {
            return;
        }
        if count > self.best {
            self.out.truncate(self.base);
            self.best = count;
        }
        let mv = Move::new(sq(from), sq(to), Bitboard(captured));
        if !king || !self.out[self.base..].contains(&mv) {
            self.out.push(mv);
        }
    }
}

/// Counts the distinct moves of maximum length; only kings' moves are kept, to merge repeats.
struct MaxCount<'a> {
    kings: &'a mut Vec<Move>,
    men: u64,
    best: u32,
}

impl ChainSink for MaxCount<'_> {
    #[inline]
    fn leaf(&mut self, king: bool, from: u8, to: u8, captured: u64, count: u32, _path: &[u8]) {
        if count < self.best {
            return;
        }
        if count > self.best {
            self.kings.clear();
            self.men = 0;
            self.best = count;
        }
        if king {
            let mv = Move::new(sq(from), sq(to), Bitboard(captured));
            if !self.kings.contains(&mv) {
                self.kings.push(mv);
            }
        } else {
            self.men += 1;
        }
    }
}

/// Keeps every chain, or only those of maximum length, with their landing squares.
struct Chains {
    chains: Vec<Chain>,
    best: u32,
    only_max: bool,
}

impl ChainSink for Chains {
    fn leaf(&mut self, _king: bool, from: u8, _to: u8, captured: u64, count: u32, path: &[u8]) {
        if self.only_max {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.chains.clear();
                self.best = count;
            }
        }
        self.chains.push(Chain {
            from: sq(from),
            landings: path.iter().map(|&s| sq(s)).collect(),
            captured: Bitboard(captured),
        });
    }
}

/// The state of one capture search: which piece, which side, the squares it has landed on.
struct ChainSearch<'a, S> {
    sink: &'a mut S,
    from: u8,
    man_dirs: [usize; 3],
    path: [u8; 17],
}

impl<S: ChainSink> ChainSearch<'_, S> {
    /// A man at `at`: jumps an adjacent enemy forward or sideways onto the empty square beyond.
    fn man(&mut self, at: u8, empty: u64, enemy: u64, captured: u64, depth: usize) {
        let mut found = false;
        for d in self.man_dirs {
            let (over_bit, land_bit) = MAN_JUMP[d][at as usize];
            if enemy & over_bit == 0 || empty & land_bit == 0 {
                continue;
            }
            found = true;
            let land = land_bit.trailing_zeros() as u8;
            self.path[depth] = land;
            self.man(
                land,
                empty | over_bit,
                enemy & !over_bit,
                captured | over_bit,
                depth + 1,
            );
        }
        if !found && depth > 0 {
            self.sink.leaf(
                false,
                self.from,
                at,
                captured,
                depth as u32,
                &self.path[..depth],
            );
        }
    }

    /// A king at `at`, having arrived along `came` (4 at the start): flies over empty squares,
    /// jumps one enemy, lands on any empty square beyond; never turns straight back.
    fn king(&mut self, at: u8, came: usize, empty: u64, enemy: u64, captured: u64, depth: usize) {
        let mut found = false;
        for d in 0..4 {
            if d == OPPOSITE[came] {
                continue;
            }
            let occupied = !empty;
            let over = first_on_ray(d, at, occupied);
            if !has(enemy, over) {
                continue;
            }
            let over_bit = 1u64 << over;
            let empty_after = empty | over_bit;
            for land in Bitboard(open_ray(d, over, occupied)) {
                let land = land.index() as u8;
                found = true;
                self.path[depth] = land;
                self.king(
                    land,
                    d,
                    empty_after,
                    enemy & !over_bit,
                    captured | over_bit,
                    depth + 1,
                );
            }
        }
        if !found && depth > 0 {
            self.sink.leaf(
                true,
                self.from,
                at,
                captured,
                depth as u32,
                &self.path[..depth],
            );
        }
    }
}

fn man_dir_indices(color: Color) -> [usize; 3] {
    let [a, b, c] = color.man_directions();
    [dir_index(a), dir_index(b), dir_index(c)]
}

impl Position {
    fn search_captures<S: ChainSink>(&self, sink: &mut S, only: Option<Square>) {
        let us = self.side.index();
        let enemy = self.by_color[1 - us];
        let empty = !(self.by_color[0] | self.by_color[1]);
        let man_dirs = man_dir_indices(self.side);
        // Only pieces that can make a first jump can start a chain.
        let mine = match only {
            Some(s) => self.capturers().0 & s.bit().0,
            None => self.capturers().0,
        };
        for from in Bitboard(mine) {
            let f = from.index() as u8;
            let mut search = ChainSearch {
                sink,
                from: f,
                man_dirs,
                path: [0; 17],
            };
            // The mover's origin is empty as soon as it moves (a king may land on it again).
            let empty = empty | (1u64 << f);
            if self.kings & (1u64 << f) != 0 {
                search.king(f, 4, empty, enemy, 0, 0);
            } else {
                search.man(f, empty, enemy, 0, 0);
            }
        }
    }

    /// The squares of `from` from which a man of the side to move could jump, by direction
    /// (forward, east, west), by bitboard shifts.
    #[inline]
    fn man_jumps(&self, from: u64) -> [u64; 3] {
        let us = self.side.index();
        let enemy = self.by_color[1 - us];
        let empty = !(self.by_color[0] | self.by_color[1]);
        let forward = match self.side {
            Color::White => from & (enemy >> 8) & (empty >> 16),
            Color::Black => from & (enemy << 8) & (empty << 16),
        };
        // The square jumped and the landing square must be on the same rank.
        let east = from & !(FILE_H | FILE_H >> 1) & (enemy >> 1) & (empty >> 2);
        let west = from & !(FILE_A | FILE_A << 1) & (enemy << 1) & (empty << 2);
        [forward, east, west]
    }

    /// Where the jumps of [`man_jumps`](Self::man_jumps) land.
    #[inline]
    fn man_landings(&self, [forward, east, west]: [u64; 3]) -> [u64; 3] {
        let forward = match self.side {
            Color::White => forward << 16,
            Color::Black => forward >> 16,
        };
        [forward, east << 2, west >> 2]
    }

    /// Men of the side to move that can make a first jump.
    fn men_that_capture(&self) -> u64 {
        let [f, e, w] = self.man_jumps(self.by_color[self.side.index()] & !self.kings);
        f | e | w
    }

    fn any_king_captures(&self) -> bool {
        let us = self.side.index();
        let enemy = self.by_color[1 - us];
        let empty = !(self.by_color[0] | self.by_color[1]);
        Bitboard(self.by_color[us] & self.kings)
            .any(|k| self.king_can_capture(k.index() as u8, enemy, empty))
    }

    /// When the only captures are single jumps by men (the common case), the jumping men by
    /// direction. A jump can go on from its landing square exactly when a man standing there
    /// could jump in the position as it is: the squares the first jump empties lie behind it.
    #[inline]
    fn single_man_jumps(&self) -> Option<[u64; 3]> {
        let jumps = self.man_jumps(self.by_color[self.side.index()] & !self.kings);
        let [lf, le, lw] = self.man_landings(jumps);
        let [cf, ce, cw] = self.man_jumps(!0);
        if (lf | le | lw) & (cf | ce | cw) != 0 || self.any_king_captures() {
            return None;
        }
        Some(jumps)
    }

    fn king_can_capture(&self, from: u8, enemy: u64, empty: u64) -> bool {
        (0..4).any(|d| {
            let over = first_on_ray(d, from, !empty);
            has(enemy, over) && has(empty, next(d, over))
        })
    }

    /// The pieces of the side to move that can capture at least once.
    pub fn capturers(&self) -> Bitboard {
        let us = self.side.index();
        let enemy = self.by_color[1 - us];
        let empty = !(self.by_color[0] | self.by_color[1]);
        let kings = Bitboard(self.by_color[us] & self.kings)
            .filter(|k| self.king_can_capture(k.index() as u8, enemy, empty))
            .collect::<Bitboard>();
        Bitboard(self.men_that_capture()) | kings
    }

    /// Whether the side to move has a capture (and so must capture).
    #[inline]
    pub fn has_capture(&self) -> bool {
        self.men_that_capture() != 0 || self.any_king_captures()
    }

    /// Appends every distinct legal move to `out`.
    pub fn generate_moves(&self, out: &mut Vec<Move>) {
        if !self.has_capture() {
            self.quiet_moves(out);
        } else if let Some(jumps) = self.single_man_jumps() {
            let forward: i8 = match self.side {
                Color::White => 8,
                Color::Black => -8,
            };
            for (set, step) in jumps.into_iter().zip([forward, 1, -1]) {
                for from in Bitboard(set) {
                    let f = from.index() as i8;
                    let over = Bitboard(1 << (f + step));
                    out.push(Move::new(from, sq((f + 2 * step) as u8), over));
                }
            }
        } else {
            let base = out.len();
            let mut sink = MaxMoves { out, base, best: 0 };
            self.search_captures(&mut sink, None);
        }
    }

    /// Every distinct legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.generate_moves(&mut out);
        out
    }

    /// The number of distinct legal moves; `scratch` is reused between calls.
    #[inline]
    pub fn count_moves(&self, scratch: &mut Vec<Move>) -> u64 {
        if !self.has_capture() {
            self.count_quiet_moves()
        } else if let Some([f, e, w]) = self.single_man_jumps() {
            u64::from(f.count_ones() + e.count_ones() + w.count_ones())
        } else {
            scratch.clear();
            let mut sink = MaxCount {
                kings: scratch,
                men: 0,
                best: 0,
            };
            self.search_captures(&mut sink, None);
            sink.men + sink.kings.len() as u64
        }
    }

    fn man_step_targets(&self) -> (u64, u64, u64) {
        let us = self.side.index();
        let men = self.by_color[us] & !self.kings;
        let empty = !(self.by_color[0] | self.by_color[1]);
        let forward = match self.side {
            Color::White => (men << 8) & empty,
            Color::Black => (men >> 8) & empty,
        };
        let east = ((men & !FILE_H) << 1) & empty;
        let west = ((men & !FILE_A) >> 1) & empty;
        (forward, east, west)
    }

    fn king_slides(&self, from: u8, empty: u64) -> u64 {
        (0..4).fold(0, |targets, d| targets | open_ray(d, from, !empty))
    }

    fn count_quiet_moves(&self) -> u64 {
        let (forward, east, west) = self.man_step_targets();
        let mut n = u64::from(forward.count_ones() + east.count_ones() + west.count_ones());
        let us = self.side.index();
        let empty = !(self.by_color[0] | self.by_color[1]);
        for k in Bitboard(self.by_color[us] & self.kings) {
            n += u64::from(self.king_slides(k.index() as u8, empty).count_ones());
        }
        n
    }

    fn quiet_moves(&self, out: &mut Vec<Move>) {
        let (forward, east, west) = self.man_step_targets();
        let back: i8 = match self.side {
            Color::White => -8,
            Color::Black => 8,
        };
        for (targets, delta) in [(forward, back), (east, -1), (west, 1)] {
            for to in Bitboard(targets) {
                let from = sq((to.index() as i8 + delta) as u8);
                out.push(Move::new(from, to, Bitboard::EMPTY));
            }
        }
        let us = self.side.index();
        let empty = !(self.by_color[0] | self.by_color[1]);
        for k in Bitboard(self.by_color[us] & self.kings) {
            for to in Bitboard(self.king_slides(k.index() as u8, empty)) {
                out.push(Move::new(k, to, Bitboard::EMPTY));
            }
        }
    }

    /// Every legal capture chain with its landing squares, one entry per chain (several chains
    /// may make the same move). Empty when no capture exists.
    pub fn legal_chains(&self) -> Vec<Chain> {
        let mut sink = Chains {
            chains: Vec::new(),
            best: 0,
            only_max: true,
        };
        self.search_captures(&mut sink, None);
        sink.chains
    }

    /// Every complete capture chain of the piece on `from`, also those shorter than the
    /// maximum (which the rules forbid): for explaining why a move is illegal.
    pub fn chains_from(&self, from: Square) -> Vec<Chain> {
        let mut sink = Chains {
            chains: Vec::new(),
            best: 0,
            only_max: false,
        };
        self.search_captures(&mut sink, Some(from));
        sink.chains
    }

    /// The landing squares of the written form of a capture (the rule book §7): of all chains that
    /// make `mv`, the one whose landing squares come first in a1…h8 order. Empty for a quiet
    /// move or a move that is not legal here.
    pub fn canonical_landings(&self, mv: &Move) -> Vec<Square> {
        if !mv.is_capture() {
            return Vec::new();
        }
        self.chains_from(mv.from())
            .into_iter()
            .filter(|c| c.as_move() == *mv)
            .map(|c| c.landings)
            .min()
            .unwrap_or_default()
    }
}
