//! A game's page in a real browser (Debian's Chromium through ChromeDriver, driven with
//! fantoccini): a move made through the host shows on the open page within 2 s without a
//! reload, the arrow keys step back and forth, the page fits a phone's width, the browser's
//! console stays free of errors, and screenshots land in `target/web-game.png` (and
//! `web-game-phone.png`); a tournament's page and the lobby follow their changes live too.
//! Without ChromeDriver on the machine the test
//! says so in one line and passes, unless `DAMA_TEST_BROWSER` asks for it (as `.ci/run` does
//! once it has installed the browser).

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::common::db::TestDb;
use crate::common::hosting::*;

/// ChromeDriver's own command for the browser's console (`goog:loggingPrefs`).
#[derive(Debug)]
pub(crate) struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

pub(crate) struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Driver {
    /// ChromeDriver at `path`, listening on a free port (which it returns too).
    pub(crate) fn start(path: &str) -> (Driver, u16) {
        let port = crate::web::free_port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        (Driver(child), port)
    }
}

pub(crate) fn chromedriver() -> Option<String> {
    ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(str::to_string)
        .or_else(|| {
            let out = Command::new("sh")
                .args(["-c", "command -v chromedriver"])
                .output()
                .ok()?;
            let path = String::from_utf8(out.stdout).ok()?.trim().to_string();
            (!path.is_empty()).then_some(path)
        })
}

pub(crate) async fn connect(port: u16) -> Client {
    connect_with(port, true).await
}

/// A browser through the ChromeDriver on `port`, with JavaScript on or off (`script`).
pub(crate) async fn connect_with(port: u16, script: bool) -> Client {
    let mut caps = serde_json::Map::new();
    let mut options = json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1100,900"]});
    if !script {
        options["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
    }
    caps.insert("goog:chromeOptions".into(), options);
    caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return c,
            Err(e) => {
                assert!(
                    Instant::now() < deadline,
                    "ChromeDriver did not start a browser: {e}"
                );
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// Polls `read` until it gives `Some`, at most `within`; the value and the time it took.
pub(crate) async fn within<T>(
    within: Duration,
    mut read: impl AsyncFnMut() -> Option<T>,
) -> Option<(T, Duration)> {
    let started = Instant::now();
    loop {
        if let Some(v) = read().await {
            return Some((v, started.elapsed()));
        }
        if started.elapsed() > within {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// On a phone's screen the page fits its width (no sideways scrolling), the board as wide as it
/// can be.
async fn fits_a_phone(client: &Client) {
    client.set_window_size(390, 844).await.unwrap();
    let fits = client
        .execute(
            "const b = document.querySelector('#board svg').getBoundingClientRect();\
             return [document.documentElement.scrollWidth, window.innerWidth, b.width];",
            vec![],
        )
        .await
        .unwrap();
    let [page, screen, board] = [0, 1, 2].map(|i| fits[i].as_f64().unwrap());
    assert!(page <= screen, "no sideways scrolling on a phone: {fits}");
    assert!(
        board >= screen * 0.8,
        "the board fills the phone's width: {fits}"
    );
}

/// What a screen reader says for the board shown.
async fn board_title(client: &Client) -> String {
    client
        .find(Locator::Css("#board svg title"))
        .await
        .unwrap()
        .html(true)
        .await
        .unwrap()
}

pub(crate) async fn attr(client: &Client, css: &str, name: &str) -> Option<String> {
    client
        .find(Locator::Css(css))
        .await
        .ok()?
        .attr(name)
        .await
        .ok()?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_shows_on_an_open_page_and_the_arrow_keys_step_through_the_game() {
    let Some(driver) = chromedriver() else {
        assert!(
            std::env::var_os("DAMA_TEST_BROWSER").is_none(),
            "DAMA_TEST_BROWSER is set, but there is no chromedriver"
        );
        println!("skipped: no chromedriver here (apt-get install chromium chromium-driver)");
        return;
    };
    let db = TestDb::sqlite();
    let (host, _clock, _) = host(&db).await;
    let web = dama_web::Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        dama_telemetry::Health::expecting([0]),
        Arc::new(dama_telemetry::Metrics::new()),
    );
    let board = start_game(&web.host, false, CHANNEL).await;
    let id = board.game.unwrap();
    web.host.play(&who(ALICE), "e3-e4").await.unwrap();
    web.host.play(&who(BOB), "d6-d5").await.unwrap();
    let key = web
        .host
        .store()
        .game(id)
        .await
        .unwrap()
        .unwrap()
        .web_key
        .unwrap();

    let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let site = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(dama_web::serve(listener, web.clone(), stopped));

    let (_driver, port) = Driver::start(&driver);
    let client = connect(port).await;
    client
        .goto(&format!("{site}/game/{key}?lang=en"))
        .await
        .unwrap();
    client
        .wait()
        .for_element(Locator::Css("#board svg"))
        .await
        .unwrap();
    assert_eq!(
        attr(&client, "#game", "data-ply").await.as_deref(),
        Some("2")
    );
    // Give the page a moment to open its event stream, then move in "Discord".
    within(Duration::from_secs(5), async || {
        (web.live.open() == 1).then_some(())
    })
    .await
    .expect("the page follows the game live");
    web.host.play(&who(ALICE), "a3-a4").await.unwrap();
    let ((), took) = within(Duration::from_secs(2), async || {
        let text = client
            .find(Locator::Css("#moves"))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        let ply = attr(&client, "#game", "data-ply").await?;
        (text.contains("a3-a4") && ply == "3").then_some(())
    })
    .await
    .expect("the move shows within 2 s, without a reload");
    println!("the move showed on the page after {took:?}");
    let title = board_title(&client).await;
    assert!(title.contains("after ply 3, a3-a4"), "{title}");

    // The arrow keys, sent to the move list's current link.
    for (key, name, ply) in [
        ("\u{E012}", "ArrowLeft", "2"),
        ("\u{E012}", "ArrowLeft", "1"),
        ("\u{E014}", "ArrowRight", "2"),
    ] {
        client
            .find(Locator::Css("#moves a[aria-current]"))
            .await
            .unwrap()
            .send_keys(key)
            .await
            .unwrap();
        within(Duration::from_secs(2), async || {
            (attr(&client, "#game", "data-ply").await? == ply).then_some(())
        })
        .await
        .unwrap_or_else(|| panic!("{name} shows ply {ply}"));
        assert_eq!(
            attr(&client, "#moves a[aria-current]", "data-ply")
                .await
                .as_deref(),
            Some(ply),
            "the move list marks ply {ply}"
        );
    }
    let title = board_title(&client).await;
    assert!(title.contains("after ply 2, d6-d5"), "{title}");
    assert!(
        client
            .current_url()
            .await
            .unwrap()
            .as_str()
            .contains("ply=2"),
        "the address follows the ply shown"
    );

    let png = client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("web-game.png"), &png).unwrap();

    fits_a_phone(&client).await;
    std::fs::write(
        target.join("web-game-phone.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    let log = client.issue_cmd(BrowserLog).await.unwrap();
    let errors: Vec<&Value> = log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
        .collect();
    assert!(errors.is_empty(), "the browser's console: {errors:#?}");

    client.close().await.unwrap();
    let _ = stop.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
}

/// An 8-player Swiss's page in the browser: open during the last round, it shows the end
/// without a reload; then the podium, the crosstable with its legend and tie-breaks, each
/// round's boards, the report file's link; on a phone the page itself
/// never scrolls sideways (the crosstable scrolls in its own box). Screenshots land in
/// `target/web-tournament.png` and `web-tournament-phone.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_page_follows_its_last_round_live_then_shows_its_podium_crosstable_and_rounds() {
    let Some(driver) = chromedriver() else {
        assert!(
            std::env::var_os("DAMA_TEST_BROWSER").is_none(),
            "DAMA_TEST_BROWSER is set, but there is no chromedriver"
        );
        println!("skipped: no chromedriver here (apt-get install chromium chromium-driver)");
        return;
    };
    use dama_core::host::{GameToStart, Lang, TournamentSpec, Who};
    use dama_model::{ChannelId, TournamentKind, UserId};
    let db = TestDb::sqlite();
    let (host, _clock, _) = host(&db).await;
    let organiser = Who {
        admin: true,
        ..who(UserId(1))
    };
    host.create_tournament(
        &organiser,
        TournamentSpec {
            kind: TournamentKind::Swiss,
            control: "5+3".parse().unwrap(),
            rounds: Some(3),
            minutes: None,
            starts: None,
            rated: true,
            name: "Kahvehane Kupası".into(),
            pause: Some(0),
        },
    )
    .await
    .unwrap();
    host.set_web_public(&organiser, true, "Kahvehane")
        .await
        .unwrap();
    for n in 1..=8 {
        host.join_tournament(&who(UserId(2000 + n)), None)
            .await
            .unwrap();
    }
    host.start_tournament(&organiser, None).await.unwrap();
    let mut id = None;
    let mut last_round = Vec::new();
    for round in 1..=3 {
        let news = host.tournament_tick().await.unwrap();
        let games: Vec<GameToStart> = news.iter().flat_map(|n| n.games.clone()).collect();
        assert_eq!(games.len(), 4);
        for g in &games {
            id = Some(g.tournament);
            let channel = ChannelId(9_000 + g.pairing.0 as u64);
            host.start_pairing(g, channel, Lang::ENGLISH).await.unwrap();
            // The player with the smaller id wins every game (round 3's once the page is open).
            let loser = g.white.max(g.black);
            if round < 3 {
                host.resign_confirmed(&at(loser, channel.0)).await.unwrap();
            } else {
                last_round.push((loser, channel.0));
            }
        }
    }
    let id = id.unwrap();
    let web = dama_web::Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        dama_telemetry::Health::expecting([0]),
        Arc::new(dama_telemetry::Metrics::new()),
    );
    let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let site = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(dama_web::serve(listener, web.clone(), stopped));
    let (_driver, port) = Driver::start(&driver);
    let client = connect(port).await;
    client
        .goto(&format!("{site}/tournament/{}?lang=en", id.0))
        .await
        .unwrap();
    let status = |client: Client| async move {
        client
            .find(Locator::Css("#status"))
            .await
            .ok()?
            .text()
            .await
            .ok()
    };
    assert_eq!(
        status(client.clone()).await.as_deref(),
        Some("Round 3 of 3 is being played.")
    );
    // The last round ends while the page is open: it shows the end without a reload.
    within(Duration::from_secs(5), async || {
        (web.live.open() == 1).then_some(())
    })
    .await
    .expect("the page follows the tournament live");
    for (loser, channel) in last_round {
        web.host
            .resign_confirmed(&at(loser, channel))
            .await
            .unwrap();
    }
    web.host.tournament_tick().await.unwrap();
    let ((), took) = within(Duration::from_secs(5), async || {
        (status(client.clone()).await? == "Over: the final standings.").then_some(())
    })
    .await
    .expect("the end shows within 5 s, without a reload");
    println!("the tournament's end showed on its page after {took:?}");
    let podium = client
        .wait()
        .for_element(Locator::Css(".podium"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(podium.contains("player2001"), "{podium}");
    assert!(podium.contains("3 points"), "{podium}");
    let rows = client
        .find_all(Locator::Css(".crosstable tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 8);
    let first = rows[0].text().await.unwrap();
    assert!(first.starts_with("1 player2001 3"), "{first}");
    // Buchholz cut 1: 2 + 2 (the weakest, 1, cut); Sonneborn–Berger: 1 + 2 + 2, all beaten.
    assert!(first.ends_with(" 4 5"), "{first}");
    let cells = client
        .find_all(Locator::Css(".crosstable tbody tr:first-child .cell a"))
        .await
        .unwrap();
    assert_eq!(cells.len(), 3, "each round linked to its game");
    let rounds = client.find_all(Locator::Css("details")).await.unwrap();
    assert_eq!(rounds.len(), 3);
    client
        .find(Locator::Css(&format!(
            "a[href=\"/tournament/{}/report.trf\"]",
            id.0
        )))
        .await
        .expect("the report file's link");
    let png = client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("web-tournament.png"), &png).unwrap();

    client.set_window_size(390, 844).await.unwrap();
    let fits = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    let [page, screen] = [0, 1].map(|i| fits[i].as_f64().unwrap());
    assert!(page <= screen, "no sideways scrolling on a phone: {fits}");
    std::fs::write(
        target.join("web-tournament-phone.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    let log = client.issue_cmd(BrowserLog).await.unwrap();
    let errors: Vec<&Value> = log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
        .collect();
    assert!(errors.is_empty(), "the browser's console: {errors:#?}");
    client.close().await.unwrap();
    let _ = stop.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_shows_a_new_seek_without_a_reload() {
    let Some(driver) = chromedriver() else {
        assert!(
            std::env::var_os("DAMA_TEST_BROWSER").is_none(),
            "DAMA_TEST_BROWSER is set, but there is no chromedriver"
        );
        println!("skipped: no chromedriver here (apt-get install chromium chromium-driver)");
        return;
    };
    let db = TestDb::sqlite();
    let (host, _clock, _) = host(&db).await;
    let web = dama_web::Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        dama_telemetry::Health::expecting([0]),
        Arc::new(dama_telemetry::Metrics::new()),
    );
    let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let site = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(dama_web::serve(listener, web.clone(), stopped));
    let (_driver, port) = Driver::start(&driver);
    let client = connect(port).await;
    client.goto(&format!("{site}/play?lang=en")).await.unwrap();
    let three_two = |client: Client| async move {
        client
            .find(Locator::Css("tr[data-clock=\"3+2\"] td:last-child"))
            .await
            .ok()?
            .text()
            .await
            .ok()
    };
    assert_eq!(three_two(client.clone()).await.as_deref(), Some("nobody"));
    within(Duration::from_secs(5), async || {
        (web.live.open() == 1).then_some(())
    })
    .await
    .expect("the lobby follows the pools live");
    web.host
        .seek(&who(ALICE), "3+2".parse().unwrap(), true, false)
        .await
        .unwrap();
    let ((), took) = within(Duration::from_secs(5), async || {
        (three_two(client.clone()).await? == "one player").then_some(())
    })
    .await
    .expect("the seek shows within 5 s, without a reload");
    println!("a seek showed in the lobby after {took:?}");
    let log = client.issue_cmd(BrowserLog).await.unwrap();
    let errors: Vec<&Value> = log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["level"] == "SEVERE" || e["level"] == "WARNING")
        .collect();
    assert!(errors.is_empty(), "the browser's console: {errors:#?}");
    client.close().await.unwrap();
    let _ = stop.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(2), server).await;
}

/// Clicks (or, `drag`, presses on one square and lets go on another) the page's board at the
/// centres of squares `from` and `to`, as a pointer would; the moment it did (the page's
/// `Date.now()`).
pub(crate) async fn pointer_move(client: &Client, from: &str, to: &str, drag: bool) -> i64 {
    let script = "const [from, to, drag] = arguments;\
        const game = document.getElementById('game');\
        const svg = document.querySelector('#board svg');\
        const box = svg.getBoundingClientRect();\
        const scale = box.width / svg.viewBox.baseVal.width;\
        const s = Number(game.dataset.square), m = Number(game.dataset.margin);\
        const flipped = game.dataset.flipped === 'true';\
        const at = (sq) => { const f = sq.charCodeAt(0) - 97, r = Number(sq.slice(1)) - 1;\
          const c = flipped ? 7 - f : f, row = flipped ? r : 7 - r;\
          return { clientX: box.left + (m + c * s + s / 2) * scale,\
                   clientY: box.top + (m + row * s + s / 2) * scale, bubbles: true }; };\
        const board = document.getElementById('board');\
        const pressed = Date.now();\
        if (drag) {\
          board.dispatchEvent(new PointerEvent('pointerdown', at(from)));\
          board.dispatchEvent(new PointerEvent('pointerup', at(to)));\
        } else {\
          for (const sq of [from, to]) {\
            board.dispatchEvent(new PointerEvent('pointerdown', at(sq)));\
            board.dispatchEvent(new PointerEvent('pointerup', at(sq)));\
          }\
        }\
        return pressed;";
    client
        .execute(script, vec![json!(from), json!(to), json!(drag)])
        .await
        .unwrap()
        .as_i64()
        .unwrap()
}

/// A game between two browsers, each signed in from its player's own link, on a server of
/// its own; dropped, it stops the server and the browsers.
pub(crate) struct Table {
    pub(crate) web: dama_web::Web,
    pub(crate) game: dama_model::GameId,
    pub(crate) white: Client,
    pub(crate) black: Client,
    stop: tokio::sync::watch::Sender<bool>,
    _driver: Driver,
    _db: TestDb,
}

impl Table {
    /// Alice (White) and Bob at `control`, both pages open and following the game; `None`
    /// where there is no ChromeDriver (and the test may skip).
    pub(crate) async fn open(control: &str) -> Option<Table> {
        let Some(driver) = chromedriver() else {
            assert!(
                std::env::var_os("DAMA_TEST_BROWSER").is_none(),
                "DAMA_TEST_BROWSER is set, but there is no chromedriver"
            );
            println!("skipped: no chromedriver here (apt-get install chromium chromium-driver)");
            return None;
        };
        let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
            .await
            .unwrap();
        let site = format!("http://{}", listener.local_addr().unwrap());
        let db = TestDb::sqlite();
        let host = dama_core::host::Host::new(
            dama_store::Store::open(&db.url()).await.unwrap(),
            renderer(),
            Arc::new(dama_core::words::Words::new()),
            dama_core::host::HostConfig {
                public_url: Some(site.clone()),
                ..dama_core::host::HostConfig::default()
            },
            dama_core::host::Clock::system(),
        );
        let web = dama_web::Web::new(
            Arc::new(host),
            Arc::new(dama_core::words::Words::new()),
            dama_telemetry::Health::expecting([0]),
            Arc::new(dama_telemetry::Metrics::new()),
        );
        let c = web
            .host
            .challenge_on(
                &who(ALICE),
                Some(BOB),
                dama_model::ColorChoice::White,
                false,
                false,
                control.parse().unwrap(),
            )
            .await
            .unwrap();
        let board = web
            .host
            .button(&who(BOB), &button(&c, dama_core::host::ButtonLabel::Accept))
            .await
            .unwrap();
        let (stop, stopped) = tokio::sync::watch::channel(false);
        tokio::spawn(dama_web::serve(listener, web.clone(), stopped));
        let (driver, port) = Driver::start(&driver);
        let table = Table {
            game: board.game.unwrap(),
            white: connect(port).await,
            black: connect(port).await,
            web,
            stop,
            _driver: driver,
            _db: db,
        };
        for (client, user, side) in [(&table.white, ALICE, "white"), (&table.black, BOB, "black")] {
            let link = match &table.web.host.play_link(&who(user)).await.unwrap().body[..] {
                [dama_core::host::Msg::PlayLink { link }] => link.clone(),
                other => panic!("{other:?}"),
            };
            client.goto(&link).await.unwrap();
            within(Duration::from_secs(5), async || {
                (attr(client, "#game", "data-seat").await? == side).then_some(())
            })
            .await
            .unwrap_or_else(|| panic!("{side}'s page is signed in"));
            let url = client.current_url().await.unwrap();
            assert!(
                !url.as_str().contains("token"),
                "the token left the address: {url}"
            );
        }
        within(Duration::from_secs(5), async || {
            (table.web.live.open() == 2).then_some(())
        })
        .await
        .expect("both pages follow the game live");
        Some(table)
    }

    /// The game as stored now.
    pub(crate) async fn row(&self) -> dama_store::GameRow {
        let row = self.web.host.store().game(self.game).await.unwrap();
        row.expect("the game is stored")
    }

    async fn ply(&self) -> i64 {
        self.row().await.ply
    }

    /// Waits until the game has `n` plies, and both pages show them.
    async fn plies(&self, n: i64, what: &str) {
        let reached = within(Duration::from_secs(3), async || {
            (self.ply().await == n).then_some(())
        })
        .await;
        if reached.is_none() {
            panic!("{what}: the game has {} plies, not {n}", self.ply().await);
        }
        for client in [&self.white, &self.black] {
            within(Duration::from_secs(3), async || {
                let shown = [
                    attr(client, "#game", "data-plies").await?,
                    attr(client, "#game", "data-ply").await?,
                ];
                (shown == [n.to_string(), n.to_string()]).then_some(())
            })
            .await
            .unwrap_or_else(|| panic!("{what}: ply {n} on both boards"));
        }
    }

    /// The browsers' consoles hold no error (a refused move's 4xx aside: the page says it).
    pub(crate) async fn no_console_errors(&self) {
        for client in [&self.white, &self.black] {
            let log = client.issue_cmd(BrowserLog).await.unwrap();
            let errors: Vec<&Value> = log
                .as_array()
                .into_iter()
                .flatten()
                .filter(|e| e["level"] == "SEVERE")
                .filter(|e| {
                    let m = e["message"].as_str().unwrap_or("");
                    !(m.contains("/move") || m.contains("/act")) || !m.contains(" 4")
                })
                .collect();
            assert!(errors.is_empty(), "the browser's console: {errors:#?}");
        }
    }

    pub(crate) async fn close(self) {
        self.white.close().await.unwrap();
        self.black.close().await.unwrap();
        let _ = self.stop.send(true);
    }
}

/// The text of the element `css`, once it is not empty.
pub(crate) async fn text_of(client: &Client, css: &str) -> String {
    within(Duration::from_secs(3), async || {
        let text = client
            .find(Locator::Css(css))
            .await
            .ok()?
            .text()
            .await
            .ok()?;
        (!text.is_empty()).then_some(text)
    })
    .await
    .unwrap_or_else(|| panic!("{css} says something"))
    .0
}

async fn type_move(client: &Client, text: &str) {
    let input = client.find(Locator::Css("#play-move")).await.unwrap();
    input.send_keys(&format!("{text}\u{E007}")).await.unwrap();
}

pub(crate) async fn press(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// Both screenshots of the moment, as `target/web-play-<side><suffix>.png`.
async fn screenshots(table: &Table, suffix: &str) {
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    std::fs::create_dir_all(&target).unwrap();
    for (client, side) in [(&table.white, "white"), (&table.black, "black")] {
        if suffix.is_empty() {
            // The whole board and its controls in one picture (the README's).
            client.set_window_size(1000, 1250).await.unwrap();
            client
                .execute("window.scrollTo(0, 0)", vec![])
                .await
                .unwrap();
        }
        let png = client.screenshot().await.unwrap();
        std::fs::write(target.join(format!("web-play-{side}{suffix}.png")), png).unwrap();
    }
}

/// Two players, each in their own browser opened from their own link, play a whole game on the
/// board: a click and a click (the destinations marked), a drag, typed moves, a premove played
/// and one dropped, a king's capture that reaches one square two ways (the page asks which), a
/// takeback asked on one page and allowed on the other, a draw offered and shown, and a
/// resignation; each step on the other page without a reload; the pages fit a phone.
/// Screenshots: `target/web-play-{white,black}.png` and `-phone.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_on_their_own_pages() {
    let Some(table) = Table::open("5+3").await else {
        return;
    };
    let (white, black) = (&table.white, &table.black);

    // White clicks e3: its one destination is marked; then e4.
    pointer_move(white, "e3", "e3", true).await;
    let marked = white
        .execute(
            "return [...document.querySelectorAll('#board .mark.dest')].map(m => m.dataset.square)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(marked, json!(["e4"]), "e3's destinations");
    pointer_move(white, "e3", "e4", false).await;
    table.plies(1, "a click and a click play e3-e4").await;
    // Black drags g6 to g5.
    pointer_move(black, "g6", "g5", true).await;
    table.plies(2, "a drag plays g6-g5").await;
    // While White thinks, Black queues b6-b5: played the moment White has moved.
    pointer_move(black, "b6", "b5", false).await;
    let queued = text_of(black, "#play-said").await;
    assert!(queued.starts_with("Premove b6-b5"), "{queued}");
    assert_eq!(table.ply().await, 2, "a premove waits");
    type_move(white, "e4-d4").await;
    table.plies(4, "a typed move, then the premove").await;
    let moves = table.row().await;
    assert!(moves.fen.contains("b5"), "b6-b5 played: {}", moves.fen);
    pointer_move(white, "d4", "c4", false).await;
    table.plies(5, "d4-c4").await;
    pointer_move(black, "f6", "g6", false).await;
    table.plies(6, "f6-g6, sideways").await;
    // Black's premove a6-a5 is no longer legal once g3-g4 offers a capture: dropped, and said.
    pointer_move(black, "a6", "a5", false).await;
    pointer_move(white, "g3", "g4", false).await;
    table.plies(7, "g3-g4").await;
    let dropped = text_of(black, "#play-said").await;
    assert_eq!(
        dropped,
        "Your premove a6-a5 was not legal after your opponent's move, so it was not played."
    );
    type_move(black, "g5xg3xe3xe1").await;
    table.plies(8, "a typed capture that crowns").await;
    // The next moves as typed in Discord; the pages follow.
    for (i, mv) in [
        "h3-h4", "e1-c1", "d2-e2", "g6-f6", "h4-g4", "f6-g6", "c4-c5", "c6xc4", "c3xc5xa5",
    ]
    .into_iter()
    .enumerate()
    {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        table.web.host.play(&who(player), mv).await.unwrap();
    }
    table.plies(17, "moves typed in the channel").await;
    // Black's king on c1 takes two pieces and lands on h1 by either of two routes: asked.
    pointer_move(black, "c1", "h1", false).await;
    let routes = black
        .execute(
            "const r = document.getElementById('routes');\
             return r.hidden ? [] : [...r.querySelectorAll('button')].map(b => b.textContent)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        routes,
        json!(["c1xc3xh3xh1", "c1xc4xh4xh1"]),
        "both routes offered"
    );
    assert_eq!(table.ply().await, 17, "nothing played before the choice");
    let shown = black
        .execute(
            "document.querySelector('#routes button').focus();\
             return [...document.querySelectorAll('#board .mark.route')].map(m => m.dataset.square)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        shown,
        json!(["c1", "c3", "h3", "h1"]),
        "a route's squares on the board"
    );
    screenshots(&table, "").await;
    press(black, "#routes button:nth-of-type(2)").await;
    table.plies(18, "the chosen route").await;
    let key = table.row().await.web_key.unwrap();
    let last = table.web.host.web_game(&key).await.unwrap().unwrap();
    let (before, mv) = last.game.last_move().unwrap();
    assert_eq!(before.notation(&mv), "c1xc4xh4xh1");

    // Black takes it back: White's page asks White, who allows it.
    press(black, "#act-takeback").await;
    let asked = text_of(white, "#offer").await;
    assert_eq!(asked, "Your opponent asks to take back the last move.");
    assert_eq!(
        text_of(black, "#offer").await,
        "You asked to take back the last move."
    );
    assert_eq!(text_of(white, "#act-takeback").await, "Allow takeback");
    press(white, "#act-takeback").await;
    table.plies(17, "the takeback").await;
    type_move(black, "c1xc3xh3xh1").await;
    table.plies(18, "the other route, typed").await;

    // A draw offered by White shows on Black's page; Black plays on, and White resigns.
    press(white, "#act-draw").await;
    assert_eq!(
        text_of(black, "#offer").await,
        "Your opponent offers a draw."
    );
    assert_eq!(text_of(black, "#act-draw").await, "Accept draw");
    let title = black.title().await.unwrap();
    assert!(
        title.starts_with("Your opponent offers a draw. · "),
        "the offer in Black's tab title: {title}"
    );
    assert!(!white.title().await.unwrap().contains("offers"));

    // On a phone: no sideways scrolling, the board as wide as the screen allows.
    for client in [white, black] {
        fits_a_phone(client).await;
    }
    screenshots(&table, "-phone").await;

    press(white, "#act-resign").await;
    for client in [white, black] {
        within(Duration::from_secs(3), async || {
            (attr(client, "#game", "data-running").await? == "false").then_some(())
        })
        .await
        .expect("both pages show the game over without a reload");
        let status = text_of(client, "#status").await;
        assert!(status.contains("resign"), "{status}");
        assert!(
            client
                .find(Locator::Css("#act-resign"))
                .await
                .unwrap()
                .attr("disabled")
                .await
                .unwrap()
                .is_some()
        );
    }
    let row = table.row().await;
    assert_eq!(
        row.result,
        Some(dama_rules::GameResult::Win(dama_rules::Color::Black))
    );
    table.no_console_errors().await;
    table.close().await;
}

/// A 1/4+0 game left on White's turn: the flag falls, and both pages show White's clock at 0
/// and the result without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quarter_minute_game_ends_on_a_flag_shown_on_both_pages() {
    let Some(table) = Table::open("1/4+0").await else {
        return;
    };
    let flags = {
        let host = table.web.host.clone();
        tokio::spawn(async move {
            loop {
                let _ = host.flags().await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    pointer_move(&table.white, "e3", "e4", false).await;
    table.plies(1, "e3-e4").await;
    pointer_move(&table.black, "f6", "f5", true).await;
    table.plies(2, "f6-f5").await;
    for client in [&table.white, &table.black] {
        within(Duration::from_secs(20), async || {
            (attr(client, "#game", "data-running").await? == "false").then_some(())
        })
        .await
        .expect("the flag falls on both pages");
        let clock = text_of(client, "#clock-white").await;
        assert_eq!(clock, "0.0", "White's clock at 0");
        let status = text_of(client, "#status").await;
        assert!(status.contains("time"), "{status}");
    }
    flags.abort();
    table.no_console_errors().await;
    table.close().await;
}
