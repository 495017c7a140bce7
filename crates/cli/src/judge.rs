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
//! without an answer file is answered by the solver.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::diagnose::diagnose;
use gridpuzzle_engine::generate::answer_of;
use gridpuzzle_engine::pool::{Flow, Pool, Sink, Stop};
use gridpuzzle_engine::puzzle::counted;
use gridpuzzle_judge::checker::{self, Checker, Judgement};
use gridpuzzle_judge::run::{self, PipeCap, RunLimits, Spec, Stdin};
use gridpuzzle_registry::{Entry, Puzzle, Visit};

use crate::args::{BudgetArgs, Cap, PuzzleArgs, PuzzleHelp};
use crate::Exit;

/// The most bytes of standard output kept; more is "output limit
/// exceeded". Judge outputs of these puzzles are kilobytes.
const OUTPUT_CAP: usize = 16 << 20;

/// The most bytes of standard error kept (more is read and dropped).
const ERROR_CAP: usize = 64 << 10;

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

    /// Megabytes of memory (address space) a test may use; `none`: no limit
    #[arg(long, global = true, value_name = "MB|none", default_value = "256", value_parser = parse_megabytes)]
    pub memory_limit: Cap<u64>,

    /// Tests run at once, 1 to 256 (times are CPU times, so they stay fair)
    #[arg(long, global = true, value_name = "N", default_value = "1", value_parser = crate::solve::parse_jobs)]
    pub jobs: usize,

    #[command(flatten)]
    pub budget: BudgetArgs,
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
test folder that cannot be read or a program that cannot be started.";

/// The help after `judge --help`.
pub fn after_help() -> String {
    format!(
        "The program runs with your user's rights: it can do anything you can do. Only judge \
         programs you trust.\n\n\
         Each test's input is given on standard input; the output must be the judge's output \
         exactly. Verdicts: AC accepted, WA wrong answer (or answers missing), PE presentation \
         error (right numbers written otherwise), TLE over the CPU time limit (or killed at \
         twice it in wall-clock time), MLE over the memory limit (an allocation refused under \
         the address-space limit: the program's error names it), RE runtime error (another \
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
            e.format_help,
            name = e.name
        )
    }
}

pub fn run(cmd: JudgeCommand) -> Result<Exit> {
    let Some(candidate) = &cmd.candidate else {
        bail!("give the program to judge with --candidate 'CMD ARGS'");
    };
    let argv = shell_words::split(candidate)
        .with_context(|| format!("cannot split the candidate command {candidate:?}"))?;
    if argv.is_empty() {
        bail!("--candidate needs a command, such as --candidate './my-solution'");
    }
    let Some(dir) = cmd.puzzle.file.clone() else {
        bail!("give the test folder: judge PUZZLE --candidate 'CMD ARGS' DIR");
    };
    let tests = find_tests(&dir)?;
    if tests.is_empty() {
        bail!(
            "{} holds no test: expected `01`, `01.a`, ... (as `gridpuzzle testset` writes) or \
             `NAME.in` files",
            dir.display()
        );
    }
    let limits = RunLimits {
        time: Duration::from_secs_f64(cmd.time_limit),
        memory: cmd.memory_limit.0.map(|mb| mb << 20),
    };
    cmd.puzzle.visit(Judge {
        argv,
        dir,
        tests,
        limits,
        jobs: cmd.jobs,
        budget: cmd.budget,
    })
}

/// One test of the folder.
#[derive(Debug, Clone)]
struct TestFiles {
    name: String,
    input: PathBuf,
    answer: Option<PathBuf>,
}

/// The tests of `dir`, in order: numbered ones by number, then `.in` ones
/// by name.
fn find_tests(dir: &Path) -> Result<Vec<TestFiles>> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the test folder {}", dir.display()))?;
    let mut names: Vec<String> = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        if let Some(name) = entry.file_name().to_str() {
            names.push(name.to_string());
        }
    }
    let has = |n: &str| names.iter().any(|m| m == n);
    let mut numbered: Vec<(u64, TestFiles)> = Vec::new();
    let mut named: Vec<TestFiles> = Vec::new();
    for name in &names {
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            let answer = format!("{name}.a");
            numbered.push((
                name.parse().unwrap_or(u64::MAX),
                TestFiles {
                    name: name.clone(),
                    input: dir.join(name),
                    answer: has(&answer).then(|| dir.join(answer)),
                },
            ));
        } else if let Some(stem) = name.strip_suffix(".in") {
            let answer = [format!("{stem}.out"), format!("{stem}.ans")]
                .into_iter()
                .find(|a| has(a))
                .map(|a| dir.join(a));
            named.push(TestFiles {
                name: stem.to_string(),
                input: dir.join(name),
                answer,
            });
        }
    }
    numbered.sort_by(|a, b| (a.0, &a.1.name).cmp(&(b.0, &b.1.name)));
    named.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(numbered.into_iter().map(|(_, t)| t).chain(named).collect())
}

/// The tests' titles from a `manifest.json` that `testset` wrote, if any.
fn titles(dir: &Path) -> BTreeMap<String, String> {
    let Ok(text) = std::fs::read_to_string(dir.join("manifest.json")) else {
        return BTreeMap::new();
    };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return BTreeMap::new();
    };
    json.get("tests")
        .and_then(|t| t.as_array())
        .map(|tests| {
            tests
                .iter()
                .filter_map(|t| {
                    Some((
                        t.get("input")?.as_str()?.to_string(),
                        t.get("name")?.as_str()?.to_string(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

struct Judge {
    argv: Vec<String>,
    dir: PathBuf,
    tests: Vec<TestFiles>,
    limits: RunLimits,
    jobs: usize,
    budget: BudgetArgs,
}

/// A test made ready: its cases and answers.
struct Ready<C> {
    files: TestFiles,
    title: Option<String>,
    cases: Vec<C>,
    answers: Vec<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    Ac,
    Wa,
    Pe,
    Tle,
    Mle,
    Re,
    Ole,
}

impl Verdict {
    const ALL: [Verdict; 7] = [
        Verdict::Ac,
        Verdict::Wa,
        Verdict::Pe,
        Verdict::Tle,
        Verdict::Mle,
        Verdict::Re,
        Verdict::Ole,
    ];

    fn name(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Re => "RE",
            Verdict::Ole => "OLE",
        }
    }
}

/// A judged test.
struct Judged {
    verdict: Verdict,
    /// One line for the table.
    detail: String,
    run: run::Run,
    report: Option<checker::Report>,
}

/// What the standard error of a program refused memory says, in the
/// common languages' words.
const OUT_OF_MEMORY: &[&str] = &[
    "memory allocation of",
    "bad_alloc",
    "memoryerror",
    "outofmemoryerror",
    "out of memory",
    "cannot allocate memory",
    "failed to allocate",
];

fn signal_name(sig: i32) -> String {
    match Signal::try_from(sig) {
        Ok(s) => format!("signal {sig} ({s})"),
        Err(_) => format!("signal {sig}"),
    }
}

use nix::sys::signal::Signal;

impl Judge {
    /// The verdict of one run on `test`.
    fn verdict<P: Puzzle>(&self, test: &Ready<P::Case>, run: run::Run) -> Judged {
        let limit = self.limits.time.as_secs_f64();
        let over_cpu = run.cpu.is_some_and(|c| c > self.limits.time);
        let out_of_memory = {
            let err = run.stderr.to_lowercase();
            OUT_OF_MEMORY.iter().any(|w| err.contains(w))
                || run
                    .peak
                    .zip(self.limits.memory)
                    .is_some_and(|(peak, max)| peak > max)
        };
        let judged = |verdict, detail: String, report| Judged {
            verdict,
            detail,
            run: run.clone(),
            report,
        };
        let mb = |b: u64| format!("{} MB", b >> 20);
        match &run.ended {
            run::Ended::TimedOut | run::Ended::Cancelled => judged(
                Verdict::Tle,
                format!(
                    "killed after {:.1} s of wall-clock time (limit {limit} s of CPU time)",
                    run.wall.as_secs_f64()
                ),
                None,
            ),
            _ if over_cpu => judged(
                Verdict::Tle,
                format!(
                    "{:.2} s of CPU time, over the limit of {limit} s",
                    run.cpu.unwrap_or_default().as_secs_f64()
                ),
                None,
            ),
            run::Ended::TooMuchOutput => judged(
                Verdict::Ole,
                format!("printed more than {} MB", OUTPUT_CAP >> 20),
                None,
            ),
            run::Ended::Signaled(sig) if *sig == Signal::SIGXCPU as i32 => judged(
                Verdict::Tle,
                format!("stopped by the CPU time limit ({})", signal_name(*sig)),
                None,
            ),
            run::Ended::Signaled(_) | run::Ended::Exited(_)
                if out_of_memory && run.ended != run::Ended::Exited(0) =>
            {
                judged(
                    Verdict::Mle,
                    format!(
                        "out of memory under the limit of {}{}",
                        self.limits.memory.map_or("(none)".into(), mb),
                        first_line(&run.stderr)
                    ),
                    None,
                )
            }
            run::Ended::Signaled(sig) => judged(
                Verdict::Re,
                format!("killed by {}{}", signal_name(*sig), first_line(&run.stderr)),
                None,
            ),
            run::Ended::Exited(code) if *code != 0 => judged(
                Verdict::Re,
                format!("exit status {code}{}", first_line(&run.stderr)),
                None,
            ),
            run::Ended::NotStarted(why) => {
                judged(Verdict::Re, format!("could not be started: {why}"), None)
            }
            run::Ended::NoMemoryToStart(why) => judged(
                Verdict::Mle,
                format!(
                    "could not even start within the limit of {} ({why})",
                    self.limits.memory.map_or("(none)".into(), mb)
                ),
                None,
            ),
            run::Ended::Exited(_) => {
                let report = Checker::of::<P>().check_bytes(&test.answers, run.stdout.as_bytes());
                let (verdict, detail) = match report.judgement() {
                    Judgement::Accepted => (
                        Verdict::Ac,
                        counted(test.cases.len() as u64, P::UNIT, &format!("{}s", P::UNIT)),
                    ),
                    j => (
                        if j == Judgement::WrongAnswer {
                            Verdict::Wa
                        } else {
                            Verdict::Pe
                        },
                        report
                            .worst()
                            .map(|f| f.describe(P::UNIT))
                            .unwrap_or_default(),
                    ),
                };
                judged(verdict, detail, Some(report))
            }
        }
    }
}

/// `: ` and the first non-empty line of a program's standard error, if any.
fn first_line(stderr: &str) -> String {
    match stderr.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some(line) => {
            let short: String = line.chars().take(80).collect();
            format!(": {short}")
        }
        None => String::new(),
    }
}

impl Visit for Judge {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        let titles = titles(&self.dir);
        let mut ready: Vec<Ready<P::Case>> = Vec::new();
        for files in &self.tests {
            let reader = crate::input::open(Some(&files.input))?;
            let cases = puzzle
                .cases(reader)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| anyhow!("test {}: {e}", files.input.display()))?;
            let answers = match &files.answer {
                Some(path) => {
                    let text = std::fs::read_to_string(path)
                        .with_context(|| format!("cannot read {}", path.display()))?;
                    let answers = Checker::of::<P>()
                        .read_answers(&text)
                        .map_err(|e| anyhow!("{}, {e}", path.display()))?;
                    if answers.len() != cases.len() {
                        bail!(
                            "{} has {} for {} {}",
                            path.display(),
                            counted(answers.len() as u64, "answer", "answers"),
                            counted(cases.len() as u64, P::UNIT, &format!("{}s", P::UNIT)),
                            files.input.display()
                        );
                    }
                    answers
                }
                None => cases
                    .iter()
                    .enumerate()
                    .map(|(i, case)| {
                        answer_of(&puzzle.solve(case, &self.budget.limits())).ok_or_else(|| {
                            anyhow!(
                                "test {}, {} {}: our search ran out of its budget and the test \
                                 has no answer file; raise --timeout or write the answers",
                                files.name,
                                P::UNIT,
                                i + 1
                            )
                        })
                    })
                    .collect::<Result<Vec<_>>>()?,
            };
            ready.push(Ready {
                title: titles.get(&files.name).cloned(),
                files: files.clone(),
                cases,
                answers,
            });
        }
        self.judge_all(&puzzle, &ready)
    }
}

impl Judge {
    fn judge_all<P: Puzzle>(&self, puzzle: &P, tests: &[Ready<P::Case>]) -> Result<Exit> {
        let scratch = Scratch::new()?;
        let width = tests
            .iter()
            .map(|t| t.files.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        {
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "{:width$}  verdict  {:>7}  {:>7}  detail",
                "test", "time", "memory"
            )?;
            out.flush()?;
        }
        let pool = Pool {
            jobs: self.jobs.min(tests.len()),
            window: self.jobs * 4,
            name: "judge",
        };
        let run_one = |i: usize, _: &Stop| {
            let stats = scratch.path(i);
            let spec = Spec {
                argv: &self.argv,
                stdin: Stdin::File(&tests[i].files.input),
                wall: self.limits.wall(),
                caps: [
                    PipeCap {
                        bytes: OUTPUT_CAP,
                        fatal: true,
                    },
                    PipeCap {
                        bytes: ERROR_CAP,
                        fatal: false,
                    },
                ],
                cancel: None,
                limited: Some((self.limits, &stats)),
            };
            run::run(&spec)
        };
        let mut rows = Rows::<P> {
            judge: self,
            tests,
            width,
            judged: Vec::new(),
            error: None,
        };
        pool.run(run_one, &mut rows, |feeder| {
            (0..tests.len()).all(|i| feeder.send(i))
        })
        .context("cannot start a thread to run the tests with")?;
        if let Some(e) = rows.error {
            return Err(e);
        }
        let judged = rows.judged;
        let mut out = std::io::stdout().lock();
        let counts: Vec<String> = Verdict::ALL
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
            .zip(tests)
            .filter_map(|(j, t)| Some((j.run.cpu?, &t.files.name)))
            .max();
        let biggest = judged
            .iter()
            .zip(tests)
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
            .zip(tests)
            .find(|(j, _)| j.verdict != Verdict::Ac)
        else {
            return Ok(Exit::Ok);
        };
        self.explain_failure(puzzle, &mut out, j, t)?;
        Ok(Exit::PlanRejected)
    }

    /// The first failing test, in detail.
    fn explain_failure<P: Puzzle>(
        &self,
        puzzle: &P,
        out: &mut impl Write,
        j: &Judged,
        t: &Ready<P::Case>,
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
                writeln!(out, "  {}", f.describe(P::UNIT))?;
            }
            if report.findings.len() > 10 {
                writeln!(out, "  ... and {} more", report.findings.len() - 10)?;
            }
            if let Some((n, printed)) = report.first_wrong() {
                let case = &t.cases[n as usize - 1];
                let diagnosis = diagnose(puzzle, case, printed, &self.budget.limits());
                writeln!(
                    out,
                    "\nThe first wrong answer, {} {n}: printed {printed}, the answer is {}.",
                    P::UNIT,
                    t.answers[n as usize - 1]
                )?;
                for line in &diagnosis.lines {
                    writeln!(out, "  {line}")?;
                }
                let text = puzzle.write_case(case);
                if text.lines().count() <= 30 {
                    writeln!(out, "The {}:", P::UNIT)?;
                    for line in text.lines() {
                        writeln!(out, "  {line}")?;
                    }
                }
            }
        } else if !j.run.stderr.trim().is_empty() {
            writeln!(out, "Its standard error:")?;
            for line in j.run.stderr.lines().take(10) {
                writeln!(out, "  {line}")?;
            }
        }
        Ok(())
    }
}

/// The pool's sink: each test's verdict, its row printed in test order.
struct Rows<'a, P: Puzzle> {
    judge: &'a Judge,
    tests: &'a [Ready<P::Case>],
    width: usize,
    judged: Vec<Judged>,
    /// Why the run stopped early.
    error: Option<anyhow::Error>,
}

impl<P: Puzzle> Sink<std::io::Result<run::Run>> for Rows<'_, P> {
    fn take(&mut self, i: usize, r: std::io::Result<run::Run>) -> Flow {
        let argv0 = &self.judge.argv[0];
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                self.error =
                    Some(anyhow!(e).context(format!("cannot run the candidate {argv0:?}")));
                return Flow::Stop;
            }
        };
        if let run::Ended::NotStarted(why) = &r.ended {
            self.error = Some(anyhow!("cannot run the candidate {argv0:?}: {why}"));
            return Flow::Stop;
        }
        let j = self.judge.verdict::<P>(&self.tests[i], r);
        let t = &self.tests[i];
        let time = match (j.verdict, j.run.cpu) {
            (Verdict::Tle, _) | (_, None) => format!("{:.2} s", j.run.wall.as_secs_f64()),
            (_, Some(cpu)) => format!("{:.2} s", cpu.as_secs_f64()),
        };
        let memory = j.run.peak.map_or("-".to_string(), |b| {
            format!("{:.1} MB", b as f64 / 1048576.0)
        });
        let title = t
            .title
            .as_deref()
            .map_or(String::new(), |n| format!("{n}: "));
        let mut out = std::io::stdout().lock();
        let written = writeln!(
            out,
            "{:width$}  {:7}  {time:>7}  {memory:>7}  {title}{}",
            t.files.name,
            j.verdict.name(),
            j.detail,
            width = self.width
        )
        .and_then(|()| out.flush());
        self.judged.push(j);
        match written {
            Ok(()) => Flow::Go,
            Err(e) => {
                self.error = Some(e.into());
                Flow::Stop
            }
        }
    }
}

/// A private folder for the helpers' stats files, removed at the end.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new() -> Result<Scratch> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir =
            std::env::temp_dir().join(format!("gridpuzzle-judge-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch { dir })
    }

    fn path(&self, i: usize) -> PathBuf {
        self.dir.join(format!("{i}.stats"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
