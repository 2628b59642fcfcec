//! The rule book (`docs/inside/rules.md`) §8: game records (PDN).
use crate::common::*;
use dama_rules::{Color, Game, GameResult, Position, Reason, pdn};
use std::time::Duration;

fn game_of(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(pos(fen));
    for mv in moves {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

fn tags() -> pdn::Tags {
    pdn::Tags(vec![
        ("Event".into(), "Kahvehane Cup".into()),
        ("White".into(), "Ayşe".into()),
        ("Black".into(), "Mehmet \"Hoca\"".into()),
    ])
}

#[test]
fn a_game_is_written_with_the_seven_tag_roster_game_type_and_numbered_moves() {
    let mut game = Game::default();
    for mv in ["e3-e4", "f6-f5", "d3-d4"] {
        game.play_text(mv).unwrap();
    }
    let text = pdn::write(&game, &tags());
    let expected = "[Event \"Kahvehane Cup\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n\
        [White \"Ayşe\"]\n[Black \"Mehmet \\\"Hoca\\\"\"]\n[Result \"*\"]\n\
        [GameType \"30,W,8,8,A1,0\"]\n\n1. e3-e4 f6-f5 2. d3-d4 *\n";
    assert_eq!(text, expected);
}

#[test]
fn a_game_from_another_position_carries_its_fen() {
    let game = game_of("B:WKa1,c3:BKh8,f6", &["h8-h7", "a1-a2"]);
    let text = pdn::write(&game, &pdn::Tags::default());
    assert!(text.contains("[FEN \"B:WKa1,c3:Bf6,Kh8\"]"), "{text}");
    assert!(text.contains("\n1... h8-h7 2. a1-a2 *\n"), "{text}");
    assert!(!pdn::write(&Game::default(), &pdn::Tags::default()).contains("FEN"));
}

#[test]
fn results_are_written_1_0_0_1_half_and_star() {
    let won = game_of("W:WKa1:Ba5", &["a1xa6"]);
    assert!(pdn::write(&won, &pdn::Tags::default()).contains("[Result \"1-0\"]"));
    assert!(pdn::write(&won, &pdn::Tags::default()).ends_with("1. a1xa6 1-0\n"));
    let mut resigned = Game::default();
    resigned.resign(Color::White);
    assert!(pdn::write(&resigned, &pdn::Tags::default()).ends_with("0-1\n"));
    let mut drawn = Game::default();
    drawn.agree_draw();
    assert!(pdn::write(&drawn, &pdn::Tags::default()).ends_with("1/2-1/2\n"));
    assert!(pdn::write(&Game::default(), &pdn::Tags::default()).ends_with("*\n"));
}

#[test]
fn a_written_game_reads_back_as_the_same_game() {
    let mut rng = Rng(42);
    for _ in 0..50 {
        let mut game = Game::default();
        for _ in 0..rng.below(150) {
            if game.is_over() {
                break;
            }
            let legal = game.position().legal_moves();
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
        let text = pdn::write(&game, &tags());
        let (read_tags, read) = pdn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            read.moves().collect::<Vec<_>>(),
            game.moves().collect::<Vec<_>>()
        );
        assert_eq!(
            read.outcome().map(|o| o.result),
            game.outcome().map(|o| o.result)
        );
        assert_eq!(read_tags.get("White"), Some("Ayşe"));
        assert_eq!(read_tags.get("Black"), Some("Mehmet \"Hoca\""));
        assert_eq!(pdn::write(&read, &read_tags), text);
    }
}

#[test]
fn a_game_from_a_fen_reads_back_from_that_position() {
    let game = game_of("B:WKa1,c3:BKh8,f6", &["h8-h7", "a1-a2"]);
    let (_, read) = pdn::read(&pdn::write(&game, &pdn::Tags::default())).unwrap();
    assert_eq!(*read.start(), pos("B:WKa1,c3:BKh8,f6"));
    assert_eq!(read, game);
}

#[test]
fn a_resigned_game_reads_back_with_its_result() {
    let mut game = game_of(
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        &["e3-e4"],
    );
    game.resign(Color::Black);
    let (_, read) = pdn::read(&pdn::write(&game, &pdn::Tags::default())).unwrap();
    let outcome = read.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Color::White));
    assert_eq!(outcome.reason, Reason::Recorded);
}

#[test]
fn reading_skips_comments_variations_and_move_numbers_in_any_spacing() {
    let text = "[Event \"x\"]\n[GameType \"30\"]\n\n1.e3-e4 {a quiet start} f6-f5 (1... f6-g6) \
                2. d3-d4 $1 ; line comment\n 2...g6-g5 *";
    let (_, game) = pdn::read(text).unwrap();
    let expected = game_of(
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        &["e3-e4", "f6-f5", "d3-d4", "g6-g5"],
    );
    assert_eq!(game, expected);
    assert_eq!(*game.start(), Position::start());
}

#[test]
fn an_illegal_move_in_a_record_is_reported_with_its_number() {
    let err = pdn::read("1. e3-e4 e6-e4 *").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 (\"e6-e4\"): the man on e6 cannot move to e4: a man steps only one square, forward or sideways; it can play e6-e5"
    );
}

#[test]
fn another_game_type_is_refused() {
    assert!(matches!(
        pdn::read("[GameType \"20\"]\n1. 32-28 *"),
        Err(pdn::PdnError::GameType(_))
    ));
}

#[test]
fn a_tag_value_may_hold_a_closing_bracket() {
    let game = game_of(
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        &["e3-e4"],
    );
    let mut t = tags();
    t.set("White", "[DAMA] ayşe]");
    t.set("Black", "x] [Result \"1-0\"]");
    let (read, again) = pdn::read(&pdn::write(&game, &t)).expect("our own export reads back");
    assert_eq!(read.get("White"), Some("[DAMA] ayşe]"));
    assert_eq!(read.get("Black"), Some("x] [Result \"1-0\"]"));
    assert_eq!(read.get("Result"), Some("*"));
    assert_eq!(again.ply_count(), 1);
}

#[test]
fn an_unclosed_variation_or_comment_is_refused_in_one_line() {
    for (text, what) in [
        ("1. e3-e4 (1. c3-c4 f6-f5 2. d3-d4", "variation"),
        ("1. e3-e4 {a note f6-f5 2. d3-d4", "comment"),
    ] {
        let e = pdn::read(text).expect_err("the rest of the game would be lost");
        let line = e.to_string();
        assert!(line.contains(what) && !line.contains('\n'), "{line}");
    }
    // Closed ones are skipped as before.
    let (_, game) = pdn::read("1. e3-e4 (1. c3-c4) {fine} f6-f5").unwrap();
    assert_eq!(game.ply_count(), 2);
}

#[test]
fn many_tags_read_in_one_pass_and_a_repeated_tag_keeps_its_last_value() {
    let mut text = String::new();
    for i in 0..200_000 {
        text.push_str(&format!("[Tag{} \"{i}\"]\n", i % 100_000));
    }
    text.push_str("[White \"a\"]\n[white \"b\"]\n1. e3-e4 *\n");
    let (tags, game) = pdn::read(&text).expect("reads");
    assert_eq!(tags.0.len(), 100_001);
    assert_eq!(tags.get("Tag7"), Some("100007"));
    assert_eq!(tags.get("White"), Some("b"));
    assert_eq!(game.ply_count(), 1);
}

proptest::proptest! {
    #[test]
    fn any_player_names_survive_our_export(white in "\\PC{0,40}", black in "(?s).{0,40}", event in "[\\]\\[\"\\\\ a-z]{0,20}") {
        let game = game_of(&pdn_start(), &["e3-e4", "f6-f5"]);
        let mut t = pdn::Tags::default();
        t.set("White", white.clone());
        t.set("Black", black.clone());
        t.set("Event", event.clone());
        let (read, again) = pdn::read(&pdn::write(&game, &t)).expect("our own export reads back");
        proptest::prop_assert_eq!(read.get("White"), Some(white.as_str()));
        proptest::prop_assert_eq!(read.get("Black"), Some(black.as_str()));
        proptest::prop_assert_eq!(read.get("Event"), Some(event.as_str()));
        proptest::prop_assert_eq!(again.ply_count(), 2);
    }
}

fn pdn_start() -> String {
    dama_rules::fen::write(&Position::start())
}

#[test]
fn clocks_are_written_as_clk_comments_and_read_back_by_ply() {
    let game = game_of(
        "W:Wa3,b3,c3:Bf6,g6,h6",
        &["a3-a4", "f6-f5", "b3-b4", "g6-g5"],
    );
    let clocks =
        [Some(59_000), Some(9_400), None, Some(3_725_000)].map(|c| c.map(Duration::from_millis));
    let notes: Vec<Option<pdn::Note>> = clocks
        .iter()
        .map(|c| {
            c.map(|ms| pdn::Note {
                mark: "",
                comment: pdn::clock_comment(ms),
            })
        })
        .collect();
    let text = pdn::write_annotated(&game, &tags(), &notes);
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    let movetext = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        movetext.contains("1. a3-a4 {[%clk 0:00:59]} 1... f6-f5 {[%clk 0:00:09.4]} 2. b3-b4 g6-g5 {[%clk 1:02:05]}"),
        "{text}"
    );
    let (_, read, read_clocks) = pdn::read_with_clocks(&text).unwrap();
    assert_eq!(read.ply_count(), 4);
    assert_eq!(read_clocks, clocks);
    // Other comments, and clocks inside variations, are not clocks of the game.
    let (_, _, none) =
        pdn::read_with_clocks("[GameType \"30\"]\n1. a3-a4 {good} (1. b3-b4 {[%clk 0:00:05]}) *")
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(none, vec![None]);
    for bad in [
        "[%clk 0:61:00]",
        "[%clk 1:00]",
        "[%clk x:00:00]",
        "[%clk 0:00:-1]",
    ] {
        assert_eq!(pdn::read_clock_comment(bad), None, "{bad}");
    }
}

proptest::proptest! {
    #[test]
    fn a_clock_comment_reads_back_to_what_it_shows(ms in 0u64..4 * 3_600_000) {
        let shown = if ms < 10_000 { ms / 100 * 100 } else { ms / 1000 * 1000 };
        let comment = pdn::clock_comment(Duration::from_millis(ms));
        proptest::prop_assert_eq!(pdn::read_clock_comment(&comment), Some(Duration::from_millis(shown)));
    }
}
