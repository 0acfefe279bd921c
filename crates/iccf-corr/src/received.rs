//! A received message's envelope: who sent it, its subject and its text,
//! what [`crate::match_message`] needs to find its game.

use mail_parser::MessageParser;

use crate::message::mail_date;
use crate::{Date, Envelope, message_text};

/// The parts of a received message that tell which game it is for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Received {
    /// The `Subject:` header, empty for a plain text file.
    pub subject: String,
    /// The sender's address, lowercased.
    pub from: Option<String>,
    /// The sender's name in the `From:` line.
    pub from_name: Option<String>,
    /// The `Message-ID:` header, without its angle brackets.
    pub message_id: Option<String>,
    /// The day of the `Date:` header: when they sent it.
    pub date: Option<Date>,
    /// The readable text ([`message_text`]).
    pub text: String,
}

/// An address as messages are matched by it: trimmed, lower case.
fn address(sender: &mail_parser::Addr<'_>) -> Option<String> {
    sender.address().map(|a| a.trim().to_lowercase())
}

impl Received {
    /// Reads an e-mail (or a plain text: only its text is known).
    ///
    /// ```
    /// let mail = b"From: \"Wang, Mong Lin\" <Wang@Example.org>\r\nSubject: Re: NAPZ M-01\r\n\r\n2... 2836\r\n";
    /// let got = iccf_corr::Received::read(mail);
    /// assert_eq!(got.from.as_deref(), Some("wang@example.org"));
    /// assert_eq!(got.from_name.as_deref(), Some("Wang, Mong Lin"));
    /// assert_eq!((got.subject.as_str(), got.text.trim()), ("Re: NAPZ M-01", "2... 2836"));
    /// ```
    pub fn read(bytes: &[u8]) -> Received {
        let text = message_text(bytes);
        let Some(mail) = MessageParser::default()
            .parse_headers(bytes)
            .filter(|m| m.from().is_some() || m.subject().is_some())
        else {
            return Received {
                text,
                ..Received::default()
            };
        };
        let sender = mail.from().and_then(|a| a.first());
        Received {
            subject: mail.subject().unwrap_or("").to_owned(),
            from: sender.and_then(address),
            from_name: sender.and_then(|a| a.name()).map(str::to_owned),
            message_id: mail.message_id().map(str::to_owned),
            date: mail_date(&mail),
            text,
        }
    }

    /// The sender's address of an e-mail, as [`Received::read`] reads it,
    /// from its headers alone: what `check --apply` keeps for the next
    /// card's draft, without reading the body twice.
    ///
    /// ```
    /// let mail = b"From: Wang <Wang@Example.org>\r\n\r\n2... 2836\r\n";
    /// assert_eq!(iccf_corr::Received::sender(mail).as_deref(), Some("wang@example.org"));
    /// assert_eq!(iccf_corr::Received::sender(b"2... 2836"), None);
    /// ```
    pub fn sender(bytes: &[u8]) -> Option<String> {
        let mail = MessageParser::default().parse_headers(bytes)?;
        mail.from().and_then(|a| a.first()).and_then(address)
    }

    /// The envelope to match the message with.
    pub fn envelope(&self) -> Envelope<'_> {
        Envelope {
            subject: &self.subject,
            from: self.from.as_deref(),
            from_name: self.from_name.as_deref(),
            text: &self.text,
        }
    }
}
