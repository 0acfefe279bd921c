//! Correspondence play: two game files, White's and Black's, kept only by
//! exchanging the messages `iccf card` prints and `iccf check --apply` reads.

use std::path::PathBuf;

use iccf_corr::{Date, MessageLang};
use shakmaty::{Chess, Position};

use crate::cli::{Run, run};

/// Everitt - Wang, ICCF 1997, in numeric (see the file's header).
fn real_game() -> Vec<String> {
    let text = iccf_testdata::read_to_string("corr/everitt-wang-1997-numeric.txt");
    text.lines()
        .filter(|line| !line.starts_with('%'))
        .flat_map(str::split_whitespace)
        .filter(|token| !token.ends_with('.'))
        .map(str::to_owned)
        .collect()
}

/// Two players, each with a game file, and the calendar.
struct Players {
    dir: tempfile::TempDir,
    day: i64,
    checks: usize,
    if_moves_played: usize,
}

impl Players {
    fn new() -> Players {
        let day = "2026.12.01".parse::<Date>().unwrap().to_days();
        Players {
            dir: tempfile::tempdir().unwrap(),
            day,
            checks: 0,
            if_moves_played: 0,
        }
    }

    fn file(&self, white: bool) -> PathBuf {
        self.dir
            .path()
            .join(if white { "white.pgn" } else { "black.pgn" })
    }

    fn date(&mut self, advance: i64) -> String {
        self.day += advance;
        Date::from_days(self.day).to_string()
    }

    /// `iccf card` for one side; the flags that start a game come along.
    fn card(&mut self, white: bool, extra: &[&str]) -> String {
        let date = self.date(1 + self.day % 3);
        let file = self.file(white).display().to_string();
        let side = if white { "white" } else { "black" };
        let mut args = vec!["card", &file, "--date", &date, "--as", side];
        args.extend_from_slice(&["--white", "Everitt, Gordon T.", "--black", "Wang, Mong Lin"]);
        args.extend_from_slice(extra);
        let r = run(&args, b"");
        assert_eq!(r.code, 0, "card {extra:?}: {}", r.stderr);
        r.stdout
    }

    /// `iccf check --apply` by the receiver; the message must be in order.
    fn check(&mut self, white: bool, message: &str) -> Run {
        self.check_with(white, message, &[])
    }

    /// `iccf check --apply` with more flags.
    fn check_with(&mut self, white: bool, message: &str, extra: &[&str]) -> Run {
        let date = self.date(1);
        let file = self.file(white).display().to_string();
        let side = if white { "white" } else { "black" };
        let args = [
            "check",
            &file,
            "-",
            "--apply",
            "--date",
            &date,
            "--as",
            side,
            "--white",
            "Everitt, Gordon T.",
            "--black",
            "Wang, Mong Lin",
        ];
        let args: Vec<&str> = args.iter().chain(extra).copied().collect();
        let r = run(&args, message.as_bytes());
        assert_eq!(
            r.code, 0,
            "message:\n{message}\nfindings:\n{}{}",
            r.stdout, r.stderr
        );
        assert!(!r.stdout.contains("problem"), "{}", r.stdout);
        self.checks += 1;
        self.if_moves_played += r.stdout.matches("our if-move").count();
        r
    }

    /// Both files, without the tag that says whose file it is.
    fn files_without_side(&self) -> [String; 2] {
        [true, false].map(|white| {
            let text = std::fs::read_to_string(self.file(white)).unwrap();
            text.lines()
                .filter(|l| !l.starts_with("[ICCFSide"))
                .collect::<Vec<_>>()
                .join("\n")
        })
    }
}

/// The card languages in turn, and a second notation now and then.
fn card_flags(ply: usize) -> Vec<String> {
    let lang = MessageLang::ALL[ply % MessageLang::ALL.len()];
    let mut flags = vec!["--message-lang".to_owned(), lang.code().to_owned()];
    if ply.is_multiple_of(5) {
        flags.extend(["--also", "san", "--lang", "de"].map(str::to_owned));
    }
    flags
}

/// Plays the real game; at `if_lines` (ply of White's move, plies after it)
/// White proposes the game's continuation as if-moves.
fn play(players: &mut Players, moves: &[String], if_lines: &[(usize, usize)]) {
    let mut auto = false;
    for (ply, mv) in moves.iter().enumerate() {
        let white = ply % 2 == 0;
        let mut flags = card_flags(ply);
        if !auto {
            flags.extend(["--move".to_owned(), mv.clone()]);
        }
        if let Some(&(_, len)) = if_lines.iter().find(|(at, _)| *at == ply) {
            flags.push("--if".to_owned());
            flags.push(numbered(&moves[ply + 1..=ply + len], ply + 1));
        }
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let message = players.card(white, &flags);
        let r = players.check(!white, &message);
        auto = r.stdout.contains("our if-move");
        if auto {
            assert!(
                r.stdout.contains(&format!(" {} ", moves[ply + 1])),
                "{}",
                r.stdout
            );
        }
    }
}

/// `13... 5756 14. 6125` for moves from ply `first`.
fn numbered(moves: &[String], first: usize) -> String {
    let mut text = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let ply = first + i;
        let dots = if ply.is_multiple_of(2) { "." } else { "..." };
        text.push(format!("{}{dots} {mv}", ply / 2 + 1));
    }
    text.join(" ")
}

/// White resigns after 54...Rxd2; Black's file learns it from the card.
fn white_resigns(players: &mut Players) {
    let message = players.card(true, &["--resign"]);
    // Without --accept-result the result is said, not recorded.
    let r = run(
        &[
            "check",
            &players.file(false).display().to_string(),
            "-",
            "--apply",
            "--date",
            "2027.12.01",
        ],
        message.as_bytes(),
    );
    assert!(
        r.stdout.contains("not recorded: result 0-1; to record it:"),
        "{}",
        r.stdout
    );
    let black = std::fs::read_to_string(players.file(false)).unwrap();
    assert!(black.contains("[Result \"*\"]"), "{black}");
    let r = players.check_with(false, &message, &["--accept-result"]);
    assert!(r.stdout.contains("recorded: result 0-1"), "{}", r.stdout);
}

#[test]
fn scripted_game_by_cards_and_checks_ends_with_equal_files() {
    let moves = real_game();
    assert_eq!(moves.len(), 108);
    let mut players = Players::new();
    play(&mut players, &moves, &[]);
    white_resigns(&mut players);
    assert_eq!(players.checks, 109);
    let [white, black] = players.files_without_side();
    assert_eq!(white, black);
    assert!(white.contains("[Result \"0-1\"]"), "{white}");
    // The last move has both dates: Black sent it, White's card said when it came.
    let last = white.rsplit("3242").next().unwrap();
    assert!(
        last.contains("[%ccsnt 2027.") && last.contains("[%ccrcv 2027."),
        "{white}"
    );
}

#[test]
fn if_moves_play_several_moves_automatically() {
    let moves = real_game();
    let mut players = Players::new();
    // 5. e3 with 5... axb5 6. Bxb5 Qa5+ 7. Nc3 Bb7 8. Nge2; 20. a5 with two replies.
    play(&mut players, &moves[..59], &[(8, 6), (38, 2)]);
    assert_eq!(players.if_moves_played, 4);
    // 30... d3 with a draw offer; White accepts, and Black learns when
    // White received the move.
    let offer = players.card(
        false,
        &["--move", &moves[59], "--offer-draw", "--message-lang", "it"],
    );
    let r = players.check(true, &offer);
    assert!(
        r.stdout.contains("ok: the message offers a draw"),
        "{}",
        r.stdout
    );
    let accept = players.card(true, &["--accept-draw", "--message-lang", "cs"]);
    let r = players.check_with(false, &accept, &["--accept-result"]);
    assert!(
        r.stdout.contains("recorded: result 1/2-1/2"),
        "{}",
        r.stdout
    );
    let [white, black] = players.files_without_side();
    assert_eq!(white, black);
    assert!(!white.contains("[%ccif]"));
}

#[test]
fn if_moves_are_dropped_when_the_opponent_deviates() {
    let moves = real_game();
    let mut players = Players::new();
    play(&mut players, &moves[..4], &[]);
    // After 3. d5 White expects 3... e6 (a legal move Black will not play).
    let mut pos = Chess::default();
    for mv in &moves[..5] {
        let m = mv
            .parse::<iccf::NumericMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(m);
    }
    assert_eq!(pos.turn(), shakmaty::Color::Black);
    let flags = ["--move", moves[4].as_str(), "--if", "3... 5756 4. 2133"];
    let message = players.card(true, &flags);
    assert!(message.contains("If-moves: 3... 5756 4. 2133"), "{message}");
    let r = players.check(false, &message);
    assert!(
        r.stdout
            .contains("ok: you propose if-moves: 3... 5756 4. 2133")
            && !r.stdout.contains("your move 3... 5756"),
        "their if-moves are shown, not taken for moves: {}",
        r.stdout
    );
    let reply = players.card(false, &["--move", moves[5].as_str()]);
    let r = players.check(true, &reply);
    assert!(
        r.stdout
            .contains("their move left our if-moves; they were dropped"),
        "{}",
        r.stdout
    );
    let white = std::fs::read_to_string(players.file(true)).unwrap();
    assert!(!white.contains("[%ccif]"), "{white}");
}

/// Found by a correspondence player's trial: our move was the one their
/// if-moves ("3... 5756 4. 2133") expected, and the card dropped them
/// without a word, as if their reply were not coming. It is theirs to
/// play and send (their side plays it, as ours plays our if-moves): the
/// card says so, and their next card brings it, as their move.
#[test]
fn regression_their_if_move_reply_went_unsaid_when_we_played_into_it() {
    let moves = real_game();
    let mut players = Players::new();
    play(&mut players, &moves[..4], &[]);
    let flags = ["--move", moves[4].as_str(), "--if", "3... 5756 4. 2133"];
    let message = players.card(true, &flags);
    players.check(false, &message);
    let black = players.file(false).display().to_string();
    let date = players.date(1);
    let r = run(&["card", &black, "--move", "5756", "--date", &date], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("My move: 3... 5756"), "{}", r.stdout);
    assert!(
        r.stderr
            .contains("their if-moves answer our move with 4. 2133"),
        "{}",
        r.stderr
    );
    // White plays its if-move on reading the card, and sends it.
    let r = players.check(true, &r.stdout);
    assert!(
        r.stdout.contains("recorded: our if-move 4. 2133"),
        "{}",
        r.stdout
    );
    let card = players.card(true, &[]);
    let r = players.check(false, &card);
    assert!(
        r.stdout.contains("recorded: their move 4. 2133"),
        "{}",
        r.stdout
    );
}

#[test]
fn wrong_echo_is_reported_and_not_recorded() {
    let mut players = Players::new();
    let message = players.card(true, &["--move", "5254"]);
    players.check(false, &message);
    players.card(false, &["--move", "5755"]);
    let white = players.file(true).display().to_string();
    let r = run(
        &["card", &white, "--move", "7163", "--date", "2027.01.09"],
        b"",
    );
    assert_eq!(
        r.code, 1,
        "black's 1... 5755 was not yet recorded by White: {}{}",
        r.stdout, r.stderr
    );
    let msg = "Thanks for 1. 5245!\nMy reply: 1... 5755";
    let r = run(
        &["check", &white, "-", "--apply", "--date", "2027.01.09"],
        msg.as_bytes(),
    );
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "problem: you repeat our move 1. as 5245; we sent 1. 5254\nok: your move 1... 5755 (e5) is legal\nnot recorded: the message is not in order\n"
    );
    let json = run(
        &["check", &white, "-", "--json", "--date", "2027.01.09"],
        msg.as_bytes(),
    );
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["findings"][0]["kind"], "wrong-echo");
    assert_eq!(value["in_order"], false);
}

#[test]
fn missing_side_asks_for_as() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.pgn").display().to_string();
    let r = run(
        &[
            "card", &game, "--white", "A. White", "--black", "B. Black", "--move", "5254",
        ],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--as white or --as black"),
        "{}",
        r.stderr
    );
    let r = run(
        &[
            "card", &game, "--white", "A. White", "--black", "B. Black", "--me", "black", "--move",
            "5254",
        ],
        b"",
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stderr.contains("playing black") && r.stderr.contains("not our turn"),
        "{}",
        r.stderr
    );
}

#[test]
fn eml_message_and_svg_card() {
    let mut players = Players::new();
    let message = players.card(true, &["--move", "5254"]);
    players.check(false, &message);
    let svg = players.dir.path().join("card.svg");
    let svg_arg = svg.display().to_string();
    players.card(
        false,
        &["--move", "5755", "--svg", &svg_arg, "--message-lang", "fr"],
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.contains(">Mon coup: 1... 5755 (envoyé "),
        "{picture}"
    );
    // The reply as a Latin-1, quoted-printable e-mail that quotes our card.
    let eml = players.dir.path().join("reply.eml");
    let mail = "From: Wang <wang@example.org>\r\nSubject: Re: move 1\r\nMIME-Version: 1.0\r\n\
        Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
        Merci pour 1. 5254 (re=E7u 2026.12.10).\r\nMon coup : 1... 5755\r\n\r\n> Mon coup: 1. 5254\r\n> 1... 2836\r\n";
    std::fs::write(&eml, mail).unwrap();
    let white = players.file(true).display().to_string();
    let r = run(
        &[
            "check",
            &white,
            &eml.display().to_string(),
            "--apply",
            "--date",
            "2026.12.11",
        ],
        b"",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("recorded: their move 1... 5755"),
        "{}",
        r.stdout
    );
    let game = std::fs::read_to_string(players.file(true)).unwrap();
    assert!(game.contains("[%ccrcv 2026.12.10]"), "{game}");
    // The sender's address is kept for the next card's draft, as a folder
    // check keeps it: a check of one file did not.
    assert!(
        game.contains("[ICCFOpponentEmail \"wang@example.org\"]"),
        "{game}"
    );
}

/// A game file in a temporary folder.
fn game_file(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.pgn");
    std::fs::write(&path, text).unwrap();
    (dir, path.display().to_string())
}

/// Found trying the tools as a player: their move after our if-move
/// reply, mistyped ("I accept your if-move 3. 2133 and play 3... 6842"),
/// was passed over: their move and our reply recorded, exit 0, and the
/// player waited for a move they thought they had sent.
#[test]
fn regression_a_mistyped_move_after_our_if_move_went_unsaid() {
    let (_dir, file) = game_file(
        "[ICCFSide \"white\"]\n[TimeControl \"10/50\"]\n\n1. 5254 {[%ccsnt 2026.01.06]} 1... 5756 \
         {[%ccsnt 2026.01.08] [%ccrcv 2026.01.08]} 2. 4244 {[%ccsnt 2026.01.09]} \
         ({[%ccif]} 2. 4244 4745 3. 2133) *\n",
    );
    let before = std::fs::read_to_string(&file).unwrap();
    let message = "2. 4244 4745\nI accept your if-move 3. 2133 and play 3... 6842\n";
    let r = run(
        &["check", &file, "-", "--apply", "--date", "2026.01.16"],
        message.as_bytes(),
    );
    assert_eq!(r.code, 1, "{}", r.stdout);
    assert!(
        r.stdout
            .contains("problem: your move 3... 6842 is not a legal numeric move; perhaps 6824"),
        "{}",
        r.stdout
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Written right, it is their move after our reply.
    let message = message.replace("6842", "6824");
    let r = run(
        &["check", &file, "-", "--apply", "--date", "2026.01.16"],
        message.as_bytes(),
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("3... 6824"), "{}", r.stdout);
}

/// Issue 17: `[FEN ...] 1. 1114` is a rook move in `check` and `card`.
#[test]
fn regression_fen_game_file_in_check_and_card() {
    let (_dir, file) = game_file(
        "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[ICCFSide \"white\"]\n\n1. 1114 {[%ccsnt 2026.12.01]} *\n",
    );
    let r = run(
        &["check", &file, "-", "--apply", "--date", "2026.12.03"],
        b"1. 1114 1... 5848",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("recorded: their move 1... 5848"),
        "{}",
        r.stdout
    );
    let r = run(
        &["card", &file, "--move", "1424", "--date", "2026.12.04"],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("My move: 2. 1424"), "{}", r.stdout);
}

/// A German letter dates its moves `05.12.2026` and `6. Dezember 2026`:
/// those dates were not read, and the day of `check` was recorded as their
/// sent date, charging them a day they did not use.
#[test]
fn regression_dates_written_day_first_or_in_words_are_recorded() {
    for (received, sent) in [
        ("05.12.2026", "06.12.2026"),
        ("5. Dezember 2026", "6. Dezember 2026"),
        ("December 5, 2026", "6 Dec 2026"),
    ] {
        let (_dir, file) = game_file("[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *\n");
        let message = format!("Hallo,\n1. 5254 erhalten {received},\n1... 5755 gesendet {sent}\n");
        let r = run(
            &["check", &file, "-", "--apply", "--date", "2026.12.08"],
            message.as_bytes(),
        );
        assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
        let game = std::fs::read_to_string(&file).unwrap();
        assert!(
            game.contains("5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.05]}")
                && game.contains("5755\n{[%ccsnt 2026.12.06] [%ccrcv 2026.12.08]}"),
            "{message}{game}"
        );
    }
}

/// Their mating move was recorded and the game went on (`status`: "our
/// move" with a deadline), and `--accept-result` recorded nothing: a mate
/// is the result, recorded with the move. Our mate by `card` ends it too.
#[test]
fn regression_mate_on_the_board_is_the_result() {
    let fools = "[ICCFSide \"white\"]\n\n1. 6263 {[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} 2. 7274 {[%ccsnt 2026.12.02]} *\n";
    // Their mate, checked on 2026.12.04 with `flags`.
    let check = |file: &str, flags: &[&str]| {
        let mut args = vec!["check", file, "-", "--date", "2026.12.04"];
        args.extend(flags);
        run(&args, b"2. 7274 2... 4884 mate")
    };
    let (_first, file) = game_file(fools);
    // Checked only, the hint names --apply alone (no word to accept).
    let r = check(&file, &[]);
    assert!(
        r.stdout.contains("to record it: iccf check ")
            && r.stdout.trim_end().ends_with("- --apply"),
        "{}",
        r.stdout
    );
    let r = check(&file, &["--apply", "--accept-result"]);
    assert_eq!(
        r.stdout.matches("recorded: result 0-1").count(),
        1,
        "{}",
        r.stdout
    );
    let (dir, file) = game_file(fools);
    let r = check(&file, &["--apply"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("ok: your move mates: result 0-1\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("recorded: result 0-1"), "{}", r.stdout);
    assert!(!r.stdout.contains("not recorded"), "{}", r.stdout);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.trim_end().ends_with("0-1"), "{saved}");
    assert!(saved.contains("[Result \"0-1\"]"), "{saved}");
    let dir_arg = dir.path().display().to_string();
    let r = run(&["status", &dir_arg, "--date", "2026.12.04"], b"");
    assert!(r.stdout.contains(" over "), "{}", r.stdout);
    // Black's file: our 2... Qh4 on the card mates.
    let black = fools.replace("white", "black").replace(
        " {[%ccsnt 2026.12.02]} *",
        " {[%ccsnt 2026.12.02] [%ccrcv 2026.12.03]} *",
    );
    let (_dir, file) = game_file(&black);
    let r = run(
        &["card", &file, "--move", "4884", "--date", "2026.12.04"],
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("2. 7274 4884\n0-1"), "{}", r.stdout);
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[Result \"0-1\"]")
    );
}

/// Issue 17: a symlinked 0644 game file stays a symlink to a 0644 file.
#[cfg(unix)]
#[test]
fn regression_symlinked_game_file_stays_a_link_to_a_0644_file() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, real) = game_file("[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *\n");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o644)).unwrap();
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let link_arg = link.display().to_string();
    let r = run(
        &["check", &link_arg, "-", "--apply", "--date", "2026.12.03"],
        b"1. 5254 5755",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
    assert!(std::fs::read_to_string(&real).unwrap().contains("5755"));
}

#[test]
fn a_file_you_can_trust() {
    let (_dir, file) = game_file("[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *\n");
    let r = run(
        &["card", &file, "--as", "black", "--date", "2026.12.03"],
        b"",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--as black contradicts the file"),
        "{}",
        r.stderr
    );
    let (_dir, two) = game_file("1. 5254 *\n\n[Event \"B\"]\n\n1. 4244 *\n");
    let r = run(&["card", &two, "--as", "white", "--move", "7163"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("a second game starts here"),
        "{}",
        r.stderr
    );
    let (_dir, late) =
        game_file("[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.05] [%ccrcv 2026.12.03]} *\n");
    let r = run(&["card", &late, "--date", "2026.12.09"], b"");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("move 1.: received 2026.12.03, before it was sent"),
        "{}",
        r.stderr
    );
    // Their draw offer is needed to accept one; offers exclude each other.
    let (_dir, file) = game_file(
        "[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} 5755 {[%ccsnt 2026.12.02]} *\n",
    );
    let r = run(
        &["card", &file, "--accept-draw", "--date", "2026.12.03"],
        b"",
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("no draw offer of theirs is open"),
        "{}",
        r.stderr
    );
    let r = run(
        &[
            "card",
            &file,
            "--offer-draw",
            "--resign",
            "--date",
            "2026.12.03",
        ],
        b"",
    );
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("exclude each other"), "{}", r.stderr);
}

/// White's file after 2. Nf3, sent with a draw offer or without, and
/// Black's reply 2... Nc6 due.
const AFTER_2_NF3: &str = "[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01] [%ccrcv 2026.12.02]} \
    5755 {[%ccsnt 2026.12.03] [%ccrcv 2026.12.04]} 2. 7163 {[%ccsnt 2026.12.05]";

/// Regression: "Draw offer declined." was read as their draw offer,
/// which --apply recorded and `card --accept-draw` then accepted: a draw
/// they had refused. Negated and refused acceptances never accept.
#[test]
fn not_accepting_your_draw_offer_never_draws() {
    for words in [
        "Not accepting your draw offer.",
        "I do not accept your draw offer.",
        "I decline your draw offer.",
        "Draw offer declined.",
        "Remis abgelehnt.",
        "Ihr Remisangebot lehne ich ab.",
    ] {
        let (_dir, file) = game_file(&format!("{AFTER_2_NF3} [%ccdrawoffer white]}} *\n"));
        let message = format!("2. 7163\n{words}\n2... 2836\n");
        let r = run(
            &[
                "check",
                &file,
                "-",
                "--apply",
                "--accept-result",
                "--date",
                "2026.12.07",
            ],
            message.as_bytes(),
        );
        assert_eq!(r.code, 0, "{words}: {}{}", r.stdout, r.stderr);
        assert!(
            r.stdout.contains("declines the draw"),
            "{words}: {}",
            r.stdout
        );
        assert!(!r.stdout.contains("offers a draw"), "{words}: {}", r.stdout);
        let saved = std::fs::read_to_string(&file).unwrap();
        assert!(!saved.contains("1/2-1/2"), "{words}: {saved}");
        assert!(!saved.contains("%ccdrawoffer black"), "{words}: {saved}");
        let r = run(
            &["card", &file, "--accept-draw", "--date", "2026.12.08"],
            b"",
        );
        assert_eq!(r.code, 1, "{words}: {}", r.stdout);
        assert!(
            r.stderr.contains("no draw offer of theirs is open"),
            "{}",
            r.stderr
        );
    }
}

/// Regression: `card --move M --resign` recorded the move and the
/// resignation both; with --accept-draw it was refused as "no draw offer
/// of theirs is open", exit 1. Either ends the game instead of a move: a
/// usage error, and the file is left as it was.
#[test]
fn card_move_with_resign_records_both() {
    let (_dir, file) = game_file(&format!(
        "{AFTER_2_NF3}}} 2836 {{[%ccsnt 2026.12.06] [%ccrcv 2026.12.07] [%ccdrawoffer black]}} *\n"
    ));
    let before = std::fs::read_to_string(&file).unwrap();
    for ending in ["--resign", "--accept-draw"] {
        for with in [
            &["--move", "6125"][..],
            &["--if", "3. 6125 3... 7866 4. 5171"],
        ] {
            let mut args = vec!["card", &file, ending, "--date", "2026.12.08"];
            args.extend_from_slice(with);
            let r = run(&args, b"");
            assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
            assert!(
                r.stderr
                    .contains(&format!("{ending} ends the game, so {}", with[0])),
                "{}",
                r.stderr
            );
            assert_eq!(r.stdout, "");
            assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
        }
    }
    let r = run(&["card", &file, "--resign", "--date", "2026.12.08"], b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("[Result \"0-1\"]")
    );
}

/// Regression: `check --accept N` with N past the suggestions (or with
/// no unclear move) was ignored; now a usage error naming the range.
#[test]
fn check_accept_out_of_range_is_ignored() {
    let (dir, file) = game_file(&format!("{AFTER_2_NF3}}} *\n"));
    let before = std::fs::read_to_string(&file).unwrap();
    let accept = |n: &str, message: &[u8]| {
        let args = [
            "check",
            &file,
            "-",
            "--apply",
            "--accept",
            n,
            "--date",
            "2026.12.07",
        ];
        run(&args, message)
    };
    // 2... 2863 swaps the digits of 2836.
    let unclear = b"2. 7163\n2... 2863\n";
    let r = run(&["check", &file, "-", "--date", "2026.12.07"], unclear);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let count = r.stdout.matches(", or ").count() + 1;
    for n in ["0", &(count + 1).to_string()] {
        let r = accept(n, unclear);
        assert_eq!(r.code, 2, "--accept {n}: {}{}", r.stdout, r.stderr);
        let range = if count == 1 {
            "give --accept 1".to_owned()
        } else {
            format!("give --accept 1 to {count}")
        };
        assert!(r.stderr.contains(&range), "{}", r.stderr);
        assert!(r.stderr.contains("your move 2... 2863"), "{}", r.stderr);
    }
    let r = accept("1", b"2. 7163\n2... 2836\n");
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("no unclear move to read"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let folder = dir.path().display().to_string();
    let r = run(&["check", &folder, "-", "--accept", "1"], unclear);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("give its game file"), "{}", r.stderr);
    let r = accept("1", unclear);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

/// A game on 3/10 with our leave: the days, the next control and its
/// deadline, a warning before the overstep, and the overstep.
#[test]
fn scripted_clock_with_leave_warning_and_overstep() {
    let text = "[Date \"2027.01.01\"]\n[TimeControl \"3/10\"]\n[ICCFSide \"white\"]\n\n\
        1. 5254 {[%ccsnt 2027.01.03] [%ccrcv 2027.01.03]} 5755 {[%ccsnt 2027.01.04] [%ccrcv 2027.01.04]} *\n";
    let leave = ["--leave", "2027.01.05..2027.01.08"];
    let (_dir, file) = game_file(text);
    let mut args = vec!["card", &file, "--move", "7163", "--date", "2027.01.12"];
    args.extend(leave);
    let r = run(&args, b"");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // 8 days since 1... e5 arrived, 4 of them leave.
    for line in [
        "Days used: this move White 4, Black 1; total White 6 of 10, Black 1 of 10 (time control 3/10)",
        "Next time control: White move 3., 4 days left; Black move 3..., 9 days left (by 2027.01.21)",
        "Warning: White 4 days left move 3.",
        "Leave: 2027.01.05..2027.01.08 (4 of 30 2027)",
    ] {
        assert!(r.stdout.contains(line), "{line}\n{}", r.stdout);
    }
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("[ICCFLeave \"2027.01.05..2027.01.08\"]"),
        "{saved}"
    );
    // Eight days later the same move oversteps: said on the card, an error.
    let (_dir, file) = game_file(text);
    let mut args = vec!["card", &file, "--move", "7163", "--date", "2027.01.20"];
    args.extend(leave);
    let r = run(&args, b"");
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("Warning: time limit exceeded, White move 2. (14 of 10)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr
            .contains("we exceeded the time limit at move 2.: 14 days used of 10"),
        "{}",
        r.stderr
    );
}

/// Regression: a read-only game file was refused with "use --force", an
/// option `check` and `card` do not have.
#[cfg(unix)]
#[test]
fn read_only_game_file_advised_a_missing_force() {
    use std::os::unix::fs::PermissionsExt;
    let mut players = Players::new();
    let message = players.card(true, &["--move", "5254"]);
    players.check(false, &message);
    let reply = players.card(false, &["--move", "5755"]);
    let white = players.file(true);
    let before = std::fs::read(&white).unwrap();
    std::fs::set_permissions(&white, std::fs::Permissions::from_mode(0o444)).unwrap();
    let white = white.display().to_string();
    let r = run(
        &["check", &white, "-", "--apply", "--date", "2027.01.09"],
        reply.as_bytes(),
    );
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains(&format!(
            "game file {white} is read-only; make it writable to record moves in it"
        )),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(std::fs::read(&white).unwrap(), before);
}

/// `iccf card` on a full disk printed the card, then failed to record the
/// move: a card read off the terminal could be sent for a move the game
/// file never got. The game file is written before the card is shown; a
/// file size limit (`ulimit -f`; `iccf` ignores its signal, so a write fails as on a
/// full disk) refuses the move first.
#[cfg(unix)]
#[test]
fn regression_card_was_shown_for_a_move_a_full_disk_did_not_record() {
    let game = std::fs::read_to_string(crate::cli::testdata("corr/folder/games/sicilian-a.pgn"))
        .unwrap()
        .replace(" 3. 4244 {[%ccsnt 2026.11.27]} *", " *");
    // Over the one block `ulimit -f 1` allows (512 bytes or 1024, by the
    // shell): reading it is not limited, writing it is.
    let pad = "x".repeat(1100 - game.len());
    let game = game.replace("[ICCFSide", &format!("[Annotator \"{pad}\"]\n[ICCFSide"));
    let (dir, path) = game_file(&game);
    let iccf = crate::cli::iccf().get_program().to_owned();
    let card = |limit: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            // No `trap '' XFSZ`: `iccf` ignores the signal itself.
            .arg(format!("ulimit -f {limit}; exec \"$0\" \"$@\""))
            .arg(&iccf)
            .args(["card", &path, "--move", "4244", "--date", "2026.12.02"])
            .output()
            .unwrap()
    };
    let refused = card("1");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("cannot write"),
        "{refused:?}"
    );
    assert_eq!(
        String::from_utf8_lossy(&refused.stdout),
        "",
        "a card was shown"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), game);
    // Room enough: the move is recorded and its card shown.
    let recorded = card("unlimited");
    assert!(recorded.status.success(), "{recorded:?}");
    assert!(String::from_utf8_lossy(&recorded.stdout).contains("3. 4244"));
    assert!(std::fs::read_to_string(&path).unwrap().contains("3. 4244"));
    drop(dir);
}

/// `--leave 2026.01.01..2026.02.28` (59 days) was recorded and the card
/// sent a clock with 59 days off ("Leave: ... (59 of 30 2026)") without a
/// word. The card is still written (an event may allow more), with a
/// warning naming the year and its days; leave already in the file counts.
#[test]
fn regression_leave_over_the_yearly_allowance_went_unsaid() {
    let game = std::fs::read_to_string(crate::cli::testdata("corr/folder/games/sicilian-a.pgn"))
        .unwrap()
        .replace(" 3. 4244 {[%ccsnt 2026.11.27]} *", " *");
    let (_dir, path) = game_file(&game);
    let card = |leave: &[&str]| {
        let mut args = vec!["card", &path, "--date", "2026.12.02"];
        for l in leave {
            if l.starts_with("20") {
                args.push("--leave");
            }
            args.push(l);
        }
        run(&args, b"")
    };
    let over = card(&[
        "2026.11.01..2026.11.20",
        "2026.12.10..2026.12.25",
        "--move",
        "4244",
    ]);
    assert_eq!(over.code, 0, "{}", over.stderr);
    assert!(
        over.stderr
            .contains("warning: 36 days of leave in 2026, over the 30 a year"),
        "{}",
        over.stderr
    );
    // In the file now: said again on the next card, not for a past year.
    assert!(card(&[]).stderr.contains("36 days of leave in 2026"));
    let next_year = run(&["card", &path, "--date", "2027.01.02"], b"");
    assert!(!next_year.stderr.contains("leave"), "{}", next_year.stderr);
    // 30 days across two years is within each year's allowance.
    let (_dir, path) = game_file(&game);
    let leave = ["--leave", "2026.12.10..2027.01.08", "--move", "4244"];
    let r = run(
        &[&["card", &path, "--date", "2026.12.02"][..], &leave].concat(),
        b"",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
}
