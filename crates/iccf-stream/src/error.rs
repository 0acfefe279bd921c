//! What can go wrong reading inputs and writing outputs: one error type that
//! says which file, which operation, and, for the system's errors, the
//! `io::Error` with its OS error number.
//!
//! The message names the file and the operation; the cause is the error's
//! [`source`](std::error::Error::source), so that `anyhow`'s `{:#}` prints
//! `cannot open games.pgn: No such file or directory (os error 2)` and a
//! binding can still reach the errno ([`StreamError::os_error`]).
//!
//! ```
//! use iccf_stream::error::{Operation, StreamError};
//! use iccf_stream::input::open_input;
//! use std::path::Path;
//!
//! let err = open_input(Path::new("no/such/games.pgn")).unwrap_err();
//! assert_eq!(err.operation(), Some(Operation::Open));
//! assert_eq!(err.path(), Some(Path::new("no/such/games.pgn")));
//! assert_eq!(err.os_error(), Some(2)); // ENOENT
//! assert_eq!(err.to_string(), "cannot open no/such/games.pgn");
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::compression::Compression;
use crate::text_input::NotPgn;

/// What was being done when the system said no.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// Opening a file.
    Open,
    /// Reading its metadata.
    Stat,
    /// Reading (or decompressing) it.
    Read,
    /// Starting a compressor or decompressor.
    StartCodec,
    /// Writing it.
    Write,
    /// Creating the temporary file an atomic output is written to.
    CreateTemp,
    /// Flushing it to disk.
    Sync,
    /// Renaming the temporary file over the target.
    Rename,
    /// Following a symlink to the file it names.
    Resolve,
}

impl Operation {
    /// The verb of the message: `open`, `read`, ...
    pub fn verb(self) -> &'static str {
        match self {
            Operation::Open => "open",
            Operation::Stat => "stat",
            Operation::Read => "read",
            Operation::StartCodec => "start the codec for",
            Operation::Write => "write",
            Operation::CreateTemp => "create a temporary file for",
            Operation::Sync => "sync",
            Operation::Rename => "rename the temporary file to",
            Operation::Resolve => "resolve",
        }
    }
}

/// Why an input could not be read or an output not written.
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError {
    /// The system refused an operation on a file.
    Io {
        /// What was being done.
        operation: Operation,
        /// The file, as the user named it (`<stdin>`, `<stdout>` for those).
        name: String,
        /// The file's path, `None` for standard input and output.
        path: Option<PathBuf>,
        /// The system's error.
        source: io::Error,
    },
    /// An input or output that is a directory.
    IsDirectory {
        /// The path.
        path: PathBuf,
        /// Whether it was given as the output.
        output: bool,
    },
    /// An output file that is read-only, replaced only when forced.
    ReadOnly {
        /// The path.
        path: PathBuf,
    },
    /// An output that is one of the inputs: writing it would destroy it.
    SameAsInput {
        /// The output, as named.
        output: String,
        /// The input, as named.
        input: String,
    },
    /// An output that is a symlink to nothing.
    DanglingSymlink {
        /// The link.
        path: PathBuf,
        /// Where it points.
        target: PathBuf,
    },
    /// Standard output is closed (`>&-`): what would be written to it would
    /// be lost.
    StdoutClosed,
    /// A game file another process is changing, still locked when the
    /// wait ended.
    Locked {
        /// The game file.
        path: PathBuf,
        /// Its lock file.
        lock: PathBuf,
    },
    /// No process opened the FIFO given as output for reading.
    NoReader {
        /// The FIFO.
        path: PathBuf,
    },
    /// An output named for a compression iccf does not write (`.zip`,
    /// `.lz4`): written plain, it would mislead whoever opens it.
    UnwrittenCompression {
        /// The output, as named.
        name: String,
        /// Its extension, as named.
        extension: String,
    },
    /// Frames asked of an output that is not a `.zst` file.
    NotZstd {
        /// The output, as named.
        name: String,
    },
    /// An input that is not PGN text.
    NotPgn {
        /// The input, as named.
        name: String,
        /// What it is instead.
        what: NotPgn,
    },
    /// The compressor of an output could not be started or finished.
    Codec {
        /// The output, as named.
        name: String,
        /// The format.
        compression: Compression,
        /// The compressor's error.
        source: io::Error,
    },
}

impl StreamError {
    /// An [`StreamError::Io`] for `name`, with its path unless it is a
    /// standard stream.
    pub fn io(operation: Operation, name: &str, path: Option<&Path>, source: io::Error) -> Self {
        StreamError::Io {
            operation,
            name: name.to_owned(),
            path: path.map(Path::to_path_buf),
            source,
        }
    }

    /// The operation the system refused, for [`StreamError::Io`].
    pub fn operation(&self) -> Option<Operation> {
        match self {
            StreamError::Io { operation, .. } => Some(*operation),
            _ => None,
        }
    }

    /// The file the error is about, when it has a path.
    pub fn path(&self) -> Option<&Path> {
        match self {
            StreamError::Io { path, .. } => path.as_deref(),
            StreamError::IsDirectory { path, .. }
            | StreamError::ReadOnly { path }
            | StreamError::DanglingSymlink { path, .. }
            | StreamError::Locked { path, .. }
            | StreamError::NoReader { path } => Some(path),
            _ => None,
        }
    }

    /// The system's error underneath, if any.
    pub fn io_error(&self) -> Option<&io::Error> {
        match self {
            StreamError::Io { source, .. } | StreamError::Codec { source, .. } => Some(source),
            _ => None,
        }
    }

    /// The OS error number (`errno`) underneath, if any; a directory is
    /// `EISDIR` and a read-only output `EACCES`, as the system would say.
    pub fn os_error(&self) -> Option<i32> {
        match self {
            StreamError::IsDirectory { .. } => Some(EISDIR),
            StreamError::ReadOnly { .. } => Some(EACCES),
            _ => self.io_error().and_then(io::Error::raw_os_error),
        }
    }

    /// Whether the error is a write to a closed pipe (`iccf convert | head`),
    /// after which a program should end quietly.
    pub fn is_broken_pipe(&self) -> bool {
        self.io_error().is_some_and(is_broken_pipe)
    }
}

/// POSIX's numbers, the same on every Unix and used by Python's exceptions.
const EISDIR: i32 = 21;
const EACCES: i32 = 13;

/// True when `err`, or an `io::Error` wrapped in it, is a closed pipe.
pub fn is_broken_pipe(err: &io::Error) -> bool {
    let mut current: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = current {
        match e.downcast_ref::<io::Error>() {
            Some(io_err) if io_err.kind() == io::ErrorKind::BrokenPipe => return true,
            Some(io_err) => current = io_err.get_ref().map(|inner| inner as _),
            None => current = e.source(),
        }
    }
    false
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Io {
                operation, name, ..
            } => write!(f, "cannot {} {name}", operation.verb()),
            StreamError::IsDirectory { path, output: true } => {
                write!(f, "output {} is a directory", path.display())
            }
            StreamError::IsDirectory { path, .. } => write!(f, "{} is a directory", path.display()),
            StreamError::ReadOnly { path } => write!(
                f,
                "output {} is read-only; refusing to replace it",
                path.display()
            ),
            StreamError::SameAsInput { output, input } => write!(
                f,
                "output {output} is the same file as input {input}; refusing to overwrite it"
            ),
            StreamError::DanglingSymlink { path, target } => write!(
                f,
                "output {} is a symlink to {}, which does not exist; refusing to replace the link",
                path.display(),
                target.display()
            ),
            StreamError::StdoutClosed => {
                f.write_str("standard output is closed: nothing could be written")
            }
            StreamError::Locked { path, lock } => write!(
                f,
                "{} is being changed by another iccf (it holds the lock {}); try again",
                path.display(),
                lock.display()
            ),
            StreamError::NoReader { path } => write!(
                f,
                "no process reads the FIFO {}: start the reader first",
                path.display()
            ),
            StreamError::UnwrittenCompression { name, extension } => write!(
                f,
                "output {name}: iccf writes no .{extension} file; name it .pgn, or .zst, .gz, \
                 .bz2 or .xz to compress it"
            ),
            StreamError::NotZstd { name } => {
                write!(f, "zstd frames need a .zst output, not {name}")
            }
            StreamError::NotPgn { name, .. } => write!(f, "cannot read {name}"),
            StreamError::Codec {
                name, compression, ..
            } => write!(f, "cannot run the {compression} compressor for {name}"),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Io { source, .. } | StreamError::Codec { source, .. } => Some(source),
            StreamError::NotPgn { what, .. } => Some(what),
            _ => None,
        }
    }
}

/// Shows an error with its causes, `: ` between them, as `anyhow`'s `{:#}`
/// does: `cannot open x.pgn: No such file or directory (os error 2)`.
///
/// ```
/// use iccf_stream::error::{Causes, Operation, StreamError};
/// use std::io;
///
/// let err = StreamError::io(Operation::Read, "x.pgn", None, io::Error::other("disk on fire"));
/// assert_eq!(Causes(&err).to_string(), "cannot read x.pgn: disk on fire");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Causes<'a>(pub &'a dyn std::error::Error);

impl fmt::Display for Causes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(err) = cause {
            write!(f, ": {err}")?;
            cause = err.source();
        }
        Ok(())
    }
}
