//! `iccf.move`: one move read in any notation, written in every notation,
//! as `iccf move` shows it.

use iccf::lang::{Lang, LangSet};
use iccf::read::{ReadMove, read_move_after, writes_piece_letters};
use iccf::{MoveFormat, MoveNumber, Notation, describe_move, role_name};
use iccf_pgn::game::Reader;
use iccf_pgn::problem::ProblemKind;
use iccf_pgn::setup::parse_fen;
use iccf_pgn::typed_move::typed_move;
use pyo3::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use crate::args;
use crate::errors::{ambiguous_language_error, move_error, parse_error, typed_move_error};

/// A legal move in its position: `.numeric`, `.san`, `.lan`, `.uci`,
/// `.figurine`, `.localized(lang)`, and the piece described.
#[pyclass(frozen, module = "iccf", name = "Move")]
pub struct PyMove {
    pos: Chess,
    m: Move,
    input: Notation,
    lang: Lang,
    warning: Option<String>,
}

impl PyMove {
    fn write(&self, notation: Notation, lang: Lang) -> String {
        written(&self.pos, self.m, notation, lang)
    }
}

/// Legal move `m` of `pos` in `notation`, with `lang`'s letters.
fn written(pos: &Chess, m: Move, notation: Notation, lang: Lang) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mut buf = Vec::new();
    let format = MoveFormat {
        lang,
        ..MoveFormat::new(notation)
    };
    format.append(&mut buf, pos, m, Suffix::from_position(&after));
    String::from_utf8_lossy(&buf).into_owned()
}

#[pymethods]
impl PyMove {
    /// ICCF numeric: `5254`.
    #[getter]
    fn numeric(&self) -> String {
        self.write(Notation::Numeric, Lang::En)
    }
    /// SAN with English letters: `e4`, `Nf3`.
    #[getter]
    fn san(&self) -> String {
        self.write(Notation::San, Lang::En)
    }
    /// Long algebraic: `e2-e4`, `Ng1-f3`.
    #[getter]
    fn lan(&self) -> String {
        self.write(Notation::Lan, Lang::En)
    }
    /// UCI: `e2e4`.
    #[getter]
    fn uci(&self) -> String {
        self.write(Notation::Uci, Lang::En)
    }
    /// SAN with figurines: `♘f3`.
    #[getter]
    fn figurine(&self) -> String {
        self.write(Notation::Figurine, Lang::En)
    }
    /// The move in another language's letters: `Sf3` for `de`.
    #[pyo3(signature = (lang, notation = "san"))]
    fn localized(&self, lang: &str, notation: &str) -> PyResult<String> {
        let notation = args::notation(Some(notation))?.unwrap_or(Notation::San);
        Ok(self.write(notation, args::lang(lang)?))
    }
    /// The move in words: `pawn e2-e4`, `king e1-g1, castling short`.
    #[getter]
    fn description(&self) -> String {
        describe_move(self.m)
    }
    /// The piece that moves: `pawn`, `knight`, ..., `king`.
    #[getter]
    fn piece(&self) -> &'static str {
        role_name(self.m.role())
    }
    /// The notation the move was read in: `numeric`, `san`, `lan`, `uci`.
    #[getter]
    fn input(&self) -> &'static str {
        self.input.name()
    }
    /// The language whose letters the move was read in: `input_lang`, or
    /// the one `auto` found (reading the text in it gives the same move).
    #[getter]
    fn input_lang(&self) -> &'static str {
        self.lang.code()
    }
    /// What was read but is not written as it should be, if anything.
    #[getter]
    fn warning(&self) -> Option<String> {
        self.warning.clone()
    }
    /// `1.` or `1...`: the move's number.
    #[getter]
    fn move_number(&self) -> String {
        MoveNumber::from_position(&self.pos).to_string()
    }
    /// The position before the move, as FEN.
    #[getter]
    fn fen_before(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }
    /// The position after the move, as FEN.
    #[getter]
    fn fen_after(&self) -> String {
        let mut after = self.pos.clone();
        after.play_unchecked(self.m);
        Fen::from_position(&after, EnPassantMode::Legal).to_string()
    }
    fn __str__(&self) -> String {
        self.numeric()
    }
    fn __repr__(&self) -> String {
        format!(
            "<iccf.Move {} {}: {}, {}>",
            self.move_number(),
            self.numeric(),
            self.san(),
            self.description()
        )
    }
}

/// Reads one move in any notation, after the moves of `after` from `fen`
/// (the start position by default), in the piece letters of `input_lang`;
/// `auto` as `iccf move`: the language of `after`, else every language
/// that reads the move, which must then agree on it.
#[pyfunction]
#[pyo3(name = "move", signature = (text, *, fen = None, after = None, input_lang = Some("en"), chess960 = false))]
#[pyo3(text_signature = "(text, *, fen=None, after=None, input_lang='en', chess960=False)")]
pub fn read_move(
    py: Python<'_>,
    text: &str,
    fen: Option<&str>,
    after: Option<&str>,
    input_lang: Option<&str>,
    chess960: bool,
) -> PyResult<PyMove> {
    let lang = args::input_lang(input_lang)?;
    let mut pos = start(py, fen, chess960)?;
    let (mut langs, mut certain) = (LangSet::EMPTY, false);
    if let Some(after) = after {
        (pos, langs, certain) = play_after(py, pos, after, lang)?;
    }
    let text = text.trim();
    let number = MoveNumber::from_position(&pos);
    // As `iccf move` reads it: its number and marks may be typed.
    let the_move =
        typed_move(text, number).map_err(|err| typed_move_error(py, &err, text, number))?;
    let readings = read_move_after(the_move.as_bytes(), &pos, lang, langs, certain)
        .map_err(|err| move_error(py, &err, text, number))?;
    let [(langs, read)] = <[_; 1]>::try_from(readings)
        .map_err(|readings| ambiguous_language(py, &pos, &readings, text, number))?;
    Ok(PyMove {
        pos,
        m: read.m,
        input: read.notation,
        lang: langs.first().unwrap_or(Lang::En),
        warning: read.warning.map(|w| w.to_string()),
    })
}

/// The error for `text`, which languages read as different moves: each
/// move with the languages that read it, as `iccf move` lists them.
fn ambiguous_language(
    py: Python<'_>,
    pos: &Chess,
    readings: &[(LangSet, ReadMove)],
    text: &str,
    number: MoveNumber,
) -> PyErr {
    let moves: Vec<String> = readings
        .iter()
        .map(|(_, read)| written(pos, read.m, Notation::Numeric, Lang::En))
        .collect();
    let each: Vec<String> = readings
        .iter()
        .zip(&moves)
        .map(|((langs, read), numeric)| {
            let san = written(pos, read.m, Notation::San, Lang::En);
            format!("{numeric} ({san}) in {langs}")
        })
        .collect();
    let reason = format!(
        "languages read different moves: {}; give input_lang",
        each.join(", ")
    );
    let notation = readings.first().map(|(_, read)| read.notation.name());
    ambiguous_language_error(py, text, number, reason, notation, moves)
}

fn start(py: Python<'_>, fen: Option<&str>, chess960: bool) -> PyResult<Chess> {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let Some(fen) = fen else {
        return Ok(iccf_pgn::setup::start_position(mode));
    };
    let parsed = parse_fen(fen.as_bytes())
        .map_err(|err| parse_error(py, format!("bad FEN `{fen}`: {err}")))?;
    parsed
        .into_position(mode)
        .map_err(|err| parse_error(py, format!("impossible position `{fen}`: {err}")))
}

/// The position after the main line of `after`, read from `start` as
/// `iccf move --after` and `iccf convert` read a game: variations and
/// comments are not played. Any error of the game is raised. With the
/// languages its piece letters were read in (none without piece moves)
/// and whether no other language reads them.
fn play_after(
    py: Python<'_>,
    start: Chess,
    after: &str,
    lang: Option<Lang>,
) -> PyResult<(Chess, LangSet, bool)> {
    let reader = Reader {
        input_lang: lang,
        start: Some(start.clone()),
        ..Reader::default()
    };
    let games = reader.read_games(after.as_bytes());
    let game = match games.as_slice() {
        [] => return Ok((start, LangSet::EMPTY, false)),
        [game] => game,
        more => {
            let message = format!("`after` holds {} games: give one", more.len());
            return Err(parse_error(py, message));
        }
    };
    if let Some(problem) = game.first_error() {
        let number = problem
            .move_number
            .unwrap_or_else(|| MoveNumber::from_position(game.end()));
        return Err(match &problem.kind {
            ProblemKind::Move(err) => move_error(py, err, &problem.token, number),
            kind => parse_error(py, format!("{number} `{}`: {kind}", problem.token)),
        });
    }
    let langs = if writes_piece_letters(game.main_line().filter_map(|ply| ply.m)) {
        game.report.langs
    } else {
        LangSet::EMPTY
    };
    Ok((game.end().clone(), langs, game.report.langs_certain))
}

/// Every language: (code, name, letters K Q R B N).
#[pyfunction]
pub fn languages() -> Vec<(&'static str, &'static str, [&'static str; 5])> {
    Lang::all()
        .map(|lang| (lang.code(), lang.name(), lang.letters()))
        .collect()
}
