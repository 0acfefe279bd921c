//! Text encodings: games that are not UTF-8 are decoded before they are
//! read, so that Russian files in CP1251, CP866 or KOI8-R, and Western
//! ones in Latin-1, convert like any other. [`decode_text`] is the one
//! decoder of whole texts (game files, e-mail messages, pastes): byte
//! order marks, UTF-16, UTF-8, a declared charset, the legacy encodings.
//!
//! UTF-16 is named here too, but it cannot be decoded game by game: the
//! splitter needs ASCII-compatible bytes, so a reader transcodes a whole
//! UTF-16 stream to UTF-8 before splitting (the command line does, see
//! [`InputEncoding::utf16`]).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use encoding_rs::{
    Encoding, IBM866, ISO_8859_2, KOI8_R, KOI8_U, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1250,
    WINDOWS_1251, WINDOWS_1252,
};

use crate::grammar::{self, BOM};

/// How to decode input that is not valid UTF-8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum InputEncoding {
    /// UTF-8 when it is valid, otherwise the legacy encoding that reads
    /// best (see [`detect`]).
    #[default]
    Auto,
    /// Always this encoding.
    Fixed(&'static Encoding),
}

impl InputEncoding {
    /// The names accepted on the command line (each also under its usual
    /// other labels, see [`FromStr`](#impl-FromStr-for-InputEncoding)).
    pub const NAMES: &'static str = "auto, utf-8, cp1251, koi8-r, koi8-u, cp866, latin1, cp1252, cp1250, latin2, utf-16le, utf-16be";

    /// The UTF-16 encoding this names, if it names one: such input must be
    /// transcoded to UTF-8 as a whole stream before it is split into games.
    ///
    /// ```
    /// use iccf_pgn::encoding::InputEncoding;
    ///
    /// let utf16: InputEncoding = "utf-16le".parse()?;
    /// assert_eq!(utf16.utf16().map(|e| e.name()), Some("UTF-16LE"));
    /// assert_eq!("cp1251".parse::<InputEncoding>()?.utf16(), None);
    /// # Ok::<_, iccf_pgn::encoding::ParseEncodingError>(())
    /// ```
    pub fn utf16(self) -> Option<&'static Encoding> {
        match self {
            InputEncoding::Fixed(e) if e == UTF_16LE || e == UTF_16BE => Some(e),
            _ => None,
        }
    }
}

/// A whole PGN text in memory made ready to split: UTF-16 (named by
/// `encoding`, or under `auto` by a byte-order mark) transcoded to UTF-8,
/// any other text as it is, for [`decode`] to decode game by game. A named
/// legacy encoding wins over a mark that may be chance, as for a stream.
///
/// ```
/// use iccf_pgn::encoding::{InputEncoding, splittable};
///
/// let utf16: Vec<u8> = "\u{feff}1. e4 *".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(&*splittable(&utf16, InputEncoding::Auto), b"1. e4 *");
/// assert_eq!(&*splittable(b"1. e4 *", InputEncoding::Auto), b"1. e4 *");
/// // Without a mark, told by its zero bytes.
/// let unmarked: Vec<u8> = "1. e4 *".encode_utf16().flat_map(u16::to_be_bytes).collect();
/// assert_eq!(&*splittable(&unmarked, InputEncoding::Auto), b"1. e4 *");
/// ```
pub fn splittable(pgn: &[u8], encoding: InputEncoding) -> Cow<'_, [u8]> {
    let utf16 = match encoding {
        InputEncoding::Fixed(e) if e != UTF_16LE && e != UTF_16BE => None,
        InputEncoding::Fixed(e) => Some(e),
        InputEncoding::Auto => utf16_of(pgn),
    };
    match utf16 {
        // `decode` drops the mark of the encoding it names.
        Some(e) => Cow::Owned(e.decode(pgn).0.into_owned().into_bytes()),
        None => Cow::Borrowed(pgn),
    }
}

impl FromStr for InputEncoding {
    type Err = ParseEncodingError;

    /// `auto` or one of the encodings chess files come in, by its usual
    /// labels: `utf-8` (`utf8`); `cp1251` (`windows-1251`); `koi8-r`
    /// (`koi8r`, `koi8`); `koi8-u` (`koi8u`); `cp866` (`ibm866`, `866`);
    /// `latin1` (`latin-1`, `iso-8859-1`, read as its superset CP1252, as
    /// browsers do); `cp1252` (`windows-1252`); the Central European
    /// `cp1250` (`windows-1250`) and `latin2` (`latin-2`, `iso-8859-2`);
    /// `utf-16le`, `utf-16be`. Case does not matter.
    /// Every other name is refused, even one that encoding_rs knows (such
    /// as `replacement`, which would turn every game into U+FFFD).
    fn from_str(s: &str) -> Result<InputEncoding, ParseEncodingError> {
        let fixed = match s.to_ascii_lowercase().as_str() {
            "auto" => return Ok(InputEncoding::Auto),
            "utf-8" | "utf8" => UTF_8,
            "cp1251" | "windows-1251" => WINDOWS_1251,
            "koi8-r" | "koi8r" | "koi8" => KOI8_R,
            "cp866" | "ibm866" | "866" => IBM866,
            "latin1" | "latin-1" | "iso-8859-1" | "cp1252" | "windows-1252" => WINDOWS_1252,
            "cp1250" | "windows-1250" => WINDOWS_1250,
            "latin2" | "latin-2" | "iso-8859-2" => ISO_8859_2,
            "koi8-u" | "koi8u" => KOI8_U,
            "utf-16le" | "utf16le" => UTF_16LE,
            "utf-16be" | "utf16be" => UTF_16BE,
            _ => return Err(ParseEncodingError),
        };
        Ok(InputEncoding::Fixed(fixed))
    }
}

/// The encoding name is unknown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseEncodingError;

impl fmt::Display for ParseEncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown encoding: use {}", InputEncoding::NAMES)
    }
}

impl std::error::Error for ParseEncodingError {}

/// The game as UTF-8, and the encoding it was decoded from when it was not
/// UTF-8 already.
///
/// Valid UTF-8 is borrowed as it is under `Auto`; a fixed legacy encoding
/// decodes every game. Bytes that cannot be decoded become U+FFFD, so
/// nothing stops the conversion.
///
/// # Examples
///
/// ```
/// use iccf_pgn::encoding::{InputEncoding, decode};
///
/// // "Кр" (Russian king) in CP1251, before a square.
/// let (text, encoding) = decode(b"1. \xca\xf0e2", InputEncoding::Auto);
/// assert_eq!(&*text, "1. Кр".to_owned().as_bytes().iter().chain(b"e2").copied().collect::<Vec<u8>>().as_slice());
/// assert_eq!(encoding, Some("windows-1251"));
/// ```
pub fn decode(bytes: &[u8], encoding: InputEncoding) -> (Cow<'_, [u8]>, Option<&'static str>) {
    let encoding = match encoding {
        InputEncoding::Fixed(e) if e == UTF_8 => UTF_8,
        InputEncoding::Fixed(e) => e,
        InputEncoding::Auto if std::str::from_utf8(bytes).is_ok() => {
            return (Cow::Borrowed(bytes), None);
        }
        // A byte order mark says UTF-8: invalid bytes become U+FFFD, and
        // the mark stays a mark instead of turning into `ï»¿` in Latin-1.
        InputEncoding::Auto if bytes.starts_with(b"\xEF\xBB\xBF") => UTF_8,
        InputEncoding::Auto => detect(bytes),
    };
    if encoding == UTF_8 {
        let (text, _) = UTF_8.decode_without_bom_handling(bytes);
        return match text {
            Cow::Borrowed(s) => (Cow::Borrowed(s.as_bytes()), None),
            Cow::Owned(s) => (Cow::Owned(s.into_bytes()), None),
        };
    }
    // A UTF-8 byte-order mark starting a line (a UTF-8 file joined to this
    // one with `cat`) is whitespace to the splitter; decoded as a legacy
    // encoding it would become three letters, a token of its own.
    let bytes = without_line_start_boms(bytes);
    let (text, _) = encoding.decode_without_bom_handling(&bytes);
    (
        Cow::Owned(text.into_owned().into_bytes()),
        Some(encoding.name()),
    )
}

/// `bytes` without the UTF-8 byte-order marks that start a line.
/// Text decoded by [`decode_text`], and from what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodedText<'a> {
    /// The text, borrowed when the bytes were UTF-8 already.
    pub text: Cow<'a, str>,
    /// The encoding it was decoded from (`UTF-8` for UTF-8).
    pub encoding: &'static Encoding,
    /// Whether some bytes could not be decoded and became U+FFFD.
    pub lossy: bool,
}

/// Decodes a game file, a message or a pasted text, whatever it was
/// written in: the one decoder of games, messages and pastes.
///
/// In this order: a byte order mark (UTF-8, UTF-16 LE or BE) says the
/// encoding and is dropped; then `declared`, the charset an e-mail part or
/// an HTTP request names (any label the WHATWG Encoding Standard knows:
/// `koi8-r`, `windows-1250`, `iso-8859-2`, `utf-8`, ...), unless it is
/// UTF-8 and the bytes are not; then valid UTF-8; then UTF-16 without a
/// mark (text whose every other byte is zero); then the legacy encoding
/// that reads best ([`detect`]: CP1251, KOI8-R, CP866, else CP1252).
///
/// # Examples
///
/// ```
/// use iccf_pgn::encoding::decode_text;
///
/// // A KOI8-R e-mail part: its declared charset decides.
/// let koi8 = b"\xf0\xd2\xc5\xc4\xcc\xc1\xc7\xc1\xc0 \xce\xc9\xde\xd8\xc0";
/// let text = decode_text(koi8, Some("KOI8-R"));
/// assert_eq!(text.text, "Предлагаю ничью");
/// assert_eq!(text.encoding.name(), "KOI8-R");
///
/// // CP1250 (Central European), declared as e-mail clients write it.
/// let text = decode_text(b"Nab\xedz\xedm rem\xedzu", Some("windows-1250"));
/// assert_eq!(text.text, "Nabízím remízu");
///
/// // UTF-16 with its mark, and plain UTF-8, borrowed.
/// let utf16: Vec<u8> = [0xFF, 0xFE, b'e', 0, b'4', 0].to_vec();
/// assert_eq!(decode_text(&utf16, None).text, "e4");
/// let text = decode_text("1. Кр e2".as_bytes(), None);
/// assert!(matches!(text.text, std::borrow::Cow::Borrowed(_)));
///
/// // Undeclared CP1251 is detected.
/// let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode("Ничья, Кр e2");
/// assert_eq!(decode_text(&cp1251, None).text, "Ничья, Кр e2");
/// ```
pub fn decode_text<'a>(bytes: &'a [u8], declared: Option<&str>) -> DecodedText<'a> {
    let encoding = match Encoding::for_bom(bytes) {
        Some((encoding, _)) => encoding,
        None => declared
            .and_then(|label| Encoding::for_label(label.trim().as_bytes()))
            // `replacement` turns all text into U+FFFD; UTF-16 labels on
            // text with no zero byte are the sender's mistake.
            .filter(|e| e.name() != "replacement")
            .filter(|e| !(*e == UTF_8 && std::str::from_utf8(bytes).is_err()))
            .unwrap_or_else(|| undeclared(bytes)),
    };
    // `decode` drops a mark of the encoding it names, and only that.
    let (text, _, lossy) = encoding.decode(bytes);
    DecodedText {
        text,
        encoding,
        lossy,
    }
}

/// The encoding of bytes that neither a mark nor a label names.
fn undeclared(bytes: &[u8]) -> &'static Encoding {
    // Valid UTF-8 too, so this comes first.
    if let Some(utf16) = unmarked_utf16(bytes) {
        return utf16;
    }
    if std::str::from_utf8(bytes).is_ok() {
        return UTF_8;
    }
    detect(bytes)
}

/// The UTF-16 encoding of a text starting with `head`: by its byte-order
/// mark or, without one, by its zero bytes ([`unmarked_utf16`]).
///
/// ```
/// use iccf_pgn::encoding::utf16_of;
///
/// let marked: Vec<u8> = "\u{feff}1. e4 *".encode_utf16().flat_map(u16::to_be_bytes).collect();
/// assert_eq!(utf16_of(&marked), Some(encoding_rs::UTF_16BE));
/// assert_eq!(utf16_of("\u{feff}1. e4 *".as_bytes()), None);
/// ```
pub fn utf16_of(head: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_bom(head)
        .map(|(e, _)| e)
        .filter(|e| *e == UTF_16LE || *e == UTF_16BE)
        .or_else(|| unmarked_utf16(head))
}

/// The UTF-16 encoding `bytes` are plainly in without a byte-order mark,
/// as some tools write it: in its first 4 KiB, a zero in at least three
/// bytes in ten of one parity (the high byte of an ASCII character) and
/// at most one in eight as many in the other (the low byte of `Ā` U+0100,
/// `一` U+4E00, `─` U+2500). Text in a one-byte encoding has no zero byte.
/// The head alone is looked at, as a stream shows no more before it is
/// read.
///
/// ```
/// use iccf_pgn::encoding::unmarked_utf16;
///
/// let le: Vec<u8> = "1. e4 *".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(unmarked_utf16(&le), Some(encoding_rs::UTF_16LE));
/// assert_eq!(unmarked_utf16(b"1. e4 *"), None);
/// // A character with a zero low byte among them.
/// let lv: Vec<u8> = "[White \"Ābele\"] 1. e4 *".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(unmarked_utf16(&lv), Some(encoding_rs::UTF_16LE));
/// ```
pub fn unmarked_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    // Whole units: the head may end in the middle of one.
    let bytes = &bytes[..bytes.len().min(4096) & !1];
    let zeros = |parity: usize| {
        bytes
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let half = bytes.len() / 2;
    if bytes.len() < 4 {
        return None;
    }
    let (even, odd) = (zeros(0), zeros(1));
    if odd * 10 >= half * 3 && even * 8 <= odd {
        Some(UTF_16LE)
    } else if even * 10 >= half * 3 && odd * 8 <= even {
        Some(UTF_16BE)
    } else {
        None
    }
}

fn without_line_start_boms(bytes: &[u8]) -> Cow<'_, [u8]> {
    let marks: Vec<usize> = memchr::memmem::find_iter(bytes, BOM)
        .filter(|&i| grammar::at_line_start(bytes, i))
        .collect();
    if marks.is_empty() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut from = 0;
    for i in marks {
        out.extend_from_slice(&bytes[from..i]);
        from = i + BOM.len();
    }
    out.extend_from_slice(&bytes[from..]);
    Cow::Owned(out)
}

/// Picks the legacy encoding under which `bytes` read most like chess text:
/// Cyrillic words that are lower case after their first letter, and capital
/// piece letters right before a square (`Кр e2`, `Фd1`). Latin-1 when no
/// Cyrillic reading scores: a Cyrillic letter glued to a Latin one inside a
/// word (`Ibбсez` for a Latin-1 `Ibáñez`, `УgoodФ` for CP1252 quotes)
/// counts against the reading.
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut best = (0i64, WINDOWS_1252);
    for encoding in [WINDOWS_1251, KOI8_R, IBM866] {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        let score = cyrillic_score(&text);
        if score > best.0 {
            best = (score, encoding);
        }
    }
    best.1
}

fn cyrillic_score(text: &str) -> i64 {
    let mut score = 0i64;
    let mut chars = text.chars().peekable();
    let mut prev: Option<char> = None;
    // The character before `prev`: a piece letter starts a move, it does
    // not end a word like the Å in "Ståhlberg", nor stand between two
    // squares like a CP1252 dash read as CP866 (`e2Цe4` for `e2–e4`).
    let mut before: Option<char> = None;
    while let Some(c) = chars.next() {
        let cyrillic = is_cyrillic(c);
        if let Some(p) = prev {
            score += match (is_cyrillic(p), cyrillic) {
                (true, true) if c.is_lowercase() => 1,
                // "вОЛК": case flipping inside a word is a wrong table.
                (true, true) if c.is_uppercase() && p.is_lowercase() => -2,
                (true, false) if c.is_alphabetic() => {
                    let rest = chars.clone().take(4);
                    match move_tail(std::iter::once(c).chain(rest)) {
                        true if before.is_some_and(|b| b.is_ascii_digit()) => -2,
                        true if p.is_uppercase() && !before.is_some_and(char::is_alphabetic) => 3,
                        // `Крe2`: the piece's two letters, then the square.
                        true => 0,
                        false => -2,
                    }
                }
                (false, true) if p.is_alphabetic() => -2,
                _ => 0,
            };
        }
        if ('\u{2500}'..='\u{25FF}').contains(&c) {
            // Box drawing: CP866 read as something else, or the reverse.
            score -= 3;
        }
        before = prev;
        prev = Some(c);
    }
    score
}

/// Whether `chars` start what follows a piece letter in a move: a
/// square (`e2`), a capture (`xd4`), or a file or rank that tells the
/// piece apart before either (`bd2`, `fe1`, `1e2`, `bxd2`).
fn move_tail(chars: impl Iterator<Item = char>) -> bool {
    let chars: Vec<char> = chars.collect();
    let file = |c: &char| ('a'..='h').contains(c);
    let rank = |c: &char| ('1'..='8').contains(c);
    let square = |at: usize| chars.get(at).is_some_and(file) && chars.get(at + 1).is_some_and(rank);
    let capture = |at: usize| chars.get(at) == Some(&'x') && square(at + 1);
    let told_apart = chars.first().is_some_and(|c| file(c) || rank(c));
    square(0) || capture(0) || (told_apart && (square(1) || capture(1)))
}

fn is_cyrillic(c: char) -> bool {
    ('\u{0400}'..='\u{04FF}').contains(&c)
}

/// `bytes` as text, any byte sequence that is not UTF-8 replaced by
/// U+FFFD. Tags and tokens are short and mostly ASCII, which `is_ascii`
/// tells a word at a time: `from_utf8` took half of the time a record's
/// tags take. Other text is then checked as a whole:
/// `String::from_utf8_lossy` walks even valid text chunk by chunk.
pub(crate) fn lossy_str(bytes: &[u8]) -> Cow<'_, str> {
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// `bytes` as an owned text, any invalid UTF-8 replaced (see
/// [`lossy_str`]): the text of a token or tag kept in a problem or a
/// record.
pub(crate) fn lossy(bytes: &[u8]) -> String {
    lossy_str(bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: any WHATWG label was taken, and `replacement` turned
    /// every game into U+FFFD.
    /// Fuzzing: a UTF-8 byte-order mark starting a line of a CP1251 file
    /// (two files joined with `cat`) was decoded into three letters, a
    /// move token before the tags after it, which then split the game.
    #[test]
    fn byte_order_mark_in_a_legacy_file_became_letters() {
        let (text, encoding) = decode(b"[A \"\xca\"]\n\xEF\xBB\xBF[B \"c\"]", InputEncoding::Auto);
        assert!(encoding.is_some());
        assert!(
            text.ends_with(b"\n[B \"c\"]"),
            "{}",
            String::from_utf8_lossy(&text)
        );
    }

    #[test]
    fn encoding_replacement_is_refused() {
        for name in [
            "replacement",
            "utf-16",
            "iso-2022-jp",
            "gbk",
            "x-user-defined",
            "",
        ] {
            let err = name.parse::<InputEncoding>().unwrap_err();
            assert!(err.to_string().contains("cp1251, koi8-r"), "{name}: {err}");
        }
        for name in InputEncoding::NAMES.split(", ") {
            assert!(name.parse::<InputEncoding>().is_ok(), "{name}");
        }
    }

    /// Issue 17: a KOI8-R message's draw offer was decoded as CP1252 and
    /// missed; the declared charset now decides, and undeclared Cyrillic
    /// is detected.
    #[test]
    fn koi8r_and_cp1250_messages_were_decoded_as_cp1252() {
        let offer = "Предлагаю ничью. 12. 5254";
        let (koi8, _, _) = KOI8_R.encode(offer);
        assert_eq!(decode_text(&koi8, Some("koi8-r")).text, offer);
        assert_eq!(decode_text(&koi8, None).text, offer);
        let czech = "Nabízím remízu. 12. 5254";
        let (cp1250, _, _) = encoding_rs::WINDOWS_1250.encode(czech);
        assert_eq!(decode_text(&cp1250, Some("CP1250")).text, czech);
        let (latin2, _, _) = encoding_rs::ISO_8859_2.encode(czech);
        assert_eq!(decode_text(&latin2, Some("iso-8859-2")).text, czech);
    }

    #[test]
    fn marks_and_utf16_without_a_mark() {
        let be = [0xFE, 0xFF, 0, b'e', 0, b'4'];
        let text = decode_text(&be, Some("koi8-r"));
        assert_eq!((text.text.as_ref(), text.encoding), ("e4", UTF_16BE));
        let le: Vec<u8> = "1. e4 e5"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(decode_text(&le, None).text, "1. e4 e5");
        let utf8_bom = b"\xEF\xBB\xBF1. e4";
        assert_eq!(decode_text(utf8_bom, None).text, "1. e4");
        // A wrong UTF-8 label does not turn Latin-1 into U+FFFD.
        let text = decode_text(b"M\xfcller", Some("utf-8"));
        assert_eq!((text.text.as_ref(), text.lossy), ("Müller", false));
        // An unknown or harmful label is ignored.
        assert_eq!(decode_text(b"e4", Some("replacement")).text, "e4");
        assert_eq!(decode_text(b"e4", Some("x-klingon")).text, "e4");
    }

    const SAMPLE: &str = "[White \"Петросян, Тигран\"]\n[Black \"Спасский, Борис\"]\n\n\
        1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. O-O Сe7 6. Лe1 b5 7. Сb3 d6 \
        8. c3 O-O 9. h3 Кb8 10. d4 Кbd7 11. Крh1 Фe8 1-0\n";

    fn encoded(encoding: &'static Encoding) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(SAMPLE);
        assert!(!unmappable);
        bytes.into_owned()
    }

    #[test]
    fn utf8_is_borrowed_untouched() {
        let (text, name) = decode(SAMPLE.as_bytes(), InputEncoding::Auto);
        assert!(matches!(text, Cow::Borrowed(_)));
        assert_eq!(name, None);
    }

    #[test]
    fn russian_legacy_encodings_are_detected() {
        for encoding in [WINDOWS_1251, KOI8_R, IBM866] {
            let bytes = encoded(encoding);
            assert_eq!(detect(&bytes), encoding, "{}", encoding.name());
            let (text, name) = decode(&bytes, InputEncoding::Auto);
            assert_eq!(std::str::from_utf8(&text).unwrap(), SAMPLE);
            assert_eq!(name, Some(encoding.name()));
        }
    }

    #[test]
    fn latin1_is_the_fallback() {
        let text = "[White \"Müller, Jürgen\"]\n[Black \"Ståhlberg, Gideon\"]\n\n1. e4 e5 1-0\n";
        let (bytes, _, _) = WINDOWS_1252.encode(text);
        assert_eq!(detect(&bytes), WINDOWS_1252);
        let (decoded, _) = decode(&bytes, InputEncoding::Auto);
        assert_eq!(std::str::from_utf8(&decoded).unwrap(), text);
    }

    /// Latin-1 names whose accented letters read as Cyrillic letters in
    /// CP1251 were written in Cyrillic without a word (`Ibáñez` as
    /// `Ibбсez`, `Ødegård` as `Шdegеrd`, CP1252 quotes as `УgoodФ`), and
    /// a result with `½` or an en dash then failed.
    #[test]
    fn latin1_names_are_not_read_as_cyrillic() {
        for text in [
            "[White \"Ibáñez\"]\n\n1. e4 e5 1/2-1/2\n",
            "[White \"Núñez\"]\n[Black \"Ødegård\"]\n\n1. e4 e5 ½-½\n",
            "[Event \"Größe\"]\n\n1. e4 {“good”} e5 1–0\n",
            // A dash or a capture sign between two squares read as CP866's
            // or CP1251's Cyrillic (`e2Цe4`, `Sf3Чe5`) scored as a piece
            // letter, and every move failed.
            "[White \"Hübner\"]\n\n1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 *\n",
            "1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–b5 a7–a6 *\n",
            "1. e4 e5 2. Sf3 Sc6 3. d4 e5×d4 4. Sf3×d4 *\n",
        ] {
            let (bytes, _, _) = WINDOWS_1252.encode(text);
            assert_eq!(detect(&bytes), WINDOWS_1252, "{text}");
            let (decoded, _) = decode(&bytes, InputEncoding::Auto);
            assert_eq!(std::str::from_utf8(&decoded).unwrap(), text);
        }
        // Russian piece letters glued to their squares stay Russian, with
        // captures and files that tell pieces apart, and no Cyrillic
        // word elsewhere (the review's games, read as Latin-1 at first).
        for text in [
            "[White \"Иванов\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Крe2 Фd1 *\n",
            "1. e4 e5 2. Кf3 Кc6 3. d4 exd4 4. Кxd4 Кxd4 5. Фxd4 d6 6. Сc4 Сe6 7. Сxe6 fxe6 8. Фxa7 Лxa7 *\n",
            "1. d4 d5 2. Кf3 Кf6 3. Кbd2 Кbd7 4. e3 e6 5. Сd3 Сd6 6. O-O O-O 7. Лe1 Лe8 8. Лfe1 *\n",
        ] {
            let (bytes, _, _) = WINDOWS_1251.encode(text);
            assert_eq!(detect(&bytes), WINDOWS_1251, "{text}");
        }
    }

    #[test]
    fn a_fixed_encoding_wins() {
        let bytes = encoded(KOI8_R);
        let fixed: InputEncoding = "koi8-r".parse().unwrap();
        let (text, _) = decode(&bytes, fixed);
        assert_eq!(std::str::from_utf8(&text).unwrap(), SAMPLE);
        assert!("klingon".parse::<InputEncoding>().is_err());
        assert_eq!("KOI8".parse(), Ok(InputEncoding::Fixed(KOI8_R)));
        assert_eq!("ISO-8859-1".parse(), Ok(InputEncoding::Fixed(WINDOWS_1252)));
        assert_eq!(
            "cp1251".parse::<InputEncoding>(),
            Ok(InputEncoding::Fixed(WINDOWS_1251))
        );
    }
}
