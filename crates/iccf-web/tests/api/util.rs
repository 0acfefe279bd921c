//! Calling the router in memory and reading its JSON answers.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The token of the test servers.
pub const TOKEN: &str = "0123456789abcdef0123456789abcdef";
/// The `Host` a browser sends to the test server.
pub const HOST: &str = "127.0.0.1:8080";

/// The configuration of a server on `bind` with [`TOKEN`].
pub fn config(bind: &str) -> iccf_web::Config {
    iccf_web::Config::new(bind.parse().unwrap(), iccf_web::Token::new(TOKEN))
}

/// The router as `iccf serve` builds it on loopback.
pub fn app() -> axum::Router {
    iccf_web::router(config(HOST))
}

/// Sends a request as the page does (with its `Host` and, for a `POST`,
/// the token, unless the request has its own); the status, the content
/// type and the body.
pub async fn send(mut request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let headers = request.headers_mut();
    if !headers.contains_key(header::HOST) {
        headers.insert(header::HOST, HOST.parse().unwrap());
    }
    if !headers.contains_key(header::AUTHORIZATION) {
        let bearer = format!("Bearer {TOKEN}");
        headers.insert(header::AUTHORIZATION, bearer.parse().unwrap());
    }
    send_as_is(request).await
}

/// Sends a request with only the headers it has.
pub async fn send_as_is(request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    (status, kind, body)
}

/// POSTs raw bytes as JSON; the status and the JSON answer (every answer,
/// error or not, must be JSON).
pub async fn post_raw(path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .unwrap();
    let (status, kind, body) = send(request).await;
    assert_eq!(kind, "application/json", "{path}: {status}");
    let json = serde_json::from_slice(&body)
        .unwrap_or_else(|err| panic!("{path}: {status}: not JSON ({err})"));
    (status, json)
}

/// POSTs `body`; the status and the JSON answer.
pub async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(path, body.to_string()).await
}

/// POSTs `body` and expects 200.
pub async fn ok(path: &str, body: Value) -> Value {
    let (status, json) = post(path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {json}");
    json
}

/// POSTs `body` and expects `status` with an error message; the message.
pub async fn refused(path: &str, body: Value, status: StatusCode) -> String {
    let (got, json) = post(path, body).await;
    assert_eq!(got, status, "{path}: {json}");
    json["error"].as_str().expect("an error message").to_owned()
}

/// The numeric moves of a line answer.
pub fn numeric(line: &Value) -> Vec<String> {
    line["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap().to_owned())
        .collect()
}
