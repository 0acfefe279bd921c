//! [`ReadAhead`]: a reader whose input is read on a thread of its own, a
//! few blocks ahead of the caller.
//!
//! ```text
//!   thread: decoder.read() ──▶ block ──(bounded channel)──▶ ReadAhead::read()
//!                 ▲                                               │
//!                 └────────────── spent block ◀───────────────────┘
//! ```
//!
//! Decompression is the one step of a conversion no other thread can
//! share: the workers take turns at the input, so while one of them waits
//! on gzip, bzip2, xz or zstd, splitting the next batch waits too. Read
//! ahead, the decoder runs beside the splitter and the converters instead
//! of before them. The blocks go back to the thread once read, so a run
//! makes [`BLOCKS`] of them whatever its length.
//!
//! A live input (a pipe: a game server's stream, `tail -f`) is read the
//! same way with [`ReadAhead::live`], which hands on each read as it comes
//! and says when the input pauses, so that the games read so far can be
//! written rather than wait for more.

use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread;
use std::time::Duration;

/// Bytes read into each block.
pub const BLOCK_SIZE: usize = 256 * 1024;

/// Blocks in the channel ahead of the reader: with the one it reads and
/// the one being filled, four blocks, 1 MiB, is what reading ahead adds.
const AHEAD: usize = 2;

/// Every block made, at most.
pub const BLOCKS: usize = AHEAD + 2;

/// A block of input, or why the input stopped.
type Block = io::Result<Vec<u8>>;

/// Reads an inner reader on its own thread, [`BLOCK_SIZE`] bytes at a
/// time, and hands out its bytes in order: the same bytes and, where the
/// inner reader fails, the same error after all the bytes before it.
///
/// Dropping it stops the thread once its read in progress returns. Should
/// the thread end without a word (a panic in the inner reader), the next
/// read fails rather than take the input as ended.
///
/// ```
/// use std::io::{Cursor, Read};
/// use iccf_stream::read_ahead::ReadAhead;
///
/// let text = b"1. 5254 5755 *\n".repeat(100_000);
/// let Ok(mut reader) = ReadAhead::new(Cursor::new(text.clone())) else {
///     panic!("no thread to read on: read the cursor itself");
/// };
/// let mut read = Vec::new();
/// reader.read_to_end(&mut read)?;
/// assert_eq!(read, text);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct ReadAhead {
    blocks: Receiver<Block>,
    spent: SyncSender<Vec<u8>>,
    /// The block being read, and how far.
    current: Vec<u8>,
    pos: usize,
    /// The inner reader ended or failed: nothing more comes.
    done: bool,
    /// For a live input, how long nothing may come before a read says
    /// the input pauses.
    pause_after: Option<Duration>,
}

impl ReadAhead {
    /// Starts reading `inner` on a new thread, or gives it back when no
    /// thread can be made (a process or cgroup limit), to be read inline.
    ///
    /// # Errors
    ///
    /// `inner` itself, unread, when the thread could not start.
    pub fn new<R: Read + Send + 'static>(inner: R) -> Result<ReadAhead, R> {
        ReadAhead::start(inner, None)
    }

    /// Starts reading a live input, `inner`, on a new thread: each read of
    /// it is handed on as it comes, not gathered into whole blocks, and
    /// a read that waits `pause_after` for something to come fails with
    /// [`io::ErrorKind::WouldBlock`]: the input pauses, and the caller may
    /// do something else before it reads again. A reader made so is for
    /// callers that know this (`Splitter` hands out the games it has);
    /// others take it for an error.
    ///
    /// ```
    /// use std::io::{ErrorKind, Read, Write};
    /// use std::time::Duration;
    /// use iccf_stream::read_ahead::ReadAhead;
    ///
    /// let (reader, mut writer) = std::io::pipe()?;
    /// let Ok(mut live) = ReadAhead::live(reader, Duration::from_millis(100)) else {
    ///     panic!("no thread to read on");
    /// };
    /// // What comes after the pauses, if any.
    /// let mut read = |buf: &mut [u8]| loop {
    ///     match live.read(buf) {
    ///         Err(err) if err.kind() == ErrorKind::WouldBlock => continue,
    ///         other => return other,
    ///     }
    /// };
    /// writer.write_all(b"1. e4 e5 *\n")?;
    /// let mut buf = [0; 64];
    /// assert_eq!(read(&mut buf)?, 11);
    /// drop(writer);
    /// assert_eq!(read(&mut buf)?, 0);
    ///
    /// // Nothing sent: a pause.
    /// let (reader, _writer) = std::io::pipe()?;
    /// let Ok(mut live) = ReadAhead::live(reader, Duration::from_millis(100)) else {
    ///     panic!("no thread to read on");
    /// };
    /// assert_eq!(live.read(&mut buf).unwrap_err().kind(), ErrorKind::WouldBlock);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// `inner` itself, unread, when the thread could not start.
    pub fn live<R: Read + Send + 'static>(inner: R, pause_after: Duration) -> Result<ReadAhead, R> {
        ReadAhead::start(inner, Some(pause_after))
    }

    fn start<R: Read + Send + 'static>(
        inner: R,
        pause_after: Option<Duration>,
    ) -> Result<ReadAhead, R> {
        let live = pause_after.is_some();
        let (blocks_tx, blocks) = mpsc::sync_channel(AHEAD);
        let (spent, spent_rx) = mpsc::sync_channel(BLOCKS);
        // The reader goes to the thread once it runs, so that it is still
        // ours if it does not.
        let (handover, handed) = mpsc::sync_channel::<R>(1);
        let started = thread::Builder::new()
            .name("iccf-read-ahead".into())
            .spawn(move || {
                if let Ok(inner) = handed.recv() {
                    read_blocks(inner, live, &blocks_tx, &spent_rx);
                }
            });
        if started.is_err() {
            return Err(inner);
        }
        // The thread holds the receiver until it has taken the reader.
        handover
            .send(inner)
            .map_err(|mpsc::SendError(inner)| inner)?;
        Ok(ReadAhead {
            blocks,
            spent,
            current: Vec::new(),
            pos: 0,
            done: false,
            pause_after,
        })
    }

    /// The next block into `current`; false at the end of the input. A
    /// live input's pause is an error of kind `WouldBlock`.
    fn next_block(&mut self) -> io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        let received = match self.pause_after {
            Some(wait) => match self.blocks.recv_timeout(wait) {
                Err(RecvTimeoutError::Timeout) => {
                    return Err(io::Error::new(
                        io::ErrorKind::WouldBlock,
                        "the input pauses",
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => Err(mpsc::RecvError),
                Ok(block) => Ok(block),
            },
            None => self.blocks.recv(),
        };
        let block = received
            .map_err(|_| io::Error::other("the thread reading the input stopped before its end"))
            .and_then(|block| block)
            .inspect_err(|_| self.done = true)?;
        if block.is_empty() {
            self.done = true;
            return Ok(false);
        }
        let spent = std::mem::replace(&mut self.current, block);
        // The thread may have ended: the block is then freed here.
        let _ = self.spent.try_send(spent);
        self.pos = 0;
        Ok(true)
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        while self.pos == self.current.len() {
            if !self.next_block()? {
                return Ok(0);
            }
        }
        let rest = &self.current[self.pos..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos += n;
        Ok(n)
    }
}

/// The thread: fills blocks from `inner` (a `live` one's blocks hold a
/// read each) and sends them until the end (an empty block says so), the
/// first error, or the reader's going away.
fn read_blocks<R: Read>(
    mut inner: R,
    live: bool,
    blocks: &SyncSender<Block>,
    spent: &Receiver<Vec<u8>>,
) {
    loop {
        // A spent block if the reader gave one back, else a new one.
        let mut block = spent.try_recv().unwrap_or_default();
        block.resize(BLOCK_SIZE, 0);
        let (filled, error) = fill(&mut inner, &mut block, live);
        block.truncate(filled);
        // The bytes before an error come first, as they would inline.
        if (filled > 0 || error.is_none()) && blocks.send(Ok(block)).is_err() {
            return; // The reader is gone.
        }
        if let Some(err) = error {
            // The reader's own `WouldBlock` (a non-blocking descriptor) is
            // a failure here, not the pause a live reader says.
            let err = match err.kind() {
                io::ErrorKind::WouldBlock => io::Error::other(err),
                _ => err,
            };
            let _ = blocks.send(Err(err));
            return;
        }
        if filled == 0 {
            return; // The end, sent as an empty block.
        }
    }
}

/// Reads into `block` until it is full (or, if `live`, holds a read), the
/// input ends or a read fails: the bytes read, and the error if one
/// stopped it.
fn fill<R: Read>(inner: &mut R, block: &mut [u8], live: bool) -> (usize, Option<io::Error>) {
    let mut filled = 0;
    while filled < block.len() {
        match inner.read(&mut block[filled..]) {
            Ok(0) => break,
            Ok(n) if live => return (n, None),
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return (filled, Some(err)),
        }
    }
    (filled, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    fn ahead<R: Read + Send + 'static>(inner: R) -> ReadAhead {
        match ReadAhead::new(inner) {
            Ok(reader) => reader,
            Err(_) => panic!("no thread to read on"),
        }
    }

    /// Hands out `data` a few bytes per read (as a decoder or a pipe
    /// does), then fails with `error` if there is one.
    struct Trickle {
        data: Vec<u8>,
        pos: usize,
        step: usize,
        error: Option<io::ErrorKind>,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pos == self.data.len() {
                return match self.error.take() {
                    Some(kind) => Err(io::Error::new(kind, "broken input")),
                    None => Ok(0),
                };
            }
            let n = self.step.min(buf.len()).min(self.data.len() - self.pos);
            buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
            self.pos += n;
            Ok(n)
        }
    }

    fn bytes(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 + i / 251) as u8).collect()
    }

    #[test]
    fn same_bytes_whatever_the_read_sizes() {
        for len in [
            0,
            1,
            BLOCK_SIZE - 1,
            BLOCK_SIZE,
            BLOCK_SIZE + 1,
            5 * BLOCK_SIZE + 17,
        ] {
            for step in [1, 4093, 1 << 20] {
                let data = bytes(len);
                let inner = Trickle {
                    data: data.clone(),
                    pos: 0,
                    step,
                    error: None,
                };
                let mut reader = ahead(inner);
                let mut read = Vec::new();
                let mut buf = vec![0; 1000 + step % 3];
                loop {
                    let n = reader.read(&mut buf).unwrap();
                    if n == 0 {
                        break;
                    }
                    read.extend_from_slice(&buf[..n]);
                }
                assert!(read == data, "len {len}, step {step}");
                assert_eq!(reader.read(&mut buf).unwrap(), 0, "the end stays the end");
            }
        }
    }

    #[test]
    fn an_error_comes_after_every_byte_before_it() {
        let data = bytes(3 * BLOCK_SIZE + 5);
        let inner = Trickle {
            data: data.clone(),
            pos: 0,
            step: 10_000,
            error: Some(io::ErrorKind::InvalidData),
        };
        let mut reader = ahead(inner);
        let mut read = Vec::new();
        let err = reader.read_to_end(&mut read).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert_eq!(err.to_string(), "broken input");
        assert!(read == data, "{} bytes read of {}", read.len(), data.len());
    }

    /// An endless input that says when the thread has let it go.
    struct Endless {
        reads: Arc<AtomicUsize>,
        dropped: Arc<AtomicBool>,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            buf.fill(b'x');
            Ok(buf.len())
        }
    }

    impl Drop for Endless {
        fn drop(&mut self) {
            self.dropped.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn reads_a_bounded_way_ahead_and_stops_when_dropped() {
        let reads = Arc::new(AtomicUsize::new(0));
        let dropped = Arc::new(AtomicBool::new(false));
        let mut reader = ahead(Endless {
            reads: reads.clone(),
            dropped: dropped.clone(),
        });
        let mut buf = [0; 10];
        reader.read_exact(&mut buf).unwrap();
        assert_eq!(&buf, b"xxxxxxxxxx");
        // Let the thread run as far ahead as it can: the channel's blocks,
        // the one being read and the one it waits to send.
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            reads.load(Ordering::SeqCst) <= BLOCKS + 1,
            "{reads:?} reads"
        );
        drop(reader);
        let start = Instant::now();
        while !dropped.load(Ordering::SeqCst) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the thread goes on"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn empty_buffer_reads_nothing() {
        let mut reader = ahead(Cursor::new(b"abc".to_vec()));
        assert_eq!(reader.read(&mut []).unwrap(), 0);
        let mut rest = String::new();
        reader.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "abc");
    }

    /// Gives `good` bytes, then panics, as a buggy decoder might.
    struct PanicsAfter {
        good: usize,
    }

    impl Read for PanicsAfter {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            assert!(self.good > 0, "a decoder bug");
            let n = buf.len().min(self.good);
            buf[..n].fill(b'x');
            self.good -= n;
            Ok(n)
        }
    }

    #[test]
    fn a_panic_on_the_thread_is_an_error_not_the_end_of_the_input() {
        for good in [0, 100, BLOCK_SIZE, BLOCK_SIZE + 100] {
            let mut reader = ahead(PanicsAfter { good });
            let mut read = Vec::new();
            let err = reader.read_to_end(&mut read).unwrap_err();
            assert!(err.to_string().contains("stopped before its end"), "{err}");
            // Only whole blocks were sent: a panic loses the one filling.
            assert_eq!(read.len(), good / BLOCK_SIZE * BLOCK_SIZE);
        }
    }
}
