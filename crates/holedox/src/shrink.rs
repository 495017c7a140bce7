//! Smaller lairs next to a lair: the moves of a test-case shrinker.
//!
//! `gridpuzzle stress` finds a case on which another program fails, then
//! walks to ever smaller cases on which it still fails. [`smaller`] lists
//! the cases one edit away, biggest cuts first: a row or a column without
//! body cells, a stone, the tail segment, or the whole snake one cell
//! nearer the exit. Every case stays within the judge's limits (L ≥ 2), so
//! a candidate is never blamed for input outside the problem. The exit
//! stays where the lair puts it (`(1,1)` in judge files).

use std::rc::Rc;

use gridpuzzle_engine::Pos;

use crate::rules::{Case, Lair};

/// One edit of [`smaller`]: which cut makes the next case.
#[derive(Debug, Clone, Copy)]
enum Cut {
    Row(u32),
    Col(u32),
    /// The stone at this index of the lair's cells.
    Stone(usize),
    Tail,
    /// The whole snake one cell along (rows, columns).
    Shift(i64, i64),
}

/// Every case one edit smaller or simpler than `case`, biggest cuts first,
/// made one at a time as they are asked for: a 2048×2048 lair has
/// thousands of them, each a lair of its own, and making them all at once
/// took gigabytes before the first was tried (issue 28).
pub fn smaller(case: &Case) -> impl Iterator<Item = Case> {
    let case = Rc::new(case.clone());
    let (rows, cols) = (case.lair().rows(), case.lair().cols());
    let exit = case.lair().exit();
    let body_free_row = {
        let case = Rc::clone(&case);
        move |r: &u32| rows > 1 && case.body().iter().all(|p| p.row != *r) && exit.row != *r
    };
    let body_free_col = {
        let case = Rc::clone(&case);
        move |c: &u32| cols > 1 && case.body().iter().all(|p| p.col != *c) && exit.col != *c
    };
    let stones = {
        let case = Rc::clone(&case);
        let cells = case.lair().stones().cells().len();
        (0..cells).filter(move |&i| case.lair().stones().cells()[i])
    };
    let body = case.body();
    let tail = (body.len() > 2).then_some(Cut::Tail);
    let shifts = [
        ((exit.row as i64 - body[0].row as i64).signum(), 0),
        (0, (exit.col as i64 - body[0].col as i64).signum()),
    ]
    .into_iter()
    .filter(|&shift| shift != (0, 0))
    .map(|(dr, dc)| Cut::Shift(dr, dc));
    let cuts = (0..rows)
        .filter(body_free_row)
        .map(Cut::Row)
        .chain((0..cols).filter(body_free_col).map(Cut::Col))
        .chain(stones.map(Cut::Stone))
        .chain(tail)
        .chain(shifts);
    cuts.filter_map(move |cut| apply(&case, cut))
}

/// The case `cut` makes of `case`, if it is one.
fn apply(case: &Case, cut: Cut) -> Option<Case> {
    let lair = case.lair();
    let body = case.body();
    let (rows, cols) = (lair.rows(), lair.cols());
    let same = |p: Pos| Some(p);
    match cut {
        Cut::Row(r) => {
            let map = |p: Pos| match p.row.cmp(&r) {
                std::cmp::Ordering::Less => Some(p),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Pos::new(p.row - 1, p.col)),
            };
            remap(case, rows - 1, cols, &map, body, None)
        }
        Cut::Col(c) => {
            let map = |p: Pos| match p.col.cmp(&c) {
                std::cmp::Ordering::Less => Some(p),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Pos::new(p.row, p.col - 1)),
            };
            remap(case, rows, cols - 1, &map, body, None)
        }
        Cut::Stone(i) => remap(case, rows, cols, &same, body, Some(lair.stones().pos(i))),
        Cut::Tail => remap(case, rows, cols, &same, &body[..body.len() - 1], None),
        Cut::Shift(dr, dc) => {
            let shifted: Option<Vec<Pos>> = body
                .iter()
                .map(|p| {
                    let (r, c) = (p.row as i64 + dr, p.col as i64 + dc);
                    (r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64)
                        .then(|| Pos::new(r as u32, c as u32))
                })
                .collect();
            remap(case, rows, cols, &same, &shifted?, None)
        }
    }
}

/// The case rebuilt through a cell map (old cell -> new cell or gone) on a
/// lair of `rows × cols`, with `body`, without the stone at `drop`.
fn remap(
    case: &Case,
    rows: u32,
    cols: u32,
    map: &dyn Fn(Pos) -> Option<Pos>,
    body: &[Pos],
    drop: Option<Pos>,
) -> Option<Case> {
    let lair = case.lair();
    let exit = map(lair.exit())?;
    let mut next = Lair::new(rows, cols, exit).ok()?;
    for (i, &s) in lair.stones().cells().iter().enumerate() {
        let p = lair.stones().pos(i);
        if s && Some(p) != drop {
            if let Some(q) = map(p) {
                next.set_stone(q, true);
            }
        }
    }
    let moved: Option<Vec<Pos>> = body.iter().map(|&p| map(p)).collect();
    Case::new(next, moved?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Cases;

    #[test]
    fn edits_are_valid_and_smaller() {
        let text = "4 4 3\n3 3\n3 4\n4 4\n2\n1 3\n2 2\n0 0 0\n";
        let case = Cases::from_reader(text.as_bytes()).next().unwrap().unwrap();
        let next: Vec<Case> = smaller(&case).collect();
        // Row 2 (rows 1, 3, 4 hold the exit or the body), columns 2
        // (column 1 holds the exit, 3 and 4 the body), two stones, the
        // tail, and two shifts toward the exit.
        assert_eq!(next.len(), 1 + 1 + 2 + 1 + 2, "{next:?}");
        for n in &next {
            assert!(n.body().len() >= 2);
            assert!(n.lair().contains(n.lair().exit()));
        }
    }
}
