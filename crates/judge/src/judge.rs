//! A program judged on a test folder, as an online judge does it: each
//! test run under a time and a memory limit ([`crate::run`]), its output
//! judged by the one checker ([`crate::checker`]), and given one
//! [`RunVerdict`].
//!
//! The verdict of a run is decided in one place ([`judge_run`]), from the
//! run alone, in a fixed order of precedence: a run over its CPU time is
//! TLE whatever else it did, and TLE is judged by CPU time alone, so a
//! loaded machine cannot make one; a run killed at the wall clock (the
//! safety net for a program that sleeps or waits, three times the limit
//! and a second more; a program still running or waiting for a core is
//! left to its CPU limit, [`crate::run`]) within its CPU time is WLE, a
//! verdict of its own
//! that says so, never mistaken for a slow program; too much output
//! is OLE; a failing run whose standard error names an allocation refused
//! (in the common languages' words) or whose peak passed the limit is MLE;
//! any other crash or non-zero exit is RE; only a clean exit has its
//! output checked (AC, WA or PE). Each verdict comes with one line that
//! says why, for the table.
//!
//! What the command says of the run — the table, the summary, the first
//! failing test, JSON and JUnit XML — is worded in [`report`].
//!
//! [`RunVerdict`] is the verdict on a *program's run*; the verdict on a
//! user's *plan* (`verify`) is the engine's `Verdict`, and the checker's
//! verdict on an *output* alone is [`Judgement`], which AC, WA and PE
//! carry over.

pub mod report;

use gridpuzzle_registry::Registered;
use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use gridpuzzle_engine::diagnose::{diagnose, Diagnosis};
use gridpuzzle_engine::pool::{Flow, Pool, Sink, Stop};
use gridpuzzle_engine::puzzle::Puzzle;
use gridpuzzle_engine::search::Limits;
use gridpuzzle_engine::words::counted;
use nix::sys::signal::Signal;

use crate::checker::{Checker, Judgement, Report};
use crate::folder::Test;
use crate::run::{self, Ended, PipeCap, Run, RunLimits, Spec, Stdin};

/// The memory limit, in MB (2^20 bytes, as BAPCtools and the package
/// format count them): one number for `judge`'s default, the packages'
/// `problem.yaml` (`limits: memory:`) and their statements, so a program
/// judged locally is held to the limit the contest states. Before it was
/// one number, `judge` said 256 MB, the package nothing (BAPCtools then
/// allows 2048 MiB) and the statement nothing: a 300 MB program was MLE
/// here and AC in the package. 1024 MB because the packages' accepted
/// ports must pass under it as BAPCtools enforces it, an address-space
/// limit (`RLIMIT_AS`): PyPy does not start under 256 MB of address space,
/// and the Holedox port peaks at 478 MB resident on the package's largest
/// test (Curling's at 304 MB), so 512 would leave it no margin. The
/// reference uses under 20 MB.
pub const MEMORY_LIMIT_MB: u64 = 1024;

/// The most bytes of standard output kept; more is "output limit
/// exceeded". Judge outputs of these puzzles are kilobytes.
pub const OUTPUT_CAP: usize = 16 << 20;

/// The most bytes of standard error kept (more is read and dropped).
pub const ERROR_CAP: usize = 64 << 10;

/// The verdict on one run of a program on one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RunVerdict {
    Ac,
    Wa,
    Pe,
    Tle,
    /// Killed at the wall clock within its CPU time: idle, waiting, or
    /// kept from a core.
    Wle,
    Mle,
    Re,
    Ole,
}

impl RunVerdict {
    /// Every verdict, in the order a summary counts them.
    pub const ALL: [RunVerdict; 8] = [
        RunVerdict::Ac,
        RunVerdict::Wa,
        RunVerdict::Pe,
        RunVerdict::Tle,
        RunVerdict::Wle,
        RunVerdict::Mle,
        RunVerdict::Re,
        RunVerdict::Ole,
    ];

    /// `AC`, `WA`, ...
    pub fn name(self) -> &'static str {
        match self {
            RunVerdict::Ac => "AC",
            RunVerdict::Wa => "WA",
            RunVerdict::Pe => "PE",
            RunVerdict::Tle => "TLE",
            RunVerdict::Wle => "WLE",
            RunVerdict::Mle => "MLE",
            RunVerdict::Re => "RE",
            RunVerdict::Ole => "OLE",
        }
    }
}

impl From<Judgement> for RunVerdict {
    fn from(j: Judgement) -> RunVerdict {
        match j {
            Judgement::Accepted => RunVerdict::Ac,
            Judgement::WrongAnswer => RunVerdict::Wa,
            Judgement::Presentation => RunVerdict::Pe,
        }
    }
}

/// A judged run.
#[derive(Debug, Clone)]
pub struct Judged {
    pub verdict: RunVerdict,
    /// One line for the table.
    pub detail: String,
    pub run: Run,
    /// The checker's report, when the output was checked.
    pub report: Option<Report>,
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

/// `signal 11 (SIGSEGV)`.
fn signal_name(sig: i32) -> String {
    match Signal::try_from(sig) {
        Ok(s) => format!("signal {sig} ({s})"),
        Err(_) => format!("signal {sig}"),
    }
}

/// `: ` and the first non-empty line of a program's standard error, if any.
fn first_line(stderr: &str) -> String {
    match stderr.lines().map(str::trim).find(|l| !l.is_empty()) {
        Some(line) => {
            // A candidate's words, so shown escaped, never obeyed.
            let short: String = line.chars().take(80).collect();
            format!(": {}", gridpuzzle_engine::shown::shown(&short))
        }
        None => String::new(),
    }
}

/// The verdict of `run` under `limits` on a test with `answers`, whose
/// output `checker` judges (see the module docs for the order).
pub fn judge_run(checker: &Checker, answers: &[i64], run: Run, limits: &RunLimits) -> Judged {
    let limit = limits.time.as_secs_f64();
    let over_cpu = run.cpu.is_some_and(|c| c > limits.time);
    // Past the limit at its peak is MLE however the run ended, as on
    // judges that measure resident memory; a failing run whose error names
    // a refused allocation is MLE too.
    let over_peak = run
        .peak
        .zip(limits.memory)
        .is_some_and(|(peak, max)| peak > max);
    let out_of_memory = {
        let err = run.stderr.to_lowercase();
        OUT_OF_MEMORY.iter().any(|w| err.contains(w))
    };
    let mb = |b: u64| format!("{} MB", b >> 20);
    let memory = limits.memory.map_or("(none)".into(), mb);
    let over_the_limit = || {
        format!(
            "peak of {} of resident memory, over the limit of {memory}",
            run.peak
                .map_or("?".into(), |b| format!("{:.1} MB", b as f64 / 1048576.0))
        )
    };
    let (verdict, detail, report) = match &run.ended {
        // A limited run is never cancelled; a cancelled one is out of time.
        Ended::TimedOut | Ended::Cancelled if over_cpu => (
            RunVerdict::Tle,
            format!(
                "{:.2} s of CPU time, over the limit of {limit} s (killed after {:.1} s of wall-clock time)",
                run.cpu.unwrap_or_default().as_secs_f64(),
                run.wall.as_secs_f64()
            ),
            None,
        ),
        // Within its CPU time: the wall clock's safety net, not a TLE.
        Ended::TimedOut | Ended::Cancelled => (
            RunVerdict::Wle,
            match run.cpu {
                // Under a tenth of a core: it waited or slept. A busy
                // program gets more than that even on a loaded machine.
                Some(cpu) => format!(
                    "wall clock: killed after {:.1} s of wall-clock time, having used {:.2} s of CPU time (its children's included){} (limit {limit} s of CPU time)",
                    run.wall.as_secs_f64(),
                    cpu.as_secs_f64(),
                    if cpu * 10 < run.wall { ": idle, or waiting" } else { "" }
                ),
                None => format!(
                    "wall clock: killed after {:.1} s of wall-clock time (limit {limit} s of CPU time)",
                    run.wall.as_secs_f64()
                ),
            },
            None,
        ),
        _ if over_cpu => (
            RunVerdict::Tle,
            format!(
                "{:.2} s of CPU time, over the limit of {limit} s",
                run.cpu.unwrap_or_default().as_secs_f64()
            ),
            None,
        ),
        Ended::TooMuchOutput => (
            RunVerdict::Ole,
            format!("printed more than {} MB", OUTPUT_CAP >> 20),
            None,
        ),
        Ended::Signaled(sig) if *sig == Signal::SIGXCPU as i32 => (
            RunVerdict::Tle,
            format!("stopped by the CPU time limit ({})", signal_name(*sig)),
            None,
        ),
        Ended::OverMemory => (RunVerdict::Mle, over_the_limit(), None),
        Ended::Signaled(_) | Ended::Exited(_) if over_peak => {
            (RunVerdict::Mle, over_the_limit(), None)
        }
        Ended::Signaled(_) | Ended::Exited(_) if out_of_memory && run.ended != Ended::Exited(0) => {
            (
                RunVerdict::Mle,
                format!(
                    "out of memory under the limit of {memory}{}",
                    first_line(&run.stderr)
                ),
                None,
            )
        }
        Ended::Signaled(sig) => (
            RunVerdict::Re,
            format!("killed by {}{}", signal_name(*sig), first_line(&run.stderr)),
            None,
        ),
        Ended::Exited(code) if *code != 0 => (
            RunVerdict::Re,
            format!("exit status {code}{}", first_line(&run.stderr)),
            None,
        ),
        Ended::NotStarted(why) => (RunVerdict::Re, format!("could not be started: {why}"), None),
        Ended::NoMemoryToStart(why) => (
            RunVerdict::Mle,
            format!("could not even start within the limit of {memory} ({why})"),
            None,
        ),
        Ended::Exited(_) => {
            let report = checker.check_bytes(answers, run.stdout.as_bytes());
            let unit = checker.unit();
            let detail = match report.worst() {
                None => counted(answers.len() as u64, unit, &format!("{unit}s")),
                Some(f) => f.describe(unit),
            };
            (report.judgement().into(), detail, Some(report))
        }
    };
    Judged {
        verdict,
        detail,
        run,
        report,
    }
}

/// What hears each judged test, in order ([`Judge::run_all`]).
pub type Row<'a, C> = dyn FnMut(&Test<C>, &Judged) -> std::io::Result<()> + Send + 'a;

/// A program to judge, and how.
#[derive(Debug, Clone)]
pub struct Judge {
    pub argv: Vec<String>,
    pub limits: RunLimits,
    /// Tests run at once.
    pub jobs: usize,
    /// Outputs compared byte for byte, not token by token
    /// ([`Checker::strict`]).
    pub strict: bool,
}

impl Judge {
    /// Why [`Judge::jobs`] runs at once are more than the machine's cores,
    /// if they are, in words for a warning. They are not refused: TLE is
    /// judged by CPU time, which a run waiting for a core does not spend,
    /// so the verdicts stay fair; but each run's wall-clock time grows,
    /// and a user who asked for more should know why the table's wall
    /// times are long (and that the wall clock's net may catch a run).
    pub fn crowded(&self) -> Option<String> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        (self.jobs > cores).then(|| {
            format!(
                "--jobs {} is more than the {} available: runs wait for a core, so their \
                 wall-clock times grow (TLE is judged by CPU time, which stays fair; a run past \
                 the wall clock, three times the limit and a second more, is WLE)",
                self.jobs,
                counted(cores as u64, "core", "cores")
            )
        })
    }

    /// Runs the program on every test, `jobs` at once, and judges each;
    /// `row` hears each judged test in test order as soon as it and every
    /// test before it are judged (the table is printed as it goes). A
    /// program that cannot be started, or an error of `row`, ends the run
    /// as an error.
    pub fn run_all<P: Registered>(
        &self,
        tests: &[Test<P::Case>],
        row: &mut Row<'_, P::Case>,
    ) -> Result<Vec<Judged>> {
        let scratch = Scratch::new()?;
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
            row,
            judged: Vec::new(),
            error: None,
        };
        pool.run(run_one, &mut rows, |feeder| {
            (0..tests.len()).all(|i| feeder.send(i))
        })
        .context("cannot start a thread to run the tests with")?;
        match rows.error {
            Some(e) => Err(e),
            None => Ok(rows.judged),
        }
    }
}

/// The pool's sink: each test's verdict, handed to the caller in order.
struct Rows<'a, P: Puzzle> {
    judge: &'a Judge,
    tests: &'a [Test<P::Case>],
    row: &'a mut Row<'a, P::Case>,
    judged: Vec<Judged>,
    /// Why the run stopped early.
    error: Option<anyhow::Error>,
}

impl<P: Registered> Sink<std::io::Result<Run>> for Rows<'_, P> {
    fn take(&mut self, i: usize, r: std::io::Result<Run>) -> Flow {
        let argv0 = &self.judge.argv[0];
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                self.error =
                    Some(anyhow!(e).context(format!("cannot run the candidate {argv0:?}")));
                return Flow::Stop;
            }
        };
        if let Ended::NotStarted(why) = &r.ended {
            self.error = Some(anyhow!("cannot run the candidate {argv0:?}: {why}"));
            return Flow::Stop;
        }
        let test = &self.tests[i];
        let checker = Checker::of::<P>().strict(self.judge.strict);
        let j = judge_run(&checker, &test.answers, r, &self.judge.limits);
        let written = (self.row)(test, &j);
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

/// The first wrong answer of a judged test, explained.
#[derive(Debug, Clone)]
pub struct FirstWrong {
    /// The case (1-based), the number printed (as written) and the answer.
    pub case: u64,
    pub printed: String,
    pub answer: i64,
    /// Which known wrong reading of the rules gives that number (none
    /// for a number past `i64`).
    pub diagnosis: Diagnosis,
    /// The case in the judge's format.
    pub text: String,
}

/// The first wrong answer in `report` on `test`, diagnosed within
/// `limits`; `None` when no case has a wrong number.
pub fn first_wrong<P: Registered>(
    puzzle: &P,
    test: &Test<P::Case>,
    report: &Report,
    limits: &Limits,
) -> Option<FirstWrong> {
    let (n, printed) = report.first_wrong()?;
    let i = usize::try_from(n).ok()?.checked_sub(1)?;
    let (case, &answer) = (test.cases.get(i)?, test.answers.get(i)?);
    let diagnosis = match printed.parse() {
        Ok(value) => diagnose(P::CAPS, puzzle, case, value, limits),
        Err(_) => Diagnosis::default(),
    };
    Some(FirstWrong {
        case: n,
        printed: printed.to_string(),
        answer,
        diagnosis,
        text: puzzle.write_case(case),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn checker() -> Checker {
        Checker::new("case", |n, a| format!("Case {n}: {a}")).strict(true)
    }

    const LIMITS: RunLimits = RunLimits {
        time: Duration::from_secs(2),
        memory: Some(64 << 20),
    };

    fn ran(ended: Ended, stdout: &str, stderr: &str) -> Run {
        Run {
            ended,
            stdout: stdout.into(),
            stderr: stderr.into(),
            wall: Duration::from_millis(300),
            cpu: Some(Duration::from_millis(250)),
            peak: Some(10 << 20),
        }
    }

    fn verdict(run: Run) -> (RunVerdict, String) {
        let j = judge_run(&checker(), &[9, -1], run, &LIMITS);
        (j.verdict, j.detail)
    }

    /// Every verdict from the run alone, in the order of precedence of the
    /// module docs, each with its line. One table of runs, read top to
    /// bottom in that order, so it stays one function.
    #[test]
    fn each_run_gets_its_verdict_and_its_reason() {
        let right = "Case 1: 9\nCase 2: -1\n";
        let rows: Vec<(Run, RunVerdict, &str)> = vec![
            (ran(Ended::Exited(0), right, ""), RunVerdict::Ac, "2 cases"),
            (
                ran(Ended::Exited(0), "Case 1: 8\nCase 2: -1\n", ""),
                RunVerdict::Wa,
                "case 1, line 1: wrong answer: printed 8, the answer is 9",
            ),
            (
                ran(Ended::Exited(0), "Case 1: 9 \nCase 2: -1\n", ""),
                RunVerdict::Pe,
                "case 1, line 1: presentation error",
            ),
            (
                Run {
                    cpu: None,
                    ..ran(Ended::TimedOut, right, "")
                },
                RunVerdict::Wle,
                "wall clock: killed after 0.3 s of wall-clock time (limit 2 s of CPU time)",
            ),
            // A sleeper is told from a busy program by its CPU time.
            (
                ran(Ended::TimedOut, right, ""),
                RunVerdict::Wle,
                "wall clock: killed after 0.3 s of wall-clock time, having used 0.25 s of CPU time (its children's included) (limit 2 s of CPU time)",
            ),
            (
                Run {
                    cpu: Some(Duration::from_millis(20)),
                    ..ran(Ended::TimedOut, right, "")
                },
                RunVerdict::Wle,
                "wall clock: killed after 0.3 s of wall-clock time, having used 0.02 s of CPU time (its children's included): idle, or waiting",
            ),
            (
                Run {
                    cpu: Some(Duration::from_millis(2100)),
                    wall: Duration::from_millis(4000),
                    ..ran(Ended::TimedOut, right, "")
                },
                RunVerdict::Tle,
                "2.10 s of CPU time, over the limit of 2 s (killed after 4.0 s of wall-clock time)",
            ),
            (
                Run {
                    cpu: Some(Duration::from_millis(2500)),
                    ..ran(Ended::Exited(0), right, "")
                },
                RunVerdict::Tle,
                "2.50 s of CPU time, over the limit of 2 s",
            ),
            (
                ran(Ended::Signaled(Signal::SIGXCPU as i32), "", ""),
                RunVerdict::Tle,
                "stopped by the CPU time limit (signal 24 (SIGXCPU))",
            ),
            (
                ran(Ended::TooMuchOutput, "", ""),
                RunVerdict::Ole,
                "printed more than 16 MB",
            ),
            (
                ran(
                    Ended::Signaled(6),
                    "",
                    "\n  memory allocation of 8 bytes failed\n",
                ),
                RunVerdict::Mle,
                "out of memory under the limit of 64 MB: memory allocation of 8 bytes failed",
            ),
            (
                Run {
                    peak: Some(65 << 20),
                    ..ran(Ended::Exited(1), "", "")
                },
                RunVerdict::Mle,
                "peak of 65.0 MB of resident memory, over the limit of 64 MB",
            ),
            // Over the limit at its peak is MLE even when it answered right.
            (
                Run {
                    peak: Some(65 << 20),
                    ..ran(Ended::Exited(0), right, "")
                },
                RunVerdict::Mle,
                "peak of 65.0 MB of resident memory, over the limit of 64 MB",
            ),
            (
                Run {
                    peak: Some(70 << 20),
                    ..ran(Ended::OverMemory, "", "")
                },
                RunVerdict::Mle,
                "peak of 70.0 MB of resident memory, over the limit of 64 MB",
            ),
            (
                ran(Ended::Signaled(11), "", "boom"),
                RunVerdict::Re,
                "killed by signal 11 (SIGSEGV): boom",
            ),
            (
                ran(Ended::Exited(3), right, ""),
                RunVerdict::Re,
                "exit status 3",
            ),
            (
                ran(Ended::NotStarted("no such file".into()), "", ""),
                RunVerdict::Re,
                "could not be started: no such file",
            ),
            (
                ran(Ended::NoMemoryToStart("ENOMEM".into()), "", ""),
                RunVerdict::Mle,
                "could not even start within the limit of 64 MB (ENOMEM)",
            ),
        ];
        let mut failures = Vec::new();
        for (run, want, words) in rows {
            let (got, detail) = verdict(run.clone());
            if got != want || !detail.starts_with(words) {
                failures.push(format!("{:?}: {got:?} {detail:?}", run.ended));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        // A clean exit is judged by its output, whatever its error says.
        let (v, _) = verdict(ran(Ended::Exited(0), right, "out of memory"));
        assert_eq!(v, RunVerdict::Ac);
    }

    #[test]
    fn verdicts_name_and_carry_the_checkers_judgement() {
        let names: Vec<&str> = RunVerdict::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names, ["AC", "WA", "PE", "TLE", "WLE", "MLE", "RE", "OLE"]);
        assert_eq!(RunVerdict::from(Judgement::Presentation), RunVerdict::Pe);
    }

    /// The first wrong answer of a registered puzzle's sample is explained
    /// with its case; an output without one has none.
    #[test]
    fn the_first_wrong_answer_is_diagnosed() {
        use gridpuzzle_registry::Visit;
        struct Wrong;
        impl Visit for Wrong {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                let cases: Vec<P::Case> = puzzle
                    .cases(Box::new(P::INFO.samples.as_bytes()))
                    .map(|c| c.unwrap())
                    .collect();
                let answers: Vec<i64> = cases
                    .iter()
                    .map(|c| {
                        gridpuzzle_engine::generate::answer_of(&puzzle.solve(c, &Limits::none()))
                            .unwrap()
                    })
                    .collect();
                let test = Test {
                    files: crate::folder::TestFiles {
                        name: "01".into(),
                        input: "01".into(),
                        answer: None,
                    },
                    title: None,
                    cases,
                    answers: answers.clone(),
                };
                let checker = Checker::of::<P>();
                let lines = |printed: &[i64]| -> String {
                    printed
                        .iter()
                        .enumerate()
                        .map(|(i, &a)| checker.judge_line(i as u64 + 1, a) + "\n")
                        .collect()
                };
                let right = checker.check_bytes(&answers, lines(&answers).as_bytes());
                assert!(first_wrong(&puzzle, &test, &right, &Limits::none()).is_none());
                let last = answers.len() as u64;
                let mut printed = answers.clone();
                let wrong = printed[last as usize - 1] + 2;
                printed[last as usize - 1] = wrong;
                let output = lines(&printed);
                let report = checker.check_bytes(&answers, output.as_bytes());
                let first = first_wrong(&puzzle, &test, &report, &Limits::none())
                    .unwrap_or_else(|| panic!("{}: {report:?}", P::INFO.name));
                assert_eq!((first.case, first.printed), (last, wrong.to_string()));
                assert!(!first.diagnosis.lines.is_empty());
                assert_eq!(
                    first.text,
                    puzzle.write_case(&test.cases[last as usize - 1])
                );
            }
        }
        for e in gridpuzzle_registry::entries() {
            gridpuzzle_registry::visit(e.name, Wrong).unwrap();
        }
    }
}
