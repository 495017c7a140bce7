//! Running another program on one input, with a time limit and a cap on
//! what it may print.
//!
//! The candidate gets its own process group, so when it runs too long the
//! whole group — the program and anything it started — is killed with one
//! signal and then reaped: no stray process and no zombie is left behind.
//! Its output is read by threads while it runs (a program that fills a pipe
//! must not deadlock against us) and only the first [`OUTPUT_CAP`] bytes are
//! kept; more than that is a failure of its own.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

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
    let group = Pid::from_raw(child.id() as i32);
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.as_bytes().to_vec();
    // A candidate may exit without reading: a failed write is its business.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let flood = Arc::new(AtomicBool::new(false));
    let reader = |mut pipe: Box<dyn Read + Send>| {
        let flood = Arc::clone(&flood);
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 8192];
            let mut over = false;
            loop {
                match pipe.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        let room = OUTPUT_CAP.saturating_sub(kept.len());
                        kept.extend_from_slice(&buf[..n.min(room)]);
                        if n > room {
                            over = true;
                            flood.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                }
            }
            (kept, over)
        })
    };
    let out = reader(Box::new(child.stdout.take().expect("piped")));
    let err = reader(Box::new(child.stderr.take().expect("piped")));
    let deadline = Instant::now() + limit;
    let mut ended = loop {
        if let Some(status) = child.try_wait()? {
            break match (status.code(), status.signal()) {
                (Some(code), _) => Ended::Exited(code),
                (None, Some(sig)) => Ended::Signaled(sig),
                (None, None) => Ended::Exited(-1),
            };
        }
        if flood.load(Ordering::Relaxed) {
            break Ended::TooMuchOutput;
        }
        if Instant::now() >= deadline {
            break Ended::TimedOut;
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            break Ended::Cancelled;
        }
        thread::sleep(Duration::from_millis(2));
    };
    // Whatever happened, nothing of the group may outlive the run.
    let _ = killpg(group, Signal::SIGKILL);
    let _ = child.wait();
    let _ = writer.join();
    let (stdout, over) = out.join().unwrap_or_default();
    let (stderr, _) = err.join().unwrap_or_default();
    if over {
        ended = Ended::TooMuchOutput;
    }
    Ok(Run {
        ended,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    })
}
