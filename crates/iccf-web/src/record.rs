//! The main line of each pasted game as the page takes it: tags, numeric
//! moves, result and problems, from the converter's typed records
//! ([`iccf_pgn::record::GameRecord`]).

use iccf_pgn::convert::{Converter, Options, Problem};
use serde::Serialize;

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

/// The games' main lines, one record a game, in order.
pub fn records(text: &[u8]) -> Vec<GameRecord> {
    Converter::new(Options::default())
        .records(text)
        .into_iter()
        .map(|record| GameRecord {
            index: record.game,
            moves: record.moves.iter().map(|m| m.numeric.clone()).collect(),
            errors: record.errors.iter().map(ProblemJson::from).collect(),
            warnings: record.warnings.iter().map(ProblemJson::from).collect(),
            tags: record.tags,
            result: record.result,
        })
        .collect()
}
