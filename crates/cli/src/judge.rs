//! `gridpuzzle judge`: run a program on a test folder, as an online judge
//! (or online-judge-tools' `oj t`) does.
//!
//! Each test is run under a time and a memory limit (see
//! `gridpuzzle_judge::run` for how the limits are set and measured), its
//! output judged by the same checker as `check` and `stress`
//! (`gridpuzzle_judge::checker`) against the test's answer file, and given
//! one verdict: AC, WA, PE (right numbers written otherwise), TLE, MLE, RE
//! or OLE (output over the cap). A table of the tests, a summary and, for
//! the first failing test, what went wrong — with the diagnosis of a wrong
//! answer, the known wrong reading of the rules that gives the same number
//! — follow, so a contestant sees at
//! once *why* a solution fails, not only where.
//!
//! A test folder is what `gridpuzzle testset` writes (Polygon's layout:
//! `01`, `01.a`, ... and a `manifest.json` that names the tests), or
//! `NAME.in` with `NAME.out` or `NAME.ans` as `oj` keeps them; a test
//! without an answer file is answered by the solver. Finding the tests,
//! running and judging them are the judge kit's (`gridpuzzle_judge::folder`
//! and `gridpuzzle_judge::judge`); this file reads the command line and
//! prints the table, the summary and the first failing test.

use gridpuzzle_registry::Registered;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use std::collections::BTreeMap;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use gridpuzzle_engine::shown::shown;
use gridpuzzle_engine::words::counted;
use gridpuzzle_judge::folder::{self, Test, TestFiles};
use gridpuzzle_judge::judge::{first_wrong, Judge, Judged, RunVerdict, OUTPUT_CAP};
use gridpuzzle_judge::run::RunLimits;
use gridpuzzle_registry::{Entry, Visit};
use serde::Serialize;

use crate::args::{BudgetArgs, Cap, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;

#[derive(Debug, Args)]
pub struct JudgeCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<JudgeHelp>,

    /// The program to judge, with its arguments, as one string ('CMD ARGS')
    #[arg(long, global = true, value_name = "'CMD ARGS'")]
    pub candidate: Option<String>,

    /// CPU seconds a test may take (decimals allowed); the wall clock
    /// allows twice as much, at least one second more
    #[arg(long, global = true, value_name = "SECS", default_value = "2", value_parser = crate::args::parse_seconds)]
    pub time_limit: f64,

    /// Megabytes of peak resident memory a test may use (the program and
    /// all it starts; its stack may grow as large); `none`: no limit
    #[arg(long, global = true, value_name = "MB|none", default_value = "256", value_parser = parse_megabytes)]
    pub memory_limit: Cap<u64>,

    /// Tests run at once, 1 to 256 (times are CPU times, so they stay fair)
    #[arg(long, global = true, value_name = "N", default_value = "1", value_parser = crate::solve::parse_jobs)]
    pub jobs: usize,

    /// Compare outputs byte for byte, as the judge prints them (a trailing space, a blank line between answers or answers on one line are presentation errors); by default outputs are compared token by token, as testlib and DOMjudge do
    #[arg(long, global = true)]
    pub strict: bool,

    /// `json`: one JSON document (each test's verdict, times, memory and detail); `junit`: JUnit XML, one testcase a test, for CI dashboards
    #[arg(long, global = true, value_enum, default_value_t = JudgeFormat::Text)]
    pub format: JudgeFormat,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// How `judge` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JudgeFormat {
    /// The table as the tests are judged, a summary, the first failing
    /// test explained.
    Text,
    /// One JSON document at the end ([`JudgeJson`]).
    Json,
    /// JUnit XML at the end ([`junit`]).
    Junit,
}

fn parse_megabytes(s: &str) -> Result<Cap<u64>, String> {
    if s == "none" {
        return Ok(Cap(None));
    }
    match s.parse::<u64>() {
        Ok(mb) if (1..=1 << 20).contains(&mb) => Ok(Cap(Some(mb))),
        _ => Err(format!(
            "expected megabytes from 1 to {} or `none`, found `{s}`",
            1 << 20
        )),
    }
}

const EXIT: &str = "Exit status: 0 every test AC, 1 some test failed, 2 usage error, a \
test folder that cannot be read or a program that cannot be started, 3 fail: an answer file \
is malformed or wrong (each jury answer is proved by the solver before a program is judged \
against it).";

/// The help after `judge --help`.
pub fn after_help() -> String {
    format!(
        "The program runs with your user's rights: it can do anything you can do. Only judge \
         programs you trust.\n\n\
         Each test's input is given on standard input; the output is compared with the judge's \
         token by token, as testlib and DOMjudge compare (with --strict, byte for byte), and \
         every answer file is proved by the solver first. Verdicts: AC accepted, WA wrong answer (or answers missing), PE presentation \
         error (right numbers written otherwise), TLE over the CPU time limit (or killed at \
         twice it in wall-clock time: the table shows both times, so a program that waits \
         or sleeps shows little CPU time), MLE over the memory limit (peak resident memory, \
         sampled every few milliseconds and read from the kernel at the end, as judges \
         measure it, so runtimes that reserve much more than they use start; or an \
         allocation refused: the program's error names it), RE runtime error (another \
         crash or a non-zero exit), OLE more than {} MB of output. The first failing test is \
         shown with what went wrong; for a wrong answer, which known wrong reading of the \
         rules gives the same number.\n\n{EXIT}\n\n{}",
        OUTPUT_CAP >> 20,
        crate::args::examples(&[
            "gridpuzzle judge {1} --candidate './a.out' tests",
            "gridpuzzle judge {2} --candidate 'python3 sol.py' --time-limit 1 --memory-limit 64 --jobs 2 tests",
        ])
    )
}

/// What `judge PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct JudgeHelp;

impl PuzzleHelp for JudgeHelp {
    const FILE_NAME: &'static str = "DIR";
    const FILE_HELP: &'static str = "The test folder: `01`, `01.a`, ... as `testset` writes it \
        (Polygon's layout), or `NAME.in` with `NAME.out` or `NAME.ans`";

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n{EXIT}\n\nExample:\n  gridpuzzle judge {name} --candidate './a.out' tests",
            e.info.format_help,
            name = e.name
        )
    }
}

pub fn run(cmd: JudgeCommand) -> Result<Exit> {
    let Some(candidate) = &cmd.candidate else {
        bail!("give the program to judge with --candidate 'CMD ARGS'");
    };
    let argv = crate::args::candidate_argv(candidate)?;
    let Some(dir) = cmd.puzzle.file.clone() else {
        bail!("give the test folder: judge PUZZLE --candidate 'CMD ARGS' DIR");
    };
    let tests = folder::find_tests(&dir)?;
    if tests.is_empty() {
        bail!(
            "{} holds no test: expected `01`, `01.a`, ... (as `gridpuzzle testset` writes) or \
             `NAME.in` files",
            dir.display()
        );
    }
    let judge = Judge {
        argv,
        limits: RunLimits {
            time: Duration::from_secs_f64(cmd.time_limit),
            memory: cmd.memory_limit.0.map(|mb| mb << 20),
        },
        jobs: cmd.jobs,
        strict: cmd.strict,
    };
    cmd.puzzle.visit(Folder {
        judge,
        dir,
        tests,
        budget: cmd.budget,
        format: cmd.format,
        candidate: candidate.clone(),
    })
}

struct Folder {
    judge: Judge,
    dir: PathBuf,
    tests: Vec<TestFiles>,
    budget: BudgetArgs,
    format: JudgeFormat,
    candidate: String,
}

impl Visit for Folder {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let titles = folder::titles(&self.dir);
        let limits = || self.budget.limits();
        let tests = self
            .tests
            .iter()
            .map(|files| folder::load(&puzzle, files, titles.get(&files.name).cloned(), &limits))
            .collect::<Result<Vec<_>>>();
        let tests = match tests {
            Ok(tests) => tests,
            // The jury is wrong: testlib's fail, not the program's fault
            // nor a usage error.
            Err(e) if e.downcast_ref::<folder::JuryError>().is_some() => {
                eprintln!("gridpuzzle: fail: {}", shown(&format!("{e:#}")));
                return Ok(Exit::Fail);
            }
            Err(e) => return Err(e),
        };
        let width = tests
            .iter()
            .map(|t| t.files.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let text = self.format == JudgeFormat::Text;
        if text {
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "{:width$}  verdict  {:>7}  {:>7}  {:>8}  detail",
                "test", "cpu", "wall", "memory"
            )?;
            out.flush()?;
        }
        let judged = self.judge.run_all::<P>(&tests, &mut |t, j| {
            if text {
                row(t, j, width)
            } else {
                Ok(())
            }
        })?;
        let mut out = std::io::stdout().lock();
        let passed = judged.iter().all(|j| j.verdict == RunVerdict::Ac);
        let exit = if passed { Exit::Ok } else { Exit::PlanRejected };
        match self.format {
            JudgeFormat::Text => {}
            JudgeFormat::Json => {
                let doc = self.json::<P>(&tests, &judged, passed);
                let mut text = serde_json::to_string_pretty(&doc)?;
                text.push('\n');
                out.write_all(text.as_bytes())?;
                return Ok(exit);
            }
            JudgeFormat::Junit => {
                out.write_all(&junit::<P>(&tests, &judged)?)?;
                return Ok(exit);
            }
        }
        let counts: Vec<String> = RunVerdict::ALL
            .iter()
            .filter_map(|v| {
                let n = judged.iter().filter(|j| j.verdict == *v).count();
                (n > 0).then(|| format!("{n} {}", v.name()))
            })
            .collect();
        writeln!(
            out,
            "\n{}: {}",
            counted(judged.len() as u64, "test", "tests"),
            counts.join(", ")
        )?;
        let slowest = judged
            .iter()
            .zip(&tests)
            .filter_map(|(j, t)| Some((j.run.cpu?, &t.files.name)))
            .max();
        let biggest = judged
            .iter()
            .zip(&tests)
            .filter_map(|(j, t)| Some((j.run.peak?, &t.files.name)))
            .max();
        if let (Some((cpu, a)), Some((peak, b))) = (slowest, biggest) {
            writeln!(
                out,
                "slowest: {a} ({:.2} s of CPU time); most memory: {b} ({:.1} MB)",
                cpu.as_secs_f64(),
                peak as f64 / 1048576.0
            )?;
        }
        let Some((j, t)) = judged
            .iter()
            .zip(&tests)
            .find(|(j, _)| j.verdict != RunVerdict::Ac)
        else {
            return Ok(Exit::Ok);
        };
        self.explain_failure(&puzzle, &mut out, j, t)?;
        Ok(Exit::PlanRejected)
    }
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

impl Folder {
    fn json<P: Registered>(
        &self,
        tests: &[Test<P::Case>],
        judged: &[Judged],
        passed: bool,
    ) -> JudgeJson {
        let mut counts = BTreeMap::new();
        for j in judged {
            *counts.entry(j.verdict.name()).or_insert(0) += 1;
        }
        JudgeJson {
            puzzle: P::INFO.name,
            folder: self.dir.display().to_string(),
            candidate: self.candidate.clone(),
            time_limit: self.judge.limits.time.as_secs_f64(),
            memory_limit_mb: self.judge.limits.memory.map(|b| b >> 20),
            strict: self.judge.strict,
            passed,
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
    let mut suites = BytesStart::new("testsuites");
    suites.push_attribute(("name", name.as_str()));
    suites.push_attribute(("tests", n.as_str()));
    suites.push_attribute(("failures", failures.as_str()));
    suites.push_attribute(("errors", "0"));
    suites.push_attribute(("time", time.as_str()));
    w.write_event(Event::Start(suites))?;
    let mut suite = BytesStart::new("testsuite");
    suite.push_attribute(("name", P::INFO.name));
    suite.push_attribute(("tests", n.as_str()));
    suite.push_attribute(("failures", failures.as_str()));
    suite.push_attribute(("errors", "0"));
    suite.push_attribute(("time", time.as_str()));
    w.write_event(Event::Start(suite))?;
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

/// A test's row of the table.
fn row<C>(t: &Test<C>, j: &Judged, width: usize) -> std::io::Result<()> {
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
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:width$}  {:7}  {cpu:>7}  {wall:>7}  {memory:>8}  {title}{}",
        t.files.name,
        j.verdict.name(),
        j.detail
    )?;
    out.flush()
}

impl Folder {
    /// The first failing test, in detail.
    fn explain_failure<P: Registered>(
        &self,
        puzzle: &P,
        out: &mut impl Write,
        j: &Judged,
        t: &Test<P::Case>,
    ) -> Result<()> {
        let title = t
            .title
            .as_deref()
            .map_or(String::new(), |n| format!(" ({n})"));
        writeln!(
            out,
            "\nFirst failing test: {}{title}, {}, input {}",
            t.files.name,
            j.verdict.name(),
            t.files.input.display()
        )?;
        if let Some(report) = &j.report {
            for f in report.findings.iter().take(10) {
                writeln!(out, "  {}", shown(&f.describe(P::INFO.unit)))?;
            }
            if report.findings.len() > 10 {
                writeln!(out, "  ... and {} more", report.findings.len() - 10)?;
            }
            if let Some(wrong) = first_wrong(puzzle, t, report, &self.budget.limits()) {
                writeln!(
                    out,
                    "\nThe first wrong answer, {} {}: printed {}, the answer is {}.",
                    P::INFO.unit,
                    wrong.case,
                    shown(&wrong.printed.to_string()),
                    wrong.answer
                )?;
                for line in &wrong.diagnosis.lines {
                    writeln!(out, "  {line}")?;
                }
                if wrong.text.lines().count() <= 30 {
                    writeln!(out, "The {}:", P::INFO.unit)?;
                    for line in wrong.text.lines() {
                        writeln!(out, "  {line}")?;
                    }
                }
            }
        } else if !j.run.stderr.trim().is_empty() {
            writeln!(out, "Its standard error:")?;
            // The candidate's own bytes: shown, never obeyed.
            for line in j.run.stderr.lines().take(10) {
                writeln!(out, "  {}", shown(line))?;
            }
        }
        Ok(())
    }
}
