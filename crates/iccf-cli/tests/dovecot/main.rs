//! `iccf mail` against a real Dovecot: run by run.sh, which starts the
//! server (the tests are ignored by a plain `cargo test`).

mod proxy;
mod server;

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::Path;

use server::{desk, iccf, message, server, snapshot, text};

const DONE: &str = "$iccf-done";

/// Not chess mail.
const LUNCH: &[u8] = b"From: Ann <ann@example.org>\r\nTo: gordon.everitt@example.org\r\n\
Subject: Lunch on Friday?\r\nMessage-ID: <lunch-1@example.org>\r\n\
Date: Tue, 1 Dec 2026 09:00:00 +0000\r\n\r\nShall we meet at noon?\r\n";

/// Our if-moves in sicilian-b, which 02.eml's 3... 3544 sets off.
fn propose_if_moves(games: &Path) {
    let out = iccf(&[
        OsStr::new("card"),
        games.join("sicilian-b.pgn").as_os_str(),
        OsStr::new("--if"),
        OsStr::new("3. 4244 3... 3544 4. 6344"),
        OsStr::new("--date"),
        OsStr::new("2026.11.30"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// The folder after `iccf check DIR MESSAGE --apply` of each message in
/// turn: what `iccf mail --apply` must have recorded.
fn checked(messages: &[&str], prepare: impl Fn(&Path)) -> BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    server::copy_games(dir.path());
    prepare(dir.path());
    for name in messages {
        let file = dir.path().join(format!("{name}.msg"));
        std::fs::write(&file, message(name)).unwrap();
        iccf(&[
            OsStr::new("check"),
            dir.path().as_os_str(),
            file.as_os_str(),
            OsStr::new("--apply"),
            OsStr::new("--date"),
            OsStr::new("2026.12.02"),
        ]);
        std::fs::remove_file(file).unwrap();
    }
    snapshot(dir.path())
}

fn without_card_due(bytes: &[u8]) -> Vec<u8> {
    text(bytes)
        .lines()
        .filter(|l| !l.starts_with("[ICCFCardDue "))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .into_bytes()
}

/// The same game files, byte for byte (told by name when not).
fn assert_same(got: &BTreeMap<String, Vec<u8>>, want: &BTreeMap<String, Vec<u8>>) {
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>()
    );
    let changed: Vec<&String> = got.keys().filter(|n| got[*n] != want[*n]).collect();
    assert!(changed.is_empty(), "changed: {changed:?}");
}

fn has(flags: &BTreeMap<u32, Vec<String>>, uid: u32, flag: &str) -> bool {
    flags[&uid].iter().any(|f| f == flag)
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn new_mail_is_fetched_checked_recorded_marked_and_drafted() {
    let s = server();
    let desk = desk(&s, "flow", s.imaps_port, &format!("ca_file = \"{}\"", s.ca));
    propose_if_moves(&desk.games());
    // A card due from before: saved as a draft too.
    let scandinavian = server::games_dir().join("scandinavian.pgn");
    std::fs::copy(&scandinavian, desk.games().join("scandinavian.pgn")).unwrap();
    // 1 sets off our if-move, 2 and 3 are in order, 4 fits three games,
    // 5 does not repeat our move, 6 is not chess mail.
    for name in ["02.eml", "13.eml", "14.eml", "01.eml", "18.eml"] {
        s.deliver("flow", &message(name));
    }
    s.deliver("flow", LUNCH);
    let before = desk.snapshot();

    let look = desk.mail(&[]);
    assert_eq!(look.status.code(), Some(1), "{}", text(&look.stderr));
    assert_same(&desk.snapshot(), &before);
    assert!(s.flags("flow", "INBOX").values().all(Vec::is_empty));
    assert!(s.texts("flow", "Drafts").is_empty());

    let run = desk.mail(&["--apply"]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}{}", text(&run.stderr));
    assert_eq!(stdout.matches("marked $iccf-done").count(), 3, "{stdout}");
    // 02.eml, recorded first, took sicilian-b out of 01.eml's candidates.
    assert!(
        stdout.contains("refused: it may be for sicilian-a.pgn, sicilian-c.pgn"),
        "{stdout}"
    );
    assert!(stdout.contains("\"Lunch on Friday?\": fits no game of the folder; left as it was"));
    assert!(stdout.contains("recorded: our if-move 4. 6344"), "{stdout}");

    // The files are what `iccf check DIR MESSAGE --apply` makes of the same
    // messages, less the card-due marks of the two cards now in Drafts.
    let mut expected = checked(
        &["02.eml", "13.eml", "14.eml", "01.eml", "18.eml"],
        propose_if_moves,
    );
    for name in ["sicilian-b.pgn", "scandinavian.pgn"] {
        let e = expected.get_mut(name).unwrap();
        *e = without_card_due(e);
    }
    let after = desk.snapshot();
    for (name, bytes) in &after {
        assert_eq!(text(bytes), text(&expected[name]), "{name}");
    }
    let changed: Vec<&String> = after.keys().filter(|n| after[*n] != before[*n]).collect();
    assert_eq!(
        changed,
        [
            "board-01.pgn",
            "everitt-wang.pgn",
            "scandinavian.pgn",
            "sicilian-b.pgn"
        ]
    );

    let flags = s.flags("flow", "INBOX");
    assert_eq!(flags.len(), 6, "no mail is deleted");
    for uid in 1..=6 {
        assert_eq!(has(&flags, uid, DONE), uid <= 3, "message {uid}: {flags:?}");
        assert!(!has(&flags, uid, "\\Seen"), "message {uid} stays unread");
    }

    let drafts = s.texts("flow", "Drafts");
    assert_eq!(drafts.len(), 2, "{drafts:?}");
    let sicilian = drafts
        .iter()
        .find(|d| d.contains("Anand"))
        .expect("sicilian-b's card");
    assert!(sicilian.contains("To: <v.anand@example.net>"), "{sicilian}");
    assert!(
        sicilian.contains("Subject: Re: EM/M/GT/102, Everitt, Gordon - Anand,V"),
        "{sicilian}"
    );
    assert!(sicilian.contains("In-Reply-To: <"), "{sicilian}");
    assert!(sicilian.contains("My move: 4. 6344"), "{sicilian}");
    assert!(
        drafts
            .iter()
            .any(|d| d.contains("Shepley") && d.contains("My move: 6. 6355"))
    );
    assert!(
        s.flags("flow", "Drafts")
            .values()
            .all(|f| f.iter().any(|f| f == "\\Draft"))
    );

    // Again: the marked mail is left alone, nothing changes.
    let again = desk.mail(&["--apply"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        !text(&again.stdout).contains("marked $iccf-done"),
        "{}",
        text(&again.stdout)
    );
    assert_same(&desk.snapshot(), &after);
    assert_eq!(s.texts("flow", "Drafts").len(), 2);
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn starttls_and_the_seen_mark() {
    let s = server();
    let settings = format!(
        "security = \"starttls\"\nmark = \"seen\"\nca_file = \"{}\"",
        s.ca
    );
    let desk = desk(&s, "starttls", s.imap_port, &settings);
    s.deliver("starttls", &message("02.eml"));
    s.deliver("starttls", LUNCH);
    let json = desk.mail(&["--json"]);
    let lines: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", text(&json.stderr));
    assert_eq!(lines[0]["outcome"]["parts"][0]["game"], "sicilian-b.pgn");
    assert_eq!(lines[0]["marked"], false);
    assert_eq!(lines[1]["subject"], "Lunch on Friday?");
    let run = desk.mail(&["--apply"]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let flags = s.flags("starttls", "INBOX");
    assert!(has(&flags, 1, "\\Seen") && !has(&flags, 1, DONE));
    assert!(flags[&2].is_empty(), "other mail stays unread");
    assert_ne!(
        desk.snapshot()["sicilian-b.pgn"],
        std::fs::read(server::games_dir().join("sicilian-b.pgn")).unwrap()
    );
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn a_wrong_password_is_said_and_changes_nothing() {
    let s = server();
    let mut desk = desk(
        &s,
        "wrongpw",
        s.imaps_port,
        &format!("ca_file = \"{}\"", s.ca),
    );
    desk.password = "not the password".to_owned();
    s.deliver("wrongpw", &message("02.eml"));
    let before = desk.snapshot();
    let run = desk.mail(&["--apply"]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr.contains("the server refused the login of wrongpw: wrong user name or password?"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("not the password") && !text(&run.stdout).contains("not the password")
    );
    assert_same(&desk.snapshot(), &before);
    assert_eq!(s.flags("wrongpw", "INBOX").len(), 1);
    assert!(s.flags("wrongpw", "INBOX")[&1].is_empty());
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn plain_only_on_loopback_and_only_when_asked() {
    let s = server();
    let desk = desk(&s, "plain", s.imap_port, "security = \"plain\"");
    s.deliver("plain", &message("13.eml"));
    let refused = desk.mail(&["--apply"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("--insecure-plain-loopback"),
        "{}",
        text(&refused.stderr)
    );
    assert!(s.flags("plain", "INBOX")[&1].is_empty());
    let run = desk.mail(&["--apply", "--insecure-plain-loopback"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(has(&s.flags("plain", "INBOX"), 1, DONE));
}

/// 02.eml with 300 KB of chat after the moves.
fn long_message() -> Vec<u8> {
    let mut bytes = message("02.eml");
    for _ in 0..5000 {
        bytes.extend_from_slice(b"The post is slow but the game is long, and patience wins.\n");
    }
    bytes
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn a_connection_dropped_mid_fetch_loses_nothing() {
    let s = server();
    let proxy = proxy::cutting_proxy(s.imaps_port, 100_000);
    let desk_cut = desk(&s, "drop", proxy, &format!("ca_file = \"{}\"", s.ca));
    s.deliver("drop", &long_message());
    s.deliver("drop", &message("13.eml"));
    let before = desk_cut.snapshot();
    let run = desk_cut.mail(&["--apply"]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{}", text(&run.stdout));
    assert!(
        stderr.contains("the connection was lost while fetching message 1"),
        "{stderr}"
    );
    assert_same(&desk_cut.snapshot(), &before);
    let flags = s.flags("drop", "INBOX");
    assert_eq!(flags.len(), 2);
    assert!(flags.values().all(Vec::is_empty), "{flags:?}");

    // Without the cut, the same folder and mailbox: both recorded, marked.
    std::fs::write(
        &desk_cut.config,
        std::fs::read_to_string(&desk_cut.config).unwrap().replace(
            &format!("port = {proxy}"),
            &format!("port = {}", s.imaps_port),
        ),
    )
    .unwrap();
    let run = desk_cut.mail(&["--apply"]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let after = desk_cut.snapshot();
    assert_ne!(after["sicilian-b.pgn"], before["sicilian-b.pgn"]);
    assert_ne!(after["everitt-wang.pgn"], before["everitt-wang.pgn"]);
    assert!(
        s.flags("drop", "INBOX")
            .values()
            .all(|f| f.iter().any(|f| f == DONE))
    );
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn malformed_messages_are_said_and_left() {
    let s = server();
    let desk = desk(
        &s,
        "malformed",
        s.imaps_port,
        &format!("ca_file = \"{}\"", s.ca),
    );
    s.deliver(
        "malformed",
        b"\x00\xff\xfe garbage, no header at all\r\n\r\n3... 3544\r\n",
    );
    let illegal = text(&message("02.eml")).replace("3... 3544", "3... 3566");
    s.deliver("malformed", illegal.as_bytes());
    let broken_mime = text(&message("13.eml")).replace(
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: multipart/mixed; boundary=\"nowhere\"",
    );
    s.deliver("malformed", broken_mime.as_bytes());
    let before = desk.snapshot();
    let run = desk.mail(&["--apply"]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}{}", text(&run.stderr));
    assert!(
        stdout.contains("not an e-mail iccf can read: it has no sender (From:); left as it was"),
        "{stdout}"
    );
    assert!(stdout.contains("  problem:"), "{stdout}");
    assert_eq!(
        stdout.matches("left unmarked in the mailbox").count(),
        1,
        "{stdout}"
    );
    assert!(
        stdout.contains("\"Re: our game\": fits no game of the folder; left as it was"),
        "{stdout}"
    );
    assert_same(&desk.snapshot(), &before);
    let flags = s.flags("malformed", "INBOX");
    assert_eq!(flags.len(), 3);
    assert!(flags.values().all(Vec::is_empty), "{flags:?}");
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn an_untrusted_certificate_is_a_tls_error() {
    let s = server();
    let desk = desk(&s, "untrusted", s.imaps_port, "");
    s.deliver("untrusted", &message("02.eml"));
    let run = desk.mail(&["--apply"]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr.contains("TLS with 127.0.0.1:") && stderr.contains("certificate is not trusted"),
        "{stderr}"
    );
    assert!(s.flags("untrusted", "INBOX")[&1].is_empty());
}

#[test]
#[ignore = "needs the Dovecot of tests/dovecot/run.sh"]
fn our_move_is_recorded_and_its_card_drafted() {
    let s = server();
    let desk = desk(&s, "move", s.imaps_port, &format!("ca_file = \"{}\"", s.ca));
    let before = desk.snapshot();
    let refused = desk.mail(&["--apply", "--move", "board-05=1111"]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stdout).contains("board-05.pgn: our move 1111 refused"),
        "{}",
        text(&refused.stdout)
    );
    assert_eq!(desk.snapshot()["board-05.pgn"], before["board-05.pgn"]);
    assert!(s.texts("move", "Drafts").is_empty());

    let run = desk.mail(&["--apply", "--move", "EM/CH/55/5=8283"]);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}{}",
        text(&run.stdout),
        text(&run.stderr)
    );
    let game = text(&desk.snapshot()["board-05.pgn"]);
    assert!(game.contains("17. 8283 {[%ccsnt 2026.12.02]}"), "{game}");
    let drafts = s.texts("move", "Drafts");
    assert_eq!(drafts.len(), 1);
    let card = &drafts[0];
    assert!(
        card.contains("My move: 17. 8283") && card.contains("Subject: Re: EM/CH/55/5"),
        "{card}"
    );
}
