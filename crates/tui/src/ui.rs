//! Drawing a play screen with ratatui, from a plain view-model.
//!
//! [`View`] is everything a screen shows, already decided: the board as the
//! engine's [`BoardView`] (cells that are [`Mark`]s: a symbol and a
//! [`Role`]), the lines of text and their [`Tone`]s. [`draw`] only lays it
//! out. Keeping the decisions out of here is what makes the screens
//! testable: the tests build a `View` from a game state and render it into
//! ratatui's `TestBackend`, with no terminal and no clock.
//!
//! No puzzle is known here. A puzzle says what each cell *is*; how a role
//! looks is the engine's one palette, turned into terminal styles here
//! ([`role_style`]): the same colour for every puzzle's moving piece (a
//! sliding stone, a snake's head), because both are the piece the player
//! moves, and the same colours `--explain` prints.
//!
//! Layout, chosen for an 80×24 terminal: a title line; the board on the
//! left (two columns a cell, so it stays square) beside a side panel with the
//! move counter, the prospect, a legend and the keys; one message line at the
//! bottom (a refused move's reason, a hint, a win). A board larger than its
//! box scrolls: the visible window follows the moving piece, and the box's
//! lower edge says which rows and columns are shown.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

use gridpuzzle_engine::view::{BoardView, Ink, Mark, Role, Tone};
use gridpuzzle_engine::Pos;

/// How a cell of `role` looks: the engine's one palette
/// ([`Role::paint`]) in terminal colours; without colours the piece, what
/// broke and the hint still stand out.
pub fn role_style(role: Role, color: bool) -> Style {
    let paint = role.paint();
    let mut s = Style::new();
    if color {
        s = s.fg(match paint.ink {
            Ink::Dim => Color::DarkGray,
            Ink::Blue => Color::Blue,
            Ink::Red => Color::Red,
            Ink::Green => Color::Green,
            Ink::Yellow => Color::Yellow,
            Ink::Cyan => Color::Cyan,
            Ink::Magenta => Color::Magenta,
        });
    }
    if (color && paint.bold) || (!color && paint.mono_bold) {
        s = s.add_modifier(Modifier::BOLD);
    }
    if paint.reverse {
        s = s.add_modifier(Modifier::REVERSED);
    }
    s
}

/// How a line of text of `tone` looks.
pub fn tone_style(tone: Tone, color: bool) -> Style {
    let s = Style::new();
    match (tone, color) {
        (Tone::Plain, _) => s,
        (Tone::Bad, false) | (Tone::Good, false) => s.add_modifier(Modifier::BOLD),
        (_, false) => s,
        (Tone::Good, true) => s.fg(Color::Green).add_modifier(Modifier::BOLD),
        (Tone::Bad, true) => s.fg(Color::Red).add_modifier(Modifier::BOLD),
        (Tone::Hint, true) => s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
        (Tone::Warn, true) => s.fg(Color::Yellow),
    }
}

/// A mark as a styled span.
fn mark_span(mark: Mark, ascii: bool, color: bool) -> Span<'static> {
    Span::styled(mark.symbol(ascii), role_style(mark.role, color))
}

/// Everything a play screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The title line: puzzle and where it came from.
    pub title: String,
    pub board: BoardView,
    /// The move counter, such as `throws 3 of 10`.
    pub counter: String,
    /// Whether the goal is still reachable.
    pub status: (String, Tone),
    /// The last thing that happened (a move, a refusal, a hint, a win).
    pub message: (String, Tone),
    /// The marks worth explaining, with their words.
    pub legend: Vec<(Mark, &'static str)>,
    /// Show the help screen over the board.
    pub help: bool,
    pub ascii: bool,
    pub color: bool,
}

/// The short key list of the side panel.
const KEYS: &[(&str, &str)] = &[
    ("arrows/WASD", "move"),
    ("u / y", "undo / redo"),
    ("Backspace", "restart"),
    ("h", "hint"),
    ("Enter", "solve from here"),
    ("Ctrl-S", "save"),
    ("?", "help"),
    ("q / Esc", "quit"),
];

/// The help screen's text.
pub const HELP: &str = "\
Move: arrow keys or W A S D (up, left, down, right).
u or Ctrl-Z: undo      y or Ctrl-Y: redo
Backspace: back to the start (redo brings the moves back)
h: hint - the optimal next move, highlighted, and how many
   moves remain from here (proved by the exact solver)
Enter: solve - play the optimal solution from here, one move
   at a time (each one undoable; any key stops it)
g: scroll a board larger than the screen to the goal (any
   key scrolls back)
Ctrl-S: save the puzzle and the move history (--save FILE,
   else the --load file, else gridpuzzle-PUZZLE.save)
q, Esc or Ctrl-C: quit (writes --save FILE if given)

After every move the right panel says whether the goal can
still be reached under the rules (within the moves left
under a cap, if the rules set one); a refused move is
explained on the bottom line.

Press any key to close this help.";

/// Draws `view` over the whole frame.
pub fn draw(frame: &mut Frame, view: &View) {
    let area = frame.area();
    let [title, middle, message] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(area);
    let title_style = if view.color {
        Style::new()
            .fg(Color::Black)
            .bg(Color::Cyan)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
    };
    frame.render_widget(
        Paragraph::new(Line::from(format!(" {}", view.title))).style(title_style),
        title,
    );
    // The board box is as wide as the board needs (two columns a cell and
    // the borders), leaving at least 30 columns to the panel.
    // The board box hugs the board (two columns a cell, the borders, room
    // for its title), leaving at least 30 columns to the panel.
    let board_cols = (view.board.width as u64 * 2 - 1).min(u16::MAX as u64) as u16;
    let wanted = board_cols.saturating_add(2).max(11);
    let board_w = wanted.min(middle.width.saturating_sub(30).max(middle.width / 2));
    let [left, panel_area] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Min(0)]).areas(middle);
    let board_h = (view.board.height as u64 + 2).min(left.height as u64) as u16;
    let board_area = Rect {
        height: board_h,
        ..left
    };
    draw_board(frame.buffer_mut(), board_area, view);
    draw_panel(frame, panel_area, view);
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!(" {}", view.message.0),
            tone_style(view.message.1, view.color),
        ))),
        message,
    );
    if view.help {
        draw_help(frame, middle, view);
    }
}

/// The first visible cell along one axis: the window of `shown` cells
/// follows `focus`, centred when it can be, and never leaves the board.
fn window_start(len: u32, shown: u32, focus: u32) -> u32 {
    if shown >= len {
        return 0;
    }
    focus.saturating_sub(shown / 2).min(len - shown)
}

fn draw_board(buf: &mut Buffer, area: Rect, view: &View) {
    let b = &view.board;
    let inner_w = area.width.saturating_sub(2) as u32;
    let inner_h = area.height.saturating_sub(2) as u32;
    // Cell k sits at column 2k: a glyph then a space (the last needs none).
    let shown_cols = (inner_w.div_ceil(2)).min(b.width);
    let shown_rows = inner_h.min(b.height);
    let c0 = window_start(b.width, shown_cols, b.focus.col);
    let r0 = window_start(b.height, shown_rows, b.focus.row);
    let mut block = Block::bordered().title(format!(" {}×{} ", b.width, b.height));
    if shown_cols < b.width || shown_rows < b.height {
        block = block.title_bottom(format!(
            " rows {}-{}, cols {}-{} ",
            r0 + 1,
            r0 + shown_rows,
            c0 + 1,
            c0 + shown_cols
        ));
    }
    let inner = block.inner(area);
    ratatui::widgets::Widget::render(block, area, buf);
    for r in 0..shown_rows {
        let mut spans = Vec::with_capacity(shown_cols as usize * 2);
        for c in 0..shown_cols {
            let mark = b
                .get(Pos::new(r0 + r, c0 + c))
                .expect("the window lies inside the board");
            spans.push(mark_span(mark, view.ascii, view.color));
            if c + 1 < shown_cols {
                spans.push(Span::raw(" "));
            }
        }
        let y = inner.y + r as u16;
        buf.set_line(inner.x, y, &Line::from(spans), inner.width);
    }
}

fn draw_panel(frame: &mut Frame, area: Rect, view: &View) {
    let mut lines = vec![
        Line::from(Span::styled(
            view.counter.clone(),
            Style::new().add_modifier(Modifier::BOLD),
        )),
        Line::from(Span::styled(
            view.status.0.clone(),
            tone_style(view.status.1, view.color),
        )),
        Line::from(""),
    ];
    let mut legend: Vec<Span> = Vec::new();
    for (i, (mark, word)) in view.legend.iter().enumerate() {
        if i > 0 {
            legend.push(Span::raw("  "));
        }
        legend.push(mark_span(*mark, view.ascii, view.color));
        legend.push(Span::raw(format!(" {word}")));
    }
    lines.push(Line::from(legend));
    lines.push(Line::from(""));
    for (key, what) in KEYS {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{key:>11}"),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!("  {what}")),
        ]));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::new().padding(ratatui::widgets::Padding::horizontal(1))),
        area,
    );
}

fn draw_help(frame: &mut Frame, area: Rect, view: &View) {
    let w = area.width.min(66);
    let h = area.height.min(HELP.lines().count() as u16 + 2);
    let popup = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    let style = if view.color {
        Style::new().fg(Color::White)
    } else {
        Style::new()
    };
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(HELP)
            .style(style)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" keys ")),
        popup,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_follows_the_focus_and_stays_inside() {
        assert_eq!(window_start(10, 20, 3), 0);
        assert_eq!(window_start(40, 20, 0), 0);
        assert_eq!(window_start(40, 20, 15), 5);
        assert_eq!(window_start(40, 20, 39), 20);
    }
}
