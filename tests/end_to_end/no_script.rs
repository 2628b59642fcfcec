//! A seated player whose browser runs no JavaScript: the page offers what works without it,
//! the move box; a move typed there and sent is played, and the browser lands on the game's
//! page showing it; a refused one gets a page saying why, with the way back.

use std::time::Duration;

use fantoccini::Locator;

use crate::browser::{Driver, Table, chromedriver, connect_with, text_of, within};
use crate::common::hosting::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_javascript_the_move_box_plays_and_lands_back_on_the_game() {
    let Some(table) = Table::open("10+5").await else {
        return;
    };
    let (_driver, port) = Driver::start(&chromedriver().expect("a chromedriver"));
    let client = connect_with(port, false).await;
    // Alice's second device, without JavaScript.
    let link = match &table.web.host.play_link(&who(ALICE)).await.unwrap().body[..] {
        [dama_core::host::Msg::PlayLink { link }] => link.clone(),
        other => panic!("{other:?}"),
    };
    client.goto(&link).await.unwrap();
    let game_url = within(Duration::from_secs(5), async || {
        let url = client.current_url().await.ok()?;
        (!url.as_str().contains("token")).then_some(url)
    })
    .await
    .expect("the link opens the game's page")
    .0;
    let said = text_of(&client, "noscript, .play-said").await;
    assert!(!said.is_empty());
    // Only the move box: the buttons that need the script are not shown.
    for hidden in ["#act-draw", "#act-resign", "#sound"] {
        let shown = client
            .find(Locator::Css(hidden))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap();
        assert!(!shown, "{hidden} is not shown without JavaScript");
    }
    let send = async |text: &str| {
        let input = client.find(Locator::Css("#play-move")).await.unwrap();
        input.send_keys(text).await.unwrap();
        client
            .find(Locator::Css("#play button[type=submit]"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    };
    // A move the rules refuse: a page saying why, and the way back.
    send("e3-e5").await;
    let why = text_of(&client, "p[role=alert]").await;
    assert!(why.contains("e3"), "{why}");
    client
        .find(Locator::LinkText("Back to the game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert_eq!(client.current_url().await.unwrap(), game_url);
    // A legal one: played, and the browser is back on the game's page, which shows it.
    send("e3-e4").await;
    within(Duration::from_secs(5), async || {
        (table.row().await.ply == 1).then_some(())
    })
    .await
    .expect("the move is played");
    assert_eq!(client.current_url().await.unwrap(), game_url);
    let moves = text_of(&client, "#moves").await;
    assert!(moves.contains("e3-e4"), "{moves}");
    client.close().await.unwrap();
    table.close().await;
}
