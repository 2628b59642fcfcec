//! Swiss pairing: a matching of the present players, no rematch or second bye when avoidable,
//! the colour rule, the bye to the lowest ranked, and on small fields the cheapest pairing
//! there is (compared with every other).
use dama_model::UserId;
use dama_play::tournament::{SwissPlayer, SwissRound, breaks_color_rule, pair_swiss, round_cost};
use dama_rules::Color::{Black, White};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

fn fresh(n: u64) -> Vec<SwissPlayer> {
    (0..n)
        .map(|i| SwissPlayer {
            id: UserId(100 + i),
            seed: i as usize,
            halves: 0,
            opponents: Vec::new(),
            colors: Vec::new(),
            byes: 0,
        })
        .collect()
}

/// Plays a round into the players: White's result in halves per board.
fn play(players: &mut [SwissPlayer], round: &SwissRound, white_halves: &[u32]) {
    let mut at: HashMap<UserId, usize> = HashMap::new();
    for (i, p) in players.iter().enumerate() {
        at.insert(p.id, i);
    }
    for (k, &(w, b)) in round.games.iter().enumerate() {
        let result = white_halves[k % white_halves.len()];
        let (wi, bi) = (at[&w], at[&b]);
        players[wi].halves += result;
        players[bi].halves += 2 - result;
        players[wi].opponents.push(b);
        players[bi].opponents.push(w);
        players[wi].colors.push(White);
        players[bi].colors.push(Black);
    }
    if let Some(bye) = round.bye {
        players[at[&bye]].halves += 2;
        players[at[&bye]].byes += 1;
    }
}

/// Every perfect matching of the field (with the bye when odd), for the cheapest one.
fn cheapest(players: &[SwissPlayer]) -> i128 {
    fn go(
        players: &[SwissPlayer],
        left: &mut Vec<UserId>,
        round: &mut SwissRound,
        best: &mut i128,
    ) {
        let Some(first) = left.pop() else {
            *best = (*best).min(round_cost(players, round));
            return;
        };
        if left.len().is_multiple_of(2) && round.bye.is_none() {
            round.bye = Some(first);
            go(players, left, round, best);
            round.bye = None;
        }
        for k in 0..left.len() {
            let other = left.remove(k);
            round.games.push((first, other));
            go(players, left, round, best);
            round.games.pop();
            left.insert(k, other);
        }
        left.push(first);
    }
    let mut left: Vec<UserId> = players.iter().map(|p| p.id).collect();
    let mut best = i128::MAX;
    go(players, &mut left, &mut SwissRound::default(), &mut best);
    best
}

fn check_matching(present: &[SwissPlayer], round: &SwissRound) {
    let mut seen = HashSet::new();
    for &(w, b) in &round.games {
        assert!(w != b, "a player paired with themselves");
        assert!(seen.insert(w) && seen.insert(b), "a player paired twice");
    }
    assert_eq!(
        round.bye.is_some(),
        present.len() % 2 == 1,
        "a bye only when odd"
    );
    if let Some(bye) = round.bye {
        assert!(seen.insert(bye), "the bye player also paired");
    }
    let ids: HashSet<UserId> = present.iter().map(|p| p.id).collect();
    assert_eq!(seen, ids, "the round pairs exactly the present players");
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_colors() {
    let players = fresh(8);
    let round = pair_swiss(&players);
    assert_eq!(
        round.games,
        [(100, 104), (105, 101), (102, 106), (107, 103)].map(|(w, b)| (UserId(w), UserId(b))),
        "seed 1 v 5 (White), 2 v 6 (Black), 3 v 7, 4 v 8"
    );
    assert_eq!(round.bye, None);
}

#[test]
fn an_odd_field_gives_the_bye_to_the_lowest_ranked_who_has_not_had_one() {
    let mut players = fresh(7);
    let first = pair_swiss(&players);
    assert_eq!(first.bye, Some(UserId(106)), "round 1: the lowest seed");
    play(&mut players, &first, &[2]);
    let second = pair_swiss(&players);
    // 106 has had it, so it goes to the lowest ranked of the rest (a loser of round 1).
    let bye = second.bye.expect("a bye");
    assert_ne!(bye, UserId(106));
    let of = |id: UserId| players.iter().find(|p| p.id == id).unwrap().clone();
    let lowest = players
        .iter()
        .filter(|p| p.byes == 0)
        .max_by_key(|p| (std::cmp::Reverse(p.halves), p.seed))
        .unwrap();
    assert_eq!(bye, lowest.id, "the lowest ranked without a bye");
    assert_eq!(of(bye).halves, 0);
}

#[test]
fn winners_meet_winners_and_nobody_plays_the_same_opponent_twice() {
    let mut players = fresh(8);
    let first = pair_swiss(&players);
    play(&mut players, &first, &[2]);
    let second = pair_swiss(&players);
    let score = |id: UserId| players.iter().find(|p| p.id == id).unwrap().halves;
    for &(w, b) in &second.games {
        assert_eq!(score(w), score(b), "round 2 pairs within score groups");
        assert!(
            !players
                .iter()
                .find(|p| p.id == w)
                .unwrap()
                .opponents
                .contains(&b)
        );
    }
}

#[test]
fn a_third_white_in_a_row_is_never_given_when_the_field_allows_otherwise() {
    assert!(breaks_color_rule(&[White, White], White));
    assert!(!breaks_color_rule(&[White, White], Black));
    assert!(breaks_color_rule(
        &[White, Black, White, White, Black, White],
        White
    ));
    assert!(!breaks_color_rule(&[], White));
    // Two players who both had White twice cannot meet without breaking the rule: with two
    // others due White, they get Black against them instead.
    let mut players = fresh(4);
    players[0].colors = vec![White, White];
    players[1].colors = vec![White, White];
    players[2].colors = vec![Black, Black];
    players[3].colors = vec![Black, Black];
    let round = pair_swiss(&players);
    for &(w, b) in &round.games {
        let colors = |id: UserId| players.iter().find(|p| p.id == id).unwrap().colors.clone();
        assert!(!breaks_color_rule(&colors(w), White), "{round:?}");
        assert!(!breaks_color_rule(&colors(b), Black), "{round:?}");
    }
}

#[test]
fn a_field_too_big_for_one_matching_is_paired_in_slices_that_keep_every_rule() {
    // 700 players: beyond one matching, so the slices and their floaters are exercised.
    let mut players = fresh(700);
    players.pop();
    for r in 0..7 {
        let round = pair_swiss(&players);
        check_matching(&players, &round);
        for &(w, b) in &round.games {
            let of = |id: UserId| players.iter().find(|p| p.id == id).unwrap();
            assert!(!of(w).opponents.contains(&b), "rematch in round {}", r + 1);
            assert!(!breaks_color_rule(&of(w).colors, White));
            assert!(!breaks_color_rule(&of(b).colors, Black));
            assert!(
                of(w).halves.abs_diff(of(b).halves) <= 2,
                "a pair two points apart"
            );
        }
        let bye = round.bye.expect("699 players: a bye");
        assert_eq!(players.iter().find(|p| p.id == bye).unwrap().byes, 0);
        play(&mut players, &round, &[2, 0, 1, 2, 0]);
    }
}

/// A random tournament: who is present each round (late joins, withdrawals) and the results.
fn tournament() -> impl Strategy<Value = (u64, usize, Vec<u32>, u64)> {
    (
        2u64..200,
        1usize..10,
        proptest::collection::vec(0u32..3, 1..40),
        any::<u64>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn every_round_is_a_fair_matching_of_the_present_players(
        (n, rounds, results, churn) in tournament()
    ) {
        let mut everyone = fresh(n);
        let mut seed = churn | 1;
        let mut coin = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // A few join late (they score ½ for each missed round) and some withdraw a while.
        let late: HashMap<UserId, usize> = everyone
            .iter()
            .filter_map(|p| {
                let draw = coin();
                (draw % 8 == 0).then_some((p.id, (draw / 8 % 3) as usize))
            })
            .collect();
        for r in 0..rounds {
            let present: Vec<SwissPlayer> = everyone
                .iter()
                .filter(|p| late.get(&p.id).is_none_or(|&from| r >= from))
                .filter(|_| coin() % 16 != 0)
                .cloned()
                .collect();
            for p in everyone.iter_mut() {
                if late.get(&p.id).is_some_and(|&from| r < from) {
                    p.halves += 1;
                }
            }
            let round = pair_swiss(&present);
            check_matching(&present, &round);
            // Each has met at most r others: with at least 2r + 2 present, a pairing without
            // rematches exists (Dirac), and the pairing must find it.
            if present.len() >= 2 * r + 4 {
                for &(w, b) in &round.games {
                    let white = present.iter().find(|p| p.id == w).unwrap();
                    prop_assert!(!white.opponents.contains(&b), "rematch {}-{} in round {}", w.0, b.0, r + 1);
                    let black = present.iter().find(|p| p.id == b).unwrap();
                    prop_assert!(!breaks_color_rule(&white.colors, White), "{:?} White again", white.colors);
                    prop_assert!(!breaks_color_rule(&black.colors, Black), "{:?} Black again", black.colors);
                }
                if let Some(bye) = round.bye {
                    let second = present.iter().find(|p| p.id == bye).unwrap().byes > 0;
                    prop_assert!(!second || present.iter().all(|p| p.byes > 0), "a second bye");
                }
            }
            if present.len() <= 10 {
                prop_assert_eq!(round_cost(&present, &round), cheapest(&present));
            }
            let mut all = everyone.clone();
            play(&mut all, &round, &results[r % results.len()..]);
            everyone = all;
        }
    }

    #[test]
    fn small_fields_get_the_cheapest_pairing_there_is(
        n in 2u64..11,
        rounds in 0usize..6,
        results in proptest::collection::vec(0u32..3, 1..12),
    ) {
        let mut players = fresh(n);
        for r in 0..rounds {
            let round = pair_swiss(&players);
            play(&mut players, &round, &results[r % results.len()..]);
        }
        let round = pair_swiss(&players);
        check_matching(&players, &round);
        prop_assert_eq!(round_cost(&players, &round), cheapest(&players));
    }
}
