//! Engine work off the async threads: a bounded number of jobs at once,
//! each given [`JOB_TIME`] before the request is answered with an error.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::ApiError;
use crate::limits::JOB_TIME;

/// Runs `job` on the blocking pool once one of the `workers` permits is
/// free; a job that panics or overruns [`JOB_TIME`] becomes a 5xx error.
pub async fn run<T, F>(workers: &Arc<Semaphore>, job: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ApiError> + Send + 'static,
{
    run_within(workers, JOB_TIME, job).await
}

/// [`run`] with another time limit.
pub async fn run_within<T, F>(
    workers: &Arc<Semaphore>,
    limit: Duration,
    job: F,
) -> Result<T, ApiError>
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
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed on this request",
        )),
        Err(_) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than {} ms and was given up",
                limit.as_millis()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workers() -> Arc<Semaphore> {
        Arc::new(Semaphore::new(1))
    }

    #[tokio::test]
    async fn a_job_past_its_time_is_a_503_and_frees_its_worker_when_done() {
        let workers = workers();
        let slow = run_within(&workers, Duration::from_millis(20), || {
            std::thread::sleep(Duration::from_millis(300));
            Ok(())
        });
        let err = slow.await.unwrap_err();
        assert_eq!(err.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            err.message,
            "the request took longer than 20 ms and was given up"
        );
        // The one worker is back once the slow job has really ended.
        let next = run_within(&workers, Duration::from_secs(5), || Ok(7));
        assert_eq!(next.await.unwrap(), 7);
    }

    #[tokio::test]
    async fn a_job_that_panics_is_a_500_not_a_dead_server() {
        let workers = workers();
        let err = run(&workers, || -> Result<(), ApiError> {
            panic!("engine bug")
        })
        .await
        .unwrap_err();
        assert_eq!(err.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(run(&workers, || Ok(1)).await.unwrap(), 1);
    }
}
