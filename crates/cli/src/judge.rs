//! `gridpuzzle judge`: run a program on a test folder, as an online judge
//! (or online-judge-tools' `oj t`) does.
//!
//! Each test is run under a time and a memory limit (see
//! `gridpuzzle_judge::run` for how the limits are set and measured), its
//! output judged by the same checker as `check` and `stress`
//! (`gridpuzzle_judge::checker`) against the test's answer file, and given
//! one verdict: AC, WA, PE (with `--strict`, the judge's tokens spaced
//! otherwise), TLE (by CPU time alone), WLE (killed at the wall clock's
//! safety net within its CPU time), MLE, RE or OLE (output over the cap). A table of the tests, a summary and, for
//! the first failing test, what went wrong — with the diagnosis of a wrong
//! answer, the known wrong reading of the rules that gives the same number
//! — follow, so a contestant sees at
//! once *why* a solution fails, not only where.
//!
//! A test folder is what `gridpuzzle testset` writes (Polygon's layout:
//! `01`, `01.a`, ... and a `manifest.json` that names the tests), or
//! `NAME.in` with `NAME.out` or `NAME.ans` as `oj` keeps them; a test
//! without an answer file is answered by the solver, and a note on
//! standard error says so. The table's heading comes with its first row
//! (nothing before "cannot run the candidate"), and a reader that goes
//! away (`| head -1`) stops the printing, not the exit status. Finding the tests,
//! running and judging them, and the words of the table, the summary, the
//! first failing test and the JSON and JUnit reports are the judge kit's
//! (`gridpuzzle_judge::folder`, `gridpuzzle_judge::judge` and its
//! `report`); this file reads the command line and prints each row as its
//! test is judged, then the rest where `--format` says.

use gridpuzzle_registry::Registered;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use gridpuzzle_engine::shown::shown;
use gridpuzzle_judge::folder::{self, TestFiles};
use gridpuzzle_judge::json_document;
use gridpuzzle_judge::judge::report::{self, junit, JudgeJson};
use gridpuzzle_judge::judge::{Judge, RunVerdict, MEMORY_LIMIT_MB, OUTPUT_CAP};
use gridpuzzle_judge::run::RunLimits;
use gridpuzzle_registry::Visit;

use crate::args::{BudgetArgs, Cap, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;

#[derive(Debug, Args)]
pub struct JudgeCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<JudgeHelp>,

    /// The program to judge, with its arguments, as one string ('CMD ARGS')
    #[arg(long, global = true, value_name = "'CMD ARGS'")]
    pub candidate: Option<String>,

    /// CPU seconds a test may take (decimals allowed): TLE is judged by CPU
    /// time alone; the wall clock allows three times as much and a second
    /// more (past it: WLE)
    #[arg(long, global = true, value_name = "SECS", default_value = "2", value_parser = crate::args::parse_seconds)]
    pub time_limit: f64,

    /// Megabytes of peak resident memory a test may use (the program and
    /// all it starts; its stack may grow as large); `none`: no limit. The
    /// default is the one the problem packages state
    #[arg(long, global = true, value_name = "MB|none", default_value_t = Cap(Some(MEMORY_LIMIT_MB)), value_parser = parse_megabytes)]
    pub memory_limit: Cap<u64>,

    /// Tests run at once, 1 to 256 (TLE is judged by CPU time, so it stays fair; more than the cores available is warned of)
    #[arg(long, global = true, value_name = "N", default_value = "1", value_parser = gridpuzzle_engine::pool::parse_jobs)]
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
         Nothing the program starts outlives its test: whatever it does to its session, \
         process group, environment or parentage (setsid, env -i, a double fork), everything \
         it started is killed and reaped before the test's verdict is printed (the judge is \
         the subreaper of its orphans), and its memory and CPU time count toward the test's. \
         With --jobs, one test's cleanup never touches another's live processes.\n\n\
         Each test's input is given on standard input; the output is compared with the judge's \
         token by token, as testlib and DOMjudge compare (with --strict, byte for byte), and \
         every answer file is proved by the solver first (a test without one is judged against \
         the solver's answers, and a note says so). Verdicts: AC accepted, WA wrong answer (or answers missing), PE presentation \
         error (only with --strict: the judge's tokens spaced otherwise; what the default output \
         validator rejects is WA), TLE over the CPU time limit (judged by CPU time alone, so \
         a loaded machine does not make one), WLE killed at the wall clock within its CPU time \
         (the safety net at three times the limit and a second more, for a program that \
         sleeps or waits; one still running or waiting for a core is left to its CPU limit, \
         up to three times that again: the table shows both times, its children's CPU time \
         included), MLE over the memory limit (peak resident memory, \
         sampled every few milliseconds and read from the kernel at the end, as judges \
         measure it, so runtimes that reserve much more than they use start; or an \
         allocation refused: the program's error names it), RE runtime error (another \
         crash or a non-zero exit), OLE more than {} MB of output. The first failing test is \
         shown with what went wrong; for a wrong answer, which known wrong reading of the \
         rules gives the same number.\n\n{EXIT}\n\n{}",
        OUTPUT_CAP >> 20,
        crate::args::examples("judge", &[
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

    const EXIT: &'static str = EXIT;
    const AFTER: &'static str =
        "{format}\n\n{exit}\n\nExample:\n  gridpuzzle judge {name} --candidate './a.out' tests";
}

pub fn run(cmd: JudgeCommand) -> Result<Exit> {
    let Some(candidate) = &cmd.candidate else {
        bail!("give the program to judge with --candidate 'CMD ARGS'");
    };
    let argv = gridpuzzle_judge::candidate_argv(candidate)?;
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
    if let Some(why) = judge.crowded() {
        eprintln!("gridpuzzle: warning: {why}");
    }
    cmd.puzzle.visit(Folder {
        judge,
        dir,
        tests,
        budget: cmd.budget,
        format: cmd.format,
        candidate: candidate.clone(),
    })
}

/// Standard output, as `judge` writes it: a reader that goes away
/// (`judge ... | head -1`) stops the printing, not the judging, so the
/// exit status still says whether every test passed — a broken pipe once
/// turned failed tests into exit 0.
#[derive(Default)]
struct Output {
    headed: bool,
    gone: bool,
}

impl Output {
    fn line(&mut self, text: &str) -> std::io::Result<()> {
        self.write(format!("{text}\n").as_bytes())
    }

    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        if self.gone {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        match out.write_all(bytes).and_then(|()| out.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.gone = true;
                Ok(())
            }
            written => written,
        }
    }
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
        // A test without its answer file is judged against the solver's
        // answers: said, so that nobody takes it for the jury's.
        for t in tests.iter().filter(|t| t.files.answer.is_none()) {
            eprintln!(
                "gridpuzzle: note: test {} has no answer file; it is judged against our \
                 solver's answers",
                shown(&t.files.name)
            );
        }
        let width = report::width(&tests);
        let text = self.format == JudgeFormat::Text;
        let mut out = Output::default();
        let judged = self.judge.run_all::<P>(&tests, &mut |t, j| {
            if !text {
                return Ok(());
            }
            // The heading with the first row, not before a program that
            // cannot even start.
            if !out.headed {
                out.headed = true;
                out.line(&report::heading(width))?;
            }
            out.line(&report::row(t, j, width))
        })?;
        let exit = Exit::passed(judged.iter().all(|j| j.verdict == RunVerdict::Ac));
        let mut rest = Vec::new();
        match self.format {
            JudgeFormat::Text => {
                write!(rest, "{}", report::summary(&tests, &judged))?;
                let limits = self.budget.limits();
                if let Some(failure) = report::first_failure(&puzzle, &tests, &judged, &limits) {
                    write!(rest, "{failure}")?;
                }
            }
            JudgeFormat::Json => {
                let doc: JudgeJson =
                    self.judge
                        .json::<P>(&self.dir, &self.candidate, &tests, &judged);
                rest.write_all(json_document(&doc).as_bytes())?;
            }
            JudgeFormat::Junit => rest.write_all(&junit::<P>(&tests, &judged)?)?,
        }
        out.write(&rest)?;
        Ok(exit)
    }
}
