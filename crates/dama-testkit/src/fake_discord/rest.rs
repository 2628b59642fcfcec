//! The stand-in's REST endpoint: one HTTP/1.1 connection at a time read by hand, each call
//! recorded, faults and Discord's nonce check applied, and the answers serenity needs.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Notify;

use super::{Call, FakeDiscord, Fault, GUILD};

pub(super) fn message_json(
    id: u64,
    channel: u64,
    author: Value,
    content: &str,
    guild: Option<u64>,
) -> Value {
    let mut m = json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": author, "content": content,
        "timestamp": "2026-11-30T00:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": false, "type": 0
    });
    if let Some(g) = guild {
        m["guild_id"] = json!(g.to_string());
    }
    m
}

/// What every REST connection shares.
#[derive(Clone)]
pub(super) struct RestState {
    pub(super) calls: Arc<Mutex<Vec<Call>>>,
    pub(super) called: Arc<Notify>,
    pub(super) next_id: Arc<Mutex<u64>>,
    pub(super) gateway: String,
    pub(super) posts: Arc<Mutex<std::collections::HashMap<String, Vec<std::time::Instant>>>>,
    pub(super) faults: Arc<Mutex<Vec<(String, Fault)>>>,
    pub(super) created: Arc<Mutex<Vec<Call>>>,
    /// Messages by nonce, for Discord's `enforce_nonce`.
    pub(super) nonces: Arc<Mutex<std::collections::HashMap<String, Value>>>,
    /// A path answered 429 until then.
    pub(super) limited_until: Arc<Mutex<std::collections::HashMap<String, std::time::Instant>>>,
    pub(super) channel_limit: Arc<Mutex<super::ChannelLimit>>,
    /// The server of each channel: a new thread is its parent's.
    pub(super) guilds: Arc<Mutex<std::collections::HashMap<u64, u64>>>,
    /// The Activities running, for the server's sign-in.
    pub(super) instances: super::activity::Instances,
    /// Each user's Discord language.
    pub(super) locales: Arc<Mutex<std::collections::HashMap<u64, String>>>,
}

/// A post in a channel against Discord's per-channel limit: the headers to answer with, and
/// whether it is refused (429).
fn channel_bucket(limit: &Mutex<super::ChannelLimit>, path: &str) -> (String, bool) {
    let mut limit = limit.lock().unwrap();
    let Some(posts) = limit.posts else {
        return (String::new(), false);
    };
    let window = limit.window;
    let now = std::time::Instant::now();
    let (start, used) = limit.windows.entry(path.to_string()).or_insert((now, 0));
    if now >= *start + window {
        (*start, *used) = (now, 0);
    }
    let refused = *used >= posts;
    if !refused {
        *used += 1;
    }
    let reset_after = (*start + window - now).as_secs_f64();
    let remaining = posts - *used;
    let mut headers = format!(
        "x-ratelimit-limit: {posts}\r\nx-ratelimit-remaining: {remaining}\r\nx-ratelimit-reset-after: {reset_after:.3}\r\nx-ratelimit-bucket: channel-messages\r\n"
    );
    if refused {
        *limit.refused.entry(path.to_string()).or_default() += 1;
        headers += &format!(
            "retry-after: {}\r\nx-ratelimit-scope: user\r\n",
            reset_after.ceil() as u64
        );
    }
    (headers, refused)
}

pub(super) async fn serve_rest(stream: TcpStream, state: RestState) {
    let RestState {
        calls,
        called,
        next_id,
        gateway,
        posts,
        faults,
        created,
        nonces,
        limited_until,
        channel_limit,
        guilds,
        instances,
        locales,
    } = state;
    let mut reader = BufReader::new(stream);
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line).await.unwrap_or(0) == 0 {
            return;
        }
        let mut parts = request_line.split_whitespace();
        let (method, path) = (
            parts.next().unwrap_or("").to_string(),
            parts.next().unwrap_or("").to_string(),
        );
        let mut headers = Vec::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                return;
            }
            let line = line.trim_end().to_string();
            if line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let header = |name: &str| {
            headers
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        let mut body = Vec::new();
        if let Some(len) = header("content-length").and_then(|l| l.parse::<usize>().ok()) {
            body.resize(len, 0);
            if reader.read_exact(&mut body).await.is_err() {
                return;
            }
        } else if header("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
            loop {
                let mut size = String::new();
                reader.read_line(&mut size).await.unwrap_or(0);
                let n = usize::from_str_radix(size.trim().split(';').next().unwrap_or("0"), 16)
                    .unwrap_or(0);
                let mut chunk = vec![0; n + 2];
                if reader.read_exact(&mut chunk).await.is_err() {
                    return;
                }
                if n == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..n]);
            }
        }
        let (json, files) = match header("content-type") {
            Some(ct) if ct.starts_with("multipart/form-data") => {
                let boundary = ct
                    .split("boundary=")
                    .nth(1)
                    .unwrap_or("")
                    .trim_matches('"')
                    .to_string();
                multipart(&body, &boundary)
            }
            _ => (
                serde_json::from_slice(&body).unwrap_or(Value::Null),
                Vec::new(),
            ),
        };
        let path_only = path.split('?').next().unwrap_or("").to_string();
        let call = Call {
            method: method.clone(),
            path: path_only.clone(),
            json: json.clone(),
            files,
            response: Value::Null,
            at: std::time::Instant::now(),
        };
        let fault = {
            let mut faults = faults.lock().unwrap();
            let i = faults
                .iter()
                .position(|(p, _)| call.path.ends_with(p.as_str()));
            i.map(|i| faults.remove(i).1)
        };
        let limited = limited_until
            .lock()
            .unwrap()
            .get(&call.path)
            .is_some_and(|t| std::time::Instant::now() < *t);
        let bad_token = header("authorization").is_some_and(|a| a.contains("bad-token"));
        let nonce = call
            .json
            .get("nonce")
            .and_then(Value::as_str)
            .filter(|_| call.json["enforce_nonce"] == true)
            .map(str::to_string);
        let seen = nonce
            .as_ref()
            .and_then(|n| nonces.lock().unwrap().get(n).cloned());
        let creates = call.method == "POST"
            && call.path.starts_with("/api/v10/channels/")
            && call.path.ends_with("/messages");
        let (bucket, over) =
            if creates && fault.is_none() && !limited && !bad_token && seen.is_none() {
                channel_bucket(&channel_limit, &call.path)
            } else {
                (String::new(), false)
            };
        let (status, reply, extra) = if bad_token {
            (
                "401 Unauthorized",
                Some(json!({ "message": "401: Unauthorized", "code": 0 })),
                String::new(),
            )
        } else if limited || matches!(fault, Some(Fault::TooManyRequests(_))) {
            let ms = match fault {
                Some(Fault::TooManyRequests(ms)) => ms,
                _ => 100,
            };
            if !limited {
                limited_until.lock().unwrap().insert(
                    call.path.clone(),
                    std::time::Instant::now() + Duration::from_millis(ms),
                );
            }
            (
                "429 Too Many Requests",
                Some(
                    json!({ "message": "You are being rate limited.", "retry_after": ms as f64 / 1000.0, "global": false }),
                ),
                format!("retry-after: {}\r\n", ms.div_ceil(1000)),
            )
        } else if over {
            // Discord's body for a 429 has no `code`.
            let after = bucket
                .lines()
                .find_map(|l| l.strip_prefix("x-ratelimit-reset-after: "))
                .and_then(|v| v.trim().parse::<f64>().ok())
                .unwrap_or(1.0);
            (
                "429 Too Many Requests",
                Some(
                    json!({ "message": "You are being rate limited.", "retry_after": after, "global": false }),
                ),
                bucket,
            )
        } else if fault == Some(Fault::ServerError) {
            (
                "500 Internal Server Error",
                Some(json!({ "message": "500: Internal Server Error", "code": 0 })),
                String::new(),
            )
        } else if fault == Some(Fault::Drop) {
            calls.lock().unwrap().push(call);
            called.notify_waiters();
            return;
        } else if let Some(existing) = seen {
            // Discord returns the message already created with this nonce.
            ("200 OK", Some(existing), String::new())
        } else if let Some((status, reply)) = super::activity::answer(
            &call.method,
            &call.path,
            &body,
            header("authorization").as_deref(),
            &instances,
            &locales,
        ) {
            (status, Some(reply), String::new())
        } else {
            let (status, reply) = answer(&call, &next_id, &gateway, &guilds);
            if creates && status.starts_with("200") {
                let mut made = call.clone();
                made.response = reply.clone().unwrap_or(Value::Null);
                created.lock().unwrap().push(made);
                if let (Some(n), Some(r)) = (&nonce, &reply) {
                    nonces.lock().unwrap().insert(n.clone(), r.clone());
                }
            }
            if fault == Some(Fault::ServerErrorAfterCreating) {
                (
                    "502 Bad Gateway",
                    Some(json!({ "message": "502: Bad Gateway", "code": 0 })),
                    String::new(),
                )
            } else {
                (status, reply, bucket)
            }
        };
        if call.method == "POST" {
            posts
                .lock()
                .unwrap()
                .entry(call.path.clone())
                .or_default()
                .push(std::time::Instant::now());
        }
        let mut call = call;
        call.response = reply.clone().unwrap_or(Value::Null);
        calls.lock().unwrap().push(call);
        called.notify_waiters();
        let reply = reply.map(|v| v.to_string()).unwrap_or_default();
        let response = format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{extra}content-length: {}\r\n\r\n{reply}",
            reply.len()
        );
        if reader
            .get_mut()
            .write_all(response.as_bytes())
            .await
            .is_err()
        {
            return;
        }
    }
}

/// A new id as Discord makes them: the time in its top bits (milliseconds since 2015), so the
/// bot reads the moment of a message from its id; always larger than the last one.
pub(super) fn snowflake(last: &Mutex<u64>) -> u64 {
    const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let mut n = last.lock().unwrap();
    *n = (*n + 1).max((now - DISCORD_EPOCH_MS) << 22);
    *n
}

fn answer(
    call: &Call,
    next_id: &Mutex<u64>,
    gateway: &str,
    guilds: &Mutex<std::collections::HashMap<u64, u64>>,
) -> (&'static str, Option<Value>) {
    let p = call.path.trim_start_matches("/api/v10");
    let new_id = || snowflake(next_id);
    let sent_message = |channel: u64| {
        let content = call
            .json
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default();
        message_json(
            new_id(),
            channel,
            FakeDiscord::bot_user(),
            content,
            Some(GUILD),
        )
    };
    let segments: Vec<&str> = p.split('/').filter(|s| !s.is_empty()).collect();
    match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ("200 OK", Some(json!({ "url": gateway }))),
        ("GET", ["users", "@me"]) => ("200 OK", Some(FakeDiscord::bot_user())),
        ("GET", ["gateway", "bot"]) => (
            "200 OK",
            Some(json!({ "url": gateway, "shards": 1,
            "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 } })),
        ),
        ("PUT", ["applications", _, ..]) => ("200 OK", Some(json!([]))),
        ("POST", ["channels", c, "messages"]) => {
            ("200 OK", Some(sent_message(c.parse().unwrap_or(0))))
        }
        ("POST", ["channels", _, "typing"]) => ("204 No Content", None),
        ("PATCH", ["channels", c, "messages", _]) => {
            ("200 OK", Some(sent_message(c.parse().unwrap_or(0))))
        }
        ("POST", ["channels", c, "threads"] | ["channels", c, "messages", _, "threads"]) => {
            let name = call
                .json
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("thread");
            let thread = new_id();
            let parent: u64 = c.parse().unwrap_or(0);
            let guild = {
                let mut guilds = guilds.lock().unwrap();
                let guild = guilds.get(&parent).copied().unwrap_or(GUILD);
                if guild != GUILD {
                    guilds.insert(thread, guild);
                }
                guild
            };
            (
                "201 Created",
                Some(json!({ "id": thread.to_string(), "type": 11, "name": name,
                "guild_id": guild.to_string(), "parent_id": c.to_string() })),
            )
        }
        ("POST", ["interactions", _, _, "callback"]) => ("204 No Content", None),
        ("POST" | "PATCH" | "GET", ["webhooks", ..]) => ("200 OK", Some(sent_message(1))),
        _ => (
            "404 Not Found",
            Some(json!({ "message": "Unknown", "code": 0 })),
        ),
    }
}

fn multipart(body: &[u8], boundary: &str) -> (Value, Vec<(String, Vec<u8>)>) {
    let delimiter = format!("--{boundary}");
    let mut json = Value::Null;
    let mut files = Vec::new();
    let text = body;
    let mut starts = Vec::new();
    let d = delimiter.as_bytes();
    let mut i = 0;
    while i + d.len() <= text.len() {
        if &text[i..i + d.len()] == d {
            starts.push(i);
            i += d.len();
        } else {
            i += 1;
        }
    }
    for w in starts.windows(2) {
        let part = &text[w[0] + d.len()..w[1]];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(split) = part.windows(4).position(|x| x == b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..split]).to_string();
        let mut content = &part[split + 4..];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let name = head
            .split("name=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or("");
        let filename = head
            .split("filename=\"")
            .nth(1)
            .and_then(|s| s.split('"').next());
        if name == "payload_json" {
            json = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else if let Some(f) = filename {
            files.push((f.to_string(), content.to_vec()));
        }
    }
    (json, files)
}
