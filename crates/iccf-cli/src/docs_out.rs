//! `iccf completions SHELL` and `iccf man`: shell completions and manual
//! pages made from the same clap definitions as `--help`, for users who
//! installed with cargo (the Debian package ships them already).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use clap_mangen::Man;

use crate::args::Cli;

/// Flags of `iccf completions`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  iccf completions bash > ~/.local/share/bash-completion/completions/iccf
  iccf completions zsh > ~/.zfunc/_iccf        (with fpath+=~/.zfunc in ~/.zshrc)
  iccf completions fish > ~/.config/fish/completions/iccf.fish")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Flags of `iccf man`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  iccf man | man -l -                 read iccf(1) now
  iccf man convert | man -l -         the page of `iccf convert`
  iccf man --dir ~/.local/share/man/man1   every page, for `man iccf-convert`")]
pub struct ManArgs {
    /// The subcommand whose page to print [default: the page of iccf itself].
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
    pub subcommand: Option<String>,

    /// Write every page (iccf.1, iccf-convert.1, …) into DIR instead.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the completion script for `args.shell` on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<bool> {
    let mut script = Vec::new();
    // Into memory first: clap_complete panics when its writer fails, and a
    // closed pipe must be an error like any other.
    clap_complete::generate(args.shell, &mut Cli::command(), "iccf", &mut script);
    write_stdout(&script)?;
    Ok(true)
}

/// Prints one manual page, or writes all of them into `--dir`.
pub fn man(args: &ManArgs) -> Result<bool> {
    let pages = pages();
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        for page in pages {
            let path = dir.join(page.get_filename());
            let mut roff = Vec::new();
            page.render(&mut roff)?;
            std::fs::write(&path, roff)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        return Ok(true);
    }
    let name = args.subcommand.as_deref().unwrap_or("iccf");
    let wanted = |page: &&Man| {
        let file = page.get_filename();
        let stem = file.trim_end_matches(".1");
        stem == name || stem == format!("iccf-{name}")
    };
    let Some(page) = pages.iter().find(wanted) else {
        let names: Vec<_> = Cli::command()
            .get_subcommands()
            .map(|sub| sub.get_name().to_owned())
            .collect();
        bail!("no subcommand `{name}`; pages: {}", names.join(", "));
    };
    let mut roff = Vec::new();
    page.render(&mut roff)?;
    write_stdout(&roff)?;
    Ok(true)
}

/// iccf(1), then one page per subcommand, titled iccf-convert(1) and so on.
fn pages() -> Vec<Man> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    // Gives every subcommand its display name (iccf-convert), the page's title.
    cmd.build();
    let source = format!("iccf {}", cmd.get_version().unwrap_or_default());
    let subcommands = cmd
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .cloned();
    let all: Vec<_> = std::iter::once(cmd.clone()).chain(subcommands).collect();
    all.into_iter()
        .map(|page| Man::new(page).source(source.clone()))
        .collect()
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut out = iccf_stream::stdout::stdout();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}
