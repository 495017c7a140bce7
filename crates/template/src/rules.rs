//! The rules of Walk, in one place: the board, the eight king moves and
//! the one function that makes a move ([`step`]).
//!
//! The solver, the checker, play, the generator and the pictures all call
//! [`step`] (directly or through [`replay`]), so they cannot disagree about
//! what is legal. A real puzzle keeps the same shape: one `rules.rs` that
//! everything else calls.

use std::fmt;

use gridpuzzle_engine::search::{bfs, DenseVisited, Limits, Search};
use gridpuzzle_engine::session::ALREADY_WON;
use gridpuzzle_engine::{Grid, Move, Pos};

/// One cell of a board, as the judge input writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`
    Floor,
    /// `#`
    Wall,
    /// `S`: floor where the king starts.
    Start,
    /// `G`: floor the king must reach.
    Goal,
}

impl Cell {
    /// The judge's character.
    pub fn symbol(self) -> char {
        match self {
            Cell::Floor => '.',
            Cell::Wall => '#',
            Cell::Start => 'S',
            Cell::Goal => 'G',
        }
    }

    pub fn from_symbol(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Floor),
            '#' => Some(Cell::Wall),
            'S' => Some(Cell::Start),
            'G' => Some(Cell::Goal),
            _ => None,
        }
    }
}

/// Why a grid is not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("a board needs exactly one start `S`, found {0}")]
    Starts(usize),
    #[error("a board needs exactly one goal `G`, found {0}")]
    Goals(usize),
}

/// A board: walls, one start and one goal (on different cells).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    grid: Grid<Cell>,
    start: Pos,
    goal: Pos,
}

impl Board {
    /// Checks `grid` has one start and one goal.
    pub fn new(grid: Grid<Cell>) -> Result<Board, BoardError> {
        let find = |c: Cell| -> Vec<Pos> {
            (0..grid.len())
                .filter(|&i| grid.cells()[i] == c)
                .map(|i| grid.pos(i))
                .collect()
        };
        let (starts, goals) = (find(Cell::Start), find(Cell::Goal));
        if starts.len() != 1 {
            return Err(BoardError::Starts(starts.len()));
        }
        if goals.len() != 1 {
            return Err(BoardError::Goals(goals.len()));
        }
        Ok(Board {
            start: starts[0],
            goal: goals[0],
            grid,
        })
    }

    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    pub fn width(&self) -> u32 {
        self.grid.width()
    }

    pub fn height(&self) -> u32 {
        self.grid.height()
    }

    pub fn start(&self) -> Pos {
        self.start
    }

    pub fn goal(&self) -> Pos {
        self.goal
    }

    pub fn is_wall(&self, p: Pos) -> bool {
        self.grid.get(p) == Some(&Cell::Wall)
    }

    /// How many walls stand on the board.
    pub fn walls(&self) -> usize {
        self.grid
            .cells()
            .iter()
            .filter(|&&c| c == Cell::Wall)
            .count()
    }
}

/// A king's move, named by the numeric keypad: `8` up, `2` down, `4`
/// left, `6` right, `7` `9` `1` `3` the diagonals. Eight moves, none of
/// them the engine's [`gridpuzzle_engine::Dir`]: this is what proves the
/// engine does not assume four directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    Up,
    Down,
    Left,
    Right,
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Step {
    /// `(row delta, column delta)`.
    pub fn delta(self) -> (i64, i64) {
        match self {
            Step::Up => (-1, 0),
            Step::Down => (1, 0),
            Step::Left => (0, -1),
            Step::Right => (0, 1),
            Step::UpLeft => (-1, -1),
            Step::UpRight => (-1, 1),
            Step::DownLeft => (1, -1),
            Step::DownRight => (1, 1),
        }
    }

    pub fn is_diagonal(self) -> bool {
        let (dr, dc) = self.delta();
        dr != 0 && dc != 0
    }

    /// A stable index 0..8, the order of [`Move::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl Move for Step {
    /// Side moves first, so hints and ties prefer them.
    const ALL: &'static [Step] = &[
        Step::Up,
        Step::Down,
        Step::Left,
        Step::Right,
        Step::UpLeft,
        Step::UpRight,
        Step::DownLeft,
        Step::DownRight,
    ];

    fn letter(self) -> char {
        match self {
            Step::Up => '8',
            Step::Down => '2',
            Step::Left => '4',
            Step::Right => '6',
            Step::UpLeft => '7',
            Step::UpRight => '9',
            Step::DownLeft => '1',
            Step::DownRight => '3',
        }
    }

    fn from_letter(c: char) -> Option<Step> {
        Step::ALL.iter().copied().find(|s| s.letter() == c)
    }

    fn word(self) -> &'static str {
        match self {
            Step::Up => "up",
            Step::Down => "down",
            Step::Left => "left",
            Step::Right => "right",
            Step::UpLeft => "up-left",
            Step::UpRight => "up-right",
            Step::DownLeft => "down-left",
            Step::DownRight => "down-right",
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a move is refused (lowercase, no trailing period, as the contract
/// wants reasons).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("{ALREADY_WON}")]
    Won,
    #[error("diagonal moves are off (`diagonals no`)")]
    Diagonal,
    #[error("the king would step {0} off the board")]
    OffBoard(&'static str),
    #[error("a wall stands at {0}")]
    Wall(Pos),
}

/// The cell the king reaches by `mv` from `from`, or why it cannot move.
/// The king on the goal has won and moves no more.
pub fn step(board: &Board, diagonals: bool, from: Pos, mv: Step) -> Result<Pos, Refused> {
    if from == board.goal() {
        return Err(Refused::Won);
    }
    if mv.is_diagonal() && !diagonals {
        return Err(Refused::Diagonal);
    }
    let (dr, dc) = mv.delta();
    let (r, c) = (from.row as i64 + dr, from.col as i64 + dc);
    if r < 0 || c < 0 || r >= board.height() as i64 || c >= board.width() as i64 {
        return Err(Refused::OffBoard(mv.word()));
    }
    let to = Pos::new(r as u32, c as u32);
    if board.is_wall(to) {
        return Err(Refused::Wall(to));
    }
    Ok(to)
}

/// The king's cells from the start through every move of `plan`
/// (`plan.len() + 1` of them), or the first refused move's index and why.
pub fn replay(board: &Board, diagonals: bool, plan: &[Step]) -> Result<Vec<Pos>, (usize, Refused)> {
    let mut at = board.start();
    let mut cells = vec![at];
    for (i, &mv) in plan.iter().enumerate() {
        at = step(board, diagonals, at, mv).map_err(|e| (i, e))?;
        cells.push(at);
    }
    Ok(cells)
}

/// Fewest moves from `from` to the goal: the engine's breadth-first search
/// over cells, with a dense visited set (one bit a cell). It is honest by
/// construction: `Unsolvable` only when every reachable cell was seen.
pub fn solve_from(board: &Board, diagonals: bool, from: Pos, limits: &Limits) -> Search<Step> {
    let grid = board.grid();
    let mut visited = DenseVisited::new(grid.len(), |p: &Pos| grid.index(*p));
    bfs(
        from,
        |&p, out: &mut Vec<(Step, Pos)>| {
            for &mv in Step::ALL {
                if let Ok(q) = step(board, diagonals, p, mv) {
                    out.push((mv, q));
                }
            }
        },
        |&p| p == board.goal(),
        &mut visited,
        None,
        limits,
    )
}

/// Fewest moves from the start to the goal.
pub fn solve(board: &Board, diagonals: bool, limits: &Limits) -> Search<Step> {
    solve_from(board, diagonals, board.start(), limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::search::Outcome;

    pub(crate) fn board(rows: &[&str]) -> Board {
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| Cell::from_symbol(c).unwrap()))
            .collect();
        let grid = Grid::from_cells(rows[0].len() as u32, rows.len() as u32, cells).unwrap();
        Board::new(grid).unwrap()
    }

    #[test]
    fn the_king_walks_diagonally_unless_told_not_to() {
        let b = board(&["S..", ".#.", "..G"]);
        // Around the wall: 6 3 2 with diagonals, 6 6 2 2 without.
        let found = solve(&b, true, &Limits::none());
        assert_eq!(found.outcome.moves().map(<[Step]>::len), Some(3));
        let found = solve(&b, false, &Limits::none());
        assert_eq!(found.outcome.moves().map(<[Step]>::len), Some(4));
        let open = board(&["S..", "...", "..G"]);
        let found = solve(&open, true, &Limits::none());
        assert_eq!(
            found.outcome,
            Outcome::Solved(vec![Step::DownRight, Step::DownRight])
        );
    }

    #[test]
    fn refusals_say_why() {
        let b = board(&["S#", ".G"]);
        let at = b.start();
        assert_eq!(
            step(&b, true, at, Step::Right).unwrap_err().to_string(),
            "a wall stands at row 1, column 2"
        );
        assert_eq!(
            step(&b, true, at, Step::UpLeft).unwrap_err().to_string(),
            "the king would step up-left off the board"
        );
        assert_eq!(
            step(&b, false, at, Step::DownRight)
                .unwrap_err()
                .to_string(),
            "diagonal moves are off (`diagonals no`)"
        );
        assert_eq!(
            replay(&b, true, &[Step::DownRight, Step::Up]).unwrap_err(),
            (1, Refused::Won)
        );
    }

    #[test]
    fn walled_in_is_proved_unsolvable() {
        let b = board(&["S#.", "##.", "..G"]);
        assert_eq!(
            solve(&b, true, &Limits::none()).outcome,
            Outcome::Unsolvable
        );
    }

    #[test]
    fn letters_are_the_keypad() {
        let letters: String = Step::ALL.iter().map(|s| s.letter()).collect();
        assert_eq!(letters, "82467913");
        for &s in Step::ALL {
            assert_eq!(Step::from_letter(s.letter()), Some(s));
            assert_eq!(Step::ALL[s.index()], s);
        }
        assert_eq!(Step::from_letter('5'), None);
        assert_eq!(Step::letters(), "8, 2, 4, 6, 7, 9, 1 or 3");
    }
}
