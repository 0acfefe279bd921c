//! `iccf.games_arrow`: the games of a file as Arrow record batches, one
//! row a game in the table of `iccf_stream::table` (the table `iccf
//! convert --format parquet` writes). A thread reads the games on worker
//! threads and builds the batches without the GIL; each batch crosses to
//! Python through the Arrow C data interface (the PyCapsule protocol,
//! `__arrow_c_array__`), so pyarrow, Polars or DuckDB take it without a
//! copy and no pyo3 version is shared with an Arrow binding crate.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Duration;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, to_ffi};
use arrow_array::{Array, RecordBatch, StructArray};
use iccf::Notation;
use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::record::RecordNotations;
use iccf_pgn::split::DEFAULT_MAX_GAME_SIZE;
use iccf_stream::batch::Run;
use iccf_stream::error::{Operation, StreamError};
use iccf_stream::input::Input;
use iccf_stream::records::records_in_order;
use iccf_stream::table::GameTable;
use iccf_stream::text_input::text_reader;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use crate::args;
use crate::errors::{jobs as checked_jobs, stream_error};
use crate::records::move_fields;
use crate::source;

/// Batches built ahead of the reader.
const AHEAD: usize = 2;

/// How often a waiting `__next__` looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// Bytes of games a worker reads at a time.
const STEP_BYTES: usize = 1 << 20;

type Step = Result<RecordBatch, StreamError>;

/// An iterator over the batches of a file's games.
#[pyclass(module = "iccf")]
pub struct BatchIter {
    rx: Mutex<Receiver<Step>>,
}

#[pymethods]
impl BatchIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<ArrowBatch>> {
        loop {
            let received = py.detach(|| {
                let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
                rx.recv_timeout(SIGNAL_POLL)
            });
            match received {
                Ok(Ok(batch)) => return Ok(Some(ArrowBatch { batch })),
                Ok(Err(err)) => return Err(stream_error(&err)),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }
}

/// One record batch, exported by the Arrow PyCapsule protocol:
/// `pyarrow.record_batch(batch)` imports it.
#[pyclass(module = "iccf", frozen)]
pub struct ArrowBatch {
    batch: RecordBatch,
}

#[pymethods]
impl ArrowBatch {
    /// Rows (games) in the batch.
    fn __len__(&self) -> usize {
        self.batch.num_rows()
    }

    /// The schema as an `arrow_schema` capsule.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let schema = FFI_ArrowSchema::try_from(self.batch.schema().as_ref())
            .map_err(|err| PyRuntimeError::new_err(err.to_string()))?;
        PyCapsule::new_with_value(py, schema, c"arrow_schema")
    }

    /// The batch as a struct array: `(arrow_schema, arrow_array)` capsules.
    /// A requested schema other than the batch's own is not supported.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema;
        let data = StructArray::from(self.batch.clone()).into_data();
        let (array, schema): (FFI_ArrowArray, FFI_ArrowSchema) =
            to_ffi(&data).map_err(|err| PyRuntimeError::new_err(err.to_string()))?;
        let schema = PyCapsule::new_with_value(py, schema, c"arrow_schema")?;
        let array = PyCapsule::new_with_value(py, array, c"arrow_array")?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }
}

/// Opens `source` and starts reading it into batches of `batch_size`
/// games, the moves in `notations` (`None`: numeric and SAN).
#[pyfunction]
#[pyo3(signature = (source, *, batch_size = 10_000, notations = None, input_lang = Some("auto"), jobs = None))]
pub fn game_batches(
    source: &Bound<'_, PyAny>,
    batch_size: usize,
    notations: Option<Vec<String>>,
    input_lang: Option<&str>,
    jobs: Option<i64>,
) -> PyResult<BatchIter> {
    if batch_size == 0 {
        return Err(PyValueError::new_err("batch_size=0: give 1 game or more"));
    }
    let fields = match notations {
        None => vec![Notation::Numeric, Notation::San],
        names => move_fields(names)?,
    };
    let options = Options {
        input_lang: args::input_lang(input_lang)?,
        ..Options::default()
    };
    let jobs = checked_jobs(jobs)?.get();
    let opened = source::open(source)?;
    let (tx, rx) = mpsc::sync_channel(AHEAD);
    std::thread::spawn(move || {
        let converter = Converter::new(options)
            .with_record_notations(RecordNotations::of(fields.iter().copied()));
        let mut table = GameTable::new(&fields);
        let produced = opened
            .input()
            .and_then(|input| produce(input, &converter, jobs, batch_size, &mut table, &tx));
        if let Err(err) = produced {
            // Nobody listens when the iterator was dropped: nothing to say.
            let _ = tx.send(Err(err));
        }
    });
    Ok(BatchIter { rx: Mutex::new(rx) })
}

/// Reads `input` and sends its games as batches, until the end or until
/// the iterator is dropped.
fn produce(
    input: Input,
    converter: &Converter,
    jobs: usize,
    batch_size: usize,
    table: &mut GameTable,
    tx: &SyncSender<Step>,
) -> Result<(), StreamError> {
    let name = input.name.clone();
    let read = |err| StreamError::io(Operation::Read, &name, None, err);
    let reader = text_reader(input.reader, InputEncoding::Auto).map_err(read)?;
    let run = Run {
        converter,
        jobs,
        max_game_size: DEFAULT_MAX_GAME_SIZE,
        batch_bytes: STEP_BYTES,
    };
    let read_error = |err| Some(read(err));
    // `None`: the iterator is gone.
    let result = records_in_order(run, reader, &read_error, &|| Ok(()), &mut |records, _| {
        for record in &records {
            table.push(record);
            if table.len() >= batch_size {
                tx.send(Ok(table.finish())).map_err(|_| None)?;
            }
        }
        Ok(())
    });
    match result {
        Ok(()) if !table.is_empty() => {
            // The iterator may be gone: nothing to say then.
            let _ = tx.send(Ok(table.finish()));
            Ok(())
        }
        Ok(()) | Err(None) => Ok(()),
        Err(Some(err)) => Err(err),
    }
}
