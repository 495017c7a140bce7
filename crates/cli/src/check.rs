//! `gridpuzzle check`: a testlib checker for one output file.
//!
//! A contestant's (or a program's) output is judged case by case against
//! the right answers: the jury's (a judge output, such as a test set's
//! `01.a`), or else the solver's own. The comparison is the judge kit's
//! one checker (`gridpuzzle_judge::checker`), shared with `judge` and
//! `stress`, so a test folder is judged exactly as one file is checked:
//! token by token by default, byte for byte with `--strict`. The jury's
//! answers are proved by the solver before anything is judged against
//! them (`gridpuzzle_judge::folder::jury_answers`): a wrong or malformed
//! answer file is a fail naming the case, never the contestant's wrong
//! answer.
//!
//! Two forms, for two readers:
//!
//! - `check PUZZLE INPUT OUTPUT [--answers FILE]`, for a person: each
//!   problem one line, a wrong answer followed by its diagnosis (which
//!   known wrong reading of the rules gives that number), a summary last,
//!   on standard output.
//! - `check PUZZLE INPUT OUTPUT ANSWER [REPORT]`, the order in which
//!   testlib, Polygon and DOMjudge call a checker: one contestant-safe
//!   line (verdict, case, expected and found; no plan, no diagnosis) on
//!   standard error, or in REPORT when given, as testlib writes its
//!   comment.
//!
//! `--terse` and `--detail` choose the other report in either form.
//!
//! The exit codes are testlib's (0 ok, 1 wrong answer, 2 presentation
//! error, 3 fail), so a judging system (Polygon, a contest's scripts) can
//! use the command as its checker; anything that keeps the check from
//! being made — a bad input or answers file, a search budget, a usage
//! error — is a fail (3), never mistaken for the contestant's fault.

use gridpuzzle_registry::Registered;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::diagnose::diagnose;
use gridpuzzle_engine::generate::answer_of;
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::shown::{shown, shown_lines};
use gridpuzzle_engine::words::counted;
use gridpuzzle_judge::checker::{Checker, Finding, Judgement, Kind, Problem};
use gridpuzzle_judge::folder::jury_answers;
use gridpuzzle_registry::{Entry, Visit};

use serde::Serialize;

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp, ReportFormat};
use crate::exit::Exit;
use crate::input;

#[derive(Debug, Args)]
pub struct CheckCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<CheckHelp>,

    /// The right answers, as the judge prints them (a test set's `01.a`);
    /// without it (or the ANSWER argument) the solver computes them
    #[arg(long, global = true, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// Compare the output byte for byte, as the judge prints it (a trailing space, a blank line between answers or answers on one line are presentation errors); by default it is compared token by token, as testlib and DOMjudge do
    #[arg(long, global = true)]
    pub strict: bool,

    /// Report in one contestant-safe line (verdict, case, expected and found), as the testlib form does
    #[arg(long, global = true, conflicts_with = "detail")]
    pub terse: bool,

    /// Report every problem with its diagnosis, as the plain form does
    #[arg(long, global = true)]
    pub detail: bool,

    /// `json`: the report is one JSON document (verdict, exit, cases, right, comment, findings), on standard output or in REPORT
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

const EXIT: &str = "Exit status: 0 ok, 1 wrong answer (or answers missing), 2 presentation \
error (right numbers written otherwise, such as `Case 1:9`, trailing text or extra lines; \
with --strict also a trailing space or a blank line), 3 fail (the input is bad, the jury's \
answers are malformed or wrong, a search budget ran out, or a usage error). These are \
testlib's codes, so a judging system can use the command as its checker.";

/// The help after `check --help`.
pub fn after_help() -> String {
    format!(
        "Each problem is one line naming the case and the output's line; a wrong answer is \
         followed by what the number matches (a known wrong reading of the rules), and a \
         summary ends the report. Called as testlib calls a checker (INPUT OUTPUT ANSWER \
         [REPORT]), the report is one contestant-safe line on standard error, or in \
         REPORT.\n\n{EXIT}\n\n{}",
        crate::args::examples(&[
            "gridpuzzle check {1} samples/{1}.in my-output.txt",
            "gridpuzzle check {2} tests/07 out.txt --answers tests/07.a",
            "gridpuzzle check {1} tests/07 out.txt tests/07.a",
        ])
    )
}

/// What `check PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct CheckHelp;

impl PuzzleHelp for CheckHelp {
    const FILE_NAME: &'static str = "INPUT";
    const FILE_HELP: &'static str = "The judge input the output answers";
    const SECOND: Option<(&'static str, &'static str)> =
        Some(("OUTPUT", "The output to judge; `-` reads standard input"));
    const MORE: &'static [(&'static str, &'static str)] = &[
        (
            "ANSWER",
            "The jury's answer, as testlib passes it (the same as --answers); the report is then one line on standard error",
        ),
        (
            "REPORT",
            "Where the one-line report goes instead of standard error, as testlib writes it",
        ),
    ];

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n{EXIT}\n\nExample:\n  gridpuzzle check {name} samples/{name}.in my-output.txt",
            e.info.format_help,
            name = e.name
        )
    }
}

/// The most bytes of an output or answers file read.
const MAX_BYTES: u64 = 64 << 20;

/// How a file is named in messages.
fn name_of(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The output to judge, open: it is read as it is judged, a line at a
/// time, so memory does not grow with it (issue 28: a 20 MB output took
/// 184–288 MB when it was read whole first).
struct Output {
    name: String,
    reader: Box<dyn BufRead>,
}

fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>> {
    let name = name_of(path);
    let mut bytes = Vec::new();
    input::open(Some(path))?
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the {what} {name}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        bail!("the {what} {name} is larger than {} MB", MAX_BYTES >> 20);
    }
    Ok(bytes)
}

/// Where the report goes, and which one.
struct Reporting {
    /// One contestant-safe line, not every problem with its diagnosis.
    terse: bool,
    /// The testlib form's REPORT file.
    file: Option<PathBuf>,
    /// Called the testlib way: the report goes to standard error (or
    /// `file`), a fail too.
    testlib: bool,
    /// The report is one JSON document ([`CheckJson`]), on standard output
    /// (or in `file`), a fail too.
    json: bool,
}

impl Reporting {
    fn write(&self, text: &str) -> Result<()> {
        match (&self.file, self.testlib && !self.json) {
            (Some(path), _) => std::fs::write(path, text)
                .with_context(|| format!("cannot write the report {}", path.display())),
            (None, true) => {
                std::io::stderr().write_all(text.as_bytes())?;
                Ok(())
            }
            (None, false) => {
                std::io::stdout().write_all(text.as_bytes())?;
                Ok(())
            }
        }
    }

    /// A fail: one line, where the report goes in the testlib form.
    fn fail(&self, why: &str) {
        let why = shown_lines(why).replace('\n', "; ");
        let _ = std::io::stdout().flush();
        if self.json {
            let doc = CheckJson {
                verdict: "fail",
                exit: Exit::Fail.code(),
                strict: None,
                cases: None,
                right: None,
                comment: format!("fail: {why}"),
                findings: Vec::new(),
                more: 0,
            };
            if self.write(&json_text(&doc)).is_ok() {
                return;
            }
        }
        if self.testlib && self.write(&format!("fail: {why}\n")).is_ok() {
            return;
        }
        eprintln!("gridpuzzle: fail: {why}");
    }
}

pub fn run(cmd: CheckCommand) -> Result<Exit> {
    let testlib = !cmd.puzzle.more.is_empty();
    let reporting = Reporting {
        terse: if testlib { !cmd.detail } else { cmd.terse },
        file: cmd.puzzle.more.get(1).cloned(),
        testlib,
        json: cmd.format == ReportFormat::Json,
    };
    let result = (|| {
        let (Some(input), Some(output)) = (cmd.puzzle.file.clone(), cmd.puzzle.second.clone())
        else {
            bail!(
                "give the judge input and the output to check: check PUZZLE INPUT OUTPUT \
                 [ANSWER [REPORT]]"
            );
        };
        if input.as_os_str() == "-" {
            bail!("the judge INPUT must be a file (`-` is for the OUTPUT)");
        }
        let answers_path = match (cmd.puzzle.more.first(), &cmd.answers) {
            (Some(_), Some(_)) => bail!("give the jury's answer once: ANSWER or --answers"),
            (a, b) => a.or(b.as_ref()),
        };
        let output = Output {
            name: name_of(&output),
            reader: input::open(Some(&output))?,
        };
        let answers = match answers_path {
            Some(path) => {
                let bytes = read_bytes(path, "answers file")?;
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Some((path.display().to_string(), text))
            }
            None => None,
        };
        cmd.puzzle.visit(Check {
            input,
            output,
            answers,
            budget: cmd.budget,
            strict: cmd.strict,
            reporting: &reporting,
        })
    })();
    match result {
        Ok(exit) => Ok(exit),
        Err(e) if crate::exit::is_broken_pipe(&e) => Ok(Exit::Ok),
        Err(e) => {
            reporting.fail(&format!("{e:#}"));
            Ok(Exit::Fail)
        }
    }
}

struct Check<'a> {
    input: PathBuf,
    output: Output,
    /// The answers file's name and text.
    answers: Option<(String, String)>,
    budget: BudgetArgs,
    strict: bool,
    reporting: &'a Reporting,
}

impl Visit for Check<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let reader = input::open(Some(&self.input))?;
        let cases = puzzle
            .cases(reader)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow!("the input {}: {e}", self.input.display()))?;
        let answers = match &self.answers {
            Some((name, text)) => {
                let limits = || self.budget.limits();
                jury_answers(&puzzle, &cases, text, name, &limits)?
            }
            None => cases
                .iter()
                .enumerate()
                .map(|(i, case)| {
                    let found = puzzle.solve(case, &self.budget.limits());
                    match (&found.outcome, answer_of(&found)) {
                        (_, Some(a)) => Ok(a),
                        (Outcome::Limit(hit), None) => Err(anyhow!(
                            "{} {}: our search stopped, {}; the answer is not known \
                             (or give the answers with --answers)",
                            P::INFO.unit,
                            i + 1,
                            self.budget.explain(*hit)
                        )),
                        _ => unreachable!("a search without an answer hit a limit"),
                    }
                })
                .collect::<Result<Vec<_>>>()?,
        };
        let Output { name, reader } = self.output;
        let mut limited = reader.take(MAX_BYTES + 1);
        let report = Checker::of::<P>()
            .strict(self.strict)
            .check(&answers, &mut limited)
            .with_context(|| format!("cannot read the output {name}"))?;
        if limited.limit() == 0 {
            bail!("the output {name} is larger than {} MB", MAX_BYTES >> 20);
        }
        let exit = match report.judgement() {
            Judgement::Accepted => Exit::Ok,
            Judgement::WrongAnswer => Exit::PlanRejected,
            Judgement::Presentation => Exit::Presentation,
        };
        let diagnosis = |finding: &Finding| match (finding.kind(), finding.case, finding.printed())
        {
            (Kind::Wrong, Some(n), Some(printed)) if !self.reporting.terse => {
                let case = &cases[n as usize - 1];
                diagnose(&P::CAPS, &puzzle, case, printed, &self.budget.limits()).lines
            }
            _ => Vec::new(),
        };
        if self.reporting.json {
            let doc = CheckJson {
                verdict: match report.judgement() {
                    Judgement::Accepted => "ok",
                    Judgement::WrongAnswer => "wrong_answer",
                    Judgement::Presentation => "presentation_error",
                },
                exit: exit.code(),
                strict: Some(self.strict),
                cases: Some(report.cases),
                right: Some(report.right),
                comment: report.terse(P::INFO.unit),
                findings: report
                    .findings
                    .iter()
                    .map(|f| FindingJson {
                        case: f.case,
                        line: f.line,
                        kind: match f.kind() {
                            Kind::Wrong => "wrong_answer",
                            Kind::Presentation => "presentation_error",
                        },
                        text: f.describe(P::INFO.unit),
                        terse: f.terse(P::INFO.unit),
                        printed: f.printed_text().map(str::to_string),
                        answer: match &f.problem {
                            Problem::Wrong { answer, .. } => Some(*answer),
                            _ => None,
                        },
                        diagnosis: diagnosis(f),
                    })
                    .collect(),
                more: report.dropped(),
            };
            self.reporting.write(&json_text(&doc))?;
            return Ok(exit);
        }
        let mut text = String::new();
        if self.reporting.terse {
            text.push_str(&shown(&report.terse(P::INFO.unit)));
            text.push('\n');
        } else {
            for finding in &report.findings {
                text.push_str(&shown_lines(&finding.describe(P::INFO.unit)));
                text.push('\n');
                for line in diagnosis(finding) {
                    text.push_str(&format!("  {line}\n"));
                }
            }
            if report.dropped() > 0 {
                text.push_str(&format!(
                    "... and {} more\n",
                    counted(report.dropped(), "problem", "problems")
                ));
            }
            text.push_str(&report.summary(P::INFO.unit));
            text.push('\n');
        }
        self.reporting.write(&text)?;
        Ok(exit)
    }
}

/// `check --format json`: one JSON document, on standard output (or in
/// REPORT), instead of the lines.
#[derive(Debug, Serialize)]
struct CheckJson {
    /// `ok`, `wrong_answer`, `presentation_error` or `fail`.
    verdict: &'static str,
    /// The exit status: testlib's code.
    exit: u8,
    /// Whether the output was compared byte for byte (absent on a fail).
    #[serde(skip_serializing_if = "Option::is_none")]
    strict: Option<bool>,
    /// The input's cases, and those answered as the judge does (absent on
    /// a fail).
    #[serde(skip_serializing_if = "Option::is_none")]
    cases: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    right: Option<u64>,
    /// The one-line contestant-safe comment (a fail's: its reason).
    comment: String,
    /// The problems found, in output order (the first 1000, and the first
    /// wrong answer).
    findings: Vec<FindingJson>,
    /// Problems found beyond those listed.
    more: u64,
}

/// One problem of [`CheckJson`].
#[derive(Debug, Serialize)]
struct FindingJson {
    /// The case (from 1) and the output's line (from 1), when the problem
    /// has one.
    case: Option<u64>,
    line: Option<u64>,
    /// `wrong_answer` or `presentation_error`.
    kind: &'static str,
    /// The problem in the words of the text report, and in the terse ones.
    text: String,
    terse: String,
    /// For a wrong number: the number as printed, and the answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    printed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    answer: Option<i64>,
    /// Which known wrong readings of the rules give the printed number
    /// (not in the terse report).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    diagnosis: Vec<String>,
}

/// A JSON document as written: pretty, with a final newline.
fn json_text(doc: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(doc).unwrap_or_default();
    text.push('\n');
    text
}
