//! `judge` fair under load: TLE is judged by CPU time alone, and a run
//! killed at the wall clock's safety net within its CPU time is WLE, with
//! the CPU time of what it started counted (a shell killed at the wall
//! clock once showed 0.00 s while its child had worked); `--jobs` above
//! the cores is warned of.

mod common;

use std::path::PathBuf;

use common::{run, sample};

/// A test folder holding Curling's sample as test 01.
fn tests(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("judge-load")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(sample("curling.in"), dir.join("01")).unwrap();
    std::fs::copy(sample("curling.out"), dir.join("01.a")).unwrap();
    dir
}

/// The CPU seconds of test 01's row.
fn cpu_of(stdout: &str) -> Option<f64> {
    let row = stdout.lines().find(|l| l.starts_with("01 "))?;
    row.split_whitespace().nth(2)?.parse().ok()
}

#[test]
fn a_wall_clock_kill_is_wle_with_its_childrens_cpu_time() {
    let dir = tests("wle");
    // The shell sleeps; the child it starts works a while, then sleeps
    // too, and is still running when the wall clock (3 × 0.5 s + 1 s)
    // kills them.
    let candidate =
        "sh -c '(i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; sleep 100) & sleep 100'";
    let r = run(
        &[
            "judge",
            "curling",
            "--time-limit",
            "0.5",
            "--candidate",
            candidate,
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("01    WLE "), "{}", r.stdout);
    assert!(
        r.stdout.contains("wall clock: killed after"),
        "{}",
        r.stdout
    );
    // The child's work is counted (it was 0.00 s when only the shell's
    // own usage reached the judge).
    let cpu = cpu_of(&r.stdout).expect("a CPU time");
    assert!(cpu >= 0.02, "{cpu}: {}", r.stdout);
    assert!(!r.stdout.contains("TLE"), "{}", r.stdout);
}

#[test]
fn jobs_above_the_cores_are_warned_of() {
    let dir = tests("jobs");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let candidate = format!("{bin} solve curling");
    let judge = |jobs: usize| {
        run(
            &[
                "judge",
                "curling",
                "--jobs",
                &jobs.to_string(),
                "--candidate",
                &candidate,
                dir.to_str().unwrap(),
            ],
            "",
        )
    };
    let over = judge(cores + 1);
    assert_eq!(over.code, 0, "{}{}", over.stdout, over.stderr);
    assert!(
        over.stderr
            .contains(&format!("warning: --jobs {} is more than the", cores + 1)),
        "{}",
        over.stderr
    );
    let within = judge(cores);
    assert_eq!(within.code, 0, "{}", within.stderr);
    assert!(within.stderr.is_empty(), "{}", within.stderr);
}

/// One memory limit: the package's `problem.yaml` states it, its
/// statement names it, and `judge` holds a program to it by default (it
/// said 256 MB while the package said nothing, and BAPCtools then allowed
/// 2048 MiB).
#[test]
fn the_package_and_judge_share_one_memory_limit() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("judge-load")
        .join("package");
    let _ = std::fs::remove_dir_all(&dir);
    // Unchecked: only its words are read here (the check runs every
    // submission on every test, a minute on two cores).
    let made = run(
        &["package", "curling", dir.to_str().unwrap(), "--no-check"],
        "",
    );
    assert_eq!(made.code, 0, "{}{}", made.stdout, made.stderr);
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let stated: Vec<&str> = yaml
        .lines()
        .filter_map(|l| l.trim().strip_prefix("memory: "))
        .collect();
    let [mb] = stated[..] else {
        panic!("one memory limit in problem.yaml: {yaml}")
    };
    let statement = std::fs::read_to_string(dir.join("statement/problem.en.tex")).unwrap();
    assert!(
        statement.contains(&format!("at most ${mb}$~MiB of memory")),
        "{statement}"
    );
    let help = run(&["judge", "--help"], "");
    let option = help
        .stdout
        .split("--memory-limit")
        .nth(1)
        .and_then(|rest| rest.split("\n  -").next())
        .unwrap_or_default();
    assert!(
        option.contains(&format!("[default: {mb}]")),
        "{}",
        help.stdout
    );
}

/// The memory column is the program's own peak: the kernel's maximum RSS
/// also counts the judge's helper image the program was started from
/// (Linux records it at `exec`), which read every small program ~3-4 MB
/// high. The candidate is a shell using builtins only (no child to add),
/// which writes its own `VmHWM` — its peak since `exec` — for the test to
/// compare.
#[test]
fn the_memory_column_is_the_programs_own_peak() {
    let dir = tests("memory");
    let hwm = dir.join("hwm.txt");
    let candidate = format!(
        "sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done; \
         while read -r l; do case $l in VmHWM*) echo \"$l\" > {}; esac; done < /proc/$$/status; \
         printf \"1\\n4\\n-1\\n4\\n10\\n-1\\n\"'",
        hwm.display()
    );
    let r = run(
        &[
            "judge",
            "curling",
            "--candidate",
            &candidate,
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let own_kb: f64 = std::fs::read_to_string(&hwm)
        .expect("the candidate wrote its VmHWM")
        .split_whitespace()
        .nth(1)
        .and_then(|kb| kb.parse().ok())
        .expect("VmHWM: N kB");
    let row = r.stdout.lines().find(|l| l.starts_with("01 ")).unwrap();
    let words: Vec<&str> = row.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "MB")
        .expect("a memory column")
        - 1;
    let shown: f64 = words[at].parse().unwrap();
    let own = own_kb / 1024.0;
    assert!(
        (shown - own).abs() <= 0.3,
        "shown {shown} MB, the program's own peak {own:.2} MB: {row}"
    );
}

/// `judge ... | head -1`: the reader goes away after the first line, and
/// the exit status still says the tests failed (a broken pipe once made
/// it 0).
#[test]
fn a_reader_that_goes_away_does_not_turn_failure_into_success() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tests("pipe");
    std::fs::copy(sample("curling.in"), dir.join("02")).unwrap();
    std::fs::copy(sample("curling.out"), dir.join("02.a")).unwrap();
    // Wrong, and slow enough that test 02's row comes after the reader
    // has gone.
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args([
            "judge",
            "curling",
            "--candidate",
            "sh -c 'sleep 0.3; echo 1'",
            dir.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("test "), "{first}");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

/// A program that cannot start is said without a table's heading before
/// it; a test without an answer file is judged against the solver's
/// answers, and said so.
#[test]
fn no_heading_before_cannot_run_and_a_note_for_a_missing_answer() {
    let dir = tests("heading");
    std::fs::copy(sample("curling.in"), dir.join("02")).unwrap();
    let r = run(
        &[
            "judge",
            "curling",
            "--candidate",
            "/nonexistent/program",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        r.misses(2, &[], &["cannot run the candidate"]).is_empty(),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    let candidate = format!("{bin} solve curling");
    let r = run(
        &[
            "judge",
            "curling",
            "--candidate",
            &candidate,
            dir.to_str().unwrap(),
        ],
        "",
    );
    let note = "note: test 02 has no answer file; it is judged against our solver's answers";
    assert!(
        r.misses(0, &["02    AC "], &[note]).is_empty(),
        "{}{}",
        r.stdout,
        r.stderr
    );
    assert!(!r.stderr.contains("test 01 has no"), "{}", r.stderr);
}
