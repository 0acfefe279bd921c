//! A game's main line as a record: tags, every move in numeric, SAN and
//! UCI, result and problems, as one JSON object that the Python side reads
//! with `json.loads` (which keeps the tags in their order). Made from the
//! JSON-lines output for now; when `iccf_pgn::record` lands, only this file
//! changes.

use iccf_pgn::convert::{Converter, GameLocation, Options, OutputFormat};
use iccf_pgn::split::Batch;

/// The converter whose output [`batch_records`] reads.
pub fn record_converter(options: Options) -> Converter {
    Converter::new(Options {
        format: OutputFormat::Jsonl,
        to: None,
        ..options
    })
}

/// The record of every game of `batch`, in order, one JSON object each.
pub fn batch_records(converter: &Converter, batch: &Batch) -> Vec<String> {
    let games: Vec<(GameLocation, &[u8])> = batch
        .iter()
        .map(|(span, game)| (span.into(), game))
        .collect();
    let mut out = Vec::with_capacity(batch.data.len() * 2);
    converter.convert_stream(&games, &mut out);
    // The JSON-lines writer writes one object a line, and JSON escapes
    // every newline inside strings.
    out.split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| String::from_utf8_lossy(line).into_owned())
        .collect()
}
