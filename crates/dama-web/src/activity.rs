//! The board as a Discord Activity: `/activity`, the page Discord runs inside its client (the
//! root an operator maps in the Developer Portal), and under it the game's own routes, so the
//! Activity's requests go through the paths Discord's proxy maps. The page loads Discord's
//! Embedded App SDK (vendored, `assets/web/vendor/`), asks Discord to `authorize` the player
//! (scope `identify`), and sends the code here: the server trades it at Discord's OAuth2 token
//! endpoint, reads who the player is, asks Discord where the Activity runs (its instance's
//! channel), and answers with the channel's game and, for one of its players, a session sent
//! with each move (a frame inside Discord keeps no cookie). Then the page shows the same game
//! page and runs the same board code as a browser.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use dama_model::{ChannelId, UserId};
use serde_json::{Value, json};

use super::Web;
use super::error::WebError;
use super::html::{Asked, escape, html, typed};
use dama_core::words::Arg;

/// What the Activity needs from the configuration: the application's OAuth2 client (its id
/// and secret, `DISCORD_CLIENT_ID` and `DISCORD_CLIENT_SECRET`), Discord's address (or
/// `DISCORD_API_BASE`'s) and the bot's token (to ask where an Activity runs).
#[derive(Clone, Default)]
pub struct ActivitySetup {
    /// The application's id, which the SDK names itself by.
    pub client_id: Option<u64>,
    /// The application's OAuth2 secret; without it nobody can be signed in.
    pub client_secret: Option<String>,
    /// Discord's REST address, without `/api/v10` (`https://discord.com`).
    pub api_base: String,
    /// The bot's token.
    pub bot_token: String,
}

impl std::fmt::Debug for ActivitySetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivitySetup")
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "…"))
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

/// The Activity's setup, with one HTTP client for its calls to Discord (its connections kept
/// between sign-ins).
#[derive(Default)]
pub(super) struct Activity {
    setup: ActivitySetup,
    client: reqwest::Client,
}

impl Activity {
    pub(super) fn new(setup: ActivitySetup) -> Activity {
        Activity {
            setup,
            client: reqwest::Client::builder()
                .timeout(DISCORD_WAIT)
                .build()
                .unwrap_or_default(),
        }
    }
}

/// How long a call to Discord may take while a player waits to be signed in.
const DISCORD_WAIT: Duration = Duration::from_secs(10);

/// The origins that may frame the Activity: Discord's clients (web, desktop, its test builds)
/// and the Activity's own proxy origin; besides, the page's own origin (`'self'`).
pub(super) const FRAMERS: &str = "'self' https://discord.com https://*.discord.com \
    https://discordapp.com https://*.discordapp.com https://*.discordsays.com";

/// `GET /activity`: the page Discord frames. Without JavaScript, or outside Discord, it says
/// what it is and where to open it.
pub(super) async fn page(State(web): State<Web>, asked: Asked) -> Response {
    let page = asked.page(&web);
    let client = web
        .activity
        .setup
        .client_id
        .map_or(String::new(), |id| id.to_string());
    let said = |id: &str| escape(&web.words.get(asked.lang, id));
    let body = format!(
        "<div id=\"activity\" data-client-id=\"{client}\" data-outside=\"{outside}\" \
         data-refused=\"{refused}\" data-failed=\"{failed}\" data-not-set-up=\"{not_set_up}\">\
         <p id=\"activity-said\" role=\"status\">{signing}</p></div>\
         <noscript><p>{outside}</p></noscript>\
         <script type=\"module\" src=\"/static/activity.js\"></script>",
        outside = said("web-activity-outside"),
        refused = said("web-activity-refused"),
        failed = said("web-sorry"),
        not_set_up = said("web-activity-not-set-up"),
        signing = said("web-activity-signing-in"),
    );
    html(page.document("Dama", &body, Some("game.js")))
}

/// `POST /activity/sign-in` (a JSON body: the `code` the SDK's `authorize` gave, and the
/// Activity's `instance`): the channel's game for the player Discord names, as JSON: its
/// page's `key` (none when the channel never had a game), the player's `credential` where they
/// play it, their `lang`, and `said`, the sentence the Activity shows above the board.
pub(super) async fn sign_in(
    State(web): State<Web>,
    asked: Asked,
    body: String,
) -> Result<Response, WebError> {
    let setup = &web.activity.setup;
    let (Some(client_id), Some(secret)) = (setup.client_id, setup.client_secret.as_deref()) else {
        let text = web.words.get(asked.lang, "web-activity-not-set-up");
        return Err(asked
            .refused(&web, StatusCode::SERVICE_UNAVAILABLE, text)
            .short());
    };
    let asked_for: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    let (Some(code), Some(instance)) = (
        asked_for["code"].as_str().filter(|c| !c.is_empty()),
        asked_for["instance"].as_str().filter(|i| is_instance_id(i)),
    ) else {
        let text = web.words.get(asked.lang, "web-activity-refused");
        return Err(asked.refused(&web, StatusCode::BAD_REQUEST, text).short());
    };
    let discord = Discord::new(&web.activity);
    let signed = match discord.who(client_id, secret, code, instance).await {
        Ok(Some(signed)) => signed,
        Ok(None) => {
            let text = web.words.get(asked.lang, "web-activity-refused");
            return Err(asked.refused(&web, StatusCode::FORBIDDEN, text).short());
        }
        Err(e) => return Err(asked.failed(&web, "signing in through Discord", e).short()),
    };
    let lang = web.words.choose([signed.locale.as_deref()]);
    let shown = web
        .host
        .activity(signed.channel, signed.user)
        .await
        .map_err(|e| asked.failed(&web, "finding the Activity's game", e).short())?;
    let command = |id: &str| {
        format!(
            "/{} {}",
            web.words.get(lang, "cmd-dama"),
            web.words.get(lang, id)
        )
    };
    let start = [
        ("challenge", Arg::from(command("cmd-challenge"))),
        ("seek", Arg::from(command("cmd-seek"))),
    ];
    let (key, credential, said) = match shown {
        None => (
            None,
            None,
            web.words.get_with(lang, "web-activity-no-game", &start),
        ),
        Some(game) if !game.running => (
            Some(game.key),
            None,
            web.words.get_with(lang, "web-activity-last-game", &start),
        ),
        Some(game) if game.credential.is_some() => (Some(game.key), game.credential, String::new()),
        Some(game) => (
            Some(game.key),
            None,
            web.words.get(lang, "web-activity-watching"),
        ),
    };
    let answer = json!({
        "key": key,
        "credential": credential,
        "lang": lang.code().split('-').next().unwrap_or("en"),
        "said": said,
    });
    let mut response = typed(StatusCode::OK, "application/json", answer.to_string());
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(response)
}

/// An Activity instance's id as Discord writes them (`i-…`): letters, digits and dashes.
fn is_instance_id(id: &str) -> bool {
    (1..=100).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whom Discord signed in, and where their Activity runs.
struct Signed {
    user: UserId,
    locale: Option<String>,
    channel: ChannelId,
}

/// Discord's REST API, for the Activity's sign-in.
struct Discord<'a> {
    setup: &'a ActivitySetup,
    client: &'a reqwest::Client,
}

/// A call to Discord that failed inside (not a refusal of the player's code).
#[derive(Debug, thiserror::Error)]
enum DiscordError {
    #[error("Discord could not be reached: {0}")]
    Unreachable(#[from] reqwest::Error),
    #[error("Discord answered {0} to {1}")]
    Answered(StatusCode, &'static str),
    #[error("Discord's answer to {0} could not be read")]
    Unreadable(&'static str),
}

impl<'a> Discord<'a> {
    fn new(activity: &'a Activity) -> Discord<'a> {
        Discord {
            setup: &activity.setup,
            client: &activity.client,
        }
    }

    fn url(&self, path: &str) -> String {
        format!(
            "{}/api/v10{path}",
            self.setup.api_base.trim_end_matches('/')
        )
    }

    /// Trades `code` for the player's token, reads who they are, and checks they are in the
    /// Activity `instance` (and where it runs): `None` where Discord refuses any of it.
    async fn who(
        &self,
        client_id: u64,
        secret: &str,
        code: &str,
        instance: &str,
    ) -> Result<Option<Signed>, DiscordError> {
        let id = client_id.to_string();
        let traded = self
            .client
            .post(self.url("/oauth2/token"))
            .form(&[
                ("client_id", id.as_str()),
                ("client_secret", secret),
                ("grant_type", "authorization_code"),
                ("code", code),
            ])
            .send()
            .await?;
        let Some(token) = read(traded, "the OAuth2 token").await? else {
            return Ok(None);
        };
        let Some(access) = token["access_token"].as_str() else {
            return Err(DiscordError::Unreadable("the OAuth2 token"));
        };
        let me = self
            .client
            .get(self.url("/users/@me"))
            .bearer_auth(access)
            .send()
            .await?;
        let Some(me) = read(me, "the player's user").await? else {
            return Ok(None);
        };
        let user = snowflake(&me["id"]).ok_or(DiscordError::Unreadable("the player's user"))?;
        let found = self
            .client
            .get(self.url(&format!(
                "/applications/{client_id}/activity-instances/{instance}"
            )))
            .header("authorization", format!("Bot {}", self.setup.bot_token))
            .send()
            .await?;
        let Some(found) = read(found, "the Activity's instance").await? else {
            return Ok(None);
        };
        let inside = found["users"]
            .as_array()
            .is_some_and(|users| users.iter().any(|u| snowflake(u) == Some(user)));
        let channel = snowflake(&found["location"]["channel_id"]);
        Ok(match channel {
            Some(channel) if inside => Some(Signed {
                user: UserId(user),
                locale: me["locale"].as_str().map(str::to_string),
                channel: ChannelId(channel),
            }),
            _ => None,
        })
    }
}

/// Discord's answer as JSON: `None` for a refusal (a 4xx: a bad or used code, a stranger to
/// the instance), an error for anything else that failed.
async fn read(
    response: reqwest::Response,
    what: &'static str,
) -> Result<Option<Value>, DiscordError> {
    let status = response.status();
    if status.is_client_error() && status != StatusCode::TOO_MANY_REQUESTS {
        return Ok(None);
    }
    if !status.is_success() {
        return Err(DiscordError::Answered(status, what));
    }
    let text = response.text().await?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|_| DiscordError::Unreadable(what))
}

/// A snowflake, which Discord writes as a string.
fn snowflake(v: &Value) -> Option<u64> {
    v.as_str().and_then(|s| s.parse().ok())
}

/// Whether the request is the Activity's (its path under `/activity`).
pub(super) fn is_activity(path: &str) -> bool {
    path == "/activity" || path.starts_with("/activity/")
}
