//! The resumable state machine that finds where games begin.

use super::GameEnd;
use crate::grammar::{
    self, BOM, ByteClass, CommentEnd, CommentScan, EVENT, FEN, LONGEST_RESULT, TagPart, TagStep,
    bracket_annotation_len, is_line_end, is_paren_move_number, is_result, roster_bit,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Normal,
    Comment,
    LineComment,
    /// Inside a tag, cut by the end of the data.
    Tag(TagPart),
    Symbol,
    /// Inside a symbol that can be neither a result nor a move number: its
    /// bytes only need skipping.
    OtherSymbol,
    Dots,
    /// The digits after `$`, which like in the lexer end the NAG whatever
    /// follows (`$1*` is a NAG and a result).
    Nag,
}

/// Room for the longest result marker and one byte more.
const SYMBOL_BUF: usize = LONGEST_RESULT + 1;

// The grammar's byte classes, finer where the splitter cares (letters)
// and coarser where it does not (closers, whitespace): one load tells the
// Normal-mode loop what to do with a byte. Symbol classes come first, see
// `is_symbol_class`.
const C_SYMBOL: u8 = 0;
/// A symbol byte that starts a move, never a result nor a move number.
const C_LETTER: u8 = 1;
/// A symbol byte, or an escape line in the first column.
const C_PERCENT: u8 = 2;
const C_SPACE: u8 = 3;
const C_LBRACE: u8 = 4;
const C_SEMICOLON: u8 = 5;
const C_LBRACKET: u8 = 6;
/// `]` or `}`, stray closers that are skipped.
const C_CLOSER: u8 = 7;
const C_LPAREN: u8 = 8;
const C_RPAREN: u8 = 9;
const C_DOLLAR: u8 = 10;
/// `\n` or `\r`: CR alone ends a line too (old Mac files).
const C_NEWLINE: u8 = 11;

/// The splitter's class of `byte`.
const fn scan_class(byte: u8) -> u8 {
    match grammar::class_of(byte) {
        ByteClass::Symbol if grammar::starts_move_only(byte) => C_LETTER,
        ByteClass::Symbol => C_SYMBOL,
        ByteClass::Percent => C_PERCENT,
        ByteClass::Space => C_SPACE,
        ByteClass::LineEnd => C_NEWLINE,
        ByteClass::CommentOpen => C_LBRACE,
        ByteClass::LineComment => C_SEMICOLON,
        ByteClass::TagOpen => C_LBRACKET,
        ByteClass::TagClose | ByteClass::CommentClose => C_CLOSER,
        ByteClass::VariationOpen => C_LPAREN,
        ByteClass::VariationClose => C_RPAREN,
        ByteClass::Nag => C_DOLLAR,
    }
}

static CLASS: [u8; 256] = {
    let mut table = [C_SYMBOL; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = scan_class(b as u8);
        b += 1;
    }
    table
};

#[inline(always)]
fn is_symbol(byte: u8) -> bool {
    is_symbol_class(CLASS[byte as usize])
}

#[inline(always)]
fn is_symbol_class(class: u8) -> bool {
    class <= C_PERCENT
}

/// The offset of the first `a`, `b` or byte in `0x08..=0x0F` (where the
/// line ends LF and CR are) in `data[from..]`, eight bytes at a time: tags
/// are short, too short for `memchr3` to pay off.
#[inline(always)]
fn find_tag_stop(data: &[u8], from: usize, a: u8, b: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The lowest set bit marks the first zero byte exactly; higher bits
    // may be false alarms from borrows, which are never looked at.
    let zero = |x: u64| x.wrapping_sub(LOW) & !x & HIGH;
    let mut i = from;
    while let Some(chunk) = data.get(i..i + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap());
        let hits = zero(word ^ (LOW * a as u64))
            | zero(word ^ (LOW * b as u64))
            | zero((word & (LOW * 0xF8)) ^ (LOW * 0x08));
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    data[i..]
        .iter()
        .position(|&x| x == a || x == b || x & 0xF8 == 0x08)
        .map(|k| i + k)
}

/// The high bit of each byte of `word` where movetext may change state:
/// delimiters, line ends, `%` (an escape line in the first column) and the `-` or `*`
/// that every result has, plus a few bytes that are cheaper to let through
/// than to test for (`&`, `'`, `Y`, `_`, `y`, DEL), and every byte of a
/// non-ASCII character, which a result as authors type it may be (`1–0`,
/// `½–½`: no `-`).
///
/// Line ends are stops in every game, even one with tags: a blank line then
/// `1.` starts a game of bare movetext after a game without result.
#[inline(always)]
fn plain_stops(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const fn splat(byte: u8) -> u64 {
        0x0101_0101_0101_0101 * byte as u64
    }
    // On 7-bit bytes nothing carries into the next byte, so every byte is
    // tested exactly. `ne` sets the high bit where `t` is not zero.
    let y = word & LOW7;
    let ne = |t: u64| (t + LOW7) | t;
    let not_dash = ne(y ^ splat(b'-'));
    let not_semicolon = ne(y ^ splat(b';'));
    let not_line_end = ne(y ^ splat(b'\n')) & ne(y ^ splat(b'\r'));
    let not_bracket = ne((y & splat(0xD9)) ^ splat(0x59));
    let not_dollar_to_star = !(y + splat(0x80 - b'$')) | (y + splat(0x80 - b'*' - 1));
    let ascii_stops = !(not_dash & not_semicolon & not_line_end & not_bracket & not_dollar_to_star)
        & !word
        & HIGH;
    ascii_stops | word & HIGH
}

/// Skips movetext from a token start at `i`, in Normal mode with a
/// move and without result, to the start of the first token that may
/// change the state: one with a byte that [`plain_stops`] flags, or the last
/// one, which may be cut. Other tokens are moves, move numbers, whitespace
/// and the comments below, which only need skipping; this runs eight bytes
/// at a time over most of the movetext.
///
/// It starts where `Scanner::movetext_start` has just said `Same`, with
/// no line end counted. There a comment matters only after a blank line:
/// `aside` acts on one before it, and a comment is left open
/// (`grammar::comment_end`'s runaway) only by one inside it; line ends in
/// a comment are not counted. So a comment with one line end in it at
/// most is skipped at once: games with a clock comment after every move
/// have one a move, and handing each to the Normal loop and Comment mode
/// took a third of the splitter's time.
///
/// So is one line end (LF, CRLF or CR) before a symbol or a `{`, when
/// `one_line_end_continues` (see `Scanner::one_line_end_continues`): the
/// symbol is then movetext of the same game, and `aside` treats one line
/// end before a comment as none. Movetext is wrapped at 80 columns or so,
/// and each line end went through the Normal loop.
fn skip_plain(data: &[u8], i: usize, one_line_end_continues: bool) -> usize {
    let mut from = i;
    loop {
        let stop = plain_stop(data, from);
        match data.get(stop) {
            Some(b'{') => {
                if let Some(end) = comment_end_within_two_lines(data, stop + 1) {
                    from = end;
                    continue;
                }
            }
            // A CR stops the scan before its LF: a LF here is never half of
            // a CRLF. Last in the data, a CR may be half of one: nothing is
            // after it to look at, and it is not skipped.
            Some(b'\n' | b'\r') if one_line_end_continues => {
                let after = past_line_end(data, stop);
                if data.get(after).is_some_and(|&b| continues_movetext(b)) {
                    from = after;
                    continue;
                }
            }
            _ => {}
        }
        return token_start(data, from, stop);
    }
}

/// Where the comment whose text starts at `from` ends (just after its
/// `}`), if it closes in `data` within two lines: one line end in it at
/// most (LF, CRLF or CR), so no blank line (see [`skip_plain`]). A CR
/// last in the data may be half of a CRLF: such a comment is left to
/// Comment mode, which waits for the next byte.
///
/// This is the part of `grammar::comment_end`'s rule that matters here,
/// written again for speed: calling that function instead (which would
/// skip comments of several lines too) took 2.8% more instructions on
/// games with clock comments, 0.7% with this case inlined at its start,
/// 0.2% to 1.5% with this function moved beside it and called by both (as
/// inlining fell), for 0.1% fewer on twic944 (bench/README.md).
fn comment_end_within_two_lines(data: &[u8], from: usize) -> Option<usize> {
    let find = |at: usize| {
        let k = memchr::memchr3(b'}', b'\n', b'\r', &data[at..])?;
        Some((at + k, data[at + k]))
    };
    match find(from)? {
        (k, b'}') => Some(k + 1),
        (k, _) => match find(past_line_end(data, k))? {
            (k, b'}') => Some(k + 1),
            _ => None,
        },
    }
}

/// Just past the line end at `k`: a LF, a CR, or a CRLF from its CR.
fn past_line_end(data: &[u8], k: usize) -> usize {
    k + 1 + usize::from(data[k] == b'\r' && data.get(k + 1) == Some(&b'\n'))
}

/// Whether a line starting with `byte`, after one line end, is skipped as
/// the movetext of the line before: a move, a move number or a comment.
/// Not blank space nor a line end, which may make a blank line that must
/// be counted (`e4\n \n1. d4`); `%`, `[` and a byte order mark, whose
/// meaning at a line start the Normal loop reads from the bytes, are left
/// to it too.
fn continues_movetext(byte: u8) -> bool {
    byte.is_ascii() && byte != b'%' && (is_symbol(byte) || byte == b'{')
}

/// The first byte from `i` that [`plain_stops`] flags, or the end.
fn plain_stop(data: &[u8], i: usize) -> usize {
    let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap());
    let mut pairs = data[i..].chunks_exact(16);
    let mut j = i;
    // Two words a turn halve the loop's own cost.
    for pair in &mut pairs {
        let (low, high) = (plain_stops(word(&pair[..8])), plain_stops(word(&pair[8..])));
        if low | high != 0 {
            return match low {
                0 => j + 8 + (high.trailing_zeros() / 8) as usize,
                _ => j + (low.trailing_zeros() / 8) as usize,
            };
        }
        j += 16;
    }
    for chunk in pairs.remainder().chunks(8) {
        // Zeros are no stops.
        let mut padded = [0; 8];
        padded[..chunk.len()].copy_from_slice(chunk);
        let stops = plain_stops(u64::from_le_bytes(padded));
        if stops != 0 {
            return j + (stops.trailing_zeros() / 8) as usize;
        }
        j += 8;
    }
    data.len()
}

/// The start of the token that holds `stop`, a byte [`plain_stops`]
/// flags (or the end of the data), not before `from`.
fn token_start(data: &[u8], from: usize, stop: usize) -> usize {
    // A `)` after digits may end a move number `12)`: the Normal loop
    // reads the symbol.
    let move_number =
        stop < data.len() && stop > from && data[stop] == b')' && data[stop - 1].is_ascii_digit();
    if stop < data.len() && !is_symbol(data[stop]) && !move_number {
        return stop;
    }
    // Back to the start of the symbol, but not into the token before `from`.
    let mut start = stop;
    while start > from && is_symbol(data[start - 1]) {
        start -= 1;
    }
    start
}

/// Where the current game stands, for the rules that end a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// No result yet.
    Open,
    /// The result was seen at depth 0. Tokens on its line (`1-0 ff`)
    /// belong to the game that ended; a move or result first on a later
    /// line starts the next game, and after a blank line (`blank_line`)
    /// any movetext does.
    Result { blank_line: bool },
    /// A game without tags nor result, followed by a blank line: the next
    /// movetext token starts a new game.
    Blank,
}

/// What a step of [`Scanner::scan`] decided.
enum Flow {
    /// Scan on.
    Next,
    /// Stop: the end of a game at this offset, or `None` for more data.
    Stop(Option<usize>),
}

/// What the token at a position says about the game it is in.
enum Start {
    /// It belongs to the current game.
    Same,
    /// It starts a new game; the current one ended so.
    NewGame(GameEnd),
    /// The data ends before it can tell: ask again with more.
    Cut,
}

/// A move number glimpsed at a token start.
enum Number {
    /// Not a move number.
    No,
    /// `12.`, `12)` (White to move) or `12...`.
    Yes { number: u32, white: bool },
    /// The data ends before it can tell.
    Cut,
}

/// The move number at `data[i..]`, reading at most 11 bytes: digits, then
/// `.` or `)`, as the lexer reads them.
fn move_number(data: &[u8], i: usize, eof: bool) -> Number {
    let mut k = i;
    let mut number = 0u32;
    while let Some(&byte) = data.get(k) {
        // Nine digits fit a `u32`; a longer number is no move number.
        if !byte.is_ascii_digit() || k - i == 9 {
            break;
        }
        number = number * 10 + u32::from(byte - b'0');
        k += 1;
    }
    if k == i {
        return Number::No;
    }
    let white = match (data.get(k), data.get(k + 1)) {
        (None, _) | (Some(b'.'), None) if !eof => return Number::Cut,
        (Some(b')'), _) => is_paren_move_number(k - i),
        (Some(b'.'), next) => next != Some(&b'.'),
        _ => return Number::No,
    };
    if data.get(k) == Some(&b')') && !white {
        return Number::No;
    }
    Number::Yes { number, white }
}

/// The move number `token` starts with, as the splitter reads it at a
/// line start: the number, and whether it is White's (`12.`, `12)`),
/// which can restart a game (see [`super::GameEnd::Renumbered`]).
pub(crate) fn leading_move_number(token: &[u8]) -> Option<(u32, bool)> {
    match move_number(token, 0, true) {
        Number::Yes { number, white } => Some((number, white)),
        Number::No | Number::Cut => None,
    }
}

/// The resumable state machine behind [`split_games`](super::split_games)
/// and [`Splitter`](super::Splitter).
///
/// It keeps no offsets, only state, so it can be fed a buffer that grows
/// and gets rebased between calls. Where a decision needs a few bytes
/// more than the data holds (a move number, a tag name, a byte order
/// mark), it stops before the token and waits for more, unless `eof`.
#[derive(Debug, Clone)]
pub(super) struct Scanner {
    mode: Mode,
    /// No data follows the data of the next call.
    pub(super) eof: bool,
    /// The byte before the next call's start ends a line (or there is
    /// none): `%` starts an escape line only in the first column, and a
    /// byte order mark is skipped only there.
    line_start: bool,
    depth: u32,
    /// The current game has something other than whitespace.
    pub(super) content: bool,
    /// The current game has a movetext token.
    movetext: bool,
    /// The current game has a move (a symbol other than a move number or a
    /// result): only then do a blank line or a line restarting the move
    /// numbers end it.
    moved: bool,
    /// The current game has a tag.
    tags: bool,
    /// The Seven Tag Roster names (and FEN) of the current game's tags:
    /// one seen twice starts a new game (a game without moves before it).
    roster: u8,
    /// The number of the current game's first token if it is a move
    /// number (12 for a game from a FEN at move 12), else 0.
    first_number: u32,
    state: State,
    /// Line ends since the last token, up to 2 (a blank line).
    newlines: u8,
    /// The byte before the next call's start is a CR, whose LF ends no
    /// other line.
    cr: bool,
    /// How the game before the last boundary found ended.
    pub(super) ended: GameEnd,
    symbol: [u8; SYMBOL_BUF],
    symbol_len: usize,
    symbol_digits: bool,
    /// Where the scan of the `{` comment in progress stands.
    comment: CommentScan,
}

impl Scanner {
    pub(super) fn new() -> Scanner {
        Scanner {
            mode: Mode::Normal,
            eof: false,
            line_start: true,
            depth: 0,
            content: false,
            movetext: false,
            moved: false,
            tags: false,
            roster: 0,
            first_number: 0,
            state: State::Open,
            newlines: 0,
            cr: false,
            ended: GameEnd::EndOfInput,
            symbol: [0; SYMBOL_BUF],
            symbol_len: 0,
            symbol_digits: true,
            comment: CommentScan::default(),
        }
    }

    /// How the current game ends if the input ends now.
    pub(super) fn end_at_eof(&self) -> GameEnd {
        match self.state {
            State::Result { .. } => GameEnd::Result,
            _ => GameEnd::EndOfInput,
        }
    }

    /// At a pause in the input, between tokens: whether the game has ended
    /// with a result and a blank line after it, so that the game is not
    /// held until the next one starts. If so, the next bytes start a game.
    ///
    /// After a blank line any movetext starts the next game anyway, so
    /// only what stays with the game before (comments, escape lines) can
    /// go with the next game instead. Not at a CR, whose LF would count as
    /// a second line end in the next game.
    pub(super) fn end_at_pause(&mut self) -> bool {
        let ended = self.mode == Mode::Normal
            && self.state == State::Result { blank_line: true }
            && !self.cr;
        if ended {
            self.new_game(0, GameEnd::Result);
        }
        ended
    }

    /// Whether the game in progress has no whitespace-only tail to keep:
    /// it has ended (a result or a blank line) or has no content yet, and
    /// the scan is between tokens, so that whitespace can be skipped.
    pub(super) fn between_games(&self) -> bool {
        self.mode == Mode::Normal && (!self.content || self.state != State::Open)
    }

    /// Scans `data[*pos..]`. Returns the offset where a new game starts,
    /// leaving `*pos` there, or `None` with `*pos` at the end of `data` or
    /// before a token that needs more data to be read.
    ///
    /// Normal mode handles whole tokens at once; a token cut by the end of
    /// `data` is handed to the byte-at-a-time modes, which keep what they
    /// need of it across calls.
    pub(super) fn scan(&mut self, data: &[u8], pos: &mut usize) -> Option<usize> {
        let start = *pos;
        let len = data.len();
        let mut i = start;
        let found = 'scan: loop {
            if self.mode != Mode::Normal {
                if i == len {
                    break None;
                }
                if let Flow::Stop(found) = self.resume(data, &mut i) {
                    break 'scan found;
                }
                continue;
            }
            let Some(&byte) = data.get(i) else {
                break None;
            };
            let class = CLASS[byte as usize];
            match class {
                C_SPACE => i += 1,
                C_NEWLINE => {
                    let after_cr = if i > start {
                        data[i - 1] == b'\r'
                    } else {
                        self.cr
                    };
                    if byte == b'\r' || !after_cr {
                        self.line_end();
                    }
                    i += 1;
                }
                C_LBRACE | C_SEMICOLON | C_CLOSER => {
                    self.aside();
                    self.comment = CommentScan::default();
                    self.mode = match class {
                        C_LBRACE => Mode::Comment,
                        C_SEMICOLON => Mode::LineComment,
                        _ => Mode::Normal,
                    };
                    i += 1;
                }
                C_LBRACKET => {
                    if let Flow::Stop(found) = self.bracket(data, &mut i) {
                        break 'scan found;
                    }
                }
                _ => {
                    if let Flow::Stop(found) = self.other(data, start, &mut i, class) {
                        break 'scan found;
                    }
                }
            }
        };
        if i > start {
            self.line_start = is_line_end(data[i - 1]);
            self.cr = data[i - 1] == b'\r';
        }
        *pos = i;
        found
    }

    /// Skips the movetext token at `*i`, of byte class `class`, and
    /// plain movetext after it while the game is open.
    #[inline(always)]
    fn movetext_token(&mut self, data: &[u8], i: &mut usize, class: u8) {
        let len = data.len();
        match class {
            C_LETTER => {
                self.moved = true;
                *i += 1;
                while *i < len && is_symbol(data[*i]) {
                    *i += 1;
                }
                if *i == len {
                    self.mode = Mode::OtherSymbol;
                }
            }
            C_SYMBOL | C_PERCENT => self.symbols(data, i),
            C_LPAREN => {
                self.depth = self.depth.saturating_add(1);
                *i += 1;
            }
            C_RPAREN => {
                self.depth = self.depth.saturating_sub(1);
                *i += 1;
            }
            _ => {
                // `$`: its digits end the NAG whatever follows.
                *i += 1;
                while *i < len && data[*i].is_ascii_digit() {
                    *i += 1;
                }
                if *i == len {
                    self.mode = Mode::Nag;
                }
            }
        }
        if self.mode == Mode::Normal && self.state == State::Open && self.moved {
            *i = skip_plain(data, *i, self.one_line_end_continues());
        }
    }

    /// A line end in Normal mode (`\r\n` is one).
    fn line_end(&mut self) {
        self.newlines = self.newlines.saturating_add(1).min(2);
        if let (2, State::Result { blank_line }) = (self.newlines, &mut self.state) {
            *blank_line = true;
        }
    }

    /// A token that is neither movetext nor a tag: a comment, an escape
    /// line, a stray closer. It stays with the game before it, but a
    /// blank line before it ends a game of bare movetext.
    fn aside(&mut self) {
        let newlines = std::mem::take(&mut self.newlines);
        if newlines == 2 && self.bare_open() {
            self.state = State::Blank;
        }
        self.content = true;
    }

    /// The game is movetext without tags nor result, outside variations.
    fn bare_open(&self) -> bool {
        self.state == State::Open && self.moved && !self.tags && self.depth == 0
    }

    /// A `[` in Normal mode: a tag of this game, the start of the next, or
    /// an annotation in brackets (`[%clk 0:03:00]`), read as a comment.
    fn bracket(&mut self, data: &[u8], i: &mut usize) -> Flow {
        let Some(bit) = roster_bit(data, *i + 1, self.eof) else {
            return Flow::Stop(None);
        };
        // A tag the game has again starts the next game (a game without
        // moves, as tournament files list unplayed games) when it is its
        // Event or comes after a blank line; else it is the same tag given
        // twice in one tag section, kept with its game.
        let again = self.roster & bit != 0 && (bit == EVENT || self.newlines >= 2);
        if self.movetext || again {
            // Where a game would start, and there only (the look costs
            // what the tags of a file are many): an annotation does not.
            match bracket_annotation_len(&data[*i..], self.eof) {
                None => return Flow::Stop(None),
                Some(Some(len)) => {
                    self.aside();
                    *i += len;
                    return Flow::Next;
                }
                Some(None) => return Flow::Stop(self.new_game(*i, self.end_before_tags())),
            }
        }
        self.newlines = 0;
        self.content = true;
        self.tags = true;
        self.roster |= bit;
        *i += 1;
        self.tag(data, i);
        Flow::Next
    }

    /// How the game ends if the next game's tags start here.
    fn end_before_tags(&self) -> GameEnd {
        match self.state {
            State::Result { .. } => GameEnd::Result,
            State::Blank => GameEnd::BlankLine,
            State::Open => GameEnd::NextTags,
        }
    }

    /// Any other byte in Normal mode: a byte-order mark or a `%` starting a
    /// line, or movetext, which may start the next game.
    fn other(&mut self, data: &[u8], start: usize, i: &mut usize, class: u8) -> Flow {
        let byte = data[*i];
        let line_start = if *i > start {
            grammar::at_line_start(data, *i)
        } else {
            self.line_start
        };
        if line_start && byte == BOM[0] {
            // A byte order mark starting a line (files joined with `cat`) is
            // skipped, a `%` after it starts an escape line: 4 bytes tell.
            if data.len() - *i < BOM.len() + 1 && !self.eof && BOM.starts_with(&data[*i..]) {
                return Flow::Stop(None);
            }
            if data[*i..].starts_with(BOM) {
                *i += BOM.len();
                if data.get(*i) == Some(&b'%') {
                    self.aside();
                    self.mode = Mode::LineComment;
                    *i += 1;
                }
                return Flow::Next;
            }
        }
        if class == C_PERCENT && line_start {
            self.aside();
            self.mode = Mode::LineComment;
            *i += 1;
            return Flow::Next;
        }
        match self.movetext_start(data, *i, class) {
            Start::Same => {}
            Start::NewGame(end) => return Flow::Stop(self.new_game(*i, end)),
            Start::Cut => return Flow::Stop(None),
        }
        self.content = true;
        self.movetext = true;
        self.movetext_token(data, i, class);
        Flow::Next
    }

    /// Whether the movetext token at `i` starts a new game.
    fn movetext_start(&mut self, data: &[u8], i: usize, class: u8) -> Start {
        let newlines = self.newlines;
        let start = match self.state {
            State::Blank => Start::NewGame(GameEnd::BlankLine),
            State::Result { blank_line: true } => Start::NewGame(GameEnd::Result),
            // A game does not start with `(`, `)` or a NAG. A result first
            // on the next line is a game of its own: text output writes a
            // game without moves so.
            State::Result { .. } if newlines > 0 && is_symbol_class(class) => {
                Start::NewGame(GameEnd::Result)
            }
            State::Result { .. } => Start::Same,
            State::Open if !self.movetext => {
                match move_number(data, i, self.eof) {
                    Number::Yes { number, .. } => self.first_number = number,
                    Number::No => {}
                    Number::Cut => return Start::Cut,
                }
                Start::Same
            }
            State::Open if !self.moved || self.depth > 0 || newlines == 0 => Start::Same,
            State::Open if newlines == 2 && !self.tags => Start::NewGame(GameEnd::BlankLine),
            // Tags other than a FEN say where the game starts, unless a
            // blank line comes before the restarted numbers: a game of
            // tags and moves without a result, then one of bare movetext.
            State::Open if self.tags_place_the_start() && newlines < 2 => Start::Same,
            State::Open => match move_number(data, i, self.eof) {
                Number::Yes {
                    number,
                    white: true,
                } if self.first_number != 0 && (number == 1 || number == self.first_number) => {
                    Start::NewGame(GameEnd::Renumbered)
                }
                Number::Cut => Start::Cut,
                _ => Start::Same,
            },
        };
        if let Start::Same = start {
            self.newlines = 0;
        }
        start
    }

    /// Whether the game's tags say where it starts: it has some, and no
    /// FEN (whose game may restart at its own first move number). Then a
    /// line restarting the move numbers is no new game.
    fn tags_place_the_start(&self) -> bool {
        self.tags && self.roster & FEN == 0
    }

    /// Whether one line end before movetext of an open game with a move
    /// leaves that game as it is, whatever the movetext: in a variation, or
    /// when the tags place the start (the arms of [`Self::movetext_start`]
    /// for `depth > 0` and for [`Self::tags_place_the_start`]).
    fn one_line_end_continues(&self) -> bool {
        self.depth > 0 || self.tags_place_the_start()
    }

    /// Starts a fresh game at `i`, whose byte is scanned again: it cannot
    /// be reported twice, as a fresh game has neither movetext nor tags.
    fn new_game(&mut self, i: usize, end: GameEnd) -> Option<usize> {
        self.ended = end;
        self.depth = 0;
        self.content = false;
        self.movetext = false;
        self.moved = false;
        self.tags = false;
        self.roster = 0;
        self.first_number = 0;
        self.state = State::Open;
        self.newlines = 0;
        Some(i)
    }

    /// A result at depth 0 ends an open game.
    fn result_seen(&mut self) {
        if self.depth == 0 && self.state == State::Open {
            self.state = State::Result { blank_line: false };
        }
    }

    /// Skips the symbol at `*i`, which does not start with a letter, and
    /// the symbols glued to it after move number dots.
    fn symbols(&mut self, data: &[u8], i: &mut usize) {
        let len = data.len();
        let mut j = *i;
        loop {
            let symbol = j;
            while j < len && data[j].is_ascii_digit() {
                j += 1;
            }
            if j < len && data[j] == b'.' {
                // Like the lexer, digits and dots are a move number and
                // what follows is a new symbol.
                j += 1;
                while j < len && data[j] == b'.' {
                    j += 1;
                }
                if j == len {
                    self.mode = Mode::Dots;
                } else if is_symbol(data[j]) {
                    continue;
                }
                break;
            }
            if j < len && data[j] == b')' && is_paren_move_number(j - symbol) {
                // `12)`, a move number as some people type it.
                j += 1;
                if j < len && is_symbol(data[j]) {
                    continue;
                }
                break;
            }
            while j < len && is_symbol(data[j]) {
                j += 1;
            }
            if j == len {
                self.mode = Mode::Symbol;
                self.symbol_len = 0;
                self.symbol_digits = true;
                j = symbol;
            } else if is_result(&data[symbol..j]) {
                self.result_seen();
            } else {
                self.moved = true;
            }
            break;
        }
        *i = j;
    }

    /// Skips a tag from just after its `[` to its `]` or the line end,
    /// where a broken tag ends like in the lexer, so that it cannot
    /// swallow the games after it: [`grammar::tag_step`] at each byte
    /// that may move the tag on.
    fn tag(&mut self, data: &[u8], i: &mut usize) {
        let mut part = TagPart::Outside;
        let mut j = *i;
        loop {
            let stop = if part == TagPart::Escape {
                (j < data.len()).then_some(j)
            } else {
                let [a, b] = part.stops();
                find_tag_stop(data, j, a, b)
            };
            let Some(k) = stop else {
                // Cut by the end of the data: Tag mode goes over it again.
                self.mode = Mode::Tag(TagPart::Outside);
                return;
            };
            match grammar::tag_step(part, data[k]) {
                TagStep::Within(next) => {
                    part = next;
                    j = k + 1;
                }
                TagStep::Closed => {
                    *i = k + 1;
                    return;
                }
                // The line end is left to Normal mode, which counts it.
                TagStep::LineEnd => {
                    *i = k;
                    return;
                }
            }
        }
    }

    /// One step of a mode other than Normal, from `data[*i]`.
    fn resume(&mut self, data: &[u8], i: &mut usize) -> Flow {
        let len = data.len();
        match self.mode {
            Mode::Normal => {}
            Mode::Comment => match grammar::comment_end(&data[*i..], self.eof, &mut self.comment) {
                CommentEnd::Brace(k) => {
                    *i += k + 1;
                    self.mode = Mode::Normal;
                }
                // A comment left open: the next game starts at its tags.
                CommentEnd::Runaway(k) => {
                    *i += k;
                    self.mode = Mode::Normal;
                    return Flow::Stop(self.new_game(*i, self.end_before_tags()));
                }
                CommentEnd::Beyond(k) => {
                    *i += k;
                    return Flow::Stop(None);
                }
            },
            // The line end is left to Normal mode, which counts it.
            Mode::LineComment => match grammar::find_line_end(&data[*i..]) {
                Some(k) => {
                    *i += k;
                    self.mode = Mode::Normal;
                }
                None => *i = len,
            },
            Mode::Tag(part) => self.resume_tag(data, i, part),
            Mode::Symbol => self.resume_symbol(data, i),
            Mode::Nag => {
                if data[*i].is_ascii_digit() {
                    *i += 1;
                } else {
                    self.mode = Mode::Normal;
                }
            }
            Mode::OtherSymbol => {
                while *i < len && is_symbol(data[*i]) {
                    *i += 1;
                }
                if *i < len {
                    self.mode = Mode::Normal;
                }
            }
            Mode::Dots => {
                let byte = data[*i];
                if byte == b'.' {
                    *i += 1;
                } else if is_symbol(byte) {
                    self.mode = Mode::Symbol;
                    self.symbol_len = 0;
                    self.symbol_digits = true;
                } else {
                    self.mode = Mode::Normal;
                }
            }
        }
        Flow::Next
    }

    /// Inside a tag, in `part` of it, from `data[*i]`: on to its end or
    /// the end of the data. A line end is left to Normal mode, which
    /// counts it.
    fn resume_tag(&mut self, data: &[u8], i: &mut usize, mut part: TagPart) {
        while let Some(&byte) = data.get(*i) {
            match grammar::tag_step(part, byte) {
                TagStep::Within(next) => part = next,
                TagStep::Closed => {
                    *i += 1;
                    self.mode = Mode::Normal;
                    return;
                }
                TagStep::LineEnd => {
                    self.mode = Mode::Normal;
                    return;
                }
            }
            *i += 1;
        }
        self.mode = Mode::Tag(part);
    }

    /// Inside a symbol, from `data[*i]`: its bytes kept (up to
    /// `SYMBOL_BUF`) to tell a result or a move number when it ends.
    fn resume_symbol(&mut self, data: &[u8], i: &mut usize) {
        while let Some(&byte) = data.get(*i) {
            if !is_symbol(byte) {
                if byte == b')' && self.symbol_digits && is_paren_move_number(self.symbol_len) {
                    // `12)`, as in `symbols`.
                    *i += 1;
                    self.mode = Mode::Normal;
                } else {
                    self.end_symbol();
                }
                break;
            }
            *i += 1;
            if byte == b'.' && self.symbol_digits {
                self.mode = Mode::Dots;
                break;
            }
            if self.symbol_len < SYMBOL_BUF {
                self.symbol[self.symbol_len] = byte;
                self.symbol_len += 1;
            } else {
                self.symbol_len = SYMBOL_BUF + 1;
            }
            self.symbol_digits &= byte.is_ascii_digit();
        }
    }

    fn end_symbol(&mut self) {
        self.mode = Mode::Normal;
        if self.symbol_len <= SYMBOL_BUF && is_result(&self.symbol[..self.symbol_len]) {
            self.result_seen();
        } else {
            self.moved = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{is_symbol_byte, is_whitespace};

    fn is_plain_stop(byte: u8) -> bool {
        matches!(
            byte,
            b'$'..=b'*' | b'-' | b';' | b'[' | b']' | b'{' | b'}' | b'\n' | b'\r'
        ) || (byte & 0xD9) == 0x59
            || byte >= 0x80
    }

    #[test]
    fn classes_follow_the_grammar() {
        for byte in 0..=255u8 {
            assert_eq!(is_symbol(byte), is_symbol_byte(byte), "{byte:#x}");
            let space = matches!(CLASS[byte as usize], C_SPACE | C_NEWLINE);
            assert_eq!(space, is_whitespace(byte), "{byte:#x}");
            // Every byte that starts a token other than a symbol, and the
            // bytes that results have and moves lack, stop the fast skip.
            if grammar::is_delimiter(byte) || b"%-*".contains(&byte) {
                assert!(is_plain_stop(byte), "{byte:#x}");
            }
        }
    }

    #[test]
    fn every_result_has_a_plain_stop() {
        for result in grammar::RESULTS {
            assert!(result.iter().any(|&b| is_plain_stop(b)), "{result:?}");
        }
    }

    #[test]
    fn plain_stops_tests_every_byte() {
        for byte in 0..=255u8 {
            for at in 0..8 {
                for filler in [b'e', b' ', 0xBD, 0] {
                    let mut word = [filler; 8];
                    word[at] = byte;
                    let stops = plain_stops(u64::from_le_bytes(word));
                    let expected: u64 = (0..8)
                        .filter(|&k| is_plain_stop(word[k]))
                        .map(|k| 0x80 << (8 * k))
                        .sum();
                    assert_eq!(stops, expected, "{word:x?}");
                }
            }
        }
    }

    #[test]
    fn plain_movetext_skips_the_comments_without_a_blank_line() {
        let clocks = b"e4 { [%clk 1:30:58] } 1... e5 {a}{} 2. Nf3 1-0";
        assert_eq!(skip_plain(clocks, 0, false), clocks.len() - 3, "the result");
        // One line end in a comment cannot matter; two may (a blank line,
        // then the tags of the next game): the Normal loop takes the
        // comment.
        for one in [
            &b"e4 { [%clk\n1:30:58] } e5 1-0"[..],
            b"e4 {a\r} e5 1-0",
            b"e4 {\r\n} e5 1-0",
        ] {
            assert_eq!(skip_plain(one, 0, false), one.len() - 3);
        }
        assert_eq!(skip_plain(b"e4 {a\n\n[Event \"x\"]} e5 1-0", 0, false), 3);
        assert_eq!(skip_plain(b"e4 {a\nb\nc} e5 1-0", 0, false), 3);
        assert_eq!(skip_plain(b"e4 {\n\r} e5 1-0", 0, false), 3);
        // Cut after a line end: a CR may be half of a CRLF.
        assert_eq!(skip_plain(b"e4 {a\r", 0, false), 3);
        assert_eq!(skip_plain(b"e4 {a\n", 0, false), 3);
        // Cut by the end of the data.
        assert_eq!(skip_plain(b"e4 { [%clk 1:30", 0, false), 3);
        assert_eq!(
            skip_plain(b"e4 {a} Nf", 0, false),
            7,
            "the last symbol, which may be cut"
        );
    }

    #[test]
    fn plain_movetext_goes_on_over_one_line_end_where_it_cannot_end_the_game() {
        for end in ["\n", "\r\n", "\r"] {
            let wrapped = "e4 e5\n2. Nf3\n{a} Nc6\n1-0".replace('\n', end);
            let wrapped = wrapped.as_bytes();
            assert_eq!(
                skip_plain(wrapped, 0, true),
                wrapped.len() - 3,
                "the result, {end:?}"
            );
            // Without tags a line restarting the numbers may start a game.
            assert_eq!(skip_plain(wrapped, 0, false), 5, "{end:?}");
        }
        // A blank line (of LF, CRLF or CR), a tag, an escape line, a byte
        // order mark, a space, a cut (a CR may be half of a CRLF): the
        // Normal loop looks.
        for (text, stop) in [
            (&b"e4\n\n1. d4"[..], 2),
            (b"e4\r\n\r\n1. d4", 2),
            (b"e4\r\r1. d4", 2),
            (b"e4\r\n[Event \"x\"]", 2),
            (b"e4\r%x", 2),
            (b"e4\n[Event \"x\"]", 2),
            (b"e4\n%x", 2),
            (b"e4\n\xEF\xBB\xBF1. d4", 2),
            (b"e4\n d4", 2),
            (b"e4\r\n d4", 2),
            (b"e4\n", 2),
            (b"e4\r", 2),
            (b"e4\r\n", 2),
        ] {
            let shown = String::from_utf8_lossy(text);
            assert_eq!(skip_plain(text, 0, true), stop, "{shown:?}");
        }
    }

    #[test]
    fn find_tag_stop_finds_the_first() {
        let bytes: Vec<u8> = (0..300u32)
            .map(|i| (i * 37 % 23) as u8 + b'a' - 12)
            .collect();
        for from in 0..40 {
            for end in from..bytes.len().min(from + 40) {
                let slice = &bytes[..end];
                let naive = slice[from..]
                    .iter()
                    .position(|&b| b == b'c' || b == b'f' || (0x08..=0x0F).contains(&b))
                    .map(|k| from + k);
                assert_eq!(find_tag_stop(slice, from, b'c', b'f'), naive);
            }
        }
    }
}
