//! Judging a program's output against the answers, case by case, the way
//! a testlib checker does: `gridpuzzle check` and `gridpuzzle judge` both
//! call [`check`], so a test folder is judged exactly as one output file
//! is checked.
//!
//! Why not a plain comparison of files: a contestant needs to know *what*
//! is wrong and where. Each line is read against the judge's line for its
//! case ([`crate::Puzzle::judge_line`]), and each problem is one
//! [`Finding`]:
//!
//! - a **wrong answer**: the line reads as an answer line, with another
//!   number; or the output ends before every case is answered;
//! - a **presentation error**: the numbers are right but the line is not
//!   the judge's (`Case 1:9`, a trailing word or space, another case
//!   number), a line that cannot be read as an answer at all, a blank line
//!   between answers, or output after the last case.
//!
//! Blank lines at the very end and `\r` before a line's `\n` are accepted,
//! as every judge accepts them. The verdict is the worst finding: a wrong
//! answer outranks a presentation error (testlib's exit codes 1 and 2).

use crate::puzzle::Puzzle;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Presentation,
    Wrong,
}

/// One problem with an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The case (1-based) the problem is about, if one.
    pub case: Option<u64>,
    /// The output's line (1-based), if the problem is on one.
    pub line: Option<u64>,
    pub kind: Kind,
    /// What is wrong, one sentence without the case and line.
    pub text: String,
    /// The number the program answered for `case`, when it printed one
    /// that is wrong (for a diagnosis).
    pub printed: Option<i64>,
}

impl Finding {
    /// `dataset 3, line 3: wrong answer: printed 9, the answer is 4`,
    /// with the puzzle's word for a case.
    pub fn describe(&self, unit: &str) -> String {
        let kind = match self.kind {
            Kind::Wrong => "wrong answer",
            Kind::Presentation => "presentation error",
        };
        let place = match (self.case, self.line) {
            (Some(c), Some(l)) => format!("{unit} {c}, line {l}: "),
            (Some(c), None) => format!("{unit} {c}: "),
            (None, Some(l)) => format!("line {l}: "),
            (None, None) => String::new(),
        };
        format!("{place}{kind}: {}", self.text)
    }
}

/// The verdict on a whole output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    Accepted,
    WrongAnswer,
    Presentation,
}

/// What [`check`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// Cases judged, and those answered exactly as the judge does.
    pub cases: u64,
    pub right: u64,
}

impl Report {
    pub fn judgement(&self) -> Judgement {
        match self.findings.iter().map(|f| f.kind).max() {
            None => Judgement::Accepted,
            Some(Kind::Wrong) => Judgement::WrongAnswer,
            Some(Kind::Presentation) => Judgement::Presentation,
        }
    }

    /// The first wrong answer: its case and the number printed.
    pub fn first_wrong(&self) -> Option<(u64, i64)> {
        self.findings
            .iter()
            .find_map(|f| Some((f.case?, f.printed?)))
    }

    /// One line: `ok, 6 datasets`, or the verdict and the counts.
    pub fn summary(&self, unit: &str) -> String {
        let units = |n: u64| crate::puzzle::counted(n, unit, &format!("{unit}s"));
        let count = |kind: Kind| self.findings.iter().filter(|f| f.kind == kind).count() as u64;
        match self.judgement() {
            Judgement::Accepted => format!("ok, {}", units(self.cases)),
            j => format!(
                "{}: {} of {} right; {}, {}",
                if j == Judgement::WrongAnswer {
                    "wrong answer"
                } else {
                    "presentation error"
                },
                self.right,
                units(self.cases),
                crate::puzzle::counted(count(Kind::Wrong), "wrong answer", "wrong answers"),
                crate::puzzle::counted(
                    count(Kind::Presentation),
                    "presentation error",
                    "presentation errors"
                ),
            ),
        }
    }
}

/// The integers of a line, in order: maximal digit runs, with a `-`
/// directly before one.
fn integers(line: &str) -> Vec<i64> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut j = i;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            out.push(line[start..j].parse().unwrap_or(i64::MAX));
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// At most 60 characters of a line, for messages.
fn shown(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        s.push('…');
    }
    crate::scan::escaped(&s)
}

/// Judges `output` against `answers` (case `i + 1`'s answer is
/// `answers[i]`) in puzzle `P`'s judge format.
pub fn check<P: Puzzle>(answers: &[i64], output: &str) -> Report {
    let unit = P::UNIT;
    let mut lines: Vec<&str> = output
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let mut report = Report {
        cases: answers.len() as u64,
        ..Report::default()
    };
    let mut next = 0;
    for (i, &answer) in answers.iter().enumerate() {
        let n = i as u64 + 1;
        while next < lines.len() && lines[next].trim().is_empty() {
            report.findings.push(Finding {
                case: Some(n),
                line: Some(next as u64 + 1),
                kind: Kind::Presentation,
                text: "a blank line before the answer".into(),
                printed: None,
            });
            next += 1;
        }
        let Some(&line) = lines.get(next) else {
            let left = answers.len() as u64 - i as u64;
            report.findings.push(Finding {
                case: Some(n),
                line: None,
                kind: Kind::Wrong,
                text: format!(
                    "the output ends after {}, with no answer for {}",
                    crate::puzzle::counted(lines.len() as u64, "line", "lines"),
                    if left == 1 {
                        format!("this {unit}")
                    } else {
                        format!("{left} {unit}s ({n} to {})", answers.len())
                    }
                ),
                printed: None,
            });
            break;
        };
        next += 1;
        let line_no = Some(next as u64);
        let judge = P::judge_line(n, &answer.to_string());
        if line == judge {
            report.right += 1;
            continue;
        }
        let (found, wanted) = (integers(line), integers(&judge));
        let finding = |kind, text: String, printed| Finding {
            case: Some(n),
            line: line_no,
            kind,
            text,
            printed,
        };
        let same_shape = found.len() == wanted.len() && !found.is_empty();
        let last = found.last().copied();
        report.findings.push(if found == wanted {
            finding(
                Kind::Presentation,
                format!("`{}`, where the judge prints `{judge}`", shown(line)),
                None,
            )
        } else if same_shape && last != Some(answer) {
            let printed = last.unwrap_or_default();
            finding(
                Kind::Wrong,
                format!("printed {printed}, the answer is {answer}"),
                Some(printed),
            )
        } else if same_shape {
            finding(
                Kind::Presentation,
                format!("`{}`, where the judge prints `{judge}`", shown(line)),
                None,
            )
        } else {
            finding(
                Kind::Presentation,
                format!(
                    "`{}` is not an answer line; the judge prints `{judge}`",
                    shown(line)
                ),
                None,
            )
        });
    }
    if next < lines.len() {
        let extra = (lines.len() - next) as u64;
        report.findings.push(Finding {
            case: None,
            line: Some(next as u64 + 1),
            kind: Kind::Presentation,
            text: format!(
                "{} after the last {unit}'s answer, the first `{}`",
                crate::puzzle::counted(extra, "extra line", "extra lines"),
                shown(lines[next])
            ),
            printed: None,
        });
    }
    report
}

/// Reads a judge output (an answers file) of puzzle `P`: exactly the
/// judge's line for each case, numbered from 1. `Err` names the line.
pub fn read_answers<P: Puzzle>(text: &str) -> Result<Vec<i64>, String> {
    let mut answers = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let n = answers.len() as u64 + 1;
        let template = P::judge_line(n, "\u{0}");
        let (prefix, suffix) = template.split_once('\u{0}').unwrap_or((&template, ""));
        let answer = line
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(suffix))
            .and_then(|a| a.parse::<i64>().ok())
            .filter(|&a| a >= -1);
        match answer {
            Some(a) => answers.push(a),
            None => {
                return Err(format!(
                    "line {}: expected the judge's line for {} {n}, such as `{}`, found `{}`",
                    i + 1,
                    P::UNIT,
                    P::judge_line(n, "4"),
                    shown(line)
                ))
            }
        }
    }
    Ok(answers)
}
