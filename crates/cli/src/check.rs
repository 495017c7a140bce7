//! `gridpuzzle check`: a testlib checker for one output file.
//!
//! A contestant's (or a program's) output is judged case by case against
//! the right answers: the jury's (a judge output, such as a test set's
//! `01.a`), or else the solver's own. The check and its report are the
//! judge kit's (`gridpuzzle_judge::check`): the one checker shared with
//! `judge` and `stress`, so a test folder is judged exactly as one file is
//! checked (token by token by default, byte for byte with `--strict`), and
//! the jury's answers proved by the solver before anything is judged
//! against them: a wrong or malformed answer file is a fail naming the
//! case, never the contestant's wrong answer. This file reads the command
//! line, opens the files and sends the report where the form wants it.
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
use std::io::{BufRead, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::shown::shown_lines;
use gridpuzzle_judge::check::{read_capped, Check, CheckJson};
use gridpuzzle_judge::checker::Judgement;
use gridpuzzle_judge::json_document;
use gridpuzzle_registry::Visit;

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

    const EXIT: &'static str = EXIT;
    const AFTER: &'static str =
        "{format}\n\n{exit}\n\nExample:\n  gridpuzzle check {name} samples/{name}.in my-output.txt";
}

/// The output to judge, open: it is read as it is judged, a line at a
/// time, so memory does not grow with it (issue 28: a 20 MB output took
/// 184–288 MB when it was read whole first).
struct Output {
    name: String,
    reader: Box<dyn BufRead>,
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
            let doc = CheckJson::fail(&why, Exit::Fail.code());
            if self.write(&json_document(&doc)).is_ok() {
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
            name: input::name_of(Some(&output)),
            reader: input::open(Some(&output))?,
        };
        let answers = match answers_path {
            Some(path) => {
                let open = input::open(Some(path))?;
                let bytes = read_capped(open, "answers file", &input::name_of(Some(path)))?;
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Some((path.display().to_string(), text))
            }
            None => None,
        };
        cmd.puzzle.visit(CheckOne {
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

/// The judge kit's [`Check`] of the chosen puzzle, and where its report
/// goes.
struct CheckOne<'a> {
    input: PathBuf,
    output: Output,
    /// The answers file's name and text.
    answers: Option<(String, String)>,
    budget: BudgetArgs,
    strict: bool,
    reporting: &'a Reporting,
}

impl Visit for CheckOne<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let check = Check {
            input: &self.input,
            answers: self.answers,
            strict: self.strict,
            terse: self.reporting.terse,
        };
        let budget = self.budget;
        let Output { name, reader } = self.output;
        let checked = check.run(&puzzle, &name, reader, &|| budget.limits(), &|hit| {
            budget.explain(hit)
        })?;
        let exit = match checked.judgement() {
            Judgement::Accepted => Exit::Ok,
            Judgement::WrongAnswer => Exit::PlanRejected,
            Judgement::Presentation => Exit::Presentation,
        };
        let text = if self.reporting.json {
            json_document(&checked.json(exit.code()))
        } else {
            checked.text(self.reporting.terse)
        };
        self.reporting.write(&text)?;
        Ok(exit)
    }
}
