//! `iccf convert`: whole files of games, batch by batch on all cores,
//! through the stream library's per-input loop; this file shows it on the
//! terminal (progress bar, problems as `file:line:column:` lines, summary).

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use iccf_pgn::convert::Options;
use iccf_pgn::problem::escape_controls;
use iccf_stream::batch::Ready;
use iccf_stream::error::{Causes, StreamError};
use iccf_stream::input::{Input, is_stdio};
use iccf_stream::interrupt;
use iccf_stream::output::create_output;
use iccf_stream::run::{Conversion, RunError, Watch, convert_inputs};

use iccf::Notation;
use iccf_stream::parquet::tabulate_inputs;

use crate::args::{ConvertArgs, Format};
use crate::progress::{Progress, progress_enabled, summary_enabled};

/// How a person ends what they type at the terminal.
#[cfg(windows)]
const END_OF_INPUT: &str = "end with Ctrl-Z then Enter";
#[cfg(not(windows))]
const END_OF_INPUT: &str = "end with Ctrl-D on a line of its own";

/// How a whole `iccf convert` run went, worst first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Some input could not be read (reported); the others were converted.
    InputFailed,
    /// Some game had errors (reported; the games were still written).
    GameErrors,
    /// Every game converted.
    Clean,
}

/// Converts every input into the output. An input that cannot be opened or
/// read, or is not PGN, is reported and the others are still converted; an
/// output error ends the run.
pub fn run(args: &ConvertArgs) -> anyhow::Result<Status> {
    let format = args.format();
    if let Some(to) = args.to.filter(|to| !to.has_letters())
        && args.lang != iccf::lang::Lang::En
        && !args.quiet
    {
        // `--to numeric --lang de` wrote numeric moves without a word.
        eprintln!(
            "iccf: --lang {} is ignored: {} moves have no piece letters (it names those of --to san or lan)",
            args.lang.code(),
            clap::ValueEnum::to_possible_value(&to)
                .map_or(String::new(), |v| v.get_name().to_owned()),
        );
    }
    if matches!(format, Format::Jsonl | Format::Parquet)
        && args.lang != iccf::lang::Lang::En
        && !args.quiet
    {
        // The records' `san` and `lan` are PGN's, in English letters.
        eprintln!(
            "iccf: --lang {} is ignored: records hold every notation in English letters",
            args.lang.code()
        );
    }
    let inputs: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let conversion = Conversion {
        inputs,
        options: Options {
            to: args.to.map(Into::into),
            format: format.text_format().unwrap_or_default(),
            chess960_castling: args.chess960_castling.into(),
            lang: args.lang,
            input_lang: args.input_lang.0,
            encoding: args.encoding,
        },
        jobs: args.jobs.unwrap_or_default(),
        max_game_size: args.max_game_size,
        decoder_memory: args.decoder_memory,
    };
    if format == Format::Parquet && args.output.is_none() && io::stdout().is_terminal() {
        anyhow::bail!(
            "--format parquet writes a binary file: give -o FILE.parquet or redirect the output"
        );
    }
    let mut output = create_output(args.output.as_deref(), &conversion.inputs, args.force)
        .map_err(|err| match err {
            StreamError::ReadOnly { path } => anyhow::anyhow!(
                "output {} is read-only; use --force to replace it",
                path.display()
            ),
            err => err.into(),
        })?;
    if let Some(bytes) = args.zstd_frames {
        output.use_zstd_frames(usize::try_from(bytes).unwrap_or(usize::MAX))?;
    }
    // A file is written beside and renamed, kept as it was on a failed
    // input; a pipe or device (`-o /dev/stdout`) is written as it goes.
    let renamed = output.temp_path().is_some();
    // Ctrl-C or kill: no half-written temporary file is left behind.
    if let Some(temp) = output.temp_path() {
        interrupt::remove_on_signal(temp);
    }
    let mut terminal = Terminal {
        quiet: args.quiet,
        progress: None,
    };
    let finished = match format {
        Format::Parquet => {
            let notations = match args.to {
                Some(to) => vec![to.into()],
                None => vec![Notation::Numeric, Notation::San],
            };
            tabulate_inputs(&conversion, &notations, output, &mut terminal, &|| false)
        }
        _ => convert_inputs(&conversion, output, &mut terminal, &|| false),
    };
    interrupt::forget();
    let finished = finished.map_err(|err| match err {
        RunError::Output(err) => anyhow::Error::new(err),
        RunError::Interrupted => anyhow::anyhow!("interrupted"),
    })?;
    if summary_enabled(args.stats, args.quiet) {
        let _ = writeln!(io::stderr(), "{}", finished.summary);
    }
    // The summary counts the games of the inputs read; say that they were
    // not written, so that no one takes them for done.
    let kept = args.output.as_deref().filter(|_| renamed);
    if let Some(path) = kept.filter(|_| !finished.failed.is_empty()) {
        let inputs = finished.failed.len();
        let _ = writeln!(
            io::stderr(),
            "iccf: {} not written, left as it was: {inputs} input{} could not be read",
            path.display(),
            if inputs == 1 { "" } else { "s" }
        );
    }
    Ok(if !finished.failed.is_empty() {
        Status::InputFailed
    } else if finished.summary.games_with_errors > 0 {
        Status::GameErrors
    } else {
        Status::Clean
    })
}

/// The terminal's view of a run: a progress bar per input, problems above
/// it, failed inputs as one line each.
struct Terminal {
    quiet: bool,
    progress: Option<Progress>,
}

impl Watch for Terminal {
    fn opened(&mut self, path: &Path, input: &Input) {
        let typed = is_stdio(path) && io::stdin().is_terminal();
        if typed && !self.quiet {
            let _ = writeln!(
                io::stderr(),
                "iccf: reading games typed or pasted here; {END_OF_INPUT}"
            );
        }
        // No spinner over what is typed or pasted.
        let enabled = progress_enabled(self.quiet) && !typed;
        self.progress = Some(Progress::new(input.len, enabled));
    }

    fn converted(&mut self, input: &str, ready: &Ready, position: u64) {
        let Some(progress) = &self.progress else {
            return;
        };
        let mut problems = String::new();
        // A file name may hold control bytes, as a token may (escaped in
        // `p`): not for the terminal.
        let input = escape_controls(input);
        for p in &ready.problems {
            let (line, column, severity) = (p.line, p.column, p.severity);
            let _ = writeln!(problems, "{input}:{line}:{column}: {severity}: {p}");
        }
        progress.print_lines(&problems);
        progress.add_games(ready.games);
        progress.set_position(position);
    }

    fn closed(&mut self, _input: &str) {
        if let Some(progress) = self.progress.take() {
            progress.finish();
        }
    }

    fn failed(&mut self, error: &StreamError) {
        let message = Causes(error).to_string();
        let _ = writeln!(io::stderr(), "iccf: {}", escape_controls(&message));
    }
}
