//! The `gridpuzzle` binary: argument parsing and output, nothing else.
//!
//! Rules, parsing and search live in the library crates; this crate turns a
//! command line into calls to them (through the one adapter in
//! [`puzzles`]) and their results into bytes and exit codes: 0 success,
//! 1 a plan failed `verify`, 2 bad input or usage, 3 a search budget ran out.

mod args;
mod generate;
mod input;
mod play;
mod puzzles;
mod render;
mod serve;
mod solve;
mod stress;
mod verify;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// How a command ended; the binary maps it to an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Ok = 0,
    PlanRejected = 1,
    BadInput = 2,
    LimitReached = 3,
    /// Ctrl-C stopped a run that keeps what it made (`generate`).
    Interrupted = 130,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(cmd) => solve::run(cmd),
        Command::Verify(cmd) => verify::run(cmd),
        Command::Render(cmd) => render::run(cmd),
        Command::Play(cmd) => play::run(cmd),
        Command::Generate(cmd) => generate::run(cmd),
        Command::Stress(cmd) => stress::run(cmd),
        Command::Serve(cmd) => serve::run(cmd),
    };
    match result {
        Ok(exit) => ExitCode::from(exit as u8),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = io::stdout().flush();
            eprintln!("gridpuzzle: {err:#}");
            ExitCode::from(Exit::BadInput as u8)
        }
    }
}

/// A reader of our output went away (`gridpuzzle ... | head`): not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
