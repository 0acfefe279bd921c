//! The main line of each pasted game, typed: tags, numeric moves, result
//! and problems. Read from the converter's JSON-lines output for now; when
//! `iccf_pgn::record` lands this file becomes a call to it.

use std::fmt;

use iccf::Notation;
use iccf_pgn::convert::{Converter, GameLocation, Options, OutputFormat, Problem};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

/// One game's main line.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// 1-based number of the game in the paste.
    pub index: u64,
    /// Tags in the order written.
    pub tags: Vec<(String, String)>,
    /// The main-line moves in numeric, up to the first one that fails.
    pub moves: Vec<String>,
    /// The result at the end of the movetext, if any.
    pub result: Option<String>,
    /// Problems that stopped the conversion, as the CLI reports them.
    pub errors: Vec<ProblemJson>,
    /// Problems the game was converted through.
    pub warnings: Vec<ProblemJson>,
}

/// A problem with its place in the pasted text.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemJson {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
    /// The text at fault.
    pub token: String,
    /// The whole report, as the CLI prints it after the file name:
    /// ``3:12: game 1, 2... `Sx`: ...``.
    pub text: String,
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        ProblemJson {
            line: p.line,
            column: p.column,
            token: p.token.clone(),
            text: format!("{}:{}: {p}", p.line, p.column),
        }
    }
}

/// The part of a JSON line this reads.
#[derive(Deserialize)]
struct JsonLine {
    #[serde(deserialize_with = "tags_in_order")]
    tags: Vec<(String, String)>,
    moves: Vec<JsonMove>,
    result: Option<String>,
}

#[derive(Deserialize)]
struct JsonMove {
    numeric: String,
}

/// The games' main lines, one record a game, in order.
pub fn records(games: &[(GameLocation, &[u8])]) -> Vec<GameRecord> {
    let converter = Converter::new(Options {
        to: Some(Notation::Numeric),
        format: OutputFormat::Jsonl,
        ..Options::default()
    });
    let mut out = Vec::new();
    let reports = converter.convert_stream(games, &mut out);
    let lines = out.split(|&b| b == b'\n').filter(|l| !l.is_empty());
    reports
        .iter()
        .zip(lines)
        .zip(games)
        .map(|((report, line), (at, _))| {
            // The converter wrote this line: it is our JSON.
            let json: JsonLine = serde_json::from_slice(line).unwrap_or(JsonLine {
                tags: Vec::new(),
                moves: Vec::new(),
                result: None,
            });
            GameRecord {
                index: at.index,
                tags: json.tags,
                moves: json.moves.into_iter().map(|m| m.numeric).collect(),
                result: json.result,
                errors: report.errors.iter().map(ProblemJson::from).collect(),
                warnings: report.warnings.iter().map(ProblemJson::from).collect(),
            }
        })
        .collect()
}

/// A JSON object read as its entries in order (serde_json's map sorts).
fn tags_in_order<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, String)>, D::Error> {
    struct Entries;
    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<(String, String)>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object of tags")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut tags = Vec::new();
            while let Some(entry) = map.next_entry()? {
                tags.push(entry);
            }
            Ok(tags)
        }
    }
    d.deserialize_map(Entries)
}
