//! What authors type where PGN has one spelling.
//!
//! Games copied from books, web pages and word processors carry results
//! with a typographic dash or a `½` (`1–0`, `½–½`, `1/2—1/2`) and the
//! annotation glyphs of printed chess (`±`, `⩲`, `+-`) where PGN writes a
//! numeric annotation glyph (`$16`, `$14`, `$18`). Their meaning is clear:
//! the lexer reads them as the result or the NAG they stand for, and the
//! walk says so in a warning and writes PGN's own spelling.
//!
//! The glyphs and their numbers are those lichess reads and writes
//! (scalachess `Glyph.scala`), which follow the PGN standard's NAG table
//! and the symbols of the Chess Informant: `=` 10, `∞` 13, `⩲` 14, `⩱` 15,
//! `±` 16, `∓` 17, `+−` 18, `−+` 19, `□` 7, `⨀` 22, `↑↑` 32, `↑` 36, `→` 40,
//! `=∞` 44, `⇆` 132, `⊕` 138, `∆` 140; with the ASCII forms authors type
//! for them (`+/-` 16, `+=` 14, `+--` 18, ...), and Unicode's single
//! characters for `!!` 3, `??` 4, `!?` 5 and `?!` 6 (`‼`, `⁇`, `⁉`, `⁈`).
//!
//! # Examples
//!
//! ```
//! use iccf_pgn::spelling::{canonical_result, glyph_nag};
//!
//! assert_eq!(canonical_result("½–½".as_bytes()), Some(&b"1/2-1/2"[..]));
//! assert_eq!(canonical_result("1—0".as_bytes()), Some(&b"1-0"[..]));
//! assert_eq!(canonical_result(b"1-1"), None);
//! assert_eq!(glyph_nag("±".as_bytes()), Some(16));
//! assert_eq!(glyph_nag(b"+-"), Some(18));
//! assert_eq!(glyph_nag(b"--"), None); // a null move
//! ```

/// Glyphs and the NAG each stands for: the symbols of printed chess
/// (lichess's set), then the ASCII forms typed for them.
const GLYPHS: &[(&str, &str)] = &[
    // Unicode's single characters for `!!`, `??`, `!?`, `?!`.
    ("‼", "3"),
    ("⁇", "4"),
    ("⁉", "5"),
    ("⁈", "6"),
    ("□", "7"),
    ("=", "10"),
    ("∞", "13"),
    ("⩲", "14"),
    ("⩱", "15"),
    ("±", "16"),
    ("∓", "17"),
    ("+−", "18"),
    ("−+", "19"),
    ("⨀", "22"),
    ("↑↑", "32"),
    ("⟳", "32"),
    ("↑", "36"),
    ("→", "40"),
    ("=∞", "44"),
    ("=/∞", "44"),
    ("⇆", "132"),
    ("⇄", "132"),
    ("⊕", "138"),
    ("∆", "140"),
    ("Δ", "140"),
    // ASCII, as typed: `+-` is decisive in the Informant's scale (`$18`),
    // `+/-` clear (`$16`), `+=` and `+/=` slight (`$14`); `+--` and `--+`
    // are the decisive signs with a doubled minus.
    ("+=", "14"),
    ("+/=", "14"),
    ("=+", "15"),
    ("=/+", "15"),
    ("+/-", "16"),
    ("-/+", "17"),
    ("+-", "18"),
    ("+--", "18"),
    ("-+", "19"),
    ("--+", "19"),
];

/// The length in bytes of the longest glyph of [`GLYPHS`].
const MAX_GLYPH_LEN: usize = 6;

/// The NAG number a glyph stands for (`±` is 16, `+-` 18), or `None` when
/// `symbol` is no glyph.
pub fn glyph_nag(symbol: &[u8]) -> Option<u8> {
    glyph_digits(symbol)?
        .iter()
        .try_fold(0u8, |n, &d| n.checked_mul(10)?.checked_add(d - b'0'))
}

/// The digits of the NAG a glyph stands for (`16` for `±`), as the lexer's
/// [`TokenKind::Nag`](crate::lexer::TokenKind::Nag) holds them.
pub(crate) fn glyph_digits(symbol: &[u8]) -> Option<&'static [u8]> {
    // The longest glyph is `↑↑` or `=/∞`: a longer symbol is a move (`♘f3`,
    // `Кр:e1`), told so without a look at the table.
    if symbol.len() > MAX_GLYPH_LEN {
        return None;
    }
    GLYPHS
        .iter()
        .find(|(glyph, _)| glyph.as_bytes() == symbol)
        .map(|&(_, digits)| digits.as_bytes())
}

/// The length of a non-ASCII glyph glued to the end of `symbol` after
/// something else (`Nf3±`, `Bxd3??⩱`), or 0: the lexer cuts it off as
/// `!?` is cut off. Only glyphs without ASCII characters are cut, as `+`
/// and `=` glued to a move are a check and a promotion (`Nd5+`, `e8=Q`).
pub(crate) fn glued_glyph_len(symbol: &[u8]) -> usize {
    if glyph_digits(symbol).is_some() {
        // A glyph of its own: `=∞` is not `=` and `∞`.
        return 0;
    }
    GLYPHS
        .iter()
        .map(|(glyph, _)| glyph.as_bytes())
        .filter(|glyph| !glyph.iter().any(u8::is_ascii))
        .filter(|glyph| symbol.len() > glyph.len() && symbol.ends_with(glyph))
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0)
}

/// PGN's spelling of a game result (`1-0`, `0-1`, `1/2-1/2`, `*`) for one
/// as written: PGN's own, or with an en dash, em dash, figure dash, minus
/// sign or hyphen character for `-` and `½` for `1/2` (`1–0`, `½-½`,
/// `1/2—1/2`); `None` when `symbol` is no result.
pub fn canonical_result(symbol: &[u8]) -> Option<&'static [u8]> {
    match symbol {
        b"1-0" => Some(b"1-0"),
        b"0-1" => Some(b"0-1"),
        b"1/2-1/2" => Some(b"1/2-1/2"),
        b"*" => Some(b"*"),
        // Other spellings have a non-ASCII byte: plain ASCII is done.
        _ if symbol.is_ascii() => None,
        _ => typed_result(symbol),
    }
}

/// Whether `symbol` is half a point alone, `1/2` or `½`: how a draw is
/// often written at the end of a game in print and mail. Not a result of
/// the PGN grammar (`1/2 1. d4` is no game's end), so read as one only
/// where nothing follows it.
///
/// ```
/// use iccf_pgn::spelling::is_lone_draw;
///
/// assert!(is_lone_draw("½".as_bytes()));
/// assert!(is_lone_draw(b"1/2"));
/// assert!(!is_lone_draw(b"1/2-1/2"));
/// ```
pub fn is_lone_draw(symbol: &[u8]) -> bool {
    symbol == b"1/2" || symbol == "½".as_bytes()
}

/// PGN's spelling of a result written as PGN never writes one, but
/// plainly a result where it ends a game: half a point alone
/// ([`is_lone_draw`]), the two scores with a colon, as German and
/// Russian tables and databases write them (`1:0`, `0:1`, `½:½`,
/// `1/2:1/2`), or a half point written as a decimal, as Dutch, German
/// and Russian tables do (`0,5-0,5`, `0.5:0.5`). Not results of the PGN
/// grammar, so read as such only where nothing follows them; `None` for
/// anything else.
///
/// ```
/// use iccf_pgn::spelling::end_result;
///
/// assert_eq!(end_result(b"1:0"), Some(&b"1-0"[..]));
/// assert_eq!(end_result("½:½".as_bytes()), Some(&b"1/2-1/2"[..]));
/// assert_eq!(end_result(b"1/2"), Some(&b"1/2-1/2"[..]));
/// assert_eq!(end_result(b"0,5-0,5"), Some(&b"1/2-1/2"[..]));
/// assert_eq!(end_result(b"1:1"), None);
/// assert_eq!(end_result(b"1-0"), None); // PGN's own: a result anywhere
/// ```
pub fn end_result(symbol: &[u8]) -> Option<&'static [u8]> {
    if is_lone_draw(symbol) {
        return Some(b"1/2-1/2");
    }
    let text = core::str::from_utf8(symbol).ok()?;
    if let Some((white, black)) = text.split_once(':') {
        return scores(decimal_half(white), decimal_half(black));
    }
    // With a dash, only a decimal half is not already a result anywhere.
    let (white, black) = split_at_dash(text)?;
    let (white_half, black_half) = (decimal_half(white), decimal_half(black));
    if white_half == white && black_half == black {
        return None;
    }
    scores(white_half, black_half)
}

/// Half a point written as a decimal (`0.5`, `0,5`) as `1/2`; any other
/// score as it is.
fn decimal_half(score: &str) -> &str {
    match score {
        "0.5" | "0,5" => "1/2",
        _ => score,
    }
}

/// The most bytes a result typed with spaces in it is read from
/// ([`without_spaces`]): the longest, `1/2 – 1/2` with an en dash, takes
/// 11, and 24 leave room for more spaces.
pub(crate) const MAX_TYPED_RESULT: usize = 24;

/// `text` without its ASCII whitespace, copied into `buf`, when it is no
/// longer than [`MAX_TYPED_RESULT`]: a result typed with spaces in it
/// (`1 - 0`, `0,5 : 0,5`) as one word, which [`canonical_result`] and
/// [`end_result`] read.
pub(crate) fn without_spaces<'b>(
    text: &[u8],
    buf: &'b mut [u8; MAX_TYPED_RESULT],
) -> Option<&'b [u8]> {
    if text.len() > MAX_TYPED_RESULT {
        return None;
    }
    let mut len = 0;
    for &byte in text.iter().filter(|b| !b.is_ascii_whitespace()) {
        buf[len] = byte;
        len += 1;
    }
    Some(&buf[..len])
}

/// The result a forfeit sign stands for: `+--` (White wins, Black did not
/// play) is 1-0, `--+` is 0-1. Before any move of a game from the start
/// position, where there is nothing to evaluate, this is what the decisive
/// signs mean (tournament tables write `+:-` and `-:+`).
///
/// ```
/// use iccf_pgn::spelling::forfeit_result;
///
/// assert_eq!(forfeit_result(b"+--"), Some(&b"1-0"[..]));
/// assert_eq!(forfeit_result(b"+-"), None);
/// ```
pub fn forfeit_result(symbol: &[u8]) -> Option<&'static [u8]> {
    match symbol {
        b"+--" | b"+:-" => Some(b"1-0"),
        b"--+" | b"-:+" => Some(b"0-1"),
        _ => None,
    }
}

/// Dashes people type between the two scores, as UTF-8.
const DASHES: [&str; 7] = ["-", "‐", "‑", "‒", "–", "—", "−"];

/// A result with typed dashes or halves.
fn typed_result(symbol: &[u8]) -> Option<&'static [u8]> {
    let (white, black) = split_at_dash(core::str::from_utf8(symbol).ok()?)?;
    scores(white, black)
}

/// White's and Black's scores on either side of the first of [`DASHES`]
/// `text` has.
fn split_at_dash(text: &str) -> Option<(&str, &str)> {
    DASHES.iter().find_map(|dash| text.split_once(dash))
}

/// The result of White's and Black's scores as written (`1`, `0`, `1/2`,
/// `½`): one of PGN's decisive results or its draw.
fn scores(white: &str, black: &str) -> Option<&'static [u8]> {
    let score = |s: &str| match s {
        "1" => Some(2),
        "0" => Some(0),
        half if is_lone_draw(half.as_bytes()) => Some(1),
        _ => None,
    };
    match (score(white)?, score(black)?) {
        (2, 0) => Some(b"1-0"),
        (0, 2) => Some(b"0-1"),
        (1, 1) => Some(b"1/2-1/2"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_results() {
        for (typed, canonical) in [
            ("1–0", "1-0"),
            ("0—1", "0-1"),
            ("½-½", "1/2-1/2"),
            ("½–½", "1/2-1/2"),
            ("1/2–1/2", "1/2-1/2"),
            ("1/2—1/2", "1/2-1/2"),
            ("1−0", "1-0"),
        ] {
            assert_eq!(
                canonical_result(typed.as_bytes()),
                Some(canonical.as_bytes()),
                "{typed}"
            );
        }
        for not in ["1–1", "½–0", "0–0", "1–", "–", "e4", "1/2", "½"] {
            assert_eq!(canonical_result(not.as_bytes()), None, "{not}");
        }
    }

    #[test]
    fn results_with_a_colon_at_the_end() {
        for (typed, canonical) in [
            ("1:0", "1-0"),
            ("0:1", "0-1"),
            ("½:½", "1/2-1/2"),
            ("1/2:1/2", "1/2-1/2"),
            ("1/2", "1/2-1/2"),
            ("½", "1/2-1/2"),
            ("0,5-0,5", "1/2-1/2"),
            ("0.5-0.5", "1/2-1/2"),
            ("0,5:0,5", "1/2-1/2"),
            ("0,5–0,5", "1/2-1/2"),
            ("½-0,5", "1/2-1/2"),
        ] {
            assert_eq!(
                end_result(typed.as_bytes()),
                Some(canonical.as_bytes()),
                "{typed}"
            );
            // Not a result wherever it stands.
            assert_eq!(canonical_result(typed.as_bytes()), None, "{typed}");
        }
        for not in [
            "1:1",
            "0:0",
            "1:",
            ":0",
            "2:0",
            "1:0:1",
            "54:45",
            "Кр:e1",
            "1-0",
            "1/2:0",
            "½-½",
            "0,5-0",
            "0.5-1",
            "0,5",
            "5-0,5",
            "0,5-0,5-0,5",
        ] {
            assert_eq!(end_result(not.as_bytes()), None, "{not}");
        }
    }

    #[test]
    fn no_glyph_is_longer_than_the_bound() {
        let longest = GLYPHS.iter().map(|(g, _)| g.len()).max();
        assert_eq!(longest, Some(MAX_GLYPH_LEN));
    }

    #[test]
    fn glyphs_are_nags_and_moves_are_not() {
        assert_eq!(glyph_nag("⩱".as_bytes()), Some(15));
        assert_eq!(glyph_nag("⇆".as_bytes()), Some(132));
        assert_eq!(glyph_nag("⨀".as_bytes()), Some(22));
        // `Nf3‼` lost its mark without a word; a `⁇` apart was "empty move".
        assert_eq!(glyph_nag("‼".as_bytes()), Some(3));
        assert_eq!(glyph_nag("⁈".as_bytes()), Some(6));
        assert_eq!(glued_glyph_len("Nf3⁉".as_bytes()), "⁉".len());
        assert_eq!(glyph_nag(b"+--"), Some(18));
        for not in ["--", "e4", "Z0", "+", "-", "N"] {
            assert_eq!(glyph_nag(not.as_bytes()), None, "{not}");
        }
        assert_eq!(glued_glyph_len("Nf3±".as_bytes()), "±".len());
        assert_eq!(glued_glyph_len("Bxd3??⩱".as_bytes()), "⩱".len());
        // `=∞` glued is cut whole only when it starts with a non-ASCII
        // byte: `∞` is cut, the `=` stays (`e8=` is no glyph).
        assert_eq!(glued_glyph_len("e4∞".as_bytes()), "∞".len());
        assert_eq!(glued_glyph_len(b"e8=Q+"), 0);
        assert_eq!(glued_glyph_len("±".as_bytes()), 0);
        assert_eq!(glued_glyph_len("=∞".as_bytes()), 0);
        assert_eq!(glued_glyph_len("↑↑".as_bytes()), 0);
        assert_eq!(glued_glyph_len("Кр".as_bytes()), 0);
    }
}
