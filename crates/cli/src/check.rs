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
//! line and opens the files.
//!
//! Four forms, for four callers, told apart by their arguments alone: a
//! person's (`check PUZZLE INPUT OUTPUT`), testlib's and Polygon's
//! (`INPUT OUTPUT ANSWER [REPORT [-appes]]`) and a DOMjudge or Kattis
//! output validator's (`INPUT ANSWER FEEDBACK_DIR < OUTPUT`). Which form a
//! call is and where each wants the report are the judge kit's too
//! (`gridpuzzle_judge::form`, which describes them); this file ends with
//! the exit codes each reads. `--terse` and `--detail` choose the other
//! report in any form.
//!
//! The verdict words are the default output validator's (BAPCtools',
//! Kattis', DOMjudge's): whatever it rejects is a wrong answer, and a
//! presentation error is only the judge's tokens spaced otherwise, which
//! only `--strict` finds (see `gridpuzzle_judge::checker`).
//!
//! Anything that keeps the check from being made — a bad input or
//! answers file, a search budget, a usage error — is a fail (3), never
//! mistaken for the contestant's fault; an output over the checker's cap
//! is the contestant's (a wrong answer), never a fail.

use gridpuzzle_registry::Registered;
use std::ffi::OsString;
use std::io::BufRead;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use gridpuzzle_judge::check::{read_capped, Check};
use gridpuzzle_judge::checker::Judgement;
use gridpuzzle_judge::form::{Form, Reporting};
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

    /// Polygon's `-appes` after REPORT: REPORT is testlib's XML result
    #[arg(long, global = true, hide = true)]
    pub appes: bool,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

const EXIT: &str = "Exit status: 0 ok, 1 wrong answer (anything the default output \
validator of BAPCtools, Kattis and DOMjudge rejects: another number, the right one written \
otherwise such as `Case 1:9` or `01`, trailing text, extra lines, missing answers, more than \
64 MB of output), 2 presentation error (only with --strict: the judge's tokens spaced \
otherwise, such as a trailing space or a blank line), 3 fail (the input is bad, the jury's \
answers are malformed or wrong, a search budget ran out, or a usage error). These are \
testlib's codes, so a judging system can use the command as its checker. Called as a \
DOMjudge or Kattis output validator, the codes are theirs, 42 accepted, 43 wrong answer, 3 \
fail (a judging error to them).";

/// The help after `check --help`.
pub fn after_help() -> String {
    format!(
        "Each problem is one line naming the case and the output's line; a wrong answer is \
         followed by what the number matches (a known wrong reading of the rules), and a \
         summary ends the report.\n\n\
         Called as testlib calls a checker (INPUT OUTPUT ANSWER [REPORT]), the report is one \
         contestant-safe line on standard error, or in REPORT; with `-appes` after REPORT (as \
         Polygon calls it), REPORT is testlib's XML result. Called as a DOMjudge or Kattis \
         output validator (INPUT ANSWER FEEDBACK_DIR < OUTPUT), the line is written to \
         FEEDBACK_DIR/judgemessage.txt: that form is chosen when the third file argument is an \
         existing directory.\n\n{EXIT}\n\n{}",
        crate::args::examples(
            "check",
            &[
                "gridpuzzle check {1} samples/{1}.in my-output.txt",
                "gridpuzzle check {2} tests/07 out.txt --answers tests/07.a",
                "gridpuzzle check {1} tests/07 out.txt tests/07.a",
                "gridpuzzle check {1} tests/07 out.txt tests/07.a result.xml -appes",
                "gridpuzzle check {1} tests/07 tests/07.a feedback/ < out.txt",
            ]
        )
    )
}

/// What `check PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct CheckHelp;

impl PuzzleHelp for CheckHelp {
    const FILE_NAME: &'static str = "INPUT";
    const FILE_HELP: &'static str = "The judge input the output answers";
    const SECOND: Option<(&'static str, &'static str)> = Some((
        "OUTPUT",
        "The output to judge; `-` reads standard input (in the DOMjudge form: the jury's answer)",
    ));
    const MORE: &'static [(&'static str, &'static str)] = &[
        (
            "ANSWER",
            "The jury's answer, as testlib passes it (the same as --answers); the report is then one line on standard error. An existing directory here is DOMjudge's and Kattis' FEEDBACK_DIR instead: INPUT ANSWER FEEDBACK_DIR < OUTPUT",
        ),
        (
            "REPORT",
            "Where the one-line report goes instead of standard error, as testlib writes it; followed by `-appes`, testlib's XML result",
        ),
    ];

    const EXIT: &'static str = EXIT;
    const AFTER: &'static str =
        "{format}\n\n{exit}\n\nExample:\n  gridpuzzle check {name} samples/{name}.in my-output.txt";
}

/// Polygon's `-appes` after REPORT, as the option clap reads (`--appes`):
/// a single dash and five letters would otherwise be read as five short
/// options. Only under `check`, only that exact word (testlib takes
/// `-appes` and `-APPES`).
pub fn appes_flag(mut args: Vec<OsString>) -> Vec<OsString> {
    if args.get(1).is_some_and(|a| a == "check") {
        for a in &mut args[2..] {
            if a == "-appes" || a == "-APPES" {
                *a = "--appes".into();
            }
        }
    }
    args
}

/// The output to judge, open: it is read as it is judged, a line at a
/// time, so memory does not grow with it (issue 28: a 20 MB output took
/// 184–288 MB when it was read whole first).
struct Output {
    name: String,
    reader: Box<dyn BufRead>,
}

pub fn run(cmd: CheckCommand) -> Result<Exit> {
    let json = cmd.format == ReportFormat::Json;
    let more = &cmd.puzzle.more;
    let reporting = Reporting::of(more, cmd.appes, cmd.terse, cmd.detail, json);
    let result = (|| {
        let (Some(input), Some(second)) = (cmd.puzzle.file.clone(), cmd.puzzle.second.clone())
        else {
            bail!(
                "give the judge input and the output to check: check PUZZLE INPUT OUTPUT \
                 [ANSWER [REPORT [-appes]]], or check PUZZLE INPUT ANSWER FEEDBACK_DIR < OUTPUT"
            );
        };
        if input.as_os_str() == "-" {
            bail!("the judge INPUT must be a file (`-` is for the OUTPUT)");
        }
        let (output, answer_arg) = reporting.files(&second, more, cmd.appes)?;
        let answers_path = match (answer_arg, &cmd.answers) {
            (Some(_), Some(_)) => bail!("give the jury's answer once: ANSWER or --answers"),
            (a, b) => a.or(b.as_deref()),
        };
        let output = Output {
            name: input::name_of(output),
            reader: input::open(output)?,
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
            reporting.fail(&format!("{e:#}"), Exit::Fail.code());
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
        // testlib's codes, or a validator's.
        let exit = match (&self.reporting.form, checked.judgement()) {
            (Form::Feedback(_), Judgement::Accepted) => Exit::ValidatorAccepted,
            (Form::Feedback(_), _) => Exit::ValidatorRejected,
            (_, Judgement::Accepted) => Exit::Ok,
            (_, Judgement::WrongAnswer) => Exit::PlanRejected,
            (_, Judgement::Presentation) => Exit::Presentation,
        };
        self.reporting.report(&checked, exit.code())?;
        Ok(exit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_checks_appes_becomes_an_option() {
        let args = |a: &[&str]| a.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            appes_flag(args(&["gp", "check", "rink", "i", "o", "a", "r", "-appes"])),
            args(&["gp", "check", "rink", "i", "o", "a", "r", "--appes"])
        );
        assert_eq!(
            appes_flag(args(&["gp", "solve", "rink", "-appes"])),
            args(&["gp", "solve", "rink", "-appes"])
        );
    }
}
