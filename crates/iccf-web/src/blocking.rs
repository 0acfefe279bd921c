//! Engine work off the async threads: a bounded number of jobs at once,
//! each given [`JOB_TIME`] before the request is answered with an error.

use std::sync::Arc;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::ApiError;
use crate::limits::JOB_TIME;

/// Runs `job` on the blocking pool once one of the `workers` permits is
/// free; a job that panics or overruns its time becomes a 5xx error.
pub async fn run<T, F>(workers: &Arc<Semaphore>, job: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    let permit =
        workers.clone().acquire_owned().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
    let task = tokio::task::spawn_blocking(move || {
        // Held until the work is really done, even after a timeout.
        let _permit = permit;
        job()
    });
    match tokio::time::timeout(JOB_TIME, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed on this request",
        )),
        Err(_) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than {} s and was given up",
                JOB_TIME.as_secs()
            ),
        )),
    }
}
