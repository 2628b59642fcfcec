//! A best matching found again from the last one where only some vertices' pairs changed
//! weight: those vertices leave their pairs, their values are set as low as their pairs'
//! slacks allow, and the trees grow from the unpaired vertices left above zero, a few against
//! the whole field's. The last matching's blossoms and values stand, but those around a changed
//! vertex, taken apart.

use integer_blossom::Weight;

use super::{Blossom, Edge};

impl<W: Weight> Blossom<W> {
    /// A best matching of the `n` vertices by `weight` (as [`Self::best`] reads it), where
    /// the last one found was of the same `n` vertices and only the pairs of `changed` have
    /// changed since. Whether it was found from the last (else afresh: a matching of another
    /// size).
    pub(in crate::tournament::dutch) fn solve_again(
        &mut self,
        weight: &[W],
        n: usize,
        changed: &[usize],
    ) -> bool {
        if self.n != n {
            self.solve_for(weight, n);
            return false;
        }
        self.reopen(weight, changed);
        while self.matching() {}
        true
    }

    /// [`Self::solve_again`] where the pairs that changed weight are `pairs` (by place, in
    /// any order, repeats allowed). A pair outside every blossom and the matching whose slack
    /// stays at least zero is only weighed anew; of the others, each is reopened at the player
    /// with more of them (a question changes one player's pairs; a fixed pair, both players').
    /// Where that reopens many, the matching is solved afresh.
    pub(in crate::tournament::dutch) fn solve_again_pairs(
        &mut self,
        weight: &[W],
        n: usize,
        pairs: &[(usize, usize)],
    ) -> bool {
        if self.n != n {
            self.solve_for(weight, n);
            return false;
        }
        let mut open = Vec::new();
        for &(i, j) in pairs {
            let (u, v) = (i + 1, j + 1);
            let w = weight[i.min(j) * n + i.max(j)];
            let w = if w > W::ZERO { w } else { W::ZERO };
            if self.st[u] == u
                && self.st[v] == v
                && self.mate[u] != v
                && w.double() <= self.lab[u] + self.lab[v]
            {
                self.set_edge(u, v, w);
            } else {
                open.push((i, j));
            }
        }
        let mut count = vec![0usize; n];
        for &(i, j) in &open {
            count[i] += 1;
            count[j] += 1;
        }
        let mut chosen = vec![false; n];
        for (i, j) in open {
            let (i, j) = if (count[j], i) > (count[i], j) {
                (j, i)
            } else {
                (i, j)
            };
            if !chosen[j] {
                chosen[i] = true;
            }
        }
        let changed: Vec<usize> = (0..n).filter(|&i| chosen[i]).collect();
        // Each reopened vertex may root a tree or two: past an eighth of them, the search costs
        // about what solving afresh does (measured at 1,000 players, where it is quicker so).
        if changed.len() * 8 > n {
            self.solve_for(weight, n);
            return false;
        }
        self.solve_again(weight, n, &changed)
    }

    /// The changed vertices (by place) out of their blossoms and pairs, their pairs' new
    /// weights set and their values the least their slacks allow; the unpaired vertices above
    /// zero brought to one parity (the solver halves slacks between their trees).
    fn reopen(&mut self, weight: &[W], changed: &[usize]) {
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
                    let (i, j) = (c.min(u - 1), c.max(u - 1));
                    let w = weight[i * n + j];
                    self.set_edge(v, u, if w > W::ZERO { w } else { W::ZERO });
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
