//! Converting one PGN game's movetext from any notation iccf reads into the
//! notation asked for, keeping tags, comments, NAGs and variations.
//!
//! A move that cannot be read stops conversion of its line only: the rest of
//! that line is copied as written, so nothing is lost, and the problem is
//! reported with its location.

use core::fmt;

use iccf::read::{Syntax, guess_syntax, read_move};
use iccf::{CastlingNotation, Notation, append_move};
use shakmaty::fen::Fen;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Move, Position};

use crate::lexer::{Lexer, Token, TokenKind, line_col};
use crate::writer::PgnWriter;

/// How converted games are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// PGN with tags, comments, NAGs and variations.
    #[default]
    Pgn,
    /// One line a game: the numbered main-line moves only.
    Text,
    /// One JSON object a game: tags, each move in numeric, SAN and UCI,
    /// result and problems.
    Jsonl,
}

/// What to convert to and how.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// The notation to write; `None` converts numeric games to SAN and every
    /// other game to numeric.
    pub to: Option<Notation>,
    /// The output format.
    pub format: OutputFormat,
    /// How Chess960 castling is written in numeric notation.
    pub chess960_castling: CastlingNotation,
}

impl Default for Options {
    /// Numeric ↔ SAN by input, PGN output, Chess960 castling as king takes
    /// rook.
    fn default() -> Options {
        Options {
            to: None,
            format: OutputFormat::Pgn,
            chess960_castling: CastlingNotation::KingTakesRook,
        }
    }
}

/// Where a game starts in its input, for error locations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameLocation {
    /// 1-based game number.
    pub index: u64,
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// 1-based column of the game's first byte.
    pub column: u64,
}

impl Default for GameLocation {
    fn default() -> GameLocation {
        GameLocation {
            index: 1,
            line: 1,
            column: 1,
        }
    }
}

/// A problem found in a game, with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based game number.
    pub game: u64,
    /// 1-based line in the input.
    pub line: u64,
    /// 1-based column in the input (in characters).
    pub column: u64,
    /// The move number, `12.` or `12...`, when the problem is at a move.
    pub move_label: Option<String>,
    /// The text at fault, as written.
    pub token: String,
    /// What is wrong.
    pub message: String,
}

/// Shows the problem without its location, which callers put first with
/// the file name: `game 3, 12... `5255`: no black piece …`.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(label) = &self.move_label {
            write!(f, ", {label}")?;
        }
        if !self.token.is_empty() {
            write!(f, " `{}`", self.token)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// What converting one game found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Moves converted, variations included.
    pub moves: u64,
    /// The notation of the game's first move, if it has one.
    pub input: Option<Syntax>,
    /// Problems that left part of the game unconverted.
    pub errors: Vec<Problem>,
    /// Things that were read but are not as they should be.
    pub warnings: Vec<Problem>,
}

/// Converts games; holds the options and scratch space reused across games.
#[derive(Debug, Default)]
pub struct Converter {
    options: Options,
}

impl Converter {
    /// A converter with `options`.
    pub fn new(options: Options) -> Converter {
        Converter { options }
    }

    /// Converts one game (the bytes of a whole game, as the splitter gives
    /// them), appending the output to `out`.
    pub fn convert(&self, game: &[u8], at: GameLocation, out: &mut Vec<u8>) -> Report {
        let tokens: Vec<Token<'_>> = Lexer::new(game).collect();
        let mut run = Run {
            options: &self.options,
            game,
            at,
            tokens: &tokens,
            report: Report::default(),
        };
        run.convert(out);
        run.report
    }
}

/// One line of play being converted: the main line or a variation.
#[derive(Clone)]
struct Line {
    pos: Chess,
    /// The position before the last move, where a variation starts.
    before_last: Option<Chess>,
    /// Conversion stopped on this line: copy the rest as written.
    broken: bool,
}

struct Run<'o, 'g, 't> {
    options: &'o Options,
    game: &'g [u8],
    at: GameLocation,
    tokens: &'t [Token<'g>],
    report: Report,
}

/// Tags that decide the starting position.
#[derive(Default)]
struct Setup<'g> {
    fen: Option<&'g [u8]>,
    variant: Option<&'g [u8]>,
}

impl<'g> Run<'_, 'g, '_> {
    fn convert(&mut self, out: &mut Vec<u8>) {
        let (start, setup_error) = match self.start_position() {
            Ok(pos) => (pos, false),
            Err((span, message)) => {
                self.error(span, None, message);
                (Chess::default(), true)
            }
        };
        let input = self.input_syntax(&start);
        self.report.input = input;
        let to = self.options.to.unwrap_or(match input {
            Some(Syntax::Numeric) => Notation::San,
            _ => Notation::Numeric,
        });
        match self.options.format {
            OutputFormat::Pgn => self.write_pgn(out, start, setup_error, to),
            OutputFormat::Text => {
                let moves = self.main_line(start, setup_error, to);
                write_text(out, &moves, self.options.chess960_castling);
            }
            OutputFormat::Jsonl => {
                let moves = self.main_line(start, setup_error, Notation::San);
                self.write_jsonl(out, &moves);
            }
        }
    }

    fn start_position(&mut self) -> Result<Chess, (core::ops::Range<usize>, String)> {
        let mut setup = Setup::default();
        let mut fen_span = 0..0;
        let mut variant_span = 0..0;
        for t in self.tokens {
            if let TokenKind::Tag { name, value } = &t.kind {
                let value: &'g [u8] = match value {
                    std::borrow::Cow::Borrowed(v) => v,
                    // Escapes never occur in a FEN or variant name worth reading.
                    std::borrow::Cow::Owned(_) => continue,
                };
                if name.eq_ignore_ascii_case(b"FEN") {
                    setup.fen = Some(value);
                    fen_span = t.span.clone();
                } else if name.eq_ignore_ascii_case(b"Variant") {
                    setup.variant = Some(value);
                    variant_span = t.span.clone();
                }
            }
        }
        let mode = match setup.variant.map(variant_mode) {
            None | Some(Some(CastlingMode::Standard)) => CastlingMode::Standard,
            Some(Some(CastlingMode::Chess960)) => CastlingMode::Chess960,
            Some(None) => {
                return Err((
                    variant_span,
                    format!(
                        "variant {} is not supported: numeric notation covers standard chess and Chess960",
                        String::from_utf8_lossy(setup.variant.unwrap_or_default())
                    ),
                ));
            }
        };
        let Some(fen) = setup.fen else {
            return Ok(start_position(mode));
        };
        let fen = Fen::from_ascii(fen.trim_ascii())
            .map_err(|err| (fen_span.clone(), format!("bad FEN: {err}")))?;
        match fen.into_position(mode) {
            Ok(pos) => Ok(pos),
            // Castling rights that do not fit the pieces are common in
            // hand-made FENs: drop them rather than the game, and say so.
            Err(err) => match err.ignore_invalid_castling_rights() {
                Ok(pos) => {
                    self.warn(
                        fen_span,
                        None,
                        "FEN castling rights do not fit the position: ignored".to_owned(),
                    );
                    Ok(pos)
                }
                Err(err) => Err((fen_span, format!("impossible FEN position: {err}"))),
            },
        }
    }

    /// The syntax of the first main-line move that can be read.
    fn input_syntax(&self, start: &Chess) -> Option<Syntax> {
        let mut depth = 0usize;
        for t in self.tokens {
            match t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::Move(text) if depth == 0 => {
                    return Some(match read_move(text, start) {
                        Ok(read) => read.syntax,
                        Err(_) => guess_syntax(text),
                    });
                }
                _ => {}
            }
        }
        None
    }

    fn write_pgn(&mut self, out: &mut Vec<u8>, start: Chess, broken: bool, to: Notation) {
        let mut w = PgnWriter::new(out);
        let mut line = Line {
            pos: start,
            before_last: None,
            broken,
        };
        let mut stack: Vec<Line> = Vec::new();
        let mut need_number = true;
        let mut in_tags = true;
        let mut wrote_result = false;
        let mut text = Vec::with_capacity(16);
        let mut i = 0;
        while i < self.tokens.len() {
            let t = &self.tokens[i];
            i += 1;
            let raw = &self.game[t.span.clone()];
            if in_tags && !matches!(t.kind, TokenKind::Tag { .. }) {
                in_tags = false;
                w.end_tags();
            }
            match &t.kind {
                TokenKind::Tag { name, value } => {
                    if in_tags {
                        w.tag(name, value);
                    } else {
                        self.error(t.span.clone(), None, "tag inside movetext".to_owned());
                        w.token(raw);
                    }
                }
                TokenKind::Move(m) => {
                    let suffix = self.suffix_at(i);
                    if line.broken {
                        w.token(raw);
                        continue;
                    }
                    let before = line.pos.clone();
                    match self.play(&mut line, m, t.span.clone()) {
                        Some(played) => {
                            if need_number || before.turn() == Color::White {
                                text.clear();
                                push_number(&mut text, &before);
                                w.token(&text);
                            }
                            need_number = false;
                            text.clear();
                            let check = to
                                .has_suffix()
                                .then(|| Suffix::from_position(&line.pos))
                                .flatten();
                            append_move(
                                &mut text,
                                to,
                                &before,
                                played,
                                check,
                                self.options.chess960_castling,
                            );
                            if let Some(s) = suffix {
                                text.extend_from_slice(s);
                                i += 1;
                            }
                            w.token(&text);
                        }
                        None => {
                            // The number as it would have been, then the rest as written.
                            text.clear();
                            push_number(&mut text, &before);
                            w.token(&text);
                            w.token(raw);
                        }
                    }
                }
                TokenKind::MoveNumber { .. } => {
                    if line.broken {
                        w.token(raw);
                    }
                }
                TokenKind::Suffix(_) | TokenKind::Nag(_) => w.token(raw),
                TokenKind::Comment(c) => {
                    w.comment(c);
                    need_number = true;
                }
                TokenKind::LineComment(c) => {
                    w.comment(c);
                    need_number = true;
                }
                TokenKind::Escape(e) => w.escape(e),
                TokenKind::VariationStart => {
                    let parent = line.clone();
                    line = match parent.before_last.clone() {
                        Some(pos) => Line {
                            pos,
                            before_last: None,
                            broken: parent.broken,
                        },
                        None => {
                            if !parent.broken {
                                self.error(
                                    t.span.clone(),
                                    None,
                                    "variation before any move".to_owned(),
                                );
                            }
                            Line {
                                broken: true,
                                ..parent.clone()
                            }
                        }
                    };
                    stack.push(parent);
                    w.variation_start();
                    need_number = true;
                }
                TokenKind::VariationEnd => match stack.pop() {
                    Some(parent) => {
                        line = parent;
                        w.variation_end();
                        need_number = true;
                    }
                    None => {
                        self.error(
                            t.span.clone(),
                            None,
                            "`)` without a variation to close".to_owned(),
                        );
                        w.token(raw);
                    }
                },
                TokenKind::Result(r) => {
                    if !stack.is_empty() || wrote_result {
                        self.error(t.span.clone(), None, "result inside movetext".to_owned());
                        w.token(raw);
                    } else {
                        close_variations(&mut w, &mut stack, &mut line);
                        w.result(r);
                        wrote_result = true;
                    }
                }
                TokenKind::Error(err) => {
                    self.error(t.span.clone(), None, err.to_string());
                    w.token(raw);
                }
            }
        }
        if in_tags {
            w.end_tags();
        }
        if !stack.is_empty() {
            self.error(
                self.game.len()..self.game.len(),
                None,
                format!("{} unclosed variation(s) closed", stack.len()),
            );
            close_variations(&mut w, &mut stack, &mut line);
        }
        if !wrote_result {
            w.result(b"*");
        }
        w.end_game();
    }

    /// Reads and plays one move on `line`; on failure reports it and marks
    /// the line broken.
    fn play(
        &mut self,
        line: &mut Line,
        text: &[u8],
        span: core::ops::Range<usize>,
    ) -> Option<Move> {
        match read_move(text, &line.pos) {
            Ok(read) => {
                if let Some(warning) = read.warning {
                    self.warn(span, Some(move_label(&line.pos)), warning);
                }
                let before = line.pos.clone();
                line.pos.play_unchecked(read.m);
                line.before_last = Some(before);
                self.report.moves += 1;
                Some(read.m)
            }
            Err(err) => {
                self.error(span, Some(move_label(&line.pos)), err.to_string());
                line.broken = true;
                None
            }
        }
    }

    /// A suffix token directly following token `i - 1`, to glue to its move.
    fn suffix_at(&self, i: usize) -> Option<&'g [u8]> {
        match self.tokens.get(i) {
            Some(Token {
                kind: TokenKind::Suffix(s),
                ..
            }) => Some(s),
            _ => None,
        }
    }

    /// Converts the main line only, for the text and JSON formats.
    fn main_line(&mut self, start: Chess, broken: bool, to: Notation) -> MainLine<'g> {
        let mut line = Line {
            pos: start.clone(),
            before_last: None,
            broken,
        };
        let mut moves = MainLine {
            start,
            moves: Vec::new(),
            unconverted: Vec::new(),
            failed_at: None,
            result: None,
            to,
        };
        let mut depth = 0usize;
        for t in self.tokens {
            let raw = &self.game[t.span.clone()];
            match &t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                TokenKind::Move(m) => {
                    if line.broken {
                        moves.unconverted.push(raw);
                        continue;
                    }
                    let before = line.pos.clone();
                    match self.play(&mut line, m, t.span.clone()) {
                        Some(played) => moves.moves.push((before, played)),
                        None => {
                            moves.failed_at = Some(before);
                            moves.unconverted.push(raw);
                        }
                    }
                }
                TokenKind::MoveNumber { .. } if line.broken => moves.unconverted.push(raw),
                TokenKind::Result(r) => moves.result = Some(r),
                TokenKind::Error(err) => {
                    self.error(t.span.clone(), None, err.to_string());
                }
                _ => {}
            }
        }
        moves
    }

    fn write_jsonl(&self, out: &mut Vec<u8>, main: &MainLine<'g>) {
        out.extend_from_slice(b"{\"game\":");
        out.extend_from_slice(self.at.index.to_string().as_bytes());
        out.extend_from_slice(b",\"tags\":{");
        let mut first = true;
        for t in self.tokens {
            if let TokenKind::Tag { name, value } = &t.kind {
                if !first {
                    out.push(b',');
                }
                first = false;
                json_string(out, name);
                out.push(b':');
                json_string(out, value);
            }
        }
        out.extend_from_slice(b"},\"input\":");
        match self.report.input {
            Some(s) => json_string(out, s.name().as_bytes()),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"moves\":[");
        let mut after = Chess::default();
        for (i, (before, m)) in main.moves.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            after.clone_from(before);
            after.play_unchecked(*m);
            let check = Suffix::from_position(&after);
            let mut text = Vec::with_capacity(8);
            for (j, n) in [Notation::Numeric, Notation::San, Notation::Uci]
                .into_iter()
                .enumerate()
            {
                text.clear();
                append_move(
                    &mut text,
                    n,
                    before,
                    *m,
                    check,
                    self.options.chess960_castling,
                );
                out.extend_from_slice(if j == 0 { b"{\"" } else { b",\"" });
                out.extend_from_slice(n.name().as_bytes());
                out.extend_from_slice(b"\":");
                json_string(out, &text);
            }
            out.push(b'}');
        }
        out.extend_from_slice(b"],\"result\":");
        match main.result {
            Some(r) => json_string(out, r),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"unconverted\":");
        json_string(out, &main.unconverted.join(&b' '));
        out.extend_from_slice(b",\"errors\":[");
        for (i, p) in self.report.errors.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_problem(out, p);
        }
        out.extend_from_slice(b"],\"warnings\":[");
        for (i, p) in self.report.warnings.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_problem(out, p);
        }
        out.extend_from_slice(b"]}\n");
    }

    fn problem(
        &self,
        span: core::ops::Range<usize>,
        move_label: Option<String>,
        message: String,
    ) -> Problem {
        let (line, column) = line_col(self.game, span.start);
        let column = if line == 1 {
            column as u64 + self.at.column - 1
        } else {
            column as u64
        };
        let token = &self.game[span.start.min(self.game.len())..span.end.min(self.game.len())];
        let mut token = String::from_utf8_lossy(token).into_owned();
        if token.chars().count() > 60 {
            token = token.chars().take(57).collect::<String>() + "...";
        }
        Problem {
            game: self.at.index,
            line: self.at.line + line as u64 - 1,
            column,
            move_label,
            token,
            message,
        }
    }

    fn error(&mut self, span: core::ops::Range<usize>, label: Option<String>, message: String) {
        let p = self.problem(span, label, message);
        self.report.errors.push(p);
    }

    fn warn(&mut self, span: core::ops::Range<usize>, label: Option<String>, message: String) {
        let p = self.problem(span, label, message);
        self.report.warnings.push(p);
    }
}

fn close_variations(w: &mut PgnWriter<'_>, stack: &mut Vec<Line>, line: &mut Line) {
    while let Some(parent) = stack.pop() {
        *line = parent;
        w.variation_end();
    }
}

/// The main line of a game, converted as far as it goes.
struct MainLine<'g> {
    start: Chess,
    /// Each move with the position it was played in.
    moves: Vec<(Chess, Move)>,
    /// The main line's tokens after the first that failed, as written.
    unconverted: Vec<&'g [u8]>,
    /// The position where conversion stopped.
    failed_at: Option<Chess>,
    result: Option<&'g [u8]>,
    to: Notation,
}

fn write_text(out: &mut Vec<u8>, main: &MainLine<'_>, castling: CastlingNotation) {
    let mut first = true;
    let mut after = main.start.clone();
    for (before, m) in &main.moves {
        if first || before.turn() == Color::White {
            if !first {
                out.push(b' ');
            }
            push_number(out, before);
        }
        out.push(b' ');
        after.clone_from(before);
        let check = if main.to.has_suffix() {
            after.play_unchecked(*m);
            Suffix::from_position(&after)
        } else {
            None
        };
        append_move(out, main.to, before, *m, check, castling);
        first = false;
    }
    if let Some(pos) = &main.failed_at {
        if !first {
            out.push(b' ');
        }
        push_number(out, pos);
        first = false;
    }
    for raw in &main.unconverted {
        if !first {
            out.push(b' ');
        }
        out.extend_from_slice(raw);
        first = false;
    }
    out.push(b'\n');
}

/// `12.` before a white move, `12...` before a black one.
fn push_number(buf: &mut Vec<u8>, pos: &Chess) {
    buf.extend_from_slice(pos.fullmoves().to_string().as_bytes());
    buf.extend_from_slice(match pos.turn() {
        Color::White => b".",
        Color::Black => b"...",
    });
}

fn move_label(pos: &Chess) -> String {
    let mut buf = Vec::new();
    push_number(&mut buf, pos);
    String::from_utf8(buf).unwrap_or_default()
}

/// The standard starting position, with castling read in `mode`.
pub fn start_position(mode: CastlingMode) -> Chess {
    Chess::from_setup(shakmaty::Setup::default(), mode).unwrap_or_default()
}

/// Standard chess, Chess960, or `None` for a variant numeric cannot hold.
fn variant_mode(name: &[u8]) -> Option<CastlingMode> {
    let name = name.trim_ascii().to_ascii_lowercase();
    match name.as_slice() {
        b"" | b"standard" | b"chess" | b"normal" | b"from position" | b"fromposition" => {
            Some(CastlingMode::Standard)
        }
        _ if name.windows(3).any(|w| w == b"960")
            || name.starts_with(b"fischer")
            || name == b"frc" =>
        {
            Some(CastlingMode::Chess960)
        }
        _ => None,
    }
}

fn json_problem(out: &mut Vec<u8>, p: &Problem) {
    out.extend_from_slice(b"{\"line\":");
    out.extend_from_slice(p.line.to_string().as_bytes());
    out.extend_from_slice(b",\"column\":");
    out.extend_from_slice(p.column.to_string().as_bytes());
    out.extend_from_slice(b",\"move\":");
    match &p.move_label {
        Some(l) => json_string(out, l.as_bytes()),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"token\":");
    json_string(out, p.token.as_bytes());
    out.extend_from_slice(b",\"message\":");
    json_string(out, p.message.as_bytes());
    out.push(b'}');
}

/// Writes `s` as a JSON string; invalid UTF-8 is replaced, never dropped.
fn json_string(out: &mut Vec<u8>, s: &[u8]) {
    let s = String::from_utf8_lossy(s);
    // serde_json escapes exactly what JSON requires; writing to a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, s.as_ref());
}
