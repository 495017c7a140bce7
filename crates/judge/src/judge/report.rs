//! What `judge` says of a program on a test folder, for three readers: a
//! person (the table's rows as the tests are judged, a summary, and the
//! first failing test explained — for a wrong answer, the known wrong
//! reading of the rules that gives the same number), a program (one JSON
//! document, [`JudgeJson`]) and a CI dashboard (JUnit XML, [`junit`]).
//! The command prints them where its options say.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Result;
use gridpuzzle_engine::search::Limits;
use gridpuzzle_engine::shown::shown;
use gridpuzzle_engine::words::counted;
use gridpuzzle_registry::Registered;
use serde::Serialize;

use super::{first_wrong, Judge, Judged, RunVerdict};
use crate::folder::Test;

/// The width of the table's first column: the longest test name, at
/// least 4 (`test`).
pub fn width<C>(tests: &[Test<C>]) -> usize {
    tests
        .iter()
        .map(|t| t.files.name.len())
        .max()
        .unwrap_or(4)
        .max(4)
}

/// The table's heading.
pub fn heading(width: usize) -> String {
    format!(
        "{:width$}  verdict  {:>7}  {:>7}  {:>8}  detail",
        "test", "cpu", "wall", "memory"
    )
}

/// A test's row of the table.
pub fn row<C>(t: &Test<C>, j: &Judged, width: usize) -> String {
    let cpu = j
        .run
        .cpu
        .map_or("-".to_string(), |t| format!("{:.2} s", t.as_secs_f64()));
    let wall = format!("{:.2} s", j.run.wall.as_secs_f64());
    let memory = j.run.peak.map_or("-".to_string(), |b| {
        format!("{:.1} MB", b as f64 / 1048576.0)
    });
    let title = t
        .title
        .as_deref()
        .map_or(String::new(), |n| format!("{n}: "));
    format!(
        "{:width$}  {:7}  {cpu:>7}  {wall:>7}  {memory:>8}  {title}{}",
        t.files.name,
        j.verdict.name(),
        j.detail
    )
}

/// After the table: the tests by verdict, and the slowest and largest
/// test, each line with its newline.
pub fn summary<C>(tests: &[Test<C>], judged: &[Judged]) -> String {
    let counts: Vec<String> = RunVerdict::ALL
        .iter()
        .filter_map(|v| {
            let n = judged.iter().filter(|j| j.verdict == *v).count();
            (n > 0).then(|| format!("{n} {}", v.name()))
        })
        .collect();
    let mut text = format!(
        "\n{}: {}\n",
        counted(judged.len() as u64, "test", "tests"),
        counts.join(", ")
    );
    let slowest = judged
        .iter()
        .zip(tests)
        .filter_map(|(j, t)| Some((j.run.cpu?, &t.files.name)))
        .max();
    let biggest = judged
        .iter()
        .zip(tests)
        .filter_map(|(j, t)| Some((j.run.peak?, &t.files.name)))
        .max();
    if let (Some((cpu, a)), Some((peak, b))) = (slowest, biggest) {
        text.push_str(&format!(
            "slowest: {a} ({:.2} s of CPU time); most memory: {b} ({:.1} MB)\n",
            cpu.as_secs_f64(),
            peak as f64 / 1048576.0
        ));
    }
    text
}

/// The first failing test, in detail (each line with its newline); `None`
/// when every test is AC. A wrong answer is diagnosed within `limits`.
pub fn first_failure<P: Registered>(
    puzzle: &P,
    tests: &[Test<P::Case>],
    judged: &[Judged],
    limits: &Limits,
) -> Option<String> {
    let (j, t) = judged
        .iter()
        .zip(tests)
        .find(|(j, _)| j.verdict != RunVerdict::Ac)?;
    let unit = P::INFO.unit;
    let title = t
        .title
        .as_deref()
        .map_or(String::new(), |n| format!(" ({n})"));
    let mut lines = vec![format!(
        "\nFirst failing test: {}{title}, {}, input {}",
        t.files.name,
        j.verdict.name(),
        t.files.input.display()
    )];
    if let Some(report) = &j.report {
        for f in report.findings.iter().take(10) {
            lines.push(format!("  {}", shown(&f.describe(unit))));
        }
        if report.findings.len() > 10 {
            lines.push(format!("  ... and {} more", report.findings.len() - 10));
        }
        if let Some(wrong) = first_wrong(puzzle, t, report, limits) {
            lines.push(format!(
                "\nThe first wrong answer, {unit} {}: printed {}, the answer is {}.",
                wrong.case,
                shown(&wrong.printed.to_string()),
                wrong.answer
            ));
            lines.extend(wrong.diagnosis.lines.iter().map(|l| format!("  {l}")));
            if wrong.text.lines().count() <= 30 {
                lines.push(format!("The {unit}:"));
                lines.extend(wrong.text.lines().map(|l| format!("  {l}")));
            }
        }
    } else if !j.run.stderr.trim().is_empty() {
        lines.push("Its standard error:".to_string());
        // The candidate's own bytes: shown, never obeyed.
        let stderr = j.run.stderr.lines().take(10);
        lines.extend(stderr.map(|l| format!("  {}", shown(l))));
    }
    Some(lines.iter().map(|l| format!("{l}\n")).collect())
}

/// `judge --format json`: one document for the whole run.
#[derive(Debug, Serialize)]
pub struct JudgeJson {
    pub puzzle: &'static str,
    /// The test folder and the program, as given.
    pub folder: String,
    pub candidate: String,
    /// The limits: CPU seconds a test, megabytes of peak resident memory
    /// (`null`: none), and whether outputs were compared byte for byte.
    pub time_limit: f64,
    pub memory_limit_mb: Option<u64>,
    pub strict: bool,
    /// Every test AC (the exit status is 0).
    pub passed: bool,
    /// Tests by verdict (`AC`, `WA`, ...), only the verdicts given.
    pub counts: BTreeMap<&'static str, usize>,
    /// Each test, in the folder's order.
    pub tests: Vec<TestJson>,
}

/// One test of [`JudgeJson`].
#[derive(Debug, Serialize)]
pub struct TestJson {
    /// `01`, or `NAME` for `NAME.in`; its title in the folder's manifest.
    pub name: String,
    pub title: Option<String>,
    pub input: String,
    /// `AC`, `WA`, `PE`, `TLE`, `MLE`, `RE` or `OLE`, and the table's line
    /// saying why.
    pub verdict: &'static str,
    pub detail: String,
    /// CPU and wall-clock seconds, peak resident megabytes (`null` where
    /// not measured).
    pub cpu_seconds: Option<f64>,
    pub wall_seconds: f64,
    pub peak_mb: Option<f64>,
    /// The checker's problems with the output, for a checked run (the
    /// first ten).
    pub findings: Vec<String>,
}

impl Judge {
    /// The run as [`JudgeJson`]: `candidate` as the user gave it, on the
    /// test folder `dir`.
    pub fn json<P: Registered>(
        &self,
        dir: &Path,
        candidate: &str,
        tests: &[Test<P::Case>],
        judged: &[Judged],
    ) -> JudgeJson {
        let mut counts = BTreeMap::new();
        for j in judged {
            *counts.entry(j.verdict.name()).or_insert(0) += 1;
        }
        JudgeJson {
            puzzle: P::INFO.name,
            folder: dir.display().to_string(),
            candidate: candidate.to_string(),
            time_limit: self.limits.time.as_secs_f64(),
            memory_limit_mb: self.limits.memory.map(|b| b >> 20),
            strict: self.strict,
            passed: judged.iter().all(|j| j.verdict == RunVerdict::Ac),
            counts,
            tests: tests
                .iter()
                .zip(judged)
                .map(|(t, j)| TestJson {
                    name: t.files.name.clone(),
                    title: t.title.clone(),
                    input: t.files.input.display().to_string(),
                    verdict: j.verdict.name(),
                    detail: j.detail.clone(),
                    cpu_seconds: j.run.cpu.map(|c| c.as_secs_f64()),
                    wall_seconds: j.run.wall.as_secs_f64(),
                    peak_mb: j.run.peak.map(|b| b as f64 / 1048576.0),
                    findings: j
                        .report
                        .iter()
                        .flat_map(|r| r.findings.iter().take(10))
                        .map(|f| f.describe(P::INFO.unit))
                        .collect(),
                })
                .collect(),
        }
    }
}

/// `judge --format junit`: JUnit XML as CI dashboards read it (Jenkins,
/// GitLab, GitHub's test reporters): one `testsuite` for the run, one
/// `testcase` a test (its time the wall-clock time), and a `failure`
/// element for a test that is not AC, its `type` the verdict and its
/// `message` the table's detail. Written with quick-xml, which escapes
/// what a program printed.
pub fn junit<P: Registered>(tests: &[Test<P::Case>], judged: &[Judged]) -> Result<Vec<u8>> {
    use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
    let mut w = quick_xml::Writer::new_with_indent(Vec::new(), b' ', 2);
    let failures = judged
        .iter()
        .filter(|j| j.verdict != RunVerdict::Ac)
        .count();
    let time: f64 = judged.iter().map(|j| j.run.wall.as_secs_f64()).sum();
    let (n, failures, time) = (
        judged.len().to_string(),
        failures.to_string(),
        format!("{time:.3}"),
    );
    let name = format!("gridpuzzle judge {}", P::INFO.name);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    // The run's totals, on the suites and on the suite alike.
    let totals = |tag: &'static str, name: &str| {
        let mut start = BytesStart::new(tag);
        start.push_attribute(("name", name));
        start.push_attribute(("tests", n.as_str()));
        start.push_attribute(("failures", failures.as_str()));
        start.push_attribute(("errors", "0"));
        start.push_attribute(("time", time.as_str()));
        Event::Start(start)
    };
    w.write_event(totals("testsuites", &name))?;
    w.write_event(totals("testsuite", P::INFO.name))?;
    for (t, j) in tests.iter().zip(judged) {
        let name = match &t.title {
            Some(title) => format!("{} ({title})", t.files.name),
            None => t.files.name.clone(),
        };
        let time = format!("{:.3}", j.run.wall.as_secs_f64());
        let mut case = BytesStart::new("testcase");
        case.push_attribute(("name", name.as_str()));
        case.push_attribute(("classname", P::INFO.name));
        case.push_attribute(("time", time.as_str()));
        if j.verdict == RunVerdict::Ac {
            w.write_event(Event::Empty(case))?;
            continue;
        }
        w.write_event(Event::Start(case))?;
        let detail = shown(&j.detail);
        let mut failure = BytesStart::new("failure");
        failure.push_attribute(("type", j.verdict.name()));
        failure.push_attribute(("message", &*detail));
        w.write_event(Event::Start(failure))?;
        let mut body = format!("{}: {detail}", j.verdict.name());
        if let Some(report) = &j.report {
            for f in report.findings.iter().take(10) {
                body.push('\n');
                body.push_str(&shown(&f.describe(P::INFO.unit)));
            }
        }
        w.write_event(Event::Text(BytesText::new(&body)))?;
        w.write_event(Event::End(BytesEnd::new("failure")))?;
        w.write_event(Event::End(BytesEnd::new("testcase")))?;
    }
    w.write_event(Event::End(BytesEnd::new("testsuite")))?;
    w.write_event(Event::End(BytesEnd::new("testsuites")))?;
    let mut xml = w.into_inner();
    xml.push(b'\n');
    Ok(xml)
}
