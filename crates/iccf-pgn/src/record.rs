//! A game as a value: its tags, its main line in the notations every
//! program reads, its result and its problems.
//!
//! What `--format jsonl` writes, one [`GameRecord`] a line, and what
//! programs that want the games rather than text get from
//! [`Converter::records()`](crate::convert::Converter::records).
//!
//! ```
//! use iccf_pgn::convert::{Converter, Options};
//!
//! let records = Converter::new(Options::default()).records(b"[White \"Anna\"]\n1. e4 e5 2. Nf3 *");
//! let game = &records[0];
//! assert_eq!(game.tag("White"), Some("Anna"));
//! assert_eq!(game.moves[2].numeric, "7163");
//! assert_eq!(game.moves[2].san, "Nf3");
//! assert_eq!(game.result.as_deref(), Some("*"));
//! ```

use std::collections::HashMap;

use iccf::Notation;
use iccf::lang::LangSet;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use shakmaty::{Chess, Move};

use crate::problem::Problem;

/// One game read: the main line converted as far as it goes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// 1-based game number in its input.
    pub game: u64,
    /// The tag pairs in the order written (a JSON object, where a name
    /// written again becomes `Name#2`).
    #[serde(serialize_with = "tags_in_order")]
    pub tags: Vec<(String, String)>,
    /// The notation of the game's first move.
    #[serde(serialize_with = "notation_name")]
    pub input: Option<Notation>,
    /// The languages whose piece letters the algebraic moves were read in.
    #[serde(serialize_with = "lang_codes")]
    pub langs: LangSet,
    /// The legacy encoding the game was decoded from, if it was not UTF-8.
    pub encoding: Option<&'static str>,
    /// The main-line moves read, in order.
    pub moves: Vec<RecordedMove>,
    /// The result written at the end of the main line, if any.
    pub result: Option<String>,
    /// The main line's moves and move numbers from the first that failed,
    /// as written (a string, space-separated, in JSON).
    #[serde(serialize_with = "joined")]
    pub unconverted: Vec<String>,
    /// Problems that left part of the game unconverted.
    pub errors: Vec<Problem>,
    /// Things read that are not as they should be.
    pub warnings: Vec<Problem>,
    /// The position the game starts from (its FEN tag's, else the
    /// standard start), to replay [`GameRecord::moves`] from.
    #[serde(skip)]
    pub start: Chess,
}

impl GameRecord {
    /// The value of the first tag named `name`, ignoring ASCII case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One main-line move in numeric, SAN, UCI, long algebraic and figurines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordedMove {
    /// ICCF numeric: `7163`.
    pub numeric: String,
    /// SAN with English letters and check marks: `Nf3`.
    pub san: String,
    /// UCI: `g1f3`.
    pub uci: String,
    /// Long algebraic with English letters: `Ng1-f3`.
    pub lan: String,
    /// SAN with figurines: `♘f3`.
    pub figurine: String,
    /// The move, `None` for a null move.
    #[serde(skip)]
    pub m: Option<Move>,
}

/// Problems as JSON: where, at which move, the text at fault, and why.
impl Serialize for Problem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(5))?;
        map.serialize_entry("line", &self.line)?;
        map.serialize_entry("column", &self.column)?;
        map.serialize_entry("move", &self.move_number.map(|n| n.to_string()))?;
        map.serialize_entry("token", &self.token)?;
        map.serialize_entry("message", &self.kind.to_string())?;
        map.end()
    }
}

/// Tags as a JSON object in the order written; a name written again gets
/// `#2`, `#3`, … so that no key is duplicated and nothing is lost.
fn tags_in_order<S: Serializer>(tags: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(tags.len()))?;
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (name, value) in tags {
        let count = seen.entry(name).or_default();
        *count += 1;
        if *count == 1 {
            map.serialize_entry(name, value)?;
        } else {
            map.serialize_entry(&format!("{name}#{count}"), value)?;
        }
    }
    map.end()
}

fn notation_name<S: Serializer>(n: &Option<Notation>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_some(&n.map(Notation::name))
}

fn lang_codes<S: Serializer>(langs: &LangSet, s: S) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(langs.len()))?;
    for lang in langs.iter() {
        seq.serialize_element(lang.code())?;
    }
    seq.end()
}

fn joined<S: Serializer>(tokens: &[String], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&tokens.join(" "))
}
