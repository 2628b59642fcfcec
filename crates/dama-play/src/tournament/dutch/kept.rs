//! A solver that keeps its last matching, with the pairs changed since, so that the next is
//! found from it (`blossom/reopen.rs`) rather than afresh: one for the bracket matched alone,
//! one for the whole field.

use super::blossom::Blossom;
use super::wide::Wide;

/// Pairs of players by place, whose weights changed.
pub(super) type ChangedPairs = Vec<(usize, usize)>;

pub(super) struct Kept<const L: usize> {
    solver: Blossom<Wide<L>>,
    /// The players of the last matching, by place, while it is kept.
    players: Option<Vec<usize>>,
    /// The pairs (by vertex) whose weights changed since.
    changes: Vec<(usize, usize)>,
    /// Players (by vertex) whose every pair is to be compared, most raised by `by`.
    raised: Vec<usize>,
    by: Wide<L>,
}

/// What changed since the last matching, by place among its players: the pairs, and the
/// players raised (with by how much).
pub(super) struct Changes<const L: usize> {
    pub(super) pairs: ChangedPairs,
    pub(super) raised: Vec<usize>,
    pub(super) by: Wide<L>,
}

impl<const L: usize> Kept<L> {
    pub(super) fn new() -> Self {
        Kept {
            solver: Blossom::empty(),
            players: None,
            changes: Vec::new(),
            raised: Vec::new(),
            by: Wide::zero(),
        }
    }

    /// Notes that the pair's weight changed.
    pub(super) fn note(&mut self, a: usize, b: usize) {
        if self.raised.binary_search(&a).is_ok() || self.raised.binary_search(&b).is_ok() {
            return;
        }
        if let Some(players) = &self.players {
            // Past a quarter of the pairs, solving afresh costs no more than the list.
            if self.changes.len() < players.len() * players.len() / 4 {
                self.changes.push((a, b));
            } else {
                self.forget();
            }
        }
    }

    /// That every pair of `players` (vertices) is about to change, most by `by`: their pairs
    /// are then compared with the last, not listed. Once only before a matching.
    pub(super) fn raise(&mut self, players: &[usize], by: Wide<L>) {
        if self.players.is_some() && self.raised.is_empty() {
            self.raised = players.to_vec();
            self.raised.sort_unstable();
            self.by = by;
        } else {
            self.forget();
        }
    }

    /// The next matching found afresh.
    pub(super) fn forget(&mut self) {
        self.players = None;
        self.changes.clear();
        self.raised.clear();
    }

    /// The last matching's players, and what changed since by place among them (of the `n`
    /// vertices), where it is kept: the next is to be of them. Taken, so nothing is kept until
    /// [`Self::solve`].
    pub(super) fn take(&mut self, n: usize) -> Option<(Vec<usize>, Changes<L>)> {
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
        let raised = self.raised.drain(..).filter_map(|v| place[v]).collect();
        Some((
            players,
            Changes {
                pairs,
                raised,
                by: self.by,
            },
        ))
    }

    /// A best matching of `players` by `weights` (row-major): found from the last where
    /// `changes` (from [`Self::take`]) are what changed since, afresh otherwise. Each
    /// player's partner by place, its own if none; the matching is kept.
    pub(super) fn solve(
        &mut self,
        players: Vec<usize>,
        weights: &[Wide<L>],
        changes: Option<&Changes<L>>,
    ) -> Vec<usize> {
        let m = players.len();
        let mates = match changes {
            Some(changes) => {
                let (raised, by) = (&changes.raised, changes.by);
                self.solver
                    .solve_again_raised(weights, m, raised, by, &changes.pairs);
                self.solver.mates(m)
            }
            None => self.solver.best(weights, m),
        };
        self.changes.clear();
        self.raised.clear();
        self.players = Some(players);
        mates
    }

    /// The solver's tables handed to `to` (which holds the last matching then); nothing kept.
    pub(super) fn hand_over(&mut self, to: &mut Blossom<Wide<L>>) {
        std::mem::swap(to, &mut self.solver);
        self.forget();
    }
}
