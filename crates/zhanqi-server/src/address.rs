//! Who is asking: the client's address as the server keys its limits, and whether the request
//! came over HTTPS.
//!
//! The address is the TCP peer's, unless the peer is a trusted proxy (`--trusted-proxy`): then
//! it is the right-most address of `X-Forwarded-For` (or, without it, of RFC 7239 `Forwarded`)
//! that is not itself a trusted proxy. Everything left of that entry was written by the client
//! and is ignored, so a client cannot choose its own address. `X-Forwarded-For` comes first
//! because every common proxy writes it, while many pass a client's `Forwarded` through.
//!
//! Limits key an address by [`AddressKey`]: IPv4 per address, IPv6 per /64 (one subscriber's
//! usual allocation).

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

use crate::error::ApiError;
use crate::state::AppState;

/// A proxy whose forwarding headers are believed: one address or a CIDR block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrustedProxy(IpNet);

impl TrustedProxy {
    /// Whether `ip` is this proxy (or inside its block).
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.contains(&ip.to_canonical())
    }
}

impl FromStr for TrustedProxy {
    type Err = String;

    fn from_str(text: &str) -> Result<TrustedProxy, String> {
        let text = text.trim();
        if let Ok(ip) = text.parse::<IpAddr>() {
            return Ok(TrustedProxy(IpNet::from(ip.to_canonical())));
        }
        text.parse::<IpNet>()
            .map(|net| TrustedProxy(net.trunc()))
            .map_err(|_| {
                format!("'{text}' is not an IP address or CIDR block (like 10.0.0.1 or 10.0.0.0/8)")
            })
    }
}

impl fmt::Display for TrustedProxy {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

/// The key a limiter counts an address under: an IPv4 address, or an IPv6 /64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressKey {
    /// One IPv4 address (IPv4-mapped IPv6 addresses count as IPv4).
    V4([u8; 4]),
    /// The first 64 bits of an IPv6 address.
    V6([u8; 8]),
}

impl From<IpAddr> for AddressKey {
    fn from(ip: IpAddr) -> AddressKey {
        match ip.to_canonical() {
            IpAddr::V4(v4) => AddressKey::V4(v4.octets()),
            IpAddr::V6(v6) => {
                let octets = v6.octets();
                let mut prefix = [0u8; 8];
                prefix.copy_from_slice(&octets[..8]);
                AddressKey::V6(prefix)
            }
        }
    }
}

impl fmt::Display for AddressKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AddressKey::V4(octets) => IpAddr::from(*octets).fmt(formatter),
            AddressKey::V6(prefix) => {
                let mut octets = [0u8; 16];
                octets[..8].copy_from_slice(prefix);
                write!(formatter, "{}/64", Ipv6Addr::from(octets))
            }
        }
    }
}

/// Where a request came from, as the server should believe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddress {
    /// The client's address (the peer's, or the forwarded one from a trusted proxy).
    pub ip: IpAddr,
    /// Whether the client reached the site over HTTPS (told by a trusted proxy, or by
    /// `--secure-cookies`).
    pub https: bool,
}

impl ClientAddress {
    /// Works out the client of a request from `peer` with `headers`.
    #[must_use]
    pub fn resolve(
        peer: IpAddr,
        headers: &HeaderMap,
        trusted: &[TrustedProxy],
        secure_cookies: bool,
    ) -> ClientAddress {
        let peer = peer.to_canonical();
        let is_trusted = |ip: IpAddr| trusted.iter().any(|proxy| proxy.contains(ip));
        if !is_trusted(peer) {
            return ClientAddress {
                ip: peer,
                https: secure_cookies,
            };
        }
        let chain = if headers.contains_key("x-forwarded-for") {
            x_forwarded_for(headers)
        } else {
            forwarded_for(headers)
        };
        let mut ip = peer;
        // From the right: each entry was written by the hop to its right, which is trusted so
        // far; the first one that is not a trusted proxy is the client.
        for entry in chain.iter().rev() {
            match entry {
                Some(hop) => {
                    ip = *hop;
                    if !is_trusted(*hop) {
                        break;
                    }
                }
                // A trusted proxy wrote something that is no address: keep the last good hop.
                None => break,
            }
        }
        ClientAddress {
            ip,
            https: secure_cookies || forwarded_https(headers),
        }
    }

    /// The key limits count this client under.
    #[must_use]
    pub fn key(&self) -> AddressKey {
        AddressKey::from(self.ip)
    }
}

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddress, ApiError> {
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| ApiError::internal("know the client's address", "no connection info"))?;
        Ok(ClientAddress::resolve(
            peer.ip(),
            &parts.headers,
            &state.config.trusted_proxies,
            state.config.secure_cookies,
        ))
    }
}

/// The values of every `name` header, split at commas, in order.
fn comma_list<'h>(headers: &'h HeaderMap, name: &str) -> Vec<&'h str> {
    headers
        .get_all(name)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect()
}

/// The hops of `X-Forwarded-For`, left to right (`None` for an entry that is no address).
fn x_forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    comma_list(headers, "x-forwarded-for")
        .into_iter()
        .map(parse_node)
        .collect()
}

/// The `for=` hops of RFC 7239 `Forwarded`, left to right.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    comma_list(headers, "forwarded")
        .into_iter()
        .map(|element| forwarded_parameter(element, "for").and_then(parse_node))
        .collect()
}

/// The value of `name` in one `Forwarded` element (`for=…;proto=…`), unquoted.
fn forwarded_parameter<'e>(element: &'e str, name: &str) -> Option<&'e str> {
    element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| value.trim().trim_matches('"'))
    })
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]` or `[::1]:80`.
fn parse_node(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .or_else(|| {
            text.strip_prefix('[')
                .and_then(|rest| rest.strip_suffix(']'))
                .and_then(|inner| inner.parse::<IpAddr>().ok())
        })
        .map(|ip| ip.to_canonical())
}

/// Whether the nearest proxy says the client used HTTPS (`X-Forwarded-Proto`, or `proto=` in
/// the last `Forwarded` element).
fn forwarded_https(headers: &HeaderMap) -> bool {
    let is_https = |proto: &str| proto.trim().eq_ignore_ascii_case("https");
    if let Some(proto) = comma_list(headers, "x-forwarded-proto").last() {
        return is_https(proto);
    }
    comma_list(headers, "forwarded")
        .last()
        .and_then(|element| forwarded_parameter(element, "proto"))
        .is_some_and(is_https)
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn proxies(list: &[&str]) -> Vec<TrustedProxy> {
        list.iter().map(|text| text.parse().unwrap()).collect()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn trusted_proxies_are_addresses_or_blocks() {
        let block: TrustedProxy = "10.0.0.0/8".parse().unwrap();
        assert!(block.contains(ip("10.1.2.3")));
        assert!(!block.contains(ip("11.0.0.1")));
        let one: TrustedProxy = "127.0.0.1".parse().unwrap();
        assert!(one.contains(ip("127.0.0.1")));
        assert!(one.contains(ip("::ffff:127.0.0.1")));
        assert!(!one.contains(ip("127.0.0.2")));
        let v6: TrustedProxy = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:1::5")));
        assert!("proxy.example".parse::<TrustedProxy>().is_err());
        assert!("10.0.0.0/33".parse::<TrustedProxy>().is_err());
    }

    #[test]
    fn forwarding_headers_are_ignored_without_a_trusted_proxy() {
        let forged = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-proto", "https"),
        ]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &forged, &[], false);
        assert_eq!(client.ip, ip("127.0.0.1"));
        assert!(!client.https);
        // A trusted proxy elsewhere does not make this peer one.
        let client =
            ClientAddress::resolve(ip("192.0.2.9"), &forged, &proxies(&["127.0.0.1"]), false);
        assert_eq!(client.ip, ip("192.0.2.9"));
        assert!(!client.https);
    }

    #[test]
    fn the_right_most_untrusted_forwarded_address_is_the_client() {
        let trusted = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        // The client forged 6.6.6.6; the proxies appended the real 203.0.113.7 and themselves.
        let chain = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7, 10.0.0.2")]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &chain, &trusted, false);
        assert_eq!(client.ip, ip("203.0.113.7"));
        // Several headers are one list.
        let split = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "203.0.113.7"),
        ]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &split, &trusted, false);
        assert_eq!(client.ip, ip("203.0.113.7"));
        // Every hop trusted: the left-most is the client.
        let inside = headers(&[("x-forwarded-for", "10.0.0.5, 10.0.0.2")]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &inside, &trusted, false);
        assert_eq!(client.ip, ip("10.0.0.5"));
        // Garbage written by a proxy: the last good hop.
        let garbage = headers(&[("x-forwarded-for", "unknown")]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &garbage, &trusted, false);
        assert_eq!(client.ip, ip("127.0.0.1"));
        // No header at all: the peer.
        let client = ClientAddress::resolve(ip("127.0.0.1"), &HeaderMap::new(), &trusted, false);
        assert_eq!(client.ip, ip("127.0.0.1"));
    }

    #[test]
    fn rfc_7239_forwarded_is_read_too() {
        let trusted = proxies(&["127.0.0.1"]);
        let forwarded = headers(&[(
            "forwarded",
            "for=6.6.6.6, for=\"[2001:db8:cafe::17]:4711\";proto=https",
        )]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &forwarded, &trusted, false);
        assert_eq!(client.ip, ip("2001:db8:cafe::17"));
        assert!(client.https);
        let plain = headers(&[("forwarded", "for=192.0.2.60;proto=http")]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &plain, &trusted, false);
        assert_eq!(client.ip, ip("192.0.2.60"));
        assert!(!client.https);
        // A proxy that writes X-Forwarded-For may pass the client's own Forwarded through.
        let both = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "203.0.113.7"),
        ]);
        let client = ClientAddress::resolve(ip("127.0.0.1"), &both, &trusted, false);
        assert_eq!(client.ip, ip("203.0.113.7"));
    }

    #[test]
    fn https_is_told_by_a_trusted_proxy_or_the_flag() {
        let trusted = proxies(&["127.0.0.1"]);
        let https = headers(&[("x-forwarded-proto", "https")]);
        assert!(ClientAddress::resolve(ip("127.0.0.1"), &https, &trusted, false).https);
        assert!(!ClientAddress::resolve(ip("127.0.0.1"), &https, &[], false).https);
        let http = headers(&[("x-forwarded-proto", "http")]);
        assert!(!ClientAddress::resolve(ip("127.0.0.1"), &http, &trusted, false).https);
        assert!(ClientAddress::resolve(ip("127.0.0.1"), &HeaderMap::new(), &[], true).https);
    }

    #[test]
    fn limits_key_ipv4_per_address_and_ipv6_per_64() {
        assert_ne!(
            AddressKey::from(ip("192.0.2.1")),
            AddressKey::from(ip("192.0.2.2"))
        );
        assert_eq!(
            AddressKey::from(ip("2001:db8:1:2::1")),
            AddressKey::from(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        );
        assert_ne!(
            AddressKey::from(ip("2001:db8:1:2::1")),
            AddressKey::from(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            AddressKey::from(ip("::ffff:192.0.2.1")),
            AddressKey::from(ip("192.0.2.1"))
        );
        assert_eq!(
            AddressKey::from(ip("2001:db8:1:2::1")).to_string(),
            "2001:db8:1:2::/64"
        );
        assert_eq!(AddressKey::from(ip("192.0.2.1")).to_string(), "192.0.2.1");
    }
}
