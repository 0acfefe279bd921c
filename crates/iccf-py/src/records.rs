//! A game's main line as a record: tags, every move in numeric, SAN, UCI,
//! long algebraic and figurines, result and problems, as one JSON object that the Python side reads
//! with `json.loads` (which keeps the tags in their order).
//!
//! The records are what `iccf convert --format jsonl` writes, from the same
//! pipeline, so that a file read in batches keeps its game numbers, lines
//! and the language rule across batches. (`Converter::records` gives
//! [`iccf_pgn::record::GameRecord`]s for text in memory, located in that
//! text; a located form for batches would let this file use it.)

use iccf_pgn::convert::{Converter, Options, OutputFormat};
use iccf_stream::batch::Ready;

/// The converter whose output [`ready_records`] reads.
pub fn record_converter(options: Options) -> Converter {
    Converter::new(Options {
        format: OutputFormat::Jsonl,
        to: None,
        ..options
    })
}

/// The records of games ready in input order, one JSON object each.
pub fn ready_records(ready: &Ready) -> Vec<String> {
    // The JSON-lines writer writes one object a line, and JSON escapes
    // every newline inside strings.
    ready
        .to_vec()
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| String::from_utf8_lossy(line).into_owned())
        .collect()
}
