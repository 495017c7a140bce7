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
//! Four forms, for four callers, told apart by their arguments alone:
//!
//! - `check PUZZLE INPUT OUTPUT [--answers FILE]`, for a person: each
//!   problem one line, a wrong answer followed by its diagnosis (which
//!   known wrong reading of the rules gives that number), a summary last,
//!   on standard output.
//! - `check PUZZLE INPUT OUTPUT ANSWER [REPORT]`, the order in which
//!   testlib and Polygon call a checker: one contestant-safe line
//!   (verdict, case, expected and found; no plan, no diagnosis) on
//!   standard error, or in REPORT when given, as testlib writes its
//!   comment; exit 0, 1, 2 or 3 (testlib's codes).
//! - `check PUZZLE INPUT OUTPUT ANSWER REPORT -appes`, Polygon's (and
//!   PCMS2's) variant: REPORT is testlib's XML result
//!   (`<result outcome = "wrong-answer">comment</result>`, declared
//!   windows-1251 as testlib declares it; anything past ASCII is written
//!   as a character reference, so the file is right in any encoding).
//! - `check PUZZLE INPUT ANSWER FEEDBACK_DIR < OUTPUT`, a DOMjudge or
//!   Kattis output validator: the output on standard input, the reason in
//!   `FEEDBACK_DIR/judgemessage.txt`, exit 42 (accepted) or 43 (wrong
//!   answer; these systems have no presentation error). A fail is exit 3,
//!   which they read as a judging error, its reason in `judgeerror.txt`
//!   too. This form is chosen when the third file argument is an existing
//!   directory: testlib's ANSWER is a file, so no call of the other forms
//!   is mistaken for it, and the systems create the directory before they
//!   call a validator.
//!
//! `--terse` and `--detail` choose the other report in any form.
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
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

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
        crate::args::examples(&[
            "gridpuzzle check {1} samples/{1}.in my-output.txt",
            "gridpuzzle check {2} tests/07 out.txt --answers tests/07.a",
            "gridpuzzle check {1} tests/07 out.txt tests/07.a",
            "gridpuzzle check {1} tests/07 out.txt tests/07.a result.xml -appes",
            "gridpuzzle check {1} tests/07 tests/07.a feedback/ < out.txt",
        ])
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

/// Who called: which of the module docs' forms.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Form {
    /// A person: the report on standard output.
    Person,
    /// testlib's order: the report on standard error, or in REPORT;
    /// `appes`: REPORT is testlib's XML result.
    Testlib { appes: bool },
    /// A DOMjudge or Kattis output validator: the report in this feedback
    /// directory's `judgemessage.txt`, exit 42 or 43.
    Feedback(PathBuf),
}

/// Where the report goes, and which one.
struct Reporting {
    /// One contestant-safe line, not every problem with its diagnosis.
    terse: bool,
    /// The testlib form's REPORT file.
    file: Option<PathBuf>,
    form: Form,
    /// The report is one JSON document ([`CheckJson`]), on standard output
    /// (or where the form puts it), a fail too.
    json: bool,
}

impl Reporting {
    /// Reads the form from the positional arguments (see the module docs).
    fn of(cmd: &CheckCommand) -> Reporting {
        let more = &cmd.puzzle.more;
        let form = match more.first() {
            Some(dir) if dir.is_dir() => Form::Feedback(dir.clone()),
            Some(_) => Form::Testlib { appes: cmd.appes },
            None => Form::Person,
        };
        let terse = match form {
            Form::Person => cmd.terse,
            _ => !cmd.detail,
        };
        Reporting {
            terse,
            file: match form {
                Form::Testlib { .. } => more.get(1).cloned(),
                _ => None,
            },
            form,
            json: cmd.format == ReportFormat::Json,
        }
    }

    /// Writes the report `text` where the form wants it; `outcome` is
    /// testlib's word for it (`accepted`, `wrong-answer`, ...), for the
    /// XML result.
    fn write(&self, text: &str, outcome: &str) -> Result<()> {
        let to_file = |path: &Path, text: &str| {
            std::fs::write(path, text)
                .with_context(|| format!("cannot write the report {}", path.display()))
        };
        match (&self.form, &self.file) {
            (Form::Feedback(dir), _) => to_file(&dir.join("judgemessage.txt"), text),
            (Form::Testlib { appes: true }, Some(path)) => to_file(path, &appes_xml(outcome, text)),
            (_, Some(path)) => to_file(path, text),
            (Form::Testlib { .. }, None) if !self.json => {
                std::io::stderr().write_all(text.as_bytes())?;
                Ok(())
            }
            _ => {
                std::io::stdout().write_all(text.as_bytes())?;
                Ok(())
            }
        }
    }

    /// A fail: one line, where the report goes in the form (and, for a
    /// validator, in `judgeerror.txt` and on standard error too).
    fn fail(&self, why: &str) {
        let why = shown_lines(why).replace('\n', "; ");
        let _ = std::io::stdout().flush();
        let written = if self.json {
            let doc = CheckJson::fail(&why, Exit::Fail.code());
            self.write(&json_document(&doc), "fail").is_ok()
        } else {
            self.form != Form::Person && self.write(&format!("fail: {why}\n"), "fail").is_ok()
        };
        if let Form::Feedback(dir) = &self.form {
            let _ = std::fs::write(dir.join("judgeerror.txt"), format!("fail: {why}\n"));
        }
        if !written || matches!(self.form, Form::Feedback(_)) {
            eprintln!("gridpuzzle: fail: {why}");
        }
    }

    /// The exit for `judgement` in this form.
    fn exit(&self, judgement: Judgement) -> Exit {
        match (&self.form, judgement) {
            (Form::Feedback(_), Judgement::Accepted) => Exit::ValidatorAccepted,
            (Form::Feedback(_), _) => Exit::ValidatorRejected,
            (_, Judgement::Accepted) => Exit::Ok,
            (_, Judgement::WrongAnswer) => Exit::PlanRejected,
            (_, Judgement::Presentation) => Exit::Presentation,
        }
    }
}

/// testlib's XML result of `-appes` (`InStream::quit` in appes mode): the
/// declaration, then `<result outcome = "...">comment</result>` and a line
/// end, the comment on one line with XML's special characters escaped and
/// control characters as `.`, as testlib writes them; past ASCII, a
/// character reference.
fn appes_xml(outcome: &str, text: &str) -> String {
    let mut comment = String::new();
    for c in text.trim_end().replace('\n', "; ").chars() {
        match c {
            '&' => comment.push_str("&amp;"),
            '<' => comment.push_str("&lt;"),
            '>' => comment.push_str("&gt;"),
            '"' => comment.push_str("&quot;"),
            c if (c as u32) < 32 => comment.push('.'),
            c if c.is_ascii() => comment.push(c),
            c => comment.push_str(&format!("&#{};", c as u32)),
        }
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{outcome}\">{comment}</result>\n"
    )
}

/// testlib's word for a judgement, in its XML result.
fn outcome(judgement: Judgement) -> &'static str {
    match judgement {
        Judgement::Accepted => "accepted",
        Judgement::WrongAnswer => "wrong-answer",
        Judgement::Presentation => "presentation-error",
    }
}

pub fn run(cmd: CheckCommand) -> Result<Exit> {
    let reporting = Reporting::of(&cmd);
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
        if cmd.appes && (reporting.file.is_none() || reporting.json) {
            bail!(
                "-appes follows REPORT in testlib's order (INPUT OUTPUT ANSWER REPORT -appes), \
                 and writes testlib's XML, not --format json"
            );
        }
        let (output, answer_arg) = match &reporting.form {
            Form::Feedback(_) => {
                if cmd.puzzle.more.len() > 1 {
                    bail!(
                        "the DOMjudge form takes INPUT ANSWER FEEDBACK_DIR and the output on \
                         standard input, no validator flags"
                    );
                }
                (None, Some(&second))
            }
            _ => (Some(second.as_path()), cmd.puzzle.more.first()),
        };
        let answers_path = match (answer_arg, &cmd.answers) {
            (Some(_), Some(_)) => bail!("give the jury's answer once: ANSWER or --answers"),
            (a, b) => a.or(b.as_ref()),
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
        let exit = self.reporting.exit(checked.judgement());
        let text = if self.reporting.json {
            json_document(&checked.json(exit.code()))
        } else {
            checked.text(self.reporting.terse)
        };
        self.reporting.write(&text, outcome(checked.judgement()))?;
        Ok(exit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// testlib's XML result: its declaration and spacing, XML's special
    /// characters escaped, control characters as `.`, and past ASCII a
    /// character reference (right in the declared windows-1251 too).
    #[test]
    fn the_appes_result_is_testlibs_xml() {
        assert_eq!(
            appes_xml("wrong-answer", "expected `<4>` & \"x\"\tfound 5…\n"),
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \
             \"wrong-answer\">expected `&lt;4&gt;` &amp; &quot;x&quot;.found 5&#8230;</result>\n"
        );
        assert_eq!(
            appes_xml("accepted", "ok\nmore\n"),
            "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \
             \"accepted\">ok; more</result>\n"
        );
    }

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
