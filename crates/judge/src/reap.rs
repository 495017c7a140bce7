//! Containment: every process a run starts ends before the run's result
//! is known, whatever it does to its environment, session, process group
//! or parentage.
//!
//! A process that wants to outlive its run has one move the kernel cannot
//! refuse it: lose its parent (`setsid ... &` and exit, a double fork),
//! and with `env -i` shed any tag we gave it. Such an orphan is handed to
//! the nearest ancestor that asked to be a *child subreaper*
//! (`prctl(PR_SET_CHILD_SUBREAPER)`), or to init when there is none. So:
//!
//! - **Two levels of subreapers.** The process that makes runs (the judge)
//!   and the helper of each limited run ([`crate::run::limited_child`]) are
//!   subreapers. While a run's helper lives, everything its program
//!   started stays below the helper, however it reparents, so the
//!   helper's subtree *is* the run: attribution is exact, with no
//!   guessing from sessions, groups or environments (all of which a
//!   program can change). When its program has ended (or is stopped for
//!   time or memory), the helper kills its whole subtree with SIGKILL,
//!   again and again until it has no child left, reaping each one
//!   ([`kill_subtree_and_reap`]) — before it reports, so before the
//!   judge reads the run's result.
//! - **The judge catches what a dead helper drops.** A helper killed by
//!   the judge (output flood, cancel, its own deadline passed) or by its
//!   program (`kill -9 $PPID`) hands its subtree to the judge. Those
//!   orphans are children of the judge that it never started:
//!   [`spawn`] registers every child a run starts (under a lock, so a
//!   sweep never mistakes a child being started for an orphan), and
//!   [`Ticket::end`] kills every *unregistered* child of the judge and
//!   everything below it, and reaps them, until none is left.
//! - **Why one run's cleanup never kills another's live processes.** With
//!   `judge --jobs N` the judge is the subreaper of all runs at once. But
//!   a limited run's orphans only reach the judge once that run's helper
//!   is dead, that is once the run is over: an orphan of the judge is
//!   therefore always an escapee of a run that has ended, and sweeping
//!   them at the end of any run is safe. Live runs' helpers and programs
//!   are registered children, never swept; their orphaned workers are
//!   below their helpers, not the judge. A run without a helper (a
//!   *direct* run, as `stress` makes) has no subreaper of its own: its
//!   orphans reach the judge while it still runs, so while a direct run
//!   is live the sweep waits for the end of the last one (the run's
//!   environment token, [`crate::run::TOKEN`], still finds at once the
//!   escapees that kept their environment).
//! - **Found from `/proc`, reaped by PID.** The process table is read from
//!   `/proc/*/stat` (parent PID, zombie or not), which needs nothing of the
//!   kernel's configuration (the `children` files do). The judge is
//!   multi-threaded and its runs wait for their own children, so it
//!   reaps only the orphans it killed, by PID (`waitpid(-1)` would steal
//!   another run's exit status); the single-threaded helper reaps
//!   anything.
//!
//! Why not a PID namespace or a cgroup: both contain a run more strongly
//! (a cgroup's `cgroup.kill` ends everything in it in one write, and a
//! PID namespace dies with its first process), but neither can be had
//! everywhere a judge runs: a PID namespace takes `CAP_SYS_ADMIN` or an
//! unprivileged user namespace, which many distributions and most
//! containers and CI runners forbid, and makes the program PID 1, which
//! ignores signals it has no handler for (a program's `kill -SEGV $$`
//! would no longer crash it); a cgroup of our own needs a delegated,
//! writable cgroup v2 subtree, which a login shell or a container
//! rarely has. A subreaper needs no privilege and no configuration
//! (Linux 3.4 and later) and works in every container. What it cannot do:
//! if the judge itself is killed with SIGKILL, what its runs left goes to
//! init, as before.

use std::io;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, Once};
use std::thread;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::sys::signal::{kill, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;

/// How long a sweep keeps killing before it gives up (a process stuck in
/// the kernel cannot be killed at once); far more than it ever takes.
const SWEEP_BOUND: Duration = Duration::from_secs(5);

/// The pause between two rounds of a sweep.
const ROUND: Duration = Duration::from_millis(1);

/// Makes this process the subreaper of its descendants' orphans (once; a
/// process attribute, whichever thread sets it). Without it (a kernel
/// that refuses), orphans go to init as before and the environment token
/// is what is left.
pub(crate) fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = nix::sys::prctl::set_child_subreaper(true);
    });
}

/// One child a live run started: its run's number, its PID, and whether
/// the run is direct (no helper of its own; see the module docs).
struct Entry {
    run: u64,
    pid: u32,
    direct: bool,
}

/// The children of the live runs: never swept. Its lock is also held
/// while a child is started and during a sweep.
static LIVE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<Entry>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A live run's registration: [`Ticket::end`] ends it.
pub(crate) struct Ticket {
    run: u64,
}

/// Starts `command` as a run's child and registers it; `direct`: the run
/// has no helper (see the module docs).
pub(crate) fn spawn(command: &mut Command, direct: bool) -> io::Result<(Child, Ticket)> {
    static RUNS: AtomicU64 = AtomicU64::new(0);
    become_subreaper();
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let mut live = live();
    let child = command.spawn()?;
    live.push(Entry {
        run,
        pid: child.id(),
        direct,
    });
    Ok((child, Ticket { run }))
}

impl Ticket {
    /// The run's child has been reaped: it is no longer live, and every
    /// orphan of this process is killed and reaped, unless a direct run
    /// is still live (then the last run to end does it).
    pub(crate) fn end(self) {
        drop(self);
    }
}

/// A run that ends early (an error while watching) ends its registration
/// too, or a direct one would hold every later sweep back.
impl Drop for Ticket {
    fn drop(&mut self) {
        let mut live = live();
        live.retain(|e| e.run != self.run);
        sweep_orphans(&live);
    }
}

/// Kills and reaps the orphans of this process now, unless a direct run
/// is live: for a run that ended but whose pipes are still held open.
pub(crate) fn sweep() {
    sweep_orphans(&live());
}

/// Kills every child of this process that no live run started, with
/// everything below it, and reaps them, round after round until there is
/// none (or [`SWEEP_BOUND`] has passed); nothing while a direct run is
/// live. Called with [`LIVE`] locked.
fn sweep_orphans(live: &[Entry]) {
    if live.iter().any(|e| e.direct) {
        return;
    }
    let me = std::process::id();
    let until = Instant::now() + SWEEP_BOUND;
    loop {
        let table = table();
        let orphans: Vec<u32> = table
            .iter()
            .filter(|p| p.ppid == me && !live.iter().any(|e| e.pid == p.pid))
            .map(|p| p.pid)
            .collect();
        if orphans.is_empty() {
            return;
        }
        for &orphan in &orphans {
            for pid in descendants(&table, orphan) {
                signal(pid);
            }
            signal(orphan);
        }
        // Ours until reaped, so no other process can have taken the PID.
        for &orphan in &orphans {
            let _ = waitpid(pid(orphan), Some(WaitPidFlag::WNOHANG));
        }
        if Instant::now() >= until {
            return;
        }
        thread::sleep(ROUND);
    }
}

/// How a process's child ended, as `waitpid` tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exit {
    Code(i32),
    Signal(i32),
}

/// Reaps every child of this (single-threaded) process that has ended;
/// `Some` when `program` was among them, with how it ended. An error only
/// when there is nothing to wait for, `program` included.
pub(crate) fn reap_until(program: u32) -> io::Result<Option<Exit>> {
    loop {
        match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) => return Ok(None),
            Ok(WaitStatus::Exited(p, code)) if p.as_raw() as u32 == program => {
                return Ok(Some(Exit::Code(code)))
            }
            Ok(WaitStatus::Signaled(p, sig, _)) if p.as_raw() as u32 == program => {
                return Ok(Some(Exit::Signal(sig as i32)))
            }
            Ok(_) | Err(Errno::EINTR) => {}
            Err(e) => return Err(e.into()),
        }
    }
}

/// Kills every descendant of this (single-threaded, subreaper) process
/// and reaps them, round after round until it has no child left (or
/// [`SWEEP_BOUND`] has passed): a process killed hands its children to
/// us, so the next round finds them.
pub(crate) fn kill_subtree_and_reap() {
    let me = std::process::id();
    let until = Instant::now() + SWEEP_BOUND;
    loop {
        for pid in descendants(&table(), me) {
            signal(pid);
        }
        loop {
            match waitpid(None, Some(WaitPidFlag::WNOHANG)) {
                Ok(WaitStatus::StillAlive) => break,
                Ok(_) | Err(Errno::EINTR) => {}
                // No child left at all: done.
                Err(_) => return,
            }
        }
        if Instant::now() >= until {
            return;
        }
        thread::sleep(ROUND);
    }
}

fn pid(pid: u32) -> Pid {
    Pid::from_raw(pid as i32)
}

fn signal(p: u32) {
    let _ = kill(pid(p), Signal::SIGKILL);
}

/// One process of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Proc {
    pid: u32,
    ppid: u32,
}

/// Every process (thread-group leader) in `/proc` and its parent; a
/// process gone while the table is read is left out.
fn table() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            Some(Proc {
                pid,
                ppid: parent(&stat)?,
            })
        })
        .collect()
}

/// The parent PID in a `/proc/PID/stat` line: `PID (COMM) STATE PPID ...`,
/// where COMM may hold spaces and parentheses (so the last `)` ends it).
fn parent(stat: &str) -> Option<u32> {
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// Every descendant of `root` in `table`, not `root` itself.
fn descendants(table: &[Proc], root: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let mut todo = vec![root];
    while let Some(p) = todo.pop() {
        for child in table.iter().filter(|c| c.ppid == p && c.pid != root) {
            if !found.contains(&child.pid) {
                found.push(child.pid);
                todo.push(child.pid);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_is_read_past_any_command_name() {
        assert_eq!(parent("12 (sh) S 7 12 12 0"), Some(7));
        assert_eq!(parent("12 (a) b (c) R 99 1"), Some(99));
        assert_eq!(parent("12 (x y) Z 1 0"), Some(1));
        assert_eq!(parent("garbage"), None);
    }

    #[test]
    fn descendants_are_the_whole_subtree() {
        let p = |pid, ppid| Proc { pid, ppid };
        let table = [p(1, 0), p(10, 1), p(11, 10), p(12, 11), p(13, 10), p(20, 1)];
        let mut d = descendants(&table, 10);
        d.sort();
        assert_eq!(d, [11, 12, 13]);
        assert!(descendants(&table, 12).is_empty());
    }

    /// This process's own children are in the table, with it as parent.
    #[test]
    fn the_table_sees_a_child() {
        // Registered as a direct run's, so no other test's sweep takes it.
        let (mut child, ticket) = spawn(Command::new("sleep").arg("5"), true).unwrap();
        let table = table();
        let me = std::process::id();
        let found = table.iter().any(|p| p.pid == child.id() && p.ppid == me);
        let _ = child.kill();
        let _ = child.wait();
        ticket.end();
        assert!(found);
    }
}
