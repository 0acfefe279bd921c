//! Reading one move written in any notation iccf knows, against a position.

use core::fmt;

use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, File, Move, Position, Rank, Role, Square};

use crate::lang::Lang;
use crate::localized::{parse_ascii_san, parse_san, to_move_lenient};
use crate::plain::read_plain;
use crate::{CastlingNotation, MoveFormat, Notation, NumericMove, role_name};

/// The notation a move was written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// ICCF numeric.
    Numeric,
    /// Standard algebraic.
    San,
    /// Long algebraic (`Ng1-f3`, `e2-e4`).
    Lan,
    /// UCI coordinates (`g1f3`).
    Uci,
}

impl Syntax {
    /// The name used in reports and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Syntax::Numeric => "numeric",
            Syntax::San => "san",
            Syntax::Lan => "lan",
            Syntax::Uci => "uci",
        }
    }
}

/// A move read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move.
    pub m: Move,
    /// How it was written.
    pub syntax: Syntax,
    /// Read, but not written as it should be (a legacy promotion).
    pub warning: Option<String>,
}

/// Reads a move in numeric, UCI, long algebraic or SAN, whichever it is,
/// and checks that it is legal in `pos`.
///
/// Numeric moves are read leniently (separators, the legacy four-digit
/// promotion, with a warning).
///
/// # Errors
///
/// [`ReadMoveError`] saying why the text is not a legal move here; for a
/// numeric move it lists the nearest legal moves.
///
/// # Examples
///
/// ```
/// use iccf::read::{Syntax, read_move};
/// use shakmaty::Chess;
///
/// let pos = Chess::default();
/// for text in ["5254", "e4", "e2-e4", "e2e4"] {
///     let read = read_move(text.as_bytes(), &pos)?;
///     assert_eq!(read.m.to(), shakmaty::Square::E4);
/// }
/// assert_eq!(read_move(b"52-54", &pos)?.syntax, Syntax::Numeric);
/// # Ok::<_, iccf::read::ReadMoveError>(())
/// ```
pub fn read_move(text: &[u8], pos: &Chess) -> Result<ReadMove, ReadMoveError> {
    read_move_in(text, pos, Lang::En)
}

/// Like [`read_move()`], with algebraic moves written in the piece letters
/// of `lang` (figurines are read in every language).
///
/// # Errors
///
/// [`ReadMoveError`] as for [`read_move()`].
///
/// # Examples
///
/// ```
/// use iccf::{lang::Lang, read::read_move_in};
/// use shakmaty::{Chess, Square};
///
/// let pos = Chess::default();
/// assert_eq!(read_move_in("Sf3".as_bytes(), &pos, Lang::De)?.m.to(), Square::F3);
/// assert_eq!(read_move_in("♘f3".as_bytes(), &pos, Lang::Fr)?.m.to(), Square::F3);
/// # Ok::<_, iccf::read::ReadMoveError>(())
/// ```
#[inline]
pub fn read_move_in(text: &[u8], pos: &Chess, lang: Lang) -> Result<ReadMove, ReadMoveError> {
    if let Some((m, syntax)) = read_plain(text, pos, lang) {
        return Ok(ReadMove {
            m,
            syntax,
            warning: None,
        });
    }
    read_general(text, pos, lang)
}

/// [`read_move_in()`] without the shortcut for plain moves, whose answers
/// must equal these.
pub(crate) fn read_general(
    text: &[u8],
    pos: &Chess,
    lang: Lang,
) -> Result<ReadMove, ReadMoveError> {
    let syntax = guess_syntax(text);
    read_as(text, syntax, pos, lang).map_err(|message| ReadMoveError { syntax, message })
}

/// Why a text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMoveError {
    /// The notation the text looked like.
    pub syntax: Syntax,
    message: String,
}

impl fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadMoveError {}

fn read_as(text: &[u8], syntax: Syntax, pos: &Chess, lang: Lang) -> Result<ReadMove, String> {
    let plain = |m| {
        Ok(ReadMove {
            m,
            syntax,
            warning: None,
        })
    };
    match syntax {
        Syntax::Numeric => {
            let n = NumericMove::from_ascii_lenient(text).map_err(|err| err.to_string())?;
            match n.to_move_lenient(pos) {
                Ok((m, legacy)) => Ok(ReadMove {
                    m,
                    syntax,
                    warning: legacy.map(|l| l.to_string()),
                }),
                Err(err) => {
                    let near = n.nearest_legal(pos, CastlingNotation::KingTakesRook, 3);
                    let mut message = err.to_string();
                    if !near.is_empty() {
                        message.push_str("; nearest legal: ");
                        let near: Vec<String> = near.iter().map(ToString::to_string).collect();
                        message.push_str(&near.join(", "));
                    }
                    Err(message)
                }
            }
        }
        Syntax::Uci => {
            let lower = text.to_ascii_lowercase();
            let uci = UciMove::from_ascii(&lower).map_err(|_| "not a UCI move".to_owned())?;
            match uci.to_move(pos) {
                Ok(m) => plain(m),
                Err(_) => Err("illegal move".to_owned()),
            }
        }
        // Other languages' long forms (`Sg1-f3`) are read as SAN below.
        Syntax::Lan if lang == Lang::En => {
            let lan = parse_lan(text).ok_or_else(|| "not a long algebraic move".to_owned())?;
            match lan.uci.to_move(pos) {
                Ok(m) if m.role() == lan.role => plain(m),
                Ok(m) => Err(format!(
                    "the piece on {} is a {}, not a {}",
                    m.from().map(|s| s.to_string()).unwrap_or_default(),
                    role_name(m.role()),
                    role_name(lan.role)
                )),
                Err(_) => Err("illegal move".to_owned()),
            }
        }
        Syntax::San | Syntax::Lan => {
            // The common case first: plain English SAN, as parse_san reads it.
            let fast = (lang == Lang::En && text.is_ascii())
                .then(|| parse_ascii_san(text))
                .flatten();
            let san = match fast {
                Some(san_plus) => san_plus.san,
                None => {
                    let text =
                        core::str::from_utf8(text).map_err(|_| "not valid UTF-8".to_owned())?;
                    parse_san(text, lang).map_err(|err| err.to_string())?
                }
            };
            match to_move_lenient(san, pos) {
                Ok(m) => plain(m),
                Err(err) => Err(explain_san(san, err, pos)),
            }
        }
    }
}

/// Decides how a move token is written from its shape alone: digits are
/// numeric, two squares are UCI, two squares with a separator long
/// algebraic, anything else SAN.
pub fn guess_syntax(text: &[u8]) -> Syntax {
    match text {
        [b'1'..=b'8', ..] if text.iter().all(|c| c.is_ascii_digit() || *c == b'-') => {
            Syntax::Numeric
        }
        [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
        | [
            b'a'..=b'h',
            b'1'..=b'8',
            b'a'..=b'h',
            b'1'..=b'8',
            b'q' | b'r' | b'b' | b'n' | b'Q' | b'R' | b'B' | b'N',
        ] => Syntax::Uci,
        _ if could_be_lan(text) && parse_lan(text).is_some() => Syntax::Lan,
        _ => Syntax::San,
    }
}

/// A cheap test that [`parse_lan`] fails without it: long algebraic has a
/// separator after the from-square. Most SAN tokens stop here.
fn could_be_lan(text: &[u8]) -> bool {
    let piece = usize::from(matches!(
        text.first(),
        Some(b'K' | b'Q' | b'R' | b'B' | b'N')
    ));
    text.len() >= piece + 5 && matches!(text[piece + 2], b'-' | b'x' | b':')
}

/// A long algebraic move: its piece and squares.
struct Lan {
    role: Role,
    uci: UciMove,
}

/// `e2-e4`, `Ng1-f3`, `Bb5xc6+`, `e7-e8=Q`.
fn parse_lan(text: &[u8]) -> Option<Lan> {
    let (role, rest) = match text.first()? {
        b'K' => (Role::King, &text[1..]),
        b'Q' => (Role::Queen, &text[1..]),
        b'R' => (Role::Rook, &text[1..]),
        b'B' => (Role::Bishop, &text[1..]),
        b'N' => (Role::Knight, &text[1..]),
        _ => (Role::Pawn, text),
    };
    let rest = rest
        .strip_suffix(b"#")
        .or_else(|| rest.strip_suffix(b"++"))
        .or_else(|| rest.strip_suffix(b"+"))
        .unwrap_or(rest);
    let [
        ff @ b'a'..=b'h',
        fr @ b'1'..=b'8',
        b'-' | b'x' | b':',
        tf @ b'a'..=b'h',
        tr @ b'1'..=b'8',
        promo @ ..,
    ] = rest
    else {
        return None;
    };
    let promotion = match promo {
        [] => None,
        [b'=', p] | [p] => Some(Role::from_char(char::from(*p).to_ascii_lowercase())?),
        _ => return None,
    };
    let square = |f: u8, r: u8| {
        Square::from_coords(
            File::new(u32::from(f - b'a')),
            Rank::new(u32::from(r - b'1')),
        )
    };
    Some(Lan {
        role,
        uci: UciMove::Normal {
            from: square(*ff, *fr),
            to: square(*tf, *tr),
            promotion,
        },
    })
}

/// Says why a SAN move does not fit the position.
fn explain_san(san: San, err: SanError, pos: &Chess) -> String {
    let side = pos.turn();
    match (san, err) {
        (San::Put { .. }, _) => "piece drops (Crazyhouse) have no numeric notation".to_owned(),
        (San::Null, _) => "null move in a position where it cannot be played".to_owned(),
        (San::Castle(_), _) => format!("{side} cannot castle that way now"),
        (_, SanError::AmbiguousSan) => {
            let legal = pos.legal_moves();
            let mut candidates: Vec<String> = legal
                .iter()
                .filter(|m| san.matches(**m))
                .map(|m| {
                    let mut buf = Vec::new();
                    MoveFormat::new(Notation::Lan).append(&mut buf, pos, *m, None);
                    String::from_utf8_lossy(&buf).into_owned()
                })
                .collect();
            candidates.sort();
            format!("ambiguous: could be {}", candidates.join(" or "))
        }
        (San::Normal { role, to, .. }, _) => {
            format!("no {side} {} can move to {to}", role_name(role))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(text: &str, pos: &Chess) -> String {
        match read_move(text.as_bytes(), pos) {
            Ok(read) => panic!("{text} read as {:?}", read.m),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn every_syntax_reads_the_same_move() {
        let pos = Chess::default();
        for (text, syntax) in [
            ("7163", Syntax::Numeric),
            ("71-63", Syntax::Numeric),
            ("Nf3", Syntax::San),
            ("Ng1-f3", Syntax::Lan),
            ("g1f3", Syntax::Uci),
        ] {
            let read = read_move(text.as_bytes(), &pos).unwrap();
            assert_eq!(
                (read.m.from(), read.m.to(), read.syntax),
                (Some(Square::G1), Square::F3, syntax),
                "{text}"
            );
        }
    }

    #[test]
    fn castling_with_zeros_and_letters() {
        let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        for text in ["O-O", "0-0", "5171", "e1g1", "O-O+"] {
            assert!(
                read_move(text.as_bytes(), &pos).unwrap().m.is_castle(),
                "{text}"
            );
        }
        for text in ["O-O-O", "0-0-0", "5131", "e1c1"] {
            assert!(
                read_move(text.as_bytes(), &pos).unwrap().m.is_castle(),
                "{text}"
            );
        }
    }

    #[test]
    fn errors_say_why() {
        let pos = Chess::default();
        assert_eq!(msg("Nd4", &pos), "no white knight can move to d4");
        assert_eq!(msg("Ke1-e2", &pos), "illegal move");
        assert_eq!(msg("Qd1-d3", &pos), "illegal move");
        assert_eq!(msg("Nb1-c4", &pos), "illegal move");
        assert_eq!(
            msg("Bb1-c3", &pos),
            "the piece on b1 is a knight, not a bishop"
        );
        assert_eq!(msg("xyz", &pos), "missing destination square");
        assert_eq!(
            msg("5245", &pos),
            "the white pawn on e2 cannot move to d5; nearest legal: 5254, 4243, 4244"
        );
        let pos: Chess = "4k3/8/8/8/8/8/8/N3K2N w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(msg("Nc3", &pos), "no white knight can move to c3");
        let pos: Chess = "4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(msg("Nd2", &pos), "ambiguous: could be Nb1-d2 or Nf1-d2");
    }

    #[test]
    fn never_panics_on_odd_tokens() {
        let pos = Chess::default();
        for text in [
            "", "-", "--", "Z0", "0000", "1", "99999", "e9e4", "Ka9", "@", "\u{fffd}", "e2-e9",
            "e7e8x",
        ] {
            let _ = read_move(text.as_bytes(), &pos);
        }
    }
}
