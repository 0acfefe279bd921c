//! `iccf.games`: the games of a PGN file (compressed too), one record at a
//! time, read and converted a batch at a time without the GIL.

use std::collections::VecDeque;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Mutex;

use iccf_cli::io::open_input;
use iccf_cli::text::text_reader;
use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::split::Splitter;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;

use crate::args;
use crate::records::{batch_records, record_converter};

/// Bytes of games read and converted per step: small enough that the first
/// record comes at once, large enough that a step costs little.
const STEP_BYTES: usize = 256 * 1024;

/// An iterator over the records of a file's games (JSON text each; the
/// Python wrapper `iccf.games` reads them into dicts).
#[pyclass(module = "iccf")]
pub struct GameIter {
    state: Mutex<State>,
}

struct State {
    splitter: Splitter<Box<dyn Read + Send>>,
    converter: Converter,
    ready: VecDeque<String>,
    name: String,
}

impl State {
    /// The next record, reading another step of games when none is ready.
    fn next(&mut self) -> std::io::Result<Option<String>> {
        while self.ready.is_empty() {
            let Some(batch) = self.splitter.next_batch(STEP_BYTES)? else {
                return Ok(None);
            };
            self.ready = batch_records(&self.converter, &batch).into();
        }
        Ok(self.ready.pop_front())
    }
}

#[pymethods]
impl GameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<String>> {
        py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let name = state.name.clone();
            state
                .next()
                .map_err(|err| PyOSError::new_err(format!("cannot read {name}: {err}")))
        })
    }
}

/// Opens `path` (gzip, bzip2, xz, zstd or plain) for [`GameIter`].
#[pyfunction]
#[pyo3(name = "game_records", signature = (path, *, input_lang = Some("auto")))]
pub fn games(path: PathBuf, input_lang: Option<&str>) -> PyResult<GameIter> {
    let options = Options {
        input_lang: args::input_lang(input_lang)?,
        ..Options::default()
    };
    let input = open_input(&path).map_err(|err| PyOSError::new_err(format!("{err:#}")))?;
    let name = input.name.clone();
    let reader = text_reader(input.reader, InputEncoding::Auto)
        .map_err(|err| PyOSError::new_err(format!("cannot read {name}: {err}")))?;
    Ok(GameIter {
        state: Mutex::new(State {
            splitter: Splitter::new(reader),
            converter: record_converter(options),
            ready: VecDeque::new(),
            name,
        }),
    })
}
