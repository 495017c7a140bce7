//! Smaller boards next to a board: the moves of a test-case shrinker.
//!
//! `gridpuzzle stress` finds a board on which another program fails, then
//! walks to ever smaller boards on which it still fails. Each function here
//! lists the boards one edit away, biggest cuts first (a row or a column,
//! then a block, then the start or goal one cell nearer the other), and
//! only boards the judge allows (2 ≤ width, 1 ≤ height), so a candidate is
//! never blamed for input outside the problem's limits.

use gridpuzzle_engine::{Grid, Pos};

use crate::rules::{Board, Cell};

/// Every board one edit smaller or simpler than `board`, biggest cuts first.
pub fn smaller(board: &Board) -> Vec<Board> {
    let (w, h) = (board.width(), board.height());
    let (start, goal) = (board.start(), board.goal());
    let cells = board.grid();
    let mut out = Vec::new();
    let mut keep = |cells: Vec<Cell>, w: u32, h: u32| {
        if let Some(b) = Grid::from_cells(w, h, cells).and_then(|g| Board::new(g).ok()) {
            out.push(b);
        }
    };
    for r in 0..h {
        if h > 1 && start.row != r && goal.row != r {
            let rest = (0..h)
                .filter(|&y| y != r)
                .flat_map(|y| (0..w).map(move |x| cells[Pos::new(y, x)]))
                .collect();
            keep(rest, w, h - 1);
        }
    }
    for c in 0..w {
        if w > 2 && start.col != c && goal.col != c {
            let rest = (0..h)
                .flat_map(|y| {
                    (0..w)
                        .filter(move |&x| x != c)
                        .map(move |x| cells[Pos::new(y, x)])
                })
                .collect();
            keep(rest, w - 1, h);
        }
    }
    for &p in board.blocks() {
        let mut next = cells.clone();
        next.set(p, Cell::Ice);
        keep(next.cells().to_vec(), w, h);
    }
    for (from, to) in [(start, goal), (goal, start)] {
        if let Some(p) = toward(from, to) {
            if cells[p] == Cell::Ice {
                let mut next = cells.clone();
                next.set(p, cells[from]);
                next.set(from, Cell::Ice);
                keep(next.cells().to_vec(), w, h);
            }
        }
    }
    out
}

/// The neighbour of `from` one step nearer `to` (rows first).
fn toward(from: Pos, to: Pos) -> Option<Pos> {
    use std::cmp::Ordering::*;
    match (from.row.cmp(&to.row), from.col.cmp(&to.col)) {
        (Less, _) => Some(Pos::new(from.row + 1, from.col)),
        (Greater, _) => Some(Pos::new(from.row - 1, from.col)),
        (Equal, Less) => Some(Pos::new(from.row, from.col + 1)),
        (Equal, Greater) => Some(Pos::new(from.row, from.col - 1)),
        (Equal, Equal) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;

    #[test]
    fn edits_are_smaller_and_valid() {
        let text = "4 3\n2 0 1 0\n0 1 0 0\n0 0 0 3\n0 0\n";
        let b = Datasets::new(text.as_bytes()).next().unwrap().unwrap();
        let next = smaller(&b);
        // Row 2 (the only one without start or goal), columns 2 and 3,
        // two blocks, start and goal moves (both onto ice).
        assert_eq!(next.len(), 1 + 2 + 2 + 2);
        let size = |b: &Board| (b.width() * b.height(), b.blocks().len());
        for n in &next {
            assert!(size(n) < size(&b) || n.start() != b.start() || n.goal() != b.goal());
            assert!(n.width() >= 2);
        }
    }
}
