//! `check`, `judge` and `stress` judge an output with one checker, so they
//! give the same verdict class on the same output: each row changes a
//! correct program's output one way (trailing spaces, CRLF line ends,
//! blank lines, missing and extra lines) and every registered puzzle's
//! program is judged by the three commands, comparing tokens (the
//! default, so a program printing `%d \n` is accepted by all three) and
//! with `--strict`.
//!
//! The program is `gridpuzzle solve PUZZLE` piped through the row's
//! `awk` or `sed`: `judge` and `stress` run it as the candidate, and
//! `check` checks what it prints for the puzzle's sample.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{run, sample};

/// A verdict class, as each command says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Accepted,
    Wrong,
    Presentation,
}

/// The rows: a name, the filter of the correct output, and the class
/// comparing tokens and with `--strict`.
const ROWS: &[(&str, &str, Class, Class)] = &[
    ("unchanged", "cat", Class::Accepted, Class::Accepted),
    (
        "trailing spaces",
        r#"awk '{ print $0 " " }'"#,
        Class::Accepted,
        Class::Presentation,
    ),
    (
        "CRLF line ends",
        r#"awk '{ printf "%s\r\n", $0 }'"#,
        Class::Accepted,
        Class::Accepted,
    ),
    (
        "trailing blank lines",
        r#"awk '{ print } END { print ""; print "" }'"#,
        Class::Accepted,
        Class::Accepted,
    ),
    (
        "a blank line between answers",
        r#"awk 'NR == 2 { print "" } { print }'"#,
        Class::Accepted,
        Class::Presentation,
    ),
    (
        "all on one line",
        r#"awk '{ printf "%s ", $0 } END { print "" }'"#,
        Class::Accepted,
        // Strictly, the first line is not an answer and the others are
        // missing.
        Class::Wrong,
    ),
    (
        "the last line missing",
        "sed '$d'",
        Class::Wrong,
        Class::Wrong,
    ),
    (
        "an extra line",
        r#"awk '{ print } END { print "0" }'"#,
        // What the default output validator rejects is a wrong answer.
        Class::Wrong,
        Class::Wrong,
    ),
];

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("one-checker")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `args`, the empty ones left out (no mode).
fn run_mode(args: &[&str]) -> common::Run {
    let args: Vec<&str> = args.iter().copied().filter(|a| !a.is_empty()).collect();
    run(&args, "")
}

/// `check`'s class: testlib's exit codes.
fn check_class(code: i32) -> Option<Class> {
    match code {
        0 => Some(Class::Accepted),
        1 => Some(Class::Wrong),
        2 => Some(Class::Presentation),
        _ => None,
    }
}

/// `judge`'s class: the verdict of test 01 in its table.
fn judge_class(stdout: &str) -> Option<Class> {
    let row = stdout.lines().find(|l| l.starts_with("01 "))?;
    match row.split_whitespace().nth(1)? {
        "AC" => Some(Class::Accepted),
        "WA" => Some(Class::Wrong),
        "PE" => Some(Class::Presentation),
        _ => None,
    }
}

/// `stress`'s class: all agreed, or the words of the failure it names.
fn stress_class(code: i32, stdout: &str) -> Option<Class> {
    if code == 0 {
        return stdout.starts_with("all ").then_some(Class::Accepted);
    }
    let first = stdout.lines().next()?;
    let wrong = [
        "gave a wrong answer",
        "printed nothing",
        " for ",
        "not an answer",
        "more lines than",
        "in the wrong form",
    ];
    let presentation = ["(presentation error)"];
    if presentation.iter().any(|w| first.contains(w)) {
        Some(Class::Presentation)
    } else if wrong.iter().any(|w| first.contains(w)) {
        Some(Class::Wrong)
    } else {
        None
    }
}

/// The row's candidate: a script that pipes the solver's output through
/// `filter`.
fn candidate(dir: &Path, puzzle: &str, filter: &str) -> PathBuf {
    let script = dir.join("candidate.sh");
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    std::fs::write(&script, format!("'{bin}' solve {puzzle} | {filter}\n")).unwrap();
    script
}

#[test]
fn check_judge_and_stress_agree_on_every_output() {
    let mut failures = Vec::new();
    for entry in gridpuzzle_registry::entries() {
        let puzzle = entry.name;
        for (k, &(name, filter, tokens, strict)) in ROWS.iter().enumerate() {
            for (mode, class) in [("", tokens), ("--strict", strict)] {
                let dir = scratch(&format!("{puzzle}-{k}{mode}"));
                let script = candidate(&dir, puzzle, filter);
                let sh = format!("sh {}", script.display());
                let input = sample(&format!("{puzzle}.in"));
                let answers = sample(&format!("{puzzle}.out"));

                // check: what the candidate prints for the sample.
                let printed = Command::new("sh")
                    .arg(&script)
                    .stdin(std::fs::File::open(&input).unwrap())
                    .stderr(Stdio::inherit())
                    .output()
                    .unwrap()
                    .stdout;
                let output = dir.join("out.txt");
                std::fs::write(&output, printed).unwrap();
                let r = run_mode(&[
                    "check",
                    puzzle,
                    input.to_str().unwrap(),
                    output.to_str().unwrap(),
                    "--answers",
                    answers.to_str().unwrap(),
                    mode,
                ]);
                let check = check_class(r.code);

                // judge: a folder of the sample as its one test.
                let tests = dir.join("tests");
                std::fs::create_dir_all(&tests).unwrap();
                std::fs::copy(&input, tests.join("01")).unwrap();
                std::fs::copy(&answers, tests.join("01.a")).unwrap();
                let r = run_mode(&[
                    "judge",
                    puzzle,
                    "--candidate",
                    &sh,
                    "--time-limit",
                    "10",
                    tests.to_str().unwrap(),
                    mode,
                ]);
                let judge = judge_class(&r.stdout);

                // stress: generated inputs of three cases.
                let save = dir.join("fail.in");
                let r = run_mode(&[
                    "stress",
                    puzzle,
                    "--candidate",
                    &sh,
                    "--cases",
                    "6",
                    "--size",
                    "5x5",
                    "--timeout",
                    "10",
                    "--shrink-time",
                    "1",
                    "--save",
                    save.to_str().unwrap(),
                    mode,
                ]);
                let stress = stress_class(r.code, &r.stdout);

                let want = Some(class);
                if (check, judge, stress) != (want, want, want) {
                    failures.push(format!(
                        "{puzzle}, {name} {mode}: wanted {class:?}, check {check:?}, judge \
                     {judge:?}, stress {stress:?}\n{}{}",
                        r.stdout, r.stderr
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The words of each command are read as the class they say, so the test
/// above cannot pass by reading every output as one class.
#[test]
fn the_classes_are_read_from_each_commands_words() {
    assert_eq!(check_class(2), Some(Class::Presentation));
    assert_eq!(check_class(3), None);
    assert_eq!(
        judge_class("test  verdict\n01    WA       0.01 s\n"),
        Some(Class::Wrong)
    );
    assert_eq!(judge_class("01    TLE\n"), None);
    for (stdout, class) in [
        ("all 6 cases agreed\n", Some(Class::Accepted)),
        (
            "The candidate printed 2 lines for 3 cases.\n",
            Some(Class::Wrong),
        ),
        ("The candidate printed nothing.\n", Some(Class::Wrong)),
        (
            "The candidate printed a blank line before the answer on case 2 (presentation error).\n",
            Some(Class::Presentation),
        ),
        (
            "The candidate printed more lines than the 3 cases of the input: \"0\".\n",
            Some(Class::Wrong),
        ),
        (
            "The candidate did not finish within 2 s (its process group was killed).\n",
            None,
        ),
    ] {
        let code = if stdout.starts_with("all") { 0 } else { 1 };
        assert_eq!(stress_class(code, stdout), class, "{stdout}");
    }
}
