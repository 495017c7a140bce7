//! `puzzles` (the server's `GET /api/puzzles`): what the page offers of each
//! puzzle, so the page names none — its menu, move words, settings controls,
//! samples, first board, generator fields and editor all come from here.
//!
//! The page offers the registry's puzzles that declare a page (the `page`
//! capability, whose [`PageInfo::editor`] draws their drafts), in the
//! registry's order (a puzzle without one is served by the other
//! endpoints but not listed here). The page
//! has no drawing code of any puzzle: it draws the views of positions
//! (`/api/play`'s `positions`) and drafts through the puzzle's `editor`
//! ([`gridpuzzle_engine::page::DraftLook::to_json`]), in the colours of
//! `palette` (CSS variables of every role, light and dark:
//! [`gridpuzzle_engine::view::palette_variables`]). One record each:
//!
//! ```text
//! {"name", "title", "about", "unit", "move", "moves",
//!  "move_set": [{"letter": "U", "word": "up"}, ...],
//!  "settings": [{"key": "max_throws", "value_name", "default", "choices",
//!                "help", "on_board"}],
//!  "samples": "<the statement's sample input>",
//!  "board": <the sample case the page opens first, as a draft>,
//!  "density": "blocks", "params": [<like settings, without on_board>],
//!  "fresh_answer": [3, 6], "editor": {<the editor's cells and tools>},
//!  "piece": "stone", "goal": "goal",
//!  "rules": "<a few sentences for the page's How to play>",
//!  "aim": "<the goal of a game in one line, over the board in Play>",
//!  "legend": [{"role": "wall", "label": "block: stops the stone"}, ...],
//!  "levels": [{"name": "Samples", "input": "<a judge input>",
//!              "levels": [{"case": 1, "width", "height", "answer", "id"}]}],
//!  "difficulties": [{"name": "Easy", "size": "8x8", "answer": "2..3",
//!                    "params": {"len": "3"}}]}
//! ```
//!
//! `levels` are the boards the page lists to play ([`PageInfo::levels`]):
//! each set a judge input the page reads as any other, and per case its
//! size, its optimum under the default settings (`-1`: none) and its game
//! ID under them, by which the page knows the levels a player has won.
//! `difficulties` are the page's "New board" buttons
//! ([`PageInfo::difficulties`]): the fields of their `/api/generate`.
//!
//! After them the page's bounds: `max_side` (of a board it edits and of a game
//! ID), `max_moves` (of one `/api/play`) and `max_positions` (of one
//! window of positions). The answer depends on nothing but the build, so
//! it is written once and needs no slot.
//!
//! [`PageInfo::editor`]: gridpuzzle_engine::caps::PageInfo::editor
//! [`PageInfo::levels`]: gridpuzzle_engine::caps::PageInfo::levels
//! [`PageInfo::difficulties`]: gridpuzzle_engine::caps::PageInfo::difficulties

use std::sync::OnceLock;

use gridpuzzle_engine::caps::{Levels, PageOf, Setting};
use gridpuzzle_engine::moves::Move;
use gridpuzzle_engine::page::MAX_SIDE;
use gridpuzzle_engine::puzzle::{nth_case, NthCase};
use gridpuzzle_registry::{Registered, Visit};
use serde::Serialize;
use serde_json::Value;

use crate::options::api_key;
use crate::positions::MAX_POSITIONS;
use crate::MAX_PLAY_MOVES;

#[derive(Serialize)]
struct Catalog {
    max_side: u32,
    max_moves: usize,
    max_positions: usize,
    /// The palette as CSS custom properties.
    palette: String,
    puzzles: Vec<PuzzleRecord>,
}

#[derive(Serialize)]
struct PuzzleRecord {
    name: &'static str,
    title: &'static str,
    about: &'static str,
    unit: &'static str,
    #[serde(rename = "move")]
    one_move: &'static str,
    moves: &'static str,
    move_set: Vec<MoveRecord>,
    settings: Vec<SettingRecord>,
    samples: &'static str,
    board: Value,
    density: Option<&'static str>,
    params: Vec<SettingRecord>,
    fresh_answer: Option<[u32; 2]>,
    /// The page's editor of the puzzle's drafts.
    editor: Value,
    /// The words for the moving piece and the place it must reach, for
    /// the board's text alternative.
    piece: &'static str,
    goal: &'static str,
    /// `PageInfo::rules`: the page's "How to play".
    rules: &'static str,
    /// `PageInfo::aim`: the one line over the board in Play.
    aim: &'static str,
    /// `PageInfo::legend`: the page's key to the board, role by role.
    legend: Vec<LegendEntry>,
    levels: Vec<LevelSet>,
    difficulties: Vec<DifficultyRecord>,
}

/// A `PageInfo::difficulties`: the fields of its `/api/generate` request.
#[derive(Serialize)]
struct DifficultyRecord {
    name: &'static str,
    size: &'static str,
    answer: &'static str,
    params: serde_json::Map<String, Value>,
}

/// One line of the page's key: a role (drawn in its colours) and what it
/// is in this puzzle.
#[derive(Serialize)]
struct LegendEntry {
    role: &'static str,
    label: &'static str,
}

/// A set of `PageInfo::levels`.
#[derive(Serialize)]
struct LevelSet {
    name: &'static str,
    input: &'static str,
    levels: Vec<Level>,
}

#[derive(Serialize)]
struct Level {
    case: u64,
    width: u32,
    height: u32,
    answer: i64,
    id: String,
}

#[derive(Serialize)]
struct MoveRecord {
    letter: String,
    word: &'static str,
}

/// A setting (or a generator parameter) as the page shows a control.
#[derive(Serialize)]
struct SettingRecord {
    key: String,
    value_name: &'static str,
    default: &'static str,
    choices: &'static [&'static str],
    help: &'static str,
    /// Whether the board holds it (`PageInfo::board_settings`); settings
    /// only.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_board: Option<bool>,
    /// The value the page's Generate field starts with when the parameter
    /// has no default: a fresh puzzle's (`GenInfo::fresh_params`);
    /// parameters only.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'static str>,
}

impl SettingRecord {
    fn of(s: &Setting, on_board: Option<bool>) -> SettingRecord {
        SettingRecord {
            key: api_key(s),
            value_name: s.value_name,
            default: s.default,
            choices: s.choices,
            help: s.help,
            on_board,
            start: None,
        }
    }
}

/// The answer of `puzzles`, written once.
pub fn catalog() -> &'static str {
    static CATALOG: OnceLock<String> = OnceLock::new();
    written_once(&CATALOG, || Catalog {
        max_side: MAX_SIDE,
        max_moves: MAX_PLAY_MOVES,
        max_positions: MAX_POSITIONS,
        palette: gridpuzzle_engine::view::palette_variables(),
        puzzles: offered_records(Describe),
    })
}

/// `make()` as JSON, written once into `cell`: a catalog depends on the
/// build alone, so it is made at its first request and never again.
pub(crate) fn written_once<T: Serialize>(
    cell: &'static OnceLock<String>,
    make: impl FnOnce() -> T,
) -> &'static str {
    cell.get_or_init(|| serde_json::to_string(&make()).expect("a catalog serializes"))
}

/// What `describe` says of each puzzle the page offers, in the registry's
/// order (nothing of one it answers `None` for).
pub(crate) fn offered_records<V, R>(describe: V) -> Vec<R>
where
    V: Visit<Output = Option<R>> + Copy,
{
    offered()
        .filter_map(|name| gridpuzzle_registry::visit(name, describe).flatten())
        .collect()
}

/// The names of the puzzles the page offers: those with a page.
fn offered() -> impl Iterator<Item = &'static str> {
    gridpuzzle_registry::entries()
        .into_iter()
        .filter(|e| e.page.is_some())
        .map(|e| e.name)
}

/// A puzzle's record.
#[derive(Clone, Copy)]
struct Describe;

impl Visit for Describe {
    type Output = Option<PuzzleRecord>;

    fn visit<P: Registered>(self, puzzle: P) -> Option<PuzzleRecord> {
        let page = P::CAPS.page?;
        let info = page.info();
        let gen = P::CAPS.generate.map(|g| g.info());
        // The statement's samples are the puzzle's own: a bad one is a bug
        // that the puzzle's tests catch; the page then opens a blank board.
        let samples = puzzle.cases(Box::new(P::INFO.samples.as_bytes()));
        let board = match nth_case(samples, info.showcase) {
            NthCase::Found(case) => page.board_json(&puzzle, &case),
            NthCase::Bad(_) | NthCase::Short(_) => Value::Null,
        };
        Some(PuzzleRecord {
            name: P::INFO.name,
            title: P::INFO.title,
            about: P::INFO.about,
            unit: P::INFO.unit,
            one_move: P::INFO.one_move,
            moves: P::INFO.moves,
            move_set: P::Move::ALL
                .iter()
                .map(|m| MoveRecord {
                    letter: m.letter().to_string(),
                    word: m.word(),
                })
                .collect(),
            settings: P::CAPS
                .setting_list()
                .iter()
                .map(|s| SettingRecord::of(s, Some(info.board_settings.contains(&s.key))))
                .collect(),
            samples: P::INFO.samples,
            board,
            density: gen.map(|g| g.density),
            params: gen
                .map_or(&[][..], |g| g.params)
                .iter()
                .map(|s| SettingRecord {
                    start: gen
                        .and_then(|g| g.fresh_params.iter().find(|f| f.key == s.key))
                        .map(|f| f.default),
                    ..SettingRecord::of(s, None)
                })
                .collect(),
            fresh_answer: gen.map(|g| [g.fresh_answer.0, g.fresh_answer.1]),
            editor: info.editor.to_json(),
            piece: P::INFO.piece,
            goal: P::INFO.goal,
            rules: info.rules,
            aim: info.aim,
            legend: info
                .legend
                .iter()
                .map(|&(role, label)| LegendEntry {
                    role: role.name(),
                    label,
                })
                .collect(),
            levels: info
                .levels
                .iter()
                .map(|set| level_set(page, &puzzle, set))
                .collect(),
            difficulties: info
                .difficulties
                .iter()
                .map(|d| DifficultyRecord {
                    name: d.name,
                    size: d.size,
                    answer: d.answer,
                    params: d
                        .params
                        .iter()
                        .map(|(k, v)| (k.to_string(), Value::from(*v)))
                        .collect(),
                })
                .collect(),
        })
    }
}

/// A set of levels as the page lists it. The sets are the puzzle's own
/// files: a case that does not read, or a line without an answer, is a
/// bug that the tests catch, so here it only ends the list.
fn level_set<P: Registered>(page: &dyn PageOf<P>, puzzle: &P, set: &Levels) -> LevelSet {
    let answers = set
        .output
        .lines()
        .filter_map(|line| line.split_whitespace().last()?.parse::<i64>().ok());
    let levels = puzzle
        .cases(Box::new(set.input.as_bytes()))
        .map_while(Result::ok)
        .zip(answers)
        .zip(1..)
        .filter_map(|((case, answer), n)| {
            let (width, height) = P::size(&case);
            // The ID the page's /api/board gives the case opened under the
            // default settings.
            let board = page.board_json(puzzle, &case);
            let played = page.with_draft(puzzle, &board).ok()?;
            let id = page.game_id(&played, &board).ok()?;
            Some(Level {
                case: n,
                width,
                height,
                answer,
                id,
            })
        })
        .collect();
    LevelSet {
        name: set.name,
        input: set.input,
        levels,
    }
}
