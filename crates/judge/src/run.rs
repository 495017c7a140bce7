//! Running a program we do not trust on one input, and watching it until
//! it ends, runs too long, prints too much or is cancelled: the one runner
//! of `stress` (a candidate on a generated input) and `judge` (a program
//! on a test, under a time and a memory limit).
//!
//! Why it is shaped so:
//!
//! - **A process group of its own.** The program is started in a new
//!   process group, so when it must be stopped the whole group — the
//!   program and anything it started (`sh -c`, `python3`, ...) that
//!   stayed in the group — is killed with one signal at once.
//! - **Pipes read while it runs.** Standard output and error are read by
//!   threads, so a program that fills a pipe cannot deadlock against us,
//!   and only the first bytes up to each pipe's [`PipeCap`] are kept; past a
//!   fatal cap the program is stopped ([`Ended::TooMuchOutput`]).
//! - **Limits enforced by a helper, as judges enforce them.** A limited
//!   run ([`Spec::limited`]) starts the running binary again with a hidden
//!   first argument ([`HELPER`]): the binary calls [`limited_child`] first
//!   thing in `main`. Setting limits between `fork` and `exec` takes
//!   `unsafe` (`pre_exec`), forbidden in this workspace; the helper sets
//!   them on itself with safe calls instead, starts the program (which
//!   inherits them, its standard streams and its process group) and
//!   watches it:
//!   - *time* is CPU time: `RLIMIT_CPU` at the limit rounded up to a whole
//!     second stops a busy program; the helper also keeps the wall clock
//!     (a sleeping program uses no CPU), so both figures are known however
//!     the run ends. Past the wall clock it stops only a program none of
//!     whose threads is running or waiting for a core (`/proc/…/stat`
//!     state `R`), up to three times the wall clock: on a loaded machine
//!     a working program is slow in wall-clock time, not in CPU time, and
//!     killing it there once made correct programs fail;
//!   - *memory* is peak resident memory, as judges measure it (a cgroup's
//!     peak, or `wait4`'s maximum RSS), not address space: an address-space
//!     limit stops the JVM, Node and others from even starting, since they
//!     reserve far more than they touch. The helper samples the resident
//!     memory of the program and its descendants every few milliseconds
//!     (`/proc/PID/status`), kills them past the limit
//!     ([`Ended::OverMemory`]); the peak is the program's own `VmHWM`
//!     and its tree's samples, and the kernel's maximum RSS only where it
//!     can be the program's: that figure also counts the helper's image
//!     the program was started from, which read every small program
//!     ~3 MB high ([`program_peak`]). Between two samples a program
//!     can overshoot by what it touches in that time (tens of MB at most);
//!     the verdict is then still MLE, from the peak;
//!   - the stack may grow to the memory limit (`RLIMIT_STACK`), so deep
//!     recursion within the limit runs, as on contest judges.
//!
//!   `getrusage(RUSAGE_CHILDREN)` then gives exactly that one program's CPU
//!   time and peak memory, written to a small stats file this side reads:
//!   a run sees the program's own numbers, unpolluted by other runs.
//! - **Nothing left behind, no wait on a stray pipe.** A process can leave
//!   the group (`setsid`), its environment (`env -i`) and its parent (a
//!   double fork), but not the subreaper above it: the helper of a
//!   limited run and the process making runs are subreapers, and every
//!   descendant is killed and reaped before a run's result is returned
//!   (the crate's private `reap` module says how, and why one run's cleanup never
//!   touches another's live processes), so a background process can
//!   neither hold the output pipes open and make the run wait for it, nor
//!   outlive the run. A memory sample of a limited run counts all of them.
//!   A *direct* run (no helper, as `stress` makes) also carries a token in
//!   its environment ([`TOKEN`]): its orphans reach the process making
//!   runs while it runs, so they are swept only once no direct run is
//!   live, and the token finds at once those that kept their environment.
//!   The pipe readers are waited for a bounded time in any case.
//! - **One answer for "could not start".** A program that cannot be
//!   started is [`Ended::NotStarted`] with the system's reason, in either
//!   kind of run, so every caller words it once.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::resource::{getrlimit, getrusage, setrlimit, Resource, UsageWho};
use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;

use crate::reap;

/// The hidden first argument that makes the binary the helper of a
/// limited run ([`limited_child`]).
pub const HELPER: &str = "__judge-limited-child";

/// The environment variable that tags every process of a direct run (see
/// the module docs): its value is unique to the run.
pub const TOKEN: &str = "GRIDPUZZLE_RUN";

/// How often the helper samples the program's memory and the clock.
const SAMPLE: Duration = Duration::from_millis(4);

/// How long the pipe readers are waited for once the program is gone,
/// before whatever still carries the run's token is killed; and again
/// after that, before the run stops waiting for them at all.
const GRACE: Duration = Duration::from_millis(200);

/// How much longer than its own wall-clock limit the helper of a limited
/// run gets before it is killed too (it stops the program itself, and
/// needs a moment to measure and report).
const HELPER_GRACE: Duration = Duration::from_secs(2);

/// A pipe's cap: the most bytes kept, and whether printing more is a
/// failure that stops the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PipeCap {
    pub bytes: usize,
    pub fatal: bool,
}

/// What the program reads on its standard input.
#[derive(Debug, Clone, Copy)]
pub enum Stdin<'a> {
    /// These bytes, written by a thread (a program may exit without
    /// reading them: a failed write is its business).
    Bytes(&'a [u8]),
    /// This file.
    File(&'a Path),
}

/// What a limited run may use, enforced by the kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLimits {
    /// CPU time: the time limit, and the only one a TLE is judged by. The
    /// wall clock is a safety net for a program that sleeps or waits
    /// ([`RunLimits::wall`]): three times as much and a second more — and
    /// past it, a program still working (running, or waiting for a core)
    /// is left to its CPU limit up to three times that again — so
    /// that a machine busy with other runs (`judge --jobs` above the
    /// cores, a loaded CI runner) never stops a program within its CPU
    /// time — at twice, a correct program using 0.8 s of a 1 s limit was
    /// killed on 7 of 13 tests with 4 jobs on 2 cores.
    pub time: Duration,
    /// Bytes of peak resident memory (the program and what it starts);
    /// `None`: no limit.
    pub memory: Option<u64>,
}

impl RunLimits {
    /// The wall-clock time a run under these limits gets: three times
    /// the CPU time and a second more.
    pub fn wall(&self) -> Duration {
        self.time * 3 + Duration::from_secs(1)
    }
}

/// One run to make.
#[derive(Clone, Copy)]
pub struct Spec<'a> {
    /// The program and its arguments.
    pub argv: &'a [String],
    pub stdin: Stdin<'a>,
    /// Wall-clock time before the program's group is killed.
    pub wall: Duration,
    /// Standard output's and standard error's caps.
    pub caps: [PipeCap; 2],
    /// Asked every few milliseconds; `true` stops the run
    /// ([`Ended::Cancelled`]).
    pub cancel: Option<&'a (dyn Fn() -> bool + Sync)>,
    /// Kernel limits, set by the helper, and a path (unique to this run)
    /// where it writes its report; `None` runs the program directly.
    pub limited: Option<(RunLimits, &'a Path)>,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// Exited by itself with this status code.
    Exited(i32),
    /// Killed by this signal (a crash, or the CPU limit: SIGXCPU, SIGKILL).
    Signaled(i32),
    /// Its resident memory passed the limit; killed by the helper.
    OverMemory,
    /// Still running at the wall-clock deadline; killed with its group.
    TimedOut,
    /// Printed more than a fatal cap allows; killed.
    TooMuchOutput,
    /// Stopped by [`Spec::cancel`]; killed with its group.
    Cancelled,
    /// The program could not be started (no such file, not executable).
    NotStarted(String),
    /// The program could not be started within the memory limit.
    NoMemoryToStart(String),
}

/// One run.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub ended: Ended,
    pub stdout: String,
    pub stderr: String,
    pub wall: Duration,
    /// User and system CPU time, when a limited run's helper measured it.
    pub cpu: Option<Duration>,
    /// Peak resident memory in bytes, likewise.
    pub peak: Option<u64>,
}

/// Runs `spec` (see the module docs). `Err` only when the run could not be
/// made at all (a pipe, a thread, the helper); a program that cannot be
/// started is [`Ended::NotStarted`].
pub fn run(spec: &Spec) -> std::io::Result<Run> {
    let Some((program, args)) = spec.argv.split_first() else {
        return Ok(not_run(Ended::NotStarted("an empty command".into())));
    };
    let mut deadline = spec.wall;
    let mut command = match spec.limited {
        None => {
            let mut c = Command::new(program);
            c.args(args);
            c
        }
        Some((limits, stats)) => {
            let mut c = Command::new(std::env::current_exe()?);
            c.arg(HELPER)
                .arg(stats)
                .arg(
                    limits
                        .memory
                        .map_or_else(|| "none".into(), |m| m.to_string()),
                )
                .arg(cpu_seconds(limits.time).to_string())
                .arg(spec.wall.as_millis().to_string())
                .arg("--")
                .args(spec.argv);
            // The helper keeps the wall clock itself (a program still
            // working gets up to three times it); this is the backstop.
            deadline = spec.wall * 3 + HELPER_GRACE;
            c
        }
    };
    // Only a direct run's descendants need the token (see the module docs).
    let token = spec.limited.is_none().then(new_token);
    if let Some(token) = &token {
        command.env(TOKEN, token);
    }
    command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    match spec.stdin {
        Stdin::Bytes(_) => command.stdin(Stdio::piped()),
        Stdin::File(path) => command.stdin(Stdio::from(File::open(path)?)),
    };
    let began = Instant::now();
    let (mut child, ticket) = match reap::spawn(&mut command, spec.limited.is_none()) {
        Ok(started) => started,
        Err(e) if spec.limited.is_none() => return Ok(not_run(Ended::NotStarted(e.to_string()))),
        Err(e) => return Err(e),
    };
    let writer = match (spec.stdin, child.stdin.take()) {
        (Stdin::Bytes(bytes), Some(mut pipe)) => {
            let bytes = bytes.to_vec();
            Some(thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let watched = watch(
        child,
        ticket,
        spec.caps,
        began + deadline,
        spec.cancel,
        token.as_deref(),
    )?;
    let wall = began.elapsed();
    if let Some(w) = writer {
        let _ = w.join();
    }
    let mut run = Run {
        ended: match watched.waited {
            Waited::Exited(code) => Ended::Exited(code),
            Waited::Signaled(sig) => Ended::Signaled(sig),
            Waited::Deadline => Ended::TimedOut,
            Waited::Flood => Ended::TooMuchOutput,
            Waited::Cancelled => Ended::Cancelled,
        },
        stdout: String::from_utf8_lossy(&watched.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&watched.stderr).into_owned(),
        wall,
        cpu: None,
        peak: None,
    };
    if let Some((_, stats)) = spec.limited {
        // The helper's report replaces its own exit status with the program's.
        if run.ended == Ended::Exited(0) {
            match std::fs::read_to_string(stats) {
                Ok(text) => read_stats(&text, &mut run),
                Err(_) => run.ended = Ended::NotStarted("the judge's helper did not report".into()),
            }
        }
        let _ = std::fs::remove_file(stats);
    }
    Ok(run)
}

/// A run that never started.
fn not_run(ended: Ended) -> Run {
    Run {
        ended,
        stdout: String::new(),
        stderr: String::new(),
        wall: Duration::ZERO,
        cpu: None,
        peak: None,
    }
}

/// Reads the helper's report (`exit 0`, `cpu_us 1200`, ... a line each)
/// into `run`; an unknown or unreadable line is passed over.
fn read_stats(text: &str, run: &mut Run) {
    for line in text.lines() {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "exit" => run.ended = Ended::Exited(value.parse().unwrap_or(-1)),
            "signal" => run.ended = Ended::Signaled(value.parse().unwrap_or(-1)),
            "not-started" => run.ended = Ended::NotStarted(value.to_string()),
            "no-memory-to-start" => run.ended = Ended::NoMemoryToStart(value.to_string()),
            "over-memory" => run.ended = Ended::OverMemory,
            "timeout" => run.ended = Ended::TimedOut,
            "cpu_us" => run.cpu = value.parse().ok().map(Duration::from_micros),
            "maxrss_kb" => run.peak = value.parse::<u64>().ok().map(|kb| kb * 1024),
            _ => {}
        }
    }
}

/// How a watched program ended, before a caller names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Waited {
    Exited(i32),
    Signaled(i32),
    Deadline,
    Flood,
    Cancelled,
}

/// What a watched program did.
struct Watched {
    waited: Waited,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Watches `child` (spawned with piped standard output and error, in its
/// own process group, tagged with `token`) until it ends or `deadline`
/// passes or `cancel` says so, then kills its group and reaps it.
fn watch(
    mut child: Child,
    ticket: reap::Ticket,
    caps: [PipeCap; 2],
    deadline: Instant,
    cancel: Option<&(dyn Fn() -> bool + Sync)>,
    token: Option<&str>,
) -> std::io::Result<Watched> {
    let group = Pid::from_raw(child.id() as i32);
    let flood = Arc::new(AtomicBool::new(false));
    let (done, finished) = mpsc::channel();
    let out = keeper(child.stdout.take(), caps[0], &flood, done.clone());
    let err = keeper(child.stderr.take(), caps[1], &flood, done);
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
        if cancel.is_some_and(|c| c()) {
            break Waited::Cancelled;
        }
        thread::sleep(Duration::from_millis(2));
    };
    // Whatever happened, nothing of the group may outlive the run...
    let _ = killpg(group, Signal::SIGKILL);
    let _ = child.wait();
    // ... nor anything that left the group and lost its parent: stopped
    // by us, a helper had no time to kill its own subtree, which is now
    // this process's to kill.
    ticket.end();
    // A reader still waiting means something else holds the pipes: a
    // direct run's escapee, while another direct run is live.
    let stopped = !matches!(waited, Waited::Exited(_) | Waited::Signaled(_));
    if stopped || !both_done(&finished, GRACE) {
        if let Some(token) = token {
            kill_tagged(token);
        }
        reap::sweep();
        both_done(&finished, GRACE);
    }
    // Too much standard output seen only after the exit still counts.
    let waited = if flood.load(Ordering::Relaxed) {
        Waited::Flood
    } else {
        waited
    };
    let take = |kept: &Mutex<Vec<u8>>| {
        std::mem::take(&mut *kept.lock().unwrap_or_else(|e| e.into_inner()))
    };
    Ok(Watched {
        waited,
        stdout: take(&out),
        stderr: take(&err),
    })
}

/// Waits up to `grace` for the pipe readers to end: each holds a sender of
/// `finished` until it ends, so the channel disconnects when all have.
fn both_done(finished: &mpsc::Receiver<()>, grace: Duration) -> bool {
    let until = Instant::now() + grace;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match finished.recv_timeout(left) {
            Ok(()) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return true,
            Err(mpsc::RecvTimeoutError::Timeout) => return false,
        }
    }
}

/// A thread that [`keep`]s `pipe` (nothing when it is not piped) into the
/// buffer it returns, holding `done` until it ends.
fn keeper<R: Read + Send + 'static>(
    pipe: Option<R>,
    cap: PipeCap,
    flood: &Arc<AtomicBool>,
    done: mpsc::Sender<()>,
) -> Arc<Mutex<Vec<u8>>> {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let (into, flood) = (Arc::clone(&kept), Arc::clone(flood));
    thread::spawn(move || {
        if let Some(pipe) = pipe {
            keep(pipe, cap, &flood, &into);
        }
        drop(done);
    });
    kept
}

/// Reads `pipe` to its end, keeping its first `cap.bytes` in `kept`; past
/// a fatal cap it stops and raises `flood`.
fn keep(mut pipe: impl Read, cap: PipeCap, flood: &AtomicBool, kept: &Mutex<Vec<u8>>) {
    let mut buf = [0u8; 1 << 14];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
                let room = cap.bytes.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                if n > room && cap.fatal {
                    flood.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    }
}

/// A token no other run of this or any process shares.
fn new_token() -> String {
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let n = RUNS.fetch_add(1, Ordering::Relaxed);
    format!("{}-{n}-{nanos}", std::process::id())
}

/// Kills every process whose environment carries `token` as [`TOKEN`];
/// how many were found.
fn kill_tagged(token: &str) -> usize {
    let wanted = format!("{TOKEN}={token}");
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut found = 0;
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        // Another user's process, or one gone already, cannot be read.
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes()) {
            let _ = kill(Pid::from_raw(pid as i32), Signal::SIGKILL);
            found += 1;
        }
    }
    found
}

/// Whole CPU seconds for `RLIMIT_CPU`: the limit rounded up, at least one.
fn cpu_seconds(time: Duration) -> u64 {
    let whole = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    whole.max(1)
}

/// `pid` and its descendants (up to a few hundred processes), read from
/// `/proc`.
fn tree(pid: u32) -> Vec<u32> {
    let mut todo = vec![pid];
    let mut found = Vec::new();
    while let Some(p) = todo.pop() {
        if found.len() >= 512 {
            break;
        }
        found.push(p);
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            if let Ok(children) = std::fs::read_to_string(task.path().join("children")) {
                todo.extend(
                    children
                        .split_whitespace()
                        .filter_map(|c| c.parse::<u32>().ok()),
                );
            }
        }
    }
    found
}

/// Resident bytes of `pid` and its descendants, read from `/proc`; 0 for
/// what is gone.
fn tree_rss(pid: u32) -> u64 {
    tree(pid).into_iter().map(rss).sum()
}

/// Whether a thread of `pid` or of its descendants is running or waiting
/// for a core (state `R`): a program working, however slowly a loaded
/// machine lets it, not one that sleeps or waits.
fn tree_runnable(pid: u32) -> bool {
    tree(pid).into_iter().any(|p| {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            return false;
        };
        tasks.flatten().any(|task| {
            std::fs::read_to_string(task.path().join("stat"))
                .is_ok_and(|stat| state_of(&stat) == Some('R'))
        })
    })
}

/// The state letter of a `/proc/…/stat` line: the field after the command
/// name, which is in parentheses and may itself hold spaces and `)`.
fn state_of(stat: &str) -> Option<char> {
    let (_, after) = stat.rsplit_once(')')?;
    after.trim_start().chars().next()
}

/// `VmRSS` of `pid` in bytes; 0 when it cannot be read.
fn rss(pid: u32) -> u64 {
    status_bytes(&pid.to_string(), "VmRSS:")
}

/// A `kB` field of `/proc/PROC/status` (`PROC` a pid or `self`) in bytes;
/// 0 when it cannot be read.
fn status_bytes(proc: &str, field: &str) -> u64 {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{proc}/status")) else {
        return 0;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// The program's peak from the helper's samples and the kernel's
/// maximum RSS (`kernel`), both in bytes. The kernel's figure counts the
/// helper's own image too: a process's maximum RSS includes the memory it
/// shared with its parent until `exec` (Linux records the old image's
/// peak at `exec`), so every program read the helper's few MB high (a
/// `/bin/true` at 4.2 MB). Above `helper` — the helper's own peak, read
/// after the program started — the kernel's figure can only be the
/// program's (or a descendant's) and is taken; at or below it, it says
/// nothing of the program, and the samples (the program's own `VmHWM`,
/// exact) stand — unless the program ended before the first sample, when
/// the kernel's figure is all there is, an upper bound.
fn program_peak(sampled: u64, kernel: u64, helper: u64) -> u64 {
    if kernel > helper {
        sampled.max(kernel)
    } else if sampled > 0 {
        sampled
    } else {
        kernel
    }
}

/// When this process is the helper of a limited run (its first argument
/// is [`HELPER`]): runs the program under the limits and returns the exit
/// code to end with; `None` otherwise. A binary that makes limited runs
/// calls it first thing in `main`.
pub fn limited_child() -> Option<ExitCode> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != HELPER {
        return None;
    }
    let rest: Vec<OsString> = args.collect();
    Some(match helper(&rest) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gridpuzzle: judge helper: {e}");
            ExitCode::from(101)
        }
    })
}

/// The helper's arguments, read.
#[derive(Debug, PartialEq, Eq)]
struct HelperArgs<'a> {
    stats: PathBuf,
    /// Bytes of resident memory, if limited.
    memory: Option<u64>,
    /// Whole CPU seconds.
    cpu: u64,
    /// Wall-clock time before the program is stopped.
    wall: Duration,
    program: &'a OsString,
    argv: &'a [OsString],
}

/// Reads `STATS MEMORY CPU_SECS WALL_MS -- PROGRAM ARGS...`.
fn helper_args(args: &[OsString]) -> Result<HelperArgs<'_>, String> {
    let [stats, memory, cpu, wall, dashes, program, argv @ ..] = args else {
        return Err("expected STATS MEMORY CPU WALL -- PROGRAM ARGS".into());
    };
    if dashes != "--" {
        return Err("expected `--` before the program".into());
    }
    let number = |s: &OsString| s.to_str().and_then(|s| s.parse::<u64>().ok());
    let memory = if memory == "none" {
        None
    } else {
        Some(number(memory).ok_or("MEMORY must be bytes or `none`")?)
    };
    Ok(HelperArgs {
        stats: PathBuf::from(stats),
        memory,
        cpu: number(cpu).ok_or("CPU must be whole seconds")?,
        wall: Duration::from_millis(number(wall).ok_or("WALL must be milliseconds")?),
        program,
        argv,
    })
}

/// How the helper saw its program end.
enum Outcome {
    Status(reap::Exit),
    OverMemory,
    TimedOut,
}

/// The helper's work: limits, the program, its report.
fn helper(args: &[OsString]) -> Result<(), String> {
    let args = helper_args(args)?;
    if let Some(bytes) = args.memory {
        // The stack may use the memory limit, no more than the hard limit.
        let (_, hard) = getrlimit(Resource::RLIMIT_STACK)
            .map_err(|e| format!("cannot read the stack limit: {e}"))?;
        setrlimit(Resource::RLIMIT_STACK, bytes.min(hard), hard)
            .map_err(|e| format!("cannot limit the stack: {e}"))?;
    }
    setrlimit(Resource::RLIMIT_CPU, args.cpu, args.cpu + 1)
        .map_err(|e| format!("cannot limit the CPU time: {e}"))?;
    // Whatever the program starts stays below this process, however it
    // is orphaned (see the `reap` module), so it is killed and reaped
    // here and its CPU time counted: a wall-clock kill of `sh -c` shows
    // its children's work, not the shell's few milliseconds.
    reap::become_subreaper();
    let began = Instant::now();
    let child = match Command::new(args.program).args(args.argv).spawn() {
        // ENOMEM: the program's image does not fit in memory.
        Err(e) if e.raw_os_error() == Some(12) => {
            return report(&args.stats, &format!("no-memory-to-start {e}\n"))
        }
        Err(e) => return report(&args.stats, &format!("not-started {e}\n")),
        Ok(child) => child,
    };
    // The helper's own peak, which the kernel's figure for the program
    // includes ([`program_peak`]); read after the program's `exec`, so
    // nothing of the helper's recorded there is missed.
    let helper_peak = status_bytes("self", "VmHWM:");
    let program = child.id();
    let me = std::process::id();
    let mut peak = 0;
    let outcome = loop {
        // Orphans the program left are reaped as they end, the program's
        // end is the outcome.
        match reap::reap_until(program) {
            Ok(Some(exit)) => break Outcome::Status(exit),
            Ok(None) => {}
            Err(e) => return Err(format!("cannot wait for the program: {e}")),
        }
        // The program's own peak since its `exec` (`VmHWM`, exact between
        // samples), and what it and whatever it started hold now, orphans
        // included: all of them are below this process (a subreaper).
        let own = status_bytes(&program.to_string(), "VmHWM:");
        peak = peak.max(tree_rss(me).saturating_sub(rss(me))).max(own);
        if args.memory.is_some_and(|m| peak > m) {
            reap::kill_subtree_and_reap();
            break Outcome::OverMemory;
        }
        // Past the wall clock, a program that sleeps or waits is stopped;
        // one still working (waiting for a core on a loaded machine) is
        // left to its CPU limit, up to three times the wall clock.
        let elapsed = began.elapsed();
        if elapsed >= args.wall && (elapsed >= args.wall * 3 || !tree_runnable(program)) {
            reap::kill_subtree_and_reap();
            break Outcome::TimedOut;
        }
        thread::sleep(SAMPLE);
    };
    // Whatever the program left running goes too, before the report: so
    // that nothing holds the output pipes or outlives the run, and so
    // that its usage is counted.
    reap::kill_subtree_and_reap();
    drop(child);
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN)
        .map_err(|e| format!("cannot measure the program: {e}"))?;
    let micros = |t: nix::sys::time::TimeVal| {
        (t.tv_sec().max(0) as u64) * 1_000_000 + t.tv_usec().max(0) as u64
    };
    let cpu_us = micros(usage.user_time()) + micros(usage.system_time());
    let end = match outcome {
        Outcome::OverMemory => "over-memory".to_string(),
        Outcome::TimedOut => "timeout".to_string(),
        Outcome::Status(reap::Exit::Code(code)) => format!("exit {code}"),
        Outcome::Status(reap::Exit::Signal(sig)) => format!("signal {sig}"),
    };
    let kernel = usage.max_rss().max(0) as u64 * 1024;
    let peak_kb = program_peak(peak, kernel, helper_peak) / 1024;
    report(
        &args.stats,
        &format!("{end}\ncpu_us {cpu_us}\nmaxrss_kb {peak_kb}\n"),
    )
}

/// Writes the helper's report.
fn report(stats: &Path, text: &str) -> Result<(), String> {
    std::fs::write(stats, text).map_err(|e| format!("cannot write {}: {e}", stats.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAP: PipeCap = PipeCap {
        bytes: 1 << 10,
        fatal: true,
    };

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    fn direct<'a>(argv: &'a [String], input: &'a [u8]) -> Spec<'a> {
        Spec {
            argv,
            stdin: Stdin::Bytes(input),
            wall: Duration::from_secs(60),
            caps: [CAP, CAP],
            cancel: None,
            limited: None,
        }
    }

    #[test]
    fn a_program_reads_its_input_and_its_output_is_kept() {
        let argv = sh("tr a-z A-Z; echo oops >&2; exit 3");
        let r = run(&direct(&argv, b"hello\n")).unwrap();
        assert_eq!(r.ended, Ended::Exited(3));
        assert_eq!(r.stdout, "HELLO\n");
        assert_eq!(r.stderr, "oops\n");
        assert_eq!((r.cpu, r.peak), (None, None));
    }

    #[test]
    fn a_file_is_standard_input_too() {
        let path = std::env::temp_dir().join(format!("gridpuzzle-run-{}.in", std::process::id()));
        std::fs::write(&path, "3 4\n").unwrap();
        let argv = sh("read a b; echo $((a + b))");
        let spec = Spec {
            stdin: Stdin::File(&path),
            ..direct(&argv, b"")
        };
        let r = run(&spec).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!((r.ended, r.stdout.as_str()), (Ended::Exited(0), "7\n"));
    }

    #[test]
    fn crashes_are_signals() {
        let argv = sh("kill -SEGV $$");
        let r = run(&direct(&argv, b"")).unwrap();
        assert_eq!(r.ended, Ended::Signaled(Signal::SIGSEGV as i32));
    }

    /// A program that prints past a fatal cap is stopped; a cap that is
    /// not fatal only drops the rest.
    #[test]
    fn output_past_the_cap() {
        let argv = sh("yes");
        let r = run(&direct(&argv, b"")).unwrap();
        assert_eq!(r.ended, Ended::TooMuchOutput);
        assert_eq!(r.stdout.len(), CAP.bytes);
        let argv = sh("head -c 5000 /dev/zero >&2; echo done");
        let lenient = PipeCap {
            bytes: 100,
            fatal: false,
        };
        let spec = Spec {
            caps: [CAP, lenient],
            ..direct(&argv, b"")
        };
        let r = run(&spec).unwrap();
        assert_eq!((r.ended, r.stdout.as_str()), (Ended::Exited(0), "done\n"));
        assert_eq!(r.stderr.len(), 100);
    }

    /// At the deadline, and when cancelled, the whole group goes: the
    /// `sleep` the shell started does not hold the pipes open (the run
    /// would then wait for it).
    #[test]
    fn the_deadline_and_cancel_stop_the_whole_group() {
        let argv = sh("sleep 1000 & sleep 1000");
        let spec = Spec {
            wall: Duration::from_millis(100),
            ..direct(&argv, b"")
        };
        assert_eq!(run(&spec).unwrap().ended, Ended::TimedOut);
        let yes = || true;
        let spec = Spec {
            cancel: Some(&yes),
            ..direct(&argv, b"")
        };
        assert_eq!(run(&spec).unwrap().ended, Ended::Cancelled);
    }

    /// A process that leaves the group (`setsid`) and keeps the output
    /// pipe open neither holds the run until it ends nor outlives it.
    #[test]
    fn a_process_that_leaves_the_group_is_found_by_its_token() {
        let argv = sh("setsid sleep 98.25 & echo hi");
        let r = run(&direct(&argv, b"")).unwrap();
        assert_eq!((r.ended, r.stdout.as_str()), (Ended::Exited(0), "hi\n"));
        // Not a timing test: unfixed, the run lasts the whole sleep.
        assert!(r.wall < Duration::from_secs(90), "{:?}", r.wall);
        let alive = std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
            let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            let zombie = std::fs::read_to_string(e.path().join("stat")).is_ok_and(|s| {
                s.rsplit(')')
                    .next()
                    .is_some_and(|r| r.trim_start().starts_with('Z'))
            });
            !zombie && cmdline == b"sleep\098.25\0"
        });
        assert!(!alive, "the sleeper outlived the run");
    }

    #[test]
    fn cpu_seconds_round_up() {
        let secs = |ms| cpu_seconds(Duration::from_millis(ms));
        assert_eq!(
            [secs(200), secs(1000), secs(1001), secs(2500)],
            [1, 1, 2, 3]
        );
    }

    #[test]
    fn a_program_that_cannot_start_says_why() {
        let argv = vec!["/no/such/program".to_string()];
        let r = run(&direct(&argv, b"")).unwrap();
        let Ended::NotStarted(why) = r.ended else {
            panic!("{r:?}")
        };
        assert!(why.contains("No such file"), "{why}");
        assert!(matches!(
            run(&direct(&[], b"")).unwrap().ended,
            Ended::NotStarted(_)
        ));
    }

    #[test]
    fn the_helpers_report_replaces_its_exit() {
        let mut r = not_run(Ended::Exited(0));
        read_stats("signal 24\ncpu_us 2500000\nmaxrss_kb 10\nnoise\n", &mut r);
        assert_eq!(r.ended, Ended::Signaled(24));
        assert_eq!(r.cpu, Some(Duration::from_millis(2500)));
        assert_eq!(r.peak, Some(10 * 1024));
        let mut r = not_run(Ended::Exited(0));
        read_stats("no-memory-to-start Cannot allocate memory\n", &mut r);
        assert_eq!(
            r.ended,
            Ended::NoMemoryToStart("Cannot allocate memory".into())
        );
        let mut r = not_run(Ended::Exited(0));
        read_stats("exit x\n", &mut r);
        assert_eq!(r.ended, Ended::Exited(-1));
    }

    #[test]
    fn the_helpers_arguments_are_read_or_refused() {
        let args: Vec<OsString> = ["s", "1048576", "3", "2500", "--", "prog", "a", "b"]
            .iter()
            .map(OsString::from)
            .collect();
        let read = helper_args(&args).unwrap();
        assert_eq!(read.memory, Some(1 << 20));
        assert_eq!(read.cpu, 3);
        assert_eq!(read.wall, Duration::from_millis(2500));
        assert_eq!(read.program, "prog");
        assert_eq!(read.argv.len(), 2);
        let none: Vec<OsString> = ["s", "none", "3", "100", "--", "prog"]
            .iter()
            .map(OsString::from)
            .collect();
        assert_eq!(helper_args(&none).unwrap().memory, None);
        for bad in [
            &["s", "none", "3", "100", "prog"][..],
            &["s", "lots", "3", "100", "--", "prog"],
            &["s", "none", "1.5", "100", "--", "prog"],
            &["s", "none", "3", "1.5", "--", "prog"],
            &["s", "none", "3", "100", "x", "prog"],
        ] {
            let bad: Vec<OsString> = bad.iter().map(OsString::from).collect();
            assert!(helper_args(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_state_is_read_after_the_command_name() {
        assert_eq!(state_of("42 (sh) S 1 42 42 0 -1"), Some('S'));
        assert_eq!(state_of("42 (a) R) b) R 1 42"), Some('R'));
        assert_eq!(state_of("42 (sh"), None);
        // This very thread is running while it reads its own state.
        assert!(tree_runnable(std::process::id()));
    }

    #[test]
    fn the_kernels_peak_counts_only_above_the_helpers_own() {
        // At or below the helper's image, the kernel's figure is the
        // helper's: the samples stand.
        assert_eq!(program_peak(1 << 20, 4 << 20, 4 << 20), 1 << 20);
        assert_eq!(program_peak(1 << 20, 3 << 20, 4 << 20), 1 << 20);
        // Never sampled (it ended at once): the kernel's upper bound.
        assert_eq!(program_peak(0, 4 << 20, 4 << 20), 4 << 20);
        // Above it, it is the program's, caught between samples.
        assert_eq!(program_peak(100 << 20, 300 << 20, 4 << 20), 300 << 20);
        assert_eq!(program_peak(300 << 20, 100 << 20, 4 << 20), 300 << 20);
    }

    #[test]
    fn the_wall_clock_allows_three_times_the_cpu_time_and_a_second_more() {
        let wall = |ms| {
            RunLimits {
                time: Duration::from_millis(ms),
                memory: None,
            }
            .wall()
        };
        assert_eq!(wall(200), Duration::from_millis(1600));
        assert_eq!(wall(5000), Duration::from_secs(16));
    }
}
