//! Everyday use of the `iccf` binary: arguments, files, stdin/stdout,
//! messages and exit codes.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;

pub(crate) fn iccf() -> Command {
    let mut cmd = Command::cargo_bin("iccf").expect("the iccf binary is built");
    cmd.env_remove("NO_COLOR");
    // An e-mail's date is its moment's day on this machine's clock: the
    // tests' e-mails were dated in UTC (`Tue, 1 Dec 2026 08:00 +0000` is
    // 30 November west of UTC-8).
    cmd.env("TZ", "UTC");
    cmd
}

/// What a run gave back.
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = iccf()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("iccf starts");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Compares texts line by line and shows both in full when they differ.
#[track_caller]
pub(crate) fn assert_text(got: &str, expected: &str) {
    if got != expected {
        let first = got
            .lines()
            .zip(expected.lines())
            .position(|(g, e)| g != e)
            .unwrap_or(got.lines().count().min(expected.lines().count()));
        panic!(
            "output differs from line {}\n--- expected\n{expected}\n--- got\n{got}\n---",
            first + 1
        );
    }
}

#[test]
fn spanish_exchange_both_ways() {
    let numeric = "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2536 2736 1-0\n";
    let san = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 bxc6 1-0\n";
    let r = run(&["convert", "--format", "text", "-q"], numeric.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, san);
    let r = run(&["convert", "--format", "text", "-q"], san.as_bytes());
    assert_text(&r.stdout, numeric);
}

#[test]
fn move_shows_every_notation() {
    let r = run(&["move", "5254"], b"");
    assert_eq!(r.code, 0);
    assert_text(
        &r.stdout,
        "5254: e4, pawn e2-e4\n  numeric  5254\n  san      e4\n  lan      e2-e4\n  uci      e2e4\n  figurine e4\n",
    );
    let r = run(&["move", "Nf6", "--after", "1. e4 e5 2. Nf3"], b"");
    assert!(
        r.stdout.starts_with("7866: Nf6, knight g8-f6\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn promotions_castlings_and_en_passant() {
    let fen = "8/5P2/8/8/8/8/8/k6K w - - 0 1";
    for (numeric, first_line) in [
        ("67681", "67681: f8=Q, pawn f7-f8 promoting to a queen"),
        ("67682", "67682: f8=R, pawn f7-f8 promoting to a rook"),
        ("67684", "67684: f8=N, pawn f7-f8 promoting to a knight"),
    ] {
        let r = run(&["move", numeric, "--fen", fen], b"");
        assert_eq!(r.stdout.lines().next(), Some(first_line), "{}", r.stderr);
    }
    let r = run(&["move", "6768", "--fen", fen], b"");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("add a fifth digit"), "{}", r.stderr);

    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    for (numeric, san) in [("5171", "O-O"), ("5131", "O-O-O")] {
        let r = run(&["move", numeric, "--fen", fen], b"");
        assert!(
            r.stdout.starts_with(&format!("{numeric}: {san},")),
            "{}",
            r.stdout
        );
    }
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
    for (numeric, san) in [("5878", "O-O"), ("5838", "O-O-O")] {
        let r = run(&["move", numeric, "--fen", fen], b"");
        assert!(
            r.stdout.starts_with(&format!("{numeric}: {san},")),
            "{}",
            r.stdout
        );
    }
    let fen = "4k3/8/8/8/4p3/8/5P2/4K3 w - - 0 1";
    let r = run(
        &["convert", "--format", "text", "-q"],
        format!("[FEN \"{fen}\"]\n\n1. 6264 5463 *").as_bytes(),
    );
    assert_text(&r.stdout, &format!("[FEN \"{fen}\"] 1. f4 exf3 *\n"));
}

#[test]
fn errors_name_file_game_line_column_move_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    std::fs::write(&path, "1. 5254 5755 *\n\n1. 5254 5755\n2. 7163 5255 *\n").unwrap();
    let r = run(
        &[
            "convert",
            "--format",
            "text",
            "--stats",
            path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 1);
    let name = path.display();
    assert!(
        r.stderr.contains(&format!(
            "{name}:4:9: error: game 2, 2... `5255`: no black piece can move from e2 to e5: e2 is empty"
        )),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("2 games, 5 moves, 1 with errors"),
        "{}",
        r.stderr
    );
    // Both games are written, the second with its rest as it was.
    assert_text(&r.stdout, "1. e4 e5 *\n1. e4 e5 2. Nf3 2... 5255 *\n");
}

#[test]
fn games_in_equal_games_out_on_broken_files() {
    for rel in [
        "pgn/pgn4web/test.pgn",
        "pgn/pgn-extract/test-fuzzydepth.pgn",
        "pgn/pgn-extract/test-nobadresults.pgn",
    ] {
        let input = std::fs::read(iccf_testdata::path(rel)).unwrap();
        let games_in = iccf_pgn::split::split_games(&input).len();
        let r = run(
            &[
                "convert",
                "--format",
                "text",
                "-q",
                iccf_testdata::path(rel).to_str().unwrap(),
            ],
            b"",
        );
        assert!(r.code == 0 || r.code == 1, "{rel}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), games_in, "{rel}");
        assert!(!r.stderr.contains("panicked"), "{rel}: {}", r.stderr);
        let r = run(
            &["convert", iccf_testdata::path(rel).to_str().unwrap(), "-q"],
            b"",
        );
        assert_eq!(
            iccf_pgn::split::split_games(r.stdout.as_bytes()).len(),
            games_in,
            "{rel}"
        );
    }
}

#[test]
fn exit_codes() {
    assert_eq!(
        run(
            &[
                "convert",
                "-q",
                iccf_testdata::path("pgn/pgn4web/one.pgn").to_str().unwrap()
            ],
            b""
        )
        .code,
        0
    );
    assert_eq!(run(&["convert", "-q"], b"1. e4 e5 2. Ke3 *").code, 1);
    let missing = run(&["convert", "no/such/file.pgn"], b"");
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.contains("no/such/file.pgn"),
        "{}",
        missing.stderr
    );
    assert_eq!(run(&["convert", "--to", "klingon"], b"").code, 2);
    assert_eq!(run(&["frobnicate"], b"").code, 2);
}

#[test]
fn output_file_is_written_whole_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    std::fs::copy(iccf_testdata::path("pgn/pgn4web/lon09r5.pgn"), &input).unwrap();
    let out = dir.path().join("out.pgn.gz");
    let r = run(
        &[
            "convert",
            "-q",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&out).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(iccf_pgn::split::split_games(text.as_bytes()).len(), 4);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 2, "{leftovers:?}");

    let before = std::fs::read(&input).unwrap();
    let r = run(
        &[
            "convert",
            input.to_str().unwrap(),
            "-o",
            input.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 2);
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

#[test]
fn jsonl_has_every_notation() {
    let r = run(
        &["convert", "--format", "jsonl", "-q"],
        b"[White \"A\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
    );
    let game: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(game["tags"]["White"], "A");
    assert_eq!(game["input"], "san");
    assert_eq!(game["result"], "1-0");
    let last = &game["moves"][6];
    assert_eq!(
        (
            last["numeric"].as_str(),
            last["san"].as_str(),
            last["uci"].as_str()
        ),
        (Some("8567"), Some("Qxf7#"), Some("h5f7"))
    );
    assert_eq!(game["errors"].as_array().map(Vec::len), Some(0));
}

#[test]
fn every_language_is_listed_and_written() {
    let r = run(&["languages"], b"");
    assert_eq!(r.stdout.lines().count(), 37);
    assert!(
        r.stdout.contains("\nru    Кр Ф  Л  С  К   Russian\n"),
        "{}",
        r.stdout
    );
    let r = run(
        &[
            "convert", "--to", "san", "--lang", "fr", "--format", "text", "-q",
        ],
        b"1. 5254 5755 2. 7163 2836 3. 6125 1716",
    );
    assert_text(&r.stdout, "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 *\n");
    let r = run(
        &["convert", "--to", "figurine", "--format", "text", "-q"],
        b"1. 5254 5755 2. 7163 2836",
    );
    assert_text(&r.stdout, "1. e4 e5 2. ♘f3 ♞c6 *\n");
}

#[test]
fn ambiguous_language_names_both() {
    // Issue 18: legal in English and Finnish, read as English, PGN's
    // language, when nothing points elsewhere.
    let r = run(&["convert", "--format", "text"], b"1. h4 h5 2. Rh3 Rh6 *");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_text(&r.stdout, "1. 8284 8785 2. 8183 8886 *\n");
    let r = run(
        &["convert", "--format", "text", "--input-lang", "fi"],
        b"1. h4 h5 2. Rh3 *",
    );
    assert_eq!(r.code, 0);
    assert_text(&r.stdout, "1. 8284 8785 2. 7183 *\n");
}

#[test]
fn broken_pipe_exits_quietly() {
    let mut child = iccf()
        .args([
            "convert",
            iccf_testdata::path("pgn/pgn4web/twic944.pgn")
                .to_str()
                .unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut head = [0u8; 100];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.to_lowercase().contains("broken pipe"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn help_teaches() {
    let r = run(&["convert", "--help"], b"");
    for needle in [
        "5254",
        "--to",
        "--format",
        "--input-lang",
        "--encoding",
        "Exit status",
    ] {
        assert!(
            r.stdout.contains(needle),
            "{needle} missing from:\n{}",
            r.stdout
        );
    }
}

/// `--format text` and `jsonl` write the main line only, but a bad
/// variation is still an error there: the exit status was 0 in those
/// formats and 1 in PGN for the same input.
#[test]
fn exit_status_does_not_depend_on_the_format() {
    for input in [
        "1. e4 (1. e5) e5 *\n",
        "1. e4 ) e5 *\n",
        "1. e4 (1. d4 d5 *\n",
    ] {
        for format in ["pgn", "text", "jsonl"] {
            let r = run(&["convert", "--format", format], input.as_bytes());
            assert_eq!(r.code, 1, "{format} {input}: {}", r.stderr);
            assert!(r.stderr.contains("error: game 1"), "{format}: {}", r.stderr);
        }
    }
}

/// A file of real games as a path string, for `run`'s arguments.
pub(crate) fn testdata(rel: &str) -> String {
    iccf_testdata::path(rel).to_str().unwrap().to_owned()
}

/// Regression (issue 10): the summary line was printed into every pipe and
/// log, with `1 games`.
#[test]
fn summary_line_was_printed_into_pipes() {
    let r = run(&["convert", "--format", "text"], b"1. e4 e5 *\n");
    assert_eq!(r.code, 0);
    assert_eq!(r.stderr, "", "stderr is a pipe: no summary");
    let r = run(&["convert", "--format", "text", "--stats"], b"1. e4 e5 *\n");
    assert!(
        r.stderr
            .starts_with("iccf: 1 game, 2 moves, 0 with errors, "),
        "{}",
        r.stderr
    );
    let r = run(&["convert", "--stats", "-q"], b"1. e4 *\n\n1. d4 *\n");
    assert!(
        r.stderr.starts_with("iccf: 2 games, 2 moves, "),
        "{}",
        r.stderr
    );
    // Errors are reported whatever the flags.
    for flags in [&[][..], &["-q"]] {
        let mut args = vec!["convert"];
        args.extend(flags);
        let r = run(&args, b"1. e4 e5 2. Ke3 *\n");
        assert_eq!(r.code, 1);
        assert!(r.stderr.contains(": error: game 1"), "{}", r.stderr);
        assert!(!r.stderr.contains("iccf: 1 game"), "{}", r.stderr);
    }
}

/// Regression (issue 10): a missing input stopped the run; the inputs
/// after it were not converted.
#[test]
fn missing_input_stopped_the_other_inputs() {
    let one = testdata("pgn/pgn4web/one.pgn");
    let lon = testdata("pgn/pgn4web/lon09r5.pgn");
    let r = run(
        &["convert", "--format", "text", &one, "no/such.pgn", &lon],
        b"",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 1 + 4, "{}", r.stdout);
    assert_eq!(
        r.stderr.trim_end(),
        "iccf: cannot open no/such.pgn: No such file or directory (os error 2)"
    );
}

/// `-o games.zip` (or `.lz4`, `.tgz`) was written as plain text under the
/// archive's name, exit 0, and `.gzip` was not compressed: the first is
/// refused now, the second gzipped.
#[test]
fn archive_output_name_was_written_plain() {
    let dir = tempfile::tempdir().unwrap();
    let one = testdata("pgn/pgn4web/one.pgn");
    let zip = dir.path().join("games.zip");
    let r = run(&["convert", &one, "-o", zip.to_str().unwrap()], b"");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("iccf writes no .zip file"),
        "{}",
        r.stderr
    );
    assert!(!zip.exists());
    let gzip = dir.path().join("games.pgn.gzip");
    let r = run(&["convert", &one, "-o", gzip.to_str().unwrap()], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(&std::fs::read(&gzip).unwrap()[..2], b"\x1f\x8b");
}

/// `--to numeric --lang de` wrote numeric moves without a word about the
/// letters asked for; `--lang` names those of SAN and long algebraic.
#[test]
fn lang_ignored_with_numeric_output_said_nothing() {
    let one = testdata("pgn/pgn4web/one.pgn");
    let r = run(&["convert", &one, "--to", "numeric", "--lang", "de"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        "iccf: --lang de is ignored: numeric moves have no piece letters (it names those of --to san or lan)"
    );
    let r = run(&["convert", &one, "--to", "san", "--lang", "de"], b"");
    assert_eq!(r.stderr, "");
    // JSON lines hold every notation in PGN's English letters.
    let r = run(&["convert", &one, "--format", "jsonl", "--lang", "ru"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        "iccf: --lang ru is ignored: records hold every notation in English letters"
    );
}

/// JSON lines and Parquet from several inputs had game numbers starting
/// again at 1 in each and no file name: a record's errors could not be
/// traced to its file. Each record names its input then.
#[test]
fn records_of_several_inputs_named_no_file() {
    let (one, two) = (
        testdata("pgn/pgn4web/one.pgn"),
        testdata("pgn/pgn4web/tilb98r2.pgn"),
    );
    let r = run(&["convert", "-q", "--format", "jsonl", &one, &two], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].starts_with(&format!("{{\"file\":\"{one}\",\"game\":1,")),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(&format!("{{\"file\":\"{two}\",\"game\":1,")),
        "{}",
        lines[1]
    );
    // One input: the records are as they were.
    let r = run(&["convert", "-q", "--format", "jsonl", &one], b"");
    assert!(r.stdout.starts_with("{\"game\":1,"), "{}", r.stdout);
}

/// With `-o`, an input that could not be read leaves the output as it was,
/// but the summary counted the other inputs' games and "0 with errors", and
/// nothing said that they were not written.
#[test]
fn output_left_unwritten_said_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("all.pgn");
    let one = testdata("pgn/pgn4web/one.pgn");
    let r = run(
        &[
            "convert",
            "-q",
            &one,
            "no/such.pgn",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(!out.exists());
    let last = r.stderr.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "iccf: {} not written, left as it was: 1 input could not be read",
            out.display()
        )
    );
    // A device is written as the games come (the review's): no such line.
    let r = run(
        &["convert", "-q", &one, "no/such.pgn", "-o", "/dev/stdout"],
        b"",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stdout.contains("5254"), "{}", r.stdout);
    assert!(!r.stderr.contains("not written"), "{}", r.stderr);
}

/// Regression (issue 11): "No space left on device" named no file.
#[cfg(target_os = "linux")]
#[test]
fn write_error_named_no_file() {
    let one = testdata("pgn/pgn4web/one.pgn");
    let r = run(&["convert", &one, "-o", "/dev/full"], b"");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.trim_end(),
        "iccf: cannot write /dev/full: No space left on device (os error 28)"
    );
}

/// Regression (issue 11): a read-only output file was replaced silently.
#[cfg(unix)]
#[test]
fn read_only_output_was_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.pgn");
    std::fs::write(&out, b"keep me").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out_name = out.to_str().unwrap();
    let r = run(&["convert", "-", "-o", out_name], b"1. e4 *\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("is read-only; use --force"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"keep me");
    let r = run(&["convert", "-", "-o", out_name, "--force"], b"1. e4 *\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "1. 5254 *\n\n");
    // Still read-only: --force replaces the contents, not the permissions.
    let mode = std::fs::metadata(&out).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
}

/// Regression (issue 11): a dangling symlink given to -o was replaced by a
/// file. A symlink to a file is written through; a dangling one is refused.
#[cfg(unix)]
#[test]
fn symlink_output_was_replaced_by_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.pgn");
    std::fs::write(&target, b"old").unwrap();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink("real.pgn", &link).unwrap();
    let r = run(
        &["convert", "-", "-o", link.to_str().unwrap()],
        b"1. e4 *\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "1. 5254 *\n\n");

    let dangling = dir.path().join("dangling.pgn");
    std::os::unix::fs::symlink("nowhere.pgn", &dangling).unwrap();
    let r = run(
        &["convert", "-", "-o", dangling.to_str().unwrap()],
        b"1. e4 *\n",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("is a symlink to nowhere.pgn, which does not exist"),
        "{}",
        r.stderr
    );
    assert!(
        dangling
            .symlink_metadata()
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(!dir.path().join("nowhere.pgn").exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

/// `-j 0` is one thread per core, as Python's `jobs=0` is.
#[test]
fn jobs_zero_means_every_core() {
    let r = run(&["convert", "-j", "0"], b"1. e4 *\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "1. 5254 *\n\n");
}

/// Regression (issue 11): `-j 18446744073709551615` aborted and
/// `-j 4294967296` hung.
#[test]
fn jobs_out_of_range_aborted_or_hung() {
    for jobs in ["18446744073709551615", "4294967296", "1025", "-1", "many"] {
        let r = run(&["convert", &format!("--jobs={jobs}")], b"1. e4 *\n");
        assert_eq!(r.code, 2, "-j {jobs}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("must be a number of threads from 1 to 1024"),
            "-j {jobs}: {}",
            r.stderr
        );
        assert_eq!(r.stdout, "");
    }
    // More than the cores: allowed, and run on as many threads as cores.
    let twic = testdata("pgn/pgn4web/twic944.pgn");
    let one = run(
        &["convert", "-q", "-j", "1", "--format", "text", &twic],
        b"",
    );
    let many = run(
        &["convert", "-q", "-j", "1024", "--format", "text", &twic],
        b"",
    );
    assert_eq!(many.code, 0, "{}", many.stderr);
    assert!(one.stdout == many.stdout, "-j 1024 wrote other output");
}

/// Regression (issue 11): `--encoding` took any WHATWG label, and
/// `replacement` turned every game into U+FFFD.
#[test]
fn encoding_replacement_was_accepted() {
    let r = run(&["convert", "--encoding", "replacement"], b"1. e4 *\n");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("use auto, utf-8, cp1251, koi8-r, koi8-u, cp866, latin1, cp1252, cp1250, latin2, utf-16le, utf-16be"),
        "{}",
        r.stderr
    );
    for name in [
        "UTF-8",
        "windows-1251",
        "KOI8-R",
        "ibm866",
        "ISO-8859-1",
        "cp1252",
    ] {
        let r = run(&["convert", "--encoding", name, "-q"], b"1. e4 *\n");
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
    }
}

/// Czech and Polish files in CP1250 or ISO-8859-2 were read as Latin-1
/// (`Pøebor`, `Œwiderski, £ukasz`) with exit 0, and `--encoding cp1250`
/// was refused: there was no way to read their names.
#[test]
fn central_european_encodings_were_refused() {
    for (name, bytes) in [
        (
            "cp1250",
            &b"[Event \"P\xf8ebor \xc8R\"]\n[White \"\x8cwiderski, \xa3ukasz\"]\n[Black \"\x8a\x9dastn\xfd\"]\n\n1. e4 e5 1-0\n"[..],
        ),
        (
            "latin2",
            b"[Event \"P\xf8ebor \xc8R\"]\n[White \"\xa6widerski, \xa3ukasz\"]\n[Black \"\xa9\xbbastn\xfd\"]\n\n1. e4 e5 1-0\n",
        ),
    ] {
        let r = run(&["convert", "--encoding", name, "-q"], bytes);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        assert!(
            r.stdout.contains("Přebor ČR")
                && r.stdout.contains("Świderski, Łukasz")
                && r.stdout.contains("Šťastný"),
            "{name}: {}",
            r.stdout
        );
    }
}

/// `text` in UTF-16, little or big endian, with or without a mark.
fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
    for unit in units {
        bytes.extend(if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        });
    }
    bytes
}

/// Regression (issue 11): UTF-16 was read as CP1251, into 16 garbage games.
#[test]
fn utf16_was_read_as_cp1251() {
    // Real games with non-ASCII names and comments.
    let original = iccf_testdata::read_to_string("pgn/scalachess/wcc2023.pgn");
    assert!(!original.is_ascii());
    let dir = tempfile::tempdir().unwrap();
    let utf8 = run(
        &["convert", "-q", &testdata("pgn/scalachess/wcc2023.pgn")],
        b"",
    );
    assert_eq!(utf8.code, 0, "{}", utf8.stderr);
    assert_eq!(
        iccf_pgn::split::split_games(utf8.stdout.as_bytes()).len(),
        3
    );
    for (big_endian, name) in [(false, "le"), (true, "be")] {
        let path = dir.path().join(format!("wcc2023-{name}.pgn"));
        std::fs::write(&path, utf16(&original, big_endian, true)).unwrap();
        let r = run(&["convert", "-q", path.to_str().unwrap()], b"");
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        assert!(r.stdout == utf8.stdout, "UTF-16{name} read otherwise");
        // Without a mark, when named.
        let bare = utf16(&original, big_endian, false);
        let encoding = format!("utf-16{name}");
        let r = run(&["convert", "-q", "--encoding", &encoding], &bare);
        assert!(r.stdout == utf8.stdout, "{encoding} without a mark");
    }
}

/// Regression (issue 10): `--format jsonl` output given back to
/// `iccf convert` was parsed as PGN into garbage games.
#[test]
fn jsonl_output_was_read_back_as_pgn() {
    let lon = testdata("pgn/pgn4web/lon09r5.pgn");
    let jsonl = run(&["convert", "-q", "--format", "jsonl", &lon], b"");
    assert_eq!(jsonl.stdout.lines().count(), 4);
    let r = run(&["convert"], jsonl.stdout.as_bytes());
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "iccf: cannot read <stdin>: looks like iccf's JSON lines output, not PGN \
         (convert the original games instead)\n"
    );
}

/// `iccf ARGS` on a terminal, under `script` (util-linux), with `CI` unset
/// and `env` set; what the terminal showed comes from its stdout.
#[cfg(target_os = "linux")]
fn on_terminal(args: &str, env: &[(&str, &str)]) -> std::process::Child {
    let mut cmd = Command::new("script");
    cmd.args(["-q", "-e", "-c"])
        .arg(format!("{} {args}", env!("CARGO_BIN_EXE_iccf")))
        .arg("/dev/null")
        .env_remove("CI")
        .env("TERM", "xterm")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.spawn().expect("this test needs `script` (util-linux)")
}

/// Whether the progress bar's spinner (Braille patterns) was drawn.
#[cfg(target_os = "linux")]
fn has_spinner(screen: &str) -> bool {
    screen
        .chars()
        .any(|c| ('\u{2800}'..='\u{28FF}').contains(&c))
}

/// Regression (issue 10): the progress bar's rules (no bar with
/// `TERM=dumb`, `CI` or `--quiet`) were written but not wired in.
#[cfg(target_os = "linux")]
#[test]
fn progress_bar_ignored_term_dumb_ci_and_quiet() {
    let twic = testdata("pgn/pgn4web/twic944.pgn");
    let args = format!("convert {twic} -o /dev/null");
    let quiet = format!("{args} --quiet");
    for (args, env, bar) in [
        (&args, &[][..], true),
        (&args, &[("TERM", "dumb")], false),
        (&args, &[("CI", "true")], false),
        (&quiet, &[], false),
    ] {
        let mut child = on_terminal(args, env);
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        let screen = String::from_utf8_lossy(&out.stdout);
        assert_eq!(has_spinner(&screen), bar, "{args} {env:?}: {screen:?}");
    }
}

/// Regression (issue 10): reading a terminal, `iccf convert` drew a spinner
/// over what was typed and did not say how to end the input.
#[cfg(target_os = "linux")]
#[test]
fn terminal_input_got_a_spinner_and_no_hint() {
    let mut child = on_terminal("convert --format text", &[]);
    let mut typed = child.stdin.take().unwrap();
    typed.write_all(b"1. e4 e5 *\n").unwrap();
    // Long enough for a spinner's steady tick (200 ms) to draw.
    std::thread::sleep(std::time::Duration::from_millis(800));
    typed.write_all(b"\x04").unwrap();
    drop(typed);
    let out = child.wait_with_output().unwrap();
    let screen = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{screen}");
    assert!(screen.contains("end with Ctrl-D"), "{screen:?}");
    assert!(screen.contains("1. 5254 5755"), "{screen:?}");
    // The summary line: stderr is a terminal.
    assert!(screen.contains("iccf: 1 game, 2 moves"), "{screen:?}");
    assert!(
        !has_spinner(&screen) && !screen.contains('\x1b'),
        "{screen:?}"
    );
}
/// Games merged or made from nothing at their boundaries (issue 10): each
/// input is as many games in text (one line a game) as the splitter finds,
/// and that many are written back as PGN.
#[test]
fn game_boundaries_merged_or_invented() {
    let cases: &[(&[u8], usize)] = &[
        (b"1. e4 e5\n\n1. d4 d5\n", 2),
        (b"1. 5254 5755\n1. 4244 4745\n", 2),
        (b"1) 5254, 5755 2) 7163\n1) 4244 4745\n", 2),
        (
            b"[Event \"A\"]\n[Result \"1-0\"]\n\n[Event \"B\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n",
            2,
        ),
        (
            b"[Event \"A\"]\n\n1. e4 e5 1-0 ff\n\n[Event \"B\"]\n\n1. d4 *\n",
            2,
        ),
        (b"%x\n[Event \"x\"]\n\n1. e4 e5 *\n", 1),
        (
            b"\xEF\xBB\xBF[Event \"A\"]\n\n1. e4 *\n\xEF\xBB\xBF[Event \"B\"]\n\n1. d4 *\n",
            2,
        ),
        (
            b"[Event \"A\"]\r\r1. e4 ; c\r1... e5 *\r\r[Event \"B\"]\r\r1. d4 *\r",
            2,
        ),
    ];
    for &(input, games) in cases {
        let show = String::from_utf8_lossy(input);
        assert_eq!(iccf_pgn::split::split_games(input).len(), games, "{show}");
        let r = run(&["convert", "--format", "text", "-q", "-"], input);
        assert!(r.code <= 1, "{show}: {}", r.stderr);
        assert_eq!(r.stdout.lines().count(), games, "{show}\n{}", r.stdout);
        let r = run(&["convert", "-q", "-"], input);
        let back = iccf_pgn::split::split_games(r.stdout.as_bytes()).len();
        assert_eq!(back, games, "{show}\n{}", r.stdout);
    }
}

/// Issue 10: `iccf move` read less than `iccf convert`: no move number, no
/// `!?` or `+`, English letters only unless told, and `--after` only a
/// list of moves.
#[test]
fn move_read_less_than_convert() {
    let r = run(&["move", "2... 2836", "--after", "1. e4 e5 2. Nf3"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("2836: Nc6, knight b8-c6"),
        "{}",
        r.stdout
    );
    let r = run(&["move", "5254!"], b"");
    assert!(r.stdout.starts_with("5254: e4,"), "{}", r.stdout);
    let fen = "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1";
    let r = run(&["move", "6168+", "--fen", fen], b"");
    assert!(r.stdout.starts_with("6168: Qf8+,"), "{}", r.stdout);
    // A number that does not fit is refused.
    let r = run(&["move", "3... 2836", "--after", "1. e4 e5 2. Nf3"], b"");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("move number does not fit: the next move is 2..."),
        "{}",
        r.stderr
    );
    // The language of --after reads the move; alone, a move legal with
    // different pieces in several languages is shown in each (issue 18).
    let r = run(&["move", "Cc6", "--after", "1. e4 e5 2. Cf3"], b"");
    assert!(r.stdout.starts_with("2836: Nc6,"), "{}", r.stdout);
    // Pawn moves, or letters English reads too, name no language: the
    // move is read in every one. It was read in English alone: "unknown
    // piece letter `D` in English".
    for (mv, after) in [
        ("Dh5", "1. e4 e5"),
        ("Фh5", "1. e4 e5"),
        ("Dh5", "1. e4 e5 2. Bc4 Bc5"),
        // German and Finnish read `Sf3`: the game's reading stays.
        ("Sd4", "1. e4 e5 2. Sf3 Sc6 3. Lb5 Lc5"),
    ] {
        let r = run(&["move", mv, "--after", after], b"");
        // Read in the game's language, or named when that is not English.
        let (expected, named) = if mv == "Sd4" {
            ("6344: Nd4,", false)
        } else {
            ("4185: Qh5,", true)
        };
        let (head, first) = r.stdout.split_once('\n').unwrap_or_default();
        assert!(
            if named {
                head.starts_with(&format!("`{mv}` in ")) && first.starts_with(expected)
            } else {
                head.starts_with(expected)
            },
            "{mv} after {after}: {}{}",
            r.stdout,
            r.stderr
        );
    }
    let r = run(&["move", "Sf3"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let heads: Vec<&str> = r.stdout.lines().filter(|l| l.starts_with('`')).collect();
    assert_eq!(heads.len(), 2, "{}", r.stdout);
    assert!(
        heads[0].starts_with("`Sf3` in German (de), "),
        "{}",
        r.stdout
    );
    assert!(
        heads[1].starts_with("`Sf3` in Finnish (fi)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("\n7163: Nf3, knight g1-f3\n")
            && r.stdout.contains("\n6263: f3, pawn f2-f3\n"),
        "{}",
        r.stdout
    );
    // One reading, English's: no heading.
    let r = run(&["move", "Nh3"], b"");
    assert!(r.stdout.starts_with("7183: Nh3,"), "{}", r.stdout);
    // One reading but not English's is named: `Rh3` at the start is a
    // Finnish (Icelandic...) knight's move, and printed bare it read as a
    // rook's.
    let r = run(&["move", "Rh3"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with("`Rh3` in ")
            && r.stdout.contains("Finnish (fi)")
            && r.stdout.contains(":\n7183: Nh3,"),
        "{}",
        r.stdout
    );
    // No language reads it: English says why.
    let r = run(&["move", "Lc4"], b"");
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("in English"), "{}", r.stderr);
    let r = run(&["move", "Sf3", "--input-lang", "de"], b"");
    assert!(r.stdout.starts_with("7163: Nf3,"), "{}", r.stdout);
    // --after a whole PGN game, FEN tag included.
    let game = "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 2. Nf3 *";
    let r = run(&["move", "Nc6", "--after", game], b"");
    assert!(r.stdout.starts_with("2836: Nc6,"), "{}", r.stdout);
}

/// `Rf3` after `1. e4 e5 2. Nc3 Nc6`, blocked for the English rook, was
/// printed as Finnish `Nf3` with exit 0: the game's English letters read
/// the move, and when they cannot, English says why.
#[test]
fn regression_move_illegal_in_the_games_language_is_an_error() {
    let r = run(&["move", "Rf3", "--after", "1. e4 e5 2. Nc3 Nc6"], b"");
    assert_eq!((r.code, r.stdout.as_str()), (1, ""), "{}", r.stdout);
    assert!(
        r.stderr.contains("no white rook can move to f3"),
        "{}",
        r.stderr
    );
    // Without letters in the game, another language's reading is named.
    let r = run(&["move", "Kc3", "--after", "1. e4 e5"], b"");
    assert!(
        r.stdout
            .starts_with("`Kc3` in Indonesian (id):\n2133: Nc3,"),
        "{}",
        r.stdout
    );
}

/// Regression: the games of a live input (a game server's stream piped
/// in, `tail -f`) were written only when the input ended; each now comes
/// once a blank line follows its result, while the input stays open. On
/// a stdin left non-blocking too, which ended the input at the first
/// pause (exit 0, the games after it lost). And for a first game without
/// piece letters (`1. e4 e5 1-0`), which waited for a later game to tell
/// its language: at a pause it is judged on the games there are.
#[test]
fn live_input_was_written_only_at_its_end() {
    let certain = (&b"1. e4 e5 2. Nf3 1-0"[..], "1. 5254 5755 2. 7163 1-0");
    let letterless = (&b"1. e4 e5 1-0"[..], "1. 5254 5755 1-0");
    for (jobs, nonblocking, first) in [
        ("1", false, certain),
        ("2", false, certain),
        ("1", true, certain),
        ("1", false, letterless),
        ("2", false, letterless),
    ] {
        let (reader, stdin) = std::io::pipe().unwrap();
        #[cfg(unix)]
        if nonblocking {
            use std::os::fd::AsRawFd;
            let fd = reader.as_raw_fd();
            // SAFETY: fcntl on a descriptor this test owns.
            unsafe {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                assert_ne!(libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK), -1);
            }
        }
        let child = iccf()
            .args(["convert", "--format", "text", "-j", jobs, "-"])
            .stdin(reader)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("iccf starts");
        let case = format!("-j{jobs} nonblocking {nonblocking}");
        live_games_come_as_sent(child, stdin, first, &case);
    }
}

/// Sends two games to `child` (`iccf convert --format text -`) with a
/// pause between them, the first's movetext and its line of output in
/// `first`, and sees the first written before the second is sent, the
/// second once the input ends.
fn live_games_come_as_sent(
    mut child: std::process::Child,
    mut stdin: impl Write,
    (first, first_line): (&[u8], &str),
    case: &str,
) {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let stdout = child.stdout.take().unwrap();
    let (lines, written) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // A wait for what must come, not a measure of speed: the game comes
    // a fraction of a second after it is sent, or never.
    let next = || written.recv_timeout(Duration::from_secs(60));
    stdin.write_all(b"[Event \"A\"]\n\n").unwrap();
    stdin.write_all(first).unwrap();
    stdin.write_all(b"\n\n").unwrap();
    stdin.flush().unwrap();
    let written = next().expect("the first game, written while the input is open");
    assert_eq!(written, first_line, "{case}");
    std::thread::sleep(Duration::from_millis(300));
    stdin.write_all(b"[Event \"B\"]\n\n1. d4 *\n").unwrap();
    drop(stdin);
    assert_eq!(next().unwrap(), "1. 4244 *", "{case}");
    assert!(child.wait().unwrap().success(), "{case}");
}

/// `-o games.parquet` and `-o games.jsonl` wrote PGN under those names,
/// without a word: the output file's extension says the format when
/// `--format` does not, past a compression suffix; `--format` wins.
#[test]
fn regression_output_extension_was_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let input = iccf_testdata::path("pgn/pgn4web/one.pgn");
    let input = input.to_str().unwrap();
    let out = |name: &str, format: Option<&str>| {
        let path = dir.path().join(name);
        let path_arg = path.to_str().unwrap();
        let mut args = vec!["convert", "-q", input, "-o", path_arg];
        args.extend(format.map(|f| ["--format", f]).into_iter().flatten());
        let r = run(&args, b"");
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        std::fs::read(&path).unwrap()
    };
    assert!(out("games.jsonl", None).starts_with(b"{\"game\":1,"));
    assert!(out("games.NDJSON", None).starts_with(b"{\"game\":1,"));
    assert!(out("games.parquet", None).starts_with(b"PAR1"));
    assert!(out("games.jsonl.zstd", None).starts_with(b"\x28\xb5\x2f\xfd"));
    let zst = out("games.jsonl.zst", None);
    let jsonl = zstd::decode_all(zst.as_slice()).unwrap();
    assert!(jsonl.starts_with(b"{\"game\":1,"));
    assert!(out("games.pgn", None).starts_with(b"[Event"));
    assert!(out("other.jsonl", Some("pgn")).starts_with(b"[Event"));
}
