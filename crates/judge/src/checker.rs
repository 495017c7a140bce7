//! Judging a program's output against the answers, case by case, the way
//! a testlib checker does: the one checker of `gridpuzzle check`, `judge`
//! and `stress`, so the three can never disagree about an output.
//!
//! Why not a plain comparison of files: a contestant needs to know *what*
//! is wrong and where. Each case's answer is read against the judge's line
//! for it ([`Checker::judge_line`]), and each problem is one [`Finding`]:
//!
//! - a **wrong answer**: anything the package's default output validator
//!   (BAPCtools', Kattis' and DOMjudge's, which compare tokens and say
//!   only AC or WA; the package calls it case-sensitive) rejects: another
//!   number; the right number not written as the judge writes it
//!   (`Case 1:9`, `case 1: 9`, `01`, a trailing word, another case
//!   number); something that cannot be read as an answer at all;
//!   output after the last case; an output that ends before every case is
//!   answered, or one past the checker's cap ([`Report::oversized`]);
//! - a **presentation error**: the judge's tokens, spaced otherwise — a
//!   trailing space or a blank line between answers. Only `--strict`
//!   finds one (tokens accept it), so a presentation error is always what
//!   the default validator would accept and a stricter one would not, as
//!   DOMjudge and Polygon meant the word. Calling `Case 1:9` a
//!   presentation error once made `check` and `judge` say PE where the
//!   package's validator says WA.
//!
//! Two comparisons, chosen by [`Checker::strict`]:
//!
//! - **Tokens** (the default), as testlib's `wcmp` and DOMjudge's default
//!   comparator read an output: whitespace and line ends separate tokens
//!   and nothing more, so `%d \n`, CRLF, blank lines and answers on one
//!   line are all accepted. Case `n`'s answer is the next tokens, as many
//!   as the judge's line for it has; when they do not match and run onto
//!   another line, the case is judged on the tokens of its first line only
//!   (the others are the next case's), so one malformed answer does not
//!   shift every answer after it.
//! - **Strict**: the judge's lines byte for byte (a contest that judges
//!   presentation). Blank lines at the very end and `\r` before a line's
//!   `\n` are accepted, as every judge accepts them; a trailing space or a
//!   blank line between answers is a presentation error.
//!
//! The verdict is the worst finding: a wrong answer outranks a
//! presentation error (testlib's exit codes 1 and 2). The jury's answers
//! are read by the token rule in both modes ([`Checker::read_answers`]):
//! their spacing is not what is judged, but each token must be the
//! judge's, so a jury `04` is a malformed answer file (a fail naming it),
//! as a contestant's `01` is a wrong answer — one rule for both.
//!
//! The shape, and why:
//!
//! - **A reader, not a string.** [`Checker::findings`] reads the output
//!   from any `BufRead` and yields each finding as soon as it is certain,
//!   keeping only the line (or the few tokens) at hand, and at most
//!   `KEPT` (64 KiB) of it: the rest of a longer line or token is only
//!   scanned for its numbers. Memory does not grow with the output (a
//!   20 MB output once took 288 MB).
//! - **Numbers as written.** A printed number is kept as its text (up to
//!   [`DIGITS`] digits) beside its value, so a 23-digit answer is reported
//!   as printed, never clamped to the largest `i64`.
//! - **Findings are data.** A [`Problem`] says what is wrong with its
//!   numbers and excerpts; [`Finding::describe`] words it for `check` and
//!   `judge`, [`Finding::terse`] in one contestant-safe line, and `stress`
//!   words the same problem in its own report. What counts as wrong is
//!   decided once, here.
//! - **The judge's line is a parameter.** A [`Checker`] holds the puzzle's
//!   judge line ([`Checker::of`]) or the bare number (`stress --bare`,
//!   [`Checker::bare`]), so the rules above are written once for both.

use gridpuzzle_registry::Registered;
use std::collections::VecDeque;
use std::io::{BufRead, Read};

use gridpuzzle_engine::scan::escaped;
use gridpuzzle_engine::words::counted;

/// The most characters of a printed line a finding keeps, for messages.
pub const EXCERPT: usize = 80;

/// The bytes of a line (or token) kept whole: longer than any answer line
/// by far, so a line past it cannot be the judge's, and the rest of it is
/// only scanned for its numbers. This is what keeps the checker's memory
/// bounded however long a line is.
const KEPT: usize = 1 << 16;

/// The numbers of a line kept (more are only counted): more than any
/// answer line has.
const NUMBERS: usize = 16;

/// The digits of a printed number kept as written; a longer one ends in
/// `…` (its value is then past `i64` anyway).
pub const DIGITS: usize = 40;

/// What the judge prints for a case: the line a checker compares with, and
/// how strictly.
#[derive(Debug, Clone, Copy)]
pub struct Checker {
    unit: &'static str,
    line: fn(u64, &str) -> String,
    strict: bool,
}

impl Checker {
    /// Lines `line(n, answer)` for case `n`; `unit` is the word for a case
    /// ("dataset"), for messages. Compares tokens ([`Checker::strict`]).
    pub fn new(unit: &'static str, line: fn(u64, &str) -> String) -> Checker {
        Checker {
            unit,
            line,
            strict: false,
        }
    }

    /// Puzzle `P`'s judge lines
    /// ([`Puzzle::judge_line`](gridpuzzle_engine::Puzzle::judge_line)).
    pub fn of<P: Registered>() -> Checker {
        Checker::new(P::INFO.unit, gridpuzzle_engine::puzzle::judge_line::<P>)
    }

    /// One bare number a line, for puzzle `P`'s cases.
    pub fn bare<P: Registered>() -> Checker {
        Checker::new(P::INFO.unit, |_, answer| answer.to_string())
    }

    /// This checker comparing the judge's lines byte for byte (`true`) or
    /// token by token (`false`, the default): see the module docs.
    pub fn strict(self, strict: bool) -> Checker {
        Checker { strict, ..self }
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
            blank_run: (0, 0, 0),
            pending: VecDeque::new(),
            queue: VecDeque::new(),
            right: 0,
            ended: false,
        }
    }

    /// The findings on `output`, gathered ([`Checker::findings`] to its
    /// end): the first [`Report::KEPT`] of them, and the first wrong
    /// answer wherever it is; the others are only counted, so a report's
    /// memory does not grow with the output either (a million blank lines
    /// are a million findings).
    pub fn check(&self, answers: &[i64], output: impl BufRead) -> std::io::Result<Report> {
        let mut findings = self.findings(answers, output);
        let mut report = Report::default();
        for f in findings.by_ref() {
            report.add(f?);
        }
        (report.cases, report.right) = findings.counts();
        Ok(report)
    }

    /// [`Checker::check`] on an output in memory, which reading cannot
    /// fail on.
    pub fn check_bytes(&self, answers: &[i64], output: &[u8]) -> Report {
        match self.check(answers, output) {
            Ok(report) => report,
            Err(_) => unreachable!("reading a slice cannot fail"),
        }
    }

    /// Reads a judge output (an answers file): the judge's line for each
    /// case, numbered from 1, read as tokens in either mode (a trailing
    /// space or a CRLF in the jury's file is not a reason to fail a run).
    /// `Err` names the line.
    pub fn read_answers(&self, text: &str) -> Result<Vec<i64>, String> {
        let mut tokens = text
            .lines()
            .enumerate()
            .flat_map(|(i, l)| l.split_ascii_whitespace().map(move |t| (i + 1, t)))
            .peekable();
        let mut answers = Vec::new();
        while let Some(&(line, _)) = tokens.peek() {
            let n = answers.len() as u64 + 1;
            let template = (self.line)(n, "\u{0}");
            let want = template.split_whitespace().count().max(1);
            let got: Vec<&str> = tokens.by_ref().take(want).map(|(_, t)| t).collect();
            let got = got.join(" ");
            let template = template.split_whitespace().collect::<Vec<_>>().join(" ");
            let (prefix, suffix) = template.split_once('\u{0}').unwrap_or((&template, ""));
            let answer = got
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(suffix))
                .and_then(|a| a.parse::<i64>().ok())
                .filter(|&a| a >= -1);
            match answer {
                // The tokens a contestant must print for this answer: `04`
                // or `+4` reads as 4 but is not them.
                Some(a) if got != template.replace('\u{0}', &a.to_string()) => {
                    return Err(format!(
                        "line {line}: `{}` is not how the judge writes {} {n}'s answer, \
                         `{}` (a contestant printing it so is judged wrong)",
                        shown(&got),
                        self.unit,
                        self.judge_line(n, a)
                    ))
                }
                Some(a) => answers.push(a),
                None => {
                    return Err(format!(
                    "line {line}: expected the judge's line for {} {n}, such as `{}`, found `{}`",
                    self.unit,
                    self.judge_line(n, 4),
                    shown(&got)
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
    /// A blank line where the case's answer was due (strict only).
    Blank,
    /// The output ends before the case's answer: it has `lines` lines
    /// (trailing blank ones not counted) for `cases` cases.
    Ended { lines: u64, cases: u64 },
    /// The right numbers, not as the judge writes them (other tokens).
    Form { printed: String, judge: String },
    /// The judge's tokens, spaced otherwise (strict only).
    Spacing { printed: String, judge: String },
    /// The output is longer than the checker reads ([`Report::oversized`]):
    /// only its first `max` bytes were judged.
    Oversized { max: u64 },
    /// An answer with another number, `printed` as written (up to
    /// [`DIGITS`] digits).
    Wrong { printed: String, answer: i64 },
    /// What cannot be read as the case's answer line.
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
            Problem::Blank | Problem::Spacing { .. } => Kind::Presentation,
            _ => Kind::Wrong,
        }
    }

    /// The number the program answered for its case, when it printed one
    /// that is wrong and fits an `i64` (for a diagnosis).
    pub fn printed(&self) -> Option<i64> {
        self.printed_text()?.parse().ok()
    }

    /// The wrong number the program answered for its case, as written.
    pub fn printed_text(&self) -> Option<&str> {
        match &self.problem {
            Problem::Wrong { printed, .. } => Some(printed),
            _ => None,
        }
    }

    fn verdict(&self) -> &'static str {
        match self.kind() {
            Kind::Wrong => "wrong answer",
            Kind::Presentation => "presentation error",
        }
    }

    /// `dataset 3, line 3: `, with `unit` the puzzle's word for a case.
    fn place(&self, unit: &str) -> String {
        match (self.case, self.line) {
            (Some(c), Some(l)) => format!("{unit} {c}, line {l}: "),
            (Some(c), None) => format!("{unit} {c}: "),
            (None, Some(l)) => format!("line {l}: "),
            (None, None) => String::new(),
        }
    }

    /// `dataset 3, line 3: wrong answer: printed 9, the answer is 4`,
    /// with `unit` the puzzle's word for a case.
    pub fn describe(&self, unit: &str) -> String {
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
            Problem::Spacing { printed, judge } => format!(
                "`{}`, spaced otherwise than the judge's `{judge}`",
                shown(printed)
            ),
            Problem::Oversized { max } => format!(
                "the output is larger than {} MB; only its first {} MB were judged",
                max >> 20,
                max >> 20
            ),
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
        format!("{}{}: {text}", self.place(unit), self.verdict())
    }

    /// The finding in the words a contestant may see, verdict first as in
    /// a testlib comment: the verdict, the place, and what was expected and
    /// found — never more (no plan, no diagnosis). `wrong answer: dataset
    /// 3, line 3: expected 4, found 9`.
    pub fn terse(&self, unit: &str) -> String {
        let text = match &self.problem {
            Problem::Blank => "expected an answer, found a blank line".to_string(),
            Problem::Ended { .. } => "expected an answer, found the end of the output".to_string(),
            Problem::Form { printed, judge }
            | Problem::NotAnAnswer { printed, judge }
            | Problem::Spacing { printed, judge } => {
                format!("expected `{judge}`, found `{}`", shown(printed))
            }
            Problem::Oversized { max } => {
                format!("expected at most {} MB of output, found more", max >> 20)
            }
            Problem::Wrong { printed, answer } => format!("expected {answer}, found {printed}"),
            Problem::Extra { first, .. } => {
                format!("expected the end of the output, found `{}`", shown(first))
            }
        };
        format!("{}: {}{text}", self.verdict(), self.place(unit))
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
    /// The first [`Report::KEPT`] findings, and the first wrong answer.
    pub findings: Vec<Finding>,
    /// Cases judged, and those answered exactly as the judge does.
    pub cases: u64,
    pub right: u64,
    /// Every finding counted, kept or not: presentation errors and wrong
    /// answers.
    pub presentation: u64,
    pub wrong: u64,
}

impl Report {
    /// The most findings a report keeps.
    pub const KEPT: usize = 1000;

    fn add(&mut self, f: Finding) {
        let first_wrong = match f.kind() {
            Kind::Presentation => {
                self.presentation += 1;
                false
            }
            Kind::Wrong => {
                self.wrong += 1;
                self.wrong == 1
            }
        };
        if self.findings.len() < Report::KEPT || first_wrong {
            self.findings.push(f);
        }
    }

    /// Adds that the output went on past the `max` bytes judged: the
    /// contestant's wrong answer (an output limit), never a fail — the
    /// output is theirs, however large.
    pub fn oversized(&mut self, max: u64) {
        self.add(Finding {
            case: None,
            line: None,
            problem: Problem::Oversized { max },
        });
    }

    /// Findings counted but not kept.
    pub fn dropped(&self) -> u64 {
        (self.presentation + self.wrong).saturating_sub(self.findings.len() as u64)
    }

    pub fn judgement(&self) -> Judgement {
        if self.wrong > 0 {
            Judgement::WrongAnswer
        } else if self.presentation > 0 {
            Judgement::Presentation
        } else {
            Judgement::Accepted
        }
    }

    /// The first finding of the worst kind: the one a one-line verdict
    /// names (`judge`'s table, `stress`'s failure).
    pub fn worst(&self) -> Option<&Finding> {
        let worst = self.findings.iter().map(Finding::kind).max()?;
        self.findings.iter().find(|f| f.kind() == worst)
    }

    /// The first wrong answer: its case and the number printed, as
    /// written.
    pub fn first_wrong(&self) -> Option<(u64, &str)> {
        self.findings
            .iter()
            .find_map(|f| Some((f.case?, f.printed_text()?)))
    }

    /// The one-line comment a contestant may see: `ok, 6 datasets`, or
    /// the worst finding's terse words ([`Finding::terse`]) and how many
    /// cases were right.
    pub fn terse(&self, unit: &str) -> String {
        match self.worst() {
            None => self.summary(unit),
            Some(f) => format!(
                "{} ({} of {} right)",
                f.terse(unit),
                self.right,
                counted(self.cases, unit, &format!("{unit}s"))
            ),
        }
    }

    /// One line: `ok, 6 datasets`, or the verdict and the counts.
    pub fn summary(&self, unit: &str) -> String {
        let units = |n: u64| counted(n, unit, &format!("{unit}s"));
        let count = |kind: Kind| match kind {
            Kind::Wrong => self.wrong,
            Kind::Presentation => self.presentation,
        };
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

/// A number as printed: its text (a `-` and up to [`DIGITS`] digits, then
/// `…`) and its value when it fits an `i64`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Number {
    text: String,
    value: Option<i64>,
}

/// The numbers of a line or of some tokens: the first [`NUMBERS`], how
/// many more, and the last.
#[derive(Debug, Clone, Default)]
struct Numbers {
    kept: Vec<Number>,
    dropped: usize,
    last: Option<Number>,
}

impl Numbers {
    fn push(&mut self, n: Number) {
        if self.kept.len() < NUMBERS {
            self.kept.push(n.clone());
        } else {
            self.dropped += 1;
        }
        self.last = Some(n);
    }

    fn append(&mut self, other: Numbers) {
        for n in other.kept {
            self.push(n);
        }
        self.dropped += other.dropped;
        if other.last.is_some() {
            self.last = other.last;
        }
    }

    fn count(&self) -> usize {
        self.kept.len() + self.dropped
    }
}

/// Reads the numbers of bytes fed in pieces, in constant memory: maximal
/// runs of digits, with a `-` directly before one.
#[derive(Debug)]
struct Scan {
    numbers: Numbers,
    prev: u8,
    /// The run under way: its text, magnitude (`None` past `i64`), digits
    /// and sign.
    run: Option<(String, Option<i64>, usize, bool)>,
    nonblank: bool,
}

impl Scan {
    fn new() -> Scan {
        Scan {
            numbers: Numbers::default(),
            prev: b' ',
            run: None,
            nonblank: false,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b.is_ascii_digit() {
                let prev = self.prev;
                let (text, magnitude, digits, _) = self.run.get_or_insert_with(|| {
                    let negative = prev == b'-';
                    let sign = if negative { "-" } else { "" };
                    (sign.to_string(), Some(0), 0, negative)
                });
                *magnitude = magnitude
                    .and_then(|m| m.checked_mul(10))
                    .and_then(|m| m.checked_add(i64::from(b - b'0')));
                if *digits < DIGITS {
                    text.push(char::from(b));
                } else if *digits == DIGITS {
                    text.push('…');
                }
                *digits += 1;
            } else {
                self.end_run();
            }
            self.nonblank |= !b.is_ascii_whitespace();
            self.prev = b;
        }
    }

    fn end_run(&mut self) {
        if let Some((text, magnitude, _, negative)) = self.run.take() {
            let value = magnitude.map(|m| if negative { -m } else { m });
            self.numbers.push(Number { text, value });
        }
    }

    fn finish(mut self) -> (Numbers, bool) {
        self.end_run();
        (self.numbers, self.nonblank)
    }
}

/// Whether bytes fed in pieces are a line's tokens exactly, in constant
/// memory: how a presentation error ([`Problem::Spacing`]) is told from
/// another answer however long the line.
#[derive(Debug)]
struct TokenMatch<'a> {
    want: Vec<&'a [u8]>,
    /// The token under way (its index and the bytes of it matched), if
    /// one is.
    at: usize,
    within: Option<usize>,
    ok: bool,
}

impl<'a> TokenMatch<'a> {
    fn new(line: &'a str) -> TokenMatch<'a> {
        TokenMatch {
            want: line.split_ascii_whitespace().map(str::as_bytes).collect(),
            at: 0,
            within: None,
            ok: true,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if !self.ok {
                return;
            }
            if b.is_ascii_whitespace() {
                self.end_token();
                continue;
            }
            let pos = self.within.get_or_insert(0);
            match self.want.get(self.at).and_then(|t| t.get(*pos)) {
                Some(&w) if w == b => *pos += 1,
                _ => self.ok = false,
            }
        }
    }

    fn end_token(&mut self) {
        if let Some(pos) = self.within.take() {
            self.ok &= self.want.get(self.at).is_some_and(|t| t.len() == pos);
            self.at += 1;
        }
    }

    fn matched(mut self) -> bool {
        self.end_token();
        self.ok && self.at == self.want.len()
    }
}

/// The integers of a judge's line.
fn integers(line: &str) -> Vec<Option<i64>> {
    let mut scan = Scan::new();
    scan.feed(line.as_bytes());
    scan.finish().0.kept.into_iter().map(|n| n.value).collect()
}

/// A case's printed answer that is not the judge's: what is wrong with it.
/// `head` is its first [`KEPT`] bytes, `numbers` all of its numbers.
/// `spaced` when its tokens are the judge's (a [`Problem::Spacing`]).
fn problem(judge: String, answer: i64, head: &[u8], spaced: bool, numbers: &Numbers) -> Problem {
    let wanted = integers(&judge);
    let count = numbers.count();
    let same_shape = count == wanted.len() && count > 0;
    let found_is_wanted = numbers.dropped == 0
        && numbers.kept.len() == wanted.len()
        && numbers.kept.iter().zip(&wanted).all(|(n, w)| n.value == *w);
    let last_is_answer = numbers
        .last
        .as_ref()
        .is_some_and(|n| n.value == Some(answer));
    let printed = || excerpt(&String::from_utf8_lossy(head));
    if spaced {
        Problem::Spacing {
            printed: printed(),
            judge,
        }
    } else if found_is_wanted || same_shape && last_is_answer {
        Problem::Form {
            printed: printed(),
            judge,
        }
    } else if same_shape {
        Problem::Wrong {
            printed: numbers
                .last
                .as_ref()
                .map(|n| n.text.clone())
                .unwrap_or_default(),
            answer,
        }
    } else {
        Problem::NotAnAnswer {
            printed: printed(),
            judge,
        }
    }
}

/// A token of the output: its line, its first [`KEPT`] bytes, whether that
/// is all of it, and its numbers.
#[derive(Debug)]
struct Token {
    line: u64,
    text: Vec<u8>,
    whole: bool,
    numbers: Numbers,
}

/// Tokens judged together as one case's answer: their first [`KEPT`]
/// bytes, joined by single spaces, and their numbers.
#[derive(Debug, Default)]
struct Piece {
    head: Vec<u8>,
    numbers: Numbers,
    tokens: usize,
}

impl Piece {
    fn add(&mut self, t: Token) {
        if self.tokens > 0 && self.head.len() < KEPT {
            self.head.push(b' ');
        }
        let room = KEPT.saturating_sub(self.head.len());
        self.head
            .extend_from_slice(&t.text[..t.text.len().min(room)]);
        self.numbers.append(t.numbers);
        self.tokens += 1;
    }

    fn append(&mut self, other: Piece) {
        if self.tokens > 0 && other.tokens > 0 && self.head.len() < KEPT {
            self.head.push(b' ');
        }
        let room = KEPT.saturating_sub(self.head.len());
        self.head
            .extend_from_slice(&other.head[..other.head.len().min(room)]);
        self.numbers.append(other.numbers);
        self.tokens += other.tokens;
    }

    fn is_empty(&self) -> bool {
        self.tokens == 0
    }
}

/// How a case's answer begins: with its number (a bare answer) or with a
/// word (`Case`).
#[derive(Debug)]
enum Start {
    Number,
    Word(Vec<u8>),
}

impl Start {
    /// Whether token `t` may begin the answer.
    fn starts(&self, t: &Token) -> bool {
        match self {
            Start::Number => {
                let digits = t.text.strip_prefix(b"-").unwrap_or(&t.text);
                !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
            }
            Start::Word(w) => t.text == *w,
        }
    }
}

/// The findings on an output as it is read ([`Checker::findings`]).
pub struct Findings<'a, R> {
    checker: Checker,
    answers: &'a [i64],
    output: R,
    buf: Vec<u8>,
    /// Strict: lines read so far. Tokens: the line being read (0 before
    /// the first byte).
    line: u64,
    /// The number of the last line not blank.
    last_text: u64,
    /// Cases whose answer has been read.
    next: usize,
    /// Strict: blank lines in a row before the next case's line: the
    /// first's number and how many (they are findings only if a line
    /// follows).
    blanks: (u64, u64),
    /// Strict: the first line after the last case's: its number and
    /// excerpt.
    extra: Option<(u64, String)>,
    /// Strict: blank lines found before case `.0`'s line, from line `.1`,
    /// `.2` of them, not yet yielded (they come before the queue).
    blank_run: (u64, u64, u64),
    /// Tokens: tokens read and given back, the next case's.
    pending: VecDeque<Token>,
    queue: VecDeque<Finding>,
    right: u64,
    ended: bool,
}

impl<R> Findings<'_, R> {
    /// Cases judged and cases answered exactly as the judge does, so far.
    pub fn counts(&self) -> (u64, u64) {
        (self.answers.len() as u64, self.right)
    }

    /// Strict: judges one line of the output: `head`, its first [`KEPT`]
    /// bytes without its line end, `whole` when that is all of it, and
    /// the numbers and blankness of all of it; `same_tokens`, for a line
    /// not whole, whether all of it has the judge's tokens (a whole line's
    /// are read from `head`).
    fn take_line(
        &mut self,
        head: &[u8],
        whole: bool,
        numbers: &Numbers,
        nonblank: bool,
        same_tokens: bool,
    ) {
        self.line += 1;
        if nonblank {
            self.last_text = self.line;
        }
        let Some(&answer) = self.answers.get(self.next) else {
            if self.extra.is_none() {
                self.extra = Some((self.line, excerpt(&String::from_utf8_lossy(head))));
            }
            return;
        };
        let n = self.next as u64 + 1;
        if !nonblank {
            if self.blanks.1 == 0 {
                self.blanks.0 = self.line;
            }
            self.blanks.1 += 1;
            return;
        }
        // The blank lines before it are findings, yielded one at a time
        // before the queue (a million of them are never all in memory).
        let (from, count) = std::mem::take(&mut self.blanks);
        self.blank_run = (n, from, count);
        self.next += 1;
        let judge = self.checker.judge_line(n, answer);
        if whole && head == judge.as_bytes() {
            self.right += 1;
            return;
        }
        let spaced = if whole {
            let mut tokens = TokenMatch::new(&judge);
            tokens.feed(head);
            tokens.matched()
        } else {
            same_tokens
        };
        self.queue.push_back(Finding {
            case: Some(n),
            line: Some(self.line),
            problem: problem(judge, answer, head, spaced, numbers),
        });
    }

    /// Strict: the end of the output: cases left unanswered, or lines past
    /// the last answer that are not trailing blank ones.
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

impl<R: BufRead> Findings<'_, R> {
    /// Strict: reads and judges the next line; `false` at the end.
    fn strict_step(&mut self) -> std::io::Result<bool> {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let read = (&mut self.output)
            .take(KEPT as u64)
            .read_until(b'\n', &mut buf);
        let read = match read {
            Ok(read) => read,
            Err(e) => {
                self.buf = buf;
                return Err(e);
            }
        };
        if read == 0 {
            self.buf = buf;
            self.end();
            return Ok(false);
        }
        let mut scan = Scan::new();
        scan.feed(&buf);
        let whole = buf.len() < KEPT || buf.last() == Some(&b'\n');
        // Whether a line too long to keep has the judge's tokens, read as
        // it streams by.
        let judge = self
            .answers
            .get(self.next)
            .filter(|_| !whole)
            .map(|&a| self.checker.judge_line(self.next as u64 + 1, a));
        let mut tokens = judge.as_deref().map(TokenMatch::new);
        if let Some(t) = &mut tokens {
            t.feed(&buf);
        }
        if !whole {
            // A line longer than any answer line: the rest is scanned for
            // its numbers, not kept.
            loop {
                let chunk = match self.output.fill_buf() {
                    Ok(chunk) => chunk,
                    Err(e) => {
                        self.buf = buf;
                        return Err(e);
                    }
                };
                if chunk.is_empty() {
                    break;
                }
                let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
                    Some(at) => (at + 1, true),
                    None => (chunk.len(), false),
                };
                scan.feed(&chunk[..used]);
                if let Some(t) = &mut tokens {
                    t.feed(&chunk[..used]);
                }
                self.output.consume(used);
                if done {
                    break;
                }
            }
        }
        let (numbers, nonblank) = scan.finish();
        let mut head = &buf[..];
        if whole {
            head = head.strip_suffix(b"\n").unwrap_or(head);
            head = head.strip_suffix(b"\r").unwrap_or(head);
        }
        let same_tokens = tokens.is_some_and(TokenMatch::matched);
        self.take_line(head, whole, &numbers, nonblank, same_tokens);
        self.buf = buf;
        Ok(true)
    }

    /// Tokens: the next token, given back or read; `None` at the end.
    fn token(&mut self) -> std::io::Result<Option<Token>> {
        if let Some(t) = self.pending.pop_front() {
            return Ok(Some(t));
        }
        if self.line == 0 {
            self.line = 1;
        }
        loop {
            let chunk = self.output.fill_buf()?;
            if chunk.is_empty() {
                return Ok(None);
            }
            let mut at = 0;
            while at < chunk.len() && chunk[at].is_ascii_whitespace() {
                self.line += u64::from(chunk[at] == b'\n');
                at += 1;
            }
            let found = at < chunk.len();
            self.output.consume(at);
            if found {
                break;
            }
        }
        let mut text = Vec::new();
        let mut scan = Scan::new();
        let mut whole = true;
        loop {
            let chunk = self.output.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            let end = chunk
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(chunk.len());
            let len = chunk.len();
            let part = &chunk[..end];
            scan.feed(part);
            let room = KEPT - text.len();
            text.extend_from_slice(&part[..room.min(part.len())]);
            whole &= part.len() <= room;
            self.output.consume(end);
            if end < len {
                break;
            }
        }
        self.last_text = self.line;
        Ok(Some(Token {
            line: self.line,
            text,
            whole,
            numbers: scan.finish().0,
        }))
    }

    /// Tokens: reads and judges the next case's answer, or what follows
    /// the last one; `false` at the end.
    fn token_step(&mut self) -> std::io::Result<bool> {
        let cases = self.answers.len() as u64;
        let Some(&answer) = self.answers.get(self.next) else {
            self.extra_tokens()?;
            return Ok(false);
        };
        let n = self.next as u64 + 1;
        let judge = self.checker.judge_line(n, answer);
        let want: Vec<&[u8]> = judge.split_ascii_whitespace().map(str::as_bytes).collect();
        let mut got: Vec<Token> = Vec::with_capacity(want.len());
        while got.len() < want.len().max(1) {
            match self.token()? {
                Some(t) => got.push(t),
                None => break,
            }
        }
        if got.is_empty() {
            self.queue.push_back(Finding {
                case: Some(n),
                line: None,
                problem: Problem::Ended {
                    lines: self.last_text,
                    cases,
                },
            });
            return Ok(false);
        }
        self.next += 1;
        let first = got[0].line;
        let mut piece = Piece::default();
        if got.len() == want.len() && got.iter().all(|t| t.line == first) {
            // Tokens after the answer on its line that cannot begin the
            // next case's answer belong to this one (`-1 throws`), so they
            // do not shift every answer after them.
            let next = self.next_start();
            while let Some(t) = self.token()? {
                if t.line != first || next.as_ref().is_some_and(|s| s.starts(&t)) {
                    self.pending.push_front(t);
                    break;
                }
                piece.add(t);
            }
        }
        let same = piece.is_empty()
            && got.len() == want.len()
            && got.iter().zip(&want).all(|(t, w)| t.whole && t.text == *w);
        if same {
            self.right += 1;
            return Ok(true);
        }
        let cut = got
            .iter()
            .position(|t| t.line != first)
            .unwrap_or(got.len());
        for t in got.drain(cut..).rev() {
            self.pending.push_front(t);
        }
        let mut whole = Piece::default();
        for t in got {
            whole.add(t);
        }
        whole.append(piece);
        self.queue.push_back(Finding {
            case: Some(n),
            line: Some(first),
            problem: problem(judge, answer, &whole.head, false, &whole.numbers),
        });
        Ok(true)
    }

    /// Tokens: how the next case's answer begins, if there is a next case.
    fn next_start(&self) -> Option<Start> {
        let n = self.next as u64 + 1;
        self.answers.get(self.next)?;
        let template = (self.checker.line)(n, "\u{0}");
        let first = template.split_ascii_whitespace().next()?;
        Some(if first.contains('\u{0}') {
            Start::Number
        } else {
            Start::Word(first.as_bytes().to_vec())
        })
    }

    /// Tokens: what follows the last case's answer, read to the end: the
    /// lines with tokens, and the first of them.
    fn extra_tokens(&mut self) -> std::io::Result<()> {
        let mut extra: Option<(u64, u64, u64, String)> = None;
        while let Some(t) = self.token()? {
            let text = String::from_utf8_lossy(&t.text);
            match &mut extra {
                None => extra = Some((t.line, t.line, 1, excerpt(&text))),
                Some((from, last, count, first)) => {
                    if t.line == *from && first.chars().count() < EXCERPT {
                        *first = excerpt(&format!("{first} {text}"));
                    }
                    if t.line != *last {
                        *last = t.line;
                        *count += 1;
                    }
                }
            }
        }
        if let Some((from, _, count, first)) = extra {
            self.queue.push_back(Finding {
                case: None,
                line: Some(from),
                problem: Problem::Extra { count, first },
            });
        }
        Ok(())
    }
}

impl<R: BufRead> Iterator for Findings<'_, R> {
    type Item = std::io::Result<Finding>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (case, line, count) = self.blank_run;
            if count > 0 {
                self.blank_run = (case, line + 1, count - 1);
                return Some(Ok(Finding {
                    case: Some(case),
                    line: Some(line),
                    problem: Problem::Blank,
                }));
            }
            if let Some(f) = self.queue.pop_front() {
                return Some(Ok(f));
            }
            if self.ended {
                return None;
            }
            let step = if self.checker.strict {
                self.strict_step()
            } else {
                self.token_step()
            };
            match step {
                Ok(true) => {}
                Ok(false) => self.ended = true,
                Err(e) => {
                    self.ended = true;
                    return Some(Err(e));
                }
            }
        }
    }
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
        Checker::new("case", |n, a| format!("Case {n}: {a}")).strict(true)
    }

    fn bare() -> Checker {
        Checker::new("dataset", |_, a| a.to_string()).strict(true)
    }

    /// The same lines, compared as tokens (the default).
    fn tokens() -> Checker {
        Checker::new("case", |n, a| format!("Case {n}: {a}"))
    }

    fn bare_tokens() -> Checker {
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
                &["case 1, line 1: presentation error: `Case 1: 9 `, spaced otherwise than the judge's `Case 1: 9`"],
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
                Judgement::WrongAnswer,
                &["line 3: wrong answer: 3 extra lines after the last case's answer, the first ``"],
            ),
            (
                "Case 1: 8\nCase 2:-1\n",
                Judgement::WrongAnswer,
                &[
                    "case 1, line 1: wrong answer: printed 8, the answer is 9",
                    "case 2, line 2: wrong answer: `Case 2:-1`, where the judge prints `Case 2: -1`",
                    "wrong answer: 0 of 2 cases right; 2 wrong answers, 0 presentation errors",
                ],
            ),
            (
                "impossible\nCase 2: -1 steps\n",
                Judgement::WrongAnswer,
                &[
                    "case 1, line 1: wrong answer: `impossible` is not an answer line; the judge prints `Case 1: 9`",
                    "case 2, line 2: wrong answer: `Case 2: -1 steps`, where the judge prints `Case 2: -1`",
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
        // `Case 1:9` is no answer the default validator accepts: the first
        // wrong finding, though no wrong number.
        assert_eq!((worst.case, worst.kind()), (Some(1), Kind::Wrong));
        assert_eq!(report.first_wrong(), Some((2, "5")));
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
        let whole = tokens().check(&[9, -1, -1], &output[..]).unwrap();
        let trickled = tokens()
            .check(
                &[9, -1, -1],
                std::io::BufReader::with_capacity(1, Trickle(output)),
            )
            .unwrap();
        assert_eq!(whole, trickled);
        assert_eq!(whole.findings.len(), 3, "{whole:#?}");
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
            // The same line judged whole, as if nothing were cut.
            let mut whole = cases().findings(&answers, &b""[..]);
            for text in [line.as_str(), "Case 2: 3"] {
                let mut scan = Scan::new();
                scan.feed(text.as_bytes());
                let (numbers, nonblank) = scan.finish();
                whole.take_line(text.as_bytes(), true, &numbers, nonblank, false);
            }
            // The end of the output is read from the empty reader.
            let expected: Vec<Finding> = whole.by_ref().map(Result::unwrap).collect();
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
            "line 1: wrong answer: 2 extra lines after the last dataset's answer, the first ``"
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
        assert!(bare().read_answers("123456789012345678901234\n").is_err());
        // The jury's presentation is not judged: trailing spaces, CRLF,
        // answers on one line.
        assert_eq!(bare().read_answers("4 \r\n 10\t-1\n"), Ok(vec![4, 10, -1]));
        assert_eq!(
            tokens().read_answers("Case 1:  9 \n\nCase\n2: -1"),
            Ok(vec![9, -1])
        );
    }

    /// One rule for the jury and the contestant: a number written
    /// otherwise than the judge writes it (`04`, `+4`) is a malformed
    /// answers file from the jury and a wrong answer from a contestant,
    /// never accepted from one and refused from the other.
    #[test]
    fn the_jury_and_the_contestant_are_read_by_one_rule() {
        for (jury, contestant) in [("04", "01"), ("+4", "+1"), ("Case 1: 04", "Case 1: 01")] {
            let checker = if jury.starts_with("Case") {
                tokens()
            } else {
                bare_tokens()
            };
            let err = checker.read_answers(&format!("{jury}\n")).unwrap_err();
            assert!(
                err.contains(&format!("`{jury}` is not how the judge writes")),
                "{err}"
            );
            let report = checker.check(&[1], contestant.as_bytes()).unwrap();
            assert_eq!(report.judgement(), Judgement::WrongAnswer, "{contestant}");
        }
        assert_eq!(bare_tokens().read_answers("-1\n0\n"), Ok(vec![-1, 0]));
        assert!(bare_tokens().read_answers("-0\n").is_err());
    }

    /// An output past the cap is the contestant's wrong answer, whatever
    /// was judged before the cap.
    #[test]
    fn an_oversized_output_is_a_wrong_answer() {
        let mut report = bare_tokens().check(&[1], &b"1\n"[..]).unwrap();
        report.oversized(64 << 20);
        assert_eq!(report.judgement(), Judgement::WrongAnswer);
        assert_eq!(
            report.terse("dataset"),
            "wrong answer: expected at most 64 MB of output, found more (1 of 1 dataset right)"
        );
        assert_eq!(
            report.findings[0].describe("dataset"),
            "wrong answer: the output is larger than 64 MB; only its first 64 MB were judged"
        );
    }

    /// Token comparison (the default): whitespace and line ends separate
    /// tokens and nothing more, as testlib's and DOMjudge's comparators
    /// read an output; anything else is judged as in strict mode.
    #[test]
    fn tokens_forgive_whitespace_and_nothing_else() {
        for output in [
            "Case 1: 9\nCase 2: -1\n",
            "Case 1: 9 \nCase 2: -1 \n",
            "  Case 1:\t9\r\n\n\nCase 2: -1",
            "Case 1: 9 Case 2: -1\n",
            "Case\n1:\n9\nCase\n2:\n-1\n\n\n",
        ] {
            let report = tokens().check(&[9, -1], output.as_bytes()).unwrap();
            assert_eq!(report.judgement(), Judgement::Accepted, "{output:?}");
            assert_eq!((report.cases, report.right), (2, 2));
            // The same output, strictly: only the first one.
            let strict = cases().check(&[9, -1], output.as_bytes()).unwrap();
            assert_eq!(
                strict.judgement() == Judgement::Accepted,
                output == "Case 1: 9\nCase 2: -1\n",
                "{output:?}"
            );
        }
        let rows: &[(&str, Judgement, &[&str])] = &[
            // A malformed answer is judged on its own line: the next case
            // is not shifted.
            (
                "Case 1:9\nCase 2: -1\n",
                Judgement::WrongAnswer,
                &["case 1, line 1: wrong answer: `Case 1:9`, where the judge prints `Case 1: 9`"],
            ),
            // Letters' case counts, as the package's validator is told.
            (
                "case 1: 9\nCase 2: -1\n",
                Judgement::WrongAnswer,
                &["case 1, line 1: wrong answer: `case 1: 9`, where the judge prints `Case 1: 9`"],
            ),
            (
                "Case 1: 8\n\nCase 2: -1\n",
                Judgement::WrongAnswer,
                &["case 1, line 1: wrong answer: printed 8, the answer is 9"],
            ),
            (
                "Case 1: 9\n",
                Judgement::WrongAnswer,
                &["case 2: wrong answer: the output ends after 1 line, with no answer for this case"],
            ),
            (
                "Case 1: 9\nCase 2: -1\n\n0 1\nmore\n",
                Judgement::WrongAnswer,
                &["line 4: wrong answer: 2 extra lines after the last case's answer, the first `0 1`"],
            ),
            (
                "impossible\nCase 2: -1\n",
                Judgement::WrongAnswer,
                &["case 1, line 1: wrong answer: `impossible` is not an answer line; the judge prints `Case 1: 9`"],
            ),
            // Words after an answer that cannot begin the next one are
            // this answer's: the next case is not shifted.
            (
                "Case 1: 9 steps\nCase 2: -1\n",
                Judgement::WrongAnswer,
                &[
                    "case 1, line 1: wrong answer: `Case 1: 9 steps`, where the judge prints `Case 1: 9`",
                    "wrong answer: 1 of 2 cases right; 1 wrong answer, 0 presentation errors",
                ],
            ),
        ];
        let mut failures = Vec::new();
        for (output, judgement, lines) in rows {
            let report = tokens().check(&[9, -1], output.as_bytes()).unwrap();
            let got = described(&tokens(), &[9, -1], output);
            if report.judgement() != *judgement
                || !lines.iter().all(|l| got.contains(&l.to_string()))
            {
                failures.push(format!("{output:?}: {:?} {got:#?}", report.judgement()));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        // Bare numbers on one line, or spread out.
        let report = bare_tokens()
            .check(&[3, -1, 4], &b"3 -1\n\n 4 "[..])
            .unwrap();
        assert_eq!(report.judgement(), Judgement::Accepted);
        assert_eq!(
            described(&bare_tokens(), &[3, -1, 4], "3\n-1 throws\n5\n"),
            [
                "dataset 2, line 2: wrong answer: `-1 throws`, where the judge prints `-1`",
                "dataset 3, line 3: wrong answer: printed 5, the answer is 4",
                "wrong answer: 1 of 3 datasets right; 2 wrong answers, 0 presentation errors",
            ]
        );
    }

    /// A number too long for any integer type is reported as printed, in
    /// both modes and in every wording.
    #[test]
    fn long_numbers_are_reported_as_written() {
        let big = "12345678901234567890123";
        for checker in [bare(), bare_tokens()] {
            let report = checker.check(&[4], format!("{big}\n").as_bytes()).unwrap();
            let f = &report.findings[0];
            assert_eq!(f.printed_text(), Some(big));
            assert_eq!(f.printed(), None);
            assert_eq!(report.first_wrong(), Some((1, big)));
            assert!(f
                .describe("dataset")
                .ends_with(&format!("printed {big}, the answer is 4")));
            assert!(f
                .terse("dataset")
                .ends_with(&format!("expected 4, found {big}")));
            let negative = checker.check(&[4], format!("-{big}").as_bytes()).unwrap();
            assert_eq!(
                negative.findings[0].printed_text(),
                Some(&*format!("-{big}"))
            );
        }
        // Past the digits kept, the text says it goes on.
        let huge = "9".repeat(DIGITS + 5);
        let report = bare_tokens().check(&[4], huge.as_bytes()).unwrap();
        assert_eq!(
            report.findings[0].printed_text(),
            Some(&*format!("{}…", "9".repeat(DIGITS)))
        );
    }

    /// A token past the kept bytes, and a long run of tokens, cost no more
    /// memory than the kept bytes and are judged by their numbers.
    #[test]
    fn long_tokens_are_judged_by_their_numbers() {
        let long = "1".repeat(KEPT + 10);
        let report = bare_tokens().check(&[9], long.as_bytes()).unwrap();
        assert_eq!(report.judgement(), Judgement::WrongAnswer);
        let wide = format!("9{}", "x".repeat(KEPT + 10));
        let report = bare_tokens().check(&[9], wide.as_bytes()).unwrap();
        assert_eq!(report.judgement(), Judgement::WrongAnswer);
        // Strictly, a line longer than kept is a presentation error when
        // its tokens are the judge's, wherever the cut falls.
        let spaced = format!("9{}\n", " ".repeat(KEPT + 10));
        let report = bare().check(&[9], spaced.as_bytes()).unwrap();
        assert_eq!(report.judgement(), Judgement::Presentation, "{report:?}");
        let spaced = format!("{}9{}\n", " ".repeat(KEPT - 1), " ".repeat(10));
        let report = bare().check(&[9], spaced.as_bytes()).unwrap();
        assert_eq!(report.judgement(), Judgement::Presentation, "{report:?}");
        let split = format!("{}9 9\n", " ".repeat(KEPT - 1));
        let report = bare().check(&[9], split.as_bytes()).unwrap();
        assert_eq!(report.judgement(), Judgement::WrongAnswer, "{report:?}");
        // Tokens after the last answer on its line belong to it; on the
        // lines after, they are extra.
        let many = "1 ".repeat(KEPT);
        let report = bare_tokens().check(&[1], many.as_bytes()).unwrap();
        let Problem::NotAnAnswer { printed, .. } = &report.findings[0].problem else {
            panic!("{report:?}")
        };
        assert_eq!(printed.chars().count(), EXCERPT);
        let report = bare_tokens()
            .check(&[1], format!("1\n{many}\n2").as_bytes())
            .unwrap();
        let Problem::Extra { count, first } = &report.findings[0].problem else {
            panic!("{report:?}")
        };
        assert_eq!((*count, first.chars().count()), (2, EXCERPT));
    }

    /// Blank lines before an answer are findings one at a time, as they
    /// are asked for, never all held at once (20 MB of them took 3 GB).
    #[test]
    fn blank_lines_are_yielded_one_at_a_time() {
        let output = format!("{}Case 1: 9\n", "\n".repeat(10));
        let answers = [9];
        let mut findings = cases().findings(&answers, output.as_bytes());
        let first = findings.next().unwrap().unwrap();
        assert_eq!((first.line, &first.problem), (Some(1), &Problem::Blank));
        assert!(findings.queue.len() <= 1, "{}", findings.queue.len());
        assert_eq!(findings.blank_run, (1, 2, 9));
        assert_eq!(findings.count(), 9);
    }

    /// A report keeps the first findings and the first wrong answer, and
    /// counts the rest: its memory does not grow with the output.
    #[test]
    fn a_report_keeps_few_findings_and_counts_all() {
        let mut output = "\n".repeat(3 * Report::KEPT);
        output.push_str("Case 1: 8\n");
        let report = cases().check(&[9], output.as_bytes()).unwrap();
        assert_eq!(report.findings.len(), Report::KEPT + 1);
        assert_eq!(
            (report.presentation, report.wrong),
            (3 * Report::KEPT as u64, 1)
        );
        assert_eq!(report.dropped(), 2 * Report::KEPT as u64);
        assert_eq!(report.judgement(), Judgement::WrongAnswer);
        assert_eq!(report.first_wrong(), Some((1, "8")));
        assert_eq!(
            report.summary("case"),
            "wrong answer: 0 of 1 case right; 1 wrong answer, 3000 presentation errors"
        );
    }

    /// The terse words name the verdict, the place, the expected and the
    /// found, and nothing else.
    #[test]
    fn terse_words() {
        let report = tokens()
            .check(&[9, -1, 4], &b"Case 1:9\nCase 2: 5\n"[..])
            .unwrap();
        let terse: Vec<String> = report.findings.iter().map(|f| f.terse("case")).collect();
        assert_eq!(
            terse,
            [
                "wrong answer: case 1, line 1: expected `Case 1: 9`, found `Case 1:9`",
                "wrong answer: case 2, line 2: expected -1, found 5",
                "wrong answer: case 3: expected an answer, found the end of the output",
            ]
        );
        assert_eq!(
            report.terse("case"),
            "wrong answer: case 1, line 1: expected `Case 1: 9`, found `Case 1:9` (0 of 3 cases right)"
        );
        let fine = tokens().check(&[9], &b"Case 1: 9"[..]).unwrap();
        assert_eq!(fine.terse("case"), "ok, 1 case");
    }
}
