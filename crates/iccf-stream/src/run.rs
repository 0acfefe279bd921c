//! The per-input loop of a conversion: every input opened, decompressed,
//! split, converted on the run's threads and written in order into one
//! output. `iccf convert` and Python's `convert_file` both run it; what they
//! show along the way (a progress bar, the problems as lines, nothing) is a
//! [`Watch`].
//!
//! One policy for a failed input: it is reported to the watch and recorded,
//! the other inputs are still converted (so that every problem is reported
//! in one run), and a file output is then left untouched: it holds all of
//! the run or nothing.
//!
//! ```
//! use iccf_pgn::convert::{Options, OutputFormat};
//! use iccf_stream::jobs::Jobs;
//! use iccf_stream::output::create_output;
//! use iccf_stream::run::{Conversion, Quiet, convert_inputs};
//!
//! let dir = tempfile::tempdir()?;
//! let input = dir.path().join("in.pgn");
//! std::fs::write(&input, "1. e4 e5 2. Nf3 *\n")?;
//! let target = dir.path().join("out.txt");
//! let conversion = Conversion {
//!     inputs: vec![input],
//!     options: Options { format: OutputFormat::Text, ..Options::default() },
//!     jobs: Jobs::new(1)?,
//!     ..Conversion::default()
//! };
//! let output = create_output(Some(&target), &conversion.inputs, false)?;
//! let finished = convert_inputs(&conversion, output, &mut Quiet, &|| false)?;
//! assert_eq!(finished.summary.games, 1);
//! assert!(finished.failed.is_empty());
//! assert_eq!(std::fs::read_to_string(&target)?, "1. 5254 5755 2. 7163 *\n");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use iccf_pgn::convert::{Converter, Options};
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::split::DEFAULT_MAX_GAME_SIZE;

use crate::batch::{BATCH_BYTES, Ready, Run, convert_in_order};
use crate::error::{Operation, StreamError};
use crate::input::{DEFAULT_DECODER_MEMORY, Input, open_input_within};
use crate::jobs::Jobs;
use crate::output::Output;
use crate::summary::Summary;
use crate::text_input::{NotPgn, text_reader};

/// What to convert, and how.
#[derive(Clone, Debug)]
pub struct Conversion {
    /// The inputs, `-` for standard input.
    pub inputs: Vec<PathBuf>,
    /// How each game is converted.
    pub options: Options,
    /// Worker threads.
    pub jobs: Jobs,
    /// The largest game read, in bytes; a larger one is written as a game
    /// that says so.
    pub max_game_size: u64,
    /// The memory a decoder may take (see
    /// [`open_input_within`](crate::input::open_input_within)).
    pub decoder_memory: u64,
}

impl Conversion {
    /// Whether records name their input ([`GameRecord::file`]): when there
    /// are several, whose game numbers each start at 1.
    ///
    /// [`GameRecord::file`]: iccf_pgn::record::GameRecord::file
    pub fn names_inputs(&self) -> bool {
        self.inputs.len() > 1
    }
}

impl Default for Conversion {
    fn default() -> Conversion {
        Conversion {
            inputs: Vec::new(),
            options: Options::default(),
            jobs: Jobs::default(),
            max_game_size: DEFAULT_MAX_GAME_SIZE,
            decoder_memory: DEFAULT_DECODER_MEMORY,
        }
    }
}

/// What a run shows along the way. Every method has a default that does
/// nothing, so a watch overrides only what it shows.
pub trait Watch {
    /// `input` (as the user named it, `path`) was opened.
    fn opened(&mut self, path: &Path, input: &Input) {
        let _ = (path, input);
    }

    /// Games of `input` are written: `ready` holds their problems and
    /// counts, `position` the bytes of the input read so far (compressed
    /// bytes for a compressed file, as its length counts).
    fn converted(&mut self, input: &str, ready: &Ready, position: u64) {
        let _ = (input, ready, position);
    }

    /// The input ended, well or not.
    fn closed(&mut self, input: &str) {
        let _ = input;
    }

    /// An input could not be read (the run goes on with the next one).
    fn failed(&mut self, error: &StreamError) {
        let _ = error;
    }
}

/// A watch that shows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Watch for Quiet {}

/// What a finished run did.
#[derive(Debug, Default)]
pub struct Finished {
    /// Games, moves, bytes and time.
    pub summary: Summary,
    /// The inputs that could not be read; when there are any, a file output
    /// was left as it was.
    pub failed: Vec<StreamError>,
}

/// Why a run stopped before its end.
#[derive(Debug)]
pub enum RunError {
    /// The caller asked to stop; a file output was left as it was.
    Interrupted,
    /// The output could not be written.
    Output(StreamError),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Interrupted => f.write_str("interrupted"),
            RunError::Output(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Interrupted => None,
            RunError::Output(err) => err.source(),
        }
    }
}

impl From<StreamError> for RunError {
    fn from(err: StreamError) -> RunError {
        RunError::Output(err)
    }
}

/// Converts every input of `conversion` into `output`, in order, telling
/// `watch` what happens; `stop` is asked before each batch. `output` is
/// committed when every input was read, and dropped (leaving a file target
/// untouched) otherwise.
///
/// # Errors
///
/// [`RunError::Interrupted`] when `stop` said yes, [`RunError::Output`] when
/// the output could not be written. An input that cannot be read is no
/// error of the run: it is in [`Finished::failed`].
pub fn convert_inputs(
    conversion: &Conversion,
    mut output: Output,
    watch: &mut dyn Watch,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Finished, RunError> {
    let started = Instant::now();
    let converter = Converter::new(Options {
        // UTF-16 is transcoded to UTF-8 before splitting (text_input).
        encoding: match conversion.options.encoding.utf16() {
            Some(_) => InputEncoding::Fixed(encoding_rs::UTF_8),
            None => conversion.options.encoding,
        },
        ..conversion.options
    });
    let mut finished = Finished::default();
    for path in &conversion.inputs {
        let result = convert_one(path, conversion, &converter, &mut output, watch, stop);
        match result {
            Ok(bytes) => finished.summary.add(&bytes),
            Err(OneError::Input(err)) => {
                watch.failed(&err);
                finished.failed.push(err);
            }
            Err(OneError::Run(err)) => return Err(err),
        }
    }
    if finished.failed.is_empty() {
        output.commit()?;
    }
    finished.summary.elapsed = started.elapsed();
    Ok(finished)
}

/// Why one input stopped: its own fault (the run goes on) or the run's.
enum OneError {
    Input(StreamError),
    Run(RunError),
}

/// Converts the games of one input into `output`; the counts come back.
fn convert_one(
    path: &Path,
    conversion: &Conversion,
    converter: &Converter,
    output: &mut Output,
    watch: &mut dyn Watch,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Summary, OneError> {
    let mut input = open_input_within(path, conversion.decoder_memory).map_err(OneError::Input)?;
    let live = input.is_live();
    if live {
        input = input.read_live();
    } else if conversion.jobs.spares_a_core() {
        input = input.decoded_ahead();
    }
    watch.opened(path, &input);
    let name = input.name.clone();
    let named = conversion
        .names_inputs()
        .then(|| converter.clone().with_file(&name));
    let converter = named.as_ref().unwrap_or(converter);
    let counter = input.bytes_read.clone();
    let known_len = input.len.is_some();
    let result = text_reader(input.reader, conversion.options.encoding)
        .map_err(|err| OneError::Input(read_error(&name, path, err)))
        .and_then(|reader| {
            let mut counts = Summary::default();
            let run = Run {
                converter,
                jobs: conversion.jobs.get(),
                max_game_size: conversion.max_game_size,
                batch_bytes: output.batch_bytes(BATCH_BYTES),
            };
            let read = |err| OneError::Input(read_error(&name, path, err));
            let check = || match stop() {
                true => Err(OneError::Run(RunError::Interrupted)),
                false => Ok(()),
            };
            convert_in_order(run, reader, &read, &check, &mut |ready, end| {
                ready
                    .write_to(&mut *output)
                    .and_then(|()| output.game_boundary())
                    .and_then(|()| if live { output.flush_plain() } else { Ok(()) })
                    .map_err(|err| OneError::Run(output.error(Operation::Write, err).into()))?;
                counts.games += ready.games;
                counts.moves += ready.moves;
                counts.games_with_errors += ready.failed_games;
                watch.converted(&name, &ready, if known_len { counter.get() } else { end });
                Ok(())
            })
            .map(|()| counts)
        });
    watch.closed(&name);
    result.map(|mut counts| {
        counts.bytes_in = counter.get();
        counts
    })
}

/// A read error of input `name`: input that is not PGN says so.
pub(crate) fn read_error(name: &str, path: &Path, err: io::Error) -> StreamError {
    if let Some(what) = err.get_ref().and_then(|e| e.downcast_ref::<NotPgn>()) {
        return StreamError::NotPgn {
            name: name.to_owned(),
            what: *what,
        };
    }
    let path = (name != "<stdin>").then_some(path);
    StreamError::io(Operation::Read, name, path, err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::create_output;
    use iccf::Notation;
    use iccf_pgn::convert::OutputFormat;

    fn jsonl(inputs: Vec<PathBuf>, jobs: usize) -> Conversion {
        Conversion {
            inputs,
            options: Options {
                to: Some(Notation::Numeric),
                format: OutputFormat::Jsonl,
                ..Options::default()
            },
            jobs: Jobs::new(jobs).unwrap(),
            ..Conversion::default()
        }
    }

    fn run(conversion: &Conversion, target: &Path) -> Result<Finished, RunError> {
        let output = create_output(Some(target), &conversion.inputs, false)?;
        convert_inputs(conversion, output, &mut Quiet, &|| false)
    }

    #[test]
    fn converts_a_real_file_on_two_threads_like_one() {
        let dir = tempfile::tempdir().unwrap();
        let input = vec![iccf_testdata::path("pgn/pgn-extract/fischer.pgn")];
        let mut lines = Vec::new();
        for jobs in [1, 2] {
            let output = dir.path().join(format!("out{jobs}.jsonl"));
            let done = run(&jsonl(input.clone(), jobs), &output).unwrap();
            let text = std::fs::read_to_string(&output).unwrap();
            assert_eq!(text.lines().count() as u64, done.summary.games);
            assert!(done.summary.moves > 0);
            lines.push(text);
        }
        assert_eq!(lines[0], lines[1]);
    }

    #[test]
    fn a_stop_leaves_no_output() {
        let dir = tempfile::tempdir().unwrap();
        let conversion = jsonl(vec![iccf_testdata::path("pgn/pgn-extract/fischer.pgn")], 2);
        let target = dir.path().join("out.pgn");
        let output = create_output(Some(&target), &conversion.inputs, false).unwrap();
        let result = convert_inputs(&conversion, output, &mut Quiet, &|| true);
        assert!(matches!(result, Err(RunError::Interrupted)), "{result:?}");
        assert!(!target.exists());
    }

    #[test]
    fn a_missing_input_is_reported_the_others_converted_and_the_output_kept() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.pgn");
        std::fs::write(&target, "old").unwrap();
        let inputs = vec![
            dir.path().join("missing.pgn"),
            iccf_testdata::path("pgn/pgn-extract/fischer.pgn"),
        ];
        let done = run(&jsonl(inputs, 1), &target).unwrap();
        assert_eq!(done.failed.len(), 1);
        assert_eq!(done.failed[0].operation(), Some(Operation::Open));
        assert_eq!(done.failed[0].os_error(), Some(2));
        assert!(done.summary.games > 0, "the second input is still read");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
    }

    #[test]
    fn json_lines_given_as_input_are_refused_as_not_pgn() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("games.jsonl");
        std::fs::write(&input, "{\"game\":1,\"tags\":{}}\n").unwrap();
        let done = run(&jsonl(vec![input], 1), &dir.path().join("out.pgn")).unwrap();
        assert!(matches!(done.failed[..], [StreamError::NotPgn { .. }]));
    }
}
