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
//!   `puzzle` (a registered puzzle's name, required); the rules — the
//!   puzzle's rule settings (`Settings::SETTINGS`, such as
//!   `max-throws N|none`; none for a puzzle without the settings
//!   capability), each read with `Settings::set` and defaulting to the
//!   judge's rule;
//!   `moves` (the whole history as the puzzle's move letters, `U D L R` for
//!   both contest puzzles, including moves that were undone and can be
//!   redone; `-` or nothing for none); `at` (how many of those moves are
//!   played; the rest are the redo history; default: all); `source` (free
//!   text, shown in the title). Settings are written in the puzzle's
//!   `SETTINGS` order.
//! - The line `board`, then the puzzle's **starting** position in the
//!   judge's input format (one case and the terminator), so a saved game is
//!   also a valid input for `gridpuzzle solve`, after its header is cut.
//!
//! Why this shape: the history is kept as moves from the start, not as a
//! position, so loading replays it through the rules (a hand-edited file
//! cannot smuggle in an impossible position) and the undo history survives.
//! The board reuses the judge format so no second board syntax exists.
//!
//! A file names its puzzle, so its moves can only be read once the puzzle
//! is known: [`SaveFile`] is generic over the move type, [`puzzle_of`]
//! finds the name first, and the caller parses with that puzzle's moves
//! (`SaveFile::<P::Move>::parse`), which keeps every error in the order of
//! the file's lines. A file of an unknown puzzle is read with plain
//! characters for moves, to report what else is wrong with it first.
//!
//! The format is the engine's, beside the session whose history it keeps,
//! and names no puzzle: which puzzles and which setting keys a file may
//! name is the caller's ([`Known`], from the registry), and turning a
//! parsed file into a game is the front end's (it knows the puzzle's type).

use std::fmt::Write;

use crate::moves::{plan_string, Move};
use crate::words::either;

/// The first line of every save file.
pub const MAGIC: &str = "gridpuzzle-save 1";

/// A move as a save file reads it: the puzzle's own moves, or plain
/// characters for a file whose puzzle is unknown.
pub trait Letter: Copy {
    fn read(c: char) -> Option<Self>;
    /// The moves for a message: `U D L R`.
    fn choices() -> String;
}

impl<M: Move> Letter for M {
    fn read(c: char) -> Option<M> {
        M::from_letter(c)
    }

    fn choices() -> String {
        let letters: Vec<String> = M::ALL.iter().map(|m| m.letter().to_string()).collect();
        letters.join(" ")
    }
}

/// Any character: the moves of a file whose puzzle is unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnyChar(pub char);

impl Letter for AnyChar {
    fn read(c: char) -> Option<AnyChar> {
        Some(AnyChar(c))
    }

    fn choices() -> String {
        String::new()
    }
}

/// The name after the `puzzle` key, if the file has one (the last, as
/// [`SaveFile::parse`] reads it); nothing else is checked.
pub fn puzzle_of(text: &str) -> Option<String> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .skip(1);
    let mut name = None;
    for line in lines.by_ref() {
        if line == "board" {
            break;
        }
        if let Some(("puzzle", value)) = line.split_once(char::is_whitespace) {
            name = Some(value.trim().to_string());
        } else if line == "puzzle" {
            name = Some(String::new());
        }
    }
    name
}

/// What a save file may name: the puzzles offered (named when a file
/// names none) and the setting keys of every puzzle (a key of another
/// puzzle than the file's is read, and ignored on loading).
#[derive(Debug, Clone, Copy)]
pub struct Known<'a> {
    pub puzzles: &'a [&'a str],
    pub settings: &'a [&'a str],
}

/// The contents of a save file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveFile<M> {
    pub puzzle: String,
    /// The rule settings, such as `("max-throws", "10")`.
    pub settings: Vec<(String, String)>,
    pub source: Option<String>,
    /// The whole history, undone moves included.
    pub moves: Vec<M>,
    /// How many moves of the history are played.
    pub at: usize,
    /// The starting position in the judge's input format.
    pub board: String,
}

impl<M: Move> SaveFile<M> {
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
}

impl<M: Letter> SaveFile<M> {
    /// Reads a save file; errors name the line.
    pub fn parse(text: &str, known: &Known) -> Result<SaveFile<M>, String> {
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
                    return Err(format!(
                        "line {n}: expected `{MAGIC}`, found `{line}`: not a gridpuzzle save file"
                    ));
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
                        value
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != ',')
                            .map(|c| {
                                M::read(c).ok_or_else(|| {
                                    format!(
                                        "line {n}: a move is one of {}, found `{c}`",
                                        M::choices()
                                    )
                                })
                            })
                            .collect::<Result<Vec<M>, String>>()?
                    };
                    moves = Some(plan);
                }
                "at" => {
                    at = Some(value.parse::<usize>().map_err(|e| {
                        format!("line {n}: `at` takes a number of moves, found `{value}`: {e}")
                    })?)
                }
                _ if known.settings.contains(&key) => {
                    settings.push((key.to_string(), value.to_string()))
                }
                _ => return Err(format!("line {n}: unknown setting `{key}`")),
            }
        }
        if !header {
            return Err(format!(
                "not a gridpuzzle save file: the line `{MAGIC}` is missing"
            ));
        }
        let Some(from) = board_from else {
            return Err("the line `board`, followed by the puzzle, is missing".into());
        };
        let board: String = lines.map(|(_, l)| format!("{l}\n")).collect();
        let Some(puzzle) = puzzle else {
            let named: Vec<String> = known
                .puzzles
                .iter()
                .map(|name| format!("`puzzle {name}`"))
                .collect();
            return Err(format!("the setting {} is missing", either(&named)));
        };
        let moves = moves.unwrap_or_default();
        let at = at.unwrap_or(moves.len());
        if at > moves.len() {
            return Err(format!(
                "`at {at}` is past the {} moves of the history",
                moves.len()
            ));
        }
        if board.trim().is_empty() {
            return Err(format!("line {from}: no puzzle follows `board`"));
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
    use crate::moves::parse_plan;
    use crate::Dir;

    const KNOWN: Known = Known {
        puzzles: &["stones", "snake"],
        settings: &["max-throws", "tail-rule"],
    };

    fn parse<M: Letter>(text: &str) -> Result<SaveFile<M>, String> {
        SaveFile::parse(text, &KNOWN)
    }

    /// A save file as the format sees it: the moves here are directions,
    /// the setting a key it knows; the puzzle name is only text.
    fn sample() -> SaveFile<Dir> {
        SaveFile {
            puzzle: "stones".into(),
            settings: vec![("max-throws".into(), "10".into())],
            source: Some("samples/some.in, case 2".into()),
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
        assert!(
            text.contains("\npuzzle stones\nmax-throws 10\nsource samples/some.in, case 2\nmoves RDLU\nat 3\nboard\n2 1\n"),
            "{text}"
        );
        assert_eq!(parse(&text), Ok(s));
        let empty = SaveFile {
            moves: Vec::new(),
            at: 0,
            ..sample()
        };
        assert!(empty.to_text().contains("moves -\n"));
        assert_eq!(parse(&empty.to_text()), Ok(empty));
        // A source on two lines is kept on one.
        let two = SaveFile {
            source: Some("a\nb".into()),
            ..sample()
        };
        assert_eq!(
            parse::<Dir>(&two.to_text()).unwrap().source.as_deref(),
            Some("a b")
        );
    }

    #[test]
    fn bad_files_say_where() {
        let err = |text: &str| parse::<Dir>(text).unwrap_err();
        assert_eq!(
            err("hello\n"),
            "line 1: expected `gridpuzzle-save 1`, found `hello`: not a gridpuzzle save file"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle some\nmoves RX\nboard\n2 1\n2 3\n"),
            "line 3: a move is one of U D L R, found `X`"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle some\ncolour blue\n"),
            "line 3: unknown setting `colour`"
        );
        assert!(err("gridpuzzle-save 1\npuzzle some\nat two\nboard\n1\n")
            .starts_with("line 3: `at` takes a number of moves, found `two`"));
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle some\nmoves R\nat 2\nboard\n2 1\n2 3\n"),
            "`at 2` is past the 1 moves of the history"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle some\n"),
            "the line `board`, followed by the puzzle, is missing"
        );
        assert_eq!(
            err("gridpuzzle-save 1\npuzzle some\nboard\n \n"),
            "line 3: no puzzle follows `board`"
        );
        assert_eq!(
            err(""),
            "not a gridpuzzle save file: the line `gridpuzzle-save 1` is missing"
        );
        // `at` defaults to the whole history.
        let s =
            parse::<Dir>("gridpuzzle-save 1\npuzzle some\nmoves RL\nboard\n2 1\n2 3\n").unwrap();
        assert_eq!(s.at, 2);
        // Without a puzzle, the known ones are named.
        assert_eq!(
            err("gridpuzzle-save 1\nmoves R\nboard\n2 1\n2 3\n"),
            "the setting `puzzle stones` or `puzzle snake` is missing"
        );
        // A file of an unknown puzzle reads with any letters for moves.
        let s =
            parse::<AnyChar>("gridpuzzle-save 1\npuzzle chess\nmoves e4\nboard\nxyz\n").unwrap();
        assert_eq!(s.moves, vec![AnyChar('e'), AnyChar('4')]);
    }

    #[test]
    fn the_puzzle_is_found_before_the_file_is_parsed() {
        assert_eq!(
            puzzle_of("# c\ngridpuzzle-save 1\n\npuzzle  chess \nmoves X\nboard\npuzzle no\n"),
            Some("chess".into())
        );
        assert_eq!(puzzle_of("gridpuzzle-save 1\nmoves X\nboard\n"), None);
        assert_eq!(
            puzzle_of("gridpuzzle-save 1\npuzzle\nboard\n"),
            Some(String::new())
        );
        assert_eq!(puzzle_of(""), None);
    }
}
