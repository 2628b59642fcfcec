//! The web pages in process (tower's `oneshot`): a game's page by its link only, the privacy
//! rule (nothing of a server is listed until it opts in), hostile names escaped, bad ids and
//! keys answered with "not found", the reader's language, the headers, and live updates.

use dama_core::host::Refusal;
use dama_model::UnixMs;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dama_core::host::{Host, HostConfig, HostError, Lang, Who};
use dama_model::{ColorChoice, GameId};
use dama_store::Store;
use dama_telemetry::{Health, Metrics};
use dama_web::{Web, router};
use futures_util::StreamExt;
use tower::ServiceExt;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

struct Answer {
    status: StatusCode,
    kind: String,
    csp: String,
    /// `Cache-Control` and `Vary`.
    cache: (String, String),
    body: String,
}

async fn fetch(web: &Web, path: &str, language: Option<&str>) -> Answer {
    let mut request = Request::get(path);
    if let Some(l) = language {
        request = request.header("accept-language", l);
    }
    let response = router(web.clone())
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (status, kind, csp) = (
        response.status(),
        header("content-type"),
        header("content-security-policy"),
    );
    let cache = (header("cache-control"), header("vary"));
    let bytes = axum::body::to_bytes(response.into_body(), 8 << 20)
        .await
        .unwrap();
    Answer {
        status,
        kind,
        csp,
        cache,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

async fn get(web: &Web, path: &str) -> Answer {
    fetch(web, path, None).await
}

/// A host whose boards link to `https://dama.example`, and its web.
pub(super) async fn web_of(db: &TestDb) -> (Web, dama_core::host::Clock) {
    let clock = dama_core::host::Clock::manual(UnixMs::from_secs(1_800_000_000));
    let host = Host::new(
        Store::open(&db.url()).await.unwrap(),
        renderer(),
        Arc::new(dama_core::words::Words::new()),
        HostConfig {
            public_url: Some("https://dama.example".into()),
            ..HostConfig::default()
        },
        clock.clone(),
    );
    let web = Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        Health::expecting([0]),
        Arc::new(Metrics::new()),
    );
    (web, clock)
}

/// Alice (White) and Bob start a game in `channel` and play two moves; its id and link key.
pub(super) async fn a_game(web: &Web, alice: &Who, channel: u64) -> (GameId, String) {
    let host = &web.host;
    let c = host
        .challenge(alice, BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    let board = host
        .button(
            &at(BOB, channel),
            &button(&c, dama_core::host::ButtonLabel::Accept),
        )
        .await
        .unwrap();
    let id = board.game.expect("a board");
    host.play(alice, "e3-e4").await.unwrap();
    host.play(&at(BOB, channel), "d6-d5").await.unwrap();
    let row = host.store().game(id).await.unwrap().unwrap();
    let key = row.web_key.expect("every game has a link key");
    assert_eq!(
        board.game_link.as_deref(),
        Some(format!("https://dama.example/game/{key}").as_str()),
        "the board links to its page"
    );
    (id, key)
}

async fn a_game_is_reached_by_its_link_and_listed_only_where_its_server_opted_in(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    assert_eq!(key.len(), 32);
    assert!(key.bytes().all(|b| b.is_ascii_hexdigit()));

    let page = get(&web, &format!("/game/{key}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.kind, "text/html; charset=utf-8");
    for part in [
        "player1001",
        "player1002",
        ">e3-e4<",
        ">d6-d5<",
        "<svg",
        "aria-current=\"step\"",
    ] {
        assert!(page.body.contains(part), "the page shows {part}");
    }

    // Not listed: no server page, nothing on the home page, no player page (the same answer
    // as for somebody who never played).
    assert_eq!(
        get(&web, &format!("/server/{}", GUILD.0)).await.status,
        StatusCode::NOT_FOUND
    );
    let home = get(&web, "/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        !home.body.contains(&key),
        "the home page does not list the game"
    );
    let stranger = get(&web, "/player/424242").await;
    let alice = get(&web, &format!("/player/{}", ALICE.0)).await;
    assert_eq!(alice.status, StatusCode::NOT_FOUND);
    assert_eq!(
        alice.body, stranger.body,
        "a player seen only elsewhere is a stranger"
    );

    // Only a manager may list the server.
    assert!(matches!(
        web.host
            .set_web_public(&who(ALICE), true, "Kahvehane")
            .await,
        Err(HostError::Refused(Refusal::WebNeedsManageServer))
    ));
    let admin = Who {
        admin: true,
        ..who(CAROL)
    };
    let listed = web
        .host
        .set_web_public(&admin, true, "Kahvehane")
        .await
        .unwrap();
    assert!(matches!(
        listed.body[0],
        dama_core::host::Msg::WebListed { public: true, link: Some(ref l) } if l == "https://dama.example/server/77"
    ));
    let server = get(&web, &format!("/server/{}", GUILD.0)).await;
    assert_eq!(server.status, StatusCode::OK);
    assert!(server.body.contains("Kahvehane") && server.body.contains(&format!("/game/{key}")));
    assert!(get(&web, "/").await.body.contains("/server/77"));
    let alice = get(&web, &format!("/player/{}", ALICE.0)).await;
    assert!(
        alice.body.contains(&format!("/game/{key}")),
        "listed games show on players' pages"
    );

    // And unlisted again.
    web.host.set_web_public(&admin, false, "").await.unwrap();
    assert_eq!(
        get(&web, &format!("/server/{}", GUILD.0)).await.status,
        StatusCode::NOT_FOUND
    );
    let alice = get(&web, &format!("/player/{}", ALICE.0)).await;
    assert_eq!(alice.status, StatusCode::NOT_FOUND);
    assert!(!alice.body.contains(&key));
    assert_eq!(
        get(&web, &format!("/game/{key}")).await.status,
        StatusCode::OK,
        "the link still works"
    );
}

async fn bad_ids_and_keys_are_not_found_and_every_answer_carries_the_policy(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    for path in [
        "/game/nothing".to_string(),
        "/game/0123456789abcdef0123456789abcdef".to_string(),
        format!("/game/{}", key.to_uppercase()),
        format!("/game/{key}x"),
        format!("/game/{key}/board/3"),
        format!("/game/{key}/board/-1"),
        format!("/game/{key}/board/99999999999999999999999"),
        "/game/%3Cscript%3E".to_string(),
        "/server/abc".to_string(),
        "/server/99999999999999999999999".to_string(),
        "/player/-5".to_string(),
        "/player/424242".to_string(),
        "/tournament/1".to_string(),
        "/static/../Cargo.toml".to_string(),
        "/nowhere".to_string(),
    ] {
        let a = get(&web, &path).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!a.body.contains("<script>"), "{path}");
        assert!(
            a.csp.contains("script-src 'self'") && a.csp.contains("default-src 'none'"),
            "{path}: {}",
            a.csp
        );
    }
    // Junk in the query changes nothing.
    let a = get(
        &web,
        &format!("/game/{key}?ply=abc&flip=%ZZ&lang=%3Cx%3E&lang=zz&x=%22"),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(!a.body.contains("<x>") && !a.body.contains("\"zz"));
    for path in [
        "/healthz",
        "/metrics",
        "/static/style.css",
        "/static/game.js",
    ] {
        assert!(
            get(&web, path).await.csp.contains("frame-ancestors 'none'"),
            "{path}"
        );
    }
}

/// Names are text: markup escaped, and nothing that would reorder or break what follows (a
/// right-to-left override once reversed the rest of a line; a U+2028 split it).
async fn hostile_names_are_shown_as_text(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let hostile = "<script>alert(\"x\")</script> 'O&Brien' \u{202e}evil\u{2028}line";
    let alice = Who {
        name: hostile.into(),
        ..who(ALICE)
    };
    let (_, key) = a_game(&web, &alice, CHANNEL).await;
    let admin = Who {
        admin: true,
        ..who(CAROL)
    };
    web.host
        .set_web_public(
            &admin,
            true,
            "<img src=x onerror=alert(1)>\u{2067}\u{202e}srv",
        )
        .await
        .unwrap();
    for path in [
        format!("/game/{key}"),
        format!("/player/{}", ALICE.0),
        format!("/server/{}", GUILD.0),
        "/".to_string(),
    ] {
        let a = get(&web, &path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(!a.body.contains("<script>alert"), "{path}: {}", a.body);
        assert!(!a.body.contains("<img src=x"), "{path}");
        assert!(!a.body.contains("'O&Brien'"), "{path}");
        for c in ['\u{202e}', '\u{2067}', '\u{2028}'] {
            assert!(!a.body.contains(c), "{path}: {c:?} passed on");
        }
    }
    let game = get(&web, &format!("/game/{key}")).await.body;
    assert!(game.contains(
        "<bdi>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;O&amp;Brien&#39; evil line</bdi>"
    ), "{game}");
    let pdn = get(&web, &format!("/game/{key}/pdn")).await;
    assert_eq!(pdn.status, StatusCode::OK);
    assert!(
        pdn.body.contains("[White \"") && pdn.body.contains("1. e3-e4 d6-d5"),
        "{}",
        pdn.body
    );
}

async fn pages_speak_the_readers_language_and_step_through_the_game(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let path = format!("/game/{key}");
    let tr = fetch(&web, &path, Some("de-DE,tr;q=0.8,en;q=0.5")).await;
    // Told by the reader's language: no shared cache hands one reader's page to another.
    let (cache, vary) = &tr.cache;
    assert_eq!(cache, "private, no-cache");
    assert!(
        vary.contains("Accept-Language") && vary.contains("Cookie"),
        "{vary}"
    );
    let tr = tr.body;
    assert!(tr.contains("<html lang=\"tr\"") && tr.contains("Tahtayı çevir"));
    let en = fetch(&web, &format!("{path}?lang=en"), Some("tr"))
        .await
        .body;
    assert!(
        en.contains("<html lang=\"en\"") && en.contains("Flip board"),
        "the switch wins"
    );
    assert!(
        en.contains("?lang=en") || en.contains("lang=en"),
        "links keep the chosen language"
    );

    // The start, a ply, the end: each board as SVG, labelled for screen readers.
    let start = get(&web, &format!("{path}/board/0")).await;
    assert_eq!(start.kind, "image/svg+xml");
    assert!(start.body.contains("The starting position."));
    assert_eq!(start.body.matches("href=\"#wm\"").count(), 16);
    assert_eq!(start.body.matches("href=\"#bm\"").count(), 16);
    let one = get(&web, &format!("{path}/board/1")).await.body;
    assert!(one.contains("after ply 1, e3-e4"), "{one}");
    assert!(one.contains("e4"), "the men are listed by square");
    assert!(one.len() < 12_000, "a few KB: {}", one.len());
    let page = get(&web, &format!("{path}?ply=1")).await.body;
    assert!(
        page.contains("data-ply=\"1\" aria-current=\"step\""),
        "ply 1 is marked"
    );
    // The status line is the viewed position's (after e3-e4: Black to move), not the game's.
    assert!(page.contains("Black to move · move 1"), "{page}");
    let end = get(&web, &path).await.body;
    assert!(end.contains("White to move · move 2"), "{end}");
    // Stepping in the page's script: each board comes with its status line.
    let response = router(web.clone())
        .oneshot(
            Request::get(format!("{path}/board/1?lang=tr"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let said = response.headers()["x-dama-status"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(
        said, "Siyah%20oynar%20%C2%B7%201.%20hamle",
        "percent-encoded Turkish"
    );
    // Time controls are spelled out in the reader's language.
    assert!(end.contains("3 days a move · casual"), "{end}");
    assert!(tr.contains("hamle başına 3 gün"), "{tr}");
    let gif = get(&web, &format!("{path}/gif")).await;
    assert_eq!(gif.kind, "image/gif");
    for path in ["/", "/puzzle", &format!("{path}/board/1")] {
        assert_eq!(get(&web, path).await.cache.0, "private, no-cache", "{path}");
    }
    // The same for everyone, kept an hour.
    let style = get(&web, "/static/style.css").await;
    assert_eq!(style.cache.0, "public, max-age=3600");
}

async fn a_live_page_gets_each_move_as_it_is_played(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let web = web.with_limits(dama_web::WebLimits {
        live_pages: 1,
        ..dama_web::WebLimits::default()
    });
    let response = router(web.clone())
        .oneshot(
            Request::get(format!("/game/{key}/events"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "text/event-stream"
    );
    let mut events = LiveEvents::of(response);
    let mut next_event = async || events.next().await;
    let first = next_event().await;
    assert!(
        first.contains("\"ply\":2") && first.contains("\"running\":true"),
        "{first}"
    );
    web.host.play(&who(ALICE), "a3-a4").await.unwrap();
    let second = next_event().await;
    assert!(
        second.contains("\"ply\":3") && second.contains("a3-a4"),
        "{second}"
    );
    assert!(second.contains("Black to move") || second.contains("\"toMove\":\"black\""));
    assert_eq!(web.live.open(), 1, "one live page counted");
    let second = router(web.clone())
        .oneshot(
            Request::get(format!("/game/{key}/events"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(
        second.status(),
        StatusCode::SERVICE_UNAVAILABLE,
        "no more live pages than the limit"
    );
    drop(events);
}

/// Plays `plies` moves (the first legal one each time) in the game at `channel`.
async fn play_on(web: &Web, channel: u64, plies: usize) {
    for _ in 0..plies {
        let row = web
            .host
            .store()
            .running_game(dama_model::ChannelId(channel))
            .await
            .unwrap();
        let Some(row) = row else { return };
        let pos = dama_rules::fen::parse(&row.fen).unwrap();
        // A quiet move when there is one (long games), picked by a fixed stir of the ply.
        let moves = pos.legal_moves();
        let quiet: Vec<_> = moves
            .iter()
            .filter(|m| !pos.play_unchecked(m).has_capture())
            .copied()
            .collect();
        let pool = if quiet.is_empty() { &moves } else { &quiet };
        if pool.is_empty() {
            return;
        }
        let mv = pool[(row.ply as usize * 7_919 + channel as usize * 31) % pool.len()];
        let mover = if pos.side_to_move() == dama_rules::Color::White {
            ALICE
        } else {
            BOB
        };
        web.host
            .play(&at(mover, channel), &pos.notation(&mv))
            .await
            .unwrap();
    }
}

/// Twenty animations a second asked of the web (all within the rate limit) never hold up a
/// replay asked for in Discord: the web draws on its own low thread from a short queue, and
/// what does not fit is answered "busy" at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_web_animations_never_delays_a_replay_in_discord() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let mut keys = Vec::new();
    // Long games: each animation takes a while to draw.
    for n in 0..8 {
        let channel = 7_000 + n;
        let (_, key) = a_game(&web, &at(ALICE, channel), channel).await;
        play_on(&web, channel, 200).await;
        keys.push(key);
    }
    let web = web.with_limits(dama_web::WebLimits {
        burst: 10_000,
        ..dama_web::WebLimits::default()
    });
    let flood = {
        let web = web.clone();
        tokio::spawn(async move {
            let mut asked = Vec::new();
            for i in 0..100usize {
                let key = keys[i % keys.len()].clone();
                let lang = if (i / keys.len()) % 2 == 0 {
                    "en"
                } else {
                    "tr"
                };
                let web = web.clone();
                asked.push(tokio::spawn(async move {
                    let started = std::time::Instant::now();
                    let request = Request::get(format!("/game/{key}/gif?lang={lang}"))
                        .body(Body::empty())
                        .unwrap();
                    let response = router(web).oneshot(request).await.unwrap();
                    let status = response.status();
                    let _ = axum::body::to_bytes(response.into_body(), 64 << 20).await;
                    (status, started.elapsed())
                }));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let mut answers = Vec::new();
            for a in asked {
                answers.push(a.await.unwrap());
            }
            answers
        })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Meanwhile a player asks for the replay of a game in Discord.
    let started = std::time::Instant::now();
    let replay = web.host.replay(&at(ALICE, 7_000)).await.unwrap();
    let took = started.elapsed();
    assert!(replay.file.is_some_and(|f| f.bytes.starts_with(b"GIF8")));
    assert!(took < Duration::from_secs(2), "the replay waited {took:?}");
    let answers = flood.await.unwrap();
    for (status, took) in &answers {
        match *status {
            StatusCode::OK => {}
            StatusCode::SERVICE_UNAVAILABLE => assert!(
                *took < Duration::from_millis(500),
                "a busy answer comes at once, not after {took:?}"
            ),
            other => panic!("{other}"),
        }
    }
    assert!(
        answers.iter().any(|(s, _)| *s == StatusCode::OK),
        "the web still draws its animations"
    );
}

/// The events of one name (`state`, `version`) of a live page's stream, one at a time.
struct LiveEvents {
    stream: axum::body::BodyDataStream,
    seen: String,
    name: &'static str,
}

impl LiveEvents {
    /// A game page's `state` events.
    fn of(response: axum::response::Response) -> LiveEvents {
        LiveEvents::named(response, "state")
    }

    fn named(response: axum::response::Response, name: &'static str) -> LiveEvents {
        LiveEvents {
            stream: response.into_body().into_data_stream(),
            seen: String::new(),
            name,
        }
    }

    /// The next event of this name, within 10 s.
    async fn next(&mut self) -> String {
        let wanted = format!("event: {}", self.name);
        loop {
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("an event within 10 s")
                .expect("the stream stays open")
                .unwrap();
            self.seen.push_str(&String::from_utf8_lossy(&chunk));
            if let Some(end) = self.seen.find("\n\n") {
                let event: String = self.seen.drain(..end + 2).collect();
                if event.contains(&wanted) {
                    return event;
                }
            }
        }
    }
}

/// Alice (White) and Bob start a 1/4+0 game in [`CHANNEL`] and play a move each.
async fn a_bullet_game(web: &Web) {
    a_game_at(web, "1/4+0", false).await;
}

/// Alice (White) and Bob start a game at `control` in [`CHANNEL`], rated or not, and play a
/// move each; its link key.
pub(super) async fn a_game_at(web: &Web, control: &str, rated: bool) -> String {
    let c = web
        .host
        .challenge_on(
            &who(ALICE),
            Some(BOB),
            ColorChoice::White,
            rated,
            false,
            control.parse().unwrap(),
        )
        .await
        .unwrap();
    web.host
        .button(&who(BOB), &button(&c, dama_core::host::ButtonLabel::Accept))
        .await
        .unwrap();
    web.host.play(&who(ALICE), "e3-e4").await.unwrap();
    web.host.play(&who(BOB), "d6-d5").await.unwrap();
    let row = web
        .host
        .store()
        .running_game(dama_model::ChannelId(CHANNEL));
    row.await.unwrap().unwrap().web_key.unwrap()
}

/// A Turkish page writes a clock's tenths with a comma, and its time control in words.
#[tokio::test]
async fn a_turkish_page_writes_clocks_and_time_controls_the_turkish_way() {
    let db = TestDb::sqlite();
    let (web, clock) = web_of(&db).await;
    a_bullet_game(&web).await;
    clock.advance(Duration::from_millis(5_600));
    let row = web
        .host
        .store()
        .latest_game(dama_model::ChannelId(CHANNEL))
        .await
        .unwrap()
        .unwrap();
    let path = format!("/game/{}", row.web_key.unwrap());
    let tr = fetch(&web, &path, Some("tr")).await.body;
    assert!(tr.contains(">9,4</span>"), "White's clock: {tr}");
    assert!(tr.contains("1/4+0 bullet · puansız"), "{tr}");
    assert!(
        tr.contains("data-decimal=\",\""),
        "the script writes commas too"
    );
    let en = fetch(&web, &path, Some("en")).await.body;
    assert!(en.contains(">9.4</span>"), "{en}");
}

/// A page opened (or reloaded) after a loss on time shows the flagged clock at 0 and the
/// result, as the board in Discord does, not the clock as the last move left it.
#[tokio::test]
async fn a_page_after_a_flag_shows_the_flagged_clock_at_zero() {
    let db = TestDb::sqlite();
    let (web, clock) = web_of(&db).await;
    a_bullet_game(&web).await;
    clock.advance(Duration::from_millis(16_000));
    let flagged = web.host.flags().await.unwrap();
    assert_eq!(flagged.len(), 1, "White's flag falls");
    let row = web
        .host
        .store()
        .latest_game(dama_model::ChannelId(CHANNEL))
        .await
        .unwrap()
        .unwrap();
    let path = format!("/game/{}", row.web_key.unwrap());
    let page = fetch(&web, &path, Some("en")).await.body;
    assert!(
        page.contains("id=\"clock-white\" data-ms=\"0\" role=\"timer\">0.0</span>"),
        "White's clock at 0: {page}"
    );
    assert!(
        page.contains(">0:15</span>"),
        "Black's clock as it stood: {page}"
    );
    assert!(
        page.contains("data-live-clock=\"false\""),
        "not ticking: {page}"
    );
    let state = fetch(&web, &format!("{path}/state"), Some("en")).await.body;
    assert!(state.contains("\"left\":[0,15000]"), "{state}");
    assert!(state.contains("\"running\":false"), "{state}");
}

/// One reader holds only so many live pages; another reader is not held back by it.
#[tokio::test]
async fn one_reader_holds_only_so_many_live_pages() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let web = web.with_limits(dama_web::WebLimits {
        live_pages_per_reader: 2,
        ..dama_web::WebLimits::default()
    });
    let open =
        |addr: &'static str| {
            let web = web.clone();
            let key = key.clone();
            async move {
                let mut request = Request::get(format!("/game/{key}/events"))
                    .body(Body::empty())
                    .unwrap();
                request.extensions_mut().insert(
                    axum::extract::ConnectInfo::<std::net::SocketAddr>(addr.parse().unwrap()),
                );
                router(web).oneshot(request).await.unwrap()
            }
        };
    let first = open("203.0.113.40:1").await;
    let second = open("203.0.113.40:2").await;
    assert_eq!(
        (first.status(), second.status()),
        (StatusCode::OK, StatusCode::OK)
    );
    let third = open("203.0.113.40:3").await;
    assert_eq!(third.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(third.headers().contains_key("retry-after"));
    let body = axum::body::to_bytes(third.into_body(), 1 << 16)
        .await
        .unwrap();
    assert!(
        String::from_utf8_lossy(&body).contains("from your address"),
        "the reader is told why"
    );
    // In their own language, and still nothing kept open for them.
    let mut turkish = Request::get(format!("/game/{key}/events"))
        .header("accept-language", "tr-TR,tr;q=0.9")
        .body(Body::empty())
        .unwrap();
    turkish
        .extensions_mut()
        .insert(axum::extract::ConnectInfo::<std::net::SocketAddr>(
            "203.0.113.40:4".parse().unwrap(),
        ));
    let turkish = router(web.clone()).oneshot(turkish).await.unwrap();
    assert_eq!(turkish.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body = axum::body::to_bytes(turkish.into_body(), 1 << 16)
        .await
        .unwrap();
    assert!(
        String::from_utf8_lossy(&body).contains("Adresinden çok fazla canlı sayfa açık"),
        "{}",
        String::from_utf8_lossy(&body)
    );
    let other = open("198.51.100.40:1").await;
    assert_eq!(
        other.status(),
        StatusCode::OK,
        "another reader is not held back"
    );
    assert_eq!(web.live.open(), 3);
    // The addresses of one IPv6 /64 are one reader.
    let v6 = [
        open("[2001:db8:4:4::1]:1").await,
        open("[2001:db8:4:4::2]:1").await,
    ];
    assert!(v6.iter().all(|r| r.status() == StatusCode::OK));
    assert_eq!(
        open("[2001:db8:4:4::3]:1").await.status(),
        StatusCode::SERVICE_UNAVAILABLE
    );
    drop(v6);
    // A page closed frees its place.
    drop(first);
    let again = open("203.0.113.40:4").await;
    assert_eq!(again.status(), StatusCode::OK);
    drop((second, other, again));
    assert_eq!(web.live.open(), 0, "every closed page is counted out");
}

/// A request from `addr`, as the server sees it, with these headers.
async fn from_with(web: &Web, addr: &str, headers: &[(&str, &str)]) -> StatusCode {
    let mut request = Request::get("/");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut request = request.body(Body::empty()).unwrap();
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo::<std::net::SocketAddr>(
            addr.parse().unwrap(),
        ));
    router(web.clone()).oneshot(request).await.unwrap().status()
}

/// A request from `addr`, with a proxy's `X-Forwarded-For` when given.
async fn from(web: &Web, addr: &str, forwarded: Option<&str>) -> StatusCode {
    match forwarded {
        Some(f) => from_with(web, addr, &[("x-forwarded-for", f)]).await,
        None => from_with(web, addr, &[]).await,
    }
}

fn strict(burst: u32) -> dama_web::WebLimits {
    dama_web::WebLimits {
        burst,
        every: Duration::from_secs(3600),
        ..dama_web::WebLimits::default()
    }
}

#[tokio::test]
async fn each_address_has_its_own_rate() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let web = web.with_limits(strict(3));
    for _ in 0..3 {
        assert_eq!(from(&web, "203.0.113.7:5000", None).await, StatusCode::OK);
    }
    let refused = router(web.clone())
        .oneshot({
            let mut r = Request::get("/").body(Body::empty()).unwrap();
            r.extensions_mut()
                .insert(axum::extract::ConnectInfo::<std::net::SocketAddr>(
                    "203.0.113.7:5001".parse().unwrap(),
                ));
            r
        })
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    // Another reader is not held back.
    assert_eq!(from(&web, "198.51.100.1:5000", None).await, StatusCode::OK);
    // The same address written as IPv4 inside IPv6 (a listener bound to [::]) is the same
    // reader.
    assert_eq!(
        from(&web, "[::ffff:203.0.113.7]:5002", None).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// 30 addresses of one IPv6 /64 once had 30 readers' limits: one home or one rented server
/// holds a whole /64, and may write from any address in it.
#[tokio::test]
async fn the_addresses_of_one_ipv6_64_are_one_reader() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let web = web.with_limits(strict(2));
    for addr in ["[2001:db8:9:9::1]:5000", "[2001:db8:9:9:ab::2]:5000"] {
        assert_eq!(from(&web, addr, None).await, StatusCode::OK, "{addr}");
    }
    assert_eq!(
        from(&web, "[2001:db8:9:9::3]:5000", None).await,
        StatusCode::TOO_MANY_REQUESTS,
        "a third address of the same /64"
    );
    assert_eq!(
        from(&web, "[2001:db8:9:a::1]:5000", None).await,
        StatusCode::OK,
        "the next /64 is another reader"
    );
    // Relayed by a named proxy, the reader it names is its /64 too.
    let proxied = web.with_proxies("127.0.0.1".parse().unwrap());
    for hop in ["2001:db8:3::1", "2001:db8:3::2"] {
        assert_eq!(
            from(&proxied, "127.0.0.1:40000", Some(hop)).await,
            StatusCode::OK
        );
    }
    assert_eq!(
        from(&proxied, "127.0.0.1:40000", Some("2001:db8:3::3")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test]
async fn only_a_named_proxy_says_who_the_reader_is_and_only_through_its_own_hop() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    // Unnamed, even a proxy on this machine is one reader: its headers are not believed.
    let plain = web.clone().with_limits(strict(2));
    for _ in 0..2 {
        assert_eq!(
            from(&plain, "127.0.0.1:40000", Some("192.0.2.1")).await,
            StatusCode::OK
        );
    }
    assert_eq!(
        from(&plain, "127.0.0.1:40000", Some("192.0.2.2")).await,
        StatusCode::TOO_MANY_REQUESTS,
        "an unnamed proxy's readers share its address"
    );

    let proxies: dama_web::Proxies = "127.0.0.1, ::1".parse().unwrap();
    let web = web.with_limits(strict(2)).with_proxies(proxies);
    // Named, its last hop is the reader; a hop the reader wrote further left is not.
    for _ in 0..2 {
        assert_eq!(
            from(&web, "127.0.0.1:40000", Some("192.0.2.1, 192.0.2.50")).await,
            StatusCode::OK
        );
    }
    assert_eq!(
        from(&web, "127.0.0.1:40000", Some("192.0.2.99, 192.0.2.50")).await,
        StatusCode::TOO_MANY_REQUESTS,
        "writing another address in front does not make a new reader"
    );
    assert_eq!(
        from(&web, "127.0.0.1:40000", Some("192.0.2.51")).await,
        StatusCode::OK
    );
    // Arriving as ::ffff:127.0.0.1 (bound to [::]), the proxy is still the named one.
    assert_eq!(
        from(&web, "[::ffff:127.0.0.1]:40001", Some("192.0.2.52")).await,
        StatusCode::OK
    );
    assert_eq!(
        from(&web, "[::ffff:127.0.0.1]:40001", Some("192.0.2.52")).await,
        StatusCode::OK
    );
    assert_eq!(
        from(&web, "[::ffff:127.0.0.1]:40001", Some("192.0.2.52")).await,
        StatusCode::TOO_MANY_REQUESTS,
        "the mapped proxy's reader is counted as any other"
    );
    // X-Real-IP is never believed: Caddy and HAProxy pass it on from the reader untouched.
    for _ in 0..2 {
        assert_eq!(
            from_with(
                &web,
                "127.0.0.1:40000",
                &[("x-forwarded-for", "192.0.2.60")]
            )
            .await,
            StatusCode::OK
        );
    }
    assert_eq!(
        from_with(
            &web,
            "127.0.0.1:40000",
            &[
                ("x-real-ip", "192.0.2.61"),
                ("x-forwarded-for", "192.0.2.60")
            ]
        )
        .await,
        StatusCode::TOO_MANY_REQUESTS,
        "a reader's own X-Real-IP picks no bucket"
    );
    // HAProxy adds a line of its own: the last line's last hop is the reader.
    assert_eq!(
        from_with(
            &web,
            "127.0.0.1:40000",
            &[
                ("x-forwarded-for", "192.0.2.60"),
                ("x-forwarded-for", "192.0.2.70")
            ]
        )
        .await,
        StatusCode::OK
    );
    // From anywhere else the header is ignored: it cannot dodge the limit.
    for _ in 0..2 {
        assert_eq!(
            from(&web, "203.0.113.9:5000", Some("192.0.2.80")).await,
            StatusCode::OK
        );
    }
    assert_eq!(
        from(&web, "203.0.113.9:5000", Some("192.0.2.81")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[test]
fn the_trusted_proxies_setting_is_read_strictly() {
    use dama_web::Proxies;
    use std::net::IpAddr;
    let p: Proxies = "10.0.0.0/8 ::1, 192.0.2.7".parse().unwrap();
    let ip = |s: &str| s.parse::<IpAddr>().unwrap();
    assert!(p.trusts(ip("10.1.2.3")) && p.trusts(ip("::1")) && p.trusts(ip("192.0.2.7")));
    assert!(
        p.trusts(ip("::ffff:10.9.9.9")),
        "IPv4 inside IPv6 is understood"
    );
    assert!(!p.trusts(ip("192.0.2.8")) && !p.trusts(ip("127.0.0.1")));
    let mapped: Proxies = "::ffff:127.0.0.1".parse().unwrap();
    assert!(mapped.trusts(ip("127.0.0.1")));
    assert!(Proxies::none() == "".parse().unwrap());
    let long = "x".repeat(5_000);
    for bad in ["localhost", "10.0.0.0/33", "1.2.3", long.as_str()] {
        let e = bad.parse::<Proxies>().expect_err(bad);
        assert!(e.contains("DAMA_TRUSTED_PROXIES") && e.len() < 200, "{e}");
    }
}

proptest::proptest! {
    #[test]
    fn the_reader_is_the_peer_unless_a_named_proxy_relayed_it(
        peer in proptest::prelude::any::<[u8; 4]>(),
        header in ".{0,60}",
    ) {
        use std::net::{IpAddr, Ipv4Addr};
        let proxies: dama_web::Proxies = "127.0.0.1".parse().unwrap();
        let mut headers = axum::http::HeaderMap::new();
        if let Ok(v) = axum::http::HeaderValue::from_str(&header) {
            headers.insert("x-forwarded-for", v);
        }
        let peer = IpAddr::V4(Ipv4Addr::from(peer));
        let reader = proxies.reader(Some(peer), &headers);
        if !proxies.trusts(peer) {
            proptest::prop_assert_eq!(reader, peer);
        }
    }
}

/// Alice (White) beats Bob in a rated game at `where_`: Bob resigns after a move each.
async fn a_rated_win(web: &Web, where_: &Who) -> String {
    let host = &web.host;
    let c = host
        .challenge(where_, BOB, ColorChoice::White, true, false)
        .await
        .unwrap();
    let bob = Who {
        user: BOB,
        name: "player1002".into(),
        ..where_.clone()
    };
    host.button(&bob, &button(&c, dama_core::host::ButtonLabel::Accept))
        .await
        .unwrap();
    host.play(where_, "e3-e4").await.unwrap();
    host.play(&bob, "d6-d5").await.unwrap();
    host.resign_confirmed(&bob).await.unwrap();
    let row = host
        .store()
        .latest_game(where_.channel)
        .await
        .unwrap()
        .unwrap();
    row.web_key.unwrap()
}

/// A player's page tells only what they did on listed servers: a player seen only elsewhere
/// is a stranger, and once they play on a listed server, only that game counts there.
async fn a_players_page_shows_only_what_they_did_on_listed_servers(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let hidden = a_rated_win(&web, &who(ALICE)).await;
    let stranger = get(&web, "/player/424242").await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    for user in [ALICE, BOB] {
        let page = get(&web, &format!("/player/{}", user.0)).await;
        assert_eq!(
            page.status,
            StatusCode::NOT_FOUND,
            "one rated game, unlisted"
        );
        assert_eq!(page.body, stranger.body, "the same answer as a stranger's");
    }

    // A second server, listed; Alice wins there too.
    let listed = Who {
        guild: Some(dama_model::GuildId(88)),
        channel: dama_model::ChannelId(880),
        admin: true,
        ..who(ALICE)
    };
    web.host
        .set_web_public(&listed, true, "Açık Kahve")
        .await
        .unwrap();
    let shown = a_rated_win(
        &web,
        &Who {
            admin: false,
            ..listed.clone()
        },
    )
    .await;
    let page = get(&web, &format!("/player/{}", ALICE.0)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&shown), "the listed game is listed");
    assert!(!page.body.contains(&hidden), "the unlisted game is not");
    assert!(
        page.body.contains("1 / 0 / 0"),
        "one win counted, not two: {}",
        page.body
    );
    // The rating shown is the one that game left (the second of Alice's two wins), and the
    // curve has that one point only (no curve is drawn for one game).
    let rating = web
        .host
        .store()
        .rating_history(ALICE, dama_play::clock::SpeedClass::Correspondence)
        .await
        .unwrap()
        .last()
        .unwrap()
        .rating;
    assert!(
        page.body
            .contains(&format!("<td>{}</td>", rating.round() as i64)),
        "{}",
        page.body
    );
    assert!(!page.body.contains("class=\"curve\""), "{}", page.body);
}

/// How often the live pages' watchers have read a `page` (`game`, `tournament`) again.
async fn live_reads(web: &Web, page: &str) -> u64 {
    let response = dama_web::ops_router(web.clone())
        .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let prefix = format!("dama_web_live_reads_total{{page=\"{page}\"}} ");
    text.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .map_or(0, |n| n.trim().parse().unwrap())
}

/// Every move anywhere once woke every watched tournament's watcher, and each read its
/// tournament again: with 2,000 watched, a board elsewhere went from 4 ms to 241 ms. A
/// tournament's watcher now wakes for its own changes alone (one of its games starting or
/// ending among them).
async fn a_move_elsewhere_wakes_no_tournaments_watcher(db: TestDb) {
    use dama_model::{ChannelId, UserId};
    let (web, _clock) = web_of(&db).await;
    let (organiser, id) = a_swiss(&web, "Kupa").await;
    for n in 0..2 {
        web.host
            .join_tournament(&who(UserId(2000 + n)), None)
            .await
            .unwrap();
    }
    web.host.start_tournament(&organiser, None).await.unwrap();
    web.host.tournament_tick().await.unwrap();
    web.host
        .set_web_public(&organiser, true, "Kahvehane")
        .await
        .unwrap();
    let watched = router(web.clone())
        .oneshot(
            Request::get(format!("/tournament/{}/events", id.0))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(watched.status(), StatusCode::OK);
    let settle = || tokio::time::sleep(Duration::from_millis(600));
    settle().await;
    let before = live_reads(&web, "tournament").await;
    assert_eq!(before, 1, "the watcher's first reading");

    // A game in another channel, moves played: the tournament is not read again.
    a_game(&web, &at(ALICE, CHANNEL + 1), CHANNEL + 1).await;
    settle().await;
    assert_eq!(live_reads(&web, "tournament").await, before);

    // Its own game starting changes it: read once more.
    let pairing = web.host.store().pairings(id).await.unwrap()[0].clone();
    let g = dama_core::host::GameToStart {
        pairing: pairing.id,
        tournament: id,
        white: pairing.white_id,
        black: pairing.black_id.unwrap(),
        channel: None,
        home: ChannelId(CHANNEL),
    };
    web.host
        .start_pairing(&g, ChannelId(9_001), dama_core::host::Lang::ENGLISH)
        .await
        .unwrap();
    settle().await;
    assert_eq!(live_reads(&web, "tournament").await, before + 1);
    drop(watched);
}

/// A Swiss on the test server, created by a manager: the manager, and its id.
async fn a_swiss(web: &Web, name: &str) -> (Who, dama_model::TournamentId) {
    use dama_core::host::TournamentSpec;
    use dama_model::UserId;
    let organiser = Who {
        admin: true,
        ..who(UserId(1))
    };
    let created = web
        .host
        .create_tournament(
            &organiser,
            TournamentSpec {
                kind: dama_model::TournamentKind::Swiss,
                control: "5+3".parse().unwrap(),
                rounds: Some(3),
                minutes: None,
                starts: None,
                rated: true,
                name: name.into(),
                pause: Some(0),
            },
        )
        .await
        .unwrap();
    (organiser, created.tournament.unwrap())
}

/// A tournament of an unlisted server answers exactly as a tournament that does not exist:
/// the same page, by the same single query, so not even its time tells them apart.
async fn an_unlisted_tournament_is_answered_as_a_missing_one(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (_, id) = a_swiss(&web, "Gizli").await;
    let unlisted = format!("/tournament/{}", id.0);
    let missing = format!("/tournament/{}", id.0 + 1);
    let (a, b) = (get(&web, &unlisted).await, get(&web, &missing).await);
    assert_eq!(
        (a.status, b.status),
        (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND)
    );
    assert_eq!(a.body, b.body);
    assert_eq!(a.kind, b.kind);
    // Timed in turns; the quickest of each is what the work itself costs (noise only adds).
    let web = web.with_limits(dama_web::WebLimits {
        burst: 1_000_000,
        ..dama_web::WebLimits::default()
    });
    let mut quickest = [Duration::MAX; 2];
    for _ in 0..300 {
        for (i, path) in [&unlisted, &missing].into_iter().enumerate() {
            let started = std::time::Instant::now();
            let answer = get(&web, path).await;
            quickest[i] = quickest[i].min(started.elapsed());
            assert_eq!(answer.status, StatusCode::NOT_FOUND);
        }
    }
    let gap = quickest[0].abs_diff(quickest[1]);
    assert!(
        gap < Duration::from_micros(40),
        "unlisted {:?} against missing {:?}",
        quickest[0],
        quickest[1]
    );
}

/// Another process (a second host on the same PostgreSQL database) plays a move: an open page
/// of this process hears of it through the database's notifications, with no polling.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn a_move_made_by_another_process_reaches_an_open_page_at_once() {
    let db = TestDb::postgres().await;
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let (other, _other_clock) = web_of(&db).await;
    let response = router(web.clone())
        .oneshot(
            Request::get(format!("/game/{key}/events"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let mut events = LiveEvents::of(response);
    let mut next_event = async || events.next().await;
    assert!(next_event().await.contains("\"ply\":2"));
    let played = std::time::Instant::now();
    other.host.play(&who(ALICE), "a3-a4").await.unwrap();
    let second = next_event().await;
    let took = played.elapsed();
    assert!(
        second.contains("\"ply\":3") && second.contains("a3-a4"),
        "{second}"
    );
    assert!(
        took < Duration::from_secs(1),
        "the move came after {took:?}"
    );
}

/// The lobby counts each pool's players in every server, never naming them, lists the listed
/// servers' games being played, and tells its open pages when someone begins waiting; a
/// listed server's page counts its own pools.
async fn the_lobby_counts_the_pools_without_names_and_tells_its_pages(db: TestDb) {
    use dama_model::GuildId;
    let (web, _clock) = web_of(&db).await;
    let empty = fetch(&web, "/play", None).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.body.contains("<h1>The lobby</h1>"), "{}", empty.body);
    assert!(
        empty
            .body
            .contains("<tr data-clock=\"3+2\"><td>3+2 blitz</td><td>nobody</td></tr>"),
        "{}",
        empty.body
    );
    assert!(empty.body.contains("No game is being played right now."));

    let events = router(web.clone())
        .oneshot(Request::get("/play/events").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(events.status(), StatusCode::OK);
    let mut events = LiveEvents::named(events, "version");
    let first = events.next().await;

    // Alice seeks here, Bob in another server: the lobby counts both, names neither.
    web.host
        .seek(&who(ALICE), "3+2".parse().unwrap(), true, false)
        .await
        .unwrap();
    let elsewhere = Who {
        guild: Some(GuildId(78)),
        channel: dama_model::ChannelId(7_800),
        ..who(BOB)
    };
    web.host
        .seek(&elsewhere, "5+3".parse().unwrap(), true, false)
        .await
        .unwrap();
    let moved = events.next().await;
    assert_ne!(moved, first, "a seek changes the lobby's version");
    let lobby = fetch(&web, "/play", Some("tr")).await;
    assert!(
        lobby
            .body
            .contains("<tr data-clock=\"3+2\"><td>3+2 blitz</td><td>1 oyuncu</td></tr>")
            && lobby
                .body
                .contains("data-clock=\"5+3\"><td>5+3 blitz</td><td>1 oyuncu</td>"),
        "{}",
        lobby.body
    );
    assert!(!lobby.body.contains("player1001") && !lobby.body.contains("player1002"));

    // The listed server's page counts its own pool only; its game shows in the lobby.
    let admin = Who {
        admin: true,
        ..who(CAROL)
    };
    web.host
        .set_web_public(&admin, true, "Kahvehane")
        .await
        .unwrap();
    let server = fetch(&web, &format!("/server/{}", GUILD.0), None).await;
    assert!(
        server
            .body
            .contains("data-clock=\"3+2\"><td>3+2 blitz</td><td>one player</td>")
            && server
                .body
                .contains("data-clock=\"5+3\"><td>5+3 blitz</td><td>nobody</td>"),
        "{}",
        server.body
    );
    let (_, key) = a_game(&web, &at(CAROL, CHANNEL + 2), CHANNEL + 2).await;
    let lobby = fetch(&web, "/play", None).await;
    assert!(
        lobby.body.contains(&format!("/game/{key}")),
        "{}",
        lobby.body
    );
    // The game Bob plays took him out of his pool in the other server.
    assert!(
        lobby
            .body
            .contains("data-clock=\"5+3\"><td>5+3 blitz</td><td>nobody</td>")
    );
}

on_both_databases!(
    a_players_page_shows_only_what_they_did_on_listed_servers,
    a_game_is_reached_by_its_link_and_listed_only_where_its_server_opted_in,
    bad_ids_and_keys_are_not_found_and_every_answer_carries_the_policy,
    hostile_names_are_shown_as_text,
    pages_speak_the_readers_language_and_step_through_the_game,
    a_live_page_gets_each_move_as_it_is_played,
    an_analysed_game_shows_its_analysis,
    a_tournament_shows_its_standings_once_its_server_is_listed,
    a_move_elsewhere_wakes_no_tournaments_watcher,
    the_lobby_counts_the_pools_without_names_and_tells_its_pages,
);

#[tokio::test]
async fn an_unlisted_tournament_is_answered_as_a_missing_one_on_sqlite() {
    an_unlisted_tournament_is_answered_as_a_missing_one(TestDb::sqlite()).await;
}

#[test]
fn the_query_keeps_only_what_pages_know() {
    use dama_web::Query;
    let q = Query::parse(Some("ply=12&flip=1&lang=tr&line=d4xd6xg6&other=1"));
    assert_eq!(q.ply, Some(12));
    assert!(q.flip);
    assert_eq!(q.lang.as_deref(), Some("tr"));
    assert_eq!(q.line.as_deref(), Some("d4xd6xg6"));
    let bad = Query::parse(Some("ply=-1&lang=%3Cb%3E&line=%FF&flip=yes"));
    assert_eq!(bad, Query::default());
    let _ = Lang::ENGLISH;
}

proptest::proptest! {
    #[test]
    fn any_query_is_read_without_panicking_and_keeps_a_safe_language(raw in ".{0,300}") {
        let q = dama_web::Query::parse(Some(&raw));
        if let Some(lang) = &q.lang {
            proptest::prop_assert!(lang.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'));
        }
        proptest::prop_assert!(q.ply.is_none_or(|p| p <= 10_000));
    }
}

/// A request from `addr` for `path`, the body as text.
async fn page_from(web: &Web, addr: &str, path: &str) -> String {
    let mut request = Request::get(path).body(Body::empty()).unwrap();
    request
        .extensions_mut()
        .insert(axum::extract::ConnectInfo::<std::net::SocketAddr>(
            addr.parse().unwrap(),
        ));
    let response = router(web.clone()).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let bytes = axum::body::to_bytes(response.into_body(), 8 << 20)
        .await
        .unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A legal first move of `puzzle` that is not its solution's, as text.
fn a_wrong_move(puzzle: &dama_play::puzzle::Puzzle) -> Option<String> {
    let start = puzzle.game_at(0);
    start
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| *m != puzzle.line[0])
        .map(|m| start.position().notation(&m))
}

/// Today's puzzle, solved through the page's own links and form, one move a request.
#[tokio::test]
async fn todays_puzzle_is_played_in_the_browser_and_nothing_is_stored() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let (puzzle, _) = web.host.todays_puzzle().expect("puzzles are installed");
    let page = get(&web, "/puzzle").await;
    assert_eq!(page.status, StatusCode::OK);
    // Today's puzzle asks for what its kind proves: the win, or the material.
    let material = puzzle.kind == dama_play::puzzle::Kind::Material;
    let task = if material {
        "to play and win material in"
    } else {
        "to play and win in"
    };
    assert!(page.body.contains(task), "{}", page.body);
    assert!(page.body.contains("name=\"line\""), "a form to type a move");
    assert!(page.body.contains("3 tries left today"), "{}", page.body);
    // The date in the title never breaks across lines on a phone.
    let h1 = page
        .body
        .split("<h1>")
        .nth(1)
        .unwrap()
        .split("</h1>")
        .next()
        .unwrap();
    assert!(h1.contains('\u{2011}') && !h1.contains('-'), "{h1}");

    let notations = puzzle.notations();
    let solver: Vec<&String> = notations.iter().step_by(2).collect();
    // A legal move that is not the solution is refused, and the step is kept.
    if let Some(text) = a_wrong_move(&puzzle) {
        let a = page_from(&web, "198.51.100.4:1", &format!("/puzzle?line={text}")).await;
        assert!(
            a.contains(&format!(
                "{text} does not {} in {} moves",
                if material { "win material" } else { "win" },
                puzzle.moves()
            )),
            "{a}"
        );
        assert!(a.contains("2 tries left today"), "{a}");
    }
    let a = get(&web, "/puzzle?line=%3Cscript%3E").await;
    assert!(a.body.contains("is not a legal move here") && !a.body.contains("<script>"));
    assert!(
        a.body.contains("3 tries left today"),
        "an illegal move costs nothing"
    );

    let mut done: Vec<String> = Vec::new();
    for (i, mv) in solver.iter().enumerate() {
        let path = format!("/puzzle?done={}&line={mv}", done.join("+"));
        let a = get(&web, &path).await;
        assert_eq!(a.status, StatusCode::OK);
        if i + 1 == solver.len() {
            assert!(a.body.contains("Solved!"), "{path}: {}", a.body);
            assert!(!a.body.contains("name=\"line\""), "nothing left to play");
        } else {
            let defence = &notations[2 * i + 1];
            assert!(
                a.body.contains(&format!("answers {defence}")),
                "{path}: {}",
                a.body
            );
        }
        done.push((*mv).clone());
    }
    // Moves that are not legal smuggled into `done` are dropped, never trusted.
    let follow = dama_web::follow(&puzzle, "a1-a2 zz", None);
    assert!(follow.done.is_empty() && follow.said == dama_web::Said::Task);
    // Nothing was stored for anybody.
    assert_eq!(web.host.store().puzzler(ALICE).await.unwrap(), None);
}

/// `done` once checked the moves so far and never cost a try: 40 anonymous requests found a
/// 5-move solution. A wrong move carried there is a miss like a typed one.
#[tokio::test]
async fn moves_carried_in_the_puzzles_query_cost_a_try_when_wrong() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let (puzzle, _) = web.host.todays_puzzle().expect("puzzles are installed");
    let notations = puzzle.notations();
    let wrong = a_wrong_move(&puzzle).expect("the first move has another legal move");
    let reader = "198.51.100.70:1";
    // Guessed in `done`, then with a typed move after it: each guess is judged, and a miss.
    for (path, left) in [
        (format!("/puzzle?done={wrong}"), "2 tries left"),
        (
            format!("/puzzle?done={wrong}&line={}", notations[0]),
            "One try left",
        ),
    ] {
        let a = page_from(&web, reader, &path).await;
        assert!(a.contains(&format!("{wrong} does not")), "{path}: {a}");
        assert!(a.contains(left), "{path}: {a}");
        assert!(
            !a.contains("Right:"),
            "{path}: the typed move is not judged"
        );
    }
    // The right first move carried in `done` costs nothing, as it does in the bot.
    let a = page_from(&web, reader, &format!("/puzzle?done={}", notations[0])).await;
    assert!(a.contains("One try left"), "{a}");
    assert!(
        a.contains(&format!("<p class=\"line\">{}", notations[0])),
        "{a}"
    );
    // The third miss, and then not even the right move carried in `done` is followed.
    let a = page_from(&web, reader, &format!("/puzzle?done={wrong}")).await;
    assert!(a.contains("No tries left today"), "{a}");
    let a = page_from(&web, reader, &format!("/puzzle?done={}", notations[0])).await;
    assert!(
        !a.contains("<p class=\"line\">"),
        "the right move is not followed: {a}"
    );
}

/// Today's solution is nowhere on the web before the day turns, and a reader gets the bot's
/// three misses a day; yesterday's puzzle is free to play and to see solved.
#[tokio::test]
async fn todays_solution_stays_off_the_web_and_tries_are_limited_like_the_bots() {
    let db = TestDb::sqlite();
    let (web, clock) = web_of(&db).await;
    let (puzzle, _) = web.host.todays_puzzle().expect("puzzles are installed");
    let notations = puzzle.notations();
    let shown = get(&web, "/puzzle?show=1").await.body;
    assert!(!shown.contains("The solution, played out."), "{shown}");
    assert!(!shown.contains("Show the solution"), "no such link today");
    assert!(
        !shown.contains(&format!("<p class=\"line\">{}", notations[0])),
        "no move of the solution is listed"
    );

    // Three misses from one address, and its tries are over for the day; another address
    // still has its own.
    let wrong = a_wrong_move(&puzzle).expect("the first move has another legal move");
    let reader = "203.0.113.30:1000";
    for left in ["2 tries left", "One try left"] {
        let a = page_from(&web, reader, &format!("/puzzle?line={wrong}")).await;
        assert!(a.contains(left), "{left}: {a}");
    }
    let third = page_from(&web, reader, &format!("/puzzle?line={wrong}")).await;
    assert!(
        third.contains("does not"),
        "the third miss is judged: {third}"
    );
    assert!(third.contains("No tries left today"), "{third}");
    assert!(
        !third.contains("name=\"line\""),
        "no form once the tries are out"
    );
    // Out of tries, even the right move is not judged (so tries cannot be had for free).
    let right = page_from(&web, reader, &format!("/puzzle?line={}", notations[0])).await;
    assert!(
        right.contains("No tries left today") && !right.contains("Right:"),
        "{right}"
    );
    // Nor are the moves carried in `done`: the page would show how far they are right.
    let carried = page_from(&web, reader, &format!("/puzzle?done={}", notations[0])).await;
    assert!(
        carried.contains("No tries left today") && !carried.contains("<p class=\"line\">"),
        "{carried}"
    );
    let other = page_from(&web, "203.0.113.31:1000", "/puzzle").await;
    assert!(other.contains("3 tries left today"), "{other}");
    // One home's IPv6 /64 is one reader: a new address inside it buys no more tries.
    for (n, addr) in [
        "[2001:db8:1:2::1]:1",
        "[2001:db8:1:2::2]:1",
        "[2001:db8:1:2::3]:1",
    ]
    .into_iter()
    .enumerate()
    {
        let a = page_from(&web, addr, &format!("/puzzle?line={wrong}")).await;
        assert_eq!(a.contains("No tries left today"), n == 2, "{addr}: {a}");
    }

    // Yesterday's puzzle: played freely, solved on request.
    let (yesterday, _) = web.host.yesterdays_puzzle().unwrap();
    let y = get(&web, "/puzzle/yesterday?show=1").await.body;
    assert!(y.contains("The solution, played out."), "{y}");
    for n in &yesterday.notations() {
        assert!(y.contains(n.as_str()), "yesterday's solution lists {n}");
    }
    // Once the day turns in Türkiye, today's puzzle is yesterday's, and its solution shows;
    // the tries come back.
    clock.advance(Duration::from_secs(86_400));
    let y = get(&web, "/puzzle/yesterday?show=1").await.body;
    for n in &notations {
        assert!(
            y.contains(n.as_str()),
            "the day turned: the solution lists {n}"
        );
    }
    let again = page_from(&web, reader, "/puzzle").await;
    assert!(again.contains("3 tries left today"), "{again}");
}

/// The SVG board marks what the PNG marks: the pieces that must capture, the last move's path
/// and what it took; and turns with the board.
#[test]
fn the_svg_board_shows_the_marks_and_turns() {
    use dama_play::render::{LastMove, Scene, Theme, board_svg};
    use dama_rules::fen;
    let before = fen::parse("W:Wd4,a2:Bd5,d7,h7").unwrap();
    let capture = before.read_move("d4xd6xd8").unwrap();
    let after = before.play_unchecked(&capture);
    let scene = Scene {
        last_move: Some(LastMove::new(&before, &capture)),
        ..Scene::new(after)
    };
    let svg = board_svg(&Theme::default(), &scene, "a <title>");
    assert!(svg.contains("<title id=\"board-title\">a &lt;title&gt;</title>"));
    assert!(svg.contains("<polyline"), "the path of the move");
    assert_eq!(
        svg.matches("stroke=\"#c81e1e\"").count(),
        2,
        "two captured men crossed"
    );
    assert_eq!(
        svg.matches("href=\"#wk\"").count(),
        1,
        "the man crowned on d8"
    );
    // White at the bottom: rank 8 is written first (at the top), files a to h.
    let first_rank = svg.find(">8</text>").unwrap();
    assert!(first_rank < svg.find(">1</text>").unwrap());
    let flipped = board_svg(
        &Theme::default(),
        &Scene {
            black_bottom: true,
            ..scene.clone()
        },
        "",
    );
    assert!(flipped.find(">1</text>").unwrap() < flipped.find(">8</text>").unwrap());
    assert!(flipped.find(">h</text>").unwrap() < flipped.find(">a</text>").unwrap());
    // A capture due: the piece that must take is ringed.
    let due = Scene::new(fen::parse("W:Wd4:Bd5").unwrap());
    assert!(board_svg(&Theme::default(), &due, "").contains("stroke=\"#1e6fe8\""));
    assert!(
        !board_svg(
            &Theme::default(),
            &Scene::new(fen::parse("W:Wa2:Bh7").unwrap()),
            ""
        )
        .contains("stroke=\"#1e6fe8\"")
    );
}

/// An analysed game's page shows the analysis: each side's accuracy, the chart, the marks.
async fn an_analysed_game_shows_its_analysis(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (id, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let path = format!("/game/{key}");
    assert!(!get(&web, &path).await.body.contains("class=\"analysis\""));
    assert_eq!(
        get(&web, &format!("{path}/analysis.png")).await.status,
        StatusCode::NOT_FOUND,
        "no chart before an analysis"
    );
    for i in 0..10 {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        let listed = web.host.legal_moves(&who(player)).await.unwrap();
        let dama_core::host::Msg::LegalMoves { moves, .. } = &listed.body[0] else {
            panic!("{listed:?}");
        };
        web.host
            .play(&who(player), moves.last().unwrap())
            .await
            .unwrap();
    }
    web.host.resign(&who(BOB)).await.unwrap();
    web.host
        .analyze(&who(CAROL), Arc::new(|_| {}))
        .await
        .unwrap();
    let page = get(&web, &path).await.body;
    assert!(
        page.contains("class=\"analysis\"") && page.contains("accuracy"),
        "{page}"
    );
    assert!(page.contains(&format!("/game/{key}/analysis.png")));
    // Marks are coloured by their weight, in the moves and in the notes.
    for mark in ["?!", "?", "??"] {
        if page.contains(&format!(">{mark}</span>")) {
            let class = match mark {
                "??" => "blunder",
                "?" => "mistake",
                _ => "inaccuracy",
            };
            assert!(
                page.contains(&format!("<span class=\"mark {class}\">{mark}</span>")),
                "{page}"
            );
        }
    }
    let chart = get(&web, &format!("{path}/analysis.png?lang=tr")).await;
    assert_eq!(chart.kind, "image/png");
    // The picture is the curve alone: the accuracies and turning points are the page's text,
    // not drawn again in small print (the analysis command's picture is taller).
    let png = png::Decoder::new(std::io::Cursor::new(
        axum::body::to_bytes(
            router(web.clone())
                .oneshot(
                    Request::get(format!("{path}/analysis.png"))
                        .body(Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap()
                .into_body(),
            8 << 20,
        )
        .await
        .unwrap(),
    ))
    .read_info()
    .unwrap();
    assert!(png.info().height < 260, "{}", png.info().height);
    // The stored analysis reads back as the one made: the same moves judged the same way.
    let shown = web.host.web_game(&key).await.unwrap().unwrap();
    let analysis = shown.analysis.expect("the analysis is kept");
    assert_eq!(analysis.moves.len(), 12);
    assert_eq!(analysis.chances.len(), 13);
    let text = analysis.to_text(&shown.game);
    assert_eq!(
        dama_play::ai::analysis::Analysis::from_text(&text, &shown.game)
            .map(|a| a.to_text(&shown.game)),
        Some(text.clone())
    );
    assert_eq!(
        dama_play::ai::analysis::Analysis::from_text(&text, &dama_rules::Game::default()),
        None,
        "not another game's"
    );
    let _ = id;
}

/// A listed server's tournament has a page with its standings; an unlisted one's has none.
/// Played, its crosstable shows each round (a forfeit marked), its rounds' results link their
/// games, and its report file downloads.
async fn a_tournament_shows_its_standings_once_its_server_is_listed(db: TestDb) {
    use dama_model::{ChannelId, UserId};
    let (web, clock) = web_of(&db).await;
    let (organiser, id) = a_swiss(&web, "<b>Kahvehane</b> Kupası").await;
    for n in 0..4 {
        web.host
            .join_tournament(&who(UserId(2000 + n)), None)
            .await
            .unwrap();
    }
    web.host.start_tournament(&organiser, None).await.unwrap();
    web.host.tournament_tick().await.unwrap();
    let path = format!("/tournament/{}", id.0);
    assert_eq!(
        get(&web, &path).await.status,
        StatusCode::NOT_FOUND,
        "not listed"
    );
    web.host
        .set_web_public(&organiser, true, "Kahvehane")
        .await
        .unwrap();
    let page = get(&web, &path).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("&lt;b&gt;Kahvehane&lt;/b&gt; Kupası"),
        "{}",
        page.body
    );
    for n in 0..4 {
        assert!(
            page.body.contains(&format!("player{}", 2000 + n)),
            "{}",
            page.body
        );
    }
    assert!(page.body.contains("5+3"));
    assert!(
        page.body.contains("Round 1 of 3 is being played."),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("<script src=\"/static/tournament.js\" defer></script>"),
        "a running tournament's page follows it live"
    );
    let script = get(&web, "/static/tournament.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(
        script.kind.starts_with("text/javascript"),
        "{}",
        script.kind
    );
    let missing = get(&web, &format!("/tournament/{}/events", id.0 + 1)).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    let server = get(&web, &format!("/server/{}", GUILD.0)).await.body;
    assert!(server.contains(&path), "the server's page links to it");

    // Round 1: board 1 played to a win for White, board 2's White never starts.
    let pairings = web.host.store().pairings(id).await.unwrap();
    let [first, second] = &pairings[..] else {
        panic!("{pairings:?}");
    };
    for p in [first, second] {
        let g = dama_core::host::GameToStart {
            pairing: p.id,
            tournament: id,
            white: p.white_id,
            black: p.black_id.unwrap(),
            channel: None,
            home: ChannelId(CHANNEL),
        };
        web.host
            .start_pairing(
                &g,
                ChannelId(9_000 + p.board as u64),
                dama_core::host::Lang::ENGLISH,
            )
            .await
            .unwrap();
    }
    web.host
        .resign_confirmed(&at(first.black_id.unwrap(), 9_001))
        .await
        .unwrap();
    let page = get(&web, &path).await.body;
    assert!(
        page.contains(">1 : 0</a>"),
        "board 1's result, linked to its game: {page}"
    );
    assert!(page.contains("being played"), "{page}");
    clock.advance(Duration::from_secs(61));
    web.host.flags().await.unwrap();
    web.host.tournament_tick().await.unwrap();
    let page = get(&web, &path).await.body;
    assert!(page.contains("Round 2 of 3 is being played."), "{page}");
    // The crosstable: each player's round as the opponent's row, colour and result.
    let row = |user: UserId| {
        let start = page
            .find(&format!(
                "<th scope=\"row\"><a class=\"name\" href=\"/player/{}",
                user.0
            ))
            .unwrap();
        let end = page[start..].find("</tr>").unwrap();
        page[start..start + end].to_string()
    };
    let (w1, b1) = (first.white_id, first.black_id.unwrap());
    let (w2, b2) = (second.white_id, second.black_id.unwrap());
    assert!(row(w1).contains("○1</a>"), "{}", row(w1));
    assert!(row(b1).contains("●0</a>"), "{}", row(b1));
    assert!(
        row(w2).contains("○−</a>") && row(w2).contains("Lost by forfeit against player"),
        "{}",
        row(w2)
    );
    assert!(row(b2).contains("●+</a>"), "{}", row(b2));
    for words in [
        "Buchholz cut 1",
        "Sonneborn–Berger",
        "won or lost by forfeit",
        "Round 1",
        "Round 2",
    ] {
        assert!(page.contains(words), "{words} missing: {page}");
    }
    // Its report file: round 1, the forfeit as + and -.
    assert!(page.contains(&format!("href=\"/tournament/{}/report.trf\"", id.0)));
    let report = get(&web, &format!("/tournament/{}/report.trf", id.0)).await;
    assert_eq!(report.status, StatusCode::OK);
    assert!(report.kind.starts_with("text/plain"), "{}", report.kind);
    let trf = dama_play::tournament::Trf::parse(&report.body).unwrap();
    assert_eq!(trf.players.len(), 4);
    let codes: String = trf
        .players
        .iter()
        .map(|p| p.rounds[0].unwrap().result.code())
        .collect();
    assert_eq!(codes.matches(['+', '-']).count(), 2, "{codes}");
    let missing = get(&web, &format!("/tournament/{}/report.trf", id.0 + 1)).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}
