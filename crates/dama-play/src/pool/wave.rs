//! One wave over one pool: who plays whom, and with which colours.

use std::time::Duration;

use dama_model::{Millis, SeekId, UserId};
use integer_blossom::max_weight_matching;

use super::accepted_gap;

/// A player waiting in a pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeker {
    /// Their seek.
    pub seek: SeekId,
    /// The player.
    pub player: UserId,
    /// Their rating in the pool's speed class (the starting rating if they have none).
    pub rating: i32,
    /// That rating's deviation (Glicko-2): a rating still settling accepts a wider gap.
    pub deviation: u32,
    /// How long they have waited.
    pub waited: Millis,
    /// Whites minus Blacks in their recent games: whoever had fewer Whites gets White.
    pub whites: i32,
    /// Whom they played in the last ten minutes: not again while anyone else suits.
    pub met: Vec<UserId>,
    /// Whom they blocked or were blocked by: never.
    pub blocked: Vec<UserId>,
}

/// Two seeks paired, White first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The seek of the player with White.
    pub white: SeekId,
    /// The seek of the player with Black.
    pub black: SeekId,
    /// The rating gap between them.
    pub gap: u32,
}

/// How many waiting players are matched at once: a pool is sorted by rating and paired in
/// slices, whoever is left carried to the next, so a wave's cost grows with the pool, not
/// with its cube. A player's best opponents are beside them in rating, in the same slice: on
/// the benchmark's 10,000 players, slices of 16, 32 and 64 made the same pairings (the same
/// sum of gaps), in 33, 61 and 158 ms (`cargo bench --bench seeking -- wave`).
const SLICE: usize = 16;

/// At most this many of a slice's unpaired players (the highest rated, nearest the next
/// slice) are carried to it; the others wait for the next wave.
const CARRIED: usize = SLICE / 2;

/// The gap's share of a pairing's quality: a gap this wide or wider adds nothing.
const WIDEST: u32 = 4_000;

/// A player who has waited the whole horizon adds this to each of their pairings' quality, as
/// much as this many rating points of gap: of two who suit, the one waiting longer is paired.
const WAIT_BONUS: i64 = 400;

/// Pairs the waiting players of one pool: as many pairings as the gaps they accept allow,
/// then the smallest gaps, then the longest waits; never a player with someone they blocked or
/// were blocked by, and with someone they played in the last ten minutes only when no other
/// pairing would seat either of them. `horizon`: after this wait, anyone will do
/// ([`super::anyone_after`]).
pub fn pair_wave(pool: &[Seeker], horizon: Duration) -> Vec<Pairing> {
    let mut sorted: Vec<&Seeker> = pool.iter().collect();
    sorted.sort_by_key(|s| (s.rating, s.seek));
    let mut pairings = Vec::new();
    let mut carried: Vec<&Seeker> = Vec::new();
    let mut rest = sorted.as_slice();
    while !rest.is_empty() {
        let take = SLICE.saturating_sub(carried.len()).min(rest.len());
        let mut slice = std::mem::take(&mut carried);
        slice.extend_from_slice(&rest[..take]);
        rest = &rest[take..];
        let left = pair_slice(&slice, horizon, &mut pairings);
        carried = left[left.len().saturating_sub(CARRIED)..].to_vec();
    }
    pairings
}

/// Pairs one slice into `pairings`; the players left, in the slice's order.
fn pair_slice<'a>(
    slice: &[&'a Seeker],
    horizon: Duration,
    pairings: &mut Vec<Pairing>,
) -> Vec<&'a Seeker> {
    let n = slice.len();
    if n < 2 {
        return slice.to_vec();
    }
    let accepts: Vec<Option<u32>> = slice
        .iter()
        .map(|s| accepted_gap(s.deviation, s.waited, horizon))
        .collect();
    let horizon_ms = Millis::from_std(horizon).0.max(1);
    let bonus = |s: &Seeker| WAIT_BONUS * s.waited.0.clamp(0, horizon_ms) / horizon_ms;
    let best = i64::from(WIDEST) + 2 * WAIT_BONUS;
    // Every pairing more outweighs every quality together: as many games as can be.
    let game = (n as i64 / 2 + 1) * (best + 1);
    let mut weight = vec![0i64; n * n];
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (slice[i], slice[j]);
            let gap = a.rating.abs_diff(b.rating);
            let accepted = |limit: Option<u32>| limit.is_none_or(|l| gap <= l);
            if a.player == b.player
                || a.blocked.contains(&b.player)
                || b.blocked.contains(&a.player)
                || !accepted(accepts[i])
                || !accepted(accepts[j])
            {
                continue;
            }
            let quality = i64::from(WIDEST - gap.min(WIDEST)) + bonus(a) + bonus(b);
            let again = a.met.contains(&b.player) || b.met.contains(&a.player);
            weight[i * n + j] = if again { 1 + quality } else { game + quality };
        }
    }
    let mate = max_weight_matching(&weight, n);
    let mut left = Vec::new();
    for (i, m) in mate.iter().enumerate() {
        match *m {
            None => left.push(slice[i]),
            Some(j) if i < j => pairings.push(colours(slice[i], slice[j])),
            Some(_) => {}
        }
    }
    left
}

/// White to whoever had fewer Whites lately; between equals, to whoever waited longer.
fn colours(a: &Seeker, b: &Seeker) -> Pairing {
    let a_white = (a.whites, -a.waited.0, a.seek) < (b.whites, -b.waited.0, b.seek);
    let (white, black) = if a_white { (a, b) } else { (b, a) };
    Pairing {
        white: white.seek,
        black: black.seek,
        gap: a.rating.abs_diff(b.rating),
    }
}

#[cfg(test)]
mod tests {
    use super::super::ANYONE_AFTER_LIVE;
    use super::*;

    fn seeker(n: i64, rating: i32, waited_s: i64) -> Seeker {
        Seeker {
            seek: SeekId(n),
            player: UserId(n as u64),
            rating,
            deviation: 60,
            waited: Millis(waited_s * 1_000),
            whites: 0,
            met: Vec::new(),
            blocked: Vec::new(),
        }
    }

    fn pairs(pool: &[Seeker]) -> Vec<(i64, i64)> {
        let mut p: Vec<(i64, i64)> = pair_wave(pool, ANYONE_AFTER_LIVE)
            .into_iter()
            .map(|p| (p.white.0.min(p.black.0), p.white.0.max(p.black.0)))
            .collect();
        p.sort_unstable();
        p
    }

    #[test]
    fn nearest_ratings_meet_and_a_wide_gap_waits() {
        let pool = [
            seeker(1, 1500, 0),
            seeker(2, 1900, 0),
            seeker(3, 1540, 0),
            seeker(4, 1960, 0),
        ];
        assert_eq!(pairs(&pool), [(1, 3), (2, 4)]);
        // 400 apart: nobody accepts that at once; after 30 s both do.
        let far = [seeker(1, 1500, 0), seeker(2, 1900, 0)];
        assert_eq!(pairs(&far), []);
        let later = [seeker(1, 1500, 30), seeker(2, 1900, 30)];
        assert_eq!(pairs(&later), [(1, 2)]);
        // Both must accept: one at the horizon, the other fresh.
        let one_sided = [seeker(1, 1500, 60), seeker(2, 1900, 0)];
        assert_eq!(pairs(&one_sided), []);
    }

    #[test]
    fn the_longer_wait_is_paired_first() {
        // Three who suit each other: one waits; the one who came last.
        let pool = [seeker(1, 1500, 2), seeker(2, 1510, 9), seeker(3, 1505, 20)];
        assert_eq!(pairs(&pool), [(2, 3)]);
    }

    #[test]
    fn blocked_never_and_the_last_opponent_only_as_a_last_resort() {
        let mut a = seeker(1, 1500, 0);
        let b = seeker(2, 1500, 0);
        a.blocked.push(b.player);
        assert_eq!(pairs(&[a.clone(), b.clone()]), []);
        let mut a = seeker(1, 1500, 0);
        a.met.push(b.player);
        // Alone together: they play again.
        assert_eq!(pairs(&[a.clone(), b.clone()]), [(1, 2)]);
        // Someone else suits: not again.
        let c = seeker(3, 1520, 0);
        let paired = pairs(&[a, b, c]);
        assert_eq!(paired.len(), 1);
        assert_ne!(paired, [(1, 2)]);
    }

    #[test]
    fn white_goes_to_fewer_whites_then_the_longer_wait() {
        let mut a = seeker(1, 1500, 0);
        let b = seeker(2, 1500, 5);
        a.whites = -2;
        assert_eq!(
            pair_wave(&[a, b.clone()], ANYONE_AFTER_LIVE)[0].white,
            SeekId(1)
        );
        let a = seeker(1, 1500, 0);
        assert_eq!(pair_wave(&[a, b], ANYONE_AFTER_LIVE)[0].white, SeekId(2));
    }

    #[test]
    fn a_large_pool_pairs_everyone_who_has_a_neighbour() {
        // 1,000 players 10 points apart: all of them paired, each within 100 points.
        let pool: Vec<Seeker> = (0..1_000)
            .map(|n| seeker(n, 1000 + n as i32 * 10, 0))
            .collect();
        let paired = pair_wave(&pool, ANYONE_AFTER_LIVE);
        assert_eq!(paired.len(), 500);
        assert!(paired.iter().all(|p| p.gap <= 100));
        let mut seen: Vec<i64> = paired.iter().flat_map(|p| [p.white.0, p.black.0]).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 1_000, "a seek in two pairings");
    }
}
