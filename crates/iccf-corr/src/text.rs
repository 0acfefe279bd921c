//! Text as players' files and messages hold it: UTF-8, or the legacy
//! encoding of their mail program or editor.

use std::borrow::Cow;

/// `bytes` as text: UTF-8 (a byte order mark dropped), else the legacy
/// encoding that reads best, as `iccf convert` finds it; a Cyrillic
/// reading only of Cyrillic words (four letters or more), so that a
/// Latin-1 "grüße" stays German. Game files and messages are read so: a
/// Latin-1 game file read as lossy UTF-8 lost its accents for good when it
/// was saved.
///
/// ```
/// use iccf_corr::decode_text;
///
/// assert_eq!(decode_text(b"[White \"M\xfcller\"]"), "[White \"Müller\"]");
/// assert_eq!(decode_text("\u{feff}Grüße".as_bytes()), "Grüße");
/// ```
pub fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let guess = iccf_pgn::encoding::detect(bytes);
    let (text, _) = guess.decode_without_bom_handling(bytes);
    let cyrillic = text
        .chars()
        .filter(|c| ('\u{400}'..='\u{4ff}').contains(c))
        .count();
    if guess != encoding_rs::WINDOWS_1252 && cyrillic >= 4 {
        return Cow::Owned(text.into_owned());
    }
    Cow::Owned(
        encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    )
}
