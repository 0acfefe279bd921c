//! The text of a received message: plain text in any common encoding, or
//! an e-mail.

use mail_parser::MessageParser;

/// The readable text of a message: the text/plain part of an e-mail (or its
/// HTML part as text), else the bytes as UTF-8, or as Windows-1252
/// (Latin-1) when they are not UTF-8.
///
/// An e-mail is recognised by its first line, a header field.
///
/// ```
/// let mail = b"From: a@example.org\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\
///     Content-Transfer-Encoding: quoted-printable\r\n\r\nZug 12... 5756, gr=FC=DFe\r\n";
/// assert_eq!(iccf_corr::message_text(mail).trim(), "Zug 12... 5756, grüße");
/// assert_eq!(iccf_corr::message_text(b"12... 5756 gr\xfc\xdfe"), "12... 5756 grüße");
/// ```
pub fn message_text(bytes: &[u8]) -> String {
    if looks_like_email(bytes)
        && let Some(text) = email_text(bytes)
    {
        return text;
    }
    decode_plain(bytes)
}

/// The first line is a header field `Name: value` (`From:`, `Received:`,
/// `Return-Path:`, `X-...:`), or the mbox `From ` line.
fn looks_like_email(bytes: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or(b"");
    let name_len = first
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-')
        .count();
    first.starts_with(b"From ") || (name_len > 0 && first.get(name_len) == Some(&b':'))
}

fn email_text(bytes: &[u8]) -> Option<String> {
    let message = MessageParser::default().parse(bytes)?;
    // body_text prefers the text/plain part and turns an HTML-only body
    // into text.
    let text = message.body_text(0)?;
    Some(text.replace("\r\n", "\n"))
}

fn decode_plain(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Side, check, read_game};

    /// A reply from a German mail program: Latin-1 quoted-printable text,
    /// an HTML alternative, our message quoted below.
    const REPLY: &[u8] = b"Return-Path: <wang@example.org>\r\n\
From: Mong Lin Wang <wang@example.org>\r\n\
To: Gordon Everitt <everitt@example.org>\r\n\
Subject: Re: NAPZ M-01, move 2\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/alternative; boundary=\"b1\"\r\n\
\r\n\
--b1\r\n\
Content-Type: text/plain; charset=ISO-8859-1\r\n\
Content-Transfer-Encoding: quoted-printable\r\n\
\r\n\
Gr=FC=DF Gott! Ihr Zug 2. 7163 erhalten am 2026.12.05.\r\n\
Mein Zug: 2... 2836 (gesendet 2026.12.06)\r\n\
Ich biete Remis.\r\n\
\r\n\
Am 03.12.2026 schrieb Gordon Everitt:\r\n\
> My move: 2. 7163\r\n\
> 1... 1716\r\n\
--b1\r\n\
Content-Type: text/html; charset=ISO-8859-1\r\n\
Content-Transfer-Encoding: quoted-printable\r\n\
\r\n\
<html><body><p>Gr=FC=DF Gott! Ihr Zug <b>2. 7163</b></p><p>Mein Zug: 2... 2=\r\n\
836</p></body></html>\r\n\
--b1--\r\n";

    #[test]
    fn real_looking_reply_is_read() {
        let text = message_text(REPLY);
        assert!(text.starts_with("Grüß Gott! Ihr Zug 2. 7163"), "{text}");
        let game = read_game(b"1. 5254 5755 2. 7163 *").unwrap();
        let report = check(&game, Side::White, &text);
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(report.our_received.unwrap().to_string(), "2026.12.05");
        assert_eq!(report.claims, [crate::Claim::DrawOffer]);
    }

    #[test]
    fn html_only_mail_is_read_as_text() {
        let mail = b"From: a@example.org\r\nContent-Type: text/html; charset=utf-8\r\n\
Content-Transfer-Encoding: base64\r\n\r\nPGh0bWw+PGJvZHk+PHA+Mi4uLiAyODM2PC9wPjwvYm9keT48L2h0bWw+\r\n";
        assert_eq!(message_text(mail).trim(), "2... 2836");
    }
}
