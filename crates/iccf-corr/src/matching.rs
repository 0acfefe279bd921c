//! Which game of a folder a message is for: the game ID, event and round,
//! the opponent's name, the sender's address remembered from earlier mail,
//! and the echo of our last move; a message with parts for several games
//! ("Game 3: 23. 5254 / Game 7: 18... 4746") is split first.

use core::fmt;

use serde::Serialize;

use crate::claim_words::GAME_LABEL_WORDS;
use crate::folder::ADDRESS_TAG;
use crate::status::game_id;
use crate::{Finding, FolderGame, Game, check, cmail};

/// A received message as the matcher sees it.
#[derive(Copy, Clone, Debug, Default)]
pub struct Envelope<'a> {
    /// The `Subject:` header (empty for a plain text file).
    pub subject: &'a str,
    /// The sender's address (`From:`), if known.
    pub from: Option<&'a str>,
    /// The sender's name as the `From:` line gives it.
    pub from_name: Option<&'a str>,
    /// The readable text of the message.
    pub text: &'a str,
}

/// What pointed to a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Clue {
    /// Its game ID (or the label of a part, or a cmail game name).
    GameId(String),
    /// The sender's address, remembered in the game file.
    Address(String),
    /// The opponent's name.
    Opponent(String),
    /// The event.
    Event(String),
    /// The round.
    Round(String),
    /// The message repeats our last move (or the record) as we sent it.
    Echo,
    /// Of the games left, the message's new move fits this one only.
    InOrder,
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clue::GameId(id) => write!(f, "game {id}"),
            Clue::Address(a) => write!(f, "sender {a}"),
            Clue::Opponent(name) => write!(f, "opponent {name}"),
            Clue::Event(event) => write!(f, "event {event}"),
            Clue::Round(round) => write!(f, "round {round}"),
            Clue::Echo => f.write_str("our last move repeated"),
            Clue::InOrder => f.write_str("its move fits this game only"),
        }
    }
}

/// One part of a message and the games it may be for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartMatch {
    /// The part's label ("3" of "Game 3:"), `None` for a whole message.
    pub label: Option<String>,
    /// The part's text, to be checked against its game.
    pub text: String,
    /// Indexes of the games that fit; exactly one is a match.
    pub candidates: Vec<usize>,
    /// The clues that narrowed the games down to `candidates`.
    pub clues: Vec<Clue>,
}

impl PartMatch {
    /// The game, when exactly one fits.
    pub fn game(&self) -> Option<usize> {
        match self.candidates.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

/// The games each part of the message is for.
///
/// A game is a candidate when every clue found agrees with it: the game ID
/// or sender address (which must not contradict each other), then the
/// opponent's name, the event and the round, then the echo of our last
/// move. A name, event or round that fits no remaining game is left aside
/// (a signature, another event named in passing). The moves alone decide
/// only when nothing else was found and the message is in order for
/// exactly one game. No clue at all: no candidate.
///
/// ```
/// use iccf_corr::{Envelope, FolderGame, Game, match_message};
/// use shakmaty::Color;
///
/// let new = |black: &str| Game::new("EM/M/GT/102", "Everitt", black, Color::White, "10/50".parse().unwrap());
/// let games = [
///     FolderGame { name: "wang.pgn".into(), game: new("Wang, Mong Lin"), side: Color::White },
///     FolderGame { name: "lee.pgn".into(), game: new("Lee, Ann"), side: Color::White },
/// ];
/// let mail = Envelope { subject: "EM/M/GT/102 Everitt - Wang", text: "1. 5254", ..Envelope::default() };
/// assert_eq!(match_message(&games, &mail)[0].game(), Some(0));
/// // Both games are of that event, and nothing else is said.
/// let vague = Envelope { subject: "EM/M/GT/102", text: "Hello", ..Envelope::default() };
/// assert_eq!(match_message(&games, &vague)[0].game(), None);
/// ```
pub fn match_message(games: &[FolderGame], envelope: &Envelope) -> Vec<PartMatch> {
    let parts = split(envelope.text);
    if parts.len() < 2 {
        let mut whole = match_whole(games, envelope);
        // One cmail game: its moves, read from SAN, are what is checked.
        if let [one] = cmail::cmail_games(envelope.text).as_slice()
            && one.game.is_some()
        {
            whole.label = one.name.clone();
            whole.text = one.record.clone();
        }
        return vec![whole];
    }
    parts
        .into_iter()
        .map(|(label, text)| match_part(games, envelope, label, text))
        .collect()
}

fn match_whole(games: &[FolderGame], envelope: &Envelope) -> PartMatch {
    let all = format!(
        "{}\n{}\n{}",
        envelope.from_name.unwrap_or(""),
        envelope.subject,
        envelope.text
    )
    .to_lowercase();
    let mut m = PartMatch {
        label: None,
        text: envelope.text.to_owned(),
        candidates: (0..games.len()).collect(),
        clues: Vec::new(),
    };
    let by_id = fitting(games, |g| {
        game_id(&g.game)
            .filter(|id| contains_word(&all, &id.to_lowercase()))
            .map(str::to_owned)
    });
    let by_address = by_address(games, envelope);
    if !strong(&mut m, by_id, Clue::GameId) || !strong(&mut m, by_address, Clue::Address) {
        return m;
    }
    narrow_weak(games, &all, &mut m);
    narrow_by_echo(games, &mut m);
    m
}

fn match_part(games: &[FolderGame], envelope: &Envelope, label: String, text: String) -> PartMatch {
    let mut m = PartMatch {
        label: Some(label.clone()),
        text,
        candidates: (0..games.len()).collect(),
        clues: Vec::new(),
    };
    let key = label.to_lowercase();
    let by_label = fitting(games, |g| labels(g).contains(&key).then(|| label.clone()));
    if by_label.is_empty() {
        // A label that names no game of ours: nothing to check it against.
        m.candidates.clear();
        m.clues.push(Clue::GameId(label));
        return m;
    }
    if !strong(&mut m, by_label, Clue::GameId)
        || !strong(&mut m, by_address(games, envelope), Clue::Address)
    {
        return m;
    }
    narrow_by_echo(games, &mut m);
    m
}

/// The names a part label may give a game: its ID, the ID's last piece
/// (`102.3` of `EM/M/GT/102.3`: `3`), its round, board, cmail name or
/// file name.
fn labels(g: &FolderGame) -> Vec<String> {
    let mut names = game_labels(&g.game);
    names.push(g.stem().to_lowercase());
    names
}

/// The names a message may give `game` by its tags (see [`labels`]),
/// lowercase: "Board 2: I resign" is about this game when it is board 2.
pub(crate) fn game_labels(game: &Game) -> Vec<String> {
    let mut names = Vec::new();
    for tag in ["Round", "Board", "CmailGameName"] {
        names.extend(game.tag(tag).map(str::to_lowercase));
    }
    if let Some(id) = game.tag("GameId").map(str::to_lowercase) {
        // Sections number their games: `EM/CH/55/3`, `102.3`; a message
        // may give the ID's end, `55/3`.
        names.extend(
            id.match_indices(['/', '.'])
                .map(|(at, _)| id[at + 1..].to_owned()),
        );
        names.push(id);
    }
    names.retain(|n| !matches!(n.as_str(), "" | "-" | "?"));
    names
}

/// The games for which `clue_of` finds a clue, with the clue.
fn fitting(
    games: &[FolderGame],
    clue_of: impl Fn(&FolderGame) -> Option<String>,
) -> Vec<(usize, String)> {
    (0..games.len())
        .filter_map(|i| clue_of(&games[i]).map(|c| (i, c)))
        .collect()
}

fn by_address(games: &[FolderGame], envelope: &Envelope) -> Vec<(usize, String)> {
    let Some(from) = envelope.from.map(|a| a.trim().to_lowercase()) else {
        return Vec::new();
    };
    fitting(games, |g| {
        g.game
            .tag(ADDRESS_TAG)
            .filter(|a| a.trim().to_lowercase() == from)
            .map(str::to_owned)
    })
}

/// Narrows to the games of a strong clue; `false` when it contradicts the
/// clues before it (the candidates are then both sides, and nothing fits
/// without doubt).
fn strong(m: &mut PartMatch, found: Vec<(usize, String)>, clue: fn(String) -> Clue) -> bool {
    if found.is_empty() {
        return true;
    }
    let narrowed: Vec<usize> = m
        .candidates
        .iter()
        .copied()
        .filter(|i| found.iter().any(|(g, _)| g == i))
        .collect();
    if let Some((_, value)) = found.first() {
        m.clues.push(clue(value.clone()));
    }
    if narrowed.is_empty() {
        m.candidates.extend(found.iter().map(|(g, _)| *g));
        m.candidates.sort_unstable();
        m.candidates.dedup();
        return false;
    }
    m.candidates = narrowed;
    true
}

/// The opponent's name, the event and the round, each where it fits.
fn narrow_weak(games: &[FolderGame], all: &str, m: &mut PartMatch) {
    let found = [
        fitting(games, |g| opponent_named(g, all).map(|n| n.to_owned())),
        fitting(games, |g| {
            let event = g.game.tag("Event").unwrap_or("").trim();
            (event.len() >= 3 && contains_word(all, &event.to_lowercase()))
                .then(|| event.to_owned())
        }),
        fitting(games, |g| {
            let round = g.game.tag("Round").unwrap_or("").trim();
            (!matches!(round, "" | "-" | "?") && round_named(all, &round.to_lowercase()))
                .then(|| round.to_owned())
        }),
    ];
    let clues: [fn(String) -> Clue; 3] = [Clue::Opponent, Clue::Event, Clue::Round];
    for (found, clue) in found.into_iter().zip(clues) {
        let narrowed: Vec<usize> = m
            .candidates
            .iter()
            .copied()
            .filter(|i| found.iter().any(|(g, _)| g == i))
            .collect();
        if narrowed.is_empty() {
            continue;
        }
        // A clue every candidate shares (one event for all) tells nothing.
        if narrowed.len() < m.candidates.len() || narrowed.len() == 1 {
            let value = found
                .iter()
                .find(|(g, _)| *g == narrowed[0])
                .map(|(_, v)| v);
            m.clues.extend(value.cloned().map(clue));
        }
        m.candidates = narrowed;
    }
}

/// The opponent's surname ("Wang" of "Wang, Mong Lin" or "Mong Lin Wang"),
/// if the text names it.
fn opponent_named<'a>(g: &'a FolderGame, all: &str) -> Option<&'a str> {
    let name = g.opponent().trim();
    let surname = match name.split_once(',') {
        Some((last, _)) => last.trim(),
        None => name.split_whitespace().last().unwrap_or(""),
    };
    (surname.chars().count() >= 3 && contains_word(all, &surname.to_lowercase())).then_some(surname)
}

/// "round 3", "rd. 3", "Runde 3", "ronde: 3" in the text.
fn round_named(all: &str, round: &str) -> bool {
    [
        "round", "rd", "runde", "ronde", "ronda", "turno", "kolo", "тур",
    ]
    .iter()
    .any(|word| {
        all.match_indices(word).any(|(at, _)| {
            let before_ok = all[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let rest = all[at + word.len()..].trim_start_matches(['.', ':', ' ', '#']);
            before_ok
                && rest.starts_with(round)
                && rest[round.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        })
    })
}

/// Among several candidates, those for which the message repeats our last
/// move or the record as we have it (a message read twice, too). With no
/// other clue, the moves decide only for one game with the message in
/// order.
fn narrow_by_echo(games: &[FolderGame], m: &mut PartMatch) {
    let echoes = |i: &usize| {
        let g = &games[*i];
        let report = check(&g.game, g.side, &m.text);
        let echo = report.findings.iter().any(|f| {
            matches!(
                f,
                Finding::EchoAgrees { .. }
                    | Finding::RecordAgrees { .. }
                    | Finding::AlreadyRecorded { .. }
            )
        });
        Fit {
            echo,
            new_move: report.new_move.is_some(),
            in_order: report.in_order(),
        }
    };
    if m.clues.is_empty() {
        let fits: Vec<usize> = m
            .candidates
            .iter()
            .copied()
            .filter(|i| {
                let fit = echoes(i);
                fit.echo && fit.in_order
            })
            .collect();
        // Several: named as candidates; none: nothing points anywhere.
        if !fits.is_empty() {
            m.clues.push(Clue::Echo);
        }
        m.candidates = fits;
        return;
    }
    // Among the games the clues left, those whose echo agrees; else those
    // whose next move the message gives, numbered right and legal.
    let tests: [(FitTest, Clue); 2] = [(|f| f.echo, Clue::Echo), (|f| f.new_move, Clue::InOrder)];
    for (test, clue) in tests {
        if m.candidates.len() < 2 {
            return;
        }
        let fits: Vec<usize> = m
            .candidates
            .iter()
            .copied()
            .filter(|i| test(echoes(i)))
            .collect();
        if !fits.is_empty() && fits.len() < m.candidates.len() {
            m.candidates = fits;
            m.clues.push(clue);
        }
    }
}

/// One way to tell games apart by their moves.
type FitTest = fn(Fit) -> bool;

/// How a message fits a game's moves.
#[derive(Copy, Clone)]
struct Fit {
    /// It repeats our last move (or the record) as we have it.
    echo: bool,
    /// It gives the game's next move, numbered right and legal.
    new_move: bool,
    /// Nothing in it is wrong for this game.
    in_order: bool,
}

/// `needle` in `hay` with no letter or digit just before or after it.
fn contains_word(hay: &str, needle: &str) -> bool {
    !needle.is_empty()
        && hay.match_indices(needle).any(|(at, _)| {
            let before = hay[..at].chars().next_back();
            let after = hay[at + needle.len()..].chars().next();
            before.is_none_or(|c| !c.is_alphanumeric())
                && after.is_none_or(|c| !c.is_alphanumeric())
        })
}

/// The parts of a message for several games: cmail PGN games by their
/// `CmailGameName`, or text parts that start with "Game 3:", "Partie 3:",
/// "Board 3:" (in the message languages). One part or none: not split.
pub fn split(text: &str) -> Vec<(String, String)> {
    let games = cmail::cmail_games(text);
    if games.len() >= 2 {
        return games
            .into_iter()
            .filter_map(|g| Some((g.name?, g.record)))
            .collect();
    }
    let starts = label_starts(text);
    let mut parts = Vec::new();
    for (n, (_, label, body)) in starts.iter().enumerate() {
        let end = starts.get(n + 1).map_or(text.len(), |next| next.0);
        let part = text[*body..end]
            .trim()
            .trim_end_matches(['/', '|', ';'])
            .trim();
        parts.push((label.clone(), part.to_owned()));
    }
    parts
}

/// Where each "Game LABEL:" begins: its offset, label, and where its text
/// starts after the colon.
fn label_starts(text: &str) -> Vec<(usize, String, usize)> {
    let lower = text.to_lowercase();
    // Lowercasing may change lengths outside ASCII; only ASCII-safe offsets
    // are used.
    if lower.len() != text.len() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for word in GAME_LABEL_WORDS {
        for (at, _) in lower.match_indices(word) {
            let before = lower[..at].chars().next_back();
            if before.is_some_and(char::is_alphanumeric) {
                continue;
            }
            let rest = &text[at + word.len()..];
            // "in both our games:" names no game "s".
            if rest.starts_with(char::is_alphanumeric) {
                continue;
            }
            let skipped = rest.len() - rest.trim_start_matches([' ', '#']).len();
            let rest = &rest[skipped..];
            let Some(colon) = rest.find(':') else {
                continue;
            };
            let label = rest[..colon].trim();
            if label.is_empty() || label.len() > 40 || label.contains(char::is_whitespace) {
                continue;
            }
            found.push((at, label.to_owned(), at + word.len() + skipped + colon + 1));
        }
    }
    found.sort_by_key(|f| f.0);
    // A word inside another's label ("Game#Board2:") is no label of its
    // own: its part would end before it begins.
    let mut body_from = 0;
    found.retain(|&(at, _, body)| {
        let keep = at >= body_from;
        if keep {
            body_from = body;
        }
        keep
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_game;
    use shakmaty::Color as Side;

    fn folder() -> Vec<FolderGame> {
        let game = |text: &str| read_game(text.as_bytes()).unwrap();
        vec![
            FolderGame {
                name: "a.pgn".into(),
                game: game(
                    "[Event \"T\"]\n[Round \"3\"]\n[White \"Me\"]\n[Black \"Smith, J\"]\n\n1. 5254 5755 2. 7163 *",
                ),
                side: Side::White,
            },
            FolderGame {
                name: "b.pgn".into(),
                game: game(
                    "[Event \"T\"]\n[Round \"7\"]\n[White \"Jones\"]\n[Black \"Me\"]\n\n1. 5254 5755 2. 7163 2836 3. 6125 1716 *",
                ),
                side: Side::Black,
            },
        ]
    }

    /// Found trying the tools as a player: "Here are my moves in both our
    /// games:" made a part for a game "s", refused, and the message with
    /// it (exit 1).
    #[test]
    fn a_plural_game_word_made_a_part_of_its_own() {
        let text =
            "Here are my moves in both our games:\n\nGame 1: 1. 4244 4745\nGame 2: 2... 5756\n";
        let labels: Vec<String> = split(text).into_iter().map(|(label, _)| label).collect();
        assert_eq!(labels, ["1", "2"]);
    }

    /// Found by the `message` fuzz target: a label word inside another
    /// label (`Game#Board2:`) made a part that ended before it began, and
    /// slicing it panicked.
    #[test]
    fn regression_label_word_inside_a_label_panicked() {
        let parts = split("Game#Board2: 1... 5755\nGame 7: 3... 7866");
        assert_eq!(
            parts,
            [
                ("Board2".to_owned(), "1... 5755".to_owned()),
                ("7".to_owned(), "3... 7866".to_owned())
            ]
        );
    }

    #[test]
    fn a_message_for_two_games_is_split() {
        let text = "Game 3: 2... 2836 / Game 7: 3... 7866";
        let parts = match_message(
            &folder(),
            &Envelope {
                text,
                ..Envelope::default()
            },
        );
        assert_eq!(parts.len(), 2);
        assert_eq!(
            (parts[0].game(), parts[0].text.as_str()),
            (Some(0), "2... 2836")
        );
        assert_eq!(
            (parts[1].game(), parts[1].text.as_str()),
            (Some(1), "3... 7866")
        );
    }

    #[test]
    fn moves_alone_decide_only_when_one_game_fits() {
        let games = folder();
        let one = Envelope {
            text: "2. 7163 2... 2836",
            ..Envelope::default()
        };
        assert_eq!(match_message(&games, &one)[0].game(), Some(0));
        let none = Envelope {
            text: "Thanks!",
            ..Envelope::default()
        };
        assert_eq!(
            match_message(&games, &none)[0].candidates,
            Vec::<usize>::new()
        );
    }

    #[test]
    fn an_address_against_an_id_fits_nothing() {
        let mut games = folder();
        games[0].game.set_tag("GameId", "T-3");
        games[1].game.set_tag(ADDRESS_TAG, "jones@example.org");
        let mail = Envelope {
            subject: "T-3",
            from: Some("Jones@example.org"),
            ..Envelope::default()
        };
        let m = &match_message(&games, &mail)[0];
        assert_eq!((m.game(), m.candidates.clone()), (None, vec![0, 1]));
    }

    #[test]
    fn words_are_whole() {
        assert!(contains_word("re: em/m/gt/102.3 move", "em/m/gt/102"));
        assert!(!contains_word("smithers wrote", "smith"));
        assert!(round_named("event t, round 3.", "3"));
        assert!(!round_named("around 3 days", "3"));
    }
}
