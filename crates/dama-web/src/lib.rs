//! The web side of `dama run` (with `DAMA_WEB_ADDR`), read-only: a page for every game (by its
//! link), listed servers and players; for operators, `GET /healthz` (the database and this
//! process's Discord shards) and `GET /metrics` (Prometheus text), on their own address
//! (`DAMA_OPS_ADDR`) or, without one, to this machine only.

mod activity;
mod error;
mod game;
mod html;
mod limits;
mod lists;
mod live;
mod lobby;
mod pages;
mod play;
mod puzzle;
mod reader;
mod server;
mod tournament;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tracing::Instrument;

pub use activity::ActivitySetup;
pub use game::{live_json, move_list, page_html, state_json};
pub use html::{Page, Query};
pub use limits::{RESERVED_FILES, WebLimits, raise_open_files};
pub use live::Live;
pub use play::SeatedPage;
pub use puzzle::{PuzzleDay, Said, Solving, follow};
pub use reader::{Proxies, Reader};

use dama_core::host::Host;
use dama_core::words::Words;
use dama_telemetry::{Health, Metrics};

/// How long a health check waits for the database.
const DATABASE_WAIT: Duration = Duration::from_secs(2);

/// What the web pages read.
#[derive(Clone)]
pub struct Web {
    /// The host the pages read and the puzzle pages ask.
    pub host: Arc<Host>,
    /// The words, in every language.
    pub words: Arc<Words>,
    /// The Discord side's shards, for `/healthz`.
    pub health: Arc<Health>,
    /// The process's metrics, for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// The live pages open in this process.
    pub live: Arc<Live>,
    activity: Arc<activity::Activity>,
    limits: WebLimits,
    proxies: Arc<Proxies>,
    rate: Arc<limits::RateLimit>,
    puzzle_tries: Arc<puzzle::Tries>,
    seats: Arc<play::SeatRate>,
}

impl Web {
    /// The pages over `host`, with `limits` on every reader.
    pub fn new(
        host: Arc<Host>,
        words: Arc<Words>,
        health: Arc<Health>,
        metrics: Arc<Metrics>,
    ) -> Web {
        let limits = WebLimits::default();
        let proxies = Arc::new(Proxies::none());
        Web {
            host,
            words,
            health,
            metrics,
            live: Arc::new(Live::new(&limits)),
            activity: Arc::default(),
            rate: limits::rate_limit(&limits, &proxies),
            limits,
            proxies,
            puzzle_tries: Arc::default(),
            seats: Arc::new(play::SeatRate::new(&limits)),
        }
    }

    /// The same web with other limits.
    pub fn with_limits(self, limits: WebLimits) -> Web {
        Web {
            live: Arc::new(Live::new(&limits)),
            rate: limits::rate_limit(&limits, &self.proxies),
            seats: Arc::new(play::SeatRate::new(&limits)),
            limits,
            ..self
        }
    }

    /// The same web believing these proxies' word on who their readers are.
    pub fn with_proxies(self, proxies: Proxies) -> Web {
        let proxies = Arc::new(proxies);
        Web {
            rate: limits::rate_limit(&self.limits, &proxies),
            proxies,
            ..self
        }
    }

    /// The same web with the Activity's sign-in set up.
    pub fn with_activity(self, setup: ActivitySetup) -> Web {
        Web {
            activity: Arc::new(activity::Activity::new(setup)),
            ..self
        }
    }

    /// The limits the pages keep to.
    pub fn limits(&self) -> &WebLimits {
        &self.limits
    }
}

/// The site's routes, limited per reader.
pub fn router(web: Web) -> Router {
    let rate =
        tower_governor::GovernorLayer::new(Arc::clone(&web.rate)).error_handler(limits::too_many);
    Router::new()
        .route("/", get(pages::home))
        .merge(game_routes())
        .route("/game/{key}/play", get(play::sign_in))
        .route("/game/{key}/pdn", get(game::pdn))
        .route("/game/{key}/gif", get(game::gif))
        .route("/game/{key}/analysis.png", get(game::analysis_chart))
        .route("/play", get(lobby::page))
        .route("/play/events", get(live::lobby_events))
        .route("/server/{id}", get(pages::server))
        .route("/player/{id}", get(pages::player))
        .route("/tournament/{id}", get(tournament::page))
        .route("/tournament/{id}/report.trf", get(tournament::report))
        .route("/tournament/{id}/events", get(live::tournament_events))
        .route("/puzzle", get(puzzle::today))
        .route("/puzzle/yesterday", get(puzzle::yesterday))
        .route("/activity/", get(activity::page))
        .nest(
            "/activity",
            game_routes()
                .route("/", get(activity::page))
                .route("/sign-in", axum::routing::post(activity::sign_in)),
        )
        .fallback(pages::nowhere)
        .layer(rate)
        // The static files, cached a day by the browser, are not counted: the Activity's SDK
        // alone is some seventy modules.
        .merge(static_routes())
        .nest("/activity", static_routes())
        .layer(axum::middleware::from_fn(guard))
        .layer(axum::middleware::from_fn_with_state(web.clone(), count))
        .with_state(web)
}

/// A game's page and what it asks while it is open: at the site's root, and again under
/// `/activity`, where Discord's proxy sends the Activity's requests.
fn game_routes() -> Router<Web> {
    Router::new()
        .route("/game/{key}", get(game::game_page))
        .route("/game/{key}/board/{ply}", get(game::board_svg))
        .route("/game/{key}/state", get(game::state))
        .route("/game/{key}/events", get(live::events))
        .route("/game/{key}/move", axum::routing::post(play::play_move))
        .route("/game/{key}/act", axum::routing::post(play::act))
}

/// The static files: the styles, the scripts, the icon, the vendored SDK.
fn static_routes() -> Router<Web> {
    Router::new()
        .route("/static/{file}", get(pages::asset))
        .route("/static/vendor/{*path}", get(pages::vendored))
}

/// The operators' routes, `/healthz` and `/metrics`, with no limit: for their own address.
pub fn ops_router(web: Web) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_text))
        .layer(axum::middleware::from_fn_with_state(web.clone(), count))
        .with_state(web)
}

/// The site, and the operators' routes for this machine only: asked from elsewhere, or
/// through any proxy, they are not found, like any other unknown path.
fn router_with_local_ops(web: Web) -> Router {
    let ops = ops_router(web.clone()).layer(axum::middleware::from_fn(local_only));
    router(web).merge(ops)
}

async fn local_only(request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_canonical());
    let relayed = ["x-forwarded-for", "x-real-ip", "forwarded"]
        .iter()
        .any(|h| request.headers().contains_key(*h));
    if peer.is_some_and(|ip| ip.is_loopback()) && !relayed {
        next.run(request).await
    } else {
        (StatusCode::NOT_FOUND, "not found\n").into_response()
    }
}

/// Headers every answer carries: scripts, styles and pictures from this site only, no
/// framing (but the Activity's, by Discord alone), no referrer (a game's link is its key). An answer that says nothing of caching
/// (every page and picture but the static files) differs by the reader's language, seat or
/// address: no shared cache keeps it, and a browser asks again.
async fn guard(request: Request, next: Next) -> Response {
    let framed = activity::is_activity(request.uri().path());
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-cache"),
        );
    }
    // Every answer but a static file's may differ by language and seat: said to any cache.
    let public = headers
        .get(header::CACHE_CONTROL)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("public"));
    if !public && !headers.contains_key(header::VARY) {
        headers.insert(
            header::VARY,
            HeaderValue::from_static("Accept-Language, Cookie"),
        );
    }
    const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
        img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'";
    let policy = if framed {
        HeaderValue::from_str(&format!("{POLICY}; frame-ancestors {}", activity::FRAMERS))
    } else {
        HeaderValue::from_str(&format!("{POLICY}; frame-ancestors 'none'"))
    };
    if let Ok(policy) = policy {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !framed {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    response
}

/// Listens on `addr` (that address only), saying in one sentence why it cannot.
pub async fn listen(addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    listen_as("DAMA_WEB_ADDR", addr).await
}

/// Listens on `addr`, the value of the setting `name`.
pub async fn listen_as(name: &str, addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("{name}: cannot listen on {addr}: {e}"))
}

/// Serves the site on `listener` until `stop` turns true, with the operators' routes for
/// this machine only (see [`serve_ops`] for an address of their own).
pub async fn serve(
    listener: tokio::net::TcpListener,
    web: Web,
    stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<()> {
    serve_site(listener, web, stop, true).await
}

/// Serves the site on `listener` until `stop` turns true; the operators' routes too (for this
/// machine only) when `ops_here`.
pub async fn serve_site(
    listener: tokio::net::TcpListener,
    web: Web,
    stop: tokio::sync::watch::Receiver<bool>,
    ops_here: bool,
) -> std::io::Result<()> {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "serving the web");
    }
    // The rate limiter forgets readers who have been quiet long enough.
    let rate = Arc::clone(&web.rate);
    let forget = tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            rate.limiter().retain_recent();
        }
    });
    let app = if ops_here {
        router_with_local_ops(web.clone())
    } else {
        router(web.clone())
    };
    // Once the site is full, this machine's probes still reach the operators' routes (to this
    // machine only, as ever); anything else is busy.
    let probes = ops_router(web.clone())
        .layer(axum::middleware::from_fn(local_only))
        .fallback(busy);
    let served = server::accept_loop(
        listener,
        server::Served {
            name: "site",
            app,
            probes,
            limits: web.limits,
            proxies: Arc::clone(&web.proxies),
        },
        Arc::clone(&web.metrics),
        stop,
    )
    .await;
    forget.abort();
    served
}

/// Serves `/healthz` and `/metrics` on `listener` (`DAMA_OPS_ADDR`) until `stop` turns true.
pub async fn serve_ops(
    listener: tokio::net::TcpListener,
    web: Web,
    stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<()> {
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "serving health and metrics");
    }
    // A few scrapers and probes: their own small share, apart from the site's, no address
    // holding all of it, and idle connections closed sooner.
    let limits = WebLimits {
        connections: 64,
        connections_per_address: 16,
        header_wait: web.limits.header_wait.min(OPS_HEADER_WAIT),
        ..web.limits
    };
    let app = ops_router(web.clone());
    server::accept_loop(
        listener,
        server::Served {
            name: "ops",
            probes: app.clone(),
            app,
            limits,
            proxies: Arc::new(Proxies::none()),
        },
        Arc::clone(&web.metrics),
        stop,
    )
    .await
}

/// How long an operators' connection may wait to send a request's headers, or idle.
const OPS_HEADER_WAIT: Duration = Duration::from_secs(5);

/// A probe's connection asking for anything but the operators' routes: the site is full.
async fn busy() -> Response {
    let mut response = (
        StatusCode::SERVICE_UNAVAILABLE,
        "The web is busy: try again in a moment.\n",
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

/// Counts each request by its route (never by its raw path, which anyone can vary), and ties
/// its log lines together in one span: the route, and the game's key or the tournament's
/// number it names.
async fn count(State(web): State<Web>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unknown", |p| p.as_str())
        .to_string();
    let named = named_in(request.uri().path(), &route);
    let span = tracing::info_span!(
        "request",
        method = %request.method(),
        route = %route,
        game_key = named.game,
        tournament = named.tournament,
    );
    let response = next.run(request).instrument(span).await;
    web.metrics.request(&route, response.status().as_u16());
    response
}

/// What a request's path names, for its span.
#[derive(Default)]
struct Named<'a> {
    game: Option<&'a str>,
    tournament: Option<&'a str>,
}

/// The game key or tournament number in `path`, where its `route` has one (`{key}`, `{id}`);
/// cut to 32 characters (a raw path is ASCII).
fn named_in<'a>(path: &'a str, route: &str) -> Named<'a> {
    let mut named = Named::default();
    for (part, pattern) in path.split('/').zip(route.split('/')) {
        let part = part.get(..part.len().min(32)).unwrap_or(part);
        match pattern {
            "{key}" => named.game = Some(part),
            "{id}" if route.starts_with("/tournament") => named.tournament = Some(part),
            _ => {}
        }
    }
    named
}

/// 200 when the database answers and every shard of this process is connected, else 503; the
/// body says which part is down.
async fn healthz(State(web): State<Web>) -> Response {
    let started = Instant::now();
    let database = matches!(
        tokio::time::timeout(DATABASE_WAIT, web.host.ping()).await,
        Ok(Ok(()))
    );
    web.metrics.database_ping(started.elapsed(), database);
    let shards = web.health.shards();
    let all_connected = !shards.is_empty() && shards.iter().all(|(_, s)| s.connected);
    let listed: serde_json::Map<String, serde_json::Value> = shards
        .iter()
        .map(|(id, s)| {
            let state = if s.connected { "connected" } else { "down" };
            (id.to_string(), state.into())
        })
        .collect();
    let body = serde_json::json!({
        "database": if database { "up" } else { "down" },
        "shards": listed,
    });
    let body = format!("{body}\n");
    let status = if database && all_connected {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

async fn metrics_text(State(web): State<Web>) -> Response {
    let counts = match web.host.game_counts().await {
        Ok(c) => Some(c),
        Err(e) => {
            e.log_internal();
            None
        }
    };
    let text = web.metrics.render(
        &web.health.shards(),
        counts.as_ref(),
        &web.host.process_counts(),
    );
    let mut response = (StatusCode::OK, text).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
    );
    response
}
