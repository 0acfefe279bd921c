//! PGN output: tags, comments, NAGs and variations kept.

use iccf::lang::{Lang, LangSet};
use iccf::{MoveFormat, MoveNumber};
use shakmaty::{Chess, Color, Position};

use crate::lexer::{LexError, TagValue};
use crate::sink::{Ending, Played, Sink};
use crate::walk::Step;
use crate::writer::PgnWriter;

/// Writes a game as PGN, moves in `format`.
#[derive(Debug)]
pub(crate) struct PgnSink<'o> {
    w: PgnWriter<'o>,
    format: MoveFormat,
    /// The languages the game was read in, for the `InputLanguage` tag.
    langs: LangSet,
}

impl<'o> PgnSink<'o> {
    /// Appends to `out`.
    pub(crate) fn new(out: &'o mut Vec<u8>, format: MoveFormat, langs: LangSet) -> PgnSink<'o> {
        PgnSink {
            w: PgnWriter::new(out),
            format,
            langs,
        }
    }
}

impl PgnSink<'_> {
    /// Whether the game was read in a language other than English, named
    /// in an `InputLanguage` tag.
    fn names_input_language(&self) -> bool {
        !self.langs.is_empty() && !self.langs.contains(Lang::En)
    }
}

impl Sink for PgnSink<'_> {
    const VARIATIONS: bool = true;

    fn wants_check(&self) -> bool {
        self.format.notation.has_suffix()
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        // Of an earlier reading, it is stale once the moves are written
        // again: a file converted again had two, or one naming German on
        // English SAN. This reading's own comes at the end of the tags.
        if name == b"InputLanguage" {
            return;
        }
        self.w.tag(name, &value.unescaped());
    }

    /// Records a language other than English in an `InputLanguage` tag.
    fn end_tags(&mut self) {
        if self.names_input_language() {
            self.w
                .tag(b"InputLanguage", self.langs.to_string().as_bytes());
        }
        self.w.end_tags();
    }

    fn misplaced_tag(&mut self, _name: &[u8], _value: TagValue<'_>, raw: &[u8], repaired: bool) {
        if repaired {
            // Repaired, it runs to its line end like a broken tag: alone on
            // its line.
            self.w.escape(raw);
        } else {
            self.w.token(raw);
        }
    }

    #[inline(always)]
    fn played(&mut self, m: &Played<'_>) {
        if m.needs_number || m.before.turn() == Color::White {
            let number = MoveNumber::from_position(m.before);
            self.w.token_with(|out| number.append_to(out));
        }
        let format = self.format;
        self.w.token_with(|out| {
            match m.step {
                Step::Move(mv) => format.append(out, m.before, mv, m.check),
                Step::Null => out.extend_from_slice(null_move(format)),
            }
            out.extend_from_slice(m.suffix);
        });
    }

    /// The number as it would have been, then the rest as written.
    fn failed(&mut self, pos: &Chess, _token: &[u8], with_suffix: &[u8]) {
        let number = MoveNumber::from_position(pos);
        self.w.token_with(|out| number.append_to(out));
        self.w.token(with_suffix);
    }

    fn unconverted(&mut self, _token: &[u8], with_suffix: &[u8]) {
        self.w.copied(with_suffix);
    }

    fn annotation(&mut self, raw: &[u8]) {
        self.w.token(raw);
    }

    fn comment(&mut self, text: &[u8]) {
        self.w.comment(text);
    }

    fn escape(&mut self, line: &[u8]) {
        self.w.escape(line);
    }

    fn variation_start(&mut self) {
        self.w.variation_start();
    }

    fn variation_end(&mut self) {
        self.w.variation_end();
    }

    fn result(&mut self, result: &[u8]) {
        self.w.result(result);
    }

    fn misplaced_result(&mut self, raw: &[u8]) {
        self.w.token(raw);
    }

    fn stray_variation_end(&mut self, raw: &[u8]) {
        self.w.token(raw);
    }

    fn lex_error(&mut self, err: LexError, raw: &[u8]) {
        if raw.starts_with(b"[") {
            // A broken tag runs to its line end: alone on its line, it
            // cannot swallow the tokens after it.
            self.w.escape(raw);
        } else if err == LexError::UnterminatedComment {
            // Its text as line comments: a `{` left open would swallow the
            // result written after it.
            self.w.line_comment(&raw[1..]);
        } else {
            self.w.token(raw);
        }
    }

    fn end_game(&mut self, ending: &Ending<'_>) {
        if !ending.written {
            self.w.result(ending.result);
        }
        self.w.end_game();
    }
}

/// A null move in `format`: UCI has its own, the others take PGN's `--`.
pub(crate) fn null_move(format: MoveFormat) -> &'static [u8] {
    match format.notation {
        iccf::Notation::Uci => b"0000",
        _ => b"--",
    }
}
