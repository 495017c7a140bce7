//! The judges' exact input format and limits, for `gridpuzzle validate`
//! (see [`gridpuzzle_engine::validate`] for why a validator is not the
//! parser): 2 ≤ w ≤ 20 and 1 ≤ h ≤ 20 (the statement's limits, as
//! `docs/curling.md` gives them), at most 100 datasets, `w h` alone
//! on a line, then h lines of w codes each, one start and one goal, and
//! the line `0 0` last.

use gridpuzzle_engine::testset::JudgeLimits;
use gridpuzzle_engine::validate::{Input, Token};

/// The judges' limits.
pub const WIDTH: (i64, i64) = (2, 20);
pub const HEIGHT: (i64, i64) = (1, 20);
pub const MAX_DATASETS: u64 = 100;

pub const LIMITS: JudgeLimits = JudgeLimits {
    max_size: (WIDTH.1 as u32, HEIGHT.1 as u32),
    max_cases: Some(MAX_DATASETS),
};

/// The judge's format and limits in words, for `validate --help`.
pub const FORMAT: &str = "The judges' limits: 2 <= w <= 20, 1 <= h <= 20, at most 100 datasets; \
    `w h` alone on a line, then h lines of w cell codes (0 to 3) each, exactly one start (2) \
    and one goal (3), and the line `0 0` last.";

/// Rows read after a header whose height is out of the judges' range,
/// so a slip in `h` still has its rows checked; a larger `h` reads none.
const MAX_ROWS_READ: i64 = 1000;

/// Records every violation of `input` (see the module docs).
pub fn validate(input: &mut Input<'_>) {
    let mut count = 0u64;
    loop {
        input.set_case(None);
        let Some(header) = input.line("a dataset `w h` or the terminator `0 0`") else {
            return;
        };
        let values: Vec<Option<i64>> = header
            .tokens
            .iter()
            .take(2)
            .map(|t| t.text.parse::<i64>().ok())
            .collect();
        if values == [Some(0), Some(0)] {
            input.count(&header, 2, "the terminator `0 0`");
            if count == 0 {
                input.at_line(&header, "no dataset comes before the terminator `0 0`");
            }
            input.end();
            return;
        }
        count += 1;
        input.set_case(Some(count));
        if count == MAX_DATASETS + 1 {
            input.at_line(
                &header,
                format!("more than {MAX_DATASETS} datasets (the judges' limit)"),
            );
        }
        input.count(&header, 2, "the width w and the height h");
        let tokens: Vec<Token<'_>> = header.tokens.clone();
        let w = tokens
            .first()
            .and_then(|t| input.int(t, "the width w", WIDTH.0..=WIDTH.1));
        let h = tokens
            .get(1)
            .and_then(|t| input.int(t, "the height h", HEIGHT.0..=HEIGHT.1));
        let Some(h) = h.filter(|&h| (1..=MAX_ROWS_READ).contains(&h)) else {
            continue;
        };
        board(input, w, h);
    }
}

/// The `h` rows of a board `w` wide (`None`: the width was unreadable,
/// so each row is only checked for its codes).
fn board(input: &mut Input<'_>, w: Option<i64>, h: i64) {
    let mut starts: Vec<(i64, i64)> = Vec::new();
    let mut goals: Vec<(i64, i64)> = Vec::new();
    let mut first_row = None;
    for r in 1..=h {
        let what = match w {
            Some(w) => format!("row {r} of {h}, {w} cell codes"),
            None => format!("row {r} of {h}"),
        };
        let Some(row) = input.line(&what) else {
            return;
        };
        first_row.get_or_insert(row.clone());
        if let Some(w) = w.filter(|&w| w >= 1) {
            input.count(&row, w as usize, &format!("row {r} of the board"));
        }
        for (c, token) in row.tokens.iter().enumerate() {
            let c = c as i64 + 1;
            let Some(code) = input.int(token, "a cell code", 0..=3) else {
                continue;
            };
            let (kind, seen) = match code {
                2 => ("start (2)", &mut starts),
                3 => ("goal (3)", &mut goals),
                _ => continue,
            };
            if let Some(&(fr, fc)) = seen.first() {
                input.at(
                    token,
                    format!("a second {kind}: the first is at row {fr}, column {fc}"),
                );
            }
            seen.push((r, c));
        }
    }
    if let Some(row) = first_row {
        for (seen, kind) in [(&starts, "start (code 2)"), (&goals, "goal (code 3)")] {
            if seen.is_empty() {
                input.at_line(&row, format!("the board has no {kind}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, strict: bool) -> Vec<String> {
        let mut input = Input::new(text, strict, "dataset");
        validate(&mut input);
        input.finish().lines()
    }

    #[test]
    fn the_sample_is_valid_even_strictly() {
        let sample = include_str!("../../../samples/curling.in");
        assert_eq!(check(sample, true), Vec::<String>::new());
    }

    #[test]
    fn every_violation_is_told_with_its_place() {
        let text = "21 1\n2 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n\
                    3 2\n2 0 4\n2 3\n\
                    2 1\n0 0\n\
                    0 0\ntrailing\n";
        assert_eq!(
            check(text, false),
            [
                "dataset 1, line 1, column 1: the width w must be from 2 to 20, found 21",
                "dataset 2, line 4, column 5: a cell code must be from 0 to 3, found 4",
                "dataset 2, line 5, column 1: a second start (2): the first is at row 1, column 1",
                "dataset 2, line 5, column 4: line 5 should hold row 2 of the board (3 numbers), found only 2",
                "dataset 3, line 7, column 1: the board has no start (code 2)",
                "dataset 3, line 7, column 1: the board has no goal (code 3)",
                "line 9, column 1: nothing may follow the terminator, found `trailing`",
            ]
        );
    }

    #[test]
    fn a_missing_terminator_and_too_many_datasets() {
        let one = "2 1\n2 3\n";
        assert_eq!(
            check(one, true),
            ["line 3, column 1: expected a dataset `w h` or the terminator `0 0`, found the end of the input"]
        );
        let many = format!("{}0 0\n", one.repeat(101));
        assert_eq!(
            check(&many, true),
            ["dataset 101, line 201, column 1: more than 100 datasets (the judges' limit)"]
        );
        assert_eq!(
            check("0 0\n", true),
            ["line 1, column 1: no dataset comes before the terminator `0 0`"]
        );
    }
}
