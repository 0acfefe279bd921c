//! `iccf.convert`: the games of a text converted, with their problems.

use iccf_pgn::convert::Converter;
use pyo3::prelude::*;

use crate::args;
use crate::problem::PyProblem;

/// Converts every game of `text` (`str` or `bytes`); returns the output and
/// the problems. A bad game is reported, never raised.
#[pyfunction]
#[pyo3(signature = (text, *, to = Some("numeric"), format = "pgn", lang = None, input_lang = Some("auto")))]
pub fn convert(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    to: Option<&str>,
    format: &str,
    lang: Option<&str>,
    input_lang: Option<&str>,
) -> PyResult<(String, Vec<PyProblem>)> {
    let converter = Converter::new(args::options(to, format, lang, input_lang)?);
    let bytes = args::text_bytes(text)?;
    let (out, problems) = py.detach(|| {
        let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 4);
        let reports = converter.convert_all(&bytes, &mut out);
        let problems: Vec<PyProblem> = reports
            .iter()
            .flat_map(|r| r.problems_in_order())
            .map(|p| PyProblem::new(None, p))
            .collect();
        (out, problems)
    });
    let out = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Ok((out, problems))
}
