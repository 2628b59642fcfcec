//! Swiss pairing as a minimum-cost perfect matching, as bbpPairings pairs with weighted
//! matching: each possible pair (and the bye) gets a cost that stacks the rules by importance,
//! each level weighing more than everything below it can add up to, so the cheapest matching
//! breaks a rule only where no pairing of the present players keeps it.
//!
//! From the most important: no rematch and no second bye; nobody gets the same colour three
//! times in a row or a colour difference beyond 2; the bye to the lowest-ranked player; the
//! smallest score differences; the colours players are due; the upper half of a score group
//! against its lower half (as the Dutch system seeds it).

use dama_model::UserId;
use dama_rules::Color;
use integer_blossom::min_weight_perfect_matching;

/// A player present for the round being paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// The player.
    pub id: UserId,
    /// The pairing number: 0 for the highest rated when the tournament began.
    pub seed: usize,
    /// Score so far, in halves (byes and missed rounds included).
    pub halves: u32,
    /// Everyone met so far.
    pub opponents: Vec<UserId>,
    /// Colours played, oldest first (a bye or a missed round leaves none).
    pub colors: Vec<Color>,
    /// Pairing byes received (a round missed by a late entrant is not one).
    pub byes: u32,
}

/// One round's pairings: games as (White, Black), board 1 first, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissRound {
    /// The games, board 1 first.
    pub games: Vec<(UserId, UserId)>,
    /// The player left without an opponent, in an odd field.
    pub bye: Option<UserId>,
}

/// How much a player wants a colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ColorPreference {
    /// No games yet.
    Nothing,
    /// Even colours: the other colour than last time.
    Mild,
    /// One colour more than the other.
    Strong,
    /// The other colour would be a third in a row, or a difference of 3.
    Absolute,
}

/// The colour a player is due next, and how strongly.
pub fn color_preference(colors: &[Color]) -> (ColorPreference, Option<Color>) {
    let whites = colors.iter().filter(|c| **c == Color::White).count() as i64;
    let difference = whites - (colors.len() as i64 - whites);
    let last_two = match colors {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    };
    if let Some(twice) = last_two {
        return (ColorPreference::Absolute, Some(twice.opponent()));
    }
    match difference {
        d if d >= 2 => (ColorPreference::Absolute, Some(Color::Black)),
        d if d <= -2 => (ColorPreference::Absolute, Some(Color::White)),
        1 => (ColorPreference::Strong, Some(Color::Black)),
        -1 => (ColorPreference::Strong, Some(Color::White)),
        _ => match colors.last() {
            Some(last) => (ColorPreference::Mild, Some(last.opponent())),
            None => (ColorPreference::Nothing, None),
        },
    }
}

/// Whether playing `next` breaks the colour rule (a third in a row, or a difference of 3).
pub fn breaks_color_rule(colors: &[Color], next: Color) -> bool {
    let mut after = colors.to_vec();
    after.push(next);
    let whites = after.iter().filter(|c| **c == Color::White).count() as i64;
    let difference = whites - (after.len() as i64 - whites);
    let three = after.len() >= 3 && after[after.len() - 3..].iter().all(|c| *c == next);
    three || difference.abs() > 2
}

/// Fields up to this size (and half as much again) are paired in one matching, the cheapest
/// there is; larger ones in slices of it by rank, whoever a slice leaves over floating down
/// into the next (the matching's time grows with the cube of its size).
pub const WHOLE_FIELD: usize = 256;

/// Pairs the present players for the next round.
pub fn pair(players: &[SwissPlayer]) -> SwissRound {
    let field = Field::new(players);
    let n = players.len();
    let mut by_rank: Vec<usize> = (0..n).collect();
    by_rank.sort_by_key(|&i| field.order[i]);
    let mut round = SwissRound::default();
    let mut boards = Vec::new();
    let mut rest = by_rank.as_slice();
    let mut floaters = Vec::new();
    while !rest.is_empty() {
        let take = if rest.len() <= WHOLE_FIELD * 3 / 2 {
            rest.len()
        } else {
            WHOLE_FIELD
        };
        let mut slice = std::mem::take(&mut floaters);
        slice.extend_from_slice(&rest[..take]);
        rest = &rest[take..];
        let (pairs, left) = field.solve(&slice, rest.is_empty());
        for (i, j) in pairs {
            let (white, black) = field.colors(i, j);
            let top = field.order[i].min(field.order[j]);
            boards.push((top, players[white].id, players[black].id));
        }
        if rest.is_empty() {
            round.bye = left.map(|i| players[i].id);
        } else {
            floaters.extend(left);
        }
    }
    boards.sort_unstable();
    round.games = boards.into_iter().map(|(_, w, b)| (w, b)).collect();
    round
}

/// What a round costs under the pairing's rules: the pairing found is the cheapest there is
/// (the tests compare it with every other on small fields).
#[expect(clippy::expect_used, reason = "a present player")]
pub fn round_cost(players: &[SwissPlayer], round: &SwissRound) -> i128 {
    let field = Field::new(players);
    let index = |id: UserId| {
        players
            .iter()
            .position(|p| p.id == id)
            .expect("a present player")
    };
    let games: i128 = round
        .games
        .iter()
        .map(|&(w, b)| field.pair_cost(index(w), index(b)))
        .sum();
    games + round.bye.map_or(0, |id| field.bye_cost(index(id)))
}

/// The present players with what the costs need: ranks, score groups, and each level's weight.
struct Field<'a> {
    players: &'a [SwissPlayer],
    /// Each player's place by score, then seed (0 the first).
    order: Vec<usize>,
    /// Each player's place in their score group by seed, and the group's size.
    in_group: Vec<(usize, usize)>,
    due: Vec<(ColorPreference, Option<Color>)>,
    /// Whether White, then Black, would break each player's colour rule.
    breaks: Vec<[bool; 2]>,
    weight: Weights,
}

/// Each level's weight: more than everything below it can add up to over one round.
struct Weights {
    rematch: i128,
    color_rule: i128,
    bye_rank: i128,
    score: i128,
    color_preference: i128,
}

impl<'a> Field<'a> {
    fn new(players: &'a [SwissPlayer]) -> Self {
        let n = players.len();
        let mut by_rank: Vec<usize> = (0..n).collect();
        by_rank.sort_by_key(|&i| (std::cmp::Reverse(players[i].halves), players[i].seed));
        let mut order = vec![0; n];
        for (place, &i) in by_rank.iter().enumerate() {
            order[i] = place;
        }
        let mut in_group = vec![(0, 0); n];
        let mut start = 0;
        while start < n {
            let halves = players[by_rank[start]].halves;
            let size = by_rank[start..]
                .iter()
                .take_while(|&&i| players[i].halves == halves)
                .count();
            for (k, &i) in by_rank[start..start + size].iter().enumerate() {
                in_group[i] = (k, size);
            }
            start += size;
        }
        let spread = players.iter().map(|p| p.halves).max().unwrap_or(0)
            - players.iter().map(|p| p.halves).min().unwrap_or(0);
        let pairs = (n / 2 + 1) as i128;
        let n = n as i128 + 1;
        // Each level's most over a round, from the least important up.
        let seeding_most = pairs * n;
        let due = seeding_most + 1;
        let score = due * (pairs * 3 + 1);
        let bye_rank = score * (pairs * i128::from(spread).pow(2) + 1);
        let color_rule = bye_rank * (n + 1);
        let rematch = color_rule * (pairs * 2 + 1);
        Field {
            players,
            order,
            in_group,
            due: players
                .iter()
                .map(|p| color_preference(&p.colors))
                .collect(),
            breaks: players
                .iter()
                .map(|p| [Color::White, Color::Black].map(|c| breaks_color_rule(&p.colors, c)))
                .collect(),
            weight: Weights {
                rematch,
                color_rule,
                bye_rank,
                score,
                color_preference: due,
            },
        }
    }

    /// The cheapest matching of these players, and who is left over when they are odd: the
    /// bye in the last slice, a floater into the next one otherwise.
    fn solve(&self, members: &[usize], last: bool) -> (Vec<(usize, usize)>, Option<usize>) {
        let n = members.len();
        if n < 2 {
            return (Vec::new(), members.first().copied());
        }
        let v = n + n % 2;
        let mut cost = vec![0i128; v * v];
        for (a, &i) in members.iter().enumerate() {
            for (b, &j) in members.iter().enumerate().skip(a + 1) {
                cost[a * v + b] = self.pair_cost(i, j);
            }
            if v > n {
                cost[a * v + n] = if last {
                    self.bye_cost(i)
                } else {
                    self.weight.bye_rank * (self.players.len() - 1 - self.order[i]) as i128
                };
            }
        }
        let mate = min_weight_perfect_matching(&cost, v);
        let mut pairs = Vec::new();
        let mut left = None;
        for (a, &b) in mate.iter().enumerate().take(n) {
            if b >= n {
                left = Some(members[a]);
            } else if a < b {
                pairs.push((members[a], members[b]));
            }
        }
        (pairs, left)
    }

    fn pair_cost(&self, a: usize, b: usize) -> i128 {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let w = &self.weight;
        let mut cost = 0;
        if pa.opponents.contains(&pb.id) || pb.opponents.contains(&pa.id) {
            cost += w.rematch;
        }
        let (white, black) = self.colors(a, b);
        let broken = usize::from(self.breaks[white][0]) + usize::from(self.breaks[black][1]);
        cost += w.color_rule * broken as i128;
        let gap = i128::from(pa.halves.abs_diff(pb.halves));
        cost += w.score * gap * gap;
        let unmet = |i: usize, got: Color| match self.due[i] {
            (due, Some(wanted)) if wanted != got => due as i128,
            _ => 0,
        };
        cost += w.color_preference * (unmet(white, Color::White) + unmet(black, Color::Black));
        if pa.halves == pb.halves {
            // The Dutch seeding: the k-th of a group's upper half meets the k-th of its lower.
            let ((ka, size), (kb, _)) = (self.in_group[a], self.in_group[b]);
            cost += (ka.abs_diff(kb) as i128 - (size / 2) as i128).abs();
        }
        cost
    }

    fn bye_cost(&self, i: usize) -> i128 {
        let n = self.players.len();
        let again = i128::from(self.players[i].byes.min(1)) * self.weight.rematch;
        again + self.weight.bye_rank * (n - 1 - self.order[i]) as i128
    }

    /// Who of the two plays White: both get their due colour when they can; otherwise the
    /// stronger claim wins, then the higher ranked. Nobody due anything: the higher ranked
    /// gets White on an even seed (round 1 alternates down the board).
    fn colors(&self, a: usize, b: usize) -> (usize, usize) {
        let (high, low) = if self.order[a] < self.order[b] {
            (a, b)
        } else {
            (b, a)
        };
        let high_white = match (self.due[high], self.due[low]) {
            ((_, Some(h)), (_, Some(l))) if h != l => h == Color::White,
            ((dh, Some(h)), (dl, _)) if dh >= dl => h == Color::White,
            (_, (_, Some(l))) => l == Color::Black,
            _ => self.players[high].seed.is_multiple_of(2),
        };
        if high_white { (high, low) } else { (low, high) }
    }
}
