//! FIDE's Tournament Report File: read as written, written back the same, and a wrong file
//! refused in one line that names where.
use dama_play::tournament::{RoundEntry, RoundResult, RulesBroken, Trf, TrfPlayer, pair_dutch};
use dama_rules::Color;
use proptest::prelude::*;
use std::path::PathBuf;

const TWO_PLAYERS: &str = "\
012 Two of us
001    1      One, Player                       1800                             1.0    1     2 w 1
001    2      Two, Player                       1700                             0.0    2     1 b 0
XXR 3
";

fn line_with(field: &str) -> String {
    TWO_PLAYERS.replacen("    2 w 1", field, 1)
}

#[test]
fn a_file_is_read_as_written() {
    let trf = Trf::parse(TWO_PLAYERS).unwrap();
    assert_eq!(trf.name.as_deref(), Some("Two of us"));
    assert_eq!(trf.rounds, Some(3));
    assert_eq!(trf.players.len(), 2);
    let one = &trf.players[0];
    assert_eq!(
        (one.number, one.name.as_str(), one.rating, one.halves),
        (1, "One, Player", 1800, 2)
    );
    assert_eq!(
        one.rounds,
        vec![Some(RoundEntry {
            opponent: Some(2),
            color: Some(Color::White),
            result: RoundResult::Won
        })]
    );
}

#[test]
fn every_golden_file_written_back_reads_the_same_and_pairs_the_same() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss/golden");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "trf") {
            continue;
        }
        let mut trf = Trf::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // Before its last round: the rounds so far, and the number of rounds.
        let rounds = trf.players.iter().map(|p| p.rounds.len()).max().unwrap();
        for p in &mut trf.players {
            p.rounds.truncate(rounds - 1);
            p.halves = p.rounds.iter().flatten().map(|e| e.result.halves()).sum();
        }
        trf.rounds = Some(rounds as u32);
        let again = Trf::parse(&trf.to_string()).unwrap();
        assert_eq!(again, trf, "{}", path.display());
        assert_eq!(pair_dutch(&again), pair_dutch(&trf), "{}", path.display());
    }
}

/// 32 full-width letters once pushed a written file's byte columns 64 along: a program that
/// counts bytes (as bbpPairings does) read the rating from inside the name. Names are written
/// in ASCII, so bytes and characters agree.
#[test]
fn names_are_written_in_their_columns_whatever_their_letters() {
    let mut trf = Trf::parse(TWO_PLAYERS).unwrap();
    trf.players[0].name = "Ａ".repeat(32);
    trf.players[1].name = "Gülşen Çağlar\u{202e} Öztürk, Işıl".into();
    trf.name = Some("Bahar\u{2028}Kupası".into());
    let text = trf.to_string();
    assert!(text.lines().skip(1).all(str::is_ascii), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "012 Bahar Kupası", "one line");
    for (line, name, rating) in [
        (lines[1], "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "1800"),
        (lines[2], "Gulsen Caglar Ozturk, Isil", "1700"),
    ] {
        assert_eq!(
            line.as_bytes()[14..47].trim_ascii(),
            name.as_bytes(),
            "{line}"
        );
        assert_eq!(&line[48..52], rating, "{line}");
        assert_eq!(
            &line[80..84],
            if rating == "1800" { " 1.0" } else { " 0.0" }
        );
    }
    // Read back, the file is the same tournament with those names.
    let again = Trf::parse(&text).unwrap();
    assert_eq!(again.players[1].name, "Gulsen Caglar Ozturk, Isil");
    assert_eq!(again.players[0].rounds, trf.players[0].rounds);
}

/// Four players before round 1, as an arbiter writes them.
/// A round that broke C1 (a rematch) and C2 (a second bye) is found, and its comment is kept
/// through a file written and read back; a round that kept them is not named.
#[test]
fn rounds_outside_the_absolute_rules_are_named_and_commented() {
    let game = |opponent, color, result| {
        Some(RoundEntry {
            opponent: Some(opponent),
            color: Some(color),
            result,
        })
    };
    let bye = Some(RoundEntry {
        opponent: None,
        color: None,
        result: RoundResult::PairingBye,
    });
    use Color::{Black, White};
    use RoundResult::{Drew, Lost, Won};
    let rounds = [
        // Round 1: 1-2, 3 the bye. Round 2: 1-3, 2 the bye. Round 3: 1-2 again, 3 a second bye.
        vec![
            game(2, White, Won),
            game(3, Black, Drew),
            game(2, Black, Won),
        ],
        vec![game(1, Black, Lost), bye, game(1, White, Lost)],
        vec![bye, game(1, White, Drew), bye],
    ];
    let mut trf = Trf {
        name: Some("Kupa".into()),
        rounds: Some(3),
        first_color: Some(White),
        forbidden: Vec::new(),
        comments: Vec::new(),
        players: rounds
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| TrfPlayer {
                number: i as u32 + 1,
                name: format!("Player {}", i + 1),
                rating: 1500,
                halves: rounds.iter().flatten().map(|r| r.result.halves()).sum(),
                rounds,
            })
            .collect(),
    };
    let broken = trf.rules_broken();
    assert_eq!(
        broken,
        [RulesBroken {
            round: 3,
            rematches: vec![(1, 2)],
            second_byes: vec![3],
        }]
    );
    trf.comments = broken.iter().map(ToString::to_string).collect();
    let text = trf.to_string();
    assert!(
        text.contains(
            "### Round 3 paired outside C.04.3: 1-2 met before (C1); 3 had a bye before (C2)\n"
        ),
        "{text}"
    );
    assert_eq!(Trf::parse(&text).unwrap().comments, trf.comments);
}

fn four_before_round_one(extra: &str) -> String {
    let line = |n: u32| {
        format!(
            "001 {n:>4}      {:<33} {:>4}                             0.0 {n:>4}",
            format!("Player {n}"),
            2000 - n
        )
    };
    format!(
        "{extra}012 Kupa\n{}\n{}\n{}\n{}\nXXR 3\nXXC white1\n",
        line(1),
        line(2),
        line(3),
        line(4)
    )
}

/// Lines an arbiter's file may carry that were ignored without a word: a forbidden pair
/// (`XXP`) is honoured; acceleration (`XXA`) and byes asked ahead (`240`) are refused by name;
/// a file scoring 3-1-0 is refused with a sentence about its points; the old half-point bye
/// `0000 - =` is read (bbpPairings reads it); a byte-order mark no longer drops the first
/// player.
#[test]
fn an_arbiters_lines_are_honoured_or_refused_by_name() {
    let plain = Trf::parse(&four_before_round_one("")).unwrap();
    let boards = pair_dutch(&plain).unwrap();
    let pairs = |boards: &[dama_play::tournament::Board]| -> Vec<(u32, u32)> {
        boards
            .iter()
            .filter_map(|b| match *b {
                dama_play::tournament::Board::Game { white, black } => {
                    Some((white.min(black), white.max(black)))
                }
                dama_play::tournament::Board::Bye(_) => None,
            })
            .collect()
    };
    assert!(pairs(&boards).contains(&(1, 3)), "{boards:?}");
    let forbidden =
        Trf::parse(&four_before_round_one("").replace("XXR 3", "XXR 3\nXXP 1 3")).unwrap();
    assert_eq!(forbidden.forbidden, vec![(1, 3)]);
    let apart = pairs(&pair_dutch(&forbidden).unwrap());
    assert!(!apart.contains(&(1, 3)) && apart.len() == 2, "{apart:?}");
    assert_eq!(
        Trf::parse(&forbidden.to_string()).unwrap(),
        forbidden,
        "written back"
    );

    for (extra, said) in [
        ("XXA    1    5\n", "XXA asks for accelerated pairings"),
        ("240 H    2 0003\n", "240 line asks for byes ahead"),
        ("BBW  3.0\nBBD  1.0\n", "scores a win 3.0 points"),
    ] {
        let e = Trf::parse(&four_before_round_one(extra)).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.to_string().contains(said), "{e}");
    }
    assert!(Trf::parse(&four_before_round_one("BBW  1.0\nBBD  0.5\n")).is_ok());

    let old_bye = TWO_PLAYERS
        .replacen("    2 w 1", " 0000 - =", 1)
        .replacen(" 1.0 ", " 0.5 ", 1)
        .replacen("    1 b 0", " 0000 - 0", 1);
    let trf = Trf::parse(&old_bye).unwrap();
    assert_eq!(
        trf.players[0].rounds[0].unwrap().result,
        RoundResult::HalfPointBye
    );
    assert_eq!(
        trf.players[1].rounds[0].unwrap().result,
        RoundResult::ZeroPointBye
    );

    let marked = Trf::parse(&format!("\u{feff}{}", four_before_round_one(""))).unwrap();
    assert_eq!(
        marked.players.len(),
        4,
        "the mark is not part of the first line"
    );
    let first = Trf::parse(&format!("\u{feff}{}", TWO_PLAYERS)).unwrap();
    assert_eq!(first.players.len(), 2);
}

/// The rank column (86–89) once ordered by points then pairing number: 21 of 52 players of one
/// file stood elsewhere than in the bot's own standings. It is the place by FIDE's tie-breaks.
#[test]
fn the_rank_column_is_the_place_by_the_tie_breaks() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss/golden");
    let mut differ = 0;
    for entry in std::fs::read_dir(dir).unwrap().take(60) {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "trf") {
            continue;
        }
        let trf = Trf::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let places: std::collections::HashMap<u32, usize> =
            dama_play::tournament::fide_standings(&trf)
                .into_iter()
                .map(|l| (l.number, l.place))
                .collect();
        for line in trf.to_string().lines().filter(|l| l.starts_with("001")) {
            let number: u32 = line[4..8].trim().parse().unwrap();
            let rank: usize = line[85..89].trim().parse().unwrap();
            assert_eq!(rank, places[&number], "{}: {line}", path.display());
            let halves = trf
                .players
                .iter()
                .find(|p| p.number == number)
                .unwrap()
                .halves;
            let by_points = 1 + trf
                .players
                .iter()
                .filter(|p| p.halves > halves || (p.halves == halves && p.number < number))
                .count();
            differ += usize::from(by_points != rank);
        }
    }
    assert!(
        differ > 0,
        "the files have players whose tie-breaks move them"
    );
}

fn refusal(text: &str) -> (usize, usize, String) {
    let e = Trf::parse(text).unwrap_err();
    (e.line, e.column, e.to_string())
}

#[test]
fn a_wrong_file_is_refused_naming_the_line_and_column() {
    let (line, column, text) = refusal(&line_with("    2 x 1"));
    assert_eq!((line, column), (2, 97), "{text}");
    assert!(
        text.starts_with("line 2, column 97: `x` is not a colour"),
        "{text}"
    );

    let (line, column, text) = refusal(&line_with("    2 w 7"));
    assert_eq!((line, column), (2, 99), "{text}");
    assert!(text.contains("`7` is not a result code"), "{text}");

    let (line, column, text) = refusal(&line_with("    3 w 1"));
    assert_eq!((line, column), (2, 92), "{text}");
    assert!(text.contains("there is no player 3"), "{text}");

    // Both won the same game.
    let (line, _, text) = refusal(
        &TWO_PLAYERS
            .replacen("    1 b 0", "    1 b 1", 1)
            .replacen(" 0.0 ", " 1.0 ", 1),
    );
    assert_eq!(line, 2, "{text}");
    assert!(text.contains("does not say the same of round 1"), "{text}");

    let (line, column, text) = refusal(&TWO_PLAYERS.replacen(" 1.0 ", " 2.5 ", 1));
    assert_eq!((line, column), (2, 81), "{text}");
    assert!(
        text.contains("the points say 2.5 where the rounds add up to 1.0"),
        "{text}"
    );

    let (line, column, text) = refusal("001    1      Short\n");
    assert_eq!((line, column), (1, 20), "{text}");
    assert!(text.contains("ends before its points"), "{text}");

    let (line, column, text) = refusal(&TWO_PLAYERS.replacen("001    2", "001    1", 1));
    assert_eq!((line, column), (3, 5), "{text}");
    assert!(text.contains("pairing number 1 is given twice"), "{text}");

    let (line, _, text) = refusal(&TWO_PLAYERS.replacen("XXR 3", "XXR three", 1));
    assert_eq!(line, 4, "{text}");
}

#[test]
fn a_bye_with_an_opponent_is_refused() {
    let (_, column, text) = refusal(&line_with("    2 - U"));
    assert_eq!(column, 92);
    assert!(text.contains("a bye (`U`) has no opponent"), "{text}");
}

fn results() -> impl Strategy<Value = RoundResult> {
    prop_oneof![
        Just(RoundResult::WonByForfeit),
        Just(RoundResult::LostByForfeit),
        Just(RoundResult::PairingBye),
        Just(RoundResult::HalfPointBye),
        Just(RoundResult::FullPointBye),
        Just(RoundResult::ZeroPointBye),
    ]
}

/// Tournaments whose rounds are byes and forfeits without opponents (games need both lines to
/// agree, which the golden files cover).
fn tournaments() -> impl Strategy<Value = Trf> {
    let player = (
        "[A-Za-z][A-Za-z ,.'-]{0,31}",
        0u32..3000,
        prop::collection::vec(prop::option::of(results()), 0..12),
    );
    (
        prop::collection::vec(player, 1..20),
        prop::option::of(1u32..20),
        any::<Option<bool>>(),
    )
        .prop_map(|(players, rounds, white)| Trf {
            name: Some("Random".into()),
            rounds,
            first_color: white.map(|w| if w { Color::White } else { Color::Black }),
            forbidden: Vec::new(),
            comments: Vec::new(),
            players: players
                .into_iter()
                .enumerate()
                .map(|(i, (name, rating, mut list))| {
                    while list.last() == Some(&None) {
                        list.pop();
                    }
                    let rounds: Vec<_> = list
                        .into_iter()
                        .map(|r| {
                            r.map(|result| RoundEntry {
                                opponent: None,
                                color: None,
                                result,
                            })
                        })
                        .collect();
                    TrfPlayer {
                        number: i as u32 + 1,
                        name: name.trim().to_owned(),
                        rating,
                        halves: rounds.iter().flatten().map(|e| e.result.halves()).sum(),
                        rounds,
                    }
                })
                .collect(),
        })
}

proptest! {
    #[test]
    fn a_tournament_written_reads_back_the_same(trf in tournaments()) {
        prop_assert_eq!(Trf::parse(&trf.to_string()).unwrap(), trf);
    }

    #[test]
    fn any_text_is_read_or_refused_never_a_panic(text in "(001|012|XXR|XXC|152)?[ -~\r\n]{0,200}") {
        let _ = Trf::parse(&text);
    }

    #[test]
    fn a_player_line_with_any_round_field_is_read_or_refused(field in "[ -~]{9}") {
        if let Err(e) = Trf::parse(&line_with(&field)) {
            prop_assert!(e.line == 2 || e.line == 3, "{e}");
        }
    }
}
