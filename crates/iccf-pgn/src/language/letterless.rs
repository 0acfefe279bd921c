//! Telling, without lexing, that a game's moves hold no piece letter.

/// Whether no move token of `game` can hold an ASCII capital or a
/// non-ASCII byte, checked without lexing: every line is either a plain tag
/// pair `[Name "value"]` (one token, never a move) or has only lower-case
/// ASCII and none of the bytes that open a comment, tag, string or escape,
/// so that the lexer starts every line afresh. `false` when unsure.
pub(crate) fn letterless_moves(game: &[u8]) -> bool {
    let mut rest = game;
    loop {
        let end = if rest.first() == Some(&b'[') {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            if !is_plain_tag_line(&rest[..end]) {
                return false;
            }
            end
        } else {
            let mut i = 0;
            while let Some(&b) = rest.get(i) {
                if !PLAIN_MOVETEXT[usize::from(b)] {
                    if b == b'\n' {
                        break;
                    }
                    return false;
                }
                i += 1;
            }
            i
        };
        match rest.get(end + 1..) {
            Some(next) => rest = next,
            None => return true,
        }
    }
}

/// The bytes a line of [`letterless_moves()`] may hold outside tag pairs:
/// ASCII but capitals and the bytes that open or close a comment, tag,
/// string or escape (and `\n`, which ends the line).
static PLAIN_MOVETEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let byte = b as u8;
        table[b] = !byte.is_ascii_uppercase()
            && !matches!(
                byte,
                b'{' | b'}' | b'[' | b']' | b'"' | b'\\' | b'%' | b';' | b'\n'
            );
        b += 1;
    }
    table
};

/// Whether `line` is one well-formed tag pair without escapes, which the
/// lexer reads as a single tag token, followed by whitespace only.
fn is_plain_tag_line(line: &[u8]) -> bool {
    let skip_space =
        |s: &[u8]| -> usize { s.iter().take_while(|&&b| matches!(b, b' ' | b'\t')).count() };
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name = rest
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_')
        .count();
    if name == 0 {
        return false;
    }
    let rest = &rest[name..];
    let Some(rest) = rest[skip_space(rest)..].strip_prefix(b"\"") else {
        return false;
    };
    match rest.iter().position(|&b| b == b'"' || b == b'\\') {
        Some(close) if rest[close] == b'"' => {
            let rest = &rest[close + 1..];
            match rest[skip_space(rest)..].strip_prefix(b"]") {
                Some(tail) => tail.iter().all(|&b| crate::grammar::is_whitespace(b)),
                None => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::{candidate_langs_of, lexed_langs};

    #[test]
    fn letterless_moves_is_conservative() {
        let letterless: &[&[u8]] = &[
            b"",
            b"[Event \"X\"]\n[White \"Fran\xc3\xa7ois\"]\r\n\n1. 5254 5755 2. 7163 1-0\n",
            b"[Event\t\"{Nf3\"] \n1. e4 e5 (1... c5) $1 *",
        ];
        let named: &[&[u8]] = &[
            b"1. e4 e5 2. Nf3",
            b"[Event \"X\"] Nf3\n1. e4",
            b"[Event \"a\\\"b\"]\n1. e4",
            b"{ [Event \"X\"]\nNf3 }\n1. e4",
            b"[Event \"x\nSf3\"]",
            b"\xEF\xBB\xBF1. e4",
            b"1. e4 \xd0\x9a\xd1\x801",
            b"[Event \"X\"]\n%Nf3\n1. e4",
        ];
        for game in letterless {
            assert!(letterless_moves(game), "{}", String::from_utf8_lossy(game));
            assert_eq!(lexed_langs(game), candidate_langs_of(core::iter::empty()));
        }
        for game in named {
            assert!(!letterless_moves(game), "{}", String::from_utf8_lossy(game));
        }
    }
}
