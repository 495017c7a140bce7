//! The web page's boards and links, as every puzzle writes them: the
//! pieces of a puzzle's [`crate::caps::Page`] that are the same for every
//! puzzle.
//!
//! The page edits a **draft**: a board in the shape of the puzzle's
//! `board_json` (`width`, `height`, one string a row, and the puzzle's own
//! fields such as a snake's `body`), which may not be a case yet — no start
//! placed, a snake half drawn. The server turns a draft into judge text and
//! into a **game ID**, the compact text in a link's fragment, and a game ID
//! back into a draft; the page itself holds no format.
//!
//! A game ID is `NAME/WxH/CELLS[/PUZZLE PARTS][/KEY=VALUE...]`: the cells
//! packed [`pack`] a few bits each into base64url characters, row by row,
//! then what the puzzle adds. The format and the error messages are the
//! ones the page's JavaScript used before the codec moved here, so links
//! made then still open; the golden tests of each puzzle pin them.
//!
//! The page's editor is generic too: a puzzle says what its draft's
//! characters and fields *are* ([`DraftLook`]: a mark each, as a
//! [`BoardView`](crate::view::BoardView) has) and what its tools do
//! ([`Tool`], one of four [`Edit`]s), and the page edits and draws every
//! puzzle's draft with the same code, at once and without asking the
//! server (a drag paints as fast as the pointer moves). The four edits are
//! the ones the puzzles need: paint cells, place the one cell of a kind
//! (a start), put a cell field (an exit), draw a chain head first (a
//! snake). A rule of the editor that a puzzle could want otherwise is said
//! in roles, so the page names no puzzle: a piece never lies on a wall
//! (painting a wall under a chain, or drawing a chain over a wall, does
//! nothing).

use serde_json::{json, Map, Value};

use crate::grid::Pos;
use crate::view::Mark;

// ------------------------------------------------------------- the editor

/// What one of the editor's tools does where it is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Paints every cell it is pressed or dragged over with this
    /// character of the draft's rows.
    Paint(char),
    /// Puts the one cell holding this character where it is clicked (the
    /// old one becomes [`DraftLook::blank`]).
    Place(char),
    /// Sets the draft's field of this name, a cell `[row, column]`, where
    /// it is clicked.
    Spot(&'static str),
    /// Draws the draft's field of this name, a chain of cells head first:
    /// a press starts it (or takes back its tail), a drag adds the cell
    /// next to the tail (or takes the tail back on the cell before it).
    Chain(&'static str),
}

/// A tool of the page's editor: its button and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tool {
    /// Its name in the page (`data-tool`).
    pub id: &'static str,
    pub label: &'static str,
    /// One sentence under the tools while it is chosen.
    pub help: &'static str,
    pub edit: Edit,
}

impl Tool {
    pub const fn new(
        id: &'static str,
        label: &'static str,
        help: &'static str,
        edit: Edit,
    ) -> Tool {
        Tool {
            id,
            label,
            help,
            edit,
        }
    }
}

/// One character of a draft's rows, as the editor draws and names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraftCell {
    pub ch: char,
    /// The word a screen reader hears for it ("block").
    pub word: &'static str,
    pub mark: Mark,
    /// The piece drawn on it, if one stands there (the stone on its
    /// start).
    pub piece: Option<Mark>,
}

impl DraftCell {
    pub const fn new(ch: char, word: &'static str, mark: Mark, piece: Option<Mark>) -> DraftCell {
        DraftCell {
            ch,
            word,
            mark,
            piece,
        }
    }
}

/// How the page's editor draws a draft, and its tools (see the module
/// docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraftLook {
    /// The characters of the rows; the first is the blank cell that a new
    /// or grown board is filled with.
    pub cells: &'static [DraftCell],
    /// Cell fields (`[row, column]`, at the top left corner on a blank
    /// board) drawn on the ground with a mark, and their words.
    pub spots: &'static [(&'static str, &'static str, Mark)],
    /// Chain fields (head first, empty on a blank board), drawn as a piece
    /// with its head, body and tail marks.
    pub chains: &'static [(&'static str, [Mark; 3])],
    pub tools: &'static [Tool],
    /// The tool chosen when the puzzle is first opened.
    pub tool: &'static str,
}

impl DraftLook {
    /// The blank cell character.
    pub fn blank(&self) -> char {
        self.cells[0].ch
    }

    /// The editor as `/api/puzzles` sends it (marks as in
    /// [`BoardView::to_json`](crate::view::BoardView::to_json)):
    ///
    /// ```text
    /// {"cells": [{"ch": ".", "word": "ice", "mark": MARK, "piece": MARK|null}],
    ///  "spots": [{"field": "exit", "word": "exit", "mark": MARK}],
    ///  "chains": [{"field": "body", "marks": [HEAD, BODY, TAIL]}],
    ///  "tools": [{"id", "label", "help", "edit": "paint|place|spot|chain",
    ///             "what": "#"|"exit"}],
    ///  "tool": "block"}
    /// ```
    pub fn to_json(&self) -> Value {
        let cells: Vec<Value> = self
            .cells
            .iter()
            .map(|c| {
                json!({"ch": c.ch.to_string(), "word": c.word, "mark": c.mark.to_json(),
                       "piece": c.piece.map(Mark::to_json)})
            })
            .collect();
        let spots: Vec<Value> = self
            .spots
            .iter()
            .map(
                |(field, word, mark)| json!({"field": field, "word": word, "mark": mark.to_json()}),
            )
            .collect();
        let chains: Vec<Value> = self
            .chains
            .iter()
            .map(|(field, marks)| {
                json!({"field": field, "marks": marks.iter().map(|m| m.to_json()).collect::<Vec<_>>()})
            })
            .collect();
        let tools: Vec<Value> = self
            .tools
            .iter()
            .map(|t| {
                let (edit, what) = match t.edit {
                    Edit::Paint(ch) => ("paint", ch.to_string()),
                    Edit::Place(ch) => ("place", ch.to_string()),
                    Edit::Spot(field) => ("spot", field.to_string()),
                    Edit::Chain(field) => ("chain", field.to_string()),
                };
                json!({"id": t.id, "label": t.label, "help": t.help, "edit": edit, "what": what})
            })
            .collect();
        json!({"cells": cells, "spots": spots, "chains": chains, "tools": tools, "tool": self.tool})
    }
}

/// The largest side of a board the page edits, and so of a game ID.
pub const MAX_SIDE: u32 = 100;

/// The base64url alphabet, in the order of its values.
const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// ---------------------------------------------------------------- game IDs

/// Packs `values` of `bits` bits each (1, 2, 3 or 6) into base64url
/// characters, `6 / bits` values a character, the first in the high bits;
/// the last character is padded with zeros.
pub fn pack(values: &[u8], bits: u32) -> String {
    let per = (6 / bits) as usize;
    values
        .chunks(per)
        .map(|chunk| {
            let mut v = 0usize;
            for k in 0..per {
                v = (v << bits) | usize::from(chunk.get(k).copied().unwrap_or(0));
            }
            char::from(B64[v])
        })
        .collect()
}

/// Reads `count` values of `bits` bits each that [`pack`] wrote.
pub fn unpack(text: &str, bits: u32, count: usize) -> Result<Vec<u8>, String> {
    let per = (6 / bits) as usize;
    let mask = (1u8 << bits) - 1;
    // Counted as the page's JavaScript counts a string (UTF-16 units), so
    // an old link gets the same message.
    if text.encode_utf16().count() != count.div_ceil(per) {
        return Err("the cells have the wrong length for the size".into());
    }
    let mut values = Vec::with_capacity(count);
    for ch in text.chars() {
        let v = B64
            .iter()
            .position(|&b| char::from(b) == ch)
            .ok_or_else(|| format!("the cells hold a character that is not base64url: {ch}"))?
            as u8;
        for k in 0..per {
            if values.len() < count {
                values.push((v >> (bits as usize * (per - 1 - k))) & mask);
            }
        }
    }
    Ok(values)
}

/// The puzzle's name in a game ID: its first part.
pub fn id_name(id: &str) -> &str {
    id.split('/').next().unwrap_or("")
}

/// A game ID cut into its common parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdParts<'a> {
    pub name: &'a str,
    pub width: u32,
    pub height: u32,
    /// The packed cells (not yet checked).
    pub cells: &'a str,
    /// Whatever follows the cells: the puzzle's own parts, then settings.
    pub rest: Vec<&'a str>,
}

/// Cuts a game ID into its parts and checks the size (1 to [`MAX_SIDE`]
/// on each side).
pub fn split_id(id: &str) -> Result<IdParts<'_>, String> {
    let parts: Vec<&str> = id.split('/').collect();
    let size = parts.get(1).copied().unwrap_or("");
    let (w, h) = size
        .split_once('x')
        .filter(|(w, h)| all_digits(w) && all_digits(h))
        .ok_or("expected a size WxH after the puzzle")?;
    let (width, height) = (number(w), number(h));
    let side = 1..=u64::from(MAX_SIDE);
    if !side.contains(&width) || !side.contains(&height) {
        return Err(format!("the size must be 1 to {MAX_SIDE} on each side"));
    }
    Ok(IdParts {
        name: parts[0],
        width: width as u32,
        height: height as u32,
        cells: parts.get(2).copied().unwrap_or(""),
        rest: parts.get(3..).map(<[&str]>::to_vec).unwrap_or_default(),
    })
}

/// One or more ASCII digits (what the page's `\d+` matched).
pub fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The value of [`all_digits`] text; past `u64` it saturates (too large
/// for any board either way).
pub fn number(s: &str) -> u64 {
    s.parse().unwrap_or(u64::MAX)
}

/// The `KEY=VALUE` settings at the end of a game ID, in order; a later
/// one of the same key wins (see [`setting`]).
pub fn id_settings<'a>(parts: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    parts
        .iter()
        .map(|part| {
            part.split_once('=')
                .ok_or_else(|| format!("expected a setting KEY=VALUE, found `{part}`"))
        })
        .collect()
}

/// The last value of `key` among `settings`.
pub fn setting<'a>(settings: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    settings
        .iter()
        .rev()
        .find(|(k, _)| *k == key)
        .map(|&(_, v)| v)
}

// ------------------------------------------------------------------ drafts

/// The grid of a draft: its size and one cell character per cell, row by
/// row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftGrid {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<u8>,
}

impl DraftGrid {
    /// A grid of `width × height` cells of `fill`.
    pub fn filled(width: u32, height: u32, fill: u8) -> DraftGrid {
        DraftGrid {
            width,
            height,
            cells: vec![fill; (width * height) as usize],
        }
    }

    /// Reads the grid of `draft`: `width` and `height` (1 to
    /// [`MAX_SIDE`]), and `rows`, `height` strings of `width` characters
    /// out of `allowed`. Other fields are the puzzle's, or ignored (such
    /// as the `case` of an `/api/cases` record).
    pub fn read(draft: &Value, allowed: &str) -> Result<DraftGrid, String> {
        let fields = draft
            .as_object()
            .ok_or("the board must be a JSON object with `width`, `height` and `rows`")?;
        let side = |key: &str| -> Result<u32, String> {
            fields
                .get(key)
                .and_then(Value::as_u64)
                .filter(|n| (1..=u64::from(MAX_SIDE)).contains(n))
                .map(|n| n as u32)
                .ok_or_else(|| {
                    format!("the board's `{key}` must be a whole number from 1 to {MAX_SIDE}")
                })
        };
        let (width, height) = (side("width")?, side("height")?);
        let rows = fields
            .get("rows")
            .and_then(Value::as_array)
            .ok_or("the board's `rows` must be a list of strings, one a row")?;
        if rows.len() != height as usize {
            return Err(format!(
                "the board has {} rows, but its height is {height}",
                rows.len()
            ));
        }
        let mut cells = Vec::with_capacity((width * height) as usize);
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_str()
                .ok_or_else(|| format!("row {} of the board is not a string", r + 1))?;
            if row.chars().count() != width as usize {
                return Err(format!(
                    "row {} of the board has {} cells, but its width is {width}",
                    r + 1,
                    row.chars().count()
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                if !ch.is_ascii() || !allowed.contains(ch) {
                    return Err(format!(
                        "row {}, column {} of the board: expected one of `{allowed}`, found `{ch}`",
                        r + 1,
                        c + 1
                    ));
                }
                cells.push(ch as u8);
            }
        }
        Ok(DraftGrid {
            width,
            height,
            cells,
        })
    }

    /// The cell at `p`.
    pub fn at(&self, p: Pos) -> u8 {
        self.cells[(p.row * self.width + p.col) as usize]
    }

    /// The 0-based position of cell number `i`.
    pub fn pos(&self, i: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((i / w) as u32, (i % w) as u32)
    }

    /// The first cell holding `ch`, row by row.
    pub fn find(&self, ch: u8) -> Option<Pos> {
        self.cells
            .iter()
            .position(|&c| c == ch)
            .map(|i| self.pos(i))
    }

    /// A `width × height` grid from cell codes, each an index into
    /// `cells` (the editor's characters), as game IDs store them.
    pub fn from_codes(width: u32, height: u32, codes: &[u8], cells: &str) -> DraftGrid {
        DraftGrid {
            width,
            height,
            cells: codes
                .iter()
                .map(|&c| cells.as_bytes()[c as usize])
                .collect(),
        }
    }

    /// The draft in the judges' matrix format: `W H`, then each row's
    /// cells as `cell` writes them, separated by spaces, then
    /// `terminator` (Curling writes its codes, the template its
    /// characters).
    pub fn matrix_text(&self, cell: impl Fn(u8) -> String, terminator: &str) -> String {
        let mut out = format!("{} {}\n", self.width, self.height);
        for row in self.cells.chunks(self.width.max(1) as usize) {
            let cells: Vec<String> = row.iter().map(|&c| cell(c)).collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str(terminator);
        out
    }

    /// What a board of a start (`S`) and a goal (`G`) still lacks before
    /// it can be solved, as the editor says it: the start of the `piece`
    /// first, then the goal; `None` when it has both.
    pub fn lacks_start_and_goal(&self, piece: &str) -> Option<String> {
        if self.find(b'S').is_none() {
            return Some(format!("Place the {piece}'s start first (the Start tool)."));
        }
        if self.find(b'G').is_none() {
            return Some("Place the goal first (the Goal tool).".into());
        }
        None
    }

    /// `WxH`, as game IDs write the size.
    pub fn size_text(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }

    /// The draft's JSON fields of this grid: `width`, `height`, `rows`.
    pub fn json(&self) -> Map<String, Value> {
        let rows: Vec<Value> = self
            .cells
            .chunks(self.width as usize)
            .map(|row| Value::String(row.iter().map(|&b| char::from(b)).collect()))
            .collect();
        let mut m = Map::new();
        m.insert("width".into(), json!(self.width));
        m.insert("height".into(), json!(self.height));
        m.insert("rows".into(), Value::Array(rows));
        m
    }
}

/// A cell as the page writes it: `[row, column]`, 0-based.
pub fn cell_json(p: Pos) -> Value {
    json!([p.row, p.col])
}

/// Reads a `[row, column]` cell of a draft's field `what`, on a board of
/// `width × height`.
pub fn read_cell(v: &Value, what: &str, width: u32, height: u32) -> Result<Pos, String> {
    let bad = || format!("{what} must be a cell [row, column] on the board, found {v}");
    let pair = v.as_array().filter(|a| a.len() == 2).ok_or_else(bad)?;
    let r = pair[0].as_u64().filter(|&r| r < u64::from(height));
    let c = pair[1].as_u64().filter(|&c| c < u64::from(width));
    match (r, c) {
        (Some(r), Some(c)) => Ok(Pos::new(r as u32, c as u32)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_round_trip_for_every_width() {
        for bits in [1, 2, 3, 6] {
            let max = (1u32 << bits) as usize;
            for count in 0..20 {
                let values: Vec<u8> = (0..count).map(|i| ((i * 7 + 3) % max) as u8).collect();
                let text = pack(&values, bits);
                assert_eq!(text.len(), count.div_ceil((6 / bits) as usize));
                assert_eq!(unpack(&text, bits, count).unwrap(), values);
            }
        }
        // The first high bits hold the first value.
        assert_eq!(pack(&[1, 0, 0, 0, 0, 0], 1), "g");
        assert_eq!(pack(&[0, 0, 3], 2), "D");
    }

    #[test]
    fn unpack_says_what_is_wrong() {
        assert_eq!(
            unpack("AB", 1, 6).unwrap_err(),
            "the cells have the wrong length for the size"
        );
        assert_eq!(
            unpack("A*", 1, 12).unwrap_err(),
            "the cells hold a character that is not base64url: *"
        );
        // Counted in UTF-16 units, as the page did.
        assert_eq!(
            unpack("é", 1, 6).unwrap_err(),
            "the cells hold a character that is not base64url: é"
        );
        assert_eq!(
            unpack("😀", 1, 6).unwrap_err(),
            "the cells have the wrong length for the size"
        );
    }

    #[test]
    fn ids_split_and_check_the_size() {
        let p = split_id("x/3x2/AB/c/d=e").unwrap();
        assert_eq!((p.name, p.width, p.height, p.cells), ("x", 3, 2, "AB"));
        assert_eq!(p.rest, ["c", "d=e"]);
        let p = split_id("x/3x2").unwrap();
        assert_eq!((p.cells, p.rest.len()), ("", 0));
        for bad in [
            "x", "x/", "x/3", "x/3x", "x/x3", "x/3X2", "x/-1x2", "x/3x2x1", "x/ 3x2",
        ] {
            assert_eq!(
                split_id(bad).unwrap_err(),
                "expected a size WxH after the puzzle",
                "{bad}"
            );
        }
        for bad in ["x/0x2", "x/101x1", "x/1x99999999999999999999999"] {
            assert_eq!(
                split_id(bad).unwrap_err(),
                "the size must be 1 to 100 on each side",
                "{bad}"
            );
        }
        assert_eq!(id_name("snake/6x5"), "snake");
        assert_eq!(id_name(""), "");
    }

    #[test]
    fn settings_are_key_value_and_the_last_wins() {
        let s = id_settings(&["a=1", "b=", "a=2=3"]).unwrap();
        assert_eq!(setting(&s, "a"), Some("2=3"));
        assert_eq!(setting(&s, "b"), Some(""));
        assert_eq!(setting(&s, "c"), None);
        assert_eq!(
            id_settings(&["a=1", ""]).unwrap_err(),
            "expected a setting KEY=VALUE, found ``"
        );
        assert_eq!(
            id_settings(&["cap"]).unwrap_err(),
            "expected a setting KEY=VALUE, found `cap`"
        );
    }

    #[test]
    fn draft_grids_read_and_say_what_is_wrong() {
        let d = json!({"width": 3, "height": 2, "rows": ["..#", "#.."], "case": 4});
        let g = DraftGrid::read(&d, ".#").unwrap();
        assert_eq!(g.cells, b"..##..");
        assert_eq!(g.find(b'#'), Some(Pos::new(0, 2)));
        assert_eq!(g.size_text(), "3x2");
        assert_eq!(
            Value::Object(g.json()),
            json!({"width": 3, "height": 2, "rows": ["..#", "#.."]})
        );
        for (draft, error) in [
            (
                json!([1]),
                "the board must be a JSON object with `width`, `height` and `rows`",
            ),
            (
                json!({"width": 0, "height": 1, "rows": [""]}),
                "the board's `width` must be a whole number from 1 to 100",
            ),
            (
                json!({"width": 1, "height": 101, "rows": []}),
                "the board's `height` must be a whole number from 1 to 100",
            ),
            (
                json!({"width": 1, "height": 1}),
                "the board's `rows` must be a list of strings, one a row",
            ),
            (
                json!({"width": 1, "height": 2, "rows": ["."]}),
                "the board has 1 rows, but its height is 2",
            ),
            (
                json!({"width": 1, "height": 1, "rows": [1]}),
                "row 1 of the board is not a string",
            ),
            (
                json!({"width": 2, "height": 1, "rows": ["..."]}),
                "row 1 of the board has 3 cells, but its width is 2",
            ),
            (
                json!({"width": 2, "height": 1, "rows": [".x"]}),
                "row 1, column 2 of the board: expected one of `.#`, found `x`",
            ),
        ] {
            assert_eq!(DraftGrid::read(&draft, ".#").unwrap_err(), error);
        }
    }

    #[test]
    fn cells_are_on_the_board() {
        assert_eq!(
            read_cell(&json!([1, 2]), "the exit", 3, 2),
            Ok(Pos::new(1, 2))
        );
        assert_eq!(
            read_cell(&json!([2, 0]), "the exit", 3, 2).unwrap_err(),
            "the exit must be a cell [row, column] on the board, found [2,0]"
        );
        assert!(read_cell(&json!("1,1"), "the exit", 3, 2).is_err());
    }
}
