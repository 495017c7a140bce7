//! Whole judge files through the binary, byte for byte against their
//! recorded answers, down both of `solve`'s paths: answered in order on the
//! reading thread (`--jobs 1`, and the start of every run), and handed to
//! workers in chunks (`GRIDPUZZLE_SOLO_MS=0` starts the workers at once).
//! And the promise that makes chunks and buffered output safe: a case
//! written to a pipe is answered before the next one is waited for.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn bench(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../bench")
        .join(name)
}

/// `solve PUZZLE FILE` with `args` and the workers started after `solo_ms`.
fn solve(puzzle: &str, file: &str, args: &[&str], solo_ms: &str) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
        .args(["solve", puzzle])
        .args(args)
        .arg(bench(&format!("{puzzle}/{file}.in")))
        .env("GRIDPUZZLE_SOLO_MS", solo_ms)
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        out.status.code().unwrap_or(-1),
    )
}

fn check(puzzle: &str, file: &str) {
    let want = std::fs::read_to_string(bench(&format!("{puzzle}/{file}.out"))).unwrap();
    for (args, solo_ms) in [
        (&["--jobs", "1"][..], "0"),
        (&["--jobs", "2"], "0"),
        (&["--jobs", "3"], "1"),
        (&[], "100000"),
    ] {
        let (got, code) = solve(puzzle, file, args, solo_ms);
        assert_eq!(code, 0, "{file} {args:?} {solo_ms}");
        assert!(
            got == want,
            "{file} {args:?} solo {solo_ms} ms: output differs"
        );
    }
}

#[test]
fn curling_judge_files_are_answered_exactly() {
    for file in ["states20", "contest20", "open20"] {
        check("curling", file);
    }
}

#[test]
fn holedox_judge_files_are_answered_exactly() {
    for file in ["detour", "hard", "random", "serpentine", "walled"] {
        check("holedox", file);
    }
}

/// With workers or without, case 1 is answered while the input stays
/// open, before case 2 is written; a bad case 3 leaves both answers and
/// its error.
#[test]
fn a_piped_case_is_answered_before_the_next_is_read() {
    for (jobs, solo_ms) in [("1", "100000"), ("2", "0"), ("2", "100000")] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridpuzzle"))
            .args(["solve", "curling", "--jobs", jobs])
            .env("GRIDPUZZLE_SOLO_MS", solo_ms)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut input = child.stdin.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        let next = || {
            rx.recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no answer while the input is open ({jobs}, {solo_ms})"))
        };
        input.write_all(b"2 1\n2 3\n").unwrap();
        input.flush().unwrap();
        assert_eq!(next(), "1");
        input.write_all(b"3 1\n2 0 3\n").unwrap();
        input.flush().unwrap();
        assert_eq!(next(), "1");
        input.write_all(b"2 1\n2 7\n").unwrap();
        drop(input);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("dataset 3, line 6, column 3"), "{err}");
        assert!(
            rx.recv_timeout(Duration::from_secs(5)).is_err(),
            "nothing more"
        );
    }
}
