//! What can go wrong with the mailbox, one variant per cause the player
//! can act on: the settings, the password, the network, TLS, the login,
//! the server.

use core::fmt;
use std::path::PathBuf;

/// Why the mailbox could not be read or written.
#[derive(Debug)]
#[non_exhaustive]
pub enum MailError {
    /// The settings file does not exist.
    NoConfig {
        /// Where it was looked for.
        path: PathBuf,
    },
    /// The settings file could not be read.
    ReadConfig {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The settings file is not valid (TOML syntax, a missing or unknown
    /// setting, a password written in it).
    BadConfig {
        /// The file.
        path: PathBuf,
        /// What is wrong, with its line.
        reason: String,
    },
    /// The password could not be had from the place the settings name.
    Password {
        /// The place: `password_file /path`, `password_env NAME`,
        /// `password_command ...`.
        from: String,
        /// Why.
        reason: String,
    },
    /// A plain (unencrypted) connection was asked for where it is refused.
    PlainRefused {
        /// The server.
        host: String,
    },
    /// The server could not be reached.
    Connect {
        /// `host:port`.
        server: String,
        /// Why.
        source: std::io::Error,
    },
    /// The TLS handshake failed (an untrusted or wrong certificate, no
    /// common protocol) or the server offers no STARTTLS.
    Tls {
        /// `host:port`.
        server: String,
        /// Why.
        reason: String,
    },
    /// The server refused the user name and password.
    Login {
        /// The user name.
        user: String,
        /// What the server said.
        said: String,
    },
    /// The connection was lost (closed, reset or silent too long).
    Dropped {
        /// What we were doing.
        during: String,
        /// Why, as far as known.
        reason: String,
    },
    /// The server refused a command.
    Server {
        /// What we were doing.
        during: String,
        /// What the server said.
        said: String,
    },
}

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MailError::NoConfig { path } => write!(
                f,
                "no mail settings at {}: write them there (see `iccf mail --help`) or give --config FILE",
                path.display()
            ),
            MailError::ReadConfig { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            MailError::BadConfig { path, reason } => write!(f, "{}: {reason}", path.display()),
            MailError::Password { from, reason } => {
                write!(f, "no password from {from}: {reason}")
            }
            MailError::PlainRefused { host } => write!(
                f,
                "security = \"plain\" sends the password unencrypted: refused for {host}; \
                 it is allowed only on this computer (127.0.0.1, ::1, localhost) with \
                 --insecure-plain-loopback"
            ),
            MailError::Connect { server, source } => {
                write!(f, "cannot connect to {server}: {source}")
            }
            MailError::Tls { server, reason } => write!(f, "TLS with {server} failed: {reason}"),
            MailError::Login { user, said } => write!(
                f,
                "the server refused the login of {user}: wrong user name or password? (it said: {said})"
            ),
            MailError::Dropped { during, reason } => write!(
                f,
                "the connection was lost while {during} ({reason}); what was not done is left for the next run"
            ),
            MailError::Server { during, said } => {
                write!(f, "the server refused {during}: {said}")
            }
        }
    }
}

/// The messages above say the cause already: no `source()`, so that
/// it is not printed twice in an error chain.
impl std::error::Error for MailError {}

impl MailError {
    /// The error of an IMAP command: a lost connection, or the server's
    /// refusal of what we were `during`.
    pub(crate) fn imap(during: &str, err: imap::Error) -> MailError {
        let during = during.to_owned();
        match err {
            imap::Error::Io(io) => MailError::Dropped {
                during,
                reason: io_reason(&io),
            },
            imap::Error::ConnectionLost => MailError::Dropped {
                during,
                reason: "the server closed it".to_owned(),
            },
            imap::Error::Bye(bye) => MailError::Dropped {
                during,
                reason: format!("the server said goodbye: {bye}"),
            },
            imap::Error::No(no) => MailError::Server {
                during,
                said: no.to_string(),
            },
            imap::Error::Bad(bad) => MailError::Server {
                during,
                said: bad.to_string(),
            },
            other => MailError::Server {
                during,
                said: format!("an answer iccf cannot read ({other})"),
            },
        }
    }
}

/// A network error in words: a timeout is said as such.
fn io_reason(err: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match err.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => "no answer in time".to_owned(),
        ErrorKind::UnexpectedEof => "the server closed it".to_owned(),
        _ => err.to_string(),
    }
}
