//! A small SVG writer for grid pictures, still or animated.
//!
//! Both puzzles draw the same kind of picture: a grid of square cells, some
//! filled, pieces that move from cell to cell, and a legend. Animation is
//! SMIL (`<animate>` inside the shapes), which every current browser plays
//! without a script. Every animated attribute uses the same duration and
//! the same key times — one key frame per move plus a closing pause — so
//! all pieces stay in step and the picture loops cleanly.
//!
//! Shapes carry `class` and `data-cell="row,col"` (1-based) attributes so
//! tests (and stylesheets) can find them.

use std::fmt::Write;

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

    /// `keyTimes` for per-frame values: `moves + 2` entries (the last frame
    /// repeats to hold).
    pub fn key_times(&self) -> String {
        let n = self.moves as f64 + 1.0;
        let mut s = String::new();
        for k in 0..=self.moves {
            let _ = write!(s, "{};", fmt_num(k as f64 / n));
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

/// A grid picture being written.
pub struct Picture {
    pub rows: u32,
    pub cols: u32,
    body: String,
    legend: Vec<String>,
}

/// Height of one legend line.
const LEGEND_LINE: u32 = 20;
const MARGIN: u32 = 8;

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

    /// A line of the legend under the grid.
    pub fn legend(&mut self, text: &str) {
        self.legend.push(escape(text));
    }

    /// The legend of a solution picture: `title` with the number of moves
    /// (`unit` in the singular, "throw" or "step") and the moves, the colour
    /// key, and which frame a still shows (or the animation's pace).
    pub fn solution_legend<M: crate::moves::Move>(
        &mut self,
        title: &str,
        unit: &str,
        plan: &[M],
        colours: &str,
        still: Option<usize>,
    ) {
        let n = plan.len();
        let moves = if n == 0 {
            "none".to_string()
        } else {
            crate::grid::plan_string(plan)
        };
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
        self.legend(colours);
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

    /// The whole document. `style` is the puzzle's CSS (colours by class).
    pub fn finish(&self, title: &str, style: &str) -> String {
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
        let _ = writeln!(
            s,
            "<style>.grid line {{ stroke: #c5cdd6; stroke-width: 1 }} .legend {{ font-size: 13px; fill: #1f2933 }} {style}</style>"
        );
        let _ = writeln!(
            s,
            "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"#f8fafc\"/>"
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
}

/// A self-contained HTML page that steps through still pictures (one per
/// frame: the start, then after each move) with play, pause, step and speed
/// controls. No network, no external script: everything is inline. The
/// buttons' glyphs (◀ ▶ and ASCII bars) are in every common font; the media
/// symbols ⏮ ⏭ ⏸ were empty boxes in some.
pub fn html_player(title: &str, frames: &[String]) -> String {
    let mut out = Vec::new();
    write_html_player(&mut out, title, frames.iter().cloned())
        .expect("writing to memory does not fail");
    String::from_utf8(out).expect("the page is UTF-8")
}

/// [`html_player`] written to `out` one frame at a time, so a long plan's
/// page is never held in memory whole (issue 15).
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    /// Issue 15: a 449-move plan made a 3,593 px wide SVG of a 640 px board.
    #[test]
    fn a_long_plan_wraps_to_the_board() {
        use crate::grid::Dir;
        let plan: Vec<Dir> = [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
            .into_iter()
            .cycle()
            .take(449)
            .collect();
        let mut p = Picture::new(20, 20);
        p.solution_legend("T", "step", &plan, "key", None);
        let svg = p.finish("t", "");
        let width: u32 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        assert!(width <= 2 * MARGIN + 20 * CELL, "{width}");
        assert!(svg.contains("T: 449 steps:"), "{svg}");
        let mut short = Picture::new(3, 3);
        short.solution_legend("T", "step", &plan[..4], "key", None);
        assert!(short.finish("t", "").contains("T: 4 steps (UDLR)"));
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
