//! One output file checked against one judge input, as `gridpuzzle check`
//! does it: the right answers (the jury's, each proved by the solver
//! first, or else the solver's own), the output read within a cap (an
//! output past it is the contestant's wrong answer, never a fail: the
//! jury did nothing wrong) and judged by the one checker
//! ([`crate::checker`]), each wrong answer
//! diagnosed, and the report worded — the lines a person reads, the one
//! contestant-safe line testlib's form writes, or one JSON document.
//!
//! The command keeps what only it knows: its arguments, the files it
//! opens and its exit codes (testlib's, or a validator's). Which file is
//! which and which report goes where (standard output, standard error,
//! testlib's REPORT file or a validator's feedback directory) are the
//! callers' conventions ([`crate::form`]).
//! Wording the report here, beside the checker,
//! keeps one set of words for a finding whatever prints it, as `judge`'s
//! and `stress`'s reports do.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use gridpuzzle_engine::diagnose::diagnose;
use gridpuzzle_engine::generate::answer_of;
use gridpuzzle_engine::search::{LimitHit, Limits, Outcome};
use gridpuzzle_engine::shown::{shown, shown_lines};
use gridpuzzle_engine::words::counted;
use gridpuzzle_registry::Registered;
use serde::Serialize;

use crate::checker::{Checker, Judgement, Kind, Problem, Report};
use crate::folder::jury_answers;

/// The most bytes of an output or answers file read.
pub const MAX_BYTES: u64 = 64 << 20;

/// Reads `reader` whole within [`MAX_BYTES`]: `what` and `name` say which
/// file it is (`the answers file tests/07.a`) in messages.
pub fn read_capped(reader: impl Read, what: &str, name: &str) -> Result<Vec<u8>> {
    crate::read_capped(reader, MAX_BYTES, &format!("the {what} {name}"), "")
}

/// An output to check against the cases of a judge input.
#[derive(Debug, Clone)]
pub struct Check<'a> {
    /// The judge input (a file: standard input is the output's).
    pub input: &'a Path,
    /// The jury's answers file, its name and text; `None`: the solver
    /// answers.
    pub answers: Option<(String, String)>,
    /// Byte for byte, not token by token ([`Checker::strict`]).
    pub strict: bool,
    /// One contestant-safe line: no diagnosis is made.
    pub terse: bool,
}

/// What a [`Check`] found, ready to be worded.
#[derive(Debug)]
pub struct Checked {
    pub report: Report,
    /// For each finding of the report, which known wrong readings of the
    /// rules give the number printed (none in a terse check).
    pub diagnoses: Vec<Vec<String>>,
    unit: &'static str,
    strict: bool,
}

impl Check<'_> {
    /// Checks the output `name`, read from `output` (within
    /// [`MAX_BYTES`]), against the cases of the input for `puzzle`; each
    /// search within `limits()`, and `stopped` says what a budget that
    /// stopped one was (for the answers the solver could not give).
    pub fn run<P: Registered>(
        &self,
        puzzle: &P,
        name: &str,
        output: impl BufRead,
        limits: &dyn Fn() -> Limits,
        stopped: &dyn Fn(LimitHit) -> String,
    ) -> Result<Checked> {
        let file = std::fs::File::open(self.input)
            .with_context(|| format!("cannot open {}", self.input.display()))?;
        let cases = puzzle
            .cases(Box::new(BufReader::with_capacity(1 << 16, file)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow!("the input {}: {e}", self.input.display()))?;
        let answers = match &self.answers {
            Some((name, text)) => jury_answers(puzzle, &cases, text, name, limits)?,
            None => solver_answers(puzzle, &cases, limits, stopped)?,
        };
        let mut limited = output.take(MAX_BYTES);
        let mut report = Checker::of::<P>()
            .strict(self.strict)
            .check(&answers, &mut limited)
            .with_context(|| format!("cannot read the output {name}"))?;
        // The output is the contestant's however large: past the cap it is
        // their wrong answer (an output limit), never a fail.
        let mut rest = limited.into_inner();
        if limited_more(&mut rest).with_context(|| format!("cannot read the output {name}"))? {
            report.oversized(MAX_BYTES);
        }
        let diagnoses = report
            .findings
            .iter()
            .map(
                |finding| match (finding.kind(), finding.case, finding.printed()) {
                    (Kind::Wrong, Some(n), Some(printed)) if !self.terse => {
                        let case = &cases[n as usize - 1];
                        diagnose(P::CAPS, puzzle, case, printed, &limits()).lines
                    }
                    _ => Vec::new(),
                },
            )
            .collect();
        Ok(Checked {
            report,
            diagnoses,
            unit: P::INFO.unit,
            strict: self.strict,
        })
    }
}

/// Whether `output` has a byte left.
fn limited_more(output: &mut impl BufRead) -> std::io::Result<bool> {
    Ok(!output.fill_buf()?.is_empty())
}

/// The solver's answers to `cases`, or an error naming the first case a
/// budget kept it from answering.
fn solver_answers<P: Registered>(
    puzzle: &P,
    cases: &[P::Case],
    limits: &dyn Fn() -> Limits,
    stopped: &dyn Fn(LimitHit) -> String,
) -> Result<Vec<i64>> {
    cases
        .iter()
        .enumerate()
        .map(|(i, case)| {
            let found = puzzle.solve(case, &limits());
            match (&found.outcome, answer_of(&found)) {
                (_, Some(a)) => Ok(a),
                (Outcome::Limit(hit), None) => Err(anyhow!(
                    "{} {}: our search stopped, {}; the answer is not known \
                     (or give the answers with --answers)",
                    P::INFO.unit,
                    i + 1,
                    stopped(*hit)
                )),
                _ => unreachable!("a search without an answer hit a limit"),
            }
        })
        .collect()
}

impl Checked {
    pub fn judgement(&self) -> Judgement {
        self.report.judgement()
    }

    /// The report for a person: each finding with its diagnosis, then the
    /// summary; or, `terse`, the one contestant-safe line.
    pub fn text(&self, terse: bool) -> String {
        let (report, unit) = (&self.report, self.unit);
        if terse {
            return format!("{}\n", shown(&report.terse(unit)));
        }
        let mut text = String::new();
        for (finding, diagnosis) in report.findings.iter().zip(&self.diagnoses) {
            text.push_str(&shown_lines(&finding.describe(unit)));
            text.push('\n');
            for line in diagnosis {
                text.push_str(&format!("  {line}\n"));
            }
        }
        if report.dropped() > 0 {
            text.push_str(&format!(
                "... and {} more\n",
                counted(report.dropped(), "problem", "problems")
            ));
        }
        text.push_str(&report.summary(unit));
        text.push('\n');
        text
    }

    /// The report as one JSON document, `exit` the exit status it ends
    /// with.
    pub fn json(&self, exit: u8) -> CheckJson {
        let (report, unit) = (&self.report, self.unit);
        CheckJson {
            verdict: match report.judgement() {
                Judgement::Accepted => "ok",
                Judgement::WrongAnswer => "wrong_answer",
                Judgement::Presentation => "presentation_error",
            },
            exit,
            strict: Some(self.strict),
            cases: Some(report.cases),
            right: Some(report.right),
            comment: report.terse(unit),
            findings: report
                .findings
                .iter()
                .zip(&self.diagnoses)
                .map(|(f, diagnosis)| FindingJson {
                    case: f.case,
                    line: f.line,
                    kind: match f.kind() {
                        Kind::Wrong => "wrong_answer",
                        Kind::Presentation => "presentation_error",
                    },
                    text: f.describe(unit),
                    terse: f.terse(unit),
                    printed: f.printed_text().map(str::to_string),
                    answer: match &f.problem {
                        Problem::Wrong { answer, .. } => Some(*answer),
                        _ => None,
                    },
                    diagnosis: diagnosis.clone(),
                })
                .collect(),
            more: report.dropped(),
        }
    }
}

/// `check --format json`: one JSON document, on standard output (or in
/// REPORT), instead of the lines.
#[derive(Debug, Serialize)]
pub struct CheckJson {
    /// `ok`, `wrong_answer`, `presentation_error` or `fail`.
    pub verdict: &'static str,
    /// The exit status: testlib's code.
    pub exit: u8,
    /// Whether the output was compared byte for byte (absent on a fail).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
    /// The input's cases, and those answered as the judge does (absent on
    /// a fail).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cases: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<u64>,
    /// The one-line contestant-safe comment (a fail's: its reason).
    pub comment: String,
    /// The problems found, in output order (the first 1000, and the first
    /// wrong answer).
    pub findings: Vec<FindingJson>,
    /// Problems found beyond those listed.
    pub more: u64,
}

impl CheckJson {
    /// A check that could not be made (testlib's fail), for `why`.
    pub fn fail(why: &str, exit: u8) -> CheckJson {
        CheckJson {
            verdict: "fail",
            exit,
            strict: None,
            cases: None,
            right: None,
            comment: format!("fail: {why}"),
            findings: Vec::new(),
            more: 0,
        }
    }
}

/// One problem of [`CheckJson`].
#[derive(Debug, Serialize)]
pub struct FindingJson {
    /// The case (from 1) and the output's line (from 1), when the problem
    /// has one.
    pub case: Option<u64>,
    pub line: Option<u64>,
    /// `wrong_answer` or `presentation_error`.
    pub kind: &'static str,
    /// The problem in the words of the text report, and in the terse ones.
    pub text: String,
    pub terse: String,
    /// For a wrong number: the number as printed, and the answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<i64>,
    /// Which known wrong readings of the rules give the printed number
    /// (not in the terse report).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnosis: Vec<String>,
}
