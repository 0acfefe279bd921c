//! ICCF numeric chess notation.
//!
//! The International Correspondence Chess Federation writes every square as
//! two digits (file 1-8, rank 1-8: e2 is `52`) and a move as from-square plus
//! to-square (1.e4 is `5254`), with a fifth digit for promotions (1 = queen,
//! 2 = rook, 3 = bishop, 4 = knight) and castling as the king's move (`5171`).
//! Being free of piece letters, it reads the same in every language.
//!
//! This crate parses and writes that notation and converts it against a
//! position, with the chess rules of [`shakmaty`]. It does no I/O.
//!
//! # Where things are
//!
//! ```text
//! bytes of one move ──▶ read::read_move_in ──▶ shakmaty::Move ──▶ MoveFormat::append ──▶ bytes
//!   (token::is_move)      guess_notation          (legal in the       Notation + Lang
//!                         numeric: resolve.rs      position)
//!                         SAN: localized.rs
//! ```
//!
//! * [`NumericSquare`], [`NumericMove`]: the numeric syntax (`square.rs`,
//!   `numeric.rs`); [`NumericMove::to_move`] and [`NumericMove::from_move`]
//!   resolve it against a position (`resolve.rs`), with [`IllegalMoveError`]
//!   saying why a move cannot be played.
//! * [`Notation`], [`MoveFormat`]: how a move is written (`notation.rs`);
//!   [`MoveNumber`]: the `12.` or `12...` before it.
//! * [`read`]: one move in any notation, with [`read::ReadMoveError`].
//! * [`lang`]: the piece letters of 36 languages and what a game's letters
//!   say about its language; [`localized`]: SAN in those letters;
//!   [`token`]: what a movetext token is.
//!
//! ```
//! use iccf::{CastlingNotation, NumericMove};
//! use shakmaty::{Chess, Position, san::San};
//!
//! let mut pos = Chess::default();
//! let mut san = Vec::new();
//! for token in "5254 5755 7163 2836".split(' ') {
//!     let m = token.parse::<NumericMove>()?.to_move(&pos)?;
//!     san.push(San::from_move(&pos, m).to_string());
//!     pos.play_unchecked(m);
//! }
//! assert_eq!(san, ["e4", "e5", "Nf3", "Nc6"]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod lang;
pub mod localized;
mod move_number;
mod notation;
mod numeric;
mod plain;
pub mod read;
mod resolve;
mod square;
pub mod token;

pub use move_number::MoveNumber;
pub use notation::{
    MoveFormat, Notation, ParseNotationError, check_suffix, describe_move, lan_bytes, role_name,
    san_bytes, uci_bytes,
};
pub use numeric::{NumericMove, ParseNumericError, promotion_digit, role_from_digit};
pub use resolve::{
    CastlingNotation, FromMoveError, IllegalMoveError, IllegalReason, LegacyPromotion,
};
pub use square::{NumericSquare, ParseSquareError};
