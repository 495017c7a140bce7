//! Validating a judge input the way a testlib validator does, but telling
//! every violation instead of the first.
//!
//! A problem setter's test file must be exactly what the statement
//! promises: the judges' limits (sizes, counts, values), the line
//! structure, and with `--strict` the whitespace too (single spaces, no
//! trailing space, `\n` line ends, a final newline), since a contestant's
//! program may rightly assume all of it. The puzzle parsers cannot say
//! that: they accept what the judges' `scanf` accepts (any whitespace,
//! boards larger than the judges') and stop at the first error, for good
//! reasons of their own. So each puzzle writes a validator
//! ([`crate::caps::JudgeKit::validate`]) against the [`Input`] here: a cursor over
//! the input's lines and tokens that checks whitespace once for every
//! puzzle, reads integers with their ranges, and records a [`Violation`]
//! (case, line, column, what is wrong) wherever one is found, then goes on.
//! Going on works line by line: a row with a wrong number of codes is one
//! violation and the next line is read as the next row, so one slip gives
//! one message, not a cascade (a wrong row count can still give several).

use std::fmt;
use std::ops::RangeInclusive;

/// One violation of the judge's format or limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The statement's word for a case and its 1-based number, when the
    /// violation is inside one.
    pub case: Option<(&'static str, u64)>,
    /// 1-based line and column (in characters).
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((unit, n)) = self.case {
            write!(f, "{unit} {n}, ")?;
        }
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// One whitespace-separated token of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: u64,
    pub column: u64,
}

/// One line that holds tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based.
    pub number: u64,
    pub tokens: Vec<Token<'a>>,
    /// The column just after the line's last character.
    pub end: u64,
}

/// The most violations kept: enough for any test file, and a file of
/// random bytes still ends in a bounded report.
pub const MAX_VIOLATIONS: usize = 10_000;

/// A judge input being validated (see the module docs).
#[derive(Debug)]
pub struct Input<'a> {
    text: &'a str,
    lines: Vec<Line<'a>>,
    /// Index into `lines` of the next line to read.
    next: usize,
    /// Line number of the last line read (0 before the first).
    last: u64,
    strict: bool,
    unit: &'static str,
    case: Option<u64>,
    blank_ok: bool,
    violations: Vec<Violation>,
    /// Violations past [`MAX_VIOLATIONS`], counted only.
    dropped: u64,
    /// The largest case number set.
    cases: u64,
    /// Each line read, with the case it was read for (a header's case is
    /// set just after it is read), to place the whitespace violations found
    /// before any case was known.
    read: Vec<(u64, Option<u64>)>,
    /// Lines in the text (a final newline ends the last one).
    total_lines: u64,
}

/// Whitespace as the judges' `scanf` skips it.
fn lenient_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\x0b' | '\x0c')
}

impl<'a> Input<'a> {
    /// Reads `text`; `strict` checks whitespace too. `unit` is the
    /// statement's word for a case.
    pub fn new(text: &'a str, strict: bool, unit: &'static str) -> Input<'a> {
        let mut input = Input {
            text,
            lines: Vec::new(),
            next: 0,
            last: 0,
            strict,
            unit,
            case: None,
            blank_ok: false,
            violations: Vec::new(),
            dropped: 0,
            cases: 0,
            read: Vec::new(),
            total_lines: 0,
        };
        let mut number = 0;
        let mut rest = text;
        while !rest.is_empty() {
            number += 1;
            let (line, more) = match rest.find('\n') {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => {
                    if strict {
                        let end = rest.chars().count() as u64 + 1;
                        input.push(number, end, "no newline at the end of the file".into());
                    }
                    (rest, "")
                }
            };
            input.scan_line(number, line);
            rest = more;
        }
        input.total_lines = number;
        input
    }

    /// Splits one line into tokens, checking its characters (and, when
    /// strict, its spaces).
    fn scan_line(&mut self, number: u64, text: &'a str) {
        let strict = self.strict;
        let mut tokens = Vec::new();
        // The token being read: its byte offset and column.
        let mut start: Option<(usize, u64)> = None;
        let mut column = 0;
        // The run of spaces before the current character, and its column.
        let mut spaces = 0u64;
        let mut run = 0u64;
        for (i, c) in text.char_indices() {
            column += 1;
            let bad = !c.is_ascii()
                || (c.is_ascii_control() && !lenient_space(c))
                || (strict && c != ' ' && lenient_space(c));
            let space = if strict { c == ' ' } else { lenient_space(c) };
            if bad || space {
                if let Some((s, col)) = start.take() {
                    tokens.push(Token {
                        text: &text[s..i],
                        line: number,
                        column: col,
                    });
                }
            }
            if bad {
                // Read as a separator, so the tokens around it are still
                // checked, but not counted as a space.
                let what = match c {
                    '\r' => "a carriage return: lines must end with \\n alone".to_string(),
                    '\t' => "a tab: tokens must be separated by single spaces".to_string(),
                    _ if c.is_ascii() => format!("the control character {c:?}"),
                    _ => format!("`{c}`, a character that is not ASCII"),
                };
                self.push(number, column, what);
                continue;
            }
            if space {
                if spaces == 0 {
                    run = column;
                }
                spaces += 1;
                continue;
            }
            if start.is_none() {
                if strict && spaces > 0 && tokens.is_empty() {
                    self.push(number, 1, "a space at the start of the line".into());
                } else if strict && spaces > 1 {
                    self.push(
                        number,
                        run,
                        format!("{spaces} spaces between tokens, expected one"),
                    );
                }
                start = Some((i, column));
            }
            spaces = 0;
        }
        if let Some((s, col)) = start {
            tokens.push(Token {
                text: &text[s..],
                line: number,
                column: col,
            });
        }
        if strict && spaces > 0 {
            let what = if tokens.is_empty() {
                "a line of spaces only"
            } else {
                "a space at the end of the line"
            };
            self.push(number, if tokens.is_empty() { 1 } else { run }, what.into());
        }
        self.lines.push(Line {
            number,
            tokens,
            end: column + 1,
        });
    }

    fn push(&mut self, line: u64, column: u64, message: String) {
        if self.violations.len() >= MAX_VIOLATIONS {
            self.dropped += 1;
            return;
        }
        self.violations.push(Violation {
            case: self.case.map(|n| (self.unit, n)),
            line,
            column,
            message,
        });
    }

    /// The whole text being validated.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Whether whitespace is checked too.
    pub fn strict(&self) -> bool {
        self.strict
    }

    /// The case being read from now on (1-based); `None`: outside cases
    /// (the terminator).
    pub fn set_case(&mut self, case: Option<u64>) {
        self.case = case;
        self.cases = self.cases.max(case.unwrap_or(0));
        if let (Some(n), Some((_, last @ None))) = (case, self.read.last_mut()) {
            *last = Some(n);
        }
    }

    /// The next line may follow one blank line even when strict (Holedox's
    /// statement separates its cases so).
    pub fn allow_blank(&mut self) {
        self.blank_ok = true;
    }

    /// Records a violation at a token.
    pub fn at(&mut self, token: &Token<'_>, message: impl Into<String>) {
        self.push(token.line, token.column, message.into());
    }

    /// Records a violation at a line's first column.
    pub fn at_line(&mut self, line: &Line<'_>, message: impl Into<String>) {
        let column = line.tokens.first().map_or(1, |t| t.column);
        self.push(line.number, column, message.into());
    }

    /// The next line that holds tokens; blank lines before it are
    /// violations when strict (but one where [`Input::allow_blank`] said).
    /// At the end of the input: `None`, and a violation saying `what` was
    /// expected.
    pub fn line(&mut self, what: &str) -> Option<Line<'a>> {
        let blank_ok = std::mem::take(&mut self.blank_ok);
        let mut blanks = 0;
        while let Some(line) = self.lines.get(self.next) {
            let line = line.clone();
            self.next += 1;
            self.last = line.number;
            if line.tokens.is_empty() {
                blanks += 1;
                if self.strict && !(blank_ok && blanks == 1) {
                    self.push(line.number, 1, "a blank line".into());
                }
                continue;
            }
            self.read.push((line.number, self.case));
            return Some(line);
        }
        let (line, column) = self.end_position();
        self.push(
            line,
            column,
            format!("expected {what}, found the end of the input"),
        );
        None
    }

    /// Where the input ends: the line after the last one (or the last
    /// line's end when it has no newline).
    fn end_position(&self) -> (u64, u64) {
        match self.lines.last() {
            None => (1, 1),
            Some(_) => (self.total_lines + 1, 1),
        }
    }

    /// Checks that `line` has exactly `count` tokens, which are `what`
    /// (`the width and the height`); `false` after recording a violation.
    pub fn count(&mut self, line: &Line<'_>, count: usize, what: &str) -> bool {
        let found = line.tokens.len();
        if found == count {
            return true;
        }
        let numbers = |n: usize| if n == 1 { "number" } else { "numbers" };
        match line.tokens.get(count) {
            Some(extra) => {
                let message = format!(
                    "line {} should hold {what} ({count} {}), found {found}: `{}` is too many",
                    line.number,
                    numbers(count),
                    extra.text
                );
                self.at(&extra.clone(), message);
            }
            None => {
                let message = format!(
                    "line {} should hold {what} ({count} {}), found only {found}",
                    line.number,
                    numbers(count),
                );
                self.push(line.number, line.end, message);
            }
        }
        false
    }

    /// Reads `token` as an integer `what` in `range` (inclusive); `None`
    /// after recording why not. When strict, only the canonical spelling
    /// (no `+`, no leading zeros, no `-0`) is an integer.
    pub fn int(
        &mut self,
        token: &Token<'_>,
        what: &str,
        range: RangeInclusive<i64>,
    ) -> Option<i64> {
        let text = token.text;
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            self.at(
                token,
                format!("expected {what} (an integer), found `{text}`"),
            );
            return None;
        }
        if self.strict {
            let plus = text.starts_with('+');
            let zeros = digits.len() > 1 && digits.starts_with('0');
            let minus_zero = neg && digits.bytes().all(|b| b == b'0');
            let canonical = !(plus || zeros || minus_zero);
            if !canonical {
                self.at(
                    token,
                    format!("expected {what} written plainly (no `+`, no leading zeros), found `{text}`"),
                );
            }
        }
        let magnitude: i64 = match digits.trim_start_matches('0') {
            "" => 0,
            d if d.len() > 18 => i64::MAX,
            d => d.parse().unwrap_or(i64::MAX),
        };
        let value = if neg { -magnitude } else { magnitude };
        if !range.contains(&value) {
            let (lo, hi) = (range.start(), range.end());
            let bound = if *hi == i64::MAX {
                format!("at least {lo}")
            } else {
                format!("from {lo} to {hi}")
            };
            self.at(token, format!("{what} must be {bound}, found {text}"));
        }
        Some(value)
    }

    /// After the terminator: nothing else may follow (blank lines neither,
    /// when strict).
    pub fn end(&mut self) {
        self.case = None;
        let mut reported = false;
        while let Some(line) = self.lines.get(self.next).cloned() {
            self.next += 1;
            match line.tokens.first() {
                Some(t) if !reported => {
                    let t = *t;
                    self.at(
                        &t,
                        format!("nothing may follow the terminator, found `{}`", t.text),
                    );
                    reported = true;
                }
                Some(_) => {}
                None if self.strict => {
                    self.push(line.number, 1, "a blank line after the terminator".into())
                }
                None => {}
            }
        }
    }

    /// The violations, in the order of the input (line, then column).
    pub fn finish(mut self) -> Validation {
        for v in self.violations.iter_mut().filter(|v| v.case.is_none()) {
            if let Ok(i) = self.read.binary_search_by_key(&v.line, |&(line, _)| line) {
                v.case = self.read[i].1.map(|n| (self.unit, n));
            }
        }
        self.violations.sort_by_key(|v| (v.line, v.column));
        Validation {
            violations: self.violations,
            dropped: self.dropped,
            cases: self.cases,
        }
    }
}

/// What a validator found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validation {
    pub violations: Vec<Violation>,
    /// Violations past [`MAX_VIOLATIONS`], not kept.
    pub dropped: u64,
    /// Cases met (the validator's count, valid or not).
    pub cases: u64,
}

impl Validation {
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty() && self.dropped == 0
    }

    /// Every violation, then `... and N more` when some were not kept.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.violations.iter().map(|v| v.to_string()).collect();
        if self.dropped > 0 {
            out.push(format!("... and {} more", self.dropped));
        }
        out
    }
}

/// The validator of a puzzle without one of its own: the first error of
/// its parser's `cases` (of this input's text), since the parser stops
/// there, or else a missing `terminator` (the parser may forgive it;
/// judge data has it).
pub fn by_parser<C>(
    input: &mut Input<'_>,
    terminator: &str,
    cases: impl Iterator<Item = Result<C, crate::InputError>>,
) {
    for (n, case) in cases.enumerate() {
        input.set_case(Some(n as u64 + 1));
        if let Err(e) = case {
            let span = e.span().unwrap_or_default();
            input.set_case(Some(e.case()));
            input.push(span.line.max(1), span.column.max(1), e.to_string());
            return;
        }
    }
    input.set_case(None);
    let terminator = terminator.trim();
    let last = input.lines.iter().rev().find(|l| !l.tokens.is_empty());
    let words: Vec<&str> = last.map_or(Vec::new(), |l| l.tokens.iter().map(|t| t.text).collect());
    if words.join(" ") != terminator {
        let (line, column) = input.end_position();
        input.push(
            line,
            column,
            format!("expected the terminator `{terminator}` last"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn violations(text: &str, strict: bool, read: impl FnOnce(&mut Input<'_>)) -> Vec<String> {
        let mut input = Input::new(text, strict, "case");
        read(&mut input);
        input.finish().lines()
    }

    #[test]
    fn strict_whitespace_is_checked_everywhere() {
        let v = violations(" 1  2 \t3 \r\n\n4", true, |_| {});
        assert_eq!(
            v,
            [
                "line 1, column 1: a space at the start of the line",
                "line 1, column 3: 2 spaces between tokens, expected one",
                "line 1, column 7: a tab: tokens must be separated by single spaces",
                "line 1, column 9: a space at the end of the line",
                "line 1, column 10: a carriage return: lines must end with \\n alone",
                "line 3, column 2: no newline at the end of the file",
            ]
        );
        assert!(violations(" 1  2 \t3 \r\n\n4", false, |_| {}).is_empty());
    }

    #[test]
    fn lines_skip_blanks_and_say_what_was_expected_at_the_end() {
        let v = violations("1 2\n\n3\n", true, |input| {
            let first = input.line("a header").unwrap();
            assert!(input.count(&first, 2, "a header"));
            let second = input.line("a count").unwrap();
            assert_eq!(second.number, 3);
            assert!(!input.count(&second, 2, "a pair"));
            assert!(input.line("more").is_none());
        });
        assert_eq!(
            v,
            [
                "line 2, column 1: a blank line",
                "line 3, column 2: line 3 should hold a pair (2 numbers), found only 1",
                "line 4, column 1: expected more, found the end of the input",
            ]
        );
        let v = violations("1\n\n2\n", true, |input| {
            input.line("a").unwrap();
            input.allow_blank();
            input.line("b").unwrap();
        });
        assert!(v.is_empty(), "{v:?}");
    }

    #[test]
    fn integers_have_ranges_and_a_plain_spelling() {
        let v = violations("007 +3 x -0 99999999999999999999 5\n", true, |input| {
            let line = input.line("numbers").unwrap();
            let t = line.tokens.clone();
            assert_eq!(input.int(&t[0], "w", 1..=20), Some(7));
            assert_eq!(input.int(&t[1], "h", 1..=20), Some(3));
            assert_eq!(input.int(&t[2], "K", 0..=i64::MAX), None);
            assert_eq!(input.int(&t[3], "K", 0..=i64::MAX), Some(0));
            assert_eq!(input.int(&t[4], "n", 1..=20), Some(i64::MAX));
            // The line read before a case is set is that case's header.
            input.set_case(Some(2));
            assert_eq!(input.int(&t[5], "L", 2..=8), Some(5));
        });
        assert_eq!(
            v,
            [
                "case 2, line 1, column 1: expected w written plainly (no `+`, no leading zeros), found `007`",
                "case 2, line 1, column 5: expected h written plainly (no `+`, no leading zeros), found `+3`",
                "case 2, line 1, column 8: expected K (an integer), found `x`",
                "case 2, line 1, column 10: expected K written plainly (no `+`, no leading zeros), found `-0`",
                "case 2, line 1, column 13: n must be from 1 to 20, found 99999999999999999999",
            ]
        );
    }

    #[test]
    fn nothing_may_follow_the_end_and_bytes_must_be_ascii() {
        let v = violations("0 0\n\nmore\u{a0}\n", false, |input| {
            input.line("the terminator").unwrap();
            input.end();
        });
        assert_eq!(
            v,
            [
                "line 3, column 1: nothing may follow the terminator, found `more`",
                "line 3, column 5: `\u{a0}`, a character that is not ASCII",
            ]
        );
    }
}
