//! Playing on a game's page. A player's own link (`/dama play-link`) is traded once for a
//! cookie bound to that game's path (HttpOnly, SameSite=Strict, Secure behind https), and the
//! address that held it is left at once; the page then sends its moves with that cookie and a
//! header no cross-site form can set. A move goes through the host's operation for a typed
//! move, and its board to the game's channel.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use dama_core::host::{ButtonAction, GameAction, HostError, Refusal, Seat};
use std::num::NonZeroU32;
use std::time::Duration;

use dama_core::words::{Markup, Surface};
use dama_model::{GameId, UserId};

use super::Web;
use super::error::{WebError, note_with_way_back, text};
use super::html::{Asked, form_field};

/// The cookie that seats a player at a game's page.
const COOKIE: &str = "dama_seat";
/// The header every move carries: a cross-site form cannot send it.
pub const HEADER: &str = "x-dama-seat";

/// The seat the request's session holds at the game `key`, if any: from the page's cookie,
/// or from the page's header where the Activity sends it (no cookie inside Discord's frame).
pub(super) async fn seat_of(
    web: &Web,
    key: &str,
    headers: &HeaderMap,
) -> Result<Option<Seat>, HostError> {
    let Some(credential) = credential_of(headers) else {
        return Ok(None);
    };
    web.host.seat(key, credential).await
}

/// The session's credential a request carries: the page's header (the Activity's), else the
/// game's cookie.
pub(super) fn credential_of(headers: &HeaderMap) -> Option<&str> {
    let sent = headers
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| *v != "1");
    let cookie = || {
        headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .find_map(|c| c.trim().strip_prefix(COOKIE)?.strip_prefix('='))
    };
    sent.or_else(cookie)
}

/// `GET /game/{key}/play?token=…`: the player's link, traded once for a session in the game's
/// cookie; the page then opens from a same-site address (so the strict cookie goes with it),
/// without the token. A link of a game since over opens its page, with the result; a link
/// used or replaced says so, and how to ask for a new one.
pub(super) async fn sign_in(
    State(web): State<Web>,
    Path(key): Path<String>,
    asked: Asked,
    uri: Uri,
) -> Result<Response, WebError> {
    let token = uri
        .query()
        .unwrap_or("")
        .split('&')
        .find_map(|p| p.strip_prefix("token="))
        .unwrap_or("")
        .to_string();
    let traded = if dama_core::host::is_web_key(&key) {
        web.host.trade_link(&key, &token).await
    } else {
        Ok(None)
    };
    let target = format!("/game/{key}");
    match traded {
        Ok(Some((_, session))) => {
            let secure = web
                .host
                .public_url()
                .is_some_and(|u| u.starts_with("https://"));
            let cookie = format!(
                "{COOKIE}={session}; Path=/game/{key}; HttpOnly; SameSite=Strict; Max-Age=604800{}",
                if secure { "; Secure" } else { "" }
            );
            let page = asked.page(&web);
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
            Ok(response)
        }
        Ok(None) => {
            let over = match web.host.web_game(&key).await {
                Ok(Some(game)) => game.facts.status != dama_model::GameStatus::Running,
                Ok(None) => false,
                Err(e) => return Err(asked.failed(&web, "reading a game for its link", e)),
            };
            if over {
                // Nothing to play any more: the page, with its result.
                return Ok(axum::response::Redirect::to(&target).into_response());
            }
            let text = web.words.get(asked.lang, "web-link-used");
            Err(asked.refused(&web, StatusCode::FORBIDDEN, text))
        }
        Err(e) => Err(asked.failed(&web, "signing in on a game's page", e)),
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
            now: dama_model::UnixMs::EPOCH,
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

/// A seated reader of a game's page: their seat, and the token their page's move form
/// carries for a browser without JavaScript.
#[derive(Clone, Debug)]
pub struct SeatedPage {
    /// The seat.
    pub seat: Seat,
    /// The form's token (see [`dama_core::host::form_token`]).
    pub form_token: String,
}

/// How a request that changes the game came: from the page's script (with its header), or
/// as the page's form posted without JavaScript, which must carry the session's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Sent {
    Script,
    Form { token: String },
}

/// The seat behind a request that changes the game: the page's header (or a form post with
/// the session's token), the game's cookie of one of its players, and within that player's
/// rate; rejected with the sentence saying why.
pub(super) struct Seated(Seat, Asked, Sent);

impl FromRequestParts<Web> for Seated {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Seated, WebError> {
        let asked = Asked::new(web, parts.uri.query(), &parts.headers);
        let signed_out = || {
            let text = refusal_text(web, &asked, &HostError::Refused(Refusal::NotSignedIn));
            asked.refused(web, StatusCode::FORBIDDEN, text).short()
        };
        let key = Path::<Vec<(String, String)>>::from_request_parts(parts, web)
            .await
            .ok()
            .and_then(|Path(p)| p.into_iter().find(|(name, _)| name == "key"))
            .map(|(_, key)| key)
            .filter(|key| dama_core::host::is_web_key(key));
        let Some(key) = key else {
            return Err(signed_out());
        };
        let form = parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let sent = match (
            parts.headers.contains_key(HEADER),
            credential_of(&parts.headers),
        ) {
            (true, _) => Sent::Script,
            (false, Some(credential)) if form => Sent::Form {
                token: dama_core::host::form_token(credential),
            },
            (false, _) => return Err(signed_out()),
        };
        let seat = seat_of(web, &key, &parts.headers)
            .await
            .map_err(|e| asked.failed(web, "reading a seat", e).short())?
            .ok_or_else(signed_out)?;
        if !web.seats.admit(&seat) {
            web.metrics.web_refused("player_rate");
            let text = web.words.get(asked.lang, "web-play-too-fast");
            return Err(asked
                .refused(web, StatusCode::TOO_MANY_REQUESTS, text)
                .short());
        }
        Ok(Seated(seat, asked, sent))
    }
}

/// A host's answer to a page: 403 for what the seat may not do now (its game over, as a seat
/// check finds first), 422 for what the rules refuse (with the sentence saying why), 500 with
/// an apology for what failed inside (logged with its cause).
fn refused(web: &Web, asked: &Asked, doing: &'static str, e: HostError) -> WebError {
    let Some(status) = refusal_status(&e) else {
        return asked.failed(web, doing, e).short();
    };
    let text = refusal_text(web, asked, &e);
    asked.refused(web, status, text).short()
}

/// The status a refusal is answered with (see [`refused`]); `None` for a failure inside.
fn refusal_status(e: &HostError) -> Option<StatusCode> {
    match e {
        HostError::Refused(
            Refusal::NotYourTurn { .. } | Refusal::NoGame | Refusal::ButtonGameOver,
        ) => Some(StatusCode::FORBIDDEN),
        HostError::Refused(_) => Some(StatusCode::UNPROCESSABLE_ENTITY),
        HostError::Internal(_) => None,
    }
}

/// `POST /game/{key}/move`: a move from the seated player's page (the body: the move as
/// typed). 204 once played; 403 without the page's header, a seat, or the turn; 422 for a
/// move the rules refuse, with the sentence saying why; 429 past the player's rate.
///
/// Posted by the page's form without JavaScript (`move=…&form=<token>`), it answers with a
/// redirect to the game's page once played, and a page saying why, with the way back, if not.
pub(super) async fn play_move(
    State(web): State<Web>,
    Path(key): Path<String>,
    Seated(seat, asked, sent): Seated,
    body: String,
) -> Result<Response, WebError> {
    let lang = channel_lang(&web, seat).await;
    let Sent::Form { token } = sent else {
        return match web.host.play_on_page(&seat, body.trim(), lang).await {
            Ok(_) => Ok(StatusCode::NO_CONTENT.into_response()),
            Err(e) => Err(refused(&web, &asked, "playing a move from a page", e)),
        };
    };
    let back = asked.page(&web).link(&format!("/game/{key}"), "");
    if form_field(&body, "form").as_deref() != Some(token.as_str()) {
        let e = HostError::Refused(Refusal::NotSignedIn);
        return Ok(form_refused(&web, &asked, StatusCode::FORBIDDEN, &e, &back));
    }
    let typed = form_field(&body, "move").unwrap_or_default();
    match web.host.play_on_page(&seat, typed.trim(), lang).await {
        Ok(_) => {
            let mut response = StatusCode::SEE_OTHER.into_response();
            let to = back.replace("&amp;", "&");
            if let Ok(to) = HeaderValue::from_str(&to) {
                response.headers_mut().insert(header::LOCATION, to);
            }
            Ok(response)
        }
        Err(e) => match refusal_status(&e) {
            Some(status) => Ok(form_refused(&web, &asked, status, &e, &back)),
            None => Err(asked.failed(&web, "playing a move from a form", e)),
        },
    }
}

/// The page a form post without JavaScript gets when refused: the sentence saying why, and
/// the way back to the game.
fn form_refused(
    web: &Web,
    asked: &Asked,
    status: StatusCode,
    e: &HostError,
    back: &str,
) -> Response {
    let page = asked.page(web);
    let way_back = (back, page.t("web-play-back"));
    note_with_way_back(&page, status, &refusal_text(web, asked, e), Some(way_back))
}

/// What a page may ask besides a move, by the name its button sends.
const ACTIONS: [&str; 5] = ["resign", "resign!", "draw", "takeback", "berserk"];

/// `POST /game/{key}/act`: the seated player resigns (`resign`, then `resign!` where a rated
/// game asks to be sure), offers or accepts a draw (`draw`), asks for or agrees to a takeback
/// (`takeback`), goes berserk (`berserk`): as the game's buttons in Discord, by the same
/// rules. 204 once done (the channel told); 200 with the question when the player must
/// confirm (`x-dama-confirm` names what confirms); refusals as for a move.
pub(super) async fn act(
    State(web): State<Web>,
    Seated(seat, asked, sent): Seated,
    body: String,
) -> Result<Response, WebError> {
    if sent != Sent::Script {
        // The page offers these to its script only.
        let text = refusal_text(&web, &asked, &HostError::Refused(Refusal::NotSignedIn));
        return Err(asked.refused(&web, StatusCode::FORBIDDEN, text).short());
    }
    let name = body.trim();
    let Some(action) = ACTIONS
        .contains(&name)
        .then(|| GameAction::named(name))
        .flatten()
    else {
        let unknown = HostError::Refused(Refusal::UnknownButton);
        return Err(refused(&web, &asked, "acting from a page", unknown));
    };
    let lang = channel_lang(&web, seat).await;
    match web.host.act_on_page(&seat, action, lang).await {
        Ok(reply) if reply.ephemeral => {
            let confirm = reply.buttons.iter().any(|b| {
                matches!(
                    b.action,
                    ButtonAction::Game {
                        action: GameAction::ConfirmResign,
                        ..
                    }
                )
            });
            if !confirm {
                let said = web.words.writer(asked.lang, &WebMarkup).reply(&reply);
                return Ok(text(StatusCode::OK, said));
            }
            let mut response = text(
                StatusCode::OK,
                web.words.get(asked.lang, "web-play-resign-sure"),
            );
            response
                .headers_mut()
                .insert("x-dama-confirm", HeaderValue::from_static("resign!"));
            Ok(response)
        }
        Ok(_) => Ok(StatusCode::NO_CONTENT.into_response()),
        Err(e) => Err(refused(&web, &asked, "acting from a page", e)),
    }
}

/// Each seated player's requests, within [`super::WebLimits::player_burst`].
pub struct SeatRate(governor::DefaultKeyedRateLimiter<(GameId, UserId)>);

impl SeatRate {
    /// The rate of `limits`.
    #[expect(clippy::expect_used, reason = "a period above zero; not zero")]
    pub fn new(limits: &super::WebLimits) -> SeatRate {
        let quota = governor::Quota::with_period(limits.player_every.max(Duration::from_nanos(1)))
            .expect("a period above zero")
            .allow_burst(NonZeroU32::new(limits.player_burst.max(1)).expect("not zero"));
        SeatRate(governor::RateLimiter::keyed(quota))
    }

    /// Whether `seat` may ask now (and counts the request).
    fn admit(&self, seat: &Seat) -> bool {
        if self.0.len() > 10_000 {
            self.0.retain_recent();
        }
        self.0.check_key(&(seat.game, seat.user)).is_ok()
    }
}

/// The language of the game's channel (its board is posted there).
async fn channel_lang(web: &Web, seat: Seat) -> dama_core::host::Lang {
    let Some(guild) = seat.guild else {
        return dama_core::host::Lang::ENGLISH;
    };
    let chosen = web
        .host
        .languages(None, Some(guild))
        .await
        .unwrap_or_default();
    web.words.choose([chosen.guild.as_deref()])
}
