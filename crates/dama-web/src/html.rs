//! What every page shares: the query read once (only the keys the pages know), the reader's
//! language (a `lang` in the query, else the browser's `Accept-Language`), the layout, and a
//! player's name, plain or linked.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::Web;
use dama_core::host::{Lang, Player, WebPlayer};
use dama_core::words::{Arg, Words};

pub use dama_play::render::escape;

/// The values a page may be asked for; anything else in the query is ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// The language chosen with the switch (`en`, `tr`).
    pub lang: Option<String>,
    /// The ply to show (0 is the start).
    pub ply: Option<usize>,
    /// Black at the bottom.
    pub flip: bool,
    /// A move typed into the puzzle page.
    pub line: Option<String>,
    /// The puzzle's right moves so far, by spaces.
    pub done: Option<String>,
    /// Show the puzzle's solution.
    pub show: bool,
}

/// The longest value kept from a query (a puzzle's line is the longest a page needs).
const MAX_VALUE: usize = 200;

impl Query {
    /// Reads a raw query string; values that do not fit are dropped, never an error.
    pub fn parse(raw: Option<&str>) -> Query {
        let mut q = Query::default();
        for pair in raw.unwrap_or("").split('&').take(16) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let Some(value) = decode(value).filter(|v| v.len() <= MAX_VALUE) else {
                continue;
            };
            match key {
                "lang"
                    if value.len() <= 16
                        && value
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
                {
                    q.lang = Some(value);
                }
                "ply" => q.ply = value.parse().ok().filter(|p| *p <= 10_000),
                "flip" => q.flip = value == "1",
                "line" => q.line = Some(value),
                "done" => q.done = Some(value),
                "show" => q.show = value == "1",
                _ => {}
            }
        }
        q
    }

    /// The query that keeps the chosen language (for links inside the site), after `?`.
    pub fn keep(&self) -> String {
        self.lang
            .as_ref()
            .map_or(String::new(), |l| format!("lang={}", escape(l)))
    }
}

/// The value of field `name` in a form's body (`application/x-www-form-urlencoded`), decoded;
/// `None` when it is missing, badly escaped or longer than any value a page sends.
pub fn form_field(body: &str, name: &str) -> Option<String> {
    body.split('&')
        .take(16)
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == name)
        .and_then(|(_, value)| decode(value))
        .filter(|v| v.len() <= MAX_VALUE)
}

/// `%XX` and `+` decoded; `None` for text that is not UTF-8 or has a bad escape.
fn decode(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = value.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The reader's language: the one chosen in the query, else the first of the browser's
/// (by its weights) that the bot speaks, else English.
pub fn language(words: &Words, query: &Query, headers: &HeaderMap) -> Lang {
    if let Some(lang) = query.lang.as_deref().and_then(|l| words.pick(l)) {
        return lang;
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut wanted: Vec<(f32, &str)> = accept
        .split(',')
        .take(16)
        .filter_map(|part| {
            let mut bits = part.trim().split(';');
            let code = bits.next()?.trim();
            let q = bits
                .find_map(|b| b.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.parse::<f32>().ok())?;
            (!code.is_empty() && code != "*" && q > 0.0).then_some((q, code))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0));
    words.choose(wanted.into_iter().map(|(_, c)| Some(c)))
}

/// A page being written in one language.
pub struct Page<'a> {
    /// The words, in every language.
    pub words: &'a Words,
    /// The page's language.
    pub lang: Lang,
    /// What the address asked for (the language, among others).
    pub query: &'a Query,
}

impl Page<'_> {
    /// A message of the web's words, escaped for HTML.
    pub fn t(&self, id: &str) -> String {
        escape(&self.words.get(self.lang, id))
    }

    /// A message with arguments, escaped for HTML (arguments included).
    pub fn t_with(&self, id: &str, args: &[(&str, Arg)]) -> String {
        escape(&self.words.get_with(self.lang, id, args))
    }

    /// A link inside the site that keeps the chosen language; `extra` is more of the query.
    pub fn link(&self, path: &str, extra: &str) -> String {
        let keep = self.query.keep();
        let query: Vec<&str> = [extra, keep.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
        if query.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{}", query.join("&amp;"))
        }
    }

    /// The whole document around `body`: `title` is plain text (escaped here); `script`, a
    /// file of `/static/`.
    pub fn document(&self, title: &str, body: &str, script: Option<&str>) -> String {
        let code = self.lang.code();
        let short = code.split('-').next().unwrap_or(code);
        let switch: Vec<String> = self
            .words
            .languages()
            .into_iter()
            .map(|l| {
                let short = l.code().split('-').next().unwrap_or(l.code());
                let name = escape(&self.words.get(l, "web-language-name"));
                if l == self.lang {
                    format!("<span aria-current=\"true\">{name}</span>")
                } else {
                    format!(
                        "<a href=\"?lang={short}\" hreflang=\"{short}\" lang=\"{short}\">{name}</a>"
                    )
                }
            })
            .collect();
        let script = script.map_or(String::new(), |s| {
            format!("<script src=\"/static/{s}\" defer></script>")
        });
        format!(
            "<!doctype html><html lang=\"{short}\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
             <title>{title} · Dama</title><link rel=\"stylesheet\" href=\"/static/style.css\">\
             <link rel=\"icon\" href=\"/static/icon.svg\">{script}</head><body>\
             <header><a class=\"home\" href=\"{home}\">Dama</a>\
             <nav class=\"langs\" aria-label=\"{langs}\">{switch}</nav></header>\
             <main>{body}</main></body></html>",
            title = escape(title),
            home = self.link("/", ""),
            langs = self.t("web-languages"),
            switch = switch.join(" "),
        )
    }
}

/// An HTML page with status 200.
pub fn html(body: String) -> Response {
    typed(StatusCode::OK, "text/html; charset=utf-8", body)
}

/// A response with a content type.
pub fn typed(status: StatusCode, kind: &'static str, body: impl IntoResponse) -> Response {
    let mut response = (status, body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

/// A page that is not there (or not listed): the same answer for both, so nobody learns
/// which games or servers exist.
pub fn not_found(page: &Page<'_>) -> Response {
    let body = format!(
        "<h1>{}</h1><p>{}</p>",
        page.t("web-not-found-title"),
        page.t("web-not-found")
    );
    let mut response = html(page.document(
        &page.words.get(page.lang, "web-not-found-title"),
        &body,
        None,
    ));
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// Too many pictures asked for at once: 503, with the seconds to wait.
pub fn busy(page: &Page<'_>) -> Response {
    let body = format!("<h1>{}</h1>", page.t("web-busy"));
    let mut response = html(page.document(&page.words.get(page.lang, "web-busy"), &body, None));
    *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

/// An internal failure: logged with its cause, shown as a short apology.
pub fn sorry(page: &Page<'_>, what: &str, error: &dyn std::fmt::Display) -> Response {
    tracing::error!(error = %error, "web: {what}");
    let body = format!("<h1>{}</h1>", page.t("web-sorry"));
    let mut response = html(page.document(&page.words.get(page.lang, "web-sorry"), &body, None));
    *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
    response
}

/// What a handler reads first: the reader's language and query.
pub struct Asked {
    pub query: Query,
    pub lang: Lang,
}

impl Asked {
    pub fn new(web: &Web, raw: Option<&str>, headers: &HeaderMap) -> Asked {
        let mut query = Query::parse(raw);
        // A language we do not speak is not carried along in links.
        if query
            .lang
            .as_deref()
            .is_some_and(|l| web.words.pick(l).is_none())
        {
            query.lang = None;
        }
        let lang = language(&web.words, &query, headers);
        Asked { query, lang }
    }

    pub fn page<'a>(&'a self, web: &'a Web) -> Page<'a> {
        Page {
            words: &web.words,
            lang: self.lang,
            query: &self.query,
        }
    }
}

/// Every page handler's first argument after the state: the reader's query and language.
impl FromRequestParts<Web> for Asked {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Asked, Self::Rejection> {
        Ok(Asked::new(web, parts.uri.query(), &parts.headers))
    }
}

/// A player's name as the page shows it (plain text).
pub fn name(page: &Page<'_>, p: &WebPlayer) -> String {
    match p.player {
        Player::Ai(level) => page.words.get_with(
            page.lang,
            "web-ai",
            &[(
                "level",
                Arg::from(
                    page.words
                        .get(page.lang, &format!("level-{}", level.name())),
                ),
            )],
        ),
        Player::User(id) if p.name.is_empty() => format!("#{}", id.0),
        Player::User(_) => p.name.clone(),
    }
}

/// A player's name, linked to their page; isolated (`bdi`), so a right-to-left name never
/// turns the words around it.
pub fn player_link(page: &Page<'_>, p: &WebPlayer) -> String {
    let shown = escape(&name(page, p));
    match p.player {
        Player::User(id) => format!(
            "<a class=\"name\" href=\"{}\"><bdi>{shown}</bdi></a>",
            page.link(&format!("/player/{}", id.0), "")
        ),
        Player::Ai(_) => format!("<span class=\"name\"><bdi>{shown}</bdi></span>"),
    }
}
