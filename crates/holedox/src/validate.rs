//! The judges' exact input format and limits, for `gridpuzzle validate`
//! (see [`gridpuzzle_engine::validate`] for why a validator is not the
//! parser): 1 ≤ n, m ≤ 20, 2 ≤ L ≤ 8, each `r c` alone on its line inside
//! the lair, the body a chain of distinct side-adjacent cells, K ≥ 0
//! stones on distinct cells off the body and off the exit (the statement
//! never puts one there), and the line `0 0 0` last. One blank line may
//! come before a case, the stones or the terminator even when strict: the
//! statement's sample has them there.

use gridpuzzle_engine::testset::JudgeLimits;
use gridpuzzle_engine::validate::{Input, Line};

/// The judges' limits.
pub const SIDE: (i64, i64) = (1, 20);
pub const LEN: (i64, i64) = (2, 8);

pub const LIMITS: JudgeLimits = JudgeLimits {
    max_size: (SIDE.1 as u32, SIDE.1 as u32),
    max_cases: None,
};

/// The judge's format and limits in words, for `validate --help`.
pub const FORMAT: &str = "The judges' limits: 1 <= n, m <= 20, 2 <= L <= 8, K >= 0; `n m L` \
    alone on a line, L lines `r c` inside the lair (the body from head to tail: distinct, \
    side-adjacent cells), K alone on a line, K lines `r c` (distinct stones, off the body and \
    off the exit), and the line `0 0 0` last; one blank line may come before a case, the \
    stones or the terminator.";

/// Lines read for a count out of the judges' range, so a slip in `L` or
/// `K` still has its lines checked; a larger count reads none.
const MAX_LINES_READ: i64 = 10_000;

/// A cell `(r, c)`, 1-based, of a lair of `n × m` (either unknown when its
/// header was unreadable).
fn cell(
    input: &mut Input<'_>,
    line: &Line<'_>,
    what: &str,
    n: Option<i64>,
    m: Option<i64>,
) -> Option<(i64, i64)> {
    input.count(line, 2, &format!("{what} `r c`"));
    let r = line.tokens.first().and_then(|t| {
        input.int(
            t,
            &format!("the row of {what}"),
            1..=n.unwrap_or(i64::MAX).max(1),
        )
    });
    let c = line.tokens.get(1).and_then(|t| {
        input.int(
            t,
            &format!("the column of {what}"),
            1..=m.unwrap_or(i64::MAX).max(1),
        )
    });
    let inside = |v: i64, hi: Option<i64>| v >= 1 && hi.is_none_or(|hi| v <= hi);
    match (r, c) {
        (Some(r), Some(c)) if inside(r, n) && inside(c, m) => Some((r, c)),
        _ => None,
    }
}

/// Records every violation of `input` (see the module docs); `exit` gives
/// the exit cell, 1-based, of a lair of `(rows, columns)`.
pub fn validate(input: &mut Input<'_>, exit: impl Fn(u32, u32) -> (u32, u32)) {
    let mut count = 0u64;
    loop {
        input.set_case(None);
        if count > 0 {
            input.allow_blank();
        }
        let Some(line) = input.line("a case `n m L` or the terminator `0 0 0`") else {
            return;
        };
        let values: Vec<Option<i64>> = line
            .tokens
            .iter()
            .take(3)
            .map(|t| t.text.parse::<i64>().ok())
            .collect();
        if values == [Some(0), Some(0), Some(0)] {
            input.count(&line, 3, "the terminator `0 0 0`");
            if count == 0 {
                input.at_line(&line, "no case comes before the terminator `0 0 0`");
            }
            input.end();
            return;
        }
        count += 1;
        input.set_case(Some(count));
        let case = header(input, &line, &exit);
        let Some(l) = case.l.filter(|&l| (0..=MAX_LINES_READ).contains(&l)) else {
            continue;
        };
        let Some(body) = body(input, l, &case) else {
            return;
        };
        if stones(input, l, &body, &case).is_none() {
            return;
        }
    }
}

/// What a case's header says: the lair's rows `n` and columns `m` (`None`
/// when unreadable or below 1), the body's length `L` (`None` when
/// unreadable), and the exit, 1-based, when the lair's size is known.
struct Header {
    n: Option<i64>,
    m: Option<i64>,
    l: Option<i64>,
    exit: Option<(i64, i64)>,
}

/// Reads a case's header `n m L` against the judges' limits, recording an
/// exit outside the lair.
fn header(
    input: &mut Input<'_>,
    header: &Line<'_>,
    exit: &impl Fn(u32, u32) -> (u32, u32),
) -> Header {
    input.count(
        header,
        3,
        "the lair's rows n, columns m and the body's length L",
    );
    let t = header.tokens.clone();
    let n = t.first().and_then(|t| input.int(t, "n", SIDE.0..=SIDE.1));
    let m = t.get(1).and_then(|t| input.int(t, "m", SIDE.0..=SIDE.1));
    let l = t.get(2).and_then(|t| input.int(t, "L", LEN.0..=LEN.1));
    let (n, m) = (n.filter(|&v| v >= 1), m.filter(|&v| v >= 1));
    // The exit, when the lair's size is known (and can be stored).
    let exit = match (n, m) {
        (Some(n), Some(m)) if n <= u32::MAX as i64 && m <= u32::MAX as i64 => {
            let (r, c) = exit(n as u32, m as u32);
            Some((r as i64, c as i64))
        }
        _ => None,
    };
    if let (Some(n), Some(m), Some(exit)) = (n, m, exit) {
        if exit.0 > n || exit.1 > m {
            input.at_line(
                header,
                format!(
                    "the exit ({}, {}) is outside a lair of {n} x {m}",
                    exit.0, exit.1
                ),
            );
        }
    }
    Header { n, m, l, exit }
}

/// Reads the body's `l` lines: in the lair, distinct, each segment next to
/// the one before. Each segment's cell, `None` where unreadable; `None` in
/// all when the input ends first.
fn body(input: &mut Input<'_>, l: i64, case: &Header) -> Option<Vec<Option<(i64, i64)>>> {
    let mut body: Vec<Option<(i64, i64)>> = Vec::new();
    for i in 1..=l {
        let what = format!("segment {i} of the body");
        let line = input.line(&format!("{what} `r c`"))?;
        let here = cell(input, &line, &what, case.n, case.m);
        if let Some(p) = here {
            if let Some(j) = body.iter().position(|&q| q == Some(p)) {
                input.at_line(
                    &line,
                    format!(
                        "segment {i} is on ({}, {}), where segment {} is",
                        p.0,
                        p.1,
                        j + 1
                    ),
                );
            } else if let Some(Some(q)) = body.last() {
                if (p.0 - q.0).abs() + (p.1 - q.1).abs() != 1 {
                    input.at_line(
                        &line,
                        format!(
                            "segment {i} at ({}, {}) is not next to segment {} at ({}, {})",
                            p.0,
                            p.1,
                            i - 1,
                            q.0,
                            q.1
                        ),
                    );
                }
            }
        }
        body.push(here);
    }
    Some(body)
}

/// Reads the count of stones `K` and their lines: in the lair, off the
/// body and the exit, each on a cell of its own. `None` when the input
/// ends first.
fn stones(input: &mut Input<'_>, l: i64, body: &[Option<(i64, i64)>], case: &Header) -> Option<()> {
    let line = input.line("the number of stones K")?;
    input.count(&line, 1, "the number of stones K");
    let most = match (case.n, case.m) {
        // Saturating: n and m are whatever the file says (a 20-digit
        // n overflowed here, a panic in a debug build).
        (Some(n), Some(m)) => n.saturating_mul(m).saturating_sub(l).max(0),
        _ => i64::MAX,
    };
    let k = line
        .tokens
        .first()
        .and_then(|t| input.int(t, "K", 0..=most));
    let Some(k) = k.filter(|&k| (0..=MAX_LINES_READ).contains(&k)) else {
        return Some(());
    };
    let mut stones: Vec<((i64, i64), u64)> = Vec::new();
    for i in 1..=k {
        if i == 1 {
            input.allow_blank();
        }
        let what = format!("stone {i}");
        let line = input.line(&format!("{what} `r c`"))?;
        let Some(p) = cell(input, &line, &what, case.n, case.m) else {
            continue;
        };
        if let Some(j) = body.iter().position(|&q| q == Some(p)) {
            input.at_line(
                &line,
                format!(
                    "stone {i} at ({}, {}) is on segment {} of the body",
                    p.0,
                    p.1,
                    j + 1
                ),
            );
        } else if Some(p) == case.exit {
            input.at_line(
                &line,
                format!(
                    "stone {i} is on the exit ({}, {}), which judge data never has",
                    p.0, p.1
                ),
            );
        }
        if let Some((_, first)) = stones.iter().find(|(q, _)| *q == p) {
            input.at_line(
                &line,
                format!(
                    "stone {i} at ({}, {}) was given before, on line {first}",
                    p.0, p.1
                ),
            );
        } else {
            stones.push((p, line.number));
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, strict: bool) -> Vec<String> {
        let mut input = Input::new(text, strict, "case");
        validate(&mut input, |_, _| (1, 1));
        input.finish().lines()
    }

    /// Found by the fuzz smoke: a side of 20 digits overflowed a product.
    #[test]
    fn a_huge_side_is_a_violation_not_a_panic() {
        let found = check("1303066795094014828 6 4\n4 1\n4 2\n3 2\n3 1\n3\n2 ", false);
        assert!(!found.is_empty());
    }

    #[test]
    fn the_sample_is_valid_even_strictly() {
        let sample = include_str!("../../../samples/holedox.in");
        assert_eq!(check(sample, true), Vec::<String>::new());
    }

    #[test]
    fn every_violation_is_told_with_its_place() {
        let text = "3 21 9\n1 2\n1 3\n2 3\n2 2\n2 2\n3 5\n3 4\n3 3\n3 2\n\
                    3\n1 1\n2 3\n3 3 0\n\
                    2 2 2\n2 2\n2 1\n2\n1 2\n1 2\n\
                    0 0 0\n";
        assert_eq!(
            check(text, true),
            [
                "case 1, line 1, column 3: m must be from 1 to 20, found 21",
                "case 1, line 1, column 6: L must be from 2 to 8, found 9",
                "case 1, line 6, column 1: segment 5 is on (2, 2), where segment 4 is",
                "case 1, line 7, column 1: segment 6 at (3, 5) is not next to segment 5 at (2, 2)",
                "case 1, line 12, column 1: stone 1 is on the exit (1, 1), which judge data never has",
                "case 1, line 13, column 1: stone 2 at (2, 3) is on segment 3 of the body",
                "case 1, line 14, column 1: stone 3 at (3, 3) is on segment 8 of the body",
                "case 1, line 14, column 5: line 14 should hold stone 3 `r c` (2 numbers), found 3: `0` is too many",
                "case 2, line 20, column 1: stone 2 at (1, 2) was given before, on line 19",
            ]
        );
    }
}
