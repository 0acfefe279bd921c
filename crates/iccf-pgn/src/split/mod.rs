//! Cutting a PGN file or stream into games, in bounded memory.
//!
//! Game boundaries follow PGN structure: a light state machine knows `{}`
//! and `;` comments, `%` escape lines, tags and their quoted values,
//! variations, move numbers and results. A game starts at its first tag
//! or movetext token and ends where the next game visibly begins
//! (see [`GameEnd`]):
//!
//! - after its result at variation depth 0: at the next tag, at a move
//!   or result first on a later line, or at any movetext after a blank
//!   line. Other tokens after the result (`1-0 ff` on its line, TWIC
//!   forfeits; a `)` on the next line) belong to the game that ended;
//! - without a result: at a tag after movetext, or at a tag of the Seven
//!   Tag Roster that the game already has (a game without moves, as
//!   tournament files list unplayed games) when it is `Event` or comes
//!   after a blank line: another is the same tag given twice in one tag
//!   section;
//! - without a result, outside variations, in bare movetext (no tags) or
//!   in a game with a FEN tag whose first token was a move number: at a
//!   line starting with `1.` or `1)`, or with that first number (a game
//!   from a FEN at move 12 restarts at `12.`);
//! - without a result, in bare movetext: at a blank line.
//!
//! A line ends with LF, CRLF or CR alone. `%` starts an escape line in the
//! first column; a UTF-8 byte order mark at the start of a line (files
//! joined with `cat`) counts as whitespace. Whatever lies between the end
//! of one game and the start of the next (whitespace, a comment after the
//! result) belongs to the earlier game, and text before the first game
//! belongs to the first game, so the games concatenated give back the
//! input byte for byte. Input made only of whitespace has no games.
//!
//! [`split_games`] works on bytes in memory, [`Splitter`] on any
//! [`Read`](std::io::Read)er; both share one state machine and give the same games,
//! however the stream is cut into reads and batches.
//!
//! # Examples
//!
//! ```
//! use iccf_pgn::split::{split_games, Splitter};
//!
//! let pgn = b"[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 *\n";
//! let games = split_games(pgn);
//! assert_eq!(games, [0..26, 26..46]);
//!
//! let mut splitter = Splitter::new(&pgn[..]);
//! let batch = splitter.next_batch(1 << 20)?.expect("one batch");
//! assert_eq!(batch.games.len(), 2);
//! assert_eq!(batch.games[1].line, 4);
//! assert_eq!(batch.game(1), &pgn[26..]);
//! assert!(splitter.next_batch(1 << 20)?.is_none());
//! # Ok::<_, std::io::Error>(())
//! ```

use std::ops::Range;

mod scanner;
mod splitter;

use scanner::Scanner;
pub(crate) use scanner::leading_move_number;
pub(crate) use splitter::count_lines;
pub use splitter::{DEFAULT_BLOCK_SIZE, DEFAULT_MAX_GAME_SIZE, MAX_BATCH_GAMES, Splitter};

/// Splits PGN text in memory into the byte ranges of its games.
///
/// Follows the same rules as [`Splitter`] (see the [module
/// documentation](self)): the ranges are contiguous and cover all of
/// `bytes`, unless `bytes` is only whitespace, which gives no games.
///
/// # Examples
///
/// ```
/// use iccf_pgn::split::split_games;
///
/// // A comment after a result belongs to the game before it; a tag after
/// // movetext starts a new game even without a result.
/// let pgn = b"1. e4 1-0 {done}\n1. d4 [Event \"x\"] 1. c4 *";
/// assert_eq!(split_games(pgn), [0..17, 17..23, 23..42]);
/// ```
pub fn split_games(bytes: &[u8]) -> Vec<Range<usize>> {
    let mut scanner = Scanner::new();
    scanner.eof = true;
    let mut pos = 0;
    let mut start = 0;
    let mut games = Vec::new();
    while let Some(boundary) = scanner.scan(bytes, &mut pos) {
        games.push(start..boundary);
        start = boundary;
    }
    if scanner.content {
        games.push(start..bytes.len());
    }
    games
}

/// The games of PGN text in memory with their numbers, lines and columns,
/// as [`Splitter`] finds them in a stream; ranges index into `bytes`.
///
/// # Examples
///
/// ```
/// use iccf_pgn::split::game_spans;
///
/// let pgn = b"1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 *\n";
/// let games = game_spans(pgn);
/// assert_eq!(games[1].range, 14..34);
/// assert_eq!((games[1].index, games[1].line, games[1].column), (2, 3, 1));
/// ```
pub fn game_spans(bytes: &[u8]) -> Vec<GameSpan> {
    // One batch takes the whole input, so its data is `bytes` itself.
    match Splitter::in_memory(bytes).next_batch(usize::MAX) {
        Ok(Some(batch)) => batch.games,
        // Whitespace only, and a slice cannot fail to read.
        Ok(None) | Err(_) => Vec::new(),
    }
}

/// Where a game lies, in its [`Batch`] and in the whole stream.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameSpan {
    /// The game's bytes in [`Batch::data`].
    pub range: Range<usize>,
    /// The 1-based number of the game in the stream.
    pub index: u64,
    /// The offset of the game's first byte in the stream.
    pub byte_offset: u64,
    /// The 1-based line of the game's first byte in the stream.
    pub line: u64,
    /// The 1-based column (in characters) of the game's first byte: games
    /// after a result on the same line do not start in column 1.
    pub column: u64,
    /// How the game ended.
    pub end: GameEnd,
    /// The game's length in the stream, in bytes: more than
    /// `range.len()` when a long run of whitespace after it was skipped
    /// (see [`Splitter`]) or when it is [`too_large`](GameSpan::too_large).
    pub len: u64,
    /// The game is longer than [`Splitter::max_game_size`]: its bytes were
    /// skipped, `range` is empty. It still counts as a game (a converter
    /// reports "game N at line L is over the limit, `len` bytes").
    pub too_large: bool,
}

/// How a game ended: by its result, or where the next game visibly began.
///
/// Every end but [`GameEnd::Result`] means that the game has no result at
/// variation depth 0 (a converter warns "game N has no result").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameEnd {
    /// Its result, at variation depth 0.
    Result,
    /// A tag section began after movetext, or repeated a Seven Tag Roster
    /// tag of a game without moves.
    NextTags,
    /// A blank line after bare movetext (a game without tags).
    BlankLine,
    /// A line restarted the move numbers at `1.` (or at the game's first
    /// move number, that of its FEN).
    Renumbered,
    /// The end of the input.
    EndOfInput,
}

/// Whole games read from a stream by [`Splitter::next_batch`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Batch {
    /// The bytes of the games, back to back.
    pub data: Vec<u8>,
    /// The games, in stream order, covering all of `data`.
    pub games: Vec<GameSpan>,
    /// The input paused after these games (a live stream: a game server's,
    /// `tail -f`): what comes next may be long in coming, so nothing read
    /// so far should wait for it.
    pub paused: bool,
}

impl Batch {
    /// The bytes of the `i`-th game of this batch.
    ///
    /// # Panics
    ///
    /// Panics if `i` is out of bounds.
    pub fn game(&self, i: usize) -> &[u8] {
        &self.data[self.games[i].range.clone()]
    }

    /// Iterates over the games with their bytes.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&GameSpan, &[u8])> {
        self.games
            .iter()
            .map(|span| (span, &self.data[span.range.clone()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, Read};

    fn games(input: &str) -> Vec<&str> {
        split_games(input.as_bytes())
            .into_iter()
            .map(|range| &input[range])
            .collect()
    }

    /// Hands out at most `max` bytes per read, cycling from 1.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
        max: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.step = self.step % self.max + 1;
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn streamed(input: &[u8], target: usize, block: usize, max_read: usize) -> Vec<GameSpan> {
        let reader = Trickle {
            data: input,
            step: 0,
            max: max_read,
        };
        let mut splitter = Splitter::with_block_size(reader, block);
        let mut spans = Vec::new();
        while let Some(batch) = splitter.next_batch(target).unwrap() {
            assert!(!batch.games.is_empty());
            assert_eq!(batch.games[0].range.start, 0);
            assert_eq!(batch.games.last().unwrap().range.end, batch.data.len());
            for (span, bytes) in batch.iter() {
                let offset = span.byte_offset as usize;
                assert_eq!(bytes, &input[offset..offset + bytes.len()]);
                let mut span = span.clone();
                span.range = offset..offset + bytes.len();
                spans.push(span);
            }
        }
        spans
    }

    #[test]
    fn test_results_end_games() {
        assert_eq!(
            games("1. e4 1-0\n1. d4 0-1\n1. c4 1/2-1/2\n1. Nf3 *\n1. b3 ½-½\n1. g3"),
            [
                "1. e4 1-0\n",
                "1. d4 0-1\n",
                "1. c4 1/2-1/2\n",
                "1. Nf3 *\n",
                "1. b3 ½-½\n",
                "1. g3"
            ]
        );
    }

    #[test]
    fn test_typed_results_end_games() {
        assert_eq!(
            games("e4 e5 1–0\nd4 d5 ½–½\nc4 1/2—1/2 ½-½\nNf3 0—1\n1-0"),
            [
                "e4 e5 1–0\n",
                "d4 d5 ½–½\n",
                "c4 1/2—1/2 ½-½\n",
                "Nf3 0—1\n",
                "1-0"
            ]
        );
        // The stream splitter, fed a byte at a time, agrees.
        let text = "e4 1-0 1-0\nd4 1/2—1/2\nc4 ½–½";
        let expected = split_games(text.as_bytes());
        assert_eq!(expected.len(), 3);
        for block in [1, 2, 3, 64] {
            let spans = streamed(text.as_bytes(), 1, block, 1);
            let ranges: Vec<_> = spans.iter().map(|s| s.range.clone()).collect();
            assert_eq!(ranges, expected, "{block}");
        }
    }

    #[test]
    fn test_trailing_text_belongs_to_previous_game() {
        assert_eq!(
            games("\n\n{intro} [A \"1\"]\n1. e4 1-0 {after} ; line\n%esc\n\n[A \"2\"] *\n\n"),
            [
                "\n\n{intro} [A \"1\"]\n1. e4 1-0 {after} ; line\n%esc\n\n",
                "[A \"2\"] *\n\n"
            ]
        );
    }

    #[test]
    fn test_tag_after_movetext_splits() {
        assert_eq!(
            games("[A \"1\"]\n1. e4\n[A \"2\"]\n\n[B \"3\"]\n1. d4"),
            ["[A \"1\"]\n1. e4\n", "[A \"2\"]\n\n[B \"3\"]\n1. d4"]
        );
    }

    #[test]
    fn test_brackets_in_comments_and_strings() {
        let input =
            "[A \"x] [y\"] [B \"\\\"]\"]\n1. e4 {[%clk 1:00] 1-0} ; [C \"z\"] 1-0\n(1-0) e5 *";
        assert_eq!(games(input), [input]);
    }

    #[test]
    fn test_result_inside_variation_does_not_end() {
        assert_eq!(
            games("1. e4 (1. d4 1-0) e5 ((*)) 0-1\n1. c4"),
            ["1. e4 (1. d4 1-0) e5 ((*)) 0-1\n", "1. c4"]
        );
    }

    #[test]
    fn test_move_numbers_glued_to_results() {
        assert_eq!(games("1. e4 1...1-0\n2.d4"), ["1. e4 1...1-0\n", "2.d4"]);
        // "1-0!" is a move with a suffix to the lexer, not a result.
        assert_eq!(games("e4 1-0! d4"), ["e4 1-0! d4"]);
        assert_eq!(games("e4 11-0 d4"), ["e4 11-0 d4"]);
    }

    #[test]
    fn test_escape_only_in_first_column() {
        assert_eq!(games("e4 1-0\n%[x] *\n e5"), ["e4 1-0\n%[x] *\n ", "e5"]);
        assert_eq!(games("e4 1-0 %[X \"y\"] *"), ["e4 1-0 %", "[X \"y\"] *"]);
    }

    /// The review's: a name the lexer keeps whole (`Event.Date`) was an
    /// Event tag again to the splitter, which started a game there; a
    /// name of other letters (`[Событие "v"]`) was a comment.
    #[test]
    fn odd_tag_names_split_a_game_or_became_comments() {
        let game =
            "[Event \"a\"]\n[Site \"b\"]\n[Event.Date \"2020\"]\n[Событие \"v\"]\n\n1. e4 e5 *\n";
        assert_eq!(games(game), [game]);
        let kinds: Vec<_> = crate::lexer::Lexer::new(game.as_bytes())
            .map(|t| t.kind)
            .filter(|k| matches!(k, crate::lexer::TokenKind::Comment(_)))
            .collect();
        assert!(kinds.is_empty(), "{kinds:?}");
    }

    /// Regression: `[%clk 0:03:00]` without braces, `[D]` or `[#]` in the
    /// movetext started a game: one game became four.
    #[test]
    fn a_clock_in_brackets_split_the_game() {
        let game = "[Event \"x\"]\n\n1. e4 [%clk 0:03:00] e5 [D] 2. Nf3 [#]\nNc6 1-0\n\n";
        assert_eq!(games(&format!("{game}{game}")), [game, game]);
    }

    #[test]
    fn test_broken_tag_ends_at_line() {
        assert_eq!(
            games("[A \"open\n1. e4 *\n[B \"x\"\n1. d4 *"),
            ["[A \"open\n1. e4 *\n", "[B \"x\"\n1. d4 *"]
        );
    }

    #[test]
    fn test_empty_and_degenerate() {
        assert!(games("").is_empty());
        assert!(games(" \r\n\t\x0c\n").is_empty());
        assert_eq!(games("{only a comment}\n"), ["{only a comment}\n"]);
        assert_eq!(
            games("{unterminated [A \"b\"] 1-0"),
            ["{unterminated [A \"b\"] 1-0"]
        );
        assert_eq!(
            games("\u{feff}[A \"b\"]\n*\n\u{feff}"),
            ["\u{feff}[A \"b\"]\n*\n\u{feff}"]
        );
        assert_eq!(split_games(b"\xEF\xBB\xBF"), Vec::<Range<usize>>::new());
        assert_eq!(games("* * *"), ["* * *"]);
        assert_eq!(games("* )\n* *\n(\n\n("), ["* )\n", "* *\n(\n\n", "("]);
    }

    #[test]
    fn test_crlf() {
        assert_eq!(
            games("[A \"1\"]\r\n\r\n1. e4 1-0\r\n\r\n[A \"2\"]\r\n*\r\n"),
            ["[A \"1\"]\r\n\r\n1. e4 1-0\r\n\r\n", "[A \"2\"]\r\n*\r\n"]
        );
    }

    #[test]
    fn test_streaming_matches_in_memory() {
        let input = "\u{feff}{pre} [A \"1\"]\n\n[B \"]\"]\n1. e4 {c} (1. d4 *) 1-0 {x}\n\
                     %esc [no]\n[A \"2\"]\n1.d4 ; [x]\n d5\n[A \"3\"] e4 * \n\n";
        let expected = split_games(input.as_bytes());
        assert_eq!(expected.len(), 3);
        for target in [0, 1, 7, 100, 1 << 20] {
            for block in [1, 2, 3, 5, 64, 1 << 20] {
                for max_read in [1, 7, 1000] {
                    let spans = streamed(input.as_bytes(), target, block, max_read);
                    let ranges: Vec<_> = spans.iter().map(|s| s.range.clone()).collect();
                    assert_eq!(ranges, expected, "{target} {block} {max_read}");
                    let indices: Vec<_> = spans.iter().map(|s| s.index).collect();
                    assert_eq!(indices, [1, 2, 3]);
                    let lines: Vec<_> = spans.iter().map(|s| s.line).collect();
                    assert_eq!(lines, [1, 6, 9]);
                }
            }
        }
    }

    #[test]
    fn test_batches_respect_target() {
        let input = "1. e4 1-0\n".repeat(100);
        let mut splitter = Splitter::new(input.as_bytes());
        let mut sizes = Vec::new();
        while let Some(batch) = splitter.next_batch(35).unwrap() {
            sizes.push(batch.games.len());
        }
        // 10 bytes per game: 4 games reach the target of 35.
        assert_eq!(sizes, [4; 25]);
        let mut splitter = Splitter::new(input.as_bytes());
        assert_eq!(splitter.next_batch(0).unwrap().unwrap().games.len(), 1);
    }

    #[test]
    fn test_whitespace_stream() {
        let mut splitter = Splitter::new(&b"  \n\n "[..]);
        assert!(splitter.next_batch(10).unwrap().is_none());
        assert!(splitter.next_batch(10).unwrap().is_none());
        let mut splitter = Splitter::new(&b""[..]);
        assert!(splitter.next().is_none());
    }

    #[test]
    fn test_read_error_keeps_games() {
        struct Failing(u8);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0 += 1;
                match self.0 {
                    1 => {
                        buf[..12].copy_from_slice(b"e4 1-0\n1.d4 ");
                        Ok(12)
                    }
                    2 => Err(io::Error::other("boom")),
                    3 => {
                        buf[..5].copy_from_slice(b"*\n1.c");
                        Ok(5)
                    }
                    _ => Ok(0),
                }
            }
        }
        // The game found before the error comes first, then the error; a
        // call after it reads on.
        let mut splitter = Splitter::new(Failing(0));
        let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
        let games: Vec<_> = batch.iter().map(|(_, bytes)| bytes).collect();
        assert_eq!(games, [&b"e4 1-0\n"[..]]);
        assert!(splitter.next_batch(1 << 20).is_err());
        let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
        let games: Vec<_> = batch.iter().map(|(_, bytes)| bytes).collect();
        assert_eq!(games, [&b"1.d4 *\n"[..], b"1.c"]);
    }
}
