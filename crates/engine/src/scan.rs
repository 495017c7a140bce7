//! A whitespace token scanner that knows where every token starts.
//!
//! The contest formats are "integers separated by any whitespace" (the judges
//! read with `scanf`), so line breaks carry no meaning, yet a good error must
//! still name the line and column. The scanner reads bytes from any
//! [`BufRead`] lazily — case 7 is not read before case 6 is answered — and
//! keeps at most [`MAX_TOKEN_TEXT`] bytes of a token, so a gigabyte of digits
//! costs no memory. Columns count characters, not bytes.

use std::io::{self, BufRead};

use crate::error::{InputError, Span};

/// How much of one token's text is kept (for messages); the rest is skipped.
pub const MAX_TOKEN_TEXT: usize = 40;

/// One whitespace-separated token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token's text for messages, cut to [`MAX_TOKEN_TEXT`] bytes of
    /// input, with control characters and bytes that are not UTF-8 shown
    /// escaped (`\x1b`, `\xff`): an input can never put raw terminal
    /// controls into an error message.
    pub text: String,
    /// True when the token was longer than what `text` keeps.
    pub truncated: bool,
    /// What was not kept, read as a number (only when `truncated`).
    tail: Tail,
    pub span: Span,
}

/// The bytes of a long token past the kept ones, read as a number: all
/// digits or not, their value and 10 to their count (while they fit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tail {
    digits: bool,
    value: Option<u64>,
    scale: Option<u64>,
}

impl Tail {
    fn push(&mut self, b: u8) {
        if b.is_ascii_digit() {
            self.value = self
                .value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(b - b'0')));
            self.scale = self.scale.and_then(|s| s.checked_mul(10));
        } else {
            self.digits = false;
        }
    }
}

const NO_TAIL: Tail = Tail {
    digits: true,
    value: Some(0),
    scale: Some(1),
};

impl Token {
    /// The whole token is an optional `+` and decimal digits (however
    /// many: scanf reads `000…0003` as 3).
    pub fn digits(&self) -> bool {
        let t = self.text.as_bytes();
        let kept = t.strip_prefix(b"+").unwrap_or(t);
        !kept.is_empty() && kept.iter().all(u8::is_ascii_digit) && self.tail.digits
    }

    /// The token's value when it is [`Token::digits`] and fits a `u64`.
    pub fn value(&self) -> Option<u64> {
        if !self.digits() {
            return None;
        }
        let t = self.text.as_bytes();
        let kept = t.strip_prefix(b"+").unwrap_or(t);
        let head = kept.iter().try_fold(0u64, |v, &b| {
            v.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        })?;
        if !self.truncated {
            return Some(head);
        }
        if head == 0 {
            // Leading zeros: the value is the tail's.
            return self.tail.value;
        }
        head.checked_mul(self.tail.scale?)?
            .checked_add(self.tail.value?)
    }

    /// The token quoted for a message: `` `abc` `` (with `…` when cut).
    pub fn quoted(&self) -> String {
        if self.truncated {
            format!("`{}…`", self.text)
        } else {
            format!("`{}`", self.text)
        }
    }
}

/// A token from [`Scanner::next_word`]: a plain number read on the fast
/// path, or any other token whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    /// 1 to 19 decimal digits without a leading zero (so the value's
    /// decimal form is the token's text), and where it starts.
    Number(u64, Span),
    /// Anything else, as [`Scanner::next_token`] reads it.
    Token(Token),
}

impl Word {
    pub fn span(&self) -> Span {
        match self {
            Word::Number(_, span) => *span,
            Word::Token(t) => t.span,
        }
    }

    /// The token as [`Scanner::next_token`] would have read it (for the
    /// error paths, which take a [`Token`]).
    pub fn into_token(self) -> Token {
        match self {
            Word::Number(value, span) => Token {
                text: value.to_string(),
                truncated: false,
                tail: NO_TAIL,
                span,
            },
            Word::Token(t) => t,
        }
    }

    /// The token quoted for a message, as [`Token::quoted`].
    pub fn quoted(&self) -> String {
        match self {
            Word::Number(value, _) => format!("`{value}`"),
            Word::Token(t) => t.quoted(),
        }
    }
}

/// scanf's white space: space, tab, newline, vertical tab, form feed and
/// carriage return.
#[inline]
pub fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// `text` with control characters escaped, for a message that quotes user
/// input (a plan line, a save file): `a\u{1b}[2J` instead of a terminal
/// control sequence.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_char(&mut out, c);
    }
    out
}

fn push_char(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// The message text of a token's kept bytes: valid UTF-8 as characters
/// (controls escaped), other bytes as `\xNN`. A multi-byte character cut
/// by the length limit at the very end is dropped, not escaped.
#[inline]
fn token_text(bytes: Vec<u8>, cut: bool, plain: bool) -> String {
    // Nearly every token is printable ASCII (the scanner saw each byte):
    // it is its own text, in the buffer it was read into.
    if plain {
        return String::from_utf8(bytes).expect("printable ASCII is UTF-8");
    }
    let mut out = String::new();
    let mut chunks = bytes.utf8_chunks().peekable();
    while let Some(chunk) = chunks.next() {
        for c in chunk.valid().chars() {
            push_char(&mut out, c);
        }
        let bad = chunk.invalid();
        let last = chunks.peek().is_none();
        if cut && last && !bad.is_empty() && bad.len() < 4 && bytes.len() == MAX_TOKEN_TEXT {
            break;
        }
        for b in bad {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

/// The scanner's buffered bytes, read again after an interrupted read; an
/// error returns from the calling method as an [`InputError`]. A macro, not
/// a method: the slice borrows `reader` alone, so the caller can still
/// update the position counters while it holds it.
macro_rules! filled {
    ($scanner:ident) => {
        loop {
            match $scanner.reader.fill_buf() {
                Ok(b) => break b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err($scanner.io_error(e)),
            }
        }
    };
}

/// Reads tokens from a byte stream.
pub struct Scanner<R> {
    reader: R,
    line: u64,
    column: u64,
    /// The case number used in errors; the parser moves it on.
    case: u64,
    unit: &'static str,
    /// Where the last token ended (for "end of input" messages).
    end: Span,
}

impl<R: BufRead> Scanner<R> {
    /// `unit` is the word for one case in messages ("dataset", "case").
    pub fn new(reader: R, unit: &'static str) -> Scanner<R> {
        Scanner {
            reader,
            line: 1,
            column: 1,
            case: 1,
            unit,
            end: Span { line: 1, column: 1 },
        }
    }

    pub fn set_case(&mut self, case: u64) {
        self.case = case;
    }

    pub fn case(&self) -> u64 {
        self.case
    }

    /// The position just after the last byte read.
    pub fn here(&self) -> Span {
        Span {
            line: self.line,
            column: self.column,
        }
    }

    /// The next token, or `None` at end of input.
    pub fn next_token(&mut self) -> Result<Option<Token>, InputError> {
        let mut bytes: Vec<u8> = Vec::new();
        let mut start = None;
        // Past the kept bytes (rare: a token of over 40 bytes), the rest is
        // still read as a number, so a long integer keeps its value.
        let mut truncated = false;
        let mut tail = NO_TAIL;
        // Every kept byte is printable ASCII.
        let mut plain = true;
        loop {
            let buf = filled!(self);
            if buf.is_empty() {
                break;
            }
            let mut used = 0;
            let mut done = false;
            for &b in buf {
                let space = is_space(b);
                if space && start.is_some() {
                    done = true;
                    break;
                }
                used += 1;
                if !space && start.is_none() {
                    start = Some(Span {
                        line: self.line,
                        column: self.column,
                    });
                }
                if start.is_some() {
                    if bytes.len() < MAX_TOKEN_TEXT {
                        plain &= b.is_ascii_graphic();
                        bytes.push(b);
                    } else {
                        truncated = true;
                        tail.push(b);
                    }
                }
                if b == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else if b & 0xC0 != 0x80 {
                    // Count characters: skip UTF-8 continuation bytes.
                    self.column += 1;
                }
            }
            self.reader.consume(used);
            if done {
                break;
            }
        }
        Ok(start.map(|span| {
            self.end = self.here();
            Token {
                text: token_text(bytes, truncated, plain),
                truncated,
                tail,
                span,
            }
        }))
    }

    /// The next token, with plain numbers read without building their
    /// text: nearly every token of a judge file is one, and this is what
    /// parsing costs per token. A number that is not wholly in the buffer,
    /// or has a sign, leading zeros or more than 19 digits, takes the
    /// general path ([`Scanner::next_token`]); positions are counted the
    /// same way on both.
    pub fn next_word(&mut self) -> Result<Option<Word>, InputError> {
        loop {
            let buf = filled!(self);
            if buf.is_empty() {
                return Ok(None);
            }
            // White space is ASCII: one column a byte, but for line breaks.
            let mut i = 0;
            while i < buf.len() && is_space(buf[i]) {
                if buf[i] == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    self.column += 1;
                }
                i += 1;
            }
            if i == buf.len() {
                self.reader.consume(i);
                continue;
            }
            let digits = buf[i..]
                .iter()
                .take(20)
                .take_while(|b| b.is_ascii_digit())
                .count();
            let after = i + digits;
            let plain = (1..=19).contains(&digits)
                && (digits == 1 || buf[i] != b'0')
                && after < buf.len()
                && is_space(buf[after]);
            if !plain {
                self.reader.consume(i);
                return Ok(self.next_token()?.map(Word::Token));
            }
            let value = buf[i..after]
                .iter()
                .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
            let span = self.here();
            self.column += digits as u64;
            self.reader.consume(after);
            self.end = self.here();
            return Ok(Some(Word::Number(value, span)));
        }
    }

    /// Reads, from what is already buffered, up to `out.len()` tokens that
    /// are plain numbers — what [`Scanner::next_word`] reads as
    /// [`Word::Number`], with the same values and places — into `out` in
    /// order, and returns how many it read. It stops before any other token
    /// (which it leaves unread), at the end of the buffer or of the input
    /// (then it may read none): the caller reads on with
    /// [`Scanner::next_word`]. A judge file's numbers are nearly all plain,
    /// and a run of them costs one look at the reader instead of one each.
    pub fn numbers(&mut self, out: &mut [(u64, Span)]) -> Result<usize, InputError> {
        let buf = filled!(self);
        let (mut line, mut column) = (self.line, self.column);
        let mut read = 0;
        // Consumed up to `used`; the last number read ended at `end`.
        let (mut i, mut used, mut end) = (0, 0, self.end);
        while read < out.len() {
            // White space is ASCII: one column a byte, but for line breaks.
            // Spaces and line breaks first: nearly all of it.
            while i < buf.len() {
                let b = buf[i];
                // Every white-space byte is at most `b' '`: a digit leaves
                // at the first test.
                if b > b' ' {
                    break;
                }
                if b == b'\n' {
                    line += 1;
                    column = 1;
                } else if is_space(b) {
                    column += 1;
                } else {
                    break;
                }
                i += 1;
            }
            used = i;
            // Nearly every number of a judge file: one or two digits and a
            // white-space byte, read at once with that byte (which the
            // next number would skip anyway).
            if let Some(&[b0, b1, b2]) = buf.get(i..i + 3) {
                let (d0, d1) = (b0.wrapping_sub(b'0'), b1.wrapping_sub(b'0'));
                let short = if d0 > 9 {
                    None
                } else if is_space(b1) {
                    Some((d0, 1, b1))
                } else if d0 != 0 && d1 <= 9 && is_space(b2) {
                    Some((10 * d0 + d1, 2, b2))
                } else {
                    None
                };
                if let Some((value, digits, space)) = short {
                    out[read] = (u64::from(value), Span { line, column });
                    read += 1;
                    column += digits;
                    end = Span { line, column };
                    i += digits as usize + 1;
                    used = i;
                    if space == b'\n' {
                        line += 1;
                        column = 1;
                    } else {
                        column += 1;
                    }
                    continue;
                }
            }
            let start = i;
            let mut value = 0u64;
            // Past 19 digits a token is not plain, and its value may wrap.
            while i < buf.len() {
                let digit = buf[i].wrapping_sub(b'0');
                if digit > 9 {
                    break;
                }
                value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
                i += 1;
            }
            let digits = i - start;
            let plain = (1..=19).contains(&digits)
                && (digits == 1 || buf[start] != b'0')
                && i < buf.len()
                && is_space(buf[i]);
            if !plain {
                break;
            }
            out[read] = (value, Span { line, column });
            read += 1;
            column += digits as u64;
            used = i;
            end = Span { line, column };
        }
        self.reader.consume(used);
        self.line = line;
        self.column = column;
        self.end = end;
        Ok(read)
    }

    /// Reads, from what is already buffered, up to `limit` tokens that are
    /// each a single digit at most `max` followed by white space, and gives
    /// their values to `take` in order; returns how many it read. It stops
    /// before any other token, at the end of the buffer or of the input
    /// (then it may read none): the caller reads that token the general way
    /// and calls again. This is a board's cells in the judge's format, read
    /// at a few instructions each instead of a token's worth.
    pub fn digit_run(
        &mut self,
        max: u8,
        limit: usize,
        mut take: impl FnMut(u8),
    ) -> Result<usize, InputError> {
        let buf = filled!(self);
        let (mut line, mut column) = (self.line, self.column);
        let mut read = 0;
        // Consumed up to `used`; the last digit read ended at `end`.
        let (mut i, mut used, mut end) = (0, 0, None);
        while read < limit && i < buf.len() {
            let b = buf[i];
            if is_space(b) {
                if b == b'\n' {
                    line += 1;
                    column = 1;
                } else {
                    column += 1;
                }
                i += 1;
                used = i;
                continue;
            }
            let digit = b.wrapping_sub(b'0');
            if digit > max || i + 1 >= buf.len() || !is_space(buf[i + 1]) {
                break;
            }
            take(digit);
            read += 1;
            column += 1;
            i += 1;
            used = i;
            end = Some(Span { line, column });
        }
        self.reader.consume(used);
        self.line = line;
        self.column = column;
        if let Some(end) = end {
            self.end = end;
        }
        Ok(read)
    }

    /// The next token as a non-negative integer at most `max`.
    ///
    /// `what` names the value for the message ("the width", "a cell code").
    /// `Ok(None)` means end of input before the token (the caller decides
    /// whether that is fine).
    pub fn next_uint(&mut self, what: &str, max: u64) -> Result<Option<(u64, Span)>, InputError> {
        let Some(tok) = self.next_token()? else {
            return Ok(None);
        };
        self.uint_of(&tok, what, max).map(Some)
    }

    /// Like [`Scanner::next_uint`], but end of input is an error.
    pub fn expect_uint(&mut self, what: &str, max: u64) -> Result<(u64, Span), InputError> {
        match self.next_uint(what, max)? {
            Some(v) => Ok(v),
            None => Err(self.eof_error(what)),
        }
    }

    /// Interprets a token as a non-negative integer at most `max`.
    /// A leading `+` is accepted, as `scanf` accepts it.
    pub fn uint_of(&self, tok: &Token, what: &str, max: u64) -> Result<(u64, Span), InputError> {
        if !tok.digits() {
            let t = tok.text.as_str();
            let negative = t
                .strip_prefix('-')
                .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
            let found = if negative {
                format!("the negative number {}", tok.quoted())
            } else {
                tok.quoted()
            };
            return Err(self.error_at(tok.span, format!("{what} (a non-negative integer)"), found));
        }
        match tok.value() {
            Some(v) if v <= max => Ok((v, tok.span)),
            _ => Err(self.error_at(tok.span, format!("{what} (at most {max})"), tok.quoted())),
        }
    }

    /// An error at a given place in the current case.
    pub fn error_at(
        &self,
        span: Span,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> InputError {
        InputError::Malformed {
            unit: self.unit,
            case: self.case,
            span,
            expected: expected.into(),
            found: found.into(),
        }
    }

    /// "expected X, found end of input", placed just after the last token.
    pub fn eof_error(&self, what: &str) -> InputError {
        self.error_at(self.end, what.to_string(), "end of input")
    }

    /// Where the last token ended: the place to report a missing token.
    pub fn end(&self) -> Span {
        self.end
    }

    fn io_error(&self, source: io::Error) -> InputError {
        InputError::Io {
            unit: self.unit,
            case: self.case,
            source,
        }
    }
}

/// Where a lazy case iterator stands: the number of the case being read,
/// and whether the input has ended (at the terminator, or at a bad case,
/// which stops the input exactly once). Every puzzle's parser iterates
/// the same way; this keeps that way in one place:
///
/// ```text
/// fn next(&mut self) -> Option<Result<Case, InputError>> {
///     let case = self.count.begin()?;
///     self.scan.set_case(case);
///     let read = self.read();
///     self.count.end(read)
/// }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CaseCount {
    case: u64,
    done: bool,
}

impl CaseCount {
    /// Starts the next case and returns its number (1-based); `None` once
    /// the input has ended.
    pub fn begin(&mut self) -> Option<u64> {
        if self.done {
            return None;
        }
        self.case += 1;
        Some(self.case)
    }

    /// The case being read (0 before the first).
    pub fn case(&self) -> u64 {
        self.case
    }

    /// What the iterator yields for the reading of the case begun: the
    /// case, or the end (the terminator: `Ok(None)`), or the error, after
    /// which nothing more is read.
    pub fn end<T>(&mut self, read: Result<Option<T>, InputError>) -> Option<Result<T, InputError>> {
        next_case(&mut self.done, || read)
    }
}

/// One step of a lazy case iterator: `read` is the result of reading the
/// next case (`Ok(None)` at the terminator). After the end or an error the
/// iterator is `done` and yields nothing more, so a bad case stops the
/// input exactly once.
pub fn next_case<T>(
    done: &mut bool,
    read: impl FnOnce() -> Result<Option<T>, InputError>,
) -> Option<Result<T, InputError>> {
    if *done {
        return None;
    }
    match read() {
        Ok(Some(case)) => Some(Ok(case)),
        Ok(None) => {
            *done = true;
            None
        }
        Err(e) => {
            *done = true;
            Some(Err(e))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(input: &str) -> Vec<(String, u64, u64)> {
        let mut s = Scanner::new(input.as_bytes(), "case");
        let mut out = Vec::new();
        while let Some(t) = s.next_token().unwrap() {
            out.push((t.text, t.span.line, t.span.column));
        }
        out
    }

    #[test]
    fn spans_are_one_based() {
        assert_eq!(
            tokens("12 3\n  x\té 5\n"),
            vec![
                ("12".into(), 1, 1),
                ("3".into(), 1, 4),
                ("x".into(), 2, 3),
                ("é".into(), 2, 5),
                ("5".into(), 2, 7),
            ]
        );
    }

    /// The fast path reads what the general one reads, at the same places,
    /// whatever the buffer boundaries.
    #[test]
    fn words_are_tokens() {
        let input = "12 3\n  007 +5 x\té 5 0\n\n 18446744073709551615 9999999999999999999 42";
        for cap in [1, 2, 3, 5, 8, 64, 128] {
            let mut words =
                Scanner::new(io::BufReader::with_capacity(cap, input.as_bytes()), "case");
            let mut tokens = Scanner::new(input.as_bytes(), "case");
            let mut fast = 0;
            while let Some(t) = tokens.next_token().unwrap() {
                let w = words.next_word().unwrap().expect("as many words");
                fast += usize::from(matches!(w, Word::Number(..)));
                assert_eq!(w.span(), t.span, "{cap}");
                assert_eq!(w.quoted(), t.quoted(), "{cap}");
                assert_eq!(w.into_token(), t, "{cap}");
                assert_eq!(words.end(), tokens.end(), "{cap}");
            }
            assert!(words.next_word().unwrap().is_none());
            if cap == 128 {
                // All in one buffer: 12, 3, 5, 0 and 9999999999999999999;
                // not 007, +5, the 20 digits, nor 42 at the very end.
                assert_eq!(fast, 5);
            }
        }
    }

    /// Number runs read the numbers that words would, at the same places,
    /// and leave everything else to the word reader, whatever the buffer.
    #[test]
    fn number_runs_are_words() {
        let input = "12 3\n  007 +5 x\t\u{e9} 5 0\n\n 18446744073709551615 \
                     9999999999999999999 12345678901234567890 42\r\n7 8 \
                     05 10\t99\n\n0\n 6x 1\x0b23 45 9";
        let want: Vec<(String, Span)> = {
            let mut tokens = Scanner::new(input.as_bytes(), "case");
            std::iter::from_fn(|| tokens.next_token().unwrap())
                .map(|t| (t.quoted(), t.span))
                .collect()
        };
        let mut tokens = Scanner::new(input.as_bytes(), "case");
        while tokens.next_token().unwrap().is_some() {}
        for cap in [1, 2, 3, 5, 8, 64, 128] {
            for limit in [1, 2, 64] {
                let reader = io::BufReader::with_capacity(cap, input.as_bytes());
                let mut run = Scanner::new(reader, "case");
                let mut got = Vec::new();
                let mut fast = 0;
                let mut out = vec![(0, Span { line: 0, column: 0 }); limit];
                loop {
                    let n = run.numbers(&mut out).unwrap();
                    fast += n;
                    got.extend(out[..n].iter().map(|&(v, span)| (format!("`{v}`"), span)));
                    if n == 0 {
                        match run.next_word().unwrap() {
                            Some(w) => got.push((w.quoted(), w.span())),
                            None => break,
                        }
                    }
                }
                assert_eq!(got, want, "{cap} {limit}");
                assert_eq!(run.end(), tokens.end(), "{cap} {limit}");
                if cap == 128 {
                    // All in one buffer: 12, 3, 5, 0, 9999999999999999999,
                    // 42, 7, 8, 10, 99, 0, 1, 23 and 45; not 007, +5, x, é,
                    // the 20 digits, 05, 6x, nor 9 at the very end.
                    assert_eq!(fast, 14, "{limit}");
                }
            }
        }
    }

    /// Digit runs read the cells that tokens would, at the same places, and
    /// leave everything else to the token reader, whatever the buffer.
    #[test]
    fn digit_runs_are_tokens() {
        let input = "0 1 1\n0 \t 1 2 1 01 +1 1 1x 0 1 3 1 0";
        let want: Vec<(String, Span)> = {
            let mut tokens = Scanner::new(input.as_bytes(), "case");
            std::iter::from_fn(|| tokens.next_token().unwrap())
                .map(|t| (t.text, t.span))
                .collect()
        };
        for cap in [1, 2, 3, 7, 64] {
            for limit in [1, 4] {
                let reader = io::BufReader::with_capacity(cap, input.as_bytes());
                let mut run = Scanner::new(reader, "case");
                let mut got: Vec<(String, Option<Span>)> = Vec::new();
                loop {
                    let mut digits = Vec::new();
                    let n = run.digit_run(1, limit, |d| digits.push(d)).unwrap();
                    assert_eq!(digits.len(), n);
                    // Only the last digit of a run has a known place: just
                    // before where the run ended.
                    let end = run.end();
                    for (k, d) in digits.into_iter().enumerate() {
                        let span = (k + 1 == n).then_some(Span {
                            line: end.line,
                            column: end.column - 1,
                        });
                        got.push((d.to_string(), span));
                    }
                    if n == 0 {
                        match run.next_token().unwrap() {
                            Some(t) => got.push((t.text, Some(t.span))),
                            None => break,
                        }
                    }
                }
                let texts: Vec<&str> = got.iter().map(|g| g.0.as_str()).collect();
                let wanted: Vec<&str> = want.iter().map(|w| w.0.as_str()).collect();
                assert_eq!(texts, wanted, "{cap} {limit}");
                for (g, w) in got.iter().zip(&want) {
                    if let Some(span) = g.1 {
                        assert_eq!(span, w.1, "{cap} {limit} {}", g.0);
                    }
                }
                let mut tokens = Scanner::new(input.as_bytes(), "case");
                while tokens.next_token().unwrap().is_some() {}
                assert_eq!(run.end(), tokens.end(), "{cap} {limit}");
            }
        }
    }

    #[test]
    fn huge_tokens_are_cut() {
        let long = "9".repeat(100_000);
        let mut s = Scanner::new(long.as_bytes(), "case");
        let t = s.next_token().unwrap().unwrap();
        assert!(t.truncated);
        assert_eq!(t.text.len(), MAX_TOKEN_TEXT);
        let err = s.uint_of(&t, "the width", 10).unwrap_err().to_string();
        assert!(err.contains("at most 10"), "{err}");
        assert!(err.contains("…"), "{err}");
    }

    #[test]
    fn integers_are_checked() {
        let mut s = Scanner::new("-3 x 7 11".as_bytes(), "dataset");
        let e = s.next_uint("the width", 100).unwrap_err().to_string();
        assert_eq!(
            e,
            "dataset 1, line 1, column 1: expected the width (a non-negative integer), found the negative number `-3`"
        );
        assert!(s.next_uint("w", 100).is_err());
        assert_eq!(s.next_uint("w", 100).unwrap().unwrap().0, 7);
        let e = s.next_uint("a cell code", 3).unwrap_err().to_string();
        assert_eq!(
            e,
            "dataset 1, line 1, column 8: expected a cell code (at most 3), found `11`"
        );
        assert!(s.next_uint("w", 100).unwrap().is_none());
        let e = s.expect_uint("the height", 5).unwrap_err().to_string();
        assert_eq!(
            e,
            "dataset 1, line 1, column 10: expected the height, found end of input"
        );
    }

    /// Issue 15: bytes that are not UTF-8 after a valid prefix were
    /// dropped, so `3\xff` read as `3`.
    #[test]
    fn invalid_utf8_after_a_valid_prefix_is_an_error() {
        let input: &[u8] = b"3\xff 2\xfe\xfd\xfc\xfb\xfa \xff";
        let mut s = Scanner::new(input, "dataset");
        let t = s.next_token().unwrap().unwrap();
        assert_eq!(t.text, "3\\xff");
        assert!(!t.digits());
        let e = s.uint_of(&t, "the width", 100).unwrap_err().to_string();
        assert_eq!(
            e,
            "dataset 1, line 1, column 1: expected the width (a non-negative integer), found `3\\xff`"
        );
        let t = s.next_token().unwrap().unwrap();
        assert_eq!(t.quoted(), "`2\\xfe\\xfd\\xfc\\xfb\\xfa`");
        assert_eq!(t.span.column, 4);
        let t = s.next_token().unwrap().unwrap();
        assert_eq!(t.quoted(), "`\\xff`");
    }

    /// Issue 15: integers longer than the kept text were refused although
    /// scanf reads them (`000…0003` is 3).
    #[test]
    fn long_zero_padded_integers_are_read() {
        let input = format!(
            "{}3 +{}7 {}",
            "0".repeat(60),
            "0".repeat(99),
            "9".repeat(30)
        );
        let mut s = Scanner::new(input.as_bytes(), "case");
        assert_eq!(s.next_uint("a", 10).unwrap().unwrap().0, 3);
        assert_eq!(s.next_uint("b", 10).unwrap().unwrap().0, 7);
        let e = s.next_uint("c", 10).unwrap_err().to_string();
        assert!(e.contains("expected c (at most 10)"), "{e}");
    }

    /// Issue 15: a vertical tab (and a form feed) is white space for scanf.
    #[test]
    fn vertical_tab_is_white_space() {
        assert_eq!(
            tokens("1\x0b2\x0c3\r\n4"),
            vec![
                ("1".into(), 1, 1),
                ("2".into(), 1, 3),
                ("3".into(), 1, 5),
                ("4".into(), 2, 1)
            ]
        );
    }

    /// Issue 15: an error message echoed raw control bytes, so an input
    /// could clear the user's terminal.
    #[test]
    fn control_bytes_are_escaped() {
        let mut s = Scanner::new("\x1b[2J".as_bytes(), "case");
        let t = s.next_token().unwrap().unwrap();
        assert_eq!(t.quoted(), "`\\u{1b}[2J`");
        assert_eq!(escaped("a\u{7}b\u{e9}"), "a\\u{7}b\u{e9}");
    }

    #[test]
    fn a_cut_character_is_dropped_not_escaped() {
        let input = format!("{}é", "1".repeat(MAX_TOKEN_TEXT - 1));
        let mut s = Scanner::new(input.as_bytes(), "case");
        let t = s.next_token().unwrap().unwrap();
        assert!(t.truncated);
        assert_eq!(t.text, "1".repeat(MAX_TOKEN_TEXT - 1));
    }
}
