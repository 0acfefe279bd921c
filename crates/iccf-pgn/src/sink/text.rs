//! Text output: one line a game, the numbered main-line moves and the
//! result, after the `FEN` and `Variant` tags of a game from a set-up position
//! (and the `Variant` of a game of another variant).

use iccf::{MoveFormat, MoveNumber};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Setup};

use crate::lexer::TagValue;
use crate::setup::variant_mode;
use crate::sink::pgn::null_move;
use crate::sink::{Ending, Played, Sink};
use crate::walk::Step;

/// Writes the main line of a game as one line: the moves converted, then
/// from the first that failed the rest as written. Variations, comments
/// and annotations are left out, as pgn-reader's visitors skip them.
#[derive(Debug)]
pub(crate) struct TextSink<'o> {
    out: &'o mut Vec<u8>,
    format: MoveFormat,
    first: bool,
    /// The game's `FEN` and `Variant` tags, as written, until the tags end.
    fen: Option<Vec<u8>>,
    variant: Option<Vec<u8>>,
}

impl<'o> TextSink<'o> {
    /// Appends to `out`.
    pub(crate) fn new(out: &'o mut Vec<u8>, format: MoveFormat) -> TextSink<'o> {
        TextSink {
            out,
            format,
            first: true,
            fen: None,
            variant: None,
        }
    }

    /// A space before every token but the first.
    fn separate(&mut self) {
        if !self.first {
            self.out.push(b' ');
        }
        self.first = false;
    }
}

impl Sink for TextSink<'_> {
    const VARIATIONS: bool = false;

    /// A game from a set-up position keeps its `FEN` tag (and its
    /// `Variant`) at the start of its line: without it the line reads back
    /// from the standard start, where its first move is illegal. Other
    /// games' lines have no tags (`[Variant "Standard"]` of lichess
    /// exports included).
    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        match name {
            b"FEN" if !is_standard_start(value.raw()) => self.fen = Some(value.raw().to_vec()),
            b"Variant" => self.variant = Some(value.raw().to_vec()),
            _ => {}
        }
    }

    // Their space written here, the first move still counts as first and
    // so gets its number, Black's too.
    //
    // A `Variant` other than standard chess is kept without a `FEN` too:
    // without it a Chess960 game's castling (`5181`) or a Three-check game
    // would read back as standard chess.
    fn end_tags(&mut self) {
        let fen = self.fen.take();
        let variant = self
            .variant
            .take()
            .filter(|name| fen.is_some() || variant_mode(name) != Some(CastlingMode::Standard));
        if fen.is_none() && variant.is_none() {
            return;
        }
        for (name, value) in [(&b"Variant"[..], variant), (b"FEN", fen)] {
            let Some(value) = value else { continue };
            self.out.push(b'[');
            self.out.extend_from_slice(name);
            self.out.extend_from_slice(b" \"");
            self.out.extend_from_slice(&value);
            self.out.extend_from_slice(b"\"] ");
        }
    }

    fn wants_check(&self) -> bool {
        self.format.notation.has_suffix()
    }

    #[inline(always)]
    fn played(&mut self, m: &Played<'_>) {
        if self.first || m.before.turn() == Color::White {
            self.separate();
            MoveNumber::from_position(m.before).append_to(self.out);
        }
        self.out.push(b' ');
        match m.step {
            Step::Move(mv) => self.format.append(self.out, m.before, mv, m.check),
            Step::Null => self.out.extend_from_slice(null_move(self.format)),
        }
    }

    /// The number as it would have been, then the rest as written.
    fn failed(&mut self, pos: &Chess, token: &[u8], _with_suffix: &[u8]) {
        self.separate();
        MoveNumber::from_position(pos).append_to(self.out);
        self.out.push(b' ');
        self.out.extend_from_slice(token);
    }

    fn unconverted(&mut self, token: &[u8], _with_suffix: &[u8]) {
        self.separate();
        self.out.extend_from_slice(token);
    }

    /// The result where it is written: tokens after it stay after it.
    fn result(&mut self, result: &[u8]) {
        self.separate();
        self.out.extend_from_slice(result);
    }

    /// A result ends every line, so that each line reads back as a game.
    fn end_game(&mut self, ending: &Ending<'_>) {
        if !ending.written {
            self.separate();
            self.out.extend_from_slice(ending.result);
        }
        self.out.push(b'\n');
    }
}

/// Whether `fen` is shakmaty's standard start: a `FEN` tag of it is no
/// set-up position.
fn is_standard_start(fen: &[u8]) -> bool {
    Fen::from_ascii(fen).is_ok_and(|fen| *fen.as_setup() == Setup::default())
}
