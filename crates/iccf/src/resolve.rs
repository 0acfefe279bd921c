//! Resolving numeric moves against a position: numeric → [`Move`] (castling
//! as the king's move, en passant, the legacy four-digit promotion, and why a
//! move is illegal: [`IllegalMoveError`]) and [`Move`] → numeric
//! ([`CastlingNotation`] for Chess960), and the nearest legal moves to a typo.
//!
//! [`NumericMove`] itself, the syntax, lives in `numeric.rs`.

use core::fmt;

use shakmaty::uci::UciMove;
use shakmaty::{
    CastlingMode, CastlingSide, Color, EnPassantMode, File, Move, Piece, Position, Rank, Role,
    Square, attacks,
};

use crate::NumericMove;
use crate::notation::role_name;
use crate::numeric::promotion_digit;

/// How castling is written in numeric notation.
///
/// ICCF defines castling as the king's move (`5171`, `5131`, `5878`,
/// `5838`), which is what standard chess always uses. No ICCF text covers
/// Chess960, where "king to g1" can be ambiguous (a king on b1 castling long
/// to c1 is also Kb1-c1) or no move at all (a king already on g1). There
/// iccf writes king takes own rook by default, as UCI's Chess960 mode does,
/// which is unambiguous because a king never moves onto its own piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// King to its destination square (g or c file): the ICCF standard.
    #[default]
    KingToDestination,
    /// King to its own rook's square (Chess960 only).
    KingTakesRook,
}

impl CastlingNotation {
    /// The notation to write in a game with `mode`: standard chess always
    /// uses the ICCF king move, Chess960 uses `chess960`.
    ///
    /// ```
    /// use iccf::CastlingNotation;
    /// use shakmaty::CastlingMode;
    ///
    /// let chess960 = CastlingNotation::KingTakesRook;
    /// assert_eq!(
    ///     CastlingNotation::for_mode(CastlingMode::Standard, chess960),
    ///     CastlingNotation::KingToDestination
    /// );
    /// assert_eq!(CastlingNotation::for_mode(CastlingMode::Chess960, chess960), chess960);
    /// ```
    pub fn for_mode(mode: CastlingMode, chess960: CastlingNotation) -> CastlingNotation {
        match mode {
            CastlingMode::Standard => CastlingNotation::KingToDestination,
            CastlingMode::Chess960 => chess960,
        }
    }
}

impl NumericMove {
    /// The numeric form of a legal move.
    ///
    /// # Errors
    ///
    /// [`FromMoveError`] for a piece drop (Crazyhouse), which numeric
    /// notation cannot express.
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::{CastlingNotation, NumericMove};
    /// use shakmaty::{Move, Square};
    ///
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// let m = NumericMove::from_move(castle, CastlingNotation::KingToDestination)?;
    /// assert_eq!(m.to_string(), "5171");
    /// # Ok::<_, iccf::FromMoveError>(())
    /// ```
    pub fn from_move(m: Move, castling: CastlingNotation) -> Result<NumericMove, FromMoveError> {
        match m {
            Move::Castle { king, rook } => Ok(NumericMove {
                from: king,
                to: match castling {
                    CastlingNotation::KingToDestination => castle_destination(king, rook),
                    CastlingNotation::KingTakesRook => rook,
                },
                promotion: None,
            }),
            _ => NumericMove::of_plain(m).ok_or(FromMoveError),
        }
    }

    /// The numeric form of legal move `m` when it needs no position:
    /// every move but castling (whose numeric form depends on the
    /// castling notation of Chess960) and a piece put on the board.
    ///
    /// ```
    /// use iccf::NumericMove;
    /// use shakmaty::{Move, Role, Square};
    ///
    /// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// assert_eq!(NumericMove::of_plain(e4).map(|m| m.to_string()).as_deref(), Some("5254"));
    /// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    /// assert_eq!(NumericMove::of_plain(castle), None);
    /// ```
    #[inline]
    pub fn of_plain(m: Move) -> Option<NumericMove> {
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => Some(NumericMove {
                from,
                to,
                promotion,
            }),
            Move::EnPassant { from, to } => Some(NumericMove {
                from,
                to,
                promotion: None,
            }),
            Move::Castle { .. } | Move::Put { .. } => None,
        }
    }

    /// Resolves a standard numeric move in `pos`.
    ///
    /// Castling is the king's move; in Chess960 both king takes rook and
    /// king to destination are read, the latter only where it cannot be
    /// another king move. A pawn reaching the last rank needs the fifth digit.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`], whose message says why the move cannot be played.
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::NumericMove;
    /// use shakmaty::{Chess, Move, Position, Role, Square};
    ///
    /// let pos = Chess::default();
    /// let m = "5254".parse::<NumericMove>()?.to_move(&pos)?;
    /// assert_eq!(m.role(), Role::Pawn);
    /// assert_eq!(m.to(), Square::E4);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move<P: Position>(self, pos: &P) -> Result<Move, IllegalMoveError> {
        self.resolve(pos, false).map(|(m, _)| m)
    }

    /// Like [`NumericMove::to_move()`], but also reads the legacy four-digit
    /// promotion (`6762` for f7-f8=R: from-square, destination file, piece),
    /// which only a position can tell from a plain move. When that reading
    /// was used, the standard form comes back as a warning.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] as for [`NumericMove::to_move()`].
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::NumericMove;
    /// use shakmaty::{Chess, fen::Fen, CastlingMode, Role};
    ///
    /// let pos: Chess = "8/5P2/8/8/8/8/8/k6K w - - 0 1"
    ///     .parse::<Fen>()?
    ///     .into_position(CastlingMode::Standard)?;
    /// let (m, warning) = NumericMove::from_ascii_lenient(b"6762")?.to_move_lenient(&pos)?;
    /// assert_eq!(m.promotion(), Some(Role::Rook));
    /// assert!(warning.is_some());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move_lenient<P: Position>(
        self,
        pos: &P,
    ) -> Result<(Move, Option<LegacyPromotion>), IllegalMoveError> {
        self.resolve(pos, true)
    }

    fn resolve<P: Position>(
        self,
        pos: &P,
        lenient: bool,
    ) -> Result<(Move, Option<LegacyPromotion>), IllegalMoveError> {
        let board = pos.board();
        let us = pos.turn();
        let role = board.role_at(self.from);
        let ours = board.by_color(us).contains(self.from);

        if lenient
            && ours
            && role == Some(Role::Pawn)
            && self.promotion.is_none()
            && let Some(standard) = self.legacy_promotion(us)
        {
            return standard
                .resolve(pos, false)
                .map(|(m, _)| {
                    (
                        m,
                        Some(LegacyPromotion {
                            written: self,
                            standard,
                        }),
                    )
                })
                .map_err(|err| err.written_as(self));
        }

        if ours
            && role == Some(Role::King)
            && let Some(m) = self.castling(pos)?
        {
            return Ok((m, None));
        }

        let uci = UciMove::Normal {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        };
        match uci.to_move(pos) {
            // UciMove reads e1h1 as castling in standard chess too; ICCF
            // writes the king's destination there, so that is not accepted.
            Ok(m @ Move::Castle { .. }) if pos.castles().mode() == CastlingMode::Standard => {
                Err(self.error(pos, IllegalReason::CastlingNotation(castling_side(m))))
            }
            // Castling handled above; anything else from the king square that
            // UciMove turned into castling would be a king-takes-rook that
            // castling() rejected.
            Ok(m) => Ok((m, None)),
            Err(_) => Err(self.error(pos, self.diagnose(pos))),
        }
    }

    /// The standard reading of a legacy four-digit promotion, if this move
    /// is one: a pawn on its seventh rank cannot move to ranks 1-4 of its
    /// own file, so there the last digit must be the piece.
    fn legacy_promotion(self, us: Color) -> Option<NumericMove> {
        let seventh = us.fold_wb(Rank::Seventh, Rank::Second);
        let last = us.fold_wb(Rank::Eighth, Rank::First);
        if self.from.rank() != seventh || self.to.rank() == last {
            return None;
        }
        // The rank digit as written is the promotion digit.
        let [_, digit] = crate::NumericSquare::from(self.to).digits();
        let role = crate::numeric::role_from_digit(digit).ok()?;
        Some(NumericMove {
            from: self.from,
            to: Square::from_coords(self.to.file(), last),
            promotion: Some(role),
        })
    }

    /// Castling written as a king move, or `None` if it is a plain king move.
    fn castling<P: Position>(self, pos: &P) -> Result<Option<Move>, IllegalMoveError> {
        let castles = pos.castles();
        let us = pos.turn();
        let mut castle = None;
        // King takes own rook is castling with that rook, whatever the other
        // side's destination: in Chess960 the rook can stand there (king b8,
        // rooks a8 and c8: `2838` is O-O, never O-O-O).
        let by_rook_side = [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .find(|&side| {
                castles.mode() == CastlingMode::Chess960 && castles.rook(us, side) == Some(self.to)
            });
        let sides: &[CastlingSide] = match by_rook_side {
            Some(CastlingSide::KingSide) => &[CastlingSide::KingSide],
            Some(CastlingSide::QueenSide) => &[CastlingSide::QueenSide],
            None => &[CastlingSide::KingSide, CastlingSide::QueenSide],
        };
        for &side in sides {
            let Some(rook) = castles.rook(us, side) else {
                continue;
            };
            let m = Move::Castle {
                king: self.from,
                rook,
            };
            let destination = castle_destination(self.from, rook);
            let by_rook = castles.mode() == CastlingMode::Chess960 && self.to == rook;
            if by_rook || self.to == destination {
                // Chess960: king to destination that is also a plain king
                // move is that king move, which has no other numeric form
                // (iccf writes castling as king takes rook by default, so
                // its own output reads back). shakmaty's candidates for one
                // piece and square, and its castling moves of one side, are
                // the legal moves that matter here, without generating all.
                if !by_rook
                    && castles.mode() == CastlingMode::Chess960
                    && pos.san_candidates(Role::King, self.to).iter().any(|other| {
                        matches!(other, Move::Normal { from, to, .. } if *from == self.from && *to == self.to)
                    })
                {
                    return Ok(None);
                }
                if !pos.castling_moves(side).contains(&m) {
                    return Err(self.error(pos, IllegalReason::CannotCastle(side)));
                }
                castle = Some(m);
            }
        }
        Ok(castle)
    }

    /// Explains why no legal move matches; only called on the error path.
    fn diagnose<P: Position>(self, pos: &P) -> IllegalReason {
        let board = pos.board();
        let Some(piece) = board.piece_at(self.from) else {
            return IllegalReason::Empty;
        };
        if piece.color != pos.turn() {
            return IllegalReason::WrongColor(piece.role);
        }
        if self.from == self.to {
            return IllegalReason::SameSquare;
        }
        // King takes own rook is how castling is written in Chess960 (and
        // what a player writing it means in standard chess too): castling()
        // found no castling with that rook, so the castling is what fails,
        // not a king move onto its own piece.
        if piece.role == Role::King
            && board.rooks().contains(self.to)
            && board.by_color(piece.color).contains(self.to)
            && self.to.rank() == self.from.rank()
        {
            let side = if self.to < self.from {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            return IllegalReason::CannotCastle(side);
        }
        let promotes = piece.role == Role::Pawn
            && self.to.rank() == pos.turn().fold_wb(Rank::Eighth, Rank::First);
        let legal = pos.legal_moves();
        let reaches = |promotion| {
            legal.iter().any(|m| {
                m.from() == Some(self.from) && m.to() == self.to && m.promotion() == promotion
            })
        };
        match self.promotion {
            None if promotes && reaches(Some(Role::Queen)) => IllegalReason::MissingPromotion,
            Some(_) if piece.role != Role::Pawn || !promotes => {
                if reaches(None) {
                    IllegalReason::NotAPromotion
                } else {
                    IllegalReason::Unreachable(piece.role)
                }
            }
            // Check is the reason only for a move the piece could make if
            // it were not for its own king.
            _ if reaches_ignoring_check(pos, self.from, self.to, piece) => {
                let pseudo = UciMove::Normal {
                    from: self.from,
                    to: self.to,
                    promotion: self.promotion,
                };
                if pos.is_check() || leaves_king_attacked(pos, pseudo) {
                    IllegalReason::KingInCheck(piece.role)
                } else {
                    IllegalReason::Unreachable(piece.role)
                }
            }
            _ => IllegalReason::Unreachable(piece.role),
        }
    }

    fn error<P: Position>(self, pos: &P, reason: IllegalReason) -> IllegalMoveError {
        IllegalMoveError {
            written: self,
            numeric: self,
            turn: pos.turn(),
            reason,
        }
    }

    /// Legal moves whose numeric form is closest to this one, nearest first
    /// (digits that differ, then digits swapped), at most `max`.
    ///
    /// Useful after a typo: `5245` in the starting position suggests `5254`.
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::{CastlingNotation, NumericMove};
    /// use shakmaty::Chess;
    ///
    /// let near = "5245".parse::<NumericMove>()?.nearest_legal(&Chess::default(), CastlingNotation::KingToDestination, 3);
    /// assert_eq!(near[0].to_string(), "5254");
    /// # Ok::<_, iccf::ParseNumericError>(())
    /// ```
    pub fn nearest_legal<P: Position>(
        self,
        pos: &P,
        castling: CastlingNotation,
        max: usize,
    ) -> Vec<NumericMove> {
        let mut written = Vec::with_capacity(5);
        self.append_to(&mut written);
        let mut scored: Vec<(u32, NumericMove)> = pos
            .legal_moves()
            .iter()
            .filter_map(|&m| NumericMove::from_move(m, castling).ok())
            .filter(|&n| n != self)
            .map(|n| {
                let mut digits = Vec::with_capacity(5);
                n.append_to(&mut digits);
                (digit_distance(&written, &digits), n)
            })
            .filter(|&(d, _)| d <= 2)
            .collect();
        scored.sort_by_key(|&(d, n)| (d, n.from, n.to));
        scored.into_iter().take(max).map(|(_, n)| n).collect()
    }
}

/// Counts the edits between two digit strings: substitutions, with an
/// adjacent swap or a missing/extra last digit counted as one.
fn digit_distance(a: &[u8], b: &[u8]) -> u32 {
    let common = a.len().min(b.len());
    let mut d = (a.len().max(b.len()) - common) as u32;
    let mut i = 0;
    while i < common {
        if a[i] != b[i] {
            if i + 1 < common && a[i] == b[i + 1] && a[i + 1] == b[i] {
                i += 1;
            }
            d += 1;
        }
        i += 1;
    }
    d
}

/// Whether `piece` on `from` could move to `to` by the way it moves, were
/// its own king not in check or exposed: a pseudo-legal move (castling is
/// read before this, so not here).
fn reaches_ignoring_check<P: Position>(pos: &P, from: Square, to: Square, piece: Piece) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, occupied).contains(to);
    }
    let takes = board.by_color(!piece.color).contains(to)
        || pos.ep_square(EnPassantMode::PseudoLegal) == Some(to);
    if attacks::pawn_attacks(piece.color, from).contains(to) {
        return takes;
    }
    let step = piece.color.fold_wb(8, -8);
    let Some(one) = from.offset(step).filter(|sq| !occupied.contains(*sq)) else {
        return false;
    };
    one == to
        || (from.rank() == piece.color.fold_wb(Rank::Second, Rank::Seventh)
            && one.offset(step) == Some(to)
            && !occupied.contains(to))
}

/// Would playing `uci` (ignoring check) leave our king attacked?
fn leaves_king_attacked<P: Position>(pos: &P, uci: UciMove) -> bool {
    let UciMove::Normal { from, to, .. } = uci else {
        return false;
    };
    let board = pos.board();
    let us = pos.turn();
    let mut after = board.clone();
    let Some(piece) = after.remove_piece_at(from) else {
        return false;
    };
    after.set_piece_at(to, piece);
    let Some(king) = after.king_of(us) else {
        return false;
    };
    after.attacks_to(king, !us, after.occupied()).any()
}

fn castle_destination(king: Square, rook: Square) -> Square {
    let file = if rook > king { File::G } else { File::C };
    Square::from_coords(file, king.rank())
}

fn castling_side(m: Move) -> CastlingSide {
    match m {
        Move::Castle { king, rook } if rook < king => CastlingSide::QueenSide,
        _ => CastlingSide::KingSide,
    }
}

/// A drop (`N@f3`) has no numeric form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FromMoveError;

impl fmt::Display for FromMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("piece drops have no numeric notation")
    }
}

impl std::error::Error for FromMoveError {}

/// A legacy four-digit promotion that was read, with its standard form.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LegacyPromotion {
    /// What was written, e.g. `6762`.
    pub written: NumericMove,
    /// The standard form, e.g. `67682`.
    pub standard: NumericMove,
}

impl fmt::Display for LegacyPromotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "four-digit promotion {} is not ICCF standard: read as {}",
            self.written, self.standard
        )
    }
}

/// Why a numeric move cannot be played in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The from-square is empty.
    Empty,
    /// The from-square holds an opponent's piece.
    WrongColor(Role),
    /// From and to are the same square.
    SameSquare,
    /// The piece cannot move there.
    Unreachable(Role),
    /// The move would leave (or keep) the own king in check.
    KingInCheck(Role),
    /// A pawn reaches the last rank without a promotion digit.
    MissingPromotion,
    /// A promotion digit on a move that is not a promotion.
    NotAPromotion,
    /// Castling is not possible now (rights lost, pieces between, check).
    CannotCastle(CastlingSide),
    /// Standard chess castling written as king takes rook.
    CastlingNotation(CastlingSide),
}

/// A numeric move that cannot be played, with the reason.
///
/// # Examples
///
/// ```
/// use iccf::{IllegalReason, NumericMove};
/// use shakmaty::{Chess, Role};
///
/// let err = "7164".parse::<NumericMove>()?.to_move(&Chess::default()).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::Unreachable(Role::Knight));
/// assert_eq!(err.to_string(), "the white knight on g1 cannot move to f4");
/// # Ok::<_, iccf::ParseNumericError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// What was written.
    pub written: NumericMove,
    /// The move that was tried (differs from `written` for a legacy promotion).
    pub numeric: NumericMove,
    /// The side to move.
    pub turn: Color,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

impl IllegalMoveError {
    fn written_as(mut self, written: NumericMove) -> IllegalMoveError {
        self.written = written;
        self
    }
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NumericMove { from, to, .. } = self.numeric;
        let color = self.turn;
        let side = |s: CastlingSide| match s {
            CastlingSide::KingSide => "short",
            CastlingSide::QueenSide => "long",
        };
        match self.reason {
            IllegalReason::Empty => {
                write!(
                    f,
                    "no {color} piece can move from {from} to {to}: {from} is empty"
                )
            }
            IllegalReason::WrongColor(role) => write!(
                f,
                "no {color} piece can move from {from} to {to}: {from} holds a {} {}",
                !color,
                role_name(role)
            ),
            IllegalReason::SameSquare => {
                write!(f, "no {color} piece can move from {from} to {to}")
            }
            IllegalReason::Unreachable(role) => {
                write!(
                    f,
                    "the {color} {} on {from} cannot move to {to}",
                    role_name(role)
                )
            }
            IllegalReason::KingInCheck(role) => write!(
                f,
                "the {color} {} on {from} cannot move to {to}: the {color} king would be in check",
                role_name(role)
            ),
            IllegalReason::MissingPromotion => {
                let mut standard = Vec::new();
                NumericMove {
                    promotion: Some(Role::Queen),
                    ..self.numeric
                }
                .append_to(&mut standard);
                write!(
                    f,
                    "the pawn on {from} promotes on {to}: add a fifth digit 1=Q 2=R 3=B 4=N ({} for a queen)",
                    String::from_utf8_lossy(&standard)
                )
            }
            IllegalReason::NotAPromotion => write!(
                f,
                "promotion digit {} on {from}-{to}, which is not a promotion",
                char::from(promotion_digit(
                    self.numeric.promotion.unwrap_or(Role::Queen)
                ))
            ),
            IllegalReason::CannotCastle(s) => {
                write!(f, "{color} cannot castle {} now", side(s))
            }
            IllegalReason::CastlingNotation(s) => {
                let to = Square::from_coords(
                    match s {
                        CastlingSide::KingSide => File::G,
                        CastlingSide::QueenSide => File::C,
                    },
                    from.rank(),
                );
                write!(
                    f,
                    "castling {} is written as the king's move: {}{}",
                    side(s),
                    crate::NumericSquare::from(from),
                    crate::NumericSquare::from(to)
                )
            }
        }
    }
}

impl std::error::Error for IllegalMoveError {}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{Chess, EnPassantMode};

    use super::*;

    fn position(fen: &str, mode: CastlingMode) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(mode).unwrap()
    }

    /// Why `numeric` cannot be played in `pos`.
    fn refused(pos: &Chess, numeric: &str) -> IllegalMoveError {
        let m = numeric.parse::<NumericMove>().unwrap();
        m.to_move(pos).unwrap_err()
    }

    fn play_numeric(pos: &mut Chess, moves: &str) -> Vec<Move> {
        moves
            .split_whitespace()
            .map(|s| {
                let m = s.parse::<NumericMove>().unwrap().to_move(pos).unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn spanish_exchange_both_ways() {
        let numeric = "5254 5755 7163 2836 6125 1716 2536 2736";
        let san = "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 bxc6";
        let mut pos = Chess::default();
        let moves = play_numeric(&mut pos, numeric);
        let mut pos = Chess::default();
        let mut back = Vec::new();
        for (m, expected) in moves.iter().zip(san.split(' ')) {
            assert_eq!(
                shakmaty::san::San::from_move(&pos, *m).to_string(),
                expected
            );
            back.push(
                NumericMove::from_move(*m, CastlingNotation::KingToDestination)
                    .unwrap()
                    .to_string(),
            );
            pos.play_unchecked(*m);
        }
        assert_eq!(back.join(" "), numeric);
    }

    #[test]
    fn the_four_castlings() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        for (white, black) in [("5171", "5878"), ("5131", "5838")] {
            let mut pos = position(fen, CastlingMode::Standard);
            let moves = play_numeric(&mut pos, &format!("{white} {black}"));
            assert!(moves.iter().all(|m| m.is_castle()), "{moves:?}");
            let written: Vec<_> = moves
                .iter()
                .map(|&m| {
                    NumericMove::from_move(m, CastlingNotation::KingToDestination)
                        .unwrap()
                        .to_string()
                })
                .collect();
            assert_eq!(written, [white, black]);
        }
    }

    #[test]
    fn king_takes_rook_is_refused_in_standard_chess() {
        let pos = position(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            CastlingMode::Standard,
        );
        let err = refused(&pos, "5181");
        assert_eq!(
            err.to_string(),
            "castling short is written as the king's move: 5171"
        );
    }

    #[test]
    fn promotions_f7_f8() {
        let pos = position("8/5P2/8/8/8/8/8/k6K w - - 0 1", CastlingMode::Standard);
        for (s, role) in [
            ("67681", Role::Queen),
            ("67682", Role::Rook),
            ("67684", Role::Knight),
        ] {
            let m = s.parse::<NumericMove>().unwrap().to_move(&pos).unwrap();
            assert_eq!(m.promotion(), Some(role));
            assert_eq!(
                NumericMove::from_move(m, CastlingNotation::KingToDestination)
                    .unwrap()
                    .to_string(),
                s
            );
        }
    }

    #[test]
    fn promotion_without_fifth_digit_is_an_error_not_a_queen() {
        let pos = position("8/5P2/8/8/8/8/8/k6K w - - 0 1", CastlingMode::Standard);
        let err = refused(&pos, "6768");
        assert_eq!(err.reason, IllegalReason::MissingPromotion);
        assert_eq!(
            err.to_string(),
            "the pawn on f7 promotes on f8: add a fifth digit 1=Q 2=R 3=B 4=N (67681 for a queen)"
        );
        // Even the lenient reader does not invent a queen.
        assert!(
            "6768"
                .parse::<NumericMove>()
                .unwrap()
                .to_move_lenient(&pos)
                .is_err()
        );
    }

    #[test]
    fn legacy_four_digit_promotion_only_when_lenient() {
        let pos = position("8/5P2/8/8/8/8/8/k6K w - - 0 1", CastlingMode::Standard);
        let legacy = NumericMove::from_ascii_lenient(b"6762").unwrap();
        assert!(legacy.to_move(&pos).is_err());
        let (m, warning) = legacy.to_move_lenient(&pos).unwrap();
        assert_eq!((m.to(), m.promotion()), (Square::F8, Some(Role::Rook)));
        assert_eq!(
            warning.unwrap().to_string(),
            "four-digit promotion 6762 is not ICCF standard: read as 67682"
        );
        // Black: e2-e1 written 5251 is a plain move to the last rank, so it
        // stays incomplete; 5254 can only be the legacy knight promotion.
        let pos = position("k7/8/8/8/8/8/4p3/7K b - - 0 1", CastlingMode::Standard);
        assert!(
            "5251"
                .parse::<NumericMove>()
                .unwrap()
                .to_move_lenient(&pos)
                .is_err()
        );
        let (m, _) = "5254"
            .parse::<NumericMove>()
            .unwrap()
            .to_move_lenient(&pos)
            .unwrap();
        assert_eq!((m.to(), m.promotion()), (Square::E1, Some(Role::Knight)));
    }

    #[test]
    fn en_passant_is_the_plain_diagonal_move() {
        let mut pos = position("4k3/8/8/8/4p3/8/5P2/4K3 w - - 0 1", CastlingMode::Standard);
        let moves = play_numeric(&mut pos, "6264 5463");
        assert!(moves[1].is_en_passant());
        assert_eq!(pos.board().piece_at(Square::F4), None);
        assert_eq!(pos.ep_square(EnPassantMode::Legal), None);
    }

    #[test]
    fn errors_explain_the_position() {
        let mut pos = Chess::default();
        play_numeric(&mut pos, "5254");
        let msg = |s: &str| {
            s.parse::<NumericMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            msg("5255"),
            "no black piece can move from e2 to e5: e2 is empty"
        );
        assert_eq!(
            msg("5555"),
            "no black piece can move from e5 to e5: e5 is empty"
        );
        assert_eq!(
            msg("5253"),
            "no black piece can move from e2 to e3: e2 is empty"
        );
        assert_eq!(
            msg("4143"),
            "no black piece can move from d1 to d3: d1 holds a white queen"
        );
        assert_eq!(msg("7865"), "the black knight on g8 cannot move to f5");
        assert_eq!(
            msg("77761"),
            "promotion digit 1 on g7-g6, which is not a promotion"
        );
        assert_eq!(msg("5878"), "black cannot castle short now");
    }

    #[test]
    fn pinned_piece_reports_the_check() {
        let pos = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", CastlingMode::Standard);
        let err = refused(&pos, "5273");
        assert_eq!(
            err.to_string(),
            "the white knight on e2 cannot move to g3: the white king would be in check"
        );
    }

    #[test]
    fn chess960_castling_both_ways() {
        // King b1, rooks a1 and h1: long castling to c1 is also Kb1-c1.
        let pos = position("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960);
        let long = "2111"
            .parse::<NumericMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert_eq!(
            long,
            Move::Castle {
                king: Square::B1,
                rook: Square::A1
            }
        );
        // King to destination c1 is also the plain move Kb1-c1, which has
        // no other numeric form: it reads as that king move.
        let plain = "2131"
            .parse::<NumericMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert!(!plain.is_castle());
        assert_eq!(plain.to(), Square::C1);
        // Short castling to g1 is no other king move, so accepted either way.
        let short = "2171"
            .parse::<NumericMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        assert_eq!(
            short,
            Move::Castle {
                king: Square::B1,
                rook: Square::H1
            }
        );
        assert_eq!(
            NumericMove::from_move(short, CastlingNotation::KingTakesRook)
                .unwrap()
                .to_string(),
            "2181"
        );
        assert_eq!(
            NumericMove::from_move(short, CastlingNotation::KingToDestination)
                .unwrap()
                .to_string(),
            "2171"
        );
    }

    /// `2111` (king b1 takes own rook a1) without the right to castle
    /// long was reported as "the white king would be in check" whenever a
    /// black rook stood on the a-file: the king was put on a1 to test for
    /// check, as if it could go there. It is castling that is not possible.
    #[test]
    fn king_takes_rook_2111_names_castling_not_check() {
        let cases = [
            (
                "rk5r/8/8/8/8/8/8/RK5R w Hha - 0 1",
                CastlingMode::Chess960,
                "2111",
            ),
            (
                "rk5r/8/8/8/8/8/8/RK5R w - - 0 1",
                CastlingMode::Chess960,
                "2111",
            ),
            (
                "rk5r/8/8/8/8/8/8/RK5R w - - 0 1",
                CastlingMode::Standard,
                "2111",
            ),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
                CastlingMode::Standard,
                "5181",
            ),
        ];
        for (fen, mode, numeric) in cases {
            let pos = position(fen, mode);
            let err = numeric
                .parse::<NumericMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap_err();
            let side = if numeric == "2111" {
                CastlingSide::QueenSide
            } else {
                CastlingSide::KingSide
            };
            assert_eq!(
                err.reason,
                IllegalReason::CannotCastle(side),
                "{fen} {numeric}"
            );
        }
        let pos = position(cases[0].0, CastlingMode::Chess960);
        let err = refused(&pos, "2111");
        assert_eq!(err.to_string(), "white cannot castle long now");
    }

    /// The check is the reason only for a move the piece could otherwise
    /// make: a pinned knight moving like a bishop cannot move there at all.
    #[test]
    fn check_is_named_only_for_moves_the_piece_can_make() {
        let pos = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", CastlingMode::Standard);
        let reason = |numeric: &str| refused(&pos, numeric).reason;
        assert_eq!(reason("5273"), IllegalReason::KingInCheck(Role::Knight));
        assert_eq!(reason("5216"), IllegalReason::Unreachable(Role::Knight));
        // In check: a move that cannot answer it, but also cannot be made.
        let pos = position("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", CastlingMode::Standard);
        let err = refused(&pos, "1118");
        assert_eq!(err.reason, IllegalReason::KingInCheck(Role::Rook));
        let err = refused(&pos, "1122");
        assert_eq!(err.reason, IllegalReason::Unreachable(Role::Rook));
        // Pawns: blocked pushes, an empty diagonal, a pinned push and capture.
        let pos = position(
            "4k3/8/8/8/1b6/4p2p/2PP3P/4K3 w - - 0 1",
            CastlingMode::Standard,
        );
        let reason = |numeric: &str| refused(&pos, numeric).reason;
        assert_eq!(reason("8283"), IllegalReason::Unreachable(Role::Pawn));
        assert_eq!(reason("8284"), IllegalReason::Unreachable(Role::Pawn));
        assert_eq!(reason("4233"), IllegalReason::Unreachable(Role::Pawn));
        assert_eq!(reason("4243"), IllegalReason::KingInCheck(Role::Pawn));
        assert_eq!(reason("4253"), IllegalReason::KingInCheck(Role::Pawn));
    }

    #[test]
    fn nearest_legal_suggests_typos() {
        let pos = Chess::default();
        let near = "7164".parse::<NumericMove>().unwrap().nearest_legal(
            &pos,
            CastlingNotation::KingToDestination,
            2,
        );
        let near: Vec<_> = near.iter().map(ToString::to_string).collect();
        assert_eq!(near, ["7163", "7183"]);
    }

    #[test]
    fn round_trip_every_legal_move_in_a_busy_position() {
        // Castling both ways, en passant, promotions with captures.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p2pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq c6 0 2",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        ] {
            let pos = position(fen, CastlingMode::Standard);
            for m in pos.legal_moves() {
                let n = NumericMove::from_move(m, CastlingNotation::KingToDestination).unwrap();
                assert_eq!(n.to_move(&pos), Ok(m), "{n}");
            }
        }
    }
}
