//! What one address may ask of the web: a request rate (tower_governor, over governor's
//! generic cell rate algorithm), keyed by the reader's address. Behind a reverse proxy on this
//! machine every request comes from a loopback address, so there (and only there, where no
//! outsider can set it) the proxy's `X-Real-IP` or the last `X-Forwarded-For` hop names the
//! reader.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderValue, Request, Response, StatusCode, header};
use governor::middleware::NoOpMiddleware;
use tower_governor::GovernorError;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;

/// The limits of the web pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A reader's requests: this many at once, then one every `every`.
    pub burst: u32,
    pub every: Duration,
    /// Live pages open at once in this process (each holds a connection).
    pub live_pages: usize,
}

impl Default for Limits {
    /// Enough to step through a game by holding an arrow key (a board a step), not enough to
    /// crawl.
    fn default() -> Self {
        Limits {
            burst: 120,
            every: Duration::from_millis(50),
            live_pages: 5_000,
        }
    }
}

/// The reader's address (see the module's comment); in-process callers, which have none,
/// share one.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr;

impl KeyExtractor for ClientAddr {
    type Key = IpAddr;

    fn extract<T>(&self, request: &Request<T>) -> Result<IpAddr, GovernorError> {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(match peer {
            Some(ip) if ip.is_loopback() => forwarded(request.headers()).unwrap_or(ip),
            Some(ip) => ip,
            None => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        })
    }
}

/// The reader's address as a local proxy passes it on.
fn forwarded(headers: &HeaderMap) -> Option<IpAddr> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    text("x-real-ip")
        .and_then(|v| v.trim().parse().ok())
        .or_else(|| {
            text("x-forwarded-for")
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok())
        })
}

pub type RateLimit = GovernorConfig<ClientAddr, NoOpMiddleware>;

/// The rate limit of `limits`.
pub fn rate_limit(limits: &Limits) -> Arc<RateLimit> {
    Arc::new(
        GovernorConfigBuilder::default()
            .period(limits.every.max(Duration::from_nanos(1)))
            .burst_size(limits.burst.max(1))
            .key_extractor(ClientAddr)
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
