//! A game's record as a Python dict, built from
//! [`iccf_pgn::record::GameRecord`] without a JSON round trip: the keys
//! and values of `iccf convert --format jsonl`, each move in the notations
//! the caller asked for: a dict of them, or the text alone when one
//! notation was asked for as a `str`.

use iccf::Notation;
use iccf_pgn::convert::Problem;
use iccf_pgn::record::{GameRecord, Tags};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::move_strings::MoveStrings;
use crate::tag_names::TagNames;

/// What each move of a record is.
pub enum MoveShape {
    /// A dict of these notations, keyed by their names.
    Dicts(Vec<Notation>),
    /// The move's text in this notation.
    Text(Notation),
}

impl MoveShape {
    /// The notations of the moves, in order.
    pub fn notations(&self) -> Vec<Notation> {
        match self {
            MoveShape::Dicts(fields) => fields.clone(),
            MoveShape::Text(notation) => vec![*notation],
        }
    }
}

/// The shape `notations` asks for: `None` (dicts of all five), a
/// sequence of names (dicts of those) or one name as a `str` (its text).
pub fn move_shape(notations: Option<&Bound<'_, PyAny>>) -> PyResult<MoveShape> {
    let Some(notations) = notations else {
        return Ok(MoveShape::Dicts(move_fields(None)?));
    };
    if let Ok(name) = notations.cast::<PyString>() {
        return Ok(MoveShape::Text(notation_named(&name.to_cow()?)?));
    }
    Ok(MoveShape::Dicts(move_fields(Some(notations.extract()?))?))
}

/// The notations of `names` (`None`: all five), checked, in order, each
/// once: `["san", "san"]` gave two Arrow columns named `san`, which
/// Polars refuses.
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
    let mut fields = Vec::with_capacity(names.len());
    for name in &names {
        let notation = notation_named(name)?;
        if !fields.contains(&notation) {
            fields.push(notation);
        }
    }
    Ok(fields)
}

fn notation_named(name: &str) -> PyResult<Notation> {
    Notation::ALL
        .into_iter()
        .find(|n| n.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown notation `{name}` in notations: use numeric, san, uci, lan, figurine"
            ))
        })
}

/// The tags in order, a name written again as `Name#2`, … as in the
/// JSON-lines records.
fn tags_dict<'py>(
    py: Python<'py>,
    tags: &Tags,
    names: &mut TagNames,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in tags.unique() {
        dict.set_item(names.get(py, &name), value)?;
    }
    Ok(dict)
}

/// The Python strings an iterator makes once and gives again: moves and
/// tag names.
#[derive(Default)]
pub struct MadeStrings {
    move_strings: MoveStrings,
    tag_names: TagNames,
}

/// `record` as the dict the JSON-lines record reads into, its moves in
/// `shape`.
pub fn record_dict<'py>(
    py: Python<'py>,
    record: &GameRecord,
    shape: &MoveShape,
    made: &mut MadeStrings,
) -> PyResult<Bound<'py, PyDict>> {
    let MadeStrings {
        move_strings,
        tag_names,
    } = made;
    let moves = match shape {
        MoveShape::Dicts(fields) => move_dicts(py, record, fields, move_strings)?,
        MoveShape::Text(notation) => PyList::new(
            py,
            record
                .moves
                .texts(*notation)
                .map(|text| move_strings.get(py, text).into_owned()),
        )?,
    };
    let dict = PyDict::new(py);
    dict.set_item(pyo3::intern!(py, "game"), record.game)?;
    dict.set_item(
        pyo3::intern!(py, "tags"),
        tags_dict(py, &record.tags, tag_names)?,
    )?;
    dict.set_item(
        pyo3::intern!(py, "input"),
        record.input.map(iccf::Notation::name),
    )?;
    let langs: Vec<&str> = record.langs.iter().map(|l| l.code()).collect();
    dict.set_item(pyo3::intern!(py, "langs"), langs)?;
    dict.set_item(pyo3::intern!(py, "encoding"), record.encoding)?;
    dict.set_item(pyo3::intern!(py, "moves"), moves)?;
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

/// The moves of `record`, each a dict of its `fields`.
fn move_dicts<'py>(
    py: Python<'py>,
    record: &GameRecord,
    fields: &[Notation],
    move_strings: &mut MoveStrings,
) -> PyResult<Bound<'py, PyList>> {
    let keys: Vec<Bound<'py, PyString>> = fields
        .iter()
        .map(|n| PyString::intern(py, n.name()))
        .collect();
    // Collected at its size first: a fallible iterator gives no length,
    // and growing the vector cost a twentieth of the dicts' instructions.
    let mut dicts = Vec::with_capacity(record.moves.len());
    for m in &record.moves {
        let dict = PyDict::new(py);
        for (key, field) in keys.iter().zip(fields) {
            dict.set_item(key, &*move_strings.get(py, m.text(*field)))?;
        }
        dicts.push(dict);
    }
    PyList::new(py, dicts)
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
