//! `gridpuzzle stress`: find an input on which another program is wrong,
//! shrink it to the smallest one on which it is still wrong, and never
//! lose it on the way.
//!
//! Cases come from the puzzle's generator (so every expected answer is one
//! our exact solver proved), small boards first and growing, steered by
//! the generator's own options (`--answer`, `--len`, a size range). They
//! go to the candidate `--datasets` at a time, as one judge input with its
//! terminator, because the most common multi-test bug (state kept from one
//! dataset to the next) cannot show on single-case inputs. Its output is
//! judged by the one checker of `check` and `judge`
//! (`gridpuzzle_judge::checker`), so the three agree on every output: a
//! wrong answer, a presentation error, missing, blank or extra lines, a
//! crash, a non-zero exit, a time-out, no output, unparsable output and too
//! much output are all failures, each named.
//!
//! Why the failure handling is shaped so (each a way `stress` once lost a
//! failure it had found):
//!
//! - **Saved at once.** The failing input is written to `--save` (a file
//!   in the current folder by default) the moment it is found and again
//!   after each successful shrink step, by writing a temporary file and
//!   renaming it, so an interruption at any moment (Ctrl-C, a kill, a
//!   closed terminal) leaves a whole failing input on disk.
//! - **Shrinking is bounded** by `--shrink-time` and shows its progress on
//!   a terminal; Ctrl-C during it prints the smallest input so far.
//! - **Whole datasets go first**, then each dataset shrinks by the
//!   puzzle's `smaller` edits: the first edit (in a fixed order) on which
//!   the candidate still fails *the same way* is taken, until none is.
//! - **Reproducible**: the report ends with the commands that replay the
//!   saved input, ours and the candidate's; a per-case seed could not.
//! - **`--jobs`** runs candidates in parallel without changing what is
//!   found (`gridpuzzle_judge::scan`).
//!
//! A wrong answer is followed by the diagnosis of
//! [`gridpuzzle_engine::diagnose`] (which known wrong reading of the rules
//! it matches), and, on an input of several datasets, by whether the same
//! case alone is answered right (state kept between datasets).
//!
//! Everything here is generic over the puzzle ([`Job`] is a registry
//! `Visit`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::diagnose::diagnose;
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::moves::plan_string;
use gridpuzzle_engine::pool::Stop;
use gridpuzzle_engine::puzzle::{counted, stress_case_wanting};
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::view::TextStyle;
use gridpuzzle_judge::checker::{Checker, Finding, Problem};
use gridpuzzle_judge::run::{self, Ended, PipeCap, Spec, Stdin};
use gridpuzzle_judge::scan::{self, Scan};
use gridpuzzle_registry::{Entry, Puzzle, Visit};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::{PuzzleArgs, PuzzleHelp};
use crate::Exit;

/// The most bytes of standard output (and of standard error) kept from a
/// candidate; more is a failure of its own.
const OUTPUT_CAP: usize = 64 * 1024;

/// The help after `stress --help`.
pub fn after_help() -> String {
    format!(
        "The candidate runs with your user's rights: it can do anything you can do. \
         Only stress programs you trust.\n\n\
         Each input holds --datasets cases (3 by default, so that a program that keeps \
         state from one dataset to the next is caught) and the terminator, on the \
         candidate's standard input. Its standard output must be the judge's output, one \
         line per case exactly as the judge prints it ({}); with --bare, one bare number \
         per line. Trailing blank lines and `\\r\\n` line ends are forgiven, as `judge` and \
         `check` forgive them; the right number in another form (`Case 1:9`, a trailing \
         space) is a presentation error. Cases grow from the \
         smallest --size to the largest.\n\n\
         The first failing input is saved at once (--save, by default \
         stress-fail-PUZZLE-SEED.in in the current folder) and again after each \
         shrinking step: whole datasets are removed first, then boards shrink while the \
         candidate still fails the same way, for at most --shrink-time seconds. Ctrl-C \
         stops at any moment and keeps the smallest failing input so far. The report \
         explains our answer, says which known wrong reading of the rules the \
         candidate's answer matches, and prints the commands that reproduce it.\n\n\
         Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error, \
         130 interrupted (the failing input, if any, is saved).\n\n\
         {}",
        answer_examples(),
        crate::args::examples(&[
            "gridpuzzle stress {1} --candidate './a.out' --cases 2000 --jobs 2",
            "gridpuzzle stress {2} --candidate 'python3 sol.py' --size 3x3..8x8 --timeout 1 --save fail.in",
            "gridpuzzle stress {2} --candidate './a.out' --len 8 --answer -1",
        ])
    )
}

/// The judge's answer 3 of each listed puzzle: `` curling `3`, holedox
/// `Case 1: 3` ``.
fn answer_examples() -> String {
    let lines: Vec<String> = crate::args::listed()
        .iter()
        .map(|e| format!("{} {}", e.name, judge_three(e.name)))
        .collect();
    lines.join(", ")
}

/// `` `3` `` or `` `Case 1: 3` ``: the judge's line for answer 3 of puzzle `name`.
fn judge_three(name: &str) -> String {
    struct Line;
    impl Visit for Line {
        type Output = String;
        fn visit<P: Puzzle>(self, _: P) -> String {
            format!("`{}`", P::judge_line(1, "3"))
        }
    }
    gridpuzzle_registry::visit(name, Line).unwrap_or_default()
}

/// What `stress PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct StressHelp;

impl PuzzleHelp for StressHelp {
    const FILE_SHOWN: bool = false;
    const GEN_PARAMS: bool = true;

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n\
             The candidate gets random inputs of --datasets {unit}s (with the rule options \
             above) and must print the judge's output lines exactly, such as {three} \
             (with --bare: bare numbers). Generator options (such as --answer, or the \
             {board}'s own above) steer the cases.\n\n\
             Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error, \
             130 interrupted.\n\n\
             Example:\n  gridpuzzle stress {name} --candidate './a.out' --cases 2000",
            e.format_help,
            unit = e.unit,
            name = e.name,
            board = "puzzle",
            three = judge_three(e.name)
        )
    }
}

/// `WxH` (cases grow from 2×2 to it) or `WxH..WxH` (from one to the other).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeRange {
    pub min: (u32, u32),
    pub max: (u32, u32),
}

fn parse_size_range(s: &str) -> Result<SizeRange, String> {
    let (min, max) = match s.split_once("..") {
        Some((a, b)) => (crate::args::parse_size(a)?, crate::args::parse_size(b)?),
        None => {
            let max = crate::args::parse_size(s)?;
            ((2.min(max.0), 2.min(max.1)), max)
        }
    };
    if min.0 > max.0 || min.1 > max.1 {
        return Err(format!(
            "the smallest size must fit in the largest, found `{s}`"
        ));
    }
    Ok(SizeRange { min, max })
}

fn parse_want(s: &str) -> Result<Want, String> {
    Want::parse(s)
}

#[derive(Debug, Args)]
pub struct StressCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<StressHelp>,

    /// The program to test, with its arguments, as one string ('CMD ARGS')
    #[arg(long, global = true, value_name = "'CMD ARGS'")]
    pub candidate: Option<String>,

    /// How many cases to try in all
    #[arg(long, global = true, value_name = "N", default_value_t = 1000)]
    pub cases: u64,

    /// Cases per input given to the candidate (the judge's inputs hold many)
    #[arg(long, global = true, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub datasets: u64,

    /// Seed of the case generator (the same seed gives the same cases)
    #[arg(long, global = true, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Board size, width×height: the largest (cases grow from 2×2), or a range such as 3x3..10x10
    #[arg(long, global = true, value_name = "WxH[..WxH]", default_value = "10x10", value_parser = parse_size_range)]
    pub size: SizeRange,

    /// Only cases whose answer is in A..B (such as 5..10, -1, 11..)
    #[arg(long, global = true, value_name = "A..B", allow_hyphen_values = true, value_parser = parse_want)]
    pub answer: Option<Want>,

    /// Seconds the candidate may take on one input
    #[arg(long, global = true, value_name = "SECS", default_value_t = 2.0, value_parser = crate::args::parse_seconds)]
    pub timeout: f64,

    /// Where the failing input is written, as soon as it is found [default: stress-fail-PUZZLE-SEED.in]
    #[arg(long, global = true, value_name = "FILE")]
    pub save: Option<PathBuf>,

    /// Seconds spent at most on shrinking a failing input
    #[arg(long, global = true, value_name = "SECS", default_value_t = 30.0, value_parser = crate::args::parse_seconds)]
    pub shrink_time: f64,

    /// Candidate runs at once (1 by default: runs side by side share the CPU, so a candidate near --timeout may time out only because of them)
    #[arg(long, global = true, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,

    /// The candidate prints one bare number per case, not the judge's line
    #[arg(long, global = true)]
    pub bare: bool,
}

/// Budget of our own search on one case; a case it cannot decide is skipped.
const OUR_BUDGET: u64 = 5_000_000;

/// Why the candidate failed on an input.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    /// The checker's worst finding on its output ([`Report::worst`]).
    ///
    /// [`Report::worst`]: gridpuzzle_judge::checker::Report::worst
    Output(Finding),
    Crash(i32),
    Exit(i32),
    TimedOut,
    TooMuchOutput,
}

impl Failure {
    /// Same way of failing (a wrong answer is the same failure whatever the
    /// numbers and the case; printing nothing is not printing too little).
    fn same_kind(&self, other: &Failure) -> bool {
        let nothing = |p: &Problem| matches!(p, Problem::Ended { lines: 0, .. });
        match (self, other) {
            (Failure::Output(a), Failure::Output(b)) => {
                std::mem::discriminant(&a.problem) == std::mem::discriminant(&b.problem)
                    && nothing(&a.problem) == nothing(&b.problem)
            }
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The case (0-based) the failure is about, if one.
    fn case(&self) -> Option<usize> {
        match self {
            Failure::Output(f) => match f.problem {
                Problem::Ended { .. } | Problem::Extra { .. } => None,
                _ => f.case.map(|c| c as usize - 1),
            },
            _ => None,
        }
    }

    fn describe(&self, limit: Duration, cases: usize) -> String {
        let on = |case: Option<u64>| match case {
            Some(case) if cases > 1 => format!(" on case {case}"),
            _ => String::new(),
        };
        match self {
            Failure::Output(f) => match &f.problem {
                Problem::Wrong { printed, answer } => format!(
                    "gave a wrong answer{}: it printed {printed}, the answer is {answer}",
                    on(f.case)
                ),
                Problem::Form { printed, judge } => format!(
                    "printed the right answer in the wrong form{} (presentation error): {printed:?}, the judge prints {judge:?}",
                    on(f.case)
                ),
                Problem::NotAnAnswer { printed, .. } => format!(
                    "printed something that is not an answer{}: {printed:?}",
                    on(f.case)
                ),
                Problem::Blank => format!(
                    "printed a blank line before the answer{} (presentation error)",
                    on(f.case)
                ),
                Problem::Ended { lines: 0, .. } => "printed nothing".into(),
                Problem::Ended { lines, cases } => format!(
                    "printed {} for {}",
                    counted(*lines, "line", "lines"),
                    counted(*cases, "case", "cases")
                ),
                Problem::Extra { first, .. } => format!(
                    "printed more lines than the {} of the input: {first:?}",
                    counted(cases as u64, "case", "cases")
                ),
            },
            Failure::Crash(sig) => format!("crashed (killed by signal {sig})"),
            Failure::Exit(code) => format!("exited with status {code}"),
            Failure::TimedOut => format!(
                "did not finish within {} s (its process group was killed)",
                limit.as_secs_f64()
            ),
            Failure::TooMuchOutput => format!(
                "printed more than {} KB (stopped and killed)",
                OUTPUT_CAP / 1024
            ),
        }
    }
}

pub fn run(cmd: StressCommand) -> Result<Exit> {
    let Some(candidate) = &cmd.candidate else {
        bail!("give the program to test with --candidate 'CMD ARGS'");
    };
    let argv = shell_words::split(candidate)
        .with_context(|| format!("cannot split the candidate command {candidate:?}"))?;
    if argv.is_empty() {
        bail!("--candidate needs a command, such as --candidate './my-solution'");
    }
    if cmd.puzzle.file.is_some() {
        bail!("stress makes its own cases: give no input file");
    }
    let save = cmd.save.clone().unwrap_or_else(|| {
        PathBuf::from(format!("stress-fail-{}-{}.in", cmd.puzzle.name, cmd.seed))
    });
    let cancel = Arc::new(AtomicBool::new(false));
    {
        // The first Ctrl-C stops the run (reporting what it has); a second
        // one leaves at once: the failing input is on disk by then.
        let cancel = Arc::clone(&cancel);
        let _ = ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(Exit::Interrupted as i32);
            }
        });
    }
    let job = Job {
        argv,
        candidate: candidate.clone(),
        limit: Duration::from_secs_f64(cmd.timeout),
        cases: cmd.cases,
        datasets: cmd.datasets as usize,
        seed: cmd.seed,
        size: cmd.size,
        answer: cmd.answer,
        params: cmd.puzzle.params.clone(),
        save,
        shrink_time: Duration::from_secs_f64(cmd.shrink_time),
        jobs: cmd.jobs as usize,
        bare: cmd.bare,
        cancel,
        terminal: std::io::stderr().is_terminal(),
    };
    cmd.puzzle.visit(job)
}

struct Job {
    argv: Vec<String>,
    /// The candidate as the user wrote it, for the reproducing command.
    candidate: String,
    limit: Duration,
    cases: u64,
    datasets: usize,
    seed: u64,
    size: SizeRange,
    answer: Option<Want>,
    params: Vec<(String, String)>,
    save: PathBuf,
    shrink_time: Duration,
    jobs: usize,
    bare: bool,
    cancel: Arc<AtomicBool>,
    terminal: bool,
}

impl Visit for Job {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        self.run(&puzzle)
    }
}

/// One input: its cases and our proved answers.
#[derive(Debug, Clone)]
struct Input<C> {
    cases: Vec<C>,
    answers: Vec<i64>,
}

/// An edit of an input while shrinking.
#[derive(Debug, Clone)]
enum Edit<C> {
    Remove(usize),
    Replace(usize, C),
}

impl Job {
    fn progress(&self, len: u64) -> ProgressBar {
        if !self.terminal {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} cases {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The generator's verdict on the request, at the largest size: a
    /// request it refuses (`--len 0`, an answer out of reach, rules it
    /// does not generate for) is a usage error, not a run of skipped cases.
    fn check_request<P: Puzzle>(&self, puzzle: &P) -> Result<()> {
        let (w, h) = self.size.max;
        let mut params = puzzle.stress_params(self.seed, w, h);
        for (key, value) in &self.params {
            params.retain(|(k, _)| k != key);
            params.push((key.clone(), value.clone()));
        }
        let spec = gridpuzzle_engine::puzzle::GenSpec {
            width: w,
            height: h,
            want: self.answer.unwrap_or(Want { min: -1, max: None }),
            density: None,
            params,
            max_expanded: None,
            attempts: 1,
            cancel: None,
        };
        match puzzle.generator(&spec, self.seed) {
            Ok(_) => Ok(()),
            Err(e) => bail!("cannot make stress cases: {e}"),
        }
    }

    fn run<P: Puzzle>(&self, puzzle: &P) -> Result<Exit> {
        self.check_request(puzzle)?;
        let per = self.datasets as u64;
        let inputs = self.cases.div_ceil(per);
        let agreed = AtomicU64::new(0);
        let skipped = AtomicU64::new(0);
        let bar = self.progress(self.cases);
        let scan = scan::first(
            inputs as usize,
            self.jobs,
            &|| self.cancelled(),
            &|i, scan| {
                let first = i as u64 * per;
                let mut input = Input {
                    cases: Vec::new(),
                    answers: Vec::new(),
                };
                for k in first..(first + per).min(self.cases) {
                    match self
                        .case(puzzle, k)
                        .and_then(|c| Some((self.ours(puzzle, &c)?, c)))
                    {
                        Some((answer, case)) => {
                            input.cases.push(case);
                            input.answers.push(answer);
                        }
                        None => {
                            skipped.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                if input.cases.is_empty() {
                    return Ok(None);
                }
                let outcome = match self.check(puzzle, &input, Some(scan))? {
                    Some(failure) => Some((input, failure)),
                    // Stopped by Ctrl-C: not an agreement.
                    None if self.cancelled() => return Ok(None),
                    None => {
                        agreed.fetch_add(input.cases.len() as u64, Ordering::Relaxed);
                        None
                    }
                };
                bar.inc(per);
                Ok(outcome)
            },
        )?;
        bar.finish_and_clear();
        let agreed = agreed.load(Ordering::Relaxed);
        let skipped = skipped.load(Ordering::Relaxed);
        let skipped = if skipped > 0 {
            format!(" ({skipped} skipped: no case of that size, or our search hit its budget)")
        } else {
            String::new()
        };
        let mut out = std::io::stdout().lock();
        match scan {
            Scan::Found(i, (input, failure)) => {
                drop(out);
                self.report(puzzle, i as u64 + 1, input, failure)
            }
            Scan::Done => {
                writeln!(out, "all {agreed} cases agreed{skipped}")?;
                Ok(Exit::Ok)
            }
            Scan::Stopped => {
                writeln!(
                    out,
                    "interrupted: all {agreed} cases tried so far agreed{skipped}"
                )?;
                Ok(Exit::Interrupted)
            }
        }
    }

    /// Case `k` of the run: its size grows with `k`, its seed is the run's
    /// seed and `k`.
    fn case<P: Puzzle>(&self, puzzle: &P, k: u64) -> Option<P::Case> {
        let SizeRange { min, max } = self.size;
        let grow = |lo: u32, hi: u32| lo + ((hi - lo) as u64 * k / self.cases.max(1)) as u32;
        let (w, h) = (grow(min.0, max.0).min(max.0), grow(min.1, max.1).min(max.1));
        let seed = self.seed.wrapping_mul(1_000_003).wrapping_add(k);
        if self.params.is_empty() && self.answer.is_none() {
            return puzzle.random_case(seed, w, h);
        }
        let mut params = puzzle.stress_params(seed, w, h);
        for (key, value) in &self.params {
            params.retain(|(k, _)| k != key);
            params.push((key.clone(), value.clone()));
        }
        let want = self.answer.unwrap_or(Want { min: -1, max: None });
        stress_case_wanting(puzzle, params, want, seed, w, h)
    }

    /// Our proved answer, or `None` when our search hit its budget.
    fn ours<P: Puzzle>(&self, puzzle: &P, case: &P::Case) -> Option<i64> {
        let limits = Limits {
            max_expanded: Some(OUR_BUDGET),
            cancel: Some(Arc::clone(&self.cancel)),
            ..Limits::none()
        };
        match puzzle.solve(case, &limits).outcome {
            Outcome::Solved(plan) => Some(plan.len() as i64),
            Outcome::Unsolvable => Some(-1),
            Outcome::Limit(_) => None,
        }
    }

    /// Runs the candidate on one input; `None` when it answered right (or
    /// was stopped by Ctrl-C: nothing is known then).
    /// `scan`: the scan it is part of, whose stop ends the run too.
    fn check<P: Puzzle>(
        &self,
        puzzle: &P,
        input: &Input<P::Case>,
        scan: Option<&Stop>,
    ) -> Result<Option<Failure>> {
        let text = judge_input(puzzle, &input.cases);
        let run = self.run_candidate(&text, true, scan)?;
        Ok(match run.ended {
            Ended::Cancelled | Ended::NotStarted(_) | Ended::NoMemoryToStart(_) => None,
            Ended::TimedOut => Some(Failure::TimedOut),
            Ended::TooMuchOutput => Some(Failure::TooMuchOutput),
            Ended::Signaled(sig) => Some(Failure::Crash(sig)),
            Ended::Exited(code) if code != 0 => Some(Failure::Exit(code)),
            Ended::Exited(_) => {
                let checker = if self.bare {
                    Checker::bare::<P>()
                } else {
                    Checker::of::<P>()
                };
                let report = checker.check_bytes(&input.answers, run.stdout.as_bytes());
                report.worst().cloned().map(Failure::Output)
            }
        })
    }

    /// Runs the candidate on `text`, stopped by Ctrl-C (and by the stop of
    /// `scan`) when `cancellable`; a candidate that cannot be started is an
    /// error.
    fn run_candidate(
        &self,
        text: &str,
        cancellable: bool,
        scan: Option<&Stop>,
    ) -> Result<run::Run> {
        let cap = PipeCap {
            bytes: OUTPUT_CAP,
            fatal: true,
        };
        let cancel = || self.cancelled() || scan.is_some_and(Stop::is_set);
        let spec = Spec {
            argv: &self.argv,
            stdin: Stdin::Bytes(text.as_bytes()),
            wall: self.limit,
            caps: [cap, cap],
            cancel: if cancellable { Some(&cancel) } else { None },
            limited: None,
        };
        let run = run::run(&spec)
            .with_context(|| format!("cannot run the candidate {:?}", self.argv[0]))?;
        if let Ended::NotStarted(why) | Ended::NoMemoryToStart(why) = &run.ended {
            bail!("cannot run the candidate {:?}: {why}", self.argv[0]);
        }
        Ok(run)
    }

    /// Writes `input` to the save file whole: a temporary file renamed
    /// over it, so an interruption never leaves half an input.
    fn save<P: Puzzle>(&self, puzzle: &P, input: &Input<P::Case>) -> Result<()> {
        let text = judge_input(puzzle, &input.cases);
        let name = self
            .save
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = self
            .save
            .with_file_name(format!(".{name}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, &text)
            .and_then(|()| std::fs::rename(&tmp, &self.save))
            .with_context(|| format!("cannot write the failing input to {}", self.save.display()))
    }

    fn report<P: Puzzle>(
        &self,
        puzzle: &P,
        number: u64,
        input: Input<P::Case>,
        failure: Failure,
    ) -> Result<Exit> {
        self.save(puzzle, &input)?;
        let first = (number - 1) * self.datasets as u64 + 1;
        let which = if input.cases.len() > 1 {
            format!(
                "input {number} (cases {first} to {})",
                first + input.cases.len() as u64 - 1
            )
        } else {
            format!("input {number} (case {first})")
        };
        eprintln!(
            "gridpuzzle: {which}: the candidate {}; saved to {}; shrinking for at most {} s (Ctrl-C keeps the smallest so far)...",
            failure.describe(self.limit, input.cases.len()),
            self.save.display(),
            self.shrink_time.as_secs_f64()
        );
        let shrunk = self.shrink(puzzle, input, failure)?;
        let Shrunk {
            input,
            failure,
            steps,
            end,
        } = shrunk;
        let mut out = std::io::stdout().lock();
        let text = judge_input(puzzle, &input.cases);
        let run = self.run_candidate(&text, false, None)?;
        writeln!(
            out,
            "The candidate {}.",
            failure.describe(self.limit, input.cases.len())
        )?;
        let datasets = if input.cases.len() > 1 {
            format!(
                ", {}",
                counted(input.cases.len() as u64, P::UNIT, &format!("{}s", P::UNIT))
            )
        } else {
            String::new()
        };
        let heading = match end {
            ShrinkEnd::Done => "Smallest failing input",
            ShrinkEnd::OutOfTime => "Smallest failing input found within --shrink-time",
            ShrinkEnd::Interrupted => "Smallest failing input so far (interrupted)",
        };
        writeln!(
            out,
            "{heading} ({}{datasets}):\n",
            counted(steps as u64, "shrinking step", "shrinking steps")
        )?;
        write!(out, "{text}")?;
        writeln!(out, "\nThe candidate printed:")?;
        if run.stdout.trim().is_empty() {
            writeln!(out, "  (nothing)")?;
        } else {
            for line in run.stdout.lines().take(20) {
                writeln!(out, "  {line}")?;
            }
        }
        if !run.stderr.trim().is_empty() {
            writeln!(out, "Its standard error:")?;
            for line in run.stderr.lines().take(10) {
                writeln!(out, "  {line}")?;
            }
        }
        let at = failure.case().unwrap_or(0);
        let case = &input.cases[at];
        let found = puzzle.solve(case, &Limits::none());
        let plan: Vec<P::Move> = found
            .outcome
            .moves()
            .map(<[P::Move]>::to_vec)
            .unwrap_or_default();
        let of = if input.cases.len() > 1 {
            format!(" of {} {}", P::UNIT, at + 1)
        } else {
            String::new()
        };
        match &found.outcome {
            Outcome::Solved(_) => writeln!(
                out,
                "\nThe answer{of} is {} ({}):",
                plan.len(),
                if plan.is_empty() {
                    "no move needed".into()
                } else {
                    plan_string(&plan)
                }
            )?,
            Outcome::Unsolvable => {
                writeln!(out, "\nThe answer{of} is -1 ({}):", puzzle.unsolvable())?
            }
            Outcome::Limit(hit) => writeln!(out, "\nOur search stopped: {hit}")?,
        }
        let style = TextStyle {
            ascii: false,
            color: crate::solve::use_color(),
        };
        write!(out, "{}", puzzle.explain(case, &plan, style))?;
        if let Some(printed) = match &failure {
            Failure::Output(f) => f.printed(),
            _ => None,
        } {
            writeln!(out, "\nDiagnosis:")?;
            let limits = Limits {
                max_expanded: Some(OUR_BUDGET),
                ..Limits::none()
            };
            for line in &diagnose(puzzle, case, printed, &limits).lines {
                writeln!(out, "  {line}")?;
            }
            if input.cases.len() > 1 {
                let alone = Input {
                    cases: vec![case.clone()],
                    answers: vec![input.answers[at]],
                };
                if self.check(puzzle, &alone, None)?.is_none() {
                    writeln!(
                        out,
                        "  alone, this {unit} is answered right: your program keeps something from the {unit} before it (reset everything between {unit}s)",
                        unit = P::UNIT
                    )?;
                }
            }
        }
        writeln!(out, "\nSaved to {}. To reproduce:", self.save.display())?;
        let file = shell_words::quote(&self.save.to_string_lossy()).into_owned();
        let settings: Vec<String> = puzzle
            .settings()
            .into_iter()
            .zip(P::default().settings())
            .filter(|(mine, judge)| mine != judge)
            .map(|((k, v), _)| format!(" --{k} {}", shell_words::quote(&v)))
            .collect();
        writeln!(
            out,
            "  gridpuzzle solve {}{} {file}",
            P::NAME,
            settings.concat()
        )?;
        writeln!(out, "  {} < {file}", self.candidate)?;
        Ok(match end {
            ShrinkEnd::Interrupted => Exit::Interrupted,
            _ => Exit::PlanRejected,
        })
    }

    /// Greedy shrinking within `--shrink-time`: the first edit (whole
    /// datasets removed first, then each dataset one `smaller` edit) on
    /// which the candidate still fails the same way, again and again.
    fn shrink<P: Puzzle>(
        &self,
        puzzle: &P,
        mut input: Input<P::Case>,
        mut failure: Failure,
    ) -> Result<Shrunk<P::Case>> {
        let deadline = Instant::now() + self.shrink_time;
        let mut steps = 0;
        let runs = AtomicU64::new(0);
        let spinner = if self.terminal {
            let s = ProgressBar::new_spinner();
            s.set_draw_target(ProgressDrawTarget::stderr());
            s.set_style(
                ProgressStyle::with_template("{spinner} {elapsed:>4} shrinking: {msg}")
                    .expect("a valid template"),
            );
            s.enable_steady_tick(Duration::from_millis(120));
            s
        } else {
            ProgressBar::hidden()
        };
        let status = Mutex::new(String::new());
        let show = |steps: usize, input: &Input<P::Case>| {
            let (w, h) = input
                .cases
                .iter()
                .map(P::size)
                .fold((0, 0), |(a, b), (w, h)| (a.max(w), b.max(h)));
            let text = format!(
                "{} ({}, largest {w}×{h}), saved to {}",
                counted(steps as u64, "step", "steps"),
                counted(input.cases.len() as u64, P::UNIT, &format!("{}s", P::UNIT)),
                self.save.display()
            );
            *status.lock().expect("not poisoned") = text.clone();
            spinner.set_message(text);
        };
        show(0, &input);
        let end = loop {
            let mut edits: Vec<Edit<P::Case>> = Vec::new();
            if input.cases.len() > 1 {
                edits.extend((0..input.cases.len()).map(Edit::Remove));
            }
            for (j, case) in input.cases.iter().enumerate() {
                edits.extend(
                    puzzle
                        .smaller(case)
                        .into_iter()
                        .map(|c| Edit::Replace(j, c)),
                );
            }
            let out_of_time = || Instant::now() >= deadline;
            let scan = scan::first(
                edits.len(),
                self.jobs,
                &|| self.cancelled() || out_of_time(),
                &|i, scan| {
                    let mut next = input.clone();
                    match &edits[i] {
                        Edit::Remove(j) => {
                            next.cases.remove(*j);
                            next.answers.remove(*j);
                        }
                        Edit::Replace(j, c) => {
                            let Some(answer) = self.ours(puzzle, c) else {
                                return Ok(None);
                            };
                            next.cases[*j] = c.clone();
                            next.answers[*j] = answer;
                        }
                    }
                    runs.fetch_add(1, Ordering::Relaxed);
                    let f = self.check(puzzle, &next, Some(scan))?;
                    Ok(f.filter(|f| f.same_kind(&failure)).map(|f| (next, f)))
                },
            )?;
            match scan {
                Scan::Found(_, (next, f)) => {
                    input = next;
                    failure = f;
                    steps += 1;
                    self.save(puzzle, &input)?;
                    show(steps, &input);
                }
                Scan::Done => break ShrinkEnd::Done,
                Scan::Stopped if self.cancelled() => break ShrinkEnd::Interrupted,
                Scan::Stopped => break ShrinkEnd::OutOfTime,
            }
        };
        spinner.finish_and_clear();
        match end {
            ShrinkEnd::Interrupted => eprintln!(
                "gridpuzzle: interrupted while shrinking ({}); the smallest failing input so far is saved to {}",
                status.lock().expect("not poisoned"),
                self.save.display()
            ),
            ShrinkEnd::OutOfTime => eprintln!(
                "gridpuzzle: shrinking stopped after {} s (--shrink-time) and {} runs; a smaller failing input may exist",
                self.shrink_time.as_secs_f64(),
                runs.load(Ordering::Relaxed)
            ),
            ShrinkEnd::Done => {}
        }
        Ok(Shrunk {
            input,
            failure,
            steps,
            end,
        })
    }
}

/// How shrinking ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ShrinkEnd {
    /// No single edit fails the same way any more.
    Done,
    /// `--shrink-time` ran out.
    OutOfTime,
    /// Ctrl-C.
    Interrupted,
}

struct Shrunk<C> {
    input: Input<C>,
    failure: Failure,
    steps: usize,
    end: ShrinkEnd,
}

/// A judge input: the cases and the terminator.
fn judge_input<P: Puzzle>(puzzle: &P, cases: &[P::Case]) -> String {
    let mut text: String = cases.iter().map(|c| puzzle.write_case(c)).collect();
    text.push_str(P::TERMINATOR);
    text
}
