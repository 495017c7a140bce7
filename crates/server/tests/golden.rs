//! Golden files: every answer of the JSON API, byte for byte.
//!
//! Each request of the tables below goes through the router in process
//! (`tower::ServiceExt::oneshot`, as `tests/api.rs` does); its status,
//! content type and body are compared with `tests/golden/NAME.txt`,
//! recorded from the code as it was. They guard a redesign that promises
//! byte-identical answers: a difference fails with the request's name and
//! the first line that differs. A missing golden file fails too.
//!
//! To record (or re-record after a *wanted* change, then review the diff):
//!
//! ```sh
//! GOLDEN_BLESS=1 cargo test -p gridpuzzle-server --test golden
//! ```
//!
//! Normalized, in recording and comparing alike: the number after
//! `"millis":` (a search's wall time) becomes `0`. The page and its assets
//! are recorded by status and content type only, not by their bodies.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request};
use axum::Router;
use gridpuzzle_server::{router, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

const CURLING_IN: &str = include_str!("../../../samples/curling.in");
const HOLEDOX_IN: &str = include_str!("../../../samples/holedox.in");
const CONTEST20_IN: &str = include_str!("../../../bench/curling/contest20.in");
const HOLEDOX_HARD_IN: &str = include_str!("../../../bench/holedox/hard.in");

const CURLING_ROW_10: &str = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
const CURLING_ROW_11: &str = "13 1\n2 0 1 1 1 1 1 1 1 1 1 1 3\n0 0\n";
const CURLING_BAD: &str = "2 1\n2 3\n3 1\n2 x 3\n0 0\n";
/// A 3×3 lair, head at (2,2), tail at (2,3).
const HOLEDOX_SMALL: &str = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
const HOLEDOX_BAD: &str = "3 3 2\n2 2\n2 3\n0\n4 4 2\n1 1\n9 9\n0\n0 0 0\n";

// ---------------------------------------------------------------------------
// The harness

/// What a request sends.
enum Send {
    /// A JSON value (sent as `serde_json`'s compact text).
    Json(Value),
    /// These bytes as they are.
    Raw(&'static str),
    /// A GET without a body.
    Get,
}

/// The server a request goes to.
#[derive(Clone, Copy)]
enum Server {
    /// As `tests/api.rs` builds it: the defaults with two search slots.
    Usual,
    /// A body limit of 1000 bytes.
    SmallBodies,
    /// No search slot and no waiting: every search is refused.
    NoSlots,
}

struct Req {
    name: String,
    path: &'static str,
    send: Send,
    server: Server,
    /// Record the body (false for the page and its assets).
    body: bool,
}

fn post(name: impl Into<String>, path: &'static str, body: Value) -> Req {
    Req {
        name: name.into(),
        path,
        send: Send::Json(body),
        server: Server::Usual,
        body: true,
    }
}

fn post_raw(name: &str, path: &'static str, body: &'static str) -> Req {
    Req {
        name: name.into(),
        path,
        send: Send::Raw(body),
        server: Server::Usual,
        body: true,
    }
}

fn get(name: &str, path: &'static str, body: bool) -> Req {
    Req {
        name: name.into(),
        path,
        send: Send::Get,
        server: Server::Usual,
        body,
    }
}

impl Req {
    fn on(mut self, server: Server) -> Req {
        self.server = server;
        self
    }
}

fn app(server: Server) -> Router {
    match server {
        Server::Usual => router(Config {
            searches: 2,
            ..Config::default()
        }),
        Server::SmallBodies => router(Config {
            body_limit: 1000,
            ..Config::default()
        }),
        Server::NoSlots => router(Config {
            searches: 0,
            queue_wait: Duration::ZERO,
            ..Config::default()
        }),
    }
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[path = "../../cli/tests/common/golden_files.rs"]
mod golden_files;

use golden_files::{blessing, section, zero_millis};

/// Compares (or, blessing, writes) one golden file; the problem, if any.
fn check(name: &str, actual: &str) -> Option<String> {
    golden_files::check(&golden_dir(), "answer", name, actual)
}

/// Where `actual` first departs from `golden`, for a person to read.
fn first_difference(golden: &str, actual: &str) -> String {
    golden_files::first_difference("answer", golden, actual)
}

/// Sends one request and renders what came back as its golden text.
async fn record(req: &Req) -> String {
    let (method, body) = match &req.send {
        Send::Json(v) => (Method::POST, v.to_string()),
        Send::Raw(text) => (Method::POST, text.to_string()),
        Send::Get => (Method::GET, String::new()),
    };
    let mut builder = Request::builder().method(method.clone()).uri(req.path);
    if method == Method::POST {
        builder = builder.header(header::CONTENT_TYPE, "application/json");
    }
    let request = builder.body(Body::from(body.clone())).unwrap();
    let response = app(req.server).oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let text = String::from_utf8(bytes.to_vec()).expect("a utf-8 body");

    let mut out = String::new();
    out.push_str("# golden answer, checked by crates/server/tests/golden.rs\n");
    let _ = writeln!(out, "{method} {}", req.path);
    match req.server {
        Server::Usual => {}
        Server::SmallBodies => out.push_str("server: body_limit 1000\n"),
        Server::NoSlots => out.push_str("server: searches 0, queue_wait 0\n"),
    }
    let _ = writeln!(out, "status: {status}");
    let _ = writeln!(out, "content-type: {}", kind.as_deref().unwrap_or("(none)"));
    if method == Method::POST {
        section(&mut out, "request", &body);
    }
    if req.body {
        section(&mut out, "body", &zero_millis(&text));
    } else {
        out.push_str("--- body not recorded ---\n");
    }
    out
}

/// Sends a table's requests and fails with every mismatch.
async fn run_table(table: Vec<Req>) {
    let mut problems = Vec::new();
    for req in &table {
        if let Some(problem) = check(&req.name, &record(req).await) {
            problems.push(problem);
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} requests do not match their golden files \
         (GOLDEN_BLESS=1 re-records, if the change is wanted):\n\n{}",
        problems.len(),
        table.len(),
        problems.join("\n\n")
    );
}

// ---------------------------------------------------------------------------
// The tables

fn page_table() -> Vec<Req> {
    vec![
        get("page-index", "/", false),
        get("page-style", "/style.css", false),
        get("page-js-api", "/js/api.js", false),
        get("page-js-board", "/js/board.js", false),
        get("page-js-editor", "/js/editor.js", false),
        get("page-js-levels", "/js/levels.js", false),
        get("page-js-link", "/js/link.js", false),
        get("page-js-main", "/js/main.js", false),
        get("page-js-play", "/js/play.js", false),
        get("page-js-progress", "/js/progress.js", false),
        get("page-js-solve", "/js/solve.js", false),
        get("page-js-state", "/js/state.js", false),
        get("page-js-watch", "/js/watch.js", false),
        get("page-js-workers", "/js/workers.js", false),
        get("page-not-found", "/nowhere", true),
        get("page-get-api-solve", "/api/solve", true),
        post("page-post-unknown-api", "/api/nothing", json!({})),
        post("page-post-index", "/", json!({})),
    ]
}

/// The golden requests of `/api/solve`. One table, however long: an entry
/// a golden file, in the order of the files, so a request is found by its
/// name and a new one is one more entry; pieces would only scatter it.
fn solve_table() -> Vec<Req> {
    let s = |name: &str, body: Value| post(name, "/api/solve", body);
    vec![
        s(
            "solve-curling-sample",
            json!({"puzzle": "curling", "input": CURLING_IN}),
        ),
        s(
            "solve-curling-max-throws-9",
            json!({"puzzle": "curling", "input": CURLING_ROW_10, "options": {"max_throws": 9}}),
        ),
        s(
            "solve-curling-max-throws-none",
            json!({"puzzle": "curling", "input": CURLING_IN, "options": {"max_throws": "none"}}),
        ),
        s(
            "solve-curling-max-throws-string-12",
            json!({"puzzle": "curling", "input": CURLING_ROW_11, "options": {"max_throws": "12"}}),
        ),
        s(
            "solve-curling-max-throws-3",
            json!({"puzzle": "curling", "input": CURLING_IN, "options": {"max_throws": 3}}),
        ),
        s(
            "solve-curling-max-throws-null",
            json!({"puzzle": "curling", "input": CURLING_ROW_11, "options": {"max_throws": null}}),
        ),
        s(
            "solve-curling-max-states-1",
            json!({"puzzle": "curling", "input": CURLING_IN, "options": {"max_states": 1}}),
        ),
        s(
            "solve-curling-bounds-clamped",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n",
                   "options": {"max_states": 1_000_000_000u64, "timeout_ms": 1e12}}),
        ),
        s(
            "solve-curling-timeout-ms",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n", "options": {"timeout_ms": 2500.5}}),
        ),
        s(
            "solve-curling-missing-terminator",
            json!({"puzzle": "curling", "input": "2 1\n2 3\n3 1\n2 0 3"}),
        ),
        s(
            "solve-curling-empty-input",
            json!({"puzzle": "curling", "input": ""}),
        ),
        s(
            "solve-curling-options-null",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n", "options": null}),
        ),
        s(
            "solve-curling-bench-contest20",
            json!({"puzzle": "curling", "input": CONTEST20_IN}),
        ),
        s(
            "solve-holedox-sample",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
        ),
        s(
            "solve-holedox-strict-exit-1-1",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "strict", "exit": "1,1"}}),
        ),
        s(
            "solve-holedox-lenient",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "lenient"}}),
        ),
        s(
            "solve-holedox-exit-5-6-lenient",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "lenient", "exit": "5,6"}}),
        ),
        s(
            "solve-holedox-exit-3-3",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "options": {"exit": "3,3"}}),
        ),
        s(
            "solve-holedox-max-states-1",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"max_states": 1}}),
        ),
        s(
            "solve-holedox-missing-terminator",
            json!({"puzzle": "holedox", "input": "3 3 2\n2 2\n2 3\n0\n"}),
        ),
        s(
            "solve-holedox-bench-hard",
            json!({"puzzle": "holedox", "input": HOLEDOX_HARD_IN}),
        ),
        // Errors.
        s(
            "solve-error-bad-curling-input",
            json!({"puzzle": "curling", "input": CURLING_BAD}),
        ),
        s(
            "solve-error-bad-holedox-input",
            json!({"puzzle": "holedox", "input": HOLEDOX_BAD}),
        ),
        s(
            "solve-error-huge-curling-board",
            json!({"puzzle": "curling", "input": "1000000000 1000000000\n"}),
        ),
        s(
            "solve-error-holedox-exit-outside",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "options": {"exit": "4,1"}}),
        ),
        post_raw("solve-error-malformed-json", "/api/solve", "{\"puzzle\": "),
        post_raw("solve-error-empty-body", "/api/solve", ""),
        post_raw("solve-error-trailing-garbage", "/api/solve", "{} x"),
        s("solve-error-array", json!([1, 2])),
        s("solve-error-string", json!("curling")),
        s(
            "solve-error-unknown-puzzle",
            json!({"puzzle": "sokoban", "input": ""}),
        ),
        s(
            "solve-error-puzzle-number",
            json!({"puzzle": 5, "input": ""}),
        ),
        s("solve-error-missing-puzzle", json!({"input": ""})),
        s("solve-error-missing-input", json!({"puzzle": "curling"})),
        s(
            "solve-error-input-number",
            json!({"puzzle": "curling", "input": 5}),
        ),
        s(
            "solve-error-unknown-field",
            json!({"puzzle": "curling", "input": "", "extra": 1}),
        ),
        s(
            "solve-error-options-array",
            json!({"puzzle": "curling", "input": "", "options": []}),
        ),
        s(
            "solve-error-unknown-option",
            json!({"puzzle": "curling", "input": "", "options": {"speed": 1}}),
        ),
        s(
            "solve-error-exit-for-curling",
            json!({"puzzle": "curling", "input": "", "options": {"exit": "1,1"}}),
        ),
        s(
            "solve-error-tail-rule-for-curling",
            json!({"puzzle": "curling", "input": "", "options": {"tail_rule": "strict"}}),
        ),
        s(
            "solve-error-max-throws-for-holedox",
            json!({"puzzle": "holedox", "input": "", "options": {"max_throws": 3}}),
        ),
        s(
            "solve-error-max-throws-minus-1",
            json!({"puzzle": "curling", "input": "", "options": {"max_throws": -1}}),
        ),
        s(
            "solve-error-max-throws-lots",
            json!({"puzzle": "curling", "input": "", "options": {"max_throws": "lots"}}),
        ),
        s(
            "solve-error-max-throws-float",
            json!({"puzzle": "curling", "input": "", "options": {"max_throws": 2.5}}),
        ),
        s(
            "solve-error-tail-rule-x",
            json!({"puzzle": "holedox", "input": "", "options": {"tail_rule": "x"}}),
        ),
        s(
            "solve-error-exit-0-0",
            json!({"puzzle": "holedox", "input": "", "options": {"exit": "0,0"}}),
        ),
        s(
            "solve-error-exit-0-1",
            json!({"puzzle": "holedox", "input": "", "options": {"exit": "0,1"}}),
        ),
        s(
            "solve-error-exit-x",
            json!({"puzzle": "holedox", "input": "", "options": {"exit": "x"}}),
        ),
        s(
            "solve-error-exit-array",
            json!({"puzzle": "holedox", "input": "", "options": {"exit": [1, 1]}}),
        ),
        s(
            "solve-error-timeout-ms-0",
            json!({"puzzle": "holedox", "input": "", "options": {"timeout_ms": 0}}),
        ),
        s(
            "solve-error-max-states-0",
            json!({"puzzle": "curling", "input": "", "options": {"max_states": 0}}),
        ),
        s(
            "solve-error-max-states-string",
            json!({"puzzle": "curling", "input": "", "options": {"max_states": "10"}}),
        ),
        post(
            "solve-error-body-too-large",
            "/api/solve",
            json!({"puzzle": "curling", "input": "0 ".repeat(1000)}),
        )
        .on(Server::SmallBodies),
        s(
            "solve-error-busy",
            json!({"puzzle": "curling", "input": CURLING_IN}),
        )
        .on(Server::NoSlots),
    ]
}

fn verify_table() -> Vec<Req> {
    let v = |name: &str, body: Value| post(name, "/api/verify", body);
    vec![
        // Optimal, longer, skipped (null), illegal, not reached, over the cap.
        v(
            "verify-curling-every-verdict",
            json!({"puzzle": "curling", "input": CURLING_IN,
                   "plans": ["L", "DRLUR", null, "R", "RRRR", "RRRRRRRRRRR"]}),
        ),
        v(
            "verify-curling-every-verdict-max-throws-none",
            json!({"puzzle": "curling", "input": CURLING_IN, "options": {"max_throws": "none"},
                   "plans": ["L", "DRLUR", null, "R", "RRRR", "RRRRRRRRRRR"]}),
        ),
        v(
            "verify-curling-api-test-plans",
            json!({"puzzle": "curling", "input": CURLING_IN,
                   "plans": ["R", "DLUR", null, "LRRR", "RRRR", "-"]}),
        ),
        v(
            "verify-curling-missing-plans",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["L", "DLUR"]}),
        ),
        v(
            "verify-curling-extra-plans",
            json!({"puzzle": "curling", "input": CURLING_IN,
                   "plans": ["L", "DLUR", "-", "LRRR", "RRRRRRRRRR", "-", "L", "R"]}),
        ),
        v(
            "verify-curling-empty-plans",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": []}),
        ),
        v(
            "verify-curling-spaces-lowercase-empty",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["L", "", " dlur ", "D L U R", " - "]}),
        ),
        v(
            "verify-curling-unknown",
            json!({"puzzle": "curling", "input": CURLING_ROW_10, "options": {"max_states": 1},
                   "plans": ["RRRRRRRRRR"]}),
        ),
        v(
            "verify-curling-after-win",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["LL"]}),
        ),
        v(
            "verify-holedox-optimal-missing",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "plans": ["DRRULUUUL"]}),
        ),
        v(
            "verify-holedox-illegal",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "plans": ["RUUU", "U"]}),
        ),
        v(
            "verify-holedox-lenient-longer",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "lenient"},
                   "plans": ["DRRULUUUL", null]}),
        ),
        v(
            "verify-holedox-small-longer",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "plans": ["DLUU"]}),
        ),
        v(
            "verify-holedox-small-not-reached",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "plans": ["U"]}),
        ),
        v(
            "verify-holedox-small-after-exit",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "plans": ["ULR"]}),
        ),
        v(
            "verify-holedox-small-into-tail",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "plans": ["R"]}),
        ),
        v(
            "verify-holedox-exit-3-3",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "options": {"exit": "3,3"}, "plans": ["DR"]}),
        ),
        // Errors.
        v(
            "verify-error-plans-string",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": "RDLU"}),
        ),
        v(
            "verify-error-plans-missing",
            json!({"puzzle": "curling", "input": CURLING_IN}),
        ),
        v(
            "verify-error-plan-number",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["L", 5]}),
        ),
        v(
            "verify-error-bad-character",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["L", "RDX"]}),
        ),
        v(
            "verify-error-bad-input",
            json!({"puzzle": "holedox", "input": "5 6 4\n", "plans": []}),
        ),
        v(
            "verify-error-bad-curling-input",
            json!({"puzzle": "curling", "input": CURLING_BAD, "plans": ["R", "R"]}),
        ),
        v(
            "verify-error-unknown-field",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": [], "moves": "L"}),
        ),
    ]
}

/// The golden requests of `/api/generate`. One table, however long: an entry
/// a golden file, in the order of the files, so a request is found by its
/// name and a new one is one more entry; pieces would only scatter it.
fn generate_table() -> Vec<Req> {
    let g = |name: &str, body: Value| post(name, "/api/generate", body);
    vec![
        g(
            "generate-holedox-6x5",
            json!({"puzzle": "holedox", "size": "6x5", "len": 3, "count": 3, "seed": 1, "answer": "5..9"}),
        ),
        g(
            "generate-curling-8x8",
            json!({"puzzle": "curling", "size": "8x8", "count": 2, "seed": 7, "answer": 3}),
        ),
        g(
            "generate-curling-defaults",
            json!({"puzzle": "curling", "size": "5x5", "seed": 9}),
        ),
        g(
            "generate-curling-seed-string",
            json!({"puzzle": "curling", "size": "5x5", "seed": "9"}),
        ),
        g(
            "generate-curling-unsolvable",
            json!({"puzzle": "curling", "size": "6x6", "count": 3, "seed": 3, "answer": "-1"}),
        ),
        g(
            "generate-curling-density-max-throws-none",
            json!({"puzzle": "curling", "size": "10x10", "count": 2, "seed": 4,
                   "max_throws": "none", "answer": "11..13", "density": 40}),
        ),
        g(
            "generate-curling-max-states",
            json!({"puzzle": "curling", "size": "8x8", "count": 2, "seed": 1, "max_states": 3}),
        ),
        g(
            "generate-holedox-lenient-exit",
            json!({"puzzle": "holedox", "size": "8x7", "len": 5, "count": 3, "seed": 5,
                   "answer": "10..40", "exit": "7,8", "tail_rule": "lenient"}),
        ),
        g(
            "generate-holedox-density",
            json!({"puzzle": "holedox", "size": "9x6", "len": 4, "count": 2, "seed": 2, "density": 25}),
        ),
        g(
            "generate-holedox-unsolvable",
            json!({"puzzle": "holedox", "size": "7x7", "len": 6, "count": 2, "seed": 3, "answer": -1}),
        ),
        // Errors.
        g(
            "generate-error-count-51",
            json!({"puzzle": "curling", "size": "8x8", "count": 51}),
        ),
        g(
            "generate-error-count-0",
            json!({"puzzle": "curling", "size": "8x8", "count": 0}),
        ),
        g(
            "generate-error-size-8",
            json!({"puzzle": "curling", "size": "8"}),
        ),
        g(
            "generate-error-size-number",
            json!({"puzzle": "curling", "size": 8}),
        ),
        g("generate-error-no-size", json!({"puzzle": "curling"})),
        g(
            "generate-error-size-500x5",
            json!({"puzzle": "curling", "size": "500x5"}),
        ),
        g(
            "generate-error-size-1x1",
            json!({"puzzle": "curling", "size": "1x1", "seed": 1}),
        ),
        g(
            "generate-error-empty-range",
            json!({"puzzle": "curling", "size": "8x8", "answer": "9..3"}),
        ),
        g(
            "generate-error-answer-over-cap",
            json!({"puzzle": "curling", "size": "8x8", "answer": "11.."}),
        ),
        g(
            "generate-error-answer-0",
            json!({"puzzle": "curling", "size": "8x8", "answer": 0}),
        ),
        g(
            "generate-error-answer-bool",
            json!({"puzzle": "curling", "size": "8x8", "answer": true}),
        ),
        g(
            "generate-error-len-99",
            json!({"puzzle": "holedox", "size": "6x5", "len": 99}),
        ),
        g(
            "generate-error-no-len",
            json!({"puzzle": "holedox", "size": "6x5"}),
        ),
        g(
            "generate-error-len-for-curling",
            json!({"puzzle": "curling", "size": "6x5", "len": 3}),
        ),
        g(
            "generate-error-exit-outside",
            json!({"puzzle": "holedox", "size": "6x5", "len": 3, "exit": "9,9"}),
        ),
        g(
            "generate-error-tail-rule-x",
            json!({"puzzle": "holedox", "size": "6x5", "len": 3, "tail_rule": "x"}),
        ),
        g(
            "generate-error-max-throws-minus-1",
            json!({"puzzle": "curling", "size": "6x5", "max_throws": -1}),
        ),
        g(
            "generate-error-density-101",
            json!({"puzzle": "curling", "size": "6x5", "density": 101}),
        ),
        g(
            "generate-error-seed-plus",
            json!({"puzzle": "curling", "size": "5x5", "seed": "+5"}),
        ),
        g(
            "generate-error-seed-negative",
            json!({"puzzle": "curling", "size": "5x5", "seed": -1}),
        ),
        g(
            "generate-error-unknown-field",
            json!({"puzzle": "curling", "size": "5x5", "options": {}}),
        ),
        g(
            "generate-error-unknown-puzzle",
            json!({"puzzle": "sokoban", "size": "5x5"}),
        ),
        g(
            "generate-error-max-states-0",
            json!({"puzzle": "curling", "size": "5x5", "max_states": 0}),
        ),
    ]
}

fn render_table() -> Vec<Req> {
    let r = |name: &str, body: Value| post(name, "/api/render", body);
    vec![
        r(
            "render-curling-case-2",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2}),
        ),
        r(
            "render-curling-case-2-frame-1",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "frame": 1}),
        ),
        r(
            "render-curling-case-1-default",
            json!({"puzzle": "curling", "input": CURLING_IN}),
        ),
        r(
            "render-curling-case-3-unsolvable",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 3}),
        ),
        r(
            "render-curling-case-5-limit",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 5, "options": {"max_states": 1}}),
        ),
        r(
            "render-curling-given-moves",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DRLUR"}),
        ),
        r(
            "render-curling-moves-not-reaching",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DR", "frame": 2}),
        ),
        r(
            "render-holedox-case-1",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
        ),
        r(
            "render-holedox-moves-frame-3",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DRR", "frame": 3}),
        ),
        r(
            "render-holedox-lenient",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "lenient"}}),
        ),
        r(
            "render-holedox-case-2-unsolvable",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2}),
        ),
        // Errors.
        r(
            "render-error-case-9",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 9}),
        ),
        r(
            "render-error-case-0",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 0}),
        ),
        r(
            "render-error-moves-cannot-be-played",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "U"}),
        ),
        r(
            "render-error-holedox-moves-cannot-be-played",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "R"}),
        ),
        r(
            "render-error-frame-past-end",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "frame": 5}),
        ),
        r(
            "render-error-frame-negative",
            json!({"puzzle": "curling", "input": CURLING_IN, "frame": -1}),
        ),
        r(
            "render-error-moves-bad-character",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DXR"}),
        ),
        r(
            "render-error-moves-number",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": 5}),
        ),
        r(
            "render-error-bad-input",
            json!({"puzzle": "curling", "input": CURLING_BAD, "case": 2}),
        ),
    ]
}

/// What the page offers: the catalog and the drawing modules (recorded
/// by status and content type, as the other assets).
fn puzzles_table() -> Vec<Req> {
    vec![
        get("puzzles-catalog", "/api/puzzles", true),
        // Registered but not listed: not on the page.
        get(
            "puzzles-template-js-not-found",
            "/puzzles/template.js",
            true,
        ),
        get("puzzles-unknown-js-not-found", "/puzzles/chess.js", true),
        get("puzzles-no-js-suffix-not-found", "/puzzles/curling", true),
        post("puzzles-post-not-allowed", "/api/puzzles", json!({})),
    ]
}

fn board_table() -> Vec<Req> {
    let b = |name: &str, body: Value| post(name, "/api/board", body);
    let curling = json!({"width": 6, "height": 6,
                         "rows": ["#..S#.", "##....", ".....G", "......", "#....#", ".#####"]});
    let lair = json!({"width": 3, "height": 2, "rows": ["#.#", "..."], "body": [], "exit": [1, 2]});
    vec![
        b(
            "board-curling-draft",
            json!({"puzzle": "curling", "board": curling}),
        ),
        b(
            "board-curling-max-throws-12",
            json!({"puzzle": "curling", "board": curling, "options": {"max_throws": 12}}),
        ),
        b(
            "board-curling-half-drawn",
            json!({"puzzle": "curling", "board": {"width": 2, "height": 1, "rows": ["S."]}}),
        ),
        b(
            "board-holedox-lair-lenient",
            json!({"puzzle": "holedox", "board": lair, "options": {"tail_rule": "lenient"}}),
        ),
        b(
            "board-holedox-snake",
            json!({"puzzle": "holedox", "board": {"width": 3, "height": 3, "rows": ["...", "...", ".#."],
                   "body": [[0, 0], [0, 1], [1, 1]], "exit": [0, 0]}}),
        ),
        b(
            "board-id-holedox-old-link",
            json!({"id": "holedox/6x5/AIMAA/3.0.RUL"}),
        ),
        b(
            "board-id-curling-cap-none",
            json!({"id": "curling/6x6/QkUAADAAQBFV/cap=none"}),
        ),
        // Errors.
        b(
            "board-error-id-unknown-puzzle",
            json!({"id": "chess/1x1/A"}),
        ),
        b("board-error-id-no-size", json!({"id": "curling/3"})),
        b(
            "board-error-id-exit-outside",
            json!({"id": "holedox/6x5/AIMAA/3.0.RUL/exit=9,9"}),
        ),
        b("board-error-id-number", json!({"id": 7})),
        b(
            "board-error-id-and-puzzle",
            json!({"id": "curling/1x1/A", "puzzle": "curling"}),
        ),
        b(
            "board-error-unknown-puzzle",
            json!({"puzzle": "chess", "board": {}}),
        ),
        b("board-error-missing-puzzle", json!({"board": {}})),
        b("board-error-missing-board", json!({"puzzle": "curling"})),
        b(
            "board-error-unknown-field",
            json!({"puzzle": "curling", "board": {}, "extra": 1}),
        ),
        b(
            "board-error-option-for-holedox",
            json!({"puzzle": "curling", "board": curling, "options": {"tail_rule": "strict"}}),
        ),
        b(
            "board-error-max-throws-x",
            json!({"puzzle": "curling", "board": curling, "options": {"max_throws": "x"}}),
        ),
        b(
            "board-error-not-an-object",
            json!({"puzzle": "curling", "board": [1, 2]}),
        ),
        b(
            "board-error-bad-cell",
            json!({"puzzle": "curling", "board": {"width": 1, "height": 1, "rows": ["x"]}}),
        ),
        b(
            "board-error-snake-not-joined",
            json!({"puzzle": "holedox", "board": {"width": 2, "height": 1, "rows": [".."],
                   "body": [[0, 0], [0, 0]]}}),
        ),
    ]
}

fn cases_table() -> Vec<Req> {
    let c = |name: &str, body: Value| post(name, "/api/cases", body);
    vec![
        c(
            "cases-curling-sample",
            json!({"puzzle": "curling", "input": CURLING_IN}),
        ),
        c(
            "cases-holedox-sample",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
        ),
        c(
            "cases-holedox-exit-option",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "options": {"exit": "3,3"}}),
        ),
        c(
            "cases-curling-error-after-one",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n2 1\n3 7\n0 0\n"}),
        ),
        c(
            "cases-holedox-error-after-one",
            json!({"puzzle": "holedox", "input": HOLEDOX_BAD}),
        ),
        c(
            "cases-holedox-too-large",
            json!({"puzzle": "holedox", "input": "4096 4096 2\n1 1\n1 2\n0\n0 0 0\n"}),
        ),
        c(
            "cases-curling-too-large",
            json!({"puzzle": "curling", "input": format!("101 1\n2 3{}\n0 0\n", " 0".repeat(99))}),
        ),
        c(
            "cases-curling-empty",
            json!({"puzzle": "curling", "input": ""}),
        ),
        c(
            "cases-error-cell-budget",
            json!({"puzzle": "holedox",
                   "input": format!("{}0 0 0\n", "4096 4096 2\n1 1\n1 2\n0\n".repeat(6))}),
        ),
        c(
            "cases-error-unknown-puzzle",
            json!({"puzzle": "chess", "input": ""}),
        ),
        c(
            "cases-error-unknown-field",
            json!({"puzzle": "curling", "input": "", "case": 1}),
        ),
        c(
            "cases-no-slots-still-served",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
        )
        .on(Server::NoSlots),
    ]
}

/// The golden requests of `/api/play`. One table, however long: an entry
/// a golden file, in the order of the files, so a request is found by its
/// name and a new one is one more entry; pieces would only scatter it.
fn play_table() -> Vec<Req> {
    let p = |name: &str, body: Value| post(name, "/api/play", body);
    vec![
        p(
            "play-holedox-start",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
        ),
        p(
            "play-holedox-start-hint",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "hint": true}),
        ),
        p(
            "play-holedox-dr",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR"}),
        ),
        p(
            "play-holedox-dr-hint",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR", "hint": true}),
        ),
        p(
            "play-holedox-hint-false",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR", "hint": false}),
        ),
        p(
            "play-holedox-won",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DRRULUUUL", "hint": true}),
        ),
        p(
            "play-holedox-case-2-hint-unsolvable",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2, "hint": true}),
        ),
        p(
            "play-holedox-hint-limit",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2, "hint": true, "options": {"max_states": 1}}),
        ),
        p(
            "play-holedox-lenient-follows-tail",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "moves": "RUL",
                   "options": {"tail_rule": "lenient"}, "hint": true}),
        ),
        p(
            "play-holedox-one-row-won",
            json!({"puzzle": "holedox", "input": "1 3 2\n1 2\n1 3\n0\n0 0 0\n", "moves": "L"}),
        ),
        p(
            "play-holedox-trapped-hint",
            json!({"puzzle": "holedox", "input": "1 4 2\n1 3\n1 4\n1\n1 2\n0 0 0\n", "hint": true}),
        ),
        // Refused moves.
        p(
            "play-refused-holedox-into-body",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DUR"}),
        ),
        p(
            "play-refused-holedox-into-tail",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "moves": "R", "hint": true}),
        ),
        p(
            "play-refused-holedox-into-stone",
            json!({"puzzle": "holedox", "input": "3 3 2\n2 2\n2 3\n1\n1 2\n0 0 0\n", "moves": "UL"}),
        ),
        p(
            "play-refused-holedox-off-lair",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "moves": "LL"}),
        ),
        p(
            "play-refused-holedox-after-exit",
            json!({"puzzle": "holedox", "input": HOLEDOX_SMALL, "moves": "ULR"}),
        ),
        p(
            "play-curling-start",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2}),
        ),
        p(
            "play-curling-won-hint",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DLUR", "hint": true}),
        ),
        p(
            "play-curling-midway-hint",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DL", "hint": true}),
        ),
        p(
            "play-curling-case-3-hint-unsolvable",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 3, "hint": true}),
        ),
        p(
            "play-curling-over-cap-hint",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 5, "moves": "R", "hint": true,
                   "options": {"max_throws": 5}}),
        ),
        p(
            "play-curling-no-cap-won",
            json!({"puzzle": "curling", "input": CURLING_ROW_11, "moves": "RRRRRRRRRRR",
                   "options": {"max_throws": "none"}}),
        ),
        p(
            "play-refused-curling-past-cap",
            json!({"puzzle": "curling", "input": CURLING_ROW_11, "moves": "RRRRRRRRRRR"}),
        ),
        p(
            "play-refused-curling-adjacent-block",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 4, "moves": "R", "hint": true}),
        ),
        p(
            "play-refused-curling-off-board",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DU"}),
        ),
        p(
            "play-refused-curling-after-win",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n", "moves": "LL"}),
        ),
        p(
            "play-curling-trapped",
            json!({"puzzle": "curling", "input": "3 3\n1 1 1\n1 2 1\n1 1 3\n0 0\n", "hint": true}),
        ),
        // Errors.
        p(
            "play-error-moves-bad-character",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DX"}),
        ),
        p(
            "play-error-moves-array",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": ["D"]}),
        ),
        p(
            "play-error-hint-yes",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "hint": "yes"}),
        ),
        p(
            "play-error-case-3",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 3}),
        ),
        p(
            "play-error-case-0",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 0}),
        ),
        p(
            "play-error-bad-input",
            json!({"puzzle": "curling", "input": "2 1\n3 9\n0 0\n"}),
        ),
        p(
            "play-error-too-many-moves",
            json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n",
                   "moves": "R".repeat(gridpuzzle_server::MAX_PLAY_MOVES + 1)}),
        ),
        p(
            "play-error-cell-budget",
            json!({"puzzle": "holedox",
                   "input": format!("{}0 0 0\n", "4096 4096 2\n1 1\n1 2\n0\n".repeat(6)),
                   "case": 6}),
        ),
        p(
            "play-error-unknown-field",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "frame": 1}),
        ),
        // The whole positions of a window, for the page to draw.
        p(
            "play-holedox-positions-0-2",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR", "positions": [0, 2]}),
        ),
        p(
            "play-holedox-positions-after-refused",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DRL", "positions": [2, 9]}),
        ),
        p(
            "play-curling-positions-broken-hint",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "DL",
                   "positions": [1, 2], "hint": true}),
        ),
        p(
            "play-error-positions-reversed",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "positions": [2, 1]}),
        ),
        p(
            "play-no-slots-replay-served",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "D"}),
        )
        .on(Server::NoSlots),
        p(
            "play-error-no-slots-hint-busy",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "hint": true}),
        )
        .on(Server::NoSlots),
    ]
}

/// Watching a search: windows of a trace, its chart, the algorithms.
fn trace_table() -> Vec<Req> {
    let t = |name: &str, body: Value| post(name, "/api/trace", body);
    vec![
        // The list grows as algorithms and lessons are added to the
        // puzzles (api.rs checks it against the registry), so only its
        // status and type are recorded; so are no errors that list them.
        get("trace-algorithms", "/api/algorithms", false),
        post(
            "trace-algorithms-post-not-allowed",
            "/api/algorithms",
            json!({}),
        ),
        t(
            "trace-curling-seed-dfs-case-2",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs",
                   "count": 40}),
        ),
        t(
            "trace-curling-seed-dfs-window-past-a-goal",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs",
                   "from": 120, "count": 20}),
        ),
        t(
            "trace-holedox-seed-bfs-sample",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "algorithm": "seed-bfs", "count": 30}),
        ),
        t(
            "trace-holedox-seed-bfs-unsolvable",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2, "algorithm": "seed-bfs",
                   "from": 5, "count": 10}),
        ),
        t(
            "trace-curling-max-states-3",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs",
                   "count": 3, "options": {"max_states": 3}}),
        ),
        t(
            "trace-error-count-over-cap",
            json!({"puzzle": "curling", "input": CURLING_IN, "algorithm": "seed-dfs", "count": 5001}),
        ),
        t(
            "trace-error-from-0",
            json!({"puzzle": "curling", "input": CURLING_IN, "algorithm": "seed-dfs", "from": 0}),
        ),
        t(
            "trace-error-bad-board",
            json!({"puzzle": "curling", "input": CURLING_BAD, "case": 2, "algorithm": "seed-dfs"}),
        ),
        t(
            "trace-error-no-slots-busy",
            json!({"puzzle": "curling", "input": CURLING_IN, "algorithm": "seed-dfs"}),
        )
        .on(Server::NoSlots),
        post(
            "trace-chart-curling-case-2",
            "/api/trace/chart",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithms": ["seed-dfs"]}),
        ),
        post(
            "trace-chart-error-twice",
            "/api/trace/chart",
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "algorithms": ["seed-bfs", "seed-bfs"]}),
        ),
    ]
}

// ---------------------------------------------------------------------------
// The tests

#[tokio::test]
async fn golden_page() {
    run_table(page_table()).await;
}

#[tokio::test]
async fn golden_solve() {
    run_table(solve_table()).await;
}

#[tokio::test]
async fn golden_verify() {
    run_table(verify_table()).await;
}

#[tokio::test]
async fn golden_generate() {
    run_table(generate_table()).await;
}

#[tokio::test]
async fn golden_render() {
    run_table(render_table()).await;
}

#[tokio::test]
async fn golden_cases() {
    run_table(cases_table()).await;
}

#[tokio::test]
async fn golden_play() {
    run_table(play_table()).await;
}

#[tokio::test]
async fn golden_puzzles() {
    run_table(puzzles_table()).await;
}

#[tokio::test]
async fn golden_board() {
    run_table(board_table()).await;
}

#[tokio::test]
async fn golden_trace() {
    run_table(trace_table()).await;
}

/// Every golden file belongs to a request and every name is used once, so
/// a renamed request cannot leave a stale file that guards nothing.
/// Blessing deletes the strays.
#[test]
fn golden_files_match_the_tables() {
    let mut names = BTreeSet::new();
    let tables = [
        page_table(),
        solve_table(),
        verify_table(),
        generate_table(),
        render_table(),
        cases_table(),
        play_table(),
        puzzles_table(),
        board_table(),
        trace_table(),
    ];
    for req in tables.iter().flatten() {
        assert!(
            names.insert(format!("{}.txt", req.name)),
            "two requests are named {}",
            req.name
        );
    }
    let mut strays = Vec::new();
    if let Ok(dir) = std::fs::read_dir(golden_dir()) {
        for entry in dir {
            let entry = entry.expect("a directory entry");
            let file = entry.file_name().to_string_lossy().into_owned();
            if !names.contains(&file) {
                if blessing() {
                    std::fs::remove_file(entry.path()).expect("a stray golden file is removed");
                } else {
                    strays.push(file);
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "golden files that no request records (GOLDEN_BLESS=1 removes them): {strays:?}"
    );
}

#[test]
fn the_comparison_names_the_first_difference() {
    assert_eq!(
        zero_millis(r#"{"millis":0.0019039999999999999},"millis":12,"millis":1e-5}"#),
        r#"{"millis":0},"millis":0,"millis":0}"#
    );
    let message = first_difference("a\nb\nc\n", "a\nx\nc\n");
    assert!(
        message.starts_with("first difference at line 2, column 1"),
        "{message}"
    );
    let long_a = format!("{}A{}", "x".repeat(300), "y".repeat(300));
    let long_b = format!("{}B{}", "x".repeat(300), "y".repeat(300));
    let message = first_difference(&long_a, &long_b);
    assert!(message.contains("column 301"), "{message}");
    assert!(message.contains("characters 241..360 of 601"), "{message}");
}
