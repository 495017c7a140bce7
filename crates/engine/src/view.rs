//! A position as every front end draws it: cells with a meaning, not pixels.
//!
//! Simon Tatham's puzzle collection draws each puzzle once, through one
//! drawing interface that its desktop, web and print front ends all
//! implement. Here the one description is a [`BoardView`]: a puzzle says
//! what each cell *is* — a [`Mark`]: its Unicode and ASCII symbols and a
//! [`Role`] (floor, wall, goal, the moving piece, ...) — and every front
//! end draws roles: the terminal game, `--explain`'s text boards
//! ([`write_text`]), the SVG pictures (`crate::svg`) and the web page
//! (which reads [`BoardView::to_json`] from the API). A new puzzle needs
//! no drawing code in any front end, and no front end matches on a puzzle.
//!
//! Why three layers and not one grid of marks: a text board shows one
//! symbol a cell, but a picture draws a piece *over* the ground it stands
//! on (the stone over the goal, a snake's links between its segments), and
//! animates a piece from cell to cell. So a view keeps
//!
//! - the **ground**: one mark a cell (ice, blocks, the goal, the trail of
//!   the last move);
//! - the **pieces**: chains of cells drawn over the ground, head first (a
//!   stone is a chain of one, a snake a chain of its segments), so a
//!   picture can join the segments and slide each one;
//! - the **overlay**: marks drawn over everything (a hinted move).
//!
//! A text board shows the top mark of each cell ([`BoardView::get`]): the
//! overlay, else a piece, else the ground — except that a goal under the
//! rest of a piece (not its head) stays visible, since the body lying on
//! the exit must not hide where the exit is.
//!
//! **One palette** ([`Role::paint`]) says how each role looks everywhere:
//! its terminal colour (the ANSI code of `--explain`, the TUI's colour) and
//! its fill and line colours for light and dark pictures. Changing a
//! role's colour is one line here.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::grid::{Dir, Pos};

/// What a cell is, as far as looks go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Free ground (ice, floor).
    Floor,
    /// An obstacle (a block, a stone of the lair).
    Wall,
    /// What was just broken or removed.
    Broken,
    /// Where the piece must go.
    Goal,
    /// Where the piece started (text boards draw it as floor).
    Start,
    /// The piece the player moves (the stone, the head).
    Piece,
    /// The rest of a piece (a snake's body and tail).
    Body,
    /// The path of the last move.
    Trail,
    /// The path or target of a hinted move.
    Hint,
}

/// A terminal colour of the palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Faint (the terminal's dim attribute, or dark grey).
    Dim,
    Blue,
    Red,
    Green,
    Yellow,
    Cyan,
    Magenta,
}

/// How one role looks in every front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paint {
    /// The terminal colour, and whether it is bold.
    pub ink: Ink,
    pub bold: bool,
    /// Shown in reverse video in the terminal game (a hint must catch the
    /// eye on any background).
    pub reverse: bool,
    /// Bold even without colours, where only the shape of a glyph speaks.
    pub mono_bold: bool,
    /// Fill colour in pictures: light theme, dark theme.
    pub fill: [&'static str; 2],
    /// Outline colour in pictures: light theme, dark theme.
    pub line: [&'static str; 2],
}

impl Paint {
    /// The ANSI SGR parameters of this paint (`1;33` bold yellow).
    pub fn ansi(&self) -> &'static str {
        match (self.ink, self.bold) {
            (Ink::Dim, _) => "2",
            (Ink::Blue, false) => "34",
            (Ink::Blue, true) => "1;34",
            (Ink::Red, false) => "31",
            (Ink::Red, true) => "1;31",
            (Ink::Green, false) => "32",
            (Ink::Green, true) => "1;32",
            (Ink::Yellow, false) => "33",
            (Ink::Yellow, true) => "1;33",
            (Ink::Cyan, false) => "36",
            (Ink::Cyan, true) => "1;36",
            (Ink::Magenta, false) => "35",
            (Ink::Magenta, true) => "1;35",
        }
    }
}

impl Role {
    /// Every role, in the order of the palette.
    pub const ALL: [Role; 9] = [
        Role::Floor,
        Role::Wall,
        Role::Broken,
        Role::Goal,
        Role::Start,
        Role::Piece,
        Role::Body,
        Role::Trail,
        Role::Hint,
    ];

    /// The role's name: the class of its shapes in pictures and its name
    /// in the API's views.
    pub fn name(self) -> &'static str {
        match self {
            Role::Floor => "floor",
            Role::Wall => "wall",
            Role::Broken => "broken",
            Role::Goal => "goal",
            Role::Start => "start",
            Role::Piece => "piece",
            Role::Body => "body",
            Role::Trail => "trail",
            Role::Hint => "hint",
        }
    }

    /// The role called `name` ([`Role::name`]).
    pub fn named(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The one palette: how this role looks in the terminal and in
    /// pictures. Picture colours are chosen for contrast against the floor
    /// (at least 3:1 for the cells that carry meaning) in both themes.
    ///
    /// Dark keeps the meanings of light: walls are darker than the floor
    /// in both, so a wall never looks like ground. Dark's floor is a mid
    /// slate (walls near black on it), and every mark on it is a light
    /// tint, at least 3:1 against the floor (e2e/layout.test.mjs measures
    /// each pair in both themes).
    pub const fn paint(self) -> Paint {
        const fn p(
            ink: Ink,
            bold: bool,
            fill: [&'static str; 2],
            line: [&'static str; 2],
        ) -> Paint {
            Paint {
                ink,
                bold,
                reverse: false,
                mono_bold: false,
                fill,
                line,
            }
        }
        match self {
            Role::Floor => p(
                Ink::Dim,
                false,
                ["#e0f2fe", "#46627f"],
                ["#6b7a90", "#b8c4d6"],
            ),
            Role::Start => p(
                Ink::Dim,
                false,
                ["#e0f2fe", "#46627f"],
                ["#2563eb", "#bfdbfe"],
            ),
            Role::Wall => p(
                Ink::Blue,
                false,
                ["#1e293b", "#020617"],
                ["#0f172a", "#000000"],
            ),
            Role::Broken => Paint {
                mono_bold: true,
                ..p(Ink::Red, true, ["none", "none"], ["#c2410c", "#fdba74"])
            },
            Role::Goal => p(
                Ink::Green,
                true,
                ["#dcfce7", "#1f5a3d"],
                ["#15803d", "#86efac"],
            ),
            Role::Piece => Paint {
                mono_bold: true,
                ..p(
                    Ink::Yellow,
                    true,
                    ["#dc2626", "#fca5a5"],
                    ["#7f1d1d", "#7f1d1d"],
                )
            },
            Role::Body => p(
                Ink::Yellow,
                false,
                ["#fdba74", "#fed7aa"],
                ["#9a3412", "#ffedd5"],
            ),
            Role::Trail => p(
                Ink::Cyan,
                false,
                ["#a16207", "#facc15"],
                ["#a16207", "#facc15"],
            ),
            Role::Hint => Paint {
                reverse: true,
                mono_bold: true,
                ..p(
                    Ink::Magenta,
                    true,
                    ["#7c3aed", "#c4b5fd"],
                    ["#7c3aed", "#c4b5fd"],
                )
            },
        }
    }
}

/// One cell of a [`BoardView`]: its symbols and its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// One terminal column of Unicode.
    pub text: &'static str,
    /// One ASCII character, for `--ascii`.
    pub ascii: &'static str,
    pub role: Role,
}

impl Mark {
    pub const fn new(text: &'static str, ascii: &'static str, role: Role) -> Mark {
        Mark { text, ascii, role }
    }

    /// The mark as the API's views send it: `{"role", "text"}`.
    pub fn to_json(self) -> Value {
        json!({"role": self.role.name(), "text": self.text})
    }

    /// The symbol in the wanted character set.
    pub fn symbol(self, ascii: bool) -> &'static str {
        if ascii {
            self.ascii
        } else {
            self.text
        }
    }

    /// An arrow along the last move in direction `d`.
    pub fn trail(d: Dir) -> Mark {
        const TEXT: [&str; 4] = ["↑", "↓", "←", "→"];
        const ASCII: [&str; 4] = ["^", "v", "<", ">"];
        Mark::new(TEXT[d.index()], ASCII[d.index()], Role::Trail)
    }

    /// A hollow arrow along a hinted move in direction `d`.
    pub fn hint(d: Dir) -> Mark {
        const TEXT: [&str; 4] = ["⇧", "⇩", "⇦", "⇨"];
        const ASCII: [&str; 4] = ["^", "v", "<", ">"];
        Mark::new(TEXT[d.index()], ASCII[d.index()], Role::Hint)
    }
}

/// A piece drawn over the ground: its cells in order, head first, each
/// with its mark. Consecutive cells of a chain are joined in pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub cells: Vec<(Pos, Mark)>,
}

/// A board to draw: the ground, the pieces over it and the marks over
/// everything (see the module docs), and the cell the view follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub width: u32,
    pub height: u32,
    /// One mark a cell, row by row.
    pub ground: Vec<Mark>,
    pub pieces: Vec<Piece>,
    pub overlay: Vec<(Pos, Mark)>,
    /// The moving piece: a scrolling view keeps it in sight.
    pub focus: Pos,
}

impl BoardView {
    /// A board of `mark` ground, nothing on it.
    pub fn filled(width: u32, height: u32, mark: Mark, focus: Pos) -> BoardView {
        BoardView {
            width,
            height,
            ground: vec![mark; width as usize * height as usize],
            pieces: Vec::new(),
            overlay: Vec::new(),
            focus,
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.row < self.height && p.col < self.width)
            .then(|| p.row as usize * self.width as usize + p.col as usize)
    }

    /// Sets the ground of a cell; a cell outside the board is ignored.
    pub fn set(&mut self, p: Pos, mark: Mark) {
        if let Some(i) = self.index(p) {
            self.ground[i] = mark;
        }
    }

    /// Puts a piece over the ground: `cells` head first.
    pub fn piece(&mut self, cells: impl IntoIterator<Item = (Pos, Mark)>) {
        self.pieces.push(Piece {
            cells: cells.into_iter().collect(),
        });
    }

    /// Puts `mark` over everything on cell `p` (a hint).
    pub fn over(&mut self, p: Pos, mark: Mark) {
        if self.index(p).is_some() {
            self.overlay.push((p, mark));
        }
    }

    /// The ground of a cell.
    pub fn ground_at(&self, p: Pos) -> Option<Mark> {
        self.index(p).map(|i| self.ground[i])
    }

    /// What a text board shows on cell `p`: the overlay, else a piece
    /// (the last piece drawn, and its earliest cell, win), else the ground;
    /// a goal under a piece's later cells stays visible.
    pub fn get(&self, p: Pos) -> Option<Mark> {
        let ground = self.ground_at(p)?;
        if let Some(&(_, m)) = self.overlay.iter().rev().find(|(q, _)| *q == p) {
            return Some(m);
        }
        for piece in self.pieces.iter().rev() {
            if let Some(k) = piece.cells.iter().position(|(q, _)| *q == p) {
                if k > 0 && ground.role == Role::Goal {
                    return Some(ground);
                }
                return Some(piece.cells[k].1);
            }
        }
        Some(ground)
    }

    /// The top marks ([`BoardView::get`]) of the whole board, row by row:
    /// what a text board draws, in one pass over the pieces.
    pub fn top(&self) -> Vec<Mark> {
        let mut top = self.ground.clone();
        for piece in &self.pieces {
            for (k, &(p, m)) in piece.cells.iter().enumerate().rev() {
                if let Some(i) = self.index(p) {
                    if !(k > 0 && self.ground[i].role == Role::Goal) {
                        top[i] = m;
                    }
                }
            }
        }
        for &(p, m) in &self.overlay {
            if let Some(i) = self.index(p) {
                top[i] = m;
            }
        }
        top
    }

    /// The view as the API sends it to the page:
    ///
    /// ```text
    /// {"width": 6, "height": 5,
    ///  "marks": [{"role": "floor", "text": "·"}, {"role": "wall", ...}],
    ///  "ground": "0010...",           one character a cell: the index of
    ///                                 its mark in `marks`, in base 62
    ///                                 (0-9, a-z, A-Z)
    ///  "pieces": [[[row, col, mark], ...], ...],   head first
    ///  "overlay": [[row, col, mark], ...],
    ///  "focus": [row, col]}
    /// ```
    ///
    /// A cell is one character, so a 100 × 100 board is 10 KB of ground;
    /// a view uses at most 62 different marks.
    pub fn to_json(&self) -> Value {
        const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let mut marks: Vec<Mark> = Vec::new();
        let mut index = |m: Mark| -> usize {
            match marks.iter().position(|&k| k == m) {
                Some(i) => i,
                None => {
                    marks.push(m);
                    marks.len() - 1
                }
            }
        };
        let ground: String = self
            .ground
            .iter()
            .map(|&m| char::from(DIGITS[index(m).min(61)]))
            .collect();
        let pieces: Vec<Value> = self
            .pieces
            .iter()
            .map(|piece| {
                Value::Array(
                    piece
                        .cells
                        .iter()
                        .map(|&(p, m)| json!([p.row, p.col, index(m)]))
                        .collect(),
                )
            })
            .collect();
        let overlay: Vec<Value> = self
            .overlay
            .iter()
            .map(|&(p, m)| json!([p.row, p.col, index(m)]))
            .collect();
        let marks: Vec<Value> = marks.iter().map(|m| m.to_json()).collect();
        json!({
            "width": self.width,
            "height": self.height,
            "marks": marks,
            "ground": ground,
            "pieces": pieces,
            "overlay": overlay,
            "focus": [self.focus.row, self.focus.col],
        })
    }
}

/// The palette as CSS custom properties for the web page:
/// `--ROLE-fill` and `--ROLE-line` of every role on `:root`, light, and
/// dark under `prefers-color-scheme: dark`. The page's stylesheet draws
/// roles with these, so a colour is changed in [`Role::paint`] only.
pub fn palette_variables() -> String {
    let mut css = String::new();
    for t in 0..2 {
        let mut vars = String::new();
        for r in Role::ALL {
            let p = r.paint();
            let _ = write!(
                vars,
                " --{0}-fill: {1}; --{0}-line: {2};",
                r.name(),
                p.fill[t],
                p.line[t]
            );
        }
        if t == 0 {
            let _ = writeln!(css, ":root {{{vars} }}");
        } else {
            let _ = writeln!(
                css,
                "@media (prefers-color-scheme: dark) {{ :root {{{vars} }} }}"
            );
        }
    }
    css
}

/// How a line of text about the game should read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Plain,
    /// Reachable, won.
    Good,
    /// Refused, hopeless.
    Bad,
    /// A hint.
    Hint,
    /// Unknown (a budget stopped the search).
    Warn,
}

/// Text drawing options of `--explain` and the stress report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextStyle {
    pub ascii: bool,
    pub color: bool,
}

/// A mark as text in `style`: its symbol, in its role's colour when asked.
pub fn paint(mark: Mark, style: TextStyle) -> String {
    let text = mark.symbol(style.ascii);
    if style.color {
        format!("\x1b[{}m{text}\x1b[0m", mark.role.paint().ansi())
    } else {
        text.to_string()
    }
}

/// Appends `view` as a text board: a line a row, indented two spaces, one
/// symbol a cell with a space between (so a board stays square in a
/// terminal).
pub fn write_text(view: &BoardView, style: TextStyle, out: &mut String) {
    let top = view.top();
    for row in top.chunks(view.width.max(1) as usize) {
        out.push_str("  ");
        for (i, &m) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&paint(m, style));
        }
        out.push('\n');
    }
}

/// A legend line's items: `● stone  ■ block`, each mark in `style`.
pub fn legend_text(legend: &[(Mark, &str)], style: TextStyle) -> String {
    let mut out = String::new();
    for (i, (m, word)) in legend.iter().enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let _ = write!(out, "{} {word}", paint(*m, style));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLOOR: Mark = Mark::new("·", ".", Role::Floor);
    const GOAL: Mark = Mark::new("◎", "G", Role::Goal);
    const HEAD: Mark = Mark::new("◉", "H", Role::Piece);
    const BODY: Mark = Mark::new("●", "o", Role::Body);

    fn snake_on_goal() -> BoardView {
        let mut v = BoardView::filled(3, 1, FLOOR, Pos::new(0, 0));
        v.set(Pos::new(0, 1), GOAL);
        v.piece([
            (Pos::new(0, 0), HEAD),
            (Pos::new(0, 1), BODY),
            (Pos::new(0, 2), BODY),
        ]);
        v
    }

    #[test]
    fn a_goal_under_the_body_stays_visible_and_the_head_covers_it() {
        let v = snake_on_goal();
        assert_eq!(v.get(Pos::new(0, 1)), Some(GOAL));
        assert_eq!(v.top(), vec![HEAD, GOAL, BODY]);
        let mut on = BoardView::filled(2, 1, FLOOR, Pos::new(0, 0));
        on.set(Pos::new(0, 0), GOAL);
        on.piece([(Pos::new(0, 0), HEAD), (Pos::new(0, 1), BODY)]);
        assert_eq!(on.top(), vec![HEAD, BODY]);
        let hint = Mark::hint(Dir::Right);
        on.over(Pos::new(0, 1), hint);
        assert_eq!(on.get(Pos::new(0, 1)), Some(hint));
        assert_eq!(on.top()[1], hint);
    }

    #[test]
    fn text_boards_draw_the_top_marks_in_colour_when_asked() {
        let v = snake_on_goal();
        let mut plain = String::new();
        write_text(&v, TextStyle::default(), &mut plain);
        assert_eq!(plain, "  ◉ ◎ ●\n");
        let mut ascii = String::new();
        write_text(
            &v,
            TextStyle {
                ascii: true,
                color: true,
            },
            &mut ascii,
        );
        assert_eq!(
            ascii,
            "  \x1b[1;33mH\x1b[0m \x1b[1;32mG\x1b[0m \x1b[33mo\x1b[0m\n"
        );
    }

    #[test]
    fn the_palette_keeps_the_terminal_codes() {
        let codes: Vec<&str> = Role::ALL.iter().map(|r| r.paint().ansi()).collect();
        assert_eq!(
            codes,
            ["2", "34", "1;31", "1;32", "2", "1;33", "33", "36", "1;35"]
        );
        for r in Role::ALL {
            assert_eq!(Role::named(r.name()), Some(r));
        }
    }

    #[test]
    fn the_page_palette_has_every_role_in_both_themes() {
        let css = palette_variables();
        let (light, dark) = css.split_once("@media").unwrap();
        for r in Role::ALL {
            let p = r.paint();
            assert!(light.contains(&format!("--{}-fill: {};", r.name(), p.fill[0])));
            assert!(light.contains(&format!("--{}-line: {};", r.name(), p.line[0])));
            assert!(dark.contains(&format!("--{}-fill: {};", r.name(), p.fill[1])));
            assert!(dark.contains(&format!("--{}-line: {};", r.name(), p.line[1])));
        }
        assert!(dark.starts_with(" (prefers-color-scheme: dark) { :root {"));
    }

    #[test]
    fn json_views_index_their_marks() {
        let v = snake_on_goal();
        let j = v.to_json();
        assert_eq!(j["ground"], "010");
        assert_eq!(j["marks"][1]["role"], "goal");
        assert_eq!(j["pieces"][0][0], json!([0, 0, 2]));
        assert_eq!(j["pieces"][0][1], json!([0, 1, 3]));
        assert_eq!(j["focus"], json!([0, 0]));
    }
}
