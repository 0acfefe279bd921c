//! The e-mail PGN of xboard's cmail and Scid: one or several PGN games in
//! a message, each named by its `CmailGameName` tag.

use core::fmt::Write;

use shakmaty::san::SanPlus;

use crate::{Game, read_game};

/// The tag that names a game of a cmail message.
pub const CMAIL_TAG: &str = "CmailGameName";

/// A PGN game found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CmailGame {
    /// Its `CmailGameName`, if it has one.
    pub name: Option<String>,
    /// The game, when its moves could be read.
    pub game: Option<Game>,
    /// Its moves as a numbered numeric record ("1. 5254 5755 2. 7163"),
    /// the text that [`crate::check`] reads; the PGN as found when the
    /// moves could not be read (the check then says what is wrong).
    pub record: String,
}

/// The PGN games in a message's text: a game is its tag lines and the
/// movetext after them, up to its result or a blank line. Comments,
/// NAGs and variations are left out; SAN and numeric moves are read.
///
/// ```
/// let text = "Hi,\n\n[Event \"Email\"]\n[White \"A\"]\n[Black \"B\"]\n[CmailGameName \"a-b-1\"]\n\n\
///     1. e4 {ok} e5 2. Nf3 *\n\nBye";
/// let games = iccf_corr::cmail_games(text);
/// assert_eq!(games[0].name.as_deref(), Some("a-b-1"));
/// assert_eq!(games[0].record, "1. 5254 5755 2. 7163");
/// ```
pub fn cmail_games(text: &str) -> Vec<CmailGame> {
    let mut games = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if !is_tag(line) {
            continue;
        }
        let mut pgn = format!("{}\n", line.trim());
        while let Some(tag) = lines.next_if(|l| is_tag(l)) {
            pgn.push_str(tag.trim());
            pgn.push('\n');
        }
        pgn.push('\n');
        while lines.next_if(|l| l.trim().is_empty()).is_some() {}
        while let Some(moves) = lines.next_if(|l| !l.trim().is_empty() && !is_tag(l)) {
            pgn.push_str(moves.trim());
            pgn.push('\n');
            if ends_with_result(moves) {
                break;
            }
        }
        games.push(read_one(&pgn));
    }
    games
}

fn is_tag(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('[') && line.ends_with(']') && line.contains('"')
}

fn ends_with_result(line: &str) -> bool {
    line.split_whitespace()
        .last()
        .is_some_and(|t| matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*"))
}

fn read_one(pgn: &str) -> CmailGame {
    let name = pgn
        .lines()
        .filter_map(|l| l.trim().strip_prefix(&format!("[{CMAIL_TAG} \"")))
        .find_map(|rest| rest.strip_suffix("\"]"))
        .map(str::to_owned);
    match read_game(plain_movetext(pgn).as_bytes()) {
        Ok(game) => CmailGame {
            name,
            record: record(&game),
            game: Some(game),
        },
        Err(_) => CmailGame {
            name,
            game: None,
            record: pgn.to_owned(),
        },
    }
}

/// The PGN without comments, NAGs and variations, which a game file does
/// not keep (and which say nothing about the moves played).
fn plain_movetext(pgn: &str) -> String {
    let mut out = String::with_capacity(pgn.len());
    let (mut brace, mut paren) = (false, 0usize);
    for line in pgn.lines() {
        if is_tag(line) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        for c in line.chars() {
            match c {
                '{' if !brace => brace = true,
                '}' if brace => brace = false,
                '(' if !brace => paren += 1,
                ')' if !brace && paren > 0 => paren -= 1,
                ';' if !brace && paren == 0 => break,
                _ if brace || paren > 0 => {}
                _ => out.push(c),
            }
        }
        out.push('\n');
    }
    out.split_whitespace()
        .filter(|t| !t.starts_with('$'))
        .collect::<Vec<_>>()
        .join(" ")
        .replace("] [", "]\n[")
}

/// "1. 5254 5755 2. 7163": the moves of `game` numbered.
fn record(game: &Game) -> String {
    let mut out = String::new();
    for (i, ply) in game.plies.iter().enumerate() {
        if i % 2 == 0 {
            let _ = write!(out, "{}{}. ", if i == 0 { "" } else { " " }, i / 2 + 1);
        } else {
            out.push(' ');
        }
        let _ = write!(out, "{}", ply.mv);
    }
    out
}

/// Our game as a cmail/Scid e-mail PGN game named `name`: the Seven Tag
/// Roster, `CmailGameName`, and the moves in SAN (which those programs
/// read; our numeric record goes in the message text).
///
/// ```
/// let game = iccf_corr::read_game(b"[White \"A\"]\n[Black \"B\"]\n\n1. 5254 5755 2. 7163 *")?;
/// let pgn = iccf_corr::cmail_pgn(&game, "a-b-1");
/// assert!(pgn.contains("[CmailGameName \"a-b-1\"]\n\n1. e4 e5 2. Nf3 *\n"));
/// assert_eq!(iccf_corr::cmail_games(&pgn)[0].game.as_ref().unwrap().plies, game.plies);
/// # Ok::<_, iccf_corr::GameFileError>(())
/// ```
pub fn cmail_pgn(game: &Game, name: &str) -> String {
    let mut out = String::new();
    for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        let value = game
            .tag(tag)
            .unwrap_or(if tag == "Result" { "*" } else { "?" });
        let _ = writeln!(out, "[{tag} \"{}\"]", escape(value));
    }
    let _ = writeln!(out, "[{CMAIL_TAG} \"{}\"]\n", escape(name));
    let (_, moves) = game.replay();
    let mut pos = shakmaty::Chess::default();
    let mut line = String::new();
    for (i, m) in moves.iter().enumerate() {
        let mut token = String::new();
        if i % 2 == 0 {
            let _ = write!(token, "{}. ", i / 2 + 1);
        }
        let _ = write!(
            token,
            "{}",
            SanPlus::from_move_and_play_unchecked(&mut pos, *m)
        );
        if !line.is_empty() && line.len() + token.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(game.result());
    out.push_str(&line);
    out.push('\n');
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-game message as cmail sends for a match of one game each way.
    #[test]
    fn two_games_in_one_message() {
        let text = "[Event \"Match\"]\n[White \"A\"]\n[Black \"B\"]\n[CmailGameName \"m-1\"]\n\n1. d4 d5 (1... Nf6) 2. c4 $1 *\n\n\
            [Event \"Match\"]\n[White \"B\"]\n[Black \"A\"]\n[CmailGameName \"m-2\"]\n\n1. e4 c5 ; Sicilian\n2. Nf3 *\n";
        let games = cmail_games(text);
        let names: Vec<_> = games.iter().map(|g| g.name.as_deref()).collect();
        assert_eq!(names, [Some("m-1"), Some("m-2")]);
        assert_eq!(games[0].record, "1. 4244 4745 2. 3234");
        assert_eq!(games[1].record, "1. 5254 3735 2. 7163");
    }

    #[test]
    fn unreadable_moves_keep_the_text() {
        let games = cmail_games("[CmailGameName \"x\"]\n\n1. e4 Qxx7 *\n");
        assert!(games[0].game.is_none());
        assert!(games[0].record.contains("Qxx7"));
    }
}
