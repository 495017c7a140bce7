//! Smaller lairs next to a lair: the moves of a test-case shrinker.
//!
//! `gridpuzzle stress` finds a case on which another program fails, then
//! walks to ever smaller cases on which it still fails. [`smaller`] lists
//! the cases one edit away, biggest cuts first: a row or a column without
//! body cells, a stone, the tail segment, or the whole snake one cell
//! nearer the exit. Every case stays within the judge's limits (L ≥ 2), so
//! a candidate is never blamed for input outside the problem. The exit
//! stays where the lair puts it (`(1,1)` in judge files).

use gridpuzzle_engine::Pos;

use crate::rules::{Case, Lair};

/// Every case one edit smaller or simpler than `case`, biggest cuts first.
pub fn smaller(case: &Case) -> Vec<Case> {
    let lair = case.lair();
    let body = case.body();
    let (rows, cols) = (lair.rows(), lair.cols());
    let exit = lair.exit();
    let mut out = Vec::new();
    // Rebuilds the case through a cell map (old cell -> new cell or gone).
    let mut remap = |rows: u32,
                     cols: u32,
                     map: &dyn Fn(Pos) -> Option<Pos>,
                     body: &[Pos],
                     drop: Option<Pos>| {
        let Some(exit) = map(exit) else { return };
        let Ok(mut next) = Lair::new(rows, cols, exit) else {
            return;
        };
        for (i, &s) in lair.stones().cells().iter().enumerate() {
            let p = lair.stones().pos(i);
            if s && Some(p) != drop {
                if let Some(q) = map(p) {
                    next.set_stone(q, true);
                }
            }
        }
        let moved: Option<Vec<Pos>> = body.iter().map(|&p| map(p)).collect();
        if let Some(moved) = moved {
            if let Ok(c) = Case::new(next, moved) {
                out.push(c);
            }
        }
    };
    let same = |p: Pos| Some(p);
    for r in 0..rows {
        if rows > 1 && body.iter().all(|p| p.row != r) && exit.row != r {
            let map = |p: Pos| match p.row.cmp(&r) {
                std::cmp::Ordering::Less => Some(p),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Pos::new(p.row - 1, p.col)),
            };
            remap(rows - 1, cols, &map, body, None);
        }
    }
    for c in 0..cols {
        if cols > 1 && body.iter().all(|p| p.col != c) && exit.col != c {
            let map = |p: Pos| match p.col.cmp(&c) {
                std::cmp::Ordering::Less => Some(p),
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(Pos::new(p.row, p.col - 1)),
            };
            remap(rows, cols - 1, &map, body, None);
        }
    }
    for (i, &s) in lair.stones().cells().iter().enumerate() {
        if s {
            remap(rows, cols, &same, body, Some(lair.stones().pos(i)));
        }
    }
    if body.len() > 2 {
        remap(rows, cols, &same, &body[..body.len() - 1], None);
    }
    // The whole snake one cell nearer the exit (rows, then columns).
    let shifts: [(i64, i64); 2] = [
        ((exit.row as i64 - body[0].row as i64).signum(), 0),
        (0, (exit.col as i64 - body[0].col as i64).signum()),
    ];
    for (dr, dc) in shifts {
        if (dr, dc) == (0, 0) {
            continue;
        }
        let shifted: Option<Vec<Pos>> = body
            .iter()
            .map(|p| {
                let (r, c) = (p.row as i64 + dr, p.col as i64 + dc);
                (r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64)
                    .then(|| Pos::new(r as u32, c as u32))
            })
            .collect();
        if let Some(shifted) = shifted {
            remap(rows, cols, &same, &shifted, None);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Cases;

    #[test]
    fn edits_are_valid_and_smaller() {
        let text = "4 4 3\n3 3\n3 4\n4 4\n2\n1 3\n2 2\n0 0 0\n";
        let case = Cases::from_reader(text.as_bytes()).next().unwrap().unwrap();
        let next = smaller(&case);
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
