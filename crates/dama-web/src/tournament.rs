//! A tournament's page: where it stands (waiting, round k of n and when its games start, over
//! with its podium), the crosstable with the tie-breaks, each round's pairings linked to their
//! games, and the Swiss's report file. Live while it runs or waits for its start: the page
//! reads itself again whenever the tournament changes (`tournament.js`, server-sent events).

use std::collections::HashMap;
use std::fmt::Write;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

use dama_core::host::WebPairing;
use dama_core::host::{Player, TournamentLine, WebPlayer, WebTournament};
use dama_core::words::Arg;
use dama_model::{TournamentId, TournamentKind, TournamentStatus, UnixMs, UserId};

use super::Web;
use super::error::WebError;
use super::html::{Asked, Page, escape, html, player_link, typed};

/// `/tournament/<id>`.
pub(super) async fn page(
    State(web): State<Web>,
    Path(text): Path<String>,
    asked: Asked,
) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let id = super::pages::id(&text)
        .and_then(|i| i64::try_from(i).ok())
        .ok_or_else(|| asked.not_found(&web))?;
    let t = web
        .host
        .web_tournament(TournamentId(id))
        .await
        .map_err(|e| asked.failed(&web, "reading a tournament", e))?
        .ok_or_else(|| asked.not_found(&web))?;
    let now = web.host.clock().now();
    let live = t.facts.status == TournamentStatus::Running
        || (t.facts.status == TournamentStatus::Open && t.facts.starts_at.is_some());
    let mut body = format!(
        "<div id=\"tournament\" data-id=\"{id}\" data-version=\"{}\" data-live=\"{live}\">",
        escape(&t.version)
    );
    let _ = write!(
        body,
        "<h1>{}</h1><p class=\"meta\"><a href=\"{}\">{}</a> · {} · {}</p>",
        escape(&t.facts.name),
        page.link(&format!("/server/{}", t.server.guild.0), ""),
        escape(&super::pages::server_name(&page, &t.server.name)),
        escape(&page.words.time_control(page.lang, t.facts.time_control)),
        format_line(&page, &t),
    );
    let _ = write!(
        body,
        "<p class=\"status\" id=\"status\">{}</p>",
        status(&page, &t, now)
    );
    if t.facts.status == TournamentStatus::Finished {
        body.push_str(&podium(&page, &t));
    }
    match t.facts.format.kind() {
        TournamentKind::Swiss => {
            body.push_str(&crosstable(&page, &t));
            body.push_str(&rounds(&page, &t, now));
            if t.facts.status != TournamentStatus::Open {
                let _ = write!(
                    body,
                    "<p class=\"downloads\"><a href=\"/tournament/{id}/report.trf\" download>{}</a></p>",
                    page.t("web-report-file"),
                );
            }
        }
        TournamentKind::Arena => body.push_str(&arena_table(&page, &t)),
    }
    body.push_str("</div>");
    Ok(html(page.document(
        &t.facts.name,
        &body,
        live.then_some("tournament.js"),
    )))
}

/// `/tournament/<id>/report.trf`: FIDE's report file of a Swiss that has begun.
pub(super) async fn report(
    State(web): State<Web>,
    Path(text): Path<String>,
    asked: Asked,
) -> Result<Response, WebError> {
    let id = super::pages::id(&text)
        .and_then(|i| i64::try_from(i).ok())
        .ok_or_else(|| asked.not_found(&web))?;
    let file = web
        .host
        .web_tournament_report(TournamentId(id))
        .await
        .map_err(|e| asked.failed(&web, "writing a report file", e))?
        .ok_or_else(|| asked.not_found(&web))?;
    let mut response = typed(StatusCode::OK, "text/plain; charset=utf-8", file.bytes);
    // The name is the tournament's, letters and digits only (see `report_file`).
    if let Ok(value) = HeaderValue::from_str(&format!(
        "attachment; filename*=UTF-8''{}",
        percent(&file.name)
    )) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// A file name for a header: anything but ASCII letters, digits, `.` and `-` as `%XX`.
fn percent(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b == b'.' || b == b'-' {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// "Swiss, 5 rounds · rated".
fn format_line(page: &Page<'_>, t: &WebTournament) -> String {
    let format = match t.facts.format.kind() {
        TournamentKind::Swiss => page.t_with(
            "web-swiss-rounds",
            &[(
                "rounds",
                Arg::from(i64::from(t.facts.format.rounds().unwrap_or(0))),
            )],
        ),
        TournamentKind::Arena => page.t_with(
            "web-arena-minutes",
            &[(
                "minutes",
                Arg::from(i64::from(t.facts.format.minutes().unwrap_or(0))),
            )],
        ),
    };
    let rated = page.t(if t.facts.rated {
        "web-rated"
    } else {
        "web-casual"
    });
    format!("{format} · {rated}")
}

/// A moment as Türkiye's clock shows it (the game's home; the bot reads times the same way),
/// as plain text.
fn turkiye_time(page: &Page<'_>, at: UnixMs) -> String {
    let local = at + dama_model::TURKIYE_OFFSET;
    let date = dama_model::Day::in_turkiye(at).date();
    let minutes = local.0.rem_euclid(86_400_000) / 60_000;
    let shown = format!("{date} {:02}:{:02}", minutes / 60, minutes % 60);
    page.words
        .get_with(page.lang, "web-turkiye-time", &[("time", Arg::from(shown))])
}

/// Where it stands, in a sentence.
fn status(page: &Page<'_>, t: &WebTournament, now: UnixMs) -> String {
    let players = t.entrants.iter().filter(|e| !e.withdrawn).count() as i64;
    match t.facts.status {
        TournamentStatus::Open => {
            let waiting = page.t_with("web-tournament-waiting", &[("players", Arg::from(players))]);
            match t.facts.starts_at {
                Some(at) => format!(
                    "{waiting} {}",
                    page.t_with(
                        "web-tournament-starts",
                        &[("when", Arg::from(turkiye_time(page, at)))]
                    )
                ),
                None => waiting,
            }
        }
        TournamentStatus::Running => match t.facts.format.kind() {
            TournamentKind::Swiss => {
                let round = page.t_with(
                    "web-tournament-round",
                    &[
                        ("round", Arg::from(t.facts.round)),
                        (
                            "rounds",
                            Arg::from(t.facts.format.rounds().map_or(0, i64::from)),
                        ),
                    ],
                );
                let starts = t
                    .pairings
                    .iter()
                    .filter(|p| p.round == t.facts.round)
                    .map(|p| p.starts)
                    .max();
                match starts {
                    Some(at) if at > now => format!(
                        "{round} {}",
                        page.t_with(
                            "web-tournament-round-starts",
                            &[("when", Arg::from(turkiye_time(page, at)))]
                        )
                    ),
                    _ => round,
                }
            }
            TournamentKind::Arena => match t.facts.ends_at {
                Some(at) => page.t_with(
                    "web-arena-ends",
                    &[("when", Arg::from(turkiye_time(page, at)))],
                ),
                None => page.t("web-tournament-under-way"),
            },
        },
        TournamentStatus::Finished => page.t("web-tournament-over"),
        TournamentStatus::Cancelled => page.t("web-tournament-called-off"),
    }
}

fn web_player(t: &WebTournament, user: UserId) -> WebPlayer {
    WebPlayer {
        player: Player::User(user),
        name: t.names.get(&user).cloned().unwrap_or_default(),
        rating: None,
        change: None,
        games: None,
    }
}

/// Points from halves: "3½".
fn points(halves: u32) -> String {
    format!("{}{}", halves / 2, if halves % 2 == 1 { "½" } else { "" })
}

/// Points from quarters (Sonneborn–Berger: a draw against 2½ points is 1¼): "5¼".
fn quarter_points(quarters: u32) -> String {
    let part = ["", "¼", "½", "¾"][(quarters % 4) as usize];
    format!("{}{part}", quarters / 4)
}

/// The first three places of a finished tournament.
fn podium(page: &Page<'_>, t: &WebTournament) -> String {
    let mut out = format!("<h2>{}</h2><ol class=\"podium\">", page.t("web-podium"));
    for line in t.lines.iter().filter(|l| l.rank <= 3) {
        let _ = write!(
            out,
            "<li class=\"place-{}\"><span class=\"medal\">{}</span> {} <span class=\"score\">{}</span></li>",
            line.rank,
            line.rank,
            player_link(page, &web_player(t, line.user)),
            score_text(page, t, line),
        );
    }
    out.push_str("</ol>");
    out
}

fn score_text(page: &Page<'_>, t: &WebTournament, line: &TournamentLine) -> String {
    match t.facts.format.kind() {
        TournamentKind::Swiss => {
            page.t_with("web-points", &[("points", Arg::from(points(line.score)))])
        }
        TournamentKind::Arena => page.t_with(
            "web-points",
            &[("points", Arg::from(line.score.to_string()))],
        ),
    }
}

/// One player's round in the crosstable: what it shows, and what it says in full.
struct Cell {
    text: String,
    title: String,
    link: Option<String>,
    class: &'static str,
}

/// The crosstable: a row a player in standings order; for each round the opponent's row, the
/// colour and the result, linked to the game; then the tie-breaks.
fn crosstable(page: &Page<'_>, t: &WebTournament) -> String {
    let row_of: HashMap<UserId, usize> = t
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.user, i + 1))
        .collect();
    let rounds = t.facts.round;
    let mut out = format!(
        "<h2>{}</h2><div class=\"scroll\"><table class=\"crosstable\"><thead><tr>\
         <th scope=\"col\">#</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        page.t("web-standings"),
        page.t("web-player"),
        page.t("web-score"),
    );
    for r in 1..=rounds {
        let _ = write!(
            out,
            "<th scope=\"col\" class=\"round\"><abbr title=\"{}\">{}</abbr></th>",
            page.t_with("web-round-title", &[("round", Arg::from(r))]),
            page.t_with("web-round-short", &[("round", Arg::from(r))]),
        );
    }
    let _ = write!(
        out,
        "<th scope=\"col\"><abbr title=\"{}\">{}</abbr></th><th scope=\"col\"><abbr title=\"{}\">{}</abbr></th></tr></thead><tbody>",
        page.t("web-buchholz-cut-1"),
        page.t("web-buchholz-cut-1-short"),
        page.t("web-sonneborn-berger"),
        page.t("web-sonneborn-berger-short"),
    );
    for (i, line) in t.lines.iter().enumerate() {
        let withdrawn = if line.withdrawn {
            format!(" <span class=\"note\">({})</span>", page.t("web-withdrawn"))
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<tr{}><td>{}</td><th scope=\"row\">{}{withdrawn}</th><td class=\"score\">{}</td>",
            if line.withdrawn {
                " class=\"withdrawn\""
            } else {
                ""
            },
            line.rank,
            player_link(page, &web_player(t, line.user)),
            points(line.score),
        );
        debug_assert_eq!(row_of[&line.user], i + 1);
        for r in 1..=rounds {
            let cell = cell(page, t, &row_of, line.user, r);
            let inner = match &cell.link {
                Some(link) => format!("<a href=\"{link}\">{}</a>", cell.text),
                None => cell.text.clone(),
            };
            let _ = write!(
                out,
                "<td class=\"cell {}\" title=\"{}\">{inner}</td>",
                cell.class, cell.title
            );
        }
        let (buchholz, sb) = line.tie_breaks.unwrap_or((0, 0));
        let _ = write!(
            out,
            "<td>{}</td><td>{}</td></tr>",
            points(buchholz),
            quarter_points(sb)
        );
    }
    out.push_str("</tbody></table></div>");
    let _ = write!(
        out,
        "<p class=\"legend\">{}</p>",
        page.t("web-crosstable-legend")
    );
    out
}

fn cell(
    page: &Page<'_>,
    t: &WebTournament,
    row_of: &HashMap<UserId, usize>,
    user: UserId,
    round: i64,
) -> Cell {
    let mine = t
        .pairings
        .iter()
        .find(|p| p.round == round && (p.white == user || p.black == Some(user)));
    let Some(p) = mine else {
        let joined_late = t
            .entrants
            .iter()
            .any(|e| e.user == user && round <= e.joined_round);
        let (text, id, class) = if joined_late {
            ("H", "web-cell-late", "bye")
        } else {
            ("–", "web-cell-absent", "absent")
        };
        return Cell {
            text: text.into(),
            title: page.t(id),
            link: None,
            class,
        };
    };
    let Some(black) = p.black else {
        return Cell {
            text: "B".into(),
            title: page.t("web-cell-bye"),
            link: None,
            class: "bye",
        };
    };
    let white = p.white == user;
    let opponent = if white { black } else { p.white };
    let row = row_of.get(&opponent).copied().unwrap_or(0);
    let colour = if white { "○" } else { "●" };
    let mine = p.white_halves.map(|h| if white { h } else { 2 - h.min(2) });
    let (result, id) = match (mine, p.forfeit) {
        (None, _) => ("*", "web-cell-playing"),
        (Some(2..), true) => ("+", "web-cell-forfeit-won"),
        (Some(_), true) => ("−", "web-cell-forfeit-lost"),
        (Some(2..), false) => ("1", "web-cell-won"),
        (Some(1), false) => ("½", "web-cell-drew"),
        (Some(_), false) => ("0", "web-cell-lost"),
    };
    let opponent_name = super::html::name(page, &web_player(t, opponent));
    let side = page.words.get(
        page.lang,
        if white {
            "web-side-white"
        } else {
            "web-side-black"
        },
    );
    let title = page.t_with(
        id,
        &[
            ("opponent", Arg::from(opponent_name)),
            ("side", Arg::from(side)),
        ],
    );
    Cell {
        text: format!("{row}{colour}{result}"),
        title,
        link: p
            .game
            .and_then(|g| t.game_keys.get(&g))
            .map(|key| page.link(&format!("/game/{key}"), "")),
        class: if p.forfeit { "forfeit" } else { "game" },
    }
}

/// Each round's boards, the current round open.
fn rounds(page: &Page<'_>, t: &WebTournament, now: UnixMs) -> String {
    if t.facts.round == 0 {
        return String::new();
    }
    let mut out = format!("<h2>{}</h2>", page.t("web-rounds"));
    for r in (1..=t.facts.round).rev() {
        let boards: Vec<&WebPairing> = t.pairings.iter().filter(|p| p.round == r).collect();
        let starts = boards
            .iter()
            .map(|p| p.starts)
            .max()
            .filter(|&at| at > now)
            .map(|at| {
                format!(
                    " · {}",
                    page.t_with(
                        "web-tournament-round-starts",
                        &[("when", Arg::from(turkiye_time(page, at)))]
                    )
                )
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "<details data-round=\"{r}\"{}><summary>{}{starts}</summary><div class=\"scroll\"><table class=\"pairings\"><thead><tr>\
             <th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
            if r == t.facts.round { " open" } else { "" },
            page.t_with("web-round-title", &[("round", Arg::from(r))]),
            page.t("web-board"),
            page.t("web-side-white"),
            page.t("web-result"),
            page.t("web-side-black"),
        );
        for p in boards {
            let white = player_link(page, &web_player(t, p.white));
            let Some(black) = p.black else {
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td>{white}</td><td>{}</td><td></td></tr>",
                    p.board,
                    page.t("web-cell-bye"),
                );
                continue;
            };
            let result = match (p.white_halves, p.forfeit) {
                (None, _) if p.game.is_some() => page.t("web-being-played"),
                (None, _) => page.t("web-not-started"),
                (Some(2..), true) => "+ : −".into(),
                (Some(_), true) => "− : +".into(),
                (Some(2..), false) => "1 : 0".into(),
                (Some(1), false) => "½ : ½".into(),
                (Some(_), false) => "0 : 1".into(),
            };
            let result = match p.game.and_then(|g| t.game_keys.get(&g)) {
                Some(key) => format!(
                    "<a href=\"{}\">{result}</a>",
                    page.link(&format!("/game/{key}"), "")
                ),
                None => result,
            };
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{white}</td><td class=\"result\">{result}</td><td>{}</td></tr>",
                p.board,
                player_link(page, &web_player(t, black)),
            );
        }
        out.push_str("</tbody></table></div></details>");
    }
    out
}

/// An Arena's standings: points, with each game's result in the order played.
fn arena_table(page: &Page<'_>, t: &WebTournament) -> String {
    let mut out = format!(
        "<h2>{}</h2><div class=\"scroll\"><table class=\"standings\"><thead><tr><th scope=\"col\">#</th>\
         <th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        page.t("web-standings"),
        page.t("web-player"),
        page.t("web-score"),
        page.t("web-results"),
    );
    for line in &t.lines {
        let results: Vec<&str> = line
            .games
            .iter()
            .map(|g| match g {
                2 => "1",
                1 => "½",
                _ => "0",
            })
            .collect();
        let _ = write!(
            out,
            "<tr><td>{}</td><th scope=\"row\">{}{}</th><td class=\"score\">{}</td><td class=\"results\">{}</td></tr>",
            line.rank,
            player_link(page, &web_player(t, line.user)),
            if line.on_fire { " 🔥" } else { "" },
            line.score,
            results.join(" "),
        );
    }
    out.push_str("</tbody></table></div>");
    out
}
