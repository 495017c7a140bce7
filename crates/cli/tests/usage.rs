//! Hostile and first-time command lines (issue 15): each row is named after
//! the bug it guards against and says the exit status and words it must
//! give. A row never asserts timing; the memory rows are in `memory.rs`.

mod common;

use common::{run, sample};

struct Row {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    code: i32,
    /// Each must appear in standard output.
    stdout: &'static [&'static str],
    /// Each must appear in standard error.
    stderr: &'static [&'static str],
    /// None of these may appear in either.
    absent: &'static [&'static str],
}

const ROW: Row = Row {
    name: "",
    args: &[],
    stdin: "",
    code: 0,
    stdout: &[],
    stderr: &[],
    absent: &[],
};

/// `samples/NAME` as an argument.
const SAMPLE: &str = "$SAMPLE";

fn check(rows: &[Row]) {
    let mut failures = Vec::new();
    for row in rows {
        let args: Vec<String> = row
            .args
            .iter()
            .map(|a| match a.strip_prefix(SAMPLE) {
                Some(name) => sample(name).display().to_string(),
                None => a.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, row.stdin);
        let mut wrong = Vec::new();
        if r.code != row.code {
            wrong.push(format!("exit {} (wanted {})", r.code, row.code));
        }
        for s in row.stdout {
            if !r.stdout.contains(s) {
                wrong.push(format!("stdout lacks {s:?}"));
            }
        }
        for s in row.stderr {
            if !r.stderr.contains(s) {
                wrong.push(format!("stderr lacks {s:?}"));
            }
        }
        for s in row.absent {
            if r.stdout.contains(s) || r.stderr.contains(s) {
                wrong.push(format!("{s:?} should not appear"));
            }
        }
        if r.stderr.contains("panicked") {
            wrong.push("panicked".into());
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{}: {}\n  stdout: {:?}\n  stderr: {:?}",
                row.name,
                wrong.join("; "),
                r.stdout,
                r.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Item 1: `--jobs 4294967295` aborted on a 1.17 TB allocation and
/// `--jobs 100000` panicked; a huge count is refused with exit 2.
#[test]
fn huge_jobs_are_refused_not_aborted() {
    let rows: Vec<Row> = [
        "4294967295",
        "200000000",
        "100000",
        "257",
        "99999999999999999999",
    ]
    .iter()
    .map(|&n| Row {
        name: "huge_jobs",
        args: Box::leak(Box::new([
            "solve",
            "curling",
            "--jobs",
            n,
            "$SAMPLEcurling.in",
        ])),
        code: 2,
        stderr: &["at most 256 jobs"],
        ..ROW
    })
    .collect();
    check(&rows);
    check(&[
        Row {
            name: "jobs_256_still_works",
            args: &["solve", "curling", "--jobs", "256", "$SAMPLEcurling.in"],
            stdout: &["1\n4\n-1\n4\n10\n-1\n"],
            ..ROW
        },
        Row {
            name: "jobs_0_is_refused",
            args: &["solve", "curling", "--jobs", "0", "$SAMPLEcurling.in"],
            code: 2,
            stderr: &["expected at least 1 job"],
            ..ROW
        },
    ]);
}

/// Item 7: with a budget that ran out, `verify` called an optimal plan
/// "not" and exited 1, and `render` exited 0; both say 3 now, as their
/// help does.
#[test]
fn a_budget_that_runs_out_exits_3_in_verify_and_render() {
    const ROW11: &str = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    check(&[
        Row {
            name: "verify_unknown_is_not_not",
            args: &[
                "verify",
                "curling",
                "--max-states",
                "1",
                "--moves",
                "RRRRRRRRRR",
            ],
            stdin: ROW11,
            code: 3,
            stdout: &[
                "whether that is optimal is unknown",
                "0 optimal, 0 not, 0 skipped, 1 unknown",
            ],
            absent: &["1 not"],
            ..ROW
        },
        Row {
            name: "verify_a_bad_plan_beside_an_unknown_one_is_1",
            args: &["verify", "curling", "--max-states", "1", "--moves", "L"],
            stdin: ROW11,
            code: 1,
            ..ROW
        },
        Row {
            name: "render_limit_exits_3",
            args: &[
                "render",
                "curling",
                "$SAMPLEcurling.in",
                "--case",
                "5",
                "--max-states",
                "1",
                "-o",
                "-",
            ],
            code: 3,
            stdout: &["<svg"],
            stderr: &["drawing its start"],
            ..ROW
        },
        Row {
            name: "verify_help_promises_3",
            args: &["verify", "curling", "--help"],
            stdout: &["3 a search budget ran out"],
            ..ROW
        },
        Row {
            name: "render_help_promises_3",
            args: &["render", "curling", "--help"],
            stdout: &["3 a search budget ran out"],
            ..ROW
        },
    ]);
}
