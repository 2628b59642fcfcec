//! The rule book (`docs/inside/rules.md`) §5: end of the game.
use crate::common::*;
use dama_rules::{
    Color, Game, GameResult, Illegal, MoveError, NO_PROGRESS_PLIES, Outcome, Reason, rules_outcome,
};

fn outcome(text: &str) -> Option<Outcome> {
    Game::new(pos(text)).outcome()
}

fn win(color: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        result: GameResult::Win(color),
        reason,
    })
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        result: GameResult::Draw,
        reason,
    })
}

#[test]
fn a_player_with_no_pieces_left_loses() {
    assert_eq!(outcome("B:WKd4:B"), win(Color::White, Reason::NoPieces));
    assert_eq!(outcome("W:W:Bd5"), win(Color::Black, Reason::NoPieces));
}

#[test]
fn a_player_whose_every_piece_is_blocked_loses() {
    assert_eq!(
        outcome("W:Wa6:Ba7,Ka8,b6,c6"),
        win(Color::Black, Reason::NoMoves)
    );
}

#[test]
fn taking_the_last_piece_wins_the_game() {
    let mut game = Game::new(pos("W:WKa1:Ba5"));
    assert_eq!(game.outcome(), None);
    game.play_text("a1xa6").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::NoPieces));
}

#[test]
fn a_player_may_resign_at_any_time() {
    let mut game = Game::default();
    game.play_text("e3-e4").unwrap();
    assert_eq!(
        game.resign(Color::White),
        win(Color::Black, Reason::Resignation)
    );
    assert_eq!(game.outcome(), win(Color::Black, Reason::Resignation));
    assert_eq!(
        game.play_text("f6-f5"),
        Err(MoveError::Illegal(Illegal::GameOver))
    );
}

/// Plays king moves a1-a2, h8-h7, a2-a1, h7-h8 `rounds` times.
fn shuffle(game: &mut Game, rounds: usize) -> Vec<Option<Outcome>> {
    let mut outcomes = Vec::new();
    for _ in 0..rounds {
        for mv in ["a1-a2", "h8-h7", "a2-a1", "h7-h8"] {
            game.play_text(mv).unwrap();
            outcomes.push(game.outcome());
        }
    }
    outcomes
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw_at_once() {
    let mut game = Game::new(pos("W:WKa1,c3:BKh8,f6"));
    let outcomes = shuffle(&mut game, 2);
    assert!(outcomes[..7].iter().all(Option::is_none), "{outcomes:?}");
    assert_eq!(outcomes[7], draw(Reason::Repetition));
    assert_eq!(game.repetitions(), 3);
}

#[test]
fn a_repetition_needs_the_same_side_to_move() {
    // Same pieces, other side to move: a different position, so no repetition count.
    let mut game = Game::new(pos("W:WKa1,c3:BKh8,f6"));
    for mv in ["a1-a2", "h8-h7", "a2-a3", "h7-h8", "a3-a1"] {
        game.play_text(mv).unwrap();
    }
    // Pieces are as at the start but Black is to move.
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn repetition_counting_starts_from_the_position_the_game_started_in() {
    let mut game = Game::new(pos("W:WKa1,c3:BKh8,f6"));
    assert_eq!(game.repetitions(), 1);
    shuffle(&mut game, 1);
    assert_eq!(game.repetitions(), 2);
}

/// Plays `plies` king moves that make no progress and never repeat a position.
fn wander(game: &mut Game, plies: usize) {
    let mut seen = std::collections::HashSet::new();
    let mut rng = Rng(1);
    seen.insert(*game.position());
    for _ in 0..plies {
        let p = *game.position();
        let fresh: Vec<_> = p
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let next = p.play_unchecked(m);
                p.piece_at(m.from()).unwrap().role == dama_rules::Role::King
                    && !m.is_capture()
                    && !next.has_capture()
                    && !next.with_side_to_move(p.side_to_move()).has_capture()
                    && !seen.contains(&next)
            })
            .collect();
        assert!(!fresh.is_empty(), "no fresh king move in {p:?}");
        let mv = fresh[rng.below(fresh.len())];
        seen.insert(p.play_unchecked(&mv));
        game.play(mv).unwrap();
    }
}

#[test]
fn one_hundred_plies_without_progress_is_a_draw_at_once() {
    let mut game = Game::new(pos("W:WKa1,c3:BKh8,f6"));
    wander(&mut game, NO_PROGRESS_PLIES as usize - 1);
    assert_eq!(game.quiet_plies(), 99);
    assert_eq!(game.outcome(), None);
    wander(&mut game, 1);
    assert_eq!(game.outcome(), draw(Reason::NoProgress));
}

/// The no-progress counter after playing `moves` from `text`.
fn quiet_after(text: &str, moves: &[&str]) -> u32 {
    let mut game = Game::new(pos(text));
    for mv in moves {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game.quiet_plies()
}

#[test]
fn king_moves_and_sideways_man_steps_are_not_progress() {
    let p = "W:WKa1,c3:BKh8,f6";
    assert_eq!(quiet_after(p, &["a1-b1"]), 1);
    assert_eq!(quiet_after(p, &["a1-b1", "f6-g6"]), 2);
    assert_eq!(quiet_after(p, &["a1-b1", "f6-g6", "c3-d3", "h8-h7"]), 4);
}

#[test]
fn a_man_moving_forward_is_progress() {
    let p = "W:WKa1,c3:BKh8,f6";
    assert_eq!(quiet_after(p, &["a1-b1", "f6-g6", "c3-c4"]), 0);
    assert_eq!(quiet_after(p, &["a1-b1", "f6-f5"]), 0);
}

#[test]
fn a_promotion_is_progress() {
    assert_eq!(
        quiet_after("W:WKa1,d7:BKh6", &["a1-b1", "h6-h5", "d7-d8"]),
        0
    );
}

#[test]
fn a_capture_is_progress() {
    assert_eq!(
        quiet_after("W:WKa1,d4:BKh8,c5", &["a1-b1", "h8-h7", "b1-b2", "c5-d5"]),
        4
    );
    assert_eq!(
        quiet_after(
            "W:WKa1,d4:BKh8,c5",
            &["a1-b1", "h8-h7", "b1-b2", "c5-d5", "d4xd6"]
        ),
        0
    );
}

#[test]
fn no_progress_counting_starts_at_zero_from_a_given_position() {
    let game = Game::new(pos("W:WKa1,c3:BKh8,f6"));
    assert_eq!(game.quiet_plies(), 0);
}

#[test]
fn one_king_against_one_king_is_a_draw_when_the_mover_cannot_capture() {
    assert_eq!(outcome("W:WKa1:BKh8"), draw(Reason::KingAgainstKing));
    assert_eq!(outcome("B:WKa1:BKh8"), draw(Reason::KingAgainstKing));
}

#[test]
fn one_king_against_one_king_is_no_draw_when_the_mover_can_capture() {
    // The rule book §10: White must capture and wins.
    assert_eq!(moves("W:WKa1:Ba5"), ["a1xa6", "a1xa7", "a1xa8"]);
    assert_eq!(outcome("W:WKa1:BKa5"), None);
}

#[test]
fn a_king_and_a_man_against_a_king_play_on() {
    assert_eq!(outcome("W:WKa1,c3:BKh8"), None);
    assert_eq!(outcome("W:Wc3:BKh8"), None);
}

#[test]
fn a_draw_may_be_agreed() {
    let mut game = Game::default();
    assert_eq!(game.agree_draw(), draw(Reason::Agreement));
    assert!(game.is_over());
    assert_eq!(
        game.resign(Color::White),
        None,
        "a finished game stays finished"
    );
}

#[test]
fn having_no_move_is_judged_before_the_draw_counters() {
    let blocked = pos("W:Wa6:Ba7,Ka8,b6,c6");
    assert_eq!(
        rules_outcome(&blocked, 3, NO_PROGRESS_PLIES),
        win(Color::Black, Reason::NoMoves)
    );
}

#[test]
fn a_move_after_the_game_ended_is_refused() {
    let mut game = Game::new(pos("W:WKa1:BKh8"));
    assert_eq!(
        game.play_text("a1-a2"),
        Err(MoveError::Illegal(Illegal::GameOver))
    );
    assert_eq!(game.ply_count(), 0);
}

#[test]
fn undo_takes_back_a_ply_and_a_declared_result() {
    let mut game = Game::default();
    game.play_text("e3-e4").unwrap();
    game.resign(Color::Black);
    assert!(game.undo().is_some());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.ply_count(), 0);
    assert_eq!(game.key(), game.position().zobrist());
}
