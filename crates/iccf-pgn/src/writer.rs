//! Writing PGN tags and movetext with line wrapping.
//!
//! [`PgnWriter`] appends to a caller's buffer, so a converter can reuse
//! one `Vec<u8>` for many games and never allocates per token. It knows
//! nothing about chess: the caller writes move numbers, moves and
//! annotations as tokens in order.
//!
//! # Examples
//!
//! ```
//! use iccf_pgn::writer::PgnWriter;
//!
//! let mut out = Vec::new();
//! let mut writer = PgnWriter::new(&mut out);
//! writer.tag(b"White", b"Barnes, David J.");
//! writer.end_tags();
//! writer.token(b"28.");
//! writer.token(b"Bb8");
//! writer.nag(2);
//! writer.variation_start();
//! writer.token(b"28.");
//! writer.token(b"Bd6+");
//! writer.comment(b" wins ");
//! writer.variation_end();
//! writer.result(b"1/2-1/2");
//! writer.end_game();
//!
//! assert_eq!(
//!     out,
//!     b"[White \"Barnes, David J.\"]\n\n28. Bb8 $2 (28. Bd6+ { wins }) 1/2-1/2\n\n"
//! );
//! ```

use crate::grammar::char_count;
use crate::split::leading_move_number;

/// The line width PGN export format recommends.
pub const DEFAULT_LINE_WIDTH: usize = 80;

/// Appends PGN to a `Vec<u8>`, wrapping movetext lines.
///
/// Tokens are separated by single spaces and never broken; a line is
/// wrapped before a token that would end past the line width, so only a
/// token longer than the line width makes a longer line, on its own.
/// Widths count characters, so UTF-8 moves such as `Кр` count as written.
#[derive(Debug)]
pub struct PgnWriter<'a> {
    out: &'a mut Vec<u8>,
    line_width: usize,
    column: usize,
    /// The next token follows `(` without a space.
    attach: bool,
    /// The result is written: what follows stays on its line, where a
    /// reader keeps it with this game (a move starting a later line would
    /// start a new game).
    after_result: bool,
    /// `out.len()` when the writer was made: a game without tags needs no
    /// blank line after them.
    start: usize,
    /// A token of the movetext is written: a move number copied at the
    /// start of a later line could start a new game.
    in_movetext: bool,
    /// The number of the movetext's first token, if it is a move number:
    /// read back, a later line starting with it (White's) starts a new
    /// game, as `1.` does (a game from a FEN at move 12 restarts at `12.`).
    first_number: Option<u32>,
}

impl<'a> PgnWriter<'a> {
    /// Creates a writer appending to `out`, wrapping lines at
    /// [`DEFAULT_LINE_WIDTH`] columns.
    pub fn new(out: &'a mut Vec<u8>) -> PgnWriter<'a> {
        PgnWriter::with_line_width(out, DEFAULT_LINE_WIDTH)
    }

    /// Creates a writer appending to `out`, wrapping lines at `line_width`
    /// columns.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut writer = PgnWriter::with_line_width(&mut out, 12);
    /// for token in ["1.", "5254", "5755", "2.", "7163", "*"] {
    ///     writer.token(token.as_bytes());
    /// }
    /// writer.end_game();
    /// assert_eq!(out, b"1. 5254 5755\n2. 7163 *\n\n");
    /// ```
    pub fn with_line_width(out: &'a mut Vec<u8>, line_width: usize) -> PgnWriter<'a> {
        let start = out.len();
        PgnWriter {
            out,
            line_width,
            column: 0,
            attach: false,
            after_result: false,
            start,
            in_movetext: false,
            first_number: None,
        }
    }

    /// Writes a tag pair `[name "value"]` on its own line.
    ///
    /// `\` and `"` in the value are escaped. A tag value cannot span lines
    /// in PGN, so line breaks (CR, LF) are written as spaces.
    ///
    /// The name is sanitised rather than refused, so that a converter always
    /// writes the game it read: an ASCII byte that cannot be in a PGN symbol
    /// (letters, digits and `_+#=:-`; bytes above 0x7F are kept) becomes
    /// `_`, and an empty name is written `_`. A name such as `a"]\n\n1.`
    /// can then never close the tag early or start a second game.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// PgnWriter::new(&mut out).tag(b"My Tag]", b"x");
    /// assert_eq!(out, b"[My_Tag_ \"x\"]\n");
    /// ```
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.finish_line();
        self.out.push(b'[');
        if name.is_empty() {
            self.out.push(b'_');
        }
        self.out.extend(name.iter().map(|&b| {
            let symbol = !b.is_ascii() || crate::grammar::is_tag_name_byte(b);
            if symbol { b } else { b'_' }
        }));
        self.out.extend_from_slice(b" \"");
        let mut rest = value;
        while let Some(i) = rest
            .iter()
            .position(|&b| matches!(b, b'\\' | b'"' | b'\n' | b'\r'))
        {
            self.out.extend_from_slice(&rest[..i]);
            match rest[i] {
                b'\\' => self.out.extend_from_slice(b"\\\\"),
                b'"' => self.out.extend_from_slice(b"\\\""),
                _ => self.out.push(b' '),
            }
            rest = &rest[i + 1..];
        }
        self.out.extend_from_slice(rest);
        self.out.extend_from_slice(b"\"]\n");
    }

    /// Ends the tag section with a blank line, if there were tags.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// // Bare movetext: no blank line before the moves.
    /// let mut out = Vec::new();
    /// let mut writer = PgnWriter::new(&mut out);
    /// writer.end_tags();
    /// writer.token(b"1.");
    /// writer.token(b"e4");
    /// writer.end_game();
    /// assert_eq!(out, b"1. e4\n\n");
    /// ```
    pub fn end_tags(&mut self) {
        if self.out.len() == self.start {
            return;
        }
        self.finish_line();
        self.out.push(b'\n');
    }

    /// Writes a movetext token: a move number, move, suffix, NAG or result.
    ///
    /// Empty tokens are ignored.
    pub fn token(&mut self, token: &[u8]) {
        self.token_with(|out| out.extend_from_slice(token));
    }

    /// Writes the token that `write` appends to the buffer, as
    /// [`token`](Self::token) writes one, with no copy of it made first.
    ///
    /// The buffer `write` is given holds all the output so far: it must
    /// only append (a move's text, as [`iccf::MoveFormat::append`] does).
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut writer = PgnWriter::with_line_width(&mut out, 8);
    /// writer.token(b"1.");
    /// writer.token_with(|buf| buf.extend_from_slice(b"5254"));
    /// writer.token_with(|buf| buf.extend_from_slice(b"5755"));
    /// writer.token_with(|_| {}); // empty: nothing is written
    /// writer.end_game();
    /// assert_eq!(out, b"1. 5254\n5755\n\n");
    /// ```
    pub fn token_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        // The token is written in place, after the space it needs unless
        // it starts a line or follows `(`. Once its width is known, a
        // token that does not fit gets a line break instead: the space
        // becomes one, or one is put before it after `(`.
        let before = self.out.len();
        let spaced = self.column > 0 && !self.attach;
        if spaced {
            self.out.push(b' ');
        }
        let mut start = self.out.len();
        write(self.out);
        debug_assert!(self.out.len() >= start, "`write` only appends");
        if self.out.len() <= start {
            self.out.truncate(before);
            return;
        }
        let width = char_count(&self.out[start..]);
        if self.breaks_before(width) {
            if spaced {
                self.out[before] = b'\n';
            } else {
                self.out.insert(start, b'\n');
                start += 1;
            }
            self.column = 0;
        } else {
            self.column += usize::from(spaced);
        }
        self.attach = false;
        if self.column == 0 && self.out[start] == b'%' {
            // `%` in the first column starts an escape line, which would
            // swallow the rest of the line.
            self.out.insert(start, b' ');
            start += 1;
            self.column = 1;
        }
        self.column += width;
        if !self.in_movetext {
            self.first_number = leading_move_number(&self.out[start..]).map(|(number, _)| number);
        }
        self.in_movetext = true;
    }

    /// Writes a token copied as it was written, inside a game. Read back,
    /// a line of a game that starts again at move 1 (or at the number its
    /// movetext began with) starts a new game, so a copied `1.` that would
    /// start a later line gets an empty comment before it.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut w = PgnWriter::new(&mut out);
    /// w.token(b"1.");
    /// w.line_comment(b" a note");
    /// w.copied(b"1.");
    /// w.copied(b"e4");
    /// w.result(b"*");
    /// w.end_game();
    /// assert_eq!(String::from_utf8(out).unwrap(), "1. ; a note\n{} 1. e4 *\n\n");
    /// ```
    pub fn copied(&mut self, token: &[u8]) {
        // White's `1.` or `1)`, or the number the movetext began with:
        // where the splitter starts a game again.
        let number = leading_move_number(token).is_some_and(|(number, white)| {
            white && (number == 1 || Some(number) == self.first_number)
        });
        if number && self.in_movetext {
            let wraps = self.column > 0
                && !self.after_result
                && self.column + 1 + char_count(token) > self.line_width;
            if wraps {
                self.finish_line();
            }
            if self.column == 0 {
                self.comment(b"");
            }
        }
        self.token(token);
    }

    /// Writes a numeric annotation glyph `$nag`.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut writer = PgnWriter::new(&mut out);
    /// writer.token(b"Nf3");
    /// writer.nag(1);
    /// writer.nag(146);
    /// assert_eq!(out, b"Nf3 $1 $146");
    /// ```
    pub fn nag(&mut self, nag: u8) {
        let mut buf = [b'$', 0, 0, 0];
        let mut len = 1;
        if nag >= 100 {
            buf[len] = b'0' + nag / 100;
            len += 1;
        }
        if nag >= 10 {
            buf[len] = b'0' + nag / 10 % 10;
            len += 1;
        }
        buf[len] = b'0' + nag % 10;
        self.token(&buf[..=len]);
    }

    /// Writes the result, such as `1-0` or `*`.
    pub fn result(&mut self, result: &[u8]) {
        self.token(result);
        self.after_result = true;
    }

    /// Writes `{text}`: the text is kept byte for byte (but for its line
    /// ends, written LF) and never wrapped.
    ///
    /// A `}` cannot appear in a brace comment. Such text is written as
    /// `;` line comments instead, which keep it whole when it has no line
    /// break; text with both `}` and line breaks becomes one line comment
    /// per line.
    ///
    /// ```
    /// use iccf_pgn::writer::PgnWriter;
    ///
    /// let mut out = Vec::new();
    /// let mut writer = PgnWriter::new(&mut out);
    /// writer.token(b"e4");
    /// writer.comment(b"best by test");
    /// writer.comment(b"a } inside");
    /// writer.token(b"e5");
    /// assert_eq!(out, b"e4 {best by test} ;a } inside\ne5");
    /// ```
    pub fn comment(&mut self, text: &[u8]) {
        if memchr::memchr(b'\r', text).is_some() {
            // A comment of a CRLF or an old Mac file: its lines end as the
            // output's, where a CR alone overwrote the line on a terminal.
            return self.comment(&lf_line_ends(text));
        }
        if memchr::memchr(b'}', text).is_some() {
            self.line_comment(text);
            return;
        }
        // Never reflowed: a line break added inside a comment would change
        // its text, and converting twice would not give the same output.
        let first_line = memchr::memchr(b'\n', text).map_or(text, |i| &text[..i]);
        self.separate(char_count(first_line) + 2);
        self.out.push(b'{');
        self.out.extend_from_slice(text);
        match memchr::memrchr(b'\n', text) {
            Some(i) => self.column = char_count(&text[i + 1..]),
            None => self.column += 1 + char_count(text),
        }
        self.out.push(b'}');
        self.column += 1;
    }

    /// Writes `;text` up to the end of the line. Text with line breaks
    /// (LF, CRLF or CR alone) becomes one line comment per line.
    pub fn line_comment(&mut self, text: &[u8]) {
        let lines = text.split(|&b| b == b'\n').flat_map(|line| {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            line.split(|&b| b == b'\r')
        });
        for line in lines {
            self.separate(1 + char_count(line));
            self.out.push(b';');
            self.out.extend_from_slice(line);
            self.out.push(b'\n');
            self.column = 0;
        }
    }

    /// Writes an escape line: `line` (which should start with `%`) alone
    /// on its line.
    pub fn escape(&mut self, line: &[u8]) {
        self.finish_line();
        self.out.extend_from_slice(line);
        self.out.push(b'\n');
    }

    /// Writes `(`; the next token follows without a space.
    pub fn variation_start(&mut self) {
        self.separate(1);
        self.out.push(b'(');
        self.column += 1;
        self.attach = true;
    }

    /// Writes `)` right after the last token.
    pub fn variation_end(&mut self) {
        if self.column > 0 && self.column + 1 > self.line_width {
            self.out.push(b'\n');
            self.column = 0;
        }
        self.out.push(b')');
        self.column += 1;
        self.attach = false;
    }

    /// Ends the movetext with a line break and a blank line.
    pub fn end_game(&mut self) {
        self.finish_line();
        self.out.push(b'\n');
        self.in_movetext = false;
    }

    /// Writes the space or line break before something `width` wide.
    fn separate(&mut self, width: usize) {
        if self.breaks_before(width) {
            self.out.push(b'\n');
            self.column = 0;
        } else if self.column > 0 && !self.attach {
            self.out.push(b' ');
            self.column += 1;
        }
        self.attach = false;
    }

    /// Whether something `width` wide starts a new line: it would end past
    /// the line width where the line has text (a space before it unless it
    /// follows `(`), and does not follow the result.
    fn breaks_before(&self, width: usize) -> bool {
        let gap = usize::from(!self.attach);
        self.column > 0 && self.column + gap + width > self.line_width && !self.after_result
    }

    fn finish_line(&mut self) {
        if self.column > 0 {
            self.out.push(b'\n');
            self.column = 0;
        }
        self.attach = false;
    }
}

/// `text` with its CRLF and lone CR line ends written as LF.
#[cold]
fn lf_line_ends(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.iter().peekable();
    while let Some(&b) = bytes.next() {
        if b == b'\r' {
            bytes.next_if_eq(&&b'\n');
            out.push(b'\n');
        } else {
            out.push(b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::{Lexer, TagValue, TokenKind};

    /// Regression: a comment over two lines of a CRLF file kept its CR
    /// (mixed line ends in the output), of an old Mac file its lone CR.
    #[test]
    fn comments_kept_the_carriage_returns_of_their_file() {
        let out = written(|w| {
            w.comment(b"one\r\ntwo\rthree");
            w.comment(b"a }\r\nb");
        });
        assert_eq!(out, "{one\ntwo\nthree} ;a }\n;b\n");
    }

    fn written(f: impl FnOnce(&mut PgnWriter<'_>)) -> String {
        let mut out = Vec::new();
        f(&mut PgnWriter::new(&mut out));
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn test_tags_escape() {
        let out = written(|w| {
            w.tag(b"Event", b"a \"b\" \\ c\r\nd");
            w.tag(b"Site", b"");
            w.end_tags();
        });
        assert_eq!(out, "[Event \"a \\\"b\\\" \\\\ c  d\"]\n[Site \"\"]\n\n");
        let tokens: Vec<_> = Lexer::new(out.as_bytes()).map(|t| t.kind).collect();
        assert_eq!(
            tokens[0],
            TokenKind::Tag {
                name: b"Event",
                value: TagValue::new(b"a \\\"b\\\" \\\\ c  d"),
                error: None,
            }
        );
    }

    /// Regression: a tag name was written as given, so `]`, `"` or a line
    /// break in it closed the tag early and could start a second game.
    #[test]
    fn tag_name_broke_the_output_into_two_games() {
        for name in [
            &b"Event\"]\n\n1. e4 *\n\n[Site"[..],
            b"a]b",
            b"two words",
            b"tab\there",
            b"line\r\nbreak",
            b"",
            b"[",
            b"{comment}",
            b"%escape",
            b";rest",
        ] {
            let out = written(|w| {
                w.tag(name, b"v");
                w.tag(b"Site", b"s");
                w.end_tags();
                w.token(b"1.");
                w.token(b"e4");
                w.result(b"*");
                w.end_game();
            });
            assert_eq!(
                crate::split::split_games(out.as_bytes()).len(),
                1,
                "{out:?}"
            );
            let tags: Vec<_> = Lexer::new(out.as_bytes())
                .filter(|t| matches!(t.kind, TokenKind::Tag { .. }))
                .collect();
            assert_eq!(tags.len(), 2, "{out:?}");
        }
        // Valid names, Unicode included, are kept as they are.
        let out = written(|w| w.tag("Событие_1+#=:-".as_bytes(), b"v"));
        assert_eq!(out, "[Событие_1+#=:- \"v\"]\n");
    }

    #[test]
    fn test_wraps_at_80_columns() {
        let out = written(|w| {
            for n in 1..=40 {
                w.token(format!("{n}.").as_bytes());
                w.token(b"Nf3");
                w.token(b"Nf6");
            }
            w.result(b"*");
            w.end_game();
        });
        assert!(out.ends_with(" *\n\n"));
        let lines: Vec<_> = out.lines().collect();
        assert!(lines.len() > 5);
        for line in &lines {
            assert!(line.len() <= 80, "{line:?}");
            assert!(!line.starts_with(' ') && !line.ends_with(' '));
        }
        // Lines are filled: the next token would not have fitted.
        for pair in lines.windows(2) {
            if !pair[1].is_empty() {
                let next = pair[1].split(' ').next().unwrap();
                assert!(pair[0].len() + 1 + next.len() > 80);
            }
        }
        let tokens = Lexer::new(out.as_bytes()).count();
        assert_eq!(tokens, 121);
    }

    #[test]
    fn test_width_counts_chars() {
        let out = written(|w| {
            for _ in 0..30 {
                w.token("Кр".as_bytes());
            }
        });
        // 27 tokens of 2 characters and 26 spaces fill 80 columns.
        assert_eq!(out.lines().next().unwrap().chars().count(), 80);
    }

    #[test]
    fn test_long_token_on_own_line() {
        let long = "x".repeat(100);
        let out = written(|w| {
            w.token(b"1.");
            w.token(long.as_bytes());
            w.token(b"e5");
        });
        assert_eq!(out, format!("1.\n{long}\ne5"));
    }

    /// A token is written in place before its separator is known: the
    /// space becomes a line break, one is added after `(`, and a `%`
    /// wrapped into the first column still gets its space.
    #[test]
    fn test_separator_set_after_the_token() {
        let mut out = Vec::new();
        let mut w = PgnWriter::with_line_width(&mut out, 6);
        w.token(b"1.");
        w.variation_start();
        w.token_with(|_| {});
        w.token_with(|buf| buf.extend_from_slice(b"abcd"));
        w.variation_end();
        w.token_with(|buf| buf.extend_from_slice(b"%x"));
        w.variation_start();
        w.token(b"");
        w.token(b"e4");
        assert_eq!(String::from_utf8(out).unwrap(), "1. (\nabcd)\n %x (\ne4");

        // An empty token leaves no space behind, and `(` still attaches
        // what follows it.
        let mut out = Vec::new();
        let mut w = PgnWriter::with_line_width(&mut out, 20);
        w.token(b"1.");
        w.token_with(|_| {});
        w.variation_start();
        w.token_with(|_| {});
        w.token(b"e4");
        w.variation_end();
        assert_eq!(String::from_utf8(out).unwrap(), "1. (e4)");
    }

    #[test]
    fn test_variations() {
        let out = written(|w| {
            w.token(b"1.");
            w.token(b"e4");
            w.variation_start();
            w.token(b"1.");
            w.token(b"d4");
            w.variation_start();
            w.token(b"1.");
            w.token(b"c4");
            w.variation_end();
            w.variation_end();
            w.token(b"e5");
        });
        assert_eq!(out, "1. e4 (1. d4 (1. c4)) e5");
    }

    #[test]
    fn test_nags() {
        let out = written(|w| {
            for nag in [0, 9, 10, 99, 100, 255] {
                w.nag(nag);
            }
        });
        assert_eq!(out, "$0 $9 $10 $99 $100 $255");
    }

    #[test]
    fn test_long_comment_is_never_reflowed() {
        // Regression: reflowing at spaces changed `[%vt 3.5]` into
        // `[%vt\n3.5]`, so converting twice gave different output.
        let text = "word ".repeat(30);
        let out = written(|w| {
            w.token(b"e4");
            w.comment(text.as_bytes());
            w.token(b"e5");
        });
        let comment = match Lexer::new(out.as_bytes()).nth(1).unwrap().kind {
            TokenKind::Comment(c) => c.to_vec(),
            other => panic!("{other:?}"),
        };
        assert_eq!(comment, text.as_bytes());
        assert_eq!(out.lines().count(), 3, "{out}");
    }

    #[test]
    fn test_comment_keeps_line_breaks() {
        let out = written(|w| {
            w.token(b"Bxe8");
            w.comment(b" 2 minutes to time-control at move 36.\n");
            w.token(b"22...");
        });
        assert_eq!(out, "Bxe8 { 2 minutes to time-control at move 36.\n} 22...");
    }

    #[test]
    fn test_comment_with_brace_is_lossless() {
        let out = written(|w| {
            w.token(b"e4");
            w.comment(b"a } b");
            w.token(b"e5");
            w.comment(b"x}\ny");
            w.variation_end();
        });
        assert_eq!(out, "e4 ;a } b\ne5 ;x}\n;y\n)");
        let kinds: Vec<_> = Lexer::new(out.as_bytes()).map(|t| t.kind).collect();
        assert_eq!(kinds[1], TokenKind::LineComment(b"a } b"));
    }

    #[test]
    fn test_full_game_layout() {
        let out = written(|w| {
            w.tag(b"Result", b"1-0");
            w.end_tags();
            w.escape(b"%note");
            w.token(b"1.");
            w.token(b"e4");
            w.line_comment(b" best");
            w.result(b"1-0");
            w.end_game();
            w.tag(b"Result", b"*");
            w.end_tags();
            w.result(b"*");
            w.end_game();
        });
        assert_eq!(
            out,
            "[Result \"1-0\"]\n\n%note\n1. e4 ; best\n1-0\n\n[Result \"*\"]\n\n*\n\n"
        );
        assert_eq!(crate::split::split_games(out.as_bytes()).len(), 2);
    }

    #[test]
    fn test_round_trip_through_lexer() {
        let input: &[u8] = b"1. e4 {a b} (1. d4 $1 {c}) 1... e5 2. Nf3 1-0";
        let mut out = Vec::new();
        let mut w = PgnWriter::new(&mut out);
        for token in Lexer::new(input) {
            match token.kind {
                TokenKind::Comment(text) => w.comment(text),
                TokenKind::VariationStart => w.variation_start(),
                TokenKind::VariationEnd => w.variation_end(),
                _ => w.token(&input[token.span]),
            }
        }
        assert_eq!(out, input);
    }
}
