//! The bracket solved alone. The criteria count only inside the bracket being paired and the
//! score group under it: every other pair weighs only its top part (everyone paired, the bye to
//! one who may have it, and by C.9 which one), and over any pairing of everyone those parts add
//! up to the same, less what the bye's player would have added. A best matching of the
//! bracket's players' own pairs, where the players it leaves and the rest of the field can
//! still be paired among themselves (leaving out, in an odd field, a player the bye costs
//! least), is then a best matching of the whole field: found on a graph the size of the
//! bracket, not of the field.

use super::Pairer;
use super::kept::Kept;
use super::weights::bits_for;
use super::wide::Wide;

/// The bracket being paired: its players and the score group below it, and where the rest of
/// the field begins.
pub(super) struct Scope {
    /// The vertices of the bracket and the score group below it (some fixed by now).
    pub(super) players: Vec<usize>,
    /// The first vertex below them: every vertex from here on is unpaired.
    pub(super) rest_from: usize,
    /// A pairing of the rest of the field among itself, once found: each vertex's partner.
    rest_pairing: Option<Vec<usize>>,
}

impl Scope {
    pub(super) fn new(players: Vec<usize>, rest_from: usize) -> Scope {
        Scope {
            players,
            rest_from,
            rest_pairing: None,
        }
    }
}

impl<const L: usize> Pairer<'_, L> {
    /// A best matching of the whole field found on the bracket alone, or `None` where this
    /// cannot show it (an odd field whose bye may fall in the bracket, or the players left over
    /// not seen to pair with the rest): the whole field is solved then.
    pub(super) fn solve_in_bracket(&mut self) -> Option<Vec<usize>> {
        let mut scope = self.scope.take()?;
        if !self.bye_outside(&scope) {
            self.scope = Some(scope);
            return None;
        }
        // Found from the bracket's last matching where there is one: its players fixed since
        // are left in, with no pairs.
        let (players, pairs) = match self.bracket.take(self.n) {
            Some((players, pairs)) => (players, Some(pairs)),
            None => (self.free_players(&scope), None),
        };
        // Out of `self` while it solves, as the weights are read from `self`.
        let mut kept = std::mem::replace(&mut self.bracket, Kept::new());
        let mates = kept.solve(players.clone(), pairs.as_deref(), |a, b| {
            self.bracket_weight(a, b)
        });
        self.bracket = kept;
        let found = self.whole_field_matching(&mut scope, &players, |i| mates[i]);
        self.scope = Some(scope);
        found
    }

    /// Whether the bye, in an odd field, cannot fall on a free player of the bracket.
    pub(super) fn bye_outside(&self, scope: &Scope) -> bool {
        self.n.is_multiple_of(2)
            || !scope
                .players
                .iter()
                .any(|&v| self.fixed_to[v].is_none() && self.score(v) <= self.bye_score)
    }

    /// The bracket's free players.
    pub(super) fn free_players(&self, scope: &Scope) -> Vec<usize> {
        scope
            .players
            .iter()
            .copied()
            .filter(|&v| self.fixed_to[v].is_none())
            .collect()
    }

    /// The weight of the pair as the bracket is matched alone: what it adds below the top
    /// part, then one for the pair, so that the most pairs win a tie; none for a fixed player.
    /// An addend of `a` to a pair's weight weighs `a` shifted left by
    /// [`Self::pair_count_bits`] here.
    pub(super) fn bracket_weight(&self, a: usize, b: usize) -> Wide<L> {
        let w = self.free_pair_weight(a, b);
        if w.is_zero() {
            return w;
        }
        w.low(self.parts.top).shl(self.pair_count_bits()).plus(1)
    }

    /// The bits under a bracket's weights that count its pairs.
    pub(super) fn pair_count_bits(&self) -> usize {
        bits_for(self.n) + 1
    }

    /// The whole field's matching from a matching of the bracket's `players` (`mate` gives
    /// each one's partner by place, its own place if none): the fixed pairs, the bracket's
    /// free players' pairs, and the rest of the field paired up around them, where it is.
    pub(super) fn whole_field_matching(
        &self,
        scope: &mut Scope,
        players: &[usize],
        mate: impl Fn(usize) -> usize,
    ) -> Option<Vec<usize>> {
        let mut partner: Vec<usize> = (0..self.n).map(|v| self.fixed_to[v].unwrap_or(v)).collect();
        for (i, &v) in players.iter().enumerate() {
            if self.fixed_to[v].is_none() {
                partner[v] = players[mate(i)];
            }
        }
        self.complete(scope, partner)
    }

    /// The matching completed by a pairing of the players it leaves and the rest of the field
    /// among themselves, where one is found (by augmenting paths that may miss some where an
    /// odd cycle hides them: then `None`).
    fn complete(&self, scope: &mut Scope, mut partner: Vec<usize>) -> Option<Vec<usize>> {
        let rest: Vec<usize> = (scope.rest_from..self.n).collect();
        if scope.rest_pairing.is_none() {
            let mut mates: Vec<usize> = (0..self.n).collect();
            self.pair_up(&mut mates, &rest);
            scope.rest_pairing = Some(mates);
        }
        let mates = scope.rest_pairing.as_ref()?;
        let mut members = rest;
        members.extend(scope.players.iter().filter(|&&v| partner[v] == v));
        let below = scope.rest_from..self.n;
        partner[below.clone()].copy_from_slice(&mates[below]);
        if self.n.is_multiple_of(2) {
            return self.pair_up(&mut partner, &members).then_some(partner);
        }
        // Only a player the bye costs least may be left out: a few such are tried.
        let least = members.iter().map(|&v| self.bye_cost(v)).min()?;
        for &bye in members
            .iter()
            .filter(|&&v| self.bye_cost(v) == least)
            .take(4)
        {
            let mut tried = partner.clone();
            let mate = tried[bye];
            tried[mate] = mate;
            tried[bye] = bye;
            let others: Vec<usize> = members.iter().copied().filter(|&v| v != bye).collect();
            if self.pair_up(&mut tried, &others) {
                return Some(tried);
            }
        }
        None
    }

    /// Everyone paired by augmenting paths (in an odd field, everyone but a player of the
    /// lowest score any player who may have the bye has, where that is below the top score):
    /// which shows that the round may be paired and at what score the bye falls, as the
    /// matching of the first weights would. `None` where none is found so.
    pub(super) fn pairing_of_everyone(&self) -> Option<Vec<usize>> {
        let everyone: Vec<usize> = (0..self.n).collect();
        let mut mates = everyone.clone();
        if self.n.is_multiple_of(2) {
            return self.pair_up(&mut mates, &everyone).then_some(mates);
        }
        let may_have_bye = |v: usize| self.player(v).bye_eligible;
        let lowest = (0..self.n)
            .filter(|&v| may_have_bye(v))
            .map(|v| self.score(v))
            .min()?;
        if lowest >= self.score(0) {
            return None;
        }
        for bye in (0..self.n)
            .filter(|&v| may_have_bye(v) && self.score(v) == lowest)
            .take(4)
        {
            let mut mates = everyone.clone();
            let others: Vec<usize> = everyone.iter().copied().filter(|&v| v != bye).collect();
            if self.pair_up(&mut mates, &others) {
                return Some(mates);
            }
        }
        None
    }

    /// What leaving `v` without an opponent takes from the weights of everyone else's pairs:
    /// a player who may not have the bye first, then the player's C.9 rank where it counts.
    fn bye_cost(&self, v: usize) -> (bool, u64) {
        let ranked = self.ranked_bye && self.score(v) == self.bye_score;
        (
            !self.bye_candidate(v),
            if ranked {
                self.bye_rank[self.player(v).games()]
            } else {
                0
            },
        )
    }

    /// Pairs the unpaired of `members` among them by compatible pairs, each with the first
    /// it may meet, then by augmenting paths: whether every one of them is paired.
    pub(super) fn pair_up(&self, mates: &mut [usize], members: &[usize]) -> bool {
        for (k, &v) in members.iter().enumerate() {
            if mates[v] == v
                && let Some(&u) = members[k + 1..]
                    .iter()
                    .find(|&&u| mates[u] == u && self.edge(u, v))
            {
                mates[u] = v;
                mates[v] = u;
            }
        }
        for &v in members {
            if mates[v] == v {
                self.augment(mates, v, members);
            }
        }
        members.iter().all(|&v| mates[v] != v)
    }

    fn edge(&self, a: usize, b: usize) -> bool {
        !self.pair_weight(a, b).is_zero()
    }

    /// Pairs the unpaired `from` by an alternating path among `members` to another unpaired
    /// one. Each vertex is entered once, so the path found is simple; one hidden behind an odd
    /// cycle may be missed.
    fn augment(&self, mates: &mut [usize], from: usize, members: &[usize]) -> bool {
        let mut entered = vec![false; self.n];
        entered[from] = true;
        // Each step of the path: the vertex reached through its matched edge, and where the
        // search of its neighbours stands.
        let mut stack: Vec<(usize, usize)> = vec![(from, 0)];
        while let Some(&(v, cursor)) = stack.last() {
            let Some(k) =
                (cursor..members.len()).find(|&k| !entered[members[k]] && self.edge(v, members[k]))
            else {
                stack.pop();
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 = k + 1;
            }
            let x = members[k];
            entered[x] = true;
            if mates[x] == x {
                let mut other = x;
                for &(a, _) in stack.iter().rev() {
                    let old = mates[a];
                    mates[a] = other;
                    mates[other] = a;
                    other = old;
                }
                return true;
            }
            let y = mates[x];
            entered[y] = true;
            stack.push((y, 0));
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::field::Field;
    use super::super::weights::Layout;
    use super::super::{new_tournament, pair, pair_in};
    use crate::tournament::trf::{RoundEntry, RoundResult};

    /// A small generator of the tests' own, so each tournament comes back from its seed.
    struct Dice(u64);

    impl Dice {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Tournaments of 5 to 64 players, some absent from a round now and then (a half-point
    /// bye), results at random: every round paired with brackets matched alone where that is
    /// shown to be as good, and with the whole field matched at every step, comes out the same;
    /// and so does a round whose weights hold places for only two or three score groups
    /// (their bits moved from bracket to bracket), wherever its brackets fit in them.
    #[test]
    fn a_bracket_matched_alone_pairs_as_the_whole_field_does() {
        let mut paired_rounds = 0;
        let mut fitted = [0; 2];
        for seed in 0..48u64 {
            let mut dice = Dice(seed);
            let n = 5 + dice.below(60) as u32;
            let rounds = 4 + dice.below(5) as u32;
            let mut trf = new_tournament(n, rounds);
            for round in 0..rounds {
                for number in 1..=n {
                    if round > 0 && dice.below(20) == 0 {
                        trf.enter(number, RoundEntry::unpaired(RoundResult::HalfPointBye));
                    }
                }
                let alone = pair(&trf, false);
                let whole = pair(&trf, true);
                assert_eq!(
                    alone,
                    whole,
                    "seed {seed}, {n} players, round {}",
                    round + 1
                );
                let field = Field::from_trf(&trf).expect("a field");
                for (places, fitted) in [2, 3].into_iter().zip(&mut fitted) {
                    let layout = Layout::new(&field, Some(places));
                    if let Some(narrow) = pair_in(&field, layout, false).transpose() {
                        *fitted += usize::from(round > 0);
                        assert_eq!(
                            narrow,
                            alone,
                            "seed {seed}, {n} players, round {}, {places} places",
                            round + 1
                        );
                    }
                }
                let Ok(boards) = alone else { break };
                paired_rounds += 1;
                trf.enter_round(&boards, |_, _, _| match dice.below(3) {
                    0 => (RoundResult::Won, RoundResult::Lost),
                    1 => (RoundResult::Drew, RoundResult::Drew),
                    _ => (RoundResult::Lost, RoundResult::Won),
                });
            }
        }
        assert!(
            paired_rounds > 200,
            "only {paired_rounds} rounds were paired"
        );
        // Rounds after the first (which needs no weights) fit, fewer in two places than three.
        assert!(
            fitted[0] > 20 && fitted[0] < fitted[1],
            "rounds paired with two and three places: {fitted:?}"
        );
    }
}
