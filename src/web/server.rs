//! The web's own accept loop over hyper (axum's `serve` has no limits to set): a connection
//! gets a few seconds to send each request's headers and may idle no longer between requests,
//! and the process and each address hold only so many connections at once. What is over a
//! limit is closed as soon as it is accepted, so no crowd of idle clients can use up the
//! descriptors the Discord side and the database need.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use super::reader::Proxies;
use super::{Metrics, WebLimits};

/// The connections one listener holds, in all and per address.
struct Connections {
    open: AtomicUsize,
    max: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    max_per_address: usize,
    metrics: Arc<Metrics>,
}

/// One admitted connection, counted until it closes.
struct Admitted {
    connections: Arc<Connections>,
    /// Its address, when it counts against that address's share.
    address: Option<IpAddr>,
}

impl Connections {
    fn new(limits: &WebLimits, metrics: Arc<Metrics>) -> Arc<Connections> {
        Arc::new(Connections {
            open: AtomicUsize::new(0),
            max: limits.connections.max(1),
            by_address: Mutex::new(HashMap::new()),
            max_per_address: limits.connections_per_address.max(1),
            metrics,
        })
    }

    /// Counts a new connection from `ip`, or says which limit it is over. A trusted proxy's
    /// connections count only towards the whole process's.
    fn admit(self: &Arc<Self>, ip: IpAddr, proxy: bool) -> Result<Admitted, &'static str> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= self.max {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err("connections");
        }
        let address = if proxy {
            None
        } else {
            let mut by_address = self
                .by_address
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let held = by_address.entry(ip).or_insert(0);
            if *held >= self.max_per_address {
                drop(by_address);
                self.open.fetch_sub(1, Ordering::AcqRel);
                return Err("address");
            }
            *held += 1;
            Some(ip)
        };
        self.metrics
            .web_connections(self.open.load(Ordering::Relaxed));
        Ok(Admitted {
            connections: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let c = &self.connections;
        if let Some(ip) = self.address {
            let mut by_address = c.by_address.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(held) = by_address.get_mut(&ip) {
                *held -= 1;
                if *held == 0 {
                    by_address.remove(&ip);
                }
            }
        }
        let open = c.open.fetch_sub(1, Ordering::AcqRel) - 1;
        c.metrics.web_connections(open);
    }
}

/// Serves `app` on `listener` until `stop` turns true, within `limits`.
pub(super) async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: WebLimits,
    proxies: Arc<Proxies>,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let connections = Connections::new(&limits, Arc::clone(&metrics));
    let (closing, closed) = watch::channel(false);
    loop {
        let accepted = tokio::select! {
            _ = stop.wait_for(|s| *s) => break,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of descriptors or memory: wait a moment rather than spin.
                tracing::warn!(error = %e, "web: accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let ip = peer.ip().to_canonical();
        let admitted = match connections.admit(ip, proxies.trusts(ip)) {
            Ok(a) => a,
            Err(limit) => {
                metrics.web_refused(limit);
                drop(stream);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_connection(
            stream,
            peer,
            app.clone(),
            limits.header_wait,
            closed.clone(),
            admitted,
        ));
    }
    // Open connections finish what they are answering and close; live pages end now.
    let _ = closing.send(true);
    Ok(())
}

async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    header_wait: Duration,
    mut closing: watch::Receiver<bool>,
    _admitted: Admitted,
) {
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    // hyper's header timer also runs while a kept-alive connection waits for its next
    // request, so this one setting closes slow and idle connections alike.
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_wait)
        .keep_alive(true);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        served = connection.as_mut() => {
            if let Err(e) = served {
                tracing::trace!(error = %e, "web: a connection ended with an error");
            }
            return;
        }
        _ = closing.wait_for(|c| *c) => {}
    }
    connection.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(Duration::from_secs(1), connection).await;
}

/// An error of one connection (it went away before it was accepted), not of the listener.
fn is_connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::ConnectionRefused
            | std::io::ErrorKind::ConnectionAborted
            | std::io::ErrorKind::ConnectionReset
    )
}
