//! A game's record as a Python dict, built from
//! [`iccf_pgn::record::GameRecord`] without a JSON round trip: the keys
//! and values of `iccf convert --format jsonl`, each move in the notations
//! the caller asked for.

use iccf::Notation;
use iccf_pgn::convert::Problem;
use iccf_pgn::record::{GameRecord, unique_tags};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The notations of `names` (`None`: all five), checked, in order.
pub fn move_fields(names: Option<Vec<String>>) -> PyResult<Vec<Notation>> {
    let Some(names) = names else {
        return Ok(vec![
            Notation::Numeric,
            Notation::San,
            Notation::Uci,
            Notation::Lan,
            Notation::Figurine,
        ]);
    };
    names
        .iter()
        .map(|name| {
            Notation::ALL
                .into_iter()
                .find(|n| n.name() == name)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown notation `{name}` in notations: use numeric, san, uci, lan, figurine"
                    ))
                })
        })
        .collect()
}

/// `record` as the dict the JSON-lines record reads into, its moves in
/// `fields`.
pub fn record_dict<'py>(
    py: Python<'py>,
    record: &GameRecord,
    fields: &[Notation],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(pyo3::intern!(py, "game"), record.game)?;
    dict.set_item(pyo3::intern!(py, "tags"), tags_dict(py, &record.tags)?)?;
    dict.set_item(
        pyo3::intern!(py, "input"),
        record.input.map(iccf::Notation::name),
    )?;
    let langs: Vec<&str> = record.langs.iter().map(|l| l.code()).collect();
    dict.set_item(pyo3::intern!(py, "langs"), langs)?;
    dict.set_item(pyo3::intern!(py, "encoding"), record.encoding)?;
    dict.set_item(pyo3::intern!(py, "moves"), moves_list(py, record, fields)?)?;
    dict.set_item(pyo3::intern!(py, "result"), record.result.as_deref())?;
    dict.set_item(
        pyo3::intern!(py, "unconverted"),
        record.unconverted.join(" "),
    )?;
    dict.set_item(pyo3::intern!(py, "errors"), problems(py, &record.errors)?)?;
    dict.set_item(
        pyo3::intern!(py, "warnings"),
        problems(py, &record.warnings)?,
    )?;
    Ok(dict)
}

/// The tags in order, a name written again as `Name#2`, … as in the
/// JSON-lines records.
fn tags_dict<'py>(py: Python<'py>, tags: &[(String, String)]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in unique_tags(tags) {
        dict.set_item(name.as_ref(), value)?;
    }
    Ok(dict)
}

fn moves_list<'py>(
    py: Python<'py>,
    record: &GameRecord,
    fields: &[Notation],
) -> PyResult<Bound<'py, PyList>> {
    let keys: Vec<Bound<'py, PyString>> = fields
        .iter()
        .map(|n| PyString::intern(py, n.name()))
        .collect();
    let dicts = record.moves.iter().map(|m| {
        let dict = PyDict::new(py);
        for (key, field) in keys.iter().zip(fields) {
            dict.set_item(key, m.get(*field))?;
        }
        Ok(dict)
    });
    PyList::new(py, dicts.collect::<PyResult<Vec<_>>>()?)
}

fn problems<'py>(py: Python<'py>, problems: &[Problem]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for p in problems {
        let dict = PyDict::new(py);
        dict.set_item(pyo3::intern!(py, "line"), p.line)?;
        dict.set_item(pyo3::intern!(py, "column"), p.column)?;
        dict.set_item(
            pyo3::intern!(py, "move"),
            p.move_number.map(|n| n.to_string()),
        )?;
        dict.set_item(pyo3::intern!(py, "token"), p.token.as_str())?;
        dict.set_item(pyo3::intern!(py, "message"), p.kind.to_string())?;
        list.append(dict)?;
    }
    Ok(list)
}
