//! Who may use the server: the `Host` it answers for, the token every
//! `POST` carries, JSON only, and a 404 for an unknown endpoint.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;

use crate::util::{HOST, TOKEN, send_as_is};

fn play(host: &str, kind: Option<&str>, token: Option<&str>) -> Request<Body> {
    let mut request = Request::post("/api/play").header(header::HOST, host);
    if let Some(kind) = kind {
        request = request.header(header::CONTENT_TYPE, kind);
    }
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    request.body(Body::from(r#"{"text": "5254"}"#)).unwrap()
}

async fn answer(request: Request<Body>) -> (StatusCode, String) {
    let (status, kind, body) = send_as_is(request).await;
    assert_eq!(kind, "application/json", "{status}");
    let json: Value = serde_json::from_slice(&body).unwrap();
    (status, json["error"].as_str().unwrap_or("").to_owned())
}

#[tokio::test]
async fn a_request_for_another_host_is_a_403_dns_rebinding() {
    for host in ["evil.example", "evil.example:8080", "127.0.0.1:9999", ""] {
        let request = Request::get("/")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let (status, message) = answer(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert!(
            message.starts_with("this server answers for 127.0.0.1:8080 and localhost:8080 only"),
            "{message}"
        );
        // Nor the API, token or not.
        let (status, _) = answer(play(host, Some("application/json"), Some(TOKEN))).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
    }
    // No Host at all (HTTP/1.0 style) is refused too.
    let request = Request::get("/api/info").body(Body::empty()).unwrap();
    assert_eq!(answer(request).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn loopback_names_are_served() {
    for host in [HOST, "localhost:8080", "[::1]:8080"] {
        let request = Request::get("/api/info")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        let (status, _, _) = send_as_is(request).await;
        assert_eq!(status, StatusCode::OK, "{host}");
        let (status, _, _) = send_as_is(play(host, Some("application/json"), Some(TOKEN))).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
}

#[tokio::test]
async fn a_post_without_the_token_or_with_another_is_a_403() {
    let (status, message) = answer(play(HOST, Some("application/json"), None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        message.starts_with("no token: open the address"),
        "{message}"
    );
    let (status, message) = answer(play(HOST, Some("application/json"), Some("0123"))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(message.starts_with("wrong token"), "{message}");
    let almost = format!("{}0", &TOKEN[..31]);
    let (status, _) = answer(play(HOST, Some("application/json"), Some(&almost))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Every endpoint that does something, the desk's included.
    for path in [
        "/api/position",
        "/api/load",
        "/api/export",
        "/api/desk/open",
        "/api/desk/check",
        "/api/desk/card",
    ] {
        let request = Request::post(path)
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{}"))
            .unwrap();
        assert_eq!(answer(request).await.0, StatusCode::FORBIDDEN, "{path}");
    }
}

#[tokio::test]
async fn a_post_that_is_not_json_is_a_415_even_with_the_token() {
    // A form or text/plain is what another site can send without asking.
    for kind in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data"),
    ] {
        let (status, message) = answer(play(HOST, kind, Some(TOKEN))).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind:?}");
        assert_eq!(message, "send JSON with Content-Type: application/json");
    }
    let (status, _, _) = send_as_is(play(
        HOST,
        Some("application/json; charset=utf-8"),
        Some(TOKEN),
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_api_path_is_a_404_for_any_method() {
    for method in ["GET", "POST", "PUT", "DELETE"] {
        let request = Request::builder()
            .method(method)
            .uri("/api/nothing")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {TOKEN}"))
            .body(Body::from("{}"))
            .unwrap();
        let (status, message) = answer(request).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method}");
        assert_eq!(message, "no such endpoint: /api/nothing");
    }
}
