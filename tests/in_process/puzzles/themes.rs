//! Themes on pictured positions: each combination proven, its line as expected, and exactly
//! the themes its line shows.
use dama_play::puzzle::theme::themes_of;
use dama_play::puzzle::{Kind, Prover, Puzzle, Theme, Themes, shortest_line};
use dama_rules::{Color, Position};

use crate::common::pictured;

/// Proves the line of `start` for a puzzle of `kind` and names its themes (small pictures have
/// slower wins beside the line, so the shipped puzzles' rule against them is not asked here:
/// themes are read from the line alone).
fn themed(start: Position, kind: Kind) -> (Vec<String>, Themes) {
    let line = shortest_line(
        &start,
        &mut Prover::with_goal(10_000_000, kind.goal(&start)),
    )
    .unwrap_or_else(|r| panic!("the pictured position is no puzzle: {r}"));
    let puzzle = Puzzle {
        start,
        kind,
        line,
        find_depth: 3,
        given: 0,
        rating: 1500,
        themes: Themes::default(),
    };
    (puzzle.notations(), themes_of(&puzzle, 10_000_000))
}

fn check(start: Position, kind: Kind, line: &str, themes: &[Theme]) {
    let (notations, found) = themed(start, kind);
    assert_eq!(notations.join(" "), line);
    assert_eq!(found, themes.iter().copied().collect::<Themes>(), "{line}");
}

#[test]
fn a_man_given_up_opens_a_king_capture_of_three() {
    // Black gives the man on e4; White must take it, and the king on h5 takes three.
    let start = pictured(
        Color::Black,
        [
            ". . . . . . . .",
            ". . . . . b . b",
            "b . . . . . w .",
            "b . . . . . . B",
            ". w . . b . . .",
            "w . . . . w . .",
            "w w . . . . . .",
            ". . . . . . . .",
        ],
    );
    check(
        start,
        Kind::Material,
        "e4-f4 f3xf5 h5xb5xb3xb1",
        &[Theme::Sacrifice, Theme::MultiCapture],
    );
}

#[test]
fn a_man_given_up_lets_another_through_to_crown() {
    let start = pictured(
        Color::White,
        [
            ". . . . . . . .",
            ". . . . . . . .",
            "b . . . . . . w",
            "b . . . . . . .",
            "w w . . b . . .",
            "w . . . . . . w",
            ". . . . . w . .",
            ". . . . . . . .",
        ],
    );
    check(
        start,
        Kind::Material,
        "h6-h7 a5-b5 b4xb6 a6xc6 h7-h8",
        &[Theme::Sacrifice, Theme::Crowning, Theme::Breakthrough],
    );
}

#[test]
fn a_lone_king_is_hunted_down_in_an_ending() {
    let start = pictured(
        Color::Black,
        [
            ". . B . . . . W",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            "b . . . . . . .",
            ". . . . . . . .",
        ],
    );
    check(
        start,
        Kind::Material,
        "c8-a8 h8-g8 a8xh8",
        &[Theme::KingHunt, Theme::Endgame],
    );
}

#[test]
fn a_waiting_king_move_leaves_the_man_only_losing_moves() {
    // Were Black allowed to pass after Ke1, White would have nothing.
    let start = pictured(
        Color::White,
        [
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . b . w",
            ". . . W . . . .",
        ],
    );
    check(
        start,
        Kind::Win,
        "d1-e1 f2-g2 h2xf2",
        &[Theme::Zugzwang, Theme::Endgame],
    );
}

#[test]
fn men_facing_men_lose_for_the_side_that_must_move() {
    let start = pictured(
        Color::Black,
        [
            ". . . . . . . .",
            ". . b . . b . b",
            ". . . . w . . b",
            ". . . . . . . b",
            ". . . . . . . w",
            ". . . . . . . w",
            "b . . . . . . .",
            ". . . . . . . .",
        ],
    );
    check(
        start,
        Kind::Win,
        "c7-c6 e6-d6 c6xe6 h4-g4 h5-h4 h3xh5 h6xh4xf4",
        &[Theme::Sacrifice, Theme::Zugzwang, Theme::Opposition],
    );
}

#[test]
fn a_plain_king_switch_has_no_theme() {
    let start = pictured(
        Color::Black,
        [
            "B . . . . . . .",
            ". b . b . . . b",
            ". . . . . . . .",
            ". w . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
        ],
    );
    check(start, Kind::Win, "a8-a5 b5-b6 b7xb5", &[]);
}

#[test]
fn theme_names_read_back() {
    for t in Theme::ALL {
        assert_eq!(Theme::from_name(t.name()), Some(t));
    }
    let all: Themes = Theme::ALL.into_iter().collect();
    assert_eq!(Themes::from_text(&all.to_text()), Ok(all));
    assert_eq!(Themes::from_text("-"), Ok(Themes::default()));
    assert_eq!(
        Themes::from_text("sacrifice,nonsense"),
        Err("nonsense".into())
    );
}
