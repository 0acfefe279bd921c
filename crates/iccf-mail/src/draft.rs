//! The draft of our next card: an e-mail for the player to read and send.

use mail_builder::MessageBuilder;
use mail_builder::headers::address::Address;

/// A message to the opponent, saved as a draft.
///
/// ```
/// let draft = iccf_mail::Draft {
///     from: "Gordon Everitt <gordon@example.org>".to_owned(),
///     to: Some("wang@example.org".to_owned()),
///     subject: "EM/M/GT/102".to_owned(),
///     in_reply_to: Some("95105@example.net".to_owned()),
///     text: "4. 6163\n".to_owned(),
/// };
/// let bytes = draft.to_bytes();
/// let text = String::from_utf8(bytes).unwrap();
/// assert!(text.contains("From: \"Gordon Everitt\" <gordon@example.org>"));
/// assert!(text.contains("In-Reply-To: <95105@example.net>"));
/// assert!(text.contains("Subject: Re: EM/M/GT/102"));
/// assert!(text.contains("4. 6163"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    /// Our address.
    pub from: String,
    /// The opponent's address, when known.
    pub to: Option<String>,
    /// The subject: "Re: " is put before it unless it has it.
    pub subject: String,
    /// The Message-ID of the message it answers.
    pub in_reply_to: Option<String>,
    /// The card.
    pub text: String,
}

impl Draft {
    /// The draft as an RFC 5322 message (UTF-8 text, a Date and a
    /// Message-ID of its own).
    pub fn to_bytes(&self) -> Vec<u8> {
        let subject = if self.subject.to_ascii_lowercase().starts_with("re:") {
            self.subject.clone()
        } else {
            format!("Re: {}", self.subject)
        };
        let mut builder = MessageBuilder::new()
            .from(address(&self.from))
            .subject(subject)
            .text_body(self.text.as_str());
        if let Some(to) = &self.to {
            builder = builder.to(address(to));
        }
        if let Some(id) = &self.in_reply_to {
            builder = builder.in_reply_to(id.as_str()).references(id.as_str());
        }
        // Writing to a Vec cannot fail.
        builder.write_to_vec().unwrap_or_default()
    }
}

/// `Name <addr@host>` or a bare address, as the settings write it.
fn address(text: &str) -> Address<'_> {
    let text = text.trim();
    match text.rsplit_once('<') {
        Some((name, rest)) if rest.ends_with('>') => {
            let name = name.trim().trim_matches('"').trim();
            let addr = rest.trim_end_matches('>').trim();
            Address::new_address((!name.is_empty()).then_some(name), addr)
        }
        _ => Address::new_address(None::<&str>, text),
    }
}
