//! A Swiss tournament's standings: score, Buchholz cut 1, Sonneborn–Berger, the results
//! between the tied, rating.
use dama::model::UserId;
use dama::tournament::{Bye, Entrant, Played, standings};
use proptest::prelude::*;

fn entrants(ratings: &[(u64, f64)]) -> Vec<Entrant> {
    ratings
        .iter()
        .map(|&(id, rating)| Entrant {
            id: UserId(id),
            rating,
        })
        .collect()
}

fn game(white: u64, black: u64, white_halves: u8) -> Played {
    Played {
        white: UserId(white),
        black: UserId(black),
        white_halves,
    }
}

#[test]
fn a_three_round_tournament_is_ranked_by_score_with_its_tie_breaks_worked_by_hand() {
    let (a, b, c, d) = (1, 2, 3, 4);
    let players = entrants(&[(a, 1600.0), (b, 1500.0), (c, 1400.0), (d, 1300.0)]);
    let games = [
        game(a, d, 2),
        game(b, c, 1),
        game(a, b, 1),
        game(c, d, 2),
        game(a, c, 2),
        game(b, d, 2),
    ];
    let table = standings(&players, &games, &[]);
    let line = |s: &dama::tournament::Standing| {
        (
            s.id.0,
            s.rank,
            s.halves,
            s.buchholz_cut1,
            s.sonneborn_berger,
        )
    };
    assert_eq!(
        table.iter().map(line).collect::<Vec<_>>(),
        // A: 2.5 points; opponents D 0, C 1.5, B 2 → Buchholz cut 1 = 3.5 (7 halves);
        // SB = B's 4 halves × a draw + C's 3 × a win = 4 + 6 = 10 quarters.
        vec![
            (a, 1, 5, 7, 10),
            (b, 2, 4, 8, 8),
            (c, 3, 3, 9, 4),
            (d, 4, 0, 9, 0)
        ]
    );
}

#[test]
fn equal_on_score_buchholz_and_berger_the_games_between_them_then_rating_decide() {
    // P and Q drew, and so did R and S: all equal on everything but rating.
    let players = entrants(&[(1, 1500.0), (2, 1700.0), (3, 1500.0), (4, 1500.0)]);
    let table = standings(&players, &[game(1, 2, 1), game(3, 4, 1)], &[]);
    let order: Vec<(u64, usize)> = table.iter().map(|s| (s.id.0, s.rank)).collect();
    // Q's rating first; 1, 3 and 4 equal on everything share the rank after it.
    assert_eq!(order, vec![(2, 1), (1, 2), (3, 2), (4, 2)]);
    // Three tied on score: each beat one of the others (a cycle) and lost to one; a fourth
    // player lost to all. The cycle's players are equal on points between them: rating.
    let players = entrants(&[(1, 1400.0), (2, 1600.0), (3, 1500.0), (4, 1000.0)]);
    let games = [
        game(1, 2, 2),
        game(2, 3, 2),
        game(3, 1, 2),
        game(1, 4, 2),
        game(2, 4, 2),
        game(3, 4, 2),
    ];
    let order: Vec<u64> = standings(&players, &games, &[])
        .iter()
        .map(|s| s.id.0)
        .collect();
    assert_eq!(order, vec![2, 3, 1, 4]);
}

#[test]
fn a_bye_counts_for_the_score_but_not_for_anyone_elses_buchholz() {
    let players = entrants(&[(1, 1500.0), (2, 1500.0), (3, 1500.0)]);
    let table = standings(
        &players,
        &[game(1, 2, 2)],
        &[Bye {
            player: UserId(3),
            halves: 2,
        }],
    );
    let of = |id: u64| table.iter().find(|s| s.id.0 == id).unwrap().clone();
    assert_eq!((of(3).halves, of(3).buchholz_cut1), (2, 0));
    assert_eq!(of(1).halves, 2);
    assert_eq!(of(2).halves, 0);
}

proptest! {
    #[test]
    fn standings_depend_on_the_results_only_and_count_every_point(
        results in proptest::collection::vec((0u64..8, 0u64..8, 0u8..3), 0..30),
        seed in any::<u64>(),
    ) {
        let players = entrants(&(0..8).map(|i| (i, 1400.0 + (i % 3) as f64 * 100.0)).collect::<Vec<_>>());
        let games: Vec<Played> = results
            .iter()
            .filter(|(w, b, _)| w != b)
            .map(|&(w, b, h)| game(w, b, h))
            .collect();
        let table = standings(&players, &games, &[]);
        prop_assert_eq!(table.iter().map(|s| s.halves).sum::<u32>(), 2 * games.len() as u32);
        prop_assert_eq!(table[0].rank, 1);
        prop_assert!(table.windows(2).all(|w| w[0].rank <= w[1].rank && w[0].halves >= w[1].halves));
        // The same games in another order give the same standings.
        let mut shuffled = games.clone();
        let mut x = seed | 1;
        for i in (1..shuffled.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            shuffled.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let mut reversed_players = players.clone();
        reversed_players.reverse();
        prop_assert_eq!(standings(&reversed_players, &shuffled, &[]), table);
    }
}
