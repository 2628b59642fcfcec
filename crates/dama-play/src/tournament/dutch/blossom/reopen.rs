//! A best matching found again from the last one where only some vertices' pairs changed
//! weight: those vertices leave their pairs, their values are set as low as their pairs'
//! slacks allow, and the trees grow from the unpaired vertices left above zero, a few against
//! the whole field's. The last matching's blossoms and values stand, but those around a changed
//! vertex, taken apart.

use integer_blossom::Weight;

use super::{Blossom, Edge, Triangle};

impl<W: Weight> Blossom<W> {
    /// A best matching of the vertices by `weight` (as [`Self::best`] reads it), where the
    /// last one found was of as many vertices and only the pairs of `changed` have changed
    /// since. Whether it was found from the last (else afresh: a matching of another size).
    pub(in crate::tournament::dutch) fn solve_again(
        &mut self,
        weight: &Triangle<W>,
        changed: &[usize],
    ) -> bool {
        if self.n != weight.players() {
            self.solve_for(weight);
            return false;
        }
        self.reopen(weight, changed);
        while self.matching() {}
        true
    }

    /// [`Self::solve_again`] where the pairs that changed weight are `pairs` (by place, in
    /// any order, repeats allowed). A pair outside every blossom whose slack stays at least zero
    /// (none, in the matching) is only weighed anew; of the others, each is reopened at the
    /// player with more of them (a question changes one player's pairs; a fixed pair, both
    /// players'). Where that reopens many, the players whose pairs all fell (or all rose) by
    /// one amount have their values moved by it (`lower`); where that still reopens many, the
    /// matching is solved afresh.
    pub(in crate::tournament::dutch) fn solve_again_pairs(
        &mut self,
        weight: &Triangle<W>,
        pairs: &[(usize, usize)],
    ) -> bool {
        let n = weight.players();
        if self.n != n {
            self.solve_for(weight);
            return false;
        }
        let falls = self.falls(weight, pairs);
        let open = self.open_pairs(weight, pairs);
        let mut changed = self.reopened(&open);
        // Each reopened vertex may root a tree or two: past an eighth of them, the search costs
        // about what solving afresh does (measured at 1,000 players, where it is quicker so).
        let many = |changed: &Vec<usize>| changed.len() * 8 > n;
        if many(&changed) && !falls.is_empty() {
            self.lower(&falls, pairs);
            let mut open = self.open_pairs(weight, pairs);
            for &(u, _) in &falls {
                for v in (1..=n).filter(|&v| v != u && !self.holds_at(u, v, self.g(u, v).w)) {
                    open.push((u - 1, v - 1));
                }
            }
            changed = self.reopened(&open);
        }
        if many(&changed) {
            self.solve_for(weight);
            return false;
        }
        self.solve_again(weight, &changed)
    }

    /// `pair`'s new weight from `weight` (by place), none below zero.
    pub(super) fn new_weight(&self, weight: &Triangle<W>, (i, j): (usize, usize)) -> W {
        let w = weight.get(i, j);
        if w > W::ZERO { w } else { W::ZERO }
    }

    /// Whether the pair of vertices `u` and `v` (outside every blossom) keeps slack at least
    /// zero at twice its weight `w`, and none where it is in the matching.
    fn holds_at(&self, u: usize, v: usize, w: W) -> bool {
        let sum = self.lab[u] + self.lab[v];
        if self.mate[u] == v {
            w == sum
        } else {
            w <= sum
        }
    }

    /// Of the changed `pairs`, those that cannot just be weighed anew; the others are.
    fn open_pairs(
        &mut self,
        weight: &Triangle<W>,
        pairs: &[(usize, usize)],
    ) -> Vec<(usize, usize)> {
        let mut open = Vec::new();
        for &(i, j) in pairs {
            let (u, v) = (i + 1, j + 1);
            let w = self.new_weight(weight, (i, j));
            if self.st[u] == u && self.st[v] == v && self.holds_at(u, v, w.double()) {
                self.set_edge(u, v, w);
            } else {
                open.push((i, j));
            }
        }
        open
    }

    /// The vertices to reopen for the `open` pairs: each pair's at the player with more.
    fn reopened(&self, open: &[(usize, usize)]) -> Vec<usize> {
        let n = self.n;
        let mut count = vec![0usize; n];
        for &(i, j) in open {
            count[i] += 1;
            count[j] += 1;
        }
        let mut chosen = vec![false; n];
        for &(i, j) in open {
            let (i, j) = if (count[j], i) > (count[i], j) {
                (j, i)
            } else {
                (i, j)
            };
            if !chosen[j] {
                chosen[i] = true;
            }
        }
        (0..n).filter(|&i| chosen[i]).collect()
    }

    /// The vertices each of whose changed pairs with a later vertex (among `pairs`) fell by
    /// one amount and stays in, with that amount (doubled, as values are) where their value
    /// can fall by it: once S1 and S2 are settled, each S1 player's pairs lose the addend that
    /// its place gave them, and the pairs within S1 or S2 are taken out. An amount below zero
    /// where they all rose by one: when a bracket's remainder is first asked how many of S1
    /// pair with S2, each S1 player's pairs gain the addend of its place.
    fn falls(&self, weight: &Triangle<W>, pairs: &[(usize, usize)]) -> Vec<(usize, W)> {
        let n = self.n;
        let mut fall: Vec<Option<W>> = vec![None; n + 1];
        let mut mixed = vec![false; n + 1];
        for &(i, j) in pairs {
            let (u, v) = (i.min(j) + 1, i.max(j) + 1);
            let w = self.new_weight(weight, (i, j)).double();
            if w == W::ZERO {
                continue;
            }
            let by = self.weights[u * self.stride + v] - w;
            if by == W::ZERO {
                mixed[u] = true;
            }
            match fall[u] {
                Some(f) if f != by => mixed[u] = true,
                _ => fall[u] = Some(by),
            }
        }
        (1..=n)
            .filter(|&u| !mixed[u])
            .filter_map(|u| fall[u].filter(|&f| f <= self.lab[u]).map(|f| (u, f)))
            .collect()
    }

    /// The vertices of `falls` and every vertex of a changed pair out of their blossoms, and
    /// the values of `falls` lowered (raised, by an amount below zero): their changed pairs
    /// keep their slack (and the matching's stay tight), while their other pairs lose it (or
    /// gain it), to be checked.
    fn lower(&mut self, falls: &[(usize, W)], pairs: &[(usize, usize)]) {
        let ends = pairs.iter().flat_map(|&(i, j)| [i + 1, j + 1]);
        for v in ends.chain(falls.iter().map(|&(u, _)| u)) {
            while self.st[v] != v {
                self.dissolve(self.st[v]);
            }
        }
        for &(u, f) in falls {
            self.lab[u] -= f;
        }
    }

    /// The changed vertices (by place) out of their blossoms and pairs, their pairs' new
    /// weights set and their values the least their slacks allow; the unpaired vertices above
    /// zero brought to one parity (the solver halves slacks between their trees).
    fn reopen(&mut self, weight: &Triangle<W>, changed: &[usize]) {
        let n = self.n;
        for &c in changed {
            let v = c + 1;
            while self.st[v] != v {
                self.dissolve(self.st[v]);
            }
            let m = self.mate[v];
            if m != 0 {
                self.mate[v] = 0;
                self.leave_unpaired(m);
            }
        }
        for &c in changed {
            let v = c + 1;
            for u in 1..=n {
                if u != v {
                    let w = self.new_weight(weight, (c, u - 1));
                    self.set_edge(v, u, w);
                }
            }
        }
        for b in (n + 1)..=self.n_x {
            if self.st[b] == b {
                for &c in changed {
                    self.best_edge_to(b, c + 1);
                }
            }
        }
        for &c in changed {
            let v = c + 1;
            let mut value = W::ZERO;
            for u in 1..=n {
                let e = self.g(v, u);
                if u != v && e.w > W::ZERO && e.w - self.lab[u] > value {
                    value = e.w - self.lab[u];
                }
            }
            self.lab[v] = value;
        }
        // A root of the wrong parity is raised by one, once out of its blossoms (whose pairs
        // would slacken).
        let odd = |x: W| x != x.half().double();
        let roots: Vec<usize> = (1..=self.n_x)
            .filter(|&x| self.st[x] == x && self.mate[x] == 0)
            .map(|x| self.base(x))
            .filter(|&u| self.lab[u] > W::ZERO)
            .collect();
        let Some(&first) = roots.first() else {
            return;
        };
        let parity = odd(self.lab[first]);
        for u in roots {
            while odd(self.lab[u]) != parity {
                if self.st[u] == u {
                    self.lab[u] += W::ONE;
                } else {
                    self.dissolve(self.st[u]);
                }
            }
        }
    }

    /// Blossom `b` (outermost) taken apart between searches: its value moved onto its
    /// vertices, each raised by half of it, which leaves every pair inside as slack as it was
    /// and every pair leaving it slacker; so its base's pair, slack now, is broken.
    fn dissolve(&mut self, b: usize) {
        let half = self.lab[b].half();
        for u in 1..=self.n {
            if self.st[u] == b {
                self.lab[u] += half;
            }
        }
        let (base, partner) = (self.base(b), self.mate[b]);
        let mut i = 0;
        while i < self.flower[b].len() {
            let c = self.flower[b][i];
            self.set_st(c, c);
            i += 1;
        }
        self.st[b] = 0;
        self.lab[b] = W::ZERO;
        if half > W::ZERO && partner != 0 {
            self.leave_unpaired(base);
            self.leave_unpaired(partner);
        }
    }

    /// `m` unpaired, with every blossom of which it is the base.
    fn leave_unpaired(&mut self, m: usize) {
        let mut x = self.st[m];
        loop {
            self.mate[x] = 0;
            if x == m {
                break;
            }
            x = self.flower_from(x, m);
        }
    }

    /// Blossom `b`'s (and its inner blossoms') edge to `v` outside it: the one of least slack
    /// among its members', as a blossom is formed.
    #[expect(clippy::expect_used, reason = "a blossom has members")]
    fn best_edge_to(&mut self, b: usize, v: usize) -> Edge<W> {
        let mut best: Option<Edge<W>> = None;
        let mut i = 0;
        while i < self.flower[b].len() {
            let c = self.flower[b][i];
            let e = if c <= self.n {
                self.g(c, v)
            } else {
                self.best_edge_to(c, v)
            };
            if best.is_none_or(|b| b.w == W::ZERO || self.e_delta(e) < self.e_delta(b)) {
                best = Some(e);
            }
            i += 1;
        }
        let e = best.expect("a blossom has members");
        self.set_blossom_edge(b, v, e);
        e
    }
}
