//! The position a game starts from: its `FEN` and `Variant` tags.

use core::ops::Range;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, FromSetup};

use crate::lexer::{Token, TokenKind};
use crate::problem::{ProblemKind, Problems};

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
        let mode = match tag(self.variant) {
            None => CastlingMode::Standard,
            Some((name, span)) => variant_mode(&name).ok_or_else(|| {
                let name = String::from_utf8_lossy(&name).into_owned();
                (span, ProblemKind::UnsupportedVariant(name))
            })?,
        };
        let Some((fen, span)) = tag(self.fen) else {
            return Ok(start_position(mode));
        };
        let fen = Fen::from_ascii(fen.trim_ascii())
            .map_err(|err| (span.clone(), ProblemKind::BadFen(err)))?;
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

/// Standard chess, Chess960, or `None` for a variant numeric cannot hold.
fn variant_mode(name: &[u8]) -> Option<CastlingMode> {
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
    fn variant_names() {
        assert_eq!(variant_mode(b" Standard "), Some(CastlingMode::Standard));
        assert_eq!(variant_mode(b"chess 960"), Some(CastlingMode::Chess960));
        assert_eq!(variant_mode(b"Fischerandom"), Some(CastlingMode::Chess960));
        assert_eq!(variant_mode(b"crazyhouse"), None);
    }
}
