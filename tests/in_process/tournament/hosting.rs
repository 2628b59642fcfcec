//! Tournaments in the host, on a hand-moved clock: a Swiss of 7 players over 3 rounds (a bye
//! each round), an Arena with a streak, a restart in the middle of a round, two hosts pairing
//! a round once, and the refusals that change nothing.

use dama_core::host::Refusal;
use dama_model::{Millis, UnixMs};
use std::collections::HashSet;
use std::time::Duration;

use dama_core::host::{
    ButtonLabel, Clock, GameToStart, Host, HostError, Lang, Msg, Player, Reply, TournamentLine,
    TournamentMsg, TournamentNews, TournamentRefusal, TournamentSpec, TurnClock, Who,
};
use dama_model::TournamentKind;
use dama_model::{ChannelId, TournamentStatus, UserId};

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

pub(crate) fn organiser() -> Who {
    Who {
        admin: true,
        ..who(UserId(1))
    }
}

pub(crate) fn spec(kind: TournamentKind) -> TournamentSpec {
    TournamentSpec {
        kind,
        control: "5+3".parse().unwrap(),
        rounds: Some(3),
        minutes: Some(20),
        starts: None,
        rated: true,
        name: "Kahvehane Kupası".into(),
        // The pause between rounds has a test of its own.
        pause: Some(0),
    }
}

pub(crate) fn entrant(n: u64) -> UserId {
    UserId(2000 + n)
}

fn messages(news: &[TournamentNews]) -> Vec<TournamentMsg> {
    news.iter()
        .flat_map(|n| n.reply.body.iter())
        .filter_map(|m| match m {
            Msg::Tournament(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

pub(crate) fn games(news: &[TournamentNews]) -> Vec<GameToStart> {
    news.iter().flat_map(|n| n.games.iter().cloned()).collect()
}

pub(crate) fn channel_of(g: &GameToStart) -> ChannelId {
    ChannelId(9_000 + g.pairing.0 as u64)
}

/// A two-player Arena started: its first game, handed out (not yet started).
pub(crate) async fn an_arena_game(host: &Host) -> GameToStart {
    host.create_tournament(&organiser(), spec(TournamentKind::Arena))
        .await
        .unwrap();
    for n in 0..2 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let mut to_start = games(&host.tournament_tick().await.unwrap());
    assert_eq!(to_start.len(), 1, "two players, one game");
    to_start.remove(0)
}

/// Starts every game handed out; then in each, by board, Black resigns, White resigns, Black…
async fn play_out(host: &Host, to_start: &[GameToStart], white_wins: impl Fn(usize) -> bool) {
    for g in to_start {
        host.start_pairing(g, channel_of(g), Lang::ENGLISH)
            .await
            .unwrap();
    }
    for (i, g) in to_start.iter().enumerate() {
        let loser = if white_wins(i) { g.black } else { g.white };
        host.resign_confirmed(&at(loser, channel_of(g).0))
            .await
            .unwrap();
    }
}

fn refusal(r: Result<dama_core::host::Reply, HostError>) -> TournamentRefusal {
    match r {
        Err(HostError::Refused(Refusal::Tournament(why))) => why,
        other => panic!("not a tournament refusal: {other:?}"),
    }
}

async fn a_seven_player_swiss_pairs_three_rounds_with_a_bye_each_and_names_its_winner(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let created = host
        .create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    // Some join with the announcement's button, some with the command; one leaves and
    // comes back with the buttons.
    let join = button(&created, ButtonLabel::JoinTournament);
    for n in 0..7 {
        if n % 2 == 0 {
            host.button(&who(entrant(n)), &join).await.unwrap();
        } else {
            host.join_tournament(&who(entrant(n)), None).await.unwrap();
        }
    }
    let leave = button(&created, ButtonLabel::LeaveTournament);
    let left = host.button(&who(entrant(3)), &leave).await.unwrap();
    assert!(matches!(
        left.body[0],
        Msg::Tournament(TournamentMsg::Left { players: 6, .. })
    ));
    let r = host.button(&who(entrant(3)), &leave).await;
    assert_eq!(refusal(r), TournamentRefusal::NotIn);
    host.button(&who(entrant(3)), &join).await.unwrap();
    let r = host.button(&who(entrant(3)), &join).await;
    assert_eq!(refusal(r), TournamentRefusal::AlreadyIn);
    // The announcement, once posted, keeps its count of players up to date.
    let id = created.tournament.unwrap();
    assert!(
        host.tournament_announcement(id).await.unwrap().is_none(),
        "not posted yet"
    );
    let message = dama_model::MessageId(42);
    host.set_announcement(id, Some(message), None)
        .await
        .unwrap();
    let (channel, at, now) = host.tournament_announcement(id).await.unwrap().unwrap();
    assert_eq!((channel, at), (ChannelId(CHANNEL), message));
    assert!(matches!(
        now.body[0],
        Msg::Tournament(TournamentMsg::Created {
            players: 7,
            status: TournamentStatus::Open,
            ..
        })
    ));
    assert_eq!(now.buttons.len(), 2, "Join and Leave");
    let started = host.start_tournament(&organiser(), None).await.unwrap();
    assert!(matches!(
        started.body[0],
        Msg::Tournament(TournamentMsg::Started { players: 7, .. })
    ));
    // A second start says the tournament is under way, not that something changed.
    let again = host.start_tournament(&organiser(), None).await;
    assert_eq!(refusal(again), TournamentRefusal::AlreadyStarted);
    let mut met: HashSet<(UserId, UserId)> = HashSet::new();
    let mut byes = HashSet::new();
    for round in 1..=3 {
        let news = host.tournament_tick().await.unwrap();
        let said = messages(&news);
        // From round 2 on, the standings after the last round come first.
        let standings_first = matches!(
            said.first(),
            Some(TournamentMsg::Standings {
                finished: false,
                ..
            })
        );
        assert_eq!(standings_first, round > 1, "{said:?}");
        let Some(TournamentMsg::Round {
            round: r,
            games: pairs,
            bye,
            ..
        }) = said.last()
        else {
            panic!("round {round} not paired: {said:?}");
        };
        assert_eq!(*r, round);
        assert_eq!(pairs.len(), 3);
        let bye = bye.expect("7 players: a bye");
        assert!(byes.insert(bye), "a second bye for {bye:?}");
        for &(w, b) in pairs {
            assert!(met.insert((w.min(b), w.max(b))), "rematch in round {round}");
        }
        let to_start = games(&news);
        assert_eq!(to_start.len(), 3);
        // Nothing more is paired while the round runs.
        assert!(messages(&host.tournament_tick().await.unwrap()).is_empty());
        clock.advance(Duration::from_secs(60));
        play_out(&host, &to_start, |i| i % 2 == 0).await;
    }
    let mut news = host.tournament_tick().await.unwrap();
    host.picture_news(&mut news[0], Lang::ENGLISH)
        .await
        .unwrap();
    assert!(
        news[0].reply.file.is_some(),
        "the final standings come with their picture"
    );
    let said = messages(&news);
    let Some(TournamentMsg::Standings {
        lines,
        finished: true,
        ..
    }) = said.first()
    else {
        panic!("no final standings: {said:?}");
    };
    assert_eq!(lines.len(), 7);
    let total: u32 = lines.iter().map(|l: &TournamentLine| l.score).sum();
    assert_eq!(
        total,
        3 * (3 * 2 + 2),
        "each round gives 3 games' and a bye's points"
    );
    let Some(TournamentMsg::Finished { winners, .. }) = said.get(1) else {
        panic!("no winner: {said:?}");
    };
    assert_eq!(winners[0], lines[0].user);
    assert!(lines[0].score >= lines[1].score);
    // Over: nothing more to pair, the announcement says so without buttons, and leaving is
    // refused.
    assert!(host.tournament_tick().await.unwrap().is_empty());
    let (_, _, now) = host.tournament_announcement(id).await.unwrap().unwrap();
    assert!(now.buttons.is_empty());
    assert!(matches!(
        now.body[0],
        Msg::Tournament(TournamentMsg::Created {
            status: TournamentStatus::Finished,
            ..
        })
    ));
    let left = host.leave_tournament(&who(entrant(0)), None).await;
    assert_eq!(
        refusal(left),
        TournamentRefusal::Over(TournamentStatus::Finished)
    );
    let words = dama_core::words::Words::new();
    let text = words
        .writer(Lang::ENGLISH, &ConsoleNames)
        .reply(&news[0].reply);
    assert!(
        text.contains("Final standings, Kahvehane Kupası:"),
        "{text}"
    );
    assert!(
        text.contains("The winner of Kahvehane Kupası") || text.contains("Sharing first place"),
        "{text}"
    );
    // Each player's stats and card list the result.
    for line in [&lines[0], lines.last().unwrap()] {
        let stats = host.stats(&who(line.user), line.user).await.unwrap();
        let Msg::Stats(s) = &stats.body[0] else {
            panic!("{stats:?}");
        };
        assert_eq!(s.tournaments.len(), 1);
        let result = &s.tournaments[0];
        assert_eq!(result.name, "Kahvehane Kupası");
        assert_eq!((result.place, result.players), (line.rank as i64, 7));
        let text = words.writer(Lang::ENGLISH, &ConsoleNames).reply(&stats);
        assert!(
            text.contains(&format!("Kahvehane Kupası, place {} of 7", line.rank)),
            "{text}"
        );
    }
}

struct ConsoleNames;
impl dama_core::words::Markup for ConsoleNames {
    fn user(&self, id: UserId) -> String {
        format!("p{}", id.0)
    }
    fn surface(&self) -> dama_core::words::Surface {
        dama_core::words::Surface::Console { now: UnixMs::EPOCH }
    }
}

async fn two_hosts_ticking_together_pair_a_round_once_and_a_restart_goes_on(db: TestDb) {
    let (first, clock, url) = host(&db).await;
    let second = open(&url, &clock).await;
    first
        .create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    for n in 0..4 {
        first.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    first.start_tournament(&organiser(), None).await.unwrap();
    let (a, b) = tokio::join!(first.tournament_tick(), second.tournament_tick());
    let (a, b) = (a.unwrap(), b.unwrap());
    let rounds = messages(&a)
        .into_iter()
        .chain(messages(&b))
        .filter(|m| matches!(m, TournamentMsg::Round { .. }))
        .count();
    assert_eq!(rounds, 1, "round 1 paired once");
    let to_start: Vec<GameToStart> = games(&a).into_iter().chain(games(&b)).collect();
    assert_eq!(to_start.len(), 2);
    // One game starts and ends; then the process stops before starting the other.
    play_out(&first, &to_start[..1], |_| true).await;
    drop(first);
    drop(second);
    let restarted = open(&url, &clock).await;
    // The unstarted pairing is handed out again once it is clearly left behind.
    assert!(games(&restarted.tournament_tick().await.unwrap()).is_empty());
    clock.advance(Duration::from_secs(31));
    let again = games(&restarted.tournament_tick().await.unwrap());
    assert_eq!(again, to_start[1..].to_vec());
    // Starting it twice (two processes) makes one game.
    restarted
        .start_pairing(&again[0], channel_of(&again[0]), Lang::ENGLISH)
        .await
        .unwrap();
    let twice = restarted
        .start_pairing(&again[0], ChannelId(1), Lang::ENGLISH)
        .await
        .unwrap();
    assert!(twice.is_none(), "{twice:?}");
    let g = &again[0];
    restarted
        .resign_confirmed(&at(g.white, channel_of(g).0))
        .await
        .unwrap();
    let said = messages(&restarted.tournament_tick().await.unwrap());
    assert!(
        matches!(said.last(), Some(TournamentMsg::Round { round: 2, .. })),
        "{said:?}"
    );
}

async fn an_arena_pairs_whoever_is_free_after_a_pause_and_doubles_a_streak(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    host.create_tournament(&organiser(), spec(TournamentKind::Arena))
        .await
        .unwrap();
    // A report file is a Swiss's: an Arena has no rounds.
    let r = host.tournament_export(&organiser(), None).await;
    assert_eq!(refusal(r), TournamentRefusal::ExportSwissOnly);
    for n in 0..6 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let star = entrant(0);
    let mut last: HashSet<(UserId, UserId)> = HashSet::new();
    for wave in 0..3 {
        let news = host.tournament_tick().await.unwrap();
        let to_start = games(&news);
        assert_eq!(to_start.len(), 3, "wave {wave}: everyone is paired");
        for g in &to_start {
            let pair = (g.white.min(g.black), g.white.max(g.black));
            assert!(!last.contains(&pair), "the same opponent straight away");
        }
        last = to_start
            .iter()
            .map(|g| (g.white.min(g.black), g.white.max(g.black)))
            .collect();
        // The star always wins; elsewhere White wins.
        for g in &to_start {
            host.start_pairing(g, channel_of(g), Lang::ENGLISH)
                .await
                .unwrap();
        }
        for g in &to_start {
            let loser = if g.black == star { g.white } else { g.black };
            host.resign_confirmed(&at(loser, channel_of(g).0))
                .await
                .unwrap();
        }
        // Nobody is paired again before the pause.
        clock.advance(Duration::from_secs(5));
        assert!(games(&host.tournament_tick().await.unwrap()).is_empty());
        clock.advance(Duration::from_secs(6));
    }
    let standings = host.tournament_standings(&who(star), None).await.unwrap();
    let picture = standings.file.as_ref().expect("the standings as a picture");
    assert!(picture.bytes.starts_with(b"\x89PNG"), "{}", picture.name);
    let Msg::Tournament(TournamentMsg::Standings { lines, .. }) = &standings.body[0] else {
        panic!("{standings:?}");
    };
    let top = &lines[0];
    assert_eq!(top.user, star);
    assert_eq!(top.score, 2 + 2 + 4, "the third win counts double");
    assert!(top.on_fire);
    // Every five minutes the standings are posted, once however often the watcher looks.
    clock.advance(Duration::from_secs(5 * 60));
    let said = messages(&host.tournament_tick().await.unwrap());
    let posted = |said: &[TournamentMsg]| {
        said.iter()
            .filter(|m| {
                matches!(
                    m,
                    TournamentMsg::Standings {
                        finished: false,
                        ..
                    }
                )
            })
            .count()
    };
    assert_eq!(posted(&said), 1, "{said:?}");
    assert_eq!(posted(&messages(&host.tournament_tick().await.unwrap())), 0);
    // At the end: games still running do not count, and the winner is named.
    clock.advance(Duration::from_secs(20 * 60));
    let said = messages(&host.tournament_tick().await.unwrap());
    assert!(
        matches!(said.get(1), Some(TournamentMsg::Finished { winners, .. }) if winners == &vec![star]),
        "{said:?}"
    );
}

/// A game that ends half a second after its Arena did counts for nothing: the Arena's end
/// and the game's are both kept to the millisecond.
async fn an_arena_game_ended_after_the_arenas_end_does_not_count(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    let g = &an_arena_game(&host).await;
    host.start_pairing(g, channel_of(g), Lang::ENGLISH)
        .await
        .unwrap();
    let t = host
        .store()
        .latest_tournament(GUILD)
        .await
        .unwrap()
        .unwrap();
    let end = t.ends_at.expect("an Arena has an end");
    // Within the second that follows the end, as the old seconds-only record could not tell.
    clock.set(end + Millis(500));
    host.resign_confirmed(&at(g.black, channel_of(g).0))
        .await
        .unwrap();
    let pairing = host.store().pairings(t.id).await.unwrap().remove(0);
    assert_eq!(
        pairing.ended_at,
        Some(end + Millis(500)),
        "kept to the millisecond"
    );
    let said = messages(&host.tournament_tick().await.unwrap());
    let Some(TournamentMsg::Finished { .. }) = said.get(1) else {
        panic!("the Arena is over: {said:?}");
    };
    let standings = host
        .tournament_standings(&who(g.white), None)
        .await
        .unwrap();
    let Msg::Tournament(TournamentMsg::Standings { lines, .. }) = &standings.body[0] else {
        panic!("{standings:?}");
    };
    assert!(
        lines.iter().all(|l| l.score == 0),
        "the late win scored: {lines:?}"
    );
}

/// Plays `plies` quiet moves on in `game` (at `channel`), each leaving the opponent nothing to
/// capture, `gap` apart.
async fn quiet_moves(
    host: &Host,
    clock: &Clock,
    game: &mut dama_rules::Game,
    (white, black): (UserId, UserId),
    channel: u64,
    plies: usize,
    gap: Duration,
) {
    for _ in 0..plies {
        let pos = *game.position();
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| !pos.play_unchecked(m).has_capture())
            .expect("a quiet move");
        let mover = if game.ply_count().is_multiple_of(2) {
            white
        } else {
            black
        };
        clock.advance(gap);
        host.play(&at(mover, channel), &pos.notation(&mv))
            .await
            .unwrap();
        game.play(mv).unwrap();
    }
}

async fn berserk_halves_the_clock_drops_the_increment_and_wins_a_point_more(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    // Outside an Arena there is no berserk.
    start_game(&host, false, 500).await;
    assert_eq!(
        refusal(host.berserk(&at(ALICE, 500)).await),
        TournamentRefusal::NoBerserk
    );
    let g = an_arena_game(&host).await;
    let channel = channel_of(&g).0;
    let board = host
        .start_pairing(&g, channel_of(&g), Lang::ENGLISH)
        .await
        .unwrap()
        .expect("a new game");
    let press = button(&board, ButtonLabel::Berserk);
    assert!(matches!(
        host.button(&at(ALICE, channel), &press).await,
        Err(HostError::Refused(Refusal::NotAPlayer))
    ));
    let went = host.button(&at(g.white, channel), &press).await.unwrap();
    assert_eq!(
        went.body[0],
        Msg::Tournament(TournamentMsg::Berserk { user: g.white })
    );
    assert!(matches!(
        host.button(&at(g.white, channel), &press).await,
        Err(HostError::Refused(Refusal::OldButton))
    ));
    assert_eq!(
        refusal(host.berserk(&at(g.white, channel)).await),
        TournamentRefusal::AlreadyBerserk
    );
    // Black may still go berserk until its first move, White no more once it has moved.
    let mut game = dama_rules::Game::default();
    let players = (g.white, g.black);
    quiet_moves(
        &host,
        &clock,
        &mut game,
        players,
        channel,
        1,
        Duration::ZERO,
    )
    .await;
    assert_eq!(
        refusal(host.berserk(&at(g.white, channel)).await),
        TournamentRefusal::AlreadyBerserk
    );
    let board = host.board(&at(g.black, channel)).await.unwrap();
    assert!(
        board
            .buttons
            .iter()
            .any(|b| b.label == ButtonLabel::Berserk)
    );
    // Fourteen plies, 10 s each once the clocks run (from the third): White's 5+3 halved to
    // 150 s with no increment, Black's 300 s gaining 3 s a move.
    let gap = Duration::from_secs(10);
    quiet_moves(&host, &clock, &mut game, players, channel, 13, gap).await;
    let board = host.board(&at(g.black, channel)).await.unwrap();
    assert!(
        !board
            .buttons
            .iter()
            .any(|b| b.label == ButtonLabel::Berserk)
    );
    assert_eq!(
        refusal(host.berserk(&at(g.black, channel)).await),
        TournamentRefusal::BerserkTooLate
    );
    // Plies 2 to 13 took 10 s each, six of them White's and six Black's.
    let over = host.resign_confirmed(&at(g.black, channel)).await.unwrap();
    let (white, black) = (
        Millis(150_000 - 6 * 10_000),
        Millis(300_000 - 6 * 10_000 + 6 * 3_000),
    );
    assert!(
        over.body.contains(&Msg::FinalClocks { white, black }),
        "{over:?}"
    );
    let standings = host
        .tournament_standings(&who(g.white), None)
        .await
        .unwrap();
    let Msg::Tournament(TournamentMsg::Standings { lines, .. }) = &standings.body[0] else {
        panic!("{standings:?}");
    };
    assert_eq!(lines[0].user, g.white);
    assert_eq!(
        lines[0].score,
        2 + 1,
        "a berserk win of 7 moves earns a point more"
    );
}

async fn a_tournament_set_for_a_clock_time_starts_then_by_itself(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    // The hand-moved clock reads 11:00 in Türkiye (08:00 UTC).
    let now_ms = clock.now();
    let created = host
        .create_tournament(
            &organiser(),
            TournamentSpec {
                starts: Some("12:30".into()),
                ..spec(TournamentKind::Arena)
            },
        )
        .await
        .unwrap();
    let Msg::Tournament(TournamentMsg::Created { starts_at, .. }) = &created.body[0] else {
        panic!("{created:?}");
    };
    assert_eq!(*starts_at, Some(now_ms + Millis::from_minutes(90)));
    for n in 0..2 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    clock.advance(Duration::from_secs(89 * 60));
    assert!(host.tournament_tick().await.unwrap().is_empty(), "not yet");
    clock.advance(Duration::from_secs(60));
    let said = messages(&host.tournament_tick().await.unwrap());
    assert!(
        said.iter()
            .any(|m| matches!(m, TournamentMsg::Started { players: 2, .. })),
        "{said:?}"
    );
}

async fn bad_tournament_commands_are_refused_and_change_nothing(db: TestDb) {
    let (host, _clock, _) = host(&db).await;
    let not_admin = who(entrant(9));
    let r = host
        .create_tournament(&not_admin, spec(TournamentKind::Swiss))
        .await;
    assert_eq!(refusal(r), TournamentRefusal::NotOrganiser);
    let r = host.join_tournament(&who(entrant(1)), None).await;
    assert_eq!(refusal(r), TournamentRefusal::NoTournament);
    let zero = TournamentSpec {
        rounds: Some(0),
        ..spec(TournamentKind::Swiss)
    };
    let r = host.create_tournament(&organiser(), zero).await;
    assert_eq!(refusal(r), TournamentRefusal::Rounds { min: 3, max: 15 });
    let decade = TournamentSpec {
        minutes: Some(10 * 365 * 24 * 60),
        ..spec(TournamentKind::Arena)
    };
    let r = host.create_tournament(&organiser(), decade).await;
    assert_eq!(refusal(r), TournamentRefusal::Minutes { min: 10, max: 720 });
    let starting = |at: &str| TournamentSpec {
        starts: Some(at.into()),
        ..spec(TournamentKind::Swiss)
    };
    let r = host
        .create_tournament(&organiser(), starting("5256000"))
        .await;
    assert_eq!(
        refusal(r),
        TournamentRefusal::StartsTooLate {
            latest: Millis::from_days(30)
        }
    );
    let r = host
        .create_tournament(&organiser(), starting("2020-01-01 20:00"))
        .await;
    assert_eq!(refusal(r), TournamentRefusal::StartsInThePast);
    let r = host
        .create_tournament(&organiser(), starting("yarın"))
        .await;
    assert_eq!(
        refusal(r),
        TournamentRefusal::StartUnreadable("yarın".into())
    );
    let r = host.tournament_standings(&who(entrant(1)), None).await;
    assert_eq!(
        refusal(r),
        TournamentRefusal::NoTournament,
        "nothing was created"
    );

    host.create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    host.join_tournament(&who(entrant(1)), None).await.unwrap();
    let r = host.join_tournament(&who(entrant(1)), None).await;
    assert_eq!(refusal(r), TournamentRefusal::AlreadyIn);
    let r = host.leave_tournament(&who(entrant(2)), None).await;
    assert_eq!(refusal(r), TournamentRefusal::NotIn);
    let r = host.start_tournament(&who(entrant(1)), None).await;
    assert_eq!(refusal(r), TournamentRefusal::NotOrganiser);
    // One player at the start: called off, and said so.
    let r = host.start_tournament(&organiser(), None).await.unwrap();
    assert!(matches!(
        r.body[0],
        Msg::Tournament(TournamentMsg::Cancelled { too_few: true, .. })
    ));
    let r = host.join_tournament(&who(entrant(3)), None).await;
    assert_eq!(
        refusal(r),
        TournamentRefusal::Over(TournamentStatus::Cancelled)
    );
}

/// Eight players of equal rating, numbered by when they came: round 1 as the Dutch system pairs
/// it (1–5, 6–2, 3–7, 8–4), and after the top half wins, round 2 within the score groups, S1
/// against S2 transposed so that everyone gets the colour they are due (4–1, 2–3, 5–8, 7–6)
/// rather than the plain order (1–3, 2–4), where both of each pair are due the same colour.
async fn an_eight_player_swiss_pairs_as_the_dutch_system_does(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    host.create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    for n in 1..=8 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let seat = |pairs: &[(UserId, UserId)]| -> Vec<(u64, u64)> {
        pairs
            .iter()
            .map(|&(w, b)| (w.0 - 2000, b.0 - 2000))
            .collect()
    };
    let news = host.tournament_tick().await.unwrap();
    let Some(TournamentMsg::Round { games: pairs, .. }) = messages(&news).pop() else {
        panic!("round 1 not paired");
    };
    assert_eq!(seat(&pairs), [(1, 5), (6, 2), (3, 7), (8, 4)]);
    clock.advance(Duration::from_secs(60));
    // Boards 1 and 3 to White, 2 and 4 to Black: 1, 2, 3 and 4 win.
    play_out(&host, &games(&news), |i| i % 2 == 0).await;
    let news = host.tournament_tick().await.unwrap();
    let Some(TournamentMsg::Round { games: pairs, .. }) = messages(&news).pop() else {
        panic!("round 2 not paired");
    };
    assert_eq!(seat(&pairs), [(4, 1), (2, 3), (5, 8), (7, 6)]);
    // Exported while round 2 runs: round 1 in FIDE's report file, which the Dutch system pairs
    // into the round 2 the bot paired.
    let export = host.tournament_export(&organiser(), None).await.unwrap();
    let file = export.file.expect("the report attached");
    assert!(file.name.ends_with(".trf"), "{}", file.name);
    let trf = dama_play::tournament::Trf::parse(std::str::from_utf8(&file.bytes).unwrap()).unwrap();
    assert_eq!(trf.players.len(), 8);
    assert!(trf.players.iter().all(|p| p.rounds.len() == 1), "{trf:?}");
    let boards = dama_play::tournament::pair_dutch(&trf).unwrap();
    let by_name = |number: u32| {
        trf.players
            .iter()
            .find(|p| p.number == number)
            .unwrap()
            .name
            .clone()
    };
    let paired: Vec<(String, String)> = boards
        .iter()
        .map(|b| match *b {
            dama_play::tournament::Board::Game { white, black } => (by_name(white), by_name(black)),
            dama_play::tournament::Board::Bye(p) => (by_name(p), String::new()),
        })
        .collect();
    let named = |u: UserId| format!("player{}", u.0);
    let expected: Vec<(String, String)> =
        pairs.iter().map(|&(w, b)| (named(w), named(b))).collect();
    assert_eq!(paired, expected);
}

/// The players of a game handed out, absent first: `absent` does not start; the other side
/// makes a first move where it is theirs to make first.
async fn stay_away(host: &Host, clock: &Clock, g: &GameToStart, absent: UserId) {
    let started = host
        .start_pairing(g, channel_of(g), Lang::ENGLISH)
        .await
        .unwrap()
        .expect("the game starts");
    // Its thread opens calling both players, saying what missing the first move costs.
    assert_eq!(started.mentions, vec![g.white, g.black]);
    assert!(
        started.body.iter().any(|m| matches!(
            m,
            Msg::ToMove {
                clock: TurnClock::FirstMove { forfeit: true },
                ..
            }
        )),
        "{started:?}"
    );
    if absent == g.black {
        let mut game = dama_rules::Game::default();
        quiet_moves(
            host,
            clock,
            &mut game,
            (g.white, g.black),
            channel_of(g).0,
            1,
            Duration::from_secs(1),
        )
        .await;
    }
}

async fn a_round_waits_its_pause_and_a_player_who_does_not_start_loses_by_forfeit(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    // The default pause: a minute between a round's pairings and its games.
    host.create_tournament(
        &organiser(),
        TournamentSpec {
            pause: None,
            ..spec(TournamentKind::Swiss)
        },
    )
    .await
    .unwrap();
    for n in 1..=4 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let t0 = clock.now();
    let news = host.tournament_tick().await.unwrap();
    let Some(TournamentMsg::Round {
        games: pairs,
        starts_at,
        ..
    }) = messages(&news).pop()
    else {
        panic!("round 1 not paired: {news:?}");
    };
    assert_eq!(starts_at, Some(t0 + Millis::from_secs(60)));
    assert!(games(&news).is_empty(), "no game before the pause is over");
    // Everyone paired is called.
    let called: HashSet<UserId> = news.iter().flat_map(|n| n.reply.mentions.clone()).collect();
    assert_eq!(called, (1..=4).map(entrant).collect());
    clock.advance(Duration::from_secs(59));
    assert!(games(&host.tournament_tick().await.unwrap()).is_empty());
    clock.advance(Duration::from_secs(1));
    let to_start = games(&host.tournament_tick().await.unwrap());
    assert_eq!(to_start.len(), 2);
    assert!(
        games(&host.tournament_tick().await.unwrap()).is_empty(),
        "handed out once"
    );
    // Board 1's White never moves; board 2 is played (White wins).
    let absent = pairs[0].0;
    let (first, second) = (&to_start[0], &to_start[1]);
    assert_eq!(first.white, absent);
    stay_away(&host, &clock, first, absent).await;
    play_out(&host, std::slice::from_ref(second), |_| true).await;
    // A 5+3 game's first move has a minute (the larger of a minute and a tenth of 5 minutes).
    clock.advance(Duration::from_secs(58));
    assert!(host.flags().await.unwrap().is_empty());
    clock.advance(Duration::from_secs(2));
    let flagged = host.flags().await.unwrap();
    let said: Vec<&Msg> = flagged.iter().flat_map(|n| n.reply.body.iter()).collect();
    assert_eq!(
        said,
        [&Msg::Forfeit {
            winner: Player::User(first.black),
            absent: Player::User(absent),
            withdrawn: false,
        }]
    );
    // Round 2: the forfeit counts its point but was not played.
    let news = host.tournament_tick().await.unwrap();
    let Some(TournamentMsg::Round { games: pairs, .. }) = messages(&news).pop() else {
        panic!("round 2 not paired: {news:?}");
    };
    let standings = host.tournament_standings(&who(absent), None).await.unwrap();
    let Some(Msg::Tournament(TournamentMsg::Standings { lines, .. })) = standings.body.first()
    else {
        panic!("{standings:?}");
    };
    let line = |u: UserId| lines.iter().find(|l| l.user == u).unwrap().clone();
    assert_eq!((line(first.black).score, line(absent).score), (2, 0));
    let export = host.tournament_export(&organiser(), None).await.unwrap();
    let trf = dama_play::tournament::Trf::parse(
        std::str::from_utf8(&export.file.unwrap().bytes).unwrap(),
    )
    .unwrap();
    let results: Vec<char> = trf
        .players
        .iter()
        .map(|p| p.rounds[0].unwrap().result.code())
        .collect();
    assert_eq!(
        results.iter().filter(|&&c| c == '+' || c == '-').count(),
        2,
        "the forfeit as + and -: {results:?}"
    );
    // The absent player misses round 2 too: two in a row withdraw them.
    clock.advance(Duration::from_secs(60));
    let to_start = games(&host.tournament_tick().await.unwrap());
    let mine = to_start
        .iter()
        .find(|g| g.white == absent || g.black == absent)
        .unwrap()
        .clone();
    assert!(
        pairs
            .iter()
            .any(|&(w, b)| (w, b) == (mine.white, mine.black))
    );
    let other: Vec<GameToStart> = to_start.into_iter().filter(|g| *g != mine).collect();
    stay_away(&host, &clock, &mine, absent).await;
    play_out(&host, &other, |_| true).await;
    clock.advance(Duration::from_secs(61));
    let flagged = host.flags().await.unwrap();
    let winner = if mine.white == absent {
        mine.black
    } else {
        mine.white
    };
    let said: Vec<&Msg> = flagged.iter().flat_map(|n| n.reply.body.iter()).collect();
    assert_eq!(
        said,
        [&Msg::Forfeit {
            winner: Player::User(winner),
            absent: Player::User(absent),
            withdrawn: true,
        }]
    );
    // Round 3 goes on without them: three players, one bye.
    let news = host.tournament_tick().await.unwrap();
    let Some(TournamentMsg::Round {
        games: pairs, bye, ..
    }) = messages(&news).pop()
    else {
        panic!("round 3 not paired: {news:?}");
    };
    assert_eq!(pairs.len(), 1);
    assert!(bye.is_some() && bye != Some(absent));
    assert!(pairs.iter().all(|&(w, b)| w != absent && b != absent));
    let standings = host.tournament_standings(&who(absent), None).await.unwrap();
    let Some(Msg::Tournament(TournamentMsg::Standings { lines, .. })) = standings.body.first()
    else {
        panic!("{standings:?}");
    };
    let gone = lines.iter().find(|l| l.user == absent).unwrap();
    assert!(gone.withdrawn && gone.score == 0, "{gone:?}");
    // The announcement still counts the four who took part.
    let id = news[0].tournament;
    host.set_announcement(id, Some(dama_model::MessageId(42)), None)
        .await
        .unwrap();
    let (_, _, now) = host.tournament_announcement(id).await.unwrap().unwrap();
    assert!(
        matches!(
            now.body[0],
            Msg::Tournament(TournamentMsg::Created { players: 4, .. })
        ),
        "{now:?}"
    );
}

/// Newcomers all start at 1500: C.04.2 orders players of equal rating alphabetically for their
/// pairing numbers (they were ordered by user id), by the name each joined with.
async fn players_of_equal_rating_are_numbered_alphabetically(db: TestDb) {
    let (host, _clock, _) = host(&db).await;
    host.create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    for (n, name) in ["Zeynep", "Ayşe", "deniz", "Çınar"].into_iter().enumerate() {
        let player = Who {
            name: name.into(),
            ..who(entrant(n as u64))
        };
        host.join_tournament(&player, None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    host.tournament_tick().await.unwrap();
    let export = host.tournament_export(&organiser(), None).await.unwrap();
    let trf = dama_play::tournament::Trf::parse(
        std::str::from_utf8(&export.file.unwrap().bytes).unwrap(),
    )
    .unwrap();
    let mut numbered: Vec<(u32, &str)> = trf
        .players
        .iter()
        .map(|p| (p.number, p.name.as_str()))
        .collect();
    numbered.sort_unstable();
    assert_eq!(
        numbered,
        [(1, "Ayse"), (2, "Cinar"), (3, "deniz"), (4, "Zeynep")]
    );
}

/// Three players over four rounds cannot keep FIDE's absolute rules: four games among three
/// pairs. Each round paired outside them says so to the organiser, naming what it breaks, and
/// the exported file says so in its comments.
async fn a_round_paired_outside_the_absolute_rules_says_so_to_the_organiser_and_in_the_file(
    db: TestDb,
) {
    let (host, clock, _) = host(&db).await;
    let four_rounds = TournamentSpec {
        rounds: Some(4),
        ..spec(TournamentKind::Swiss)
    };
    host.create_tournament(&organiser(), four_rounds)
        .await
        .unwrap();
    for n in 1..=3 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let mut met: HashSet<(UserId, UserId)> = HashSet::new();
    let mut byes: HashSet<UserId> = HashSet::new();
    // What each round broke, as the test saw it: (round, rematches, second byes).
    let mut broken = Vec::new();
    for round in 1..=4 {
        let news = host.tournament_tick().await.unwrap();
        let said = messages(&news);
        let Some(TournamentMsg::Round {
            games: pairs, bye, ..
        }) = said
            .iter()
            .find(|m| matches!(m, TournamentMsg::Round { .. }))
        else {
            panic!("round {round} not paired: {said:?}");
        };
        let rematches: Vec<(UserId, UserId)> = pairs
            .iter()
            .copied()
            .filter(|&(w, b)| !met.insert((w.min(b), w.max(b))))
            .collect();
        let second_byes: Vec<UserId> = bye.iter().copied().filter(|&b| !byes.insert(b)).collect();
        let told = said.iter().find_map(|m| match m {
            TournamentMsg::OutsideRules {
                organiser,
                round,
                rematches,
                second_byes,
                ..
            } => Some((*organiser, *round, rematches.clone(), second_byes.clone())),
            _ => None,
        });
        if rematches.is_empty() && second_byes.is_empty() {
            assert_eq!(told, None, "round {round} kept the rules");
        } else {
            assert_eq!(
                told,
                Some((UserId(1), round, rematches.clone(), second_byes.clone())),
                "round {round}"
            );
            let called = news.iter().any(|n| n.reply.mentions.contains(&UserId(1)));
            assert!(called, "the organiser is called");
            broken.push((round, rematches, second_byes));
        }
        clock.advance(Duration::from_secs(60));
        play_out(&host, &games(&news), |_| true).await;
    }
    assert!(!broken.is_empty(), "four games among three pairs");
    let export = host.tournament_export(&organiser(), None).await.unwrap();
    let text = String::from_utf8(export.file.unwrap().bytes).unwrap();
    let trf = dama_play::tournament::Trf::parse(&text).unwrap();
    let number = |u: UserId| {
        trf.players
            .iter()
            .find(|p| p.name == format!("player{}", u.0))
            .unwrap()
            .number
    };
    let expected: Vec<String> = broken
        .iter()
        .map(|(round, rematches, second_byes)| {
            let mut parts = Vec::new();
            if !rematches.is_empty() {
                let pairs: Vec<String> = rematches
                    .iter()
                    .map(|&(w, b)| {
                        let (w, b) = (number(w), number(b));
                        format!("{}-{}", w.min(b), w.max(b))
                    })
                    .collect();
                parts.push(format!("{} met before (C1)", pairs.join(", ")));
            }
            if !second_byes.is_empty() {
                let players: Vec<String> =
                    second_byes.iter().map(|&u| number(u).to_string()).collect();
                parts.push(format!("{} had a bye before (C2)", players.join(", ")));
            }
            format!("Round {round} paired outside C.04.3: {}", parts.join("; "))
        })
        .collect();
    assert_eq!(trf.comments, expected, "{text}");
}

/// 5,000 tournaments were once created in 47 s, each of them watched and ticked: a server
/// holds 20 open or under way, a manager creates 5 an hour, and a tournament takes 1,000
/// players.
async fn a_server_holds_twenty_tournaments_a_manager_creates_five_an_hour_and_each_takes_a_thousand(
    db: TestDb,
) {
    let (host, clock, _) = host(&db).await;
    let manager = |n: u64| Who {
        admin: true,
        ..who(UserId(100 + n))
    };
    let create = |n: u64| {
        let host = &host;
        async move {
            host.create_tournament(&manager(n), spec(TournamentKind::Swiss))
                .await
                .map(|r| r.tournament.expect("a tournament"))
        }
    };
    let first_at = clock.now();
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(create(0).await.unwrap());
        clock.advance(Duration::from_secs(60));
    }
    assert_eq!(
        refusal(create(0).await.map(|_| Reply::default())),
        TournamentRefusal::CreatingTooFast {
            max: 5,
            again_at: first_at + Millis::from_minutes(60)
        }
    );
    clock.set(first_at + Millis::from_minutes(60));
    ids.push(create(0).await.unwrap());
    for n in 1..=2 {
        for _ in 0..5 {
            ids.push(create(n).await.unwrap());
        }
    }
    for _ in 0..4 {
        ids.push(create(3).await.unwrap());
    }
    assert_eq!(ids.len(), 20);
    assert_eq!(
        refusal(create(3).await.map(|_| Reply::default())),
        TournamentRefusal::TooManyUnfinished { max: 20 }
    );
    // Another server is not held back; a cancelled one makes room.
    let elsewhere = Who {
        guild: Some(dama_model::GuildId(GUILD.0 + 1)),
        ..manager(4)
    };
    host.create_tournament(&elsewhere, spec(TournamentKind::Swiss))
        .await
        .unwrap();
    host.cancel_tournament(&manager(3), Some(ids[19]))
        .await
        .unwrap();
    let last = create(3).await.unwrap();

    // A thousand players, and no more: one who leaves may come back.
    for n in 0..1_000 {
        host.join_tournament(&who(entrant(n)), Some(last))
            .await
            .unwrap();
    }
    let r = host.join_tournament(&who(entrant(1_000)), Some(last)).await;
    assert_eq!(refusal(r), TournamentRefusal::Full { max: 1_000 });
    host.leave_tournament(&who(entrant(7)), Some(last))
        .await
        .unwrap();
    host.join_tournament(&who(entrant(7)), Some(last))
        .await
        .unwrap();
    let r = host.join_tournament(&who(entrant(1_001)), Some(last)).await;
    assert_eq!(refusal(r), TournamentRefusal::Full { max: 1_000 });
}

/// The standings count a game the moment it ends, while the round's other games still run:
/// its winner leads with the point; its loser shares the next place with the players still at
/// their boards.
async fn a_swiss_counts_a_game_the_moment_it_ends_before_its_round_does(db: TestDb) {
    let (host, clock, _) = host(&db).await;
    host.create_tournament(&organiser(), spec(TournamentKind::Swiss))
        .await
        .unwrap();
    for n in 0..4 {
        host.join_tournament(&who(entrant(n)), None).await.unwrap();
    }
    host.start_tournament(&organiser(), None).await.unwrap();
    let to_start = games(&host.tournament_tick().await.unwrap());
    assert_eq!(to_start.len(), 2, "four players, two boards");
    for g in &to_start {
        host.start_pairing(g, channel_of(g), Lang::ENGLISH)
            .await
            .unwrap();
    }
    clock.advance(Duration::from_secs(60));
    let (done, running) = (&to_start[0], &to_start[1]);
    host.resign_confirmed(&at(done.black, channel_of(done).0))
        .await
        .unwrap();
    let standings = host
        .tournament_standings(&who(done.white), None)
        .await
        .unwrap();
    let Msg::Tournament(TournamentMsg::Standings { lines, .. }) = &standings.body[0] else {
        panic!("{standings:?}");
    };
    let line = |user: UserId| lines.iter().find(|l| l.user == user).unwrap();
    // Whoever won it (a side that never moved may have lost by forfeit first).
    let (winner, loser) = if line(done.white).games == [2] {
        (done.white, done.black)
    } else {
        (done.black, done.white)
    };
    assert_eq!(line(winner).games, vec![2], "{lines:?}");
    assert_eq!((line(winner).rank, line(winner).score), (1, 2), "{lines:?}");
    assert_eq!(lines[0].user, winner, "the winner first: {lines:?}");
    for user in [running.white, running.black, loser] {
        assert_eq!((line(user).rank, line(user).score), (2, 0), "{lines:?}");
    }
    // The round over, the tie-breaks count it too, and the points stay as they were shown.
    host.resign_confirmed(&at(running.white, channel_of(running).0))
        .await
        .unwrap();
    let standings = host
        .tournament_standings(&who(done.white), None)
        .await
        .unwrap();
    let Msg::Tournament(TournamentMsg::Standings { lines, .. }) = &standings.body[0] else {
        panic!("{standings:?}");
    };
    let scores: Vec<(usize, u32)> = lines.iter().map(|l| (l.rank, l.score)).collect();
    assert_eq!(scores, vec![(1, 2), (1, 2), (3, 0), (3, 0)], "{lines:?}");
}

on_both_databases!(
    a_swiss_counts_a_game_the_moment_it_ends_before_its_round_does,
    a_round_waits_its_pause_and_a_player_who_does_not_start_loses_by_forfeit,
    an_eight_player_swiss_pairs_as_the_dutch_system_does,
    a_seven_player_swiss_pairs_three_rounds_with_a_bye_each_and_names_its_winner,
    two_hosts_ticking_together_pair_a_round_once_and_a_restart_goes_on,
    an_arena_pairs_whoever_is_free_after_a_pause_and_doubles_a_streak,
    an_arena_game_ended_after_the_arenas_end_does_not_count,
    berserk_halves_the_clock_drops_the_increment_and_wins_a_point_more,
    a_tournament_set_for_a_clock_time_starts_then_by_itself,
    bad_tournament_commands_are_refused_and_change_nothing,
    a_server_holds_twenty_tournaments_a_manager_creates_five_an_hour_and_each_takes_a_thousand,
    players_of_equal_rating_are_numbered_alphabetically,
    a_round_paired_outside_the_absolute_rules_says_so_to_the_organiser_and_in_the_file,
);
