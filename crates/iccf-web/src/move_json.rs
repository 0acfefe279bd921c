//! One move as the page shows it: numeric, SAN, UCI, the chosen notation,
//! and its squares for highlighting.

use iccf::{MoveFormat, MoveNumber, Notation, NumericSquare};
use serde::Serialize;
use shakmaty::san::Suffix;
use shakmaty::{Chess, Move, Position, Square};

/// A move written every way the page needs.
#[derive(Clone, Debug, Serialize)]
pub struct MoveJson {
    /// Its number before it: `1.` or `1...`.
    pub number: String,
    /// ICCF numeric: `5254`.
    pub numeric: String,
    /// SAN with English letters: `e4`.
    pub san: String,
    /// UCI: `e2e4`.
    pub uci: String,
    /// In the notation and language asked for.
    pub text: String,
    /// The square it leaves, numeric (`52`).
    pub from: String,
    /// The square it reaches, numeric (`54`); the king's square for castling.
    pub to: String,
    /// The promotion digit, 1 = queen … 4 = knight.
    pub promotion: Option<u8>,
}

impl MoveJson {
    /// `m`, legal in `pos`, written in numeric, SAN, UCI and `shown`.
    pub fn new(pos: &Chess, m: Move, shown: MoveFormat) -> MoveJson {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let suffix = Suffix::from_position(&after);
        let write = |format: MoveFormat| {
            let mut buf = Vec::new();
            format.append(&mut buf, pos, m, suffix);
            String::from_utf8_lossy(&buf).into_owned()
        };
        let numeric = write(MoveFormat::new(Notation::Numeric));
        let from = m.from().map_or_else(String::new, square);
        MoveJson {
            number: MoveNumber::from_position(pos).to_string(),
            to: numeric_to(&numeric),
            promotion: numeric.as_bytes().get(4).map(|d| d - b'0'),
            san: write(MoveFormat::new(Notation::San)),
            uci: write(MoveFormat::new(Notation::Uci)),
            text: write(shown),
            numeric,
            from,
        }
    }
}

impl MoveJson {
    /// A null move (`--`) in `pos`: no squares.
    pub fn null(pos: &Chess) -> MoveJson {
        MoveJson {
            number: MoveNumber::from_position(pos).to_string(),
            numeric: "--".into(),
            san: "--".into(),
            uci: "0000".into(),
            text: "--".into(),
            from: String::new(),
            to: String::new(),
            promotion: None,
        }
    }
}

/// A square's two digits.
pub fn square(sq: Square) -> String {
    NumericSquare::from(sq).to_string()
}

/// The to-square of a numeric move: its third and fourth digits (castling
/// is written as the king's move, so this is where the king lands).
fn numeric_to(numeric: &str) -> String {
    numeric.get(2..4).unwrap_or_default().to_owned()
}
