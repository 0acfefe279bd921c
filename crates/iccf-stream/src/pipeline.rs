//! An ordered parallel map with bounded memory: the engine that converts a
//! database batch by batch on all cores while writing the output in input
//! order.
//!
//! Layout for `jobs > 1` (all threads scoped, all joined before returning):
//!
//! ```text
//!   jobs workers, each in a loop:                      calling thread:
//!   lock source, take token, next() → work(item) ──(index, Out)──▶ reorder → sink
//!                    ▲                                                      │
//!                    └──────────── token back once sunk ◀───────────────────┘
//! ```
//!
//! A worker takes a token before pulling an item from the source and the
//! calling thread gives it back once the item has gone through the sink, so
//! at most [`max_in_flight`] items exist at any time, whatever the input size
//! and however slow one item is compared to the others. A heavy item
//! ([`run_weighed`]) takes more tokens, still holding the source.

use std::any::Any;
use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

/// The most items [`run_ordered`] holds at once with `jobs` workers: pulled
/// from the source but not yet through the sink. Two per worker keep every
/// worker busy while the sink writes out the oldest one; the two extra cover
/// the item being read and the one being written.
pub const fn max_in_flight(jobs: usize) -> usize {
    2 * jobs + 2
}

/// Maps `work` over the items of `source` on `jobs` threads and feeds the
/// results to `sink` on the calling thread, strictly in source order.
///
/// * `jobs <= 1` runs everything inline on the calling thread, without
///   spawning any thread.
/// * At most [`max_in_flight(jobs)`](max_in_flight) items are in flight; the
///   source is not polled further while the workers or the sink lag behind.
/// * The first error stops the run and is returned. A source error at
///   position `n` is returned after items `0..n` have gone through the sink,
///   exactly as with `jobs = 1`; a sink error is returned at once. In both
///   cases the source is not polled again and no further work is started.
/// * A panic in `source`, `work` or `sink` stops the run and is resumed on
///   the calling thread once all threads are joined.
///
/// The source is polled by the worker threads, one at a time, while the
/// calling thread runs the sink, so a source that blocks (reading a pipe)
/// delays the return after an error until it yields its next item.
///
/// ```
/// use iccf_stream::pipeline::run_ordered;
///
/// // Items finish in any order on four threads; the sink sees them in order.
/// let source = (1..=100u64).map(Ok::<_, std::io::Error>);
/// let mut squares = Vec::new();
/// run_ordered(source, 4, |n| n * n, |sq| {
///     squares.push(sq);
///     Ok(())
/// })?;
/// assert_eq!(squares, (1..=100u64).map(|n| n * n).collect::<Vec<_>>());
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run_ordered<In, Out, E, S, W, K>(source: S, jobs: usize, work: W, sink: K) -> Result<(), E>
where
    S: Iterator<Item = Result<In, E>> + Send,
    In: Send,
    Out: Send,
    E: Send,
    W: Fn(In) -> Out + Sync,
    K: FnMut(Out) -> Result<(), E>,
{
    run_weighed(source, jobs, &|_: &In| 1, work, sink)
}

/// [`run_ordered`] where an item counts as `weigh(item)` items towards
/// [`max_in_flight`], so that a few large items (a batch that is one
/// 60 MB game) are not held at once where many small ones would be. An
/// item weighing more than the others can leave room for is taken alone:
/// nothing more is pulled from the source until the items before it are
/// through the sink.
pub fn run_weighed<In, Out, E, S, W, K>(
    source: S,
    jobs: usize,
    weigh: &(dyn Fn(&In) -> usize + Sync),
    work: W,
    sink: K,
) -> Result<(), E>
where
    S: Iterator<Item = Result<In, E>> + Send,
    In: Send,
    Out: Send,
    E: Send,
    W: Fn(In) -> Out + Sync,
    K: FnMut(Out) -> Result<(), E>,
{
    if jobs <= 1 {
        run_inline(source, work, sink)
    } else {
        run_parallel(source, jobs, weigh, work, sink)
    }
}

fn run_inline<In, Out, E>(
    source: impl Iterator<Item = Result<In, E>>,
    work: impl Fn(In) -> Out,
    mut sink: impl FnMut(Out) -> Result<(), E>,
) -> Result<(), E> {
    for item in source {
        sink(work(item?))?;
    }
    Ok(())
}

/// What the workers report to the calling thread.
enum Msg<Out, E> {
    /// Item `index` was converted; it holds this many tokens.
    Done(usize, Out, usize),
    /// The source failed at `index`; it holds no items from there on.
    SourceError(usize, E),
    /// The source ended after this many items.
    End(usize),
    /// A thread panicked; the payload is resumed on the calling thread.
    Panicked(Box<dyn Any + Send>),
}

/// A result waiting in the reorder buffer for its turn.
enum Slot<Out, E> {
    Done(Out, usize),
    SourceError(E),
}

/// How the calling thread's loop ended.
enum Outcome<E> {
    Finished(Result<(), E>),
    Panicked(Box<dyn Any + Send>),
}

fn run_parallel<In, Out, E, S, W, K>(
    source: S,
    jobs: usize,
    weigh: &(dyn Fn(&In) -> usize + Sync),
    work: W,
    sink: K,
) -> Result<(), E>
where
    S: Iterator<Item = Result<In, E>> + Send,
    In: Send,
    Out: Send,
    E: Send,
    W: Fn(In) -> Out + Sync,
    K: FnMut(Out) -> Result<(), E>,
{
    let stop = AtomicBool::new(false);
    let tokens = Tokens::new(max_in_flight(jobs));
    let source = Mutex::new(Source {
        iter: source,
        next_index: 0,
        done: false,
    });
    let (result_tx, result_rx) = mpsc::channel::<Msg<Out, E>>();

    let outcome = thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = result_tx.clone();
            let (source, tokens, work, stop) = (&source, &tokens, &work, &stop);
            // A heavy item takes every token at most: it is then alone.
            let weigh = move |item: &In| weigh(item).clamp(1, max_in_flight(jobs));
            scope.spawn(move || worker(source, tokens, &weigh, work, tx, stop));
        }
        // Only the workers hold senders now: if they all exit, recv fails
        // instead of blocking forever.
        drop(result_tx);
        // However `collect` ends (result, error or panic in the sink), it
        // closes the tokens and drops the receiver, which releases every
        // worker, so the scope's join cannot deadlock.
        collect(result_rx, &tokens, sink, &stop)
    });
    match outcome {
        Outcome::Finished(result) => result,
        Outcome::Panicked(payload) => panic::resume_unwind(payload),
    }
}

/// The source and the index of its next item, shared by the workers.
struct Source<S> {
    iter: S,
    next_index: usize,
    /// Set once the source has ended, failed or panicked: never poll again.
    done: bool,
}

/// A counting semaphore: one token per item in flight.
struct Tokens {
    state: Mutex<TokenState>,
    available: Condvar,
}

struct TokenState {
    count: usize,
    closed: bool,
}

impl Tokens {
    fn new(count: usize) -> Tokens {
        Tokens {
            state: Mutex::new(TokenState {
                count,
                closed: false,
            }),
            available: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, TokenState> {
        // Nothing panics while holding this lock; tolerate poisoning anyway
        // rather than add a panic path.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits for `count` tokens; false once the run is over.
    fn acquire(&self, count: usize) -> bool {
        let mut state = self.lock();
        loop {
            if state.closed {
                return false;
            }
            if state.count >= count {
                state.count -= count;
                return true;
            }
            state = self
                .available
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Gives back the tokens of an item that has gone through the sink.
    fn release(&self, count: usize) {
        self.lock().count += count;
        // A waiter may want several: wake them all to look.
        self.available.notify_all();
    }

    /// Ends the run: every waiting and future `acquire` returns false.
    fn close(&self) {
        self.lock().closed = true;
        self.available.notify_all();
    }
}

/// A worker thread: takes a token, pulls the next item from the shared
/// source, converts it, repeats. Reading on the workers (rather than on a
/// reader thread of its own) keeps the thread count at `jobs` and saves a
/// thread hand-off per item.
fn worker<In, Out, E>(
    source: &Mutex<Source<impl Iterator<Item = Result<In, E>>>>,
    tokens: &Tokens,
    weigh: &impl Fn(&In) -> usize,
    work: &(impl Fn(In) -> Out + Sync),
    results: Sender<Msg<Out, E>>,
    stop: &AtomicBool,
) {
    loop {
        let (index, item, weight) = {
            // Panics in the source are caught below, so the lock is never
            // poisoned; tolerate it anyway.
            let mut src = source.lock().unwrap_or_else(PoisonError::into_inner);
            // The token is taken with the source held, so that no worker
            // holds one while it waits for the source: a heavy item below
            // can then wait for all of them.
            if src.done || !tokens.acquire(1) || stop.load(Ordering::Relaxed) {
                return;
            }
            let index = src.next_index;
            match panic::catch_unwind(AssertUnwindSafe(|| src.iter.next())) {
                Ok(Some(Ok(item))) => {
                    src.next_index += 1;
                    // Waited for with the source held: every item in flight
                    // is older, so it goes through the sink and frees its
                    // tokens without waiting for this one.
                    let weight = weigh(&item);
                    if !tokens.acquire(weight - 1) {
                        return;
                    }
                    (index, item, weight)
                }
                Ok(Some(Err(e))) => {
                    src.done = true;
                    let _ = results.send(Msg::SourceError(index, e));
                    return;
                }
                Ok(None) => {
                    src.done = true;
                    let _ = results.send(Msg::End(index));
                    return;
                }
                Err(payload) => {
                    src.done = true;
                    stop.store(true, Ordering::Relaxed);
                    let _ = results.send(Msg::Panicked(payload));
                    return;
                }
            }
        };
        match panic::catch_unwind(AssertUnwindSafe(|| work(item))) {
            Ok(out) => {
                // Err: the calling thread has finished, nothing more is wanted.
                if results.send(Msg::Done(index, out, weight)).is_err() {
                    return;
                }
            }
            Err(payload) => {
                stop.store(true, Ordering::Relaxed);
                let _ = results.send(Msg::Panicked(payload));
                return;
            }
        }
    }
}

/// Stops the run when the calling thread's loop ends in any way, including
/// a panic in the sink: no more items are pulled and waiting workers leave.
struct StopOnDrop<'a> {
    stop: &'a AtomicBool,
    tokens: &'a Tokens,
}

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.tokens.close();
    }
}

/// The calling thread's loop: puts results back in order and sinks them.
fn collect<Out, E>(
    results: Receiver<Msg<Out, E>>,
    tokens: &Tokens,
    mut sink: impl FnMut(Out) -> Result<(), E>,
    stop: &AtomicBool,
) -> Outcome<E> {
    let _stop = StopOnDrop { stop, tokens };
    // pending[i] holds item `next + i` once it has arrived. Its length is
    // bounded by the number of tokens.
    let mut pending: VecDeque<Option<Slot<Out, E>>> = VecDeque::new();
    let mut next = 0usize;
    let mut end = None;
    loop {
        while let Some(Some(_)) = pending.front() {
            let Some(Some(slot)) = pending.pop_front() else {
                unreachable!("front was checked just above")
            };
            next += 1;
            match slot {
                Slot::Done(out, weight) => {
                    if let Err(e) = sink(out) {
                        return Outcome::Finished(Err(e));
                    }
                    tokens.release(weight);
                }
                Slot::SourceError(e) => return Outcome::Finished(Err(e)),
            }
        }
        if end == Some(next) {
            return Outcome::Finished(Ok(()));
        }
        let (index, slot) = match results.recv() {
            Ok(Msg::Done(index, out, weight)) => (index, Slot::Done(out, weight)),
            Ok(Msg::SourceError(index, e)) => (index, Slot::SourceError(e)),
            Ok(Msg::End(count)) => {
                end = Some(count);
                continue;
            }
            Ok(Msg::Panicked(payload)) => return Outcome::Panicked(payload),
            // Every thread reports how it ends before exiting, so this means
            // a bug here; fail loudly rather than return a partial success.
            Err(mpsc::RecvError) => {
                return Outcome::Panicked(Box::new(
                    "pipeline threads exited without reporting the end of input",
                ));
            }
        };
        let offset = index - next;
        if pending.len() <= offset {
            pending.resize_with(offset + 1, || None);
        }
        pending[offset] = Some(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hint::black_box;
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    /// A CPU-bound stand-in for converting a batch (no sleeping: the tests
    /// must exercise real contention).
    fn spin(n: u64) -> u64 {
        let mut x = n;
        for i in 0..n {
            x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i));
        }
        x
    }

    /// Deterministic pseudo-random lengths (xorshift), no extra dependency.
    fn lengths(count: usize, max: u64) -> Vec<u64> {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        (0..count)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % max
            })
            .collect()
    }

    /// Runs `f` on a thread and fails the test instead of hanging if it
    /// does not finish: a deadlock must show up as a failure.
    fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let _ = tx.send(panic::catch_unwind(AssertUnwindSafe(f)));
        });
        match rx.recv_timeout(Duration::from_secs(secs)) {
            Ok(Ok(v)) => v,
            Ok(Err(p)) => panic::resume_unwind(p),
            Err(_) => panic!("pipeline did not finish within {secs} s"),
        }
    }

    #[test]
    fn order_is_preserved_and_memory_bounded() {
        for jobs in [1, 2, 8] {
            within(120, move || {
                let lens = lengths(10_000, 4_000);
                let in_flight = AtomicUsize::new(0);
                let peak = AtomicUsize::new(0);
                let source = lens.iter().enumerate().map(|(i, &n)| {
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    Ok::<_, ()>((i, n))
                });
                let mut seen = 0usize;
                run_ordered(
                    source,
                    jobs,
                    |(i, n)| (i, spin(n)),
                    |(i, v)| {
                        assert_eq!(i, seen, "out of order with jobs = {jobs}");
                        assert_eq!(v, spin(lens[i]));
                        seen += 1;
                        // A sink that is sometimes slow makes results pile up.
                        if i % 97 == 0 {
                            spin(20_000);
                        }
                        in_flight.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    },
                )
                .unwrap();
                assert_eq!(seen, 10_000);
                let peak = peak.load(Ordering::SeqCst);
                assert!(
                    peak <= max_in_flight(jobs),
                    "jobs = {jobs}: {peak} in flight"
                );
            });
        }
    }

    /// Regression (issue 25): with `-j2`, batches that were each one 60 MB
    /// game were held six at a time. Weighed, the items being worked on or
    /// waiting for the sink never weigh more than `max_in_flight` together
    /// (an item heavier than that counting as all it may take), and heavy
    /// items among light ones neither deadlock nor come out of order.
    #[test]
    fn heavy_items_are_not_held_beside_each_other() {
        for jobs in [2, 3, 8] {
            within(120, move || {
                let most = max_in_flight(jobs);
                let weights: Vec<usize> = lengths(3_000, 40)
                    .iter()
                    .map(|&n| if n < 4 { 1_000 } else { n as usize % 3 + 1 })
                    .collect();
                let held = AtomicUsize::new(0);
                let peak = AtomicUsize::new(0);
                let source = (0..weights.len()).map(Ok::<_, ()>);
                let work = |i: usize| {
                    let now = held.fetch_add(weights[i].min(most), Ordering::SeqCst);
                    peak.fetch_max(now + weights[i].min(most), Ordering::SeqCst);
                    spin(2_000);
                    i
                };
                let mut seen = 0;
                run_weighed(source, jobs, &|&i| weights[i], work, |i| {
                    assert_eq!(i, seen, "out of order with jobs = {jobs}");
                    seen += 1;
                    held.fetch_sub(weights[i].min(most), Ordering::SeqCst);
                    Ok(())
                })
                .unwrap();
                assert_eq!(seen, weights.len());
                let peak = peak.load(Ordering::SeqCst);
                assert!(peak <= max_in_flight(jobs), "jobs = {jobs}: {peak}");
            });
        }
    }

    #[test]
    fn bound_holds_when_one_item_is_very_slow() {
        within(60, || {
            let in_flight = AtomicUsize::new(0);
            let peak = AtomicUsize::new(0);
            let source = (0..2_000u64).map(|i| {
                let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                Ok::<_, ()>(i)
            });
            let work = |i: u64| {
                // Item 10 is slow: the others must not pile up behind it.
                spin(if i == 10 { 5_000_000 } else { 1_000 })
            };
            run_ordered(source, 4, work, |_| {
                in_flight.fetch_sub(1, Ordering::SeqCst);
                Ok(())
            })
            .unwrap();
            assert!(peak.load(Ordering::SeqCst) <= max_in_flight(4));
        });
    }

    #[test]
    fn jobs_one_runs_on_calling_thread() {
        let me = thread::current().id();
        let mut out = Vec::new();
        run_ordered(
            (0..100).map(Ok::<_, ()>),
            1,
            |i| {
                assert_eq!(thread::current().id(), me);
                i * 2
            },
            |v| {
                out.push(v);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(out, (0..100).map(|i| i * 2).collect::<Vec<_>>());
    }

    #[test]
    fn empty_source() {
        for jobs in [1, 2, 8] {
            let r = run_ordered(
                std::iter::empty::<Result<u8, ()>>(),
                jobs,
                |x| x,
                |_| panic!("sink called"),
            );
            assert_eq!(r, Ok(()));
        }
    }

    #[test]
    fn sink_error_stops_an_endless_source() {
        for jobs in [1, 2, 8] {
            within(60, move || {
                let pulled = AtomicUsize::new(0);
                let source = (0u64..).map(|i| {
                    pulled.fetch_add(1, Ordering::SeqCst);
                    Ok(i)
                });
                let mut sunk = Vec::new();
                let r = run_ordered(
                    source,
                    jobs,
                    |i| spin(100) ^ spin(100) ^ i,
                    |v| {
                        if v == 100 {
                            return Err(format!("disk full at {v}"));
                        }
                        sunk.push(v);
                        Ok(())
                    },
                );
                assert_eq!(r, Err("disk full at 100".to_owned()));
                assert_eq!(sunk, (0..100).collect::<Vec<_>>());
                // The source stopped within one window of the failure.
                let pulled = pulled.load(Ordering::SeqCst);
                assert!(pulled <= 101 + max_in_flight(jobs), "pulled {pulled}");
            });
        }
    }

    #[test]
    fn source_error_is_returned_after_earlier_items() {
        for jobs in [1, 2, 8] {
            within(60, move || {
                let worked = AtomicUsize::new(0);
                let source = (0..1_000u32).map(|i| if i == 500 { Err(i) } else { Ok(i) });
                let mut sunk = Vec::new();
                let r = run_ordered(
                    source,
                    jobs,
                    |i| {
                        worked.fetch_add(1, Ordering::SeqCst);
                        spin(u64::from(i % 7) * 500);
                        i
                    },
                    |v| {
                        sunk.push(v);
                        Ok(())
                    },
                );
                assert_eq!(r, Err(500));
                // Same outcome as a sequential run: everything before the
                // error, nothing after it.
                assert_eq!(sunk, (0..500).collect::<Vec<_>>());
                assert_eq!(worked.load(Ordering::SeqCst), 500);
            });
        }
    }

    #[test]
    fn work_panic_propagates_without_deadlock() {
        for jobs in [1, 2, 8] {
            within(60, move || {
                let r = panic::catch_unwind(|| {
                    run_ordered(
                        (0u64..).map(Ok::<_, ()>),
                        jobs,
                        |i| {
                            if i == 300 {
                                panic!("bad batch");
                            }
                            spin(200)
                        },
                        |_| Ok(()),
                    )
                });
                let payload = r.unwrap_err();
                assert_eq!(payload.downcast_ref::<&str>(), Some(&"bad batch"));
            });
        }
    }

    #[test]
    fn source_and_sink_panics_propagate_without_deadlock() {
        for jobs in [2, 8] {
            within(60, move || {
                let r = panic::catch_unwind(|| {
                    let source = (0u64..).map(|i| {
                        assert!(i < 50, "source broke");
                        Ok::<_, ()>(i)
                    });
                    run_ordered(source, jobs, spin, |_| Ok(()))
                });
                assert!(r.is_err());
                let r = panic::catch_unwind(|| {
                    run_ordered((0u64..).map(Ok::<_, ()>), jobs, spin, |v| {
                        assert!(v != spin(70), "sink broke");
                        Ok(())
                    })
                });
                assert!(r.is_err());
            });
        }
    }

    /// Scaling and overhead figures; run with
    /// `cargo test -p iccf-cli --release -- --ignored --nocapture scaling`.
    #[test]
    #[ignore = "benchmark"]
    fn scaling() {
        let time = |jobs: usize, items: u64, spins: u64| {
            let start = Instant::now();
            let mut sum = 0u64;
            run_ordered(
                (0..items).map(Ok::<_, ()>),
                jobs,
                |i| spin(spins) ^ i,
                |v| {
                    sum = sum.wrapping_add(v);
                    Ok(())
                },
            )
            .unwrap();
            black_box(sum);
            start.elapsed()
        };
        // Heavy items, like ~1 MiB batches of games (a few ms each).
        let t1 = time(1, 400, 3_000_000);
        for jobs in [1, 2, 3, 4] {
            let t = time(jobs, 400, 3_000_000);
            println!(
                "heavy: jobs = {jobs}: {:?} ({:.2}x of inline)",
                t,
                t1.as_secs_f64() / t.as_secs_f64()
            );
        }
        // Light items (tens of µs): where the per-item cost starts to show.
        let l1 = time(1, 20_000, 30_000);
        for jobs in [2, 4] {
            let t = time(jobs, 20_000, 30_000);
            println!(
                "light ({:.1} µs/item): jobs = {jobs}: {:.2}x of inline",
                l1.as_secs_f64() * 1e6 / 20_000.0,
                l1.as_secs_f64() / t.as_secs_f64()
            );
        }
        // Trivial items: the per-item cost of the machinery itself.
        for jobs in [1, 2, 4] {
            let n = 200_000;
            let t = time(jobs, n, 0);
            println!(
                "trivial: jobs = {jobs}: {:.2} µs per item",
                t.as_secs_f64() * 1e6 / n as f64
            );
        }
    }
}
