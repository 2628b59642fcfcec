//! The operators' side of the web, in process (tower's `oneshot`): `/healthz` says which part
//! is down, `/metrics` is Prometheus text with the games of every process and this one's own.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use dama_telemetry::{Health, Metrics, ShardState};
use dama_web::{Web, ops_router, router};
use tower::ServiceExt;

use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

async fn get(web: &Web, path: &str) -> (StatusCode, String, String) {
    let response = ops_router(web.clone())
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn health_says_which_part_is_down_and_metrics_count_games_and_requests(db: TestDb) {
    let (host, _clock, _) = host(&db).await;
    let web = Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        Health::expecting([0, 1]),
        Arc::new(Metrics::new()),
    );
    // No shard connected yet.
    let (status, kind, body) = get(&web, "/healthz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(kind, "application/json");
    assert_eq!(
        body.trim(),
        r#"{"database":"up","shards":{"0":"down","1":"down"}}"#
    );
    let up = |ms| ShardState {
        connected: true,
        latency: Some(Duration::from_millis(ms)),
    };
    web.health.set(0, up(40));
    assert_eq!(
        get(&web, "/healthz").await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
    web.health.set(1, up(60));
    let (status, _, body) = get(&web, "/healthz").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body.trim(),
        r#"{"database":"up","shards":{"0":"connected","1":"connected"}}"#
    );

    // A game running, and the requests so far, are counted.
    start_game(&web.host, false, 500).await;
    web.host.play(&at(ALICE, 500), "e3-e4").await.unwrap();
    web.host.hint(&at(BOB, 500)).await.unwrap();
    web.metrics.discord_error(429);
    web.metrics.discord_retry();
    assert_eq!(get(&web, "/nowhere").await.0, StatusCode::NOT_FOUND);
    // One player waits for 3+2; two for 5+0, whom a wave pairs.
    let clock = |c: &str| c.parse().unwrap();
    web.host
        .seek(&at(CAROL, 600), clock("3+2"), true, false)
        .await
        .unwrap();
    for (n, user) in [dama_model::UserId(1004), dama_model::UserId(1005)]
        .into_iter()
        .enumerate()
    {
        web.host
            .seek(&at(user, 601 + n as u64), clock("5+0"), true, false)
            .await
            .unwrap();
    }
    assert_eq!(web.host.wave().await.unwrap().meetings.len(), 1);
    let (status, kind, text) = get(&web, "/metrics").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    for line in [
        r#"dama_games{state="running"} 1"#,
        r#"dama_games{state="finished"} 0"#,
        r#"dama_web_requests_total{route="/healthz",status="503"} 2"#,
        r#"dama_web_requests_total{route="/healthz",status="200"} 1"#,
        r#"dama_web_requests_total{route="unknown",status="404"} 1"#,
        r#"dama_shard_connected{shard="1"} 1"#,
        r#"dama_gateway_latency_seconds{shard="0"} 0.04"#,
        "dama_database_ping_seconds_count 3",
        r#"dama_discord_rest_errors_total{status="429"} 1"#,
        "dama_discord_rest_retries_total 1",
        "dama_games_started_total 1",
        "dama_moves_total 1",
        r#"dama_ai_work_total{work="hint"} 1"#,
        r#"dama_ai_waiting{work="move"} 0"#,
        r#"dama_seekers_waiting{clock="3+2"} 1"#,
        "dama_seek_waves_total 1",
        "dama_seek_pairings_total 1",
        "dama_seek_gap_points_total 0",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in:\n{text}");
    }
    for counted in [
        "dama_database_writes_total ",
        "dama_database_write_seconds_total ",
        "dama_ai_work_seconds_total{work=\"hint\"} ",
    ] {
        let value: f64 = text
            .lines()
            .find_map(|l| l.strip_prefix(counted))
            .unwrap_or_else(|| panic!("no {counted} in:\n{text}"))
            .parse()
            .unwrap();
        assert!(value > 0.0, "{counted}{value}");
    }
    assert!(text.trim_end().ends_with("# EOF"), "{text}");

    // The database gone: 503, and the body says so.
    web.host.store().close().await;
    let (status, _, body) = get(&web, "/healthz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(body.contains(r#""database":"down""#), "{body}");
}

on_both_databases!(health_says_which_part_is_down_and_metrics_count_games_and_requests,);

/// A raw HTTP/1.1 GET to `addr` with extra header lines: the status.
async fn status_of(addr: std::net::SocketAddr, path: &str, headers: &str) -> Option<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: dama\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    answer.split(' ').nth(1)?.parse().ok()
}

/// Without an address of their own, `/healthz` and `/metrics` answer this machine only, and
/// never through a proxy; the site's router has neither; `serve_ops` serves them on theirs.
#[tokio::test]
async fn the_operators_routes_answer_only_here_or_on_their_own_address() {
    let db = TestDb::sqlite();
    let (host, _clock, _) = host(&db).await;
    let web = Web::new(
        Arc::new(host),
        Arc::new(dama_core::words::Words::new()),
        Health::expecting([0]),
        Arc::new(Metrics::new()),
    );
    web.health.set(
        0,
        ShardState {
            connected: true,
            latency: None,
        },
    );
    let site = router(web.clone())
        .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(
        site.status(),
        StatusCode::NOT_FOUND,
        "the site alone has no /metrics"
    );

    let (stop, stopped) = tokio::sync::watch::channel(false);
    let listener = dama_web::listen("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(dama_web::serve(listener, web.clone(), stopped.clone()));
    assert_eq!(status_of(addr, "/healthz", "").await, Some(200));
    assert_eq!(status_of(addr, "/metrics", "").await, Some(200));
    for relayed in [
        "X-Forwarded-For: 203.0.113.5\r\n",
        "X-Real-IP: 203.0.113.5\r\n",
        "Forwarded: for=203.0.113.5\r\n",
    ] {
        assert_eq!(
            status_of(addr, "/metrics", relayed).await,
            Some(404),
            "through a proxy: {relayed}"
        );
    }
    assert_eq!(
        status_of(addr, "/", "").await,
        Some(200),
        "the site is there"
    );

    let ops = dama_web::listen_as("DAMA_OPS_ADDR", "127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let ops_addr = ops.local_addr().unwrap();
    tokio::spawn(dama_web::serve_ops(ops, web.clone(), stopped));
    assert_eq!(status_of(ops_addr, "/healthz", "").await, Some(200));
    assert_eq!(
        status_of(ops_addr, "/", "").await,
        Some(404),
        "only the operators' routes"
    );
    stop.send(true).unwrap();
}
