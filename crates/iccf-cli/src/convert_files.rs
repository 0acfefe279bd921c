//! `iccf convert FILE... -o OUT` as a library call, without the terminal:
//! no progress bar and no messages, the problems and the summary returned.
//! For programs and bindings (the Python package) that want the parallel
//! pipeline.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use iccf_pgn::convert::{Converter, Options, Problem};
use iccf_pgn::encoding::InputEncoding;
use iccf_pgn::split::DEFAULT_MAX_GAME_SIZE;

use crate::batch::{BATCH_BYTES, Run, convert_in_order};
use crate::io::{Output, create_output, open_input};
use crate::pipeline::default_jobs;
use crate::progress::Summary;
use crate::text::text_reader;

/// A problem in a game of one of the inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    /// The input, as [`open_input`] names it.
    pub file: String,
    /// The problem, located in that input.
    pub problem: Problem,
}

/// What a finished run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finished {
    /// Games, moves, bytes and time.
    pub summary: Summary,
    /// Every error and warning, in input order.
    pub problems: Vec<FileProblem>,
}

/// Why a run stopped before the output was written.
#[derive(Debug)]
pub enum ConvertFilesError {
    /// The caller asked to stop.
    Interrupted,
    /// An input or the output failed.
    Failed(anyhow::Error),
}

impl From<anyhow::Error> for ConvertFilesError {
    fn from(err: anyhow::Error) -> ConvertFilesError {
        ConvertFilesError::Failed(err)
    }
}

/// Converts the games of `inputs` (compressed or not) into `output`
/// (compressed by its extension) on `jobs` threads (0: one per core).
/// `stop` is asked before each batch; when it says yes the run ends with
/// [`ConvertFilesError::Interrupted`]. The output is atomic: it is replaced
/// only when every input was converted.
pub fn convert_files(
    inputs: &[PathBuf],
    output: &Path,
    options: Options,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Finished, ConvertFilesError> {
    let started = Instant::now();
    let converter = Converter::new(Options {
        // UTF-16 is transcoded to UTF-8 before splitting (crate::text).
        encoding: match options.encoding.utf16() {
            Some(_) => InputEncoding::Fixed(encoding_rs::UTF_8),
            None => options.encoding,
        },
        ..options
    });
    let jobs = if jobs == 0 { default_jobs() } else { jobs };
    let mut out = create_output(Some(output), inputs, false)?;
    let mut finished = Finished::default();
    for path in inputs {
        convert_one(
            path,
            &converter,
            options.encoding,
            jobs,
            &mut out,
            &mut finished,
            stop,
        )?;
    }
    out.commit()?;
    finished.summary.elapsed = started.elapsed();
    Ok(finished)
}

/// Converts the games of one input into `out`, adding to `finished`.
fn convert_one(
    path: &Path,
    converter: &Converter,
    encoding: InputEncoding,
    jobs: usize,
    out: &mut Output,
    finished: &mut Finished,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<(), ConvertFilesError> {
    let input = open_input(path)?;
    let name = input.name.clone();
    let counter = input.bytes_read.clone();
    let reader =
        text_reader(input.reader, encoding).with_context(|| format!("cannot read {name}"))?;
    let out_name = out.name().to_owned();
    let run = Run {
        converter,
        jobs,
        max_game_size: DEFAULT_MAX_GAME_SIZE,
        batch_bytes: BATCH_BYTES,
    };
    let read_error = |err: std::io::Error| {
        ConvertFilesError::from(anyhow::Error::new(err).context(format!("cannot read {name}")))
    };
    let check = || match stop() {
        true => Err(ConvertFilesError::Interrupted),
        false => Ok(()),
    };
    convert_in_order(run, reader, &read_error, &check, &mut |ready, _| {
        ready
            .write_to(&mut *out)
            .with_context(|| format!("cannot write {out_name}"))?;
        let summary = &mut finished.summary;
        summary.games += ready.games;
        summary.moves += ready.moves;
        summary.games_with_errors += ready.failed_games;
        let file = |problem| FileProblem {
            file: name.clone(),
            problem,
        };
        finished
            .problems
            .extend(ready.problems.into_iter().map(file));
        Ok(())
    })?;
    finished.summary.bytes_in += counter.get();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use iccf::Notation;
    use iccf_pgn::convert::OutputFormat;

    fn jsonl() -> Options {
        Options {
            to: Some(Notation::Numeric),
            format: OutputFormat::Jsonl,
            ..Options::default()
        }
    }

    #[test]
    fn converts_a_real_file_on_two_threads_like_one() {
        let dir = tempfile::tempdir().unwrap();
        let input = vec![iccf_testdata::path("pgn/pgn-extract/fischer.pgn")];
        let mut lines = Vec::new();
        for jobs in [1, 2] {
            let output = dir.path().join(format!("out{jobs}.jsonl"));
            let done = convert_files(&input, &output, jsonl(), jobs, &|| false).unwrap();
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
        let input = vec![iccf_testdata::path("pgn/pgn-extract/fischer.pgn")];
        let output = dir.path().join("out.pgn");
        let result = convert_files(&input, &output, jsonl(), 2, &|| true);
        assert!(matches!(result, Err(ConvertFilesError::Interrupted)));
        assert!(!output.exists());
    }

    #[test]
    fn a_missing_input_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let input = vec![dir.path().join("missing.pgn")];
        let result = convert_files(&input, &dir.path().join("out.pgn"), jsonl(), 1, &|| false);
        let Err(ConvertFilesError::Failed(err)) = result else {
            panic!("{result:?}")
        };
        assert!(err.to_string().starts_with("cannot open"), "{err}");
    }
}
