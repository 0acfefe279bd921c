//! Where the walk over a game's tokens sends what it finds: one sink per
//! output format.
//!
//! The [walk](crate::walk) reads every token once, plays the moves, keeps
//! the variation stack and records the problems; a sink only writes. So
//! every format reports the same problems, by construction.
//!
//! - [`pgn::PgnSink`]: PGN with tags, comments, NAGs and variations.
//! - [`text::TextSink`]: one line a game, the numbered main line.
//! - [`jsonl::RecordSink`]: a [`GameRecord`](crate::record::GameRecord), one
//!   JSON object a game.
//! - [`tree::TreeSink`]: the whole game as a [`Game`](crate::game::Game).

use core::ops::Range;

use shakmaty::Chess;
use shakmaty::san::Suffix;

use crate::lexer::{LexError, TagValue};
use crate::walk::Step;

pub(crate) mod jsonl;
pub(crate) mod pgn;
pub(crate) mod text;
pub(crate) mod tree;

/// A move the walk read and played.
#[derive(Debug)]
pub(crate) struct Played<'a> {
    /// The position the move was played in.
    pub before: &'a Chess,
    /// The move.
    pub step: Step,
    /// The check or mate mark after it, when the sink asked for them.
    pub check: Option<Suffix>,
    /// `!?` written right after the move, or empty.
    pub suffix: &'a [u8],
    /// Whether PGN needs the move number here whatever the side: at the
    /// start of a line, after a comment or a variation.
    pub needs_number: bool,
    /// Where the move is written in the game.
    pub span: Range<usize>,
}

/// How a game ends.
#[derive(Debug)]
pub(crate) struct Ending<'a> {
    /// Whether [`Sink::result`] was told of a result in the movetext.
    pub written: bool,
    /// The result: the one in the movetext, else the `Result` tag's (of a
    /// game with moves too, which gets a warning), else `*`.
    pub result: &'a [u8],
}

/// What happens in a game, in order. Every method but
/// [`Sink::wants_check`] does nothing by default.
pub(crate) trait Sink {
    /// Whether the sink is told what happens inside variations; the walk
    /// reads them either way, for their problems.
    const VARIATIONS: bool;

    /// Whether [`Played::check`] is needed: it costs a copy of the position.
    fn wants_check(&self) -> bool;

    /// A tag pair of the tag section.
    fn tag(&mut self, _name: &[u8], _value: TagValue<'_>) {}
    /// The end of the tag section, before the first other token.
    fn end_tags(&mut self) {}
    /// A tag pair after the movetext began, at any depth: an error;
    /// `repaired` when it was malformed too.
    fn misplaced_tag(&mut self, _name: &[u8], _value: TagValue<'_>, _raw: &[u8], _repaired: bool) {}
    /// A move read and played.
    fn played(&mut self, _m: &Played<'_>) {}
    /// A move that could not be read or played in `pos`: the line is
    /// copied as written from here. `with_suffix` is the move with its
    /// `!?`.
    fn failed(&mut self, _pos: &Chess, _token: &[u8], _with_suffix: &[u8]) {}
    /// A move or move number on a line copied as written.
    fn unconverted(&mut self, _token: &[u8], _with_suffix: &[u8]) {}
    /// A NAG or a `!?` standing apart from its move.
    fn annotation(&mut self, _raw: &[u8]) {}
    /// The text of a `{}` or `;` comment.
    fn comment(&mut self, _text: &[u8]) {}
    /// A `%` escape line.
    fn escape(&mut self, _line: &[u8]) {}
    /// `(`.
    fn variation_start(&mut self) {}
    /// `)`, or a variation left open, closed at the end of the game.
    fn variation_end(&mut self) {}
    /// The game's result.
    fn result(&mut self, _result: &[u8]) {}
    /// A second result, or one inside a variation: an error.
    fn misplaced_result(&mut self, _raw: &[u8]) {}
    /// A `)` without a variation to close: an error.
    fn stray_variation_end(&mut self, _raw: &[u8]) {}
    /// Text the lexer could not read: an error.
    fn lex_error(&mut self, _err: LexError, _raw: &[u8]) {}
    /// The end of the game.
    fn end_game(&mut self, _ending: &Ending<'_>) {}
}
