//! Game endings racing a move, from two hosts on one database (as two processes would): a
//! resignation, a draw agreed, a takeback accepted, an abort, a loss on time and a move that
//! leaves no move each race the other side's move many times. Exactly one of the two happens,
//! and the stored record adds up: the moves match the ply count, an ended rated game that both
//! sides moved in is rated once, a called-off game is rated never.

use dama_model::Millis;
use std::sync::Arc;
use std::time::Duration;

use dama_core::host::{Clock, Host, HostResult, Msg, Who};
use dama_model::{ChannelId, ColorChoice, UserId};
use dama_model::{GameId, GameStatus};
use dama_rules::{Color, Game, GameResult, Reason, fen};
use dama_store::{self as store, GameRow};

use super::{ALICE, BOB, START, at, open};
use crate::common::db::TestDb;

/// Rounds per ending and database: the bugs these guard against showed in about a third of
/// the rounds.
const ROUNDS: u64 = 12;
const CAROL: UserId = UserId(3003);

struct Table {
    db: TestDb,
    clock: Clock,
    a: Arc<Host>,
    b: Arc<Host>,
}

impl Table {
    async fn new(db: TestDb) -> Table {
        let clock = Clock::manual(START);
        let a = Arc::new(open(&db, &clock).await);
        let b = Arc::new(open(&db, &clock).await);
        Table { db, clock, a, b }
    }

    /// A rated game between Alice (White) and Bob in `channel`, with these moves played.
    async fn game(&self, channel: u64, moves: &[(UserId, &str)]) -> GameId {
        let c = self
            .a
            .challenge(&at(ALICE, channel), BOB, ColorChoice::White, true, false)
            .await
            .unwrap();
        let accepted = self
            .a
            .accept_challenge(&at(BOB, channel), c.challenge().unwrap())
            .await
            .unwrap();
        self.a
            .start_accepted(&at(BOB, channel), accepted, None)
            .await
            .unwrap();
        for &(user, mv) in moves {
            self.a.play(&at(user, channel), mv).await.unwrap();
        }
        self.row(channel).await.id
    }

    async fn row(&self, channel: u64) -> GameRow {
        self.a
            .store()
            .latest_game(ChannelId(channel))
            .await
            .unwrap()
            .expect("a game in the channel")
    }

    async fn rating_rows(&self, game: GameId) -> usize {
        self.db
            .pairs(&format!(
                "SELECT CAST(user_id AS TEXT), CAST(rating AS TEXT) FROM rating_history WHERE game_id = {}",
                game.0
            ))
            .await
            .len()
    }

    /// What every stored game must satisfy, whoever won the race.
    async fn check_record(&self, channel: u64) -> GameRow {
        let row = self.row(channel).await;
        let moves = self.a.store().moves(row.id).await.unwrap();
        assert_eq!(moves.len() as i64, row.ply, "moves stored vs ply: {row:?}");
        let mut game = Game::new(fen::parse(&row.start_fen).unwrap());
        for m in &moves {
            game.play_text(m).unwrap();
        }
        assert_eq!(fen::write(game.position()), row.fen, "{row:?}");
        let rated_rows = self.rating_rows(row.id).await;
        let counts = row.status == GameStatus::Finished && row.rated && row.ply >= 2;
        assert_eq!(
            rated_rows,
            if counts { 2 } else { 0 },
            "rating rows of {row:?}"
        );
        match row.status {
            GameStatus::Aborted => assert!(row.result.is_none(), "{row:?}"),
            GameStatus::Finished => assert!(row.result.is_some(), "{row:?}"),
            GameStatus::Running => assert!(row.result.is_none(), "{row:?}"),
        }
        if row.reason == Some(Reason::Resignation) && row.status == GameStatus::Aborted {
            assert!(row.ply < 2, "called off after both moved: {row:?}");
        }
        row
    }

    /// Each player has as many rated games counted as rating rows stored.
    async fn check_players(&self) {
        for user in [ALICE, BOB] {
            let speed = dama_play::clock::SpeedClass::Correspondence;
            let games = self
                .a
                .store()
                .rating(user, speed)
                .await
                .unwrap()
                .map_or(0, |r| r.games);
            let rows = self
                .a
                .store()
                .rating_history(user, speed)
                .await
                .unwrap()
                .len() as i64;
            assert_eq!(games, rows, "games counted vs rated for {user:?}");
        }
    }
}

/// Runs both requests at once on the runtime's threads, one of them held back for a few task
/// switches that vary with the round, so that every order of their reads and writes turns up.
async fn race<E, M, T>(round: u64, ending: E, mv: M) -> (T, HostResult)
where
    E: std::future::Future<Output = T> + Send + 'static,
    M: std::future::Future<Output = HostResult> + Send + 'static,
    T: Send + 'static,
{
    let hold = |n: u64| async move {
        for _ in 0..n {
            tokio::task::yield_now().await;
        }
    };
    let (ending_waits, move_waits) = match round % 4 {
        0 => (0, 0),
        1 => (40 * round, 0),
        2 => (200 * round, 0),
        _ => (0, 2 * round),
    };
    let (e, m) = tokio::join!(
        tokio::spawn(async move {
            hold(ending_waits).await;
            ending.await
        }),
        tokio::spawn(async move {
            hold(move_waits).await;
            mv.await
        })
    );
    (e.unwrap(), m.unwrap())
}

fn admin(user: UserId, channel: u64) -> Who {
    Who {
        admin: true,
        ..at(user, channel)
    }
}

pub async fn a_resignation_racing_the_first_reply_is_a_call_off_or_a_rated_loss(db: TestDb) {
    let t = Table::new(db).await;
    let mut called_off = 0;
    for round in 0..ROUNDS {
        let channel = 100 + round;
        t.game(channel, &[(ALICE, "e3-e4")]).await;
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (resigned, moved) = race(
            round,
            async move { a.resign_confirmed(&at(ALICE, channel)).await },
            async move { b.play(&at(BOB, channel), "f6-f5").await },
        )
        .await;
        assert!(resigned.is_ok(), "the wish to resign stands: {resigned:?}");
        let row = t.check_record(channel).await;
        if moved.is_ok() {
            assert_eq!(row.ply, 2);
            assert_eq!(row.status, GameStatus::Finished, "{row:?}");
            assert_eq!(row.result, Some(GameResult::Win(dama_rules::Color::Black)));
            assert_eq!(row.reason, Some(Reason::Resignation));
        } else {
            called_off += 1;
            assert_eq!((row.ply, row.status), (1, GameStatus::Aborted), "{row:?}");
        }
    }
    t.check_players().await;
    eprintln!("resignation first in {called_off} of {ROUNDS} rounds");
}

pub async fn a_draw_accepted_while_the_offer_is_withdrawn_by_a_move_is_one_or_the_other(
    db: TestDb,
) {
    let t = Table::new(db).await;
    for round in 0..ROUNDS {
        let channel = 200 + round;
        t.game(channel, &[(ALICE, "e3-e4"), (BOB, "f6-f5")]).await;
        t.a.draw(&at(ALICE, channel)).await.unwrap();
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (accepted, moved) = race(
            round,
            async move { b.draw(&at(BOB, channel)).await },
            async move { a.play(&at(ALICE, channel), "d3-d4").await },
        )
        .await;
        let row = t.check_record(channel).await;
        if moved.is_ok() {
            // Bob's answer came after the move: refused, or a new offer of his own.
            assert_eq!((row.ply, row.status), (3, GameStatus::Running), "{row:?}");
            assert_ne!(
                row.draw_offer,
                Some(Color::White),
                "Alice's offer went with her move"
            );
        } else {
            assert!(accepted.is_ok(), "{accepted:?}");
            assert_eq!((row.ply, row.status), (2, GameStatus::Finished), "{row:?}");
            assert_eq!(row.reason, Some(Reason::Agreement));
        }
    }
    t.check_players().await;
}

pub async fn a_takeback_accepted_while_the_asker_moves_is_one_or_the_other(db: TestDb) {
    let t = Table::new(db).await;
    for round in 0..ROUNDS {
        let channel = 300 + round;
        t.game(channel, &[(ALICE, "e3-e4"), (BOB, "f6-f5")]).await;
        t.a.takeback(&at(ALICE, channel)).await.unwrap();
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (_, moved) = race(
            round,
            async move { b.takeback(&at(BOB, channel)).await },
            // Not a legal move once both plies are taken back.
            async move { a.play(&at(ALICE, channel), "e4-e5").await },
        )
        .await;
        let row = t.check_record(channel).await;
        assert_eq!(row.status, GameStatus::Running);
        assert_eq!(row.ply, if moved.is_ok() { 3 } else { 0 }, "{row:?}");
    }
}

pub async fn an_abort_racing_a_move_calls_the_game_off_whole(db: TestDb) {
    let t = Table::new(db).await;
    for round in 0..ROUNDS {
        let channel = 400 + round;
        t.game(channel, &[(ALICE, "e3-e4"), (BOB, "f6-f5")]).await;
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (aborted, moved) = race(
            round,
            async move { a.abort(&admin(CAROL, channel)).await },
            async move { b.play(&at(ALICE, channel), "d3-d4").await },
        )
        .await;
        assert!(aborted.is_ok(), "{aborted:?}");
        let row = t.check_record(channel).await;
        assert_eq!(row.status, GameStatus::Aborted);
        assert_eq!(row.ply, if moved.is_ok() { 3 } else { 2 }, "{row:?}");
    }
    t.check_players().await;
}

pub async fn a_loss_on_time_racing_a_late_move_is_one_or_the_other(db: TestDb) {
    let t = Table::new(db).await;
    for round in 0..ROUNDS {
        let channel = 500 + round;
        t.game(channel, &[(ALICE, "e3-e4"), (BOB, "f6-f5")]).await;
        t.clock.advance(Duration::from_secs(73 * 3600));
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (swept, moved) = race(round, async move { a.sweep().await }, async move {
            b.play(&at(ALICE, channel), "d3-d4").await
        })
        .await;
        // The move came after the deadline: it is refused, and whichever side of the race
        // wins ends the game on time, once.
        let by_sweep = swept
            .unwrap()
            .iter()
            .filter(|n| n.channel == ChannelId(channel))
            .count();
        let by_move = matches!(&moved, Ok(r) if r.body.first() == Some(&Msg::MoveTooLate));
        assert_eq!(by_sweep + usize::from(by_move), 1, "{moved:?}");
        let row = t.check_record(channel).await;
        assert_eq!((row.ply, row.status), (2, GameStatus::Finished), "{row:?}");
        assert_eq!(row.reason, Some(Reason::Timeout));
    }
    t.check_players().await;
}

/// White's move `c5xc7` takes Black's last piece while Black resigns.
pub async fn a_resignation_racing_the_last_move_ends_the_game_once(db: TestDb) {
    let t = Table::new(db).await;
    for round in 0..ROUNDS {
        let channel = 600 + round;
        let mut tx = t.a.store().write().await.unwrap();
        for (user, name) in [(ALICE, "alice"), (BOB, "bob")] {
            store::ensure_player(&mut tx, user, name).await.unwrap();
        }
        store::insert_game(
            &mut tx,
            store::NewGame {
                guild_id: None,
                channel_id: ChannelId(channel),
                white_id: Some(ALICE),
                black_id: Some(BOB),
                ai_level: None,
                rated: true,
                start_fen: "W:Wa2,c5:Bc7",
                warn_at: START + Millis::HOUR,
                deadline: START + Millis::HOUR * 2,
                now: START,
                clocks: dama_play::clock::Clocks::start(Default::default(), START),
                flag_at: None,
                tournament_id: None,
            },
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        t.a.play(&at(ALICE, channel), "a2-a3").await.unwrap();
        t.a.play(&at(BOB, channel), "c7-c6").await.unwrap();
        let (a, b) = (Arc::clone(&t.a), Arc::clone(&t.b));
        let (resigned, moved) = race(
            round,
            async move { a.resign_confirmed(&at(BOB, channel)).await },
            async move { b.play(&at(ALICE, channel), "c5xc7").await },
        )
        .await;
        assert!(
            resigned.is_ok() != moved.is_ok(),
            "exactly one ends it: {resigned:?} / {moved:?}"
        );
        let row = t.check_record(channel).await;
        assert_eq!(row.status, GameStatus::Finished);
        assert_eq!(row.result, Some(GameResult::Win(dama_rules::Color::White)));
        let (ply, reason) = if moved.is_ok() {
            (3, Reason::NoPieces)
        } else {
            (2, Reason::Resignation)
        };
        assert_eq!((row.ply, row.reason), (ply, Some(reason)), "{row:?}");
    }
    t.check_players().await;
}

/// The same races, one step at a time in the store: an ending or an offer decided on a game
/// that a move has passed since writes nothing.
pub async fn an_ending_or_an_offer_decided_before_a_move_writes_nothing(db: TestDb) {
    let t = Table::new(db).await;
    t.game(700, &[(ALICE, "e3-e4")]).await;
    let read = t.row(700).await;
    t.b.play(&at(BOB, 700), "f6-f5").await.unwrap();
    let store = t.a.store();
    let mut tx = store.write().await.unwrap();
    let stale = store::Expect::of(&read);
    let ended = store::end_game(&mut tx, stale, GameStatus::Aborted, None, None, START)
        .await
        .unwrap();
    assert!(!ended, "an abort decided at ply 1 was written at ply 2");
    let offered = store::set_offer(&mut tx, stale, store::Offer::Draw, Color::White)
        .await
        .unwrap();
    assert!(!offered, "an offer made on a position that has passed");
    tx.commit().await.unwrap();
    // An offer the asker did not see is not overwritten by theirs.
    let now = t.row(700).await;
    let mut tx = store.write().await.unwrap();
    let at_now = store::Expect::of(&now);
    assert!(
        store::set_offer(&mut tx, at_now, store::Offer::Draw, Color::Black)
            .await
            .unwrap()
    );
    assert!(
        !store::set_offer(&mut tx, at_now, store::Offer::Draw, Color::White)
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
    let row = t.check_record(700).await;
    assert_eq!(
        (row.status, row.ply, row.draw_offer),
        (GameStatus::Running, 2, Some(Color::Black))
    );
}
