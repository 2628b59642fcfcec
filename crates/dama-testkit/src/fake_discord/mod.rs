//! A small Discord stand-in on 127.0.0.1 for end-to-end tests: a REST endpoint that records
//! every call (multipart attachments included) and answers what serenity needs, and a gateway
//! that says hello, readies the bot, acknowledges heartbeats and sends the events a test injects.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};

mod activity;
mod bot;
mod gateway;
mod rest;

pub use activity::ActivityClient;
pub use bot::{Bot, dama_binary};
use gateway::{Gateway, serve_gateway};
use rest::{RestState, message_json, serve_rest, snowflake};

/// The bot's user id.
pub const BOT: u64 = 900_000_000_000_000_001;
/// The bot's application id.
pub const APP: u64 = 900_000_000_000_000_002;
/// The test server, where every channel is unless a test says otherwise.
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
    /// The HTTP method.
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    /// Attachments: file name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// What the stand-in answered (a created message or thread, with its id).
    pub response: Value,
    /// When it arrived.
    pub at: std::time::Instant,
}

impl Call {
    /// The message's text (of an interaction's answer too).
    pub fn content(&self) -> String {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    /// The ids of the message's buttons, row by row.
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

    /// The board picture attached, if any.
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

    /// Whether only the asker sees it.
    pub fn ephemeral(&self) -> bool {
        let data = self.json.get("data").unwrap_or(&self.json);
        data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0
    }
}

/// The stand-in: its REST endpoint, its gateway, and what the bot did.
pub struct FakeDiscord {
    /// The REST endpoint, for `DISCORD_API_BASE`.
    pub rest_url: String,
    /// When each POST to a path arrived, by path.
    posts: Arc<Mutex<std::collections::HashMap<String, Vec<std::time::Instant>>>>,
    /// The gateway's address.
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
    user_locales: Arc<Mutex<std::collections::HashMap<u64, String>>>,
    /// The Activities running (see [`FakeDiscord::run_activity`]).
    instances: activity::Instances,
    /// Faults for the next calls on a path (matched by the path's end).
    faults: Arc<Mutex<Vec<(String, Fault)>>>,
    /// Messages created, by the nonce the bot gave (Discord enforces it).
    created: Arc<Mutex<Vec<Call>>>,
    /// The Message Content intent is not enabled for the application: an IDENTIFY asking for
    /// it is closed with 4014, as Discord does.
    refuse_content: Arc<std::sync::atomic::AtomicBool>,
    identified: Arc<std::sync::atomic::AtomicU64>,
    /// Discord's limit on creating messages in one channel, and each channel's window.
    channel_limit: Arc<Mutex<ChannelLimit>>,
}

/// Discord's limit on the messages a bot creates in one channel: so many in a window that
/// starts at the first; beyond it a 429 with `Retry-After` and the `X-RateLimit-*` headers
/// and a body without `code`, as Discord answers.
#[derive(Debug)]
pub struct ChannelLimit {
    /// Posts allowed in a window (`None`: no limit).
    pub posts: Option<u32>,
    /// The window's length.
    pub window: Duration,
    /// Each channel's window: when it started, and the posts in it.
    pub(super) windows: std::collections::HashMap<String, (std::time::Instant, u32)>,
    /// Posts answered 429, by path.
    pub refused: std::collections::HashMap<String, usize>,
}

impl Default for ChannelLimit {
    /// Discord's: 5 messages every 5 s in a channel.
    fn default() -> Self {
        ChannelLimit {
            posts: Some(5),
            window: Duration::from_secs(5),
            windows: std::collections::HashMap::new(),
            refused: std::collections::HashMap::new(),
        }
    }
}

impl FakeDiscord {
    /// From now on, refuse the privileged intents, Message Content and Server Members (as for
    /// an application whose developer portal enables neither).
    pub fn refuse_privileged_intents(&self) {
        self.refuse_content
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The intents the bot last identified with.
    pub fn identified_intents(&self) -> u64 {
        self.identified.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// `user` leaves the server `guild` (GUILD_MEMBER_REMOVE, sent to bots with the Server
    /// Members intent).
    pub fn member_left(&self, guild: u64, user: u64, name: &str) {
        self.send(
            "GUILD_MEMBER_REMOVE",
            json!({ "guild_id": guild.to_string(), "user": Self::user(user, name) }),
        );
    }

    /// Starts the stand-in on two free ports of 127.0.0.1.
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
            user_locales: Arc::default(),
            instances: Arc::default(),
            faults: Arc::default(),
            created: Arc::default(),
            refuse_content: Arc::default(),
            identified: Arc::default(),
            channel_limit: Arc::default(),
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
            channel_limit: fake.channel_limit.clone(),
            guilds: fake.channel_guilds.clone(),
            instances: fake.instances.clone(),
            locales: fake.user_locales.clone(),
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
            url: gateway_url.clone(),
            locale: fake.guild_locale.clone(),
            refuse_content: fake.refuse_content.clone(),
            identified: fake.identified.clone(),
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

    /// Lifts Discord's per-channel limit on posts (`None`) or sets another.
    pub fn limit_channel_posts(&self, posts: Option<u32>) {
        self.channel_limit.lock().unwrap().posts = posts;
    }

    /// How many posts in `channel` were answered 429.
    pub fn refused_posts(&self, channel: u64) -> usize {
        let path = format!("/api/v10/channels/{channel}/messages");
        self.channel_limit
            .lock()
            .unwrap()
            .refused
            .get(&path)
            .copied()
            .unwrap_or(0)
    }

    /// The next call whose path ends with `path` meets `fault`.
    pub fn fault(&self, path: &str, fault: Fault) {
        self.faults.lock().unwrap().push((path.to_string(), fault));
    }

    /// Forgets the faults not met yet.
    pub fn clear_faults(&self) {
        self.faults.lock().unwrap().clear();
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

    /// Every REST call so far, in order.
    pub fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    /// A new id, as Discord makes them.
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

    /// How many REST calls the bot has made.
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

    /// The bot's user object.
    pub fn bot_user() -> Value {
        json!({ "id": BOT.to_string(), "username": "dama", "discriminator": "0", "global_name": null, "avatar": null, "bot": true })
    }
}
