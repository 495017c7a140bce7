//! `GET /api/puzzles`: what the page offers of each puzzle, so the page
//! names none — its menu, move words, settings controls, samples, first
//! board and generator fields all come from here — and
//! `GET /puzzles/NAME.js`, the puzzle's drawing module
//! ([`Puzzle::PAGE_SCRIPT`]).
//!
//! The page offers the listed puzzles of the registry that have a drawing
//! module, in the registry's order (a puzzle kept out of the lists, such
//! as the tests' template, is served by the other endpoints but not
//! here). One record each:
//!
//! ```text
//! {"name", "title", "about", "unit", "move", "moves",
//!  "move_set": [{"letter": "U", "word": "up"}, ...],
//!  "settings": [{"key": "max_throws", "value_name", "default", "choices",
//!                "help", "on_board"}],
//!  "samples": "<the statement's sample input>",
//!  "board": <the sample case the page opens first, as a draft>,
//!  "density": "blocks", "params": [<like settings, without on_board>],
//!  "fresh_answer": [3, 6], "script": "/puzzles/curling.js",
//!  "rules": "<a few sentences for the page's How to play>",
//!  "levels": [{"name": "Samples", "input": "<a judge input>",
//!              "levels": [{"case": 1, "width", "height", "answer", "id"}]}],
//!  "difficulties": [{"name": "Easy", "size": "8x8", "answer": "2..3",
//!                    "params": {"len": "3"}}]}
//! ```
//!
//! `levels` are the boards the page lists to play ([`Puzzle::LEVELS`]):
//! each set a judge input the page reads as any other, and per case its
//! size, its optimum under the default settings (`-1`: none) and its game
//! ID under them, by which the page knows the levels a player has won.
//! `difficulties` are the page's "New board" buttons
//! ([`Puzzle::DIFFICULTIES`]): the fields of their `/api/generate`.
//!
//! after the page's bounds: `max_side` (of a board it edits and of a game
//! ID), `max_moves` (of one `/api/play`) and `max_positions` (of one
//! window of positions). The answer depends on nothing but the build, so
//! it is written once and needs no slot.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use gridpuzzle_engine::moves::Move;
use gridpuzzle_engine::page::MAX_SIDE;
use gridpuzzle_engine::puzzle::{nth_case, Levels, NthCase, Setting};
use gridpuzzle_engine::Puzzle;
use gridpuzzle_registry::Visit;
use serde::Serialize;
use serde_json::Value;

use crate::options::api_key;
use crate::positions::MAX_POSITIONS;
use crate::{json_response, ApiError, MAX_PLAY_MOVES};

#[derive(Serialize)]
struct Catalog {
    max_side: u32,
    max_moves: usize,
    max_positions: usize,
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
    density: &'static str,
    params: Vec<SettingRecord>,
    fresh_answer: [u32; 2],
    script: String,
    /// [`Puzzle::RULES`]: the page's "How to play".
    rules: &'static str,
    levels: Vec<LevelSet>,
    difficulties: Vec<DifficultyRecord>,
}

/// A [`Puzzle::DIFFICULTIES`]: the fields of its `/api/generate` request.
#[derive(Serialize)]
struct DifficultyRecord {
    name: &'static str,
    size: &'static str,
    answer: &'static str,
    params: serde_json::Map<String, Value>,
}

/// A set of [`Puzzle::LEVELS`].
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
    /// Whether the board holds it ([`Puzzle::BOARD_SETTINGS`]); settings
    /// only.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_board: Option<bool>,
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
        }
    }
}

/// `GET /api/puzzles`.
pub(crate) async fn list() -> Response {
    static CATALOG: OnceLock<String> = OnceLock::new();
    let body = CATALOG.get_or_init(|| {
        let catalog = Catalog {
            max_side: MAX_SIDE,
            max_moves: MAX_PLAY_MOVES,
            max_positions: MAX_POSITIONS,
            puzzles: offered()
                .filter_map(|name| gridpuzzle_registry::visit(name, Describe))
                .collect(),
        };
        serde_json::to_string(&catalog).expect("the catalog serializes")
    });
    json_response(StatusCode::OK, body.clone())
}

/// `GET /puzzles/NAME.js`: the drawing module of a puzzle the page offers.
pub(crate) async fn script(Path(file): Path<String>) -> Response {
    let script = file
        .strip_suffix(".js")
        .filter(|name| offered().any(|n| n == *name))
        .and_then(|name| gridpuzzle_registry::visit(name, Script));
    match script {
        Some(s) => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            s,
        )
            .into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

/// The names of the puzzles the page offers: listed, with a drawing
/// module.
fn offered() -> impl Iterator<Item = &'static str> {
    gridpuzzle_registry::entries()
        .into_iter()
        .filter(|e| {
            e.listed && gridpuzzle_registry::visit(e.name, Script).is_some_and(|s| !s.is_empty())
        })
        .map(|e| e.name)
}

/// A puzzle's drawing module (empty: none).
struct Script;

impl Visit for Script {
    type Output = &'static str;

    fn visit<P: Puzzle>(self, _: P) -> &'static str {
        P::PAGE_SCRIPT
    }
}

/// A puzzle's record.
struct Describe;

impl Visit for Describe {
    type Output = PuzzleRecord;

    fn visit<P: Puzzle>(self, puzzle: P) -> PuzzleRecord {
        // The statement's samples are the puzzle's own: a bad one is a bug
        // that the puzzle's tests catch; the page then opens a blank board.
        let board = match nth_case(puzzle.cases(Box::new(P::SAMPLES.as_bytes())), P::SHOWCASE) {
            NthCase::Found(case) => puzzle.board_json(&case),
            NthCase::Bad(_) | NthCase::Short(_) => Value::Null,
        };
        PuzzleRecord {
            name: P::NAME,
            title: P::TITLE,
            about: P::ABOUT,
            unit: P::UNIT,
            one_move: P::MOVE,
            moves: P::MOVES,
            move_set: P::Move::ALL
                .iter()
                .map(|m| MoveRecord {
                    letter: m.letter().to_string(),
                    word: m.word(),
                })
                .collect(),
            settings: P::SETTINGS
                .iter()
                .map(|s| SettingRecord::of(s, Some(P::BOARD_SETTINGS.contains(&s.key))))
                .collect(),
            samples: P::SAMPLES,
            board,
            density: P::DENSITY,
            params: P::GEN_PARAMS
                .iter()
                .map(|s| SettingRecord::of(s, None))
                .collect(),
            fresh_answer: [P::FRESH_ANSWER.0, P::FRESH_ANSWER.1],
            script: format!("/puzzles/{}.js", P::NAME),
            rules: P::RULES,
            levels: P::LEVELS
                .iter()
                .map(|set| level_set(&puzzle, set))
                .collect(),
            difficulties: P::DIFFICULTIES
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
        }
    }
}

/// A set of levels as the page lists it. The sets are the puzzle's own
/// files: a case that does not read, or a line without an answer, is a
/// bug that the server's tests catch, so here it only ends the list.
fn level_set<P: Puzzle>(puzzle: &P, set: &Levels) -> LevelSet {
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
            let board = puzzle.board_json(&case);
            let id = puzzle.with_draft(&board).ok()?.game_id(&board).ok()?;
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
