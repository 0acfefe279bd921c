//! Standard output for a command's report (a move, a board, a card, a
//! status list), whose write errors name it: `iccf move 5254 >/dev/full`
//! says "cannot write <stdout>: No space left on device", as `iccf
//! convert` does through its [`Output`](crate::output::Output), where a
//! bare system error named nothing.

use std::io::{self, IsTerminal, StdoutLock, Write};

use crate::error::{Operation, StreamError};

/// Standard output, locked: a writer whose errors are [`StreamError`]s
/// naming `<stdout>`, inside an `io::Error` of the same kind (a closed
/// pipe is still one: see [`is_broken_pipe`](crate::error::is_broken_pipe)).
///
/// ```
/// use std::io::Write;
///
/// let mut out = iccf_stream::stdout::stdout();
/// writeln!(out, "1. 5254")?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn stdout() -> Stdout {
    Stdout(io::stdout().lock())
}

/// See [`stdout`].
#[derive(Debug)]
pub struct Stdout(StdoutLock<'static>);

impl Stdout {
    /// Whether standard output is a terminal (colours, a table's layout).
    pub fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}

/// `err`, met writing standard output, saying so.
fn named(err: io::Error) -> io::Error {
    io::Error::new(
        err.kind(),
        StreamError::io(Operation::Write, "<stdout>", None, err),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_error_names_stdout_and_keeps_its_kind() {
        let err = named(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
        assert!(crate::error::is_broken_pipe(&err));
        assert_eq!(err.to_string(), "cannot write <stdout>");
        let cause = std::error::Error::source(&err).map(ToString::to_string);
        assert_eq!(cause.as_deref(), Some("broken pipe"));
    }
}
