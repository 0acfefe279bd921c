//! `iccf`: convert chess games and moves between ICCF numeric notation and
//! algebraic notation.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

mod args;
mod card;
mod check;
mod convert;
mod corr_file;
mod single;

use args::{Cli, Command};

/// All games converted.
const SUCCESS: u8 = 0;
/// Some games had errors (they were still written).
const SOME_ERRORS: u8 = 1;
/// Usage or I/O error.
const FAILURE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Convert(args) => convert::run(&args),
        Command::Move(args) => single::run(&args),
        Command::Languages => single::languages(),
        Command::Check(args) => check::run(&args),
        Command::Card(args) => card::run(&args),
    };
    match result {
        Ok(true) => ExitCode::from(SUCCESS),
        Ok(false) => ExitCode::from(SOME_ERRORS),
        // `iccf convert ... | head`: the reader went away, nothing to say.
        Err(err) if iccf_cli::io::is_broken_pipe(&err) => ExitCode::from(SUCCESS),
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "iccf: {err:#}");
            ExitCode::from(FAILURE)
        }
    }
}
