//! The pages besides a game's: the home page (listed servers), a listed server (leaderboards,
//! running games, tournaments), a player; and the static files.

use std::fmt::Write;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

use dama_core::words::Arg;
use dama_model::{GuildId, UserId};

use super::Web;
use super::error::WebError;
use super::html::{Asked, Page, escape, html, player_link, typed};

const STYLE: &str = include_str!("../../../assets/web/style.css");
const GAME_JS: &str = include_str!("../../../assets/web/game.js");
const TOURNAMENT_JS: &str = include_str!("../../../assets/web/tournament.js");
const LOBBY_JS: &str = include_str!("../../../assets/web/lobby.js");
const ICON: &str = include_str!("../../../assets/web/icon.svg");
const ACTIVITY_JS: &str = include_str!("../../../assets/web/activity.js");

pub(super) async fn asset(Path(file): Path<String>) -> Response {
    let (kind, body) = match file.as_str() {
        "style.css" => ("text/css; charset=utf-8", STYLE),
        "game.js" => ("text/javascript; charset=utf-8", GAME_JS),
        "tournament.js" => ("text/javascript; charset=utf-8", TOURNAMENT_JS),
        "lobby.js" => ("text/javascript; charset=utf-8", LOBBY_JS),
        "activity.js" => ("text/javascript; charset=utf-8", ACTIVITY_JS),
        "icon.svg" => ("image/svg+xml", ICON),
        _ => {
            return typed(
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                "not found\n",
            );
        }
    };
    let mut response = typed(StatusCode::OK, kind, body);
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

/// Discord's Embedded App SDK, as vendored from npm (`assets/web/vendor/refresh`).
static VENDORED: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/../../assets/web/vendor");

/// `GET /static/vendor/{path}`: a vendored file (ES modules and their licence).
pub(super) async fn vendored(Path(path): Path<String>) -> Response {
    let kind = match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("mjs") => "text/javascript; charset=utf-8",
        Some("md") => "text/markdown; charset=utf-8",
        Some("json") => "application/json",
        _ => "text/plain; charset=utf-8",
    };
    match VENDORED.get_file(&path) {
        Some(file) if !path.ends_with("refresh") => {
            let mut response = typed(StatusCode::OK, kind, file.contents());
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            );
            response
        }
        _ => typed(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            "not found\n",
        ),
    }
}

pub(super) async fn nowhere(State(web): State<Web>, asked: Asked) -> WebError {
    asked.not_found(&web)
}

pub(super) async fn home(State(web): State<Web>, asked: Asked) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let servers = web
        .host
        .public_servers()
        .await
        .map_err(|e| asked.failed(&web, "listing the servers", e))?;
    let mut body = format!(
        "<h1>{}</h1><p>{}</p><p><a href=\"{}\">{}</a> · <a href=\"{}\">{}</a></p>",
        page.t("web-home-title"),
        page.t("web-home-intro"),
        page.link("/play", ""),
        page.t("web-lobby-link"),
        page.link("/puzzle", ""),
        page.t("web-puzzle-link")
    );
    if !servers.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2><ul class=\"servers\">",
            page.t("web-servers")
        );
        for s in servers {
            let _ = write!(
                body,
                "<li><a href=\"{}\">{}</a></li>",
                page.link(&format!("/server/{}", s.guild.0), ""),
                escape(&server_name(&page, &s.name))
            );
        }
        body.push_str("</ul>");
    }
    Ok(html(page.document(
        &page.words.get(page.lang, "web-home-title"),
        &body,
        None,
    )))
}

pub(super) fn server_name(page: &Page<'_>, name: &str) -> String {
    if name.trim().is_empty() {
        page.words.get(page.lang, "web-unnamed-server")
    } else {
        name.to_string()
    }
}

/// An id in a path: digits only, at most 20 of them.
pub(super) fn id(text: &str) -> Option<u64> {
    (text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

fn speed_name(page: &Page<'_>, speed: dama_play::clock::SpeedClass) -> String {
    page.t_with("speed-name", &[("speed", Arg::from(speed.key()))])
}

pub(super) async fn server(
    State(web): State<Web>,
    Path(text): Path<String>,
    asked: Asked,
) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let guild = id(&text).ok_or_else(|| asked.not_found(&web))?;
    let s = web
        .host
        .web_server(GuildId(guild))
        .await
        .map_err(|e| asked.failed(&web, "reading a server", e))?
        .ok_or_else(|| asked.not_found(&web))?;
    let name = server_name(&page, &s.server.name);
    let mut body = format!("<h1>{}</h1>", escape(&name));
    let _ = write!(body, "<h2>{}</h2>", page.t("web-running-games"));
    if s.running.is_empty() {
        let _ = write!(body, "<p>{}</p>", page.t("web-no-running-games"));
    } else {
        body.push_str(&super::lists::game_list(&page, &s.running));
    }
    let _ = write!(body, "<h2>{}</h2>", page.t("web-server-pools"));
    body.push_str(&super::lists::pool_table(&page, &s.pools));
    if !s.tournaments.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2><ul class=\"tournaments\">",
            page.t("web-tournaments")
        );
        for t in &s.tournaments {
            let _ = write!(
                body,
                "<li><a href=\"{}\">{}</a></li>",
                page.link(&format!("/tournament/{}", t.id.0), ""),
                escape(&t.name)
            );
        }
        body.push_str("</ul>");
    }
    for (speed, rows) in &s.leaderboards {
        let _ = write!(
            body,
            "<h2>{}</h2><table class=\"leaderboard\"><thead><tr><th>#</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            page.t_with(
                "web-leaderboard",
                &[("speed", Arg::from(speed_name(&page, *speed)))]
            ),
            page.t("web-player"),
            page.t("web-rating"),
            page.t("web-games"),
        );
        for (i, p) in rows.iter().enumerate() {
            let _ = write!(
                body,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                i + 1,
                player_link(&page, p),
                p.rating.unwrap_or_default().round() as i64,
                p.games.unwrap_or_default()
            );
        }
        body.push_str("</tbody></table>");
    }
    Ok(html(page.document(&name, &body, None)))
}

/// A rating curve as a small SVG line, labelled with where it started and where it is.
fn curve(page: &Page<'_>, points: &[f64]) -> String {
    if points.len() < 2 {
        return String::new();
    }
    let (lo, hi) = points
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let span = (hi - lo).max(1.0);
    let (w, h) = (300.0, 80.0);
    let step = w / (points.len() - 1) as f64;
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{:.1},{:.1}",
                i as f64 * step,
                h - 4.0 - (p - lo) / span * (h - 8.0)
            )
        })
        .collect();
    format!(
        "<svg class=\"curve\" viewBox=\"0 0 300 80\" role=\"img\" aria-label=\"{}\"><polyline points=\"{}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/></svg>",
        page.t_with(
            "web-curve",
            &[
                ("from", Arg::from(points[0].round() as i64)),
                ("to", Arg::from(points[points.len() - 1].round() as i64)),
                ("games", Arg::from(points.len() as i64)),
            ]
        ),
        line.join(" ")
    )
}

pub(super) async fn player(
    State(web): State<Web>,
    Path(text): Path<String>,
    asked: Asked,
) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let user = id(&text).ok_or_else(|| asked.not_found(&web))?;
    let p = web
        .host
        .web_player(UserId(user))
        .await
        .map_err(|e| asked.failed(&web, "reading a player", e))?
        .ok_or_else(|| asked.not_found(&web))?;
    let name = if p.name.is_empty() {
        format!("#{}", p.user.0)
    } else {
        p.name.clone()
    };
    let mut body = format!("<h1>{}</h1>", escape(&name));
    if !p.ratings.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2><table class=\"ratings\"><thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            page.t("web-ratings"),
            page.t("web-speed"),
            page.t("web-rating"),
            page.t("web-record"),
            page.t("web-curve-title"),
        );
        for r in &p.ratings {
            let last = r.curve.last().copied().unwrap_or_default();
            let _ = write!(
                body,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                speed_name(&page, r.speed),
                last.round() as i64,
                page.t_with(
                    "web-record-line",
                    &[
                        ("wins", Arg::from(r.record[0])),
                        ("draws", Arg::from(r.record[1])),
                        ("losses", Arg::from(r.record[2])),
                    ]
                ),
                curve(&page, &r.curve),
            );
        }
        body.push_str("</tbody></table>");
    }
    if let Some((solved, failed)) = p.puzzles {
        let _ = write!(
            body,
            "<h2>{}</h2><p>{}</p>",
            page.t("web-puzzles"),
            page.t_with(
                "web-puzzle-line",
                &[("solved", Arg::from(solved)), ("failed", Arg::from(failed)),]
            )
        );
    }
    if !p.games.is_empty() {
        let _ = write!(body, "<h2>{}</h2>", page.t("web-recent-games"));
        body.push_str(&super::lists::game_list(&page, &p.games));
    }
    Ok(html(page.document(&name, &body, None)))
}
