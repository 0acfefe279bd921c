//! Realistic replies (`testdata/corr/mail/`) as mail programs send them:
//! each read to the right verdict against our game, where we (White) sent
//! 2. Nf3 with a draw offer.

use iccf_corr::{
    CheckOptions, Claim, Date, Finding, check_message, numeric, read_game, read_message,
};
use shakmaty::Color;

fn game() -> iccf_corr::Game {
    read_game(
        b"[Event \"ICCF EM/M/GT/102\"]\n[White \"Everitt, Gordon T.\"]\n[Black \"Wang, Mong Lin\"]\n\
          [ICCFSide \"white\"]\n[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} \
          5755 {[%ccsnt 2026.12.02] [%ccrcv 2026.12.03]} 2. 7163 {[%ccsnt 2026.12.04] [%ccdrawoffer white]} *",
    )
    .unwrap()
}

/// The verdict on a mail: in order, their move 2... 2836, the claims they
/// mean, no result, and our game named.
fn verdict(file: &str, claims: &[Claim]) -> iccf_corr::MessageReport {
    let bytes = std::fs::read(iccf_testdata::path(&format!("corr/mail/{file}"))).unwrap();
    let message = read_message(&bytes);
    let opts = CheckOptions {
        today: Some("2026.12.07".parse().unwrap()),
        ..CheckOptions::default()
    };
    let report = check_message(&game(), Color::White, &message, &opts);
    assert!(
        report.in_order(),
        "{file}: {:#?}\n{}",
        report.findings,
        message.text
    );
    assert_eq!(
        report.new_move.map(|m| numeric(m).to_string()).as_deref(),
        Some("2836"),
        "{file}: {:?}",
        report.findings
    );
    assert_eq!(report.claims, claims, "{file}: {:?}", report.findings);
    assert_eq!(report.result, None, "{file}");
    assert!(
        report
            .findings
            .iter()
            .any(|f| matches!(f, Finding::SameGame { .. })),
        "{file}: {:?}",
        report.findings
    );
    report
}

#[test]
fn outlook_reply_quoting_our_card_without_marks() {
    // Our own "I offer a draw." below -----Original Message----- is ours.
    let report = verdict("outlook-reply.eml", &[]);
    assert_eq!(report.our_received.unwrap().to_string(), "2026.12.05");
    assert_eq!(report.their_sent.unwrap().to_string(), "2026.12.05");
}

#[test]
fn gmail_html_only_keeps_its_lines_and_drops_the_quote() {
    let report = verdict("gmail-html-only.eml", &[Claim::DrawDeclined]);
    // No date beside the move: the Date header is when they sent it,
    // "Sat, 5 Dec 2026 22:40:11 +0800" (14:40:11 UTC), on our clock.
    let moment = Date::new(2026, 12, 5).unwrap().to_days() * 86_400 + 14 * 3600 + 40 * 60 + 11;
    assert_eq!(report.their_sent, Some(Date::local_at(moment)));
}

#[test]
fn forwarded_block_is_not_theirs() {
    verdict("forwarded.eml", &[]);
}

#[test]
fn pgn_attachment_is_their_record() {
    let report = verdict("attachment.eml", &[]);
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.to_string() == "your record is read from the attachment emmgt102.pgn")
    );
    assert!(
        report
            .findings
            .iter()
            .any(|f| matches!(f, Finding::RecordAgrees { plies: 4 }))
    );
}

#[test]
fn latin1_quoted_printable_german_decline() {
    verdict("latin1.eml", &[Claim::DrawDeclined]);
}

#[test]
fn koi8_r_russian_draw_offer() {
    verdict("koi8r.eml", &[Claim::DrawOffer]);
}

#[test]
fn cp1250_czech_draw_offer() {
    verdict("cp1250.eml", &[Claim::DrawOffer]);
}
