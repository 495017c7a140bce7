//! The JSON API, driven through the router without a socket
//! (`tower::ServiceExt::oneshot`): every endpoint and every error status.
//!
//! Expected records come from the CLI's contract: the official samples'
//! answers, `search_json` on the library's own solve (the objects `solve
//! --format json` prints), and `verify`'s lines as the CLI prints them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use gridpuzzle_engine::report::search_json;
use gridpuzzle_engine::search::Limits;
use gridpuzzle_server::{router, Config, CSP};
use serde_json::{json, Value};
use tower::ServiceExt;

const CURLING_IN: &str = include_str!("../../../samples/curling.in");
const CURLING_OUT: &str = include_str!("../../../samples/curling.out");
const HOLEDOX_IN: &str = include_str!("../../../samples/holedox.in");
const HOLEDOX_OUT: &str = include_str!("../../../samples/holedox.out");

fn app() -> Router {
    router(Config {
        searches: 2,
        ..Config::default()
    })
}

/// Posts `body` (raw bytes) to `path`; the status, the content type and
/// the body text.
async fn post_raw(app: Router, path: &str, body: Vec<u8>) -> (StatusCode, String, String) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(app: Router, path: &str, body: Value) -> (StatusCode, Value) {
    let (status, kind, text) = post_raw(app, path, body.to_string().into_bytes()).await;
    assert_eq!(kind, "application/json", "{text}");
    (status, serde_json::from_str(&text).unwrap())
}

/// The error text of a 4xx/5xx answer, checking its status.
async fn error(app: Router, path: &str, body: Value, status: StatusCode) -> String {
    let (got, answer) = post(app, path, body).await;
    assert_eq!(got, status, "{answer}");
    answer["error"].as_str().unwrap().to_string()
}

fn without_millis(mut record: Value) -> Value {
    record["stats"].as_object_mut().unwrap().remove("millis");
    record
}

/// The page's files as the repository holds them: the path each is served
/// at, its content type and its text. The modules are read from
/// `assets/js`, so a module added there but not served fails below.
fn page_files() -> Vec<(String, &'static str, String)> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let read = |path: &Path| std::fs::read_to_string(path).unwrap();
    let mut files = vec![
        (
            "/".to_string(),
            "text/html; charset=utf-8",
            read(&assets.join("index.html")),
        ),
        (
            "/style.css".to_string(),
            "text/css; charset=utf-8",
            read(&assets.join("style.css")),
        ),
    ];
    let mut modules: Vec<PathBuf> = std::fs::read_dir(assets.join("js"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    modules.sort();
    for module in modules {
        let name = module.file_name().unwrap().to_str().unwrap();
        assert!(
            name.ends_with(".js"),
            "assets/js holds modules only: {name}"
        );
        files.push((
            format!("/js/{name}"),
            "text/javascript; charset=utf-8",
            read(&module),
        ));
    }
    files
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let files = page_files();
    assert!(files.len() > 3, "no modules in assets/js");
    for (path, kind, text) in files {
        let response = app()
            .oneshot(Request::get(&path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers();
        assert_eq!(headers[header::CONTENT_TYPE], kind, "{path}");
        // Asked again of the server each time, so a new binary's page is
        // picked up; the page's policy on every file.
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{path}");
        assert_eq!(headers[header::CONTENT_SECURITY_POLICY], CSP, "{path}");
        assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        assert!(body == text.as_bytes(), "{path} is not the file as it is");
    }
    let response = app()
        .oneshot(Request::get("/nowhere").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

/// The modules a page file imports: the HTML's `<script type="module"
/// src="js/...">` (relative, so the static site works from any path) and
/// a module's `from "./....js"`, as `/js/NAME.js`.
fn imports(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (opening, base) in [
        ("<script type=\"module\" src=\"", "/"),
        ("from \"./", "/js/"),
    ] {
        for (at, _) in text.match_indices(opening) {
            let rest = &text[at + opening.len()..];
            found.push(format!("{base}{}", &rest[..rest.find('"').unwrap()]));
        }
    }
    found
}

#[test]
fn the_page_loads_every_module_and_only_served_ones() {
    let files = page_files();
    let served: BTreeSet<&str> = files.iter().map(|(path, _, _)| path.as_str()).collect();
    let text = |path: &str| &files.iter().find(|(p, _, _)| p == path).unwrap().2;
    // From the HTML, every module it reaches by its imports.
    let mut reached = BTreeSet::new();
    let mut todo = imports(text("/"));
    assert_eq!(todo, ["/js/main.js"], "the HTML loads main.js only");
    assert_eq!(
        text("/").matches("<script").count(),
        1,
        "no other script, and none inline"
    );
    while let Some(module) = todo.pop() {
        assert!(
            served.contains(module.as_str()),
            "{module} is imported but not served"
        );
        if reached.insert(module.clone()) {
            todo.extend(imports(text(&module)));
        }
    }
    let modules: BTreeSet<String> = served
        .iter()
        .filter(|path| path.starts_with("/js/"))
        .map(|path| path.to_string())
        .collect();
    assert_eq!(reached, modules, "every module is loaded by the page");
    // And they import one another in one direction only: taking away the
    // modules no one left imports, one at a time, takes them all.
    let mut left: Vec<(String, Vec<String>)> = modules
        .iter()
        .map(|m| (m.clone(), imports(text(m))))
        .collect();
    while let Some(free) = left
        .iter()
        .position(|(m, _)| !left.iter().any(|(_, uses)| uses.contains(m)))
    {
        left.remove(free);
    }
    let cycle: Vec<&String> = left.iter().map(|(m, _)| m).collect();
    assert!(
        cycle.is_empty(),
        "modules on an import cycle, or imported from one: {cycle:?}"
    );
}

#[tokio::test]
async fn solve_curling_gives_the_cli_records() {
    let (status, answer) = post(
        app(),
        "/api/solve",
        json!({"puzzle": "curling", "input": CURLING_IN}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let results = answer["results"].as_array().unwrap();
    let answers: Vec<String> = results.iter().map(|r| r["answer"].to_string()).collect();
    assert_eq!(answers, CURLING_OUT.lines().collect::<Vec<_>>());
    let boards = gridpuzzle_curling::Datasets::new(CURLING_IN.as_bytes());
    for (i, (board, got)) in boards.zip(results).enumerate() {
        let found = gridpuzzle_curling::solve(
            &board.unwrap(),
            &gridpuzzle_curling::Options::default(),
            &Limits::none(),
        );
        let want = search_json(i as u64 + 1, &found);
        assert_eq!(without_millis(got.clone()), without_millis(want));
    }
    assert_eq!(answer["limits"]["max_states"], 20_000_000);
}

#[tokio::test]
async fn solve_holedox_gives_the_cli_records() {
    let (status, answer) = post(
        app(),
        "/api/solve",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"tail_rule": "strict", "exit": "1,1"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let results = answer["results"].as_array().unwrap();
    let lines: Vec<String> = results
        .iter()
        .map(|r| format!("Case {}: {}", r["case"], r["answer"]))
        .collect();
    assert_eq!(lines, HOLEDOX_OUT.lines().collect::<Vec<_>>());
    assert_eq!(results[0]["moves"], "DRRULUUUL");
    assert_eq!(results[1]["outcome"], "unsolvable");
}

#[tokio::test]
async fn solve_options_change_the_rules() {
    // Sample dataset 5 needs 10 throws: over a cap of 9 it is -1 (a rule,
    // not a limit), and without a cap it is solved.
    let input = "12 1\n2 0 1 1 1 1 1 1 1 1 1 3\n0 0\n";
    for (cap, want) in [(json!(9), -1), (json!("none"), 10), (json!("12"), 10)] {
        let (status, answer) = post(
            app(),
            "/api/solve",
            json!({"puzzle": "curling", "input": input, "options": {"max_throws": cap}}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(answer["results"][0]["answer"], want, "{cap}");
    }
}

#[tokio::test]
async fn a_budget_reached_is_a_limit_never_minus_one() {
    let (status, answer) = post(
        app(),
        "/api/solve",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "options": {"max_states": 1}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Case 1 is decided before any expansion (its bounds meet); case 2
    // needs a search.
    let second = &answer["results"][1];
    assert_eq!(second["outcome"], "limit", "{second}");
    assert_eq!(second["answer"], Value::Null);
    assert_eq!(
        second["reason"],
        "the limit of 1 expanded states was reached"
    );
    for r in answer["results"].as_array().unwrap() {
        assert_ne!(r["answer"], -1, "{r}");
    }
}

#[tokio::test]
async fn client_bounds_cannot_pass_the_server_caps() {
    let app = router(Config {
        max_states: 1000,
        max_timeout: Duration::from_millis(500),
        ..Config::default()
    });
    let (status, answer) = post(
        app,
        "/api/solve",
        json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n",
               "options": {"max_states": 1_000_000_000u64, "timeout_ms": 1e12}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        answer["limits"],
        json!({"max_states": 1000, "timeout_ms": 500})
    );
}

#[tokio::test]
async fn verify_gives_the_cli_lines() {
    let plans = json!(["R", "DLUR", null, "LRRR", "RRRR", "-"]);
    let (status, answer) = post(
        app(),
        "/api/verify",
        json!({"puzzle": "curling", "input": CURLING_IN, "plans": plans}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let r = answer["results"].as_array().unwrap();
    let verdicts: Vec<&str> = r.iter().map(|r| r["verdict"].as_str().unwrap()).collect();
    assert_eq!(
        verdicts,
        [
            "illegal",
            "optimal",
            "skipped",
            "optimal",
            "not_reached",
            "skipped"
        ]
    );
    // The lines `gridpuzzle verify curling samples/curling.in` prints.
    assert_eq!(
        r[0]["text"],
        "dataset 1, move 1 (R): the stone slides right off the board from row 1, column 2"
    );
    assert_eq!(r[0]["move"], 1);
    assert_eq!(r[0]["letter"], "R");
    assert_eq!(r[1]["text"], "dataset 2: optimal (4 throws)");
    assert_eq!(r[1]["optimum"], 4);
    assert_eq!(r[2]["text"], "dataset 3: skipped");
    assert_eq!(
        r[4]["text"],
        "dataset 5: the goal is not reached after 4 throws: the stone rests at row 1, column 5"
    );
    assert_eq!(answer["summary"], "2 optimal, 2 not, 2 skipped");
}

#[tokio::test]
async fn verify_holedox_optimal_and_missing_plans() {
    // One plan for two cases: the second is reported, as the CLI does.
    let (status, answer) = post(
        app(),
        "/api/verify",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "plans": ["DRRULUUUL"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let r = answer["results"].as_array().unwrap();
    assert_eq!(r[0]["verdict"], "optimal");
    assert_eq!(r[0]["text"], "case 1: optimal (9 steps)");
    assert_eq!(r[1]["verdict"], "missing");
    assert_eq!(
        r[1]["text"],
        "case 2: no plan given (the plans have 1 line)"
    );
}

#[tokio::test]
async fn generate_is_reproducible_and_in_range() {
    let request = json!({"puzzle": "holedox", "size": "6x5", "len": 3, "count": 3,
                         "seed": 1, "answer": "5..9"});
    let (status, first) = post(app(), "/api/generate", request.clone()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (_, again) = post(app(), "/api/generate", request).await;
    assert_eq!(first, again);
    assert_eq!(first["complete"], true);
    assert_eq!(first["seed"], 1);
    let cases = first["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 3);
    // The whole input is the cases and one terminator; solving it gives
    // the stated answers.
    let (_, solved) = post(
        app(),
        "/api/solve",
        json!({"puzzle": "holedox", "input": first["input"]}),
    )
    .await;
    for (case, result) in cases.iter().zip(solved["results"].as_array().unwrap()) {
        let answer = case["answer"].as_i64().unwrap();
        assert!((5..=9).contains(&answer), "{case}");
        assert_eq!(result["answer"], answer);
        assert_eq!(case["moves"].as_str().unwrap().len() as i64, answer);
        assert_eq!(case["difficulty"]["optimum"], answer);
        assert!(case["input"].as_str().unwrap().ends_with("0 0 0\n"));
    }
    assert!(first["input"].as_str().unwrap().ends_with("0 0 0\n"));

    let (status, curling) = post(
        app(),
        "/api/generate",
        json!({"puzzle": "curling", "size": "8x8", "count": 2, "seed": 7, "answer": 3}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{curling}");
    for case in curling["cases"].as_array().unwrap() {
        assert_eq!(case["answer"], 3);
    }
}

#[tokio::test]
async fn bad_judge_input_gives_the_cli_error() {
    // The README's example: the CLI prints this after `gridpuzzle: `.
    let e = error(
        app(),
        "/api/solve",
        json!({"puzzle": "curling", "input": "2 1\n2 3\n3 1\n2 x 3\n0 0\n"}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        e,
        "dataset 2, line 4, column 3: expected a cell code (0, 1, 2 or 3) for row 1, column 2 of the board, found `x`"
    );
    let e = error(
        app(),
        "/api/verify",
        json!({"puzzle": "holedox", "input": "5 6 4\n", "plans": []}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(e.starts_with("case 1, line "), "{e}");
}

#[tokio::test]
async fn malformed_requests_are_400_with_a_reason() {
    let (status, kind, text) = post_raw(app(), "/api/solve", b"{\"puzzle\": ".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(kind, "application/json");
    let e: Value = serde_json::from_str(&text).unwrap();
    assert!(
        e["error"].as_str().unwrap().starts_with("malformed JSON: "),
        "{e}"
    );

    let cases = [
        ("/api/solve", json!([1, 2]), "expected a JSON object"),
        (
            "/api/solve",
            json!({"puzzle": "sokoban", "input": ""}),
            "unknown puzzle `sokoban`",
        ),
        ("/api/solve", json!({"input": ""}), "missing field `puzzle`"),
        (
            "/api/solve",
            json!({"puzzle": "curling"}),
            "missing field `input`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "curling", "input": "", "extra": 1}),
            "unknown field `extra`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "curling", "input": "", "options": {"exit": "1,1"}}),
            "option `exit` is for holedox only",
        ),
        (
            "/api/solve",
            json!({"puzzle": "curling", "input": "", "options": {"max_throws": -1}}),
            "expected a number of throws or `none`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "holedox", "input": "", "options": {"exit": "0,1"}}),
            "expected a 1-based cell `ROW,COLUMN`",
        ),
        (
            "/api/solve",
            json!({"puzzle": "holedox", "input": "", "options": {"timeout_ms": 0}}),
            "`timeout_ms` must be a positive number",
        ),
        (
            "/api/verify",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": "RDLU"}),
            "`plans` must be an array",
        ),
        (
            "/api/verify",
            json!({"puzzle": "curling", "input": CURLING_IN, "plans": ["L", "RDX"]}),
            "plans, line 2, column 3: expected a move (U, D, L or R), a `-` to skip the case, found `X`",
        ),
        (
            "/api/generate",
            json!({"puzzle": "curling", "size": "8x8", "count": 51}),
            "`count` must be 1 to 50",
        ),
        (
            "/api/generate",
            json!({"puzzle": "curling", "size": "8"}),
            "expected a size WxH",
        ),
        (
            "/api/generate",
            json!({"puzzle": "curling", "size": "500x5"}),
            "at most 100 columns",
        ),
        (
            "/api/generate",
            json!({"puzzle": "curling", "size": "8x8", "answer": "9..3"}),
            "the range 9..3 is empty",
        ),
        (
            "/api/generate",
            json!({"puzzle": "curling", "size": "8x8", "answer": "11.."}),
            "no board needs 11 throws under a cap of 10",
        ),
        (
            "/api/generate",
            json!({"puzzle": "holedox", "size": "6x5", "len": 99}),
            "len 99 does not fit",
        ),
        (
            "/api/generate",
            json!({"puzzle": "holedox", "size": "6x5"}),
            "missing field `len`",
        ),
        (
            "/api/render",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 9}),
            "case 9: the input has only 6 datasets",
        ),
        (
            "/api/render",
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": "U"}),
            "dataset 2: the moves cannot be played",
        ),
    ];
    for (path, body, want) in cases {
        let e = error(app(), path, body.clone(), StatusCode::BAD_REQUEST).await;
        assert!(e.contains(want), "{path} {body}: {e}");
    }
}

#[tokio::test]
async fn only_json_bodies_are_read_and_refusals_are_json() {
    let body = json!({"puzzle": "curling", "input": "2 1\n3 2\n0 0\n"}).to_string();
    for (kind, status) in [
        (None, StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (Some("text/plain"), StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (
            Some("application/x-www-form-urlencoded"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (Some("application/json; charset=utf-8"), StatusCode::OK),
    ] {
        let mut request = Request::post("/api/solve");
        if let Some(kind) = kind {
            request = request.header(header::CONTENT_TYPE, kind);
        }
        let response = app()
            .oneshot(request.body(Body::from(body.clone())).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), status, "{kind:?}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/json",
            "{kind:?}"
        );
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        if status == StatusCode::OK {
            assert_eq!(answer["results"][0]["answer"], 1);
        } else {
            assert_eq!(
                answer["error"],
                "expected a JSON body, sent with the header `Content-Type: application/json`"
            );
        }
    }
}

#[tokio::test]
async fn a_body_over_the_cap_is_413() {
    let app = router(Config {
        body_limit: 1000,
        ..Config::default()
    });
    let input = "0 ".repeat(1000);
    let (status, _, text) = post_raw(
        app,
        "/api/solve",
        json!({"puzzle": "curling", "input": input})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let e: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(e["error"], "the request body is larger than 1000 bytes");
}

#[tokio::test]
async fn no_free_search_slot_is_503() {
    // No slot at all and no waiting: every search is refused at once.
    let app = router(Config {
        searches: 0,
        queue_wait: Duration::ZERO,
        ..Config::default()
    });
    let e = error(
        app,
        "/api/solve",
        json!({"puzzle": "curling", "input": CURLING_IN}),
        StatusCode::SERVICE_UNAVAILABLE,
    )
    .await;
    assert!(e.starts_with("busy: "), "{e}");
}

#[tokio::test]
async fn render_draws_a_case() {
    let (status, kind, svg) = post_raw(
        app(),
        "/api/render",
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "image/svg+xml");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("<animate"), "an animated picture");
    let (status, _, still) = post_raw(
        app(),
        "/api/render",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DRR", "frame": 3})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{still}");
    assert!(still.starts_with("<svg"));
}

#[tokio::test]
async fn cases_lists_the_boards_to_draw() {
    let (status, answer) = post(
        app(),
        "/api/cases",
        json!({"puzzle": "curling", "input": CURLING_IN}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let cases = answer["cases"].as_array().unwrap();
    assert_eq!(cases.len(), CURLING_OUT.lines().count());
    assert_eq!(cases[0]["case"], 1);
    assert_eq!(cases[0]["rows"], json!(["GS"]));
    assert_eq!(cases[0]["start"], json!([0, 1]));
    assert_eq!(cases[0]["goal"], json!([0, 0]));
    assert_eq!(cases[1]["width"], 6);
    assert_eq!(cases[1]["rows"][0], "#..S#.");
    assert!(answer.get("error").is_none());

    let (status, answer) = post(
        app(),
        "/api/cases",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let first = &answer["cases"][0];
    assert_eq!(
        (first["width"].clone(), first["height"].clone()),
        (json!(6), json!(5))
    );
    assert_eq!(first["body"], json!([[3, 0], [3, 1], [2, 1], [2, 0]]));
    assert_eq!(first["rows"][1], "..#...");
    assert_eq!(first["exit"], json!([0, 0]));
}

#[tokio::test]
async fn cases_before_a_bad_one_are_listed_with_its_error() {
    let input = "2 1\n3 2\n2 1\n3 7\n0 0\n";
    let (status, answer) = post(
        app(),
        "/api/cases",
        json!({"puzzle": "curling", "input": input}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["cases"].as_array().unwrap().len(), 1);
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("dataset 2") && error.contains("line 4"),
        "{error}"
    );
}

#[tokio::test]
async fn play_walks_the_rules_and_hints_exactly() {
    // Holedox sample case 1: its optimal plan is DRRULUUUL (9 steps).
    let (status, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DR", "hint": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["moves"], "DR");
    assert_eq!(
        answer["start"]["body"],
        json!([[3, 0], [3, 1], [2, 1], [2, 0]])
    );
    assert_eq!(answer["steps"], json!([{"head": [4, 0]}, {"head": [4, 1]}]));
    assert_eq!(answer["refused"], Value::Null);
    assert_eq!(answer["won"], false);
    assert_eq!(answer["hint"]["outcome"], "solved");
    assert_eq!(answer["hint"]["to_go"], 7);
    assert_eq!(answer["hint"]["plan"], "RULUUUL");

    // A refused move stops the game there, with the rules' reason.
    let (_, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DUR"}),
    )
    .await;
    assert_eq!(answer["moves"], "D");
    assert_eq!(answer["steps"].as_array().unwrap().len(), 1);
    assert_eq!(answer["refused"]["move"], 2);
    assert_eq!(answer["refused"]["letter"], "U");
    assert!(answer["refused"]["reason"].as_str().unwrap().len() > 5);
    assert!(answer.get("hint").is_none());

    // Curling sample dataset 2 played along its optimal plan: the stone,
    // the broken blocks, and a won game.
    let (_, solved) = post(
        app(),
        "/api/solve",
        json!({"puzzle": "curling", "input": CURLING_IN}),
    )
    .await;
    let plan = solved["results"][1]["moves"].as_str().unwrap().to_string();
    assert_eq!(plan.len(), 4);
    let (_, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "moves": plan, "hint": true}),
    )
    .await;
    assert_eq!(plan, "DLUR");
    assert_eq!(answer["start"], json!({"stone": [0, 3]}));
    assert_eq!(
        answer["steps"],
        json!([
            {"stone": [4, 3], "broke": [5, 3]},
            {"stone": [4, 1], "broke": [4, 0]},
            {"stone": [2, 1], "broke": [1, 1]},
            {"stone": [2, 5], "broke": null},
        ])
    );
    assert_eq!(answer["won"], true);
    assert_eq!(answer["hint"], json!({"outcome": "won", "to_go": 0}));

    // Proved hopeless: the second Holedox sample case.
    let (_, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2, "hint": true}),
    )
    .await;
    assert_eq!(answer["hint"]["outcome"], "unsolvable");

    // A tiny budget is a limit, never "unsolvable" (case 2: case 1 is
    // decided before any expansion).
    let (_, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 2, "hint": true, "options": {"max_states": 1}}),
    )
    .await;
    assert_eq!(answer["hint"]["outcome"], "limit", "{answer}");
}

#[tokio::test]
async fn play_errors_are_400() {
    for (body, words) in [
        (
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "DX"}),
            "moves, column 2",
        ),
        (
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "hint": "yes"}),
            "`hint` must be true or false",
        ),
        (
            json!({"puzzle": "holedox", "input": HOLEDOX_IN, "case": 3}),
            "the input has only 2 cases",
        ),
        (
            json!({"puzzle": "curling", "input": CURLING_IN, "case": 0}),
            "`case` must be a case number from 1",
        ),
        (
            json!({"puzzle": "curling", "input": "2 1\n3 9\n0 0\n"}),
            "dataset 1",
        ),
    ] {
        let message = error(app(), "/api/play", body.clone(), StatusCode::BAD_REQUEST).await;
        assert!(message.contains(words), "{body}: {message}");
    }
    let message = error(
        app(),
        "/api/cases",
        json!({"puzzle": "chess", "input": ""}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("unknown puzzle"), "{message}");
}

#[tokio::test]
async fn play_refuses_moves_after_the_win_and_too_many_moves() {
    let input = "2 1\n3 2\n0 0\n";
    let (_, answer) = post(
        app(),
        "/api/play",
        json!({"puzzle": "curling", "input": input, "moves": "LL"}),
    )
    .await;
    assert_eq!(answer["moves"], "L");
    assert_eq!(answer["won"], true);
    assert_eq!(answer["refused"]["move"], 2);
    assert_eq!(answer["refused"]["reason"], "the game is already won");

    let moves = "R".repeat(gridpuzzle_server::MAX_PLAY_MOVES + 1);
    let message = error(
        app(),
        "/api/play",
        json!({"puzzle": "curling", "input": input, "moves": moves}),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(message.contains("at most 100000 moves"), "{message}");
}

#[tokio::test]
async fn a_long_replay_answers_one_change_per_move() {
    // One row, the stone at the left and the goal at the right with N
    // blocks between: every throw right breaks one block. An answer of
    // whole positions would grow with N²; one change per move grows with N.
    let n = 20_000;
    let mut row = vec!["2", "0"];
    row.extend(std::iter::repeat_n("1", n));
    row.push("3");
    let input = format!("{} 1\n{}\n0 0\n", row.len(), row.join(" "));
    let (status, kind, text) = post_raw(
        app(),
        "/api/play",
        json!({"puzzle": "curling", "input": input, "moves": "R".repeat(n + 1), "options": {"max_throws": "none"}})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{kind}: {}",
        &text[..text.len().min(300)]
    );
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(answer["won"], true);
    assert_eq!(answer["steps"].as_array().unwrap().len(), n + 1);
    assert!(text.len() < 60 * (n + 1), "{} bytes", text.len());
}

#[tokio::test]
async fn cases_sends_only_the_size_of_a_board_too_large_to_edit() {
    // 26 bytes that declare a lair of 4096 × 4096 cells.
    let input = "4096 4096 2\n1 1\n1 2\n0\n0 0 0\n";
    let (status, kind, text) = post_raw(
        app(),
        "/api/cases",
        json!({"puzzle": "holedox", "input": input})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{kind}: {text}");
    assert!(text.len() < 200, "{text}");
    let answer: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        answer["cases"],
        json!([{"width": 4096, "height": 4096, "too_large": true, "case": 1}])
    );
}

#[tokio::test]
async fn replays_do_not_wait_for_search_slots() {
    // No search slot at all: a search is refused, a replay is not.
    let app = router(Config {
        searches: 0,
        queue_wait: Duration::ZERO,
        ..Config::default()
    });
    let body = json!({"puzzle": "holedox", "input": HOLEDOX_IN, "moves": "D"});
    let (status, _) = post(app.clone(), "/api/play", body).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = post(
        app.clone(),
        "/api/cases",
        json!({"puzzle": "holedox", "input": HOLEDOX_IN}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let hint = json!({"puzzle": "holedox", "input": HOLEDOX_IN, "hint": true});
    let message = error(app, "/api/play", hint, StatusCode::SERVICE_UNAVAILABLE).await;
    assert!(message.starts_with("busy"), "{message}");
}

#[tokio::test]
async fn generated_seeds_survive_a_javascript_number() {
    let (_, answer) = post(
        app(),
        "/api/generate",
        json!({"puzzle": "curling", "size": "5x5", "answer": "1.."}),
    )
    .await;
    let seed = answer["seed"].as_u64().unwrap();
    assert!(seed < 1 << 53, "{seed}");
    // The seed as digits in a string gives the same board.
    let (_, again) = post(
        app(),
        "/api/generate",
        json!({"puzzle": "curling", "size": "5x5", "answer": "1..", "seed": seed.to_string()}),
    )
    .await;
    assert_eq!(again["input"], answer["input"]);
}

#[tokio::test]
async fn reading_cases_has_a_cell_budget() {
    // Each case declares a lair of 4096 × 4096 cells in 22 bytes; the
    // fifth passes the budget of cells one request may read.
    let lair = "4096 4096 2\n1 1\n1 2\n0\n";
    let input = format!("{}0 0 0\n", lair.repeat(6));
    const { assert!(5 * 4096 * 4096 > gridpuzzle_server::MAX_PARSED_CELLS) };
    for (path, extra) in [("/api/cases", json!({})), ("/api/play", json!({"case": 6}))] {
        let mut body = json!({"puzzle": "holedox", "input": input});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let message = error(app(), path, body, StatusCode::BAD_REQUEST).await;
        assert!(
            message.starts_with("case 5: the boards up to here"),
            "{path}: {message}"
        );
    }
}

#[tokio::test]
async fn a_seed_is_digits() {
    for seed in [json!("+5"), json!(""), json!("12x"), json!(-1)] {
        let message = error(
            app(),
            "/api/generate",
            json!({"puzzle": "curling", "size": "5x5", "seed": seed}),
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(
            message.contains("`seed` must be a whole number"),
            "{seed}: {message}"
        );
    }
}

// ---------------------------------------------------------------------------
// Watching a search: /api/trace, /api/trace/chart, /api/algorithms

/// What `gridpuzzle trace --compare --format json` computes for every case
/// of `input` and every algorithm of `puzzle`, through the same engine
/// calls (`trace::run` with a counting sink, judged against the exact
/// solver's answer): its objects without `ms`.
struct Compare<'a> {
    input: &'a str,
}

impl gridpuzzle_registry::Visit for Compare<'_> {
    type Output = Vec<Value>;

    fn visit<P: gridpuzzle_registry::Registered>(self, puzzle: P) -> Vec<Value> {
        use gridpuzzle_engine::trace::{Count, Prune};
        let mut rows = Vec::new();
        let limits = Limits::none();
        for (i, case) in puzzle.cases(Box::new(self.input.as_bytes())).enumerate() {
            let case = case.unwrap();
            let exact = gridpuzzle_engine::puzzle::exact_answer(&puzzle, &case, &limits);
            let Some(watch) = P::CAPS.watch else { break };
            for a in watch.algorithms() {
                let run = watch
                    .run(&puzzle, &case, a.name, &limits, 0, &mut Count, exact)
                    .unwrap();
                let t = &run.tally;
                rows.push(json!({
                    "case": i + 1,
                    "algorithm": run.algorithm,
                    "answer": run.traced.answer,
                    "correct": run.correct(),
                    "exact": run.exact,
                    "limit": run.limit,
                    "expanded": t.expanded,
                    "generated": t.generated,
                    "pruned": {
                        "visited": t.pruned(Prune::Visited),
                        "bound": t.pruned(Prune::Bound),
                        "cap": t.pruned(Prune::Cap),
                        "dead-end": t.pruned(Prune::DeadEnd),
                    },
                    "goals": t.goals,
                    "iterations": t.iterations,
                    "events": t.events,
                    "peak_frontier": run.traced.peak_frontier,
                    "peak_stored": run.traced.peak_stored,
                    "by_depth": t.by_depth,
                }));
            }
        }
        rows
    }
}

/// A `/api/trace` answer as a `--compare --format json` object (`events`
/// added): its verdict and its tally, without the window.
fn as_compare_row(answer: &Value) -> Value {
    let t = &answer["tally"];
    json!({
        "case": answer["case"],
        "algorithm": answer["algorithm"],
        "answer": answer["answer"],
        "correct": answer["correct"],
        "exact": answer["exact"],
        "limit": answer["limit"],
        "expanded": t["expanded"],
        "generated": t["generated"],
        "pruned": t["pruned"],
        "goals": t["goals"],
        "iterations": t["iterations"],
        "events": t["events"],
        "peak_frontier": answer["peak_frontier"],
        "peak_stored": answer["peak_stored"],
        "by_depth": t["by_depth"],
    })
}

/// Every step of `algorithm` on `case`, asked for `chunk` at a time, and
/// the answers' tallies (every one the same).
async fn steps_in_chunks(
    puzzle: &str,
    input: &str,
    case: u64,
    algorithm: &str,
    chunk: usize,
) -> (Vec<Value>, Value) {
    let mut steps = Vec::new();
    let mut tally = Value::Null;
    let mut from = 1;
    loop {
        let (status, answer) = post(
            app(),
            "/api/trace",
            json!({"puzzle": puzzle, "input": input, "case": case, "algorithm": algorithm,
                   "from": from, "count": chunk}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["from"], from);
        if tally.is_null() {
            tally = answer["tally"].clone();
        }
        assert_eq!(answer["tally"], tally, "every chunk reports the whole run");
        let got = answer["steps"].as_array().unwrap();
        assert!(got.len() <= chunk);
        steps.extend(got.iter().cloned());
        from += got.len() as u64;
        if answer["more"] == false {
            assert_eq!(steps.len() as u64, tally["events"].as_u64().unwrap());
            return (steps, tally);
        }
        assert_eq!(
            got.len(),
            chunk,
            "a window short of its count ends the trace"
        );
    }
}

#[tokio::test]
async fn trace_counts_are_the_cli_compare_objects_for_every_sample_case() {
    for e in gridpuzzle_registry::entries() {
        let want = gridpuzzle_registry::visit(
            e.name,
            Compare {
                input: e.info.samples,
            },
        )
        .unwrap();
        assert_eq!(want.len() % e.algorithms.len().max(1), 0);
        for row in want {
            let (status, answer) = post(
                app(),
                "/api/trace",
                json!({"puzzle": e.name, "input": e.info.samples, "case": row["case"],
                       "algorithm": row["algorithm"], "count": 1}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(as_compare_row(&answer), row, "{}", e.name);
            // A search our bounds settle before it starts has no event.
            let events = row["events"].as_u64().unwrap();
            let steps = answer["steps"].as_array().unwrap().len() as u64;
            assert_eq!(steps, events.min(1));
            assert_eq!(answer["more"], events > 1);
        }
    }
}

#[tokio::test]
async fn trace_matches_the_figures_the_cli_printed() {
    // `gridpuzzle trace curling samples/curling.in --compare --format json
    // --case 2`, as printed (without `ms`).
    let (status, answer) = post(
        app(),
        "/api/trace",
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs", "count": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let printed: Value = serde_json::from_str(
        r#"{"case":2,"algorithm":"seed-dfs","answer":4,"correct":true,"exact":4,"limit":null,
            "expanded":32,"generated":31,"pruned":{"visited":0,"bound":0,"cap":0,"dead-end":64},
            "goals":5,"iterations":0,"peak_frontier":8,"peak_stored":8,"by_depth":[1,2,3,5,6,8,6,1]}"#,
    )
    .unwrap();
    let mut row = as_compare_row(&answer);
    row.as_object_mut().unwrap().remove("events");
    assert_eq!(row, printed);
    assert_eq!(answer["tally"]["events"], 132);
}

#[tokio::test]
async fn trace_chunks_concatenate_to_the_steps_of_one_window() {
    for e in gridpuzzle_registry::entries() {
        for a in e.algorithms {
            for case in 1..=2 {
                let (whole, tally) =
                    steps_in_chunks(e.name, e.info.samples, case, a.name, 5_000).await;
                assert!(whole.len() < 5_000, "a sample's trace fits one window");
                let (chunked, same) =
                    steps_in_chunks(e.name, e.info.samples, case, a.name, 7).await;
                assert_eq!(chunked, whole, "{} {} case {case}", e.name, a.name);
                assert_eq!(same, tally);
                let numbers: Vec<u64> = whole.iter().map(|s| s["n"].as_u64().unwrap()).collect();
                assert_eq!(numbers, (1..=whole.len() as u64).collect::<Vec<_>>());
                // The counts of the steps are the tally's.
                let kind = |k: &str| whole.iter().filter(|s| s["kind"] == k).count() as u64;
                assert_eq!(kind("expand"), tally["expanded"].as_u64().unwrap());
                assert_eq!(kind("generate"), tally["generated"].as_u64().unwrap());
                assert_eq!(kind("goal"), tally["goals"].as_u64().unwrap());
            }
        }
    }
    // A window past the end is empty, with the same totals.
    let (status, answer) = post(
        app(),
        "/api/trace",
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs",
               "from": 1000, "count": 10}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["steps"], json!([]));
    assert_eq!(answer["more"], false);
    assert_eq!(answer["tally"]["events"], 132);
}

#[tokio::test]
async fn trace_caps_and_errors_are_400_and_a_budget_is_a_limit() {
    let base =
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithm": "seed-dfs"});
    let with = |extra: Value| {
        let mut body = base.clone();
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"count": 0}),
            "`count` must be a number of steps from 1 to 5000, found 0",
        ),
        (
            json!({"count": 5001}),
            "`count` must be a number of steps from 1 to 5000, found 5001",
        ),
        (
            json!({"from": 0}),
            "`from` must be a step number from 1, found 0",
        ),
        (
            json!({"from": "1"}),
            "`from` must be a step number from 1, found \"1\"",
        ),
        (
            json!({"algorithm": "astar-nope"}),
            "unknown algorithm \"astar-nope\" for curling: choose one of",
        ),
        (json!({"algorithm": 3}), "`algorithm` must be a string"),
        (json!({"case": 9}), "case 9: the input has only"),
        (json!({"input": "2 1\n2 x\n0 0\n"}), ""),
        (json!({"steps": 1}), "unknown field `steps`"),
        (
            json!({"options": {"max_throws": 3}}),
            "the searches to watch play the judge's rules of curling",
        ),
    ];
    for (extra, words) in cases {
        let e = error(
            app(),
            "/api/trace",
            with(extra.clone()),
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(e.starts_with(words), "{extra}: {e}");
    }
    let mut missing = base.clone();
    missing.as_object_mut().unwrap().remove("algorithm");
    let e = error(app(), "/api/trace", missing, StatusCode::BAD_REQUEST).await;
    assert!(e.starts_with("missing field `algorithm` (seed-dfs"), "{e}");
    // The default window is the cap.
    let (_, answer) = post(app(), "/api/trace", base.clone()).await;
    assert_eq!(answer["steps"].as_array().unwrap().len(), 132);
    // A state budget stops the search: a limit, with the counts so far,
    // never an answer; the server's caps bound what a client asks.
    let (status, answer) = post(
        app(),
        "/api/trace",
        with(json!({"options": {"max_states": 3}})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["answer"], Value::Null);
    assert_eq!(answer["correct"], Value::Null);
    assert!(answer["limit"].as_str().unwrap().contains('3'), "{answer}");
    assert_eq!(answer["tally"]["expanded"], 3);
    assert_eq!(answer["limits"]["max_states"], 3);
    let (_, answer) = post(
        app(),
        "/api/trace",
        with(json!({"options": {"max_states": 1_000_000_000_000u64, "timeout_ms": 1e12}})),
    )
    .await;
    assert_eq!(
        answer["limits"],
        json!({"max_states": 20_000_000, "timeout_ms": 10_000})
    );
    // No search slot: 503, as for every search.
    let busy = router(Config {
        searches: 0,
        queue_wait: Duration::ZERO,
        ..Config::default()
    });
    let e = error(busy, "/api/trace", base, StatusCode::SERVICE_UNAVAILABLE).await;
    assert!(e.starts_with("busy: "), "{e}");
}

#[tokio::test]
async fn the_trace_chart_is_the_cli_plot() {
    let (status, kind, svg) = post_raw(
        app(),
        "/api/trace/chart",
        json!({"puzzle": "curling", "input": CURLING_IN, "case": 2, "algorithms": ["seed-dfs"]})
            .to_string()
            .into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{svg}");
    assert_eq!(kind, "image/svg+xml");
    let want = gridpuzzle_engine::svg::chart(
        "Curling 2.0: dataset 2, states expanded by depth",
        &[("seed-dfs", &[1, 2, 3, 5, 6, 8, 6, 1])],
    );
    assert_eq!(svg, want);
    for (algorithms, words) in [
        (
            json!([]),
            "`algorithms` must be a list of 1 to 8 algorithm names",
        ),
        (json!("seed-dfs"), "`algorithms` must be a list"),
        (
            json!(["seed-dfs", "seed-dfs"]),
            "`algorithms` names seed-dfs twice",
        ),
        (json!(["nope"]), "unknown algorithm \"nope\""),
    ] {
        let e = error(
            app(),
            "/api/trace/chart",
            json!({"puzzle": "curling", "input": CURLING_IN, "algorithms": algorithms}),
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(e.starts_with(words), "{e}");
    }
}

/// A puzzle's lessons as `/api/algorithms` should list them.
struct Lessons;

impl gridpuzzle_registry::Visit for Lessons {
    type Output = Value;

    fn visit<P: gridpuzzle_registry::Registered>(self, _: P) -> Value {
        P::CAPS
            .watch
            .map_or(&[][..], |w| w.lessons())
            .iter()
            .map(|l| {
                json!({"name": l.name, "title": l.title, "about": l.about, "input": l.input,
                       "algorithms": l.algorithms})
            })
            .collect()
    }
}

#[tokio::test]
async fn algorithms_lists_every_offered_puzzles_searches_and_lessons() {
    let response = app()
        .oneshot(Request::get("/api/algorithms").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let list: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(list["max_steps"], 5_000);
    assert_eq!(list["max_watched"], 4);
    for p in list["puzzles"].as_array().unwrap() {
        let e = gridpuzzle_registry::entry(p["name"].as_str().unwrap()).unwrap();
        let names: Vec<&str> = p["algorithms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            e.algorithms.iter().map(|a| a.name).collect::<Vec<_>>()
        );
        for (a, want) in p["algorithms"].as_array().unwrap().iter().zip(e.algorithms) {
            assert_eq!(a["about"], want.about);
            assert_eq!(a["title"], want.title);
            assert_eq!(a["exact"], want.exact);
        }
        let lessons = gridpuzzle_registry::visit(e.name, Lessons).unwrap();
        assert_eq!(p["lessons"], lessons, "{}", e.name);
        // Every lesson's board can be watched with the searches it names.
        for lesson in lessons.as_array().unwrap() {
            for algorithm in lesson["algorithms"].as_array().unwrap() {
                let (status, answer) = post(
                    app(),
                    "/api/trace",
                    json!({"puzzle": e.name, "input": lesson["input"], "algorithm": algorithm, "count": 1}),
                )
                .await;
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "{} {}: {answer}",
                    lesson["name"],
                    algorithm
                );
            }
        }
    }
    // It is read with GET, like /api/puzzles.
    let e = error(
        app(),
        "/api/algorithms",
        json!({}),
        StatusCode::METHOD_NOT_ALLOWED,
    )
    .await;
    assert!(e.contains("it is read with GET"), "{e}");
}
