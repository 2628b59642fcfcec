//! Swiss pairings by the Dutch system (FIDE Handbook C.04.3, 2025 rules), as the FIDE-endorsed
//! engine bbpPairings makes them: the criteria stacked into one edge weight per possible pair,
//! most important first, and a maximum-weight matching of the whole field decided bracket by
//! bracket, each choice fixed before the next is asked, so the pairing is the one the rules
//! order and not merely one as good.
//!
//! The order of the choices, for each score bracket from the top: which moved-down players are
//! paired in it (as many as can be, highest first); their opponents (the highest residents that
//! keep the rest pairable); how many exchanges between the halves S1 and S2, and which players
//! (the lowest of S1, the highest of S2); then each of S1's opponents, highest first. Players
//! left over move down to the next bracket. Colours by C.04.3 E.1–E.5.
//!
//! Each question is a matching of the bracket and the score group below it alone where the rest
//! of the field is shown to pair up around it (`rest.rs`), of the whole field otherwise; round 1
//! needs no matching at all.

mod blossom;
mod brackets;
mod certified;
mod colors;
mod field;
mod kept;
mod rest;
mod triangle;
mod weights;
mod wide;

use dama_rules::Color;

use self::field::{Field, Float};
use self::rest::Scope;
use self::triangle::Triangle;
use self::weights::Layout;
use self::wide::Wide;
use crate::tournament::trf::Trf;

/// A board of a round: White and Black by pairing number, or the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// A game.
    Game {
        /// White's pairing number.
        white: u32,
        /// Black's pairing number.
        black: u32,
    },
    /// The player left without an opponent.
    Bye(u32),
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    /// The file does not give the number of rounds (`XXR`), which the last round's rules need.
    #[error("the file does not say how many rounds the tournament has (an XXR line)")]
    NoRoundCount,
    /// Every round has been paired.
    #[error("all {rounds} rounds have been paired")]
    AllRoundsPaired {
        /// The number of rounds.
        rounds: usize,
    },
    /// A round names an opponent who has no line.
    #[error("player {0} is named as an opponent but has no line")]
    NoSuchOpponent(u32),
    /// Nothing says which colour the top player had in round 1, and no game shows it.
    #[error("the file does not say the top player's colour in round 1 (XXC white1 or black1)")]
    NoFirstColor,
    /// No pairing keeps the absolute rules (no rematch, no third colour in a row).
    #[error("no pairing of the present players avoids a rematch or a forbidden colour")]
    NoLegalPairing,
    /// More players than the engine pairs: its tables grow with the square of the field.
    #[error(
        "the file has {players} players, and the Dutch system here pairs at most {max} (its memory grows with the square of the field: about 340 MB at 2,000)"
    )]
    TooLarge {
        /// The players in the file.
        players: usize,
        /// The most it pairs.
        max: usize,
    },
}

/// The largest field the Dutch system pairs: about 84 bytes of tables a pair of players, 340
/// MB at 2,000 (`/usr/bin/time` on `dama swiss pair`); twice as many would take 1.4 GB and, on
/// some fields, a minute. The bot takes 1,000 players a tournament, and pairs a larger field
/// it still holds by the simple Swiss pairing, in slices.
pub const MAX_FIELD: usize = 2_000;

/// Pairs the next round of the tournament in the file: the boards, board 1 first, the bye last.
pub fn pair_dutch(trf: &Trf) -> Result<Vec<Board>, DutchError> {
    if trf.players.len() > MAX_FIELD {
        return Err(DutchError::TooLarge {
            players: trf.players.len(),
            max: MAX_FIELD,
        });
    }
    pair(trf, false)
}

/// [`pair_dutch`]; the tests' `whole_field` matches the whole field at every step, never a
/// bracket alone.
fn pair(
    trf: &Trf,
    #[cfg_attr(not(test), allow(unused))] whole_field: bool,
) -> Result<Vec<Board>, DutchError> {
    let field = Field::from_trf(trf)?;
    // Weights with places for the score groups of a bracket with moved-down players of two
    // scores, the usual most; where a bracket holds more, the round is paired again with a
    // place for every score group of the field.
    for places in [Some(PLACES), None] {
        let layout = Layout::new(&field, places);
        if let Some(boards) = pair_in(&field, layout, whole_field)? {
            return Ok(boards);
        }
    }
    Err(DutchError::NoLegalPairing)
}

/// The places for score groups in a weight's parts, at first: a bracket's, the group below,
/// and two more for its moved-down players.
const PLACES: usize = 4;

/// [`pair`] with the weights laid out as `layout` says: `None` where a bracket holds more
/// score groups than it has places for.
fn pair_in(
    field: &Field,
    layout: Layout,
    #[cfg_attr(not(test), allow(unused))] whole_field: bool,
) -> Result<Option<Vec<Board>>, DutchError> {
    // Room above the weights: a bracket matched alone counts its pairs below its parts
    // (`rest.rs`), `still_best` adds up to n/2 weights, and the solver needs 4 bits over its
    // largest weight (a test in `wide.rs`); two bits to spare.
    let bits = layout.weight_bits(field.played_rounds) + weights::bits_for(field.players.len()) + 5;
    macro_rules! pair_with {
        ($limbs:literal) => {{
            let pairer = Pairer::<$limbs>::new(field, layout);
            #[cfg(test)]
            let pairer = Pairer {
                whole_field,
                ..pairer
            };
            pairer.pair()
        }};
    }
    // The solver's time grows with the width of a weight: a limb more than needed costs.
    match bits.div_ceil(64) {
        0..=2 => pair_with!(2),
        3 => pair_with!(3),
        4 => pair_with!(4),
        5 => pair_with!(5),
        6 => pair_with!(6),
        7 => pair_with!(7),
        8 => pair_with!(8),
        9..=10 => pair_with!(10),
        11..=12 => pair_with!(12),
        13..=16 => pair_with!(16),
        17..=32 => pair_with!(32),
        33..=64 => pair_with!(64),
        _ => pair_with!(128),
    }
}

/// One round's pairing in progress: the weights of every possible pair, as the matching sees
/// them, changed step by step as choices are fixed.
struct Pairer<'a, const L: usize> {
    field: &'a Field,
    layout: Layout,
    /// Where each part of a weight begins.
    parts: weights::Parts,
    /// The number of present players (vertices).
    n: usize,
    /// Each vertex's kind: players of one kind weigh the same against anyone they have not
    /// met (see [`Pairer::bracket_weights`]).
    kind: Vec<usize>,
    /// How many kinds there are.
    kinds: usize,
    /// Who met whom, a bit a pair: row `a` of `met_words` words holds `b`'s bit.
    met: Vec<u64>,
    met_words: usize,
    /// The weights of the pairs.
    weights: Triangle<Wide<L>>,
    /// The weight of a fixed pair: above any other.
    fixed: Wide<L>,
    /// Each vertex's partner once fixed: out of every later matching.
    fixed_to: Vec<Option<usize>>,
    /// The last matching found, and the weights changed since (with what they were).
    last: Option<Vec<usize>>,
    changed: Vec<(usize, usize, Wide<L>)>,
    /// Whether each pair (`a * n + b`, `a < b`) is in `changed` (kept once, in the order
    /// changed, so that a tie is broken the same way every run).
    in_changed: Vec<bool>,
    /// Whether more weights changed than `changed` lists: too many for `still_best` to show
    /// anything by them.
    too_many_changes: bool,
    /// The score of the player who gets the bye (0 in an even field).
    bye_score: u32,
    /// The bye's player is the one moved down from the bracket being paired.
    single_bye: bool,
    /// For each number of games played, its rank among the players at the bye's score (the
    /// fewer, the likelier the bye): what a player there adds where `single_bye` holds.
    bye_rank: Vec<u64>,
    /// Whether the weights below the brackets count `bye_rank` (`single_bye` when they were
    /// set).
    ranked_bye: bool,
    /// For each score, the place of its bit in the parts of a weight that hold one for each
    /// score group, while its group is in the bracket being paired or below it.
    place: Vec<Option<usize>>,
    /// The bracket being paired, where it may be solved alone.
    scope: Option<Scope>,
    /// A best matching of it with its proof, while S1's opponents are chosen.
    certified: Option<certified::Certified<L>>,
    /// The solver of the whole field, which finds each matching from the last.
    whole: kept::Kept<L>,
    /// The solver of `still_best`'s bound.
    bound_solver: blossom::Blossom<Wide<L>>,
    /// The solver of `certified`'s proofs, each found from the last.
    prover: blossom::Blossom<Wide<L>>,
    /// The solver of the bracket matched alone, which finds each matching from the last.
    bracket: kept::Kept<L>,
    /// Every matching of the whole field, as the tests compare.
    #[cfg(test)]
    whole_field: bool,
}

impl<'a, const L: usize> Pairer<'a, L> {
    fn new(field: &'a Field, layout: Layout) -> Self {
        let n = layout.sorted.len();
        let scores = layout.shift.len();
        let parts = weights::Parts::new(&layout, field.played_rounds);
        let fixed = Wide::ones(parts.top + 2);
        let (kind, kinds) = weights::kinds(field, &layout);
        let met_words = n.div_ceil(64);
        let mut met = vec![0u64; n * met_words];
        let mut vertex = vec![None; field.players.len()];
        for (v, &p) in layout.sorted.iter().enumerate() {
            vertex[p] = Some(v);
        }
        for (a, &p) in layout.sorted.iter().enumerate() {
            for b in field.players[p].met.iter().filter_map(|&q| vertex[q]) {
                met[a * met_words + b / 64] |= 1 << (b % 64);
            }
        }
        Pairer {
            field,
            parts,
            layout,
            n,
            kind,
            kinds,
            met,
            met_words,
            weights: Triangle::new(n, Wide::zero()),
            fixed,
            fixed_to: vec![None; n],
            last: None,
            changed: Vec::new(),
            in_changed: vec![false; n * n],
            too_many_changes: false,
            bye_score: 0,
            single_bye: false,
            bye_rank: Vec::new(),
            ranked_bye: false,
            place: vec![None; scores],
            scope: None,
            certified: None,
            whole: kept::Kept::new(),
            bound_solver: blossom::Blossom::empty(),
            prover: blossom::Blossom::empty(),
            bracket: kept::Kept::new(),
            #[cfg(test)]
            whole_field: false,
        }
    }

    fn player(&self, v: usize) -> &field::Player {
        &self.field.players[self.layout.sorted[v]]
    }

    fn score(&self, v: usize) -> u32 {
        self.player(v).score
    }

    /// The pair's weight.
    fn pair_weight(&self, a: usize, b: usize) -> Wide<L> {
        self.weights.get(a, b)
    }

    /// [`Self::pair_weight`], none where either player is fixed.
    fn free_pair_weight(&self, a: usize, b: usize) -> Wide<L> {
        if self.fixed_to[a].is_some() || self.fixed_to[b].is_some() {
            Wide::zero()
        } else {
            self.pair_weight(a, b)
        }
    }

    fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        let (a, b) = (a.min(b), a.max(b));
        let old = self.weights.get(a, b);
        if old != w {
            // `still_best` shows nothing by more than a few raised pairs, but a fixed pair
            // lowers two players' every pair: the list keeps room for a few fixes.
            if self.changed.len() < self.n * 8 + 1024 {
                if !self.in_changed[a * self.n + b] {
                    self.in_changed[a * self.n + b] = true;
                    self.changed.push((a, b, old));
                }
            } else {
                self.too_many_changes = true;
            }
            self.bracket.note(a, b);
            self.whole.note(a, b);
        }
        self.weights.set(a, b, w);
    }

    /// Every pair's weight set by `weigh` (the higher player first), row by row: as every
    /// pair may change, none is listed, and the next matching is found afresh.
    fn set_all(&mut self, mut weigh: impl FnMut(&Self, usize, usize) -> Wide<L>) {
        for h in 0..self.n {
            for l in h + 1..self.n {
                let w = weigh(self, h, l);
                self.weights.set(h, l, w);
            }
        }
        self.forget_changes();
        self.too_many_changes = true;
        self.bracket.forget();
        self.whole.forget();
    }

    /// Every pair's weight as the field's, outside any bracket ([`Self::weight`]).
    fn set_field_weights(&mut self) {
        let everyone: Vec<usize> = (0..self.n).collect();
        let mut by_kind = self.by_kind(&everyone);
        self.set_all(|pairer, h, l| pairer.weight_by_kind(&mut by_kind, [h, l], false, false));
    }

    /// The best matching under the present weights: each vertex's partner, itself if none.
    /// Fixed pairs are left out of the matching (nothing else may take them); and where the
    /// weights changed since the last matching cannot make another better, it stands.
    fn solve(&mut self) -> Vec<usize> {
        if let Some(last) = self.last.take()
            && let Some(best) = self.still_best(last)
        {
            self.forget_changes();
            self.last = Some(best.clone());
            return best;
        }
        self.forget_changes();
        #[cfg(test)]
        if self.whole_field {
            self.scope = None;
        }
        if let Some(best) = self.solve_in_bracket() {
            self.last = Some(best.clone());
            return best;
        }
        // The whole field, found from its last matching where there is one; the players fixed
        // since left in, with no pairs.
        let (players, pairs) = match self.whole.take(self.n) {
            Some((players, pairs)) => (players, Some(pairs)),
            None => {
                let free = (0..self.n).filter(|&v| self.fixed_to[v].is_none());
                (free.collect(), None)
            }
        };
        // Out of `self` while it solves, as the weights are read from `self`.
        let mut kept = std::mem::replace(&mut self.whole, kept::Kept::new());
        let mates = kept.solve(players.clone(), pairs.as_deref(), |a, b| {
            self.free_pair_weight(a, b)
        });
        self.whole = kept;
        let mut partner: Vec<usize> = (0..self.n).map(|v| self.fixed_to[v].unwrap_or(v)).collect();
        for (i, &v) in players.iter().enumerate() {
            if self.fixed_to[v].is_none() {
                partner[v] = players[mates[i]];
            }
        }
        self.last = Some(partner.clone());
        partner
    }

    fn forget_changes(&mut self) {
        for &(a, b, _) in &self.changed {
            self.in_changed[a * self.n + b] = false;
        }
        self.changed.clear();
        self.too_many_changes = false;
    }

    fn weight_of(&self, a: usize, b: usize) -> Wide<L> {
        if a == b {
            Wide::zero()
        } else {
            self.pair_weight(a, b)
        }
    }

    /// A best matching without solving, where the last one shows it: the last itself, where
    /// what the changes since add to it is at least what they could add to any matching (a
    /// best matching of the edges they raised); or the last with its pairs swapped to take the
    /// edge raised most, where that reaches the same.
    fn still_best(&mut self, mut last: Vec<usize>) -> Option<Vec<usize>> {
        if self.too_many_changes {
            return None;
        }
        let mut gain = Wide::zero();
        let mut raised = Vec::new();
        for &(a, b, old) in &self.changed {
            let delta = self.pair_weight(a, b) - old;
            if last[a] == b {
                gain += delta;
            }
            if delta > Wide::zero() {
                raised.push((a, b, delta));
            }
        }
        // The swap, and what the last matching reaches with it.
        let swap = raised
            .iter()
            .rev()
            .filter(|&&(a, b, _)| last[a] != b)
            .max_by_key(|&&(_, _, d)| d)
            .map(|&(a, b, _)| {
                let (x, y) = (last[a], last[b]);
                // Their old partners pair with each other where they can.
                let rejoined = x != a && y != b && !self.weight_of(x, y).is_zero();
                let before = self.weight_of(a, x) + self.weight_of(b, y);
                let mut after = self.weight_of(a, b);
                if rejoined {
                    after += self.weight_of(x, y);
                }
                (a, b, rejoined, after - before + gain)
            });
        // A matching of the raised edges taken greedily weighs no more than the best one:
        // where neither reaches it, the best is not needed to say no.
        if raised.len() > 1 {
            let greedy = greedy_total(&raised, self.n);
            if gain < greedy && swap.is_none_or(|(.., reached)| reached < greedy) {
                return None;
            }
        }
        let bound = match raised.as_slice() {
            [] => Wide::zero(),
            [(_, _, delta)] => *delta,
            _ => {
                let mut ends: Vec<usize> = raised.iter().flat_map(|&(a, b, _)| [a, b]).collect();
                ends.sort_unstable();
                ends.dedup();
                let m = ends.len();
                // Over many players a best matching of the changes costs about as much as
                // solving afresh, and mostly shows nothing.
                if m > 32 {
                    return None;
                }
                let at = |v: usize| ends.binary_search(&v).unwrap_or(0);
                let mut weights = Triangle::new(m, Wide::zero());
                for &(a, b, delta) in &raised {
                    weights.set(at(a), at(b), delta);
                }
                let mates = self.bound_solver.best(&weights);
                let mut total = Wide::zero();
                for (i, j) in mates.into_iter().enumerate() {
                    if j > i {
                        total += weights.get(i, j);
                    }
                }
                total
            }
        };
        if gain >= bound {
            return Some(last);
        }
        let (a, b, rejoined, reached) = swap?;
        if reached < bound {
            return None;
        }
        let (x, y) = (last[a], last[b]);
        last[a] = b;
        last[b] = a;
        if rejoined {
            last[x] = y;
            last[y] = x;
        } else {
            if x != a {
                last[x] = x;
            }
            if y != b {
                last[y] = y;
            }
        }
        Some(last)
    }

    /// Fixes `a` against `b`: their edge above all, every other edge of theirs gone.
    fn fix(&mut self, a: usize, b: usize) {
        self.fixed_to[a] = Some(b);
        self.fixed_to[b] = Some(a);
        for u in 0..self.n {
            // A player fixed before has no pairs left but its own: not read again (half of
            // them a column of the table, a cache miss each).
            if self.fixed_to[u].is_some() && u != a && u != b {
                debug_assert!(self.pair_weight(a, u).is_zero() && self.pair_weight(b, u).is_zero());
                continue;
            }
            if u != a {
                let w = if u == b { self.fixed } else { Wide::zero() };
                self.set(a, u, w);
            }
            if u != b {
                let w = if u == a { self.fixed } else { Wide::zero() };
                self.set(b, u, w);
            }
        }
    }

    /// The absolute criteria: no rematch, and no two players who both must have the same
    /// colour (except, in the last round, where either is above half the possible score).
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (p, q) = (self.player(a), self.player(b));
        let f = self.field;
        let top = f.played_rounds as u32;
        !self.met(a, b)
            && (!p.absolute()
                || !q.absolute()
                || p.preference != q.preference
                || (f.played_rounds + 1 >= f.rounds && (p.score > top || q.score > top)))
    }

    /// Whether `a` and `b` met over the board.
    fn met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.met_words + b / 64] >> (b % 64) & 1 == 1
    }

    fn bye_candidate(&self, v: usize) -> bool {
        self.player(v).bye_eligible && self.score(v) <= self.bye_score
    }

    fn float(&self, v: usize, back: usize) -> Float {
        self.field.float(self.layout.sorted[v], back)
    }

    /// The round's boards; `None` where a bracket holds more score groups than the layout has
    /// places for.
    fn pair(mut self) -> Result<Option<Vec<Board>>, DutchError> {
        let n = self.n;
        if n == 0 {
            return Ok(Some(Vec::new()));
        }
        // Round 1 with no pair forbidden: the first pairing tried meets every criterion.
        if self.field.played_rounds == 0 && self.field.players.iter().all(|p| p.met.is_empty()) {
            return Ok(Some(self.boards(self.first_round())));
        }
        if n % 2 == 1 {
            self.set_all(|pairer, h, l| pairer.bye_finding_weight(l, h));
        } else {
            self.set_field_weights();
        }
        let first = match self.pairing_of_everyone() {
            Some(shown) => shown,
            None => self.solve(),
        };
        let unpaired: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
        if unpaired.len() > 1 || unpaired.iter().any(|&v| !self.player(v).bye_eligible) {
            return Err(DutchError::NoLegalPairing);
        }
        if n % 2 == 1 {
            let bye = (0..n).find(|&v| first[v] == v).unwrap_or(n - 1);
            self.bye_score = self.score(bye);
            let top = self.score(0);
            self.single_bye = self.bye_score >= top
                && (0..n)
                    .take_while(|&v| self.score(v) >= top)
                    .all(|v| self.score(first[v]) >= top);
            let mut games: Vec<usize> = (0..n)
                .filter(|&v| self.score(v) == self.bye_score)
                .map(|v| self.player(v).games())
                .collect();
            games.sort_unstable_by(|a, b| b.cmp(a));
            self.bye_rank = vec![0; games.first().map_or(0, |&most| most + 1)];
            for (rank, g) in games.into_iter().enumerate() {
                self.bye_rank[g] = rank as u64;
            }
            self.ranked_bye = self.single_bye;
            self.set_field_weights();
        }
        Ok(self.brackets().map(|partners| self.boards(partners)))
    }

    /// Round 1 with no pair forbidden: one bracket of everyone, nobody has met anyone or has a
    /// colour yet, so every criterion is met by the first pairing tried: S1's k-th player against S2's k-th, the
    /// lowest ranked player left out of an odd field for the bye.
    fn first_round(&self) -> Vec<Option<usize>> {
        let half = self.n / 2;
        let mut partners = vec![None; self.n];
        for k in 0..half {
            partners[k] = Some(k + half);
            partners[k + half] = Some(k);
        }
        partners
    }

    /// The boards of the round from each vertex's partner (`None` for the bye): board 1 first,
    /// by the higher player's score, then the lower's, then the higher's rank; the bye last.
    fn boards(&self, partners: Vec<Option<usize>>) -> Vec<Board> {
        let mut boards = Vec::new();
        for (v, partner) in partners.into_iter().enumerate() {
            match partner {
                Some(m) if self.player(v).number < self.player(m).number => {
                    let color = self.color(v, m);
                    let (white, black) = if color == Color::White {
                        (v, m)
                    } else {
                        (m, v)
                    };
                    boards.push((
                        v,
                        m,
                        Board::Game {
                            white: self.player(white).number,
                            black: self.player(black).number,
                        },
                    ));
                }
                Some(_) => {}
                None => boards.push((v, v, Board::Bye(self.player(v).number))),
            }
        }
        boards.sort_by_key(|&(a, b, board)| {
            let (higher, lower) = if (self.score(a), std::cmp::Reverse(self.player(a).rank))
                < (self.score(b), std::cmp::Reverse(self.player(b).rank))
            {
                (b, a)
            } else {
                (a, b)
            };
            (
                matches!(board, Board::Bye(_)),
                std::cmp::Reverse(self.score(higher)),
                std::cmp::Reverse(self.score(lower)),
                self.player(higher).rank,
            )
        });
        boards.into_iter().map(|(_, _, board)| board).collect()
    }
}

/// The total of a matching of the `raised` pairs of `n` vertices taken greedily, the most
/// raised first: at most what a best matching of them adds.
fn greedy_total<const L: usize>(raised: &[(usize, usize, Wide<L>)], n: usize) -> Wide<L> {
    let mut order: Vec<usize> = (0..raised.len()).collect();
    order.sort_unstable_by(|&i, &j| raised[j].2.cmp(&raised[i].2));
    let mut taken = vec![false; n];
    let mut total = Wide::zero();
    for (a, b, delta) in order.into_iter().map(|i| raised[i]) {
        if !taken[a] && !taken[b] {
            (taken[a], taken[b]) = (true, true);
            total += delta;
        }
    }
    total
}

/// A tournament of `players` players rated from the top down, none of its `rounds` rounds
/// played, White to the top player in round 1: the engine's tests start from it.
#[cfg(test)]
fn new_tournament(players: u32, rounds: u32) -> Trf {
    Trf {
        name: None,
        rounds: Some(rounds),
        first_color: Some(Color::White),
        forbidden: Vec::new(),
        comments: Vec::new(),
        players: (1..=players)
            .map(|number| crate::tournament::trf::TrfPlayer {
                number,
                name: format!("P{number}"),
                rating: 2000 - number,
                halves: 0,
                rounds: Vec::new(),
            })
            .collect(),
    }
}
