//! Golden files: every user-visible output of the binary, byte for byte.
//!
//! Each invocation of the tables below runs the built binary (from the
//! workspace root, so inputs are named `samples/...` and `bench/...`) and
//! its exit code, standard output, standard error and any file it wrote
//! are compared with `tests/golden/NAME.txt`, recorded from the code as it
//! was. They guard a redesign that promises byte-identical output: a
//! difference fails with the invocation's name and the first line that
//! differs. A missing golden file fails too.
//!
//! To record (or re-record after a *wanted* change, then review the diff):
//!
//! ```sh
//! GOLDEN_BLESS=1 cargo test -p gridpuzzle --test golden
//! ```
//!
//! Normalized, in recording and comparing alike, and only these:
//! - the number after `"millis":` (a search's wall time) becomes `0`;
//! - the invocation's scratch directory is written `$TMP`, the binary's
//!   path `$BIN` and the workspace root `$ROOT`, so the files do not
//!   depend on where the repository or the target directory are;
//! - for the invocations marked `clock_seed` only, the seed `generate`
//!   takes from the clock (without `--seed`) is written `<clock>`.
//!
//! Every invocation runs with `NO_COLOR` removed from the environment
//! unless it sets it; standard output is a pipe, so there is no colour
//! either way.

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use common::run_with;

// ---------------------------------------------------------------------------
// The harness

/// Where standard input comes from.
enum Stdin {
    /// Nothing (an empty pipe).
    Empty,
    /// This text, recorded in the golden file.
    Text(String),
    /// A file of the repository, named in the command line as `< FILE`.
    File(&'static str),
}

/// One run of the binary.
struct Inv {
    name: String,
    /// The arguments; `$TMP` and `$BIN` are expanded when run.
    args: Vec<String>,
    stdin: Stdin,
    env: Vec<(&'static str, &'static str)>,
    /// Files written into `$TMP` before the run.
    files: Vec<(&'static str, String)>,
    /// Files of `$TMP` the run writes, recorded after it.
    outputs: Vec<&'static str>,
    /// The run prints a seed taken from the clock.
    clock_seed: bool,
}

/// An invocation `gridpuzzle ARGS`; `args` is split as a shell would.
fn inv(name: impl Into<String>, args: &str) -> Inv {
    Inv {
        name: name.into(),
        args: shell_words::split(args).expect("the table's command lines split"),
        stdin: Stdin::Empty,
        env: Vec::new(),
        files: Vec::new(),
        outputs: Vec::new(),
        clock_seed: false,
    }
}

impl Inv {
    fn stdin(mut self, text: impl Into<String>) -> Inv {
        self.stdin = Stdin::Text(text.into());
        self
    }

    fn stdin_file(mut self, path: &'static str) -> Inv {
        self.stdin = Stdin::File(path);
        self
    }

    fn env(mut self, key: &'static str, value: &'static str) -> Inv {
        self.env.push((key, value));
        self
    }

    fn no_color(self) -> Inv {
        self.env("NO_COLOR", "1")
    }

    fn file(mut self, name: &'static str, text: impl Into<String>) -> Inv {
        self.files.push((name, text.into()));
        self
    }

    fn output(mut self, name: &'static str) -> Inv {
        self.outputs.push(name);
        self
    }

    fn clock_seed(mut self) -> Inv {
        self.clock_seed = true;
        self
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root exists")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[path = "common/golden_files.rs"]
mod golden_files;

use golden_files::{blessing, section, zero_millis};

/// Compares (or, blessing, writes) one golden file; the problem, if any.
fn check(name: &str, actual: &str) -> Option<String> {
    golden_files::check(&golden_dir(), "output", name, actual)
}

/// Where `actual` first departs from `golden`, for a person to read.
fn first_difference(golden: &str, actual: &str) -> String {
    golden_files::first_difference("output", golden, actual)
}

/// Writes `<clock>` for the numbers of the line `gridpuzzle: seed N (pass
/// --seed N to repeat this run)`, printed when the seed came from the clock.
fn hide_clock_seed(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| match line.strip_prefix("gridpuzzle: seed ") {
            Some(rest) => {
                let mut out = String::from("gridpuzzle: seed ");
                let mut digits = false;
                for c in rest.chars() {
                    if c.is_ascii_digit() {
                        if !digits {
                            out.push_str("<clock>");
                        }
                        digits = true;
                    } else {
                        digits = false;
                        out.push(c);
                    }
                }
                out
            }
            None => line.to_string(),
        })
        .collect()
}

/// The placeholders of an invocation and what they stand for, longest
/// path first (the scratch directory may lie under the root).
struct Places {
    pairs: Vec<(&'static str, String)>,
}

impl Places {
    fn new(tmp: &Path) -> Places {
        let mut pairs = vec![
            ("$TMP", tmp.display().to_string()),
            ("$BIN", env!("CARGO_BIN_EXE_gridpuzzle").to_string()),
            ("$ROOT", root().display().to_string()),
        ];
        pairs.sort_by_key(|(_, path)| std::cmp::Reverse(path.len()));
        Places { pairs }
    }

    fn expand(&self, arg: &str) -> String {
        let mut arg = arg.to_string();
        for (name, path) in &self.pairs {
            arg = arg.replace(name, path);
        }
        arg
    }

    fn normalize(&self, text: &str) -> String {
        let mut text = zero_millis(text);
        for (name, path) in &self.pairs {
            text = text.replace(path.as_str(), name);
        }
        text
    }
}

/// Runs one invocation and renders what it did as its golden text.
fn record(inv: &Inv) -> String {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("golden-cli")
        .join(&inv.name);
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).expect("the scratch directory");
    let places = Places::new(&tmp);
    for (name, text) in &inv.files {
        std::fs::write(tmp.join(name), text).expect("a scratch file");
    }
    let args: Vec<String> = inv.args.iter().map(|a| places.expand(a)).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let root = root();
    let stdin = match &inv.stdin {
        Stdin::Empty => String::new(),
        Stdin::Text(text) => text.clone(),
        Stdin::File(path) => std::fs::read_to_string(root.join(path)).expect("a stdin file"),
    };
    let run = run_with(&args, &stdin, |command| {
        command.current_dir(&root).env_remove("NO_COLOR");
        for (key, value) in &inv.env {
            command.env(key, value);
        }
    });

    let mut out = String::new();
    out.push_str("# golden output, checked by crates/cli/tests/golden.rs\n");
    let mut line = String::from("$ ");
    for (key, value) in &inv.env {
        let _ = write!(line, "{key}={value} ");
    }
    line.push_str("gridpuzzle");
    if !inv.args.is_empty() {
        line.push(' ');
        line.push_str(&shell_words::join(&inv.args));
    }
    if let Stdin::File(path) = inv.stdin {
        let _ = write!(line, " < {path}");
    }
    let _ = writeln!(out, "{line}");
    let _ = writeln!(out, "exit: {}", run.code);
    for (name, text) in &inv.files {
        section(&mut out, &format!("input file $TMP/{name}"), text);
    }
    if let Stdin::Text(text) = &inv.stdin {
        section(&mut out, "stdin", text);
    }
    section(&mut out, "stdout", &places.normalize(&run.stdout));
    let mut stderr = places.normalize(&run.stderr);
    if inv.clock_seed {
        stderr = hide_clock_seed(&stderr);
    }
    section(&mut out, "stderr", &stderr);
    for name in &inv.outputs {
        let path = tmp.join(name);
        match std::fs::read(&path) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).expect("utf-8 output file");
                section(
                    &mut out,
                    &format!("output file $TMP/{name}"),
                    &places.normalize(&text),
                );
            }
            Err(_) => {
                let _ = writeln!(out, "--- output file $TMP/{name} (not written) ---");
            }
        }
    }
    out
}

/// Runs a table and fails with every mismatch.
fn run_table(table: Vec<Inv>) {
    let problems: Vec<String> = table
        .iter()
        .filter_map(|inv| check(&inv.name, &record(inv)))
        .collect();
    assert!(
        problems.is_empty(),
        "{} of {} invocations do not match their golden files \
         (GOLDEN_BLESS=1 re-records, if the change is wanted):\n\n{}",
        problems.len(),
        table.len(),
        problems.join("\n\n")
    );
}

// ---------------------------------------------------------------------------
// Inputs

/// The puzzles whose answers these files record. A puzzle added to the
/// registry needs no golden file of its own: the lists of puzzles in the
/// recorded texts are scrubbed
/// ([`gridpuzzle_registry::golden::scrub`]), and its answers are tested
/// by the conformance suite.
use gridpuzzle_registry::golden::RECORDED;

const CURLING_ROW_10: &str = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
const CURLING_ROW_11: &str = "13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n";
const CURLING_DATASET_2: &str =
    "6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n";
/// A 3×3 lair, head at (2,2), tail at (2,3).
const HOLEDOX_SMALL: &str = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
/// The first case of the Holedox sample alone.
const HOLEDOX_CASE_1: &str = "5 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 3\n3 3\n3 4\n0 0 0\n";

/// Malformed Curling inputs (the ones of tests/curling.rs and more).
const CURLING_MALFORMED: &[(&str, &str)] = &[
    ("bad-curling-cell-x", "2 1\n2 3\n3 1\n2 x 3\n0 0\n"),
    ("bad-curling-negative-width", "2 1\n2 3\n-2 1\n"),
    ("bad-curling-cell-7", "3 1\n2 7 3\n0 0\n"),
    ("bad-curling-cell-minus-1", "3 1\n2 -1 3\n0 0\n"),
    ("bad-curling-no-start", "2 1\n2 3\n2 1\n0 3\n0 0\n"),
    ("bad-curling-no-goal", "2 1\n2 0\n0 0\n"),
    ("bad-curling-two-starts", "3 1\n2 2 3\n0 0\n"),
    ("bad-curling-two-goals", "3 1\n3 2 3\n0 0\n"),
    ("bad-curling-truncated-board", "2 1 2 3\n3 2\n2 0 0\n0 3"),
    ("bad-curling-zero-width", "0 3\n"),
    ("bad-curling-zero-height", "3 0\n"),
    ("bad-curling-huge-size", "1000000000 1000000000\n"),
    ("bad-curling-too-many-cells", "2048 2049\n"),
    (
        "bad-curling-giant-number",
        "99999999999999999999999999999999999999999999999999999999999 1\n",
    ),
    ("bad-curling-empty-input", ""),
    ("bad-curling-truncated-header", "2 1\n2 3\n2"),
    ("bad-curling-decimal-width", "2.5 1\n2 3\n"),
    ("bad-curling-fullwidth-digit", "2 1\n2 3\n2 1\n3 ２\n"),
    (
        "bad-curling-after-many",
        "2 1\n3 2\n6 1\n1 0 2 1 1 3\n2 1\n3 3\n0 0\n",
    ),
];

/// Malformed Holedox inputs.
const HOLEDOX_MALFORMED: &[(&str, &str)] = &[
    (
        "bad-holedox-segment-outside",
        "3 3 2\n2 2\n2 3\n0\n4 4 2\n1 1\n9 9\n0\n0 0 0\n",
    ),
    ("bad-holedox-missing-terminator", "3 3 2\n2 2\n2 3\n0\n"),
    (
        "bad-holedox-curling-terminator",
        "3 3 2\n2 2\n2 3\n0\n0 0\n",
    ),
    ("bad-holedox-empty-input", ""),
    (
        "bad-holedox-body-not-adjacent",
        "3 3 2\n2 2\n3 3\n0\n0 0 0\n",
    ),
    (
        "bad-holedox-body-crosses-itself",
        "3 3 3\n2 2\n2 3\n2 2\n0\n0 0 0\n",
    ),
    (
        "bad-holedox-stone-on-body",
        "3 3 2\n2 2\n2 3\n1\n2 2\n0 0 0\n",
    ),
    (
        "bad-holedox-stone-outside",
        "3 3 2\n2 2\n2 3\n1\n4 1\n0 0 0\n",
    ),
    ("bad-holedox-truncated-stones", "3 3 2\n2 2\n2 3\n1\n"),
    ("bad-holedox-truncated-body", "3 3 2\n2 2\n"),
    (
        "bad-holedox-huge-size",
        "1000000000 1000000000 2\n1 1\n1 2\n0\n0 0 0\n",
    ),
    ("bad-holedox-zero-length", "3 3 0\n0\n0 0 0\n"),
    ("bad-holedox-body-too-long", "3 3 10\n"),
    ("bad-holedox-zero-rows", "0 3 2\n"),
    ("bad-holedox-bad-column", "3 3 2\n2 x\n2 3\n0\n0 0 0\n"),
    (
        "bad-holedox-negative-stones",
        "3 3 2\n2 2\n2 3\n-1\n0 0 0\n",
    ),
];

// ---------------------------------------------------------------------------
// The tables

fn solve_table() -> Vec<Inv> {
    let mut t = vec![
        // Curling, judge mode.
        inv("solve-curling-sample", "solve curling samples/curling.in"),
        inv("solve-curling-sample-stdin", "solve curling").stdin_file("samples/curling.in"),
        inv("solve-curling-sample-dash", "solve curling -").stdin_file("samples/curling.in"),
        inv(
            "solve-curling-sample-jobs-1",
            "solve curling --jobs 1 samples/curling.in",
        ),
        inv(
            "solve-curling-json",
            "solve curling --format json samples/curling.in",
        ),
        inv(
            "solve-curling-explain",
            "solve curling --explain samples/curling.in",
        )
        .no_color(),
        inv(
            "solve-curling-explain-ascii",
            "solve curling --explain --ascii samples/curling.in",
        )
        .no_color(),
        inv(
            "solve-curling-explain-color-env-unset",
            "solve curling --explain samples/curling.in",
        ),
        inv(
            "solve-curling-explain-json",
            "solve curling --explain --format json samples/curling.in",
        )
        .no_color(),
        inv(
            "solve-curling-max-throws-none",
            "solve curling --max-throws none samples/curling.in",
        ),
        inv(
            "solve-curling-max-throws-3",
            "solve curling --max-throws 3 samples/curling.in",
        ),
        inv(
            "solve-curling-max-throws-9-row",
            "solve curling --max-throws 9",
        )
        .stdin(CURLING_ROW_10),
        inv("solve-curling-row-11-capped", "solve curling").stdin(CURLING_ROW_11),
        inv(
            "solve-curling-row-11-max-throws-none",
            "solve curling --max-throws none",
        )
        .stdin(CURLING_ROW_11),
        inv(
            "solve-curling-row-11-explain-ascii-none",
            "solve curling --max-throws none --explain --ascii",
        )
        .no_color()
        .stdin(CURLING_ROW_11),
        inv(
            "solve-curling-max-states-1",
            "solve curling --max-states 1 samples/curling.in",
        ),
        inv(
            "solve-curling-max-states-5",
            "solve curling --max-states 5 samples/curling.in",
        ),
        inv(
            "solve-curling-max-states-5-json",
            "solve curling --max-states 5 --format json samples/curling.in",
        ),
        inv(
            "solve-curling-max-states-5-explain",
            "solve curling --max-states 5 --explain --ascii samples/curling.in",
        )
        .no_color(),
        inv("solve-curling-missing-terminator", "solve curling").stdin("2 1\n2 3\n3 1\n2 0 3"),
        inv("solve-curling-after-terminator", "solve curling").stdin("2 1\n3 2\n0 0\nextra\n"),
        inv(
            "solve-curling-bench-contest20",
            "solve curling bench/curling/contest20.in",
        ),
        inv(
            "solve-curling-bench-open20",
            "solve curling bench/curling/open20.in",
        ),
        inv(
            "solve-curling-bench-contest20-json",
            "solve curling --format json --jobs 2 bench/curling/contest20.in",
        ),
        inv(
            "solve-curling-bench-contest20-max-throws-none",
            "solve curling --max-throws none bench/curling/contest20.in",
        ),
        // (open20 without a cap takes half a minute: too slow here.)
        inv(
            "solve-curling-bench-open20-max-throws-12",
            "solve curling --max-throws 12 bench/curling/open20.in",
        ),
        inv(
            "solve-curling-bench-big200",
            "solve curling bench/curling/big200.in",
        ),
        // Holedox, judge mode.
        inv("solve-holedox-sample", "solve holedox samples/holedox.in"),
        inv("solve-holedox-sample-stdin", "solve holedox").stdin_file("samples/holedox.in"),
        inv(
            "solve-holedox-strict",
            "solve holedox --tail-rule strict samples/holedox.in",
        ),
        inv(
            "solve-holedox-lenient",
            "solve holedox --tail-rule lenient samples/holedox.in",
        ),
        inv(
            "solve-holedox-json",
            "solve holedox --format json samples/holedox.in",
        ),
        inv(
            "solve-holedox-json-lenient",
            "solve holedox --format json --tail-rule lenient samples/holedox.in",
        ),
        inv(
            "solve-holedox-explain",
            "solve holedox --explain samples/holedox.in",
        )
        .no_color(),
        inv(
            "solve-holedox-explain-ascii",
            "solve holedox --explain --ascii samples/holedox.in",
        )
        .no_color(),
        inv(
            "solve-holedox-explain-ascii-lenient",
            "solve holedox --tail-rule lenient --explain --ascii samples/holedox.in",
        )
        .no_color(),
        inv("solve-holedox-exit-default", "solve holedox").stdin(HOLEDOX_SMALL),
        inv("solve-holedox-exit-2-1", "solve holedox --exit 2,1").stdin(HOLEDOX_SMALL),
        inv("solve-holedox-exit-2-2", "solve holedox --exit 2,2").stdin(HOLEDOX_SMALL),
        inv("solve-holedox-exit-3-3", "solve holedox --exit 3,3").stdin(HOLEDOX_SMALL),
        inv(
            "solve-holedox-exit-3-3-explain",
            "solve holedox --exit 3,3 --explain --ascii",
        )
        .no_color()
        .stdin(HOLEDOX_SMALL),
        inv("solve-holedox-exit-outside", "solve holedox --exit 4,1").stdin(HOLEDOX_SMALL),
        inv(
            "solve-holedox-exit-5-6-lenient",
            "solve holedox --tail-rule lenient --exit 5,6 samples/holedox.in",
        ),
        inv(
            "solve-holedox-max-states-1",
            "solve holedox --max-states 1 samples/holedox.in",
        ),
        inv(
            "solve-holedox-max-states-1-json",
            "solve holedox --max-states 1 --format json samples/holedox.in",
        ),
        inv("solve-holedox-after-terminator", "solve holedox")
            .stdin("3 3 2\n2 2\n2 3\n0\n0 0 0\nextra\n"),
        inv("solve-holedox-duplicate-stones", "solve holedox")
            .stdin("3 3 2\n2 2\n2 3\n2\n1 1\n1 1\n0 0 0\n"),
        inv(
            "solve-holedox-head-on-exit",
            "solve holedox --explain --ascii",
        )
        .no_color()
        .stdin("3 3 2\n1 1\n1 2\n0\n0 0 0\n"),
    ];
    for bench in ["big100", "hard", "random", "serpentine", "walled"] {
        let strict = format!("solve-holedox-bench-{bench}");
        let lenient = format!("solve-holedox-bench-{bench}-lenient");
        t.push(inv(
            strict,
            &format!("solve holedox bench/holedox/{bench}.in"),
        ));
        t.push(inv(
            lenient,
            &format!("solve holedox --tail-rule lenient bench/holedox/{bench}.in"),
        ));
    }
    t.push(inv(
        "solve-holedox-bench-hard-json",
        "solve holedox --format json bench/holedox/hard.in",
    ));
    t.push(
        inv(
            "solve-holedox-bench-walled-explain",
            "solve holedox --explain bench/holedox/walled.in",
        )
        .no_color(),
    );
    // Usage errors.
    t.extend([
        inv(
            "solve-curling-bad-max-throws",
            "solve curling --max-throws lots",
        ),
        inv(
            "solve-curling-negative-max-throws",
            "solve curling --max-throws -1",
        ),
        inv("solve-curling-no-such-file", "solve curling /no/such/file"),
        inv("solve-unknown-puzzle", "solve sokoban"),
        inv("solve-no-puzzle", "solve"),
        inv("solve-jobs-0", "solve curling --jobs 0 samples/curling.in"),
        inv(
            "solve-timeout-0",
            "solve curling --timeout 0 samples/curling.in",
        ),
        inv(
            "solve-timeout-nan",
            "solve curling --timeout nan samples/curling.in",
        ),
        inv(
            "solve-format-xml",
            "solve curling --format xml samples/curling.in",
        ),
        inv(
            "solve-max-states-x",
            "solve holedox --max-states x samples/holedox.in",
        ),
        inv("solve-holedox-exit-0-1", "solve holedox --exit 0,1"),
        inv("solve-holedox-exit-x", "solve holedox --exit x"),
        inv(
            "solve-holedox-tail-rule-loose",
            "solve holedox --tail-rule loose",
        ),
        inv("solve-holedox-max-throws", "solve holedox --max-throws 3"),
        inv("solve-curling-exit", "solve curling --exit 1,1"),
        inv(
            "solve-two-files",
            "solve curling samples/curling.in samples/curling.in",
        ),
    ]);
    for (name, input) in CURLING_MALFORMED {
        t.push(inv(*name, "solve curling").stdin(*input));
    }
    for (name, input) in HOLEDOX_MALFORMED {
        t.push(inv(*name, "solve holedox").stdin(*input));
    }
    t.push(inv("bad-curling-json", "solve curling --format json").stdin(CURLING_MALFORMED[0].1));
    t.push(
        inv("bad-holedox-explain", "solve holedox --explain --ascii")
            .no_color()
            .stdin(HOLEDOX_MALFORMED[0].1),
    );
    t
}

fn verify_table() -> Vec<Inv> {
    // Optimal, longer, skipped, illegal, not reached, over the cap.
    let every_verdict = "L\nDRLUR\n-\nR\nRRRR\nRRRRRRRRRRR\n";
    vec![
        inv(
            "verify-curling-every-verdict",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", every_verdict),
        inv(
            "verify-curling-every-verdict-max-throws-none",
            "verify curling --max-throws none samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", every_verdict),
        inv(
            "verify-curling-all-optimal",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nDLUR\n-\nLRRR\nRRRRRRRRRR\n-\n"),
        inv(
            "verify-curling-spaces-lowercase-empty",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\n\n dlur \nD L U R\n"),
        inv(
            "verify-curling-changed-move",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nD L D R\n-\n-\n-\n-\n"),
        inv(
            "verify-curling-missing-plans",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nDLUR\n"),
        inv(
            "verify-curling-extra-plans",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nDLUR\n-\nLRRR\nRRRRRRRRRR\n-\nL\nR\n"),
        inv(
            "verify-curling-bad-character",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nDLXR\n"),
        inv(
            "verify-curling-empty-plans-file",
            "verify curling samples/curling.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", ""),
        inv(
            "verify-curling-no-such-plans-file",
            "verify curling samples/curling.in --moves-file $TMP/missing.txt",
        ),
        inv(
            "verify-curling-moves-optimal",
            "verify curling --moves DLUR",
        )
        .stdin(CURLING_DATASET_2),
        inv(
            "verify-curling-moves-longer",
            "verify curling --moves DRLUR",
        )
        .stdin(CURLING_DATASET_2),
        inv(
            "verify-curling-moves-after-win",
            "verify curling --moves DLURD",
        )
        .stdin(CURLING_DATASET_2),
        inv("verify-curling-moves-off-board", "verify curling --moves U").stdin(CURLING_DATASET_2),
        inv(
            "verify-curling-moves-not-reached",
            "verify curling --moves DRUL",
        )
        .stdin(CURLING_DATASET_2),
        inv("verify-curling-moves-empty", "verify curling --moves ''").stdin(CURLING_DATASET_2),
        inv(
            "verify-curling-moves-bad-character",
            "verify curling --moves DLQR",
        )
        .stdin(CURLING_DATASET_2),
        inv(
            "verify-curling-over-cap",
            "verify curling --moves RRRRRRRRRRR",
        )
        .stdin(CURLING_ROW_11),
        inv(
            "verify-curling-over-cap-none",
            "verify curling --max-throws none --moves RRRRRRRRRRR",
        )
        .stdin(CURLING_ROW_11),
        inv(
            "verify-curling-unknown",
            "verify curling --max-states 1 --moves RRRRRRRRRR",
        )
        .stdin(CURLING_ROW_10),
        inv(
            "verify-curling-moves-several-cases",
            "verify curling samples/curling.in --moves L",
        ),
        inv(
            "verify-curling-no-plans",
            "verify curling samples/curling.in",
        ),
        inv(
            "verify-curling-both-plans",
            "verify curling samples/curling.in --moves L --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\n"),
        inv(
            "verify-curling-bad-input",
            "verify curling --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "L\nL\n")
        .stdin(CURLING_MALFORMED[0].1),
        // Holedox.
        inv(
            "verify-holedox-optimal-and-skipped",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "DRRULUUUL\n-\n"),
        inv(
            "verify-holedox-illegal-and-not-reached",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "RUUU\nU\n"),
        inv(
            "verify-holedox-lenient-longer",
            "verify holedox --tail-rule lenient samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "DRRULUUUL\n-\n"),
        inv(
            "verify-holedox-missing-plans",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "DRRULUUUL\n"),
        inv(
            "verify-holedox-extra-plans",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "DRRULUUUL\n-\nLL\n"),
        inv(
            "verify-holedox-bad-character",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "DRRULUUUL\nUP\n"),
        inv(
            "verify-holedox-moves-into-body",
            "verify holedox --moves RUUU",
        )
        .stdin(HOLEDOX_CASE_1),
        inv("verify-holedox-moves-optimal", "verify holedox --moves UL").stdin(HOLEDOX_SMALL),
        inv("verify-holedox-moves-longer", "verify holedox --moves DLUU").stdin(HOLEDOX_SMALL),
        inv(
            "verify-holedox-moves-not-reached",
            "verify holedox --moves U",
        )
        .stdin(HOLEDOX_SMALL),
        inv(
            "verify-holedox-moves-after-exit",
            "verify holedox --moves ULR",
        )
        .stdin(HOLEDOX_SMALL),
        inv("verify-holedox-moves-into-tail", "verify holedox --moves R").stdin(HOLEDOX_SMALL),
        inv(
            "verify-holedox-moves-into-tail-lenient",
            "verify holedox --tail-rule lenient --moves RUL",
        )
        .stdin(HOLEDOX_SMALL),
        inv(
            "verify-holedox-moves-exit-3-3",
            "verify holedox --exit 3,3 --moves DR",
        )
        .stdin(HOLEDOX_SMALL),
        inv("verify-holedox-moves-off-lair", "verify holedox --moves LL").stdin(HOLEDOX_SMALL),
        inv("verify-holedox-moves-stone", "verify holedox --moves U")
            .stdin("3 3 2\n2 2\n2 3\n1\n1 2\n0 0 0\n"),
        inv(
            "verify-holedox-moves-unsolvable",
            "verify holedox samples/holedox.in --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "-\nLLLL\n"),
        inv(
            "verify-holedox-moves-several-cases",
            "verify holedox samples/holedox.in --moves RUUU",
        ),
        inv(
            "verify-holedox-bad-input",
            "verify holedox --moves-file $TMP/plans.txt",
        )
        .file("plans.txt", "UL\nUL\n")
        .stdin(HOLEDOX_MALFORMED[0].1),
    ]
}

fn render_table() -> Vec<Inv> {
    vec![
        inv(
            "render-curling-case-1",
            "render curling samples/curling.in -o -",
        ),
        inv(
            "render-curling-case-2",
            "render curling samples/curling.in --case 2 -o -",
        ),
        inv(
            "render-curling-case-2-frame-0",
            "render curling samples/curling.in --case 2 --frame 0 -o -",
        ),
        inv(
            "render-curling-case-2-frame-1",
            "render curling samples/curling.in --case 2 --frame 1 -o -",
        ),
        inv(
            "render-curling-case-2-frame-4",
            "render curling samples/curling.in --case 2 --frame 4 -o -",
        ),
        inv(
            "render-curling-case-3-unsolvable",
            "render curling samples/curling.in --case 3 -o -",
        ),
        inv(
            "render-curling-case-5-limit",
            "render curling samples/curling.in --case 5 --max-states 1 -o -",
        ),
        inv(
            "render-curling-case-6-max-throws-none",
            "render curling --max-throws none samples/curling.in --case 6 -o -",
        ),
        inv("render-curling-stdin", "render curling -o -").stdin(CURLING_DATASET_2),
        inv(
            "render-curling-svg-file",
            "render curling samples/curling.in --case 2 -o $TMP/stone.svg",
        )
        .output("stone.svg"),
        inv(
            "render-curling-html-file",
            "render curling samples/curling.in --case 2 -o $TMP/stone.html",
        )
        .output("stone.html"),
        inv(
            "render-curling-still-svg-file",
            "render curling samples/curling.in --case 2 --frame 2 -o $TMP/still.SVG",
        )
        .output("still.SVG"),
        inv(
            "render-holedox-case-1",
            "render holedox samples/holedox.in -o -",
        ),
        inv(
            "render-holedox-case-1-frame-0",
            "render holedox samples/holedox.in --frame 0 -o -",
        ),
        inv(
            "render-holedox-case-1-frame-9",
            "render holedox samples/holedox.in --frame 9 -o -",
        ),
        inv(
            "render-holedox-case-1-lenient",
            "render holedox --tail-rule lenient samples/holedox.in -o -",
        ),
        inv(
            "render-holedox-case-2-unsolvable",
            "render holedox samples/holedox.in --case 2 -o -",
        ),
        inv("render-holedox-exit-3-3", "render holedox --exit 3,3 -o -").stdin(HOLEDOX_SMALL),
        inv(
            "render-holedox-html-file",
            "render holedox samples/holedox.in -o $TMP/snake.html",
        )
        .output("snake.html"),
        inv(
            "render-holedox-svg-file",
            "render holedox samples/holedox.in -o $TMP/snake.svg",
        )
        .output("snake.svg"),
        // Errors.
        inv(
            "render-error-no-output",
            "render curling samples/curling.in",
        ),
        inv(
            "render-error-png",
            "render curling samples/curling.in -o $TMP/x.png",
        )
        .output("x.png"),
        inv(
            "render-error-case-past-end",
            "render curling samples/curling.in --case 9 -o -",
        ),
        inv(
            "render-error-holedox-case-past-end",
            "render holedox samples/holedox.in --case 3 -o -",
        ),
        inv(
            "render-error-case-0",
            "render curling samples/curling.in --case 0 -o -",
        ),
        inv(
            "render-error-frame-past-end",
            "render curling samples/curling.in --case 2 --frame 5 -o -",
        ),
        inv(
            "render-error-frame-of-unsolvable",
            "render curling samples/curling.in --case 3 --frame 1 -o -",
        ),
        inv(
            "render-error-frame-negative",
            "render curling samples/curling.in --frame -1 -o -",
        ),
        inv(
            "render-error-frame-x",
            "render holedox samples/holedox.in --frame x -o -",
        ),
        inv(
            "render-error-html-frame",
            "render holedox samples/holedox.in --frame 1 -o $TMP/snake.html",
        )
        .output("snake.html"),
        inv("render-error-bad-input", "render curling --case 2 -o -").stdin(CURLING_MALFORMED[0].1),
        inv("render-error-bad-input-first", "render holedox -o -").stdin(HOLEDOX_MALFORMED[4].1),
        inv(
            "render-error-unwritable",
            "render curling samples/curling.in -o $TMP/no/such/dir/x.svg",
        ),
    ]
}

fn generate_table() -> Vec<Inv> {
    vec![
        inv(
            "generate-curling-9x5",
            "generate curling --size 9x5 --count 7 --seed 1",
        ),
        inv(
            "generate-curling-json",
            "generate curling --size 8x8 --count 4 --seed 7 --answer 3..6 --format json",
        ),
        inv(
            "generate-curling-answers-file",
            "generate curling --size 10x10 --count 12 --seed 5 --answer 2..12 --max-throws 12 \
             -o $TMP/c.in --answers $TMP/c.out",
        )
        .output("c.in")
        .output("c.out"),
        inv(
            "generate-curling-answers-file-stdout",
            "generate curling --size 6x6 --count 3 --seed 2 --answers $TMP/c.out",
        )
        .output("c.out"),
        inv(
            "generate-curling-json-to-file",
            "generate curling --size 6x6 --count 2 --seed 2 --format json -o $TMP/c.jsonl",
        )
        .output("c.jsonl"),
        inv(
            "generate-curling-unsolvable",
            "generate curling --size 8x6 --count 5 --seed 3 --answer -1",
        ),
        inv(
            "generate-curling-unsolvable-answers",
            "generate curling --size 5x5 --count 3 --seed 3 --answer -1 --answers $TMP/c.out",
        )
        .output("c.out"),
        inv(
            "generate-curling-blocks-30",
            "generate curling --size 12x12 --count 5 --seed 7 --blocks 30",
        ),
        inv(
            "generate-curling-blocks-0",
            "generate curling --size 7x4 --count 3 --seed 7 --blocks 0",
        ),
        inv(
            "generate-curling-max-throws-none",
            "generate curling --size 10x10 --count 3 --seed 4 --max-throws none --answer 11..13",
        ),
        inv(
            "generate-curling-exact-answer",
            "generate curling --size 8x8 --count 2 --seed 7 --answer 3",
        ),
        inv(
            "generate-curling-12x8-answer-3-7",
            "generate curling --size 12x8 --count 10 --answer 3..7 --seed 42",
        ),
        inv(
            "generate-curling-default-count",
            "generate curling --size 5x5 --seed 9",
        ),
        inv(
            "generate-curling-count-0",
            "generate curling --size 5x5 --count 0 --seed 9",
        ),
        inv(
            "generate-curling-gives-up",
            "generate curling --size 3x1 --answer 5 --max-throws none --attempts 300 --seed 1",
        ),
        inv(
            "generate-curling-max-states",
            "generate curling --size 8x8 --count 3 --seed 1 --max-states 3",
        ),
        inv(
            "generate-holedox-9x5",
            "generate holedox --size 9x5 --len 4 --count 6 --seed 1",
        ),
        inv(
            "generate-holedox-json",
            "generate holedox --size 9x6 --len 4 --count 8 --seed 2 --answer 6.. --format json",
        ),
        inv(
            "generate-holedox-lenient-exit-answers",
            "generate holedox --size 8x7 --len 5 --count 12 --seed 5 --answer 10..40 \
             --exit 7,8 --tail-rule lenient -o $TMP/h.in --answers $TMP/h.out",
        )
        .output("h.in")
        .output("h.out"),
        inv(
            "generate-holedox-stones-25",
            "generate holedox --size 9x6 --len 4 --count 5 --seed 2 --stones 25",
        ),
        inv(
            "generate-holedox-unsolvable",
            "generate holedox --size 7x7 --len 6 --count 5 --seed 3 --answer -1",
        ),
        inv(
            "generate-holedox-len-2-exit",
            "generate holedox --size 6x5 --len 2 --count 4 --seed 8 --exit 3,4 --format json",
        ),
        inv(
            "generate-holedox-10x8",
            "generate holedox --size 10x8 --len 5 --count 10 --seed 42",
        ),
        inv(
            "generate-holedox-gives-up",
            "generate holedox --size 3x3 --len 9 --stones 60 --attempts 500 --seed 1",
        ),
        // Usage errors.
        inv("generate-error-size-0x5", "generate curling --size 0x5"),
        inv("generate-error-size-huge", "generate curling --size 3000x5"),
        inv(
            "generate-error-size-1x1",
            "generate curling --size 1x1 --seed 1",
        ),
        inv("generate-error-no-size", "generate curling --count 3"),
        inv(
            "generate-error-empty-range",
            "generate curling --size 5x5 --answer 5..2",
        ),
        inv(
            "generate-error-answer-over-cap",
            "generate curling --size 5x5 --answer 12 --seed 1",
        ),
        inv(
            "generate-error-answer-x",
            "generate curling --size 5x5 --answer x",
        ),
        inv(
            "generate-error-blocks-101",
            "generate curling --size 5x5 --blocks 101",
        ),
        inv(
            "generate-error-len-too-long",
            "generate holedox --size 3x3 --len 12 --seed 1",
        ),
        inv("generate-error-no-len", "generate holedox --size 3x3"),
        inv(
            "generate-error-len-for-curling",
            "generate curling --size 5x5 --len 3",
        ),
        inv(
            "generate-error-exit-outside",
            "generate holedox --size 3x3 --len 2 --exit 4,1 --seed 1",
        ),
        inv(
            "generate-error-attempts-0",
            "generate curling --size 5x5 --attempts 0",
        ),
        inv(
            "generate-error-hardest-count",
            "generate curling --size 5x5 --hardest --count 3",
        ),
        inv(
            "generate-error-hardest-answer",
            "generate holedox --size 5x5 --len 3 --hardest --answer 3..",
        ),
        inv(
            "generate-error-hardest-time-0",
            "generate holedox --size 5x5 --len 3 --hardest --time 0",
        ),
        inv(
            "generate-error-hardest-attempts",
            "generate curling --size 5x5 --hardest --attempts 5",
        ),
        // Without --seed the seed comes from the clock and is printed.
        inv(
            "generate-error-clock-seed",
            "generate holedox --size 3x3 --len 12",
        )
        .clock_seed(),
        inv(
            "generate-error-unwritable",
            "generate curling --size 5x5 --seed 1 -o $TMP/no/such/dir/x.in",
        ),
    ]
}

/// Candidate programs for `stress`: they read their input and answer the
/// same whatever it is.
const UNPARSABLE: &str = "cat >/dev/null\necho banana\n";
/// A candidate that answers `-1` to its one case, in the puzzle's judge
/// line.
struct MinusOne;

impl gridpuzzle_registry::Visit for MinusOne {
    type Output = String;
    fn visit<P: gridpuzzle_registry::Registered>(self, _: P) -> String {
        let line = gridpuzzle_engine::puzzle::judge_line::<P>(1, "-1");
        // Quoted only when the shell needs it (so the recorded script of
        // a bare `-1` stays as it was).
        let line = if line.contains(' ') {
            format!("'{line}'")
        } else {
            line
        };
        format!("cat >/dev/null\necho {line}\n")
    }
}
const FAILS: &str = "cat >/dev/null\necho 'partial'\necho 'oops: bad input' >&2\nexit 4\n";
const SILENT: &str = "cat >/dev/null\n";

fn stress_table() -> Vec<Inv> {
    let mut t = Vec::new();
    for puzzle in RECORDED {
        let minus_1 = gridpuzzle_registry::visit(puzzle, MinusOne).unwrap();
        let minus_1 = minus_1.as_str();
        let name = |what: &str| format!("stress-{puzzle}-{what}");
        let args = |extra: &str| {
            // One dataset an input, as these candidates answer one; the
            // failing input saved in the scratch folder, not the checkout.
            format!("stress {puzzle} --candidate 'sh $TMP/candidate.sh' --cases 30 --seed 3 --size 6x6 --timeout 10 --datasets 1{extra}")
        };
        let here = " --save $TMP/stress-fail.in";
        t.push(inv(name("unparsable"), &args(here)).file("candidate.sh", UNPARSABLE));
        t.push(inv(name("wrong-number"), &args(here)).file("candidate.sh", minus_1));
        t.push(inv(name("exits-non-zero"), &args(here)).file("candidate.sh", FAILS));
        t.push(inv(name("silent"), &args(here)).file("candidate.sh", SILENT));
        t.push(
            inv(name("wrong-number-saved"), &args(" --save $TMP/fail.in"))
                .file("candidate.sh", minus_1)
                .output("fail.in"),
        );
        t.push(inv(
            name("correct"),
            &format!(
                "stress {puzzle} --candidate '$BIN solve {puzzle}' --cases 30 --seed 3 --size 6x6 --timeout 10"
            ),
        ));
    }
    t.push(
        inv(
            "stress-holedox-wrong-number-lenient",
            "stress holedox --tail-rule lenient --candidate 'sh $TMP/candidate.sh' --cases 30 --seed 3 --size 6x6 --timeout 10 --datasets 1 --save $TMP/stress-fail.in",
        )
        .file("candidate.sh", gridpuzzle_registry::visit("holedox", MinusOne).unwrap()),
    );
    t.push(
        inv(
            "stress-curling-wrong-number-max-throws-none",
            "stress curling --max-throws none --candidate 'sh $TMP/candidate.sh' --cases 30 --seed 5 --size 8x8 --timeout 10 --datasets 1 --save $TMP/stress-fail.in",
        )
        .file("candidate.sh", gridpuzzle_registry::visit("curling", MinusOne).unwrap()),
    );
    t.extend([
        inv("stress-error-no-candidate", "stress curling"),
        inv(
            "stress-error-input-file",
            "stress curling some-file.txt --candidate true",
        ),
        inv(
            "stress-error-no-such-program",
            "stress curling --candidate /no/such/program",
        ),
        inv(
            "stress-error-empty-candidate",
            "stress curling --candidate ''",
        ),
        inv(
            "stress-error-unbalanced-quote",
            "stress holedox --candidate \"sh 'oops\"",
        ),
        inv(
            "stress-error-timeout-0",
            "stress curling --candidate true --timeout 0",
        ),
        inv(
            "stress-error-size",
            "stress curling --candidate true --size 0x3",
        ),
    ]);
    t
}

const GOOD_CURLING_SAVE: &str = "\
# gridpuzzle saved game: `gridpuzzle play --load FILE` resumes it
gridpuzzle-save 1
puzzle curling
max-throws 10
source samples/curling.in, dataset 2
moves DLUR
at 3
board
6 6
1 0 0 2 1 0
1 1 0 0 0 0
0 0 0 0 0 3
0 0 0 0 0 0
1 0 0 0 0 1
0 1 1 1 1 1
0 0
";

const GOOD_HOLEDOX_SAVE: &str = "\
gridpuzzle-save 1
puzzle holedox
tail-rule lenient
exit 1,1
moves DR
board
5 6 4
4 1
4 2
3 2
3 1
3
2 3
3 3
3 4
0 0 0
";

fn play_table() -> Vec<Inv> {
    let load = |name: &str, text: &str| {
        inv(name, "play --load $TMP/game.save").file("game.save", text.to_string())
    };
    vec![
        load("play-load-curling-good", GOOD_CURLING_SAVE),
        load("play-load-holedox-good", GOOD_HOLEDOX_SAVE),
        load(
            "play-load-unknown-puzzle",
            &GOOD_CURLING_SAVE.replace("puzzle curling", "puzzle sokoban"),
        ),
        load(
            "play-load-bad-move-letter",
            &GOOD_CURLING_SAVE.replace("moves DLUR", "moves DLXR"),
        ),
        load(
            "play-load-curling-moves-do-not-replay",
            &GOOD_CURLING_SAVE.replace("moves DLUR", "moves DLDR"),
        ),
        load(
            "play-load-holedox-moves-do-not-replay",
            &GOOD_HOLEDOX_SAVE.replace("moves DR", "moves RUUU"),
        ),
        load(
            "play-load-at-past-history",
            &GOOD_CURLING_SAVE.replace("at 3", "at 7"),
        ),
        load(
            "play-load-at-not-a-number",
            &GOOD_CURLING_SAVE.replace("at 3", "at three"),
        ),
        load(
            "play-load-unknown-setting",
            &GOOD_CURLING_SAVE.replace("max-throws 10", "colour blue"),
        ),
        load(
            "play-load-bad-max-throws",
            &GOOD_CURLING_SAVE.replace("max-throws 10", "max-throws lots"),
        ),
        load(
            "play-load-bad-tail-rule",
            &GOOD_HOLEDOX_SAVE.replace("tail-rule lenient", "tail-rule loose"),
        ),
        load(
            "play-load-bad-exit",
            &GOOD_HOLEDOX_SAVE.replace("exit 1,1", "exit 9,9"),
        ),
        load(
            "play-load-no-puzzle",
            &GOOD_CURLING_SAVE.replace("puzzle curling\n", ""),
        ),
        load("play-load-no-board", "gridpuzzle-save 1\npuzzle curling\n"),
        load(
            "play-load-empty-board",
            "gridpuzzle-save 1\npuzzle curling\nboard\n\n",
        ),
        load(
            "play-load-bad-board",
            &GOOD_CURLING_SAVE.replace("1 0 0 2 1 0", "1 0 0 2 9 0"),
        ),
        load("play-load-not-a-save", "hello\n"),
        load("play-load-empty-file", ""),
        inv("play-load-missing-file", "play --load $TMP/missing.save"),
        inv(
            "play-load-with-puzzle",
            "play curling samples/curling.in --load $TMP/game.save",
        )
        .file("game.save", GOOD_CURLING_SAVE),
        inv(
            "play-curling-file-case-2",
            "play curling samples/curling.in --case 2",
        ),
        inv(
            "play-holedox-seed",
            "play holedox --seed 7 --len 5 --answer 8..14",
        ),
        inv("play-error-no-puzzle", "play"),
        inv(
            "play-error-file-and-seed",
            "play curling samples/curling.in --seed 3",
        ),
        inv(
            "play-error-case-past-end",
            "play curling samples/curling.in --case 9",
        ),
        inv(
            "play-error-answer-over-cap",
            "play curling --seed 1 --answer 11..12",
        ),
        inv(
            "play-error-len-for-curling",
            "play curling --seed 1 --len 3",
        ),
        inv(
            "play-error-size-with-file",
            "play holedox samples/holedox.in --size 5x5",
        ),
        inv("play-error-bad-input", "play holedox - --case 2").stdin(HOLEDOX_MALFORMED[0].1),
        inv(
            "play-error-bad-input-before-case",
            "play holedox - --case 1",
        )
        .stdin(HOLEDOX_MALFORMED[4].1),
        inv("play-holedox-stdin-case-2", "play holedox - --case 2")
            .stdin_file("samples/holedox.in"),
    ]
}

fn help_table() -> Vec<Inv> {
    vec![
        inv("help-top", "--help"),
        inv("help-short", "-h"),
        inv("help-version", "--version"),
        inv("help-no-arguments", ""),
        inv("help-unknown-command", "frobnicate"),
        inv("help-solve", "solve --help"),
        inv("help-solve-curling", "solve curling --help"),
        inv("help-solve-holedox", "solve holedox --help"),
        inv("help-verify", "verify --help"),
        inv("help-render", "render --help"),
        inv("help-play", "play --help"),
        inv("help-generate", "generate --help"),
        inv("help-generate-curling", "generate curling --help"),
        inv("help-generate-holedox", "generate holedox --help"),
        inv("help-stress", "stress --help"),
        inv("help-serve", "serve --help"),
        inv("help-help-solve", "help solve"),
        inv("serve-error-port", "serve --port abc"),
        inv("serve-error-bind", "serve --bind nowhere"),
    ]
}

/// The judge kit's deterministic outputs: `validate`, `check`, `testset`
/// (without the hardest boards, which depend on the machine) and the help
/// pages of all four. `judge` prints times and memory, so its table is
/// tested in `judgekit.rs` instead.
fn judgekit_table() -> Vec<Inv> {
    let mut t = vec![
        inv(
            "validate-curling-sample",
            "validate curling --strict samples/curling.in",
        ),
        inv(
            "validate-holedox-sample",
            "validate holedox --strict samples/holedox.in",
        ),
        inv("validate-curling-violations", "validate curling --strict")
            .stdin("3 2 \n2 0 0\n0 0\n21 1\n2 3\n"),
        inv("validate-holedox-violations", "validate holedox").stdin(
            "3 21 9\n1 2\n1 3\n2 3\n2 2\n2 2\n3 5\n3 4\n3 3\n3 2\n3\n1 1\n2 3\n3 3 0\n0 0 0\n",
        ),
        inv(
            "check-curling-mixed",
            "check curling samples/curling.in $TMP/out.txt",
        )
        .file("out.txt", "1\n 4\n-1 throws\n3\n11\n"),
        inv(
            "check-curling-mixed-terse",
            "check curling samples/curling.in $TMP/out.txt --terse",
        )
        .file("out.txt", "1\n 4\n-1 throws\n3\n11\n"),
        inv(
            "check-curling-mixed-strict",
            "check curling samples/curling.in $TMP/out.txt --strict",
        )
        .file("out.txt", "1\n 4\n-1 throws\n3\n11\n"),
        // Called as testlib calls a checker: one line on standard error.
        inv(
            "check-curling-testlib",
            "check curling samples/curling.in $TMP/out.txt samples/curling.out",
        )
        .file("out.txt", "1\n 4\n-1 throws\n3\n11\n"),
        inv(
            "check-holedox-testlib-ok",
            "check holedox samples/holedox.in $TMP/out.txt samples/holedox.out",
        )
        .file("out.txt", "Case 1: 9 \r\nCase 2: -1"),
        inv(
            "check-curling-wrong-jury",
            "check curling samples/curling.in $TMP/out.txt $TMP/jury.txt",
        )
        .file("out.txt", "1\n4\n-1\n4\n10\n-1\n")
        .file("jury.txt", "1\n4\n4\n4\n10\n-1\n"),
        inv(
            "check-curling-malformed-jury",
            "check curling samples/curling.in $TMP/out.txt --answers $TMP/jury.txt",
        )
        .file("out.txt", "1\n4\n-1\n4\n10\n-1\n")
        .file("jury.txt", "1\n4\n-1\n4\nten\n-1\n"),
        inv(
            "check-holedox-answers",
            "check holedox samples/holedox.in $TMP/out.txt --answers samples/holedox.out",
        )
        .file("out.txt", "Case 1:9\nCase 2: 5\nCase 3: 1\n"),
        inv(
            "check-holedox-ok",
            "check holedox samples/holedox.in $TMP/out.txt",
        )
        .file("out.txt", "Case 1: 9\nCase 2: -1\n"),
        inv("check-no-output", "check curling samples/curling.in"),
        inv("testset-curling", "testset curling -o $TMP/set --hardest 0")
            .output("set/05")
            .output("set/05.a"),
        inv(
            "testset-holedox",
            "testset holedox -o $TMP/set --hardest 0 --seed 2",
        )
        .output("set/02")
        .output("set/02.a"),
        inv("testset-no-folder", "testset curling"),
    ];
    for command in ["validate", "check", "testset", "judge"] {
        t.push(inv(format!("help-{command}"), &format!("{command} --help")));
        t.push(inv(
            format!("help-{command}-holedox"),
            &format!("{command} holedox --help"),
        ));
    }
    t
}

// ---------------------------------------------------------------------------
// The tests

#[test]
fn golden_judgekit() {
    run_table(judgekit_table());
}

#[test]
fn golden_solve() {
    run_table(solve_table());
}

#[test]
fn golden_verify() {
    run_table(verify_table());
}

#[test]
fn golden_render() {
    run_table(render_table());
}

#[test]
fn golden_generate() {
    run_table(generate_table());
}

#[test]
fn golden_stress() {
    run_table(stress_table());
}

#[test]
fn golden_play() {
    run_table(play_table());
}

#[test]
fn golden_help() {
    run_table(help_table());
}

/// Every golden file belongs to an invocation and every name is used once,
/// so a renamed invocation cannot leave a stale file that guards nothing.
/// Blessing deletes the strays.
#[test]
fn golden_files_match_the_tables() {
    let mut names = BTreeSet::new();
    let tables = [
        solve_table(),
        verify_table(),
        render_table(),
        generate_table(),
        stress_table(),
        play_table(),
        help_table(),
        judgekit_table(),
    ];
    for inv in tables.iter().flatten() {
        assert!(
            names.insert(format!("{}.txt", inv.name)),
            "two invocations are named {}",
            inv.name
        );
    }
    let mut strays = Vec::new();
    if let Ok(dir) = std::fs::read_dir(golden_dir()) {
        for entry in dir {
            let entry = entry.expect("a directory entry");
            let file = entry.file_name().to_string_lossy().into_owned();
            if !names.contains(&file) {
                if blessing() {
                    std::fs::remove_file(entry.path()).expect("a stray golden file is removed");
                } else {
                    strays.push(file);
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "golden files that no invocation records (GOLDEN_BLESS=1 removes them): {strays:?}"
    );
}

#[test]
fn the_comparison_names_the_first_difference() {
    assert_eq!(
        zero_millis(r#"{"millis":0.0019039999999999999},"millis":12,"millis":1e-5}"#),
        r#"{"millis":0},"millis":0,"millis":0}"#
    );
    assert_eq!(
        hide_clock_seed("gridpuzzle: seed 123 (pass --seed 123 to repeat this run)\nseed 4\n"),
        "gridpuzzle: seed <clock> (pass --seed <clock> to repeat this run)\nseed 4\n"
    );
    let message = first_difference("a\nb\nc\n", "a\nx\nc\n");
    assert!(
        message.starts_with("first difference at line 2, column 1"),
        "{message}"
    );
    let message = first_difference("a\n", "a\nb\n");
    assert!(message.contains("goes on past"), "{message}");
    let message = first_difference("a\nb\n", "a\n");
    assert!(message.contains("ends before line 2"), "{message}");
    let long_a = format!("{}A{}", "x".repeat(300), "y".repeat(300));
    let long_b = format!("{}B{}", "x".repeat(300), "y".repeat(300));
    let message = first_difference(&long_a, &long_b);
    assert!(message.contains("column 301"), "{message}");
    assert!(message.contains("characters 241..360 of 601"), "{message}");
}
