//! S1's opponents found from one proven matching. Once S1 and S2 are settled, each S1 player
//! in turn takes the highest S2 player that leaves the rest as good: the matching with an
//! addend on each of the player's pairs, the higher the opponent the larger. The dual values
//! of a best matching without the addends bound every matching that holds a given pair (the
//! best less half the pair's slack), so they rule out at once each opponent whose addend cannot
//! make up its slack; where the highest opponent left is in a best matching already, or one
//! exchange of partners around a cycle puts it there at no loss, that matching is the one the
//! addends would find, and it stays proven for the players left once the pair is fixed (the
//! dual values still bound them, and it reaches the bound). Otherwise the matching is solved
//! with the addends, as before.

use super::Pairer;
use super::blossom::Proof;
use super::wide::Wide;

/// A best matching of the bracket being paired with the dual values that prove it.
pub(super) struct Certified<const L: usize> {
    /// The bracket's players free when it was proven, and each vertex's place among them.
    players: Vec<usize>,
    place: Vec<Option<usize>>,
    /// Their pairs' weights as the bracket is matched alone (row-major).
    weights: Vec<Wide<L>>,
    proof: Proof<Wide<L>>,
    /// Fixed since: out of the matching.
    fixed: Vec<bool>,
    /// The whole field's matching: the bracket's completed by the rest of the field.
    partner: Vec<usize>,
}

impl<const L: usize> Certified<L> {
    fn weight(&self, a: usize, b: usize) -> Wide<L> {
        let m = self.players.len();
        self.weights[a.min(b) * m + a.max(b)]
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
}

impl<const L: usize> Pairer<'_, L> {
    /// The whole field's best matching with `player` against the opponent of `choices`
    /// (with its addend) the addends would give it, where the proven matching shows it.
    pub(super) fn opponent_by_proof(
        &mut self,
        player: usize,
        choices: &[(usize, u64)],
    ) -> Option<Vec<usize>> {
        if self.certified.is_none() {
            self.certified = self.certify();
        }
        let unit = 1 + self.pair_count_bits();
        let certified = self.certified.as_mut()?;
        let p = certified.place[player]?;
        let mut ruled_out = Vec::new();
        let mut chosen = None;
        let mut by_addend: Vec<(usize, u64)> = choices.to_vec();
        by_addend.sort_by_key(|&(_, addend)| std::cmp::Reverse(addend));
        for &(opponent, addend) in &by_addend {
            let o = certified.place[opponent]?;
            let slack = certified.proof.slack(p, o, certified.weight(p, o));
            if slack.is_zero() {
                chosen = Some((o, addend));
                break;
            }
            ruled_out.push((slack, addend));
        }
        let (o, addend) = chosen?;
        // Each opponent above must fall short by more than its addend adds.
        if ruled_out
            .iter()
            .any(|&(slack, more)| slack <= Wide::from_u64(more - addend).shl(unit))
        {
            return None;
        }
        let (x, y) = (certified.mate(p), certified.mate(o));
        if x != o {
            if x == p || y == o {
                return None;
            }
            let (rejoin, through) = certified.rejoined([p, o, x, y])?;
            let lost = certified.weight(p, x) + certified.weight(o, y);
            if certified.weight(p, o) + rejoin < lost {
                return None;
            }
            certified.pair(p, o);
            match through {
                None => certified.pair(x, y),
                Some(u) => {
                    let u_mate = certified.mate(u);
                    certified.pair(x, u);
                    certified.pair(u_mate, y);
                }
            }
        }
        certified.fixed[p] = true;
        certified.fixed[o] = true;
        Some(certified.partner.clone())
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

    fn certify_in(&mut self, scope: &mut super::rest::Scope) -> Option<Certified<L>> {
        if !self.bye_outside(scope) {
            return None;
        }
        let (players, weights) = self.bracket_weights(scope);
        let proof = self.solver.prove(&weights, players.len());
        let mut partner: Vec<usize> = (0..self.n).map(|v| self.fixed_to[v].unwrap_or(v)).collect();
        let mut place = vec![None; self.n];
        for (i, &v) in players.iter().enumerate() {
            place[v] = Some(i);
            partner[v] = players[proof.mate[i]];
        }
        let partner = self.complete(scope, partner)?;
        Some(Certified {
            fixed: vec![false; players.len()],
            players,
            place,
            weights,
            proof,
            partner,
        })
    }
}

impl<const L: usize> Certified<L> {
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
}
