//! Showing a solution: boards in text (`--explain`) and pictures in SVG.
//!
//! Both drawings are made from the same replay through [`crate::rules`], so
//! a picture can only show what the rules allow. A text board is one
//! character per cell, separated by spaces so it stays square in a terminal.
//! The throw being shown draws its path with arrows and marks the block it
//! broke; blocks broken earlier are plain ice again.

use std::fmt::Write;

use gridpuzzle_engine::svg::{fmt_num, Picture, Timeline};
use gridpuzzle_engine::{Dir, Pos};

use crate::rules::{replay, Board, Cell, ReplayError, State, Throw};

/// How text boards are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextStyle {
    /// Plain ASCII instead of Unicode symbols.
    pub ascii: bool,
    /// ANSI colours (only for terminals).
    pub color: bool,
}

struct Glyphs {
    ice: &'static str,
    block: &'static str,
    broke: &'static str,
    goal: &'static str,
    stone: &'static str,
    arrows: [&'static str; 4],
}

const UNICODE: Glyphs = Glyphs {
    ice: "·",
    block: "■",
    broke: "✕",
    goal: "◎",
    stone: "●",
    arrows: ["↑", "↓", "←", "→"],
};

const ASCII: Glyphs = Glyphs {
    ice: ".",
    block: "#",
    broke: "x",
    goal: "G",
    stone: "O",
    arrows: ["^", "v", "<", ">"],
};

/// What a cell shows in one picture of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Ice,
    Block,
    Broke,
    Goal,
    Stone,
    Path(Dir),
}

fn paint(mark: Mark, style: TextStyle) -> String {
    let g = if style.ascii { &ASCII } else { &UNICODE };
    let (text, color) = match mark {
        Mark::Ice => (g.ice, "2"),
        Mark::Block => (g.block, "34"),
        Mark::Broke => (g.broke, "1;31"),
        Mark::Goal => (g.goal, "1;32"),
        Mark::Stone => (g.stone, "1;33"),
        Mark::Path(d) => (g.arrows[d.index()], "36"),
    };
    if style.color {
        format!("\x1b[{color}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// The marks of the board in `state`, with the last throw's path.
fn marks(board: &Board, state: &State, last: Option<(Pos, Dir, &Throw)>) -> Vec<Mark> {
    let grid = board.grid();
    let mut out: Vec<Mark> = grid
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            Cell::Block if board.is_block(state, grid.pos(i)) => Mark::Block,
            Cell::Goal => Mark::Goal,
            _ => Mark::Ice,
        })
        .collect();
    if let Some((from, dir, t)) = last {
        let cells = match *t {
            Throw::Rest { cells, broke, .. } => {
                out[grid.index(broke)] = Mark::Broke;
                cells
            }
            Throw::Goal { cells, .. } => cells,
        };
        for i in grid.ray(from, dir).take(cells as usize) {
            out[i] = Mark::Path(dir);
        }
        out[grid.index(from)] = Mark::Path(dir);
    }
    out[grid.index(state.stone)] = Mark::Stone;
    out
}

fn draw(board: &Board, marks: &[Mark], style: TextStyle, out: &mut String) {
    for row in marks.chunks(board.width() as usize) {
        let line: Vec<String> = row.iter().map(|&m| paint(m, style)).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
}

/// One sentence about a throw.
pub fn describe_throw(dir: Dir, t: &Throw) -> String {
    match *t {
        Throw::Rest { at, broke, cells } => format!(
            "slides {cells} cell{} {} to {at} and breaks the block at {broke}",
            if cells == 1 { "" } else { "s" },
            dir.word(),
        ),
        Throw::Goal { at, cells } => format!(
            "slides {cells} cell{} {} into the goal at {at}",
            if cells == 1 { "" } else { "s" },
            dir.word(),
        ),
    }
}

/// The boards of a plan, throw by throw, as text: the start, then after
/// every throw a sentence and the board with the throw's path.
pub fn explain(board: &Board, plan: &[Dir], style: TextStyle) -> Result<String, ReplayError> {
    let (throws, _) = replay(board, plan)?;
    let mut out = String::new();
    let g = if style.ascii { &ASCII } else { &UNICODE };
    let _ = writeln!(
        out,
        "legend: {} stone  {} block  {} block just broken  {} goal  {} path",
        g.stone, g.block, g.broke, g.goal, g.arrows[3]
    );
    let mut state = board.initial();
    let _ = writeln!(out, "start: the stone rests at {}", state.stone);
    draw(board, &marks(board, &state, None), style, &mut out);
    for (k, (&dir, t)) in plan.iter().zip(&throws).enumerate() {
        let from = state.stone;
        state = crate::rules::apply(board, &state, t);
        let _ = writeln!(
            out,
            "throw {} of {} ({}): {}",
            k + 1,
            plan.len(),
            dir,
            describe_throw(dir, t)
        );
        draw(
            board,
            &marks(board, &state, Some((from, dir, t))),
            style,
            &mut out,
        );
    }
    Ok(out)
}

/// The stone's position and the standing blocks after each throw
/// (`plan.len() + 1` frames, frame 0 the start).
fn frames(board: &Board, plan: &[Dir]) -> Result<Vec<State>, ReplayError> {
    let (throws, _) = replay(board, plan)?;
    let mut states = vec![board.initial()];
    for t in &throws {
        let next = crate::rules::apply(board, states.last().expect("non-empty"), t);
        states.push(next);
    }
    Ok(states)
}

const STYLE: &str = ".block { fill: #3b5b92 } .broken { fill: none; stroke: #c2410c; \
    stroke-width: 2; stroke-dasharray: 4 3 } .goal { fill: #16a34a } .start { fill: #cbd5e1 } \
    .stone { fill: #facc15; stroke: #854d0e; stroke-width: 2 } \
    .path { stroke: #ca8a04; stroke-width: 3; stroke-dasharray: 6 4; stroke-linecap: round }";

/// An SVG of the plan: animated (the stone slides, blocks vanish as they
/// break, looping), or with `still = Some(k)` the board after throw `k`.
pub fn svg(board: &Board, plan: &[Dir], still: Option<usize>) -> Result<String, ReplayError> {
    let states = frames(board, plan)?;
    let n = plan.len();
    let mut pic = Picture::new(board.height(), board.width());
    let timeline = Timeline { moves: n };
    let start = board.start();
    pic.cell(start.row, start.col, "start", "");
    let goal = board.goal();
    pic.cell(goal.row, goal.col, "goal", "");
    for &p in board.blocks() {
        let id = board.block_id(p).expect("a block");
        let standing: Vec<bool> = states.iter().map(|s| !s.broken.contains(id)).collect();
        match still {
            Some(k) => {
                let class = if standing[k] { "block" } else { "broken" };
                pic.cell(p.row, p.col, class, "");
            }
            None if standing.iter().all(|&s| s) => pic.cell(p.row, p.col, "block", ""),
            None => {
                let values: Vec<String> = standing.iter().map(|&s| (s as u8).to_string()).collect();
                pic.cell(
                    p.row,
                    p.col,
                    "block",
                    &timeline.animate("opacity", &values, true),
                );
            }
        }
    }
    let r = fmt_num(gridpuzzle_engine::svg::CELL as f64 * 0.36);
    match still {
        Some(k) => {
            if k > 0 {
                // The last throw's path, from where the stone rested before.
                let (a, b) = (states[k - 1].stone, states[k].stone);
                let (x1, y1) = pic.center(a.row, a.col);
                let (x2, y2) = pic.center(b.row, b.col);
                pic.push(&format!(
                    "<line class=\"path\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
                ));
            }
            let s = states[k].stone;
            let (x, y) = pic.center(s.row, s.col);
            pic.push(&format!(
                "<circle class=\"stone\" data-cell=\"{},{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>",
                s.row + 1,
                s.col + 1
            ));
        }
        None => {
            let xs: Vec<String> = states
                .iter()
                .map(|s| pic.center(s.stone.row, s.stone.col).0.to_string())
                .collect();
            let ys: Vec<String> = states
                .iter()
                .map(|s| pic.center(s.stone.row, s.stone.col).1.to_string())
                .collect();
            let (x, y) = pic.center(start.row, start.col);
            pic.push(&format!(
                "<circle class=\"stone\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\">{}{}</circle>",
                timeline.animate("cx", &xs, false),
                timeline.animate("cy", &ys, false)
            ));
        }
    }
    pic.solution_legend(
        "Curling 2.0",
        "throw",
        plan,
        "yellow: stone, blue: block, green: goal, grey: start, dashed: broken",
        still,
    );
    Ok(pic.finish("Curling 2.0 solution", STYLE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;

    fn sample_board() -> Board {
        let text = "6 6\n1 0 0 2 1 0\n1 1 0 0 0 0\n0 0 0 0 0 3\n0 0 0 0 0 0\n1 0 0 0 0 1\n0 1 1 1 1 1\n0 0\n";
        Datasets::new(text.as_bytes()).next().unwrap().unwrap()
    }

    #[test]
    fn explain_tells_each_throw() {
        let b = sample_board();
        let found = crate::solve(&b, &Default::default(), &Default::default());
        let plan = found.outcome.moves().unwrap().to_vec();
        let text = explain(
            &b,
            &plan,
            TextStyle {
                ascii: true,
                color: false,
            },
        )
        .unwrap();
        eprintln!("{text}");
        assert!(text.contains("throw 1 of 4 ("), "{text}");
        assert!(text.contains("throw 4 of 4"), "{text}");
        assert!(text.contains("into the goal at row 3, column 6"), "{text}");
        assert!(!text.contains('\x1b'));
        let colored = explain(
            &b,
            &plan,
            TextStyle {
                ascii: false,
                color: true,
            },
        )
        .unwrap();
        assert!(colored.contains("\x1b[1;33m●"));
    }

    #[test]
    fn illegal_plans_are_refused() {
        let b = sample_board();
        assert!(explain(&b, &[Dir::Right], TextStyle::default()).is_err());
        assert!(svg(&b, &[Dir::Right], None).is_err());
    }
}
