//! A folder of 30 game files made from real games and 60 messages
//! (`testdata/corr/folder`, made by iccf-corr's `make_test_folder`
//! example): `iccf status` line by line against the clocks computed here
//! from the files' text, every message matched to its game or refused,
//! never matched to another, and what `--apply` and `card DIR GAME` change.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli::run;

const TODAY: &str = "2026.12.01";

fn games_dir() -> PathBuf {
    iccf_testdata::path("corr/folder/games")
}

fn messages_dir() -> PathBuf {
    iccf_testdata::path("corr/folder/messages")
}

/// Days since 1970-01-01 of `YYYY.MM.DD`, counted month by month (not the
/// library's formula).
fn days(date: &str) -> i64 {
    let parts: Vec<i64> = date.split('.').map(|p| p.parse().unwrap()).collect();
    let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let mut total = 0;
    for y in 1970..parts[0] {
        total += if leap(y) { 366 } else { 365 };
    }
    let lengths = [
        31,
        if leap(parts[0]) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    total + lengths[..(parts[1] - 1) as usize].iter().sum::<i64>() + parts[2] - 1
}

/// A game file read with plain string handling: tags, and per ply its
/// move, sent and received dates.
struct Plain {
    tags: Vec<(String, String)>,
    plies: Vec<(String, Option<i64>, Option<i64>)>,
}

impl Plain {
    fn read(text: &str) -> Plain {
        let mut tags = Vec::new();
        let mut movetext = String::new();
        for line in text.lines() {
            if let Some(tag) = line.strip_prefix('[') {
                let (name, value) = tag.split_once(' ').unwrap();
                tags.push((
                    name.to_owned(),
                    value.trim_end_matches(']').trim_matches('"').to_owned(),
                ));
            } else {
                movetext.push_str(line);
                movetext.push(' ');
            }
        }
        let mut plies: Vec<(String, Option<i64>, Option<i64>)> = Vec::new();
        for token in movetext
            .replace('{', " { ")
            .replace('}', " } ")
            .replace(']', " ] ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
        {
            match token {
                ["[%ccsnt", d] => plies.last_mut().unwrap().1 = Some(days(d)),
                ["[%ccrcv", d] => plies.last_mut().unwrap().2 = Some(days(d)),
                [mv, _] if mv.len() >= 4 && mv.bytes().all(|b| b.is_ascii_digit()) => {
                    plies.push(((*mv).to_owned(), None, None))
                }
                _ => {}
            }
        }
        Plain { tags, plies }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What the status of one file must say, computed here.
#[derive(Debug, PartialEq)]
struct Expected {
    to_move: Option<&'static str>,
    waiting: Option<i64>,
    used: [i64; 2],
    left: [i64; 2],
    deadline: Option<i64>,
    alerts: Vec<String>,
}

/// Our leave: each day of it, from the `ICCFLeave` tag.
fn leave_days(plain: &Plain) -> Vec<i64> {
    let mut out = Vec::new();
    for leave in plain.tag("ICCFLeave").unwrap_or("").split_whitespace() {
        let (from, to) = leave.split_once("..").unwrap();
        out.extend(days(from)..=days(to));
    }
    out
}

fn expected(plain: &Plain, today: i64) -> Expected {
    let ours_white = plain.tag("ICCFSide") == Some("white");
    let us = usize::from(!ours_white);
    let leave = leave_days(plain);
    // Days after `from` up to `to`, for `side`: our leave days do not count.
    let counted = |side: usize, from: i64, to: i64| {
        let off = leave.iter().filter(|&&d| side == us && from < d && d <= to);
        (to - from) - off.count() as i64
    };
    let over = plain.tag("Result") != Some("*");
    let n = plain.plies.len();
    let white_to_move = n.is_multiple_of(2);
    let start = days(plain.tag("Date").unwrap());
    // Days per side: from the arrival of the move before to the sending.
    let mut used = [0i64; 2];
    let mut moves = [0i64; 2];
    for i in 0..n {
        let from = if i == 0 {
            Some(start)
        } else {
            plain.plies[i - 1].2.or(plain.plies[i - 1].1)
        };
        used[i % 2] += counted(i % 2, from.unwrap(), plain.plies[i].1.unwrap()).max(0);
        moves[i % 2] += 1;
    }
    let arrival = plain
        .plies
        .last()
        .map_or(Some(start), |p| p.2.or(p.1))
        .unwrap();
    let mover = usize::from(!white_to_move);
    let waiting = (!over).then(|| counted(mover, arrival, today));
    if let Some(w) = waiting {
        used[mover] += w;
    }
    // 10/50: the period of each side's next move.
    let left = [0, 1].map(|s| (moves[s] + 10) / 10 * 50 - used[s]);
    let them = 1 - us;
    let ours_to_move = !over && mover == us;
    let mut alerts = Vec::new();
    if over {
        alerts.push("finished".to_owned());
    } else {
        for s in [us, them] {
            if left[s] < 0 {
                alerts.push("over-time".to_owned());
            }
        }
        let w = waiting.unwrap();
        match (ours_to_move, w >= 14, w >= 40) {
            (true, true, _) => alerts.push("our-move-overdue".to_owned()),
            (false, true, report) => alerts.push(format!("their-answer-overdue {report}")),
            _ => {}
        }
        if plain.tag("ICCFCardDue").is_some() {
            alerts.push("if-move-not-sent".to_owned());
        }
    }
    Expected {
        to_move: (!over).then_some(if ours_to_move { "ours" } else { "theirs" }),
        waiting,
        used: [used[us], used[them]],
        left: [left[us], left[them]],
        deadline: waiting.map(|_| {
            // The days left counted from today (back when over the limit),
            // the mover's leave days not counted.
            let (mut day, mut rest) = (today, left[mover]);
            while rest != 0 {
                day += rest.signum();
                if !(mover == us && leave.contains(&day)) {
                    rest -= rest.signum();
                }
            }
            day
        }),
        alerts,
    }
}

fn got(status: &Value) -> Expected {
    let side = status["side"].as_str().unwrap();
    let to_move = status["to_move"]
        .as_str()
        .map(|s| if s == side { "ours" } else { "theirs" });
    let int = |v: &Value| v.as_i64().unwrap();
    let alerts = status["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a["kind"].as_str().unwrap() {
            "their-answer-overdue" => format!("their-answer-overdue {}", a["report"]),
            kind => kind.to_owned(),
        })
        .collect();
    Expected {
        to_move,
        waiting: status["waiting"].as_i64(),
        used: [
            int(&status["our_clock"]["used"]),
            int(&status["their_clock"]["used"]),
        ],
        left: [
            int(&status["our_clock"]["left"]),
            int(&status["their_clock"]["left"]),
        ],
        deadline: status["deadline"].as_str().map(days),
        alerts,
    }
}

#[test]
fn status_is_right_line_by_line() {
    let dir = games_dir();
    let out = run(
        &["status", dir.to_str().unwrap(), "--date", TODAY, "--json"],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 30);
    let today = days(TODAY);
    let mut kinds = std::collections::BTreeSet::new();
    for line in &lines {
        let file = line["file"].as_str().unwrap();
        let plain = Plain::read(&std::fs::read_to_string(dir.join(file)).unwrap());
        let want = expected(&plain, today);
        assert_eq!(got(&line["status"]), want, "{file}");
        kinds.extend(want.alerts.iter().cloned());
    }
    // The folder has every kind of line.
    for kind in [
        "finished",
        "over-time",
        "our-move-overdue",
        "their-answer-overdue true",
        "their-answer-overdue false",
        "if-move-not-sent",
    ] {
        assert!(kinds.contains(kind), "{kind}: {kinds:?}");
    }
    // Most urgent first: over time, our overdue moves, a card to send,
    // our other moves, then theirs, finished games last.
    let rank = |v: &Value| {
        let s = got(&v["status"]);
        match (s.to_move, s.alerts.first().map(String::as_str)) {
            (None, _) => 5,
            (_, Some("over-time")) => 0,
            (Some("ours"), Some("our-move-overdue")) => 1,
            (_, Some("if-move-not-sent")) => 2,
            (Some("ours"), _) => 3,
            _ => 4,
        }
    };
    let ranks: Vec<i32> = lines.iter().map(rank).collect();
    assert!(ranks.is_sorted(), "{ranks:?}");
    // The text lines are the same games in the same order, one a line.
    let text = run(&["status", dir.to_str().unwrap(), "--date", TODAY], b"");
    let files: Vec<&str> = text
        .stdout
        .lines()
        .map(|l| l.split("  ").next().unwrap())
        .collect();
    let json_files: Vec<&str> = lines.iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert_eq!(files, json_files);
    assert!(
        text.stdout
            .contains("! their answer overdue (60 days): report to the tournament director")
    );
}

fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_message_finds_its_game_or_is_refused() {
    let dir = games_dir();
    let before = snapshot(&dir);
    let expected = std::fs::read_to_string(messages_dir().join("expected.tsv")).unwrap();
    let (mut matched, mut refused) = (0, 0);
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let (message, target) = line.split_once('\t').unwrap();
        let path = messages_dir().join(message);
        let out = run(
            &[
                "check",
                dir.to_str().unwrap(),
                path.to_str().unwrap(),
                "--date",
                TODAY,
                "--json",
            ],
            b"",
        );
        let json: Value = serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("{message}: {e}: {}", out.stderr));
        let parts = json["parts"].as_array().unwrap();
        let games: Vec<Option<&str>> = parts.iter().map(|p| p["game"].as_str()).collect();
        if target == "refused" {
            assert!(
                games.iter().any(Option::is_none),
                "{message} matched {games:?}"
            );
            assert_eq!(out.code, 1, "{message}");
            refused += 1;
        } else {
            let want: Vec<Option<&str>> = target.split(',').map(Some).collect();
            assert_eq!(games, want, "{message}");
            matched += 1;
        }
    }
    assert_eq!((matched, refused), (55, 5));
    assert_eq!(
        snapshot(&dir),
        before,
        "check without --apply wrote something"
    );
}

/// A copy of the folder to change.
fn copy() -> tempfile::TempDir {
    let temp = tempfile::tempdir().unwrap();
    for (name, bytes) in snapshot(&games_dir()) {
        std::fs::write(temp.path().join(name), bytes).unwrap();
    }
    temp
}

#[test]
fn apply_records_only_a_message_that_found_its_game() {
    let temp = copy();
    let dir = temp.path().to_str().unwrap();
    let message = |n: &str| messages_dir().join(n).to_str().unwrap().to_owned();
    // 01: moves that three Sicilians share: refused, nothing written.
    let before = snapshot(temp.path());
    let out = run(
        &["check", dir, &message("01.eml"), "--date", TODAY, "--apply"],
        b"",
    );
    assert_eq!(out.code, 1);
    assert!(
        out.stdout
            .contains("refused: it may be for sicilian-a.pgn, sicilian-b.pgn, sicilian-c.pgn"),
        "{}",
        out.stdout
    );
    assert_eq!(snapshot(temp.path()), before);
    // 02 is for sicilian-b (its sender is remembered there).
    let out = run(
        &["check", dir, &message("02.eml"), "--date", TODAY, "--apply"],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(
        out.stdout.contains("recorded: their move 3... 3544"),
        "{}",
        out.stdout
    );
    let game = Plain::read(&std::fs::read_to_string(temp.path().join("sicilian-b.pgn")).unwrap());
    assert_eq!(game.plies.last().unwrap().0, "3544");
    assert_eq!(game.plies.len(), 6);
    // Read twice: recorded already, nothing new.
    let again = run(
        &["check", dir, &message("02.eml"), "--date", TODAY, "--apply"],
        b"",
    );
    assert!(
        again.stdout.contains("is recorded already"),
        "{}",
        again.stdout
    );
    // 46 is for match-1 (our card quoted back tells the match's games
    // apart) but does not repeat our move: said, nothing recorded.
    let before = snapshot(temp.path());
    let out = run(
        &["check", dir, &message("46.eml"), "--date", TODAY, "--apply"],
        b"",
    );
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("match-1.pgn (opponent McShane, its move fits this game only)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("problem: our move 14... 2524 is not repeated"),
        "{}",
        out.stdout
    );
    assert_eq!(snapshot(temp.path()), before);
    // 38: two games in one message, each part recorded in its game; the
    // captain's address does not replace the opponent's remembered one.
    let out = run(
        &["check", dir, &message("38.eml"), "--date", TODAY, "--apply"],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    for file in ["board-01.pgn", "board-02.pgn"] {
        let old = Plain::read(
            &String::from_utf8(before.iter().find(|(n, _)| n == file).unwrap().1.clone()).unwrap(),
        );
        let new = Plain::read(&std::fs::read_to_string(temp.path().join(file)).unwrap());
        assert_eq!(new.plies.len(), old.plies.len() + 1, "{file}");
        assert_eq!(
            new.tag("ICCFOpponentEmail"),
            old.tag("ICCFOpponentEmail"),
            "{file}"
        );
    }
}

#[test]
fn card_finds_the_game_by_id_or_name_and_clears_the_card_due_mark() {
    let temp = copy();
    let dir = temp.path().to_str().unwrap();
    let out = run(
        &["card", dir, "EM/CH/55/5", "--move", "1314", "--date", TODAY],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("My move: 17. 1314"), "{}", out.stdout);
    assert!(
        std::fs::read_to_string(temp.path().join("board-05.pgn"))
            .unwrap()
            .contains("17. 1314")
    );
    // scandinavian.pgn: an if-move reply played, its card not written.
    let out = run(&["card", dir, "scandinavian", "--date", TODAY], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let game = std::fs::read_to_string(temp.path().join("scandinavian.pgn")).unwrap();
    assert!(!game.contains("ICCFCardDue"), "{game}");
    let out = run(&["card", dir, "EM/CH/55", "--date", TODAY], b"");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("no game file has the ID or name `EM/CH/55`"),
        "{}",
        out.stderr
    );
}

/// Review of issue 20: a message asking for our last card again was
/// recorded on the folder path (with the draw offer it carried) while
/// `iccf check FILE` records nothing. Now nothing is recorded and it is said.
#[test]
fn resend_request_recorded_nothing_on_the_folder_path() {
    let temp = copy();
    let dir = temp.path().to_str().unwrap();
    let status = run(&["status", dir, "--date", TODAY, "--json"], b"");
    // A game with an ID awaiting their answer to our last move: they say
    // they had no answer to their own last move.
    let line: Value = status
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|l| {
            let s = &l["status"];
            s["to_move"].is_string()
                && s["to_move"] != s["side"]
                && s["game_id"].is_string()
                && s["theirs"].is_object()
        })
        .expect("a game awaiting their answer");
    let s = &line["status"];
    let text = format!(
        "From: Someone <someone@example.net>\nSubject: {}\nDate: Tue, 1 Dec 2026 08:00:00 +0000\n\n\
         I have had no answer to {} {}. Please send it again.\nI offer a draw.\n",
        s["game_id"].as_str().unwrap(),
        s["theirs"]["no"].as_str().unwrap(),
        s["theirs"]["numeric"].as_str().unwrap(),
    );
    let message = temp.path().join("resend.eml");
    std::fs::write(&message, text).unwrap();
    let before = snapshot(temp.path());
    let out = run(
        &[
            "check",
            dir,
            message.to_str().unwrap(),
            "--date",
            TODAY,
            "--apply",
        ],
        b"",
    );
    assert!(
        out.stdout
            .contains("not recorded: they ask for our last move"),
        "{}",
        out.stdout
    );
    assert_eq!(snapshot(temp.path()), before, "{}", out.stdout);
}

/// Regression: `check DIR` ignored --accept-result (the message was
/// recorded, its result not asked about). As --accept, it acts on one
/// game: a usage error with a folder, naming the flag, nothing written.
#[test]
fn accept_result_was_ignored_with_a_folder() {
    let temp = copy();
    let dir = temp.path().to_str().unwrap();
    // 02 is for sicilian-b and in order: --apply alone records it.
    let message = messages_dir().join("02.eml");
    let before = snapshot(temp.path());
    let args = [
        "check",
        dir,
        message.to_str().unwrap(),
        "--date",
        TODAY,
        "--apply",
        "--accept-result",
    ];
    let out = run(&args, b"");
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.starts_with("iccf: --accept-result ")
            && out.stderr.contains("give its game file"),
        "{}",
        out.stderr
    );
    assert_eq!(out.stdout, "");
    assert_eq!(snapshot(temp.path()), before);
}

/// Regression: `check DIR` (and `iccf mail`, through the same code)
/// dated their move today, both sent and received, whatever the e-mail's
/// `Date:` said, and ignored --received: the same message on the same
/// game was recorded days apart by a folder and by its game file. Now
/// both date it alike: sent on the e-mail's date, received then or on
/// --received.
#[test]
fn folder_check_dated_their_move_today() {
    // 02.eml is dated Tue, 1 Dec 2026; "today" is a week later.
    let message = messages_dir().join("02.eml");
    let message = message.to_str().unwrap();
    for received in [None, Some("2026.12.05")] {
        let want = format!(
            "3544 {{[%ccsnt 2026.12.01] [%ccrcv {}]}}",
            received.unwrap_or("2026.12.01")
        );
        for by_file in [false, true] {
            let temp = copy();
            let dir = temp.path().to_str().unwrap().to_owned();
            let target = if by_file {
                format!("{dir}/sicilian-b.pgn")
            } else {
                dir.clone()
            };
            let mut args = vec!["check", &target, message, "--date", "2026.12.08", "--apply"];
            if let Some(date) = received {
                args.extend(["--received", date]);
            }
            let out = run(&args, b"");
            assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
            let game = std::fs::read_to_string(temp.path().join("sicilian-b.pgn")).unwrap();
            assert!(
                game.contains(&want),
                "by file {by_file}, {received:?}: {game}"
            );
        }
    }
}

/// `iccf status` on a folder without game files (the wrong folder) printed
/// nothing and exited 0, as a folder of games with nothing to do would.
#[test]
fn status_of_a_folder_without_games_said_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("reply.eml"),
        "From: a@example.org\n\n1... 5755\n",
    )
    .unwrap();
    let r = run(&["status", dir.path().to_str().unwrap()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr.trim_end(),
        format!("iccf: no game files (*.pgn) in {}", dir.path().display())
    );
}

/// `iccf check FOLDER MESSAGE` marked every finding that was no problem
/// `ok`: a time limit exceeded read "ok: white exceeded the time limit",
/// where `iccf check FILE MESSAGE` says "warning:". Both mark alike now.
#[test]
fn regression_folder_check_marked_warnings_ok() {
    let message = messages_dir().join("25.eml");
    let message = message.to_str().unwrap();
    let dir = games_dir();
    let by_folder = run(&["check", dir.to_str().unwrap(), message], b"");
    let file = dir.join("board-08.pgn");
    let by_file = run(&["check", file.to_str().unwrap(), message], b"");
    let marked = |stdout: &str| -> Vec<String> {
        stdout
            .lines()
            .filter(|l| l.contains(": ") && !l.ends_with(':'))
            .map(|l| l.trim().to_owned())
            .collect()
    };
    assert!(
        by_file
            .stdout
            .contains("warning: white exceeded the time limit"),
        "{}",
        by_file.stdout
    );
    // The folder's heading names the game, which the file's findings say.
    let (by_folder_lines, by_file_lines) = (marked(&by_folder.stdout), marked(&by_file.stdout));
    assert_eq!(by_folder_lines.len() + 1, by_file_lines.len());
    for line in &by_folder_lines {
        assert!(by_file_lines.contains(line), "{line}: {by_file_lines:?}");
    }
    assert_eq!(by_folder.code, by_file.code);
}
