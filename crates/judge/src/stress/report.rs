//! What `stress` says of the failure it found, for two readers: a person
//! (the smallest failing input, what the candidate printed on it, our
//! answer explained board by board, the diagnosis, and the commands that
//! replay the saved input, ours and the candidate's) and a program (one
//! JSON document, [`StressJson`]). Both are worded from one [`Smallest`]:
//! the shrunk input with the candidate's run on it and what its answer
//! means.

use anyhow::Result;
use gridpuzzle_engine::moves::plan_string;
use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::shown::shown;
use gridpuzzle_engine::view::TextStyle;
use gridpuzzle_engine::words::{counted, units};
use gridpuzzle_registry::Registered;
use serde::Serialize;

use super::{judge_input, Explained, Failure, Input, ShrinkEnd, Shrunk, Stress};
use crate::checker::{Kind, Problem};
use crate::run::Run;

/// A failure, shrunk, made ready to report.
#[derive(Debug)]
pub struct Smallest<C> {
    pub input: Input<C>,
    pub failure: Failure,
    /// Shrinking steps taken, and how shrinking ended.
    pub steps: usize,
    pub end: ShrinkEnd,
    /// The input as the judge reads it (what is saved).
    pub text: String,
    /// The candidate's run on it.
    pub run: Run,
    /// What a wrong answer means, for a wrong answer.
    pub explained: Option<Explained>,
}

impl Stress {
    /// The line said when input `number` fails (before shrinking):
    /// `input 2 (cases 4 to 6): the candidate …; saved to …; shrinking …`.
    pub fn found<C>(&self, number: u64, input: &Input<C>, failure: &Failure) -> String {
        let first = (number - 1) * self.datasets as u64 + 1;
        let which = if input.cases.len() > 1 {
            format!(
                "input {number} (cases {first} to {})",
                first + input.cases.len() as u64 - 1
            )
        } else {
            format!("input {number} (case {first})")
        };
        format!(
            "{which}: the candidate {}; saved to {}; shrinking for at most {} s (Ctrl-C keeps the smallest so far)...",
            failure.describe(self.limit, input.cases.len()),
            self.save.display(),
            self.shrink_time.as_secs_f64()
        )
    }

    /// Where shrinking stands after `steps` steps on `input`: the steps,
    /// the cases and the largest board, and where it is saved.
    pub fn shrinking<P: Registered>(&self, steps: usize, input: &Input<P::Case>) -> String {
        let (w, h) = input
            .cases
            .iter()
            .map(P::size)
            .fold((0, 0), |(a, b), (w, h)| (a.max(w), b.max(h)));
        format!(
            "{} ({}, largest {w}×{h}), saved to {}",
            counted(steps as u64, "step", "steps"),
            units(input.cases.len() as u64, P::INFO.unit),
            self.save.display()
        )
    }

    /// What to say when shrinking stopped early (`None` when it finished):
    /// `status` is where it stood ([`Stress::shrinking`]).
    pub fn stopped_shrinking<C>(&self, shrunk: &Shrunk<C>, status: &str) -> Option<String> {
        match shrunk.end {
            ShrinkEnd::Interrupted => Some(format!(
                "interrupted while shrinking ({status}); the smallest failing input so far is saved to {}",
                self.save.display()
            )),
            ShrinkEnd::OutOfTime => Some(format!(
                "shrinking stopped after {} s (--shrink-time) and {} runs; a smaller failing input may exist",
                self.shrink_time.as_secs_f64(),
                shrunk.runs
            )),
            ShrinkEnd::Done => None,
        }
    }

    /// `shrunk` made ready to report: its judge input, the candidate's run
    /// on it, and what a wrong answer means.
    pub fn smallest<P: Registered>(
        &self,
        puzzle: &P,
        shrunk: Shrunk<P::Case>,
    ) -> Result<Smallest<P::Case>> {
        let Shrunk {
            input,
            failure,
            steps,
            end,
            ..
        } = shrunk;
        let text = judge_input(puzzle, &input.cases);
        let run = self.run_candidate(&text, false, None)?;
        let explained = self.explain(puzzle, &input, &failure)?;
        Ok(Smallest {
            input,
            failure,
            steps,
            end,
            text,
            run,
            explained,
        })
    }
}

/// The report of a run without a failure: every case agreed, or every
/// case tried before it was `interrupted`; `skipped` cases had no case
/// of their size, or our search hit its budget.
pub fn agreed(agreed: u64, skipped: u64, interrupted: bool) -> String {
    let skipped = if skipped > 0 {
        format!(" ({skipped} skipped: no case of that size, or our search hit its budget)")
    } else {
        String::new()
    };
    if interrupted {
        format!("interrupted: all {agreed} cases tried so far agreed{skipped}")
    } else {
        format!("all {agreed} cases agreed{skipped}")
    }
}

impl<C> Smallest<C> {
    /// The report for a person, every line with its newline. `candidate`
    /// is the program as the user wrote it; the boards are drawn in
    /// `color`, unless there are more cells than `max_cells`.
    pub fn report<P: Registered<Case = C>>(
        &self,
        puzzle: &P,
        stress: &Stress,
        candidate: &str,
        color: bool,
        max_cells: u64,
    ) -> String {
        let (input, failure) = (&self.input, &self.failure);
        let unit = P::INFO.unit;
        let mut out = format!("The candidate {}.\n", self.what(stress));
        let datasets = if input.cases.len() > 1 {
            format!(", {}", units(input.cases.len() as u64, unit))
        } else {
            String::new()
        };
        let heading = match self.end {
            ShrinkEnd::Done => "Smallest failing input",
            ShrinkEnd::OutOfTime => "Smallest failing input found within --shrink-time",
            ShrinkEnd::Interrupted => "Smallest failing input so far (interrupted)",
        };
        let steps = counted(self.steps as u64, "shrinking step", "shrinking steps");
        out.push_str(&format!("{heading} ({steps}{datasets}):\n\n{}", self.text));
        out.push_str("\nThe candidate printed:\n");
        if self.run.stdout.trim().is_empty() {
            out.push_str("  (nothing)\n");
        } else {
            // The candidate's own bytes: shown, never obeyed.
            for line in self.run.stdout.lines().take(20) {
                out.push_str(&format!("  {}\n", shown(line)));
            }
        }
        if !self.run.stderr.trim().is_empty() {
            out.push_str("Its standard error:\n");
            for line in self.run.stderr.lines().take(10) {
                out.push_str(&format!("  {}\n", shown(line)));
            }
        }
        let at = failure.case().unwrap_or(0);
        out.push_str(&answer(puzzle, input, at, color, max_cells));
        if let Some(explained) = &self.explained {
            out.push_str("\nDiagnosis:\n");
            for line in &explained.diagnosis.lines {
                out.push_str(&format!("  {line}\n"));
            }
            if explained.alone_right == Some(true) {
                out.push_str(&format!(
                    "  alone, this {unit} is answered right: your program keeps something from the {unit} before it (reset everything between {unit}s)\n"
                ));
            }
        }
        out.push_str(&format!(
            "\nSaved to {}. To reproduce:\n",
            stress.save.display()
        ));
        let file = shell_words::quote(&stress.save.to_string_lossy()).into_owned();
        let settings: Vec<String> = P::CAPS
            .settings_of(puzzle)
            .into_iter()
            .zip(P::CAPS.settings_of(&P::default()))
            .filter(|(mine, judge)| mine != judge)
            .map(|((k, v), _)| format!(" --{k} {}", shell_words::quote(&v)))
            .collect();
        out.push_str(&format!(
            "  gridpuzzle solve {}{} {file}\n  {candidate} < {file}\n",
            P::INFO.name,
            settings.concat()
        ));
        out
    }

    /// What the candidate did on the smallest input, in the report's words
    /// (after "the candidate").
    fn what(&self, stress: &Stress) -> String {
        self.failure.describe(stress.limit, self.input.cases.len())
    }

    /// The failure as [`FailureJson`].
    pub fn json(&self, stress: &Stress) -> FailureJson {
        let (input, failure) = (&self.input, &self.failure);
        let kind = match failure {
            Failure::Output(f) => match f.kind() {
                Kind::Wrong => "wrong_answer",
                Kind::Presentation => "presentation_error",
            },
            Failure::Crash(_) => "crash",
            Failure::Exit(_) => "exit",
            Failure::TimedOut => "timeout",
            Failure::TooMuchOutput => "too_much_output",
        };
        let case = failure.case();
        let answer = match failure {
            Failure::Output(f) => match &f.problem {
                Problem::Wrong { answer, .. } => Some(*answer),
                _ => case.and_then(|c| input.answers.get(c).copied()),
            },
            _ => case.and_then(|c| input.answers.get(c).copied()),
        };
        let printed = match failure {
            Failure::Output(f) => f.printed_text().map(str::to_string),
            _ => None,
        };
        let explained = self.explained.as_ref();
        FailureJson {
            what: self.what(stress),
            kind,
            case: case.map(|c| c + 1),
            printed,
            answer,
            input: self.text.clone(),
            shrinking_steps: self.steps,
            shrinking: match self.end {
                ShrinkEnd::Done => "done",
                ShrinkEnd::OutOfTime => "out_of_time",
                ShrinkEnd::Interrupted => "interrupted",
            },
            stdout: lines_shown(&self.run.stdout, 20),
            stderr: lines_shown(&self.run.stderr, 10),
            diagnosis: explained
                .map(|e| e.diagnosis.lines.clone())
                .unwrap_or_default(),
            alone_right: explained.and_then(|e| e.alone_right),
            saved: stress.save.display().to_string(),
        }
    }
}

/// The first `n` lines of what a candidate wrote, shown, never obeyed.
fn lines_shown(text: &str, n: usize) -> Vec<String> {
    text.lines()
        .take(n)
        .map(|l| shown(l).into_owned())
        .collect()
}

/// Our answer to case `at` of `input`, with its boards after every move
/// unless they are more than `max_cells` cells (a shrunk 1024x1024 lair
/// with a long plan took a gigabyte here, issue 28).
fn answer<P: Registered>(
    puzzle: &P,
    input: &Input<P::Case>,
    at: usize,
    color: bool,
    max_cells: u64,
) -> String {
    let case = &input.cases[at];
    let found = puzzle.solve(case, &Limits::none());
    let plan: Vec<P::Move> = found
        .outcome
        .moves()
        .map(<[P::Move]>::to_vec)
        .unwrap_or_default();
    let of = if input.cases.len() > 1 {
        format!(" of {} {}", P::INFO.unit, at + 1)
    } else {
        String::new()
    };
    let mut out = match &found.outcome {
        Outcome::Solved(_) => format!(
            "\nThe answer{of} is {} ({}):\n",
            plan.len(),
            if plan.is_empty() {
                "no move needed".into()
            } else {
                plan_string(&plan)
            }
        ),
        Outcome::Unsolvable => format!(
            "\nThe answer{of} is -1 ({}):\n",
            P::CAPS.narration().unsolvable(puzzle)
        ),
        Outcome::Limit(hit) => format!("\nOur search stopped: {hit}\n"),
    };
    let (w, h) = P::size(case);
    let drawn = u64::from(w) * u64::from(h) * (plan.len() as u64 + 1);
    if drawn <= max_cells {
        let style = TextStyle {
            ascii: false,
            color,
        };
        let narration = P::CAPS.narration();
        out.push_str(&gridpuzzle_engine::caps::explain(
            puzzle, narration, case, &plan, style,
        ));
    } else {
        out.push_str(&format!(
            "(its {} boards of {w}x{h} are not drawn here: `gridpuzzle solve {} --explain \
             --max-cells {drawn}` on the saved input draws them)\n",
            plan.len() + 1,
            P::INFO.name
        ));
    }
    out
}

/// `stress --format json`: one document for the run.
#[derive(Debug, Default, Serialize)]
pub struct StressJson {
    pub puzzle: &'static str,
    /// `agreed` (exit 0), `failed` (exit 1) or `interrupted` (exit 130).
    pub result: &'static str,
    /// Cases on which the candidate agreed with us, and cases skipped (no
    /// case of that size, or our search hit its budget).
    pub agreed: u64,
    pub skipped: u64,
    /// The first failure found, shrunk; absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<FailureJson>,
}

/// The failure of [`StressJson`].
#[derive(Debug, Default, Serialize)]
pub struct FailureJson {
    /// What the candidate did on the smallest input, in the report's words
    /// (after "the candidate"), and its kind: `wrong_answer`,
    /// `presentation_error`, `crash`, `exit`, `timeout`, `too_much_output`.
    pub what: String,
    pub kind: &'static str,
    /// The case (from 1) it is about, the number printed as written, and
    /// our answer, where they apply.
    pub case: Option<usize>,
    pub printed: Option<String>,
    pub answer: Option<i64>,
    /// The smallest failing input (judge format), the shrinking steps
    /// taken, and whether shrinking finished (`done`, `out_of_time`,
    /// `interrupted`).
    pub input: String,
    pub shrinking_steps: usize,
    pub shrinking: &'static str,
    /// The first 20 lines the candidate printed on it, and 10 of its
    /// standard error.
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
    /// Which known wrong readings of the rules give the printed number;
    /// whether the case alone is answered right (state kept between cases).
    pub diagnosis: Vec<String>,
    pub alone_right: Option<bool>,
    /// Where the input is saved.
    pub saved: String,
}
