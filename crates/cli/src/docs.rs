//! `gridpuzzle completions SHELL` and `gridpuzzle man`: shell completions
//! and manual pages generated from the same clap definitions as `--help`
//! (with `clap_complete` and `clap_mangen`), so they cannot drift apart
//! from the command line. The puzzle subcommands come from the registry
//! like everywhere else. The whole command line is handed in by `main`,
//! which owns it, so this module imports nothing above it.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use clap_complete::Shell;

use crate::exit::Exit;

#[derive(Debug, Args)]
pub struct CompletionsCommand {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManCommand {
    /// Write gridpuzzle.1 and one page per command (gridpuzzle-solve.1, ...)
    /// into DIR instead of printing gridpuzzle.1
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

pub fn completions_help() -> String {
    "Install (the script goes where the shell looks for completions):\n  \
     gridpuzzle completions bash > ~/.local/share/bash-completion/completions/gridpuzzle\n  \
     gridpuzzle completions zsh > ~/.zfunc/_gridpuzzle   # with fpath+=(~/.zfunc) before compinit\n  \
     gridpuzzle completions fish > ~/.config/fish/completions/gridpuzzle.fish\n\n\
     Exit status: 0 printed, 2 usage error.\n\n\
     Example:\n  gridpuzzle completions bash > gridpuzzle.bash"
        .into()
}

pub fn man_help() -> String {
    "Install: write the pages into a folder of your MANPATH, such as \
     ~/.local/share/man/man1, then `man gridpuzzle` or `man gridpuzzle-solve`.\n\n\
     Exit status: 0 written, 2 usage error or a page could not be written.\n\n\
     Examples:\n  gridpuzzle man > gridpuzzle.1\n  \
     gridpuzzle man --dir ~/.local/share/man/man1"
        .into()
}

/// Prints the completion script of `command` (the whole command line).
pub fn completions(cmd: CompletionsCommand, mut command: clap::Command) -> Result<Exit> {
    // Into memory first: clap_complete panics when its writer fails (a
    // closed pipe), and a script is a few kilobytes.
    let mut script = Vec::new();
    clap_complete::generate(cmd.shell, &mut command, "gridpuzzle", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// Prints (or writes) the manual pages of `command`.
pub fn man(cmd: ManCommand, command: clap::Command) -> Result<Exit> {
    match cmd.dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(command, &dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
            eprintln!("gridpuzzle: wrote the manual pages into {}", dir.display());
        }
        None => {
            let mut out = std::io::stdout().lock();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(Exit::Ok)
}
