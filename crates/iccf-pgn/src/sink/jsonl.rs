//! The main line of a game as a [`GameRecord`]: JSON lines output, and
//! [`Converter::records()`](crate::convert::Converter::records).

use iccf::lang::Lang;
use iccf::{CastlingNotation, MoveFormat, Notation, NumericMove, san_bytes};
use shakmaty::san::Suffix;
use shakmaty::{Chess, Move};

use crate::convert::Report;
use crate::encoding::lossy;
use crate::lexer::TagValue;
use crate::record::{GameRecord, MoveText, RecordNotations, RecordedMoves, Tags};
use crate::sink::{Ending, Played, Sink};
use crate::walk::Step;

/// Gathers the main line of a game into a [`GameRecord`].
#[derive(Debug)]
pub(crate) struct RecordSink {
    notations: RecordNotations,
    /// How each notation of `notations` is written: the first
    /// `format_count`. A move is written in these alone, rather than each
    /// of the five looked for in `notations` a move.
    formats: [MoveFormat; 5],
    format_count: usize,
    record: GameRecord,
    /// Where each move is written before it is copied into the record.
    scratch: Vec<u8>,
}

/// The most tags and moves [`RecordSink::sized_for`] makes room for: more
/// grow as they come.
const MAX_RESERVED_TAGS: usize = 64;
const MAX_RESERVED_MOVES: usize = 1024;

impl RecordSink {
    /// Castling in Chess960 games written as `chess960_castling` says,
    /// moves in `notations` only.
    pub(crate) fn new(
        chess960_castling: CastlingNotation,
        notations: RecordNotations,
    ) -> RecordSink {
        let mut formats = [MoveFormat::new(Notation::Numeric); 5];
        let mut format_count = 0;
        for notation in notations.iter() {
            formats[format_count] = MoveFormat {
                chess960_castling,
                ..MoveFormat::new(notation)
            };
            format_count += 1;
        }
        RecordSink {
            notations,
            formats,
            format_count,
            record: GameRecord {
                moves: RecordedMoves::with_capacity(notations, 0),
                ..GameRecord::default()
            },
            scratch: Vec::new(),
        }
    }

    /// Room made at once for `tags` tags and `moves` moves, as the lexer
    /// counted them: a record's moves take up to 85 bytes each, and
    /// growing them move by move copied them over and over. Capped at what
    /// long real games have, as the tokens may be no moves at all (a huge
    /// game of garbage reserves no more than a real one).
    pub(crate) fn sized_for(mut self, tags: usize, moves: usize) -> RecordSink {
        self.record.tags = Tags::with_capacity(tags.min(MAX_RESERVED_TAGS));
        self.record.moves =
            RecordedMoves::with_capacity(self.notations, moves.min(MAX_RESERVED_MOVES));
        self
    }

    /// The record of a game that started from `start`, completed with
    /// what `report` found.
    pub(crate) fn finish(self, game: u64, start: Chess, report: &Report) -> GameRecord {
        GameRecord {
            game,
            start,
            input: report.input,
            langs: report.langs,
            encoding: report.encoding,
            errors: report.errors.clone(),
            warnings: report.warnings.clone(),
            ..self.record
        }
    }
}

/// Appends `record` as one line of JSON.
pub(crate) fn write_jsonl(out: &mut Vec<u8>, record: &GameRecord) {
    // Writing to a Vec cannot fail, nor can serializing these types.
    let _ = serde_json::to_writer(&mut *out, record);
    out.push(b'\n');
}

/// English SAN straight into the record (see [`san_bytes`]). Not inlined:
/// inlined, it made the numeric moves' path through
/// [`RecordSink::played`] 40 instructions a move longer. Apart from
/// [`fixed_text`], which could write it too: through
/// [`MoveFormat::fixed_bytes`], records of numeric and SAN took 1% more
/// instructions (twic944: 371.8M -> 375.5M).
#[inline(never)]
fn english_san(before: &Chess, m: Move, check: Option<Suffix>) -> Option<MoveText> {
    MoveText::from_short_ascii(san_bytes(before, m, check))
}

/// UCI, or English LAN, straight into the record as English SAN is (see
/// [`MoveFormat::fixed_bytes`]); not inlined, as [`english_san`].
#[inline(never)]
fn fixed_text(
    format: &MoveFormat,
    before: &Chess,
    m: Move,
    check: Option<Suffix>,
) -> Option<MoveText> {
    MoveText::from_short_ascii(format.fixed_bytes(before, m, check)?)
}

impl Sink for RecordSink {
    const VARIATIONS: bool = false;

    fn wants_check(&self) -> bool {
        self.notations.need_check()
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        self.record.tags.push_lossy(name, &value.unescaped());
    }

    fn misplaced_tag(&mut self, name: &[u8], value: TagValue<'_>, _raw: &[u8], _repaired: bool) {
        self.tag(name, value);
    }

    fn played(&mut self, m: &Played<'_>) {
        let moves = &mut self.record.moves;
        moves.push_move(match m.step {
            Step::Move(mv) => Some(mv),
            Step::Null => None,
        });
        // The texts in the order of the notations, as the record keeps them.
        for format in &self.formats[..self.format_count] {
            // A numeric move, but castling, UCI and English SAN and LAN are
            // written straight into the record: no buffer to copy from.
            if let (Notation::Numeric, Step::Move(mv)) = (format.notation, m.step)
                && let Some(plain) = NumericMove::of_plain(mv)
            {
                moves.push_text(MoveText::from(plain));
                continue;
            }
            if let (Notation::San, Step::Move(mv)) = (format.notation, m.step)
                && format.lang == Lang::En
                && let Some(san) = english_san(m.before, mv, m.check)
            {
                moves.push_text(san);
                continue;
            }
            if let (Notation::Uci | Notation::Lan, Step::Move(mv)) = (format.notation, m.step)
                && let Some(text) = fixed_text(format, m.before, mv, m.check)
            {
                moves.push_text(text);
                continue;
            }
            // One buffer for every move: the texts are kept inline.
            let buf = &mut self.scratch;
            buf.clear();
            match m.step {
                Step::Move(mv) => format.append(buf, m.before, mv, m.check),
                Step::Null => buf.extend_from_slice(crate::sink::pgn::null_move(*format)),
            }
            moves.push_utf8(buf);
        }
    }

    fn failed(&mut self, _pos: &Chess, token: &[u8], _with_suffix: &[u8]) {
        self.record.unconverted.push(lossy(token));
    }

    fn unconverted(&mut self, token: &[u8], _with_suffix: &[u8]) {
        self.record.unconverted.push(lossy(token));
    }

    fn result(&mut self, result: &[u8]) {
        self.record.result = Some(lossy(result));
    }

    /// A game without a result token gets the one PGN and text output
    /// write (its Result tag's, else `*`), as they do with a warning: a
    /// table of games should not say `null` where the file says `1-0`.
    fn end_game(&mut self, ending: &Ending<'_>) {
        if self.record.result.is_none() {
            self.record.result = Some(lossy(ending.result));
        }
    }
}
