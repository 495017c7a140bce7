//! `judge` contains every descendant of a candidate (issue 41): whatever a
//! candidate does to its environment, session, process group or
//! parentage, nothing it started is alive once `judge` has exited.
//!
//! Each escapee writes its own PID to a file before it sleeps, and the
//! candidate prints its answers only once those files are there, so the
//! tests check those very processes (not "no `sleep` on the machine": other
//! programs may sleep too) and never wait for a sleep to end: the judge
//! must kill them; after `judge` exits, the PIDs are polled for a moment
//! at most.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{run, sample};

/// How long an escapee sleeps: far longer than any test here may take.
const SLEEP: &str = "40";

/// A fresh folder of `tests` copies of the Curling sample with its
/// answers, and an empty folder beside it for the escapees' PID files.
fn folders(name: &str, tests: usize) -> (PathBuf, PathBuf) {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("containment")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    let (set, pids) = (root.join("tests"), root.join("pids"));
    std::fs::create_dir_all(&set).unwrap();
    std::fs::create_dir_all(&pids).unwrap();
    for i in 1..=tests {
        std::fs::copy(sample("curling.in"), set.join(format!("{i:02}"))).unwrap();
        std::fs::copy(sample("curling.out"), set.join(format!("{i:02}.a"))).unwrap();
    }
    (set, pids)
}

/// A shell script candidate: `body`, then the sample's right answers.
/// In `body`, `$pids` is the PID folder, `$tag` is unique to the run, and
/// `escape NAME` starts the issue's escapee — `setsid env -i /bin/bash -c
/// 'exec sleep 40' &` — with its PID written to `$pids/$tag.NAME`.
/// `ready NAME...` waits (a bounded while) for those PID files.
fn candidate(dir: &Path, body: &str) -> String {
    let path = dir.join("candidate.sh");
    let script = format!(
        r#"#!/bin/sh
pids='{pids}'
tag=$$
# The PID file is written whole, then renamed: never read half written.
pid_to() {{ echo "echo \$\$ > $pids/$tag.$1.tmp && mv $pids/$tag.$1.tmp $pids/$tag.$1"; }}
escape() {{ setsid env -i /bin/bash -c "$(pid_to $1); exec sleep {SLEEP}" & }}
ready() {{
    for name in "$@"; do
        n=0
        while [ ! -s "$pids/$tag.$name" ] && [ $n -lt 200 ]; do sleep 0.02; n=$((n+1)); done
    done
}}
{body}
printf '1\n4\n-1\n4\n10\n-1\n'
"#,
        pids = dir.join("pids").display(),
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

/// The PIDs the escapees wrote, with the file each came from.
fn written(pids: &Path) -> Vec<(String, u32)> {
    let mut found: Vec<(String, u32)> = std::fs::read_dir(pids)
        .unwrap()
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().ends_with(".tmp"))
        .filter_map(|e| {
            let pid = std::fs::read_to_string(e.path())
                .ok()?
                .trim()
                .parse()
                .ok()?;
            Some((e.file_name().to_string_lossy().into_owned(), pid))
        })
        .collect();
    found.sort();
    found
}

/// Whether `pid` is still one of our sleepers: alive (not a zombie) and
/// running `sleep 40` (not a PID reused by something else since).
fn sleeping(pid: u32) -> bool {
    let proc = PathBuf::from(format!("/proc/{pid}"));
    let zombie = std::fs::read_to_string(proc.join("stat")).map_or(true, |s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| r.trim_start().starts_with('Z'))
    });
    let cmdline = std::fs::read(proc.join("cmdline")).unwrap_or_default();
    !zombie && cmdline == format!("sleep\0{SLEEP}\0").as_bytes()
}

/// Asserts that `expected` escapees wrote their PIDs and that none of them
/// is alive, polling for a second at most (an exited judge's last
/// zombies are init's to reap); survivors are killed before the test fails.
fn none_survive(pids: &Path, expected: usize) {
    let escapees = written(pids);
    let until = Instant::now() + Duration::from_secs(1);
    let mut alive: Vec<&(String, u32)> = escapees.iter().filter(|e| sleeping(e.1)).collect();
    while !alive.is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        alive.retain(|e| sleeping(e.1));
    }
    for (_, pid) in &alive {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status();
    }
    assert!(alive.is_empty(), "alive after `judge` exited: {alive:?}");
    assert_eq!(
        escapees.len(),
        expected,
        "the escapees did not all start: {escapees:?}"
    );
}

/// Runs `judge curling` on `set` with `extra` options.
fn judge(candidate: &str, set: &Path, extra: &[&str]) -> common::Run {
    let mut args = vec!["judge", "curling", "--candidate", candidate];
    args.extend(extra);
    args.push(set.to_str().unwrap());
    run(&args, "")
}

/// The issue's candidate exactly: a session of its own, an empty
/// environment, its standard output still open, its parent gone when the
/// candidate ends. It gets its AC; its escapee does not outlive `judge`.
#[test]
fn a_new_session_with_an_empty_environment_does_not_outlive_judge() {
    let (set, pids) = folders("session", 1);
    let cmd = candidate(pids.parent().unwrap(), "escape a\nready a");
    let began = Instant::now();
    let r = judge(&cmd, &set, &[]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(" AC "), "{}", r.stdout);
    none_survive(&pids, 1);
    assert!(began.elapsed() < Duration::from_secs(30), "judge waited");
}

/// A double fork orphans the escapee at once, while the candidate still
/// runs: plainly (`( ( sleep 40 & ) & )`), and out of its session with
/// an empty environment.
#[test]
fn a_double_fork_does_not_outlive_judge() {
    let (set, pids) = folders("double-fork", 1);
    let body = r#"( ( sleep 40 & echo $! > "$pids/$tag.plain.tmp"; mv "$pids/$tag.plain.tmp" "$pids/$tag.plain" ) & )
( ( escape away ) & )
ready plain away
sleep 0.1"#;
    let cmd = candidate(pids.parent().unwrap(), body);
    let r = judge(&cmd, &set, &[]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains(" AC "), "{}", r.stdout);
    none_survive(&pids, 2);
}

/// Under `--jobs 2` the runs overlap: each candidate leaves two escapees
/// (one in a new session, one double forked out of it) and reads its
/// answers from a worker it orphaned itself. Nothing survives `judge`,
/// and no run's cleanup kills another run's live processes: every worker
/// delivers, every test is AC.
#[test]
fn two_escapees_each_under_two_jobs_do_not_outlive_judge() {
    let (set, pids) = folders("jobs", 4);
    let body = r#"escape one
( ( escape two ) & )
ready one two
# A worker orphaned while the run goes on: its parent exits at once,
# the candidate waits for its output.
got=$( ( ( sleep 0.3; echo worked ) & ) )
[ "$got" = worked ] || exit 7"#;
    let cmd = candidate(pids.parent().unwrap(), body);
    let r = judge(&cmd, &set, &["--jobs", "2"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(r.stdout.matches(" AC ").count(), 4, "{}", r.stdout);
    none_survive(&pids, 8);
}

/// A candidate that kills the process watching it (its parent, the
/// judge's helper) leaves nothing behind either; its verdict is not AC.
#[test]
fn killing_the_watcher_does_not_let_an_escapee_out() {
    let (set, pids) = folders("watcher", 2);
    let body = "escape a\nready a\nkill -9 $PPID\nsleep 0.2";
    let cmd = candidate(pids.parent().unwrap(), body);
    let r = judge(&cmd, &set, &["--jobs", "2"]);
    assert!(!r.stdout.contains(" AC "), "{}{}", r.stdout, r.stderr);
    none_survive(&pids, 2);
}
