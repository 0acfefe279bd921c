//! Outputs: standard output, or a file written atomically (a temporary file
//! beside the target, renamed over it on [`Output::commit`]), compressed by
//! the target's extension. The one writer of files: `iccf convert -o`, the
//! correspondence game files and the Python package all write through it, so
//! every output keeps the target's permissions, writes through a symlink to
//! the file it names, and refuses a read-only target unless forced.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

use crate::compression::Compression;
use crate::error::{Operation, StreamError};
use crate::input::{BUF_SIZE, is_stdio, stdin_metadata};
use crate::zstd_frames::FramedZstd;

/// The compressor stack under an [`Output`]'s buffer.
enum Encoder {
    Stdout(io::Stdout),
    Plain(File),
    Gzip(flate2::write::GzEncoder<File>),
    Bzip2(bzip2::write::BzEncoder<File>),
    Xz(liblzma::write::XzEncoder<File>),
    Zstd(zstd::stream::write::Encoder<'static, File>),
    /// Independent frames at game boundaries, with a seek table.
    ZstdFrames(FramedZstd<File>),
}

impl Encoder {
    fn new(file: File, compression: Compression) -> io::Result<Encoder> {
        Ok(match compression {
            Compression::None => Encoder::Plain(file),
            Compression::Gzip => Encoder::Gzip(flate2::write::GzEncoder::new(
                file,
                flate2::Compression::default(),
            )),
            Compression::Bzip2 => Encoder::Bzip2(bzip2::write::BzEncoder::new(
                file,
                bzip2::Compression::default(),
            )),
            // Level 6 is xz's own default.
            Compression::Xz => Encoder::Xz(liblzma::write::XzEncoder::new(file, 6)),
            // Level 0 means zstd's default (3).
            Compression::Zstd => Encoder::Zstd(zstd::stream::write::Encoder::new(file, 0)?),
        })
    }

    fn as_write(&mut self) -> &mut dyn Write {
        match self {
            Encoder::Stdout(w) => w,
            Encoder::Plain(w) => w,
            Encoder::Gzip(w) => w,
            Encoder::Bzip2(w) => w,
            Encoder::Xz(w) => w,
            Encoder::Zstd(w) => w,
            Encoder::ZstdFrames(w) => w,
        }
    }

    /// Writes the compressor's trailer and returns the file (None for stdout).
    fn finish(self) -> io::Result<Option<File>> {
        Ok(Some(match self {
            Encoder::Stdout(mut w) => {
                w.flush()?;
                return Ok(None);
            }
            Encoder::Plain(w) => w,
            Encoder::Gzip(w) => w.finish()?,
            Encoder::Bzip2(w) => w.finish()?,
            Encoder::Xz(w) => w.finish()?,
            Encoder::Zstd(w) => w.finish()?,
            Encoder::ZstdFrames(w) => w.finish()?,
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
    writer: BufWriter<Encoder>,
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
/// use iccf_stream::output::create_output;
/// use std::io::Write;
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("out.pgn");
/// let mut output = create_output(Some(&path), &[], false)?;
/// output.write_all(b"1. e4 *\n")?;
/// assert!(!path.exists()); // written to a temporary file until committed
/// output.commit()?;
/// assert_eq!(std::fs::read(&path)?, b"1. e4 *\n");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn create_output(
    path: Option<&Path>,
    inputs: &[PathBuf],
    force: bool,
) -> Result<Output, StreamError> {
    let path = match path {
        Some(p) if !is_stdio(p) => p,
        _ => {
            check_stdout(inputs)?;
            return Ok(Output {
                writer: BufWriter::with_capacity(BUF_SIZE, Encoder::Stdout(io::stdout())),
                temp: None,
                target: None,
                name: "<stdout>".to_owned(),
                compression: Compression::None,
            });
        }
    };
    let name = path.display().to_string();
    if let Some(extension) = Compression::unwritten(path) {
        return Err(StreamError::UnwrittenCompression { name, extension });
    }
    let existing = existing_output(path, &name)?;
    if let Some(meta) = &existing {
        check_replaceable(path, &name, meta, inputs, force)?;
        // A device or pipe (`-o /dev/null`, a FIFO) is written as it is: a
        // rename would put a regular file in its place.
        if !meta.is_file() {
            return open_in_place(path, name, meta);
        }
    }
    // Write through a symlink to its target rather than replacing the link.
    let target = match &existing {
        Some(_) => fs::canonicalize(path)
            .map_err(|err| StreamError::io(Operation::Resolve, &name, Some(path), err))?,
        None => path.to_path_buf(),
    };
    let file = temp_file_beside(&target, existing.as_ref(), &name)?;
    let (file, temp) = file.into_parts();
    let (writer, compression) = encoder(file, path, &name)?;
    Ok(Output {
        writer,
        temp: Some(temp),
        target: Some(target),
        name,
        compression,
    })
}

/// Refuses a standard output that is closed (`iccf convert >&-`, which
/// Rust's standard library would let write nothing without an error) or that
/// is the same file as one of `inputs` (`iccf convert f.pgn >> f.pgn`, which
/// would read its own output for ever). Every command that writes to
/// standard output asks this first.
///
/// ```
/// use iccf_stream::output::check_stdout;
///
/// // Under `cargo test`, standard output is open and none of these.
/// check_stdout(&[])?;
/// # Ok::<_, iccf_stream::error::StreamError>(())
/// ```
pub fn check_stdout(inputs: &[PathBuf]) -> Result<(), StreamError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if stdout_closed_at_start() || !fd_open(libc::STDOUT_FILENO) {
            return Err(StreamError::StdoutClosed);
        }
        let Some(out) = stdout_metadata().filter(fs::Metadata::is_file) else {
            return Ok(());
        };
        for input in inputs {
            let meta = if is_stdio(input) {
                stdin_metadata()
            } else {
                fs::metadata(input).ok()
            };
            if meta.is_some_and(|m| (m.dev(), m.ino()) == (out.dev(), out.ino())) {
                return Err(StreamError::SameAsInput {
                    output: "<stdout>".to_owned(),
                    input: if is_stdio(input) {
                        "<stdin>".to_owned()
                    } else {
                        input.display().to_string()
                    },
                });
            }
        }
    }
    #[cfg(not(unix))]
    let _ = inputs;
    Ok(())
}

/// Whether descriptor `fd` is open.
#[cfg(unix)]
fn fd_open(fd: libc::c_int) -> bool {
    // SAFETY: fcntl(F_GETFD) only asks whether the descriptor is open.
    unsafe { libc::fcntl(fd, libc::F_GETFD) != -1 }
}

/// Whether standard output was closed when the process started. Rust's
/// runtime opens /dev/null on a closed standard descriptor before `main`,
/// so that `>&-` would look like `>/dev/null`; this is recorded before it,
/// by a constructor that the loader runs first.
#[cfg(unix)]
fn stdout_closed_at_start() -> bool {
    #[cfg(target_os = "linux")]
    {
        STDOUT_CLOSED_AT_START.load(std::sync::atomic::Ordering::Relaxed)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

#[cfg(target_os = "linux")]
static STDOUT_CLOSED_AT_START: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Runs from `.init_array`, before the Rust runtime's own start.
#[cfg(target_os = "linux")]
extern "C" fn record_stdout_at_start() {
    let closed = !fd_open(libc::STDOUT_FILENO);
    STDOUT_CLOSED_AT_START.store(closed, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT_AT_START: extern "C" fn() = record_stdout_at_start;

/// Metadata of the file behind stdout, via a duplicated descriptor.
#[cfg(unix)]
fn stdout_metadata() -> Option<fs::Metadata> {
    use std::os::fd::AsFd;
    let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
    File::from(fd).metadata().ok()
}

/// Refuses to replace a directory, a read-only file unless `force`, or one
/// of the inputs.
fn check_replaceable(
    path: &Path,
    name: &str,
    meta: &fs::Metadata,
    inputs: &[PathBuf],
    force: bool,
) -> Result<(), StreamError> {
    if meta.is_dir() {
        return Err(StreamError::IsDirectory {
            path: path.to_path_buf(),
            output: true,
        });
    }
    if meta.is_file() && meta.permissions().readonly() && !force {
        return Err(StreamError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    for input in inputs {
        if same_file(input, path, meta) {
            return Err(StreamError::SameAsInput {
                output: name.to_owned(),
                input: if is_stdio(input) {
                    "<stdin>".to_owned()
                } else {
                    input.display().to_string()
                },
            });
        }
    }
    Ok(())
}

/// How long an output FIFO may wait for its reader before the run fails.
pub const FIFO_READER_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The buffered compressor for `file`, by `path`'s extension.
fn encoder(
    file: File,
    path: &Path,
    name: &str,
) -> Result<(BufWriter<Encoder>, Compression), StreamError> {
    let compression = Compression::from_extension(path);
    let sink = Encoder::new(file, compression).map_err(|source| StreamError::Codec {
        name: name.to_owned(),
        compression,
        source,
    })?;
    Ok((BufWriter::with_capacity(BUF_SIZE, sink), compression))
}

/// An output written where it is: a device or a pipe.
fn open_in_place(path: &Path, name: String, meta: &fs::Metadata) -> Result<Output, StreamError> {
    let file = open_for_writing(path, meta)
        .map_err(|err| StreamError::io(Operation::Open, &name, Some(path), err))?
        .ok_or_else(|| StreamError::NoReader {
            path: path.to_path_buf(),
        })?;
    let (writer, compression) = encoder(file, path, &name)?;
    Ok(Output {
        writer,
        temp: None,
        target: None,
        name,
        compression,
    })
}

/// The suffix of every temporary output file.
pub(crate) const TEMP_SUFFIX: &str = ".tmp";

/// The start of the name of a temporary file written for `target`:
/// `.iccf-games.pgn-`, so that the temporary files a killed run left
/// behind can be told by their target ([`crate::lock`] removes them).
pub(crate) fn temp_prefix(target: &Path) -> String {
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
    format!(".iccf-{}-", name.unwrap_or_default())
}

/// Opens a device or FIFO for writing. A FIFO is opened without blocking,
/// again and again for [`FIFO_READER_WAIT`] while no process reads it
/// (where a plain open would wait for ever); `None` if none came.
fn open_for_writing(path: &Path, meta: &fs::Metadata) -> io::Result<Option<File>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if meta.file_type().is_fifo() {
            let started = std::time::Instant::now();
            let file = loop {
                let opened = fs::OpenOptions::new()
                    .write(true)
                    .custom_flags(libc::O_NONBLOCK)
                    .open(path);
                match opened {
                    Ok(file) => break file,
                    Err(e) if e.raw_os_error() == Some(libc::ENXIO) => {
                        if started.elapsed() >= FIFO_READER_WAIT {
                            return Ok(None);
                        }
                        std::thread::sleep(std::time::Duration::from_millis(50));
                    }
                    Err(e) => return Err(e),
                }
            };
            set_blocking(&file)?;
            return Ok(Some(file));
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    fs::OpenOptions::new().write(true).open(path).map(Some)
}

/// Writes to `file` block again once it is open.
#[cfg(unix)]
fn set_blocking(file: &File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let fd = file.as_raw_fd();
    // SAFETY: F_GETFL/F_SETFL on a descriptor we own.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags == -1 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A temporary file in `target`'s folder, to be renamed over it: with the
/// permissions of the file it replaces, or those the umask gives a new one.
fn temp_file_beside(
    target: &Path,
    existing: Option<&fs::Metadata>,
    name: &str,
) -> Result<tempfile::NamedTempFile, StreamError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let prefix = temp_prefix(target);
    // Opened here rather than by `tempfile_in`, whose error wraps the
    // system's in one naming the temporary file, which the user never asked
    // for, and that hides its errno (Python's FileNotFoundError).
    let open = |path: &Path| {
        let mut options = fs::OpenOptions::new();
        options.read(true).write(true).create_new(true);
        #[cfg(unix)]
        {
            // NamedTempFile defaults to 0600; ask for 0666 so the umask applies
            // as for any new file, or keep the permissions of the file we
            // replace.
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            options.mode(existing.map_or(0o666, |meta| meta.permissions().mode()));
        }
        #[cfg(not(unix))]
        let _ = existing;
        options.open(path)
    };
    tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(TEMP_SUFFIX)
        .make_in(&dir, open)
        .map_err(|err| {
            let name = format!("{name} in {}", dir.display());
            StreamError::io(Operation::CreateTemp, &name, Some(target), err)
        })
}

/// The metadata of the file an output path leads to, `None` if there is no
/// such file yet. A symlink whose target is missing is refused: writing
/// through it would create a file wherever it points, and replacing it
/// would turn the link into a file.
fn existing_output(path: &Path, name: &str) -> Result<Option<fs::Metadata>, StreamError> {
    match fs::metadata(path) {
        Ok(meta) => Ok(Some(meta)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Ok(link) = fs::read_link(path) {
                return Err(StreamError::DanglingSymlink {
                    path: path.to_path_buf(),
                    target: link,
                });
            }
            Ok(None)
        }
        Err(e) => Err(StreamError::io(Operation::Stat, name, Some(path), e)),
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

    /// The error for `err`, met while doing `operation` on this output.
    pub fn error(&self, operation: Operation, err: io::Error) -> StreamError {
        StreamError::io(operation, &self.name, self.target.as_deref(), err)
    }

    /// Writes the zstd output as independent frames of at least
    /// `frame_bytes` of text each, cut at the game boundaries
    /// [`Output::game_boundary`] marks, with a seek table at the end (see
    /// [`crate::zstd_frames`]). Call it before writing anything.
    ///
    /// # Errors
    ///
    /// [`StreamError::NotZstd`] when the output is not a `.zst` file.
    pub fn use_zstd_frames(&mut self, frame_bytes: usize) -> Result<(), StreamError> {
        let not_zstd = || StreamError::NotZstd {
            name: self.name.clone(),
        };
        let Encoder::Zstd(zstd) = self.writer.get_ref() else {
            return Err(not_zstd());
        };
        // Nothing was written: the zstd encoder holds no byte yet and is
        // dropped; its file goes on under the frames.
        let file = zstd
            .get_ref()
            .try_clone()
            .map_err(|err| self.error(Operation::StartCodec, err))?;
        *self.writer.get_mut() = Encoder::ZstdFrames(FramedZstd::new(file, frame_bytes));
        Ok(())
    }

    /// The input bytes a batch should hold so that the output's zstd frames
    /// come out near their size: a frame ends only between batches, and a
    /// batch (about 1 MiB) made every frame asked under it a batch long.
    pub fn batch_bytes(&self, default: usize) -> usize {
        match self.writer.get_ref() {
            Encoder::ZstdFrames(framed) => framed.frame_bytes().clamp(4096, default),
            _ => default,
        }
    }

    /// Marks a game boundary in what was written: a zstd output of frames
    /// ends its frame here if it is full.
    pub fn game_boundary(&mut self) -> io::Result<()> {
        if matches!(self.writer.get_ref(), Encoder::ZstdFrames(_)) {
            self.writer.flush()?;
            if let Encoder::ZstdFrames(framed) = self.writer.get_mut() {
                framed.end_frame()?;
            }
        }
        Ok(())
    }

    /// Writes out what is buffered when the output is not compressed, so
    /// that the games of a live input are seen as they are converted. A
    /// compressed output is left alone: a flush would cut its blocks.
    pub fn flush_plain(&mut self) -> io::Result<()> {
        match self.writer.get_ref() {
            Encoder::Stdout(_) | Encoder::Plain(_) => self.flush(),
            _ => Ok(()),
        }
    }

    /// The temporary file being written, if any (for a signal handler that
    /// wants to remove it).
    pub fn temp_path(&self) -> Option<&Path> {
        self.temp.as_deref()
    }

    /// Finishes the compressor, flushes, and for a file fsyncs it and renames
    /// it over the target. Without this call nothing replaces the target.
    pub fn commit(self) -> Result<(), StreamError> {
        self.finish()?.commit()
    }

    /// Everything [`Output::commit`] does but the rename: the data is
    /// written and synced, so that only the rename is left to fail. A
    /// program that tells the user something was saved (`iccf card`
    /// printing the card to send) says it between the two.
    ///
    /// ```
    /// use iccf_stream::output::create_output;
    /// use std::io::Write;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("game.pgn");
    /// let mut output = create_output(Some(&path), &[], false)?;
    /// output.write_all(b"1. 5254 *\n")?;
    /// let finished = output.finish()?;
    /// assert!(!path.exists());
    /// finished.commit()?;
    /// assert_eq!(std::fs::read(&path)?, b"1. 5254 *\n");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(self) -> Result<Finished, StreamError> {
        let Output {
            writer,
            temp,
            target,
            name,
            ..
        } = self;
        let fail = |operation, err| StreamError::io(operation, &name, target.as_deref(), err);
        let sink = writer
            .into_inner()
            .map_err(|e| fail(Operation::Write, e.into_error()))?;
        let file = sink.finish().map_err(|err| fail(Operation::Write, err))?;
        // Only a temporary file is synced: a device or a pipe written in
        // place may refuse it.
        if let (Some(file), Some(_)) = (file, &temp) {
            file.sync_all().map_err(|err| fail(Operation::Sync, err))?;
        }
        Ok(Finished { temp, target, name })
    }
}

/// An [`Output`] written and synced, waiting for its rename over the
/// target ([`Output::finish`]). Dropped, it removes its temporary file.
#[derive(Debug)]
pub struct Finished {
    temp: Option<TempPath>,
    target: Option<PathBuf>,
    name: String,
}

impl Finished {
    /// Renames the temporary file over the target (nothing for stdout).
    pub fn commit(self) -> Result<(), StreamError> {
        let (Some(temp), Some(target)) = (self.temp, self.target.as_deref()) else {
            return Ok(());
        };
        temp.persist(target)
            .map_err(|e| StreamError::io(Operation::Rename, &self.name, Some(target), e.error))?;
        sync_parent_dir(target);
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

impl Write for Encoder {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.as_write().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.as_write().flush()
    }
}
