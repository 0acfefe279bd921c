//! What an unclear move most likely means: the legal moves it is nearest
//! to, each with the slip that would explain it.

use iccf::lang::Lang;
use iccf::read::read_move_in;
use iccf::{CastlingNotation, NumericMove};
use serde::Serialize;
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::game::numeric;

/// The slip that turns a legal move into what was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "slip")]
pub enum Slip {
    /// The legacy four-digit promotion (`6762` for `67682`).
    LegacyPromotion,
    /// A pawn reaching the last rank without the fifth digit.
    PromotionDigitMissing,
    /// Algebraic notation where numeric was expected, read in these
    /// languages.
    Algebraic {
        /// Language codes under which the text is this move.
        langs: Vec<String>,
    },
    /// Two neighbouring digits swapped (`5245` for `5254`).
    DigitsSwapped,
    /// From-square and to-square swapped (`5452` for `5254`).
    SquaresSwapped,
    /// One digit mistyped with a key next to the right one.
    NeighbourKey,
    /// One digit mistyped.
    DigitMistyped,
}

impl Slip {
    /// How likely the slip is: lower is likelier.
    fn cost(&self) -> u32 {
        match self {
            Slip::LegacyPromotion | Slip::Algebraic { .. } => 0,
            Slip::PromotionDigitMissing => 10,
            Slip::DigitsSwapped => 20,
            Slip::SquaresSwapped => 25,
            Slip::NeighbourKey => 30,
            Slip::DigitMistyped => 40,
        }
    }

    /// In words, for messages.
    pub fn describe(&self) -> String {
        match self {
            Slip::LegacyPromotion => "legacy four-digit promotion".into(),
            Slip::PromotionDigitMissing => "promotion digit missing".into(),
            Slip::Algebraic { langs } => format!("algebraic ({})", langs.join(" ")),
            Slip::DigitsSwapped => "two digits swapped".into(),
            Slip::SquaresSwapped => "from and to squares swapped".into(),
            Slip::NeighbourKey => "one digit mistyped (neighbouring key)".into(),
            Slip::DigitMistyped => "one digit mistyped".into(),
        }
    }
}

/// A legal move that an unclear text may mean.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The move in numeric notation.
    pub numeric: String,
    /// The move in SAN, for people.
    pub san: String,
    /// Why it may be meant.
    #[serde(flatten)]
    pub slip: Slip,
}

/// The digits of a move written in numeric notation, dashes and spaces
/// dropped (`52-54` is `5254`); `None` for any other text, castling typed
/// with zeros (`0-0`, `0-0-0+`) included: that is algebraic castling.
pub(crate) fn numeric_digits(written: &str) -> Option<String> {
    if matches!(written.trim_end_matches(['+', '#']), "0-0" | "0-0-0") {
        return None;
    }
    let digits: String = written
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .collect();
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

/// The legal moves `written` most likely means in `pos`, best first (at
/// most five).
///
/// ```
/// use iccf_corr::diagnose;
/// use shakmaty::Chess;
///
/// let best = &diagnose("5245", &Chess::default())[0];
/// assert_eq!((best.numeric.as_str(), best.slip.describe().as_str()), ("5254", "two digits swapped"));
/// ```
pub fn diagnose(written: &str, pos: &Chess) -> Vec<Suggestion> {
    let mut found: Vec<(Move, Slip)> = match numeric_digits(written) {
        Some(digits) => digit_slips(&digits, pos),
        None => algebraic_readings(written, pos),
    };
    found.sort_by_key(|(_, slip)| slip.cost());
    let mut seen = Vec::new();
    found.retain(|(m, _)| {
        !seen.contains(m) && {
            seen.push(*m);
            true
        }
    });
    found
        .into_iter()
        .take(5)
        .map(|(m, slip)| Suggestion {
            numeric: numeric(m).to_string(),
            san: San::from_move(pos, m).to_string(),
            slip,
        })
        .collect()
}

/// Every legal move one slip away from the digits written.
fn digit_slips(digits: &str, pos: &Chess) -> Vec<(Move, Slip)> {
    let mut found = Vec::new();
    if let Ok(written) = NumericMove::from_ascii_lenient(digits.as_bytes())
        && let Ok((m, Some(_))) = written.to_move_lenient(pos)
    {
        found.push((m, Slip::LegacyPromotion));
    }
    let written = digits.as_bytes();
    for m in pos.legal_moves() {
        let legal = numeric(m).to_string();
        if let Some(slip) = slip_between(written, legal.as_bytes()) {
            found.push((m, slip));
        }
    }
    // Promotion missing: queen (1) first, as the legal moves come in any order.
    found.sort_by_key(|(m, _)| m.promotion().map(iccf::promotion_digit));
    found
}

/// The single slip that makes `legal` read as `written`, if there is one.
fn slip_between(written: &[u8], legal: &[u8]) -> Option<Slip> {
    if written.len() == 4 && legal.len() == 5 {
        return (legal.starts_with(written)).then_some(Slip::PromotionDigitMissing);
    }
    if written.len() != legal.len() {
        return None;
    }
    let diffs: Vec<usize> = (0..written.len())
        .filter(|&i| written[i] != legal[i])
        .collect();
    match *diffs.as_slice() {
        [i] if keys_are_neighbours(written[i], legal[i]) => Some(Slip::NeighbourKey),
        [_] => Some(Slip::DigitMistyped),
        [i, j] if j == i + 1 && written[i] == legal[j] && written[j] == legal[i] => {
            Some(Slip::DigitsSwapped)
        }
        _ if written.len() >= 4 && written[..2] == legal[2..4] && written[2..4] == legal[..2] => {
            Some(Slip::SquaresSwapped)
        }
        _ => None,
    }
}

/// Keys next to each other on the keyboard's top row or the numeric keypad.
fn keys_are_neighbours(a: u8, b: u8) -> bool {
    let pad = |d: u8| -> (i8, i8) {
        match d {
            b'0' => (3, 0),
            b'1'..=b'9' => {
                let n = (d - b'1') as i8;
                (2 - n / 3, n % 3)
            }
            _ => (9, 9),
        }
    };
    let ((ra, ca), (rb, cb)) = (pad(a), pad(b));
    a.abs_diff(b) == 1 || ((ra - rb).abs() <= 1 && (ca - cb).abs() <= 1)
}

/// The moves `text` is under the piece letters of any language.
fn algebraic_readings(text: &str, pos: &Chess) -> Vec<(Move, Slip)> {
    let mut found: Vec<(Move, Slip)> = Vec::new();
    for lang in Lang::all() {
        let Ok(read) = read_move_in(text.as_bytes(), pos, lang) else {
            continue;
        };
        match found.iter_mut().find(|(m, _)| *m == read.m) {
            Some((_, Slip::Algebraic { langs })) => langs.push(lang.code().to_owned()),
            _ => found.push((
                read.m,
                Slip::Algebraic {
                    langs: vec![lang.code().to_owned()],
                },
            )),
        }
    }
    found
}

/// The nearest legal moves when no single slip explains the text.
pub(crate) fn nearest(written: &str, pos: &Chess) -> Vec<String> {
    NumericMove::from_ascii_lenient(written.as_bytes())
        .map(|n| n.nearest_legal(pos, CastlingNotation::KingToDestination, 3))
        .unwrap_or_default()
        .into_iter()
        .map(|n| n.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn best(written: &str, pos: &Chess) -> (String, Slip) {
        let first = diagnose(written, pos)
            .into_iter()
            .next()
            .expect("a suggestion");
        (first.numeric, first.slip)
    }

    #[test]
    fn two_digits_swapped() {
        assert_eq!(
            best("5245", &Chess::default()),
            ("5254".into(), Slip::DigitsSwapped)
        );
    }

    #[test]
    fn from_and_to_swapped() {
        assert_eq!(
            best("6371", &Chess::default()),
            ("7163".into(), Slip::SquaresSwapped)
        );
    }

    #[test]
    fn neighbouring_key_beats_other_typos() {
        // 8 and 6 touch on the numeric keypad (diagonally).
        assert_eq!(
            best("7183", &Chess::default()),
            ("7163".into(), Slip::NeighbourKey)
        );
        // 7 and 1 touch on neither keyboard.
        assert_eq!(
            best("7763", &Chess::default()),
            ("7163".into(), Slip::DigitMistyped)
        );
        // 2163 is one key from Nc3 (2133, 6 above 3) and one far key from Nf3.
        let both: Vec<_> = diagnose("2163", &Chess::default())
            .into_iter()
            .map(|s| (s.numeric, s.slip))
            .collect();
        assert_eq!(both[0], ("2133".into(), Slip::NeighbourKey));
        assert!(both[1..].contains(&("7163".into(), Slip::DigitMistyped)));
    }

    #[test]
    fn promotion_digit_missing_suggests_the_queen_first() {
        let pos = position("8/2P5/8/8/8/8/8/k6K w - - 0 1");
        let all = diagnose("3738", &pos);
        assert_eq!(all[0].numeric, "37381");
        assert_eq!(all[0].slip, Slip::PromotionDigitMissing);
        assert_eq!(all.len(), 4);
    }

    #[test]
    fn legacy_promotion() {
        let pos = position("8/5P2/8/8/8/8/8/k6K w - - 0 1");
        assert_eq!(best("6762", &pos), ("67682".into(), Slip::LegacyPromotion));
    }

    #[test]
    fn algebraic_in_another_language() {
        let (numeric, slip) = best("Sf3", &Chess::default());
        assert_eq!(numeric, "7163");
        let Slip::Algebraic { langs } = slip else {
            panic!("{slip:?}")
        };
        assert!(langs.contains(&"de".to_owned()));
        assert_eq!(best("Кf3", &Chess::default()).0, "7163");
    }
}
