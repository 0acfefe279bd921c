//! The page's files and `/api/info`.

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::util::send;

async fn get(path: &str) -> (StatusCode, String, String) {
    let (status, kind, body) = send(Request::get(path).body(Body::empty()).unwrap()).await;
    (status, kind, String::from_utf8(body).unwrap())
}

#[tokio::test]
async fn the_page_and_its_modules_are_served() {
    let (status, kind, html) = get("/").await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "text/html; charset=utf-8")
    );
    assert!(html.contains("<script type=\"module\" src=\"/js/main.js\">"));
    for module in [
        "main", "api", "board", "entry", "movelist", "paste", "desk", "copy",
    ] {
        let (status, kind, js) = get(&format!("/js/{module}.js")).await;
        assert_eq!(
            (status, kind.as_str()),
            (StatusCode::OK, "text/javascript; charset=utf-8"),
            "{module}"
        );
        assert!(!js.is_empty(), "{module}");
    }
    let (status, _, css) = get("/style.css").await;
    assert_eq!(status, StatusCode::OK);
    assert!(css.contains("prefers-color-scheme: dark"));
}

#[tokio::test]
async fn every_module_the_page_imports_is_served() {
    for module in ["main", "board", "paste", "export", "desk"] {
        let (_, _, js) = get(&format!("/js/{module}.js")).await;
        for import in js.lines().filter_map(|l| l.strip_prefix("import ")) {
            let path = import.split('\'').nth(1).unwrap().trim_start_matches("./");
            let (status, _, _) = get(&format!("/js/{path}")).await;
            assert_eq!(status, StatusCode::OK, "{module} imports {path}");
        }
    }
}

#[tokio::test]
async fn the_piece_shapes_come_from_iccf_board() {
    let (status, _, js) = get("/js/pieces.js").await;
    assert_eq!(status, StatusCode::OK);
    let outline = iccf_board::svg::piece::outline(shakmaty::Role::Knight);
    assert!(js.contains(&format!("n: {{ outline: {outline:?}")), "{js}");
}

#[tokio::test]
async fn pages_carry_a_content_security_policy() {
    let router = crate::util::app();
    let request = Request::get("/")
        .header("host", crate::util::HOST)
        .body(Body::empty())
        .unwrap();
    let answer = tower::ServiceExt::oneshot(router, request).await.unwrap();
    let policy = answer.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.contains("script-src 'self'"), "{policy}");
}

#[tokio::test]
async fn info_lists_the_languages_and_says_where_the_page_is_reachable() {
    let (status, _, body) = get("/api/info").await;
    assert_eq!(status, StatusCode::OK);
    let info: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        info["languages"].as_array().unwrap().len(),
        iccf::lang::Lang::all().len()
    );
    assert_eq!(info["reachable_from_elsewhere"], false);
    assert_eq!(info["message_langs"][1], "de");
    let everywhere = iccf_web::router(crate::util::config("0.0.0.0:8080"));
    let request = Request::get("/api/info")
        .header("host", "192.168.1.5:8080")
        .body(Body::empty())
        .unwrap();
    let answer = tower::ServiceExt::oneshot(everywhere, request)
        .await
        .unwrap();
    let body = http_body_util::BodyExt::collect(answer.into_body())
        .await
        .unwrap()
        .to_bytes();
    let info: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(info["reachable_from_elsewhere"], true);
    assert_eq!(info["bind"], "0.0.0.0:8080");
}
