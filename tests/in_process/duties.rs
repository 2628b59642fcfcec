//! The host's duties run by the host for a front end ([`Audience`]): what they find reaches
//! the front end, and they stop when told to.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use dama_core::host::{AiTurn, Audience, GameChannel, Meeting, Msg, Notice, TournamentNews};
use dama_model::{ChannelId, ColorChoice, GuildId};
use dama_play::ai::Level;
use dama_rules::Color;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

/// A front end that notes what it was told.
#[derive(Default)]
struct Noted(Mutex<Vec<String>>);

impl Noted {
    fn note(&self, what: String) {
        self.0.lock().unwrap().push(what);
    }
    fn all(&self) -> Vec<String> {
        self.0.lock().unwrap().clone()
    }
}

impl Audience for Noted {
    async fn notices(&self, notices: Vec<Notice>) {
        for n in notices {
            for m in &n.reply.body {
                let kind = match m {
                    Msg::ChallengeExpired { .. } => "challenge expired",
                    Msg::NoFirstMove { .. } => "no first move",
                    _ => "other notice",
                };
                self.note(format!("{kind} in {}", n.channel.0));
            }
        }
    }
    async fn tournament_news(&self, news: TournamentNews) {
        self.note(format!("news of {}", news.tournament.0));
    }
    async fn owed_post(&self, owed: GameChannel) {
        self.note(format!("owed in {}", owed.channel.0));
    }
    async fn meeting(&self, m: Meeting) {
        self.note(format!("meeting in {}", m.channel.0));
    }
    async fn stalled_ai_turn(&self, turn: AiTurn) {
        self.note(format!("stalled AI turn in {}", turn.channel.0));
    }
    async fn daily_puzzle(&self, _guild: GuildId, channel: ChannelId) {
        self.note(format!("puzzle in {}", channel.0));
    }
}

async fn the_duties_tell_their_audience_what_they_find_and_stop_when_told(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    // A challenge nobody answers (channel 1), a live game whose first move never comes (2),
    // and a correspondence AI turn nobody thinks about (3).
    host.challenge(&at(ALICE, 1), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    host.play_ai_on(
        &at(BOB, 2),
        Level::Easy,
        Color::White,
        "1+0".parse().unwrap(),
    )
    .await
    .unwrap();
    host.play_ai(&at(CAROL, 3), Level::Easy, Color::White)
        .await
        .unwrap();
    host.play(&at(CAROL, 3), "c3-c4").await.unwrap();
    clock.advance(Duration::from_secs(601));

    let host = Arc::new(host);
    let noted = Arc::new(Noted::default());
    // An hour between sweeps: the first comes at the start.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let duties = tokio::spawn(Arc::clone(&host).run_duties(
        Arc::clone(&noted),
        Duration::from_secs(3_600),
        async {
            let _ = stopped.await;
        },
    ));
    let wanted = [
        "challenge expired in 1",
        "no first move in 2",
        "stalled AI turn in 3",
    ];
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !wanted.iter().all(|w| noted.all().iter().any(|n| n == w)) {
        assert!(
            std::time::Instant::now() < deadline,
            "told only {:?}",
            noted.all()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Each once: the sweep and the flags claim what they tell.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for w in wanted {
        assert_eq!(noted.all().iter().filter(|n| *n == w).count(), 1, "{w}");
    }

    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), duties)
        .await
        .expect("the duties stop when told")
        .unwrap();
    let told = noted.all().len();
    host.play_ai_on(
        &at(BOB, 4),
        Level::Easy,
        Color::White,
        "1+0".parse().unwrap(),
    )
    .await
    .unwrap();
    clock.advance(Duration::from_secs(31));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        noted.all().len(),
        told,
        "nothing told once the duties stopped"
    );
}

async fn a_seek_that_suits_another_is_paired_at_once_not_at_the_next_wave(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let host = Arc::new(host);
    let noted = Arc::new(Noted::default());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let duties = tokio::spawn(Arc::clone(&host).run_duties(
        Arc::clone(&noted),
        Duration::from_secs(3_600),
        async {
            let _ = stopped.await;
        },
    ));
    // Past the first ticks' wave: the next is two seconds away.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let control = "3+2".parse().unwrap();
    host.seek(&at(ALICE, 1), control, true, false)
        .await
        .unwrap();
    host.seek(&at(BOB, 2), control, true, false).await.unwrap();
    let began = std::time::Instant::now();
    while !noted.all().iter().any(|n| n == "meeting in 1") {
        assert!(
            began.elapsed() < Duration::from_millis(1_500),
            "told only {:?}",
            noted.all()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.send(()).unwrap();
    duties.await.unwrap();
}

on_both_databases!(
    the_duties_tell_their_audience_what_they_find_and_stop_when_told,
    a_seek_that_suits_another_is_paired_at_once_not_at_the_next_wave,
);
