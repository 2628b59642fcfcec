//! The brackets paired one after another, from the top score group down: each question of
//! the Dutch system asked of the matching in the order the rules give (see the module above).

use super::Pairer;
use super::rest::Scope;
use super::triangle::Triangle;
use super::wide::Wide;

impl<const L: usize> Pairer<'_, L> {
    /// Pairs bracket by bracket; each vertex's partner, `None` for the bye. `None` where a
    /// bracket holds more score groups than the layout has places for.
    pub(super) fn brackets(&mut self) -> Option<Vec<Option<usize>>> {
        let n = self.n;
        let mut partners = vec![None; n];
        let mut matched = vec![false; n];
        let top = self.score(0);
        // The bracket's players (moved-down first, then residents) and the next score group.
        let mut idx: Vec<usize> = Vec::new();
        let mut next = 0;
        while next < n && self.score(next) >= top {
            idx.push(next);
            next += 1;
        }
        let mut moved_down = 0;
        let mut first_vertex = 0;
        while idx.len() > 1 || next < n {
            let group_end = idx.len();
            let end_vertex = first_vertex + (group_end - moved_down);
            let next_start = next;
            while next < n && self.score(next) >= self.score(next_start) {
                idx.push(next);
                next += 1;
            }
            if !self.place_scores(&idx, &idx[..moved_down]) {
                return None;
            }
            self.scope = Some(Scope::new(idx.clone(), next));
            self.bracket.forget();
            let in_bracket = |m: usize| m >= first_vertex && m < end_vertex;
            // By place in idx.
            let mut base = self.bracket_weights(&idx, moved_down, group_end);
            let g = self.layout.group_bits;
            // S1's pairs first, then the places (which players go where there are exchanges)
            // where `places`.
            let exchanged = |base: &Triangle<Wide<L>>,
                             smaller: usize,
                             larger: usize,
                             place: usize,
                             pairs: usize,
                             places: bool| {
                let w = base.get(larger, smaller);
                if w.is_zero() {
                    return w;
                }
                let addend = Wide::<L>::from_u64(u64::from(place < pairs)).shl(2 * g);
                let addend = if places {
                    addend.minus(place as u64)
                } else {
                    addend
                };
                w + addend.shl(1)
            };
            // With no moved-down players, the first matching is asked the first question of
            // the remainder too (how many of S1 pair with S2, S1 guessed as the top half):
            // it stands where the guess holds, and another matching is not solved for it.
            let guess = if moved_down == 0 { group_end / 2 } else { 0 };
            // With some, their questions come first, so the guess only breaks ties: a pair of
            // residents holding a guessed S1 player (the residents' top ones left to the
            // moved-down players) weighs one more, and the questions' own addends sit `q` bits
            // up, above it. The matching that answers them then pairs S1 with S2 where it can,
            // and the first question of the remainder raises S1's values rather than
            // breaking every pair. Where the addends could reach the weights' parts, no guess.
            let residents = group_end - moved_down;
            let asked = moved_down as u64 * (1u64 << g).max(2 * idx.len() as u64);
            let q = if moved_down > 0 && super::weights::bits_for(asked as usize) <= 2 * g {
                g
            } else {
                0
            };
            let taken = moved_down.min(residents);
            let ties = if q > 0 {
                moved_down + taken..moved_down + taken + (residents - taken) / 2
            } else {
                0..0
            };
            // Row by row of the stored weights (each pair's in its higher player's row).
            for smaller in 0..idx.len() {
                for larger in (smaller + 1).max(moved_down)..idx.len() {
                    let w = if larger >= group_end {
                        base.get(larger, smaller)
                    } else if ties.contains(&smaller) && !base.get(larger, smaller).is_zero() {
                        base.get(larger, smaller).plus(1)
                    } else {
                        exchanged(&base, smaller, larger, smaller, guess, false)
                    };
                    self.set(idx[larger], idx[smaller], w);
                }
            }
            let mut stable = self.solve();

            // Which moved-down players are paired in this bracket: as many as can be, from
            // the highest score group down, the first of each where a choice remains.
            let mut group_score = 0;
            let mut remaining = 0;
            let mut remaining_matched = 0;
            for pi in 0..moved_down {
                if pi == 0 || self.score(idx[pi]) < group_score {
                    group_score = self.score(idx[pi]);
                    remaining = 0;
                    remaining_matched = 0;
                    let mut m = pi;
                    while m < idx.len() && self.score(idx[m]) >= group_score {
                        remaining += 1;
                        if in_bracket(stable[idx[m]]) {
                            remaining_matched += 1;
                        }
                        m += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let pv = idx[pi];
                if remaining <= remaining_matched {
                    matched[pv] = true;
                    continue;
                }
                remaining -= 1;
                if !in_bracket(stable[pv]) {
                    for (oi, &ov) in idx.iter().enumerate().take(group_end).skip(moved_down) {
                        let w = base.get(oi, pi);
                        if !w.is_zero() {
                            self.set(pv, ov, w.plus_at(q, 1));
                        }
                    }
                    stable = self.solve();
                }
                if in_bracket(stable[pv]) {
                    matched[pv] = true;
                    remaining_matched -= 1;
                    for (oi, &ov) in idx.iter().enumerate().take(group_end).skip(moved_down) {
                        let w = base.get(oi, pi);
                        if !w.is_zero() {
                            self.set(pv, ov, w.plus_at(q, residents as u64 + 1));
                        }
                    }
                }
            }

            // Their opponents: the highest resident that leaves the rest as good.
            for pi in 0..moved_down {
                let pv = idx[pi];
                if !matched[pv] {
                    continue;
                }
                let mut addend = idx.len() as u64;
                for oi in (moved_down..group_end).rev() {
                    let ov = idx[oi];
                    if matched[ov] {
                        continue;
                    }
                    let w = base.get(oi, pi);
                    if !w.is_zero() {
                        self.set(pv, ov, w.plus_at(q, addend));
                        addend += 1;
                    }
                }
                stable = self.solve();
                let mv = stable[pv];
                matched[mv] = true;
                self.fix(pv, mv);
            }

            // The remainder: S1 (its first `pairs`) against S2, with the fewest exchanges.
            let mut remainder = Vec::new();
            let mut pairs = 0;
            for (pi, &pv) in idx.iter().enumerate().take(group_end).skip(moved_down) {
                if stable[pv] < first_vertex {
                    continue;
                }
                remainder.push(pi);
                if stable[pv] < pv {
                    pairs += 1;
                }
            }
            // First how many, by S1's pairs alone: the places weigh only where there are
            // exchanges to choose (with none, every pairing as good has S1 in S1 and the same
            // places), and a matching of fewer distinct weights is quicker to find.
            let downward = |stable: &[usize], v: usize| stable[v] > v && stable[v] < end_vertex;
            let mut exchanges = 0;
            for places in [false, true] {
                for (o, &oi) in remainder.iter().enumerate() {
                    for (place, &pi) in remainder[..o].iter().enumerate() {
                        let w = exchanged(&base, pi, oi, place, pairs, places);
                        self.set(idx[pi], idx[oi], w);
                    }
                }
                stable = self.solve();
                exchanges = remainder
                    .iter()
                    .take(pairs)
                    .filter(|&&pi| !downward(&stable, idx[pi]))
                    .count();
                if exchanges == 0 {
                    break;
                }
            }

            // Out of S1, the lowest players where possible.
            let mut left = exchanges;
            let mut pos = pairs;
            while pos > 0 && left > 0 {
                pos -= 1;
                let place = pos;
                let pi = remainder[pos];
                let pv = idx[pi];
                if downward(&stable, pv) {
                    for &oi in &remainder[pos + 1..] {
                        let w = exchanged(&base, pi, oi, place, pairs, true);
                        if !w.is_zero() {
                            self.set(pv, idx[oi], w.minus(1));
                        }
                    }
                    stable = self.solve();
                }
                let exchange = !downward(&stable, pv);
                left -= usize::from(exchange);
                for &oi in &remainder[pos + 1..] {
                    if exchange {
                        base.set(oi, pi, Wide::zero());
                    }
                    let w = exchanged(&base, pi, oi, place, pairs, true);
                    self.set(pv, idx[oi], w);
                }
            }

            // Into S1 from S2, the highest players where possible.
            let mut left = exchanges;
            let mut place = pairs;
            let mut pos = pairs;
            while pos < remainder.len() && left > 1 {
                let pi = remainder[pos];
                let pv = idx[pi];
                let already = downward(&stable, pv);
                if !already {
                    for &oi in &remainder[pos + 1..] {
                        let w = exchanged(&base, pi, oi, place, pairs, true);
                        if !w.is_zero() {
                            self.set(pv, idx[oi], w.plus(1));
                        }
                    }
                    stable = self.solve();
                }
                if downward(&stable, pv) {
                    left -= 1;
                    for &oi in &remainder[..pos] {
                        base.set(pi, oi, Wide::zero());
                        self.set(pv, idx[oi], Wide::zero());
                    }
                    for (oi, &ov) in idx.iter().enumerate().skip(group_end) {
                        base.set(oi, pi, Wide::zero());
                        self.set(pv, ov, Wide::zero());
                    }
                }
                if !already {
                    for &oi in &remainder[pos + 1..] {
                        let w = exchanged(&base, pi, oi, place, pairs, true);
                        self.set(pv, idx[oi], w);
                    }
                }
                place += 1;
                pos += 1;
            }

            // S1 and S2 settled: only pairs from one to the other remain.
            for (a, &pi) in remainder.iter().enumerate() {
                let pv = idx[pi];
                for &oi in &remainder[a + 1..] {
                    let ov = idx[oi];
                    if !downward(&stable, pv) || downward(&stable, ov) {
                        base.set(oi, pi, Wide::zero());
                    }
                    self.set(pv, ov, base.get(oi, pi));
                }
            }

            // Each of S1, from the top, against the highest of S2 that keeps the rest as good.
            for &pi in &remainder {
                let pv = idx[pi];
                if !downward(&stable, pv) {
                    continue;
                }
                let mut addend = 0u64;
                let (mut choices, mut weights) = (Vec::new(), Vec::new());
                for &oi in remainder.iter().rev() {
                    let ov = idx[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    if !base.get(oi, pi).is_zero() {
                        choices.push((ov, addend));
                        weights.push(base.get(oi, pi).plus(addend));
                    }
                    addend += 1;
                }
                let proven = self.opponent_by_proof(pv, &choices);
                let by_proof = proven.is_some();
                stable = proven.unwrap_or_else(|| {
                    for (&(ov, _), &w) in choices.iter().zip(&weights) {
                        self.set(pv, ov, w);
                    }
                    self.solve()
                });
                let mv = stable[pv];
                matched[pv] = true;
                matched[mv] = true;
                self.fix(pv, mv);
                if by_proof {
                    // Kept as best under the weights as they now are, the pair fixed.
                    self.forget_changes();
                    self.last = Some(stable.clone());
                }
            }

            self.certified = None;
            // The next bracket: whoever is left, moved down, and the next score group.
            let mut carried = Vec::new();
            let mut carried_down = 0;
            self.single_bye =
                n % 2 == 1 && next_start != n && self.bye_score >= self.score(next_start);
            for (k, &pv) in idx.iter().enumerate() {
                if k < group_end && matched[pv] {
                    partners[pv] = Some(stable[pv]);
                    partners[stable[pv]] = Some(pv);
                } else {
                    carried.push(pv);
                    if k < group_end {
                        carried_down += 1;
                    }
                    if self.single_bye && self.score(stable[pv]) < self.score(next_start) {
                        self.single_bye = false;
                    }
                }
            }
            idx = carried;
            moved_down = carried_down;
            first_vertex = end_vertex;
        }
        Some(partners)
    }
}
