//! Live games in the host, on a hand-moved clock: the first-move window, increments, flags to
//! the millisecond, a move racing a flag, the time given back after an outage, and two hosts
//! on one database posting one flag.

use dama_core::host::Refusal;
use dama_model::{Millis, UnixMs};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dama_core::host::{
    ButtonLabel, Caption, Captions, Clock, Host, HostConfig, HostError, Lang, Msg, Player, Reply,
    TurnClock,
};
use dama_core::words::Words;
use dama_model::{ChannelId, ColorChoice, GameStatus};
use dama_play::clock::TimeControl;
use dama_rules::{Color, GameResult, Outcome, Reason};
use dama_store::{GameRow, Store};

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

const MS: Duration = Duration::from_millis(1);

/// The language files, noting the last board caption asked for.
#[derive(Default)]
struct Recorded {
    words: Words,
    last: Mutex<Option<Caption>>,
}

impl Captions for Recorded {
    fn caption(&self, caption: &Caption, lang: Lang) -> String {
        *self.last.lock().unwrap() = Some(caption.clone());
        Captions::caption(&self.words, caption, lang)
    }
    fn analysis_chart(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        names: [&str; 2],
        result: &str,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> dama_play::render::Chart {
        Captions::analysis_chart(&self.words, lang, game, names, result, analysis)
    }
    fn analysis_notes(
        &self,
        lang: Lang,
        game: &dama_rules::Game,
        analysis: &dama_play::ai::analysis::Analysis,
    ) -> Vec<Option<dama_rules::pdn::Note>> {
        Captions::analysis_notes(&self.words, lang, game, analysis)
    }
}

/// A host whose board captions can be read back.
async fn recording_host(db: &TestDb) -> (Host, Clock, Arc<Recorded>) {
    let clock = Clock::manual(UnixMs::from_secs(1_800_000_000));
    let recorded = Arc::new(Recorded::default());
    let host = Host::new(
        Store::open(&db.url()).await.unwrap(),
        renderer(),
        Arc::clone(&recorded) as Arc<dyn Captions>,
        HostConfig::default(),
        clock.clone(),
    );
    (host, clock, recorded)
}

fn last_caption(recorded: &Recorded) -> Caption {
    recorded
        .last
        .lock()
        .unwrap()
        .clone()
        .expect("a board was drawn")
}

fn control(text: &str) -> TimeControl {
    text.parse().unwrap()
}

/// Alice (White) and Bob start a rated live game at `clock`.
async fn live_game(host: &Host, clock_text: &str) -> Reply {
    let c = host
        .challenge_on(
            &who(ALICE),
            Some(BOB),
            ColorChoice::White,
            true,
            false,
            control(clock_text),
        )
        .await
        .unwrap();
    host.button(&who(BOB), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap()
}

async fn row(host: &Host) -> GameRow {
    host.store()
        .latest_game(ChannelId(CHANNEL))
        .await
        .unwrap()
        .unwrap()
}

fn to_move_clock(reply: &Reply) -> (UnixMs, TurnClock) {
    reply
        .body
        .iter()
        .find_map(|m| match m {
            Msg::ToMove {
                deadline, clock, ..
            } => Some((*deadline, *clock)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no turn in {reply:?}"))
}

fn is_loss_on_time(m: &Msg, winner: Color) -> bool {
    matches!(
        m,
        Msg::GameOver {
            outcome: Outcome {
                result: GameResult::Win(w),
                reason: Reason::Timeout,
            },
            ..
        } if *w == winner
    )
}

/// Both sides make their first move (free of charge) after a second each; returns White's
/// flag moment.
async fn first_moves(host: &Host) -> UnixMs {
    let clock = host.clock();
    clock.advance(Duration::from_secs(1));
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    clock.advance(Duration::from_secs(1));
    host.play(&who(BOB), "f6-f5").await.unwrap();
    row(host).await.flag_at.unwrap()
}

async fn a_live_game_shows_both_clocks_charges_each_move_and_adds_the_increment(db: TestDb) {
    let (host, clock, recorded) = recording_host(&db).await;
    let start = live_game(&host, "1+2").await;
    assert!(matches!(
        start.body[0],
        Msg::GameStarted {
            control: TimeControl::Live {
                initial: Millis(60_000),
                increment: Millis(2_000)
            },
            ..
        }
    ));
    let t0 = clock.now();
    assert_eq!(
        to_move_clock(&start),
        (t0 + Millis(30_000), TurnClock::FirstMove { forfeit: false })
    );
    // The first moves cost nothing and add nothing.
    let flag = first_moves(&host).await;
    let r = row(&host).await;
    assert_eq!(
        (r.white_left, r.black_left),
        (Some(Millis(60_000)), Some(Millis(60_000)))
    );
    assert_eq!(
        flag,
        clock.now() + Millis(60_000),
        "White's clock runs from now"
    );
    clock.advance(Duration::from_millis(3_500));
    let reply = host.play(&who(ALICE), "d3-d4").await.unwrap();
    let r = row(&host).await;
    assert_eq!(r.white_left, Some(Millis(60_000 - 3_500 + 2_000)));
    assert_eq!(
        to_move_clock(&reply),
        (
            clock.now() + Millis(60_000),
            TurnClock::Live {
                white: Millis(58_500),
                black: Millis(60_000)
            }
        )
    );
    // The caption shows both clocks, Black's running.
    clock.advance(Duration::from_millis(51_000));
    let board = host.board(&who(BOB)).await.unwrap();
    // The words read the clocks when the picture does, not as the last move left them.
    assert_eq!(
        to_move_clock(&board).1,
        TurnClock::Live {
            white: Millis(58_500),
            black: Millis(9_000)
        }
    );
    let caption = last_caption(&recorded);
    assert_eq!(
        caption,
        Caption::Clocked {
            caption: Box::new(Caption::ToMove {
                side: Color::Black,
                number: 2,
            }),
            white: Millis(58_500),
            black: Millis(9_000),
        }
    );
    assert_eq!(
        Captions::caption(&Words::new(), &caption, Lang::ENGLISH),
        "Black to move · move 2   ○ 0:58   ● 9.0"
    );
}

/// `0+5` once gave White 0.0 after both first moves: a loss on time, rated, at once.
async fn a_clock_with_no_minutes_starts_with_its_increment_and_nobody_loses_at_once(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    live_game(&host, "0+5").await;
    let flag = first_moves(&host).await;
    let r = row(&host).await;
    assert_eq!(
        (r.white_left, r.black_left),
        (Some(Millis(5_000)), Some(Millis(5_000)))
    );
    assert_eq!(flag, clock.now() + Millis(5_000), "White has its 5 s");
    assert!(
        host.flags().await.unwrap().is_empty(),
        "no flag after the first moves"
    );
    clock.advance(Duration::from_millis(4_000));
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    let r = row(&host).await;
    assert_eq!(r.status, GameStatus::Running);
    assert_eq!(r.white_left, Some(Millis(5_000 - 4_000 + 5_000)));
    assert!(host.flags().await.unwrap().is_empty());
    assert_eq!(
        host.store().ratings_of(ALICE).await.unwrap(),
        vec![],
        "no rated game ended"
    );
}

async fn a_first_move_not_made_within_30_seconds_calls_the_game_off(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    live_game(&host, "3+2").await;
    clock.advance(Duration::from_secs(30) - MS);
    assert!(host.flags().await.unwrap().is_empty(), "29.999 s: not yet");
    clock.advance(MS);
    let notices = host.flags().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(
        notices[0].reply.body,
        vec![Msg::NoFirstMove {
            player: Player::User(ALICE)
        }]
    );
    let r = row(&host).await;
    assert_eq!((r.status, r.result), (GameStatus::Aborted, None));
    assert_eq!(
        host.store().ratings_of(ALICE).await.unwrap(),
        vec![],
        "not rated"
    );
    assert!(host.flags().await.unwrap().is_empty(), "posted once");

    // Black's first move has its own 30 s, from White's.
    live_game(&host, "3+2").await;
    clock.advance(Duration::from_secs(20));
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    clock.advance(Duration::from_secs(29));
    assert!(host.flags().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(1));
    let notices = host.flags().await.unwrap();
    assert_eq!(
        notices[0].reply.body,
        vec![Msg::NoFirstMove {
            player: Player::User(BOB)
        }]
    );
    assert_eq!(row(&host).await.status, GameStatus::Aborted);
}

async fn a_flag_falls_at_the_deadline_and_a_move_a_millisecond_late_is_refused(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag - Millis(1));
    assert!(host.flags().await.unwrap().is_empty(), "a millisecond left");
    clock.set(flag);
    let notices = host.flags().await.unwrap();
    assert_eq!(notices.len(), 1);
    let body = &notices[0].reply.body;
    assert!(is_loss_on_time(&body[0], Color::Black), "{body:?}");
    assert_eq!(
        body[1],
        Msg::FinalClocks {
            white: Millis(0),
            black: Millis(60_000)
        }
    );
    assert!(matches!(body[2], Msg::RatingChanges(_)), "{body:?}");
    assert!(host.flags().await.unwrap().is_empty(), "posted once");

    // A move that comes a millisecond after the flag is refused, and the flag is posted.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag + Millis(1));
    let late = host.play(&who(ALICE), "d3-d4").await.unwrap();
    assert_eq!(late.body[0], Msg::MoveTooLate);
    assert!(is_loss_on_time(&late.body[1], Color::Black), "{late:?}");
    let r = row(&host).await;
    assert_eq!((r.ply, r.status), (2, GameStatus::Finished));
    assert!(host.flags().await.unwrap().is_empty(), "posted once");

    // One millisecond early, the same move is played.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag - Millis(1));
    host.play(&who(ALICE), "d3-d4").await.unwrap();
    assert_eq!(row(&host).await.white_left, Some(Millis(1)));
}

/// A resignation 10 and 40 ms after White's flag once won the game for White ("1-0
/// resignation"): the flag comes first, whoever asks and whatever they ask.
async fn a_resignation_an_offer_or_an_answer_after_the_flag_is_refused_and_the_flag_decides(
    db: TestDb,
) {
    let (host, clock, _) = host(&db).await;
    for (late, asker) in [(10, BOB), (40, BOB), (10, ALICE)] {
        live_game(&host, "1+0").await;
        let flag = first_moves(&host).await;
        clock.set(flag + Millis(late));
        let reply = host.resign_confirmed(&who(asker)).await.unwrap();
        assert_eq!(reply.body[0], Msg::ActionTooLate);
        assert!(is_loss_on_time(&reply.body[1], Color::Black), "{reply:?}");
        let r = row(&host).await;
        assert_eq!(
            (r.result, r.reason),
            (Some(GameResult::Win(Color::Black)), Some(Reason::Timeout))
        );
        assert!(host.flags().await.unwrap().is_empty(), "posted once");
    }

    // A draw offered in time and accepted a millisecond after the flag: lost on time.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag - Millis(1));
    host.draw(&who(BOB)).await.unwrap();
    clock.set(flag + Millis(1));
    let reply = host.draw(&who(ALICE)).await.unwrap();
    assert_eq!(reply.body[0], Msg::ActionTooLate);
    assert!(is_loss_on_time(&reply.body[1], Color::Black), "{reply:?}");

    // A takeback asked after the flag: lost on time, nothing asked.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag + Millis(5));
    let reply = host.takeback(&who(BOB)).await.unwrap();
    assert_eq!(reply.body[0], Msg::ActionTooLate);
    assert_eq!(row(&host).await.takeback_offer, None);
    assert_eq!(row(&host).await.reason, Some(Reason::Timeout));

    // Once another hand posted the flag, a late resignation finds no game.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag + Millis(20));
    assert_eq!(host.flags().await.unwrap().len(), 1);
    assert!(matches!(
        host.resign_confirmed(&who(BOB)).await,
        Err(HostError::Refused(Refusal::NoGame))
    ));

    // A millisecond before the flag, the resignation stands.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag - Millis(1));
    host.resign_confirmed(&who(BOB)).await.unwrap();
    let r = row(&host).await;
    assert_eq!(
        (r.result, r.reason),
        (
            Some(GameResult::Win(Color::White)),
            Some(Reason::Resignation)
        )
    );
}

async fn a_move_counts_at_discords_stamp_within_its_turn(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    live_game(&host, "1+10").await;
    let flag = first_moves(&host).await;
    // Stamped before the flag, read after it (a slow gateway): it counts at its stamp.
    clock.set(flag + Millis(400));
    host.play_at(&who(ALICE), "d3-d4", Some(flag - Millis(100)))
        .await
        .unwrap();
    let r = row(&host).await;
    assert_eq!(r.white_left, Some(Millis(100 + 10_000)));
    assert_eq!(
        r.turn_began,
        flag - Millis(100),
        "Black's turn began at that stamp"
    );
    // A stamp from before the turn began claims nothing back.
    let black_began = r.turn_began;
    clock.advance(Duration::from_secs(1));
    host.play_at(&who(BOB), "e6-e5", Some(black_began - Millis(5_000)))
        .await
        .unwrap();
    assert_eq!(row(&host).await.black_left, Some(Millis(60_000 + 10_000)));
    // A stamp from the future counts as the moment the move arrived.
    clock.advance(Duration::from_secs(2));
    host.play_at(&who(ALICE), "e4xe6xe8", Some(clock.now() + Millis(60_000)))
        .await
        .unwrap();
    assert_eq!(
        row(&host).await.white_left,
        Some(Millis(10_100 - 3_500 + 10_000))
    );
}

async fn a_move_and_a_flag_at_the_same_instant_end_the_game_once(db: TestDb) {
    let (host, clock, url) = host(&db).await;
    let other = Arc::new(open(&url, &clock).await);
    let host = Arc::new(host);
    for round in 0..6u64 {
        live_game(&host, "1+0").await;
        let flag = first_moves(&host).await;
        clock.set(flag);
        let (a, b) = (Arc::clone(&host), Arc::clone(&other));
        let (flags, moved) = tokio::join!(
            tokio::spawn(async move {
                for _ in 0..round * 20 {
                    tokio::task::yield_now().await;
                }
                b.flags().await.unwrap()
            }),
            tokio::spawn(async move { a.play(&who(ALICE), "d3-d4").await })
        );
        let (flags, moved) = (flags.unwrap(), moved.unwrap());
        let by_move = matches!(&moved, Ok(r) if r.body[0] == Msg::MoveTooLate);
        assert!(
            by_move || matches!(moved, Err(HostError::Refused(Refusal::NoGame))),
            "{moved:?}"
        );
        assert_eq!(flags.len() + usize::from(by_move), 1, "one post: {flags:?}");
        let r = row(&host).await;
        assert_eq!((r.ply, r.reason), (2, Some(Reason::Timeout)));
    }
}

async fn time_when_no_process_ran_is_given_back_and_an_earlier_flag_still_falls(db: TestDb) {
    let (host, clock, url) = host(&db).await;
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.advance(Duration::from_secs(10));
    host.beat().await.unwrap();
    // The bot is down for 100 s; a new process starts.
    clock.advance(Duration::from_secs(100));
    let restarted = open(&url, &clock).await;
    assert_eq!(
        restarted.resume_clocks().await.unwrap(),
        Some(Duration::from_secs(100))
    );
    assert!(restarted.flags().await.unwrap().is_empty());
    let r = row(&restarted).await;
    assert_eq!(r.flag_at, Some(flag + Millis(100_000)));
    // White still has 50 s: moving 49 s later is in time.
    clock.advance(Duration::from_secs(49));
    restarted.play(&who(ALICE), "d3-d4").await.unwrap();
    assert_eq!(row(&restarted).await.white_left, Some(Millis(1_000)));
    // A second process starting now finds the bot running: nothing more is given back.
    restarted.beat().await.unwrap();
    let third = open(&url, &clock).await;
    assert_eq!(third.resume_clocks().await.unwrap(), None);

    // A flag that fell before the outage falls at the start.
    let flag = row(&restarted).await.flag_at.unwrap();
    clock.set(flag + Millis(2_000));
    restarted.beat().await.unwrap();
    clock.advance(Duration::from_secs(60));
    let fourth = open(&url, &clock).await;
    fourth.resume_clocks().await.unwrap();
    let notices = fourth.flags().await.unwrap();
    assert_eq!(notices.len(), 1);
    assert!(is_loss_on_time(&notices[0].reply.body[0], Color::White));
}

async fn two_hosts_on_one_database_post_one_flag(db: TestDb) {
    let (host, clock, url) = host(&db).await;
    let other = Arc::new(open(&url, &clock).await);
    let host = Arc::new(host);
    live_game(&host, "1/4+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag + Millis(300));
    let (a, b) = (Arc::clone(&host), Arc::clone(&other));
    let (x, y) = tokio::join!(
        tokio::spawn(async move { a.flags().await.unwrap() }),
        tokio::spawn(async move { b.flags().await.unwrap() })
    );
    assert_eq!(x.unwrap().len() + y.unwrap().len(), 1);
}

async fn takebacks_give_no_time_back_and_endings_stop_the_clocks(db: TestDb) {
    let (host, clock, recorded) = recording_host(&db).await;
    live_game(&host, "1+0").await;
    first_moves(&host).await;
    clock.advance(Duration::from_secs(10));
    host.play(&who(ALICE), "d3-d4").await.unwrap(); // White 50 s
    clock.advance(Duration::from_secs(5));
    host.takeback(&who(ALICE)).await.unwrap();
    host.takeback(&who(BOB)).await.unwrap();
    // Bob's 5 s stay spent; Alice's turn begins again with her 50 s.
    let r = row(&host).await;
    assert_eq!(
        (r.ply, r.white_left, r.black_left),
        (2, Some(Millis(50_000)), Some(Millis(55_000)))
    );
    assert_eq!(r.flag_at, Some(clock.now() + Millis(50_000)));
    clock.advance(Duration::from_secs(7));
    let resigned = host.resign_confirmed(&who(ALICE)).await.unwrap();
    assert!(
        resigned.body.contains(&Msg::FinalClocks {
            white: Millis(43_000),
            black: Millis(55_000)
        }),
        "{resigned:?}"
    );
    let r = row(&host).await;
    assert_eq!(
        (r.white_left, r.black_left),
        (Some(Millis(43_000)), Some(Millis(55_000)))
    );
    // The clocks of an ended game stand still.
    clock.advance(Duration::from_secs(30));
    host.board(&who(BOB)).await.unwrap();
    assert!(
        matches!(
            last_caption(&recorded),
            Caption::Clocked {
                white: Millis(43_000),
                black: Millis(55_000),
                ..
            }
        ),
        "{:?}",
        last_caption(&recorded)
    );
}

async fn correspondence_games_keep_their_days_and_a_missing_first_move_calls_them_off(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    live_game(&host, "1d").await;
    let r = row(&host).await;
    assert_eq!(r.flag_at, None);
    assert_eq!(r.deadline, clock.now() + Millis::DAY);
    assert_eq!(
        r.warn_at,
        r.deadline - Millis::HOUR * 8,
        "warned a third of the day before"
    );
    clock.advance(Duration::from_secs(86_400));
    let swept = host.sweep().await.unwrap();
    assert_eq!(
        swept[0].reply.body,
        vec![Msg::NoFirstMove {
            player: Player::User(ALICE)
        }]
    );
    assert_eq!(row(&host).await.status, GameStatus::Aborted);
}

async fn the_ai_plays_on_its_clock_and_its_first_move_at_once(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let start = host
        .play_ai_on(
            &who(ALICE),
            dama_play::ai::Level::Master,
            Color::Black,
            control("1/2+0"),
        )
        .await
        .unwrap();
    let game = start.ai_turn.expect("the AI opens");
    let reply = host
        .ai_move(game, dama_core::host::Lang::ENGLISH)
        .await
        .unwrap()
        .unwrap();
    assert!(matches!(reply.body[0], Msg::Played { .. }));
    let (deadline, turn) = to_move_clock(&reply);
    assert_eq!(turn, TurnClock::FirstMove { forfeit: false });
    assert_eq!(deadline, clock.now() + Millis(30_000));
    assert_eq!(row(&host).await.time_control, control("1/2+0"));
}

async fn the_pdn_records_the_time_control_and_each_moves_clock_and_the_replay_shows_them(
    db: TestDb,
) {
    let (host, clock, recorded) = recording_host(&db).await;
    live_game(&host, "1+2").await;
    first_moves(&host).await;
    clock.advance(Duration::from_millis(4_300));
    host.play(&who(ALICE), "d3-d4").await.unwrap(); // White 57.7 s
    clock.advance(Duration::from_millis(52_000));
    host.play(&who(BOB), "e6-e5").await.unwrap(); // Black 10 s
    clock.advance(Duration::from_millis(1_000));
    host.play(&who(ALICE), "e4xe6xe8").await.unwrap(); // White 58.7 s
    let file = host.pdn(&who(ALICE)).await.unwrap().file.unwrap();
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(text.contains("[TimeControl \"60+2\"]"), "{text}");
    let (_, game, clocks) = dama_rules::pdn::read_with_clocks(&text).unwrap();
    assert_eq!(game.ply_count(), 5);
    assert_eq!(
        clocks,
        [60, 60, 57, 10, 58].map(|s| Some(Duration::from_secs(s))),
        "{text}"
    );
    // The replay's last frame shows both clocks after the last move.
    host.replay(&who(ALICE)).await.unwrap();
    assert!(
        matches!(
            last_caption(&recorded),
            Caption::Clocked {
                white: Millis(58_700),
                black: Millis(10_000),
                ..
            }
        ),
        "{:?}",
        last_caption(&recorded)
    );
    // A correspondence game's record says one move in three days.
    host.resign_confirmed(&who(BOB)).await.unwrap();
    crate::common::hosting::start_game(&host, false, CHANNEL).await;
    let file = host.pdn(&who(ALICE)).await.unwrap().file.unwrap();
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(text.contains("[TimeControl \"1/259200\"]"), "{text}");
    assert!(!text.contains("%clk"), "{text}");
}

async fn each_speed_class_has_its_own_rating_leaderboard_and_card(db: TestDb) {
    use dama_core::host::Scope;
    use dama_play::clock::SpeedClass::{Bullet, Correspondence};
    let (host, clock, _) = host(&db).await;
    // A rated bullet game: Alice's flag falls.
    live_game(&host, "1+0").await;
    let flag = first_moves(&host).await;
    clock.set(flag);
    assert_eq!(host.flags().await.unwrap().len(), 1);
    let store = host.store();
    let bob_bullet = store.rating(BOB, Bullet).await.unwrap().unwrap();
    assert_eq!((bob_bullet.games, bob_bullet.wins), (1, 1));
    assert!(bob_bullet.rating > 1500.0);
    assert_eq!(store.rating(BOB, Correspondence).await.unwrap(), None);
    // Two rated correspondence games that Alice wins: Bob resigns.
    for channel in [CHANNEL, CHANNEL + 1] {
        start_game(&host, true, channel).await;
        host.play(&at(ALICE, channel), "e3-e4").await.unwrap();
        host.play(&at(BOB, channel), "f6-f5").await.unwrap();
        host.resign_confirmed(&at(BOB, channel)).await.unwrap();
    }
    assert_eq!(
        store.rating(BOB, Bullet).await.unwrap().unwrap(),
        bob_bullet
    );
    let alice = store.rating(ALICE, Correspondence).await.unwrap().unwrap();
    assert_eq!((alice.games, alice.wins), (2, 2));
    assert_eq!(
        store.rating_history(ALICE, Bullet).await.unwrap().len(),
        1,
        "the bullet game is on Alice's bullet curve only"
    );
    // The leaderboard shows the class played most, or the one asked for.
    let leaders = |r: &Reply| match &r.body[..] {
        [Msg::Leaderboard { speed, rows, .. }] => {
            (*speed, rows.iter().map(|r| r.user).collect::<Vec<_>>())
        }
        other => panic!("{other:?}"),
    };
    let board = host
        .leaderboard(&who(ALICE), Scope::Server, None)
        .await
        .unwrap();
    assert_eq!(leaders(&board), (Correspondence, vec![ALICE, BOB]));
    let board = host
        .leaderboard(&who(ALICE), Scope::Global, Some(Bullet))
        .await
        .unwrap();
    assert_eq!(leaders(&board), (Bullet, vec![BOB, ALICE]));
    let none = host
        .leaderboard(
            &who(ALICE),
            Scope::Global,
            Some(dama_play::clock::SpeedClass::Rapid),
        )
        .await
        .unwrap();
    assert_eq!(
        none.body,
        vec![Msg::NoRatedGames {
            scope: Scope::Global,
            speed: Some(dama_play::clock::SpeedClass::Rapid)
        }]
    );
    // The card: the class played most, with the others listed.
    let stats = host.stats(&who(ALICE), ALICE).await.unwrap();
    let Msg::Stats(s) = &stats.body[0] else {
        panic!("{stats:?}")
    };
    assert_eq!(s.speed, Some(Correspondence));
    assert_eq!((s.record.games, s.record.wins), (2, 2));
    assert_eq!(s.others.len(), 1);
    assert_eq!(s.others[0].0, Bullet);
    assert_eq!((s.others[0].1.games, s.others[0].1.losses), (1, 1));
    assert_eq!(s.recent.len(), 2, "the class's own games");
}

async fn ratings_kept_before_clocks_become_the_correspondence_ones(db: TestDb) {
    let (host, clock, url) = host(&db).await;
    drop(host);
    db.execute(
        "INSERT INTO players (user_id, name, rating, deviation, volatility, games, wins, losses, draws)
         VALUES (77, 'old', 1712.5, 80, 0.059, 30, 20, 8, 2), (78, 'new', 1500, 350, 0.06, 0, 0, 0, 0)",
    )
    .await;
    // The database as it was before migration 10.
    db.execute("DROP TABLE ratings").await;
    db.execute("ALTER TABLE rating_history DROP COLUMN speed")
        .await;
    db.execute("DELETE FROM _sqlx_migrations WHERE version = 10")
        .await;
    let host = open(&url, &clock).await;
    let old = host
        .store()
        .rating(
            dama_model::UserId(77),
            dama_play::clock::SpeedClass::Correspondence,
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            old.name.as_str(),
            old.rating,
            old.deviation,
            old.games,
            old.wins,
            old.losses,
            old.draws
        ),
        ("old", 1712.5, 80.0, 30, 20, 8, 2)
    );
    assert_eq!(
        host.store()
            .ratings_of(dama_model::UserId(78))
            .await
            .unwrap(),
        vec![]
    );
}

/// The columns migration 15 turned from seconds into milliseconds (and gave an `_ms` name).
const COLUMNS_ONCE_IN_SECONDS: &[(&str, &str)] = &[
    ("challenges", "expires_at"),
    ("challenges", "created_at"),
    ("games", "warn_at"),
    ("games", "deadline"),
    ("games", "created_at"),
    ("games", "updated_at"),
    ("moves", "played_at"),
    ("rating_history", "played_at"),
    ("puzzle_attempts", "started_at"),
    ("puzzle_attempts", "updated_at"),
    ("leases", "expires_at"),
    ("ai_claims", "expires_at"),
    ("mined_puzzles", "played_at"),
    ("mined_games", "mined_at"),
];

async fn moments_stored_in_seconds_before_migration_15_are_read_as_the_same_moments(db: TestDb) {
    let (host, clock, url) = host(&db).await;
    live_game(&host, "3d").await;
    clock.advance(Duration::from_millis(1_500));
    host.play(&who(ALICE), "e3-e4").await.unwrap();
    let before = row(&host).await;
    drop(host);
    // The database as it was before migration 15: the same moments, in whole seconds.
    for (table, column) in COLUMNS_ONCE_IN_SECONDS {
        db.execute(&format!(
            "ALTER TABLE {table} RENAME COLUMN {column}_ms TO {column}"
        ))
        .await;
        db.execute(&format!("UPDATE {table} SET {column} = {column} / 1000"))
            .await;
    }
    db.execute("DELETE FROM _sqlx_migrations WHERE version = 15")
        .await;
    let host = open(&url, &clock).await;
    let after = row(&host).await;
    let second = |t: UnixMs| UnixMs::from_secs(t.whole_secs());
    assert_ne!(
        before.updated_at,
        second(before.updated_at),
        "a moment within a second"
    );
    assert_eq!(
        [
            after.created_at,
            after.updated_at,
            after.warn_at,
            after.deadline
        ],
        [
            before.created_at,
            before.updated_at,
            before.warn_at,
            before.deadline
        ]
        .map(second)
    );
    // The game goes on from where it was, on its days.
    host.play(&who(BOB), "f6-f5").await.unwrap();
    assert_eq!(row(&host).await.deadline, clock.now() + Millis::DAY * 3);
}

on_both_databases!(
    moments_stored_in_seconds_before_migration_15_are_read_as_the_same_moments,
    each_speed_class_has_its_own_rating_leaderboard_and_card,
    ratings_kept_before_clocks_become_the_correspondence_ones,
    the_pdn_records_the_time_control_and_each_moves_clock_and_the_replay_shows_them,
    a_live_game_shows_both_clocks_charges_each_move_and_adds_the_increment,
    a_first_move_not_made_within_30_seconds_calls_the_game_off,
    a_clock_with_no_minutes_starts_with_its_increment_and_nobody_loses_at_once,
    a_flag_falls_at_the_deadline_and_a_move_a_millisecond_late_is_refused,
    a_resignation_an_offer_or_an_answer_after_the_flag_is_refused_and_the_flag_decides,
    a_move_counts_at_discords_stamp_within_its_turn,
    a_move_and_a_flag_at_the_same_instant_end_the_game_once,
    time_when_no_process_ran_is_given_back_and_an_earlier_flag_still_falls,
    two_hosts_on_one_database_post_one_flag,
    takebacks_give_no_time_back_and_endings_stop_the_clocks,
    correspondence_games_keep_their_days_and_a_missing_first_move_calls_them_off,
    the_ai_plays_on_its_clock_and_its_first_move_at_once,
);
