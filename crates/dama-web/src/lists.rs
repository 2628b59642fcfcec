//! Lists several pages show: games, each linked to its page; pools with their counts.

use std::fmt::Write;

use dama_core::host::{PoolLine, WebGameLine};
use dama_core::words::Arg;

use super::html::{Page, escape, player_link};

/// Games as a list, each linked to its page.
pub(super) fn game_list(page: &Page<'_>, games: &[WebGameLine]) -> String {
    let mut out = String::from("<ul class=\"games\">");
    for g in games {
        let Some(key) = g.facts.web_key.as_deref() else {
            continue;
        };
        // "1-0", "½-½", or that it is still being played.
        let result = match g.facts.result {
            Some(dama_rules::GameResult::Draw) => "½-½".to_string(),
            Some(r) => r.pdn().to_string(),
            None if g.facts.forfeited_by == Some(dama_rules::Color::White) => {
                page.t("web-black-won-by-forfeit")
            }
            None if g.facts.forfeited_by.is_some() => page.t("web-white-won-by-forfeit"),
            None if g.facts.status == dama_model::GameStatus::Aborted => page.t("web-called-off"),
            None => page.t("web-being-played"),
        };
        let _ = write!(
            out,
            "<li>{} – {} <a href=\"{}\">{} · {}</a></li>",
            player_link(page, &g.white),
            player_link(page, &g.black),
            page.link(&format!("/game/{key}"), ""),
            escape(&page.words.time_control(page.lang, g.facts.time_control)),
            escape(&result),
        );
    }
    out.push_str("</ul>");
    out
}

/// The pools as a table: each clock and how many wait in it.
pub(super) fn pool_table(page: &Page<'_>, pools: &[PoolLine]) -> String {
    let mut out = format!(
        "<table class=\"pools\"><thead><tr><th>{}</th><th>{}</th></tr></thead><tbody>",
        page.t("web-clock"),
        page.t("web-waiting"),
    );
    for p in pools {
        let _ = write!(
            out,
            "<tr data-clock=\"{}\"><td>{}</td><td>{}</td></tr>",
            escape(&p.control.to_string()),
            escape(&page.words.time_control(page.lang, p.control)),
            page.t_with("web-waiting-count", &[("count", Arg::from(p.waiting))]),
        );
    }
    out.push_str("</tbody></table>");
    out
}
