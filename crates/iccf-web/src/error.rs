//! The one error every endpoint answers with: a status and a clear message,
//! sent as `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused request: its HTTP status and what was wrong, for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 4xx for the caller's input, 5xx when the server gave up.
    pub status: StatusCode,
    /// What was wrong, in one line.
    pub message: String,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// Input that is well-formed JSON but cannot be used (a bad FEN, an
    /// illegal move, an unknown language): 422.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// Input beyond the limits (too many games, moves or characters): 413.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}
