//! `gridpuzzle stress`: find an input on which another program is wrong,
//! then shrink it to the smallest one on which it is still wrong.
//!
//! Cases come from the puzzle's generator (so every expected answer is one
//! our exact solver proved), small boards first and growing. Each is given
//! to the candidate as a single-case judge input; its output is compared
//! with ours. A wrong answer, a crash, a non-zero exit, a time-out, no
//! output, unparsable output and too much output are all failures, each
//! named as such. After the first failure the case is shrunk greedily: take
//! the first edit from the puzzle's `smaller` on which the candidate
//! still fails *the same way*, and repeat until no single edit does.
//!
//! Everything here is generic over the puzzle ([`Job`] is a registry
//! `Visit`): cases come from `Puzzle::random_case`, go to the candidate as
//! `Puzzle::write_case` plus the terminator, and its output is read with
//! `Puzzle::parse_answer`.

mod runner;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::moves::plan_string;
use gridpuzzle_engine::puzzle::counted;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::view::TextStyle;
use gridpuzzle_registry::{Entry, Puzzle, Visit};

use crate::args::{PuzzleArgs, PuzzleHelp};
use crate::Exit;

use runner::Ended;

/// The help after `stress --help`.
pub fn after_help() -> String {
    format!(
        "The candidate runs with your user's rights: it can do anything you can do. \
         Only stress programs you trust.\n\n\
         Each case is given to the candidate on standard input as a single-case \
         judge input with its terminator; its standard output must be the judge's \
         output line, exactly as the judge prints it ({}). Cases start at 2×2 and grow to --size. After \
         the first failure the case is shrunk while the candidate still fails the \
         same way, and the smallest one is printed with our answer explained.\n\n\
         Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error.\n\n\
         {}",
        answer_examples(),
        crate::args::examples(&[
            "gridpuzzle stress {1} --candidate './a.out' --cases 2000",
            "gridpuzzle stress {2} --candidate 'python3 sol.py' --size 8x8 --timeout 1 --save fail.in",
        ])
    )
}

/// The judge's answer 3 of each listed puzzle: `` curling `3`, holedox
/// `Case 1: 3` `` (a bare number is no answer where the judge prints more).
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

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n\
             The candidate gets random single-{unit} inputs (with the rule options \
             above) and must print the judge's output line exactly, such as {three}.\n\n\
             Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error.\n\n\
             Example:\n  gridpuzzle stress {name} --candidate './a.out' --cases 2000",
            e.format_help,
            unit = e.unit,
            name = e.name,
            three = judge_three(e.name)
        )
    }
}

#[derive(Debug, Args)]
pub struct StressCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<StressHelp>,

    /// The program to test, with its arguments, as one string ('CMD ARGS')
    #[arg(long, global = true, value_name = "'CMD ARGS'")]
    pub candidate: Option<String>,

    /// How many cases to try
    #[arg(long, global = true, value_name = "N", default_value_t = 1000)]
    pub cases: u64,

    /// Seed of the case generator (the same seed gives the same cases)
    #[arg(long, global = true, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Largest board, width×height (cases grow from 2×2 to this)
    #[arg(long, global = true, value_name = "WxH", default_value = "10x10", value_parser = crate::args::parse_size)]
    pub size: (u32, u32),

    /// Seconds the candidate may take on one case
    #[arg(long, global = true, value_name = "SECS", default_value_t = 2.0, value_parser = crate::args::parse_seconds)]
    pub timeout: f64,

    /// Write the smallest failing input to FILE
    #[arg(long, global = true, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

/// At most this many candidate runs are spent on shrinking.
const SHRINK_RUNS: usize = 3_000;

/// Budget of our own search on one case; a case it cannot decide is skipped.
const OUR_BUDGET: u64 = 5_000_000;

/// Why the candidate failed on a case.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    Wrong { printed: i64, answer: i64 },
    Crash(i32),
    Exit(i32),
    TimedOut,
    NoOutput,
    Unparsable(String),
    TooMuchOutput,
}

impl Failure {
    /// Same way of failing (a wrong answer is the same failure whatever the
    /// numbers).
    fn same_kind(&self, other: &Failure) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    fn describe(&self, limit: Duration) -> String {
        match self {
            Failure::Wrong { printed, answer } => {
                format!("gave a wrong answer: it printed {printed}, the answer is {answer}")
            }
            Failure::Crash(sig) => format!("crashed (killed by signal {sig})"),
            Failure::Exit(code) => format!("exited with status {code}"),
            Failure::TimedOut => format!(
                "did not finish within {} s (its process group was killed)",
                limit.as_secs_f64()
            ),
            Failure::NoOutput => "printed nothing".into(),
            Failure::Unparsable(text) => {
                format!("printed something that is not an answer: {text:?}")
            }
            Failure::TooMuchOutput => format!(
                "printed more than {} KB (stopped and killed)",
                runner::OUTPUT_CAP / 1024
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
    let limit = Duration::from_secs_f64(cmd.timeout);
    let (max_w, max_h) = cmd.size;
    let job = Job {
        argv,
        limit,
        cases: cmd.cases,
        seed: cmd.seed,
        max_w,
        max_h,
        save: cmd.save.as_deref(),
    };
    cmd.puzzle.visit(job)
}

struct Job<'a> {
    argv: Vec<String>,
    limit: Duration,
    cases: u64,
    seed: u64,
    max_w: u32,
    max_h: u32,
    save: Option<&'a Path>,
}

impl Visit for Job<'_> {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        self.run(&puzzle)
    }
}

impl Job<'_> {
    fn run<P: Puzzle>(&self, puzzle: &P) -> Result<Exit> {
        let mut agreed = 0u64;
        let mut skipped = 0u64;
        for k in 0..self.cases {
            // Small boards first: the size grows from 2×2 to the maximum.
            let grow =
                |max: u32| 2 + ((max.saturating_sub(2)) as u64 * k / self.cases.max(1)) as u32;
            let (w, h) = (
                grow(self.max_w).min(self.max_w),
                grow(self.max_h).min(self.max_h),
            );
            let seed = self.seed.wrapping_mul(1_000_003).wrapping_add(k);
            let Some(case) = puzzle.random_case(seed, w, h) else {
                skipped += 1;
                continue;
            };
            let Some(answer) = self.ours(puzzle, &case) else {
                skipped += 1;
                continue;
            };
            match self.check(puzzle, &case, answer)? {
                None => agreed += 1,
                Some(failure) => {
                    return self.report(puzzle, k + 1, seed, case, failure);
                }
            }
        }
        let mut out = std::io::stdout().lock();
        let skipped = if skipped > 0 {
            format!(" ({skipped} skipped: no case of that size, or our search hit its budget)")
        } else {
            String::new()
        };
        writeln!(out, "all {agreed} cases agreed{skipped}")?;
        Ok(Exit::Ok)
    }

    /// Our proved answer, or `None` when our search hit its budget.
    fn ours<P: Puzzle>(&self, puzzle: &P, case: &P::Case) -> Option<i64> {
        let limits = Limits {
            max_expanded: Some(OUR_BUDGET),
            ..Limits::none()
        };
        match puzzle.solve(case, &limits).outcome {
            Outcome::Solved(plan) => Some(plan.len() as i64),
            Outcome::Unsolvable => Some(-1),
            Outcome::Limit(_) => None,
        }
    }

    /// Runs the candidate on one case; `None` when it answered right.
    fn check<P: Puzzle>(&self, puzzle: &P, case: &P::Case, answer: i64) -> Result<Option<Failure>> {
        let input = judge_input(puzzle, case);
        let run = runner::run(&self.argv, &input, self.limit)
            .with_context(|| format!("cannot run the candidate {:?}", self.argv[0]))?;
        let text = run.stdout.trim();
        Ok(match run.ended {
            Ended::TimedOut => Some(Failure::TimedOut),
            Ended::TooMuchOutput => Some(Failure::TooMuchOutput),
            Ended::Signaled(sig) => Some(Failure::Crash(sig)),
            Ended::Exited(code) if code != 0 => Some(Failure::Exit(code)),
            Ended::Exited(_) if text.is_empty() => Some(Failure::NoOutput),
            Ended::Exited(_) => match P::parse_answer(text) {
                None => Some(Failure::Unparsable(text.chars().take(80).collect())),
                Some(printed) if printed != answer => Some(Failure::Wrong { printed, answer }),
                Some(_) => None,
            },
        })
    }

    fn report<P: Puzzle>(
        &self,
        puzzle: &P,
        number: u64,
        seed: u64,
        case: P::Case,
        failure: Failure,
    ) -> Result<Exit> {
        let mut out = std::io::stdout().lock();
        eprintln!(
            "gridpuzzle: case {number} (seed {seed}): the candidate {}; shrinking...",
            failure.describe(self.limit)
        );
        let (case, failure, steps) = self.shrink(puzzle, case, failure)?;
        let input = judge_input(puzzle, &case);
        let run = runner::run(&self.argv, &input, self.limit)?;
        writeln!(out, "The candidate {}.", failure.describe(self.limit))?;
        writeln!(
            out,
            "Smallest failing input ({}):\n",
            counted(steps as u64, "shrinking step", "shrinking steps")
        )?;
        write!(out, "{input}")?;
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
        let found = puzzle.solve(&case, &Limits::none());
        let plan: Vec<P::Move> = found
            .outcome
            .moves()
            .map(<[P::Move]>::to_vec)
            .unwrap_or_default();
        match &found.outcome {
            Outcome::Solved(_) => writeln!(
                out,
                "\nThe answer is {} ({}):",
                plan.len(),
                if plan.is_empty() {
                    "no move needed".into()
                } else {
                    plan_string(&plan)
                }
            )?,
            Outcome::Unsolvable => writeln!(out, "\nThe answer is -1 ({}):", puzzle.unsolvable())?,
            Outcome::Limit(hit) => writeln!(out, "\nOur search stopped: {hit}")?,
        }
        let style = TextStyle {
            ascii: false,
            color: crate::solve::use_color(),
        };
        write!(out, "{}", puzzle.explain(&case, &plan, style))?;
        if let Some(path) = self.save {
            std::fs::write(path, &input)
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "\nSaved to {}.", path.display())?;
        }
        Ok(Exit::PlanRejected)
    }

    /// Greedy shrinking: the first smaller case that still fails the same
    /// way, again and again.
    fn shrink<P: Puzzle>(
        &self,
        puzzle: &P,
        mut case: P::Case,
        mut failure: Failure,
    ) -> Result<(P::Case, Failure, usize)> {
        let mut steps = 0;
        let mut runs = 0;
        'outer: while runs < SHRINK_RUNS {
            for next in puzzle.smaller(&case) {
                let Some(answer) = self.ours(puzzle, &next) else {
                    continue;
                };
                runs += 1;
                if let Some(f) = self.check(puzzle, &next, answer)? {
                    if f.same_kind(&failure) {
                        case = next;
                        failure = f;
                        steps += 1;
                        continue 'outer;
                    }
                }
                if runs >= SHRINK_RUNS {
                    break 'outer;
                }
            }
            break;
        }
        Ok((case, failure, steps))
    }
}

/// A single-case judge input: the case and the terminator.
fn judge_input<P: Puzzle>(puzzle: &P, case: &P::Case) -> String {
    format!("{}{}", puzzle.write_case(case), P::TERMINATOR)
}
