//! The two puzzles on the play screen: [`Playable`] for the puzzle crates'
//! `CurlingGame` and `HoledoxGame`.
//!
//! No rule is decided here. Moves, refusals and hints come from the crates'
//! `Game` implementations (which call `rules.rs`); this file only turns
//! positions into glyphs and sentences, and the game into a save file and
//! back. The hinted Curling throw is drawn by asking `rules::throw` where
//! the stone would go, so the highlighted path is the real one.

use anyhow::{anyhow, bail, Result};

use gridpuzzle_curling as curling;
use gridpuzzle_curling::play::CurlingGame;
use gridpuzzle_engine::session::Prospect;
use gridpuzzle_engine::{Dir, Pos};
use gridpuzzle_holedox as holedox;
use gridpuzzle_holedox::play::HoledoxGame;

use super::app::Playable;
use super::save::SaveFile;
use super::ui::{BoardView, Glyph, Tone};

/// The cells a throw from `from` toward `dir` passes, nearest first,
/// `cells` of them.
fn path(from: Pos, dir: Dir, cells: u32) -> impl Iterator<Item = Pos> {
    let (dr, dc) = dir.delta();
    (1..=cells as i64).map(move |k| {
        Pos::new(
            (from.row as i64 + dr * k) as u32,
            (from.col as i64 + dc * k) as u32,
        )
    })
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

fn unknown(hit: &gridpuzzle_engine::search::LimitHit) -> (String, Tone) {
    (
        format!("reachability unknown: {hit} (h searches again)"),
        Tone::Warn,
    )
}

/// The board with standing blocks and the goal, and nothing moving.
fn curling_base(game: &CurlingGame, state: &curling::State) -> BoardView {
    let board = &game.board;
    let grid = board.grid();
    let mut view = BoardView::filled(grid.width(), grid.height(), Glyph::Ice, state.stone);
    for (i, &cell) in grid.cells().iter().enumerate() {
        let p = grid.pos(i);
        match cell {
            curling::Cell::Block if board.is_block(state, p) => view.set(p, Glyph::Block),
            curling::Cell::Goal => view.set(p, Glyph::Goal),
            _ => {}
        }
    }
    view
}

impl Playable for CurlingGame {
    const PUZZLE: &'static str = "curling";
    const TITLE: &'static str = "Curling 2.0";
    const MOVE: &'static str = "throw";
    const MOVES: &'static str = "throws";

    fn board(
        &self,
        state: &curling::State,
        last: Option<(&curling::State, Dir, &curling::Throw)>,
        hint: Option<Dir>,
    ) -> BoardView {
        let mut view = curling_base(self, state);
        if let Some((before, dir, t)) = last {
            let cells = match *t {
                curling::Throw::Rest { cells, broke, .. } => {
                    view.set(broke, Glyph::Broken);
                    cells
                }
                curling::Throw::Goal { cells, .. } => cells - 1,
            };
            view.set(before.stone, Glyph::Trail(dir));
            for p in path(before.stone, dir, cells) {
                view.set(p, Glyph::Trail(dir));
            }
        }
        if let Some(dir) = hint {
            if let Ok(t) = curling::rules::throw(&self.board, state, dir) {
                let cells = match t {
                    curling::Throw::Rest { cells, .. } => cells,
                    // Keep the goal visible, unless it is the only cell.
                    curling::Throw::Goal { cells, .. } => (cells - 1).max(1),
                };
                for p in path(state.stone, dir, cells) {
                    view.set(p, Glyph::Hint(dir));
                }
            }
        }
        view.set(state.stone, Glyph::Stone);
        view
    }

    fn frames(&self, before: &curling::State, dir: Dir, event: &curling::Throw) -> Vec<BoardView> {
        // The stone on each cell of its slide, the block still standing at
        // the end (the board after the throw then shows it broken). Long
        // slides show every few cells: about 24 frames at most.
        let (cells, last) = match *event {
            curling::Throw::Rest { cells, .. } => (cells, cells),
            curling::Throw::Goal { cells, .. } => (cells, cells - 1),
        };
        let stride = cells.div_ceil(24).max(1);
        let mut steps: Vec<u32> = (1..=last).filter(|k| k % stride == 0).collect();
        if last >= 1 && steps.last() != Some(&last) {
            steps.push(last);
        }
        let mut frames = Vec::with_capacity(steps.len());
        for k in steps {
            let mut view = curling_base(self, before);
            view.set(before.stone, Glyph::Trail(dir));
            let mut at = before.stone;
            for p in path(before.stone, dir, k) {
                view.set(p, Glyph::Trail(dir));
                at = p;
            }
            view.set(at, Glyph::Stone);
            view.focus = at;
            frames.push(view);
        }
        frames
    }

    fn describe(&self, dir: Dir, event: &curling::Throw) -> String {
        // Short enough for one line of 80 columns: the board shows where
        // the stone stopped.
        match *event {
            curling::Throw::Rest { broke, cells, .. } => format!(
                "slid {cells} {} {}, broke the block at {broke}",
                plural(cells as usize, "cell", "cells"),
                dir.word()
            ),
            curling::Throw::Goal { cells, .. } => format!(
                "slid {cells} {} {} into the goal",
                plural(cells as usize, "cell", "cells"),
                dir.word()
            ),
        }
    }

    fn counter(&self, used: usize) -> String {
        match self.max_throws {
            Some(cap) => format!("throws: {used} of at most {cap}"),
            None => format!("throws: {used} (no cap)"),
        }
    }

    fn status(&self, prospect: &Prospect<Dir>, used: usize, stuck: bool) -> (String, Tone) {
        let left = self
            .max_throws
            .map(|cap| (cap as usize).saturating_sub(used));
        match prospect {
            Prospect::Won => ("the stone is on the goal".into(), Tone::Good),
            Prospect::Reachable { .. } => match left {
                Some(left) => (
                    format!(
                        "the goal can still be reached within the {left} {} left",
                        plural(left, "throw", "throws")
                    ),
                    Tone::Good,
                ),
                None => ("the goal can still be reached".into(), Tone::Good),
            },
            Prospect::Hopeless => (
                match left {
                    Some(0) => format!(
                        "hopeless: all {} throws of the cap are used",
                        self.max_throws.unwrap_or(0)
                    ),
                    _ if stuck => "hopeless: the stone cannot be thrown anywhere".into(),
                    Some(left) => format!(
                        "hopeless: the goal cannot be reached in the {left} {} left",
                        plural(left, "throw", "throws")
                    ),
                    None => "hopeless: the goal can no longer be reached".into(),
                } + " (u undoes)",
                Tone::Bad,
            ),
            Prospect::Unknown(hit) => unknown(hit),
        }
    }

    fn legend(&self) -> Vec<(Glyph, &'static str)> {
        vec![
            (Glyph::Stone, "stone"),
            (Glyph::Block, "block"),
            (Glyph::Goal, "goal"),
            (Glyph::Broken, "broken"),
        ]
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let cap = match self.max_throws {
            Some(n) => n.to_string(),
            None => "none".into(),
        };
        vec![("max-throws", cap)]
    }

    fn judge_text(&self, _start: &curling::State) -> String {
        let board = curling::parse::write_dataset(&self.board);
        format!("{board}{}", curling::parse::TERMINATOR)
    }

    fn from_save(file: &SaveFile) -> Result<(CurlingGame, curling::State)> {
        let cap = match file.get("max-throws") {
            None => Some(curling::solve::JUDGE_MAX_THROWS),
            Some(v) if v.eq_ignore_ascii_case("none") => None,
            Some(v) => Some(
                v.parse::<u32>()
                    .map_err(|_| anyhow!("max-throws: expected a number or `none`, found `{v}`"))?,
            ),
        };
        let board = match curling::Datasets::new(file.board.as_bytes()).next() {
            Some(Ok(board)) => board,
            Some(Err(e)) => bail!("the saved board: {e}"),
            None => bail!("the saved board is empty"),
        };
        let start = board.initial();
        Ok((CurlingGame::new(board, cap), start))
    }
}

impl Playable for HoledoxGame {
    const PUZZLE: &'static str = "holedox";
    const TITLE: &'static str = "Holedox Moving";
    const MOVE: &'static str = "step";
    const MOVES: &'static str = "steps";

    fn board(
        &self,
        body: &Vec<Pos>,
        _last: Option<(&Vec<Pos>, Dir, &Pos)>,
        hint: Option<Dir>,
    ) -> BoardView {
        let stones = self.lair.stones();
        let head = body.first().copied().unwrap_or(self.lair.exit());
        let mut view = BoardView::filled(stones.width(), stones.height(), Glyph::Ice, head);
        for (i, &stone) in stones.cells().iter().enumerate() {
            if stone {
                view.set(stones.pos(i), Glyph::Rock);
            }
        }
        view.set(self.lair.exit(), Glyph::Exit);
        for (i, &p) in body.iter().enumerate().rev() {
            let g = match i {
                0 => Glyph::Head,
                i if i + 1 == body.len() => Glyph::Tail,
                _ => Glyph::Body,
            };
            view.set(p, g);
        }
        if let Some(dir) = hint {
            if let Some(target) = stones.step(head, dir) {
                view.set(target, Glyph::Hint(dir));
            }
        }
        view
    }

    fn frames(&self, _before: &Vec<Pos>, _dir: Dir, _left: &Pos) -> Vec<BoardView> {
        // A step is one cell: the board after it is the whole animation.
        Vec::new()
    }

    fn describe(&self, dir: Dir, _left: &Pos) -> String {
        format!("the head moves {}", dir.word())
    }

    fn counter(&self, used: usize) -> String {
        format!("steps: {used}")
    }

    fn status(&self, prospect: &Prospect<Dir>, _used: usize, stuck: bool) -> (String, Tone) {
        match prospect {
            Prospect::Won => ("the head is on the exit".into(), Tone::Good),
            Prospect::Reachable { .. } => ("the exit can still be reached".into(), Tone::Good),
            Prospect::Hopeless if stuck => (
                "trapped: the snake cannot move at all (u undoes)".into(),
                Tone::Bad,
            ),
            Prospect::Hopeless => (
                "hopeless: the head can never reach the exit from here (u undoes)".into(),
                Tone::Bad,
            ),
            Prospect::Unknown(hit) => unknown(hit),
        }
    }

    fn legend(&self) -> Vec<(Glyph, &'static str)> {
        vec![
            (Glyph::Head, "head"),
            (Glyph::Body, "body"),
            (Glyph::Tail, "tail"),
            (Glyph::Rock, "stone"),
            (Glyph::Exit, "exit"),
        ]
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let rule = match self.rule {
            holedox::TailRule::Strict => "strict",
            holedox::TailRule::Lenient => "lenient",
        };
        let exit = self.lair.exit();
        vec![
            ("tail-rule", rule.into()),
            ("exit", format!("{},{}", exit.row + 1, exit.col + 1)),
        ]
    }

    fn judge_text(&self, start: &Vec<Pos>) -> String {
        let case = holedox::Case::new(self.lair.clone(), start.clone())
            .expect("a game starts from a checked body");
        format!(
            "{}{}",
            holedox::parse::write_case(&case),
            holedox::parse::TERMINATOR
        )
    }

    fn from_save(file: &SaveFile) -> Result<(HoledoxGame, Vec<Pos>)> {
        let rule = match file.get("tail-rule") {
            None | Some("strict") => holedox::TailRule::Strict,
            Some("lenient") => holedox::TailRule::Lenient,
            Some(v) => bail!("tail-rule: expected `strict` or `lenient`, found `{v}`"),
        };
        let exit = match file.get("exit") {
            None => (1, 1),
            Some(v) => crate::args::parse_cell(v).map_err(|e| anyhow!("exit: {e}"))?,
        };
        let options = holedox::ParseOptions { exit };
        let case = match holedox::Cases::new(file.board.as_bytes(), options).next() {
            Some(Ok(case)) => case,
            Some(Err(e)) => bail!("the saved lair: {e}"),
            None => bail!("the saved lair is empty"),
        };
        let (lair, body) = case.into_parts();
        Ok((HoledoxGame::new(lair, rule), body))
    }
}
