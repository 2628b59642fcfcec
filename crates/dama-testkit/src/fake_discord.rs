//! A small Discord stand-in on 127.0.0.1 for end-to-end tests: a REST endpoint that records
//! every call (multipart attachments included) and answers what serenity needs, and a gateway
//! that says hello, readies the bot, acknowledges heartbeats and sends the events a test injects.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const BOT: u64 = 900_000_000_000_000_001;
pub const APP: u64 = 900_000_000_000_000_002;
pub const GUILD: u64 = 900_000_000_000_000_003;

/// What the stand-in does to the next REST call on a path, in place of answering it well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// 500, and nothing created.
    ServerError,
    /// The message is created, but the answer is a 502 (the answer was lost on the way).
    ServerErrorAfterCreating,
    /// 429 with a `Retry-After` of this many milliseconds; answers before it passed get 429
    /// again.
    TooManyRequests(u64),
    /// The connection closes without an answer.
    Drop,
}

/// What the stand-in's gateway does to the connected bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayFault {
    /// The connection closes.
    Drop,
    /// Op 7: reconnect and resume.
    Reconnect,
    /// Op 9: the session is invalid; identify again.
    InvalidSession,
}

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    /// Attachments: file name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// What the stand-in answered (for created messages: the message, with its id).
    pub response: Value,
}

impl Call {
    pub fn content(&self) -> String {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    pub fn custom_ids(&self) -> Vec<String> {
        let data = self.json.get("data").unwrap_or(&self.json);
        let mut ids = Vec::new();
        for row in data
            .get("components")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            for c in row
                .get("components")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(id) = c.get("custom_id").and_then(Value::as_str) {
                    ids.push(id.to_string());
                }
            }
        }
        ids
    }

    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(name, bytes)| name == "board.png" && bytes.starts_with(b"\x89PNG"))
            .map(|(_, b)| b.as_slice())
    }

    /// The footer of the message's first embed (boards have none).
    pub fn footer(&self) -> Option<String> {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("embeds")?
            .get(0)?
            .get("footer")?
            .get("text")?
            .as_str()
            .map(str::to_string)
    }

    pub fn ephemeral(&self) -> bool {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0
    }
}

pub struct FakeDiscord {
    pub rest_url: String,
    /// When each POST to a path arrived, by path.
    posts: Arc<Mutex<std::collections::HashMap<String, Vec<std::time::Instant>>>>,
    pub gateway_url: String,
    calls: Arc<Mutex<Vec<Call>>>,
    called: Arc<Notify>,
    /// The connection of each shard (shard 0 alone for a bot that does not shard).
    events: Arc<Mutex<std::collections::HashMap<u32, mpsc::UnboundedSender<Value>>>>,
    /// The number of shards the bots identified with.
    shard_count: Arc<Mutex<u32>>,
    /// The server of each channel (by default [`GUILD`]); every server is in GUILD_CREATE.
    channel_guilds: Arc<Mutex<std::collections::HashMap<u64, u64>>>,
    connected: Arc<Notify>,
    /// How many times a bot has been readied, and how many of those a test has waited for.
    readies: Arc<Mutex<usize>>,
    seen_readies: Mutex<usize>,
    next_id: Arc<Mutex<u64>>,
    /// The server's preferred locale, sent in GUILD_CREATE when a bot connects.
    guild_locale: Arc<Mutex<String>>,
    /// Each user's Discord language (default `en-US`), sent with their interactions.
    user_locales: Mutex<std::collections::HashMap<u64, String>>,
    /// Faults for the next calls on a path (matched by the path's end).
    faults: Arc<Mutex<Vec<(String, Fault)>>>,
    /// Messages created, by the nonce the bot gave (Discord enforces it).
    created: Arc<Mutex<Vec<Call>>>,
    /// The Message Content intent is not enabled for the application: an IDENTIFY asking for
    /// it is closed with 4014, as Discord does.
    refuse_content: Arc<std::sync::atomic::AtomicBool>,
}

impl FakeDiscord {
    /// From now on, refuse the Message Content intent (as for an application whose developer
    /// portal does not enable it).
    pub fn refuse_message_content(&self) {
        self.refuse_content
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest_url = format!("http://{}", rest.local_addr().unwrap());
        let gateway_url = format!("ws://{}", gateway.local_addr().unwrap());
        let fake = FakeDiscord {
            posts: Arc::default(),
            rest_url,
            gateway_url: gateway_url.clone(),
            calls: Arc::default(),
            called: Arc::default(),
            events: Arc::default(),
            shard_count: Arc::new(Mutex::new(1)),
            channel_guilds: Arc::default(),
            connected: Arc::default(),
            readies: Arc::default(),
            seen_readies: Mutex::new(0),
            next_id: Arc::new(Mutex::new(800_000_000_000_000_000)),
            guild_locale: Arc::new(Mutex::new("en-US".into())),
            user_locales: Mutex::default(),
            faults: Arc::default(),
            created: Arc::default(),
            refuse_content: Arc::default(),
        };
        let rest_state = RestState {
            calls: fake.calls.clone(),
            called: fake.called.clone(),
            next_id: fake.next_id.clone(),
            gateway: gateway_url.clone(),
            posts: fake.posts.clone(),
            faults: fake.faults.clone(),
            created: fake.created.clone(),
            nonces: Arc::default(),
            limited_until: Arc::default(),
        };
        tokio::spawn(async move {
            while let Ok((stream, _)) = rest.accept().await {
                tokio::spawn(serve_rest(stream, rest_state.clone()));
            }
        });
        let shared = Gateway {
            current: fake.events.clone(),
            shard_count: fake.shard_count.clone(),
            guilds: fake.channel_guilds.clone(),
            connected: fake.connected.clone(),
            readies: fake.readies.clone(),
            url: gw_url(&gateway_url),
            locale: fake.guild_locale.clone(),
            refuse_content: fake.refuse_content.clone(),
        };
        tokio::spawn(async move {
            while let Ok((stream, _)) = gateway.accept().await {
                let (tx, rx) = mpsc::unbounded_channel();
                tokio::spawn(serve_gateway(stream, rx, tx, shared.clone()));
            }
        });
        fake
    }

    /// Waits until a bot has identified on the gateway (again, after a restart).
    pub async fn wait_connected(&self) {
        self.wait_shards_connected(1).await;
    }

    /// Waits until `n` more shard connections have identified (several bots, several shards).
    pub async fn wait_shards_connected(&self, n: usize) {
        let want = *self.seen_readies.lock().unwrap() + n;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let notified = self.connected.notified();
            if *self.readies.lock().unwrap() >= want {
                *self.seen_readies.lock().unwrap() = want;
                return;
            }
            tokio::time::timeout_at(deadline, notified)
                .await
                .expect("the bot connects to the stand-in gateway");
        }
    }

    /// The next call whose path ends with `path` meets `fault`.
    pub fn fault(&self, path: &str, fault: Fault) {
        self.faults.lock().unwrap().push((path.to_string(), fault));
    }

    /// Messages created in `channel` (after Discord's nonce check), in order.
    pub fn created_in(&self, channel: u64) -> Vec<Call> {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.created
            .lock()
            .unwrap()
            .iter()
            .filter(|c| c.path == path)
            .cloned()
            .collect()
    }

    /// Waits until a message matching `pred` has been created in `channel`.
    pub async fn wait_created(&self, channel: u64, pred: impl Fn(&Call) -> bool) -> Call {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let notified = self.called.notified();
            if let Some(c) = self.created_in(channel).into_iter().find(|c| pred(c)) {
                return c;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "no such message was created in {channel}; calls: {:#?}",
                    self.seen()
                );
            }
        }
    }

    /// Does `fault` to the bot's gateway connection.
    pub fn gateway_fault(&self, fault: GatewayFault) {
        let name = match fault {
            GatewayFault::Drop => "drop",
            GatewayFault::Reconnect => "reconnect",
            GatewayFault::InvalidSession => "invalid-session",
        };
        self.to_gateway(json!({ "control": name }));
    }

    /// The server's preferred locale from the next connection on.
    pub fn set_guild_locale(&self, locale: &str) {
        *self.guild_locale.lock().unwrap() = locale.to_string();
    }

    /// A user's Discord language, for their interactions from now on.
    pub fn set_user_locale(&self, user: u64, locale: &str) {
        self.user_locales
            .lock()
            .unwrap()
            .insert(user, locale.to_string());
    }

    /// Every call so far, a line each, for a failing test's message.
    fn seen(&self) -> Vec<String> {
        self.calls()
            .iter()
            .map(|c| format!("{} {} {}", c.method, c.path, c.content()))
            .collect()
    }

    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    pub fn id(&self) -> u64 {
        snowflake(&self.next_id)
    }

    /// Sends a gateway event (op 0) to the connected bot.
    pub fn send(&self, name: &str, data: Value) {
        self.to_gateway(json!({ "t": name, "d": data }));
    }

    /// Hands a frame to the connection of the shard its server is on (Discord's rule:
    /// `(guild_id >> 22) % shard_count`); a control word goes to every connection.
    fn to_gateway(&self, frame: Value) {
        if frame.get("control").is_some() {
            for tx in self.events.lock().unwrap().values() {
                let _ = tx.send(frame.clone());
            }
            return;
        }
        let guild = frame["d"]["guild_id"]
            .as_str()
            .and_then(|g| g.parse::<u64>().ok());
        let count = u64::from(*self.shard_count.lock().unwrap());
        let shard = guild.map_or(0, |g| ((g >> 22) % count) as u32);
        self.send_on_shard(shard, frame);
    }

    /// Hands a frame to one shard's connection, whatever its server (as a shard moving between
    /// processes may deliver an event twice).
    pub fn send_on_shard(&self, shard: u32, frame: Value) {
        let tx = self
            .events
            .lock()
            .unwrap()
            .get(&shard)
            .cloned()
            .unwrap_or_else(|| panic!("no bot runs shard {shard}"));
        tx.send(frame).expect("the gateway is up");
    }

    /// Puts `channel` in server `guild` (events from it carry that server, so they go to its
    /// shard). Servers named here before a bot connects are in its GUILD_CREATEs.
    pub fn set_channel_guild(&self, channel: u64, guild: u64) {
        self.channel_guilds.lock().unwrap().insert(channel, guild);
    }

    /// The server of `channel`.
    pub fn guild_of(&self, channel: u64) -> u64 {
        self.channel_guilds
            .lock()
            .unwrap()
            .get(&channel)
            .copied()
            .unwrap_or(GUILD)
    }

    /// A MESSAGE_CREATE frame (to hand to [`FakeDiscord::send_on_shard`]).
    pub fn message_frame(&self, channel: u64, user: u64, name: &str, content: &str) -> Value {
        let id = self.id();
        let guild = self.guild_of(channel);
        json!({ "t": "MESSAGE_CREATE",
                "d": message_json(id, channel, Self::user(user, name), content, Some(guild)) })
    }

    /// Waits for the `n`-th call (counting from `from`) matching `pred`, and returns it.
    pub async fn wait_for(&self, from: usize, pred: impl Fn(&Call) -> bool) -> Call {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        loop {
            let notified = self.called.notified();
            if let Some(c) = self.calls.lock().unwrap()[from..]
                .iter()
                .find(|c| pred(c))
                .cloned()
            {
                return c;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("no matching call came; calls: {:#?}", self.seen());
            }
        }
    }

    /// How many POSTs `path` has had.
    pub fn post_count(&self, path: &str) -> usize {
        self.posts.lock().unwrap().get(path).map_or(0, Vec::len)
    }

    /// Waits until `path` has had `n` POSTs; returns when the `n`-th arrived.
    pub async fn wait_posts(&self, path: &str, n: usize) -> std::time::Instant {
        loop {
            let notified = self.called.notified();
            if let Some(&t) = self
                .posts
                .lock()
                .unwrap()
                .get(path)
                .and_then(|v| v.get(n - 1))
            {
                return t;
            }
            tokio::time::timeout(Duration::from_secs(30), notified)
                .await
                .expect("the bot posts in time");
        }
    }

    pub fn call_count(&self) -> usize {
        self.calls.lock().unwrap().len()
    }

    /// A user object.
    pub fn user(id: u64, name: &str) -> Value {
        json!({ "id": id.to_string(), "username": name, "discriminator": "0", "global_name": name, "avatar": null, "bot": false })
    }

    /// A member object for interactions.
    fn member(id: u64, name: &str) -> Value {
        json!({
            "user": Self::user(id, name), "roles": [], "joined_at": "2026-01-01T00:00:00.000000+00:00",
            "deaf": false, "mute": false, "flags": 0, "permissions": "2251799813685247"
        })
    }

    /// A MESSAGE_CREATE from `user` in `channel`.
    pub fn message(&self, channel: u64, user: u64, name: &str, content: &str) {
        let frame = self.message_frame(channel, user, name, content);
        self.to_gateway(frame);
    }

    fn interaction_base(&self, kind: u8, channel: u64, user: u64, name: &str) -> (u64, Value) {
        let id = self.id();
        let locale = self
            .user_locales
            .lock()
            .unwrap()
            .get(&user)
            .cloned()
            .unwrap_or_else(|| "en-US".into());
        let guild_locale = self.guild_locale.lock().unwrap().clone();
        let guild = self.guild_of(channel);
        (
            id,
            json!({
                "id": id.to_string(), "application_id": APP.to_string(), "type": kind,
                "guild_id": guild.to_string(), "channel_id": channel.to_string(),
                "channel": { "id": channel.to_string(), "type": 0 },
                "member": Self::member(user, name), "token": format!("token{id}"), "version": 1,
                "app_permissions": "2251799813685247", "locale": locale, "guild_locale": guild_locale,
                "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
                "attachment_size_limit": 26214400
            }),
        )
    }

    /// `/dama <sub> <options…>` from `user`; `users` resolves user options. Returns the
    /// interaction id.
    pub fn slash(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        sub: &str,
        options: Value,
        users: &[(u64, &str)],
    ) -> u64 {
        let (id, mut body) = self.interaction_base(2, channel, user, name);
        let resolved: serde_json::Map<String, Value> = users
            .iter()
            .map(|(u, n)| (u.to_string(), Self::user(*u, n)))
            .collect();
        // Channel options are resolved too, as text channels of the test server.
        let channels: serde_json::Map<String, Value> = options
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["type"] == 7)
            .filter_map(|o| o["value"].as_str())
            .map(|c| {
                let channel = json!({ "id": c, "type": 0, "name": "puzzles", "permissions": "2251799813685247" });
                (c.to_string(), channel)
            })
            .collect();
        body["data"] = json!({
            "id": "700000000000000001", "name": "dama", "type": 1, "guild_id": self.guild_of(channel).to_string(),
            "options": [{ "name": sub, "type": 1, "options": options }],
            "resolved": { "users": resolved, "channels": channels }
        });
        self.send("INTERACTION_CREATE", body);
        id
    }

    /// `/dama <group> <sub> <options…>` from `user` (a subcommand in a group, such as
    /// `/dama tournament create`). Returns the interaction id.
    pub fn slash_group(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        (group, sub): (&str, &str),
        options: Value,
    ) -> u64 {
        let (id, mut body) = self.interaction_base(2, channel, user, name);
        body["data"] = json!({
            "id": "700000000000000001", "name": "dama", "type": 1, "guild_id": self.guild_of(channel).to_string(),
            "options": [{ "name": group, "type": 2, "options": [{ "name": sub, "type": 1, "options": options }] }],
            "resolved": {}
        });
        self.send("INTERACTION_CREATE", body);
        id
    }

    /// A button click by `user` on a bot message in `channel`. Returns the interaction id.
    /// An autocomplete request for `/dama <sub>` whose one option, named as the command, holds
    /// `typed`.
    pub fn autocomplete(&self, channel: u64, user: u64, name: &str, sub: &str, typed: &str) -> u64 {
        self.autocomplete_option(channel, user, name, sub, sub, typed)
    }

    /// An autocomplete request for the option `option` of `/dama <sub>`, holding `typed`.
    pub fn autocomplete_option(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        sub: &str,
        option: &str,
        typed: &str,
    ) -> u64 {
        let (id, mut body) = self.interaction_base(4, channel, user, name);
        body["data"] = json!({
            "id": "700000000000000001", "name": "dama", "type": 1, "guild_id": self.guild_of(channel).to_string(),
            "options": [{ "name": sub, "type": 1, "options": [
                { "name": option, "type": 3, "value": typed, "focused": true }
            ] }]
        });
        self.send("INTERACTION_CREATE", body);
        id
    }

    /// A click on `custom_id`, on a bot message that carries the buttons `on`.
    pub fn click(
        &self,
        channel: u64,
        user: u64,
        name: &str,
        custom_id: &str,
        on: &[String],
    ) -> u64 {
        let (id, mut body) = self.interaction_base(3, channel, user, name);
        body["data"] = json!({ "custom_id": custom_id, "component_type": 2 });
        let guild = self.guild_of(channel);
        let mut message = message_json(self.id(), channel, Self::bot_user(), "board", Some(guild));
        let buttons: Vec<Value> = on
            .iter()
            .map(|b| json!({ "type": 2, "style": 2, "label": b, "custom_id": b }))
            .collect();
        message["components"] = json!([{ "type": 1, "components": buttons }]);
        body["message"] = message;
        self.send("INTERACTION_CREATE", body);
        id
    }

    pub fn bot_user() -> Value {
        json!({ "id": BOT.to_string(), "username": "dama", "discriminator": "0", "global_name": null, "avatar": null, "bot": true })
    }
}

/// A GUILD_CREATE for the test server, complete enough for serenity's cache (no members and
/// no channels, so the cache checks no permissions).
fn guild_create(guild: u64, locale: &str) -> Value {
    let mut g = json!({
        "id": guild.to_string(), "name": "Dama test", "icon": null, "icon_hash": null,
        "splash": null, "discovery_splash": null, "owner_id": "1", "afk_timeout": 300,
        "widget_enabled": false, "widget_channel_id": null, "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "roles": [],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null
    });
    let more = json!({
        "max_presences": null, "max_members": 100, "vanity_url_code": null, "description": null,
        "banner": null, "premium_tier": 0, "premium_subscription_count": 0,
        "preferred_locale": locale, "public_updates_channel_id": null,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw_level": 0,
        "stickers": [], "premium_progress_bar_enabled": false
    });
    let extra = json!({
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "large": false, "member_count": 3,
        "voice_states": [], "members": [], "channels": [], "threads": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "safety_alerts_channel_id": null,
        "incidents_data": null
    });
    for part in [more, extra] {
        if let (Some(g), Value::Object(part)) = (g.as_object_mut(), part) {
            g.extend(part);
        }
    }
    g
}

fn gw_url(url: &str) -> String {
    url.to_string()
}

fn message_json(id: u64, channel: u64, author: Value, content: &str, guild: Option<u64>) -> Value {
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

/// What every gateway connection shares.
#[derive(Clone)]
struct Gateway {
    current: Arc<Mutex<std::collections::HashMap<u32, mpsc::UnboundedSender<Value>>>>,
    shard_count: Arc<Mutex<u32>>,
    guilds: Arc<Mutex<std::collections::HashMap<u64, u64>>>,
    connected: Arc<Notify>,
    readies: Arc<Mutex<usize>>,
    url: String,
    locale: Arc<Mutex<String>>,
    refuse_content: Arc<std::sync::atomic::AtomicBool>,
}

async fn serve_gateway(
    stream: TcpStream,
    mut events: mpsc::UnboundedReceiver<Value>,
    sender: mpsc::UnboundedSender<Value>,
    gw: Gateway,
) {
    let Gateway {
        current,
        connected,
        readies,
        url,
        ..
    } = gw.clone();
    // The shard this connection serves, once identified (or resumed: its session names it).
    let mut shard: u32;
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 } });
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    loop {
        tokio::select! {
            incoming = ws.next() => {
                let Some(Ok(msg)) = incoming else { return };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    WsMessage::Close(_) => return,
                    _ => continue,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                match v["op"].as_u64() {
                    Some(1) => { let _ = ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await; }
                    Some(6) => {
                        // A resumed session: the events go on.
                        shard = v["d"]["session_id"].as_str()
                            .and_then(|s| s.strip_prefix("session-"))
                            .and_then(|n| n.parse().ok())
                            .unwrap_or(0);
                        seq += 1;
                        let resumed = json!({ "op": 0, "t": "RESUMED", "s": seq, "d": {} });
                        let _ = ws.send(WsMessage::Text(resumed.to_string())).await;
                        current.lock().unwrap().insert(shard, sender.clone());
                        *readies.lock().unwrap() += 1;
                        connected.notify_waiters();
                    }
                    Some(2) => {
                        const MESSAGE_CONTENT: u64 = 1 << 15;
                        let intents = v["d"]["intents"].as_u64().unwrap_or(0);
                        if intents & MESSAGE_CONTENT != 0
                            && gw.refuse_content.load(std::sync::atomic::Ordering::Relaxed)
                        {
                            let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: 4014.into(),
                                reason: "Disallowed intent(s).".into(),
                            };
                            let _ = ws.send(WsMessage::Close(Some(close))).await;
                            return;
                        }
                        let (id, count) = match v["d"]["shard"].as_array().map(Vec::as_slice) {
                            Some([id, count]) => (
                                id.as_u64().unwrap_or(0) as u32,
                                count.as_u64().unwrap_or(1).max(1) as u32,
                            ),
                            _ => (0, 1),
                        };
                        shard = id;
                        *gw.shard_count.lock().unwrap() = count;
                        seq += 1;
                        let ready = json!({ "op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": FakeDiscord::bot_user(), "guilds": [],
                            "session_id": format!("session-{shard}"), "resume_gateway_url": url,
                            "shard": [shard, count],
                            "application": { "id": APP.to_string(), "flags": 0 } } });
                        let _ = ws.send(WsMessage::Text(ready.to_string())).await;
                        let mut guilds: Vec<u64> = gw.guilds.lock().unwrap().values().copied().collect();
                        guilds.push(GUILD);
                        guilds.sort_unstable();
                        guilds.dedup();
                        let locale = gw.locale.lock().unwrap().clone();
                        for g in guilds.into_iter().filter(|g| (g >> 22) % u64::from(count) == u64::from(shard)) {
                            seq += 1;
                            let guild = json!({ "op": 0, "t": "GUILD_CREATE", "s": seq,
                                "d": guild_create(g, &locale) });
                            let _ = ws.send(WsMessage::Text(guild.to_string())).await;
                        }
                        // Events now go to this connection.
                        current.lock().unwrap().insert(shard, sender.clone());
                        *readies.lock().unwrap() += 1;
                        connected.notify_waiters();
                    }
                    _ => {}
                }
            }
            event = events.recv() => {
                let Some(mut e) = event else { return };
                match e.get("control").and_then(Value::as_str) {
                    Some("drop") => return,
                    Some("reconnect") => {
                        let _ = ws.send(WsMessage::Text(json!({ "op": 7, "d": null }).to_string())).await;
                        continue;
                    }
                    Some("invalid-session") => {
                        let _ = ws.send(WsMessage::Text(json!({ "op": 9, "d": false }).to_string())).await;
                        continue;
                    }
                    _ => {}
                }
                seq += 1;
                e["op"] = json!(0);
                e["s"] = json!(seq);
                if ws.send(WsMessage::Text(e.to_string())).await.is_err() { return; }
            }
        }
    }
}

/// What every REST connection shares.
#[derive(Clone)]
struct RestState {
    calls: Arc<Mutex<Vec<Call>>>,
    called: Arc<Notify>,
    next_id: Arc<Mutex<u64>>,
    gateway: String,
    posts: Arc<Mutex<std::collections::HashMap<String, Vec<std::time::Instant>>>>,
    faults: Arc<Mutex<Vec<(String, Fault)>>>,
    created: Arc<Mutex<Vec<Call>>>,
    /// Messages by nonce, for Discord's `enforce_nonce`.
    nonces: Arc<Mutex<std::collections::HashMap<String, Value>>>,
    /// A path answered 429 until then.
    limited_until: Arc<Mutex<std::collections::HashMap<String, std::time::Instant>>>,
}

async fn serve_rest(stream: TcpStream, state: RestState) {
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
        } else {
            let (status, reply) = answer(&call, &next_id, &gateway);
            let creates = call.method == "POST"
                && call.path.starts_with("/api/v10/channels/")
                && call.path.ends_with("/messages");
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
                (status, reply, String::new())
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
fn snowflake(last: &Mutex<u64>) -> u64 {
    const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let mut n = last.lock().unwrap();
    *n = (*n + 1).max((now - DISCORD_EPOCH_MS) << 22);
    *n
}

fn answer(call: &Call, next_id: &Mutex<u64>, gateway: &str) -> (&'static str, Option<Value>) {
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
            (
                "201 Created",
                Some(
                    json!({ "id": new_id().to_string(), "type": 11, "name": name,
                "guild_id": GUILD.to_string(), "parent_id": c.to_string() }),
                ),
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

/// A `dama run` process, killed when dropped.
pub struct Bot(pub std::process::Child);

/// The `dama` binary cargo built beside the test binary running now (`target/<profile>/dama`,
/// the test in `target/<profile>/deps/`): integration tests build their package's binaries.
pub fn dama_binary() -> std::path::PathBuf {
    let test = std::env::current_exe().expect("the test binary's path");
    let profile = test
        .parent()
        .and_then(std::path::Path::parent)
        .expect("a test binary lives in target/<profile>/deps");
    let bin = profile.join(format!("dama{}", std::env::consts::EXE_SUFFIX));
    assert!(bin.is_file(), "no dama binary at {}", bin.display());
    bin
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl FakeDiscord {
    /// Starts `dama run` against this stand-in on `database_url`, with `env` added; its logs go
    /// to the test's stderr at `DAMA_E2E_LOG` (default `warn`).
    pub fn start_bot(&self, database_url: &str, env: &[(&str, String)]) -> Bot {
        let mut command = std::process::Command::new(dama_binary());
        command.arg("run");
        self.spawn_bot(command, database_url, env, std::process::Stdio::inherit())
    }

    /// The bot held to `open_files` open files (soft and hard), its log written to `log`.
    pub fn start_bot_with_open_files(
        &self,
        database_url: &str,
        env: &[(&str, String)],
        open_files: u64,
        log: std::fs::File,
    ) -> Bot {
        let mut command = std::process::Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {open_files} && exec \"$0\" run"))
            .arg(dama_binary());
        self.spawn_bot(command, database_url, env, log.into())
    }

    fn spawn_bot(
        &self,
        mut command: std::process::Command,
        database_url: &str,
        env: &[(&str, String)],
        stderr: std::process::Stdio,
    ) -> Bot {
        let child = command
            .env("DISCORD_TOKEN", "test-token")
            .env("DISCORD_API_BASE", &self.rest_url)
            .env("DATABASE_URL", database_url)
            .env("DAMA_TABLES", "off")
            .env("DAMA_GUILD_ID", GUILD.to_string())
            .env(
                "RUST_LOG",
                std::env::var("DAMA_E2E_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(std::process::Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the bot starts");
        Bot(child)
    }
}
