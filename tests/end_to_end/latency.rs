//! How soon a move clicked on one player's page is shown on the other's board, in a real
//! browser: the new position travels with the live event (its board drawn), so the opponent's
//! page needs no second request. Each side's page notes when each ply's board is in place; the
//! clicking page notes when the click was made; both read the same system clock.

use std::time::Duration;

use fantoccini::Client;
use serde_json::json;

use crate::browser::{Table, pointer_move, within};

/// When `client`'s board showed ply `ply` (the page's `Date.now()`), once it has.
async fn shown_at(client: &Client, ply: usize) -> Option<i64> {
    within(Duration::from_secs(5), async || {
        client
            .execute(
                "return (window.shownAt || {})[arguments[0]] || null",
                vec![json!(ply.to_string())],
            )
            .await
            .ok()?
            .as_i64()
    })
    .await
    .map(|(at, _)| at)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clicked_move_reaches_the_opponents_board_with_its_picture() {
    let Some(table) = Table::open("10+5").await else {
        return;
    };
    // Each page notes when each new ply's board is in place (data-ply is set once it is).
    let watch = "window.shownAt = {};\
        const game = document.getElementById('game');\
        new MutationObserver(() => {\
          const p = game.dataset.ply;\
          if (p === game.dataset.plies && !(p in window.shownAt)) window.shownAt[p] = Date.now();\
        }).observe(game, { attributes: true, attributeFilter: ['data-ply'] });";
    for client in [&table.white, &table.black] {
        client.execute(watch, vec![]).await.unwrap();
    }
    let key = table.row().await.web_key.unwrap();
    let mut gaps = Vec::new();
    for ply in 0..40usize {
        let game = table.web.host.web_game(&key).await.unwrap().unwrap();
        let pos = game.game.position();
        let legal = pos.notations(&pos.legal_moves());
        if legal.is_empty() || game.facts.status != dama_model::GameStatus::Running {
            break;
        }
        // A move whose first and last squares no other move shares: no route to ask.
        let ends = |m: &str| {
            let squares: Vec<&str> = m.split(['-', 'x']).collect();
            (
                squares[0].to_string(),
                squares[squares.len() - 1].to_string(),
            )
        };
        let Some((from, to)) = legal
            .iter()
            .map(|m| ends(m))
            .find(|e| legal.iter().filter(|m| ends(m) == *e).count() == 1)
        else {
            break;
        };
        let (mover, other) = if ply % 2 == 0 {
            (&table.white, &table.black)
        } else {
            (&table.black, &table.white)
        };
        let clicked = pointer_move(mover, &from, &to, false).await;
        let shown = shown_at(other, ply + 1)
            .await
            .unwrap_or_else(|| panic!("ply {} reaches the opponent's board", ply + 1));
        shown_at(mover, ply + 1)
            .await
            .unwrap_or_else(|| panic!("ply {} on the mover's board", ply + 1));
        gaps.push(shown - clicked);
    }
    assert!(gaps.len() >= 20, "a game long enough to measure: {gaps:?}");
    gaps.sort_unstable();
    let at = |q: f64| gaps[((gaps.len() - 1) as f64 * q).round() as usize];
    let (p50, p99) = (at(0.5), at(0.99));
    println!(
        "a clicked move on the opponent's board: p50 {p50} ms, p99 {p99} ms, {} moves",
        gaps.len()
    );
    // The figures are reported, not held: beside the rest of the suite (two cores, other
    // browsers) the median went from 29 to 68 ms, so a bound on time fails by load. What the
    // test holds is what makes the move fast whatever the load: its board came with it.
    // The boards came with the moves: neither page asked for one.
    for client in [&table.white, &table.black] {
        let fetched = client
            .execute(
                "return performance.getEntriesByType('resource')\
                   .filter((e) => e.name.includes('/board/')).length",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(fetched, json!(0), "no board fetched after a move");
    }
    table.no_console_errors().await;
    table.close().await;
}
