//! A board as every front end draws it: cells with a meaning, not pixels.
//!
//! The terminal game, the web page and the tests all draw positions of
//! puzzles they do not know. A puzzle says what each cell *is* — a
//! [`Mark`]: its Unicode and ASCII symbols and a [`Role`] (floor, wall,
//! goal, the moving piece, ...) — and each front end decides how a role
//! looks (the terminal's colours, the page's palette). So a new puzzle
//! needs no drawing code in any front end, and the front ends need no
//! `match` on the puzzle.

use crate::grid::{Dir, Pos};

/// What a cell is, as far as colours go.
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
    /// The piece the player moves (the stone, the head).
    Piece,
    /// The rest of a piece (a snake's body and tail).
    Body,
    /// The path of the last move.
    Trail,
    /// The path or target of a hinted move.
    Hint,
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

/// A board to draw: row-major marks and the cell the view follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<Mark>,
    /// The moving piece: a scrolling view keeps it in sight.
    pub focus: Pos,
}

impl BoardView {
    /// A board filled with `mark`.
    pub fn filled(width: u32, height: u32, mark: Mark, focus: Pos) -> BoardView {
        BoardView {
            width,
            height,
            cells: vec![mark; width as usize * height as usize],
            focus,
        }
    }

    /// Sets a cell; a cell outside the board is ignored.
    pub fn set(&mut self, p: Pos, mark: Mark) {
        if p.row < self.height && p.col < self.width {
            self.cells[p.row as usize * self.width as usize + p.col as usize] = mark;
        }
    }

    pub fn get(&self, p: Pos) -> Option<Mark> {
        (p.row < self.height && p.col < self.width)
            .then(|| self.cells[p.row as usize * self.width as usize + p.col as usize])
    }
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
