//! Running a program on one test under a time and a memory limit, and
//! measuring what it used.
//!
//! The limits are kernel resource limits (`setrlimit`): the address space
//! (`RLIMIT_AS`) for memory, and CPU seconds (`RLIMIT_CPU`) as a backstop
//! for time. They must be set in the child, between `fork` and `exec`,
//! which in Rust takes `unsafe` (`pre_exec`) — forbidden in this
//! workspace. So the child is this binary again, started with a hidden
//! first argument ([`HELPER`]): it sets the limits on itself (safe calls),
//! starts the program (which inherits them, its standard streams and its
//! process group) and waits for it; then `getrusage(RUSAGE_CHILDREN)`
//! gives exactly that one program's CPU time and peak memory, written to
//! a small stats file the judge reads. A run sees the program's own
//! numbers, unpolluted by other tests running at the same time.
//!
//! The judge side runs the helper in a process group of its own, kills the
//! whole group at the wall-clock deadline (a program that sleeps uses no
//! CPU time), reads the program's output by threads while it runs and
//! stops it past [`OUTPUT_CAP`]: [`crate::child::watch`], the loop `stress`
//! watches its candidates with too.

use std::ffi::OsString;
use std::fs::File;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, setrlimit, Resource, UsageWho};

use crate::child::{watch, Cap, Waited};

/// The hidden first argument that makes this binary the helper.
pub const HELPER: &str = "__judge-limited-child";

/// The most bytes of standard output kept; more is "output limit
/// exceeded". Judge outputs of these puzzles are kilobytes.
pub const OUTPUT_CAP: usize = 16 << 20;

/// The most bytes of standard error kept (more is read and dropped).
const ERROR_CAP: usize = 64 << 10;

/// What a run may use.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time; the wall clock allows twice as much (at least one second
    /// more) before the run is killed, so that a machine busy with other
    /// tests does not turn a fast program into a slow one.
    pub time: Duration,
    /// Bytes of address space; `None`: no limit.
    pub memory: Option<u64>,
}

impl Limits {
    pub fn wall(&self) -> Duration {
        (self.time * 2).max(self.time + Duration::from_secs(1))
    }
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// Exited by itself with this status code.
    Exited(i32),
    /// Killed by this signal (a crash, or the CPU limit: SIGXCPU, SIGKILL).
    Signaled(i32),
    /// Still running at the wall-clock deadline; killed with its group.
    WallTimeOut,
    /// Printed more than [`OUTPUT_CAP`] bytes; killed.
    TooMuchOutput,
    /// The program could not be started (no such file, not executable).
    NotStarted(String),
    /// The program could not be started within the memory limit.
    NoMemoryToStart(String),
}

/// One run.
#[derive(Debug, Clone)]
pub struct Run {
    pub ended: Ended,
    pub stdout: String,
    pub stderr: String,
    pub wall: Duration,
    /// User and system CPU time, when the helper could measure it.
    pub cpu: Option<Duration>,
    /// Peak resident memory in bytes, likewise.
    pub peak: Option<u64>,
}

/// Runs `argv` with the file `input` on its standard input; `stats` is a
/// path the helper may write (unique to this run).
pub fn run(argv: &[String], input: &Path, limits: Limits, stats: &Path) -> std::io::Result<Run> {
    let me = std::env::current_exe()?;
    let memory = limits
        .memory
        .map_or_else(|| "none".to_string(), |m| m.to_string());
    // Whole seconds, rounded up, plus one: the kernel's backstop only.
    let cpu = limits.time.as_secs() + 2;
    let began = Instant::now();
    let child = Command::new(me)
        .arg(HELPER)
        .arg(stats)
        .arg(&memory)
        .arg(cpu.to_string())
        .arg("--")
        .args(argv)
        .stdin(Stdio::from(File::open(input)?))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let caps = [
        Cap {
            bytes: OUTPUT_CAP,
            fatal: true,
        },
        Cap {
            bytes: ERROR_CAP,
            fatal: false,
        },
    ];
    let watched = watch(child, caps, began + limits.wall(), None)?;
    let wall = began.elapsed();
    let mut ended = match watched.waited {
        Waited::Exited(code) => Ended::Exited(code),
        Waited::Signaled(sig) => Ended::Signaled(sig),
        Waited::Deadline | Waited::Cancelled => Ended::WallTimeOut,
        Waited::Flood => Ended::TooMuchOutput,
    };
    let (stdout, stderr) = (watched.stdout, watched.stderr);
    let mut cpu = None;
    let mut peak = None;
    // The helper's report replaces its own exit status with the program's.
    if ended == Ended::Exited(0) {
        match std::fs::read_to_string(stats) {
            Ok(text) => {
                for line in text.lines() {
                    let (key, value) = line.split_once(' ').unwrap_or((line, ""));
                    match key {
                        "exit" => ended = Ended::Exited(value.parse().unwrap_or(-1)),
                        "signal" => ended = Ended::Signaled(value.parse().unwrap_or(-1)),
                        "not-started" => ended = Ended::NotStarted(value.to_string()),
                        "no-memory-to-start" => ended = Ended::NoMemoryToStart(value.to_string()),
                        "cpu_us" => cpu = value.parse().ok().map(Duration::from_micros),
                        "maxrss_kb" => peak = value.parse::<u64>().ok().map(|kb| kb * 1024),
                        _ => {}
                    }
                }
            }
            Err(_) => ended = Ended::NotStarted("the judge's helper did not report".into()),
        }
    }
    let _ = std::fs::remove_file(stats);
    Ok(Run {
        ended,
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        wall,
        cpu,
        peak,
    })
}

/// When this process is the helper (its first argument is [`HELPER`]):
/// runs the program under the limits and returns the exit code to end
/// with; `None` otherwise.
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

/// `STATS MEMORY CPU_SECS -- PROGRAM ARGS...`
fn helper(args: &[OsString]) -> Result<(), String> {
    let [stats, memory, cpu, dashes, program, argv @ ..] = args else {
        return Err("expected STATS MEMORY CPU -- PROGRAM ARGS".into());
    };
    if dashes != "--" {
        return Err("expected `--` before the program".into());
    }
    let stats = PathBuf::from(stats);
    let number = |s: &OsString| s.to_str().and_then(|s| s.parse::<u64>().ok());
    if memory != "none" {
        let bytes = number(memory).ok_or("MEMORY must be bytes or `none`")?;
        setrlimit(Resource::RLIMIT_AS, bytes, bytes)
            .map_err(|e| format!("cannot limit the memory: {e}"))?;
    }
    let cpu = number(cpu).ok_or("CPU must be whole seconds")?;
    setrlimit(Resource::RLIMIT_CPU, cpu, cpu + 1)
        .map_err(|e| format!("cannot limit the CPU time: {e}"))?;
    let report = match Command::new(program).args(argv).status() {
        // ENOMEM: the program's image does not fit in the address space.
        Err(e) if e.raw_os_error() == Some(12) => format!("no-memory-to-start {e}\n"),
        Err(e) => format!("not-started {e}\n"),
        Ok(status) => {
            let usage = getrusage(UsageWho::RUSAGE_CHILDREN)
                .map_err(|e| format!("cannot measure the program: {e}"))?;
            let micros = |t: nix::sys::time::TimeVal| {
                (t.tv_sec().max(0) as u64) * 1_000_000 + t.tv_usec().max(0) as u64
            };
            let cpu_us = micros(usage.user_time()) + micros(usage.system_time());
            let end = match (status.code(), status.signal()) {
                (Some(code), _) => format!("exit {code}"),
                (None, Some(sig)) => format!("signal {sig}"),
                (None, None) => "exit -1".into(),
            };
            format!(
                "{end}\ncpu_us {cpu_us}\nmaxrss_kb {}\n",
                usage.max_rss().max(0)
            )
        }
    };
    std::fs::write(&stats, report).map_err(|e| format!("cannot write {}: {e}", stats.display()))
}
