//! Arena: the points (streaks, berserk, early draws) and the re-pairing of whoever waits.
use dama_model::UserId;
use dama_play::tournament::{ArenaGame, Waiting, arena_sheet, pair_arena};
use proptest::prelude::*;
use std::collections::HashSet;

fn game(halves: u8, berserk: bool, moves: u32) -> ArenaGame {
    ArenaGame {
        halves,
        berserk,
        moves,
    }
}

#[test]
fn two_wins_in_a_row_double_every_game_until_one_is_not_won() {
    let sheet = arena_sheet(&[
        game(2, false, 30),
        game(2, false, 30),
        game(2, false, 30),
        game(1, false, 30),
        game(2, false, 30),
    ]);
    assert_eq!(sheet.games, vec![2, 2, 4, 2, 2]);
    assert_eq!(sheet.doubled, vec![false, false, true, true, false]);
    assert_eq!(sheet.points, 12);
    assert!(!sheet.on_fire);
    assert!(arena_sheet(&[game(2, false, 30), game(2, false, 30)]).on_fire);
    assert!(!arena_sheet(&[game(2, false, 30), game(0, false, 30)]).on_fire);
}

#[test]
fn a_berserk_win_of_seven_moves_earns_one_more_point_a_shorter_one_does_not() {
    assert_eq!(arena_sheet(&[game(2, true, 7)]).points, 3);
    assert_eq!(arena_sheet(&[game(2, true, 6)]).points, 2);
    assert_eq!(arena_sheet(&[game(0, true, 40)]).points, 0);
    // On a streak the win doubles, the berserk point does not.
    let sheet = arena_sheet(&[game(2, false, 20), game(2, false, 20), game(2, true, 20)]);
    assert_eq!(sheet.games, vec![2, 2, 5]);
}

#[test]
fn a_draw_within_the_first_ten_moves_scores_nothing_and_ends_the_streak() {
    assert_eq!(arena_sheet(&[game(1, false, 9)]).points, 0);
    assert_eq!(arena_sheet(&[game(1, false, 10)]).points, 1);
    let sheet = arena_sheet(&[
        game(2, false, 20),
        game(2, false, 20),
        game(1, false, 3),
        game(2, false, 20),
    ]);
    assert_eq!(sheet.games, vec![2, 2, 0, 2]);
}

fn waiting(id: u64, rank: usize, last: Option<u64>) -> Waiting {
    Waiting {
        id: UserId(id),
        rank,
        last_opponent: last.map(UserId),
        whites: 0,
    }
}

#[test]
fn waiting_players_meet_their_neighbours_in_the_standings_but_not_whom_they_just_played() {
    let pairs = pair_arena(&[
        waiting(1, 0, None),
        waiting(2, 1, None),
        waiting(3, 2, None),
        waiting(4, 3, None),
    ]);
    let sets: HashSet<(u64, u64)> = pairs
        .iter()
        .map(|&(a, b)| (a.0.min(b.0), a.0.max(b.0)))
        .collect();
    assert_eq!(sets, HashSet::from([(1, 2), (3, 4)]));
    // 1 and 2 just played each other: 1 meets 3 and 2 meets 4 instead.
    let pairs = pair_arena(&[
        waiting(1, 0, Some(2)),
        waiting(2, 1, Some(1)),
        waiting(3, 2, None),
        waiting(4, 3, None),
    ]);
    let sets: HashSet<(u64, u64)> = pairs
        .iter()
        .map(|&(a, b)| (a.0.min(b.0), a.0.max(b.0)))
        .collect();
    assert_eq!(sets, HashSet::from([(1, 3), (2, 4)]));
    // Only the two who just played are waiting: they wait for someone else.
    assert!(pair_arena(&[waiting(1, 0, Some(2)), waiting(2, 1, Some(1))]).is_empty());
}

#[test]
fn whoever_had_fewer_whites_gets_white() {
    let mut a = waiting(1, 0, None);
    let mut b = waiting(2, 1, None);
    a.whites = 2;
    b.whites = 0;
    assert_eq!(pair_arena(&[a, b]), vec![(UserId(2), UserId(1))]);
    a.whites = -1;
    assert_eq!(pair_arena(&[a, b]), vec![(UserId(1), UserId(2))]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn nobody_waits_while_someone_they_may_play_waits_too(
        field in proptest::collection::vec((0usize..2000, proptest::option::of(0u64..300), -3i32..4), 0..300),
    ) {
        let mut seen = HashSet::new();
        let pool: Vec<Waiting> = field
            .iter()
            .enumerate()
            .filter(|(_, (rank, _, _))| seen.insert(*rank))
            .map(|(i, &(rank, last, whites))| Waiting { id: UserId(i as u64), rank, last_opponent: last.map(UserId), whites })
            .collect();
        let pairs = pair_arena(&pool);
        let mut busy = HashSet::new();
        let of = |id: UserId| pool.iter().find(|w| w.id == id).unwrap();
        for &(a, b) in &pairs {
            prop_assert!(busy.insert(a) && busy.insert(b), "paired twice");
            prop_assert!(of(a).last_opponent != Some(b) && of(b).last_opponent != Some(a));
        }
        let left: Vec<&Waiting> = pool.iter().filter(|w| !busy.contains(&w.id)).collect();
        for (i, x) in left.iter().enumerate() {
            for y in &left[i + 1..] {
                let again = x.last_opponent == Some(y.id) || y.last_opponent == Some(x.id);
                prop_assert!(again, "{} and {} both wait", x.id.0, y.id.0);
            }
        }
    }
}
