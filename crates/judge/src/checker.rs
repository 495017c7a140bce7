//! Judging a program's output against the answers, case by case, the way
//! a testlib checker does: the one checker of `gridpuzzle check`, `judge`
//! and `stress`, so the three can never disagree about an output.
//!
//! Why not a plain comparison of files: a contestant needs to know *what*
//! is wrong and where. Each line is read against the judge's line for its
//! case ([`Checker::judge_line`]), and each problem is one [`Finding`]:
//!
//! - a **wrong answer**: the line reads as an answer line, with another
//!   number; or the output ends before every case is answered;
//! - a **presentation error**: the numbers are right but the line is not
//!   the judge's (`Case 1:9`, a trailing word or space, another case
//!   number), a line that cannot be read as an answer at all, a blank line
//!   between answers, or output after the last case.
//!
//! Blank lines at the very end and `\r` before a line's `\n` are accepted,
//! as every judge accepts them; nothing else is forgiven, a trailing space
//! included. The verdict is the worst finding: a wrong answer outranks a
//! presentation error (testlib's exit codes 1 and 2).
//!
//! The shape, and why:
//!
//! - **A reader, not a string.** [`Checker::findings`] reads the output
//!   line by line from any `BufRead` and yields each finding as soon as it
//!   is certain, keeping only the line at hand, a count of blank lines not
//!   yet known to be trailing, and a short excerpt of the first line past
//!   the last answer. Memory does not grow with the output but for the
//!   longest line (a later token-based comparison can read tokens from the
//!   same reader instead of lines).
//! - **Findings are data.** A [`Problem`] says what is wrong with its
//!   numbers and excerpts; [`Finding::describe`] words it for `check` and
//!   `judge`, and `stress` words the same problem in its own report. What
//!   counts as wrong is decided once, here.
//! - **The judge's line is a parameter.** A [`Checker`] holds the puzzle's
//!   judge line ([`Checker::of`]) or the bare number (`stress --bare`,
//!   [`Checker::bare`]), so the rules above are written once for both.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use gridpuzzle_engine::puzzle::{counted, Puzzle};
use gridpuzzle_engine::scan::escaped;

/// The most characters of a printed line a finding keeps, for messages.
pub const EXCERPT: usize = 80;

/// What the judge prints for a case: the line a checker compares with.
#[derive(Debug, Clone, Copy)]
pub struct Checker {
    unit: &'static str,
    line: fn(u64, &str) -> String,
}

impl Checker {
    /// Lines `line(n, answer)` for case `n`; `unit` is the word for a case
    /// ("dataset"), for messages.
    pub fn new(unit: &'static str, line: fn(u64, &str) -> String) -> Checker {
        Checker { unit, line }
    }

    /// Puzzle `P`'s judge lines ([`Puzzle::judge_line`]).
    pub fn of<P: Puzzle>() -> Checker {
        Checker::new(P::UNIT, P::judge_line)
    }

    /// One bare number a line, for puzzle `P`'s cases.
    pub fn bare<P: Puzzle>() -> Checker {
        Checker::new(P::UNIT, |_, answer| answer.to_string())
    }

    /// The word for a case.
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// The judge's line for case `n` (1-based) with `answer`.
    pub fn judge_line(&self, n: u64, answer: i64) -> String {
        (self.line)(n, &answer.to_string())
    }

    /// The findings on `output` against `answers` (case `i + 1`'s answer
    /// is `answers[i]`), one at a time as they are read (see the module
    /// docs); [`Findings::counts`] then tells how many cases were right.
    pub fn findings<'a, R: BufRead>(&self, answers: &'a [i64], output: R) -> Findings<'a, R> {
        Findings {
            checker: *self,
            answers,
            output,
            buf: Vec::new(),
            line: 0,
            last_text: 0,
            next: 0,
            blanks: (0, 0),
            extra: None,
            queue: VecDeque::new(),
            right: 0,
            ended: false,
        }
    }

    /// Every finding on `output`, gathered: [`Checker::findings`] to its end.
    pub fn check(&self, answers: &[i64], output: impl BufRead) -> std::io::Result<Report> {
        let mut findings = self.findings(answers, output);
        let found = findings.by_ref().collect::<std::io::Result<Vec<_>>>()?;
        Ok(findings.report(found))
    }

    /// [`Checker::check`] on an output in memory, which reading cannot
    /// fail on.
    pub fn check_bytes(&self, answers: &[i64], output: &[u8]) -> Report {
        let mut findings = self.findings(answers, output);
        let found = findings.by_ref().flatten().collect();
        findings.report(found)
    }

    /// Reads a judge output (an answers file): exactly the judge's line for
    /// each case, numbered from 1; blank lines are passed over. `Err`
    /// names the line.
    pub fn read_answers(&self, text: &str) -> Result<Vec<i64>, String> {
        let mut answers = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            let n = answers.len() as u64 + 1;
            let template = (self.line)(n, "\u{0}");
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
                        self.unit,
                        self.judge_line(n, 4),
                        shown(line)
                    ))
                }
            }
        }
        Ok(answers)
    }
}

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Presentation,
    Wrong,
}

/// What is wrong, with what it is about. Printed lines are kept as their
/// first [`EXCERPT`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A blank line where the case's answer was due.
    Blank,
    /// The output ends before the case's answer: it has `lines` lines
    /// (trailing blank ones not counted) for `cases` cases.
    Ended { lines: u64, cases: u64 },
    /// The right numbers, not in the judge's line.
    Form { printed: String, judge: String },
    /// An answer line with another number.
    Wrong { printed: i64, answer: i64 },
    /// A line that cannot be read as the case's answer line.
    NotAnAnswer { printed: String, judge: String },
    /// `count` lines after the last case's answer, the first of them
    /// `first`.
    Extra { count: u64, first: String },
}

/// One problem with an output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The case (1-based) the problem is about, if one.
    pub case: Option<u64>,
    /// The output's line (1-based), if the problem is on one.
    pub line: Option<u64>,
    pub problem: Problem,
}

impl Finding {
    pub fn kind(&self) -> Kind {
        match self.problem {
            Problem::Ended { .. } | Problem::Wrong { .. } => Kind::Wrong,
            _ => Kind::Presentation,
        }
    }

    /// The number the program answered for its case, when it printed one
    /// that is wrong (for a diagnosis).
    pub fn printed(&self) -> Option<i64> {
        match self.problem {
            Problem::Wrong { printed, .. } => Some(printed),
            _ => None,
        }
    }

    /// `dataset 3, line 3: wrong answer: printed 9, the answer is 4`,
    /// with `unit` the puzzle's word for a case.
    pub fn describe(&self, unit: &str) -> String {
        let kind = match self.kind() {
            Kind::Wrong => "wrong answer",
            Kind::Presentation => "presentation error",
        };
        let place = match (self.case, self.line) {
            (Some(c), Some(l)) => format!("{unit} {c}, line {l}: "),
            (Some(c), None) => format!("{unit} {c}: "),
            (None, Some(l)) => format!("line {l}: "),
            (None, None) => String::new(),
        };
        let text = match &self.problem {
            Problem::Blank => "a blank line before the answer".to_string(),
            Problem::Ended { lines, cases } => {
                let n = self.case.unwrap_or(1);
                let left = cases.saturating_sub(n) + 1;
                format!(
                    "the output ends after {}, with no answer for {}",
                    counted(*lines, "line", "lines"),
                    if left == 1 {
                        format!("this {unit}")
                    } else {
                        format!("{left} {unit}s ({n} to {cases})")
                    }
                )
            }
            Problem::Form { printed, judge } => {
                format!("`{}`, where the judge prints `{judge}`", shown(printed))
            }
            Problem::Wrong { printed, answer } => {
                format!("printed {printed}, the answer is {answer}")
            }
            Problem::NotAnAnswer { printed, judge } => format!(
                "`{}` is not an answer line; the judge prints `{judge}`",
                shown(printed)
            ),
            Problem::Extra { count, first } => format!(
                "{} after the last {unit}'s answer, the first `{}`",
                counted(*count, "extra line", "extra lines"),
                shown(first)
            ),
        };
        format!("{place}{kind}: {text}")
    }
}

/// The verdict on a whole output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    Accepted,
    WrongAnswer,
    Presentation,
}

/// What [`Checker::check`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// Cases judged, and those answered exactly as the judge does.
    pub cases: u64,
    pub right: u64,
}

impl Report {
    pub fn judgement(&self) -> Judgement {
        match self.findings.iter().map(Finding::kind).max() {
            None => Judgement::Accepted,
            Some(Kind::Wrong) => Judgement::WrongAnswer,
            Some(Kind::Presentation) => Judgement::Presentation,
        }
    }

    /// The first finding of the worst kind: the one a one-line verdict
    /// names (`judge`'s table, `stress`'s failure).
    pub fn worst(&self) -> Option<&Finding> {
        let worst = self.findings.iter().map(Finding::kind).max()?;
        self.findings.iter().find(|f| f.kind() == worst)
    }

    /// The first wrong answer: its case and the number printed.
    pub fn first_wrong(&self) -> Option<(u64, i64)> {
        self.findings
            .iter()
            .find_map(|f| Some((f.case?, f.printed()?)))
    }

    /// One line: `ok, 6 datasets`, or the verdict and the counts.
    pub fn summary(&self, unit: &str) -> String {
        let units = |n: u64| counted(n, unit, &format!("{unit}s"));
        let count = |kind: Kind| self.findings.iter().filter(|f| f.kind() == kind).count() as u64;
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
                counted(count(Kind::Wrong), "wrong answer", "wrong answers"),
                counted(
                    count(Kind::Presentation),
                    "presentation error",
                    "presentation errors"
                ),
            ),
        }
    }
}

/// The findings on an output as it is read ([`Checker::findings`]).
pub struct Findings<'a, R> {
    checker: Checker,
    answers: &'a [i64],
    output: R,
    buf: Vec<u8>,
    /// Lines read so far, and the number of the last one not blank.
    line: u64,
    last_text: u64,
    /// Cases whose line has been read.
    next: usize,
    /// Blank lines in a row before the next case's line: the first's
    /// number and how many (they are findings only if a line follows).
    blanks: (u64, u64),
    /// The first line after the last case's: its number and excerpt.
    extra: Option<(u64, String)>,
    queue: VecDeque<Finding>,
    right: u64,
    ended: bool,
}

impl<R> Findings<'_, R> {
    /// Cases judged and cases answered exactly as the judge does, so far.
    pub fn counts(&self) -> (u64, u64) {
        (self.answers.len() as u64, self.right)
    }

    /// The report of these findings, once they are all read.
    fn report(&self, findings: Vec<Finding>) -> Report {
        let (cases, right) = self.counts();
        Report {
            findings,
            cases,
            right,
        }
    }

    /// Judges one line of the output (without its line end): `text`, or
    /// its first [`KEPT`] bytes and what `tail` found in the rest.
    fn take(&mut self, text: &str, tail: Option<&Tail>) {
        self.line += 1;
        let blank = text.trim().is_empty() && !tail.is_some_and(|t| t.nonblank);
        if !blank {
            self.last_text = self.line;
        }
        let Some(&answer) = self.answers.get(self.next) else {
            if self.extra.is_none() {
                self.extra = Some((self.line, excerpt(text)));
            }
            return;
        };
        let n = self.next as u64 + 1;
        if blank {
            if self.blanks.1 == 0 {
                self.blanks.0 = self.line;
            }
            self.blanks.1 += 1;
            return;
        }
        let (from, count) = std::mem::take(&mut self.blanks);
        for line in from..from + count {
            self.queue.push_back(Finding {
                case: Some(n),
                line: Some(line),
                problem: Problem::Blank,
            });
        }
        self.next += 1;
        let judge = self.checker.judge_line(n, answer);
        if tail.is_none() && text == judge {
            self.right += 1;
            return;
        }
        let (mut found, wanted) = (integers(text), integers(&judge));
        // Integers of the tail past the few kept (too many to be an
        // answer's anyway).
        let mut dropped = 0;
        let mut last = None;
        if let Some(tail) = tail {
            if let (Some(value), Some(at)) = (tail.continued, found.last_mut()) {
                *at = value;
            }
            found.extend_from_slice(&tail.values);
            dropped = tail.dropped;
            last = tail.last;
        }
        let count = found.len() + dropped;
        let same_shape = count == wanted.len() && count > 0;
        let last = if dropped > 0 {
            last
        } else {
            found.last().copied()
        };
        let found_is_wanted = dropped == 0 && found == wanted;
        let problem = if found_is_wanted || same_shape && last == Some(answer) {
            Problem::Form {
                printed: excerpt(text),
                judge,
            }
        } else if same_shape {
            Problem::Wrong {
                printed: last.unwrap_or_default(),
                answer,
            }
        } else {
            Problem::NotAnAnswer {
                printed: excerpt(text),
                judge,
            }
        };
        self.queue.push_back(Finding {
            case: Some(n),
            line: Some(self.line),
            problem,
        });
    }

    /// The end of the output: cases left unanswered, or lines past the
    /// last answer that are not trailing blank ones.
    fn end(&mut self) {
        let cases = self.answers.len() as u64;
        if self.next < self.answers.len() {
            self.queue.push_back(Finding {
                case: Some(self.next as u64 + 1),
                line: None,
                problem: Problem::Ended {
                    lines: self.last_text,
                    cases,
                },
            });
        } else if let Some((from, first)) = self.extra.take() {
            if self.last_text >= from {
                self.queue.push_back(Finding {
                    case: None,
                    line: Some(from),
                    problem: Problem::Extra {
                        count: self.last_text - from + 1,
                        first,
                    },
                });
            }
        }
    }
}

impl<R: BufRead> Iterator for Findings<'_, R> {
    type Item = std::io::Result<Finding>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(f) = self.queue.pop_front() {
                return Some(Ok(f));
            }
            if self.ended {
                return None;
            }
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            let read = (&mut self.output)
                .take(KEPT as u64)
                .read_until(b'\n', &mut buf);
            match read {
                Err(e) => {
                    self.ended = true;
                    return Some(Err(e));
                }
                Ok(0) => {
                    self.ended = true;
                    self.end();
                }
                Ok(_) if buf.len() == KEPT && buf.last() != Some(&b'\n') => {
                    // A line longer than any answer line: the rest is
                    // scanned for what judging needs, not kept.
                    let tail = match Tail::scan(&mut self.output, &buf) {
                        Ok(tail) => tail,
                        Err(e) => {
                            self.ended = true;
                            return Some(Err(e));
                        }
                    };
                    self.take(&String::from_utf8_lossy(&buf), Some(&tail));
                }
                Ok(_) => {
                    let mut bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
                    bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
                    self.take(&String::from_utf8_lossy(bytes), None);
                }
            }
            self.buf = buf;
        }
    }
}

/// The bytes of a line kept whole: longer than any answer line by far, so
/// a line past it cannot be the judge's, and the rest of it is only
/// scanned ([`Tail`]). This is what keeps the checker's memory bounded
/// however long a line is (a 20 MB line of numbers took 288 MB).
const KEPT: usize = 1 << 16;

/// The integers a [`Tail`] keeps: more than any answer line has.
const TAIL_VALUES: usize = 8;

/// What judging needs of a line past its first [`KEPT`] bytes: whether it
/// holds anything but blanks, and its integers (as [`integers`] reads
/// them) as far as they can matter.
#[derive(Debug, Default)]
struct Tail {
    nonblank: bool,
    /// The value of the kept part's last integer when its digits go on
    /// past the cut.
    continued: Option<i64>,
    /// The first integers that start past the cut, and how many more.
    values: Vec<i64>,
    dropped: usize,
    /// The line's last integer, when it starts or ends past the cut.
    last: Option<i64>,
}

impl Tail {
    /// Reads the rest of the line from `output` (through its `\n`, or to
    /// the end), `head` being its first [`KEPT`] bytes, in constant memory.
    fn scan<R: BufRead>(output: &mut R, head: &[u8]) -> std::io::Result<Tail> {
        let mut tail = Tail::default();
        let mut prev = head.last().copied().unwrap_or(b' ');
        // The digit run under way: its magnitude (`None` past `i64`),
        // sign, and whether it began in `head`.
        let mut run: Option<(Option<i64>, bool, bool)> = None;
        if prev.is_ascii_digit() {
            let start = head
                .iter()
                .rposition(|b| !b.is_ascii_digit())
                .map_or(0, |i| i + 1);
            let negative = start > 0 && head[start - 1] == b'-';
            let magnitude = std::str::from_utf8(&head[start..])
                .ok()
                .and_then(|d| d.parse::<i64>().ok());
            run = Some((magnitude, negative, true));
        }
        loop {
            let chunk = output.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (chunk.len(), false),
            };
            for &b in &chunk[..used] {
                if b.is_ascii_digit() {
                    let (magnitude, _, _) = run.get_or_insert((Some(0), prev == b'-', false));
                    *magnitude = magnitude
                        .and_then(|m| m.checked_mul(10))
                        .and_then(|m| m.checked_add(i64::from(b - b'0')));
                } else {
                    if let Some(ended) = run.take() {
                        tail.end_run(ended);
                    }
                    tail.nonblank |= !b.is_ascii_whitespace();
                }
                prev = b;
            }
            output.consume(used);
            if done {
                break;
            }
        }
        if let Some(ended) = run.take() {
            tail.end_run(ended);
        }
        Ok(tail)
    }

    /// A digit run ended: its value as [`integers`] gives it.
    fn end_run(&mut self, (magnitude, negative, continued): (Option<i64>, bool, bool)) {
        let value = match magnitude {
            Some(m) if negative => -m,
            Some(m) => m,
            None => i64::MAX,
        };
        self.nonblank = true;
        self.last = Some(value);
        if continued {
            self.continued = Some(value);
        } else if self.values.len() < TAIL_VALUES {
            self.values.push(value);
        } else {
            self.dropped += 1;
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

/// The first [`EXCERPT`] characters of a line.
fn excerpt(line: &str) -> String {
    line.chars().take(EXCERPT).collect()
}

/// At most 60 characters of a line, for messages.
fn shown(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        s.push('…');
    }
    escaped(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge line with the case number in it, and the bare number.
    fn cases() -> Checker {
        Checker::new("case", |n, a| format!("Case {n}: {a}"))
    }

    fn bare() -> Checker {
        Checker::new("dataset", |_, a| a.to_string())
    }

    fn described(checker: &Checker, answers: &[i64], output: &str) -> Vec<String> {
        let report = checker.check(answers, output.as_bytes()).unwrap();
        let mut lines: Vec<String> = report
            .findings
            .iter()
            .map(|f| f.describe(checker.unit()))
            .collect();
        lines.push(report.summary(checker.unit()));
        lines
    }

    #[test]
    fn the_judges_lines_are_accepted_with_crlf_and_trailing_blank_lines() {
        for output in [
            "Case 1: 9\nCase 2: -1\n",
            "Case 1: 9\nCase 2: -1",
            "Case 1: 9\r\nCase 2: -1\r\n",
            "Case 1: 9\nCase 2: -1\n\n  \n\t\n",
        ] {
            let report = cases().check(&[9, -1], output.as_bytes()).unwrap();
            assert_eq!(report.judgement(), Judgement::Accepted, "{output:?}");
            assert_eq!((report.cases, report.right), (2, 2));
            assert_eq!(report.summary("case"), "ok, 2 cases");
        }
    }

    /// Every way an output goes wrong, as `check` and `judge` word it.
    #[test]
    fn each_problem_is_found_and_worded() {
        let rows: &[(&str, Judgement, &[&str])] = &[
            (
                "Case 1: 9 \nCase 2: -1\n",
                Judgement::Presentation,
                &["case 1, line 1: presentation error: `Case 1: 9 `, where the judge prints `Case 1: 9`"],
            ),
            (
                "Case 1: 9\n\nCase 2: -1\n",
                Judgement::Presentation,
                &["case 2, line 2: presentation error: a blank line before the answer"],
            ),
            (
                "Case 1: 9\n",
                Judgement::WrongAnswer,
                &["case 2: wrong answer: the output ends after 1 line, with no answer for this case"],
            ),
            (
                "\n\n",
                Judgement::WrongAnswer,
                &["case 1: wrong answer: the output ends after 0 lines, with no answer for 2 cases (1 to 2)"],
            ),
            (
                "Case 1: 9\nCase 2: -1\n\nCase 3: 0\nmore\n\n",
                Judgement::Presentation,
                &["line 3: presentation error: 3 extra lines after the last case's answer, the first ``"],
            ),
            (
                "Case 1: 8\nCase 2:-1\n",
                Judgement::WrongAnswer,
                &[
                    "case 1, line 1: wrong answer: printed 8, the answer is 9",
                    "case 2, line 2: presentation error: `Case 2:-1`, where the judge prints `Case 2: -1`",
                    "wrong answer: 0 of 2 cases right; 1 wrong answer, 1 presentation error",
                ],
            ),
            (
                "impossible\nCase 2: -1 steps\n",
                Judgement::Presentation,
                &[
                    "case 1, line 1: presentation error: `impossible` is not an answer line; the judge prints `Case 1: 9`",
                    "case 2, line 2: presentation error: `Case 2: -1 steps`, where the judge prints `Case 2: -1`",
                ],
            ),
        ];
        let mut failures = Vec::new();
        for (output, judgement, lines) in rows {
            let report = cases().check(&[9, -1], output.as_bytes()).unwrap();
            let got = described(&cases(), &[9, -1], output);
            if report.judgement() != *judgement
                || !lines.iter().all(|l| got.contains(&l.to_string()))
            {
                failures.push(format!("{output:?}: {:?} {got:#?}", report.judgement()));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_worst_finding_and_the_first_wrong_answer() {
        let report = cases()
            .check(&[9, -1, 4], &b"Case 1:9\nCase 2: 5\nCase 3: 7\n"[..])
            .unwrap();
        let worst = report.worst().unwrap();
        assert_eq!((worst.case, worst.kind()), (Some(2), Kind::Wrong));
        assert_eq!(report.first_wrong(), Some((2, 5)));
        assert_eq!(report.right, 0);
        let fine = cases().check(&[9], &b"Case 1: 9\n"[..]).unwrap();
        assert_eq!((fine.worst(), fine.first_wrong()), (None, None));
    }

    /// Long lines are kept short in findings and messages; control
    /// characters are escaped.
    #[test]
    fn printed_lines_are_excerpts() {
        let long = format!("x{}", "y".repeat(200));
        let report = bare().check(&[3], long.as_bytes()).unwrap();
        let Problem::NotAnAnswer { printed, .. } = &report.findings[0].problem else {
            panic!("{report:?}")
        };
        assert_eq!(printed.chars().count(), EXCERPT);
        let text = report.findings[0].describe("dataset");
        assert!(text.contains(&format!("`x{}…`", "y".repeat(59))), "{text}");
        let report = bare().check(&[3], &b"\x1b[H\n"[..]).unwrap();
        let text = report.findings[0].describe("dataset");
        assert!(text.contains("`\\u{1b}[H` is not an answer line"), "{text}");
    }

    /// A reader that gives one byte at a time finds what a whole buffer
    /// finds: nothing depends on where reads end.
    #[test]
    fn findings_do_not_depend_on_how_the_output_arrives() {
        struct Trickle<'a>(&'a [u8]);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let output = b"Case 1:9\r\n\n\nCase 2: 3\nCase 3: -1 \n\xff\nlast\n\n";
        let whole = cases().check(&[9, -1, -1], &output[..]).unwrap();
        let trickled = cases()
            .check(
                &[9, -1, -1],
                std::io::BufReader::with_capacity(1, Trickle(output)),
            )
            .unwrap();
        assert_eq!(whole, trickled);
        assert_eq!(whole.findings.len(), 6, "{whole:#?}");
    }

    /// A line past the kept bytes is judged as the whole line would be:
    /// its integers across the cut, past it and beyond the few kept, and
    /// blanks after it.
    #[test]
    fn long_lines_are_judged_as_whole_ones() {
        let pad = |n: usize, c: &str| c.repeat(n);
        let lines = [
            format!("Case 1: {}9", pad(KEPT, " ")),
            format!("Case 1:{}", pad(KEPT, " ")),
            format!("Case 1: {}", pad(KEPT, "1")),
            format!("Case 1: {}", pad(KEPT / 2, "1 ")),
            format!("{}Case 1: 9", pad(KEPT - 4, "x")),
            format!("{}-12 9", pad(KEPT - 2, " ")),
            format!("{}Case 1: 9 8 7 6 5 4 3 2 1 0 9", pad(KEPT - 3, " ")),
            format!("{}1 9", pad(KEPT - 6, "x")),
            pad(KEPT + 10, " "),
        ];
        for line in &lines {
            let answers = [9, 3];
            let output = format!("{line}\nCase 2: 3\n");
            let streamed = cases().check(&answers, output.as_bytes()).unwrap();
            // The same line judged whole, as before lines were cut.
            let mut whole = cases().findings(&answers, &b""[..]);
            Findings::take(&mut whole, line, None);
            Findings::take(&mut whole, "Case 2: 3", None);
            whole.end();
            let expected: Vec<Finding> = whole.queue.drain(..).collect();
            assert_eq!(
                streamed.findings,
                expected,
                "{}",
                &line[..line.len().min(20)]
            );
        }
    }

    /// Findings come as the lines are read: the first is known before the
    /// rest of the output.
    #[test]
    fn findings_stream() {
        let answers = [9, -1];
        let mut findings = cases().findings(&answers, &b"Case 1: 8\nnot read yet"[..]);
        let first = findings.next().unwrap().unwrap();
        assert_eq!(first.printed(), Some(8));
        assert_eq!(findings.counts(), (2, 0));
        assert!(findings.next().is_some());
        assert!(findings.next().is_none());
    }

    #[test]
    fn a_read_error_is_an_error() {
        struct Broken;
        impl std::io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("gone"))
            }
        }
        let err = cases().check(&[1], std::io::BufReader::new(Broken));
        assert_eq!(err.unwrap_err().to_string(), "gone");
    }

    #[test]
    fn bare_numbers_and_no_cases() {
        assert_eq!(
            bare().check(&[3, -1], &b"3\n-1\n"[..]).unwrap().judgement(),
            Judgement::Accepted
        );
        let report = bare().check(&[], &b"\n1\n"[..]).unwrap();
        assert_eq!(
            report.findings[0].describe("dataset"),
            "line 1: presentation error: 2 extra lines after the last dataset's answer, the first ``"
        );
        assert_eq!(
            bare().check(&[], &b"\n \n"[..]).unwrap().judgement(),
            Judgement::Accepted
        );
    }

    #[test]
    fn answers_files_read_back_or_name_the_bad_line() {
        assert_eq!(
            cases().read_answers("Case 1: 9\r\n\nCase 2: -1\n"),
            Ok(vec![9, -1])
        );
        assert_eq!(bare().read_answers("4\n10\n"), Ok(vec![4, 10]));
        assert_eq!(
            cases().read_answers("Case 1: 9\nCase 3: 1\n"),
            Err("line 2: expected the judge's line for case 2, such as `Case 2: 4`, found `Case 3: 1`".into())
        );
        assert!(bare().read_answers("-2\n").is_err());
        assert!(bare().read_answers("4 \n").is_err());
    }
}
