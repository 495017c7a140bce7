//! `check` in every form a judging system calls it — testlib's order
//! (the comment on standard error, or in REPORT), Polygon's `-appes` (the
//! XML result in REPORT) and DOMjudge's and Kattis' output validator
//! (`INPUT ANSWER FEEDBACK_DIR < OUTPUT`, exit 42/43, `judgemessage.txt`)
//! — each with an accepted output, a wrong answer, a presentation error,
//! a fail (the jury's answers file is malformed) and an output over the
//! checker's 64 MB cap, which is the contestant's wrong answer, never a
//! fail. Curling's sample is the fixture.

mod common;

use std::path::{Path, PathBuf};

use common::{run, sample, Run};

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("check-forms")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One output to judge: its name, its text, the jury's answers file, and
/// `--strict` or not.
struct Row {
    name: &'static str,
    output: String,
    jury: PathBuf,
    strict: bool,
    /// testlib's exit code and the start of its one-line comment; the
    /// XML result's outcome; the validator's exit code.
    code: i32,
    comment: &'static str,
    outcome: &'static str,
    validator: i32,
}

fn rows(dir: &Path) -> Vec<Row> {
    let answer = sample("curling.out");
    let malformed = dir.join("malformed.a");
    std::fs::write(&malformed, "1\n04\n-1\n4\n10\n-1\n").unwrap();
    let right = "1\n4\n-1\n4\n10\n-1\n";
    // The right answers, then whitespace past the cap: judged by its size
    // alone (the default validator would read it all).
    let huge = format!("{right}{}", " ".repeat((64 << 20) + 10));
    let row = |name, output: &str, jury: &Path, strict, code, comment, outcome, validator| Row {
        name,
        output: output.to_string(),
        jury: jury.to_path_buf(),
        strict,
        code,
        comment,
        outcome,
        validator,
    };
    vec![
        row("ok", right, &answer, false, 0, "ok, 6 datasets", "accepted", 42),
        row(
            "wa",
            "1\n4\n-1\n5\n10\n-1\n",
            &answer,
            false,
            1,
            "wrong answer: dataset 4, line 4: expected 4, found 5",
            "wrong-answer",
            43,
        ),
        // The right number written otherwise is what the default output
        // validator rejects: a wrong answer, as from it.
        row(
            "leading-zero",
            "1\n04\n-1\n4\n10\n-1\n",
            &answer,
            false,
            1,
            "wrong answer: dataset 2, line 2: expected `4`, found `04`",
            "wrong-answer",
            43,
        ),
        row(
            "pe",
            "1\n4 \n-1\n4\n10\n-1\n",
            &answer,
            true,
            2,
            "presentation error: dataset 2, line 2: expected `4`, found `4 `",
            "presentation-error",
            43,
        ),
        row(
            "fail",
            right,
            &malformed,
            false,
            3,
            "fail: the jury's answer file",
            "fail",
            3,
        ),
        Row {
            output: huge,
            ..row(
                "huge",
                "",
                &answer,
                false,
                1,
                "wrong answer: expected at most 64 MB of output, found more (6 of 6 datasets right)",
                "wrong-answer",
                43,
            )
        },
    ]
}

fn args<'a>(row: &Row, files: &'a [&'a str]) -> Vec<&'a str> {
    let mut args = vec!["check", "curling"];
    args.extend_from_slice(files);
    if row.strict {
        args.push("--strict");
    }
    args
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn testlibs_order_writes_the_comment_on_standard_error_or_in_report() {
    let dir = scratch("testlib");
    let input = sample("curling.in");
    let mut failures = Vec::new();
    for row in rows(&dir) {
        // The output from standard input (`-`), so the huge one needs no
        // file.
        let files = [path(&input), "-", path(&row.jury)];
        let got: Run = run(&args(&row, &files), &row.output);
        let mut misses = got.misses(row.code, &[], &[row.comment]);
        if got.stderr.lines().count() != 1 || !got.stderr.starts_with(row.comment) {
            misses.push(format!("stderr {:?}", got.stderr));
        }
        if !got.stdout.is_empty() {
            misses.push(format!("stdout {:?}", got.stdout));
        }
        // With REPORT: the same line there, nothing on standard error.
        let report = dir.join(format!("{}.report", row.name));
        let files = [path(&input), "-", path(&row.jury), path(&report)];
        let with_report = run(&args(&row, &files), &row.output);
        let text = std::fs::read_to_string(&report).unwrap_or_default();
        misses.extend(with_report.misses(row.code, &[], &[]));
        if text != got.stderr || !with_report.stderr.is_empty() {
            misses.push(format!("REPORT {text:?}, stderr {:?}", with_report.stderr));
        }
        if !misses.is_empty() {
            failures.push(format!("{}: {}", row.name, misses.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn polygons_appes_writes_testlibs_xml_result() {
    let dir = scratch("appes");
    let input = sample("curling.in");
    let mut failures = Vec::new();
    for row in rows(&dir) {
        let result = dir.join(format!("{}.xml", row.name));
        let files = [path(&input), "-", path(&row.jury), path(&result), "-appes"];
        let got = run(&args(&row, &files), &row.output);
        let mut misses = got.misses(row.code, &[], &[]);
        let xml = std::fs::read_to_string(&result).unwrap_or_default();
        let head = format!(
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{}\">",
            row.outcome
        );
        if !xml.starts_with(&head) || !xml.ends_with("</result>\n") {
            misses.push(format!("XML {:?}", &xml[..xml.len().min(300)]));
        }
        match roxmltree::Document::parse(&xml) {
            Ok(doc) => {
                let root = doc.root_element();
                let comment = root.text().unwrap_or_default();
                if root.attribute("outcome") != Some(row.outcome)
                    || !comment.starts_with(row.comment)
                {
                    misses.push(format!(
                        "result {:?} {comment:?}",
                        root.attribute("outcome")
                    ));
                }
            }
            Err(e) => misses.push(format!("not XML: {e}")),
        }
        if !got.stdout.is_empty() || !got.stderr.is_empty() {
            misses.push(format!("stdout {:?}, stderr {:?}", got.stdout, got.stderr));
        }
        if !misses.is_empty() {
            failures.push(format!("{}: {}", row.name, misses.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // testlib's spelling in capitals too; and without REPORT it is refused
    // as testlib refuses it.
    let result = dir.join("caps.xml");
    let answer = sample("curling.out");
    let caps = run(
        &[
            "check",
            "curling",
            path(&input),
            path(&answer),
            path(&answer),
            path(&result),
            "-APPES",
        ],
        "",
    );
    assert_eq!(caps.code, 0, "{}", caps.stderr);
    assert!(std::fs::read_to_string(&result)
        .unwrap()
        .contains("outcome = \"accepted\""));
    let refused = run(
        &[
            "check",
            "curling",
            path(&input),
            "-",
            path(&answer),
            "-appes",
        ],
        "",
    );
    assert!(
        refused
            .misses(3, &[], &["-appes follows REPORT"])
            .is_empty(),
        "{}",
        refused.stderr
    );
}

#[test]
fn domjudges_and_kattis_validator_form_exits_42_or_43_with_a_judge_message() {
    let dir = scratch("feedback");
    let input = sample("curling.in");
    let mut failures = Vec::new();
    for row in rows(&dir) {
        let feedback = dir.join(row.name);
        std::fs::create_dir_all(&feedback).unwrap();
        let files = [path(&input), path(&row.jury), path(&feedback)];
        let got = run(&args(&row, &files), &row.output);
        let mut misses = got.misses(row.validator, &[], &[]);
        let message =
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        if !message.starts_with(row.comment) || message.lines().count() != 1 {
            misses.push(format!("judgemessage.txt {message:?}"));
        }
        let error = std::fs::read_to_string(feedback.join("judgeerror.txt"));
        match (row.validator, error) {
            (3, Ok(error)) if error == message => {}
            (3, error) => misses.push(format!("judgeerror.txt {error:?}")),
            (_, Ok(error)) => misses.push(format!("judgeerror.txt {error:?} on a verdict")),
            (_, Err(_)) => {}
        }
        if !got.stdout.is_empty() {
            misses.push(format!("stdout {:?}", got.stdout));
        }
        if !misses.is_empty() {
            failures.push(format!("{}: {}", row.name, misses.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The third file argument decides the form: a file there is testlib's
    // ANSWER, so the same call with a file is the testlib form.
    let answer = sample("curling.out");
    let testlib = run(
        &[
            "check",
            "curling",
            path(&input),
            path(&answer),
            path(&answer),
        ],
        "",
    );
    assert_eq!(testlib.code, 0, "{}", testlib.stderr);
}
