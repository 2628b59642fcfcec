//! A game's page (reached only by its link's key): the players, the clocks, the board as SVG
//! at any ply, the moves, stepping, PDN and GIF downloads; live through [`super::live`].

use dama_model::{Day, Millis};
use std::fmt::Write;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

use dama_core::host::{Caption, Captions, PictureError, WebGame};
use dama_core::words::{Arg, Words};
use dama_model::GameStatus;
use dama_play::render::{LastMove, Renderer, Scene};
use dama_rules::pdn::Note;
use dama_rules::{Color, Game, Piece, Position, Role, Square};

use super::Web;
use super::error::{GameByKey, WebError};
use super::html::{Asked, Page, Query, escape, html, name, player_link, typed};
use super::play::SeatedPage;

/// A side as the page's classes and scripts name it.
pub(super) fn side(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The position after `ply` plies, with the move that led to it.
fn scene_at(game: &Game, ply: usize, flip: bool) -> Scene {
    let history: Vec<(&Position, dama_rules::Move)> = game.history().take(ply).collect();
    let (position, last_move) = match history.last() {
        Some((before, mv)) => (before.play_unchecked(mv), Some(LastMove::new(before, mv))),
        None => (*game.start(), None),
    };
    Scene {
        last_move,
        black_bottom: flip,
        ..Scene::new(position)
    }
}

/// Black at the bottom when asked, or when the only person playing has Black.
fn flipped(web: &WebGame, query: &Query) -> bool {
    let black_person = web.white.player.user().is_none() && web.black.player.user().is_some();
    query.flip != black_person
}

/// Whether the board is drawn Black at the bottom: a player has their side there, during the
/// game and after it (the flip button still turns it).
fn seat_flip(web: &WebGame, query: &Query, side: Option<Color>) -> bool {
    match side {
        Some(c) => (c == Color::Black) != query.flip,
        None => flipped(web, query),
    }
}

/// The reader as the page knows them: their seat at a running game (none once it is over),
/// and the side they play or played, by their session.
async fn seat_at(
    web: &Web,
    game: &WebGame,
    headers: &axum::http::HeaderMap,
    asked: &Asked,
) -> Result<(Option<SeatedPage>, Option<Color>), WebError> {
    let (Some(key), Some(credential)) = (
        game.facts.web_key.as_deref(),
        super::play::credential_of(headers),
    ) else {
        return Ok((None, None));
    };
    if game.facts.status == GameStatus::Running {
        let seat = super::play::seat_of(web, key, headers)
            .await
            .map_err(|e| asked.failed(web, "reading a seat", e))?;
        let side = seat.map(|s| s.color);
        let seated = seat.map(|seat| SeatedPage {
            seat,
            form_token: dama_core::host::form_token(credential),
        });
        return Ok((seated, side));
    }
    let side = web
        .host
        .side_of(key, credential)
        .await
        .map_err(|e| asked.failed(web, "reading a seat", e))?;
    Ok((None, side))
}

/// What a screen reader says for the board: the ply, then each side's men and kings.
pub(super) fn board_title(
    words: &Words,
    lang: dama_core::host::Lang,
    game: &Game,
    ply: usize,
    pos: &Position,
) -> String {
    let mut sides = Vec::new();
    for color in [Color::White, Color::Black] {
        let squares = |role: Role| -> String {
            let list: Vec<String> = Square::ALL
                .into_iter()
                .filter(|&sq| pos.piece_at(sq) == Some(Piece { color, role }))
                .map(|sq| sq.to_string())
                .collect();
            if list.is_empty() {
                words.get(lang, "web-none")
            } else {
                list.join(" ")
            }
        };
        sides.push(words.get_with(
            lang,
            "web-board-side",
            &[
                ("side", Arg::from(side(color))),
                ("men", Arg::from(squares(Role::Man))),
                ("kings", Arg::from(squares(Role::King))),
            ],
        ));
    }
    let moved = game
        .history()
        .nth(ply.wrapping_sub(1))
        .map(|(before, mv)| before.notation(&mv))
        .unwrap_or_default();
    words.get_with(
        lang,
        "web-board-title",
        &[
            ("ply", Arg::from(ply as i64)),
            ("move", Arg::from(moved)),
            ("sides", Arg::from(sides.join(" "))),
        ],
    )
}

/// The board at `ply` as SVG.
pub fn board(
    renderer: &Renderer,
    words: &Words,
    lang: dama_core::host::Lang,
    game: &Game,
    ply: usize,
    flip: bool,
) -> String {
    let scene = scene_at(game, ply, flip);
    let title = board_title(words, lang, game, ply, &scene.position);
    renderer.svg(&scene, &title)
}

/// A player's rating as the page shows it: `1512`, or after a rated game `1512 (+12)`.
fn rating_text(p: &dama_core::host::WebPlayer) -> Option<String> {
    let rating = p.rating?.round() as i64;
    Some(match p.change.map(|c| c.round() as i64) {
        Some(c) if c < 0 => format!("{rating} (−{})", -c),
        Some(c) => format!("{rating} (+{c})"),
        None => rating.to_string(),
    })
}

/// The line under or over the board for one side: name (linked to their page), rating, clock.
fn player_line(page: &Page<'_>, web: &WebGame, color: Color, clock: Option<Millis>) -> String {
    let p = web.player(color);
    let who = player_link(page, p);
    let rating = rating_text(p).map_or(String::new(), |r| {
        format!(" <span class=\"rating\">{}</span>", escape(&r))
    });
    let clock = clock.map_or(String::new(), |left| {
        format!(
            " <span class=\"clock\" id=\"clock-{side}\" data-ms=\"{}\" role=\"timer\">{}</span>",
            left.0,
            page.words.clock(page.lang, left),
            side = side(color)
        )
    });
    format!(
        "<p class=\"player {side}\"><span class=\"piece {side}\" aria-hidden=\"true\"></span> \
         <span class=\"visually-hidden\">{label}:</span> {who}{rating}{clock}</p>",
        side = side(color),
        label = page.t(&format!("web-side-{}", side(color))),
    )
}

/// What the status line says of the position after `ply`: whose move it was then, or, at the
/// end, how the game ended.
fn status(words: &Words, lang: dama_core::host::Lang, web: &WebGame, ply: usize) -> String {
    let last = ply >= web.game.ply_count();
    let caption = if let Some(absent) = web.facts.forfeited_by.filter(|_| last) {
        Caption::Forfeit(absent)
    } else if last && web.facts.status == GameStatus::Aborted {
        Caption::CalledOff
    } else if let Some(outcome) = web.game.outcome().filter(|_| last) {
        Caption::Over(outcome)
    } else {
        let side = match web.game.history().nth(ply) {
            Some((before, _)) => before.side_to_move(),
            None => web.game.position().side_to_move(),
        };
        let black_first = usize::from(web.game.start().side_to_move() == Color::Black);
        Caption::ToMove {
            side,
            number: (ply + black_first) / 2 + 1,
        }
    };
    words.caption(&caption, lang)
}

/// A move's analysis mark as a class the page colours.
fn mark_class(mark: &str) -> &'static str {
    match mark {
        "??" => "blunder",
        "?" => "mistake",
        _ => "inaccuracy",
    }
}

/// A mark, coloured by how bad the move was (empty for none).
fn marked(mark: &str) -> String {
    if mark.is_empty() {
        return String::new();
    }
    format!(
        "<span class=\"mark {}\">{}</span>",
        mark_class(mark),
        escape(mark)
    )
}

/// The moves as a numbered list, each a link to its ply with its analysis mark (`marks`, by
/// ply, may be empty); `current` is marked.
pub fn move_list(
    game: &Game,
    current: usize,
    marks: &[Option<Note>],
    link: &dyn Fn(usize) -> String,
) -> String {
    let mut out = String::from("<ol class=\"moves\" id=\"moves\">");
    let black_first = game.start().side_to_move() == Color::Black;
    let offset = usize::from(black_first);
    let notations: Vec<String> = game
        .history()
        .map(|(before, mv)| before.notation(&mv))
        .collect();
    let mut i = 0;
    while i < notations.len() {
        let number = (i + offset) / 2 + 1;
        let _ = write!(out, "<li value=\"{number}\">");
        if i == 0 && black_first {
            out.push_str("<span class=\"skip\">…</span>");
        }
        let row_end = if i == 0 && black_first {
            1
        } else {
            (i + 2).min(notations.len())
        };
        for (ply, text) in notations.iter().enumerate().take(row_end).skip(i) {
            let mark = marks
                .get(ply)
                .and_then(Option::as_ref)
                .map_or("", |n| n.mark);
            let ply = ply + 1;
            let current = if ply == current {
                " aria-current=\"step\""
            } else {
                ""
            };
            let _ = write!(
                out,
                "<a href=\"{}\" data-ply=\"{ply}\"{current}>{}{}</a> ",
                link(ply),
                escape(text),
                marked(mark)
            );
        }
        out.push_str("</li>");
        i = row_end;
    }
    out.push_str("</ol>");
    out
}

/// The analysis under the moves: each side's accuracy, the chart, the notes on the moves.
fn analysis_html(
    page: &Page<'_>,
    web: &WebGame,
    notes: &[Option<Note>],
    at: &dyn Fn(usize) -> String,
) -> String {
    let Some(analysis) = &web.analysis else {
        return String::new();
    };
    let key = web.facts.web_key.as_deref().unwrap_or("");
    let mut out = format!(
        "<section class=\"analysis\"><h2>{}</h2>",
        page.t("web-analysis")
    );
    for color in [Color::White, Color::Black] {
        let [inaccuracies, mistakes, blunders] = analysis.counts(color);
        let accuracy = analysis.accuracy[color.index()].map_or(100, |a| a.round() as i64);
        let _ = write!(
            out,
            "<p>{}</p>",
            page.t_with(
                "analysis-accuracy",
                &[
                    ("side", Arg::from(side(color))),
                    ("name", Arg::from(name(page, web.player(color)))),
                    ("accuracy", Arg::from(accuracy)),
                    ("inaccuracies", Arg::from(inaccuracies as i64)),
                    ("mistakes", Arg::from(mistakes as i64)),
                    ("blunders", Arg::from(blunders as i64)),
                ],
            )
        );
    }
    let _ = write!(
        out,
        "<img class=\"chart\" src=\"{}\" alt=\"{}\">",
        page.link(&format!("/game/{key}/analysis.png"), ""),
        page.t("web-analysis-chart"),
    );
    let black_first = usize::from(web.game.start().side_to_move() == Color::Black);
    out.push_str("<ul class=\"notes\">");
    for (i, (before, mv)) in web.game.history().enumerate() {
        let Some(note) = notes.get(i).and_then(Option::as_ref) else {
            continue;
        };
        if note.comment.is_empty() && note.mark.is_empty() {
            continue;
        }
        let n = (i + black_first) / 2 + 1;
        let dots = if (i + black_first) % 2 == 0 {
            "."
        } else {
            "…"
        };
        let _ = write!(
            out,
            "<li><a href=\"{}\" data-ply=\"{}\">{n}{dots} {}{}</a> {}</li>",
            at(i + 1),
            i + 1,
            escape(&before.notation(&mv)),
            marked(note.mark),
            escape(&note.comment)
        );
    }
    out.push_str("</ul></section>");
    out
}

/// The whole game page; `notes` are the analysis's, by ply (empty when there is none); `seat`
/// the reader's at the running game, `played` the side they play or played.
pub fn page_html(
    page: &Page<'_>,
    renderer: &Renderer,
    web: &WebGame,
    notes: &[Option<Note>],
    seat: Option<&SeatedPage>,
    played: Option<Color>,
) -> String {
    let key = web.facts.web_key.as_deref().unwrap_or("");
    let plies = web.game.ply_count();
    let ply = page.query.ply.unwrap_or(plies).min(plies);
    let flip = seat_flip(web, page.query, played);
    let running = web.facts.status == GameStatus::Running && web.game.outcome().is_none();
    let base = format!("/game/{key}");
    let flip_arg = if page.query.flip { "&amp;flip=1" } else { "" };
    let at = |p: usize| page.link(&base, &format!("ply={p}{flip_arg}"));
    // Clocks: at the last ply, as they stand now (running) or stopped (over); before it, as
    // they were after the ply shown.
    let clocks = web.left_now.filter(|_| ply == plies).or_else(|| {
        ply.checked_sub(1)
            .and_then(|i| web.clocks.get(i).copied().flatten())
    });
    let line = |color: Color| player_line(page, web, color, clocks.map(|c| c[color.index()]));
    let (top, bottom) = if flip {
        (line(Color::White), line(Color::Black))
    } else {
        (line(Color::Black), line(Color::White))
    };
    let svg = board(renderer, page.words, page.lang, &web.game, ply, flip);
    let title = format!("{} – {}", name(page, &web.white), name(page, &web.black));
    let step = |id: &str, to: usize, label: &str, symbol: &str| {
        format!(
            "<a id=\"{id}\" class=\"step\" href=\"{}\" aria-label=\"{}\" title=\"{}\">{symbol}</a>",
            at(to),
            page.t(label),
            page.t(label)
        )
    };
    let flip_link = page.link(
        &base,
        &format!(
            "ply={ply}{}",
            if page.query.flip { "" } else { "&amp;flip=1" }
        ),
    );
    let to_move = side(web.game.position().side_to_move());
    let mut body = String::with_capacity(12_000);
    let _ = write!(
        body,
        "<article class=\"game\" id=\"game\" data-key=\"{key}\" data-ply=\"{ply}\" \
         data-plies=\"{plies}\" data-running=\"{running}\" data-flip=\"{flip}\" \
         data-lang=\"{lang}\" data-to-move=\"{to_move}\" data-live-clock=\"{live}\" \
         data-black-first=\"{black_first}\" data-decimal=\"{decimal}\" data-seat=\"{seat_side}\" \
         data-square=\"{square}\" data-margin=\"{margin}\" data-flipped=\"{flip}\">\
         <h1>{h1}</h1><p class=\"meta\">{meta}</p>\
         <div class=\"table\"><div class=\"side\">{top}<div class=\"board-box\" id=\"board\">{svg}</div>{bottom}</div>\
         {play}<nav class=\"steps\" aria-label=\"{steps}\">{first}{prev}{next}{last}\
         <a id=\"flip\" class=\"step\" href=\"{flip_link}\">{flip_label}</a></nav>\
         <div class=\"record\"><p id=\"status\" class=\"status\" aria-live=\"polite\">{status}</p>\
         <h2>{moves_title}</h2>{moves}\
         <p class=\"downloads\"><a href=\"{base}/pdn\" download>{pdn}</a> \
         <a href=\"{gif_link}\">{gif}</a></p>{server}{analysis}</div></div></article>",
        lang = page.query.lang.as_deref().map_or(String::new(), escape),
        decimal = escape(&page.words.decimal_point(page.lang)),
        live = web.left_now.is_some() && running,
        seat_side = seat.map_or("", |s| side(s.seat.color)),
        square = renderer.theme().square,
        margin = renderer.theme().margin,
        play = seat.map_or(String::new(), |s| play_form(page, key, s)),
        black_first = web.game.start().side_to_move() == Color::Black,
        h1 = escape(&title),
        meta = meta(page, web),
        steps = page.t("web-steps"),
        first = step("first", 0, "web-first", "|◀"),
        prev = step("prev", ply.saturating_sub(1), "web-previous", "◀"),
        next = step("next", (ply + 1).min(plies), "web-next", "▶"),
        last = step("last", plies, "web-last", "▶|"),
        flip_label = page.t("web-flip"),
        status = escape(&status(page.words, page.lang, web, ply)),
        moves_title = page.t("web-moves"),
        moves = move_list(&web.game, ply, notes, &at),
        analysis = analysis_html(page, web, notes, &at),
        pdn = page.t("web-pdn"),
        gif = page.t("web-gif"),
        gif_link = page.link(&format!("{base}/gif"), ""),
        server = web.server.as_ref().map_or(String::new(), |s| format!(
            "<p class=\"server\"><a href=\"{}\">{}</a></p>",
            page.link(&format!("/server/{}", s.guild.0), ""),
            escape(&s.name)
        )),
    );
    page.document(&title, &body, Some("game.js"))
}

/// The seated player's controls: who they play, a move box (for keyboards and screen
/// readers; the board takes clicks), and where the page says what became of a move.
fn play_form(page: &Page<'_>, key: &str, seated: &SeatedPage) -> String {
    let you = match seated.seat.color {
        Color::White => page.t("web-play-white"),
        Color::Black => page.t("web-play-black"),
    };
    // Words the script shows as the game goes (`%s` stands for a move).
    let said = [
        ("draw", "button-offer-draw"),
        ("draw-accept", "button-accept-draw"),
        ("draw-offered", "web-play-draw-offered"),
        ("draw-asked", "web-play-draw-asked"),
        ("takeback-accept", "button-allow-takeback"),
        ("takeback-offered", "web-play-takeback-offered"),
        ("takeback-asked", "web-play-takeback-asked"),
        ("confirm-resign", "button-confirm-resign"),
        ("premove", "web-play-premove"),
        ("premove-dropped", "web-play-premove-dropped"),
    ]
    .map(|(name, id)| {
        let text = page.t_with(id, &[("move", Arg::from("%s"))]);
        format!(" data-{name}=\"{text}\"")
    })
    .concat();
    let act = |name: &str, label: &str, extra: &str| {
        format!(
            "<button type=\"button\" class=\"act\" id=\"act-{id}\" data-act=\"{name}\"{extra}>{}</button>",
            page.t(label),
            id = name.trim_end_matches('!'),
        )
    };
    format!(
        "<form id=\"play\" class=\"play\" action=\"/game/{key}/move\" method=\"post\"{said}>\
         <p class=\"you\">{you}</p><label for=\"play-move\">{label}</label> \
         <input id=\"play-move\" name=\"move\" autocomplete=\"off\" spellcheck=\"false\" \
         maxlength=\"60\" size=\"12\"> <button type=\"submit\">{send}</button>\
         <input type=\"hidden\" name=\"form\" value=\"{token}\">\
         <noscript><p class=\"play-said\">{no_script}</p></noscript>\
         <p id=\"play-said\" class=\"play-said\" role=\"status\" aria-live=\"polite\"></p>\
         <div id=\"routes\" class=\"routes\" hidden><p>{route}</p></div>\
         <p id=\"offer\" class=\"offer\" role=\"status\" aria-live=\"polite\"></p>\
         <div class=\"acts\" hidden>{draw}{takeback}{resign}{berserk}</div>\
         <p class=\"sound\" hidden><label><input type=\"checkbox\" id=\"sound\"> {sound}</label></p></form>",
        label = page.t("web-play-move"),
        send = page.t("web-play-send"),
        route = page.t("web-play-route"),
        draw = act("draw", "button-offer-draw", ""),
        takeback = act("takeback", "web-play-takeback", ""),
        resign = act("resign", "button-resign", ""),
        berserk = act("berserk", "button-berserk", " hidden"),
        sound = page.t("web-play-sound"),
        token = escape(&seated.form_token),
        no_script = page.t("web-play-no-script"),
    )
}

/// The line under the title: time control, rated or casual, the date.
fn meta(page: &Page<'_>, web: &WebGame) -> String {
    let date = Day::utc(web.facts.created_at).date();
    page.t_with(
        "web-game-meta",
        &[
            (
                "control",
                Arg::from(page.words.time_control(page.lang, web.facts.time_control)),
            ),
            (
                "rated",
                Arg::from(if web.facts.rated { "yes" } else { "no" }),
            ),
            ("date", Arg::from(date.to_string())),
        ],
    )
}

/// The state a live page follows, with the newest board drawn (each side at the bottom, in
/// each language), so a move reaches an open page in one message, no second request for its
/// picture.
pub fn live_json(renderer: &Renderer, words: &Words, web: &WebGame) -> String {
    let plies = web.game.ply_count();
    let boards: serde_json::Map<String, serde_json::Value> = [Color::White, Color::Black]
        .into_iter()
        .map(|bottom| {
            let drawn: serde_json::Map<String, serde_json::Value> = words
                .languages()
                .into_iter()
                .map(|l| {
                    let svg = board(renderer, words, l, &web.game, plies, bottom == Color::Black);
                    (short_code(l), svg.into())
                })
                .collect();
            (side(bottom).to_string(), drawn.into())
        })
        .collect();
    let mut state = state_value(words, web);
    state["boards"] = boards.into();
    state.to_string()
}

/// The game's state as `GET /game/<key>/state` answers it: the moves, whether it runs, the
/// clocks now, and the status line in every language (pages in several languages follow one
/// game); no pictures.
pub fn state_json(words: &Words, web: &WebGame) -> String {
    state_value(words, web).to_string()
}

/// A language's short code (`en`, `tr`), as a page's `lang` names it.
fn short_code(lang: dama_core::host::Lang) -> String {
    lang.code()
        .split('-')
        .next()
        .unwrap_or(lang.code())
        .to_string()
}

fn state_value(words: &Words, web: &WebGame) -> serde_json::Value {
    let status: serde_json::Map<String, serde_json::Value> = words
        .languages()
        .into_iter()
        .map(|l| {
            (
                short_code(l),
                status(words, l, web, web.game.ply_count()).into(),
            )
        })
        .collect();
    let moves: Vec<String> = web
        .game
        .history()
        .map(|(before, mv)| before.notation(&mv))
        .collect();
    let running = web.facts.status == GameStatus::Running && web.game.outcome().is_none();
    // The moves the side to move may play (a seated page marks them; anyone could list them).
    let pos = web.game.position();
    let legal = if running {
        pos.notations(&pos.legal_moves())
    } else {
        Vec::new()
    };
    // Standing offers, by the side that made them; the sides that may still go berserk.
    let by = |offer: Option<Color>| offer.map(side);
    let berserk: Vec<&str> = [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| {
            running
                && web.facts.berserk.is_some_and(|went| !went[c.index()])
                && web.facts.clocks.berserk(web.game.ply_count(), c).is_some()
        })
        .map(side)
        .collect();
    serde_json::json!({
        "offers": { "draw": by(web.facts.draw_offer), "takeback": by(web.facts.takeback_offer) },
        "ratings": { "white": rating_text(&web.white), "black": rating_text(&web.black) },
        "berserk": berserk,
        "legal": legal,
        "fen": dama_rules::fen::write(pos),
        "ply": web.game.ply_count(),
        "moves": moves,
        "running": running,
        "toMove": side(web.game.position().side_to_move()),
        "left": web.left_now.map(|left| left.map(|l| l.0)),
        "status": status,
    })
}

pub(super) async fn game_page(
    State(web): State<Web>,
    GameByKey(game): GameByKey,
    asked: Asked,
    headers: axum::http::HeaderMap,
) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let notes = web.host.web_analysis_notes(&game, asked.lang);
    let (seat, side) = seat_at(&web, &game, &headers, &asked).await?;
    let mut response = html(page_html(
        &page,
        &web.host.renderer(),
        &game,
        &notes,
        seat.as_ref(),
        side,
    ));
    if seat.is_some() {
        // A seated page is that player's own: never kept by a shared cache.
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
    }
    Ok(response)
}

pub(super) async fn board_svg(
    State(web): State<Web>,
    Path((_, ply)): Path<(String, String)>,
    GameByKey(game): GameByKey,
    asked: Asked,
    headers: axum::http::HeaderMap,
) -> Result<Response, WebError> {
    let Some(ply) = ply
        .parse::<usize>()
        .ok()
        .filter(|p| *p <= game.game.ply_count())
    else {
        return Err(asked.not_found(&web));
    };
    let (_, side) = seat_at(&web, &game, &headers, &asked).await?;
    let flip = seat_flip(&game, &asked.query, side);
    let svg = board(
        &web.host.renderer(),
        &web.words,
        asked.lang,
        &game.game,
        ply,
        flip,
    );
    let mut response = typed(StatusCode::OK, "image/svg+xml", svg);
    // The status line of the position shown, for the page's script as it steps (percent
    // encoded: a header carries ASCII only).
    let said = status(&web.words, asked.lang, &game, ply);
    if let Ok(v) = HeaderValue::from_str(&percent_encode(&said)) {
        response.headers_mut().insert("x-dama-status", v);
    }
    Ok(response)
}

/// Text as `encodeURIComponent` writes it, for `decodeURIComponent` to read back.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

pub(super) async fn state(State(web): State<Web>, GameByKey(game): GameByKey) -> Response {
    typed(
        StatusCode::OK,
        "application/json",
        state_json(&web.words, &game),
    )
}

fn download(kind: &'static str, name: String, bytes: Vec<u8>) -> Response {
    let mut response = typed(StatusCode::OK, kind, bytes);
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

pub(super) async fn pdn(
    State(web): State<Web>,
    GameByKey(game): GameByKey,
    asked: Asked,
) -> Result<Response, WebError> {
    let text = web
        .host
        .web_pdn(&game)
        .await
        .map_err(|e| asked.failed(&web, "writing a PDN", e))?;
    Ok(download(
        "application/x-draughts-pdn; charset=utf-8",
        format!("dama-{}.pdn", game.facts.id),
        text.into_bytes(),
    ))
}

/// A picture drawn for the web, or why not: the queue is full, or the drawing failed.
fn drawn<T>(
    web: &Web,
    asked: &Asked,
    doing: &'static str,
    picture: Result<T, PictureError>,
) -> Result<T, WebError> {
    match picture {
        Ok(picture) => Ok(picture),
        Err(PictureError::Busy) => Err(asked.busy(web)),
        Err(PictureError::Host(e)) => Err(asked.failed(web, doing, e)),
    }
}

pub(super) async fn gif(
    State(web): State<Web>,
    GameByKey(game): GameByKey,
    asked: Asked,
) -> Result<Response, WebError> {
    let gif = web.host.web_gif(&game, asked.lang).await;
    let bytes = drawn(&web, &asked, "drawing a replay", gif)?;
    Ok(typed(StatusCode::OK, "image/gif", bytes.to_vec()))
}

pub(super) async fn analysis_chart(
    State(web): State<Web>,
    GameByKey(game): GameByKey,
    asked: Asked,
) -> Result<Response, WebError> {
    let chart = web.host.web_analysis_chart(&game, asked.lang).await;
    match drawn(&web, &asked, "drawing an analysis chart", chart)? {
        Some(png) => Ok(typed(StatusCode::OK, "image/png", png.to_vec())),
        None => Err(asked.not_found(&web)),
    }
}
