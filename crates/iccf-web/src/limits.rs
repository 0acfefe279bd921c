//! How much one request may ask for. Every limit is refused with a JSON
//! error saying which limit it is.

use std::time::Duration;

/// Largest request body: a big pasted PGN still fits, a flood does not.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;
/// Most games one paste may hold.
pub const MAX_GAMES: usize = 200;
/// Most half-moves in a line sent to the server.
pub const MAX_PLIES: usize = 1200;
/// Longest text of one move, a FEN or a language code.
pub const MAX_SHORT_TEXT: usize = 200;
/// Longest a request may take from first byte to answer.
pub const REQUEST_TIME: Duration = Duration::from_secs(15);
/// Longest the engine may work on one request.
pub const JOB_TIME: Duration = Duration::from_secs(10);
/// Requests the engine works on at once; more wait their turn.
pub const WORKERS: usize = 4;

/// What a body over [`MAX_BODY_BYTES`] is told, however it was found.
pub fn body_too_large() -> String {
    format!("the request is larger than {} KiB", MAX_BODY_BYTES / 1024)
}

/// Refuses a short text (a move, a FEN) longer than [`MAX_SHORT_TEXT`].
pub fn short_text<'a>(what: &str, text: &'a str) -> Result<&'a str, crate::ApiError> {
    if text.len() > MAX_SHORT_TEXT {
        return Err(crate::ApiError::too_large(format!(
            "{what} is {} bytes long; at most {MAX_SHORT_TEXT}",
            text.len()
        )));
    }
    Ok(text)
}

/// A text from the request shown in an error: its first
/// [`MAX_SHORT_TEXT`] characters, control characters escaped.
pub fn printable(text: &str) -> String {
    let mut shown: String = text
        .chars()
        .take(MAX_SHORT_TEXT)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().count() > MAX_SHORT_TEXT {
        shown.push('…');
    }
    shown
}

/// Longest a connection may take to send a request's headers.
pub const HEADER_TIME: Duration = Duration::from_secs(10);
/// Longest a connection may sit idle between requests.
pub const IDLE_TIME: Duration = Duration::from_secs(30);
/// Connections open at once; beyond, the longest-waiting one is closed.
pub const MAX_CONNECTIONS: usize = 256;
