//! A maximum-weight matching that also gives its dual values, as a proof that it is best.
//!
//! The solver is integer-blossom 1.2.1's (MIT, © 2026 Robin Morisset; the licence in
//! `crates/dama-play/licenses/integer-blossom-MIT.txt`), copied here because
//! the crate keeps the dual values to itself: with them, a question that changes only one
//! player's pairs may often be answered without solving again (`certified.rs`), and the next
//! matching found from the last rather than afresh (`blossom/reopen.rs`). Changed from the
//! crate: the last change of the dual values is made in full, so that every unpaired vertex
//! ends at zero (the crate stops halfway, once the matching is known); the trees grow only from
//! unpaired vertices above zero, and an outer vertex whose value reaches zero is left unpaired
//! (the path to its root changed over), which a matching found afresh never needs (its unpaired
//! vertices are all at the least value) but one found from the last does; the dual values and
//! blossoms are read out, and a blossom's two tree paths are walked by one function.

mod proof;
mod reopen;

pub(super) use proof::Proof;

use std::collections::VecDeque;

use integer_blossom::Weight;

use super::triangle::Triangle;

/// A vertex as the tables store it.
type Vid = u32;

/// One graph edge, carrying the *real* endpoints it stands for. For a super-vertex
/// (contracted blossom) `b`, `g(b, x)` records the best underlying real edge, so
/// `u`/`v` are always real-vertex indices even when the slot is a blossom's.
#[derive(Clone, Copy)]
struct Edge<W> {
    u: Vid,
    v: Vid,
    /// Twice the weight, as the slack counts it: doubled once here, not at every look.
    w: W,
}

/// An edge's real ends, as a blossom's row keeps it: (0, 0) for none (weighing nothing).
#[derive(Clone, Copy, Default)]
struct Ends {
    u: Vid,
    v: Vid,
}

/// Working state of the blossom algorithm. Vertices are 1-indexed; indices
/// `1..=n` are real players and `n+1..=2n` are contracted blossoms.
pub(super) struct Blossom<W> {
    n: usize,
    n_x: usize,
    /// Twice the weight of each pair of real vertices, row-major in one block (entry `(u, v)`
    /// at `u * stride + v`): the hot path reads a real vertex's row, in one piece.
    weights: Vec<W>,
    /// Row stride of `weights`: `n + 1` for the largest instance seen.
    stride: usize,
    /// Each blossom's best edge to every vertex, real or blossom (blossom `b`'s row at
    /// `b - n - 1`, `2n + 1` wide), made as blossoms form: most matchings form few, and a
    /// vertex's edge to a blossom is the blossom's to it turned round. An edge is kept as its
    /// real ends alone, its weight read from `weights`: a row a fifth the size of one of
    /// edges, which a large field's solver forms hundreds of.
    rows: Vec<Vec<Ends>>,
    /// The slack of each of a forming blossom's edges, by the vertex it leads to (to a real
    /// vertex, less that vertex's value).
    least: Vec<W>,
    /// Whether a forming blossom's edge so far to each vertex weighs nothing: any other edge
    /// takes its place.
    weightless: Vec<bool>,
    lab: Vec<W>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    /// The slack of each vertex's edge of least slack (`slack`), counted anew as the values
    /// change: the scans compare every edge with it.
    slack_delta: Vec<W>,
    st: Vec<usize>,
    pa: Vec<usize>,
    /// The `sz × (n+1)` "which member does row `u` reach vertex `v` through"
    /// matrix, row-major in a single allocation (entry `(u, v)` at
    /// `u * ff_stride + v`).
    flower_from: Vec<Vid>,
    /// Row stride of `flower_from` — the allocated width `n_cap + 1` for the
    /// largest instance seen.
    ff_stride: usize,
    s: Vec<i32>,
    vis: Vec<usize>,
    flower: Vec<Vec<usize>>,
    q: VecDeque<usize>,
    t: usize,
}

impl<W: Weight> Blossom<W> {
    fn new(n: usize) -> Self {
        let sz = 2 * n + 1;
        Blossom {
            n,
            n_x: n,
            weights: vec![W::ZERO; (n + 1) * (n + 1)],
            stride: n + 1,
            rows: Vec::new(),
            least: vec![W::ZERO; sz],
            weightless: vec![true; sz],
            lab: vec![W::ZERO; sz],
            mate: vec![0; sz],
            slack: vec![0; sz],
            slack_delta: vec![W::ZERO; sz],
            st: vec![0; sz],
            pa: vec![0; sz],
            flower_from: vec![0; sz * (n + 1)],
            ff_stride: n + 1,
            s: vec![-1; sz],
            vis: vec![0; sz],
            flower: vec![Vec::new(); sz],
            q: VecDeque::new(),
            t: 0,
        }
    }

    /// Prepare a (possibly reused) solver for an `n`-vertex instance, growing the
    /// working buffers if this instance is larger than any this solver has seen.
    ///
    /// No stale data needs clearing: `solve`/`matching` re-initialize every piece
    /// of live state within `1..=2n` each run, both entry points call `set_edge`
    /// for every vertex pair (`max_weight_matching` clamping an absent edge to a
    /// zero weight) so every real edge slot is overwritten, and a blossom's row (and its
    /// column in the other blossoms' rows) is written whole when it is formed — so a buffer left over
    /// from an earlier (larger or smaller) instance is correct as long as it is
    /// big enough. Growth only ever extends the buffers (indices `1..=2n` are all
    /// a smaller `n` could have touched), never truncates.
    fn reset(&mut self, n: usize) {
        self.n = n;
        self.n_x = n;
        let sz = 2 * n + 1;
        if n + 1 > self.stride {
            // A larger instance than any before: reallocate the buffers wide enough
            // (the old contents are stale and would be overwritten anyway, so there
            // is nothing to copy).
            self.stride = n + 1;
            self.weights = vec![W::ZERO; (n + 1) * (n + 1)];
            self.flower_from = vec![0; sz * (n + 1)];
            self.ff_stride = n + 1;
            self.lab.resize(sz, W::ZERO);
            self.least.resize(sz, W::ZERO);
            self.weightless.resize(sz, true);
            self.mate.resize(sz, 0);
            self.slack.resize(sz, 0);
            self.slack_delta.resize(sz, W::ZERO);
            self.st.resize(sz, 0);
            self.pa.resize(sz, 0);
            self.s.resize(sz, -1);
            self.vis.resize(sz, 0);
            self.flower.resize(sz, Vec::new());
        }
    }

    /// Edge `(u, v)` (returned by value — `Edge` is `Copy`).
    #[inline]
    fn g(&self, u: usize, v: usize) -> Edge<W> {
        let n = self.n;
        let (u, v) = if u > n {
            let e = self.rows[u - n - 1][v];
            (e.u as usize, e.v as usize)
        } else if v > n {
            let e = self.rows[v - n - 1][u];
            (e.v as usize, e.u as usize)
        } else {
            (u, v)
        };
        Edge {
            u: u as Vid,
            v: v as Vid,
            w: self.weights[u * self.stride + v],
        }
    }

    /// Blossom `b`'s edge to `x` set to `e` (and `x`'s to `b`, turned round).
    fn set_blossom_edge(&mut self, b: usize, x: usize, e: Edge<W>) {
        let n = self.n;
        self.rows[b - n - 1][x] = Ends { u: e.u, v: e.v };
        if x > n {
            self.rows[x - n - 1][b] = Ends { u: e.v, v: e.u };
        }
    }

    /// Entry `(u, v)` of the flattened `flower_from` matrix.
    #[inline]
    fn flower_from(&self, u: usize, v: usize) -> usize {
        self.flower_from[u * self.ff_stride + v] as usize
    }

    /// Set entry `(u, v)` of `flower_from` (narrowing the stored vertex to [`Vid`]).
    #[inline]
    fn set_flower_from(&mut self, u: usize, v: usize, val: usize) {
        self.flower_from[u * self.ff_stride + v] = val as Vid;
    }

    fn set_edge(&mut self, u: usize, v: usize, w: W) {
        let w = w.double();
        self.weights[u * self.stride + v] = w;
        self.weights[v * self.stride + u] = w;
    }

    /// Reduced cost (slack) of an edge; zero means the edge is tight.
    #[inline(always)]
    fn e_delta(&self, e: Edge<W>) -> W {
        self.lab[e.u as usize] + self.lab[e.v as usize] - e.w
    }

    // `g(x, u)` is `g(u, x)` from the other end, with the same slack: read along `x`'s row,
    // which lies in one piece, rather than down its column.
    fn update_slack(&mut self, u: usize, x: usize) {
        let delta = self.e_delta(self.g(x, u));
        self.update_slack_by(u, x, delta);
    }

    /// [`Self::update_slack`] with the slack of `u`'s edge to `x` already counted.
    #[inline]
    fn update_slack_by(&mut self, u: usize, x: usize, delta: W) {
        if self.slack[x] == 0 || delta < self.slack_delta[x] {
            self.slack[x] = u;
            self.slack_delta[x] = delta;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            let e = self.g(x, u);
            if e.w > W::ZERO && self.st[u] != x && self.s[self.st[u]] == 0 {
                let delta = self.e_delta(e);
                self.update_slack_by(u, x, delta);
            }
        }
    }

    fn q_push(&mut self, x: usize) {
        if x <= self.n {
            self.q.push_back(x);
        } else {
            // Recursing into a child never mutates `flower[x]` itself, so index it
            // in place rather than cloning the whole cycle each call.
            let mut i = 0;
            while i < self.flower[x].len() {
                let c = self.flower[x][i];
                self.q_push(c);
                i += 1;
            }
        }
    }

    fn set_st(&mut self, x: usize, b: usize) {
        self.st[x] = b;
        if x > self.n {
            let mut i = 0;
            while i < self.flower[x].len() {
                let c = self.flower[x][i];
                self.set_st(c, b);
                i += 1;
            }
        }
    }

    /// Position of `xr` within blossom `b`'s cycle, normalized to be even by
    /// reversing the tail if needed (so a matched alternating walk starts right).
    #[expect(clippy::expect_used, reason = "a sub-blossom of `b` is in its cycle")]
    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flower[b]
            .iter()
            .position(|&x| x == xr)
            .expect("a sub-blossom of `b` is in its cycle");
        if pr % 2 == 1 {
            let len = self.flower[b].len();
            self.flower[b][1..].reverse();
            len - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        self.mate[u] = self.g(u, v).v as usize;
        if u > self.n {
            let e = self.g(u, v);
            let xr = self.flower_from(u, e.u as usize);
            self.rebase(u, xr);
            self.set_match(xr, v);
        }
    }

    /// Blossom `b`'s cycle turned to begin at its member `xr`, the pairs along it changed
    /// over so that `xr` is the one left to pair outside.
    fn rebase(&mut self, b: usize, xr: usize) {
        let pr = self.get_pr(b, xr);
        // The recursive `set_match` on a child touches only that child's cycle, so `flower[b]`
        // is stable until the `rotate_left` below: indexed in place rather than cloned.
        let mut i = 0;
        while i < pr {
            let x = self.flower[b][i];
            let y = self.flower[b][i ^ 1];
            self.set_match(x, y);
            i += 1;
        }
        self.flower[b].rotate_left(pr);
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.st[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let next_u = self.st[self.pa[xnv]];
            self.set_match(xnv, next_u);
            u = next_u;
            v = xnv;
        }
    }

    fn get_lca(&mut self, mut u: usize, mut v: usize) -> usize {
        self.t += 1;
        loop {
            if u == 0 && v == 0 {
                return 0;
            }
            if u != 0 {
                if self.vis[u] == self.t {
                    return u;
                }
                self.vis[u] = self.t;
                let m = self.st[self.mate[u]];
                u = if m != 0 { self.st[self.pa[m]] } else { 0 };
            }
            std::mem::swap(&mut u, &mut v);
        }
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.n_x && self.st[b] != 0 {
            b += 1;
        }
        if b > self.n_x {
            self.n_x += 1;
        }
        self.lab[b] = W::ZERO;
        self.s[b] = 0;
        self.mate[b] = self.mate[lca];
        self.flower[b].clear();
        self.flower[b].push(lca);

        self.push_cycle(b, u, lca);
        self.flower[b][1..].reverse();
        self.push_cycle(b, v, lca);

        self.set_st(b, b);
        let (n, k, width) = (self.n, b - self.n - 1, 2 * self.n + 1);
        if self.rows.len() <= k {
            self.rows.resize(k + 1, Vec::new());
        }
        if self.rows[k].len() < width {
            self.rows[k] = vec![Ends::default(); width];
        }
        for x in 1..=n {
            self.set_flower_from(b, x, 0);
        }
        self.weightless[1..=self.n_x].fill(true);
        // Out of `self` while the members' rows are read: `b` is none of them.
        let mut row = std::mem::take(&mut self.rows[k]);
        // `b` is a fresh index distinct from every member `xs`, so writing row/col
        // `b` never disturbs the `xs` rows we read — the cycle is stable, index it
        // in place rather than cloning.
        let mut mi = 0;
        while mi < self.flower[b].len() {
            let xs = self.flower[b][mi];
            // To a real vertex `x`, every member's edge ends at `x`: their slacks differ only
            // by the value of their end inside `b` less their weight.
            let stride = self.stride;
            if xs <= n {
                let (value, weights) = (self.lab[xs], &self.weights[xs * stride..]);
                for (x, ends) in (1..=n).zip(&mut row[1..]) {
                    if self.st[x] == b {
                        continue;
                    }
                    let key = value - weights[x];
                    if self.weightless[x] || key < self.least[x] {
                        *ends = Ends {
                            u: xs as Vid,
                            v: x as Vid,
                        };
                        self.least[x] = key;
                        self.weightless[x] = weights[x] == W::ZERO;
                    }
                }
            } else {
                let inner = &self.rows[xs - n - 1];
                for (x, ends) in (1..=n).zip(&mut row[1..]) {
                    if self.st[x] == b {
                        continue;
                    }
                    let e = inner[x];
                    let w = self.weights[e.u as usize * stride + x];
                    let key = self.lab[e.u as usize] - w;
                    if self.weightless[x] || key < self.least[x] {
                        *ends = e;
                        self.least[x] = key;
                        self.weightless[x] = w == W::ZERO;
                    }
                }
            }
            for x in (n + 1..=self.n_x).filter(|&x| self.st[x] != b && self.st[x] != 0) {
                let e = self.g(xs, x);
                let delta = self.e_delta(e);
                if self.weightless[x] || delta < self.least[x] {
                    row[x] = Ends { u: e.u, v: e.v };
                    self.rows[x - n - 1][b] = Ends { u: e.v, v: e.u };
                    self.least[x] = delta;
                    self.weightless[x] = e.w == W::ZERO;
                }
            }
            for x in 1..=n {
                if self.flower_from(xs, x) != 0 {
                    self.set_flower_from(b, x, xs);
                }
            }
            mi += 1;
        }
        self.rows[k] = row;
        // `set_slack(b)`, from the slacks just found.
        self.slack[b] = 0;
        for u in 1..=n {
            if !self.weightless[u] && self.st[u] != b && self.s[self.st[u]] == 0 {
                let delta = self.least[u] + self.lab[u];
                self.update_slack_by(u, b, delta);
            }
        }
    }

    /// The unpaired vertex of a blossom (the vertex itself if it is none).
    fn base(&self, mut x: usize) -> usize {
        while x > self.n {
            x = self.flower[x][0];
        }
        x
    }

    /// Once an outer vertex's value is zero: where it is a root's, that root stays unpaired;
    /// else the vertex leaves its pair and the path to its root changes over, the root paired.
    /// Along tight pairs, from a value of zero to the root's, the matching weighs the same.
    fn settle(&mut self) {
        for x in 1..=self.n_x {
            if self.st[x] == x
                && self.s[x] == 0
                && self.mate[x] == 0
                && self.lab[self.base(x)] == W::ZERO
            {
                return;
            }
        }
        let Some(u) = (1..=self.n).find(|&u| self.s[self.st[u]] == 0 && self.lab[u] == W::ZERO)
        else {
            unreachable!("the least outer value reached zero");
        };
        let b = self.st[u];
        let xnv = self.st[self.mate[b]];
        self.set_unpaired(b, u);
        if xnv != 0 {
            let next_u = self.st[self.pa[xnv]];
            self.set_match(xnv, next_u);
            self.augment(next_u, xnv);
        }
    }

    /// [`Self::set_match`] with `x` left unpaired at its vertex `u`.
    fn set_unpaired(&mut self, x: usize, u: usize) {
        self.mate[x] = 0;
        if x > self.n {
            let xr = self.flower_from(x, u);
            self.rebase(x, xr);
            self.set_unpaired(xr, u);
        }
    }

    /// Adds to `b`'s cycle the tree path from `x` up to `lca`, each pair's outer end queued.
    fn push_cycle(&mut self, b: usize, mut x: usize, lca: usize) {
        while x != lca {
            let y = self.st[self.mate[x]];
            self.flower[b].push(x);
            self.flower[b].push(y);
            self.q_push(y);
            x = self.st[self.pa[y]];
        }
    }

    fn expand_blossom(&mut self, b: usize) {
        // `set_st` only descends into each member's own sub-cycle, so `flower[b]`
        // is stable here — index it rather than cloning.
        let mut mi = 0;
        while mi < self.flower[b].len() {
            let m = self.flower[b][mi];
            self.set_st(m, m);
            mi += 1;
        }
        let xr = self.flower_from(b, self.g(b, self.pa[b]).u as usize);
        // `get_pr` may reverse `flower[b][1..]`; every index below reads it after,
        // and `set_slack`/`q_push` never mutate it, so no clone is needed.
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i < pr {
            let xs = self.flower[b][i];
            let xns = self.flower[b][i + 1];
            self.pa[xs] = self.g(xns, xs).u as usize;
            self.s[xs] = 1;
            self.s[xns] = 0;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.q_push(xns);
            i += 2;
        }
        self.s[xr] = 1;
        self.pa[xr] = self.pa[b];
        let mut idx = pr + 1;
        while idx < self.flower[b].len() {
            let xs = self.flower[b][idx];
            self.s[xs] = -1;
            self.set_slack(xs);
            idx += 1;
        }
        self.st[b] = 0;
    }

    fn on_found_edge(&mut self, e: Edge<W>) -> bool {
        let u = self.st[e.u as usize];
        let v = self.st[e.v as usize];
        if self.s[v] == -1 && self.mate[v] == 0 {
            // Unpaired at zero, outside the trees: the path ends there.
            self.augment(u, v);
            self.augment(v, u);
            return true;
        }
        if self.s[v] == -1 {
            self.pa[v] = e.u as usize;
            self.s[v] = 1;
            let nu = self.st[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.s[nu] = 0;
            self.q_push(nu);
        } else if self.s[v] == 0 {
            let lca = self.get_lca(u, v);
            if lca == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            } else {
                self.add_blossom(u, lca, v);
            }
        }
        false
    }

    /// One phase: grow alternating trees, adjusting duals, until an augmenting
    /// path is found (returns `true`, matching grew by one edge) or no further
    /// improvement is possible (returns `false`).
    fn matching(&mut self) -> bool {
        for i in 1..=self.n_x {
            self.s[i] = -1;
            self.slack[i] = 0;
        }
        self.q.clear();
        // The trees grow from the unpaired vertices whose values are above zero: one at zero
        // is where a best matching may leave it.
        for x in 1..=self.n_x {
            if self.st[x] == x && self.mate[x] == 0 && self.lab[self.base(x)] > W::ZERO {
                self.pa[x] = 0;
                self.s[x] = 0;
                self.q_push(x);
            }
        }
        if self.q.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.q.pop_front() {
                if self.s[self.st[u]] == 1 {
                    continue;
                }
                // `u` is a real vertex: its row of weights read directly.
                let (row, lab_u) = (u * self.stride, self.lab[u]);
                for v in 1..=self.n {
                    let w = self.weights[row + v];
                    if w != W::ZERO && self.st[u] != self.st[v] {
                        let delta = lab_u + self.lab[v] - w;
                        if delta == W::ZERO {
                            let e = Edge {
                                u: u as Vid,
                                v: v as Vid,
                                w,
                            };
                            if self.on_found_edge(e) {
                                return true;
                            }
                        } else if self.st[v] == v {
                            self.update_slack_by(u, v, delta);
                        } else {
                            // The best edge into `v`'s blossom may be another.
                            self.update_slack(u, self.st[v]);
                        }
                    }
                }
            }
            let mut d = W::inf();
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b && self.s[b] == 1 {
                    d = d.min(self.lab[b].half());
                }
            }
            for x in 1..=self.n_x {
                if self.st[x] == x && self.slack[x] != 0 {
                    let delta = self.e_delta(self.g(x, self.slack[x]));
                    if self.s[x] == -1 {
                        d = d.min(delta);
                    } else if self.s[x] == 0 {
                        d = d.min(delta.half());
                    }
                }
            }
            // No value may fall below zero: where an outer vertex's would first, the change
            // stops there, made in full so that the values prove the matching (in a matching
            // solved afresh, that vertex is a root, as every unpaired vertex's value is the
            // least of the outer vertices').
            let mut least = W::inf();
            for u in 1..=self.n {
                if self.s[self.st[u]] == 0 {
                    least = least.min(self.lab[u]);
                }
            }
            let done = least <= d;
            if done {
                d = least;
            }
            for u in 1..=self.n {
                match self.s[self.st[u]] {
                    0 => self.lab[u] -= d,
                    1 => self.lab[u] += d,
                    _ => {}
                }
            }
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b {
                    if self.s[b] == 0 {
                        self.lab[b] += d.double();
                    } else if self.s[b] == 1 {
                        self.lab[b] -= d.double();
                    }
                }
            }
            for x in 1..=self.n_x {
                if self.slack[x] != 0 {
                    self.slack_delta[x] = self.e_delta(self.g(x, self.slack[x]));
                }
            }
            if done {
                self.settle();
                return true;
            }
            self.q.clear();
            for x in 1..=self.n_x {
                if self.st[x] == x
                    && self.slack[x] != 0
                    && self.st[self.slack[x]] != x
                    && self.e_delta(self.g(self.slack[x], x)) == W::ZERO
                    && self.on_found_edge(self.g(self.slack[x], x))
                {
                    return true;
                }
            }
            for b in (self.n + 1)..=self.n_x {
                if self.st[b] == b && self.s[b] == 1 && self.lab[b] == W::ZERO {
                    self.expand_blossom(b);
                }
            }
        }
    }

    fn solve(&mut self) {
        for u in 1..=self.n {
            self.mate[u] = 0;
        }
        self.n_x = self.n;
        for u in 0..=self.n {
            self.st[u] = u;
            self.flower[u].clear();
        }
        for b in (self.n + 1)..(2 * self.n + 1) {
            self.st[b] = 0;
            self.flower[b].clear();
        }
        let mut w_max = W::ZERO;
        for u in 1..=self.n {
            for v in 1..=self.n {
                self.set_flower_from(u, v, if u == v { u } else { 0 });
                if self.g(u, v).w > w_max {
                    w_max = self.g(u, v).w;
                }
            }
        }
        // Every vertex starts at the largest weight (stored doubled).
        let start = w_max.half();
        for u in 1..=self.n {
            self.lab[u] = start;
        }
        while self.matching() {}
    }
}

impl<W: Weight> Blossom<W> {
    /// An empty solver, whose tables grow with the largest graph it is given.
    pub(super) fn empty() -> Self {
        Blossom::new(0)
    }

    /// A best matching of the vertices by the weights of `weight` (zero for no pair): each
    /// vertex's partner, itself if none.
    pub(super) fn best(&mut self, weight: &Triangle<W>) -> Vec<usize> {
        self.solve_for(weight);
        self.mates(weight.players())
    }

    fn solve_for(&mut self, weight: &Triangle<W>) {
        let n = weight.players();
        self.reset(n);
        let stride = self.stride;
        for i in 0..n {
            for j in (i + 1)..n {
                self.weights[(i + 1) * stride + j + 1] = self.new_weight(weight, (i, j)).double();
            }
        }
        // The lower half mirrored a tile at a time: a column walked whole would miss the
        // cache at every row.
        const TILE: usize = 16;
        for top in (1..=n).step_by(TILE) {
            for left in (top..=n).step_by(TILE) {
                for u in top..(top + TILE).min(n + 1) {
                    for v in left.max(u + 1)..(left + TILE).min(n + 1) {
                        self.weights[v * stride + u] = self.weights[u * stride + v];
                    }
                }
            }
        }
        self.solve();
    }

    /// The last matching found, of `n` vertices: each vertex's partner, itself if none.
    pub(super) fn mates(&self, n: usize) -> Vec<usize> {
        (1..=n)
            .map(|u| self.mate[u].checked_sub(1).unwrap_or(u - 1))
            .collect()
    }
}

#[cfg(test)]
mod tests;
