//! The judge input format, read lazily one case at a time.
//!
//! ```text
//! n m L
//! L lines "r c"      the body, head to tail (1-based)
//! K
//! K lines "r c"      the stones
//! ...                more cases
//! 0 0 0              the terminator
//! ```
//!
//! Whitespace is never significant (the judge reads with `scanf`), so the
//! engine's [`Scanner`] supplies tokens with their line and column, and
//! [`Cases`] is an iterator: case 6 is answered before case 7 is read, and a
//! bad case 7 still leaves answers for cases 1–6. After an error, or after
//! the terminator, the iterator ends (anything after `0 0 0` is not read).
//!
//! Nearly every token is a small plain number, and reading them one at a
//! time cost more than solving the lairs, so [`Cases`] takes them in runs
//! ([`Scanner::numbers`]): up to 64 at once, from what the scanner's
//! buffer already holds. A run never waits for input, so "read" above
//! still means "asked of the source": a run may look at case 7's numbers
//! while they sit in the buffer, but nothing is interpreted, and no error
//! is raised, before its case is parsed; a cell whose two numbers are in a
//! run and in range costs a look-up and two comparisons.
//!
//! Every number is checked before it is used to allocate anything: sides are
//! capped at [`MAX_SIDE`] and the area at [`MAX_CELLS`], so a header such as
//! `1000000000 1000000000 8` fails at its first token; the stone count is
//! never used to reserve memory, stones are read one at a time. A body long
//! enough to overflow the solver's 64-bit state is refused here, with the
//! limit for that lair size in the message.

use std::io::BufRead;

use gridpuzzle_engine::error::Span;
use gridpuzzle_engine::scan::{next_case, Scanner, Token, Word};
use gridpuzzle_engine::{InputError, Pos};

use crate::rules::max_len_for;
use crate::rules::{check_next_segment, BodyFault, Case, Lair, MAX_CELLS, MAX_SIDE};

/// How to read the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// The exit, 1-based `(row, column)`; the judge's is `(1, 1)`.
    pub exit: (u32, u32),
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions { exit: (1, 1) }
    }
}

/// Plain numbers read ahead at a time ([`Scanner::numbers`]).
const AHEAD: usize = 64;

/// The cases of a judge input, in order, each parsed when asked for.
pub struct Cases<R> {
    scanner: Scanner<R>,
    options: ParseOptions,
    case: u64,
    done: bool,
    /// Plain numbers the scanner has read ahead from its buffer, with their
    /// places; `ahead[next..filled]` come before anything it reads next.
    ahead: [(u64, Span); AHEAD],
    next: usize,
    filled: usize,
}

impl<R: BufRead> Cases<R> {
    pub fn new(reader: R, options: ParseOptions) -> Cases<R> {
        Cases {
            scanner: Scanner::new(reader, "case"),
            options,
            case: 0,
            done: false,
            ahead: [(0, Span { line: 0, column: 0 }); AHEAD],
            next: 0,
            filled: 0,
        }
    }

    /// The next token: a number read ahead, else a run of them read now,
    /// else the scanner's next word.
    ///
    /// Reading ahead changes nothing a caller can see: the run only takes
    /// what is already in the scanner's buffer (it never waits for input),
    /// a number is the same [`Word`] at the same place either way, and what
    /// is read ahead of an error or of the terminator is never looked at.
    #[inline]
    fn word(&mut self) -> Result<Option<Word>, InputError> {
        if self.next == self.filled {
            self.read_ahead()?;
        }
        if self.next < self.filled {
            let (value, span) = self.ahead[self.next];
            self.next += 1;
            return Ok(Some(Word::Number(value, span)));
        }
        self.scanner.next_word()
    }

    /// Reads a run of plain numbers ahead; none when the next token is not
    /// one (or the buffer ends).
    fn read_ahead(&mut self) -> Result<(), InputError> {
        self.next = 0;
        self.filled = self.scanner.numbers(&mut self.ahead)?;
        Ok(())
    }

    /// With the default options (exit at `(1, 1)`).
    pub fn from_reader(reader: R) -> Cases<R> {
        Cases::new(reader, ParseOptions::default())
    }

    /// The next case, `Ok(None)` at the terminator.
    ///
    /// It is one function of some 130 lines on purpose: it reads the case
    /// in the format's order (header, body, stones), each token checked
    /// where it is read, and it runs once per case of a judge file, where
    /// reading costs as much as solving. Split into a header, a body and
    /// stones (tried), the same code moved the instruction counts of
    /// `solve` on the benchmark files by up to 0.8 % (`detour.in`), which
    /// BENCHMARKS.md holds.
    fn read_case(&mut self) -> Result<Option<Case>, InputError> {
        self.case += 1;
        self.scanner.set_case(self.case);
        let Some(n_tok) = self.word()? else {
            return Err(self
                .scanner
                .eof_error("the next case or the terminator `0 0 0`"));
        };
        let n = self.value(&n_tok, || "the number of rows".into(), 0, MAX_SIDE as u64)?;
        let (m, m_tok) = self.read("the number of columns", 0, MAX_SIDE as u64)?;
        if n == 0 {
            let (len, _) = self.read("the body length", 0, u64::MAX)?;
            if m == 0 && len == 0 {
                return Ok(None);
            }
            return Err(self.scanner.error_at(
                n_tok.span(),
                "the number of rows (at least 1; only the terminator `0 0 0` has zeros)",
                format!("`0 {m} {len}`"),
            ));
        }
        if m == 0 {
            return Err(self.scanner.error_at(
                m_tok.span(),
                "the number of columns (at least 1)",
                "`0`",
            ));
        }
        let (rows, cols) = (n as u32, m as u32);
        let cells = n * m;
        if cells > MAX_CELLS {
            return Err(self.scanner.error_at(
                m_tok.span(),
                format!("a lair of at most {MAX_CELLS} cells"),
                format!("{n}×{m} = {cells} cells"),
            ));
        }
        let (er, ec) = self.options.exit;
        let exit_ok = (1..=rows).contains(&er) && (1..=cols).contains(&ec);
        if !exit_ok {
            return Err(self.scanner.error_at(
                n_tok.span(),
                format!("a lair that contains the exit at row {er}, column {ec}"),
                format!("a lair of {}", size(rows, cols)),
            ));
        }
        let exit = Pos::new(er - 1, ec - 1);

        let (len, len_tok) = self.read("the body length", 0, u64::MAX)?;
        let len_span = len_tok.span();
        let max_len = max_len_for(rows, cols) as u64;
        if len == 0 {
            return Err(self
                .scanner
                .error_at(len_span, "a body length of at least 1", "`0`"));
        }
        if len > cells {
            return Err(self.scanner.error_at(
                len_span,
                format!("a body length of at most {cells} (the cells of a {rows}×{cols} lair)"),
                len_tok.quoted(),
            ));
        }
        if len > max_len {
            return Err(self.scanner.error_at(
                len_span,
                format!(
                    "a body length of at most {max_len} for a {rows}×{cols} lair \
                     (the search packs its state into 64 bits)"
                ),
                len_tok.quoted(),
            ));
        }

        // `len` is now at most 31: the body is small.
        let mut body: Vec<Pos> = Vec::with_capacity(len as usize);
        for k in 1..=len as usize {
            let (p, span) = self.read_cell(Part::Body(k), rows, cols)?;
            if let Err(fault) = check_next_segment(&body, p) {
                let (expected, found) = match fault {
                    BodyFault::Repeated { first, .. } => (
                        format!("body segment {k} on a cell not already in the body"),
                        format!("{p}, where segment {first} is"),
                    ),
                    BodyFault::NotAdjacent { prev, .. } => (
                        format!(
                            "body segment {k} side-adjacent to segment {} at {prev}",
                            k - 1
                        ),
                        p.to_string(),
                    ),
                    other => (format!("body segment {k}"), other.to_string()),
                };
                return Err(self.scanner.error_at(span, expected, found));
            }
            body.push(p);
        }

        let (stones, _) = self.read("the number of stones", 0, u64::MAX)?;
        let mut lair = match Lair::new(rows, cols, exit) {
            Ok(l) => l,
            // Unreachable after the checks above; reported, not panicked on.
            Err(e) => {
                return Err(self
                    .scanner
                    .error_at(n_tok.span(), "a valid lair", e.to_string()))
            }
        };
        // The body's cells hashed into 64 bits: a stone whose bit is clear
        // is off the body with no look at the body.
        let at = |p: Pos| (p.row as usize * cols as usize + p.col as usize) & 63;
        let on_body = body.iter().fold(0u64, |bits, &b| bits | 1 << at(b));
        for k in 1..=stones {
            let (p, span) = self.read_cell(Part::Stone(k), rows, cols)?;
            if on_body >> at(p) & 1 == 0 {
                lair.set_stone(p, true);
                continue;
            }
            if let Some(i) = body.iter().position(|&b| b == p) {
                return Err(self.scanner.error_at(
                    span,
                    format!("stone {k} on a cell off the body"),
                    format!("a body on a stone: segment {} is at {p}", i + 1),
                ));
            }
            lair.set_stone(p, true);
        }
        Ok(Some(Case::parsed(lair, body)))
    }

    /// A cell as two 1-based numbers, returned 0-based with the row's span.
    #[inline(always)]
    fn read_cell(&mut self, part: Part, rows: u32, cols: u32) -> Result<(Pos, Span), InputError> {
        if self.filled - self.next < 2 {
            if self.next < self.filled {
                return self.read_cell_slowly(part, rows, cols);
            }
            self.read_ahead()?;
        }
        // Nearly every cell: two numbers read ahead, both in range.
        if let [(r, span), (c, _), ..] = self.ahead[self.next..self.filled] {
            if (1..=rows as u64).contains(&r) && (1..=cols as u64).contains(&c) {
                self.next += 2;
                return Ok((Pos::new(r as u32 - 1, c as u32 - 1), span));
            }
        }
        self.read_cell_slowly(part, rows, cols)
    }

    /// [`Cases::read_cell`] one token at a time, with the messages.
    #[cold]
    fn read_cell_slowly(
        &mut self,
        part: Part,
        rows: u32,
        cols: u32,
    ) -> Result<(Pos, Span), InputError> {
        let (r, row) = self.read_with(|| format!("the row of {part}"), 1, rows as u64)?;
        let (c, _) = self.read_with(|| format!("the column of {part}"), 1, cols as u64)?;
        Ok((Pos::new(r as u32 - 1, c as u32 - 1), row.span()))
    }

    /// The next token as an integer in `lo..=hi`; end of input is an error.
    #[inline]
    fn read(&mut self, what: &str, lo: u64, hi: u64) -> Result<(u64, Word), InputError> {
        // Nearly always: a number read ahead, in range.
        if let Some(&(value, span)) = self.ahead[..self.filled].get(self.next) {
            if (lo..=hi).contains(&value) {
                self.next += 1;
                return Ok((value, Word::Number(value, span)));
            }
        }
        self.read_with(|| what.to_string(), lo, hi)
    }

    /// [`Cases::read`] with the value's name built only for a message: a
    /// case's cells are most of its numbers, and naming each one ("the row
    /// of stone 12") cost more than reading it.
    fn read_with(
        &mut self,
        what: impl Fn() -> String,
        lo: u64,
        hi: u64,
    ) -> Result<(u64, Word), InputError> {
        match self.word()? {
            Some(word) => Ok((self.value(&word, what, lo, hi)?, word)),
            None => Err(self.scanner.eof_error(&what())),
        }
    }

    /// A word as an integer in `lo..=hi`, `what` named only on error.
    fn value(
        &self,
        word: &Word,
        what: impl Fn() -> String,
        lo: u64,
        hi: u64,
    ) -> Result<u64, InputError> {
        match *word {
            Word::Number(v, _) if (lo..=hi).contains(&v) => Ok(v),
            _ => self.number(word.clone().into_token(), &what(), lo, hi),
        }
    }

    /// A token as an integer in `lo..=hi`. Non-integers and negative numbers
    /// get the scanner's message; out-of-range ones (even past `u64`) say
    /// the range.
    fn number(&self, tok: Token, what: &str, lo: u64, hi: u64) -> Result<u64, InputError> {
        let value = match self.scanner.uint_of(&tok, what, u64::MAX) {
            Ok((v, _)) => v,
            // All digits but too long for u64: simply out of range.
            Err(_) if tok.digits() => u64::MAX,
            Err(e) => return Err(e),
        };
        if value < lo || value > hi {
            let range = if lo == 0 {
                format!("at most {hi}")
            } else {
                format!("{lo} to {hi}")
            };
            return Err(self
                .scanner
                .error_at(tok.span, format!("{what} ({range})"), tok.quoted()));
        }
        Ok(value)
    }
}

/// Which cell a pair of numbers is, for messages.
#[derive(Debug, Clone, Copy)]
enum Part {
    /// Body segment `k` (1-based).
    Body(usize),
    /// Stone `k` (1-based).
    Stone(u64),
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Part::Body(k) => write!(f, "body segment {k}"),
            Part::Stone(k) => write!(f, "stone {k}"),
        }
    }
}

/// "3 rows and 1 column".
fn size(rows: u32, cols: u32) -> String {
    let s = |n: u32| if n == 1 { "" } else { "s" };
    format!("{rows} row{} and {cols} column{}", s(rows), s(cols))
}

impl<R: BufRead> Iterator for Cases<R> {
    type Item = Result<Case, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut done = self.done;
        let next = next_case(&mut done, || self.read_case());
        self.done = done;
        next
    }
}
/// A case in the judge's format (`n m L`, the body, `K`, the stones),
/// without the terminator; [`Cases`] reads it back to the same case. (The
/// exit is not part of the format: it is `(1,1)` or the reader's option.)
pub fn write_case(case: &Case) -> String {
    let lair = case.lair();
    let body = case.body();
    let mut out = format!("{} {} {}\n", lair.rows(), lair.cols(), body.len());
    for p in body {
        out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
    }
    let stones = lair.stones();
    let cells: Vec<usize> = (0..stones.len()).filter(|&i| stones.cells()[i]).collect();
    out.push_str(&format!("{}\n", cells.len()));
    for i in cells {
        let p = stones.pos(i);
        out.push_str(&format!("{} {}\n", p.row + 1, p.col + 1));
    }
    out
}

/// The judge's terminator line.
pub const TERMINATOR: &str = "0 0 0\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_cases_read_back() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/holedox.in"
        ))
        .unwrap();
        for case in Cases::from_reader(text.as_bytes()) {
            let case = case.unwrap();
            let once = write_case(&case);
            let again = format!("{once}{TERMINATOR}");
            let back = Cases::from_reader(again.as_bytes())
                .next()
                .unwrap()
                .unwrap();
            assert_eq!(write_case(&back), once);
            assert_eq!(back.body(), case.body());
        }
    }
}
