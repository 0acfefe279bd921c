//! Reading one move written in any notation iccf knows, against a position.
//!
//! # Notation, language, figurines: one name each
//!
//! * [`Notation`] is how a move is written: numeric, SAN, long algebraic,
//!   UCI or figurines. Writing takes one ([`MoveFormat`](crate::MoveFormat));
//!   reading says which one the text was in ([`ReadMove::notation`],
//!   [`guess_notation`]). Figurines are SAN with glyphs for letters, so
//!   figurine text reads as [`Notation::San`]: reading never answers
//!   [`Notation::Figurine`].
//! * [`Lang`] is whose piece letters SAN and long algebraic use (`Sf3` is
//!   German). It is a separate choice from the notation, and numeric and UCI
//!   have no letters.
//!
//! So `--to figurine` is a notation, `--lang de` a language, and the
//! `"input":"san"` of a JSON line is [`Notation::name`] of the first move.

use core::fmt;

use shakmaty::san::{San, SanError};
use shakmaty::uci::{IllegalUciMoveError, UciMove};
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square,
};

use crate::lang::{Lang, LangSet, letter_groups};
use crate::localized::{ParseLocalizedSanError, parse_ascii_san, parse_san, to_move_lenient};
use crate::plain::read_plain;
use crate::{
    CastlingNotation, IllegalMoveError, LegacyPromotion, Notation, NumericMove, ParseNumericError,
    role_name,
};

/// A move read from text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The legal move.
    pub m: Move,
    /// How it was written.
    pub notation: Notation,
    /// Read, but not written as it should be: a legacy four-digit
    /// promotion, whose [`Display`](core::fmt::Display) is the warning.
    pub warning: Option<LegacyPromotion>,
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
/// use iccf::{Notation, read::read_move};
/// use shakmaty::Chess;
///
/// let pos = Chess::default();
/// for text in ["5254", "e4", "e2-e4", "e2e4"] {
///     let read = read_move(text.as_bytes(), &pos)?;
///     assert_eq!(read.m.to(), shakmaty::Square::E4);
/// }
/// assert_eq!(read_move(b"52-54", &pos)?.notation, Notation::Numeric);
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
    if let Some((m, notation)) = read_plain(text, pos, lang) {
        return Ok(ReadMove {
            m,
            notation,
            warning: None,
        });
    }
    read_general(text, pos, lang).map_err(|err| after_the_end(err, pos))
}

/// `err`, or when it says a move cannot be played in a position where no
/// move can (mate, stalemate), that the game is over. Looked at only on
/// the way of an error.
#[cold]
fn after_the_end(err: ReadMoveError, pos: &Chess) -> ReadMoveError {
    let unplayable = matches!(
        err,
        ReadMoveError::IllegalNumeric { .. }
            | ReadMoveError::IllegalUci
            | ReadMoveError::IllegalLan
            | ReadMoveError::WrongPiece { .. }
            | ReadMoveError::NoPieceCanMove { .. }
            | ReadMoveError::IllegalFromSquare { .. }
            | ReadMoveError::CannotCastle { .. }
            | ReadMoveError::NullMove
    );
    if !unplayable || !pos.legal_moves().is_empty() {
        return err;
    }
    ReadMoveError::GameOver {
        notation: err.notation(),
        color: pos.turn(),
        checkmate: pos.is_check(),
    }
}

/// Reads `text` as [`read_move_in()`] in `lang`, or with none in every
/// language: one reading for each move the languages that read `text` as
/// a legal move find, with those languages (English's first). Each
/// language reads its letters one way: `Sf3` is Nf3 in German, f3 in
/// Finnish.
///
/// # Errors
///
/// [`ReadMoveError`]: in `lang`, else in English when no language reads
/// `text` legally (English says why).
///
/// # Examples
///
/// ```
/// use iccf::{lang::Lang, read::read_move_in_any};
/// use shakmaty::{Chess, Role};
///
/// let pos = Chess::default();
/// let readings = read_move_in_any(b"Sf3", &pos, None)?;
/// let found: Vec<(String, Role)> =
///     readings.iter().map(|(langs, read)| (langs.to_string(), read.m.role())).collect();
/// assert_eq!(found, [
///     ("de pl sv no da hr sl".to_owned(), Role::Knight),
///     ("fi af".to_owned(), Role::Pawn),
/// ]);
/// assert_eq!(read_move_in_any(b"Sf3", &pos, Some(Lang::De))?.len(), 1);
/// assert_eq!(read_move_in_any(b"Nf3", &pos, None)?.len(), 1);
/// # Ok::<_, iccf::read::ReadMoveError>(())
/// ```
pub fn read_move_in_any(
    text: &[u8],
    pos: &Chess,
    lang: Option<Lang>,
) -> Result<Vec<(LangSet, ReadMove)>, ReadMoveError> {
    if let Some(lang) = lang {
        return read_move_in(text, pos, lang).map(|read| vec![(LangSet::from(lang), read)]);
    }
    let mut found: Vec<(LangSet, ReadMove)> = Vec::new();
    // Languages with the same letters read alike: one read a group.
    for group in letter_groups(LangSet::ALL) {
        let Some(Ok(read)) = group.first().map(|lang| read_move_in(text, pos, lang)) else {
            continue;
        };
        match found.iter_mut().find(|(_, other)| other.m == read.m) {
            Some((langs, _)) => *langs |= group,
            None => found.push((group, read)),
        }
    }
    if found.is_empty() {
        return read_move_in(text, pos, Lang::En).map(|read| vec![(LangSet::from(Lang::En), read)]);
    }
    Ok(found)
}

/// Reads `text` in `pos` as the move after a game whose piece letters
/// were read in `game` (empty if it wrote none; `certain` when no other
/// language reads them): in `lang` when given, else in the game's
/// language when it is certain, else in every language, keeping the
/// readings in the game's languages (`Sc6` after `2. Sf3`, which German
/// and Finnish both read: the German knight). When the game's languages
/// read none, other languages' readings are kept only for letters the
/// game's language lacks; a move its letters write but cannot make is
/// its error (`Rf3`, blocked, after `2. Nc3` is no Finnish knight's
/// move).
///
/// # Errors
///
/// [`ReadMoveError`] as for [`read_move_in_any()`].
///
/// # Examples
///
/// ```
/// use iccf::lang::{Lang, LangSet};
/// use iccf::read::read_move_after;
/// use shakmaty::{Chess, Square};
///
/// // After pawn moves, which name no language, `Dh5` is a queen's move.
/// let pos: Chess = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
///     .parse::<shakmaty::fen::Fen>()?
///     .into_position(shakmaty::CastlingMode::Standard)?;
/// let readings = read_move_after(b"Dh5", &pos, None, LangSet::EMPTY, false)?;
/// assert_eq!(readings[0].1.m.to(), Square::H5);
/// // After a game in German letters, `Sf3` is a knight's move alone.
/// let german = LangSet::from(Lang::De);
/// assert_eq!(read_move_after(b"Sf3", &pos, None, german, false)?.len(), 1);
/// // After English letters, a rook that cannot reach f3 is an error.
/// let english = LangSet::from(Lang::En);
/// assert!(read_move_after(b"Rf3", &pos, None, english, false).is_err());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn read_move_after(
    text: &[u8],
    pos: &Chess,
    lang: Option<Lang>,
    game: LangSet,
    certain: bool,
) -> Result<Vec<(LangSet, ReadMove)>, ReadMoveError> {
    let lang = lang.or(game.first().filter(|_| certain));
    let readings = read_move_in_any(text, pos, lang)?;
    if lang.is_some() || game.is_empty() {
        return Ok(readings);
    }
    let (ours, others): (Vec<_>, Vec<_>) = readings
        .into_iter()
        .partition(|(langs, _)| !(*langs & game).is_empty());
    let Some(first) = game.first().filter(|_| ours.is_empty()) else {
        return Ok(ours);
    };
    match read_move_in(text, pos, first) {
        Ok(read) => Ok(vec![(LangSet::from(first), read)]),
        // Letters the game's language lacks (`Dh5` after English `2.
        // Bc4`) are another language's.
        Err(ReadMoveError::ParseSan { .. } | ReadMoveError::NotAMove) => Ok(others),
        // A move the game's letters write but cannot make is an error:
        // another language's reading would be a move the player did not
        // mean (a blocked `Rf3` after `2. Nc3` is no Finnish knight's).
        Err(err) => Err(err),
    }
}

/// Whether `moves`, read from a game's text, wrote piece letters: a move
/// of a piece but castling. A game of pawn moves and castling names no
/// language for [`read_move_after()`].
///
/// ```
/// use iccf::read::{read_move, writes_piece_letters};
/// use shakmaty::Chess;
///
/// let e4 = read_move(b"e4", &Chess::default())?.m;
/// let nf3 = read_move(b"Nf3", &Chess::default())?.m;
/// assert!(!writes_piece_letters([e4]));
/// assert!(writes_piece_letters([e4, nf3]));
/// # Ok::<_, iccf::read::ReadMoveError>(())
/// ```
pub fn writes_piece_letters(moves: impl IntoIterator<Item = Move>) -> bool {
    moves
        .into_iter()
        .any(|m| m.role() != Role::Pawn && !m.is_castle())
}

/// [`read_move_in()`] without the shortcut for plain moves, whose answers
/// must equal these.
pub(crate) fn read_general(
    text: &[u8],
    pos: &Chess,
    lang: Lang,
) -> Result<ReadMove, ReadMoveError> {
    // The readings below are tried only for a move that cannot be read:
    // the way of every other move costs nothing.
    let err = match read_as_written(text, pos, lang) {
        Err(err) => err,
        read => return read,
    };
    if matches!(
        err,
        ReadMoveError::NotAMove | ReadMoveError::ParseSan { .. }
    ) && let Some(read) = file_capture(text, pos)
    {
        return read;
    }
    match (!text.is_ascii())
        .then(|| latin_look_alikes(text))
        .flatten()
    {
        Some(latin) => read_as_written(&latin, pos, lang).map_err(|_| err),
        None => Err(err),
    }
}

/// A pawn capture written with its files alone, as older books and
/// scoresheets write it: `ed`, `exd`, `e:d` (the e-pawn takes on the
/// d-file), check or annotation marks after it allowed. The one legal
/// capture that fits, or the candidates when several do; `None` for text
/// of another form, or when no pawn capture fits (the first error says
/// why then).
fn file_capture(text: &[u8], pos: &Chess) -> Option<Result<ReadMove, ReadMoveError>> {
    let text = core::str::from_utf8(text).ok()?;
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let mut chars = core.chars();
    let from = chars.next().and_then(File::from_char)?;
    let rest = chars.as_str();
    let to = rest.strip_prefix(['x', ':', '×']).unwrap_or(rest);
    let mut to_chars = to.chars();
    let to = to_chars.next().and_then(File::from_char)?;
    if to_chars.next().is_some() || from.distance(to) != 1 {
        return None;
    }
    let mut fitting = pos.legal_moves();
    fitting.retain(|m| {
        m.role() == Role::Pawn
            && m.is_capture()
            && m.promotion().is_none_or(|p| p == Role::Queen)
            && m.from().is_some_and(|sq| sq.file() == from)
            && m.to().file() == to
    });
    match fitting[..] {
        [] => None,
        [m] => Some(Ok(ReadMove::plain(m, Notation::San))),
        _ => Some(Err(ambiguous(Notation::San, fitting))),
    }
}

/// `text` with the Cyrillic letters typed for their Latin look-alikes on
/// a Cyrillic keyboard written in Latin: the files `а` `с` `е` and the
/// capture `х` (`Кс6`, `Сха6`), and `О` in castling (`О-О-О`); `None` if
/// there are none. Capitals but `О` stay: they are piece letters.
fn latin_look_alikes(text: &[u8]) -> Option<Vec<u8>> {
    let text = core::str::from_utf8(text).ok()?;
    let castling = text
        .chars()
        .all(|c| matches!(c, 'О' | 'о' | 'O' | '0' | '-' | '–' | '+' | '#' | '!' | '?'));
    let mut changed = false;
    let latin: String = text
        .chars()
        .map(|c| {
            let latin = match c {
                'а' => 'a',
                'с' => 'c',
                'е' => 'e',
                'х' => 'x',
                'О' | 'о' if castling => 'O',
                other => other,
            };
            changed |= latin != c;
            latin
        })
        .collect();
    changed.then(|| latin.into_bytes())
}

/// [`read_general()`] of `text` as it is written.
fn read_as_written(text: &[u8], pos: &Chess, lang: Lang) -> Result<ReadMove, ReadMoveError> {
    let notation = guess_notation(text);
    match notation {
        Notation::Numeric => read_numeric(text, pos),
        Notation::Uci => read_uci(text, pos),
        // Other languages' long forms (`Sg1-f3`) are read as SAN.
        Notation::Lan if lang == Lang::En => read_lan(text, pos),
        // guess_notation never says Figurine: figurines are SAN.
        Notation::San | Notation::Lan | Notation::Figurine => read_san(text, notation, pos, lang),
    }
}

fn read_numeric(text: &[u8], pos: &Chess) -> Result<ReadMove, ReadMoveError> {
    let n = NumericMove::from_ascii_lenient(text).map_err(ReadMoveError::ParseNumeric)?;
    match n.to_move_lenient(pos) {
        Ok((m, warning)) => Ok(ReadMove {
            m,
            notation: Notation::Numeric,
            warning,
        }),
        Err(error) => Err(ReadMoveError::IllegalNumeric {
            error,
            nearest: n.nearest_legal(pos, castling_of(pos), 3),
        }),
    }
}

/// How castling is suggested in `pos`: standard chess's numeric castling
/// is the king's move (`5171`); king takes rook (`5181`) is refused there,
/// so it was no suggestion to make.
fn castling_of(pos: &Chess) -> CastlingNotation {
    match pos.castles().mode() {
        CastlingMode::Chess960 => CastlingNotation::KingTakesRook,
        CastlingMode::Standard => CastlingNotation::KingToDestination,
    }
}

fn read_uci(text: &[u8], pos: &Chess) -> Result<ReadMove, ReadMoveError> {
    // guess_notation said Uci for two squares and a promotion letter, which
    // always parse.
    let lower = text.to_ascii_lowercase();
    let uci = UciMove::from_ascii(&lower).map_err(|_| ReadMoveError::IllegalUci)?;
    let m = uci.to_move(pos).map_err(|_| uci_error(uci, pos))?;
    Ok(ReadMove::plain(m, Notation::Uci))
}

/// Why UCI move `uci` cannot be played: `e7e8` for a pawn that promotes
/// there lacks its piece (`e7e8q`), which "illegal move" did not say.
fn uci_error(uci: UciMove, pos: &Chess) -> ReadMoveError {
    match uci {
        UciMove::Normal {
            from,
            to,
            promotion: None,
        } => {
            let queen = UciMove::Normal {
                from,
                to,
                promotion: Some(Role::Queen),
            };
            match queen.to_move(pos) {
                Ok(_) => ReadMoveError::ParseSan {
                    notation: Notation::Uci,
                    error: ParseLocalizedSanError::MissingPromotion,
                },
                Err(_) => ReadMoveError::IllegalUci,
            }
        }
        _ => ReadMoveError::IllegalUci,
    }
}

fn read_lan(text: &[u8], pos: &Chess) -> Result<ReadMove, ReadMoveError> {
    // guess_notation said Lan because parse_lan reads it.
    let lan = parse_lan(text).ok_or(ReadMoveError::IllegalLan)?;
    match lan.uci.to_move(pos) {
        // Without a letter the squares say which piece moves, as in UCI:
        // `g1-f3`, and `e8-g8` for castling as pgn-extract writes it.
        Ok(m) if lan.role.is_none_or(|role| role == m.role()) => {
            Ok(ReadMove::plain(m, Notation::Lan))
        }
        // Another piece than the one written, or none that can go: what
        // stands on the square says which.
        _ => {
            let UciMove::Normal {
                from,
                to,
                promotion,
            } = lan.uci
            else {
                return Err(ReadMoveError::IllegalLan);
            };
            let written = lan.role.unwrap_or(Role::Pawn);
            Err(explain_from_square(
                written,
                NumericMove {
                    from,
                    to,
                    promotion,
                },
                Notation::Lan,
                pos,
            )
            .unwrap_or(ReadMoveError::IllegalLan))
        }
    }
}

/// Why the `written` piece cannot make the move from `numeric`'s square
/// to its other: another of our pieces stands there, or why not as
/// numeric notation says it of the same squares; `None` if it can after
/// all (the text's fault lies elsewhere).
fn explain_from_square(
    written: Role,
    numeric: NumericMove,
    notation: Notation,
    pos: &Chess,
) -> Option<ReadMoveError> {
    let from = numeric.from;
    if let Some(found) = pos
        .board()
        .role_at(from)
        .filter(|_| pos.us().contains(from))
        && found != written
    {
        return Some(ReadMoveError::WrongPiece {
            from,
            found,
            written,
        });
    }
    numeric
        .to_move(pos)
        .err()
        .map(|error| ReadMoveError::IllegalFromSquare { notation, error })
}

fn read_san(
    text: &[u8],
    notation: Notation,
    pos: &Chess,
    lang: Lang,
) -> Result<ReadMove, ReadMoveError> {
    // The common case first: plain English SAN, as parse_san reads it.
    let fast = (lang == Lang::En && text.is_ascii())
        .then(|| parse_ascii_san(text))
        .flatten();
    let san = match fast {
        Some(san_plus) => san_plus.san,
        None => {
            let text = core::str::from_utf8(text).map_err(ReadMoveError::NotUtf8)?;
            parse_san(text, lang).map_err(|error| match error {
                // A word, not a move with its square missing.
                ParseLocalizedSanError::MissingSquare
                    if !text.bytes().any(|b| b.is_ascii_digit()) =>
                {
                    ReadMoveError::NotAMove
                }
                error => ReadMoveError::ParseSan { notation, error },
            })?
        }
    };
    match to_move_lenient(san, pos) {
        Ok(m) => Ok(ReadMove::plain(m, notation)),
        Err(err) => Err(explain_san(san, err, notation, pos)),
    }
}

impl ReadMove {
    fn plain(m: Move, notation: Notation) -> ReadMove {
        ReadMove {
            m,
            notation,
            warning: None,
        }
    }
}

/// Why a text is not a legal move: the cause, typed, with what is needed to
/// explain it.
///
/// [`Display`](fmt::Display) writes a short lowercase message, as `iccf`
/// reports it; [`ReadMoveError::notation()`] says what the text looked like.
///
/// # Examples
///
/// ```
/// use iccf::read::{ReadMoveError, read_move};
/// use shakmaty::Chess;
///
/// let err = read_move(b"5245", &Chess::default()).unwrap_err();
/// let ReadMoveError::IllegalNumeric { nearest, .. } = &err else {
///     panic!("{err:?}");
/// };
/// assert_eq!(nearest[0].to_string(), "5254");
/// assert_eq!(
///     err.to_string(),
///     "the white pawn on e2 cannot move to d5; nearest legal: 5254, 4243, 4244"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadMoveError {
    /// Digits that are no numeric move (`5294`, `525`).
    ParseNumeric(ParseNumericError),
    /// A numeric move that cannot be played here.
    IllegalNumeric {
        /// Why it cannot be played.
        error: IllegalMoveError,
        /// The legal moves whose numeric form is nearest, nearest first (at
        /// most three; castling as the king's move, in Chess960 as king
        /// takes rook: as each reads back).
        nearest: Vec<NumericMove>,
    },
    /// A UCI move that cannot be played here.
    IllegalUci,
    /// A long algebraic move (`Ng1-f3`) that cannot be played here.
    IllegalLan,
    /// A long algebraic move naming another piece than the one that moves.
    WrongPiece {
        /// The square the move starts from.
        from: Square,
        /// The piece standing there.
        found: Role,
        /// The piece the text names.
        written: Role,
    },
    /// Bytes that are not UTF-8, where a piece letter was expected.
    NotUtf8(core::str::Utf8Error),
    /// A word with no square in it (`Dear`), where a move was expected.
    NotAMove,
    /// Not a move in the piece letters of the language.
    ParseSan {
        /// SAN, or another language's long form, read as SAN.
        notation: Notation,
        /// What is wrong with the text.
        error: ParseLocalizedSanError,
    },
    /// SAN that more than one legal move fits.
    AmbiguousSan {
        /// SAN, or another language's long form, read as SAN.
        notation: Notation,
        /// The legal moves it fits, in the order of their long algebraic
        /// form.
        candidates: Vec<Move>,
    },
    /// No piece of the kind the text names can reach the square.
    NoPieceCanMove {
        /// SAN, or another language's long form, read as SAN.
        notation: Notation,
        /// The side to move.
        color: Color,
        /// The piece named.
        role: Role,
        /// The destination.
        to: Square,
    },
    /// A move written with the square its piece leaves (`Nf3-e2`, or
    /// `Nf3e2` in SAN) that cannot be played: what stands on that square
    /// says why, as for a numeric move ("f3 is empty", "the white knight on
    /// f3 cannot move to e2").
    IllegalFromSquare {
        /// Long algebraic, or SAN naming the whole square.
        notation: Notation,
        /// Why, with the squares.
        error: IllegalMoveError,
    },
    /// Castling that the side to move cannot do now.
    CannotCastle {
        /// The side to move.
        color: Color,
        /// The side castled to.
        side: CastlingSide,
    },
    /// A piece drop (Crazyhouse), which chess and numeric notation lack.
    Drop {
        /// The piece dropped.
        role: Role,
        /// Where it is dropped.
        to: Square,
    },
    /// A null move (`--`, `Z0`) where it cannot be played (the side to move
    /// is in check).
    NullMove,
    /// A move after the game ended on the board: the side to move is
    /// mated or stalemated ("no white pawn can move to a3" said it less
    /// well).
    GameOver {
        /// The notation the text looked like.
        notation: Notation,
        /// The side to move, that has no move.
        color: Color,
        /// Mate, else stalemate.
        checkmate: bool,
    },
}

impl ReadMoveError {
    /// The notation the text looked like.
    pub const fn notation(&self) -> Notation {
        match self {
            ReadMoveError::ParseNumeric(_) | ReadMoveError::IllegalNumeric { .. } => {
                Notation::Numeric
            }
            ReadMoveError::IllegalUci => Notation::Uci,
            ReadMoveError::IllegalLan | ReadMoveError::WrongPiece { .. } => Notation::Lan,
            ReadMoveError::ParseSan { notation, .. }
            | ReadMoveError::AmbiguousSan { notation, .. }
            | ReadMoveError::NoPieceCanMove { notation, .. }
            | ReadMoveError::IllegalFromSquare { notation, .. }
            | ReadMoveError::GameOver { notation, .. } => *notation,
            ReadMoveError::NotUtf8(_)
            | ReadMoveError::NotAMove
            | ReadMoveError::CannotCastle { .. }
            | ReadMoveError::Drop { .. }
            | ReadMoveError::NullMove => Notation::San,
        }
    }
}

impl fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadMoveError::ParseNumeric(err) => err.fmt(f),
            ReadMoveError::IllegalNumeric { error, nearest } => {
                error.fmt(f)?;
                for (i, n) in nearest.iter().enumerate() {
                    f.write_str(if i == 0 { "; nearest legal: " } else { ", " })?;
                    n.fmt(f)?;
                }
                Ok(())
            }
            ReadMoveError::IllegalUci | ReadMoveError::IllegalLan => f.write_str("illegal move"),
            ReadMoveError::WrongPiece {
                from,
                found,
                written,
            } => write!(
                f,
                "the piece on {from} is a {}, not a {}",
                role_name(*found),
                role_name(*written)
            ),
            ReadMoveError::NotUtf8(_) => f.write_str("not valid UTF-8"),
            ReadMoveError::NotAMove => f.write_str("not a move"),
            ReadMoveError::ParseSan { error, .. } => error.fmt(f),
            ReadMoveError::AmbiguousSan { candidates, .. } => {
                f.write_str("ambiguous: could be ")?;
                let mut buf = Vec::new();
                for (i, &m) in candidates.iter().enumerate() {
                    if i > 0 {
                        buf.extend_from_slice(b" or ");
                    }
                    append_lan(&mut buf, m);
                }
                f.write_str(&String::from_utf8_lossy(&buf))
            }
            ReadMoveError::NoPieceCanMove {
                color, role, to, ..
            } => write!(f, "no {color} {} can move to {to}", role_name(*role)),
            ReadMoveError::IllegalFromSquare { error, .. } => error.fmt(f),
            ReadMoveError::CannotCastle { color, .. } => {
                write!(f, "{color} cannot castle that way now")
            }
            ReadMoveError::Drop { .. } => {
                f.write_str("piece drops (Crazyhouse) have no numeric notation")
            }
            ReadMoveError::NullMove => {
                f.write_str("null move in a position where it cannot be played")
            }
            ReadMoveError::GameOver {
                color,
                checkmate: true,
                ..
            } => write!(f, "no move after mate: {color} is checkmated"),
            ReadMoveError::GameOver { color, .. } => {
                write!(f, "no move after stalemate: {color} has no legal move")
            }
        }
    }
}

impl std::error::Error for ReadMoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadMoveError::ParseNumeric(err) => Some(err),
            ReadMoveError::IllegalNumeric { error, .. }
            | ReadMoveError::IllegalFromSquare { error, .. } => Some(error),
            ReadMoveError::IllegalUci | ReadMoveError::IllegalLan => Some(&IllegalUciMoveError),
            ReadMoveError::NotUtf8(err) => Some(err),
            ReadMoveError::ParseSan { error, .. } => Some(error),
            ReadMoveError::AmbiguousSan { .. } => Some(&SanError::AmbiguousSan),
            ReadMoveError::NoPieceCanMove { .. }
            | ReadMoveError::CannotCastle { .. }
            | ReadMoveError::Drop { .. }
            | ReadMoveError::NullMove => Some(&SanError::IllegalSan),
            ReadMoveError::WrongPiece { .. }
            | ReadMoveError::NotAMove
            | ReadMoveError::GameOver { .. } => None,
        }
    }
}

/// A move in long algebraic notation with English letters, as the
/// ambiguity message lists the candidates.
fn append_lan(buf: &mut Vec<u8>, m: Move) {
    crate::notation::append_lan(buf, m, Lang::En);
}

/// Decides how a move token is written from its shape alone: digits are
/// numeric, two squares are UCI, two squares with a separator long
/// algebraic, anything else SAN (figurines included: never
/// [`Notation::Figurine`]).
///
/// # Examples
///
/// ```
/// use iccf::{Notation, read::guess_notation};
///
/// assert_eq!(guess_notation(b"52-54"), Notation::Numeric);
/// assert_eq!(guess_notation(b"e7e8q"), Notation::Uci);
/// assert_eq!(guess_notation(b"Ng1-f3"), Notation::Lan);
/// assert_eq!(guess_notation("♘f3".as_bytes()), Notation::San);
/// ```
pub fn guess_notation(text: &[u8]) -> Notation {
    match text {
        [b'1'..=b'8', ..] if text.iter().all(|c| c.is_ascii_digit() || *c == b'-') => {
            Notation::Numeric
        }
        // A capture marked between the squares, as in old records: `52x54`.
        [b'1'..=b'8', b'1'..=b'8', b'x' | b':', rest @ ..]
            if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) =>
        {
            Notation::Numeric
        }
        [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
        | [
            b'a'..=b'h',
            b'1'..=b'8',
            b'a'..=b'h',
            b'1'..=b'8',
            b'q' | b'r' | b'b' | b'n' | b'Q' | b'R' | b'B' | b'N',
        ] => Notation::Uci,
        _ if could_be_lan(text) && parse_lan(text).is_some() => Notation::Lan,
        _ => Notation::San,
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

/// A long algebraic move: its piece, if a letter names it, and squares.
struct Lan {
    role: Option<Role>,
    uci: UciMove,
}

/// `e2-e4`, `Ng1-f3`, `Bb5xc6+`, `e7-e8=Q`.
fn parse_lan(text: &[u8]) -> Option<Lan> {
    let (role, rest) = match text.first()? {
        b'K' => (Some(Role::King), &text[1..]),
        b'Q' => (Some(Role::Queen), &text[1..]),
        b'R' => (Some(Role::Rook), &text[1..]),
        b'B' => (Some(Role::Bishop), &text[1..]),
        b'N' => (Some(Role::Knight), &text[1..]),
        _ => (None, text),
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
fn explain_san(san: San, err: SanError, notation: Notation, pos: &Chess) -> ReadMoveError {
    let color = pos.turn();
    match (san, err) {
        (San::Put { role, to }, _) => ReadMoveError::Drop { role, to },
        (San::Null, _) => ReadMoveError::NullMove,
        (San::Castle(side), _) => ReadMoveError::CannotCastle { color, side },
        (_, SanError::AmbiguousSan) => {
            let fitting = pos.legal_moves().into_iter().filter(|m| san.matches(*m));
            ambiguous(notation, fitting)
        }
        (
            San::Normal {
                role,
                file: Some(file),
                rank: Some(rank),
                to,
                promotion,
                ..
            },
            _,
        ) if let Some(why) = explain_from_square(
            role,
            NumericMove {
                from: Square::from_coords(file, rank),
                to,
                promotion,
            },
            notation,
            pos,
        ) =>
        {
            why
        }
        // `e8` for a pawn that promotes there: not that no pawn can go.
        (
            San::Normal {
                role: Role::Pawn,
                promotion: None,
                ..
            },
            _,
        ) if promotes(san, pos) => ReadMoveError::ParseSan {
            notation,
            error: ParseLocalizedSanError::MissingPromotion,
        },
        (San::Normal { role, to, .. }, _) => ReadMoveError::NoPieceCanMove {
            notation,
            color,
            role,
            to,
        },
    }
}

/// The error for a move that `candidates` all fit, listed in the order of
/// their long algebraic form.
fn ambiguous(notation: Notation, candidates: impl IntoIterator<Item = Move>) -> ReadMoveError {
    let mut candidates: Vec<(Vec<u8>, Move)> = candidates
        .into_iter()
        .map(|m| {
            let mut lan = Vec::new();
            append_lan(&mut lan, m);
            (lan, m)
        })
        .collect();
    candidates.sort_by(|a, b| a.0.cmp(&b.0));
    ReadMoveError::AmbiguousSan {
        notation,
        candidates: candidates.into_iter().map(|(_, m)| m).collect(),
    }
}

/// Whether pawn move `san`, written without a promotion piece, is legal
/// with one.
fn promotes(san: San, pos: &Chess) -> bool {
    let mut queen = san;
    match &mut queen {
        San::Normal { promotion, .. } => *promotion = Some(Role::Queen),
        _ => return false,
    }
    to_move_lenient(queen, pos).is_ok()
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

    /// `e8` for a pawn that promotes there said "no white pawn can move to
    /// e8", which it can, with a piece.
    #[test]
    fn a_pawn_move_without_its_promotion_piece_says_so() {
        let pos = fen("3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1");
        for text in ["e8", "exd8", "e8+", "e7e8", "e7d8"] {
            assert_eq!(msg(text, &pos), "missing promotion piece", "{text}");
        }
        assert_eq!(msg("e7e6", &pos), "illegal move");
        assert_eq!(msg("e6", &pos), "no white pawn can move to e6");
    }

    /// A move after mate said "no white pawn can move to a3", and after
    /// stalemate the same: the game is over on the board. Text that is no
    /// move still says so.
    #[test]
    fn a_move_after_the_end_says_the_game_is_over() {
        let mated = fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        for text in ["a3", "1213", "a2a3", "Ke1-f2", "O-O", "--"] {
            assert_eq!(
                msg(text, &mated),
                "no move after mate: white is checkmated",
                "{text}"
            );
        }
        assert_eq!(msg("hello", &mated), "not a move");
        let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            msg("Kg8", &stalemate),
            "no move after stalemate: black has no legal move"
        );
        assert_eq!(err("a3", &mated).notation(), Notation::San);
    }

    /// Regression: `Кс6` typed on a Cyrillic keyboard (the file a
    /// Cyrillic `с`) and `О-О` (Cyrillic `О`) were not moves.
    #[test]
    fn cyrillic_look_alike_letters_were_no_moves() {
        let game = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"];
        let mut pos = Chess::default();
        for san in game {
            let m = read_move(san.as_bytes(), &pos).unwrap().m;
            pos.play_unchecked(m);
        }
        for (text, expected) in [("О-О", "O-O"), ("о-о", "O-O"), ("Кс3", "Nc3"), ("Сха7", "")]
        {
            let read = read_move_in(text.as_bytes(), &pos, Lang::Ru);
            match expected {
                "" => assert!(read.is_err(), "{text}"),
                san => {
                    let m = read.unwrap_or_else(|err| panic!("{text}: {err}")).m;
                    assert_eq!(shakmaty::san::San::from_move(&pos, m).to_string(), san);
                }
            }
        }
        let before = Chess::default();
        let m = read_move_in("е4".as_bytes(), &before, Lang::Ru).unwrap().m;
        assert_eq!(m.to(), Square::E4);
        // A Bulgarian bishop `О` is no castling.
        assert!(latin_look_alikes("Оc4".as_bytes()).is_none());
    }

    /// Regression: a numeric capture marked as old records mark it
    /// (`54x45`) said "`45` is not a square", read as SAN.
    #[test]
    fn numeric_capture_mark_was_read_as_san() {
        let mut pos = Chess::default();
        for text in ["5254", "4745"] {
            let m = read_move(text.as_bytes(), &pos).unwrap().m;
            pos.play_unchecked(m);
        }
        for text in ["54x45", "54:45"] {
            let read = read_move(text.as_bytes(), &pos).unwrap();
            assert_eq!(
                (read.m.to(), read.notation),
                (Square::D5, Notation::Numeric),
                "{text}"
            );
        }
        assert_eq!(guess_notation(b"5x45"), Notation::San);
        assert_eq!(guess_notation(b"54x"), Notation::San);
    }

    #[test]
    fn every_syntax_reads_the_same_move() {
        let pos = Chess::default();
        for (text, notation) in [
            ("7163", Notation::Numeric),
            ("71-63", Notation::Numeric),
            ("Nf3", Notation::San),
            ("Ng1-f3", Notation::Lan),
            ("g1f3", Notation::Uci),
        ] {
            let read = read_move(text.as_bytes(), &pos).unwrap();
            assert_eq!(
                (read.m.from(), read.m.to(), read.notation),
                (Some(Square::G1), Square::F3, notation),
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
        for (text, said) in [
            ("Nd4", "no white knight can move to d4"),
            ("Ke1-e2", "the white king on e1 cannot move to e2"),
            ("Qd1-d3", "the white queen on d1 cannot move to d3"),
            ("Nb1-c4", "the white knight on b1 cannot move to c4"),
            ("Bb1-c3", "the piece on b1 is a knight, not a bishop"),
        ] {
            assert_eq!(msg(text, &pos), said, "{text}");
        }
        // Issue 10: a word was "missing destination square".
        assert_eq!(msg("xyz", &pos), "not a move");
        assert_eq!(msg("Dear", &pos), "not a move");
        assert_eq!(msg("Nf", &pos), "not a move");
        assert_eq!(msg("Nf9", &pos), "`f9` is not a square");
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

    fn err(text: &str, pos: &Chess) -> ReadMoveError {
        read_move(text.as_bytes(), pos).expect_err(text)
    }

    fn fen(fen: &str) -> Chess {
        fen.parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn errors_are_typed_by_cause() {
        use std::error::Error as _;
        let pos = Chess::default();
        let e = err("5294", &pos);
        assert!(matches!(
            e,
            ReadMoveError::ParseNumeric(ParseNumericError::To(_))
        ));
        assert_eq!(e.notation(), Notation::Numeric);
        assert!(e.source().is_some());
        let ReadMoveError::IllegalNumeric { error, nearest } = err("5245", &pos) else {
            panic!("5245");
        };
        assert_eq!(error.reason, crate::IllegalReason::Unreachable(Role::Pawn));
        assert_eq!(nearest.len(), 3);
        assert_eq!(err("e2e5", &pos), ReadMoveError::IllegalUci);
        assert_eq!(err("e2e5", &pos).to_string(), "illegal move");
        assert!(matches!(
            err("Ke1-e2", &pos),
            ReadMoveError::IllegalFromSquare {
                notation: Notation::Lan,
                ..
            }
        ));
        assert_eq!(
            err("Bb1-c3", &pos),
            ReadMoveError::WrongPiece {
                from: Square::B1,
                found: Role::Knight,
                written: Role::Bishop
            }
        );
        // Without a letter the squares name the piece, as in UCI; castling
        // is the king's move (pgn-extract's `-Wxlalg` writes `e1-g1`).
        let read = |text: &str, pos: &Chess| read_move(text.as_bytes(), pos).expect(text).m;
        assert_eq!(read("g1-f3", &pos).role(), Role::Knight);
        let castles = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(read("e1-g1", &castles).is_castle());
        assert!(read("e1-c1", &castles).is_castle());
        assert!(matches!(
            err("Bg1-f3", &pos),
            ReadMoveError::WrongPiece { .. }
        ));
        assert_eq!(err("xyz", &pos), ReadMoveError::NotAMove);
        assert!(matches!(
            err("Nf9", &pos),
            ReadMoveError::ParseSan {
                notation: Notation::San,
                ..
            }
        ));
        assert_eq!(
            err("Nd4", &pos),
            ReadMoveError::NoPieceCanMove {
                notation: Notation::San,
                color: Color::White,
                role: Role::Knight,
                to: Square::D4
            }
        );
        assert!(matches!(
            err("O-O", &pos),
            ReadMoveError::CannotCastle {
                color: Color::White,
                side: CastlingSide::KingSide
            }
        ));
        assert_eq!(
            err("O-O", &pos).to_string(),
            "white cannot castle that way now"
        );
        assert!(matches!(
            err("N@f3", &pos),
            ReadMoveError::Drop {
                role: Role::Knight,
                ..
            }
        ));
        let e = read_move(b"\xffe4", &pos).unwrap_err();
        assert!(matches!(e, ReadMoveError::NotUtf8(_)), "{e:?}");
        assert_eq!(e.to_string(), "not valid UTF-8");
    }

    #[test]
    fn ambiguity_lists_the_candidates() {
        let pos = fen("4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1");
        let e = err("Nd2", &pos);
        let ReadMoveError::AmbiguousSan { candidates, .. } = &e else {
            panic!("{e:?}");
        };
        let from: Vec<_> = candidates.iter().map(|m| m.from()).collect();
        assert_eq!(from, [Some(Square::B1), Some(Square::F1)]);
        assert_eq!(
            std::error::Error::source(&e).map(ToString::to_string),
            Some(SanError::AmbiguousSan.to_string())
        );
    }

    #[test]
    fn null_move_in_check_and_german_long_form() {
        let pos = fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        assert_eq!(err("--", &pos), ReadMoveError::NullMove);
        // A German long form is read as SAN but keeps its notation.
        let e = read_move_in("Kb1-b2".as_bytes(), &Chess::default(), Lang::De).unwrap_err();
        assert_eq!(e.notation(), Notation::Lan);
        assert!(
            matches!(
                e,
                ReadMoveError::WrongPiece {
                    found: Role::Knight,
                    written: Role::King,
                    ..
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn legacy_promotion_is_a_typed_warning() {
        let pos = fen("8/5P2/8/8/8/8/8/k6K w - - 0 1");
        let read = read_move(b"6762", &pos).unwrap();
        let warning = read.warning.expect("legacy promotion");
        assert_eq!(warning.standard.to_string(), "67682");
        assert_eq!(
            warning.to_string(),
            "four-digit promotion 6762 is not ICCF standard: read as 67682"
        );
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

    /// Regression: a move naming the square its piece leaves said "no
    /// white knight can move to e2" (`Nf3e2`, no knight there) or "illegal
    /// move" (`Nf3-e2`): it now says what stands on that square, as for a
    /// numeric move.
    #[test]
    fn move_from_a_square_named_said_no_piece_can_move() {
        let mut pos = Chess::default();
        for san in ["e4", "e5", "Nf3", "Nc6"] {
            let m = read_move(san.as_bytes(), &pos).unwrap().m;
            pos.play_unchecked(m);
        }
        for (text, said) in [
            ("Nf3e2", "the white knight on f3 cannot move to e2"),
            ("Nf3-e2", "the white knight on f3 cannot move to e2"),
            ("Nf3xe2", "the white knight on f3 cannot move to e2"),
            (
                "Nd4e2",
                "no white piece can move from d4 to e2: d4 is empty",
            ),
            (
                "Nd4-e2",
                "no white piece can move from d4 to e2: d4 is empty",
            ),
            ("Nf1e3", "the piece on f1 is a bishop, not a knight"),
            ("Bf3-e2", "the piece on f3 is a knight, not a bishop"),
            ("d2-d5", "the white pawn on d2 cannot move to d5"),
            (
                "Nc6-e5",
                "no white piece can move from c6 to e5: c6 holds a black knight",
            ),
        ] {
            assert_eq!(msg(text, &pos), said, "{text}");
        }
        let err = read_move(b"Nf3e2", &pos).unwrap_err();
        assert_eq!(err.notation(), Notation::San);
        let err = read_move(b"Nf3-e2", &pos).unwrap_err();
        assert_eq!(err.notation(), Notation::Lan);
        // Still read when legal.
        assert!(read_move(b"Bf1e2", &pos).is_ok());
        assert!(read_move(b"Bf1-e2", &pos).is_ok());
    }
}
