//! The Activity's server side in process, against the Discord stand-in's REST endpoint: who
//! may frame what, and the sign-in (a code traded at the OAuth2 endpoint, the player read with
//! its token, the channel read from the Activity's instance, never from the page), with each
//! refusal in a sentence and nothing seated.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dama_testkit::fake_discord::FakeDiscord;
use dama_web::{ActivitySetup, Web, router};
use serde_json::Value;
use tower::ServiceExt;

use super::pages::{a_game, web_of};
use crate::common::db::TestDb;
use crate::common::hosting::*;

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

async fn send(web: &Web, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = router(web.clone())
        .oneshot(request.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

fn setup(discord: &FakeDiscord, secret: Option<&str>) -> ActivitySetup {
    ActivitySetup {
        client_id: Some(FakeDiscord::CLIENT_ID),
        client_secret: secret.map(str::to_string),
        api_base: discord.rest_url.clone(),
        bot_token: "test-token".into(),
    }
}

async fn sign_in(web: &Web, user: u64, instance: &str) -> Answer {
    let body = format!(r#"{{"code":"code-{user}","instance":"{instance}"}}"#);
    send(web, "POST", "/activity/sign-in", &[], &body).await
}

#[tokio::test]
async fn only_the_activity_may_be_framed_and_only_by_discord() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let (_, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    for path in ["/activity", "/activity/", &format!("/activity/game/{key}")] {
        let answer = send(&web, "GET", path, &[], "").await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        let policy = answer.headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors 'self' https://discord.com https://*.discord.com")
                && policy.contains("https://*.discordsays.com"),
            "{path}: {policy}"
        );
        assert!(answer.headers.get("x-frame-options").is_none(), "{path}");
    }
    for path in ["/", &format!("/game/{key}") as &str, "/play"] {
        let answer = send(&web, "GET", path, &[], "").await;
        let policy = answer.headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert_eq!(answer.headers["x-frame-options"], "DENY", "{path}");
    }
    // The SDK as vendored, under the Activity's paths and the site's.
    for prefix in ["/activity", ""] {
        let sdk = send(
            &web,
            "GET",
            &format!("{prefix}/static/vendor/discord-embedded-app-sdk/index.mjs"),
            &[],
            "",
        )
        .await;
        assert_eq!(sdk.status, StatusCode::OK);
        assert!(sdk.body.contains("DiscordSDK"), "{}", sdk.body);
        assert_eq!(
            sdk.headers["content-type"],
            "text/javascript; charset=utf-8"
        );
    }
    let outside = send(
        &web,
        "GET",
        "/activity/static/vendor/../../Cargo.toml",
        &[],
        "",
    )
    .await;
    assert_eq!(outside.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn discord_signs_players_in_and_everyone_else_watches() {
    let db = TestDb::sqlite();
    let discord = FakeDiscord::start().await;
    let (web, _clock) = web_of(&db).await;
    let (game, key) = a_game(&web, &who(ALICE), CHANNEL).await;

    // Not set up: the Activity says so, naming what the operator sets.
    let unset = web.clone().with_activity(setup(&discord, None));
    discord.run_activity("i-1", CHANNEL, GUILD.0, &[ALICE.0, BOB.0, CAROL.0]);
    let answer = sign_in(&unset, ALICE.0, "i-1").await;
    assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        answer.body.contains("DISCORD_CLIENT_SECRET"),
        "{}",
        answer.body
    );

    let web = web.with_activity(setup(&discord, Some(FakeDiscord::CLIENT_SECRET)));
    // Alice plays the channel's game: seated, her session plays from the page's header.
    let alice = sign_in(&web, ALICE.0, "i-1").await;
    assert_eq!(alice.status, StatusCode::OK, "{}", alice.body);
    assert_eq!(alice.headers["cache-control"], "no-store");
    let alice: Value = serde_json::from_str(&alice.body).unwrap();
    assert_eq!(alice["key"], key.as_str());
    assert_eq!(alice["said"], "");
    let credential = alice["credential"].as_str().unwrap().to_string();
    let page = send(
        &web,
        "GET",
        &format!("/activity/game/{key}"),
        &[("x-dama-seat", &credential)],
        "",
    )
    .await;
    assert!(page.body.contains("data-seat=\"white\""), "{}", page.body);
    let moved = send(
        &web,
        "POST",
        &format!("/activity/game/{key}/move"),
        &[("x-dama-seat", &credential)],
        "c3-c4",
    )
    .await;
    assert_eq!(moved.status, StatusCode::NO_CONTENT, "{}", moved.body);
    let row = web.host.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, 3);

    // Bob reads Turkish in Discord: his answer says so.
    discord.set_user_locale(BOB.0, "tr");
    let bob: Value = serde_json::from_str(&sign_in(&web, BOB.0, "i-1").await.body).unwrap();
    assert_eq!(bob["lang"], "tr");
    assert!(bob["credential"].is_string());

    // Carol watches: no session, a sentence saying so; her header seats nobody.
    let carol: Value = serde_json::from_str(&sign_in(&web, CAROL.0, "i-1").await.body).unwrap();
    assert_eq!(carol["key"], key.as_str());
    assert!(carol["credential"].is_null());
    assert!(
        carol["said"].as_str().unwrap().contains("watching"),
        "{carol}"
    );

    // Refused in a sentence, nobody seated: a code Discord refuses, a player not in the
    // instance, an instance Discord does not know.
    discord.run_activity("i-2", CHANNEL, GUILD.0, &[BOB.0]);
    let bad = send(
        &web,
        "POST",
        "/activity/sign-in",
        &[],
        r#"{"code":"forged","instance":"i-1"}"#,
    )
    .await;
    for (answer, what) in [
        (bad, "a forged code"),
        (sign_in(&web, ALICE.0, "i-2").await, "a player not in it"),
        (sign_in(&web, ALICE.0, "i-9").await, "an unknown instance"),
    ] {
        assert_eq!(
            answer.status,
            StatusCode::FORBIDDEN,
            "{what}: {}",
            answer.body
        );
        assert!(
            answer.body.contains("Discord did not confirm who you are"),
            "{what}"
        );
    }

    // Another channel, no game yet: how to start one, in the player's language.
    discord.run_activity("i-3", CHANNEL + 7, GUILD.0, &[BOB.0]);
    let empty: Value = serde_json::from_str(&sign_in(&web, BOB.0, "i-3").await.body).unwrap();
    assert!(empty["key"].is_null());
    assert!(
        empty["said"].as_str().unwrap().contains("/dama davet"),
        "the command as a Turkish Discord shows it: {empty}"
    );

    // Once the game is over: its last game, nobody seated.
    web.host.resign(&who(ALICE)).await.unwrap();
    web.host.resign(&who(ALICE)).await.ok();
    let over: Value = serde_json::from_str(&sign_in(&web, ALICE.0, "i-1").await.body).unwrap();
    assert_eq!(over["key"], key.as_str());
    assert!(over["credential"].is_null());
    assert!(
        over["said"].as_str().unwrap().contains("last one"),
        "{over}"
    );
    let late = send(
        &web,
        "POST",
        &format!("/activity/game/{key}/move"),
        &[("x-dama-seat", &credential)],
        "d3-d4",
    )
    .await;
    assert_eq!(late.status, StatusCode::FORBIDDEN);
}
