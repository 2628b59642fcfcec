//! Creating messages in a channel at the pace Discord allows. Discord takes about five messages
//! every five seconds from a bot in one channel and answers 429 beyond; serenity's error type
//! drops the headers that say how long to wait (and cannot read a 429 body without `code`). So
//! messages are created here, one queue a channel:
//! - each post waits its turn, the channel's bucket spread over its window (a board a second,
//!   not five at once and then a wait of five seconds), as the `X-RateLimit-*` headers tell;
//! - a 429 is waited out as its headers say and the post tried again: never lost;
//! - a board not yet posted when a newer board of its game comes is dropped, the newer one naming
//!   its moves, so the channel is never more than a turn of the bucket behind its game.
//!
//! The same code runs against Discord and through `DISCORD_API_BASE`.

use dama_telemetry::Metrics;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use reqwest::header::HeaderMap;
use secrecy::{ExposeSecret, SecretString};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use dama_core::host::{Lang, Reply};
use dama_core::words::Words;

/// A channel's queue stops after this long with nothing to post (and starts again at the next).
const IDLE: Duration = Duration::from_secs(60);
/// A post that fails (5xx, no answer) is tried this many times…
const TRIES: u32 = super::retry::TRIES;
/// …within this long, the waits doubling from the first.
const WITHIN: Duration = super::retry::WITHIN;
const FIRST_WAIT: Duration = Duration::from_millis(750);
/// A 429 whose headers say nothing is waited out this long.
const UNSAID_WAIT: Duration = Duration::from_secs(1);

/// What became of a post.
#[derive(Debug)]
pub enum Posted {
    /// Created: the message.
    Sent(serenity::Message),
    /// Shown by a newer board of its game, created as this message.
    Covered(serenity::Message),
}

/// Why a post could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PostError {
    /// Discord refused it for good (a 4xx other than 429), or went on failing.
    #[error("Discord answered {status}: {body}")]
    Refused { status: u16, body: String },
    /// No answer (the connection failed) on the last try.
    #[error("no answer from Discord: {0}")]
    Unanswered(#[from] reqwest::Error),
    /// The message could not be written or Discord's answer read.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The process is stopping.
    #[error("the channel's queue stopped")]
    Stopped,
}

/// What to post: a host reply (a board may be overtaken), or a message made elsewhere.
enum Content {
    Reply { lang: Lang, reply: Reply },
    Message(serenity::CreateMessage),
}

struct Post {
    content: Content,
    /// The same on every try of this post, so Discord never creates it twice.
    nonce: String,
    /// Tried once already: it may exist, so it is never merged into a newer board.
    tried: bool,
    /// Who waits for it, and whether each waits for this post or for one it was merged into.
    waiting: Vec<(oneshot::Sender<Result<Posted, PostError>>, bool)>,
}

/// The queues of every channel.
pub struct Posts {
    shared: Arc<Shared>,
}

struct Shared {
    client: reqwest::Client,
    /// `https://discord.com/api/v10` or the proxy's equivalent.
    api: String,
    /// `Bot …`.
    token: SecretString,
    words: Arc<Words>,
    metrics: Arc<Metrics>,
    channels: Mutex<HashMap<u64, mpsc::UnboundedSender<Post>>>,
}

impl Posts {
    /// Posts with `token`, to Discord or to `api_base` in its place.
    pub fn new(
        token: &SecretString,
        api_base: Option<&str>,
        words: Arc<Words>,
        metrics: Arc<Metrics>,
    ) -> Posts {
        let token = token.expose_secret().trim();
        let token = SecretString::new(if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        });
        let base = api_base
            .unwrap_or("https://discord.com")
            .trim_end_matches('/');
        Posts {
            shared: Arc::new(Shared {
                client: reqwest::Client::builder()
                    .user_agent(concat!(
                        "DiscordBot (dama, ",
                        env!("CARGO_PKG_VERSION"),
                        ")"
                    ))
                    .timeout(Duration::from_secs(30))
                    .build()
                    .unwrap_or_default(),
                api: format!("{base}/api/v10"),
                token,
                words,
                metrics,
                channels: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Queues a host reply in `channel` (in order with everything queued before it); a board
    /// may be covered by a newer one. The answer tells what became of it.
    pub fn reply(
        &self,
        channel: serenity::ChannelId,
        lang: Lang,
        reply: &Reply,
    ) -> impl Future<Output = Result<Posted, PostError>> + use<> {
        let rx = self.queue(
            channel,
            Content::Reply {
                lang,
                reply: reply.clone(),
            },
        );
        async move { rx.await.unwrap_or(Err(PostError::Stopped)) }
    }

    /// Posts a message in `channel` in its turn (without attachments).
    pub async fn message(
        &self,
        channel: serenity::ChannelId,
        message: serenity::CreateMessage,
    ) -> Result<serenity::Message, PostError> {
        let rx = self.queue(channel, Content::Message(message));
        match rx.await.unwrap_or(Err(PostError::Stopped))? {
            Posted::Sent(m) | Posted::Covered(m) => Ok(m),
        }
    }

    fn queue(
        &self,
        channel: serenity::ChannelId,
        content: Content,
    ) -> oneshot::Receiver<Result<Posted, PostError>> {
        let (tx, rx) = oneshot::channel();
        let post = Post {
            nonce: nonce_of(&content),
            content,
            tried: false,
            waiting: vec![(tx, true)],
        };
        {
            let mut channels = self
                .shared
                .channels
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let queue = channels.entry(channel.get()).or_insert_with(|| {
                let (tx, rx) = mpsc::unbounded_channel();
                tokio::spawn(run(Arc::clone(&self.shared), channel.get(), rx));
                tx
            });
            if let Err(mpsc::error::SendError(post)) = queue.send(post) {
                // Its queue had just stopped: a new one.
                let (tx, rx) = mpsc::unbounded_channel();
                let _ = tx.send(post);
                tokio::spawn(run(Arc::clone(&self.shared), channel.get(), rx));
                *queue = tx;
            }
        }
        rx
    }
}

/// A post's nonce (at most 25 characters): a game's change has its own (`g` and the game and
/// its version, in hexadecimal), a Swiss round's announcement too (`t`, the tournament, `r`,
/// the round), so whichever process posts it, after a crash or from the owed posts, Discord
/// shows it once; anything else gets a random one.
fn nonce_of(content: &Content) -> String {
    if let Content::Reply { reply, .. } = content {
        let own = match (reply.shown, reply.announced) {
            (Some(shown), _) => Some(format!("g{:x}v{:x}", shown.game.0, shown.version)),
            (None, Some(a)) => Some(format!("t{:x}r{:x}", a.tournament.0, a.round)),
            (None, None) => None,
        };
        if let Some(own) = own.filter(|own| own.len() <= 25) {
            return own;
        }
    }
    match super::retry::nonce() {
        serenity::Nonce::String(s) => s,
        serenity::Nonce::Number(n) => n.to_string(),
    }
}

/// When the channel may take its next post, as Discord's last answer said.
#[derive(Debug)]
struct Bucket {
    next: Instant,
}

impl Bucket {
    /// After an answer at `now` with `headers`: the posts left in the window spread over what
    /// is left of it; none left, the window's end.
    fn answered(&mut self, now: Instant, headers: &HeaderMap) {
        let remaining = header::<u32>(headers, "x-ratelimit-remaining");
        let reset_after = header::<f64>(headers, "x-ratelimit-reset-after");
        self.next = match (remaining, reset_after) {
            (Some(0), Some(s)) => now + secs(s),
            (Some(r), Some(s)) => now + secs(s / f64::from(r + 1)),
            _ => now,
        };
    }

    /// After a 429 at `now`: its `Retry-After` (or the bucket's reset, or the body's figure),
    /// whichever is longest.
    fn refused(&mut self, now: Instant, headers: &HeaderMap, body: &serde_json::Value) {
        let waits = [
            header::<f64>(headers, "retry-after"),
            header::<f64>(headers, "x-ratelimit-reset-after"),
            body.get("retry_after").and_then(serde_json::Value::as_f64),
        ];
        let wait = waits
            .into_iter()
            .flatten()
            .map(secs)
            .max()
            .unwrap_or(UNSAID_WAIT);
        self.next = now + wait;
    }
}

fn secs(s: f64) -> Duration {
    Duration::try_from_secs_f64(s.clamp(0.0, 3600.0)).unwrap_or(UNSAID_WAIT)
}

fn header<T: std::str::FromStr>(headers: &HeaderMap, name: &str) -> Option<T> {
    headers.get(name)?.to_str().ok()?.trim().parse().ok()
}

/// Adds `post` to `queue`: in place of the last board of its game not yet tried, where the two
/// can be one post; at the end otherwise.
fn enqueue(queue: &mut VecDeque<Post>, post: Post) {
    if let Content::Reply { lang, reply: newer } = &post.content
        && newer.game.is_some()
        && let Some(i) = queue.iter().rposition(|p| match &p.content {
            Content::Reply { reply, .. } => reply.game == newer.game,
            Content::Message(_) => false,
        })
        && !queue[i].tried
        && let Content::Reply {
            lang: older_lang,
            reply: older,
        } = &queue[i].content
        && older_lang == lang
        && let Some(merged) = older.overtaken_by(newer)
    {
        let older = &mut queue[i];
        for (_, own) in &mut older.waiting {
            *own = false;
        }
        older.waiting.extend(post.waiting);
        older.content = Content::Reply {
            lang: *lang,
            reply: merged,
        };
        older.nonce = post.nonce;
        return;
    }
    queue.push_back(post);
}

/// One channel's queue, until it has been idle for [`IDLE`].
async fn run(shared: Arc<Shared>, channel: u64, mut incoming: mpsc::UnboundedReceiver<Post>) {
    let mut queue = VecDeque::new();
    let mut bucket = Bucket {
        next: Instant::now(),
    };
    let mut failures: Option<(Instant, u32)> = None;
    loop {
        if queue.is_empty() {
            match tokio::time::timeout(IDLE, incoming.recv()).await {
                Ok(Some(post)) => enqueue(&mut queue, post),
                Ok(None) => return,
                Err(_) => {
                    let mut channels = shared
                        .channels
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    match incoming.try_recv() {
                        Ok(post) => enqueue(&mut queue, post),
                        Err(_) => {
                            channels.remove(&channel);
                            return;
                        }
                    }
                }
            }
        }
        // Wait for the bucket, taking in what comes meanwhile (a newer board covers an older).
        let turn = tokio::time::sleep_until(bucket.next);
        tokio::pin!(turn);
        loop {
            tokio::select! {
                () = &mut turn => break,
                post = incoming.recv() => match post {
                    Some(post) => enqueue(&mut queue, post),
                    None => break,
                },
            }
        }
        while let Ok(post) = incoming.try_recv() {
            enqueue(&mut queue, post);
        }
        let Some(mut post) = queue.pop_front() else {
            continue;
        };
        post.tried = true;
        let metrics = &shared.metrics;
        match shared.create(channel, &post).await {
            Ok((message, headers)) => {
                bucket.answered(Instant::now(), &headers);
                failures = None;
                finish(post, Ok(message));
            }
            Err(Attempt::Limited { headers, body }) => {
                metrics.discord_error(429);
                metrics.discord_retry();
                bucket.refused(Instant::now(), &headers, &body);
                tracing::debug!(channel, wait = ?bucket.next - Instant::now(), "a post waits out a 429");
                // Not created: it may still be covered by a newer board while it waits.
                post.tried = false;
                queue.push_front(post);
            }
            Err(Attempt::Failed { error, again }) => {
                metrics.discord_error(match &error {
                    PostError::Refused { status, .. } => *status,
                    _ => 0,
                });
                let (since, tries) = failures.unwrap_or((Instant::now(), 0));
                let tries = tries + 1;
                let wait = FIRST_WAIT * 2u32.pow(tries - 1);
                if again && tries < TRIES && since.elapsed() + wait < WITHIN {
                    metrics.discord_retry();
                    tracing::debug!(channel, error = %error, tries, "a post is tried again in {wait:?}");
                    failures = Some((since, tries));
                    bucket.next = Instant::now() + wait;
                    queue.push_front(post);
                } else {
                    failures = None;
                    finish(post, Err(error));
                }
            }
        }
    }
}

/// Tells everyone waiting for `post` what became of it.
fn finish(post: Post, result: Result<serenity::Message, PostError>) {
    match result {
        Ok(message) => {
            for (tx, own) in post.waiting {
                let posted = if own {
                    Posted::Sent(message.clone())
                } else {
                    Posted::Covered(message.clone())
                };
                let _ = tx.send(Ok(posted));
            }
        }
        Err(e) => {
            let text = e.to_string();
            let mut waiting = post.waiting.into_iter();
            if let Some((tx, _)) = waiting.next() {
                let _ = tx.send(Err(e));
            }
            for (tx, _) in waiting {
                let _ = tx.send(Err(PostError::Refused {
                    status: 0,
                    body: text.clone(),
                }));
            }
        }
    }
}

/// One try at creating a message.
enum Attempt {
    /// 429: wait as the headers say, and try again.
    Limited {
        headers: HeaderMap,
        body: serde_json::Value,
    },
    /// Failed; `again`: worth another try (5xx, no answer).
    Failed { error: PostError, again: bool },
}

impl Shared {
    async fn create(
        &self,
        channel: u64,
        post: &Post,
    ) -> Result<(serenity::Message, HeaderMap), Attempt> {
        let failed = |error: PostError, again| Attempt::Failed { error, again };
        let (message, files) = match &post.content {
            Content::Reply { lang, reply } => (
                super::render_message(&self.words, *lang, reply),
                super::attachments(reply),
            ),
            Content::Message(m) => (m.clone(), Vec::new()),
        };
        let mut json = serde_json::to_value(&message).map_err(|e| failed(e.into(), false))?;
        json["nonce"] = post.nonce.clone().into();
        json["enforce_nonce"] = true.into();
        let url = format!("{}/channels/{channel}/messages", self.api);
        let request = self
            .client
            .post(url)
            .header(reqwest::header::AUTHORIZATION, self.token.expose_secret());
        let request = if files.is_empty() {
            request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(json.to_string())
        } else {
            json["attachments"] = files
                .iter()
                .enumerate()
                .map(|(i, f)| serde_json::json!({ "id": i, "filename": f.filename }))
                .collect();
            let mut form = reqwest::multipart::Form::new();
            for (i, f) in files.into_iter().enumerate() {
                let mime = if f.filename.ends_with(".png") {
                    "image/png"
                } else {
                    "application/octet-stream"
                };
                let part = reqwest::multipart::Part::bytes(f.data)
                    .file_name(f.filename)
                    .mime_str(mime)
                    .map_err(|e| failed(e.into(), false))?;
                form = form.part(format!("files[{i}]"), part);
            }
            request.multipart(form.text("payload_json", json.to_string()))
        };
        let response = request.send().await.map_err(|e| failed(e.into(), true))?;
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.bytes().await.map_err(|e| failed(e.into(), true))?;
        if status.as_u16() == 429 {
            let body = serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null);
            return Err(Attempt::Limited { headers, body });
        }
        if !status.is_success() {
            return Err(failed(
                PostError::Refused {
                    status: status.as_u16(),
                    body: String::from_utf8_lossy(&body).chars().take(300).collect(),
                },
                status.is_server_error(),
            ));
        }
        let message = serde_json::from_slice(&body).map_err(|e| failed(e.into(), false))?;
        Ok((message, headers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_posts_left_are_spread_over_the_window_and_none_left_waits_for_its_end() {
        let now = Instant::now();
        let mut b = Bucket { next: now };
        b.answered(
            now,
            &headers(&[
                ("x-ratelimit-remaining", "4"),
                ("x-ratelimit-reset-after", "5.000"),
            ]),
        );
        assert_eq!(b.next - now, Duration::from_secs(1));
        b.answered(
            now,
            &headers(&[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset-after", "1.250"),
            ]),
        );
        assert_eq!(b.next - now, Duration::from_millis(1_250));
        b.answered(now, &HeaderMap::new());
        assert_eq!(b.next, now);
    }

    #[test]
    fn a_429_waits_the_longest_of_what_it_says_whatever_its_body() {
        let now = Instant::now();
        let mut b = Bucket { next: now };
        b.refused(
            now,
            &headers(&[("retry-after", "2"), ("x-ratelimit-reset-after", "1.5")]),
            &serde_json::Value::Null,
        );
        assert_eq!(b.next - now, Duration::from_secs(2));
        b.refused(
            now,
            &HeaderMap::new(),
            &serde_json::json!({ "message": "You are being rate limited.", "retry_after": 0.25 }),
        );
        assert_eq!(b.next - now, Duration::from_millis(250));
        b.refused(now, &HeaderMap::new(), &serde_json::json!("<html>"));
        assert_eq!(b.next - now, UNSAID_WAIT);
    }
}
