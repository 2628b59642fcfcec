//! How a request fails, answered in the reader's language: not there (or not listed: the same
//! answer, so nobody learns what exists), too busy for now, refused (a seat's request the host
//! or the seat's limits say no to), or broken inside (logged with its cause, shown as a short
//! apology). Handlers return `Result<Response, WebError>` and use `?`. A page a person opens
//! gets a page; the page's own requests (a move, a button, a live stream) get the sentence
//! alone, as text, never cached.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::Web;
use super::html::{Asked, Page, Query, busy, escape, html, not_found, sorry};
use dama_core::host::{Lang, WebGame};
use dama_core::words::Words;

/// A page that could not be served, with what its answer needs of the reader (boxed: handlers
/// return it on every path).
pub struct WebError(Box<Failed>);

struct Failed {
    words: Arc<Words>,
    lang: Lang,
    query: Query,
    failure: Failure,
    form: Form,
}

/// How the answer is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// A page, for a person who opened an address.
    Page,
    /// The sentence alone, for the page's script (`fetch`, `EventSource`).
    Short,
}

enum Failure {
    NotFound,
    Busy,
    /// Too many live pages open: on this server (`live_pages`) or from the reader's address.
    LiveFull {
        limit: &'static str,
    },
    /// Refused with `status`, and the sentence saying why and what to do.
    Refused {
        status: StatusCode,
        text: String,
    },
    Internal {
        doing: &'static str,
        cause: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl Asked {
    fn fail(&self, web: &Web, failure: Failure) -> WebError {
        WebError(Box::new(Failed {
            words: Arc::clone(&web.words),
            lang: self.lang,
            query: self.query.clone(),
            failure,
            form: Form::Page,
        }))
    }

    /// Refused with `status`, and `text` saying why and what to do.
    pub fn refused(&self, web: &Web, status: StatusCode, text: String) -> WebError {
        self.fail(web, Failure::Refused { status, text })
    }

    /// Over one of the live pages' limits (`limit`): try again in half a minute.
    pub fn live_full(&self, web: &Web, limit: &'static str) -> WebError {
        web.metrics.web_refused(limit);
        self.fail(web, Failure::LiveFull { limit })
    }

    /// Not there, or not listed.
    pub fn not_found(&self, web: &Web) -> WebError {
        self.fail(web, Failure::NotFound)
    }

    /// Too busy drawing pictures: try again in a few seconds.
    pub fn busy(&self, web: &Web) -> WebError {
        web.metrics.web_refused("pictures");
        self.fail(web, Failure::Busy)
    }

    /// Failed inside while `doing` something.
    pub fn failed(
        &self,
        web: &Web,
        doing: &'static str,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> WebError {
        self.fail(
            web,
            Failure::Internal {
                doing,
                cause: cause.into(),
            },
        )
    }
}

impl WebError {
    /// Answered as the sentence alone, for the page's script.
    pub fn short(mut self) -> WebError {
        self.0.form = Form::Short;
        self
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let WebError(failed) = self;
        let Failed {
            words,
            lang,
            query,
            failure,
            form,
        } = *failed;
        let page = Page {
            words: &words,
            lang,
            query: &query,
        };
        let retry_after = |mut response: Response, seconds: &'static str| {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static(seconds));
            response
        };
        let live_full = |limit: &str| {
            words.get(
                lang,
                if limit == "live_pages" {
                    "web-live-full-server"
                } else {
                    "web-live-full-address"
                },
            )
        };
        match (form, failure) {
            (Form::Page, Failure::NotFound) => not_found(&page),
            (Form::Page, Failure::Busy) => busy(&page),
            (Form::Page, Failure::LiveFull { limit }) => retry_after(
                note(&page, StatusCode::SERVICE_UNAVAILABLE, &live_full(limit)),
                "30",
            ),
            (Form::Page, Failure::Refused { status, text }) => note(&page, status, &text),
            (Form::Page, Failure::Internal { doing, cause }) => sorry(&page, doing, &cause),
            (Form::Short, Failure::NotFound) => {
                text(StatusCode::NOT_FOUND, words.get(lang, "web-not-found"))
            }
            (Form::Short, Failure::Busy) => retry_after(
                text(StatusCode::SERVICE_UNAVAILABLE, words.get(lang, "web-busy")),
                "5",
            ),
            (Form::Short, Failure::LiveFull { limit }) => retry_after(
                text(StatusCode::SERVICE_UNAVAILABLE, live_full(limit)),
                "30",
            ),
            (Form::Short, Failure::Refused { status, text: said }) => text(status, said),
            (Form::Short, Failure::Internal { doing, cause }) => {
                tracing::error!(error = %cause, "web: {doing}");
                text(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    words.get(lang, "web-sorry"),
                )
            }
        }
    }
}

/// A small page: a title and a sentence, never kept by a cache.
fn note(page: &Page<'_>, status: StatusCode, said: &str) -> Response {
    note_with_way_back(page, status, said, None)
}

/// [`note`], with a link (its address and words) leading back where the reader came from.
pub(super) fn note_with_way_back(
    page: &Page<'_>,
    status: StatusCode,
    said: &str,
    back: Option<(&str, String)>,
) -> Response {
    let body = match back {
        None => format!("<h1>Dama</h1><p>{}</p>", escape(said)),
        Some((href, words)) => format!(
            "<h1>Dama</h1><p role=\"alert\">{}</p><p><a href=\"{href}\">{words}</a></p>",
            escape(said)
        ),
    };
    let mut response = html(page.document("Dama", &body, None));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A sentence for the page's script, never kept by a cache.
pub fn text(status: StatusCode, said: String) -> Response {
    let mut response = (status, said).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The game named by the `{key}` of the path, or the answer for a key that names none.
pub struct GameByKey(pub WebGame);

impl FromRequestParts<Web> for GameByKey {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Self, WebError> {
        let asked = Asked::new(web, parts.uri.query(), &parts.headers);
        let Ok(Path(params)) = Path::<Vec<(String, String)>>::from_request_parts(parts, web).await
        else {
            return Err(asked.not_found(web));
        };
        let Some((_, key)) = params.iter().find(|(name, _)| name == "key") else {
            return Err(asked.not_found(web));
        };
        match web.host.web_game(key).await {
            Ok(Some(game)) => Ok(GameByKey(game)),
            Ok(None) => Err(asked.not_found(web)),
            Err(e) => Err(asked.failed(web, "reading a game", e)),
        }
    }
}
