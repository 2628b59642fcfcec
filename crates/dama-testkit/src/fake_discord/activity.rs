//! Discord's side of an Activity, stood in: the REST calls the server makes to sign a player in
//! (the OAuth2 token endpoint, `/users/@me` with the player's token, the Activity's instance),
//! and a client that runs the Activity as Discord does: a page on one origin that frames the
//! Activity with the query Discord adds, answers the SDK's handshake and `authorize`, and
//! proxies every other path to the web's `/activity`, as the URL mapping `/` → `/activity` does.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde_json::{Value, json};

use super::FakeDiscord;

/// Each Activity instance: its channel, its server and who is in it.
pub(super) type Instances = Arc<Mutex<HashMap<String, Instance>>>;

/// An Activity running in a channel.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    channel: u64,
    guild: u64,
    users: Vec<u64>,
}

/// The code Discord's `authorize` gives `user` in the stand-in.
fn code_of(user: u64) -> String {
    format!("code-{user}")
}

/// The REST answer for the Activity's calls, if `path` is one of them.
pub(super) fn answer(
    method: &str,
    path: &str,
    body: &[u8],
    authorization: Option<&str>,
    instances: &Instances,
    locales: &Mutex<HashMap<u64, String>>,
) -> Option<(&'static str, Value)> {
    let p = path.trim_start_matches("/api/v10");
    let segments: Vec<&str> = p.split('/').filter(|s| !s.is_empty()).collect();
    let refused = || json!({ "message": "401: Unauthorized", "code": 0 });
    match (method, segments.as_slice()) {
        ("POST", ["oauth2", "token"]) => {
            let form = String::from_utf8_lossy(body);
            let field = |name: &str| {
                form.split('&')
                    .find_map(|p| p.strip_prefix(&format!("{name}=")))
                    .map(str::to_string)
            };
            let user = field("code")
                .and_then(|c| c.strip_prefix("code-").and_then(|u| u.parse::<u64>().ok()));
            let secret_ok = field("client_secret").as_deref() == Some(FakeDiscord::CLIENT_SECRET);
            let grant_ok = field("grant_type").as_deref() == Some("authorization_code");
            Some(match user {
                Some(user) if secret_ok && grant_ok => (
                    "200 OK",
                    json!({ "access_token": format!("tok-{user}"), "token_type": "Bearer",
                            "expires_in": 604800, "scope": "identify" }),
                ),
                _ => ("400 Bad Request", json!({ "error": "invalid_grant" })),
            })
        }
        ("GET", ["users", "@me"]) => {
            let user = authorization?
                .strip_prefix("Bearer tok-")?
                .parse::<u64>()
                .ok()?;
            let locale = locales
                .lock()
                .unwrap()
                .get(&user)
                .cloned()
                .unwrap_or_else(|| "en-US".into());
            let mut me = FakeDiscord::user(user, &format!("player{user}"));
            me["locale"] = json!(locale);
            Some(("200 OK", me))
        }
        ("GET", ["applications", _, "activity-instances", id]) => {
            if !authorization.is_some_and(|a| a.starts_with("Bot ")) {
                return Some(("401 Unauthorized", refused()));
            }
            Some(match instances.lock().unwrap().get(*id) {
                Some(i) => (
                    "200 OK",
                    json!({ "application_id": FakeDiscord::CLIENT_ID.to_string(),
                            "instance_id": id, "launch_id": "1",
                            "location": { "id": format!("gc-{}-{}", i.guild, i.channel), "kind": "gc",
                                          "channel_id": i.channel.to_string(),
                                          "guild_id": i.guild.to_string() },
                            "users": i.users.iter().map(u64::to_string).collect::<Vec<_>>() }),
                ),
                None => (
                    "404 Not Found",
                    json!({ "message": "Unknown Activity Instance", "code": 10000 }),
                ),
            })
        }
        _ => None,
    }
}

impl FakeDiscord {
    /// The application's id in the stand-in (`DISCORD_CLIENT_ID`).
    pub const CLIENT_ID: u64 = 4242;
    /// Its OAuth2 secret (`DISCORD_CLIENT_SECRET`).
    pub const CLIENT_SECRET: &str = "stand-in-secret";

    /// An Activity running in `channel` of `guild` as `id`, with `users` in it (a user who
    /// launches it or joins).
    pub fn run_activity(&self, id: &str, channel: u64, guild: u64, users: &[u64]) {
        self.instances.lock().unwrap().insert(
            id.to_string(),
            Instance {
                channel,
                guild,
                users: users.to_vec(),
            },
        );
    }

    /// A Discord client for the Activity served by the web at `web` (its root, without
    /// `/activity`): started on a free port of 127.0.0.1.
    pub async fn activity_client(&self, web: &str) -> ActivityClient {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let proxied = Proxied {
            target: format!("{}/activity", web.trim_end_matches('/')),
            client: reqwest::Client::new(),
        };
        let app = axum::Router::new()
            .route("/.stand-in/client", axum::routing::get(client_page))
            .fallback(proxy)
            .with_state(proxied);
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        ActivityClient { url }
    }
}

/// Discord's client as the stand-in plays it, and its proxy to the Activity.
pub struct ActivityClient {
    /// Its origin (the Activity and the client's page share it).
    pub url: String,
}

impl ActivityClient {
    /// The client's page for `user` in the Activity `instance`, running in `channel` of
    /// `guild`: it frames the Activity as Discord does and answers its SDK.
    pub fn page(&self, user: u64, instance: &str, channel: u64, guild: u64) -> String {
        format!(
            "{}/.stand-in/client?user={user}&instance={instance}&channel={channel}&guild={guild}",
            self.url
        )
    }
}

#[derive(Clone)]
struct Proxied {
    target: String,
    client: reqwest::Client,
}

/// The client's page: the Activity framed with Discord's query, and a script that answers
/// the SDK's handshake (READY) and `authorize` (a code for this user) and nothing else.
async fn client_page(request: Request) -> Html<String> {
    let query = request.uri().query().unwrap_or("").to_string();
    let get = |name: &str| {
        query
            .split('&')
            .find_map(|p| p.strip_prefix(&format!("{name}=")))
            .unwrap_or("")
            .to_string()
    };
    let (user, instance, channel, guild) =
        (get("user"), get("instance"), get("channel"), get("guild"));
    let code = code_of(user.parse().unwrap_or(0));
    Html(format!(
        r#"<!doctype html><html><head><meta charset="utf-8"><title>Discord (stand-in)</title>
<style>body{{margin:0}} iframe{{border:0;width:100vw;height:100vh;display:block}}</style></head>
<body><iframe id="activity" src="/?frame_id=frame-{user}&instance_id={instance}&platform=desktop&guild_id={guild}&channel_id={channel}"></iframe>
<script>
const frame = document.getElementById("activity");
window.seen = [];
window.addEventListener("message", (event) => {{
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [op, payload] = event.data;
  window.seen.push(op === 1 ? payload.cmd : "op" + op);
  const reply = (data) => frame.contentWindow.postMessage([1, data], "*");
  if (op === 0) {{
    reply({{ cmd: "DISPATCH", evt: "READY", nonce: null,
      data: {{ v: 1, config: {{ api_endpoint: "//discord.com/api", environment: "production" }} }} }});
  }} else if (op === 1 && payload.cmd === "AUTHORIZE") {{
    reply({{ cmd: "AUTHORIZE", evt: null, nonce: payload.nonce, data: {{ code: "{code}" }} }});
  }} else if (op === 1) {{
    reply({{ cmd: payload.cmd, evt: null, nonce: payload.nonce, data: null }});
  }}
}});
</script></body></html>"#
    ))
}

/// Every other path, to the web's `/activity` (as Discord's proxy, mapping `/` there).
async fn proxy(State(proxied): State<Proxied>, request: Request) -> Response {
    let path = request
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    let method = request.method().clone();
    let mut headers = HeaderMap::new();
    for (name, value) in request.headers() {
        if !["host", "connection", "content-length"].contains(&name.as_str()) {
            headers.insert(name.clone(), value.clone());
        }
    }
    let body = axum::body::to_bytes(request.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    let target = if path == "/" || path.starts_with("/?") {
        format!("{}{}", proxied.target, &path[1..])
    } else {
        format!("{}{path}", proxied.target)
    };
    let sent = proxied
        .client
        .request(method, target)
        .headers(headers)
        .body(body)
        .send()
        .await;
    let Ok(answer) = sent else {
        return (StatusCode::BAD_GATEWAY, "the web did not answer").into_response();
    };
    let mut response = Response::builder().status(answer.status());
    for (name, value) in answer.headers() {
        if !["transfer-encoding", "connection", "content-length"].contains(&name.as_str()) {
            response = response.header(name, value);
        }
    }
    response
        .body(Body::from_stream(answer.bytes_stream()))
        .unwrap_or_else(|_| StatusCode::BAD_GATEWAY.into_response())
}
