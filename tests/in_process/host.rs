//! The game host against a real database (SQLite, and PostgreSQL when a server answers): every
//! operation and every refusal.

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;
use dama_core::host::Refusal;
use dama_model::{Millis, UnixMs};

use std::sync::Arc;
use std::time::Duration;

use dama_core::host::{
    ButtonLabel, Clock, Host, HostError, Lang, Msg, Player, Reply, Scope, TurnClock, Who,
};
use dama_core::words::Words;
use dama_model::{ChannelId, ColorChoice, GuildId, UserId};
use dama_play::ai::Level;
use dama_play::clock::TimeControl;
use dama_rules::{Color, GameResult, Reason};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// The PDN of the channel's game, as text.
async fn pdn(host: &Host, w: &Who) -> String {
    String::from_utf8(host.pdn(w).await.unwrap().file.unwrap().bytes).unwrap()
}

async fn a_challenge_accepted_by_button_starts_a_game_with_a_board(db: TestDb) {
    let (host, _, _) = host(&db).await;
    const TEN_MINUTES: Millis = Millis::from_minutes(10);
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::White, true, false)
        .await
        .unwrap();
    assert!(
        matches!(
            c.body[..],
            [Msg::ChallengeIssued {
                challenger: ALICE,
                challenged: Some(BOB),
                rated: true,
                color: ColorChoice::White,
                expires_in: TEN_MINUTES,
                control: TimeControl::Correspondence { days: 3 },
            }]
        ),
        "{c:?}"
    );
    assert_eq!(c.mentions, vec![BOB]);
    assert_eq!(c.buttons.len(), 2);
    let reply = host
        .button(&who(BOB), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap();
    match &reply.body[..] {
        [
            Msg::GameStarted { players, rated, .. },
            Msg::ToMove { player, side, .. },
        ] => {
            assert_eq!(players.white, Player::User(ALICE));
            assert_eq!(players.black, Player::User(BOB));
            assert!(*rated);
            assert_eq!((*player, *side), (ALICE, Color::White));
        }
        other => panic!("{other:?}"),
    }
    assert!(reply.board.is_some());
    assert_eq!(
        reply.mentions,
        vec![ALICE],
        "White is told it is their move"
    );
    assert!(reply.buttons.iter().any(|b| b.label == ButtonLabel::Resign));
    assert!(
        reply.buttons.iter().all(|b| b.label != ButtonLabel::Hint),
        "no hints in rated games"
    );
}

async fn moves_alternate_and_every_wrong_move_is_refused_without_changing_anything(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::Refused(Refusal::NotYourTurn {
            to_move: Player::User(ALICE)
        }))
    ));
    assert!(matches!(
        host.play(&who(CAROL), "e3-e4").await,
        Err(HostError::Refused(Refusal::NotAPlayer))
    ));
    let err = host.play(&who(ALICE), "e3-e5").await.unwrap_err();
    assert!(
        matches!(
            &err,
            HostError::Refused(Refusal::Move(dama_rules::MoveError::Illegal(
                dama_rules::Illegal::CannotMoveThere { .. }
            )))
        ),
        "{err:?}"
    );
    assert!(matches!(
        host.play(&at(ALICE, 999), "e3-e4").await,
        Err(HostError::Refused(Refusal::NoGame))
    ));
    let reply = host.play(&who(ALICE), "E3 e4").await.unwrap();
    assert_eq!(
        reply.body[0],
        Msg::Played {
            mover: Player::User(ALICE),
            notation: "e3-e4".into(),
            crowned: false
        }
    );
    assert_eq!(reply.mentions, vec![BOB]);
    assert!(matches!(
        host.play(&who(ALICE), "d3-d4").await,
        Err(HostError::Refused(Refusal::NotYourTurn { .. }))
    ));
    host.play(&who(BOB), "f6-f5").await.unwrap();
    let text = pdn(&host, &who(CAROL)).await;
    assert!(text.contains("1. e3-e4 f6-f5 *"), "{text}");
    assert!(text.contains("[White \"player1001\"]"), "{text}");
}

async fn the_board_says_whose_turn_it_is_until_when_and_that_a_capture_is_due(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let r = host.play(&who(BOB), "e6-e5").await.unwrap();
    assert_eq!(
        r.body[1],
        Msg::ToMove {
            player: ALICE,
            side: Color::White,
            capture_due: true,
            deadline: clock.now() + Millis::HOUR * 72,
            clock: TurnClock::Correspondence,
        }
    );
}

async fn a_move_that_crowns_a_king_says_so(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, false, CHANNEL).await;
    for (ply, mv) in ["e3-e4", "e6-e5"].iter().enumerate() {
        let p = if ply % 2 == 0 { ALICE } else { BOB };
        host.play(&who(p), mv).await.unwrap();
    }
    // e4xe6xe8 takes two men and ends on the far row.
    let r = host.play(&who(ALICE), "e4xe6xe8").await.unwrap();
    assert_eq!(
        r.body[0],
        Msg::Played {
            mover: Player::User(ALICE),
            notation: "e4xe6xe8".into(),
            crowned: true
        }
    );
}

async fn challenges_are_refused_to_oneself_and_in_a_busy_channel(db: TestDb) {
    let (host, _, _) = host(&db).await;
    assert!(matches!(
        host.challenge(&who(ALICE), ALICE, ColorChoice::Random, true, false)
            .await,
        Err(HostError::Refused(Refusal::SelfChallenge))
    ));
    start_game(&host, false, CHANNEL).await;
    assert!(matches!(
        host.challenge(&who(CAROL), ALICE, ColorChoice::Random, true, false)
            .await,
        Err(HostError::Refused(Refusal::ChannelBusy { .. }))
    ));
    assert!(matches!(
        host.play_ai(&who(CAROL), Level::Easy, Color::White).await,
        Err(HostError::Refused(Refusal::ChannelBusy { .. }))
    ));
    // A challenge for a thread is fine: accepted, then started in the thread.
    let c = host
        .challenge(&who(CAROL), ALICE, ColorChoice::Random, true, true)
        .await
        .unwrap();
    let id = match c.buttons[0].action {
        dama_core::host::ButtonAction::Challenge { id, .. } => id,
        other => panic!("{other:?}"),
    };
    let accepted = host.accept_challenge(&who(ALICE), id).await.unwrap();
    assert!(accepted.wants_thread());
    // A second click finds the challenge taken.
    assert!(matches!(
        host.accept_challenge(&who(ALICE), id).await,
        Err(HostError::Refused(Refusal::ChallengeClosed(_)))
    ));
    let reply = host
        .start_accepted(&who(ALICE), accepted, Some(ChannelId(601)))
        .await
        .unwrap();
    assert!(reply.board.is_some());
    assert!(
        host.play(&at(ALICE, 601), "e3-e4").await.is_ok()
            || host.play(&at(CAROL, 601), "e3-e4").await.is_ok()
    );
}

async fn challenges_can_be_declined_cancelled_and_expire(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    assert!(matches!(
        host.button(&who(CAROL), &button(&c, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::NotYourChallenge))
    ));
    let declined = host
        .button(&who(BOB), &button(&c, ButtonLabel::Decline))
        .await
        .unwrap();
    assert_eq!(
        declined.body,
        vec![Msg::ChallengeDeclined {
            challenger: ALICE,
            by: BOB
        }]
    );
    assert_eq!(declined.mentions, vec![ALICE], "the challenger is told");
    assert!(matches!(
        host.button(&who(BOB), &button(&c, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::ChallengeClosed(_)))
    ));

    host.challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    assert_eq!(
        host.cancel_challenge(&who(ALICE)).await.unwrap().body,
        vec![Msg::ChallengeWithdrawn { by: ALICE }]
    );
    assert!(matches!(
        host.cancel_challenge(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::NoOpenChallenge))
    ));

    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    assert!(matches!(
        host.button(&who(BOB), &button(&c, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::ChallengeExpired))
    ));
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Black, false, false)
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    let notices = host.sweep().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        notices[0].reply.body,
        vec![Msg::ChallengeExpired {
            challenger: ALICE,
            challenged: Some(BOB)
        }]
    );
    assert!(matches!(
        host.button(&who(BOB), &button(&c, ButtonLabel::Accept))
            .await,
        Err(HostError::Refused(Refusal::ChallengeClosed(_)))
    ));
}

async fn one_player_cannot_hold_many_open_challenges_or_ai_games(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    for i in 0..3 {
        host.challenge(&at(ALICE, 100 + i), BOB, ColorChoice::Random, true, false)
            .await
            .unwrap();
    }
    assert!(matches!(
        host.challenge(&at(ALICE, 200), CAROL, ColorChoice::Random, true, false)
            .await,
        Err(HostError::Refused(Refusal::TooManyChallenges { limit: 3 }))
    ));
    // Expired challenges do not count.
    clock.advance(Duration::from_secs(601));
    host.challenge(&at(ALICE, 200), CAROL, ColorChoice::Random, true, false)
        .await
        .unwrap();
    for i in 0..3 {
        host.play_ai(&at(CAROL, 300 + i), Level::Easy, Color::White)
            .await
            .unwrap();
    }
    assert!(matches!(
        host.play_ai(&at(CAROL, 400), Level::Easy, Color::White)
            .await,
        Err(HostError::Refused(Refusal::TooManyAiGames { limit: 3 }))
    ));
}

async fn a_game_against_the_ai_goes_on_with_the_ai_answering(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let start = host
        .play_ai(&who(ALICE), Level::Medium, Color::White)
        .await
        .unwrap();
    assert_eq!(
        start.body[0],
        Msg::AiGameStarted {
            player: ALICE,
            level: Level::Medium,
            color: Color::White,
            control: TimeControl::default(),
        }
    );
    assert_eq!(start.ai_turn, None, "White (Alice) moves first");
    let reply = host.play(&who(ALICE), "d3-d4").await.unwrap();
    assert_eq!(
        reply.body[1],
        Msg::AiThinking {
            level: Level::Medium
        }
    );
    let game = reply.ai_turn.expect("the AI is to move");
    let answer = host
        .ai_move(game, Lang::ENGLISH)
        .await
        .unwrap()
        .expect("the AI moves");
    assert!(
        matches!(
            answer.body[0],
            Msg::Played {
                mover: Player::Ai(Level::Medium),
                ..
            }
        ),
        "{:?}",
        answer.body
    );
    assert_eq!(answer.mentions, vec![ALICE]);
    assert_eq!(
        host.ai_move(game, Lang::ENGLISH).await.unwrap(),
        None,
        "not the AI's turn any more"
    );
    // Playing Black, the AI opens.
    let other = host
        .play_ai(&at(BOB, 700), Level::Easy, Color::Black)
        .await
        .unwrap();
    let id = other.ai_turn.expect("the AI plays White");
    assert!(host.ai_move(id, Lang::ENGLISH).await.unwrap().is_some());
    let hint = host.hint(&at(BOB, 700)).await.unwrap();
    assert!(hint.ephemeral);
    assert!(matches!(hint.body[..], [Msg::Hint { .. }]), "{hint:?}");
}

async fn resigning_a_rated_game_is_confirmed_then_ends_it_naming_winner_and_loser(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.play(&who(BOB), "f6-f5").await.unwrap();
    let ask = host.resign(&who(BOB)).await.unwrap();
    assert!(
        ask.ephemeral && ask.body == vec![Msg::ConfirmResign],
        "{ask:?}"
    );
    // Nothing happened yet.
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    let ask = host.resign(&who(BOB)).await.unwrap();
    let r = host
        .button(&who(BOB), &button(&ask, ButtonLabel::ConfirmResign))
        .await
        .unwrap();
    match &r.body[..] {
        [
            Msg::GameOver { outcome, players },
            Msg::RatingChanges(changes),
        ] => {
            assert_eq!(outcome.result, GameResult::Win(Color::White));
            assert_eq!(outcome.reason, Reason::Resignation);
            assert_eq!(players.black, Player::User(BOB));
            assert_eq!(changes.len(), 2);
            assert!(changes[0].user == ALICE && changes[0].after > changes[0].before);
            assert!(changes[1].user == BOB && changes[1].after < changes[1].before);
        }
        other => panic!("{other:?}"),
    }
    // The game's buttons go grey; Rematch alone is live.
    let (rematch, game): (Vec<_>, Vec<_>) = r
        .buttons
        .iter()
        .partition(|b| b.label == ButtonLabel::Rematch);
    assert!(
        game.iter().all(|b| b.disabled),
        "buttons of a finished game are disabled"
    );
    assert!(
        rematch.len() == 1 && !rematch[0].disabled,
        "{:?}",
        r.buttons
    );
    assert!(matches!(
        host.play(&who(ALICE), "c3-c4").await,
        Err(HostError::Refused(Refusal::NoGame))
    ));
    assert!(pdn(&host, &who(ALICE)).await.contains("[Result \"1-0\"]"));
}

async fn a_game_called_off_before_both_sides_moved_is_called_off_everywhere(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    // One ply: not a rated loss; no confirmation asked.
    let r = host.resign(&who(BOB)).await.unwrap();
    assert_eq!(r.body, vec![Msg::CalledOff { by: Some(BOB) }]);
    let board = host.board(&who(CAROL)).await.unwrap();
    assert_eq!(board.body, vec![Msg::CalledOff { by: None }]);
    let text = pdn(&host, &who(ALICE)).await;
    assert!(
        text.contains("[Result \"*\"]") && text.contains("1. e3-e4 *"),
        "{text}"
    );
    let stats = host.stats(&who(ALICE), ALICE).await.unwrap();
    match &stats.body[..] {
        [Msg::Stats(s)] => assert_eq!((s.record.games, s.recent.len()), (0, 0)),
        other => panic!("{other:?}"),
    }
}

/// A rated game drawn after one move changes no rating, and the answer says so.
async fn a_rated_draw_agreed_after_one_move_says_it_was_not_rated(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.draw(&who(BOB)).await.unwrap();
    let accepted = host.draw(&who(ALICE)).await.unwrap();
    assert!(
        matches!(
            accepted.body[..],
            [Msg::GameOver { .. }, Msg::NotRatedTooShort]
        ),
        "{:?}",
        accepted.body
    );
    // One more move each, and the same draw is rated.
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.play(&who(BOB), "f6-f5").await.unwrap();
    host.draw(&who(BOB)).await.unwrap();
    let accepted = host.draw(&who(ALICE)).await.unwrap();
    assert!(
        matches!(
            accepted.body[..],
            [Msg::GameOver { .. }, Msg::RatingChanges(_)]
        ),
        "{:?}",
        accepted.body
    );
}

async fn a_draw_offered_and_accepted_ends_the_game_and_a_move_lapses_it(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, false, CHANNEL).await;
    let offer = host.draw(&who(ALICE)).await.unwrap();
    assert_eq!(offer.body, vec![Msg::DrawOffered { by: ALICE, to: BOB }]);
    assert_eq!(offer.mentions, vec![BOB]);
    assert!(matches!(
        host.draw(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::DrawAlreadyOffered))
    ));
    assert!(matches!(
        host.may_offer_draw(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::DrawAlreadyOffered))
    ));
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    // The offer lapsed with the move: Bob's draw is a new offer, not an acceptance.
    assert!(matches!(
        host.draw(&who(BOB)).await.unwrap().body[..],
        [Msg::DrawOffered { by: BOB, .. }]
    ));
    let accepted = host.draw(&who(ALICE)).await.unwrap();
    assert!(
        matches!(
            accepted.body[..],
            [Msg::GameOver {
                outcome: dama_rules::Outcome {
                    result: GameResult::Draw,
                    reason: Reason::Agreement
                },
                ..
            }]
        ),
        "one message says the draw: {:?}",
        accepted.body
    );
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::Refused(Refusal::NoGame))
    ));
}

async fn a_takeback_needs_the_opponents_consent_except_against_the_ai_and_says_what_went_back(
    db: TestDb,
) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    assert!(
        matches!(
            host.takeback(&who(BOB)).await,
            Err(HostError::Refused(Refusal::NothingToTakeBack))
        ),
        "Bob has not moved"
    );
    let ask = host.takeback(&who(ALICE)).await.unwrap();
    assert_eq!(ask.body, vec![Msg::TakebackAsked { by: ALICE, to: BOB }]);
    assert!(matches!(
        host.takeback(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::TakebackAlreadyAsked))
    ));
    let done = host.takeback(&who(BOB)).await.unwrap();
    assert_eq!(
        done.body[0],
        Msg::TakenBack {
            moves: vec!["e3-e4".into()]
        }
    );
    assert_eq!(done.mentions, vec![ALICE], "Alice to move again");
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    assert!(pdn(&host, &who(ALICE)).await.contains("1. d3-d4 *"));

    let ai = host
        .play_ai(&at(CAROL, 800), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(ai.ai_turn.is_none());
    let r = host.play(&at(CAROL, 800), "a3-a4").await.unwrap();
    let answer = host
        .ai_move(r.ai_turn.unwrap(), Lang::ENGLISH)
        .await
        .unwrap()
        .unwrap();
    let ai_move = match &answer.body[0] {
        Msg::Played { notation, .. } => notation.clone(),
        other => panic!("{other:?}"),
    };
    let back = host.takeback(&at(CAROL, 800)).await.unwrap();
    assert_eq!(
        back.body[0],
        Msg::TakenBack {
            moves: vec!["a3-a4".into(), ai_move]
        }
    );
    assert_eq!(back.mentions, vec![CAROL]);
    host.play(&at(CAROL, 800), "h3-h4").await.unwrap();
}

async fn hints_are_for_casual_and_ai_games_only(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    assert!(matches!(
        host.hint(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::NoHintsInRatedGames))
    ));
    start_game(&host, false, 900).await;
    assert!(host.hint(&at(ALICE, 900)).await.unwrap().ephemeral);
    assert!(matches!(
        host.hint(&at(BOB, 900)).await,
        Err(HostError::Refused(Refusal::NotYourTurn { .. }))
    ));
}

async fn board_moves_pdn_and_replay_are_there_for_the_asking(db: TestDb) {
    let (host, _, _) = host(&db).await;
    assert!(matches!(
        host.board(&who(ALICE)).await,
        Err(HostError::Refused(Refusal::NoGameYet))
    ));
    start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    assert!(host.board(&who(CAROL)).await.unwrap().board.is_some());
    let moves = host.legal_moves(&who(CAROL)).await.unwrap();
    match &moves.body[..] {
        [
            Msg::LegalMoves {
                side,
                moves,
                capture_due,
            },
        ] => {
            assert_eq!((*side, moves.len(), *capture_due), (Color::Black, 8, false));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        host.complete_move(ChannelId(CHANNEL), "f6").await.unwrap(),
        vec!["f6-f5"]
    );
    // A running game's replay is for its players.
    assert!(matches!(
        host.replay(&who(CAROL)).await,
        Err(HostError::Refused(Refusal::ReplayForPlayersOnly))
    ));
    let replay = host.replay(&who(ALICE)).await.unwrap().file.unwrap();
    assert!(replay.name.ends_with(".gif") && replay.bytes.starts_with(b"GIF89a"));
    host.resign(&who(BOB)).await.unwrap();
    assert!(
        host.replay(&who(CAROL)).await.is_ok(),
        "a finished game is anyone's"
    );
}

async fn the_pictures_captions_follow_the_language_asked_for(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, false, CHANNEL).await;
    let english = host.board(&who(CAROL)).await.unwrap().board.unwrap();
    let turkish = Who {
        lang: Words::new().pick("tr").unwrap(),
        ..who(CAROL)
    };
    let board = host.board(&turkish).await.unwrap().board.unwrap();
    assert_ne!(english, board, "the caption differs, so the picture does");
    assert_eq!(
        host.board(&who(CAROL)).await.unwrap().board.unwrap(),
        english,
        "the same language gives the same picture"
    );
}

async fn stale_buttons_are_refused_politely(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let board = start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let old_resign = button(&board, ButtonLabel::Resign);
    assert!(matches!(
        host.button(&who(ALICE), &old_resign).await,
        Err(HostError::Refused(Refusal::OldButton))
    ));
    assert!(matches!(
        host.button(&who(ALICE), "game:1:x:resign").await,
        Err(HostError::Refused(Refusal::UnknownButton))
    ));
}

/// A button or a page acts on its own game: once that game is over, its resignation, draw
/// offer, takeback or a move from its page is refused as over and never falls on the next game
/// in the channel (as it could if the game were looked up by channel after the check).
async fn an_action_for_a_finished_game_never_falls_on_the_next_one_in_its_channel(db: TestDb) {
    let (host, _, _) = host(&db).await;
    async fn game_in(host: &Host) -> dama_store::GameRow {
        let running = host.store().running_game(ChannelId(CHANNEL)).await;
        running.unwrap().expect("a game runs in the channel")
    }
    start_game(&host, false, CHANNEL).await;
    let first = game_in(&host).await.id;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.resign(&who(BOB)).await.unwrap();
    start_game(&host, false, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let second = game_in(&host).await;
    assert_ne!(second.id, first);
    let on_first = Who {
        game: Some(first),
        ..who(BOB)
    };
    let seat_on_first = dama_core::host::Seat {
        game: first,
        user: BOB,
        color: Color::Black,
        channel: ChannelId(CHANNEL),
        guild: Some(GUILD),
    };
    for refused in [
        host.resign(&on_first).await,
        host.resign_confirmed(&on_first).await,
        host.draw(&on_first).await,
        host.takeback(&on_first).await,
        host.play_on_page(&seat_on_first, "f6-f5", Lang::ENGLISH)
            .await,
    ] {
        assert!(
            matches!(refused, Err(HostError::Refused(Refusal::ButtonGameOver))),
            "{refused:?}"
        );
    }
    let now = game_in(&host).await;
    assert_eq!((now.id, now.ply, now.draw_offer), (second.id, 1, None));
    let on_second = Who {
        game: Some(second.id),
        ..who(BOB)
    };
    let offered = host.draw(&on_second).await.unwrap();
    assert!(!offered.ephemeral, "{offered:?}");
    assert!(game_in(&host).await.draw_offer.is_some());
}

async fn a_slow_player_is_warned_once_then_loses_on_time(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    host.play(&who(BOB), "f6-f5").await.unwrap();
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    let deadline = clock.now() + Millis::HOUR * 72;
    clock.advance(Duration::from_secs(47 * 3600));
    assert!(host.sweep().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(2 * 3600));
    let warned = host.sweep().await.unwrap();
    assert_eq!(warned.len(), 1);
    assert_eq!(warned[0].reply.mentions, vec![BOB]);
    assert_eq!(
        warned[0].reply.body,
        vec![Msg::TimeWarning {
            player: BOB,
            deadline
        }]
    );
    assert!(host.sweep().await.unwrap().is_empty(), "warned once");
    clock.advance(Duration::from_secs(24 * 3600));
    let lost = host.sweep().await.unwrap();
    assert_eq!(lost.len(), 1);
    assert!(
        matches!(
            lost[0].reply.body[0],
            Msg::GameOver {
                outcome: dama_rules::Outcome {
                    result: GameResult::Win(Color::White),
                    reason: Reason::Timeout
                },
                ..
            }
        ),
        "{:?}",
        lost[0].reply.body
    );
    assert!(matches!(
        host.play(&who(BOB), "f6-f5").await,
        Err(HostError::Refused(Refusal::NoGame))
    ));
}

async fn a_restart_loses_nothing_and_the_ai_turn_is_resumed(db: TestDb) {
    let path = db.url();
    let clock = Clock::manual(UnixMs::from_secs(1_800_000_000));
    let host = open(&path, &clock).await;
    start_game(&host, true, CHANNEL).await;
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let r = host
        .play_ai(&at(CAROL, 42), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(r.ai_turn.is_none());
    let r = host.play(&at(CAROL, 42), "c3-c4").await.unwrap();
    let ai_game = r.ai_turn.unwrap();
    host.store().close().await;
    drop(host);

    let host = open(&path, &clock).await;
    let pending: Vec<_> = host
        .pending_ai_turns()
        .await
        .unwrap()
        .iter()
        .map(|t| t.game)
        .collect();
    assert_eq!(pending, vec![ai_game]);
    assert!(
        host.ai_move(ai_game, Lang::ENGLISH)
            .await
            .unwrap()
            .is_some()
    );
    assert!(host.pending_ai_turns().await.unwrap().is_empty());
    host.play(&who(BOB), "f6-f5").await.unwrap();
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    assert!(
        pdn(&host, &who(ALICE))
            .await
            .contains("1. e3-e4 f6-f5 2. d3-d4 *")
    );
}

async fn moves_submitted_at_once_are_played_once_each_ply(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let host = Arc::new(host);
    start_game(&host, false, CHANNEL).await;
    for (ply, mv) in ["e3-e4", "f6-f5", "d3-d4", "c6-c5"].iter().enumerate() {
        let mover = if ply % 2 == 0 { ALICE } else { BOB };
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let host = Arc::clone(&host);
                let mv = mv.to_string();
                tokio::spawn(async move { host.play(&who(mover), &mv).await })
            })
            .collect();
        let mut wins = 0;
        for t in tasks {
            match t.await.unwrap() {
                Ok(_) => wins += 1,
                Err(HostError::Refused(
                    Refusal::ChangedMeanwhile | Refusal::NotYourTurn { .. } | Refusal::Move(_),
                )) => {}
                Err(e) => panic!("unexpected: {e}"),
            }
        }
        assert_eq!(wins, 1, "ply {}", ply + 1);
    }
    assert!(
        pdn(&host, &who(ALICE))
            .await
            .contains("1. e3-e4 f6-f5 2. d3-d4 c6-c5 *")
    );
}

/// Plays a short decisive game: Bob resigns after two moves each.
async fn alice_beats_bob(host: &Host, channel: u64, alice: UserId, bob: UserId) {
    let c = host
        .challenge(&at(alice, channel), bob, ColorChoice::White, true, false)
        .await
        .unwrap();
    host.button(&at(bob, channel), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap();
    host.play(&at(alice, channel), "e3-e4").await.unwrap();
    host.play(&at(bob, channel), "f6-f5").await.unwrap();
    host.resign_confirmed(&at(bob, channel)).await.unwrap();
}

fn leaders(reply: &Reply) -> Vec<dama_core::host::Record> {
    match &reply.body[..] {
        [Msg::Leaderboard { rows, .. }] => rows.clone(),
        [Msg::NoRatedGames { .. }] => Vec::new(),
        other => panic!("{other:?}"),
    }
}

async fn ratings_follow_glicko2_and_only_rated_games_between_people_count(db: TestDb) {
    let (host, _, _) = host(&db).await;
    alice_beats_bob(&host, 1, ALICE, BOB).await;
    alice_beats_bob(&host, 2, CAROL, BOB).await;
    alice_beats_bob(&host, 3, ALICE, CAROL).await;

    // The same three results through the crate directly.
    let cfg = Glicko2Config::new();
    let fresh = Glicko2Rating::new();
    let (a1, b1) = glicko2(&fresh, &fresh, &Outcomes::WIN, &cfg);
    let (c1, b2) = glicko2(&fresh, &b1, &Outcomes::WIN, &cfg);
    let (a2, c2) = glicko2(&a1, &c1, &Outcomes::WIN, &cfg);
    let board = leaders(
        &host
            .leaderboard(&who(ALICE), Scope::Global, None)
            .await
            .unwrap(),
    );
    let order: Vec<(UserId, i64)> = board
        .iter()
        .map(|r| (r.user, r.rating.round() as i64))
        .collect();
    assert_eq!(
        order,
        vec![
            (ALICE, a2.rating.round() as i64),
            (CAROL, c2.rating.round() as i64),
            (BOB, b2.rating.round() as i64)
        ]
    );
    let alice = host
        .store()
        .rating(ALICE, dama_play::clock::SpeedClass::Correspondence)
        .await
        .unwrap()
        .unwrap();
    assert!(
        (alice.rating - a2.rating).abs() < 1e-9 && (alice.deviation - a2.deviation).abs() < 1e-9
    );
    assert_eq!((alice.games, alice.wins, alice.losses), (2, 2, 0));

    // Casual and AI games leave ratings alone.
    let c = host
        .challenge(&at(ALICE, 4), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    host.button(&at(BOB, 4), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap();
    host.play(&at(ALICE, 4), "e3-e4").await.unwrap();
    host.play(&at(BOB, 4), "f6-f5").await.unwrap();
    host.resign(&at(BOB, 4)).await.unwrap();
    host.play_ai(&at(ALICE, 5), Level::Easy, Color::White)
        .await
        .unwrap();
    host.resign(&at(ALICE, 5)).await.unwrap();
    assert_eq!(
        host.store()
            .rating(ALICE, dama_play::clock::SpeedClass::Correspondence)
            .await
            .unwrap()
            .unwrap(),
        alice
    );
    match &host.stats(&who(ALICE), ALICE).await.unwrap().body[..] {
        [Msg::Stats(s)] => {
            assert_eq!(
                (
                    s.record.games,
                    s.record.wins,
                    s.record.draws,
                    s.record.losses
                ),
                (2, 2, 0, 0)
            );
            assert_eq!(s.recent.len(), 2, "the rated games only");
        }
        other => panic!("{other:?}"),
    }
    // Server scope: only players of this server's rated games.
    assert_eq!(
        leaders(
            &host
                .leaderboard(&at(ALICE, 1), Scope::Server, None)
                .await
                .unwrap()
        )
        .len(),
        3
    );
    let elsewhere = host
        .leaderboard(
            &Who {
                guild: Some(GuildId(12345)),
                ..who(ALICE)
            },
            Scope::Server,
            None,
        )
        .await
        .unwrap();
    assert_eq!(
        elsewhere.body,
        vec![Msg::NoRatedGames {
            scope: Scope::Server,
            speed: None,
        }]
    );
}

async fn languages_chosen_by_players_and_servers_are_kept(db: TestDb) {
    let (host, _, path) = host(&db).await;
    let tr = Words::new().pick("tr").unwrap();
    host.set_language(&who(ALICE), dama_core::host::LanguageScope::Me, Some(tr))
        .await
        .unwrap();
    assert!(matches!(
        host.set_language(&who(BOB), dama_core::host::LanguageScope::Server, Some(tr))
            .await,
        Err(HostError::Refused(Refusal::NeedsManageServer))
    ));
    let admin = Who {
        admin: true,
        ..who(BOB)
    };
    host.set_language(
        &admin,
        dama_core::host::LanguageScope::Server,
        Some(Lang::ENGLISH),
    )
    .await
    .unwrap();
    host.store().close().await;
    let host = open(&path, &Clock::manual(UnixMs::from_secs(0))).await;
    let chosen = host.languages(Some(ALICE), Some(GUILD)).await.unwrap();
    assert_eq!(chosen.user.as_deref(), Some("tr"));
    assert_eq!(chosen.guild.as_deref(), Some("en-US"));
    host.set_language(&who(ALICE), dama_core::host::LanguageScope::Me, None)
        .await
        .unwrap();
    assert_eq!(host.languages(Some(ALICE), None).await.unwrap().user, None);
}

async fn a_second_host_on_the_same_database_never_plays_against_a_stale_position(db: TestDb) {
    let path = db.url();
    let clock = Clock::manual(UnixMs::from_secs(1_800_000_000));
    let a = open(&path, &clock).await;
    let b = open(&path, &clock).await;
    start_game(&a, false, CHANNEL).await;
    a.play(&who(ALICE), "e3-e4").await.unwrap();
    a.play(&who(BOB), "e6-e5").await.unwrap();
    // Host b now knows the game at ply 2, where White must capture e4xe6xe8.
    assert_eq!(
        b.complete_move(ChannelId(CHANNEL), "").await.unwrap(),
        vec!["e4xe6xe8"]
    );
    // On host a, Bob takes back e6-e5 and plays a6-a5 instead: ply 2 again, another position.
    a.takeback(&who(BOB)).await.unwrap();
    a.takeback(&who(ALICE)).await.unwrap();
    a.play(&who(BOB), "a6-a5").await.unwrap();
    // Host b must see the new position: the capture is gone, e4xe6xe8 is refused.
    assert!(matches!(
        b.play(&who(ALICE), "e4xe6xe8").await,
        Err(HostError::Refused(
            Refusal::Move(_) | Refusal::ChangedMeanwhile
        ))
    ));
    b.play(&who(ALICE), "e4-e5").await.unwrap();
    let pdn = String::from_utf8(a.pdn(&who(BOB)).await.unwrap().file.unwrap().bytes).unwrap();
    assert!(pdn.contains("1. e3-e4 a6-a5 2. e4-e5 *"), "{pdn}");
}

async fn several_hosts_on_one_database_store_only_legal_moves(db: TestDb) {
    use dama_rules::{Game, fen};
    let path = db.url();
    let clock = Clock::manual(UnixMs::from_secs(1_800_000_000));
    let first = open(&path, &clock).await;
    let channels = [11u64, 12, 13];
    for &c in &channels {
        start_game(&first, false, c).await;
    }
    let mut tasks = Vec::new();
    for seed in 0..3u64 {
        let host = open(&path, &clock).await;
        tasks.push(tokio::spawn(async move {
            let mut rng = crate::common::Rng(seed * 7919 + 1);
            let mut played = 0;
            for _ in 0..150 {
                let channel = channels[rng.below(channels.len())];
                let player = if rng.chance(50) { ALICE } else { BOB };
                if rng.chance(20) {
                    let _ = host.takeback(&at(player, channel)).await;
                    continue;
                }
                // A move this host believes legal; its view may be out of date.
                let Ok(moves) = host.complete_move(ChannelId(channel), "").await else {
                    continue;
                };
                if moves.is_empty() {
                    continue;
                }
                let mv = &moves[rng.below(moves.len())];
                if host.play(&at(player, channel), mv).await.is_ok() {
                    played += 1;
                }
            }
            played
        }));
    }
    let mut played = 0;
    for t in tasks {
        played += t.await.unwrap();
    }
    assert!(played > 50, "only {played} moves were played");
    // Every stored game replays with the engine, ply after ply, to its stored position.
    for &c in &channels {
        let row = first
            .store()
            .latest_game(ChannelId(c))
            .await
            .unwrap()
            .unwrap();
        let moves = first.store().moves(row.id).await.unwrap();
        assert_eq!(moves.len() as i64, row.ply, "game {} has a gap", row.id);
        let mut game = Game::new(fen::parse(&row.start_fen).unwrap());
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)
                .unwrap_or_else(|e| panic!("game {} ply {}: {m} is illegal: {e}", row.id, i + 1));
        }
        assert_eq!(fen::write(game.position()), row.fen);
    }
}

async fn a_damaged_game_is_reported_once_skipped_by_the_sweep_and_can_be_aborted(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    start_game(&host, false, 1).await;
    host.play(&at(ALICE, 1), "e3-e4").await.unwrap();
    start_game(&host, false, 2).await;
    host.play(&at(ALICE, 2), "e3-e4").await.unwrap();
    let damaged = host
        .store()
        .running_game(ChannelId(1))
        .await
        .unwrap()
        .unwrap()
        .id;
    // Another program writes nonsense into the first game's record.
    db.execute(&format!(
        "UPDATE moves SET notation = 'a1-a8' WHERE game_id = {0};
         UPDATE games SET version = version + 1 WHERE id = {0};",
        damaged.0
    ))
    .await;
    assert!(matches!(
        host.play(&at(BOB, 1), "f6-f5").await,
        Err(HostError::Refused(Refusal::Broken { game })) if game == damaged
    ));
    // Both games are due a warning: the damaged one is reported, the other still warned.
    clock.advance(Duration::from_secs(49 * 3600));
    let notices = host.sweep().await.unwrap();
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(notices.iter().any(|n| n.channel == ChannelId(1)
        && n.reply.body
            == vec![Msg::GameBroken {
                game: damaged,
                players: vec![ALICE, BOB]
            }]));
    assert!(notices.iter().any(|n| n.channel == ChannelId(2)
        && matches!(n.reply.body[..], [Msg::TimeWarning { player: BOB, .. }])));
    assert!(host.sweep().await.unwrap().is_empty(), "reported once");
    // A spectator cannot abort it; either player can.
    assert!(matches!(
        host.abort(&at(CAROL, 1)).await,
        Err(HostError::Refused(Refusal::CannotAbort))
    ));
    assert!(
        matches!(
            host.abort(&at(ALICE, 2)).await,
            Err(HostError::Refused(Refusal::CannotAbort))
        ),
        "a healthy game is not the players' to abort"
    );
    let r = host.abort(&at(BOB, 1)).await.unwrap();
    assert_eq!(
        r.body,
        vec![Msg::Aborted {
            game: damaged,
            by: BOB
        }]
    );
    // The channel can hold a game again; an admin may abort a healthy one.
    start_game(&host, false, 1).await;
    let admin = Who {
        admin: true,
        ..at(CAROL, 2)
    };
    assert!(host.abort(&admin).await.is_ok());
}

async fn an_expired_challenges_buttons_are_greyed_on_its_message(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::Random, true, false)
        .await
        .unwrap();
    let id = c.challenge().unwrap();
    host.set_challenge_message(id, dama_model::MessageId(4242))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    let notices = host.sweep().await.unwrap();
    let (message, buttons) = notices[0].settles.clone().expect("the message to settle");
    assert_eq!(message, dama_model::MessageId(4242));
    assert_eq!(buttons.len(), 2);
    assert!(buttons.iter().all(|b| b.disabled));
    assert_eq!(
        buttons[0].action.to_string(),
        button(&c, ButtonLabel::Accept)
    );
}

/// Alice's open challenge in [`CHANNEL`], at three days a move, Alice with White.
async fn open_challenge(host: &Host) -> Reply {
    host.challenge_on(
        &who(ALICE),
        None,
        ColorChoice::White,
        false,
        false,
        TimeControl::default(),
    )
    .await
    .unwrap()
}

async fn an_open_challenge_is_taken_by_whoever_accepts_first_but_its_challenger(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let c = open_challenge(&host).await;
    assert!(
        matches!(
            c.body[..],
            [Msg::ChallengeIssued {
                challenger: ALICE,
                challenged: None,
                ..
            }]
        ),
        "{c:?}"
    );
    assert!(c.mentions.is_empty(), "an open challenge pings nobody");
    let labels: Vec<_> = c.buttons.iter().map(|b| b.label).collect();
    assert_eq!(labels, [ButtonLabel::Accept, ButtonLabel::Cancel]);
    let accept = button(&c, ButtonLabel::Accept);
    let cancel = button(&c, ButtonLabel::Cancel);
    // Its challenger cannot take it, and nobody else can withdraw it.
    assert!(matches!(
        host.button(&who(ALICE), &accept).await,
        Err(HostError::Refused(Refusal::OwnChallenge))
    ));
    assert!(matches!(
        host.button(&who(CAROL), &cancel).await,
        Err(HostError::Refused(Refusal::NotYourOpenChallenge {
            challenger: ALICE
        }))
    ));
    // Bob takes it: the game is Alice's and Bob's, and says who took it.
    let board = host.button(&who(BOB), &accept).await.unwrap();
    assert_eq!(
        board.body[0],
        Msg::ChallengeTaken {
            challenger: ALICE,
            by: BOB,
            open: true,
        }
    );
    assert!(
        matches!(board.body[1], Msg::GameStarted { .. }),
        "{board:?}"
    );
    assert_eq!(
        board.mentions,
        vec![ALICE],
        "the challenger hears it was taken"
    );
    let row = host
        .store()
        .running_game(ChannelId(CHANNEL))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.white_id, row.black_id), (Some(ALICE), Some(BOB)));
    assert!(!row.rated);
    // Taken once.
    assert!(matches!(
        host.button(&who(CAROL), &accept).await,
        Err(HostError::Refused(Refusal::ChallengeClosed(
            dama_model::ChallengeStatus::Accepted
        )))
    ));
    let stored = host
        .store()
        .challenge(c.challenge().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.challenged_id, Some(BOB), "the taker is written down");

    // Its challenger may withdraw one; outside a server there is nobody to take it.
    let c = host
        .challenge_on(
            &at(ALICE, 7),
            None,
            ColorChoice::Random,
            true,
            false,
            TimeControl::default(),
        )
        .await
        .unwrap();
    let withdrawn = host
        .button(&at(ALICE, 7), &button(&c, ButtonLabel::Cancel))
        .await
        .unwrap();
    assert_eq!(withdrawn.body, vec![Msg::ChallengeWithdrawn { by: ALICE }]);
    let direct = Who {
        guild: None,
        ..at(ALICE, 8)
    };
    let refused = host
        .challenge_on(
            &direct,
            None,
            ColorChoice::Random,
            true,
            false,
            TimeControl::default(),
        )
        .await;
    assert!(matches!(
        refused,
        Err(HostError::Refused(Refusal::OpenChallengeNeedsServer))
    ));
    assert_eq!(
        host.store()
            .open_challenges_by(ALICE, host.clock().now())
            .await
            .unwrap(),
        0,
        "nothing stored"
    );
}

async fn two_players_taking_an_open_challenge_at_once_make_one_game(db: TestDb) {
    let (host, _, _) = host(&db).await;
    for round in 0..5 {
        let channel = 100 + round;
        let c = host
            .challenge_on(
                &at(ALICE, channel),
                None,
                ColorChoice::White,
                true,
                false,
                TimeControl::default(),
            )
            .await
            .unwrap();
        let accept = button(&c, ButtonLabel::Accept);
        let (bob_at, carol_at) = (at(BOB, channel), at(CAROL, channel));
        let (bob, carol) = tokio::join!(
            host.button(&bob_at, &accept),
            host.button(&carol_at, &accept)
        );
        assert!(bob.is_ok() != carol.is_ok(), "one game: {bob:?} {carol:?}");
        let taker = if bob.is_ok() { BOB } else { CAROL };
        let loser = if bob.is_ok() { carol } else { bob };
        assert!(
            matches!(
                loser.unwrap_err(),
                HostError::Refused(Refusal::ChallengeClosed(_) | Refusal::ChannelBusy { .. })
            ),
            "the second press is told it was taken"
        );
        let row = host
            .store()
            .running_game(ChannelId(channel))
            .await
            .unwrap()
            .unwrap();
        assert_eq!((row.white_id, row.black_id), (Some(ALICE), Some(taker)));
    }
}

async fn an_open_challenge_nobody_takes_expires_with_its_buttons_greyed(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let c = open_challenge(&host).await;
    host.set_challenge_message(c.challenge().unwrap(), dama_model::MessageId(77))
        .await
        .unwrap();
    clock.advance(Duration::from_secs(601));
    let notices = host.sweep().await.unwrap();
    assert_eq!(
        notices[0].reply.body,
        vec![Msg::ChallengeExpired {
            challenger: ALICE,
            challenged: None
        }]
    );
    let (_, buttons) = notices[0].settles.clone().unwrap();
    let labels: Vec<_> = buttons.iter().map(|b| (b.label, b.disabled)).collect();
    assert_eq!(
        labels,
        [(ButtonLabel::Accept, true), (ButtonLabel::Cancel, true)]
    );
}

async fn a_new_board_message_replaces_the_old_one(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let board = start_game(&host, false, CHANNEL).await;
    let game = board.game.unwrap();
    let m = dama_model::MessageId;
    let set = |boards: Vec<(dama_model::GameId, dama_model::MessageId)>| {
        let host = &host;
        let here = ChannelId(CHANNEL);
        async move {
            let boards: Vec<_> = boards.into_iter().map(|(g, m)| (g, here, m)).collect();
            let replaced = host.set_board_messages(&boards, &[]).await.unwrap();
            replaced
                .into_iter()
                .map(|(g, c, m)| {
                    assert_eq!(c, here, "a board replaced in its own channel");
                    (g, m)
                })
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(set(vec![(game, m(1))]).await, vec![]);
    assert_eq!(set(vec![(game, m(1))]).await, vec![]);
    assert_eq!(set(vec![(game, m(2))]).await, vec![(game, m(1))]);
    // A board remembered late (an older message) is the one to clear, and changes nothing.
    assert_eq!(set(vec![(game, m(1))]).await, vec![(game, m(1))]);
    assert_eq!(set(vec![(game, m(3))]).await, vec![(game, m(2))]);
    // Several boards of one game in one batch: every one but the newest is cleared.
    assert_eq!(
        set(vec![(game, m(4)), (game, m(5)), (game, m(6))]).await,
        vec![(game, m(3)), (game, m(4)), (game, m(5))]
    );
}

async fn the_stats_card_shows_the_rating_history_ranks_and_record(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    // Alice beats Bob three times, Carol once; then loses to Carol.
    for ch in 1..=3 {
        alice_beats_bob(&host, ch, ALICE, BOB).await;
        clock.advance(Duration::from_secs(86_400));
    }
    alice_beats_bob(&host, 4, ALICE, CAROL).await;
    clock.advance(Duration::from_secs(86_400));
    alice_beats_bob(&host, 5, CAROL, ALICE).await;
    let reply = host.stats(&who(ALICE), ALICE).await.unwrap();
    let stats = match &reply.body[..] {
        [Msg::Stats(s)] => s.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (stats.record.games, stats.record.wins, stats.record.losses),
        (5, 4, 1)
    );
    assert_eq!(stats.longest_streak, 4);
    assert_eq!(stats.favourite, Some((Player::User(BOB), 3)));
    assert_eq!(stats.recent.len(), 5);
    assert_eq!(
        stats.recent[0].result,
        dama_core::host::PlayerResult::Loss,
        "newest first"
    );
    let board = leaders(
        &host
            .leaderboard(&who(ALICE), Scope::Global, None)
            .await
            .unwrap(),
    );
    let place = board.iter().position(|r| r.user == ALICE).unwrap() as i64 + 1;
    assert_eq!(
        (stats.server_rank, stats.global_rank),
        (Some(place), Some(place))
    );
    // Elsewhere, Alice has no rank on that server.
    let away = Who {
        guild: Some(GuildId(999)),
        ..who(ALICE)
    };
    match &host.stats(&away, ALICE).await.unwrap().body[..] {
        [Msg::Stats(s)] => assert_eq!(s.server_rank, None),
        other => panic!("{other:?}"),
    }
    let history = host
        .store()
        .rating_history(ALICE, dama_play::clock::SpeedClass::Correspondence)
        .await
        .unwrap();
    assert_eq!(history.len(), 5);
    let peak = history.iter().map(|p| p.rating).fold(f64::MIN, f64::max);
    assert_eq!(stats.peak.map(|p| p.0), Some(peak));
    assert!((history.last().unwrap().rating - stats.record.rating).abs() < 1e-9);
    let card = reply.file.expect("a card");
    assert!(card.name.ends_with(".png") && card.bytes.starts_with(b"\x89PNG"));
    if let Ok(dir) = std::env::var("DAMA_CARD_OUT") {
        std::fs::write(format!("{dir}/card.png"), &card.bytes).unwrap();
    }
    // Someone who played only casual games gets the friendly card.
    let casual = host
        .play_ai(&at(CAROL, 77), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(casual.board.is_some());
    let r = host.stats(&who(CAROL), BOB).await.unwrap();
    assert!(r.file.is_some());
}

async fn the_rating_history_of_past_games_is_rebuilt_to_the_same_ratings(db: TestDb) {
    let (host, _, _) = host(&db).await;
    alice_beats_bob(&host, 1, ALICE, BOB).await;
    alice_beats_bob(&host, 2, CAROL, BOB).await;
    alice_beats_bob(&host, 3, ALICE, CAROL).await;
    let kept = host
        .store()
        .rating_history(BOB, dama_play::clock::SpeedClass::Correspondence)
        .await
        .unwrap();
    // As if the history had not been kept: forget it, then rebuild.
    db.execute("DELETE FROM rating_history").await;
    assert_eq!(host.rebuild_rating_history().await.unwrap(), 3);
    assert_eq!(
        host.store()
            .rating_history(BOB, dama_play::clock::SpeedClass::Correspondence)
            .await
            .unwrap(),
        kept
    );
    assert_eq!(host.rebuild_rating_history().await.unwrap(), 0, "only once");
}

/// The change a game page shows: each of Bob's games from his rating after the one before it
/// (the first from the starting 1500); nothing for a game he did not play.
async fn a_games_rating_change_is_from_the_rating_after_the_game_before(db: TestDb) {
    let (host, _, _) = host(&db).await;
    alice_beats_bob(&host, 1, ALICE, BOB).await;
    alice_beats_bob(&host, 2, CAROL, BOB).await;
    alice_beats_bob(&host, 3, BOB, CAROL).await;
    let speed = dama_play::clock::SpeedClass::Correspondence;
    let history = host.store().rating_history(BOB, speed).await.unwrap();
    assert_eq!(history.len(), 3);
    let mut before = 1500.0;
    for point in &history {
        let change = host
            .store()
            .rating_change(point.game_id, BOB, speed)
            .await
            .unwrap();
        assert_eq!(change, Some((point.rating, point.rating - before)));
        before = point.rating;
    }
    assert!(history[2].rating > history[1].rating, "Bob won the third");
    let alices = host.store().rating_history(ALICE, speed).await.unwrap();
    assert_eq!(
        host.store()
            .rating_change(alices[0].game_id, CAROL, speed)
            .await
            .unwrap(),
        None
    );
}

/// Discord's ids sit in SQL's signed 64-bit integers: ids with the top bit set (a console
/// name's hash may have it) come back as they went in, in games, ratings and names.
async fn ids_with_the_top_bit_set_come_back_as_they_went_in(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let (white, black) = (UserId(u64::MAX - 1), UserId(1 << 63 | 5));
    let channel = 1 << 63 | 9;
    alice_beats_bob(&host, channel, white, black).await;
    let speed = dama_play::clock::SpeedClass::Correspondence;
    let history = host.store().rating_history(black, speed).await.unwrap();
    assert_eq!(history.len(), 1);
    let game = host
        .store()
        .game(history[0].game_id)
        .await
        .unwrap()
        .expect("the game");
    assert_eq!(game.white_id, Some(white));
    assert_eq!(game.black_id, Some(black));
    assert_eq!(game.channel_id, ChannelId(channel));
    let mut names = host.store().player_names().await.unwrap();
    names.sort();
    assert_eq!(
        names,
        [
            (black, format!("player{}", black.0)),
            (white, format!("player{}", white.0))
        ]
    );
}

on_both_databases!(
    ids_with_the_top_bit_set_come_back_as_they_went_in,
    a_games_rating_change_is_from_the_rating_after_the_game_before,
    a_challenge_accepted_by_button_starts_a_game_with_a_board,
    moves_alternate_and_every_wrong_move_is_refused_without_changing_anything,
    the_board_says_whose_turn_it_is_until_when_and_that_a_capture_is_due,
    a_move_that_crowns_a_king_says_so,
    challenges_are_refused_to_oneself_and_in_a_busy_channel,
    challenges_can_be_declined_cancelled_and_expire,
    one_player_cannot_hold_many_open_challenges_or_ai_games,
    a_game_against_the_ai_goes_on_with_the_ai_answering,
    resigning_a_rated_game_is_confirmed_then_ends_it_naming_winner_and_loser,
    a_game_called_off_before_both_sides_moved_is_called_off_everywhere,
    a_draw_offered_and_accepted_ends_the_game_and_a_move_lapses_it,
    a_rated_draw_agreed_after_one_move_says_it_was_not_rated,
    a_takeback_needs_the_opponents_consent_except_against_the_ai_and_says_what_went_back,
    hints_are_for_casual_and_ai_games_only,
    board_moves_pdn_and_replay_are_there_for_the_asking,
    the_pictures_captions_follow_the_language_asked_for,
    stale_buttons_are_refused_politely,
    an_action_for_a_finished_game_never_falls_on_the_next_one_in_its_channel,
    a_slow_player_is_warned_once_then_loses_on_time,
    a_restart_loses_nothing_and_the_ai_turn_is_resumed,
    moves_submitted_at_once_are_played_once_each_ply,
    ratings_follow_glicko2_and_only_rated_games_between_people_count,
    languages_chosen_by_players_and_servers_are_kept,
    a_second_host_on_the_same_database_never_plays_against_a_stale_position,
    several_hosts_on_one_database_store_only_legal_moves,
    a_damaged_game_is_reported_once_skipped_by_the_sweep_and_can_be_aborted,
    an_expired_challenges_buttons_are_greyed_on_its_message,
    an_open_challenge_is_taken_by_whoever_accepts_first_but_its_challenger,
    two_players_taking_an_open_challenge_at_once_make_one_game,
    an_open_challenge_nobody_takes_expires_with_its_buttons_greyed,
    a_new_board_message_replaces_the_old_one,
    the_stats_card_shows_the_rating_history_ranks_and_record,
    the_rating_history_of_past_games_is_rebuilt_to_the_same_ratings,
);
