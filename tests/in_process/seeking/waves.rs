//! A wave's pairings, whatever the pool: each seek at most once, never a blocked pair, never
//! a gap either player does not accept, and nobody left who could have played someone left.
use dama_model::{Millis, SeekId, UserId};
use dama_play::pool::{ANYONE_AFTER_LIVE, Seeker, accepted_gap, pair_wave};
use proptest::prelude::*;
use std::collections::HashSet;

fn pool() -> impl Strategy<Value = Vec<Seeker>> {
    prop::collection::vec(
        (
            800i32..2400,
            40u32..400,
            0i64..70_000,
            -3i32..4,
            prop::collection::vec(0u64..40, 0..3),
            prop::collection::vec(0u64..40, 0..3),
        ),
        0..40,
    )
    .prop_map(|raw| {
        raw.into_iter()
            .enumerate()
            .map(
                |(i, (rating, deviation, waited, whites, met, blocked))| Seeker {
                    seek: SeekId(i as i64 + 100),
                    player: UserId(i as u64),
                    rating,
                    deviation,
                    waited: Millis(waited),
                    whites,
                    met: met.into_iter().map(UserId).collect(),
                    blocked: blocked.into_iter().map(UserId).collect(),
                },
            )
            .collect()
    })
}

fn suits(a: &Seeker, b: &Seeker) -> bool {
    let gap = a.rating.abs_diff(b.rating);
    let ok = |s: &Seeker| {
        accepted_gap(s.deviation, s.waited, ANYONE_AFTER_LIVE).is_none_or(|g| gap <= g)
    };
    a.player != b.player
        && !a.blocked.contains(&b.player)
        && !b.blocked.contains(&a.player)
        && ok(a)
        && ok(b)
}

proptest! {
    #[test]
    fn a_wave_pairs_each_seek_once_and_only_players_who_suit(pool in pool()) {
        let paired = pair_wave(&pool, ANYONE_AFTER_LIVE);
        let by_seek = |id: SeekId| pool.iter().find(|s| s.seek == id).expect("a seek of the pool");
        let mut used = HashSet::new();
        for p in &paired {
            prop_assert!(used.insert(p.white) && used.insert(p.black), "a seek paired twice");
            let (w, b) = (by_seek(p.white), by_seek(p.black));
            prop_assert!(suits(w, b), "{w:?} and {b:?} paired though one does not accept the other");
            prop_assert_eq!(p.gap, w.rating.abs_diff(b.rating));
            prop_assert!(w.whites <= b.whites, "White to the player with more Whites");
        }
        // A pool this small is one slice: nobody left who suits someone else left.
        let left: Vec<&Seeker> = pool.iter().filter(|s| !used.contains(&s.seek)).collect();
        for (i, a) in left.iter().enumerate() {
            for b in &left[i + 1..] {
                prop_assert!(!suits(a, b), "{a:?} and {b:?} both left waiting");
            }
        }
    }
}
