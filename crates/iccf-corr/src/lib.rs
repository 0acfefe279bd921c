//! Correspondence chess in ICCF numeric notation.
//!
//! Keeps a game in a PGN file with the dates of every move and pending
//! if-moves ([`read_game`], [`write_game`]), checks a received message
//! against it ([`check`]: the repeated move, the record, the new move with a
//! diagnosis of unclear ones, draw offers and resignations in seven
//! languages), records their move ([`apply`]) and ours ([`play_our_move`]),
//! and composes the next message ([`card`]). No I/O: functions take text and
//! dates and give back typed findings and text.
//!
//! ```
//! use iccf_corr::{apply, check, read_game, Date, Side};
//!
//! let mut game = read_game(b"[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *")?;
//! let report = check(&game, Side::White, "Your move: 1. 5254\nMy move: 1... 5755");
//! assert!(report.in_order());
//! apply(&mut game, &report, Side::White, "2026.12.03".parse()?);
//! assert_eq!(game.plies[1].mv.to_string(), "5755");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod card;
mod card_words;
mod check;
mod claims;
mod cmail;
mod date;
mod days;
mod diagnose;
mod finding;
mod folder;
mod game;
mod game_read;
mod game_write;
mod if_moves;
mod matching;
mod message;
mod move_no;
mod our_move;
mod quote;
mod received;
mod scan;
mod status;
mod time_control;

pub use apply::{Applied, apply};
pub use card::{CardOptions, Offer, card};
pub use card_words::{MessageLang, ParseMessageLangError};
pub use check::{Report, check};
pub use claims::{Claim, FoundClaim, Mood, find_claims, read_claims};
pub use cmail::{CMAIL_TAG, CmailGame, cmail_games, cmail_pgn};
pub use date::{Date, ParseDateError};
pub use days::{DaysUsed, days_used};
pub use diagnose::{Slip, Suggestion, diagnose};
pub use finding::Finding;
pub use folder::{ADDRESS_TAG, FindGameError, FolderGame, find_game};
pub use game::{Game, IllegalPlyError, Ply, SIDE_TAG, numeric};
pub use game_read::{GameFileError, GameFileErrorKind, IF_MARK, read_game};
pub use game_write::write_game;
pub use if_moves::{IfMoveError, parse_if_line};
pub use matching::{Clue, Envelope, PartMatch, match_message, split};
pub use message::message_text;
pub use move_no::{MoveNo, Side};
pub use our_move::{OurMoveError, play_our_move, read_our_move};
pub use quote::unquoted_lines;
pub use received::Received;
pub use scan::{WrittenPly, scan_moves};
pub use status::{
    Alert, CARD_DUE_TAG, Clock, Deadlines, GameStatus, LastMove, game_id, game_status, player_tag,
};
pub use time_control::{ParseTimeControlError, TimeControl};
