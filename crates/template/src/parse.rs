//! Walk's judge input, read one board at a time.
//!
//! ```text
//! w h            width first, then height; `0 0` ends the input
//! h rows of w cells, each one of `.` (floor), `#` (wall), `S`, `G`
//! ```
//! Cells are separated by whitespace (`S . # .`), like the contest
//! formats, so any whitespace works and the engine's
//! [`Scanner`] gives every token its line and column. The answer is one
//! line per board: the fewest moves, or `-1`.
//!
//! [`Boards`] is a lazy iterator, like every puzzle's parser: board 6 is
//! answered before board 7 is read, and a bad board 7 is one error after
//! six answers. Sizes are checked before anything is allocated. A missing
//! `0 0` after a complete board is accepted, as judges accept it.

use std::io::BufRead;

use gridpuzzle_engine::scan::{CaseCount, Scanner};
use gridpuzzle_engine::{Grid, InputError, Pos};

use crate::rules::{Board, Cell};

/// The most cells a board may have.
pub const MAX_CELLS: u64 = 1 << 22;

/// The judge's terminator line.
pub const TERMINATOR: &str = "0 0\n";

/// The statement's word for one case.
pub const UNIT: &str = "board";

/// The boards of a judge input, in order.
pub struct Boards<R> {
    scan: Scanner<R>,
    count: CaseCount,
}

impl<R: BufRead> Boards<R> {
    pub fn new(reader: R) -> Boards<R> {
        Boards {
            scan: Scanner::new(reader, UNIT),
            count: CaseCount::default(),
        }
    }

    fn read(&mut self) -> Result<Option<Board>, InputError> {
        let s = &mut self.scan;
        let Some((w, w_span)) = s.next_uint("the width w", MAX_CELLS)? else {
            if self.count.case() == 1 {
                return Err(s.eof_error("a board (`w h` and its rows) or the terminator `0 0`"));
            }
            return Ok(None);
        };
        let (h, h_span) = s.expect_uint("the height h", MAX_CELLS)?;
        match (w, h) {
            (0, 0) => return Ok(None),
            (0, _) => return Err(s.error_at(w_span, "a width of at least 1", "`0`")),
            (_, 0) => return Err(s.error_at(h_span, "a height of at least 1", "`0`")),
            _ if w * h > MAX_CELLS => {
                return Err(s.error_at(
                    w_span,
                    format!("a board of at most {MAX_CELLS} cells"),
                    format!("{w} × {h} = {} cells", w * h),
                ))
            }
            _ => {}
        }
        let total = (w * h) as usize;
        let mut cells = Vec::with_capacity(total.min(1 << 16));
        let (mut start, mut goal) = (None::<Pos>, None::<Pos>);
        for i in 0..total {
            let p = Pos::new((i / w as usize) as u32, (i % w as usize) as u32);
            let what = || format!("a cell (`.`, `#`, `S` or `G`) for {p}");
            let Some(tok) = s.next_token()? else {
                let found = format!("end of input ({} of the {total} cells missing)", total - i);
                return Err(s.error_at(s.end(), what(), found));
            };
            let mut chars = tok.text.chars();
            let cell = match (chars.next(), chars.next()) {
                (Some(c), None) => Cell::from_symbol(c),
                _ => None,
            };
            let Some(cell) = cell else {
                return Err(s.error_at(tok.span, what(), tok.quoted()));
            };
            let seen = match cell {
                Cell::Start => &mut start,
                Cell::Goal => &mut goal,
                _ => {
                    cells.push(cell);
                    continue;
                }
            };
            if let Some(first) = *seen {
                return Err(s.error_at(
                    tok.span,
                    format!("one `{}` only (the first is at {first})", cell.symbol()),
                    format!("a second one at {p}"),
                ));
            }
            *seen = Some(p);
            cells.push(cell);
        }
        for (seen, what) in [(start, "a start `S`"), (goal, "a goal `G`")] {
            if seen.is_none() {
                return Err(s.error_at(
                    w_span,
                    format!("a board with {what}"),
                    format!("a {w} × {h} board without one"),
                ));
            }
        }
        let grid = Grid::from_cells(w as u32, h as u32, cells).expect("w × h cells were read");
        Board::new(grid)
            .map(Some)
            .map_err(|e| s.error_at(w_span, "a playable board", e.to_string()))
    }
}

impl<R: BufRead> Iterator for Boards<R> {
    type Item = Result<Board, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        let case = self.count.begin()?;
        self.scan.set_case(case);
        let read = self.read();
        self.count.end(read)
    }
}

/// A board in the judge's format, without the terminator; [`Boards`]
/// reads it back to the same board.
pub fn write_board(board: &Board) -> String {
    let mut out = format!("{} {}\n", board.width(), board.height());
    for row in board.grid().rows() {
        let cells: Vec<String> = row.iter().map(|c| c.symbol().to_string()).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards read before the first error, and the error.
    fn all(input: &str) -> (usize, Option<String>) {
        let mut ok = 0;
        for r in Boards::new(input.as_bytes()) {
            match r {
                Ok(_) => ok += 1,
                Err(e) => return (ok, Some(e.to_string())),
            }
        }
        (ok, None)
    }

    #[test]
    fn reads_the_samples_and_writes_them_back() {
        let text = include_str!("../../../samples/template.in");
        assert_eq!(all(text), (4, None));
        for b in Boards::new(text.as_bytes()) {
            let b = b.unwrap();
            let again = write_board(&b) + TERMINATOR;
            assert_eq!(Boards::new(again.as_bytes()).next().unwrap().unwrap(), b);
        }
    }

    #[test]
    fn malformed_input_names_board_line_and_column() {
        let cases: &[(&str, usize, &str)] = &[
            (
                "",
                0,
                "board 1, line 1, column 1: expected a board (`w h` and its rows) or the terminator `0 0`, found end of input",
            ),
            (
                "2 1\nS G\n3 1\nS x G\n0 0\n",
                1,
                "board 2, line 4, column 3: expected a cell (`.`, `#`, `S` or `G`) for row 1, column 2, found `x`",
            ),
            (
                "2 1 SG 0 0",
                0,
                "board 1, line 1, column 5: expected a cell (`.`, `#`, `S` or `G`) for row 1, column 1, found `SG`",
            ),
            (
                "3 1\nS . S\n",
                0,
                "board 1, line 2, column 5: expected one `S` only (the first is at row 1, column 1), found a second one at row 1, column 3",
            ),
            (
                "2 2\nS .\n. .\n",
                0,
                "board 1, line 1, column 1: expected a board with a goal `G`, found a 2 × 2 board without one",
            ),
            (
                "2 2\nS G\n.",
                0,
                "board 1, line 3, column 2: expected a cell (`.`, `#`, `S` or `G`) for row 2, column 2, found end of input (1 of the 4 cells missing)",
            ),
            (
                "0 3\n",
                0,
                "board 1, line 1, column 1: expected a width of at least 1, found `0`",
            ),
            (
                "5000 5000\n",
                0,
                "board 1, line 1, column 1: expected a board of at most 4194304 cells, found 5000 × 5000 = 25000000 cells",
            ),
            (
                "-2 1",
                0,
                "board 1, line 1, column 1: expected the width w (a non-negative integer), found the negative number `-2`",
            ),
        ];
        for &(input, ok, message) in cases {
            assert_eq!(all(input), (ok, Some(message.to_string())), "{input:?}");
        }
    }

    #[test]
    fn the_terminator_may_be_missing_after_a_complete_board() {
        assert_eq!(all("2 1\nS G\n"), (1, None));
        assert_eq!(all("2 1 S G 0 0 anything after the end"), (1, None));
    }
}
