//! Who called a checker, and what each caller expects: the conventions of
//! the systems that call `gridpuzzle check` — testlib and Polygon,
//! DOMjudge and Kattis — for which of its files is which
//! ([`Reporting::files`]), the report's file or stream, and testlib's XML
//! result. The check and the words of its report are [`crate::check`]'s;
//! the command reads its arguments, opens the files, hands the report
//! here and ends with the exit status its caller reads (each form's codes
//! are below).
//!
//! Four forms ([`Form`]), for four callers, told apart by their arguments
//! alone ([`Reporting::of`]):
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

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::shown::shown_lines;

use crate::check::{CheckJson, Checked};
use crate::checker::Judgement;
use crate::json_document;

/// Who called: which of the module docs' forms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Form {
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
#[derive(Debug)]
pub struct Reporting {
    /// One contestant-safe line, not every problem with its diagnosis.
    pub terse: bool,
    /// The testlib form's REPORT file.
    pub file: Option<PathBuf>,
    pub form: Form,
    /// The report is one JSON document ([`CheckJson`]), on standard output
    /// (or where the form puts it), a fail too.
    pub json: bool,
}

impl Reporting {
    /// The report of a call whose positional arguments after `INPUT` and
    /// its second file are `more` (`ANSWER [REPORT]`, or `FEEDBACK_DIR`), with
    /// `-appes` after them or not (`appes`). A person's report is terse
    /// only when asked (`terse`), a program's unless the detail is asked
    /// for (`detail`); `json`: one JSON document.
    pub fn of(more: &[PathBuf], appes: bool, terse: bool, detail: bool, json: bool) -> Reporting {
        let form = match more.first() {
            Some(dir) if dir.is_dir() => Form::Feedback(dir.clone()),
            Some(_) => Form::Testlib { appes },
            None => Form::Person,
        };
        Reporting {
            terse: match form {
                Form::Person => terse,
                _ => !detail,
            },
            file: match form {
                Form::Testlib { .. } => more.get(1).cloned(),
                _ => None,
            },
            form,
            json,
        }
    }

    /// The output to judge (`None`: standard input) and the jury's answer
    /// file, if one is given, of a call whose files after INPUT are
    /// `second` and `more`: a validator gets the jury's answer second and
    /// the output on standard input. A call that mixes the forms is
    /// refused: `-appes` (`appes`) without REPORT or with JSON, a
    /// validator's with more arguments.
    pub fn files<'a>(
        &self,
        second: &'a Path,
        more: &'a [PathBuf],
        appes: bool,
    ) -> Result<(Option<&'a Path>, Option<&'a Path>)> {
        if appes && (self.file.is_none() || self.json) {
            bail!(
                "-appes follows REPORT in testlib's order (INPUT OUTPUT ANSWER REPORT -appes), \
                 and writes testlib's XML, not --format json"
            );
        }
        match self.form {
            Form::Feedback(_) if more.len() > 1 => bail!(
                "the DOMjudge form takes INPUT ANSWER FEEDBACK_DIR and the output on standard \
                 input, no validator flags"
            ),
            Form::Feedback(_) => Ok((None, Some(second))),
            _ => Ok((Some(second), more.first().map(PathBuf::as_path))),
        }
    }

    /// Writes the report of `checked` where the form wants it; `exit` is
    /// the exit status the check ends with (for the JSON document).
    pub fn report(&self, checked: &Checked, exit: u8) -> Result<()> {
        let text = if self.json {
            json_document(&checked.json(exit))
        } else {
            checked.text(self.terse)
        };
        self.write(&text, outcome(checked.judgement()))
    }

    /// A fail, which ends with exit status `exit`: one line, where the
    /// report goes in the form (and, for a validator, in `judgeerror.txt`
    /// and on standard error too).
    pub fn fail(&self, why: &str, exit: u8) {
        let why = shown_lines(why).replace('\n', "; ");
        let _ = std::io::stdout().flush();
        let written = if self.json {
            let doc = CheckJson::fail(&why, exit);
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
}
