//! Zero-copy tokenizer for the bytes of one PGN game.
//!
//! The lexer knows nothing about chess: it only cuts PGN text into tags,
//! move numbers, move symbols, annotations, comments and results. Every
//! token borrows from the input and carries its byte span, so callers can
//! report precise locations with [`line_col`].
//!
//! Lines end with LF, CRLF or CR alone. `,` (`1. 5254, 5755`), a UTF-8
//! byte order mark (files joined with `cat`) and the Unicode spaces of
//! text copied from web pages (`1.\u{a0}e4`: no-break, thin, ideographic)
//! are read as whitespace between tokens.
//!
//! The lexer never fails: malformed input becomes [`TokenKind::Error`]
//! tokens, after which lexing resumes. It runs in linear time, never
//! recurses and never panics, whatever the input bytes are.
//!
//! # Examples
//!
//! ```
//! use iccf_pgn::lexer::{Lexer, TokenKind};
//!
//! let tokens: Vec<_> = Lexer::new(b"[White \"Tal\"]\n1.e4!? {best by test} 1-0")
//!     .map(|token| token.kind)
//!     .collect();
//!
//! assert!(matches!(tokens[0], TokenKind::Tag { name: b"White", .. }));
//! assert_eq!(tokens[1], TokenKind::MoveNumber { number: b"1", dots: 1 });
//! assert_eq!(tokens[2], TokenKind::Move(b"e4"));
//! assert_eq!(tokens[3], TokenKind::Suffix(b"!?"));
//! assert_eq!(tokens[4], TokenKind::Comment(b"best by test"));
//! assert_eq!(tokens[5], TokenKind::Result(b"1-0"));
//! ```

use std::{borrow::Cow, error::Error, fmt, iter::FusedIterator, ops::Range};

use crate::grammar::{self, BOM, ByteClass, TagPart, TagStep, is_result};
use crate::spelling::{glued_glyph_len, glyph_digits};
use crate::split::count_lines;

// Flags of `FLAGS`, built from the grammar: one table serves every hot loop
// of the lexer.
/// Ends a symbol: whitespace or a delimiter.
const SYMBOL_END: u16 = 1;
/// Starts a symbol token: any symbol byte but `%`, which may start an
/// escape line instead.
const SYMBOL_START: u16 = 1 << 1;
/// A digit or `.`: may start a move number.
const NUMBER_START: u16 = 1 << 2;
const DIGIT: u16 = 1 << 3;
/// `!` or `?`.
const SUFFIX: u16 = 1 << 4;
/// Can be part of a tag name.
const NAME: u16 = 1 << 5;
/// Space or tab, the only whitespace allowed inside a tag.
const TAG_SPACE: u16 = 1 << 6;
/// Stops the scan of a tag value: `"`, `\` or a line end.
const VALUE_STOP: u16 = 1 << 7;
/// May end a symbol with something glued on that is not the move: a
/// non-ASCII byte (a glyph, `Nf3±`).
const GLUED: u16 = 1 << 8;
/// May start a Unicode space (`grammar::unicode_space_len`), which ends a
/// symbol as whitespace does.
const MAYBE_SPACE: u16 = 1 << 9;

/// The flags of `byte`.
const fn flags_of(byte: u8) -> u16 {
    let mut flags = 0;
    if grammar::is_symbol_byte(byte) {
        if !matches!(grammar::class_of(byte), ByteClass::Percent) {
            flags |= SYMBOL_START;
        }
    } else {
        flags |= SYMBOL_END;
    }
    if grammar::is_suffix_byte(byte) {
        flags |= SUFFIX;
    }
    if byte.is_ascii_digit() {
        flags |= DIGIT;
    }
    if grammar::starts_move_number(byte) {
        flags |= NUMBER_START;
    }
    if grammar::is_tag_name_byte(byte) {
        flags |= NAME;
    }
    if !matches!(
        grammar::tag_step(TagPart::Value, byte),
        TagStep::Within(TagPart::Value)
    ) {
        flags |= VALUE_STOP;
    }
    if grammar::is_tag_space(byte) {
        flags |= TAG_SPACE;
    }
    if !byte.is_ascii() {
        flags |= GLUED;
    }
    if grammar::may_start_unicode_space(byte) {
        flags |= MAYBE_SPACE;
    }
    flags
}

static FLAGS: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = flags_of(i as u8);
        i += 1;
    }
    table
};

/// Whitespace by table lookup, for the loop between tokens.
static WHITESPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = grammar::is_whitespace(i as u8);
        i += 1;
    }
    table
};

#[inline(always)]
fn has(byte: u8, flag: u16) -> bool {
    FLAGS[byte as usize] & flag != 0
}

/// The first offset at or after `pos` whose byte lacks `flag`, or the
/// length of `bytes`.
#[inline(always)]
fn skip(bytes: &[u8], mut pos: usize, flag: u16) -> usize {
    while pos < bytes.len() && has(bytes[pos], flag) {
        pos += 1;
    }
    pos
}

/// The first offset at or after `pos` whose byte has `flag`, or the length
/// of `bytes`.
#[inline(always)]
fn skip_until(bytes: &[u8], mut pos: usize, flag: u16) -> usize {
    while pos < bytes.len() && !has(bytes[pos], flag) {
        pos += 1;
    }
    pos
}

/// Why a stretch of input could not be tokenized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LexError {
    /// A `{` comment without closing `}` before the end of the input.
    UnterminatedComment,
    /// A tag without closing `]` on its line.
    UnterminatedTag,
    /// A tag value without closing `"` on its line.
    UnterminatedString,
    /// A `[` that does not start a well-formed `[Name "value"]` tag.
    MalformedTag,
    /// A `"` inside a tag value that is not escaped as `\"`.
    UnescapedQuote,
    /// A tag value without quotes (`[Round 3]`).
    UnquotedTagValue,
    /// A `]` outside of a tag.
    UnexpectedBracket,
    /// A `}` outside of a comment.
    UnexpectedBrace,
    /// A `$` not followed by digits.
    MissingNagNumber,
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LexError::UnterminatedComment => "unterminated comment",
            LexError::UnterminatedTag => "unterminated tag",
            LexError::UnterminatedString => "unterminated tag value",
            LexError::MalformedTag => "malformed tag",
            LexError::UnescapedQuote => "unescaped quote in tag value",
            LexError::UnquotedTagValue => "tag value without quotes",
            LexError::UnexpectedBracket => "unexpected ']'",
            LexError::UnexpectedBrace => "unexpected '}'",
            LexError::MissingNagNumber => "missing number after '$'",
        })
    }
}

impl Error for LexError {}

impl LexError {
    /// Whether the tag this error repaired keeps all its text: a value
    /// without quotes, an unescaped quote, a missing `"` or `]`. The tag
    /// was read as its writer meant it, so it is worth a warning, not an
    /// error; other text dropped from a tag (`[A#2 "3"]`, `[Site "x" y]`)
    /// is an error.
    pub fn repaired_whole(self) -> bool {
        matches!(
            self,
            LexError::UnquotedTagValue
                | LexError::UnescapedQuote
                | LexError::UnterminatedString
                | LexError::UnterminatedTag
        )
    }
}

/// What a [`Token`] is, with its payload borrowed from the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// A tag pair `[Name "value"]`; the token span covers the raw text.
    ///
    /// A malformed tag with a name and an opening quote is read as well as
    /// it can be, so that the tag section goes on: the value runs to the
    /// last `"` before the closing `]` (`[Event "Tour "C""]` has the value
    /// `Tour "C"`), or to the `]` or the line end when no quote closes it;
    /// `error` says what was wrong. A tag without name or quote is an
    /// [`Error`](TokenKind::Error) token.
    Tag {
        /// The tag name (letters, digits and `_`).
        name: &'a [u8],
        /// The tag value.
        value: TagValue<'a>,
        /// What was repaired: [`LexError::MalformedTag`] (text between the
        /// name and the value, or after the value),
        /// [`LexError::UnterminatedString`] (no closing quote),
        /// [`LexError::UnescapedQuote`] or [`LexError::UnterminatedTag`]
        /// (no `]` on the line); `None` for a well-formed tag.
        error: Option<LexError>,
    },
    /// A move number such as `12.` or `12...`. A run of dots standing alone
    /// (as in `1. ... e5`) is a move number with an empty `number`. One to
    /// three digits followed by `)`, as some people type move numbers
    /// (`12)`), are read as `12.`: `dots` is 1, the span covers the `)`.
    MoveNumber {
        /// The digits, possibly empty.
        number: &'a [u8],
        /// The number of dots, saturating at 255.
        dots: u8,
    },
    /// Any other symbol: SAN, numeric, long algebraic, castling, null
    /// moves, localized or figurine notation. No validation is done here.
    Move(&'a [u8]),
    /// A move suffix annotation made of `!` and `?` (`!?`, `??`, ...),
    /// split off the end of a move or standing alone. After a numeric move
    /// (only digits), a check or mate sign is split off too: `8567+` is
    /// the move `8567` and the suffix `+`, `8567#!` the suffix `#!`.
    Suffix(&'a [u8]),
    /// A numeric annotation glyph `$14`: only the digits. A glyph as
    /// printed chess writes it (`±`, `⩲`, `+-`, standing alone or glued
    /// to the end of a move: `Nf3±`) is the NAG it stands for, its digits
    /// ([`spelling`](crate::spelling)): the span, which covers the glyph,
    /// tells the two apart.
    Nag(&'a [u8]),
    /// The text inside `{` and `}`.
    Comment(&'a [u8]),
    /// The text after `;` up to the end of the line, without line
    /// terminator.
    LineComment(&'a [u8]),
    /// A whole line starting with `%` in the first column, without line
    /// terminator.
    Escape(&'a [u8]),
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2`, `*`, or one
    /// as authors type it (`½-½`, `1–0`: see
    /// [`canonical_result`](crate::spelling::canonical_result)), as
    /// written.
    Result(&'a [u8]),
    /// Input that could not be tokenized; the span covers it.
    Error(LexError),
}

/// A tag value as written between its quotes.
///
/// Kept raw, so that tokens own nothing: games are lexed into vectors of
/// tokens that are dropped with no work per token. [`TagValue::unescaped`]
/// gives the value itself.
///
/// ```
/// use iccf_pgn::lexer::{Lexer, TokenKind};
///
/// let token = Lexer::new(br#"[Event "a \"b\""]"#).next().unwrap();
/// let TokenKind::Tag { value, .. } = token.kind else { panic!() };
/// assert_eq!(value.raw(), br#"a \"b\""#);
/// assert_eq!(&*value.unescaped(), br#"a "b""#);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TagValue<'a>(&'a [u8]);

impl<'a> TagValue<'a> {
    /// A value written `raw` between the quotes.
    pub fn new(raw: &'a [u8]) -> TagValue<'a> {
        TagValue(raw)
    }

    /// The text between the quotes, escapes and all.
    pub fn raw(self) -> &'a [u8] {
        self.0
    }

    /// The value with `\"` and `\\` unescaped (other escapes are kept as
    /// written); borrowed unless it contains an escape.
    pub fn unescaped(self) -> Cow<'a, [u8]> {
        // Values are short: a plain search, where memchr's setup cost
        // more than the search.
        if self.0.contains(&b'\\') {
            Cow::Owned(unescape(self.0))
        } else {
            Cow::Borrowed(self.0)
        }
    }
}

/// A token and its byte span in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token<'a> {
    /// What the token is.
    pub kind: TokenKind<'a>,
    /// Byte offsets of the token's text in the input.
    pub span: Range<usize>,
}

/// A zero-copy tokenizer over the bytes of one PGN game.
///
/// Iterates over [`Token`]s. See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// Creates a lexer over `bytes`.
    pub fn new(bytes: &'a [u8]) -> Lexer<'a> {
        Lexer { bytes, pos: 0 }
    }

    /// The byte offset where lexing will resume.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// The input this lexer reads.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Returns the next token, or `None` at the end of the input.
    #[inline(always)]
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let bytes = self.bytes;
        let mut pos = self.pos;
        let first = loop {
            let &byte = bytes.get(pos)?;
            if !WHITESPACE[byte as usize] {
                if has(byte, MAYBE_SPACE) {
                    // A no-break space, a byte order mark, ...
                    let space = grammar::unicode_space_len(&bytes[pos..]);
                    if space > 0 {
                        pos += space;
                        continue;
                    }
                }
                break byte;
            }
            pos += 1;
        };
        let start = pos;
        let (kind, end) = if has(first, SYMBOL_START) {
            lex_symbol(bytes, start, first)
        } else {
            self.lex_other(first, start)
        };
        self.pos = end;
        Some(Token {
            kind,
            span: start..end,
        })
    }

    /// Lexes a token that does not start with a symbol byte, or a symbol
    /// starting with `%`: out of line, so that the symbol path stays small.
    fn lex_other(&self, first: u8, start: usize) -> (TokenKind<'a>, usize) {
        let bytes = self.bytes;
        match grammar::class(first) {
            ByteClass::Percent if escape_column(bytes, start) => {
                let (text, end) = rest_of_line(bytes, start);
                (TokenKind::Escape(text), end)
            }
            ByteClass::CommentOpen => match grammar::find_comment_end(&bytes[start + 1..]) {
                Some(i) => {
                    let close = start + 1 + i;
                    (TokenKind::Comment(&bytes[start + 1..close]), close + 1)
                }
                None => (TokenKind::Error(LexError::UnterminatedComment), bytes.len()),
            },
            ByteClass::LineComment => {
                let (text, end) = rest_of_line(bytes, start + 1);
                (TokenKind::LineComment(text), end)
            }
            ByteClass::VariationOpen => (TokenKind::VariationStart, start + 1),
            ByteClass::VariationClose => (TokenKind::VariationEnd, start + 1),
            ByteClass::TagClose => (TokenKind::Error(LexError::UnexpectedBracket), start + 1),
            ByteClass::CommentClose => (TokenKind::Error(LexError::UnexpectedBrace), start + 1),
            ByteClass::Nag => {
                let end = skip(bytes, start + 1, DIGIT);
                if end == start + 1 {
                    (TokenKind::Error(LexError::MissingNagNumber), start + 1)
                } else {
                    (TokenKind::Nag(&bytes[start + 1..end]), end)
                }
            }
            // `[%clk 0:03:00]` without braces, `[D]`: a comment, brackets
            // and all, as the splitter reads it.
            ByteClass::TagOpen => match lex_tag(bytes, start) {
                // A tag read whole is no annotation: told without a look.
                clean @ (TokenKind::Tag { error: None, .. }, _) => clean,
                broken => match grammar::bracket_annotation_len(&bytes[start..], true) {
                    Some(Some(len)) => {
                        (TokenKind::Comment(&bytes[start..start + len]), start + len)
                    }
                    _ => broken,
                },
            },
            // `%` not in the first column; whitespace and other symbol
            // bytes never get here.
            _ => lex_symbol(bytes, start, first),
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    #[inline]
    fn next(&mut self) -> Option<Token<'a>> {
        self.next_token()
    }
}

impl FusedIterator for Lexer<'_> {}

/// Whether a `%` at `pos` starts an escape line: in the first column, or
/// right after a byte order mark there.
fn escape_column(bytes: &[u8], pos: usize) -> bool {
    grammar::at_line_start(bytes, pos)
        || (pos >= BOM.len()
            && bytes[pos - BOM.len()..pos] == *BOM
            && grammar::at_line_start(bytes, pos - BOM.len()))
}

/// Text from `from` to the end of its line without line terminator (LF,
/// CRLF or CR), and the offset of the terminator (the end of the token's
/// span).
fn rest_of_line(bytes: &[u8], from: usize) -> (&[u8], usize) {
    let end = grammar::find_line_end(&bytes[from..]).map_or(bytes.len(), |i| from + i);
    (&bytes[from..end], end)
}

/// Lexes a tag starting at the `[` at `start`.
///
/// A tag must fit on one line: a tag value cannot contain a newline in
/// PGN, and stopping at the line end keeps one broken tag from swallowing
/// the rest of the game (the splitter makes the same choice).
fn lex_tag(bytes: &[u8], start: usize) -> (TokenKind<'_>, usize) {
    let name_start = skip(bytes, start + 1, TAG_SPACE);
    if !bytes
        .get(name_start)
        .is_some_and(|&b| grammar::starts_tag_name(b))
    {
        return recover_tag(bytes, name_start);
    }
    let mut name_end = skip(bytes, name_start, NAME);
    let mut odd_name = false;
    if bytes
        .get(name_end)
        .is_some_and(|&b| !grammar::ends_tag_name(b))
    {
        // `[Whité "x"]`, `[Black.Elo "3"]`: the name whole, not cut
        // where a byte no name has (and its value filed under `Whit`).
        name_end = odd_name_end(bytes, name_end);
        odd_name = true;
    }
    let name = &bytes[name_start..name_end];
    let quote = skip(bytes, name_end, TAG_SPACE);
    if bytes.get(quote) != Some(&b'"') {
        return repair_tag(bytes, name, name_end);
    }

    let value_start = quote + 1;
    let mut pos = value_start;
    // Tag values are short: a table scan beats a memchr3 call here.
    let value_end = loop {
        pos = skip_until(bytes, pos, VALUE_STOP);
        match bytes.get(pos) {
            Some(b'"') => break pos,
            Some(b'\\')
                if bytes
                    .get(pos + 1)
                    .is_some_and(|&b| !grammar::is_line_end(b)) =>
            {
                pos += 2
            }
            Some(b'\\') => pos += 1,
            _ => return repair_tag(bytes, name, name_end),
        }
    };

    let close = skip(bytes, value_end + 1, TAG_SPACE);
    if bytes.get(close) != Some(&b']') {
        return repair_tag(bytes, name, name_end);
    }

    (
        TokenKind::Tag {
            name,
            value: TagValue(&bytes[value_start..value_end]),
            error: odd_name.then_some(LexError::MalformedTag),
        },
        close + 1,
    )
}

/// Where a tag name with bytes no name has ends: at the first byte that
/// [`grammar::ends_tag_name`]. Out of line: tag names are plain.
#[cold]
fn odd_name_end(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| grammar::ends_tag_name(b))
        .map_or(bytes.len(), |k| from + k)
}

/// Where a tag whose text after its `[` starts at `from` ends: just after
/// its `]`, with `true`, or at the end of its line. A `]` inside a quoted
/// string does not end it: the splitter reads tags the same way, so both
/// agree on where a tag ends.
fn tag_end(bytes: &[u8], from: usize) -> (usize, bool) {
    let mut part = TagPart::Outside;
    for (i, &byte) in bytes.iter().enumerate().skip(from) {
        match grammar::tag_step(part, byte) {
            TagStep::Within(next) => part = next,
            TagStep::Closed => return (i + 1, true),
            TagStep::LineEnd => return (line_end(bytes, i), false),
        }
    }
    (bytes.len(), false)
}

/// Skips a tag that cannot be read, up to its `]` or the end of its line.
fn recover_tag(bytes: &[u8], from: usize) -> (TokenKind<'_>, usize) {
    match tag_end(bytes, from) {
        (end, true) => (TokenKind::Error(LexError::MalformedTag), end),
        (end, false) => (TokenKind::Error(LexError::UnterminatedTag), end),
    }
}

/// Reads a malformed tag named `name`, whose text after the name starts at
/// `from`, as well as it can (see [`TokenKind::Tag`]).
fn repair_tag<'a>(bytes: &'a [u8], name: &'a [u8], from: usize) -> (TokenKind<'a>, usize) {
    let (end, closed) = tag_end(bytes, from);
    let body_end = if closed { end - 1 } else { end };
    let Some(open) = memchr::memchr(b'"', &bytes[from..body_end]).map(|k| from + k) else {
        return unquoted_tag(bytes, name, from, (end, closed));
    };
    let last = memchr::memrchr(b'"', &bytes[open + 1..body_end]).map(|k| open + 1 + k);
    let value_end = match last {
        Some(quote) => quote,
        None => {
            // `[Site "open]`: the `]` in the open string ends the tag.
            let text = trim_tag_space(&bytes[open + 1..body_end]);
            let text = text.strip_suffix(b"]").map_or(text, trim_tag_space);
            open + 1 + text.len()
        }
    };
    let value = &bytes[open + 1..value_end];
    let after = last.map_or(body_end, |quote| quote + 1);
    let error = if !bytes[from..open].iter().all(|&b| has(b, TAG_SPACE)) {
        LexError::MalformedTag
    } else if last.is_none() {
        LexError::UnterminatedString
    } else if has_unescaped_quote(value) {
        LexError::UnescapedQuote
    } else if trim_tag_space(&bytes[after..body_end]) == b"]" && value.ends_with(b"\\") {
        // `[Site "C:\games\"]`: the last quote escaped, so the value never
        // ends; its writer meant a value ending in a backslash.
        LexError::UnterminatedString
    } else if !bytes[after..body_end].iter().all(|&b| has(b, TAG_SPACE)) {
        LexError::MalformedTag
    } else {
        LexError::UnterminatedTag
    };
    let tag = TokenKind::Tag {
        name,
        value: TagValue(value),
        error: Some(error),
    };
    (tag, end)
}

/// A tag whose value has no quotes (`[Round 3]`), its text after the name
/// starting at `from` and the tag ending at `end`: the value is that text,
/// trimmed, as clear as a quoted one, so the tag section goes on with it.
/// Nothing after the name (`[Bad]`) is no tag.
fn unquoted_tag<'a>(
    bytes: &'a [u8],
    name: &'a [u8],
    from: usize,
    (end, closed): (usize, bool),
) -> (TokenKind<'a>, usize) {
    let body_end = if closed { end - 1 } else { end };
    let value = trim_tag_space(&bytes[skip(bytes, from, TAG_SPACE)..body_end]);
    if value.is_empty() {
        return recover_tag(bytes, from);
    }
    let tag = TokenKind::Tag {
        name,
        value: TagValue(value),
        error: Some(LexError::UnquotedTagValue),
    };
    (tag, end)
}

fn trim_tag_space(text: &[u8]) -> &[u8] {
    let len = text
        .iter()
        .rposition(|&b| !has(b, TAG_SPACE))
        .map_or(0, |k| k + 1);
    &text[..len]
}

fn has_unescaped_quote(value: &[u8]) -> bool {
    let mut i = 0;
    while i < value.len() {
        match value[i] {
            b'\\' => i += 1,
            b'"' => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

fn line_end(bytes: &[u8], newline: usize) -> usize {
    if newline > 0 && bytes[newline - 1] == b'\r' {
        newline - 1
    } else {
        newline
    }
}

fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut iter = raw.iter().copied();
    while let Some(byte) = iter.next() {
        if byte == b'\\' {
            match iter.next() {
                Some(next @ (b'"' | b'\\')) => out.push(next),
                // Unknown escapes are kept verbatim: dropping the backslash
                // would lose information.
                Some(next) => out.extend_from_slice(&[b'\\', next]),
                None => out.push(b'\\'),
            }
        } else {
            out.push(byte);
        }
    }
    out
}

/// Lexes a symbol starting at `start`: a move number, a result, a move
/// or a suffix. Only the first part of a compound symbol (`1.e4`, `e4!?`)
/// is returned; the rest is lexed by the next call.
///
/// `first` is the byte at `start`. Indices into `bytes` rather than into a
/// subslice: the compiler then keeps one position and fewer bounds checks.
#[inline(always)]
fn lex_symbol(bytes: &[u8], start: usize, first: u8) -> (TokenKind<'_>, usize) {
    if grammar::is_check_sign(first) && start > 0 && bytes[start - 1].is_ascii_digit() {
        // The check or mate sign split off a numeric move below.
        let end = bytes[start..]
            .iter()
            .position(|&b| !(grammar::is_check_sign(b) || grammar::is_suffix_byte(b)))
            .map_or(bytes.len(), |k| start + k);
        return (TokenKind::Suffix(&bytes[start..end]), end);
    }
    let mut end = start + 1;
    if has(first, NUMBER_START) {
        end = skip(bytes, start, DIGIT);
        if end < bytes.len() && bytes[end] == b'.' {
            let digits_end = end;
            while end < bytes.len() && bytes[end] == b'.' {
                end += 1;
            }
            return (
                TokenKind::MoveNumber {
                    number: &bytes[start..digits_end],
                    dots: u8::try_from(end - digits_end).unwrap_or(u8::MAX),
                },
                end,
            );
        }
        if end < bytes.len() && bytes[end] == b')' && grammar::is_paren_move_number(end - start) {
            // `12)`, a move number as some people type it.
            return (
                TokenKind::MoveNumber {
                    number: &bytes[start..end],
                    dots: 1,
                },
                end + 1,
            );
        }
    }
    end = skip_until(bytes, end, SYMBOL_END | MAYBE_SPACE);
    // A Unicode space ends the symbol; another byte of the kind is part
    // of it (a figurine, `♘f3`).
    while end < bytes.len()
        && has(bytes[end], MAYBE_SPACE)
        && grammar::unicode_space_len(&bytes[end..]) == 0
    {
        end = skip_until(bytes, end + 1, SYMBOL_END | MAYBE_SPACE);
    }
    let mut move_end = end;
    // One test of the last byte for the rare tails: `!?`, a glyph.
    if has(bytes[end - 1], SUFFIX | GLUED) {
        if has(bytes[end - 1], GLUED) {
            end = cut_glued(bytes, start, end);
            move_end = end;
        }
        while move_end > start && has(bytes[move_end - 1], SUFFIX) {
            move_end -= 1;
        }
    }
    let symbol = &bytes[start..end];
    // The check or mate sign of a numeric move is a suffix too: `8567+`.
    if first.is_ascii_digit()
        && move_end > start + 1
        && grammar::is_check_sign(bytes[move_end - 1])
        && bytes[start..move_end - 1].iter().all(u8::is_ascii_digit)
    {
        move_end -= 1;
    }
    if move_end == end {
        // Results never end in `!` or `?`, and checking the first byte
        // keeps the comparisons off the path of ordinary moves.
        if grammar::starts_result(first) && symbol.is_ascii() && is_result(symbol) {
            (TokenKind::Result(symbol), end)
        } else if matches!(first, b'+' | b'-' | b'=' | 0x80..)
            || (matches!(first, b'0' | b'1') && symbol.len() > 4 && !symbol.is_ascii())
        {
            // A result as authors type it (`1–0`, `½-½`) or a glyph.
            (unusual_symbol(symbol), end)
        } else {
            (TokenKind::Move(symbol), end)
        }
    } else if move_end == start {
        (TokenKind::Suffix(symbol), end)
    } else {
        (TokenKind::Move(&bytes[start..move_end]), move_end)
    }
}

/// Where a symbol ends without a glyph glued to its end (`Nf3±`), which
/// is cut off as `!?` is and lexed next (`symbol_end` ends its bytes).
/// Out of line: moves rarely end in a non-ASCII byte. (A `*` glued on,
/// `a5*`, is left to the move, which then cannot be read: the splitter
/// must see the same tokens.)
#[cold]
#[inline(never)]
fn cut_glued(bytes: &[u8], start: usize, symbol_end: usize) -> usize {
    symbol_end - glued_glyph_len(&bytes[start..symbol_end])
}

/// A whole symbol that may be other than a move, by its first bytes: a
/// result as authors type it (`1–0`, `½-½`), a glyph (`±`, `+-`), or a
/// move after all (`Кр`, `♘f3`).
#[cold]
#[inline(never)]
fn unusual_symbol(symbol: &[u8]) -> TokenKind<'_> {
    if is_result(symbol) {
        TokenKind::Result(symbol)
    } else if let Some(nag) = glyph_digits(symbol) {
        TokenKind::Nag(nag)
    } else {
        TokenKind::Move(symbol)
    }
}

/// Converts a byte offset into a 1-based line and a 1-based column counted
/// in characters, for error messages.
///
/// Offsets past the end are clamped. Lines end with LF, CRLF or CR alone;
/// columns count UTF-8 characters (each byte of invalid UTF-8 counts as
/// one); a byte order mark at the start of a line does not count.
///
/// # Examples
///
/// ```
/// use iccf_pgn::lexer::line_col;
///
/// let text = "1. e4 e5\n2. Кр1 Nc6".as_bytes();
/// assert_eq!(line_col(text, 0), (1, 1));
/// assert_eq!(line_col(text, 12), (2, 4));
/// assert_eq!(line_col(text, 16), (2, 6)); // after two Cyrillic letters
/// ```
pub fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(bytes.len());
    let before = &bytes[..offset];
    // A CR just before `offset` whose LF is at `offset` ends no line yet.
    let split_crlf = before.ends_with(b"\r") && bytes.get(offset) == Some(&b'\n');
    let line = 1 + count_lines(before) as usize - usize::from(split_crlf);
    let mut line_start = match memchr::memrchr2(b'\n', b'\r', before) {
        Some(i) if split_crlf && i + 1 == offset => {
            memchr::memrchr2(b'\n', b'\r', &before[..i]).map_or(0, |k| k + 1)
        }
        found => found.map_or(0, |i| i + 1),
    };
    if before[line_start..].starts_with(BOM) {
        line_start += BOM.len();
    }
    let column = 1 + grammar::char_count(&before[line_start..]);
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::is_whitespace;

    fn kinds(input: &[u8]) -> Vec<TokenKind<'_>> {
        Lexer::new(input).map(|t| t.kind).collect()
    }

    fn spans(input: &[u8]) -> Vec<Range<usize>> {
        Lexer::new(input).map(|t| t.span).collect()
    }

    #[test]
    fn test_basic_movetext() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"1. e4 e5 2. Nf3 Nc6 *"),
            [
                MoveNumber {
                    number: b"1",
                    dots: 1
                },
                Move(b"e4"),
                Move(b"e5"),
                MoveNumber {
                    number: b"2",
                    dots: 1
                },
                Move(b"Nf3"),
                Move(b"Nc6"),
                Result(b"*"),
            ]
        );
    }

    #[test]
    fn test_move_numbers_glued() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"1.e4 1...e5 12.5254 1.5254 3..."),
            [
                MoveNumber {
                    number: b"1",
                    dots: 1
                },
                Move(b"e4"),
                MoveNumber {
                    number: b"1",
                    dots: 3
                },
                Move(b"e5"),
                MoveNumber {
                    number: b"12",
                    dots: 1
                },
                Move(b"5254"),
                MoveNumber {
                    number: b"1",
                    dots: 1
                },
                Move(b"5254"),
                MoveNumber {
                    number: b"3",
                    dots: 3
                },
            ]
        );
        assert_eq!(spans(b"12.5254"), [0..3, 3..7]);
    }

    #[test]
    fn test_lone_dots() {
        assert_eq!(
            kinds(b"1. ... e5"),
            [
                TokenKind::MoveNumber {
                    number: b"1",
                    dots: 1
                },
                TokenKind::MoveNumber {
                    number: b"",
                    dots: 3
                },
                TokenKind::Move(b"e5"),
            ]
        );
    }

    #[test]
    fn test_moves_not_results() {
        for symbol in [
            &b"0-0"[..],
            b"0-0-0",
            b"O-O",
            b"5254",
            b"52-54",
            b"e2-e4",
            b"e2e4",
            b"Ng1-f3",
            b"--",
            b"Z0",
            b"1",
            b"1/2",
            b"e8=Q+",
            "Кр".as_bytes(),
            "♘f3".as_bytes(),
        ] {
            assert_eq!(kinds(symbol), [TokenKind::Move(symbol)], "{symbol:?}");
        }
    }

    #[test]
    fn test_results() {
        for result in [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*", "½-½".as_bytes()] {
            assert_eq!(kinds(result), [TokenKind::Result(result)]);
        }
        assert_eq!(
            kinds(b"1-0)"),
            [TokenKind::Result(b"1-0"), TokenKind::VariationEnd]
        );
    }

    #[test]
    fn test_typed_results_and_glyphs() {
        use TokenKind::*;
        for result in ["1–0", "0—1", "½–½", "1/2–1/2"] {
            assert_eq!(kinds(result.as_bytes()), [Result(result.as_bytes())]);
        }
        assert_eq!(
            kinds("Nf3 ± c5 +- e4⩲ Bxd3??⩱ d5!∞ -- = 1–0".as_bytes()),
            [
                Move(b"Nf3"),
                Nag(b"16"),
                Move(b"c5"),
                Nag(b"18"),
                Move(b"e4"),
                Nag(b"14"),
                Move(b"Bxd3"),
                Suffix(b"??"),
                Nag(b"15"),
                Move(b"d5"),
                Suffix(b"!"),
                Nag(b"13"),
                Move(b"--"),
                Nag(b"10"),
                Result("1–0".as_bytes()),
            ]
        );
        // The glyph keeps its own span, which the walk reports.
        assert_eq!(spans("e4⩲".as_bytes()), [0..2, 2..5]);
        // Checks, promotions and moves in other scripts stay moves.
        for symbol in ["e8=Q+", "Кр", "♘f3", "=Q"] {
            assert_eq!(kinds(symbol.as_bytes()), [Move(symbol.as_bytes())]);
        }
    }

    #[test]
    fn test_suffixes() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"e4!? Nf3?? !! Qxf7#!"),
            [
                Move(b"e4"),
                Suffix(b"!?"),
                Move(b"Nf3"),
                Suffix(b"??"),
                Suffix(b"!!"),
                Move(b"Qxf7#"),
                Suffix(b"!"),
            ]
        );
        assert_eq!(spans(b"e4!?"), [0..2, 2..4]);
    }

    #[test]
    fn test_tags() {
        let tokens: Vec<_> =
            Lexer::new(b"[Event \"a \\\"b\\\" \\\\ c\"]\n[ Site   \"x\" ]").collect();
        assert_eq!(
            tokens[0].kind,
            TokenKind::Tag {
                name: b"Event",
                value: TagValue(b"a \\\"b\\\" \\\\ c"),
                error: None,
            }
        );
        let TokenKind::Tag { value, .. } = &tokens[0].kind else {
            panic!("{:?}", tokens[0]);
        };
        assert_eq!(&*value.unescaped(), b"a \"b\" \\ c");
        assert_eq!(tokens[0].span, 0..22);
        match &tokens[1].kind {
            TokenKind::Tag { name, value, .. } => {
                assert_eq!(*name, b"Site");
                assert!(matches!(value.unescaped(), Cow::Borrowed(b"x")));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(tokens.len(), 2);
    }

    #[test]
    fn test_tag_then_movetext() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"[Result \"1-0\"] e4 *"),
            [
                Tag {
                    name: b"Result",
                    value: TagValue(b"1-0"),
                    error: None,
                },
                Move(b"e4"),
                Result(b"*"),
            ]
        );
    }

    #[test]
    fn test_comments() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"e4 { a\r\nb [%clk 1:00] } ; rest (x)\r\ne5"),
            [
                Move(b"e4"),
                Comment(b" a\r\nb [%clk 1:00] "),
                LineComment(b" rest (x)"),
                Move(b"e5"),
            ]
        );
        // PGN comments do not nest: the first '}' closes.
        assert_eq!(
            kinds(b"{a {b} c}"),
            [
                Comment(b"a {b"),
                Move(b"c"),
                Error(LexError::UnexpectedBrace)
            ]
        );
    }

    #[test]
    fn test_escape_lines() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"%first\r\ne4 %notescape\n% escape\ne5"),
            [
                Escape(b"%first"),
                Move(b"e4"),
                Move(b"%notescape"),
                Escape(b"% escape"),
                Move(b"e5"),
            ]
        );
        assert_eq!(kinds(b"\xEF\xBB\xBF%x"), [Escape(b"%x")]);
    }

    #[test]
    fn test_variations_and_nags() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"28. Bb8 $2 (28. Bd6+ { wins })"),
            [
                MoveNumber {
                    number: b"28",
                    dots: 1
                },
                Move(b"Bb8"),
                Nag(b"2"),
                VariationStart,
                MoveNumber {
                    number: b"28",
                    dots: 1
                },
                Move(b"Bd6+"),
                Comment(b" wins "),
                VariationEnd,
            ]
        );
        assert_eq!(spans(b"$14"), vec![0..3]);
    }

    #[test]
    fn test_bom_and_crlf() {
        let input = b"\xEF\xBB\xBF[Event \"A\"]\r\n\r\n1. e4 *\r\n";
        let tokens: Vec<_> = Lexer::new(input).collect();
        assert_eq!(tokens.len(), 4);
        assert_eq!(tokens[0].span, 3..14);
        assert_eq!(tokens[3].kind, TokenKind::Result(b"*"));
    }

    #[test]
    fn test_errors_recover() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"] e4 $ e5 {open"),
            [
                Error(LexError::UnexpectedBracket),
                Move(b"e4"),
                Error(LexError::MissingNagNumber),
                Move(b"e5"),
                Error(LexError::UnterminatedComment),
            ]
        );
        let input = b"[Event \"open\n1. e4 [Bad ] [Site \"x\" y] [Round\n*";
        let tokens: Vec<_> = Lexer::new(input).collect();
        let kinds: Vec<_> = tokens.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(
            kinds,
            [
                Tag {
                    name: b"Event",
                    value: TagValue(b"open"),
                    error: Some(LexError::UnterminatedString),
                },
                MoveNumber {
                    number: b"1",
                    dots: 1
                },
                Move(b"e4"),
                Error(LexError::MalformedTag),
                Tag {
                    name: b"Site",
                    value: TagValue(b"x"),
                    error: Some(LexError::MalformedTag),
                },
                Error(LexError::UnterminatedTag),
                Result(b"*"),
            ]
        );
        assert_eq!(tokens[0].span, 0..12);
        assert_eq!(&input[tokens[3].span.clone()], b"[Bad ]");
        assert_eq!(&input[tokens[4].span.clone()], b"[Site \"x\" y]");
        assert_eq!(&input[tokens[5].span.clone()], b"[Round");
    }

    /// Regression: `[%clk 0:03:00]` without braces was read as a broken
    /// tag (and the splitter started a game there): a comment, brackets
    /// and all, as is any `[` that is no tag and closes on its line.
    #[test]
    fn clock_in_brackets_without_braces_split_the_game() {
        use TokenKind::*;
        assert_eq!(
            kinds(b"1. e4 [%clk 0:03:00] e5 [D] [Event \"x\"]"),
            [
                MoveNumber {
                    number: b"1",
                    dots: 1
                },
                Move(b"e4"),
                Comment(b"[%clk 0:03:00]"),
                Move(b"e5"),
                Comment(b"[D]"),
                Tag {
                    name: b"Event",
                    value: TagValue(b"x"),
                    error: None,
                },
            ]
        );
    }

    /// Regression: `[White-Elo "2100"]` was read as `White` (a second
    /// White tag, the player's name lost to readers of the first or the
    /// last), `[Whité "x"]` as `Whit`. Names keep the bytes python-chess
    /// keeps; a name with others is kept whole, as a malformed tag.
    #[test]
    fn tag_names_cut_at_a_dash_overwrote_another_tag() {
        use TokenKind::*;
        let input = "[White-Elo \"2100\"]\n[Black+Team \"x\"]\n[Whité \"y\"]\n";
        assert_eq!(
            kinds(input.as_bytes()),
            [
                Tag {
                    name: b"White-Elo",
                    value: TagValue(b"2100"),
                    error: None,
                },
                Tag {
                    name: b"Black+Team",
                    value: TagValue(b"x"),
                    error: None,
                },
                Tag {
                    name: "Whité".as_bytes(),
                    value: TagValue(b"y"),
                    error: Some(LexError::MalformedTag),
                },
            ]
        );
    }

    /// Regression: `[Round 3]` (no quotes) was no tag, so it ended the tag
    /// section and every later tag went into the movetext.
    #[test]
    fn unquoted_tag_value_is_read() {
        use TokenKind::Tag;
        let input = b"[Round 3]\n[Site C:\\games ]\n[Date 2026.12.01\n[White \"A\"]";
        let kinds: Vec<_> = Lexer::new(input).map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                Tag {
                    name: b"Round",
                    value: TagValue(b"3"),
                    error: Some(LexError::UnquotedTagValue),
                },
                Tag {
                    name: b"Site",
                    value: TagValue(b"C:\\games"),
                    error: Some(LexError::UnquotedTagValue),
                },
                Tag {
                    name: b"Date",
                    value: TagValue(b"2026.12.01"),
                    error: Some(LexError::UnquotedTagValue),
                },
                Tag {
                    name: b"White",
                    value: TagValue(b"A"),
                    error: None,
                },
            ]
        );
    }

    #[test]
    fn test_invalid_utf8_symbols() {
        assert_eq!(
            kinds(b"\xFF\xFEe4 \x80"),
            [TokenKind::Move(b"\xFF\xFEe4"), TokenKind::Move(b"\x80")]
        );
    }

    /// Moves copied from a web page with no-break or thin spaces between
    /// them (`1.\u{a0}e4\u{a0}e5`) were one symbol, "unexpected ` `", and
    /// the game was unconverted: these spaces are whitespace between
    /// tokens; a figurine, whose first byte is one of theirs, is not.
    #[test]
    fn unicode_spaces_between_tokens_are_whitespace() {
        for space in [
            "\u{a0}", "\u{2009}", "\u{202f}", "\u{2003}", "\u{3000}", "\u{feff}",
            // Zero-width: `Nc6\u{200b}` was "unknown promotion piece".
            "\u{200b}", "\u{2060}",
        ] {
            let text = format!("1.{space}e4{space}e5 2.{space}♘f3{space}{{a{space}b}}{space}1-0");
            let kinds: Vec<_> = Lexer::new(text.as_bytes()).map(|t| t.kind).collect();
            let comment = format!("a{space}b");
            assert_eq!(
                kinds,
                [
                    TokenKind::MoveNumber {
                        number: b"1",
                        dots: 1
                    },
                    TokenKind::Move(b"e4"),
                    TokenKind::Move(b"e5"),
                    TokenKind::MoveNumber {
                        number: b"2",
                        dots: 1
                    },
                    TokenKind::Move("♘f3".as_bytes()),
                    TokenKind::Comment(comment.as_bytes()),
                    TokenKind::Result(b"1-0"),
                ],
                "{space:?}"
            );
        }
    }

    #[test]
    fn test_spans_cover_non_whitespace() {
        // Every non-whitespace byte lies in exactly one span, in order.
        let input = b"[A \"b\"]\n% esc\n1.e4!? $1 {c} ;d\r\n( e5 ) ] } $ {x";
        let mut covered = vec![false; input.len()];
        let mut last = 0;
        for token in Lexer::new(input) {
            assert!(token.span.start >= last && token.span.end > token.span.start);
            last = token.span.end;
            for c in &mut covered[token.span] {
                *c = true;
            }
        }
        for (i, &byte) in input.iter().enumerate() {
            assert!(covered[i] || is_whitespace(byte), "byte {i} lost");
        }
    }

    #[test]
    fn test_line_col() {
        let text = b"ab\r\ncd\n\xC3\xA9f";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 2), (1, 3));
        assert_eq!(line_col(text, 4), (2, 1));
        assert_eq!(line_col(text, 9), (3, 2));
        assert_eq!(line_col(text, 999), (3, 3));
        assert_eq!(line_col(b"\xEF\xBB\xBFe4", 3), (1, 1));
    }

    #[test]
    fn test_long_line_linear() {
        let mut input = vec![b'a'; 10 << 20];
        input.extend_from_slice(b"!! {");
        input.extend(std::iter::repeat_n(b'x', 1 << 20));
        let tokens: Vec<_> = Lexer::new(&input).collect();
        assert_eq!(tokens.len(), 3);
        assert_eq!(tokens[0].span, 0..10 << 20);
        assert_eq!(
            tokens[2].kind,
            TokenKind::Error(LexError::UnterminatedComment)
        );

        let dots = vec![b'.'; 1 << 20];
        let tokens: Vec<_> = Lexer::new(&dots).collect();
        assert_eq!(
            tokens[0].kind,
            TokenKind::MoveNumber {
                number: b"",
                dots: 255
            }
        );
    }

    #[test]
    fn test_pathological_bytes_no_panic() {
        // A cheap deterministic fuzz: every token must advance and stay in
        // bounds.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let alphabet = b"[]{}();$%\"\\\n\r .!?1-0/*e4aZ\xC2\xBD\xEF\xBB\xBF";
        for _ in 0..2000 {
            let len = (state % 64) as usize;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let mut last = 0;
            for token in Lexer::new(&input) {
                assert!(token.span.start >= last);
                assert!(token.span.end > token.span.start);
                assert!(token.span.end <= input.len());
                last = token.span.end;
            }
        }
    }
}
