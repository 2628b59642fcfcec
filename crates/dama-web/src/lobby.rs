//! The lobby, `/play`: how many wait in each pool (never who), and the games being played now
//! on the listed servers; read again whenever someone begins or stops waiting or a game begins
//! or ends (`lobby.js`, server-sent events). Read-only: seeking happens in Discord.

use std::fmt::Write;

use axum::extract::State;
use axum::response::Response;

use dama_core::host::Lobby;

use super::Web;
use super::error::WebError;
use super::html::{Asked, escape, html};

/// `/play`.
pub(super) async fn page(State(web): State<Web>, asked: Asked) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let lobby = web
        .host
        .lobby()
        .await
        .map_err(|e| asked.failed(&web, "reading the lobby", e))?;
    let title = page.t("web-lobby-title");
    let mut body = format!(
        "<h1>{}</h1><p>{}</p><div id=\"lobby\" data-version=\"{}\">",
        escape(&title),
        page.t("web-lobby-intro"),
        escape(&version(&lobby))
    );
    let _ = write!(body, "<h2>{}</h2>", page.t("web-pools"));
    body.push_str(&super::lists::pool_table(&page, &lobby.pools));
    let _ = write!(body, "<h2>{}</h2>", page.t("web-running-games"));
    if lobby.playing.is_empty() {
        let _ = write!(body, "<p>{}</p>", page.t("web-no-running-games"));
    } else {
        body.push_str(&super::lists::game_list(&page, &lobby.playing));
    }
    body.push_str("</div>");
    Ok(html(page.document(&title, &body, Some("lobby.js"))))
}

/// What the lobby's page shows, as one word: its pages read themselves again when it moves.
pub(super) fn version(lobby: &Lobby) -> String {
    let mut v = String::new();
    for p in lobby.pools.iter().filter(|p| p.waiting > 0) {
        let _ = write!(v, "{}={} ", p.control, p.waiting);
    }
    v.push('|');
    for g in &lobby.playing {
        let _ = write!(v, " {}", g.facts.id.0);
    }
    v
}
