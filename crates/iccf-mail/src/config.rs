//! The account settings file (`mail.toml` in the platform's config
//! directory): where the mailbox is, how to log in, how handled mail is
//! marked.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::MailError;
use crate::password::PasswordSource;

/// How the connection is protected.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// TLS from the first byte (port 993).
    #[default]
    Tls,
    /// A plain connection upgraded by STARTTLS before the login (port 143).
    StartTls,
    /// No encryption: only to this computer, and only when asked for.
    Plain,
}

/// How a handled message is marked in the mailbox, so that the next run
/// leaves it alone.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A keyword flag ([`Account::keyword`]): the message stays unread for
    /// the player's mail program.
    #[default]
    Keyword,
    /// The `\Seen` flag: new mail is unread mail.
    Seen,
}

/// The settings of the player's mail account.
///
/// ```
/// let text = r#"
/// host = "imap.example.org"
/// username = "gordon@example.org"
/// password_env = "ICCF_IMAP_PASSWORD"
/// "#;
/// let account = iccf_mail::Account::from_toml(text, "mail.toml".as_ref())?;
/// assert_eq!(account.port(), 993);
/// assert_eq!(account.drafts, "Drafts");
/// # Ok::<_, iccf_mail::MailError>(())
/// ```
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Account {
    /// The IMAP server's name.
    pub host: String,
    /// Its port [default: 993 with TLS, 143 otherwise].
    #[serde(default)]
    pub port: Option<u16>,
    /// TLS, STARTTLS or plain.
    #[serde(default)]
    pub security: Security,
    /// The login name.
    pub username: String,
    /// Where the password comes from (a file, a variable or a command):
    /// the three settings below, gathered.
    #[serde(skip)]
    pub password: PasswordSource,
    #[serde(default)]
    password_file: Option<PathBuf>,
    #[serde(default)]
    password_env: Option<String>,
    #[serde(default)]
    password_command: Option<String>,
    /// Our address on drafts [default: the user name].
    #[serde(default)]
    pub from: Option<String>,
    /// The folder new mail arrives in.
    #[serde(default = "default_inbox")]
    pub inbox: String,
    /// The folder drafts are saved in.
    #[serde(default = "default_drafts")]
    pub drafts: String,
    /// How handled mail is marked.
    #[serde(default)]
    pub mark: Mark,
    /// The keyword of [`Mark::Keyword`].
    #[serde(default = "default_keyword")]
    pub keyword: String,
    /// Only mail delivered in the last N days is read (0: all).
    #[serde(default = "default_look_back")]
    pub look_back_days: u32,
    /// A certificate file (PEM) to trust beside the system's: a server
    /// with a certificate of its own.
    #[serde(default)]
    pub ca_file: Option<PathBuf>,
    /// Seconds to wait for the server before giving up.
    #[serde(default = "default_timeout")]
    pub timeout_secs: u64,
}

fn default_inbox() -> String {
    "INBOX".to_owned()
}

fn default_drafts() -> String {
    "Drafts".to_owned()
}

fn default_keyword() -> String {
    "$iccf-done".to_owned()
}

fn default_look_back() -> u32 {
    30
}

fn default_timeout() -> u64 {
    60
}

impl Account {
    /// The settings file's usual place: `iccf/mail.toml` in the platform's
    /// config directory (`~/.config` on Linux, `~/Library/Application
    /// Support` on macOS, `%APPDATA%` on Windows).
    pub fn default_path() -> Option<PathBuf> {
        dirs::config_dir().map(|dir| dir.join("iccf").join("mail.toml"))
    }

    /// Reads the settings file at `path`.
    ///
    /// # Errors
    ///
    /// [`MailError::NoConfig`], [`MailError::ReadConfig`] or
    /// [`MailError::BadConfig`].
    pub fn load(path: &Path) -> Result<Account, MailError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                return Err(MailError::NoConfig {
                    path: path.to_owned(),
                });
            }
            Err(source) => {
                return Err(MailError::ReadConfig {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        Account::from_toml(&text, path)
    }

    /// Reads settings from `text`, the file at `path`: relative file names
    /// in it are taken from the file's folder, `~/` from the home folder.
    ///
    /// # Errors
    ///
    /// [`MailError::BadConfig`]: TOML syntax, a missing or unknown
    /// setting, no password source or more than one, a password in the
    /// file itself.
    pub fn from_toml(text: &str, path: &Path) -> Result<Account, MailError> {
        let bad = |reason: String| MailError::BadConfig {
            path: path.to_owned(),
            reason,
        };
        let table: toml::Table = toml::from_str(text).map_err(|e| bad(one_line(&e, text)))?;
        if table.contains_key("password") {
            return Err(bad("a password written in the settings file is refused: \
                 give password_file, password_env or password_command instead"
                .to_owned()));
        }
        let mut account: Account = toml::from_str(text).map_err(|e| bad(one_line(&e, text)))?;
        account.password = PasswordSource {
            password_file: account.password_file.take(),
            password_env: account.password_env.take(),
            password_command: account.password_command.take(),
        };
        account.password.check().map_err(|e| bad(e.to_owned()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        account.password.resolve_paths(base);
        account.ca_file = account.ca_file.map(|f| resolve_path(base, &f));
        let keyword_ok = !account.keyword.is_empty()
            && account
                .keyword
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "$_.-".contains(c));
        if !keyword_ok {
            return Err(bad(format!(
                "keyword `{}`: one word of letters, digits and $ _ . -",
                account.keyword
            )));
        }
        if account.host.trim().is_empty() {
            return Err(bad("host is empty".to_owned()));
        }
        Ok(account)
    }

    /// The port: the setting, else 993 with TLS and 143 otherwise.
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.security {
            Security::Tls => 993,
            Security::StartTls | Security::Plain => 143,
        })
    }

    /// `host:port`, as errors name the server.
    pub fn server(&self) -> String {
        format!("{}:{}", self.host, self.port())
    }

    /// The address drafts are from.
    pub fn from_address(&self) -> &str {
        self.from.as_deref().unwrap_or(&self.username)
    }
}

/// toml's error on one line: where (line and column of `text`) and what.
fn one_line(err: &toml::de::Error, text: &str) -> String {
    let message = err.message().trim();
    match err.span() {
        Some(span) if span.start > 0 || !text.is_empty() => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: {message}")
        }
        _ => message.to_owned(),
    }
}

/// `~/x` from the home folder, a relative name from `base`.
pub(crate) fn resolve_path(base: &Path, path: &Path) -> PathBuf {
    if let Ok(rest) = path.strip_prefix("~")
        && let Some(home) = dirs::home_dir()
    {
        return home.join(rest);
    }
    if path.is_relative() {
        base.join(path)
    } else {
        path.to_owned()
    }
}
