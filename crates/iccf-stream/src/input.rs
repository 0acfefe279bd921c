//! Opening inputs: a file or standard input, decompressed as a stream by
//! the format its magic bytes show (never trusted by extension), so that
//! `iccf convert games.pgn.gz`, `iccf convert renamed.pgn` and
//! `zstd -dc x.zst | iccf convert -` take the same path through
//! [`open_reader`].

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::compression::Compression;
use crate::error::{Operation, StreamError};
use crate::read_ahead::ReadAhead;

/// Size of the read buffer under the decoders. Large enough that syscalls
/// and decoder calls are rare next to the conversion work, small enough to
/// be irrelevant for memory.
pub(crate) const BUF_SIZE: usize = 256 * 1024;

/// The longest magic number we sniff (xz's six bytes).
const MAGIC_LEN: usize = 6;

/// A shared count of the raw (still compressed) bytes read from an input.
///
/// Cloning shares the counter, so the progress bar can poll it while the
/// reader runs on another thread.
#[derive(Clone, Debug, Default)]
pub struct ByteCounter(Arc<AtomicU64>);

impl ByteCounter {
    /// Bytes read from the underlying file or pipe so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A reader that adds every byte it reads to a [`ByteCounter`].
///
/// It sits directly on the file, under the decoder, so the count is comparable
/// with the file size whatever the compression.
#[derive(Debug)]
pub struct CountingReader<R> {
    inner: R,
    counter: ByteCounter,
}

impl<R: Read> CountingReader<R> {
    /// Wraps `inner`, counting into `counter`.
    pub fn new(inner: R, counter: ByteCounter) -> Self {
        CountingReader { inner, counter }
    }
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        // Relaxed: the counter is only a progress indication.
        self.counter.0.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened, decompressing input.
pub struct Input {
    /// The decompressed byte stream.
    pub reader: Box<dyn Read + Send>,
    /// Size of the underlying (compressed) file, when known: `None` for pipes.
    pub len: Option<u64>,
    /// `"<stdin>"` or the path, for messages.
    pub name: String,
    /// Raw bytes read so far, to compare with `len` for progress.
    pub bytes_read: ByteCounter,
    /// The detected compression format.
    pub compression: Compression,
}

impl fmt::Debug for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .field("len", &self.len)
            .field("compression", &self.compression)
            .field("bytes_read", &self.bytes_read.get())
            .finish_non_exhaustive()
    }
}

/// How long a live input may send nothing before the games read so far
/// are written: short enough to look immediate, long enough that a pipe
/// fed at speed never waits so.
pub const LIVE_PAUSE: Duration = Duration::from_millis(100);

/// The memory a decoder may take by default: 128 MiB, enough for every xz
/// preset (`xz -9` asks for 65 MiB) and for zstd's largest window without
/// `--long` (2^27 bytes), so that a small file whose header asks for a
/// gigabyte window is refused instead of obeyed.
pub const DEFAULT_DECODER_MEMORY: u64 = 128 << 20;

/// Opens `path` for reading only if it is a regular file itself: a
/// symbolic link in its place is refused (ELOOP) rather than followed, and
/// a FIFO is refused rather than waited on. For a folder's own files (the
/// web desk's games folder), where a link swapped in between a check and
/// the open would otherwise lead out of the folder.
pub fn open_own_file(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
}

/// Returns true for the path `-`, which stands for stdin or stdout.
pub fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Opens a file (or stdin for `-`) and decompresses it according to its
/// magic bytes, its decoder within [`DEFAULT_DECODER_MEMORY`].
pub fn open_input(path: &Path) -> Result<Input, StreamError> {
    open_input_within(path, DEFAULT_DECODER_MEMORY)
}

/// [`open_input`] with the decoder's memory limited to `decoder_memory`
/// bytes: the xz decoder's `memlimit`, and zstd's largest window (the
/// power of two at or below it).
pub fn open_input_within(path: &Path, decoder_memory: u64) -> Result<Input, StreamError> {
    if is_stdio(path) {
        let stdin = Box::new(WaitingStdin(io::stdin()));
        return open_reader_within(stdin, "<stdin>", stdin_len(), decoder_memory);
    }
    let name = path.display().to_string();
    let fail = |operation, err| StreamError::io(operation, &name, Some(path), err);
    let file = File::open(path).map_err(|err| fail(Operation::Open, err))?;
    let meta = file.metadata().map_err(|err| fail(Operation::Stat, err))?;
    if meta.is_dir() {
        return Err(StreamError::IsDirectory {
            path: path.to_path_buf(),
            output: false,
        });
    }
    // Only regular files have a meaningful size (not FIFOs or /dev/stdin).
    let len = meta.is_file().then_some(meta.len());
    open_reader_within(Box::new(file), name, len, decoder_memory)
}

impl Input {
    /// This input decoded on a thread of its own ([`ReadAhead`]), beside
    /// the splitting and converting rather than before them, if it is
    /// compressed; plain text is read as it is (the thread would only add
    /// a copy). Its reader must not need the caller's thread: a Python
    /// file object needs the GIL its caller may hold.
    ///
    /// Worth it where a core is to spare: `iccf convert -j1` of a `.zst`
    /// file on 2 cores takes a sixth less time, of a `.gz` a fifth; with a
    /// worker on every core the thread only takes their time.
    #[must_use]
    pub fn decoded_ahead(mut self) -> Input {
        if self.compression != Compression::None {
            // Without a thread to spare (a process limit), read inline.
            self.reader = match ReadAhead::new(self.reader) {
                Ok(ahead) => Box::new(ahead),
                Err(reader) => reader,
            };
        }
        self
    }
}

impl Input {
    /// Whether this input is a stream of unknown length (a pipe, a FIFO, a
    /// terminal), which may pause between games: a game server's stream,
    /// `tail -f`.
    pub fn is_live(&self) -> bool {
        self.len.is_none()
    }

    /// This input read on a thread of its own as a live stream
    /// ([`ReadAhead::live`]): each read handed on as it comes, decoded if
    /// compressed, and a pause of [`LIVE_PAUSE`] said to the splitter, so
    /// that the games read so far are converted and written at once
    /// rather than when the input ends.
    #[must_use]
    pub fn read_live(mut self) -> Input {
        // Without a thread to spare (a process limit), read inline.
        self.reader = match ReadAhead::live(self.reader, LIVE_PAUSE) {
            Ok(live) => Box::new(live),
            Err(reader) => reader,
        };
        self
    }
}

/// Standard input, read as a blocking one even when the process that
/// started us left it non-blocking: a read that would block waits a
/// moment and tries again, rather than fail (or be taken for a live
/// input's pause, [`ReadAhead::live`]).
struct WaitingStdin(io::Stdin);

/// How long a read of a non-blocking stdin with nothing to read waits
/// before it tries again.
const NONBLOCKING_RETRY: Duration = Duration::from_millis(10);

impl Read for WaitingStdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {
                    std::thread::sleep(NONBLOCKING_RETRY);
                }
                other => return other,
            }
        }
    }
}

/// The size of stdin when it is redirected from a regular file
/// (`iccf convert - < big.pgn`), so the progress bar can show a total.
fn stdin_len() -> Option<u64> {
    #[cfg(unix)]
    {
        let meta = stdin_metadata()?;
        meta.is_file().then_some(meta.len())
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Metadata of the file behind stdin, via a duplicated descriptor so that
/// closing it leaves stdin open.
#[cfg(unix)]
pub(crate) fn stdin_metadata() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

/// The shared core of [`open_input`]: sniffs the magic bytes of `raw` and
/// stacks the matching decoder on it. Tests feed it a `Cursor`.
///
/// ```
/// use iccf_stream::compression::Compression;
/// use iccf_stream::input::open_reader;
/// use std::io::{Cursor, Read, Write};
///
/// let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
/// gz.write_all(b"1. 5254 5755 *\n")?;
/// let raw = gz.finish()?;
/// let raw_len = raw.len() as u64;
///
/// let mut input = open_reader(Box::new(Cursor::new(raw)), "games.pgn.gz", Some(raw_len))?;
/// let mut text = String::new();
/// input.reader.read_to_string(&mut text)?;
/// assert_eq!(text, "1. 5254 5755 *\n");
/// assert_eq!(input.compression, Compression::Gzip);
/// assert_eq!(input.bytes_read.get(), raw_len);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn open_reader(
    raw: Box<dyn Read + Send>,
    name: impl Into<String>,
    len: Option<u64>,
) -> Result<Input, StreamError> {
    open_reader_within(raw, name, len, DEFAULT_DECODER_MEMORY)
}

/// [`open_reader`] with the decoder's memory limited as in
/// [`open_input_within`]. A stream that needs more is refused with a
/// message naming the limit:
///
/// ```
/// use iccf_stream::input::open_reader_within;
/// use std::io::{Cursor, Read};
///
/// // A zstd frame written with a 2^20-byte window, read within 2^19 bytes.
/// let big = vec![b'x'; 2 << 20];
/// let mut encoder = zstd::stream::Encoder::new(Vec::new(), 3)?;
/// encoder.window_log(20)?;
/// std::io::Write::write_all(&mut encoder, &big)?;
/// let raw = encoder.finish()?;
/// let mut input = open_reader_within(Box::new(Cursor::new(raw)), "x.zst", None, 1 << 19)?;
/// let err = input.reader.read_to_end(&mut Vec::new()).unwrap_err();
/// assert!(err.to_string().contains("more than the 0.5 MiB decoder memory"), "{err}");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn open_reader_within(
    raw: Box<dyn Read + Send>,
    name: impl Into<String>,
    len: Option<u64>,
    decoder_memory: u64,
) -> Result<Input, StreamError> {
    let name = name.into();
    let bytes_read = ByteCounter::default();
    let mut counting = CountingReader::new(raw, bytes_read.clone());

    // Read the head ourselves rather than peeking with fill_buf: a pipe may
    // deliver fewer than six bytes per read, and then fill_buf would not show
    // the whole magic number.
    let mut head = Vec::with_capacity(MAGIC_LEN);
    (&mut counting)
        .take(MAGIC_LEN as u64)
        .read_to_end(&mut head)
        .map_err(|err| StreamError::io(Operation::Read, &name, None, err))?;
    let compression = Compression::from_magic(&head);

    let buffered = BufReader::with_capacity(BUF_SIZE, Cursor::new(head).chain(counting));
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(buffered),
        // The Multi* and multi-stream decoders keep reading after the end of
        // the first member/stream, as `gzip -d` and `cat a.gz b.gz` expect.
        Compression::Gzip => decode(buffered, GzMembers::new, &name, compression),
        Compression::Bzip2 => decode(
            buffered,
            bzip2::bufread::MultiBzDecoder::new,
            &name,
            compression,
        ),
        Compression::Xz => {
            let stream = liblzma::stream::Stream::new_stream_decoder(
                decoder_memory,
                liblzma::stream::CONCATENATED,
            )
            .map_err(|err| StreamError::io(Operation::StartCodec, &name, None, err.into()))?;
            let decoder = liblzma::bufread::XzDecoder::new_stream(buffered, stream);
            Box::new(DecodeErrorContext::new(decoder, &name, compression).within(decoder_memory))
        }
        Compression::Zstd => {
            // zstd's streaming decoder reads every frame by default.
            let start = |err| StreamError::io(Operation::StartCodec, &name, None, err);
            let mut decoder = zstd::stream::read::Decoder::with_buffer(buffered).map_err(start)?;
            decoder
                .window_log_max(window_log(decoder_memory))
                .map_err(start)?;
            Box::new(DecodeErrorContext::new(decoder, &name, compression).within(decoder_memory))
        }
    };
    Ok(Input {
        reader,
        len,
        name,
        bytes_read,
        compression,
    })
}

/// Builds a decoder and attaches the input's name to its errors.
fn decode<B, D>(
    buffered: B,
    make: impl FnOnce(B) -> D,
    name: &str,
    compression: Compression,
) -> Box<dyn Read + Send>
where
    D: Read + Send + 'static,
{
    Box::new(DecodeErrorContext::new(make(buffered), name, compression))
}

/// zstd's window limit for `decoder_memory` bytes: the largest power of two
/// at or below it, within what zstd accepts (2^10 to 2^31).
fn window_log(decoder_memory: u64) -> u32 {
    decoder_memory.max(1).ilog2().clamp(10, 31)
}

/// Adds "name (format)" to decoder errors: "corrupt deflate stream" alone does
/// not tell which of several inputs is broken. A stream over the decoder's
/// memory limit says which limit and how to raise it.
struct DecodeErrorContext<R> {
    inner: R,
    context: String,
    /// The decoder's memory limit, for xz and zstd.
    memory: Option<u64>,
}

impl<R> DecodeErrorContext<R> {
    fn new(inner: R, name: &str, compression: Compression) -> Self {
        DecodeErrorContext {
            inner,
            context: format!("{name} ({compression})"),
            memory: None,
        }
    }

    fn within(mut self, memory: u64) -> Self {
        self.memory = Some(memory);
        self
    }
}

/// Whether a decoder error says the stream needs more memory than allowed:
/// liblzma's `MemLimit`, zstd's "window too large".
fn over_memory_limit(err: &io::Error) -> bool {
    let xz = err
        .get_ref()
        .and_then(|e| e.downcast_ref::<liblzma::stream::Error>())
        .is_some_and(|e| matches!(e, liblzma::stream::Error::MemLimit));
    xz || err.to_string().contains("requires too much memory")
}

impl<R: Read> Read for DecodeErrorContext<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            if let Some(memory) = self.memory
                && over_memory_limit(&e)
            {
                let mib = memory as f64 / f64::from(1 << 20);
                return io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    format!(
                        "{}: the stream needs more than the {mib} MiB decoder memory allowed \
                         (a large xz dictionary or zstd --long window); \
                         raise the limit with --decoder-memory",
                        self.context
                    ),
                );
            }
            io::Error::new(e.kind(), format!("{}: {e}", self.context))
        })
    }
}

/// gzip members one after the other, as `gzip -d` reads them: and like
/// it, zero bytes after the last member (tape padding) are ignored, where
/// flate2's `MultiGzDecoder` takes them for a broken header.
struct GzMembers<B> {
    /// The member being read; `None` once the input ended.
    member: Option<flate2::bufread::GzDecoder<B>>,
}

impl<B: BufRead> GzMembers<B> {
    fn new(input: B) -> Self {
        GzMembers {
            member: Some(flate2::bufread::GzDecoder::new(input)),
        }
    }

    /// After a member: true when another one follows, false at the end of
    /// the input or of its padding of zero bytes.
    fn next_member(input: &mut B) -> io::Result<bool> {
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            let zeros = buf.iter().take_while(|&&b| b == 0).count();
            if zeros == 0 {
                return Ok(true);
            }
            input.consume(zeros);
        }
    }
}

impl<B: BufRead> Read for GzMembers<B> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(member) = &mut self.member {
            let n = member.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let Some(member) = self.member.take() else {
                break;
            };
            let mut input = member.into_inner();
            if Self::next_member(&mut input)? {
                self.member = Some(flate2::bufread::GzDecoder::new(input));
            }
        }
        Ok(0)
    }
}
