//! Playing on a game's page. A player's own link (`/dama play-link`) is traded once for a
//! cookie bound to that game's path (HttpOnly, SameSite=Strict, Secure behind https), and the
//! address that held it is left at once; the page then sends its moves with that cookie and a
//! header no cross-site form can set. A move goes through the host's operation for a typed
//! move, and its board to the game's channel.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::host::{HostError, Refusal, Seat};
use crate::model::UserId;
use crate::words::{Markup, Surface};

use super::Web;
use super::html::{Asked, escape};

/// The cookie that seats a player at a game's page.
const COOKIE: &str = "dama_seat";
/// The header every move carries: a cross-site form cannot send it.
pub const HEADER: &str = "x-dama-seat";

/// The seat the request's cookie holds at the game `key`, if any.
pub(super) async fn seat_of(web: &Web, key: &str, headers: &HeaderMap) -> Option<Seat> {
    let credential = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))?
        .to_string();
    match web.host.seat(key, &credential).await {
        Ok(seat) => seat,
        Err(e) => {
            tracing::warn!(error = %e, "web: reading a seat");
            None
        }
    }
}

/// A small page: a title and a sentence (and where to go from it).
fn note(asked: &Asked, web: &Web, status: StatusCode, text: &str) -> Response {
    let page = asked.page(web);
    let body = format!("<h1>Dama</h1><p>{}</p>", escape(text));
    let mut response = super::html::html(page.document("Dama", &body, None));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `GET /game/{key}/play?token=…`: the player's link, traded for the game's cookie; the page
/// then opens from a same-site address (so the strict cookie goes with it), without the token.
pub(super) async fn sign_in(
    State(web): State<Web>,
    Path(key): Path<String>,
    asked: Asked,
    uri: Uri,
) -> Response {
    let token = uri
        .query()
        .unwrap_or("")
        .split('&')
        .find_map(|p| p.strip_prefix("token="))
        .unwrap_or("")
        .to_string();
    let seat = if crate::store::is_web_key(&key) {
        web.host.seat(&key, &token).await
    } else {
        Ok(None)
    };
    match seat {
        Ok(Some(_)) => {
            let secure = web
                .host
                .public_url()
                .is_some_and(|u| u.starts_with("https://"));
            let cookie = format!(
                "{COOKIE}={token}; Path=/game/{key}; HttpOnly; SameSite=Strict; Max-Age=604800{}",
                if secure { "; Secure" } else { "" }
            );
            let page = asked.page(&web);
            let target = format!("/game/{key}");
            let html = format!(
                "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
                 <meta http-equiv=\"refresh\" content=\"0;url={target}\">\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
                 <link rel=\"icon\" href=\"/static/icon.svg\">\
                 <title>Dama</title></head><body><p><a href=\"{target}\">{open}</a></p></body></html>",
                lang = page.lang.code(),
                open = page.t("web-play-open"),
            );
            let mut response = super::html::html(html);
            let headers = response.headers_mut();
            if let Ok(v) = HeaderValue::from_str(&cookie) {
                headers.insert(header::SET_COOKIE, v);
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Ok(None) => {
            let text = refusal_text(&web, &asked, &HostError::Refused(Refusal::NotSignedIn));
            note(&asked, &web, StatusCode::FORBIDDEN, &text)
        }
        Err(e) => {
            e.log_internal();
            (StatusCode::INTERNAL_SERVER_ERROR, "Sorry, try again.\n").into_response()
        }
    }
}

/// Users by number (a page's refusals never name anyone but through the game's names).
struct WebMarkup;

impl Markup for WebMarkup {
    fn user(&self, id: UserId) -> String {
        id.0.to_string()
    }
    fn surface(&self) -> Surface {
        Surface::Console {
            now: crate::model::UnixMs::EPOCH,
        }
    }
}

/// A refusal as the reader reads it.
fn refusal_text(web: &Web, asked: &Asked, e: &HostError) -> String {
    match e {
        // On the page the other player is simply the opponent.
        HostError::Refused(Refusal::NotYourTurn { .. }) => {
            web.words.get(asked.lang, "web-play-wait")
        }
        _ => web.words.writer(asked.lang, &WebMarkup).error(e),
    }
}

/// `POST /game/{key}/move`: a move from the seated player's page (the body: the move as
/// typed). 204 once played; 403 without the page's header, a seat, or the turn; 422 for a
/// move the rules refuse, with the sentence saying why.
pub(super) async fn play_move(
    State(web): State<Web>,
    Path(key): Path<String>,
    asked: Asked,
    headers: HeaderMap,
    body: String,
) -> Response {
    let text_of = |status: StatusCode, text: String| {
        let mut r = (status, text).into_response();
        r.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        r
    };
    let signed_out = || {
        text_of(
            StatusCode::FORBIDDEN,
            refusal_text(&web, &asked, &HostError::Refused(Refusal::NotSignedIn)),
        )
    };
    if !headers.contains_key(HEADER) || !crate::store::is_web_key(&key) {
        return signed_out();
    }
    let Some(seat) = seat_of(&web, &key, &headers).await else {
        return signed_out();
    };
    let lang = channel_lang(&web, seat).await;
    match web.host.play_on_page(&seat, body.trim(), lang).await {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(e @ HostError::Refused(Refusal::NotYourTurn { .. } | Refusal::NoGame)) => {
            text_of(StatusCode::FORBIDDEN, refusal_text(&web, &asked, &e))
        }
        Err(e @ HostError::Refused(_)) => text_of(
            StatusCode::UNPROCESSABLE_ENTITY,
            refusal_text(&web, &asked, &e),
        ),
        Err(e) => {
            e.log_internal();
            text_of(
                StatusCode::INTERNAL_SERVER_ERROR,
                web.words.writer(asked.lang, &WebMarkup).error(&e),
            )
        }
    }
}

/// The language of the game's channel (its board is posted there).
async fn channel_lang(web: &Web, seat: Seat) -> crate::host::Lang {
    let Some(guild) = seat.guild else {
        return crate::host::Lang::ENGLISH;
    };
    let chosen = web
        .host
        .languages(None, Some(guild))
        .await
        .unwrap_or_default();
    web.words.choose([chosen.guild.as_deref()])
}
