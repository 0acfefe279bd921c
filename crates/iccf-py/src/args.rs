//! Reading the string arguments of the Python functions: languages,
//! notations, formats, text given as `str` or `bytes`.

use iccf::Notation;
use iccf::lang::Lang;
use iccf_pgn::convert::{Options, OutputFormat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A language code (`en`, `de`, `fr`, ...).
pub fn lang(code: &str) -> PyResult<Lang> {
    Lang::from_code(code).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown language `{code}`: see iccf.languages() for the codes"
        ))
    })
}

/// A language code, or `auto` (or `None`) to detect it per game.
pub fn input_lang(code: Option<&str>) -> PyResult<Option<Lang>> {
    match code {
        None | Some("auto") => Ok(None),
        Some(code) => lang(code).map(Some),
    }
}

/// A notation name; `None` (or `auto`) converts numeric games to SAN and
/// other games to numeric.
pub fn notation(name: Option<&str>) -> PyResult<Option<Notation>> {
    match name {
        None | Some("auto") => Ok(None),
        Some(name) => name
            .parse()
            .map(Some)
            .map_err(|err| PyValueError::new_err(format!("{err}"))),
    }
}

/// `pgn`, `text` or `jsonl`.
pub fn format(name: &str) -> PyResult<OutputFormat> {
    match name {
        "pgn" => Ok(OutputFormat::Pgn),
        "text" => Ok(OutputFormat::Text),
        "jsonl" => Ok(OutputFormat::Jsonl),
        _ => Err(PyValueError::new_err(format!(
            "unknown format `{name}`: use pgn, text or jsonl"
        ))),
    }
}

/// The conversion options that `iccf.convert` and `iccf.convert_file` share.
pub fn options(
    to: Option<&str>,
    format_name: &str,
    lang_code: Option<&str>,
    input_lang_code: Option<&str>,
) -> PyResult<Options> {
    Ok(Options {
        to: notation(to)?,
        format: format(format_name)?,
        lang: lang_code.map(lang).transpose()?.unwrap_or(Lang::En),
        input_lang: input_lang(input_lang_code)?,
        ..Options::default()
    })
}

/// The bytes of `text`, a `str` (as UTF-8) or `bytes` (as they are).
pub fn text_bytes(text: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(bytes) = text.cast::<PyBytes>() {
        return Ok(bytes.as_bytes().to_vec());
    }
    Ok(text.extract::<String>()?.into_bytes())
}
