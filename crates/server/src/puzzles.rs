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
//!  "rules": "<a few sentences for the page's How to play>"}
//! ```
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
use gridpuzzle_engine::puzzle::{nth_case, NthCase, Setting};
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
        }
    }
}
