//! How a page fails, answered in the reader's language: not there (or not listed: the same
//! answer, so nobody learns what exists), too busy for now, or broken inside (logged with its
//! cause, shown as a short apology). Handlers return `Result<Response, WebError>` and use `?`.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::Web;
use super::html::{Asked, Page, Query, busy, not_found, sorry};
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
}

enum Failure {
    NotFound,
    Busy,
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
        }))
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

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let WebError(failed) = self;
        let Failed {
            words,
            lang,
            query,
            failure,
        } = *failed;
        let page = Page {
            words: &words,
            lang,
            query: &query,
        };
        match failure {
            Failure::NotFound => not_found(&page),
            Failure::Busy => busy(&page),
            Failure::Internal { doing, cause } => sorry(&page, doing, &cause),
        }
    }
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
