//! Input and output plumbing: transparent decompression of inputs, compressed
//! and atomic outputs, and broken-pipe detection.
//!
//! Inputs are sniffed by their magic bytes (never trusted by extension), so
//! `iccf convert games.pgn.gz`, `iccf convert renamed.pgn` and
//! `zstd -dc x.zst | iccf convert -` all take the same path through
//! [`open_reader`]. Outputs are compressed by their extension and, when they
//! are files, only replace the target on [`Output::commit`].

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, bail};
use tempfile::TempPath;

/// Size of the read buffer under the decoders and of the write buffer above
/// the encoders. Large enough that syscalls and decoder calls are rare next to
/// the conversion work, small enough to be irrelevant for memory.
const BUF_SIZE: usize = 256 * 1024;

/// The longest magic number we sniff (xz's six bytes).
const MAGIC_LEN: usize = 6;

/// Compression formats understood on input and output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// gzip (RFC 1952), possibly several concatenated members.
    Gzip,
    /// bzip2, possibly several concatenated streams.
    Bzip2,
    /// xz, possibly several concatenated streams.
    Xz,
    /// Zstandard, possibly several frames.
    Zstd,
}

impl Compression {
    /// Detects the format from the first bytes of a stream (fewer than six
    /// bytes are fine: a short stream is simply plain).
    ///
    /// ```
    /// use iccf_cli::io::Compression;
    ///
    /// assert_eq!(Compression::from_magic(b"\x1f\x8b\x08\x00"), Compression::Gzip);
    /// assert_eq!(Compression::from_magic(b"BZh9"), Compression::Bzip2);
    /// assert_eq!(Compression::from_magic(b"BZh is a tag"), Compression::None);
    /// ```
    pub fn from_magic(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            // A zstd skippable frame (pzstd starts its output with one); the
            // zstd decoder skips it like any other.
            [0x50..=0x5F, 0x2A, 0x4D, 0x18, ..] => Compression::Zstd,
            [0x1F, 0x8B, ..] => Compression::Gzip,
            // "BZh" followed by the block size digit, so that a text file that
            // happens to start with "BZh" is not taken for bzip2.
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Compression::Xz,
            _ => Compression::None,
        }
    }

    /// Chooses the output format from a file name's extension
    /// (case-insensitive): `.zst`/`.zstd`, `.gz`, `.bz2`, `.xz`; plain otherwise.
    ///
    /// ```
    /// use iccf_cli::io::Compression;
    /// use std::path::Path;
    ///
    /// assert_eq!(Compression::from_extension(Path::new("out.PGN.ZST")), Compression::Zstd);
    /// assert_eq!(Compression::from_extension(Path::new("out.pgn")), Compression::None);
    /// ```
    pub fn from_extension(path: &Path) -> Compression {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("zst" | "zstd") => Compression::Zstd,
            Some("gz") => Compression::Gzip,
            Some("bz2") => Compression::Bzip2,
            Some("xz") => Compression::Xz,
            _ => Compression::None,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "plain",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
            Compression::Zstd => "zstd",
        })
    }
}

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

/// Returns true for the path `-`, which stands for stdin or stdout.
pub fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Opens a file (or stdin for `-`) and decompresses it according to its
/// magic bytes.
pub fn open_input(path: &Path) -> anyhow::Result<Input> {
    if is_stdio(path) {
        return open_reader(Box::new(io::stdin()), "<stdin>", stdin_len());
    }
    let name = path.display().to_string();
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    let meta = file
        .metadata()
        .with_context(|| format!("cannot stat {name}"))?;
    if meta.is_dir() {
        bail!("{name} is a directory");
    }
    // Only regular files have a meaningful size (not FIFOs or /dev/stdin).
    let len = meta.is_file().then_some(meta.len());
    open_reader(Box::new(file), name, len)
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
fn stdin_metadata() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

/// The shared core of [`open_input`]: sniffs the magic bytes of `raw` and
/// stacks the matching decoder on it. Tests feed it a `Cursor`.
///
/// ```
/// use iccf_cli::io::{Compression, open_reader};
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
/// # Ok::<_, anyhow::Error>(())
/// ```
pub fn open_reader(
    raw: Box<dyn Read + Send>,
    name: impl Into<String>,
    len: Option<u64>,
) -> anyhow::Result<Input> {
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
        .with_context(|| format!("cannot read {name}"))?;
    let compression = Compression::from_magic(&head);

    let buffered = BufReader::with_capacity(BUF_SIZE, Cursor::new(head).chain(counting));
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(buffered),
        // The Multi* and multi-stream decoders keep reading after the end of
        // the first member/stream, as `gzip -d` and `cat a.gz b.gz` expect.
        Compression::Gzip => decode(
            buffered,
            flate2::bufread::MultiGzDecoder::new,
            &name,
            compression,
        ),
        Compression::Bzip2 => decode(
            buffered,
            bzip2::bufread::MultiBzDecoder::new,
            &name,
            compression,
        ),
        Compression::Xz => decode(
            buffered,
            liblzma::bufread::XzDecoder::new_multi_decoder,
            &name,
            compression,
        ),
        Compression::Zstd => {
            // zstd's streaming decoder reads every frame by default.
            let decoder = zstd::stream::read::Decoder::with_buffer(buffered)
                .with_context(|| format!("cannot initialise the zstd decoder for {name}"))?;
            Box::new(DecodeErrorContext::new(decoder, &name, compression))
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

/// Adds "name (format)" to decoder errors: "corrupt deflate stream" alone does
/// not tell which of several inputs is broken.
struct DecodeErrorContext<R> {
    inner: R,
    context: String,
}

impl<R> DecodeErrorContext<R> {
    fn new(inner: R, name: &str, compression: Compression) -> Self {
        DecodeErrorContext {
            inner,
            context: format!("{name} ({compression})"),
        }
    }
}

impl<R: Read> Read for DecodeErrorContext<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                e
            } else {
                io::Error::new(e.kind(), format!("{}: {e}", self.context))
            }
        })
    }
}

/// The compressor stack under an [`Output`]'s buffer.
enum Sink {
    Stdout(io::Stdout),
    Plain(File),
    Gzip(flate2::write::GzEncoder<File>),
    Bzip2(bzip2::write::BzEncoder<File>),
    Xz(liblzma::write::XzEncoder<File>),
    Zstd(zstd::stream::write::Encoder<'static, File>),
}

impl Sink {
    fn new(file: File, compression: Compression) -> io::Result<Sink> {
        Ok(match compression {
            Compression::None => Sink::Plain(file),
            Compression::Gzip => Sink::Gzip(flate2::write::GzEncoder::new(
                file,
                flate2::Compression::default(),
            )),
            Compression::Bzip2 => Sink::Bzip2(bzip2::write::BzEncoder::new(
                file,
                bzip2::Compression::default(),
            )),
            // Level 6 is xz's own default.
            Compression::Xz => Sink::Xz(liblzma::write::XzEncoder::new(file, 6)),
            // Level 0 means zstd's default (3).
            Compression::Zstd => Sink::Zstd(zstd::stream::write::Encoder::new(file, 0)?),
        })
    }

    fn as_write(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::Plain(w) => w,
            Sink::Gzip(w) => w,
            Sink::Bzip2(w) => w,
            Sink::Xz(w) => w,
            Sink::Zstd(w) => w,
        }
    }

    /// Writes the compressor's trailer and returns the file (None for stdout).
    fn finish(self) -> io::Result<Option<File>> {
        Ok(Some(match self {
            Sink::Stdout(mut w) => {
                w.flush()?;
                return Ok(None);
            }
            Sink::Plain(w) => w,
            Sink::Gzip(w) => w.finish()?,
            Sink::Bzip2(w) => w.finish()?,
            Sink::Xz(w) => w.finish()?,
            Sink::Zstd(w) => w.finish()?,
        }))
    }
}

/// Where converted games go: stdout, or a file written atomically.
///
/// A file output is written to a temporary file in the target's directory and
/// renamed over the target by [`Output::commit`]. Dropping an `Output` without
/// committing it (an error, a panic) deletes the temporary file and leaves the
/// target untouched. A process killed by a signal runs no destructors: the
/// temporary file, named `.iccf-*.tmp`, then stays behind; the binary can
/// install a Ctrl-C handler that makes the pipeline fail so the drop runs.
pub struct Output {
    // Field order matters: the writer (and its file) drop before the temp
    // path deletes the file.
    writer: BufWriter<Sink>,
    temp: Option<TempPath>,
    target: Option<PathBuf>,
    name: String,
    compression: Compression,
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Output")
            .field("name", &self.name)
            .field("compression", &self.compression)
            .field("temp", &self.temp.as_deref())
            .finish_non_exhaustive()
    }
}

/// Opens the output: stdout for `None` or `-` (always plain), otherwise a
/// temporary file next to `path`, compressed according to `path`'s extension.
///
/// Refuses an output that is the same file as one of `inputs` (also through
/// symlinks, hard links or a stdin redirection), since replacing it would
/// destroy the input; a read-only file unless `force`; and a symlink whose
/// target does not exist. A symlink to an existing file is written through:
/// the file it points to is replaced and the link stays a link.
///
/// ```
/// use iccf_cli::io::create_output;
/// use std::io::Write;
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("out.pgn");
/// let mut output = create_output(Some(&path), &[], false)?;
/// output.write_all(b"1. e4 *\n")?;
/// assert!(!path.exists()); // written to a temporary file until committed
/// output.commit()?;
/// assert_eq!(std::fs::read(&path)?, b"1. e4 *\n");
/// # Ok::<_, anyhow::Error>(())
/// ```
pub fn create_output(
    path: Option<&Path>,
    inputs: &[PathBuf],
    force: bool,
) -> anyhow::Result<Output> {
    let path = match path {
        Some(p) if !is_stdio(p) => p,
        _ => {
            return Ok(Output {
                writer: BufWriter::with_capacity(BUF_SIZE, Sink::Stdout(io::stdout())),
                temp: None,
                target: None,
                name: "<stdout>".to_owned(),
                compression: Compression::None,
            });
        }
    };
    let name = path.display().to_string();
    let existing = existing_output(path, &name)?;
    if let Some(meta) = &existing {
        check_replaceable(path, &name, meta, inputs, force)?;
        // A device or pipe (`-o /dev/null`, a FIFO) is written as it is: a
        // rename would put a regular file in its place.
        if !meta.is_file() {
            return open_in_place(path, name);
        }
    }
    // Write through a symlink to its target rather than replacing the link.
    let target = match &existing {
        Some(_) => fs::canonicalize(path).with_context(|| format!("cannot resolve {name}"))?,
        None => path.to_path_buf(),
    };
    let file = temp_file_beside(&target, existing.as_ref(), &name)?;
    let (file, temp) = file.into_parts();
    let compression = Compression::from_extension(path);
    let sink = Sink::new(file, compression)
        .with_context(|| format!("cannot start the {compression} compressor for {name}"))?;
    Ok(Output {
        writer: BufWriter::with_capacity(BUF_SIZE, sink),
        temp: Some(temp),
        target: Some(target),
        name,
        compression,
    })
}

/// Refuses to replace a directory, a read-only file unless `force`, or one
/// of the inputs.
fn check_replaceable(
    path: &Path,
    name: &str,
    meta: &fs::Metadata,
    inputs: &[PathBuf],
    force: bool,
) -> anyhow::Result<()> {
    if meta.is_dir() {
        bail!("output {name} is a directory");
    }
    if meta.is_file() && meta.permissions().readonly() && !force {
        bail!("output {name} is read-only; use --force to replace it");
    }
    for input in inputs {
        if same_file(input, path, meta) {
            bail!(
                "output {name} is the same file as input {}; refusing to overwrite it",
                if is_stdio(input) {
                    "<stdin>".to_owned()
                } else {
                    input.display().to_string()
                }
            );
        }
    }
    Ok(())
}

/// An output written where it is: a device or a pipe.
fn open_in_place(path: &Path, name: String) -> anyhow::Result<Output> {
    let file = fs::OpenOptions::new()
        .write(true)
        .open(path)
        .with_context(|| format!("cannot open output {name}"))?;
    let compression = Compression::from_extension(path);
    let sink = Sink::new(file, compression)
        .with_context(|| format!("cannot start the {compression} compressor for {name}"))?;
    Ok(Output {
        writer: BufWriter::with_capacity(BUF_SIZE, sink),
        temp: None,
        target: None,
        name,
        compression,
    })
}

/// A temporary file in `target`'s folder, to be renamed over it: with the
/// permissions of the file it replaces, or those the umask gives a new one.
fn temp_file_beside(
    target: &Path,
    existing: Option<&fs::Metadata>,
    name: &str,
) -> anyhow::Result<tempfile::NamedTempFile> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".iccf-").suffix(".tmp");
    #[cfg(unix)]
    {
        // NamedTempFile defaults to 0600; ask for 0666 so the umask applies as
        // for any new file, or keep the permissions of the file we replace.
        use std::os::unix::fs::PermissionsExt;
        let perms = match existing {
            Some(meta) => meta.permissions(),
            None => fs::Permissions::from_mode(0o666),
        };
        builder.permissions(perms);
    }
    #[cfg(not(unix))]
    let _ = existing;
    builder
        .tempfile_in(&dir)
        // The error names the temporary file, which the user never asked for.
        .map_err(|e| e.raw_os_error().map_or(e, io::Error::from_raw_os_error))
        .with_context(|| {
            format!(
                "cannot write {name}: cannot create a temporary file in {}",
                dir.display()
            )
        })
}

/// The metadata of the file an output path leads to, `None` if there is no
/// such file yet. A symlink whose target is missing is refused: writing
/// through it would create a file wherever it points, and replacing it
/// would turn the link into a file.
fn existing_output(path: &Path, name: &str) -> anyhow::Result<Option<fs::Metadata>> {
    match fs::metadata(path) {
        Ok(meta) => Ok(Some(meta)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Ok(link) = fs::read_link(path) {
                bail!(
                    "output {name} is a symlink to {}, which does not exist; \
                     refusing to replace the link",
                    link.display()
                );
            }
            Ok(None)
        }
        Err(e) => Err(e).with_context(|| format!("cannot stat output {name}")),
    }
}

/// Whether `input` names the same file as the existing output `output`.
fn same_file(input: &Path, output: &Path, output_meta: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let input_meta = if is_stdio(input) {
            stdin_metadata()
        } else {
            fs::metadata(input).ok()
        };
        if let Some(m) = input_meta
            && (m.dev(), m.ino()) == (output_meta.dev(), output_meta.ino())
        {
            return true;
        }
    }
    #[cfg(not(unix))]
    let _ = output_meta;
    if is_stdio(input) {
        return false;
    }
    match (fs::canonicalize(input), fs::canonicalize(output)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

impl Output {
    /// `"<stdout>"` or the target path, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when writing to stdout.
    pub fn is_stdout(&self) -> bool {
        self.target.is_none()
    }

    /// The compression applied to the output.
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// The temporary file being written, if any (for a signal handler that
    /// wants to remove it).
    pub fn temp_path(&self) -> Option<&Path> {
        self.temp.as_deref()
    }

    /// Finishes the compressor, flushes, and for a file fsyncs it and renames
    /// it over the target. Without this call nothing replaces the target.
    pub fn commit(self) -> anyhow::Result<()> {
        let Output {
            writer,
            temp,
            target,
            name,
            ..
        } = self;
        let sink = writer
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {name}"))?;
        let file = sink
            .finish()
            .with_context(|| format!("cannot write {name}"))?;
        let (Some(file), Some(temp), Some(target)) = (file, temp, target) else {
            return Ok(());
        };
        file.sync_all()
            .with_context(|| format!("cannot sync {name}"))?;
        drop(file);
        temp.persist(&target)
            .map_err(|e| e.error)
            .with_context(|| format!("cannot rename the temporary file to {name}"))?;
        sync_parent_dir(&target);
        Ok(())
    }
}

/// Makes the rename durable. Best effort: some file systems refuse to fsync a
/// directory, and the data itself is already synced.
fn sync_parent_dir(target: &Path) {
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = target;
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    /// Flushes the buffer into the compressor and file (or stdout). It does
    /// not end the compressed stream; [`Output::commit`] does.
    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()?;
        self.writer.get_mut().as_write().flush()
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.as_write().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.as_write().flush()
    }
}

/// True when `err` was caused by writing to a closed pipe
/// (`iccf convert big.pgn | head`), after which the binary should exit quietly.
///
/// ```
/// use anyhow::Context;
/// use iccf_cli::io::is_broken_pipe;
/// use std::io;
///
/// let closed: anyhow::Result<()> = Err(io::Error::from(io::ErrorKind::BrokenPipe).into());
/// assert!(is_broken_pipe(&closed.context("cannot write <stdout>").unwrap_err()));
/// assert!(!is_broken_pipe(&anyhow::anyhow!("cannot open games.pgn")));
/// ```
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        // io::Error::source skips the error it wraps, so look inside
        // wrapped io::Errors by hand.
        let mut current: Option<&(dyn std::error::Error + 'static)> = Some(cause);
        while let Some(e) = current {
            match e.downcast_ref::<io::Error>() {
                Some(io_err) if io_err.kind() == io::ErrorKind::BrokenPipe => return true,
                Some(io_err) => current = io_err.get_ref().map(|inner| inner as _),
                None => current = None,
            }
        }
        false
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const TEXT: &[u8] = b"[Event \"Test\"]\n[Site \"?\"]\n\n1. 5254 5755 2. 7163 8876 1-0\n";

    fn sample(n: usize) -> Vec<u8> {
        TEXT.repeat(n)
    }

    fn read_all(input: Input) -> Vec<u8> {
        let mut out = Vec::new();
        let mut r = input.reader;
        r.read_to_end(&mut out).unwrap();
        out
    }

    fn compress(data: &[u8], c: Compression) -> Vec<u8> {
        match c {
            Compression::None => data.to_vec(),
            Compression::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Xz => {
                let mut e = liblzma::write::XzEncoder::new(Vec::new(), 1);
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Compression::Zstd => zstd::encode_all(data, 1).unwrap(),
        }
    }

    const ALL: [Compression; 5] = [
        Compression::None,
        Compression::Gzip,
        Compression::Bzip2,
        Compression::Xz,
        Compression::Zstd,
    ];

    /// A reader that hands out one byte per call, like a slow pipe.
    pub(crate) struct Trickle<R>(pub(crate) R);
    impl<R: Read> Read for Trickle<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(1);
            self.0.read(&mut buf[..n])
        }
    }

    #[test]
    fn magic_detection() {
        assert_eq!(Compression::from_magic(b""), Compression::None);
        assert_eq!(Compression::from_magic(b"\x1f"), Compression::None);
        assert_eq!(Compression::from_magic(b"\x1f\x8b"), Compression::Gzip);
        assert_eq!(Compression::from_magic(b"BZh9"), Compression::Bzip2);
        assert_eq!(Compression::from_magic(b"BZh "), Compression::None);
        assert_eq!(Compression::from_magic(b"\xfd7zXZ\x00"), Compression::Xz);
        assert_eq!(
            Compression::from_magic(b"\x28\xb5\x2f\xfd"),
            Compression::Zstd
        );
        assert_eq!(Compression::from_magic(b"[Event"), Compression::None);
    }

    #[test]
    fn extension_detection() {
        let c = |p: &str| Compression::from_extension(Path::new(p));
        assert_eq!(c("a.pgn.zst"), Compression::Zstd);
        assert_eq!(c("a.pgn.GZ"), Compression::Gzip);
        assert_eq!(c("a.bz2"), Compression::Bzip2);
        assert_eq!(c("dir.xz/a.pgn"), Compression::None);
        assert_eq!(c("a.xz"), Compression::Xz);
        assert_eq!(c("a"), Compression::None);
    }

    #[test]
    fn stdin_like_readers_are_sniffed() {
        let data = sample(500);
        for c in ALL {
            let compressed = compress(&data, c);
            // One byte per read: the magic must still be recognised.
            let input = open_reader(
                Box::new(Trickle(Cursor::new(compressed.clone()))),
                "<stdin>",
                None,
            )
            .unwrap();
            assert_eq!(input.compression, c);
            let counter = input.bytes_read.clone();
            assert_eq!(read_all(input), data, "{c}");
            assert_eq!(counter.get(), compressed.len() as u64, "{c}");
        }
    }

    #[test]
    fn tiny_and_empty_inputs_are_plain() {
        for data in [&b""[..], b"1", b"\x1f", b"BZh"] {
            let input = open_reader(Box::new(Cursor::new(data.to_vec())), "x", None).unwrap();
            assert_eq!(input.compression, Compression::None);
            assert_eq!(read_all(input), data);
        }
    }

    #[test]
    fn concatenated_members_are_read_fully() {
        let a = sample(100);
        let b = b"[Event \"Second\"]\n\n1. 5254 1/2-1/2\n".to_vec();
        for c in [
            Compression::Gzip,
            Compression::Bzip2,
            Compression::Xz,
            Compression::Zstd,
        ] {
            let mut both = compress(&a, c);
            both.extend(compress(&b, c));
            both.extend(compress(&a, c));
            let input = open_reader(Box::new(Cursor::new(both)), "cat", None).unwrap();
            let mut want = a.clone();
            want.extend(&b);
            want.extend(&a);
            assert_eq!(read_all(input), want, "{c}");
        }
    }

    #[test]
    fn truncated_compressed_input_is_an_error() {
        let data = sample(2000);
        for c in [
            Compression::Gzip,
            Compression::Bzip2,
            Compression::Xz,
            Compression::Zstd,
        ] {
            let compressed = compress(&data, c);
            let cut = compressed[..compressed.len() / 2].to_vec();
            let input = open_reader(Box::new(Cursor::new(cut)), "cut.pgn", None).unwrap();
            let mut out = Vec::new();
            let mut r = input.reader;
            let err = r.read_to_end(&mut out).unwrap_err();
            assert!(err.to_string().contains("cut.pgn"), "{c}: {err}");
        }
    }

    #[test]
    fn round_trip_through_files() {
        let dir = tempfile::tempdir().unwrap();
        let data = sample(3000);
        for (ext, c) in [
            ("pgn", Compression::None),
            ("pgn.gz", Compression::Gzip),
            ("pgn.bz2", Compression::Bzip2),
            ("pgn.xz", Compression::Xz),
            ("pgn.zst", Compression::Zstd),
        ] {
            let path = dir.path().join(format!("out.{ext}"));
            let mut out = create_output(Some(&path), &[], false).unwrap();
            assert_eq!(out.compression(), c);
            // Many small writes, as a writer emitting game by game would.
            for chunk in data.chunks(37) {
                out.write_all(chunk).unwrap();
            }
            out.commit().unwrap();

            let input = open_input(&path).unwrap();
            assert_eq!(input.compression, c, "{ext}");
            let file_len = fs::metadata(&path).unwrap().len();
            assert_eq!(input.len, Some(file_len));
            let counter = input.bytes_read.clone();
            assert_eq!(read_all(input), data, "{ext}");
            assert_eq!(counter.get(), file_len);
            if c != Compression::None {
                assert!(file_len < data.len() as u64 / 5, "{ext}: {file_len}");
            }
        }
        // Only the outputs are left: no temporary files.
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 5, "{names:?}");
        assert!(names.iter().all(|n| n.starts_with("out.")), "{names:?}");
    }

    #[test]
    fn detection_ignores_misleading_extension() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("really-gzip.pgn");
        fs::write(&path, compress(TEXT, Compression::Gzip)).unwrap();
        let input = open_input(&path).unwrap();
        assert_eq!(input.compression, Compression::Gzip);
        assert_eq!(read_all(input), TEXT);
    }

    #[test]
    fn uncommitted_output_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn.gz");
        let mut out = create_output(Some(&path), &[], false).unwrap();
        out.write_all(&sample(10_000)).unwrap();
        out.flush().unwrap();
        let temp = out.temp_path().unwrap().to_path_buf();
        assert!(temp.exists());
        drop(out);
        assert!(!temp.exists());
        assert!(!path.exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn uncommitted_output_keeps_old_target() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        fs::write(&path, b"old contents").unwrap();
        let mut out = create_output(Some(&path), &[], false).unwrap();
        out.write_all(b"new contents").unwrap();
        drop(out);
        assert_eq!(fs::read(&path).unwrap(), b"old contents");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);

        let mut out = create_output(Some(&path), &[], false).unwrap();
        out.write_all(b"new contents").unwrap();
        out.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new contents");
    }

    #[cfg(unix)]
    #[test]
    fn new_output_has_ordinary_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.pgn");
        let out = create_output(Some(&path), &[], false).unwrap();
        out.commit().unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        // Whatever the umask, group/other get more than NamedTempFile's 0600
        // unless the umask itself forbids it; owner read/write always.
        assert_eq!(mode & 0o600, 0o600);
        let reference = dir.path().join("reference");
        File::create(&reference).unwrap();
        let want = fs::metadata(&reference).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, want);
    }

    #[test]
    fn refuses_output_equal_to_input() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("games.pgn");
        fs::write(&input, TEXT).unwrap();
        let other = dir.path().join("other.pgn");
        fs::write(&other, TEXT).unwrap();

        let err = create_output(Some(&input), &[other.clone(), input.clone()], false).unwrap_err();
        assert!(err.to_string().contains("same file"), "{err}");
        // Via a different spelling of the same path.
        let dotted = dir.path().join(".").join("games.pgn");
        assert!(create_output(Some(&dotted), std::slice::from_ref(&input), false).is_err());
        #[cfg(unix)]
        {
            let link = dir.path().join("hard.pgn");
            fs::hard_link(&input, &link).unwrap();
            assert!(create_output(Some(&link), std::slice::from_ref(&input), false).is_err());
            let sym = dir.path().join("sym.pgn");
            std::os::unix::fs::symlink(&input, &sym).unwrap();
            assert!(create_output(Some(&sym), std::slice::from_ref(&input), false).is_err());
        }
        assert_eq!(fs::read(&input).unwrap(), TEXT);

        // A different existing file, and a file that doesn't exist yet, are fine.
        create_output(Some(&other), std::slice::from_ref(&input), false).unwrap();
        let new = dir.path().join("new.pgn");
        create_output(Some(&new), std::slice::from_ref(&new), false).unwrap();
    }

    #[test]
    fn output_to_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(create_output(Some(dir.path()), &[], false).is_err());
    }

    #[test]
    fn missing_input_names_the_file() {
        let err = open_input(Path::new("/nonexistent/x.pgn")).unwrap_err();
        assert!(format!("{err:#}").contains("/nonexistent/x.pgn"), "{err:#}");
    }

    #[test]
    fn stdout_output_is_plain() {
        let out = create_output(None, &[], false).unwrap();
        assert!(out.is_stdout());
        assert_eq!(out.compression(), Compression::None);
        let out = create_output(Some(Path::new("-")), &[], false).unwrap();
        assert!(out.is_stdout());
        assert_eq!(out.name(), "<stdout>");
    }

    #[test]
    fn broken_pipe_is_found_in_the_chain() {
        let bp = io::Error::new(io::ErrorKind::BrokenPipe, "pipe");
        let err = anyhow::Error::new(bp).context("cannot write <stdout>");
        assert!(is_broken_pipe(&err));
        let wrapped = io::Error::other(io::Error::new(io::ErrorKind::BrokenPipe, "x"));
        assert!(is_broken_pipe(&anyhow::Error::new(wrapped)));
        let other = anyhow::Error::new(io::Error::other("disk full")).context("x");
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!("plain")));
    }

    #[cfg(unix)]
    #[test]
    fn dev_null_is_written_not_replaced() {
        // Regression: `-o /dev/null` renamed a temporary file over the device.
        let path = Path::new("/dev/null");
        let mut out = create_output(Some(path), &[], false).unwrap();
        out.write_all(b"1. e4 e5 *\n").unwrap();
        out.commit().unwrap();
        let meta = fs::metadata(path).unwrap();
        assert!(!meta.is_file(), "/dev/null became a regular file");
    }
}
