//! The judge's input format, read one dataset at a time.
//!
//! ```text
//! w h            width first, then height; `0 0` ends the input
//! h rows of w cell codes (0 ice, 1 block, 2 start, 3 goal)
//! ```
//! Tokens are separated by any whitespace, as the judges' `scanf` reads them.
//!
//! [`Datasets`] is an iterator so the caller can answer dataset 6 before
//! dataset 7 is even read: a bad dataset stops the iteration with one error,
//! and everything before it has already been answered. Sizes are checked
//! before anything is allocated, and the board grows as its cells arrive, so
//! `1000000000 1000000000` is an error at once and a short input with a large
//! header costs no memory. A missing final `0 0` after a complete dataset is
//! accepted, as the judges' programs accept it.

use std::io::BufRead;

use gridpuzzle_engine::scan::{CaseCount, Scanner, Word};
use gridpuzzle_engine::{Grid, InputError, Pos};

use crate::rules::{Board, Cell};

/// The most cells a board may have (2048 × 2048, or any shape of that
/// area): large enough for any sensible use, small enough to store with its
/// block index and jump table (21 bytes a cell).
pub const MAX_CELLS: u64 = 1 << 22;

/// The datasets of a judge input, in order.
pub struct Datasets<R> {
    scan: Scanner<R>,
    count: CaseCount,
}

impl<R: BufRead> Datasets<R> {
    pub fn new(reader: R) -> Datasets<R> {
        Datasets {
            scan: Scanner::new(reader, "dataset"),
            count: CaseCount::default(),
        }
    }

    fn read(&mut self) -> Result<Option<Board>, InputError> {
        let s = &mut self.scan;
        let first = self.count.case() == 1;
        let Some((w, w_span)) = s.next_uint("the width w", MAX_CELLS)? else {
            if first {
                return Err(s.eof_error("a dataset (`w h` and the board) or the terminator `0 0`"));
            }
            return Ok(None); // no `0 0`, as the judges accept
        };
        let (h, h_span) = s.expect_uint("the height h", MAX_CELLS)?;
        if w == 0 && h == 0 {
            return Ok(None);
        }
        if w == 0 {
            return Err(s.error_at(
                w_span,
                "a width of at least 1 (or the terminator `0 0`)",
                "`0`",
            ));
        }
        if h == 0 {
            return Err(s.error_at(
                h_span,
                "a height of at least 1 (or the terminator `0 0`)",
                "`0`",
            ));
        }
        if w * h > MAX_CELLS {
            return Err(s.error_at(
                w_span,
                format!("a board of at most {MAX_CELLS} cells"),
                format!("{w} × {h} = {} cells", w * h),
            ));
        }
        let (w, h) = (w as u32, h as u32);
        let total = w as usize * h as usize;
        let mut cells = Vec::with_capacity(total.min(1 << 16));
        let mut start: Option<Pos> = None;
        let mut goal: Option<Pos> = None;
        let mut i = 0;
        while i < total {
            // Ice and blocks, as many as are buffered, at a few instructions
            // a cell; the start, the goal and anything unusual come one
            // token at a time below.
            i += s.digit_run(1, total - i, |d| {
                cells.push(if d == 0 { Cell::Ice } else { Cell::Block })
            })?;
            if i == total {
                break;
            }
            let p = Pos::new((i / w as usize) as u32, (i % w as usize) as u32);
            // Built only for an error: a message per cell would cost more
            // than the whole solve.
            let what = || format!("a cell code (0, 1, 2 or 3) for {p} of the board");
            let Some(word) = s.next_word()? else {
                let found = format!("end of input ({} of the {total} cells missing)", total - i);
                return Err(s.error_at(s.end(), what(), found));
            };
            let code = match &word {
                Word::Number(c, _) => Cell::from_code(*c),
                // Other spellings scanf accepts (`+1`, `003`).
                Word::Token(tok) => s
                    .uint_of(tok, "", 3)
                    .ok()
                    .and_then(|(c, _)| Cell::from_code(c)),
            };
            let span = word.span();
            let Some(cell) = code else {
                return Err(s.error_at(span, what(), word.quoted()));
            };
            match (cell, start, goal) {
                (Cell::Start, Some(first), _) => {
                    return Err(s.error_at(
                        span,
                        format!("one start only (the first is at {first})"),
                        format!("a second start at {p}"),
                    ));
                }
                (Cell::Goal, _, Some(first)) => {
                    return Err(s.error_at(
                        span,
                        format!("one goal only (the first is at {first})"),
                        format!("a second goal at {p}"),
                    ));
                }
                (Cell::Start, None, _) => start = Some(p),
                (Cell::Goal, _, None) => goal = Some(p),
                _ => {}
            }
            cells.push(cell);
            i += 1;
        }
        let missing = |what: &str| {
            s.error_at(
                w_span,
                format!("a board with {what}"),
                format!("a {w} × {h} board without one"),
            )
        };
        if start.is_none() {
            return Err(missing("a start (code 2)"));
        }
        if goal.is_none() {
            return Err(missing("a goal (code 3)"));
        }
        let grid = Grid::from_cells(w, h, cells)
            .ok_or_else(|| s.error_at(w_span, "a complete board", "a board of the wrong size"))?;
        Board::new(grid)
            .map(Some)
            .map_err(|e| s.error_at(w_span, "a playable board", e.to_string()))
    }
}

impl<R: BufRead> Iterator for Datasets<R> {
    type Item = Result<Board, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let case = self.count.begin()?;
        self.scan.set_case(case);
        let read = self.read();
        self.count.end(read)
    }
}

/// A board in the judge's format (`w h` and the rows), without the
/// terminator; [`Datasets`] reads it back to the same board.
pub fn write_dataset(board: &Board) -> String {
    let mut out = format!("{} {}\n", board.width(), board.height());
    for row in board.grid().rows() {
        let codes: Vec<String> = row.iter().map(|c| c.code().to_string()).collect();
        out.push_str(&codes.join(" "));
        out.push('\n');
    }
    out
}

/// The judge's terminator line.
pub const TERMINATOR: &str = "0 0\n";

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &str) -> (usize, Option<String>) {
        let mut ok = 0;
        for r in Datasets::new(input.as_bytes()) {
            match r {
                Ok(_) => ok += 1,
                Err(e) => return (ok, Some(e.to_string())),
            }
        }
        (ok, None)
    }

    #[test]
    fn reads_the_sample() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/curling.in"
        ))
        .unwrap();
        assert_eq!(all(&text), (6, None));
    }

    #[test]
    fn written_boards_read_back() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/curling.in"
        ))
        .unwrap();
        for board in Datasets::new(text.as_bytes()) {
            let board = board.unwrap();
            let again = format!("{}{TERMINATOR}", write_dataset(&board));
            assert_eq!(
                Datasets::new(again.as_bytes()).next().unwrap().unwrap(),
                board
            );
        }
    }

    #[test]
    fn width_comes_first() {
        let b = Datasets::new("3 2\n2 0 0\n0 0 3\n0 0".as_bytes())
            .next()
            .unwrap()
            .unwrap();
        assert_eq!((b.width(), b.height()), (3, 2));
        assert_eq!(b.goal(), Pos::new(1, 2));
    }

    #[test]
    fn missing_terminator_after_a_complete_dataset_is_fine() {
        assert_eq!(all("2 1\n2 3\n"), (1, None));
        assert_eq!(all("2 1 2 3 0 0 trailing words"), (1, None));
    }
}
