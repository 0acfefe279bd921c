//! The connections under the router: an accept loop over hyper's HTTP/1
//! server that closes a connection which takes too long to send its
//! request headers or sits idle between requests, and that keeps at most
//! [`ConnLimits::max_connections`] open by closing the longest-waiting
//! one when a new one comes. So slow or silent clients, however many,
//! cannot take the server away from the person using the page.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::{Instant, sleep, sleep_until};

use crate::limits;

/// How long a connection may wait for a request and how many may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnLimits {
    /// From the connection's start, or the first byte of a request, to the
    /// end of its headers.
    pub header_time: Duration,
    /// From an answer to the first byte of the next request (keep-alive).
    pub idle_time: Duration,
    /// Connections open at once; a new one beyond closes the one that has
    /// waited longest without a request in progress.
    pub max_connections: usize,
}

impl Default for ConnLimits {
    fn default() -> ConnLimits {
        ConnLimits {
            header_time: limits::HEADER_TIME,
            idle_time: limits::IDLE_TIME,
            max_connections: limits::MAX_CONNECTIONS,
        }
    }
}

/// Where a connection is, for its deadline.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Reading a request's headers since then (or waiting for the first
    /// request since the connection started).
    Reading(Instant),
    /// A request is being answered.
    Busy,
    /// Answered; waiting for another request since then.
    Idle(Instant),
}

/// One open connection, as the accept loop and its watchdog see it.
#[derive(Debug)]
struct Conn {
    phase: Mutex<Phase>,
    closing: AtomicBool,
    close: Notify,
}

impl Conn {
    fn phase(&self) -> MutexGuard<'_, Phase> {
        self.phase.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Since when it has waited without a request in progress, if it has.
    fn waiting_since(&self) -> Option<Instant> {
        match *self.phase() {
            Phase::Reading(since) | Phase::Idle(since) => Some(since),
            Phase::Busy => None,
        }
    }

    fn deadline(&self, limits: &ConnLimits) -> Option<Instant> {
        match *self.phase() {
            Phase::Reading(since) => Some(since + limits.header_time),
            Phase::Idle(since) => Some(since + limits.idle_time),
            Phase::Busy => None,
        }
    }

    fn shut(&self) {
        self.closing.store(true, Ordering::Relaxed);
        self.close.notify_one();
    }
}

/// The open connections by number.
#[derive(Debug, Default)]
struct Registry {
    conns: Mutex<HashMap<u64, Arc<Conn>>>,
    next: AtomicU64,
}

impl Registry {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Arc<Conn>>> {
        self.conns.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers a new connection, first closing the longest-waiting one
    /// when `max` are open; `None` when all of them are answering.
    fn admit(&self, max: usize) -> Option<(u64, Arc<Conn>)> {
        let mut conns = self.lock();
        let open = conns
            .values()
            .filter(|c| !c.closing.load(Ordering::Relaxed))
            .count();
        if open >= max {
            let victim = conns
                .values()
                .filter(|c| !c.closing.load(Ordering::Relaxed))
                .filter_map(|c| c.waiting_since().map(|since| (since, c)))
                .min_by_key(|(since, _)| *since)
                .map(|(_, c)| c.clone());
            victim?.shut();
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Conn {
            phase: Mutex::new(Phase::Reading(Instant::now())),
            closing: AtomicBool::new(false),
            close: Notify::new(),
        });
        conns.insert(id, conn.clone());
        Some((id, conn))
    }

    /// Closes the longest-waiting connection (when accept runs out of
    /// file descriptors); whether there was one.
    fn evict_one(&self) -> bool {
        let conns = self.lock();
        let victim = conns
            .values()
            .filter(|c| !c.closing.load(Ordering::Relaxed))
            .filter_map(|c| c.waiting_since().map(|since| (since, c)))
            .min_by_key(|(since, _)| *since);
        if let Some((_, conn)) = victim {
            conn.shut();
        }
        victim.is_some()
    }
}

/// Accepts connections on `listener` and answers them with `router`
/// until `shutdown` completes.
///
/// # Errors
///
/// None today: a failed accept (out of file descriptors) closes the
/// longest-waiting connection and goes on.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnLimits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let registry = Arc::new(Registry::default());
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return Ok(()),
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors: the evicted connection's task
                // closes its socket as soon as it runs, so accept again
                // after letting it (a pause of 10 ms each made 500 waiting
                // connections hold a new request back for 5 s); pause
                // only when every connection is busy.
                if registry.evict_one() {
                    tokio::task::yield_now().await;
                } else {
                    sleep(Duration::from_millis(10)).await;
                }
                continue;
            }
        };
        let Some((id, conn)) = registry.admit(limits.max_connections) else {
            // Every connection is answering a request: this one waits its
            // turn in the client's retry, not in our memory.
            drop(stream);
            continue;
        };
        let registry = registry.clone();
        let router = router.clone();
        tokio::spawn(async move {
            connection(stream, router, conn, &limits).await;
            registry.lock().remove(&id);
        });
    }
}

/// Serves one connection until it ends, overruns its deadline, or is
/// closed to make room.
async fn connection(stream: TcpStream, router: Router, conn: Arc<Conn>, limits: &ConnLimits) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Watched {
        inner: stream,
        conn: conn.clone(),
    });
    let service_conn = conn.clone();
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let busy = BusyGuard::new(service_conn.clone());
        let router = router.clone();
        async move {
            let _busy = busy;
            tower::ServiceExt::oneshot(router, request.map(axum::body::Body::new)).await
        }
    });
    let serving = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .serve_connection(io, service);
    tokio::pin!(serving);
    loop {
        // A busy connection is looked at again after a while: its request
        // is bounded by the router's own time limit.
        let wake = conn
            .deadline(limits)
            .unwrap_or_else(|| Instant::now() + limits.header_time);
        tokio::select! {
            _ = &mut serving => return,
            () = conn.close.notified() => return,
            () = sleep_until(wake) => {
                if conn.deadline(limits).is_some_and(|d| d <= Instant::now()) {
                    return;
                }
            }
        }
    }
}

/// Marks its connection busy while a request is answered; idle after,
/// even when the answer is given up.
struct BusyGuard(Arc<Conn>);

impl BusyGuard {
    fn new(conn: Arc<Conn>) -> BusyGuard {
        *conn.phase() = Phase::Busy;
        BusyGuard(conn)
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        *self.0.phase() = Phase::Idle(Instant::now());
    }
}

/// The socket, noting when an idle connection starts a new request.
struct Watched {
    inner: TcpStream,
    conn: Arc<Conn>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            let mut phase = self.conn.phase();
            if matches!(*phase, Phase::Idle(_)) {
                *phase = Phase::Reading(Instant::now());
            }
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
