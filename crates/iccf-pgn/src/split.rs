//! Cutting a PGN file or stream into games, in bounded memory.
//!
//! Game boundaries follow PGN structure, not blank lines: a light state
//! machine knows `{}` and `;` comments, `%` escape lines, tags and their
//! quoted values, variations and results. A game starts at its first tag
//! or movetext token, and ends after its result at variation depth 0, or
//! where a tag follows movetext (a game without result). Whatever lies
//! between the end of one game and the start of the next (whitespace, a
//! comment after the result) belongs to the earlier game, and text before
//! the first game belongs to the first game, so the games concatenated
//! give back the input byte for byte. Input made only of whitespace has
//! no games.
//!
//! [`split_games`] works on bytes in memory, [`Splitter`] on any
//! [`Read`]er; both share one state machine and give the same games,
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

use std::{
    io::{self, Read},
    ops::Range,
};

use crate::lexer::{BOM, is_result};

/// The default number of bytes [`Splitter`] asks its reader for at once.
pub const DEFAULT_BLOCK_SIZE: usize = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Normal,
    Comment,
    LineComment,
    Tag,
    TagString,
    TagEscape,
    Symbol,
    /// Inside a symbol that can be neither a result nor a move number: its
    /// bytes only need skipping.
    OtherSymbol,
    Dots,
    /// The digits after `$`, which like in the lexer end the NAG whatever
    /// follows (`$1*` is a NAG and a result).
    Nag,
}

/// The longest result marker is `1/2-1/2` (7 bytes).
const SYMBOL_BUF: usize = 8;

// Byte classes following the lexer's rules (whitespace, delimiters and
// symbol bytes), finer where the splitter cares: one load tells the
// Normal-mode loop what to do with a byte.
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

static CLASS: [u8; 256] = {
    let mut table = [C_SYMBOL; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0c => C_SPACE,
            b'{' => C_LBRACE,
            b';' => C_SEMICOLON,
            b'[' => C_LBRACKET,
            b']' | b'}' => C_CLOSER,
            b'(' => C_LPAREN,
            b')' => C_RPAREN,
            b'$' => C_DOLLAR,
            b'%' => C_PERCENT,
            b'A'..=b'Z' | b'a'..=b'z' => C_LETTER,
            _ => C_SYMBOL,
        };
        b += 1;
    }
    table
};

#[inline(always)]
fn is_symbol(byte: u8) -> bool {
    CLASS[byte as usize] <= C_PERCENT
}

/// The offset of the first `a`, `b` or `c` in `data[from..]`, eight bytes
/// at a time: tags are short, too short for `memchr3` to pay off.
#[inline(always)]
fn find3(data: &[u8], from: usize, a: u8, b: u8, c: u8) -> Option<usize> {
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
            | zero(word ^ (LOW * c as u64));
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    data[i..]
        .iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|k| i + k)
}

/// The high bit of each byte of `word` where movetext may change state:
/// delimiters, `%` (an escape line in the first column) and the `-` or `*`
/// that every result has, plus a few bytes that are cheaper to let through
/// than to test for (`&`, `'`, `Y`, `_`, `y`, DEL).
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
    let not_bracket = ne((y & splat(0xD9)) ^ splat(0x59));
    let not_dollar_to_star = !(y + splat(0x80 - b'$')) | (y + splat(0x80 - b'*' - 1));
    !(not_dash & not_semicolon & not_bracket & not_dollar_to_star) & !word & HIGH
}

/// Skips movetext from a token start at `i`, in Normal mode with
/// movetext and without result, to the start of the first token that may
/// change the state: one with a byte that [`plain_stops`] flags, or the last
/// one, which may be cut. Other tokens are moves, move numbers and
/// whitespace, which only need skipping; this runs eight bytes at a time
/// over most of the movetext.
fn skip_plain(data: &[u8], i: usize) -> usize {
    let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap());
    let mut stop = data.len();
    let mut pairs = data[i..].chunks_exact(16);
    let mut j = i;
    // Two words a turn halve the loop's own cost.
    for pair in &mut pairs {
        let (low, high) = (plain_stops(word(&pair[..8])), plain_stops(word(&pair[8..])));
        if low | high != 0 {
            stop = match low {
                0 => j + 8 + (high.trailing_zeros() / 8) as usize,
                _ => j + (low.trailing_zeros() / 8) as usize,
            };
            break;
        }
        j += 16;
    }
    if stop == data.len() {
        for chunk in pairs.remainder().chunks(8) {
            // Zeros are no stops.
            let mut padded = [0; 8];
            padded[..chunk.len()].copy_from_slice(chunk);
            let stops = plain_stops(u64::from_le_bytes(padded));
            if stops != 0 {
                stop = j + (stops.trailing_zeros() / 8) as usize;
                break;
            }
            j += 8;
        }
    }
    if stop < data.len() && !is_symbol(data[stop]) {
        return stop;
    }
    // Back to the start of the symbol, but not into the token before `i`.
    let mut start = stop;
    while start > i && is_symbol(data[start - 1]) {
        start -= 1;
    }
    start
}

/// The resumable state machine behind [`split_games`] and [`Splitter`].
///
/// It keeps no offsets, only state, so it can be fed a buffer that grows
/// and gets rebased between calls.
#[derive(Debug, Clone)]
struct Scanner {
    mode: Mode,
    /// The byte before the next call's start is a line feed (or there is
    /// none): `%` starts an escape line only in the first column.
    line_start: bool,
    depth: u32,
    /// The current game has something other than whitespace.
    content: bool,
    /// The current game has a movetext token.
    movetext: bool,
    /// The current game has its result.
    ended: bool,
    symbol: [u8; SYMBOL_BUF],
    symbol_len: usize,
    symbol_digits: bool,
}

impl Scanner {
    fn new() -> Scanner {
        Scanner {
            mode: Mode::Normal,
            line_start: true,
            depth: 0,
            content: false,
            movetext: false,
            ended: false,
            symbol: [0; SYMBOL_BUF],
            symbol_len: 0,
            symbol_digits: true,
        }
    }

    /// Scans `data[*pos..]`. Returns the offset where a new game starts,
    /// leaving `*pos` there, or `None` with `*pos` at the end of `data`.
    ///
    /// Normal mode handles whole tokens at once; a token cut by the end of
    /// `data` is handed to the byte-at-a-time modes, which keep what they
    /// need of it across calls.
    fn scan(&mut self, data: &[u8], pos: &mut usize) -> Option<usize> {
        let start = *pos;
        let len = data.len();
        let mut i = start;
        let found = 'scan: loop {
            if self.mode != Mode::Normal {
                if i == len {
                    break None;
                }
                self.resume(data, &mut i);
                continue;
            }
            let Some(&byte) = data.get(i) else {
                break None;
            };
            match CLASS[byte as usize] {
                C_SPACE => i += 1,
                C_LETTER => {
                    if self.ended {
                        break 'scan self.new_game(i);
                    }
                    self.content = true;
                    self.movetext = true;
                    i += 1;
                    while i < len && is_symbol(data[i]) {
                        i += 1;
                    }
                    if i == len {
                        self.mode = Mode::OtherSymbol;
                    } else {
                        i = skip_plain(data, i);
                    }
                }
                class @ (C_SYMBOL | C_PERCENT) => {
                    // `line_start` is only kept between calls: within one,
                    // the byte before tells.
                    if class == C_PERCENT
                        && (if i > start {
                            data[i - 1] == b'\n'
                        } else {
                            self.line_start
                        })
                    {
                        self.content = true;
                        self.mode = Mode::LineComment;
                        i += 1;
                        continue;
                    }
                    if self.ended {
                        break 'scan self.new_game(i);
                    }
                    self.content = true;
                    self.movetext = true;
                    self.symbols(data, &mut i);
                    if self.mode == Mode::Normal && !self.ended {
                        i = skip_plain(data, i);
                    }
                }
                C_LBRACE => {
                    self.content = true;
                    self.mode = Mode::Comment;
                    i += 1;
                }
                C_SEMICOLON => {
                    self.content = true;
                    self.mode = Mode::LineComment;
                    i += 1;
                }
                C_LBRACKET => {
                    if self.movetext {
                        break 'scan self.new_game(i);
                    }
                    self.content = true;
                    i += 1;
                    self.tag(data, &mut i);
                }
                C_CLOSER => {
                    self.content = true;
                    i += 1;
                }
                class => {
                    if self.ended {
                        break 'scan self.new_game(i);
                    }
                    self.content = true;
                    self.movetext = true;
                    i += 1;
                    match class {
                        C_LPAREN => self.depth = self.depth.saturating_add(1),
                        C_RPAREN => self.depth = self.depth.saturating_sub(1),
                        _ => {
                            // `$`: its digits end the NAG whatever follows.
                            while i < len && data[i].is_ascii_digit() {
                                i += 1;
                            }
                            if i == len {
                                self.mode = Mode::Nag;
                            }
                        }
                    }
                    if self.mode == Mode::Normal {
                        i = skip_plain(data, i);
                    }
                }
            }
        };
        if i > start {
            self.line_start = data[i - 1] == b'\n';
        }
        *pos = i;
        found
    }

    /// Starts a fresh game at `i`, whose byte is scanned again: it cannot
    /// be reported twice, as a fresh game has neither movetext nor result.
    fn new_game(&mut self, i: usize) -> Option<usize> {
        self.depth = 0;
        self.movetext = false;
        self.ended = false;
        self.content = false;
        Some(i)
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
            while j < len && is_symbol(data[j]) {
                j += 1;
            }
            if j == len {
                self.mode = Mode::Symbol;
                self.symbol_len = 0;
                self.symbol_digits = true;
                j = symbol;
            } else if self.depth == 0 && is_result(&data[symbol..j]) {
                self.ended = true;
            }
            break;
        }
        *i = j;
    }

    /// Skips a tag from just after its `[` to its `]` or the line end,
    /// where a broken tag ends like in the lexer, so that it cannot
    /// swallow the games after it.
    fn tag(&mut self, data: &[u8], i: &mut usize) {
        let mut j = *i;
        'cut: while let Some(k) = find3(data, j, b'"', b']', b'\n') {
            j = k + 1;
            if data[k] != b'"' {
                *i = j;
                return;
            }
            loop {
                let Some(k) = find3(data, j, b'"', b'\\', b'\n') else {
                    break 'cut;
                };
                j = k + 1;
                match data[k] {
                    b'"' => break,
                    b'\n' => {
                        *i = j;
                        return;
                    }
                    _ => {
                        let Some(&escaped) = data.get(j) else {
                            break 'cut;
                        };
                        j += 1;
                        if escaped == b'\n' {
                            *i = j;
                            return;
                        }
                    }
                }
            }
        }
        // Cut by the end of the data: the tag modes go over it again.
        self.mode = Mode::Tag;
    }

    /// One step of a mode other than Normal, from `data[*i]`.
    fn resume(&mut self, data: &[u8], i: &mut usize) {
        let len = data.len();
        match self.mode {
            Mode::Normal => {}
            Mode::Comment => match memchr::memchr(b'}', &data[*i..]) {
                Some(k) => {
                    *i += k + 1;
                    self.mode = Mode::Normal;
                }
                None => *i = len,
            },
            Mode::LineComment => match memchr::memchr(b'\n', &data[*i..]) {
                Some(k) => {
                    *i += k + 1;
                    self.mode = Mode::Normal;
                }
                None => *i = len,
            },
            Mode::Tag => match memchr::memchr3(b'"', b']', b'\n', &data[*i..]) {
                Some(k) => {
                    *i += k + 1;
                    self.mode = match data[*i - 1] {
                        b'"' => Mode::TagString,
                        _ => Mode::Normal,
                    };
                }
                None => *i = len,
            },
            Mode::TagString => match memchr::memchr3(b'"', b'\\', b'\n', &data[*i..]) {
                Some(k) => {
                    *i += k + 1;
                    self.mode = match data[*i - 1] {
                        b'"' => Mode::Tag,
                        b'\\' => Mode::TagEscape,
                        _ => Mode::Normal,
                    };
                }
                None => *i = len,
            },
            Mode::TagEscape => {
                self.mode = match data[*i] {
                    b'\n' => Mode::Normal,
                    _ => Mode::TagString,
                };
                *i += 1;
            }
            Mode::Symbol => {
                while *i < len {
                    let byte = data[*i];
                    if !is_symbol(byte) {
                        self.end_symbol();
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
    }

    fn end_symbol(&mut self) {
        self.mode = Mode::Normal;
        if self.depth == 0
            && self.symbol_len <= SYMBOL_BUF
            && is_result(&self.symbol[..self.symbol_len])
        {
            self.ended = true;
        }
    }
}

fn bom_len(bytes: &[u8]) -> usize {
    if bytes.starts_with(BOM) { BOM.len() } else { 0 }
}

fn count_lines(bytes: &[u8]) -> u64 {
    // This runs on every game, on the thread that splits, which the
    // workers wait for. A byte-wide count per 255 bytes cannot overflow,
    // and lets the compiler compare a vector of bytes at a time.
    bytes
        .chunks(255)
        .map(|chunk| {
            let count = chunk
                .iter()
                .fold(0u8, |n, &b| n.wrapping_add(u8::from(b == b'\n')));
            u64::from(count)
        })
        .sum()
}

fn count_chars(bytes: &[u8]) -> u64 {
    // UTF-8 continuation bytes do not start a character.
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64
}

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
    let mut pos = bom_len(bytes);
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
    match Splitter::new(bytes).next_batch(usize::MAX) {
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
}

/// Whole games read from a stream by [`Splitter::next_batch`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Batch {
    /// The bytes of the games, back to back.
    pub data: Vec<u8>,
    /// The games, in stream order, covering all of `data`.
    pub games: Vec<GameSpan>,
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

/// Reads PGN from a stream and hands out batches of whole games.
///
/// Memory stays bounded by the batch size, one read block and the largest
/// game: the input is read in blocks and only the unfinished game is kept
/// between batches. The games are the same as [`split_games`] would find
/// on the whole input, whatever the batch and read sizes, so batches can
/// be processed in parallel.
#[derive(Debug)]
pub struct Splitter<R> {
    reader: R,
    /// `buf[..filled]` is data; the rest is zeroed room for reads.
    buf: Vec<u8>,
    filled: usize,
    scan_pos: usize,
    game_start: usize,
    /// Stream offset of `buf[0]`.
    base: u64,
    /// Line of `buf[game_start]`.
    line: u64,
    /// Column of `buf[game_start]`.
    column: u64,
    next_index: u64,
    scanner: Scanner,
    /// Games found but not handed out yet: they survive a read error.
    games: Vec<GameSpan>,
    block_size: usize,
    bom_checked: bool,
    eof: bool,
}

impl<R: Read> Splitter<R> {
    /// Creates a splitter reading blocks of [`DEFAULT_BLOCK_SIZE`] bytes.
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_block_size(reader, DEFAULT_BLOCK_SIZE)
    }

    /// Creates a splitter reading blocks of `block_size` bytes (at least
    /// one).
    pub fn with_block_size(reader: R, block_size: usize) -> Splitter<R> {
        Splitter {
            reader,
            buf: Vec::new(),
            filled: 0,
            scan_pos: 0,
            game_start: 0,
            base: 0,
            line: 1,
            column: 1,
            next_index: 1,
            scanner: Scanner::new(),
            games: Vec::new(),
            block_size: block_size.max(1),
            bom_checked: false,
            eof: false,
        }
    }

    /// Returns the next batch of whole games, or `None` at the end of the
    /// stream.
    ///
    /// A batch is returned as soon as its games reach `target_bytes`, so
    /// it holds at least one game even when that game is larger.
    ///
    /// # Errors
    ///
    /// Returns errors of the reader, except [`io::ErrorKind::Interrupted`],
    /// which is retried. Games found before an error are not lost: they
    /// come with the next successful call.
    pub fn next_batch(&mut self, target_bytes: usize) -> io::Result<Option<Batch>> {
        loop {
            if !self.bom_checked {
                // The byte order mark must be seen whole, even from a
                // reader that returns one byte at a time.
                if self.filled < BOM.len() && !self.eof {
                    self.fill()?;
                    continue;
                }
                self.scan_pos = bom_len(&self.buf[..self.filled]);
                self.bom_checked = true;
            }
            if let Some(boundary) = self
                .scanner
                .scan(&self.buf[..self.filled], &mut self.scan_pos)
            {
                self.push_game(boundary);
                if boundary >= target_bytes {
                    break;
                }
            } else if self.eof {
                if self.scanner.content {
                    self.scanner.content = false;
                    self.push_game(self.filled);
                }
                break;
            } else {
                self.fill()?;
            }
        }
        if self.games.is_empty() {
            return Ok(None);
        }

        let rest = self.filled - self.game_start;
        let mut next = vec![0; rest + self.block_size];
        next[..rest].copy_from_slice(&self.buf[self.game_start..self.filled]);
        let mut data = std::mem::replace(&mut self.buf, next);
        data.truncate(self.game_start);
        self.base += self.game_start as u64;
        self.scan_pos -= self.game_start;
        self.filled = rest;
        self.game_start = 0;
        Ok(Some(Batch {
            data,
            games: std::mem::take(&mut self.games),
        }))
    }

    /// Returns the reader, dropping any buffered input.
    pub fn into_inner(self) -> R {
        self.reader
    }

    fn push_game(&mut self, end: usize) {
        let range = self.game_start..end;
        self.games.push(GameSpan {
            range: range.clone(),
            index: self.next_index,
            byte_offset: self.base + self.game_start as u64,
            line: self.line,
            column: self.column,
        });
        let game = &self.buf[range];
        self.line += count_lines(game);
        self.column = match memchr::memrchr(b'\n', game) {
            Some(nl) => 1 + count_chars(&game[nl + 1..]),
            None => self.column + count_chars(game),
        };
        self.next_index += 1;
        self.game_start = end;
    }

    fn fill(&mut self) -> io::Result<()> {
        if self.filled == self.buf.len() {
            self.buf.resize(self.filled + self.block_size, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.filled += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
            return Ok(());
        }
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = io::Result<Batch>;

    /// Returns batches of [`DEFAULT_BLOCK_SIZE`] target bytes.
    fn next(&mut self) -> Option<io::Result<Batch>> {
        self.next_batch(DEFAULT_BLOCK_SIZE).transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::{is_symbol_byte, is_whitespace};

    fn is_plain_stop(byte: u8) -> bool {
        matches!(byte, b'$'..=b'*' | b'-' | b';' | b'[' | b']' | b'{' | b'}')
            || ((byte & 0xD9) == 0x59 && byte < 0x80)
    }

    #[test]
    fn classes_follow_the_lexer() {
        for byte in 0..=255u8 {
            assert_eq!(is_symbol(byte), is_symbol_byte(byte), "{byte:#x}");
            assert_eq!(CLASS[byte as usize] == C_SPACE, is_whitespace(byte));
            if !is_symbol(byte) && !is_whitespace(byte) || b"%-*".contains(&byte) {
                assert!(is_plain_stop(byte), "{byte:#x}");
            }
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
    fn find3_finds_the_first() {
        let bytes: Vec<u8> = (0..300u32).map(|i| (i * 37 % 11) as u8 + b'a').collect();
        for from in 0..40 {
            for end in from..bytes.len().min(from + 40) {
                let slice = &bytes[..end];
                let naive = slice[from..]
                    .iter()
                    .position(|&b| b == b'c' || b == b'f' || b == b'k')
                    .map(|k| from + k);
                assert_eq!(find3(slice, from, b'c', b'f', b'k'), naive);
            }
        }
    }

    #[test]
    fn count_lines_counts_every_line_feed() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 13) as u8 + 4).collect();
        for start in 0..9 {
            for end in (start..bytes.len()).step_by(37) {
                let slice = &bytes[start..end];
                let naive = slice.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(count_lines(slice), naive, "{start}..{end}");
            }
        }
        assert_eq!(count_lines(b"\n\n\n\n\n\n\n\n\n\x8a\x0a\xff"), 10);
    }

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
            games("1. e4 1-0\n1. d4 0-1 1. c4 1/2-1/2 1. Nf3 * 1. b3 ½-½ 1. g3"),
            [
                "1. e4 1-0\n",
                "1. d4 0-1 ",
                "1. c4 1/2-1/2 ",
                "1. Nf3 * ",
                "1. b3 ½-½ ",
                "1. g3"
            ]
        );
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
            games("1. e4 (1. d4 1-0) e5 ((*)) 0-1 1. c4"),
            ["1. e4 (1. d4 1-0) e5 ((*)) 0-1 ", "1. c4"]
        );
    }

    #[test]
    fn test_move_numbers_glued_to_results() {
        assert_eq!(games("1. e4 1...1-0 2.d4"), ["1. e4 1...1-0 ", "2.d4"]);
        // "1-0!" is a move with a suffix to the lexer, not a result.
        assert_eq!(games("e4 1-0! d4"), ["e4 1-0! d4"]);
        assert_eq!(games("e4 11-0 d4"), ["e4 11-0 d4"]);
    }

    #[test]
    fn test_escape_only_in_first_column() {
        assert_eq!(games("e4 1-0\n%[x] *\n e5"), ["e4 1-0\n%[x] *\n ", "e5"]);
        assert_eq!(games("e4 1-0 %[x] *"), ["e4 1-0 ", "%", "[x] *"]);
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
            ["\u{feff}[A \"b\"]\n*\n", "\u{feff}"]
        );
        assert_eq!(split_games(b"\xEF\xBB\xBF"), Vec::<Range<usize>>::new());
        assert_eq!(games("* * *"), ["* ", "* ", "*"]);
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
                        buf[..12].copy_from_slice(b"e4 1-0 d4 0-");
                        Ok(12)
                    }
                    2 => Err(io::Error::other("boom")),
                    3 => {
                        buf[..5].copy_from_slice(b"1 c4 ");
                        Ok(5)
                    }
                    _ => Ok(0),
                }
            }
        }
        let mut splitter = Splitter::new(Failing(0));
        assert!(splitter.next_batch(1 << 20).is_err());
        let batch = splitter.next_batch(1 << 20).unwrap().unwrap();
        let games: Vec<_> = batch.iter().map(|(_, bytes)| bytes).collect();
        assert_eq!(games, [&b"e4 1-0 "[..], b"d4 0-1 ", b"c4 "]);
    }
}
