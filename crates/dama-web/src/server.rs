//! The web's own accept loop over hyper (axum's `serve` has no limits to set): a connection
//! gets a few seconds to send each request's headers and may idle no longer between requests,
//! and the process and each address hold only so many connections at once. What is over a
//! limit is closed as soon as it is accepted, so no crowd of idle clients can use up the
//! descriptors the Discord side and the database need. A few places more are kept for this
//! machine's own probes (from `127.0.0.1` or `::1`) once the listener is full: answered with
//! the operators' routes alone, one request each, the oldest giving way to the newest, so a
//! health check still answers while the listener is full of connections that never ask.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{Notify, watch};
use tower::ServiceExt;

use super::reader::Proxies;
use super::{Metrics, WebLimits};

/// The connections one listener holds, in all and per address.
struct Connections {
    /// The gauge's label: `site` or `ops`.
    name: &'static str,
    open: AtomicUsize,
    max: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
    max_per_address: usize,
    metrics: Arc<Metrics>,
}

/// What one listener serves, and to whom.
pub(super) struct Served {
    /// The gauge's label for its connections (`site`, `ops`).
    pub name: &'static str,
    /// Every request of an admitted connection.
    pub app: Router,
    /// The requests of this machine's probes once the listener is full: the operators' routes.
    pub probes: Router,
    /// Its limits.
    pub limits: WebLimits,
    /// The proxies whose connections count only towards the whole listener's.
    pub proxies: Arc<Proxies>,
}

/// Places kept for this machine's probes beyond a full listener.
const PROBES: usize = 8;

/// How long a probe's connection may take to send its request; it serves that one alone.
const PROBE_WAIT: Duration = Duration::from_secs(1);

/// Whether `ip` is this machine's own address, as a probe on it connects from.
fn is_probe(ip: IpAddr) -> bool {
    ip == IpAddr::from([127, 0, 0, 1]) || ip == IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
}

/// The probes' places of one listener, oldest first: a new probe takes the oldest's place when
/// all are taken (that one closes at once if it never asked, or when it has answered).
struct ProbePlaces {
    /// The gauge's label: `site_probes` or `ops_probes`.
    name: &'static str,
    taken: Mutex<VecDeque<(u64, Arc<Notify>)>>,
    next: AtomicU64,
    metrics: Arc<Metrics>,
}

/// One probe's place, given back when its connection closes.
struct ProbePlace {
    places: Arc<ProbePlaces>,
    id: u64,
}

impl ProbePlaces {
    fn new(name: &'static str, metrics: Arc<Metrics>) -> Arc<ProbePlaces> {
        Arc::new(ProbePlaces {
            name,
            taken: Mutex::new(VecDeque::with_capacity(PROBES)),
            next: AtomicU64::new(0),
            metrics,
        })
    }

    /// A place for a new probe, and what tells it to give its place up.
    fn take(self: &Arc<Self>) -> (ProbePlace, Arc<Notify>) {
        let mut taken = self.taken.lock().unwrap_or_else(PoisonError::into_inner);
        if taken.len() >= PROBES
            && let Some((_, oldest)) = taken.pop_front()
        {
            oldest.notify_one();
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let leave = Arc::new(Notify::new());
        taken.push_back((id, Arc::clone(&leave)));
        self.metrics.web_connections(self.name, taken.len());
        let place = ProbePlace {
            places: Arc::clone(self),
            id,
        };
        (place, leave)
    }
}

impl Drop for ProbePlace {
    fn drop(&mut self) {
        let places = &self.places;
        let mut taken = places.taken.lock().unwrap_or_else(PoisonError::into_inner);
        taken.retain(|(id, _)| *id != self.id);
        places.metrics.web_connections(places.name, taken.len());
    }
}

/// A connection's place: counted among the listener's, or a probe's.
enum Place {
    Counted(#[allow(dead_code)] Admitted),
    Probe(#[allow(dead_code)] ProbePlace, Arc<Notify>),
}

impl Place {
    /// Resolves when the place must be given up (a probe's, to a newer probe).
    async fn given_up(&self) {
        match self {
            Place::Counted(_) => std::future::pending().await,
            Place::Probe(_, leave) => leave.notified().await,
        }
    }
}

/// One admitted connection, counted until it closes.
struct Admitted {
    connections: Arc<Connections>,
    /// Its address, when it counts against that address's share.
    address: Option<IpAddr>,
}

impl Connections {
    fn new(name: &'static str, limits: &WebLimits, metrics: Arc<Metrics>) -> Arc<Connections> {
        Arc::new(Connections {
            name,
            open: AtomicUsize::new(0),
            max: limits.connections.max(1),
            by_address: Mutex::new(HashMap::new()),
            max_per_address: limits.connections_per_address.max(1),
            metrics,
        })
    }

    /// Counts a new connection from `ip`, or says which limit it is over. A trusted proxy's
    /// connections count only towards the whole process's; an IPv6 address's towards its /64.
    fn admit(self: &Arc<Self>, ip: IpAddr, proxy: bool) -> Result<Admitted, &'static str> {
        let ip = super::reader::one_reader(ip);
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
            .web_connections(self.name, self.open.load(Ordering::Relaxed));
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
        c.metrics.web_connections(c.name, open);
    }
}

/// Serves `served` on `listener` until `stop` turns true, within its limits.
pub(super) async fn accept_loop(
    listener: TcpListener,
    served: Served,
    metrics: Arc<Metrics>,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let Served {
        name,
        app,
        probes,
        limits,
        proxies,
    } = served;
    let connections = Connections::new(name, &limits, Arc::clone(&metrics));
    let probe_name = if name == "ops" {
        "ops_probes"
    } else {
        "site_probes"
    };
    let probe_places = ProbePlaces::new(probe_name, Arc::clone(&metrics));
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
        let (place, app, wait) = match connections.admit(ip, proxies.trusts(ip)) {
            Ok(a) => (Place::Counted(a), &app, Some(limits.header_wait)),
            Err(_) if is_probe(ip) => {
                let (place, leave) = probe_places.take();
                (Place::Probe(place, leave), &probes, None)
            }
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
            wait,
            closed.clone(),
            place,
        ));
    }
    // Open connections finish what they are answering and close; live pages end now.
    let _ = closing.send(true);
    Ok(())
}

/// Serves one connection; `header_wait`: its wait for each request's headers, or `None` for
/// a probe's connection, which serves one request within [`PROBE_WAIT`].
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    header_wait: Option<Duration>,
    mut closing: watch::Receiver<bool>,
    place: Place,
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
        .header_read_timeout(header_wait.unwrap_or(PROBE_WAIT))
        .keep_alive(header_wait.is_some());
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
        () = place.given_up() => {}
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

#[cfg(test)]
mod tests {
    use super::*;

    fn connections(per_address: usize) -> Arc<Connections> {
        let limits = WebLimits {
            connections_per_address: per_address,
            ..WebLimits::default()
        };
        Connections::new("site", &limits, Arc::new(Metrics::default()))
    }

    /// 30 addresses of one /64 once held 30 times one address's share.
    #[test]
    fn an_ipv6_64_holds_one_addresss_share_of_connections() {
        let held = connections(2);
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let first = held.admit(ip("2001:db8:5:6::1"), false).unwrap();
        let second = held.admit(ip("2001:db8:5:6:ffff::2"), false).unwrap();
        assert_eq!(
            held.admit(ip("2001:db8:5:6::3"), false).err(),
            Some("address")
        );
        assert!(
            held.admit(ip("2001:db8:5:7::1"), false).is_ok(),
            "the next /64"
        );
        assert!(
            held.admit(ip("2001:db8:5:6::4"), true).is_ok(),
            "a named proxy"
        );
        drop(first);
        assert!(
            held.admit(ip("2001:db8:5:6::5"), false).is_ok(),
            "one closed"
        );
        drop(second);
    }

    /// 60 idle connections from this machine once kept its probe out: the newest probe takes
    /// the oldest's place.
    #[test]
    fn a_new_probe_takes_the_oldest_probes_place() {
        let places = ProbePlaces::new("site_probes", Arc::new(Metrics::default()));
        let held: Vec<_> = (0..PROBES).map(|_| places.take()).collect();
        let (_newest, _) = places.take();
        let told: Vec<bool> = held
            .iter()
            .map(|(_, leave)| {
                let told = leave.notified();
                let mut told = std::pin::pin!(told);
                // A permit was stored for the oldest alone.
                told.as_mut().enable()
            })
            .collect();
        assert_eq!(told.iter().filter(|t| **t).count(), 1, "{told:?}");
        assert!(told[0], "the oldest gives way");
        assert_eq!(places.taken.lock().unwrap().len(), PROBES);
        drop(held);
        assert_eq!(places.taken.lock().unwrap().len(), 1, "the newest alone");
    }
}
