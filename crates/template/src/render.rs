//! Showing Walk: a position as the engine's marks.
//!
//! A puzzle draws nothing itself: it says what each cell *is* ([`view`],
//! cells with a [`Role`], the king a piece over them) and every front end
//! draws roles — the terminal game, `--explain`'s boards, the SVG
//! pictures and the page. Eight moves need eight arrows, which is why
//! Walk has its own trail and hint marks instead of the engine's
//! four-direction [`Mark::trail`].

use gridpuzzle_engine::view::{BoardView, Mark, Role};
use gridpuzzle_engine::Pos;

use crate::rules::{step, Board, Step};

pub const FLOOR: Mark = Mark::new("·", ".", Role::Floor);
pub const WALL: Mark = Mark::new("█", "#", Role::Wall);
pub const GOAL: Mark = Mark::new("◎", "G", Role::Goal);
pub const KING: Mark = Mark::new("♚", "K", Role::Piece);

const ARROWS: [&str; 8] = ["↑", "↓", "←", "→", "↖", "↗", "↙", "↘"];
const HOLLOW: [&str; 8] = ["⇧", "⇩", "⇦", "⇨", "⇖", "⇗", "⇙", "⇘"];
const ASCII: [&str; 8] = ["^", "v", "<", ">", "\\", "/", "/", "\\"];

/// The cell the king left by `mv`, marked with its arrow.
pub fn trail(mv: Step) -> Mark {
    Mark::new(ARROWS[mv.index()], ASCII[mv.index()], Role::Trail)
}

/// The cell a hinted move `mv` leads to.
pub fn hint(mv: Step) -> Mark {
    Mark::new(HOLLOW[mv.index()], ASCII[mv.index()], Role::Hint)
}

/// The marks worth explaining, with their words.
pub fn legend() -> Vec<(Mark, &'static str)> {
    vec![
        (KING, "king"),
        (WALL, "wall"),
        (GOAL, "goal"),
        (trail(Step::UpRight), "last move"),
    ]
}

/// The board with the king at `king`; `last` is the move that led here
/// and the cell it left, `hint` a move to show.
pub fn view(
    board: &Board,
    diagonals: bool,
    king: Pos,
    last: Option<(Pos, Step)>,
    hint_move: Option<Step>,
) -> BoardView {
    let grid = board.grid();
    let mut v = BoardView::filled(grid.width(), grid.height(), FLOOR, king);
    for i in 0..grid.len() {
        if board.is_wall(grid.pos(i)) {
            v.set(grid.pos(i), WALL);
        }
    }
    v.set(board.goal(), GOAL);
    if let Some((from, mv)) = last {
        v.set(from, trail(mv));
    }
    if let Some(mv) = hint_move {
        if let Ok(to) = step(board, diagonals, king, mv) {
            v.over(to, hint(mv));
        }
    }
    v.piece([(king, KING)]);
    v
}
