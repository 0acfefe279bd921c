//! Dates that cannot be right: received before sent, in the future, out
//! of order.

use iccf::MoveNumber;
use shakmaty::{Color, Position};

use crate::{Date, Finding, Game, MessageReport};

/// A date in a game file that cannot be right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateError {
    /// The move it belongs to.
    pub no: MoveNumber,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for DateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "move {}: {}", self.no, self.reason)
    }
}

impl std::error::Error for DateError {}

/// The dates of `game` that cannot be right, each naming its move: a move
/// received before it was sent, sent before the move it answers arrived,
/// or dated after `today`.
///
/// ```
/// use iccf_corr::{check_file_dates, read_game};
///
/// let game = read_game(b"1. 5254 {[%ccsnt 2026.12.05] [%ccrcv 2026.12.03]} *")?;
/// let errors = check_file_dates(&game, "2026.12.10".parse()?);
/// assert_eq!(errors[0].to_string(), "move 1.: received 2026.12.03, before it was sent (2026.12.05)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn check_file_dates(game: &Game, today: Date) -> Vec<DateError> {
    let mut errors = Vec::new();
    let mut previous: Option<Date> = None;
    for (i, ply) in game.plies.iter().enumerate() {
        let no = game.number_of_ply(i);
        let mut push = |reason: String| errors.push(DateError { no, reason });
        if let (Some(sent), Some(received)) = (ply.sent, ply.received)
            && received < sent
        {
            push(format!("received {received}, before it was sent ({sent})"));
        }
        for (what, date) in [("sent", ply.sent), ("received", ply.received)] {
            if let Some(date) = date.filter(|d| *d > today) {
                push(format!("{what} {date}, after today ({today})"));
            }
        }
        if let (Some(before), Some(sent)) = (previous, ply.sent)
            && sent < before
        {
            push(format!(
                "sent {sent}, before the move it answers arrived ({before})"
            ));
        }
        previous = ply.received.or(ply.sent).or(previous);
    }
    errors
}

/// The message's dates against our game: when they received our move,
/// when they sent theirs, when we received it.
pub(crate) fn check_dates(
    game: &Game,
    side: Color,
    today: Option<Date>,
    report: &mut MessageReport,
) {
    let ours = game.last_ply_of(side);
    let our_sent = ours.and_then(|i| game.plies[i].sent);
    let mut bad =
        |no: MoveNumber, reason: String| report.findings.push(Finding::BadDate { no, reason });
    if let (Some(i), Some(received)) = (ours, report.our_received) {
        let no = game.number_of_ply(i);
        if let Some(sent) = our_sent.filter(|s| received < *s) {
            bad(
                no,
                format!("you received it {received}, before we sent it ({sent})"),
            );
        }
        if let Some(today) = today.filter(|t| received > *t) {
            bad(
                no,
                format!("you received it {received}, after today ({today})"),
            );
        }
    }
    if report.new_move.is_none() {
        return;
    }
    let no = game.next_no();
    // When we got it (`--received`, an e-mail's date): a day that cannot
    // be would be recorded and stop every later card. Said once when it
    // is also the day they sent it, whose checks below cover the rest.
    if let Some(received) = report.received.filter(|r| Some(*r) != report.their_sent) {
        if let Some(today) = today.filter(|t| received > *t) {
            bad(
                no,
                format!("we received it {received}, after today ({today})"),
            );
        }
        let unsent = report.their_sent.is_none();
        // Their move left after ours arrived there, which was after we
        // sent it: not before either.
        if let Some(arrived) = report.our_received.filter(|r| unsent && received < *r) {
            bad(
                no,
                format!("we received it {received}, before ours reached you ({arrived})"),
            );
        } else if let Some(our_sent) = our_sent.filter(|s| unsent && received < *s) {
            bad(
                no,
                format!("we received it {received}, before we sent ours ({our_sent})"),
            );
        }
    }
    let Some(sent) = report.their_sent else {
        return;
    };
    if let Some(today) = today.filter(|t| sent > *t) {
        bad(no, format!("you sent it {sent}, after today ({today})"));
    }
    if let Some(received) = report.our_received.filter(|r| sent < *r) {
        bad(
            no,
            format!("you sent it {sent}, before our move arrived ({received})"),
        );
    } else if let Some(our_sent) = our_sent.filter(|s| sent < *s) {
        bad(
            no,
            format!("you sent it {sent}, before we sent ours ({our_sent})"),
        );
    }
    if let Some(received) = report.received.filter(|r| *r < sent) {
        bad(
            no,
            format!("we received it {received}, before you sent it ({sent})"),
        );
    }
}

/// The most days an e-mail's date may be after the day they write that
/// they sent their move: a day for the time zones, more for a mail kept
/// in the outbox.
const MAIL_AFTER_SENT: i64 = 3;

/// The day they write that they sent their move against their e-mail's
/// date (`mail`): "1... 4745 sent 07.01.2026" in a mail of 25 January was
/// taken as written, and charged them 1 day instead of 19. A day that
/// far back is a problem; the day it was received (`iccf check
/// --received`, `received=` in Python) is given when the mail was slow.
/// The finding names no option of one front, as every front shows it.
pub(crate) fn check_sent_against_mail(game: &Game, mail: Option<Date>, report: &mut MessageReport) {
    let (Some(mail), Some(sent), Some(_)) = (mail, report.their_sent, report.new_move) else {
        return;
    };
    let late = mail.days_since(sent);
    if late > MAIL_AFTER_SENT {
        report.findings.push(Finding::BadDate {
            no: game.next_no(),
            reason: format!(
                "you sent it {sent}, {late} days before your e-mail is dated ({mail}); \
                 if it came that late, give {mail} as the day it was received"
            ),
        });
    }
}

/// Their new move, dated as [`crate::apply`] will date it, against the
/// time control: the first move past the limit is a warning (a matter for
/// the tournament director; the move is still recorded). It was said only
/// on our next card.
pub(crate) fn check_their_clock(
    game: &Game,
    side: Color,
    today: Option<Date>,
    report: &mut MessageReport,
) {
    let (Some(m), Some(today)) = (report.new_move, report.received.or(today)) else {
        return;
    };
    if game.time_control().is_none() {
        return;
    }
    let (sent, received) = report.their_move_dates(today);
    let mut after = game.clone();
    // Their time runs from when our move reached them, as `apply` records
    // it: counted from our sending, a move on the last day was a day over.
    crate::apply::record_our_receipt(&mut after, report, side);
    let pos = after.position();
    if !pos.is_legal(m) {
        return;
    }
    let no = after.next_no();
    after.push_move(&pos, m, Some(sent), Some(received));
    let theirs = side.other();
    let clocks = crate::clock(&after, side, received);
    let clock = &clocks[usize::from(theirs == Color::Black)];
    if let Some((at, used, allowed)) = clock.exceeded.filter(|(at, ..)| *at == no) {
        report.findings.push(Finding::TimeExceeded {
            side: theirs,
            no: at,
            used,
            allowed,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CheckOptions, Message, check_message, read_game};

    /// `text` checked against `game` (we play White) on `today`, received
    /// on `received` if given.
    fn checked(game: &Game, text: &str, today: &str, received: Option<&str>) -> MessageReport {
        let message = Message {
            text: text.to_owned(),
            ..Message::default()
        };
        let opts = CheckOptions {
            today: Some(today.parse().unwrap()),
            received: received.map(|r| r.parse().unwrap()),
            ..CheckOptions::default()
        };
        check_message(game, Color::White, &message, &opts)
    }

    /// The findings of `report` that `pick` keeps, as text.
    fn said(report: &MessageReport, pick: fn(&Finding) -> bool) -> Vec<String> {
        report
            .findings
            .iter()
            .filter(|f| pick(f))
            .map(ToString::to_string)
            .collect()
    }

    fn bad_date(f: &Finding) -> bool {
        matches!(f, Finding::BadDate { .. })
    }

    fn problems(text: &str, today: &str) -> Vec<String> {
        let game = read_game(b"1. 5254 5755 2. 7163 {[%ccsnt 2026.12.05]} *").unwrap();
        said(&checked(&game, text, today, None), bad_date)
    }

    #[test]
    fn message_dates_out_of_order_or_in_the_future() {
        assert_eq!(
            problems(
                "2. 7163 (received 2026.12.06)\n2... 2836 (sent 2026.12.07)",
                "2026.12.08"
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            problems(
                "2. 7163 (received 2026.12.04)\n2... 2836 (sent 2026.12.07)",
                "2026.12.08"
            ),
            ["move 2.: you received it 2026.12.04, before we sent it (2026.12.05)"]
        );
        assert_eq!(
            problems(
                "2. 7163 (received 2026.12.06)\n2... 2836 (sent 2026.12.09)",
                "2026.12.08"
            ),
            ["move 2...: you sent it 2026.12.09, after today (2026.12.08)"]
        );
        assert_eq!(
            problems(
                "2. 7163 (received 2026.12.06)\n2... 2836 (sent 2026.12.05)",
                "2026.12.08"
            ),
            ["move 2...: you sent it 2026.12.05, before our move arrived (2026.12.06)"]
        );
    }

    /// Found trying the tools as a player: "2... 2836 sent 2026.12.06"
    /// in an e-mail dated 19 days later was taken as written (and charged
    /// them a day). More than three days back is a problem; a few days,
    /// or `--received` given, is not.
    #[test]
    fn a_sent_date_long_before_the_mail_was_taken() {
        let game = read_game(b"1. 5254 5755 2. 7163 {[%ccsnt 2026.12.05]} *").unwrap();
        let mailed = |date: &str, received: Option<&str>| {
            let message = Message {
                text: "2. 7163\n2... 2836 (sent 2026.12.06)".to_owned(),
                date: Some(date.parse().unwrap()),
                ..Message::default()
            };
            let opts = CheckOptions {
                today: Some("2026.12.31".parse().unwrap()),
                received: received.map(|r| r.parse().unwrap()),
                ..CheckOptions::default()
            };
            said(
                &check_message(&game, Color::White, &message, &opts),
                bad_date,
            )
        };
        assert_eq!(
            mailed("2026.12.25", None),
            [
                "move 2...: you sent it 2026.12.06, 19 days before your e-mail is dated \
                 (2026.12.25); if it came that late, give 2026.12.25 as the day it was received"
            ]
        );
        assert_eq!(mailed("2026.12.09", None), Vec::<String>::new());
        assert_eq!(
            mailed("2026.12.25", Some("2026.12.25")),
            Vec::<String>::new()
        );
    }

    /// `--received` on a plain message was recorded whatever it said: a
    /// day before our move was sent, or after today, made a game file
    /// every later `card` and `check` refused ("received ... before it
    /// was sent"), and their move was dated sent today, after it arrived.
    #[test]
    fn received_dates_that_cannot_be() {
        let game = read_game(b"1. 5254 5755 2. 7163 {[%ccsnt 2026.12.05]} *").unwrap();
        let check = |received| checked(&game, "2. 7163 2... 2836", "2026.12.08", Some(received));
        let bad = |report: &MessageReport| said(report, bad_date);
        assert_eq!(
            bad(&check("2026.12.04")),
            ["move 2...: we received it 2026.12.04, before we sent ours (2026.12.05)"]
        );
        assert_eq!(
            bad(&check("2026.12.09")),
            ["move 2...: we received it 2026.12.09, after today (2026.12.08)"]
        );
        // Before they say ours reached them (the review's case).
        let text = "2. 7163 (received 2026.12.07)\n2... 2836";
        assert_eq!(
            bad(&checked(&game, text, "2026.12.08", Some("2026.12.06"))),
            ["move 2...: we received it 2026.12.06, before ours reached you (2026.12.07)"]
        );
        let report = check("2026.12.06");
        assert!(report.in_order(), "{:?}", report.findings);
        let mut game = game.clone();
        crate::apply(
            &mut game,
            &report,
            Color::White,
            "2026.12.08".parse().unwrap(),
        );
        let theirs = &game.plies[3];
        // Sent by the day it arrived, not today.
        assert_eq!(
            (theirs.sent, theirs.received),
            (
                Some("2026.12.06".parse().unwrap()),
                Some("2026.12.06".parse().unwrap())
            )
        );
        assert!(check_file_dates(&game, "2026.12.08".parse().unwrap()).is_empty());
    }

    /// Their move past the time limit was recorded without a word
    /// (`Finding::TimeExceeded` was never made): it is a warning now.
    #[test]
    fn their_move_past_the_time_limit_is_said() {
        // 10 moves in 50 days; we replied at once, they took 60 days.
        let game = read_game(
            b"[TimeControl \"10/50\"]\n[Date \"2026.01.01\"]\n\n\
              1. 5254 {[%ccsnt 2026.01.01]} 5755 {[%ccsnt 2026.01.02] [%ccrcv 2026.01.03]} \
              2. 7163 {[%ccsnt 2026.01.03]} *",
        )
        .unwrap();
        let report = |received| checked(&game, "2. 7163 2... 2836", "2026.06.01", Some(received));
        let exceeded = |f: &Finding| matches!(f, Finding::TimeExceeded { .. });
        let late = report("2026.03.10");
        assert!(late.in_order(), "{:?}", late.findings);
        let warned = said(&late, exceeded);
        assert_eq!(warned.len(), 1, "{:?}", late.findings);
        assert!(
            warned[0].starts_with("black exceeded the time limit at move 2...: "),
            "{}",
            warned[0]
        );
        assert!(said(&report("2026.01.20"), exceeded).is_empty());
    }

    /// Found by a correspondence player's trial: their move sent on the
    /// last day, counted from the day our move reached them (as they
    /// wrote it), was said to be a day over the limit: `check` counted
    /// from our sending, where `apply` and the card count from arrival.
    #[test]
    fn regression_time_exceeded_counted_from_our_sending() {
        let game = read_game(
            b"[TimeControl \"10/50\"]\n[Date \"2026.01.01\"]\n\n\
              1. 5254 {[%ccsnt 2026.01.02] [%ccrcv 2026.01.03]} 5755 \
              {[%ccsnt 2026.01.30] [%ccrcv 2026.01.31]} 2. 7163 {[%ccsnt 2026.02.01]} *",
        )
        .unwrap();
        let exceeded = |f: &Finding| matches!(f, Finding::TimeExceeded { .. });
        // 27 days for 1... and 23 from 02.02 to 02.25: 50, on the limit.
        let text = "Your 2. 7163 received 02.02.2026.\nMy move: 2... 2836 (sent 25.02.2026)";
        let on_time = checked(&game, text, "2026.02.26", None);
        assert!(
            said(&on_time, exceeded).is_empty(),
            "{:?}",
            on_time.findings
        );
        // A day later is over it.
        let text = "Your 2. 7163 received 02.02.2026.\nMy move: 2... 2836 (sent 26.02.2026)";
        let late = checked(&game, text, "2026.02.27", None);
        assert_eq!(said(&late, exceeded).len(), 1, "{:?}", late.findings);
    }

    #[test]
    fn file_dates_out_of_order() {
        let game = read_game(
            b"1. 5254 {[%ccsnt 2026.12.05] [%ccrcv 2026.12.06]} 5755 {[%ccsnt 2026.12.04]} *",
        )
        .unwrap();
        let errors = check_file_dates(&game, "2026.12.10".parse().unwrap());
        assert_eq!(
            errors[0].to_string(),
            "move 1...: sent 2026.12.04, before the move it answers arrived (2026.12.06)"
        );
        let errors = check_file_dates(&game, "2026.12.05".parse().unwrap());
        assert!(
            errors
                .iter()
                .any(|e| e.to_string() == "move 1.: received 2026.12.06, after today (2026.12.05)")
        );
    }
}
