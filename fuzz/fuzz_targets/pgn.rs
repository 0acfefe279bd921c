//! The PGN reader end to end: the splitter covers every byte, streaming
//! finds the same games as reading in memory, and the converter never
//! panics and writes exactly one game for each game read, in every output
//! format and target notation.
#![no_main]

use std::io::Read;

use iccf::Notation;
use iccf_pgn::convert::{Converter, GameLocation, Options, OutputFormat};
use iccf_pgn::lexer::Lexer;
use iccf_pgn::split::{Splitter, split_games};
use libfuzzer_sys::fuzz_target;

/// A reader handing out at most 7 bytes a call, to cross block boundaries.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.0.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0c)
}

fuzz_target!(|data: &[u8]| {
    let games = split_games(data);
    let mut next = 0;
    for range in &games {
        assert_eq!(range.start, next);
        assert!(range.end > range.start);
        next = range.end;
    }
    let body = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    if body.iter().all(|&b| is_space(b)) {
        assert!(games.is_empty());
    }
    // Input of whitespace, byte-order marks and `%` lines only has no
    // games; any game makes the games cover every byte.
    if !games.is_empty() {
        assert_eq!(next, data.len(), "split_games must cover every byte");
    }

    let mut streamed = Vec::new();
    let mut splitter = Splitter::with_block_size(Trickle(data), 13);
    // Input that is not text (NUL or control bytes) is refused by the
    // stream with an error, never split into garbage games.
    let mut refused = false;
    loop {
        match splitter.next_batch(64) {
            Ok(Some(batch)) => {
                for (span, bytes) in batch.iter() {
                    let start = span.byte_offset as usize;
                    assert_eq!(bytes, &data[start..start + bytes.len()]);
                    streamed.push(start..start + bytes.len());
                }
            }
            Ok(None) => break,
            Err(err) => {
                assert_eq!(err.kind(), std::io::ErrorKind::InvalidData, "{err}");
                refused = true;
                break;
            }
        }
    }
    if !refused {
        assert_eq!(streamed, games);
    }

    for range in &games {
        for _ in Lexer::new(&data[range.clone()]) {}
    }

    for (format, to) in [
        (OutputFormat::Pgn, None),
        (OutputFormat::Pgn, Some(Notation::Numeric)),
        (OutputFormat::Pgn, Some(Notation::San)),
        (OutputFormat::Pgn, Some(Notation::Lan)),
        (OutputFormat::Pgn, Some(Notation::Uci)),
        (OutputFormat::Pgn, Some(Notation::Figurine)),
        (OutputFormat::Text, None),
        (OutputFormat::Jsonl, None),
    ] {
        let converter = Converter::new(Options {
            format,
            to,
            ..Options::default()
        });
        let mut out = Vec::new();
        for (i, range) in games.iter().enumerate() {
            let at = GameLocation {
                index: i as u64 + 1,
                ..GameLocation::default()
            };
            let report = converter.convert(&data[range.clone()], at, &mut out);
            for p in report.errors.iter().chain(&report.warnings) {
                assert_eq!(p.game, i as u64 + 1);
                assert!(p.line >= 1 && p.column >= 1);
            }
        }
        let written = match format {
            OutputFormat::Pgn => split_games(&out).len(),
            OutputFormat::Text | OutputFormat::Jsonl => out.iter().filter(|&&b| b == b'\n').count(),
        };
        assert_eq!(
            written,
            games.len(),
            "games in != games out ({format:?}, {to:?}):\n{}",
            String::from_utf8_lossy(&out)
        );
    }
});
