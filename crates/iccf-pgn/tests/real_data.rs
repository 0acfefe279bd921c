//! Splitting and lexing the real PGN files in `testdata/pgn`.

use std::{fs, io, io::Read, ops::Range};

use iccf_pgn::{
    lexer::{Lexer, TokenKind},
    split::{Splitter, split_games},
    writer::PgnWriter,
};

fn read(name: &str) -> Vec<u8> {
    iccf_testdata::read(&format!("pgn/{name}"))
}

fn count_lines_starting_with(bytes: &[u8], prefix: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|line| line.starts_with(prefix))
        .count()
}

/// Hands out 1 to 7 bytes per read.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.step = self.step % 7 + 1;
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn streamed(reader: impl Read, target: usize, block: usize) -> Vec<Range<usize>> {
    let mut splitter = Splitter::with_block_size(reader, block);
    let mut ranges = Vec::new();
    let mut expected_index = 1;
    while let Some(batch) = splitter.next_batch(target).unwrap() {
        for span in &batch.games {
            assert_eq!(span.index, expected_index);
            expected_index += 1;
            let offset = span.byte_offset as usize;
            ranges.push(offset..offset + span.range.len());
        }
    }
    ranges
}

fn check_split(name: &str, expected_games: usize) -> (Vec<u8>, Vec<Range<usize>>) {
    let bytes = read(name);
    let games = split_games(&bytes);
    assert_eq!(games.len(), expected_games, "{name}");

    // No byte is lost or duplicated.
    let mut joined = Vec::with_capacity(bytes.len());
    for range in &games {
        assert!(!range.is_empty());
        joined.extend_from_slice(&bytes[range.clone()]);
    }
    assert_eq!(joined, bytes, "{name}");

    // Lines reported by the splitter match the text.
    let mut splitter = Splitter::new(&bytes[..]);
    let (mut line, mut counted) = (1, 0);
    while let Some(batch) = splitter.next_batch(1 << 16).unwrap() {
        for span in &batch.games {
            let offset = span.byte_offset as usize;
            line += bytes[counted..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u64;
            counted = offset;
            assert_eq!(span.line, line, "{name} game {}", span.index);
        }
    }

    for (target, block) in [(1, 1 << 20), (100, 1 << 20), (100, 3), (1 << 20, 4096)] {
        assert_eq!(
            streamed(&bytes[..], target, block),
            games,
            "{name} {target} {block}"
        );
    }
    for target in [1, 100] {
        let reader = Trickle {
            data: &bytes,
            step: 0,
        };
        assert_eq!(
            streamed(reader, target, 1 << 20),
            games,
            "{name} trickle {target}"
        );
    }
    (bytes, games)
}

#[test]
fn test_twic944() {
    let (bytes, games) = check_split("pgn4web/twic944.pgn", 2953);
    assert_eq!(count_lines_starting_with(&bytes, b"[Event "), 2953);
    for range in &games {
        let game = &bytes[range.clone()];
        assert!(game.starts_with(b"[Event "));
        let tags = Lexer::new(game)
            .filter(|t| matches!(t.kind, TokenKind::Tag { name: b"Event", .. }))
            .count();
        assert_eq!(tags, 1);
    }
}

#[test]
fn test_gotd() {
    let (bytes, games) = check_split("pgn4web/gotd.pgn", 171);
    assert_eq!(count_lines_starting_with(&bytes, b"[Event "), 0);
    assert_eq!(count_lines_starting_with(&bytes, b"[White "), 171);
    for range in games {
        assert!(bytes[range].starts_with(b"[White "));
    }
}

#[test]
fn test_nobadresults_one_line_games() {
    let (bytes, games) = check_split("pgn-extract/test-nobadresults.pgn", 9);
    for (range, line) in games.iter().zip(bytes.split(|&b| b == b'\n')) {
        assert_eq!(&bytes[range.start..range.end - 1], line);
    }
}

#[test]
fn test_utf8_bom() {
    let (bytes, games) = check_split("python-chess/utf8-bom.pgn", 2);
    assert!(bytes.starts_with(b"\xEF\xBB\xBF[Event "));
    assert!(bytes[games[1].clone()].starts_with(b"[Event "));
}

#[test]
fn test_barnes_horton_pre_game_comment() {
    let (bytes, games) = check_split("pgn-extract/barnes-horton.pgn", 1);
    let comment = Lexer::new(&bytes[games[0].clone()])
        .find_map(|t| match t.kind {
            TokenKind::Comment(text) => Some(text),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        comment,
        b" Game played inaccurately by White under extreme time pressure. "
    );
}

#[test]
fn test_chessbase_empty_line_in_tags() {
    let bytes = read("python-chess/chessbase-empty-line.pgn");
    let events = count_lines_starting_with(&bytes, b"[Event ");
    check_split("python-chess/chessbase-empty-line.pgn", events);
}

/// Every file in the data set: the split covers the input, streaming
/// agrees, and the lexer sees exactly one result per game where there is
/// one at depth 0.
#[test]
fn test_all_files() {
    let files = iccf_testdata::pgn_files();
    assert!(files.len() >= 60, "{} files", files.len());
    let mut total_games = 0;
    let mut total_tokens = 0;
    for path in files {
        let bytes = fs::read(&path).unwrap();
        let games = split_games(&bytes);
        assert_eq!(games.concat_len(), bytes.len(), "{}", path.display());
        assert_eq!(streamed(&bytes[..], 1, 5), games, "{}", path.display());
        for range in &games {
            let mut depth = 0usize;
            let mut results = 0;
            let mut last = 0;
            for token in Lexer::new(&bytes[range.clone()]) {
                assert!(token.span.start >= last);
                last = token.span.end;
                total_tokens += 1;
                match token.kind {
                    TokenKind::VariationStart => depth += 1,
                    TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                    TokenKind::Result(_) if depth == 0 => results += 1,
                    _ => {}
                }
            }
            assert!(results <= 1, "{} at {}", path.display(), range.start);
        }
        total_games += games.len();
    }
    assert!(total_games > 3500, "{total_games}");
    assert!(total_tokens > 500_000, "{total_tokens}");
}

/// Comparable form of a token: comment text may have had spaces turned
/// into line breaks by the writer.
fn normalized(kind: TokenKind<'_>) -> String {
    match kind {
        TokenKind::Comment(text) => {
            let text = String::from_utf8_lossy(text);
            format!(
                "comment {:?}",
                text.split_ascii_whitespace().collect::<Vec<_>>()
            )
        }
        other => format!("{other:?}"),
    }
}

/// Every game of every file, lexed and written again, lexes to the same
/// tokens, with movetext lines of at most 80 characters.
#[test]
fn test_writer_round_trip() {
    let mut games_written = 0;
    let mut out = Vec::new();
    for name in [
        "pgn4web/twic944.pgn",
        "pgn4web/chess-informant-sample.pgn",
        "scalachess/wcc2023.pgn",
        "scalachess/pgn-render-fixtures.pgn",
        "pgn-extract/barnes-horton.pgn",
        "pgn4web/oly14r11.pgn",
        "iccf/go-chess-xfcc-iccf-server-games.pgn",
        "python-chess/utf8-bom.pgn",
    ] {
        let bytes = read(name);
        for range in split_games(&bytes) {
            let game = &bytes[range];
            let tokens: Vec<_> = Lexer::new(game).collect();
            if tokens.iter().any(|t| matches!(t.kind, TokenKind::Error(_))) {
                continue;
            }
            out.clear();
            let mut writer = PgnWriter::new(&mut out);
            let mut in_tags = true;
            for token in &tokens {
                if in_tags && !matches!(token.kind, TokenKind::Tag { .. }) {
                    writer.end_tags();
                    in_tags = false;
                }
                match &token.kind {
                    TokenKind::Tag { name, value, .. } => writer.tag(name, &value.unescaped()),
                    TokenKind::Comment(text) => writer.comment(text),
                    TokenKind::LineComment(text) => writer.line_comment(text),
                    TokenKind::Escape(line) => writer.escape(line),
                    TokenKind::VariationStart => writer.variation_start(),
                    TokenKind::VariationEnd => writer.variation_end(),
                    TokenKind::Result(result) => writer.result(result),
                    _ => writer.token(&game[token.span.clone()]),
                }
            }
            writer.end_game();

            let before: Vec<_> = tokens.into_iter().map(|t| normalized(t.kind)).collect();
            let after: Vec<_> = Lexer::new(&out).map(|t| normalized(t.kind)).collect();
            assert_eq!(before, after, "{name}");
            // Comments are kept whole, so only lines free of them must fit.
            let mut in_comment = false;
            for line in String::from_utf8_lossy(&out).lines() {
                let touches_comment = in_comment || line.contains(['{', ';']);
                for c in line.chars() {
                    match c {
                        '{' => in_comment = true,
                        '}' => in_comment = false,
                        _ => {}
                    }
                }
                if !touches_comment && !line.starts_with(['[', '%']) && line.contains(' ') {
                    assert!(line.chars().count() <= 80, "{name}: {line:?}");
                }
            }
            games_written += 1;
        }
    }
    assert!(games_written > 2953, "{games_written}");
}

trait ConcatLen {
    fn concat_len(&self) -> usize;
}

impl ConcatLen for Vec<Range<usize>> {
    fn concat_len(&self) -> usize {
        let mut next = 0;
        for range in self {
            assert_eq!(range.start, next);
            next = range.end;
        }
        next
    }
}

/// The game reader reads every real game as `iccf convert` does: the same
/// problems, languages and main line as the records, which share the walk.
#[test]
fn the_game_reader_agrees_with_convert_on_every_file() {
    use iccf_pgn::convert::{Converter, Options};
    for path in iccf_testdata::pgn_files() {
        let bytes = fs::read(&path).unwrap();
        let converter = Converter::new(Options::default());
        let mut out = Vec::new();
        let reports = converter.convert_all(&bytes, &mut out);
        let records = converter.records(&bytes);
        let games = iccf_pgn::game::read_games(&bytes);
        let name = path.display();
        assert_eq!(games.len(), reports.len(), "{name}");
        for ((game, report), record) in games.iter().zip(&reports).zip(&records) {
            assert_eq!(&game.report, report, "{name} game {}", record.game);
            let moves: Vec<_> = game.main_line().map(|ply| ply.m).collect();
            let recorded: Vec<_> = record.moves.iter().map(|m| m.m).collect();
            assert_eq!(moves, recorded, "{name} game {}", record.game);
            let tags: Vec<_> = game
                .tags
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect();
            let recorded: Vec<_> = record.tags.iter().collect();
            assert_eq!(tags, recorded, "{name} game {}", record.game);
            // A record holds the result PGN output writes: the game's
            // written one, else its Result tag's, else `*`.
            let written = game.result.as_deref().or(game.tag("Result")).unwrap_or("*");
            assert_eq!(
                record.result.as_deref(),
                Some(written),
                "{name} game {}",
                record.game
            );
            assert_eq!(game.moves.unread.is_empty(), record.unconverted.is_empty());
        }
    }
}
