//! Calling the router in memory and reading its JSON answers.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The router as `iccf serve` builds it on loopback.
pub fn app() -> axum::Router {
    iccf_web::router(iccf_web::Config {
        bind: "127.0.0.1:8080".parse().unwrap(),
    })
}

/// Sends a request; the status, the content type and the body.
pub async fn send(request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
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
