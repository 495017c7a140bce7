//! Smaller boards next to a board: the moves of a test-case shrinker.
//!
//! `gridpuzzle stress` finds a board on which another program fails, then
//! walks to ever smaller boards on which it still fails. [`smaller`] lists
//! the boards one edit away, biggest cuts first (a row or a column, then a
//! block, then the start or goal one cell nearer the other, rows first),
//! and only boards the judge allows (2 ≤ width, 1 ≤ height), so a
//! candidate is never blamed for input outside the problem's limits.
//!
//! Why not the engine's shrinker of start/goal boards
//! ([`gridpuzzle_engine::board::Board::smaller`]): it allows a board one
//! cell wide and moves the start and the goal diagonally, which would
//! change the boards `stress` reports; the cuts of a row or a column are
//! the engine's ([`Grid::without_row`], [`Grid::without_col`]).

use std::rc::Rc;

use gridpuzzle_engine::{Grid, Pos};

use crate::rules::{Board, Cell};

/// One edit of [`smaller`].
#[derive(Debug, Clone, Copy)]
enum Cut {
    Row(u32),
    Col(u32),
    /// The block at this cell melted to ice.
    Block(Pos),
    /// The piece at `.0` (start or goal) one cell nearer `.1`.
    Move(Pos, Pos),
}

/// Every board one edit smaller or simpler than `board`, biggest cuts
/// first, made one at a time as they are asked for (a big board has
/// thousands, each a board of its own: see
/// [`Generate::smaller`](gridpuzzle_engine::caps::Generate::smaller)).
pub fn smaller(board: &Board) -> impl Iterator<Item = Board> {
    let board = Rc::new(board.clone());
    let (w, h) = (board.width(), board.height());
    let (start, goal) = (board.start(), board.goal());
    let blocks = {
        let board = Rc::clone(&board);
        (0..board.blocks().len()).map(move |i| Cut::Block(board.blocks()[i]))
    };
    let cuts = (0..h)
        .filter(move |&r| h > 1 && start.row != r && goal.row != r)
        .map(Cut::Row)
        .chain(
            (0..w)
                .filter(move |&c| w > 2 && start.col != c && goal.col != c)
                .map(Cut::Col),
        )
        .chain(blocks)
        .chain([Cut::Move(start, goal), Cut::Move(goal, start)]);
    cuts.filter_map(move |cut| apply(&board, cut))
}

/// The board `cut` makes of `board`, if it is one.
fn apply(board: &Board, cut: Cut) -> Option<Board> {
    let cells = board.grid();
    let keep = |grid: Grid<Cell>| Board::new(grid).ok();
    match cut {
        Cut::Row(r) => keep(cells.without_row(r)),
        Cut::Col(c) => keep(cells.without_col(c)),
        Cut::Block(p) => {
            let mut next = cells.clone();
            next.set(p, Cell::Ice);
            keep(next)
        }
        Cut::Move(from, to) => {
            let p = toward(from, to)?;
            if cells[p] != Cell::Ice {
                return None;
            }
            let mut next = cells.clone();
            next.set(p, cells[from]);
            next.set(from, Cell::Ice);
            keep(next)
        }
    }
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
        let next: Vec<Board> = smaller(&b).collect();
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
