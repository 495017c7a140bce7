//! The saved-game file: a puzzle and its move history, in plain text.
//!
//! ```text
//! # gridpuzzle saved game: `gridpuzzle play --load FILE` resumes it
//! gridpuzzle-save 1
//! puzzle curling
//! max-throws 10
//! source samples/curling.in, dataset 2
//! moves RDLU
//! at 3
//! board
//! 6 6
//! 1 0 0 2 1 0
//! 1 1 0 0 0 0
//! 0 0 0 0 0 3
//! 0 0 0 0 0 0
//! 1 0 0 0 0 1
//! 0 1 1 1 1 1
//! 0 0
//! ```
//!
//! - The first line that is neither blank nor a `#` comment is the version,
//!   `gridpuzzle-save 1`.
//! - Then `key value` lines, one setting a line, in any order:
//!   `puzzle` (`curling` or `holedox`, required); the rules —
//!   `max-throws N|none` for Curling, `tail-rule strict|lenient` and
//!   `exit R,C` for Holedox (each defaults to the judge's rule);
//!   `moves` (the whole history as letters `U D L R`, including moves that
//!   were undone and can be redone; `-` or nothing for none); `at` (how many
//!   of those moves are played; the rest are the redo history; default: all);
//!   `source` (free text, shown in the title).
//! - The line `board`, then the puzzle's **starting** position in the
//!   judge's input format (one case and the terminator), so a saved game is
//!   also a valid input for `gridpuzzle solve`, after its header is cut.
//!
//! Why this shape: the history is kept as moves from the start, not as a
//! position, so loading replays it through the rules (a hand-edited file
//! cannot smuggle in an impossible position) and the undo history survives.
//! The board reuses the judge format so no second board syntax exists.

use std::fmt::Write;

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::grid::{parse_plan, plan_string};
use gridpuzzle_engine::Dir;

/// The first line of every save file.
pub const MAGIC: &str = "gridpuzzle-save 1";

/// The contents of a save file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveFile {
    pub puzzle: String,
    /// The rule settings, such as `("max-throws", "10")`.
    pub settings: Vec<(String, String)>,
    pub source: Option<String>,
    /// The whole history, undone moves included.
    pub moves: Vec<Dir>,
    /// How many moves of the history are played.
    pub at: usize,
    /// The starting position in the judge's input format.
    pub board: String,
}

impl SaveFile {
    /// A setting's value.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# gridpuzzle saved game: `gridpuzzle play --load FILE` resumes it"
        );
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "puzzle {}", self.puzzle);
        for (k, v) in &self.settings {
            let _ = writeln!(out, "{k} {v}");
        }
        if let Some(source) = &self.source {
            // One line: a newline would end the setting.
            let _ = writeln!(out, "source {}", source.replace(['\n', '\r'], " "));
        }
        let moves = if self.moves.is_empty() {
            "-".to_string()
        } else {
            plan_string(&self.moves)
        };
        let _ = writeln!(out, "moves {moves}");
        let _ = writeln!(out, "at {}", self.at);
        let _ = writeln!(out, "board");
        out.push_str(&self.board);
        if !self.board.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// Reads a save file; errors name the line.
    pub fn parse(text: &str) -> Result<SaveFile> {
        let mut lines = text.lines().enumerate();
        let mut header = false;
        let mut puzzle = None;
        let mut settings = Vec::new();
        let mut source = None;
        let mut moves = None;
        let mut at = None;
        let mut board_from = None;
        for (i, line) in lines.by_ref() {
            let n = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !header {
                if line != MAGIC {
                    bail!(
                        "line {n}: expected `{MAGIC}`, found `{line}`: not a gridpuzzle save file"
                    );
                }
                header = true;
                continue;
            }
            if line == "board" {
                board_from = Some(n);
                break;
            }
            let (key, value) = match line.split_once(char::is_whitespace) {
                Some((k, v)) => (k, v.trim()),
                None => (line, ""),
            };
            match key {
                "puzzle" => puzzle = Some(value.to_string()),
                "source" => source = Some(value.to_string()),
                "moves" => {
                    let plan = if value == "-" {
                        Vec::new()
                    } else {
                        parse_plan(value).map_err(|(_, c)| {
                            anyhow::anyhow!("line {n}: a move is one of U D L R, found `{c}`")
                        })?
                    };
                    moves = Some(plan);
                }
                "at" => {
                    at = Some(value.parse::<usize>().with_context(|| {
                        format!("line {n}: `at` takes a number of moves, found `{value}`")
                    })?)
                }
                "max-throws" | "tail-rule" | "exit" => {
                    settings.push((key.to_string(), value.to_string()))
                }
                _ => bail!("line {n}: unknown setting `{key}`"),
            }
        }
        if !header {
            bail!("not a gridpuzzle save file: the line `{MAGIC}` is missing");
        }
        let Some(from) = board_from else {
            bail!("the line `board`, followed by the puzzle, is missing");
        };
        let board: String = lines.map(|(_, l)| format!("{l}\n")).collect();
        let Some(puzzle) = puzzle else {
            bail!("the setting `puzzle curling` or `puzzle holedox` is missing");
        };
        let moves = moves.unwrap_or_default();
        let at = at.unwrap_or(moves.len());
        if at > moves.len() {
            bail!("`at {at}` is past the {} moves of the history", moves.len());
        }
        if board.trim().is_empty() {
            bail!("line {from}: no puzzle follows `board`");
        }
        Ok(SaveFile {
            puzzle,
            settings,
            source,
            moves,
            at,
            board,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SaveFile {
        SaveFile {
            puzzle: "curling".into(),
            settings: vec![("max-throws".into(), "10".into())],
            source: Some("samples/curling.in, dataset 2".into()),
            moves: parse_plan("RDLU").unwrap(),
            at: 3,
            board: "2 1\n2 3\n0 0\n".into(),
        }
    }

    #[test]
    fn text_round_trips() {
        let s = sample();
        let text = s.to_text();
        assert!(text.starts_with("# gridpuzzle saved game"));
        assert!(text.contains("\nmoves RDLU\nat 3\nboard\n2 1\n"), "{text}");
        assert_eq!(SaveFile::parse(&text).unwrap(), s);
        let empty = SaveFile {
            moves: Vec::new(),
            at: 0,
            ..sample()
        };
        assert!(empty.to_text().contains("moves -\n"));
        assert_eq!(SaveFile::parse(&empty.to_text()).unwrap(), empty);
    }

    #[test]
    fn bad_files_say_where() {
        let err = |text: &str| SaveFile::parse(text).unwrap_err().to_string();
        assert_eq!(
            err("hello\n"),
            "line 1: expected `gridpuzzle-save 1`, found `hello`: not a gridpuzzle save file"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle curling\nmoves RX\nboard\n2 1\n2 3\n"),
            "line 3: a move is one of U D L R, found `X`"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle curling\ncolour blue\n"),
            "line 3: unknown setting `colour`"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle curling\nmoves R\nat 2\nboard\n2 1\n2 3\n"),
            "`at 2` is past the 1 moves of the history"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle curling\n"),
            "the line `board`, followed by the puzzle, is missing"
        );
        assert_eq!(
            err(""),
            "not a gridpuzzle save file: the line `gridpuzzle-save 1` is missing"
        );
        // `at` defaults to the whole history.
        let s = SaveFile::parse("gridpuzzle-save 1\npuzzle curling\nmoves RL\nboard\n2 1\n2 3\n")
            .unwrap();
        assert_eq!(s.at, 2);
    }
}
