//! Finding numbered moves and dates in freely written text.

use crate::{Date, MoveNo, Side};

/// A numbered move found in a message, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPly {
    /// Its number and side, from the dots (`12.` / `12...`) or from its
    /// place in a pair (`12. 5254 5756`).
    pub no: MoveNo,
    /// The move text (`5756`, `Sf6`, ...).
    pub text: String,
    /// 0-based line of the message.
    pub line: usize,
    /// Consecutive plies written together share a run number.
    pub run: usize,
    /// The first date on the same line (the card writes "received"/"sent"
    /// dates beside the moves).
    pub date: Option<Date>,
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

fn is_conditional(line: &str) -> bool {
    let lower = line.trim_start().to_lowercase();
    let first = lower.split_whitespace().next().unwrap_or("");
    let first = first.trim_end_matches([':', ',']);
    IF_WORDS.contains(&first) || IF_LABELS.iter().any(|label| lower.starts_with(label))
}

/// The numbered moves of the unquoted `lines`, in order.
///
/// ```
/// use iccf_corr::{scan_moves, MoveNo, Side};
///
/// let plies = scan_moves([(0, "Thanks! 12. ... 5756, and 1. 5254 5755 2. 7163")].into_iter());
/// assert_eq!(plies[0].no, MoveNo { number: 12, side: Side::Black });
/// assert_eq!(plies[0].text, "5756");
/// assert_eq!(plies.len(), 4);
/// assert_eq!(plies[3].run, plies[1].run);
/// ```
pub fn scan_moves<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<WrittenPly> {
    let mut scanner = Scanner::default();
    for (index, line) in lines {
        if is_conditional(line) {
            scanner.pending = None;
            scanner.run += 1;
            continue;
        }
        let date = line
            .split(|c: char| c.is_whitespace() || "()[]{};".contains(c))
            .find_map(|w| {
                let w = w.trim_end_matches([',', '.', ':']);
                w.parse::<Date>().ok().filter(|_| w.len() >= 8)
            });
        for word in line.split_whitespace() {
            scanner.word(word, index, date);
        }
    }
    scanner.plies
}

#[derive(Default)]
struct Scanner {
    plies: Vec<WrittenPly>,
    /// The move number waiting for its move(s), and how many moves it took.
    pending: Option<(MoveNo, u8)>,
    run: usize,
}

impl Scanner {
    fn word(&mut self, word: &str, line: usize, date: Option<Date>) {
        let word = word.trim_matches(|c: char| ",;:!?()[]{}\"'".contains(c));
        if word.is_empty() {
            return;
        }
        if matches!(word, "..." | "…" | "--" | "-" | "..") {
            if let Some((no, 0)) = &mut self.pending {
                no.side = Side::Black;
            }
            return;
        }
        if let Some((number, side, rest)) = move_number(word) {
            self.number(MoveNo { number, side });
            if !rest.is_empty() {
                self.word(rest, line, date);
            }
            return;
        }
        // A move ending a sentence: "Thanks for 2. 7163."
        let word = word.trim_end_matches('.');
        match self.pending {
            Some((no, taken)) if looks_like_move(word) => {
                self.push(no, word, line, date);
                // `12. 5254 5756`: the second move is Black's.
                self.pending = (taken == 0 && no.side == Side::White).then_some((
                    MoveNo {
                        side: Side::Black,
                        ..no
                    },
                    1,
                ));
            }
            // Prose between moves ends a number's moves, not the run:
            // the card writes a second notation beside the record.
            _ => self.pending = None,
        }
    }

    fn number(&mut self, no: MoveNo) {
        let follows = self.plies.last().and_then(|p| Some(p.no.ply()? + 1)) == no.ply();
        if !follows {
            self.run += 1;
        }
        self.pending = Some((no, 0));
    }

    fn push(&mut self, no: MoveNo, text: &str, line: usize, date: Option<Date>) {
        let text = text.trim_end_matches(['.', ',']).to_owned();
        self.plies.push(WrittenPly {
            no,
            text,
            line,
            run: self.run,
            date,
        });
    }
}

/// `12.` `12...` `12…` `12.--` `12...5756` → (12, side, rest after the dots).
fn move_number(word: &str) -> Option<(u32, Side, &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let number: u32 = word[..digits].parse().ok().filter(|&n| n > 0)?;
    let after = &word[digits..];
    let marks = after.len() - after.trim_start_matches(['.', '…', '-']).len();
    let (mark, rest) = after.split_at(marks);
    if !mark.starts_with(['.', '…']) {
        return None;
    }
    let side = if mark == "." {
        Side::White
    } else {
        Side::Black
    };
    // `12.5254` is a number and a move; `2026.12.01` never gets here (4 digits).
    Some((number, side, rest))
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

    #[test]
    fn algebraic_after_a_number_is_kept() {
        assert_eq!(scan("12... Sf6!"), pairs(&[("12...", "Sf6")]));
        assert_eq!(scan("5. 0-0 Кf6"), pairs(&[("5.", "0-0"), ("5...", "Кf6")]));
    }

    #[test]
    fn conditional_lines_are_skipped() {
        assert_eq!(
            scan("If-moves: 13... 5756 14. 6125\n13. 5254"),
            pairs(&[("13.", "5254")])
        );
        assert_eq!(scan("wenn 13... 5756 dann 14. 6125"), pairs(&[]));
    }
}
