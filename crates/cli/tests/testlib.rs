//! `check` as testlib, Polygon and DOMjudge call a checker: the README's
//! two-line wrapper, taken from the README itself (so the page cannot
//! drift from what works), is run as a judging system runs a checker —
//! `check.sh INPUT OUTPUT ANSWER [REPORT]` with `gridpuzzle` on the PATH —
//! and each row's exit code and one-line comment are checked; then the
//! terse and JSON reports, and numbers past every integer type. Curling's
//! sample is the fixture: its answers and words are the rows'.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::sample;

/// The wrapper: the `sh` block after "checker is two lines".
fn wrapper() -> String {
    let readme = std::fs::read_to_string(sample("../README.md")).expect("the README reads");
    let (_, after) = readme
        .split_once("checker is two lines")
        .expect("the README gives the wrapper");
    let block = after
        .split_once("```sh\n")
        .and_then(|(_, b)| b.split_once("```"))
        .map(|(b, _)| b)
        .expect("the wrapper is a sh block");
    block.to_string()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("testlib")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `sh check.sh ARGS` as a judging system does, the binary's folder
/// first on the PATH: exit code, standard error.
fn call(script: &Path, args: &[&Path]) -> (i32, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gridpuzzle"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg(script)
        .args(args)
        .env("PATH", path)
        .output()
        .expect("sh runs");
    assert!(out.stdout.is_empty(), "{:?}", out.stdout);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_readmes_wrapper_is_a_testlib_checker() {
    let text = wrapper();
    assert_eq!(text.lines().count(), 2, "{text}");
    let dir = scratch("wrapper");
    let script = dir.join("check.sh");
    std::fs::write(&script, &text).unwrap();
    let input = sample("curling.in");
    let answer = sample("curling.out");
    let wrong_jury = dir.join("wrong.a");
    std::fs::write(&wrong_jury, "1\n4\n4\n4\n10\n-1\n").unwrap();
    let rows: &[(&str, &str, &Path, i32, &str)] = &[
        ("right", "1\n4\n-1\n4\n10\n-1\n", &answer, 0, "ok, 6 datasets"),
        // `%d \n` and CRLF: tokens, as testlib's comparators read them.
        (
            "spaces",
            "1 \r\n4 \r\n-1 \r\n4 \r\n10 \r\n-1 \r\n",
            &answer,
            0,
            "ok, 6 datasets",
        ),
        (
            "wrong",
            "1\n4\n-1\n5\n10\n-1\n",
            &answer,
            1,
            "wrong answer: dataset 4, line 4: expected 4, found 5 (5 of 6 datasets right)",
        ),
        (
            "short",
            "1\n4\n",
            &answer,
            1,
            "wrong answer: dataset 3: expected an answer, found the end of the output (2 of 6 datasets right)",
        ),
        // What the default output validator rejects is a wrong answer,
        // the right number with words after it too.
        (
            "words",
            "1\n4\n-1 throws\n4\n10\n-1\n",
            &answer,
            1,
            "wrong answer: dataset 3, line 3: expected `-1`, found `-1 throws` (5 of 6 datasets right)",
        ),
        (
            "jury",
            "1\n4\n-1\n4\n10\n-1\n",
            &wrong_jury,
            3,
            "fail: the jury's answer is wrong: ",
        ),
    ];
    let mut failures = Vec::new();
    for &(name, output, jury, code, comment) in rows {
        let out = dir.join(format!("{name}.out"));
        std::fs::write(&out, output).unwrap();
        // The comment on standard error, one line.
        let (got, stderr) = call(&script, &[&input, &out, jury]);
        if got != code || stderr.lines().count() != 1 || !stderr.starts_with(comment) {
            failures.push(format!("{name}: exit {got}, wanted {code}: {stderr:?}"));
        }
        // With REPORT, the same line there and nothing on standard error.
        let report = dir.join(format!("{name}.report"));
        let (got, stderr) = call(&script, &[&input, &out, jury, &report]);
        let written = std::fs::read_to_string(&report).unwrap_or_default();
        if got != code || !stderr.is_empty() || written.lines().count() != 1 {
            failures.push(format!(
                "{name} with REPORT: exit {got}, stderr {stderr:?}, report {written:?}"
            ));
        }
        if !written.starts_with(comment) {
            failures.push(format!("{name}: report {written:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The terse line tells the contestant the verdict, the case and the
/// numbers, never our plan or which wrong reading the number matches;
/// `--detail` gives those on request.
#[test]
fn the_testlib_comment_gives_nothing_away() {
    let dir = scratch("terse");
    let out = dir.join("out.txt");
    // 3 is what a program that breaks the adjacent block answers.
    std::fs::write(&out, "1\n4\n-1\n3\n10\n-1\n").unwrap();
    let (input, answer) = (sample("curling.in"), sample("curling.out"));
    let args = vec![
        "check",
        "curling",
        input.to_str().unwrap(),
        out.to_str().unwrap(),
        answer.to_str().unwrap(),
    ];
    let terse = common::run(&args, "");
    assert_eq!(terse.code, 1);
    assert_eq!(
        terse.stderr,
        "wrong answer: dataset 4, line 4: expected 4, found 3 (5 of 6 datasets right)\n"
    );
    let mut detail = args.clone();
    detail.push("--detail");
    let detail = common::run(&detail, "");
    assert_eq!(detail.code, 1);
    assert!(
        detail.stderr.contains("adjacent block"),
        "{}",
        detail.stderr
    );
    assert!(detail.stderr.lines().count() > 2, "{}", detail.stderr);
}

/// `check --format json` is one JSON document with the verdict, the exit
/// code, the counts and each finding; a fail is one too.
#[test]
fn check_reports_in_json() {
    let dir = scratch("json");
    let out = dir.join("out.txt");
    std::fs::write(&out, "1\n4\n-1 x\n3\n12345678901234567890123\n").unwrap();
    let input = sample("curling.in");
    let args = [
        "check",
        "curling",
        input.to_str().unwrap(),
        out.to_str().unwrap(),
        "--format",
        "json",
    ];
    let r = common::run(&args, "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(doc["verdict"], "wrong_answer");
    assert_eq!(doc["exit"], 1);
    assert_eq!(
        (doc["cases"].as_u64(), doc["right"].as_u64()),
        (Some(6), Some(2))
    );
    let findings = doc["findings"].as_array().unwrap();
    let kinds: Vec<&str> = findings
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            // `-1 x` is no answer the default output validator accepts.
            "wrong_answer",
            "wrong_answer",
            "wrong_answer",
            "wrong_answer"
        ]
    );
    assert_eq!(findings[2]["printed"], "12345678901234567890123");
    assert_eq!(findings[2]["answer"], 10);
    assert!(findings[1]["diagnosis"]
        .as_array()
        .is_some_and(|d| !d.is_empty()));
    // A fail: the jury is wrong.
    let jury = dir.join("jury.a");
    std::fs::write(&jury, "1\n4\n4\n4\n10\n-1\n").unwrap();
    let mut args = args.to_vec();
    args.insert(4, jury.to_str().unwrap());
    let r = common::run(&args, "");
    assert_eq!(r.code, 3);
    let doc: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON document");
    assert_eq!(
        (doc["verdict"].as_str(), doc["exit"].as_u64()),
        (Some("fail"), Some(3))
    );
    assert!(doc["comment"]
        .as_str()
        .unwrap()
        .contains("dataset 3: it says 4"));
}

/// A number past every integer type is reported as the program printed
/// it, by all three commands (it was clamped to the largest `i64`).
#[test]
fn a_long_number_is_reported_as_written() {
    let big = "12345678901234567890123";
    let dir = scratch("long-number");
    let script = dir.join("candidate.sh");
    let bin = env!("CARGO_BIN_EXE_gridpuzzle");
    std::fs::write(
        &script,
        format!("'{bin}' solve curling | sed 's/.*/{big}/'\n"),
    )
    .unwrap();
    let sh = format!("sh {}", script.display());
    let input = sample("curling.in");
    let output = dir.join("out.txt");
    std::fs::write(&output, format!("{big}\n").repeat(6)).unwrap();
    let check = common::run(
        &[
            "check",
            "curling",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ],
        "",
    );
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::copy(&input, tests.join("01")).unwrap();
    let judge = common::run(
        &[
            "judge",
            "curling",
            "--candidate",
            &sh,
            "--time-limit",
            "10",
            tests.to_str().unwrap(),
        ],
        "",
    );
    let save = dir.join("fail.in");
    let stress = common::run(
        &[
            "stress",
            "curling",
            "--candidate",
            &sh,
            "--cases",
            "3",
            "--size",
            "5x5",
            "--shrink-time",
            "1",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    let printed = format!("printed {big}");
    for (name, r, code) in [
        ("check", &check, 1),
        ("judge", &judge, 1),
        ("stress", &stress, 1),
    ] {
        assert_eq!(r.code, code, "{name}: {}{}", r.stdout, r.stderr);
        assert!(r.stdout.contains(&printed), "{name}: {}", r.stdout);
        assert!(
            !r.stdout.contains("9223372036854775807"),
            "{name}: {}",
            r.stdout
        );
    }
}
