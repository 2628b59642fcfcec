//! S1's opponents found from a proven matching. Once S1 and S2 are settled, each S1 player in
//! turn takes the highest S2 player that leaves the rest as good: the best matching with an
//! addend on each of the player's pairs, the higher the opponent the larger. The dual values
//! of a best matching without the addends bound every matching that holds a given pair (the
//! best less half the pair's slack), so they rule out at once each opponent whose addend cannot
//! make up its slack; where the highest opponent left is in a best matching already, or one
//! exchange of partners around a cycle puts it there at no loss, that matching is the one the
//! addends would find. Otherwise the matching with the addends is proven afresh. Either way
//! the proof stays one for the players left once the pair is fixed (their dual values still
//! bound them, and the matching reaches the bound), so the next S1 player starts from it.

use super::Pairer;
use super::blossom::Proof;
use super::kept::{Kept, weights_of};
use super::rest::Scope;
use super::triangle::Triangle;
use super::wide::Wide;

/// A best matching of the bracket being paired with the dual values that prove it.
pub(super) struct Certified<const L: usize> {
    /// The bracket's players free when it was first proven, and each vertex's place among them.
    players: Vec<usize>,
    place: Vec<Option<usize>>,
    /// Their pairs' weights as the bracket is matched alone.
    weights: Triangle<Wide<L>>,
    proof: Proof<Wide<L>>,
    /// Fixed since: out of the matching.
    fixed: Vec<bool>,
    /// The players whose pairs have changed weight since the proof.
    changed: Vec<usize>,
    /// The whole field's matching: the bracket's completed by the rest of the field.
    partner: Vec<usize>,
}

impl<const L: usize> Certified<L> {
    /// The pair's weight; none for a player with itself.
    fn weight(&self, a: usize, b: usize) -> Wide<L> {
        if a == b {
            Wide::zero()
        } else {
            self.weights.get(a, b)
        }
    }

    fn mate(&self, a: usize) -> usize {
        self.proof.mate[a]
    }

    fn pair(&mut self, a: usize, b: usize) {
        self.proof.mate[a] = b;
        self.proof.mate[b] = a;
        self.partner[self.players[a]] = self.players[b];
        self.partner[self.players[b]] = self.players[a];
    }

    /// The pairs to make (`p` against `o` among them) for a best matching with `p` against
    /// `o`, got from this one by exchanging partners around a cycle; none where it holds them.
    /// The cycle: `p`'s and `o`'s old partners together or each with one of another pair, else
    /// joined by a path of pairs with no slack; what it gains is counted, not assumed.
    fn exchange(&self, p: usize, o: usize) -> Option<Vec<(usize, usize)>> {
        let (x, y) = (self.mate(p), self.mate(o));
        if x == o {
            return Some(Vec::new());
        }
        if x == p || y == o {
            return None;
        }
        let short = self
            .rejoined([p, o, x, y])
            .map(|(_, through)| match through {
                None => vec![(p, o), (x, y)],
                Some(u) => vec![(p, o), (x, u), (self.mate(u), y)],
            });
        if let Some(pairs) = short.filter(|pairs| !self.loses(pairs)) {
            return Some(pairs);
        }
        let mut pairs = self.tight_path(y, x, [p, o])?;
        pairs.push((p, o));
        (!self.loses(&pairs)).then_some(pairs)
    }

    /// Whether making `pairs` (each player's old pair broken) weighs less than before.
    fn loses(&self, pairs: &[(usize, usize)]) -> bool {
        let (mut made, mut broken) = (Wide::zero(), Wide::zero());
        for &(a, b) in pairs {
            made += self.weight(a, b);
            for v in [a, b] {
                if v < self.mate(v) {
                    broken += self.weight(v, self.mate(v));
                }
            }
        }
        made < broken
    }

    /// Pairs from `from` to `to` (both to be paired anew) along pairs of no slack, each
    /// player between leaving its partner for the next: found breadth first, the players of
    /// `out` and the fixed ones not entered.
    fn tight_path(&self, from: usize, to: usize, out: [usize; 2]) -> Option<Vec<(usize, usize)>> {
        let m = self.players.len();
        let mut seen = self.fixed.clone();
        for v in [from, to, out[0], out[1]] {
            seen[v] = true;
        }
        // For a player reached through its partner, the player the path came from.
        let mut came = vec![from; m];
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            for u in 0..m {
                let w = self.weight(v, u);
                if w.is_zero() || !self.proof.slack(v, u, w).is_zero() {
                    continue;
                }
                if u == to {
                    let mut pairs = vec![(v, to)];
                    let mut at = v;
                    while at != from {
                        pairs.push((came[at], self.mate(at)));
                        at = came[at];
                    }
                    return Some(pairs);
                }
                let next = self.mate(u);
                if seen[u] || next == u || seen[next] {
                    continue;
                }
                seen[u] = true;
                seen[next] = true;
                came[next] = v;
                queue.push_back(next);
            }
        }
        None
    }

    /// The best way to pair `x` and `y` again once their partners `a` and `b` meet: with each
    /// other (`None`), or `x` with `u` and `y` with `u`'s partner, who leave each other; and
    /// what that adds. `None` where neither is possible.
    fn rejoined(&self, [a, b, x, y]: [usize; 4]) -> Option<(Wide<L>, Option<usize>)> {
        let mut best = Some(self.weight(x, y))
            .filter(|w| !w.is_zero())
            .map(|w| (w, None));
        let taken = |v: usize| v == a || v == b || v == x || v == y;
        for u in 0..self.players.len() {
            let u_mate = self.mate(u);
            if u_mate == u || taken(u) || taken(u_mate) || self.fixed[u] {
                continue;
            }
            let (to_x, to_y) = (self.weight(x, u), self.weight(u_mate, y));
            if to_x.is_zero() || to_y.is_zero() {
                continue;
            }
            let w = to_x + to_y - self.weight(u, u_mate);
            if best.is_none_or(|(most, _)| w > most) {
                best = Some((w, Some(u)));
            }
        }
        best
    }

    /// Fixes `p` against `o`: out of the matching, and of every later proof's weights.
    fn fix(&mut self, p: usize, o: usize) {
        let m = self.players.len();
        for v in [p, o] {
            self.fixed[v] = true;
            self.changed.push(v);
            for u in (0..m).filter(|&u| u != v) {
                self.weights.set(u, v, Wide::zero());
            }
        }
    }
}

impl<const L: usize> Pairer<'_, L> {
    /// The whole field's best matching with `player` against the opponent of `choices`
    /// (each with its addend) the addends would give it, where a proof shows it.
    pub(super) fn opponent_by_proof(
        &mut self,
        player: usize,
        choices: &[(usize, u64)],
    ) -> Option<Vec<usize>> {
        let mut certified = match self.certified.take() {
            Some(certified) => certified,
            None => self.certify()?,
        };
        let found = self.answer(&mut certified, player, choices);
        if found.is_some() {
            self.certified = Some(certified);
        }
        found
    }

    fn answer(
        &mut self,
        certified: &mut Certified<L>,
        player: usize,
        choices: &[(usize, u64)],
    ) -> Option<Vec<usize>> {
        let p = certified.place[player]?;
        let mut by_addend = Vec::with_capacity(choices.len());
        for &(opponent, addend) in choices {
            by_addend.push((certified.place[opponent]?, addend));
        }
        by_addend.sort_by_key(|&(_, addend)| std::cmp::Reverse(addend));
        if let Some((o, pairs)) = self.reached_at_once(certified, p, &by_addend) {
            for (a, b) in pairs {
                certified.pair(a, b);
            }
            certified.fix(p, o);
            return Some(certified.partner.clone());
        }
        // Proven again with the addends, from the last proof (the player's pairs and those of
        // the players fixed since changed): the proof holds for the others once the pair is
        // fixed, as only the player's pairs carry addends (gone with the fix).
        let m = certified.players.len();
        let shift = self.pair_count_bits();
        for &(o, addend) in &by_addend {
            *certified.weights.get_mut(p, o) += Wide::from_u64(addend).shl(shift);
        }
        certified.changed.push(p);
        self.prover
            .solve_again(&certified.weights, &certified.changed);
        certified.proof = self.prover.proof(m);
        certified.changed.clear();
        let o = certified.mate(p);
        if o == p {
            return None;
        }
        certified.fix(p, o);
        let mut scope = self.scope.take()?;
        let partner =
            self.whole_field_matching(&mut scope, &certified.players, |i| certified.mate(i));
        self.scope = Some(scope);
        certified.partner = partner?;
        Some(certified.partner.clone())
    }

    /// The opponent the addends would give `p` (`by_addend`: each opponent's place with its
    /// addend, the largest first) and how its best matching is had from the proven one, where
    /// the dual values and one exchange show it.
    fn reached_at_once(
        &self,
        certified: &Certified<L>,
        p: usize,
        by_addend: &[(usize, u64)],
    ) -> Option<(usize, Vec<(usize, usize)>)> {
        let slack = |o: usize| certified.proof.slack(p, o, certified.weight(p, o));
        // The highest opponent in some best matching reaches the best total with its addend,
        // which no opponent below can; each opponent above must fall short of it by more than
        // its larger addend makes up (values doubled, as slacks are).
        let k = by_addend.iter().position(|&(o, _)| slack(o).is_zero())?;
        let (o, addend) = by_addend[k];
        let unit = 1 + self.pair_count_bits();
        if by_addend[..k]
            .iter()
            .any(|&(above, more)| slack(above) <= Wide::from_u64(more - addend).shl(unit))
        {
            return None;
        }
        Some((o, certified.exchange(p, o)?))
    }

    /// The bracket's best matching with its proof, completed by the rest of the field.
    fn certify(&mut self) -> Option<Certified<L>> {
        #[cfg(test)]
        if self.whole_field {
            return None;
        }
        let mut scope = self.scope.take()?;
        let found = self.certify_in(&mut scope);
        self.scope = Some(scope);
        found
    }

    fn certify_in(&mut self, scope: &mut Scope) -> Option<Certified<L>> {
        if !self.bye_outside(scope) {
            return None;
        }
        // From the bracket solver's last matching where there is one: its tables and weights
        // become the prover's, so the bracket's next matching is solved afresh.
        let (players, weights, proof) = match self.bracket.take(self.n) {
            Some((players, pairs)) => {
                let mut kept = std::mem::replace(&mut self.bracket, Kept::new());
                kept.reweigh(&players, &pairs, |a, b| self.bracket_weight(a, b));
                let weights = kept.hand_over(&mut self.prover);
                self.bracket = kept;
                self.prover.solve_again_pairs(&weights, &pairs);
                let proof = self.prover.proof(players.len());
                (players, weights, proof)
            }
            None => {
                let players = self.free_players(scope);
                let weights = weights_of(&players, |a, b| self.bracket_weight(a, b));
                let proof = self.prover.prove(&weights);
                (players, weights, proof)
            }
        };
        let mut place = vec![None; self.n];
        for (i, &v) in players.iter().enumerate() {
            place[v] = Some(i);
        }
        let mut certified = Certified {
            fixed: players
                .iter()
                .map(|&v| self.fixed_to[v].is_some())
                .collect(),
            changed: Vec::new(),
            players,
            place,
            weights,
            proof,
            partner: Vec::new(),
        };
        certified.partner =
            self.whole_field_matching(scope, &certified.players, |i| certified.mate(i))?;
        Some(certified)
    }
}
