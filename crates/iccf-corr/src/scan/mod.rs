//! Finding numbered moves and dates in freely written text.

use core::num::NonZeroU32;
use core::ops::Range;
use core::str::SplitWhitespace;

use iccf::MoveNumber;
use shakmaty::Color;

use crate::{Date, MessageLang};
use written_dates::dates_in;

mod written_dates;

/// A numbered move found in a message, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPly {
    /// Its number and side, from the dots (`12.` / `12...`) or from its
    /// place in a pair (`12. 5254 5756`).
    pub no: MoveNumber,
    /// The move text (`5756`, `Sf6`, ...).
    pub text: String,
    /// 0-based line of the message.
    pub line: usize,
    /// Consecutive plies written together share a run number.
    pub run: usize,
    /// The date written after it on its line, else the last before it
    /// (the card writes "received"/"sent" dates beside the moves), in any
    /// of the forms players write: `2026.12.04`, `04.12.2026`, `4 Dec
    /// 2026`, `4. Dezember 2026`.
    pub date: Option<Date>,
    /// The move written again in brackets right after it: `4844 (Qd5)`.
    pub gloss: Option<String>,
    /// The number written in those brackets: `12...` of `4844 (12... Qd5)`.
    pub gloss_no: Option<MoveNumber>,
    /// Other moves offered for it: `4844 or 4845`.
    pub alternatives: Vec<String>,
}

/// Lines that give conditional moves: the opponent's if-moves are not moves
/// played, so they are skipped. A line is conditional when its first word is
/// "if" in one of the card languages, or it starts with the card's label.
const IF_WORDS: [&str; 8] = [
    "if",
    "wenn",
    "falls",
    "si",
    "se",
    "pokud",
    "jestliže",
    "если",
];
const IF_LABELS: [&str; 7] = [
    "if-moves",
    "bedingte züge",
    "coups conditionnels",
    "jugadas condicionales",
    "mosse condizionali",
    "podmíněné tahy",
    "условные ходы",
];

/// The conditional lines of `lines`: if-moves, not moves played. A line
/// that gives a move and then its if-moves ("13... 4844 if 14. 5254 then
/// 14... 3672") gives its conditional part, from the "if".
pub(crate) fn conditional_lines<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
) -> Vec<(usize, &'a str)> {
    lines
        .filter_map(|(i, line)| split_conditional(line).1.map(|c| (i, c)))
        .flat_map(|(i, c)| branches(c).into_iter().map(move |b| (i, b)))
        .collect()
}

/// The branches of a conditional text, each from an "if" before the
/// move number the first starts with: "If 5. 2133 then 5... 5756, if 5.
/// 6125 then 5... 4746" is two (the second was read as the first's moves
/// and dropped); "if 5. 2133 then 5... 6857 and if 6. 5171 then 6...
/// 5878" is one line going on.
fn branches(text: &str) -> Vec<&str> {
    let mut words = text.split_whitespace();
    // The text's first word is its "if" (or label).
    let first_word = words.next().map_or(0, |w| offset_in(text, w));
    let first = first_number(words);
    let mut starts = vec![0];
    starts.extend(
        ifs_before_moves(text)
            .filter(|(at, after)| *at > first_word && first_number(after.clone()) == first)
            .map(|(at, _)| at),
    );
    starts.push(text.len());
    starts
        .windows(2)
        .map(|w| text[w[0]..w[1]].trim_end_matches([' ', ',', ';']))
        .collect()
}

/// A line as its moves played and its conditional part: the whole line
/// when it starts with "if" or a label, else from an "if" in it that a
/// numbered move follows (an "if" in prose is no if-move).
fn split_conditional(line: &str) -> (&str, Option<&str>) {
    if is_conditional(line) {
        return ("", Some(line));
    }
    match ifs_before_moves(line).next() {
        Some((at, _)) => (&line[..at], Some(&line[at..])),
        None => (line, None),
    }
}

/// Each "if" of `text` that a numbered move follows: its offset, and the
/// words after it.
fn ifs_before_moves(text: &str) -> impl Iterator<Item = (usize, SplitWhitespace<'_>)> {
    let mut words = text.split_whitespace();
    std::iter::from_fn(move || {
        while let Some(word) = words.next() {
            let bare = word.trim_start_matches(['(', '[', ';', ',']).to_lowercase();
            if IF_WORDS.contains(&bare.as_str()) && starts_a_move(words.clone()) {
                return Some((offset_in(text, word), words.clone()));
            }
        }
        None
    })
}

/// The move number `words` start with, as written: `5` of `5...`.
fn first_number<'a>(mut words: SplitWhitespace<'a>) -> &'a str {
    let word = words.next().unwrap_or("");
    word.split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap_or("")
}

/// The offset of `word`, a slice of `text`, in it.
fn offset_in(text: &str, word: &str) -> usize {
    word.as_ptr() as usize - text.as_ptr() as usize
}

/// The line without its first word "if" or its label "If-moves:".
pub(crate) fn strip_if_word(line: &str) -> &str {
    let trimmed = line.trim_start();
    let lower = trimmed.to_lowercase();
    if let Some(label) = IF_LABELS.iter().find(|l| lower.starts_with(*l)) {
        // Labels are the same length lowercased: they are ASCII or
        // letters whose lowercase has the same UTF-8 length.
        let rest = trimmed.get(label.len()..).unwrap_or("");
        return rest.trim_start_matches([':', ' ']);
    }
    let first = trimmed.split_whitespace().next().unwrap_or("");
    trimmed[first.len()..].trim_start()
}

/// Whether the line is if-moves: a label ("If-moves:"), or "if" before a
/// move ("if 14. 5254 then 14... 3672"); "If you like, ... My move: 2...
/// 2836" is prose with a move.
fn is_conditional(line: &str) -> bool {
    let lower = line.trim_start().to_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let first = first.trim_end_matches([':', ',']);
    (IF_WORDS.contains(&first) && starts_a_move(words))
        || IF_LABELS.iter().any(|label| lower.starts_with(label))
}

/// Whether the words after an "if" give a move within the next three, in
/// its clause: "if 14. 5254", "If you play 3. 6125", "Wenn Sie 3. 6125
/// spielen"; not "If you like, ... 2... 2836", nor "if you repeat moves.
/// 14... 5645".
fn starts_a_move<'a>(words: impl Iterator<Item = &'a str>) -> bool {
    for word in words.take(3) {
        let bare = word.trim_matches(|c: char| ";:()[]".contains(c));
        if move_number(bare).is_some()
            || looks_like_move(bare.trim_end_matches([',', '+', '#', '.']))
        {
            return true;
        }
        if bare.ends_with([',', '.', '!', '?']) {
            return false;
        }
    }
    false
}

/// A move written without a number (`my move: 4847 (Rd7)`, or a bare
/// `6543`), as found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnnumberedMove {
    /// The move text.
    pub text: String,
    /// 0-based line of the message.
    pub line: usize,
    /// Whether it follows a "my move:" label on its line.
    pub labelled: bool,
    /// The date written after it on its line, else the last before it.
    pub date: Option<Date>,
    /// The move written again in brackets right after it: `4847 (Rd7)`.
    pub gloss: Option<String>,
    /// The number written in those brackets: `23.` of `4847 (23. Rd7)`.
    pub gloss_no: Option<MoveNumber>,
    /// Other moves offered for it: `4847 or 4848`.
    pub alternatives: Vec<String>,
}

/// Words that offer another move in place of the one before: `4844 or
/// 4845`.
const OR_WORDS: &[&str] = &["or", "oder", "ou", "o", "oppure", "nebo", "или"];

/// Labels before a move given without its number, lowercase.
const MY_MOVE: &[&str] = &[
    "my move",
    "my reply",
    "my answer",
    "mein zug",
    "meine antwort",
    "mon coup",
    "ma réponse",
    "mi jugada",
    "mi respuesta",
    "la mia mossa",
    "mia mossa",
    "můj tah",
    "мой ход",
    "мой ответ",
];

/// The numbered moves of the unquoted `lines`, in order.
///
/// ```
/// use iccf_corr::scan_moves;
///
/// let plies = scan_moves([(0, "Thanks! 12. ... 5756, and 1. 5254 5755 2. 7163")].into_iter());
/// assert_eq!(plies[0].no.to_string(), "12...");
/// assert_eq!(plies[0].text, "5756");
/// assert_eq!(plies.len(), 4);
/// assert_eq!(plies[3].run, plies[1].run);
/// ```
pub fn scan_moves<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<WrittenPly> {
    scan(lines).plies
}

/// The moves of the unquoted `lines` written without a number, outside
/// conditional lines.
///
/// ```
/// let found = iccf_corr::scan_unnumbered([(0, "Thanks. My move: 4847 (Rd7)")].into_iter());
/// assert_eq!((found[0].text.as_str(), found[0].labelled), ("4847", true));
/// ```
pub fn scan_unnumbered<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<UnnumberedMove> {
    scan(lines).unnumbered
}

fn scan<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Scanner {
    let mut scanner = Scanner::default();
    for (index, line) in lines {
        let (line, conditional) = split_conditional(line);
        let dates = dates_in(line);
        let lower = line.to_lowercase();
        let label_end = MY_MOVE
            .iter()
            .filter_map(|l| lower.find(l).map(|at| at + l.len()))
            .min();
        let (mut offset, mut line_offset) = (0, 0);
        // Where the last move word of this line ends.
        let mut move_end = None;
        for word in line.split_whitespace() {
            let low = word.to_lowercase();
            let at = lower[offset..].find(&low).map_or(offset, |i| offset + i);
            offset = at + low.len();
            let start = line_offset + line[line_offset..].find(word).unwrap_or(0);
            line_offset = start + word.len();
            let span = start..line_offset;
            if dates
                .iter()
                .any(|(date, _)| date.start < span.end && span.start < date.end)
            {
                // A date is prose, not move numbers: `4. 12. 2026`.
                scanner.prose();
                continue;
            }
            scanner.labelled = label_end.is_some_and(|end| at >= end);
            let moves = scanner.plies.len() + scanner.unnumbered.len();
            scanner.word(word, index, date_of(line, &dates, &span, move_end));
            if scanner.plies.len() + scanner.unnumbered.len() > moves {
                move_end = Some(span.end);
            }
        }
        scanner.bare = None;
        if conditional.is_some() {
            // If-moves are not moves played: what follows starts afresh.
            scanner.pending = None;
            scanner.last = None;
            scanner.run += 1;
        }
    }
    scanner
}

/// The date of a move written at `span` of `line`: the last before it
/// when a colon makes it a label (`Sent 2026.12.04: 12. 4244`), else the
/// first after it (`12. 4244 (sent 2026.12.04)`), else the last before it
/// unless it is the first date after the line's move before it (ending at
/// `move_end`), whose date it is: in "received your 4. 6344 on 24.01.2026,
/// my reply: 4... 7866" the date is when our move came, not theirs. A
/// "sent" word before the date gives it to the move after: "received 24.01.
/// your 4. 6344, sent 25.01. my 4... 7866".
fn date_of(
    line: &str,
    dates: &[(Range<usize>, Date)],
    span: &Range<usize>,
    move_end: Option<usize>,
) -> Option<Date> {
    let before = dates.iter().rev().find(|(at, _)| at.end <= span.start);
    if let Some((at, date)) = before
        && line[at.end..].starts_with(':')
    {
        return Some(*date);
    }
    let after = dates.iter().find(|(at, _)| at.start >= span.end);
    let owned_by_the_move_before = |(at, _): &&(Range<usize>, Date)| {
        move_end.is_some_and(|end| {
            end <= at.start
                && !dates
                    .iter()
                    .any(|(d, _)| d.start >= end && d.end <= at.start)
                && !says_sent(&line[end..at.start])
        })
    };
    let before = before.filter(|d| !owned_by_the_move_before(d));
    after.or(before).map(|&(_, date)| date)
}

/// Stems of "sent" in the languages of the dates read, lowercase, beyond
/// the words our own cards write (`Words::sent`).
const SENT: &[&str] = &[
    "abgeschickt",
    "verschickt",
    "envoy",
    "enviad",
    "envié",
    "inviat",
    "spedit",
    "odesl",
    "отправ",
    "verzonden",
    "wysła",
];

/// Whether `text` has a word saying "sent".
fn says_sent(text: &str) -> bool {
    let lower = text.to_lowercase();
    let cards = MessageLang::ALL.iter().map(|lang| lang.words().sent);
    cards
        .chain(SENT.iter().copied())
        .any(|word| lower.contains(word))
}

#[derive(Default)]
struct Scanner {
    plies: Vec<WrittenPly>,
    /// The move number waiting for its move(s), and how many moves it took.
    pending: Option<(MoveNumber, u8)>,
    run: usize,
    unnumbered: Vec<UnnumberedMove>,
    /// The last word was a number without dots: `23 ... 6543`.
    bare: Option<NonZeroU32>,
    /// The word is after a "my move:" label.
    labelled: bool,
    /// The move the last word gave, for a gloss or an alternative after it.
    last: Option<Last>,
    /// "or" came after that move: the next move is an alternative to it.
    or: bool,
    /// A bracket opened with a move number (`2836 (2... Nc6)`): the move
    /// closing it is a gloss, and that number is kept to be checked.
    numbered_gloss: Option<MoveNumber>,
}

/// Whether `word` is Black's dots written apart from the number before
/// them (`5. ... 2836`, `5. … Nc6`, `5. -- 2836`).
fn is_black_dots(word: &str) -> bool {
    matches!(word, "..." | "…" | "--" | "-" | "..")
}

/// Where the last move word went.
#[derive(Copy, Clone)]
enum Last {
    Ply(usize),
    Unnumbered(usize),
}

impl Scanner {
    fn word(&mut self, raw: &str, line: usize, date: Option<Date>) {
        if self.annex(raw) {
            return;
        }
        // A gloss in brackets beside a move: `4847 (Rd7)`.
        let gloss = raw.starts_with(['(', '[']);
        // `23)`: a move number as lists write it.
        if let Some(number) = raw.strip_suffix(')').filter(|n| n.len() <= 3)
            && let Ok(number) = number.parse::<NonZeroU32>()
        {
            self.bare = None;
            self.number(MoveNumber {
                fullmoves: number,
                turn: Color::White,
            });
            return;
        }
        let word = raw.trim_matches(|c: char| ",;:!?()[]{}\"'".contains(c));
        if word.is_empty() {
            return;
        }
        let bare = self.bare.take();
        if is_black_dots(word) {
            if let Some(number) = bare {
                self.number(MoveNumber {
                    fullmoves: number,
                    turn: Color::Black,
                });
            }
            if let Some((no, 0)) = &mut self.pending {
                no.turn = Color::Black;
            }
            return;
        }
        if word.len() <= 3
            && !raw.ends_with([',', ';'])
            && let Ok(number) = word.parse::<NonZeroU32>()
        {
            self.bare = Some(number);
            self.pending = None;
            return;
        }
        if let Some((no, rest)) = move_number(word) {
            self.number(no);
            if !rest.is_empty() {
                self.word(rest, line, date);
            }
            return;
        }
        // A move ending a sentence: "Thanks for 2. 7163."
        let word = word.trim_end_matches('.');
        // A check or mate mark on a numeric move: `4884+`, `4884#`.
        let word = match word.trim_end_matches(['+', '#']) {
            numeric
                if !numeric.is_empty()
                    && numeric.bytes().all(|b| b.is_ascii_digit() || b == b'-') =>
            {
                numeric
            }
            _ => word,
        };
        match self.pending {
            Some(_) if gloss => {}
            Some((no, taken)) if looks_like_move(word) => {
                self.push(no, word, line, date);
                // `12. 5254 5756`: the second move is Black's.
                self.pending = (taken == 0 && no.turn == Color::White).then_some((
                    MoveNumber {
                        turn: Color::Black,
                        ..no
                    },
                    1,
                ));
            }
            None if !gloss && looks_like_move(word) && plausible(word) => {
                self.unnumbered.push(UnnumberedMove {
                    text: word.trim_end_matches(['.', ',']).to_owned(),
                    line,
                    labelled: self.labelled,
                    date,
                    gloss: None,
                    gloss_no: None,
                    alternatives: Vec::new(),
                });
                self.last = Some(Last::Unnumbered(self.unnumbered.len() - 1));
            }
            // Prose between moves ends a number's moves, not the run:
            // the card writes a second notation beside the record.
            _ => self.pending = None,
        }
    }

    /// Takes a gloss (`(Qd5)`), an "or" or the alternative after it for
    /// the move just read, so that neither is lost nor read as a move of
    /// its own; `false` for any other word.
    fn annex(&mut self, raw: &str) -> bool {
        let Some(last) = self.last.take() else {
            return false;
        };
        // `(Sc6).`: the sentence's full stop outside the brackets.
        let unended = raw.trim_end_matches([',', '.', ';', ':']);
        let closed = unended.ends_with([')', ']']);
        let word = unended
            .trim_matches(|c: char| ",;:!?()[]{}\"'".contains(c))
            .trim_end_matches('.');
        let (gloss, gloss_no, alternatives) = match last {
            Last::Ply(i) => {
                let p = &mut self.plies[i];
                (&mut p.gloss, &mut p.gloss_no, &mut p.alternatives)
            }
            Last::Unnumbered(i) => {
                let u = &mut self.unnumbered[i];
                (&mut u.gloss, &mut u.gloss_no, &mut u.alternatives)
            }
        };
        let or = std::mem::take(&mut self.or);
        let numbered_gloss = self.numbered_gloss.take();
        let opens = !or && raw.starts_with(['(', '[']);
        // `(2...Nc6)`: the gloss is the move after its number, and the
        // number is kept: a wrong one is a finding, not dropped.
        let (word, number) = match move_number(word) {
            Some((no, rest)) if opens && closed && !rest.is_empty() => (rest, Some(no)),
            _ => (word, None),
        };
        let numbered = move_number(raw.trim_start_matches(['(', '[']));
        if opens && closed && looks_like_move(word) {
            (*gloss, *gloss_no) = (Some(word.to_owned()), number);
        } else if opens
            && !closed
            && let Some((no, "")) = numbered
        {
            self.numbered_gloss = Some(no);
        } else if numbered_gloss.is_some() && closed && looks_like_move(word) {
            (*gloss, *gloss_no) = (Some(word.to_owned()), numbered_gloss);
        } else if let Some(no) = numbered_gloss
            && is_black_dots(raw)
        {
            // `(5. ... Nc6)`: Black's number, as `5. ... 2836` outside
            // brackets; its move was read as a move of its own, unchecked.
            self.numbered_gloss = Some(MoveNumber {
                turn: Color::Black,
                ..no
            });
        } else if !or && OR_WORDS.contains(&word.to_lowercase().as_str()) {
            self.or = true;
        } else if or && looks_like_move(word) {
            alternatives.push(word.to_owned());
        } else {
            return false;
        }
        self.last = Some(last);
        true
    }

    /// A word that is no move, number or gloss ends what was pending.
    fn prose(&mut self) {
        self.last = None;
        self.or = false;
        self.numbered_gloss = None;
        self.bare = None;
        self.pending = None;
    }

    fn number(&mut self, no: MoveNumber) {
        let follows = self.plies.last().map(|p| half_moves(p.no) + 1) == Some(half_moves(no));
        if !follows {
            self.run += 1;
        }
        self.pending = Some((no, 0));
    }

    fn push(&mut self, no: MoveNumber, text: &str, line: usize, date: Option<Date>) {
        let text = text.trim_end_matches(['.', ',']).to_owned();
        self.plies.push(WrittenPly {
            no,
            text,
            line,
            run: self.run,
            date,
            gloss: None,
            gloss_no: None,
            alternatives: Vec::new(),
        });
        self.last = Some(Last::Ply(self.plies.len() - 1));
    }
}

/// Half-moves from `1.` to `no`: numbers that follow each other differ by one.
pub(crate) fn half_moves(no: MoveNumber) -> usize {
    (no.fullmoves.get() as usize - 1) * 2 + usize::from(no.turn == Color::Black)
}

/// A numeric move whose squares exist (`2026` is a year), or algebraic.
fn plausible(word: &str) -> bool {
    let digits: String = word.chars().filter(|c| *c != '-').collect();
    !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.bytes().take(4).all(|b| (b'1'..=b'8').contains(&b))
}

/// `12.` `12...` `12…` `12.--` `12)` `12...5756` → (`12...`, rest after
/// the dots).
fn move_number(word: &str) -> Option<(MoveNumber, &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    // Four digits: a move from 1000 on (they were missed), but not a date,
    // a year or a move ending a sentence.
    if digits == 0 || digits > 4 {
        return None;
    }
    let number: NonZeroU32 = word[..digits].parse().ok()?;
    let after = &word[digits..];
    let marks = after.len() - after.trim_start_matches(['.', '…', '-', ')']).len();
    let (mark, rest) = after.split_at(marks);
    if !mark.starts_with(['.', '…', ')']) {
        return None;
    }
    let alone = mark == "." && rest.is_empty();
    if digits == 4
        && (rest.contains('.') || (alone && (is_year(number) || plausible(&word[..digits]))))
    {
        // `2026.12.01`, `Happy 2027.`, or a numeric move ending a
        // sentence: `My reply is 2... 2836.`
        return None;
    }
    let turn = if mark == "." || mark == ")" {
        Color::White
    } else {
        Color::Black
    };
    // `12.5254` is a number and a move; `2026.12.01` never gets here (4 digits).
    Some((
        MoveNumber {
            fullmoves: number,
            turn,
        },
        rest,
    ))
}

/// A number that reads as a recent year rather than a move number.
fn is_year(number: NonZeroU32) -> bool {
    (1900..2200).contains(&number.get())
}

/// Numeric (`5756`, `57-56`, `67681`) or algebraic-looking (`Nf6`, `exd5`,
/// `O-O`, `Кf3`) text.
fn looks_like_move(word: &str) -> bool {
    let castle = word.replace('0', "O");
    if castle.starts_with("O-O") {
        return true;
    }
    let digits: String = word.chars().filter(|c| *c != '-').collect();
    if digits.chars().all(|c| c.is_ascii_digit()) {
        return (4..=5).contains(&digits.len());
    }
    let chars: Vec<char> = word.chars().collect();
    let has_square = chars
        .windows(2)
        .any(|w| ('a'..='h').contains(&w[0]) && ('1'..='8').contains(&w[1]));
    has_square && chars.len() <= 10
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(text: &str) -> Vec<(String, String)> {
        scan_moves(text.lines().enumerate())
            .into_iter()
            .map(|p| (p.no.to_string(), p.text))
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    /// Regression (issue 25): move numbers of four digits were not read,
    /// so `iccf check` missed our move 1000. repeated; dates, a year or a
    /// numeric move ending a sentence are still no move numbers (`1234.`
    /// alone is a move: a move number written so is missed).
    #[test]
    fn regression_moves_numbered_1000_and_up_were_missed() {
        assert_eq!(
            scan("Your move: 1000. 6371\nMy move: 1000... 6678 1001. 7163"),
            pairs(&[("1000.", "6371"), ("1000...", "6678"), ("1001.", "7163")])
        );
        assert_eq!(
            scan("Sent 2026.12.01: 12... 5756\nHappy 2027. 5254 is fine"),
            pairs(&[("12...", "5756")])
        );
        assert_eq!(
            scan("My reply is 1000... 2836."),
            pairs(&[("1000...", "2836")])
        );
    }

    #[test]
    fn every_way_of_writing_black_moves() {
        for text in [
            "12... 5756",
            "12...5756",
            "12. ... 5756",
            "12.-- 5756",
            "12… 5756",
            "12.…5756",
        ] {
            assert_eq!(scan(text), pairs(&[("12...", "5756")]), "{text}");
        }
    }

    #[test]
    fn a_whole_record_in_pairs() {
        let plies = scan_moves("1. 5254 5755 2. 7163\n2836 3. 6125".lines().enumerate());
        let texts: Vec<_> = plies
            .iter()
            .map(|p| p.no.to_string() + " " + &p.text)
            .collect();
        assert_eq!(
            texts,
            ["1. 5254", "1... 5755", "2. 7163", "2... 2836", "3. 6125"]
        );
        assert!(plies.iter().all(|p| p.run == plies[0].run));
    }

    #[test]
    fn dates_and_prose_are_not_moves() {
        let text = "Received 2026.12.03, days used 12. Sent: 2026.12.04\nMy move: 12. 4244 (sent 2026.12.04)";
        let plies = scan_moves(text.lines().enumerate());
        assert_eq!(plies.len(), 1);
        assert_eq!(plies[0].text, "4244");
        assert_eq!(plies[0].date.unwrap().to_string(), "2026.12.04");
    }

    /// Each move took the first date of its line: their move "sent
    /// 2026.12.06" was dated the day our move was received.
    #[test]
    fn regression_each_move_takes_the_date_beside_it() {
        let line = "1. 5254 erhalten 2026.12.05, 1... 5755 gesendet 6. Dezember 2026";
        let plies = scan_moves([(0, line)].into_iter());
        let dates: Vec<String> = plies.iter().map(|p| p.date.unwrap().to_string()).collect();
        assert_eq!(dates, ["2026.12.05", "2026.12.06"]);
        let plies = scan_moves([(0, "Sent 2026.12.04: 12... 4244")].into_iter());
        assert_eq!(plies[0].date.unwrap().to_string(), "2026.12.04");
        // A date before its move as a label, each move with its own (the
        // review's case: 7163 was dated 12.06, the date after it).
        let line = "erhalten 2026.12.05: 2. 7163, gesendet 2026.12.06: 2... 2836";
        let plies = scan_moves([(0, line)].into_iter());
        let dates: Vec<String> = plies.iter().map(|p| p.date.unwrap().to_string()).collect();
        assert_eq!(dates, ["2026.12.05", "2026.12.06"]);
    }

    /// "Received your 4. 6344 on 24.01.2026, my reply: 4... 7866" dated
    /// their 4... the day our move reached them, the date before it.
    #[test]
    fn regression_the_date_of_our_move_dated_theirs() {
        let date = |line: &str| -> Vec<Option<String>> {
            let plies = scan_moves([(0, line)].into_iter());
            plies
                .iter()
                .map(|p| p.date.map(|d| d.to_string()))
                .collect()
        };
        assert_eq!(
            date("Received your 4. 6344 on 24.01.2026, my reply: 4... 7866"),
            [Some("2026.01.24".to_owned()), None]
        );
        // A second date after the first is the next move's.
        assert_eq!(
            date("4. 6344 received 24.01.2026, sent 25.01.2026 4... 7866"),
            [Some("2026.01.24".to_owned()), Some("2026.01.25".to_owned())]
        );
        // With no move before it, a date before the move is its own.
        assert_eq!(
            date("25.01.2026 4... 7866"),
            [Some("2026.01.25".to_owned())]
        );
        // "Sent" gives it to the move after (the review's case).
        assert_eq!(
            date("Received 24.01.2026 your 4. 2514, sent 25.01.2026 my 4... 7866"),
            [Some("2026.01.25".to_owned()), Some("2026.01.25".to_owned())]
        );
        assert_eq!(
            date("4. 2514 erhalten, gesendet am 25.01.2026: 4... 7866")[1],
            Some("2026.01.25".to_owned())
        );
    }

    /// `4. 12. 2026` was read as the move numbers 4. and 12.
    #[test]
    fn regression_a_date_is_no_move_number() {
        let plies = scan_moves([(0, "1. 5254 5755 2. 7163 (4. 12. 2026) 2... 2836")].into_iter());
        let texts: Vec<String> = plies
            .iter()
            .map(|p| format!("{} {}", p.no, p.text))
            .collect();
        assert_eq!(texts, ["1. 5254", "1... 5755", "2. 7163", "2... 2836"]);
        assert!(plies.iter().all(|p| p.run == plies[0].run));
    }

    #[test]
    fn algebraic_after_a_number_is_kept() {
        assert_eq!(scan("12... Sf6!"), pairs(&[("12...", "Sf6")]));
        assert_eq!(scan("5. 0-0 Кf6"), pairs(&[("5.", "0-0"), ("5...", "Кf6")]));
    }

    #[test]
    fn move_styles_people_write() {
        assert_eq!(
            scan("23) 5262 6543"),
            pairs(&[("23.", "5262"), ("23...", "6543")])
        );
        assert_eq!(scan("23 ... 6543"), pairs(&[("23...", "6543")]));
        assert_eq!(
            scan("23. 4847 (Rd7) 6543"),
            pairs(&[("23.", "4847"), ("23...", "6543")])
        );
        let loose = scan_unnumbered("Thanks, in 2026 I play 6543".lines().enumerate());
        assert_eq!(loose.len(), 1);
        assert_eq!((loose[0].text.as_str(), loose[0].labelled), ("6543", false));
    }

    /// The number in a gloss's brackets is kept with it, to be checked
    /// against the move's: it was dropped.
    #[test]
    fn regression_the_number_of_a_gloss_was_dropped() {
        let gloss = |text: &str| {
            let plies = scan_moves(text.lines().enumerate());
            assert_eq!(plies.len(), 1, "{text}");
            let p = &plies[0];
            (p.gloss.clone(), p.gloss_no.map(|n| n.to_string()))
        };
        let five = (Some("Nc6".to_owned()), Some("5...".to_owned()));
        assert_eq!(gloss("2... 2836 (5... Nc6)"), five);
        assert_eq!(gloss("2... 2836 (5...Nc6)"), five);
        assert_eq!(gloss("2... 2836 [5... Nc6]."), five);
        assert_eq!(gloss("2... 2836 (5. ... Nc6)"), five);
        assert_eq!(gloss("2... 2836 (Nc6)"), (Some("Nc6".to_owned()), None));
        let unnumbered = scan_unnumbered("My move: 2836 (2. Nc6)".lines().enumerate());
        assert_eq!(
            unnumbered[0].gloss_no.map(|n| n.to_string()),
            Some("2.".into())
        );
    }

    #[test]
    fn regression_a_second_if_on_the_line_was_dropped() {
        let line = "My move 4... 7866. If 5. 2133 then 5... 5756, if 5. 6125 then 5... 4746.";
        let found: Vec<&str> = conditional_lines([(0, line)].into_iter())
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        assert_eq!(
            found,
            ["If 5. 2133 then 5... 5756", "if 5. 6125 then 5... 4746."]
        );
        let one = conditional_lines([(0, "If-moves: 13... 5756 14. 6125")].into_iter());
        assert_eq!(one, [(0, "If-moves: 13... 5756 14. 6125")]);
        // A line that goes on with "if" is one branch (the review's case).
        let line = "If 5. 2133 then 5... 6857 and if 6. 5171 then 6... 5878";
        assert_eq!(conditional_lines([(0, line)].into_iter()), [(0, line)]);
    }

    #[test]
    fn conditional_lines_are_skipped() {
        assert_eq!(
            scan("If-moves: 13... 5756 14. 6125\n13. 5254"),
            pairs(&[("13.", "5254")])
        );
        assert_eq!(scan("wenn 13... 5756 dann 14. 6125"), pairs(&[]));
        assert_eq!(
            scan("13... 4844 if 14. 5254 then 14... 3672"),
            pairs(&[("13...", "4844")])
        );
    }

    /// "No move found" for moves players write: a check mark on a numeric
    /// move (`4884+`), and a move on a line whose prose has an "if"
    /// before it, which made the whole line if-moves.
    #[test]
    fn regression_moves_after_prose_with_if_and_with_check_marks() {
        assert_eq!(
            scan("2. 6134 2... 4884+"),
            pairs(&[("2.", "6134"), ("2...", "4884")])
        );
        assert_eq!(scan("13... 48-84#"), pairs(&[("13...", "48-84")]));
        assert_eq!(
            scan("If you like, we can chat later. My move: 2... 2836"),
            pairs(&[("2...", "2836")])
        );
        assert_eq!(
            scan("I accept the draw if you repeat moves. 14... 5645"),
            pairs(&[("14...", "5645")])
        );
        assert_eq!(scan("if 7163 then 2836"), pairs(&[]));
        // If-moves with words before their move are still if-moves.
        assert_eq!(scan("If you play 3. 6125, I answer 3... 1716"), pairs(&[]));
        assert_eq!(scan("Wenn Sie 3. 6125 spielen, dann 3... 1716"), pairs(&[]));
        assert_eq!(
            scan("2... 2836 if White plays 3. 6125 then 3... 1716"),
            pairs(&[("2...", "2836")])
        );
    }
}
