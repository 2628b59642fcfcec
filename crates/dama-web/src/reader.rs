//! Who is reading: the address a request came from, or, when it came through a proxy the
//! operator named (`DAMA_TRUSTED_PROXIES`), the address that proxy says it relayed. Nobody
//! else's headers are believed, so a reader cannot pick the address the limits count. An
//! IPv6 reader is its /64: a home or a rented server is given a whole /64 and may write from
//! any address in it, so each address counted alone would multiply every limit.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies(Vec<IpNet>);

impl Proxies {
    /// No proxy trusted: every reader is the address its connection comes from.
    pub fn none() -> Proxies {
        Proxies(Vec::new())
    }

    /// Whether connections from `ip` come from a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The reader behind a request that came from `peer` (`None`: an in-process caller,
    /// which all share one address). From a trusted proxy, the rightmost address of its
    /// `X-Forwarded-For` that is not itself a trusted proxy: each proxy appends the address it
    /// heard from, so what lies to the left of that was written by the reader and is ignored.
    /// An IPv6 reader is given as its /64 ([`one_reader`]).
    pub fn reader(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> IpAddr {
        one_reader(self.relayed(peer, headers))
    }

    fn relayed(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> IpAddr {
        let Some(peer) = peer.map(|ip| ip.to_canonical()) else {
            return IpAddr::V4(Ipv4Addr::UNSPECIFIED);
        };
        if !self.trusts(peer) {
            return peer;
        }
        // Several header lines read as one list, in order (HAProxy adds a line of its own).
        let hops: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect();
        for hop in hops.iter().rev() {
            match hop.trim().parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => continue,
                Ok(ip) => return ip.to_canonical(),
                // A hop the proxies would never write: the reader's own text, not believed.
                Err(_) => return peer,
            }
        }
        peer
    }
}

impl FromStr for Proxies {
    type Err = String;

    /// Addresses and networks by commas or spaces: `127.0.0.1, ::1, 10.0.0.0/8`.
    fn from_str(text: &str) -> Result<Proxies, String> {
        let mut nets = Vec::new();
        for part in text.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
            let part = part.trim();
            let net = part
                .parse::<IpNet>()
                .or_else(|_| part.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| {
                    let shown: String = part.chars().take(40).collect();
                    format!(
                        "DAMA_TRUSTED_PROXIES must list addresses or networks, such as 127.0.0.1, ::1 or 10.0.0.0/8, not \"{shown}\""
                    )
                })?;
            nets.push(canonical_net(net));
        }
        Ok(Proxies(nets))
    }
}

/// The address the limits count for `ip`: an IPv6 address as its /64 (its last 64 bits
/// zero), IPv4 as it is (IPv4 inside IPv6 read as IPv4 first).
pub fn one_reader(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !(u128::from(u64::MAX))).into()),
        v4 => v4,
    }
}

/// `::ffff:127.0.0.1/128` as `127.0.0.1/32`, so one spelling matches both.
fn canonical_net(net: IpNet) -> IpNet {
    match net {
        IpNet::V6(v6) if v6.prefix_len() >= 96 => match v6.addr().to_ipv4_mapped() {
            Some(v4) => IpNet::new(IpAddr::V4(v4), v6.prefix_len() - 96).unwrap_or(net),
            None => net,
        },
        other => other,
    }
}

/// The reader of a request, as [`Proxies::reader`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reader(pub IpAddr);

impl Reader {
    /// The reader of `request`: its peer, or the client a trusted proxy names.
    pub fn of<B>(proxies: &Proxies, request: &axum::http::Request<B>) -> Reader {
        let peer = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Reader(proxies.reader(peer, request.headers()))
    }
}

impl FromRequestParts<super::Web> for Reader {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        web: &super::Web,
    ) -> Result<Reader, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(Reader(web.proxies.reader(peer, &parts.headers)))
    }
}
