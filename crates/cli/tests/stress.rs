//! `gridpuzzle stress` against the deliberately wrong programs of
//! `examples/candidates.rs`: each failure is caught with its reason and
//! shrunk to a handful of cells; correct programs pass.

mod common;

use std::path::PathBuf;

use common::run;

/// The candidates example, built by `cargo test` next to the binary.
fn candidates() -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gridpuzzle"));
    let path = bin.parent().unwrap().join("examples").join("candidates");
    assert!(
        path.exists(),
        "build the examples first: {}",
        path.display()
    );
    path.to_str().unwrap().to_string()
}

/// Runs stress and returns (stdout, exit code, cells of the shrunk board).
fn stress(puzzle: &str, mode: &str, cases: &str) -> (String, i32, Option<u32>) {
    let candidate = format!("{} {mode}", candidates());
    let r = run(
        &[
            "stress",
            puzzle,
            "--candidate",
            &candidate,
            "--cases",
            cases,
            "--timeout",
            "0.3",
        ],
        "",
    );
    // The shrunk input is the first line after the "Smallest failing input" line.
    let cells = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Smallest failing input"))
        .nth(2)
        .map(|header| {
            let n: Vec<u32> = header
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            n[0] * n[1]
        });
    (r.stdout, r.code, cells)
}

#[test]
fn a_curling_solver_that_breaks_adjacent_blocks_is_caught() {
    let (out, code, cells) = stress("curling", "curling-adjacent", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("The candidate gave a wrong answer"),
        "{out}"
    );
    assert!(cells.unwrap() <= 6, "{out}");
    assert!(out.contains("The answer is"), "our answer is shown: {out}");
}

#[test]
fn a_holedox_solver_that_follows_its_tail_is_caught() {
    let (out, code, cells) = stress("holedox", "holedox-tail", "300");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("The candidate gave a wrong answer"),
        "{out}"
    );
    assert!(cells.unwrap() <= 6, "{out}");
}

#[test]
fn hangs_crashes_and_silence_are_failures_with_reasons() {
    for (puzzle, mode, reason) in [
        ("curling", "hang curling", "did not finish within 0.3 s"),
        ("holedox", "hang holedox", "did not finish within 0.3 s"),
        ("curling", "crash curling", "crashed (killed by signal 6)"),
        ("holedox", "crash holedox", "crashed (killed by signal 6)"),
        ("curling", "silent curling", "printed nothing"),
        ("holedox", "silent holedox", "printed nothing"),
    ] {
        let (out, code, cells) = stress(puzzle, mode, "100");
        assert_eq!(code, 1, "{mode}: {out}");
        assert!(
            out.starts_with(&format!("The candidate {reason}")),
            "{mode}: {out}"
        );
        assert!(cells.unwrap() <= 6, "{mode}: {out}");
    }
}

#[test]
fn a_timed_out_candidate_leaves_no_process_behind() {
    let marker = format!("stress-marker-{}", std::process::id());
    let (out, code, _) = stress("curling", &format!("hang curling {marker}"), "20");
    assert_eq!(code, 1, "{out}");
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).into_owned())
        .filter(|c| c.contains(&marker))
        .collect();
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn correct_candidates_pass() {
    for (puzzle, mode) in [
        ("curling", "curling-correct"),
        ("holedox", "holedox-correct"),
    ] {
        let (out, code, _) = stress(puzzle, mode, "150");
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with("all 150 cases agreed"), "{out}");
    }
    // gridpuzzle itself is a correct candidate.
    let me = format!("{} solve curling", env!("CARGO_BIN_EXE_gridpuzzle"));
    let r = run(
        &["stress", "curling", "--candidate", &me, "--cases", "100"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn the_failing_case_is_saved_and_reads_back() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("stress-saved.in");
    let _ = std::fs::remove_file(&path);
    let candidate = format!("{} curling-adjacent", candidates());
    let r = run(
        &[
            "stress",
            "curling",
            "--candidate",
            &candidate,
            "--save",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 1);
    let saved = std::fs::read_to_string(&path).unwrap();
    let solved = run(&["solve", "curling"], &saved);
    assert_eq!(solved.code, 0);
    assert_eq!(solved.stdout.lines().count(), 1);
}

#[test]
fn usage_errors() {
    let r = run(&["stress", "curling"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--candidate"), "{}", r.stderr);
    let r = run(
        &["stress", "curling", "some-file.txt", "--candidate", "true"],
        "",
    );
    assert_eq!(r.code, 2);
    let r = run(
        &["stress", "curling", "--candidate", "/no/such/program"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("cannot run the candidate"),
        "{}",
        r.stderr
    );
    let help = run(&["stress", "--help"], "");
    assert!(
        help.stdout.contains("with your user's rights"),
        "{}",
        help.stdout
    );
}
