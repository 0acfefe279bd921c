//! `iccf.games`: the games of a PGN file (compressed too), one record at a
//! time. A thread reads the games into records on worker threads
//! (`iccf_stream::records`, the values `iccf convert --format jsonl`
//! writes) and hands them over a bounded channel, so memory stays small
//! however large the file; the iterator makes each a dict (its moves
//! dicts of notations, or the texts of one). Dropping the iterator stops
//! the thread.

use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::record::{GameRecord, RecordNotations};
use iccf_pgn::split::DEFAULT_MAX_GAME_SIZE;
use iccf_stream::batch::Run;
use iccf_stream::error::{Operation, StreamError};
use iccf_stream::input::Input;
use iccf_stream::jobs::Jobs;
use iccf_stream::records::records_in_order;
use iccf_stream::text_input::text_reader;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args;
use crate::errors::{jobs as checked_jobs, stream_error};
use crate::records::{MadeStrings, MoveShape, move_shape, record_dict};
use crate::source;

/// Bytes of games a worker converts at a time: small enough that the
/// first record comes at once.
const STEP_BYTES: usize = 256 * 1024;

/// Steps converted ahead of the reader.
const AHEAD: usize = 4;

/// How often a waiting `__next__` looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// Records of some games in order, or why the input stopped.
type Step = Result<Vec<GameRecord>, StreamError>;

/// Records received, and those made into dicts.
#[derive(Default)]
struct Ready {
    records: VecDeque<GameRecord>,
    /// Sent back to the thread that reads, to be freed there: freeing
    /// them took a good part of the iterator's thread, which holds the GIL
    /// and is the one that cannot keep up.
    spent: Vec<GameRecord>,
    /// The strings of move texts and tag names made.
    made: MadeStrings,
}

/// An iterator over the records of a file's games, each a dict.
#[pyclass(module = "iccf")]
pub struct GameIter {
    rx: Mutex<Receiver<Step>>,
    ready: Mutex<Ready>,
    spent: Mutex<Sender<Vec<GameRecord>>>,
    /// What each move is: a dict of notations, or one's text.
    shape: MoveShape,
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let mut ready = lock_ready(py, &self.ready);
        let Ready {
            records,
            spent,
            made,
        } = &mut *ready;
        if records.is_empty() && !spent.is_empty() {
            let back = self.spent.lock().unwrap_or_else(|e| e.into_inner());
            // Once the reading thread has ended they are freed here.
            let _ = back.send(std::mem::take(spent));
        }
        while records.is_empty() {
            let received = py.detach(|| {
                let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
                rx.recv_timeout(SIGNAL_POLL)
            });
            match received {
                Ok(Ok(received)) => records.extend(received),
                Ok(Err(err)) => return Err(stream_error(&err)),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => {
                    // A finished iterator kept by the caller keeps no table
                    // of strings (up to a MiB and the strings in it).
                    *made = MadeStrings::default();
                    return Ok(None);
                }
            }
        }
        let Some(record) = records.pop_front() else {
            return Ok(None);
        };
        let dict = record_dict(py, &record, &self.shape, made)?;
        spent.push(record);
        Ok(Some(dict))
    }
}

/// Locks `ready`, waiting without the GIL while another thread has it.
///
/// The thread holding the lock may be waiting for records with the GIL
/// let go, and takes the GIL again before it lets go of the lock: waiting
/// for the lock with the GIL held would stop both threads, and with them
/// every Python thread. (A guard cannot cross `detach`, so the wait is
/// for the lock to be free, then another try with the GIL.)
fn lock_ready<'a>(py: Python<'_>, ready: &'a Mutex<Ready>) -> MutexGuard<'a, Ready> {
    loop {
        match ready.try_lock() {
            Ok(guard) => return guard,
            Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => py.detach(|| drop(ready.lock())),
        }
    }
}

/// Opens `source` (a path, bytes or a binary or text file object; gzip,
/// bzip2, xz, zstd or plain) and starts converting it on `jobs` threads
/// (`None`: see [`default_jobs`]), its moves
/// dicts of `notations` (`None`: all),
/// or their texts when `notations` is one name as a `str`.
#[pyfunction]
#[pyo3(name = "game_records", signature = (source, *, input_lang = Some("auto"), jobs = None, notations = None))]
pub fn games(
    source: &Bound<'_, PyAny>,
    input_lang: Option<&str>,
    jobs: Option<i64>,
    notations: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameIter> {
    let shape = move_shape(notations)?;
    let notations = RecordNotations::of(shape.notations());
    let options = Options {
        input_lang: args::input_lang(input_lang)?,
        ..Options::default()
    };
    let jobs = match jobs {
        None => default_jobs(&shape),
        asked => checked_jobs(asked)?,
    }
    .get();
    let opened = source::open(source)?;
    let (tx, rx) = mpsc::sync_channel(AHEAD);
    let (spent_tx, spent) = mpsc::channel();
    std::thread::spawn(move || {
        let converter = Converter::new(options).with_record_notations(notations);
        let produced = opened
            .input()
            .and_then(|input| produce(input, &converter, jobs, &tx, &spent));
        if let Err(err) = produced {
            // Nobody listens when the iterator was dropped: nothing to say.
            let _ = tx.send(Err(err));
        }
    });
    Ok(GameIter {
        rx: Mutex::new(rx),
        ready: Mutex::default(),
        spent: Mutex::new(spent_tx),
        shape,
    })
}

/// The threads that convert when the caller names none. A record whose
/// moves are dicts keeps the GIL's thread busy: it gets a core to itself
/// (numeric dicts 0.37x -> 0.46x of `convert_file`'s MB/s on 2 cores).
/// Moves as texts leave that thread idle most of the time (a quarter of
/// a core on 2 cores, `notations="numeric"`), so every core converts:
/// 0.50x -> 0.57x with `"numeric"`, 0.42x -> 0.49x with `"san"`, where
/// dicts lose a little (0.46x -> 0.45x), measured on twic944.pgn.
fn default_jobs(shape: &MoveShape) -> Jobs {
    match shape {
        MoveShape::Dicts(_) => Jobs::all_but_one(),
        MoveShape::Text(_) => Jobs::all(),
    }
}

/// Why the pipeline stopped early.
enum Stop {
    Failed(StreamError),
    /// The iterator is gone.
    Dropped,
}

/// Converts `input` and sends its records, in order, until the end or
/// until the iterator is dropped, freeing those it sends back.
fn produce(
    input: Input,
    converter: &Converter,
    jobs: usize,
    tx: &SyncSender<Step>,
    spent: &Receiver<Vec<GameRecord>>,
) -> Result<(), StreamError> {
    let name = input.name.clone();
    let input = if input.is_live() {
        // A file object or pipe: its games come as they are read, not
        // when it ends (a stream of games from a server).
        input.read_live()
    } else {
        input
    };
    let read = |err| StreamError::io(Operation::Read, &name, None, err);
    let reader = text_reader(input.reader, InputEncoding::Auto).map_err(read)?;
    let run = Run {
        converter,
        jobs,
        max_game_size: DEFAULT_MAX_GAME_SIZE,
        batch_bytes: STEP_BYTES,
    };
    let read_error = |err| Stop::Failed(read(err));
    let result = records_in_order(run, reader, &read_error, &|| Ok(()), &mut |ready, _| {
        spent.try_iter().for_each(drop);
        tx.send(Ok(ready)).map_err(|_| Stop::Dropped)
    });
    match result {
        Ok(()) | Err(Stop::Dropped) => Ok(()),
        Err(Stop::Failed(err)) => Err(err),
    }
}
