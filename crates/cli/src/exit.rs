//! How a command ends, and what the process says and returns for it.
//!
//! Every command module returns an [`Exit`]; the crate root (`main.rs`)
//! turns it into the process's exit code ([`exit_code`]). The type lives
//! here, not in `main.rs`, because `main.rs` imports every command module:
//! a command that imported `Exit` from the crate root would point back at
//! the module that dispatches to it. This module imports no command (only
//! `offer`, for the words of a puzzle a command does not offer), so the
//! modules form a tree: `main` over the commands, the commands over
//! `args`, `exit`, `input`, `offer`, `progress` and `alloc`.
//!
//! Exit codes: 0 success, 1 a plan failed `verify` (an input failed
//! `validate`, a program failed `judge`), 2 bad input or usage, 3 a search
//! budget ran out; `check` keeps testlib's codes instead (0 ok, 1 wrong
//! answer, 2 presentation error, 3 fail), usage errors included, since a
//! judging system reads them — or, called as a DOMjudge/Kattis output
//! validator, theirs (42 accepted, 43 rejected, 3 a judging error).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::offer::{self, Unoffered};

/// How a command ended; the binary maps it to an exit code
/// ([`Exit::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Ok,
    /// 1: a plan failed `verify`, an input `validate`, a program `judge`
    /// (and a wrong answer for `check`).
    PlanRejected,
    BadInput,
    LimitReached,
    /// Ctrl-C stopped a run that keeps what it made (`generate`).
    Interrupted,
    /// `check`'s testlib codes: a presentation error (2) and a failure of
    /// the check itself (3).
    Presentation,
    Fail,
    /// `check` called as a DOMjudge or Kattis output validator: 42
    /// accepted, 43 rejected (a fail stays 3: any other code is the
    /// system's "judging error").
    ValidatorAccepted,
    ValidatorRejected,
}

impl Exit {
    /// 0 when `passed`, 1 otherwise: a set that is good, every file
    /// valid, every test AC.
    pub fn passed(passed: bool) -> Exit {
        if passed {
            Exit::Ok
        } else {
            Exit::PlanRejected
        }
    }

    pub fn code(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::PlanRejected => 1,
            Exit::BadInput | Exit::Presentation => 2,
            Exit::LimitReached | Exit::Fail => 3,
            Exit::Interrupted => 130,
            Exit::ValidatorAccepted => 42,
            Exit::ValidatorRejected => 43,
        }
    }
}

pub fn exit_code(result: anyhow::Result<Exit>) -> ExitCode {
    match result {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = io::stdout().flush();
            match err.downcast_ref::<Unoffered>() {
                // Its own line: the command as typed, then what it lacks.
                Some(unoffered) => eprintln!("{unoffered}"),
                // A message may quote a file or a save: nothing reaches
                // the terminal raw.
                None => eprintln!(
                    "gridpuzzle: {}",
                    gridpuzzle_engine::shown::shown_lines(&format!("{err:#}"))
                ),
            }
            ExitCode::from(Exit::BadInput.code())
        }
    }
}

/// A command line clap refused: its message and exit 2, as clap does,
/// but exit 3 under `check`, whose callers read testlib's codes (2 would
/// be a presentation error). A registered puzzle the command does not
/// offer is no unknown subcommand: it is said what it lacks
/// ([`Unoffered`]), exit 2.
pub fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let entries = gridpuzzle_registry::entries();
    let unoffered =
        offer::invalid_subcommand(&e).and_then(|name| offer::refused(&args, &name, &entries));
    if let Some(unoffered) = unoffered {
        eprintln!("{unoffered}");
        return ExitCode::from(Exit::BadInput.code());
    }
    let informational = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    let under_check = std::env::args().nth(1).as_deref() == Some("check");
    if informational || !under_check {
        e.exit();
    }
    let _ = e.print();
    ExitCode::from(Exit::Fail.code())
}

/// A reader of our output went away (`gridpuzzle ... | head`): not an error.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
