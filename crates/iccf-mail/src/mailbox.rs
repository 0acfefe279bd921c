//! The mailbox once logged in: the new messages, fetched without marking
//! them read; a handled message marked; a draft saved. Nothing is ever
//! deleted or moved.

use std::collections::HashSet;

use iccf_corr::Date;
use imap::types::Flag;

use crate::config::{Account, Mark};
use crate::connect::{Stream, connect};
use crate::{MailError, Password};

/// A logged-in session on the account's inbox.
#[derive(Debug)]
pub struct Mailbox {
    session: imap::Session<Stream>,
    account: Account,
}

/// A message of the inbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fetched {
    /// Its IMAP UID, stable across sessions.
    pub uid: u32,
    /// The whole message, headers and body, as delivered.
    pub bytes: Vec<u8>,
}

impl Mailbox {
    /// Connects, logs in and opens the inbox.
    ///
    /// # Errors
    ///
    /// [`MailError::PlainRefused`], [`MailError::Connect`],
    /// [`MailError::Tls`], [`MailError::Login`] (a wrong password),
    /// [`MailError::Dropped`], [`MailError::Server`] (no such inbox).
    pub fn open(
        account: &Account,
        password: &Password,
        allow_plain_loopback: bool,
    ) -> Result<Mailbox, MailError> {
        let client = connect(account, allow_plain_loopback)?;
        let mut session =
            client
                .login(&account.username, password.expose())
                .map_err(|(err, _)| match err {
                    imap::Error::No(no) => MailError::Login {
                        user: account.username.clone(),
                        said: no.information,
                    },
                    other => MailError::imap("logging in", other),
                })?;
        session
            .select(&account.inbox)
            .map_err(|e| MailError::imap(&format!("opening the folder {}", account.inbox), e))?;
        Ok(Mailbox {
            session,
            account: account.clone(),
        })
    }

    /// The UIDs of the messages not yet marked as handled, delivered on
    /// `since` or later when given, oldest first.
    ///
    /// # Errors
    ///
    /// [`MailError::Dropped`] or [`MailError::Server`].
    pub fn new_messages(&mut self, since: Option<Date>) -> Result<Vec<u32>, MailError> {
        let mut query = match self.account.mark {
            Mark::Keyword => format!("UNKEYWORD {}", self.account.keyword),
            Mark::Seen => "UNSEEN".to_owned(),
        };
        if let Some(date) = since {
            query.push_str(&format!(" SINCE {}", imap_date(date)));
        }
        let uids: HashSet<u32> = self
            .session
            .uid_search(&query)
            .map_err(|e| MailError::imap("searching for new mail", e))?;
        let mut uids: Vec<u32> = uids.into_iter().collect();
        uids.sort_unstable();
        Ok(uids)
    }

    /// The whole message `uid`, fetched with `BODY.PEEK[]`: it stays
    /// unread. `None` when it is gone (deleted meanwhile).
    ///
    /// # Errors
    ///
    /// [`MailError::Dropped`] (the connection lost mid-message) or
    /// [`MailError::Server`].
    pub fn fetch(&mut self, uid: u32) -> Result<Option<Fetched>, MailError> {
        let during = format!("fetching message {uid}");
        let fetches = self
            .session
            .uid_fetch(uid.to_string(), "BODY.PEEK[]")
            .map_err(|e| MailError::imap(&during, e))?;
        let bytes = fetches
            .iter()
            .find(|f| f.uid == Some(uid))
            .and_then(|f| f.body())
            .map(<[u8]>::to_vec);
        Ok(bytes.map(|bytes| Fetched { uid, bytes }))
    }

    /// Marks message `uid` as handled: the keyword, or `\Seen`.
    ///
    /// # Errors
    ///
    /// [`MailError::Dropped`] or [`MailError::Server`] (a server that
    /// takes no keywords: set `mark = "seen"`).
    pub fn mark_done(&mut self, uid: u32) -> Result<(), MailError> {
        let flag = match self.account.mark {
            Mark::Keyword => self.account.keyword.as_str(),
            Mark::Seen => "\\Seen",
        };
        self.session
            .uid_store(uid.to_string(), format!("+FLAGS.SILENT ({flag})"))
            .map_err(|e| MailError::imap(&format!("marking message {uid} with {flag}"), e))?;
        Ok(())
    }

    /// Saves `message` in the drafts folder, flagged `\Draft` (and `\Seen`,
    /// as mail programs save their own drafts).
    ///
    /// # Errors
    ///
    /// [`MailError::Dropped`] or [`MailError::Server`] (no such folder).
    pub fn save_draft(&mut self, message: &[u8]) -> Result<(), MailError> {
        let drafts = self.account.drafts.clone();
        self.session
            .append(&drafts, message)
            .flags([Flag::Draft, Flag::Seen])
            .finish()
            .map_err(|e| MailError::imap(&format!("saving a draft in {drafts}"), e))?;
        Ok(())
    }

    /// Logs out (a lost connection at this point loses nothing).
    pub fn close(mut self) {
        let _ = self.session.logout();
    }
}

/// `1-Dec-2026`, the date of an IMAP search.
fn imap_date(date: Date) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS[usize::from(date.month().clamp(1, 12)) - 1];
    format!("{}-{month}-{}", date.day(), date.year())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_dates_are_day_month_year() {
        let date: Date = "2026.12.01".parse().unwrap();
        assert_eq!(imap_date(date), "1-Dec-2026");
        let date: Date = "2027.02.28".parse().unwrap();
        assert_eq!(imap_date(date), "28-Feb-2027");
    }
}
