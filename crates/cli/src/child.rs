//! Watching a program we started (a candidate of `stress`, a program under
//! `judge`) until it ends, runs too long, prints too much or is cancelled.
//!
//! The program runs in its own process group, so when it must be stopped
//! the whole group — the program and anything it started — is killed with
//! one signal and then reaped: no stray process and no zombie is left.
//! Its output is read by threads while it runs (a program that fills a
//! pipe must not deadlock against us) and only the first bytes up to each
//! pipe's cap are kept. `stress` and `judge` share this one loop; what they
//! call the ways a run can end is theirs.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::process::Child;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;

/// How a watched program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waited {
    /// Exited by itself with this status code.
    Exited(i32),
    /// Killed by this signal.
    Signaled(i32),
    /// Still running at the deadline; killed with its group.
    Deadline,
    /// Printed more than its cap on a pipe whose cap is fatal; killed.
    Flood,
    /// The cancel flag was raised; killed with its group.
    Cancelled,
}

/// A pipe's cap: the most bytes kept, and whether printing more is a
/// failure that stops the program.
#[derive(Debug, Clone, Copy)]
pub struct Cap {
    pub bytes: usize,
    pub fatal: bool,
}

/// What a watched program did.
pub struct Watched {
    pub waited: Waited,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Watches `child` (spawned with piped standard output and error, in its
/// own process group) until it ends or `deadline` passes or `cancel` is
/// raised, then kills its group and reaps it.
pub fn watch(
    mut child: Child,
    caps: [Cap; 2],
    deadline: Instant,
    cancel: Option<&AtomicBool>,
) -> std::io::Result<Watched> {
    let group = Pid::from_raw(child.id() as i32);
    let flood = Arc::new(AtomicBool::new(false));
    let reader = |mut pipe: Box<dyn Read + Send>, cap: Cap| {
        let flood = Arc::clone(&flood);
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 1 << 14];
            let mut over = false;
            loop {
                match pipe.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        let room = cap.bytes.saturating_sub(kept.len());
                        kept.extend_from_slice(&buf[..n.min(room)]);
                        if n > room && cap.fatal {
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
    let out = reader(Box::new(child.stdout.take().expect("piped")), caps[0]);
    let err = reader(Box::new(child.stderr.take().expect("piped")), caps[1]);
    let waited = loop {
        if let Some(status) = child.try_wait()? {
            break match (status.code(), status.signal()) {
                (Some(code), _) => Waited::Exited(code),
                (None, Some(sig)) => Waited::Signaled(sig),
                (None, None) => Waited::Exited(-1),
            };
        }
        if flood.load(Ordering::Relaxed) {
            break Waited::Flood;
        }
        if Instant::now() >= deadline {
            break Waited::Deadline;
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            break Waited::Cancelled;
        }
        thread::sleep(Duration::from_millis(2));
    };
    // Whatever happened, nothing of the group may outlive the run.
    let _ = killpg(group, Signal::SIGKILL);
    let _ = child.wait();
    let (stdout, over) = out.join().unwrap_or_default();
    let (stderr, _) = err.join().unwrap_or_default();
    // Too much standard output seen only after the exit still counts.
    let waited = if over { Waited::Flood } else { waited };
    Ok(Watched {
        waited,
        stdout,
        stderr,
    })
}
