//! One move in every notation: numeric, SAN, long algebraic and UCI.

use core::fmt;
use core::str::FromStr;

use shakmaty::san::{San, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, File, Move, Position, Rank, Role, Square, attacks,
};

use crate::lang::Lang;
use crate::lang::figurine;
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
        if self.notation == Notation::Numeric
            && let Some(plain) = NumericMove::of_plain(m)
        {
            plain.append_to(buf);
            return;
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
            // English SAN first, as most conversions write it; left to
            // `fixed_bytes`, numeric -> SAN took 0.24% more instructions.
            Notation::San if self.lang == Lang::En => append_fixed(buf, san_bytes(pos, m, suffix)),
            _ => match self.fixed_bytes(pos, m, suffix) {
                Some(fixed) => append_fixed(buf, fixed),
                None => self.append_lettered(buf, pos, m, suffix),
            },
        }
    }

    /// Legal move `m`, played in `pos`, as eight bytes and their count,
    /// zeros after them, where this format writes it so: English SAN
    /// ([`san_bytes`]) and LAN ([`lan_bytes`]), and UCI ([`uci_bytes`]).
    /// `None` for the others, whose text may be longer or not ASCII. A
    /// game record keeps such bytes as they are.
    ///
    /// # Examples
    ///
    /// ```
    /// use iccf::{MoveFormat, Notation, lang::Lang};
    /// use shakmaty::{Chess, Move, Role, Square};
    ///
    /// let pos = Chess::default();
    /// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
    /// assert_eq!(MoveFormat::new(Notation::Uci).fixed_bytes(&pos, m, None), Some((*b"g1f3\0\0\0\0", 4)));
    /// assert_eq!(MoveFormat::new(Notation::Figurine).fixed_bytes(&pos, m, None), None);
    /// let german = MoveFormat { lang: Lang::De, ..MoveFormat::new(Notation::San) };
    /// assert_eq!(german.fixed_bytes(&pos, m, None), None);
    /// ```
    #[inline(always)]
    pub fn fixed_bytes<P: Position>(
        &self,
        pos: &P,
        m: Move,
        suffix: Option<Suffix>,
    ) -> Option<([u8; 8], usize)> {
        match (self.notation, self.lang) {
            (Notation::San, Lang::En) => Some(san_bytes(pos, m, suffix)),
            (Notation::Lan, Lang::En) => Some(lan_bytes(m, suffix)),
            (Notation::Uci, _) => Some(uci_bytes(m, pos.castles().mode())),
            _ => None,
        }
    }

    /// SAN in another language or in figurines, and LAN in another
    /// language: English SAN or LAN with other piece letters.
    fn append_lettered<P: Position>(
        &self,
        buf: &mut Vec<u8>,
        pos: &P,
        m: Move,
        suffix: Option<Suffix>,
    ) {
        if self.notation == Notation::Lan {
            append_lan(buf, m, self.lang);
            push_suffix(buf, suffix);
            return;
        }
        let san = san_bytes(pos, m, suffix);
        if self.notation == Notation::Figurine {
            let turn = pos.turn();
            append_with_letter(buf, san, |role, buf| {
                buf.extend_from_slice(figurine(role, turn).encode_utf8(&mut [0; 4]).as_bytes())
            });
        } else {
            append_with_letter(buf, san, |role, buf| {
                buf.extend_from_slice(self.lang.piece_letter(role).as_bytes())
            });
        }
    }
}

/// Appends English SAN `(bytes, len)` with its piece letter written by
/// `letter`: a language's letters or a figurine. A legal move's SAN has
/// one at most (a promotion's is a pawn move's), and the rest of SAN is
/// the same in every language, so the English text, written without
/// shakmaty's move list where it can be ([`san_bytes`]), is all a
/// language needs. Written from a `San` into a `String` of its own, a move
/// took an allocation or more: converting dense-50mb.pgn to German SAN or
/// to figurines took 0.77 s, against 0.69 s (one job, to stdout).
#[inline]
fn append_with_letter(
    buf: &mut Vec<u8>,
    (bytes, len): ([u8; 8], usize),
    letter: impl Fn(Role, &mut Vec<u8>),
) {
    for &b in &bytes[..len.min(bytes.len())] {
        match crate::plain::piece_role(b) {
            Some(role) => letter(role, buf),
            None => buf.push(b),
        }
    }
}

/// Appends the first `len` of `bytes`: all eight, then the zeros cut, as
/// a copy of a fixed size is one move, where one of any length was a call.
#[inline(always)]
fn append_fixed(buf: &mut Vec<u8>, (bytes, len): ([u8; 8], usize)) {
    debug_assert!(len <= bytes.len(), "a move's text fits its eight bytes");
    buf.extend_from_slice(&bytes);
    buf.truncate(buf.len() - (bytes.len() - len));
}

/// The file and rank that tell the piece of `role` moving `from`-`to` apart
/// from others of its kind, as [`San::from_move`] writes them. When no
/// other piece of that kind attacks `to` (shakmaty's attack tables say so
/// from the square: attacks are symmetric for pieces), no move can need
/// telling apart, and shakmaty's candidate list is not built; otherwise
/// shakmaty decides, which pins and checks make rare enough not to matter.
///
/// No attack table is looked at when no other piece of the kind could
/// reach `to` even on an empty board: there is none (a king, a lone
/// queen), or they stand on squares of the other colour (bishops) or off
/// its rank and file (rooks). Numeric -> SAN took 0.9% fewer instructions
/// (twic944.pgn).
#[inline(always)]
fn disambiguation<P: Position>(
    pos: &P,
    m: Move,
    role: Role,
    from: Square,
    to: Square,
) -> (Option<File>, Option<Rank>) {
    let reach = match role {
        Role::Rook => Bitboard::from_rank(to.rank()) | Bitboard::from_file(to.file()),
        Role::Bishop if to.is_light() => Bitboard::LIGHT_SQUARES,
        Role::Bishop => Bitboard::DARK_SQUARES,
        _ => Bitboard::FULL,
    };
    let others = pos.our(role).without(from) & reach;
    if others.is_empty() {
        return (None, None);
    }
    let occupied = pos.board().occupied();
    if (attacks::attacks(to, role.of(pos.turn()), occupied) & others).is_empty() {
        return (None, None);
    }
    match San::from_move(pos, m) {
        San::Normal { file, rank, .. } => (file, rank),
        _ => (None, None),
    }
}

/// English SAN of legal move `m` in `pos` with its check mark `suffix`, as
/// bytes and their count: what [`MoveFormat::append`] writes for
/// [`Notation::San`] in English, at most 7 bytes (`Qh4xe1#`, `exd8=Q#`),
/// zeros after them. Written into a value rather than a buffer, a game
/// record keeps it as it is, with no copy and no check of its bytes (as it
/// keeps [`NumericMove::digits`]): records with numeric and SAN moves took
/// 3% fewer instructions (twic944.pgn). Always inlined, as the
/// disambiguation it calls is: where the compiler made a call of it from
/// the records and from [`MoveFormat::append`], writing SAN took 1.8% more
/// instructions.
///
/// # Examples
///
/// ```
/// use iccf::san_bytes;
/// use shakmaty::{Chess, Move, Role, Square, san::Suffix};
///
/// let pos = Chess::default();
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(san_bytes(&pos, m, None), (*b"Nf3\0\0\0\0\0", 3));
/// assert_eq!(san_bytes(&pos, m, Some(Suffix::Check)), (*b"Nf3+\0\0\0\0", 4));
/// ```
#[inline(always)]
pub fn san_bytes<P: Position>(pos: &P, m: Move, suffix: Option<Suffix>) -> ([u8; 8], usize) {
    let mut out = SanBytes::default();
    match m {
        Move::Normal {
            role: Role::Pawn,
            from,
            capture,
            to,
            promotion,
        } => {
            if capture.is_some() {
                out.push(file_byte(from.file()));
                out.push(b'x');
            }
            out.square(to);
            if let Some(p) = promotion {
                out.push(b'=');
                out.push(letter(p));
            }
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let (file, rank) = disambiguation(pos, m, role, from, to);
            out.push(letter(role));
            if let Some(file) = file {
                out.push(file_byte(file));
            }
            if let Some(rank) = rank {
                out.push(rank_byte(rank));
            }
            if capture.is_some() {
                out.push(b'x');
            }
            out.square(to);
            if let Some(p) = promotion {
                out.push(b'=');
                out.push(letter(p));
            }
        }
        Move::EnPassant { from, to } => {
            out.push(file_byte(from.file()));
            out.push(b'x');
            out.square(to);
        }
        Move::Castle { king, rook } => {
            let castle: &[u8] = if rook.file() < king.file() {
                b"O-O-O"
            } else {
                b"O-O"
            };
            castle.iter().for_each(|&b| out.push(b));
        }
        Move::Put { role, to } => {
            if role != Role::Pawn {
                out.push(letter(role));
            }
            out.push(b'@');
            out.square(to);
        }
    }
    push_suffix(&mut out, suffix);
    out.into_parts()
}

/// The bytes of a move as [`san_bytes`], [`lan_bytes`] and [`uci_bytes`]
/// write them: at most 8 for a legal move (LAN's `e7xd8=Q#`). The index
/// is taken modulo 8, which no legal move's text reaches, so that a byte is
/// stored with no test of the length.
#[derive(Default)]
struct SanBytes {
    bytes: [u8; 8],
    len: usize,
}

impl SanBytes {
    /// The bytes and their count, as [`san_bytes`] gives them.
    #[inline]
    fn into_parts(self) -> ([u8; 8], usize) {
        (self.bytes, self.len)
    }
}

/// Where a move's text is written byte by byte: an output buffer (LAN in
/// any language's letters), or the eight bytes of [`SanBytes`] that a
/// record keeps as they are (English alone, ASCII).
trait AsciiOut {
    fn push(&mut self, byte: u8);

    #[inline]
    fn extend(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.push(b));
    }

    #[inline]
    fn square(&mut self, sq: Square) {
        self.push(file_byte(sq.file()));
        self.push(rank_byte(sq.rank()));
    }
}

impl AsciiOut for SanBytes {
    #[inline]
    fn push(&mut self, byte: u8) {
        debug_assert!(self.len < 8, "no legal move is longer in SAN, LAN or UCI");
        self.bytes[self.len % 8] = byte;
        self.len += 1;
    }
}

impl AsciiOut for Vec<u8> {
    #[inline]
    fn push(&mut self, byte: u8) {
        Vec::push(self, byte);
    }

    #[inline]
    fn extend(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

#[inline]
fn file_byte(file: File) -> u8 {
    b'a' + file as u8
}

#[inline]
fn rank_byte(rank: Rank) -> u8 {
    b'1' + rank as u8
}

/// The English capital of a piece, as SAN writes it.
#[inline]
fn letter(role: Role) -> u8 {
    role.upper_char() as u8
}

/// The check or mate mark of `pos` (the position after a move): what
/// [`Suffix::from_position`] says for standard chess and Chess960, without
/// its cost on the usual move. That asks for the game's outcome, which
/// generates every legal move; here only a position in check is looked at
/// further (mate is the one decisive outcome these variants have, and it
/// needs check), and a check the king can step out of is no mate: the
/// king's flight squares are tested as shakmaty's own king move generation
/// does, and only a king with none is left to the full test.
///
/// # Examples
///
/// ```
/// use iccf::check_suffix;
/// use shakmaty::{Chess, Position, san::{San, Suffix}};
///
/// let mut pos = Chess::default();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     let m = san.parse::<San>()?.to_move(&pos)?;
///     pos.play_unchecked(m);
/// }
/// assert_eq!(check_suffix(&pos), Some(Suffix::Checkmate));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn check_suffix(pos: &Chess) -> Option<Suffix> {
    if !pos.is_check() {
        return None;
    }
    let king = pos.our(Role::King).single_square()?;
    let occupied = pos.board().occupied() ^ king;
    let flight = (attacks::king_attacks(king) & !pos.us())
        .into_iter()
        .any(|to| pos.king_attackers(to, !pos.turn(), occupied).is_empty());
    if flight {
        Some(Suffix::Check)
    } else {
        Suffix::from_position(pos)
    }
}

/// Appends the check or mate mark of English notations, if any.
#[inline]
fn push_suffix(out: &mut impl AsciiOut, suffix: Option<Suffix>) {
    if let Some(mark) = suffix_byte(suffix) {
        out.push(mark);
    }
}

/// The check or mate mark English notations write: `+` or `#`.
#[inline]
fn suffix_byte(suffix: Option<Suffix>) -> Option<u8> {
    match suffix? {
        Suffix::Check => Some(b'+'),
        Suffix::Checkmate => Some(b'#'),
    }
}

/// Long algebraic notation of `m` in the letters of `lang`, without a
/// check mark. A function of its own over [`write_lan`], not inlined: with
/// `write_lan` called in its place, converting to SAN (which never writes
/// LAN) took 0.27% more instructions.
#[inline(never)]
pub(crate) fn append_lan(buf: &mut Vec<u8>, m: Move, lang: Lang) {
    write_lan(buf, m, lang);
}

/// English long algebraic notation of legal move `m` with its check mark
/// `suffix`, as bytes and their count: what [`MoveFormat::append`] writes
/// for [`Notation::Lan`] in English, at most 8 bytes (`e7xd8=Q#`), zeros
/// after them; kept by a record as it is, as [`san_bytes`] is. Not
/// inlined, as [`uci_bytes`]: inlined into [`MoveFormat::append`], they
/// made converting to SAN 0.9% slower with as many instructions.
///
/// # Examples
///
/// ```
/// use iccf::lan_bytes;
/// use shakmaty::{Move, Role, Square, san::Suffix};
///
/// let m = Move::Normal { role: Role::Knight, from: Square::G1, capture: None, to: Square::F3, promotion: None };
/// assert_eq!(lan_bytes(m, None), (*b"Ng1-f3\0\0", 6));
/// assert_eq!(lan_bytes(m, Some(Suffix::Check)), (*b"Ng1-f3+\0", 7));
/// ```
#[inline(never)]
pub fn lan_bytes(m: Move, suffix: Option<Suffix>) -> ([u8; 8], usize) {
    let mut out = SanBytes::default();
    write_lan(&mut out, m, Lang::En);
    push_suffix(&mut out, suffix);
    out.into_parts()
}

#[inline]
fn write_lan(buf: &mut impl AsciiOut, m: Move, lang: Lang) {
    match m {
        Move::Castle { king, rook } => buf.extend(if rook < king { b"O-O-O" } else { b"O-O" }),
        Move::Put { role, to } => {
            buf.extend(lang.piece_letter(role).as_bytes());
            buf.push(b'@');
            buf.square(to);
        }
        Move::Normal { .. } | Move::EnPassant { .. } => {
            if m.role() != Role::Pawn {
                buf.extend(lang.piece_letter(m.role()).as_bytes());
            }
            if let Some(from) = m.from() {
                buf.square(from);
            }
            buf.push(if m.is_capture() { b'x' } else { b'-' });
            buf.square(m.to());
            if let Some(p) = m.promotion() {
                buf.push(b'=');
                buf.extend(lang.piece_letter(p).as_bytes());
            }
        }
    }
}

/// UCI of `m` in a game of castling `mode`, as bytes and their count: what
/// [`MoveFormat::append`] writes for [`Notation::Uci`], at most 5 bytes
/// (`e7e8q`), zeros after them; kept by a record as it is, as
/// [`san_bytes`] is. Castling is shakmaty's: the king's two squares in
/// standard chess, king takes rook in Chess960.
///
/// # Examples
///
/// ```
/// use iccf::uci_bytes;
/// use shakmaty::{CastlingMode, Move, Role, Square};
///
/// let m = Move::Normal { role: Role::Pawn, from: Square::E7, capture: None, to: Square::E8, promotion: Some(Role::Queen) };
/// assert_eq!(uci_bytes(m, CastlingMode::Standard), (*b"e7e8q\0\0\0", 5));
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(uci_bytes(castle, CastlingMode::Standard), (*b"e1g1\0\0\0\0", 4));
/// assert_eq!(uci_bytes(castle, CastlingMode::Chess960), (*b"e1h1\0\0\0\0", 4));
/// ```
#[inline(never)]
pub fn uci_bytes(m: Move, mode: CastlingMode) -> ([u8; 8], usize) {
    let mut out = SanBytes::default();
    match m.to_uci(mode) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => {
            out.square(from);
            out.square(to);
            if let Some(p) = promotion {
                out.push(p.char() as u8);
            }
        }
        UciMove::Put { role, to } => {
            out.push(role.upper_char() as u8);
            out.push(b'@');
            out.square(to);
        }
        UciMove::Null => out.extend(b"0000"),
    }
    out.into_parts()
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
    use shakmaty::san::SanPlus;
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

    /// English LAN of legal move `m`, from its parts.
    fn lan_of(m: Move, suffix: Option<Suffix>) -> String {
        let mark = match suffix {
            None => "",
            Some(Suffix::Check) => "+",
            Some(Suffix::Checkmate) => "#",
        };
        if let Move::Castle { king, rook } = m {
            let castle = if rook < king { "O-O-O" } else { "O-O" };
            return format!("{castle}{mark}");
        }
        let piece = match m.role() {
            Role::Pawn => String::new(),
            role => role.upper_char().to_string(),
        };
        let from = m.from().expect("a move from a square");
        let sep = if m.is_capture() { 'x' } else { '-' };
        let promotion = m
            .promotion()
            .map(|p| format!("={}", p.upper_char()))
            .unwrap_or_default();
        format!("{piece}{from}{sep}{}{promotion}{mark}", m.to())
    }

    /// Every legal move of `pos`, with no mark, a check's and a mate's, in
    /// SAN as shakmaty's own `San::from_move` writes it (`san_bytes`, and
    /// `MoveFormat::append` in English, in languages of one and of two
    /// letters a piece, and in figurines), in LAN from its parts and in UCI
    /// as shakmaty writes it (`lan_bytes`, `uci_bytes` and `append`).
    fn check_every_move(pos: &Chess) -> usize {
        let written = |format: MoveFormat, m: Move, suffix: Option<Suffix>| {
            let mut buf = Vec::new();
            format.append(&mut buf, pos, m, suffix);
            String::from_utf8(buf).expect("UTF-8")
        };
        let moves = pos.legal_moves();
        for &m in &moves {
            let san = San::from_move(pos, m);
            for suffix in [None, Some(Suffix::Check), Some(Suffix::Checkmate)] {
                let plus = SanPlus { san, suffix };
                let (bytes, len) = san_bytes(pos, m, suffix);
                assert_eq!(
                    &bytes[..len],
                    plus.to_string().as_bytes(),
                    "{m:?} in {pos:?}"
                );
                assert!(bytes[len..].iter().all(|&b| b == 0), "{m:?} in {pos:?}");
                assert_eq!(
                    written(MoveFormat::new(Notation::San), m, suffix),
                    plus.to_string()
                );
                for lang in [Lang::De, Lang::Ru] {
                    let mut expected = String::new();
                    crate::localized::write_san(&mut expected, &plus, lang);
                    let format = MoveFormat {
                        lang,
                        ..MoveFormat::new(Notation::San)
                    };
                    assert_eq!(written(format, m, suffix), expected, "{m:?} in {pos:?}");
                }
                let mut expected = String::new();
                crate::localized::write_figurine(&mut expected, &plus, pos.turn());
                let figurine = written(MoveFormat::new(Notation::Figurine), m, suffix);
                assert_eq!(figurine, expected, "{m:?} in {pos:?}");
                // LAN from the move's own squares, in the eight bytes kept
                // and in a buffer alike.
                let expected = lan_of(m, suffix);
                let (bytes, len) = lan_bytes(m, suffix);
                assert_eq!(&bytes[..len], expected.as_bytes(), "{m:?} in {pos:?}");
                assert!(bytes[len..].iter().all(|&b| b == 0), "{m:?} in {pos:?}");
                assert_eq!(written(MoveFormat::new(Notation::Lan), m, suffix), expected);
            }
            // UCI as shakmaty writes it.
            let mode = pos.castles().mode();
            let expected = m.to_uci(mode).to_string();
            let (bytes, len) = uci_bytes(m, mode);
            assert_eq!(&bytes[..len], expected.as_bytes(), "{m:?} in {pos:?}");
            assert!(bytes[len..].iter().all(|&b| b == 0), "{m:?} in {pos:?}");
            assert_eq!(written(MoveFormat::new(Notation::Uci), m, None), expected);
        }
        moves.len()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// `san_bytes` skips shakmaty's move list only where it changes
        /// nothing, and the other writers agree with shakmaty: every legal move of every position of random
        /// games, from the standard start or a Chess960 one.
        #[test]
        fn writers_agree_with_shakmaty(seed in proptest::prelude::any::<u64>(), chess960 in proptest::option::of(0u32..960)) {
            let mut state = seed | 1;
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as usize
            };
            let mut pos = match chess960 {
                Some(n) => {
                    let board = shakmaty::Board::chess960(n);
                    let mut setup = shakmaty::Setup::empty();
                    setup.castling_rights = board.rooks()
                        & (shakmaty::Bitboard::from_rank(Rank::First)
                            | shakmaty::Bitboard::from_rank(Rank::Eighth));
                    setup.board = board;
                    shakmaty::FromSetup::from_setup(setup, CastlingMode::Chess960).expect("start")
                }
                None => Chess::default(),
            };
            let mut checked = 0;
            for _ in 0..300 {
                proptest::prop_assert_eq!(check_suffix(&pos), Suffix::from_position(&pos));
                let n = check_every_move(&pos);
                if n == 0 {
                    break;
                }
                checked += n;
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[next() % moves.len()]);
            }
            // A game ends in mate or stalemate after a few moves at least.
            proptest::prop_assert!(checked > 20, "{}", checked);
        }
    }

    /// The same on positions with pins, checks, promotions with captures,
    /// en passant and both castlings, where disambiguation is hardest.
    #[test]
    fn writers_in_busy_positions() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p2pqpb1/bn2pnp1/2pPN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq c6 0 2",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            // Three queens reach d4; the one on b2 is pinned; knights in check.
            "4k3/8/1Q3Q2/8/5Q2/8/1Q6/K1r5 w - - 0 1",
            "4k3/8/8/2N1N3/8/2N1N3/8/r3K3 w - - 0 1",
            "3rk3/8/8/2N1N3/8/2N1N3/8/3K4 w - - 0 1",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert!(check_every_move(&pos) > 0, "{fen}");
        }
    }

    /// Checks with and without a flight square, mates by a knight, a
    /// double check and a blocked king, against shakmaty's own outcome.
    #[test]
    fn check_suffix_is_suffix_from_position() {
        for (fen, expected) in [
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", None),
            ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", Some(Suffix::Check)),
            ("6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1", Some(Suffix::Checkmate)),
            ("4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1", Some(Suffix::Checkmate)),
            (
                "3qk3/3p1p2/8/8/1B6/8/8/4R1K1 b - - 0 1",
                Some(Suffix::Check),
            ),
            (
                "3qkb2/3p1p2/8/1B6/8/8/8/4R1K1 b - - 0 1",
                Some(Suffix::Check),
            ),
            (
                "2rqkb2/3ppp2/3N4/8/8/8/8/4R1K1 b - - 0 1",
                Some(Suffix::Checkmate),
            ),
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(Suffix::from_position(&pos), expected, "{fen}");
            assert_eq!(check_suffix(&pos), expected, "{fen}");
        }
    }
}
