//! Puzzles through the host, with a hand-moved clock: today's puzzle for everyone, three
//! tries, streaks across days, a try sent twice, practice puzzles (by theme too), ratings, the
//! daily post, and the puzzles found in the games played on the bot.
use crate::on_both_databases;
use dama_core::host::Refusal;
use dama_model::{Day, Millis, UnixMs};
use std::sync::Arc;

use crate::common::db::TestDb;

use dama_core::host::{
    Clock, Host, HostConfig, HostError, Lang, Msg, Practice, PuzzleMsg, Reply, ThemeLine, Who,
};
use dama_core::words::Words;
use dama_model::{ChannelId, GuildId, UserId};
use dama_play::clock::{Clocks, TimeControl};
use dama_play::puzzle::{self, Puzzle, Theme};
use dama_play::render::Renderer;
use dama_rules::{Color, Move, fen};
use dama_store::NewGame;
use dama_store::Store;

const ALICE: UserId = UserId(2001);
const BOB: UserId = UserId(2002);
const GUILD: GuildId = GuildId(88);
/// 2027-01-15 12:00 UTC, 15:00 in Türkiye.
const NOON: UnixMs = UnixMs::from_secs(1_800_014_400 - 1_800_014_400 % 86_400 + 12 * 3600);
const DAY: Millis = Millis::DAY;
/// Days' puzzles in turn in these tests (the rest are practice).
const DAILY: usize = 4;

async fn open(url: &str, clock: &Clock) -> Host {
    let store = Store::open(url).await.unwrap();
    let config = HostConfig {
        // Puzzles whose first turn offers three wrong moves, to spend all the tries.
        puzzles: Arc::new(
            puzzle::shipped()
                .iter()
                .filter(|p| p.start.legal_moves().len() >= 4)
                .take(8)
                .cloned()
                .collect(),
        ),
        daily_puzzles: DAILY,
        ..HostConfig::default()
    };
    Host::new(
        store,
        Arc::new(Renderer::default()),
        Arc::new(Words::new()),
        config,
        clock.clone(),
    )
}

async fn host(db: &TestDb) -> (Host, Clock, String) {
    let url = db.url();
    let clock = Clock::manual(NOON);
    (open(&url, &clock).await, clock, url)
}

fn who(user: UserId) -> Who {
    Who {
        user,
        name: format!("player{}", user.0),
        channel: ChannelId(600),
        guild: Some(GUILD),
        lang: Lang::ENGLISH,
        admin: false,
        game: None,
    }
}

fn said(reply: &Reply) -> &PuzzleMsg {
    match reply.body.first() {
        Some(Msg::Puzzle(m)) => m,
        other => panic!("not a puzzle message: {other:?}"),
    }
}

/// Today's puzzle by the host's rule.
fn todays(host: &Host, clock: &Clock) -> Puzzle {
    let day = Day::in_turkiye(clock.now());
    host.config().puzzles[day.0.rem_euclid(DAILY as i64) as usize].clone()
}

/// The solver's `step`-th right move, as text.
fn right(p: &Puzzle, step: usize) -> String {
    let game = p.game_at(step);
    game.position().notation(&p.line[2 * step])
}

/// A legal move that is not the answer at `step`.
fn wrong(p: &Puzzle, step: usize) -> String {
    let game = p.game_at(step);
    let pos = game.position();
    let mv: Move = pos
        .legal_moves()
        .into_iter()
        .find(|m| *m != p.line[2 * step])
        .expect("a puzzle's turns offer a choice");
    pos.notation(&mv)
}

/// Three different wrong first moves.
fn three_wrong_moves(p: &Puzzle) -> Vec<String> {
    let game = p.game_at(0);
    let pos = game.position();
    pos.legal_moves()
        .into_iter()
        .filter(|m| *m != p.line[0])
        .map(|m| pos.notation(&m))
        .take(3)
        .collect()
}

async fn solve(host: &Host, w: &Who, p: &Puzzle) -> Reply {
    let mut last = None;
    for step in 0..p.moves() {
        last = Some(host.puzzle_move(w, &right(p, step)).await.unwrap());
    }
    last.unwrap()
}

async fn streak(host: &Host, user: UserId) -> (i64, i64) {
    let r = host.puzzle_stats(&who(user), None).await.unwrap();
    match said(&r) {
        PuzzleMsg::Stats {
            streak,
            best_streak,
            ..
        } => (*streak, *best_streak),
        other => panic!("{other:?}"),
    }
}

async fn todays_puzzle_is_the_same_for_everyone_privately_and_turns_at_midnight_in_turkiye(
    db: TestDb,
) {
    let (host, clock, _) = host(&db).await;
    // 20:59 UTC is 23:59 in Türkiye: still today.
    clock.set(NOON + Millis::from_minutes(8 * 60 + 59));
    let a = host.puzzle(&who(ALICE), false).await.unwrap();
    let b = host.puzzle(&who(BOB), false).await.unwrap();
    assert!(a.ephemeral && b.ephemeral, "a puzzle is shown privately");
    assert_eq!(a.board, b.board);
    let p = todays(&host, &clock);
    match said(&a) {
        PuzzleMsg::Shown {
            date: Some(_),
            solver,
            moves,
            tries_left: 3,
            ..
        } => {
            assert_eq!(*solver, p.solver());
            assert_eq!(*moves, p.moves());
        }
        other => panic!("{other:?}"),
    }
    // 21:00 UTC is midnight in Türkiye: a new puzzle.
    clock.set(NOON + Millis::HOUR * 9);
    let c = host.puzzle(&who(ALICE), false).await.unwrap();
    assert_ne!(todays(&host, &clock), p);
    assert_ne!(c.board, a.board);
}

async fn right_moves_are_answered_by_the_defence_until_the_puzzle_is_solved(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let p = todays(&host, &clock);
    host.puzzle(&who(ALICE), false).await.unwrap();
    for step in 0..p.moves() - 1 {
        let r = host
            .puzzle_move(&who(ALICE), &right(&p, step))
            .await
            .unwrap();
        let defence = p.game_at(step + 1);
        let (before, mv) = defence.last_move().unwrap();
        match said(&r) {
            PuzzleMsg::Right {
                played,
                defence,
                moves_left,
                ..
            } => {
                assert_eq!(played, &right(&p, step));
                assert_eq!(defence, &before.notation(&mv));
                assert_eq!(*moves_left, p.moves() - step - 1);
            }
            other => panic!("{other:?}"),
        }
        assert!(r.board.is_some() && r.ephemeral);
    }
    let last = host
        .puzzle_move(&who(ALICE), &right(&p, p.moves() - 1))
        .await
        .unwrap();
    assert!(matches!(
        said(&last),
        PuzzleMsg::Solved {
            daily: true,
            streak: 1,
            rating: Some(_),
            missed: false,
        }
    ));
    let gif = last.file.expect("the solution as an animation");
    assert!(gif.bytes.starts_with(b"GIF8"));
    // Solved is solved: the puzzle shows as done, and more moves are refused.
    let again = host.puzzle(&who(ALICE), false).await.unwrap();
    assert!(matches!(
        said(&again),
        PuzzleMsg::AlreadyDone { solved: true, .. }
    ));
    assert!(matches!(
        host.puzzle_move(&who(ALICE), &right(&p, 0)).await,
        Err(HostError::Refused(Refusal::PuzzleOver))
    ));
}

async fn three_misses_end_the_puzzle_with_the_solution_and_an_illegal_move_costs_nothing(
    db: TestDb,
) {
    let (host, clock, _) = host(&db).await;
    let p = todays(&host, &clock);
    let wrongs = three_wrong_moves(&p);
    host.puzzle(&who(BOB), false).await.unwrap();
    // Not a legal move: refused, no try spent.
    assert!(matches!(
        host.puzzle_move(&who(BOB), "a1-h8").await,
        Err(HostError::Refused(Refusal::Move(_)))
    ));
    let first = host.puzzle_move(&who(BOB), &wrongs[0]).await.unwrap();
    assert!(matches!(
        said(&first),
        PuzzleMsg::Wrong { tries_left: 2, .. }
    ));
    let second = host.puzzle_move(&who(BOB), &wrongs[1]).await.unwrap();
    assert!(matches!(
        said(&second),
        PuzzleMsg::Wrong { tries_left: 1, .. }
    ));
    let third = host.puzzle_move(&who(BOB), &wrongs[2]).await.unwrap();
    match said(&third) {
        PuzzleMsg::Failed {
            daily: true,
            solution,
            rating: Some((before, after)),
        } => {
            assert_eq!(solution, &p.notations());
            assert!(after < before, "a failed puzzle lowers the puzzle rating");
        }
        other => panic!("{other:?}"),
    }
    assert!(third.file.is_some(), "the solution comes as an animation");
    assert_eq!(streak(&host, BOB).await, (0, 0));
    assert!(matches!(
        host.puzzle_move(&who(BOB), &right(&p, 0)).await,
        Err(HostError::Refused(Refusal::PuzzleOver))
    ));
}

async fn a_try_sent_twice_counts_once(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let p = todays(&host, &clock);
    host.puzzle(&who(ALICE), false).await.unwrap();
    let miss = wrong(&p, 0);
    // Sent twice at once: judged once.
    let alice = who(ALICE);
    let (a, b) = tokio::join!(
        host.puzzle_move(&alice, &miss),
        host.puzzle_move(&alice, &miss)
    );
    let mut answers = [said(&a.unwrap()).clone(), said(&b.unwrap()).clone()];
    answers.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(
        answers,
        [
            PuzzleMsg::SameTry,
            PuzzleMsg::Wrong {
                tries_left: 2,
                moves_left: p.moves(),
                material: p.kind == puzzle::Kind::Material
            }
        ]
    );
    let again = host.puzzle_move(&who(ALICE), &miss).await.unwrap();
    assert_eq!(said(&again), &PuzzleMsg::SameTry);
    // The same move written another way is the same try.
    let shouted = host
        .puzzle_move(&who(ALICE), &miss.to_uppercase())
        .await
        .unwrap();
    assert_eq!(said(&shouted), &PuzzleMsg::SameTry);
    let shown = host.puzzle(&who(ALICE), false).await.unwrap();
    assert!(matches!(
        said(&shown),
        PuzzleMsg::Shown { tries_left: 2, .. }
    ));
    // A right move sent twice: played once, and the second costs nothing.
    host.puzzle_move(&who(ALICE), &right(&p, 0)).await.unwrap();
    let twice = host.puzzle_move(&who(ALICE), &right(&p, 0)).await.unwrap();
    assert_eq!(said(&twice), &PuzzleMsg::SameTry);
    let written_again = host
        .puzzle_move(&who(ALICE), &format!(" {} ", right(&p, 0).to_uppercase()))
        .await
        .unwrap();
    assert_eq!(said(&written_again), &PuzzleMsg::SameTry);
    let shown = host.puzzle(&who(ALICE), false).await.unwrap();
    match said(&shown) {
        PuzzleMsg::Shown {
            tries_left, moves, ..
        } => {
            assert_eq!(*tries_left, 2);
            assert_eq!(*moves, p.moves() - 1);
        }
        other => panic!("{other:?}"),
    }
}

async fn a_streak_grows_day_by_day_and_a_missed_day_resets_it(db: TestDb) {
    let (host, clock, path) = host(&db).await;
    for day in 0..3 {
        clock.set(NOON + DAY * day);
        let p = todays(&host, &clock);
        host.puzzle(&who(ALICE), false).await.unwrap();
        let r = solve(&host, &who(ALICE), &p).await;
        assert!(
            matches!(said(&r), PuzzleMsg::Solved { streak, .. } if *streak == day + 1),
            "{r:?}"
        );
    }
    assert_eq!(streak(&host, ALICE).await, (3, 3));
    // The streak and the counts survive a restart.
    host.store().close().await;
    drop(host);
    let host = open(&path, &clock).await;
    assert_eq!(streak(&host, ALICE).await, (3, 3));
    // The next day the streak still stands, unsolved yet; a day missed breaks it.
    clock.set(NOON + DAY * 3);
    assert_eq!(streak(&host, ALICE).await, (3, 3));
    clock.set(NOON + DAY * 4);
    assert_eq!(streak(&host, ALICE).await, (0, 3));
    let p = todays(&host, &clock);
    host.puzzle(&who(ALICE), false).await.unwrap();
    solve(&host, &who(ALICE), &p).await;
    assert_eq!(streak(&host, ALICE).await, (1, 3));
    // Failing today's puzzle resets it at once.
    clock.set(NOON + DAY * 5);
    let p = todays(&host, &clock);
    host.puzzle(&who(ALICE), false).await.unwrap();
    for miss in three_wrong_moves(&p) {
        host.puzzle_move(&who(ALICE), &miss).await.unwrap();
    }
    assert_eq!(streak(&host, ALICE).await, (0, 3));
}

async fn practice_puzzles_count_for_no_streak_and_are_never_a_day_still_to_come(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let today = Day::in_turkiye(clock.now()).0.rem_euclid(DAILY as i64) as usize;
    let future: Vec<Puzzle> = host.config().puzzles[today..DAILY].to_vec();
    let mut seen = Vec::new();
    loop {
        let r = host.puzzle(&who(BOB), true).await.unwrap();
        match said(&r) {
            PuzzleMsg::Shown { date: None, .. } => {}
            PuzzleMsg::NoPracticeLeft { .. } => break,
            other => panic!("{other:?}"),
        }
        // The practice puzzle just opened is the one moves go to; solve it.
        let moves = host.puzzle_moves(&who(BOB)).await.unwrap();
        let p = host
            .config()
            .puzzles
            .iter()
            .find(|p| {
                let pos = *p.game_at(0).position();
                pos.notations(&pos.legal_moves()) == moves && !seen.contains(*p)
            })
            .unwrap()
            .clone();
        assert!(
            !future.contains(&p),
            "a day's puzzle still to come was served"
        );
        let done = solve(&host, &who(BOB), &p).await;
        assert!(matches!(
            said(&done),
            PuzzleMsg::Solved {
                daily: false,
                rating: Some((before, after)),
                ..
            } if after > before
        ));
        seen.push(p);
    }
    let practice = host.config().puzzles.len() - (DAILY - today);
    assert_eq!(seen.len(), practice);
    let r = host.puzzle_stats(&who(BOB), None).await.unwrap();
    assert!(matches!(
        said(&r),
        PuzzleMsg::Stats {
            streak: 0,
            solved: 0,
            practice,
            ..
        } if *practice == seen.len() as i64
    ));
}

/// The puzzle the player's moves go to now (found by its legal moves).
async fn current(host: &Host, w: &Who) -> Puzzle {
    let moves = host.puzzle_moves(w).await.unwrap();
    host.config()
        .puzzles
        .iter()
        .find(|p| {
            let pos = *p.game_at(0).position();
            pos.notations(&pos.legal_moves()) == moves
        })
        .expect("an open puzzle")
        .clone()
}

async fn leaving_a_practice_puzzle_after_a_miss_counts_as_failed_and_untried_ones_do_not_pile_up(
    db: TestDb,
) {
    let (host, _, _) = host(&db).await;
    let bob = who(BOB);
    let rating = |r: &Reply| match said(r) {
        PuzzleMsg::Stats { rating, .. } => *rating,
        other => panic!("{other:?}"),
    };
    let start = rating(&host.puzzle_stats(&bob, None).await.unwrap());
    // A miss, then another puzzle: the first counts as failed, rated as a loss.
    host.puzzle(&bob, true).await.unwrap();
    let first = current(&host, &bob).await;
    host.puzzle_move(&bob, &wrong(&first, 0)).await.unwrap();
    // Asked for another, the player is warned first and nothing changes...
    let warned = host.puzzle(&bob, true).await.unwrap();
    assert_eq!(said(&warned), &PuzzleMsg::LeaveFirst);
    assert!(warned.ephemeral && warned.board.is_none());
    assert_eq!(current(&host, &bob).await.start, first.start, "still open");
    assert_eq!(
        rating(&host.puzzle_stats(&bob, None).await.unwrap()),
        start,
        "nothing rated yet"
    );
    struct Plain;
    impl dama_core::words::Markup for Plain {
        fn user(&self, id: dama_model::UserId) -> String {
            id.0.to_string()
        }
        fn surface(&self) -> dama_core::words::Surface {
            dama_core::words::Surface::Discord
        }
    }
    let words = dama_core::words::Words::new();
    for (lang, says) in [
        ("en", "leaving it now counts as a miss"),
        ("tr", "şimdi bırakırsan kaçırılmış sayılır"),
    ] {
        let w = words.writer(words.pick(lang).unwrap(), &Plain);
        let text = w.msg(&warned.body[0]);
        assert!(text.contains(says), "{text}");
    }
    // ... and the button (the id round-trips) leaves it for the puzzle asked for.
    let button = warned.buttons[0].action;
    assert_eq!(button.to_string().parse(), Ok(button));
    let next = host.press(&bob, button).await.unwrap();
    match said(&next) {
        PuzzleMsg::LeftAfterATry {
            rating: (before, after),
        } => assert!(after < before, "{before} -> {after}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        next.body.get(1),
        Some(Msg::Puzzle(PuzzleMsg::Shown { date: None, .. }))
    ));
    let after_leaving = rating(&host.puzzle_stats(&bob, None).await.unwrap());
    assert!(after_leaving < start, "{start} -> {after_leaving}");
    // Puzzles opened and left untried are forgotten: one open attempt at most.
    for _ in 0..5 {
        host.puzzle(&bob, true).await.unwrap();
    }
    let open = db
        .pairs(&format!(
            "SELECT CAST(id AS TEXT), status FROM puzzle_attempts WHERE user_id = {} AND status = 'open'",
            BOB.0
        ))
        .await;
    assert_eq!(open.len(), 1, "{open:?}");
    let failed = db
        .pairs(&format!(
            "SELECT puzzle, status FROM puzzle_attempts WHERE user_id = {} AND status = 'failed'",
            BOB.0
        ))
        .await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    // Leaving a puzzle with no miss left in it (just opened) costs nothing.
    let calm = host.puzzle(&bob, true).await.unwrap();
    assert!(matches!(said(&calm), PuzzleMsg::Shown { .. }));
    assert_eq!(
        rating(&host.puzzle_stats(&bob, None).await.unwrap()),
        after_leaving
    );
}

async fn the_daily_post_goes_out_once_a_day_even_across_a_restart(db: TestDb) {
    let (host, clock, path) = host(&db).await;
    let here = who(ALICE);
    assert!(matches!(
        host.set_puzzle_channel(&here, Some(ChannelId(700))).await,
        Err(HostError::Refused(Refusal::PuzzleChannelNeedsManageServer))
    ));
    let admin = Who {
        admin: true,
        ..here.clone()
    };
    host.set_puzzle_channel(&admin, Some(ChannelId(700)))
        .await
        .unwrap();
    assert_eq!(
        host.claim_puzzle_posts().await.unwrap(),
        vec![(GUILD, ChannelId(700))]
    );
    let post = host.daily_puzzle_post(Lang::ENGLISH).unwrap();
    assert!(!post.ephemeral && post.board.is_some() && post.buttons.len() == 1);
    // The button opens today's puzzle privately for whoever clicks.
    let opened = host.press(&who(BOB), post.buttons[0].action).await.unwrap();
    assert!(opened.ephemeral);
    assert!(matches!(
        said(&opened),
        PuzzleMsg::Shown { date: Some(_), .. }
    ));
    assert!(host.claim_puzzle_posts().await.unwrap().is_empty());
    host.store().close().await;
    drop(host);
    let host = open(&path, &clock).await;
    assert!(
        host.claim_puzzle_posts().await.unwrap().is_empty(),
        "posted twice after a restart"
    );
    clock.set(NOON + DAY);
    assert_eq!(host.claim_puzzle_posts().await.unwrap().len(), 1);
    // Two hosts on one database share the day's post.
    let other = open(&path, &clock).await;
    clock.set(NOON + DAY * 2);
    let (a, b) = tokio::join!(host.claim_puzzle_posts(), other.claim_puzzle_posts());
    assert_eq!(a.unwrap().len() + b.unwrap().len(), 1);
}

async fn the_server_leaderboard_ranks_live_streaks_and_needs_a_server(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    for (user, days) in [(ALICE, 2), (BOB, 1)] {
        for day in 0..days {
            clock.set(NOON + DAY * day);
            let p = todays(&host, &clock);
            host.puzzle(&who(user), false).await.unwrap();
            solve(&host, &who(user), &p).await;
        }
    }
    let r = host.puzzle_leaderboard(&who(ALICE)).await.unwrap();
    match said(&r) {
        PuzzleMsg::Leaderboard { rows } => {
            let order: Vec<(UserId, i64)> = rows.iter().map(|r| (r.user, r.streak)).collect();
            assert_eq!(order, vec![(ALICE, 2), (BOB, 1)]);
        }
        other => panic!("{other:?}"),
    }
    let dm = Who {
        guild: None,
        ..who(ALICE)
    };
    assert!(matches!(
        host.puzzle_leaderboard(&dm).await,
        Err(HostError::Refused(Refusal::ServerOnly))
    ));
}

/// A solve after a miss counts as a miss for the rating, and the solved message says so.
async fn a_solve_after_a_miss_says_why_the_rating_fell(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let p = todays(&host, &clock);
    host.puzzle(&who(ALICE), false).await.unwrap();
    host.puzzle_move(&who(ALICE), &wrong(&p, 0)).await.unwrap();
    let mut last = None;
    for step in 0..p.moves() {
        last = Some(
            host.puzzle_move(&who(ALICE), &right(&p, step))
                .await
                .unwrap(),
        );
    }
    match said(&last.unwrap()) {
        PuzzleMsg::Solved {
            missed: true,
            rating: Some((before, after)),
            ..
        } => assert!(after < before, "{before} → {after}"),
        other => panic!("{other:?}"),
    }
}

/// A host with these puzzles, all of them days' puzzles (so practice draws only on the
/// puzzles found in games).
async fn host_with(db: &TestDb, puzzles: Vec<Puzzle>) -> (Host, String) {
    let url = db.url();
    let store = Store::open(&url).await.unwrap();
    let config = HostConfig {
        daily_puzzles: puzzles.len(),
        puzzles: Arc::new(puzzles),
        ..HostConfig::default()
    };
    let host = Host::new(
        store,
        Arc::new(Renderer::default()),
        Arc::new(Words::new()),
        config,
        Clock::manual(NOON),
    );
    (host, url)
}

/// A finished game on `GUILD` between Alice (White) and Bob from `start`, where these moves
/// were played and Bob then resigned.
async fn finished_game(host: &Host, url: &str, start: &str, moves: &[String]) {
    let store = Store::open(url).await.unwrap();
    let mut tx = store.write().await.unwrap();
    let control = TimeControl::default();
    dama_store::insert_game(
        &mut tx,
        NewGame {
            guild_id: Some(GUILD),
            channel_id: ChannelId(700),
            white_id: Some(ALICE),
            black_id: Some(BOB),
            ai_level: None,
            rated: false,
            start_fen: start,
            warn_at: NOON + DAY,
            deadline: NOON + DAY * 2,
            now: NOON,
            clocks: Clocks::start(control, NOON),
            flag_at: None,
            tournament_id: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let at = |user| Who {
        channel: ChannelId(700),
        ..who(user)
    };
    for (i, mv) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        host.play(&at(player), mv).await.unwrap();
    }
    // A casual game ends at once; a rated one would ask to confirm.
    let ended = host.resign(&at(BOB)).await.unwrap();
    assert!(
        ended.body.iter().any(|m| matches!(m, Msg::GameOver { .. })),
        "{:?}",
        ended.body
    );
}

/// `/dama puzzle mine:true` for `user`.
async fn mine(host: &Host, user: UserId) -> Reply {
    let practice = Practice {
        theme: None,
        mine: true,
    };
    host.puzzle_practice(&who(user), practice).await.unwrap()
}

async fn assert_nothing_mine(host: &Host, user: UserId) {
    let r = mine(host, user).await;
    let none = PuzzleMsg::NoPracticeLeft {
        theme: None,
        mine: true,
    };
    assert_eq!(said(&r), &none);
}

/// A shipped puzzle for White with a first move to miss that leaves Bob no capture, and the
/// two moves of a game that misses it (White's miss, then Black's first legal reply).
fn missable() -> (Puzzle, Vec<String>) {
    puzzle::shipped()
        .iter()
        .filter(|p| {
            p.solver() == Color::White && p.pieces() >= 10 && p.kind == puzzle::Kind::Material
        })
        .find_map(|p| {
            let miss = p
                .start
                .legal_moves()
                .into_iter()
                .find(|m| *m != p.line[0] && !p.start.play_unchecked(m).has_capture())?;
            let after = p.start.play_unchecked(&miss);
            let reply = after.legal_moves().into_iter().next()?;
            Some((
                p.clone(),
                vec![p.start.notation(&miss), after.notation(&reply)],
            ))
        })
        .expect("a White puzzle with a quiet miss")
}

async fn a_combination_missed_in_a_game_becomes_a_puzzle_of_its_server_and_its_player(db: TestDb) {
    let (p, miss) = missable();
    let other = puzzle::shipped()[0].clone();
    let (host, url) = host_with(&db, vec![other]).await;
    // Before any game, nothing of one's own waits, and practice has nothing either.
    assert_nothing_mine(&host, ALICE).await;
    finished_game(&host, &url, &fen::write(&p.start), &miss).await;
    assert!(host.mine_games().await.unwrap() >= 1);
    // A game is screened once.
    assert_eq!(host.mine_games().await.unwrap(), 0);
    // Alice's own miss, credited to her game, is the same puzzle as the generator's.
    let r = mine(&host, ALICE).await;
    assert!(
        matches!(
            r.body[0],
            Msg::Puzzle(PuzzleMsg::FromGame { yours: true, .. })
        ),
        "{:?}",
        r.body
    );
    assert_eq!(r.fen.as_deref(), Some(fen::write(&p.start).as_str()));
    // It plays like any puzzle.
    let solved = solve(&host, &who(ALICE), &p).await;
    assert!(
        matches!(said(&solved), PuzzleMsg::Solved { daily: false, .. }),
        "{solved:?}"
    );
    // Carol on the same server gets it as practice, credited to a game here.
    let carol = Who {
        user: UserId(2003),
        ..who(ALICE)
    };
    let r = host.puzzle(&carol, true).await.unwrap();
    assert!(
        matches!(
            r.body[0],
            Msg::Puzzle(PuzzleMsg::FromGame { yours: false, .. })
        ),
        "{:?}",
        r.body
    );
    // On another server it is not in the pool.
    let elsewhere = Who {
        user: UserId(2004),
        guild: Some(GuildId(99)),
        ..who(ALICE)
    };
    let r = host.puzzle(&elsewhere, true).await.unwrap();
    assert_eq!(
        said(&r),
        &PuzzleMsg::NoPracticeLeft {
            theme: None,
            mine: false
        }
    );
}

async fn a_game_whose_combination_was_played_gives_no_puzzle(db: TestDb) {
    let (p, _) = missable();
    let (host, url) = host_with(&db, vec![puzzle::shipped()[0].clone()]).await;
    // The whole combination played out, then Bob resigns.
    finished_game(&host, &url, &fen::write(&p.start), &p.notations()).await;
    assert_eq!(host.mine_games().await.unwrap(), 0);
    assert_nothing_mine(&host, ALICE).await;
}

async fn practice_by_theme_serves_that_theme_and_the_stats_count_per_theme(db: TestDb) {
    let (host, _, _) = host(&db).await;
    let set = host.config().puzzles.clone();
    let practice = &set[DAILY..];
    // A theme some practice puzzle has, and one none has (if any).
    let theme = Theme::ALL
        .into_iter()
        .find(|t| practice.iter().any(|p| p.themes.contains(*t)))
        .expect("the practice puzzles have themes");
    let r = host
        .puzzle_practice(
            &who(ALICE),
            Practice {
                theme: Some(theme),
                mine: false,
            },
        )
        .await
        .unwrap();
    let shown = current(&host, &who(ALICE)).await;
    assert!(shown.themes.contains(theme), "{:?}", r.body);
    solve(&host, &who(ALICE), &shown).await;
    let r = host.puzzle_stats(&who(ALICE), None).await.unwrap();
    let PuzzleMsg::Stats { themes, .. } = said(&r) else {
        panic!("{:?}", r.body);
    };
    for t in shown.themes.iter() {
        assert!(
            themes.contains(&ThemeLine {
                theme: t,
                solved: 1,
                tried: 1
            }),
            "{themes:?}"
        );
    }
    assert_eq!(themes.len(), shown.themes.iter().count());
    if let Some(absent) = Theme::ALL
        .into_iter()
        .find(|t| !practice.iter().any(|p| p.themes.contains(*t)))
    {
        let r = host
            .puzzle_practice(
                &who(BOB),
                Practice {
                    theme: Some(absent),
                    mine: false,
                },
            )
            .await
            .unwrap();
        assert_eq!(
            said(&r),
            &PuzzleMsg::NoPracticeLeft {
                theme: Some(absent),
                mine: false
            }
        );
    }
}

on_both_databases!(
    a_combination_missed_in_a_game_becomes_a_puzzle_of_its_server_and_its_player,
    a_game_whose_combination_was_played_gives_no_puzzle,
    practice_by_theme_serves_that_theme_and_the_stats_count_per_theme,
    a_solve_after_a_miss_says_why_the_rating_fell,
    todays_puzzle_is_the_same_for_everyone_privately_and_turns_at_midnight_in_turkiye,
    right_moves_are_answered_by_the_defence_until_the_puzzle_is_solved,
    three_misses_end_the_puzzle_with_the_solution_and_an_illegal_move_costs_nothing,
    a_try_sent_twice_counts_once,
    a_streak_grows_day_by_day_and_a_missed_day_resets_it,
    practice_puzzles_count_for_no_streak_and_are_never_a_day_still_to_come,
    the_daily_post_goes_out_once_a_day_even_across_a_restart,
    the_server_leaderboard_ranks_live_streaks_and_needs_a_server,
    leaving_a_practice_puzzle_after_a_miss_counts_as_failed_and_untried_ones_do_not_pile_up,
);
