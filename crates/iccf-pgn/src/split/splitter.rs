//! [`Splitter`]: games from a stream, batch by batch, in bounded memory.

use std::io::{self, Read};

use super::{Batch, GameEnd, GameSpan, Scanner};
use crate::grammar::is_whitespace;

/// The default number of bytes [`Splitter`] asks its reader for at once.
pub const DEFAULT_BLOCK_SIZE: usize = 1 << 20;

/// The default [`Splitter::max_game_size`]: 64 MiB, hundreds of times
/// the largest real game (a game of 6,000 plies with comments takes about
/// 100 KB).
pub const DEFAULT_MAX_GAME_SIZE: u64 = 64 << 20;

/// The whitespace kept of a run between games: the rest is skipped.
const KEPT_GAP: usize = 64 << 10;
/// The most games a batch holds, whatever their bytes: a game converted
/// costs memory of its own (its record, its problems), and a megabyte of
/// `*` lines is half a million games.
pub const MAX_BATCH_GAMES: usize = 4096;

/// Input with a NUL byte in its head ([`HEAD`]), or more than
/// [`STRAY_NULS`] in its first MiB, is not text.
const NUL_WINDOW: u64 = 1 << 20;

/// NUL bytes past the head, in the first MiB, taken for stray bytes of a
/// text file: one NUL in a 35 MB archive refused all of it. A binary file
/// has NULs in its head, or NULs by the hundred.
const STRAY_NULS: u64 = 16;

/// The head of the input in which control bytes tell binary from text.
const HEAD: u64 = 4096;

/// Where the current game's bytes were cut out of the buffer, and the
/// position after them.
#[derive(Debug, Clone, Copy)]
struct Dropped {
    /// Offset in the game (from `game_start`) where the bytes were cut
    /// out: bytes before it are counted in `lines` and `column`.
    at: usize,
    /// Line ends from the start of the game up to `at`.
    lines: u64,
    /// The column (in characters) at `at`.
    column: u64,
    /// The number of bytes cut out.
    bytes: u64,
    /// How many of them were whitespace between games, which does not
    /// count toward the game's size.
    gap: u64,
}

/// Reads PGN from a stream and hands out batches of whole games.
///
/// Memory stays bounded by the batch size, one read block and the largest
/// game: the input is read in blocks and only the unfinished game is kept
/// between batches. The games are the same as
/// [`split_games`](super::split_games) would find on the whole input,
/// whatever the batch and read sizes, so batches can be processed in
/// parallel.
///
/// Three limits keep memory bounded on any input:
///
/// - whitespace after the end of a game (or before the first) is kept up
///   to 64 KiB; the rest of the run is skipped, counted in the next game's
///   line, column and offset ([`GameSpan::len`] counts it);
/// - a game longer than [`max_game_size`](Splitter::max_game_size) bytes
///   is not buffered: its bytes are skipped as they are read, and it comes
///   as a [`GameSpan`] with [`too_large`](GameSpan::too_large) set and an
///   empty range, still numbered and located;
/// - input that is not text is refused with an [`io::ErrorKind::InvalidData`]
///   error: a NUL byte in the first 4 KiB, more than 16 in the first MiB,
///   or control bytes making more than 1/16 of the first 4 KiB (an
///   executable, random bytes). Text in UTF-16 must be decoded before.
///
/// A live input (a game server's stream) may pause: a read that fails with
/// [`io::ErrorKind::WouldBlock`] says so (and the splitter reads again).
/// The games found by then come as a batch at once, and a game whose
/// result has been followed by a blank line is taken as ended, rather than
/// wait for the next game to start. Its next bytes then start the next
/// game, as any movetext after such a blank line would: only a comment or
/// escape line sent after the pause goes with the next game rather than
/// the one before.
///
/// ```
/// use std::io::{self, Read};
/// use iccf_pgn::split::Splitter;
///
/// /// Two games, with a pause after the first.
/// struct Live(Vec<&'static [u8]>);
/// impl Read for Live {
///     fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
///         match self.0.first().copied() {
///             None => Ok(0),
///             Some(b"") => {
///                 self.0.remove(0);
///                 Err(io::ErrorKind::WouldBlock.into())
///             }
///             Some(chunk) => {
///                 buf[..chunk.len()].copy_from_slice(chunk);
///                 self.0.remove(0);
///                 Ok(chunk.len())
///             }
///         }
///     }
/// }
///
/// let live = Live(vec![b"[White \"A\"]\n\n1. e4 e5 1-0\n\n", b"", b"[White \"B\"]\n\n1. d4 *\n"]);
/// let mut splitter = Splitter::new(live);
/// let first = splitter.next_batch(1 << 20)?.expect("the first game, at the pause");
/// assert_eq!(first.game(0), b"[White \"A\"]\n\n1. e4 e5 1-0\n\n");
/// let second = splitter.next_batch(1 << 20)?.expect("the second game");
/// assert_eq!((second.games[0].index, second.games[0].line), (2, 5));
/// assert_eq!(second.game(0), b"[White \"B\"]\n\n1. d4 *\n");
/// assert!(splitter.next_batch(1 << 20)?.is_none());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Splitter<R> {
    reader: R,
    /// `buf[..filled]` is data; the rest is zeroed room for reads.
    buf: Vec<u8>,
    filled: usize,
    scan_pos: usize,
    game_start: usize,
    /// Stream offset of `buf[game_start]`.
    offset: u64,
    /// Line of `buf[game_start]`.
    line: u64,
    /// Column of `buf[game_start]`.
    column: u64,
    next_index: u64,
    scanner: Scanner,
    /// Games found but not handed out yet.
    games: Vec<GameSpan>,
    /// A read error met with games found: they are handed out first, and
    /// the error on the next call.
    deferred: Option<io::Error>,
    block_size: usize,
    max_game_size: u64,
    /// [`MAX_BATCH_GAMES`], or no limit for input already in memory.
    max_batch_games: usize,
    /// Whether to skip whitespace runs and large games and refuse binary
    /// input: not for input already in memory.
    limits: bool,
    dropped: Dropped,
    /// Where the current game's trailing run of whitespace starts, and how
    /// far it has been looked for (offsets from `game_start`).
    gap_from: usize,
    gap_seen: usize,
    /// The current game is over `max_game_size`.
    too_large: bool,
    /// Stream bytes read so far.
    read: u64,
    /// Control bytes in the first [`HEAD`] bytes.
    head_controls: u64,
    /// NUL bytes in the first [`NUL_WINDOW`] bytes.
    nuls: u64,
    /// Why the input was refused as not text.
    refused: Option<String>,
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
            offset: 0,
            line: 1,
            column: 1,
            next_index: 1,
            scanner: Scanner::new(),
            games: Vec::new(),
            block_size: block_size.max(1),
            max_game_size: DEFAULT_MAX_GAME_SIZE,
            max_batch_games: MAX_BATCH_GAMES,
            limits: true,
            dropped: Dropped {
                at: 0,
                lines: 0,
                column: 1,
                bytes: 0,
                gap: 0,
            },
            gap_from: 0,
            gap_seen: 0,
            too_large: false,
            read: 0,
            head_controls: 0,
            nuls: 0,
            refused: None,
            deferred: None,
            eof: false,
        }
    }

    /// A splitter of input already in memory: nothing is skipped nor
    /// refused, nor is a batch cut at [`MAX_BATCH_GAMES`], so that the
    /// ranges of one batch index the whole input.
    pub(super) fn in_memory(reader: R) -> Splitter<R> {
        let mut splitter = Splitter::new(reader);
        splitter.limits = false;
        splitter.max_game_size = u64::MAX;
        splitter.max_batch_games = usize::MAX;
        splitter
    }

    /// Sets the size in bytes above which a game is skipped rather than
    /// buffered ([`DEFAULT_MAX_GAME_SIZE`] by default); see
    /// [`GameSpan::too_large`].
    ///
    /// ```
    /// use iccf_pgn::split::Splitter;
    ///
    /// let pgn = b"1. e4 {a long comment} e5 *\n1. d4 d5 *\n";
    /// let mut splitter = Splitter::new(&pgn[..]).max_game_size(20);
    /// let batch = splitter.next_batch(1 << 20)?.expect("one batch");
    /// assert!(batch.games[0].too_large);
    /// assert_eq!((batch.games[0].len, batch.game(0)), (28, &b""[..]));
    /// assert_eq!((batch.games[1].line, batch.game(1)), (2, &b"1. d4 d5 *\n"[..]));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn max_game_size(mut self, bytes: u64) -> Splitter<R> {
        self.max_game_size = bytes;
        self
    }

    /// Returns the next batch of whole games, or `None` at the end of the
    /// stream.
    ///
    /// A batch is returned as soon as its games reach `target_bytes` or
    /// [`MAX_BATCH_GAMES`], so it holds at least one game even when that
    /// game is larger, or when the input pauses with a game found.
    ///
    /// # Errors
    ///
    /// Returns errors of the reader, except [`io::ErrorKind::Interrupted`],
    /// which is retried. Games found before an error are not lost: they
    /// come in a batch first, and the error with the next call (a
    /// compressed file cut short: every whole game before the cut); a call
    /// after the error reads on.
    /// Input that is not text is refused with an
    /// [`io::ErrorKind::InvalidData`] error, on this call and every later
    /// one.
    pub fn next_batch(&mut self, target_bytes: usize) -> io::Result<Option<Batch>> {
        if let Some(why) = &self.refused {
            return Err(io::Error::new(io::ErrorKind::InvalidData, why.clone()));
        }
        if let Some(err) = self.deferred.take() {
            return Err(err);
        }
        let mut paused = false;
        loop {
            self.scanner.eof = self.eof;
            if let Some(boundary) = self
                .scanner
                .scan(&self.buf[..self.filled], &mut self.scan_pos)
            {
                self.push_game(boundary, self.scanner.ended);
                if self.game_start >= target_bytes || self.games.len() >= self.max_batch_games {
                    break;
                }
            } else if self.eof {
                if self.scanner.content {
                    self.scanner.content = false;
                    self.push_game(self.filled, self.scanner.end_at_eof());
                }
                break;
            } else {
                self.skip_unneeded();
                paused = match self.fill() {
                    Ok(paused) => paused,
                    Err(err) if !self.games.is_empty() => {
                        self.deferred = Some(err);
                        break;
                    }
                    Err(err) => return Err(err),
                };
                if paused && self.pause()? {
                    break;
                }
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
        self.scan_pos -= self.game_start;
        self.filled = rest;
        self.game_start = 0;
        Ok(Some(Batch {
            data,
            games: std::mem::take(&mut self.games),
            paused,
        }))
    }

    /// The input pauses with all of it scanned: the head is judged on the
    /// bytes there are, and a game followed by a blank line after its
    /// result is taken as ended. Whether there are games to hand out.
    fn pause(&mut self) -> io::Result<bool> {
        // Games may be handed out before the head is whole: judged on what
        // there is (from 1 KiB: less passes, and what follows is still
        // judged as it comes, which may refuse the input after games).
        if self.limits && self.read < HEAD {
            self.judge_head()?;
        }
        if self.scan_pos == self.filled && self.scanner.end_at_pause() {
            self.push_game(self.scan_pos, GameEnd::Result);
        }
        Ok(!self.games.is_empty())
    }

    /// Returns the reader, dropping any buffered input.
    pub fn into_inner(self) -> R {
        self.reader
    }

    /// Line ends and column at `at` bytes into the current game, counting
    /// the bytes cut out of it.
    fn position_at(&self, at: usize) -> (u64, u64) {
        let tail = &self.buf[self.game_start + self.dropped.at..self.game_start + at];
        let lines = self.dropped.lines + count_lines(tail);
        let column = match memchr::memrchr2(b'\n', b'\r', tail) {
            Some(k) => 1 + count_chars(&tail[k + 1..]),
            None => self.dropped.column + count_chars(tail),
        };
        (lines, column)
    }

    /// Cuts `from..to` (offsets into the current game) out of the buffer,
    /// keeping count of lines and columns. A CR LF pair is not cut apart.
    fn cut(&mut self, mut from: usize, mut to: usize, gap: bool) {
        let start = self.game_start;
        if from > 0 && self.buf[start + from - 1] == b'\r' && self.buf[start + from] == b'\n' {
            from += 1;
        }
        if to > from && self.buf[start + to - 1] == b'\r' {
            to -= 1;
        }
        if to <= from.max(self.dropped.at) {
            return;
        }
        let (lines, column) = self.position_at(to);
        let cut = (to - from) as u64;
        self.dropped = Dropped {
            at: from,
            lines,
            column,
            bytes: self.dropped.bytes + cut,
            gap: self.dropped.gap + if gap { cut } else { 0 },
        };
        self.buf.drain(start + from..start + to);
        self.filled -= to - from;
        self.scan_pos -= to - from;
        self.gap_seen = self.gap_seen.min(from);
    }

    /// Before reading more: cuts out the scanned bytes of a game over the
    /// size limit, and whitespace between games beyond [`KEPT_GAP`].
    fn skip_unneeded(&mut self) {
        if !self.limits {
            return;
        }
        let scanned = self.scan_pos - self.game_start;
        if self.too_large || self.size(scanned) > self.max_game_size {
            self.too_large = true;
            self.cut(0, scanned, false);
            return;
        }
        let new = &self.buf[self.game_start + self.gap_seen..self.scan_pos];
        if let Some(k) = new.iter().rposition(|&b| !is_whitespace(b)) {
            self.gap_from = self.gap_seen + k + 1;
        }
        self.gap_seen = scanned;
        if self.scanner.between_games() && scanned > self.gap_from + KEPT_GAP {
            self.cut(self.gap_from + KEPT_GAP, scanned, true);
        }
    }

    /// The size of the current game up to `at` bytes into it, for the
    /// limit: whitespace skipped between games does not count.
    fn size(&self, at: usize) -> u64 {
        at as u64 + self.dropped.bytes - self.dropped.gap
    }

    fn push_game(&mut self, end: usize, how: GameEnd) {
        let at = end - self.game_start;
        let too_large = self.too_large || self.size(at) > self.max_game_size;
        let (lines, column) = self.position_at(at);
        let len = at as u64 + self.dropped.bytes;
        let kept = if too_large { 0 } else { at };
        self.games.push(GameSpan {
            range: self.game_start..self.game_start + kept,
            index: self.next_index,
            byte_offset: self.offset,
            line: self.line,
            column: self.column,
            end: how,
            len,
            too_large,
        });
        if too_large {
            self.buf.drain(self.game_start..end);
            self.filled -= at;
            self.scan_pos -= at;
        }
        self.offset += len;
        self.line += lines;
        self.column = column;
        self.next_index += 1;
        self.game_start += kept;
        self.dropped = Dropped {
            at: 0,
            lines: 0,
            column,
            bytes: 0,
            gap: 0,
        };
        self.gap_from = 0;
        self.gap_seen = 0;
        self.too_large = false;
    }

    /// Reads once more into the buffer: whether the input paused instead
    /// (a `WouldBlock` error).
    fn fill(&mut self) -> io::Result<bool> {
        if self.filled == self.buf.len() {
            self.buf.resize(self.filled + self.block_size, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    if self.limits && self.read < HEAD {
                        self.judge_head()?;
                    }
                }
                Ok(n) => {
                    let (from, offset) = (self.filled, self.read);
                    self.filled += n;
                    self.read += n as u64;
                    if self.limits {
                        self.check_text(from, offset)?;
                    }
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => return Ok(true),
                Err(err) => return Err(err),
            }
            return Ok(false);
        }
    }

    /// Refuses input that is not text, from the bytes just read into
    /// `buf[from..filled]`, at stream offset `offset`.
    fn check_text(&mut self, from: usize, offset: u64) -> io::Result<()> {
        let new = &self.buf[from..self.filled];
        if offset < NUL_WINDOW {
            let window = &new[..new.len().min((NUL_WINDOW - offset) as usize)];
            for k in memchr::memchr_iter(0, window) {
                let at = offset + k as u64;
                self.nuls += 1;
                if at < HEAD || self.nuls > STRAY_NULS {
                    return self
                        .refuse(format!("not a PGN or text file: NUL bytes at offset {at}"));
                }
            }
        }
        if offset < HEAD {
            let head = &new[..new.len().min((HEAD - offset) as usize)];
            self.head_controls += head.iter().filter(|&&b| is_control(b)).count() as u64;
            if self.read >= HEAD {
                return self.judge_head();
            }
        }
        Ok(())
    }

    /// Refuses input whose head (at least 1 KiB of it) is more than 1/16
    /// control bytes.
    fn judge_head(&mut self) -> io::Result<()> {
        let seen = self.read.min(HEAD);
        if seen >= 1024 && self.head_controls * 16 > seen {
            let controls = self.head_controls;
            return self.refuse(format!(
                "not a PGN or text file: {controls} control bytes in the first {seen} bytes"
            ));
        }
        Ok(())
    }

    fn refuse(&mut self, why: String) -> io::Result<()> {
        self.refused = Some(why.clone());
        Err(io::Error::new(io::ErrorKind::InvalidData, why))
    }
}

/// A control byte that text does not have (tab, line ends and form feed
/// are PGN whitespace).
fn is_control(byte: u8) -> bool {
    (byte < 0x20 && !is_whitespace(byte)) || byte == 0x7f
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = io::Result<Batch>;

    /// Returns batches of [`DEFAULT_BLOCK_SIZE`] target bytes.
    fn next(&mut self) -> Option<io::Result<Batch>> {
        self.next_batch(DEFAULT_BLOCK_SIZE).transpose()
    }
}

/// The number of line ends in `bytes`: LF, CRLF, or CR alone.
pub(crate) fn count_lines(bytes: &[u8]) -> u64 {
    let lf = count_lf(bytes);
    if memchr::memchr(b'\r', bytes).is_none() {
        return lf;
    }
    let lone_cr = memchr::memchr_iter(b'\r', bytes)
        .filter(|&k| bytes.get(k + 1) != Some(&b'\n'))
        .count();
    lf + lone_cr as u64
}

fn count_lf(bytes: &[u8]) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_lines_counts_every_line_feed() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 13) as u8 + 4).collect();
        for start in 0..9 {
            for end in (start..bytes.len()).step_by(37) {
                let slice = &bytes[start..end];
                let naive = slice.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(count_lf(slice), naive, "{start}..{end}");
            }
        }
        assert_eq!(count_lines(b"\n\n\n\n\n\n\n\n\n\x8a\x0a\xff"), 10);
        assert_eq!(count_lines(b"a\rb\r\nc\n\rd\r"), 5);
    }

    /// Its bytes, then an error: a compressed file cut short.
    struct CutShort<'a>(&'a [u8]);

    impl Read for CutShort<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "cut short"));
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Found trying `iccf.games` on a gzip file cut in half: the games of
    /// the batch being read when the error came were lost (1,243 games of
    /// 1,445 whole ones; none of a small file). They come first now, then
    /// the error; the game cut short is not one of them.
    #[test]
    fn games_read_before_an_error_were_lost() {
        let data =
            b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4";
        let mut splitter = Splitter::new(CutShort(data));
        let batch = splitter
            .next_batch(1 << 20)
            .unwrap()
            .expect("the whole games");
        assert_eq!(batch.games.len(), 2);
        assert_eq!(batch.game(1), b"[Event \"b\"]\n\n1. d4 *\n\n");
        let err = splitter.next_batch(1 << 20).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
    }

    /// Found by a robustness trial: 12 MB of `*` lines (6 M games) took
    /// 2 GB to convert to Parquet, 1 GB to JSON lines. A megabyte batch
    /// held half a million games, each with a record, and a few batches
    /// are in flight. A batch holds at most `MAX_BATCH_GAMES` now.
    #[test]
    fn regression_a_batch_of_tiny_games_held_half_a_million() {
        let games = 3 * MAX_BATCH_GAMES + 5;
        let data = b"*\n".repeat(games);
        let mut splitter = Splitter::new(&data[..]);
        let mut sizes = Vec::new();
        while let Some(batch) = splitter.next_batch(1 << 20).unwrap() {
            sizes.push(batch.games.len());
        }
        let full = MAX_BATCH_GAMES;
        assert_eq!(sizes, [full, full, full, 5]);
        // Input in memory is one batch still: its ranges index it all
        // (the web page's paste counted 4,096 games of 100,000).
        assert_eq!(super::super::game_spans(&data).len(), games);
    }
}
