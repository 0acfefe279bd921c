//! `iccf.convert_file`: files converted by the parallel pipeline of
//! `iccf convert`, on a thread of its own while the caller waits without
//! the GIL, looking for Ctrl-C (and other signals Python handles) ten times
//! a second.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use iccf_pgn::problem::Problem;
use iccf_stream::batch::Ready;
use iccf_stream::named_format::NamedFormat;
use iccf_stream::output::create_output;
use iccf_stream::run::{Conversion, Finished, RunError, Watch, convert_inputs};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::args;
use crate::errors::{jobs as checked_jobs, stream_error};
use crate::problem::PyProblem;

/// How often the waiting caller looks for signals.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// How long an interrupted run may take to stop: the pipeline looks at the
/// stop flag between batches, and a batch read from a slow pipe may never
/// come. Past this the thread is left to stop on its own.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// The run's result and the problems it found, file by file.
type Done = (Result<Finished, RunError>, Vec<(String, Problem)>);

/// Keeps every problem, with the name of its input.
#[derive(Default)]
struct Problems(Vec<(String, Problem)>);

impl Watch for Problems {
    fn converted(&mut self, input: &str, ready: &Ready, _position: u64) {
        let named = ready.problems.iter().map(|p| (input.to_owned(), p.clone()));
        self.0.extend(named);
    }
}

/// The worker's answer, as the caller waits for it without the GIL. A
/// signal handler that raises (Ctrl-C) stops the worker and its exception
/// is returned once the worker has stopped or [`STOP_GRACE`] has passed.
/// (A `Receiver` is not `Sync`, and the closures of `detach` must be
/// `Send`: hence the mutex.)
fn wait(py: Python<'_>, rx: &Mutex<Receiver<Done>>, stop: &AtomicBool) -> PyResult<Done> {
    let receive = |timeout| {
        py.detach(|| {
            let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
            rx.recv_timeout(timeout)
        })
    };
    loop {
        match receive(SIGNAL_POLL) {
            Ok(result) => return Ok(result),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(err) = py.check_signals() {
                    // The output is not replaced: convert_files commits only
                    // a finished run.
                    stop.store(true, Ordering::Relaxed);
                    let _ = receive(STOP_GRACE);
                    return Err(err);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the conversion thread failed"));
            }
        }
    }
}

/// What `convert_file` did: games, moves, games with errors, bytes read,
/// seconds, and every problem. A value: summaries compare and hash by
/// their fields, pickle and copy.
#[pyclass(frozen, eq, module = "iccf", name = "Summary", get_all)]
#[derive(Clone, Debug, PartialEq)]
pub struct PySummary {
    /// Games read.
    pub games: u64,
    /// Moves converted.
    pub moves: u64,
    /// Games with at least one error.
    pub games_with_errors: u64,
    /// Input bytes (compressed size for compressed inputs).
    pub bytes_in: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Every error and warning, in input order.
    pub problems: Vec<PyProblem>,
}

#[pymethods]
impl PySummary {
    /// A summary from its fields (what unpickling calls).
    #[new]
    fn py_new(
        games: u64,
        moves: u64,
        games_with_errors: u64,
        bytes_in: u64,
        seconds: f64,
        problems: Vec<PyProblem>,
    ) -> PySummary {
        PySummary {
            games,
            moves,
            games_with_errors,
            bytes_in,
            seconds,
            problems,
        }
    }
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (u64, u64, u64, u64, f64, Vec<PyProblem>),
    ) {
        let s = slf.get().clone();
        let fields = (
            s.games,
            s.moves,
            s.games_with_errors,
            s.bytes_in,
            s.seconds,
            s.problems,
        );
        (slf.get_type(), fields)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut h = DefaultHasher::new();
        (
            self.games,
            self.moves,
            self.games_with_errors,
            self.bytes_in,
        )
            .hash(&mut h);
        self.seconds.to_bits().hash(&mut h);
        self.problems.hash(&mut h);
        h.finish()
    }
    fn __repr__(&self) -> String {
        format!(
            "<iccf.Summary {} games, {} moves, {} with errors, {} bytes in {:.2} s>",
            self.games, self.moves, self.games_with_errors, self.bytes_in, self.seconds
        )
    }
}

impl PySummary {
    fn new(done: &Finished, problems: &[(String, Problem)]) -> PySummary {
        PySummary {
            games: done.summary.games,
            moves: done.summary.moves,
            games_with_errors: done.summary.games_with_errors,
            bytes_in: done.summary.bytes_in,
            seconds: done.summary.elapsed.as_secs_f64(),
            problems: problems
                .iter()
                .map(|(file, problem)| PyProblem::new(Some(file.clone()), problem))
                .collect(),
        }
    }
}

/// Converts `src` (a path or a list of paths) into `dst` on `jobs` threads
/// (`None`: one per core). The output is replaced only when all went well.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (src, dst, *, to = Some("numeric"), format = None, lang = None, input_lang = Some("auto"), jobs = None))]
pub fn convert_file(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    dst: PathBuf,
    to: Option<&str>,
    format: Option<&str>,
    lang: Option<&str>,
    input_lang: Option<&str>,
    jobs: Option<i64>,
) -> PyResult<PySummary> {
    let format = match format {
        Some(format) => format,
        None => format_of(&dst)?,
    };
    let options = args::options(to, format, lang, input_lang)?;
    let inputs: Vec<PathBuf> = match src.extract::<PathBuf>() {
        Ok(path) => vec![path],
        Err(_) => src.extract()?,
    };
    let conversion = Conversion {
        inputs,
        options,
        jobs: checked_jobs(jobs)?,
        ..Conversion::default()
    };
    let output =
        create_output(Some(&dst), &conversion.inputs, false).map_err(|err| stream_error(&err))?;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let worker = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut problems = Problems::default();
            let result = convert_inputs(&conversion, output, &mut problems, &|| {
                stop.load(Ordering::Relaxed)
            });
            let _ = tx.send((result, problems.0));
        })
    };
    let (result, problems) = wait(py, &Mutex::new(rx), &stop)?;
    let _ = py.detach(|| worker.join());
    match result {
        Ok(done) => match done.failed.first() {
            Some(err) => Err(stream_error(err)),
            None => Ok(PySummary::new(&done, &problems)),
        },
        Err(RunError::Interrupted) => Err(PyKeyboardInterrupt::new_err("interrupted")),
        Err(RunError::Output(err)) => Err(stream_error(&err)),
    }
}

/// The format `dst`'s name asks for, as `iccf convert -o` reads it:
/// `jsonl` for `.jsonl` and `.ndjson`, else `pgn`. A `.parquet` file was
/// written full of PGN; it is refused, saying what writes one.
fn format_of(dst: &Path) -> PyResult<&'static str> {
    match NamedFormat::of_path(dst) {
        Some(NamedFormat::Jsonl) => Ok("jsonl"),
        Some(NamedFormat::Parquet) => Err(PyValueError::new_err(format!(
            "{}: convert_file writes pgn, text or jsonl; for a Parquet file use \
             `iccf convert -o FILE.parquet`, or pyarrow.parquet over iccf.games_arrow",
            dst.display()
        ))),
        None => Ok("pgn"),
    }
}
