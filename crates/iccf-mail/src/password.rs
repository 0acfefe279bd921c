//! The account's password: read from a file, an environment variable or
//! a command's output, never from the command line, never shown.

use core::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

use crate::MailError;
use crate::config::resolve_path;

/// Where the password comes from: exactly one of the three is set.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct PasswordSource {
    /// A file whose first line is the password.
    #[serde(default)]
    pub password_file: Option<PathBuf>,
    /// An environment variable holding it.
    #[serde(default)]
    pub password_env: Option<String>,
    /// A command printing it (`pass show mail`, `secret-tool lookup ...`),
    /// run by the shell.
    #[serde(default)]
    pub password_command: Option<String>,
}

/// A password: it can be used, not printed (`{:?}` hides it).
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(hidden)")
    }
}

impl Password {
    /// The password itself, for the login.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl PasswordSource {
    /// Exactly one source must be set.
    pub(crate) fn check(&self) -> Result<(), &'static str> {
        let set = [
            self.password_file.is_some(),
            self.password_env.is_some(),
            self.password_command.is_some(),
        ];
        match set.iter().filter(|s| **s).count() {
            1 => Ok(()),
            0 => Err("no password source: give password_file, password_env or password_command"),
            _ => Err("give only one of password_file, password_env and password_command"),
        }
    }

    pub(crate) fn resolve_paths(&mut self, base: &Path) {
        self.password_file = self.password_file.take().map(|f| resolve_path(base, &f));
    }

    /// The password from its source: the first line of the file or of the
    /// command's output, or the variable's value.
    ///
    /// ```
    /// let source = iccf_mail::PasswordSource {
    ///     password_command: Some("echo s3cret".to_owned()),
    ///     ..Default::default()
    /// };
    /// # #[cfg(unix)]
    /// assert_eq!(source.read()?.expose(), "s3cret");
    /// # Ok::<_, iccf_mail::MailError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`MailError::Password`]: the file cannot be read, the variable is
    /// not set, the command fails, or the password is empty.
    pub fn read(&self) -> Result<Password, MailError> {
        let (from, got) = if let Some(path) = &self.password_file {
            let from = format!("password_file {}", path.display());
            (
                from,
                std::fs::read_to_string(path).map_err(|e| e.to_string()),
            )
        } else if let Some(name) = &self.password_env {
            let got = std::env::var(name).map_err(|e| e.to_string());
            (format!("password_env {name}"), got)
        } else if let Some(command) = &self.password_command {
            (format!("password_command `{command}`"), run(command))
        } else {
            (
                "the settings".to_owned(),
                Err("no password source".to_owned()),
            )
        };
        let text = got.map_err(|reason| MailError::Password {
            from: from.clone(),
            reason,
        })?;
        let first = text.lines().next().unwrap_or("").trim_end_matches('\r');
        if first.is_empty() {
            return Err(MailError::Password {
                from,
                reason: "it is empty".to_owned(),
            });
        }
        Ok(Password(first.to_owned()))
    }
}

/// The command's standard output; its prompts and errors go to the
/// terminal as they are (a passphrase prompt must reach the player).
fn run(command: &str) -> Result<String, String> {
    let mut cmd = if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.arg("/C").arg(command);
        c
    } else {
        let mut c = Command::new("sh");
        c.arg("-c").arg(command);
        c
    };
    let out = cmd
        .stdin(Stdio::inherit())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run it: {e}"))?;
    if !out.status.success() {
        return Err(format!("it failed ({})", out.status));
    }
    String::from_utf8(out.stdout).map_err(|_| "its output is not UTF-8".to_owned())
}
