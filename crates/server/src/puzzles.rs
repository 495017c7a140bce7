//! `GET /api/puzzles`: what the page offers of each listed puzzle, so the
//! page names none — its menu, move words, settings controls, samples,
//! first board and generator fields all come from here — and
//! `GET /puzzles/NAME.js`, the puzzle's drawing module
//! ([`Puzzle::PAGE_SCRIPT`]).
//!
//! One record per listed puzzle of the registry, in its order:
//!
//! ```text
//! {"name", "title", "about", "unit", "move", "moves",
//!  "move_set": [{"letter": "U", "word": "up"}, ...],
//!  "settings": [{"key": "max_throws", "value_name", "default", "choices",
//!                "help", "on_board"}],
//!  "samples": "<the statement's sample input>",
//!  "board": <the sample case the page opens first, as a draft>,
//!  "density": "blocks", "params": [<like settings>], "fresh_answer": [3, 6],
//!  "script": "/puzzles/curling.js" | null}
//! ```
//!
//! plus the page's bounds: `max_side` (of a board it edits and of a game
//! ID), `max_moves` (of one `/api/play`) and `max_positions` (of one
//! window of positions).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use gridpuzzle_engine::moves::Move;
use gridpuzzle_engine::page::MAX_SIDE;
use gridpuzzle_engine::puzzle::{nth_case, NthCase, Setting};
use gridpuzzle_registry::{entries, visit, Puzzle, Visit};
use serde_json::{json, Value};

use crate::options::api_key;
use crate::positions::MAX_POSITIONS;
use crate::{json_response, ApiError, MAX_PLAY_MOVES};

/// `GET /api/puzzles`.
pub(crate) async fn list() -> Response {
    let puzzles: Vec<Value> = entries()
        .iter()
        .filter(|e| e.listed)
        .filter_map(|e| visit(e.name, Describe))
        .collect();
    json_response(
        StatusCode::OK,
        &json!({
            "max_side": MAX_SIDE,
            "max_moves": MAX_PLAY_MOVES,
            "max_positions": MAX_POSITIONS,
            "puzzles": puzzles,
        }),
    )
}

/// `GET /puzzles/NAME.js`: the drawing module of a listed puzzle.
pub(crate) async fn script(Path(file): Path<String>) -> Response {
    let script = file
        .strip_suffix(".js")
        .filter(|name| entries().iter().any(|e| e.listed && e.name == *name))
        .and_then(|name| visit(name, Script))
        .filter(|s| !s.is_empty());
    match script {
        Some(s) => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            s,
        )
            .into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response(),
    }
}

struct Script;

impl Visit for Script {
    type Output = &'static str;
    fn visit<P: Puzzle>(self, _: P) -> &'static str {
        P::PAGE_SCRIPT
    }
}

struct Describe;

impl Visit for Describe {
    type Output = Value;

    fn visit<P: Puzzle>(self, puzzle: P) -> Value {
        let settings: Vec<Value> = P::SETTINGS
            .iter()
            .map(|s| {
                let mut v = setting_json(s);
                v["on_board"] = json!(P::BOARD_SETTINGS.contains(&s.key));
                v
            })
            .collect();
        let params: Vec<Value> = P::GEN_PARAMS.iter().map(setting_json).collect();
        let move_set: Vec<Value> = <P::Move as Move>::ALL
            .iter()
            .map(|m| json!({ "letter": m.letter().to_string(), "word": m.word() }))
            .collect();
        // The statement's samples are the puzzle's own: a bad one is a bug
        // that the puzzle's tests catch; the page then opens a blank board.
        let board = match nth_case(puzzle.cases(Box::new(P::SAMPLES.as_bytes())), P::SHOWCASE) {
            NthCase::Found(case) => puzzle.board_json(&case),
            _ => Value::Null,
        };
        let script = (!P::PAGE_SCRIPT.is_empty()).then(|| format!("/puzzles/{}.js", P::NAME));
        json!({
            "name": P::NAME,
            "title": P::TITLE,
            "about": P::ABOUT,
            "unit": P::UNIT,
            "move": P::MOVE,
            "moves": P::MOVES,
            "move_set": move_set,
            "settings": settings,
            "samples": P::SAMPLES,
            "board": board,
            "density": P::DENSITY,
            "params": params,
            "fresh_answer": [P::FRESH_ANSWER.0, P::FRESH_ANSWER.1],
            "script": script,
        })
    }
}

fn setting_json(s: &Setting) -> Value {
    json!({
        "key": api_key(s.key),
        "value_name": s.value_name,
        "default": s.default,
        "choices": s.choices,
        "help": s.help,
    })
}
