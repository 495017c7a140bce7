//! Pictures of positions: SVG, still or animated, drawn from views.
//!
//! Every puzzle is drawn by the same code here, from the
//! [`BoardView`]s it describes its positions with (see [`crate::view`]):
//! a still picture is one view ([`still`]), an animation is the views of
//! the positions after each move ([`Animation`]). How a role looks is the
//! palette's ([`Role::paint`]), in both light and dark themes (a
//! `prefers-color-scheme` media query inside the picture's style), so a
//! picture looks like the page and the terminal say the same thing.
//!
//! The growth chart of a traced search ([`chart`]: expansions by depth,
//! one line per algorithm, for `trace --compare --plot` and the page's
//! Watch mode) is drawn here too, with the pictures' escaping, rather than
//! beside the recorder that counts what it shows.
//!
//! How each layer is drawn:
//!
//! - the **ground**: a rectangle a cell for walls, goals (with a ring),
//!   starts and broken blocks (dashed); the trail and hint arrows are the
//!   marks' own glyphs; floor is the picture's background;
//! - each **piece** is a chain: a single cell is a disc; a longer chain is
//!   a thick line through its cells under a disc a cell, the head larger
//!   and the tail paler.
//!
//! Animation is SMIL (`<animate>` inside the shapes), which every current
//! browser plays without a script. Pieces slide: each segment's centre
//! takes one key frame per move, linearly, on one timeline — one key frame
//! per move plus a closing pause — so all pieces stay in step and the
//! picture loops cleanly. The ground changes by jumps, and a cell's
//! animation lists only the moves at which the cell changes (a block that
//! breaks once has two key frames whatever the plan's length), so an
//! animation is as large as what moves and changes, not as frames × board.
//!
//! Shapes carry `class` and `data-cell="row,col"` (1-based) attributes so
//! tests (and stylesheets) can find them.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::grid::Pos;
use crate::view::{BoardView, Mark, Role};

/// Pixel size of one cell.
pub const CELL: u32 = 32;
/// Seconds per move in animations.
pub const SECONDS_PER_MOVE: f64 = 0.6;

/// Escapes text for XML content and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// The timeline of an animation of `moves` moves: key frame `k` (the board
/// after move `k`) is shown at `k / (moves + 1)` of the loop; the last
/// frame holds for one more move's time.
#[derive(Debug, Clone, Copy)]
pub struct Timeline {
    pub moves: usize,
}

impl Timeline {
    /// Total loop length in seconds.
    pub fn seconds(&self) -> f64 {
        (self.moves as f64 + 1.0) * SECONDS_PER_MOVE
    }

    /// When key frame `k` is shown, as a fraction of the loop.
    pub fn at(&self, k: usize) -> String {
        fmt_num(k as f64 / (self.moves as f64 + 1.0))
    }

    /// `keyTimes` for per-frame values: `moves + 2` entries (the last frame
    /// repeats to hold).
    pub fn key_times(&self) -> String {
        let mut s = String::new();
        for k in 0..=self.moves {
            let _ = write!(s, "{};", self.at(k));
        }
        s.push('1');
        s
    }

    /// An `<animate>` of `attr` through one value per frame (`moves + 1`
    /// values); the last value is held. `discrete` jumps instead of sliding.
    pub fn animate(&self, attr: &str, frames: &[String], discrete: bool) -> String {
        debug_assert_eq!(frames.len(), self.moves + 1);
        let mut values = frames.join(";");
        values.push(';');
        values.push_str(frames.last().map(String::as_str).unwrap_or(""));
        format!(
            "<animate attributeName=\"{attr}\" dur=\"{}s\" repeatCount=\"indefinite\" \
             calcMode=\"{}\" keyTimes=\"{}\" values=\"{values}\"/>",
            fmt_num(self.seconds()),
            if discrete { "discrete" } else { "linear" },
            self.key_times(),
        )
    }

    /// A discrete `<animate>` of `attr` that takes `changes[i].1` from key
    /// frame `changes[i].0` on (the first change at frame 0): as long as
    /// the list of changes, whatever the number of frames.
    pub fn jumps(&self, attr: &str, changes: &[(usize, &str)]) -> String {
        let times: Vec<String> = changes.iter().map(|&(k, _)| self.at(k)).collect();
        let values: Vec<&str> = changes.iter().map(|&(_, v)| v).collect();
        format!(
            "<animate attributeName=\"{attr}\" dur=\"{}s\" repeatCount=\"indefinite\" \
             calcMode=\"discrete\" keyTimes=\"{}\" values=\"{}\"/>",
            fmt_num(self.seconds()),
            times.join(";"),
            values.join(";"),
        )
    }
}

/// A number without needless digits (`0.25`, `1`).
pub fn fmt_num(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Height of one legend line.
const LEGEND_LINE: u32 = 20;
const MARGIN: u32 = 8;

/// The style of every picture: the palette's colours by role, light, and
/// dark for readers who prefer it.
pub fn palette_css() -> String {
    let mut css = String::new();
    for (theme, t) in [("", 0), ("@media (prefers-color-scheme: dark) { ", 1)] {
        css.push_str(theme);
        let paint = |r: Role| r.paint();
        let (floor, wall, broken, goal, start, piece, body, trail, hint) = (
            paint(Role::Floor),
            paint(Role::Wall),
            paint(Role::Broken),
            paint(Role::Goal),
            paint(Role::Start),
            paint(Role::Piece),
            paint(Role::Body),
            paint(Role::Trail),
            paint(Role::Hint),
        );
        let _ = write!(
            css,
            ".background {{ fill: {bg} }} .floor {{ fill: {} }} .grid line {{ stroke: {} }} \
             .legend {{ fill: {ink} }} .wall {{ fill: {}; stroke: {} }} \
             .broken {{ fill: none; stroke: {}; stroke-width: 2; stroke-dasharray: 4 3 }} \
             .goal {{ fill: {} }} .goal-ring {{ fill: none; stroke: {}; stroke-width: 3 }} \
             .start {{ fill: none; stroke: {}; stroke-width: 3 }} \
             .piece {{ fill: {}; stroke: {}; stroke-width: 2 }} \
             .body {{ fill: {}; stroke: {}; stroke-width: 1.5 }} \
             .link {{ stroke: {} }} .trail {{ fill: {} }} .hint {{ fill: {} }} ",
            floor.fill[t],
            floor.line[t],
            wall.fill[t],
            wall.line[t],
            broken.line[t],
            goal.fill[t],
            goal.line[t],
            start.line[t],
            piece.fill[t],
            piece.line[t],
            body.fill[t],
            body.line[t],
            body.line[t],
            trail.fill[t],
            hint.fill[t],
            bg = ["#f8fafc", "#0f172a"][t],
            ink = ["#1f2933", "#e2e8f0"][t],
        );
        if t == 1 {
            css.push_str("} ");
        }
    }
    css.push_str(
        ".tail { fill-opacity: 0.55 } \
         .link { fill: none; stroke-width: 8; stroke-linecap: round; stroke-linejoin: round } \
         .glyph { font-size: 20px; text-anchor: middle; dominant-baseline: central } \
         .legend { font-size: 13px }",
    );
    css
}

/// What a picture says under the board: a title with the plan, the key of
/// its marks, and which frame a still shows.
#[derive(Debug, Clone, Copy)]
pub struct Caption<'a> {
    /// The puzzle's title ("Curling 2.0").
    pub title: &'a str,
    /// The word for one move ("throw").
    pub unit: &'a str,
    /// The plan's letters.
    pub plan: &'a str,
    /// The marks worth explaining, with their words.
    pub legend: &'a [(Mark, &'a str)],
}

/// A grid picture being written.
pub struct Picture {
    pub rows: u32,
    pub cols: u32,
    body: String,
    legend: Vec<String>,
}

impl Picture {
    pub fn new(rows: u32, cols: u32) -> Picture {
        Picture {
            rows,
            cols,
            body: String::new(),
            legend: Vec::new(),
        }
    }

    /// Pixel centre of a cell (0-based row and column).
    pub fn center(&self, row: u32, col: u32) -> (u32, u32) {
        (
            MARGIN + col * CELL + CELL / 2,
            MARGIN + row * CELL + CELL / 2,
        )
    }

    /// Top-left pixel of a cell.
    pub fn corner(&self, row: u32, col: u32) -> (u32, u32) {
        (MARGIN + col * CELL, MARGIN + row * CELL)
    }

    /// Appends raw SVG markup to the drawing.
    pub fn push(&mut self, markup: &str) {
        self.body.push_str(markup);
        self.body.push('\n');
    }

    /// A filled cell square with a class; `inner` goes inside the element
    /// (an animation, or nothing).
    pub fn cell(&mut self, row: u32, col: u32, class: &str, inner: &str) {
        let (x, y) = self.corner(row, col);
        let markup = format!(
            "<rect class=\"{class}\" data-cell=\"{},{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\">{inner}</rect>",
            row + 1,
            col + 1,
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2,
        );
        self.push(&markup);
    }

    /// The shapes of ground mark `mark` on cell `p`, with `inner` inside
    /// each (an animation, or nothing); nothing for floor.
    fn ground(&mut self, p: Pos, mark: Mark, inner: &str) {
        let (row, col) = (p.row, p.col);
        match mark.role {
            Role::Floor => {}
            Role::Wall | Role::Broken | Role::Start => self.cell(row, col, mark.role.name(), inner),
            Role::Goal => {
                self.cell(row, col, "goal", inner);
                let (x, y) = self.center(row, col);
                self.push(&format!(
                    "<circle class=\"goal-ring\" cx=\"{x}\" cy=\"{y}\" r=\"{}\">{inner}</circle>",
                    fmt_num(CELL as f64 * 0.3)
                ));
            }
            Role::Piece | Role::Body | Role::Trail | Role::Hint => self.glyph(p, mark, inner),
        }
    }

    /// A mark drawn as its own glyph, centred on its cell.
    fn glyph(&mut self, p: Pos, mark: Mark, inner: &str) {
        let (x, y) = self.center(p.row, p.col);
        self.push(&format!(
            "<text class=\"glyph {}\" data-cell=\"{},{}\" x=\"{x}\" y=\"{y}\">{}{inner}</text>",
            mark.role.name(),
            p.row + 1,
            p.col + 1,
            escape(mark.text)
        ));
    }

    /// A line of the legend under the grid.
    pub fn legend(&mut self, text: &str) {
        self.legend.push(escape(text));
    }

    /// The legend of a solution picture: the title with the number of moves
    /// and the moves, the key of the marks, and which frame a still shows
    /// (or the animation's pace).
    fn caption(&mut self, caption: &Caption<'_>, moves: usize, still: Option<usize>) {
        let Caption {
            title, unit, plan, ..
        } = *caption;
        let n = moves;
        let moves = if n == 0 { "none" } else { plan };
        let plural = if n == 1 { "" } else { "s" };
        let line = format!("{title}: {n} {unit}{plural} ({moves})");
        // A long plan is wrapped to the board's width (at least 60
        // characters), so the picture is not thousands of pixels wide
        // for a board of a few hundred (issue 15).
        let fits = (self.cols * CELL * 2 / 15).max(60) as usize;
        if line.chars().count() <= fits {
            self.legend(&line);
        } else {
            self.legend(&format!("{title}: {n} {unit}{plural}:"));
            let letters: Vec<char> = moves.chars().collect();
            for chunk in letters.chunks(fits) {
                self.legend(&chunk.iter().collect::<String>());
            }
        }
        let key: Vec<String> = caption
            .legend
            .iter()
            .map(|(m, word)| format!("{} {word}", m.text))
            .collect();
        self.legend(&key.join(", "));
        match still {
            Some(k) => self.legend(&format!("after {unit} {k} of {n}")),
            None => self.legend(&format!(
                "{} s per {unit}, looping",
                fmt_num(SECONDS_PER_MOVE)
            )),
        }
    }

    /// The grid lines.
    fn grid_lines(&self) -> String {
        let mut s = String::from("<g class=\"grid\">");
        let (w, h) = (self.cols * CELL, self.rows * CELL);
        for r in 0..=self.rows {
            let y = MARGIN + r * CELL;
            let _ = write!(
                s,
                "<line x1=\"{MARGIN}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
                MARGIN + w
            );
        }
        for c in 0..=self.cols {
            let x = MARGIN + c * CELL;
            let _ = write!(
                s,
                "<line x1=\"{x}\" y1=\"{MARGIN}\" x2=\"{x}\" y2=\"{}\"/>",
                MARGIN + h
            );
        }
        s.push_str("</g>");
        s
    }

    /// The whole document, in the palette's colours.
    pub fn finish(&self, title: &str) -> String {
        let legend_top = 2 * MARGIN + self.rows * CELL;
        let height = legend_top + self.legend.len() as u32 * LEGEND_LINE + MARGIN;
        // About 7.5 px per character of the 13 px legend font.
        let longest = self
            .legend
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as u32;
        let width = (2 * MARGIN + self.cols * CELL).max(2 * MARGIN + longest * 15 / 2);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"system-ui, sans-serif\">"
        );
        let _ = writeln!(s, "<title>{}</title>", escape(title));
        let _ = writeln!(s, "<style>{}</style>", palette_css());
        let _ = writeln!(
            s,
            "<rect class=\"background\" width=\"100%\" height=\"100%\"/>"
        );
        let _ = writeln!(
            s,
            "<rect class=\"floor\" x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\"/>",
            self.cols * CELL,
            self.rows * CELL
        );
        s.push_str(&self.grid_lines());
        s.push('\n');
        s.push_str(&self.body);
        for (i, line) in self.legend.iter().enumerate() {
            let y = legend_top + (i as u32 + 1) * LEGEND_LINE - 6;
            let _ = writeln!(
                s,
                "<text class=\"legend\" x=\"{MARGIN}\" y=\"{y}\">{line}</text>"
            );
        }
        s.push_str("</svg>\n");
        s
    }

    /// The class of segment `k` of a chain of `len` cells with mark `mark`.
    fn segment_class(mark: Mark, k: usize, len: usize) -> String {
        let role = match mark.role {
            Role::Piece => "piece",
            _ => "body",
        };
        if len > 1 && k + 1 == len {
            format!("{role} tail")
        } else {
            role.to_string()
        }
    }

    /// The radius of segment `k` of a chain of `len` cells.
    fn segment_radius(k: usize, len: usize) -> String {
        let r = match (len, k) {
            (1, _) => 0.38,
            (_, 0) => 0.42,
            _ => 0.34,
        };
        fmt_num(CELL as f64 * r)
    }

    /// The points of a chain's line.
    fn points(&self, cells: &[Pos]) -> String {
        let points: Vec<String> = cells
            .iter()
            .map(|p| {
                let (x, y) = self.center(p.row, p.col);
                format!("{x},{y}")
            })
            .collect();
        points.join(" ")
    }
}

/// The still picture of one view, under `caption`, after move `k` of
/// `moves`.
pub fn still(view: &BoardView, caption: &Caption<'_>, k: usize, moves: usize) -> String {
    let mut pic = Picture::new(view.height, view.width);
    for (i, &mark) in view.ground.iter().enumerate() {
        let p = Pos::new(i as u32 / view.width, i as u32 % view.width);
        pic.ground(p, mark, "");
    }
    for piece in &view.pieces {
        let len = piece.cells.len();
        if len > 1 {
            let cells: Vec<Pos> = piece.cells.iter().map(|&(p, _)| p).collect();
            let points = pic.points(&cells);
            pic.push(&format!("<polyline class=\"link\" points=\"{points}\"/>"));
        }
        // Tail first, so the head is drawn on top.
        for (k, &(p, mark)) in piece.cells.iter().enumerate().rev() {
            let (x, y) = pic.center(p.row, p.col);
            let segment = if len > 1 {
                format!(" data-segment=\"{}\"", k + 1)
            } else {
                String::new()
            };
            pic.push(&format!(
                "<circle class=\"{}\" data-cell=\"{},{}\"{segment} cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                Picture::segment_class(mark, k, len),
                p.row + 1,
                p.col + 1,
                Picture::segment_radius(k, len),
            ));
        }
    }
    for &(p, mark) in &view.overlay {
        pic.glyph(p, mark, "");
    }
    pic.caption(caption, moves, Some(k));
    pic.finish(&format!("{} solution", caption.title))
}

/// An animation being built from the views of a plan's positions, one at
/// a time (the start, then after each move), holding only what changes.
pub struct Animation {
    width: u32,
    height: u32,
    /// The ground of the last view.
    ground: Vec<Mark>,
    /// The cells whose ground changed, with every (frame, mark) they took,
    /// the first at frame 0.
    changes: BTreeMap<usize, Vec<(usize, Mark)>>,
    /// Each piece's segments: their marks and their cell in every frame.
    pieces: Vec<Vec<(Mark, Vec<Pos>)>>,
    overlay: Vec<(Pos, Mark)>,
    frames: usize,
}

impl Animation {
    /// An animation that starts at `first`.
    pub fn new(first: &BoardView) -> Animation {
        Animation {
            width: first.width,
            height: first.height,
            ground: first.ground.clone(),
            changes: BTreeMap::new(),
            pieces: first
                .pieces
                .iter()
                .map(|p| p.cells.iter().map(|&(c, m)| (m, vec![c])).collect())
                .collect(),
            overlay: first.overlay.clone(),
            frames: 1,
        }
    }

    /// The view after the next move. A view of another size is not drawn;
    /// a piece that appears later than the start is not drawn, one that
    /// is gone stays where it was last.
    pub fn push(&mut self, view: &BoardView) {
        let frame = self.frames;
        self.frames += 1;
        if view.width == self.width && view.height == self.height {
            for (i, (&was, &now)) in self.ground.iter().zip(&view.ground).enumerate() {
                if was != now {
                    self.changes
                        .entry(i)
                        .or_insert_with(|| vec![(0, was)])
                        .push((frame, now));
                }
            }
            self.ground.clone_from(&view.ground);
        }
        for (k, piece) in self.pieces.iter_mut().enumerate() {
            let cells = view
                .pieces
                .get(k)
                .map(|p| p.cells.as_slice())
                .unwrap_or(&[]);
            for (s, (_, path)) in piece.iter_mut().enumerate() {
                let at = cells
                    .get(s)
                    .map(|&(c, _)| c)
                    .unwrap_or(*path.last().expect("a start cell"));
                path.push(at);
            }
        }
    }

    /// The looping SVG of the frames pushed so far.
    pub fn finish(self, caption: &Caption<'_>) -> String {
        let moves = self.frames - 1;
        let timeline = Timeline { moves };
        let mut pic = Picture::new(self.height, self.width);
        let w = self.width.max(1);
        let first_ground: Vec<Mark> = {
            let mut g = self.ground.clone();
            for (&i, list) in &self.changes {
                g[i] = list[0].1;
            }
            g
        };
        for (i, &mark) in first_ground.iter().enumerate() {
            let p = Pos::new(i as u32 / w, i as u32 % w);
            match self.changes.get(&i) {
                None => pic.ground(p, mark, ""),
                Some(list) => {
                    // One shape a mark the cell takes, shown while it has it.
                    let mut seen: Vec<Mark> = Vec::new();
                    for &(_, m) in list {
                        if seen.contains(&m) {
                            continue;
                        }
                        seen.push(m);
                        let mut jumps: Vec<(usize, &str)> = Vec::new();
                        for &(k, now) in list {
                            let v = if now == m { "1" } else { "0" };
                            if jumps.last().map(|&(_, last)| last) != Some(v) {
                                jumps.push((k, v));
                            }
                        }
                        pic.ground(p, m, &timeline.jumps("opacity", &jumps));
                    }
                }
            }
        }
        for piece in &self.pieces {
            let len = piece.len();
            if len > 1 {
                let frames: Vec<String> = (0..=moves)
                    .map(|f| {
                        let cells: Vec<Pos> = piece.iter().map(|(_, path)| path[f]).collect();
                        pic.points(&cells)
                    })
                    .collect();
                pic.push(&format!(
                    "<polyline class=\"link\" points=\"{}\">{}</polyline>",
                    frames[0],
                    timeline.animate("points", &frames, false)
                ));
            }
            for (k, (mark, path)) in piece.iter().enumerate().rev() {
                let xs: Vec<String> = path
                    .iter()
                    .map(|p| pic.center(p.row, p.col).0.to_string())
                    .collect();
                let ys: Vec<String> = path
                    .iter()
                    .map(|p| pic.center(p.row, p.col).1.to_string())
                    .collect();
                let segment = if len > 1 {
                    format!(" data-segment=\"{}\"", k + 1)
                } else {
                    String::new()
                };
                pic.push(&format!(
                    "<circle class=\"{}\"{segment} cx=\"{}\" cy=\"{}\" r=\"{}\">{}{}</circle>",
                    Picture::segment_class(*mark, k, len),
                    xs[0],
                    ys[0],
                    Picture::segment_radius(k, len),
                    timeline.animate("cx", &xs, false),
                    timeline.animate("cy", &ys, false)
                ));
            }
        }
        for &(p, mark) in &self.overlay {
            pic.glyph(p, mark, "");
        }
        pic.caption(caption, moves, None);
        pic.finish(&format!("{} solution", caption.title))
    }
}

/// A self-contained HTML page that steps through still pictures (one per
/// frame: the start, then after each move) with play, pause, step and speed
/// controls, written to `out` one frame at a time, so a long plan's page is
/// never held in memory whole (issue 15). No network, no external script:
/// everything is inline. The buttons' glyphs (◀ ▶ and ASCII bars) are in
/// every common font; the media symbols ⏮ ⏭ ⏸ were empty boxes in some.
pub fn write_html_player(
    out: &mut dyn std::io::Write,
    title: &str,
    frames: impl Iterator<Item = String>,
) -> std::io::Result<()> {
    let title = escape(title);
    write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; background: #f1f5f9; color: #1f2933; margin: 2rem; }}
main {{ display: inline-block; background: white; padding: 1rem 1.5rem; border-radius: 12px; box-shadow: 0 2px 10px #0002; }}
.controls {{ display: flex; gap: .5rem; align-items: center; margin-top: .75rem; }}
button {{ font-size: 1rem; padding: .3rem .8rem; border-radius: 6px; border: 1px solid #94a3b8; background: #fff; cursor: pointer; }}
button:hover {{ background: #e2e8f0; }}
#counter {{ min-width: 8rem; font-variant-numeric: tabular-nums; }}
</style>
</head>
<body>
<main>
<h1 style="font-size:1.2rem;margin:0 0 .5rem">{title}</h1>
"#
    )?;
    for (k, f) in frames.enumerate() {
        writeln!(
            out,
            "<div class=\"frame\" data-frame=\"{k}\"{}>{f}</div>",
            if k == 0 { "" } else { " hidden" }
        )?;
    }
    write!(
        out,
        r#"<div class="controls">
<button id="first" title="first (Home)">|&#x25C0;</button>
<button id="back" title="step back (Left)">&#x25C0;</button>
<button id="play" title="play or pause (Space)">&#x25B6;</button>
<button id="next" title="step (Right)">&#x25B6;&#x25B6;</button>
<button id="last" title="last (End)">&#x25B6;|</button>
<label>speed <input id="speed" type="range" min="1" max="10" value="4"></label>
<span id="counter"></span>
</div>
</main>
<script>
(() => {{
  const frames = [...document.querySelectorAll('.frame')];
  const last = frames.length - 1;
  let at = 0, timer = null;
  const counter = document.getElementById('counter');
  const play = document.getElementById('play');
  function show(k) {{
    at = Math.max(0, Math.min(last, k));
    frames.forEach((f, i) => f.hidden = i !== at);
    counter.textContent = 'move ' + at + ' of ' + last;
  }}
  function stop() {{ clearInterval(timer); timer = null; play.innerHTML = '&#x25B6;'; }}
  function start() {{
    if (at === last) show(0);
    const speed = +document.getElementById('speed').value;
    timer = setInterval(() => {{ if (at >= last) stop(); else show(at + 1); }}, 1600 / speed);
    play.innerHTML = '||';
  }}
  play.onclick = () => timer ? stop() : start();
  document.getElementById('first').onclick = () => {{ stop(); show(0); }};
  document.getElementById('last').onclick = () => {{ stop(); show(last); }};
  document.getElementById('back').onclick = () => {{ stop(); show(at - 1); }};
  document.getElementById('next').onclick = () => {{ stop(); show(at + 1); }};
  document.getElementById('speed').oninput = () => {{ if (timer) {{ stop(); start(); }} }};
  document.addEventListener('keydown', e => {{
    if (e.key === 'ArrowRight') {{ stop(); show(at + 1); }}
    else if (e.key === 'ArrowLeft') {{ stop(); show(at - 1); }}
    else if (e.key === 'Home') {{ stop(); show(0); }}
    else if (e.key === 'End') {{ stop(); show(last); }}
    else if (e.key === ' ') {{ e.preventDefault(); timer ? stop() : start(); }}
  }});
  show(0);
}})();
</script>
</body>
</html>
"#
    )
}

// ------------------------------------------------------------ charts

/// A line chart of expansions by depth on a log scale, one line per
/// algorithm, as a standalone SVG document (`trace --compare --plot` and
/// the page's Watch mode draw the same picture).
pub fn chart(title: &str, series: &[(&str, &[u64])]) -> String {
    const W: f64 = 640.0;
    const H: f64 = 360.0;
    const LEFT: f64 = 64.0;
    const RIGHT: f64 = 150.0;
    const TOP: f64 = 40.0;
    const BOTTOM: f64 = 44.0;
    const COLOURS: [&str; 6] = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
    ];
    let depths = series
        .iter()
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(0)
        .max(2);
    let top = series
        .iter()
        .flat_map(|(_, v)| v.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let decades = ((top as f64).log10().ceil() as u32).max(1);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let x = |d: usize| LEFT + plot_w * d as f64 / (depths - 1) as f64;
    // log10(count + 1), so a depth with none sits on the axis.
    let y = |c: u64| TOP + plot_h * (1.0 - ((c as f64) + 1.0).log10() / f64::from(decades));
    let mut s = String::new();
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {W} {H}\" width=\"{W}\" height=\"{H}\" role=\"img\" aria-label=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        escape(title)
    ));
    s.push_str(&format!(
        "<rect width=\"{W}\" height=\"{H}\" fill=\"#ffffff\"/>\n<text x=\"{LEFT}\" y=\"22\" font-size=\"14\" fill=\"#222\">{}</text>\n",
        escape(title)
    ));
    for k in 0..=decades {
        let yy = TOP + plot_h * (1.0 - f64::from(k) / f64::from(decades));
        s.push_str(&format!(
            "<line x1=\"{LEFT}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#444\">{}</text>\n",
            LEFT + plot_w,
            LEFT - 6.0,
            yy + 4.0,
            power_label(k)
        ));
    }
    let step = depths.div_ceil(12).max(1);
    for d in (0..depths).step_by(step) {
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">{d}</text>\n",
            x(d),
            TOP + plot_h + 16.0
        ));
    }
    s.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">depth (moves from the start)</text>\n",
        LEFT + plot_w / 2.0,
        H - 8.0
    ));
    s.push_str(&format!(
        "<text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\" transform=\"rotate(-90 14 {:.1})\">states expanded (log)</text>\n",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    ));
    for (i, (name, counts)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let dash = if i >= COLOURS.len() {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        };
        let points: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(d, &c)| format!("{:.1},{:.1}", x(d), y(c)))
            .collect();
        if !points.is_empty() {
            s.push_str(&format!(
                "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash} points=\"{}\"/>\n",
                points.join(" ")
            ));
        }
        let total: u64 = counts.iter().sum();
        let ly = TOP + 8.0 + 18.0 * i as f64;
        s.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{colour}\" stroke-width=\"2\"{dash}/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"#222\">{} ({total})</text>\n",
            LEFT + plot_w + 10.0,
            LEFT + plot_w + 28.0,
            LEFT + plot_w + 32.0,
            ly + 4.0,
            escape(name)
        ));
    }
    s.push_str("</svg>\n");
    s
}

fn power_label(k: u32) -> String {
    match k {
        0 => "1".into(),
        1 => "10".into(),
        2 => "100".into(),
        3 => "1k".into(),
        4 => "10k".into(),
        5 => "100k".into(),
        6 => "1M".into(),
        k => format!("1e{k}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Dir;

    #[test]
    fn key_times_hold_the_last_frame() {
        let t = Timeline { moves: 3 };
        assert_eq!(t.key_times(), "0;0.25;0.5;0.75;1");
        let a = t.animate(
            "cx",
            &["1".into(), "2".into(), "3".into(), "4".into()],
            false,
        );
        assert!(a.contains("values=\"1;2;3;4;4\""), "{a}");
        assert!(a.contains("dur=\"2.4s\""), "{a}");
        let j = t.jumps("opacity", &[(0, "1"), (2, "0")]);
        assert!(j.contains("keyTimes=\"0;0.5\" values=\"1;0\""), "{j}");
    }

    const FLOOR: Mark = Mark::new("·", ".", Role::Floor);
    const WALL: Mark = Mark::new("#", "#", Role::Wall);
    const STONE: Mark = Mark::new("●", "O", Role::Piece);

    fn row(stone: u32, walls: &[u32]) -> BoardView {
        let mut v = BoardView::filled(20, 1, FLOOR, Pos::new(0, stone));
        for &c in walls {
            v.set(Pos::new(0, c), WALL);
        }
        v.piece([(Pos::new(0, stone), STONE)]);
        v
    }

    fn caption<'a>(plan: &'a str, legend: &'a [(Mark, &'a str)]) -> Caption<'a> {
        Caption {
            title: "T",
            unit: "step",
            plan,
            legend,
        }
    }

    /// Issue 15: a 449-move plan made a 3,593 px wide SVG of a 640 px board.
    #[test]
    fn a_long_plan_wraps_to_the_board() {
        let plan: String = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
            .into_iter()
            .cycle()
            .take(449)
            .map(|d| d.letter())
            .collect();
        let mut p = Picture::new(20, 20);
        p.caption(&caption(&plan, &[]), 449, None);
        let svg = p.finish("t");
        let width: u32 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        assert!(width <= 2 * MARGIN + 20 * CELL, "{width}");
        assert!(svg.contains("T: 449 steps:"), "{svg}");
        let mut short = Picture::new(3, 3);
        short.caption(&caption("UDLR", &[]), 4, None);
        assert!(short.finish("t").contains("T: 4 steps (UDLR)"));
    }

    #[test]
    fn a_still_draws_the_ground_and_the_pieces() {
        let legend = [(STONE, "stone"), (WALL, "wall")];
        let svg = still(&row(3, &[5, 9]), &caption("R", &legend), 1, 1);
        assert_eq!(svg.matches("class=\"wall\"").count(), 2, "{svg}");
        assert!(svg.contains("class=\"piece\" data-cell=\"1,4\""), "{svg}");
        assert!(svg.contains("● stone, # wall"), "{svg}");
        assert!(svg.contains("after step 1 of 1"), "{svg}");
    }

    /// A cell's animation lists only its changes, so a long plan on a
    /// long row does not draw frames × cells.
    #[test]
    fn an_animation_holds_only_what_changes() {
        let views = [row(0, &[5, 9]), row(4, &[9]), row(8, &[]), row(8, &[])];
        let mut a = Animation::new(&views[0]);
        for v in &views[1..] {
            a.push(v);
        }
        let svg = a.finish(&caption("RRU", &[]));
        // The two walls each break once: two key frames each.
        assert_eq!(svg.matches("calcMode=\"discrete\"").count(), 2, "{svg}");
        assert!(svg.contains("keyTimes=\"0;0.25\" values=\"1;0\""), "{svg}");
        assert!(svg.contains("keyTimes=\"0;0.5\" values=\"1;0\""), "{svg}");
        // The stone slides through one key frame a move.
        assert!(svg.contains("values=\"24;152;280;280;280\""), "{svg}");
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn the_chart_has_a_line_and_a_legend_entry_per_algorithm() {
        let a = [1u64, 4, 16, 64];
        let b = [1u64, 2, 3];
        let svg = chart("case 1 <lesson>", &[("seed-dfs", &a), ("bfs", &b)]);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("seed-dfs (85)"));
        assert!(svg.contains("bfs (6)"));
        assert!(svg.contains("case 1 &lt;lesson&gt;"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    }
}
