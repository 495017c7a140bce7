//! The rules of Ice, in one place: the cells, the one function that moves
//! the stone ([`slide`]) and the exact solver, which calls it too, so the
//! solver, play, the checker and the pictures cannot disagree.

use gridpuzzle_engine::board::{self, Tile};
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::{Dir, Pos};

/// One cell of the rink, as the judge input writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Ice,
    Wall,
    Start,
    Goal,
}

impl Tile for Cell {
    const TILES: &'static [(Cell, char, &'static str)] = &[
        (Cell::Ice, '.', "ice"),
        (Cell::Wall, '#', "wall"),
        (Cell::Start, 'S', "start"),
        (Cell::Goal, 'G', "goal"),
    ];
    const FLOOR: Cell = Cell::Ice;
    const WALL: Cell = Cell::Wall;
    const START: Cell = Cell::Start;
    const GOAL: Cell = Cell::Goal;
}

/// A rink: the engine's start/goal board of Ice's cells.
pub type Board = board::Board<Cell>;

/// What a legal slide did: the stone went from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slid {
    pub from: Pos,
    pub to: Pos,
}

/// The cell next to `p` toward `dir`, if it is on the rink and no wall.
fn next(board: &Board, p: Pos, dir: Dir) -> Option<Pos> {
    let q = board.grid().step(p, dir)?;
    (!board.is_wall(q)).then_some(q)
}

/// Slides the stone from `from` toward `dir` until a wall or the edge
/// stops it; `Err` when it cannot move at all.
pub fn slide(board: &Board, from: Pos, dir: Dir) -> Result<Pos, String> {
    let mut at = next(board, from, dir).ok_or_else(|| {
        format!(
            "the stone cannot slide {}: a wall or the edge is right there",
            dir.word()
        )
    })?;
    while let Some(q) = next(board, at, dir) {
        at = q;
    }
    Ok(at)
}

/// The fewest slides from `from` to rest on the goal: the engine's
/// search over the cells the stone rests on, moved by [`slide`].
pub fn solve_from(board: &Board, from: Pos, limits: &Limits) -> Search<Dir> {
    board.shortest(from, limits, |p, out| {
        out.extend(
            Dir::ALL
                .iter()
                .filter_map(|&d| Some((d, slide(board, p, d).ok()?))),
        );
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::search::Outcome;

    fn rink(text: &str) -> Board {
        let mut boards = board::Reader::new(text.as_bytes(), "board", 1 << 20);
        boards.next().unwrap().unwrap()
    }

    #[test]
    fn the_stone_slides_to_the_wall_and_may_pass_the_goal() {
        let b = rink("4 1\nS G . .\n");
        assert_eq!(slide(&b, b.start(), Dir::Right), Ok(Pos::new(0, 3)));
        assert!(slide(&b, b.start(), Dir::Up)
            .unwrap_err()
            .contains("cannot slide up"));
        // Nothing stops it on the goal: no way to rest there.
        assert_eq!(
            solve_from(&b, b.start(), &Limits::none()).outcome,
            Outcome::Unsolvable
        );
        let b = rink("4 1\nS G # .\n");
        assert_eq!(
            solve_from(&b, b.start(), &Limits::none()).outcome,
            Outcome::Solved(vec![Dir::Right])
        );
    }
}
