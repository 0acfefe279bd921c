//! The JSON request body extractor, whose rejections (bad JSON, a missing
//! field, a body over the limit) are [`ApiError`]s like every other error.

use axum::Json;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A request body read as JSON into `T`; refused with a JSON error.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T, S> FromRequest<S> for Body<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::too_large(crate::limits::body_too_large()))
            }
            Err(rejection) => Err(ApiError::new(rejection.status(), rejection.body_text())),
        }
    }
}
