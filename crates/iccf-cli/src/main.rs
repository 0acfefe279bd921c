//! `iccf`: convert chess games and moves between ICCF numeric notation and
//! algebraic notation.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use iccf_pgn::problem::escape_controls;

mod args;
mod board;
mod card;
mod check;
mod convert;
mod corr_file;
mod docs_out;
mod folder;
mod limited;
mod mail;
mod mail_draft;
mod progress;
#[cfg(feature = "serve")]
mod serve;
mod single;
mod status;

use args::{Cli, Command};
use convert::Status;

impl From<bool> for Status {
    /// `true`: all went well; `false`: some errors, reported.
    fn from(clean: bool) -> Status {
        if clean {
            Status::Clean
        } else {
            Status::GameErrors
        }
    }
}

/// All games converted.
const SUCCESS: u8 = 0;
/// Some games had errors (they were still written).
const SOME_ERRORS: u8 = 1;
/// Usage or I/O error.
const FAILURE: u8 = 2;

/// One malloc arena for every thread when the address space is limited
/// (`ulimit -v`, `prlimit --as`). glibc gives each thread that allocates
/// an arena of its own, and each reserves 64 MiB of address space: with
/// `-j2` and a 60 MB game, the workers' arenas were what took `iccf
/// convert` past 300 MB of address space (issue 25). The reservations
/// cost address space, not memory, so without a limit each thread keeps
/// its own arena and never waits for another's lock (on many cores, one
/// arena would make the workers queue for it).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn one_malloc_arena_when_limited() {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct given; mallopt only sets a
    // malloc parameter, and runs before any thread is started.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0
            && limit.rlim_cur != libc::RLIM_INFINITY
        {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn one_malloc_arena_when_limited() {}

/// A write past the file size limit (`ulimit -f`) fails with "File too
/// large" instead of killing the process: the error then names the file,
/// the temporary file is removed and the game file a card was recorded in
/// is left as it was, where the signal's default ended `iccf` unannounced
/// (exit 153 from the shell) with its temporary file left beside the
/// target.
#[cfg(unix)]
fn file_too_large_is_an_error() {
    // SAFETY: sets one signal's disposition to ignore, before any thread
    // is started; no handler runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
fn file_too_large_is_an_error() {}

fn main() -> ExitCode {
    one_malloc_arena_when_limited();
    file_too_large_is_an_error();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return parse_failed(&err),
    };
    let result = match cli.command {
        Command::Convert(args) => convert::run(&args),
        Command::Move(args) => single::run(&args).map(Status::from),
        Command::Languages => single::languages().map(Status::from),
        Command::Board(args) => board::run(&args).map(Status::from),
        Command::Check(args) if args.game.game.is_dir() => folder::check(&args).map(Status::from),
        Command::Check(args) => check::run(&args).map(Status::from),
        Command::Card(args) => folder::card(args).map(Status::from),
        Command::Status(args) => status::run(&args).map(Status::from),
        Command::Mail(args) => mail::run(&args).map(Status::from),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args).map(Status::from),
        Command::Completions(args) => docs_out::completions(&args).map(Status::from),
        Command::Man(args) => docs_out::man(&args).map(Status::from),
    };
    match result {
        Ok(Status::Clean) => ExitCode::from(SUCCESS),
        Ok(Status::GameErrors) => ExitCode::from(SOME_ERRORS),
        // Already reported, input by input.
        Ok(Status::InputFailed) => ExitCode::from(FAILURE),
        // `iccf convert ... | head`: the reader went away, nothing to say.
        Err(err) if is_broken_pipe(&err) => ExitCode::from(SUCCESS),
        Err(err) => {
            // Errors quote input (a FEN, a move, a file name): escaped.
            let shown = format!("{err:#}");
            let _ = writeln!(std::io::stderr(), "iccf: {}", escape_controls(&shown));
            ExitCode::from(FAILURE)
        }
    }
}

/// Prints clap's answer to arguments it did not run: `--help` and
/// `--version` on stdout (exit 0), a usage error on stderr (exit 2). A
/// help that could not be written (`iccf --help >/dev/full`) is a failure
/// saying so, not a silent success.
fn parse_failed(err: &clap::Error) -> ExitCode {
    match err.print() {
        Ok(()) => ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(FAILURE)),
        Err(io) if iccf_stream::error::is_broken_pipe(&io) => ExitCode::from(SUCCESS),
        Err(io) => {
            if !err.use_stderr() {
                let _ = writeln!(std::io::stderr(), "iccf: cannot write <stdout>: {io}");
            }
            ExitCode::from(FAILURE)
        }
    }
}

/// Whether `err` comes from writing to a closed pipe, wherever in its chain.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<iccf_stream::error::StreamError>()
            .is_some_and(|err| err.is_broken_pipe())
            || cause
                .downcast_ref::<std::io::Error>()
                .is_some_and(iccf_stream::error::is_broken_pipe)
    })
}
