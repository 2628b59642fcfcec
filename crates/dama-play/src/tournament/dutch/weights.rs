//! The weight of each possible pair: the Dutch system's criteria stacked into one number,
//! most important first, each part as wide as its largest count needs.

use dama_rules::Color;

use super::Pairer;
use super::field::{Field, Float};
use super::triangle::Triangle;
use super::wide::Wide;

/// The field in pairing order, and the widths of the weight's parts.
pub(super) struct Layout {
    /// Present players (indices into the field), by score then rank.
    pub(super) sorted: Vec<usize>,
    /// For each score (by its halves), where its bit sits in a part that holds one bit per
    /// score group of the field: how the bye's score is found.
    pub(super) shift: Vec<usize>,
    /// The width of such a part.
    pub(super) groups_bits: usize,
    /// Bits enough to count the largest score group.
    pub(super) group_bits: usize,
    /// How many score groups the parts of a pair's weight hold (the bracket's, those of its
    /// moved-down players and the group below): a place of `group_bits` for each, given out
    /// bracket by bracket ([`Pairer::place_scores`]), so that a weight is as wide as a bracket
    /// needs and not as the field.
    pub(super) places: usize,
}

/// Each present player's kind (by place in `layout.sorted`), and how many kinds there are:
/// players of one kind agree in all that [`Pairer::weight`] reads of them but whom they met.
pub(super) fn kinds(field: &Field, layout: &Layout) -> (Vec<usize>, usize) {
    let mut seen = std::collections::HashMap::new();
    let kind = layout
        .sorted
        .iter()
        .map(|&p| {
            let player = &field.players[p];
            let floats = [field.float(p, 1), field.float(p, 2)];
            let key = (
                player.score,
                player.preference,
                player.imbalance,
                player.repeated,
                player.strong,
                player.bye_eligible,
                player.games(),
                floats,
            );
            let next = seen.len();
            *seen.entry(key).or_insert(next)
        })
        .collect();
    (kind, seen.len())
}

/// Weights by the kinds of a list of players, filled as they are asked for
/// ([`Pairer::weight_by_kind`]); valid while the bracket and the bye's score stay.
pub(super) struct ByKind<const L: usize> {
    players: Vec<usize>,
    /// Each player's kind, numbered from 0 among them.
    kind: Vec<usize>,
    count: usize,
    /// By pair of kinds (higher player's first) and where the pair lies (see
    /// [`Pairer::weight_by_kind`]); empty
    /// where not kept.
    table: Vec<Option<Wide<L>>>,
}

/// Bits needed to write `n`.
pub(super) fn bits_for(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()) as usize
}

impl Layout {
    /// The layout with `places` places for score groups in a weight's parts, every score group
    /// of the field where `None`.
    pub(super) fn new(field: &Field, places: Option<usize>) -> Layout {
        let mut sorted: Vec<usize> = (0..field.players.len())
            .filter(|&p| {
                field.players[p].valid && field.players[p].rounds.len() <= field.played_rounds
            })
            .collect();
        sorted.sort_by_key(|&p| {
            (
                std::cmp::Reverse(field.players[p].score),
                field.players[p].rank,
            )
        });
        let top = sorted.first().map_or(0, |&p| field.players[p].score);
        let mut shift = vec![0; top as usize + 1];
        let (mut groups_bits, mut largest, mut run, mut groups) = (0, 0, 0, 0);
        for (i, &p) in sorted.iter().enumerate().rev() {
            run += 1;
            let score = field.players[p].score;
            if i == 0 || field.players[sorted[i - 1]].score > score {
                shift[score as usize] = groups_bits;
                largest = largest.max(run);
                groups_bits += bits_for(run);
                groups += 1;
                run = 0;
            }
        }
        Layout {
            sorted,
            shift,
            groups_bits,
            group_bits: bits_for(largest),
            places: places.map_or(groups, |p| p.min(groups)),
        }
    }

    /// The width of a part with a place for each score group.
    pub(super) fn scores_bits(&self) -> usize {
        self.places * self.group_bits
    }

    /// The width of a weight when `played_rounds` rounds were played: its top part (everyone
    /// paired, the bye to one who may have it: two bits) over every part of [`Pairer::weight`].
    pub(super) fn weight_bits(&self, played_rounds: usize) -> usize {
        2 + self.parts_bits(played_rounds)
    }

    /// The width of the parts that count when `played_rounds` rounds were played.
    pub(super) fn parts_bits(&self, played_rounds: usize) -> usize {
        Parts::new(self, played_rounds).top
    }
}

/// Where each part of a pair's weight begins (its lowest bit), most important highest: each
/// part as wide as its largest count needs ([`Pairer::weight`] says what each counts).
pub(super) struct Parts {
    /// Everyone paired and the bye to one who may have it (two bits); the width of the
    /// parts below.
    pub(super) top: usize,
    current: usize,
    current_score: usize,
    next: usize,
    next_score: usize,
    bye: usize,
    e1: usize,
    e3: usize,
    met: usize,
    strong: usize,
    /// By rounds back (one and two, where played): floats down repeated, and floats up.
    down: [usize; 2],
    up: [usize; 2],
    down_score: [usize; 2],
    up_score: [usize; 2],
    /// How many rounds back count (up to two).
    backs: usize,
}

impl Parts {
    pub(super) fn new(layout: &Layout, played_rounds: usize) -> Parts {
        let (g, s) = (layout.group_bits, layout.scores_bits());
        let backs = played_rounds.min(2);
        // Laid from the bottom up: room for the choices made inside the bracket first.
        let mut at = 3 * g + 1;
        let mut take = |width: usize| {
            at += width;
            at - width
        };
        let (mut down_score, mut up_score) = ([0; 2], [0; 2]);
        for back in (0..backs).rev() {
            up_score[back] = take(s);
            down_score[back] = take(s);
        }
        let (mut down, mut up) = ([0; 2], [0; 2]);
        for back in (0..backs).rev() {
            up[back] = take(g);
            down[back] = take(g);
        }
        let strong = take(g);
        let met = take(g);
        let e3 = take(g);
        let e1 = take(g);
        let bye = take(2 * g);
        let next_score = take(s);
        let next = take(g);
        let current_score = take(s);
        let current = take(g);
        Parts {
            top: at,
            current,
            current_score,
            next,
            next_score,
            bye,
            e1,
            e3,
            met,
            strong,
            down,
            up,
            down_score,
            up_score,
            backs,
        }
    }

    /// The parts that hold a place for each score group.
    fn score_parts(&self) -> impl Iterator<Item = usize> + '_ {
        let backs = 0..self.backs;
        (backs.clone().map(|b| self.down_score[b]))
            .chain(backs.map(|b| self.up_score[b]))
            .chain([self.next_score, self.current_score])
    }
}

impl<const L: usize> Pairer<'_, L> {
    /// Where the score's bit sits in a part with a place for each score group.
    #[expect(clippy::expect_used, reason = "a score of the bracket has its place")]
    fn score_place(&self, score: u32) -> usize {
        self.place[score as usize].expect("a score of the bracket has its place")
    }

    /// Gives each score of the bracket's `players` its place in the parts, the highest
    /// highest, and moves the score bits of the weights of `stale` (pairs kept from the last
    /// bracket) to them. `false` where the layout has too few places.
    pub(super) fn place_scores(&mut self, players: &[usize], stale: &[usize]) -> bool {
        let mut scores: Vec<u32> = players.iter().map(|&v| self.score(v)).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let places = self.layout.places;
        if scores.len() > places {
            return false;
        }
        let g = self.layout.group_bits;
        let mut place = vec![None; self.place.len()];
        for (k, &score) in scores.iter().enumerate() {
            place[score as usize] = Some((places - 1 - k) * g);
        }
        for (k, &a) in stale.iter().enumerate() {
            for &b in &stale[k + 1..] {
                let w = self.pair_weight(a, b);
                if !w.is_zero() {
                    let moved = self.moved_scores(w, &place);
                    self.set(a, b, moved);
                }
            }
        }
        self.place = place;
        true
    }

    /// `w` with the bits of each score moved from its place now to its place in `to`: its
    /// parts that hold a place for each score group are those of the bracket's pairs (and of
    /// the next's) and of the floats' scores.
    #[expect(
        clippy::expect_used,
        reason = "a stale pair's scores are in the bracket"
    )]
    fn moved_scores(&self, w: Wide<L>, to: &[Option<usize>]) -> Wide<L> {
        let g = self.layout.group_bits;
        let parts = self.parts.score_parts();
        let mut out = w;
        // Added once all are taken out, so that a bit moved to where another was is kept.
        let mut moved = Wide::zero();
        for part in parts {
            for (score, from) in self.place.iter().enumerate() {
                let Some(from) = *from else { continue };
                let bits = w.shr(part + from).low(g);
                if bits.is_zero() {
                    continue;
                }
                out -= bits.shl(part + from);
                let to = to[score].expect("a stale pair's scores are in the bracket");
                moved += bits.shl(part + to);
            }
        }
        out + moved
    }

    /// The weights of the pairs of a bracket's players `idx` (moved-down players, residents
    /// up to `group_end`, then the score group below) by place in `idx`, where the lower player
    /// is at `from` or after (none for the others).
    pub(super) fn bracket_weights(
        &self,
        idx: &[usize],
        from: usize,
        group_end: usize,
    ) -> Triangle<Wide<L>> {
        let mut by_kind = self.by_kind(idx);
        Triangle::from_fn(idx.len(), |smaller, larger| {
            let current = larger < group_end;
            if larger < from {
                Wide::zero()
            } else {
                self.weight_by_kind(&mut by_kind, [smaller, larger], current, !current)
            }
        })
    }

    /// A table of weights by the kinds of `players` ([`kinds`]), to be filled as pairs are
    /// weighed: a pair's weight depends only on its players' kinds and on whether they met.
    pub(super) fn by_kind(&self, players: &[usize]) -> ByKind<L> {
        let mut local = vec![usize::MAX; self.kinds];
        let mut count = 0;
        let kind = players
            .iter()
            .map(|&v| {
                let k = &mut local[self.kind[v]];
                if *k == usize::MAX {
                    *k = count;
                    count += 1;
                }
                *k
            })
            .collect();
        // Where kinds are nearly as many as players, the table costs more than it saves.
        let table = if count * count * 3 <= players.len() * players.len() / 2 {
            vec![None; count * count * 3]
        } else {
            Vec::new()
        };
        ByKind {
            players: players.to_vec(),
            kind,
            count,
            table,
        }
    }

    /// [`Self::weight`] of the players at places `[h, l]` of `by_kind`'s, from its table
    /// where the pair of kinds was weighed before.
    pub(super) fn weight_by_kind(
        &self,
        by_kind: &mut ByKind<L>,
        [h, l]: [usize; 2],
        current: bool,
        next: bool,
    ) -> Wide<L> {
        let (hv, lv) = (by_kind.players[h], by_kind.players[l]);
        if by_kind.table.is_empty() {
            return self.weight(hv, lv, current, next);
        }
        if self.met(hv, lv) {
            return Wide::zero();
        }
        let pair = by_kind.kind[h] * by_kind.count + by_kind.kind[l];
        // A pair is in the bracket or the group below it, never both: three cases.
        let slot = pair * 3 + usize::from(current) + 2 * usize::from(next);
        *by_kind.table[slot].get_or_insert_with(|| self.weight(hv, lv, current, next))
    }

    /// The weight of pairing `h` (higher in the order) with `l`, where `l` is in the bracket
    /// being paired (`current`) or in the score group below it (`next`).
    pub(super) fn weight(&self, h: usize, l: usize, current: bool, next: bool) -> Wide<L> {
        if !self.compatible(h, l) {
            return Wide::zero();
        }
        if !current && !next {
            return self.outside_weight(h, l);
        }
        let o = &self.parts;
        let (hp, lp) = (self.player(h), self.player(l));
        let (hs, ls) = (hp.score, lp.score);
        // The most pairs in the bracket, then the highest scores among them; the same for the
        // next bracket.
        let mut w = Wide::zero()
            .plus_at(o.top, self.top_part(h, l))
            .plus_at(o.bye, self.bye_ranks(h, l));
        if next {
            w = w
                .plus_at(o.next, 1)
                .plus_at(o.next_score + self.score_place(hs), 1);
        }
        if !current {
            return w;
        }
        w = w
            .plus_at(o.current, 1)
            .plus_at(o.current_score + self.score_place(hs), 1);
        // Colours: C.04.3 E.1 to E.4's preferences met, strongest first.
        let same = lp.preference == hp.preference;
        let flag = |met: bool| u64::from(met);
        w = w.plus_at(
            o.e1,
            flag(!lp.absolute_imbalance() || !hp.absolute_imbalance() || !same),
        );
        let third_avoided = !lp.absolute()
            || !hp.absolute()
            || !same
            || if lp.imbalance == hp.imbalance {
                lp.repeated.is_none() || lp.repeated != hp.repeated
            } else {
                let lesser = if lp.imbalance > hp.imbalance { hp } else { lp };
                lesser.repeated != lp.preference.map(Color::opponent)
            };
        w = w.plus_at(o.e3, flag(third_avoided));
        let met = lp.preference.is_none() || hp.preference.is_none() || !same;
        w = w.plus_at(o.met, flag(met));
        let strong_met = (!lp.strong && !lp.absolute())
            || (!hp.strong && !hp.absolute())
            || (lp.absolute() && hp.absolute())
            || !same;
        w = w.plus_at(o.strong, flag(strong_met));
        // Floats repeated from one and two rounds back: fewer, then of lower scores.
        for back in 0..o.backs {
            let (l_float, h_float) = (self.float(l, back + 1), self.float(h, back + 1));
            let l_down = l_float == Float::Down;
            let h_down = hs <= ls && h_float == Float::Down;
            let no_up = !(hs > ls && l_float == Float::Up);
            w = w
                .plus_at(o.down[back], flag(l_down) + flag(h_down))
                .plus_at(o.up[back], flag(no_up));
            if l_down {
                w = w.plus_at(o.down_score[back] + self.score_place(ls), 1);
            }
            if h_float == Float::Down {
                w = w.plus_at(o.down_score[back] + self.score_place(hs), 1);
            }
            if no_up {
                w = w.plus_at(o.up_score[back] + self.score_place(hs), 1);
            }
        }
        w
    }

    /// [`Self::weight`] of a compatible pair outside the bracket and the score group below it,
    /// the most of the field's pairs: its top part and the bye's rank alone, the parts between
    /// and below them empty, so built with two shifts rather than one a part.
    fn outside_weight(&self, h: usize, l: usize) -> Wide<L> {
        Wide::zero()
            .plus_at(self.parts.top, self.top_part(h, l))
            .plus_at(self.parts.bye, self.bye_ranks(h, l))
    }

    /// A weight's top part: everyone paired, and the bye to one who may have it.
    fn top_part(&self, h: usize, l: usize) -> u64 {
        1 + u64::from(!self.bye_candidate(h)) + u64::from(!self.bye_candidate(l))
    }

    /// What the pair adds for the bye going to the player with the fewest unplayed rounds
    /// (C.9), where that counts: each player's rank among those at the bye's score.
    fn bye_ranks(&self, h: usize, l: usize) -> u64 {
        if !self.single_bye {
            return 0;
        }
        [h, l]
            .into_iter()
            .map(|v| self.player(v))
            .filter(|p| p.score == self.bye_score)
            .map(|p| self.bye_rank[p.games()])
            .sum()
    }

    /// The weights that only ask for a complete pairing with the bye on the lowest score
    /// possible: how the bye's score is found in an odd field.
    pub(super) fn bye_finding_weight(&self, a: usize, b: usize) -> Wide<L> {
        if !self.compatible(a, b) {
            return Wide::zero();
        }
        let (pa, pb) = (self.player(a), self.player(b));
        let top = self.score(0);
        Wide::from_u64(1 + u64::from(!pa.bye_eligible) + u64::from(!pb.bye_eligible))
            .shl(self.layout.groups_bits)
            .or(
                (self.layout.shift[pa.score as usize] + self.layout.shift[pb.score as usize])
                    as u64,
            )
            .shl(self.layout.group_bits)
            .or(u64::from(pa.score >= top))
    }
}

#[cfg(test)]
mod tests {
    use super::super::field::Field;
    use super::super::{Pairer, new_tournament, pair_dutch};
    use super::Layout;
    use crate::tournament::trf::RoundResult;

    /// A pair's weight built with its scores in one set of places and moved to another is the
    /// weight built with them there: for every pair, between places given for the score groups
    /// of two different brackets.
    #[test]
    fn a_weight_moved_to_other_places_is_the_weight_built_there() {
        let mut trf = new_tournament(12, 5);
        for round in 0..3 {
            let boards = pair_dutch(&trf).expect("a pairing");
            trf.enter_round(&boards, |k, _, _| match (k + round) % 3 {
                0 => (RoundResult::Drew, RoundResult::Drew),
                1 => (RoundResult::Won, RoundResult::Lost),
                _ => (RoundResult::Lost, RoundResult::Won),
            });
        }
        let field = Field::from_trf(&trf).expect("a field");
        let mut pairer = Pairer::<4>::new(&field, Layout::new(&field, Some(4)));
        let n = pairer.n;
        let mut scores: Vec<u32> = (0..n).map(|v| pairer.score(v)).collect();
        scores.dedup();
        assert!(scores.len() >= 5, "score groups: {scores:?}");
        let with = |from: usize| -> Vec<usize> {
            (0..n)
                .filter(|&v| scores[from..from + 3].contains(&pairer.score(v)))
                .collect()
        };
        let (first, second) = (with(0), with(1));
        // The players in both brackets, whose pairs are carried from one to the other.
        let both: Vec<usize> = first
            .iter()
            .copied()
            .filter(|v| second.contains(v))
            .collect();
        assert!(pairer.place_scores(&first, &[]));
        let mut moved = 0;
        for (k, &a) in both.iter().enumerate() {
            for &b in &both[k + 1..] {
                let w = pairer.weight(a, b, true, false);
                if !w.is_zero() {
                    pairer.set(a, b, w.plus(3));
                }
            }
        }
        let before: Vec<_> = both
            .iter()
            .flat_map(|&a| both.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| a < b)
            .map(|(a, b)| pairer.pair_weight(a, b))
            .collect();
        assert!(pairer.place_scores(&second, &both));
        let mut k = 0;
        for (i, &a) in both.iter().enumerate() {
            for &b in &both[i + 1..] {
                let built = pairer.weight(a, b, true, false);
                let now = pairer.pair_weight(a, b);
                if built.is_zero() {
                    assert!(now.is_zero());
                } else {
                    assert_eq!(now, built.plus(3), "players {a} and {b}");
                    moved += usize::from(now != before[k]);
                }
                k += 1;
            }
        }
        assert!(moved > 0, "no weight changed places");
    }
}
