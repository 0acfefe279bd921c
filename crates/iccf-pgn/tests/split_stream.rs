//! The streaming splitter against `split_games` on PGN-like token soup cut
//! into random reads: same games, same positions, nothing lost.

use std::{io, io::Read};

use iccf_pgn::split::{Splitter, split_games};
use proptest::prelude::*;

const TOKENS: &[&[u8]] = &[
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
];

fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => prop::sample::select(TOKENS).prop_map(<[u8]>::to_vec),
        1 => any::<u8>().prop_map(|b| vec![b]),
    ]
}

fn soup() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(token(), 0..120).prop_map(|parts| parts.concat())
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

/// Line and column (in characters) of `offset`, counted the slow way.
fn position(input: &[u8], offset: usize) -> (u64, u64) {
    let before = &input[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u64;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let chars = before[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count() as u64;
    (line, 1 + chars)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

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
