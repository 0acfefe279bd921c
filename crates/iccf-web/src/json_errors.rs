//! Errors from the layers (a body over the limit, a request past its time,
//! an unknown route or method) answered as JSON like every other error.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::ApiError;

/// Turns an error response without a JSON body into `{"error": ...}`.
pub async fn to_json(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|kind| kind == HeaderValue::from_static("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    ApiError::new(status, message(status)).into_response()
}

fn message(status: StatusCode) -> String {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => crate::limits::body_too_large(),
        StatusCode::REQUEST_TIMEOUT => format!(
            "the request took longer than {} s",
            crate::limits::REQUEST_TIME.as_secs()
        ),
        StatusCode::METHOD_NOT_ALLOWED => {
            "method not allowed here (the API takes POST with JSON)".into()
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            "send JSON with Content-Type: application/json".into()
        }
        status => status
            .canonical_reason()
            .unwrap_or("request refused")
            .to_lowercase(),
    }
}
