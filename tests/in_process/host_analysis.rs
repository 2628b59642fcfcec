//! `/dama analyze` through the host (issue 13), on SQLite and PostgreSQL: a finished game for
//! anyone, a running casual game once both players ask (an AI game: its player alone), a rated
//! game only once it is over; the answer is the chart, the annotated PDN and the accuracy.

use crate::on_both_databases;
use dama_core::host::Refusal;
use std::sync::{Arc, Mutex};

use crate::common::db::TestDb;
use crate::common::hosting::*;

use dama_core::host::{AnalysisProgress, ButtonLabel, HostError, Lang, Msg, Player, Reply};
use dama_play::ai::Level;
use dama_rules::Color;

/// A progress listener that keeps what it heard.
fn listener() -> (AnalysisProgress, Arc<Mutex<Vec<u32>>>) {
    let heard = Arc::new(Mutex::new(Vec::new()));
    let keep = Arc::clone(&heard);
    (Arc::new(move |p| keep.lock().unwrap().push(p)), heard)
}

fn quiet() -> AnalysisProgress {
    Arc::new(|_| {})
}

/// Plays `plies` moves of Alice (White) and Bob, each the last of the legal moves in order.
async fn play_some(host: &dama_core::host::Host, plies: usize) {
    for i in 0..plies {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        let listed = host.legal_moves(&who(player)).await.unwrap();
        let Msg::LegalMoves { moves, .. } = &listed.body[0] else {
            panic!("{listed:?}");
        };
        let mv = moves.last().expect("a move").clone();
        host.play(&who(player), &mv)
            .await
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn analysis_of(reply: &Reply) -> (&[Option<u32>; 2], &[[usize; 3]; 2]) {
    match &reply.body[..] {
        [
            Msg::Analysis {
                accuracy, counts, ..
            },
        ] => (accuracy, counts),
        other => panic!("not an analysis: {other:?}"),
    }
}

async fn a_finished_game_is_analysed_for_anyone_with_the_chart_and_the_annotated_pdn(db: TestDb) {
    let (host, _, _) = host(&db).await;
    assert!(matches!(
        host.analyze(&who(CAROL), quiet()).await,
        Err(HostError::Refused(Refusal::NoGameYet))
    ));
    start_game(&host, false, CHANNEL).await;
    play_some(&host, 12).await;
    host.resign(&who(BOB)).await.unwrap();
    let (progress, heard) = listener();
    let reply = host.analyze(&who(CAROL), progress).await.unwrap();
    let (accuracy, _) = analysis_of(&reply);
    assert!(accuracy.iter().all(Option::is_some), "{accuracy:?}");
    let chart = reply.file.as_ref().expect("the chart");
    assert!(chart.name.ends_with("-analysis.png") && chart.bytes.starts_with(b"\x89PNG"));
    let pdn =
        String::from_utf8(reply.attachment.as_ref().expect("the PDN").bytes.clone()).expect("text");
    assert!(pdn.contains("[White \"player1001\"]"), "{pdn}");
    assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
    let heard = heard.lock().unwrap().clone();
    assert_eq!(heard.last(), Some(&100));
    assert!(heard.windows(2).all(|w| w[0] <= w[1]), "{heard:?}");
}

async fn a_running_casual_game_is_analysed_once_both_players_ask(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, false, CHANNEL).await;
    assert!(matches!(
        host.analyze(&who(ALICE), quiet()).await,
        Err(HostError::Refused(Refusal::NothingToAnalyse))
    ));
    play_some(&host, 6).await;
    assert!(matches!(
        host.analyze(&who(CAROL), quiet()).await,
        Err(HostError::Refused(Refusal::AnalysisForPlayersOnly))
    ));
    let asked = host.analyze(&who(ALICE), quiet()).await.unwrap();
    assert_eq!(
        asked.body,
        vec![Msg::AnalysisAsked {
            by: ALICE,
            other: BOB
        }]
    );
    assert_eq!(asked.mentions, vec![BOB]);
    // Asking twice is still one player asking.
    let again = host.analyze(&who(ALICE), quiet()).await.unwrap();
    assert!(matches!(again.body[..], [Msg::AnalysisAsked { .. }]));
    // A move in between: the game the first player agreed to show is gone.
    play_some(&host, 1).await;
    let after_move = host.analyze(&who(BOB), quiet()).await.unwrap();
    assert_eq!(
        after_move.body,
        vec![Msg::AnalysisAsked {
            by: BOB,
            other: ALICE
        }]
    );
    let reply = host.analyze(&who(ALICE), quiet()).await.unwrap();
    analysis_of(&reply);
    // The game goes on.
    play_some(&host, 0).await;
    assert!(host.board(&who(BOB)).await.is_ok());
}

async fn a_rated_game_is_analysed_only_once_it_is_over(db: TestDb) {
    let (host, _, _) = host(&db).await;
    start_game(&host, true, CHANNEL).await;
    play_some(&host, 6).await;
    for player in [ALICE, BOB] {
        assert!(matches!(
            host.analyze(&who(player), quiet()).await,
            Err(HostError::Refused(Refusal::NoAnalysisDuringRatedGames))
        ));
    }
    let ask = host.resign(&who(BOB)).await.unwrap();
    host.button(&who(BOB), &button(&ask, ButtonLabel::ConfirmResign))
        .await
        .unwrap();
    analysis_of(&host.analyze(&who(BOB), quiet()).await.unwrap());
}

async fn a_game_against_the_ai_is_analysed_for_its_player_alone(db: TestDb) {
    let (host, _, _) = host(&db).await;
    host.play_ai(&who(ALICE), Level::Easy, Color::White)
        .await
        .unwrap();
    assert!(matches!(
        host.analyze(&who(ALICE), quiet()).await,
        Err(HostError::Refused(Refusal::NothingToAnalyse))
    ));
    let reply = host.play(&who(ALICE), "d3-d4").await.unwrap();
    host.ai_move(reply.ai_turn.expect("the AI's turn"), Lang::ENGLISH)
        .await
        .unwrap();
    let reply = host.analyze(&who(ALICE), quiet()).await.unwrap();
    match &reply.body[..] {
        [Msg::Analysis { players, .. }] => {
            assert_eq!(players.white, Player::User(ALICE));
            assert_eq!(players.black, Player::Ai(Level::Easy));
        }
        other => panic!("{other:?}"),
    }
}

on_both_databases!(
    a_finished_game_is_analysed_for_anyone_with_the_chart_and_the_annotated_pdn,
    a_running_casual_game_is_analysed_once_both_players_ask,
    a_rated_game_is_analysed_only_once_it_is_over,
    a_game_against_the_ai_is_analysed_for_its_player_alone,
);
