//! Stress testing: find an input on which another program is wrong,
//! shrink it to the smallest one on which it is still wrong, and never
//! lose it on the way. The `stress` command is this, with its command
//! line, progress bars and report around it.
//!
//! Cases come from the puzzle's generator (so every expected answer is one
//! our exact solver proved), small boards first and growing, steered by
//! the generator's own options (an answer range, the puzzle's parameters,
//! a size range). They go to the candidate `datasets` at a time, as one
//! judge input with its terminator, because the most common multi-test bug
//! (state kept from one dataset to the next) cannot show on single-case
//! inputs. Its output is judged by the one checker of `check` and `judge`
//! ([`crate::checker`]), so the three agree on every output; a crash, a
//! non-zero exit, a time-out and too much output are failures too
//! ([`Failure`]).
//!
//! What the command says of the failure, to a person or as JSON, is
//! worded in [`report`].
//!
//! Why the failure handling is shaped so (each a way `stress` once lost a
//! failure it had found):
//!
//! - **Saved at once.** The failing input is written to the save file the
//!   moment it is found and again after each successful shrink step, by
//!   writing a temporary file and renaming it ([`Stress::save`]), so an
//!   interruption at any moment leaves a whole failing input on disk.
//! - **Shrinking is bounded** by its time, and stops at the cancel flag
//!   (Ctrl-C) with the smallest input so far.
//! - **Whole datasets go first**, then each dataset shrinks by the
//!   puzzle's `smaller` edits: the first edit (in a fixed order) on which
//!   the candidate still fails *the same way* ([`Failure::same_kind`]) is
//!   taken, until none is.
//! - **The same whatever the threads**: inputs and edits are tried by
//!   [`crate::scan`], which finds the first failure in order, so the same
//!   seed gives the same smallest input with one job or eight.

pub mod report;

use gridpuzzle_registry::Registered;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::caps::{stress_case, stress_case_wanting, Draw, GenSpec};
use gridpuzzle_engine::diagnose::{diagnose, Diagnosis};
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::grid::parse_size;
use gridpuzzle_engine::memory::Heap;
use gridpuzzle_engine::pool::Stop;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::words::counted;

use crate::checker::{Checker, Finding, Problem};
use crate::run::{self, Ended, PipeCap, Run, Spec, Stdin};
use crate::scan::{self, Scan};

/// The most bytes of standard output (and of standard error) kept from a
/// candidate; more is a failure of its own.
pub const OUTPUT_CAP: usize = 64 * 1024;

/// Budget of our own search on one case; a case it cannot decide is skipped.
pub const OUR_BUDGET: u64 = 5_000_000;

/// Board sizes from `min` to `max` (columns × rows): case `k` of `n` is
/// `k / n` of the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeRange {
    pub min: (u32, u32),
    pub max: (u32, u32),
}

impl SizeRange {
    /// `WxH` (cases grow from 2×2 to it) or `WxH..WxH` (from one to the
    /// other).
    pub fn parse(s: &str) -> Result<SizeRange, String> {
        let (min, max) = match s.split_once("..") {
            Some((a, b)) => (parse_size(a)?, parse_size(b)?),
            None => {
                let max = parse_size(s)?;
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
}

/// Why the candidate failed on an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The checker's worst finding on its output
    /// ([`crate::checker::Report::worst`]).
    Output(Finding),
    Crash(i32),
    Exit(i32),
    TimedOut,
    TooMuchOutput,
}

impl Failure {
    /// Same way of failing (a wrong answer is the same failure whatever the
    /// numbers and the case; printing nothing is not printing too little).
    pub fn same_kind(&self, other: &Failure) -> bool {
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
    pub fn case(&self) -> Option<usize> {
        match self {
            Failure::Output(f) => match f.problem {
                Problem::Ended { .. } | Problem::Extra { .. } | Problem::Oversized { .. } => None,
                _ => f.case.and_then(|c| usize::try_from(c).ok()?.checked_sub(1)),
            },
            _ => None,
        }
    }

    /// The wrong number printed, for a wrong answer.
    pub fn printed(&self) -> Option<i64> {
        match self {
            Failure::Output(f) => f.printed(),
            _ => None,
        }
    }

    /// What the candidate did, after "the candidate": `printed nothing`;
    /// `limit` is its time limit, `cases` the input's cases.
    pub fn describe(&self, limit: Duration, cases: usize) -> String {
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
                    "printed the right answer in the wrong form{} (a wrong answer to the default output validator): {printed:?}, the judge prints {judge:?}",
                    on(f.case)
                ),
                Problem::Spacing { printed, judge } => format!(
                    "printed the right answer spaced otherwise{} (presentation error): {printed:?}, the judge prints {judge:?}",
                    on(f.case)
                ),
                Problem::Oversized { max } => {
                    format!("printed more than {} MB", max >> 20)
                }
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

/// One input: its cases and our proved answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input<C> {
    pub cases: Vec<C>,
    pub answers: Vec<i64>,
}

/// A judge input: the cases and the terminator.
pub fn judge_input<P: Registered>(puzzle: &P, cases: &[P::Case]) -> String {
    let mut text: String = cases.iter().map(|c| puzzle.write_case(c)).collect();
    text.push_str(P::INFO.terminator);
    text
}

/// What a scan of the inputs found.
#[derive(Debug)]
pub struct Scanned<C> {
    /// The first failing input (its 0-based number), or how the scan ended.
    pub end: Scan<(Input<C>, Failure)>,
    /// Cases the candidate answered right, and cases skipped (no case of
    /// that size, or our search hit its budget).
    pub agreed: u64,
    pub skipped: u64,
}

/// How shrinking ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShrinkEnd {
    /// No single edit fails the same way any more.
    Done,
    /// The shrinking time ran out.
    OutOfTime,
    /// The cancel flag was raised.
    Interrupted,
}

/// A shrunk failing input.
#[derive(Debug)]
pub struct Shrunk<C> {
    pub input: Input<C>,
    pub failure: Failure,
    /// Edits taken, and candidate runs made.
    pub steps: usize,
    pub runs: u64,
    pub end: ShrinkEnd,
}

/// An edit of an input while shrinking.
#[derive(Debug, Clone)]
enum Edit<C> {
    Remove(usize),
    Replace(usize, C),
}

/// What a wrong answer means: the diagnosis of its case, and, on an input
/// of several cases, whether the case alone is answered right.
#[derive(Debug, Clone)]
pub struct Explained {
    pub diagnosis: Diagnosis,
    /// `Some(true)`: alone, the case is answered right (the program keeps
    /// something from the case before it).
    pub alone_right: Option<bool>,
}

/// A stress run: the candidate, the cases, and where a failure goes.
#[derive(Debug, Clone)]
pub struct Stress {
    /// The candidate and its arguments.
    pub argv: Vec<String>,
    /// Time the candidate may take on one input.
    pub limit: Duration,
    /// Cases in all, and cases an input.
    pub cases: u64,
    pub datasets: usize,
    pub seed: u64,
    pub size: SizeRange,
    /// Only cases whose answer is here.
    pub answer: Option<Want>,
    /// The generator's parameters given, over the puzzle's own.
    pub params: Vec<(String, String)>,
    /// Where the failing input is written.
    pub save: PathBuf,
    pub shrink_time: Duration,
    /// Candidate runs at once.
    pub jobs: usize,
    /// The candidate prints bare numbers, not the judge's lines.
    pub bare: bool,
    /// Outputs compared byte for byte, not token by token
    /// ([`Checker::strict`]).
    pub strict: bool,
    /// Raised by Ctrl-C: runs and searches stop.
    pub cancel: Arc<AtomicBool>,
    /// The run's heap budget, for our searches and the generator's.
    pub heap: Option<Arc<Heap>>,
}

impl Stress {
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The generator's parameters for a case of `w × h` from `seed`: the
    /// puzzle's, with those given over them.
    fn params<P: Registered>(
        &self,
        puzzle: &P,
        seed: u64,
        w: u32,
        h: u32,
    ) -> Vec<(String, String)> {
        let mut params = P::CAPS
            .generate
            .map_or_else(Vec::new, |g| g.stress_params(puzzle, seed, w, h));
        for (key, value) in &self.params {
            params.retain(|(k, _)| k != key);
            params.push((key.clone(), value.clone()));
        }
        params
    }

    /// The generator's verdict on the request, at the largest size: a
    /// request it refuses (a parameter out of range, an answer out of
    /// reach, rules it does not generate for) is an error before any case,
    /// not a run of skipped cases.
    pub fn check_request<P: Registered>(&self, puzzle: &P) -> Result<()> {
        let (w, h) = self.size.max;
        let spec = GenSpec {
            width: w,
            height: h,
            want: self.answer.unwrap_or(Want { min: -1, max: None }),
            density: None,
            params: self.params(puzzle, self.seed, w, h),
            max_expanded: None,
            attempts: 1,
            cancel: None,
            heap: self.heap.clone(),
        };
        match P::CAPS
            .generator()
            .map_err(String::from)
            .and_then(|g| g.generator(puzzle, &spec, self.seed))
        {
            Ok(_) => Ok(()),
            Err(e) => bail!("cannot make stress cases: {e}"),
        }
    }

    /// Case `k` of the run: its size grows with `k`, its seed is the run's
    /// seed and `k`.
    pub fn case<P: Registered>(&self, puzzle: &P, k: u64) -> Option<P::Case> {
        let SizeRange { min, max } = self.size;
        let grow = |lo: u32, hi: u32| lo + ((hi - lo) as u64 * k / self.cases.max(1)) as u32;
        let (w, h) = (grow(min.0, max.0).min(max.0), grow(min.1, max.1).min(max.1));
        let seed = self.seed.wrapping_mul(1_000_003).wrapping_add(k);
        let draw = Draw {
            gen: P::CAPS.generate?,
            heap: self.heap.as_ref(),
            width: w,
            height: h,
        };
        if self.params.is_empty() && self.answer.is_none() {
            return stress_case(draw, puzzle, seed);
        }
        let want = self.answer.unwrap_or(Want { min: -1, max: None });
        let params = self.params(puzzle, seed, w, h);
        stress_case_wanting(draw, puzzle, params, want, seed)
    }

    /// Our proved answer, or `None` when our search hit its budget.
    pub fn ours<P: Registered>(&self, puzzle: &P, case: &P::Case) -> Option<i64> {
        let limits = Limits {
            max_expanded: Some(OUR_BUDGET),
            cancel: Some(Arc::clone(&self.cancel)),
            heap: self.heap.clone(),
            ..Limits::none()
        };
        match puzzle.solve(case, &limits).outcome {
            Outcome::Solved(plan) => Some(plan.len() as i64),
            Outcome::Unsolvable => Some(-1),
            Outcome::Limit(_) => None,
        }
    }

    /// Tries the inputs in order, `jobs` at once, until the first on which
    /// the candidate fails; `progress` hears the cases of each input tried.
    pub fn scan<P: Registered>(
        &self,
        puzzle: &P,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Scanned<P::Case>> {
        let per = self.datasets.max(1) as u64;
        let inputs = self.cases.div_ceil(per);
        let agreed = AtomicU64::new(0);
        let skipped = AtomicU64::new(0);
        let end = scan::first(
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
                    // Stopped (Ctrl-C, or an earlier failure): not an agreement.
                    None if self.cancelled() || scan.is_set() => return Ok(None),
                    None => {
                        agreed.fetch_add(input.cases.len() as u64, Ordering::Relaxed);
                        None
                    }
                };
                progress(per);
                Ok(outcome)
            },
        )?;
        Ok(Scanned {
            end,
            agreed: agreed.load(Ordering::Relaxed),
            skipped: skipped.load(Ordering::Relaxed),
        })
    }

    /// Runs the candidate on one input; `None` when it answered right (or
    /// was stopped: nothing is known then). `scan`: the scan it is part
    /// of, whose stop ends the run too.
    pub fn check<P: Registered>(
        &self,
        puzzle: &P,
        input: &Input<P::Case>,
        scan: Option<&Stop>,
    ) -> Result<Option<Failure>> {
        let text = judge_input(puzzle, &input.cases);
        let run = self.run_candidate(&text, true, scan)?;
        Ok(match run.ended {
            // Candidates run without a memory limit: never over it.
            Ended::Cancelled
            | Ended::NotStarted(_)
            | Ended::NoMemoryToStart(_)
            | Ended::OverMemory => None,
            Ended::TimedOut => Some(Failure::TimedOut),
            Ended::TooMuchOutput => Some(Failure::TooMuchOutput),
            Ended::Signaled(sig) => Some(Failure::Crash(sig)),
            Ended::Exited(code) if code != 0 => Some(Failure::Exit(code)),
            Ended::Exited(_) => {
                let checker = if self.bare {
                    Checker::bare::<P>()
                } else {
                    Checker::of::<P>()
                }
                .strict(self.strict);
                let report = checker.check_bytes(&input.answers, run.stdout.as_bytes());
                report.worst().cloned().map(Failure::Output)
            }
        })
    }

    /// Runs the candidate on `text`, stopped by the cancel flag (and by the
    /// stop of `scan`) when `cancellable`; a candidate that cannot be
    /// started is an error.
    pub fn run_candidate(&self, text: &str, cancellable: bool, scan: Option<&Stop>) -> Result<Run> {
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
        let argv0 = self.argv.first().map_or("", String::as_str);
        let run = run::run(&spec).with_context(|| format!("cannot run the candidate {argv0:?}"))?;
        if let Ended::NotStarted(why) | Ended::NoMemoryToStart(why) = &run.ended {
            bail!("cannot run the candidate {argv0:?}: {why}");
        }
        Ok(run)
    }

    /// Writes `input` to the save file whole: a temporary file renamed
    /// over it, so an interruption never leaves half an input.
    pub fn save<P: Registered>(&self, puzzle: &P, input: &Input<P::Case>) -> Result<()> {
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

    /// Greedy shrinking within the shrinking time: the first edit (whole
    /// datasets removed first, then each dataset one `smaller` edit) on
    /// which the candidate still fails the same way, again and again; the
    /// input is saved after each step. `show` hears the steps so far and
    /// the input, at the start and after each step.
    pub fn shrink<P: Registered>(
        &self,
        puzzle: &P,
        mut input: Input<P::Case>,
        mut failure: Failure,
        show: &dyn Fn(usize, &Input<P::Case>),
    ) -> Result<Shrunk<P::Case>> {
        let deadline = Instant::now() + self.shrink_time;
        let mut steps = 0;
        let runs = AtomicU64::new(0);
        show(0, &input);
        let end = loop {
            // The edits, made one at a time as the scan takes them: a
            // huge case has thousands of smaller ones (issue 28).
            let removals = if input.cases.len() > 1 {
                0..input.cases.len()
            } else {
                0..0
            };
            let edits = removals
                .map(Edit::Remove)
                .chain(input.cases.iter().enumerate().flat_map(|(j, case)| {
                    P::CAPS
                        .generate
                        .into_iter()
                        .flat_map(move |g| g.smaller(puzzle, case))
                        .map(move |c| Edit::Replace(j, c))
                }));
            let out_of_time = || Instant::now() >= deadline;
            let found = scan::first_of(
                edits,
                self.jobs,
                &|| self.cancelled() || out_of_time(),
                &|edit: Edit<P::Case>, scan| {
                    let mut next = input.clone();
                    match &edit {
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
            match found {
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
        Ok(Shrunk {
            input,
            failure,
            steps,
            runs: runs.load(Ordering::Relaxed),
            end,
        })
    }

    /// What a wrong answer on `input` means (`None` for another failure):
    /// the diagnosis of its case, and on several cases whether the case
    /// alone is answered right.
    pub fn explain<P: Registered>(
        &self,
        puzzle: &P,
        input: &Input<P::Case>,
        failure: &Failure,
    ) -> Result<Option<Explained>> {
        let Some(printed) = failure.printed() else {
            return Ok(None);
        };
        let at = failure.case().unwrap_or(0);
        let (Some(case), Some(&answer)) = (input.cases.get(at), input.answers.get(at)) else {
            return Ok(None);
        };
        let limits = Limits {
            max_expanded: Some(OUR_BUDGET),
            heap: self.heap.clone(),
            ..Limits::none()
        };
        let diagnosis = diagnose(P::CAPS, puzzle, case, printed, &limits);
        let alone_right = if input.cases.len() > 1 {
            let alone = Input {
                cases: vec![case.clone()],
                answers: vec![answer],
            };
            Some(self.check(puzzle, &alone, None)?.is_none())
        } else {
            None
        };
        Ok(Some(Explained {
            diagnosis,
            alone_right,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_registry::Visit;

    fn finding(case: u64, problem: Problem) -> Failure {
        Failure::Output(Finding {
            case: Some(case),
            line: Some(case),
            problem,
        })
    }

    #[test]
    fn size_ranges_parse() {
        let r = SizeRange::parse("3x4..10x8").unwrap();
        assert_eq!((r.min, r.max), ((3, 4), (10, 8)));
        let r = SizeRange::parse("10x1").unwrap();
        assert_eq!((r.min, r.max), ((2, 1), (10, 1)));
        assert!(SizeRange::parse("5x5..4x4").is_err());
        assert!(SizeRange::parse("5x").is_err());
    }

    /// Each failure in the report's words, and which failures are the
    /// same kind for shrinking.
    #[test]
    fn failures_are_worded_and_compared() {
        let limit = Duration::from_secs(2);
        let wrong = finding(
            2,
            Problem::Wrong {
                printed: "5".into(),
                answer: 4,
            },
        );
        assert_eq!(
            wrong.describe(limit, 3),
            "gave a wrong answer on case 2: it printed 5, the answer is 4"
        );
        assert_eq!(
            wrong.describe(limit, 1),
            "gave a wrong answer: it printed 5, the answer is 4"
        );
        assert_eq!((wrong.case(), wrong.printed()), (Some(1), Some(5)));
        let nothing = finding(1, Problem::Ended { lines: 0, cases: 3 });
        let short = finding(3, Problem::Ended { lines: 2, cases: 3 });
        assert_eq!(nothing.describe(limit, 3), "printed nothing");
        assert_eq!(short.describe(limit, 3), "printed 2 lines for 3 cases");
        assert!(!nothing.same_kind(&short));
        assert_eq!(short.case(), None);
        let other_wrong = finding(
            1,
            Problem::Wrong {
                printed: "0".into(),
                answer: 9,
            },
        );
        assert!(wrong.same_kind(&other_wrong));
        assert!(Failure::Exit(1).same_kind(&Failure::Exit(3)));
        assert!(!Failure::Exit(1).same_kind(&Failure::Crash(11)));
        assert_eq!(
            finding(2, Problem::Blank).describe(limit, 2),
            "printed a blank line before the answer on case 2 (presentation error)"
        );
        assert_eq!(
            Failure::TimedOut.describe(limit, 1),
            "did not finish within 2 s (its process group was killed)"
        );
    }

    fn scratch(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("gridpuzzle-stress-{}-{name}", std::process::id()))
    }

    fn stress(name: &str, script: &str) -> Stress {
        Stress {
            argv: vec!["sh".into(), "-c".into(), script.into()],
            limit: Duration::from_secs(30),
            cases: 6,
            datasets: 3,
            seed: 1,
            size: SizeRange::parse("4x4").unwrap(),
            answer: None,
            params: Vec::new(),
            save: scratch(&format!("{name}.in")),
            shrink_time: Duration::from_secs(60),
            jobs: 2,
            bare: false,
            strict: false,
            cancel: Arc::new(AtomicBool::new(false)),
            heap: None,
        }
    }

    /// On every registered puzzle: a candidate that fails is caught, each
    /// failure named; a candidate that prints our
    /// answers passes; the failure shrinks to one case that is saved.
    #[test]
    fn failures_are_found_shrunk_and_saved() {
        struct Run;
        impl Visit for Run {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                let name = P::INFO.name;
                let crash = stress(&format!("{name}-crash"), "cat >/dev/null; kill -SEGV $$");
                crash.check_request(&puzzle).unwrap();
                let found = crash.scan(&puzzle, &|_| {}).unwrap();
                let Scan::Found(_, (input, failure)) = found.end else {
                    panic!("{name}: {found:?}")
                };
                assert_eq!(failure, Failure::Crash(11));
                assert!(!input.cases.is_empty());
                let shows = std::sync::Mutex::new(0);
                let shrunk = crash
                    .shrink(&puzzle, input, failure, &|_, _| {
                        *shows.lock().unwrap() += 1;
                    })
                    .unwrap();
                assert_eq!(shrunk.end, ShrinkEnd::Done, "{name}");
                assert_eq!(shrunk.input.cases.len(), 1, "{name}");
                assert_eq!(*shows.lock().unwrap(), shrunk.steps + 1);
                let saved = std::fs::read_to_string(&crash.save).unwrap();
                assert_eq!(saved, judge_input(&puzzle, &shrunk.input.cases));
                let _ = std::fs::remove_file(&crash.save);

                // A candidate that prints the judge's answers for one
                // input, and for that input only.
                let case = (0..100)
                    .find_map(|k| crash.case(&puzzle, k))
                    .expect("a case");
                let answer = crash.ours(&puzzle, &case).unwrap();
                let input = Input {
                    cases: vec![case],
                    answers: vec![answer],
                };
                let line = Checker::of::<P>().judge_line(1, answer);
                let right = stress("right", &format!("cat >/dev/null; echo '{line}'"));
                assert_eq!(right.check(&puzzle, &input, None).unwrap(), None);
                // A trailing space: accepted as tokens, a presentation
                // error strictly.
                let mut spaced = stress("spaced", &format!("cat >/dev/null; echo '{line} '"));
                assert_eq!(spaced.check(&puzzle, &input, None).unwrap(), None);
                spaced.strict = true;
                let f = spaced.check(&puzzle, &input, None).unwrap().unwrap();
                assert!(matches!(
                    f,
                    Failure::Output(Finding {
                        problem: Problem::Spacing { .. },
                        ..
                    })
                ));
                let wrong_line = Checker::of::<P>().judge_line(1, answer + 1);
                let wrong = stress("wrong", &format!("cat >/dev/null; echo '{wrong_line}'"));
                let f = wrong.check(&puzzle, &input, None).unwrap().unwrap();
                assert_eq!(f.printed(), Some(answer + 1), "{name}");
                let explained = wrong.explain(&puzzle, &input, &f).unwrap().unwrap();
                assert!(!explained.diagnosis.lines.is_empty());
                assert_eq!(explained.alone_right, None);
                let silent = stress("silent", "cat >/dev/null");
                let f = silent.check(&puzzle, &input, None).unwrap().unwrap();
                assert_eq!(f.describe(silent.limit, 1), "printed nothing");
                assert!(silent.explain(&puzzle, &input, &f).unwrap().is_none());
            }
        }
        for e in gridpuzzle_registry::entries() {
            gridpuzzle_registry::visit(e.name, Run).unwrap();
        }
    }

    #[test]
    fn a_candidate_that_cannot_start_is_an_error() {
        let mut s = stress("none", "");
        s.argv = vec!["/no/such/program".into()];
        let err = s.run_candidate("", true, None).unwrap_err().to_string();
        assert!(
            err.starts_with("cannot run the candidate \"/no/such/program\": "),
            "{err}"
        );
    }

    /// A raised cancel flag stops the scan before any input is tried.
    #[test]
    fn a_cancelled_scan_is_stopped() {
        struct Cancelled;
        impl Visit for Cancelled {
            type Output = ();
            fn visit<P: Registered>(self, puzzle: P) {
                let s = stress("cancelled", "exit 1");
                s.cancel.store(true, Ordering::SeqCst);
                let found = s.scan(&puzzle, &|_| {}).unwrap();
                assert!(matches!(found.end, Scan::Stopped));
                assert_eq!(found.agreed, 0);
            }
        }
        for e in gridpuzzle_registry::entries() {
            gridpuzzle_registry::visit(e.name, Cancelled).unwrap();
        }
    }
}
