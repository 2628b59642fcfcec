//! What a seated player needs during a game, in sight without scrolling on a laptop's screen
//! (1280×720) and a phone's (390×844): both clocks by the board, their own at the bottom, the
//! route question, the opponent's offer and the controls. The browser reports where each one
//! is, in English and in Turkish (longer words on the same buttons); screenshots land in
//! `target/web-layout-<size>-<side>-<lang>.png`.

use fantoccini::Client;
use serde_json::{Value, json};

use crate::browser::{Table, press, text_of};

/// Sets the page's viewport (not the window's outer size) to `width`×`height`, at the top.
async fn viewport(client: &Client, width: u32, height: u32) {
    client.set_window_size(width, height).await.unwrap();
    let inner = client
        .execute("return [window.innerWidth, window.innerHeight]", vec![])
        .await
        .unwrap();
    let (w, h) = (
        inner[0].as_u64().unwrap() as u32,
        inner[1].as_u64().unwrap() as u32,
    );
    client
        .set_window_size(2 * width - w, 2 * height - h)
        .await
        .unwrap();
    client
        .execute("window.scrollTo(0, 0)", vec![])
        .await
        .unwrap();
}

/// Where each of `ids` is on the screen ({top, bottom, left, right}), the route question shown
/// as a capture with two routes shows it, and the viewport's size.
async fn places(client: &Client, ids: &[&str]) -> Value {
    client
        .execute(
            "const routes = document.getElementById('routes');\
             const hidden = routes.hidden; routes.hidden = false;\
             const out = { width: window.innerWidth, height: window.innerHeight };\
             for (const id of arguments[0]) {\
               const r = (id === 'board' ? document.querySelector('#board svg')\
                 : document.getElementById(id)).getBoundingClientRect();\
               out[id] = { top: r.top, bottom: r.bottom, left: r.left, right: r.right };\
             }\
             routes.hidden = hidden;\
             return out;",
            vec![json!(ids)],
        )
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_player_sees_clocks_offers_routes_and_controls_without_scrolling() {
    let Some(table) = Table::open("5+3").await else {
        return;
    };
    // An offer standing on Black's page.
    press(&table.white, "#act-draw").await;
    assert_eq!(
        text_of(&table.black, "#offer").await,
        "Your opponent offers a draw."
    );
    let ids = [
        "board",
        "clock-white",
        "clock-black",
        "routes",
        "offer",
        "act-draw",
        "act-takeback",
        "act-resign",
        "play-move",
    ];
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    for lang in ["en", "tr"] {
        if lang == "tr" {
            // The Turkish page: longer words on the same buttons.
            for client in [&table.white, &table.black] {
                let url = client.current_url().await.unwrap();
                let key = url.path().to_string();
                client.goto(&format!("{key}?lang=tr")).await.unwrap();
                assert_eq!(text_of(client, "#act-resign").await, "Terk et");
            }
            assert_eq!(
                text_of(&table.black, "#offer").await,
                "Rakibin beraberlik teklif ediyor."
            );
        }
        layout(&table, &ids, lang, &target).await;
    }
    table.no_console_errors().await;
    table.close().await;
}

/// Checks where `ids` are on both players' pages, at both sizes, in `lang`.
async fn layout(table: &Table, ids: &[&str], lang: &str, target: &std::path::Path) {
    for (width, height, size) in [(1280, 720, "laptop"), (390, 844, "phone")] {
        for (client, own, other, side) in [
            (&table.white, "clock-white", "clock-black", "white"),
            (&table.black, "clock-black", "clock-white", "black"),
        ] {
            viewport(client, width, height).await;
            let at = places(client, ids).await;
            let png = client.screenshot().await.unwrap();
            let name = format!("web-layout-{size}-{side}-{lang}.png");
            std::fs::write(target.join(name), png).unwrap();
            println!("{size}, {side}, {lang}: {at}");
            let (w, h) = (
                at["width"].as_f64().unwrap(),
                at["height"].as_f64().unwrap(),
            );
            assert_eq!((w, h), (f64::from(width), f64::from(height)), "{at}");
            for &id in ids {
                let r = &at[id];
                let [top, bottom, left, right] =
                    ["top", "bottom", "left", "right"].map(|k| r[k].as_f64().unwrap());
                assert!(
                    top >= 0.0 && bottom <= h && left >= 0.0 && right <= w && bottom > top,
                    "{size}, {side}, {lang}: #{id} out of sight without scrolling: {r}"
                );
            }
            let board = &at["board"];
            let (own, other) = (&at[own], &at[other]);
            let num = |v: &Value, k: &str| v[k].as_f64().unwrap();
            // One's own clock just under the board, the opponent's just over it.
            assert!(
                num(own, "top") >= num(board, "bottom")
                    && num(own, "top") - num(board, "bottom") < 60.0,
                "{size}, {side}, {lang}: own clock under the board: {at}"
            );
            assert!(
                num(other, "bottom") <= num(board, "top")
                    && num(board, "top") - num(other, "bottom") < 60.0,
                "{size}, {side}, {lang}: the opponent's clock over the board: {at}"
            );
        }
    }
}
