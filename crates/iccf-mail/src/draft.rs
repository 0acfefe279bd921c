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
        // The subject, the address and the Message-ID come from the
        // opponent's mail: a line end decoded from them would start a
        // header of theirs (a Bcc) in our draft.
        let (from, subject) = (one_line(&self.from), one_line(&self.subject));
        let subject = if subject.to_ascii_lowercase().starts_with("re:") {
            subject
        } else {
            format!("Re: {subject}")
        };
        let mut builder = MessageBuilder::new()
            .from(address(&from))
            .subject(subject)
            .text_body(self.text.as_str());
        let to = self.to.as_deref().map(one_line);
        if let Some(to) = &to {
            builder = builder.to(address(to));
        }
        let id = self.in_reply_to.as_deref().map(one_line);
        if let Some(id) = &id {
            builder = builder.in_reply_to(id.as_str()).references(id.as_str());
        }
        // Writing to a Vec cannot fail.
        builder.write_to_vec().unwrap_or_default()
    }
}

/// `text` with its control characters (CR, LF, ...) made spaces: a
/// header's value, on one line.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opponents_subject_or_address_cannot_add_headers_to_our_draft() {
        // An encoded word decodes to a line end: "EM\r\nBcc: spy@example.net".
        let mail = b"From: =?utf-8?b?V2FuZw0KQmNjOiBzcHlAZXhhbXBsZS5uZXQ=?= <wang@example.org>\r\n\
            Subject: =?utf-8?b?RU0NCkJjYzogc3B5QGV4YW1wbGUubmV0?=\r\n\
            Message-ID: <=?utf-8?b?aWQNCkJjYzogc3B5QGV4YW1wbGUubmV0?=>\r\n\r\n2... 2836\r\n";
        let received = iccf_corr::Received::read(mail);
        assert!(received.subject.contains('\n'), "{:?}", received.subject);
        let draft = Draft {
            from: "gordon@example.org".to_owned(),
            to: received
                .from
                .clone()
                .map(|f| format!("{f}\r\nBcc: spy@example.net")),
            subject: received.subject.clone(),
            in_reply_to: received
                .message_id
                .clone()
                .map(|id| format!("{id}\r\nBcc: spy@example.net")),
            text: "2. 7163\n".to_owned(),
        };
        let text = String::from_utf8(draft.to_bytes()).unwrap();
        let headers = text.split("\r\n\r\n").next().unwrap();
        assert!(
            !headers
                .lines()
                .any(|l| l.to_ascii_lowercase().starts_with("bcc")),
            "{headers}"
        );
        assert!(
            headers.contains("Subject: Re: EM  Bcc: spy@example.net"),
            "{headers}"
        );
    }
}
