//! [`Splitter`]: games from a stream, batch by batch.

use std::io::{self, Read};

use super::{Batch, GameEnd, GameSpan, Scanner};

/// The default number of bytes [`Splitter`] asks its reader for at once.
pub const DEFAULT_BLOCK_SIZE: usize = 1 << 20;

/// Reads PGN from a stream and hands out batches of whole games.
///
/// Memory stays bounded by the batch size, one read block and the largest
/// game: the input is read in blocks and only the unfinished game is kept
/// between batches. The games are the same as [`split_games`](super::split_games) would find
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
            self.scanner.eof = self.eof;
            if let Some(boundary) = self
                .scanner
                .scan(&self.buf[..self.filled], &mut self.scan_pos)
            {
                self.push_game(boundary, self.scanner.ended);
                if boundary >= target_bytes {
                    break;
                }
            } else if self.eof {
                if self.scanner.content {
                    self.scanner.content = false;
                    self.push_game(self.filled, self.scanner.end_at_eof());
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

    fn push_game(&mut self, end: usize, how: GameEnd) {
        let range = self.game_start..end;
        self.games.push(GameSpan {
            range: range.clone(),
            index: self.next_index,
            byte_offset: self.base + self.game_start as u64,
            line: self.line,
            column: self.column,
            end: how,
        });
        let game = &self.buf[range];
        self.line += count_lines(game);
        self.column = match memchr::memrchr2(b'\n', b'\r', game) {
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
}
