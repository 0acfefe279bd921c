//! The player's IMAP mailbox for `iccf mail`: the account settings
//! ([`Account`], a TOML file), the password from a file, a variable or a
//! command ([`PasswordSource`]), a TLS, STARTTLS or loopback-only plain
//! connection (rustls), the new messages fetched without marking them
//! read, a handled message marked with a keyword or `\Seen`, and our next
//! card saved as a draft ([`Mailbox`], [`Draft`]). Mail is never deleted.
//!
//! Matching a message to its game and checking it is iccf-corr's work;
//! this crate only moves bytes to and from the server.
//!
//! ```no_run
//! use iccf_mail::{Account, Mailbox};
//!
//! let account = Account::load("mail.toml".as_ref())?;
//! let password = account.password.read()?;
//! let mut mailbox = Mailbox::open(&account, &password, false)?;
//! for uid in mailbox.new_messages(None)? {
//!     if let Some(message) = mailbox.fetch(uid)? {
//!         println!("{uid}: {} bytes", message.bytes.len());
//!     }
//! }
//! mailbox.close();
//! # Ok::<_, iccf_mail::MailError>(())
//! ```

mod config;
mod connect;
mod draft;
mod error;
mod mailbox;
mod password;
mod tls;

pub use config::{Account, Mark, Security};
pub use connect::Stream;
pub use draft::Draft;
pub use error::MailError;
pub use mailbox::{Fetched, Mailbox};
pub use password::{Password, PasswordSource};
