//! Where games begin and end in PGN as it is found (issues 10 and 11):
//! games without results, tag sections without moves, tokens after the
//! result, escape lines, byte order marks, old Mac line endings, and move
//! records as people type them. Each test is named after the bug it pins.

use std::io::{self, Read};

use iccf_pgn::{
    lexer::{LexError, Lexer, TagValue, TokenKind, line_col},
    split::{GameEnd, GameSpan, Splitter, game_spans, split_games},
};

/// The games of `input` as text, with how each ended.
fn games(input: &str) -> Vec<(&str, GameEnd)> {
    game_spans(input.as_bytes())
        .into_iter()
        .map(|span| (&input[span.range.clone()], span.end))
        .collect()
}

/// Hands out one byte per read.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.len().min(buf.len()).min(1);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The games read one byte at a time: offsets, lines, columns and ends.
fn trickled(input: &[u8]) -> Vec<(u64, u64, u64, GameEnd)> {
    let mut splitter = Splitter::with_block_size(Trickle(input), 3);
    let mut spans = Vec::new();
    while let Some(batch) = splitter.next_batch(1).unwrap() {
        for span in &batch.games {
            spans.push((span.byte_offset, span.line, span.column, span.end));
        }
    }
    spans
}

/// The same games, read whole.
fn whole(input: &[u8]) -> Vec<(u64, u64, u64, GameEnd)> {
    game_spans(input)
        .iter()
        .map(|span| (span.byte_offset, span.line, span.column, span.end))
        .collect()
}

#[test]
fn game_without_result_merged_with_next_after_blank_line() {
    assert_eq!(
        games("1. e4 e5\n\n1. d4 d5\n"),
        [
            ("1. e4 e5\n\n", GameEnd::BlankLine),
            ("1. d4 d5\n", GameEnd::EndOfInput)
        ]
    );
    // Blank lines made of spaces, CRLF, and a comment after the blank line,
    // which stays with the game that ended.
    assert_eq!(
        games("e4 e5 \r\n \t\r\n{next} d4 d5"),
        [
            ("e4 e5 \r\n \t\r\n{next} ", GameEnd::BlankLine),
            ("d4 d5", GameEnd::EndOfInput)
        ]
    );
}

#[test]
fn numeric_games_one_per_line_merged() {
    assert_eq!(
        games("1. 5254 5755\n1. 4244 4745\n"),
        [
            ("1. 5254 5755\n", GameEnd::Renumbered),
            ("1. 4244 4745\n", GameEnd::EndOfInput)
        ]
    );
    assert_eq!(
        split_games(b"1) 5254 5755 2) 7163\n1) 4244 4745\n").len(),
        2
    );
}

#[test]
fn game_from_fen_restarts_at_its_first_move_number() {
    let input = "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 12\"]\n12. Kd2 Kd7\n12. Kf2 Kf7\n";
    assert_eq!(
        games(input),
        [
            (
                "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 12\"]\n12. Kd2 Kd7\n",
                GameEnd::Renumbered
            ),
            ("12. Kf2 Kf7\n", GameEnd::EndOfInput)
        ]
    );
}

/// Regression: a game of tags and moves without a result, then after a
/// blank line a game of bare movetext from `1.`, was read as one game, the
/// second game's moves errors in the first.
#[test]
fn tagged_game_without_result_merged_with_bare_game_after_blank_line() {
    for blank in ["\n\n", "\r\n\r\n", "\n \t\n", "\r\r"] {
        let first = format!("[Event \"A\"]\n[White \"x\"]\n\n1. e4 e5 2. Nf3{blank}");
        let input = format!("{first}1. d4 d5 2. c4 *\n");
        assert_eq!(
            games(&input),
            [
                (first.as_str(), GameEnd::Renumbered),
                ("1. d4 d5 2. c4 *\n", GameEnd::Result)
            ],
            "{blank:?}"
        );
        assert_eq!(trickled(input.as_bytes()), whole(input.as_bytes()));
    }
    // Without the blank line, or from another number, it is the same game.
    for one_game in [
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3\n1. d4 d5 *",
        "[Event \"a\"]\n\n1. e4 e5\n\n2. Nf3 Nc6 *",
    ] {
        assert_eq!(split_games(one_game.as_bytes()).len(), 1, "{one_game:?}");
    }
}

#[test]
fn renumbering_only_at_line_start_for_white_outside_variations() {
    for one_game in [
        "1. e4\n1... e5 2. Nf3 *",
        "1. e4 e5 (\n1. d4 d5) 2. Nf3 *",
        "1. e4 e5 1. d4 d5 *",
        "[Event \"a\"]\n\n1. e4 e5\n\n2. Nf3 Nc6 *",
        "{intro}\n\n1. e4 e5 *",
        ")\n1. e4 e5 *",
    ] {
        assert_eq!(split_games(one_game.as_bytes()).len(), 1, "{one_game:?}");
    }
}

#[test]
fn tag_section_without_moves_merged_with_next_game() {
    let input = "[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n";
    assert_eq!(
        games(input),
        [
            ("[Event \"A\"]\n[Result \"1-0\"]\n\n", GameEnd::NextTags),
            (
                "[Event \"B\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n",
                GameEnd::Result
            )
        ]
    );
    // Other tags may repeat; a blank line inside a tag section is no end.
    assert_eq!(
        split_games(b"[Event \"A\"]\n\n[Annotator \"x\"]\n[Annotator \"y\"]\n1. e4 *").len(),
        1
    );
}

#[test]
fn tokens_after_result_became_a_new_game() {
    let input = "[Event \"A\"]\n\n1. e4 e5 1-0 ff\n\n[Event \"B\"]\n\n1. d4 *\n";
    let spans = game_spans(input.as_bytes());
    assert_eq!(spans.len(), 2);
    assert_eq!(spans[0].end, GameEnd::Result);
    let first = &input.as_bytes()[spans[0].range.clone()];
    let tail: Vec<_> = Lexer::new(first).map(|t| t.kind).skip(4).collect();
    assert_eq!(tail, [TokenKind::Result(b"1-0"), TokenKind::Move(b"ff")]);
    // On the result's line nothing else starts a game; on the next line a
    // move does (one-line games), a stray `)` does not.
    assert_eq!(split_games(b"1. e4 1-0 1. d4 0-1 *").len(), 1);
    assert_eq!(split_games(b"e4 e5 *\nd4 d5 *\n)\n").len(), 2);
}

#[test]
fn escape_lines_before_between_and_after_tags() {
    let input = "%x\n[Event \"x\"]\n%y [z]\n[Site \"s\"]\n\n1. e4 e5 *\n%after\n";
    assert_eq!(split_games(input.as_bytes()).len(), 1);
    let escapes: Vec<_> = Lexer::new(input.as_bytes())
        .filter_map(|t| match t.kind {
            TokenKind::Escape(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(escapes, [&b"%x"[..], b"%y [z]", b"%after"]);
    assert_eq!(
        split_games(b"1. e4 *\n%[Event \"x\"]\n\n1. d4 *").len(),
        2,
        "a tag inside an escape line is no tag"
    );
}

#[test]
fn byte_order_mark_of_joined_files_read_as_a_game() {
    let one = "\u{feff}[Event \"A\"]\n\n1. e4 e5 1-0\n";
    let two = "\u{feff}[Event \"B\"]\n\n1. d4 d5 0-1\n";
    let joined = format!("{one}{two}");
    // The BOM of the second file is whitespace after the first game.
    let second = one.len() + 3;
    assert_eq!(
        split_games(joined.as_bytes()),
        [0..second, second..joined.len()]
    );
    let tags: Vec<_> = Lexer::new(joined.as_bytes())
        .filter(|t| matches!(t.kind, TokenKind::Tag { .. }))
        .map(|t| t.span.start)
        .collect();
    assert_eq!(tags, [3, one.len() + 3]);
    // A lone BOM line is whitespace; a `%` right after a BOM is an escape.
    assert_eq!(split_games("1. e4 *\n\u{feff}\n".as_bytes()).len(), 1);
    assert_eq!(
        Lexer::new("\u{feff}%esc\n".as_bytes()).next().unwrap().kind,
        TokenKind::Escape(b"%esc")
    );
    // Not at a line start it is whitespace between tokens too (a zero
    // width no-break space, as the lexer reads a no-break space).
    assert_eq!(
        Lexer::new("e4 \u{feff}e5".as_bytes()).nth(1).unwrap().kind,
        TokenKind::Move(b"e5")
    );
    assert_eq!(line_col(joined.as_bytes(), one.len() + 3), (4, 1));
}

#[test]
fn old_mac_line_endings_merged_games_and_comments() {
    let input = b"[Event \"A\"]\r[Result \"1-0\"]\r\r1. e4 ; comment 1-0\re5 1-0\r\r%esc\r[Event \"B\"]\r\r1. d4 *\r";
    let spans = game_spans(input);
    assert_eq!(spans.len(), 2);
    assert_eq!((spans[1].line, spans[1].column), (8, 1));
    let kinds: Vec<_> = Lexer::new(&input[spans[0].range.clone()])
        .map(|t| t.kind)
        .collect();
    assert_eq!(kinds[4], TokenKind::LineComment(b" comment 1-0"));
    assert_eq!(kinds[5], TokenKind::Move(b"e5"));
    assert_eq!(kinds[7], TokenKind::Escape(b"%esc"));
    assert_eq!(line_col(input, spans[1].range.start), (8, 1));
    // The blank-line rule with CR alone.
    assert_eq!(split_games(b"1. e4 e5\r\r1. d4 d5\r").len(), 2);
    // A CR LF pair is one line end, a LF CR pair two.
    assert_eq!(line_col(b"a\r\nb", 3), (2, 1));
    assert_eq!(line_col(b"a\n\rb", 3), (3, 1));
}

#[test]
fn numeric_records_as_typed_lost_moves() {
    let kinds: Vec<_> =
        Lexer::new(b"1.5254 5755 2.7163, 1) 5254, 5755 8567+ 8567# 5254! 575 12)4244")
            .map(|t| t.kind)
            .collect();
    let number = |n: &'static [u8]| TokenKind::MoveNumber { number: n, dots: 1 };
    assert_eq!(
        kinds,
        [
            number(b"1"),
            TokenKind::Move(b"5254"),
            TokenKind::Move(b"5755"),
            number(b"2"),
            TokenKind::Move(b"7163"),
            number(b"1"),
            TokenKind::Move(b"5254"),
            TokenKind::Move(b"5755"),
            TokenKind::Move(b"8567"),
            TokenKind::Suffix(b"+"),
            TokenKind::Move(b"8567"),
            TokenKind::Suffix(b"#"),
            TokenKind::Move(b"5254"),
            TokenKind::Suffix(b"!"),
            TokenKind::Move(b"575"),
            number(b"12"),
            TokenKind::Move(b"4244"),
        ]
    );
    // SAN keeps its check sign; `1)` is no variation end for the splitter.
    assert_eq!(
        Lexer::new(b"Qxf7#").next().unwrap().kind,
        TokenKind::Move(b"Qxf7#")
    );
    assert_eq!(split_games(b"1) 5254 5755 1-0\n\n1) 4244 *").len(), 2);
    assert_eq!(split_games(b"1) 5254 5755 1-0 1) 4244 *").len(), 1);
}

#[test]
fn streaming_agrees_on_every_boundary_case() {
    let input = "\u{feff}%x\n[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n\n1. e4 e5 1-0 ff\n\
                 \u{feff}1. 5254 5755\n1) 4244 4745\r\r12. e4\n1. d4 d5\n\n\
                 [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 12\"]\n12. Kd2 Kd7\r\n12. Kf2\n";
    let expected = whole(input.as_bytes());
    let ends: Vec<_> = expected.iter().map(|game| game.3).collect();
    assert_eq!(
        ends,
        [
            GameEnd::NextTags,
            GameEnd::Result,
            GameEnd::Renumbered,
            GameEnd::BlankLine,
            GameEnd::Renumbered,
            GameEnd::NextTags,
            GameEnd::Renumbered,
            GameEnd::EndOfInput,
        ]
    );
    assert_eq!(trickled(input.as_bytes()), expected);
}
#[test]
fn malformed_tags_swallowed_the_tags_after_them() {
    let input = b"[Event \"LA CC Handicap Tour \"C\"\"]\n[Site \"open]\n[BlackType: \"program\"]\n[Round \"1\"]\n[White \"no end\n[Black \"B\"]\n\n1. e4 *\n";
    assert_eq!(split_games(input).len(), 1);
    let tags: Vec<_> = Lexer::new(input)
        .filter_map(|t| match t.kind {
            TokenKind::Tag { name, value, error } => Some((name, value, error)),
            _ => None,
        })
        .collect();
    let tag =
        |name: &'static [u8], value: &'static [u8], error| (name, TagValue::new(value), error);
    assert_eq!(
        tags,
        [
            tag(
                b"Event",
                b"LA CC Handicap Tour \"C\"",
                Some(LexError::UnescapedQuote)
            ),
            tag(b"Site", b"open", Some(LexError::UnterminatedString)),
            // A `:` is a name byte to python-chess too.
            tag(b"BlackType:", b"program", None),
            tag(b"Round", b"1", None),
            tag(b"White", b"no end", Some(LexError::UnterminatedString)),
            tag(b"Black", b"B", None),
        ]
    );
}

/// All games of `reader`, in batches of `target` bytes: spans with their
/// bytes, and the largest batch.
fn all_games(
    mut splitter: Splitter<impl Read>,
    target: usize,
) -> (Vec<(iccf_pgn::split::GameSpan, Vec<u8>)>, usize) {
    let mut games = Vec::new();
    let mut largest = 0;
    while let Some(batch) = splitter.next_batch(target).unwrap() {
        largest = largest.max(batch.data.len());
        for (span, bytes) in batch.iter() {
            games.push((span.clone(), bytes.to_vec()));
        }
    }
    (games, largest)
}

#[test]
fn whitespace_between_games_buffered_whole() {
    for gap in [&b"\n"[..], b"\r\n", b"\r", b" \t\n "] {
        let mut input = b"[Event \"a\"]\n\n1. e4 e5 1-0 {done}".to_vec();
        let first = input.len();
        while input.len() < first + (8 << 20) {
            input.extend_from_slice(gap);
        }
        input.extend_from_slice(b"  1. d4 d5 *\n");
        // Skipped whitespace does not count toward the size of a game.
        let splitter = Splitter::with_block_size(&input[..], 1 << 16).max_game_size(1 << 20);
        let (games, largest) = all_games(splitter, 1);
        assert_eq!(games.len(), 2);
        assert!(largest < 200 << 10, "a batch of {largest} bytes");
        // Skipped, but counted: offsets, lengths, lines and columns are
        // those of the whole input.
        let whole = game_spans(&input);
        for ((span, bytes), full) in games.iter().zip(&whole) {
            assert_eq!((span.byte_offset, span.len), (full.byte_offset, full.len));
            assert_eq!((span.line, span.column), (full.line, full.column));
            // The game and the start of the whitespace after it are kept.
            let kept = bytes.len().min(first + 1000);
            assert!(bytes[..kept] == input[full.range.start..full.range.start + kept]);
            assert!(bytes.len() < (64 << 10) + first + 100, "{}", bytes.len());
            assert!(!span.too_large);
        }
        assert_eq!(games[1].1, b"1. d4 d5 *\n");
    }
}

#[test]
fn game_over_the_size_limit_buffered_whole() {
    let mut input = b"1. e4 e5 *\n[Event \"big\"]\n\n1. e4 {".to_vec();
    input.extend(std::iter::repeat_n(b'x', 5000));
    input.extend_from_slice(b"\n} e5 *\n\n[Event \"after\"]\n1. d4 *\n");
    for block in [1, 7, 1 << 20] {
        let splitter = Splitter::with_block_size(&input[..], block).max_game_size(1000);
        let (games, largest) = all_games(splitter, 1);
        let spans: Vec<_> = games
            .iter()
            .map(|(span, _)| {
                (
                    span.index,
                    span.line,
                    span.byte_offset,
                    span.len,
                    span.too_large,
                )
            })
            .collect();
        let whole: Vec<_> = game_spans(&input)
            .into_iter()
            .map(|span| {
                (
                    span.index,
                    span.line,
                    span.byte_offset,
                    span.len,
                    span.len > 1000,
                )
            })
            .collect();
        assert_eq!(spans, whole, "{block}");
        assert!(spans[1].4);
        assert!(games[1].1.is_empty());
        assert_eq!(games[2].1, b"[Event \"after\"]\n1. d4 *\n");
        assert!(largest <= 1000 + block, "{largest}");
    }
    assert_eq!(iccf_pgn::split::DEFAULT_MAX_GAME_SIZE, 64 << 20);
}

/// One NUL byte in the first MiB of a 35 MB archive refused all of it: not
/// a PGN or text file, no game. A stray NUL past the head is read as a
/// byte of its game now; NULs in the head, or by the dozen, still refuse.
#[test]
fn one_stray_nul_refused_a_whole_archive() {
    let game = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let mut text = game.repeat(200).into_bytes();
    let stray = text.len() - game.len() + 20;
    text[stray] = 0;
    let read = |input: &[u8]| {
        let mut splitter = Splitter::with_block_size(input, 1000);
        let mut games = 0;
        loop {
            match splitter.next_batch(1) {
                Ok(Some(batch)) => games += batch.games.len(),
                Ok(None) => return Ok(games),
                Err(err) => return Err(err.to_string()),
            }
        }
    };
    assert_eq!(read(&text), Ok(200));
    // Seventeen past the head: a binary file.
    let mut binary = text.clone();
    for k in 0..17 {
        binary[5000 + 7 * k] = 0;
    }
    assert_eq!(
        read(&binary),
        Err("not a PGN or text file: NUL bytes at offset 5112".into())
    );
    let mut head = text;
    head[100] = 0;
    assert_eq!(
        read(&head),
        Err("not a PGN or text file: NUL bytes at offset 100".into())
    );
}

#[test]
fn binary_input_split_into_garbage_games() {
    let refused = |input: &[u8]| {
        let mut splitter = Splitter::with_block_size(input, 1000);
        loop {
            match splitter.next_batch(1) {
                Ok(Some(_)) => {}
                Ok(None) => return None,
                Err(err) => {
                    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
                    return Some(err.to_string());
                }
            }
        }
    };
    // An executable.
    let elf = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00";
    assert_eq!(
        refused(elf).as_deref(),
        Some("not a PGN or text file: NUL bytes at offset 7")
    );
    // Random bytes without NUL.
    let mut state = 0x1ccf_u64;
    let random: Vec<u8> = (0..8192)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state as u8).max(1)
        })
        .collect();
    let why = refused(&random).unwrap();
    assert!(
        why.contains("control bytes in the first 4096 bytes"),
        "{why}"
    );
    // Text with a NUL after its first MiB, or a few control bytes, is read.
    let mut text = "1. e4 e5 *\n".repeat(100_000).into_bytes();
    text.extend_from_slice(b"{\0}\n1. d4 *\n\x1b[0m");
    assert_eq!(refused(&text), None);
    assert_eq!(refused(b"1. e4 \x07 *\n"), None);
}

/// Hands out `input` in reads of the sizes `steps` cycles through, saying
/// the input pauses (`WouldBlock`) between them, as a live stream does.
struct Pausing<'a> {
    input: &'a [u8],
    steps: &'a [usize],
    step: usize,
    pause: bool,
}

impl Read for Pausing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if std::mem::replace(&mut self.pause, false) && !self.input.is_empty() {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        self.pause = true;
        let want = self.steps[self.step % self.steps.len()];
        self.step += 1;
        let n = want.min(buf.len()).min(self.input.len());
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

/// Whether `bytes` hold no token but comments and escape lines: what
/// stays with the game before.
fn only_asides(bytes: &[u8]) -> bool {
    Lexer::new(bytes).all(|t| {
        matches!(
            t.kind,
            TokenKind::Comment(_) | TokenKind::LineComment(_) | TokenKind::Escape(_)
        )
    })
}

/// The test files small enough to be read many ways, as they are and
/// with CR LF line ends.
fn small_test_files() -> Vec<(String, Vec<u8>)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/pgn");
    let mut files = Vec::new();
    for folder in ["pgn-extract", "iccf", "pgn4web"] {
        for entry in std::fs::read_dir(format!("{root}/{folder}")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "pgn") {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            if input.len() < 300_000 {
                let crlf = input.iter().fold(Vec::new(), |mut out, &b| {
                    if b == b'\n' {
                        out.push(b'\r');
                    }
                    out.push(b);
                    out
                });
                files.push((format!("{} (CR LF)", path.display()), crlf));
                files.push((path.display().to_string(), input));
            }
        }
    }
    files.sort();
    assert!(files.len() > 40, "{} files", files.len());
    files
}

/// The games of `input` read with a pause after each read of the sizes
/// `steps` cycles through.
fn paused(input: &[u8], steps: &[usize]) -> Vec<(GameSpan, Vec<u8>)> {
    let reader = Pausing {
        input,
        steps,
        step: 0,
        pause: false,
    };
    all_games(Splitter::new(reader), 1 << 20).0
}

/// A live stream's pauses end a game at its result without waiting for
/// the next (games were held until the input ended). Over real files
/// paused everywhere: no byte is lost or moved out of order (but
/// whitespace after the last game's cut, which makes no game), every game
/// of the whole file still starts a game, if maybe earlier, over
/// whitespace, comments and escape lines, where it has its line and
/// column; and a pause adds a game start only where the game before it
/// has its result and the new game has no movetext before its tags.
#[test]
fn live_input_held_its_last_game_until_the_next_began() {
    for (name, input) in small_test_files() {
        let whole = game_spans(&input);
        for steps in [&[1usize][..], &[7, 1, 300], &[4096]] {
            let games = paused(&input, steps);
            let joined: Vec<u8> = games.iter().flat_map(|(_, bytes)| bytes.clone()).collect();
            // Whitespace after the last game's cut makes no game.
            let rest = input.strip_prefix(&joined[..]).map(<[u8]>::trim_ascii);
            assert_eq!(rest, Some(&b""[..]), "{name} {steps:?}: bytes lost");
            for span in &whole {
                let start = span.byte_offset as usize;
                let found = games.iter().find(|(s, _)| {
                    let s = s.byte_offset as usize;
                    s <= start && only_asides(&input[s..start])
                });
                let Some((found, _)) = found else {
                    panic!("{name} {steps:?}: the game at {start} joined another");
                };
                if found.byte_offset == span.byte_offset {
                    let at = (found.line, found.column);
                    assert_eq!(at, (span.line, span.column), "{name} {steps:?}");
                }
            }
            for (i, (span, bytes)) in games.iter().enumerate().skip(1) {
                let start = span.byte_offset;
                if whole.iter().any(|s| s.byte_offset == start) {
                    continue;
                }
                assert_eq!(games[i - 1].0.end, GameEnd::Result, "{name} at {start}");
                let first = Lexer::new(bytes).find(|t| !only_asides(&bytes[t.span.clone()]));
                assert!(
                    first.is_none_or(|t| matches!(t.kind, TokenKind::Tag { .. })),
                    "{name} {steps:?}: a pause at {start} cut a game"
                );
            }
        }
    }
}

/// The other half: a game sent whole, its result followed by a blank
/// line, comes out at the pause after it, before anything more is read.
/// Each real game is sent so, one read and one pause a game, as long as
/// the file's games end so.
#[test]
fn live_input_gave_a_finished_game_only_when_the_next_began() {
    let mut seen = 0;
    for (name, input) in small_test_files() {
        let whole = game_spans(&input);
        let sizes: Vec<usize> = whole.iter().map(|s| s.len as usize).collect();
        let reader = Pausing {
            input: &input,
            steps: &sizes,
            step: 0,
            pause: false,
        };
        let mut splitter = Splitter::new(reader);
        for (i, span) in whole.iter().enumerate() {
            let game = &input[span.range.clone()];
            let finished = span.end == GameEnd::Result
                && (game.ends_with(b"\n\n") || game.ends_with(b"\r\n\r\n"))
                && i + 1 < whole.len();
            if !finished {
                break;
            }
            let batch = splitter.next_batch(1 << 20).unwrap().expect("a game");
            let got: Vec<_> = batch.iter().map(|(s, bytes)| (s.index, bytes)).collect();
            assert_eq!(got, [(span.index, game)], "{name}");
            seen += 1;
        }
    }
    assert!(seen > 300, "only {seen} games sent so");
}

/// A `{` left open swallowed every game after it up to the next `}`: three
/// games were one (python-chess and pgn-extract do the same). A blank line
/// and a whole tag line of the Seven Tag Roster or FEN end such a comment,
/// and its game; anything less stays comment.
#[test]
fn unclosed_comment_swallowed_the_games_after_it() {
    let input = "[Event \"A\"]\n\n1. e4 e5 {open 2. Nf3 *\n\n[Event \"B\"]\n\n1. d4 d5 {a} 1-0\n\n\
                 [Event \"C\"]\r\n[Result \"0-1\"]\r\n\r\n1. c4 {open\r\n \r\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"] \r\n\r\n1. Kb1 *\n";
    let found = games(input);
    assert_eq!(found.len(), 4, "{found:?}");
    assert_eq!(found[0].0, "[Event \"A\"]\n\n1. e4 e5 {open 2. Nf3 *\n\n");
    assert!(found[1].0.starts_with("[Event \"B\"]") && found[1].0.ends_with("1-0\n\n"));
    assert!(found[2].0.ends_with("{open\r\n \r\n"));
    assert!(found[3].0.starts_with("[FEN "));
    assert_eq!(trickled(input.as_bytes()), whole(input.as_bytes()));

    let comment = "1. e4 {see\n[Event \"x\"]\nno blank line\n\n[Event \"x\"] not alone\n\n\
                   [Eventually \"z\"]\n\n[White to move]\n\n[%clk 0:01:00]} e5 *\n";
    assert_eq!(games(comment).len(), 1);
    assert_eq!(trickled(comment.as_bytes()), whole(comment.as_bytes()));
    let tokens: Vec<_> = Lexer::new(comment.as_bytes()).map(|t| t.kind).collect();
    assert!(matches!(tokens[2], TokenKind::Comment(text) if text.ends_with(b"0:01:00]")));

    // A closed comment that quotes a game stays whole: its `}` comes before
    // any `{` (the review's), as python-chess and pgn-extract read it.
    let quoted = "1. e4 {Compare:\n\n[Event \"Paris\"]\n[White \"Morphy\"]\n\n1. e4 e5} e5 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    assert_eq!(games(quoted).len(), 2);
    assert_eq!(trickled(quoted.as_bytes()), whole(quoted.as_bytes()));
    // Left open before games without comments: no brace follows at all.
    let bare = "1. e4 {open\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    assert_eq!(games(bare).len(), 3);
    assert_eq!(trickled(bare.as_bytes()), whole(bare.as_bytes()));
    // A long run of blank lines (the review's: it was scanned again at
    // each line end, and waited for from its start at each read) is
    // looked at once, and read alike however it is cut.
    for run in ["\n", "\r\n", " \r", "\t\n"] {
        let blank = format!(
            "1. e4 {{open\n{}[Event \"B\"]\n\n1. d4 *\n",
            run.repeat(3000)
        );
        assert_eq!(games(&blank).len(), 2, "{run:?}");
        assert_eq!(
            trickled(blank.as_bytes()),
            whole(blank.as_bytes()),
            "{run:?}"
        );
    }

    // Before any movetext too: the lexer reads the first game's comment
    // as unterminated, at the end of its bytes.
    let tags = "[Event \"A\"]\n{open\n\n[Site \"s\"]\n\n1. e4 *\n";
    let found = games(tags);
    assert_eq!(found.len(), 2, "{found:?}");
    let kinds: Vec<_> = Lexer::new(found[0].0.as_bytes()).map(|t| t.kind).collect();
    assert!(matches!(
        kinds[1],
        TokenKind::Error(LexError::UnterminatedComment)
    ));
}

/// A Seven Tag Roster tag given twice in one tag section (`[Date]` again
/// after `[Result]`, no blank line) split the game in two, silently: a
/// game of tags without moves, and the moves under the one repeated tag,
/// their Event, White and Black gone. Only an Event, or a tag after a blank
/// line, starts the next game now.
#[test]
fn repeated_tag_in_one_tag_section_split_the_game() {
    let input = "[Event \"x\"]\n[Date \"2020.01.01\"]\n[Result \"1-0\"]\n[Date \"2020.01.02\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    assert_eq!(games(input).len(), 1);
    // Games of tags alone, one tag line after another.
    let unplayed = "[Event \"A\"]\n[Result \"*\"]\n[Event \"B\"]\n[Result \"*\"]\n\n[Result \"1-0\"]\n\n1. d4 1-0\n";
    let found = games(unplayed);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!(found[2].0, "[Result \"1-0\"]\n\n1. d4 1-0\n");
    assert_eq!(trickled(unplayed.as_bytes()), whole(unplayed.as_bytes()));
}

/// Games with a clock comment after every move, wrapped at any point (as
/// live broadcasts write them), end at the next game's tags only, read
/// whole or a byte at a time; the same movetext without tags, or from a
/// FEN, still restarts where a line restarts its move numbers. (The
/// splitter skips such comments and line ends with the moves.)
#[test]
fn wrapped_clock_comments_end_no_game() {
    let moves = "1. e4 { [%clk 1:00:00] } 1... e5 { [%clk\n0:59:58] } 2. Nf3\n{ [%clk 0:59:00] }\r\n\
                 2... Nc6 {a\rb} 3. Bb5\n(3. Bc4 {x}\n3... Bc5) 3... a6";
    for end in ["\n", "\r\n", "\r"] {
        let first = format!(
            "[Event \"A\"]\n\n{}{end}1. d4 d5 1-0\n\n",
            moves.replace('\n', end)
        );
        let input = format!("{first}[Event \"B\"]\n\n1. c4 *\n");
        let found = games(&input);
        assert_eq!(found.len(), 2, "{input:?}");
        assert_eq!(found[0], (first.as_str(), GameEnd::Result));
        assert_eq!(trickled(input.as_bytes()), whole(input.as_bytes()));
    }
    let bare = format!("{moves}\n1. d4 d5\n");
    assert_eq!(games(&bare).len(), 2);
    let from_fen = format!("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n{moves}\n1. d4 d5\n");
    assert_eq!(
        games(&from_fen).iter().map(|g| g.1).collect::<Vec<_>>(),
        [GameEnd::Renumbered, GameEnd::EndOfInput]
    );
}
