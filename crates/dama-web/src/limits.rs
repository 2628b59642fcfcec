//! What one reader may ask of the web: a request rate (tower_governor, over governor's
//! generic cell rate algorithm), connections and live pages at once, all keyed by the reader
//! ([`super::reader`]); and what the whole process gives the web, within its open files.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use governor::middleware::NoOpMiddleware;
use tower_governor::GovernorError;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;

use super::reader::{Proxies, Reader};

/// The limits of the web pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebLimits {
    /// A reader's requests: this many at once, then one every `every`.
    pub burst: u32,
    /// How often a reader past the burst may ask again.
    pub every: Duration,
    /// Live pages open at once in this process (each holds a connection).
    pub live_pages: usize,
    /// Live pages one reader may hold open at once.
    pub live_pages_per_reader: usize,
    /// Connections open at once in this process (see [`WebLimits::within_open_files`]).
    pub connections: usize,
    /// Connections one address may hold open at once (a trusted proxy is not held to it: it
    /// carries everyone).
    pub connections_per_address: usize,
    /// How long a connection may take to send a request's headers, and may stay idle between
    /// two requests, before it is closed.
    pub header_wait: Duration,
    /// A seated player's moves and offers: this many at once, then one every `player_every`.
    pub player_burst: u32,
    /// How often a player past the burst may send again.
    pub player_every: Duration,
}

impl Default for WebLimits {
    /// Enough to step through a game by holding an arrow key (a board a step), and to watch a
    /// few games at once from behind a shared address; not enough to crawl or to hoard.
    fn default() -> Self {
        WebLimits {
            burst: 120,
            every: Duration::from_millis(50),
            live_pages: 5_000,
            live_pages_per_reader: 20,
            connections: 10_000,
            connections_per_address: 64,
            header_wait: Duration::from_secs(10),
            // Enough for any game played by hand, premoves included; not for a script.
            player_burst: 12,
            player_every: Duration::from_millis(250),
        }
    }
}

/// The open files the rest of the bot keeps for itself, whatever the web's load: the
/// database's pool, the Discord shards' sockets and its HTTP client, table files, logs.
pub const RESERVED_FILES: u64 = 256;

impl WebLimits {
    /// These limits with no more connections (and live pages, which hold one each) than
    /// `open_files` minus what the rest of the bot keeps ([`RESERVED_FILES`]); a quarter of
    /// the connections stay free of live pages, so pages still load when many are watched.
    pub fn within_open_files(self, open_files: u64) -> WebLimits {
        let budget = open_files.saturating_sub(RESERVED_FILES).max(16);
        let connections = self
            .connections
            .min(usize::try_from(budget).unwrap_or(usize::MAX));
        WebLimits {
            connections,
            live_pages: self.live_pages.min(connections - connections / 4),
            ..self
        }
    }
}

/// Raises this process's soft limit on open files to its hard limit, and returns the limit
/// now in force (a process starts with 1,024 on most systems, far below what it may have).
pub fn raise_open_files() -> std::io::Result<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let mut limit = getrlimit(Resource::Nofile);
    // `None` is no limit at all.
    if limit.current.unwrap_or(u64::MAX) < limit.maximum.unwrap_or(u64::MAX) {
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            limit = raised;
        }
    }
    Ok(limit.current.unwrap_or(u64::MAX))
}

/// The rate limiter's key: the reader.
#[derive(Clone, Debug)]
pub struct ClientAddr(pub Arc<Proxies>);

impl KeyExtractor for ClientAddr {
    type Key = IpAddr;

    fn extract<T>(&self, request: &Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(Reader::of(&self.0, request).0)
    }
}

pub type RateLimit = GovernorConfig<ClientAddr, NoOpMiddleware>;

/// The rate limit of `limits`.
#[expect(clippy::expect_used, reason = "a period and a burst above zero")]
pub fn rate_limit(limits: &WebLimits, proxies: &Arc<Proxies>) -> Arc<RateLimit> {
    Arc::new(
        GovernorConfigBuilder::default()
            .period(limits.every.max(Duration::from_nanos(1)))
            .burst_size(limits.burst.max(1))
            .key_extractor(ClientAddr(Arc::clone(proxies)))
            .finish()
            .expect("a period and a burst above zero"),
    )
}

/// The answer to a reader over the limit: 429 with the seconds to wait.
pub fn too_many(error: GovernorError) -> Response<Body> {
    let wait = match &error {
        GovernorError::TooManyRequests { wait_time, .. } => (*wait_time).max(1),
        _ => 1,
    };
    let mut response = Response::new(Body::from(format!(
        "Too many requests from your address: wait {wait} s and try again.\n"
    )));
    *response.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
        headers.insert(header::RETRY_AFTER, v);
    }
    response
}
