//! What a PGN symbol token is, from its bytes alone: a move, a move number
//! written without dots, an en passant mark written apart, a null move,
//! castling.
//!
//! PGN lexers hand these over as one kind of token (a "symbol"); the
//! converter and the language detection ([`GameLetters`](crate::lang::GameLetters))
//! sort them with these tests, which look at the bytes only, never at a
//! position.

/// Whether a symbol token is a move: not a move number written without
/// dots (`1 5254 5755 2 7163`: numbers of up to three digits), nor an en
/// passant mark written apart (`exd6 e.p.`, also `ep`, `i.p.`, Russian
/// `в.п.`).
///
/// Null moves are moves here: see [`is_null_move`].
///
/// # Examples
///
/// ```
/// use iccf::token::is_move;
///
/// assert!(is_move(b"5254"));
/// assert!(is_move(b"e4"));
/// assert!(!is_move(b"12"));
/// assert!(!is_move(b"e.p."));
/// ```
#[inline]
pub fn is_move(text: &[u8]) -> bool {
    match text.first() {
        Some(b'0'..=b'9') => text.len() > 3 || !text.iter().all(u8::is_ascii_digit),
        // A mark's second byte is `.` or `p` (`в` then `.`): a pawn move's
        // (`e4`, `axb5`) is a digit or `x`, so most moves stop here.
        Some(b'e' | b'i' | b'a' | 0xd0) => {
            !(matches!(text.get(1), Some(b'.' | b'p' | 0xb2)) && is_en_passant_mark(text))
        }
        _ => true,
    }
}

/// Whether a symbol token is an en passant mark written apart from its
/// move: `e.p.` (`exd6 e.p.`), also `e.p`, `ep`, `i.p.`, Spanish `a.p.`
/// and Russian `в.п.`, with the move's check or mate sign or annotation
/// after it as books print them (`exd6 e.p.+`). Numeric notation writes
/// en passant as the plain diagonal move, so the mark is dropped, its
/// check sign with it (the check is the position's); an annotation lexed
/// apart (`e.p.!`) stays the move's.
///
/// ```
/// use iccf::token::is_en_passant_mark;
///
/// assert!(is_en_passant_mark(b"e.p."));
/// assert!(is_en_passant_mark(b"e.p.+"));
/// assert!(is_en_passant_mark("в.п.".as_bytes()));
/// assert!(!is_en_passant_mark(b"e4"));
/// assert!(!is_en_passant_mark(b"+"));
/// ```
#[inline]
pub fn is_en_passant_mark(text: &[u8]) -> bool {
    let signs = text
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'+' | b'#' | b'!' | b'?'))
        .count();
    matches!(
        &text[..text.len() - signs],
        b"e.p." | b"e.p" | b"ep" | b"i.p." | b"a.p." | b"\xd0\xb2.\xd0\xbf."
    )
}

/// Whether a token is a null move as PGN programs write it: `--`, `Z0` or
/// `z0`, or as UCI writes it: `0000` (no numeric move, since there is no
/// square `00`; iccf's own UCI output writes it, and must read it back).
///
/// # Examples
///
/// ```
/// use iccf::token::is_null_move;
///
/// assert!(is_null_move(b"--"));
/// assert!(is_null_move(b"Z0"));
/// assert!(is_null_move(b"0000"));
/// assert!(!is_null_move(b"000"));
/// ```
pub fn is_null_move(text: &[u8]) -> bool {
    matches!(text, b"--" | b"Z0" | b"z0" | b"0000")
}

/// Whether a token looks like castling: it starts with `O`, `0` or `o` and
/// has a hyphen (`O-O`, `0-0-0`, `o-o+`).
///
/// A quick test on the bytes, for telling castling's capital `O` from a
/// piece letter; whether the text is well-formed castling is the reader's
/// business ([`read_move`](crate::read::read_move)).
///
/// # Examples
///
/// ```
/// use iccf::token::is_castling;
///
/// assert!(is_castling(b"O-O-O"));
/// assert!(is_castling(b"0-0"));
/// assert!(!is_castling(b"Of3"));
/// ```
pub fn is_castling(text: &[u8]) -> bool {
    matches!(text.first(), Some(b'O' | b'0' | b'o')) && text.contains(&b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_marks_are_no_moves() {
        for text in [
            &b"1"[..],
            b"12",
            b"123",
            b"e.p.",
            b"e.p",
            b"ep",
            b"i.p.",
            b"a.p.",
            b"e.p.+",
            b"ep#",
            b"e.p.!?",
        ] {
            assert!(!is_move(text), "{}", text.escape_ascii());
        }
        assert!(!is_move("в.п.".as_bytes()));
        for text in [
            &b"1234"[..],
            b"5254",
            b"52-54",
            b"e4",
            b"exd6",
            b"ed5",
            b"--",
            b"O-O",
        ] {
            assert!(is_move(text), "{}", text.escape_ascii());
        }
        assert!(is_move("Крe2".as_bytes()));
    }

    #[test]
    fn null_moves_and_castling() {
        assert!(is_null_move(b"z0"));
        assert!(!is_null_move(b"-"));
        assert!(!is_null_move(b"Z0+"));
        assert!(is_castling(b"o-o"));
        assert!(is_castling(b"0-0-0+"));
        assert!(!is_castling(b"OO"));
        assert!(!is_castling(b"e4"));
        assert!(!is_castling(b""));
    }
}
