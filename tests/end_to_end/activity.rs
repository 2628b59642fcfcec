//! The board as a Discord Activity, in a real browser: each person opens the stand-in Discord
//! client (a page that frames `/activity` with the query Discord adds, answers the Embedded App
//! SDK's handshake and `authorize`, and proxies the Activity's paths to the web's `/activity`
//! as Discord's URL mapping does); the server trades the code at the stand-in's OAuth2
//! endpoint, reads `/users/@me` and the Activity's instance. The two players are seated on
//! their sides and play by clicks, each move reaching the other's board and the watcher's; a
//! stranger watches; the Turkish player reads the page in Turkish.

use std::sync::Arc;
use std::time::Duration;

use dama_testkit::fake_discord::FakeDiscord;
use fantoccini::{Client, Locator};

use crate::browser::{Driver, attr, chromedriver, connect, pointer_move, within};
use crate::common::db::TestDb;
use crate::common::hosting::*;

/// The Activity's frame in `client`, entered (the stand-in client's only frame).
async fn enter(client: &Client) {
    let frame = client.find(Locator::Css("iframe#activity")).await.unwrap();
    frame.enter_frame().await.unwrap();
}

/// Waits until the Activity in `client` shows the game with the seat `side` ("" to watch).
async fn seated(client: &Client, side: &str) {
    let shown = within(Duration::from_secs(10), async || {
        (attr(client, "#game", "data-seat").await? == side).then_some(())
    })
    .await;
    if shown.is_none() {
        let said = client
            .execute(
                "const s = document.getElementById('activity-said'); return s && s.textContent",
                vec![],
            )
            .await;
        let log = client.issue_cmd(crate::browser::BrowserLog).await;
        panic!("the Activity shows the game seated as {side:?}: it says {said:?}; {log:?}");
    }
}

/// Waits until the board in `client` shows `n` plies.
async fn shows_plies(client: &Client, n: usize, who: &str) {
    within(Duration::from_secs(5), async || {
        let shown = [
            attr(client, "#game", "data-plies").await?,
            attr(client, "#game", "data-ply").await?,
        ];
        (shown == [n.to_string(), n.to_string()]).then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("{who}'s Activity shows ply {n}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_in_the_activity_and_a_stranger_watches() {
    let Some(driver) = chromedriver() else {
        assert!(
            std::env::var_os("DAMA_TEST_BROWSER").is_none(),
            "DAMA_TEST_BROWSER is set, but there is no chromedriver"
        );
        println!("skipped: no chromedriver here (apt-get install chromium chromium-driver)");
        return;
    };
    let discord = FakeDiscord::start().await;
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
            activity: true,
            ..dama_core::host::HostConfig::default()
        },
        dama_core::host::Clock::system(),
    );
    let web = dama_web::Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        dama_telemetry::Health::expecting([0]),
        Arc::new(dama_telemetry::Metrics::new()),
    )
    .with_activity(dama_web::ActivitySetup {
        client_id: Some(FakeDiscord::CLIENT_ID),
        client_secret: Some(FakeDiscord::CLIENT_SECRET.into()),
        api_base: discord.rest_url.clone(),
        bot_token: "test-token".into(),
    });
    let c = web
        .host
        .challenge_on(
            &who(ALICE),
            Some(BOB),
            dama_model::ColorChoice::White,
            false,
            false,
            "10+5".parse().unwrap(),
        )
        .await
        .unwrap();
    let board = web
        .host
        .button(&who(BOB), &button(&c, dama_core::host::ButtonLabel::Accept))
        .await
        .unwrap();
    let game = board.game.unwrap();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(dama_web::serve(listener, web.clone(), stopped));

    // Alice launches the Activity in the game's channel; Bob (who reads Turkish) and Carol join.
    discord.run_activity("i-77", CHANNEL, GUILD.0, &[ALICE.0, BOB.0, CAROL.0]);
    discord.set_user_locale(BOB.0, "tr");
    let discord_client = discord.activity_client(&site).await;
    let (_driver, port) = Driver::start(&driver);
    let mut people = Vec::new();
    for (user, side) in [(ALICE, "white"), (BOB, "black"), (CAROL, "")] {
        let client = connect(port).await;
        client
            .goto(&discord_client.page(user.0, "i-77", CHANNEL, GUILD.0))
            .await
            .unwrap();
        enter(&client).await;
        seated(&client, side).await;
        people.push(client);
    }
    let [alice, bob, carol] = &people[..] else {
        unreachable!()
    };
    let lang = bob
        .execute("return document.documentElement.lang", vec![])
        .await
        .unwrap();
    assert_eq!(lang, "tr", "Bob's Activity is in his Discord's language");
    assert_eq!(
        attr(bob, "#game", "data-flipped").await.as_deref(),
        Some("true"),
        "Black at the bottom for Bob"
    );
    let watching = carol
        .find(Locator::Css("#activity-said"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        watching.contains("watching"),
        "Carol is told she watches: {watching}"
    );
    assert!(
        carol.find(Locator::Css("#play")).await.is_err(),
        "no move form for a watcher"
    );

    // Moves by clicks, each reaching the other two boards; Carol's clicks move nothing.
    pointer_move(alice, "e3", "e4", false).await;
    for (client, name) in [(bob, "Bob"), (carol, "Carol"), (alice, "Alice")] {
        shows_plies(client, 1, name).await;
    }
    pointer_move(carol, "d6", "d5", false).await;
    pointer_move(bob, "d6", "d5", true).await;
    for (client, name) in [(alice, "Alice"), (carol, "Carol"), (bob, "Bob")] {
        shows_plies(client, 2, name).await;
    }
    let row = web.host.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, 2, "two moves stored: Alice's and Bob's");

    let _ = stop.send(true);
    for client in people {
        client.close().await.unwrap();
    }
}
