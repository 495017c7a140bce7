//! Running another program on one input, with a time limit and a cap on
//! what it may print.
//!
//! The candidate gets its own process group and is watched by
//! [`crate::child::watch`] (the loop `judge` uses too): when it runs too
//! long the whole group is killed and reaped, and only the first
//! [`OUTPUT_CAP`] bytes of each pipe are kept; more than that is a failure
//! of its own.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::thread;
use std::time::{Duration, Instant};

use crate::child::{watch, Cap, Waited};

/// The most bytes of standard output kept from a candidate.
pub const OUTPUT_CAP: usize = 64 * 1024;

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// Exited by itself with this status code.
    Exited(i32),
    /// Killed by this signal (a crash: SIGSEGV, SIGABRT, ...).
    Signaled(i32),
    /// Still running at the time limit; killed with its process group.
    TimedOut,
    /// Printed more than [`OUTPUT_CAP`] bytes; killed.
    TooMuchOutput,
    /// Stopped by us (Ctrl-C): killed with its process group.
    Cancelled,
}

/// One run of the candidate.
#[derive(Debug, Clone)]
pub struct Run {
    pub ended: Ended,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `argv` with `input` on its standard input; `cancel` raised stops
/// it at once (its group is killed, as at the time limit).
pub fn run(
    argv: &[String],
    input: &str,
    limit: Duration,
    cancel: Option<&AtomicBool>,
) -> std::io::Result<Run> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty command"))?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.as_bytes().to_vec();
    // A candidate may exit without reading: a failed write is its business.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let cap = Cap {
        bytes: OUTPUT_CAP,
        fatal: true,
    };
    let watched = watch(child, [cap, cap], Instant::now() + limit, cancel)?;
    let _ = writer.join();
    let ended = match watched.waited {
        Waited::Exited(code) => Ended::Exited(code),
        Waited::Signaled(sig) => Ended::Signaled(sig),
        Waited::Deadline => Ended::TimedOut,
        Waited::Flood => Ended::TooMuchOutput,
        Waited::Cancelled => Ended::Cancelled,
    };
    let (stdout, stderr) = (watched.stdout, watched.stderr);
    Ok(Run {
        ended,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    })
}
