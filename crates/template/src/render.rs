//! Showing Walk: the board as the engine's marks, text boards for
//! `--explain`, and an SVG picture.
//!
//! A puzzle draws nothing itself for the terminal or the page: it says
//! what each cell *is* ([`view`], cells with a [`Role`]) and the front ends
//! draw roles. The text boards here are drawn from the same [`view`], so
//! `--explain` and play show the same symbols. Eight moves need eight
//! arrows, which is why Walk has its own trail and hint marks instead of
//! the engine's four-direction [`Mark::trail`].

use std::fmt::Write;

use gridpuzzle_engine::svg::{fmt_num, Picture, Timeline, CELL};
use gridpuzzle_engine::view::{BoardView, Mark, Role, TextStyle};
use gridpuzzle_engine::{Move, Pos};

use crate::rules::{replay, step, Board, Refused, Step};

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
            v.set(to, hint(mv));
        }
    }
    v.set(king, KING);
    v
}

/// A mark as text, coloured by its role when asked.
fn paint(mark: Mark, style: TextStyle) -> String {
    let text = mark.symbol(style.ascii);
    if !style.color {
        return text.to_string();
    }
    let colour = match mark.role {
        Role::Floor => "2",
        Role::Wall => "34",
        Role::Broken => "1;31",
        Role::Goal => "1;32",
        Role::Piece => "1;33",
        Role::Body => "33",
        Role::Trail => "36",
        Role::Hint => "35",
    };
    format!("\x1b[{colour}m{text}\x1b[0m")
}

fn draw(v: &BoardView, style: TextStyle, out: &mut String) {
    for row in v.cells.chunks(v.width as usize) {
        let line: Vec<String> = row.iter().map(|&m| paint(m, style)).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
}

/// The board before the plan and after every move, as text.
pub fn explain(
    board: &Board,
    diagonals: bool,
    plan: &[Step],
    style: TextStyle,
) -> Result<String, (usize, Refused)> {
    let cells = replay(board, diagonals, plan)?;
    let mut out = String::new();
    let words: Vec<String> = legend()
        .into_iter()
        .map(|(m, word)| format!("{} {word}", paint(m, style)))
        .collect();
    let _ = writeln!(out, "legend: {}", words.join("  "));
    let _ = writeln!(
        out,
        "start: the king is at {}, the goal at {}",
        board.start(),
        board.goal()
    );
    draw(
        &view(board, diagonals, cells[0], None, None),
        style,
        &mut out,
    );
    for (k, &mv) in plan.iter().enumerate() {
        let _ = writeln!(
            out,
            "move {} of {} ({mv}): the king steps {} to {}",
            k + 1,
            plan.len(),
            mv.word(),
            cells[k + 1]
        );
        let v = view(board, diagonals, cells[k + 1], Some((cells[k], mv)), None);
        draw(&v, style, &mut out);
    }
    Ok(out)
}

const STYLE: &str = ".wall { fill: #475569 } .goal { fill: #16a34a } \
    .king { fill: #dc2626; stroke: #7f1d1d; stroke-width: 2 } \
    .path { fill: none; stroke: #f59e0b; stroke-width: 4; stroke-linecap: round; stroke-linejoin: round }";

/// The plan as an SVG: animated (the king walks, looping), or with
/// `still = Some(k)` the board after move `k` and the path so far.
pub fn svg(
    board: &Board,
    diagonals: bool,
    plan: &[Step],
    still: Option<usize>,
) -> Result<String, String> {
    let cells = replay(board, diagonals, plan)
        .map_err(|(i, why)| format!("move {} ({}): {why}", i + 1, plan[i]))?;
    let n = plan.len();
    if let Some(k) = still.filter(|&k| k > n) {
        return Err(format!(
            "there is no picture after move {k}: the plan has {n} moves"
        ));
    }
    let mut pic = Picture::new(board.height(), board.width());
    let grid = board.grid();
    for i in 0..grid.len() {
        let p = grid.pos(i);
        if board.is_wall(p) {
            pic.cell(p.row, p.col, "wall", "");
        }
    }
    let goal = board.goal();
    pic.cell(goal.row, goal.col, "goal", "");
    let centre = |p: &Pos| pic.center(p.row, p.col);
    let walked = &cells[..=still.unwrap_or(n)];
    let points: Vec<String> = walked
        .iter()
        .map(|p| {
            let (x, y) = centre(p);
            format!("{x},{y}")
        })
        .collect();
    let r = fmt_num(CELL as f64 * 0.38);
    let king = match still {
        Some(k) => {
            let (x, y) = centre(&cells[k]);
            format!(
                "<circle class=\"king\" data-cell=\"{},{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>",
                cells[k].row + 1,
                cells[k].col + 1
            )
        }
        None => {
            let timeline = Timeline { moves: n };
            let xs: Vec<String> = cells.iter().map(|p| centre(p).0.to_string()).collect();
            let ys: Vec<String> = cells.iter().map(|p| centre(p).1.to_string()).collect();
            format!(
                "<circle class=\"king\" cx=\"{}\" cy=\"{}\" r=\"{r}\">{}{}</circle>",
                xs[0],
                ys[0],
                timeline.animate("cx", &xs, false),
                timeline.animate("cy", &ys, false)
            )
        }
    };
    pic.push(&format!(
        "<polyline class=\"path\" points=\"{}\"/>",
        points.join(" ")
    ));
    pic.push(&king);
    pic.solution_legend(
        "Walk",
        "move",
        plan,
        "red: king, orange: its path, grey: wall, green: goal",
        still,
    );
    Ok(pic.finish("Walk solution", STYLE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Boards;

    fn board(text: &str) -> Board {
        Boards::new(text.as_bytes()).next().unwrap().unwrap()
    }

    #[test]
    fn explain_draws_every_move_with_its_arrow() {
        let b = board("3 2\nS # .\n. . G\n");
        let plan = [Step::DownRight, Step::Right];
        let text = explain(
            &b,
            true,
            &plan,
            TextStyle {
                ascii: true,
                color: false,
            },
        )
        .unwrap();
        assert_eq!(
            text,
            "legend: K king  # wall  G goal  / last move\n\
             start: the king is at row 1, column 1, the goal at row 2, column 3\n\
             \x20 K # .\n  . . G\n\
             move 1 of 2 (3): the king steps down-right to row 2, column 2\n\
             \x20 \\ # .\n  . K G\n\
             move 2 of 2 (6): the king steps right to row 2, column 3\n\
             \x20 . # .\n  . > K\n"
        );
        assert_eq!(
            explain(&b, false, &plan, TextStyle::default()).unwrap_err(),
            (0, Refused::Diagonal)
        );
    }

    #[test]
    fn pictures_are_whole_documents() {
        let b = board("3 2\nS # .\n. . G\n");
        let plan = [Step::DownRight, Step::Right];
        let moving = svg(&b, true, &plan, None).unwrap();
        assert!(moving.starts_with("<svg") && moving.ends_with("</svg>\n"));
        assert!(moving.contains("values=\""), "animated");
        let still = svg(&b, true, &plan, Some(1)).unwrap();
        assert!(still.contains("data-cell=\"2,2\""), "{still}");
        assert!(svg(&b, true, &plan, Some(3)).is_err());
        assert!(svg(&b, true, &[Step::Right], None).is_err());
    }
}
