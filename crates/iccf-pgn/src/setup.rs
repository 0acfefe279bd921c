//! The position a game starts from: its `FEN` and `Variant` tags.

use core::ops::Range;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, FromSetup};

use crate::encoding::lossy;
use crate::lexer::{Token, TokenKind};
use crate::problem::{ProblemKind, Problems, cut_quote};

/// Where the last `FEN` and `Variant` tags of a game are, as token
/// indexes: gathered while lexing, so that finding them costs no pass.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SetupTags {
    fen: Option<usize>,
    variant: Option<usize>,
}

impl SetupTags {
    /// Notes the tag named `name` at token `index`.
    pub(crate) fn add(&mut self, name: &[u8], index: usize) {
        if name.eq_ignore_ascii_case(b"FEN") {
            self.fen = Some(index);
        } else if name.eq_ignore_ascii_case(b"Variant") {
            self.variant = Some(index);
        }
    }

    /// Whether the game has a `FEN` tag.
    pub(crate) fn has_fen(&self) -> bool {
        self.fen.is_some()
    }

    /// The game's start position. A problem with the tags is recorded; an
    /// error gives `None`, and the game is then copied unconverted.
    pub(crate) fn start(&self, tokens: &[Token<'_>], problems: &mut Problems<'_>) -> Option<Chess> {
        match self.read(tokens, problems) {
            Ok(pos) => Some(pos),
            Err((span, kind)) => {
                problems.error(span, None, kind);
                None
            }
        }
    }

    fn read(
        &self,
        tokens: &[Token<'_>],
        problems: &mut Problems<'_>,
    ) -> Result<Chess, (Range<usize>, ProblemKind)> {
        let tag = |index: Option<usize>| {
            let t = &tokens[index?];
            match &t.kind {
                TokenKind::Tag { value, .. } => Some((value.unescaped(), t.span.clone())),
                _ => None,
            }
        };
        let fen = tag(self.fen);
        let mode = match tag(self.variant) {
            // Shredder-FEN names the rooks' files (`HAha`): Chess960.
            None if fen.as_ref().is_some_and(|(fen, _)| names_rook_files(fen)) => {
                CastlingMode::Chess960
            }
            None => CastlingMode::Standard,
            Some((name, span)) => variant_mode(&name).ok_or_else(|| {
                let name = cut_quote(lossy(&name));
                (span, ProblemKind::UnsupportedVariant(name))
            })?,
        };
        let Some((fen, span)) = fen else {
            return Ok(start_position(mode));
        };
        let fen = parse_fen(&fen).map_err(|err| {
            let kind = match err {
                FenTextError::Syntax(err) => ProblemKind::BadFen(err),
                FenTextError::AbsurdCounter(n) => ProblemKind::AbsurdFenCounter(n),
            };
            (span.clone(), kind)
        })?;
        match fen.into_position(mode) {
            Ok(pos) => Ok(pos),
            // Castling rights that do not fit the pieces are common in
            // hand-made FENs: drop them rather than the game, and say so.
            Err(err) => match err.ignore_invalid_castling_rights() {
                Ok(pos) => {
                    problems.warn(span, None, ProblemKind::FenCastlingIgnored);
                    Ok(pos)
                }
                Err(err) => Err((
                    span,
                    ProblemKind::ImpossibleFen {
                        kinds: err.kinds(),
                        reason: err.to_string(),
                    },
                )),
            },
        }
    }
}

/// The standard starting position, with castling read in `mode`.
pub fn start_position(mode: CastlingMode) -> Chess {
    match mode {
        // Built without validating the setup, which costs more than a
        // short game's moves.
        CastlingMode::Standard => Chess::default(),
        CastlingMode::Chess960 => {
            Chess::from_setup(shakmaty::Setup::default(), mode).unwrap_or_default()
        }
    }
}

/// The largest move counter a FEN may give: no game reaches move 10,000,
/// and shakmaty would quietly cap a counter past `u32::MAX`.
pub const MAX_FEN_COUNTER: u64 = 100_000;

/// A FEN's halfmove clock or fullmove number past [`MAX_FEN_COUNTER`]:
/// `iccf convert` refuses such a FEN tag, and `iccf board --fen` and
/// `iccf move --fen` the same FEN.
///
/// ```
/// use iccf_pgn::setup::absurd_counter;
///
/// assert_eq!(absurd_counter(b"8/8/8/8/8/8/8/K1k5 w - - 0 1"), None);
/// assert_eq!(absurd_counter(b"8/8/8/8/8/8/8/K1k5 w - - 0 999999").as_deref(), Some("999999"));
/// ```
pub fn absurd_counter(fen: &[u8]) -> Option<String> {
    let fields = fen
        .trim_ascii()
        .split(|&b| b == b' ')
        .filter(|f| !f.is_empty());
    fields.skip(4).find_map(|field| {
        let digits = field.iter().all(u8::is_ascii_digit);
        let value = core::str::from_utf8(field).ok()?.parse::<u64>();
        let absurd = digits && value.map_or(true, |n| n > MAX_FEN_COUNTER);
        absurd.then(|| cut_quote(lossy(field)))
    })
}

/// Reads a FEN as every front reads one (a game's `FEN` tag, a command's
/// `--fen`, a web request's, a Python argument's, a correspondence game
/// file's): shakmaty's syntax, and no move counter past
/// [`MAX_FEN_COUNTER`].
///
/// # Errors
///
/// [`FenTextError`] when the text is not FEN or a counter is absurd.
///
/// ```
/// use iccf_pgn::setup::{FenTextError, parse_fen};
///
/// assert!(parse_fen(b"8/8/8/8/8/8/8/K1k5 w - - 0 1").is_ok());
/// let err = parse_fen(b"8/8/8/8/8/8/8/K1k5 w - - 0 99999999999999999999").unwrap_err();
/// assert!(matches!(err, FenTextError::AbsurdCounter(_)));
/// assert_eq!(err.to_string(), "move counter 99999999999999999999 is absurd");
/// ```
pub fn parse_fen(text: &[u8]) -> Result<Fen, FenTextError> {
    if let Some(counter) = absurd_counter(text) {
        return Err(FenTextError::AbsurdCounter(counter));
    }
    Fen::from_ascii(text.trim_ascii()).map_err(FenTextError::Syntax)
}

/// Why [`parse_fen`] read no FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenTextError {
    /// Not FEN, as shakmaty says.
    Syntax(shakmaty::fen::ParseFenError),
    /// A move counter past [`MAX_FEN_COUNTER`] (cut as problems quote).
    AbsurdCounter(String),
}

impl core::fmt::Display for FenTextError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FenTextError::Syntax(err) => err.fmt(f),
            FenTextError::AbsurdCounter(n) => write!(f, "move counter {n} is absurd"),
        }
    }
}

impl std::error::Error for FenTextError {}

/// Whether a FEN's castling field names rook files (Shredder-FEN, `HAha`)
/// rather than sides (`KQkq`).
fn names_rook_files(fen: &[u8]) -> bool {
    let mut fields = fen
        .trim_ascii()
        .split(|&b| b == b' ')
        .filter(|f| !f.is_empty());
    fields.nth(2).is_some_and(|castling| {
        castling
            .iter()
            .any(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h'))
    })
}

/// The chess a `Variant` tag names: standard chess (also `From Position`
/// and an empty name), Chess960 (`chess 960`, `Fischerandom`, `FRC`), or
/// `None` for a variant that numeric notation cannot hold (Crazyhouse,
/// Atomic...).
///
/// ```
/// use iccf_pgn::setup::variant_mode;
/// use shakmaty::CastlingMode;
///
/// assert_eq!(variant_mode(b"Chess960"), Some(CastlingMode::Chess960));
/// assert_eq!(variant_mode(b"Standard"), Some(CastlingMode::Standard));
/// assert_eq!(variant_mode(b"Crazyhouse"), None);
/// ```
pub fn variant_mode(name: &[u8]) -> Option<CastlingMode> {
    let name = name.trim_ascii().to_ascii_lowercase();
    match name.as_slice() {
        b"" | b"standard" | b"chess" | b"normal" | b"from position" | b"fromposition" => {
            Some(CastlingMode::Standard)
        }
        _ if name.windows(3).any(|w| w == b"960")
            || name.starts_with(b"fischer")
            || name == b"frc" =>
        {
            Some(CastlingMode::Chess960)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn standard_start_is_the_validated_setup() {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let validated = Chess::from_setup(shakmaty::Setup::default(), mode).expect("start");
            assert_eq!(start_position(mode), validated);
            assert_eq!(start_position(mode).castles().mode(), mode);
        }
    }

    #[test]
    fn shredder_fen_castling_names_rook_files() {
        assert!(names_rook_files(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        ));
        assert!(!names_rook_files(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ));
        assert!(!names_rook_files(b"8/8/8/8/8/8/8/K1k5 b - - 0 1"));
    }

    #[test]
    fn absurd_fen_counters_are_named() {
        let fen = |counters: &str| format!("8/8/8/8/8/8/8/K1k5 w - - {counters}");
        assert_eq!(absurd_counter(fen("0 1").as_bytes()), None);
        assert_eq!(absurd_counter(fen("99 5000").as_bytes()), None);
        let huge = fen("0 99999999999999999999999");
        assert_eq!(
            absurd_counter(huge.as_bytes()).as_deref(),
            Some("99999999999999999999999")
        );
        assert_eq!(
            absurd_counter(fen("4294967296 1").as_bytes()).as_deref(),
            Some("4294967296")
        );
    }

    #[test]
    fn variant_names() {
        assert_eq!(variant_mode(b" Standard "), Some(CastlingMode::Standard));
        assert_eq!(variant_mode(b"chess 960"), Some(CastlingMode::Chess960));
        assert_eq!(variant_mode(b"Fischerandom"), Some(CastlingMode::Chess960));
        assert_eq!(variant_mode(b"crazyhouse"), None);
    }
}
