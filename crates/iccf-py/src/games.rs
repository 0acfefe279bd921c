//! `iccf.games`: the games of a PGN file (compressed too), one record at a
//! time. A thread runs the pipeline of `iccf convert --format jsonl` and
//! hands the records over a bounded channel, so memory stays small however
//! large the file; dropping the iterator stops it.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Duration;

use iccf_pgn::convert::Options;
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::split::DEFAULT_MAX_GAME_SIZE;
use iccf_stream::batch::{Run, convert_in_order};
use iccf_stream::error::{Operation, StreamError};
use iccf_stream::input::Input;
use iccf_stream::text_input::text_reader;
use pyo3::prelude::*;

use crate::args;
use crate::errors::{jobs as checked_jobs, stream_error};
use crate::records::{ready_records, record_converter};
use crate::source;

/// Bytes of games a worker converts at a time: small enough that the
/// first record comes at once.
const STEP_BYTES: usize = 256 * 1024;

/// Steps converted ahead of the reader.
const AHEAD: usize = 4;

/// How often a waiting `__next__` looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// Records of some games in order, or why the input stopped.
type Step = Result<Vec<String>, StreamError>;

/// An iterator over the records of a file's games (JSON text each; the
/// Python wrapper `iccf.games` reads them into dicts).
#[pyclass(module = "iccf")]
pub struct GameIter {
    rx: Mutex<Receiver<Step>>,
    ready: Mutex<VecDeque<String>>,
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let mut ready = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        while ready.is_empty() {
            let received = py.detach(|| {
                let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
                rx.recv_timeout(SIGNAL_POLL)
            });
            match received {
                Ok(Ok(records)) => ready.extend(records),
                Ok(Err(err)) => return Err(stream_error(&err)),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
        Ok(ready.pop_front())
    }
}

/// Opens `source` (a path, bytes or a binary or text file object; gzip,
/// bzip2, xz, zstd or plain) and starts converting it on `jobs` threads
/// (`None`: one per core).
#[pyfunction]
#[pyo3(name = "game_records", signature = (source, *, input_lang = Some("auto"), jobs = None))]
pub fn games(
    source: &Bound<'_, PyAny>,
    input_lang: Option<&str>,
    jobs: Option<i64>,
) -> PyResult<GameIter> {
    let options = Options {
        input_lang: args::input_lang(input_lang)?,
        ..Options::default()
    };
    let jobs = checked_jobs(jobs)?.get();
    let input = source::open(source)?;
    let (tx, rx) = mpsc::sync_channel(AHEAD);
    std::thread::spawn(move || {
        if let Err(err) = produce(input, options, jobs, &tx) {
            // Nobody listens when the iterator was dropped: nothing to say.
            let _ = tx.send(Err(err));
        }
    });
    Ok(GameIter {
        rx: Mutex::new(rx),
        ready: Mutex::new(VecDeque::new()),
    })
}

/// Why the pipeline stopped early.
enum Stop {
    Failed(StreamError),
    /// The iterator is gone.
    Dropped,
}

/// Converts `input` and sends its records, in order, until the end or
/// until the iterator is dropped.
fn produce(
    input: Input,
    options: Options,
    jobs: usize,
    tx: &SyncSender<Step>,
) -> Result<(), StreamError> {
    let converter = record_converter(options);
    let name = input.name.clone();
    let read = |err| StreamError::io(Operation::Read, &name, None, err);
    let reader = text_reader(input.reader, InputEncoding::Auto).map_err(read)?;
    let run = Run {
        converter: &converter,
        jobs,
        max_game_size: DEFAULT_MAX_GAME_SIZE,
        batch_bytes: STEP_BYTES,
    };
    let read_error = |err| Stop::Failed(read(err));
    let result = convert_in_order(run, reader, &read_error, &|| Ok(()), &mut |ready, _| {
        tx.send(Ok(ready_records(&ready)))
            .map_err(|_| Stop::Dropped)
    });
    match result {
        Ok(()) | Err(Stop::Dropped) => Ok(()),
        Err(Stop::Failed(err)) => Err(err),
    }
}
