//! `iccf.Problem`: an error or warning in a game, located as the command
//! line locates it.

use iccf_pgn::convert::Problem;
use pyo3::prelude::*;

/// A problem found in a game: where (`file`, `game`, `line`, `column`,
/// `move`, `token`), what (`message`) and how bad (`severity`). A value:
/// problems compare and hash by their fields, pickle and copy.
#[pyclass(
    frozen,
    eq,
    hash,
    from_py_object,
    module = "iccf",
    name = "Problem",
    get_all
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PyProblem {
    /// The file, or `None` for text given in memory.
    pub file: Option<String>,
    /// `error` (part of the game not converted) or `warning`.
    pub severity: String,
    /// 1-based game number.
    pub game: u64,
    /// 1-based line in the input.
    pub line: u64,
    /// 1-based column in the input.
    pub column: u64,
    /// `12.` or `12...` when the problem is at a move.
    #[pyo3(name = "move")]
    pub move_number: Option<String>,
    /// The text at fault.
    pub token: String,
    /// What is wrong: `missing destination square`.
    pub message: String,
    /// The problem as the command line says it, without the place:
    /// ``game 3, 12... `5255`: no black piece on e5``.
    pub text: String,
}

impl PyProblem {
    /// `problem` of `file` (`None` for text in memory).
    pub fn new(file: Option<String>, problem: &Problem) -> PyProblem {
        PyProblem {
            file,
            severity: problem.severity.name().to_owned(),
            game: problem.game,
            line: problem.line,
            column: problem.column,
            move_number: problem.move_number.map(|n| n.to_string()),
            token: problem.token.clone(),
            message: problem.kind.to_string(),
            text: problem.to_string(),
        }
    }
}

/// The fields in the order of `Problem(...)`'s arguments, for pickle.
type ProblemFields = (
    Option<String>,
    String,
    u64,
    u64,
    u64,
    Option<String>,
    String,
    String,
    String,
);

#[pymethods]
impl PyProblem {
    /// A problem from its fields (what unpickling calls).
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (file, severity, game, line, column, move_number, token, message, text))]
    fn py_new(
        file: Option<String>,
        severity: String,
        game: u64,
        line: u64,
        column: u64,
        move_number: Option<String>,
        token: String,
        message: String,
        text: String,
    ) -> PyProblem {
        PyProblem {
            file,
            severity,
            game,
            line,
            column,
            move_number,
            token,
            message,
            text,
        }
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, ProblemFields) {
        let p = slf.get().clone();
        let fields = (
            p.file,
            p.severity,
            p.game,
            p.line,
            p.column,
            p.move_number,
            p.token,
            p.message,
            p.text,
        );
        (slf.get_type(), fields)
    }
    /// `FILE:LINE:COLUMN: error: game 1, 3... `zz`: missing destination
    /// square`, as `iccf convert` prints it.
    fn __str__(&self) -> String {
        let file = self.file.as_deref().unwrap_or("<text>");
        format!(
            "{file}:{}:{}: {}: {}",
            self.line, self.column, self.severity, self.text
        )
    }
    fn __repr__(&self) -> String {
        format!("<iccf.Problem {}>", self.__str__())
    }
}
