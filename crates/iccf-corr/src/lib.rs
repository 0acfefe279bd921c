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
//! use iccf_corr::{apply, check, read_game};
//! use shakmaty::Color;
//!
//! let mut game = read_game(b"[ICCFSide \"white\"]\n\n1. 5254 {[%ccsnt 2026.12.01]} *")?;
//! let report = check(&game, Color::White, "Your move: 1. 5254\nMy move: 1... 5755");
//! assert!(report.in_order());
//! apply(&mut game, &report, Color::White, "2026.12.03".parse()?);
//! assert_eq!(game.plies[1].mv.to_string(), "5755");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod apply;
mod card;
mod card_words;
mod check;
mod claim_words;
mod claims;
mod claims_check;
mod clock;
mod cmail;
mod date;
mod dates;
mod diagnose;
mod finding;
mod folder;
mod follow_up;
mod game;
mod game_id;
mod game_read;
mod game_write;
mod html;
mod if_moves;
mod matching;
mod message;
mod our_move;
mod quote;
mod received;
mod repeat;
mod scan;
mod serial;
mod status;
mod text;
mod time_control;

pub use apply::{Applied, apply, apply_result};
pub use card::{CardOptions, Offer, OfferError, card, record_offers};
pub use card_words::{MessageLang, ParseMessageLangError};
pub use check::{CheckOptions, MessageReport, check, check_message};
pub use claims::{Claim, FoundClaim, Mood, find_claims, read_claims};
pub use clock::{
    LEAVE_DAYS_PER_YEAR, LEAVE_TAG, Leave, ParseLeaveError, SideClock, WARN_DAYS, clock,
    leave_days_in, leave_of, leave_over_allowance,
};
pub use cmail::{CMAIL_TAG, CmailGame, cmail_games, cmail_pgn};
pub use date::{Date, ParseDateError};
pub use dates::{DateError, check_file_dates};
pub use diagnose::{Slip, Suggestion, diagnose};
pub use finding::Finding;
pub use folder::{ADDRESS_TAG, FindGameError, FolderGame, find_game, learn_address};
pub use game::{Game, IllegalPlyError, Ply, SIDE_TAG, numeric};
pub use game_read::{DRAW_OFFER, GameFileError, GameFileErrorKind, IF_MARK, read_game};
pub use game_write::write_game;
pub use html::html_text;
pub use if_moves::{IfMoveError, parse_if_line};
pub use matching::{Clue, Envelope, PartMatch, match_message, split};
pub use message::{Message, message_text, read_message};
pub use our_move::{OurMoveError, play_our_move, read_our_move};
pub use quote::unquoted_lines;
pub use received::Received;
pub use scan::{UnnumberedMove, WrittenPly, scan_moves, scan_unnumbered};
pub use status::{
    Alert, CARD_DUE_TAG, Clock, Deadlines, GameStatus, LastMove, game_id, game_status, player_tag,
};
pub use text::decode_text;
pub use time_control::{ParseTimeControlError, TimeControl};
