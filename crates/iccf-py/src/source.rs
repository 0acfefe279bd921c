//! What the functions that read games take as their source: a path (`str`
//! or `os.PathLike`), the PGN itself as `bytes` (or `bytearray`,
//! `memoryview`), or a file object opened in binary or text mode. A list
//! is no source: `convert_file` alone documents a sequence of paths.

use std::io::{self, Cursor, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use iccf_stream::error::StreamError;
use iccf_stream::input::{Input, open_input, open_reader};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyString};

use crate::errors::stream_error;

/// A source opened as far as it can be without waiting for its stream.
pub enum Opened {
    /// A path or bytes, its compression told from its first bytes.
    Input(Input),
    /// A file object (a pipe, a server's response), whose first bytes may
    /// not have come yet: its compression is told on the thread that
    /// reads it ([`Opened::input`]), so that opening it neither waits nor
    /// holds the GIL while it waits.
    FileObject(FileObject, String),
}

impl Opened {
    /// The input, decompressed by its magic bytes: a file object's first
    /// bytes are read here, waited for if they have not come.
    pub fn input(self) -> Result<Input, StreamError> {
        match self {
            Opened::Input(input) => Ok(input),
            Opened::FileObject(file, name) => open_reader(Box::new(file), name, None),
        }
    }
}

/// Opens `source`, decompressing it by its magic bytes: a path or bytes
/// at once (a missing file raises here), a file object when it is read.
pub fn open(source: &Bound<'_, PyAny>) -> PyResult<Opened> {
    if let Some(data) = data(source)? {
        let len = data.len() as u64;
        return open_reader(Box::new(Cursor::new(data)), "<bytes>", Some(len))
            .map(Opened::Input)
            .map_err(|err| stream_error(&err));
    }
    if source.hasattr("read")? && !source.is_instance_of::<PyString>() {
        let name = source
            .getattr("name")
            .and_then(|n| n.extract::<String>())
            .unwrap_or_else(|_| "<file object>".to_owned());
        let reader = FileObject {
            file: source.clone().unbind(),
            read1: source.hasattr("read1")?,
            pending: Vec::new(),
            at: 0,
        };
        return Ok(Opened::FileObject(reader, name));
    }
    match source.extract::<PathBuf>() {
        // A FIFO's `open` waits for a writer: not with the GIL held.
        Ok(path) => source
            .py()
            .detach(|| open_input(&path))
            .map(Opened::Input)
            .map_err(|err| stream_error(&err)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a source of games is a path, bytes or a file object, not {}",
            source.get_type().name()?
        ))),
    }
}

/// The bytes of a `bytes`, `bytearray` or `memoryview`, copied.
fn data(source: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Some(bytes.as_bytes().to_vec()));
    }
    if let Ok(array) = source.cast::<PyByteArray>() {
        return Ok(Some(array.to_vec()));
    }
    if source.is_instance_of::<PyMemoryView>() {
        let bytes = source.call_method0("tobytes")?;
        return Ok(Some(bytes.cast::<PyBytes>()?.as_bytes().to_vec()));
    }
    Ok(None)
}

/// A Python file object read from Rust: `read1(n)` (or `read(n)` where
/// there is none) with the GIL, `bytes` as they are and `str` (text mode)
/// as UTF-8.
pub struct FileObject {
    file: Py<PyAny>,
    /// The file has `read1`, which gives what one read of its stream
    /// gives: a pipe's games as they come, where `read(n)` waits for `n`
    /// bytes.
    read1: bool,
    /// Bytes read but not yet handed out: a text file's `read(n)` gives n
    /// characters, up to 4n bytes.
    pending: Vec<u8>,
    at: usize,
}

/// Set when the interpreter starts to exit: no reading thread enters
/// Python after it. A thread waiting for the GIL while the interpreter
/// finalizes is ended by `pthread_exit`, which unwinds through Rust frames
/// and aborts the process (rc 134, a script that left a `games(file)`
/// loop early).
static EXITING: AtomicBool = AtomicBool::new(false);
/// Reading threads in Python, or waiting for the GIL to enter it.
static IN_PYTHON: AtomicUsize = AtomicUsize::new(0);

/// A reading thread's stay in Python; `None` once the interpreter exits.
struct InPython;

impl InPython {
    fn enter() -> Option<InPython> {
        IN_PYTHON.fetch_add(1, Ordering::SeqCst);
        if EXITING.load(Ordering::SeqCst) {
            IN_PYTHON.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(InPython)
    }
}

impl Drop for InPython {
    fn drop(&mut self) {
        IN_PYTHON.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Run by `atexit`, before the interpreter finalizes: stops reading
/// threads from entering Python and lets those inside (or waiting for the
/// GIL) leave, for two seconds at most.
#[pyfunction]
pub fn before_exit(py: Python<'_>) {
    EXITING.store(true, Ordering::SeqCst);
    py.detach(|| {
        let deadline = Instant::now() + Duration::from_secs(2);
        while IN_PYTHON.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
    });
}

impl Read for FileObject {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            let Some(_inside) = InPython::enter() else {
                return Err(io::Error::other("the Python interpreter is exiting"));
            };
            self.pending = Python::attach(|py| {
                let method = if self.read1 { "read1" } else { "read" };
                let chunk = self
                    .file
                    .bind(py)
                    .call_method1(method, (buf.len(),))
                    .map_err(io::Error::other)?;
                if let Ok(bytes) = chunk.cast::<PyBytes>() {
                    return Ok(bytes.as_bytes().to_vec());
                }
                let text: String = chunk.extract().map_err(io::Error::other)?;
                Ok::<_, io::Error>(text.into_bytes())
            })?;
            self.at = 0;
        }
        let n = (self.pending.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
