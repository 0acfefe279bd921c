//! One move in every notation: numeric, SAN, long algebraic and UCI.

use core::fmt;
use core::str::FromStr;

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Move, MoveList, Position, Role, attacks};

use crate::lang::Lang;
use crate::localized::{write_figurine, write_san};
use crate::{CastlingNotation, NumericMove};

/// A way of writing moves, and the way a move was read in (see the
/// [`read`](crate::read) module for how notation, [`Lang`] and figurines
/// relate).
///
/// Its [`name`](Notation::name) is what the command line takes and JSON
/// writes.
///
/// # Examples
///
/// ```
/// use iccf::Notation;
///
/// let n: Notation = "figurine".parse()?;
/// assert_eq!(n, Notation::Figurine);
/// assert_eq!(Notation::San.to_string(), "san");
/// # Ok::<_, iccf::ParseNotationError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCF numeric: `5254`, `67682`, `5171`.
    Numeric,
    /// Standard Algebraic Notation with English letters: `e4`, `Nf3`, `O-O`.
    San,
    /// Long algebraic: `e2-e4`, `Ng1-f3`, `Bb5xc6`, `O-O`.
    Lan,
    /// UCI: `e2e4`, `e7e8q`, castling as the king's move in standard chess
    /// and as king takes rook in Chess960.
    Uci,
    /// SAN with figurines for the pieces: `♘f3`, `♝b4`.
    Figurine,
}

impl Notation {
    /// Every notation, in the order `iccf move` shows them.
    pub const ALL: [Notation; 5] = [
        Notation::Numeric,
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Figurine,
    ];

    /// The name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Numeric => "numeric",
            Notation::San => "san",
            Notation::Lan => "lan",
            Notation::Uci => "uci",
            Notation::Figurine => "figurine",
        }
    }

    /// Whether the check or mate mark is written, so whether the caller
    /// must compute it.
    pub const fn has_suffix(self) -> bool {
        matches!(self, Notation::San | Notation::Lan | Notation::Figurine)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(s: &str) -> Result<Notation, ParseNotationError> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or(ParseNotationError)
    }
}

/// The name is none of `numeric`, `san`, `lan`, `uci`, `figurine`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError;

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown notation: use numeric, san, lan, uci or figurine")
    }
}

impl std::error::Error for ParseNotationError {}

/// How moves are written: the notation, the piece letters and Chess960
/// castling.
///
/// # Examples
///
/// ```
/// use iccf::{MoveFormat, Notation, lang::Lang};
/// use shakmaty::{Chess, Move, Role, Square};
///
/// let pos = Chess::default();
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// let mut buf = Vec::new();
/// for notation in Notation::ALL {
///     MoveFormat::new(notation).append(&mut buf, &pos, m, None);
///     buf.push(b' ');
/// }
/// MoveFormat { lang: Lang::De, ..MoveFormat::new(Notation::San) }.append(&mut buf, &pos, m, None);
/// assert_eq!(String::from_utf8(buf).unwrap(), "7163 Nf3 Ng1-f3 g1f3 ♘f3 Sf3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveFormat {
    /// The notation.
    pub notation: Notation,
    /// The piece letters of SAN and long algebraic.
    pub lang: Lang,
    /// Numeric castling in Chess960 games; standard chess always writes the
    /// ICCF king move.
    pub chess960_castling: CastlingNotation,
}

impl MoveFormat {
    /// `notation` with English letters and Chess960 castling as king takes
    /// rook.
    pub const fn new(notation: Notation) -> MoveFormat {
        MoveFormat {
            notation,
            lang: Lang::En,
            chess960_castling: CastlingNotation::KingTakesRook,
        }
    }

    /// Appends legal move `m`, played in `pos`, to `buf`.
    ///
    /// `suffix` is the check or mate mark of the position after the move;
    /// only the algebraic notations write it (see
    /// [`Notation::has_suffix()`]), so the caller need not compute it for
    /// the others.
    #[inline(always)]
    pub fn append<P: Position>(&self, buf: &mut Vec<u8>, pos: &P, m: Move, suffix: Option<Suffix>) {
        // The common case, inlined into the caller's loop: a numeric move
        // that is not castling needs no position.
        if self.notation == Notation::Numeric {
            let plain = match m {
                Move::Normal {
                    from,
                    to,
                    promotion,
                    ..
                } => Some((from, to, promotion)),
                Move::EnPassant { from, to } => Some((from, to, None)),
                Move::Castle { .. } | Move::Put { .. } => None,
            };
            if let Some((from, to, promotion)) = plain {
                NumericMove {
                    from,
                    to,
                    promotion,
                }
                .append_to(buf);
                return;
            }
        }
        self.append_any(buf, pos, m, suffix);
    }

    fn append_any<P: Position>(&self, buf: &mut Vec<u8>, pos: &P, m: Move, suffix: Option<Suffix>) {
        match self.notation {
            Notation::Numeric => {
                let castling =
                    CastlingNotation::for_mode(pos.castles().mode(), self.chess960_castling);
                // Drops never reach here: their games are refused before.
                if let Ok(n) = NumericMove::from_move(m, castling) {
                    n.append_to(buf);
                }
            }
            Notation::San if self.lang == Lang::En => {
                san_of(pos, m).append_ascii_to(buf);
                append_suffix(buf, suffix);
            }
            Notation::San | Notation::Figurine => {
                let san = SanPlus {
                    san: san_of(pos, m),
                    suffix,
                };
                let mut text = String::new();
                if self.notation == Notation::Figurine {
                    write_figurine(&mut text, &san, pos.turn());
                } else {
                    write_san(&mut text, &san, self.lang);
                }
                buf.extend_from_slice(text.as_bytes());
            }
            Notation::Lan => {
                append_lan(buf, m, self.lang);
                append_suffix(buf, suffix);
            }
            Notation::Uci => {
                m.to_uci(pos.castles().mode()).append_ascii_to(buf);
            }
        }
    }
}

/// [`San::from_move`], without its list of the legal moves of the piece
/// when no other piece of the same kind attacks the square: then no move
/// can need telling apart, as shakmaty would find from the list.
fn san_of<P: Position>(pos: &P, m: Move) -> San {
    if let Move::Normal { role, from, to, .. } = m
        && role != Role::Pawn
    {
        let occupied = pos.board().occupied();
        let others = attacks::attacks(to, role.of(pos.turn()), occupied) & pos.our(role);
        if others.without(from).is_empty() {
            return San::disambiguate(m, &MoveList::new());
        }
    }
    San::from_move(pos, m)
}

fn append_suffix(buf: &mut Vec<u8>, suffix: Option<Suffix>) {
    match suffix {
        Some(Suffix::Check) => buf.push(b'+'),
        Some(Suffix::Checkmate) => buf.push(b'#'),
        None => {}
    }
}

/// Long algebraic notation of `m` in the letters of `lang`, without a
/// check mark.
pub(crate) fn append_lan(buf: &mut Vec<u8>, m: Move, lang: Lang) {
    match m {
        Move::Castle { king, rook } => {
            buf.extend_from_slice(if rook < king { b"O-O-O" } else { b"O-O" })
        }
        Move::Put { role, to } => {
            buf.extend_from_slice(lang.piece_letter(role).as_bytes());
            buf.push(b'@');
            to.append_ascii_to(buf);
        }
        Move::Normal { .. } | Move::EnPassant { .. } => {
            if m.role() != Role::Pawn {
                buf.extend_from_slice(lang.piece_letter(m.role()).as_bytes());
            }
            if let Some(from) = m.from() {
                from.append_ascii_to(buf);
            }
            buf.push(if m.is_capture() { b'x' } else { b'-' });
            m.to().append_ascii_to(buf);
            if let Some(p) = m.promotion() {
                buf.push(b'=');
                buf.extend_from_slice(lang.piece_letter(p).as_bytes());
            }
        }
    }
}

/// Describes a move in words, for people: `pawn e2-e4`, `knight g1-f3`,
/// `king e1-g1, castling short`, `pawn e5xd6 en passant`,
/// `pawn f7-f8 promoting to a rook`.
///
/// # Examples
///
/// ```
/// use iccf::describe_move;
/// use shakmaty::{Move, Square};
///
/// let m = Move::Castle { king: Square::E8, rook: Square::A8 };
/// assert_eq!(describe_move(m), "king e8-c8, castling long");
/// ```
pub fn describe_move(m: Move) -> String {
    match m {
        Move::Castle { king, rook } => {
            let side = if rook < king {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            let to = shakmaty::Square::from_coords(side.king_to_file(), king.rank());
            format!(
                "king {king}-{to}, castling {}",
                match side {
                    CastlingSide::KingSide => "short",
                    CastlingSide::QueenSide => "long",
                }
            )
        }
        Move::Put { role, to } => format!("{} dropped on {to}", role_name(role)),
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut s = format!(
                "{} {from}{}{to}",
                role_name(role),
                if capture.is_some() { 'x' } else { '-' }
            );
            if let Some(p) = promotion {
                s.push_str(" promoting to a ");
                s.push_str(role_name(p));
            }
            s
        }
        Move::EnPassant { from, to } => format!("pawn {from}x{to} en passant"),
    }
}

/// The English name of a piece, lowercase: `pawn`, `knight`, …
pub const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Square};

    use super::*;

    fn all_forms(pos: &Chess, m: Move) -> Vec<String> {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let suffix = Suffix::from_position(&after);
        Notation::ALL
            .iter()
            .map(|&n| {
                let mut buf = Vec::new();
                MoveFormat::new(n).append(&mut buf, pos, m, suffix);
                String::from_utf8(buf).unwrap()
            })
            .collect()
    }

    #[test]
    fn promotion_with_check_in_every_notation() {
        let pos: Chess = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture: None,
            to: Square::B8,
            promotion: Some(Role::Queen),
        };
        assert_eq!(
            all_forms(&pos, m),
            ["27281", "b8=Q+", "b7-b8=Q+", "b7b8q", "b8=♕+"]
        );
        assert_eq!(describe_move(m), "pawn b7-b8 promoting to a queen");
    }

    #[test]
    fn castling_in_every_notation() {
        let pos: Chess = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(all_forms(&pos, m), ["5171", "O-O", "O-O", "e1g1", "O-O"]);
        assert_eq!(describe_move(m), "king e1-g1, castling short");
    }

    #[test]
    fn notation_names_parse_back() {
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>(), Ok(n));
        }
        assert!("smith".parse::<Notation>().is_err());
    }

    /// `san_of` skips shakmaty's move list only where it changes nothing:
    /// every legal move of every position of 300 random games.
    #[test]
    fn san_of_is_san_from_move() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as usize
        };
        let mut checked = 0;
        for _ in 0..300 {
            let mut pos = Chess::default();
            for _ in 0..next() % 200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    assert_eq!(san_of(&pos, m), San::from_move(&pos, m), "{m:?} in {pos:?}");
                    checked += 1;
                }
                pos.play_unchecked(moves[next() % moves.len()]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
