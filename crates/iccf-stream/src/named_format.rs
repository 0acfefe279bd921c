//! The output format a file's name asks for: `games.jsonl`,
//! `games.parquet`, `games.jsonl.zst`. `iccf convert -o` and Python's
//! `iccf.convert_file` both choose by it when no format is given, so that
//! a `.parquet` file is never written full of PGN.

use std::path::Path;

use crate::compression::Compression;

/// A format named by a file's extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NamedFormat {
    /// `.jsonl` or `.ndjson`: JSON lines, one record a game.
    Jsonl,
    /// `.parquet`: a Parquet table, one row a game.
    Parquet,
}

impl NamedFormat {
    /// The format `path`'s extension names, past a compression suffix;
    /// `None` for any other (PGN, or text when asked for).
    ///
    /// ```
    /// use std::path::Path;
    /// use iccf_stream::named_format::NamedFormat;
    ///
    /// assert_eq!(NamedFormat::of_path(Path::new("a.parquet")), Some(NamedFormat::Parquet));
    /// assert_eq!(NamedFormat::of_path(Path::new("a.NDJSON.zst")), Some(NamedFormat::Jsonl));
    /// assert_eq!(NamedFormat::of_path(Path::new("a.pgn.gz")), None);
    /// ```
    pub fn of_path(path: &Path) -> Option<NamedFormat> {
        let path = match Compression::from_extension(path) {
            Compression::None => path,
            _ => Path::new(path.file_stem()?),
        };
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "jsonl" | "ndjson" => Some(NamedFormat::Jsonl),
            "parquet" => Some(NamedFormat::Parquet),
            _ => None,
        }
    }
}
