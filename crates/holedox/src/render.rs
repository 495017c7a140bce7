//! Showing a solution: boards in text (`--explain`) and pictures in SVG.
//!
//! Both are drawn from a replay through [`crate::rules::step`], so they show
//! only what the rules allow. Head, body and tail get distinct symbols (and
//! colours), since the tail rule is what most plans trip over.

use std::fmt::Write;

use gridpuzzle_engine::svg::{fmt_num, Picture, Timeline, CELL};
use gridpuzzle_engine::{Dir, Pos};

use crate::rules::{replay, step, Case, Rejected, TailRule};

/// How text boards are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextStyle {
    /// Plain ASCII instead of Unicode symbols.
    pub ascii: bool,
    /// ANSI colours (only for terminals).
    pub color: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Floor,
    Stone,
    Exit,
    Head,
    Body,
    Tail,
}

fn paint(mark: Mark, style: TextStyle) -> String {
    let (uni, ascii, color) = match mark {
        Mark::Floor => ("·", ".", "2"),
        Mark::Stone => ("█", "#", "34"),
        Mark::Exit => ("◎", "E", "1;32"),
        Mark::Head => ("◉", "H", "1;33"),
        Mark::Body => ("●", "o", "33"),
        Mark::Tail => ("○", "t", "33"),
    };
    let text = if style.ascii { ascii } else { uni };
    if style.color {
        format!("\x1b[{color}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

fn draw(case: &Case, body: &[Pos], style: TextStyle, out: &mut String) {
    let lair = case.lair();
    let stones = lair.stones();
    let mut marks: Vec<Mark> = stones
        .cells()
        .iter()
        .map(|&s| if s { Mark::Stone } else { Mark::Floor })
        .collect();
    let exit = lair.exit();
    marks[stones.index(exit)] = Mark::Exit;
    for (i, &p) in body.iter().enumerate().rev() {
        marks[stones.index(p)] = match i {
            0 => Mark::Head,
            i if i + 1 == body.len() => Mark::Tail,
            _ => Mark::Body,
        };
    }
    for row in marks.chunks(lair.cols() as usize) {
        let line: Vec<String> = row.iter().map(|&m| paint(m, style)).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
}

/// The lair after every step of `plan`, as text.
pub fn explain(
    case: &Case,
    plan: &[Dir],
    rule: TailRule,
    style: TextStyle,
) -> Result<String, Rejected> {
    let bodies = frames(case, plan, rule)?;
    let mut out = String::new();
    let legend: Vec<String> = [
        (Mark::Head, "head"),
        (Mark::Body, "body"),
        (Mark::Tail, "tail"),
        (Mark::Stone, "stone"),
        (Mark::Exit, "exit"),
    ]
    .iter()
    .map(|&(m, word)| format!("{} {word}", paint(m, style)))
    .collect();
    let _ = writeln!(out, "legend: {}", legend.join("  "));
    let _ = writeln!(
        out,
        "start: the head is at {}, the exit at {}",
        bodies[0][0],
        case.lair().exit()
    );
    draw(case, &bodies[0], style, &mut out);
    for (k, (dir, body)) in plan.iter().zip(&bodies[1..]).enumerate() {
        let _ = writeln!(
            out,
            "step {} of {} ({dir}): the head moves {} to {}",
            k + 1,
            plan.len(),
            dir.word(),
            body[0]
        );
        draw(case, body, style, &mut out);
    }
    Ok(out)
}

/// The body before the plan and after each step (`plan.len() + 1` frames).
fn frames(case: &Case, plan: &[Dir], rule: TailRule) -> Result<Vec<Vec<Pos>>, Rejected> {
    replay(case.lair(), case.body(), plan, rule)?;
    let mut body = case.body().to_vec();
    let mut out = vec![body.clone()];
    for &dir in plan {
        step(case.lair(), &mut body, dir, rule).expect("replayed above");
        out.push(body.clone());
    }
    Ok(out)
}

const STYLE: &str = ".stone { fill: #475569 } .exit { fill: #16a34a } \
    .segment { fill: #f59e0b; stroke: #92400e; stroke-width: 1.5 } \
    .head { fill: #dc2626; stroke: #7f1d1d; stroke-width: 2 } \
    .tail { fill: #fde68a; stroke: #92400e; stroke-width: 1.5 } \
    .link { fill: none; stroke: #b45309; stroke-width: 8; stroke-linecap: round; stroke-linejoin: round }";

/// An SVG of the plan: animated (the snake moves, looping), or with
/// `still = Some(k)` the lair after step `k`.
pub fn svg(
    case: &Case,
    plan: &[Dir],
    rule: TailRule,
    still: Option<usize>,
) -> Result<String, Rejected> {
    let bodies = frames(case, plan, rule)?;
    let n = plan.len();
    let lair = case.lair();
    let mut pic = Picture::new(lair.rows(), lair.cols());
    let timeline = Timeline { moves: n };
    let exit = lair.exit();
    pic.cell(exit.row, exit.col, "exit", "");
    let stones = lair.stones();
    for (i, &s) in stones.cells().iter().enumerate() {
        if s {
            let p = stones.pos(i);
            pic.cell(p.row, p.col, "stone", "");
        }
    }
    let len = case.body().len();
    // The links between segments, under the segments.
    let points = |b: &Vec<Pos>| {
        b.iter()
            .map(|p| {
                let (x, y) = pic.center(p.row, p.col);
                format!("{x},{y}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let link = match still {
        Some(k) => format!(
            "<polyline class=\"link\" points=\"{}\"/>",
            points(&bodies[k])
        ),
        None => {
            let frames: Vec<String> = bodies.iter().map(points).collect();
            format!(
                "<polyline class=\"link\" points=\"{}\">{}</polyline>",
                frames[0],
                timeline.animate("points", &frames, false)
            )
        }
    };
    pic.push(&link);
    // Tail first, so the head is drawn on top.
    for seg in (0..len).rev() {
        let class = match seg {
            0 => "head",
            s if s + 1 == len => "tail",
            _ => "segment",
        };
        let r = if seg == 0 {
            CELL as f64 * 0.42
        } else {
            CELL as f64 * 0.34
        };
        let r = fmt_num(r);
        match still {
            Some(k) => {
                let p = bodies[k][seg];
                let (x, y) = pic.center(p.row, p.col);
                pic.push(&format!(
                    "<circle class=\"{class}\" data-cell=\"{},{}\" data-segment=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>",
                    p.row + 1,
                    p.col + 1,
                    seg + 1
                ));
            }
            None => {
                let at = |b: &Vec<Pos>| pic.center(b[seg].row, b[seg].col);
                let xs: Vec<String> = bodies.iter().map(|b| at(b).0.to_string()).collect();
                let ys: Vec<String> = bodies.iter().map(|b| at(b).1.to_string()).collect();
                let (x, y) = at(&bodies[0]);
                pic.push(&format!(
                    "<circle class=\"{class}\" data-segment=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\">{}{}</circle>",
                    seg + 1,
                    timeline.animate("cx", &xs, false),
                    timeline.animate("cy", &ys, false)
                ));
            }
        }
    }
    pic.solution_legend(
        "Holedox Moving",
        "step",
        plan,
        "red: head, orange: body, pale: tail, grey: stone, green: exit",
        still,
    );
    Ok(pic.finish("Holedox Moving solution", STYLE))
}
