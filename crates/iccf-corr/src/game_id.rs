//! Is the message for this game? The ICCF game ID (`EM/M/GT/102`) and the
//! players' names in the subject and body, against the game's tags.

use crate::{Finding, Game, MessageReport};

/// Pushes [`Finding::OtherGame`] when the subject or the body names
/// another game, [`Finding::SameGame`] when it names ours.
pub(crate) fn check_game_id(
    game: &Game,
    subject: Option<&str>,
    lines: &[(usize, &str)],
    report: &mut MessageReport,
) {
    let ours: Vec<String> = ["Event", "Site", "Round", "GameId"]
        .iter()
        .filter_map(|tag| game.tag(tag))
        .flat_map(ids)
        .collect();
    let body: String = lines.iter().map(|(_, l)| *l).collect::<Vec<_>>().join("\n");
    for (place, text) in [("subject", subject.unwrap_or("")), ("body", body.as_str())] {
        let theirs = ids(text);
        if let Some(id) = theirs.iter().find(|id| ours.contains(id)) {
            report.findings.push(Finding::SameGame { id: id.clone() });
            return;
        }
        if let (Some(id), Some(our)) = (theirs.first(), ours.first()) {
            report.findings.push(Finding::OtherGame {
                place: place.to_owned(),
                theirs: id.clone(),
                ours: our.clone(),
            });
            return;
        }
    }
    if let Some(subject) = subject {
        check_names(game, subject, report);
    }
}

/// ICCF game IDs in `text`: words of letters and digits joined by two
/// slashes or more (`EM/M/GT/102`, `WS/2023/7`), uppercase. An ID starts
/// with letters: a date (`30/11/26`, `03/12/2026`) is none.
fn ids(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || ",;:()[]\"'".contains(c))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            let parts: Vec<&str> = w.split('/').collect();
            parts.len() >= 3
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.chars().all(char::is_alphanumeric))
                && parts.iter().any(|p| p.chars().any(|c| c.is_ascii_digit()))
                && parts[0].chars().any(char::is_alphabetic)
        })
        .map(str::to_uppercase)
        .collect()
}

/// "Everitt – Wang" in the subject: both our players, or other names.
fn check_names(game: &Game, subject: &str, report: &mut MessageReport) {
    let surname = |tag: &str| {
        let name = game.tag(tag)?;
        let surname = name.split(',').next()?.split_whitespace().last()?;
        (surname.len() > 1 && surname != "?").then(|| surname.to_lowercase())
    };
    let (Some(white), Some(black)) = (surname("White"), surname("Black")) else {
        return;
    };
    let Some((left, right)) = [" – ", " — ", " - ", " vs ", " vs. ", " v "]
        .iter()
        .find_map(|sep| subject.split_once(sep))
    else {
        return;
    };
    let name = |side: &str, first: bool| {
        let words: Vec<&str> = side.split_whitespace().collect();
        let word = if first { words.last() } else { words.first() };
        word.map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
    };
    let (Some(a), Some(b)) = (name(left, true), name(right, false)) else {
        return;
    };
    let ours = [white.as_str(), black.as_str()];
    let capital = |s: &str| s.chars().next().is_some_and(char::is_uppercase);
    if ours.contains(&a.as_str()) && ours.contains(&b.as_str()) {
        report.findings.push(Finding::SameGame {
            id: format!(
                "{} – {}",
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?")
            ),
        });
    } else if !ours.contains(&a.as_str())
        && !ours.contains(&b.as_str())
        && capital(left.split_whitespace().last().unwrap_or(""))
        && capital(right.split_whitespace().next().unwrap_or(""))
    {
        report.findings.push(Finding::OtherGame {
            place: "subject".to_owned(),
            theirs: format!(
                "{} – {}",
                left.trim(),
                right.split(',').next().unwrap_or("").trim()
            ),
            ours: format!(
                "{} – {}",
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?")
            ),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CheckOptions, Message, check_message, read_game};
    use shakmaty::Color;

    fn verdict(subject: &str, body: &str) -> Vec<String> {
        let game = read_game(
            b"[Event \"ICCF EM/M/GT/102\"]\n[White \"Everitt, Gordon\"]\n[Black \"Wang, Mong Lin\"]\n\n1. 5254 *",
        )
        .unwrap();
        let message = Message {
            text: body.to_owned(),
            subject: Some(subject.to_owned()),
            ..Message::default()
        };
        let report = check_message(&game, Color::White, &message, &CheckOptions::default());
        report
            .findings
            .iter()
            .filter(|f| matches!(f, Finding::OtherGame { .. } | Finding::SameGame { .. }))
            .map(ToString::to_string)
            .collect()
    }

    /// A date in the body ("sent 30/11/26") was a game ID: "the message
    /// is for another game", exit 1.
    #[test]
    fn a_date_is_no_game_id() {
        assert_eq!(
            ids("sent 30/11/26, received 03/12/2026"),
            Vec::<String>::new()
        );
        assert_eq!(
            ids("game EM/M/GT/102 and ws/2023/7"),
            ["EM/M/GT/102", "WS/2023/7"]
        );
    }

    #[test]
    fn the_game_id_and_names_are_checked() {
        assert_eq!(
            verdict("Re: EM/M/GT/102 move 1", "1. 5254 5755"),
            ["the message names this game (EM/M/GT/102)"]
        );
        assert_eq!(
            verdict("Re: EM/M/GT/103 move 1", "1. 5254 5755"),
            [
                "the message is for another game: its subject names EM/M/GT/103; this game is EM/M/GT/102"
            ]
        );
        assert_eq!(
            verdict("Move 1", "Game em/m/gt/104\n1. 5254 5755"),
            [
                "the message is for another game: its body names EM/M/GT/104; this game is EM/M/GT/102"
            ]
        );
        assert_eq!(verdict("Everitt - Wang, move 1", "1. 5254 5755").len(), 1);
        assert_eq!(
            verdict("Smith - Jones, move 1", "1. 5254 5755"),
            [
                "the message is for another game: its subject names Smith – Jones; this game is Everitt, Gordon – Wang, Mong Lin"
            ]
        );
        assert_eq!(verdict("move 1", "1. 5254 5755"), Vec::<String>::new());
    }
}
