//! A best matching's proof: the dual values the solver ends with, and the blossoms around
//! each vertex, which bound what any matching holding a given pair can weigh.

use integer_blossom::Weight;

use super::{Blossom, Triangle};

/// A best matching with the dual values that prove it: each vertex's partner, and what any
/// pair's weight falls short of those values.
pub(in crate::tournament::dutch) struct Proof<W> {
    /// Each vertex's partner, itself if none.
    pub(in crate::tournament::dutch) mate: Vec<usize>,
    /// Twice each vertex's dual value.
    pub(super) value: Vec<W>,
    /// For each vertex, the blossoms it lies in, outermost first.
    pub(super) blossoms: Vec<Vec<usize>>,
    /// Twice each blossom's dual value, by the blossom's index.
    blossom_value: Vec<W>,
}

impl<W: Weight> Proof<W> {
    /// Twice the pair's slack: by how much `a` and `b`'s values (with their common
    /// blossoms') exceed twice the pair's `weight`. A pair of some best matching has none;
    /// a matching with the pair weighs at most the best less half of it.
    pub(in crate::tournament::dutch) fn slack(&self, a: usize, b: usize, weight: W) -> W {
        let mut slack = self.value[a] + self.value[b] - weight.double();
        for (x, y) in self.blossoms[a].iter().zip(&self.blossoms[b]) {
            if x != y {
                break;
            }
            slack += self.blossom_value[*x];
        }
        slack
    }
}

impl<W: Weight> Blossom<W> {
    /// [`Self::best`] with its proof.
    pub(in crate::tournament::dutch) fn prove(&mut self, weight: &Triangle<W>) -> Proof<W> {
        self.solve_for(weight);
        self.proof(weight.players())
    }

    /// The last matching found, of `n` vertices, with its proof.
    pub(in crate::tournament::dutch) fn proof(&self, n: usize) -> Proof<W> {
        let mut blossoms = vec![Vec::new(); n];
        for b in (n + 1)..=self.n_x {
            if self.st[b] == b {
                self.enter(b, &mut Vec::new(), &mut blossoms);
            }
        }
        Proof {
            mate: self.mates(n),
            value: self.lab[1..=n].to_vec(),
            blossoms,
            blossom_value: self.lab[..=self.n_x].to_vec(),
        }
    }

    /// Notes `b` (and the blossoms in it) on each of its vertices, under `outer`.
    fn enter(&self, b: usize, outer: &mut Vec<usize>, blossoms: &mut [Vec<usize>]) {
        if b <= self.n {
            blossoms[b - 1].clone_from(outer);
            return;
        }
        outer.push(b);
        for &c in &self.flower[b] {
            self.enter(c, outer, blossoms);
        }
        outer.pop();
    }
}
