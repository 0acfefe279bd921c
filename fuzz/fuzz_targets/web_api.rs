//! The web API's JSON bodies through the router, as `iccf serve` answers
//! them: the first byte picks the endpoint, the rest is the body. Every
//! answer is JSON with a 2xx or 4xx status (a 5xx here is a panic in a
//! handler or a request the engine could not finish in its time), every
//! error has a message, and a game file the desk gives back opens again.
#![no_main]

use std::sync::OnceLock;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tower::ServiceExt;

const TOKEN: &str = "0123456789abcdef0123456789abcdef";
const HOST: &str = "127.0.0.1:8080";
const ENDPOINTS: [&str; 7] = [
    "/api/position",
    "/api/play",
    "/api/load",
    "/api/export",
    "/api/desk/open",
    "/api/desk/check",
    "/api/desk/card",
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    })
}

fn app() -> Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| {
        let bind = HOST.parse().unwrap();
        iccf_web::router(iccf_web::Config::new(bind, iccf_web::Token::new(TOKEN)))
    })
    .clone()
}

/// POSTs `body` to `path` as the page does; the status and the JSON answer.
async fn post(path: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::HOST, HOST)
        .header(header::AUTHORIZATION, format!("Bearer {TOKEN}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response.headers().get(header::CONTENT_TYPE).cloned();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    assert_eq!(
        kind.as_ref().map(|k| k.as_bytes()),
        Some(&b"application/json"[..]),
        "{path}: {status}"
    );
    let json: Value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|err| panic!("{path}: {status}: not JSON ({err})"));
    (status, json)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    runtime().block_on(async {
        let (status, json) = post(path, body.to_vec()).await;
        assert!(
            status.is_success() || status.is_client_error(),
            "{path}: {status}: {json}"
        );
        if !status.is_success() {
            assert!(json["error"].is_string(), "{path}: {status}: {json}");
            return;
        }
        // Our own game file, given back by the desk, opens again.
        if let Some(game) = json["game"].as_str() {
            // With the side and day the request gave (a date after today
            // would be refused).
            let asked = serde_json::from_slice::<Value>(body).unwrap_or_default();
            let mut open = serde_json::json!({ "game": game });
            for key in ["side", "date"] {
                if let Some(value) = asked.get(key).filter(|v| v.is_string()) {
                    open[key] = value.clone();
                }
            }
            let (status, json) = post("/api/desk/open", open.to_string().into_bytes()).await;
            assert_eq!(
                status,
                StatusCode::OK,
                "{path} gave a game that does not open: {json}\n{game}"
            );
        }
    });
});
