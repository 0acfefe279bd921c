//! Each pasted game as the page takes it: tags, the numeric main line,
//! the whole tree with comments, NAGs and variations, result and
//! problems, from the one game reader ([`iccf_pgn::game`]).

use iccf::lang::Lang;
use iccf_pgn::convert::{Problem, ProblemKind};
use iccf_pgn::game::{Game, Reader};
use iccf_pgn::setup::start_position;
use serde::Serialize;
use shakmaty::Position;

use crate::line::{LineRequest, fen_of, replay};
use crate::tree::Tree;

/// One game's main line.
#[derive(Clone, Debug, Serialize)]
pub struct PastedGame {
    /// 1-based number of the game in the paste.
    pub index: u64,
    /// Tags in the order written.
    pub tags: Vec<(String, String)>,
    /// The main-line moves in numeric, up to the first one that fails.
    pub moves: Vec<String>,
    /// All the moves read: the main line with comments, NAGs and
    /// variations.
    pub tree: Tree,
    /// The result at the end of the movetext, if any.
    pub result: Option<String>,
    /// Problems that stopped the conversion, as the CLI reports them.
    pub errors: Vec<ProblemJson>,
    /// Problems the game was converted through.
    pub warnings: Vec<ProblemJson>,
    /// The start position as read (castling rights that do not fit the
    /// pieces dropped); `None` for the usual start.
    pub fen: Option<String>,
    /// Whether castling is Chess960's.
    pub chess960: bool,
    /// Why the page cannot show the game, when it cannot: its start
    /// position or a move the server does not replay.
    pub refused: Option<String>,
}

/// A problem with its place in the pasted text.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemJson {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
    /// The text at fault.
    pub token: String,
    /// The whole report, as the CLI prints it after the file name:
    /// ``3:12: game 1, 2... `Sx`: ...``.
    pub text: String,
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        // The page's choice of letters is its paste panel's, not the
        // CLI's flag the reader names.
        let text = format!("{}:{}: {p}", p.line, p.column).replace(
            "choose with --input-lang",
            "choose the letters of the moves beside Load",
        );
        ProblemJson {
            line: p.line,
            column: p.column,
            token: p.token.clone(),
            text,
        }
    }
}

/// The games, one record a game, in order, each main line replayed as
/// `/api/position` will replay it; algebraic moves in the letters of
/// `input_lang`, else of the language found per game.
pub fn pasted_games(text: &[u8], input_lang: Option<Lang>) -> Vec<PastedGame> {
    let reader = Reader {
        input_lang,
        ..Reader::default()
    };
    reader
        .read_games(text)
        .into_iter()
        .map(|read| {
            let tree = Tree::read(&read);
            let mut game = PastedGame {
                index: read.location.index,
                moves: tree.main_line(),
                tree,
                errors: read.report.errors.iter().map(ProblemJson::from).collect(),
                warnings: read.report.warnings.iter().map(ProblemJson::from).collect(),
                tags: read.tags.clone(),
                result: read.result.clone(),
                fen: None,
                chess960: false,
                refused: None,
            };
            settle_start(&mut game, &read);
            game
        })
        .collect()
}

impl PastedGame {
    /// The value of tag `name`, any case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Fills in the start position the reader found (the FEN written back
/// only when it is not the usual start) and checks that the line
/// endpoints replay the main line from it; else says why the game is
/// refused: a start the reader could not set up (a variant that is not
/// chess, a bad FEN) or a game over a limit, as `iccf convert` says it,
/// or a move.
fn settle_start(game: &mut PastedGame, read: &Game) {
    // A game over a limit was skipped, not read: its empty line is no
    // game to show, nor a message to look for moves in.
    let refuses = |kind: &ProblemKind| kind.is_setup() || kind.is_skip();
    if let Some(problem) = read.report.errors.iter().find(|p| refuses(&p.kind)) {
        game.refused = Some(problem.kind.to_string());
        return;
    }
    game.chess960 = read.is_chess960();
    let fen = fen_of(&read.start);
    let usual = fen_of(&start_position(read.start.castles().mode()));
    game.fen = (fen != usual).then_some(fen);
    let request = LineRequest {
        fen: game.fen.clone(),
        chess960: game.chess960,
        moves: game.moves.clone(),
    };
    if let Err(err) = replay(&request) {
        game.refused = Some(err.message);
    }
}
