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
    if looks_like_email(bytes) {
        if let Some(text) = email_text(bytes) {
            return text;
        }
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
