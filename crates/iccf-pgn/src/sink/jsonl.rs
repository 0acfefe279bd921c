//! JSON lines output: one object a game, every main-line move in numeric,
//! SAN and UCI.

use iccf::{MoveFormat, Notation};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::convert::Report;
use crate::lexer::TagValue;
use crate::problem::Problem;
use crate::sink::{Played, Sink};
use crate::walk::Step;

/// Gathers the main line of a game, then writes it as one JSON object.
#[derive(Debug, Default)]
pub(crate) struct JsonlSink {
    chess960_castling: iccf::CastlingNotation,
    tags: Vec<(String, String)>,
    moves: Vec<JsonMove>,
    result: Option<String>,
    unconverted: Vec<String>,
}

/// One move in the notations every program reads.
#[derive(Debug, Serialize)]
struct JsonMove {
    numeric: String,
    san: String,
    uci: String,
}

/// The object written for a game; field order is output order.
#[derive(Serialize)]
struct JsonGame<'a> {
    game: u64,
    #[serde(serialize_with = "tags_in_order")]
    tags: &'a [(String, String)],
    input: Option<&'static str>,
    langs: Vec<&'static str>,
    encoding: Option<&'static str>,
    moves: &'a [JsonMove],
    result: Option<&'a str>,
    unconverted: String,
    errors: Vec<JsonProblem<'a>>,
    warnings: Vec<JsonProblem<'a>>,
}

#[derive(Serialize)]
struct JsonProblem<'a> {
    line: u64,
    column: u64,
    #[serde(rename = "move")]
    move_number: Option<String>,
    token: &'a str,
    message: String,
}

impl<'a> From<&'a Problem> for JsonProblem<'a> {
    fn from(p: &'a Problem) -> JsonProblem<'a> {
        JsonProblem {
            line: p.line,
            column: p.column,
            move_number: p.move_number.map(|n| n.to_string()),
            token: &p.token,
            message: p.kind.to_string(),
        }
    }
}

/// Tags as a JSON object, in the order they were written.
fn tags_in_order<S: Serializer>(tags: &&[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(tags.len()))?;
    for (name, value) in tags.iter() {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl JsonlSink {
    /// Castling in Chess960 games written as `chess960_castling` says.
    pub(crate) fn new(chess960_castling: iccf::CastlingNotation) -> JsonlSink {
        JsonlSink {
            chess960_castling,
            ..JsonlSink::default()
        }
    }

    /// Appends the game as one line of JSON, with what `report` found.
    pub(crate) fn write(&self, out: &mut Vec<u8>, game: u64, report: &Report) {
        let json = JsonGame {
            game,
            tags: &self.tags,
            input: report.input.map(|s| s.name()),
            langs: report.langs.iter().map(|l| l.code()).collect(),
            encoding: report.encoding,
            moves: &self.moves,
            result: self.result.as_deref(),
            unconverted: self.unconverted.join(" "),
            errors: report.errors.iter().map(JsonProblem::from).collect(),
            warnings: report.warnings.iter().map(JsonProblem::from).collect(),
        };
        // Writing to a Vec cannot fail, nor can serializing these types.
        let _ = serde_json::to_writer(&mut *out, &json);
        out.push(b'\n');
    }
}

impl Sink for JsonlSink {
    const VARIATIONS: bool = false;

    fn wants_check(&self) -> bool {
        true
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        self.tags.push((lossy(name), lossy(&value.unescaped())));
    }

    fn misplaced_tag(&mut self, name: &[u8], value: TagValue<'_>, _raw: &[u8]) {
        self.tag(name, value);
    }

    fn played(&mut self, m: &Played<'_>) {
        let mut text = [Vec::new(), Vec::new(), Vec::new()];
        for (buf, n) in text
            .iter_mut()
            .zip([Notation::Numeric, Notation::San, Notation::Uci])
        {
            let format = MoveFormat {
                chess960_castling: self.chess960_castling,
                ..MoveFormat::new(n)
            };
            match m.step {
                Step::Move(mv) => format.append(buf, m.before, mv, m.check),
                Step::Null => buf.extend_from_slice(crate::sink::pgn::null_move(format)),
            }
        }
        let [numeric, san, uci] = text.map(|t| String::from_utf8(t).unwrap_or_default());
        self.moves.push(JsonMove { numeric, san, uci });
    }

    fn failed(&mut self, _pos: &shakmaty::Chess, token: &[u8], _with_suffix: &[u8]) {
        self.unconverted.push(lossy(token));
    }

    fn unconverted(&mut self, token: &[u8], _with_suffix: &[u8]) {
        self.unconverted.push(lossy(token));
    }

    fn result(&mut self, result: &[u8]) {
        self.result = Some(lossy(result));
    }

    fn misplaced_result(&mut self, raw: &[u8]) {
        self.result = Some(lossy(raw));
    }
}
