//! Who may use the server: every request must name this server in its
//! `Host` (a page on another site that points its own name at 127.0.0.1,
//! "DNS rebinding", is refused), and every API call that does something
//! must carry the token printed at start and be JSON (which a page on
//! another site cannot send without the browser asking first).

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

use crate::{ApiError, AppState};

/// The request header that carries the token: `Authorization: Bearer <token>`.
pub const BEARER: &str = "Bearer ";

/// Refuses a request for another host (403), an API `POST` that is not
/// JSON (415) or lacks the token (403); lets the rest through.
pub async fn check(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Err(err) = allowed(&state, request.method(), request.headers()) {
        return err.into_response();
    }
    next.run(request).await
}

fn allowed(state: &AppState, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let bind = state.config.bind;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !host_allowed(host, bind) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "this server answers for {} only, not for `{}`",
                own_names(bind),
                crate::limits::printable(host)
            ),
        ));
    }
    if method != Method::POST {
        return Ok(());
    }
    if !is_json(headers) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "send JSON with Content-Type: application/json",
        ));
    }
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix(BEARER));
    match sent {
        Some(sent) if state.config.token.matches(sent.trim()) => Ok(()),
        Some(_) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong token: open the address `iccf serve` printed, with its ?token=",
        )),
        None => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "no token: open the address `iccf serve` printed, with its ?token= \
             (other programs send Authorization: Bearer <token>)",
        )),
    }
}

/// `application/json`, with parameters or not (`; charset=utf-8`).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .and_then(|kind| kind.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Whether `host` (a `Host` header: `name`, `name:port`, `[v6]:port`)
/// names this server: the bound port, and the bound address, a loopback
/// address or `localhost`. A server bound to every address (0.0.0.0, ::)
/// answers for any address written as digits; a name other than
/// `localhost` is never this server's, so a rebinding site is refused.
pub fn host_allowed(host: &str, bind: SocketAddr) -> bool {
    let Some((name, port)) = split_host(host) else {
        return false;
    };
    if port.unwrap_or(80) != bind.port() {
        return false;
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || ip == bind.ip() || bind.ip().is_unspecified(),
        Err(_) => false,
    }
}

/// `("name", Some(port))` from `name:port`, `[::1]:port` or `name`.
fn split_host(host: &str) -> Option<(&str, Option<u16>)> {
    let host = host.trim();
    if host.is_empty() {
        return None;
    }
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            _ => (name, Some(after.strip_prefix(':')?)),
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if !name.contains(':') => (name, Some(port)),
            Some(_) => return None,
            None => (host, None),
        }
    };
    let port = match port {
        Some(digits) => Some(digits.parse().ok()?),
        None => None,
    };
    Some((name, port))
}

/// The names a refusal lists: `127.0.0.1:8080, localhost:8080`.
fn own_names(bind: SocketAddr) -> String {
    let port = bind.port();
    if bind.ip().is_unspecified() {
        format!("its addresses and localhost, port {port}")
    } else if bind.ip().is_loopback() {
        format!("{bind} and localhost:{port}")
    } else {
        format!("{bind}, 127.0.0.1:{port} and localhost:{port}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(bind: &str) -> SocketAddr {
        bind.parse().unwrap()
    }

    #[test]
    fn loopback_names_and_the_bound_address_are_this_server() {
        let bind = at("127.0.0.1:8080");
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "localhost.:8080",
            "[::1]:8080",
            "127.0.0.2:8080",
        ] {
            assert!(host_allowed(host, bind), "{host}");
        }
        for host in [
            "evil.example:8080",
            "evil.example",
            "127.0.0.1:8081",
            "127.0.0.1",
            "192.168.1.5:8080",
            "localhost.evil.example:8080",
            "",
            "[::1:8080",
            "::1:8080",
            "127.0.0.1:80800",
        ] {
            assert!(!host_allowed(host, bind), "{host}");
        }
        assert!(host_allowed("localhost", at("127.0.0.1:80")));
    }

    #[test]
    fn a_server_on_every_address_answers_for_addresses_not_names() {
        let bind = at("0.0.0.0:8080");
        assert!(host_allowed("192.168.1.5:8080", bind));
        assert!(host_allowed("[fe80::1]:8080", bind));
        assert!(!host_allowed("evil.example:8080", bind));
        let bind = at("192.168.1.5:8080");
        assert!(host_allowed("192.168.1.5:8080", bind));
        assert!(!host_allowed("192.168.1.6:8080", bind));
    }
}
