//! FIDE's tie-breaks (C.07, 2023) on tables worked by hand: a pairing bye, a half-point bye, a
//! withdrawal; the cut taking a voluntarily unplayed round first; the direct encounter only
//! where every tied player met every other.
use dama_play::tournament::{
    RoundEntry, RoundResult, TieBreakLine, Trf, TrfPlayer, fide_standings,
};
use dama_rules::Color::{self, Black, White};

fn game(opponent: u32, color: Color, result: RoundResult) -> Option<RoundEntry> {
    Some(RoundEntry {
        opponent: Some(opponent),
        color: Some(color),
        result,
    })
}

fn bye(result: RoundResult) -> Option<RoundEntry> {
    Some(RoundEntry {
        opponent: None,
        color: None,
        result,
    })
}

fn tournament(rounds: Vec<Vec<Option<RoundEntry>>>) -> Trf {
    Trf {
        name: None,
        rounds: Some(rounds[0].len() as u32),
        first_color: Some(White),
        forbidden: Vec::new(),
        comments: Vec::new(),
        players: rounds
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| TrfPlayer {
                number: i as u32 + 1,
                name: format!("Player {}", i + 1),
                rating: 0,
                halves: rounds.iter().flatten().map(|e| e.result.halves()).sum(),
                rounds,
            })
            .collect(),
    }
}

/// (number, place, points, Buchholz cut 1, Sonneborn–Berger) with points in halves and
/// Sonneborn–Berger in quarters.
fn table(lines: &[TieBreakLine]) -> Vec<(u32, usize, u32, u32, u32)> {
    lines
        .iter()
        .map(|l| {
            (
                l.number,
                l.place,
                l.halves,
                l.buchholz_cut1,
                l.sonneborn_berger,
            )
        })
        .collect()
}

/// Five players, three rounds. Round 1: 1–2 1-0, 3–4 ½-½, 5 the pairing bye. Round 2: 1–3
/// ½-½, 4–2 1-0, 5 a half-point bye. Round 3: 5–1 1-0, 3–2 1-0; 4 has withdrawn.
///
/// Scores: 5 has 2½, 3 has 2, 1 and 4 have 1½, 2 has 0. Player 4 brings 2 to their opponents
/// (1½, and the round after withdrawing as a draw).
///
/// Buchholz, each opponent's score brought, each own unplayed round the player's own score:
/// 1: 0 + 2 + 2½ = 4½, cut the weakest (0): 4½. 2: 1½ + 2 + 2 = 5½, cut 1½: 4.
/// 3: 2 + 1½ + 0 = 3½, cut 0: 3½. 4: 2 + 0 + 1½ (absent: own) = 3½, cut the voluntarily
/// unplayed round first (1½), not the weakest (0): 2. 5: 2½ (bye: own) + 2½ (half-point bye:
/// own) + 1½ = 6½, cut the half-point bye (2½), not the weakest (1½): 4.
///
/// Sonneborn–Berger: 1: ½·2 = 1. 2: 0. 3: ½·2 + ½·1½ = 1¾. 4: ½·2 = 1. 5: 1·2½ + ½·2½ +
/// 1·1½ = 5¼.
#[test]
fn byes_a_half_point_bye_and_a_withdrawal_count_as_the_regulations_say() {
    use RoundResult::*;
    let trf = tournament(vec![
        vec![
            game(2, White, Won),
            game(3, White, Drew),
            game(5, Black, Lost),
        ],
        vec![
            game(1, Black, Lost),
            game(4, Black, Lost),
            game(3, Black, Lost),
        ],
        vec![
            game(4, White, Drew),
            game(1, Black, Drew),
            game(2, White, Won),
        ],
        vec![game(3, Black, Drew), game(2, White, Won), bye(ZeroPointBye)],
        vec![bye(PairingBye), bye(HalfPointBye), game(1, White, Won)],
    ]);
    assert_eq!(
        table(&fide_standings(&trf)),
        [
            (5, 1, 5, 8, 21),
            (3, 2, 4, 7, 7),
            (1, 3, 3, 9, 4),
            (4, 4, 3, 4, 4),
            (2, 5, 0, 8, 0),
        ]
    );
}

/// C.07 (2023) 16.2.5 with 16.3.2, from a file as an arbiter writes it: player 4 lost in round 1,
/// was absent in round 2 and took a half-point bye in round 3. Everything after their last
/// round not voluntarily unplayed (round 1) is a draw for their opponents: 4 brings 0 + ½ + ½ =
/// 1 (the score they made, ½, was once brought instead: only a final run of absences counted).
///
/// Round 1: 1–2 1-0, 3–4 1-0. Round 2: 1–3 ½-½, 2 the pairing bye, 4 absent. Round 3: 2–3 0-1,
/// 1 and 4 half-point byes. Player 3 (2½): beat 4 (brings 1), drew 1 (2), beat 2 (1):
/// Sonneborn–Berger 1·1 + ½·2 + 1·1 = 3 (it was 2½).
#[test]
fn an_absence_followed_only_by_voluntarily_unplayed_rounds_counts_as_draws_for_the_opponents() {
    let line = |n: u32, points: &str, rounds: &str| {
        format!(
            "001 {n:>4}      {:<33} {:>4}                            {points:>4} {n:>4}{rounds}",
            format!("Player {n}"),
            1900 - n
        )
    };
    let text = [
        "012 Arbiter's file".to_string(),
        line(1, "2.0", "     2 w 1     3 w =  0000 - H"),
        line(2, "1.0", "     1 b 0  0000 - U     3 w 0"),
        line(3, "2.5", "     4 w 1     1 b =     2 b 1"),
        line(4, "0.5", "     3 b 0  0000 - Z  0000 - H"),
        "XXR 3".to_string(),
    ]
    .join("\n");
    let trf = Trf::parse(&text).unwrap();
    let lines = fide_standings(&trf);
    let three = lines.iter().find(|l| l.number == 3).unwrap();
    assert_eq!(three.halves, 5);
    assert_eq!(three.sonneborn_berger, 12, "{lines:?}");
    // Buchholz cut 1 of 3: opponents bring 1, 2 and 1; the weakest cut: 3.
    assert_eq!(three.buchholz_cut1, 6);
}

/// A withdrawal written as nothing at all (the line simply ends) counts as absence too.
#[test]
fn a_line_that_ends_early_is_a_withdrawal() {
    use RoundResult::*;
    let trf = tournament(vec![
        vec![game(2, White, Won), game(3, Black, Won)],
        vec![game(1, Black, Lost), game(4, White, Won)],
        vec![game(4, White, Won), game(1, White, Lost)],
        vec![game(3, Black, Lost), game(2, Black, Lost)],
    ]);
    let mut ended = trf.clone();
    ended.players[3].rounds.truncate(1);
    ended.players[1].rounds[1] = bye(FullPointBye);
    let lines = fide_standings(&ended);
    // Player 3 met player 4 only in round 1; 4 then left: 4 brings 0 + ½ (the round after
    // leaving as a draw) = ½ to player 3.
    let three = lines.iter().find(|l| l.number == 3).unwrap();
    assert_eq!(three.halves, 2);
    // Opponents 4 (½) and 1 (2): cut the weakest: 2 (in halves, 4).
    assert_eq!(three.buchholz_cut1, 4);
}

/// Three players who drew every game with each other share first place; one who lost to a
/// player they are tied with does not, where every tied player met every other.
#[test]
fn the_direct_encounter_decides_only_among_players_who_all_met() {
    use RoundResult::*;
    let all_drawn = tournament(vec![
        vec![game(2, White, Drew), game(3, Black, Drew)],
        vec![game(1, Black, Drew), game(3, White, Drew)],
        vec![game(2, Black, Drew), game(1, White, Drew)],
    ]);
    let places: Vec<usize> = fide_standings(&all_drawn).iter().map(|l| l.place).collect();
    assert_eq!(places, [1, 1, 1]);
    // Every result of a four-player round robin: wherever two players alone are level on
    // score, Buchholz cut 1 and Sonneborn–Berger, their game decides (a draw: a shared place).
    let boards = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]];
    let mut decided = 0;
    for code in 0..729u32 {
        let mut rounds = vec![Vec::new(); 4];
        let mut outcome = std::collections::HashMap::new();
        for (r, round) in boards.iter().enumerate() {
            for (b, &(w, bl)) in round.iter().enumerate() {
                let result = code / 3u32.pow((r * 2 + b) as u32) % 3;
                let (rw, rb) = [(Won, Lost), (Drew, Drew), (Lost, Won)][result as usize];
                rounds[w - 1].push(game(bl as u32, White, rw));
                rounds[bl - 1].push(game(w as u32, Black, rb));
                outcome.insert((w as u32, bl as u32), result);
            }
        }
        let lines = fide_standings(&tournament(rounds));
        let key = |l: &TieBreakLine| (l.halves, l.buchholz_cut1, l.sonneborn_berger);
        for a in &lines {
            for b in &lines {
                let level = lines.iter().filter(|l| key(l) == key(a)).count();
                if a.number >= b.number || key(a) != key(b) || level != 2 {
                    continue;
                }
                match outcome[&(a.number, b.number)] {
                    0 => assert!(a.place < b.place, "{lines:?}"),
                    2 => assert!(b.place < a.place, "{lines:?}"),
                    _ => assert_eq!(a.place, b.place, "{lines:?}"),
                }
                decided += 1;
            }
        }
    }
    assert!(decided > 0, "some round robin leaves two players level");
}

/// Four players, every game played: 1 beat 4 and 3 and drew with 2; 2 drew with 3 and beat 4;
/// 3 beat 4. Player 1: 2½ points; opponents 4 (0), 2 (2), 3 (1½): Buchholz cut 1 = 3½;
/// Sonneborn–Berger = a draw with 2 (½·2) and a win over 3 (1½) = 2½.
#[test]
fn a_round_robin_worked_by_hand() {
    use RoundResult::*;
    let trf = tournament(vec![
        vec![
            game(4, White, Won),
            game(2, White, Drew),
            game(3, White, Won),
        ],
        vec![
            game(3, White, Drew),
            game(1, Black, Drew),
            game(4, White, Won),
        ],
        vec![
            game(2, Black, Drew),
            game(4, White, Won),
            game(1, Black, Lost),
        ],
        vec![
            game(1, Black, Lost),
            game(3, Black, Lost),
            game(2, Black, Lost),
        ],
    ]);
    assert_eq!(
        table(&fide_standings(&trf)),
        [
            (1, 1, 5, 7, 10),
            (2, 2, 4, 8, 8),
            (3, 3, 3, 9, 4),
            (4, 4, 0, 9, 0)
        ]
    );
}
