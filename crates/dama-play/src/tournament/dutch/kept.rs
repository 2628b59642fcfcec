//! A solver that keeps its last matching, with its weights and the pairs changed since, so
//! that the next is found from it (`blossom/reopen.rs`) rather than afresh: one for the
//! bracket matched alone, one for the whole field.

use super::blossom::Blossom;
use super::triangle::Triangle;
use super::wide::Wide;

/// Pairs of players by place, whose weights changed.
pub(super) type ChangedPairs = Vec<(usize, usize)>;

pub(super) struct Kept<const L: usize> {
    solver: Blossom<Wide<L>>,
    /// The players of the last matching, by place, while it is kept.
    players: Option<Vec<usize>>,
    /// The pairs (by vertex) whose weights changed since.
    changes: Vec<(usize, usize)>,
    /// The weights the last matching was found by (by place among its players): only the
    /// changed pairs are weighed again for the next.
    weights: Triangle<Wide<L>>,
}

impl<const L: usize> Kept<L> {
    pub(super) fn new() -> Self {
        Kept {
            solver: Blossom::empty(),
            players: None,
            changes: Vec::new(),
            weights: Triangle::default(),
        }
    }

    /// Notes that the pair's weight changed.
    pub(super) fn note(&mut self, a: usize, b: usize) {
        if let Some(players) = &self.players {
            // Past a quarter of the pairs, solving afresh costs no more than the list.
            if self.changes.len() < players.len() * players.len() / 4 {
                self.changes.push((a, b));
            } else {
                self.forget();
            }
        }
    }

    /// The next matching found afresh.
    pub(super) fn forget(&mut self) {
        self.players = None;
        self.changes.clear();
    }

    /// The last matching's players, and the pairs changed since by place among them (of the
    /// `n` vertices), where it is kept: the next is to be of them. Taken, so nothing is kept
    /// until [`Self::solve`].
    pub(super) fn take(&mut self, n: usize) -> Option<(Vec<usize>, ChangedPairs)> {
        let players = self.players.take()?;
        let mut place = vec![None; n];
        for (i, &v) in players.iter().enumerate() {
            place[v] = Some(i);
        }
        let pairs = self
            .changes
            .drain(..)
            .filter_map(|(a, b)| Some((place[a]?, place[b]?)))
            .collect();
        Some((players, pairs))
    }

    /// A best matching of `players` by `weigh` (each pair's weight by vertex): found from
    /// the last where `pairs` (from [`Self::take`]) are the pairs changed since, only those
    /// weighed again; afresh otherwise. Each player's partner by place, its own if none; the
    /// matching is kept.
    pub(super) fn solve(
        &mut self,
        players: Vec<usize>,
        pairs: Option<&[(usize, usize)]>,
        weigh: impl Fn(usize, usize) -> Wide<L>,
    ) -> Vec<usize> {
        let mates = match pairs {
            Some(pairs) => {
                self.reweigh(&players, pairs, weigh);
                self.solver.solve_again_pairs(&self.weights, pairs);
                self.solver.mates(players.len())
            }
            None => {
                self.weights = weights_of(&players, weigh);
                self.solver.best(&self.weights)
            }
        };
        self.changes.clear();
        self.players = Some(players);
        mates
    }

    /// The last matching's weights with the changed `pairs` (from [`Self::take`]) weighed
    /// again by `weigh`.
    pub(super) fn reweigh(
        &mut self,
        players: &[usize],
        pairs: &[(usize, usize)],
        weigh: impl Fn(usize, usize) -> Wide<L>,
    ) {
        for &(i, j) in pairs {
            self.weights.set(i, j, weigh(players[i], players[j]));
        }
    }

    /// The solver's tables handed to `to` (which holds the last matching then), and the
    /// weights it was found by (see [`Self::reweigh`]); nothing kept.
    pub(super) fn hand_over(&mut self, to: &mut Blossom<Wide<L>>) -> Triangle<Wide<L>> {
        std::mem::swap(to, &mut self.solver);
        self.forget();
        std::mem::take(&mut self.weights)
    }
}

/// The weights of the pairs of `players` by `weigh`, by place among them.
pub(super) fn weights_of<const L: usize>(
    players: &[usize],
    weigh: impl Fn(usize, usize) -> Wide<L>,
) -> Triangle<Wide<L>> {
    Triangle::from_fn(players.len(), |i, j| weigh(players[i], players[j]))
}
