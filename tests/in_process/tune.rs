//! The evaluation's terms and weights, the weights file, and tuning them from games (issue 13,
//! part 4). That the tuned weights play better is shown by `dama arena` (README), not here:
//! tests do not depend on the machine's speed.

use crate::common::{Rng, pos, random_position};
use dama_play::ai::eval::{EVAL_BOUND, MAX_WEIGHT, TERM_NAMES, TERMS, term};
use dama_play::ai::tune::{self, FitOptions, Labelled, SelfPlay};
use dama_play::ai::{Features, Weights, WeightsError};
use dama_rules::{Color, Piece, Position, Setup, Square};
use proptest::prelude::*;

fn hand_weights() -> Weights {
    include_str!("../../assets/weights-hand.txt")
        .parse()
        .expect("the hand weights file reads")
}

/// The same position seen from the other side: ranks turned over, colours swapped.
fn mirrored(p: &Position) -> Position {
    let setup = p.to_setup();
    Setup {
        side: setup.side.opponent(),
        pieces: setup
            .pieces
            .iter()
            .map(|&(sq, piece)| {
                let sq = Square::from_coords(sq.file(), 7 - sq.rank()).expect("on the board");
                let color = piece.color.opponent();
                (sq, Piece { color, ..piece })
            })
            .collect(),
    }
    .validate()
    .expect("a mirrored position is valid")
}

#[test]
fn the_built_in_weights_are_the_shipped_file_and_write_back_to_the_same() {
    let shipped: Weights = include_str!("../../assets/weights.txt")
        .parse()
        .expect("assets/weights.txt reads");
    assert_eq!(Weights::default(), shipped);
    assert_eq!(shipped.to_string().parse::<Weights>(), Ok(shipped.clone()));
    // The hand weights had one value for the whole game; the tuned ones differ from them.
    let hand = hand_weights();
    assert_eq!(hand.opening, hand.ending);
    assert_ne!(shipped, hand, "assets/weights.txt holds the tuned weights");
}

#[test]
fn a_position_scores_the_same_for_either_color() {
    let mut rng = Rng(13);
    for weights in [Weights::default(), hand_weights()] {
        for _ in 0..2000 {
            let p = random_position(&mut rng, 12, 25);
            assert_eq!(
                weights.evaluate(&p),
                weights.evaluate(&mirrored(&p)),
                "{p:?}"
            );
        }
    }
}

#[test]
fn the_terms_count_what_a_player_sees() {
    // White: a man one step from crowning on a file Black no longer holds, and a man at home
    // on the edge; Black: a lone king in the corner, nothing near it.
    let p = pos("W:Wd7,a2:BKh8");
    let f = Features::of(&p);
    let mut expected = [0; TERMS];
    expected[term::MAN] = 2;
    expected[term::KING] = -1;
    expected[term::ADVANCE] = 1;
    expected[term::ADVANCE + 5] = 1;
    expected[term::OPEN_FILE] = 1;
    expected[term::OPEN_FILE + 5] = 1;
    expected[term::BACK_GUARD] = 1;
    expected[term::EDGE_MAN] = 1;
    // d7 can step to d8, c7 or e7; a2 to a3 or b2.
    expected[term::MAN_MOBILITY] = 5;
    // The king sees the whole h file and the whole eighth rank.
    expected[term::KING_MOBILITY] = -14;
    expected[term::SOLE_KING] = -1;
    expected[term::TEMPO] = 1;
    let named = |c: &[i32; TERMS]| -> Vec<(&str, i32)> {
        TERM_NAMES.iter().copied().zip(c.iter().copied()).collect()
    };
    assert_eq!(named(&f.counts), named(&expected));
    assert_eq!(f.men, 2);

    // The same board with Black to move: every term changes sign but the tempo.
    let black = Features::of(&pos("B:Wd7,a2:BKh8"));
    for i in 0..TERMS {
        let want = if i == term::TEMPO { 1 } else { -expected[i] };
        assert_eq!(black.counts[i], want, "{}", TERM_NAMES[i]);
    }
}

#[test]
fn men_side_by_side_and_one_behind_another_are_counted_and_a_king_in_reach_is_exposed() {
    // White men c3, d3 side by side, d2 behind d3; a white king on e5 with a black man on e6
    // and e4 empty: the man jumps it (men capture forward, and Black's forward is down).
    let f = Features::of(&pos("W:Wc3,d3,d2,Ke5:Be6,a7"));
    assert_eq!(f.counts[term::SIDE_BY_SIDE], 2);
    assert_eq!(f.counts[term::GUARDED_BEHIND], 1);
    assert_eq!(f.counts[term::KING_EXPOSED], 1);
    // With e4 taken by a white man the jump has nowhere to land.
    let f = Features::of(&pos("W:Wc3,d3,d2,e4,Ke5:Be6,a7"));
    assert_eq!(f.counts[term::KING_EXPOSED], 0);
}

#[test]
fn the_weights_blend_from_opening_to_ending_as_the_men_leave() {
    let mut w = hand_weights();
    w.opening = [0; TERMS];
    w.ending = [0; TERMS];
    w.opening[term::TEMPO] = 64;
    w.ending[term::TEMPO] = 0;
    // 32 men: all opening; 16 men: half; no men: all ending.
    let full = Position::start();
    assert_eq!(w.evaluate(&full), 64);
    let half = pos("W:Wa2,b2,c2,d2,e2,f2,g2,h2:Ba7,b7,c7,d7,e7,f7,g7,h7");
    assert_eq!(w.evaluate(&half), 32);
    assert_eq!(w.evaluate(&pos("W:WKa1:BKh8")), 0);
}

#[test]
fn a_bad_weights_file_is_refused_with_the_line_and_what_to_write() {
    let good = hand_weights().to_string();
    let with = |from: &str, to: &str| good.replacen(from, to, 1).parse::<Weights>();
    assert_eq!(
        with("king ", "kings ").unwrap_err(),
        WeightsError::UnknownTerm {
            line: 3,
            name: "kings".into()
        }
    );
    assert_eq!(
        with("   330     330", " 330").unwrap_err(),
        WeightsError::Syntax { line: 3 }
    );
    assert_eq!(
        with("   330     330", " 330 3.5").unwrap_err(),
        WeightsError::Syntax { line: 3 }
    );
    assert_eq!(
        with("   330     330", " 330 10001").unwrap_err(),
        WeightsError::TooLarge { line: 3 }
    );
    let twice = format!("{good}king 1 1\n");
    assert_eq!(
        twice.parse::<Weights>().unwrap_err(),
        WeightsError::Twice {
            line: TERMS + 2,
            name: "king".into()
        }
    );
    let missing: String = good
        .lines()
        .filter(|l| !l.starts_with("tempo"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = missing.parse::<Weights>().unwrap_err();
    assert_eq!(
        err,
        WeightsError::Missing {
            name: "tempo".into()
        }
    );
    assert!(err.to_string().contains("every term once"), "{err}");
    // Comments and blank lines are fine.
    let commented = format!("# mine\n\n{}", good.replace('\n', "  # note\n"));
    assert_eq!(commented.parse::<Weights>(), Ok(hand_weights()));
}

#[test]
fn a_weights_file_may_start_with_a_byte_order_mark() {
    let marked = format!("\u{feff}{}", hand_weights());
    assert_eq!(marked.parse::<Weights>(), Ok(hand_weights()));
}

/// Weights at the edges of what a file may hold.
fn extreme_weights() -> Vec<(&'static str, Weights)> {
    let all = |v: i32| Weights {
        opening: [v; TERMS],
        ending: [v; TERMS],
    };
    let mut men_only = all(0);
    men_only.opening[term::MAN] = MAX_WEIGHT;
    men_only.ending[term::MAN] = MAX_WEIGHT;
    let mut alternating = all(MAX_WEIGHT);
    for i in (1..TERMS).step_by(2) {
        alternating.opening[i] = -MAX_WEIGHT;
        alternating.ending[i] = MAX_WEIGHT;
    }
    vec![
        ("all +max", all(MAX_WEIGHT)),
        ("all -max", all(-MAX_WEIGHT)),
        ("man 10000 10000", men_only),
        ("alternating", alternating),
    ]
}

#[test]
fn no_weights_file_can_reach_the_scores_of_a_forced_win() {
    let mut rng = Rng(26);
    for (name, w) in extreme_weights() {
        let mut worst = 0;
        for _ in 0..2_000 {
            let p = random_position(&mut rng, 16, 20);
            worst = worst.max(w.evaluate(&p).abs());
        }
        assert!(worst <= EVAL_BOUND, "{name}: {worst}");
        const { assert!(EVAL_BOUND < dama_play::ai::TABLE_WIN - 1_000) };
    }
}

#[test]
fn a_search_with_extreme_weights_ends_at_its_depth_and_claims_no_win() {
    for (name, w) in extreme_weights() {
        // A thread, so that a search that never ends fails the test instead of hanging it.
        let (done, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut searcher = dama_play::ai::Searcher::new(w, 16);
            let game = dama_rules::Game::new(Position::start());
            let _ = done.send(searcher.search(&game, dama_play::ai::Limits::depth(5)));
        });
        let result = answer
            .recv_timeout(std::time::Duration::from_secs(300))
            .unwrap_or_else(|_| panic!("{name}: the search did not end"))
            .expect("a move from the start");
        assert_eq!(result.depth, 5, "{name}");
        assert!(result.score.abs() <= EVAL_BOUND, "{name}: {}", result.score);
    }
}

proptest! {
    #[test]
    fn any_weights_in_range_write_and_read_back(
        opening in prop::collection::vec(-MAX_WEIGHT..=MAX_WEIGHT, TERMS),
        ending in prop::collection::vec(-MAX_WEIGHT..=MAX_WEIGHT, TERMS),
    ) {
        let w = Weights {
            opening: opening.try_into().unwrap(),
            ending: ending.try_into().unwrap(),
        };
        prop_assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
    }

    #[test]
    fn the_weights_reader_never_panics(text in ".{0,400}") {
        let _ = text.parse::<Weights>();
    }

    #[test]
    fn a_weights_file_with_one_character_changed_reads_or_is_refused(
        at in 0usize..2000, c in any::<char>()
    ) {
        let good = hand_weights().to_string();
        let mut chars: Vec<char> = good.chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        let text: String = chars.into_iter().collect();
        if let Ok(w) = text.parse::<Weights>() {
            // Whatever it read, it writes back to itself.
            prop_assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
        }
    }

    #[test]
    fn the_positions_reader_never_panics(text in ".{0,300}") {
        let _ = tune::read_labelled(&text);
    }
}

#[test]
fn a_positions_file_reads_back_and_a_bad_line_is_named() {
    let positions = vec![
        Labelled {
            position: Position::start(),
            white_points: 0.5,
        },
        Labelled {
            position: pos("B:WKd4:Ba7"),
            white_points: 1.0,
        },
    ];
    let text = tune::write_labelled(&positions);
    assert_eq!(tune::read_labelled(&text), Ok(positions));
    let err = tune::read_labelled("# x\nW:Wa2:Ba7\t2\n").unwrap_err();
    assert!(err.starts_with("line 2:") && err.contains("\"2\""), "{err}");
    let err = tune::read_labelled("W:Wa2:Ba7\n").unwrap_err();
    assert!(err.starts_with("line 1:") && err.contains("tab"), "{err}");
    let err = tune::read_labelled("W:Wa1:Ba7\t1\n").unwrap_err();
    assert!(
        err.starts_with("line 1:") && err.contains("rank 1"),
        "{err}"
    );
}

#[test]
fn self_play_labels_quiet_positions_with_their_games_result_the_same_for_a_seed() {
    let options = SelfPlay {
        games: 4,
        depth: 2,
        random_plies: 0,
        varied_plies: 10,
        seed: 5,
        threads: 2,
        max_plies: 300,
    };
    let weights = hand_weights();
    let positions = tune::self_play(options, &weights, |_| {});
    assert!(positions.len() > 40, "{} positions", positions.len());
    for l in &positions {
        assert!(!l.position.has_capture(), "a labelled position is quiet");
        assert!(!l.position.legal_moves().is_empty());
        assert!([0.0, 0.5, 1.0].contains(&l.white_points));
    }
    // Every game starts from the start position, so four games show it four times.
    let starts = positions
        .iter()
        .filter(|l| l.position == Position::start())
        .count();
    assert_eq!(starts, 4);
    // The varied plies make the games differ, and a seed replays them.
    let again = tune::self_play(options, &weights, |_| {});
    assert_eq!(again, positions);
    let other = tune::self_play(SelfPlay { seed: 6, ..options }, &weights, |_| {});
    assert_ne!(other, positions);
    // Handed over a game at a time (as `dama tune games` writes them), in game order: each
    // game opens with the start position, and together they are the same positions.
    let mut games = Vec::new();
    tune::self_play_each(options, &weights, |_| {}, |g| games.push(g));
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g[0].position == Position::start()));
    assert_eq!(games.concat(), positions);
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[test]
fn the_fit_finds_a_king_worth_more_than_the_start_said() {
    // Results drawn from a world where a king is worth six men: starting from 3.3, the fit
    // must move the king's weight most of the way there and predict the results better.
    let mut truth = hand_weights();
    truth.opening[term::KING] = 600;
    truth.ending[term::KING] = 600;
    let mut rng = Rng(21);
    let positions: Vec<Labelled> = (0..6000)
        .map(|_| {
            let position = random_position(&mut rng, 10, 30);
            let score = truth.evaluate(&position);
            let white = match position.side_to_move() {
                Color::White => score,
                Color::Black => -score,
            };
            let p = sigmoid(0.008 * f64::from(white));
            let white_points = if rng.chance((p * 100.0) as u64) {
                1.0
            } else {
                0.0
            };
            Labelled {
                position,
                white_points,
            }
        })
        .collect();
    let start = hand_weights();
    let options = FitOptions {
        epochs: 600,
        step: 3.0,
        threads: 2,
    };
    let mut errors = Vec::new();
    let fit = tune::fit(&positions, &start, options, |_, e| errors.push(e));
    assert_eq!(errors.len(), 600);
    assert_eq!(fit.fitted + fit.held_out, positions.len());
    assert!(fit.held_out >= 500);
    assert!(
        fit.error_after[0] < fit.error_before[0] && fit.error_after[1] < fit.error_before[1],
        "{fit:?}"
    );
    let king = fit.weights.ending[term::KING];
    assert!((480..=760).contains(&king), "the king is worth {king}");
    // The pinned weights stay: a man is a hundred at the start.
    assert_eq!(fit.weights.opening[term::MAN], 100);
    assert_eq!(fit.weights.opening[term::ADVANCE], 0);
}
