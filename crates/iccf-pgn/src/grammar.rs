//! The PGN byte grammar: which byte is what, and the token rules that
//! depend on nothing but bytes.
//!
//! The [lexer](crate::lexer) and the game splitter both read PGN, one
//! token at a time and one state at a time. They used to keep a table each,
//! kept in step by tests; here is the one definition both build their
//! lookup tables from at compile time (the functions are `const fn`), so a
//! rule changed here changes in both.
//!
//! - Whitespace: space, tab, form feed, DOS's end-of-file mark (0x1A),
//!   `,` (`1. 5254, 5755`) and the line
//!   ends LF, CRLF and CR alone. A UTF-8 byte order mark at the start of a
//!   line (files joined with `cat`) is whitespace too.
//! - Delimiters: `{` `}` `;` `[` `]` `(` `)` `$`, each a token of its own.
//! - Symbols: runs of every other byte (moves, move numbers, results).
//!   `%` is a symbol byte, but starts an escape line in the first column.
//! - Comments: `{` to the first `}` (they do not nest), `;` to the line end.
//!   The splitter ends a game where a `{` left open meets a blank line and
//!   a tag line of the next game, see [`comment_end`].
//! - Tags: `[Name "value"]` on one line, see [`tag_step`]; names of
//!   letters, digits, `_ + # = : -` ([`is_tag_name_byte`]). A `[` that is
//!   no tag and closes on its line (`[%clk 0:03:00]`, `[D]`) is a comment,
//!   see [`bracket_annotation_len`].
//! - Move numbers: digits then dots (`12.`, `12...`), or one to three
//!   digits then `)` (`12)`, as some people type them).
//! - Results: [`RESULTS`].

/// The UTF-8 byte order mark, whitespace at the start of a line.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The characters of UTF-8 `text`: every byte that does not continue a
/// multi-byte sequence starts one (columns and line widths count these).
pub(crate) fn char_count(text: &[u8]) -> usize {
    if text.is_ascii() {
        // Most text, and every move in most notations: no count needed.
        return text.len();
    }
    text.iter().filter(|&&b| !(0x80..0xc0).contains(&b)).count()
}

/// What a byte is to PGN, before any context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// Part of a symbol: a move, a move number or a result.
    Symbol,
    /// `%`: a symbol byte, or the start of an escape line in the first
    /// column.
    Percent,
    /// Whitespace that ends no line: space, tab, form feed, 0x1A, `,`.
    Space,
    /// LF or CR (CR alone ends a line too, as in old Mac files).
    LineEnd,
    /// `{`, a comment up to the first `}`.
    CommentOpen,
    /// `}` outside a comment: a stray closer.
    CommentClose,
    /// `;`, a comment up to the line end.
    LineComment,
    /// `[`, a tag.
    TagOpen,
    /// `]` outside a tag: a stray closer.
    TagClose,
    /// `(`.
    VariationOpen,
    /// `)`.
    VariationClose,
    /// `$`, a numeric annotation glyph: the digits after it.
    Nag,
}

/// The class of `byte`; [`class`] looks it up in a table.
pub(crate) const fn class_of(byte: u8) -> ByteClass {
    match byte {
        // 0x1A: the end-of-file mark DOS editors leave after the last game.
        b' ' | b'\t' | 0x0c | 0x1a | b',' => ByteClass::Space,
        b'\n' | b'\r' => ByteClass::LineEnd,
        b'{' => ByteClass::CommentOpen,
        b'}' => ByteClass::CommentClose,
        b';' => ByteClass::LineComment,
        b'[' => ByteClass::TagOpen,
        b']' => ByteClass::TagClose,
        b'(' => ByteClass::VariationOpen,
        b')' => ByteClass::VariationClose,
        b'$' => ByteClass::Nag,
        b'%' => ByteClass::Percent,
        _ => ByteClass::Symbol,
    }
}

static CLASSES: [ByteClass; 256] = {
    let mut table = [ByteClass::Symbol; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = class_of(i as u8);
        i += 1;
    }
    table
};

/// The class of `byte`, by table lookup.
#[inline(always)]
pub(crate) fn class(byte: u8) -> ByteClass {
    CLASSES[byte as usize]
}

/// Whether `byte` is whitespace (space, tab, form feed, `,`, LF or CR).
#[inline]
pub(crate) const fn is_whitespace(byte: u8) -> bool {
    matches!(class_of(byte), ByteClass::Space | ByteClass::LineEnd)
}

/// The length of the Unicode space that `bytes` start with, 0 if none:
/// the no-break space (U+00A0), the spaces U+2000 to U+200A, the
/// zero-width space (U+200B), U+202F, U+205F, the word joiner (U+2060),
/// the ideographic space (U+3000) and a byte order mark (U+FEFF).
/// Text copied from web pages and word processors has them between
/// moves (`1.\u{a0}e4`), where they are whitespace, read so between the
/// tokens of the movetext (comments and tag values keep them).
#[inline]
pub(crate) fn unicode_space_len(bytes: &[u8]) -> usize {
    match bytes {
        [0xC2, 0xA0, ..] => 2,
        [0xE2, 0x80, 0x80..=0x8B | 0xAF, ..] | [0xE2, 0x81, 0x9F | 0xA0, ..] => 3,
        [0xE3, 0x80, 0x80, ..] | [0xEF, 0xBB, 0xBF, ..] => 3,
        _ => 0,
    }
}

/// Whether `byte` may start a [`unicode_space_len`] space.
#[inline]
pub(crate) const fn may_start_unicode_space(byte: u8) -> bool {
    matches!(byte, 0xC2 | 0xE2 | 0xE3 | 0xEF)
}

/// Whether `byte` ends a line: LF, or CR (alone or before LF).
#[inline]
pub(crate) const fn is_line_end(byte: u8) -> bool {
    matches!(class_of(byte), ByteClass::LineEnd)
}

/// Whether `byte` can be part of a symbol (move, move number, result).
#[inline]
pub(crate) const fn is_symbol_byte(byte: u8) -> bool {
    matches!(class_of(byte), ByteClass::Symbol | ByteClass::Percent)
}

/// Whether `byte` is a delimiter: a token of its own, which ends a symbol.
#[cfg(test)]
pub(crate) const fn is_delimiter(byte: u8) -> bool {
    !is_symbol_byte(byte) && !is_whitespace(byte)
}

/// Whether a symbol starting with `byte` is a move: a letter, which starts
/// neither a move number (digits, `.`) nor a result (see the tests).
pub(crate) const fn starts_move_only(byte: u8) -> bool {
    byte.is_ascii_alphabetic()
}

/// Whether `byte` may start a move number: a digit, or `.` (`1. ... e5`).
pub(crate) const fn starts_move_number(byte: u8) -> bool {
    byte.is_ascii_digit() || byte == b'.'
}

/// The most digits of a move number closed by `)` (`12)`): more are no
/// move number.
pub(crate) const PAREN_NUMBER_DIGITS: usize = 3;

/// Whether `digits` digits followed by `)` are a move number (`12)`).
#[inline]
pub(crate) const fn is_paren_move_number(digits: usize) -> bool {
    digits >= 1 && digits <= PAREN_NUMBER_DIGITS
}

/// Whether `byte` is a move suffix annotation byte, `!` or `?`.
pub(crate) const fn is_suffix_byte(byte: u8) -> bool {
    matches!(byte, b'!' | b'?')
}

/// Whether `byte` is a check or mate sign, split off a numeric move as a
/// suffix (`8567+`).
#[inline]
pub(crate) const fn is_check_sign(byte: u8) -> bool {
    matches!(byte, b'+' | b'#')
}

/// Whether `byte` can be part of a tag name: letters, digits and `_` by
/// PGN's standard, and `+ # = : -`, which python-chess reads in names too
/// (`[White-Elo "2100"]`, cut at the `-`, was filed under `White`). A
/// name starts with [`starts_tag_name`].
pub(crate) const fn is_tag_name_byte(byte: u8) -> bool {
    starts_tag_name(byte) || matches!(byte, b'+' | b'#' | b'=' | b':' | b'-')
}

/// Whether `byte` can start a tag name: a letter, a digit or `_` (not
/// `[+0.35]`, `[#]`: see [`bracket_annotation_len`]).
pub(crate) const fn starts_tag_name(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Whether `byte` is space allowed inside a tag: space or tab.
pub(crate) const fn is_tag_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// The game termination markers.
pub(crate) const RESULTS: [&[u8]; 5] = [b"1-0", b"0-1", b"1/2-1/2", b"*", b"\xC2\xBD-\xC2\xBD"];

/// The length of the longest result token, typed spellings included
/// (`1/2—1/2`: an em dash is three bytes; see
/// [`canonical_result`](crate::spelling::canonical_result)).
pub(crate) const LONGEST_RESULT: usize = 9;

static RESULT_START: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < RESULTS.len() {
        table[RESULTS[i][0] as usize] = true;
        i += 1;
    }
    table
};

/// Whether a result can start with `byte`: a cheap test that keeps the
/// comparisons of [`is_result`] off the path of ordinary moves.
#[inline(always)]
pub(crate) fn starts_result(byte: u8) -> bool {
    RESULT_START[byte as usize]
}

/// Whether `symbol` is a game termination marker: one of [`RESULTS`] or a
/// spelling of one as authors type it (`1–0`, `½–½`), which
/// [`canonical_result`](crate::spelling::canonical_result) knows.
#[inline]
pub(crate) fn is_result(symbol: &[u8]) -> bool {
    crate::spelling::canonical_result(symbol).is_some()
}

/// Where the scan of a tag stands, from just after its `[`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagPart {
    /// Outside the quoted value: the name, space, stray text.
    Outside,
    /// Inside the quoted value.
    Value,
    /// Just after a `\` in the value.
    Escape,
}

/// What a byte does to a tag, see [`tag_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagStep {
    /// The tag goes on, in this part.
    Within(TagPart),
    /// The byte is the `]` that closes the tag.
    Closed,
    /// The byte ends the line, and the tag before it: a tag must fit on one
    /// line, so that a broken tag cannot swallow the games after it.
    LineEnd,
}

/// The tag rule: what `byte` does to a tag whose scan is in `part`.
///
/// `"` opens and closes the value, a `]` outside it closes the tag, `\`
/// in the value escapes the next byte (unless it ends the line), and a
/// line end ends the tag wherever it is.
#[inline(always)]
pub(crate) const fn tag_step(part: TagPart, byte: u8) -> TagStep {
    if is_line_end(byte) {
        return TagStep::LineEnd;
    }
    match (part, byte) {
        (TagPart::Outside, b'"') => TagStep::Within(TagPart::Value),
        (TagPart::Outside, b']') => TagStep::Closed,
        (TagPart::Value, b'"') => TagStep::Within(TagPart::Outside),
        (TagPart::Value, b'\\') => TagStep::Within(TagPart::Escape),
        (TagPart::Escape, _) => TagStep::Within(TagPart::Value),
        _ => TagStep::Within(part),
    }
}

impl TagPart {
    /// The bytes other than line ends where [`tag_step`] leaves `self`
    /// (none for `Escape`, which every byte leaves): what a fast scan of a
    /// tag looks for.
    pub(crate) const fn stops(self) -> [u8; 2] {
        match self {
            TagPart::Outside => [b'"', b']'],
            TagPart::Value | TagPart::Escape => [b'"', b'\\'],
        }
    }
}

/// The offset of the first line end in `bytes`.
#[inline]
pub(crate) fn find_line_end(bytes: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', bytes)
}

/// The bit of the Event tag among those of [`roster_bit`].
pub(crate) const EVENT: u8 = 1;

/// The bit of the FEN tag among those of [`roster_bit`].
pub(crate) const FEN: u8 = 128;

/// The bit of a Seven Tag Roster name (or FEN) in the tag at `data[from..]` (just
/// after its `[`), 0 for other names, `None` when the data ends first.
pub(crate) fn roster_bit(data: &[u8], from: usize, eof: bool) -> Option<u8> {
    // Most tags: the name right after `[`, seen in 7 bytes.
    if let Some(&[a, b, c, d, e, f, g]) = data.get(from..from + 7)
        && !is_tag_space(a)
    {
        let ended = ends_tag_name;
        return Some(match [a, b, c, d, e, f, g] {
            [b'E', b'v', b'e', b'n', b't', end, _] if ended(end) => EVENT,
            [b'S', b'i', b't', b'e', end, ..] if ended(end) => 2,
            [b'D', b'a', b't', b'e', end, ..] if ended(end) => 4,
            [b'R', b'o', b'u', b'n', b'd', end, _] if ended(end) => 8,
            [b'W', b'h', b'i', b't', b'e', end, _] if ended(end) => 16,
            [b'B', b'l', b'a', b'c', b'k', end, _] if ended(end) => 32,
            [b'R', b'e', b's', b'u', b'l', b't', end] if ended(end) => 64,
            [b'F', b'E', b'N', end, ..] if ended(end) => FEN,
            _ => 0,
        });
    }
    // A name is short: a longer stretch is no roster name.
    const WINDOW: usize = 24;
    let limit = data.len().min(from + WINDOW);
    let mut start = from;
    while start < limit && is_tag_space(data[start]) {
        start += 1;
    }
    let mut end = start;
    while end < limit && !ends_tag_name(data[end]) {
        end += 1;
    }
    if end == data.len() && limit < from + WINDOW && !eof {
        return None;
    }
    Some(match &data[start..end] {
        b"Event" => EVENT,
        b"Site" => 2,
        b"Date" => 4,
        b"Round" => 8,
        b"White" => 16,
        b"Black" => 32,
        b"Result" => 64,
        b"FEN" => FEN,
        _ => 0,
    })
}

/// The offset of the `}` that closes a comment whose text is `bytes`:
/// comments do not nest, the first `}` closes.
#[inline]
pub(crate) fn find_comment_end(bytes: &[u8]) -> Option<usize> {
    memchr::memchr(b'}', bytes)
}

/// How a `{` comment ends, see [`comment_end`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CommentEnd {
    /// At the `}` at this offset.
    Brace(usize),
    /// Never closed: the line at this offset starts the next game's tags,
    /// and the comment stops before it, unterminated.
    Runaway(usize),
    /// Past the bytes: they are comment up to this offset, and from it on
    /// (a CR, a tag line, too short to tell) more bytes are needed.
    Beyond(usize),
}

/// Where the scan of a `{` comment stands between calls of
/// [`comment_end`]: in its text, or in a run of blank space after one line
/// end or more (a blank line). A fresh comment starts in its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct CommentScan {
    /// Line ends since the last byte of text, up to 2.
    lines: u8,
}

/// Where the comment whose text is `bytes` (after its `{`, or after the
/// bytes of earlier calls, where `scan` was left) ends, for the splitter: at
/// the first `}` (comments do not nest, see [`find_comment_end`]), or at a
/// whole tag line of the Seven Tag Roster or FEN after a blank line that no
/// `}` closes before a `{` opens again, the start of the next game
/// ([`opened_again`]): a `{` left open would otherwise swallow every game
/// after it up to the next `}`. `eof`: no bytes follow.
///
/// Every byte is looked at once; what may need more bytes to tell (a CR
/// before its LF, a tag line, the brace after it) is bounded. The lexer
/// needs no such rule: it reads the comment of a game the splitter cut
/// there as unterminated.
pub(crate) fn comment_end(bytes: &[u8], eof: bool, scan: &mut CommentScan) -> CommentEnd {
    let mut i = 0;
    loop {
        if scan.lines == 0 {
            let Some(k) = memchr::memchr3(b'}', b'\n', b'\r', &bytes[i..]) else {
                return CommentEnd::Beyond(bytes.len());
            };
            i += k;
            if bytes[i] == b'}' {
                return CommentEnd::Brace(i);
            }
        }
        // Blank space: line ends, spaces and tabs.
        while let Some(&byte) = bytes.get(i) {
            match byte {
                b'\r' if i + 1 == bytes.len() && !eof => return CommentEnd::Beyond(i),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
                b'\n' | b'\r' => i += 1,
                _ if is_tag_space(byte) => {
                    i += 1;
                    continue;
                }
                _ => break,
            }
            scan.lines = (scan.lines + 1).min(2);
        }
        if i == bytes.len() {
            return CommentEnd::Beyond(i);
        }
        if scan.lines == 2 && bytes[i] == b'[' {
            let game = is_game_tag_line(&bytes[i..], eof).and_then(|tags| match tags {
                true => opened_again(&bytes[i..], eof),
                false => Some(false),
            });
            match game {
                Some(true) => return CommentEnd::Runaway(i),
                Some(false) => {}
                None => return CommentEnd::Beyond(i),
            }
        }
        scan.lines = 0;
    }
}

/// The longest tag line [`is_game_tag_line`] looks at: a longer line is not
/// taken for a game's start, and what it waits for stays bounded.
const LONGEST_TAG_LINE: usize = 4096;

/// How far past a tag line in a comment a brace is looked for, see
/// [`opened_again`].
const BRACE_WINDOW: usize = 64 * 1024;

/// Whether, from a tag line in a comment, a `{` comes before any `}`, or no
/// brace within [`BRACE_WINDOW`] bytes: the next game's own comment, or none,
/// so the comment before was left open. A `}` first closes a comment that
/// quotes a game (`{Compare:\n\n[Event "Paris"]\n\n1. e4 e5}`), which
/// stays whole. `None` when the bytes end first and more may follow.
fn opened_again(rest: &[u8], eof: bool) -> Option<bool> {
    let window = &rest[..rest.len().min(BRACE_WINDOW)];
    match memchr::memchr2(b'{', b'}', window) {
        Some(k) => Some(window[k] == b'{'),
        None if eof || window.len() == BRACE_WINDOW => Some(true),
        None => None,
    }
}

/// Whether `line` is a whole tag line of the Seven Tag Roster or FEN: the
/// tag, then nothing but space to the line end. `None` when it is too
/// short to tell and more bytes may follow (not `eof`).
fn is_game_tag_line(line: &[u8], eof: bool) -> Option<bool> {
    let window = &line[..line.len().min(LONGEST_TAG_LINE)];
    let cut = window.len() < line.len() || eof;
    let undecided = if cut { Some(false) } else { None };
    if window.first() != Some(&b'[') || roster_bit(window, 1, cut)? == 0 {
        return Some(false);
    }
    let mut part = TagPart::Outside;
    let mut value = false;
    for (k, &byte) in window.iter().enumerate().skip(1) {
        match tag_step(part, byte) {
            TagStep::Within(next) => {
                value |= next == TagPart::Value;
                part = next;
            }
            TagStep::Closed => {
                let rest = &window[k + 1..];
                return match rest.iter().position(|&b| !is_tag_space(b)) {
                    Some(end) => Some(value && is_line_end(rest[end])),
                    None => undecided.map(|_| value),
                };
            }
            TagStep::LineEnd => return Some(false),
        }
    }
    undecided
}

/// The length of the annotation in square brackets at the start of
/// `bytes` (a `[`), `]` included: `[%clk 0:03:00]` without its braces,
/// `[D]` or `[#]` marking a diagram, `[+0.35]`. A `[` with a quote before
/// its `]` (`[Event "x"]`, `[Событие "x"]`) or a name that goes on past
/// it (`[Round 3]`, `[Black: B]`) is a tag, however broken; any other `[`
/// closed on its line, with no brace or bracket before its `]`, within
/// [`LONGEST_TAG_LINE`] bytes, is such an annotation, where it used to
/// start a game and split the one it was in. `Some(None)` for a tag (or
/// what the lexer reads as a broken one), `None` when the bytes end
/// before that is known and more may follow (not `eof`).
#[inline]
pub(crate) fn bracket_annotation_len(bytes: &[u8], eof: bool) -> Option<Option<usize>> {
    let window = &bytes[..bytes.len().min(LONGEST_TAG_LINE)];
    let cut = window.len() < bytes.len() || eof;
    // One table look a byte: every tag comes here, and its quote tells.
    let stop = window
        .iter()
        .skip(1)
        .position(|&b| BRACKET_STOPS[usize::from(b)])
        .map(|k| k + 1);
    match stop.map(|k| (k, window[k])) {
        Some((close, b']')) => Some(closed_bracket_len(&window[1..close])),
        // A quoted value (a tag), a brace or bracket, a line end.
        Some(_) => Some(None),
        None if cut => Some(None),
        None => None,
    }
}

/// The bytes that end the look of [`bracket_annotation_len`].
static BRACKET_STOPS: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        table[i] = matches!(b, b'"' | b']' | b'[' | b'{' | b'}') || is_line_end(b);
        i += 1;
    }
    table
};

/// The length of `[inside]` as an annotation, `None` for a tag without
/// a quote: a name, then more before the `]` (`[Round 3]`).
#[cold]
fn closed_bracket_len(inside: &[u8]) -> Option<usize> {
    let name = inside
        .iter()
        .position(|&b| !is_tag_space(b))
        .unwrap_or(inside.len());
    let named = inside.get(name).is_some_and(|&b| starts_tag_name(b));
    let name_end = inside[name..]
        .iter()
        .position(|&b| !is_tag_name_byte(b))
        .map_or(inside.len(), |k| name + k);
    (!(named && name_end < inside.len())).then_some(inside.len() + 2)
}

/// Whether `byte` ends a tag's name as written: space, the value's quote,
/// the `]`, a line end. Other bytes no name has (`[Whité`,
/// `[Event.Date`) are the name's too: the lexer keeps the name whole (a
/// malformed tag), and the splitter takes it for no roster tag.
pub(crate) const fn ends_tag_name(byte: u8) -> bool {
    is_tag_space(byte) || matches!(byte, b'"' | b']') || is_line_end(byte)
}

/// Whether `pos` is in the first column: at the start of `bytes` or after
/// a line end. An escape line starts there, and a byte order mark there is
/// whitespace.
#[inline]
pub(crate) fn at_line_start(bytes: &[u8], pos: usize) -> bool {
    pos == 0 || is_line_end(bytes[pos - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_that_are_no_tags_are_annotations() {
        for (text, len) in [
            ("[%clk 0:03:00] e5", Some(14)),
            ("[D] 12. Nf3", Some(3)),
            ("[#]", Some(3)),
            ("[Diagram]", Some(9)),
            ("[+0.35]", Some(7)),
            ("[5254]", Some(6)),
            ("[Event \"x\"]", None),
            ("[ Site \"y\"]", None),
            ("[Event x]", None),
            ("[BlackType: \"program\"]", None),
            ("[White\"A\"]", None),
            ("[%clk 0:03:00\n] e5", None),
            ("[%c {x}]", None),
            ("[Событие \"v\"]", None),
            ("[-x \"y\"]", None),
            ("[Round 3]", None),
            ("[", None),
        ] {
            assert_eq!(
                bracket_annotation_len(text.as_bytes(), true),
                Some(len),
                "{text}"
            );
        }
        // Cut before its `]` or before the byte after a name: undecided.
        assert_eq!(bracket_annotation_len(b"[%clk 0:0", false), None);
        assert_eq!(bracket_annotation_len(b"[Even", false), None);
        assert_eq!(bracket_annotation_len(b"[Event", false), None);
        assert_eq!(bracket_annotation_len(b"[Event \"x", false), Some(None));
    }

    #[test]
    fn classes_partition_the_bytes() {
        for byte in 0..=255u8 {
            let kinds = [
                is_whitespace(byte),
                is_symbol_byte(byte),
                is_delimiter(byte),
            ];
            assert_eq!(kinds.iter().filter(|&&k| k).count(), 1, "{byte:#x}");
            assert_eq!(class(byte), class_of(byte));
            assert!(!is_tag_space(byte) || is_whitespace(byte), "{byte:#x}");
            assert!(!is_line_end(byte) || is_whitespace(byte), "{byte:#x}");
        }
        assert!(BOM.iter().all(|&b| is_symbol_byte(b)));
    }

    #[test]
    fn move_only_bytes_start_no_number_nor_result() {
        for byte in 0..=255u8 {
            if starts_move_only(byte) {
                assert!(is_symbol_byte(byte), "{byte:#x}");
                assert!(!starts_move_number(byte), "{byte:#x}");
                assert!(!starts_result(byte), "{byte:#x}");
            }
        }
    }

    #[test]
    fn results_are_symbols_without_suffix() {
        for result in RESULTS {
            assert!(result.iter().all(|&b| is_symbol_byte(b)), "{result:?}");
            assert!(!is_suffix_byte(result[result.len() - 1]), "{result:?}");
            assert!(starts_result(result[0]) && is_result(result));
        }
        assert!(RESULTS.iter().all(|r| r.len() <= LONGEST_RESULT));
        assert_eq!("1/2—1/2".len(), LONGEST_RESULT);
        assert!(is_result("1/2—1/2".as_bytes()));
        assert!(!is_result(b"1-") && !is_result(b"1-00") && !is_result(b""));
    }

    #[test]
    fn tag_stops_are_every_byte_that_moves_on() {
        for part in [TagPart::Outside, TagPart::Value] {
            for byte in 0..=255u8 {
                let moves_on = tag_step(part, byte) != TagStep::Within(part);
                let stop = part.stops().contains(&byte) || is_line_end(byte);
                assert_eq!(moves_on, stop, "{part:?} {byte:#x}");
            }
        }
    }

    #[test]
    fn tag_rule() {
        // `[Event "a \"]\" b"]`, after the `[`.
        let mut part = TagPart::Outside;
        let text = br#"Event "a \"]\" b"]"#;
        for (i, &byte) in text.iter().enumerate() {
            match tag_step(part, byte) {
                TagStep::Within(next) => part = next,
                TagStep::Closed => {
                    assert_eq!(i, text.len() - 1);
                    return;
                }
                TagStep::LineEnd => panic!("line end"),
            }
        }
        panic!("not closed");
    }
}
