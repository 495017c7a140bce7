//! Who may drive the API: the checks that stop other web sites from using
//! a `gridpuzzle serve` they can reach through a visitor's browser.
//!
//! A browser lets any page send some requests to any address, loopback
//! included, without asking the target: a "simple request" (a `POST` with
//! `Content-Type: text/plain` or a form's encoding) is sent as it is, and
//! only reading its answer is forbidden. Since every API call runs a
//! search, sending is enough for harm (a drive-by denial of service
//! against whoever leaves `serve` running). And a page on a name its owner
//! controls can point that name at 127.0.0.1 after the page has loaded
//! (DNS rebinding); it is then same-origin with the server as far as the
//! browser knows, and may read answers too. Four rules close these doors,
//! each cheap and each enough for one door:
//!
//! 1. **`Host`**: the name the browser thinks it is talking to must be one
//!    the server answers to: an IP address literal (the bound address or
//!    any other: a rebinding attack needs a name of its own, since the
//!    browser keys its origin on the name), `localhost` or a name under
//!    `.localhost` (browsers resolve those to loopback themselves, so they
//!    cannot be rebound), or a name given with `--allow-host`. Anything
//!    else is refused with 403, before any other work. A request without
//!    `Host` (HTTP/1.0, or a test calling the router in process) passes:
//!    a browser always sends one.
//! 2. **`Origin`**: a request that may change state (anything but `GET`,
//!    `HEAD` and `OPTIONS`) and carries an `Origin` must come from this
//!    server's own origin (`http://` or, behind a TLS proxy, `https://`,
//!    with the same host and port as `Host`) or name a host given with
//!    `--allow-host` (for a proxy that rewrites `Host`); `Origin: null`
//!    (sandboxed frames, `file:` pages) is refused too. Another port of
//!    `localhost` is another origin, and refused.
//! 3. **`Sec-Fetch-Site: cross-site`** on such a request is refused, for
//!    browsers that send the fetch metadata but (unusually) no `Origin`.
//! 4. **`Content-Type`**: a request with a body must say
//!    `application/json` (415 otherwise). A browser sends that type across
//!    origins only after a CORS preflight, which this server never grants
//!    (it answers `OPTIONS` with 405), so no simple request or form post
//!    gets through even from an old browser that sends no `Origin`.
//!
//! The checks are a [`ValidateRequest`] for tower-http's
//! `ValidateRequestHeaderLayer`, so they run as an ordinary middleware in
//! front of every route, the page and its assets included (a foreign
//! `Host` gets nothing at all), and answer `{"error": ...}` as every other
//! refusal does.

use std::net::IpAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, Request, Response};
use axum::response::IntoResponse;
use tower_http::validate_request::ValidateRequest;

use crate::error::Refusal;

/// The names a server answers to, besides IP literals and `localhost`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Guard {
    /// Extra host names (`--allow-host`), lower case, no trailing dot.
    names: Arc<Vec<String>>,
}

impl Guard {
    pub(crate) fn new(names: &[String]) -> Guard {
        Guard {
            names: Arc::new(names.iter().map(|n| normal_name(n)).collect()),
        }
    }

    /// Whether `host` (a `Host` header's name, without its port) is one
    /// this server answers to.
    fn allows(&self, name: &str) -> bool {
        let name = normal_name(name);
        if name.parse::<IpAddr>().is_ok() {
            return true;
        }
        name == "localhost" || name.ends_with(".localhost") || self.names.contains(&name)
    }

    /// The first rule the request breaks, as the answer to give it.
    fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), Refusal> {
        if headers.get_all(header::HOST).iter().nth(1).is_some() {
            return Err(forbidden("more than one Host header"));
        }
        let host = match headers.get(header::HOST) {
            None => None,
            Some(value) => {
                let text = value
                    .to_str()
                    .map_err(|_| forbidden("the Host header is not text"))?;
                let (name, _port) = split_host(text)
                    .ok_or_else(|| forbidden(format!("malformed Host header `{text}`")))?;
                if !self.allows(name) {
                    return Err(forbidden(format!(
                        "this server does not answer to the host name `{name}`; \
                         if that name is really this machine, start it with \
                         `gridpuzzle serve --allow-host {name}`"
                    )));
                }
                Some(text)
            }
        };
        if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
            return Ok(());
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            let authority = origin
                .strip_prefix("http://")
                .or_else(|| origin.strip_prefix("https://"));
            let same = match (authority, host) {
                // The page's own origin: the same host and port as `Host`
                // (`https://` when a TLS proxy forwards the `Host`).
                (Some(authority), Some(host)) if authority.eq_ignore_ascii_case(host) => true,
                // No Host to compare with: the origin's name must still
                // be one this server answers to.
                (Some(authority), None) => {
                    split_host(authority).is_some_and(|(name, _)| self.allows(name))
                }
                // A name given with --allow-host (a proxy that rewrites
                // `Host` to the loopback address it forwards to).
                (Some(authority), Some(_)) => split_host(authority)
                    .is_some_and(|(name, _)| self.names.contains(&normal_name(name))),
                (None, _) => false,
            };
            if !same {
                return Err(forbidden(format!(
                    "requests from another site are refused (Origin `{origin}`); \
                     use the page this server serves"
                )));
            }
        }
        if headers
            .get("sec-fetch-site")
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"cross-site"))
        {
            return Err(forbidden(
                "requests from another site are refused (Sec-Fetch-Site: cross-site)",
            ));
        }
        if !is_json(headers.get(header::CONTENT_TYPE)) {
            return Err(Refusal::NotJson);
        }
        Ok(())
    }
}

impl ValidateRequest<Body> for Guard {
    type ResponseBody = Body;

    fn validate(&mut self, request: &mut Request<Body>) -> Result<(), Response<Body>> {
        self.check(request.method(), request.headers())
            .map_err(IntoResponse::into_response)
    }
}

fn forbidden(message: impl Into<String>) -> Refusal {
    Refusal::Forbidden(message.into())
}

/// Lower case, without a trailing dot (`LocalHost.` is `localhost`).
fn normal_name(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// `name` and `port` of a `Host` value: `example.org:8080`, `[::1]:80`,
/// `127.0.0.1`. The brackets of an IPv6 literal are dropped.
fn split_host(text: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if let Some(rest) = text.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (inside, port)
    } else {
        match text.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (text, None),
        }
    };
    let port = match port {
        None => None,
        Some(p) => Some(p.parse::<u16>().ok()?),
    };
    if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '/' || c == '@') {
        return None;
    }
    Some((name, port))
}

/// `application/json`, with or without parameters such as a charset.
pub(crate) fn is_json(value: Option<&HeaderValue>) -> bool {
    let Some(text) = value.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = text.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(*k, HeaderValue::from_static(v));
        }
        map
    }

    fn status(guard: &Guard, method: Method, pairs: &[(&'static str, &'static str)]) -> u16 {
        match guard.check(&method, &headers(pairs)) {
            Ok(()) => 200,
            Err(e) => e.status().as_u16(),
        }
    }

    const JSON: (&str, &str) = ("content-type", "application/json");

    #[test]
    fn loopback_names_and_ip_literals_are_served() {
        let g = Guard::default();
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST.",
            "app.localhost:3000",
            "[::1]:8080",
            "192.168.1.5:8080",
            "10.0.0.1",
        ] {
            let h: &'static str = Box::leak(host.to_string().into_boxed_str());
            assert_eq!(status(&g, Method::GET, &[("host", h)]), 200, "{host}");
        }
    }

    #[test]
    fn a_foreign_host_is_refused_unless_allowed() {
        let g = Guard::default();
        assert_eq!(
            status(&g, Method::GET, &[("host", "evil.example:8080")]),
            403
        );
        assert_eq!(
            status(&g, Method::GET, &[("host", "localhost.evil.example")]),
            403
        );
        assert_eq!(status(&g, Method::GET, &[("host", "a b")]), 403);
        let g = Guard::new(&["Puzzles.Example.".to_string()]);
        assert_eq!(
            status(&g, Method::GET, &[("host", "puzzles.example:8080")]),
            200
        );
        assert_eq!(status(&g, Method::GET, &[("host", "other.example")]), 403);
    }

    #[test]
    fn cross_site_posts_are_refused() {
        let g = Guard::default();
        let host = ("host", "127.0.0.1:8080");
        assert_eq!(status(&g, Method::POST, &[host, JSON]), 200);
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("origin", "http://127.0.0.1:8080")]
            ),
            200
        );
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("origin", "http://evil.example")]
            ),
            403
        );
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("origin", "http://127.0.0.1:9999")]
            ),
            403
        );
        assert_eq!(
            status(&g, Method::POST, &[host, JSON, ("origin", "null")]),
            403
        );
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("origin", "https://127.0.0.1:8080")]
            ),
            200
        );
        // Behind a TLS proxy that forwards to loopback, with --allow-host.
        let proxied = Guard::new(&["puzzles.example".to_string()]);
        let origin = ("origin", "https://puzzles.example");
        assert_eq!(status(&proxied, Method::POST, &[host, JSON, origin]), 200);
        assert_eq!(status(&g, Method::POST, &[host, JSON, origin]), 403);
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("sec-fetch-site", "cross-site")]
            ),
            403
        );
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[host, JSON, ("sec-fetch-site", "same-origin")]
            ),
            200
        );
        // A link from another site to the page itself still opens it.
        assert_eq!(
            status(&g, Method::GET, &[host, ("sec-fetch-site", "cross-site")]),
            200
        );
    }

    #[test]
    fn only_json_bodies_are_read() {
        let g = Guard::default();
        for kind in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonx",
        ] {
            let k: &'static str = Box::leak(kind.to_string().into_boxed_str());
            assert_eq!(
                status(&g, Method::POST, &[("content-type", k)]),
                415,
                "{kind}"
            );
        }
        assert_eq!(status(&g, Method::POST, &[]), 415);
        assert_eq!(
            status(
                &g,
                Method::POST,
                &[("content-type", "Application/JSON; charset=utf-8")]
            ),
            200
        );
    }
}
