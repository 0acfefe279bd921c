//! A received message: its text (plain text in any common encoding, or an
//! e-mail's body), and from an e-mail its subject, date and PGN
//! attachments.

use mail_parser::{MessageParser, MimeHeaders};

use crate::Date;
use crate::html::html_text;
use crate::text::decode_text;

/// What a received message holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// The readable text: an e-mail's text/plain part, or its HTML part
    /// as text with its line breaks (quoted parts marked `> `).
    pub text: String,
    /// The e-mail's `Subject:`.
    pub subject: Option<String>,
    /// The e-mail's `Date:`, the day of that moment on our clock: when they
    /// sent it and, e-mail being quick, when we received it.
    pub date: Option<Date>,
    /// PGN attachments (`application/x-chess-pgn` or a `.pgn` name): file
    /// name and text.
    pub attachments: Vec<(String, String)>,
}

/// Reads a message: an e-mail (recognised by its first line, a header
/// field) or plain text, decoded as UTF-8 or, when it is not, as the
/// legacy encoding that reads best (CP1252, CP1251, KOI8-R, CP866).
///
/// ```
/// let mail = b"From: a@example.org\r\nSubject: EM/M/GT/102 move 12\r\n\
///     Date: Tue, 1 Dec 2026 23:50:00 -0500\r\nContent-Type: text/html; charset=utf-8\r\n\r\n\
///     <div>Your move: 12. 5254</div><div>My move: 12... 5756</div>\r\n";
/// let message = iccf_corr::read_message(mail);
/// assert_eq!(message.text, "Your move: 12. 5254\nMy move: 12... 5756");
/// assert_eq!(message.subject.as_deref(), Some("EM/M/GT/102 move 12"));
/// // 23:50 in New York is 04:50 UTC the next day: the date is that
/// // moment's day on this machine's clock.
/// let moment = iccf_corr::Date::new(2026, 12, 2).unwrap().to_days() * 86_400 + 4 * 3600 + 50 * 60;
/// assert_eq!(message.date, Some(iccf_corr::Date::local_at(moment)));
/// ```
pub fn read_message(bytes: &[u8]) -> Message {
    if looks_like_email(bytes)
        && nested_mails(bytes) <= MAX_NESTED_MAILS
        && let Some(message) = email(bytes)
    {
        return message;
    }
    Message {
        text: decode_text(bytes).into_owned(),
        ..Message::default()
    }
}

/// The readable text of a message (see [`read_message`]).
///
/// ```
/// let mail = b"From: a@example.org\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\
///     Content-Transfer-Encoding: quoted-printable\r\n\r\nZug 12... 5756, gr=FC=DFe\r\n";
/// assert_eq!(iccf_corr::message_text(mail).trim(), "Zug 12... 5756, grüße");
/// assert_eq!(iccf_corr::message_text(b"12... 5756 gr\xfc\xdfe"), "12... 5756 grüße");
/// ```
pub fn message_text(bytes: &[u8]) -> String {
    read_message(bytes).text
}

/// The most e-mails forwarded inside one another (`message/rfc822`
/// parts) that a message may hold to be read as an e-mail: the parser
/// builds and frees them recursively, and 20,000 of them (620 KB)
/// overflowed the stack of the web server's thread, stopping the server.
/// A message with more is read as plain text, which keeps its moves.
const MAX_NESTED_MAILS: usize = 100;

/// How many times `message/` (a `message/rfc822` or `message/global`
/// content type, in any case) is in `bytes`: no fewer than the e-mails
/// nested in it.
fn nested_mails(bytes: &[u8]) -> usize {
    const TYPE: &[u8] = b"message/";
    bytes
        .windows(TYPE.len())
        .filter(|window| window[7] == b'/' && window.eq_ignore_ascii_case(TYPE))
        .count()
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

fn email(bytes: &[u8]) -> Option<Message> {
    let message = MessageParser::default().parse(bytes)?;
    // A text/plain part as it is; an HTML-only body through our own
    // conversion, which keeps the breaks between blocks and marks quotes.
    let text = match message.text_part(0) {
        Some(part) if !part.is_text_html() => message.body_text(0)?.into_owned(),
        _ => match message.body_html(0) {
            Some(html) => html_text(&html),
            None => message
                .body_text(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
        },
    };
    let date = mail_date(&message);
    let attachments = message
        .attachments()
        .filter_map(|part| {
            let name = part.attachment_name().unwrap_or("").to_owned();
            let pgn_type = part.content_type().is_some_and(|t| {
                t.subtype()
                    .is_some_and(|s| s.eq_ignore_ascii_case("x-chess-pgn"))
            });
            let pgn_name = name.to_ascii_lowercase().ends_with(".pgn");
            (pgn_type || pgn_name).then(|| (name, decode_text(part.contents()).into_owned()))
        })
        .collect();
    Some(Message {
        text: text.replace("\r\n", "\n"),
        subject: message.subject().map(str::to_owned),
        date,
        attachments,
    })
}

/// The day on our clock of the moment an e-mail's `Date:` names: when
/// they sent it and, e-mail being quick, when we received it.
pub(crate) fn mail_date(mail: &mail_parser::Message<'_>) -> Option<Date> {
    mail.date()
        .and_then(|d| day_on_our_clock(d, Date::local_at))
}

/// The sender's clock may be a day ahead of ours ("Sat, 5 Dec 2026 01:00
/// +0900" is Friday evening in New York): their date taken as it is was
/// "after today" here, and the move refused. `local_at` reads a moment
/// (Unix seconds) on our clock.
fn day_on_our_clock(sent: &mail_parser::DateTime, local_at: impl Fn(i64) -> Date) -> Option<Date> {
    // Only a real day: to_timestamp() counts 31 February on.
    Date::new(i32::from(sent.year), sent.month, sent.day)?;
    Some(local_at(sent.to_timestamp()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, read_game};
    use shakmaty::Color;

    /// An e-mail forwarded in `depth` others, the innermost holding a move.
    fn forwarded(depth: usize) -> Vec<u8> {
        let mut mail =
            b"From: a@example.org\r\nSubject: Re: game\r\nMIME-Version: 1.0\r\n".to_vec();
        for _ in 0..depth {
            mail.extend_from_slice(b"Content-Type: message/RFC822\r\n\r\n");
        }
        mail.extend_from_slice(b"Content-Type: text/plain\r\n\r\nMy reply: 13... 6766\r\n");
        mail
    }

    /// 20,000 e-mails forwarded in one another (620 KB) overflowed the stack
    /// of the web server's thread, and the server stopped; 85,000 that of
    /// `iccf check`. So many are read as plain text now, here 200,000 on a
    /// thread with the server's 2 MiB stack (enough to overflow in any
    /// build before).
    #[test]
    fn deeply_nested_forwards_overflowed_the_stack() {
        let mail = forwarded(200_000);
        let message = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || read_message(&mail))
            .unwrap()
            .join()
            .unwrap();
        assert!(message.text.contains("My reply: 13... 6766"));
        assert_eq!(message.subject, None);
        let message = read_message(&forwarded(3));
        assert_eq!(message.subject.as_deref(), Some("Re: game"));
    }

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
        let report = check(&game, Color::White, &text);
        assert!(report.in_order(), "{:?}", report.findings);
        assert_eq!(report.our_received.unwrap().to_string(), "2026.12.05");
        assert_eq!(report.claims, [crate::Claim::DrawOffer]);
    }

    /// Issue 17: a KOI8-R message's draw offer was missed.
    #[test]
    fn regression_koi8_r_message_draw_offer_is_read() {
        let (bytes, _, _) =
            encoding_rs::KOI8_R.encode("Ваш ход: 2. 7163\nМой ход: 2... 2836\nПредлагаю ничью.");
        let text = message_text(&bytes);
        let game = read_game(b"1. 5254 5755 2. 7163 *").unwrap();
        assert_eq!(
            check(&game, Color::White, &text).claims,
            [crate::Claim::DrawOffer],
            "{text}"
        );
    }

    /// Issue 17: the same for a Czech e-mail in CP1250.
    #[test]
    fn regression_cp1250_message_draw_offer_is_read() {
        let (body, _, _) = encoding_rs::WINDOWS_1250
            .encode("Váš tah: 2. 7163\r\nMůj tah: 2... 2836\r\nNabízím remízu.\r\n");
        let mut mail = b"From: a@example.cz\r\nContent-Type: text/plain; charset=windows-1250\r\n\
            Content-Transfer-Encoding: 8bit\r\n\r\n"
            .to_vec();
        mail.extend_from_slice(&body);
        let text = message_text(&mail);
        let game = read_game(b"1. 5254 5755 2. 7163 *").unwrap();
        assert_eq!(
            check(&game, Color::White, &text).claims,
            [crate::Claim::DrawOffer],
            "{text}"
        );
    }

    /// A reply from Tokyo sent on Saturday morning there reached New York
    /// on Friday evening: its move was refused as "received after today".
    #[test]
    fn mail_date_ahead_of_our_zone_was_after_today() {
        let mail = b"From: a@example.jp\r\nDate: Sat, 5 Dec 2026 01:30:00 +0900\r\n\
Content-Type: text/plain\r\n\r\n2... 2836\r\n";
        let parsed = MessageParser::default().parse(&mail[..]).unwrap();
        let sent = parsed.date().unwrap();
        let on_clock = |offset_hours: i64| {
            move |secs: i64| Date::from_days((secs + offset_hours * 3600).div_euclid(86_400))
        };
        let day = |offset| {
            day_on_our_clock(sent, on_clock(offset))
                .unwrap()
                .to_string()
        };
        assert_eq!(day(-5), "2026.12.04");
        assert_eq!(day(0), "2026.12.04");
        assert_eq!(day(9), "2026.12.05");
        assert!(mail_date(&parsed).is_some());
    }

    #[test]
    fn html_only_mail_is_read_as_text() {
        let mail = b"From: a@example.org\r\nContent-Type: text/html; charset=utf-8\r\n\
Content-Transfer-Encoding: base64\r\n\r\nPGh0bWw+PGJvZHk+PHA+Mi4uLiAyODM2PC9wPjwvYm9keT48L2h0bWw+\r\n";
        assert_eq!(message_text(mail).trim(), "2... 2836");
    }
}
