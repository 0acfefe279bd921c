//! Property tests: the lexer and the splitter on arbitrary input.

use std::{io, io::Read, ops::Range};

use iccf_pgn::{
    lexer::{Lexer, line_col},
    split::{Splitter, split_games},
};
use proptest::prelude::*;

const FRAGMENTS: &[&[u8]] = &[
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"[Event \"x\"]",
    b"[Site \"a]b\"]",
    b"[Esc \"\\\"]\"]",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b"{",
    b"}",
    b"{c [x] 1-0}",
    b";",
    b"; [c]\n",
    b"%",
    b"%esc\n",
    b"(",
    b")",
    b"$",
    b"$12",
    b"1.",
    b"2...",
    b".",
    b"e4",
    b"Nf3!?",
    b"5254",
    b"0-0",
    b"1-0",
    b"0-1",
    b"1/2-1/2",
    b"*",
    "½-½".as_bytes(),
    "Кр".as_bytes(),
    "\u{feff}".as_bytes(),
    b"\xff",
    // Game boundaries without results, as people type them.
    b"\r",
    b"\n\n",
    b"\r\r",
    b"1)",
    b"12)",
    b",",
    b"8567+",
    b"1. 5254",
    b"[Result \"1-0\"]",
    b"[Event \"a \"b\"\"]",
    b"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 12\"]",
    b"12. e4",
];

fn pgnish() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80).prop_map(|parts| parts.concat())
}

/// Random bytes without NUL, which the streaming splitter refuses as not
/// text (see `nul_is_refused`); too short to be judged on control bytes.
fn bytes_or_pgnish() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![pgnish(), prop::collection::vec(1u8.., 0..300)]
}

struct Chunked<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    next: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.next % self.sizes.len()];
        self.next += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn is_whitespace(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0x0c | 0x1a | b',')
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `input[i]` lies in a byte order mark that starts a line, which
/// the lexer and the splitter read as whitespace.
fn in_line_start_bom(input: &[u8], i: usize) -> bool {
    (i.saturating_sub(2)..=i).any(|start| {
        input[start..].starts_with(BOM)
            && (start == 0 || matches!(input[start - 1], b'\n' | b'\r'))
            && start + 3 > i
    })
}

/// Whether `input[i]` lies in a Unicode space (no-break, thin, ideographic,
/// a byte order mark: the lexer's whitespace between tokens).
fn in_unicode_space(input: &[u8], i: usize) -> bool {
    (i.saturating_sub(2)..=i).any(|start| {
        let text = &input[start..];
        let len = match text {
            [0xC2, 0xA0, ..] => 2,
            [0xE2, 0x80, 0x80..=0x8B | 0xAF, ..] | [0xE2, 0x81, 0x9F | 0xA0, ..] => 3,
            [0xE3, 0x80, 0x80, ..] | [0xEF, 0xBB, 0xBF, ..] => 3,
            _ => 0,
        };
        start + len > i
    })
}

/// Line ends in `bytes`: LF, CRLF or CR alone.
fn line_ends(bytes: &[u8]) -> u64 {
    let lone_cr = bytes
        .iter()
        .enumerate()
        .filter(|&(k, &b)| b == b'\r' && bytes.get(k + 1) != Some(&b'\n'))
        .count();
    (bytes.iter().filter(|&&b| b == b'\n').count() + lone_cr) as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn lexer_spans_are_ordered_and_cover_text(input in bytes_or_pgnish()) {
        let mut covered = vec![false; input.len()];
        let mut last = 0;
        for token in Lexer::new(&input) {
            prop_assert!(token.span.start >= last);
            prop_assert!(token.span.end > token.span.start);
            prop_assert!(token.span.end <= input.len());
            last = token.span.end;
            for c in &mut covered[token.span] {
                *c = true;
            }
        }
        for (i, &byte) in input.iter().enumerate() {
            prop_assert!(
                covered[i] || is_whitespace(byte) || in_unicode_space(&input, i),
                "byte {} lost",
                i
            );
        }
    }

    #[test]
    fn line_col_never_panics(input in bytes_or_pgnish(), offset in 0usize..400) {
        let (line, col) = line_col(&input, offset);
        prop_assert!(line >= 1 && col >= 1);
    }

    #[test]
    fn split_covers_input(input in bytes_or_pgnish()) {
        let games = split_games(&input);
        let mut next = 0;
        for range in &games {
            prop_assert_eq!(range.start, next);
            prop_assert!(range.end > range.start);
            next = range.end;
        }
        let only_space = input
            .iter()
            .enumerate()
            .all(|(i, &b)| is_whitespace(b) || in_line_start_bom(&input, i));
        if only_space {
            prop_assert!(games.is_empty());
        } else {
            prop_assert_eq!(next, input.len());
        }
    }

    #[test]
    fn each_game_alone_is_one_game(input in pgnish()) {
        for range in split_games(&input) {
            let game = &input[range];
            // A game cut out of the middle of a line sees its first byte
            // in column 0, where `%` starts an escape line instead of a
            // symbol, and a BOM is skipped: both are context the game
            // alone cannot have.
            if !game.starts_with(b"\xEF\xBB\xBF") && !game.starts_with(b"%") {
                prop_assert_eq!(split_games(game), vec![0..game.len()]);
            }
        }
    }

    #[test]
    fn streaming_matches_in_memory(
        input in bytes_or_pgnish(),
        target in 0usize..200,
        block in 1usize..50,
        sizes in prop::collection::vec(1usize..8, 1..5),
    ) {
        let expected = split_games(&input);
        let reader = Chunked { data: &input, sizes, next: 0 };
        let mut splitter = Splitter::with_block_size(reader, block);
        let mut ranges: Vec<Range<usize>> = Vec::new();
        let mut line = 1;
        let mut counted = 0;
        while let Some(batch) = splitter.next_batch(target).unwrap() {
            prop_assert!(!batch.games.is_empty());
            for (span, bytes) in batch.iter() {
                let offset = span.byte_offset as usize;
                prop_assert_eq!(bytes, &input[offset..offset + bytes.len()]);
                prop_assert_eq!(span.index as usize, ranges.len() + 1);
                line += line_ends(&input[counted..offset]);
                counted = offset;
                prop_assert_eq!(span.line, line);
                ranges.push(offset..offset + bytes.len());
            }
        }
        prop_assert_eq!(ranges, expected);
    }
}

/// Token soup for the streaming splitter: every byte its state machine
/// treats apart, whole tags, results and moves.
const SOUP_TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b";",
    b"%",
    b"\n",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b"(",
    b")",
    b"$",
    b"$7",
    b"1-0",
    b"0-1",
    b"1/2-1/2",
    b"*",
    "½-½".as_bytes(),
    b"\xC2",
    b"-",
    b"12.",
    b"3",
    b"...",
    b"e4",
    b"Nf3",
    b" ",
    b" ",
    b"\t",
    b"\r\n",
    b"[Event \"x\"]\n",
    b"\xEF\xBB\xBF",
    b"\r",
    b"\n\n",
    b"1.",
    b"1)",
    b"12)",
    b"1. ",
    b",",
    b"[Round \"1\"]",
];

fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => prop::sample::select(SOUP_TOKENS).prop_map(<[u8]>::to_vec),
        1 => (1u8..).prop_map(|b| vec![b]),
    ]
}

fn soup() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(token(), 0..120).prop_map(|parts| parts.concat())
}

/// Line and column (in characters) of `offset`, counted the slow way.
fn position(input: &[u8], offset: usize) -> (u64, u64) {
    let before = &input[..offset];
    let line = 1 + line_ends(before);
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    let chars = before[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count() as u64;
    (line, 1 + chars)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The streaming splitter against `split_games` on token soup cut into
    /// random reads: same games, same positions, nothing lost.
    #[test]
    fn streamed_games_match_split_games(
        input in soup(),
        target in 0usize..300,
        block in 1usize..64,
        sizes in prop::collection::vec(1usize..70, 1..6),
    ) {
        let expected = split_games(&input);
        let joined: Vec<u8> = expected.iter().flat_map(|r| input[r.clone()].to_vec()).collect();
        if !expected.is_empty() {
            prop_assert_eq!(&joined, &input);
        }

        let reader = Chunked { data: &input, sizes, next: 0 };
        let mut splitter = Splitter::with_block_size(reader, block);
        let mut streamed = Vec::new();
        let mut ranges = Vec::new();
        while let Some(batch) = splitter.next_batch(target).unwrap() {
            prop_assert!(!batch.games.is_empty());
            prop_assert_eq!(batch.games.last().unwrap().range.end, batch.data.len());
            let mut next = 0;
            for (span, bytes) in batch.iter() {
                prop_assert_eq!(span.range.start, next);
                next = span.range.end;
                let offset = span.byte_offset as usize;
                prop_assert_eq!(span.index as usize, ranges.len() + 1);
                prop_assert_eq!((span.line, span.column), position(&input, offset));
                ranges.push(offset..offset + bytes.len());
            }
            streamed.extend_from_slice(&batch.data);
        }
        prop_assert_eq!(ranges, expected);
        prop_assert_eq!(streamed, joined);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A NUL byte in the head (these inputs are shorter) refuses the input as not text, with
    /// its offset, whatever the reads; the refusal sticks.
    #[test]
    fn nul_is_refused(
        input in soup(),
        at in any::<prop::sample::Index>(),
        sizes in prop::collection::vec(1usize..70, 1..6),
    ) {
        let mut input = input;
        let at = at.index(input.len() + 1);
        input.insert(at, 0);
        let reader = Chunked { data: &input, sizes, next: 0 };
        let mut splitter = Splitter::with_block_size(reader, 16);
        let err = loop {
            match splitter.next_batch(1) {
                Ok(Some(_)) => {}
                Ok(None) => panic!("NUL at {at} not refused"),
                Err(err) => break err,
            }
        };
        prop_assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        prop_assert_eq!(err.to_string(), format!("not a PGN or text file: NUL bytes at offset {at}"));
        prop_assert!(splitter.next_batch(1).is_err());
    }
}
